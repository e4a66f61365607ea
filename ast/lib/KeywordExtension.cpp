//===- KeywordExtension.cpp - keywords that become expressions, types,
// statements -===//
//
// neverc.syntax.extension.expression, .type_name and .statement, carried by
// Clang's annotation tokens. Stock Clang 22's parser has no hook where a
// plugin could parse a construct, but it does accept a token that already
// holds a parsed expression (tok::annot_primary_expr) or type
// (tok::annot_typename) wherever an expression or a type name may start.
// A statement travels as an expression too: a GNU statement expression of
// type void, `({ stmt })`, which the `;` the source writes after the
// keyword turns into an expression statement. So a keyword a plugin
// claimed (NevercParserClaimAPI::ClaimKeyword) is predefined as a macro of
// the same name; at each expansion (PPCallbacks::MacroExpands, before the
// expansion is entered) the phase runs over the keyword and its arguments,
// the macro expands to nothing, and the annotation token holding the
// plugin's node is entered right after it. The parser then analyses the
// surrounding construct around it, so C's rules apply to the result.
// A declaration keyword expands to nothing and is handled in
// DeclarationKeyword.cpp; an attribute keyword (neverc.syntax.extension.
// keyword) is spelled back as the GNU attribute the plugin made.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Basic/IdentifierTable.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Ownership.h"
#include "clang/Sema/Sema.h"

#include <unordered_map>

namespace neverc::ast {

using namespace clang;

namespace {

uint32_t phaseOf(const KeywordClaim &K) {
  switch (K.Result) {
  case NEVERC_PARSER_RESULT_EXPR:
    return core::Phase_SYNTAX_EXTENSION_EXPRESSION;
  case NEVERC_PARSER_RESULT_STMT:
    return core::Phase_SYNTAX_EXTENSION_STATEMENT;
  case NEVERC_PARSER_RESULT_DECL:
    return core::Phase_SYNTAX_EXTENSION_DECLARATION;
  case NEVERC_PARSER_RESULT_ATTRIBUTE:
    return core::Phase_SYNTAX_EXTENSION_KEYWORD;
  default:
    return core::Phase_SYNTAX_EXTENSION_TYPE_NAME;
  }
}

class KeywordWatch final : public PPCallbacks {
public:
  KeywordWatch(ASTDomain::Impl &D, TaskState &TS, Preprocessor &PP)
      : D(D), TS(TS), PP(PP) {
    for (const KeywordClaim &K : D.Keywords)
      if (D.H.phases().at(phaseOf(K)).Active)
        Claims[PP.getIdentifierInfo(K.Name)] = &K;
  }

