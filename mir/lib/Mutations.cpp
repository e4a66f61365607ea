//===- Mutations.cpp - NevercMIRAPI: transactions on a machine function ---===//
//
// LLVM 22 has no transaction or clone facility for machine IR (mir.md
// §13.3), so a mutation edits the function in place and keeps an undo log:
// every staged edit records how to put back what it changed. Instructions
// and blocks a mutation erases are only taken out of the function (kept
// alive) until it ends. CommitMutation runs LLVM's MachineVerifier on the
// result, and the structural checks of the properties claimed; when either
// refuses, the log runs backwards and the function is what it was
// (VERIFICATION_FAILED). AbortMutation runs the log backwards too.
//
// What the undo cannot reach: a virtual register CreateVirtualRegister made
// stays allocated (unused), a stack object CreateStack/FixedStackObject
// made stays in the frame's table marked dead, a memory operand
// CreateMemoryOperand made stays in the function's allocator; none changes
// the code LLVM emits. Six edits LLVM 22 could make but never undo exactly
// are refused with CAPABILITY_UNAVAILABLE and say why: function live-ins
// (no removal), constant pool entries (no removal, all emitted), jump
// tables (an emptied one still opens its section), variable-sized objects
// (the frame's flag cannot be cleared), and an object alignment above the
// frame's maximum (which never comes down).
//
// Observers may not mutate (POLICY_VIOLATION); one mutation is open at a
// time, bound to one function (objects of another function: WRONG_SCOPE).
//
//===----------------------------------------------------------------------===//
#include "MutationSupport.h"

#include "llvm/CodeGen/LiveIntervals.h"
#include "llvm/CodeGen/LiveVariables.h"
#include "llvm/CodeGen/MachineBlockFrequencyInfo.h"
#include "llvm/CodeGen/MachineBranchProbabilityInfo.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachinePostDominators.h"
#include "llvm/CodeGen/SlotIndexes.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGen/RegisterBankInfo.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <optional>
#include <cstring>

