//===- SemaExtension.cpp - the sema extension phases, emulated after analysis
//===//
//
// neverc.sema.extension.{expression,statement,declaration,conversion}.
// Stock Clang 22's Sema takes no hook where it analyses a binary operator,
// a compound statement, a declaration or a conversion (ActOnBinOp,
// ActOnCompoundStmt, CheckAssignmentConstraints ... are not virtual). It
// does hand every finished top-level declaration to the AST consumer before
// IR generation sees it; there the host walks the declaration, children
// first, and runs each phase once per construct of its kind. A HANDLED
// answer replaces the construct in place, checked as a mutation is (the
// same type, break/continue keep a target, returns fit the function, no
// node taken from elsewhere in the tree).
//
// This is emulation, not the point of analysis: the plugin sees what Sema
// made (operands converted, implicit casts in place) and cannot give
// meaning to what Sema rejected (its error came first). What each phase
// is offered:
//   expression   every BinaryOperator (compound assignments included);
//   statement    every CompoundStmt but a statement expression's;
//   declaration  every declaration of the group and every local variable;
//                HANDLED means accepted (edits go through the mutation
//                slots); another declaration is refused;
//   conversion   the implicit conversion (not an lvalue read or a decay)
//                of an assignment's right side, an argument, a returned
//                value and a variable's initializer, and every C cast.
// neverc.sema.extension.type runs at the point of analysis instead, with
// the lookup phase (LookupExtension.cpp).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Sema/Sema.h"

#include <optional>
#include <unordered_set>

namespace neverc::ast {

using namespace clang;

namespace {

constexpr uint16_t Major = NEVERC_SEMA_API_MAJOR;

const char *verifierOf(uint32_t Phase) {
  switch (Phase) {
  case core::Phase_SEMA_EXTENSION_EXPRESSION:
    return "neverc.sema.verify_expression_extension";
  case core::Phase_SEMA_EXTENSION_STATEMENT:
    return "neverc.sema.verify_statement_extension";
  case core::Phase_SEMA_EXTENSION_DECLARATION:
    return "neverc.sema.verify_declaration_extension";
  case core::Phase_SEMA_EXTENSION_TYPE:
    return "neverc.sema.verify_type_extension";
  default:
    return "neverc.sema.verify_conversion_extension";
  }
}

/// Whether \p Inner lies in \p Root's subtree.
bool within(const Stmt *Root, const void *Inner) {
  if (!Root)
    return false;
  if (Root == Inner)
    return true;
  for (const Stmt *C : Root->children())
    if (within(C, Inner))
      return true;
  return false;
}

/// The replacement's nodes are new (a builder's, or made by Sema for one),
/// or come out of the subtree it replaces: no node ends up with two
/// parents.
bool ownsItsNodes(TaskState &TS, const Stmt *Old, const Stmt *New) {
  if (!New || within(Old, New))
    return true;
  if (!TS.Unplaced.count(New) &&
      parentOf(TS, {const_cast<Stmt *>(New), NEVERC_AST_SCHEMA_DOMAIN_STMT})
          .Ptr)
    return false;
  for (const Stmt *C : New->children())
    if (!ownsItsNodes(TS, Old, C))
      return false;
  return true;
}

/// The walk over one top-level declaration.
class Emulator {
public:
  Emulator(ASTDomain::Impl &D, TaskState &TS) : D(D), TS(TS), C(*TS.Ctx) {
    auto Active = [&](uint32_t P) { return D.H.phases().at(P).Active; };
    Expression = Active(core::Phase_SEMA_EXTENSION_EXPRESSION);
    Statement = Active(core::Phase_SEMA_EXTENSION_STATEMENT);
    Declaration = Active(core::Phase_SEMA_EXTENSION_DECLARATION);
    Conversion = Active(core::Phase_SEMA_EXTENSION_CONVERSION);
  }

