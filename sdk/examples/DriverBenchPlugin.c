/*
 * DriverBenchPlugin: measures the cost of calling the host through the plugin
 * ABI, from inside a real plugin in a real compile, at the driver level (the
 * IR-level benchmark is BenchPlugin.c).
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include DriverBenchPlugin.c \
 *      -o DriverBenchPlugin.so
 *   neverc -fplugin=DriverBenchPlugin.so --bench-abi [--bench-iterations N] \
 *      -c x.c
 *
 * - registers --bench-abi (FLAG, BOOL, SINGLE) and --bench-iterations
 *   (SEPARATE, UINT, LAST_WINS; default 200000; also
 *   -fplugin-arg=org.neverc.example.abi-bench:bench-iterations=N);
 * - in SessionBegin, when --bench-abi is given, times N calls each of
 *   NevercCoreAPI.QueryInterface (the driver table) and
 *   GetPluginOptionValue, and a call through a function pointer to a no-op
 *   inside the plugin as the baseline;
 * - in its neverc.driver.raw_arguments observer (the first frame of the
 *   session, which carries both a session and a task handle) times
 *   GetSessionState, GetTaskState, CheckCancelled and the driver table's
 *   GetArgumentCount;
 * - prints one line per measurement to stderr:
 *     abi-bench: <call> <N> calls <ns> ns/call
 *   and fails the phase with the host's status if any call does not
 *   return OK (or returns a different pointer than the state it set), so a
 *   benchmark run is also a correctness check;
 * - keeps no mutable globals: tables in process state, the settings in
 *   session state.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_ID "org.neverc.example.abi-bench"
#define BENCH_FLAG "--bench-abi"
#define BENCH_ITERATIONS "--bench-iterations"
#define BENCH_DEFAULT_ITERATIONS 200000u

typedef struct BenchProcess {
  const NevercCoreAPI *Core;
  const NevercDriverAPI *Driver;
} BenchProcess;

typedef struct BenchSession {
  int Enabled;
  int TaskDone;
  uint64_t Iterations;
} BenchSession;

typedef struct BenchTask {
  unsigned Marker;
} BenchTask;

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

static double nowNs(void) {
  struct timespec T;
  if (timespec_get(&T, TIME_UTC) != TIME_UTC)
    return 0;
  return (double)T.tv_sec * 1e9 + (double)T.tv_nsec;
}

static void report(const char *Call, uint64_t Iterations, double Start,
                   double End) {
  fprintf(stderr, "abi-bench: %-26s %llu calls %.1f ns/call\n", Call,
          (unsigned long long)Iterations,
          Iterations ? (End - Start) / (double)Iterations : 0.0);
}

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
  if (Size < offsetof(NevercDriverAPI, GetArgumentCount) +
                 sizeof(((NevercDriverAPI *)0)->GetArgumentCount))
    return status(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  *Out = (const NevercDriverAPI *)Table;
  return neverc_status_ok();
}

/* The baseline: an indirect call that stays inside the plugin. */
typedef NevercStatus (*BaselineFn)(void *Context, uint64_t *Out);
static NevercStatus noOp(void *Context, uint64_t *Out) {
  (void)Context;
  ++*Out;
  return neverc_status_ok();
}

/* Session-level calls: no task exists yet. */
static NevercStatus benchSession(const NevercCoreAPI *Core,
                                 NevercSessionHandle Session,
                                 uint64_t Iterations) {
  NevercInterfaceID ID;
  volatile BaselineFn Baseline = noOp;
  uint64_t I, Sink = 0;
  double Start;
  NevercStatus S = neverc_status_ok();
  ID.High = NEVERC_INTERFACE_DRIVER_HIGH;
  ID.Low = NEVERC_INTERFACE_DRIVER_LOW;

  Start = nowNs();
  for (I = 0; I < Iterations; ++I)
    Baseline(NULL, &Sink);
  report("baseline (in-plugin call)", Iterations, Start, nowNs());

  Start = nowNs();
  for (I = 0; I < Iterations && neverc_status_is_ok(S); ++I) {
    const void *Table = NULL;
    uint16_t Minor = 0;
    uint64_t Size = 0;
    S = Core->QueryInterface(Core->Context, ID, NEVERC_DRIVER_API_MAJOR,
                             NEVERC_DRIVER_API_MINOR, &Table, &Minor, &Size);
  }
  report("QueryInterface", Iterations, Start, nowNs());
  if (!neverc_status_is_ok(S))
    return S;

  Start = nowNs();
  for (I = 0; I < Iterations && neverc_status_is_ok(S); ++I) {
    NevercStringView V;
    S = Core->GetPluginOptionValue(Core->Context, Session, sv(BENCH_ID),
                                   sv(BENCH_FLAG), 0, &V);
  }
  report("GetPluginOptionValue", Iterations, Start, nowNs());
  return S;
}

