/*
 * The object domain's test plugin (tests/lit/object): the eight
 * neverc.object.* phases, NevercObjectAPI, NevercObjectPhaseAPI,
 * NevercMutableBinaryAPI and (built with OBJECT_TEST_FORMATS)
 * NevercObjectFormatAPI, with the exact status of every call a lit test
 * checks. Every remark starts "object: ".
 *
 * It registers BEFORE/AFTER observers on all eight phases (commit:
 * BEFORE/AFTER_COMMIT, its declared points) and interceptors on probe,
 * read, pre_write, post_layout, write and post_write. An interceptor runs
 * the rest of the chain, clears Output/Proof and continues; when the chain
 * fails it says so ("object: <phase> chain <STATUS>") and passes the status
 * on unchanged (rule 15).
 *
 * -fplugin-arg=org.neverc.test.object:mode=... (read in SessionBegin)
 *   observe     (default) the observers print what each phase shows: the
 *               graph (counts, generation, layout proof, every section read
 *               once) or the image (format, state, size, digest); once an
 *               observer tries BeginMutation and the builder (rule 7)
 *   walk        pre_write walks sections, symbols, relocations, COMDATs and
 *               checks the invariants; post_layout reads the layout proof
 *   mutate      pre_write: sections, symbols, a relocation, a visibility, a
 *               move, then a second mutation erases a section of the first
 *   move        pre_write moves an existing section (.data before .text)
 *   descriptors the staging slots refuse bad descriptors (a warning each)
 *   abandon     abandoned and ended mutations and their handles (rule 5)
 *   refused-commit  a commit refused (a section erased under its symbols)
 *               leaves the mutation open; the plugin abandons it
 *   stale-proof post_layout and write change the graph after layout (rule 6)
 *   anonymous   pre_write adds a global symbol without a name (rule 14)
 *   overflow    post_write overflows the builder's bound (rule 11)
 *   append      post_write appends 16 bytes
 *   truncate    post_write cuts the image to 16 bytes (final_verify refuses)
 *   fail        pre_write fails with PLUGIN_FAILURE (rule 15)
 *   fail-late   post_write appends, then fails with PLUGIN_FAILURE
 *   replace     post_write answers REPLACE (it is not replaceable)
 *   late        the graph pre_write saw, in the image phases: it reads,
 *               but a post_write interceptor cannot change it
 *               (INVALID_STATE), a final_verify observer neither
 *               (POLICY_VIOLATION)
 *   cross-task  (-c a.c b.c) the second object's pre_write uses handles of
 *               the first object's task: stale
 *   twice       a continuation called twice and one kept (rule 10)
 *   flags       only the chain statuses (for -fobject-write=, rule 12)
 * The observers print in modes observe and toy only.
 *
 * Plugin options are per session, so Register cannot read the mode: what
 * must happen in Register is chosen at build time instead.
 * Built with OBJECT_TEST_FORMATS (ObjectFormatPlugin.so) it also registers
 * three formats, "toy" (object-format 1.1), "toy10" (1.0) and "badprobe",
 * and what RegisterFormat refuses; their probes claim only in their modes:
 *   toy         "toy" claims every ELF object at confidence 1000 (the tie
 *               with the built-in ELF goes to the later registration);
 *               its reader makes a one-section graph, its writer writes
 *               "TOY1", the section count (u32 LE) and the names
 *   toy-readfail  "toy" claims, its reader fails with PLUGIN_FAILURE
 *   toy-empty   "toy" claims, its writer writes nothing
 *   toy-overflow  "toy" claims, its writer writes past its Reserve
 *   flags       "toy10" claims them: write flags are refused (rule 12)
 *   badprobe    "badprobe" answers confidence 1001 (rule 13)
 *   badconsumed "badprobe" answers consumed minimum 65537 (rule 13)
 * With OBJECT_TEST_FORMAT_DESTROY too (ObjectFormatDestroyPlugin.so) the
 * formats carry a DestroyUserData that says when it runs.
 * Built with OBJECT_TEST_SEAL (ObjectSealPlugin.so) it also tries an
 * interceptor on final_verify and commit and a provider on post_write and
 * final_verify (rules 2, 3): the host refuses the plugin.
 * Built with OBJECT_TEST_PROVIDERS (ObjectProviderPlugin.so) it also
 * provides read (a graph built from nothing), pre_write and post_layout
 * (the graph they got) and write (FallbackSafe: it fails RECOVERABLE and
 * the built-in writer takes over; mode=provide-write: its own image); with
 * OBJECT_TEST_PROBE_PROVIDER (ObjectProbeProviderPlugin.so) it provides
 * probe (no format: the graph phases do not run).
 * Built with OBJECT_TEST_OBSERVE_ONLY (ObjectObserverPlugin.so) it
 * registers the observers alone.
 *
 * Rule 16 is broken on purpose where a test needs it: handles, a proof and
 * a continuation are kept in G past their callback to prove them stale.
 */
#include "TestPlugin.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#define ID "org.neverc.test.object"

/* The test formats' IDs ("NCTOYFMT" + 1, 2, 3). */
#define TOY_HIGH UINT64_C(0x4e43544f59464d54)
#define TOY_LOW UINT64_C(1)
#define TOY10_LOW UINT64_C(2)
#define BADPROBE_LOW UINT64_C(3)

enum PhaseKey {
  P_PROBE,
  P_READ,
  P_PRE_WRITE,
  P_POST_LAYOUT,
  P_WRITE,
  P_POST_WRITE,
  P_FINAL_VERIFY,
  P_COMMIT,
  P_COUNT
};

typedef struct PhaseRow {
  enum PhaseKey Key;
  uint64_t High, Low;
  const char *Name;
  NevercObserverPoint Points;
  int Intercept;
} PhaseRow;

static const PhaseRow Phases[P_COUNT] = {
    {P_PROBE, NEVERC_PHASE_OBJECT_PROBE_HIGH, NEVERC_PHASE_OBJECT_PROBE_LOW,
     "probe", NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER, 1},
    {P_READ, NEVERC_PHASE_OBJECT_READ_HIGH, NEVERC_PHASE_OBJECT_READ_LOW,
     "read", NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER, 1},
    {P_PRE_WRITE, NEVERC_PHASE_OBJECT_PRE_WRITE_HIGH,
     NEVERC_PHASE_OBJECT_PRE_WRITE_LOW, "pre_write",
     NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER, 1},
    {P_POST_LAYOUT, NEVERC_PHASE_OBJECT_POST_LAYOUT_HIGH,
     NEVERC_PHASE_OBJECT_POST_LAYOUT_LOW, "post_layout",
     NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER, 1},
    {P_WRITE, NEVERC_PHASE_OBJECT_WRITE_HIGH, NEVERC_PHASE_OBJECT_WRITE_LOW,
     "write", NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER, 1},
    {P_POST_WRITE, NEVERC_PHASE_OBJECT_POST_WRITE_HIGH,
     NEVERC_PHASE_OBJECT_POST_WRITE_LOW, "post_write",
     NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER, 1},
    {P_FINAL_VERIFY, NEVERC_PHASE_OBJECT_FINAL_VERIFY_HIGH,
     NEVERC_PHASE_OBJECT_FINAL_VERIFY_LOW, "final_verify",
     NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER, 0},
    {P_COMMIT, NEVERC_PHASE_OBJECT_COMMIT_HIGH, NEVERC_PHASE_OBJECT_COMMIT_LOW,
     "commit", NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER_COMMIT, 0},
};

static struct {
  const NevercCoreAPI *Core;
  const NevercObjectPhaseAPI *Phase;
  const NevercObjectFormatAPI *Format;
  void *Registrar;
  char Mode[32];
  int TriedMutation, TriedBuilder;
  /* mode=stale-proof: the proof post_layout saw (one task, one object). */
  NevercObjectLayoutProofHandle OldProof;
  /* mode=late: the graph pre_write saw, used in the image phases. */
  const NevercObjectAPI *KeptObject;
  NevercObjectGraphHandle KeptGraph;
  /* mode=cross-task: handles of the previous object's task. */
  int HaveOld;
  NevercTaskHandle OldTask;
  NevercObjectGraphHandle OldGraph;
  NevercObjectSectionHandle OldSection;
  /* mode=twice: a continuation kept past its callback. */
  NevercPhaseContinuation *Kept;
} G;

/* --- helpers -------------------------------------------------------------- */

static int mode(const char *M) { return !strcmp(G.Mode, M); }

static void say(const char *Fmt, ...) {
  char M[768];
  int N = snprintf(M, sizeof M, "object: ");
  va_list Ap;
  va_start(Ap, Fmt);
  vsnprintf(M + N, sizeof M - (size_t)N, Fmt, Ap);
  va_end(Ap);
  tpRemark(G.Core, ID, M);
}

/* clang-format off */
static const char *sname(NevercStatus S) {
  switch (S.Code) {
  case NEVERC_STATUS_OK: return "OK";
  case NEVERC_STATUS_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
  case NEVERC_STATUS_ABI_MISMATCH: return "ABI_MISMATCH";
  case NEVERC_STATUS_MISSING_INTERFACE: return "MISSING_INTERFACE";
  case NEVERC_STATUS_VERSION_MISMATCH: return "VERSION_MISMATCH";
  case NEVERC_STATUS_INVALID_DESCRIPTOR: return "INVALID_DESCRIPTOR";
  case NEVERC_STATUS_DUPLICATE_ID: return "DUPLICATE_ID";
  case NEVERC_STATUS_DEPENDENCY_MISSING: return "DEPENDENCY_MISSING";
  case NEVERC_STATUS_DEPENDENCY_CYCLE: return "DEPENDENCY_CYCLE";
  case NEVERC_STATUS_BUSY: return "BUSY";
  case NEVERC_STATUS_CANCELLED: return "CANCELLED";
  case NEVERC_STATUS_RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
  case NEVERC_STATUS_STALE_HANDLE: return "STALE_HANDLE";
  case NEVERC_STATUS_WRONG_SESSION: return "WRONG_SESSION";
  case NEVERC_STATUS_WRONG_SCOPE: return "WRONG_SCOPE";
  case NEVERC_STATUS_WRONG_TYPE: return "WRONG_TYPE";
  case NEVERC_STATUS_INVALID_STATE: return "INVALID_STATE";
  case NEVERC_STATUS_POLICY_VIOLATION: return "POLICY_VIOLATION";
  case NEVERC_STATUS_VERIFICATION_FAILED: return "VERIFICATION_FAILED";
  case NEVERC_STATUS_CAPABILITY_UNAVAILABLE: return "CAPABILITY_UNAVAILABLE";
  case NEVERC_STATUS_PLUGIN_FAILURE: return "PLUGIN_FAILURE";
  case NEVERC_STATUS_PLUGIN_EXCEPTION: return "PLUGIN_EXCEPTION";
  case NEVERC_STATUS_OUTPUT_PARTIAL: return "OUTPUT_PARTIAL";
  case NEVERC_STATUS_REENTRANCY_DENIED: return "REENTRANCY_DENIED";
  case NEVERC_STATUS_NOT_FOUND: return "NOT_FOUND";
  default: return "OTHER";
  }
}

static const char *stateName(NevercObjectImageState S) {
  switch (S) {
  case NEVERC_OBJECT_IMAGE_CANDIDATE: return "CANDIDATE";
  case NEVERC_OBJECT_IMAGE_VERIFIED: return "VERIFIED";
  case NEVERC_OBJECT_IMAGE_COMMITTED: return "COMMITTED";
  case NEVERC_OBJECT_IMAGE_ABORTED: return "ABORTED";
  case NEVERC_OBJECT_IMAGE_FAILED_PARTIAL: return "FAILED_PARTIAL";
  default: return "?";
  }
}

static const char *outputStateName(NevercOutputState S) {
  switch (S) {
  case NEVERC_OUTPUT_OPEN: return "OPEN";
  case NEVERC_OUTPUT_FINISHED: return "FINISHED";
  case NEVERC_OUTPUT_COMMITTED: return "COMMITTED";
  case NEVERC_OUTPUT_ABORTED: return "ABORTED";
  case NEVERC_OUTPUT_FAILED_PARTIAL: return "FAILED_PARTIAL";
  default: return "?";
  }
}

