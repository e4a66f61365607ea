//===- Host.cpp - Plugin loading, ordering, lifecycle, scopes -------------===//
#include "HostInternal.h"

#include <algorithm>
#include <cstring>
#include <dlfcn.h>
#include <sys/stat.h>

namespace neverc::core {

namespace {

std::string describe(NevercStatus S) {
  std::string Text(statusName(S.Code));
  if (S.Detail)
    Text += " (detail " + std::to_string(S.Detail) + ")";
  return Text;
}

int compareVersion(const NevercSemanticVersion &A,
                   const NevercSemanticVersion &B) {
  if (A.Major != B.Major)
    return A.Major < B.Major ? -1 : 1;
  if (A.Minor != B.Minor)
    return A.Minor < B.Minor ? -1 : 1;
  if (A.Patch != B.Patch)
    return A.Patch < B.Patch ? -1 : 1;
  return 0;
}

bool inRange(const NevercSemanticVersion &V, const NevercVersionRange &R,
             bool Prerelease) {
  if (Prerelease && !R.AllowPrerelease)
    return false;
  if (compareVersion(V, R.MinimumInclusive) < 0)
    return false;
  return !R.HasMaximum || compareVersion(V, R.MaximumExclusive) < 0;
}

/// Plugin IDs key state and split -fplugin-arg=<id>:<key>; keep them
/// printable and free of the separators.
bool validPluginID(std::string_view ID) {
  if (ID.empty() || ID.size() > 255)
    return false;
  return std::all_of(ID.begin(), ID.end(), [](char C) {
    return C > ' ' && C < 127 && C != ':' && C != '=' && C != ',';
  });
}

/// Copies Count elements of a strided array into fixed-size host structs,
/// honouring each element's own StructSize (members past it read as zero).
template <typename T>
bool copyArray(const NevercStructArrayView &V, std::vector<T> &Out) {
  if (V.Count == 0)
    return true;
  if (!V.Data || V.Count > 1024 || V.ElementStride < sizeof(NevercABITableHeader))
    return false;
  for (uint64_t I = 0; I < V.Count; ++I) {
    const char *E = static_cast<const char *>(V.Data) + I * V.ElementStride;
    NevercABITableHeader H;
    std::memcpy(&H, E, sizeof(H));
    if (H.StructSize < sizeof(NevercABITableHeader) ||
        H.Major != NEVERC_PLUGIN_ABI_MAJOR)
      return false;
    T Copy{};
    std::memcpy(&Copy, E,
                std::min<uint64_t>({H.StructSize, V.ElementStride, sizeof(T)}));
    Out.push_back(Copy);
  }
  return true;
}

/// Zeroes every descriptor member that does not end within \p Readable.
void zeroCutMembers(NevercPluginDescriptor &D, uint64_t Readable) {
  struct Member {
    size_t Offset, Size;
  };
#define NEVERC_MEMBER(F)                                                       \
  Member { offsetof(NevercPluginDescriptor, F), sizeof(D.F) }
  static constexpr Member Members[] = {
      NEVERC_MEMBER(PluginID),       NEVERC_MEMBER(DisplayName),
      NEVERC_MEMBER(Version),        NEVERC_MEMBER(Concurrency),
      NEVERC_MEMBER(Reentrancy),     NEVERC_MEMBER(RequiredInterfaces),
      NEVERC_MEMBER(OptionalInterfaces), NEVERC_MEMBER(Dependencies),
      NEVERC_MEMBER(ProcessBegin),   NEVERC_MEMBER(Register),
      NEVERC_MEMBER(SessionBegin),   NEVERC_MEMBER(SessionEnd),
      NEVERC_MEMBER(TaskBegin),      NEVERC_MEMBER(TaskEnd),
      NEVERC_MEMBER(Destroy),
  };
#undef NEVERC_MEMBER
  for (const Member &M : Members)
    if (M.Offset + M.Size > Readable)
      std::memset(reinterpret_cast<char *>(&D) + M.Offset, 0, M.Size);
}

} // namespace

void destroyUserData(NevercDestroyUserDataFn Destroy, void *UserData,
                     Host &H, const Plugin *Owner) {
  if (!Destroy || !UserData)
    return;
  bool Threw = false;
  try {
    Destroy(UserData);
  } catch (...) {
    Threw = true;
  }
  if (Threw)
    H.report(NEVERC_DIAGNOSTIC_WARNING,
             "an exception escaped DestroyUserData; ignored", Owner);
}

//===----------------------------------------------------------------------===//
// Construction and set-up
//===----------------------------------------------------------------------===//

Host::Host(HostConfig C)
    : Config(std::move(C)),
      ProcessDiagnostics(HandleKind::Diagnostic, HandleScope{0xffffff, 0}) {
  if (Config.Diagnostics) {
    Diags = Config.Diagnostics;
  } else {
    OwnedDiags = std::make_unique<StreamDiagnosticSink>(stderr);
    Diags = OwnedDiags.get();
  }
  if (Config.DescriptorCapacity == 0)
    Config.DescriptorCapacity = sizeof(NevercPluginDescriptor);
  Interfaces.setHostIdentity(Config.BuildID, Config.LLVMMajor);
  HostAccess::fillCoreTable(CoreTemplate);
  // The host's own core table, queryable like any other.
  PublishedInterface Core;
  Core.Table = &CoreTemplate;
  Core.Major = NEVERC_CORE_API_MAJOR;
  Core.Minor = NEVERC_CORE_API_MINOR;
  Core.TableSize = sizeof(NevercCoreAPI);
  Interfaces.publish({NEVERC_INTERFACE_CORE_HIGH, NEVERC_INTERFACE_CORE_LOW},
                     std::move(Core));
  Bootstrap.Header = {sizeof(NevercBootstrapAPI), NEVERC_PLUGIN_ABI_MAJOR,
                      NEVERC_PLUGIN_ABI_MINOR, 0};
  Bootstrap.Context = nullptr; // set per plugin during its entry call
  Bootstrap.QueryInterface = CoreTemplate.QueryInterface;
  Bootstrap.HostBuildID = cview(Config.BuildID);
  Bootstrap.LLVMMajor = Config.LLVMMajor;
}

Host::~Host() { shutdown(); }

void Host::report(NevercDiagnosticSeverity Severity, std::string Message,
                  const Plugin *From, std::string_view Phase) {
  Diagnostic D;
  D.Severity = Severity;
  D.Message = std::move(Message);
  if (From)
    D.PluginID = From->ID.empty() ? From->Path : From->ID;
  D.Phase = std::string(Phase);
  Diags->report(D);
}

NevercStatus Host::publishInterface(NevercInterfaceID ID, uint16_t Major,
                                    uint16_t Minor, const void *Table,
                                    uint64_t TableSize) {
  PublishedInterface E;
  E.Table = Table;
  E.Major = Major;
  E.Minor = Minor;
  E.TableSize = TableSize;
  return Interfaces.publish(ID, std::move(E));
}

void Host::chooseProvider(std::string PhaseName, std::string PluginID) {
  ProviderChoices.emplace_back(std::move(PhaseName), std::move(PluginID));
}

Plugin *Host::findPlugin(std::string_view ID) const {
  for (auto &P : Plugins)
    if (P->ID == ID)
      return P.get();
  return nullptr;
}

Plugin *Host::registeringPlugin() const {
  for (auto &P : Plugins)
    if (P->Registering)
      return P.get();
  return nullptr;
}

NevercStatus Host::registrarOwner(const void *Registrar,
                                  const Plugin **Out) const {
  const Plugin *Owner = nullptr;
  for (auto &P : Plugins)
    if (static_cast<const void *>(P.get()) == Registrar)
      Owner = P.get();
  if (!Registrar || !Owner)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  if (registeringPlugin() != Owner)
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  *Out = Owner;
  return okStatus();
}

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

NevercStatus Host::loadPlugin(const std::string &Path) {
  if (Initialized)
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0) {
    report(NEVERC_DIAGNOSTIC_ERROR,
           "cannot load plugin '" + Path + "': no such file");
    return makeStatus(NEVERC_STATUS_NOT_FOUND);
  }
  void *Module = ::dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Module) {
    const char *Err = ::dlerror();
    report(NEVERC_DIAGNOSTIC_ERROR, "cannot load plugin '" + Path +
                                        "': " + (Err ? Err : "dlopen failed"));
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  }
  auto Entry = reinterpret_cast<NevercPluginEntryFn>(
      ::dlsym(Module, NEVERC_PLUGIN_ENTRY_POINT));
  if (!Entry) {
    bool Prototype = ::dlsym(Module, "nevercGetPluginInfo") != nullptr;
    ::dlclose(Module);
    if (Prototype) {
      report(NEVERC_DIAGNOSTIC_ERROR,
             "plugin '" + Path +
                 "' exports the removed prototype entry 'nevercGetPluginInfo'; "
                 "rebuild it against the descriptor ABI and export "
                 "'neverc_plugin_entry'");
      return makeStatus(NEVERC_STATUS_ABI_MISMATCH);
    }
    report(NEVERC_DIAGNOSTIC_ERROR,
           "plugin has no 'neverc_plugin_entry' entry: '" + Path + "'");
    return makeStatus(NEVERC_STATUS_NOT_FOUND);
  }
  auto P = std::make_unique<Plugin>();
  P->Path = Path;
  P->Module = Module;
  return acceptDescriptor(std::move(P), Entry);
}

