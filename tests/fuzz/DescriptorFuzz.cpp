//===- DescriptorFuzz.cpp - neverc-fuzz-descriptor -----------------------===//
//
// libFuzzer target for the plugin boundary. The input bytes are read as a
// little program for up to three in-process plugins:
//
//   host set-up   descriptor capacity, allocation budget, provider choices
//   per plugin    the descriptor its entry writes (header, ID, models,
//                 interface requirements, dependencies, which callbacks are
//                 present and which fail, how many bytes it copies)
//   Register      a sequence of registrar calls (observer, interceptor,
//                 provider, phase, option, interface, NULL descriptors) with
//                 fuzzed headers, IDs, masks and callbacks
//   run           initialize, begin a session, parse a plugin command line,
//                 begin a task, run one or two phases and an event, end
//                 everything, shut down
//   callbacks     observers/interceptors/providers whose behaviour is drawn
//                 from the remaining bytes: InvokeNext 0-2 times, any action,
//                 real or forged Output/Proof handles, core-table calls with
//                 real or forged handles, late registrar calls, kept
//                 continuations used after return
//
// The plugins never hand the host a wild pointer (that would be the
// plugin's bug, not the host's): every string, array and table they pass
// points at storage owned by this harness. Everything else -- sizes, counts
// within that storage, IDs, masks, handles, statuses -- is fuzzed. The host
// must never crash, leak, double-free a UserData or let an exception out.
//
// DestroyUserData frees a heap cell, so ASan/LSan check H32/H33: a refused
// registrar call leaves UserData with the plugin (freed here); an accepted
// one must be destroyed by the host exactly once.
//
//===----------------------------------------------------------------------===//
#include "neverc/Plugin/NevercPluginAPI.h"
#include "neverc/core/Host.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

using namespace neverc::core;