  void decl(Decl *Dc) {
    if (TS.Failed)
      return;
    if (auto *FD = dyn_cast<FunctionDecl>(Dc); FD && FD->hasBody()) {
      Stmt *Body = FD->getBody();
      FunctionDecl *Outer = Fn;
      Fn = FD;
      visit(Body, {FD, NEVERC_AST_SCHEMA_DOMAIN_DECL}, 0,
            /*FunctionBody=*/true);
      Fn = Outer;
      if (Body != FD->getBody())
        FD->setBody(Body);
    } else if (auto *VD = dyn_cast<VarDecl>(Dc); VD && VD->getInit()) {
      Stmt *Init = VD->getInit();
      visit(Init, {VD, NEVERC_AST_SCHEMA_DOMAIN_DECL},
            NEVERC_SEMA_CONVERSION_INITIALIZATION, false);
      if (Init != VD->getInit())
        VD->setInit(cast<Expr>(Init));
    }
    if (Declaration && !TS.Failed && !Dc->isImplicit())
      declaration(Dc);
  }

private:
  void visit(Stmt *&Ref, NodeRef Parent, NevercSemaConversionContext Ctx,
             bool FunctionBody) {
    Stmt *S = Ref;
    if (!S || TS.Failed)
      return;
    bool Loop = isa<ForStmt, WhileStmt, DoStmt>(S);
    bool Switch = isa<SwitchStmt>(S);
    bool SavedLoop = InLoop, SavedSwitch = InSwitch;
    InLoop |= Loop;
    InSwitch |= Switch;
    NodeRef Self{S, NEVERC_AST_SCHEMA_DOMAIN_STMT};
    if (auto *DS = dyn_cast<DeclStmt>(S)) {
      for (Decl *Dc : DS->decls())
        decl(Dc);
    } else {
      unsigned Index = 0;
      for (Stmt *&Child : S->children()) {
        NevercSemaConversionContext CC = 0;
        if (auto *BO = dyn_cast<BinaryOperator>(S);
            BO && BO->getOpcode() == BO_Assign && Index == 1)
          CC = NEVERC_SEMA_CONVERSION_ASSIGNMENT;
        else if (isa<CallExpr>(S) && Index > 0)
          CC = NEVERC_SEMA_CONVERSION_ARGUMENT;
        else if (isa<ReturnStmt>(S))
          CC = NEVERC_SEMA_CONVERSION_RETURN;
        visit(Child, Self, CC, false);
        ++Index;
      }
    }
    InLoop = SavedLoop;
    InSwitch = SavedSwitch;
    if (TS.Failed)
      return;
    // A statement expression's compound gives the expression its value:
    // it stays.
    bool InStmtExpr = Parent.Domain == NEVERC_AST_SCHEMA_DOMAIN_STMT &&
                      isa<StmtExpr>(static_cast<Stmt *>(Parent.Ptr));
    if (auto *BO = dyn_cast<BinaryOperator>(S); BO && Expression)
      expression(Ref, Parent, BO);
    else if (auto *CS = dyn_cast<CompoundStmt>(S)) {
      if (Statement && !InStmtExpr)
        statement(Ref, Parent, CS, FunctionBody);
    } else if (Conversion) {
      conversion(Ref, Parent, Ctx);
    }
  }

  /// Fills the verifier's view of one run.
  struct Check {
    Emulator *E;
    uint32_t Phase;
    Stmt *Old;           ///< the construct (null for a declaration)
    const Decl *OldDecl; ///< the declaration
    bool FunctionBody;
    static NevercStatus run(void *Ctx, void *O) {
      auto &Self = *static_cast<Check *>(Ctx);
      auto &Out = *static_cast<SemaExtensionOutBox *>(O);
      if (Out.Disposition != NEVERC_SEMA_EXTENSION_HANDLED)
        return okStatus();
      std::string Why;
      if (!Self.E->fits(Self, Out.Node, Why)) {
        Self.E->D.diag(NEVERC_DIAGNOSTIC_ERROR,
                       std::string(verifierOf(Self.Phase)) + ": " + Why,
                       Self.E->D.H.phases().at(Self.Phase).Name);
        return st(NEVERC_STATUS_VERIFICATION_FAILED);
      }
      return okStatus();
    }
  };