NevercStatus Host::loadPluginEntry(NevercPluginEntryFn Entry,
                                   const std::string &Label) {
  if (Initialized)
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  if (!Entry)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  auto P = std::make_unique<Plugin>();
  P->Path = Label;
  return acceptDescriptor(std::move(P), Entry);
}

NevercStatus Host::acceptDescriptor(std::unique_ptr<Plugin> P,
                                    NevercPluginEntryFn Entry) {
  auto Refuse = [&](NevercStatus S, const std::string &Why) {
    report(NEVERC_DIAGNOSTIC_ERROR, "plugin '" + P->Path + "' refused: " + Why);
    if (P->Module)
      ::dlclose(P->Module);
    return S;
  };
  // Caller-owned buffer: capacity bytes the plugin may write, then a guard
  // zone that catches a plugin writing past what it was offered.
  constexpr size_t Guard = 64;
  const uint32_t Capacity = Config.DescriptorCapacity;
  std::vector<unsigned char> Buffer(
      std::max<size_t>(Capacity, sizeof(NevercPluginDescriptor)) + Guard, 0);
  std::fill(Buffer.begin() + std::max<size_t>(Capacity, 4), Buffer.end(), 0xA5);
  auto *Out = reinterpret_cast<NevercPluginDescriptor *>(Buffer.data());
  uint32_t CapacityField = Capacity;
  std::memcpy(Buffer.data(), &CapacityField,
              std::min<size_t>(sizeof(CapacityField), Buffer.size()));

  NevercBootstrapAPI Boot = Bootstrap;
  Boot.Context = P.get();
  P->Owner = this;
  P->Core = CoreTemplate;
  P->Core.Context = P.get();
  NevercStatus S;
  bool Threw = false;
  try {
    S = Entry(&Boot, Out);
  } catch (...) {
    // Refuse (and unload) only after the handler: the exception object's
    // destructor may live in the module.
    Threw = true;
  }
  if (Threw)
    return Refuse(makeStatus(NEVERC_STATUS_PLUGIN_EXCEPTION),
                  "an exception escaped its entry point");
  if (!isOk(S))
    return Refuse(S, "entry point failed with " + describe(S));
  // The host itself wrote the 4-byte StructSize, so the guard zone starts
  // after it even for a smaller capacity.
  for (size_t I = std::max<size_t>(Capacity, 4); I < Buffer.size(); ++I)
    if (Buffer[I] != 0xA5)
      return Refuse(makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR),
                    "entry point wrote past the " + std::to_string(Capacity) +
                        "-byte descriptor capacity");
  uint32_t Produced;
  std::memcpy(&Produced, Buffer.data(), sizeof(Produced));
  const uint64_t Readable = std::min<uint64_t>(Capacity, Produced);
  if (Readable < sizeof(NevercABITableHeader))
    return Refuse(makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR),
                  "descriptor header is truncated");
  // H3: a member is read only if it lies wholly inside
  // min(capacity, StructSize); the rest, including a member the limit cuts
  // in two, reads as zero.
  std::memset(&P->Desc, 0, sizeof(P->Desc));
  std::memcpy(&P->Desc, Buffer.data(),
              std::min<uint64_t>(Readable, sizeof(P->Desc)));
  zeroCutMembers(P->Desc, Readable);
  const NevercPluginDescriptor &D = P->Desc;
  if (D.Header.Major != NEVERC_PLUGIN_ABI_MAJOR)
    return Refuse(makeStatus(NEVERC_STATUS_ABI_MISMATCH),
                  "descriptor speaks plugin ABI major " +
                      std::to_string(D.Header.Major) + ", host speaks " +
                      std::to_string(NEVERC_PLUGIN_ABI_MAJOR));
  std::string_view ID = view(D.PluginID);
  if (!validPluginID(ID))
    return Refuse(makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR),
                  ID.empty() ? "descriptor has no PluginID"
                             : "PluginID '" + std::string(ID) +
                                   "' contains forbidden characters");
  P->ID = std::string(ID);
  if (!D.Register)
    return Refuse(makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR),
                  "descriptor of '" + P->ID + "' has no Register callback");
  if (D.Concurrency > NEVERC_CONCURRENCY_PROCESS_SERIAL ||
      D.Reentrancy > NEVERC_REENTRANCY_ALLOWED)
    return Refuse(makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR),
                  "descriptor of '" + P->ID +
                      "' declares an unknown concurrency or reentrancy model");
  if (findPlugin(P->ID))
    return Refuse(makeStatus(NEVERC_STATUS_DUPLICATE_ID),
                  "plugin ID '" + P->ID + "' is already loaded");
  P->DisplayName = std::string(view(D.DisplayName));
  P->Version = D.Version;
  P->VersionPrerelease = std::string(view(D.Version.Prerelease));
  P->VersionBuild = std::string(view(D.Version.BuildMetadata));
  P->Version.Prerelease = cview(P->VersionPrerelease);
  P->Version.BuildMetadata = cview(P->VersionBuild);
  P->Concurrency = D.Concurrency;
  P->Reentrancy = D.Reentrancy;
  P->Serialized =
      Config.Concurrent && P->Concurrency != NEVERC_CONCURRENCY_THREAD_SAFE;
  P->Guarded = P->Serialized || P->Reentrancy == NEVERC_REENTRANCY_NONE;
  std::vector<NevercPluginDependency> Deps;
  if (!copyArray(D.RequiredInterfaces, P->Required) ||
      !copyArray(D.OptionalInterfaces, P->Optional) ||
      !copyArray(D.Dependencies, Deps))
    return Refuse(makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR),
                  "descriptor of '" + P->ID + "' has a malformed array");
  for (const NevercPluginDependency &Dep : Deps) {
    if (view(Dep.PluginID).empty() || Dep.Kind > NEVERC_DEPENDENCY_AFTER)
      return Refuse(makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR),
                    "descriptor of '" + P->ID + "' has a malformed dependency");
    P->Dependencies.push_back(
        {std::string(view(Dep.PluginID)), Dep.Kind, Dep.Version});
  }
  P->Lock = std::make_unique<std::recursive_mutex>();
  P->Index = uint32_t(Plugins.size());
  Plugins.push_back(std::move(P));
  return okStatus();
}

