//===- Host.h - The plugin host: process, sessions, tasks, phases -*- C++ -*-===//
//
// One Host per compiler process. It loads plugin modules, orders them by
// their dependencies, runs ProcessBegin and Register exactly once each,
// applies and freezes the registrations, then serves sessions (one per
// driver invocation) and tasks (one per unit of work) and executes phases.
//
// Zero cost when unobserved: runPhase() on a phase with no registration
// calls the built-in step directly; no frame, no artifact handle.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_HOST_H
#define NEVERC_CORE_HOST_H

#include "neverc/core/Diagnostics.h"
#include "neverc/core/Handles.h"
#include "neverc/core/InterfaceRegistry.h"
#include "neverc/core/Options.h"
#include "neverc/core/PhaseGraph.h"
#include "neverc/core/Transaction.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace neverc::core {

class Host;
class Session;
class Task;
class ExecutionProbe;

struct HostConfig {
  std::string BuildID = "neverc-0.1.0";
  uint32_t LLVMMajor = 22;
  /// Where diagnostics go; null = clang-style on stderr.
  DiagnosticSink *Diagnostics = nullptr;
  /// Writable bytes offered to a plugin entry point (tests shrink it).
  uint32_t DescriptorCapacity = sizeof(NevercPluginDescriptor);
  /// Bytes a single plugin may hold through Allocate; 0 = unlimited.
  uint64_t AllocationBudget = 0;
  /// When true, tasks may run on several threads and plugin concurrency
  /// models are enforced with locks. A single-threaded host satisfies
  /// SESSION_SERIAL and PROCESS_SERIAL by construction and skips them.
  bool Concurrent = false;
  /// Sees every observed phase run and plugin callback (CostReport.h:
  /// -fplugin-report, -ftime-trace spans); null = nothing is timed.
  ExecutionProbe *Probe = nullptr;
};

/// What a callback into a plugin is doing; domain slots consult it (an
/// observer may not mutate → POLICY_VIOLATION).
enum class CallbackRole : uint8_t {
  None,
  Observer,
  Interceptor,
  Provider,
  Lifecycle,
};

/// One loaded plugin. Owned by the Host.
class Plugin {
public:
  std::string_view id() const { return ID; }
  std::string_view displayName() const { return DisplayName; }
  const std::string &path() const { return Path; }
  NevercConcurrencyModel concurrency() const { return Concurrency; }
  NevercReentrancyModel reentrancy() const { return Reentrancy; }
  void *processState() const { return ProcessState; }
  const NevercCoreAPI *core() const { return &Core; }
  uint64_t bytesAllocated() const { return BytesLive; }
  uint64_t peakBytes() const { return BytesPeak; }
  /// Bytes ever allocated through the core table (frees not subtracted).
  uint64_t bytesTotal() const { return BytesTotal; }
  const NevercSemanticVersion &version() const { return Version; }

private:
  friend class Host;
  friend class Session;
  friend class Task;
  friend struct HostAccess;
  Host *Owner = nullptr;
  uint32_t Index = 0;
  std::string ID, DisplayName, Path;
  std::string VersionPrerelease, VersionBuild;
  NevercSemanticVersion Version{};
  NevercConcurrencyModel Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  NevercReentrancyModel Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  NevercPluginDescriptor Desc{}; ///< what the host may read (H3), rest zero
  std::vector<NevercInterfaceRequirement> Required, Optional;
  struct Dependency {
    std::string PluginID;
    NevercDependencyKind Kind;
    NevercVersionRange Range;
  };
  std::vector<Dependency> Dependencies;
  void *Module = nullptr; ///< dlopen handle, null for in-process entries
  void *ProcessState = nullptr;
  bool Registering = false; ///< registrar calls allowed
  bool Registered = false;
  bool Failed = false;
  NevercCoreAPI Core{};
  // Accounting.
  std::atomic<uint64_t> BytesLive{0}, BytesPeak{0}, BytesTotal{0};
  // Reentrancy: depth of callbacks into this plugin on the current thread
  // (only meaningful for REENTRANCY_NONE, which the host keeps to one
  // thread at a time through its lock when Concurrent).
  std::atomic<std::thread::id> ActiveThread{};
  uint32_t ActiveDepth = 0;
  std::unique_ptr<std::recursive_mutex> Lock; ///< PROCESS_SERIAL
  /// Calls take a lock: the host is Concurrent and the plugin is not
  /// THREAD_SAFE. Fixed once the descriptor is accepted.
  bool Serialized = false;
  /// Serialized, or REENTRANCY_NONE: calls take Host::callGuarded.
  bool Guarded = false;
  // Pending registrations, applied at freeze.
  struct PendingObserver {
    NevercObserverDescriptor D;
  };
  std::vector<NevercObserverDescriptor> PendingObservers;
  std::vector<NevercInterceptorDescriptor> PendingInterceptors;
  struct PendingProvider {
    NevercProviderDescriptor D;
    ProviderRegistration R;
  };
  std::vector<PendingProvider> PendingProviders;
  /// UserData the host owns and must destroy once (H32/H33).
  std::vector<std::pair<NevercDestroyUserDataFn, void *>> OwnedUserData;
};