  bool fits(const Check &K, NodeRef N, std::string &Why) {
    if (K.OldDecl) {
      if (N.Ptr != K.OldDecl) {
        Why = "emulated after analysis, the declaration is already in the "
              "unit: answer HANDLED with it (edited through the mutation "
              "slots) or UNHANDLED";
        return false;
      }
      return true;
    }
    auto *New = static_cast<Stmt *>(N.Ptr);
    if (N.Domain != NEVERC_AST_SCHEMA_DOMAIN_STMT || !New) {
      Why = "HANDLED without a statement or expression";
      return false;
    }
    if (auto *OldE = dyn_cast<Expr>(K.Old)) {
      auto *NewE = dyn_cast<Expr>(New);
      if (!NewE) {
        Why = "an expression is replaced by an expression";
        return false;
      }
      if (!C.hasSameUnqualifiedType(OldE->getType(), NewE->getType())) {
        Why = "the replacement's type '" + NewE->getType().getAsString() +
              "' is not the replaced expression's '" +
              OldE->getType().getAsString() + "'";
        return false;
      }
    } else if (K.FunctionBody) {
      if (!isa<CompoundStmt>(New)) {
        Why = "a function body is replaced by a compound statement";
        return false;
      }
    }
    if (Fn && !isa<Expr>(New) && !returnsFit(C, New, Fn->getReturnType(), Why))
      return false;
    bool Loop = InLoop, Switch = InSwitch;
    if (!jumpsFitAt(
            K.Old, New, [&] { return std::make_pair(Loop, Switch); }, Why))
      return false;
    if (!ownsItsNodes(TS, K.Old, New)) {
      Why = "the replacement holds a node that is still elsewhere in the "
            "tree";
      return false;
    }
    return true;
  }

  /// One phase run; replaces \p Ref by a HANDLED answer.
  void run(uint32_t Phase, SemaExtensionInBox &In, Stmt *&Ref, NodeRef Parent,
           bool FunctionBody) {
    Check K{this, Phase, Ref, nullptr, FunctionBody};
    std::optional<SemaExtensionOutBox> Out =
        runSemaExtension(D, TS, Phase, In, &Check::run, &K);
    if (!Out || Out->Disposition != NEVERC_SEMA_EXTENSION_HANDLED ||
        Out->Node.Ptr == Ref)
      return;
    auto *New = static_cast<Stmt *>(Out->Node.Ptr);
    NodeRef Old{Ref, NEVERC_AST_SCHEMA_DOMAIN_STMT};
    bool Wrapped = within(New, Ref);
    dropParents(TS, Old);
    Ref = New;
    if (!Wrapped)
      TS.forget(Old);
    noteReplaced(TS, Parent, Out->Node);
    notePlaced(TS, Out->Node);
  }

  uint32_t raw(SourceLocation L) { return L.getRawEncoding(); }

  void expression(Stmt *&Ref, NodeRef Parent, BinaryOperator *BO) {
    SemaExtensionInBox In{BoxTag::ExpressionInput};
    In.First = {BO->getLHS(), NEVERC_AST_SCHEMA_DOMAIN_STMT};
    In.Second = {BO->getRHS(), NEVERC_AST_SCHEMA_DOMAIN_STMT};
    In.RawLoc = raw(BO->getOperatorLoc());
    run(core::Phase_SEMA_EXTENSION_EXPRESSION, In, Ref, Parent, false);
  }

  void statement(Stmt *&Ref, NodeRef Parent, CompoundStmt *CS,
                 bool FunctionBody) {
    SemaExtensionInBox In{BoxTag::StatementInput};
    In.First = {CS, NEVERC_AST_SCHEMA_DOMAIN_STMT};
    In.RawLoc = raw(CS->getLBracLoc());
    In.RawLoc2 = raw(CS->getRBracLoc());
    run(core::Phase_SEMA_EXTENSION_STATEMENT, In, Ref, Parent, FunctionBody);
  }

