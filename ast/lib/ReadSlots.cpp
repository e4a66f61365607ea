//===- ReadSlots.cpp - NevercASTAPI: navigation and typed accessors -------===//
#include "Internal.h"

#include "clang/AST/ParentMapContext.h"

namespace neverc::ast {

using namespace clang;

namespace {

constexpr uint16_t Major = NEVERC_AST_API_MAJOR;

QualType typeOf(NodeRef N) { return QualType::getFromOpaquePtr(N.Ptr); }

template <class T> T *as(NodeRef N) {
  if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_DECL)
    return dyn_cast<T>(static_cast<Decl *>(N.Ptr));
  return nullptr;
}
template <class T> T *asStmt(NodeRef N) {
  if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_STMT)
    return dyn_cast<T>(static_cast<Stmt *>(N.Ptr));
  return nullptr;
}

NevercStringView view(StringRef S) {
  return NevercStringView{S.data(), S.size()};
}

/// A decl's name, kept alive for the task (IdentifierInfo names are; a
/// DeclarationName of another kind is printed into task storage).
NevercStringView nameOf(TaskState &TS, const NamedDecl *ND) {
  if (const IdentifierInfo *II = ND->getIdentifier())
    return view(II->getName());
  std::string &S = TS.own<std::string>();
  S = ND->getNameAsString();
  return view(S);
}

/// Calls \p Visit(Parent, Child) for every edge under \p Root, depth-first;
/// it descends into Child when Visit returns true.
template <class VisitFn>
void walkTree(TaskState &TS, NodeRef Root, VisitFn Visit) {
  std::vector<NodeRef> Work{Root}, Kids;
  while (!Work.empty()) {
    NodeRef N = Work.back();
    Work.pop_back();
    childrenOf(TS, N, Kids);
    for (NodeRef C : Kids)
      if (Visit(N, C))
        Work.push_back(C);
  }
}

/// Records the edges under \p Root that the map does not have yet.
void addParents(TaskState &TS, NodeRef Root) {
  walkTree(TS, Root, [&](NodeRef P, NodeRef C) {
    return TS.Parents.try_emplace(C.Ptr, P).second;
  });
}

void buildParents(TaskState &TS) {
  TS.Parents.clear();
  addParents(TS,
             {TS.Ctx->getTranslationUnitDecl(), NEVERC_AST_SCHEMA_DOMAIN_DECL});
  TS.ParentsValid = true;
}

NevercStatus fillNodeInfo(ASTDomain::Impl &D, TaskState &TS, NodeRef N,
                          NevercASTNodeInfo &Info) {
  Info.Kind = kindOf(N);
  Info.Domain = N.Domain;
  Info.Parent = NevercHandle{};
  Info.DeclContext = NevercHandle{};
  if (N.Domain != NEVERC_AST_SCHEMA_DOMAIN_TYPE) {
    NodeRef P = parentOf(TS, N);
    Info.Parent = TS.handle(P);
  }
  if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_DECL)
    if (const DeclContext *DC = static_cast<Decl *>(N.Ptr)->getDeclContext())
      Info.DeclContext = TS.handle(cast<Decl>(DC));
  Info.SourceRange = D.range(TS, rangeOf(N));
  return okStatus();
}

