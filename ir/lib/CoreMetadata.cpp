//===- CoreMetadata.cpp - IR_CORE: metadata, debug locations, attributes --===//
#include "Internal.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"

namespace neverc::ir {
namespace {

using MD = NevercIRMetadataHandle;
using V = NevercIRValueHandle;
using A = NevercIRAttributeHandle;
using NMD = NevercIRNamedMetadataHandle;

llvm::LLVMContext &ctx(TaskState &TS) { return TS.M->getContext(); }

NevercStatus NEVERC_CALL getMetadataKind(void *Ctx, NevercTaskHandle Task,
                                         MD H, NevercIRMetadataKind *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Metadata *M = nullptr;
    if (NevercStatus S = metadataOf(D, *TS, H, &M); !isOk(S))
      return S;
    if (llvm::isa<llvm::MDString>(M))
      *Out = NEVERC_IR_METADATA_STRING;
    else if (llvm::isa<llvm::DILocation>(M))
      *Out = NEVERC_IR_METADATA_DEBUG_LOCATION;
    else if (llvm::isa<llvm::MDNode>(M))
      *Out = NEVERC_IR_METADATA_NODE;
    else if (llvm::isa<llvm::ValueAsMetadata>(M))
      *Out = NEVERC_IR_METADATA_VALUE;
    else
      *Out = NEVERC_IR_METADATA_UNKNOWN; // DIArgList and the like
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createMetadataString(void *Ctx, NevercTaskHandle Task,
                                              NevercStringView Bytes, MD *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (!validView(Bytes))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = TS->metadata(llvm::MDString::get(ctx(*TS), ref(Bytes)));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getMetadataStringBytes(void *Ctx,
                                                NevercTaskHandle Task, MD H,
                                                NevercStringView *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Metadata *M = nullptr;
    if (NevercStatus S = metadataOf(D, *TS, H, &M); !isOk(S))
      return S;
    auto *Str = llvm::dyn_cast<llvm::MDString>(M);
    if (!Str)
      return st(NEVERC_STATUS_WRONG_TYPE);
    *Out = view(Str->getString());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createMetadataNode(void *Ctx, NevercTaskHandle Task,
                                            const MD *Operands, uint64_t Count,
                                            uint8_t Distinct, MD *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (Count && !Operands)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::vector<llvm::Metadata *> Ops;
    for (uint64_t I = 0; I < Count; ++I) {
      llvm::Metadata *M = nullptr; // a null handle is a null operand
      if (Operands[I].Owner || Operands[I].Value)
        if (NevercStatus S = metadataOf(D, *TS, Operands[I], &M); !isOk(S))
          return S;
      Ops.push_back(M);
    }
    *Out = TS->metadata(Distinct ? llvm::MDNode::getDistinct(ctx(*TS), Ops)
                                 : llvm::MDNode::get(ctx(*TS), Ops));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getValueAsMetadata(void *Ctx, NevercTaskHandle Task,
                                            V H, MD *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Value *Val = nullptr;
    if (NevercStatus S = valueOf(D, *TS, H, &Val); !isOk(S))
      return S;
    if (auto *MV = llvm::dyn_cast<llvm::MetadataAsValue>(Val)) {
      *Out = TS->metadata(MV->getMetadata()); // unwrap, as LLVM would
      return okStatus();
    }
    // LLVM wraps constants, arguments and instructions only.
    if (!llvm::isa<llvm::Constant>(Val) && !llvm::isa<llvm::Argument>(Val) &&
        !llvm::isa<llvm::Instruction>(Val))
      return st(NEVERC_STATUS_WRONG_TYPE);
    *Out = TS->metadata(llvm::ValueAsMetadata::get(Val));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getMetadataAsValue(void *Ctx, NevercTaskHandle Task,
                                            MD H, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Metadata *M = nullptr;
    if (NevercStatus S = metadataOf(D, *TS, H, &M); !isOk(S))
      return S;
    *Out = TS->value(llvm::MetadataAsValue::get(ctx(*TS), M));
    return okStatus();
  });
}

NevercStatus nodeOf(IRDomain::Impl &D, TaskState &TS, MD H, llvm::MDNode **N) {
  llvm::Metadata *M = nullptr;
  if (NevercStatus S = metadataOf(D, TS, H, &M); !isOk(S))
    return S;
  if (!(*N = llvm::dyn_cast<llvm::MDNode>(M)))
    return st(NEVERC_STATUS_WRONG_TYPE);
  return okStatus();
}

NevercStatus NEVERC_CALL getMetadataOperandCount(void *Ctx,
                                                 NevercTaskHandle Task, MD H,
                                                 uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::MDNode *N = nullptr;
    if (NevercStatus S = nodeOf(D, *TS, H, &N); !isOk(S))
      return S;
    *Out = N->getNumOperands();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getMetadataOperand(void *Ctx, NevercTaskHandle Task,
                                            MD H, uint64_t Index, MD *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::MDNode *N = nullptr;
    if (NevercStatus S = nodeOf(D, *TS, H, &N); !isOk(S))
      return S;
    if (Index >= N->getNumOperands())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->metadata(N->getOperand(unsigned(Index)).get());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getOrInsertNamedMetadata(void *Ctx,
                                                  NevercTaskHandle Task,
                                                  NevercStringView Name,
                                                  NMD *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (!validView(Name) || !Name.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::NamedMDNode *N = TS->M->getNamedMetadata(ref(Name));
    if (!N) {
      // Making one changes the module.
      if (NevercStatus S = beginChange(*TS); !isOk(S))
        return S;
      N = TS->M->getOrInsertNamedMetadata(ref(Name));
      onRollback(*TS, [&] {
        return [TS, N] {
          TS->forget(N);
          N->eraseFromParent();
        };
      });
    }
    *Out = TS->namedMetadata(N);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL appendNamedMetadata(void *Ctx, NevercTaskHandle Task,
                                             NMD Named, MD Node) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    llvm::NamedMDNode *N = nullptr;
    llvm::MDNode *Op = nullptr;
    if (NevercStatus S = namedMetadataOf(D, *TS, Named, &N); !isOk(S))
      return S;
    if (NevercStatus S = nodeOf(D, *TS, Node, &Op); !isOk(S))
      return S;
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(*TS, [&] {
      return [N] {
        // NamedMDNode has no removeOperand: all but the last go back.
        llvm::SmallVector<llvm::MDNode *, 8> Keep(N->operands());
        Keep.pop_back();
        N->clearOperands();
        for (llvm::MDNode *K : Keep)
          N->addOperand(K);
      };
    });
    N->addOperand(Op);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getNamedMetadataOperandCount(void *Ctx,
                                                      NevercTaskHandle Task,
                                                      NMD Named,
                                                      uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::NamedMDNode *N = nullptr;
    if (NevercStatus S = namedMetadataOf(D, *TS, Named, &N); !isOk(S))
      return S;
    *Out = N->getNumOperands();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getNamedMetadataOperand(void *Ctx,
                                                 NevercTaskHandle Task,
                                                 NMD Named, uint64_t Index,
                                                 MD *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::NamedMDNode *N = nullptr;
    if (NevercStatus S = namedMetadataOf(D, *TS, Named, &N); !isOk(S))
      return S;
    if (Index >= N->getNumOperands())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->metadata(N->getOperand(unsigned(Index)));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getDebugLocationInfo(void *Ctx, NevercTaskHandle Task,
                                              MD Location,
                                              NevercIRDebugLocationInfo *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    // No table header on this record: its Size says how much may be
    // written.
    if (!Out || Out->Size < sizeof(NevercIRDebugLocationInfo))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Metadata *M = nullptr;
    if (NevercStatus S = metadataOf(D, *TS, Location, &M); !isOk(S))
      return S;
    auto *L = llvm::dyn_cast<llvm::DILocation>(M);
    if (!L)
      return st(NEVERC_STATUS_WRONG_TYPE);
    Out->Line = L->getLine();
    Out->Column = L->getColumn();
    Out->IsImplicitCode = L->isImplicitCode();
    std::memset(Out->Reserved, 0, sizeof Out->Reserved);
    Out->Scope = TS->metadata(L->getScope());
    Out->InlinedAt = TS->metadata(L->getInlinedAt());
    return okStatus();
  });
}

//===--- Attributes -------------------------------------------------------===//

/// An enum/int/type attribute kind by its IR name, or INVALID_ARGUMENT.
template <class Pred>
NevercStatus kindOf(NevercStringView Kind, Pred Right,
                    llvm::Attribute::AttrKind &Out) {
  if (!validView(Kind) || !Kind.Length)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  Out = llvm::Attribute::getAttrKindFromName(ref(Kind));
  if (Out == llvm::Attribute::None || !Right(Out))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return okStatus();
}

NevercStatus NEVERC_CALL createEnumAttribute(void *Ctx, NevercTaskHandle Task,
                                             NevercStringView Kind, A *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Attribute::AttrKind K;
    if (NevercStatus S = kindOf(Kind, llvm::Attribute::isEnumAttrKind, K);
        !isOk(S))
      return S;
    *Out = TS->attribute(llvm::Attribute::get(ctx(*TS), K));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createIntegerAttribute(void *Ctx,
                                                NevercTaskHandle Task,
                                                NevercStringView Kind,
                                                uint64_t Value, A *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Attribute::AttrKind K;
    if (NevercStatus S = kindOf(Kind, llvm::Attribute::isIntAttrKind, K);
        !isOk(S))
      return S;
    // Alignments are powers of two LLVM can represent.
    if ((K == llvm::Attribute::Alignment ||
         K == llvm::Attribute::StackAlignment) &&
        (!llvm::isPowerOf2_64(Value) || Value > llvm::Value::MaximumAlignment))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = TS->attribute(llvm::Attribute::get(ctx(*TS), K, Value));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createStringAttribute(void *Ctx,
                                               NevercTaskHandle Task,
                                               NevercStringView Kind,
                                               NevercStringView Value, A *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (!validView(Kind) || !Kind.Length || !validView(Value))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = TS->attribute(llvm::Attribute::get(ctx(*TS), ref(Kind), ref(Value)));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createTypeAttribute(void *Ctx, NevercTaskHandle Task,
                                             NevercStringView Kind,
                                             NevercIRTypeHandle Type, A *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Attribute::AttrKind K;
    if (NevercStatus S = kindOf(Kind, llvm::Attribute::isTypeAttrKind, K);
        !isOk(S))
      return S;
    llvm::Type *Ty = nullptr;
    if (NevercStatus S = typeOf(D, *TS, Type, &Ty); !isOk(S))
      return S;
    *Out = TS->attribute(llvm::Attribute::get(ctx(*TS), K, Ty));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getAttributeValueKind(void *Ctx, NevercTaskHandle Task,
                                               A H,
                                               NevercIRAttributeValueKind *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Attribute At;
    if (NevercStatus S = attributeOf(D, *TS, H, &At); !isOk(S))
      return S;
    *Out = At.isStringAttribute() ? NEVERC_IR_ATTRIBUTE_STRING
           : At.isIntAttribute()  ? NEVERC_IR_ATTRIBUTE_INTEGER
           : At.isTypeAttribute() ? NEVERC_IR_ATTRIBUTE_TYPE
                                  : NEVERC_IR_ATTRIBUTE_ENUM;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getAttributeKindName(void *Ctx, NevercTaskHandle Task,
                                              A H, NevercStringView *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Attribute At;
    if (NevercStatus S = attributeOf(D, *TS, H, &At); !isOk(S))
      return S;
    *Out = view(At.isStringAttribute()
                    ? At.getKindAsString()
                    : llvm::Attribute::getNameFromAttrKind(At.getKindAsEnum()));
    return okStatus();
  });
}

/// The payload getters: an attribute of another value kind is WRONG_TYPE.
struct IntegerPayload {
  using Out = uint64_t;
  static bool has(llvm::Attribute A) { return A.isIntAttribute(); }
  static Out get(TaskState &, llvm::Attribute A) { return A.getValueAsInt(); }
};
struct StringPayload {
  using Out = NevercStringView;
  static bool has(llvm::Attribute A) { return A.isStringAttribute(); }
  static Out get(TaskState &, llvm::Attribute A) {
    return view(A.getValueAsString());
  }
};
struct TypePayload {
  using Out = NevercIRTypeHandle;
  static bool has(llvm::Attribute A) { return A.isTypeAttribute(); }
  static Out get(TaskState &TS, llvm::Attribute A) {
    return TS.type(A.getValueAsType());
  }
};

template <class Payload>
NevercStatus NEVERC_CALL attributePayload(void *Ctx, NevercTaskHandle Task, A H,
                                          typename Payload::Out *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Attribute At;
    if (NevercStatus S = attributeOf(D, *TS, H, &At); !isOk(S))
      return S;
    if (!Payload::has(At))
      return st(NEVERC_STATUS_WRONG_TYPE);
    *Out = Payload::get(*TS, At);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL addFunctionAttribute(void *Ctx, NevercTaskHandle Task,
                                              V Function,
                                              NevercIRAttributeLocation Where,
                                              uint32_t Param, A H) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    llvm::Function *F = nullptr;
    llvm::Attribute At;
    if (NevercStatus S = valueAs(D, *TS, Function, &F); !isOk(S))
      return S;
    if (NevercStatus S = attributeOf(D, *TS, H, &At); !isOk(S))
      return S;
    const bool Str = At.isStringAttribute();
    const llvm::Attribute::AttrKind K =
        Str ? llvm::Attribute::None : At.getKindAsEnum();
    switch (Where) {
    case NEVERC_IR_ATTRIBUTE_LOCATION_FUNCTION:
      if (!Str && !llvm::Attribute::canUseAsFnAttr(K))
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      break;
    case NEVERC_IR_ATTRIBUTE_LOCATION_RETURN:
      if (!Str && !llvm::Attribute::canUseAsRetAttr(K))
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      break;
    case NEVERC_IR_ATTRIBUTE_LOCATION_PARAMETER:
      if ((!Str && !llvm::Attribute::canUseAsParamAttr(K)) ||
          Param >= F->arg_size())
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      break;
    default:
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(*TS, [&] {
      return [F, Old = F->getAttributes()] { F->setAttributes(Old); };
    });
    if (Where == NEVERC_IR_ATTRIBUTE_LOCATION_FUNCTION)
      F->addFnAttr(At);
    else if (Where == NEVERC_IR_ATTRIBUTE_LOCATION_RETURN)
      F->addRetAttr(At);
    else
      F->addParamAttr(Param, At);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL hasFunctionAttribute(void *Ctx, NevercTaskHandle Task,
                                              V Function, NevercStringView Kind,
                                              NevercBool *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (!validView(Kind) || !Kind.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Function *F = nullptr;
    if (NevercStatus S = valueAs(D, *TS, Function, &F); !isOk(S))
      return S;
    // An IR keyword names an enum attribute; anything else a string key.
    llvm::Attribute::AttrKind K = llvm::Attribute::getAttrKindFromName(ref(Kind));
    bool Has = K != llvm::Attribute::None ? F->hasFnAttribute(K)
                                          : F->hasFnAttribute(ref(Kind));
    *Out = Has ? NEVERC_TRUE : NEVERC_FALSE;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getFunctionStringAttribute(void *Ctx,
                                                    NevercTaskHandle Task,
                                                    V Function,
                                                    NevercStringView Kind,
                                                    NevercStringView *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (!validView(Kind) || !Kind.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Function *F = nullptr;
    if (NevercStatus S = valueAs(D, *TS, Function, &F); !isOk(S))
      return S;
    llvm::Attribute At = F->getFnAttribute(ref(Kind));
    if (!At.isStringAttribute())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = view(At.getValueAsString());
    return okStatus();
  });
}

} // namespace

void fillCoreMetadata(NevercIRCoreAPI &T) {
  T.GetMetadataKind = &getMetadataKind;
  T.CreateMetadataString = &createMetadataString;
  T.GetMetadataStringBytes = &getMetadataStringBytes;
  T.CreateMetadataNode = &createMetadataNode;
  T.GetValueAsMetadata = &getValueAsMetadata;
  T.GetMetadataAsValue = &getMetadataAsValue;
  T.GetMetadataOperandCount = &getMetadataOperandCount;
  T.GetMetadataOperand = &getMetadataOperand;
  T.GetOrInsertNamedMetadata = &getOrInsertNamedMetadata;
  T.AppendNamedMetadata = &appendNamedMetadata;
  T.GetNamedMetadataOperandCount = &getNamedMetadataOperandCount;
  T.GetNamedMetadataOperand = &getNamedMetadataOperand;
  T.GetDebugLocationInfo = &getDebugLocationInfo;
  T.CreateEnumAttribute = &createEnumAttribute;
  T.CreateIntegerAttribute = &createIntegerAttribute;
  T.CreateStringAttribute = &createStringAttribute;
  T.CreateTypeAttribute = &createTypeAttribute;
  T.GetAttributeValueKind = &getAttributeValueKind;
  T.GetAttributeKindName = &getAttributeKindName;
  T.GetAttributeIntegerValue = &attributePayload<IntegerPayload>;
  T.GetAttributeStringValue = &attributePayload<StringPayload>;
  T.GetAttributeTypeValue = &attributePayload<TypePayload>;
  T.AddFunctionAttribute = &addFunctionAttribute;
  T.HasFunctionAttribute = &hasFunctionAttribute;
  T.GetFunctionStringAttribute = &getFunctionStringAttribute;
}

} // namespace neverc::ir
