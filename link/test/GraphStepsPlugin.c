/*
 * The graph linker's test plugin (tests/lit/link/graph-*.c): observers
 * before and after each of the thirteen fine-grained link phases, and an
 * interceptor on gc, icf, synthesize and layout. --steps-mode=M picks what they
 * do; --steps-symbol=S names the symbol the mutations are about.
 *
 *   observe   (default) every observer says the step, the graph's state
 *             and generation; after resolve_symbols the graph's counts,
 *             S found by paging the symbols (and read again alone), its
 *             atom and an edge; after synthesize the imports; after layout
 *             the addresses; an observer's BeginMutation is refused
 *   root      the gc interceptor makes S a GC root, then calls on
 *   drop      the gc interceptor makes S's atom dead, then calls on
 *   replace   the icf interceptor replaces S's atom with "mov $42,%eax;
 *             ret" (its relocations go with the old bytes)
 *   late-root the synthesize interceptor calls on, then makes S a root:
 *             gc, icf and synthesize run again as phases
 *   retarget  the gc interceptor points the first edge that targets
 *             --steps-from=F at S instead (RetargetEdge): the steps from
 *             resolve_symbols run again, and calls to F reach S
 *   retarget-atom  the same, at the start of S's atom
 *   rebind    the gc interceptor makes the start of --steps-from=F's atom
 *             define S (RebindSymbol): calls to S reach F's code
 *   hide      the gc interceptor makes S hidden and not exported
 *             (SetSymbolResolution); weaken: weak, and exported
 *   misuse    the gc interceptor tries what the rules refuse, each with
 *             its status
 *   quiet     the observers return at once (tests/bench/link/graph.sh:
 *             what being observed on every step costs)
 *   skip      the icf interceptor skips icf with the proof GetGraph gave
 *             (there is one when icf has nothing to do: no --icf), or
 *             calls on when it got none
 *   skip-gc   the gc interceptor skips gc with the proof it got (none:
 *             gc always has work), so the executor refuses the skip
 *   skip-stale  the icf interceptor takes its proof, then roots S (a
 *             commit: the proof goes stale) and skips with it: icf runs
 *   synthetic the gc interceptor gives S's atom an output section of its
 *             own, .text.neverc_hot (CreateSynthetic, with the refusals);
 *             the layout interceptor renames it .text.neverc_hot2
 *             (ReplaceSynthetic) and is refused the linker's own ones:
 *             synthesize and the steps after it run again;
 *             synthetic-erase: the layout interceptor erases it instead
 *   edges     after resolve_symbols: every edge paged, the debug ones
 *             among them, one read alone
 *   order     the gc interceptor makes S's atom first in its output section
 *             (an atom-order constraint, rank 0), with the constraint
 *             slots' refusals; align: aligns it to 4096 (atom-align);
 *             order-gone: a required order on an atom gc drops
 *
 * GRAPH_STEPS_PROVIDER (GraphStepsProviderPlugin): the observers, and a
 * provider instead of the interceptors on the step the environment names
 * (NEVERC_TEST_GRAPH_PROVIDE=gc, ...: Register runs before any plugin
 * option can be read); see provide().
 */
#include "TestPlugin.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const char ID[] = "org.neverc.test.graph-steps";

#define STEPS 13
static const char *const Names[STEPS] = {
    "input_probe",     "read_inputs",   "lto_resolve", "lto_generate",
    "resolve_symbols", "select_comdat", "gc",          "icf",
    "synthesize",      "relax_thunks",  "layout",      "relocate",
    "emit_image"};
static const uint64_t High = NEVERC_PHASE_LINK_INPUT_PROBE_HIGH;

static struct {
  const NevercCoreAPI *Core;
  const NevercLinkPhaseAPI *Phase;
  char Mode[32];
  char Symbol[128];
  char From[128];
  int Done;
  uint64_t Subject;
  NevercLinkConstraintHandle Constraint;
  NevercLinkSyntheticHandle Made;
} G;

static int mode(const char *M) { return !strcmp(G.Mode, M); }

static void say(const char *Fmt, ...) {
  char M[768];
  int N = snprintf(M, sizeof M, "steps: ");
  va_list Ap;
  va_start(Ap, Fmt);
  vsnprintf(M + N, sizeof M - (size_t)N, Fmt, Ap);
  va_end(Ap);
  tpRemark(G.Core, ID, M);
}

static int graphOf(const NevercPhaseFrame *F, NevercLinkPhaseGraphInfo *I) {
  memset(I, 0, sizeof *I);
  I->Header = tpHeader(sizeof *I, NEVERC_LINK_PHASE_API_MAJOR,
                       NEVERC_LINK_PHASE_API_MINOR);
  return !G.Phase->GetGraph(G.Phase->Context, F, F->Input, I).Code;
}

static NevercLinkEntityPage page(void *Data, uint64_t Capacity,
                                 uint64_t Stride) {
  NevercLinkEntityPage P;
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  P.Data = Data;
  P.ElementCapacity = Capacity;
  P.ElementStride = Stride;
  return P;
}

/* The symbol named S, found by paging (8 at a time). */
static int findNamed(const NevercPhaseFrame *F,
                     const NevercLinkPhaseGraphInfo *I, const char *Name,
                     NevercLinkSymbolInfo *Out) {
  NevercLinkSymbolInfo Buf[8];
  NevercLinkEntityPage P = page(Buf, 8, sizeof Buf[0]);
  uint64_t Cursor = 0, K;
  do {
    if (I->Link->GetSymbolPage(I->Link->Context, F->Task, I->Graph, Cursor, &P)
            .Code)
      return 0;
    for (K = 0; K < P.OutCount; ++K)
      if (tpSame(Buf[K].Name, Name)) {
        *Out = Buf[K];
        return 1;
      }
    Cursor = P.NextCursor;
  } while (P.HasMore);
  return 0;
}

static int findSymbol(const NevercPhaseFrame *F,
                      const NevercLinkPhaseGraphInfo *I,
                      NevercLinkSymbolInfo *Out) {
  return findNamed(F, I, G.Symbol, Out);
}

/* The position of atom A in the atom pager's order (-1: not found). */
static int64_t atomOrdinal(const NevercPhaseFrame *F,
                           const NevercLinkPhaseGraphInfo *I,
                           NevercLinkAtomHandle A) {
  NevercLinkAtomInfo Buf[16];
  NevercLinkEntityPage P = page(Buf, 16, sizeof Buf[0]);
  uint64_t Cursor = 0, K, N = 0;
  do {
    if (I->Link->GetAtomPage(I->Link->Context, F->Task, I->Graph, Cursor, &P)
            .Code)
      return -1;
    for (K = 0; K < P.OutCount; ++K, ++N)
      if (Buf[K].Atom.Owner == A.Owner && Buf[K].Atom.Value == A.Value)
        return (int64_t)N;
    Cursor = P.NextCursor;
  } while (P.HasMore);
  return -1;
}

