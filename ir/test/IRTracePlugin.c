/*
 * The IR phases as they run: an observer BEFORE and AFTER each of the eight
 * neverc.ir.* phases and a read-only FUNCTION pass at each of the five
 * ir.pass.* slots. One line per event on stderr (tests/lit/ir/phases.c).
 * An observer also tries to rename a function: the host must refuse.
 *
 * For tests/bench/compile: IR_TRACE_MODE=quiet makes the observers return
 * at once and the passes walk every instruction without printing;
 * IR_TRACE_PASSES=<slot> (e.g. post_opt) registers the pass at that slot
 * only, any other value at all five; IR_TRACE_TIME=1 times the passes'
 * walks and prints the total at the end of each compile's task (the
 * price of walking through the C ABI, next to the same walk as an LLVM
 * C++ pass: tests/bench/compile/passplugin).
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TRACE_ID "org.neverc.test.ir-trace"

static const NevercIRCoreAPI *Core;
static int Quiet, Timed;
static double WalkSeconds;
static unsigned long long Walked, Functions;

static double now(void) {
  struct timespec T;
  timespec_get(&T, TIME_UTC);
  return (double)T.tv_sec + (double)T.tv_nsec * 1e-9;
}

struct PhaseName {
  uint64_t Low;
  const char *Name;
};
static const struct PhaseName Phases[] = {
    {NEVERC_PHASE_IR_GENERATE_LOW, "generate"},
    {NEVERC_PHASE_IR_PASS_PRE_OPT_LOW, "pre_opt"},
    {NEVERC_PHASE_IR_OPTIMIZE_LOW, "optimize"},
    {NEVERC_PHASE_IR_PASS_PIPELINE_START_LOW, "pipeline_start"},
    {NEVERC_PHASE_IR_PASS_OPTIMIZER_LAST_LOW, "optimizer_last"},
    {NEVERC_PHASE_IR_PASS_POST_OPT_LOW, "post_opt"},
    {NEVERC_PHASE_IR_PASS_PRE_CODEGEN_LOW, "pre_codegen"},
    {NEVERC_PHASE_IR_FINAL_VERIFY_LOW, "final_verify"},
};

static const char *nameOf(uint64_t Low) {
  size_t I;
  for (I = 0; I < sizeof Phases / sizeof Phases[0]; ++I)
    if (Phases[I].Low == Low)
      return Phases[I].Name;
  return "?";
}

/* Functions with a body in the task's module. */
static unsigned definedFunctions(NevercTaskHandle Task, NevercIRValueHandle *First) {
  NevercIRModuleHandle M;
  NevercIRValueCursor C;
  NevercIRValueHandle Batch[4];
  uint64_t N = 0, I;
  unsigned Defined = 0;
  if (Core->GetModule(Core->Context, Task, &M).Code != 0)
    return 0;
  memset(&C, 0, sizeof C);
  if (Core->BeginValueCursor(Core->Context, Task, M,
                             NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, &C)
          .Code != 0)
    return 0;
  do {
    if (Core->CollectValueCursor(Core->Context, Task, &C, Batch, 4, &N).Code)
      return 0;
    for (I = 0; I < N; ++I) {
      uint64_t Blocks = 0;
      NevercIRValueCursor B;
      NevercIRValueHandle One;
      memset(&B, 0, sizeof B);
      Core->BeginValueCursor(Core->Context, Task, Batch[I],
                             NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, &B);
      Core->CollectValueCursor(Core->Context, Task, &B, &One, 1, &Blocks);
      if (Blocks) {
        if (!Defined && First)
          *First = Batch[I];
        ++Defined;
      }
    }
  } while (N == 4);
  return Defined;
}

