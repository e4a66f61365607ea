//===- Builder.cpp - IR_BUILDER: insertion cursors and the Build* slots ---===//
//
// A builder is an llvm::IRBuilder<NoFolder> inside one open mutation: each
// Build* makes exactly one instruction (no constant folding behind the
// plugin's back). What LLVM would assert on (a GEP through a non-indexable
// type, a call whose arguments do not match) is checked first and refused
// with WRONG_TYPE / INVALID_ARGUMENT; everything else the verifier judges
// at CommitMutation. Operands that live in a function (instructions,
// arguments, blocks) must live in the builder's function: WRONG_SCOPE.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/NoFolder.h"

namespace neverc::ir {
namespace {

using V = NevercIRValueHandle;
using BH = NevercIRBuilderHandle;
using SV = NevercStringView;

struct BuilderModel {
  explicit BuilderModel(llvm::LLVMContext &C) : B(C) {}
  MutationModel *M = nullptr;
  std::shared_ptr<MutationModel> Keep;
  llvm::IRBuilder<llvm::NoFolder> B;
  bool Placed = false;
};

NevercStatus builderOf(IRDomain::Impl &D, TaskState &TS, BH H,
                       BuilderModel **Out) {
  if (core::decodeHandle(H).Kind != hk(IRHandleKind::Builder))
    return st(NEVERC_STATUS_WRONG_TYPE);
  if (NevercStatus S = core::checkHandleScope(H, hk(IRHandleKind::Builder),
                                              TS.Scope, D.H, true);
      !isOk(S))
    return S;
  std::shared_ptr<void> *P = TS.Builders.lookup(H);
  if (!P)
    return st(NEVERC_STATUS_STALE_HANDLE);
  *Out = static_cast<BuilderModel *>(P->get());
  return okStatus();
}

/// A builder whose mutation is still open (INVALID_STATE otherwise).
NevercStatus openBuilderOf(IRDomain::Impl &D, TaskState &TS, BH H,
                           BuilderModel **Out) {
  if (NevercStatus S = builderOf(D, TS, H, Out); !isOk(S))
    return S;
  return (*Out)->M->State == MutationModel::Open
             ? okStatus()
             : st(NEVERC_STATUS_INVALID_STATE);
}

NevercStatus mutationOf(IRDomain::Impl &D, TaskState &TS,
                        NevercIRMutationHandle H, MutationModel **Out) {
  if (core::decodeHandle(H).Kind != hk(IRHandleKind::Mutation))
    return st(NEVERC_STATUS_WRONG_TYPE);
  if (NevercStatus S = core::checkHandleScope(H, hk(IRHandleKind::Mutation),
                                              TS.Scope, D.H, true);
      !isOk(S))
    return S;
  std::shared_ptr<MutationModel> *P = TS.Mutations.lookup(H);
  if (!P)
    return st(NEVERC_STATUS_STALE_HANDLE);
  if ((*P)->State != MutationModel::Open)
    return st(NEVERC_STATUS_INVALID_STATE);
  *Out = P->get();
  return okStatus();
}

/// The function a local value lives in (null for constants and globals).
const llvm::Function *homeOf(const llvm::Value *X) {
  if (auto *I = llvm::dyn_cast<llvm::Instruction>(X))
    return I->getFunction();
  if (auto *A = llvm::dyn_cast<llvm::Argument>(X))
    return A->getParent();
  if (auto *BB = llvm::dyn_cast<llvm::BasicBlock>(X))
    return BB->getParent();
  return nullptr;
}

/// A function the mutation may build in.
bool inScope(const MutationModel &M, const llvm::Function *F) {
  return M.Scope == NEVERC_IR_MUTATION_SCOPE_MODULE || F == M.F;
}

/// One Build* call: the builder (placed, its mutation open, the caller
/// allowed to mutate) and its operands.
struct Build {
  IRDomain::Impl &D;
  TaskState &TS;
  BuilderModel *BM = nullptr;
  NevercStatus S = okStatus();

