/*===- ObjectTestPlugin.c - The object domain's test plugin ---------------===*/
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
 *
 * The plugin is split by concern (ObjectTestPlugin.h says what each file
 * holds): this file is the entry, registration, the observers, the
 * interceptor's dispatch by mode and the read-only walks; the modes that
 * change the graph or the image are in ObjectTestMutations.c, the toy
 * formats and the providers in ObjectTestFormats.c.
 */
#include "ObjectTestPlugin.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#define ID "org.neverc.test.object"

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

struct ObjectTestState G;

/* --- helpers -------------------------------------------------------------- */

int mode(const char *M) { return !strcmp(G.Mode, M); }

void say(const char *Fmt, ...) {
  char M[768];
  int N = snprintf(M, sizeof M, "object: ");
  va_list Ap;
  va_start(Ap, Fmt);
  vsnprintf(M + N, sizeof M - (size_t)N, Fmt, Ap);
  va_end(Ap);
  tpRemark(G.Core, ID, M);
}

/* clang-format off */
const char *sname(NevercStatus S) {
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

const char *stateName(NevercObjectImageState S) {
  switch (S) {
  case NEVERC_OBJECT_IMAGE_CANDIDATE: return "CANDIDATE";
  case NEVERC_OBJECT_IMAGE_VERIFIED: return "VERIFIED";
  case NEVERC_OBJECT_IMAGE_COMMITTED: return "COMMITTED";
  case NEVERC_OBJECT_IMAGE_ABORTED: return "ABORTED";
  case NEVERC_OBJECT_IMAGE_FAILED_PARTIAL: return "FAILED_PARTIAL";
  default: return "?";
  }
}

const char *outputStateName(NevercOutputState S) {
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
const char *visibilityName(uint32_t K) {
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

const char *formatName(NevercObjectFormatID F) {
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

const char *targetName(NevercTargetID T) {
  if (T.High == NEVERC_TARGET_ID_X86_64_HIGH &&
      T.Low == NEVERC_TARGET_ID_X86_64_LOW)
    return "x86-64";
  if (T.High == NEVERC_TARGET_ID_AARCH64_HIGH &&
      T.Low == NEVERC_TARGET_ID_AARCH64_LOW)
    return "aarch64";
  return "none";
}

const uint8_t ElfMagic[4] = {0x7f, 'E', 'L', 'F'};

int isNull(NevercHandle H) { return !H.Owner && !H.Value; }
int same(NevercHandle A, NevercHandle B) {
  return A.Owner == B.Owner && A.Value == B.Value;
}

NevercABITableHeader objHeader(uint32_t Size) {
  return tpHeader(Size, NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR);
}

NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

NevercByteView bv(const void *P, size_t N) {
  NevercByteView V;
  V.Data = (const uint8_t *)P;
  V.Length = N;
  return V;
}

NevercStatus getGraph(const NevercPhaseFrame *F, NevercArtifactHandle A,
                      NevercObjectPhaseGraphInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = tpHeader(sizeof *Out, NEVERC_OBJECT_PHASE_API_MAJOR,
                         NEVERC_OBJECT_PHASE_API_MINOR);
  return G.Phase->GetGraph(G.Phase->Context, F, A, Out);
}

NevercStatus getImage(const NevercPhaseFrame *F, NevercArtifactHandle A,
                      NevercObjectImageInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = tpHeader(sizeof *Out, NEVERC_OBJECT_PHASE_API_MAJOR,
                         NEVERC_OBJECT_PHASE_API_MINOR);
  return G.Phase->GetImage(G.Phase->Context, F, A, Out);
}

NevercStatus graphInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                       NevercObjectGraphHandle Graph,
                       NevercObjectGraphInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = objHeader(sizeof *Out);
  return O->GetGraphInfo(O->Context, T, Graph, Out);
}

NevercStatus sectionInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                         NevercObjectSectionHandle S,
                         NevercObjectSectionInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = objHeader(sizeof *Out);
  return O->GetSectionInfo(O->Context, T, S, Out);
}

NevercStatus symbolInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                        NevercObjectSymbolHandle S,
                        NevercObjectSymbolInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = objHeader(sizeof *Out);
  return O->GetSymbolInfo(O->Context, T, S, Out);
}

NevercStatus proofInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                       NevercObjectLayoutProofHandle P,
                       NevercObjectLayoutProofInfo *Out) {
  memset(Out, 0, sizeof *Out);
  Out->Header = objHeader(sizeof *Out);
  return O->GetLayoutProofInfo(O->Context, T, P, Out);
}

/* The sections in graph order, "a,b,c" (for the lit tests to check order). */
void sectionList(const NevercObjectAPI *O, NevercTaskHandle T,
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

NevercObjectSectionDescriptor dataSection(const char *Name, const void *Data,
                                          size_t N) {
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

NevercObjectSymbolDescriptor
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

/* --- interceptors --------------------------------------------------------- */

NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
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
