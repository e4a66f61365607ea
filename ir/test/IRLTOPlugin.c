/*
 * The IR phases inside LTO (tests/lit/ir/lto.c). An interceptor on
 * neverc.ir.pass.pre_opt says which kind of task it runs in (TaskBegin
 * records it) and, in an LTO task (the graph linker's lto_generate),
 * renames the defined function lto_rename_me to renamed_at_link_time
 * after the rest of the phase ran: a change at link time that the linked
 * program's symbol table shows. In a compile it changes nothing.
 */
#include "TestPlugin.h"

#include <stdio.h>

#define LTO_ID "org.neverc.test.ir-lto"

static const NevercIRCoreAPI *Core;
static const NevercCoreAPI *Host;
/* The task state of an LTO task: its address marks one. */
static const char LinkTime = 0;

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

static NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *C,
                                          NevercTaskHandle Task,
                                          NevercTaskKind Kind, void *PS,
                                          void *SS, void **Out) {
  (void)C;
  (void)Task;
  (void)PS;
  (void)SS;
  *Out = Kind == NEVERC_TASK_LTO ? (void *)&LinkTime : NULL;
  return status(NEVERC_STATUS_OK);
}

/* The defined function named \p Name (0: none). */
static int findDefined(NevercTaskHandle Task, const char *Name,
                       NevercIRValueHandle *Out) {
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
    NevercStringView V;
    if (Core->GetValueName(Core->Context, Task, Fns[I], &V).Code == 0 &&
        tpSame(V, Name)) {
      *Out = Fns[I];
      return 1;
    }
  }
  return 0;
}

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *UD) {
  void *TaskState = NULL;
  NevercIRValueHandle Fn;
  NevercStatus S = C->InvokeNext(C, F, R);
  (void)UD;
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  R->Action = NEVERC_PHASE_CONTINUE;
  memset(&R->Output, 0, sizeof R->Output);
  Host->GetTaskState(Host->Context, F->Task, sv(LTO_ID), &TaskState);
  if (TaskState != &LinkTime) {
    fprintf(stderr, "ir-lto: pre_opt in a compile task\n");
    return S;
  }
  if (!findDefined(F->Task, "lto_rename_me", &Fn)) {
    fprintf(stderr, "ir-lto: pre_opt in an LTO task, no lto_rename_me\n");
    return S;
  }
  S = Core->SetValueName(Core->Context, F->Task, Fn,
                         sv("renamed_at_link_time"));
  fprintf(stderr, "ir-lto: pre_opt in an LTO task: SetValueName %s\n",
          tpCode(S));
  return S;
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *CoreAPI,
                                               const NevercRegistrarAPI *Reg,
                                               void *RC, void *PS) {
  NevercInterceptorDescriptor D;
  (void)PS;
  Host = CoreAPI;
  Core = (const NevercIRCoreAPI *)tpQuery(
      CoreAPI, NEVERC_INTERFACE_IR_CORE_HIGH, NEVERC_INTERFACE_IR_CORE_LOW,
      NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  if (!Core)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  memset(&D, 0, sizeof D);
  D.Header =
      tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Phase.High = NEVERC_PHASE_IR_PASS_PRE_OPT_HIGH;
  D.Phase.Low = NEVERC_PHASE_IR_PASS_PRE_OPT_LOW;
  D.Callback = intercept;
  return Reg->RegisterInterceptor(RC, &D);
}

NEVERC_TEST_PLUGIN_ENTRY(LTO_ID, LTO_ID, registerPlugin, NULL, taskBegin, NULL)
