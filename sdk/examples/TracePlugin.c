/*
 * TracePlugin: observes every built-in phase, intercepts the driver's job
 * execution, registers one option and keeps all of its mutable state in the
 * host-supplied session and task state (no globals).
 *
 *   -fplugin=TracePlugin.so --trace-prefix '[trace] '
 *
 * At SessionEnd it prints how many phases fired, per domain.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRACE_ID "org.neverc.example.trace"
#define TRACE_OPTION "--trace-prefix"

typedef struct TraceSession {
  const NevercCoreAPI *Core;
  char Prefix[64];
  unsigned Fired[NEVERC_BUILTIN_PHASE_COUNT];
  unsigned Intercepted;
  unsigned Tasks;
} TraceSession;

static const char *const PhaseDomains[] = {
#define TRACE_DOMAIN(S) NEVERC_PHASE_##S##_DOMAIN,
    NEVERC_FOR_EACH_BUILTIN_PHASE(TRACE_DOMAIN)
#undef TRACE_DOMAIN
};

static const uint64_t PhaseHighs[] = {
#define TRACE_HIGH(X) NEVERC_PHASE_##X##_HIGH,
    NEVERC_FOR_EACH_BUILTIN_PHASE(TRACE_HIGH)
#undef TRACE_HIGH
};
static const uint64_t PhaseLows[] = {
#define TRACE_LOW(X) NEVERC_PHASE_##X##_LOW,
    NEVERC_FOR_EACH_BUILTIN_PHASE(TRACE_LOW)
#undef TRACE_LOW
};

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

static TraceSession *sessionOf(const NevercCoreAPI *Core,
                               NevercSessionHandle Session) {
  void *State = NULL;
  if (!neverc_status_is_ok(
          Core->GetSessionState(Core->Context, Session, sv(TRACE_ID), &State)))
    return NULL;
  return (TraceSession *)State;
}

/* UserData of every observer is the core table; the phase index is found
 * from the frame's phase ID. */
static NevercStatus NEVERC_CALL onPhase(const NevercPhaseFrame *Frame,
                                        NevercObserverPoint Point,
                                        void *UserData) {
  const NevercCoreAPI *Core = (const NevercCoreAPI *)UserData;
  TraceSession *S = sessionOf(Core, Frame->Session);
  uint32_t I;
  static const uint32_t Points[] = {
#define TRACE_POINTS(X) NEVERC_PHASE_##X##_OBSERVER_POINTS,
      NEVERC_FOR_EACH_BUILTIN_PHASE(TRACE_POINTS)
#undef TRACE_POINTS
  };
  if (!S)
    return neverc_status_ok();
  for (I = 0; I < NEVERC_BUILTIN_PHASE_COUNT; ++I)
    if (PhaseHighs[I] == Frame->Phase.High && PhaseLows[I] == Frame->Phase.Low)
      break;
  if (I == NEVERC_BUILTIN_PHASE_COUNT)
    return neverc_status_ok();
  /* Count a phase once per run: at the first point it declares. */
  if (Point == (Points[I] & (0u - Points[I])))
    S->Fired[I]++;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL onExecuteJob(const NevercPhaseFrame *Frame,
                                             NevercPhaseContinuation *Next,
                                             NevercPhaseResult *Out,
                                             void *UserData) {
  const NevercCoreAPI *Core = (const NevercCoreAPI *)UserData;
  TraceSession *S = sessionOf(Core, Frame->Session);
  NevercPhaseResult Downstream;
  NevercStatus Status;
  memset(&Downstream, 0, sizeof Downstream);
  Downstream.Header.StructSize = sizeof Downstream;
  Downstream.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  if (S) {
    S->Intercepted++;
    fprintf(stderr, "%sexecute_job: intercepted, continuing\n", S->Prefix);
  }
  Status = Next->InvokeNext(Next, Frame, &Downstream);
  Out->Action = NEVERC_PHASE_CONTINUE;
  return Status;
}

static NevercStatus NEVERC_CALL traceRegister(const NevercCoreAPI *Core,
                                              const NevercRegistrarAPI *Reg,
                                              void *Ctx, void *ProcessState) {
  NevercObserverDescriptor O;
  NevercInterceptorDescriptor I;
  NevercOptionDescriptor Opt;
  NevercStatus S;
  uint32_t K;
  (void)ProcessState;
  for (K = 0; K < NEVERC_BUILTIN_PHASE_COUNT; ++K) {
    memset(&O, 0, sizeof O);
    O.Header.StructSize = sizeof O;
    O.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    O.Phase.High = PhaseHighs[K];
    O.Phase.Low = PhaseLows[K];
    O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER |
               NEVERC_OBSERVER_AFTER_COMMIT;
    O.Callback = onPhase;
    O.UserData = (void *)Core;
    S = Reg->RegisterObserver(Ctx, &O);
    if (!neverc_status_is_ok(S))
      return S;
  }
  memset(&I, 0, sizeof I);
  I.Header.StructSize = sizeof I;
  I.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  I.Phase.High = NEVERC_PHASE_DRIVER_EXECUTE_JOB_HIGH;
  I.Phase.Low = NEVERC_PHASE_DRIVER_EXECUTE_JOB_LOW;
  I.Callback = onExecuteJob;
  I.UserData = (void *)Core;
  S = Reg->RegisterInterceptor(Ctx, &I);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&Opt, 0, sizeof Opt);
  Opt.Header.StructSize = sizeof Opt;
  Opt.Header.Major = NEVERC_DRIVER_API_MAJOR;
  Opt.Header.Minor = NEVERC_DRIVER_API_MINOR;
  Opt.Spelling = sv(TRACE_OPTION);
  Opt.Form = NEVERC_OPTION_SEPARATE;
  Opt.ValueType = NEVERC_OPTION_STRING;
  Opt.Multiplicity = NEVERC_OPTION_LAST_WINS;
  Opt.Help = sv("text printed before every trace line");
  Opt.Metavar = sv("<text>");
  return Reg->RegisterOption(Ctx, &Opt);
}

