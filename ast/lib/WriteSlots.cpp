//===- WriteSlots.cpp - NevercASTAPI: properties, builders, mutations -----===//
//
// Mutations follow spec §8.3: edits are staged, CommitASTMutation checks all
// of them first (slot owned by the parent's kind, replacement of the slot's
// value domain, not attached elsewhere) and only then applies them, so a
// failed commit leaves the tree untouched. Replaced nodes' handles go stale
// at commit; nodes built while the mutation was open go stale at abort.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/ADT/StringExtras.h"

#include <unordered_map>

namespace neverc::ast {

using namespace clang;

namespace {

constexpr uint16_t Major = NEVERC_AST_API_MAJOR;

struct SchemaEntry {
  NevercASTNodeKind Owner;
  NevercASTValueType Type;
  NevercASTAccessMode Access;
  NevercASTCardinality Cardinality;
  const char *Name;
};

const std::unordered_map<uint32_t, SchemaEntry> &properties() {
  static const std::unordered_map<uint32_t, SchemaEntry> M = {
#define NEVERC_AST_SCHEMA_PROPERTY(SYM, ID, OWNER, TYPE, ACCESS, CARD, NAME)   \
  {ID, {OWNER, TYPE, ACCESS, CARD, NAME}},
#include "neverc/Plugin/Schema/PluginASTSchema.inc"
#undef NEVERC_AST_SCHEMA_PROPERTY
  };
  return M;
}

const std::unordered_map<uint32_t, SchemaEntry> &slots() {
  static const std::unordered_map<uint32_t, SchemaEntry> M = {
#define NEVERC_AST_SCHEMA_CHILD_SLOT(SYM, ID, OWNER, TYPE, ACCESS, CARD, NAME) \
  {ID, {OWNER, TYPE, ACCESS, CARD, NAME}},
#include "neverc/Plugin/Schema/PluginASTSchema.inc"
#undef NEVERC_AST_SCHEMA_CHILD_SLOT
  };
  return M;
}

/// Whether a node of kind \p K owns property \p E. AST_SOURCE_RANGE is
/// declared on decl.Decl and listed on every node outside the type domain.
bool owns(NevercASTNodeKind K, uint32_t ID, const SchemaEntry &E) {
  if (ID == NEVERC_AST_PROPERTY_AST_SOURCE_RANGE)
    return domainOfKind(K) != NEVERC_AST_SCHEMA_DOMAIN_TYPE;
  return kindIsA(K, E.Owner);
}

/// Whether a node of domain \p Dom fits a slot/property of value type \p T.
bool fits(NevercASTSchemaDomain Dom, NodeRef N, NevercASTValueType T) {
  switch (T) {
  case NEVERC_AST_VALUE_NODE:
    return true;
  case NEVERC_AST_VALUE_DECL:
    return Dom == NEVERC_AST_SCHEMA_DOMAIN_DECL;
  case NEVERC_AST_VALUE_STMT:
    return Dom == NEVERC_AST_SCHEMA_DOMAIN_STMT;
  case NEVERC_AST_VALUE_EXPR:
    return Dom == NEVERC_AST_SCHEMA_DOMAIN_STMT &&
           isa<Expr>(static_cast<Stmt *>(N.Ptr));
  case NEVERC_AST_VALUE_TYPE:
    return Dom == NEVERC_AST_SCHEMA_DOMAIN_TYPE;
  case NEVERC_AST_VALUE_TYPE_LOC:
    return Dom == NEVERC_AST_SCHEMA_DOMAIN_TYPE_LOC;
  case NEVERC_AST_VALUE_ATTR:
    return Dom == NEVERC_AST_SCHEMA_DOMAIN_ATTR;
  default:
    return false;
  }
}

NevercASTValue value(NevercASTValueType T) {
  NevercASTValue V{};
  V.Type = T;
  return V;
}
void setUnsigned(NevercASTValue &V, uint64_t X) {
  V.UnsignedValue = X;
  V.SignedValue = int64_t(X);
}


} // namespace
bool readAttrProperty(TaskState &TS, const Attr *A, uint32_t ID,
                      NevercASTValue &V);
namespace {

/// Reads one property; \p Handled false when this host does not read it
/// yet (CAPABILITY_UNAVAILABLE, named in a diagnostic).
NevercStatus readProperty(ASTDomain::Impl &D, TaskState &TS, NodeRef N,
                          uint32_t ID, const SchemaEntry &E,
                          NevercASTValue &V) {
  V = value(E.Type);
  switch (ID) {
  case NEVERC_AST_PROPERTY_AST_SOURCE_RANGE:
    V.SourceRangeValue = D.range(TS, rangeOf(N));
    return okStatus();
  case NEVERC_AST_PROPERTY_DECL_IS_IMPLICIT:
    setUnsigned(V, static_cast<Decl *>(N.Ptr)->isImplicit());
    return okStatus();
  case NEVERC_AST_PROPERTY_DECL_IS_INVALID:
    setUnsigned(V, static_cast<Decl *>(N.Ptr)->isInvalidDecl());
    return okStatus();
  case NEVERC_AST_PROPERTY_DECL_NAME: {
    auto *ND = cast<NamedDecl>(static_cast<Decl *>(N.Ptr));
    std::string &S = TS.own<std::string>();
    S = ND->getNameAsString();
    V.StringValue = {S.data(), S.size()};
    return okStatus();
  }
  case NEVERC_AST_PROPERTY_DECL_TYPE:
    V.NodeValue = TS.handle(cast<ValueDecl>(static_cast<Decl *>(N.Ptr))->getType());
    return okStatus();
  case NEVERC_AST_PROPERTY_STMT_EXPR_TYPE:
    V.NodeValue = TS.handle(cast<Expr>(static_cast<Stmt *>(N.Ptr))->getType());
    return okStatus();
  case NEVERC_AST_PROPERTY_STMT_VALUE_KIND:
    // Clang's ExprValueKind numbering (LLVM-version-specific, PluginAST.h).
    setUnsigned(V, cast<Expr>(static_cast<Stmt *>(N.Ptr))->getValueKind());
    return okStatus();
  case NEVERC_AST_PROPERTY_TYPE_CANONICAL:
    V.NodeValue =
        TS.handle(QualType::getFromOpaquePtr(N.Ptr).getCanonicalType());
    return okStatus();
  case NEVERC_AST_PROPERTY_TYPE_QUALIFIERS:
    setUnsigned(V, QualType::getFromOpaquePtr(N.Ptr).getLocalFastQualifiers());
    return okStatus();
  case NEVERC_AST_PROPERTY_TYPE_IS_DEPENDENT:
    setUnsigned(V, QualType::getFromOpaquePtr(N.Ptr)->isDependentType());
    return okStatus();
  case NEVERC_AST_PROPERTY_TYPE_LOC_TYPE:
    V.NodeValue = TS.handle(typeLocOf(N).getType());
    return okStatus();
  case NEVERC_AST_PROPERTY_ATTR_SPELLING: {
    const char *Sp = static_cast<Attr *>(N.Ptr)->getSpelling();
    V.StringValue = {Sp, std::strlen(Sp)};
    return okStatus();
  }
  case NEVERC_AST_PROPERTY_ATTR_IS_IMPLICIT:
    setUnsigned(V, static_cast<Attr *>(N.Ptr)->isImplicit());
    return okStatus();
  case NEVERC_AST_PROPERTY_ATTR_IS_INHERITED:
    setUnsigned(V, static_cast<Attr *>(N.Ptr)->isInherited());
    return okStatus();
  case NEVERC_AST_PROPERTY_DECL_ATTRIBUTES: {
    // MANY: the first attribute (GetDeclAttribute walks them all).
    auto *Dc = static_cast<Decl *>(N.Ptr);
    V.NodeValue = Dc->hasAttrs() && !Dc->getAttrs().empty()
                      ? TS.handle(Dc->getAttrs()[0])
                      : NevercHandle{};
    return okStatus();
  }
  default:
    if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_ATTR &&
        readAttrProperty(TS, static_cast<Attr *>(N.Ptr), ID, V))
      return okStatus();
    // Once per property and task: a walker reading every node must not
    // drown the compile in warnings.
    if (TS.WarnedProperties.insert(ID).second)
      D.diag(NEVERC_DIAGNOSTIC_WARNING,
             std::string("AST property '") + E.Name + "' of " +
                 (ID == NEVERC_AST_PROPERTY_ATTR_ASM_LABEL_IS_LITERAL_LABEL
                      ? "asm labels: Clang 22's AsmLabelAttr no longer "
                        "records it"
                  : "this attribute is not read by this neverc build "
                        "yet") +
                 " (CAPABILITY_UNAVAILABLE)");
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
}

NevercStatus NEVERC_CALL getProperty(void *Ctx, NevercTaskHandle Task,
                                     NevercASTNodeHandle Node,
                                     NevercASTPropertyID Property,
                                     NevercASTValue *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S = nodeOf(D, *TS, Node, 0, N); !isOk(S))
      return S;
    auto It = properties().find(Property);
    if (It == properties().end())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (!owns(kindOf(N), Property, It->second))
      return st(NEVERC_STATUS_WRONG_TYPE);
    NevercASTValue V;
    if (NevercStatus S = readProperty(D, *TS, N, Property, It->second, V);
        !isOk(S))
      return S;
    writeOut(Out, V);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getPropertyBatch(
    void *Ctx, NevercTaskHandle Task, const NevercASTNodeHandle *Nodes,
    const NevercASTPropertyID *Properties, uint64_t Count,
    NevercASTValue *Out, uint64_t Capacity, uint64_t Stride) {
  return guard([&]() -> NevercStatus {
    if ((Count && (!Nodes || !Properties || !Out)) || Count > Capacity ||
        Stride < sizeof(NevercASTValue))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto *Base = reinterpret_cast<unsigned char *>(Out);
    // Everything is read into a scratch array first: a failing query
    // leaves every output record as it was.
    std::vector<NevercASTValue> Values(Count);
    for (uint64_t I = 0; I < Count; ++I) {
      auto *Slot = reinterpret_cast<NevercASTValue *>(Base + I * Stride);
      Values[I].Header = Slot->Header;
      NevercStatus S = getProperty(Ctx, Task, Nodes[I], Properties[I], &Values[I]);
      if (!isOk(S))
        return S;
    }
    for (uint64_t I = 0; I < Count; ++I)
      std::memcpy(Base + I * Stride, &Values[I], sizeof(NevercASTValue));
    return okStatus();
  });
}

//===--- Builders --------------------------------------------------------===//

bool mutating(TaskState &TS) { return mayNotMutate(TS); }

NevercStatus NEVERC_CALL createASTBuilder(void *Ctx, NevercTaskHandle Task,
                                          NevercASTNodeKind Kind,
                                          NevercASTBuilderHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    if (mutating(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    if (!domainOfKind(Kind) || !kindIsA(Kind, Kind))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (!buildable(Kind)) {
      D.diag(NEVERC_DIAGNOSTIC_WARNING,
             std::string("CreateASTBuilder: kind 0x") +
                 llvm::utohexstr(Kind) + " is not built by this neverc "
                 "build: " + unbuildableReason(Kind));
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    auto B = std::make_unique<BuilderModel>();
    B->Kind = Kind;
    *Out = TS->Builders.insert(std::move(B));
    return okStatus();
  });
}

NevercStatus builderOf(ASTDomain::Impl &D, TaskState &TS, NevercHandle H,
                      BuilderModel *&Out) {
  return recordOf(D, TS, TS.Builders, ASTHandleKind::Builder, H, Out);
}

NevercStatus NEVERC_CALL builderSetProperty(void *Ctx, NevercTaskHandle Task,
                                            NevercASTBuilderHandle Builder,
                                            NevercASTPropertyID Property,
                                            const NevercASTValue *Value) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Value, sizeof *Value, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    BuilderModel *B;
    if (NevercStatus S = builderOf(D, *TS, Builder, B); !isOk(S))
      return S;
    auto It = properties().find(Property);
    if (It == properties().end())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const SchemaEntry &E = It->second;
    if (!owns(B->Kind, Property, E))
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (E.Access == NEVERC_AST_ACCESS_READ_ONLY)
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    if (Value->Type != E.Type)
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (Property == NEVERC_AST_PROPERTY_DECL_NAME) {
      std::string_view N(Value->StringValue.Data ? Value->StringValue.Data : "",
                         Value->StringValue.Length);
      if ((N.size() && !Value->StringValue.Data) || !isIdentifier(N))
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      B->Name = std::string(N);
      B->NameSet = true;
      return okStatus();
    }
    if (Property == NEVERC_AST_PROPERTY_STMT_EXPR_TYPE ||
        Property == NEVERC_AST_PROPERTY_DECL_TYPE) {
      NodeRef T;
      if (NevercStatus S =
              nodeOf(D, *TS, Value->NodeValue, NEVERC_AST_SCHEMA_DOMAIN_TYPE, T);
          !isOk(S))
        return S;
      B->Type = QualType::getFromOpaquePtr(T.Ptr);
      B->TypeSet = true;
      return okStatus();
    }
    if (Property == NEVERC_AST_PROPERTY_AST_SOURCE_RANGE) {
      SourceRange R;
      if (!D.decodeRange(*TS, Value->SourceRangeValue, R))
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      B->RawBegin = R.getBegin().getRawEncoding();
      B->RawEnd = R.getEnd().getRawEncoding();
      B->RangeSet = true;
      return okStatus();
    }
    // STMT_VALUE_KIND of a literal is fixed (an rvalue).
    if (Property == NEVERC_AST_PROPERTY_STMT_VALUE_KIND)
      return Value->UnsignedValue == VK_PRValue
                 ? okStatus()
                 : st(NEVERC_STATUS_VERIFICATION_FAILED);
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  });
}

