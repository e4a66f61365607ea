//===- CoreAPI.cpp - The C core table and the registrar -------------------===//
//
// Every slot here is reachable from plugin code: none may let a C++
// exception escape (H37), so each body is wrapped in guard().
//
//===----------------------------------------------------------------------===//
#include "HostInternal.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace neverc::core {

namespace {

template <typename Fn> NevercStatus guard(Fn &&F) noexcept {
  try {
    return F();
  } catch (const std::bad_alloc &) {
    return makeStatus(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  } catch (...) {
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  }
}

Plugin *pluginOf(void *Context) { return static_cast<Plugin *>(Context); }

bool isPowerOfTwo(uint64_t V) { return V && !(V & (V - 1)); }

constexpr uint64_t MaxAllocation = uint64_t(1) << 40;

//===--- Allocation -------------------------------------------------------===//

NevercStatus NEVERC_CALL allocate(void *Context, uint64_t Size,
                                  uint64_t Alignment, void **Out) {
  return guard([&] {
    if (!Context || !Out)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = nullptr;
    if (!isPowerOfTwo(Alignment) || Alignment > 4096)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    if (Size == 0)
      return okStatus();
    Plugin &P = *pluginOf(Context);
    Host &H = HostAccess::host(P);
    uint64_t Budget = H.config().AllocationBudget;
    if (Size > MaxAllocation || (Budget && P.bytesAllocated() + Size > Budget))
      return makeStatus(NEVERC_STATUS_RESOURCE_EXHAUSTED);
    void *Mem = ::operator new(Size, std::align_val_t(Alignment), std::nothrow);
    if (!Mem)
      return makeStatus(NEVERC_STATUS_RESOURCE_EXHAUSTED);
    HostAccess::account(P, int64_t(Size));
    *Out = Mem;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL deallocate(void *Context, void *Pointer, uint64_t Size,
                                    uint64_t Alignment) {
  return guard([&] {
    if (!Context)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    if (!Pointer)
      return okStatus();
    if (!isPowerOfTwo(Alignment) || Alignment > 4096)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    Plugin &P = *pluginOf(Context);
    if (Size > P.bytesAllocated())
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    ::operator delete(Pointer, std::align_val_t(Alignment));
    HostAccess::account(P, -int64_t(Size));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL reallocate(void *Context, void *Pointer,
                                    uint64_t OldSize, uint64_t NewSize,
                                    uint64_t Alignment, void **Out) {
  return guard([&] {
    if (!Context || !Out)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    if (!Pointer)
      return allocate(Context, NewSize, Alignment, Out);
    if (NewSize == 0) {
      NevercStatus S = deallocate(Context, Pointer, OldSize, Alignment);
      if (isOk(S))
        *Out = nullptr;
      return S;
    }
    void *Fresh = nullptr;
    NevercStatus S = allocate(Context, NewSize, Alignment, &Fresh);
    if (!isOk(S)) {
      *Out = nullptr; // the old block stays valid
      return S;
    }
    std::memcpy(Fresh, Pointer, std::min(OldSize, NewSize));
    deallocate(Context, Pointer, OldSize, Alignment);
    *Out = Fresh;
    return okStatus();
  });
}

//===--- Diagnostics ------------------------------------------------------===//

NevercStatus NEVERC_CALL emitDiagnostic(void *Context,
                                        const NevercDiagnosticDescriptor *D,
                                        NevercDiagnosticHandle *Out) {
  return guard([&] {
    if (Out)
      *Out = NevercHandle{0, 0};
    if (!Context || !D)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    constexpr uint32_t Min = offsetof(NevercDiagnosticDescriptor, Message) +
                             sizeof(NevercStringView);
    if (D->Header.StructSize < Min ||
        D->Header.Major != NEVERC_PLUGIN_ABI_MAJOR ||
        D->Severity > NEVERC_DIAGNOSTIC_FATAL || !D->Message.Data ||
        D->Message.Length == 0)
      return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
    Plugin &P = *pluginOf(Context);
    Host &H = HostAccess::host(P);
    Diagnostic Diag;
    Diag.Severity = D->Severity;
    Diag.Code = D->Code;
    // Attribution is the host's: the caller is who the context says.
    Diag.PluginID = std::string(P.id());
    Diag.Message = std::string(view(D->Message));
    if (NEVERC_ABI_FIELD_AVAILABLE(D, NevercDiagnosticDescriptor, PhaseID))
      Diag.Phase = std::string(view(D->PhaseID));
    if (NEVERC_ABI_FIELD_AVAILABLE(D, NevercDiagnosticDescriptor, Notes) &&
        D->Notes.Count) {
      const NevercStructArrayView &N = D->Notes;
      if (!N.Data || N.Count > 256 ||
          N.ElementStride < sizeof(NevercDiagnosticNote))
        return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
      for (uint64_t I = 0; I < N.Count; ++I) {
        auto *Note = reinterpret_cast<const NevercDiagnosticNote *>(
            static_cast<const char *>(N.Data) + I * N.ElementStride);
        Diag.Notes.emplace_back(view(Note->Message));
      }
    }
    if (NEVERC_ABI_FIELD_AVAILABLE(D, NevercDiagnosticDescriptor, Location))
      Diag.Location = D->Location;
    if (NEVERC_ABI_FIELD_AVAILABLE(D, NevercDiagnosticDescriptor, Ranges) &&
        D->Ranges.Count) {
      const NevercStructArrayView &R = D->Ranges;
      if (!R.Data || R.Count > 256 ||
          (R.ElementStride && R.ElementStride < sizeof(NevercSourceRangeHandle)))
        return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
      uint64_t Stride =
          R.ElementStride ? R.ElementStride : sizeof(NevercSourceRangeHandle);
      for (uint64_t I = 0; I < R.Count; ++I) {
        NevercSourceRangeHandle H;
        std::memcpy(&H, static_cast<const char *>(R.Data) + I * Stride,
                    sizeof H);
        Diag.Ranges.push_back(H);
      }
    }
    // Fix-it handles come from NevercFixItAPI (the AST domain); every one
    // must be live, or nothing is reported.
    if (NEVERC_ABI_FIELD_AVAILABLE(D, NevercDiagnosticDescriptor, FixIts) &&
        D->FixIts.Count) {
      const NevercStructArrayView &F = D->FixIts;
      if (!F.Data || F.Count > 256 ||
          (F.ElementStride && F.ElementStride < sizeof(NevercFixItHandle)))
        return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
      uint64_t Stride =
          F.ElementStride ? F.ElementStride : sizeof(NevercFixItHandle);
      for (uint64_t I = 0; I < F.Count; ++I) {
        NevercFixItHandle Fx;
        std::memcpy(&Fx, static_cast<const char *>(F.Data) + I * Stride,
                    sizeof Fx);
        if (!H.fixItLive(Fx))
          return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
        Diag.FixIts.push_back(Fx);
      }
    }
    H.diagnostics().report(Diag);
    if (D->Severity >= NEVERC_DIAGNOSTIC_ERROR)
      HostAccess::countPluginError(H);
    if (Out)
      *Out = HostAccess::processDiagnostics(H).insert(0);
    return okStatus();
  });
}

//===--- Negotiation, cancellation, state, options
//-------------------------===//

NevercStatus NEVERC_CALL queryInterface(void *Context, NevercInterfaceID ID,
                                        uint16_t Major, uint16_t MinimumMinor,
                                        const void **OutTable,
                                        uint16_t *OutMinor, uint64_t *OutSize) {
  return guard([&] {
    if (!Context)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    Plugin &P = *pluginOf(Context);
    NevercStatus S = HostAccess::host(P).interfaces().query(
        ID, Major, MinimumMinor, OutTable, OutMinor, OutSize);
    // The core table's Context names its caller, so each plugin gets its
    // own copy rather than the registry's context-less template.
    if (isOk(S) && ID == NevercInterfaceID{NEVERC_INTERFACE_CORE_HIGH,
                                           NEVERC_INTERFACE_CORE_LOW})
      *OutTable = P.core();
    return S;
  });
}

NevercStatus NEVERC_CALL checkCancelled(void *Context, NevercTaskHandle Task_) {
  return guard([&] {
    if (!Context)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    Host &H = HostAccess::host(*pluginOf(Context));
    Task *T = nullptr;
    NevercStatus S = H.resolveTask(Task_, &T);
    if (!isOk(S))
      return S;
    return T->cancelled() ? makeStatus(NEVERC_STATUS_CANCELLED) : okStatus();
  });
}

/// GetSessionState and GetTaskState: resolve the scope handle, then the
/// plugin whose state is asked for.
template <typename Scope, typename Handle>
NevercStatus getState(void *Context, Handle H, NevercStringView PluginID,
                      void **Out,
                      NevercStatus (Host::*Resolve)(Handle, Scope **) const,
                      void *(*StateOf)(Scope &, uint32_t)) {
  return guard([&] {
    if (!Context || !Out)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = nullptr;
    Host &Hst = HostAccess::host(*pluginOf(Context));
    Scope *S = nullptr;
    NevercStatus St = (Hst.*Resolve)(H, &S);
    if (!isOk(St))
      return St;
    // A plugin asking for its own state is the common case (an observer
    // may ask on every callback): its own ID first, then the list.
    Plugin &Caller = *pluginOf(Context);
    Plugin *Target = view(PluginID) == Caller.id()
                         ? &Caller
                         : Hst.findPlugin(view(PluginID));
    if (!Target)
      return makeStatus(NEVERC_STATUS_NOT_FOUND);
    *Out = StateOf(*S, HostAccess::index(*Target));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getSessionState(void *Context,
                                         NevercSessionHandle Session_,
                                         NevercStringView PluginID,
                                         void **Out) {
  return getState<Session>(Context, Session_, PluginID, Out,
                           &Host::resolveSession, &HostAccess::sessionState);
}

NevercStatus NEVERC_CALL getTaskState(void *Context, NevercTaskHandle Task_,
                                      NevercStringView PluginID, void **Out) {
  return getState<Task>(Context, Task_, PluginID, Out, &Host::resolveTask,
                        &HostAccess::taskState);
}

NevercStatus lookupOption(void *Context, NevercSessionHandle Session_,
                          NevercStringView PluginID, NevercStringView Spelling,
                          const std::vector<std::string> **Values) {
  *Values = nullptr;
  if (!Context)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  Host &H = HostAccess::host(*pluginOf(Context));
  Session *S = nullptr;
  NevercStatus St = H.resolveSession(Session_, &S);
  if (!isOk(St))
    return St;
  const OptionSpec *Spec =
      H.options().byPluginKey(view(PluginID), view(Spelling));
  if (!Spec)
    return makeStatus(NEVERC_STATUS_NOT_FOUND);
  *Values = S->optionValues().get(Spec->PluginID, Spec->Spelling);
  return okStatus();
}

NevercStatus NEVERC_CALL getPluginOptionValueCount(void *Context,
                                                   NevercSessionHandle Session_,
                                                   NevercStringView PluginID,
                                                   NevercStringView Spelling,
                                                   uint64_t *OutCount) {
  return guard([&] {
    if (!OutCount)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    *OutCount = 0;
    const std::vector<std::string> *V;
    NevercStatus S = lookupOption(Context, Session_, PluginID, Spelling, &V);
    if (isOk(S) && V)
      *OutCount = V->size();
    return S;
  });
}

NevercStatus NEVERC_CALL getPluginOptionValue(
    void *Context, NevercSessionHandle Session_, NevercStringView PluginID,
    NevercStringView Spelling, uint64_t Index, NevercStringView *OutValue) {
  return guard([&] {
    if (!OutValue)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    *OutValue = NevercStringView{nullptr, 0};
    const std::vector<std::string> *V;
    NevercStatus S = lookupOption(Context, Session_, PluginID, Spelling, &V);
    if (!isOk(S))
      return S;
    if (!V || Index >= V->size())
      return makeStatus(NEVERC_STATUS_NOT_FOUND);
    *OutValue = cview((*V)[Index]);
    return okStatus();
  });
}

//===--- Registrar --------------------------------------------------------===//

/// Common front of every registrar slot: the caller must be inside its own
/// Register callback.
NevercStatus registering(void *Registrar, Plugin *&P) {
  if (!Registrar)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  P = pluginOf(Registrar);
  if (!HostAccess::isRegistering(*P))
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  return okStatus();
}

/// The shared front of the descriptor-taking registrar slots: inside the
/// caller's Register (else INVALID_STATE), a descriptor (else
/// INVALID_ARGUMENT), no exception out.
template <typename Desc, typename Fn>
NevercStatus registrarCall(void *Registrar, const Desc *D, Fn &&F) {
  return guard([&] {
    Plugin *P;
    NevercStatus S = registering(Registrar, P);
    if (!isOk(S))
      return S;
    if (!D)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    return F(*P, *D);
  });
}

bool headerOk(const NevercABITableHeader &H, size_t Size) {
  return H.StructSize >= Size && H.Major == NEVERC_PLUGIN_ABI_MAJOR;
}

NevercStatus NEVERC_CALL registerObserver(void *Registrar,
                                          const NevercObserverDescriptor *D) {
  return registrarCall(
      Registrar, D, [&](Plugin &Owner, const NevercObserverDescriptor &) {
        Plugin *P = &Owner;
        if (!headerOk(D->Header, sizeof(*D)) || isZero(D->Phase) ||
            D->Points == 0 || (D->Points & ~uint32_t(7)) || !D->Callback)
          return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
        HostAccess::pendingObservers(*P).push_back(*D);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL
registerInterceptor(void *Registrar, const NevercInterceptorDescriptor *D) {
  return registrarCall(Registrar, D,
                       [&](Plugin &Owner, const NevercInterceptorDescriptor &) {
                         Plugin *P = &Owner;
                         if (!headerOk(D->Header, sizeof(*D)) ||
                             isZero(D->Phase) || !D->Callback)
                           return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
                         HostAccess::pendingInterceptors(*P).push_back(*D);
                         return okStatus();
                       });
}

NevercStatus NEVERC_CALL registerProvider(void *Registrar,
                                          const NevercProviderDescriptor *D) {
  return registrarCall(
      Registrar, D, [&](Plugin &Owner, const NevercProviderDescriptor &) {
        Plugin *P = &Owner;
        if (!headerOk(D->Header, sizeof(*D)) || isZero(D->Phase) ||
            !D->Callback ||
            !headerOk(D->Route.Header, sizeof(NevercPhaseRoute)) ||
            !isCanonicalProviderID(view(D->ProviderID)))
          return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
        auto &Pending = HostAccess::pendingProviders(*P);
        for (auto &Other : Pending)
          if (Other.D.Phase == D->Phase &&
              Other.R.ProviderID == view(D->ProviderID))
            return makeStatus(NEVERC_STATUS_DUPLICATE_ID);
        ProviderRegistration R;
        R.Callback = D->Callback;
        R.UserData = D->UserData;
        R.Owner = P;
        R.ProviderID = std::string(view(D->ProviderID));
        R.Triple = std::string(view(D->Route.TargetTriple));
        R.CPU = std::string(view(D->Route.CPU));
        R.Features = std::string(view(D->Route.Features));
        R.ObjectFormat = std::string(view(D->Route.ObjectFormat));
        R.ExecutionLevel = D->Route.ExecutionLevel;
        R.Deterministic = D->Deterministic != 0;
        R.Cacheable = D->Cacheable != 0;
        R.FallbackSafe = D->FallbackSafe != 0;
        Pending.push_back({*D, std::move(R)});
        return okStatus();
      });
}

NevercStatus NEVERC_CALL registerPhase(void *Registrar,
                                       const NevercPhaseDescriptor *D) {
  return registrarCall(
      Registrar, D, [&](Plugin &Owner, const NevercPhaseDescriptor &) {
        Plugin *P = &Owner;
        if (!headerOk(D->Header, sizeof(*D)))
          return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
        return HostAccess::host(*P).phases().addPluginPhase(*D, P);
      });
}

NevercStatus NEVERC_CALL registerOption(void *Registrar,
                                        const NevercOptionDescriptor *D) {
  return guard([&] {
    Plugin *P;
    NevercStatus S = registering(Registrar, P);
    if (!isOk(S))
      return S;
    OptionSpec Spec;
    S = readOptionDescriptor(D, P->id(), Spec);
    if (!isOk(S))
      return S;
    return HostAccess::host(*P).options().add(std::move(Spec));
  });
}

NevercStatus NEVERC_CALL registerInterface(void *Registrar,
                                           NevercInterfaceID ID,
                                           NevercInterfaceStability Stability,
                                           const void *Table,
                                           const NevercCompatibilityKey *Key) {
  return guard([&] {
    Plugin *P;
    NevercStatus S = registering(Registrar, P);
    if (!isOk(S))
      return S;
    if (!Table)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    if (isZero(ID) || Stability > NEVERC_INTERFACE_LOCKSTEP)
      return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
    // A published table starts with its own header: size and version.
    NevercABITableHeader TH;
    std::memcpy(&TH, Table, sizeof(TH));
    if (TH.StructSize < sizeof(NevercABITableHeader))
      return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
    PublishedInterface E;
    E.Table = Table;
    E.Major = TH.Major;
    E.Minor = TH.Minor;
    E.TableSize = TH.StructSize;
    E.Stability = Stability;
    E.Owner = std::string(P->id());
    if (Stability == NEVERC_INTERFACE_LOCKSTEP) {
      if (!Key || !headerOk(Key->Header, sizeof(*Key)) ||
          view(Key->ProducerBuildID).empty() ||
          view(Key->TargetABIKey).empty() || Key->LLVMMajor == 0)
        return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
      E.ProducerBuildID = std::string(view(Key->ProducerBuildID));
      E.TargetABIKey = std::string(view(Key->TargetABIKey));
      E.LLVMMajor = Key->LLVMMajor;
    }
    return HostAccess::host(*P).interfaces().publish(ID, std::move(E));
  });
}

constexpr NevercRegistrarAPI RegistrarTable = {
    {sizeof(NevercRegistrarAPI), NEVERC_PLUGIN_ABI_MAJOR,
     NEVERC_PLUGIN_ABI_MINOR, 0},
    registerInterface,
    registerPhase,
    registerObserver,
    registerInterceptor,
    registerProvider,
    registerOption,
};

} // namespace

bool isCanonicalProviderID(std::string_view ID) {
  if (ID.empty() || ID.size() > 255 || ID.front() == '.' || ID.back() == '.' ||
      ID.find("..") != std::string_view::npos)
    return false;
  return std::all_of(ID.begin(), ID.end(), [](char C) {
    return (C >= 'a' && C <= 'z') || (C >= '0' && C <= '9') || C == '.' ||
           C == '_' || C == '-';
  });
}

void HostAccess::fillCoreTable(NevercCoreAPI &Core) {
  Core = {};
  Core.Header = {sizeof(NevercCoreAPI), NEVERC_CORE_API_MAJOR,
                 NEVERC_CORE_API_MINOR, 0};
  Core.Allocate = allocate;
  Core.Reallocate = reallocate;
  Core.Deallocate = deallocate;
  Core.EmitDiagnostic = emitDiagnostic;
  Core.QueryInterface = queryInterface;
  Core.CheckCancelled = checkCancelled;
  Core.GetSessionState = getSessionState;
  Core.GetTaskState = getTaskState;
  Core.GetPluginOptionValueCount = getPluginOptionValueCount;
  Core.GetPluginOptionValue = getPluginOptionValue;
}

const NevercRegistrarAPI *HostAccess::registrar() { return &RegistrarTable; }

} // namespace neverc::core