namespace {

//===--- Input stream -----------------------------------------------------===//

class Stream {
public:
  Stream(const uint8_t *Data, size_t Size) : P(Data), N(Size) {}
  size_t left() const { return N; }
  uint8_t u8() {
    if (!N)
      return 0;
    --N;
    return *P++;
  }
  uint16_t u16() { return uint16_t(u8() | (u8() << 8)); }
  uint32_t u32() { return uint32_t(u16()) | (uint32_t(u16()) << 16); }
  uint64_t u64() { return uint64_t(u32()) | (uint64_t(u32()) << 32); }
  bool bit() { return u8() & 1; }
  std::string str(size_t Max) {
    size_t Len = u8();
    if (Len > Max)
      Len = Max;
    if (Len > N)
      Len = N;
    std::string S(reinterpret_cast<const char *>(P), Len);
    P += Len;
    N -= Len;
    return S;
  }

private:
  const uint8_t *P;
  size_t N;
};

//===--- Per-input state
//---------------------------------------------------===//

struct UserDataCell {
  uint32_t Magic = 0x5eedf00d;
  uint8_t Behaviour = 0;
  const NevercCoreAPI *Core = nullptr;
};

struct PluginRT {
  /// Bootstrap->Context seen by the entry. The harness uses it only to pair
  /// later callbacks with this record (it matches Core->Context in our host;
  /// if it did not, records would merely be paired differently).
  void *Key = nullptr;
  std::string ID, Display;
  std::vector<NevercInterfaceRequirement> Required, Optional;
  std::vector<NevercPluginDependency> Deps;
  std::deque<std::string> DepIDs;
  std::string CompatBuild, CompatABI;
  const NevercCoreAPI *Core = nullptr;
  const NevercRegistrarAPI *Registrar = nullptr;
  void *RegistrarContext = nullptr;
  uint8_t FailMask = 0; ///< bit i: lifecycle callback i fails
};

struct State {
  explicit State(const uint8_t *D, size_t S) : In(D, S) {}
  Stream In;
  std::vector<std::unique_ptr<PluginRT>> Plugins;
  size_t NextEntry = 0;
  // Storage the plugins point the host at; lives until the input is done.
  std::deque<std::string> Strings;
  std::deque<std::vector<NevercStringView>> Lists;
  std::deque<std::vector<NevercOptionEnumValue>> Enums;
  std::deque<std::vector<uint8_t>> Tables;
  NevercPhaseContinuation *Kept = nullptr;
  NevercInvokeNextFn KeptFn = nullptr;
  std::vector<NevercHandle> SeenHandles;
};

State *G = nullptr;

class NullSink final : public DiagnosticSink {
public:
  void report(const Diagnostic &) override {}
};

const char *keep(std::string S) {
  G->Strings.push_back(std::move(S));
  return G->Strings.back().c_str();
}

NevercStringView sv(const char *S, size_t Len) { return {S, Len}; }
NevercStringView keptView(std::string S) {
  size_t Len = S.size();
  return sv(keep(std::move(S)), Len);
}

NevercStatus status(NevercStatusCode C, NevercStatusFlags F = 0) {
  return {C, F, 0};
}

//===--- Fuzzed building blocks -------------------------------------------===//

const NevercInterfaceID BuiltinIDs[] = {
#define FUZZ_PHASE_ID(S) {NEVERC_PHASE_##S##_HIGH, NEVERC_PHASE_##S##_LOW},
    NEVERC_FOR_EACH_BUILTIN_PHASE(FUZZ_PHASE_ID)
#undef FUZZ_PHASE_ID
};

const uint64_t FamilyHighs[] = {
    NEVERC_EXTENSION_FAMILY_0_ID_HIGH, NEVERC_EXTENSION_FAMILY_1_ID_HIGH,
    NEVERC_EXTENSION_FAMILY_2_ID_HIGH, NEVERC_EXTENSION_FAMILY_3_ID_HIGH,
    NEVERC_EXTENSION_FAMILY_4_ID_HIGH, NEVERC_EXTENSION_FAMILY_5_ID_HIGH,
    NEVERC_EXTENSION_FAMILY_6_ID_HIGH, NEVERC_EXTENSION_FAMILY_7_ID_HIGH,
};

NevercInterfaceID phaseID(Stream &In) {
  switch (In.u8() % 6) {
  case 0:
  case 1:
    return BuiltinIDs[In.u8() % std::size(BuiltinIDs)];
  case 2:
    return {FamilyHighs[In.u8() % 8], uint64_t(0x10000 + In.u8() % 4)};
  case 3:
    return {In.u64(), In.u64()};
  case 4:
    return {0, 0};
  default:
    return {FamilyHighs[0], In.u32()};
  }
}

NevercInterfaceID artifactID(Stream &In) {
  switch (In.u8() % 4) {
  case 0:
    return {0, 0};
  case 1:
    return {NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_INPUT_HIGH,
            NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_INPUT_LOW};
  case 2:
    return {0x4e43415246524e01ull, In.u8()};
  default:
    return {In.u64(), In.u64()};
  }
}

NevercABITableHeader header(Stream &In, uint32_t Size, uint16_t Major = 1) {
  switch (In.u8() % 10) {
  case 7:
    return {uint32_t(In.u16() % (Size + 16)), Major, 0, 0};
  case 8:
    return {Size, uint16_t(In.u8() % 4), In.u8(), In.u64()};
  case 9:
    return {0, 0, 0, 0};
  default:
    return {Size, Major, 0, 0};
  }
}

NevercHandle handle(Stream &In, const NevercPhaseFrame *F) {
  switch (In.u8() % 8) {
  case 0:
    return {0, 0};
  case 1:
    return F ? F->Input : NevercHandle{0, 0};
  case 2:
    return F ? F->CurrentOutput : NevercHandle{0, 0};
  case 3:
    return F ? F->Task : NevercHandle{0, 0};
  case 4:
    return F ? F->Session : NevercHandle{0, 0};
  case 5:
    if (!G->SeenHandles.empty())
      return G->SeenHandles[In.u8() % G->SeenHandles.size()];
    return {0, 0};
  case 6: {
    // A plausible-looking forgery: a seen handle with one bit flipped.
    if (G->SeenHandles.empty())
      return {In.u64(), In.u64()};
    NevercHandle H = G->SeenHandles[In.u8() % G->SeenHandles.size()];
    (In.bit() ? H.Owner : H.Value) ^= uint64_t(1) << (In.u8() % 64);
    return H;
  }
  default:
    return {In.u64(), In.u64()};
  }
}

void remember(const NevercPhaseFrame *F) {
  if (G->SeenHandles.size() > 64)
    return;
  G->SeenHandles.push_back(F->Session);
  G->SeenHandles.push_back(F->Task);
  G->SeenHandles.push_back(F->Input);
}

//===--- Callbacks --------------------------------------------------------===//

void NEVERC_CALL destroyUserData(void *UserData) {
  auto *U = static_cast<UserDataCell *>(UserData);
  if (U->Magic != 0x5eedf00d)
    __builtin_trap(); // destroyed twice or never ours
  U->Magic = 0;
  delete U;
}

UserDataCell *newUserData(Stream &In, const NevercCoreAPI *Core) {
  auto *U = new UserDataCell;
  U->Behaviour = In.u8();
  U->Core = Core;
  return U;
}

/// A registrar call that failed leaves UserData with the plugin (H33).
void releaseIfRefused(NevercStatus S, void *UserData,
                      NevercDestroyUserDataFn Destroy) {
  if (!neverc_status_is_ok(S) && UserData && Destroy)
    Destroy(UserData);
}

/// Core-table calls a callback makes, chosen by the input.
void pokeCore(const NevercCoreAPI *Core, const NevercPhaseFrame *F,
              const std::string &PluginID) {
  Stream &In = G->In;
  unsigned Calls = In.u8() % 4;
  for (unsigned I = 0; I < Calls; ++I) {
    void *Out = nullptr;
    switch (In.u8() % 10) {
    case 0:
      Core->GetSessionState(Core->Context, handle(In, F),
                            sv(PluginID.data(), PluginID.size()), &Out);
      break;
    case 1:
      Core->GetTaskState(Core->Context, handle(In, F),
                         sv(PluginID.data(), PluginID.size()), &Out);
      break;
    case 2:
      Core->CheckCancelled(Core->Context, handle(In, F));
      break;
    case 3: {
      uint64_t Align = uint64_t(1) << (In.u8() % 14);
      if (In.u8() % 8 == 0)
        Align = In.u8();
      uint64_t Size = In.u16();
      void *P = nullptr;
      if (neverc_status_is_ok(Core->Allocate(Core->Context, Size, Align, &P)) &&
          P) {
        std::memset(P, 0xab, Size);
        void *Q = nullptr;
        uint64_t NewSize = In.u16();
        if (In.bit() &&
            neverc_status_is_ok(
                Core->Reallocate(Core->Context, P, Size, NewSize, Align, &Q)) &&
            (Q || NewSize == 0)) {
          P = Q;
          Size = NewSize;
        }
        if (P)
          Core->Deallocate(Core->Context, P, Size, Align);
      }
      break;
    }
    case 4: {
      NevercDiagnosticDescriptor D{};
      D.Header = header(In, sizeof D);
      D.Severity = In.u8() % 6;
      D.Code = In.u32();
      D.PluginID = keptView(In.str(40));
      D.PhaseID = keptView(In.str(40));
      D.Message = keptView(In.str(80));
      unsigned Notes = In.u8() % 3;
      if (Notes) {
        G->Tables.emplace_back(Notes * sizeof(NevercDiagnosticNote));
        auto *N =
            reinterpret_cast<NevercDiagnosticNote *>(G->Tables.back().data());
        for (unsigned K = 0; K < Notes; ++K) {
          N[K].Header = {sizeof(NevercDiagnosticNote), 1, 0, 0};
          N[K].Message = keptView(In.str(20));
        }
        D.Notes = {N, Notes, sizeof(NevercDiagnosticNote)};
      }
      NevercDiagnosticHandle H;
      Core->EmitDiagnostic(Core->Context, In.u8() % 16 ? &D : nullptr,
                           In.bit() ? &H : nullptr);
      break;
    }
    case 5: {
      const void *Table = nullptr;
      uint16_t Minor = 0;
      uint64_t Size = 0;
      NevercInterfaceID ID = In.bit()
                                 ? NevercInterfaceID{NEVERC_INTERFACE_CORE_HIGH,
                                                     NEVERC_INTERFACE_CORE_LOW}
                                 : NevercInterfaceID{In.u64(), In.u64()};
      Core->QueryInterface(Core->Context, ID, In.u8() % 3, In.u8() % 3, &Table,
                           &Minor, &Size);
      break;
    }
    case 6: {
      uint64_t Count = 0;
      std::string Spelling = In.bit() ? "--fz" : In.str(12);
      Core->GetPluginOptionValueCount(Core->Context, handle(In, F),
                                      sv(PluginID.data(), PluginID.size()),
                                      keptView(Spelling), &Count);
      NevercStringView V{};
      Core->GetPluginOptionValue(Core->Context, handle(In, F),
                                 sv(PluginID.data(), PluginID.size()),
                                 keptView(Spelling), In.u8() % 4, &V);
      break;
    }
    case 7:
      // A kept continuation from an earlier interceptor (WRONG_SCOPE).
      if (G->Kept && F) {
        NevercPhaseResult R{};
        R.Header = {sizeof R, 1, 0, 0};
        G->KeptFn(G->Kept, F, &R);
      }
      break;
    case 8: {
      // Late registration through a kept registrar (INVALID_STATE).
      for (auto &P : G->Plugins)
        if (P->Registrar) {
          NevercObserverDescriptor O{};
          O.Header = {sizeof O, 1, 0, 0};
          O.Phase = BuiltinIDs[0];
          O.Points = NEVERC_OBSERVER_BEFORE;
          O.Callback = [](const NevercPhaseFrame *, NevercObserverPoint,
                          void *) { return neverc_status_ok(); };
          P->Registrar->RegisterObserver(P->RegistrarContext, &O);
          break;
        }
      break;
    }
    default:
      Core->GetSessionState(Core->Context, handle(In, F), keptView(In.str(16)),
                            &Out);
      break;
    }
  }
}

const std::string &pluginOf(const NevercCoreAPI *Core) {
  static const std::string None;
  for (auto &P : G->Plugins)
    if (P->Core == Core)
      return P->ID;
  return None;
}

NevercStatus NEVERC_CALL observer(const NevercPhaseFrame *F,
                                  NevercObserverPoint, void *UserData) {
  auto *U = static_cast<UserDataCell *>(UserData);
  remember(F);
  if (U && U->Core)
    pokeCore(U->Core, F, pluginOf(U->Core));
  uint8_t B = G->In.u8();
  if (B % 16 == 0)
    return status(NEVERC_STATUS_PLUGIN_FAILURE, B >> 4);
  return neverc_status_ok();
}

void fuzzResult(NevercPhaseResult *Out, const NevercPhaseFrame *F) {
  Stream &In = G->In;
  uint8_t B = In.u8();
  Out->Action = B % 5 == 4 ? In.u32() : B % 3;
  Out->Output = handle(In, F);
  Out->Proof = (B & 0x80) ? handle(In, F) : NevercHandle{0, 0};
}

NevercStatus NEVERC_CALL interceptor(const NevercPhaseFrame *F,
                                     NevercPhaseContinuation *C,
                                     NevercPhaseResult *Out, void *UserData) {
  auto *U = static_cast<UserDataCell *>(UserData);
  Stream &In = G->In;
  remember(F);
  if (U && U->Core)
    pokeCore(U->Core, F, pluginOf(U->Core));
  unsigned Invokes = In.u8() % 4;
  NevercStatus Last = neverc_status_ok();
  for (unsigned I = 0; I < Invokes && I < 2; ++I) {
    NevercPhaseResult Down{};
    Down.Header = header(In, sizeof Down);
    Last = C->InvokeNext(C, F, In.u8() % 8 ? &Down : nullptr);
  }
  if (In.u8() % 4 == 0) {
    G->Kept = C;
    G->KeptFn = C->InvokeNext;
  }
  if (In.u8() % 3)
    Out->Action = NEVERC_PHASE_CONTINUE; // the common, well-behaved case
  else
    fuzzResult(Out, F);
  uint8_t B = In.u8();
  if (B % 8 == 0)
    return status(NEVERC_STATUS_PLUGIN_FAILURE, B >> 3);
  if (B % 8 == 1)
    return Last;
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL provider(const NevercPhaseFrame *F,
                                  NevercPhaseResult *Out, void *UserData) {
  auto *U = static_cast<UserDataCell *>(UserData);
  remember(F);
  if (U && U->Core)
    pokeCore(U->Core, F, pluginOf(U->Core));
  if (G->In.u8() % 2) {
    Out->Action = NEVERC_PHASE_REPLACE;
    Out->Output = F->Input;
  } else {
    fuzzResult(Out, F);
  }
  uint8_t B = G->In.u8();
  if (B % 6 == 0)
    return status(NEVERC_STATUS_PLUGIN_FAILURE, B >> 4);
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL validator(const NevercOptionValidationContext *,
                                   NevercStringView, void *) {
  uint8_t B = G->In.u8();
  return B % 4 == 0 ? status(NEVERC_STATUS_INVALID_ARGUMENT)
                    : neverc_status_ok();
}

//===--- Registration -----------------------------------------------------===//

NevercStringList stringList(Stream &In) {
  unsigned Count = In.u8() % 3;
  G->Lists.emplace_back();
  auto &L = G->Lists.back();
  for (unsigned I = 0; I < Count; ++I) {
    std::string S =
        In.bit() ? "--fz-" + std::to_string(In.u8() % 4) : In.str(16);
    L.push_back(keptView(std::move(S)));
  }
  return {L.data(), L.size(), sizeof(NevercStringView)};
}

void registerSome(PluginRT &P, const NevercRegistrarAPI *R, void *Ctx) {
  Stream &In = G->In;
  unsigned Ops = In.u8() % 12;
  for (unsigned I = 0; I < Ops && In.left(); ++I) {
    switch (In.u8() % 8) {
    case 0: {
      NevercObserverDescriptor D{};
      D.Header = header(In, sizeof D);
      D.Phase = phaseID(In);
      D.Points = In.u8() % 16 == 0 ? In.u32() : In.u8() & 7;
      D.Callback = In.u8() % 16 ? observer : nullptr;
      if (In.bit()) {
        D.UserData = newUserData(In, P.Core);
        D.DestroyUserData = destroyUserData;
      }
      releaseIfRefused(R->RegisterObserver(Ctx, &D), D.UserData,
                       D.DestroyUserData);
      break;
    }
    case 1: {
      NevercInterceptorDescriptor D{};
      D.Header = header(In, sizeof D);
      D.Phase = phaseID(In);
      D.Callback = In.u8() % 16 ? interceptor : nullptr;
      if (In.bit()) {
        D.UserData = newUserData(In, P.Core);
        D.DestroyUserData = destroyUserData;
      }
      releaseIfRefused(R->RegisterInterceptor(Ctx, &D), D.UserData,
                       D.DestroyUserData);
      break;
    }
    case 2: {
      NevercProviderDescriptor D{};
      D.Header = header(In, sizeof D);
      D.Phase = phaseID(In);
      D.ProviderID = In.u8() % 4
                         ? keptView("fz.p" + std::to_string(In.u8() % 3))
                         : keptView(In.str(255));
      D.Route.Header = header(In, sizeof D.Route);
      if (In.u8() % 4 == 0) {
        D.Route.TargetTriple = keptView(In.str(24));
        D.Route.CPU = keptView(In.str(8));
        D.Route.ExecutionLevel = In.u8() % 3;
      }
      D.Deterministic = In.u8();
      D.Cacheable = In.u8();
      D.FallbackSafe = In.bit();
      D.Callback = In.u8() % 16 ? provider : nullptr;
      if (In.bit()) {
        D.UserData = newUserData(In, P.Core);
        D.DestroyUserData = destroyUserData;
      }
      releaseIfRefused(R->RegisterProvider(Ctx, &D), D.UserData,
                       D.DestroyUserData);
      break;
    }
    case 3: {
      NevercPhaseDescriptor D{};
      D.Header = header(In, sizeof D);
      D.Phase = phaseID(In);
      D.CanonicalName = In.bit() ? keptView("neverc.driver.extension.fz" +
                                            std::to_string(In.u8() % 4))
                                 : keptView(In.str(40));
      D.InputArtifact = artifactID(In);
      D.OutputArtifact = In.bit() ? D.InputArtifact : artifactID(In);
      D.Policy = In.u8() % 8 == 0 ? In.u64() : In.u8() & 0x3f;
      D.ObserverPoints = In.u8() % 8 == 0 ? In.u32() : In.u8() & 0xf;
      R->RegisterPhase(Ctx, &D);
      break;
    }
    case 4: {
      NevercOptionDescriptor D{};
      D.Header = header(In, sizeof D, NEVERC_DRIVER_API_MAJOR);
      static const char *const Spellings[] = {"--fz", "--fz-a", "-fz-b",
                                              "--fz="};
      D.Spelling =
          In.u8() % 4 ? keptView(Spellings[In.u8() % 4]) : keptView(In.str(24));
      D.Aliases = stringList(In);
      D.Form = In.u8() % 5;
      D.ValueType = In.u8() % 7;
      D.Multiplicity = In.u8() % 4;
      D.ArgumentCount = In.u8() % 4;
      D.Required = In.u8() % 8 == 0;
      D.Hidden = In.bit();
      D.Help = keptView(In.str(16));
      D.Metavar = keptView(In.str(8));
      unsigned Enums = In.u8() % 3;
      if (Enums) {
        G->Enums.emplace_back(Enums);
        auto &E = G->Enums.back();
        for (auto &V : E) {
          V.Header = header(In, sizeof V);
          V.Name = keptView(In.str(8));
          V.Value = int64_t(In.u64());
          V.Help = keptView(In.str(8));
        }
        D.EnumValues = {E.data(), E.size(), sizeof(NevercOptionEnumValue)};
      }
      D.Conflicts = stringList(In);
      D.Requires = stringList(In);
      D.TargetPredicate = In.u8() % 4 == 0 ? keptView(In.str(16))
                                           : NevercStringView{nullptr, 0};
      D.Validator = In.bit() ? validator : nullptr;
      if (In.bit()) {
        D.UserData = newUserData(In, P.Core);
        D.DestroyUserData = destroyUserData;
      }
      releaseIfRefused(R->RegisterOption(Ctx, In.u8() % 16 ? &D : nullptr),
                       D.UserData, D.DestroyUserData);
      break;
    }
    case 5: {
      NevercInterfaceID ID;
      switch (In.u8() % 4) {
      case 0:
        ID = {NEVERC_INTERFACE_CORE_HIGH, NEVERC_INTERFACE_CORE_LOW};
        break;
      case 1:
        ID = {0x4e4346555a5a0001ull, uint64_t(In.u8() % 3)};
        break;
      case 2:
        ID = {0, 0};
        break;
      default:
        ID = {In.u64(), In.u64()};
        break;
      }
      const void *Table = nullptr;
      if (In.u8() % 8) {
        G->Tables.emplace_back(128, 0); // more than any fuzzed StructSize
        auto &T = G->Tables.back();
        NevercABITableHeader H = header(In, 64);
        std::memcpy(T.data(), &H, sizeof H);
        Table = T.data();
      }
      NevercCompatibilityKey Key{};
      Key.Header = header(In, sizeof Key);
      Key.ProducerBuildID = keptView(In.bit() ? "neverc-0.1.0" : In.str(16));
      Key.TargetABIKey = keptView(In.str(16));
      Key.LLVMMajor = In.bit() ? 22 : In.u32();
      R->RegisterInterface(Ctx, ID, In.u8() % 3, Table,
                           In.bit() ? &Key : nullptr);
      break;
    }
    case 6:
      switch (In.u8() % 5) {
      case 0:
        R->RegisterObserver(Ctx, nullptr);
        break;
      case 1:
        R->RegisterInterceptor(Ctx, nullptr);
        break;
      case 2:
        R->RegisterProvider(Ctx, nullptr);
        break;
      case 3:
        R->RegisterPhase(Ctx, nullptr);
        break;
      default:
        R->RegisterOption(Ctx, nullptr);
        break;
      }
      break;
    default:
      // A registrar call with a NULL context.
      R->RegisterObserver(nullptr, nullptr);
      break;
    }
  }
}

//===--- Lifecycle callbacks ---------------------------------------------===//

PluginRT &rt(void *ProcessState) {
  return *static_cast<PluginRT *>(ProcessState);
}

NevercStatus lifecycleResult(PluginRT &P, unsigned Bit) {
  if (P.FailMask & (1u << Bit))
    return status(Bit % 2 ? NEVERC_STATUS_PLUGIN_FAILURE
                          : NEVERC_STATUS_INVALID_STATE);
  return neverc_status_ok();
}

PluginRT *recordFor(const NevercCoreAPI *Core) {
  for (auto &R : G->Plugins)
    if (R->Key && Core && R->Key == Core->Context)
      return R.get();
  for (auto &R : G->Plugins)
    if (!R->Core)
      return R.get();
  return nullptr;
}

NevercStatus NEVERC_CALL processBegin(const NevercCoreAPI *Core,
                                      void **OutState) {
  PluginRT *P = recordFor(Core);
  if (!P)
    return status(NEVERC_STATUS_INVALID_STATE);
  P->Core = Core;
  *OutState = P;
  return lifecycleResult(*P, 0);
}

NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                        const NevercRegistrarAPI *Registrar,
                                        void *Context, void *State) {
  PluginRT *P = State ? &rt(State) : recordFor(Core);
  if (!P)
    return status(NEVERC_STATUS_INVALID_STATE);
  P->Core = Core;
  P->Registrar = Registrar;
  P->RegistrarContext = Context;
  registerSome(*P, Registrar, Context);
  return lifecycleResult(*P, 1);
}

NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                      NevercSessionHandle Session, void *State,
                                      void **OutState) {
  *OutState = State;
  if (State) {
    NevercPhaseFrame F{};
    F.Session = Session;
    pokeCore(Core, &F, rt(State).ID);
    return lifecycleResult(rt(State), 2);
  }
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL sessionEnd(const NevercCoreAPI *, NevercSessionHandle,
                                    void *State, void *) {
  return State ? lifecycleResult(rt(State), 3) : neverc_status_ok();
}

NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *Core,
                                   NevercTaskHandle Task, NevercTaskKind,
                                   void *State, void *, void **OutState) {
  *OutState = State;
  if (State) {
    NevercPhaseFrame F{};
    F.Task = Task;
    pokeCore(Core, &F, rt(State).ID);
    return lifecycleResult(rt(State), 4);
  }
  return neverc_status_ok();
}

NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *, NevercTaskHandle,
                                 NevercTaskKind, void *State, void *, void *) {
  return State ? lifecycleResult(rt(State), 5) : neverc_status_ok();
}

