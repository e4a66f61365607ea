//===- Probes.h - Execution probes of the neverc command --------*- C++ -*-===//
//
// -fplugin-report installs a core::CostLedger; -ftime-trace a probe that
// turns every observed phase run and plugin callback into a span of
// clang's own time trace (named by phase, and "plugin <id>" with the phase
// as detail), so one trace viewer shows clang's work and the plugins' side
// by side. Both at once go through a TeeProbe. Without either flag the host
// has no probe and times nothing.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_TOOLS_NEVERC_PROBES_H
#define NEVERC_TOOLS_NEVERC_PROBES_H

#include "neverc/core/CostReport.h"

#include <memory>
#include <vector>

namespace neverc {

/// Spans in LLVM's time-trace profiler of the current thread, when one is
/// running (cc1 starts it for -ftime-trace); nothing otherwise.
std::unique_ptr<core::ExecutionProbe> makeTimeTraceProbe();

/// Forwards every event to each probe, in order (ends in reverse order).
class TeeProbe final : public core::ExecutionProbe {
public:
  explicit TeeProbe(std::vector<core::ExecutionProbe *> Probes)
      : Probes(std::move(Probes)) {}
  void phaseBegin(const core::PhaseInfo &P) override {
    for (auto *X : Probes)
      X->phaseBegin(P);
  }
  void phaseEnd(const core::PhaseInfo &P) override {
    for (auto It = Probes.rbegin(); It != Probes.rend(); ++It)
      (*It)->phaseEnd(P);
  }
  void callbackBegin(const core::Plugin &Pl, const core::PhaseInfo *P,
                     core::CallbackRole R) override {
    for (auto *X : Probes)
      X->callbackBegin(Pl, P, R);
  }
  void callbackEnd(const core::Plugin &Pl, const core::PhaseInfo *P,
                   core::CallbackRole R) override {
    for (auto It = Probes.rbegin(); It != Probes.rend(); ++It)
      (*It)->callbackEnd(Pl, P, R);
  }
  void builtinBegin(const core::PhaseInfo &P) override {
    for (auto *X : Probes)
      X->builtinBegin(P);
  }
  void builtinEnd(const core::PhaseInfo &P) override {
    for (auto It = Probes.rbegin(); It != Probes.rend(); ++It)
      (*It)->builtinEnd(P);
  }
  void downstreamBegin(const core::PhaseInfo &P) override {
    for (auto *X : Probes)
      X->downstreamBegin(P);
  }
  void downstreamEnd(const core::PhaseInfo &P) override {
    for (auto It = Probes.rbegin(); It != Probes.rend(); ++It)
      (*It)->downstreamEnd(P);
  }

private:
  std::vector<core::ExecutionProbe *> Probes;
};

} // namespace neverc

#endif
