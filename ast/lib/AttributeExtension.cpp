//===- AttributeExtension.cpp - neverc.syntax.extension.attribute ---------===//
//
// Carried by clang::ParsedAttrInfo. Clang hands a plugin an attribute only
// when its name is among the spellings of a registered ParsedAttrInfo, and
// it reads that registry (a process-wide list it builds once) while it
// parses. So plugins claim names up front, in Register, through the neverc
// extension table NevercParserClaimAPI (PluginParserClaim.h); the domain
// keeps the claims and points the one registered ClaimedAttrInfo's
// spellings at them. For every attribute with a claimed name, Sema calls
// handleDeclAttribute (on a declaration) or handleStmtAttribute (on a
// statement), which runs the phase (SyntaxExtension.cpp) with a cursor over
// the attribute's tokens as written; the node a plugin returns (an
// `annotate` attribute CreateParsedAttribute made) is attached to the
// declaration, or wraps the statement in an AttributedStmt.
//
// Zero cost: without a claim the registered info has no spellings, and
// Clang consults plugin infos only for names it does not know.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

namespace neverc::ast {

using namespace clang;

namespace {

/// Tells the info neverc registered apart from other plugins' (no RTTI):
/// its ArgNames view points here (with length 0, which Clang reads as "no
/// named arguments").
const char *const ClaimMarker[1] = {"neverc"};

struct ClaimedAttrInfo final : ParsedAttrInfo {
  ClaimedAttrInfo() {
    OptArgs = NEVERC_PARSER_CLAIM_MAX_ARGUMENTS;
    ArgNames = ArrayRef<const char *>(ClaimMarker, size_t(0));
  }
  ASTDomain::Impl *Owner = nullptr;

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &A) const override {
    if (!Owner) {
      S.DiagnoseUnknownAttribute(A);
      return AttributeNotApplied;
    }
    Attr *Made = nullptr;
    if (!runAttributeExtension(*Owner, S, A, Made))
      return AttributeNotApplied;
    if (Made)
      D->addAttr(Made);
    return AttributeApplied;
  }

  AttrHandling handleStmtAttribute(Sema &S, Stmt *St, const ParsedAttr &A,
                                   Attr *&Result) const override {
    (void)St;
    if (!Owner) {
      S.DiagnoseUnknownAttribute(A);
      return AttributeNotApplied;
    }
    // Applied with no node: Sema keeps nothing and the statement stays as
    // it is.
    return runAttributeExtension(*Owner, S, A, Result) ? AttributeApplied
                                                       : AttributeNotApplied;
  }
};

ParsedAttrInfoRegistry::Add<ClaimedAttrInfo>
    Registered("neverc-attribute-claims",
               "attribute names claimed through NevercParserClaimAPI");

ClaimedAttrInfo *registryInstance() {
  for (const std::unique_ptr<ParsedAttrInfo> &I :
       getAttributePluginInstances())
    if (I->ArgNames.data() == ClaimMarker)
      return static_cast<ClaimedAttrInfo *>(I.get());
  return nullptr;
}

//===--- Claims -----------------------------------------------------------===//

/// Clang's normalisation: "__x__" is "x".
std::string_view normalized(std::string_view S) {
  if (S.size() >= 5 && S.substr(0, 2) == "__" && S.substr(S.size() - 2) == "__")
    return S.substr(2, S.size() - 4);
  return S;
}

constexpr std::pair<NevercParserAttributeForm, AttributeCommonInfo::Syntax>
    Forms[] = {{NEVERC_PARSER_ATTRIBUTE_GNU, AttributeCommonInfo::AS_GNU},
               {NEVERC_PARSER_ATTRIBUTE_C23, AttributeCommonInfo::AS_C23},
               {NEVERC_PARSER_ATTRIBUTE_DECLSPEC,
                AttributeCommonInfo::AS_Declspec}};

NevercStatus NEVERC_CALL claimAttribute(void *Ctx,
                                        const NevercParserAttributeClaim *C) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S =
            checkHeader(C, sizeof *C, NEVERC_PARSER_CLAIM_API_MAJOR);
        !isOk(S))
      return S;
    ASTDomain::Impl &D = impl(Ctx);
    // Clang reads the spellings while it parses: claims are made before.
    if (!D.H.registeringPlugin())
      return st(NEVERC_STATUS_INVALID_STATE);
    if ((C->Name.Length && !C->Name.Data) || C->Forms == 0 ||
        (C->Forms & ~NEVERC_PARSER_ATTRIBUTE_FORM_MASK_ALL) ||
        C->MaximumArguments > NEVERC_PARSER_CLAIM_MAX_ARGUMENTS)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::string_view Full(C->Name.Data ? C->Name.Data : "", C->Name.Length);
    std::string_view Scope, Name = Full;
    if (size_t Sep = Full.find("::"); Sep != std::string_view::npos) {
      Scope = normalized(Full.substr(0, Sep));
      Name = Full.substr(Sep + 2);
      // Only the C23 form has scoped names.
      if (C->Forms != NEVERC_PARSER_ATTRIBUTE_FORM_MASK(
                          NEVERC_PARSER_ATTRIBUTE_C23) ||
          !isIdentifier(Scope))
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    Name = normalized(Name);
    if (!isIdentifier(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::string Key =
        Scope.empty() ? std::string(Name)
                      : std::string(Scope) + "::" + std::string(Name);
    IdentifierTable Names;
    const IdentifierInfo *NameII = &Names.get(Name);
    const IdentifierInfo *ScopeII = Scope.empty() ? nullptr : &Names.get(Scope);
    std::lock_guard<std::mutex> G(D.Lock);
    for (auto [Form, Syntax] : Forms) {
      if (!(C->Forms & NEVERC_PARSER_ATTRIBUTE_FORM_MASK(Form)))
        continue;
      if (AttributeCommonInfo::getParsedKind(NameII, ScopeII, Syntax) !=
          AttributeCommonInfo::UnknownAttribute)
        return st(NEVERC_STATUS_DUPLICATE_ID);
      for (const AttributeClaim &Old : D.Claims)
        if (Old.Name == Key &&
            (Old.Forms & NEVERC_PARSER_ATTRIBUTE_FORM_MASK(Form)))
          return st(NEVERC_STATUS_DUPLICATE_ID);
    }
    ClaimedAttrInfo *Info = registryInstance();
    if (!Info || (Info->Owner && Info->Owner != &D)) {
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             "ClaimAttribute: clang's attribute registry is bound to another "
             "neverc host in this process (it is process-wide)",
             "neverc.syntax.extension.attribute");
      return st(NEVERC_STATUS_BUSY);
    }
    D.Claims.push_back({Key, C->Forms, C->MaximumArguments});
    D.ClaimSpellings.clear();
    for (const AttributeClaim &Cl : D.Claims)
      for (auto [Form, Syntax] : Forms)
        if (Cl.Forms & NEVERC_PARSER_ATTRIBUTE_FORM_MASK(Form))
          D.ClaimSpellings.push_back({Syntax, Cl.Name.c_str()});
    Info->Owner = &D;
    Info->Spellings = D.ClaimSpellings;
    return okStatus();
  });
}

