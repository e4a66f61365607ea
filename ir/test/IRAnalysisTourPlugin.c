/*
 * A tour of NevercIRAnalysisAPI (tests/lit/ir/analysis.c): each of the 13
 * slots through the C ABI with what it answered, and the analysis rules
 * with a positive and a negative case and the exact status.
 *
 * The input is the lit test at -O1: fill (100 iterations over the globals
 * dst and src), grid (a loop nest, 8 x 16), choose (an if/else diamond
 * calling left or right), sum (a loop of unknown count), caller (fill
 * twice, choose once). Functions are found by name, blocks by structure: a
 * loop block branches to itself, the diamond's arms are the entry's two
 * successors and the join is where both go.
 *
 * Plugin analyses (every callback counted and printed as an "event" line):
 *   tour.b MODULE, depends on tour.a (registered before it); tour.a MODULE;
 *   tour.req MODULE, no Query, required by tour.custom; tour.mut MODULE, its
 *   callbacks try to change IR; tour.fn FUNCTION (data: the function name),
 *   required by tour.per-function; tour.loop LOOP (never computed); tour.c
 *   depends on tour.d, refused as a cycle; tour.fails (query-errors only).
 *
 * Passes, in the order they run:
 *   tour.early        optimizer_last  MODULE    keeps a DOMINATOR_TREE result
 *   tour.builtin      post_opt        MODULE    the ten built-in slots
 *   tour.custom       post_opt        MODULE    QueryCustom, result data
 *   tour.mutate       post_opt        MODULE    renames a value, keeps tour.a
 *   tour.after        post_opt        MODULE    what survived the rename
 *   tour.per-function pre_codegen     FUNCTION  per-function results
 * and an observer before neverc.ir.pass.post_opt (no pass runs then).
 *
 * One line per check on stderr: "analysis: <slot>: <what> -> <result> ok"
 * or "... FAILED (<why>)"; TaskEnd prints the callback counts.
 *
 * IR_ANALYSIS_TOUR: (unset) the tour; read: no tour.mutate / tour.after, so
 * nothing changes the IR (the object must equal clang's); missing: a pass
 * requires an analysis nobody registered; query-errors: QueryCustom of an
 * analysis whose dependency is missing and of one whose Compute fails.
 */
#include "TestPlugin.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOUR_ID "org.neverc.test.ir-analysis-tour"

/* The statuses by the names the output prints. */
#define ABI_MISMATCH NEVERC_STATUS_ABI_MISMATCH
#define CAPABILITY_UNAVAILABLE NEVERC_STATUS_CAPABILITY_UNAVAILABLE
#define DEPENDENCY_CYCLE NEVERC_STATUS_DEPENDENCY_CYCLE
#define DEPENDENCY_MISSING NEVERC_STATUS_DEPENDENCY_MISSING
#define DUPLICATE_ID NEVERC_STATUS_DUPLICATE_ID
#define INVALID_ARGUMENT NEVERC_STATUS_INVALID_ARGUMENT
#define INVALID_DESCRIPTOR NEVERC_STATUS_INVALID_DESCRIPTOR
#define INVALID_STATE NEVERC_STATUS_INVALID_STATE
#define MISSING_INTERFACE NEVERC_STATUS_MISSING_INTERFACE
#define NOT_FOUND NEVERC_STATUS_NOT_FOUND
#define OK NEVERC_STATUS_OK
#define PLUGIN_FAILURE NEVERC_STATUS_PLUGIN_FAILURE
#define POLICY_VIOLATION NEVERC_STATUS_POLICY_VIOLATION
#define STALE_HANDLE NEVERC_STATUS_STALE_HANDLE
#define WRONG_SCOPE NEVERC_STATUS_WRONG_SCOPE
#define WRONG_TYPE NEVERC_STATUS_WRONG_TYPE

typedef NevercIRValueHandle V;
typedef NevercIRAnalysisResultHandle RH;

static const NevercIRCoreAPI *C;
static const NevercIRAnalysisAPI *An; /* from QueryInterface */
static uint64_t AnalysisSize;         /* its StructSize */
static const NevercIRPassAPI *Pass;
static NevercTaskHandle T;
#define CX C->Context
#define AX An->Context

static const char *Mode = "";
static unsigned Checks, Failures;
static void *SavedRC;

#define IS_MODE(M) (!strcmp(Mode, (M)))

/*===--- Reporting --------------------------------------------------------===*/

static int line(const char *Slot, const char *What, const char *Result, int Ok,
                const char *Why) {
  ++Checks;
  Failures += !Ok;
  fprintf(stderr, "analysis: %s: %s%s%s %s%s%s%s\n", Slot, What,
          Result ? " -> " : "", Result ? Result : "", Ok ? "ok" : "FAILED",
          Ok ? "" : " (", Ok ? "" : Why, Ok ? "" : ")");
  return Ok;
}

/* The slot must answer exactly Want. */
static int expect(const char *Slot, const char *What, NevercStatus S,
                  NevercStatusCode Want) {
  char Why[64];
  snprintf(Why, sizeof Why, "got %s", tpCode(S));
  return line(Slot, What, tpCode(status(Want)), S.Code == Want, Why);
}

static int check(const char *Slot, const char *What, int Ok) {
  return line(Slot, What, NULL, Ok, "wrong effect");
}

/* An OK answer of Want (printed through Name). */
static int answer(const char *Slot, const char *What, NevercStatus S,
                  uint64_t Got, uint64_t Want,
                  const char *(*Name)(uint64_t, char *)) {
  char Res[48], GotText[48], Why[64];
  const char *W = Name(Want, Res);
  if (S.Code != OK)
    snprintf(Why, sizeof Why, "got %s", tpCode(S));
  else
    snprintf(Why, sizeof Why, "got %s", Name(Got, GotText));
  return line(Slot, What, W, S.Code == OK && Got == Want, Why);
}

static const char *numberName(uint64_t N, char *Buf) {
  snprintf(Buf, 48, "%llu", (unsigned long long)N);
  return Buf;
}
static const char *truthName(uint64_t N, char *Buf) {
  (void)Buf;
  return N ? "true" : "false";
}
static const char *memoryName(uint64_t K, char *Buf) {
  static const char *Names[] = {"NONE", "USE", "DEF", "PHI", "LIVE_ON_ENTRY"};
  return K < 5 ? Names[K] : numberName(K, Buf);
}
static const char *aliasName(uint64_t K, char *Buf) {
  static const char *Names[] = {"?", "NO", "MAY", "PARTIAL", "MUST"};
  return K >= NEVERC_IR_ALIAS_NO && K <= NEVERC_IR_ALIAS_MUST
             ? Names[K]
             : numberName(K, Buf);
}

static int same(NevercHandle A, NevercHandle B) {
  return A.Owner == B.Owner && A.Value == B.Value;
}
static NevercHandle none(void) {
  NevercHandle H;
  H.Owner = 0;
  H.Value = 0;
  return H;
}
static int isNone(NevercHandle H) { return !H.Owner && !H.Value; }

/* An OK answer that is the value Want (described by WantText). */
static int sameValue(const char *Slot, const char *What, NevercStatus S, V Got,
                     V Want, const char *WantText) {
  char Why[64];
  snprintf(Why, sizeof Why, "got %s%s", tpCode(S),
           S.Code ? "" : ", another value");
  return line(Slot, What, WantText,
              S.Code == OK && same(Got, Want) && !isNone(Want), Why);
}

