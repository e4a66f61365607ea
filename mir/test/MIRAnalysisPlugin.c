/*
 * NevercMIRAnalysisAPI through the C ABI (tests/lit/mir/analysis.c): a
 * FUNCTION pass at post_isel and one at pre_regalloc query every built-in
 * analysis, check what each answers against the function's own shape, and
 * print one line per check ("analysis: <what> ok" or "... FAIL: why").
 *
 *   MIR_ANALYSIS_REQUIRE=1   one more pass at post_isel that requires
 *                            LIVE_INTERVALS (not computed there): the
 *                            compile fails naming it
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>

#define ANALYSIS_ID "org.neverc.test.mir-analysis"

static const NevercMIRPassAPI *Pass;

static void check(const char *What, int Ok, const char *Why) {
  if (Ok)
    fprintf(stderr, "analysis: %s ok\n", What);
  else
    fprintf(stderr, "analysis: %s FAIL: %s\n", What, Why);
}

static void expect(const char *What, NevercStatus S, NevercStatusCode Want) {
  char Why[96];
  snprintf(Why, sizeof Why, "got %s", tpCode(S));
  check(What, S.Code == Want, Why);
}

/* Blocks of F in layout order (at most 64). */
static uint64_t blocks(const NevercMIRAPI *M, NevercTaskHandle T,
                       NevercMachineFunctionHandle F,
                       NevercMachineBasicBlockHandle *Out) {
  uint64_t N = 0;
  M->CollectBasicBlocks(M->Context, T, F, Out, 64, &N);
  return N;
}

/* Dominance, loops, and the refusals every result gives. */
static void structure(const NevercMIRPassInvocation *Inv, const char *Hook) {
  const NevercMIRAPI *M = Inv->Core;
  const NevercMIRAnalysisAPI *A = Inv->Analyses;
  NevercTaskHandle T = Inv->Task;
  NevercMachineBasicBlockHandle B[64], Header;
  NevercMIRAnalysisResultHandle DT, LI;
  uint64_t N = blocks(M, T, Inv->Function, B), I, Loops = 0, InLoop = 0;
  NevercBool Dom = NEVERC_FALSE;
  int AllDominated = 1, Reflexive = 1;
  uint32_t Depth = 0;
  char What[96];
  NevercStatus S;
  S = A->QueryBuiltin(A->Context, T, NEVERC_MIR_ANALYSIS_DOMINATOR_TREE,
                      Inv->Function, &DT);
  snprintf(What, sizeof What, "%s QueryBuiltin(DOMINATOR_TREE)", Hook);
  expect(What, S, NEVERC_STATUS_OK);
  for (I = 0; I < N; ++I) {
    A->DominatorTreeDominates(A->Context, T, DT, B[0], B[I], &Dom);
    AllDominated &= Dom == NEVERC_TRUE;
    A->DominatorTreeDominates(A->Context, T, DT, B[I], B[I], &Dom);
    Reflexive &= Dom == NEVERC_TRUE;
  }
  snprintf(What, sizeof What, "%s entry dominates all %llu blocks", Hook,
           (unsigned long long)N);
  check(What, AllDominated && N > 1, "no");
  snprintf(What, sizeof What, "%s dominance is reflexive", Hook);
  check(What, Reflexive, "no");
  if (N > 1) {
    A->DominatorTreeDominates(A->Context, T, DT, B[N - 1], B[0], &Dom);
    snprintf(What, sizeof What, "%s the last block does not dominate the entry",
             Hook);
    check(What, Dom == NEVERC_FALSE, "it does");
  }
  S = A->QueryBuiltin(A->Context, T, NEVERC_MIR_ANALYSIS_LOOP_INFO,
                      Inv->Function, &LI);
  snprintf(What, sizeof What, "%s QueryBuiltin(LOOP_INFO)", Hook);
  expect(What, S, NEVERC_STATUS_OK);
  A->GetLoopCount(A->Context, T, LI, &Loops);
  snprintf(What, sizeof What, "%s one loop", Hook);
  check(What, Loops == 1, "not one");
  S = A->GetLoopHeader(A->Context, T, LI, 0, &Header);
  snprintf(What, sizeof What, "%s GetLoopHeader(0)", Hook);
  expect(What, S, NEVERC_STATUS_OK);
  for (I = 0; I < N; ++I) {
    NevercMachineBasicBlockHandle H;
    A->GetLoopForBlock(A->Context, T, LI, B[I], &H, &Depth);
    if (Depth) {
      ++InLoop;
      if (H.Owner != Header.Owner || H.Value != Header.Value)
        InLoop = 1000;
    }
  }
  snprintf(What, sizeof What, "%s blocks in the loop name its header", Hook);
  check(What, InLoop >= 1 && InLoop < N, "no");
  A->GetLoopForBlock(A->Context, T, LI, B[0], &Header, &Depth);
  snprintf(What, sizeof What, "%s the entry is in no loop", Hook);
  check(What, Depth == 0 && neverc_handle_is_null(Header), "it is");
  /* Refusals. */
  snprintf(What, sizeof What, "%s GetLoopCount on a dominator tree", Hook);
  expect(What, A->GetLoopCount(A->Context, T, DT, &Loops),
         NEVERC_STATUS_WRONG_TYPE);
  snprintf(What, sizeof What, "%s GetLoopHeader past the end", Hook);
  expect(What, A->GetLoopHeader(A->Context, T, LI, 5, &Header),
         NEVERC_STATUS_INVALID_ARGUMENT);
  snprintf(What, sizeof What, "%s a block handle as a result", Hook);
  expect(What, A->GetLoopCount(A->Context, T, B[0], &Loops),
         NEVERC_STATUS_WRONG_TYPE);
  snprintf(What, sizeof What, "%s QueryBuiltin(99)", Hook);
  expect(What, A->QueryBuiltin(A->Context, T, 99, Inv->Function, &DT),
         NEVERC_STATUS_INVALID_ARGUMENT);
}

