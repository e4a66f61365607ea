//===- Domain.cpp - MIRDomain: joining a compile, running a phase ---------===//
//
// A MIR phase runs once per machine function at its hook: LLVM's legacy
// code generator runs every machine pass (and the AsmPrinter) on one
// function before it starts the next, so there is no point at which the
// whole module is at one stage. The phase's input is that function.
//
// The built-in of each hook runs the MIR passes registered there. Machine
// IR changes only through a mutation's commit, which runs LLVM's
// MachineVerifier first (that is neverc.mir.verify_pass_slot); the sealed
// mir.final_verify runs whenever the domain is attached and verifies every
// function a plugin changed. With observers and read-only passes nothing is
// verified, which is what clang does too: no verifier pass is in its
// pipeline.
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

/// The built-in of a hook: the passes registered there, in registration
/// order (none: the identity). neverc.mir.verify_pass_slot is carried by
/// CommitMutation: a pass changes the function only through a commit, which
/// the MachineVerifier checks first (an interceptor holds no MIR handle, so
/// it cannot change the function at all).
struct PassSlotStep {
  MIRDomain::Impl *D;
  uint32_t Phase;
  FunctionBox *Box;
  static NevercStatus run(void *Ctx, void *, void **Out) {
    auto &S = *static_cast<PassSlotStep *>(Ctx);
    *Out = S.Box;
    if (S.Phase == core::Phase_MIR_FINAL_VERIFY || !S.D->hasPasses(S.Phase))
      return okStatus();
    bool Changed = false;
    if (!runRegisteredPasses(*S.D, *S.D->Current, S.Phase, Changed))
      return st(NEVERC_STATUS_PLUGIN_FAILURE);
    return okStatus();
  }
};

/// The sealed mir.final_verify: LLVM's MachineVerifier on a function a
/// plugin changed (a commit at some hook), unless the last commit was at
/// `final`, verified right there with nothing run since. A function no
/// plugin changed is LLVM's own, which clang does not verify either.
struct FinalVerifier {
  MIRDomain::Impl *D;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &V = *static_cast<FinalVerifier *>(Ctx);
    auto *Box = static_cast<FunctionBox *>(Out);
    if (!Box || !Box->MF)
      return core::makeStatus(NEVERC_STATUS_VERIFICATION_FAILED);
    Compile &C = *V.D->Current;
    auto G = C.Generation.find(Box->MF);
    if (G == C.Generation.end() || G->second == 0 ||
        C.CommittedAt[Box->MF] == core::Phase_MIR_PASS_FINAL)
      return okStatus();
    return verifyMachineFunction(*V.D, *Box->MF, Box->From,
                                 "neverc.mir.final_verify");
  }
};

/// Program actions that run LLVM's code generator.
bool generatesMachineCode(const clang::FrontendOptions &FE) {
  return FE.ProgramAction == clang::frontend::EmitObj ||
         FE.ProgramAction == clang::frontend::EmitAssembly;
}

} // namespace

uint32_t hookPhase(Hook H) { return HookPhases[H]; }

Compile::Compile(core::HandleScope Scope)
    : Scope(Scope), Functions(hk(MIRHandleKind::Function), Scope),
      Blocks(hk(MIRHandleKind::Block), Scope),
      Instrs(hk(MIRHandleKind::Instr), Scope),
      Operands(hk(MIRHandleKind::Operand), Scope),
      MemOperands(hk(MIRHandleKind::MemOperand), Scope),
      References(hk(MIRHandleKind::Reference), Scope),
      Mutations(hk(MIRHandleKind::Mutation), Scope),
      Results(hk(MIRHandleKind::AnalysisResult), Scope) {}

Compile::~Compile() = default;

using core::mintCached;

NevercHandle Compile::function(llvm::MachineFunction *F) {
  Minted = true;
  return mintCached(Functions, FunctionOf, F, F);
}
NevercHandle Compile::block(llvm::MachineBasicBlock *B) {
  Minted = true;
  return mintCached(Blocks, BlockOf, B, B);
}
NevercHandle Compile::instr(llvm::MachineInstr *I) {
  Minted = true;
  return mintCached(Instrs, InstrOf, I, I);
}
NevercHandle Compile::operand(llvm::MachineInstr *I, unsigned Index) {
  Minted = true;
  return I ? Operands.insert(OperandRef{I, Index}) : NevercHandle{};
}
NevercHandle Compile::memOperand(llvm::MachineMemOperand *M) {
  Minted = true;
  return mintCached(MemOperands, MemOf, M, M);
}
NevercHandle Compile::reference(const void *P, RefKind K) {
  Minted = true;
  return mintCached(References, RefOf, P, Reference{P, K});
}