static NevercStringView sv(const char *S) {
  NevercStringView R;
  R.Data = S;
  R.Length = strlen(S);
  return R;
}

static int bytesAre(NevercByteView B, const char *S) {
  return B.Data && B.Length == strlen(S) && !memcmp(B.Data, S, B.Length);
}

/*===--- Reading the module (IR core) -------------------------------------===*/

static uint64_t collect(V Container, NevercIRValueCollection Coll, V *Out,
                        uint64_t Cap) {
  NevercIRValueCursor Cur;
  uint64_t N = 0, Got = 0;
  memset(&Cur, 0, sizeof Cur);
  Cur.Header =
      tpHeader(sizeof Cur, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  if (C->BeginValueCursor(CX, T, Container, Coll, &Cur).Code)
    return 0;
  while (N < Cap) {
    if (C->CollectValueCursor(CX, T, &Cur, Out + N, Cap - N, &Got).Code || !Got)
      break;
    N += Got;
  }
  return N;
}

static int hasName(V X, const char *Name) {
  NevercStringView N;
  return C->GetValueName(CX, T, X, &N).Code == 0 && tpSame(N, Name);
}

static V member(V Mod, NevercIRValueCollection Coll, const char *Name) {
  V All[32];
  uint64_t N = collect(Mod, Coll, All, 32), I;
  for (I = 0; I < N; ++I)
    if (hasName(All[I], Name))
      return All[I];
  return none();
}

static V successor(V Block, uint64_t I) {
  V S = none();
  if (C->GetSuccessor(CX, T, Block, I, &S).Code)
    return none();
  return S;
}

static uint64_t successorCount(V Block) {
  uint64_t N = 0;
  if (C->GetSuccessorCount(CX, T, Block, &N).Code)
    return 0;
  return N;
}

static V firstBlock(V Fn) {
  V B = none();
  collect(Fn, NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, &B, 1);
  return B;
}

/* The block of Fn that branches to itself (a one-block loop). */
static V selfLoop(V Fn) {
  V Blocks[16];
  uint64_t N = collect(Fn, NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, Blocks, 16);
  uint64_t I, K;
  for (I = 0; I < N; ++I)
    for (K = 0; K < successorCount(Blocks[I]); ++K)
      if (same(successor(Blocks[I], K), Blocks[I]))
        return Blocks[I];
  return none();
}

/* The Nth instruction of Block with opcode Op. */
static V nthOp(V Block, NevercIROpcode Op, unsigned Nth) {
  V Ins[64];
  uint64_t N = collect(Block, NEVERC_IR_COLLECTION_BLOCK_INSTRUCTIONS, Ins, 64);
  uint64_t I;
  for (I = 0; I < N; ++I) {
    NevercIROpcode Got = 0;
    if (C->GetInstructionOpcode(CX, T, Ins[I], &Got).Code == 0 && Got == Op &&
        Nth-- == 0)
      return Ins[I];
  }
  return none();
}

static V operand(V I, uint64_t K) {
  V Op = none();
  if (C->GetOperand(CX, T, I, K, &Op).Code)
    return none();
  return Op;
}

static V terminator(V Block) {
  V I = none();
  if (C->GetTerminator(CX, T, Block, &I).Code)
    return none();
  return I;
}

/* What the checks talk about, found by name and by structure. */
struct Fix {
  V Mod, Fill, Grid, Choose, Sum, Caller, Left, Right, Dst, Src;
  V FillEntry, FillLoop, FillLoad, FillStore, FillAdd, FillSrcAt, FillDstAt;
  V GridEntry, GridOuter, GridInner, GridLatch;
  V ChooseEntry, ChooseArm0, ChooseArm1, ChooseJoin, ChoosePhi, ChooseCall,
      ChooseCmp;
  V SumLoop;
};

static int fixture(V Mod, struct Fix *F) {
  const V *P;
  size_t I;
  memset(F, 0, sizeof *F);
  F->Mod = Mod;
  F->Fill = member(Mod, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, "fill");
  F->Grid = member(Mod, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, "grid");
  F->Choose = member(Mod, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, "choose");
  F->Sum = member(Mod, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, "sum");
  F->Caller = member(Mod, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, "caller");
  F->Left = member(Mod, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, "left");
  F->Right = member(Mod, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, "right");
  F->Dst = member(Mod, NEVERC_IR_COLLECTION_MODULE_GLOBALS, "dst");
  F->Src = member(Mod, NEVERC_IR_COLLECTION_MODULE_GLOBALS, "src");
  /* fill: the entry, then one block that loops to itself. */
  F->FillEntry = firstBlock(F->Fill);
  F->FillLoop = selfLoop(F->Fill);
  F->FillLoad = nthOp(F->FillLoop, NEVERC_IR_OPCODE_LOAD, 0);
  F->FillStore = nthOp(F->FillLoop, NEVERC_IR_OPCODE_STORE, 0);
  F->FillAdd = nthOp(F->FillLoop, NEVERC_IR_OPCODE_ADD, 0);
  F->FillSrcAt = operand(F->FillLoad, 0);  /* &src[i] */
  F->FillDstAt = operand(F->FillStore, 1); /* &dst[i] */
  /* grid: entry -> outer header; the inner loop loops to itself and leaves
   * to the outer latch. */
  F->GridEntry = firstBlock(F->Grid);
  F->GridOuter = successor(F->GridEntry, 0);
  F->GridInner = selfLoop(F->Grid);
  F->GridLatch = successor(F->GridInner, 0);
  if (same(F->GridLatch, F->GridInner))
    F->GridLatch = successor(F->GridInner, 1);
  /* choose: the entry's two successors both branch to the join. */
  F->ChooseEntry = firstBlock(F->Choose);
  F->ChooseArm0 = successor(F->ChooseEntry, 0);
  F->ChooseArm1 = successor(F->ChooseEntry, 1);
  F->ChooseJoin = successor(F->ChooseArm0, 0);
  if (!same(F->ChooseJoin, successor(F->ChooseArm1, 0)) ||
      successorCount(F->ChooseEntry) != 2)
    F->ChooseJoin = none();
  F->ChoosePhi = nthOp(F->ChooseJoin, NEVERC_IR_OPCODE_PHI, 0);
  F->ChooseCall = nthOp(F->ChooseArm0, NEVERC_IR_OPCODE_CALL, 0);
  F->ChooseCmp = nthOp(F->ChooseEntry, NEVERC_IR_OPCODE_I_CMP, 0);
  F->SumLoop = selfLoop(F->Sum);
  for (P = (const V *)F, I = 0; I < sizeof *F / sizeof(V); ++I)
    if (isNone(P[I])) {
      fprintf(stderr,
              "analysis: fixture: value %u of the input not found "
              "FAILED\n",
              (unsigned)I);
      ++Failures;
      return 0;
    }
  return 1;
}

static int moduleFixture(struct Fix *F) {
  V Mod;
  if (C->GetModule(CX, T, &Mod).Code)
    return 0;
  return fixture(Mod, F);
}

/*===--- Plugin analyses --------------------------------------------------===*/

#define TOUR_ANALYSIS_HIGH UINT64_C(0x4e43544f55524101) /* "NCTOURA" 1 */
enum { AN_A, AN_B, AN_REQ, AN_MUT, AN_FN, AN_LOOP, AN_C, AN_FAILS, AN_COUNT };
#define LOW_D 0x11u       /* refused: tour.c depends on it */
#define LOW_E 0x12u       /* refused: depends on itself */
#define LOW_REFUSED 0x13u /* refused descriptors */
#define LOW_NOBODY 0x99u  /* never registered */

struct Analysis {
  const char *Name;
  uint64_t Low;
  NevercIRPassLevel Level;
  unsigned Computes, Queries, ByPass, ByPlan, Destroys, Seq;
};
static struct Analysis Ans[AN_COUNT];
static unsigned Seq;  /* Compute calls so far, over all analyses */
static unsigned Live; /* results computed and not destroyed */

struct Result {
  struct Analysis *Of;
  int Invalidated;
  size_t Length;
  char Data[64];
  NevercTaskHandle Task; /* tour.mut: for its mutation attempts */
  V Mod;
};

/* tour.mut's Query and Invalidate: rename fill (a handle of their own: the
 * ones Compute had ended with its pass invocation). */
static NevercStatus renameFill(const struct Result *R, const char *Name) {
  T = R->Task;
  return C->SetValueName(
      CX, T, member(R->Mod, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, "fill"),
      sv(Name));
}

static NevercInterfaceID idOf(uint64_t Low) {
  NevercInterfaceID ID;
  ID.High = TOUR_ANALYSIS_HIGH;
  ID.Low = Low;
  return ID;
}
static NevercInterfaceID analysisID(int Which) { return idOf(Ans[Which].Low); }

static const char *reasonName(NevercIRAnalysisInvalidationReason R) {
  static const char *Names[] = {"?", "INVALIDATED_BY_PASS",
                                "INVALIDATED_BY_PLAN_DESTROY"};
  return R < 3 ? Names[R] : "?";
}

/* The result's label in event lines: tour.fn[fill]. */
static void label(const struct Result *R, char *Buf, size_t Size) {
  if (R->Of->Level == NEVERC_IR_PASS_LEVEL_FUNCTION)
    snprintf(Buf, Size, "%s[%.*s]", R->Of->Name, (int)R->Length, R->Data);
  else
    snprintf(Buf, Size, "%s", R->Of->Name);
}

static void setData(struct Result *R, const char *S) {
  R->Length = strlen(S) < sizeof R->Data ? strlen(S) : sizeof R->Data - 1;
  memcpy(R->Data, S, R->Length);
}

/* tour.mut's Compute: reading is fine, changing IR and asking for another
 * plugin analysis is not. */
static void mutCompute(const NevercIRPassInvocation *Inv, struct Result *R) {
  const NevercIRCoreAPI *Core = Inv->Core;
  NevercIRMutationHandle M;
  NevercStringView Name;
  RH Res;
  V Fill = member(Inv->Module, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, "fill");
  NevercStatus S;
  R->Task = Inv->Task;
  R->Mod = Inv->Module;
  S = Core->GetValueName(Core->Context, Inv->Task, Fill, &Name);
  check("Compute", "GetValueName from Compute reads 'fill'",
        S.Code == 0 && tpSame(Name, "fill"));
  expect("Compute", "SetValueName from Compute",
         Core->SetValueName(Core->Context, Inv->Task, Fill,
                            sv("renamed_in_compute")),
         POLICY_VIOLATION);
  memset(&M, 0, sizeof M);
  S = Inv->Builder->BeginMutation(Inv->Builder->Context, Inv->Task,
                                  NEVERC_IR_MUTATION_SCOPE_FUNCTION, Fill, &M);
  expect("Compute", "BeginMutation(FUNCTION fill) from Compute", S,
         POLICY_VIOLATION);
  if (S.Code == 0) {
    Inv->Builder->AbortMutation(Inv->Builder->Context, Inv->Task, M);
    Inv->Builder->DestroyMutation(Inv->Builder->Context, Inv->Task, M);
  }
  expect("Compute", "QueryCustom(tour.a) from Compute",
         Inv->Analyses->QueryCustom(Inv->Analyses->Context, Inv->Task,
                                    analysisID(AN_A), &Res),
         INVALID_STATE);
  expect("Compute", "QueryBuiltin(DOMINATOR_TREE, fill) from Compute",
         Inv->Analyses->QueryBuiltin(Inv->Analyses->Context, Inv->Task,
                                     NEVERC_IR_ANALYSIS_DOMINATOR_TREE, Fill,
                                     &Res),
         OK);
}

static NevercStatus NEVERC_CALL compute(const NevercIRPassInvocation *Inv,
                                        void **Out, void *UD) {
  struct Analysis *A = (struct Analysis *)UD;
  struct Result *R;
  char Buf[64];
  NevercStringView Name;
  if (A == &Ans[AN_FAILS]) {
    fprintf(stderr, "analysis: event: Compute %s fails\n", A->Name);
    return status(PLUGIN_FAILURE);
  }
  R = (struct Result *)calloc(1, sizeof *R);
  if (!R)
    return status(PLUGIN_FAILURE);
  R->Of = A;
  ++A->Computes;
  A->Seq = ++Seq;
  ++Live;
  switch ((int)(A - Ans)) {
  case AN_A:
    setData(R, "a:module");
    break;
  case AN_B:
    snprintf(Buf, sizeof Buf, "b#%u:a=%u", A->Computes, Ans[AN_A].Computes);
    setData(R, Buf);
    break;
  case AN_FN:
    if (Inv->Core
            ->GetValueName(Inv->Core->Context, Inv->Task, Inv->Function, &Name)
            .Code == 0) {
      snprintf(Buf, sizeof Buf, "%.*s", (int)Name.Length, Name.Data);
      setData(R, Buf);
    }
    break;
  default:
    setData(R, A->Name + 5); /* "req", "mut", ... */
    break;
  }
  label(R, Buf, sizeof Buf);
  fprintf(stderr, "analysis: event: Compute %s for %.*s\n", Buf,
          (int)Inv->PassID.Length, Inv->PassID.Data);
  if (A == &Ans[AN_MUT])
    mutCompute(Inv, R);
  *Out = R;
  return status(OK);
}

static NevercStatus NEVERC_CALL queryData(const void *Result,
                                          NevercByteView *Out, void *UD) {
  const struct Result *R = (const struct Result *)Result;
  ++R->Of->Queries;
  if (UD != R->Of)
    check("Query", "UserData is the descriptor's", 0);
  if (R->Of == &Ans[AN_MUT])
    expect("Query", "SetValueName from Query",
           renameFill(R, "renamed_in_query"), POLICY_VIOLATION);
  Out->Data = (const uint8_t *)R->Data;
  Out->Length = R->Length;
  return status(OK);
}

static NevercStatus NEVERC_CALL
invalidate(void *Result, NevercIRAnalysisInvalidationReason Why, void *UD) {
  struct Result *R = (struct Result *)Result;
  char Buf[64];
  (void)UD;
  label(R, Buf, sizeof Buf);
  fprintf(stderr, "analysis: event: Invalidate %s %s\n", Buf, reasonName(Why));
  if (R->Invalidated)
    check("Invalidate", "called once per result", 0);
  R->Invalidated = 1;
  if (Why == NEVERC_IR_ANALYSIS_INVALIDATED_BY_PASS)
    ++R->Of->ByPass;
  else if (Why == NEVERC_IR_ANALYSIS_INVALIDATED_BY_PLAN_DESTROY)
    ++R->Of->ByPlan;
  else
    check("Invalidate", "a known reason", 0);
  if (R->Of == &Ans[AN_MUT])
    expect("Invalidate", "SetValueName from Invalidate",
           renameFill(R, "renamed_in_invalidate"), POLICY_VIOLATION);
  return status(OK);
}

static void NEVERC_CALL destroy(void *Result, void *UD) {
  struct Result *R = (struct Result *)Result;
  char Buf[64];
  (void)UD;
  label(R, Buf, sizeof Buf);
  fprintf(stderr, "analysis: event: Destroy %s\n", Buf);
  if (!R->Invalidated)
    check("Destroy", "only after Invalidate", 0);
  ++R->Of->Destroys;
  --Live;
  free(R);
}

/* The computes and invalidations of a plugin analysis so far. */
static int counts(int Which, unsigned Computes, unsigned ByPass,
                  unsigned ByPlan) {
  const struct Analysis *A = &Ans[Which];
  return A->Computes == Computes && A->ByPass == ByPass && A->ByPlan == ByPlan;
}

static NevercIRAnalysisDescriptor
descriptor(int Which, const NevercInterfaceID *Deps, uint64_t DepCount) {
  NevercIRAnalysisDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_IR_ANALYSIS_API_MAJOR,
                      NEVERC_IR_ANALYSIS_API_MINOR);
  D.AnalysisID = analysisID(Which);
  D.Name = sv(Ans[Which].Name);
  D.Level = Ans[Which].Level;
  D.Dependencies = Deps;
  D.DependencyCount = DepCount;
  D.Compute = compute;
  D.Query = Which == AN_REQ ? NULL : queryData;
  D.Invalidate = invalidate;
  D.Destroy = destroy;
  D.UserData = &Ans[Which];
  return D;
}

