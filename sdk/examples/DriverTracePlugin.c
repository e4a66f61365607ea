/*
 * DriverTracePlugin: the driver domain's example.
 *
 *   neverc -fplugin=DriverTracePlugin.so --driver-trace -c input.c -o input.o
 *
 * - registers the option --driver-trace (FLAG, BOOL, SINGLE);
 * - observes neverc.driver.raw_arguments at BEFORE and AFTER, counting the
 *   argv entries through NevercDriverAPI.GetArgumentCount, and emits one
 *   remark (code 1001) the first time in a session;
 * - intercepts neverc.driver.execute_job: reads the job through
 *   GetJobExecutionRequest, emits a remark (code 1002), calls InvokeNext
 *   exactly once and returns CONTINUE;
 * - keeps no mutable globals: the negotiated tables live in process state,
 *   counters in session and task state.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#define TRACE_ID "org.neverc.example.driver-trace"
#define TRACE_FLAG "--driver-trace"

typedef struct TraceProcess {
  const NevercCoreAPI *Core;
  const NevercDriverAPI *Driver;
} TraceProcess;

typedef struct TraceSession {
  int Enabled;
  uint64_t ArgumentsSeen;
  int Reported;
  unsigned Jobs;
} TraceSession;

typedef struct TraceTask {
  unsigned Jobs;
} TraceTask;

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

static NevercStatus status(NevercStatusCode Code) {
  NevercStatus S;
  S.Code = Code;
  S.Flags = 0;
  S.Detail = 0;
  return S;
}

static void remark(const TraceProcess *P, uint32_t Code, const char *Phase,
                   const char *Message) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.Severity = NEVERC_DIAGNOSTIC_REMARK;
  D.Code = Code;
  D.PluginID = sv(TRACE_ID);
  D.PhaseID = sv(Phase);
  D.Message = sv(Message);
  P->Core->EmitDiagnostic(P->Core->Context, &D, NULL);
}

/* The driver table must reach GetJobResult, the last slot this plugin may
 * touch; anything shorter is an older host. */