static NevercStatus NEVERC_CALL onPhase(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point, void *UD) {
  NevercIRValueHandle First;
  unsigned N;
  static int Tried;
  (void)UD;
  if (Quiet)
    return status(NEVERC_STATUS_OK);
  memset(&First, 0, sizeof First);
  N = definedFunctions(F->Task, &First);
  fprintf(stderr, "ir: %s %s functions=%u\n",
          Point == NEVERC_OBSERVER_BEFORE ? "before" : "after",
          nameOf(F->Phase.Low), N);
  if (!Tried && N) {
    NevercStringView Name;
    NevercStatus S;
    Tried = 1;
    Name.Data = "renamed";
    Name.Length = 7;
    S = Core->SetValueName(Core->Context, F->Task, First, Name);
    fprintf(stderr, "ir: observer SetValueName -> %s\n", tpCode(S));
  }
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL countPass(const NevercIRPassInvocation *Inv,
                                          NevercIRPreservedAnalyses *Kept,
                                          void *UD) {
  NevercIRValueCursor B;
  NevercIRValueHandle Blocks[8];
  NevercStringView Name;
  uint64_t N, I, Insts = 0;
  double Start = Timed ? now() : 0;
  (void)UD;
  memset(&B, 0, sizeof B);
  Inv->Core->BeginValueCursor(Inv->Core->Context, Inv->Task, Inv->Function,
                              NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, &B);
  do {
    if (Inv->Core->CollectValueCursor(Inv->Core->Context, Inv->Task, &B,
                                      Blocks, 8, &N).Code)
      return status(NEVERC_STATUS_PLUGIN_FAILURE);
    for (I = 0; I < N; ++I) {
      NevercIRValueCursor C;
      NevercIRValueHandle Ins[16];
      uint64_t K;
      memset(&C, 0, sizeof C);
      Inv->Core->BeginValueCursor(Inv->Core->Context, Inv->Task, Blocks[I],
                                  NEVERC_IR_COLLECTION_BLOCK_INSTRUCTIONS, &C);
      do {
        Inv->Core->CollectValueCursor(Inv->Core->Context, Inv->Task, &C, Ins,
                                      16, &K);
        Insts += K;
      } while (K == 16);
    }
  } while (N == 8);
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  if (Timed) {
    WalkSeconds += now() - Start;
    Walked += Insts;
    ++Functions;
  }
  if (Quiet)
    return status(NEVERC_STATUS_OK);
  Inv->Core->GetValueName(Inv->Core->Context, Inv->Task, Inv->Function, &Name);
  fprintf(stderr, "pass: %s O%u %.*s instructions=%llu\n",
          nameOf(Inv->Phase.Low), (unsigned)Inv->OptimizationLevel,
          (int)Name.Length, Name.Data, (unsigned long long)Insts);
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *C,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  const NevercIRPassAPI *Pass;
  size_t I;
  static const char *PassIDs[] = {"trace.pre_opt", "trace.pipeline_start",
                                  "trace.optimizer_last", "trace.post_opt",
                                  "trace.pre_codegen"};
  static const uint64_t PassLows[] = {
      NEVERC_PHASE_IR_PASS_PRE_OPT_LOW, NEVERC_PHASE_IR_PASS_PIPELINE_START_LOW,
      NEVERC_PHASE_IR_PASS_OPTIMIZER_LAST_LOW, NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
      NEVERC_PHASE_IR_PASS_PRE_CODEGEN_LOW};
  const char *Slots = getenv("IR_TRACE_PASSES");
  (void)PS;
  Quiet = getenv("IR_TRACE_MODE") && !strcmp(getenv("IR_TRACE_MODE"), "quiet");
  Timed = getenv("IR_TRACE_TIME") != NULL;
  Core = (const NevercIRCoreAPI *)tpQuery(C, NEVERC_INTERFACE_IR_CORE_HIGH,
                                          NEVERC_INTERFACE_IR_CORE_LOW,
                                          NEVERC_IR_CORE_API_MAJOR,
                                          NEVERC_IR_CORE_API_MINOR);
  Pass = (const NevercIRPassAPI *)tpQuery(C, NEVERC_INTERFACE_IR_PASS_HIGH,
                                          NEVERC_INTERFACE_IR_PASS_LOW,
                                          NEVERC_IR_PASS_API_MAJOR,
                                          NEVERC_IR_PASS_API_MINOR);
  if (!Core || !Pass)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  for (I = 0; I < sizeof Phases / sizeof Phases[0]; ++I) {
    NevercObserverDescriptor O;
    NevercStatus S;
    memset(&O, 0, sizeof O);
    O.Header = tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR,
                        NEVERC_PLUGIN_ABI_MINOR);
    O.Phase.High = NEVERC_PHASE_IR_GENERATE_HIGH;
    O.Phase.Low = Phases[I].Low;
    O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
    O.Callback = onPhase;
    if ((S = R->RegisterObserver(RC, &O)).Code != 0)
      return S;
  }
  if (!Slots)
    return status(NEVERC_STATUS_OK);
  for (I = 0; I < 5; ++I) {
    NevercIRPassDescriptor P;
    NevercStatus S;
    int One = 0;
    size_t K;
    for (K = 0; K < 5; ++K)
      One |= !strcmp(Slots, PassIDs[K] + 6);
    if (One && strcmp(Slots, PassIDs[I] + 6))
      continue;
    memset(&P, 0, sizeof P);
    P.Header = tpHeader(sizeof P, NEVERC_IR_PASS_API_MAJOR,
                        NEVERC_IR_PASS_API_MINOR);
    P.PassID.Data = PassIDs[I];
    P.PassID.Length = strlen(PassIDs[I]);
    P.Phase.High = NEVERC_PHASE_IR_PASS_PRE_OPT_HIGH;
    P.Phase.Low = PassLows[I];
    P.Level = NEVERC_IR_PASS_LEVEL_FUNCTION;
    P.Deterministic = NEVERC_TRUE;
    P.Run = countPass;
    if ((S = Pass->RegisterPass(Pass->Context, RC, &P)).Code != 0)
      return S;
  }
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *C,
                                        NevercTaskHandle Task,
                                        NevercTaskKind Kind, void *PS,
                                        void *SS, void *TS) {
  (void)C, (void)Task, (void)PS, (void)SS, (void)TS;
  if (Timed && Kind != NEVERC_TASK_INVOCATION && Functions)
    fprintf(stderr, "irpass-time: %llu functions, %llu instructions, %.3f ms\n",
            Functions, Walked, WalkSeconds * 1e3);
  WalkSeconds = 0;
  Walked = Functions = 0;
  return status(NEVERC_STATUS_OK);
}

NEVERC_TEST_PLUGIN_ENTRY(TRACE_ID, TRACE_ID, registerPlugin, NULL, NULL,
                         taskEnd)
