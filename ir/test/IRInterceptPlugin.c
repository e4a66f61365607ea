/*
 * Interceptors on the IR phases (tests/lit/ir/intercept.c). Each one runs
 * the rest of its phase (InvokeNext), then marks the first defined function
 * with a string attribute "neverc-intercepted-<phase>" — an interceptor may
 * change IR, an observer may not.
 */
#include "TestPlugin.h"

#include <stdio.h>

#define INTERCEPT_ID "org.neverc.test.ir-intercept"

static const NevercIRCoreAPI *Core;

static const struct {
  uint64_t Low;
  const char *Attr;
} Phases[] = {
    {NEVERC_PHASE_IR_GENERATE_LOW, "neverc-intercepted-generate"},
    {NEVERC_PHASE_IR_PASS_PRE_OPT_LOW, "neverc-intercepted-pre_opt"},
    {NEVERC_PHASE_IR_OPTIMIZE_LOW, "neverc-intercepted-optimize"},
    {NEVERC_PHASE_IR_PASS_PIPELINE_START_LOW,
     "neverc-intercepted-pipeline_start"},
    {NEVERC_PHASE_IR_PASS_OPTIMIZER_LAST_LOW,
     "neverc-intercepted-optimizer_last"},
    {NEVERC_PHASE_IR_PASS_POST_OPT_LOW, "neverc-intercepted-post_opt"},
    {NEVERC_PHASE_IR_PASS_PRE_CODEGEN_LOW, "neverc-intercepted-pre_codegen"},
};

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

/* The first function with a body. */
static int firstDefined(NevercTaskHandle Task, NevercIRValueHandle *Out) {
  NevercIRModuleHandle M;
  NevercIRValueCursor C;
  NevercIRValueHandle Fns[64];
  uint64_t N = 0, I;
  Core->GetModule(Core->Context, Task, &M);
  memset(&C, 0, sizeof C);
  Core->BeginValueCursor(Core->Context, Task, M,
                         NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, &C);
  Core->CollectValueCursor(Core->Context, Task, &C, Fns, 64, &N);
  for (I = 0; I < N; ++I) {
    NevercIRValueCursor B;
    NevercIRValueHandle Block;
    uint64_t K = 0;
    memset(&B, 0, sizeof B);
    Core->BeginValueCursor(Core->Context, Task, Fns[I],
                           NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, &B);
    Core->CollectValueCursor(Core->Context, Task, &B, &Block, 1, &K);
    if (K) {
      *Out = Fns[I];
      return 1;
    }
  }
  return 0;
}

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *UD) {
  const char *Attr = (const char *)UD;
  NevercIRValueHandle Fn;
  NevercIRAttributeHandle A;
  NevercStatus S = C->InvokeNext(C, F, R);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  R->Action = NEVERC_PHASE_CONTINUE;
  memset(&R->Output, 0, sizeof R->Output);
  if (!firstDefined(F->Task, &Fn))
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  S = Core->CreateStringAttribute(Core->Context, F->Task, sv(Attr), sv("yes"),
                                  &A);
  if (S.Code == NEVERC_STATUS_OK)
    S = Core->AddFunctionAttribute(Core->Context, F->Task, Fn,
                                   NEVERC_IR_ATTRIBUTE_LOCATION_FUNCTION, 0, A);
  fprintf(stderr, "intercept: %s -> %s\n", Attr, tpCode(S));
  return S;
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *CoreAPI,
                                               const NevercRegistrarAPI *Reg,
                                               void *RC, void *PS) {
  size_t I;
  NevercStatus S;
  (void)PS;
  Core = (const NevercIRCoreAPI *)tpQuery(
      CoreAPI, NEVERC_INTERFACE_IR_CORE_HIGH, NEVERC_INTERFACE_IR_CORE_LOW,
      NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  if (!Core)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  for (I = 0; I < sizeof Phases / sizeof Phases[0]; ++I) {
    NevercInterceptorDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header = tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR,
                        NEVERC_PLUGIN_ABI_MINOR);
    D.Phase.High = NEVERC_PHASE_IR_GENERATE_HIGH;
    D.Phase.Low = Phases[I].Low;
    D.Callback = intercept;
    D.UserData = (void *)Phases[I].Attr;
    if ((S = Reg->RegisterInterceptor(RC, &D)).Code != 0)
      return S;
  }
  return status(NEVERC_STATUS_OK);
}

NEVERC_TEST_PLUGIN_ENTRY(INTERCEPT_ID, INTERCEPT_ID, registerPlugin, NULL,
                         NULL, NULL)
