/*
 * CensusPlugin: a quiet phase census. It observes every built-in phase at
 * every observer point the phase declares, counts the runs of each phase per
 * session and, at SessionEnd, appends one JSON line per session to the file
 * named by its option:
 *
 *   -fplugin=CensusPlugin.so --census-out /tmp/census.jsonl
 *
 *   {"phases": {"neverc.driver.raw_arguments": 1, ...}}
 *
 * Only phases that fired are listed (in schema order). Without
 * --census-out the plugin observes and counts but writes nothing.
 *
 * No globals: the per-phase observer user data lives in the process state,
 * the counters in the session state, both allocated through the core table.
 * The line is written with one buffered write, so concurrent compilers
 * appending to one file (make -j) do not interleave within a line.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#define CENSUS_ID "org.neverc.example.census"
#define CENSUS_OPTION "--census-out"

typedef struct CensusProcess CensusProcess;

/* UserData of the observer of one phase. */
typedef struct CensusSlot {
  CensusProcess *Process;
  uint32_t Index;
  uint32_t FirstPoint; /* lowest declared point: a run is counted there */
} CensusSlot;

struct CensusProcess {
  const NevercCoreAPI *Core;
  CensusSlot Slots[NEVERC_BUILTIN_PHASE_COUNT];
};

typedef struct CensusSession {
  char *Path; /* NUL-terminated copy of --census-out, or NULL */
  uint64_t PathSize;
  uint64_t Fired[NEVERC_BUILTIN_PHASE_COUNT];
} CensusSession;

static const char *const PhaseNames[] = {
#define CENSUS_NAME(S) NEVERC_PHASE_##S##_NAME,
    NEVERC_FOR_EACH_BUILTIN_PHASE(CENSUS_NAME)
#undef CENSUS_NAME
};
static const uint64_t PhaseHighs[] = {
#define CENSUS_HIGH(S) NEVERC_PHASE_##S##_HIGH,
    NEVERC_FOR_EACH_BUILTIN_PHASE(CENSUS_HIGH)
#undef CENSUS_HIGH
};
static const uint64_t PhaseLows[] = {
#define CENSUS_LOW(S) NEVERC_PHASE_##S##_LOW,
    NEVERC_FOR_EACH_BUILTIN_PHASE(CENSUS_LOW)
#undef CENSUS_LOW
};
static const uint32_t PhasePoints[] = {
#define CENSUS_POINTS(S) NEVERC_PHASE_##S##_OBSERVER_POINTS,
    NEVERC_FOR_EACH_BUILTIN_PHASE(CENSUS_POINTS)
#undef CENSUS_POINTS
};

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

static void fail(const NevercCoreAPI *Core, const char *Message) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Severity = NEVERC_DIAGNOSTIC_ERROR;
  D.PluginID = sv(CENSUS_ID);
  D.Message = sv(Message);
  (void)Core->EmitDiagnostic(Core->Context, &D, NULL);
}

static NevercStatus NEVERC_CALL onPhase(const NevercPhaseFrame *Frame,
                                        NevercObserverPoint Point,
                                        void *UserData) {
  const CensusSlot *Slot = (const CensusSlot *)UserData;
  const NevercCoreAPI *Core = Slot->Process->Core;
  void *State = NULL;
  if (Point != Slot->FirstPoint)
    return neverc_status_ok();
  if (!neverc_status_is_ok(Core->GetSessionState(Core->Context, Frame->Session,
                                                 sv(CENSUS_ID), &State)) ||
      !State)
    return neverc_status_ok();
  ((CensusSession *)State)->Fired[Slot->Index]++;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL censusProcessBegin(const NevercCoreAPI *Core,
                                                   void **OutProcessState) {
  CensusProcess *P = NULL;
  uint32_t K;
  NevercStatus St = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(St))
    return St;
  memset(P, 0, sizeof *P);
  P->Core = Core;
  for (K = 0; K < NEVERC_BUILTIN_PHASE_COUNT; ++K) {
    P->Slots[K].Process = P;
    P->Slots[K].Index = K;
    P->Slots[K].FirstPoint = PhasePoints[K] & (0u - PhasePoints[K]);
  }
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL censusDestroy(const NevercCoreAPI *Core,
                                              void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(CensusProcess),
                          8);
}

