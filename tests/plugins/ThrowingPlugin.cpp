//===- ThrowingPlugin.cpp - A C++ plugin whose callbacks throw ----------===//
//
// Compiled once per -DTHROW_IN_<WHERE>: the named callback throws a C++
// exception through the C ABI boundary. The host must catch it and turn it
// into NEVERC_STATUS_PLUGIN_EXCEPTION (core.md §13 rule 4, H37), never let
// it unwind further. Used by tests/unit/core/MisbehaveTest.cpp.
//
// Every other callback is well behaved, so a failure can only come from the
// one that throws. Markers follow MisbehavePlugin.c ("mb-..." notes).
//
//===----------------------------------------------------------------------===//
#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginPhaseSchema.h"

#include <cstring>
#include <stdexcept>
#include <string>

#ifndef MB_CASE_NAME
#define MB_CASE_NAME throw_unnamed
#endif
#define MB_STR2(x) #x
#define MB_STR(x) MB_STR2(x)
#define MB_PLUGIN_ID "org.neverc.test.mb." MB_STR(MB_CASE_NAME)

namespace {

struct PluginError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void boom(const char *Where) {
  throw PluginError(std::string("thrown from ") + Where);
}

NevercStringView sv(const char *S) { return {S, std::strlen(S)}; }

NevercABITableHeader header(uint32_t Size) {
  return {Size, NEVERC_CORE_API_MAJOR, NEVERC_CORE_API_MINOR, 0};
}

void note(const NevercCoreAPI *Core, const char *Text) {
  NevercDiagnosticDescriptor D{};
  D.Header = header(sizeof D);
  D.Severity = NEVERC_DIAGNOSTIC_NOTE;
  D.PluginID = sv(MB_PLUGIN_ID);
  D.Message = sv(Text);
  Core->EmitDiagnostic(Core->Context, &D, nullptr);
}

struct Process {
  const NevercCoreAPI *Core = nullptr;
};

constexpr NevercInterfaceID RawArguments = {
    NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_HIGH,
    NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_LOW};
constexpr NevercInterfaceID Token = {NEVERC_PHASE_PREP_TOKEN_HIGH,
                                     NEVERC_PHASE_PREP_TOKEN_LOW};

NevercStatus NEVERC_CALL observer(const NevercPhaseFrame *, NevercObserverPoint,
                                  void *) {
#if defined(THROW_IN_OBSERVER)
  boom("observer");
#endif
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL interceptor(const NevercPhaseFrame *Frame,
                                     NevercPhaseContinuation *C,
                                     NevercPhaseResult *Out, void *) {
#if defined(THROW_IN_INTERCEPTOR)
  boom("interceptor");
#endif
#if defined(THROW_AFTER_INVOKE_NEXT)
  NevercPhaseResult Next{};
  Next.Header = header(sizeof Next);
  C->InvokeNext(C, Frame, &Next);
  boom("interceptor after InvokeNext");
#endif
  NevercPhaseResult Next2{};
  Next2.Header = header(sizeof Next2);
  NevercStatus S = C->InvokeNext(C, Frame, &Next2);
  Out->Action = NEVERC_PHASE_CONTINUE;
  return S;
}

NevercStatus NEVERC_CALL provider(const NevercPhaseFrame *Frame,
                                  NevercPhaseResult *Out, void *) {
#if defined(THROW_IN_PROVIDER)
  boom("provider");
#endif
  Out->Action = NEVERC_PHASE_REPLACE;
  Out->Output = Frame->Input;
  return neverc_status_ok();
}

void NEVERC_CALL destroyUserData(void *UserData) {
  (void)UserData;
#if defined(THROW_IN_DESTROY_USERDATA)
  boom("DestroyUserData");
#endif
}

NevercStatus NEVERC_CALL processBegin(const NevercCoreAPI *Core,
                                      void **OutState) {
  auto *P = new Process;
  P->Core = Core;
  *OutState = P;
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                        const NevercRegistrarAPI *Registrar,
                                        void *Context, void *State) {
  (void)Core;
  (void)State;
#if defined(THROW_IN_REGISTER)
  boom("Register");
#endif
  NevercObserverDescriptor O{};
  O.Header = header(sizeof O);
  O.Phase = RawArguments;
  O.Points = NEVERC_OBSERVER_BEFORE;
  O.Callback = observer;
  O.UserData = State;
  O.DestroyUserData = destroyUserData;
  NevercStatus S = Registrar->RegisterObserver(Context, &O);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  NevercInterceptorDescriptor I{};
  I.Header = header(sizeof I);
  I.Phase = RawArguments;
  I.Callback = interceptor;
  S = Registrar->RegisterInterceptor(Context, &I);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  NevercProviderDescriptor Pr{};
  Pr.Header = header(sizeof Pr);
  Pr.Phase = Token;
  Pr.ProviderID = sv("org.neverc.test.throwing");
  Pr.Route.Header = header(sizeof Pr.Route);
  Pr.Callback = provider;
  return Registrar->RegisterProvider(Context, &Pr);
}

NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *,
                                      NevercSessionHandle, void *,
                                      void **OutState) {
#if defined(THROW_IN_SESSION_BEGIN)
  boom("SessionBegin");
#endif
  *OutState = nullptr;
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *Core, NevercTaskHandle,
                                 NevercTaskKind, void *, void *, void *) {
  (void)Core;
#if defined(THROW_IN_TASK_END)
  boom("TaskEnd");
#endif
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL destroy(const NevercCoreAPI *Core, void *State) {
  auto *P = static_cast<Process *>(State);
  note(Core, "mb-throwing-destroy");
  delete P;
  return neverc_status_ok();
}

} // namespace

extern "C" NEVERC_EXPORT NevercStatus NEVERC_CALL neverc_plugin_entry(
    const NevercBootstrapAPI *Bootstrap, NevercPluginDescriptor *OutPlugin) {
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return {NEVERC_STATUS_INVALID_ARGUMENT, 0, 0};
#if defined(THROW_IN_ENTRY)
  boom("neverc_plugin_entry");
#endif
  NevercPluginDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.PluginID = sv(MB_PLUGIN_ID);
  D.DisplayName = sv("throwing plugin");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = processBegin;
  D.Register = registerPlugin;
  D.SessionBegin = sessionBegin;
  D.TaskEnd = taskEnd;
  D.Destroy = destroy;
  uint32_t Capacity = OutPlugin->Header.StructSize;
  std::memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