namespace neverc::mir {
namespace {

using Property = llvm::MachineFunctionProperties::Property;

void undo(UndoLog &Log) {
  for (auto It = Log.Steps.rbegin(); It != Log.Steps.rend(); ++It)
    (*It)();
  Log.Steps.clear();
  Log.RemovedInstrs.clear();
  Log.Erased.clear();
  Log.Made.clear();
  Log.Claims.clear();
}

/// LLVM keeps some machine analyses across a hook (hook passes preserve
/// everything, so clang's pipeline computes the same with observers); a
/// committed change must not leave them describing the old function, or a
/// later LLVM pass would work from wrong facts. Each one LLVM holds here is
/// recomputed from the changed function, dependencies first; one whose
/// inputs LLVM no longer holds (loops without the dominator tree) is
/// computed from the domain's own.
template <class W> W *held(Compile &C) {
  return C.From->getAnalysisIfAvailable<W>();
}

/// Live intervals are computed from slot indexes and the dominator tree;
/// without them held too they cannot be recomputed, and a commit there is
/// refused before it applies.
bool refreshable(Compile &C) {
  return !held<llvm::LiveIntervalsWrapperPass>(C) ||
         (held<llvm::SlotIndexesWrapperPass>(C) &&
          held<llvm::MachineDominatorTreeWrapperPass>(C));
}

void refreshCachedAnalyses(Compile &C, llvm::MachineFunction &MF) {
  std::optional<llvm::MachineDominatorTree> OwnDT;
  llvm::MachineDominatorTree *DT = nullptr;
  if (auto *W = held<llvm::MachineDominatorTreeWrapperPass>(C)) {
    DT = &W->getDomTree();
    DT->recalculate(MF);
  }
  if (auto *W = held<llvm::MachinePostDominatorTreeWrapperPass>(C))
    W->getPostDomTree().recalculate(MF);
  llvm::MachineLoopInfo *LI = nullptr;
  if (auto *W = held<llvm::MachineLoopInfoWrapperPass>(C)) {
    if (!DT)
      DT = &OwnDT.emplace(MF);
    LI = &W->getLI();
    LI->releaseMemory();
    LI->analyze(*DT);
  }
  if (auto *W = held<llvm::MachineBlockFrequencyInfoWrapperPass>(C))
    if (auto *P = held<llvm::MachineBranchProbabilityInfoWrapperPass>(C)) {
      std::optional<llvm::MachineLoopInfo> OwnLI;
      if (!LI) {
        if (!DT)
          DT = &OwnDT.emplace(MF);
        LI = &OwnLI.emplace(*DT);
      }
      W->getMBFI().calculate(MF, P->getMBPI(), *LI);
    }
  if (auto *W = held<llvm::SlotIndexesWrapperPass>(C)) {
    W->releaseMemory();
    W->runOnMachineFunction(MF);
  }
  if (auto *W = held<llvm::LiveIntervalsWrapperPass>(C)) {
    // refreshable() made sure slot indexes and the dominator tree are held.
    W->releaseMemory();
    W->runOnMachineFunction(MF);
  }
  if (auto *W = held<llvm::LiveVariablesWrapperPass>(C)) {
    W->releaseMemory();
    W->runOnMachineFunction(MF);
  }
}

/// The structural check of a claimed property (mir.md §9): false with a
/// reason when the function does not have it.
bool holds(const llvm::MachineFunction &MF, Property P, std::string &Why) {
  const llvm::MachineRegisterInfo &MRI = MF.getRegInfo();
  switch (P) {
  case Property::IsSSA:
    for (unsigned I = 0, N = MRI.getNumVirtRegs(); I < N; ++I) {
      const llvm::Register R = llvm::Register::index2VirtReg(I);
      if (!MRI.def_empty(R) && !MRI.hasOneDef(R)) {
        Why = "virtual register %" + std::to_string(I) +
              " has more than one definition";
        return false;
      }
    }
    return true;
  case Property::NoPHIs:
    for (const llvm::MachineBasicBlock &B : MF)
      for (const llvm::MachineInstr &MI : B)
        if (MI.isPHI()) {
          Why = "a PHI is left in block " + std::to_string(B.getNumber());
          return false;
        }
    return true;
  case Property::NoVRegs:
    for (unsigned I = 0, N = MRI.getNumVirtRegs(); I < N; ++I)
      if (!MRI.reg_nodbg_empty(llvm::Register::index2VirtReg(I))) {
        Why = "virtual register %" + std::to_string(I) + " is still used";
        return false;
      }
    return true;
  default:
    // The others (liveness tracking, selection, legalization, ...) are
    // what the MachineVerifier checks once the property is set.
    return true;
  }
}

//===--- the transaction --------------------------------------------------===//

NevercStatus NEVERC_CALL beginMutation(void *Ctx, NevercTaskHandle T,
                                       NevercMachineFunctionHandle F,
                                       NevercMIRMutationHandle *Out) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    // An observer may not mutate, whatever handle it names.
    if (observing(C))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    // codegen.mir_to_mc reads the function the sealed mir.final_verify
    // passed: nothing may change it behind that gate.
    if (C.Phase == core::Phase_CODEGEN_MIR_TO_MC)
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    llvm::MachineFunction *MFP = nullptr;
    TRY(functionOf(D, C, F, &MFP));
    llvm::MachineFunction &MF = *MFP;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (C.Open)
      return st(NEVERC_STATUS_INVALID_STATE); // one at a time
    auto M = std::make_shared<Mutation>();
    M->MF = &MF;
    C.Open = M;
    C.Minted = true;
    *Out = C.Mutations.insert(M);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL endMutation(void *Ctx, NevercTaskHandle T,
                                     NevercMIRMutationHandle Mu) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    Mutation *M = nullptr;
    TRY(mutationOf(D, C, Mu, &M));
    if (M->S == Mutation::Open)
      return st(NEVERC_STATUS_INVALID_STATE); // commit or abort first
    C.Mutations.erase(Mu);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL abortMutation(void *Ctx, NevercTaskHandle T,
                                       NevercMIRMutationHandle Mu) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    Mutation *M = nullptr;
    TRY(mutationOf(D, C, Mu, &M));
    if (M->S != Mutation::Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    undo(M->Log);
    M->S = Mutation::Aborted;
    C.Open.reset();
    // Handles of what the mutation made are gone with it.
    C.forgetCreated();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL commitMutation(void *Ctx, NevercTaskHandle T,
                                        NevercMIRMutationHandle Mu) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    Mutation *M = nullptr;
    TRY(mutationOf(D, C, Mu, &M));
    if (M->S != Mutation::Open)
      return st(NEVERC_STATUS_INVALID_STATE); // committed or aborted
    llvm::MachineFunction &MF = *M->MF;
    if (M->Log.Steps.empty()) {
      M->S = Mutation::Committed;
      C.Open.reset();
      return okStatus();
    }
    std::string Why;
    if (!refreshable(C))
      Why = "LLVM holds live intervals here without the slot indexes and "
            "dominator tree they are computed from, so they could not be "
            "brought up to date";
    // Rule 7: every hook is past instruction selection (SelectionDAG never
    // sets the Selected property the MachineVerifier would check), so a
    // generic opcode is never right here.
    for (llvm::MachineInstr *MI : M->Log.Made)
      if (Why.empty() && llvm::isPreISelGenericOpcode(MI->getOpcode()))
        Why = "a generic opcode (" +
              std::string(MF.getSubtarget().getInstrInfo()->getName(
                  MI->getOpcode())) +
              ") after instruction selection";
    for (unsigned P : M->Log.Claims)
      if (Why.empty() && !holds(MF, Property(P), Why)) {
        Why = "a claimed property does not hold: " + Why;
        break;
      }
    NevercStatus S = okStatus();
    if (!Why.empty()) {
      D.diag(NEVERC_DIAGNOSTIC_WARNING,
             "MIR mutation of '" + MF.getName().str() +
                 "' rolled back: " + Why);
      S = st(NEVERC_STATUS_VERIFICATION_FAILED);
    } else {
      std::string Report;
      llvm::raw_string_ostream OS(Report);
      // Without the running pass: the live intervals LLVM may hold still
      // describe the function before the change (they are recomputed once
      // the commit is accepted, and must stay as they are on a rollback).
      if (!MF.verify(nullptr, "neverc MIR mutation", &OS,
                     /*AbortOnError=*/false)) {
        std::string First = "the MachineVerifier refused it";
        for (llvm::StringRef L : llvm::split(llvm::StringRef(Report), '\n'))
          if (L.starts_with("*** Bad machine code:")) {
            First = L.drop_front(4).trim().str();
            break;
          }
        D.diag(NEVERC_DIAGNOSTIC_WARNING,
               "MIR mutation of '" + MF.getName().str() +
                   "' rolled back: " + First);
        S = st(NEVERC_STATUS_VERIFICATION_FAILED);
      }
    }
    if (!isOk(S)) {
      // Rule 5: a refused commit leaves the function as it was; the plugin
      // still ends the mutation (EndMutation).
      undo(M->Log);
      M->S = Mutation::Aborted;
      C.Open.reset();
      C.forgetCreated();
      return S;
    }
    const bool Deleted = !M->Log.RemovedInstrs.empty() || !M->Log.Erased.empty();
    for (llvm::MachineInstr *MI : M->Log.RemovedInstrs)
      MF.deleteMachineInstr(MI);
    for (llvm::MachineBasicBlock *B : M->Log.Erased)
      MF.erase(B);
    M->Log = UndoLog();
    M->S = Mutation::Committed;
    C.Open.reset();
    ++C.Generation[&MF];
    C.CommittedAt[&MF] = C.Phase;
    C.Created.clear();
    // Operands of instructions the commit deleted must not be read (the
    // others stay readable), and analysis results describe the function as
    // it was.
    if (Deleted)
      C.Operands.clear();
    C.Results.clear();
    refreshCachedAnalyses(C, MF);
    return okStatus();
  });
}