  void MacroExpands(const Token &Name, const MacroDefinition &MD,
                    SourceRange Range, const MacroArgs *Args) override {
    auto It = Claims.find(Name.getIdentifierInfo());
    MacroInfo *MI = MD.getMacroInfo();
    if (It == Claims.end() || !MI)
      return;
    const KeywordClaim &K = *It->second;
    std::vector<Token> Toks{Name};
    for (unsigned I = 0; Args && I < Args->getNumMacroArguments(); ++I)
      for (const Token *P = Args->getUnexpArgument(I); P->isNot(tok::eof); ++P)
        Toks.push_back(*P);
    if (K.Result == NEVERC_PARSER_RESULT_ATTRIBUTE) {
      attributeKeyword(Toks, Name, Range, MI);
      return;
    }
    if (K.Result == NEVERC_PARSER_RESULT_DECL) {
      // The macro expands to nothing. Before the first token of the unit
      // the parser stands at file scope, so the phase runs now; otherwise
      // this is the parser's lookahead, and the phase runs once the
      // declaration before it is complete (PipelineConsumer).
      (void)MI->allocateTokens(0, PP.getPreprocessorAllocator());
      if (PP.getTokenCount() == 0 && TS.PendingDeclarations.empty())
        runDeclarationKeyword(D, TS, Toks, Range.getEnd());
      else
        TS.PendingDeclarations.push_back(
            {std::move(Toks), Name.getLocation(), Range.getEnd()});
      return;
    }
    // Unhandled, the keyword stays the identifier it is (not expanded
    // again).
    Token Result = Name;
    Result.setFlag(Token::DisableExpand);
    ExtensionOutBox Out;
    if (TS.T && TS.Sema && TS.Ctx &&
        runSyntaxExtension(D, TS, phaseOf(K), K.Result, Toks, Range.getEnd(),
                           nullptr, Out) &&
        Out.Disposition == NEVERC_PARSER_EXTENSION_HANDLED && Out.Node.Ptr) {
      Result.startToken();
      Result.setFlagValue(Token::StartOfLine, Name.isAtStartOfLine());
      Result.setFlagValue(Token::LeadingSpace, Name.hasLeadingSpace());
      Result.setLocation(Name.getLocation());
      Result.setAnnotationEndLoc(Range.getEnd());
      if (K.Result == NEVERC_PARSER_RESULT_EXPR) {
        Result.setKind(tok::annot_primary_expr);
        Result.setAnnotationValue(
            ExprResult(cast<Expr>(static_cast<Stmt *>(Out.Node.Ptr)))
                .getAsOpaquePointer());
      } else if (K.Result == NEVERC_PARSER_RESULT_STMT) {
        ASTContext &C = *TS.Ctx;
        Stmt *Body[] = {static_cast<Stmt *>(Out.Node.Ptr)};
        auto *CS = CompoundStmt::Create(C, Body, FPOptionsOverride(),
                                        Name.getLocation(), Range.getEnd());
        auto *SE = new (C) StmtExpr(CS, C.VoidTy, Name.getLocation(),
                                    Range.getEnd(), /*TemplateDepth=*/0);
        Result.setKind(tok::annot_primary_expr);
        Result.setAnnotationValue(ExprResult(SE).getAsOpaquePointer());
      } else {
        Result.setKind(tok::annot_typename);
        Result.setAnnotationValue(
            ParsedType::make(QualType::getFromOpaquePtr(Out.Node.Ptr))
                .getAsOpaquePtr());
      }
    }
    // The macro expands to nothing, and the token it stands for comes
    // next. (An annotation token never sits in a macro body: Clang's
    // single-token expansion path reads a body token as an identifier.)
    (void)MI->allocateTokens(0, PP.getPreprocessorAllocator());
    PP.EnterToken(Result, /*IsReinject=*/false);
  }

private:
  /// neverc.syntax.extension.keyword: a keyword attribute. Clang's parser
  /// takes no keyword from a plugin, so the answer is spelled back as
  /// tokens: the annotate node becomes `__attribute__((annotate("name")))`
  /// where the keyword stood (Clang parses it, and attaches its own
  /// annotate attribute to the declaration); HANDLED with no node removes
  /// the keyword and its arguments; UNHANDLED leaves the identifier.
  void attributeKeyword(const std::vector<Token> &Toks, const Token &Name,
                        SourceRange Range, MacroInfo *MI) {
    (void)MI->allocateTokens(0, PP.getPreprocessorAllocator());
    ExtensionOutBox Out;
    bool Ran = TS.T && TS.Sema && TS.Ctx &&
               runSyntaxExtension(D, TS, core::Phase_SYNTAX_EXTENSION_KEYWORD,
                                  NEVERC_PARSER_RESULT_ATTRIBUTE, Toks,
                                  Range.getEnd(), nullptr, Out);
    if (!Ran || Out.Disposition != NEVERC_PARSER_EXTENSION_HANDLED) {
      Token Same = Name;
      Same.setFlag(Token::DisableExpand);
      PP.EnterToken(Same, /*IsReinject=*/false);
      return;
    }
    auto *A = static_cast<Attr *>(Out.Node.Ptr);
    auto *Ann = dyn_cast_or_null<AnnotateAttr>(A);
    if (!Ann)
      return;
    SourceLocation L = Name.getLocation();
    std::vector<Token> Spelled;
    auto Punct = [&](tok::TokenKind K) {
      Token T;
      T.startToken();
      T.setKind(K);
      T.setLocation(L);
      T.setLength(0);
      Spelled.push_back(T);
    };
    auto Ident = [&](const char *N, tok::TokenKind K) {
      Token T;
      T.startToken();
      T.setKind(K);
      T.setIdentifierInfo(PP.getIdentifierInfo(N));
      T.setLocation(L);
      Spelled.push_back(T);
    };
    Ident("__attribute__", tok::kw___attribute);
    Spelled.back().setFlagValue(Token::LeadingSpace, Name.hasLeadingSpace());
    Spelled.back().setFlagValue(Token::StartOfLine, Name.isAtStartOfLine());
    Punct(tok::l_paren);
    Punct(tok::l_paren);
    Ident("annotate", tok::identifier);
    Punct(tok::l_paren);
    std::string Lit = "\"";
    for (char Ch : Ann->getAnnotation()) {
      if (Ch == '"' || Ch == '\\')
        Lit += '\\';
      Lit += Ch;
    }
    Lit += '"';
    Token Str;
    Str.startToken();
    Str.setKind(tok::string_literal);
    PP.CreateString(Lit, Str, L, Range.getEnd());
    Spelled.push_back(Str);
    Punct(tok::r_paren);
    Punct(tok::r_paren);
    Punct(tok::r_paren);
    auto Buf = std::make_unique<Token[]>(Spelled.size());
    std::copy(Spelled.begin(), Spelled.end(), Buf.get());
    PP.EnterTokenStream(std::move(Buf), Spelled.size(),
                        /*DisableMacroExpansion=*/true, /*IsReinject=*/false);
  }