//===----------------------------------------------------------------------===//
// Ordering and initialization
//===----------------------------------------------------------------------===//

NevercStatus Host::orderPlugins() {
  const size_t N = Plugins.size();
  // Edge A -> B means A is initialized before B.
  std::vector<std::vector<size_t>> After(N);
  std::vector<size_t> InDegree(N, 0);
  auto Edge = [&](size_t A, size_t B) {
    After[A].push_back(B);
    ++InDegree[B];
  };
  for (size_t I = 0; I < N; ++I) {
    Plugin &P = *Plugins[I];
    for (const Plugin::Dependency &D : P.Dependencies) {
      Plugin *Target = findPlugin(D.PluginID);
      if (D.Kind == NEVERC_DEPENDENCY_REQUIRED) {
        if (!Target) {
          report(NEVERC_DIAGNOSTIC_ERROR,
                 "requires plugin '" + D.PluginID + "', which is not loaded",
                 &P);
          return makeStatus(NEVERC_STATUS_DEPENDENCY_MISSING);
        }
        if (!inRange(Target->Version, D.Range,
                     !Target->VersionPrerelease.empty())) {
          report(NEVERC_DIAGNOSTIC_ERROR,
                 "requires plugin '" + D.PluginID +
                     "' in a version range that " +
                     std::to_string(Target->Version.Major) + "." +
                     std::to_string(Target->Version.Minor) + "." +
                     std::to_string(Target->Version.Patch) +
                     " does not satisfy",
                 &P);
          return makeStatus(NEVERC_STATUS_DEPENDENCY_MISSING);
        }
        Edge(Target->Index, I);
      } else if (Target && Target != &P) {
        // BEFORE: this plugin precedes the named one; AFTER: follows it.
        // Ordering against an absent plugin is no constraint.
        if (D.Kind == NEVERC_DEPENDENCY_BEFORE)
          Edge(I, Target->Index);
        else
          Edge(Target->Index, I);
      } else if (Target == &P && D.Kind == NEVERC_DEPENDENCY_REQUIRED) {
        return makeStatus(NEVERC_STATUS_DEPENDENCY_CYCLE);
      }
    }
  }
  // Kahn's algorithm, preferring load order among ready plugins.
  Order.clear();
  std::vector<bool> Done(N, false);
  for (size_t Step = 0; Step < N; ++Step) {
    size_t Pick = N;
    for (size_t I = 0; I < N && Pick == N; ++I)
      if (!Done[I] && InDegree[I] == 0)
        Pick = I;
    if (Pick == N) {
      std::string Names;
      for (size_t I = 0; I < N; ++I)
        if (!Done[I])
          Names += (Names.empty() ? "'" : ", '") + Plugins[I]->ID + "'";
      report(NEVERC_DIAGNOSTIC_ERROR,
             "plugin dependencies form a cycle among " + Names);
      Order.clear();
      return makeStatus(NEVERC_STATUS_DEPENDENCY_CYCLE);
    }
    Done[Pick] = true;
    Order.push_back(Plugins[Pick].get());
    for (size_t B : After[Pick])
      --InDegree[B];
  }
  return okStatus();
}