//===--- instructions and operands ----------------------------------------===//

NevercStatus NEVERC_CALL setInstrFlags(void *Ctx, NevercTaskHandle T,
                                       NevercMIRMutationHandle Mu,
                                       NevercMachineInstrHandle I,
                                       NevercMIRInstructionFlags Flags) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &) {
    llvm::MachineInstr *MI = nullptr;
    TRY(instrOf(D, C, I, &MI));
    TRY(sameFunction(M, MI->getMF()));
    if (Flags & ~StableInstrFlags)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const uint32_t Old = MI->getFlags();
    // LLVM 22's flags past the schema's 18 are kept as they are.
    MI->setFlags(uint32_t((Old & ~StableInstrFlags) | Flags));
    M.Log.Steps.push_back([MI, Old] { MI->setFlags(Old); });
    return okStatus();
  });
}

/// Replaces operand \p Index of \p MI by \p New; the undo puts the old one
/// back (use lists follow both ways).
void replaceOperand(Mutation &M, llvm::MachineInstr *MI, unsigned Index,
                    const llvm::MachineOperand &New) {
  llvm::MachineFunction &MF = *MI->getMF();
  const llvm::MachineOperand Old = MI->getOperand(Index);
  auto Put = [MI, Index, &MF](const llvm::MachineOperand &Op) {
    // removeOperand shifts the later ones down; insert puts Op back at
    // Index, keeping their order.
    MI->removeOperand(Index);
    if (Index == MI->getNumOperands())
      MI->addOperand(MF, Op);
    else
      MI->insert(MI->operands_begin() + Index, Op);
  };
  Put(New);
  M.Log.Steps.push_back([Put, Old] { Put(Old); });
}