/* The first virtual register a non-debug instruction defines. */
static uint32_t firstVirtualDef(const NevercMIRAPI *M, NevercTaskHandle T,
                                NevercMachineFunctionHandle F) {
  NevercMachineBasicBlockHandle B[64];
  uint64_t N = blocks(M, T, F, B), I;
  for (I = 0; I < N; ++I) {
    NevercMachineInstrHandle In;
    M->GetFirstInstruction(M->Context, T, B[I], &In);
    while (!neverc_handle_is_null(In)) {
      NevercMachineOperandHandle O;
      NevercMIROperandValue V;
      memset(&V, 0, sizeof V);
      V.Header = tpHeader(sizeof V, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR);
      if (M->GetInstructionOperand(M->Context, T, In, 0, &O).Code == 0 &&
          M->GetOperandValue(M->Context, T, O, &V).Code == 0 &&
          V.Kind == NEVERC_MIR_OPERAND_REGISTER &&
          (V.Payload.Register.Flags & NEVERC_MIR_REG_FLAG_DEF) &&
          !V.Payload.Register.IsPhysical)
        return V.Payload.Register.Number;
      M->GetNextInstruction(M->Context, T, In, &In);
    }
  }
  return 0;
}

static void liveness(const NevercMIRPassInvocation *Inv) {
  const NevercMIRAPI *M = Inv->Core;
  const NevercMIRAnalysisAPI *A = Inv->Analyses;
  NevercTaskHandle T = Inv->Task;
  NevercMachineBasicBlockHandle B[64];
  NevercMIRAnalysisResultHandle LIS, SI, RP;
  NevercMachineInstrHandle I0, I1;
  NevercMIRLiveRangeSegment Seg;
  NevercMIRRegisterPressureInfo P;
  uint64_t N = blocks(M, T, Inv->Function, B), X = 0, Y = 0, Sets = 0, K;
  uint32_t Reg = firstVirtualDef(M, T, Inv->Function);
  NevercBool Live = NEVERC_TRUE;
  int Bounded = 1;
  expect("pre_regalloc QueryBuiltin(LIVE_INTERVALS)",
         A->QueryBuiltin(A->Context, T, NEVERC_MIR_ANALYSIS_LIVE_INTERVALS,
                         Inv->Function, &LIS),
         NEVERC_STATUS_OK);
  expect("pre_regalloc QueryBuiltin(SLOT_INDEXES)",
         A->QueryBuiltin(A->Context, T, NEVERC_MIR_ANALYSIS_SLOT_INDEXES,
                         Inv->Function, &SI),
         NEVERC_STATUS_OK);
  check("pre_regalloc a virtual register to look at", Reg != 0, "none");
  expect("pre_regalloc GetLiveIntervalSegmentCount",
         A->GetLiveIntervalSegmentCount(A->Context, T, LIS, Reg, &X),
         NEVERC_STATUS_OK);
  check("pre_regalloc the interval has segments", X >= 1, "none");
  expect("pre_regalloc GetLiveIntervalSegment(0)",
         A->GetLiveIntervalSegment(A->Context, T, LIS, Reg, 0, &Seg),
         NEVERC_STATUS_OK);
  check("pre_regalloc a segment starts before it ends", Seg.Start < Seg.End,
        "no");
  expect("pre_regalloc GetLiveIntervalSegment past the end",
         A->GetLiveIntervalSegment(A->Context, T, LIS, Reg, X, &Seg),
         NEVERC_STATUS_INVALID_ARGUMENT);
  expect("pre_regalloc GetLiveIntervalSegmentCount of register 0",
         A->GetLiveIntervalSegmentCount(A->Context, T, LIS, 0, &X),
         NEVERC_STATUS_INVALID_ARGUMENT);
  /* Slot indexes grow along a block. */
  M->GetFirstInstruction(M->Context, T, B[0], &I0);
  M->GetLastInstruction(M->Context, T, B[0], &I1);
  expect("pre_regalloc GetSlotIndex(first)",
         A->GetSlotIndex(A->Context, T, SI, I0, &X), NEVERC_STATUS_OK);
  expect("pre_regalloc GetSlotIndex(last)",
         A->GetSlotIndex(A->Context, T, LIS, I1, &Y), NEVERC_STATUS_OK);
  check("pre_regalloc slot indexes grow along the entry block", X < Y, "no");
  /* A value defined in the entry block is not live into it. */
  expect("pre_regalloc IsRegisterLiveInBlock",
         A->IsRegisterLiveInBlock(A->Context, T, LIS, Reg, B[0], &Live),
         NEVERC_STATUS_OK);
  check("pre_regalloc the register is not live into the entry",
        Live == NEVERC_FALSE, "it is");
  expect("pre_regalloc IsRegisterLiveInBlock on a slot-index result",
         A->IsRegisterLiveInBlock(A->Context, T, SI, Reg, B[0], &Live),
         NEVERC_STATUS_WRONG_TYPE);
  /* Register pressure: every set of every block within its limit... or
   * at least reported with one. */
  expect("pre_regalloc QueryBuiltin(REGISTER_PRESSURE)",
         A->QueryBuiltin(A->Context, T, NEVERC_MIR_ANALYSIS_REGISTER_PRESSURE,
                         Inv->Function, &RP),
         NEVERC_STATUS_OK);
  expect("pre_regalloc GetRegisterPressureSetCount",
         A->GetRegisterPressureSetCount(A->Context, T, RP, B[0], &Sets),
         NEVERC_STATUS_OK);
  check("pre_regalloc pressure sets exist", Sets > 0, "none");
  for (K = 0; K < N; ++K) {
    uint64_t S2;
    uint32_t Set;
    A->GetRegisterPressureSetCount(A->Context, T, RP, B[K], &S2);
    for (Set = 0; Set < S2; ++Set) {
      memset(&P, 0, sizeof P);
      P.Header = tpHeader(sizeof P, NEVERC_MIR_ANALYSIS_API_MAJOR,
                          NEVERC_MIR_ANALYSIS_API_MINOR);
      if (A->GetRegisterPressure(A->Context, T, RP, B[K], Set, &P).Code ||
          P.PressureSet != Set || !P.Limit)
        Bounded = 0;
    }
  }
  check("pre_regalloc every set of every block has its limit", Bounded, "no");
  expect("pre_regalloc GetRegisterPressure past the sets",
         A->GetRegisterPressure(A->Context, T, RP, B[0], (uint32_t)Sets, &P),
         NEVERC_STATUS_INVALID_ARGUMENT);
  expect("pre_regalloc GetRegisterPressure with a NULL out",
         A->GetRegisterPressure(A->Context, T, RP, B[0], 0, NULL),
         NEVERC_STATUS_INVALID_ARGUMENT);
}