NevercStatus Host::initialize() {
  if (Initialized || ShutDown)
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  NevercStatus S = orderPlugins();
  if (!isOk(S))
    return S;
  for (Plugin *P : Order) {
    for (const NevercInterfaceRequirement &R : P->Required) {
      if (!R.Required)
        continue;
      const void *Table;
      NevercStatus Q = Interfaces.query(R.Interface, R.Major, R.MinimumMinor,
                                        &Table, nullptr, nullptr);
      if (!isOk(Q)) {
        char Buf[64];
        std::snprintf(Buf, sizeof Buf, "%016llx:%016llx",
                      (unsigned long long)R.Interface.High,
                      (unsigned long long)R.Interface.Low);
        report(NEVERC_DIAGNOSTIC_ERROR,
               std::string("required interface ") + Buf + " " +
                   std::to_string(R.Major) + "." +
                   std::to_string(R.MinimumMinor) + " is unavailable: " +
                   describe(Q),
               P);
        P->Failed = true;
        return Q;
      }
    }
    if (P->Desc.ProcessBegin) {
      S = callPlugin(*P, nullptr, CallbackRole::Lifecycle, [&] {
        return P->Desc.ProcessBegin(&P->Core, &P->ProcessState);
      });
      if (!isOk(S)) {
        report(NEVERC_DIAGNOSTIC_ERROR, "ProcessBegin failed with " + describe(S),
               P);
        P->Failed = true;
        return S;
      }
    }
    P->Registering = true;
    S = callPlugin(*P, nullptr, CallbackRole::Lifecycle, [&] {
      return P->Desc.Register(&P->Core, HostAccess::registrar(), P,
                              P->ProcessState);
    });
    P->Registering = false;
    P->Registered = true;
    if (!isOk(S)) {
      report(NEVERC_DIAGNOSTIC_ERROR, "Register failed with " + describe(S), P);
      P->Failed = true;
      return S;
    }
  }
  // Policy checks happen now, when every phase (built-in and plugin) is
  // known; the first refusal fails initialization, all are reported.
  NevercStatus First = okStatus();
  for (Plugin *P : Order) {
    NevercStatus A = applyRegistrations(*P);
    if (!isOk(A) && isOk(First))
      First = A;
  }
  if (!isOk(First))
    return First;
  for (auto &[PhaseName, PluginID] : ProviderChoices) {
    auto Idx = Graph.indexOfName(PhaseName);
    auto Fail = [&](std::string Msg) {
      report(NEVERC_DIAGNOSTIC_ERROR, "-fplugin-provider=" + PhaseName + ":" +
                                          PluginID + ": " + Msg);
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    };
    if (!Idx)
      return Fail("unknown phase '" + PhaseName + "'");
    PhaseInfo &Ph = Graph.at(*Idx);
    if (!Ph.has(NEVERC_PHASE_REPLACEABLE))
      return Fail("phase '" + PhaseName + "' is not replaceable");
    if (!findPlugin(PluginID))
      return Fail("no plugin '" + PluginID + "' is loaded");
    auto It = std::find_if(Ph.Providers.begin(), Ph.Providers.end(),
                           [&](auto &R) { return R.Owner->ID == PluginID; });
    if (It == Ph.Providers.end())
      return Fail("plugin '" + PluginID + "' provides no '" + PhaseName + "'");
    Ph.ProviderOwner = It->Owner;
  }
  for (uint32_t I = 0; I < Graph.size(); ++I) {
    PhaseInfo &Ph = Graph.at(I);
    if (Ph.ProviderOwner || Ph.Providers.empty())
      continue;
    std::vector<Plugin *> Owners;
    for (auto &R : Ph.Providers)
      if (std::find(Owners.begin(), Owners.end(), R.Owner) == Owners.end())
        Owners.push_back(R.Owner);
    if (Owners.size() > 1) {
      std::string Names;
      for (Plugin *O : Owners)
        Names += (Names.empty() ? "'" : ", '") + O->ID + "'";
      report(NEVERC_DIAGNOSTIC_ERROR,
             "several plugins provide phase '" + Ph.Name + "' (" + Names +
                 "); choose one with -fplugin-provider=" + Ph.Name +
                 ":<plugin-id>");
      return makeStatus(NEVERC_STATUS_DUPLICATE_ID);
    }
    Ph.ProviderOwner = Owners.front();
  }
  Graph.freeze();
  Initialized = true;
  return okStatus();
}