NevercStatus NEVERC_CALL setOperandValue(void *Ctx, NevercTaskHandle T,
                                         NevercMIRMutationHandle Mu,
                                         NevercMachineOperandHandle O,
                                         const NevercMIROperandValue *V) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &MF) {
    OperandRef R;
    TRY(operandOf(D, C, O, &R));
    TRY(sameFunction(M, R.MI->getMF()));
    TRY(checkHeader(V, sizeof *V, NEVERC_MIR_API_MAJOR));
    llvm::MachineOperand New = llvm::MachineOperand::CreateImm(0);
    NevercStatus S = operandFrom(D, C, MF, *V, New);
    if (S.Code == NEVERC_STATUS_CAPABILITY_UNAVAILABLE)
      warnUnavailableOperand(D, C, V->Kind);
    TRY(S);
    replaceOperand(M, R.MI, R.Index, New);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL appendOperand(void *Ctx, NevercTaskHandle T,
                                       NevercMIRMutationHandle Mu,
                                       NevercMachineInstrHandle I,
                                       const NevercMIROperandValue *V,
                                       NevercMachineOperandHandle *Out) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &MF) {
    llvm::MachineInstr *MI = nullptr;
    TRY(instrOf(D, C, I, &MI));
    TRY(sameFunction(M, MI->getMF()));
    TRY(checkHeader(V, sizeof *V, NEVERC_MIR_API_MAJOR));
    llvm::MachineOperand New = llvm::MachineOperand::CreateImm(0);
    NevercStatus S = operandFrom(D, C, MF, *V, New);
    if (S.Code == NEVERC_STATUS_CAPABILITY_UNAVAILABLE)
      warnUnavailableOperand(D, C, V->Kind);
    TRY(S);
    // addOperand places implicit register operands after the explicit ones
    // LLVM keeps first: find where it went.
    const unsigned Before = MI->getNumOperands();
    MI->addOperand(MF, New);
    unsigned Index = Before;
    for (unsigned K = 0; K < MI->getNumOperands(); ++K)
      if (MI->getOperand(K).isIdenticalTo(New))
        Index = K;
    M.Log.Steps.push_back([MI, Index] { MI->removeOperand(Index); });
    if (Out)
      *Out = C.operand(MI, Index);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createInstr(void *Ctx, NevercTaskHandle T,
                                     NevercMIRMutationHandle Mu,
                                     NevercMachineBasicBlockHandle B,
                                     NevercMachineInstrHandle Before,
                                     NevercMIRInstructionOpcode Op,
                                     NevercMachineInstrHandle *Out) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &MF) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MachineBasicBlock *MBB = nullptr;
    TRY(blockOf(D, C, B, &MBB));
    TRY(sameFunction(M, MBB->getParent()));
    llvm::MachineInstr *Pos = nullptr;
    if (Before.Owner || Before.Value) {
      TRY(instrOf(D, C, Before, &Pos));
      if (Pos->getParent() != MBB)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    // Rule 2: an opcode comes from the schema, or is a target opcode read
    // from this function's own instructions (RequiresTargetSchema).
    unsigned Opcode = 0;
    const llvm::TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
    if (Op.StableOpcode) {
      if (!llvmOpcodeOf(Op.StableOpcode, Opcode))
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
    } else if (Op.RequiresTargetSchema && Op.TargetOpcode &&
               Op.TargetOpcode < TII.getNumOpcodes()) {
      Opcode = Op.TargetOpcode;
    } else {
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    llvm::MachineInstr *MI =
        MF.CreateMachineInstr(TII.get(Opcode), llvm::DebugLoc(),
                              /*NoImplicit=*/true);
    if (Pos)
      MBB->insert(Pos->getIterator(), MI);
    else
      MBB->insert(MBB->instr_end(), MI);
    C.Created.push_back(MI);
    M.Log.Made.push_back(MI);
    M.Log.Steps.push_back([MI, &M] {
      auto &Made = M.Log.Made;
      Made.erase(std::find(Made.begin(), Made.end(), MI));
      MI->eraseFromParent();
    });
    *Out = C.instr(MI);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL moveInstr(void *Ctx, NevercTaskHandle T,
                                   NevercMIRMutationHandle Mu,
                                   NevercMachineInstrHandle I,
                                   NevercMachineBasicBlockHandle B,
                                   NevercMachineInstrHandle Before) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &) {
    llvm::MachineInstr *MI = nullptr;
    llvm::MachineBasicBlock *To = nullptr;
    TRY(instrOf(D, C, I, &MI));
    TRY(blockOf(D, C, B, &To));
    TRY(sameFunction(M, MI->getMF()));
    TRY(sameFunction(M, To->getParent()));
    llvm::MachineInstr *Pos = nullptr;
    if (Before.Owner || Before.Value) {
      TRY(instrOf(D, C, Before, &Pos));
      if (Pos->getParent() != To || Pos == MI)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    if (MI->isBundledWithPred() || MI->isBundledWithSucc())
      return st(NEVERC_STATUS_INVALID_ARGUMENT); // inside a bundle
    llvm::MachineBasicBlock *From = MI->getParent();
    auto Next = std::next(MI->getIterator());
    llvm::MachineInstr *OldNext =
        Next == From->instr_end() ? nullptr : &*Next;
    if (Pos && Pos->isBundledWithPred())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    using It = llvm::MachineBasicBlock::iterator;
    To->splice(Pos ? It(Pos) : To->end(), From, It(MI));
    M.Log.Steps.push_back([MI, From, OldNext] {
      From->splice(OldNext ? It(OldNext) : From->end(), MI->getParent(),
                   It(MI));
    });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL eraseInstr(void *Ctx, NevercTaskHandle T,
                                    NevercMIRMutationHandle Mu,
                                    NevercMachineInstrHandle I) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &) {
    llvm::MachineInstr *MI = nullptr;
    TRY(instrOf(D, C, I, &MI));
    TRY(sameFunction(M, MI->getMF()));
    if (MI->isBundledWithPred() || MI->isBundledWithSucc())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MachineBasicBlock *From = MI->getParent();
    auto Next = std::next(MI->getIterator());
    llvm::MachineInstr *OldNext =
        Next == From->instr_end() ? nullptr : &*Next;
    // Out of the function (its operands leave the use lists), alive until
    // the mutation ends.
    From->remove_instr(MI);
    M.Log.RemovedInstrs.push_back(MI);
    M.Log.Steps.push_back([MI, From, OldNext, &M] {
      if (OldNext)
        From->insert(OldNext->getIterator(), MI);
      else
        From->insert(From->instr_end(), MI);
      auto &R = M.Log.RemovedInstrs;
      R.erase(std::find(R.begin(), R.end(), MI));
    });
    C.Instrs.erase(I);
    return okStatus();
  });
}