  Build(IRDomain::Impl &D, TaskState &TS, BH H) : D(D), TS(TS) {
    if (!isOk(S = builderOf(D, TS, H, &BM)))
      return;
    if (mayNotMutate(TS))
      S = st(NEVERC_STATUS_POLICY_VIOLATION);
    else if (BM->M->State != MutationModel::Open || !BM->Placed)
      S = st(NEVERC_STATUS_INVALID_STATE);
  }
  explicit operator bool() const { return isOk(S); }
  const llvm::Function *function() const {
    return BM->B.GetInsertBlock()->getParent();
  }
  /// An operand: live, and if local then local to the builder's function.
  NevercStatus operand(V H, llvm::Value **Out) {
    if (NevercStatus R = valueOf(D, TS, H, Out); !isOk(R))
      return R;
    const llvm::Function *F = homeOf(*Out);
    if (F && F != function())
      return st(NEVERC_STATUS_WRONG_SCOPE);
    if (llvm::isa<llvm::BasicBlock>(*Out))
      return st(NEVERC_STATUS_WRONG_TYPE);
    return okStatus();
  }
  NevercStatus block(V H, llvm::BasicBlock **Out) {
    if (NevercStatus R = valueAs(D, TS, H, Out); !isOk(R))
      return R;
    return (*Out)->getParent() == function() ? okStatus()
                                             : st(NEVERC_STATUS_WRONG_SCOPE);
  }
  NevercStatus type(NevercIRTypeHandle H, llvm::Type **Out) {
    return typeOf(D, TS, H, Out);
  }
  /// Records what was built and hands its handle out. Clang's context
  /// drops local names; the one the plugin gave is kept.
  NevercStatus done(llvm::Value *X, V *Out, SV Name = SV{nullptr, 0}) {
    if (Name.Length && X->getName().empty())
      nameValue(X, ref(Name));
    noteCreated(TS, X);
    (void)beginChange(TS, true);
    *Out = TS.value(X);
    return okStatus();
  }
};

#define NEVERC_IR_BUILD(Ctx, Task, Builder)                                    \
  NEVERC_IR_TASK(Ctx, Task);                                                   \
  NEVERC_IR_OUT(Out);                                                          \
  Build Bd(D, *TS, Builder);                                                   \
  if (!Bd)                                                                     \
    return Bd.S;                                                               \
  auto &IRB = Bd.BM->B

bool firstClass(llvm::Type *T) {
  return T->isFirstClassType() && !T->isLabelTy() && !T->isMetadataTy() &&
         !T->isTokenTy() && T->isSized();
}

//===--- Builders ---------------------------------------------------------===//

NevercStatus NEVERC_CALL createBuilder(void *Ctx, NevercTaskHandle Task,
                                       NevercIRMutationHandle Mutation,
                                       BH *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    MutationModel *M = nullptr;
    if (NevercStatus S = mutationOf(D, *TS, Mutation, &M); !isOk(S))
      return S;
    auto BM = std::make_shared<BuilderModel>(TS->M->getContext());
    BM->M = M;
    *Out = TS->Builders.insert(BM);
    M->Builders.push_back(*Out);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL destroyBuilder(void *Ctx, NevercTaskHandle Task,
                                        BH H) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    BuilderModel *BM = nullptr;
    if (NevercStatus S = builderOf(D, *TS, H, &BM); !isOk(S))
      return S;
    TS->Builders.erase(H);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setInsertBlock(void *Ctx, NevercTaskHandle Task,
                                        BH H, V Block) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    BuilderModel *BM = nullptr;
    llvm::BasicBlock *BB = nullptr;
    if (NevercStatus S = openBuilderOf(D, *TS, H, &BM); !isOk(S))
      return S;
    if (NevercStatus S = valueAs(D, *TS, Block, &BB); !isOk(S))
      return S;
    if (!inScope(*BM->M, BB->getParent()))
      return st(NEVERC_STATUS_WRONG_SCOPE);
    BM->B.SetInsertPoint(BB);
    BM->Placed = true;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setInsertBefore(void *Ctx, NevercTaskHandle Task,
                                         BH H, V Instruction) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    BuilderModel *BM = nullptr;
    llvm::Instruction *I = nullptr;
    if (NevercStatus S = openBuilderOf(D, *TS, H, &BM); !isOk(S))
      return S;
    if (NevercStatus S = valueAs(D, *TS, Instruction, &I); !isOk(S))
      return S;
    if (!inScope(*BM->M, I->getFunction()))
      return st(NEVERC_STATUS_WRONG_SCOPE);
    BM->B.SetInsertPoint(I->getIterator());
    BM->Placed = true;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setDebugLocation(void *Ctx, NevercTaskHandle Task,
                                          BH H, NevercIRMetadataHandle Loc) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    BuilderModel *BM = nullptr;
    if (NevercStatus S = builderOf(D, *TS, H, &BM); !isOk(S))
      return S;
    if (!Loc.Owner && !Loc.Value) { // a null handle: no location
      BM->B.SetCurrentDebugLocation(llvm::DebugLoc());
      return okStatus();
    }
    llvm::Metadata *MD = nullptr;
    if (NevercStatus S = metadataOf(D, *TS, Loc, &MD); !isOk(S))
      return S;
    auto *L = llvm::dyn_cast<llvm::DILocation>(MD);
    if (!L)
      return st(NEVERC_STATUS_WRONG_TYPE);
    BM->B.SetCurrentDebugLocation(llvm::DebugLoc(L));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setFastMathFlags(void *Ctx, NevercTaskHandle Task,
                                          BH H, NevercIRFastMathFlags Flags) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    BuilderModel *BM = nullptr;
    if (NevercStatus S = builderOf(D, *TS, H, &BM); !isOk(S))
      return S;
    if (Flags & ~AllFastMathFlags)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    BM->B.setFastMathFlags(toFastMath(Flags));
    return okStatus();
  });
}