static NevercStatus NEVERC_CALL neverCompute(const NevercIRPassInvocation *Inv,
                                             void **Out, void *UD) {
  (void)Inv, (void)Out, (void)UD;
  check("Compute", "of a refused registration is never called", 0);
  return status(PLUGIN_FAILURE);
}

static void setupAnalyses(void) {
  static const char *Names[AN_COUNT] = {"tour.a",   "tour.b",    "tour.req",
                                        "tour.mut", "tour.fn",   "tour.loop",
                                        "tour.c",   "tour.fails"};
  int I;
  memset(Ans, 0, sizeof Ans);
  for (I = 0; I < AN_COUNT; ++I) {
    Ans[I].Name = Names[I];
    Ans[I].Low = (uint64_t)I + 1;
    Ans[I].Level = NEVERC_IR_PASS_LEVEL_MODULE;
  }
  Ans[AN_FN].Level = NEVERC_IR_PASS_LEVEL_FUNCTION;
  Ans[AN_LOOP].Level = NEVERC_IR_PASS_LEVEL_LOOP;
}

static NevercStatus reg(void *RC, const NevercIRAnalysisDescriptor *D) {
  return An->RegisterAnalysis(AX, RC, D);
}

/* RegisterAnalysis: the tour's analyses and every refusal. */
static void registerAnalyses(void *RC) {
  static NevercInterfaceID DepA, DepD, DepC, DepE;
  NevercIRAnalysisDescriptor D;
  const char *S = "RegisterAnalysis";
  DepA = analysisID(AN_A);
  DepD = idOf(LOW_D);
  DepC = analysisID(AN_C);
  DepE = idOf(LOW_E);
  D = descriptor(AN_B, &DepA, 1);
  expect(S, "tour.b depending on tour.a, registered before tour.a", reg(RC, &D),
         OK);
  D = descriptor(AN_A, NULL, 0);
  expect(S, "tour.a", reg(RC, &D), OK);
  D = descriptor(AN_REQ, NULL, 0);
  expect(S, "tour.req (Query NULL)", reg(RC, &D), OK);
  D = descriptor(AN_MUT, NULL, 0);
  expect(S, "tour.mut", reg(RC, &D), OK);
  D = descriptor(AN_FN, NULL, 0);
  expect(S, "tour.fn (FUNCTION)", reg(RC, &D), OK);
  D = descriptor(AN_LOOP, NULL, 0);
  expect(S, "tour.loop (LOOP)", reg(RC, &D), OK);
  D = descriptor(AN_C, &DepD, 1);
  expect(S, "tour.c depending on tour.d (not registered yet)", reg(RC, &D), OK);
  D = descriptor(AN_C, &DepC, 1);
  D.AnalysisID = idOf(LOW_D);
  D.Name = sv("tour.d");
  D.Compute = neverCompute;
  expect(S, "tour.d depending on tour.c (a cycle)", reg(RC, &D),
         DEPENDENCY_CYCLE);
  D.AnalysisID = idOf(LOW_E);
  D.Name = sv("tour.e");
  D.Dependencies = &DepE;
  expect(S, "tour.e depending on itself", reg(RC, &D), DEPENDENCY_CYCLE);
  D = descriptor(AN_A, NULL, 0);
  D.Name = sv("tour.a-again");
  D.Compute = neverCompute;
  expect(S, "the AnalysisID of tour.a again", reg(RC, &D), DUPLICATE_ID);
  D = descriptor(AN_A, NULL, 0);
  D.AnalysisID = idOf(LOW_REFUSED);
  D.Compute = NULL;
  expect(S, "Compute NULL", reg(RC, &D), INVALID_DESCRIPTOR);
  D.Compute = neverCompute;
  D.Destroy = NULL;
  expect(S, "Destroy NULL", reg(RC, &D), INVALID_DESCRIPTOR);
  D.Destroy = destroy;
  D.Name = sv("");
  expect(S, "empty Name", reg(RC, &D), INVALID_DESCRIPTOR);
  D.Name = sv("tour.refused");
  D.AnalysisID.High = 0;
  D.AnalysisID.Low = 0;
  expect(S, "AnalysisID {0, 0}", reg(RC, &D), INVALID_DESCRIPTOR);
  D.AnalysisID = idOf(LOW_REFUSED);
  D.Level = 0;
  expect(S, "Level 0", reg(RC, &D), INVALID_DESCRIPTOR);
  D.Level = NEVERC_IR_PASS_LEVEL_LOOP + 1;
  expect(S, "Level LOOP + 1", reg(RC, &D), INVALID_DESCRIPTOR);
  D.Level = NEVERC_IR_PASS_LEVEL_MODULE;
  D.DependencyCount = 1;
  D.Dependencies = NULL;
  expect(S, "DependencyCount 1, Dependencies NULL", reg(RC, &D),
         INVALID_DESCRIPTOR);
  D.DependencyCount = 0;
  D.Header.Major = NEVERC_IR_ANALYSIS_API_MAJOR + 1;
  expect(S, "Header.Major + 1", reg(RC, &D), ABI_MISMATCH);
  D.Header.Major = NEVERC_IR_ANALYSIS_API_MAJOR;
  D.Header.StructSize = 16;
  expect(S, "StructSize 16", reg(RC, &D), INVALID_DESCRIPTOR);
  D.Header.StructSize = sizeof D;
  expect(S, "RegistrarContext NULL", An->RegisterAnalysis(AX, NULL, &D),
         INVALID_ARGUMENT);
  expect(S, "Descriptor NULL", An->RegisterAnalysis(AX, RC, NULL),
         INVALID_ARGUMENT);
}