NevercStatus NEVERC_CALL destroy(const NevercCoreAPI *, void *State) {
  return State ? lifecycleResult(rt(State), 6) : neverc_status_ok();
}

//===--- The entry
//---------------------------------------------------------===//

NevercStatus NEVERC_CALL entry(const NevercBootstrapAPI *Bootstrap,
                               NevercPluginDescriptor *Out) {
  Stream &In = G->In;
  if (!Bootstrap || !Out)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  const uint32_t Capacity = Out->Header.StructSize;
  if (In.u8() % 32 == 0)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);

  G->Plugins.push_back(std::make_unique<PluginRT>());
  PluginRT &P = *G->Plugins.back();
  P.Key = Bootstrap->Context;
  static const char *const IDs[] = {"fz.one", "fz.two", "fz.three"};
  switch (In.u8() % 6) {
  case 0:
    P.ID = In.str(40);
    break;
  case 1:
    P.ID = IDs[In.u8() % 3];
    break;
  default:
    P.ID = IDs[G->NextEntry % 3];
    break;
  }
  ++G->NextEntry;
  P.Display = In.str(16);
  P.FailMask = In.u8() % 4 == 0 ? In.u8() : 0;

  NevercPluginDescriptor D{};
  D.Header = header(In, sizeof D);
#ifdef NEVERC_FUZZ_ALIGNED_CAPACITY_ONLY
  D.Header.StructSize &= ~7u;