void Compile::expireCallbackHandles() {
  // Most callbacks (observers, a hook with no pass) mint nothing: the
  // tables, sized by the largest function so far, are left alone then.
  if (!Minted)
    return;
  Minted = false;
  Functions.clear();
  Blocks.clear();
  Instrs.clear();
  Operands.clear();
  MemOperands.clear();
  References.clear();
  Mutations.clear();
  Results.clear();
  FunctionOf.clear();
  BlockOf.clear();
  InstrOf.clear();
  MemOf.clear();
  RefOf.clear();
  Words.clear();
  Created.clear();
}

void Compile::forgetCreated() {
  for (const void *P : Created) {
    if (NevercHandle *H = InstrOf.find(P))
      Instrs.erase(*H);
    if (NevercHandle *H = BlockOf.find(P))
      Blocks.erase(*H);
  }
  // Operands of instructions that were made (and are now deleted) must not
  // be read; the others stay readable.
  if (!Created.empty())
    Operands.clear();
  Created.clear();
}

NevercStatus compileOf(MIRDomain::Impl &D, NevercTaskHandle T, Compile **Out) {
  core::Task *Found = nullptr;
  if (NevercStatus S = D.H.resolveTask(T, &Found); !isOk(S))
    return S;
  Compile *C = D.Current.get();
  if (!C || !C->MF)
    return st(NEVERC_STATUS_INVALID_STATE);
  if (Found != C->T)
    return st(NEVERC_STATUS_WRONG_SCOPE);
  *Out = C;
  return okStatus();
}

namespace {
template <class V>
NevercStatus lookup(MIRDomain::Impl &D, Compile &C, core::HandleTable<V> &Table,
                    MIRHandleKind, NevercHandle H, V **Out) {
  return core::lookupScoped(Table, H, C.Scope, D.H, Out);
}
} // namespace

NevercStatus functionOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                        llvm::MachineFunction **Out) {
  llvm::MachineFunction **P = nullptr;
  if (NevercStatus S = lookup(D, C, C.Functions, MIRHandleKind::Function, H, &P);
      !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}
NevercStatus blockOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                     llvm::MachineBasicBlock **Out) {
  llvm::MachineBasicBlock **P = nullptr;
  if (NevercStatus S = lookup(D, C, C.Blocks, MIRHandleKind::Block, H, &P);
      !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}
NevercStatus instrOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                     llvm::MachineInstr **Out) {
  llvm::MachineInstr **P = nullptr;
  if (NevercStatus S = lookup(D, C, C.Instrs, MIRHandleKind::Instr, H, &P);
      !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}
NevercStatus operandOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                       OperandRef *Out) {
  OperandRef *P = nullptr;
  if (NevercStatus S = lookup(D, C, C.Operands, MIRHandleKind::Operand, H, &P);
      !isOk(S))
    return S;
  if (P->Index >= P->MI->getNumOperands())
    return st(NEVERC_STATUS_STALE_HANDLE); // removed since
  *Out = *P;
  return okStatus();
}
NevercStatus memOperandOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                          llvm::MachineMemOperand **Out) {
  llvm::MachineMemOperand **P = nullptr;
  if (NevercStatus S =
          lookup(D, C, C.MemOperands, MIRHandleKind::MemOperand, H, &P);
      !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}
NevercStatus referenceOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                        Reference **Out) {
  return lookup(D, C, C.References, MIRHandleKind::Reference, H, Out);
}
NevercStatus mutationOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                        Mutation **Out) {
  std::shared_ptr<Mutation> *P = nullptr;
  if (NevercStatus S = lookup(D, C, C.Mutations, MIRHandleKind::Mutation, H, &P);
      !isOk(S))
    return S;
  *Out = P->get();
  return okStatus();
}

MIRDomain::Impl::Impl(core::Host &H) : H(H) {
  Core.Header = {sizeof Core, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR, 0};
  Core.Context = this;
  fillReadSlots(Core);
  fillFrameSlots(Core);
  fillMutationSlots(Core);
  fillFrameMutationSlots(Core);
  Pass.Header = {sizeof Pass, NEVERC_MIR_PASS_API_MAJOR,
                 NEVERC_MIR_PASS_API_MINOR, 0};
  Pass.Context = this;
  fillPassTable(Pass);
  Analysis.Header = {sizeof Analysis, NEVERC_MIR_ANALYSIS_API_MAJOR,
                     NEVERC_MIR_ANALYSIS_API_MINOR, 0};
  Analysis.Context = this;
  fillAnalysisTable(Analysis);
  fillProviderTable(Provider);
  Provider.Context = this;
  fillMCProviderTable(MCProvider);
  MCProvider.Context = this;
}

MIRDomain::Impl::~Impl() {
  for (PassRecord &P : Passes)
    if (P.DestroyUserData)
      P.DestroyUserData(P.UserData);
}

bool MIRDomain::Impl::phaseActive(uint32_t Phase) const {
  return H.phases().at(Phase).Active;
}

bool MIRDomain::Impl::hasPasses(uint32_t Phase) const {
  for (const PassRecord &P : Passes)
    if (P.Phase == Phase)
      return true;
  return false;
}

