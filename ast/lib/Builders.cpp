//===- Builders.cpp - ASTBuilderCommit: node kinds this build builds ------===//
//
// Expressions go through Sema's own builders (CreateBuiltinBinOp,
// BuildCallExpr, BuildCStyleCastExpr, ActOnConditionalOp,
// CreateBuiltinArraySubscriptExpr), so C's conversions, promotions and
// checks apply and the node gets the type Clang would give it; a type the
// plugin set must agree. Statements are made with their Create functions,
// conditions through Sema::CheckBooleanCondition. What Sema rejects it
// reports as Clang errors, and the commit fails with no node.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Sema/Sema.h"

namespace neverc::ast {

using namespace clang;

namespace {

/// The commit of one builder.
struct Commit {
  ASTDomain::Impl &D;
  TaskState &TS;
  BuilderModel &B;
  ASTContext &C;

  NevercStatus fail(const std::string &Why) {
    D.diag(NEVERC_DIAGNOSTIC_REMARK, "ASTBuilderCommit: " + Why);
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
  Stmt *child(NevercASTChildSlotID Slot) {
    auto It = B.Children.find({Slot, 0});
    return It == B.Children.end() ? nullptr
                                  : static_cast<Stmt *>(It->second.Ptr);
  }
  Expr *expr(NevercASTChildSlotID Slot) {
    return cast_or_null<Expr>(child(Slot));
  }
  /// The elements of a MANY slot, which must be set at 0..n-1 (statements
  /// or declarations, as the slot holds).
  template <class T>
  bool many(NevercASTChildSlotID Slot, std::vector<T *> &Out) {
    for (auto &[Key, N] : B.Children)
      if (Key.first == Slot) {
        if (Key.second != Out.size())
          return false;
        Out.push_back(static_cast<T *>(N.Ptr));
      }
    return true;
  }
  /// The members a declaration builder was given: each of kind \p M, made
  /// by a builder and owned by no declaration yet (its context \p Holder).
  template <class M>
  NevercStatus members(NevercASTChildSlotID Slot, const DeclContext *Holder,
                       const char *What, std::vector<M *> &Out) {
    std::vector<Decl *> All;
    if (!many(Slot, All))
      return fail(std::string("'") + What + "' must be set at indices 0..n-1");
    for (Decl *Dc : All) {
      auto *X = dyn_cast<M>(Dc);
      if (!X || !TS.Unplaced.count(X) || X->getDeclContext() != Holder)
        return fail(std::string("each of '") + What +
                    "' must be a declaration of its kind a builder made "
                    "that nothing owns yet");
      Out.push_back(X);
    }
    return okStatus();
  }
  SourceLocation begin() const {
    return B.RangeSet ? SourceLocation::getFromRawEncoding(B.RawBegin)
                      : SourceLocation();
  }
  SourceLocation end() const {
    return B.RangeSet ? SourceLocation::getFromRawEncoding(B.RawEnd)
                      : SourceLocation();
  }
  /// A location for Sema's diagnostics: the range set, else \p Near's.
  SourceLocation at(const Stmt *Near) const {
    SourceLocation L = begin();
    return L.isValid() || !Near ? L : Near->getBeginLoc();
  }
  NevercStatus needSema() {
    return TS.Sema ? okStatus() : st(NEVERC_STATUS_INVALID_STATE);
  }
  /// A node the builder made: its handle, not in the tree yet.
  template <class N> NevercStatus publish(N *Node, NevercASTNodeHandle *Out) {
    *Out = TS.handle(Node);
    TS.Unplaced.insert(Node);
    if (auto *M = TS.Mutations.lookup(TS.OpenMutation))
      (*M)->Created.push_back(*Out);
    return okStatus();
  }
  /// An expression Sema made: the type the plugin set must be its type.
  NevercStatus publishExpr(ExprResult E, const char *What,
                           NevercASTNodeHandle *Out) {
    if (E.isInvalid() || !E.get())
      return fail(std::string("Sema rejected the ") + What);
    if (B.TypeSet && !C.hasSameUnqualifiedType(B.Type, E.get()->getType()))
      return fail("the type set ('" + B.Type.getAsString() + "') is not the " +
                  What + "'s ('" + E.get()->getType().getAsString() + "')");
    return publish(E.get(), Out);
  }
  /// A condition as a C statement needs it (scalar, converted).
  NevercStatus condition(NevercASTChildSlotID Slot, bool Required, Expr *&Out) {
    Expr *E = expr(Slot);
    Out = nullptr;
    if (!E)
      return Required ? fail("required child slot 'condition' is not set")
                      : okStatus();
    ExprResult R = TS.Sema->CheckBooleanCondition(at(E), E);
    if (R.isInvalid())
      return fail("Sema rejected the condition");
    Out = R.get();
    return okStatus();
  }

  /// The body (required) and condition of a loop or if statement.
  NevercStatus bodyAndCondition(NevercASTChildSlotID BodySlot,
                                NevercASTChildSlotID CondSlot,
                                bool CondRequired, Stmt *&Body, Expr *&Cond) {
    Body = child(BodySlot);
    if (!Body)
      return fail("a required child slot ('body' or 'then') is not set");
    if (NevercStatus S = needSema(); !isOk(S))
      return S;
    return condition(CondSlot, CondRequired, Cond);
  }

  IdentifierInfo *name() { return B.NameSet ? &C.Idents.get(B.Name) : nullptr; }

  NevercStatus binaryOperator(NevercASTNodeHandle *Out);
  NevercStatus integerLiteral(NevercASTNodeHandle *Out);
  NevercStatus variable(NevercASTNodeHandle *Out);
  NevercStatus parameter(NevercASTNodeHandle *Out);
  NevercStatus function(NevercASTNodeHandle *Out);
  NevercStatus field(NevercASTNodeHandle *Out);
  NevercStatus record(NevercASTNodeHandle *Out);
  NevercStatus enumerator(NevercASTNodeHandle *Out);
  NevercStatus enumeration(NevercASTNodeHandle *Out);
  NevercStatus run(NevercASTNodeHandle *Out);
};

constexpr BinaryOperatorKind Ops[] = {
    BO_Mul,       BO_Div,       BO_Rem,       BO_Add,       BO_Sub,
    BO_Shl,       BO_Shr,       BO_LT,        BO_GT,        BO_LE,
    BO_GE,        BO_EQ,        BO_NE,        BO_And,       BO_Xor,
    BO_Or,        BO_LAnd,      BO_LOr,       BO_Assign,    BO_MulAssign,
    BO_DivAssign, BO_RemAssign, BO_AddAssign, BO_SubAssign, BO_ShlAssign,
    BO_ShrAssign, BO_AndAssign, BO_XorAssign, BO_OrAssign,  BO_Comma};

NevercStatus Commit::binaryOperator(NevercASTNodeHandle *Out) {
  Expr *L = expr(NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_LHS);
  Expr *R = expr(NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_RHS);
  if (B.Kind == NEVERC_STMT_KIND_COMPOUND_ASSIGN_OPERATOR) {
    L = L ? L : expr(NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_ASSIGN_OPERATOR_LHS);
    R = R ? R : expr(NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_ASSIGN_OPERATOR_RHS);
  }
  if (!L || !R)
    return fail("required child slot 'lhs' or 'rhs' is not set");
  if (!B.Operator)
    return fail("the operator (ASTBuilderSetBinaryOperatorKind) is not set");
  BinaryOperatorKind Op = Ops[B.Operator - 1];
  if (B.Kind == NEVERC_STMT_KIND_COMPOUND_ASSIGN_OPERATOR &&
      !BinaryOperator::isCompoundAssignmentOp(Op))
    return fail("a CompoundAssignOperator needs a compound assignment "
                "operator (*=, +=, ...)");
  if (NevercStatus S = needSema(); !isOk(S))
    return S;
  return publishExpr(TS.Sema->CreateBuiltinBinOp(at(L), Op, L, R), "operation",
                     Out);
}

NevercStatus Commit::integerLiteral(NevercASTNodeHandle *Out) {
  // Type (REQUIRED) and value; the value is fitted to the type's width when
  // it fits, else the commit fails.
  if (!B.TypeSet)
    return fail("required property 'type' (STMT_EXPR_TYPE) is not set");
  if (!B.ValueSet)
    return fail("the integer value (ASTBuilderSetIntegerValue) is not set");
  QualType T = B.Type.getUnqualifiedType();
  if (!T->isIntegerType() || T->isBooleanType() || T->isEnumeralType())
    return fail("an IntegerLiteral needs an integer type, not '" +
                T.getAsString() + "'");
  unsigned Width = unsigned(C.getIntWidth(T));
  llvm::APInt V = B.Value;
  if (V.getBitWidth() != Width) {
    bool Signed = T->isSignedIntegerType();
    llvm::APInt R = Signed ? V.sextOrTrunc(Width) : V.zextOrTrunc(Width);
    llvm::APInt Back = Signed ? R.sextOrTrunc(V.getBitWidth())
                              : R.zextOrTrunc(V.getBitWidth());
    if (Back != V)
      return fail("the value does not fit the literal's type");
    V = R;
  }
  return publish(IntegerLiteral::Create(C, V, T, begin()), Out);
}

// Declarations are made in the translation unit, outside every scope:
// the declaration keyword's phase places them (DeclarationKeyword.cpp),
// running Sema's redeclaration checks and the initializer's conversions
// then. The schema has no storage class, so they have external linkage,
// and no tag kind, so a record is a struct.

NevercStatus Commit::variable(NevercASTNodeHandle *Out) {
  if (!B.NameSet || !B.TypeSet)
    return fail("required property 'name' (DECL_NAME) or 'type' "
                "(DECL_TYPE) is not set");
  QualType T = B.Type;
  if (T->isFunctionType() || T->isVoidType())
    return fail("a variable cannot have type '" + T.getAsString() +
                "' (build a Function for a function)");
  SourceLocation L = begin();
  auto *VD = VarDecl::Create(C, C.getTranslationUnitDecl(), L, L, name(), T,
                             C.getTrivialTypeSourceInfo(T, L), SC_None);
  // Kept on the variable until it is placed, where Sema converts it.
  if (Expr *Init = expr(NEVERC_AST_CHILD_SLOT_DECL_VAR_INITIALIZER))
    VD->setInit(Init);
  return publish(VD, Out);
}

NevercStatus Commit::parameter(NevercASTNodeHandle *Out) {
  if (!B.TypeSet)
    return fail("required property 'type' (DECL_TYPE) is not set");
  if (B.Type->isVoidType())
    return fail("a parameter cannot have type 'void'");
  QualType T = C.getAdjustedParameterType(B.Type);
  SourceLocation L = begin();
  return publish(
      ParmVarDecl::Create(C, C.getTranslationUnitDecl(), L, L, name(), T,
                          C.getTrivialTypeSourceInfo(T, L), SC_None, nullptr),
      Out);
}

NevercStatus Commit::function(NevercASTNodeHandle *Out) {
  if (!B.NameSet || !B.TypeSet)
    return fail("required property 'name' (DECL_NAME) or 'type' "
                "(DECL_TYPE) is not set");
  const auto *FT = B.Type->getAs<FunctionType>();
  if (!FT)
    return fail("a function needs a function type (SEMA CreateFunctionType), "
                "not '" +
                B.Type.getAsString() + "'");
  const auto *Proto = dyn_cast<FunctionProtoType>(FT);
  std::vector<ParmVarDecl *> Params;
  if (NevercStatus S =
          members(NEVERC_AST_CHILD_SLOT_DECL_FUNCTION_PARAMETERS,
                  C.getTranslationUnitDecl(), "parameters", Params);
      !isOk(S))
    return S;
  unsigned Want = Proto ? Proto->getNumParams() : 0;
  if (!Params.empty() && Params.size() != Want)
    return fail("the function type has " + std::to_string(Want) +
                " parameter(s); " + std::to_string(Params.size()) +
                " were set");
  for (unsigned I = 0; I < Params.size(); ++I)
    if (!C.hasSameType(Params[I]->getType(), Proto->getParamType(I)))
      return fail("parameter " + std::to_string(I) + " has type '" +
                  Params[I]->getType().getAsString() +
                  "'; the function type says '" +
                  Proto->getParamType(I).getAsString() + "'");
  Stmt *Body = child(NEVERC_AST_CHILD_SLOT_DECL_FUNCTION_BODY);
  if (Body && !isa<CompoundStmt>(Body))
    return fail("a function body must be a compound statement");
  if (std::string Why; Body && !returnsFit(C, Body, FT->getReturnType(), Why))
    return fail(Why);
  SourceLocation L = begin();
  auto *FD = FunctionDecl::Create(
      C, C.getTranslationUnitDecl(), L, L, DeclarationName(name()), B.Type,
      C.getTrivialTypeSourceInfo(B.Type, L), SC_None);
  // Unset parameters of a prototype are unnamed ones.
  for (unsigned I = Params.size(); I < Want; ++I)
    Params.push_back(ParmVarDecl::Create(
        C, FD, L, L, nullptr, Proto->getParamType(I),
        C.getTrivialTypeSourceInfo(Proto->getParamType(I), L), SC_None,
        nullptr));
  for (unsigned I = 0; I < Params.size(); ++I) {
    Params[I]->setDeclContext(FD);
    Params[I]->setOwningFunction(FD);
    Params[I]->setScopeInfo(0, I);
    TS.Unplaced.erase(Params[I]);
  }
  FD->setParams(Params);
  if (Body)
    TS.PendingBodies[FD] = Body;
  return publish(FD, Out);
}

NevercStatus Commit::field(NevercASTNodeHandle *Out) {
  if (!B.TypeSet)
    return fail("required property 'type' (DECL_TYPE) is not set");
  QualType T = B.Type;
  if (T->isFunctionType() || T->isVoidType())
    return fail("a field cannot have type '" + T.getAsString() + "'");
  if (child(NEVERC_AST_CHILD_SLOT_DECL_FIELD_INITIALIZER))
    return fail("a C field has no initializer");
  Expr *Width = expr(NEVERC_AST_CHILD_SLOT_DECL_FIELD_BIT_WIDTH);
  if (Width) {
    std::optional<llvm::APSInt> V = Width->getIntegerConstantExpr(C);
    if (!T->isIntegerType() || !V || V->isNegative() ||
        V->getZExtValue() > C.getTypeSize(T) || (V->isZero() && B.NameSet))
      return fail("a bit-field needs an integer type and a constant width "
                  "from 0 (unnamed only) to the type's size");
  }
  if (!B.NameSet && !Width)
    return fail("only a bit-field may be unnamed");
  SourceLocation L = begin();
  return publish(FieldDecl::Create(C, C.getTranslationUnitDecl(), L, L, name(),
                                   T, C.getTrivialTypeSourceInfo(T, L), Width,
                                   /*Mutable=*/false, ICIS_NoInit),
                 Out);
}

NevercStatus Commit::record(NevercASTNodeHandle *Out) {
  // A struct: the schema has no property for the tag kind (union).
  if (!B.NameSet)
    return fail("required property 'name' (DECL_NAME) is not set");
  std::vector<FieldDecl *> Fields;
  if (NevercStatus S =
          members(NEVERC_AST_CHILD_SLOT_DECL_RECORD_DECLARATIONS,
                  C.getTranslationUnitDecl(), "declarations", Fields);
      !isOk(S))
    return S;
  SourceLocation L = begin();
  auto *RD = RecordDecl::Create(C, TagTypeKind::Struct,
                                C.getTranslationUnitDecl(), L, L, name());
  // The definition is completed (Sema's checks, layout) when the record
  // is placed.
  RD->startDefinition();
  for (FieldDecl *F : Fields) {
    F->setDeclContext(RD);
    F->setLexicalDeclContext(RD);
    RD->addDecl(F);
    TS.Unplaced.erase(F);
  }
  return publish(RD, Out);
}

NevercStatus Commit::enumerator(NevercASTNodeHandle *Out) {
  if (!B.NameSet)
    return fail("required property 'name' (DECL_NAME) is not set");
  Expr *Init = expr(NEVERC_AST_CHILD_SLOT_DECL_ENUM_CONSTANT_INITIALIZER);
  if (Init &&
      (!Init->getType()->isIntegerType() || !Init->getIntegerConstantExpr(C)))
    return fail("an enumerator's initializer is an integer constant "
                "expression");
  // An enumerator belongs to an enumeration from birth: until the Enum
  // builder takes it, to the task's holder, which is in no context.
  if (!TS.EnumHolder)
    TS.EnumHolder = EnumDecl::Create(C, C.getTranslationUnitDecl(),
                                     SourceLocation(), SourceLocation(),
                                     nullptr, nullptr, false, false, false);
  SourceLocation L = begin();
  return publish(EnumConstantDecl::Create(C, TS.EnumHolder, L, name(), C.IntTy,
                                          Init, llvm::APSInt(32, false)),
                 Out);
}

NevercStatus Commit::enumeration(NevercASTNodeHandle *Out) {
  if (!B.NameSet)
    return fail("required property 'name' (DECL_NAME) is not set");
  std::vector<EnumConstantDecl *> Items;
  if (NevercStatus S = members(NEVERC_AST_CHILD_SLOT_DECL_ENUM_DECLARATIONS,
                               TS.EnumHolder, "declarations", Items);
      !isOk(S))
    return S;
  if (Items.empty())
    return fail("an enumeration needs at least one enumerator");
  // C's values: the initializer's, else one more than the previous
  // (from 0), each representable in int.
  llvm::APSInt Next(64, false);
  std::vector<llvm::APSInt> Values;
  for (EnumConstantDecl *E : Items) {
    llvm::APSInt V = Next;
    if (const Expr *Init = E->getInitExpr())
      V = Init->getIntegerConstantExpr(C)->extOrTrunc(64);
    V.setIsSigned(true);
    if (V.getSExtValue() < INT32_MIN || V.getSExtValue() > INT32_MAX)
      return fail("enumerator '" + E->getNameAsString() +
                  "' does not fit in int");
    Values.push_back(V);
    Next = V + 1;
  }
  SourceLocation L = begin();
  auto *ED = EnumDecl::Create(C, C.getTranslationUnitDecl(), L, L, name(),
                              nullptr, false, false, false);
  // Sema completes it (ActOnEnumBody) when it is placed.
  ED->startDefinition();
  for (size_t I = 0; I < Items.size(); ++I) {
    Items[I]->setDeclContext(ED);
    Items[I]->setLexicalDeclContext(ED);
    Items[I]->setInitVal(C, Values[I].extOrTrunc(32));
    ED->addDecl(Items[I]);
    TS.Unplaced.erase(Items[I]);
  }
  return publish(ED, Out);
}

NevercStatus Commit::run(NevercASTNodeHandle *Out) {
  switch (B.Kind) {
  case NEVERC_DECL_KIND_ENUM_CONSTANT:
    return enumerator(Out);
  case NEVERC_DECL_KIND_ENUM:
    return enumeration(Out);
  case NEVERC_DECL_KIND_FIELD:
    return field(Out);
  case NEVERC_DECL_KIND_RECORD:
    return record(Out);
  case NEVERC_DECL_KIND_VAR:
    return variable(Out);
  case NEVERC_DECL_KIND_PARM_VAR:
    return parameter(Out);
  case NEVERC_DECL_KIND_FUNCTION:
    return function(Out);
  case NEVERC_STMT_KIND_INTEGER_LITERAL:
    return integerLiteral(Out);
  case NEVERC_STMT_KIND_BINARY_OPERATOR:
  case NEVERC_STMT_KIND_COMPOUND_ASSIGN_OPERATOR:
    return binaryOperator(Out);
  case NEVERC_STMT_KIND_PAREN_EXPR: {
    Expr *Sub = expr(NEVERC_AST_CHILD_SLOT_STMT_PAREN_EXPR_SUBEXPRESSION);
    if (!Sub)
      return fail("required child slot 'subexpression' is not set");
    SourceLocation L = at(Sub);
    SourceLocation R = B.RangeSet ? end() : Sub->getEndLoc();
    return publish(new (C) ParenExpr(L, R, Sub), Out);
  }
  case NEVERC_STMT_KIND_CALL_EXPR: {
    Expr *Fn = expr(NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_CALLEE);
    std::vector<Stmt *> Args;
    if (!Fn)
      return fail("required child slot 'callee' is not set");
    if (!many(NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_ARGUMENTS, Args))
      return fail("'arguments' must be set at indices 0..n-1");
    if (NevercStatus S = needSema(); !isOk(S))
      return S;
    llvm::SmallVector<Expr *, 8> ArgExprs;
    for (Stmt *A : Args)
      ArgExprs.push_back(cast<Expr>(A));
    SourceLocation L = at(Fn);
    return publishExpr(TS.Sema->BuildCallExpr(nullptr, Fn, L, ArgExprs,
                                              B.RangeSet ? end() : L),
                       "call", Out);
  }
  case NEVERC_STMT_KIND_C_STYLE_CAST_EXPR: {
    Expr *Sub = expr(NEVERC_AST_CHILD_SLOT_STMT_C_STYLE_CAST_EXPR_SUBEXPRESSION);
    if (!B.TypeSet)
      return fail("required property 'type' (STMT_EXPR_TYPE, the target) is "
                  "not set");
    if (!Sub)
      return fail("required child slot 'subexpression' is not set");
    if (NevercStatus S = needSema(); !isOk(S))
      return S;
    SourceLocation L = at(Sub);
    return publishExpr(
        TS.Sema->BuildCStyleCastExpr(L, C.getTrivialTypeSourceInfo(B.Type, L),
                                     L, Sub),
        "cast", Out);
  }
  case NEVERC_STMT_KIND_CONDITIONAL_OPERATOR: {
    Expr *Cond = expr(NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_CONDITION);
    Expr *T = expr(
        NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_TRUE_EXPRESSION);
    Expr *F = expr(
        NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_FALSE_EXPRESSION);
    if (!Cond || !T || !F)
      return fail("required child slot 'condition', 'true_expression' or "
                  "'false_expression' is not set");
    if (NevercStatus S = needSema(); !isOk(S))
      return S;
    SourceLocation L = at(Cond);
    return publishExpr(TS.Sema->ActOnConditionalOp(L, L, Cond, T, F),
                       "conditional", Out);
  }
  case NEVERC_STMT_KIND_ARRAY_SUBSCRIPT_EXPR: {
    Expr *Base = expr(NEVERC_AST_CHILD_SLOT_STMT_ARRAY_SUBSCRIPT_EXPR_BASE);
    Expr *Idx = expr(NEVERC_AST_CHILD_SLOT_STMT_ARRAY_SUBSCRIPT_EXPR_INDEX);
    if (!Base || !Idx)
      return fail("required child slot 'base' or 'index' is not set");
    if (NevercStatus S = needSema(); !isOk(S))
      return S;
    SourceLocation L = at(Base);
    return publishExpr(
        TS.Sema->CreateBuiltinArraySubscriptExpr(Base, L, Idx,
                                                 B.RangeSet ? end() : L),
        "subscript", Out);
  }
  case NEVERC_STMT_KIND_COMPOUND_STMT: {
    std::vector<Stmt *> Body;
    if (!many(NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, Body))
      return fail("'body' must be set at indices 0..n-1");
    return publish(CompoundStmt::Create(C, Body, FPOptionsOverride(), begin(),
                                        end()),
                   Out);
  }
  case NEVERC_STMT_KIND_RETURN_STMT: {
    // The value's type is checked against the function's when a mutation
    // puts the statement into one (applyEdit).
    Expr *V = expr(NEVERC_AST_CHILD_SLOT_STMT_RETURN_STMT_VALUE);
    if (V) {
      if (NevercStatus S = needSema(); !isOk(S))
        return S;
      ExprResult R = TS.Sema->DefaultFunctionArrayLvalueConversion(V);
      if (R.isInvalid())
        return fail("Sema rejected the return value");
      V = R.get();
    }
    return publish(ReturnStmt::Create(C, at(V), V, nullptr), Out);
  }
  case NEVERC_STMT_KIND_NULL_STMT:
    return publish(new (C) NullStmt(begin()), Out);
  case NEVERC_STMT_KIND_IF_STMT: {
    Stmt *Then;
    Expr *Cond;
    if (NevercStatus S =
            bodyAndCondition(NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_THEN,
                             NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_CONDITION,
                             true, Then, Cond);
        !isOk(S))
      return S;
    SourceLocation L = at(Cond);
    return publish(IfStmt::Create(C, L, IfStatementKind::Ordinary, nullptr,
                                  nullptr, Cond, L, L, Then, L,
                                  child(NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_ELSE)),
                   Out);
  }
  case NEVERC_STMT_KIND_WHILE_STMT: {
    Stmt *Body;
    Expr *Cond;
    if (NevercStatus S =
            bodyAndCondition(NEVERC_AST_CHILD_SLOT_STMT_WHILE_STMT_BODY,
                             NEVERC_AST_CHILD_SLOT_STMT_WHILE_STMT_CONDITION,
                             true, Body, Cond);
        !isOk(S))
      return S;
    SourceLocation L = at(Cond);
    return publish(WhileStmt::Create(C, nullptr, Cond, Body, L, L, L), Out);
  }
  case NEVERC_STMT_KIND_DO_STMT: {
    Stmt *Body;
    Expr *Cond;
    if (NevercStatus S =
            bodyAndCondition(NEVERC_AST_CHILD_SLOT_STMT_DO_STMT_BODY,
                             NEVERC_AST_CHILD_SLOT_STMT_DO_STMT_CONDITION,
                             true, Body, Cond);
        !isOk(S))
      return S;
    SourceLocation L = at(Body);
    return publish(new (C) DoStmt(Body, Cond, L, L, L), Out);
  }
  case NEVERC_STMT_KIND_FOR_STMT: {
    Stmt *Body;
    Expr *Cond;
    if (NevercStatus S =
            bodyAndCondition(NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_BODY,
                             NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_CONDITION,
                             false, Body, Cond);
        !isOk(S))
      return S;
    SourceLocation L = at(Body);
    return publish(
        new (C) ForStmt(C, child(NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_INITIALIZER),
                        Cond, nullptr,
                        expr(NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_INCREMENT), Body,
                        L, L, L),
        Out);
  }
  default:
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
}

} // namespace

bool buildable(NevercASTNodeKind K) {
  switch (K) {
  case NEVERC_DECL_KIND_FIELD:
  case NEVERC_DECL_KIND_RECORD:
  case NEVERC_DECL_KIND_ENUM:
  case NEVERC_DECL_KIND_ENUM_CONSTANT:
  case NEVERC_DECL_KIND_VAR:
  case NEVERC_DECL_KIND_PARM_VAR:
  case NEVERC_DECL_KIND_FUNCTION:
  case NEVERC_STMT_KIND_INTEGER_LITERAL:
  case NEVERC_STMT_KIND_BINARY_OPERATOR:
  case NEVERC_STMT_KIND_COMPOUND_ASSIGN_OPERATOR:
  case NEVERC_STMT_KIND_PAREN_EXPR:
  case NEVERC_STMT_KIND_CALL_EXPR:
  case NEVERC_STMT_KIND_C_STYLE_CAST_EXPR:
  case NEVERC_STMT_KIND_CONDITIONAL_OPERATOR:
  case NEVERC_STMT_KIND_ARRAY_SUBSCRIPT_EXPR:
  case NEVERC_STMT_KIND_COMPOUND_STMT:
  case NEVERC_STMT_KIND_RETURN_STMT:
  case NEVERC_STMT_KIND_NULL_STMT:
  case NEVERC_STMT_KIND_IF_STMT:
  case NEVERC_STMT_KIND_WHILE_STMT:
  case NEVERC_STMT_KIND_DO_STMT:
  case NEVERC_STMT_KIND_FOR_STMT:
    return true;
  default:
    return false;
  }
}

const char *unbuildableReason(NevercASTNodeKind K) {
  switch (domainOfKind(K)) {
  case NEVERC_AST_SCHEMA_DOMAIN_STMT:
    return "the schema gives this kind no property or child slot for what "
           "it needs (an operator, a referenced declaration, a value of a "
           "kind other than an integer), or it is made by Sema alone "
           "(implicit casts, ...)";
  case NEVERC_AST_SCHEMA_DOMAIN_DECL:
    return "this build builds Var, ParmVar, Function, Record (a struct), "
           "Field, Enum and EnumConstant declarations (for a declaration "
           "keyword to place at file scope); a typedef's underlying type and "
           "a union's tag kind have no schema property, and the other kinds "
           "are Clang's own (the unit, implicit parameters, pragmas)";
  case NEVERC_AST_SCHEMA_DOMAIN_TYPE:
    return "types are made with the SEMA table's Create*Type slots";
  default:
    return "attributes and type locations are not built by this neverc build";
  }
}

NevercStatus commitBuilder(ASTDomain::Impl &D, TaskState &TS, BuilderModel &B,
                           NevercASTNodeHandle *Out) {
  Commit Cm{D, TS, B, *TS.Ctx};
  return Cm.run(Out);
}

} // namespace neverc::ast
