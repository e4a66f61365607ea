//===- CoreProperties.cpp - IR_CORE: opcodes and instruction properties ---===//
//
// One tagged read/write per schema property instead of an accessor per
// flag. What an opcode has is its schema row's writable set (reads and
// writes alike): another property is WRONG_TYPE to read and
// POLICY_VIOLATION to write. ENUM payloads are NeverC enumerations
// (predicates, calling conventions, NEVERC_IR_ATOMIC_ORDERING_*,
// NEVERC_IR_TAIL_CALL_*), converted by name; FLAGS are
// NEVERC_IR_FAST_MATH_* bits. INDICES (u32_array) and ATTRIBUTES
// (attribute_set) have no NevercIRPropertyValueKind in IR_CORE 1.0: they
// are CAPABILITY_UNAVAILABLE until a minor adds one (ir/README.md).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

namespace neverc::ir {
namespace {

using V = NevercIRValueHandle;

/// NeverC atomic orderings are dense; LLVM 22's skip 3 (ir.md §10.4).
constexpr llvm::AtomicOrdering Orderings[] = {
    llvm::AtomicOrdering::NotAtomic, llvm::AtomicOrdering::Unordered,
    llvm::AtomicOrdering::Monotonic, llvm::AtomicOrdering::Acquire,
    llvm::AtomicOrdering::Release,   llvm::AtomicOrdering::AcquireRelease,
    llvm::AtomicOrdering::SequentiallyConsistent};
uint64_t ordering(llvm::AtomicOrdering O) {
  for (uint64_t I = 0; I < std::size(Orderings); ++I)
    if (Orderings[I] == O)
      return I;
  return 0;
}

uint64_t fastMath(llvm::FastMathFlags F) {
  return (F.allowReassoc() ? NEVERC_IR_FAST_MATH_ALLOW_REASSOC : 0) |
         (F.noNaNs() ? NEVERC_IR_FAST_MATH_NO_NANS : 0) |
         (F.noInfs() ? NEVERC_IR_FAST_MATH_NO_INFS : 0) |
         (F.noSignedZeros() ? NEVERC_IR_FAST_MATH_NO_SIGNED_ZEROS : 0) |
         (F.allowReciprocal() ? NEVERC_IR_FAST_MATH_ALLOW_RECIPROCAL : 0) |
         (F.allowContract() ? NEVERC_IR_FAST_MATH_ALLOW_CONTRACT : 0) |
         (F.approxFunc() ? NEVERC_IR_FAST_MATH_APPROX_FUNC : 0);
}

/// The value kind each property travels as.
NevercIRPropertyValueKind kindOf(NevercIRPropertyID P) {
  switch (P) {
  case NEVERC_IR_PROPERTY_NAME:
  case NEVERC_IR_PROPERTY_SYNC_SCOPE:
    return NEVERC_IR_PROPERTY_VALUE_STRING;
  case NEVERC_IR_PROPERTY_FAST_MATH_FLAGS:
    return NEVERC_IR_PROPERTY_VALUE_FLAGS;
  case NEVERC_IR_PROPERTY_ALIGNMENT:
    return NEVERC_IR_PROPERTY_VALUE_UINT;
  case NEVERC_IR_PROPERTY_ATOMIC_ORDERING:
  case NEVERC_IR_PROPERTY_PREDICATE:
  case NEVERC_IR_PROPERTY_CALLING_CONVENTION:
  case NEVERC_IR_PROPERTY_TAIL_CALL_KIND:
  case NEVERC_IR_PROPERTY_SUCCESS_ORDERING:
  case NEVERC_IR_PROPERTY_FAILURE_ORDERING:
    return NEVERC_IR_PROPERTY_VALUE_ENUM;
  case NEVERC_IR_PROPERTY_SOURCE_ELEMENT_TYPE:
  case NEVERC_IR_PROPERTY_ALLOCATED_TYPE:
    return NEVERC_IR_PROPERTY_VALUE_TYPE;
  case NEVERC_IR_PROPERTY_INDICES:
  case NEVERC_IR_PROPERTY_ATTRIBUTES:
    return 0;
  default:
    return NEVERC_IR_PROPERTY_VALUE_BOOL;
  }
}

/// The bit of \p P in a writable set; 0 for an ID of another domain.
uint64_t flagOf(NevercIRPropertyID P) {
  if ((P >> 24) != 0x49 || !(P & 0xffffff) ||
      (P & 0xffffff) > NEVERC_IR_PROPERTY_COUNT)
    return 0;
  return uint64_t(1) << ((P & 0xffffff) - 1);
}

/// The checks both slots make: \p I's opcode has \p P. \p Missing is the
/// status when it does not.
NevercStatus applicable(IRDomain::Impl &D, TaskState &TS, llvm::Instruction *I,
                        NevercIRPropertyID P, NevercStatusCode Missing) {
  uint64_t Bit = flagOf(P);
  if (!Bit)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (!(writableProperties(schemaOpcode(I->getOpcode())) & Bit))
    return st(Missing);
  if (!kindOf(P)) {
    const bool Indices = P == NEVERC_IR_PROPERTY_INDICES;
    warnOnce(D, TS, Indices ? "property-indices" : "property-attributes",
             std::string("instruction property ") +
                 (Indices ? "INDICES (u32_array)" : "ATTRIBUTES (attribute_set)") +
                 ": IR_CORE 1.0 has no NevercIRPropertyValueKind to carry it");
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
  return okStatus();
}

llvm::StringRef syncScopeName(llvm::Instruction *I, llvm::SyncScope::ID ID) {
  llvm::SmallVector<llvm::StringRef, 8> Names;
  I->getContext().getSyncScopeNames(Names);
  return ID < Names.size() ? Names[ID] : llvm::StringRef();
}

std::optional<llvm::SyncScope::ID> syncScopeOf(llvm::Instruction *I) {
  if (auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
    return L->getSyncScopeID();
  if (auto *S = llvm::dyn_cast<llvm::StoreInst>(I))
    return S->getSyncScopeID();
  if (auto *F = llvm::dyn_cast<llvm::FenceInst>(I))
    return F->getSyncScopeID();
  if (auto *X = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(I))
    return X->getSyncScopeID();
  if (auto *R = llvm::dyn_cast<llvm::AtomicRMWInst>(I))
    return R->getSyncScopeID();
  return std::nullopt;
}

NevercStatus read(TaskState &TS, llvm::Instruction *I, NevercIRPropertyID P,
                  NevercIRPropertyValue &R) {
  R.Kind = kindOf(P);
  auto Bool = [&](bool B) {
    R.UnsignedValue = B;
    return okStatus();
  };
  switch (P) {
  case NEVERC_IR_PROPERTY_NAME:
    R.StringValue = view(I->getName());
    return okStatus();
  case NEVERC_IR_PROPERTY_FAST_MATH_FLAGS:
    R.UnsignedValue =
        llvm::isa<llvm::FPMathOperator>(I) ? fastMath(I->getFastMathFlags()) : 0;
    return okStatus();
  case NEVERC_IR_PROPERTY_NUW:
    if (auto *G = llvm::dyn_cast<llvm::GetElementPtrInst>(I))
      return Bool(G->hasNoUnsignedWrap());
    return Bool(I->hasNoUnsignedWrap());
  case NEVERC_IR_PROPERTY_NSW:
    return Bool(I->hasNoSignedWrap());
  case NEVERC_IR_PROPERTY_EXACT:
    return Bool(I->isExact());
  case NEVERC_IR_PROPERTY_DISJOINT:
    return Bool(llvm::cast<llvm::PossiblyDisjointInst>(I)->isDisjoint());
  case NEVERC_IR_PROPERTY_VOLATILE:
    if (auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
      return Bool(L->isVolatile());
    if (auto *S = llvm::dyn_cast<llvm::StoreInst>(I))
      return Bool(S->isVolatile());
    if (auto *X = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(I))
      return Bool(X->isVolatile());
    return Bool(llvm::cast<llvm::AtomicRMWInst>(I)->isVolatile());
  case NEVERC_IR_PROPERTY_ALIGNMENT:
    if (auto *A = llvm::dyn_cast<llvm::AllocaInst>(I))
      R.UnsignedValue = A->getAlign().value();
    else if (auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
      R.UnsignedValue = L->getAlign().value();
    else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(I))
      R.UnsignedValue = S->getAlign().value();
    else if (auto *X = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(I))
      R.UnsignedValue = X->getAlign().value();
    else
      R.UnsignedValue = llvm::cast<llvm::AtomicRMWInst>(I)->getAlign().value();
    return okStatus();
  case NEVERC_IR_PROPERTY_ATOMIC_ORDERING:
    if (auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
      R.UnsignedValue = ordering(L->getOrdering());
    else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(I))
      R.UnsignedValue = ordering(S->getOrdering());
    else if (auto *F = llvm::dyn_cast<llvm::FenceInst>(I))
      R.UnsignedValue = ordering(F->getOrdering());
    else
      R.UnsignedValue = ordering(llvm::cast<llvm::AtomicRMWInst>(I)->getOrdering());
    return okStatus();
  case NEVERC_IR_PROPERTY_SYNC_SCOPE:
    R.StringValue = view(syncScopeName(I, *syncScopeOf(I)));
    return okStatus();
  case NEVERC_IR_PROPERTY_PREDICATE:
    R.UnsignedValue = schemaPredicate(llvm::cast<llvm::CmpInst>(I)->getPredicate());
    return okStatus();
  case NEVERC_IR_PROPERTY_CALLING_CONVENTION:
    R.UnsignedValue =
        schemaCallingConvention(llvm::cast<llvm::CallBase>(I)->getCallingConv());
    return okStatus();
  case NEVERC_IR_PROPERTY_TAIL_CALL_KIND:
    // TCK_None..TCK_NoTail equal NEVERC_IR_TAIL_CALL_NONE..NO_TAIL.
    R.UnsignedValue = llvm::cast<llvm::CallInst>(I)->getTailCallKind();
    return okStatus();
  case NEVERC_IR_PROPERTY_WEAK:
    return Bool(llvm::cast<llvm::AtomicCmpXchgInst>(I)->isWeak());
  case NEVERC_IR_PROPERTY_SUCCESS_ORDERING:
    R.UnsignedValue =
        ordering(llvm::cast<llvm::AtomicCmpXchgInst>(I)->getSuccessOrdering());
    return okStatus();
  case NEVERC_IR_PROPERTY_FAILURE_ORDERING:
    R.UnsignedValue =
        ordering(llvm::cast<llvm::AtomicCmpXchgInst>(I)->getFailureOrdering());
    return okStatus();
  case NEVERC_IR_PROPERTY_INBOUNDS:
    return Bool(llvm::cast<llvm::GetElementPtrInst>(I)->isInBounds());
  case NEVERC_IR_PROPERTY_SOURCE_ELEMENT_TYPE:
    R.TypeValue =
        TS.type(llvm::cast<llvm::GetElementPtrInst>(I)->getSourceElementType());
    return okStatus();
  case NEVERC_IR_PROPERTY_ALLOCATED_TYPE:
    R.TypeValue = TS.type(llvm::cast<llvm::AllocaInst>(I)->getAllocatedType());
    return okStatus();
  case NEVERC_IR_PROPERTY_CLEANUP:
    return Bool(llvm::cast<llvm::LandingPadInst>(I)->isCleanup());
  case NEVERC_IR_PROPERTY_NUSW:
    return Bool(llvm::cast<llvm::GetElementPtrInst>(I)->hasNoUnsignedSignedWrap());
  }
  return st(NEVERC_STATUS_INVALID_ARGUMENT);
}

NevercStatus NEVERC_CALL getOpcode(void *Ctx, NevercTaskHandle Task, V H,
                                   NevercIROpcode *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Instruction *I = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &I); !isOk(S))
      return S;
    *Out = schemaOpcode(I->getOpcode()); // PtrToAddr: UNKNOWN
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getProperty(void *Ctx, NevercTaskHandle Task, V H,
                                     NevercIRPropertyID P,
                                     NevercIRPropertyValue *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    if (NevercStatus S =
            checkHeader(Out, sizeof *Out, NEVERC_IR_CORE_API_MAJOR);
        !isOk(S))
      return S;
    llvm::Instruction *I = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &I); !isOk(S))
      return S;
    if (NevercStatus S = applicable(D, *TS, I, P, NEVERC_STATUS_WRONG_TYPE);
        !isOk(S))
      return S;
    NevercIRPropertyValue R{};
    if (NevercStatus S = read(*TS, I, P, R); !isOk(S))
      return S;
    writeOut(Out, R);
    return okStatus();
  });
}

