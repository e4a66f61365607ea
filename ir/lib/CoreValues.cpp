//===- CoreValues.cpp - IR_CORE: values, uses, operands, cursors, CFG -----===//
#include "Internal.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>
#include <type_traits>

namespace neverc::ir {
namespace {

using V = NevercIRValueHandle;

NevercStatus NEVERC_CALL getContext(void *Ctx, NevercTaskHandle Task,
                                    NevercIRContextHandle *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    *Out = TS->ContextHandle;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getModule(void *Ctx, NevercTaskHandle Task,
                                   NevercIRModuleHandle *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    *Out = TS->ModuleHandle;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getValueKind(void *Ctx, NevercTaskHandle Task, V H,
                                      NevercIRValueKind *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Value *Val = nullptr;
    if (NevercStatus S = valueOf(D, *TS, H, &Val); !isOk(S))
      return S;
    *Out = schemaValueKind(Val);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL replaceAllUsesWith(void *Ctx, NevercTaskHandle Task,
                                            V Original, V Replacement) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    llvm::Value *From = nullptr, *To = nullptr;
    if (NevercStatus S = valueOf(D, *TS, Original, &From); !isOk(S))
      return S;
    if (NevercStatus S = valueOf(D, *TS, Replacement, &To); !isOk(S))
      return S;
    if (From->getType() != To->getType())
      return st(NEVERC_STATUS_WRONG_TYPE);
    // LLVM uniques constants by value; only globals may be replaced, and
    // a constant user (an initializer, a constant expression) can only
    // take a constant.
    if (From == To || (llvm::isa<llvm::Constant>(From) &&
                       !llvm::isa<llvm::GlobalValue>(From)))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (!llvm::isa<llvm::Constant>(To))
      for (llvm::User *U : From->users())
        if (llvm::isa<llvm::Constant>(U))
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (mayNotMutate(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    // Inside a FUNCTION/LOOP mutation each use is logged so a rollback can
    // put it back; only instruction uses can be.
    if (TS->Open && TS->Open->Scope != NEVERC_IR_MUTATION_SCOPE_MODULE) {
      for (llvm::Use &U : From->uses())
        if (!llvm::isa<llvm::Instruction>(U.getUser()))
          return st(NEVERC_STATUS_INVALID_STATE);
      std::vector<llvm::Use *> Uses;
      for (llvm::Use &U : From->uses())
        Uses.push_back(&U);
      for (llvm::Use *U : Uses)
        noteOperand(*TS, llvm::cast<llvm::User>(U->getUser()),
                    U->getOperandNo());
    }
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    From->replaceAllUsesWith(To);
    return okStatus();
  });
}

/// Deletes \p I and forgets its handle.
void eraseInstruction(TaskState &TS, llvm::Instruction *I) {
  TS.forget(I);
  I->eraseFromParent();
}

NevercStatus NEVERC_CALL eraseValue(void *Ctx, NevercTaskHandle Task, V H) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    llvm::Value *Val = nullptr;
    if (NevercStatus S = valueOf(D, *TS, H, &Val); !isOk(S))
      return S;
    // Something still uses it: the caller replaces those uses first.
    if (!Val->use_empty())
      return st(NEVERC_STATUS_INVALID_STATE);
    if (auto *I = llvm::dyn_cast<llvm::Instruction>(Val)) {
      if (NevercStatus S = beginChange(*TS, true); !isOk(S))
        return S;
      // Inside a FUNCTION/LOOP mutation the erase waits for the commit.
      if (!deferErase(*TS, I))
        eraseInstruction(*TS, I);
      return okStatus();
    }
    if (auto *BB = llvm::dyn_cast<llvm::BasicBlock>(Val)) {
      if (TS->Open && TS->Open->Scope != NEVERC_IR_MUTATION_SCOPE_MODULE)
        return st(NEVERC_STATUS_INVALID_STATE); // not undoable there
      // Its instructions may only be used inside the block.
      for (llvm::Instruction &I : *BB)
        for (llvm::User *U : I.users())
          if (!llvm::isa<llvm::Instruction>(U) ||
              llvm::cast<llvm::Instruction>(U)->getParent() != BB)
            return st(NEVERC_STATUS_INVALID_STATE);
      if (NevercStatus S = beginChange(*TS, true); !isOk(S))
        return S;
      for (llvm::Instruction &I : *BB)
        TS->forget(&I);
      BB->dropAllReferences();
      TS->forget(BB);
      BB->eraseFromParent();
      return okStatus();
    }
    if (auto *G = llvm::dyn_cast<llvm::GlobalValue>(Val)) {
      // A FUNCTION/LOOP mutation could not bring it back.
      if (TS->Open && TS->Open->Scope != NEVERC_IR_MUTATION_SCOPE_MODULE)
        return st(NEVERC_STATUS_INVALID_STATE);
      if (NevercStatus S = beginChange(*TS, true); !isOk(S))
        return S;
      if (auto *F = llvm::dyn_cast<llvm::Function>(G)) {
        for (llvm::Argument &A : F->args())
          TS->forget(&A);
        for (llvm::BasicBlock &BB : *F) {
          TS->forget(&BB);
          for (llvm::Instruction &I : BB)
            TS->forget(&I);
        }
      }
      TS->Erased.push_back(G);
      TS->forget(G);
      G->eraseFromParent();
      return okStatus();
    }
    return st(NEVERC_STATUS_WRONG_TYPE);
  });
}

//===--- Cursors ----------------------------------------------------------===//

/// The container a collection walks, or WRONG_TYPE.
NevercStatus containerOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                         NevercIRValueCollection C, llvm::Value **Out) {
  switch (C) {
  case NEVERC_IR_COLLECTION_MODULE_FUNCTIONS:
  case NEVERC_IR_COLLECTION_MODULE_GLOBALS:
  case NEVERC_IR_COLLECTION_MODULE_ALIASES:
  case NEVERC_IR_COLLECTION_MODULE_I_FUNCS:
    if (core::decodeHandle(H).Kind != hk(IRHandleKind::Module))
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (NevercStatus S = core::checkHandleScope(H, hk(IRHandleKind::Module),
                                                TS.Scope, D.H, true);
        !isOk(S))
      return S;
    if (H.Owner != TS.ModuleHandle.Owner || H.Value != TS.ModuleHandle.Value)
      return st(NEVERC_STATUS_STALE_HANDLE);
    *Out = nullptr;
    return okStatus();
  case NEVERC_IR_COLLECTION_FUNCTION_ARGUMENTS:
  case NEVERC_IR_COLLECTION_FUNCTION_BLOCKS: {
    llvm::Function *F = nullptr;
    if (NevercStatus S = valueAs(D, TS, H, &F); !isOk(S))
      return S;
    *Out = F;
    return okStatus();
  }
  case NEVERC_IR_COLLECTION_BLOCK_INSTRUCTIONS: {
    llvm::BasicBlock *BB = nullptr;
    if (NevercStatus S = valueAs(D, TS, H, &BB); !isOk(S))
      return S;
    *Out = BB;
    return okStatus();
  }
  default:
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  }
}