static NevercMIRAnalysisResultHandle Kept;

static NevercStatus NEVERC_CALL atPostIsel(const NevercMIRPassInvocation *Inv,
                                           NevercMIRPreservedAnalyses *Out,
                                           void *UD) {
  const NevercMIRAnalysisAPI *A = Inv->Analyses;
  NevercMIRAnalysisResultHandle R;
  uint64_t N = 0;
  (void)UD;
  Out->Flags = NEVERC_MIR_PRESERVE_ALL;
  if (!A) {
    check("post_isel the invocation carries the analysis table", 0, "NULL");
    return status(NEVERC_STATUS_OK);
  }
  structure(Inv, "post_isel");
  /* Rule 10: no live intervals at post_isel. */
  expect("post_isel QueryBuiltin(LIVE_INTERVALS)",
         A->QueryBuiltin(A->Context, Inv->Task,
                         NEVERC_MIR_ANALYSIS_LIVE_INTERVALS, Inv->Function, &R),
         NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  expect("post_isel QueryBuiltin(REGISTER_PRESSURE)",
         A->QueryBuiltin(A->Context, Inv->Task,
                         NEVERC_MIR_ANALYSIS_REGISTER_PRESSURE, Inv->Function,
                         &R),
         NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  expect("post_isel QueryBuiltin(SLOT_INDEXES)",
         A->QueryBuiltin(A->Context, Inv->Task,
                         NEVERC_MIR_ANALYSIS_SLOT_INDEXES, Inv->Function, &R),
         NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  A->QueryBuiltin(A->Context, Inv->Task, NEVERC_MIR_ANALYSIS_LOOP_INFO,
                  Inv->Function, &Kept);
  (void)N;
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL atPreRegalloc(
    const NevercMIRPassInvocation *Inv, NevercMIRPreservedAnalyses *Out,
    void *UD) {
  const NevercMIRAnalysisAPI *A = Inv->Analyses;
  uint64_t N = 0;
  (void)UD;
  Out->Flags = NEVERC_MIR_PRESERVE_ALL;
  /* A result from an earlier callback is gone (rule 1). */
  expect("pre_regalloc a result kept from post_isel",
         A->GetLoopCount(A->Context, Inv->Task, Kept, &N),
         NEVERC_STATUS_STALE_HANDLE);
  structure(Inv, "pre_regalloc");
  liveness(Inv);
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL never(const NevercMIRPassInvocation *Inv,
                                      NevercMIRPreservedAnalyses *Out,
                                      void *UD) {
  (void)Inv, (void)Out, (void)UD;
  fprintf(stderr, "analysis: the pass requiring LIVE_INTERVALS ran\n");
  return status(NEVERC_STATUS_OK);
}

static NevercStatus add(void *RC, const char *ID, uint64_t Low,
                        NevercMIRPassRunFn Run,
                        const NevercMIRBuiltinAnalysis *Required,
                        uint64_t RequiredCount) {
  NevercMIRPassDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_MIR_PASS_API_MAJOR,
                      NEVERC_MIR_PASS_API_MINOR);
  D.PassID.Data = ID;
  D.PassID.Length = strlen(ID);
  D.Phase.High = NEVERC_PHASE_MIR_PASS_POST_ISEL_HIGH;
  D.Phase.Low = Low;
  D.Level = NEVERC_MIR_PASS_LEVEL_FUNCTION;
  D.Deterministic = NEVERC_TRUE;
  D.RequiredAnalyses = Required;
  D.RequiredAnalysisCount = RequiredCount;
  D.Run = Run;
  return Pass->RegisterPass(Pass->Context, RC, &D);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *C,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  static const NevercMIRBuiltinAnalysis Dom[] = {
      NEVERC_MIR_ANALYSIS_DOMINATOR_TREE, NEVERC_MIR_ANALYSIS_LOOP_INFO};
  static const NevercMIRBuiltinAnalysis Live[] = {
      NEVERC_MIR_ANALYSIS_LIVE_INTERVALS};
  static const NevercMIRBuiltinAnalysis Bad[] = {42};
  NevercStatus S;
  (void)R, (void)PS;
  Pass = (const NevercMIRPassAPI *)tpQuery(C, NEVERC_INTERFACE_MIR_PASS_HIGH,
                                           NEVERC_INTERFACE_MIR_PASS_LOW,
                                           NEVERC_MIR_PASS_API_MAJOR,
                                           NEVERC_MIR_PASS_API_MINOR);
  if (!Pass || !tpQuery(C, NEVERC_INTERFACE_MIR_ANALYSIS_HIGH,
                        NEVERC_INTERFACE_MIR_ANALYSIS_LOW,
                        NEVERC_MIR_ANALYSIS_API_MAJOR,
                        NEVERC_MIR_ANALYSIS_API_MINOR))
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  expect("RegisterPass requiring analysis 42",
         add(RC, "analysis.bad", NEVERC_PHASE_MIR_PASS_POST_ISEL_LOW, never,
             Bad, 1),
         NEVERC_STATUS_INVALID_DESCRIPTOR);
  expect("RegisterPass with a count and no analyses",
         add(RC, "analysis.null", NEVERC_PHASE_MIR_PASS_POST_ISEL_LOW, never,
             NULL, 1),
         NEVERC_STATUS_INVALID_DESCRIPTOR);
  if ((S = add(RC, "analysis.post_isel", NEVERC_PHASE_MIR_PASS_POST_ISEL_LOW,
               atPostIsel, Dom, 2))
          .Code)
    return S;
  if ((S = add(RC, "analysis.pre_regalloc",
               NEVERC_PHASE_MIR_PASS_PRE_REGALLOC_LOW, atPreRegalloc, Live, 1))
          .Code)
    return S;
  if (getenv("MIR_ANALYSIS_REQUIRE"))
    return add(RC, "analysis.requires-live", NEVERC_PHASE_MIR_PASS_POST_ISEL_LOW,
               never, Live, 1);
  return status(NEVERC_STATUS_OK);
}

NEVERC_TEST_PLUGIN_ENTRY(ANALYSIS_ID, ANALYSIS_ID, registerPlugin, NULL, NULL,
                         NULL)