NevercStatus Host::applyRegistrations(Plugin &P) {
  NevercStatus First = okStatus();
  auto Refuse = [&](NevercStatus S, const NevercInterfaceID &ID,
                    const char *What, void *UserData,
                    NevercDestroyUserDataFn Destroy) {
    char Buf[64];
    std::snprintf(Buf, sizeof Buf, "%016llx:%016llx",
                  (unsigned long long)ID.High, (unsigned long long)ID.Low);
    auto Idx = Graph.indexOf(ID);
    std::string Phase = Idx ? Graph.at(*Idx).Name : std::string(Buf);
    report(NEVERC_DIAGNOSTIC_ERROR,
           std::string(What) + " refused: " +
               (S.Code == NEVERC_STATUS_NOT_FOUND
                    ? "no phase " + Phase + " exists"
                    : "phase " + Phase + " does not allow it"),
           &P, Idx ? std::string_view(Graph.at(*Idx).Name) : "");
    // H33: accepted by the registrar, so the host owns UserData now.
    destroyUserData(Destroy, UserData, *this, &P);
    if (isOk(First))
      First = S;
  };
  for (const NevercObserverDescriptor &D : P.PendingObservers) {
    auto Idx = Graph.indexOf(D.Phase);
    if (!Idx) {
      Refuse(makeStatus(NEVERC_STATUS_NOT_FOUND), D.Phase, "observer",
             D.UserData, D.DestroyUserData);
      continue;
    }
    PhaseInfo &Ph = Graph.at(*Idx);
    if (!Ph.has(NEVERC_PHASE_OBSERVABLE)) {
      Refuse(makeStatus(NEVERC_STATUS_POLICY_VIOLATION), D.Phase, "observer",
             D.UserData, D.DestroyUserData);
      continue;
    }
    ObserverRegistration R{D.Callback, D.UserData, &P};
    NevercObserverPoint Points = D.Points & Ph.Points;
    if (!Points)
      report(NEVERC_DIAGNOSTIC_WARNING,
             "observer of phase " + Ph.Name +
                 " asks only for points the phase does not declare; it will "
                 "never be called",
             &P, Ph.Name);
    if (Points & NEVERC_OBSERVER_BEFORE)
      Ph.Before.push_back(R);
    if (Points & NEVERC_OBSERVER_AFTER)
      Ph.After.push_back(R);
    if (Points & NEVERC_OBSERVER_AFTER_COMMIT)
      Ph.AfterCommit.push_back(R);
    Ph.Active = true;
    if (D.DestroyUserData && D.UserData)
      P.OwnedUserData.emplace_back(D.DestroyUserData, D.UserData);
  }
  for (const NevercInterceptorDescriptor &D : P.PendingInterceptors) {
    auto Idx = Graph.indexOf(D.Phase);
    if (!Idx || !Graph.at(*Idx).has(NEVERC_PHASE_INTERCEPTABLE)) {
      Refuse(makeStatus(Idx ? NEVERC_STATUS_POLICY_VIOLATION
                            : NEVERC_STATUS_NOT_FOUND),
             D.Phase, "interceptor", D.UserData, D.DestroyUserData);
      continue;
    }
    PhaseInfo &Ph = Graph.at(*Idx);
    Ph.Interceptors.push_back({D.Callback, D.UserData, &P});
    Ph.Active = true;
    if (D.DestroyUserData && D.UserData)
      P.OwnedUserData.emplace_back(D.DestroyUserData, D.UserData);
  }
  for (Plugin::PendingProvider &PP : P.PendingProviders) {
    auto Idx = Graph.indexOf(PP.D.Phase);
    if (!Idx || !Graph.at(*Idx).has(NEVERC_PHASE_REPLACEABLE)) {
      Refuse(makeStatus(Idx ? NEVERC_STATUS_POLICY_VIOLATION
                            : NEVERC_STATUS_NOT_FOUND),
             PP.D.Phase, "provider", PP.D.UserData, PP.D.DestroyUserData);
      continue;
    }
    PhaseInfo &Ph = Graph.at(*Idx);
    Ph.Providers.push_back(std::move(PP.R));
    Ph.Active = true;
    if (PP.D.DestroyUserData && PP.D.UserData)
      P.OwnedUserData.emplace_back(PP.D.DestroyUserData, PP.D.UserData);
  }
  P.PendingObservers.clear();
  P.PendingInterceptors.clear();
  P.PendingProviders.clear();
  return First;
}