#include "IRAnalysisTourBuiltins.inc"

static NevercStatus NEVERC_CALL earlyPass(const NevercIRPassInvocation *Inv,
                                          NevercIRPreservedAnalyses *Kept,
                                          void *UD) {
  struct Fix F;
  (void)UD;
  T = Inv->Task;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  if (!moduleFixture(&F))
    return status(OK);
  EarlyDT = query(NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.Fill,
                  "fill at ir.pass.optimizer_last");
  return status(OK);
}

static NevercStatus NEVERC_CALL builtinPass(const NevercIRPassInvocation *Inv,
                                            NevercIRPreservedAnalyses *Kept,
                                            void *UD) {
  struct Fix F;
  RH ChooseDT, ChoosePDT, FillDT, GridLI, FillLI, ChooseLI, FillSE, GridSE,
      SumSE, FillMS, ChooseMS, FillAA, ChooseAA, CG, R;
  NevercBool B;
  const char *S = "QueryBuiltin";
  uint64_t Slots =
      (AnalysisSize - offsetof(NevercIRAnalysisAPI, QueryBuiltin)) /
      sizeof An->QueryBuiltin;
  (void)UD;
  T = Inv->Task;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  check("NevercIRPassInvocation",
        "Analyses is the table QueryInterface gave, 13 slots",
        Inv->Analyses == An && Slots == 13 &&
            AnalysisSize >= offsetof(NevercIRAnalysisAPI, GetCustomResultData) +
                                sizeof An->GetCustomResultData);
  if (!moduleFixture(&F))
    return status(OK);
  expect("DominatorTreeDominates",
         "a result made at ir.pass.optimizer_last (LLVM's passes ran since)",
         dom(EarlyDT, F.FillEntry, F.FillLoop, &B), STALE_HANDLE);
  ChooseDT = query(NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.Choose, "choose");
  ChoosePDT = query(NEVERC_IR_ANALYSIS_POST_DOMINATOR_TREE, F.Choose, "choose");
  FillDT = query(NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.Fill, "fill");
  GridLI = query(NEVERC_IR_ANALYSIS_LOOP_INFO, F.Grid, "grid");
  FillLI = query(NEVERC_IR_ANALYSIS_LOOP_INFO, F.Fill, "fill");
  ChooseLI = query(NEVERC_IR_ANALYSIS_LOOP_INFO, F.Choose, "choose");
  FillSE = query(NEVERC_IR_ANALYSIS_SCALAR_EVOLUTION, F.Fill, "fill");
  GridSE = query(NEVERC_IR_ANALYSIS_SCALAR_EVOLUTION, F.Grid, "grid");
  SumSE = query(NEVERC_IR_ANALYSIS_SCALAR_EVOLUTION, F.Sum, "sum");
  FillMS = query(NEVERC_IR_ANALYSIS_MEMORY_SSA, F.Fill, "fill");
  ChooseMS = query(NEVERC_IR_ANALYSIS_MEMORY_SSA, F.Choose, "choose");
  FillAA = query(NEVERC_IR_ANALYSIS_ALIAS, F.Fill, "fill");
  ChooseAA = query(NEVERC_IR_ANALYSIS_ALIAS, F.Choose, "choose");
  CG = query(NEVERC_IR_ANALYSIS_CALL_GRAPH, F.Mod, "the module");
  expect(S, "DOMINATOR_TREE of a block (choose's entry)",
         queryStatus(NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.ChooseEntry),
         WRONG_TYPE);
  expect(S, "CALL_GRAPH of a function (caller)",
         queryStatus(NEVERC_IR_ANALYSIS_CALL_GRAPH, F.Caller), WRONG_TYPE);
  expect(S, "LOOP_INFO of the module",
         queryStatus(NEVERC_IR_ANALYSIS_LOOP_INFO, F.Mod), WRONG_TYPE);
  expect(S, "MEMORY_SSA of a global (dst)",
         queryStatus(NEVERC_IR_ANALYSIS_MEMORY_SSA, F.Dst), WRONG_TYPE);
  expect(S, "DOMINATOR_TREE of a declaration (left)",
         queryStatus(NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.Left),
         INVALID_ARGUMENT);
  expect(S, "analysis 0", queryStatus(0, F.Fill), INVALID_ARGUMENT);
  expect(S, "analysis 8 (past POST_DOMINATOR_TREE)", queryStatus(8, F.Fill),
         INVALID_ARGUMENT);
  expect(
      S, "OutResult NULL",
      An->QueryBuiltin(AX, T, NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.Fill, NULL),
      INVALID_ARGUMENT);
  R = query(NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.Choose, "choose again");
  check(S, "a second query of the same analysis gives a handle that works",
        dom(R, F.ChooseEntry, F.ChooseJoin, &B).Code == 0 && B == NEVERC_TRUE);
  dominance(&F, ChooseDT, ChoosePDT, FillDT, GridLI);
  loops(&F, GridLI, FillLI, ChooseLI, ChooseDT, FillSE);
  tripCounts(&F, FillSE, GridSE, SumSE, GridLI);
  memory(&F, FillMS, ChooseMS, ChooseDT);
  calls(&F, CG, FillMS);
  aliases(&F, FillAA, ChooseAA, GridLI);
  BuiltinDT = ChooseDT;
  return status(OK);
}

