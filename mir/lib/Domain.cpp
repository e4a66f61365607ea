//===- Domain.cpp - MIRDomain: joining a compile, running a phase ---------===//
//
// A MIR phase runs once per machine function at its hook: LLVM's legacy
// code generator runs every machine pass (and the AsmPrinter) on one
// function before it starts the next, so there is no point at which the
// whole module is at one stage. The phase's input is that function.
//
// The built-in of each hook is the identity (what LLVM made is what goes
// on); its verifier, neverc.mir.verify_pass_slot, runs LLVM's
// MachineVerifier when an interceptor ran (core: a transition verifier runs
// only after a chain). mir.final_verify is sealed: it runs whenever the
// domain is attached, and runs the MachineVerifier whenever a plugin could
// have changed machine IR. With observers only it checks nothing, which is
// what clang does too: no verifier pass is in clang's pipeline.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"

namespace neverc::mir {
namespace {

constexpr uint32_t HookPhases[HookCount] = {
    core::Phase_MIR_PASS_POST_ISEL,         core::Phase_MIR_PASS_POST_LEGALIZE,
    core::Phase_MIR_PASS_PRE_SCHEDULER,     core::Phase_MIR_PASS_POST_SCHEDULER,
    core::Phase_MIR_PASS_PRE_REGALLOC,      core::Phase_MIR_PASS_POST_REGALLOC,
    core::Phase_MIR_PASS_POST_PROLOG_EPILOG, core::Phase_MIR_PASS_PREEMIT,
    core::Phase_MIR_PASS_FINAL,
};

/// What a MIR phase hands on: the function it ran on, and the pass running
/// it (the verifier asks it for the analyses that exist at that point).
struct FunctionBox {
  llvm::MachineFunction *MF;
  llvm::Pass *From;
};

struct Identity {
  static NevercStatus run(void *Ctx, void *, void **Out) {
    *Out = Ctx;
    return okStatus();
  }
};

struct Verifier {
  MIRDomain::Impl *D;
  const char *Gate;
  /// false: the gate is sealed and checks only what a plugin could have
  /// changed.
  bool Always;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &V = *static_cast<Verifier *>(Ctx);
    auto *Box = static_cast<FunctionBox *>(Out);
    if (!Box || !Box->MF)
      return core::makeStatus(NEVERC_STATUS_VERIFICATION_FAILED);
    if (!V.Always && !V.D->Current->MayChange)
      return okStatus();
    return verifyMachineFunction(*V.D, *Box->MF, Box->From, V.Gate);
  }
};

/// Program actions that run LLVM's code generator.
bool generatesMachineCode(const clang::FrontendOptions &FE) {
  return FE.ProgramAction == clang::frontend::EmitObj ||
         FE.ProgramAction == clang::frontend::EmitAssembly;
}

} // namespace

uint32_t hookPhase(Hook H) { return HookPhases[H]; }

Compile::~Compile() = default;

bool MIRDomain::Impl::phaseActive(uint32_t Phase) const {
  return H.phases().at(Phase).Active;
}

bool MIRDomain::Impl::active() const {
  for (uint32_t Phase : HookPhases)
    if (phaseActive(Phase))
      return true;
  return phaseActive(core::Phase_MIR_FINAL_VERIFY);
}

void MIRDomain::Impl::run(uint32_t Phase, llvm::MachineFunction &MF,
                          llvm::Pass *From) {
  Compile &C = *Current;
  if (C.Failed)
    return;
  FunctionBox Box{&MF, From};
  const bool Sealed = Phase == core::Phase_MIR_FINAL_VERIFY;
  Verifier V{this,
             Sealed ? "neverc.mir.final_verify" : "neverc.mir.verify_pass_slot",
             !Sealed};
  core::PhaseRequest R;
  R.T = C.T;
  R.Input = &Box;
  R.Builtin = {&Identity::run, &Box};
  R.Verifier = {&Verifier::run, &V};
  core::PhaseOutcome O = H.runPhase(Phase, R);
  if (!isOk(O.Status))
    fail(Phase, MF, O.Status);
}

void MIRDomain::Impl::fail(uint32_t Phase, const llvm::MachineFunction &MF,
                           NevercStatus S) {
  Current->Failed = true;
  const std::string &Name = H.phases().at(Phase).Name;
  H.report(NEVERC_DIAGNOSTIC_ERROR,
           "phase '" + Name + "' failed on function '" + MF.getName().str() +
               "': " + std::string(core::statusName(S.Code)),
           nullptr, Name);
}

NevercStatus verifyMachineFunction(MIRDomain::Impl &D,
                                   const llvm::MachineFunction &MF,
                                   llvm::Pass *From, const char *Gate) {
  std::string Report;
  llvm::raw_string_ostream OS(Report);
  if (MF.verify(From, Gate, &OS, /*AbortOnError=*/false))
    return okStatus();
  // The verifier prints a banner and the whole function; the first line
  // that says what is wrong is what a user needs.
  std::string First;
  for (llvm::StringRef Line : llvm::split(llvm::StringRef(Report), '\n'))
    if (Line.starts_with("*** Bad machine code:")) {
      First = Line.drop_front(4).trim().str();
      break;
    }
  D.H.report(NEVERC_DIAGNOSTIC_ERROR,
             std::string(Gate) + ": machine function '" + MF.getName().str() +
                 "' is not valid: " + (First.empty() ? "see above" : First),
             nullptr, Gate);
  return core::makeStatus(NEVERC_STATUS_VERIFICATION_FAILED);
}

MIRDomain::MIRDomain(core::Host &H) : P(std::make_unique<Impl>(H)) {}
MIRDomain::~MIRDomain() = default;

uint32_t MIRDomain::firstPhase() const {
  return core::Phase_MIR_PASS_POST_ISEL;
}

int MIRDomain::attach(clang::CompilerInstance &CI, core::Task &TU) {
  if (!P->active() || !generatesMachineCode(CI.getFrontendOpts()))
    return 0;
  auto C = std::make_unique<Compile>();
  C->T = &TU;
  C->CI = &CI;
  for (uint32_t Phase : HookPhases)
    C->MayChange |= !P->H.phases().at(Phase).Interceptors.empty();
  P->Current = std::move(C);
  installPipelineHook(*P, *P->Current);
  return 0;
}

int MIRDomain::detach(clang::CompilerInstance &, core::Task &, bool) {
  if (!P->Current)
    return 0;
  const bool Failed = P->Current->Failed;
  // Unregisters the pipeline hook: a later code generator in this process
  // (lld's LTO backend) is not ours.
  P->Current.reset();
  return Failed ? 1 : 0;
}

} // namespace neverc::mir