//===----------------------------------------------------------------------===//
// Sessions and tasks
//===----------------------------------------------------------------------===//

Session::Session(Host &H, uint32_t Serial)
    : Owner(&H), Serial(Serial),
      Handle(encodeHandle(HandleKind::Session, HandleScope{Serial, 0}, 0, 1)),
      Diagnostics(HandleKind::Diagnostic, HandleScope{Serial, 0}) {
  PluginState.assign(H.Plugins.size(), nullptr);
  PluginBegun.assign(H.Plugins.size(), false);
  setRoute("");
  for (size_t I = 0; I < H.Plugins.size(); ++I)
    SerialLocks.push_back(std::make_unique<std::recursive_mutex>());
}

void Session::setRoute(std::string Triple, std::string CPU,
                       std::string Features, std::string ObjectFormat,
                       uint32_t ExecutionLevel) {
  RouteStrings[0] = std::move(Triple);
  RouteStrings[1] = std::move(CPU);
  RouteStrings[2] = std::move(Features);
  RouteStrings[3] = std::move(ObjectFormat);
  Route = {};
  Route.Header = {sizeof(NevercPhaseRoute), NEVERC_PLUGIN_ABI_MAJOR,
                  NEVERC_PLUGIN_ABI_MINOR, 0};
  Route.TargetTriple = cview(RouteStrings[0]);
  Route.CPU = cview(RouteStrings[1]);
  Route.Features = cview(RouteStrings[2]);
  Route.ObjectFormat = cview(RouteStrings[3]);
  Route.ExecutionLevel = ExecutionLevel;
}

NevercDiagnosticHandle Session::recordDiagnostic() {
  return Diagnostics.insert(0);
}

NevercStatus Host::beginSession(Session **Out, SessionSetup Setup) {
  if (!Out)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  *Out = nullptr;
  if (!Initialized || ShutDown)
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  std::unique_ptr<Session> S;
  {
    std::lock_guard<std::recursive_mutex> Lock(SessionsLock);
    if (NextSessionSerial >= 0xffffff)
      return makeStatus(NEVERC_STATUS_RESOURCE_EXHAUSTED);
    S.reset(new Session(*this, NextSessionSerial++));
    Sessions.push_back(std::move(S));
  }
  Session &Sess = *Sessions.back();
  Sess.Values = std::move(Setup.Values);
  Sess.setRoute(std::move(Setup.Triple), std::move(Setup.CPU),
                std::move(Setup.Features), std::move(Setup.ObjectFormat),
                Setup.ExecutionLevel);
  for (Plugin *P : Order) {
    if (!P->Desc.SessionBegin) {
      Sess.PluginBegun[P->Index] = true;
      continue;
    }
    void *State = nullptr;
    NevercStatus St = callPlugin(*P, nullptr, CallbackRole::Lifecycle, [&] {
      return P->Desc.SessionBegin(&P->Core, Sess.Handle, P->ProcessState,
                                  &State);
    });
    if (!isOk(St)) {
      report(NEVERC_DIAGNOSTIC_ERROR, "SessionBegin failed with " + describe(St),
             P);
      endSession(&Sess);
      return St;
    }
    Sess.PluginState[P->Index] = State;
    Sess.PluginBegun[P->Index] = true;
  }
  *Out = &Sess;
  return okStatus();
}

NevercStatus Host::endSession(Session *S) {
  if (!S)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  NevercStatus First = okStatus();
  while (!S->Tasks.empty()) {
    NevercStatus T = S->endTask(S->Tasks.back().get());
    if (!isOk(T) && isOk(First))
      First = T;
  }
  for (auto It = Order.rbegin(); It != Order.rend(); ++It) {
    Plugin *P = *It;
    if (!S->PluginBegun[P->Index])
      continue;
    S->PluginBegun[P->Index] = false;
    if (!P->Desc.SessionEnd)
      continue;
    NevercStatus St = callPlugin(*P, nullptr, CallbackRole::Lifecycle, [&] {
      return P->Desc.SessionEnd(&P->Core, S->Handle, P->ProcessState,
                                S->PluginState[P->Index]);
    });
    if (!isOk(St)) {
      report(NEVERC_DIAGNOSTIC_ERROR, "SessionEnd failed with " + describe(St),
             P);
      if (isOk(First))
        First = St;
    }
  }
  std::lock_guard<std::recursive_mutex> Lock(SessionsLock);
  auto It = std::find_if(Sessions.begin(), Sessions.end(),
                         [&](auto &U) { return U.get() == S; });
  if (It != Sessions.end())
    if (LastSession == It->get())
      LastSession = nullptr;
    Sessions.erase(It);
  return First;
}

std::unique_lock<std::recursive_mutex> Host::serialize(Plugin &P, Task *T) {
  std::recursive_mutex *M = P.Lock.get();
  if (P.Concurrency == NEVERC_CONCURRENCY_SESSION_SERIAL && T)
    M = T->Owner->SerialLocks[P.Index].get();
  return std::unique_lock<std::recursive_mutex>(*M);
}

Task::Task(Session &S, uint32_t Serial, NevercTaskKind Kind)
    : Owner(&S), Serial(Serial), Kind(Kind),
      Handle(
          encodeHandle(HandleKind::Task, HandleScope{S.Serial, Serial}, 0, 1)),
      CancellationToken(encodeHandle(HandleKind::Cancellation,
                                     HandleScope{S.Serial, Serial}, 0, 1)),
      Artifacts(HandleKind::Artifact, HandleScope{S.Serial, Serial}),
      Proofs(HandleKind::Proof, HandleScope{S.Serial, Serial}) {
  PluginState.assign(S.PluginState.size(), nullptr);
  PluginBegun.assign(S.PluginState.size(), false);
}

