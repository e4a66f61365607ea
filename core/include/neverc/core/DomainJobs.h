//===- DomainJobs.h - The jobs a domain runs, found by task -----*- C++ -*-===//
//
// LLVM-free. A domain that runs its phases over one unit of work at a time
// per task (an object, a link) keeps that job here while it runs, so a
// plugin callback's task handle finds the job it belongs to; and runs each
// phase with the job saying which phase is running (what its slots check).
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_DOMAINJOBS_H
#define NEVERC_CORE_DOMAINJOBS_H

#include "neverc/core/Host.h"

#include <mutex>
#include <unordered_map>

namespace neverc::core {

template <class Job> class JobRegistry {
public:
  /// The job running in \p T (null: none).
  Job *find(const Task *T) {
    std::lock_guard<std::mutex> L(Lock);
    auto It = Jobs.find(T);
    return It == Jobs.end() ? nullptr : It->second;
  }

  /// Makes a job findable from its task while the scope lives.
  class Scope {
  public:
    Scope(JobRegistry &R, const Task &T, Job &J) : R(R), T(&T) {
      std::lock_guard<std::mutex> L(R.Lock);
      R.Jobs[&T] = &J;
    }
    ~Scope() {
      std::lock_guard<std::mutex> L(R.Lock);
      R.Jobs.erase(T);
    }
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    JobRegistry &R;
    const Task *T;
  };

private:
  std::mutex Lock;
  std::unordered_map<const Task *, Job *> Jobs;
};

/// Runs phase \p Id of a job in task \p T; \p Running names the phase while
/// it runs (0 after). \p Prepared: the output the phase builds in place
/// (PhaseRequest::Prepared).
inline PhaseOutcome runJobPhase(Host &H, Task &T, uint32_t &Running,
                                uint32_t Id, void *Input, PhaseStep Step,
                                PhaseVerifier Verifier,
                                void *Prepared = nullptr,
                                ProofCheck Proofs = {}) {
  PhaseRequest Req;
  Req.T = &T;
  Req.Input = Input;
  Req.Builtin = Step;
  Req.Verifier = Verifier;
  Req.Prepared = Prepared;
  Req.Proofs = Proofs;
  Running = Id;
  PhaseOutcome O = H.runPhase(Id, Req);
  Running = 0;
  return O;
}

} // namespace neverc::core

#endif