  void conversion(Stmt *&Ref, NodeRef Parent, NevercSemaConversionContext Ctx) {
    Expr *Sub = nullptr;
    if (auto *CE = dyn_cast<CStyleCastExpr>(Ref)) {
      Ctx = NEVERC_SEMA_CONVERSION_EXPLICIT_CAST;
      Sub = CE->getSubExpr();
    } else if (auto *ICE = dyn_cast<ImplicitCastExpr>(Ref); ICE && Ctx) {
      switch (ICE->getCastKind()) {
      case CK_LValueToRValue:
      case CK_NoOp:
      case CK_ArrayToPointerDecay:
      case CK_FunctionToPointerDecay:
      case CK_BuiltinFnToFnPtr:
        return;
      default:
        Sub = ICE->getSubExpr();
      }
    }
    if (!Sub)
      return;
    auto *E = cast<Expr>(Ref);
    SemaExtensionInBox In{BoxTag::ConversionInput};
    In.First = {Sub, NEVERC_AST_SCHEMA_DOMAIN_STMT};
    In.From = Sub->getType();
    In.To = E->getType();
    In.Context = Ctx;
    run(core::Phase_SEMA_EXTENSION_CONVERSION, In, Ref, Parent, false);
  }

  void declaration(Decl *Dc) {
    SemaExtensionInBox In{BoxTag::DeclarationInput};
    In.First = {Dc, NEVERC_AST_SCHEMA_DOMAIN_DECL};
    In.RawLoc = raw(Dc->getLocation());
    Check K{this, core::Phase_SEMA_EXTENSION_DECLARATION, nullptr, Dc, false};
    runSemaExtension(D, TS, core::Phase_SEMA_EXTENSION_DECLARATION, In,
                     &Check::run, &K);
  }

  ASTDomain::Impl &D;
  TaskState &TS;
  ASTContext &C;
  bool Expression, Statement, Declaration, Conversion;
  FunctionDecl *Fn = nullptr;
  bool InLoop = false, InSwitch = false;
};

} // namespace

bool semaEmulationActive(ASTDomain::Impl &D) {
  for (uint32_t P : {core::Phase_SEMA_EXTENSION_EXPRESSION,
                     core::Phase_SEMA_EXTENSION_STATEMENT,
                     core::Phase_SEMA_EXTENSION_DECLARATION,
                     core::Phase_SEMA_EXTENSION_CONVERSION})
    if (D.H.phases().at(P).Active)
      return true;
  return false;
}

void runSemaExtensions(ASTDomain::Impl &D, TaskState &TS, DeclGroupRef DG) {
  if (!TS.Ctx || !TS.T)
    return;
  Emulator E(D, TS);
  for (Decl *Dc : DG)
    E.decl(Dc);
}

std::optional<SemaExtensionOutBox>
runSemaExtension(ASTDomain::Impl &D, TaskState &TS, uint32_t Phase,
                 SemaExtensionInBox &In, NevercStatus (*Verify)(void *, void *),
                 void *VerifyCtx) {
  struct Builtin {
    SemaExtensionOutBox Out;
    static NevercStatus run(void *Ctx, void *, void **O) {
      *O = &static_cast<Builtin *>(Ctx)->Out;
      return okStatus();
    }
  } B;
  // Unhandled unless a plugin answers: the output of the same phase.
  switch (In.Tag) {
  case BoxTag::ExpressionInput:
    B.Out.Tag = BoxTag::ExpressionOutput;
    break;
  case BoxTag::StatementInput:
    B.Out.Tag = BoxTag::StatementOutput;
    break;
  case BoxTag::DeclarationInput:
    B.Out.Tag = BoxTag::DeclarationOutput;
    break;
  case BoxTag::TypeInput:
    B.Out.Tag = BoxTag::TypeOutput;
    break;
  default:
    B.Out.Tag = BoxTag::ConversionOutput;
    break;
  }
  core::PhaseRequest Req;
  Req.T = TS.T;
  Req.Input = &In;
  Req.Builtin = {&Builtin::run, &B};
  Req.Verifier = {Verify, VerifyCtx};
  core::PhaseOutcome O = D.H.runPhase(Phase, Req);
  if (!isOk(O.Status)) {
    TS.Failed = true;
    return std::nullopt;
  }
  // A copy: the built-in's box dies with this frame.
  auto *Out = static_cast<SemaExtensionOutBox *>(O.Output);
  if (!Out)
    return std::nullopt;
  return *Out;
}

//===--- SEMA slots 32-39, 42-43 ------------------------------------------===//

namespace {

NevercSourceLocation location(ASTDomain::Impl &D, TaskState &TS, uint32_t Raw) {
  return D.Codec.Location && Raw ? D.Codec.Location(D.Codec.Ctx, *TS.T, Raw)
                                 : NevercSourceLocation{};
}

/// The shape of every Create*ExtensionOutput slot: header, scope (the
/// frame is the phase's, an interceptor's continuation is live), the
/// disposition (rule 22: UNHANDLED 1 or HANDLED 2, zero-filled refused),
/// a node of domain \p Want when HANDLED, then the artifact.
template <class Desc>
NevercStatus createOutput(void *Ctx, const NevercPhaseFrame *Frame,
                          const NevercPhaseContinuation *Continuation,
                          const Desc *D_, NevercHandle Node,
                          NevercASTSchemaDomain Want, uint32_t Phase,
                          BoxTag Tag, NevercArtifactHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(D_, sizeof *D_, Major); !isOk(S))
      return S;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    ASTDomain::Impl &D = impl(Ctx);
    TaskState *TS;
    if (NevercStatus S = outputScope(D, Frame, Phase, &TS); !isOk(S))
      return S;
    if (Continuation && !TS->T->continuationLive(Continuation))
      return st(NEVERC_STATUS_WRONG_SCOPE);
    if (D_->Disposition != NEVERC_SEMA_EXTENSION_UNHANDLED &&
        D_->Disposition != NEVERC_SEMA_EXTENSION_HANDLED)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NodeRef N;
    if (D_->Disposition == NEVERC_SEMA_EXTENSION_HANDLED) {
      if (NevercStatus S = nodeOf(D, *TS, Node, Want, N); !isOk(S))
        return S;
    } else if (Node.Value) {
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    SemaExtensionOutBox &B = TS->own<SemaExtensionOutBox>();
    B.Tag = Tag;
    B.Disposition = D_->Disposition;
    B.Node = N;
    *Out = TS->T->createArtifact(D.H.phases().at(Phase).Output, &B);
    return okStatus();
  });
}

} // namespace