/*===--- Plugin analyses in passes ----------------------------------------===*/

static RH CustomA, CustomB; /* kept by tour.custom for the later passes */

static NevercStatus customQuery(int Which, RH *Out) {
  return An->QueryCustom(AX, T, analysisID(Which), Out);
}

static int dataIs(RH R, const char *Want) {
  NevercByteView B;
  B.Data = NULL;
  B.Length = 0;
  return An->GetCustomResultData(AX, T, R, &B).Code == 0 && bytesAre(B, Want);
}

static NevercStatus NEVERC_CALL customPass(const NevercIRPassInvocation *Inv,
                                           NevercIRPreservedAnalyses *Kept,
                                           void *UD) {
  struct Fix F;
  RH R, Again, Mut;
  NevercByteView Bytes;
  NevercBool Bo;
  uint64_t N;
  NevercStatus St;
  const char *S = "QueryCustom";
  (void)UD;
  T = Inv->Task;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  fprintf(stderr, "analysis: event: Run tour.custom\n");
  check("RequiredAnalyses", "tour.req was computed before Run, alone",
        counts(AN_REQ, 1, 0, 0) && counts(AN_A, 0, 0, 0) &&
            counts(AN_B, 0, 0, 0));
  St = customQuery(AN_REQ, &R);
  check(S, "tour.req again: cached (Compute called once)",
        St.Code == 0 && counts(AN_REQ, 1, 0, 0));
  expect("GetCustomResultData", "tour.req (Query NULL)",
         An->GetCustomResultData(AX, T, R, &Bytes), CAPABILITY_UNAVAILABLE);
  St = customQuery(AN_B, &CustomB);
  check(S, "tour.b: computes tour.a first, then tour.b",
        St.Code == 0 && counts(AN_A, 1, 0, 0) && counts(AN_B, 1, 0, 0) &&
            Ans[AN_A].Seq < Ans[AN_B].Seq);
  St = customQuery(AN_B, &Again);
  check(S, "tour.b again: cached (no Compute)",
        St.Code == 0 && counts(AN_A, 1, 0, 0) && counts(AN_B, 1, 0, 0));
  check("GetCustomResultData", "tour.b: the bytes of its Query, 'b#1:a=1'",
        dataIs(CustomB, "b#1:a=1") && dataIs(Again, "b#1:a=1") &&
            Ans[AN_B].Queries == 2);
  St = customQuery(AN_A, &CustomA);
  check(S, "tour.a: cached, computed by tour.b's query",
        St.Code == 0 && counts(AN_A, 1, 0, 0) && dataIs(CustomA, "a:module"));
  expect(S, "tour.fn (FUNCTION) from a MODULE pass", customQuery(AN_FN, &R),
         WRONG_SCOPE);
  expect(S, "tour.loop (LOOP) from a MODULE pass", customQuery(AN_LOOP, &R),
         WRONG_SCOPE);
  expect(S, "an AnalysisID nobody registered",
         An->QueryCustom(AX, T, idOf(LOW_NOBODY), &R), NOT_FOUND);
  expect(S, "tour.d (its registration was refused)",
         An->QueryCustom(AX, T, idOf(LOW_D), &R), NOT_FOUND);
  expect(S, "OutResult NULL", An->QueryCustom(AX, T, analysisID(AN_A), NULL),
         INVALID_ARGUMENT);
  expect(S, "tour.mut (its callbacks try to change IR)",
         customQuery(AN_MUT, &Mut), OK);
  check("GetCustomResultData", "tour.mut: 'mut'", dataIs(Mut, "mut"));
  if (!moduleFixture(&F))
    return status(OK);
  /* A result of this callback: the one kept from an earlier pass is stale. */
  An->QueryBuiltin(AX, T, NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.Fill, &R);
  expect("GetCustomResultData", "a DOMINATOR_TREE result",
         An->GetCustomResultData(AX, T, R, &Bytes), WRONG_TYPE);
  expect("GetCustomResultData", "a value handle (fill)",
         An->GetCustomResultData(AX, T, F.Fill, &Bytes), WRONG_TYPE);
  expect("GetCustomResultData", "OutData NULL",
         An->GetCustomResultData(AX, T, CustomA, NULL), INVALID_ARGUMENT);
  expect("GetLoopCount", "a plugin analysis result (tour.b)",
         An->GetLoopCount(AX, T, CustomB, &N), WRONG_TYPE);
  expect("DominatorTreeDominates", "a plugin analysis result (tour.a)",
         dom(CustomA, F.ChooseEntry, F.ChooseJoin, &Bo), WRONG_TYPE);
  expect("DominatorTreeDominates",
         "tour.builtin's result in the next pass (its callback returned)",
         dom(BuiltinDT, F.ChooseEntry, F.ChooseJoin, &Bo), STALE_HANDLE);
  return status(OK);
}