#endif
  D.PluginID = sv(P.ID.data(), P.ID.size());
  if (In.u8() % 16 == 0)
    D.PluginID.Data = nullptr;
  D.DisplayName = sv(P.Display.data(), P.Display.size());
  D.Version = {In.u8() % 3u, In.u8() % 3u, 0, 0, {nullptr, 0}, {nullptr, 0}};
  D.Concurrency = In.u8() % 8 == 0 ? In.u32() : In.u8() % 3;
  D.Reentrancy = In.u8() % 8 == 0 ? In.u32() : In.u8() % 2;

  auto Requirements = [&](std::vector<NevercInterfaceRequirement> &V) {
    unsigned N = In.u8() % 3;
    for (unsigned I = 0; I < N; ++I) {
      NevercInterfaceRequirement R{};
      R.Header = header(In, sizeof R);
      R.Interface = In.bit() ? NevercInterfaceID{NEVERC_INTERFACE_CORE_HIGH,
                                                 NEVERC_INTERFACE_CORE_LOW}
                             : NevercInterfaceID{In.u64(), In.u64()};
      R.Major = In.u8() % 3;
      R.MinimumMinor = In.u8() % 3;
      R.Required = In.bit();
      R.Stability = In.u8() % 3;
      V.push_back(R);
    }
  };
  Requirements(P.Required);
  Requirements(P.Optional);
  unsigned NDeps = In.u8() % 3;
  for (unsigned I = 0; I < NDeps; ++I) {
    NevercPluginDependency Dep{};
    Dep.Header = header(In, sizeof Dep);
    P.DepIDs.push_back(In.u8() % 4 ? IDs[In.u8() % 3] : In.str(20));
    Dep.PluginID = sv(P.DepIDs.back().data(), P.DepIDs.back().size());
    Dep.Version.MinimumInclusive.Major = In.u8() % 3;
    Dep.Version.HasMaximum = In.bit();
    Dep.Version.MaximumExclusive.Major = In.u8() % 4;
    Dep.Version.AllowPrerelease = In.bit();
    Dep.Kind = In.u8() % 8 == 0 ? In.u32() : In.u8() % 3;
    P.Deps.push_back(Dep);
  }
  auto View = [&](auto &V) {
    NevercStructArrayView A{V.data(), V.size(), sizeof(V[0])};
    switch (In.u8() % 12) {
    case 0:
      A.Data = nullptr; // Count without Data
      break;
    case 1:
      A.ElementStride = In.u8(); // a stride shorter than the element
      if (A.ElementStride > sizeof(V[0]))
        A.ElementStride = sizeof(V[0]);
      break;
    case 2:
      if (A.Count)
        A.Count -= 1;
      break;
    default:
      break;
    }
    return A;
  };
  D.RequiredInterfaces = View(P.Required);
  D.OptionalInterfaces = View(P.Optional);
  D.Dependencies = View(P.Deps);

  const uint8_t Present = In.u8() % 4 == 0 ? In.u8() : 0xff;
  D.ProcessBegin = (Present & 1) ? processBegin : nullptr;
  D.Register = (Present & 2) || In.u8() % 16 ? registerPlugin : nullptr;
  D.SessionBegin = (Present & 4) ? sessionBegin : nullptr;
  D.SessionEnd = (Present & 8) ? sessionEnd : nullptr;
  D.TaskBegin = (Present & 16) ? taskBegin : nullptr;
  D.TaskEnd = (Present & 32) ? taskEnd : nullptr;
  D.Destroy = (Present & 64) ? destroy : nullptr;

  // Copy what the capacity allows -- or, now and then, a different amount
  // (never more than the host's buffer holds: capacity + a guard zone, at
  // least sizeof the descriptor).
  size_t Bytes = Capacity < sizeof D ? Capacity : sizeof D;
  if (In.u8() % 16 == 0) {
    // Writes less than it could, and says so: a descriptor that claims
    // bytes it never wrote (torn pointers) is the plugin's own bug.
    Bytes = std::min<size_t>({size_t(In.u8()), sizeof D, Bytes});
#ifdef NEVERC_FUZZ_ALIGNED_CAPACITY_ONLY
    Bytes &= ~size_t(7);
#endif
    if (Bytes >= sizeof(uint32_t) && D.Header.StructSize > Bytes)
      D.Header.StructSize = uint32_t(Bytes);
  }
  std::memcpy(Out, &D, Bytes);
  return neverc_status_ok();
}

