//===- SemaSlots.cpp - NevercSemaAPI --------------------------------------===//
//
// Queries run on the live ASTContext / Sema of the compile; everything that
// changes semantic state takes the task's one mutation lease (rule 12).
// Scopes are declaration contexts: the parser's clang::Scope chain exists
// only while Clang parses, and the phases run after its parse loop, so the
// current scope is the translation unit's and a scope's declarations are
// its context's. Name lookup walks those contexts (DeclContext::lookup, by
// identifier namespace). The sema extension phases' slots are in
// LookupExtension.cpp and SemaExtension.cpp.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Basic/Builtins.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/Sema.h"

namespace neverc::ast {

using namespace clang;

namespace {

constexpr uint16_t Major = NEVERC_SEMA_API_MAJOR;

/// The lease check of every state-changing slot: a live lease of this task
/// or INVALID_STATE (null, released, made up, another task's).
NevercStatus leaseOf(ASTDomain::Impl &D, TaskState &TS, NevercHandle L) {
  if (core::decodeHandle(L).Kind != hk(ASTHandleKind::Lease) ||
      !isOk(core::checkHandleScope(L, hk(ASTHandleKind::Lease), TS.Scope, D.H,
                                   true)) ||
      !TS.Leases.lookup(L))
    return st(NEVERC_STATUS_INVALID_STATE);
  if (mayNotMutate(TS))
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  return okStatus();
}

NevercStatus typeOf(ASTDomain::Impl &D, TaskState &TS, NevercHandle H,
                    QualType &Out) {
  NodeRef N;
  NevercStatus S = nodeOf(D, TS, H, NEVERC_AST_SCHEMA_DOMAIN_TYPE, N);
  if (isOk(S))
    Out = QualType::getFromOpaquePtr(N.Ptr);
  return S;
}

NevercStatus exprOf(ASTDomain::Impl &D, TaskState &TS, NevercHandle H,
                    Expr *&Out) {
  NodeRef N;
  NevercStatus S = nodeOf(D, TS, H, NEVERC_AST_SCHEMA_DOMAIN_STMT, N);
  if (!isOk(S))
    return S;
  Out = dyn_cast<Expr>(static_cast<Stmt *>(N.Ptr));
  return Out ? okStatus() : st(NEVERC_STATUS_WRONG_TYPE);
}

NevercHandle scopeHandle(TaskState &TS, DeclContext *DC) {
  if (!DC)
    return NevercHandle{};
  NevercHandle &H = TS.ScopeOf[DC];
  if (!TS.Scopes.lookup(H))
    H = TS.Scopes.insert(DC);
  return H;
}

NevercSemaScopeFlags scopeFlags(const DeclContext *DC) {
  if (isa<TranslationUnitDecl>(DC))
    return NEVERC_SEMA_SCOPE_FILE;
  if (isa<FunctionDecl>(DC))
    return NEVERC_SEMA_SCOPE_FUNCTION;
  if (isa<RecordDecl>(DC))
    return NEVERC_SEMA_SCOPE_RECORD;
  if (isa<BlockDecl>(DC))
    return NEVERC_SEMA_SCOPE_BLOCK;
  return 0;
}

//===--- 1-9: scopes, lookup, lease ----------------------------------------===//

NevercStatus NEVERC_CALL getCurrentScope(void *Ctx, NevercTaskHandle Task,
                                         NevercSemaScopeHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    *Out = scopeHandle(*TS, TS->Ctx->getTranslationUnitDecl());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getScopeInfo(void *Ctx, NevercTaskHandle Task,
                                      NevercSemaScopeHandle Scope,
                                      NevercSemaScopeInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    DeclContext **DC;
    if (NevercStatus S = recordOf(D, *TS, TS->Scopes, ASTHandleKind::SemaScope,
                                  Scope, DC);
        !isOk(S))
      return S;
    NevercSemaScopeInfo I{};
    I.Parent = scopeHandle(*TS, (*DC)->getParent());
    I.DeclContext = TS->handle(cast<Decl>(*DC));
    I.Flags = scopeFlags(*DC);
    for (Decl *X : (*DC)->decls()) {
      (void)X;
      ++I.DeclarationCount;
    }
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getScopeDeclaration(void *Ctx, NevercTaskHandle Task,
                                             NevercSemaScopeHandle Scope,
                                             uint64_t Index,
                                             NevercDeclHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    DeclContext **DC;
    if (NevercStatus S = recordOf(D, *TS, TS->Scopes, ASTHandleKind::SemaScope,
                                  Scope, DC);
        !isOk(S))
      return S;
    uint64_t I = 0;
    for (Decl *X : (*DC)->decls())
      if (I++ == Index) {
        *Out = TS->handle(X);
        return okStatus();
      }
    return st(NEVERC_STATUS_NOT_FOUND);
  });
}

NevercStatus NEVERC_CALL lookupName(void *Ctx, NevercTaskHandle Task,
                                    const NevercSemaLookupRequest *Req,
                                    NevercLookupResultHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Req, sizeof *Req, Major); !isOk(S))
      return S;
    if (!Out || (Req->Name.Length && !Req->Name.Data) || !Req->Name.Length ||
        Req->Kind < NEVERC_SEMA_LOOKUP_ORDINARY ||
        Req->Kind > NEVERC_SEMA_LOOKUP_MEMBER)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    DeclContext *DC = TS->Ctx->getTranslationUnitDecl();
    if (Req->Scope.Owner || Req->Scope.Value) {
      DeclContext **P;
      if (NevercStatus S = recordOf(D, *TS, TS->Scopes,
                                    ASTHandleKind::SemaScope, Req->Scope, P);
          !isOk(S))
        return S;
      DC = *P;
    }
    unsigned IDNS = Req->Kind == NEVERC_SEMA_LOOKUP_TAG ? Decl::IDNS_Tag
                    : Req->Kind == NEVERC_SEMA_LOOKUP_MEMBER
                        ? Decl::IDNS_Member
                        : Decl::IDNS_Ordinary;
    IdentifierInfo &II = TS->Ctx->Idents.get(
        StringRef(Req->Name.Data, Req->Name.Length));
    std::vector<NamedDecl *> Found;
    // Ordinary and tag names: the innermost context that declares the name
    // wins (C scoping); members: the record only.
    for (DeclContext *C = DC; C; C = C->getParent()) {
      for (NamedDecl *ND : C->lookup(DeclarationName(&II))) {
        if (!ND->isInIdentifierNamespace(IDNS))
          continue;
        bool Seen = false;
        for (NamedDecl *F : Found)
          Seen |= F->getCanonicalDecl() == ND->getCanonicalDecl();
        if (!Seen)
          Found.push_back(ND->getMostRecentDecl());
      }
      if (!Found.empty() || Req->Kind == NEVERC_SEMA_LOOKUP_MEMBER)
        break;
    }
    *Out = TS->Lookups.insert(std::move(Found));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getLookupResultInfo(void *Ctx, NevercTaskHandle Task,
                                             NevercLookupResultHandle R,
                                             NevercSemaLookupResultInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    std::vector<NamedDecl *> *L;
    if (NevercStatus S = recordOf(D, *TS, TS->Lookups,
                                  ASTHandleKind::LookupResult, R, L);
        !isOk(S))
      return S;
    NevercSemaLookupResultInfo I{};
    // Distinct entities under one name in one C scope cannot coexist, so a
    // C lookup is never ambiguous.
    I.Kind = L->empty() ? NEVERC_SEMA_LOOKUP_NOT_FOUND : NEVERC_SEMA_LOOKUP_FOUND;
    I.Ambiguous = NEVERC_FALSE;
    I.CandidateCount = L->size();
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getLookupCandidate(void *Ctx, NevercTaskHandle Task,
                                            NevercLookupResultHandle R,
                                            uint64_t Index,
                                            NevercDeclHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    std::vector<NamedDecl *> *L;
    if (NevercStatus S = recordOf(D, *TS, TS->Lookups,
                                  ASTHandleKind::LookupResult, R, L);
        !isOk(S))
      return S;
    if (Index >= L->size())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->handle((*L)[Index]);
    return okStatus();
  });
}

