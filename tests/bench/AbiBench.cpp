//===- AbiBench.cpp - neverc-bench-abi: cost of the plugin boundary -------===//
//
// Each case comes in two flavours:
//   <case>/neverc  the work done through the host: Host::runPhase with
//                  plugin callbacks, or a core-table slot a plugin calls
//   <case>/direct  the same callbacks reached by plain indirect C calls
//                  through function pointers loaded from a volatile table, so
//                  the compiler can neither inline nor devirtualize them;
//                  phase cases build a fresh frame per run and interceptors
//                  get a (trivial) continuation, as any caller of these
//                  callbacks must
// The ratio of the two is the price of the boundary (frames, artifact
// handles, continuation bookkeeping, contract checks, handle validation).
// tests/bench/abi_ratios.py prints the table.
//
// The plugin is an in-process entry (Host::loadPluginEntry): no dlopen, so
// the numbers do not include PLT indirections a real module would add.
//
//===----------------------------------------------------------------------===//
#include "neverc/Plugin/NevercPluginAPI.h"
#include "neverc/core/Host.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

using namespace neverc::core;

namespace {

constexpr const char *PluginID = "org.neverc.bench.abi";
constexpr NevercInterfaceID BenchInterface = {0x4e43424e43480001ull, 1};

// Phases used, one per configuration (all with input type == output type).
constexpr uint32_t PhaseObs1 = Phase_DRIVER_RAW_ARGUMENTS;
constexpr uint32_t PhaseObs8 = Phase_DRIVER_PARSED_ARGUMENTS;
constexpr uint32_t PhaseChain1 = Phase_SOURCE_RESOLVE_INPUT;
constexpr uint32_t PhaseChain4 = Phase_IR_PASS_PRE_OPT;
constexpr uint32_t PhaseProvider = Phase_PREP_TOKEN;
constexpr uint32_t PhaseIdle = Phase_IR_PASS_POST_OPT; ///< nothing registered

//===--- Plugin callbacks (shared by both flavours)
//-------------------------===//

NevercStatus NEVERC_CALL observer(const NevercPhaseFrame *Frame,
                                  NevercObserverPoint Point, void *UserData) {
  benchmark::DoNotOptimize(Frame);
  benchmark::DoNotOptimize(Point);
  benchmark::DoNotOptimize(UserData);
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL interceptor(const NevercPhaseFrame *Frame,
                                     NevercPhaseContinuation *C,
                                     NevercPhaseResult *Out, void *) {
  NevercPhaseResult Down;
  std::memset(&Down, 0, sizeof Down);
  Down.Header = {sizeof Down, NEVERC_CORE_API_MAJOR, NEVERC_CORE_API_MINOR, 0};
  NevercStatus S = C->InvokeNext(C, Frame, &Down);
  Out->Action = NEVERC_PHASE_CONTINUE;
  return S;
}

NevercStatus NEVERC_CALL provider(const NevercPhaseFrame *Frame,
                                  NevercPhaseResult *Out, void *) {
  Out->Action = NEVERC_PHASE_REPLACE;
  Out->Output = Frame->Input;
  return neverc_status_ok();
}

NevercStatus builtinStep(void *, void *Input, void **Output) {
  *Output = Input;
  return neverc_status_ok();
}

//===--- The in-process plugin
//---------------------------------------------===//

const NevercCoreAPI *PluginCoreTable = nullptr;

NevercStatus NEVERC_CALL processBegin(const NevercCoreAPI *Core, void **Out) {
  PluginCoreTable = Core;
  *Out = nullptr;
  return neverc_status_ok();
}

int SessionTag, TaskTag;

NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *,
                                      NevercSessionHandle, void *, void **Out) {
  *Out = &SessionTag;
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *, NevercTaskHandle,
                                   NevercTaskKind, void *, void *, void **Out) {
  *Out = &TaskTag;
  return neverc_status_ok();
}

NevercABITableHeader header(uint32_t Size) {
  return {Size, NEVERC_CORE_API_MAJOR, NEVERC_CORE_API_MINOR, 0};
}

NevercInterfaceID idOf(uint32_t Phase) {
  switch (Phase) {
#define BENCH_PHASE_CASE(S)                                                    \
  case Phase_##S:                                                              \
    return {NEVERC_PHASE_##S##_HIGH, NEVERC_PHASE_##S##_LOW};
    NEVERC_FOR_EACH_BUILTIN_PHASE(BENCH_PHASE_CASE)
#undef BENCH_PHASE_CASE
  default:
    std::abort();
  }
}

NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *,
                                        const NevercRegistrarAPI *R, void *Ctx,
                                        void *) {
  auto Observe = [&](uint32_t Phase, int Count) {
    for (int I = 0; I < Count; ++I) {
      NevercObserverDescriptor D{};
      D.Header = header(sizeof D);
      D.Phase = idOf(Phase);
      D.Points = NEVERC_OBSERVER_BEFORE;
      D.Callback = observer;
      if (!neverc_status_is_ok(R->RegisterObserver(Ctx, &D)))
        std::abort();
    }
  };
  auto Intercept = [&](uint32_t Phase, int Count) {
    for (int I = 0; I < Count; ++I) {
      NevercInterceptorDescriptor D{};
      D.Header = header(sizeof D);
      D.Phase = idOf(Phase);
      D.Callback = interceptor;
      if (!neverc_status_is_ok(R->RegisterInterceptor(Ctx, &D)))
        std::abort();
    }
  };
  Observe(PhaseObs1, 1);
  Observe(PhaseObs8, 8);
  Intercept(PhaseChain1, 1);
  Intercept(PhaseChain4, 4);
  NevercProviderDescriptor P{};
  P.Header = header(sizeof P);
  P.Phase = idOf(PhaseProvider);
  P.ProviderID = {"org.neverc.bench", 16};
  P.Route.Header = header(sizeof P.Route);
  P.Deterministic = NEVERC_TRUE;
  P.Callback = provider;
  if (!neverc_status_is_ok(R->RegisterProvider(Ctx, &P)))
    std::abort();
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL entry(const NevercBootstrapAPI *,
                               NevercPluginDescriptor *Out) {
  NevercPluginDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.PluginID = {PluginID, std::strlen(PluginID)};
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = processBegin;
  D.Register = registerPlugin;
  D.SessionBegin = sessionBegin;
  D.TaskBegin = taskBegin;
  uint32_t Capacity = Out->Header.StructSize;
  std::memcpy(Out, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}

//===--- One host for every benchmark
//--------------------------------------===//

struct BenchTable {
  NevercABITableHeader Header;
  void *Context;
};

class NullSink final : public DiagnosticSink {
public:
  void report(const Diagnostic &) override {}
};

struct Env {
  NullSink Sink;
  BenchTable Table{{sizeof(BenchTable), 1, 0, 0}, nullptr};
  std::unique_ptr<Host> H;
  Session *S = nullptr;
  Task *T = nullptr;
  int Payload = 1;
  NevercArtifactHandle Artifact{};

  Env() {
    HostConfig C;
    C.Diagnostics = &Sink;
    H = std::make_unique<Host>(C);
    check(H->publishInterface(BenchInterface, 1, 0, &Table, sizeof Table),
          "publishInterface");
    check(H->loadPluginEntry(entry, "bench"), "loadPluginEntry");
    check(H->initialize(), "initialize");
    check(H->beginSession(&S), "beginSession");
    check(S->beginTask(NEVERC_TASK_TRANSLATION_UNIT, &T), "beginTask");
    Artifact = T->createArtifact({NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_INPUT_HIGH,
                                  NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_INPUT_LOW},
                                 &Payload);
  }
  ~Env() {
    S->endTask(T);
    H->endSession(S);
    H->shutdown();
  }
  static void check(NevercStatus St, const char *What) {
    if (!isOk(St)) {
      std::fprintf(stderr, "neverc-bench-abi: %s failed with %s\n", What,
                   std::string(statusName(St.Code)).c_str());
      std::exit(1);
    }
  }
  void run(benchmark::State &State, uint32_t Phase) {
    PhaseRequest R;
    R.T = T;
    R.Input = &Payload;
    R.Builtin.Run = builtinStep;
    for (auto _ : State) {
      PhaseOutcome O = H->runPhase(Phase, R);
      benchmark::DoNotOptimize(O);
      if (!isOk(O.Status)) {
        State.SkipWithError("phase failed");
        break;
      }
    }
  }
};

Env &env() {
  static Env E;
  return E;
}

//===--- Direct baselines: the same callbacks, plain indirect calls
//--------===//
//
// A fair baseline does what a compiler calling its plugins without a host
// would still have to do on every phase run: describe the run in a fresh
// frame (handles, phase ID, the session's route, the input), call the very
// same plugin callbacks, and for interceptors hand each one a continuation
// whose InvokeNext runs the rest of the chain. What it leaves out is what
// the boundary adds: artifact handles, scope and contract checks,
// continuation bookkeeping, reentrancy and cancellation checks.

struct DirectFns {
  NevercPhaseObserverFn Observers[8];
  NevercPhaseInterceptorFn Interceptors[4];
  NevercStatus (*Builtin)(void *, void *, void **);
  NevercPhaseProviderFn Provider;
  NevercStatus (*Query)(NevercInterfaceID, const void **);
  NevercStatus (*Lookup)(NevercHandle, void **);
};

// Minimal stand-ins for what the host does, so the baseline does the same
// kind of work (an ID compare, a table lookup with a generation check).
const BenchTable DirectTable{{sizeof(BenchTable), 1, 0, 0}, nullptr};
NevercStatus directQuery(NevercInterfaceID ID, const void **Out) {
  if (ID.High == BenchInterface.High && ID.Low == BenchInterface.Low) {
    *Out = &DirectTable;
    return neverc_status_ok();
  }
  return {NEVERC_STATUS_MISSING_INTERFACE, 0, 0};
}

struct Slot {
  uint32_t Generation;
  void *Payload;
};
Slot DirectSlots[4] = {{1, &TaskTag}, {1, nullptr}, {1, nullptr}, {1, nullptr}};
NevercStatus directLookup(NevercHandle H, void **Out) {
  uint32_t Index = uint32_t(H.Value), Gen = uint32_t(H.Value >> 32);
  if ((H.Owner >> 56) != 2 || Index >= 4 ||
      DirectSlots[Index].Generation != Gen)
    return {NEVERC_STATUS_STALE_HANDLE, 0, 0};
  *Out = DirectSlots[Index].Payload;
  return neverc_status_ok();
}

DirectFns DirectStorage = {{observer, observer, observer, observer, observer,
                            observer, observer, observer},
                           {interceptor, interceptor, interceptor, interceptor},
                           builtinStep,
                           provider,
                           directQuery,
                           directLookup};
DirectFns *volatile Direct = &DirectStorage;

/// What a direct caller knows about the run it describes: the scope handles
/// and the session's route (the host copies the same 88-byte route).
struct DirectScope {
  NevercSessionHandle Session;
  NevercTaskHandle Task;
  NevercHandle Cancellation;
  NevercPhaseRoute Route;
};
const DirectScope DirectScopeStorage = {
    {uint64_t(1) << 56 | uint64_t(1) << 32, (uint64_t(1) << 32) | 0},
    {uint64_t(2) << 56 | uint64_t(1) << 32 | 1, (uint64_t(1) << 32) | 0},
    {uint64_t(6) << 56 | uint64_t(1) << 32 | 1, (uint64_t(1) << 32) | 0},
    {{sizeof(NevercPhaseRoute), NEVERC_CORE_API_MAJOR, NEVERC_CORE_API_MINOR,
      0},
     {},
     {},
     {},
     {},
     0,
     0}};
const DirectScope *volatile DirectScopePtr = &DirectScopeStorage;

/// A frame for one run, every field written (as the host writes them).
NevercPhaseFrame directFrame(const DirectScope &S, NevercInterfaceID Phase,
                             int *Payload) {
  NevercPhaseFrame F;
  F.Header = header(sizeof F);
  F.Session = S.Session;
  F.Task = S.Task;
  F.Phase = Phase;
  F.Route = S.Route;
  // Stands for the handle naming this run's input.
  F.Input = {uint64_t(3) << 56, uint64_t(reinterpret_cast<uintptr_t>(Payload))};
  F.CurrentOutput = {0, 0};
  F.Cancellation = S.Cancellation;
  return F;
}

/// A direct interceptor chain: the real interceptor callbacks, each given a
/// continuation whose InvokeNext calls the next one, the last the built-in.
struct DirectChain {
  int Length;
  int *Payload;
};
struct DirectContinuation {
  NevercPhaseContinuation C;
  DirectChain *Chain;
  int Next;
};
NevercStatus NEVERC_CALL directInvokeNext(NevercPhaseContinuation *C,
                                          const NevercPhaseFrame *Frame,
                                          NevercPhaseResult *Out);
NevercStatus directChainFrom(DirectChain &Chain, int I,
                             const NevercPhaseFrame *Frame,
                             NevercPhaseResult *Out) {
  DirectFns *D = Direct;
  if (I == Chain.Length) {
    void *Output = nullptr;
    NevercStatus S = D->Builtin(nullptr, Chain.Payload, &Output);
    benchmark::DoNotOptimize(Output);
    return S;
  }
  DirectContinuation K;
  K.C.Header = header(sizeof K.C);
  K.C.InvokeNext = directInvokeNext;
  K.C.Context = &K;
  K.C.Generation = 1;
  K.Chain = &Chain;
  K.Next = I + 1;
  NevercPhaseResult Result;
  std::memset(&Result, 0, sizeof Result);
  Result.Header = header(sizeof Result);
  NevercStatus S = D->Interceptors[I](Frame, &K.C, &Result, nullptr);
  if (Out)
    *Out = Result;
  return S;
}
NevercStatus NEVERC_CALL directInvokeNext(NevercPhaseContinuation *C,
                                          const NevercPhaseFrame *Frame,
                                          NevercPhaseResult *Out) {
  auto *K = static_cast<DirectContinuation *>(C->Context);
  return directChainFrom(*K->Chain, K->Next, Frame, Out);
}

//===--- Benchmarks
//--------------------------------------------------------===//

void queryNeverc(benchmark::State &State) {
  const NevercCoreAPI *Core = (env(), PluginCoreTable);
  for (auto _ : State) {
    const void *Table = nullptr;
    uint16_t Minor = 0;
    uint64_t Size = 0;
    NevercStatus S = Core->QueryInterface(Core->Context, BenchInterface, 1, 0,
                                          &Table, &Minor, &Size);
    benchmark::DoNotOptimize(S);
    benchmark::DoNotOptimize(Table);
  }
}
void queryDirect(benchmark::State &State) {
  for (auto _ : State) {
    const void *Table = nullptr;
    NevercStatus S = Direct->Query(BenchInterface, &Table);
    benchmark::DoNotOptimize(S);
    benchmark::DoNotOptimize(Table);
  }
}

void idleNeverc(benchmark::State &State) { env().run(State, PhaseIdle); }
void idleDirect(benchmark::State &State) {
  int Payload = 1;
  for (auto _ : State) {
    void *Out = nullptr;
    NevercStatus S = Direct->Builtin(nullptr, &Payload, &Out);
    benchmark::DoNotOptimize(S);
    benchmark::DoNotOptimize(Out);
  }
}

template <int N> void observersNeverc(benchmark::State &State) {
  env().run(State, N == 1 ? PhaseObs1 : PhaseObs8);
}
template <int N> void observersDirect(benchmark::State &State) {
  const NevercInterfaceID Phase = idOf(N == 1 ? PhaseObs1 : PhaseObs8);
  int Payload = 1;
  for (auto _ : State) {
    DirectFns *D = Direct;
    NevercPhaseFrame F = directFrame(*DirectScopePtr, Phase, &Payload);
    for (int I = 0; I < N; ++I) {
      NevercStatus S = D->Observers[I](&F, NEVERC_OBSERVER_BEFORE, nullptr);
      benchmark::DoNotOptimize(S);
    }
    void *Out = nullptr;
    NevercStatus S = D->Builtin(nullptr, &Payload, &Out);
    benchmark::DoNotOptimize(S);
    benchmark::DoNotOptimize(Out);
  }
}

template <int N> void chainNeverc(benchmark::State &State) {
  env().run(State, N == 1 ? PhaseChain1 : PhaseChain4);
}
template <int N> void chainDirect(benchmark::State &State) {
  const NevercInterfaceID Phase = idOf(N == 1 ? PhaseChain1 : PhaseChain4);
  int Payload = 1;
  DirectChain Chain{N, &Payload};
  for (auto _ : State) {
    NevercPhaseFrame F = directFrame(*DirectScopePtr, Phase, &Payload);
    NevercPhaseResult Result;
    NevercStatus S = directChainFrom(Chain, 0, &F, &Result);
    benchmark::DoNotOptimize(S);
    benchmark::DoNotOptimize(Result);
  }
}

void providerNeverc(benchmark::State &State) {
  env().run(State, PhaseProvider);
}
void providerDirect(benchmark::State &State) {
  const NevercInterfaceID Phase = idOf(PhaseProvider);
  int Payload = 1;
  for (auto _ : State) {
    NevercPhaseFrame F = directFrame(*DirectScopePtr, Phase, &Payload);
    NevercPhaseResult R{};
    R.Header = header(sizeof R);
    NevercStatus S = Direct->Provider(&F, &R, nullptr);
    benchmark::DoNotOptimize(S);
    benchmark::DoNotOptimize(R);
  }
}

void taskStateNeverc(benchmark::State &State) {
  Env &E = env();
  const NevercCoreAPI *Core = PluginCoreTable;
  const NevercTaskHandle Task = E.T->handle();
  const NevercStringView ID = {PluginID, std::strlen(PluginID)};
  for (auto _ : State) {
    void *Out = nullptr;
    NevercStatus S = Core->GetTaskState(Core->Context, Task, ID, &Out);
    benchmark::DoNotOptimize(S);
    benchmark::DoNotOptimize(Out);
  }
}
void lookupArtifactNeverc(benchmark::State &State) {
  Env &E = env();
  for (auto _ : State) {
    NevercInterfaceID Type;
    void *Payload = nullptr;
    NevercStatus S = E.T->lookupArtifact(E.Artifact, &Type, &Payload);
    benchmark::DoNotOptimize(S);
    benchmark::DoNotOptimize(Payload);
  }
}
void handleDirect(benchmark::State &State) {
  const NevercHandle H = {uint64_t(2) << 56, (uint64_t(1) << 32) | 0};
  for (auto _ : State) {
    void *Out = nullptr;
    NevercStatus S = Direct->Lookup(H, &Out);
    benchmark::DoNotOptimize(S);
    benchmark::DoNotOptimize(Out);
  }
}

void registerAll() {
  benchmark::RegisterBenchmark("query_interface/neverc", queryNeverc);
  benchmark::RegisterBenchmark("query_interface/direct", queryDirect);
  benchmark::RegisterBenchmark("unobserved_phase/neverc", idleNeverc);
  benchmark::RegisterBenchmark("unobserved_phase/direct", idleDirect);
  benchmark::RegisterBenchmark("observers_1/neverc", observersNeverc<1>);
  benchmark::RegisterBenchmark("observers_1/direct", observersDirect<1>);
  benchmark::RegisterBenchmark("observers_8/neverc", observersNeverc<8>);
  benchmark::RegisterBenchmark("observers_8/direct", observersDirect<8>);
  benchmark::RegisterBenchmark("interceptors_1/neverc", chainNeverc<1>);
  benchmark::RegisterBenchmark("interceptors_1/direct", chainDirect<1>);
  benchmark::RegisterBenchmark("interceptors_4/neverc", chainNeverc<4>);
  benchmark::RegisterBenchmark("interceptors_4/direct", chainDirect<4>);
  benchmark::RegisterBenchmark("provider/neverc", providerNeverc);
  benchmark::RegisterBenchmark("provider/direct", providerDirect);
  benchmark::RegisterBenchmark("get_task_state/neverc", taskStateNeverc);
  benchmark::RegisterBenchmark("get_task_state/direct", handleDirect);
  benchmark::RegisterBenchmark("lookup_artifact/neverc", lookupArtifactNeverc);
  benchmark::RegisterBenchmark("lookup_artifact/direct", handleDirect);
}

} // namespace

int main(int argc, char **argv) {
  registerAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