//===--- Instructions -----------------------------------------------------===//

bool validName(SV N) { return validView(N); }

NevercStatus NEVERC_CALL buildBinary(void *Ctx, NevercTaskHandle Task, BH H,
                                     NevercIROpcode Opcode, V L, V R, SV Name,
                                     V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    unsigned Op = 0;
    if (!llvmOpcode(Opcode, Op) || !llvm::Instruction::isBinaryOp(Op) ||
        !validName(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Value *A = nullptr, *B = nullptr;
    if (NevercStatus S = Bd.operand(L, &A); !isOk(S))
      return S;
    if (NevercStatus S = Bd.operand(R, &B); !isOk(S))
      return S;
    bool FP = Op == llvm::Instruction::FAdd || Op == llvm::Instruction::FSub ||
              Op == llvm::Instruction::FMul || Op == llvm::Instruction::FDiv ||
              Op == llvm::Instruction::FRem;
    if (A->getType() != B->getType() ||
        (FP ? !A->getType()->isFPOrFPVectorTy()
            : !A->getType()->isIntOrIntVectorTy()))
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(
        IRB.CreateBinOp(llvm::Instruction::BinaryOps(Op), A, B, ref(Name)),
        Out, Name);
  });
}

NevercStatus NEVERC_CALL buildUnary(void *Ctx, NevercTaskHandle Task, BH H,
                                    NevercIROpcode Opcode, V Operand, SV Name,
                                    V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    unsigned Op = 0;
    if (!llvmOpcode(Opcode, Op) || !llvm::Instruction::isUnaryOp(Op) ||
        !validName(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Value *A = nullptr;
    if (NevercStatus S = Bd.operand(Operand, &A); !isOk(S))
      return S;
    if (!A->getType()->isFPOrFPVectorTy())
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(
        IRB.CreateUnOp(llvm::Instruction::UnaryOps(Op), A, ref(Name)), Out, Name);
  });
}

NevercStatus NEVERC_CALL buildCompare(void *Ctx, NevercTaskHandle Task, BH H,
                                      NevercIRPredicate Predicate, V L, V R,
                                      SV Name, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    unsigned P = 0;
    if (!llvmPredicate(Predicate, P) || !validName(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Value *A = nullptr, *B = nullptr;
    if (NevercStatus S = Bd.operand(L, &A); !isOk(S))
      return S;
    if (NevercStatus S = Bd.operand(R, &B); !isOk(S))
      return S;
    auto Pred = llvm::CmpInst::Predicate(P);
    llvm::Type *T = A->getType();
    bool FP = llvm::CmpInst::isFPPredicate(Pred);
    if (T != B->getType() ||
        (FP ? !T->isFPOrFPVectorTy()
            : !T->isIntOrIntVectorTy() && !T->isPtrOrPtrVectorTy()))
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(FP ? IRB.CreateFCmp(Pred, A, B, ref(Name))
                      : IRB.CreateICmp(Pred, A, B, ref(Name)),
                   Out, Name);
  });
}

NevercStatus NEVERC_CALL buildCast(void *Ctx, NevercTaskHandle Task, BH H,
                                   NevercIROpcode Opcode, V Operand,
                                   NevercIRTypeHandle To, SV Name, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    unsigned Op = 0;
    if (!llvmOpcode(Opcode, Op) || !llvm::Instruction::isCast(Op) ||
        !validName(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Value *A = nullptr;
    llvm::Type *T = nullptr;
    if (NevercStatus S = Bd.operand(Operand, &A); !isOk(S))
      return S;
    if (NevercStatus S = Bd.type(To, &T); !isOk(S))
      return S;
    auto CO = llvm::Instruction::CastOps(Op);
    if (!llvm::CastInst::castIsValid(CO, A->getType(), T))
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(IRB.CreateCast(CO, A, T, ref(Name)), Out, Name);
  });
}