/// Up to \p Cap entries of an ilist from \p Pos. The walk resumes where
/// the previous batch of the same cursor stopped (TaskState::Resume), so
/// walking a collection in batches costs its length, not its square.
template <class List>
uint64_t collect(TaskState &TS, List &&L, const void *Container,
                 NevercIRValueCollection Collection, uint64_t Pos, V *Out,
                 uint64_t Cap) {
  auto It = L.begin(), End = L.end();
  TaskState::ResumePoint &R = TS.Resume;
  if (R.Container == Container && R.Collection == Collection &&
      R.Structure == TS.Structure && R.Position == Pos && R.Next && Pos) {
    using Elem = std::remove_reference_t<decltype(*It)>;
    It = static_cast<Elem *>(const_cast<void *>(R.Next))->getIterator();
  } else {
    for (uint64_t I = 0; I < Pos && It != End; ++I)
      ++It;
  }
  uint64_t N = 0;
  for (; It != End && N < Cap; ++It)
    Out[N++] = TS.value(&*It);
  R = {Container, Collection, TS.Structure, Pos + N,
       It != End ? static_cast<const void *>(&*It) : nullptr};
  return N;
}

/// Arguments are an array: direct indexing.
uint64_t collectArgs(TaskState &TS, llvm::Function &F, uint64_t Pos, V *Out,
                     uint64_t Cap) {
  uint64_t N = 0;
  for (uint64_t I = Pos; I < F.arg_size() && N < Cap; ++I)
    Out[N++] = TS.value(F.getArg(unsigned(I)));
  return N;
}

