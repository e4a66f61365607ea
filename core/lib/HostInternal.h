//===- HostInternal.h - Pieces shared by the host's .cpp files -*- C++ -*-===//
#ifndef NEVERC_CORE_LIB_HOSTINTERNAL_H
#define NEVERC_CORE_LIB_HOSTINTERNAL_H

#include "neverc/core/Host.h"

#include <cstring>

namespace neverc::core {

/// Live state of one interceptor's continuation.
struct Host::ContinuationRecord {
  NevercPhaseContinuation C{};
  ChainRun *Chain = nullptr;
  size_t Next = 0;
  std::thread::id Thread;
  uint64_t Generation = 0;
  bool Live = false;
  bool Invoked = false;
};

struct Host::ChainRun {
  Host *H;
  PhaseInfo *P;
  const PhaseRequest *R;
  Task *T;
  NevercPhaseFrame Frame;
  NevercPhaseResult Downstream; ///< what the last InvokeNext produced
  NevercArtifactHandle BuiltinOutput; ///< dropped when the run ends
  void *BuiltinPayload = nullptr;     ///< what the built-in step produced
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

/// Every call into plugin code goes through here: reentrancy (H27), the
/// concurrency model when the host runs tasks on several threads, the role
/// domain slots consult, and no exception crossing back (H37).
template <typename Fn>
NevercStatus Host::callPlugin(Plugin &P, Task *T, CallbackRole Role, Fn &&F) {
  const bool Tracked = P.Reentrancy == NEVERC_REENTRANCY_NONE;
  std::thread::id Self;
  if (Tracked) {
    Self = std::this_thread::get_id();
    if (P.ActiveDepth && P.ActiveThread.load() == Self)
      return makeStatus(NEVERC_STATUS_REENTRANCY_DENIED);
  }
  std::unique_lock<std::recursive_mutex> Lock;
  if (Config.Concurrent && P.Concurrency != NEVERC_CONCURRENCY_THREAD_SAFE) {
    std::recursive_mutex *M = P.Lock.get();
    if (P.Concurrency == NEVERC_CONCURRENCY_SESSION_SERIAL && T)
      M = T->Owner->SerialLocks[P.Index].get();
    Lock = std::unique_lock<std::recursive_mutex>(*M);
  }
  if (Tracked) {
    P.ActiveThread.store(Self);
    ++P.ActiveDepth;
  }
  CallbackRole Saved = CallbackRole::None;
  if (T) {
    Saved = T->Role;
    T->Role = Role;
  }
  NevercStatus S;
  try {
    S = F();
  } catch (...) {
    S = makeStatus(NEVERC_STATUS_PLUGIN_EXCEPTION);
  }
  if (T)
    T->Role = Saved;
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