static NevercStatus NEVERC_CALL mutatePass(const NevercIRPassInvocation *Inv,
                                           NevercIRPreservedAnalyses *Kept,
                                           void *UD) {
  static NevercInterfaceID KeepA;
  struct Fix F;
  RH DT, PDT, LI, SE, MS, AA, CG, B, Again;
  NevercBool Bo;
  uint64_t N;
  uint32_t Depth;
  NevercIRMemoryAccessKind K;
  NevercIRAliasResult AR;
  V H;
  NevercStatus St;
  const char *S = "stale";
  (void)UD;
  T = Inv->Task;
  Kept->Flags = NEVERC_IR_PRESERVE_NONE;
  KeepA = analysisID(AN_A);
  Kept->CustomAnalyses = &KeepA;
  Kept->CustomAnalysisCount = 1;
  if (!moduleFixture(&F))
    return status(OK);
  DT = query(NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.Choose,
             "choose before the rename");
  PDT = query(NEVERC_IR_ANALYSIS_POST_DOMINATOR_TREE, F.Choose,
              "choose before the rename");
  LI = query(NEVERC_IR_ANALYSIS_LOOP_INFO, F.Grid, "grid before the rename");
  SE = query(NEVERC_IR_ANALYSIS_SCALAR_EVOLUTION, F.Fill,
             "fill before the rename");
  MS = query(NEVERC_IR_ANALYSIS_MEMORY_SSA, F.Fill, "fill before the rename");
  AA = query(NEVERC_IR_ANALYSIS_ALIAS, F.Fill, "fill before the rename");
  CG = query(NEVERC_IR_ANALYSIS_CALL_GRAPH, F.Mod,
             "the module before the rename");
  St = customQuery(AN_B, &B);
  check("QueryCustom", "tour.b in tour.mutate: still cached",
        St.Code == 0 && counts(AN_B, 1, 0, 0));
  expect("SetValueName", "choose's join PHI to 'r.tour' (the generation moves)",
         C->SetValueName(CX, T, F.ChoosePhi, sv("r.tour")), OK);
  expect(S, "DominatorTreeDominates after the rename",
         dom(DT, F.ChooseEntry, F.ChooseJoin, &Bo), STALE_HANDLE);
  expect(S, "DominatorTreeDominates (post-dominator tree) after the rename",
         dom(PDT, F.ChooseJoin, F.ChooseEntry, &Bo), STALE_HANDLE);
  expect(S, "GetLoopCount after the rename", An->GetLoopCount(AX, T, LI, &N),
         STALE_HANDLE);
  expect(S, "GetLoopHeader after the rename",
         An->GetLoopHeader(AX, T, LI, 0, &H), STALE_HANDLE);
  expect(S, "GetLoopForBlock after the rename",
         An->GetLoopForBlock(AX, T, LI, F.GridInner, &H, &Depth), STALE_HANDLE);
  expect(
      S, "GetScalarEvolutionConstantTripCount after the rename",
      An->GetScalarEvolutionConstantTripCount(AX, T, SE, F.FillLoop, &Bo, &N),
      STALE_HANDLE);
  expect(S, "GetMemoryAccessKind after the rename", access(MS, F.FillStore, &K),
         STALE_HANDLE);
  expect(S, "Alias after the rename", alias(AA, F.Dst, 4, F.Src, 4, &AR),
         STALE_HANDLE);
  expect(S, "GetDirectCalleeCount after the rename",
         An->GetDirectCalleeCount(AX, T, CG, F.Caller, &N), STALE_HANDLE);
  expect(S, "GetDirectCallee after the rename",
         An->GetDirectCallee(AX, T, CG, F.Caller, 0, &H), STALE_HANDLE);
  Again = query(NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.Choose,
                "choose after the rename");
  domIs(Again, F.ChooseEntry, F.ChooseJoin, 1,
        "the new result: the entry dominates the join");
  check("GetCustomResultData",
        "tour.b after the rename, in the same pass: still 'b#1:a=1'",
        dataIs(B, "b#1:a=1"));
  fprintf(stderr, "analysis: event: tour.mutate returns PRESERVE_NONE, "
                  "CustomAnalyses {tour.a}\n");
  return status(OK);
}

