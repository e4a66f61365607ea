//===- CostReport.cpp - The ledger behind -fplugin-report -----------------===//
#include "neverc/core/CostReport.h"
#include "neverc/core/Host.h"

#include <atomic>
#include <chrono>
#include <thread>

namespace neverc::core {

ExecutionProbe::~ExecutionProbe() = default;

namespace {

uint64_t nowNs() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

enum class SpanKind : uint8_t { Phase, Callback, Builtin, Downstream };

std::string jsonString(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (static_cast<unsigned char>(C) < 0x20) {
      char B[8];
      std::snprintf(B, sizeof B, "\\u%04x", C);
      Out += B;
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

double ms(uint64_t Ns) { return double(Ns) / 1e6; }

/// The report's phase order: lifecycle first, then the phase graph's
/// (pipeline) order, plugin phases included.
std::vector<std::string> phaseOrder(const Host &H) {
  std::vector<std::string> Names{"(lifecycle)"};
  for (uint32_t I = 0; I < H.phases().size(); ++I)
    Names.push_back(H.phases().at(I).Name);
  return Names;
}

/// Calls Fn(name, value) for the entries of \p Map in \p Order (the
/// report's pipeline order), skipping names the map does not have.
template <class V, class F>
void inOrder(const std::vector<std::string> &Order,
             const std::map<std::string, V> &Map, F &&Fn) {
  for (const std::string &Name : Order) {
    auto It = Map.find(Name);
    if (It != Map.end())
      Fn(Name, It->second);
  }
}

} // namespace

struct CostLedger::ThreadLedger {
  std::thread::id Thread;
  struct Span {
    SpanKind Kind;
    const PhaseInfo *Phase;
    const Plugin *Owner;
    uint64_t Start;
    uint64_t ChildNs = 0;
  };
  std::vector<Span> Stack;
  /// Keyed by pointers while running (names are looked up when merged).
  std::map<std::pair<const Plugin *, const PhaseInfo *>, PluginPhase> Plugins;
  std::map<const PhaseInfo *, PhaseCost> Phases;

  void begin(SpanKind K, const PhaseInfo *P, const Plugin *Owner) {
    Stack.push_back({K, P, Owner, nowNs()});
  }
  void end() {
    if (Stack.empty())
      return;
    Span S = Stack.back();
    Stack.pop_back();
    const uint64_t Total = nowNs() - S.Start;
    const uint64_t Self = Total > S.ChildNs ? Total - S.ChildNs : 0;
    if (!Stack.empty())
      Stack.back().ChildNs += Total;
    switch (S.Kind) {
    case SpanKind::Phase: {
      PhaseCost &C = Phases[S.Phase];
      ++C.Runs;
      C.HostNs += Self;
      break;
    }
    case SpanKind::Callback: {
      PluginPhase &C = Plugins[{S.Owner, S.Phase}];
      ++C.Callbacks;
      C.TotalNs += Total;
      C.SelfNs += Self;
      break;
    }
    case SpanKind::Builtin:
      Phases[S.Phase].BuiltinNs += Total;
      break;
    case SpanKind::Downstream:
      // The chain's own bookkeeping between the callbacks it runs.
      if (S.Phase)
        Phases[S.Phase].HostNs += Self;
      break;
    }
  }
};

CostLedger::CostLedger() = default;
CostLedger::~CostLedger() = default;

CostLedger::ThreadLedger &CostLedger::local() {
  const std::thread::id Self = std::this_thread::get_id();
  // One lock per span: the probe exists only under -fplugin-report, where
  // it is part of what the report measures (the host itself times nothing
  // without it). A single-threaded host finds its ledger first in the list.
  std::lock_guard<std::mutex> G(Lock);
  for (auto &T : Threads)
    if (T->Thread == Self)
      return *T;
  Threads.push_back(std::make_unique<ThreadLedger>());
  Threads.back()->Thread = Self;
  return *Threads.back();
}

void CostLedger::phaseBegin(const PhaseInfo &P) {
  local().begin(SpanKind::Phase, &P, nullptr);
}
void CostLedger::phaseEnd(const PhaseInfo &) { local().end(); }
void CostLedger::callbackBegin(const Plugin &Pl, const PhaseInfo *P,
                               CallbackRole) {
  local().begin(SpanKind::Callback, P, &Pl);
}
void CostLedger::callbackEnd(const Plugin &, const PhaseInfo *, CallbackRole) {
  local().end();
}
void CostLedger::builtinBegin(const PhaseInfo &P) {
  local().begin(SpanKind::Builtin, &P, nullptr);
}
void CostLedger::builtinEnd(const PhaseInfo &) { local().end(); }
void CostLedger::downstreamBegin(const PhaseInfo &P) {
  local().begin(SpanKind::Downstream, &P, nullptr);
}
void CostLedger::downstreamEnd(const PhaseInfo &) { local().end(); }

std::map<std::string, std::map<std::string, CostLedger::PluginPhase>>
CostLedger::byPlugin() const {
  std::lock_guard<std::mutex> G(Lock);
  std::map<std::string, std::map<std::string, PluginPhase>> Out;
  for (const auto &T : Threads)
    for (const auto &[Key, C] : T->Plugins) {
      PluginPhase &D = Out[std::string(Key.first->id())]
                          [Key.second ? Key.second->Name : "(lifecycle)"];
      D.Callbacks += C.Callbacks;
      D.TotalNs += C.TotalNs;
      D.SelfNs += C.SelfNs;
    }
  return Out;
}

std::map<std::string, CostLedger::PhaseCost> CostLedger::byPhase() const {
  std::lock_guard<std::mutex> G(Lock);
  std::map<std::string, PhaseCost> Out;
  for (const auto &T : Threads)
    for (const auto &[P, C] : T->Phases) {
      PhaseCost &D = Out[P->Name];
      D.Runs += C.Runs;
      D.HostNs += C.HostNs;
      D.BuiltinNs += C.BuiltinNs;
    }
  return Out;
}

void CostLedger::writeTable(std::FILE *Out, const Host &H) const {
  const auto Plugins = byPlugin();
  const auto Phases = byPhase();
  const std::vector<std::string> Order = phaseOrder(H);
  std::fprintf(Out, "neverc: plugin cost report\n");
  std::fprintf(Out, "%-34s %-44s %10s %11s %11s\n", "plugin", "phase",
               "callbacks", "total ms", "self ms");
  for (const auto &P : H.plugins()) {
    const std::string ID(P->id());
    auto It = Plugins.find(ID);
    uint64_t Calls = 0, Total = 0, Self = 0;
    if (It != Plugins.end())
      inOrder(Order, It->second,
              [&](const std::string &Phase, const PluginPhase &C) {
                std::fprintf(Out, "%-34s %-44s %10llu %11.3f %11.3f\n",
                             ID.c_str(), Phase.c_str(),
                             (unsigned long long)C.Callbacks, ms(C.TotalNs),
                             ms(C.SelfNs));
                Calls += C.Callbacks;
                Total += C.TotalNs;
                Self += C.SelfNs;
              });
    std::fprintf(Out,
                 "%-34s %-44s %10llu %11.3f %11.3f  (allocated %llu bytes, "
                 "peak %llu)\n",
                 ID.c_str(), "(all phases)", (unsigned long long)Calls,
                 ms(Total), ms(Self), (unsigned long long)P->bytesTotal(),
                 (unsigned long long)P->peakBytes());
  }
  std::fprintf(Out, "%-44s %10s %11s %13s\n", "phase", "runs", "host ms",
               "built-in ms");
  inOrder(Order, Phases, [&](const std::string &Name, const PhaseCost &C) {
    std::fprintf(Out, "%-44s %10llu %11.3f %13.3f\n", Name.c_str(),
                 (unsigned long long)C.Runs, ms(C.HostNs), ms(C.BuiltinNs));
  });
}

void CostLedger::writeJSON(std::FILE *Out, const Host &H) const {
  const auto Plugins = byPlugin();
  const auto Phases = byPhase();
  const std::vector<std::string> Order = phaseOrder(H);
  std::fprintf(Out, "{\"plugins\": [");
  bool FirstPlugin = true;
  for (const auto &P : H.plugins()) {
    const std::string ID(P->id());
    std::fprintf(Out,
                 "%s\n  {\"id\": %s, \"bytes_allocated\": %llu, "
                 "\"bytes_peak\": %llu, \"phases\": [",
                 FirstPlugin ? "" : ",", jsonString(ID).c_str(),
                 (unsigned long long)P->bytesTotal(),
                 (unsigned long long)P->peakBytes());
    FirstPlugin = false;
    auto It = Plugins.find(ID);
    bool First = true;
    if (It != Plugins.end())
      inOrder(Order, It->second,
              [&](const std::string &Phase, const PluginPhase &C) {
                std::fprintf(Out,
                             "%s\n    {\"phase\": %s, \"callbacks\": %llu, "
                             "\"total_ns\": %llu, \"self_ns\": %llu}",
                             First ? "" : ",", jsonString(Phase).c_str(),
                             (unsigned long long)C.Callbacks,
                             (unsigned long long)C.TotalNs,
                             (unsigned long long)C.SelfNs);
                First = false;
              });
    std::fprintf(Out, "]}");
  }
  std::fprintf(Out, "],\n \"phases\": [");
  bool First = true;
  inOrder(Order, Phases, [&](const std::string &Name, const PhaseCost &C) {
    std::fprintf(Out,
                 "%s\n  {\"phase\": %s, \"runs\": %llu, \"host_ns\": %llu, "
                 "\"builtin_ns\": %llu}",
                 First ? "" : ",", jsonString(Name).c_str(),
                 (unsigned long long)C.Runs, (unsigned long long)C.HostNs,
                 (unsigned long long)C.BuiltinNs);
    First = false;
  });
  std::fprintf(Out, "]}\n");
}

} // namespace neverc::core