/// The built-in implementation of a phase: consumes the input payload,
/// produces the output payload.
struct PhaseStep {
  NevercStatus (*Run)(void *Ctx, void *Input, void **Output) = nullptr;
  void *Ctx = nullptr;
};

/// The host verifier gating a phase's output (optional).
struct PhaseVerifier {
  NevercStatus (*Verify)(void *Ctx, void *Output) = nullptr;
  void *Ctx = nullptr;
};

/// What a domain's proofs mean (optional): when a plugin SKIPs the phase
/// with a proof the task issued for it, \p Honour gets the proof's
/// payload and says whether the proof still holds for the phase's input
/// (spec: a stale proof is no error, the phase runs normally). True: the
/// domain has made the phase's transition (it advanced its state), and
/// the skip stands. False: the built-in step runs instead. Without one, a
/// skip with a proof of this phase stands as the plugin returned it.
struct ProofCheck {
  bool (*Honour)(void *Ctx, void *ProofPayload) = nullptr;
  void *Ctx = nullptr;
};

struct PhaseRequest {
  Task *T = nullptr;
  void *Input = nullptr;
  PhaseStep Builtin;
  PhaseVerifier Verifier;
  const NevercPhaseRoute *Route = nullptr; ///< null = the session's route
  /// A phase whose output the host builds in place (object.read's graph,
  /// object.write's image) names it here: the chain and the observers see
  /// it as the frame's CurrentOutput from the start, so a provider fills it
  /// and returns it as its Output. Null for every other phase.
  void *Prepared = nullptr;
  ProofCheck Proofs;
};

struct PhaseOutcome {
  NevercStatus Status = okStatus();
  void *Output = nullptr;
  NevercPhaseAction Action = NEVERC_PHASE_CONTINUE;
  bool ByPlugin = false; ///< a provider or interceptor produced Output
};

/// One unit of work inside a session.
class Task {
public:
  NevercTaskHandle handle() const { return Handle; }
  NevercTaskKind kind() const { return Kind; }
  Session &session() const { return *Owner; }
  /// The Cancellation handle every frame of this task carries.
  NevercHandle cancellationToken() const { return CancellationToken; }

  /// Artifacts name payloads the domains own; handles die with the task.
  NevercArtifactHandle createArtifact(NevercInterfaceID Type, void *Payload);
  /// WRONG_TYPE / STALE_HANDLE / WRONG_SCOPE / WRONG_SESSION per Handles.h.
  NevercStatus lookupArtifact(NevercArtifactHandle H, NevercInterfaceID *Type,
                              void **Payload) const;
  NevercProofHandle createProof(NevercInterfaceID Phase, void *Payload);
  NevercStatus lookupProof(NevercProofHandle H, NevercInterfaceID *Phase,
                           void **Payload) const;

  void requestCancel() { Cancelled.store(true, std::memory_order_relaxed); }
  bool cancelled() const;

  TransactionLedger &ledger() { return Ledger; }
  /// What the plugin callback currently running on this task is.
  CallbackRole role() const { return Role; }
  /// Continuation slots that take a continuation check it here.
  bool continuationLive(const NevercPhaseContinuation *C) const;

  /// The compile this task runs (a clang::CompilerInstance, opaque here):
  /// set by the driver from just before the domains attach until after
  /// they detach, null otherwise. Domains that make their per-task state
  /// lazily (on a plugin's first call) read it then.
  void *frontend() const { return Frontend; }
  void setFrontend(void *CI) { Frontend = CI; }

private:
  friend class Session;
  friend class Host;
  friend struct HostAccess;
  Task(Session &S, uint32_t Serial, NevercTaskKind Kind);
  void *Frontend = nullptr;
  Session *Owner;
  uint32_t Serial;
  NevercTaskKind Kind;
  NevercTaskHandle Handle;
  /// The token every frame of this task carries; fixed for the task's life.
  NevercHandle CancellationToken;
  HandleTable<std::pair<NevercInterfaceID, void *>> Artifacts, Proofs;
  std::vector<void *> PluginState; ///< by plugin index
  std::vector<bool> PluginBegun;
  std::atomic<bool> Cancelled{false};
  TransactionLedger Ledger;
  CallbackRole Role = CallbackRole::None;
  std::vector<const NevercPhaseContinuation *> LiveContinuations;
};