//===--- blocks and edges -------------------------------------------------===//

NevercStatus NEVERC_CALL createBlock(void *Ctx, NevercTaskHandle T,
                                     NevercMIRMutationHandle Mu,
                                     NevercMachineBasicBlockHandle Before,
                                     NevercMachineBasicBlockHandle *Out) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &MF) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MachineBasicBlock *Pos = nullptr;
    if (Before.Owner || Before.Value) {
      TRY(blockOf(D, C, Before, &Pos));
      TRY(sameFunction(M, Pos->getParent()));
    }
    llvm::MachineBasicBlock *B = MF.CreateMachineBasicBlock();
    // A null InsertBefore appends (mir.md §8.1 leaves it open). The new
    // block takes the next number; the others keep theirs (a rollback
    // leaves that number unused).
    MF.insert(Pos ? Pos->getIterator() : MF.end(), B);
    C.Created.push_back(B);
    M.Log.Steps.push_back([B, &MF] { MF.erase(B); });
    *Out = C.block(B);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL moveBlock(void *Ctx, NevercTaskHandle T,
                                   NevercMIRMutationHandle Mu,
                                   NevercMachineBasicBlockHandle B,
                                   NevercMachineBasicBlockHandle Before) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &MF) {
    llvm::MachineBasicBlock *MBB = nullptr, *Pos = nullptr;
    TRY(blockOf(D, C, B, &MBB));
    TRY(sameFunction(M, MBB->getParent()));
    if (Before.Owner || Before.Value) {
      TRY(blockOf(D, C, Before, &Pos));
      TRY(sameFunction(M, Pos->getParent()));
      if (Pos == MBB)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    auto Next = std::next(MBB->getIterator());
    llvm::MachineBasicBlock *OldNext = Next == MF.end() ? nullptr : &*Next;
    if (Pos)
      MBB->moveBefore(Pos);
    else
      MBB->moveAfter(&MF.back());
    M.Log.Steps.push_back([MBB, OldNext, &MF] {
      if (OldNext)
        MBB->moveBefore(OldNext);
      else
        MBB->moveAfter(&MF.back());
    });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL eraseBlock(void *Ctx, NevercTaskHandle T,
                                    NevercMIRMutationHandle Mu,
                                    NevercMachineBasicBlockHandle B) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &MF) {
    llvm::MachineBasicBlock *MBB = nullptr;
    TRY(blockOf(D, C, B, &MBB));
    TRY(sameFunction(M, MBB->getParent()));
    // Edges first (RemoveCFGEdge): a block still in the CFG, or still
    // named by an instruction, cannot go.
    if (MBB->pred_size() || MBB->succ_size() || MBB->hasAddressTaken() ||
        &MF.front() == MBB)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    for (llvm::MachineBasicBlock &Other : MF)
      for (llvm::MachineInstr &MI : Other.instrs())
        for (const llvm::MachineOperand &MO : MI.operands())
          if (MO.isMBB() && MO.getMBB() == MBB)
            return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // Staged: the block leaves the function when the commit is accepted
    // (taking it out now and back on a rollback would renumber it).
    if (std::find(M.Log.Erased.begin(), M.Log.Erased.end(), MBB) !=
        M.Log.Erased.end())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    M.Log.Erased.push_back(MBB);
    M.Log.Steps.push_back([MBB, &M] {
      auto &E = M.Log.Erased;
      E.erase(std::find(E.begin(), E.end(), MBB));
    });
    C.Blocks.erase(B);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL addEdge(void *Ctx, NevercTaskHandle T,
                                 NevercMIRMutationHandle Mu,
                                 NevercMachineBasicBlockHandle FromH,
                                 NevercMachineBasicBlockHandle ToH,
                                 uint32_t Num, uint32_t Den) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &) {
    llvm::MachineBasicBlock *From = nullptr, *To = nullptr;
    TRY(blockOf(D, C, FromH, &From));
    TRY(blockOf(D, C, ToH, &To));
    TRY(sameFunction(M, From->getParent()));
    TRY(sameFunction(M, To->getParent()));
    if (From->isSuccessor(To) || (Den && Num > Den) || (!Den && Num))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // 0/0: no probability. Where the block has probabilities the edge gets
    // an unknown one (addSuccessorWithoutProb would drop all of them).
    if (Den)
      From->addSuccessor(To, llvm::BranchProbability(Num, Den));
    else if (From->hasSuccessorProbabilities())
      From->addSuccessor(To, llvm::BranchProbability::getUnknown());
    else
      From->addSuccessorWithoutProb(To);
    M.Log.Steps.push_back([From, To] { From->removeSuccessor(To); });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL removeEdge(void *Ctx, NevercTaskHandle T,
                                    NevercMIRMutationHandle Mu,
                                    NevercMachineBasicBlockHandle FromH,
                                    NevercMachineBasicBlockHandle ToH) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &) {
    llvm::MachineBasicBlock *From = nullptr, *To = nullptr;
    TRY(blockOf(D, C, FromH, &From));
    TRY(blockOf(D, C, ToH, &To));
    TRY(sameFunction(M, From->getParent()));
    TRY(sameFunction(M, To->getParent()));
    auto It = std::find(From->succ_begin(), From->succ_end(), To);
    if (It == From->succ_end())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const unsigned Index = unsigned(It - From->succ_begin());
    // Whether the block keeps probabilities at all (-O0 keeps none, and
    // getSuccProbability then answers a uniform one).
    const bool HasProbs = From->hasSuccessorProbabilities();
    const llvm::BranchProbability P =
        HasProbs ? From->getSuccProbability(It)
                 : llvm::BranchProbability::getUnknown();
    From->removeSuccessor(It);
    // Back at the same place among the successors (their order is what
    // GetSuccessor indexes).
    M.Log.Steps.push_back([From, To, Index, HasProbs, P] {
      if (HasProbs)
        From->addSuccessor(To, P);
      else
        From->addSuccessorWithoutProb(To);
      llvm::SmallVector<llvm::MachineBasicBlock *, 4> Order(
          From->succ_begin(), From->succ_end());
      if (Index + 1 < Order.size()) {
        llvm::SmallVector<llvm::BranchProbability, 4> Probs;
        for (auto S = From->succ_begin(); S != From->succ_end(); ++S)
          Probs.push_back(From->getSuccProbability(S));
        std::rotate(Order.begin() + Index, Order.end() - 1, Order.end());
        std::rotate(Probs.begin() + Index, Probs.end() - 1, Probs.end());
        while (From->succ_size())
          From->removeSuccessor(From->succ_begin());
        for (size_t K = 0; K < Order.size(); ++K)
          if (HasProbs)
            From->addSuccessor(Order[K], Probs[K]);
          else
            From->addSuccessorWithoutProb(Order[K]);
      }
    });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL addBlockLiveIn(void *Ctx, NevercTaskHandle T,
                                        NevercMIRMutationHandle Mu,
                                        NevercMachineBasicBlockHandle B,
                                        uint32_t Reg, uint64_t LaneMask) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &MF) {
    llvm::MachineBasicBlock *MBB = nullptr;
    TRY(blockOf(D, C, B, &MBB));
    TRY(sameFunction(M, MBB->getParent()));
    llvm::Register R;
    TRY(registerOf(MF, Reg, R));
    if (!R.isPhysical())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const llvm::LaneBitmask Mask(LaneMask);
    if (MBB->isLiveIn(R.asMCReg(), Mask))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    MBB->addLiveIn(R.asMCReg(), Mask);
    MBB->sortUniqueLiveIns();
    M.Log.Steps.push_back([MBB, R, Mask] {
      MBB->removeLiveIn(R.asMCReg(), Mask);
    });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL removeBlockLiveIn(void *Ctx, NevercTaskHandle T,
                                           NevercMIRMutationHandle Mu,
                                           NevercMachineBasicBlockHandle B,
                                           uint32_t Reg, uint64_t LaneMask) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &MF) {
    llvm::MachineBasicBlock *MBB = nullptr;
    TRY(blockOf(D, C, B, &MBB));
    TRY(sameFunction(M, MBB->getParent()));
    llvm::Register R;
    TRY(registerOf(MF, Reg, R));
    if (!R.isPhysical() || !MBB->isLiveIn(R.asMCReg()))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // The whole entry of the register, whatever lanes it had.
    std::vector<llvm::MachineBasicBlock::RegisterMaskPair> Old(
        MBB->livein_begin_dbg(), MBB->livein_end());
    MBB->removeLiveIn(R.asMCReg(), llvm::LaneBitmask(LaneMask));
    M.Log.Steps.push_back([MBB, Old] {
      MBB->clearLiveIns();
      for (const auto &L : Old)
        MBB->addLiveIn(L.PhysReg, L.LaneMask);
    });
    return okStatus();
  });
}