//===--- Driving the host ------------------------------------------------===//

NevercStatus builtinStep(void *Ctx, void *Input, void **Output) {
  (void)Ctx;
  *Output = Input;
  return G->In.u8() % 16 == 0 ? status(NEVERC_STATUS_PLUGIN_FAILURE)
                              : neverc_status_ok();
}

NevercStatus verifierStep(void *, void *) {
  return G->In.u8() % 8 == 0 ? status(NEVERC_STATUS_VERIFICATION_FAILED)
                             : neverc_status_ok();
}

void runOne(Host &H, Session &S, Task &T) {
  Stream &In = G->In;
  const uint32_t Count = H.phases().size();
  uint32_t Index =
      In.u8() % 4 == 0 ? Count - 1 - In.u8() % 4 : uint32_t(In.u16() % Count);
  if (Index >= Count)
    Index = 0;
  static int Payload = 42;
  PhaseRequest R;
  R.T = &T;
  R.Input = &Payload;
  if (In.u8() % 8) {
    R.Builtin.Run = builtinStep;
  }
  if (In.u8() % 4 == 0)
    R.Verifier.Verify = verifierStep;
  NevercPhaseRoute Route = S.route();
  if (In.u8() % 4 == 0) {
    Route.TargetTriple = keptView(In.str(24));
    R.Route = &Route;
  }
  if (In.u8() % 32 == 0)
    T.requestCancel();
  PhaseOutcome O = H.runPhase(Index, R);
  (void)O;
  if (In.bit())
    H.raiseEvent(In.u16() % Count, T, &Payload);
}