/// What a session starts with: plugin option values parsed from its
/// command line (plugins read them in SessionBegin) and its target route.
struct SessionSetup {
  OptionValues Values;
  std::string Triple, CPU, Features, ObjectFormat;
  uint32_t ExecutionLevel = 0;
};

/// One driver invocation.
class Session {
public:
  NevercSessionHandle handle() const { return Handle; }
  Host &host() const { return *Owner; }
  uint32_t serial() const { return Serial; }

  /// Begins a task: every plugin's TaskBegin in load order. A failing
  /// TaskBegin ends the already-begun plugins and returns its status.
  NevercStatus beginTask(NevercTaskKind Kind, Task **Out);
  /// Runs TaskEnd in reverse order, reports leaked transactions, and makes
  /// every handle of the task stale.
  NevercStatus endTask(Task *T);

  OptionValues &optionValues() { return Values; }
  const NevercPhaseRoute &route() const { return Route; }
  /// Owned copy of the route strings.
  void setRoute(std::string Triple, std::string CPU = {},
                std::string Features = {}, std::string ObjectFormat = {},
                uint32_t ExecutionLevel = 0);
  void requestCancel() { Cancelled.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return Cancelled.load(std::memory_order_relaxed); }
  NevercDiagnosticHandle recordDiagnostic();
  uint32_t errorCount() const { return Errors; }

private:
  friend class Host;
  friend class Task;
  friend struct HostAccess;
  Session(Host &H, uint32_t Serial);
  Host *Owner;
  uint32_t Serial;
  NevercSessionHandle Handle;
  std::vector<void *> PluginState;
  std::vector<bool> PluginBegun;
  std::vector<std::unique_ptr<Task>> Tasks;
  uint32_t NextTaskSerial = 1;
  OptionValues Values;
  std::string RouteStrings[4];
  NevercPhaseRoute Route{};
  std::atomic<bool> Cancelled{false};
  HandleTable<uint32_t> Diagnostics;
  uint32_t Errors = 0;
  std::vector<std::unique_ptr<std::recursive_mutex>> SerialLocks;
};

class Host final : public ScopeOracle {
public:
  explicit Host(HostConfig Config = {});
  ~Host() override; ///< shutdown() if not done
  Host(const Host &) = delete;
  Host &operator=(const Host &) = delete;

  // --- set-up (before initialize) --------------------------------------
  /// Publishes a host capability table. Header fields of the table give
  /// nothing: major/minor/size are stated here.
  NevercStatus publishInterface(NevercInterfaceID ID, uint16_t Major,
                                uint16_t Minor, const void *Table,
                                uint64_t TableSize);
  /// dlopen + entry + descriptor checks. The failure is also reported as a
  /// diagnostic naming the module (and the plugin, once known).
  NevercStatus loadPlugin(const std::string &Path);
  /// The same for an entry function linked into the process (tests, fuzz).
  NevercStatus loadPluginEntry(NevercPluginEntryFn Entry,
                               const std::string &Label);
  /// -fplugin-provider=<phase>:<plugin-id>; checked at initialize.
  void chooseProvider(std::string PhaseName, std::string PluginID);
  /// Dependency order, ProcessBegin, Register, apply, freeze. Any plugin
  /// that fails makes initialize fail with its status (it is named in a
  /// diagnostic).
  NevercStatus initialize();
  bool initialized() const { return Initialized; }

  // --- sessions ----------------------------------------------------------
  NevercStatus beginSession(Session **Out, SessionSetup Setup = {});
  NevercStatus endSession(Session *S);

  // --- execution ---------------------------------------------------------
  PhaseOutcome runPhase(uint32_t Phase, const PhaseRequest &R) {
    const PhaseInfo &P = Graph.at(Phase);
    if (!P.Active) {
      // Nothing is registered: the built-in's output is the host's own and
      // no plugin could have changed it, so a transition phase's verifier
      // (which checks what plugins produce) has nothing to check. A sealed
      // gate's verifier is the phase itself (H25) and always runs; that
      // test is out of line to keep this path as small as it was.
      PhaseOutcome O;
      O.Status = R.Builtin.Run ? R.Builtin.Run(R.Builtin.Ctx, R.Input, &O.Output)
                               : okStatus();
      if (isOk(O.Status) && R.Verifier.Verify)
        verifyUnobserved(P, R, O);
      return O;
    }
    return runObservedPhase(P, R);
  }
  /// An event phase: AFTER observers only, nothing produced. A failing
  /// observer's status is returned (and reported).
  NevercStatus raiseEvent(uint32_t Phase, Task &T, void *Payload) {
    if (!Graph.at(Phase).Active)
      return okStatus();
    return raiseObservedEvent(Phase, T, Payload);
  }