/* The schema names, from the X-macro tables of PluginObjectSchema.inc. */
static const char *kindName(uint32_t K) {
  switch (K) {
#define NEVERC_OBJECT_SCHEMA_SECTION_KIND(S, Id, Name) case Id: return Name;
#include "neverc/Plugin/Schema/PluginObjectSchema.inc"
  default: return "?";
  }
}
static const char *bindingName(uint32_t K) {
  switch (K) {
#define NEVERC_OBJECT_SCHEMA_SYMBOL_BINDING(S, Id, Name) case Id: return Name;
#include "neverc/Plugin/Schema/PluginObjectSchema.inc"
  default: return "?";
  }
}
static const char *visibilityName(uint32_t K) {
  switch (K) {
#define NEVERC_OBJECT_SCHEMA_SYMBOL_VISIBILITY(S, Id, Name)                    \
  case Id: return Name;
#include "neverc/Plugin/Schema/PluginObjectSchema.inc"
  default: return "?";
  }
}
static const char *typeName(uint32_t K) {
  switch (K) {
#define NEVERC_OBJECT_SCHEMA_SYMBOL_TYPE(S, Id, Name) case Id: return Name;
#include "neverc/Plugin/Schema/PluginObjectSchema.inc"
  default: return "?";
  }
}
static const char *definitionName(uint32_t K) {
  switch (K) {
#define NEVERC_OBJECT_SCHEMA_SYMBOL_DEFINITION(S, Id, Name)                    \
  case Id: return Name;
#include "neverc/Plugin/Schema/PluginObjectSchema.inc"
  default: return "?";
  }
}
static const char *relocationName(uint32_t K) {
  switch (K) {
#define NEVERC_OBJECT_SCHEMA_RELOCATION_KIND(S, Id, Name) case Id: return Name;
#include "neverc/Plugin/Schema/PluginObjectSchema.inc"
  default: return "?";
  }
}
static const char *selectionName(uint32_t K) {
  switch (K) {
#define NEVERC_OBJECT_SCHEMA_COMDAT_SELECTION(S, Id, Name) case Id: return Name;
#include "neverc/Plugin/Schema/PluginObjectSchema.inc"
  default: return "?";
  }
}

/* clang-format on */

static const char *formatName(NevercObjectFormatID F) {
  if (F.High == NEVERC_OBJECT_FORMAT_ELF_HIGH &&
      F.Low == NEVERC_OBJECT_FORMAT_ELF_LOW)
    return "elf";
  if (F.High == NEVERC_OBJECT_FORMAT_COFF_HIGH &&
      F.Low == NEVERC_OBJECT_FORMAT_COFF_LOW)
    return "coff";
  if (F.High == NEVERC_OBJECT_FORMAT_MACHO_HIGH &&
      F.Low == NEVERC_OBJECT_FORMAT_MACHO_LOW)
    return "macho";
  if (F.High == TOY_HIGH && F.Low == TOY_LOW)
    return "toy";
  if (F.High == TOY_HIGH && F.Low == TOY10_LOW)
    return "toy10";
  if (!F.High && !F.Low)
    return "none";
  return "other";
}

static const char *targetName(NevercTargetID T) {
  if (T.High == NEVERC_TARGET_ID_X86_64_HIGH &&
      T.Low == NEVERC_TARGET_ID_X86_64_LOW)
    return "x86-64";
  if (T.High == NEVERC_TARGET_ID_AARCH64_HIGH &&
      T.Low == NEVERC_TARGET_ID_AARCH64_LOW)
    return "aarch64";
  return "none";
}

static const uint8_t ElfMagic[4] = {0x7f, 'E', 'L', 'F'};

static int isNull(NevercHandle H) { return !H.Owner && !H.Value; }
static int same(NevercHandle A, NevercHandle B) {
  return A.Owner == B.Owner && A.Value == B.Value;
}

static NevercABITableHeader objHeader(uint32_t Size) {
  return tpHeader(Size, NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR);
}

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

static NevercByteView bv(const void *P, size_t N) {
  NevercByteView V;
  V.Data = (const uint8_t *)P;
  V.Length = N;
  return V;
}

/* "%.*s" of a view. */
#define SV(V) (int)(V).Length, (V).Data ? (V).Data : ""

static NevercStatus getGraph(const NevercPhaseFrame *F, NevercArtifactHandle A,
                             NevercObjectPhaseGraphInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = tpHeader(sizeof *Out, NEVERC_OBJECT_PHASE_API_MAJOR,
                         NEVERC_OBJECT_PHASE_API_MINOR);
  return G.Phase->GetGraph(G.Phase->Context, F, A, Out);
}

static NevercStatus getImage(const NevercPhaseFrame *F, NevercArtifactHandle A,
                             NevercObjectImageInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = tpHeader(sizeof *Out, NEVERC_OBJECT_PHASE_API_MAJOR,
                         NEVERC_OBJECT_PHASE_API_MINOR);
  return G.Phase->GetImage(G.Phase->Context, F, A, Out);
}

static NevercStatus graphInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                              NevercObjectGraphHandle Graph,
                              NevercObjectGraphInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = objHeader(sizeof *Out);
  return O->GetGraphInfo(O->Context, T, Graph, Out);
}

static NevercStatus sectionInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                                NevercObjectSectionHandle S,
                                NevercObjectSectionInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = objHeader(sizeof *Out);
  return O->GetSectionInfo(O->Context, T, S, Out);
}

static NevercStatus symbolInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                               NevercObjectSymbolHandle S,
                               NevercObjectSymbolInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = objHeader(sizeof *Out);
  return O->GetSymbolInfo(O->Context, T, S, Out);
}

static NevercStatus proofInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                              NevercObjectLayoutProofHandle P,
                              NevercObjectLayoutProofInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = objHeader(sizeof *Out);
  return O->GetLayoutProofInfo(O->Context, T, P, Out);
}

/* The live section named \p Name, or the null handle. */
static NevercObjectSectionHandle findSection(const NevercObjectAPI *O,
                                             NevercTaskHandle T,
                                             NevercObjectGraphHandle Graph,
                                             const char *Name) {
  NevercObjectSectionHandle S, None;
  NevercObjectSectionInfo I;
  memset(&None, 0, sizeof None);
  if (O->GetFirstSection(O->Context, T, Graph, &S).Code)
    return None;
  while (!isNull(S)) {
    if (!sectionInfo(O, T, S, &I).Code && tpSame(I.Name, Name))
      return S;
    if (O->GetNextSection(O->Context, T, S, &S).Code)
      return None;
  }
  return None;
}

static NevercObjectSymbolHandle findSymbol(const NevercObjectAPI *O,
                                           NevercTaskHandle T,
                                           NevercObjectGraphHandle Graph,
                                           const char *Name) {
  NevercObjectSymbolHandle S, None;
  NevercObjectSymbolInfo I;
  memset(&None, 0, sizeof None);
  if (O->GetFirstSymbol(O->Context, T, Graph, &S).Code)
    return None;
  while (!isNull(S)) {
    if (!symbolInfo(O, T, S, &I).Code && tpSame(I.Name, Name))
      return S;
    if (O->GetNextSymbol(O->Context, T, S, &S).Code)
      return None;
  }
  return None;
}

/* The sections in graph order, "a,b,c" (for the lit tests to check order). */
static void sectionList(const NevercObjectAPI *O, NevercTaskHandle T,
                        NevercObjectGraphHandle Graph, char *Out, size_t Size) {
  NevercObjectSectionHandle S;
  NevercObjectSectionInfo I;
  size_t Used = 0;
  Out[0] = 0;
  if (O->GetFirstSection(O->Context, T, Graph, &S).Code)
    return;
  while (!isNull(S) && Used + 1 < Size) {
    if (!sectionInfo(O, T, S, &I).Code)
      Used += (size_t)snprintf(Out + Used, Size - Used, "%s%.*s",
                               Used ? "," : "", SV(I.Name));
    if (O->GetNextSection(O->Context, T, S, &S).Code)
      break;
  }
}

static NevercObjectSectionDescriptor dataSection(const char *Name,
                                                 const void *Data, size_t N) {
  NevercObjectSectionDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = objHeader(sizeof D);
  D.Name = sv(Name);
  D.Kind = NEVERC_OBJECT_SECTION_KIND_DATA;
  D.Flags = NEVERC_OBJECT_SECTION_ALLOCATED;
  D.Alignment = 1;
  D.Data = bv(Data, N);
  return D;
}

static NevercObjectSymbolDescriptor
definedSymbol(const char *Name, NevercObjectSectionHandle S, uint64_t Size) {
  NevercObjectSymbolDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = objHeader(sizeof D);
  D.Name = sv(Name);
  D.Binding = NEVERC_OBJECT_SYMBOL_BINDING_GLOBAL;
  D.Visibility = NEVERC_OBJECT_SYMBOL_VISIBILITY_DEFAULT;
  D.Type = NEVERC_OBJECT_SYMBOL_TYPE_OBJECT;
  D.Definition = NEVERC_OBJECT_SYMBOL_DEFINITION_DEFINED;
  D.Section = S;
  D.Size = Size;
  return D;
}

static void lateMutation(const char *Who, const NevercPhaseFrame *F);

/* --- observe -------------------------------------------------------------- */

static const char *pointName(NevercObserverPoint P) {
  return P == NEVERC_OBSERVER_BEFORE  ? "before"
         : P == NEVERC_OBSERVER_AFTER ? "after"
                                      : "after-commit";
}

/* Every section read once; the count the walk found. */
static unsigned walkSections(const NevercObjectAPI *O, NevercTaskHandle T,
                             NevercObjectGraphHandle Graph, int *AllRead) {
  NevercObjectSectionHandle S;
  NevercObjectSectionInfo I;
  unsigned N = 0;
  *AllRead = 1;
  if (O->GetFirstSection(O->Context, T, Graph, &S).Code) {
    *AllRead = 0;
    return 0;
  }
  while (!isNull(S)) {
    ++N;
    if (sectionInfo(O, T, S, &I).Code || !I.Name.Length)
      *AllRead = 0;
    if (O->GetNextSection(O->Context, T, S, &S).Code) {
      *AllRead = 0;
      break;
    }
  }
  return N;
}

static void printGraph(const PhaseRow *P, const char *Point,
                       const NevercPhaseFrame *F, NevercArtifactHandle A) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  NevercStatus S = getGraph(F, A, &PG);
  int AllRead;
  unsigned Walked;
  if (S.Code) {
    say("%s %s GetGraph %s", P->Name, Point, sname(S));
    return;
  }
  if ((S = graphInfo(PG.Object, F->Task, PG.Graph, &GI)).Code) {
    say("%s %s GetGraphInfo %s", P->Name, Point, sname(S));
    return;
  }
  Walked = walkSections(PG.Object, F->Task, PG.Graph, &AllRead);
  say("%s %s graph gen=%" PRIu64 " sections=%" PRIu64 " symbols=%" PRIu64
      " relocations=%" PRIu64 " comdats=%" PRIu64
      " proof=%d proof-handle=%d walked=%u read=%d target=%s digest-ok=%d",
      P->Name, Point, GI.Generation, GI.SectionCount, GI.SymbolCount,
      GI.RelocationCount, GI.ComdatCount, GI.HasLayoutProof ? 1 : 0,
      !isNull(PG.LayoutProof), Walked,
      AllRead && Walked == GI.SectionCount && PG.Generation == GI.Generation,
      targetName(GI.Target.TargetID),
      tpSame(GI.ObjectSchemaDigest, NEVERC_OBJECT_SCHEMA_DIGEST));
}

static void printImage(const PhaseRow *P, const char *Point,
                       const NevercPhaseFrame *F, NevercArtifactHandle A) {
  NevercObjectImageInfo I;
  NevercStatus S = getImage(F, A, &I);
  if (S.Code) {
    say("%s %s GetImage %s", P->Name, Point, sname(S));
    return;
  }
  say("%s %s image format=%s state=%s output=%s size=%" PRIu64
      " digest=%02x%02x%02x%02x graph-gen=%" PRIu64
      " layout-report=%d provenance=%.*s",
      P->Name, Point, formatName(I.FormatID), stateName(I.State),
      outputStateName(I.OutputState), I.Size, I.Digest[0], I.Digest[1],
      I.Digest[2], I.Digest[3], I.GraphGeneration, I.HasLayoutReport ? 1 : 0,
      SV(I.Provenance));
}