NevercStatus NEVERC_CALL getTranslationUnit(void *Ctx, NevercTaskHandle Task,
                                            NevercDeclHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    *Out = TS->handle(TS->Ctx->getTranslationUnitDecl());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getNodeInfo(void *Ctx, NevercTaskHandle Task,
                                     NevercASTNodeHandle Node,
                                     NevercASTNodeInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S = nodeOf(D, *TS, Node, 0, N); !isOk(S))
      return S;
    NevercASTNodeInfo Info{};
    fillNodeInfo(D, *TS, N, Info);
    writeOut(Out, Info);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getNodeInfoBatch(void *Ctx, NevercTaskHandle Task,
                                          const NevercASTNodeHandle *Nodes,
                                          uint64_t Count,
                                          NevercASTNodeInfo *Out,
                                          uint64_t Capacity, uint64_t Stride) {
  return guard([&]() -> NevercStatus {
    if ((Count && (!Nodes || !Out)) || Count > Capacity ||
        Stride < sizeof(NevercASTNodeInfo))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    // All handles are checked before anything is written.
    std::vector<NodeRef> Refs(Count);
    for (uint64_t I = 0; I < Count; ++I)
      if (NevercStatus S = nodeOf(D, *TS, Nodes[I], 0, Refs[I]); !isOk(S))
        return S;
    auto *Base = reinterpret_cast<unsigned char *>(Out);
    for (uint64_t I = 0; I < Count; ++I) {
      auto *Slot = reinterpret_cast<NevercASTNodeInfo *>(Base + I * Stride);
      if (NevercStatus S = checkHeader(Slot, sizeof *Slot, Major); !isOk(S))
        return S;
    }
    for (uint64_t I = 0; I < Count; ++I) {
      auto *Slot = reinterpret_cast<NevercASTNodeInfo *>(Base + I * Stride);
      NevercASTNodeInfo Info{};
      fillNodeInfo(D, *TS, Refs[I], Info);
      writeOut(Slot, Info);
    }
    return okStatus();
  });
}

/// childrenOf, remembered for the last declaration context asked about.
/// A context only grows at its end (Clang appends), so the list is still
/// its own while its first child is the context's first and its last has
/// no next.
const std::vector<NodeRef> &listChildren(TaskState &TS, NodeRef N,
                                         std::vector<NodeRef> &Scratch) {
  auto *DC = N.Domain == NEVERC_AST_SCHEMA_DOMAIN_DECL
                 ? dyn_cast<DeclContext>(static_cast<Decl *>(N.Ptr))
                 : nullptr;
  if (!DC || isa<FunctionDecl>(DC)) {
    childrenOf(TS, N, Scratch);
    return Scratch;
  }
  if (TS.ChildrenOf.Ptr == N.Ptr && TS.ChildrenOf.Domain == N.Domain) {
    auto Begin = DC->decls_begin();
    const bool Same =
        TS.Children.empty()
            ? Begin == DC->decls_end()
            : (Begin != DC->decls_end() &&
               *Begin == static_cast<Decl *>(TS.Children.front().Ptr) &&
               !static_cast<Decl *>(TS.Children.back().Ptr)
                    ->getNextDeclInContext());
    if (Same)
      return TS.Children;
  }
  childrenOf(TS, N, TS.Children);
  TS.ChildrenOf = N;
  return TS.Children;
}

NevercStatus NEVERC_CALL getChildCount(void *Ctx, NevercTaskHandle Task,
                                       NevercASTNodeHandle Node,
                                       uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S = nodeOf(D, *TS, Node, 0, N); !isOk(S))
      return S;
    std::vector<NodeRef> Scratch;
    *Out = listChildren(*TS, N, Scratch).size();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getChild(void *Ctx, NevercTaskHandle Task,
                                  NevercASTNodeHandle Node, uint64_t Index,
                                  NevercASTNodeHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S = nodeOf(D, *TS, Node, 0, N); !isOk(S))
      return S;
    std::vector<NodeRef> Scratch;
    const std::vector<NodeRef> &Kids = listChildren(*TS, N, Scratch);
    if (Index >= Kids.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->handle(Kids[Index]);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getParent(void *Ctx, NevercTaskHandle Task,
                                   NevercASTNodeHandle Node,
                                   NevercASTNodeHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S = nodeOf(D, *TS, Node, 0, N); !isOk(S))
      return S;
    *Out = TS->handle(parentOf(*TS, N));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getDeclContext(void *Ctx, NevercTaskHandle Task,
                                        NevercDeclHandle Decl_,
                                        NevercDeclContextHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S =
            nodeOf(D, *TS, Decl_, NEVERC_AST_SCHEMA_DOMAIN_DECL, N);
        !isOk(S))
      return S;
    const DeclContext *DC = static_cast<Decl *>(N.Ptr)->getDeclContext();
    *Out = DC ? TS->handle(cast<Decl>(DC)) : NevercHandle{};
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getTypeInfo(void *Ctx, NevercTaskHandle Task,
                                     NevercTypeHandle Type,
                                     NevercTypeInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S = nodeOf(D, *TS, Type, NEVERC_AST_SCHEMA_DOMAIN_TYPE, N);
        !isOk(S))
      return S;
    QualType Q = typeOf(N);
    ASTContext &C = *TS->Ctx;
    NevercTypeInfo I{};
    I.Kind = kindOf(Q.getTypePtr());
    Qualifiers Quals = Q.getLocalQualifiers();
    I.QualifierFlags = (Quals.hasConst() ? NEVERC_TYPE_QUALIFIER_CONST : 0) |
                       (Quals.hasRestrict() ? NEVERC_TYPE_QUALIFIER_RESTRICT : 0) |
                       (Quals.hasVolatile() ? NEVERC_TYPE_QUALIFIER_VOLATILE : 0) |
                       (Quals.hasUnaligned() ? NEVERC_TYPE_QUALIFIER_UNALIGNED : 0);
    const clang::Type *T = Q.getTypePtr();
    // Placeholder types (a __builtin_* name's type, overloads) and sizeless
    // ones have no layout; asking the context for one is not allowed.
    bool Known = !T->isIncompleteType() && !T->isDependentType() &&
                 !T->isVariableArrayType() && !T->isFunctionType() &&
                 !T->isPlaceholderType() && !T->isSizelessType() &&
                 !T->isUndeducedType();
    I.Flags = (Q.isCanonical() ? NEVERC_TYPE_FLAG_CANONICAL : 0) |
              (!QualType(T, 0).isCanonical() ? NEVERC_TYPE_FLAG_SUGARED : 0) |
              (T->isDependentType() ? NEVERC_TYPE_FLAG_DEPENDENT : 0) |
              (T->isIncompleteType() ? NEVERC_TYPE_FLAG_INCOMPLETE : 0) |
              (T->isFunctionType() ? NEVERC_TYPE_FLAG_FUNCTION : 0) |
              (Known ? NEVERC_TYPE_FLAG_HAS_KNOWN_LAYOUT : 0) |
              (T->isPointerType() ? NEVERC_TYPE_FLAG_POINTER : 0) |
              (T->isArrayType() ? NEVERC_TYPE_FLAG_ARRAY : 0) |
              (T->isVectorType() ? NEVERC_TYPE_FLAG_VECTOR : 0) |
              (T->isAtomicType() ? NEVERC_TYPE_FLAG_ATOMIC : 0);
    if (const auto *FPT = T->getAs<FunctionProtoType>())
      if (FPT->isVariadic())
        I.Flags |= NEVERC_TYPE_FLAG_VARIADIC;
    LangAS AS = Q.getAddressSpace();
    if (AS == LangAS::ptr32_sptr)
      I.AddressSpaceKind = NEVERC_TYPE_ADDRESS_SPACE_PTR32_SIGNED;
    else if (AS == LangAS::ptr32_uptr)
      I.AddressSpaceKind = NEVERC_TYPE_ADDRESS_SPACE_PTR32_UNSIGNED;
    else if (AS == LangAS::ptr64)
      I.AddressSpaceKind = NEVERC_TYPE_ADDRESS_SPACE_PTR64;
    else if (isTargetAddressSpace(AS)) {
      I.AddressSpaceKind = NEVERC_TYPE_ADDRESS_SPACE_TARGET;
      I.TargetAddressSpace = toTargetAddressSpace(AS);
    }
    if (Known) {
      clang::TypeInfo TI = C.getTypeInfo(T);
      I.SizeInBits = TI.Width;
      I.AlignmentInBits = TI.Align;
    }
    if (const auto *CA = C.getAsConstantArrayType(Q))
      I.ElementCount = CA->getZExtSize();
    else if (const auto *VT = T->getAs<VectorType>())
      I.ElementCount = VT->getNumElements();
    else if (const auto *FPT = T->getAs<FunctionProtoType>())
      I.ElementCount = FPT->getNumParams();
    I.CanonicalType = TS->handle(Q.getCanonicalType());
    I.DesugaredType = TS->handle(Q.getDesugaredType(C));
    QualType Related;
    if (const auto *PT = T->getAs<PointerType>())
      Related = PT->getPointeeType();
    else if (const ArrayType *AT = C.getAsArrayType(Q))
      Related = AT->getElementType();
    else if (const auto *FT = T->getAs<FunctionType>())
      Related = FT->getReturnType();
    else if (const auto *AT = T->getAs<AtomicType>())
      Related = AT->getValueType();
    else if (const auto *VT = T->getAs<VectorType>())
      Related = VT->getElementType();
    I.RelatedType = Related.isNull() ? NevercHandle{} : TS->handle(Related);
    std::string &Name = TS->own<std::string>();
    Name = Q.getAsString(C.getPrintingPolicy());
    I.Name = view(Name);
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getTypeElement(void *Ctx, NevercTaskHandle Task,
                                        NevercTypeHandle Type, uint64_t Index,
                                        NevercTypeHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S = nodeOf(D, *TS, Type, NEVERC_AST_SCHEMA_DOMAIN_TYPE, N);
        !isOk(S))
      return S;
    QualType Q = typeOf(N);
    // Functions: their parameter types; records: their field types;
    // pointers, arrays, vectors, atomics: their one element type.
    if (const auto *FPT = Q->getAs<FunctionProtoType>()) {
      if (Index >= FPT->getNumParams())
        return st(NEVERC_STATUS_NOT_FOUND);
      *Out = TS->handle(FPT->getParamType(unsigned(Index)));
      return okStatus();
    }
    if (const auto *RT = Q->getAs<RecordType>()) {
      const RecordDecl *RD = RT->getDecl()->getDefinition();
      uint64_t I = 0;
      if (RD)
        for (const FieldDecl *F : RD->fields())
          if (I++ == Index) {
            *Out = TS->handle(F->getType());
            return okStatus();
          }
      return st(NEVERC_STATUS_NOT_FOUND);
    }
    QualType E;
    if (const auto *PT = Q->getAs<PointerType>())
      E = PT->getPointeeType();
    else if (const ArrayType *AT = TS->Ctx->getAsArrayType(Q))
      E = AT->getElementType();
    else if (const auto *VT = Q->getAs<VectorType>())
      E = VT->getElementType();
    else if (const auto *AT = Q->getAs<AtomicType>())
      E = AT->getValueType();
    if (E.isNull() || Index != 0)
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->handle(E);
    return okStatus();
  });
}