//===--- The phase --------------------------------------------------------===//

/// The attribute's tokens as written: from the scope (or name) through the
/// closing parenthesis of its arguments, lexed raw from where they are
/// spelled (a macro's body when the attribute came from a macro).
std::vector<Token> attributeTokens(Sema &S, const ParsedAttr &A) {
  SourceManager &SM = S.getSourceManager();
  // The range begins at the scope of a scoped name, else at the name.
  SourceLocation Start = SM.getSpellingLoc(A.getRange().getBegin());
  const bool Scoped = A.getScopeName() != nullptr;
  std::vector<Token> Out;
  auto [FID, Offset] = SM.getDecomposedLoc(Start);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return Out;
  Lexer L(SM.getLocForStartOfFile(FID), S.getLangOpts(), Buf.begin(),
          Buf.begin() + Offset, Buf.end());
  Preprocessor &PP = S.getPreprocessor();
  // Enough for any real attribute; a runaway (unbalanced) list stops here.
  constexpr size_t Limit = 4096;
  int Depth = 0;
  bool SeenName = false;
  Token T;
  while (Out.size() < Limit) {
    L.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (T.is(tok::raw_identifier))
      PP.LookUpIdentifierInfo(T);
    if (SeenName && Depth == 0 && T.isNot(tok::l_paren))
      break;
    Out.push_back(T);
    if (!SeenName) {
      // "name", or "scope :: name" (the scope is the first token).
      SeenName = (!Scoped || Out.size() > 1) &&
                 T.getIdentifierInfo() == A.getAttrName();
      if (!SeenName && Out.size() >= 3)
        break; // not spelled where clang says: the tokens so far
      continue;
    }
    if (T.is(tok::l_paren))
      ++Depth;
    else if (T.is(tok::r_paren) && --Depth == 0)
      break;
  }
  return Out;
}

TaskState *stateOfSema(ASTDomain::Impl &D, Sema &S) {
  TaskState *Found = nullptr;
  D.States.forEach([&](TaskState &TS) {
    if (TS.Sema == &S)
      Found = &TS;
  });
  return Found;
}

} // namespace

bool runAttributeExtension(ASTDomain::Impl &D, Sema &S, const ParsedAttr &A,
                           Attr *&Made) {
  Made = nullptr;
  TaskState *TS = stateOfSema(D, S);
  if (!TS || !TS->T || !TS->CI ||
      !D.H.phases().at(core::Phase_SYNTAX_EXTENSION_ATTRIBUTE).Active) {
    S.DiagnoseUnknownAttribute(A);
    return false;
  }
  // The claim's argument limit, as Clang checks its own attributes'.
  const std::string Name = A.getNormalizedFullName();
  for (const AttributeClaim &C : D.Claims)
    if (C.Name == Name && A.getNumArgs() > C.MaximumArguments) {
      S.Diag(A.getLoc(), diag::err_attribute_too_many_arguments)
          << A << C.MaximumArguments;
      return false;
    }
  ExtensionOutBox Out;
  if (!runSyntaxExtension(D, *TS, core::Phase_SYNTAX_EXTENSION_ATTRIBUTE,
                          NEVERC_PARSER_RESULT_ATTRIBUTE, attributeTokens(S, A),
                          A.getRange().getEnd(), &A, Out))
    return false;
  if (Out.Disposition != NEVERC_PARSER_EXTENSION_HANDLED) {
    S.DiagnoseUnknownAttribute(A);
    return false;
  }
  Made = static_cast<Attr *>(Out.Node.Ptr); // null: handled, nothing kept
  return true;
}

void unbindAttributeClaims(ASTDomain::Impl &D) {
  if (D.Claims.empty())
    return;
  if (ClaimedAttrInfo *Info = registryInstance(); Info && Info->Owner == &D) {
    Info->Owner = nullptr;
    Info->Spellings = {};
  }
}

void fillClaimTable(NevercParserClaimAPI &T, void *Ctx) {
  T.Header = {sizeof(NevercParserClaimAPI), NEVERC_PARSER_CLAIM_API_MAJOR,
              NEVERC_PARSER_CLAIM_API_MINOR, 0};
  T.Context = Ctx;
  T.ClaimAttribute = claimAttribute;
  T.ClaimKeyword = claimKeyword;
  T.CreateDeclReference = createDeclReference;
}

} // namespace neverc::ast
