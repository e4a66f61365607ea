//===- CoreTypes.cpp - IR_CORE: types and constants -----------------------===//
//
// Types are LLVM's own (interned by the context), so the same request gives
// the same handle. Constant expressions follow LLVM 22, which keeps only
// some opcodes as ConstantExpr: the others are folded, and what folding
// cannot produce is CAPABILITY_UNAVAILABLE with a diagnostic naming the
// opcode (ir/README.md).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"

namespace neverc::ir {
namespace {

using T = NevercIRTypeHandle;
using V = NevercIRValueHandle;

llvm::LLVMContext &ctx(TaskState &TS) { return TS.M->getContext(); }

NevercStatus NEVERC_CALL getTypeKind(void *Ctx, NevercTaskHandle Task, T H,
                                     NevercIRTypeKind *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Type *Ty = nullptr;
    if (NevercStatus S = typeOf(D, *TS, H, &Ty); !isOk(S))
      return S;
    *Out = schemaTypeKind(Ty);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getPrimitiveType(void *Ctx, NevercTaskHandle Task,
                                          NevercIRTypeKind Kind, T *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (Kind == NEVERC_IR_TYPE_X86_MMX) {
      warnOnce(D, *TS, "type-x86-mmx",
               "GetPrimitiveType: x86_mmx does not exist in LLVM 22 (removed "
               "from the IR)");
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    unsigned ID = 0;
    if (!llvmTypeID(Kind, ID))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // Only the kinds that take no parameters.
    llvm::Type *Ty = llvm::Type::getPrimitiveType(
        ctx(*TS), llvm::Type::TypeID(ID));
    if (!Ty || !(Ty->isFloatingPointTy() || Ty->isVoidTy() ||
                 Ty->isLabelTy() || Ty->isMetadataTy() || Ty->isTokenTy() ||
                 Ty->isX86_AMXTy()))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = TS->type(Ty);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getIntegerType(void *Ctx, NevercTaskHandle Task,
                                        uint32_t Bits, T *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (Bits < llvm::IntegerType::MIN_INT_BITS ||
        Bits > llvm::IntegerType::MAX_INT_BITS)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = TS->type(llvm::IntegerType::get(ctx(*TS), Bits));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getPointerType(void *Ctx, NevercTaskHandle Task,
                                        uint32_t AddressSpace, T *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (AddressSpace >= (1u << 24)) // LLVM keeps 24 bits of it
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = TS->type(llvm::PointerType::get(ctx(*TS), AddressSpace));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getArrayType(void *Ctx, NevercTaskHandle Task,
                                      T Element, uint64_t Count, T *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Type *E = nullptr;
    if (NevercStatus S = typeOf(D, *TS, Element, &E); !isOk(S))
      return S;
    if (!llvm::ArrayType::isValidElementType(E))
      return st(NEVERC_STATUS_WRONG_TYPE);
    *Out = TS->type(llvm::ArrayType::get(E, Count));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getVectorType(void *Ctx, NevercTaskHandle Task,
                                       T Element, uint32_t Count,
                                       uint8_t Scalable, T *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Type *E = nullptr;
    if (NevercStatus S = typeOf(D, *TS, Element, &E); !isOk(S))
      return S;
    if (!llvm::VectorType::isValidElementType(E))
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (!Count)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = TS->type(llvm::VectorType::get(E, Count, Scalable != 0));
    return okStatus();
  });
}

/// \p Count type handles, each passing \p Valid.
template <class Pred>
NevercStatus typeList(IRDomain::Impl &D, TaskState &TS, const T *List,
                      uint64_t Count, Pred Valid,
                      std::vector<llvm::Type *> &Out) {
  if (Count && !List)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  for (uint64_t I = 0; I < Count; ++I) {
    llvm::Type *Ty = nullptr;
    if (NevercStatus S = typeOf(D, TS, List[I], &Ty); !isOk(S))
      return S;
    if (!Valid(Ty))
      return st(NEVERC_STATUS_WRONG_TYPE);
    Out.push_back(Ty);
  }
  return okStatus();
}

NevercStatus NEVERC_CALL getStructType(void *Ctx, NevercTaskHandle Task,
                                       NevercStringView Name, const T *Elements,
                                       uint64_t Count, uint8_t Packed, T *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (!validView(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::vector<llvm::Type *> Elems;
    if (NevercStatus S = typeList(
            D, *TS, Elements, Count,
            [](llvm::Type *Ty) {
              return llvm::StructType::isValidElementType(Ty);
            },
            Elems);
        !isOk(S))
      return S;
    if (!Name.Length) {
      *Out = TS->type(llvm::StructType::get(ctx(*TS), Elems, Packed != 0));
      return okStatus();
    }
    // A named struct is one type per name: the same request finds it; a
    // different body under the name is refused (LLVM would rename).
    if (llvm::StructType *Old =
            llvm::StructType::getTypeByName(ctx(*TS), ref(Name))) {
      if (Old->isOpaque() ? !Elems.empty()
                          : (Old->elements() != llvm::ArrayRef(Elems) ||
                             Old->isPacked() != (Packed != 0)))
        return st(NEVERC_STATUS_DUPLICATE_ID);
      *Out = TS->type(Old);
      return okStatus();
    }
    *Out = TS->type(llvm::StructType::create(ctx(*TS), Elems, ref(Name),
                                             Packed != 0));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getFunctionType(void *Ctx, NevercTaskHandle Task,
                                         T Return, const T *Params,
                                         uint64_t Count, uint8_t Variadic,
                                         T *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Type *R = nullptr;
    if (NevercStatus S = typeOf(D, *TS, Return, &R); !isOk(S))
      return S;
    if (!llvm::FunctionType::isValidReturnType(R))
      return st(NEVERC_STATUS_WRONG_TYPE);
    std::vector<llvm::Type *> Ps;
    if (NevercStatus S = typeList(
            D, *TS, Params, Count,
            [](llvm::Type *Ty) {
              return llvm::FunctionType::isValidArgumentType(Ty);
            },
            Ps);
        !isOk(S))
      return S;
    *Out = TS->type(llvm::FunctionType::get(R, Ps, Variadic != 0));
    return okStatus();
  });
}

//===--- Constants --------------------------------------------------------===//

NevercStatus NEVERC_CALL createIntegerConstant(void *Ctx, NevercTaskHandle Task,
                                               T Type, const uint64_t *Words,
                                               uint64_t Count, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::IntegerType *Ty = nullptr;
    llvm::Type *Any = nullptr;
    if (NevercStatus S = typeOf(D, *TS, Type, &Any); !isOk(S))
      return S;
    if (!(Ty = llvm::dyn_cast<llvm::IntegerType>(Any)))
      return st(NEVERC_STATUS_WRONG_TYPE);
    const uint64_t Need = (Ty->getBitWidth() + 63) / 64;
    if (!Count || !Words || Count > Need)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::APInt Val(Ty->getBitWidth(), llvm::ArrayRef(Words, Count));
    *Out = TS->value(llvm::ConstantInt::get(Ty, Val));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createFloatingConstant(void *Ctx,
                                                NevercTaskHandle Task, T Type,
                                                const uint64_t *Words,
                                                uint64_t Count, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Type *Ty = nullptr;
    if (NevercStatus S = typeOf(D, *TS, Type, &Ty); !isOk(S))
      return S;
    if (!Ty->isFloatingPointTy())
      return st(NEVERC_STATUS_WRONG_TYPE);
    const unsigned Bits = Ty->getPrimitiveSizeInBits().getFixedValue();
    if (!Words || Count != (Bits + 63) / 64)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::APFloat Val(Ty->getFltSemantics(),
                      llvm::APInt(Bits, llvm::ArrayRef(Words, Count)));
    *Out = TS->value(llvm::ConstantFP::get(Ty, Val));
    return okStatus();
  });
}

/// Types a constant can have (LLVM's getNullValue and friends stop on the
/// others).
bool constantType(llvm::Type *Ty) {
  return !(Ty->isVoidTy() || Ty->isLabelTy() || Ty->isMetadataTy() ||
           Ty->isFunctionTy());
}

template <class Make>
NevercStatus NEVERC_CALL simpleConstant(void *Ctx, NevercTaskHandle Task,
                                        T Type, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Type *Ty = nullptr;
    if (NevercStatus S = typeOf(D, *TS, Type, &Ty); !isOk(S))
      return S;
    if (!constantType(Ty) || !Make::valid(Ty))
      return st(NEVERC_STATUS_WRONG_TYPE);
    *Out = TS->value(Make::make(Ty));
    return okStatus();
  });
}
struct MakeNull {
  // x86_amx has no null value (LLVM stops there).
  static bool valid(llvm::Type *Ty) { return !Ty->isX86_AMXTy(); }
  static llvm::Constant *make(llvm::Type *Ty) {
    return llvm::Constant::getNullValue(Ty);
  }
};
struct MakePoison {
  static bool valid(llvm::Type *) { return true; }
  static llvm::Constant *make(llvm::Type *Ty) { return llvm::PoisonValue::get(Ty); }
};
struct MakeUndef {
  static bool valid(llvm::Type *) { return true; }
  static llvm::Constant *make(llvm::Type *Ty) { return llvm::UndefValue::get(Ty); }
};

NevercStatus constantOf(IRDomain::Impl &D, TaskState &TS, V H,
                        llvm::Constant **Out) {
  return valueAs(D, TS, H, Out);
}

NevercStatus NEVERC_CALL createAggregateConstant(void *Ctx,
                                                 NevercTaskHandle Task, T Type,
                                                 const V *Elements,
                                                 uint64_t Count, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Type *Ty = nullptr;
    if (NevercStatus S = typeOf(D, *TS, Type, &Ty); !isOk(S))
      return S;
    if (Count && !Elements)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::vector<llvm::Constant *> Elems;
    for (uint64_t I = 0; I < Count; ++I) {
      llvm::Constant *C = nullptr;
      if (NevercStatus S = constantOf(D, *TS, Elements[I], &C); !isOk(S))
        return S;
      Elems.push_back(C);
    }
    auto TypeAt = [&](uint64_t I) -> llvm::Type * {
      if (auto *A = llvm::dyn_cast<llvm::ArrayType>(Ty))
        return A->getElementType();
      if (auto *S = llvm::dyn_cast<llvm::StructType>(Ty))
        return S->getElementType(unsigned(I));
      return llvm::cast<llvm::VectorType>(Ty)->getElementType();
    };
    uint64_t Want;
    if (auto *A = llvm::dyn_cast<llvm::ArrayType>(Ty))
      Want = A->getNumElements();
    else if (auto *S = llvm::dyn_cast<llvm::StructType>(Ty))
      Want = S->isOpaque() ? UINT64_MAX : S->getNumElements();
    else if (auto *FV = llvm::dyn_cast<llvm::FixedVectorType>(Ty))
      Want = FV->getNumElements();
    else
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (Count != Want)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    for (uint64_t I = 0; I < Count; ++I)
      if (Elems[I]->getType() != TypeAt(I))
        return st(NEVERC_STATUS_WRONG_TYPE);
    llvm::Constant *R;
    if (auto *A = llvm::dyn_cast<llvm::ArrayType>(Ty))
      R = llvm::ConstantArray::get(A, Elems);
    else if (auto *S = llvm::dyn_cast<llvm::StructType>(Ty))
      R = llvm::ConstantStruct::get(S, Elems);
    else
      R = llvm::ConstantVector::get(Elems);
    *Out = TS->value(R);
    return okStatus();
  });
}

NevercStatus unsupported(IRDomain::Impl &D, TaskState &TS, const char *Slot,
                         unsigned Op) {
  warnOnce(D, TS, std::string(Slot) + llvm::Instruction::getOpcodeName(Op),
           std::string(Slot) + ": LLVM 22 has no constant expression for '" +
               llvm::Instruction::getOpcodeName(Op) +
               "' and these operands do not fold to a constant");
  return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
}

NevercStatus NEVERC_CALL createConstantBinary(void *Ctx, NevercTaskHandle Task,
                                              NevercIROpcode Opcode, V Left,
                                              V Right, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    unsigned Op = 0;
    if (!llvmOpcode(Opcode, Op) || !llvm::Instruction::isBinaryOp(Op))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Constant *L = nullptr, *R = nullptr;
    if (NevercStatus S = constantOf(D, *TS, Left, &L); !isOk(S))
      return S;
    if (NevercStatus S = constantOf(D, *TS, Right, &R); !isOk(S))
      return S;
    bool FP = Op == llvm::Instruction::FAdd || Op == llvm::Instruction::FSub ||
              Op == llvm::Instruction::FMul || Op == llvm::Instruction::FDiv ||
              Op == llvm::Instruction::FRem;
    if (L->getType() != R->getType() ||
        (FP ? !L->getType()->isFPOrFPVectorTy()
            : !L->getType()->isIntOrIntVectorTy()))
      return st(NEVERC_STATUS_WRONG_TYPE);
    llvm::Constant *C =
        llvm::ConstantExpr::isSupportedBinOp(Op)
            ? llvm::ConstantExpr::get(Op, L, R)
            : llvm::ConstantFoldBinaryOpOperands(Op, L, R, TS->M->getDataLayout());
    if (!C)
      return unsupported(D, *TS, "CreateConstantBinaryExpression", Op);
    *Out = TS->value(C);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createConstantCast(void *Ctx, NevercTaskHandle Task,
                                            NevercIROpcode Opcode, V Operand,
                                            T Destination, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    unsigned Op = 0;
    if (!llvmOpcode(Opcode, Op) || !llvm::Instruction::isCast(Op))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Constant *C = nullptr;
    llvm::Type *To = nullptr;
    if (NevercStatus S = constantOf(D, *TS, Operand, &C); !isOk(S))
      return S;
    if (NevercStatus S = typeOf(D, *TS, Destination, &To); !isOk(S))
      return S;
    auto CO = llvm::Instruction::CastOps(Op);
    if (!llvm::CastInst::castIsValid(CO, C->getType(), To))
      return st(NEVERC_STATUS_WRONG_TYPE);
    llvm::Constant *R =
        llvm::ConstantExpr::isSupportedCastOp(Op)
            ? llvm::ConstantExpr::getCast(Op, C, To)
            : llvm::ConstantFoldCastOperand(Op, C, To, TS->M->getDataLayout());
    if (!R)
      return unsupported(D, *TS, "CreateConstantCastExpression", Op);
    *Out = TS->value(R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createConstantCompare(void *Ctx, NevercTaskHandle Task,
                                               NevercIRPredicate Predicate,
                                               V Left, V Right, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    unsigned P = 0;
    if (!llvmPredicate(Predicate, P))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Constant *L = nullptr, *R = nullptr;
    if (NevercStatus S = constantOf(D, *TS, Left, &L); !isOk(S))
      return S;
    if (NevercStatus S = constantOf(D, *TS, Right, &R); !isOk(S))
      return S;
    auto Pred = llvm::CmpInst::Predicate(P);
    llvm::Type *Ty = L->getType();
    if (Ty != R->getType() ||
        (llvm::CmpInst::isFPPredicate(Pred) ? !Ty->isFPOrFPVectorTy()
                                            : !Ty->isIntOrIntVectorTy() &&
                                                  !Ty->isPtrOrPtrVectorTy()))
      return st(NEVERC_STATUS_WRONG_TYPE);
    // LLVM 22 has no compare constant expression: fold, or say why not.
    llvm::Constant *C = llvm::ConstantFoldCompareInstOperands(
        Pred, L, R, TS->M->getDataLayout());
    if (!C) {
      warnOnce(D, *TS, "constant-compare",
               "CreateConstantCompareExpression: LLVM 22 has no compare "
               "constant expression and these operands do not fold");
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    *Out = TS->value(C);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createConstantGEP(void *Ctx, NevercTaskHandle Task,
                                           T SourceElement, V Pointer,
                                           const V *Indices, uint64_t Count,
                                           uint8_t InBounds, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Type *Src = nullptr;
    llvm::Constant *Ptr = nullptr;
    if (NevercStatus S = typeOf(D, *TS, SourceElement, &Src); !isOk(S))
      return S;
    if (NevercStatus S = constantOf(D, *TS, Pointer, &Ptr); !isOk(S))
      return S;
    if (!Ptr->getType()->isPtrOrPtrVectorTy() || !Src->isSized())
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (Count && !Indices)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::vector<llvm::Constant *> Idx;
    std::vector<llvm::Value *> IdxV;
    for (uint64_t I = 0; I < Count; ++I) {
      llvm::Constant *C = nullptr;
      if (NevercStatus S = constantOf(D, *TS, Indices[I], &C); !isOk(S))
        return S;
      if (!C->getType()->isIntOrIntVectorTy())
        return st(NEVERC_STATUS_WRONG_TYPE);
      Idx.push_back(C);
      IdxV.push_back(C);
    }
    if (Count && !llvm::GetElementPtrInst::getIndexedType(Src, IdxV))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // Struct fields must be indexed by constants of i32 in range (LLVM
    // asserts otherwise): check each step.
    llvm::Type *Cur = Src;
    for (uint64_t I = 1; I < Count; ++I) {
      if (auto *ST = llvm::dyn_cast<llvm::StructType>(Cur)) {
        auto *CI = llvm::dyn_cast<llvm::ConstantInt>(Idx[I]);
        if (!CI || !CI->getType()->isIntegerTy(32) ||
            CI->getZExtValue() >= ST->getNumElements())
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        Cur = ST->getElementType(unsigned(CI->getZExtValue()));
      } else if (auto *AT = llvm::dyn_cast<llvm::ArrayType>(Cur)) {
        Cur = AT->getElementType();
      } else if (auto *VT = llvm::dyn_cast<llvm::VectorType>(Cur)) {
        Cur = VT->getElementType();
      } else {
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      }
    }
    *Out = TS->value(llvm::ConstantExpr::getGetElementPtr(
        Src, Ptr, Idx,
        InBounds ? llvm::GEPNoWrapFlags::inBounds()
                 : llvm::GEPNoWrapFlags::none()));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getGlobalAddress(void *Ctx, NevercTaskHandle Task,
                                          V Global, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::GlobalValue *G = nullptr;
    if (NevercStatus S = valueAs(D, *TS, Global, &G); !isOk(S))
      return S;
    // A global is its own address in LLVM IR (a pointer constant).
    *Out = TS->value(G);
    return okStatus();
  });
}

} // namespace

void fillCoreTypes(NevercIRCoreAPI &Tb) {
  Tb.GetTypeKind = &getTypeKind;
  Tb.GetPrimitiveType = &getPrimitiveType;
  Tb.GetIntegerType = &getIntegerType;
  Tb.GetPointerType = &getPointerType;
  Tb.GetArrayType = &getArrayType;
  Tb.GetVectorType = &getVectorType;
  Tb.GetStructType = &getStructType;
  Tb.GetFunctionType = &getFunctionType;
  Tb.CreateIntegerConstant = &createIntegerConstant;
  Tb.CreateFloatingConstant = &createFloatingConstant;
  Tb.GetNullConstant = &simpleConstant<MakeNull>;
  Tb.GetPoisonConstant = &simpleConstant<MakePoison>;
  Tb.GetUndefConstant = &simpleConstant<MakeUndef>;
  Tb.CreateAggregateConstant = &createAggregateConstant;
  Tb.CreateConstantBinaryExpression = &createConstantBinary;
  Tb.CreateConstantCastExpression = &createConstantCast;
  Tb.CreateConstantCompareExpression = &createConstantCompare;
  Tb.CreateConstantGEPExpression = &createConstantGEP;
  Tb.GetGlobalAddressConstant = &getGlobalAddress;
}

} // namespace neverc::ir