/// Typed accessor prologue: the node must be of the wanted Clang class;
/// another kind is WRONG_TYPE with the out-struct untouched (rule 24).
#define NEVERC_TYPED_DECL(CLASS, VAR, HANDLE)                                  \
  NodeRef N_;                                                                  \
  if (NevercStatus S_ = nodeOf(D, *TS, HANDLE, 0, N_); !isOk(S_))              \
    return S_;                                                                 \
  auto *VAR = as<CLASS>(N_);                                                   \
  if (!VAR)                                                                    \
    return st(NEVERC_STATUS_WRONG_TYPE);
#define NEVERC_TYPED_STMT(CLASS, VAR, HANDLE)                                  \
  NodeRef N_;                                                                  \
  if (NevercStatus S_ = nodeOf(D, *TS, HANDLE, 0, N_); !isOk(S_))              \
    return S_;                                                                 \
  auto *VAR = asStmt<CLASS>(N_);                                               \
  if (!VAR)                                                                    \
    return st(NEVERC_STATUS_WRONG_TYPE);

NevercStatus NEVERC_CALL getFunctionDeclInfo(void *Ctx, NevercTaskHandle Task,
                                             NevercDeclHandle Decl_,
                                             NevercFunctionDeclInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_DECL(FunctionDecl, FD, Decl_);
    NevercFunctionDeclInfo I{};
    I.Name = nameOf(*TS, FD);
    I.FunctionType = TS->handle(FD->getType());
    I.ReturnType = TS->handle(FD->getReturnType());
    I.Body = FD->doesThisDeclarationHaveABody() ? TS->handle(FD->getBody())
                                                : NevercHandle{};
    I.ParameterCount = FD->getNumParams();
    I.IsVariadic = FD->isVariadic();
    I.IsDefinition = FD->isThisDeclarationADefinition();
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getFunctionDeclParameter(void *Ctx,
                                                  NevercTaskHandle Task,
                                                  NevercDeclHandle Decl_,
                                                  uint64_t Index,
                                                  NevercDeclHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_DECL(FunctionDecl, FD, Decl_);
    if (Index >= FD->getNumParams())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->handle(FD->getParamDecl(unsigned(Index)));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getDeclAttributeCount(void *Ctx,
                                               NevercTaskHandle Task,
                                               NevercDeclHandle Decl_,
                                               uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S = nodeOf(D, *TS, Decl_, NEVERC_AST_SCHEMA_DOMAIN_DECL, N);
        !isOk(S))
      return S;
    auto *Dc = static_cast<Decl *>(N.Ptr);
    *Out = Dc->hasAttrs() ? Dc->getAttrs().size() : 0;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getDeclAttribute(void *Ctx, NevercTaskHandle Task,
                                          NevercDeclHandle Decl_,
                                          uint64_t Index,
                                          NevercAttrHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S = nodeOf(D, *TS, Decl_, NEVERC_AST_SCHEMA_DOMAIN_DECL, N);
        !isOk(S))
      return S;
    auto *Dc = static_cast<Decl *>(N.Ptr);
    if (!Dc->hasAttrs() || Index >= Dc->getAttrs().size())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->handle(Dc->getAttrs()[Index]);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getAttrInfo(void *Ctx, NevercTaskHandle Task,
                                     NevercAttrHandle Attribute,
                                     NevercAttrInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S =
            nodeOf(D, *TS, Attribute, NEVERC_AST_SCHEMA_DOMAIN_ATTR, N);
        !isOk(S))
      return S;
    auto *A = static_cast<Attr *>(N.Ptr);
    NevercAttrInfo I{};
    I.Kind = kindOf(A);
    I.IsImplicit = A->isImplicit();
    I.IsInherited = A->isInherited();
    I.Spelling = view(A->getSpelling());
    I.SourceRange = D.range(*TS, A->getRange());
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getVarDeclInfo(void *Ctx, NevercTaskHandle Task,
                                        NevercDeclHandle Decl_,
                                        NevercVarDeclInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_DECL(VarDecl, VD, Decl_);
    NevercVarDeclInfo I{};
    I.Name = nameOf(*TS, VD);
    I.Type = TS->handle(VD->getType());
    I.Initializer = TS->handle(VD->getInit());
    I.IsDefinition = VD->isThisDeclarationADefinition() != VarDecl::DeclarationOnly;
    I.HasGlobalStorage = VD->hasGlobalStorage();
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getRecordDeclInfo(void *Ctx, NevercTaskHandle Task,
                                           NevercDeclHandle Decl_,
                                           NevercRecordDeclInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_DECL(RecordDecl, RD, Decl_);
    NevercRecordDeclInfo I{};
    I.Name = nameOf(*TS, RD);
    const RecordDecl *Def = RD->getDefinition();
    if (Def)
      for (auto *F : Def->fields()) {
        (void)F;
        ++I.FieldCount;
      }
    I.IsComplete = Def != nullptr;
    I.IsUnion = RD->isUnion();
    I.HasFlexibleArrayMember = Def && Def->hasFlexibleArrayMember();
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getDeclRefExprInfo(void *Ctx, NevercTaskHandle Task,
                                            NevercExprHandle E,
                                            NevercDeclRefExprInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_STMT(DeclRefExpr, DRE, E);
    NevercDeclRefExprInfo I{};
    I.ReferencedDecl = TS->handle(DRE->getDecl());
    I.FoundDecl = TS->handle(DRE->getFoundDecl());
    I.Type = TS->handle(DRE->getType());
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getCallExprInfo(void *Ctx, NevercTaskHandle Task,
                                         NevercExprHandle E,
                                         NevercCallExprInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_STMT(CallExpr, CE, E);
    NevercCallExprInfo I{};
    I.Callee = TS->handle(CE->getCallee());
    I.DirectCallee = TS->handle(CE->getDirectCallee());
    I.Type = TS->handle(CE->getType());
    I.ArgumentCount = CE->getNumArgs();
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getCallExprArgument(void *Ctx, NevercTaskHandle Task,
                                             NevercExprHandle E,
                                             uint64_t Index,
                                             NevercExprHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_STMT(CallExpr, CE, E);
    if (Index >= CE->getNumArgs())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->handle(CE->getArg(unsigned(Index)));
    return okStatus();
  });
}

NevercBinaryOperatorKind binaryKind(BinaryOperatorKind K) {
  switch (K) {
#define NEVERC_BO(C, N)                                                        \
  case BO_##C:                                                                 \
    return NEVERC_BINARY_OPERATOR_##N;
    NEVERC_BO(Mul, MUL) NEVERC_BO(Div, DIV) NEVERC_BO(Rem, REM)
    NEVERC_BO(Add, ADD) NEVERC_BO(Sub, SUB) NEVERC_BO(Shl, SHL)
    NEVERC_BO(Shr, SHR) NEVERC_BO(LT, LT) NEVERC_BO(GT, GT) NEVERC_BO(LE, LE)
    NEVERC_BO(GE, GE) NEVERC_BO(EQ, EQ) NEVERC_BO(NE, NE) NEVERC_BO(And, AND)
    NEVERC_BO(Xor, XOR) NEVERC_BO(Or, OR) NEVERC_BO(LAnd, LOGICAL_AND)
    NEVERC_BO(LOr, LOGICAL_OR) NEVERC_BO(Assign, ASSIGN)
    NEVERC_BO(MulAssign, MUL_ASSIGN) NEVERC_BO(DivAssign, DIV_ASSIGN)
    NEVERC_BO(RemAssign, REM_ASSIGN) NEVERC_BO(AddAssign, ADD_ASSIGN)
    NEVERC_BO(SubAssign, SUB_ASSIGN) NEVERC_BO(ShlAssign, SHL_ASSIGN)
    NEVERC_BO(ShrAssign, SHR_ASSIGN) NEVERC_BO(AndAssign, AND_ASSIGN)
    NEVERC_BO(XorAssign, XOR_ASSIGN) NEVERC_BO(OrAssign, OR_ASSIGN)
    NEVERC_BO(Comma, COMMA)
#undef NEVERC_BO
  default:
    return 0; // C++-only operators (.*, ->*, <=>) have no NeverC value
  }
}

NevercStatus NEVERC_CALL getBinaryOperatorInfo(void *Ctx,
                                               NevercTaskHandle Task,
                                               NevercExprHandle E,
                                               NevercBinaryOperatorInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_STMT(BinaryOperator, BO, E);
    NevercBinaryOperatorInfo I{};
    I.Left = TS->handle(BO->getLHS());
    I.Right = TS->handle(BO->getRHS());
    I.Type = TS->handle(BO->getType());
    I.Operator = view(BO->getOpcodeStr());
    I.Kind = binaryKind(BO->getOpcode());
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getCompoundStmtInfo(void *Ctx, NevercTaskHandle Task,
                                             NevercStmtHandle Stmt_,
                                             NevercCompoundStmtInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_STMT(CompoundStmt, CS, Stmt_);
    NevercCompoundStmtInfo I{};
    I.StatementCount = CS->size();
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getIntegerLiteralInfo(void *Ctx,
                                               NevercTaskHandle Task,
                                               NevercExprHandle E,
                                               NevercIntegerLiteralInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_STMT(IntegerLiteral, IL, E);
    NevercIntegerLiteralInfo I{};
    llvm::APInt V = IL->getValue();
    I.Type = TS->handle(IL->getType());
    I.WordCount = V.getNumWords();
    I.BitWidth = V.getBitWidth();
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getIntegerLiteralWord(void *Ctx,
                                               NevercTaskHandle Task,
                                               NevercExprHandle E,
                                               uint64_t Index, uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NEVERC_TYPED_STMT(IntegerLiteral, IL, E);
    llvm::APInt V = IL->getValue();
    if (Index >= V.getNumWords())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = V.getRawData()[Index];
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getBuiltinType(void *Ctx, NevercTaskHandle Task,
                                        NevercBuiltinTypeKind Kind,
                                        NevercTypeHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    ASTContext &C = *TS->Ctx;
    const CanQualType *Types[] = {
        &C.VoidTy,          &C.BoolTy,      &C.CharTy,
        &C.SignedCharTy,    &C.UnsignedCharTy, &C.ShortTy,
        &C.UnsignedShortTy, &C.IntTy,       &C.UnsignedIntTy,
        &C.LongTy,          &C.UnsignedLongTy, &C.LongLongTy,
        &C.UnsignedLongLongTy, &C.FloatTy,  &C.DoubleTy,
        &C.LongDoubleTy};
    if (Kind < NEVERC_BUILTIN_TYPE_VOID || Kind > NEVERC_BUILTIN_TYPE_LONG_DOUBLE)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = TS->handle(QualType(*Types[Kind - 1]));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL
registerLifecycleObserver(void *Ctx, NevercTaskHandle Task,
                          const NevercASTLifecycleObserverDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    ASTDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = taskOf(D, Task, &TS); !isOk(S))
      return S;
    if (!Desc->Callback || Desc->Events == 0 ||
        (Desc->Events & ~uint64_t(NEVERC_AST_LIFECYCLE_EVENT_MASK_ALL)))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    TS->Subscriptions.push_back({Desc->Events, Desc->Callback, Desc->UserData});
    TS->Mask |= Desc->Events;
    return okStatus();
  });
}

} // namespace

void noteTopLevel(TaskState &TS, Decl *Dc) {
  if (!TS.ParentsValid || !TS.Ctx)
    return;
  TS.Parents.try_emplace(Dc, NodeRef{TS.Ctx->getTranslationUnitDecl(),
                                     NEVERC_AST_SCHEMA_DOMAIN_DECL});
  addParents(TS, {Dc, NEVERC_AST_SCHEMA_DOMAIN_DECL});
}

void dropParents(TaskState &TS, NodeRef Old) {
  TS.ChildrenOf = {};
  if (!TS.ParentsValid || !Old.Ptr)
    return;
  TS.Parents.erase(Old.Ptr);
  walkTree(TS, Old, [&](NodeRef, NodeRef C) {
    TS.Parents.erase(C.Ptr);
    return true;
  });
}

void notePlaced(TaskState &TS, NodeRef Child) {
  if (TS.Unplaced.empty() || !Child.Ptr)
    return;
  TS.Unplaced.erase(Child.Ptr);
  walkTree(TS, Child, [&](NodeRef, NodeRef C) {
    TS.Unplaced.erase(C.Ptr);
    return true;
  });
}

void noteReplaced(TaskState &TS, NodeRef Parent, NodeRef Child) {
  TS.ChildrenOf = {};
  if (!TS.ParentsValid || !Child.Ptr)
    return;
  TS.Parents[Child.Ptr] = Parent;
  walkTree(TS, Child, [&](NodeRef P, NodeRef C) {
    TS.Parents[C.Ptr] = P;
    return true;
  });
}

NodeRef parentOf(TaskState &TS, NodeRef N) {
  if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_TYPE_LOC)
    return static_cast<const TaskState::TypeLocEntry *>(N.Ptr)->Parent;
  // A declaration the unit lists itself: the map would say the unit too
  // (the walk records every child of the unit before it descends), and
  // answering without it spares a walk of the whole unit.
  if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_DECL) {
    auto *D = static_cast<Decl *>(N.Ptr);
    DeclContext *LDC = D->getLexicalDeclContext();
    if (LDC && isa<TranslationUnitDecl>(LDC) && LDC->containsDecl(D))
      return NodeRef{cast<TranslationUnitDecl>(LDC),
                     NEVERC_AST_SCHEMA_DOMAIN_DECL};
  }
  if (!TS.ParentsValid)
    buildParents(TS);
  auto It = TS.Parents.find(N.Ptr);
  if (It != TS.Parents.end())
    return It->second;
  // A declaration outside the walked tree (a parameter of a prototype in a
  // type, an implicit declaration): its lexical context.
  if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_DECL)
    if (const DeclContext *DC =
            static_cast<Decl *>(N.Ptr)->getLexicalDeclContext())
      return NodeRef{const_cast<Decl *>(cast<Decl>(DC)),
                     NEVERC_AST_SCHEMA_DOMAIN_DECL};
  return NodeRef{};
}

void fillReadSlots(NevercASTAPI &T) {
  T.GetTranslationUnit = getTranslationUnit;
  T.GetNodeInfo = getNodeInfo;
  T.GetNodeInfoBatch = getNodeInfoBatch;
  T.GetChildCount = getChildCount;
  T.GetChild = getChild;
  T.GetParent = getParent;
  T.GetDeclContext = getDeclContext;
  T.GetTypeInfo = getTypeInfo;
  T.GetTypeElement = getTypeElement;
  T.GetFunctionDeclInfo = getFunctionDeclInfo;
  T.GetFunctionDeclParameter = getFunctionDeclParameter;
  T.GetDeclAttributeCount = getDeclAttributeCount;
  T.GetDeclAttribute = getDeclAttribute;
  T.GetAttrInfo = getAttrInfo;
  T.GetVarDeclInfo = getVarDeclInfo;
  T.GetRecordDeclInfo = getRecordDeclInfo;
  T.GetDeclRefExprInfo = getDeclRefExprInfo;
  T.GetCallExprInfo = getCallExprInfo;
  T.GetCallExprArgument = getCallExprArgument;
  T.GetBinaryOperatorInfo = getBinaryOperatorInfo;
  T.GetCompoundStmtInfo = getCompoundStmtInfo;
  T.GetIntegerLiteralInfo = getIntegerLiteralInfo;
  T.GetIntegerLiteralWord = getIntegerLiteralWord;
  T.GetBuiltinType = getBuiltinType;
  T.RegisterLifecycleObserver = registerLifecycleObserver;
}

} // namespace neverc::ast
