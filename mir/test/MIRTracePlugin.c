/*
 * The MIR phases as they run: an observer BEFORE and AFTER each of the ten
 * neverc.mir.* phases, one line per event on stderr, and the number of runs
 * of each phase at the end of each compile's task (tests/lit/mir).
 *
 *   MIR_TRACE_MODE=quiet       the observers return at once and print
 *                              nothing (tests/bench/compile, identical.c)
 *   MIR_TRACE_INTERCEPT=1      an interceptor on each of the nine hooks too:
 *                              it runs the rest of the chain and continues
 *   MIR_TRACE_FAIL=<phase>     the interceptor on that hook (short name,
 *                              e.g. preemit) fails instead
 *   MIR_TRACE_SEALED=1         an interceptor on the sealed mir.final_verify
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>

#define TRACE_ID "org.neverc.test.mir-trace"

static int Quiet;
static const char *FailAt;

struct PhaseName {
  uint64_t Low;
  const char *Name;
  unsigned long long Runs;
};
static struct PhaseName Phases[] = {
    {NEVERC_PHASE_MIR_PASS_POST_ISEL_LOW, "post_isel", 0},
    {NEVERC_PHASE_MIR_PASS_POST_LEGALIZE_LOW, "post_legalize", 0},
    {NEVERC_PHASE_MIR_PASS_PRE_SCHEDULER_LOW, "pre_scheduler", 0},
    {NEVERC_PHASE_MIR_PASS_POST_SCHEDULER_LOW, "post_scheduler", 0},
    {NEVERC_PHASE_MIR_PASS_PRE_REGALLOC_LOW, "pre_regalloc", 0},
    {NEVERC_PHASE_MIR_PASS_POST_REGALLOC_LOW, "post_regalloc", 0},
    {NEVERC_PHASE_MIR_PASS_POST_PROLOG_EPILOG_LOW, "post_prolog_epilog", 0},
    {NEVERC_PHASE_MIR_PASS_PREEMIT_LOW, "preemit", 0},
    {NEVERC_PHASE_MIR_PASS_FINAL_LOW, "final", 0},
    {NEVERC_PHASE_MIR_FINAL_VERIFY_LOW, "final_verify", 0},
};
#define PHASE_COUNT (sizeof Phases / sizeof Phases[0])

static struct PhaseName *phaseOf(uint64_t Low) {
  size_t I;
  for (I = 0; I < PHASE_COUNT; ++I)
    if (Phases[I].Low == Low)
      return &Phases[I];
  return NULL;
}

static NevercStatus NEVERC_CALL onPhase(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point, void *UD) {
  struct PhaseName *P = phaseOf(F->Phase.Low);
  (void)UD;
  if (!P || F->Phase.High != NEVERC_PHASE_MIR_PASS_POST_ISEL_HIGH)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  if (Point == NEVERC_OBSERVER_BEFORE)
    ++P->Runs;
  if (Quiet)
    return status(NEVERC_STATUS_OK);
  fprintf(stderr, "mir: %s %s\n",
          Point == NEVERC_OBSERVER_BEFORE ? "before" : "after", P->Name);
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *UD) {
  const struct PhaseName *P = (const struct PhaseName *)UD;
  NevercStatus S;
  if (FailAt && !strcmp(FailAt, P->Name)) {
    fprintf(stderr, "intercept: %s fails\n", P->Name);
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  S = C->InvokeNext(C, F, R);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  R->Action = NEVERC_PHASE_CONTINUE;
  memset(&R->Output, 0, sizeof R->Output);
  if (!Quiet)
    fprintf(stderr, "intercept: %s\n", P->Name);
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *C,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  size_t I;
  const int Intercept = getenv("MIR_TRACE_INTERCEPT") != NULL;
  (void)C, (void)PS;
  Quiet = getenv("MIR_TRACE_MODE") && !strcmp(getenv("MIR_TRACE_MODE"), "quiet");
  FailAt = getenv("MIR_TRACE_FAIL");
  for (I = 0; I < PHASE_COUNT; ++I) {
    NevercObserverDescriptor O;
    NevercStatus S;
    memset(&O, 0, sizeof O);
    O.Header = tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR,
                        NEVERC_PLUGIN_ABI_MINOR);
    O.Phase.High = NEVERC_PHASE_MIR_PASS_POST_ISEL_HIGH;
    O.Phase.Low = Phases[I].Low;
    O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
    O.Callback = onPhase;
    if ((S = R->RegisterObserver(RC, &O)).Code != 0)
      return S;
  }
  for (I = 0; I < PHASE_COUNT; ++I) {
    NevercInterceptorDescriptor D;
    NevercStatus S;
    const int Sealed = Phases[I].Low == NEVERC_PHASE_MIR_FINAL_VERIFY_LOW;
    if (Sealed ? !getenv("MIR_TRACE_SEALED")
               : !(Intercept ||
                   (FailAt && !strcmp(FailAt, Phases[I].Name))))
      continue;
    memset(&D, 0, sizeof D);
    D.Header = tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR,
                        NEVERC_PLUGIN_ABI_MINOR);
    D.Phase.High = NEVERC_PHASE_MIR_PASS_POST_ISEL_HIGH;
    D.Phase.Low = Phases[I].Low;
    D.Callback = intercept;
    D.UserData = &Phases[I];
    if ((S = R->RegisterInterceptor(RC, &D)).Code != 0)
      return S;
  }
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *C,
                                        NevercTaskHandle Task,
                                        NevercTaskKind Kind, void *PS,
                                        void *SS, void *TS) {
  size_t I;
  unsigned long long Any = 0;
  (void)C, (void)Task, (void)PS, (void)SS, (void)TS;
  if (Kind == NEVERC_TASK_INVOCATION)
    return status(NEVERC_STATUS_OK);
  for (I = 0; I < PHASE_COUNT; ++I)
    Any += Phases[I].Runs;
  if (Any) {
    fprintf(stderr, "mir: runs");
    for (I = 0; I < PHASE_COUNT; ++I) {
      fprintf(stderr, " %s=%llu", Phases[I].Name, Phases[I].Runs);
      Phases[I].Runs = 0;
    }
    fprintf(stderr, "\n");
  }
  return status(NEVERC_STATUS_OK);
}

NEVERC_TEST_PLUGIN_ENTRY(TRACE_ID, TRACE_ID, registerPlugin, NULL, NULL,
                         taskEnd)