void parseOptions(Host &H, Session &S) {
  Stream &In = G->In;
  std::vector<std::string> Args;
  unsigned N = In.u8() % 6;
  static const char *const Common[] = {"--fz",
                                       "--fz-a",
                                       "value",
                                       "-fz-b",
                                       "--fz=1",
                                       "-fplugin-arg=fz.one:fz=2",
                                       "-fplugin-arg=fz-a",
                                       "-fplugin-arg=fz.two:--fz-a=x:y"};
  for (unsigned I = 0; I < N; ++I)
    Args.push_back(In.u8() % 3 ? Common[In.u8() % std::size(Common)]
                               : In.str(24));
  std::vector<std::string> Active;
  for (Plugin *P : H.order())
    Active.emplace_back(P->id());
  NullSink Sink;
  OptionParser Parser(H.options(), S.optionValues(), Sink,
                      std::string(view(S.route().TargetTriple)), Active);
  for (size_t I = 0; I < Args.size();) {
    NevercStatus Error = neverc_status_ok();
    const std::string &A = Args[I];
    if (A.rfind("-fplugin-arg=", 0) == 0) {
      Parser.pluginArg(std::string_view(A).substr(13));
      ++I;
      continue;
    }
    if (!Parser.consume(Args, I, Error))
      ++I;
  }
  Parser.finish();
}

