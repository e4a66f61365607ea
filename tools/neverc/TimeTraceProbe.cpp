//===- TimeTraceProbe.cpp - Phase runs and plugin callbacks as trace spans ===//
#include "Probes.h"

#include "neverc/core/Host.h"

#include "llvm/Support/TimeProfiler.h"

namespace neverc {
namespace {

class TimeTraceProbe final : public core::ExecutionProbe {
public:
  void phaseBegin(const core::PhaseInfo &P) override {
    push(P.Name, "");
  }
  void phaseEnd(const core::PhaseInfo &) override { pop(); }
  void callbackBegin(const core::Plugin &Pl, const core::PhaseInfo *P,
                     core::CallbackRole) override {
    push("plugin " + std::string(Pl.id()), P ? P->Name : "(lifecycle)");
  }
  void callbackEnd(const core::Plugin &, const core::PhaseInfo *,
                   core::CallbackRole) override {
    pop();
  }
  // The built-in step is clang's own work, already in clang's spans; the
  // rest of a chain is the interceptors' and the host's.
  void builtinBegin(const core::PhaseInfo &) override {}
  void builtinEnd(const core::PhaseInfo &) override {}
  void downstreamBegin(const core::PhaseInfo &) override {}
  void downstreamEnd(const core::PhaseInfo &) override {}

private:
  // Spans begun while no profiler ran (driver phases outside cc1) are
  // remembered as null so their ends match.
  void push(const std::string &Name, const std::string &Detail) {
    Open.push_back(llvm::timeTraceProfilerEnabled()
                       ? llvm::timeTraceProfilerBegin(Name, Detail)
                       : nullptr);
  }
  void pop() {
    if (Open.empty())
      return;
    llvm::TimeTraceProfilerEntry *E = Open.back();
    Open.pop_back();
    if (E && llvm::timeTraceProfilerEnabled())
      llvm::timeTraceProfilerEnd(E);
  }
  std::vector<llvm::TimeTraceProfilerEntry *> Open;
};

} // namespace

std::unique_ptr<core::ExecutionProbe> makeTimeTraceProbe() {
  return std::make_unique<TimeTraceProbe>();
}

} // namespace neverc