void MIRDomain::Impl::diag(NevercDiagnosticSeverity Sev, std::string Msg,
                           std::string_view Phase) {
  H.report(Sev, std::move(Msg), nullptr, Phase);
}

bool MIRDomain::Impl::active() const {
  if (!Passes.empty() || selectionWanted() || loweringWanted())
    return true;
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
  PassSlotStep Step{this, Phase, &Box};
  FinalVerifier V{this};
  core::PhaseRequest R;
  R.Input = &Box;
  R.Builtin = {&PassSlotStep::run, &Step};
  if (Phase == core::Phase_MIR_FINAL_VERIFY)
    R.Verifier = {&FinalVerifier::run, &V};
  core::PhaseOutcome O = runOn(Phase, MF, From, R);
  if (Phase == core::Phase_MIR_FINAL_VERIFY) {
    // The AsmPrinter frees the function next; its address may come back
    // for another one.
    C.Generation.erase(&MF);
    C.CommittedAt.erase(&MF);
  }
  if (!isOk(O.Status))
    fail(Phase, MF, O.Status);
}

core::PhaseOutcome MIRDomain::Impl::runOn(uint32_t Phase,
                                          llvm::MachineFunction &MF,
                                          llvm::Pass *From,
                                          core::PhaseRequest &R) {
  Compile &C = *Current;
  C.MF = &MF;
  C.From = From;
  C.Phase = Phase;
  R.T = C.T;
  core::PhaseOutcome O = H.runPhase(Phase, R);
  // The phase's callbacks have returned; a mutation left open is undone.
  if (C.Open) {
    abandonOpenMutation(*this, C);
    if (isOk(O.Status))
      O.Status = st(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  C.expireCallbackHandles();
  C.MF = nullptr;
  C.From = nullptr;
  C.Phase = 0;
  return O;
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

MIRDomain::MIRDomain(core::Host &H) : P(std::make_unique<Impl>(H)) {
  NevercStatus S = H.publishInterface(
      NevercInterfaceID{NEVERC_INTERFACE_MIR_HIGH, NEVERC_INTERFACE_MIR_LOW},
      NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR, &P->Core, sizeof P->Core);
  if (isOk(S))
    S = H.publishInterface(NevercInterfaceID{NEVERC_INTERFACE_MIR_PASS_HIGH,
                                             NEVERC_INTERFACE_MIR_PASS_LOW},
                           NEVERC_MIR_PASS_API_MAJOR,
                           NEVERC_MIR_PASS_API_MINOR, &P->Pass,
                           sizeof P->Pass);
  if (isOk(S))
    S = H.publishInterface(NevercInterfaceID{NEVERC_INTERFACE_MIR_ANALYSIS_HIGH,
                                             NEVERC_INTERFACE_MIR_ANALYSIS_LOW},
                           NEVERC_MIR_ANALYSIS_API_MAJOR,
                           NEVERC_MIR_ANALYSIS_API_MINOR, &P->Analysis,
                           sizeof P->Analysis);
  if (isOk(S))
    S = H.publishInterface(NevercInterfaceID{NEVERC_INTERFACE_MIR_PROVIDER_HIGH,
                                             NEVERC_INTERFACE_MIR_PROVIDER_LOW},
                           NEVERC_MIR_PROVIDER_API_MAJOR,
                           NEVERC_MIR_PROVIDER_API_MINOR, &P->Provider,
                           sizeof P->Provider);
  // The MC provider table serves codegen.mir_to_mc, which runs here.
  if (isOk(S))
    H.publishInterface(NevercInterfaceID{NEVERC_INTERFACE_MC_PROVIDER_HIGH,
                                         NEVERC_INTERFACE_MC_PROVIDER_LOW},
                       NEVERC_MC_PROVIDER_API_MAJOR,
                       NEVERC_MC_PROVIDER_API_MINOR, &P->MCProvider,
                       sizeof P->MCProvider);
}
MIRDomain::~MIRDomain() = default;

void MIRDomain::setUnits(mc::MCDomain *MC) { P->Units = MC; }

uint32_t MIRDomain::firstPhase() const {
  return core::Phase_MIR_PASS_POST_ISEL;
}

int MIRDomain::attach(clang::CompilerInstance &CI, core::Task &TU) {
  if (!P->active() || !generatesMachineCode(CI.getFrontendOpts()))
    return 0;
  auto C = std::make_unique<Compile>(core::decodeHandle(TU.handle()).Scope);
  C->T = &TU;
  P->Current = std::move(C);
  installPipelineHook(*P, *P->Current);
  if (P->loweringWanted())
    setLoweringCompile(P.get());
  return 0;
}

int MIRDomain::detach(clang::CompilerInstance &, core::Task &, bool) {
  if (!P->Current)
    return 0;
  const bool Failed = P->Current->Failed;
  setLoweringCompile(nullptr);
  // Unregisters the pipeline hook: a later code generator in this process
  // (lld's LTO backend) is not ours.
  P->Current.reset();
  return Failed ? 1 : 0;
}

} // namespace neverc::mir