NevercStatus Session::beginTask(NevercTaskKind Kind, Task **Out) {
  if (!Out || Kind < NEVERC_TASK_INVOCATION || Kind > NEVERC_TASK_DYNCODE)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  *Out = nullptr;
  Host &H = *Owner;
  Task *T;
  {
    std::lock_guard<std::recursive_mutex> Lock(H.SessionsLock);
    Tasks.push_back(std::unique_ptr<Task>(new Task(*this, NextTaskSerial++, Kind)));
    T = Tasks.back().get();
  }
  for (Plugin *P : H.Order) {
    if (!P->Desc.TaskBegin) {
      T->PluginBegun[P->Index] = true;
      continue;
    }
    void *State = nullptr;
    NevercStatus St = H.callPlugin(*P, T, CallbackRole::Lifecycle, [&] {
      return P->Desc.TaskBegin(&P->Core, T->Handle, Kind, P->ProcessState,
                               PluginState[P->Index], &State);
    });
    if (!isOk(St)) {
      H.report(NEVERC_DIAGNOSTIC_ERROR, "TaskBegin failed with " + describe(St),
               P);
      endTask(T);
      return St;
    }
    T->PluginState[P->Index] = State;
    T->PluginBegun[P->Index] = true;
  }
  *Out = T;
  return okStatus();
}

NevercStatus Session::endTask(Task *T) {
  if (!T || &T->session() != this)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  Host &H = *Owner;
  NevercStatus First = okStatus();
  for (auto It = H.Order.rbegin(); It != H.Order.rend(); ++It) {
    Plugin *P = *It;
    if (!T->PluginBegun[P->Index])
      continue;
    T->PluginBegun[P->Index] = false;
    if (!P->Desc.TaskEnd)
      continue;
    NevercStatus St = H.callPlugin(*P, T, CallbackRole::Lifecycle, [&] {
      return P->Desc.TaskEnd(&P->Core, T->Handle, T->Kind, P->ProcessState,
                             PluginState[P->Index], T->PluginState[P->Index]);
    });
    if (!isOk(St)) {
      H.report(NEVERC_DIAGNOSTIC_ERROR, "TaskEnd failed with " + describe(St),
               P);
      if (isOk(First))
        First = St;
    }
  }
  for (const std::string &Leak : T->Ledger.takeLeaks()) {
    H.report(NEVERC_DIAGNOSTIC_ERROR,
             "leaked mutation: transaction '" + Leak +
                 "' was neither committed nor abandoned before its task ended");
    if (isOk(First))
      First = makeStatus(NEVERC_STATUS_INVALID_STATE);
  }
  T->Artifacts.clear();
  T->Proofs.clear();
  std::lock_guard<std::recursive_mutex> Lock(H.SessionsLock);
  auto It = std::find_if(Tasks.begin(), Tasks.end(),
                         [&](auto &U) { return U.get() == T; });
  if (It != Tasks.end())
    Tasks.erase(It);
  return First;
}

bool Host::sessionAlive(uint32_t S) const {
  std::lock_guard<std::recursive_mutex> Lock(SessionsLock);
  for (auto &U : Sessions)
    if (U->Serial == S)
      return true;
  return false;
}

bool Host::taskAlive(uint32_t S, uint32_t T) const {
  std::lock_guard<std::recursive_mutex> Lock(SessionsLock);
  for (auto &U : Sessions)
    if (U->Serial == S)
      for (auto &K : U->Tasks)
        if (K->Serial == T)
          return true;
  return false;
}

// Both resolvers take one pass over the live scopes (few: one session per
// invocation, a handful of tasks) and lock only when tasks may run on
// several threads; the statuses are those of checkHandleScope.
NevercStatus Host::resolveSession(NevercSessionHandle H, Session **Out) const {
  // The session asked for last: a plugin that asks for its session state on
  // every callback asks for the same one each time. Single-threaded hosts
  // only (the cache is a plain member).
  if (!Config.Concurrent && LastSession && LastSession->Handle == H) {
    *Out = LastSession;
    return okStatus();
  }
  DecodedHandle D = decodeHandle(H);
  if (isNull(H) || D.Kind != HandleKind::Session || D.Scope.Session == 0 ||
      D.Scope.Task != 0)
    return makeStatus(NEVERC_STATUS_WRONG_TYPE);
  std::unique_lock<std::recursive_mutex> Lock(SessionsLock, std::defer_lock);
  if (Config.Concurrent)
    Lock.lock();
  for (auto &U : Sessions)
    if (U->Serial == D.Scope.Session) {
      if (!(U->Handle == H))
        return makeStatus(NEVERC_STATUS_STALE_HANDLE);
      *Out = U.get();
      if (!Config.Concurrent)
        LastSession = U.get();
      return okStatus();
    }
  return makeStatus(NEVERC_STATUS_STALE_HANDLE);
}

