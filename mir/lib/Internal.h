//===- Internal.h - Shared pieces of the MIR domain (LLVM side) -*- C++ -*-===//
//
// One Compile per cc1 that has a registration on a MIR phase: the task the
// phases run in, whether a phase failed, whether a plugin could have changed
// machine IR (then the sealed mir.final_verify runs LLVM's MachineVerifier),
// and what Hooks.cpp put into LLVM's pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_MIR_LIB_INTERNAL_H
#define NEVERC_MIR_LIB_INTERNAL_H

#include "neverc/mir/MIRDomain.h"
#include "neverc/core/Status.h"

#include <memory>
#include <vector>

namespace llvm {
class MachineFunction;
class Pass;
class RegisterTargetPassConfigCallback;
namespace legacy {
class PassManagerBase;
} // namespace legacy
} // namespace llvm

namespace neverc::mir {

using core::isOk;
using core::okStatus;

/// The nine hook points, in pipeline order (the phases' Low IDs 1-9).
enum Hook : unsigned {
  PostIsel,
  PostLegalize,
  PreScheduler,
  PostScheduler,
  PreRegalloc,
  PostRegalloc,
  PostPrologEpilog,
  Preemit,
  Final,
  HookCount
};

/// The phase index of a hook.
uint32_t hookPhase(Hook H);

struct Compile {
  core::Task *T = nullptr;
  clang::CompilerInstance *CI = nullptr;
  bool Failed = false;
  /// A plugin intercepts a MIR phase: what reaches the AsmPrinter may not
  /// be what LLVM made, so the verifiers run.
  bool MayChange = false;
  /// Final-point candidates placed so far; the last one is the final point.
  unsigned Candidates = 0;
  /// LLVM's pipeline hook, registered only while this compile runs.
  std::unique_ptr<llvm::RegisterTargetPassConfigCallback> Callback;
  /// The pass managers Hooks.cpp put between TargetPassConfig and Clang's.
  std::vector<std::unique_ptr<llvm::legacy::PassManagerBase>> Managers;
  ~Compile();
};

struct MIRDomain::Impl {
  explicit Impl(core::Host &H) : H(H) {}
  core::Host &H;
  std::unique_ptr<Compile> Current;

  bool phaseActive(uint32_t Phase) const;
  /// Any MIR phase has a registration.
  bool active() const;
  /// Runs one phase for \p MF (\p From: the pass running it, for the
  /// verifier's analyses). A failure is reported and fails the compile;
  /// the phases after it do not run.
  void run(uint32_t Phase, llvm::MachineFunction &MF, llvm::Pass *From);
  void fail(uint32_t Phase, const llvm::MachineFunction &MF, NevercStatus S);
};

/// Registers the pipeline hook of \p C (Hooks.cpp).
void installPipelineHook(MIRDomain::Impl &D, Compile &C);

/// LLVM's MachineVerifier on \p MF, never aborting: VERIFICATION_FAILED
/// with its first report as an error naming \p Gate.
NevercStatus verifyMachineFunction(MIRDomain::Impl &D,
                                   const llvm::MachineFunction &MF,
                                   llvm::Pass *From, const char *Gate);

} // namespace neverc::mir

#endif