/* Rule 7, once: an observer's bridge changes nothing. */
static void tryMutation(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectMutationHandle M;
  NevercStatus S;
  if (G.TriedMutation || getGraph(F, F->Input, &PG).Code)
    return;
  G.TriedMutation = 1;
  memset(&M, 0, sizeof M);
  S = PG.Object->BeginMutation(PG.Object->Context, F->Task, PG.Graph, &M);
  say("observer BeginMutation %s null=%d", sname(S), isNull(M));
  if (!S.Code) /* a host bug: still end what was begun */
    PG.Object->AbandonMutation(PG.Object->Context, F->Task, M);
}

static void tryBuilder(const NevercPhaseFrame *F) {
  NevercObjectImageInfo I;
  const NevercMutableBinaryAPI *B;
  uint8_t Magic[4] = {0, 0, 0, 0};
  NevercMutableByteView Into;
  uint64_t Pos = 99;
  NevercStatus S;
  if (G.TriedBuilder || getImage(F, F->Input, &I).Code)
    return;
  G.TriedBuilder = 1;
  B = I.Binary;
  S = B->Write(B->Context, F->Task, I.Builder, bv("x", 1));
  say("observer Write %s", sname(S));
  S = B->Append(B->Context, F->Task, I.Builder, bv("x", 1));
  say("observer Append %s", sname(S));
  S = B->Reserve(B->Context, F->Task, I.Builder, I.Size);
  say("observer Reserve %s", sname(S));
  S = B->Resize(B->Context, F->Task, I.Builder, 0);
  say("observer Resize %s", sname(S));
  Into.Data = Magic;
  Into.Length = sizeof Magic;
  S = B->ReadAt(B->Context, F->Task, I.Builder, 0, Into);
  say("observer ReadAt %s elf-magic=%d", sname(S), !memcmp(Magic, ElfMagic, 4));
  S = B->Tell(B->Context, F->Task, I.Builder, &Pos);
  say("observer Tell %s", sname(S));
}

static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point, void *U) {
  const PhaseRow *P = (const PhaseRow *)U;
  const char *Pt = pointName(Point);
  if (mode("late") && P->Key == P_FINAL_VERIFY &&
      Point == NEVERC_OBSERVER_BEFORE)
    lateMutation("final_verify observer", F);
  if (!mode("observe") && !mode("toy"))
    return status(0);
  switch (P->Key) {
  case P_PROBE: {
    NevercObjectPhaseGraphInfo PG;
    NevercObjectImageInfo I;
    NevercArtifactHandle A =
        Point == NEVERC_OBSERVER_AFTER ? F->CurrentOutput : F->Input;
    say("probe %s GetGraph %s GetImage %s", Pt, sname(getGraph(F, A, &PG)),
        sname(getImage(F, A, &I)));
    break;
  }
  case P_READ:
    /* The read builds the graph its input shows (BEFORE: still empty);
     * AFTER: its output. */
    printGraph(P, Pt, F,
               Point == NEVERC_OBSERVER_AFTER ? F->CurrentOutput : F->Input);
    break;
  case P_PRE_WRITE:
    printGraph(P, Pt, F, F->Input);
    if (Point == NEVERC_OBSERVER_BEFORE)
      tryMutation(F);
    break;
  case P_POST_LAYOUT:
    printGraph(P, Pt, F, F->Input);
    break;
  case P_WRITE:
    printGraph(P, Pt, F, F->Input);
    printImage(P, Pt, F,
               Point == NEVERC_OBSERVER_AFTER ? F->CurrentOutput : F->Input);
    break;
  case P_POST_WRITE:
    printImage(P, Pt, F, F->Input);
    if (Point == NEVERC_OBSERVER_BEFORE)
      tryBuilder(F);
    break;
  case P_FINAL_VERIFY:
  case P_COMMIT: {
    NevercObjectPhaseGraphInfo PG;
    printImage(P, Pt, F, F->Input);
    if (Point == NEVERC_OBSERVER_BEFORE)
      say("%s %s GetGraph %s", P->Name, Pt, sname(getGraph(F, F->Input, &PG)));
    break;
  }
  default:
    break;
  }
  return status(0);
}

/* --- walk ----------------------------------------------------------------- */

/* The native type name an NCRL record carries (empty if none). */
static void ncrlName(const NevercObjectRelocationInfo *R, char *Out,
                     size_t Size) {
  uint32_t Len;
  Out[0] = 0;
  if (R->Extension.Length < NEVERC_OBJECT_ELF_NCRL_HEADER_SIZE ||
      memcmp(R->Extension.Data, NEVERC_OBJECT_ELF_NCRL_TAG, 4))
    return;
  memcpy(&Len, R->Extension.Data + 12, 4);
  if (Len >= Size || NEVERC_OBJECT_ELF_NCRL_SIZE(Len) > R->Extension.Length)
    return;
  memcpy(Out, R->Extension.Data + 16, Len);
  Out[Len] = 0;
}

static void walk(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectSectionHandle S;
  NevercObjectSymbolHandle Y;
  NevercObjectRelocationHandle R;
  NevercObjectComdatHandle C;
  NevercObjectLayoutProofHandle P;
  NevercStatus St;
  unsigned NS = 0, NY = 0, NR = 0, NC = 0, RelocSecOK = 0, RelocTgtOK = 0,
           Members = 0;
  int EndS = 0, EndY = 0, EndR = 0, EndC = 0;
  char List[1024];
  if ((St = getGraph(F, F->Input, &PG)).Code) {
    say("walk GetGraph %s", sname(St));
    return;
  }
  O = PG.Object;
  graphInfo(O, T, PG.Graph, &GI);
  sectionList(O, T, PG.Graph, List, sizeof List);
  say("walk sections %s", List);

  /* Sections. */
  St = O->GetFirstSection(O->Context, T, PG.Graph, &S);
  while (!St.Code && !isNull(S)) {
    NevercObjectSectionInfo I;
    ++NS;
    if (!sectionInfo(O, T, S, &I).Code &&
        (tpSame(I.Name, ".text") || tpSame(I.Name, ".data") ||
         tpSame(I.Name, ".bss") || tpSame(I.Name, ".data.neverc_grp")))
      say("walk section %.*s kind=%s alloc=%d exec=%d write=%d align=%" PRIu64
          " size=%" PRIu64 " comdat=%d ncse=%d",
          SV(I.Name), kindName(I.Kind),
          !!(I.Flags & NEVERC_OBJECT_SECTION_ALLOCATED),
          !!(I.Flags & NEVERC_OBJECT_SECTION_EXECUTABLE),
          !!(I.Flags & NEVERC_OBJECT_SECTION_WRITABLE), I.Alignment,
          I.Kind == NEVERC_OBJECT_SECTION_KIND_ZERO_FILL ? I.ZeroFillSize
                                                         : I.Data.Length,
          !isNull(I.Comdat),
          I.ExtensionOwner.High == NEVERC_OBJECT_FORMAT_ELF_HIGH &&
              I.ExtensionVersion == NEVERC_OBJECT_ELF_NCSE_VERSION &&
              I.Extension.Length == NEVERC_OBJECT_ELF_NCSE_SIZE &&
              !memcmp(I.Extension.Data, NEVERC_OBJECT_ELF_NCSE_TAG, 4));
    St = O->GetNextSection(O->Context, T, S, &S);
  }
  EndS = !St.Code && isNull(S);

  /* Symbols. */
  St = O->GetFirstSymbol(O->Context, T, PG.Graph, &Y);
  while (!St.Code && !isNull(Y)) {
    NevercObjectSymbolInfo I;
    ++NY;
    if (!symbolInfo(O, T, Y, &I).Code &&
        ((I.Name.Length > 5 && !memcmp(I.Name.Data, "walk_", 5)) ||
         tpSame(I.Name, "neverc_grp"))) {
      NevercObjectSectionInfo SI;
      int InSection =
          !isNull(I.Section) && !sectionInfo(O, T, I.Section, &SI).Code;
      say("walk symbol %.*s %s %s %s %s section=%.*s size=%" PRIu64 " ncsy=%d",
          SV(I.Name), bindingName(I.Binding), visibilityName(I.Visibility),
          typeName(I.Type), definitionName(I.Definition),
          InSection ? (int)SI.Name.Length : 1, InSection ? SI.Name.Data : "-",
          I.Size,
          I.Extension.Length == NEVERC_OBJECT_ELF_NCSY_SIZE &&
              !memcmp(I.Extension.Data, NEVERC_OBJECT_ELF_NCSY_TAG, 4));
    }
    St = O->GetNextSymbol(O->Context, T, Y, &Y);
  }
  EndY = !St.Code && isNull(Y);

  /* Relocations, graph-wide: each names its section, which reads back. */
  St = O->GetFirstRelocation(O->Context, T, PG.Graph, &R);
  while (!St.Code && !isNull(R)) {
    NevercObjectRelocationInfo I;
    NevercObjectSectionInfo SI;
    ++NR;
    memset(&I, 0, sizeof I);
    I.Header = objHeader(sizeof I);
    if (!O->GetRelocationInfo(O->Context, T, R, &I).Code) {
      int SecOK = !sectionInfo(O, T, I.Section, &SI).Code;
      int TgtOK = 1;
      char Native[64];
      NevercObjectSymbolInfo YI;
      memset(&YI, 0, sizeof YI);
      RelocSecOK += SecOK;
      if (I.TargetKind == NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL)
        TgtOK = !symbolInfo(O, T, I.TargetSymbol, &YI).Code;
      RelocTgtOK += TgtOK;
      ncrlName(&I, Native, sizeof Native);
      if (SecOK && tpSame(SI.Name, ".text") &&
          I.TargetKind == NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL && TgtOK &&
          (tpSame(YI.Name, "walk_extern") || tpSame(YI.Name, "walk_global")))
        say("walk relocation in %.*s to %.*s kind=%s pcrel=%d width=%u "
            "addend=%" PRId64 " native=%s",
            SV(SI.Name), SV(YI.Name), relocationName(I.Kind),
            I.IsPCRelative ? 1 : 0, I.Width, I.Addend, Native);
    }
    St = O->GetNextRelocation(O->Context, T, R, &R);
  }
  EndR = !St.Code && isNull(R);

  /* COMDATs, and the sections in each. */
  St = O->GetFirstComdat(O->Context, T, PG.Graph, &C);
  while (!St.Code && !isNull(C)) {
    NevercObjectComdatInfo I;
    ++NC;
    memset(&I, 0, sizeof I);
    I.Header = objHeader(sizeof I);
    if (!O->GetComdatInfo(O->Context, T, C, &I).Code) {
      NevercObjectSectionHandle M;
      NevercObjectSectionInfo SI;
      unsigned Here = 0;
      if (!O->GetFirstSection(O->Context, T, PG.Graph, &M).Code)
        while (!isNull(M)) {
          if (!sectionInfo(O, T, M, &SI).Code && same(SI.Comdat, C))
            ++Here;
          if (O->GetNextSection(O->Context, T, M, &M).Code)
            break;
        }
      Members += Here;
      say("walk comdat %.*s selection=%s sections=%u", SV(I.Name),
          selectionName(I.Selection), Here);
    }
    St = O->GetNextComdat(O->Context, T, C, &C);
  }
  EndC = !St.Code && isNull(C);

  /* Not laid out yet at pre_write. */
  St = O->GetLayoutProof(O->Context, T, PG.Graph, &P);
  say("walk GetLayoutProof %s null=%d has-proof=%d", sname(St), isNull(P),
      GI.HasLayoutProof ? 1 : 0);

  say("walk counts sections=%u/%" PRIu64 " symbols=%u/%" PRIu64
      " relocations=%u/%" PRIu64 " comdats=%u/%" PRIu64,
      NS, GI.SectionCount, NY, GI.SymbolCount, NR, GI.RelocationCount, NC,
      GI.ComdatCount);
  say("walk invariants relocation-sections=%d relocation-targets=%d "
      "ends-null=%d%d%d%d comdat-members=%u",
      RelocSecOK == NR, RelocTgtOK == NR, EndS, EndY, EndR, EndC, Members);

  /* What the read slots refuse. */
  {
    NevercObjectSectionInfo I;
    NevercObjectGraphInfo Bad;
    NevercObjectSectionHandle First, Null;
    NevercObjectSymbolHandle FirstSym;
    memset(&Null, 0, sizeof Null);
    O->GetFirstSection(O->Context, T, PG.Graph, &First);
    O->GetFirstSymbol(O->Context, T, PG.Graph, &FirstSym);
    say("walk GetSectionInfo(symbol handle) %s",
        sname(sectionInfo(O, T, FirstSym, &I)));
    say("walk GetSectionInfo(null handle) %s",
        sname(sectionInfo(O, T, Null, &I)));
    say("walk GetSectionInfo(null out) %s",
        sname(O->GetSectionInfo(O->Context, T, First, NULL)));
    say("walk GetNextSection(graph handle) %s",
        sname(O->GetNextSection(O->Context, T, PG.Graph, &S)));
    say("walk GetFirstSection(section handle) %s",
        sname(O->GetFirstSection(O->Context, T, First, &S)));
    memset(&Bad, 0, sizeof Bad);
    Bad.Header = tpHeader(sizeof Bad, 99, 0);
    say("walk GetGraphInfo(major 99) %s",
        sname(O->GetGraphInfo(O->Context, T, PG.Graph, &Bad)));
    Bad.Header = objHeader(8);
    say("walk GetGraphInfo(short struct) %s",
        sname(O->GetGraphInfo(O->Context, T, PG.Graph, &Bad)));
    say("walk GetSectionInfo(session handle as task) %s",
        sname(sectionInfo(O, F->Session, First, &I)));
  }
}