NevercStatus NEVERC_CALL beginValueCursor(void *Ctx, NevercTaskHandle Task,
                                          NevercHandle Container,
                                          NevercIRValueCollection Collection,
                                          NevercIRValueCursor *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    // An output: a zero-filled cursor is fine, a pre-filled one must fit.
    NevercABITableHeader Hd;
    std::memcpy(&Hd, Out, sizeof Hd);
    if (Hd.StructSize != 0 && Hd.StructSize < sizeof(NevercIRValueCursor))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Value *C = nullptr;
    if (NevercStatus S = containerOf(D, *TS, Container, Collection, &C);
        !isOk(S))
      return S;
    NevercIRValueCursor R;
    std::memset(&R, 0, sizeof R);
    R.Header = {sizeof R, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR,
                0};
    R.Container = Container;
    R.MutationGeneration = TS->Structure;
    R.Position = 0;
    R.Collection = Collection;
    *Out = R;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL collectValueCursor(void *Ctx, NevercTaskHandle Task,
                                            NevercIRValueCursor *Cursor,
                                            V *Values, uint64_t Capacity,
                                            uint64_t *OutCount) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(OutCount);
    if (NevercStatus S = checkHeader(Cursor, sizeof(NevercIRValueCursor),
                                     NEVERC_IR_CORE_API_MAJOR);
        !isOk(S))
      return S;
    // A zero count means the end: a zero capacity could not say more.
    if (!Capacity || !Values)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // The container changed since the walk began: its entries moved.
    if (Cursor->MutationGeneration != TS->Structure)
      return st(NEVERC_STATUS_STALE_HANDLE);
    llvm::Value *C = nullptr;
    if (NevercStatus S =
            containerOf(D, *TS, Cursor->Container, Cursor->Collection, &C);
        !isOk(S))
      return S;
    uint64_t N = 0, Pos = Cursor->Position;
    llvm::Module &M = *TS->M;
    const void *Key = C ? static_cast<const void *>(C) : TS->M;
    const NevercIRValueCollection Coll = Cursor->Collection;
    switch (Coll) {
    case NEVERC_IR_COLLECTION_MODULE_FUNCTIONS:
      N = collect(*TS, M.functions(), Key, Coll, Pos, Values, Capacity);
      break;
    case NEVERC_IR_COLLECTION_MODULE_GLOBALS:
      N = collect(*TS, M.globals(), Key, Coll, Pos, Values, Capacity);
      break;
    case NEVERC_IR_COLLECTION_MODULE_ALIASES:
      N = collect(*TS, M.aliases(), Key, Coll, Pos, Values, Capacity);
      break;
    case NEVERC_IR_COLLECTION_MODULE_I_FUNCS:
      N = collect(*TS, M.ifuncs(), Key, Coll, Pos, Values, Capacity);
      break;
    case NEVERC_IR_COLLECTION_FUNCTION_ARGUMENTS:
      N = collectArgs(*TS, *llvm::cast<llvm::Function>(C), Pos, Values,
                      Capacity);
      break;
    case NEVERC_IR_COLLECTION_FUNCTION_BLOCKS:
      N = collect(*TS, *llvm::cast<llvm::Function>(C), Key, Coll, Pos, Values,
                  Capacity);
      break;
    case NEVERC_IR_COLLECTION_BLOCK_INSTRUCTIONS:
      N = collect(*TS, *llvm::cast<llvm::BasicBlock>(C), Key, Coll, Pos,
                  Values, Capacity);
      break;
    }
    Cursor->Position = Pos + N;
    *OutCount = N;
    return okStatus();
  });
}

//===--- Names, types, uses, operands -------------------------------------===//

/// LLVM 22 keeps no use list for constant data (integers, floats, null):
/// their uses cannot be counted or walked.
NevercStatus useListOf(IRDomain::Impl &D, TaskState &TS, llvm::Value *V) {
  if (V->hasUseList())
    return okStatus();
  warnOnce(D, TS, "uses-of-constant-data",
           "GetValueUseCount/GetValueUse: LLVM 22 keeps no use list for "
           "constant data (integer, floating-point and null constants)");
  return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
}