static NevercLinkConstraintInfo constraint(const char *Kind, uint64_t Subject,
                                           uint64_t Value, NevercBool Req) {
  NevercLinkConstraintInfo C;
  memset(&C, 0, sizeof C);
  C.Header = tpHeader(sizeof C, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  C.Kind.Data = Kind;
  C.Kind.Length = strlen(Kind);
  C.SubjectID = Subject;
  C.Value = Value;
  C.Required = Req;
  return C;
}

static void sayConstraint(const NevercPhaseFrame *F, const NevercLinkAPI *L,
                          const char *What, NevercLinkConstraintHandle H) {
  NevercLinkConstraintInfo Info;
  NevercStatus S;
  memset(&Info, 0, sizeof Info);
  Info.Header =
      tpHeader(sizeof Info, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  S = L->GetConstraintInfo(L->Context, F->Task, H, &Info);
  if (S.Code)
    say("GetConstraintInfo(%s) %s", What, tpCode(S));
  else
    say("GetConstraintInfo(%s) OK %.*s value=%llu required=%d", What,
        (int)Info.Kind.Length, Info.Kind.Data, (unsigned long long)Info.Value,
        (int)Info.Required);
}

/* order, align, order-gone: constraints on S's atom (M is open). */
static void constrain(const NevercPhaseFrame *F,
                      const NevercLinkPhaseGraphInfo *I,
                      const NevercLinkSymbolInfo *S,
                      NevercLinkMutationHandle M) {
  const NevercLinkAPI *L = I->Link;
  NevercLinkConstraintInfo C, Bad;
  NevercLinkConstraintHandle H;
  int64_t N = atomOrdinal(F, I, S->Atom);
  say("atom of %s found=%d", G.Symbol, N >= 0);
  if (N < 0)
    return;
  G.Subject = (uint64_t)N;
  if (mode("align")) {
    C = constraint("atom-align", (uint64_t)N, 4096, NEVERC_TRUE);
    say("CreateConstraint(atom-align 4096) %s",
        tpCode(L->CreateConstraint(L->Context, F->Task, M, &C, &H)));
    return;
  }
  if (mode("order")) {
    Bad = constraint("before", (uint64_t)N, 0, 0);
    say("CreateConstraint(unknown kind) %s",
        tpCode(L->CreateConstraint(L->Context, F->Task, M, &Bad, &H)));
    Bad = constraint("atom-order", 1u << 30, 0, 0);
    say("CreateConstraint(no such atom) %s",
        tpCode(L->CreateConstraint(L->Context, F->Task, M, &Bad, &H)));
    Bad = constraint("atom-align", (uint64_t)N, 3, 0);
    say("CreateConstraint(align 3) %s",
        tpCode(L->CreateConstraint(L->Context, F->Task, M, &Bad, &H)));
    Bad = constraint("atom-order", (uint64_t)N, 0, 7);
    say("CreateConstraint(bad bool) %s",
        tpCode(L->CreateConstraint(L->Context, F->Task, M, &Bad, &H)));
  }
  C = constraint("atom-order", (uint64_t)N, 0, NEVERC_TRUE);
  say("CreateConstraint(atom-order 0) %s",
      tpCode(L->CreateConstraint(L->Context, F->Task, M, &C, &G.Constraint)));
  if (mode("order")) {
    sayConstraint(F, L, "staged", G.Constraint);
    say("EraseConstraint(staged) %s",
        tpCode(L->EraseConstraint(L->Context, F->Task, M, G.Constraint)));
  }
}

static NevercLinkMutationHandle begin(const NevercPhaseFrame *F,
                                      const NevercLinkPhaseGraphInfo *I);

/* order, after the commit: the constraint read back, then replaced and
 * erased in a mutation that is abandoned (nothing changes), and one made
 * in an abandoned mutation (its handle goes stale). */
static void constraintsAfter(const NevercPhaseFrame *F,
                             const NevercLinkPhaseGraphInfo *I) {
  const NevercLinkAPI *L = I->Link;
  NevercLinkConstraintInfo Buf[8], C;
  NevercLinkEntityPage P = page(Buf, 8, sizeof Buf[0]);
  NevercLinkConstraintHandle Gone;
  NevercLinkMutationHandle M;
  say("GetConstraintPage %s count=%llu",
      tpCode(L->GetConstraintPage(L->Context, F->Task, I->Graph, 0, &P)),
      (unsigned long long)P.OutCount);
  sayConstraint(F, L, "committed", G.Constraint);
  M = begin(F, I);
  C = constraint("atom-order", G.Subject, 5, NEVERC_FALSE);
  say("ReplaceConstraint %s",
      tpCode(L->ReplaceConstraint(L->Context, F->Task, M, G.Constraint, &C)));
  say("EraseConstraint %s",
      tpCode(L->EraseConstraint(L->Context, F->Task, M, G.Constraint)));
  say("CreateConstraint(abandoned) %s",
      tpCode(L->CreateConstraint(L->Context, F->Task, M, &C, &Gone)));
  say("AbandonMutation %s", tpCode(L->AbandonMutation(L->Context, F->Task, M)));
  sayConstraint(F, L, "after the abandon", G.Constraint);
  sayConstraint(F, L, "abandoned", Gone);
  M = begin(F, I);
  C = constraint("atom-order", G.Subject, 5, NEVERC_TRUE);
  say("ReplaceConstraint %s",
      tpCode(L->ReplaceConstraint(L->Context, F->Task, M, G.Constraint, &C)));
  say("CommitMutation %s", tpCode(L->CommitMutation(L->Context, F->Task, M)));
  sayConstraint(F, L, "replaced", G.Constraint);
  /* One more, then erased by a commit of its own. */
  M = begin(F, I);
  say("ReplaceConstraint(no descriptor) %s",
      tpCode(L->ReplaceConstraint(L->Context, F->Task, M, G.Constraint, NULL)));
  C = constraint("atom-align", G.Subject, 16, NEVERC_FALSE);
  say("CreateConstraint(atom-align 16) %s",
      tpCode(L->CreateConstraint(L->Context, F->Task, M, &C, &Gone)));
  say("CommitMutation %s", tpCode(L->CommitMutation(L->Context, F->Task, M)));
  M = begin(F, I);
  say("EraseConstraint %s",
      tpCode(L->EraseConstraint(L->Context, F->Task, M, Gone)));
  say("CommitMutation %s", tpCode(L->CommitMutation(L->Context, F->Task, M)));
  sayConstraint(F, L, "erased", Gone);
  P = page(Buf, 8, sizeof Buf[0]);
  say("GetConstraintPage %s count=%llu",
      tpCode(L->GetConstraintPage(L->Context, F->Task, I->Graph, 0, &P)),
      (unsigned long long)P.OutCount);
}

/* The first edge whose target symbol is named From. */
static int findEdgeTo(const NevercPhaseFrame *F,
                      const NevercLinkPhaseGraphInfo *I,
                      NevercLinkEdgeInfo *Out) {
  NevercLinkEdgeInfo Buf[16];
  NevercLinkEntityPage P = page(Buf, 16, sizeof Buf[0]);
  uint64_t Cursor = 0, K;
  do {
    if (I->Link->GetEdgePage(I->Link->Context, F->Task, I->Graph, Cursor, &P)
            .Code)
      return 0;
    for (K = 0; K < P.OutCount; ++K) {
      NevercLinkSymbolInfo S;
      memset(&S, 0, sizeof S);
      S.Header =
          tpHeader(sizeof S, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
      if (Buf[K].TargetSymbol.Value &&
          !I->Link
               ->GetSymbolInfo(I->Link->Context, F->Task, Buf[K].TargetSymbol,
                               &S)
               .Code &&
          tpSame(S.Name, G.From)) {
        *Out = Buf[K];
        return 1;
      }
    }
    Cursor = P.NextCursor;
  } while (P.HasMore);
  return 0;
}

static void counts(const NevercPhaseFrame *F,
                   const NevercLinkPhaseGraphInfo *I) {
  const NevercLinkAPI *L = I->Link;
  NevercLinkGraphInfo GI;
  NevercLinkSymbolInfo S, Again;
  NevercLinkAtomInfo A;
  NevercLinkEdgeInfo E;
  NevercLinkEntityPage P = page(&E, 1, sizeof E);
  memset(&GI, 0, sizeof GI);
  GI.Header = tpHeader(sizeof GI, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  say("GetGraphInfo %s",
      tpCode(L->GetGraphInfo(L->Context, F->Task, I->Graph, &GI)));
  say("graph state=%u inputs>0=%d libraries>0=%d atoms>0=%d sections=atoms=%d "
      "symbols>0=%d edges>0=%d",
      GI.State, GI.InputCount > 0, GI.SharedLibraryCount > 0, GI.AtomCount > 0,
      GI.SectionCount == GI.AtomCount, GI.SymbolCount > 0, GI.EdgeCount > 0);
  if (!findSymbol(F, I, &S)) {
    say("symbol %s not found", G.Symbol);
    return;
  }
  memset(&Again, 0, sizeof Again);
  Again.Header =
      tpHeader(sizeof Again, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  say("GetSymbolInfo %s same=%d",
      tpCode(L->GetSymbolInfo(L->Context, F->Task, S.Symbol, &Again)),
      tpSame(Again.Name, G.Symbol));
  say("symbol %s definition=%u binding=%u has-atom=%d", G.Symbol, S.Definition,
      S.Binding, !neverc_handle_is_null(S.Atom));
  memset(&A, 0, sizeof A);
  A.Header = tpHeader(sizeof A, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  if (!L->GetAtomInfo(L->Context, F->Task, S.Atom, &A).Code)
    say("atom live=%d size>0=%d origin-input=%d",
        (A.Flags & NEVERC_LINK_ATOM_LIVE) != 0, A.Content.Length > 0,
        !neverc_handle_is_null(A.Origin.Input));
  say("GetEdgePage %s count=%llu",
      tpCode(L->GetEdgePage(L->Context, F->Task, I->Graph, 0, &P)),
      (unsigned long long)P.OutCount);
  /* A symbol handle is not an atom handle. */
  say("GetAtomInfo(symbol handle) %s",
      tpCode(L->GetAtomInfo(L->Context, F->Task, S.Symbol, &A)));
  {
    NevercLinkMutationHandle M;
    say("observer BeginMutation %s",
        tpCode(L->BeginMutation(L->Context, F->Task, I->Graph, &M)));
  }
}

/* Every kind of entity, paged (capacity 3, so the cursor moves) and read
 * alone: inputs, libraries, archive members, the section of main's atom,
 * COMDATs. */
static void entities(const NevercPhaseFrame *F,
                     const NevercLinkPhaseGraphInfo *I) {
  const NevercLinkAPI *L = I->Link;
  NevercLinkGraphInfo GI;
  NevercLinkInputInfo In[3];
  NevercLinkSharedLibraryInfo Lib[3];
  NevercLinkArchiveMemberInfo Mem[3];
  NevercLinkComdatInfo Com[3];
  NevercLinkEntityPage P;
  NevercLinkSymbolInfo S;
  NevercLinkSectionInfo Sec;
  uint64_t Cursor = 0, K, Seen = 0, Objects = 0, Archives = 0, Shared = 0;
  uint64_t Extracted = 0, Reasons = 0;
  int LibC = 0, Again = 0;
  memset(&GI, 0, sizeof GI);
  memset(&S, 0, sizeof S);
  GI.Header = tpHeader(sizeof GI, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  L->GetGraphInfo(L->Context, F->Task, I->Graph, &GI);
  P = page(In, 3, sizeof In[0]);
  do {
    if (L->GetInputPage(L->Context, F->Task, I->Graph, Cursor, &P).Code)
      break;
    for (K = 0; K < P.OutCount; ++K) {
      Objects += In[K].Kind == NEVERC_LINK_INPUT_OBJECT;
      Archives += In[K].Kind == NEVERC_LINK_INPUT_ARCHIVE;
      Shared += In[K].Kind == NEVERC_LINK_INPUT_SHARED_LIBRARY;
      if (Seen + K == 0) {
        NevercLinkInputInfo One;
        memset(&One, 0, sizeof One);
        One.Header = In[K].Header;
        Again = !L->GetInputInfo(L->Context, F->Task, In[K].Input, &One).Code &&
                One.LogicalURI.Length == In[K].LogicalURI.Length;
      }
    }
    Seen += P.OutCount;
    Cursor = P.NextCursor;
  } while (P.HasMore);
  say("inputs paged=%d objects>0=%d archives>0=%d shared>0=%d read-alone=%d",
      Seen == GI.InputCount, Objects > 0, Archives > 0, Shared > 0, Again);
  P = page(Lib, 3, sizeof Lib[0]);
  Cursor = 0;
  do {
    if (L->GetSharedLibraryPage(L->Context, F->Task, I->Graph, Cursor, &P).Code)
      break;
    for (K = 0; K < P.OutCount; ++K)
      LibC |= tpSame(Lib[K].InstallName, "libc.so.6");
    Cursor = P.NextCursor;
  } while (P.HasMore);
  P = page(Mem, 3, sizeof Mem[0]);
  Cursor = 0;
  do {
    if (L->GetArchiveMemberPage(L->Context, F->Task, I->Graph, Cursor, &P).Code)
      break;
    for (K = 0; K < P.OutCount; ++K) {
      Extracted += Mem[K].Materialized == NEVERC_TRUE;
      Reasons += Mem[K].Materialized == NEVERC_TRUE &&
                 Mem[K].MaterializationReason.Length > 0;
    }
    Cursor = P.NextCursor;
  } while (P.HasMore);
  say("libc.so.6=%d members extracted>0=%d each-with-a-reason=%d", LibC,
      Extracted > 0, Extracted == Reasons);
  if (findSymbol(F, I, &S)) {
    NevercLinkAtomInfo A;
    memset(&A, 0, sizeof A);
    A.Header = tpHeader(sizeof A, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    memset(&Sec, 0, sizeof Sec);
    Sec.Header =
        tpHeader(sizeof Sec, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    L->GetAtomInfo(L->Context, F->Task, S.Atom, &A);
    say("section of %s: %s named=%s allocated=%d", G.Symbol,
        tpCode(L->GetSectionInfo(L->Context, F->Task, A.Section, &Sec)),
        tpSame(Sec.Name, ".text") ? ".text" : "other",
        (Sec.Flags & NEVERC_OBJECT_SECTION_ALLOCATED) != 0);
  }
  {
    /* The FDEs: one describes the symbol's atom; read again alone. */
    NevercLinkUnwindInfo U[8], One;
    uint64_t Count = 0, Describes = 0, Personality = 0;
    int Alone = 0;
    Cursor = 0;
    P = page(U, 8, sizeof U[0]);
    do {
      if (L->GetUnwindPage(L->Context, F->Task, I->Graph, Cursor, &P).Code)
        break;
      for (K = 0; K < P.OutCount; ++K) {
        Describes += U[K].Atom.Value == S.Atom.Value;
        Personality += U[K].PersonalitySymbol.Value != 0;
        if (Count + K == 0) {
          memset(&One, 0, sizeof One);
          One.Header = U[K].Header;
          Alone =
              !L->GetUnwindInfo(L->Context, F->Task, U[K].Unwind, &One).Code &&
              One.Atom.Value == U[K].Atom.Value;
        }
      }
      Count += P.OutCount;
      Cursor = P.NextCursor;
    } while (P.HasMore);
    say("unwinds>0=%d one-describes-%s=%d read-alone=%d personalities=%llu",
        Count > 0, G.Symbol, Describes > 0, Alone,
        (unsigned long long)Personality);
  }
  P = page(Com, 3, sizeof Com[0]);
  say("GetComdatPage %s count=%llu",
      tpCode(L->GetComdatPage(L->Context, F->Task, I->Graph, 0, &P)),
      (unsigned long long)P.OutCount);
}

static void imports(const NevercPhaseFrame *F,
                    const NevercLinkPhaseGraphInfo *I) {
  NevercLinkImportInfo Buf[64];
  NevercLinkEntityPage P = page(Buf, 64, sizeof Buf[0]);
  uint64_t K;
  int Puts = 0;
  I->Link->GetImportPage(I->Link->Context, F->Task, I->Graph, 0, &P);
  for (K = 0; K < P.OutCount; ++K)
    if (tpSame(Buf[K].Name, "puts"))
      Puts = tpSame(Buf[K].Library, "libc.so.6");
  say("imports>0=%d puts-from-libc.so.6=%d", P.OutCount > 0, Puts);
  {
    NevercLinkExportInfo E[4];
    NevercLinkEntityPage X = page(E, 4, sizeof E[0]);
    say("GetExportPage %s count=%llu",
        tpCode(
            I->Link->GetExportPage(I->Link->Context, F->Task, I->Graph, 0, &X)),
        (unsigned long long)X.OutCount);
  }
}

static void addresses(const NevercPhaseFrame *F,
                      const NevercLinkPhaseGraphInfo *I) {
  NevercLinkSymbolInfo S;
  NevercLinkAtomInfo A;
  if (!findSymbol(F, I, &S))
    return;
  memset(&A, 0, sizeof A);
  A.Header = tpHeader(sizeof A, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  I->Link->GetAtomInfo(I->Link->Context, F->Task, S.Atom, &A);
  say("laid out: %s value>0=%d in-its-atom=%d", G.Symbol, S.Value > 0,
      S.Value >= A.Address && S.Value < A.Address + A.Content.Length + 1);
}

/* order, after layout: the linker-made sections (the synthetic pager,
 * capacity 1 and 16 agree) and one read alone. */
static void synthetics(const NevercPhaseFrame *F,
                       const NevercLinkPhaseGraphInfo *I) {
  const NevercLinkAPI *L = I->Link;
  NevercLinkSyntheticInfo Buf[16], One, Info;
  NevercLinkEntityPage P = page(Buf, 16, sizeof Buf[0]);
  char Roles[512] = "";
  uint64_t K, Cursor = 0, N1 = 0;
  NevercStatus S = L->GetSyntheticPage(L->Context, F->Task, I->Graph, 0, &P);
  for (K = 0; K < P.OutCount && strlen(Roles) + 40 < sizeof Roles; ++K)
    snprintf(Roles + strlen(Roles), sizeof Roles - strlen(Roles), " %.*s",
             (int)Buf[K].Role.Length, Buf[K].Role.Data);
  say("GetSyntheticPage %s:%s", tpCode(S), Roles);
  do {
    NevercLinkEntityPage Q = page(&One, 1, sizeof One);
    if (L->GetSyntheticPage(L->Context, F->Task, I->Graph, Cursor, &Q).Code)
      break;
    N1 += Q.OutCount;
    Cursor = Q.NextCursor;
    if (!Q.HasMore)
      break;
  } while (1);
  say("synthetics by one %llu same=%d", (unsigned long long)N1,
      N1 == P.OutCount);
  if (P.OutCount) {
    memset(&Info, 0, sizeof Info);
    Info.Header =
        tpHeader(sizeof Info, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    S = L->GetSyntheticInfo(L->Context, F->Task, Buf[0].Synthetic, &Info);
    say("GetSyntheticInfo %s same=%d", tpCode(S),
        Info.Role.Length == Buf[0].Role.Length);
    say("GetSyntheticInfo(the graph) %s",
        tpCode(L->GetSyntheticInfo(L->Context, F->Task, I->Graph, &Info)));
  }
}

/* edges: every edge paged, the debug sections' among them (a linker's read
 * leaves those raw; the pager decodes them), one read alone. */
static void debugEdges(const NevercPhaseFrame *F,
                       const NevercLinkPhaseGraphInfo *I) {
  const NevercLinkAPI *L = I->Link;
  NevercLinkEdgeInfo Buf[64], Debug;
  NevercLinkEntityPage P = page(Buf, 64, sizeof Buf[0]);
  NevercLinkGraphInfo GI;
  uint64_t Cursor = 0, K, Total = 0, Debugs = 0;
  int HaveDebug = 0;
  memset(&GI, 0, sizeof GI);
  GI.Header = tpHeader(sizeof GI, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  L->GetGraphInfo(L->Context, F->Task, I->Graph, &GI);
  do {
    if (L->GetEdgePage(L->Context, F->Task, I->Graph, Cursor, &P).Code)
      break;
    for (K = 0; K < P.OutCount; ++K) {
      NevercLinkAtomInfo A;
      memset(&A, 0, sizeof A);
      A.Header =
          tpHeader(sizeof A, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
      ++Total;
      if (!L->GetAtomInfo(L->Context, F->Task, Buf[K].Source, &A).Code &&
          A.Name.Length >= 6 && !memcmp(A.Name.Data, ".debug", 6)) {
        ++Debugs;
        if (!HaveDebug && Buf[K].TargetAtom.Value) {
          Debug = Buf[K];
          HaveDebug = 1;
        }
      }
    }
    Cursor = P.NextCursor;
  } while (P.HasMore);
  say("edges: paged=count %d, debug ones>0=%d", Total == GI.EdgeCount,
      Debugs > 0);
  if (HaveDebug) {
    NevercLinkEdgeInfo One;
    memset(&One, 0, sizeof One);
    One.Header =
        tpHeader(sizeof One, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    say("GetEdgeInfo(a debug edge) %s same=%d",
        tpCode(L->GetEdgeInfo(L->Context, F->Task, Debug.Edge, &One)),
        One.Offset == Debug.Offset && One.Addend == Debug.Addend &&
            One.TargetAtom.Value == Debug.TargetAtom.Value);
  }
}

static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point,
                                        void *UserData) {
  unsigned K = (unsigned)(uintptr_t)UserData;
  NevercLinkPhaseGraphInfo I;
  const char *When = Point == NEVERC_OBSERVER_BEFORE ? "before" : "after";
  if (mode("quiet"))
    return status(NEVERC_STATUS_OK); /* what observing alone costs */
  if (!graphOf(F, &I)) {
    say("%s %s: no graph", When, Names[K]);
    return status(NEVERC_STATUS_OK);
  }
  say("%s %s state=%u generation=%llu", When, Names[K], I.State,
      (unsigned long long)I.Generation);
  if (Point == NEVERC_OBSERVER_AFTER && K == 10 && mode("order"))
    synthetics(F, &I);
  if (Point == NEVERC_OBSERVER_AFTER && K == 4 && mode("edges"))
    debugEdges(F, &I);
  if (Point != NEVERC_OBSERVER_AFTER || !mode("observe"))
    return status(NEVERC_STATUS_OK);
  if (K == 4) {
    counts(F, &I);
    entities(F, &I);
  }
  if (K == 8)
    imports(F, &I);
  if (K == 10)
    addresses(F, &I);
  return status(NEVERC_STATUS_OK);
}

/* neverc.link.object_merge (-r): the graph of the inputs read, before and
   after the merge. */
static NevercStatus NEVERC_CALL observeMerge(const NevercPhaseFrame *F,
                                             NevercObserverPoint Point,
                                             void *UserData) {
  NevercLinkPhaseGraphInfo I;
  const char *When = Point == NEVERC_OBSERVER_BEFORE ? "before" : "after";
  (void)UserData;
  if (mode("quiet"))
    return status(NEVERC_STATUS_OK);
  if (!graphOf(F, &I)) {
    say("%s object_merge: no graph", When);
    return status(NEVERC_STATUS_OK);
  }
  say("%s object_merge state=%u", When, I.State);
  return status(NEVERC_STATUS_OK);
}

/* An interceptor on object_merge that lets the built-in merge run. */
static NevercStatus NEVERC_CALL interceptMerge(const NevercPhaseFrame *F,
                                               NevercPhaseContinuation *C,
                                               NevercPhaseResult *R,
                                               void *UserData) {
  NevercStatus S;
  (void)UserData;
  S = C->InvokeNext(C, F, R);
  if (!mode("quiet"))
    say("object_merge interceptor: the merge %s", tpCode(S));
  R->Action = NEVERC_PHASE_CONTINUE;
  memset(&R->Output, 0, sizeof R->Output);
  memset(&R->Proof, 0, sizeof R->Proof);
  return S;
}

static NevercLinkMutationHandle begin(const NevercPhaseFrame *F,
                                      const NevercLinkPhaseGraphInfo *I) {
  NevercLinkMutationHandle M;
  memset(&M, 0, sizeof M);
  say("BeginMutation %s",
      tpCode(I->Link->BeginMutation(I->Link->Context, F->Task, I->Graph, &M)));
  return M;
}

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

/* synthetic, synthetic-erase: S's atom gets .text.neverc_hot, after what
 * the slot refuses. */
static void makeSynthetic(const NevercPhaseFrame *F,
                          const NevercLinkPhaseGraphInfo *I,
                          const NevercLinkSymbolInfo *S,
                          NevercLinkMutationHandle M) {
  const NevercLinkAPI *L = I->Link;
  NevercLinkSyntheticInfo D, Info;
  NevercLinkSyntheticHandle H2;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  D.Atom = S->Atom;
  D.Role = sv(".got");
  say("CreateSynthetic(.got) %s",
      tpCode(L->CreateSynthetic(L->Context, F->Task, M, &D, &H2)));
  D.Role = sv("");
  say("CreateSynthetic(no role) %s",
      tpCode(L->CreateSynthetic(L->Context, F->Task, M, &D, &H2)));
  D.Role = sv(".text.neverc_hot");
  D.Section = S->Symbol;
  say("CreateSynthetic(a symbol as the section) %s",
      tpCode(L->CreateSynthetic(L->Context, F->Task, M, &D, &H2)));
  memset(&D.Section, 0, sizeof D.Section);
  say("CreateSynthetic(no handle out) %s",
      tpCode(L->CreateSynthetic(L->Context, F->Task, M, &D, NULL)));
  say("CreateSynthetic %s",
      tpCode(L->CreateSynthetic(L->Context, F->Task, M, &D, &G.Made)));
  say("CreateSynthetic(the same atom) %s",
      tpCode(L->CreateSynthetic(L->Context, F->Task, M, &D, &H2)));
  memset(&Info, 0, sizeof Info);
  Info.Header =
      tpHeader(sizeof Info, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  say("GetSyntheticInfo(staged) %s",
      tpCode(L->GetSyntheticInfo(L->Context, F->Task, G.Made, &Info)));
}

static void mutate(const NevercPhaseFrame *F,
                   const NevercLinkPhaseGraphInfo *I) {
  const NevercLinkAPI *L = I->Link;
  NevercLinkSymbolInfo S;
  NevercLinkMutationHandle M;
  if (!findSymbol(F, I, &S)) {
    say("symbol %s not found", G.Symbol);
    return;
  }
  M = begin(F, I);
  if (mode("order") || mode("align") || mode("order-gone"))
    constrain(F, I, &S, M);
  if (mode("order-gone"))
    say("SetAtomLive(false) %s",
        tpCode(L->SetAtomLive(L->Context, F->Task, M, S.Atom, NEVERC_FALSE)));
  if (mode("retarget") || mode("retarget-atom")) {
    NevercLinkEdgeInfo E;
    NevercLinkAtomHandle NoAtom;
    memset(&NoAtom, 0, sizeof NoAtom);
    if (!findEdgeTo(F, I, &E)) {
      say("no edge to %s", G.From);
    } else {
      say("RetargetEdge(symbol and atom) %s",
          tpCode(L->RetargetEdge(L->Context, F->Task, M, E.Edge, S.Symbol,
                                 S.Atom)));
      say("RetargetEdge(neither) %s",
          tpCode(
              L->RetargetEdge(L->Context, F->Task, M, E.Edge, NoAtom, NoAtom)));
      say("RetargetEdge(a symbol as the edge) %s",
          tpCode(L->RetargetEdge(L->Context, F->Task, M, S.Symbol, S.Symbol,
                                 NoAtom)));
      if (mode("retarget"))
        say("RetargetEdge %s -> %s %s", G.From, G.Symbol,
            tpCode(L->RetargetEdge(L->Context, F->Task, M, E.Edge, S.Symbol,
                                   NoAtom)));
      else
        say("RetargetEdge %s -> the atom of %s %s", G.From, G.Symbol,
            tpCode(L->RetargetEdge(L->Context, F->Task, M, E.Edge, NoAtom,
                                   S.Atom)));
    }
  }
  if (mode("rebind")) {
    NevercLinkSymbolInfo To;
    if (!findNamed(F, I, G.From, &To)) {
      say("symbol %s not found", G.From);
    } else {
      say("RebindSymbol(an atom as the symbol) %s",
          tpCode(L->RebindSymbol(L->Context, F->Task, M, S.Atom, To.Atom)));
      say("RebindSymbol(a symbol as the atom) %s",
          tpCode(L->RebindSymbol(L->Context, F->Task, M, S.Symbol, To.Symbol)));
      say("RebindSymbol %s -> the atom of %s %s", G.Symbol, G.From,
          tpCode(L->RebindSymbol(L->Context, F->Task, M, S.Symbol, To.Atom)));
    }
  }
  if (mode("hide") || mode("weaken")) {
    NevercLinkSymbolResolutionUpdate U;
    memset(&U, 0, sizeof U);
    U.Header = tpHeader(sizeof U, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    U.Binding = mode("hide") ? NEVERC_LINK_SYMBOL_BINDING_GLOBAL
                             : NEVERC_LINK_SYMBOL_BINDING_WEAK;
    U.Visibility = mode("hide") ? NEVERC_LINK_SYMBOL_VISIBILITY_HIDDEN
                                : NEVERC_LINK_SYMBOL_VISIBILITY_DEFAULT;
    U.Definition = NEVERC_LINK_SYMBOL_DEFINED;
    U.IsPrevailing = NEVERC_TRUE;
    U.IsExported = mode("hide") ? NEVERC_FALSE : NEVERC_TRUE;
    U.Header.StructSize = 8;
    say("SetSymbolResolution(short record) %s",
        tpCode(L->SetSymbolResolution(L->Context, F->Task, M, S.Symbol, &U)));
    U.Header.StructSize = sizeof U;
    say("SetSymbolResolution %s %s", G.Symbol,
        tpCode(L->SetSymbolResolution(L->Context, F->Task, M, S.Symbol, &U)));
  }
  if (mode("synthetic") || mode("synthetic-erase"))
    makeSynthetic(F, I, &S, M);
  if (mode("root") || mode("late-root") || mode("skip-stale"))
    say("SetSymbolRoot %s", tpCode(L->SetSymbolRoot(L->Context, F->Task, M,
                                                    S.Symbol, NEVERC_TRUE)));
  if (mode("drop"))
    say("SetAtomLive(false) %s",
        tpCode(L->SetAtomLive(L->Context, F->Task, M, S.Atom, NEVERC_FALSE)));
  if (mode("replace")) {
    static const uint8_t Code[] = {0xb8, 0x2a, 0, 0, 0, 0xc3};
    NevercByteView V = {Code, sizeof Code};
    say("ReplaceAtomContent %s",
        tpCode(L->ReplaceAtomContent(L->Context, F->Task, M, S.Atom, V, 0)));
  }
  if (mode("misuse")) {
    NevercLinkMutationHandle M2, Null;
    NevercByteView Bad = {NULL, 4};
    memset(&Null, 0, sizeof Null);
    say("BeginMutation(while open) %s",
        tpCode(L->BeginMutation(L->Context, F->Task, I->Graph, &M2)));
    say("SetSymbolRoot(bad bool) %s",
        tpCode(L->SetSymbolRoot(L->Context, F->Task, M, S.Symbol, 7)));
    say("SetSymbolRoot(atom handle) %s",
        tpCode(L->SetSymbolRoot(L->Context, F->Task, M, S.Atom, NEVERC_TRUE)));
    say("SetFoldLeader(itself) %s",
        tpCode(L->SetFoldLeader(L->Context, F->Task, M, S.Atom, S.Atom)));
    say("ReplaceAtomContent(null data) %s",
        tpCode(L->ReplaceAtomContent(L->Context, F->Task, M, S.Atom, Bad, 0)));
    {
      NevercLinkAtomHandle NoAtom;
      NevercLinkSymbolResolutionUpdate U;
      memset(&NoAtom, 0, sizeof NoAtom);
      say("RebindSymbol(null atom) %s",
          tpCode(L->RebindSymbol(L->Context, F->Task, M, S.Symbol, NoAtom)));
      memset(&U, 0, sizeof U);
      U.Header =
          tpHeader(sizeof U, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
      U.Binding = 9;
      U.Visibility = NEVERC_LINK_SYMBOL_VISIBILITY_DEFAULT;
      U.Definition = NEVERC_LINK_SYMBOL_DEFINED;
      U.IsPrevailing = NEVERC_TRUE;
      say("SetSymbolResolution(bad binding) %s",
          tpCode(L->SetSymbolResolution(L->Context, F->Task, M, S.Symbol, &U)));
      U.Binding = NEVERC_LINK_SYMBOL_BINDING_GLOBAL;
      U.Definition = NEVERC_LINK_SYMBOL_UNDEFINED;
      say("SetSymbolResolution(undefine) %s",
          tpCode(L->SetSymbolResolution(L->Context, F->Task, M, S.Symbol, &U)));
      say("EraseSynthetic %s",
          tpCode(L->EraseSynthetic(L->Context, F->Task, M, S.Symbol)));
    }
    say("SetSymbolRoot(null mutation) %s",
        tpCode(L->SetSymbolRoot(L->Context, F->Task, Null, S.Symbol,
                                NEVERC_TRUE)));
    say("AbandonMutation %s",
        tpCode(L->AbandonMutation(L->Context, F->Task, M)));
    say("CommitMutation(abandoned) %s",
        tpCode(L->CommitMutation(L->Context, F->Task, M)));
    return;
  }
  say("CommitMutation %s", tpCode(L->CommitMutation(L->Context, F->Task, M)));
  say("CommitMutation(again) %s",
      tpCode(L->CommitMutation(L->Context, F->Task, M)));
  if (mode("order"))
    constraintsAfter(F, I);
  if (mode("synthetic") || mode("synthetic-erase")) {
    NevercLinkSyntheticInfo Info;
    memset(&Info, 0, sizeof Info);
    Info.Header =
        tpHeader(sizeof Info, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    NevercStatus St = L->GetSyntheticInfo(L->Context, F->Task, G.Made, &Info);
    say("GetSyntheticInfo(committed) %s: %.*s, its atom's=%d", tpCode(St),
        (int)Info.Role.Length, Info.Role.Data,
        !memcmp(&Info.Atom, &S.Atom, sizeof S.Atom));
  }
}

/* synthetic, synthetic-erase: the layout interceptor, after layout. */
static void changeSynthetic(const NevercPhaseFrame *F,
                            const NevercLinkPhaseGraphInfo *I) {
  const NevercLinkAPI *L = I->Link;
  NevercLinkSyntheticInfo Buf[1], Made;
  NevercLinkEntityPage P = page(Buf, 1, sizeof Buf[0]);
  NevercLinkMutationHandle M;
  NevercLinkPhaseGraphInfo After;
  synthetics(F, I);
  if (L->GetSyntheticPage(L->Context, F->Task, I->Graph, 0, &P).Code ||
      !P.OutCount)
    return;
  memset(&Made, 0, sizeof Made);
  Made.Header =
      tpHeader(sizeof Made, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  L->GetSyntheticInfo(L->Context, F->Task, G.Made, &Made);
  M = begin(F, I);
  say("ReplaceSynthetic(the linker's %.*s) %s", (int)Buf[0].Role.Length,
      Buf[0].Role.Data,
      tpCode(L->ReplaceSynthetic(L->Context, F->Task, M, Buf[0].Synthetic,
                                 &Made)));
  say("EraseSynthetic(the linker's) %s",
      tpCode(L->EraseSynthetic(L->Context, F->Task, M, Buf[0].Synthetic)));
  if (mode("synthetic")) {
    Made.Role.Data = ".text.neverc_hot2";
    Made.Role.Length = strlen(Made.Role.Data);
    say("ReplaceSynthetic %s",
        tpCode(L->ReplaceSynthetic(L->Context, F->Task, M, G.Made, &Made)));
  } else {
    say("EraseSynthetic %s",
        tpCode(L->EraseSynthetic(L->Context, F->Task, M, G.Made)));
  }
  say("CommitMutation %s", tpCode(L->CommitMutation(L->Context, F->Task, M)));
  if (graphOf(F, &After))
    say("after the commit, state %u", After.State);
  if (mode("synthetic-erase")) {
    NevercLinkSyntheticInfo Gone;
    memset(&Gone, 0, sizeof Gone);
    Gone.Header =
        tpHeader(sizeof Gone, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    say("GetSyntheticInfo(erased) %s",
        tpCode(L->GetSyntheticInfo(L->Context, F->Task, G.Made, &Gone)));
  }
}

/* skip, skip-gc, skip-stale: a SKIP with the proof GetGraph gave. */
static NevercStatus skip(const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                         NevercPhaseResult *R, unsigned K) {
  const NevercLinkAPI *L;
  NevercLinkPhaseGraphInfo I;
  NevercLinkProofInfo P;
  NevercArtifactHandle Out;
  int HasProof;
  if (!graphOf(F, &I))
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  L = I.Link;
  HasProof = !neverc_handle_is_null(I.Proof);
  say("%s proof=%d", Names[K], HasProof);
  if (HasProof) {
    memset(&P, 0, sizeof P);
    P.Header = tpHeader(sizeof P, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    say("GetProofInfo %s state=%u same-generation=%d",
        tpCode(L->GetProofInfo(L->Context, F->Task, I.Proof, &P)), P.State,
        P.GraphGeneration == I.Generation);
    say("GetProofInfo(the graph) %s",
        tpCode(L->GetProofInfo(L->Context, F->Task, I.Graph, &P)));
    {
      /* Asked again with nothing committed: the same proof. */
      NevercLinkPhaseGraphInfo Again;
      if (graphOf(F, &Again))
        say("GetGraph(again) same-proof=%d",
            Again.Proof.Owner == I.Proof.Owner &&
                Again.Proof.Value == I.Proof.Value);
    }
  } else if (!mode("skip-gc")) {
    /* Nothing proves the step idle: it runs. */
    NevercStatus S = C->InvokeNext(C, F, R);
    R->Action = NEVERC_PHASE_CONTINUE;
    memset(&R->Output, 0, sizeof R->Output);
    memset(&R->Proof, 0, sizeof R->Proof);
    return S;
  }
  memset(&Out, 0, sizeof Out);
  say("PublishGraph %s",
      tpCode(G.Phase->PublishGraph(G.Phase->Context, F, I.Graph, &Out)));
  if (mode("skip-stale"))
    mutate(F, &I);
  R->Action = NEVERC_PHASE_SKIP;
  R->Output = Out;
  R->Proof = I.Proof;
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R,
                                          void *UserData) {
  unsigned K = (unsigned)(uintptr_t)UserData;
  NevercLinkPhaseGraphInfo I;
  NevercStatus S;
  int Before =
      (K == 6 &&
       (mode("root") || mode("drop") || mode("misuse") || mode("order") ||
        mode("align") || mode("order-gone") || mode("retarget") ||
        mode("retarget-atom") || mode("rebind") || mode("hide") ||
        mode("weaken") || mode("synthetic") || mode("synthetic-erase"))) ||
      (K == 7 && mode("replace"));
  int After = K == 8 && mode("late-root") && !G.Done;
  if ((K == 7 && (mode("skip") || (mode("skip-stale") && !G.Done++))) ||
      (K == 6 && mode("skip-gc")))
    return skip(F, C, R, K);
  if (Before && graphOf(F, &I))
    mutate(F, &I);
  S = C->InvokeNext(C, F, R);
  if (K == 10 && (mode("synthetic") || mode("synthetic-erase")) && !G.Done &&
      graphOf(F, &I)) {
    G.Done = 1; /* once: the steps it takes back run again */
    changeSynthetic(F, &I);
  }
  if (After && graphOf(F, &I)) {
    G.Done = 1; /* once: the steps it takes back run again */
    say("late: the graph is in state %u", I.State);
    mutate(F, &I);
    graphOf(F, &I);
    say("late: after the commit, state %u", I.State);
  }
  R->Action = NEVERC_PHASE_CONTINUE;
  memset(&R->Output, 0, sizeof R->Output);
  memset(&R->Proof, 0, sizeof R->Proof);
  return S;
}

#ifdef GRAPH_STEPS_PROVIDER
/* A provider on every step (-fplugin-provider= picks one): gc keeps every
 * section (a plugin's liveness policy, made through SetAtomLive), icf
 * folds nothing, the steps with nothing to make publish the graph as it
 * is; any other step it cannot make, and its verifier refuses the graph. */
static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *R, void *UserData) {
  unsigned K = (unsigned)(uintptr_t)UserData;
  NevercLinkPhaseGraphInfo I;
  NevercArtifactHandle Out;
  NevercStatus S;
  if (!graphOf(F, &I))
    return status(NEVERC_STATUS_INVALID_STATE);
  if (K == 6) {
    const NevercLinkAPI *L = I.Link;
    NevercLinkAtomInfo Buf[16];
    NevercLinkEntityPage P = page(Buf, 16, sizeof Buf[0]);
    NevercLinkMutationHandle M = begin(F, &I);
    uint64_t Cursor = 0, J, Kept = 0;
    do {
      if (L->GetAtomPage(L->Context, F->Task, I.Graph, Cursor, &P).Code)
        break;
      for (J = 0; J < P.OutCount; ++J)
        Kept +=
            !L->SetAtomLive(L->Context, F->Task, M, Buf[J].Atom, NEVERC_TRUE)
                 .Code;
      Cursor = P.NextCursor;
    } while (P.HasMore);
    say("provider gc: kept>0=%d CommitMutation %s", Kept > 0,
        tpCode(L->CommitMutation(L->Context, F->Task, M)));
  }
  memset(&Out, 0, sizeof Out);
  S = G.Phase->PublishGraph(G.Phase->Context, F, I.Graph, &Out);
  say("provider %s: PublishGraph %s", K < STEPS ? Names[K] : "object_merge",
      tpCode(S));
  if (S.Code)
    return S;
  R->Action = NEVERC_PHASE_REPLACE;
  R->Output = Out;
  return status(NEVERC_STATUS_OK);
}
#endif

/* One observer (before and after), interceptor or provider on the link
   phase (High, Low); UserData is the step index its callback reads. */
static NevercStatus observeOn(const NevercRegistrarAPI *Reg, void *Ctx,
                              uint64_t Hi, uint64_t Lo,
                              NevercPhaseObserverFn Fn, unsigned K) {
  NevercObserverDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = Hi;
  O.Phase.Low = Lo;
  O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  O.Callback = Fn;
  O.UserData = (void *)(uintptr_t)K;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus interceptOn(const NevercRegistrarAPI *Reg, void *Ctx,
                                uint64_t Hi, uint64_t Lo,
                                NevercPhaseInterceptorFn Fn, unsigned K) {
  NevercInterceptorDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header =
      tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Phase.High = Hi;
  D.Phase.Low = Lo;
  D.Callback = Fn;
  D.UserData = (void *)(uintptr_t)K;
  return Reg->RegisterInterceptor(Ctx, &D);
}

#ifdef GRAPH_STEPS_PROVIDER
static NevercStatus provideOn(const NevercRegistrarAPI *Reg, void *Ctx,
                              uint64_t Hi, uint64_t Lo, unsigned K) {
  NevercProviderDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header =
      tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Phase.High = Hi;
  D.Phase.Low = Lo;
  D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                            NEVERC_PLUGIN_ABI_MINOR);
  D.ProviderID.Data = "org.neverc.test.graph-provider";
  D.ProviderID.Length = strlen(D.ProviderID.Data);
  D.Callback = provide;
  D.UserData = (void *)(uintptr_t)K;
  return Reg->RegisterProvider(Ctx, &D);
}
#endif

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercStatus S;
  unsigned K;
  (void)PS;
  G.Core = Core;
  G.Phase = (const NevercLinkPhaseAPI *)tpQuery(
      Core, NEVERC_INTERFACE_LINK_PHASE_HIGH, NEVERC_INTERFACE_LINK_PHASE_LOW,
      NEVERC_LINK_PHASE_API_MAJOR, NEVERC_LINK_PHASE_API_MINOR);
  if (!G.Phase)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if ((S = tpStringOption(Reg, Ctx, "--steps-mode")).Code ||
      (S = tpStringOption(Reg, Ctx, "--steps-symbol")).Code ||
      (S = tpStringOption(Reg, Ctx, "--steps-from")).Code)
    return S;
  for (K = 0; K < STEPS; ++K)
    if ((S = observeOn(Reg, Ctx, High, K + 1, observe, K)).Code)
      return S;
  if ((S = observeOn(Reg, Ctx, NEVERC_PHASE_LINK_OBJECT_MERGE_HIGH,
                     NEVERC_PHASE_LINK_OBJECT_MERGE_LOW, observeMerge, 0))
          .Code)
    return S;
#ifdef GRAPH_STEPS_PROVIDER
  {
    /* Which step: the environment (Register runs before any option). An
       object_merge provider has no merged object to publish (the link
       graph is not one: PublishGraph refuses it there), so it fails. */
    const char *Want = getenv("NEVERC_TEST_GRAPH_PROVIDE");
    for (K = 0; K < STEPS; ++K)
      if (Want && !strcmp(Want, Names[K]) &&
          (S = provideOn(Reg, Ctx, High, K + 1, K)).Code)
        return S;
    if (Want && !strcmp(Want, "object_merge") &&
        (S = provideOn(Reg, Ctx, NEVERC_PHASE_LINK_OBJECT_MERGE_HIGH,
                       NEVERC_PHASE_LINK_OBJECT_MERGE_LOW, STEPS))
            .Code)
      return S;
  }
  return status(NEVERC_STATUS_OK);
#endif
  if ((S = interceptOn(Reg, Ctx, NEVERC_PHASE_LINK_OBJECT_MERGE_HIGH,
                       NEVERC_PHASE_LINK_OBJECT_MERGE_LOW, interceptMerge, 0))
          .Code)
    return S;
  for (K = 6; K <= 8; ++K)
    if ((S = interceptOn(Reg, Ctx, High, K + 1, intercept, K)).Code)
      return S;
  if ((S = interceptOn(Reg, Ctx, High, 11, intercept, 10)).Code) /* layout */
    return S;
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  (void)PS, (void)Out;
  tpOptionValue(Core, S, ID, "--steps-mode", "observe", G.Mode, sizeof G.Mode);
  tpOptionValue(Core, S, ID, "--steps-symbol", "main", G.Symbol,
                sizeof G.Symbol);
  tpOptionValue(Core, S, ID, "--steps-from", "", G.From, sizeof G.From);
  return status(NEVERC_STATUS_OK);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "graph linker steps test plugin", registerPlugin,
                         sessionBegin, NULL, NULL)