NevercStatus NEVERC_CALL builderSetIntegerValue(void *Ctx,
                                                NevercTaskHandle Task,
                                                NevercASTBuilderHandle Builder,
                                                const NevercAPIntView *Value) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Value, sizeof *Value, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    BuilderModel *B;
    if (NevercStatus S = builderOf(D, *TS, Builder, B); !isOk(S))
      return S;
    if (B->Kind != NEVERC_STMT_KIND_INTEGER_LITERAL)
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (!Value->Words || Value->WordCount == 0 || Value->BitWidth == 0 ||
        Value->WordCount < (uint64_t(Value->BitWidth) + 63) / 64)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    B->Value = llvm::APInt(Value->BitWidth,
                           llvm::ArrayRef<uint64_t>(
                               Value->Words, (Value->BitWidth + 63) / 64));
    B->ValueSet = true;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL builderSetBinaryOperatorKind(
    void *Ctx, NevercTaskHandle Task, NevercASTBuilderHandle Builder,
    NevercBinaryOperatorKind Kind) {
  return guard([&]() -> NevercStatus {
    NEVERC_AST_TASK(Ctx, Task);
    BuilderModel *B;
    if (NevercStatus S = builderOf(D, *TS, Builder, B); !isOk(S))
      return S;
    if (B->Kind != NEVERC_STMT_KIND_BINARY_OPERATOR &&
        B->Kind != NEVERC_STMT_KIND_COMPOUND_ASSIGN_OPERATOR)
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (Kind < NEVERC_BINARY_OPERATOR_MUL || Kind > NEVERC_BINARY_OPERATOR_COMMA)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    B->Operator = Kind;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL builderSetChild(void *Ctx, NevercTaskHandle Task,
                                         NevercASTBuilderHandle Builder,
                                         NevercASTChildSlotID Slot,
                                         uint64_t Index,
                                         NevercASTNodeHandle Child) {
  return guard([&]() -> NevercStatus {
    NEVERC_AST_TASK(Ctx, Task);
    BuilderModel *B;
    if (NevercStatus S = builderOf(D, *TS, Builder, B); !isOk(S))
      return S;
    auto It = slots().find(Slot);
    if (It == slots().end())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (!kindIsA(B->Kind, It->second.Owner))
      return st(NEVERC_STATUS_WRONG_TYPE);
    NodeRef N;
    if (NevercStatus S = nodeOf(D, *TS, Child, 0, N); !isOk(S))
      return S;
    if (!fits(N.Domain, N, It->second.Type))
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (It->second.Cardinality != NEVERC_AST_CARDINALITY_MANY && Index != 0)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    B->Children[{Slot, Index}] = N;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL builderCommit(void *Ctx, NevercTaskHandle Task,
                                       NevercASTBuilderHandle Builder,
                                       NevercASTNodeHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    if (mutating(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    BuilderModel *B;
    if (NevercStatus S = builderOf(D, *TS, Builder, B); !isOk(S))
      return S;
    return commitBuilder(D, *TS, *B, Out);
  });
}

NevercStatus NEVERC_CALL destroyASTBuilder(void *Ctx, NevercTaskHandle Task,
                                           NevercASTBuilderHandle Builder) {
  return guard([&]() -> NevercStatus {
    ASTDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = taskOf(D, Task, &TS); !isOk(S))
      return S;
    BuilderModel *B;
    if (NevercStatus S = builderOf(D, *TS, Builder, B); !isOk(S))
      return S;
    TS->Builders.erase(Builder);
    return okStatus();
  });
}

//===--- Mutations -------------------------------------------------------===//

NevercStatus mutationOf(ASTDomain::Impl &D, TaskState &TS, NevercHandle H,
                       MutationModel *&Out) {
  return recordOf(D, TS, TS.Mutations, ASTHandleKind::Mutation, H, Out);
}

NevercStatus NEVERC_CALL beginASTMutation(void *Ctx, NevercTaskHandle Task,
                                          NevercASTMutationHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    if (mutating(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    if (auto *M = TS->Mutations.lookup(TS->OpenMutation);
        M && (*M)->State == MutationModel::Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    *Out = TS->Mutations.insert(std::make_unique<MutationModel>());
    TS->OpenMutation = *Out;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL mutationReplaceChild(
    void *Ctx, NevercTaskHandle Task, NevercASTMutationHandle Mutation,
    NevercASTNodeHandle Parent, NevercASTChildSlotID Slot, uint64_t Index,
    NevercASTNodeHandle Replacement) {
  return guard([&]() -> NevercStatus {
    NEVERC_AST_TASK(Ctx, Task);
    if (mutating(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    MutationModel *M;
    if (NevercStatus S = mutationOf(D, *TS, Mutation, M); !isOk(S))
      return S;
    if (M->State != MutationModel::Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    StagedEdit E;
    if (NevercStatus S = nodeOf(D, *TS, Parent, 0, E.Parent); !isOk(S))
      return S;
    if (NevercStatus S = nodeOf(D, *TS, Replacement, 0, E.Replacement);
        !isOk(S))
      return S;
    auto It = slots().find(Slot);
    if (It == slots().end())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // Rule 8: the slot belongs to the parent's kind and the replacement
    // fits its value type; checked at staging and again at commit.
    if (!kindIsA(kindOf(E.Parent), It->second.Owner))
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (!fits(E.Replacement.Domain, E.Replacement, It->second.Type))
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (It->second.Cardinality != NEVERC_AST_CARDINALITY_MANY && Index != 0)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    E.Slot = Slot;
    E.Index = Index;
    M->Edits.push_back(E);
    return okStatus();
  });
}

/// The function whose body holds \p N (null: none).
FunctionDecl *enclosingFunction(TaskState &TS, NodeRef N) {
  for (; N.Ptr; N = parentOf(TS, N))
    if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_DECL)
      if (auto *FD = dyn_cast<FunctionDecl>(static_cast<Decl *>(N.Ptr)))
        return FD;
  return nullptr;
}

} // namespace

bool returnsFit(const ASTContext &C, const Stmt *S, QualType RT,
                std::string &Why) {
  if (!S)
    return true;
  if (auto *R = dyn_cast<ReturnStmt>(S)) {
    const Expr *V = R->getRetValue();
    bool Fits = RT->isVoidType()
                    ? !V || V->getType()->isVoidType()
                    : V && C.hasSameUnqualifiedType(V->getType(), RT);
    if (!Fits) {
      Why = "a return statement gives '" +
            (V ? V->getType().getAsString() : std::string("nothing")) +
            "' in a function returning '" + RT.getAsString() +
            "' (build a CStyleCastExpr to convert)";
      return false;
    }
  }
  for (const Stmt *Ch : S->children())
    if (!returnsFit(C, Ch, RT, Why))
      return false;
  return true;
}

namespace {

/// Applies one edit (checked) and returns the node it displaced.
NevercStatus applyEdit(ASTDomain::Impl &D, TaskState &TS, const StagedEdit &E,
                       bool DryRun, NodeRef &Old) {
  auto *NewExpr = dyn_cast<Expr>(static_cast<Stmt *>(E.Replacement.Ptr));
  auto Fail = [&](const std::string &Why) {
    D.diag(NEVERC_DIAGNOSTIC_REMARK, "CommitASTMutation: " + Why);
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  };
  if (E.Parent.Domain == NEVERC_AST_SCHEMA_DOMAIN_DECL) {
    auto *Dc = static_cast<Decl *>(E.Parent.Ptr);
    if (E.Slot == NEVERC_AST_CHILD_SLOT_DECL_VAR_INITIALIZER) {
      auto *VD = cast<VarDecl>(Dc);
      if (!NewExpr)
        return Fail("a variable's initializer must be an expression");
      if (!TS.Ctx->hasSameUnqualifiedType(NewExpr->getType(), VD->getType()) &&
          !VD->getType()->isScalarType())
        return Fail("the initializer's type does not match the variable's");
      if (VD->hasGlobalStorage() && !NewExpr->isConstantInitializer(*TS.Ctx, false))
        return Fail("a variable with static storage needs a constant "
                    "initializer");
      Old = NodeRef{VD->getInit(), NEVERC_AST_SCHEMA_DOMAIN_STMT};
      if (!DryRun)
        VD->setInit(NewExpr);
      return okStatus();
    }
    if (E.Slot == NEVERC_AST_CHILD_SLOT_DECL_FUNCTION_BODY) {
      auto *FD = cast<FunctionDecl>(Dc);
      auto *Body = dyn_cast<CompoundStmt>(static_cast<Stmt *>(E.Replacement.Ptr));
      if (!Body)
        return Fail("a function body must be a compound statement");
      if (std::string Why; !returnsFit(*TS.Ctx, Body, FD->getReturnType(), Why))
        return Fail(Why);
      Old = NodeRef{FD->getBody(), NEVERC_AST_SCHEMA_DOMAIN_STMT};
      if (!DryRun)
        FD->setBody(Body);
      return okStatus();
    }
  }
  std::string Why;
  SlotAccess A;
  if (!slotAccess(E.Parent, E.Slot, E.Index, A, Why)) {
    D.diag(NEVERC_DIAGNOSTIC_REMARK, "CommitASTMutation: " + Why);
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
  auto *New = static_cast<Stmt *>(E.Replacement.Ptr);
  if (A.Want == SlotAccess::Expression && !NewExpr)
    return Fail("an expression slot needs an expression");
  if (A.Want == SlotAccess::Compound && !isa<CompoundStmt>(New))
    return Fail("a statement expression holds a compound statement");
  if (!NewExpr)
    if (FunctionDecl *FD = enclosingFunction(TS, E.Parent))
      if (!returnsFit(*TS.Ctx, New, FD->getReturnType(), Why))
        return Fail(Why);
  if (!jumpsFit(TS, E.Parent, A, New, Why))
    return Fail(Why);
  auto *OldE = dyn_cast_or_null<Expr>(A.Old);
  if (NewExpr && A.Condition) {
    if (!NewExpr->getType()->isScalarType())
      return Fail("a condition needs a scalar type, not '" +
                  NewExpr->getType().getAsString() + "'");
  } else if (A.Want == SlotAccess::Expression && OldE && !A.AnyType &&
             !TS.Ctx->hasSameUnqualifiedType(OldE->getType(),
                                             NewExpr->getType())) {
    return Fail("the replacement's type '" + NewExpr->getType().getAsString() +
                "' differs from the replaced expression's '" +
                OldE->getType().getAsString() + "'");
  }
  if (A.ValueOf && !A.ValueOf->getType()->isVoidType()) {
    // The statement expression's value is its last statement's.
    auto *Last = cast<CompoundStmt>(New)->body_empty()
                     ? nullptr
                     : dyn_cast<Expr>(cast<CompoundStmt>(New)->body_back());
    if (!Last ||
        !TS.Ctx->hasSameUnqualifiedType(Last->getType(), A.ValueOf->getType()))
      return Fail("a statement expression's last statement gives its value, "
                  "of type '" +
                  A.ValueOf->getType().getAsString() + "'");
  }
  Old = NodeRef{A.Old, NEVERC_AST_SCHEMA_DOMAIN_STMT};
  if (!DryRun)
    A.Set(New);
  return okStatus();
}

NevercStatus NEVERC_CALL commitASTMutation(void *Ctx, NevercTaskHandle Task,
                                           NevercASTMutationHandle Mutation) {
  return guard([&]() -> NevercStatus {
    NEVERC_AST_TASK(Ctx, Task);
    if (mutating(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    MutationModel *M;
    if (NevercStatus S = mutationOf(D, *TS, Mutation, M); !isOk(S))
      return S;
    if (M->State != MutationModel::Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    // Validate every edit before touching the tree: all or nothing.
    std::vector<NodeRef> Old(M->Edits.size());
    for (size_t I = 0; I < M->Edits.size(); ++I) {
      const StagedEdit &E = M->Edits[I];
      if (!TS->table(E.Parent.Domain).lookup(TS->handle(E.Parent)))
        return st(NEVERC_STATUS_STALE_HANDLE);
      for (size_t J = 0; J < I; ++J)
        if (M->Edits[J].Replacement.Ptr == E.Replacement.Ptr)
          return st(NEVERC_STATUS_VERIFICATION_FAILED);
      if (NevercStatus S = applyEdit(D, *TS, E, true, Old[I]); !isOk(S))
        return S;
    }
    // A node already in the tree may move, but only out of a child this
    // mutation replaces: no node ends up with two parents.
    for (const StagedEdit &E : M->Edits) {
      if (TS->Unplaced.count(E.Replacement.Ptr))
        continue; // fresh: no need to build the parent map to know it
      NodeRef P = parentOf(*TS, E.Replacement);
      if (!P.Ptr)
        continue; // made by a builder, or the translation unit
      bool Freed = false;
      for (NodeRef N = E.Replacement; N.Ptr && !Freed; N = parentOf(*TS, N))
        for (const NodeRef &O : Old)
          Freed |= O.Ptr && O.Ptr == N.Ptr;
      if (!Freed) {
        D.diag(NEVERC_DIAGNOSTIC_REMARK,
               "CommitASTMutation: the replacement is still the child of "
               "another node; replace that child in the same mutation to "
               "move it");
        return st(NEVERC_STATUS_VERIFICATION_FAILED);
      }
    }
    for (size_t I = 0; I < M->Edits.size(); ++I)
      applyEdit(D, *TS, M->Edits[I], false, Old[I]);
    // A replaced node stays live when its replacement holds it (a wrapped
    // expression); otherwise its handle goes stale.
    auto Inside = [](Stmt *Root, void *P) {
      std::vector<Stmt *> Work{Root};
      while (!Work.empty()) {
        Stmt *S = Work.back();
        Work.pop_back();
        if (!S)
          continue;
        if (S == P)
          return true;
        for (Stmt *C : S->children())
          Work.push_back(C);
      }
      return false;
    };
    for (size_t I = 0; I < Old.size(); ++I) {
      NodeRef N = Old[I];
      if (!N.Ptr)
        continue;
      const NodeRef &Rep = M->Edits[I].Replacement;
      if (Rep.Domain == NEVERC_AST_SCHEMA_DOMAIN_STMT &&
          Inside(static_cast<Stmt *>(Rep.Ptr), N.Ptr))
        continue;
      TS->forget(N);
    }
    for (const NodeRef &N : Old)
      dropParents(*TS, N);
    for (const StagedEdit &E : M->Edits) {
      notePlaced(*TS, E.Replacement);
      noteReplaced(*TS, E.Parent, E.Replacement);
    }
    M->State = MutationModel::Committed;
    TS->OpenMutation = {};
    return okStatus();
  });
}

NevercStatus NEVERC_CALL abortASTMutation(void *Ctx, NevercTaskHandle Task,
                                          NevercASTMutationHandle Mutation) {
  return guard([&]() -> NevercStatus {
    NEVERC_AST_TASK(Ctx, Task);
    MutationModel *M;
    if (NevercStatus S = mutationOf(D, *TS, Mutation, M); !isOk(S))
      return S;
    if (M->State != MutationModel::Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    for (NevercHandle H : M->Created)
      if (NodeRef *N = TS->Stmts.lookup(H))
        TS->forget(*N);
    M->Edits.clear();
    M->State = MutationModel::Aborted;
    TS->OpenMutation = {};
    return okStatus();
  });
}

NevercStatus NEVERC_CALL destroyASTMutation(void *Ctx, NevercTaskHandle Task,
                                            NevercASTMutationHandle Mutation) {
  return guard([&]() -> NevercStatus {
    ASTDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = taskOf(D, Task, &TS); !isOk(S))
      return S;
    MutationModel *M;
    if (NevercStatus S = mutationOf(D, *TS, Mutation, M); !isOk(S))
      return S;
    if (M->State == MutationModel::Open) {
      // Destroying an open mutation aborts it.
      for (NevercHandle H : M->Created)
        if (NodeRef *N = TS->Stmts.lookup(H))
          TS->forget(*N);
      TS->OpenMutation = {};
    }
    TS->Mutations.erase(Mutation);
    return okStatus();
  });
}

} // namespace

void fillWriteSlots(NevercASTAPI &T) {
  T.GetProperty = getProperty;
  T.GetPropertyBatch = getPropertyBatch;
  T.CreateASTBuilder = createASTBuilder;
  T.ASTBuilderSetProperty = builderSetProperty;
  T.ASTBuilderSetIntegerValue = builderSetIntegerValue;
  T.ASTBuilderSetBinaryOperatorKind = builderSetBinaryOperatorKind;
  T.ASTBuilderSetChild = builderSetChild;
  T.ASTBuilderCommit = builderCommit;
  T.DestroyASTBuilder = destroyASTBuilder;
  T.BeginASTMutation = beginASTMutation;
  T.ASTMutationReplaceChild = mutationReplaceChild;
  T.CommitASTMutation = commitASTMutation;
  T.AbortASTMutation = abortASTMutation;
  T.DestroyASTMutation = destroyASTMutation;
}

} // namespace neverc::ast