NevercStatus NEVERC_CALL getValueName(void *Ctx, NevercTaskHandle Task, V H,
                                      NevercStringView *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Value *Val = nullptr;
    if (NevercStatus S = valueOf(D, *TS, H, &Val); !isOk(S))
      return S;
    *Out = view(Val->getName());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setValueName(void *Ctx, NevercTaskHandle Task, V H,
                                      NevercStringView Name) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    if (!validView(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Value *Val = nullptr;
    if (NevercStatus S = valueOf(D, *TS, H, &Val); !isOk(S))
      return S;
    // Constants are unnamed; a void value cannot be named.
    if ((llvm::isa<llvm::Constant>(Val) && !llvm::isa<llvm::GlobalValue>(Val)) ||
        Val->getType()->isVoidTy() || llvm::isa<llvm::MetadataAsValue>(Val))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (llvm::isa<llvm::GlobalValue>(Val) && !Name.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // A global keeps its name: another global of that name is a clash
    // (LLVM would rename this one silently).
    if (llvm::isa<llvm::GlobalValue>(Val))
      if (llvm::GlobalValue *Other = TS->M->getNamedValue(ref(Name));
          Other && Other != Val)
        return st(NEVERC_STATUS_DUPLICATE_ID);
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(*TS, [&] {
      return [Val, Old = Val->getName().str()] { nameValue(Val, Old); };
    });
    nameValue(Val, ref(Name));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getValueType(void *Ctx, NevercTaskHandle Task, V H,
                                      NevercIRTypeHandle *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Value *Val = nullptr;
    if (NevercStatus S = valueOf(D, *TS, H, &Val); !isOk(S))
      return S;
    *Out = TS->type(Val->getType());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getValueUseCount(void *Ctx, NevercTaskHandle Task,
                                          V H, uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Value *Val = nullptr;
    if (NevercStatus S = valueOf(D, *TS, H, &Val); !isOk(S))
      return S;
    if (NevercStatus S = useListOf(D, *TS, Val); !isOk(S))
      return S;
    *Out = Val->getNumUses();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getValueUse(void *Ctx, NevercTaskHandle Task, V H,
                                     uint64_t Index, NevercIRUseInfo *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    if (NevercStatus S =
            checkHeader(Out, sizeof *Out, NEVERC_IR_CORE_API_MAJOR);
        !isOk(S))
      return S;
    llvm::Value *Val = nullptr;
    if (NevercStatus S = valueOf(D, *TS, H, &Val); !isOk(S))
      return S;
    if (NevercStatus S = useListOf(D, *TS, Val); !isOk(S))
      return S;
    uint64_t I = 0;
    for (llvm::Use &U : Val->uses())
      if (I++ == Index) {
        NevercIRUseInfo R{};
        R.User = TS->value(U.getUser());
        R.OperandIndex = U.getOperandNo();
        writeOut(Out, R);
        return okStatus();
      }
    return st(NEVERC_STATUS_NOT_FOUND);
  });
}

NevercStatus NEVERC_CALL getOperandCount(void *Ctx, NevercTaskHandle Task,
                                         V H, uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Value *Val = nullptr;
    if (NevercStatus S = valueOf(D, *TS, H, &Val); !isOk(S))
      return S;
    auto *U = llvm::dyn_cast<llvm::User>(Val);
    *Out = U ? U->getNumOperands() : 0;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getOperand(void *Ctx, NevercTaskHandle Task, V H,
                                    uint64_t Index, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Value *Val = nullptr;
    if (NevercStatus S = valueOf(D, *TS, H, &Val); !isOk(S))
      return S;
    auto *U = llvm::dyn_cast<llvm::User>(Val);
    if (!U || Index >= U->getNumOperands())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->value(U->getOperand(unsigned(Index)));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setOperand(void *Ctx, NevercTaskHandle Task, V H,
                                    uint64_t Index, V Operand) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    llvm::Instruction *I = nullptr;
    llvm::Value *Op = nullptr;
    // Constants are immutable (uniqued): only instructions take edits.
    if (NevercStatus S = valueAs(D, *TS, H, &I); !isOk(S))
      return S;
    if (NevercStatus S = valueOf(D, *TS, Operand, &Op); !isOk(S))
      return S;
    if (Index >= I->getNumOperands())
      return st(NEVERC_STATUS_NOT_FOUND);
    if (I->getOperand(unsigned(Index))->getType() != Op->getType())
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    noteOperand(*TS, I, unsigned(Index));
    I->setOperand(unsigned(Index), Op);
    return okStatus();
  });
}

//===--- Blocks and PHIs --------------------------------------------------===//

NevercStatus NEVERC_CALL getTerminator(void *Ctx, NevercTaskHandle Task,
                                       V Block, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::BasicBlock *BB = nullptr;
    if (NevercStatus S = valueAs(D, *TS, Block, &BB); !isOk(S))
      return S;
    *Out = TS->value(BB->getTerminator()); // null while it has none
    return okStatus();
  });
}

/// The predecessors or successors of a block, as the CFG slots count and
/// index them (duplicates included, as LLVM lists them).
struct Preds {
  static auto of(llvm::BasicBlock *BB) { return llvm::predecessors(BB); }
};
struct Succs {
  static auto of(llvm::BasicBlock *BB) { return llvm::successors(BB); }
};

template <class Edges>
NevercStatus NEVERC_CALL edgeCount(void *Ctx, NevercTaskHandle Task, V Block,
                                   uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::BasicBlock *BB = nullptr;
    if (NevercStatus S = valueAs(D, *TS, Block, &BB); !isOk(S))
      return S;
    *Out = uint64_t(llvm::range_size(Edges::of(BB)));
    return okStatus();
  });
}