static NevercStatus NEVERC_CALL censusRegister(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *ProcessState) {
  CensusProcess *P = (CensusProcess *)ProcessState;
  NevercObserverDescriptor O;
  NevercOptionDescriptor Opt;
  NevercStatus S;
  uint32_t K;
  (void)Core;
  if (!P)
    return status(NEVERC_STATUS_INVALID_STATE);
  for (K = 0; K < NEVERC_BUILTIN_PHASE_COUNT; ++K) {
    if (!PhasePoints[K])
      continue;
    memset(&O, 0, sizeof O);
    O.Header.StructSize = sizeof O;
    O.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    O.Phase.High = PhaseHighs[K];
    O.Phase.Low = PhaseLows[K];
    O.Points = PhasePoints[K];
    O.Callback = onPhase;
    O.UserData = &P->Slots[K];
    S = Reg->RegisterObserver(Ctx, &O);
    if (!neverc_status_is_ok(S))
      return S;
  }
  memset(&Opt, 0, sizeof Opt);
  Opt.Header.StructSize = sizeof Opt;
  Opt.Header.Major = NEVERC_DRIVER_API_MAJOR;
  Opt.Header.Minor = NEVERC_DRIVER_API_MINOR;
  Opt.Spelling = sv(CENSUS_OPTION);
  Opt.Form = NEVERC_OPTION_SEPARATE;
  Opt.ValueType = NEVERC_OPTION_PATH;
  Opt.Multiplicity = NEVERC_OPTION_LAST_WINS;
  Opt.Help = sv("append one JSON line per session with the phase counts");
  Opt.Metavar = sv("<path>");
  return Reg->RegisterOption(Ctx, &Opt);
}

static NevercStatus NEVERC_CALL censusSessionBegin(const NevercCoreAPI *Core,
                                                   NevercSessionHandle Session,
                                                   void *ProcessState,
                                                   void **OutState) {
  CensusSession *S = NULL;
  NevercStringView Path;
  uint64_t Count = 0;
  NevercStatus St;
  (void)ProcessState;
  St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  memset(S, 0, sizeof *S);
  St = Core->GetPluginOptionValueCount(Core->Context, Session, sv(CENSUS_ID),
                                       sv(CENSUS_OPTION), &Count);
  if (neverc_status_is_ok(St) && Count > 0)
    St = Core->GetPluginOptionValue(Core->Context, Session, sv(CENSUS_ID),
                                    sv(CENSUS_OPTION), Count - 1, &Path);
  if (neverc_status_is_ok(St) && Count > 0 && Path.Length > 0) {
    S->PathSize = Path.Length + 1;
    St = Core->Allocate(Core->Context, S->PathSize, 1, (void **)&S->Path);
    if (!neverc_status_is_ok(St)) {
      (void)Core->Deallocate(Core->Context, S, sizeof *S, 8);
      return St;
    }
    memcpy(S->Path, Path.Data, (size_t)Path.Length);
    S->Path[Path.Length] = 0;
  } else if (!neverc_status_is_ok(St) && St.Code != NEVERC_STATUS_NOT_FOUND) {
    (void)Core->Deallocate(Core->Context, S, sizeof *S, 8);
    return St;
  }
  *OutState = S;
  return neverc_status_ok();
}

/* Appends one line to Path with a single buffered write. */
static void writeLine(const NevercCoreAPI *Core, const CensusSession *S) {
  uint64_t Size = 32, Used = 0;
  char *Line = NULL;
  FILE *F;
  uint32_t K;
  int First = 1;
  for (K = 0; K < NEVERC_BUILTIN_PHASE_COUNT; ++K)
    if (S->Fired[K])
      Size += strlen(PhaseNames[K]) + 32;
  if (!neverc_status_is_ok(
          Core->Allocate(Core->Context, Size, 1, (void **)&Line))) {
    fail(Core, "census: out of memory; no census line written");
    return;
  }
  Used += (uint64_t)sprintf(Line, "{\"phases\": {");
  for (K = 0; K < NEVERC_BUILTIN_PHASE_COUNT; ++K) {
    if (!S->Fired[K])
      continue;
    Used += (uint64_t)sprintf(Line + Used, "%s\"%s\": %llu", First ? "" : ", ",
                              PhaseNames[K], (unsigned long long)S->Fired[K]);
    First = 0;
  }
  Used += (uint64_t)sprintf(Line + Used, "}}\n");
  F = fopen(S->Path, "a");
  if (!F) {
    fail(Core, "census: cannot open the --census-out file for appending");
  } else {
    /* A buffer larger than the line: one write(2) at fclose. */
    setvbuf(F, NULL, _IOFBF, (size_t)Size + 64);
    if (fwrite(Line, 1, (size_t)Used, F) != (size_t)Used)
      fail(Core, "census: short write to the --census-out file");
    if (fclose(F) != 0)
      fail(Core, "census: error closing the --census-out file");
  }
  (void)Core->Deallocate(Core->Context, Line, Size, 1);
}

static NevercStatus NEVERC_CALL censusSessionEnd(const NevercCoreAPI *Core,
                                                 NevercSessionHandle Session,
                                                 void *ProcessState,
                                                 void *SessionState) {
  CensusSession *S = (CensusSession *)SessionState;
  (void)Session, (void)ProcessState;
  if (!S)
    return neverc_status_ok();
  if (S->Path) {
    writeLine(Core, S);
    (void)Core->Deallocate(Core->Context, S->Path, S->PathSize, 1);
  }
  return Core->Deallocate(Core->Context, S, sizeof *S, 8);
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
  D.PluginID = sv(CENSUS_ID);
  D.DisplayName = sv("Phase census");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = censusProcessBegin;
  D.Register = censusRegister;
  D.SessionBegin = censusSessionBegin;
  D.SessionEnd = censusSessionEnd;
  D.Destroy = censusDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