  // --- queries -------------------------------------------------------------
  PhaseGraph &phases() { return Graph; }
  const PhaseGraph &phases() const { return Graph; }
  OptionRegistry &options() { return Options; }
  InterfaceRegistry &interfaces() { return Interfaces; }
  DiagnosticSink &diagnostics() { return *Diags; }
  const HostConfig &config() const { return Config; }
  const std::vector<std::unique_ptr<Plugin>> &plugins() const {
    return Plugins;
  }
  /// Plugins in initialization order (dependencies first).
  const std::vector<Plugin *> &order() const { return Order; }
  Plugin *findPlugin(std::string_view ID) const;
  /// The plugin whose Register callback is running now (slots that may only
  /// be called from Register ask), or null.
  Plugin *registeringPlugin() const;
  /// The plugin a domain's registration slot was handed \p Registrar for
  /// (the RegistrarContext its Register callback received):
  /// INVALID_ARGUMENT when it names no plugin, INVALID_STATE when that
  /// plugin's Register is not running (registration time only).
  NevercStatus registrarOwner(const void *Registrar, const Plugin **Out) const;
  const NevercBootstrapAPI *bootstrap() const { return &Bootstrap; }
  /// Finds a live task from a handle (for domain tables).
  NevercStatus resolveTask(NevercTaskHandle H, Task **Out) const;
  NevercStatus resolveSession(NevercSessionHandle H, Session **Out) const;

  /// The domain that makes fix-it handles (the AST domain) answers whether
  /// one is live; without an owner no diagnostic may carry fix-its.
  using FixItLiveFn = bool (*)(void *Ctx, NevercFixItHandle H);
  void setFixItOwner(FixItLiveFn Live, void *Ctx) {
    FixItLive = Live;
    FixItCtx = Ctx;
  }
  bool fixItLive(NevercFixItHandle H) const {
    return FixItLive && FixItLive(FixItCtx, H);
  }

  /// Reports a diagnostic attributed to a plugin (may be null) and phase.
  void report(NevercDiagnosticSeverity Severity, std::string Message,
              const Plugin *From = nullptr, std::string_view Phase = {});

  /// Tears every registration down (DestroyUserData once each), calls
  /// Destroy in reverse order and unloads the modules. Idempotent.
  void shutdown();

private:
  friend class Session;
  friend class Task;
  friend struct HostAccess;
  bool sessionAlive(uint32_t S) const override;
  bool taskAlive(uint32_t S, uint32_t T) const override;
  PhaseOutcome runObservedPhase(const PhaseInfo &P, const PhaseRequest &R);
  /// runObservedPhase with a probe installed (CostReport.h).
  [[gnu::noinline]] PhaseOutcome runProbedPhase(const PhaseInfo &P,
                                                const PhaseRequest &R);
  /// Reports a rejected output; VERIFICATION_FAILED with the verifier's own
  /// code in Detail, on the observed and the unobserved path alike.
  NevercStatus verifierFailed(const PhaseInfo &P, NevercStatus V);
  NevercStatus raiseObservedEvent(uint32_t Phase, Task &T, void *Payload);
  NevercStatus acceptDescriptor(std::unique_ptr<Plugin> P,
                                NevercPluginEntryFn Entry);
  NevercStatus orderPlugins();
  NevercStatus applyRegistrations(Plugin &P);
  void destroyRegistrations();