//===--- registers --------------------------------------------------------===//

NevercStatus NEVERC_CALL createVirtualRegister(
    void *Ctx, NevercTaskHandle T, NevercMIRMutationHandle Mu,
    const NevercMIRVirtualRegisterDesc *Desc, uint32_t *Out) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &, Compile &,
                                      Mutation &M, llvm::MachineFunction &MF) {
    TRY(checkHeader(Desc, sizeof *Desc, NEVERC_MIR_API_MAJOR));
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MachineRegisterInfo &MRI = MF.getRegInfo();
    const llvm::TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
    llvm::Register R;
    switch (Desc->AssignmentKind) {
    case NEVERC_MIR_REG_ASSIGNMENT_CLASS:
      // A class ID is target data (LOCKSTEP): it must name one of this
      // target's classes.
      if (Desc->TargetID >= TRI.getNumRegClasses())
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      R = MRI.createVirtualRegister(TRI.getRegClass(Desc->TargetID));
      break;
    case NEVERC_MIR_REG_ASSIGNMENT_GENERIC: {
      const NevercMIRLowLevelType &Ty = Desc->Type;
      llvm::LLT L;
      if (Ty.Kind == NEVERC_MIR_LLT_SCALAR && Ty.ScalarSizeInBits)
        L = llvm::LLT::scalar(Ty.ScalarSizeInBits);
      else if (Ty.Kind == NEVERC_MIR_LLT_POINTER && Ty.ScalarSizeInBits)
        L = llvm::LLT::pointer(Ty.AddressSpace, Ty.ScalarSizeInBits);
      else
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      R = MRI.createGenericVirtualRegister(L);
      break;
    }
    default:
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    // Not undone: an unused virtual register changes no emitted byte. The
    // function did change (GetRegisterInfo answers for it): a step with
    // nothing to undo makes the commit count.
    M.Log.Steps.push_back([] {});
    *Out = registerNumber(R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL replaceRegister(void *Ctx, NevercTaskHandle T,
                                         NevercMIRMutationHandle Mu,
                                         uint32_t FromNumber,
                                         uint32_t ToNumber) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &, Compile &,
                                      Mutation &M, llvm::MachineFunction &MF) {
    llvm::Register From, To;
    TRY(registerOf(MF, FromNumber, From));
    TRY(registerOf(MF, ToNumber, To));
    if (From == To)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MachineRegisterInfo &MRI = MF.getRegInfo();
    // Each operand changed, so the undo restores exactly these.
    std::vector<std::pair<llvm::MachineInstr *, unsigned>> Changed;
    for (llvm::MachineBasicBlock &B : MF)
      for (llvm::MachineInstr &MI : B.instrs())
        for (unsigned K = 0; K < MI.getNumOperands(); ++K) {
          llvm::MachineOperand &MO = MI.getOperand(K);
          if (MO.isReg() && MO.getReg() == From) {
            MO.setReg(To);
            Changed.emplace_back(&MI, K);
          }
        }
    (void)MRI;
    M.Log.Steps.push_back([Changed, From] {
      for (auto &[MI, K] : Changed)
        MI->getOperand(K).setReg(From);
    });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setVirtualRegisterAssignment(
    void *Ctx, NevercTaskHandle T, NevercMIRMutationHandle Mu, uint32_t Reg,
    const NevercMIRVirtualRegisterDesc *Desc) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &, Compile &,
                                      Mutation &M, llvm::MachineFunction &MF) {
    TRY(checkHeader(Desc, sizeof *Desc, NEVERC_MIR_API_MAJOR));
    llvm::Register R;
    TRY(registerOf(MF, Reg, R));
    if (!R.isVirtual())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MachineRegisterInfo &MRI = MF.getRegInfo();
    const llvm::TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
    const llvm::RegClassOrRegBank Old = MRI.getRegClassOrRegBank(R);
    const llvm::LLT OldTy = MRI.getType(R);
    switch (Desc->AssignmentKind) {
    case NEVERC_MIR_REG_ASSIGNMENT_CLASS:
      if (Desc->TargetID >= TRI.getNumRegClasses())
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      MRI.setRegClass(R, TRI.getRegClass(Desc->TargetID));
      break;
    case NEVERC_MIR_REG_ASSIGNMENT_BANK: {
      const llvm::RegisterBankInfo *RBI = MF.getSubtarget().getRegBankInfo();
      if (!RBI || Desc->TargetID >= RBI->getNumRegBanks())
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      MRI.setRegBank(R, RBI->getRegBank(Desc->TargetID));
      break;
    }
    case NEVERC_MIR_REG_ASSIGNMENT_GENERIC: {
      const NevercMIRLowLevelType &Ty = Desc->Type;
      if (Ty.Kind == NEVERC_MIR_LLT_SCALAR && Ty.ScalarSizeInBits)
        MRI.setType(R, llvm::LLT::scalar(Ty.ScalarSizeInBits));
      else if (Ty.Kind == NEVERC_MIR_LLT_POINTER && Ty.ScalarSizeInBits)
        MRI.setType(R, llvm::LLT::pointer(Ty.AddressSpace,
                                          Ty.ScalarSizeInBits));
      else
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      break;
    }
    default:
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    M.Log.Steps.push_back([&MRI, R, Old, OldTy] {
      MRI.setRegClassOrRegBank(R, Old);
      MRI.setType(R, OldTy); // no type (invalid) included
    });
    return okStatus();
  });
}

} // namespace