NevercStatus NEVERC_CALL getExpressionInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSemaExpressionExtensionInput *Out) {
  ASTDomain::Impl &D = impl(Ctx);
  return phaseInput<SemaExtensionInBox>(
      Ctx, Frame, Input, BoxTag::ExpressionInput, Major, Out,
      [&](TaskState &TS, SemaExtensionInBox &In,
          NevercSemaExpressionExtensionInput &I) {
        I.Left = TS.handle(In.First);
        I.Right = TS.handle(In.Second);
        I.OperatorLocation = location(D, TS, In.RawLoc);
      });
}

NevercStatus NEVERC_CALL
createExpressionOutput(void *Ctx, const NevercPhaseFrame *Frame,
                       const NevercPhaseContinuation *Continuation,
                       const NevercSemaExpressionExtensionOutput *Desc,
                       NevercArtifactHandle *Out) {
  return createOutput(
      Ctx, Frame, Continuation, Desc, Desc ? Desc->Expression : NevercHandle{},
      NEVERC_AST_SCHEMA_DOMAIN_STMT, core::Phase_SEMA_EXTENSION_EXPRESSION,
      BoxTag::ExpressionOutput, Out);
}

NevercStatus NEVERC_CALL getStatementInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSemaStatementExtensionInput *Out) {
  ASTDomain::Impl &D = impl(Ctx);
  return phaseInput<SemaExtensionInBox>(
      Ctx, Frame, Input, BoxTag::StatementInput, Major, Out,
      [&](TaskState &TS, SemaExtensionInBox &In,
          NevercSemaStatementExtensionInput &I) {
        if (In.Statements.empty())
          for (Stmt *S : static_cast<CompoundStmt *>(In.First.Ptr)->body())
            In.Statements.push_back(TS.handle(S));
        I.Statements = In.Statements.data();
        I.StatementCount = In.Statements.size();
        I.LeftBrace = location(D, TS, In.RawLoc);
        I.RightBrace = location(D, TS, In.RawLoc2);
      });
}

