//===- HostInternal.h - Pieces shared by the host's .cpp files -*- C++ -*-===//
#ifndef NEVERC_CORE_LIB_HOSTINTERNAL_H
#define NEVERC_CORE_LIB_HOSTINTERNAL_H

#include "neverc/core/CostReport.h"
#include "neverc/core/Host.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <thread>

namespace neverc::core {

/// Names the calling thread for the continuation checks, which run twice per
/// interceptor: the thread pointer is one register read, where
/// std::this_thread::get_id() is a call into libc (pthread_self, which
/// returns the same pointer on glibc).
using ThreadToken = uintptr_t;
inline ThreadToken currentThreadToken() {
#if defined(__has_builtin) && __has_builtin(__builtin_thread_pointer)
  return reinterpret_cast<uintptr_t>(__builtin_thread_pointer());
#else
  return uintptr_t(std::hash<std::thread::id>()(std::this_thread::get_id()));
#endif
}

/// Live state of one interceptor's continuation.
struct Host::ContinuationRecord {
  /// The continuation this use handed out, a slot of Host::Handed.
  NevercPhaseContinuation *C = nullptr;
  ChainRun *Chain = nullptr;
  ContinuationRecord *NextFree = nullptr; ///< Host::FreeContinuations' link
  size_t Next = 0;
  ThreadToken Thread = 0;
  uint64_t Generation = 0;
  /// One byte for both facts, written and read whole (a pair of flags
  /// would be set with one store and read with two, which the CPU cannot
  /// forward). Invoked implies live.
  enum : uint8_t { Dead, Live, Invoked } State = Dead;
};

/// The continuations plugins are handed: a ring apart from the records.
/// Records are reused most-recently-released first, so a continuation
/// living inside its record would be the very next interceptor's: one kept
/// past its callback would look live again at once. A slot of the ring is
/// handed out again only after Size later uses, and never while its holder
/// runs; until then a kept pointer still carries its old generation and
/// InvokeNext refuses it (WRONG_SCOPE). Busy is host memory: plugins can
/// write to the slots, never to it.
struct Host::HandedContinuations {
  static constexpr size_t Size = 4096; // a power of two
  NevercPhaseContinuation Slots[Size]{};
  /// Slot I's holder is running: set when the slot is handed out, cleared
  /// when its record is released, both under ContinuationLock. One byte read
  /// per use, where asking the holder's record was a chain of three loads.
  bool Busy[Size]{};
  size_t Next = 0;
};

/// The artifact handles one observed phase run lends its callbacks: the
/// frame's Input and, when interceptors or AFTER observers can see it, the
/// built-in step's output. Dropping them when the run ends makes kept
/// handles stale and keeps a long task's table small.
struct Host::BorrowedHandles {
  BorrowedHandles(Task &T, NevercArtifactHandle Input) : T(T), Input(Input) {}
  ~BorrowedHandles() {
    T.Artifacts.eraseLive(Input);
    if (!isNull(BuiltinOutput))
      T.Artifacts.eraseLive(BuiltinOutput);
    if (!isNull(Prepared))
      T.Artifacts.eraseLive(Prepared);
  }
  BorrowedHandles(const BorrowedHandles &) = delete;
  BorrowedHandles &operator=(const BorrowedHandles &) = delete;

  Task &T;
  NevercArtifactHandle Input;
  NevercArtifactHandle BuiltinOutput{};
  NevercArtifactHandle Prepared{}; ///< PhaseRequest::Prepared's handle
};

/// A run through interceptors and/or a provider (runChain). Phases with
/// observers only never build one.
struct Host::ChainRun {
  // A constructor, not aggregate initialisation: that would zero Downstream
  // on every run, interceptors or not.
  ChainRun(Host *H, const PhaseInfo *P, const PhaseRequest *R, Task *T,
           const NevercPhaseFrame *Frame, BorrowedHandles *Borrowed)
      : H(H), P(P), R(R), T(T), Frame(Frame), Borrowed(Borrowed) {}