NevercStatus Host::resolveTask(NevercTaskHandle H, Task **Out) const {
  DecodedHandle D = decodeHandle(H);
  if (isNull(H) || D.Kind != HandleKind::Task || D.Scope.Session == 0 ||
      D.Scope.Task == 0)
    return makeStatus(NEVERC_STATUS_WRONG_TYPE);
  std::unique_lock<std::recursive_mutex> Lock(SessionsLock, std::defer_lock);
  if (Config.Concurrent)
    Lock.lock();
  for (auto &U : Sessions)
    if (U->Serial == D.Scope.Session) {
      for (auto &K : U->Tasks)
        if (K->Serial == D.Scope.Task) {
          if (!(K->Handle == H))
            return makeStatus(NEVERC_STATUS_STALE_HANDLE);
          *Out = K.get();
          return okStatus();
        }
      return makeStatus(NEVERC_STATUS_STALE_HANDLE);
    }
  return makeStatus(NEVERC_STATUS_STALE_HANDLE);
}

//===----------------------------------------------------------------------===//
// Task artifacts and proofs
//===----------------------------------------------------------------------===//

NevercArtifactHandle Task::createArtifact(NevercInterfaceID Type,
                                          void *Payload) {
  return Artifacts.insert({Type, Payload});
}

NevercProofHandle Task::createProof(NevercInterfaceID Phase, void *Payload) {
  return Proofs.insert({Phase, Payload});
}

static NevercStatus lookupIn(const Task &T, const Host &H, HandleKind Kind,
                             NevercHandle Handle,
                             HandleTable<std::pair<NevercInterfaceID, void *>> &Table,
                             NevercInterfaceID *Type, void **Payload);

NevercStatus Task::lookupArtifact(NevercArtifactHandle H,
                                  NevercInterfaceID *Type,
                                  void **Payload) const {
  return lookupIn(*this, Owner->host(), HandleKind::Artifact, H,
                  const_cast<Task *>(this)->Artifacts, Type, Payload);
}

NevercStatus Task::lookupProof(NevercProofHandle H, NevercInterfaceID *Phase,
                               void **Payload) const {
  return lookupIn(*this, Owner->host(), HandleKind::Proof, H,
                  const_cast<Task *>(this)->Proofs, Phase, Payload);
}

bool Task::continuationLive(const NevercPhaseContinuation *C) const {
  if (!C)
    return false;
  for (const NevercPhaseContinuation *L : LiveContinuations)
    if (L == C)
      return true;
  return false;
}

static NevercStatus lookupIn(const Task &T, const Host &H, HandleKind Kind,
                             NevercHandle Handle,
                             HandleTable<std::pair<NevercInterfaceID, void *>> &Table,
                             NevercInterfaceID *Type, void **Payload) {
  // The fast case first: a live handle of this very task.
  if (auto *E = Table.lookup(Handle)) {
    if (Type)
      *Type = E->first;
    if (Payload)
      *Payload = E->second;
    return okStatus();
  }
  HandleScope Expected{T.session().serial(),
                       decodeHandle(T.handle()).Scope.Task};
  NevercStatus S =
      checkHandleScope(Handle, Kind, Expected, HostAccess::scopes(H), true);
  if (!isOk(S))
    return S;
  // Right kind and scope, but the slot was freed or reused.
  return makeStatus(NEVERC_STATUS_STALE_HANDLE);
}

//===----------------------------------------------------------------------===//
// Shutdown
//===----------------------------------------------------------------------===//

void Host::destroyRegistrations() {
  for (Plugin *P : Order)
    for (auto &[Destroy, Data] : P->OwnedUserData)
      destroyUserData(Destroy, Data, *this, P);
  for (auto &P : Plugins)
    if (std::find(Order.begin(), Order.end(), P.get()) == Order.end())
      for (auto &[Destroy, Data] : P->OwnedUserData)
        destroyUserData(Destroy, Data, *this, P.get());
  for (auto &P : Plugins)
    P->OwnedUserData.clear();
  for (const OptionSpec &S : Options.all())
    destroyUserData(S.DestroyUserData, S.UserData, *this,
                    findPlugin(S.PluginID));
  Options.forget();
}

void Host::shutdown() {
  if (ShutDown)
    return;
  ShutDown = true;
  while (!Sessions.empty())
    endSession(Sessions.back().get());
  // Pending (never applied) registrations still belong to the host: the
  // registrar accepted them.
  for (auto &P : Plugins) {
    for (auto &D : P->PendingObservers)
      if (D.DestroyUserData && D.UserData)
        P->OwnedUserData.emplace_back(D.DestroyUserData, D.UserData);
    for (auto &D : P->PendingInterceptors)
      if (D.DestroyUserData && D.UserData)
        P->OwnedUserData.emplace_back(D.DestroyUserData, D.UserData);
    for (auto &D : P->PendingProviders)
      if (D.D.DestroyUserData && D.D.UserData)
        P->OwnedUserData.emplace_back(D.D.DestroyUserData, D.D.UserData);
  }
  destroyRegistrations();
  std::vector<Plugin *> Reverse(Order.rbegin(), Order.rend());
  for (Plugin *P : Reverse) {
    if (!P->Registered || !P->Desc.Destroy)
      continue;
    NevercStatus S = callPlugin(*P, nullptr, CallbackRole::Lifecycle, [&] {
      return P->Desc.Destroy(&P->Core, P->ProcessState);
    });
    if (!isOk(S))
      report(NEVERC_DIAGNOSTIC_WARNING, "Destroy failed with " + describe(S), P);
    if (P->BytesLive.load())
      report(NEVERC_DIAGNOSTIC_WARNING,
             "plugin still holds " + std::to_string(P->BytesLive.load()) +
                 " bytes from Allocate at unload",
             P);
  }
  for (auto &P : Plugins)
    if (P->Module)
      ::dlclose(P->Module);
  Plugins.clear();
  Order.clear();
}

} // namespace neverc::core