static NevercStatus negotiate(NevercQueryInterfaceFn Query, void *Context,
                              const NevercDriverAPI **Out) {
  NevercInterfaceID ID;
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = NEVERC_INTERFACE_DRIVER_HIGH;
  ID.Low = NEVERC_INTERFACE_DRIVER_LOW;
  S = Query(Context, ID, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR,
            &Table, &Minor, &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (Size < offsetof(NevercDriverAPI, GetJobResult) +
                 sizeof(((NevercDriverAPI *)0)->GetJobResult))
    return status(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  *Out = (const NevercDriverAPI *)Table;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL onRawArguments(const NevercPhaseFrame *Frame,
                                               NevercObserverPoint Point,
                                               void *UserData) {
  const TraceProcess *P = (const TraceProcess *)UserData;
  TraceSession *S = NULL;
  TraceTask *T = NULL;
  uint64_t Count = 0;
  NevercStatus St;
  St = P->Core->GetSessionState(P->Core->Context, Frame->Session, sv(TRACE_ID),
                                (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  St = P->Core->GetTaskState(P->Core->Context, Frame->Task, sv(TRACE_ID),
                             (void **)&T);
  if (!neverc_status_is_ok(St))
    return St;
  if (!S->Enabled)
    return neverc_status_ok();
  St = P->Driver->GetArgumentCount(P->Driver->Context, Frame, Frame->Input,
                                   &Count);
  if (!neverc_status_is_ok(St))
    return St;
  S->ArgumentsSeen += Count;
  if (!S->Reported && Point == NEVERC_OBSERVER_AFTER) {
    char Message[96];
    snprintf(Message, sizeof Message, "driver-trace: %llu arguments",
             (unsigned long long)Count);
    remark(P, 1001, NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_NAME, Message);
    S->Reported = 1;
  }
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL onExecuteJob(const NevercPhaseFrame *Frame,
                                             NevercPhaseContinuation *Next,
                                             NevercPhaseResult *Out,
                                             void *UserData) {
  const TraceProcess *P = (const TraceProcess *)UserData;
  TraceSession *S = NULL;
  TraceTask *T = NULL;
  NevercJobExecutionRequest Request;
  NevercPhaseResult Downstream;
  NevercStatus St;
  St = P->Core->GetSessionState(P->Core->Context, Frame->Session, sv(TRACE_ID),
                                (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  St = P->Core->GetTaskState(P->Core->Context, Frame->Task, sv(TRACE_ID),
                             (void **)&T);
  if (!neverc_status_is_ok(St))
    return St;
  if (S->Enabled) {
    memset(&Request, 0, sizeof Request);
    Request.Header.StructSize = sizeof Request;
    Request.Header.Major = NEVERC_DRIVER_API_MAJOR;
    Request.Header.Minor = NEVERC_DRIVER_API_MINOR;
    St = P->Driver->GetJobExecutionRequest(P->Driver->Context, Frame,
                                           Frame->Input, &Request);
    if (!neverc_status_is_ok(St))
      return St;
    {
      char Message[160];
      snprintf(Message, sizeof Message,
               "driver-trace: job %llu (kind %u, %llu arguments): %.*s",
               (unsigned long long)Request.Job.Job, Request.Job.Kind,
               (unsigned long long)Request.Job.ArgumentCount,
               (int)(Request.Job.Executable.Length > 80
                         ? 80
                         : Request.Job.Executable.Length),
               Request.Job.Executable.Data ? Request.Job.Executable.Data : "");
      remark(P, 1002, NEVERC_PHASE_DRIVER_EXECUTE_JOB_NAME, Message);
    }
    S->Jobs++;
    T->Jobs++;
  }
  memset(&Downstream, 0, sizeof Downstream);
  Downstream.Header.StructSize = sizeof Downstream;
  Downstream.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  Downstream.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  St = Next->InvokeNext(Next, Frame, &Downstream);
  if (!neverc_status_is_ok(St))
    return St;
  memset(Out, 0, sizeof *Out);
  Out->Header.StructSize = sizeof *Out;
  Out->Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  Out->Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  Out->Action = NEVERC_PHASE_CONTINUE;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL traceProcessBegin(const NevercCoreAPI *Core,
                                                  void **OutProcessState) {
  TraceProcess *P = NULL;
  NevercStatus S = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(S))
    return S;
  memset(P, 0, sizeof *P);
  P->Core = Core;
  S = negotiate(Core->QueryInterface, Core->Context, &P->Driver);
  if (!neverc_status_is_ok(S)) {
    Core->Deallocate(Core->Context, P, sizeof *P, 8);
    return S;
  }
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL traceRegister(const NevercCoreAPI *Core,
                                              const NevercRegistrarAPI *Reg,
                                              void *Ctx, void *ProcessState) {
  NevercOptionDescriptor Opt;
  NevercObserverDescriptor O;
  NevercInterceptorDescriptor I;
  NevercStatus S;
  (void)Core;
  memset(&Opt, 0, sizeof Opt);
  Opt.Header.StructSize = sizeof Opt;
  Opt.Header.Major = NEVERC_DRIVER_API_MAJOR;
  Opt.Header.Minor = NEVERC_DRIVER_API_MINOR;
  Opt.Spelling = sv(TRACE_FLAG);
  Opt.Form = NEVERC_OPTION_FLAG;
  Opt.ValueType = NEVERC_OPTION_BOOL;
  Opt.Multiplicity = NEVERC_OPTION_SINGLE;
  Opt.Help = sv("report driver arguments and jobs as remarks");
  S = Reg->RegisterOption(Ctx, &Opt);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&O, 0, sizeof O);
  O.Header.StructSize = sizeof O;
  O.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  O.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  O.Phase.High = NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_HIGH;
  O.Phase.Low = NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  O.Callback = onRawArguments;
  O.UserData = ProcessState;
  S = Reg->RegisterObserver(Ctx, &O);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&I, 0, sizeof I);
  I.Header.StructSize = sizeof I;
  I.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  I.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  I.Phase.High = NEVERC_PHASE_DRIVER_EXECUTE_JOB_HIGH;
  I.Phase.Low = NEVERC_PHASE_DRIVER_EXECUTE_JOB_LOW;
  I.Callback = onExecuteJob;
  I.UserData = ProcessState;
  return Reg->RegisterInterceptor(Ctx, &I);
}

static NevercStatus NEVERC_CALL traceSessionBegin(const NevercCoreAPI *Core,
                                                  NevercSessionHandle Session,
                                                  void *ProcessState,
                                                  void **OutState) {
  TraceSession *S = NULL;
  NevercStringView Value;
  NevercStatus St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  (void)ProcessState;
  if (!neverc_status_is_ok(St))
    return St;
  memset(S, 0, sizeof *S);
  St = Core->GetPluginOptionValue(Core->Context, Session, sv(TRACE_ID),
                                  sv(TRACE_FLAG), 0, &Value);
  if (neverc_status_is_ok(St))
    S->Enabled = Value.Length == 1 && Value.Data[0] == '1';
  else if (St.Code != NEVERC_STATUS_NOT_FOUND)
    return St;
  *OutState = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL traceSessionEnd(const NevercCoreAPI *Core,
                                                NevercSessionHandle Session,
                                                void *ProcessState,
                                                void *SessionState) {
  TraceSession *S = (TraceSession *)SessionState;
  (void)Session, (void)ProcessState;
  if (S->Enabled)
    fprintf(stderr, "driver-trace: %llu argument entries observed, %u jobs\n",
            (unsigned long long)S->ArgumentsSeen, S->Jobs);
  return Core->Deallocate(Core->Context, S, sizeof *S, 8);
}

static NevercStatus NEVERC_CALL traceTaskBegin(const NevercCoreAPI *Core,
                                               NevercTaskHandle Task,
                                               NevercTaskKind Kind,
                                               void *ProcessState,
                                               void *SessionState,
                                               void **OutTaskState) {
  TraceTask *T = NULL;
  NevercStatus St;
  (void)Task, (void)Kind, (void)ProcessState, (void)SessionState;
  St = Core->Allocate(Core->Context, sizeof *T, 8, (void **)&T);
  if (!neverc_status_is_ok(St))
    return St;
  memset(T, 0, sizeof *T);
  *OutTaskState = T;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL traceTaskEnd(const NevercCoreAPI *Core,
                                             NevercTaskHandle Task,
                                             NevercTaskKind Kind,
                                             void *ProcessState,
                                             void *SessionState,
                                             void *TaskState) {
  (void)Task, (void)Kind, (void)ProcessState, (void)SessionState;
  return Core->Deallocate(Core->Context, TaskState, sizeof(TraceTask), 8);
}

static NevercStatus NEVERC_CALL traceDestroy(const NevercCoreAPI *Core,
                                             void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(TraceProcess),
                          8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  const NevercDriverAPI *Driver = NULL;
  uint32_t Capacity;
  NevercStatus S;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  /* Fail early, before registering anything, on a host without the table. */
  S = negotiate(Bootstrap->QueryInterface, Bootstrap->Context, &Driver);
  if (!neverc_status_is_ok(S))
    return S;
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.PluginID = sv(TRACE_ID);
  D.DisplayName = sv("Driver trace");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = traceProcessBegin;
  D.Register = traceRegister;
  D.SessionBegin = traceSessionBegin;
  D.SessionEnd = traceSessionEnd;
  D.TaskBegin = traceTaskBegin;
  D.TaskEnd = traceTaskEnd;
  D.Destroy = traceDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