NevercStatus NEVERC_CALL buildSelect(void *Ctx, NevercTaskHandle Task, BH H,
                                     V Cond, V TrueV, V FalseV, SV Name,
                                     V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    if (!validName(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Value *C = nullptr, *T = nullptr, *F = nullptr;
    if (NevercStatus S = Bd.operand(Cond, &C); !isOk(S))
      return S;
    if (NevercStatus S = Bd.operand(TrueV, &T); !isOk(S))
      return S;
    if (NevercStatus S = Bd.operand(FalseV, &F); !isOk(S))
      return S;
    if (llvm::SelectInst::areInvalidOperands(C, T, F))
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(IRB.CreateSelect(C, T, F, ref(Name)), Out, Name);
  });
}

NevercStatus NEVERC_CALL buildAlloca(void *Ctx, NevercTaskHandle Task, BH H,
                                     NevercIRTypeHandle Type, uint32_t AS,
                                     V ArraySize, SV Name, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    if (!validName(Name) || AS >= (1u << 24))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Type *T = nullptr;
    llvm::Value *N = nullptr; // a null handle: one element
    if (NevercStatus S = Bd.type(Type, &T); !isOk(S))
      return S;
    if (ArraySize.Owner || ArraySize.Value)
      if (NevercStatus S = Bd.operand(ArraySize, &N); !isOk(S))
        return S;
    if (!T->isSized() || (N && !N->getType()->isIntegerTy()))
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(IRB.CreateAlloca(T, AS, N, ref(Name)), Out, Name);
  });
}

NevercStatus NEVERC_CALL buildLoad(void *Ctx, NevercTaskHandle Task, BH H,
                                   NevercIRTypeHandle Type, V Pointer, SV Name,
                                   V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    if (!validName(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Type *T = nullptr;
    llvm::Value *P = nullptr;
    if (NevercStatus S = Bd.type(Type, &T); !isOk(S))
      return S;
    if (NevercStatus S = Bd.operand(Pointer, &P); !isOk(S))
      return S;
    if (!firstClass(T) || !P->getType()->isPointerTy())
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(IRB.CreateLoad(T, P, ref(Name)), Out, Name);
  });
}

NevercStatus NEVERC_CALL buildStore(void *Ctx, NevercTaskHandle Task, BH H,
                                    V Value, V Pointer, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    llvm::Value *X = nullptr, *P = nullptr;
    if (NevercStatus S = Bd.operand(Value, &X); !isOk(S))
      return S;
    if (NevercStatus S = Bd.operand(Pointer, &P); !isOk(S))
      return S;
    if (!firstClass(X->getType()) || !P->getType()->isPointerTy())
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(IRB.CreateStore(X, P), Out);
  });
}

NevercStatus NEVERC_CALL buildGEP(void *Ctx, NevercTaskHandle Task, BH H,
                                  NevercIRTypeHandle Source, V Pointer,
                                  const V *Indices, uint64_t Count, SV Name,
                                  V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    if (!validName(Name) || (Count && !Indices))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Type *T = nullptr;
    llvm::Value *P = nullptr;
    if (NevercStatus S = Bd.type(Source, &T); !isOk(S))
      return S;
    if (NevercStatus S = Bd.operand(Pointer, &P); !isOk(S))
      return S;
    if (!T->isSized() || !P->getType()->isPtrOrPtrVectorTy())
      return st(NEVERC_STATUS_WRONG_TYPE);
    std::vector<llvm::Value *> Idx;
    for (uint64_t I = 0; I < Count; ++I) {
      llvm::Value *X = nullptr;
      if (NevercStatus S = Bd.operand(Indices[I], &X); !isOk(S))
        return S;
      if (!X->getType()->isIntOrIntVectorTy())
        return st(NEVERC_STATUS_WRONG_TYPE);
      Idx.push_back(X);
    }
    // A struct step needs a constant in range: LLVM would crash otherwise.
    if (Count && !llvm::GetElementPtrInst::getIndexedType(T, Idx))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    return Bd.done(IRB.CreateGEP(T, P, Idx, ref(Name)), Out, Name);
  });
}

