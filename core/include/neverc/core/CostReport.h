//===- CostReport.h - What each plugin costs, per phase ---------*- C++ -*-===//
//
// ExecutionProbe sees every observed phase run, every plugin callback the
// host makes, the built-in step and the rest of an interceptor chain
// (InvokeNext). A host has one only when something asked for it
// (HostConfig::Probe): without a probe nothing is timed, and each hook is
// one predictable branch.
//
// CostLedger is the probe behind -fplugin-report: spans nest on a
// per-thread stack, so a span's self time is its total minus its children's
// totals. Per plugin and phase it counts callbacks and their total and self
// time; per phase, runs, the host's own time (frame, handles, verifier,
// chain bookkeeping: the phase run's self time plus that of its InvokeNext
// spans) and the built-in step's inclusive time. Plugins' bytes come from
// the core table's allocation accounting.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_COSTREPORT_H
#define NEVERC_CORE_COSTREPORT_H

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace neverc::core {

class Host;
class Plugin;
struct PhaseInfo;
enum class CallbackRole : uint8_t;

class ExecutionProbe {
public:
  virtual ~ExecutionProbe();
  /// An observed phase run (or event) begins / ends.
  virtual void phaseBegin(const PhaseInfo &P) = 0;
  virtual void phaseEnd(const PhaseInfo &P) = 0;
  /// A call into \p Plugin; \p Phase is null for lifecycle callbacks.
  virtual void callbackBegin(const Plugin &Plugin, const PhaseInfo *Phase,
                             CallbackRole Role) = 0;
  virtual void callbackEnd(const Plugin &Plugin, const PhaseInfo *Phase,
                           CallbackRole Role) = 0;
  /// The built-in step of \p P runs.
  virtual void builtinBegin(const PhaseInfo &P) = 0;
  virtual void builtinEnd(const PhaseInfo &P) = 0;
  /// An interceptor's InvokeNext: the rest of the chain runs.
  virtual void downstreamBegin(const PhaseInfo &P) = 0;
  virtual void downstreamEnd(const PhaseInfo &P) = 0;
};

class CostLedger final : public ExecutionProbe {
public:
  CostLedger();
  ~CostLedger() override;

  void phaseBegin(const PhaseInfo &P) override;
  void phaseEnd(const PhaseInfo &P) override;
  void callbackBegin(const Plugin &Plugin, const PhaseInfo *Phase,
                     CallbackRole Role) override;
  void callbackEnd(const Plugin &Plugin, const PhaseInfo *Phase,
                   CallbackRole Role) override;
  void builtinBegin(const PhaseInfo &P) override;
  void builtinEnd(const PhaseInfo &P) override;
  void downstreamBegin(const PhaseInfo &P) override;
  void downstreamEnd(const PhaseInfo &P) override;

  struct PluginPhase {
    uint64_t Callbacks = 0, TotalNs = 0, SelfNs = 0;
  };
  struct PhaseCost {
    uint64_t Runs = 0, HostNs = 0, BuiltinNs = 0;
  };
  /// Keyed by plugin ID, then phase name ("(lifecycle)" for lifecycle
  /// callbacks); phases by name. Merged over all threads.
  std::map<std::string, std::map<std::string, PluginPhase>> byPlugin() const;
  std::map<std::string, PhaseCost> byPhase() const;

  /// The report as a table (stderr) or JSON; bytes per plugin from \p H.
  void writeTable(std::FILE *Out, const Host &H) const;
  void writeJSON(std::FILE *Out, const Host &H) const;

private:
  struct ThreadLedger;
  ThreadLedger &local();
  mutable std::mutex Lock;
  std::vector<std::unique_ptr<ThreadLedger>> Threads;
};

} // namespace neverc::core

#endif // NEVERC_CORE_COSTREPORT_H