bool validOrdering(uint64_t O) { return O < std::size(Orderings); }

NevercStatus write(llvm::Instruction *I, NevercIRPropertyID P,
                   const NevercIRPropertyValue &Val, llvm::Type *Ty) {
  const uint64_t U = Val.UnsignedValue;
  const bool B = U != 0;
  switch (P) {
  case NEVERC_IR_PROPERTY_NAME:
    if (I->getType()->isVoidTy() && Val.StringValue.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    nameValue(I, ref(Val.StringValue));
    return okStatus();
  case NEVERC_IR_PROPERTY_FAST_MATH_FLAGS:
    if (!llvm::isa<llvm::FPMathOperator>(I) || (U & ~AllFastMathFlags))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    I->copyFastMathFlags(toFastMath(U)); // set exactly, clearing the rest
    return okStatus();
  case NEVERC_IR_PROPERTY_NUW:
    if (auto *G = llvm::dyn_cast<llvm::GetElementPtrInst>(I))
      G->setNoWrapFlags(B ? G->getNoWrapFlags() | llvm::GEPNoWrapFlags::noUnsignedWrap()
                          : G->getNoWrapFlags().withoutNoUnsignedWrap());
    else
      I->setHasNoUnsignedWrap(B);
    return okStatus();
  case NEVERC_IR_PROPERTY_NSW:
    I->setHasNoSignedWrap(B);
    return okStatus();
  case NEVERC_IR_PROPERTY_EXACT:
    I->setIsExact(B);
    return okStatus();
  case NEVERC_IR_PROPERTY_DISJOINT:
    llvm::cast<llvm::PossiblyDisjointInst>(I)->setIsDisjoint(B);
    return okStatus();
  case NEVERC_IR_PROPERTY_VOLATILE:
    if (auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
      L->setVolatile(B);
    else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(I))
      S->setVolatile(B);
    else if (auto *X = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(I))
      X->setVolatile(B);
    else
      llvm::cast<llvm::AtomicRMWInst>(I)->setVolatile(B);
    return okStatus();
  case NEVERC_IR_PROPERTY_ALIGNMENT: {
    if (!llvm::isPowerOf2_64(U) || U > llvm::Value::MaximumAlignment)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Align A(U);
    if (auto *Al = llvm::dyn_cast<llvm::AllocaInst>(I))
      Al->setAlignment(A);
    else if (auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
      L->setAlignment(A);
    else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(I))
      S->setAlignment(A);
    else if (auto *X = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(I))
      X->setAlignment(A);
    else
      llvm::cast<llvm::AtomicRMWInst>(I)->setAlignment(A);
    return okStatus();
  }
  case NEVERC_IR_PROPERTY_ATOMIC_ORDERING:
    if (!validOrdering(U))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
      L->setOrdering(Orderings[U]);
    else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(I))
      S->setOrdering(Orderings[U]);
    else if (auto *F = llvm::dyn_cast<llvm::FenceInst>(I))
      F->setOrdering(Orderings[U]);
    else
      llvm::cast<llvm::AtomicRMWInst>(I)->setOrdering(Orderings[U]);
    return okStatus();
  case NEVERC_IR_PROPERTY_SYNC_SCOPE: {
    llvm::SyncScope::ID ID =
        I->getContext().getOrInsertSyncScopeID(ref(Val.StringValue));
    if (auto *L = llvm::dyn_cast<llvm::LoadInst>(I))
      L->setSyncScopeID(ID);
    else if (auto *S = llvm::dyn_cast<llvm::StoreInst>(I))
      S->setSyncScopeID(ID);
    else if (auto *F = llvm::dyn_cast<llvm::FenceInst>(I))
      F->setSyncScopeID(ID);
    else if (auto *X = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(I))
      X->setSyncScopeID(ID);
    else
      llvm::cast<llvm::AtomicRMWInst>(I)->setSyncScopeID(ID);
    return okStatus();
  }
  case NEVERC_IR_PROPERTY_PREDICATE: {
    unsigned LP = 0;
    auto *C = llvm::cast<llvm::CmpInst>(I);
    if (!llvmPredicate(NevercIRPredicate(U), LP) ||
        llvm::CmpInst::isFPPredicate(llvm::CmpInst::Predicate(LP)) !=
            llvm::isa<llvm::FCmpInst>(C))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    C->setPredicate(llvm::CmpInst::Predicate(LP));
    return okStatus();
  }
  case NEVERC_IR_PROPERTY_CALLING_CONVENTION: {
    unsigned CC = 0;
    if (!llvmCallingConvention(NevercIRCallingConvention(U), CC))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::cast<llvm::CallBase>(I)->setCallingConv(llvm::CallingConv::ID(CC));
    return okStatus();
  }
  case NEVERC_IR_PROPERTY_TAIL_CALL_KIND:
    if (U > NEVERC_IR_TAIL_CALL_NO_TAIL)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::cast<llvm::CallInst>(I)->setTailCallKind(
        llvm::CallInst::TailCallKind(U));
    return okStatus();
  case NEVERC_IR_PROPERTY_WEAK:
    llvm::cast<llvm::AtomicCmpXchgInst>(I)->setWeak(B);
    return okStatus();
  case NEVERC_IR_PROPERTY_SUCCESS_ORDERING:
  case NEVERC_IR_PROPERTY_FAILURE_ORDERING: {
    if (!validOrdering(U))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto *X = llvm::cast<llvm::AtomicCmpXchgInst>(I);
    if (P == NEVERC_IR_PROPERTY_SUCCESS_ORDERING)
      X->setSuccessOrdering(Orderings[U]);
    else
      X->setFailureOrdering(Orderings[U]);
    return okStatus();
  }
  case NEVERC_IR_PROPERTY_INBOUNDS: {
    auto *G = llvm::cast<llvm::GetElementPtrInst>(I);
    G->setIsInBounds(B);
    return okStatus();
  }
  case NEVERC_IR_PROPERTY_SOURCE_ELEMENT_TYPE:
    if (!Ty->isSized())
      return st(NEVERC_STATUS_WRONG_TYPE);
    llvm::cast<llvm::GetElementPtrInst>(I)->setSourceElementType(Ty);
    return okStatus();
  case NEVERC_IR_PROPERTY_ALLOCATED_TYPE:
    if (!Ty->isSized())
      return st(NEVERC_STATUS_WRONG_TYPE);
    llvm::cast<llvm::AllocaInst>(I)->setAllocatedType(Ty);
    return okStatus();
  case NEVERC_IR_PROPERTY_CLEANUP:
    llvm::cast<llvm::LandingPadInst>(I)->setCleanup(B);
    return okStatus();
  case NEVERC_IR_PROPERTY_NUSW: {
    auto *G = llvm::cast<llvm::GetElementPtrInst>(I);
    G->setNoWrapFlags(B ? G->getNoWrapFlags() |
                              llvm::GEPNoWrapFlags::noUnsignedSignedWrap()
                        : G->getNoWrapFlags().withoutNoUnsignedSignedWrap());
    return okStatus();
  }
  }
  return st(NEVERC_STATUS_INVALID_ARGUMENT);
}

