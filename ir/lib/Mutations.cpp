//===- Mutations.cpp - IR_BUILDER: transactions ---------------------------===//
//
// A mutation edits the live module in place and keeps what it needs to put
// the module back exactly as it was:
//  * MODULE scope: a copy (CloneModule) taken at BeginMutation; a rollback
//    re-adopts it into the llvm::Module object Clang's backend holds (every
//    value handle then goes stale).
//  * FUNCTION / LOOP scope: an undo log of what the mutation did (values it
//    built, PHI incomings it added, and the IR_CORE operand edits and
//    erases made while it is open), replayed backwards. Costs what the
//    mutation touched, not the size of the module.
// CommitMutation verifies (verifyFunction for FUNCTION/LOOP, verifyModule
// for MODULE); a verifier failure rolls back and returns
// VERIFICATION_FAILED with the verifier's message as a diagnostic.
// Every IR_CORE edit made while a FUNCTION/LOOP mutation is open joins its
// log: operand edits, PHI incomings and erases as entries of their own,
// the setters (names, properties, linkage, sections, attributes,
// metadata...) as a closure that sets the old value back. What cannot be
// undone that way (erasing a block, ImportModule) is refused there with
// INVALID_STATE.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

namespace neverc::ir {
namespace {

using MH = NevercIRMutationHandle;

/// Puts the function back as it was: the log backwards.
void undo(TaskState &TS, MutationModel &M) {
  for (auto It = M.Undo.rbegin(); It != M.Undo.rend(); ++It) {
    UndoEntry &E = *It;
    switch (E.K) {
    case UndoEntry::Created:
      if (auto *I = llvm::dyn_cast<llvm::Instruction>(E.V)) {
        TS.forget(I);
        // Later entries (undone first) removed every later use; what is
        // left would be a use by another created value, also going away.
        if (!I->use_empty())
          I->replaceAllUsesWith(llvm::PoisonValue::get(I->getType()));
        I->eraseFromParent();
      } else if (auto *BB = llvm::dyn_cast<llvm::BasicBlock>(E.V)) {
        TS.forget(BB);
        for (llvm::Instruction &I : *BB)
          TS.forget(&I);
        BB->dropAllReferences();
        if (!BB->use_empty())
          BB->replaceAllUsesWith(llvm::PoisonValue::get(BB->getType()));
        BB->eraseFromParent();
      }
      break;
    case UndoEntry::Incoming: {
      auto *P = llvm::cast<llvm::PHINode>(E.V);
      P->removeIncomingValue(P->getNumIncomingValues() - 1, false);
      break;
    }
    case UndoEntry::Operand:
      llvm::cast<llvm::User>(E.V)->setOperand(E.Index, E.Old);
      break;
    case UndoEntry::PhiBlock:
      llvm::cast<llvm::PHINode>(E.V)->setIncomingBlock(
          E.Index, llvm::cast<llvm::BasicBlock>(E.Old));
      break;
    case UndoEntry::Restore:
      E.Put();
      break;
    case UndoEntry::Erased: {
      auto *I = llvm::cast<llvm::Instruction>(E.V);
      if (E.Next)
        I->insertBefore(E.Next->getIterator());
      else
        I->insertInto(E.BB, E.BB->end());
      for (unsigned K = 0; K < E.Ops.size(); ++K)
        I->setOperand(K, E.Ops[K]);
      break;
    }
    }
  }
  M.Undo.clear();
}

/// Deletes for good what the committed mutation erased.
void finishErases(MutationModel &M) {
  for (UndoEntry &E : M.Undo)
    if (E.K == UndoEntry::Erased)
      E.V->deleteValue();
  M.Undo.clear();
}

void rollback(TaskState &TS, MutationModel &M) {
  if (M.Scope == NEVERC_IR_MUTATION_SCOPE_MODULE)
    restoreModule(TS, std::move(M.Snapshot));
  else
    undo(TS, M);
  M.Snapshot.reset();
  M.State = MutationModel::Aborted;
  ++TS.Structure;
  if (TS.Open == &M)
    TS.Open = nullptr;
}

NevercStatus mutationOf(IRDomain::Impl &D, TaskState &TS, MH H,
                        std::shared_ptr<MutationModel> **Out) {
  if (core::decodeHandle(H).Kind != hk(IRHandleKind::Mutation))
    return st(NEVERC_STATUS_WRONG_TYPE);
  if (NevercStatus S = core::checkHandleScope(H, hk(IRHandleKind::Mutation),
                                              TS.Scope, D.H, true);
      !isOk(S))
    return S;
  if (!(*Out = TS.Mutations.lookup(H)))
    return st(NEVERC_STATUS_STALE_HANDLE);
  return okStatus();
}

NevercStatus NEVERC_CALL beginMutation(void *Ctx, NevercTaskHandle Task,
                                       NevercIRMutationScope Scope,
                                       NevercIRValueHandle Root, MH *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (mayNotMutate(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    auto M = std::make_shared<MutationModel>();
    M->Scope = Scope;
    switch (Scope) {
    case NEVERC_IR_MUTATION_SCOPE_MODULE:
      break;
    case NEVERC_IR_MUTATION_SCOPE_FUNCTION:
      if (NevercStatus S = valueAs(D, *TS, Root, &M->F); !isOk(S))
        return S;
      if (M->F->isDeclaration())
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      break;
    case NEVERC_IR_MUTATION_SCOPE_LOOP: {
      if (NevercStatus S = valueAs(D, *TS, Root, &M->Header); !isOk(S))
        return S;
      M->F = M->Header->getParent();
      // The root names a loop: its header.
      llvm::DominatorTree DT(*M->F);
      llvm::LoopInfo LI(DT);
      llvm::Loop *L = LI.getLoopFor(M->Header);
      if (!L || L->getHeader() != M->Header)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      break;
    }
    default:
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    // One transaction at a time: nested ones could not roll back alone.
    if (TS->Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    if (Scope == NEVERC_IR_MUTATION_SCOPE_MODULE)
      M->Snapshot = snapshotModule(*TS->M);
    TS->Open = M.get();
    *Out = TS->Mutations.insert(std::move(M));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL commitMutation(void *Ctx, NevercTaskHandle Task,
                                        MH H) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    std::shared_ptr<MutationModel> *P = nullptr;
    if (NevercStatus S = mutationOf(D, *TS, H, &P); !isOk(S))
      return S;
    MutationModel &M = **P;
    if (M.State != MutationModel::Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    std::string Msg;
    llvm::raw_string_ostream OS(Msg);
    bool Broken = M.Scope == NEVERC_IR_MUTATION_SCOPE_MODULE
                      ? llvm::verifyModule(*TS->M, &OS)
                      : llvm::verifyFunction(*M.F, &OS);
    if (Broken) {
      rollback(*TS, M);
      while (!Msg.empty() && Msg.back() == '\n')
        Msg.pop_back();
      for (char &C : Msg)
        if (C == '\n')
          C = ' ';
      D.diag(NEVERC_DIAGNOSTIC_WARNING,
             "CommitMutation: the mutation was rolled back, the IR it made "
             "is not valid: " + Msg);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    finishErases(M);
    M.Snapshot.reset();
    M.State = MutationModel::Committed;
    TS->Open = nullptr;
    TS->Touched = true;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL abortMutation(void *Ctx, NevercTaskHandle Task, MH H) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    std::shared_ptr<MutationModel> *P = nullptr;
    if (NevercStatus S = mutationOf(D, *TS, H, &P); !isOk(S))
      return S;
    if ((*P)->State != MutationModel::Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    rollback(*TS, **P);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL destroyMutation(void *Ctx, NevercTaskHandle Task,
                                         MH H) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    std::shared_ptr<MutationModel> *P = nullptr;
    if (NevercStatus S = mutationOf(D, *TS, H, &P); !isOk(S))
      return S;
    // Destroying an open mutation aborts it: nothing half-made survives.
    if ((*P)->State == MutationModel::Open)
      rollback(*TS, **P);
    for (NevercHandle B : (*P)->Builders)
      TS->Builders.erase(B);
    TS->Mutations.erase(H);
    return okStatus();
  });
}

} // namespace

void noteOperand(TaskState &TS, llvm::User *U, unsigned Index) {
  if (std::vector<UndoEntry> *L = undoLog(TS)) {
    UndoEntry E{UndoEntry::Operand};
    E.V = U;
    E.Index = Index;
    E.Old = U->getOperand(Index);
    L->push_back(std::move(E));
  }
}

/// The undo log of the open FUNCTION/LOOP mutation, or null.
std::vector<UndoEntry> *undoLog(TaskState &TS) {
  return TS.Open && TS.Open->Scope != NEVERC_IR_MUTATION_SCOPE_MODULE
             ? &TS.Open->Undo
             : nullptr;
}

void notePhiBlock(TaskState &TS, llvm::PHINode *P, unsigned Index) {
  if (std::vector<UndoEntry> *L = undoLog(TS)) {
    UndoEntry E{UndoEntry::PhiBlock};
    E.V = P;
    E.Index = Index;
    E.Old = P->getIncomingBlock(Index);
    L->push_back(std::move(E));
  }
}

bool deferErase(TaskState &TS, llvm::Instruction *I) {
  std::vector<UndoEntry> *L = undoLog(TS);
  if (!L)
    return false;
  UndoEntry E{UndoEntry::Erased};
  E.V = I;
  E.BB = I->getParent();
  E.Next = I->getNextNode();
  for (llvm::Value *Op : I->operands())
    E.Ops.push_back(Op);
  TS.forget(I);
  I->removeFromParent();
  I->dropAllReferences();
  L->push_back(std::move(E));
  return true;
}

void noteCreated(TaskState &TS, llvm::Value *V) {
  if (std::vector<UndoEntry> *L = undoLog(TS)) {
    UndoEntry E{UndoEntry::Created};
    E.V = V;
    L->push_back(std::move(E));
  }
}

void abandonOpenMutation(IRDomain::Impl &D, TaskState &TS) {
  if (!TS.Open)
    return;
  rollback(TS, *TS.Open);
  D.diag(NEVERC_DIAGNOSTIC_ERROR,
         "a plugin left an IR mutation open when its callback returned: it "
         "was rolled back (every BeginMutation needs a CommitMutation or "
         "AbortMutation and a DestroyMutation)");
}

void fillMutations(NevercIRBuilderAPI &T) {
  T.BeginMutation = &beginMutation;
  T.CommitMutation = &commitMutation;
  T.AbortMutation = &abortMutation;
  T.DestroyMutation = &destroyMutation;
}

} // namespace neverc::ir