  Host *H;
  const PhaseInfo *P;
  const PhaseRequest *R;
  Task *T;
  const NevercPhaseFrame *Frame;
  BorrowedHandles *Borrowed; ///< where the built-in's output handle goes
  /// What the last InvokeNext produced, written in place by the rest of the
  /// chain; each InvokeNext resets it, and only an interceptor's CONTINUE
  /// (which requires an InvokeNext) reads it.
  NevercPhaseResult Downstream;
  /// The thread running the chain (set when the phase has interceptors):
  /// every continuation of the run belongs to it, so it is asked for once.
  ThreadToken Thread = 0;
  void *BuiltinPayload = nullptr; ///< what the built-in step produced
  bool BuiltinRan = false;
};

/// Grants the C slot implementations access to host internals.
struct HostAccess {
  static Plugin &plugin(void *Context) { return *static_cast<Plugin *>(Context); }
  static Host &host(Plugin &P) { return *P.Owner; }
  static void fillCoreTable(NevercCoreAPI &Core);
  static const NevercRegistrarAPI *registrar();
  static bool isRegistering(Plugin &P) { return P.Registering; }
  static void countPluginError(Host &H) { ++H.PluginErrors; }
  static HandleTable<uint32_t> &processDiagnostics(Host &H) {
    return H.ProcessDiagnostics;
  }
  static void *sessionState(Session &S, uint32_t I) {
    return I < S.PluginState.size() ? S.PluginState[I] : nullptr;
  }
  static void *taskState(Task &T, uint32_t I) {
    return I < T.PluginState.size() ? T.PluginState[I] : nullptr;
  }
  static uint32_t index(Plugin &P) { return P.Index; }
  static const ScopeOracle &scopes(const Host &H) { return H; }
  static void account(Plugin &P, int64_t Delta) {
    if (Delta > 0)
      P.BytesTotal.fetch_add(uint64_t(Delta), std::memory_order_relaxed);
    uint64_t Now = P.BytesLive.fetch_add(uint64_t(Delta)) + uint64_t(Delta);
    uint64_t Peak = P.BytesPeak.load();
    while (Now > Peak && !P.BytesPeak.compare_exchange_weak(Peak, Now)) {
    }
  }
  static std::vector<NevercObserverDescriptor> &pendingObservers(Plugin &P) {
    return P.PendingObservers;
  }
  static std::vector<NevercInterceptorDescriptor> &
  pendingInterceptors(Plugin &P) {
    return P.PendingInterceptors;
  }
  static std::vector<Plugin::PendingProvider> &pendingProviders(Plugin &P) {
    return P.PendingProviders;
  }
};

/// Sets the role domain slots consult (Task::role) for the callbacks run in
/// its scope and puts the previous one back: callbacks nest (an observer
/// may run a phase whose interceptor runs...). A list of callbacks of one
/// role shares one scope: saving and restoring around each one would chain
/// every call to the previous one through memory.
struct Host::RoleScope {
  RoleScope(Task *T, CallbackRole Role) : T(T) {
    if (T) {
      Saved = T->Role;
      T->Role = Role;
    }
  }
  ~RoleScope() {
    if (T)
      T->Role = Saved;
  }
  RoleScope(const RoleScope &) = delete;
  RoleScope &operator=(const RoleScope &) = delete;

  Task *T;
  CallbackRole Saved = CallbackRole::None;
};

/// Every call into plugin code goes through here: the role domain slots
/// consult, then enterPlugin.
template <typename Fn>
[[gnu::always_inline]] inline NevercStatus
Host::callPlugin(Plugin &P, Task *T, CallbackRole Role, Fn &&F,
                 const PhaseInfo *Phase) {
  RoleScope InRole(T, Role);
  if (__builtin_expect(Config.Probe != nullptr, 0)) {
    Config.Probe->callbackBegin(P, Phase, Role);
    NevercStatus S = enterPlugin(P, T, std::forward<Fn>(F));
    Config.Probe->callbackEnd(P, Phase, Role);
    return S;
  }
  return enterPlugin(P, T, std::forward<Fn>(F));
}

/// Reentrancy (H27), the concurrency model when the host runs tasks on
/// several threads, and no exception crossing back (H37); the caller has set
/// the role.
///
/// Most calls have nothing to enforce beyond the exception barrier (a
/// single-threaded host, or a THREAD_SAFE plugin, that allows reentrancy):
/// that path is a test around the callback and is always inlined, since a
/// call of its own would cost about as much as the work. The rest goes
/// through callGuarded.
template <typename Fn>
[[gnu::always_inline]] inline NevercStatus Host::enterPlugin(Plugin &P, Task *T,
                                                             Fn &&F) {
  if (P.Guarded)
    return callGuarded(P, T, F);
  try {
    return F();
  } catch (...) {
    return makeStatus(NEVERC_STATUS_PLUGIN_EXCEPTION);
  }
}

// F by value: the caller's closure then only has to exist in memory on this
// path, not on the inlined one.
template <typename Fn>
NevercStatus Host::callGuarded(Plugin &P, Task *T, Fn F) {
  const bool Tracked = P.Reentrancy == NEVERC_REENTRANCY_NONE;
  std::thread::id Self;
  // Relaxed: the thread ID is only ever compared with the reader's own, and
  // a thread always sees its own last store; a sequentially consistent
  // store would be a locked exchange on every call into such a plugin.
  if (Tracked) {
    Self = std::this_thread::get_id();
    if (P.ActiveDepth && P.ActiveThread.load(std::memory_order_relaxed) == Self)
      return makeStatus(NEVERC_STATUS_REENTRANCY_DENIED);
  }
  std::unique_lock<std::recursive_mutex> Lock;
  if (P.Serialized)
    Lock = serialize(P, T);
  if (Tracked) {
    P.ActiveThread.store(Self, std::memory_order_relaxed);
    ++P.ActiveDepth;
  }
  NevercStatus S;
  try {
    S = F();
  } catch (...) {
    S = makeStatus(NEVERC_STATUS_PLUGIN_EXCEPTION);
  }
  if (Tracked)
    --P.ActiveDepth;
  return S;
}

/// Calls a plugin's DestroyUserData; an escaping exception is reported and
/// swallowed so teardown continues (H37).
void destroyUserData(NevercDestroyUserDataFn Destroy, void *UserData, Host &H,
                     const Plugin *Owner);

/// The canonical-name rule for provider IDs.
bool isCanonicalProviderID(std::string_view ID);

} // namespace neverc::core

#endif
