//===- Hooks.cpp - Where the MIR phases sit in LLVM 22's code generator ---===//
//
// LLVM calls the domain's TargetPassConfigCallback from
// addPassesToGenerateCode, after the TargetPassConfig exists and before it
// adds a single pass. TargetPassConfig adds every pass of the pipeline
// through the pass manager it was created with; the domain puts a pass
// manager of its own in that place which hands each pass on to Clang's at
// once and then, where the pass just added anchors a hook, adds the hook's
// pass after it:
//
//   hook                 optimized regalloc         -O0 (fast regalloc)
//   post_isel            FinalizeISel               FinalizeISel
//   post_legalize        right after post_isel      same
//   pre_scheduler        RenameIndependentSubregs   TwoAddressInstruction
//   post_scheduler       MachineScheduler           right after pre_scheduler
//   pre_regalloc         right after post_scheduler same
//   post_regalloc        VirtRegRewriter            FixupStatepointCallerSaved
//   post_prolog_epilog   PrologEpilogCodeInserter   same
//   preemit              MachineSanitizerBinaryMetadata (before the target's
//                        addPreEmitPass2: return thunks, CFI fix-ups, ...)
//   final, final_verify  after the last pass TargetPassConfig adds, which
//                        only the pass manager sees: a candidate follows
//                        every pass after preemit's anchor, and only the
//                        last one placed runs (the AsmPrinter comes next)
//
// insertPass() could place the first eight, but not the last: LLVM 22 has
// no anchor between the target's last pre-emit pass and the AsmPrinter.
// One mechanism serves all nine. Hook passes preserve every analysis, so
// with observers only the pipeline computes exactly what clang's computes.
// The same pass manager hands the instruction selector to Selection.cpp
// (codegen.ir_to_mir).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"
#include "neverc/core/PrivateMember.h"

#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"

namespace neverc::mir {
namespace {

// TargetPassConfig keeps the pass manager it adds to in a private member
// and offers no setter (core/PrivateMember.h names it; nothing else of
// TargetPassConfig is touched).
NEVERC_PRIVATE_MEMBER(PassManagerMember, llvm::legacy::PassManagerBase *,
                      llvm::TargetPassConfig, PM);

class HookPass final : public llvm::MachineFunctionPass {
public:
  static char ID;
  /// \p Candidate: for the final point, its place among the candidates.
  HookPass(MIRDomain::Impl &D, Hook H, unsigned Candidate = 0)
      : MachineFunctionPass(ID), D(D), H(H), Candidate(Candidate) {}

  llvm::StringRef getPassName() const override {
    return "neverc MIR phase";
  }
  void getAnalysisUsage(llvm::AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(llvm::MachineFunction &MF) override {
    if (H != Final) {
      D.run(hookPhase(H), MF, this);
      return false;
    }
    if (Candidate != D.Current->Candidates)
      return false; // not the last pass before the AsmPrinter
    D.run(hookPhase(Final), MF, this);
    D.run(core::Phase_MIR_FINAL_VERIFY, MF, this);
    return false;
  }

private:
  MIRDomain::Impl &D;
  Hook H;
  unsigned Candidate;
};
char HookPass::ID = 0;

class HookingPassManager final : public llvm::legacy::PassManagerBase {
public:
  HookingPassManager(MIRDomain::Impl &D, llvm::legacy::PassManagerBase &To,
                     bool Optimized)
      : D(D), To(To), Optimized(Optimized) {}

  void add(llvm::Pass *P) override {
    // Clang's pass manager may delete P at once (a redundant analysis).
    const void *ID = P->getPassID();
    // The first machine-function pass selects instructions (everything
    // before it works on LLVM IR): codegen.ir_to_mir wraps it. Nobody on
    // the phase: no pass is even asked what it is.
    if (!SelectorSeen && D.selectionWanted() && isMachineFunctionPass(*P)) {
      SelectorSeen = true;
      To.add(wrapSelector(D, static_cast<llvm::FunctionPass *>(P)));
      after(ID);
      return;
    }
    To.add(P);
    after(ID);
  }

private:
  /// Machine-function passes, and only they, require the machine module
  /// info (MachineFunctionPass::getAnalysisUsage adds it).
  static bool isMachineFunctionPass(llvm::Pass &P) {
    if (P.getPassKind() != llvm::PT_Function)
      return false;
    llvm::AnalysisUsage AU;
    P.getAnalysisUsage(AU);
    for (const void *Req : AU.getRequiredSet())
      if (Req == &llvm::MachineModuleInfoWrapperPass::ID)
        return true;
    return false;
  }

  void hook(Hook H) {
    if (D.hookWanted(hookPhase(H)))
      To.add(new HookPass(D, H));
  }

  void after(const void *ID) {
    using namespace llvm;
    if (ID == &FinalizeISelID) {
      hook(PostIsel);
      hook(PostLegalize);
    } else if (Optimized ? ID == &RenameIndependentSubregsID
                         : ID == &TwoAddressInstructionPassID) {
      hook(PreScheduler);
      if (!Optimized) {
        hook(PostScheduler);
        hook(PreRegalloc);
      }
    } else if (Optimized && ID == &MachineSchedulerID) {
      hook(PostScheduler);
      hook(PreRegalloc);
    } else if (ID == (Optimized ? &VirtRegRewriterID
                                : &FixupStatepointCallerSavedID)) {
      hook(PostRegalloc);
    } else if (ID == &PrologEpilogCodeInserterID) {
      hook(PostPrologEpilog);
    } else if (ID == &MachineSanitizerBinaryMetadataID) {
      hook(Preemit);
      PastPreemit = true;
    }
    if (PastPreemit)
      To.add(new HookPass(D, Final, ++D.Current->Candidates));
  }

  MIRDomain::Impl &D;
  llvm::legacy::PassManagerBase &To;
  bool Optimized;
  bool PastPreemit = false;
  bool SelectorSeen = false;
};

} // namespace

void installPipelineHook(MIRDomain::Impl &D, Compile &C) {
  C.Callback = std::make_unique<llvm::RegisterTargetPassConfigCallback>(
      [&D, &C](llvm::TargetMachine &TM, llvm::legacy::PassManagerBase &PM,
               llvm::TargetPassConfig *PC) {
        if (!PC)
          return;
        // The AsmPrinter is built after this returns (mir_to_mc).
        if (D.loweringWanted())
          installPrinterHook(TM.getTarget());
        auto M = std::make_unique<HookingPassManager>(
            D, PM, PC->getOptimizeRegAlloc());
        PC->*memberOf(PassManagerMember{}) = M.get();
        C.Managers.push_back(std::move(M));
      });
}

} // namespace neverc::mir
