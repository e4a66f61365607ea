//===- DeclarationKeyword.cpp - keywords that become file-scope declarations
//===//
//
// neverc.syntax.extension.declaration. Stock Clang 22 has no annotation
// token that carries a declaration, but its parse loop stops between two
// top-level declarations to hand the finished one to the AST consumer, and
// there Sema stands at file scope. A keyword claimed with Result DECL is a
// predefined macro that expands to nothing (KeywordExtension.cpp); the
// parser meets it as the lookahead of the declaration before it, so the
// phase runs when that declaration reaches the consumer (the keyword's
// place is after it), or at once when nothing was lexed before it. What the
// plugin built is then declared as the parser would: a lookup of earlier
// declarations of the name, Sema's redeclaration checks and merging,
// the scope, the initializer with C's conversions, and the consumer event
// that sends it on to IR generation. Declarations later in the file see it.
//
// Written anywhere but between two top-level declarations (in a function
// body, inside a declaration) the keyword is an error at its location.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

namespace neverc::ast {

using namespace clang;

namespace {

void report(TaskState &TS, SourceLocation Loc, const std::string &Msg) {
  DiagnosticsEngine &E = TS.Sema->getDiagnostics();
  E.Report(Loc, E.getCustomDiagID(DiagnosticsEngine::Error, "%0")) << Msg;
}

std::string spelling(const Token &T) {
  return T.getIdentifierInfo() ? T.getIdentifierInfo()->getName().str()
                               : std::string("?");
}

/// Earlier file-scope declarations of \p ND's name (an ordinary name, or a
/// tag's) that a redeclaration must agree with.
LookupResult previous(Sema &S, NamedDecl *ND,
                      Sema::LookupNameKind K = Sema::LookupOrdinaryName) {
  LookupResult R(S, ND->getDeclName(), ND->getLocation(), K,
                 S.forRedeclarationInCurContext());
  S.LookupName(R, S.TUScope);
  return R;
}

bool placeVar(Sema &S, VarDecl *VD) {
  // The builder kept the initializer on the variable; Sema adds it again
  // once the variable is merged with earlier declarations (a second
  // definition is then Clang's redefinition error).
  Expr *Init = VD->getInit();
  VD->setInit(nullptr);
  LookupResult Prev = previous(S, VD);
  S.CheckVariableDeclaration(VD, Prev);
  if (VD->isInvalidDecl())
    return false;
  S.PushOnScopeChains(VD, S.TUScope);
  if (Init)
    S.AddInitializerToDecl(VD, Init, /*DirectInit=*/false);
  else
    S.ActOnUninitializedDecl(VD);
  S.FinalizeDeclaration(VD);
  return !VD->isInvalidDecl();
}

bool placeFunction(TaskState &TS, Sema &S, FunctionDecl *FD) {
  Stmt *Body = TS.PendingBodies.lookup(FD);
  TS.PendingBodies.erase(FD);
  LookupResult Prev = previous(S, FD);
  S.CheckFunctionDeclaration(S.TUScope, FD, Prev,
                             /*IsMemberSpecialization=*/false,
                             /*DeclIsDefn=*/Body != nullptr);
  if (FD->isInvalidDecl())
    return false;
  S.PushOnScopeChains(FD, S.TUScope);
  if (Body) {
    S.CheckForFunctionRedefinition(FD);
    if (FD->isInvalidDecl())
      return false;
    FD->setBody(Body);
  }
  return true;
}

bool placeRecord(TaskState &TS, Sema &S, RecordDecl *RD) {
  LookupResult R = previous(S, RD, Sema::LookupTagName);
  if (auto *Prev = R.getAsSingle<TagDecl>()) {
    auto *PrevRD = dyn_cast<RecordDecl>(Prev);
    if (!PrevRD || !PrevRD->isStruct() || PrevRD->getDefinition()) {
      report(TS, RD->getLocation(),
             "redefinition of '" + RD->getNameAsString() +
                 "' (declared as a struct by the keyword)");
      RD->setInvalidDecl();
      return false;
    }
    RD->setPreviousDecl(PrevRD);
  }
  S.PushOnScopeChains(RD, S.TUScope);
  llvm::SmallVector<Decl *, 8> Fields(RD->fields());
  S.ActOnFields(S.TUScope, RD->getLocation(), RD, Fields, RD->getLocation(),
                RD->getLocation(), ParsedAttributesView());
  if (RD->isInvalidDecl())
    return false;
  S.getASTConsumer().HandleTagDeclDefinition(RD);
  return true;
}

bool placeEnum(TaskState &TS, Sema &S, EnumDecl *ED) {
  if (!previous(S, ED, Sema::LookupTagName).empty()) {
    report(TS, ED->getLocation(),
           "redefinition of '" + ED->getNameAsString() +
               "' (declared as an enum by the keyword)");
    return false;
  }
  // Enumerators are ordinary identifiers of the file scope.
  for (EnumConstantDecl *E : ED->enumerators()) {
    if (!previous(S, E).empty()) {
      report(TS, E->getLocation(),
             "redefinition of '" + E->getNameAsString() +
                 "' (an enumerator of the keyword's enum)");
      return false;
    }
  }
  S.PushOnScopeChains(ED, S.TUScope);
  llvm::SmallVector<Decl *, 8> Items(ED->enumerators());
  for (Decl *E : Items)
    S.PushOnScopeChains(cast<NamedDecl>(E), S.TUScope, /*AddToContext=*/false);
  S.ActOnEnumBody(ED->getLocation(), ED->getSourceRange(), ED, Items, S.TUScope,
                  ParsedAttributesView());
  if (ED->isInvalidDecl())
    return false;
  S.getASTConsumer().HandleTagDeclDefinition(ED);
  return true;
}

} // namespace

bool placeAtFileScope(TaskState &TS, Decl *Dc) {
  Sema &S = *TS.Sema;
  DiagnosticsEngine &Diags = S.getDiagnostics();
  unsigned Errors = Diags.getNumErrors();
  bool Ok = false;
  if (auto *VD = dyn_cast<VarDecl>(Dc))
    Ok = placeVar(S, VD);
  else if (auto *FD = dyn_cast<FunctionDecl>(Dc))
    Ok = placeFunction(TS, S, FD);
  else if (auto *RD = dyn_cast<RecordDecl>(Dc))
    Ok = placeRecord(TS, S, RD);
  else if (auto *ED = dyn_cast<EnumDecl>(Dc))
    Ok = placeEnum(TS, S, ED);
  if (!Ok || Diags.getNumErrors() != Errors)
    return false;
  notePlaced(TS, NodeRef{Dc, NEVERC_AST_SCHEMA_DOMAIN_DECL});
  return true;
}

bool runDeclarationKeyword(ASTDomain::Impl &D, TaskState &TS,
                           const std::vector<Token> &Tokens, SourceLocation End,
                           bool AtEnd) {
  if (!TS.T || !TS.Sema || !TS.Ctx || Tokens.empty())
    return false;
  SourceLocation Loc = Tokens.front().getLocation();
  if (!TS.Sema->TUScope)
    return false;
  ExtensionOutBox Out;
  if (!runSyntaxExtension(D, TS, core::Phase_SYNTAX_EXTENSION_DECLARATION,
                          NEVERC_PARSER_RESULT_DECL, Tokens, End, nullptr, Out))
    return false;
  if (Out.Disposition != NEVERC_PARSER_EXTENSION_HANDLED || !Out.Node.Ptr) {
    report(TS, Loc,
           "no plugin handled the declaration keyword '" +
               spelling(Tokens.front()) + "'");
    return false;
  }
  auto *Dc = static_cast<Decl *>(Out.Node.Ptr);
  // Without a range of its own, the declaration is where the keyword is
  // (Clang's diagnostics about it point there).
  auto Locate = [&](Decl *X) {
    if (X->getLocation().isValid())
      return;
    X->setLocation(Loc);
    if (auto *DD = dyn_cast<DeclaratorDecl>(X))
      DD->setInnerLocStart(Loc);
  };
  Locate(Dc);
  if (auto *FD = dyn_cast<FunctionDecl>(Dc))
    for (ParmVarDecl *P : FD->parameters())
      Locate(P);
  if (auto *RD = dyn_cast<RecordDecl>(Dc))
    for (FieldDecl *F : RD->fields())
      Locate(F);
  if (auto *ED = dyn_cast<EnumDecl>(Dc))
    for (EnumConstantDecl *E : ED->enumerators())
      Locate(E);
  if (!placeAtFileScope(TS, Dc))
    return false;
  // The consumer sends it on as the parser's declarations go: lifecycle
  // events, then IR generation.
  ASTConsumer &C = TS.Sema->getASTConsumer();
  TS.PlacingDeclaration = true;
  C.HandleTopLevelDecl(DeclGroupRef(Dc));
  TS.PlacingDeclaration = false;
  // Past the unit's end Sema has completed its tentative definitions.
  if (auto *VD = dyn_cast<VarDecl>(Dc);
      AtEnd && VD &&
      VD->isThisDeclarationADefinition() == VarDecl::TentativeDefinition)
    C.CompleteTentativeDefinition(VD);
  return true;
}

void runPendingDeclarations(ASTDomain::Impl &D, TaskState &TS, DeclGroupRef DG,
                            bool Before) {
  if (TS.PendingDeclarations.empty() || !TS.Ctx)
    return;
  SourceManager &SM = TS.Ctx->getSourceManager();
  SourceLocation Begin, Last;
  for (Decl *Dc : DG) {
    if (Begin.isInvalid())
      Begin = SM.getExpansionLoc(Dc->getBeginLoc());
    Last = SM.getExpansionLoc(Dc->getEndLoc());
  }
  // Taken out first: placing a declaration raises HandleTopLevelDecl
  // again, which must not run these twice.
  std::vector<TaskState::PendingDeclaration> Now, Later;
  for (auto &P : TS.PendingDeclarations) {
    SourceLocation L = SM.getExpansionLoc(P.Loc);
    bool IsBefore = Begin.isValid() && SM.isBeforeInTranslationUnit(L, Begin);
    bool IsAfter = Last.isInvalid() || SM.isBeforeInTranslationUnit(Last, L);
    if (!IsBefore && !IsAfter) {
      if (TS.Sema)
        report(TS, P.Loc,
               "declaration keyword '" + spelling(P.Tokens.front()) +
                   "' inside a declaration: it may only stand between two "
                   "declarations at file scope");
      continue;
    }
    (IsBefore == Before ? Now : Later).push_back(std::move(P));
  }
  TS.PendingDeclarations = std::move(Later);
  for (auto &P : Now)
    runDeclarationKeyword(D, TS, P.Tokens, P.End, DG.isNull());
}

} // namespace neverc::ast