static NevercStatus NEVERC_CALL onRawArguments(const NevercPhaseFrame *Frame,
                                               NevercObserverPoint Point,
                                               void *UserData) {
  const BenchProcess *P = (const BenchProcess *)UserData;
  const NevercCoreAPI *Core = P->Core;
  BenchSession *S = NULL;
  BenchTask *T = NULL;
  uint64_t I, Iterations, Count = 0;
  double Start;
  NevercStatus St;
  (void)Point;
  St = Core->GetSessionState(Core->Context, Frame->Session, sv(BENCH_ID),
                             (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  if (!S->Enabled || S->TaskDone)
    return neverc_status_ok();
  S->TaskDone = 1;
  Iterations = S->Iterations;

  Start = nowNs();
  for (I = 0; I < Iterations && neverc_status_is_ok(St); ++I) {
    void *State = NULL;
    St = Core->GetSessionState(Core->Context, Frame->Session, sv(BENCH_ID),
                               &State);
    if (neverc_status_is_ok(St) && State != S)
      St = status(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  report("GetSessionState", Iterations, Start, nowNs());
  if (!neverc_status_is_ok(St))
    return St;

  St = Core->GetTaskState(Core->Context, Frame->Task, sv(BENCH_ID),
                          (void **)&T);
  if (!neverc_status_is_ok(St))
    return St;
  Start = nowNs();
  for (I = 0; I < Iterations && neverc_status_is_ok(St); ++I) {
    void *State = NULL;
    St = Core->GetTaskState(Core->Context, Frame->Task, sv(BENCH_ID), &State);
    if (neverc_status_is_ok(St) && State != T)
      St = status(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  report("GetTaskState", Iterations, Start, nowNs());
  if (!neverc_status_is_ok(St))
    return St;

  Start = nowNs();
  for (I = 0; I < Iterations && neverc_status_is_ok(St); ++I)
    St = Core->CheckCancelled(Core->Context, Frame->Task);
  report("CheckCancelled", Iterations, Start, nowNs());
  if (!neverc_status_is_ok(St))
    return St;

  Start = nowNs();
  for (I = 0; I < Iterations && neverc_status_is_ok(St); ++I)
    St = P->Driver->GetArgumentCount(P->Driver->Context, Frame, Frame->Input,
                                     &Count);
  report("Driver.GetArgumentCount", Iterations, Start, nowNs());
  return St;
}

static NevercStatus addOption(const NevercRegistrarAPI *Reg, void *Ctx,
                              const char *Spelling, NevercOptionForm Form,
                              NevercOptionValueType Type,
                              NevercOptionMultiplicity Multiplicity,
                              const char *Metavar, const char *Help) {
  NevercOptionDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header.StructSize = sizeof O;
  O.Header.Major = NEVERC_DRIVER_API_MAJOR;
  O.Header.Minor = NEVERC_DRIVER_API_MINOR;
  O.Spelling = sv(Spelling);
  O.Form = Form;
  O.ValueType = Type;
  O.Multiplicity = Multiplicity;
  O.Metavar = sv(Metavar);
  O.Help = sv(Help);
  return Reg->RegisterOption(Ctx, &O);
}

static NevercStatus NEVERC_CALL benchRegister(const NevercCoreAPI *Core,
                                              const NevercRegistrarAPI *Reg,
                                              void *Ctx, void *ProcessState) {
  NevercObserverDescriptor O;
  NevercStatus S;
  (void)Core;
  S = addOption(Reg, Ctx, BENCH_FLAG, NEVERC_OPTION_FLAG, NEVERC_OPTION_BOOL,
                NEVERC_OPTION_SINGLE, "",
                "time ABI calls and print ns/call to stderr");
  if (!neverc_status_is_ok(S))
    return S;
  S = addOption(Reg, Ctx, BENCH_ITERATIONS, NEVERC_OPTION_SEPARATE,
                NEVERC_OPTION_UINT, NEVERC_OPTION_LAST_WINS, "<n>",
                "calls per measurement");
  if (!neverc_status_is_ok(S))
    return S;
  memset(&O, 0, sizeof O);
  O.Header.StructSize = sizeof O;
  O.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  O.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  O.Phase.High = NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_HIGH;
  O.Phase.Low = NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE;
  O.Callback = onRawArguments;
  O.UserData = ProcessState;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus NEVERC_CALL benchProcessBegin(const NevercCoreAPI *Core,
                                                  void **OutProcessState) {
  BenchProcess *P = NULL;
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

/* Reads the options into \p S; NOT_FOUND means "not given". */
static NevercStatus readOptions(const NevercCoreAPI *Core,
                                NevercSessionHandle Session, BenchSession *S) {
  NevercStringView Value;
  NevercStatus St;
  St = Core->GetPluginOptionValue(Core->Context, Session, sv(BENCH_ID),
                                  sv(BENCH_FLAG), 0, &Value);
  if (neverc_status_is_ok(St))
    S->Enabled = Value.Length == 1 && Value.Data[0] == '1';
  else if (St.Code != NEVERC_STATUS_NOT_FOUND)
    return St;
  St = Core->GetPluginOptionValue(Core->Context, Session, sv(BENCH_ID),
                                  sv(BENCH_ITERATIONS), 0, &Value);
  if (neverc_status_is_ok(St)) {
    /* The host validated the UINT; copy it out to get a terminator. */
    char Text[32];
    size_t N = Value.Length < sizeof Text - 1 ? Value.Length : sizeof Text - 1;
    memcpy(Text, Value.Data, N);
    Text[N] = '\0';
    S->Iterations = strtoull(Text, NULL, 0);
  } else if (St.Code != NEVERC_STATUS_NOT_FOUND) {
    return St;
  }
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL benchSessionBegin(const NevercCoreAPI *Core,
                                                  NevercSessionHandle Session,
                                                  void *ProcessState,
                                                  void **OutState) {
  BenchSession *S = NULL;
  NevercStatus St;
  (void)ProcessState;
  St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  memset(S, 0, sizeof *S);
  S->Iterations = BENCH_DEFAULT_ITERATIONS;
  St = readOptions(Core, Session, S);
  if (neverc_status_is_ok(St) && S->Enabled)
    St = benchSession(Core, Session, S->Iterations);
  if (!neverc_status_is_ok(St)) {
    Core->Deallocate(Core->Context, S, sizeof *S, 8);
    return St;
  }
  *OutState = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL benchSessionEnd(const NevercCoreAPI *Core,
                                                NevercSessionHandle Session,
                                                void *ProcessState,
                                                void *SessionState) {
  (void)Session, (void)ProcessState;
  return Core->Deallocate(Core->Context, SessionState, sizeof(BenchSession),
                          8);
}

static NevercStatus NEVERC_CALL benchTaskBegin(const NevercCoreAPI *Core,
                                               NevercTaskHandle Task,
                                               NevercTaskKind Kind,
                                               void *ProcessState,
                                               void *SessionState,
                                               void **OutTaskState) {
  BenchTask *T = NULL;
  NevercStatus St;
  (void)Task, (void)ProcessState, (void)SessionState;
  St = Core->Allocate(Core->Context, sizeof *T, 8, (void **)&T);
  if (!neverc_status_is_ok(St))
    return St;
  T->Marker = Kind;
  *OutTaskState = T;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL benchTaskEnd(const NevercCoreAPI *Core,
                                             NevercTaskHandle Task,
                                             NevercTaskKind Kind,
                                             void *ProcessState,
                                             void *SessionState,
                                             void *TaskState) {
  (void)Task, (void)Kind, (void)ProcessState, (void)SessionState;
  return Core->Deallocate(Core->Context, TaskState, sizeof(BenchTask), 8);
}

static NevercStatus NEVERC_CALL benchDestroy(const NevercCoreAPI *Core,
                                             void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(BenchProcess),
                          8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.PluginID = sv(BENCH_ID);
  D.DisplayName = sv("ABI call benchmark");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = benchProcessBegin;
  D.Register = benchRegister;
  D.SessionBegin = benchSessionBegin;
  D.SessionEnd = benchSessionEnd;
  D.TaskBegin = benchTaskBegin;
  D.TaskEnd = benchTaskEnd;
  D.Destroy = benchDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
