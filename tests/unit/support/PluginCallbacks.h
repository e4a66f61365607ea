//===- PluginCallbacks.h - Phase callback plumbing for tests ---*- C++ -*-===//
//
// Shared by the core, driver, prep and source unit suites, which all build
// in-process plugins the same way. Phase callbacks cross the C ABI as a
// function pointer plus UserData; the trampolines here take UserData to be
// a std::function the test owns, so a test can register a capturing lambda.
// The descriptor helpers fill only what every suite fills identically;
// callers adjust the rest (Points, FallbackSafe, lifecycle slots) on the
// returned value.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_TESTS_SUPPORT_PLUGINCALLBACKS_H
#define NEVERC_TESTS_SUPPORT_PLUGINCALLBACKS_H

#include "neverc/Plugin/PluginCore.h"

#include <algorithm>
#include <cstring>
#include <functional>

namespace neverc::testsupport {

using ObserverFn =
    std::function<NevercStatus(const NevercPhaseFrame *, NevercObserverPoint)>;
using InterceptorFn = std::function<NevercStatus(
    const NevercPhaseFrame *, NevercPhaseContinuation *, NevercPhaseResult *)>;
using ProviderFn =
    std::function<NevercStatus(const NevercPhaseFrame *, NevercPhaseResult *)>;

inline NevercStatus NEVERC_CALL observerTramp(const NevercPhaseFrame *F,
                                              NevercObserverPoint P, void *UD) {
  return (*static_cast<ObserverFn *>(UD))(F, P);
}
inline NevercStatus NEVERC_CALL interceptorTramp(const NevercPhaseFrame *F,
                                                 NevercPhaseContinuation *C,
                                                 NevercPhaseResult *R,
                                                 void *UD) {
  return (*static_cast<InterceptorFn *>(UD))(F, C, R);
}
inline NevercStatus NEVERC_CALL providerTramp(const NevercPhaseFrame *F,
                                              NevercPhaseResult *R, void *UD) {
  return (*static_cast<ProviderFn *>(UD))(F, R);
}

inline NevercStringView stringView(const char *S) {
  return NevercStringView{S, std::strlen(S)};
}

/// Fn may be null when the caller installs its own Callback afterwards.
inline NevercObserverDescriptor observerDescriptor(NevercInterfaceID Phase,
                                                   ObserverFn *Fn,
                                                   NevercObserverPoint Points) {
  NevercObserverDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Phase = Phase;
  D.Points = Points;
  D.Callback = observerTramp;
  D.UserData = Fn;
  return D;
}

inline NevercInterceptorDescriptor
interceptorDescriptor(NevercInterfaceID Phase, InterceptorFn *Fn) {
  NevercInterceptorDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Phase = Phase;
  D.Callback = interceptorTramp;
  D.UserData = Fn;
  return D;
}

/// ProviderID must outlive registration (string literals in practice).
inline NevercProviderDescriptor providerDescriptor(NevercInterfaceID Phase,
                                                   const char *ProviderID,
                                                   ProviderFn *Fn) {
  NevercProviderDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Phase = Phase;
  D.ProviderID = stringView(ProviderID);
  D.Route.Header = {sizeof(NevercPhaseRoute), NEVERC_PLUGIN_ABI_MAJOR,
                    NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Callback = providerTramp;
  D.UserData = Fn;
  return D;
}

/// A session-serial, reentrant plugin at version 1.0.0 with no lifecycle
/// callbacks besides Register.
inline NevercPluginDescriptor
pluginDescriptor(NevercStringView PluginID, NevercStringView DisplayName,
                 NevercRegisterPluginFn Register) {
  NevercPluginDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.PluginID = PluginID;
  D.DisplayName = DisplayName;
  D.Version = {1, 0, 0, 0, {}, {}};
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.Register = Register;
  return D;
}

/// The entry-point contract: write no more than the host's capacity, then
/// report the full size produced.
inline void writePluginDescriptor(NevercPluginDescriptor *Out,
                                  const NevercPluginDescriptor &D) {
  std::memcpy(Out, &D, std::min<size_t>(Out->Header.StructSize, sizeof D));
  Out->Header.StructSize = sizeof D;
}

} // namespace neverc::testsupport

#endif // NEVERC_TESTS_SUPPORT_PLUGINCALLBACKS_H