template <class Edges>
NevercStatus NEVERC_CALL edge(void *Ctx, NevercTaskHandle Task, V Block,
                              uint64_t Index, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::BasicBlock *BB = nullptr;
    if (NevercStatus S = valueAs(D, *TS, Block, &BB); !isOk(S))
      return S;
    uint64_t I = 0;
    for (llvm::BasicBlock *E : Edges::of(BB))
      if (I++ == Index) {
        *Out = TS->value(E);
        return okStatus();
      }
    return st(NEVERC_STATUS_NOT_FOUND);
  });
}

NevercStatus NEVERC_CALL getPHIIncomingCount(void *Ctx, NevercTaskHandle Task,
                                             V Phi, uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::PHINode *P = nullptr;
    if (NevercStatus S = valueAs(D, *TS, Phi, &P); !isOk(S))
      return S;
    *Out = P->getNumIncomingValues();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getPHIIncoming(void *Ctx, NevercTaskHandle Task,
                                        V Phi, uint64_t Index,
                                        NevercIRPhiIncoming *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    if (NevercStatus S =
            checkHeader(Out, sizeof *Out, NEVERC_IR_CORE_API_MAJOR);
        !isOk(S))
      return S;
    llvm::PHINode *P = nullptr;
    if (NevercStatus S = valueAs(D, *TS, Phi, &P); !isOk(S))
      return S;
    if (Index >= P->getNumIncomingValues())
      return st(NEVERC_STATUS_NOT_FOUND);
    NevercIRPhiIncoming R{};
    R.Value = TS->value(P->getIncomingValue(unsigned(Index)));
    R.Block = TS->value(P->getIncomingBlock(unsigned(Index)));
    writeOut(Out, R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setPHIIncoming(void *Ctx, NevercTaskHandle Task,
                                        V Phi, uint64_t Index,
                                        NevercIRPhiIncoming In) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    if (NevercStatus S = checkHeader(&In, sizeof In, NEVERC_IR_CORE_API_MAJOR);
        !isOk(S))
      return S;
    llvm::PHINode *P = nullptr;
    llvm::Value *Val = nullptr;
    llvm::BasicBlock *BB = nullptr;
    if (NevercStatus S = valueAs(D, *TS, Phi, &P); !isOk(S))
      return S;
    if (NevercStatus S = valueOf(D, *TS, In.Value, &Val); !isOk(S))
      return S;
    if (NevercStatus S = valueAs(D, *TS, In.Block, &BB); !isOk(S))
      return S;
    if (Index >= P->getNumIncomingValues())
      return st(NEVERC_STATUS_NOT_FOUND);
    if (Val->getType() != P->getType() || BB->getParent() != P->getFunction())
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    noteOperand(*TS, P, unsigned(Index));
    notePhiBlock(*TS, P, unsigned(Index));
    P->setIncomingValue(unsigned(Index), Val);
    P->setIncomingBlock(unsigned(Index), BB);
    return okStatus();
  });
}

} // namespace

void fillCoreValues(NevercIRCoreAPI &T) {
  T.GetContext = &getContext;
  T.GetModule = &getModule;
  T.GetValueKind = &getValueKind;
  T.ReplaceAllUsesWith = &replaceAllUsesWith;
  T.EraseValue = &eraseValue;
  T.BeginValueCursor = &beginValueCursor;
  T.CollectValueCursor = &collectValueCursor;
  T.GetValueName = &getValueName;
  T.SetValueName = &setValueName;
  T.GetValueType = &getValueType;
  T.GetValueUseCount = &getValueUseCount;
  T.GetValueUse = &getValueUse;
  T.GetOperandCount = &getOperandCount;
  T.GetOperand = &getOperand;
  T.SetOperand = &setOperand;
  T.GetTerminator = &getTerminator;
  T.GetPredecessorCount = &edgeCount<Preds>;
  T.GetPredecessor = &edge<Preds>;
  T.GetSuccessorCount = &edgeCount<Succs>;
  T.GetSuccessor = &edge<Succs>;
  T.GetPHIIncomingCount = &getPHIIncomingCount;
  T.GetPHIIncoming = &getPHIIncoming;
  T.SetPHIIncoming = &setPHIIncoming;
}

} // namespace neverc::ir