NevercStatus NEVERC_CALL buildCall(void *Ctx, NevercTaskHandle Task, BH H,
                                   NevercIRTypeHandle FnType, V Callee,
                                   const V *Args, uint64_t Count, SV Name,
                                   V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    if (!validName(Name) || (Count && !Args))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Type *T = nullptr;
    llvm::Value *C = nullptr;
    if (NevercStatus S = Bd.type(FnType, &T); !isOk(S))
      return S;
    if (NevercStatus S = Bd.operand(Callee, &C); !isOk(S))
      return S;
    auto *FT = llvm::dyn_cast<llvm::FunctionType>(T);
    if (!FT || !C->getType()->isPointerTy())
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (Count < FT->getNumParams() ||
        (!FT->isVarArg() && Count != FT->getNumParams()))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::vector<llvm::Value *> As;
    for (uint64_t I = 0; I < Count; ++I) {
      llvm::Value *X = nullptr;
      if (NevercStatus S = Bd.operand(Args[I], &X); !isOk(S))
        return S;
      if (I < FT->getNumParams() && X->getType() != FT->getParamType(unsigned(I)))
        return st(NEVERC_STATUS_WRONG_TYPE);
      As.push_back(X);
    }
    // A void call has no name.
    if (FT->getReturnType()->isVoidTy() && Name.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    return Bd.done(IRB.CreateCall(FT, C, As, ref(Name)), Out, Name);
  });
}

NevercStatus NEVERC_CALL buildPhi(void *Ctx, NevercTaskHandle Task, BH H,
                                  NevercIRTypeHandle Type, uint32_t Reserved,
                                  SV Name, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    if (!validName(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Type *T = nullptr;
    if (NevercStatus S = Bd.type(Type, &T); !isOk(S))
      return S;
    if (!firstClass(T))
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(IRB.CreatePHI(T, Reserved, ref(Name)), Out, Name);
  });
}

NevercStatus NEVERC_CALL addPhiIncoming(void *Ctx, NevercTaskHandle Task,
                                        NevercIRMutationHandle Mutation, V Phi,
                                        V Value, V Block) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    MutationModel *M = nullptr;
    llvm::PHINode *P = nullptr;
    llvm::Value *X = nullptr;
    llvm::BasicBlock *BB = nullptr;
    if (NevercStatus S = mutationOf(D, *TS, Mutation, &M); !isOk(S))
      return S;
    if (mayNotMutate(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    if (NevercStatus S = valueAs(D, *TS, Phi, &P); !isOk(S))
      return S;
    if (NevercStatus S = valueOf(D, *TS, Value, &X); !isOk(S))
      return S;
    if (NevercStatus S = valueAs(D, *TS, Block, &BB); !isOk(S))
      return S;
    const llvm::Function *F = P->getFunction();
    if (!inScope(*M, F) || BB->getParent() != F ||
        (homeOf(X) && homeOf(X) != F))
      return st(NEVERC_STATUS_WRONG_SCOPE);
    if (X->getType() != P->getType())
      return st(NEVERC_STATUS_WRONG_TYPE);
    // A PHI the mutation did not build gets an undo entry of its own.
    bool Ours = false;
    for (const UndoEntry &E : M->Undo)
      Ours |= E.K == UndoEntry::Created && E.V == P;
    if (!Ours && M->Scope != NEVERC_IR_MUTATION_SCOPE_MODULE) {
      UndoEntry E{UndoEntry::Incoming};
      E.V = P;
      M->Undo.push_back(std::move(E));
    }
    (void)beginChange(*TS, true);
    P->addIncoming(X, BB);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL buildBranch(void *Ctx, NevercTaskHandle Task, BH H,
                                     V Dest, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    llvm::BasicBlock *BB = nullptr;
    if (NevercStatus S = Bd.block(Dest, &BB); !isOk(S))
      return S;
    return Bd.done(IRB.CreateBr(BB), Out);
  });
}

NevercStatus NEVERC_CALL buildCondBranch(void *Ctx, NevercTaskHandle Task,
                                         BH H, V Cond, V TrueDest,
                                         V FalseDest, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    llvm::Value *C = nullptr;
    llvm::BasicBlock *T = nullptr, *F = nullptr;
    if (NevercStatus S = Bd.operand(Cond, &C); !isOk(S))
      return S;
    if (NevercStatus S = Bd.block(TrueDest, &T); !isOk(S))
      return S;
    if (NevercStatus S = Bd.block(FalseDest, &F); !isOk(S))
      return S;
    if (!C->getType()->isIntegerTy(1))
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(IRB.CreateCondBr(C, T, F), Out);
  });
}