NevercStatus NEVERC_CALL setProperty(void *Ctx, NevercTaskHandle Task, V H,
                                     NevercIRPropertyID P,
                                     NevercIRPropertyValue Val) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    if (NevercStatus S =
            checkHeader(&Val, sizeof Val, NEVERC_IR_CORE_API_MAJOR);
        !isOk(S))
      return S;
    llvm::Instruction *I = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &I); !isOk(S))
      return S;
    if (NevercStatus S = applicable(D, *TS, I, P, NEVERC_STATUS_POLICY_VIOLATION);
        !isOk(S))
      return S;
    if (Val.Kind != kindOf(P))
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (kindOf(P) == NEVERC_IR_PROPERTY_VALUE_STRING &&
        !validView(Val.StringValue))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Type *Ty = nullptr;
    if (kindOf(P) == NEVERC_IR_PROPERTY_VALUE_TYPE)
      if (NevercStatus S = typeOf(D, *TS, Val.TypeValue, &Ty); !isOk(S))
        return S;
    if (kindOf(P) == NEVERC_IR_PROPERTY_VALUE_BOOL && Val.UnsignedValue > 1)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (mayNotMutate(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    // What a rollback of the open FUNCTION/LOOP mutation writes back (read
    // only when one is open).
    NevercIRPropertyValue Old{};
    Old.Header = Val.Header;
    llvm::Type *OldTy = nullptr;
    std::string OldString;
    if (undoLog(*TS)) {
      if (NevercStatus S = read(*TS, I, P, Old); !isOk(S))
        return S;
      if (Old.Kind == NEVERC_IR_PROPERTY_VALUE_TYPE)
        if (NevercStatus S = typeOf(D, *TS, Old.TypeValue, &OldTy); !isOk(S))
          return S;
      if (Old.Kind == NEVERC_IR_PROPERTY_VALUE_STRING)
        OldString.assign(ref(Old.StringValue));
    }
    // The checks inside write() come before the change is counted.
    NevercStatus S = write(I, P, Val, Ty);
    if (isOk(S)) {
      (void)beginChange(*TS);
      onRollback(*TS, [&] {
        return [I, P, Old, OldTy, OldString]() mutable {
          Old.StringValue = view(OldString);
          (void)write(I, P, Old, OldTy);
        };
      });
    }
    return S;
  });
}

} // namespace

llvm::FastMathFlags toFastMath(uint64_t B) {
  llvm::FastMathFlags F;
  F.setAllowReassoc(B & NEVERC_IR_FAST_MATH_ALLOW_REASSOC);
  F.setNoNaNs(B & NEVERC_IR_FAST_MATH_NO_NANS);
  F.setNoInfs(B & NEVERC_IR_FAST_MATH_NO_INFS);
  F.setNoSignedZeros(B & NEVERC_IR_FAST_MATH_NO_SIGNED_ZEROS);
  F.setAllowReciprocal(B & NEVERC_IR_FAST_MATH_ALLOW_RECIPROCAL);
  F.setAllowContract(B & NEVERC_IR_FAST_MATH_ALLOW_CONTRACT);
  F.setApproxFunc(B & NEVERC_IR_FAST_MATH_APPROX_FUNC);
  return F;
}
void fillCoreProperties(NevercIRCoreAPI &T) {
  T.GetInstructionOpcode = &getOpcode;
  T.GetInstructionProperty = &getProperty;
  T.SetInstructionProperty = &setProperty;
}

} // namespace neverc::ir