static NevercStatus NEVERC_CALL traceSessionBegin(const NevercCoreAPI *Core,
                                                  NevercSessionHandle Session,
                                                  void *ProcessState,
                                                  void **OutState) {
  TraceSession *S = NULL;
  NevercStringView Prefix;
  NevercStatus St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  (void)ProcessState;
  if (!neverc_status_is_ok(St))
    return St;
  memset(S, 0, sizeof *S);
  S->Core = Core;
  strcpy(S->Prefix, "[trace] ");
  /* The option is read back at session start (core slots 9 and 10). */
  St = Core->GetPluginOptionValue(Core->Context, Session, sv(TRACE_ID),
                                  sv(TRACE_OPTION), 0, &Prefix);
  if (neverc_status_is_ok(St)) {
    size_t N = Prefix.Length < sizeof S->Prefix - 1 ? (size_t)Prefix.Length
                                                    : sizeof S->Prefix - 1;
    memcpy(S->Prefix, Prefix.Data, N);
    S->Prefix[N] = 0;
  } else if (St.Code != NEVERC_STATUS_NOT_FOUND) {
    return St;
  }
  fprintf(stderr, "%ssession begins\n", S->Prefix);
  *OutState = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL traceTaskBegin(const NevercCoreAPI *Core,
                                               NevercTaskHandle Task,
                                               NevercTaskKind Kind,
                                               void *ProcessState,
                                               void *SessionState,
                                               void **OutTaskState) {
  TraceSession *S = (TraceSession *)SessionState;
  (void)Core, (void)Task, (void)ProcessState;
  S->Tasks++;
  fprintf(stderr, "%stask %u begins (kind %u)\n", S->Prefix, S->Tasks, Kind);
  *OutTaskState = NULL;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL traceSessionEnd(const NevercCoreAPI *Core,
                                                NevercSessionHandle Session,
                                                void *ProcessState,
                                                void *SessionState) {
  TraceSession *S = (TraceSession *)SessionState;
  const char *Domains[NEVERC_BUILTIN_PHASE_COUNT];
  unsigned Counts[NEVERC_BUILTIN_PHASE_COUNT];
  unsigned NumDomains = 0, Total = 0, Distinct = 0;
  uint32_t I, D;
  (void)Session, (void)ProcessState;
  /* Domains in order of first appearance in the schema. */
  for (I = 0; I < NEVERC_BUILTIN_PHASE_COUNT; ++I) {
    for (D = 0; D < NumDomains && strcmp(Domains[D], PhaseDomains[I]); ++D)
      ;
    if (D == NumDomains) {
      Domains[NumDomains] = PhaseDomains[I];
      Counts[NumDomains++] = 0;
    }
    Counts[D] += S->Fired[I];
    Total += S->Fired[I];
    Distinct += S->Fired[I] != 0;
  }
  for (D = 0; D < NumDomains; ++D)
    if (Counts[D])
      fprintf(stderr, "%s  %-10s %u phase runs\n", S->Prefix, Domains[D], Counts[D]);
  fprintf(stderr, "%ssession ends: %u phase runs, %u distinct phases, %u job "
         "interceptions\n",
         S->Prefix, Total, Distinct, S->Intercepted);
  return Core->Deallocate(Core->Context, S, sizeof *S, 8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  NevercStatus Bad;
  Bad.Code = NEVERC_STATUS_INVALID_ARGUMENT;
  Bad.Flags = 0;
  Bad.Detail = 0;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return Bad;
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.PluginID = sv(TRACE_ID);
  D.DisplayName = sv("Phase trace");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.Register = traceRegister;
  D.SessionBegin = traceSessionBegin;
  D.SessionEnd = traceSessionEnd;
  D.TaskBegin = traceTaskBegin;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