NevercStatus NEVERC_CALL buildUnreachable(void *Ctx, NevercTaskHandle Task,
                                          BH H, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    return Bd.done(IRB.CreateUnreachable(), Out);
  });
}

NevercStatus NEVERC_CALL buildReturn(void *Ctx, NevercTaskHandle Task, BH H,
                                     V Value, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    llvm::Value *X = nullptr;
    if (NevercStatus S = Bd.operand(Value, &X); !isOk(S))
      return S;
    if (X->getType() != Bd.function()->getReturnType())
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(IRB.CreateRet(X), Out);
  });
}

NevercStatus NEVERC_CALL buildReturnVoid(void *Ctx, NevercTaskHandle Task,
                                         BH H, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_BUILD(Ctx, Task, H);
    if (!Bd.function()->getReturnType()->isVoidTy())
      return st(NEVERC_STATUS_WRONG_TYPE);
    return Bd.done(IRB.CreateRetVoid(), Out);
  });
}

NevercStatus NEVERC_CALL createFunction(void *Ctx, NevercTaskHandle Task,
                                        NevercIRMutationHandle Mutation,
                                        NevercIRTypeHandle FnType, SV Name,
                                        V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    MutationModel *M = nullptr;
    llvm::Type *T = nullptr;
    if (NevercStatus S = mutationOf(D, *TS, Mutation, &M); !isOk(S))
      return S;
    if (mayNotMutate(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    // A new function is a module change: only a MODULE mutation can undo it.
    if (M->Scope != NEVERC_IR_MUTATION_SCOPE_MODULE)
      return st(NEVERC_STATUS_WRONG_SCOPE);
    if (NevercStatus S = typeOf(D, *TS, FnType, &T); !isOk(S))
      return S;
    auto *FT = llvm::dyn_cast<llvm::FunctionType>(T);
    if (!FT)
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (!validView(Name) || !Name.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (TS->M->getNamedValue(ref(Name)))
      return st(NEVERC_STATUS_DUPLICATE_ID);
    llvm::Function *F = llvm::Function::Create(
        FT, llvm::GlobalValue::ExternalLinkage, ref(Name), TS->M);
    (void)beginChange(*TS, true);
    *Out = TS->value(F);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createBasicBlock(void *Ctx, NevercTaskHandle Task,
                                          NevercIRMutationHandle Mutation,
                                          V Function, SV Name, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    MutationModel *M = nullptr;
    llvm::Function *F = nullptr;
    if (NevercStatus S = mutationOf(D, *TS, Mutation, &M); !isOk(S))
      return S;
    if (mayNotMutate(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    if (NevercStatus S = valueAs(D, *TS, Function, &F); !isOk(S))
      return S;
    if (!inScope(*M, F))
      return st(NEVERC_STATUS_WRONG_SCOPE);
    if (!validView(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::BasicBlock *BB = llvm::BasicBlock::Create(TS->M->getContext(), "", F);
    if (Name.Length)
      nameValue(BB, ref(Name));
    noteCreated(*TS, BB);
    (void)beginChange(*TS, true);
    *Out = TS->value(BB);
    return okStatus();
  });
}

} // namespace

void fillBuilder(NevercIRBuilderAPI &T) {
  T.CreateBuilder = &createBuilder;
  T.DestroyBuilder = &destroyBuilder;
  T.SetInsertBlock = &setInsertBlock;
  T.SetInsertBefore = &setInsertBefore;
  T.SetDebugLocation = &setDebugLocation;
  T.SetFastMathFlags = &setFastMathFlags;
  T.BuildBinary = &buildBinary;
  T.BuildUnary = &buildUnary;
  T.BuildCompare = &buildCompare;
  T.BuildCast = &buildCast;
  T.BuildSelect = &buildSelect;
  T.BuildAlloca = &buildAlloca;
  T.BuildLoad = &buildLoad;
  T.BuildStore = &buildStore;
  T.BuildGetElementPtr = &buildGEP;
  T.BuildCall = &buildCall;
  T.BuildPhi = &buildPhi;
  T.AddPhiIncoming = &addPhiIncoming;
  T.BuildBranch = &buildBranch;
  T.BuildConditionalBranch = &buildCondBranch;
  T.BuildUnreachable = &buildUnreachable;
  T.BuildReturn = &buildReturn;
  T.BuildReturnVoid = &buildReturnVoid;
  T.CreateFunction = &createFunction;
  T.CreateBasicBlock = &createBasicBlock;
}

} // namespace neverc::ir