static NevercStatus NEVERC_CALL afterPass(const NevercIRPassInvocation *Inv,
                                          NevercIRPreservedAnalyses *Kept,
                                          void *UD) {
  struct Fix F;
  RH R;
  NevercByteView Bytes;
  NevercBool Bo;
  NevercStatus St;
  (void)UD;
  T = Inv->Task;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  check("CustomAnalyses", "tour.a, listed by tour.mutate: kept, no Invalidate",
        counts(AN_A, 1, 0, 0) && Ans[AN_A].Destroys == 0);
  check("CustomAnalyses",
        "tour.b, not listed: Invalidate(INVALIDATED_BY_PASS), Destroy",
        counts(AN_B, 1, 1, 0) && Ans[AN_B].Destroys == 1);
  check("CustomAnalyses",
        "tour.req and tour.mut, not listed: INVALIDATED_BY_PASS, Destroy",
        counts(AN_REQ, 1, 1, 0) && counts(AN_MUT, 1, 1, 0) &&
            Ans[AN_REQ].Destroys == 1 && Ans[AN_MUT].Destroys == 1);
  expect("GetCustomResultData",
         "tour.b's result from tour.custom (invalidated since)",
         An->GetCustomResultData(AX, T, CustomB, &Bytes), STALE_HANDLE);
  expect("GetCustomResultData",
         "tour.a's result from tour.custom (its callback returned)",
         An->GetCustomResultData(AX, T, CustomA, &Bytes), STALE_HANDLE);
  St = customQuery(AN_A, &R);
  check("QueryCustom", "tour.a: cached across the change",
        St.Code == 0 && counts(AN_A, 1, 0, 0));
  St = customQuery(AN_B, &R);
  check("QueryCustom", "tour.b: computed again, tour.a not",
        St.Code == 0 && counts(AN_B, 2, 1, 0) && counts(AN_A, 1, 0, 0) &&
            dataIs(R, "b#2:a=1"));
  if (!moduleFixture(&F))
    return status(OK);
  expect("DominatorTreeDominates",
         "tour.builtin's result after tour.mutate changed the module",
         dom(BuiltinDT, F.ChooseEntry, F.ChooseJoin, &Bo), STALE_HANDLE);
  return status(OK);
}

static unsigned FunctionRuns;

static NevercStatus NEVERC_CALL
perFunctionPass(const NevercIRPassInvocation *Inv,
                NevercIRPreservedAnalyses *Kept, void *UD) {
  NevercStringView Name;
  RH R, Again;
  char Want[64], What[128];
  NevercStatus St;
  unsigned Before;
  (void)UD;
  T = Inv->Task;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  ++FunctionRuns;
  Before = Ans[AN_FN].Computes;
  if (C->GetValueName(CX, T, Inv->Function, &Name).Code)
    Name = sv("?");
  snprintf(Want, sizeof Want, "%.*s", (int)Name.Length, Name.Data);
  St = An->QueryCustom(AX, T, analysisID(AN_FN), &R);
  snprintf(What, sizeof What,
           "tour.fn in the FUNCTION pass over %s: required (computed before "
           "Run), cached, data '%s'",
           Want, Want);
  check("QueryCustom", What,
        St.Code == 0 && Before == FunctionRuns &&
            Ans[AN_FN].Computes == FunctionRuns && dataIs(R, Want) &&
            An->QueryCustom(AX, T, analysisID(AN_FN), &Again).Code == 0 &&
            dataIs(Again, Want) && Ans[AN_FN].Computes == FunctionRuns);
  if (FunctionRuns == 1) {
    St = customQuery(AN_A, &R);
    check("QueryCustom",
          "tour.a (MODULE) from a FUNCTION pass: the module's cached result",
          St.Code == 0 && Ans[AN_A].Computes == 1 && dataIs(R, "a:module"));
    expect("QueryCustom", "tour.loop (LOOP) from a FUNCTION pass",
           customQuery(AN_LOOP, &R), WRONG_SCOPE);
  }
  return status(OK);
}

/*===--- Outside a pass ---------------------------------------------------===*/

static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *Fr,
                                        NevercObserverPoint Point, void *UD) {
  struct Fix F;
  RH R;
  (void)Point, (void)UD;
  T = Fr->Task;
  expect("QueryCustom", "from an observer (no pass runs)",
         An->QueryCustom(AX, T, analysisID(AN_A), &R), INVALID_STATE);
  if (!moduleFixture(&F))
    return status(OK);
  R = query(NEVERC_IR_ANALYSIS_DOMINATOR_TREE, F.Fill, "fill from an observer");
  domIs(R, F.FillEntry, F.FillLoop, 1,
        "from an observer: fill's entry dominates its loop");
  return status(OK);
}

/*===--- The variants -----------------------------------------------------===*/

static NevercStatus NEVERC_CALL missingRun(const NevercIRPassInvocation *Inv,
                                           NevercIRPreservedAnalyses *Kept,
                                           void *UD) {
  (void)Inv, (void)UD;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  check("RequiredAnalyses", "a pass requiring a missing analysis never runs",
        0);
  return status(OK);
}

static NevercStatus NEVERC_CALL errorsRun(const NevercIRPassInvocation *Inv,
                                          NevercIRPreservedAnalyses *Kept,
                                          void *UD) {
  RH R;
  (void)UD;
  T = Inv->Task;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  expect("QueryCustom", "tour.c (its dependency tour.d was refused)",
         customQuery(AN_C, &R), DEPENDENCY_MISSING);
  expect("QueryCustom", "tour.fails (its Compute fails)",
         customQuery(AN_FAILS, &R), PLUGIN_FAILURE);
  expect("QueryCustom", "tour.fails again (a failure is not cached)",
         customQuery(AN_FAILS, &R), PLUGIN_FAILURE);
  return status(OK);
}

/* RegisterPass; the first failure stays in *Status. */
static void addPass(void *RC, const char *ID, uint64_t PhaseLow,
                    NevercIRPassLevel Level, NevercIRPassRunFn Run,
                    const NevercInterfaceID *Required, NevercStatus *Status) {
  NevercIRPassDescriptor P;
  NevercStatus S;
  memset(&P, 0, sizeof P);
  P.Header =
      tpHeader(sizeof P, NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR);
  P.PassID = sv(ID);
  P.Phase.High = NEVERC_PHASE_IR_PASS_PRE_OPT_HIGH;
  P.Phase.Low = PhaseLow;
  P.Level = Level;
  P.Deterministic = NEVERC_TRUE;
  P.RequiredAnalyses = Required;
  P.RequiredAnalysisCount = Required ? 1 : 0;
  P.Run = Run;
  S = Pass->RegisterPass(Pass->Context, RC, &P);
  if (S.Code)
    fprintf(stderr, "analysis: RegisterPass(%s) -> %s FAILED\n", ID, tpCode(S));
  if (S.Code && !Status->Code)
    *Status = S;
}

static NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *Core,
                                          NevercTaskHandle Task,
                                          NevercTaskKind Kind, void *PS,
                                          void *SS, void **Out) {
  static int Once;
  NevercIRAnalysisDescriptor D;
  (void)Core, (void)Task, (void)Kind, (void)PS, (void)SS, (void)Out;
  if ((IS_MODE("") || IS_MODE("read")) && !Once++) {
    D = descriptor(AN_A, NULL, 0);
    D.AnalysisID = idOf(LOW_REFUSED);
    D.Compute = neverCompute;
    expect("RegisterAnalysis", "in TaskBegin (after Register)",
           An->RegisterAnalysis(AX, SavedRC, &D), INVALID_STATE);
  }
  return status(OK);
}

static NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *Core,
                                        NevercTaskHandle Task,
                                        NevercTaskKind Kind, void *PS, void *SS,
                                        void *TS) {
  static int Done;
  /* Computes, INVALIDATED_BY_PASS, INVALIDATED_BY_PLAN_DESTROY, Destroys of
   * a, b, req, mut, fn. */
  static const unsigned Tour[5][4] = {
      {1, 0, 1, 1}, {2, 1, 1, 2}, {1, 1, 0, 1}, {1, 1, 0, 1}, {5, 0, 5, 5}};
  static const unsigned Read[5][4] = {
      {1, 0, 1, 1}, {1, 0, 1, 1}, {1, 0, 1, 1}, {1, 0, 1, 1}, {5, 0, 5, 5}};
  const unsigned(*Want)[4] = IS_MODE("read") ? Read : Tour;
  int I, Ok = 1;
  (void)Core, (void)Task, (void)Kind, (void)PS, (void)SS, (void)TS;
  if (Done || !Seq || !(IS_MODE("") || IS_MODE("read")))
    return status(OK);
  Done = 1;
  fprintf(stderr, "analysis: summary: Compute, INVALIDATED_BY_PASS, "
                  "INVALIDATED_BY_PLAN_DESTROY, Destroy:");
  for (I = 0; I <= AN_FN; ++I) {
    const struct Analysis *A = &Ans[I];
    fprintf(stderr, " %s %u/%u/%u/%u", A->Name + 5, A->Computes, A->ByPass,
            A->ByPlan, A->Destroys);
    Ok &= A->Computes == Want[I][0] && A->ByPass == Want[I][1] &&
          A->ByPlan == Want[I][2] && A->Destroys == Want[I][3];
  }
  fprintf(stderr, "\n");
  check("summary", "the callback counts are the expected ones", Ok);
  check("summary", "tour.loop and tour.c never computed",
        !Ans[AN_LOOP].Computes && !Ans[AN_C].Computes);
  check("summary", "every result destroyed once, after its Invalidate",
        Live == 0);
  check("summary", "tour.per-function ran once per defined function (5)",
        FunctionRuns == 5);
  fprintf(stderr, "analysis: %u checks, %u failed\n", Checks, Failures);
  return status(OK);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Co,
                                               const NevercRegistrarAPI *Rg,
                                               void *RC, void *PS) {
  static NevercInterfaceID Req, Fn, Nobody;
  NevercInterfaceID ID;
  const void *Table = NULL;
  uint16_t Minor = 0;
  NevercObserverDescriptor O;
  NevercIRAnalysisDescriptor D;
  NevercStatus S;
  (void)PS;
  Mode = getenv("IR_ANALYSIS_TOUR") ? getenv("IR_ANALYSIS_TOUR") : "";
  SavedRC = RC;
  setupAnalyses();
  C = (const NevercIRCoreAPI *)tpQuery(
      Co, NEVERC_INTERFACE_IR_CORE_HIGH, NEVERC_INTERFACE_IR_CORE_LOW,
      NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  Pass = (const NevercIRPassAPI *)tpQuery(
      Co, NEVERC_INTERFACE_IR_PASS_HIGH, NEVERC_INTERFACE_IR_PASS_LOW,
      NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR);
  ID.High = NEVERC_INTERFACE_IR_ANALYSIS_HIGH;
  ID.Low = NEVERC_INTERFACE_IR_ANALYSIS_LOW;
  if (Co->QueryInterface(Co->Context, ID, NEVERC_IR_ANALYSIS_API_MAJOR,
                         NEVERC_IR_ANALYSIS_API_MINOR, &Table, &Minor,
                         &AnalysisSize)
          .Code == 0)
    An = (const NevercIRAnalysisAPI *)Table;
  if (!C || !Pass || !An ||
      AnalysisSize < offsetof(NevercIRAnalysisAPI, GetCustomResultData) +
                         sizeof An->GetCustomResultData)
    return status(MISSING_INTERFACE);
  Req = analysisID(AN_REQ);
  Fn = analysisID(AN_FN);
  Nobody = idOf(LOW_NOBODY);
  S = status(OK);
  if (IS_MODE("missing")) {
    D = descriptor(AN_A, NULL, 0);
    if ((S = reg(RC, &D)).Code)
      return S;
    addPass(RC, "tour.needs-missing", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
            NEVERC_IR_PASS_LEVEL_MODULE, missingRun, &Nobody, &S);
    return S;
  }
  if (IS_MODE("query-errors")) {
    static NevercInterfaceID DepD;
    DepD = idOf(LOW_D);
    D = descriptor(AN_C, &DepD, 1);
    if ((S = reg(RC, &D)).Code)
      return S;
    D = descriptor(AN_FAILS, NULL, 0);
    if ((S = reg(RC, &D)).Code)
      return S;
    addPass(RC, "tour.query-errors", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
            NEVERC_IR_PASS_LEVEL_MODULE, errorsRun, NULL, &S);
    return S;
  }
  registerAnalyses(RC);
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_IR_PASS_POST_OPT_HIGH;
  O.Phase.Low = NEVERC_PHASE_IR_PASS_POST_OPT_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE;
  O.Callback = observe;
  if ((S = Rg->RegisterObserver(RC, &O)).Code)
    return S;
  addPass(RC, "tour.early", NEVERC_PHASE_IR_PASS_OPTIMIZER_LAST_LOW,
          NEVERC_IR_PASS_LEVEL_MODULE, earlyPass, NULL, &S);
  addPass(RC, "tour.builtin", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
          NEVERC_IR_PASS_LEVEL_MODULE, builtinPass, NULL, &S);
  addPass(RC, "tour.custom", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
          NEVERC_IR_PASS_LEVEL_MODULE, customPass, &Req, &S);
  if (!IS_MODE("read")) {
    addPass(RC, "tour.mutate", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
            NEVERC_IR_PASS_LEVEL_MODULE, mutatePass, NULL, &S);
    addPass(RC, "tour.after", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
            NEVERC_IR_PASS_LEVEL_MODULE, afterPass, NULL, &S);
  }
  addPass(RC, "tour.per-function", NEVERC_PHASE_IR_PASS_PRE_CODEGEN_LOW,
          NEVERC_IR_PASS_LEVEL_FUNCTION, perFunctionPass, &Fn, &S);
  return S;
}

NEVERC_TEST_PLUGIN_ENTRY(TOUR_ID, TOUR_ID, registerPlugin, NULL, taskBegin,
                         taskEnd)