/* post_layout: the proof of the generation laid out. */
static void proofFacts(const char *Who, const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  NevercObjectLayoutProofHandle P;
  NevercObjectLayoutProofInfo I;
  NevercStatus S;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  graphInfo(PG.Object, F->Task, PG.Graph, &GI);
  S = PG.Object->GetLayoutProof(PG.Object->Context, F->Task, PG.Graph, &P);
  say("%s GetLayoutProof %s same-as-phase=%d has-proof=%d", Who, sname(S),
      same(P, PG.LayoutProof), GI.HasLayoutProof ? 1 : 0);
  S = proofInfo(PG.Object, F->Task, P, &I);
  say("%s GetLayoutProofInfo %s gen=%" PRIu64 " graph-gen=%" PRIu64
      " format=%s target=%s",
      Who, sname(S), I.GraphGeneration, GI.Generation, formatName(I.FormatID),
      targetName(I.TargetID));
}

/* --- mutate --------------------------------------------------------------- */

static const char MutateMarker[] = "neverc mutate marker";

static void mutate(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Marker, Scratch, Data;
  NevercObjectSymbolHandle Sym, Local, Helper;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor Y;
  NevercObjectSymbolInfo HI;
  NevercObjectSectionInfo SI;
  NevercStatus S;
  static const uint8_t Zero[4] = {0, 0, 0, 0};
  char List[1024];
  if ((S = getGraph(F, F->Input, &PG)).Code) {
    say("mutate GetGraph %s", sname(S));
    return;
  }
  O = PG.Object;
  graphInfo(O, T, PG.Graph, &GI);
  say("mutate start gen=%" PRIu64 " sections=%" PRIu64, GI.Generation,
      GI.SectionCount);

  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("mutate BeginMutation %s", sname(S));
  D = dataSection(".neverc_test", MutateMarker, sizeof MutateMarker);
  S = O->CreateSection(O->Context, T, M, &D, &Marker);
  say("mutate CreateSection .neverc_test %s", sname(S));
  Y = definedSymbol("neverc_test_marker", Marker, sizeof MutateMarker);
  S = O->CreateSymbol(O->Context, T, M, &Y, &Sym);
  say("mutate CreateSymbol neverc_test_marker %s", sname(S));
  /* A local symbol too: locals come first in an ELF symbol table, so
   * every global's index moves (relocations and .llvm_addrsig follow). */
  Y = definedSymbol("neverc_test_local", Marker, 0);
  Y.Binding = NEVERC_OBJECT_SYMBOL_BINDING_LOCAL;
  S = O->CreateSymbol(O->Context, T, M, &Y, &Local);
  say("mutate CreateSymbol neverc_test_local %s", sname(S));
  D = dataSection(".neverc_scratch", Zero, sizeof Zero);
  S = O->CreateSection(O->Context, T, M, &D, &Scratch);
  say("mutate CreateSection .neverc_scratch %s", sname(S));
  /* A pointer to counter: a new section with a relocation of its own. */
  {
    static const uint8_t Slot[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    NevercObjectSectionHandle Ptr;
    NevercObjectSymbolHandle PtrSym;
    NevercObjectRelocationHandle Rel;
    NevercObjectRelocationDescriptor R;
    D = dataSection(".neverc_ptr", Slot, sizeof Slot);
    D.Flags |= NEVERC_OBJECT_SECTION_WRITABLE;
    D.Alignment = 8;
    S = O->CreateSection(O->Context, T, M, &D, &Ptr);
    say("mutate CreateSection .neverc_ptr %s", sname(S));
    Y = definedSymbol("neverc_test_pointer", Ptr, sizeof Slot);
    S = O->CreateSymbol(O->Context, T, M, &Y, &PtrSym);
    say("mutate CreateSymbol neverc_test_pointer %s", sname(S));
    memset(&R, 0, sizeof R);
    R.Header = objHeader(sizeof R);
    R.Section = Ptr;
    R.Kind = NEVERC_OBJECT_RELOCATION_ABSOLUTE;
    R.TargetKind = NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL;
    R.Width = 8;
    R.TargetSymbol = findSymbol(O, T, PG.Graph, "counter");
    S = O->CreateRelocation(O->Context, T, M, &R, &Rel);
    say("mutate CreateRelocation .neverc_ptr -> counter %s", sname(S));
  }
  /* A staged entity reads back while its mutation is open, but has no
   * place in the order yet. */
  S = sectionInfo(O, T, Marker, &SI);
  say("mutate GetSectionInfo(staged) %s name=%.*s", sname(S), SV(SI.Name));
  {
    NevercObjectSectionHandle After;
    say("mutate GetNextSection(staged) %s",
        sname(O->GetNextSection(O->Context, T, Marker, &After)));
  }
  Helper = findSymbol(O, T, PG.Graph, "helper_visible");
  S = symbolInfo(O, T, Helper, &HI);
  say("mutate GetSymbolInfo helper_visible %s visibility=%s", sname(S),
      visibilityName(HI.Visibility));
  HI.Visibility = NEVERC_OBJECT_SYMBOL_VISIBILITY_HIDDEN;
  S = O->ReplaceSymbol(O->Context, T, M, Helper, &HI);
  say("mutate ReplaceSymbol helper_visible hidden %s", sname(S));
  Data = findSection(O, T, PG.Graph, ".data");
  S = O->MoveSectionBefore(O->Context, T, M, Marker, Data);
  say("mutate MoveSectionBefore .neverc_test .data %s", sname(S));
  {
    NevercObjectSectionHandle Null;
    memset(&Null, 0, sizeof Null);
    say("mutate MoveSectionBefore(null position) %s",
        sname(O->MoveSectionBefore(O->Context, T, M, Marker, Null)));
  }
  S = O->CommitMutation(O->Context, T, M);
  graphInfo(O, T, PG.Graph, &GI);
  say("mutate CommitMutation %s gen=%" PRIu64 " sections=%" PRIu64
      " symbols=%" PRIu64,
      sname(S), GI.Generation, GI.SectionCount, GI.SymbolCount);

  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("mutate BeginMutation(second) %s", sname(S));
  S = O->EraseSection(O->Context, T, M, Scratch);
  say("mutate EraseSection .neverc_scratch %s", sname(S));
  S = O->CommitMutation(O->Context, T, M);
  graphInfo(O, T, PG.Graph, &GI);
  say("mutate CommitMutation(second) %s gen=%" PRIu64 " sections=%" PRIu64,
      sname(S), GI.Generation, GI.SectionCount);
  say("mutate GetSectionInfo(erased) %s",
      sname(sectionInfo(O, T, Scratch, &SI)));
  S = sectionInfo(O, T, Marker, &SI);
  say("mutate GetSectionInfo .neverc_test %s size=%" PRIu64, sname(S),
      SI.Data.Length);
  sectionList(O, T, PG.Graph, List, sizeof List);
  say("mutate sections %s", List);
}

/* mode=edits: the replace, move and erase slots of relocations and
 * COMDATs, ReplaceSection, and (in post_write) the builder's Insert. Every
 * step is checked in the object written (tests/lit/object/edits.c). */
static const uint8_t EditsOld[4] = {'o', 'l', 'd', '!'};
static const uint8_t EditsNew[8] = {'r', 'e', 'p', 'l', 'a', 'c', 'e', 'd'};
static const uint8_t EditsSlots[16] = {0};

static NevercObjectRelocationDescriptor
absoluteRelocation(NevercObjectSectionHandle In, uint64_t Offset,
                   NevercObjectSymbolHandle To, int64_t Addend) {
  NevercObjectRelocationDescriptor R;
  memset(&R, 0, sizeof R);
  R.Header = objHeader(sizeof R);
  R.Section = In;
  R.Offset = Offset;
  R.Kind = NEVERC_OBJECT_RELOCATION_ABSOLUTE;
  R.TargetKind = NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL;
  R.Width = 8;
  R.TargetSymbol = To;
  R.Addend = Addend;
  return R;
}

static NevercObjectComdatDescriptor comdatNamed(const char *Name) {
  NevercObjectComdatDescriptor C;
  memset(&C, 0, sizeof C);
  C.Header = objHeader(sizeof C);
  C.Name = sv(Name);
  C.Selection = NEVERC_OBJECT_COMDAT_ANY;
  return C;
}

static void edits(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Text, Slots, Grouped;
  NevercObjectSymbolHandle Counter, GroupSym;
  NevercObjectRelocationHandle R1, R2, R3;
  NevercObjectComdatHandle Keep, Drop;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor Y;
  NevercObjectRelocationDescriptor R;
  NevercObjectComdatDescriptor C;
  NevercObjectRelocationInfo RI;
  NevercObjectComdatInfo CI;
  NevercObjectComdatHandle First;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  Counter = findSymbol(O, T, PG.Graph, "counter");
  say("edits BeginMutation %s",
      sname(O->BeginMutation(O->Context, T, PG.Graph, &M)));
  /* A section whose bytes are replaced before the commit. */
  D = dataSection(".neverc_edit", EditsOld, sizeof EditsOld);
  say("edits CreateSection .neverc_edit %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Text)));
  D = dataSection(".neverc_edit", EditsNew, sizeof EditsNew);
  say("edits ReplaceSection .neverc_edit %s",
      sname(O->ReplaceSection(O->Context, T, M, Text, &D)));
  /* Two pointer slots, three relocations: one erased, one replaced (its
   * addend), one moved before the first. */
  D = dataSection(".neverc_slots", EditsSlots, sizeof EditsSlots);
  D.Flags |= NEVERC_OBJECT_SECTION_WRITABLE;
  D.Alignment = 8;
  say("edits CreateSection .neverc_slots %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Slots)));
  R = absoluteRelocation(Slots, 0, Counter, 0);
  say("edits CreateRelocation slot0 %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &R1)));
  R = absoluteRelocation(Slots, 8, Counter, 0);
  say("edits CreateRelocation slot8 %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &R2)));
  R = absoluteRelocation(Slots, 8, Counter, 99);
  say("edits CreateRelocation slot8-extra %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &R3)));
  R = absoluteRelocation(Slots, 8, Counter, 4);
  say("edits ReplaceRelocation slot8 addend=4 %s",
      sname(O->ReplaceRelocation(O->Context, T, M, R2, &R)));
  say("edits MoveRelocationBefore slot8 slot0 %s",
      sname(O->MoveRelocationBefore(O->Context, T, M, R2, R1)));
  say("edits EraseRelocation slot8-extra %s",
      sname(O->EraseRelocation(O->Context, T, M, R3)));
  /* Two COMDATs: one kept (renamed by ReplaceComdat, moved first) with a
   * section and its signature symbol, one erased. */
  C = comdatNamed("neverc_group_old");
  say("edits CreateComdat neverc_group_old %s",
      sname(O->CreateComdat(O->Context, T, M, &C, &Keep)));
  C = comdatNamed("neverc_group_drop");
  say("edits CreateComdat neverc_group_drop %s",
      sname(O->CreateComdat(O->Context, T, M, &C, &Drop)));
  C = comdatNamed("neverc_group");
  say("edits ReplaceComdat neverc_group %s",
      sname(O->ReplaceComdat(O->Context, T, M, Keep, &C)));
  say("edits MoveComdatBefore %s",
      sname(O->MoveComdatBefore(O->Context, T, M, Drop, Keep)));
  say("edits MoveComdatBefore(back) %s",
      sname(O->MoveComdatBefore(O->Context, T, M, Keep, Drop)));
  say("edits EraseComdat neverc_group_drop %s",
      sname(O->EraseComdat(O->Context, T, M, Drop)));
  D = dataSection(".neverc_grouped", EditsOld, sizeof EditsOld);
  D.Comdat = Keep;
  say("edits CreateSection .neverc_grouped %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Grouped)));
  Y = definedSymbol("neverc_group", Grouped, sizeof EditsOld);
  Y.Binding = NEVERC_OBJECT_SYMBOL_BINDING_WEAK;
  Y.Comdat = Keep;
  say("edits CreateSymbol neverc_group %s",
      sname(O->CreateSymbol(O->Context, T, M, &Y, &GroupSym)));
  say("edits CommitMutation %s",
      sname(O->CommitMutation(O->Context, T, M)));
  /* The committed order and fields read back. */
  memset(&RI, 0, sizeof RI);
  RI.Header = objHeader(sizeof RI);
  say("edits GetRelocationInfo slot8 %s offset=%" PRIu64 " addend=%" PRId64,
      sname(O->GetRelocationInfo(O->Context, T, R2, &RI)), RI.Offset,
      RI.Addend);
  say("edits GetRelocationInfo(erased) %s",
      sname(O->GetRelocationInfo(O->Context, T, R3, &RI)));
  say("edits GetFirstComdat %s",
      sname(O->GetFirstComdat(O->Context, T, PG.Graph, &First)));
  memset(&CI, 0, sizeof CI);
  CI.Header = objHeader(sizeof CI);
  O->GetComdatInfo(O->Context, T, First, &CI);
  say("edits first COMDAT %.*s same-as-kept=%d", SV(CI.Name), same(First, Keep));
  say("edits GetComdatInfo(erased) %s",
      sname(O->GetComdatInfo(O->Context, T, Drop, &CI)));
}

/* mode=edits in post_write: Insert shifts the tail; the host's audit then
 * still reads the image (4 bytes inserted at the very end). */
static void editsInsert(const NevercPhaseFrame *F) {
  NevercObjectImageInfo I;
  uint64_t Size;
  if (getImage(F, F->Input, &I).Code)
    return;
  Size = I.Size;
  say("edits Insert(end) %s",
      sname(I.Binary->Insert(I.Binary->Context, F->Task, I.Builder, Size,
                             bv("INS!", 4))));
  say("edits Insert(past the end) %s",
      sname(I.Binary->Insert(I.Binary->Context, F->Task, I.Builder, Size + 99,
                             bv("x", 1))));
  getImage(F, F->Input, &I);
  say("edits size-grew-by=%" PRIu64, I.Size - Size);
}

/* mode=move: an existing section moved: .data before .text. */
static void moveExisting(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M;
  NevercStatus S;
  char List[1024];
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("move BeginMutation %s", sname(S));
  say("move MoveSectionBefore .data .text %s",
      sname(O->MoveSectionBefore(O->Context, T, M,
                                 findSection(O, T, PG.Graph, ".data"),
                                 findSection(O, T, PG.Graph, ".text"))));
  S = O->CommitMutation(O->Context, T, M);
  graphInfo(O, T, PG.Graph, &GI);
  say("move CommitMutation %s gen=%" PRIu64, sname(S), GI.Generation);
  sectionList(O, T, PG.Graph, List, sizeof List);
  say("move sections %s", List);
}

/* mode=descriptors: what the staging slots refuse (each with a warning
 * naming the slot); then the mutation is abandoned. */
static void descriptors(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor Y;
  NevercObjectRelocationDescriptor R;
  NevercObjectSectionHandle Sec, Text, Null;
  NevercObjectSymbolHandle Sym;
  NevercObjectRelocationHandle Rel;
  static const uint8_t Four[4] = {1, 2, 3, 4};
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  memset(&Null, 0, sizeof Null);
  Text = findSection(O, T, PG.Graph, ".text");
  say("descriptors BeginMutation %s",
      sname(O->BeginMutation(O->Context, T, PG.Graph, &M)));
  D = dataSection("", Four, sizeof Four);
  say("descriptors CreateSection(empty name) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  D = dataSection(".bad", Four, sizeof Four);
  D.Kind = 7;
  say("descriptors CreateSection(kind 7) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  D = dataSection(".bad", Four, sizeof Four);
  D.Alignment = 3;
  say("descriptors CreateSection(alignment 3) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  D = dataSection(".bad", Four, sizeof Four);
  D.Reserved = 1;
  say("descriptors CreateSection(Reserved 1) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  D = dataSection(".bad", Four, sizeof Four);
  D.Header.Major = 99;
  say("descriptors CreateSection(major 99) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  D = dataSection(".bad", Four, sizeof Four);
  D.Kind = NEVERC_OBJECT_SECTION_KIND_ZERO_FILL;
  say("descriptors CreateSection(zero-fill with data) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  say("descriptors CreateSection(null out) %s",
      sname(O->CreateSection(O->Context, T, M, &D, NULL)));
  Y = definedSymbol("bad_symbol", Null, 0);
  say("descriptors CreateSymbol(defined, no section) %s",
      sname(O->CreateSymbol(O->Context, T, M, &Y, &Sym)));
  Y = definedSymbol("bad_symbol", Text, 0);
  Y.Value = 1u << 20;
  say("descriptors CreateSymbol(value past its section) %s",
      sname(O->CreateSymbol(O->Context, T, M, &Y, &Sym)));
  Y = definedSymbol("bad_symbol", Text, 0);
  Y.Binding = 0x12345678;
  say("descriptors CreateSymbol(binding outside the schema) %s",
      sname(O->CreateSymbol(O->Context, T, M, &Y, &Sym)));
  memset(&R, 0, sizeof R);
  R.Header = objHeader(sizeof R);
  R.Section = Text;
  R.Offset = 1u << 20;
  R.Kind = NEVERC_OBJECT_RELOCATION_ABSOLUTE;
  R.TargetKind = NEVERC_OBJECT_RELOCATION_TARGET_ABSOLUTE;
  R.Width = 8;
  say("descriptors CreateRelocation(past its section) %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &Rel)));
  R.Offset = 0;
  R.Width = 16;
  say("descriptors CreateRelocation(width 16) %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &Rel)));
  R.Width = 8;
  R.IsPCRelative = 2;
  say("descriptors CreateRelocation(IsPCRelative 2) %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &Rel)));
  R.IsPCRelative = NEVERC_FALSE;
  R.Width = 1;
  R.TargetKind = NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL;
  say("descriptors CreateRelocation(symbol target, no symbol) %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &Rel)));
  say("descriptors AbandonMutation %s",
      sname(O->AbandonMutation(O->Context, T, M)));
}

/* --- abandon -------------------------------------------------------------- */

static void abandon(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M, M2;
  NevercObjectSectionHandle Gone, Late;
  NevercObjectSymbolHandle GoneSym;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor Y;
  NevercObjectSectionInfo SI;
  NevercObjectSymbolInfo YI;
  NevercStatus S;
  static const uint8_t Bytes[8] = "gone!!!";
  uint64_t Sections;
  if ((S = getGraph(F, F->Input, &PG)).Code) {
    say("abandon GetGraph %s", sname(S));
    return;
  }
  O = PG.Object;
  graphInfo(O, T, PG.Graph, &GI);
  Sections = GI.SectionCount;
  say("abandon start gen=%" PRIu64, GI.Generation);

  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("abandon BeginMutation %s", sname(S));
  say("abandon BeginMutation(while one is open) %s",
      sname(O->BeginMutation(O->Context, T, PG.Graph, &M2)));
  D = dataSection(".neverc_gone", Bytes, sizeof Bytes);
  S = O->CreateSection(O->Context, T, M, &D, &Gone);
  say("abandon CreateSection %s", sname(S));
  Y = definedSymbol("neverc_gone", Gone, sizeof Bytes);
  S = O->CreateSymbol(O->Context, T, M, &Y, &GoneSym);
  say("abandon CreateSymbol %s", sname(S));
  say("abandon GetSectionInfo(staged) %s", sname(sectionInfo(O, T, Gone, &SI)));
  S = O->AbandonMutation(O->Context, T, M);
  say("abandon AbandonMutation %s", sname(S));
  say("abandon GetSectionInfo(abandoned) %s",
      sname(sectionInfo(O, T, Gone, &SI)));
  say("abandon GetSymbolInfo(abandoned) %s",
      sname(symbolInfo(O, T, GoneSym, &YI)));
  say("abandon CommitMutation(abandoned mutation) %s",
      sname(O->CommitMutation(O->Context, T, M)));
  say("abandon AbandonMutation(again) %s",
      sname(O->AbandonMutation(O->Context, T, M)));
  graphInfo(O, T, PG.Graph, &GI);
  say("abandon after-abandon gen=%" PRIu64 " sections-unchanged=%d",
      GI.Generation, GI.SectionCount == Sections);

  /* An empty mutation committed: the generation moves on, nothing else. */
  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("abandon BeginMutation(empty) %s", sname(S));
  S = O->CommitMutation(O->Context, T, M);
  graphInfo(O, T, PG.Graph, &GI);
  say("abandon CommitMutation(empty) %s gen=%" PRIu64, sname(S), GI.Generation);
  D = dataSection(".neverc_late", Bytes, sizeof Bytes);
  say("abandon CreateSection(committed mutation) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Late)));
  say("abandon CommitMutation(committed mutation) %s",
      sname(O->CommitMutation(O->Context, T, M)));
  say("abandon AbandonMutation(committed mutation) %s",
      sname(O->AbandonMutation(O->Context, T, M)));

  graphInfo(O, T, PG.Graph, &GI);
  say("abandon end gen=%" PRIu64 " sections-unchanged=%d", GI.Generation,
      GI.SectionCount == Sections);
}

/* A refused commit leaves the mutation open and nothing applied: the
 * plugin still owes it one end, and may abandon it. */
static void refusedCommit(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Text;
  NevercObjectSectionInfo SI;
  NevercStatus S;
  uint64_t Sections, Gen;
  if ((S = getGraph(F, F->Input, &PG)).Code) {
    say("refused-commit GetGraph %s", sname(S));
    return;
  }
  O = PG.Object;
  graphInfo(O, T, PG.Graph, &GI);
  Sections = GI.SectionCount;
  Gen = GI.Generation;
  Text = findSection(O, T, PG.Graph, ".text");
  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("refused-commit BeginMutation %s", sname(S));
  say("refused-commit EraseSection .text %s",
      sname(O->EraseSection(O->Context, T, M, Text)));
  say("refused-commit CommitMutation(dangling) %s",
      sname(O->CommitMutation(O->Context, T, M)));
  say("refused-commit AbandonMutation %s",
      sname(O->AbandonMutation(O->Context, T, M)));
  say("refused-commit GetSectionInfo .text %s",
      sname(sectionInfo(O, T, Text, &SI)));
  graphInfo(O, T, PG.Graph, &GI);
  say("refused-commit end generation-unchanged=%d sections-unchanged=%d",
      GI.Generation == Gen, GI.SectionCount == Sections);
}

/* --- stale-proof ---------------------------------------------------------- */

static void addSection(const char *Who, const NevercPhaseFrame *F,
                       const char *Name) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Sec;
  NevercObjectSectionDescriptor D;
  NevercStatus S;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  D = dataSection(Name, Name, strlen(Name) + 1);
  S = O->BeginMutation(O->Context, F->Task, PG.Graph, &M);
  if (!S.Code)
    S = O->CreateSection(O->Context, F->Task, M, &D, &Sec);
  if (!S.Code)
    S = O->CommitMutation(O->Context, F->Task, M);
  else
    O->AbandonMutation(O->Context, F->Task, M);
  graphInfo(O, F->Task, PG.Graph, &GI);
  say("%s add %s %s gen=%" PRIu64 " has-proof=%d", Who, Name, sname(S),
      GI.Generation, GI.HasLayoutProof ? 1 : 0);
}

static void staleAfterChange(const char *Who, const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectLayoutProofHandle P;
  NevercObjectLayoutProofInfo I;
  NevercStatus S;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  S = PG.Object->GetLayoutProof(PG.Object->Context, F->Task, PG.Graph, &P);
  say("%s GetLayoutProof(after the change) %s null=%d phase-view-null=%d", Who,
      sname(S), isNull(P), isNull(PG.LayoutProof));
  say("%s GetLayoutProofInfo(old proof) %s", Who,
      sname(proofInfo(PG.Object, F->Task, G.OldProof, &I)));
}

static void keepProof(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  if (!getGraph(F, F->Input, &PG).Code)
    G.OldProof = PG.LayoutProof;
}

/* --- the anonymous symbol (rule 14) --------------------------------------- */

static void anonymous(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  const NevercObjectAPI *O;
  NevercObjectMutationHandle M;
  NevercObjectSymbolHandle Y;
  NevercObjectSymbolDescriptor D;
  NevercStatus S;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  memset(&D, 0, sizeof D);
  D.Header = objHeader(sizeof D);
  D.Name.Data = "";
  D.Name.Length = 0;
  D.Binding = NEVERC_OBJECT_SYMBOL_BINDING_GLOBAL;
  D.Visibility = NEVERC_OBJECT_SYMBOL_VISIBILITY_DEFAULT;
  D.Type = NEVERC_OBJECT_SYMBOL_TYPE_NO_TYPE;
  D.Definition = NEVERC_OBJECT_SYMBOL_DEFINITION_UNDEFINED;
  S = O->BeginMutation(O->Context, F->Task, PG.Graph, &M);
  say("anonymous BeginMutation %s", sname(S));
  S = O->CreateSymbol(O->Context, F->Task, M, &D, &Y);
  say("anonymous CreateSymbol(empty name) %s", sname(S));
  S = O->CommitMutation(O->Context, F->Task, M);
  say("anonymous CommitMutation %s", sname(S));
}

/* --- post_write: the builder ---------------------------------------------- */

static void overflow(const NevercPhaseFrame *F) {
  NevercObjectImageInfo I;
  const NevercMutableBinaryAPI *B;
  NevercStatus S;
  uint64_t Size, Pos = 0;
  if ((S = getImage(F, F->Input, &I)).Code) {
    say("overflow GetImage %s", sname(S));
    return;
  }
  B = I.Binary;
  Size = I.Size;
  say("overflow image state=%s size>0=%d", stateName(I.State), Size > 0);
  say("overflow Reserve(size-1) %s",
      sname(B->Reserve(B->Context, F->Task, I.Builder, Size - 1)));
  say("overflow Reserve(size) %s",
      sname(B->Reserve(B->Context, F->Task, I.Builder, Size)));
  say("overflow Append(1 byte) %s",
      sname(B->Append(B->Context, F->Task, I.Builder, bv("!", 1))));
  getImage(F, F->Input, &I);
  say("overflow after state=%s output=%s size-unchanged=%d", stateName(I.State),
      outputStateName(I.OutputState), I.Size == Size);
  say("overflow Append(again) %s",
      sname(B->Append(B->Context, F->Task, I.Builder, bv("!", 1))));
  say("overflow Reserve(after abort) %s",
      sname(B->Reserve(B->Context, F->Task, I.Builder, Size * 2)));
  S = B->Tell(B->Context, F->Task, I.Builder, &Pos);
  say("overflow Tell %s", sname(S));
}

static const char Appended[16] = {'n', 'e', 'v', 'e', 'r', 'c', '-', 'a',
                                  'p', 'p', 'e', 'n', 'd', '-', '1', '6'};

static void append(const NevercPhaseFrame *F) {
  NevercObjectImageInfo I;
  const NevercMutableBinaryAPI *B;
  NevercStatus S;
  uint64_t Size, Gen, Before = 99, After = 99;
  uint8_t Back[16];
  NevercMutableByteView Into;
  if ((S = getImage(F, F->Input, &I)).Code) {
    say("append GetImage %s", sname(S));
    return;
  }
  B = I.Binary;
  Size = I.Size;
  Gen = I.PublicationGeneration;
  B->Tell(B->Context, F->Task, I.Builder, &Before);
  S = B->Append(B->Context, F->Task, I.Builder, bv(Appended, sizeof Appended));
  say("append Append(16) %s", sname(S));
  B->Tell(B->Context, F->Task, I.Builder, &After);
  Into.Data = Back;
  Into.Length = sizeof Back;
  S = B->ReadAt(B->Context, F->Task, I.Builder, Size, Into);
  say("append ReadAt(size) %s same=%d", sname(S),
      !memcmp(Back, Appended, sizeof Back));
  Into.Length = sizeof Back + 1;
  say("append ReadAt(past the end) %s",
      sname(B->ReadAt(B->Context, F->Task, I.Builder, Size, Into)));
  say("append WriteAt(past the end) %s",
      sname(B->WriteAt(B->Context, F->Task, I.Builder, Size + 16, bv("x", 1))));
  getImage(F, F->Input, &I);
  say("append size-grew-by=%" PRIu64 " publication-bumped=%d tell-unchanged=%d "
      "state=%s",
      I.Size - Size, I.PublicationGeneration > Gen, Before == After,
      stateName(I.State));
}

/* --- late: the graph after the graph phases ------------------------------- */

static void keepGraph(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  if (!getGraph(F, F->Input, &PG).Code) {
    G.KeptObject = PG.Object;
    G.KeptGraph = PG.Graph;
  }
}

static void lateMutation(const char *Who, const NevercPhaseFrame *F) {
  const NevercObjectAPI *O = G.KeptObject;
  NevercObjectGraphInfo GI;
  NevercObjectMutationHandle M;
  NevercStatus S;
  if (!O)
    return;
  S = graphInfo(O, F->Task, G.KeptGraph, &GI);
  say("late %s GetGraphInfo %s gen=%" PRIu64, Who, sname(S), GI.Generation);
  S = O->BeginMutation(O->Context, F->Task, G.KeptGraph, &M);
  say("late %s BeginMutation %s", Who, sname(S));
  if (!S.Code)
    O->AbandonMutation(O->Context, F->Task, M);
}

/* --- cross-task: handles kept from the previous object (-c a.c b.c) ------- */

static void crossTask(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  NevercObjectSectionInfo SI;
  const NevercObjectAPI *O;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  if (G.HaveOld) {
    say("cross-task GetSectionInfo(section of the last task) %s",
        sname(sectionInfo(O, F->Task, G.OldSection, &SI)));
    say("cross-task GetGraphInfo(graph of the last task) %s",
        sname(graphInfo(O, F->Task, G.OldGraph, &GI)));
    say("cross-task GetGraphInfo(the last task) %s",
        sname(graphInfo(O, G.OldTask, PG.Graph, &GI)));
  }
  G.HaveOld =
      !O->GetFirstSection(O->Context, F->Task, PG.Graph, &G.OldSection).Code;
  G.OldGraph = PG.Graph;
  G.OldTask = F->Task;
  say("cross-task kept %s", G.HaveOld ? "a section" : "nothing");
}

/* --- interceptors --------------------------------------------------------- */

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *U) {
  const PhaseRow *P = (const PhaseRow *)U;
  NevercStatus S;
  switch (P->Key) {
  case P_PRE_WRITE:
    if (mode("walk"))
      walk(F);
    else if (mode("mutate"))
      mutate(F);
    else if (mode("move"))
      moveExisting(F);
    else if (mode("descriptors"))
      descriptors(F);
    else if (mode("abandon"))
      abandon(F);
    else if (mode("refused-commit"))
      refusedCommit(F);
    else if (mode("anonymous"))
      anonymous(F);
    else if (mode("edits"))
      edits(F);
    else if (mode("late"))
      keepGraph(F);
    else if (mode("cross-task"))
      crossTask(F);
    else if (mode("fail")) {
      say("pre_write returns PLUGIN_FAILURE");
      return status(NEVERC_STATUS_PLUGIN_FAILURE);
    }
    break;
  case P_POST_LAYOUT:
    if (mode("walk"))
      proofFacts("post_layout", F);
    else if (mode("stale-proof")) {
      proofFacts("post_layout", F);
      keepProof(F);
      addSection("post_layout", F, ".neverc_layout");
      staleAfterChange("post_layout", F);
    } else if (mode("twice") && G.Kept) {
      NevercPhaseResult Local;
      memset(&Local, 0, sizeof Local);
      Local.Header = tpHeader(sizeof Local, NEVERC_PLUGIN_ABI_MAJOR,
                              NEVERC_PLUGIN_ABI_MINOR);
      say("twice InvokeNext(kept continuation) %s",
          sname(G.Kept->InvokeNext(G.Kept, F, &Local)));
      G.Kept = NULL;
    }
    break;
  case P_WRITE:
    if (mode("stale-proof")) {
      proofFacts("write", F);
      keepProof(F);
      addSection("write", F, ".neverc_late");
      staleAfterChange("write", F);
    }
    break;
  case P_POST_WRITE:
    if (mode("overflow"))
      overflow(F);
    else if (mode("append"))
      append(F);
    else if (mode("edits"))
      editsInsert(F);
    else if (mode("late"))
      lateMutation("post_write interceptor", F);
    else if (mode("truncate")) {
      NevercObjectImageInfo I;
      if (!getImage(F, F->Input, &I).Code)
        say("truncate Resize(16) %s",
            sname(I.Binary->Resize(I.Binary->Context, F->Task, I.Builder, 16)));
    } else if (mode("replace")) {
      /* post_write is not replaceable: the result contract refuses. */
      say("post_write returns REPLACE");
      R->Action = NEVERC_PHASE_REPLACE;
      R->Output = F->Input;
      return status(0);
    } else if (mode("fail-late")) {
      NevercObjectImageInfo I;
      if (!getImage(F, F->Input, &I).Code)
        say("fail-late Append %s",
            sname(I.Binary->Append(I.Binary->Context, F->Task, I.Builder,
                                   bv(Appended, sizeof Appended))));
      say("post_write returns PLUGIN_FAILURE");
      return status(NEVERC_STATUS_PLUGIN_FAILURE);
    }
    break;
  default:
    break;
  }

  S = C->InvokeNext(C, F, R);
  if (P->Key == P_PRE_WRITE && mode("twice")) {
    NevercPhaseResult Again;
    memset(&Again, 0, sizeof Again);
    Again.Header = tpHeader(sizeof Again, NEVERC_PLUGIN_ABI_MAJOR,
                            NEVERC_PLUGIN_ABI_MINOR);
    say("twice InvokeNext %s", sname(S));
    say("twice InvokeNext(again) %s", sname(C->InvokeNext(C, F, &Again)));
    G.Kept = C;
  }
  if (S.Code) {
    say("%s chain %s", P->Name, sname(S));
    return S;
  }
  if (P->Key == P_WRITE && (mode("stale-proof") || mode("mutate"))) {
    NevercObjectImageInfo I;
    if (!getImage(F, F->Input, &I).Code)
      say("write image graph-gen=%" PRIu64 " layout-report-gen=%" PRIu64
          " format=%s state=%s",
          I.GraphGeneration, I.LayoutReport.GraphGeneration,
          formatName(I.LayoutReport.FormatID), stateName(I.State));
  }
  /* The chain's output stands: continue with nothing of our own. */
  R->Action = NEVERC_PHASE_CONTINUE;
  memset(&R->Output, 0, sizeof R->Output);
  memset(&R->Proof, 0, sizeof R->Proof);
  return S;
}

/* --- formats (OBJECT_TEST_FORMATS) ---------------------------------------- */

#ifdef OBJECT_TEST_FORMATS

/* toy, toy-readfail, toy-empty, toy-overflow: the "toy" format claims. */
static int toyMode(void) {
  return !strncmp(G.Mode, "toy", 3) && strcmp(G.Mode, "toy10");
}

/* What a request says of the target (its NevercTargetKey). */
static void requestTarget(const char *Who, const NevercTargetKey *K) {
  say("%s request target header=%d id=%s triple=%.*s", Who,
      K->Header.StructSize >= sizeof *K, targetName(K->TargetID),
      SV(K->RawTriple));
}

static NevercStatus NEVERC_CALL probeFormat(void *U,
                                            const NevercObjectProbeRequest *Req,
                                            NevercObjectProbeResult *Res) {
  uint64_t Low = (uint64_t)(uintptr_t)U;
  int Elf = Req->Input.Length >= 4 && !memcmp(Req->Input.Data, ElfMagic, 4);
  if (!Elf)
    return status(NEVERC_STATUS_NOT_FOUND);
  if ((Low == TOY_LOW && toyMode()) ||
      (Low == TOY10_LOW && (mode("flags") || mode("toy10")))) {
    Res->Confidence = NEVERC_OBJECT_PROBE_MAX_CONFIDENCE;
    Res->ArtifactKind = NEVERC_OBJECT_ARTIFACT_RELOCATABLE;
    Res->ConsumedMinimum = 4;
    say("%s probe claims %" PRIu64 " bytes", Low == TOY_LOW ? "toy" : "toy10",
        Req->Input.Length);
    requestTarget(Low == TOY_LOW ? "toy probe" : "toy10 probe", &Req->Target);
    return status(0);
  }
  if (Low == BADPROBE_LOW && mode("badprobe")) {
    Res->Confidence = NEVERC_OBJECT_PROBE_MAX_CONFIDENCE + 1;
    Res->ArtifactKind = NEVERC_OBJECT_ARTIFACT_RELOCATABLE;
    return status(0);
  }
  if (Low == BADPROBE_LOW && mode("badconsumed")) {
    Res->Confidence = 10;
    Res->ArtifactKind = NEVERC_OBJECT_ARTIFACT_RELOCATABLE;
    Res->ConsumedMinimum = NEVERC_OBJECT_PROBE_MAX_CONSUMED_MINIMUM + 1;
    return status(0);
  }
  return status(NEVERC_STATUS_NOT_FOUND);
}

static NevercStatus NEVERC_CALL readToy(void *U,
                                        const NevercObjectReadRequest *Req) {
  const NevercObjectAPI *O = Req->Object;
  NevercObjectSectionHandle S;
  NevercObjectSymbolHandle Y;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor SD;
  NevercObjectGraphInfo GI;
  NevercObjectMutationHandle M2;
  NevercStatus St;
  size_t N = Req->Input.Length < 64 ? (size_t)Req->Input.Length : 64;
  (void)U;
  graphInfo(O, Req->Task, Req->Graph, &GI);
  say("toy reader input=%" PRIu64 " sections-before=%" PRIu64,
      Req->Input.Length, GI.SectionCount);
  requestTarget("toy reader", &Req->Target);
  D = dataSection("toy.data", Req->Input.Data, N);
  St = O->CreateSection(O->Context, Req->Task, Req->Mutation, &D, &S);
  say("toy reader CreateSection %s", sname(St));
  if (St.Code)
    return St;
  if (mode("toy-readfail")) {
    say("toy reader returns PLUGIN_FAILURE");
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  SD = definedSymbol("toy_symbol", S, N);
  St = O->CreateSymbol(O->Context, Req->Task, Req->Mutation, &SD, &Y);
  say("toy reader CreateSymbol %s", sname(St));
  if (St.Code)
    return St;
  /* The host ends the reader's mutation; a second one cannot open. */
  say("toy reader CommitMutation %s",
      sname(O->CommitMutation(O->Context, Req->Task, Req->Mutation)));
  say("toy reader AbandonMutation %s",
      sname(O->AbandonMutation(O->Context, Req->Task, Req->Mutation)));
  say("toy reader BeginMutation %s",
      sname(O->BeginMutation(O->Context, Req->Task, Req->Graph, &M2)));
  return status(0);
}

static NevercStatus NEVERC_CALL writeToy(void *U,
                                         const NevercObjectWriteRequest *Req) {
  const NevercObjectAPI *O = Req->Object;
  const NevercMutableBinaryAPI *B = Req->Binary;
  NevercObjectSectionHandle S;
  NevercObjectSectionInfo I;
  NevercObjectLayoutProofInfo PI;
  NevercObjectGraphInfo GI;
  NevercStatus St;
  uint32_t Count = 0;
  uint8_t LE[4];
  uint8_t Back[4];
  uint64_t Pos = 0;
  NevercMutableByteView Into;
  const char *Me = (uint64_t)(uintptr_t)U == TOY_LOW ? "toy" : "toy10";
  say("%s writer request minor=%u flags=0x%" PRIx64 " format=%s", Me,
      (unsigned)Req->Header.Minor, Req->Header.Flags,
      formatName(Req->FormatID));
  if (Req->Header.Flags) {
    /* A 1.1 writer refuses what it does not implement, never ignores it. */
    say("%s writer refuses the flags: CAPABILITY_UNAVAILABLE", Me);
    return status(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
  if (mode("toy-empty")) {
    say("%s writer writes nothing", Me);
    return status(0);
  }
  if (mode("toy-overflow")) {
    say("%s writer Reserve(8) %s", Me,
        sname(B->Reserve(B->Context, Req->Task, Req->Builder, 8)));
    St = B->Write(B->Context, Req->Task, Req->Builder, bv("TOY1-and-more", 13));
    say("%s writer Write(13) %s", Me, sname(St));
    return St;
  }
  St = proofInfo(O, Req->Task, Req->LayoutProof, &PI);
  graphInfo(O, Req->Task, Req->Graph, &GI);
  say("%s writer proof %s format=%s gen=%" PRIu64 " graph-gen=%" PRIu64, Me,
      sname(St), formatName(PI.FormatID), PI.GraphGeneration, GI.Generation);
  if ((St = B->Write(B->Context, Req->Task, Req->Builder, bv("TOY1", 4))).Code)
    return St;
  Count = (uint32_t)GI.SectionCount;
  LE[0] = (uint8_t)Count;
  LE[1] = (uint8_t)(Count >> 8);
  LE[2] = (uint8_t)(Count >> 16);
  LE[3] = (uint8_t)(Count >> 24);
  if ((St = B->Write(B->Context, Req->Task, Req->Builder, bv(LE, 4))).Code)
    return St;
  St = O->GetFirstSection(O->Context, Req->Task, Req->Graph, &S);
  while (!St.Code && !isNull(S)) {
    if ((St = sectionInfo(O, Req->Task, S, &I)).Code)
      return St;
    if ((St = B->Write(B->Context, Req->Task, Req->Builder,
                       bv(I.Name.Data, (size_t)I.Name.Length)))
            .Code ||
        (St = B->Write(B->Context, Req->Task, Req->Builder, bv("", 1))).Code)
      return St;
    St = O->GetNextSection(O->Context, Req->Task, S, &S);
  }
  if (St.Code)
    return St;
  B->Tell(B->Context, Req->Task, Req->Builder, &Pos);
  Into.Data = Back;
  Into.Length = 4;
  St = B->ReadAt(B->Context, Req->Task, Req->Builder, 0, Into);
  say("%s writer wrote %" PRIu64 " bytes, ReadAt %s magic=%d", Me, Pos,
      sname(St), !memcmp(Back, "TOY1", 4));
  requestTarget(!strcmp(Me, "toy") ? "toy writer" : "toy10 writer",
                &Req->Target);
  return status(0);
}

#ifdef OBJECT_TEST_FORMAT_DESTROY
/* A registered format's UserData goes with the domain, once; a refused
 * registration's stays the plugin's (the host never destroys it). Plain
 * stderr: it runs when the domain goes, after the last session. */
static void NEVERC_CALL formatDestroy(void *U) {
  fprintf(stderr, "object: format DestroyUserData(%u)\n",
          (unsigned)(uintptr_t)U);
}
#endif

static NevercObjectFormatDescriptor
toyDescriptor(uint64_t Low, const char *Name, uint16_t Minor) {
  NevercObjectFormatDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_OBJECT_FORMAT_API_MAJOR, Minor);
  D.FormatID.High = TOY_HIGH;
  D.FormatID.Low = Low;
  D.CanonicalName = sv(Name);
  D.DefaultExtension = sv(".toy");
  D.Flags = NEVERC_OBJECT_FORMAT_CAN_PROBE | NEVERC_OBJECT_FORMAT_CAN_READ |
            NEVERC_OBJECT_FORMAT_CAN_WRITE;
  D.Probe = probeFormat;
  D.Reader = readToy;
  D.Writer = writeToy;
  D.UserData = (void *)(uintptr_t)Low;
#ifdef OBJECT_TEST_FORMAT_DESTROY
  D.DestroyUserData = formatDestroy;
#endif
  return D;
}

static void formatCheck(const char *What, NevercStatus S) {
  say("RegisterFormat(%s) %s", What, sname(S));
}

static NevercStatus registerFormats(void *Ctx) {
  const NevercObjectFormatAPI *FA = G.Format;
  NevercObjectFormatDescriptor D;
  NevercStatus S;
  D = toyDescriptor(TOY_LOW, "toy",
                    NEVERC_OBJECT_WRITE_REQUEST_FLAGS_API_MINOR);
  S = FA->RegisterFormat(FA->Context, Ctx, &D);
  formatCheck("toy", S);
  if (S.Code)
    return S;
  formatCheck("toy again", FA->RegisterFormat(FA->Context, Ctx, &D));
  D = toyDescriptor(TOY_LOW + 100, "toy", 1);
  formatCheck("another ID, name toy", FA->RegisterFormat(FA->Context, Ctx, &D));
  D = toyDescriptor(TOY_LOW + 100, "toy-elf", 1);
  D.FormatID.High = NEVERC_OBJECT_FORMAT_ELF_HIGH;
  D.FormatID.Low = NEVERC_OBJECT_FORMAT_ELF_LOW;
  formatCheck("the ELF ID", FA->RegisterFormat(FA->Context, Ctx, &D));
  D = toyDescriptor(TOY_LOW + 101, "toy-noread", 1);
  D.Reader = NULL;
  formatCheck("CAN_READ without a Reader",
              FA->RegisterFormat(FA->Context, Ctx, &D));
  D = toyDescriptor(TOY_LOW + 102, "toy-major", 1);
  D.Header.Major = 99;
  formatCheck("major 99", FA->RegisterFormat(FA->Context, Ctx, &D));
  formatCheck("null", FA->RegisterFormat(FA->Context, Ctx, NULL));
  D = toyDescriptor(TOY10_LOW, "toy10", 0);
  if ((S = FA->RegisterFormat(FA->Context, Ctx, &D)).Code) {
    formatCheck("toy10", S);
    return S;
  }
  formatCheck("toy10", S);
  D = toyDescriptor(BADPROBE_LOW, "badprobe", 1);
  D.Flags = NEVERC_OBJECT_FORMAT_CAN_PROBE;
  D.Reader = NULL;
  D.Writer = NULL;
  S = FA->RegisterFormat(FA->Context, Ctx, &D);
  formatCheck("badprobe", S);
  return S;
}
#endif

/* --- registration --------------------------------------------------------- */

static NevercStatus observer(const NevercRegistrarAPI *Reg, void *Ctx,
                             const PhaseRow *P, NevercObserverPoint Points) {
  NevercObserverDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = P->High;
  O.Phase.Low = P->Low;
  O.Points = Points;
  O.Callback = observe;
  O.UserData = (void *)P;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus interceptor(const NevercRegistrarAPI *Reg, void *Ctx,
                                const PhaseRow *P) {
  NevercInterceptorDescriptor I;
  memset(&I, 0, sizeof I);
  I.Header =
      tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = P->High;
  I.Phase.Low = P->Low;
  I.Callback = intercept;
  I.UserData = (void *)P;
  return Reg->RegisterInterceptor(Ctx, &I);
}

#if defined(OBJECT_TEST_PROVIDERS) || defined(OBJECT_TEST_PROBE_PROVIDER)
/* --- providers (OBJECT_TEST_PROVIDERS, OBJECT_TEST_PROBE_PROVIDER) -------- */

/* x86-64: mov $42, %eax; ret */
static const uint8_t AnswerCode[6] = {0xb8, 0x2a, 0x00, 0x00, 0x00, 0xc3};
static const uint8_t ValueData[4] = {7, 0, 0, 0};

/* read: a graph built from nothing (not from the compiler's bytes). */
static NevercStatus provideRead(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Text, Data, Stack;
  NevercObjectSymbolHandle Y;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor SD;
  NevercStatus S;
  if ((S = getGraph(F, F->CurrentOutput, &PG)).Code) {
    say("read provider GetGraph %s", sname(S));
    return S;
  }
  O = PG.Object;
  graphInfo(O, F->Task, PG.Graph, &GI);
  say("read provider graph sections=%" PRIu64 " gen=%" PRIu64, GI.SectionCount,
      GI.Generation);
  if ((S = O->BeginMutation(O->Context, F->Task, PG.Graph, &M)).Code)
    return S;
  D = dataSection(".text", AnswerCode, sizeof AnswerCode);
  D.Kind = NEVERC_OBJECT_SECTION_KIND_TEXT;
  D.Flags = NEVERC_OBJECT_SECTION_ALLOCATED | NEVERC_OBJECT_SECTION_EXECUTABLE;
  D.Alignment = 16;
  if (!(S = O->CreateSection(O->Context, F->Task, M, &D, &Text)).Code) {
    SD = definedSymbol("provided_answer", Text, sizeof AnswerCode);
    SD.Type = NEVERC_OBJECT_SYMBOL_TYPE_FUNCTION;
    S = O->CreateSymbol(O->Context, F->Task, M, &SD, &Y);
  }
  if (!S.Code) {
    D = dataSection(".data", ValueData, sizeof ValueData);
    D.Flags |= NEVERC_OBJECT_SECTION_WRITABLE;
    D.Alignment = 4;
    S = O->CreateSection(O->Context, F->Task, M, &D, &Data);
  }
  if (!S.Code) {
    SD = definedSymbol("provided_value", Data, sizeof ValueData);
    S = O->CreateSymbol(O->Context, F->Task, M, &SD, &Y);
  }
  if (!S.Code) {
    D = dataSection(".note.GNU-stack", NULL, 0);
    D.Flags = 0;
    S = O->CreateSection(O->Context, F->Task, M, &D, &Stack);
  }
  if (S.Code) {
    say("read provider staging %s", sname(S));
    O->AbandonMutation(O->Context, F->Task, M);
    return S;
  }
  S = O->CommitMutation(O->Context, F->Task, M);
  graphInfo(O, F->Task, PG.Graph, &GI);
  say("read provider CommitMutation %s sections=%" PRIu64 " symbols=%" PRIu64
      " gen=%" PRIu64,
      sname(S), GI.SectionCount, GI.SymbolCount, GI.Generation);
  return S;
}

/* write (mode=provide-write): the provider's own image, "PROV" and the
 * section names, through the candidate's builder. */
static NevercStatus provideWrite(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectImageInfo I;
  NevercObjectSectionHandle S;
  NevercObjectSectionInfo SI;
  NevercStatus St;
  if ((St = getGraph(F, F->Input, &PG)).Code ||
      (St = getImage(F, F->CurrentOutput, &I)).Code) {
    say("write provider %s", sname(St));
    return St;
  }
  St = I.Binary->Write(I.Binary->Context, F->Task, I.Builder, bv("PROV", 4));
  if (!St.Code)
    St = PG.Object->GetFirstSection(PG.Object->Context, F->Task, PG.Graph, &S);
  while (!St.Code && !isNull(S)) {
    if (!(St = sectionInfo(PG.Object, F->Task, S, &SI)).Code)
      St = I.Binary->Write(I.Binary->Context, F->Task, I.Builder,
                           bv(SI.Name.Data, (size_t)SI.Name.Length));
    if (!St.Code)
      St = I.Binary->Write(I.Binary->Context, F->Task, I.Builder, bv(" ", 1));
    if (!St.Code)
      St = PG.Object->GetNextSection(PG.Object->Context, F->Task, S, &S);
  }
  getImage(F, F->CurrentOutput, &I);
  say("write provider wrote %s size=%" PRIu64 " state=%s", sname(St), I.Size,
      stateName(I.State));
  return St;
}

static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *R, void *U) {
  const PhaseRow *P = (const PhaseRow *)U;
  NevercStatus S = status(0);
  NevercArtifactHandle Out = F->Input;
  switch (P->Key) {
  case P_PROBE:
    /* No slot names a format: the probe result stays empty. */
    say("probe provider answers no format");
    Out = F->CurrentOutput;
    break;
  case P_READ:
    S = provideRead(F);
    Out = F->CurrentOutput;
    break;
  case P_PRE_WRITE:
  case P_POST_LAYOUT: {
    NevercObjectPhaseGraphInfo PG;
    NevercObjectGraphInfo GI;
    if (!getGraph(F, F->Input, &PG).Code &&
        !graphInfo(PG.Object, F->Task, PG.Graph, &GI).Code)
      say("%s provider graph sections=%" PRIu64 " gen=%" PRIu64 " proof=%d",
          P->Name, GI.SectionCount, GI.Generation, GI.HasLayoutProof ? 1 : 0);
    break;
  }
  case P_WRITE:
    if (!mode("provide-write")) {
      /* FallbackSafe and RECOVERABLE: the built-in writer takes over. */
      say("write provider declines (recoverable)");
      S = status(NEVERC_STATUS_PLUGIN_FAILURE);
      S.Flags = NEVERC_STATUS_FLAG_RECOVERABLE;
      return S;
    }
    S = provideWrite(F);
    Out = F->CurrentOutput;
    break;
  default:
    break;
  }
  if (S.Code)
    return S;
  R->Action = NEVERC_PHASE_REPLACE;
  R->Output = Out;
  return status(0);
}

static NevercStatus providerOn(const NevercRegistrarAPI *Reg, void *Ctx,
                               const PhaseRow *P) {
  NevercProviderDescriptor D;
  NevercStatus S;
  memset(&D, 0, sizeof D);
  D.Header =
      tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Phase.High = P->High;
  D.Phase.Low = P->Low;
  D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                            NEVERC_PLUGIN_ABI_MINOR);
  D.ProviderID = sv("object-test");
  D.FallbackSafe = NEVERC_TRUE;
  D.Callback = provide;
  D.UserData = (void *)P;
  S = Reg->RegisterProvider(Ctx, &D);
  say("RegisterProvider(%s) %s", P->Name, sname(S));
  return S;
}
#endif

#ifdef OBJECT_TEST_SEAL
static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *R, void *U) {
  (void)U;
  R->Action = NEVERC_PHASE_REPLACE;
  R->Output = F->Input;
  return status(0);
}

/* The registrar took UserData: the host destroys it once, also when it
 * refuses the registration when applying it. */
static void NEVERC_CALL sealDestroy(void *U) {
  say("seal DestroyUserData(%s)", ((const PhaseRow *)U)->Name);
}

static NevercStatus sealInterceptor(const NevercRegistrarAPI *Reg, void *Ctx,
                                    const PhaseRow *P) {
  NevercInterceptorDescriptor I;
  memset(&I, 0, sizeof I);
  I.Header =
      tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = P->High;
  I.Phase.Low = P->Low;
  I.Callback = intercept;
  I.UserData = (void *)P;
  I.DestroyUserData = sealDestroy;
  return Reg->RegisterInterceptor(Ctx, &I);
}

static NevercStatus provider(const NevercRegistrarAPI *Reg, void *Ctx,
                             const PhaseRow *P) {
  NevercProviderDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header =
      tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Phase.High = P->High;
  D.Phase.Low = P->Low;
  D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                            NEVERC_PLUGIN_ABI_MINOR);
  D.ProviderID = sv("object-test");
  D.Callback = provide;
  D.UserData = (void *)P;
  D.DestroyUserData = sealDestroy;
  return Reg->RegisterProvider(Ctx, &D);
}
#endif

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercOptionDescriptor Opt;
  NevercStatus S;
  unsigned K;
  (void)PS;
  G.Core = Core;
  G.Registrar = Ctx;
  G.Phase = (const NevercObjectPhaseAPI *)tpQuery(
      Core, NEVERC_INTERFACE_OBJECT_PHASE_HIGH,
      NEVERC_INTERFACE_OBJECT_PHASE_LOW, NEVERC_OBJECT_PHASE_API_MAJOR,
      NEVERC_OBJECT_PHASE_API_MINOR);
  G.Format = (const NevercObjectFormatAPI *)tpQuery(
      Core, NEVERC_INTERFACE_OBJECT_FORMAT_HIGH,
      NEVERC_INTERFACE_OBJECT_FORMAT_LOW, NEVERC_OBJECT_FORMAT_API_MAJOR,
      NEVERC_OBJECT_FORMAT_API_MINOR);
  if (!G.Phase || !G.Format ||
      !tpQuery(Core, NEVERC_INTERFACE_OBJECT_HIGH, NEVERC_INTERFACE_OBJECT_LOW,
               NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR))
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  memset(&Opt, 0, sizeof Opt);
  Opt.Header =
      tpHeader(sizeof Opt, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  Opt.Spelling = sv("--mode");
  Opt.Form = NEVERC_OPTION_SEPARATE;
  Opt.ValueType = NEVERC_OPTION_STRING;
  Opt.Multiplicity = NEVERC_OPTION_LAST_WINS;
  if ((S = Reg->RegisterOption(Ctx, &Opt)).Code)
    return S;
  for (K = 0; K < P_COUNT; ++K)
    if ((S = observer(Reg, Ctx, &Phases[K], Phases[K].Points)).Code)
      return S;
#ifndef OBJECT_TEST_OBSERVE_ONLY
  for (K = 0; K < P_COUNT; ++K)
    if (Phases[K].Intercept && (S = interceptor(Reg, Ctx, &Phases[K])).Code)
      return S;
#else
  (void)interceptor; /* the observers alone */
#endif
#ifdef OBJECT_TEST_FORMATS
  if ((S = registerFormats(Ctx)).Code)
    return S;
#endif
#ifdef OBJECT_TEST_PROVIDERS
  if ((S = providerOn(Reg, Ctx, &Phases[P_READ])).Code ||
      (S = providerOn(Reg, Ctx, &Phases[P_PRE_WRITE])).Code ||
      (S = providerOn(Reg, Ctx, &Phases[P_POST_LAYOUT])).Code ||
      (S = providerOn(Reg, Ctx, &Phases[P_WRITE])).Code)
    return S;
#endif
#ifdef OBJECT_TEST_PROBE_PROVIDER
  if ((S = providerOn(Reg, Ctx, &Phases[P_PROBE])).Code)
    return S;
#endif
#ifdef OBJECT_TEST_SEAL
  /* Rules 2 and 3: the sealed gates take observers only, post_write is not
   * replaceable. Each registration the host refuses, it refuses the
   * plugin for. */
  say("seal RegisterInterceptor(final_verify) %s",
      sname(sealInterceptor(Reg, Ctx, &Phases[P_FINAL_VERIFY])));
  say("seal RegisterInterceptor(commit) %s",
      sname(sealInterceptor(Reg, Ctx, &Phases[P_COMMIT])));
  say("seal RegisterProvider(post_write) %s",
      sname(provider(Reg, Ctx, &Phases[P_POST_WRITE])));
  say("seal RegisterProvider(final_verify) %s",
      sname(provider(Reg, Ctx, &Phases[P_FINAL_VERIFY])));
  say("seal RegisterObserver(commit, AFTER) %s",
      sname(observer(Reg, Ctx, &Phases[P_COMMIT], NEVERC_OBSERVER_AFTER)));
#endif
  return status(0);
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  NevercStringView V;
  uint64_t N = 0;
  NevercStringView Id = {ID, sizeof ID - 1};
  NevercStringView Sp = {"--mode", 6};
  (void)PS, (void)Out;
  strcpy(G.Mode, "observe");
  if (!Core->GetPluginOptionValueCount(Core->Context, S, Id, Sp, &N).Code &&
      N &&
      !Core->GetPluginOptionValue(Core->Context, S, Id, Sp, N - 1, &V).Code &&
      V.Length < sizeof G.Mode) {
    memcpy(G.Mode, V.Data, (size_t)V.Length);
    G.Mode[V.Length] = 0;
  }
#ifdef OBJECT_TEST_FORMATS
  {
    NevercObjectFormatDescriptor D = toyDescriptor(TOY_LOW + 103, "late", 1);
    /* Registration time is over. */
    say("RegisterFormat(after Register) %s",
        sname(G.Format->RegisterFormat(G.Format->Context, G.Registrar, &D)));
  }
#endif
  return status(0);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "object test plugin", registerPlugin, sessionBegin,
                         NULL, NULL)