  ASTDomain::Impl &D;
  TaskState &TS;
  Preprocessor &PP;
  std::unordered_map<const IdentifierInfo *, const KeywordClaim *> Claims;
};

} // namespace

bool keywordsActive(ASTDomain::Impl &D) {
  for (const KeywordClaim &K : D.Keywords)
    if (D.H.phases().at(phaseOf(K)).Active)
      return true;
  return false;
}

void defineClaimedKeywords(ASTDomain::Impl &D, CompilerInstance &CI) {
  for (const KeywordClaim &K : D.Keywords)
    if (D.H.phases().at(phaseOf(K)).Active)
      CI.getPreprocessorOpts().addMacroDef(
          K.TakesArguments ? K.Name + "(...)=" + K.Name : K.Name + "=" + K.Name);
}

void watchClaimedKeywords(ASTDomain::Impl &D, TaskState &TS,
                          CompilerInstance &CI) {
  if (CI.hasPreprocessor())
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<KeywordWatch>(D, TS, CI.getPreprocessor()));
}

NevercStatus NEVERC_CALL claimKeyword(void *Ctx,
                                      const NevercParserKeywordClaim *C) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S =
            checkHeader(C, sizeof *C, NEVERC_PARSER_CLAIM_API_MAJOR);
        !isOk(S))
      return S;
    ASTDomain::Impl &D = impl(Ctx);
    if (!D.H.registeringPlugin())
      return st(NEVERC_STATUS_INVALID_STATE);
    std::string_view Name(C->Name.Data ? C->Name.Data : "", C->Name.Length);
    if ((C->Name.Length && !C->Name.Data) || !isIdentifier(Name) ||
        C->Result < NEVERC_PARSER_RESULT_DECL ||
        C->Result > NEVERC_PARSER_RESULT_ATTRIBUTE)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // A keyword of any C standard or GNU C stays Clang's.
    LangOptions LO;
    LO.C99 = LO.C11 = LO.C17 = LO.C23 = LO.C2y = true;
    LO.GNUMode = LO.GNUKeywords = true;
    IdentifierTable Keywords(LO);
    if (Keywords.get(Name).getTokenID() != tok::identifier)
      return st(NEVERC_STATUS_DUPLICATE_ID);
    std::lock_guard<std::mutex> G(D.Lock);
    for (const KeywordClaim &Old : D.Keywords)
      if (Old.Name == Name)
        return st(NEVERC_STATUS_DUPLICATE_ID);
    D.Keywords.push_back(
        {std::string(Name), C->Result, C->TakesArguments != NEVERC_FALSE});
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createDeclReference(void *Ctx, NevercTaskHandle Task,
                                             NevercDeclHandle Decl_,
                                             NevercSourceLocation Location,
                                             NevercExprHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    if (mayNotMutate(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    NodeRef N;
    if (NevercStatus S =
            nodeOf(D, *TS, Decl_, NEVERC_AST_SCHEMA_DOMAIN_DECL, N);
        !isOk(S))
      return S;
    auto *VD = dyn_cast<ValueDecl>(static_cast<clang::Decl *>(N.Ptr));
    if (!VD)
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (!TS->Sema)
      return st(NEVERC_STATUS_INVALID_STATE);
    SourceLocation L = VD->getLocation();
    if (Location.Owner || Location.Value) {
      uint32_t Raw = D.Codec.DecodeLocation
                         ? D.Codec.DecodeLocation(D.Codec.Ctx, *TS->T, Location)
                         : 0;
      if (!Raw)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      L = SourceLocation::getFromRawEncoding(Raw);
    }
    ExprResult E = TS->Sema->BuildDeclarationNameExpr(
        CXXScopeSpec(), DeclarationNameInfo(VD->getDeclName(), L), VD);
    if (E.isInvalid() || !E.get())
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    *Out = TS->handle(static_cast<Stmt *>(E.get()));
    TS->Unplaced.insert(E.get());
    if (auto *M = TS->Mutations.lookup(TS->OpenMutation))
      (*M)->Created.push_back(*Out);
    return okStatus();
  });
}

} // namespace neverc::ast