void runInput(const uint8_t *Data, size_t Size) {
  State St(Data, Size);
  G = &St;
  Stream &In = St.In;

  NullSink Sink;
  HostConfig Config;
  Config.Diagnostics = &Sink;
  switch (In.u8() % 8) {
  case 0:
    Config.DescriptorCapacity = In.u8() % (sizeof(NevercPluginDescriptor) + 32);
#ifdef NEVERC_FUZZ_ALIGNED_CAPACITY_ONLY
    // Local hunting aid: capacities that never split an 8-byte member.
    Config.DescriptorCapacity &= ~7u;
#endif
    break;
  case 1:
    Config.DescriptorCapacity = offsetof(NevercPluginDescriptor, SessionBegin);
    break;
  default:
    break;
  }
  if (In.u8() % 4 == 0)
    Config.AllocationBudget = In.u16();
  {
    Host H(Config);
    unsigned Plugins = 1 + In.u8() % 3;
    for (unsigned I = 0; I < Plugins; ++I)
      H.loadPluginEntry(entry, "fuzz-" + std::to_string(I));
    if (In.u8() % 8 == 0)
      H.chooseProvider(In.bit() ? NEVERC_PHASE_PREP_TOKEN_NAME : In.str(32),
                       In.bit() ? "fz.one" : In.str(16));
    if (isOk(H.initialize())) {
      Session *S = nullptr;
      if (isOk(H.beginSession(&S)) && S) {
        if (In.u8() % 4 == 0)
          S->setRoute(In.str(24), In.str(8));
        parseOptions(H, *S);
        Task *T = nullptr;
        NevercTaskKind Kind = In.u8() % 16 == 0 ? In.u8() : 1 + In.u8() % 7;
        if (isOk(S->beginTask(Kind, &T)) && T) {
          runOne(H, *S, *T);
          if (In.bit())
            runOne(H, *S, *T);
          S->endTask(T);
        }
        H.endSession(S);
      }
    }
    H.shutdown();
  }
  G = nullptr;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  runInput(Data, Size);
  return 0;
}