NevercStatus NEVERC_CALL createStatementOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercPhaseContinuation *Continuation,
    const NevercSemaStatementExtensionOutput *Desc, NevercArtifactHandle *Out) {
  return createOutput(
      Ctx, Frame, Continuation, Desc, Desc ? Desc->Statement : NevercHandle{},
      NEVERC_AST_SCHEMA_DOMAIN_STMT, core::Phase_SEMA_EXTENSION_STATEMENT,
      BoxTag::StatementOutput, Out);
}

NevercStatus NEVERC_CALL getDeclarationInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSemaDeclarationExtensionInput *Out) {
  ASTDomain::Impl &D = impl(Ctx);
  return phaseInput<SemaExtensionInBox>(
      Ctx, Frame, Input, BoxTag::DeclarationInput, Major, Out,
      [&](TaskState &TS, SemaExtensionInBox &In,
          NevercSemaDeclarationExtensionInput &I) {
        I.Declaration = TS.handle(In.First);
        I.NameLocation = location(D, TS, In.RawLoc);
      });
}

NevercStatus NEVERC_CALL
createDeclarationOutput(void *Ctx, const NevercPhaseFrame *Frame,
                        const NevercPhaseContinuation *Continuation,
                        const NevercSemaDeclarationExtensionOutput *Desc,
                        NevercArtifactHandle *Out) {
  return createOutput(
      Ctx, Frame, Continuation, Desc, Desc ? Desc->Declaration : NevercHandle{},
      NEVERC_AST_SCHEMA_DOMAIN_DECL, core::Phase_SEMA_EXTENSION_DECLARATION,
      BoxTag::DeclarationOutput, Out);
}

NevercStatus NEVERC_CALL getTypeInput(void *Ctx, const NevercPhaseFrame *Frame,
                                      NevercArtifactHandle Input,
                                      NevercSemaTypeExtensionInput *Out) {
  ASTDomain::Impl &D = impl(Ctx);
  return phaseInput<SemaExtensionInBox>(
      Ctx, Frame, Input, BoxTag::TypeInput, Major, Out,
      [&](TaskState &TS, SemaExtensionInBox &In,
          NevercSemaTypeExtensionInput &I) {
        I.Name = {In.Name.data(), In.Name.size()};
        I.NameLocation = location(D, TS, In.RawLoc);
      });
}

NevercStatus NEVERC_CALL createTypeOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercPhaseContinuation *Continuation,
    const NevercSemaTypeExtensionOutput *Desc, NevercArtifactHandle *Out) {
  return createOutput(Ctx, Frame, Continuation, Desc,
                      Desc ? Desc->Type : NevercHandle{},
                      NEVERC_AST_SCHEMA_DOMAIN_TYPE,
                      core::Phase_SEMA_EXTENSION_TYPE, BoxTag::TypeOutput, Out);
}

NevercStatus NEVERC_CALL getConversionInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSemaConversionExtensionInput *Out) {
  return phaseInput<SemaExtensionInBox>(
      Ctx, Frame, Input, BoxTag::ConversionInput, Major, Out,
      [&](TaskState &TS, SemaExtensionInBox &In,
          NevercSemaConversionExtensionInput &I) {
        I.Expression = TS.handle(In.First);
        I.SourceType = TS.handle(In.From);
        I.DestinationType = TS.handle(In.To);
        I.Context = In.Context;
      });
}

NevercStatus NEVERC_CALL
createConversionOutput(void *Ctx, const NevercPhaseFrame *Frame,
                       const NevercPhaseContinuation *Continuation,
                       const NevercSemaConversionExtensionOutput *Desc,
                       NevercArtifactHandle *Out) {
  return createOutput(
      Ctx, Frame, Continuation, Desc, Desc ? Desc->Expression : NevercHandle{},
      NEVERC_AST_SCHEMA_DOMAIN_STMT, core::Phase_SEMA_EXTENSION_CONVERSION,
      BoxTag::ConversionOutput, Out);
}

} // namespace neverc::ast