void warnUnavailableOperand(MIRDomain::Impl &D, Compile &C,
                            NevercMIROperandKind Kind) {
  char ID[16];
  std::snprintf(ID, sizeof ID, "0x%08x", unsigned(Kind));
  if (C.Warned.insert(std::string("operand:") + ID).second)
    D.diag(NEVERC_DIAGNOSTIC_WARNING,
           std::string("a MIR operand of kind ") + ID +
               " names an object a plugin cannot create through "
               "NevercMIRAPI (constants, block addresses, register masks, "
               "metadata, MC symbols, CFI, shuffle masks, debug references): "
               "CAPABILITY_UNAVAILABLE");
}

void abandonOpenMutation(MIRDomain::Impl &, Compile &C) {
  if (!C.Open)
    return;
  undo(C.Open->Log);
  C.Open->S = Mutation::Aborted;
  C.Open.reset();
  C.forgetCreated();
}

void fillMutationSlots(NevercMIRAPI &T) {
  T.BeginMutation = &beginMutation;
  T.EndMutation = &endMutation;
  T.CommitMutation = &commitMutation;
  T.AbortMutation = &abortMutation;
  T.SetInstructionFlags = &setInstrFlags;
  T.SetOperandValue = &setOperandValue;
  T.CreateBasicBlock = &createBlock;
  T.MoveBasicBlock = &moveBlock;
  T.EraseBasicBlock = &eraseBlock;
  T.CreateInstruction = &createInstr;
  T.MoveInstruction = &moveInstr;
  T.EraseInstruction = &eraseInstr;
  T.AppendOperand = &appendOperand;
  T.AddCFGEdge = &addEdge;
  T.RemoveCFGEdge = &removeEdge;
  T.CreateVirtualRegister = &createVirtualRegister;
  T.SetVirtualRegisterAssignment = &setVirtualRegisterAssignment;
  T.ReplaceRegister = &replaceRegister;
  T.AddBasicBlockLiveIn = &addBlockLiveIn;
  T.RemoveBasicBlockLiveIn = &removeBlockLiveIn;
}

} // namespace neverc::mir