  struct RoleScope;
  template <typename Fn>
  NevercStatus callPlugin(Plugin &P, Task *T, CallbackRole Role, Fn &&F,
                          const PhaseInfo *Phase = nullptr);
  template <typename Fn> NevercStatus enterPlugin(Plugin &P, Task *T, Fn &&F);
  /// enterPlugin for a Guarded plugin: reentrancy tracking and the lock.
  template <typename Fn> NevercStatus callGuarded(Plugin &P, Task *T, Fn F);
  /// The lock a Serialized plugin's call holds: the session's for
  /// SESSION_SERIAL (when there is a task), else the plugin's own.
  std::unique_lock<std::recursive_mutex> serialize(Plugin &P, Task *T);
  struct BorrowedHandles;
  /// The part of an observed run between the BEFORE observers and the host
  /// verifier when the phase has interceptors or a provider: fills O's
  /// Action, Output and ByPlugin and F's CurrentOutput.
  NevercStatus runChain(const PhaseInfo &P, const PhaseRequest &R, Task &T,
                        NevercPhaseFrame &F, BorrowedHandles &Borrowed,
                        PhaseOutcome &O);
  struct ChainRun;
  NevercStatus runChainFrom(ChainRun &C, size_t I, NevercPhaseResult *Out);
  /// The result contract (core.md §10.1) for everything but a valid
  /// CONTINUE, which runChainFrom accepts itself.
  NevercStatus interceptorOutcome(ChainRun &C,
                                  const InterceptorRegistration &Reg,
                                  NevercStatus S, bool Invoked,
                                  const NevercPhaseResult &Result,
                                  NevercPhaseResult *Out);
  // runEndOfChain and notifyObservers are inline, defined in Executor.cpp
  // (their only user): they sit on every observed phase run.
  inline NevercStatus runEndOfChain(ChainRun &C, NevercPhaseResult *Out);
  /// The selected provider; nullopt when the built-in step runs instead (no
  /// route matched, or a recoverable failure of a FallbackSafe provider).
  std::optional<NevercStatus> runProvider(ChainRun &C, NevercPhaseResult *Out);
  NevercStatus noBuiltinStep(const PhaseInfo &P);
  /// The unobserved path's verifier: sealed gates only (runPhase).
  void verifyUnobserved(const PhaseInfo &P, const PhaseRequest &R,
                        PhaseOutcome &O);
  /// The built-in step, inside a probe span when a probe is installed.
  NevercStatus runBuiltin(const PhaseInfo &P, const PhaseStep &Step,
                          void *Input, void **Output);
  template <bool Probed>
  inline PhaseOutcome runObservedPhaseT(const PhaseInfo &P,
                                        const PhaseRequest &R);
  static NevercStatus NEVERC_CALL invokeNext(NevercPhaseContinuation *C,
                                             const NevercPhaseFrame *Frame,
                                             NevercPhaseResult *Out);
  template <bool Probed>
  inline NevercStatus notifyObservers(
      const PhaseInfo &P,
      const boost::container::small_vector<ObserverRegistration, 2> &List,
      NevercObserverPoint Point, const NevercPhaseFrame &Frame, Task &T);
  NevercStatus observerFailed(const PhaseInfo &P, const ObserverRegistration &O,
                              NevercStatus S);
  struct ContinuationRecord;
  struct HandedContinuations;
  ContinuationRecord &acquireContinuation();
  void releaseContinuation(ContinuationRecord &R);

  HostConfig Config;
  std::unique_ptr<DiagnosticSink> OwnedDiags;
  DiagnosticSink *Diags;
  InterfaceRegistry Interfaces;
  PhaseGraph Graph;
  OptionRegistry Options;
  NevercBootstrapAPI Bootstrap{};
  FixItLiveFn FixItLive = nullptr;
  void *FixItCtx = nullptr;
  NevercCoreAPI CoreTemplate{};
  std::vector<std::unique_ptr<Plugin>> Plugins;
  std::vector<Plugin *> Order;
  std::vector<std::pair<std::string, std::string>> ProviderChoices;
  std::vector<std::unique_ptr<Session>> Sessions;
  /// The session resolveSession found last (single-threaded hosts); reset
  /// when that session ends.
  mutable Session *LastSession = nullptr;
  uint32_t NextSessionSerial = 1;
  bool Initialized = false;
  bool ShutDown = false;
  mutable std::recursive_mutex SessionsLock;
  /// Records outlive their interceptor so a stale continuation is caught
  /// instead of touching freed memory.
  std::vector<std::unique_ptr<ContinuationRecord>> Continuations;
  ContinuationRecord *FreeContinuations = nullptr; ///< linked by NextFree
  /// Allocated on the first interceptor call (HostInternal.h).
  std::unique_ptr<HandedContinuations> Handed;
  std::mutex ContinuationLock;
  HandleTable<uint32_t> ProcessDiagnostics;
  uint32_t PluginErrors = 0;

public:
  /// ERROR or FATAL diagnostics plugins emitted so far.
  uint32_t pluginErrorCount() const { return PluginErrors; }
};

// Inline: the observed-phase path asks once per run.
inline bool Task::cancelled() const {
  return Cancelled.load(std::memory_order_relaxed) || Owner->cancelled();
}

} // namespace neverc::core

#endif