template <class T>
NevercStatus destroy(void *Ctx, NevercTaskHandle Task,
                     core::HandleTable<T> TaskState::*Table, ASTHandleKind K,
                     NevercHandle H) {
  ASTDomain::Impl &D = impl(Ctx);
  TaskState *TS = nullptr;
  if (NevercStatus S = taskOf(D, Task, &TS); !isOk(S))
    return S;
  T *P;
  if (NevercStatus S = recordOf(D, *TS, TS->*Table, K, H, P); !isOk(S))
    return S;
  (TS->*Table).erase(H);
  return okStatus();
}

NevercStatus NEVERC_CALL destroyLookupResult(void *Ctx, NevercTaskHandle Task,
                                             NevercLookupResultHandle R) {
  return guard([&] {
    return destroy(Ctx, Task, &TaskState::Lookups, ASTHandleKind::LookupResult,
                   R);
  });
}

NevercStatus NEVERC_CALL acquireMutationLease(void *Ctx, NevercTaskHandle Task,
                                              NevercSemaMutationLeaseHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    if (mayNotMutate(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    // Clang's Sema is single-threaded: one lease per task at a time.
    if (TS->Leases.lookup(TS->HeldLease))
      return st(NEVERC_STATUS_INVALID_STATE);
    TS->HeldLease = TS->Leases.insert(1);
    *Out = TS->HeldLease;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL releaseMutationLease(void *Ctx, NevercTaskHandle Task,
                                              NevercSemaMutationLeaseHandle L) {
  return guard([&]() -> NevercStatus {
    ASTDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = taskOf(D, Task, &TS); !isOk(S))
      return S;
    uint32_t *P;
    if (NevercStatus S =
            recordOf(D, *TS, TS->Leases, ASTHandleKind::Lease, L, P);
        !isOk(S))
      return S;
    TS->Leases.erase(L);
    TS->HeldLease = {};
    return okStatus();
  });
}

//===--- 10-18: types ------------------------------------------------------===//

NevercStatus NEVERC_CALL getBuiltinType(void *Ctx, NevercTaskHandle Task,
                                        NevercBuiltinTypeKind Kind,
                                        NevercTypeHandle *Out) {
  // Same answer as the AST table's slot.
  return impl(Ctx).AST.GetBuiltinType(&impl(Ctx), Task, Kind, Out);
}

template <class Fn>
NevercStatus makeType(void *Ctx, NevercTaskHandle Task, NevercHandle Lease,
                      NevercTypeHandle *Out, Fn &&Make) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    if (NevercStatus S = leaseOf(D, *TS, Lease); !isOk(S))
      return S;
    QualType R;
    if (NevercStatus S = Make(D, *TS, *TS->Ctx, R); !isOk(S))
      return S;
    *Out = TS->handle(R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createPointerType(void *Ctx, NevercTaskHandle Task,
                                           NevercSemaMutationLeaseHandle L,
                                           NevercTypeHandle Pointee,
                                           NevercTypeHandle *Out) {
  return makeType(Ctx, Task, L, Out,
                  [&](ASTDomain::Impl &D, TaskState &TS, ASTContext &C,
                      QualType &R) {
                    QualType P;
                    NevercStatus S = typeOf(D, TS, Pointee, P);
                    if (isOk(S))
                      R = C.getPointerType(P);
                    return S;
                  });
}

NevercStatus NEVERC_CALL createConstantArrayType(
    void *Ctx, NevercTaskHandle Task, NevercSemaMutationLeaseHandle L,
    NevercTypeHandle Element, uint64_t Count, NevercTypeHandle *Out) {
  return makeType(Ctx, Task, L, Out,
                  [&](ASTDomain::Impl &D, TaskState &TS, ASTContext &C,
                      QualType &R) {
                    QualType E;
                    NevercStatus S = typeOf(D, TS, Element, E);
                    if (!isOk(S))
                      return S;
                    if (E->isIncompleteType() || E->isFunctionType())
                      return st(NEVERC_STATUS_INVALID_ARGUMENT);
                    R = C.getConstantArrayType(
                        E, llvm::APInt(64, Count), nullptr,
                        ArraySizeModifier::Normal, 0);
                    return okStatus();
                  });
}

NevercStatus NEVERC_CALL createFunctionType(
    void *Ctx, NevercTaskHandle Task, NevercSemaMutationLeaseHandle L,
    const NevercSemaFunctionTypeDescriptor *Desc, NevercTypeHandle *Out) {
  if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
    return S;
  return makeType(
      Ctx, Task, L, Out,
      [&](ASTDomain::Impl &D, TaskState &TS, ASTContext &C, QualType &R) {
        QualType Ret;
        NevercStatus S = typeOf(D, TS, Desc->ResultType, Ret);
        if (!isOk(S))
          return S;
        if (Desc->ParameterCount && !Desc->ParameterTypes)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        std::vector<QualType> Params;
        for (uint64_t I = 0; I < Desc->ParameterCount; ++I) {
          QualType P;
          if (NevercStatus PS = typeOf(D, TS, Desc->ParameterTypes[I], P);
              !isOk(PS))
            return PS;
          Params.push_back(P);
        }
        FunctionProtoType::ExtProtoInfo EPI;
        EPI.Variadic = Desc->Variadic != 0;
        R = C.getFunctionType(Ret, Params, EPI);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getTagType(void *Ctx, NevercTaskHandle Task,
                                    NevercDeclHandle Decl_,
                                    NevercTypeHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S =
            nodeOf(D, *TS, Decl_, NEVERC_AST_SCHEMA_DOMAIN_DECL, N);
        !isOk(S))
      return S;
    auto *TD = dyn_cast<TagDecl>(static_cast<Decl *>(N.Ptr));
    if (!TD)
      return st(NEVERC_STATUS_WRONG_TYPE);
    *Out = TS->handle(QualType(TS->Ctx->getCanonicalTagType(TD)));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createAtomicType(void *Ctx, NevercTaskHandle Task,
                                          NevercSemaMutationLeaseHandle L,
                                          NevercTypeHandle Value,
                                          NevercTypeHandle *Out) {
  return makeType(Ctx, Task, L, Out,
                  [&](ASTDomain::Impl &D, TaskState &TS, ASTContext &C,
                      QualType &R) {
                    QualType V;
                    NevercStatus S = typeOf(D, TS, Value, V);
                    if (!isOk(S))
                      return S;
                    if (V->isArrayType() || V->isFunctionType() ||
                        V->isAtomicType() || V.hasQualifiers())
                      return st(NEVERC_STATUS_INVALID_ARGUMENT);
                    R = C.getAtomicType(V);
                    return okStatus();
                  });
}

NevercStatus NEVERC_CALL createVectorType(void *Ctx, NevercTaskHandle Task,
                                          NevercSemaMutationLeaseHandle L,
                                          NevercTypeHandle Element,
                                          uint32_t Count,
                                          NevercSemaVectorKind Kind,
                                          NevercTypeHandle *Out) {
  return makeType(
      Ctx, Task, L, Out,
      [&](ASTDomain::Impl &D, TaskState &TS, ASTContext &C, QualType &R) {
        QualType E;
        NevercStatus S = typeOf(D, TS, Element, E);
        if (!isOk(S))
          return S;
        if (!Count || !(E->isIntegerType() || E->isRealFloatingType()))
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        switch (Kind) {
        case NEVERC_SEMA_VECTOR_GENERIC:
          R = C.getVectorType(E, Count, VectorKind::Generic);
          return okStatus();
        case NEVERC_SEMA_VECTOR_EXTENDED:
          R = C.getExtVectorType(E, Count);
          return okStatus();
        case NEVERC_SEMA_VECTOR_SCALABLE:
          R = C.getScalableVectorType(E, Count);
          if (R.isNull()) {
            D.diag(NEVERC_DIAGNOSTIC_WARNING,
                   "CreateVectorType: the target has no scalable vector of "
                   "that element type and count");
            return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
          }
          return okStatus();
        default:
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        }
      });
}

NevercStatus NEVERC_CALL getCanonicalType(void *Ctx, NevercTaskHandle Task,
                                          NevercTypeHandle Type,
                                          NevercTypeHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    QualType Q;
    if (NevercStatus S = typeOf(D, *TS, Type, Q); !isOk(S))
      return S;
    *Out = TS->handle(Q.getCanonicalType());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL areTypesCompatible(void *Ctx, NevercTaskHandle Task,
                                            NevercTypeHandle Left,
                                            NevercTypeHandle Right,
                                            NevercBool *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    QualType L, R;
    if (NevercStatus S = typeOf(D, *TS, Left, L); !isOk(S))
      return S;
    if (NevercStatus S = typeOf(D, *TS, Right, R); !isOk(S))
      return S;
    *Out = TS->Ctx->typesAreCompatible(L, R) ? NEVERC_TRUE : NEVERC_FALSE;
    return okStatus();
  });
}

//===--- 19-23: conversions ------------------------------------------------===//

NevercSemaConversionKind conversionKind(AssignConvertType K) {
  switch (K) {
  case AssignConvertType::Compatible:
  case AssignConvertType::CompatibleVoidPtrToNonVoidPtr:
    return NEVERC_SEMA_CONVERSION_COMPATIBLE;
  case AssignConvertType::PointerToInt:
    return NEVERC_SEMA_CONVERSION_POINTER_TO_INTEGER;
  case AssignConvertType::IntToPointer:
    return NEVERC_SEMA_CONVERSION_INTEGER_TO_POINTER;
  case AssignConvertType::FunctionVoidPointer:
    return NEVERC_SEMA_CONVERSION_FUNCTION_VOID_POINTER;
  case AssignConvertType::IncompatiblePointer:
    return NEVERC_SEMA_CONVERSION_INCOMPATIBLE_POINTER;
  case AssignConvertType::IncompatibleFunctionPointer:
    return NEVERC_SEMA_CONVERSION_INCOMPATIBLE_FUNCTION_POINTER;
  case AssignConvertType::IncompatibleFunctionPointerStrict:
    return NEVERC_SEMA_CONVERSION_STRICT_FUNCTION_POINTER;
  case AssignConvertType::IncompatiblePointerSign:
    return NEVERC_SEMA_CONVERSION_POINTER_SIGN;
  case AssignConvertType::CompatiblePointerDiscardsQualifiers:
    return NEVERC_SEMA_CONVERSION_DISCARDS_QUALIFIERS;
  case AssignConvertType::IncompatiblePointerDiscardsQualifiers:
    return NEVERC_SEMA_CONVERSION_INVALID_QUALIFIERS;
  case AssignConvertType::IncompatibleNestedPointerAddressSpaceMismatch:
    return NEVERC_SEMA_CONVERSION_ADDRESS_SPACE_MISMATCH;
  case AssignConvertType::IncompatibleNestedPointerQualifiers:
    return NEVERC_SEMA_CONVERSION_NESTED_QUALIFIERS;
  case AssignConvertType::IncompatibleVectors:
    return NEVERC_SEMA_CONVERSION_VECTOR;
  default:
    return NEVERC_SEMA_CONVERSION_INCOMPATIBLE;
  }
}

NevercStatus NEVERC_CALL classifyImplicitConversion(
    void *Ctx, NevercTaskHandle Task, NevercTypeHandle Source,
    NevercTypeHandle Destination, NevercConversionSequenceHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    if (!TS->Sema)
      return st(NEVERC_STATUS_INVALID_STATE);
    TaskState::ConversionModel M;
    if (NevercStatus S = typeOf(D, *TS, Source, M.Source); !isOk(S))
      return S;
    if (NevercStatus S = typeOf(D, *TS, Destination, M.Destination); !isOk(S))
      return S;
    M.Kind = int(TS->Sema->CheckAssignmentConstraints(
        SourceLocation(), M.Destination, M.Source));
    *Out = TS->Conversions.insert(M);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getConversionSequenceInfo(
    void *Ctx, NevercTaskHandle Task, NevercConversionSequenceHandle Seq,
    NevercSemaConversionSequenceInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    TaskState::ConversionModel *M;
    if (NevercStatus S = recordOf(D, *TS, TS->Conversions,
                                  ASTHandleKind::Conversion, Seq, M);
        !isOk(S))
      return S;
    NevercSemaConversionSequenceInfo I{};
    I.SourceType = TS->handle(M->Source);
    I.DestinationType = TS->handle(M->Destination);
    auto K = AssignConvertType(M->Kind);
    I.Kind = conversionKind(K);
    // Clang accepts every kind but Incompatible (with a diagnostic for the
    // non-Compatible ones, an error for some under -Werror defaults).
    I.Viable = K != AssignConvertType::Incompatible &&
               I.Kind != NEVERC_SEMA_CONVERSION_INCOMPATIBLE;
    I.RequiresDiagnostic = K != AssignConvertType::Compatible;
    writeOut(Out, I);
    return okStatus();
  });
}

AssignmentAction actionOf(NevercSemaConversionContext C, bool &Ok) {
  Ok = true;
  switch (C) {
  case NEVERC_SEMA_CONVERSION_ASSIGNMENT: return AssignmentAction::Assigning;
  case NEVERC_SEMA_CONVERSION_ARGUMENT: return AssignmentAction::Passing;
  case NEVERC_SEMA_CONVERSION_RETURN: return AssignmentAction::Returning;
  case NEVERC_SEMA_CONVERSION_INITIALIZATION:
    return AssignmentAction::Initializing;
  case NEVERC_SEMA_CONVERSION_EXPLICIT_CAST: return AssignmentAction::Casting;
  default:
    Ok = false;
    return AssignmentAction::Converting;
  }
}

NevercStatus NEVERC_CALL applyImplicitConversion(
    void *Ctx, NevercTaskHandle Task, NevercSemaMutationLeaseHandle L,
    NevercConversionSequenceHandle Seq, NevercExprHandle Expression,
    NevercSemaConversionContext CC, NevercExprHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    if (NevercStatus S = leaseOf(D, *TS, L); !isOk(S))
      return S;
    if (!TS->Sema)
      return st(NEVERC_STATUS_INVALID_STATE);
    TaskState::ConversionModel *M;
    if (NevercStatus S = recordOf(D, *TS, TS->Conversions,
                                  ASTHandleKind::Conversion, Seq, M);
        !isOk(S))
      return S;
    Expr *E;
    if (NevercStatus S = exprOf(D, *TS, Expression, E); !isOk(S))
      return S;
    bool Ok;
    AssignmentAction A = actionOf(CC, Ok);
    if (!Ok)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (!TS->Ctx->hasSameUnqualifiedType(E->getType(), M->Source) ||
        AssignConvertType(M->Kind) == AssignConvertType::Incompatible)
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    ExprResult R = TS->Sema->PerformImplicitConversion(E, M->Destination, A);
    if (R.isInvalid())
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    *Out = TS->handle(static_cast<Stmt *>(R.get()));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createExplicitCast(void *Ctx, NevercTaskHandle Task,
                                            NevercSemaMutationLeaseHandle L,
                                            NevercExprHandle Expression,
                                            NevercTypeHandle Destination,
                                            NevercExprHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    if (NevercStatus S = leaseOf(D, *TS, L); !isOk(S))
      return S;
    if (!TS->Sema)
      return st(NEVERC_STATUS_INVALID_STATE);
    Expr *E;
    if (NevercStatus S = exprOf(D, *TS, Expression, E); !isOk(S))
      return S;
    QualType To;
    if (NevercStatus S = typeOf(D, *TS, Destination, To); !isOk(S))
      return S;
    SourceLocation Loc = E->getBeginLoc();
    ExprResult R = TS->Sema->BuildCStyleCastExpr(
        Loc, TS->Ctx->getTrivialTypeSourceInfo(To, Loc), Loc, E);
    if (R.isInvalid())
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    *Out = TS->handle(static_cast<Stmt *>(R.get()));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL destroyConversionSequence(
    void *Ctx, NevercTaskHandle Task, NevercConversionSequenceHandle Seq) {
  return guard([&] {
    return destroy(Ctx, Task, &TaskState::Conversions,
                   ASTHandleKind::Conversion, Seq);
  });
}

//===--- 24-28: constants --------------------------------------------------===//

NevercSemaConstantKind constantKind(const APValue &V) {
  switch (V.getKind()) {
  case APValue::None: return NEVERC_SEMA_CONSTANT_NONE;
  case APValue::Indeterminate: return NEVERC_SEMA_CONSTANT_INDETERMINATE;
  case APValue::Int: return NEVERC_SEMA_CONSTANT_INTEGER;
  case APValue::Float: return NEVERC_SEMA_CONSTANT_FLOAT;
  case APValue::FixedPoint: return NEVERC_SEMA_CONSTANT_FIXED_POINT;
  case APValue::ComplexInt: return NEVERC_SEMA_CONSTANT_COMPLEX_INTEGER;
  case APValue::ComplexFloat: return NEVERC_SEMA_CONSTANT_COMPLEX_FLOAT;
  case APValue::LValue: return NEVERC_SEMA_CONSTANT_ADDRESS;
  case APValue::Vector: return NEVERC_SEMA_CONSTANT_VECTOR;
  case APValue::Array: return NEVERC_SEMA_CONSTANT_ARRAY;
  case APValue::Struct: return NEVERC_SEMA_CONSTANT_STRUCT;
  case APValue::Union: return NEVERC_SEMA_CONSTANT_UNION;
  case APValue::AddrLabelDiff:
    return NEVERC_SEMA_CONSTANT_ADDRESS_LABEL_DIFFERENCE;
  default:
    return NEVERC_SEMA_CONSTANT_NONE; // C++-only member pointers
  }
}

NevercStatus NEVERC_CALL evaluateConstant(void *Ctx, NevercTaskHandle Task,
                                          NevercExprHandle Expression,
                                          NevercConstantValueHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    Expr *E;
    if (NevercStatus S = exprOf(D, *TS, Expression, E); !isOk(S))
      return S;
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsRValue(R, *TS->Ctx))
      return st(NEVERC_STATUS_NOT_FOUND); // not a constant expression
    auto M = std::make_shared<TaskState::ConstantModel>();
    M->Value = R.Val;
    M->Type = E->getType();
    M->HasSideEffects = R.HasSideEffects;
    *Out = TS->Constants.insert(std::move(M));
    return okStatus();
  });
}

uint64_t elementCount(const APValue &V) {
  switch (V.getKind()) {
  case APValue::Vector: return V.getVectorLength();
  case APValue::Array: return V.getArraySize();
  case APValue::Struct: return V.getStructNumFields();
  case APValue::Union: return V.getUnionField() ? 1 : 0;
  case APValue::ComplexInt:
  case APValue::ComplexFloat: return 2;
  default: return 0;
  }
}

NevercStatus NEVERC_CALL getConstantValueInfo(void *Ctx, NevercTaskHandle Task,
                                              NevercConstantValueHandle H,
                                              NevercSemaConstantValueInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    std::shared_ptr<TaskState::ConstantModel> *M;
    if (NevercStatus S = recordOf(D, *TS, TS->Constants,
                                  ASTHandleKind::Constant, H, M);
        !isOk(S))
      return S;
    const APValue &V = (*M)->Value;
    NevercSemaConstantValueInfo I{};
    I.Kind = constantKind(V);
    I.HasSideEffects = (*M)->HasSideEffects;
    I.ElementCount = elementCount(V);
    if (V.isInt()) {
      I.IsSigned = V.getInt().isSigned();
      I.BitWidth = V.getInt().getBitWidth();
    } else if (V.isComplexInt()) {
      I.IsSigned = V.getComplexIntReal().isSigned();
      I.BitWidth = V.getComplexIntReal().getBitWidth();
    } else if (V.isLValue()) {
      I.IsNullPointer = V.isNullPointer();
      I.IsOnePastTheEnd = V.isLValueOnePastTheEnd();
      I.AddressOffsetBytes = V.getLValueOffset().getQuantity();
      APValue::LValueBase B = V.getLValueBase();
      if (const ValueDecl *VD = B.dyn_cast<const ValueDecl *>())
        I.AddressBase = TS->handle(VD);
      else if (const Expr *BE = B.dyn_cast<const Expr *>())
        I.AddressBase = TS->handle(static_cast<const Stmt *>(BE));
    }
    std::string &Text = TS->own<std::string>();
    Text = V.getAsString(*TS->Ctx, (*M)->Type);
    I.Text = {Text.data(), Text.size()};
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getConstantIntegerWord(void *Ctx,
                                                NevercTaskHandle Task,
                                                NevercConstantValueHandle H,
                                                uint64_t Index, uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    std::shared_ptr<TaskState::ConstantModel> *M;
    if (NevercStatus S = recordOf(D, *TS, TS->Constants,
                                  ASTHandleKind::Constant, H, M);
        !isOk(S))
      return S;
    if (!(*M)->Value.isInt())
      return st(NEVERC_STATUS_WRONG_TYPE);
    const llvm::APSInt &V = (*M)->Value.getInt();
    if (Index >= V.getNumWords())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = V.getRawData()[Index];
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getConstantElement(void *Ctx, NevercTaskHandle Task,
                                            NevercConstantValueHandle H,
                                            uint64_t Index,
                                            NevercConstantValueHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    std::shared_ptr<TaskState::ConstantModel> *M;
    if (NevercStatus S = recordOf(D, *TS, TS->Constants,
                                  ASTHandleKind::Constant, H, M);
        !isOk(S))
      return S;
    const APValue &V = (*M)->Value;
    QualType T = (*M)->Type;
    ASTContext &C = *TS->Ctx;
    if (Index >= elementCount(V))
      return st(NEVERC_STATUS_NOT_FOUND);
    auto E = std::make_shared<TaskState::ConstantModel>();
    E->HasSideEffects = (*M)->HasSideEffects;
    switch (V.getKind()) {
    case APValue::Vector:
      E->Value = V.getVectorElt(unsigned(Index));
      E->Type = T->castAs<VectorType>()->getElementType();
      break;
    case APValue::Array:
      E->Value = Index < V.getArrayInitializedElts()
                     ? V.getArrayInitializedElt(unsigned(Index))
                     : V.getArrayFiller();
      E->Type = C.getAsArrayType(T)->getElementType();
      break;
    case APValue::Struct: {
      E->Value = V.getStructField(unsigned(Index));
      const RecordDecl *RD = T->castAs<RecordType>()->getDecl()->getDefinition();
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields())
        if (I++ == Index)
          E->Type = F->getType();
      break;
    }
    case APValue::Union:
      E->Value = V.getUnionValue();
      E->Type = V.getUnionField()->getType();
      break;
    case APValue::ComplexInt:
      E->Value = APValue(Index ? V.getComplexIntImag() : V.getComplexIntReal());
      E->Type = T->castAs<ComplexType>()->getElementType();
      break;
    default:
      E->Value = APValue(Index ? V.getComplexFloatImag()
                               : V.getComplexFloatReal());
      E->Type = T->castAs<ComplexType>()->getElementType();
      break;
    }
    *Out = TS->Constants.insert(std::move(E));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL destroyConstantValue(void *Ctx, NevercTaskHandle Task,
                                              NevercConstantValueHandle H) {
  return guard([&] {
    return destroy(Ctx, Task, &TaskState::Constants, ASTHandleKind::Constant,
                   H);
  });
}

//===--- 29-31: attributes, builtins, diagnostics --------------------------===//

NevercStatus NEVERC_CALL hasDeclAttribute(void *Ctx, NevercTaskHandle Task,
                                          NevercDeclHandle Decl_,
                                          NevercStringView Name,
                                          NevercBool *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out || !Name.Length || !Name.Data)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    NodeRef N;
    if (NevercStatus S =
            nodeOf(D, *TS, Decl_, NEVERC_AST_SCHEMA_DOMAIN_DECL, N);
        !isOk(S))
      return S;
    StringRef Want(Name.Data, Name.Length);
    // GNU spellings may carry the reserved form (__packed__).
    if (Want.size() > 4 && Want.starts_with("__") && Want.ends_with("__"))
      Want = Want.drop_front(2).drop_back(2);
    auto *Dc = static_cast<Decl *>(N.Ptr);
    *Out = NEVERC_FALSE;
    if (Dc->hasAttrs())
      for (const Attr *A : Dc->getAttrs()) {
        StringRef Have = A->getAttrName() ? A->getAttrName()->getName()
                                          : StringRef(A->getSpelling());
        if (Have.size() > 4 && Have.starts_with("__") && Have.ends_with("__"))
          Have = Have.drop_front(2).drop_back(2);
        if (Have == Want || A->getNormalizedFullName() == Want)
          *Out = NEVERC_TRUE;
      }
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getBuiltinInfo(void *Ctx, NevercTaskHandle Task,
                                        NevercStringView Name,
                                        NevercSemaBuiltinInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    if (!Name.Length || !Name.Data)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    auto It = TS->Ctx->Idents.find(StringRef(Name.Data, Name.Length));
    unsigned ID = It == TS->Ctx->Idents.end() ? 0 : It->second->getBuiltinID();
    if (!ID)
      return st(NEVERC_STATUS_NOT_FOUND);
    Builtin::Context &B = TS->Ctx->BuiltinInfo;
    NevercSemaBuiltinInfo I{};
    I.BuiltinID = ID;
    I.Flags = (B.isTSBuiltin(ID) ? NEVERC_SEMA_BUILTIN_TARGET_SPECIFIC : 0) |
              (B.isPure(ID) ? NEVERC_SEMA_BUILTIN_PURE : 0) |
              (B.isConst(ID) ? NEVERC_SEMA_BUILTIN_CONST : 0) |
              (B.isNoThrow(ID) ? NEVERC_SEMA_BUILTIN_NOTHROW : 0) |
              (B.isNoReturn(ID) ? NEVERC_SEMA_BUILTIN_NORETURN : 0) |
              (B.isReturnsTwice(ID) ? NEVERC_SEMA_BUILTIN_RETURNS_TWICE : 0) |
              (B.isUnevaluated(ID) ? NEVERC_SEMA_BUILTIN_UNEVALUATED : 0) |
              (B.isLibFunction(ID) ? NEVERC_SEMA_BUILTIN_LIBRARY_FUNCTION : 0) |
              (B.hasCustomTypechecking(ID) ? NEVERC_SEMA_BUILTIN_CUSTOM_TYPECHECK
                                           : 0);
    auto Keep = [&](std::string S) {
      std::string &K = TS->own<std::string>();
      K = std::move(S);
      return NevercStringView{K.data(), K.size()};
    };
    I.Name = Keep(B.getName(ID));
    I.TypeEncoding = Keep(B.getTypeString(ID) ? B.getTypeString(ID) : "");
    const char *F = B.getRequiredFeatures(ID);
    I.RequiredFeatures = Keep(F ? F : "");
    const char *Hd = B.getHeaderName(ID);
    I.HeaderName = Keep(Hd ? Hd : "");
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL emitDiagnostic(void *Ctx, NevercTaskHandle Task,
                                        NevercSemaMutationLeaseHandle L,
                                        const NevercSemaDiagnosticDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    NEVERC_AST_TASK(Ctx, Task);
    if (NevercStatus S = leaseOf(D, *TS, L); !isOk(S))
      return S;
    if (!TS->CI || (Desc->Message.Length && !Desc->Message.Data))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    DiagnosticsEngine::Level Lv;
    switch (Desc->Level) {
    case NEVERC_SEMA_DIAGNOSTIC_NOTE: Lv = DiagnosticsEngine::Note; break;
    case NEVERC_SEMA_DIAGNOSTIC_REMARK: Lv = DiagnosticsEngine::Remark; break;
    case NEVERC_SEMA_DIAGNOSTIC_WARNING: Lv = DiagnosticsEngine::Warning; break;
    case NEVERC_SEMA_DIAGNOSTIC_ERROR: Lv = DiagnosticsEngine::Error; break;
    case NEVERC_SEMA_DIAGNOSTIC_FATAL: Lv = DiagnosticsEngine::Fatal; break;
    default:
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    SourceLocation Loc;
    if (Desc->Location.Owner || Desc->Location.Value) {
      uint32_t Raw = D.Codec.DecodeLocation
                         ? D.Codec.DecodeLocation(D.Codec.Ctx, *TS->T,
                                                  Desc->Location)
                         : 0;
      if (!Raw)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      Loc = SourceLocation::getFromRawEncoding(Raw);
    }
    DiagnosticsEngine &E = TS->CI->getDiagnostics();
    E.Report(Loc, E.getCustomDiagID(Lv, "%0"))
        << std::string(Desc->Message.Data ? Desc->Message.Data : "",
                       Desc->Message.Length);
    return okStatus();
  });
}

//===--- 44-46: neverc.sema.analyze ----------------------------------------===//

NevercStatus NEVERC_CALL getAnalyzePhaseInput(void *Ctx,
                                              const NevercPhaseFrame *Frame,
                                              NevercArtifactHandle Input,
                                              NevercSemaPhaseInput *Out) {
  return phaseInput<ASTUnitBox>(
      Ctx, Frame, Input, BoxTag::ASTUnit, Major, Out,
      [&](TaskState &TS, ASTUnitBox &B, NevercSemaPhaseInput &I) {
        I.ASTUnit = Input;
        I.ASTProduct = B.Product;
        I.TranslationUnit = TS.handle(B.TU);
        I.SemanticState = B.State;
      });
}

NevercStatus NEVERC_CALL createSemanticUnit(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercSemanticUnitDescriptor *Desc, NevercArtifactHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    ASTDomain::Impl &D = impl(Ctx);
    TaskState *TS;
    if (NevercStatus S = outputScope(D, Frame, core::Phase_SEMA_ANALYZE, &TS);
        !isOk(S))
      return S;
    if (Desc->Product.High != NEVERC_SEMANTIC_PRODUCT_STANDARD_HIGH ||
        Desc->Product.Low != NEVERC_SEMANTIC_PRODUCT_STANDARD_LOW)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NodeRef TU;
    if (NevercStatus S = nodeOf(D, *TS, Desc->TranslationUnit,
                                NEVERC_AST_SCHEMA_DOMAIN_DECL, TU);
        !isOk(S))
      return S;
    auto *TUD = dyn_cast<TranslationUnitDecl>(static_cast<Decl *>(TU.Ptr));
    if (!TUD)
      return st(NEVERC_STATUS_WRONG_TYPE);
    SemanticUnitBox &B = TS->own<SemanticUnitBox>();
    B.TU = TUD;
    B.Complete = Desc->SemanticComplete != 0;
    B.HasErrors = TS->CI && TS->CI->getDiagnostics().hasErrorOccurred();
    B.Replayed = false;
    B.Summary = "published by a plugin";
    B.Identity = TS->InputName;
    *Out = TS->T->createArtifact(
        D.H.phases().at(core::Phase_SEMA_ANALYZE).Output, &B);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getSemanticUnitInfo(void *Ctx,
                                             const NevercPhaseFrame *Frame,
                                             NevercArtifactHandle Unit,
                                             NevercSemanticUnitInfo *Out) {
  return phaseInput<SemanticUnitBox>(
      Ctx, Frame, Unit, BoxTag::SemanticUnit, Major, Out,
      [](TaskState &TS, SemanticUnitBox &B, NevercSemanticUnitInfo &I) {
        I.Product = B.Product;
        I.TranslationUnit = TS.handle(B.TU);
        I.DiagnosticState = B.HasErrors
                                ? NEVERC_SEMANTIC_DIAGNOSTICS_HAS_ERROR
                                : NEVERC_SEMANTIC_DIAGNOSTICS_CLEAN;
        I.Replayed = B.Replayed;
        I.VerifierSummary = {B.Summary.data(), B.Summary.size()};
        I.SourceIdentity = {B.Identity.data(), B.Identity.size()};
        I.SourceDigest = {nullptr, 0}; // no digest is kept (ast/README)
      });
}

} // namespace

void fillSemaTable(NevercSemaAPI &T, void *Ctx) {
  T.Header = {sizeof(NevercSemaAPI), NEVERC_SEMA_API_MAJOR,
              NEVERC_SEMA_API_MINOR, 0};
  T.Context = Ctx;
  T.GetCurrentScope = getCurrentScope;
  T.GetScopeInfo = getScopeInfo;
  T.GetScopeDeclaration = getScopeDeclaration;
  T.LookupName = lookupName;
  T.GetLookupResultInfo = getLookupResultInfo;
  T.GetLookupCandidate = getLookupCandidate;
  T.DestroyLookupResult = destroyLookupResult;
  T.AcquireMutationLease = acquireMutationLease;
  T.ReleaseMutationLease = releaseMutationLease;
  T.GetBuiltinType = getBuiltinType;
  T.CreatePointerType = createPointerType;
  T.CreateConstantArrayType = createConstantArrayType;
  T.CreateFunctionType = createFunctionType;
  T.GetTagType = getTagType;
  T.CreateAtomicType = createAtomicType;
  T.CreateVectorType = createVectorType;
  T.GetCanonicalType = getCanonicalType;
  T.AreTypesCompatible = areTypesCompatible;
  T.ClassifyImplicitConversion = classifyImplicitConversion;
  T.GetConversionSequenceInfo = getConversionSequenceInfo;
  T.ApplyImplicitConversion = applyImplicitConversion;
  T.CreateExplicitCast = createExplicitCast;
  T.DestroyConversionSequence = destroyConversionSequence;
  T.EvaluateConstant = evaluateConstant;
  T.GetConstantValueInfo = getConstantValueInfo;
  T.GetConstantIntegerWord = getConstantIntegerWord;
  T.GetConstantElement = getConstantElement;
  T.DestroyConstantValue = destroyConstantValue;
  T.HasDeclAttribute = hasDeclAttribute;
  T.GetBuiltinInfo = getBuiltinInfo;
  T.EmitDiagnostic = emitDiagnostic;
  T.GetExpressionExtensionInput = getExpressionInput;
  T.CreateExpressionExtensionOutput = createExpressionOutput;
  T.GetStatementExtensionInput = getStatementInput;
  T.CreateStatementExtensionOutput = createStatementOutput;
  T.GetDeclarationExtensionInput = getDeclarationInput;
  T.CreateDeclarationExtensionOutput = createDeclarationOutput;
  T.GetTypeExtensionInput = getTypeInput;
  T.CreateTypeExtensionOutput = createTypeOutput;
  T.GetLookupExtensionInput = getLookupExtensionInput;
  T.CreateLookupExtensionOutput = createLookupExtensionOutput;
  T.GetConversionExtensionInput = getConversionInput;
  T.CreateConversionExtensionOutput = createConversionOutput;
  T.GetAnalyzePhaseInput = getAnalyzePhaseInput;
  T.CreateSemanticUnit = createSemanticUnit;
  T.GetSemanticUnitInfo = getSemanticUnitInfo;
}

} // namespace neverc::ast
