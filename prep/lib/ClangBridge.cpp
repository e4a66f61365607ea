//===- ClangBridge.cpp - The prep domain on a Clang 22 Preprocessor -------===//
//
// attach() adds a clang::DependencyCollector to the CompilerInstance; Clang
// calls its attachToPreprocessor() from createPreprocessor(), which is the
// first moment the Preprocessor exists. From there:
//  * a PPCallbacks subclass raises the 39 events and runs the include,
//    macro and feature-query phases;
//  * catch-all PragmaHandlers (root, "GCC", "clang" namespaces) carry
//    pragma.intercept for every pragma Clang has no handler for;
//  * a token watcher (Preprocessor::setTokenWatcher) carries prep.token and
//    build_token_stream (and restores macro bodies swapped for one
//    expansion by macro.intercept).
// Nothing is installed when nothing is registered.
//
//===----------------------------------------------------------------------===//
#include "PrepInternal.h"

#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendOptions.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/LexDiagnostic.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/Token.h"

#include <algorithm>
#include <unordered_map>

using namespace clang;

namespace neverc::prep {

static_assert(sizeof(Token) <= NativeTokenBytes && alignof(Token) <= 8,
              "clang::Token does not fit NativeTokenBytes");

namespace {

//===--- Kind tables (by name: NeverC IDs are not clang's numbers) --------===//

struct KindTables {
  NevercTokenKind ToNeverc[tok::NUM_TOKENS];
  std::unordered_map<uint32_t, tok::TokenKind> ToClang;
  NevercPPKeywordKind PPToNeverc[tok::NUM_PP_KEYWORDS];

  KindTables() {
    std::unordered_map<std::string_view, uint32_t> ByName, PPBySpelling;
#define NEVERC_PREP_SCHEMA_INTERNAL_TOKEN(internal, SYM, ID, CAT, CONS, NAME,  \
                                          SPELL, HAS, PRAGMA)                  \
  ByName.emplace(NAME, ID);
#define NEVERC_PREP_SCHEMA_INTERNAL_PP_KEYWORD(internal, SYM, ID, SPELL)       \
  PPBySpelling.emplace(SPELL, ID);
#include "neverc/Plugin/Schema/PluginPrepSchema.inc"
#undef NEVERC_PREP_SCHEMA_INTERNAL_TOKEN
#undef NEVERC_PREP_SCHEMA_INTERNAL_PP_KEYWORD
    for (unsigned K = 0; K < tok::NUM_TOKENS; ++K) {
      // Keywords are named without their "kw_" prefix by Clang.
      std::string Name = tok::getTokenName(tok::TokenKind(K));
      if (tok::getKeywordSpelling(tok::TokenKind(K)))
        Name = "kw_" + Name;
      auto It = ByName.find(Name);
      ToNeverc[K] = It == ByName.end() ? NEVERC_TOKEN_UNKNOWN : It->second;
      if (It != ByName.end())
        ToClang.emplace(It->second, tok::TokenKind(K));
    }
    for (unsigned K = 0; K < tok::NUM_PP_KEYWORDS; ++K) {
      const char *S = tok::getPPKeywordSpelling(tok::PPKeywordKind(K));
      auto It = PPBySpelling.find(S ? std::string_view(S) : "not_keyword");
      PPToNeverc[K] = It == PPBySpelling.end() ? NEVERC_PP_KEYWORD_NOT_KEYWORD
                                               : It->second;
    }
  }
};
const KindTables &kinds() {
  static const KindTables T;
  return T;
}

// Token flags: bits 0x01-0x10 coincide, the rest are remapped.
constexpr std::pair<unsigned, NevercTokenFlags> FlagMap[] = {
    {Token::StartOfLine, NEVERC_TOKEN_FLAG_START_OF_LINE},
    {Token::LeadingSpace, NEVERC_TOKEN_FLAG_LEADING_SPACE},
    {Token::DisableExpand, NEVERC_TOKEN_FLAG_DISABLE_EXPANSION},
    {Token::NeedsCleaning, NEVERC_TOKEN_FLAG_NEEDS_CLEANING},
    {Token::LeadingEmptyMacro, NEVERC_TOKEN_FLAG_LEADING_EMPTY_MACRO},
    {Token::HasUCN, NEVERC_TOKEN_FLAG_HAS_UCN},
    {Token::IgnoredComma, NEVERC_TOKEN_FLAG_IGNORED_COMMA},
    {Token::StringifiedInMacro, NEVERC_TOKEN_FLAG_STRINGIFIED_IN_MACRO},
    {Token::CommaAfterElided, NEVERC_TOKEN_FLAG_COMMA_AFTER_ELIDED},
    {Token::IsReinjected, NEVERC_TOKEN_FLAG_REINJECTED},
};

NevercTokenFlags toNevercFlags(const Token &T) {
  NevercTokenFlags F = 0;
  for (auto [C, N] : FlagMap)
    if (T.getFlag(Token::TokenFlags(C)))
      F |= N;
  return F;
}

NevercFileCharacteristic characteristic(SrcMgr::CharacteristicKind K) {
  switch (K) {
  case SrcMgr::C_System:
  case SrcMgr::C_System_ModuleMap:
    return NEVERC_FILE_CHARACTERISTIC_SYSTEM;
  case SrcMgr::C_ExternCSystem:
    return NEVERC_FILE_CHARACTERISTIC_EXTERN_C_SYSTEM;
  default:
    return NEVERC_FILE_CHARACTERISTIC_USER;
  }
}

struct Bridge;

/// The facts of a lexer token every model gets at once (PrepDomain.h:
/// TokenModel); identifier and macro handles are the caller's.
void lexerTokenModel(const Token &Tok, TokenModel &M) {
  M.Kind = kinds().ToNeverc[Tok.getKind()];
  M.Flags = toNevercFlags(Tok);
  SourceLocation L = Tok.getLocation();
  M.RawBegin = L.getRawEncoding();
  M.FactsPending = true;
  if (!Tok.isAnnotation()) {
    M.RawEnd = L.getLocWithOffset(Tok.getLength()).getRawEncoding();
    M.RangePending = true;
  }
  std::memcpy(M.Native, &Tok, sizeof(Token));
  M.HasNative = true;
}

/// Spelling and origin of a lexer token, computed when a plugin first asks
/// (PrepDomain.h: TokenModel). It holds the compile's source manager, and
/// the file manager and diagnostics engine the source manager refers to,
/// so it still works after the CompilerInstance is gone: token handles are
/// readable until their task ends.
class LexerFacts final : public TokenFactsSource {
public:
  explicit LexerFacts(CompilerInstance &CI)
      : Diags(CI.getDiagnosticsPtr()), Files(CI.getFileManagerPtr()),
        Sources(CI.getSourceManagerPtr()), Lang(CI.getLangOpts()) {}

  void fromNative(const unsigned char *Native, TokenModel &M,
                  void **Identifier) override {
    Token Tok;
    std::memcpy(&Tok, Native, sizeof(Token));
    lexerTokenModel(Tok, M);
    *Identifier = Tok.isAnnotation() ? nullptr : Tok.getIdentifierInfo();
  }

  void resolve(const unsigned char *Native, NevercTokenOriginKind &Origin,
               std::string &Spelling) override {
    if (!Sources)
      return;
    Token Tok;
    std::memcpy(&Tok, Native, sizeof(Token));
    SourceManager &SM = *Sources;
    SourceLocation L = Tok.getLocation();
    if (L.isFileID())
      Origin = NEVERC_TOKEN_ORIGIN_FILE;
    else if (SM.isWrittenInScratchSpace(SM.getSpellingLoc(L)))
      Origin = NEVERC_TOKEN_ORIGIN_SYNTHESIZED;
    else if (SM.isMacroArgExpansion(L))
      Origin = NEVERC_TOKEN_ORIGIN_MACRO_ARGUMENT;
    else
      Origin = NEVERC_TOKEN_ORIGIN_MACRO_REPLACEMENT;
    if (!Tok.isAnnotation() && Tok.getKind() != tok::eof &&
        Tok.getKind() != tok::eod) {
      bool Invalid = false;
      Spelling = Lexer::getSpelling(Tok, SM, Lang, &Invalid);
      if (Invalid)
        Spelling.clear();
    }
  }

private:
  // Declaration order is destruction order reversed: the source manager
  // goes first, then what it refers to.
  IntrusiveRefCntPtr<DiagnosticsEngine> Diags;
  IntrusiveRefCntPtr<FileManager> Files;
  IntrusiveRefCntPtr<SourceManager> Sources;
  LangOptions Lang;
};

//===--- The bridge: one per attached CompilerInstance --------------------===//

struct Bridge final : PrepBackend, std::enable_shared_from_this<Bridge> {
  Bridge(PrepDomain &D, core::Task &T, CompilerInstance &CI)
      : D(D), T(&T), CI(CI) {}

  PrepDomain &D;
  core::Task *T; ///< null once detached
  CompilerInstance &CI;
  Preprocessor *PP = nullptr;
  bool PreprocessOnly = false;
  bool InWatcher = false;
  bool Materialized = false;
  /// Reused by every token's phase run (runs never nest: the watcher is
  /// guarded by InWatcher), so a token costs no vector of its own.
  std::vector<NevercTokenHandle> TokenHs;
  std::vector<Token> TokenOut;
  /// The materialized unit (build_token_stream), replayed in place.
  std::shared_ptr<std::vector<Token>> ReplayTokens;
  bool Failed = false;
  unsigned ErrorID = 0;
  /// A macro body swapped for one expansion (macro.intercept EXPAND).
  MacroInfo *Swapped = nullptr;
  ArrayRef<Token> SwappedBody;
  /// Identifier of each macro definition seen (for facts).
  std::unordered_map<const MacroInfo *, const IdentifierInfo *> MacroName;

  bool live() const { return T && PP; }

  void fail(SourceLocation Loc, const std::string &What, NevercStatus S) {
    Failed = true;
    if (!ErrorID)
      ErrorID = PP->getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error, "%0");
    PP->getDiagnostics().Report(Loc, ErrorID)
        << (What + " failed with NEVERC_STATUS_" +
            std::string(core::statusName(S.Code)));
  }

  //===--- conversions -----------------------------------------------------===//

  NevercSourceLocation loc(SourceLocation L) {
    return D.location(*T, L.getRawEncoding());
  }

  /// A lexer token's model with its cheap facts; spelling, origin and
  /// location are left to LexerFacts (first request), the range to the
  /// domain (PrepDomain.h: TokenModel).
  NevercTokenHandle mint(const Token &Tok) {
    TokenModel M;
    model(Tok, M);
    return D.mintToken(*T, std::move(M));
  }
  void model(const Token &Tok, TokenModel &M) {
    lexerTokenModel(Tok, M);
    if (!Tok.isAnnotation())
      if (IdentifierInfo *II = Tok.getIdentifierInfo()) {
        // Natives only: the handles are made if a plugin asks.
        M.IdentifierNative = II;
        if (II->hasMacroDefinition())
          if (MacroInfo *MI = PP->getMacroInfo(II)) {
            MacroName.try_emplace(MI, II);
            M.DefinitionNative = MI;
          }
      }
  }

  /// A model back to a lexer token (plugin-built tokens get scratch-space
  /// spellings). False when the kind has no Clang equivalent.
  bool toClang(NevercTokenHandle H, Token &Out, SourceLocation Fallback) {
    TokenModel Model;
    if (!D.token(*T, H, Model))
      return false;
    const TokenModel *M = &Model;
    if (M->HasNative) {
      std::memcpy(&Out, M->Native, sizeof(Token));
      return true;
    }
    auto It = kinds().ToClang.find(M->Kind);
    if (It == kinds().ToClang.end())
      return false;
    tok::TokenKind K = It->second;
    Out.startToken();
    Out.setKind(K);
    Out.setLocation(Fallback);
    if (K == tok::eof) {
      Out.setLength(0);
    } else {
      std::string Spelling = M->Spelling;
      if (Spelling.empty())
        if (const char *P = tok::getPunctuatorSpelling(K))
          Spelling = P;
      if (Spelling.empty())
        return false;
      PP->CreateString(Spelling, Out);
      if (!isNull(M->Identifier)) {
        auto *II = static_cast<IdentifierInfo *>(
            D.identifierNative(*T, M->Identifier));
        if (!II)
          return false;
        Out.setIdentifierInfo(II);
        Out.setKind(II->getTokenID());
      }
    }
    for (auto [C, N] : FlagMap)
      if (M->Flags & N)
        Out.setFlag(Token::TokenFlags(C));
    return true;
  }

  bool toClang(const std::vector<NevercTokenHandle> &Hs,
               std::vector<Token> &Out, SourceLocation Fallback) {
    Out.resize(Hs.size());
    for (size_t I = 0; I < Hs.size(); ++I)
      if (!toClang(Hs[I], Out[I], Fallback))
        return false;
    return true;
  }

  void enterTokens(const std::vector<Token> &Toks, bool Reinject) {
    enterTokens(Toks, 0, Reinject);
  }
  /// Toks[From...] go back into the preprocessor, ahead of what it lexes.
  void enterTokens(const std::vector<Token> &Toks, size_t From,
                   bool Reinject) {
    if (Toks.size() <= From)
      return;
    const size_t N = Toks.size() - From;
    auto Owned = std::make_unique<Token[]>(N);
    std::copy(Toks.begin() + From, Toks.end(), Owned.get());
    PP->EnterTokenStream(std::move(Owned), N,
                         /*DisableMacroExpansion=*/true, Reinject);
  }

  //===--- PrepBackend -----------------------------------------------------===//

  bool identifierFacts(void *N, IdentifierFacts &Out) override {
    if (!live())
      return false;
    auto *II = static_cast<IdentifierInfo *>(N);
    const LangOptions &LO = PP->getLangOpts();
    Out.Name = II->getName().str();
    Out.TokenKind = kinds().ToNeverc[II->getTokenID()];
    Out.PPKeywordKind = kinds().PPToNeverc[II->getPPKeywordID()];
    Out.BuiltinID = II->getBuiltinID();
    NevercIdentifierFlags F = 0;
    if (II->isKeyword(LO))
      F |= NEVERC_IDENTIFIER_KEYWORD;
    if (II->getPPKeywordID() != tok::pp_not_keyword)
      F |= NEVERC_IDENTIFIER_PP_KEYWORD;
    if (II->getBuiltinID())
      F |= NEVERC_IDENTIFIER_BUILTIN;
    if (II->hasMacroDefinition())
      F |= NEVERC_IDENTIFIER_HAS_MACRO;
    if (II->isPoisoned())
      F |= NEVERC_IDENTIFIER_POISONED;
    if (II->isExtensionToken())
      F |= NEVERC_IDENTIFIER_EXTENSION_TOKEN;
    if (II->isFutureCompatKeyword())
      F |= NEVERC_IDENTIFIER_FUTURE_COMPAT_KEYWORD;
    if (II->isReserved(LO) != ReservedIdentifierStatus::NotReserved)
      F |= NEVERC_IDENTIFIER_RESERVED;
    Out.Flags = F;
    return true;
  }

  void *getOrCreateIdentifier(std::string_view Name) override {
    return live() ? PP->getIdentifierInfo(llvm::StringRef(Name.data(),
                                                          Name.size()))
                  : nullptr;
  }

  void *macroDefinitionOf(void *N, void **Directive) override {
    if (!live())
      return nullptr;
    auto *II = static_cast<IdentifierInfo *>(N);
    MacroInfo *MI = PP->getMacroInfo(II);
    if (MI)
      MacroName.try_emplace(MI, II);
    *Directive = PP->getLocalMacroDirective(II);
    return MI;
  }

  const MacroDirective *directiveOf(const MacroInfo *MI) {
    auto It = MacroName.find(MI);
    if (It == MacroName.end())
      return nullptr;
    for (const MacroDirective *MD =
             PP->getLocalMacroDirectiveHistory(It->second);
         MD; MD = MD->getPrevious())
      if (auto *Def = dyn_cast<DefMacroDirective>(MD))
        if (Def->getInfo() == MI)
          return MD;
    return nullptr;
  }

  bool macroDefinitionFacts(void *N, MacroDefinitionFacts &Out) override {
    if (!live())
      return false;
    auto *MI = static_cast<MacroInfo *>(N);
    const MacroDirective *MD = directiveOf(MI);
    Out.Directive = const_cast<MacroDirective *>(MD);
    Out.DefinitionLocation = loc(MI->getDefinitionLoc());
    Out.DefinitionEndLocation = loc(MI->getDefinitionEndLoc());
    // The #undef that ended this definition: the next-newer directive.
    if (MD) {
      auto It = MacroName.find(MI);
      const MacroDirective *Newer = nullptr;
      for (const MacroDirective *X =
               PP->getLocalMacroDirectiveHistory(It->second);
           X && X != MD; X = X->getPrevious())
        Newer = X;
      if (Newer && isa<UndefMacroDirective>(Newer))
        Out.UndefinitionLocation = loc(Newer->getLocation());
    }
    Out.ParameterCount = MI->getNumParams();
    Out.ReplacementTokenCount = MI->getNumTokens();
    NevercMacroFlags F = 0;
    if (MI->isFunctionLike())
      F |= NEVERC_MACRO_FUNCTION_LIKE;
    if (MI->isVariadic())
      F |= NEVERC_MACRO_VARIADIC;
    if (MI->isC99Varargs())
      F |= NEVERC_MACRO_C99_VARIADIC;
    if (MI->isGNUVarargs())
      F |= NEVERC_MACRO_GNU_VARIADIC;
    for (const Token &Tok : MI->tokens())
      if (Tok.is(tok::identifier) && Tok.getIdentifierInfo() &&
          Tok.getIdentifierInfo()->getName() == "__VA_OPT__")
        F |= NEVERC_MACRO_HAS_VA_OPT;
    if (MI->isBuiltinMacro())
      F |= NEVERC_MACRO_BUILTIN;
    if (MI->hasCommaPasting())
      F |= NEVERC_MACRO_COMMA_PASTING;
    Out.Flags = F;
    return true;
  }

  void *macroParameter(void *N, uint32_t Index) override {
    auto *MI = static_cast<MacroInfo *>(N);
    if (!live() || Index >= MI->getNumParams())
      return nullptr;
    return const_cast<IdentifierInfo *>(MI->params()[Index]);
  }

  bool macroReplacementToken(void *N, uint32_t Index,
                             TokenModel &Out) override {
    auto *MI = static_cast<MacroInfo *>(N);
    if (!live() || Index >= MI->getNumTokens())
      return false;
    model(MI->getReplacementToken(Index), Out);
    return true;
  }

  bool macroDirectiveFacts(void *N, MacroDirectiveFacts &Out) override {
    if (!live())
      return false;
    auto *MD = static_cast<MacroDirective *>(N);
    switch (MD->getKind()) {
    case MacroDirective::MD_Define:
      Out.Kind = NEVERC_MACRO_DIRECTIVE_DEFINE;
      break;
    case MacroDirective::MD_Undefine:
      Out.Kind = NEVERC_MACRO_DIRECTIVE_UNDEFINE;
      break;
    default: // visibility directives have no NeverC kind
      return false;
    }
    Out.Location = loc(MD->getLocation());
    Out.Previous = MD->getPrevious();
    if (auto *Def = dyn_cast<DefMacroDirective>(MD)) {
      Out.Definition = Def->getInfo();
      auto It = MacroName.find(Def->getInfo());
      Out.Identifier = It == MacroName.end()
                           ? nullptr
                           : const_cast<IdentifierInfo *>(It->second);
    }
    return true;
  }

  void *keywordIdentifier(NevercTokenKind Kind) override {
    auto It = kinds().ToClang.find(Kind);
    if (!live() || It == kinds().ToClang.end())
      return nullptr;
    const char *S = tok::getKeywordSpelling(It->second);
    if (!S)
      return nullptr;
    IdentifierInfo *II = PP->getIdentifierInfo(S);
    return II->getTokenID() == It->second ? II : nullptr;
  }

  bool lexerHasKind(NevercTokenKind Kind) override {
    return kinds().ToClang.count(Kind) != 0;
  }

  Capability canApply(uint32_t Phase, uint32_t Operation,
                      uint32_t Action) override {
    Capability C;
    if (Phase == Phase_PREP_INCLUDE && Action != NEVERC_PREP_INCLUDE_CONTINUE) {
      C.Available = false;
      C.Limitation = "include SKIP/REDIRECT: Clang 22 looks the header up and "
                     "decides to enter it inside "
                     "Preprocessor::HandleHeaderIncludeOrImport before "
                     "PPCallbacks::InclusionDirective runs; no hook can answer";
    } else if (Phase == Phase_PREP_MACRO &&
               Action != NEVERC_PREP_MACRO_CONTINUE &&
               (Operation == NEVERC_PREP_MACRO_UNDEFINE ||
                Operation == NEVERC_PREP_MACRO_EXPAND_BUILTIN)) {
      C.Available = false;
      C.Limitation =
          Operation == NEVERC_PREP_MACRO_UNDEFINE
              ? "macro UNDEFINE SUPPRESS/REPLACE_TOKENS: Clang 22 appends the "
                "#undef after PPCallbacks::MacroUndefined returns and its "
                "undef-directive allocator is private"
              : "builtin macro expansion SUPPRESS/REPLACE_TOKENS: Clang 22 "
                "expands builtin macros (__LINE__, __has_*...) inside "
                "Preprocessor::ExpandBuiltinMacro, not from a body";
    } else if (Phase == Phase_PREP_FEATURE_QUERY &&
               Action == NEVERC_PREP_QUERY_REPLACE) {
      C.Available = false;
      C.Limitation = "feature-query REPLACE: Clang 22 evaluates __has_include "
                     "and the other __has_* operators inside "
                     "Preprocessor::ExpandBuiltinMacro; "
                     "PPCallbacks::HasInclude only observes";
    } else if (Phase == Phase_PREP_BUILD_TOKEN_STREAM && PreprocessOnly) {
      C.Available = false;
      C.Limitation = "build_token_stream output with -E: the preprocessed "
                     "output is printed while lexing";
    }
    return C;
  }

  //===--- phases ----------------------------------------------------------===//

  void restoreSwapped() {
    if (!Swapped)
      return;
    MacroInfo *MI = Swapped;
    Swapped = nullptr;
    setBody(MI, SwappedBody);
  }

  /// Replaces a macro body in place. The old array stays allocated (the
  /// preprocessor's bump allocator), so a TokenLexer still reading it is
  /// unaffected.
  void setBody(MacroInfo *MI, ArrayRef<Token> Body) {
    MutableArrayRef<Token> New =
        MI->allocateTokens(Body.size(), PP->getPreprocessorAllocator());
    std::copy(Body.begin(), Body.end(), New.begin());
  }

  void runMacro(NevercPrepMacroOperation Op, const Token &Name, MacroInfo *MI,
                const MacroArgs *Args) {
    if (!D.observed(Phase_PREP_MACRO))
      return;
    MacroRequest R;
    R.Operation = Op;
    if (MI)
      MacroName.try_emplace(MI, Name.getIdentifierInfo());
    // The handles are made only if a plugin reads the input, which it can
    // only do while the phase runs: Name, MI and Args are alive until then.
    struct Natives {
      Bridge *B;
      const Token *Name;
      MacroInfo *MI;
      const MacroArgs *Args;
      static void resolve(void *Ctx, MacroRequest &R) {
        auto &N = *static_cast<Natives *>(Ctx);
        R.NameToken = N.B->mint(*N.Name);
        R.Name = N.B->D.identifier(*N.B->T, N.Name->getIdentifierInfo());
        if (N.MI)
          R.Definition = N.B->D.macroDefinition(*N.B->T, N.MI);
        if (N.Args)
          R.Arguments = N.B->arguments(N.Args);
      }
    } Lazy{this, &Name, MI, Args};
    R.Resolve = &Natives::resolve;
    R.ResolveCtx = &Lazy;
    MacroDecision Out;
    NevercStatus S = D.runMacro(*T, R, Out);
    if (!isOk(S))
      return fail(Name.getLocation(), "neverc.prep.macro.intercept", S);
    if (Out.Action == NEVERC_PREP_MACRO_CONTINUE || !MI)
      return;
    std::vector<Token> Body;
    if (Out.Action == NEVERC_PREP_MACRO_REPLACE_TOKENS &&
        !toClang(Out.Tokens, Body, Name.getLocation()))
      return fail(Name.getLocation(),
                  "neverc.prep.macro.intercept (token conversion)",
                  makeStatus(NEVERC_STATUS_CAPABILITY_UNAVAILABLE));
    if (Op == NEVERC_PREP_MACRO_DEFINE) {
      setBody(MI, Body);
    } else if (Op == NEVERC_PREP_MACRO_EXPAND) {
      // For this expansion only: restored once the expansion has begun.
      restoreSwapped();
      Swapped = MI;
      SwappedBody = MI->tokens();
      setBody(MI, Body);
    }
  }

  NevercMacroArgumentHandle arguments(const MacroArgs *Args) {
    MacroArgumentsModel M;
    M.ArgumentCount = Args->getNumMacroArguments();
    M.VarargsElided = Args->isVarargsElidedUse();
    M.NativeEnd.resize(M.ArgumentCount);
    size_t Total = 0;
    for (unsigned I = 0; I < M.ArgumentCount; ++I)
      Total += Args->getArgLength(Args->getUnexpArgument(I));
    M.Native.resize(Total);
    size_t At = 0;
    for (unsigned I = 0; I < M.ArgumentCount; ++I) {
      for (const Token *P = Args->getUnexpArgument(I); P->isNot(tok::eof); ++P)
        std::memcpy(M.Native[At++].Bytes, P, sizeof(Token));
      M.NativeEnd[I] = uint32_t(At);
    }
    return D.macroArguments(*T, std::move(M));
  }

  /// neverc.prep.token over one final token; returns the 0..n tokens it
  /// became (false: the phase failed, already reported).
  /// Runs neverc.prep.token on Tok. Minted is Tok's handle when the token
  /// stream already minted it: one token, one handle (and one model) for
  /// both phases.
  /// \p Same, when given, is set when the phase left the token as it was
  /// (its one output is the token's own handle), so Out[0] is Tok.
  bool tokenPhase(const Token &Tok, std::vector<Token> &Out,
                  NevercTokenHandle Minted = {}, bool *Same = nullptr) {
    NevercTokenHandle H = isNull(Minted) ? mint(Tok) : Minted;
    std::vector<NevercTokenHandle> &Hs = TokenHs;
    NevercStatus S = D.runToken(*T, H, Hs);
    if (!isOk(S)) {
      fail(Tok.getLocation(), "neverc.prep.token", S);
      return false;
    }
    if (Hs.size() == 1 && Hs[0] == H) {
      Out.clear();
      Out.push_back(Tok);
      if (Same)
        *Same = true;
      return true;
    }
    if (!toClang(Hs, Out, Tok.getLocation())) {
      fail(Tok.getLocation(), "neverc.prep.token (token conversion)",
           makeStatus(NEVERC_STATUS_CAPABILITY_UNAVAILABLE));
      return false;
    }
    return true;
  }

  void onToken(Token &Tok) {
    if (InWatcher || !live())
      return;
    restoreSwapped();
    const bool Stream = D.observed(Phase_PREP_BUILD_TOKEN_STREAM);
    const bool PerToken = D.observed(Phase_PREP_TOKEN);
    if (!Stream && !PerToken)
      return;
    InWatcher = true;
    if (Stream && !Materialized && !PreprocessOnly)
      materialize(Tok);
    else if (PerToken && Tok.isNot(tok::eof))
      streamToken(Tok);
    InWatcher = false;
  }

  void streamToken(Token &Tok) {
    std::vector<Token> &Out = TokenOut;
    Out.clear();
    while (true) {
      if (!tokenPhase(Tok, Out))
        return;
      if (!Out.empty() || Tok.is(tok::eof))
        break;
      // Deleted: the caller still needs a token; lex the next one (the
      // nested watcher call returns at once) and run the phase on it.
      PP->Lex(Tok);
      if (Tok.is(tok::eof))
        return;
    }
    if (Out.empty())
      return;
    Tok = Out[0];
    if (Out.size() > 1)
      enterTokens(std::vector<Token>(Out.begin() + 1, Out.end()), true);
  }

  void materialize(Token &First) {
    Materialized = true;
    // Never written once lexed: the stream's handles read their tokens
    // from it until the task ends (PrepDomain::reserveLexerTokens).
    auto Lexed = std::make_shared<std::vector<Token>>(1, First);
    // Room for about one token per four bytes of the main file up front:
    // grown by doubling, the vector was copied some twenty times on a large
    // unit and every copy faulted in fresh pages. Room never used is never
    // touched, so it costs address space, not memory; past 16M tokens (384
    // MB of it) the vector grows as before.
    const SourceManager &SM = PP->getSourceManager();
    Lexed->reserve(std::clamp<size_t>(
        SM.getBufferData(SM.getMainFileID()).size() / 4, size_t(1) << 17,
        size_t(1) << 24));
    while (Lexed->back().isNot(tok::eof))
      PP->Lex(Lexed->emplace_back());
    struct Step {
      Bridge *B;
      std::shared_ptr<std::vector<Token>> Lexed;
      static NevercStatus run(void *Ctx, std::vector<NevercTokenHandle> &Out) {
        auto &S = *static_cast<Step *>(Ctx);
        // Handles now, records only for the tokens a plugin looks up.
        if (S.B->D.reserveLexerTokens(
                *S.B->T, S.Lexed,
                reinterpret_cast<const unsigned char *>(S.Lexed->data()),
                sizeof(Token), S.Lexed->size(), Out))
          return okStatus();
        Out.reserve(Out.size() + S.Lexed->size());
        for (const Token &Tok : *S.Lexed)
          Out.push_back(S.B->mint(Tok));
        return okStatus();
      }
    } St{this, Lexed};
    TokenStreamRequest Req;
    Req.StartLocation = loc(First.getLocation());
    Req.EndLocation = loc(Lexed->back().getLocation());
    std::vector<NevercTokenHandle> Hs;
    bool Unchanged = false;
    NevercStatus S =
        D.runTokenStream(*T, Req, {&Step::run, &St}, Hs, &Unchanged);
    if (!isOk(S)) {
      fail(First.getLocation(), "neverc.prep.build_token_stream", S);
      Hs.clear();
    }
    // Base: the tokens the parser gets. The lexer's own when the phase
    // failed or no plugin replaced the stream (Hs[I] is Lexed[I]'s handle
    // then, so nothing needs converting back).
    std::shared_ptr<std::vector<Token>> Base = Lexed;
    bool Converted = true;
    if (!Hs.empty() && !Unchanged) {
      auto C = std::make_shared<std::vector<Token>>();
      if (toClang(Hs, *C, First.getLocation())) {
        Base = std::move(C);
      } else {
        fail(First.getLocation(),
             "neverc.prep.build_token_stream (token conversion)",
             makeStatus(NEVERC_STATUS_CAPABILITY_UNAVAILABLE));
        Converted = false;
      }
    }
    if (!Hs.empty() && D.observed(Phase_PREP_TOKEN)) {
      // (*Base)[I] is Hs[I] converted: the token phase reuses its handle.
      // Tokens are read in place while none changes; the first change
      // starts a new list with everything before it.
      const std::vector<Token> &In = *Base;
      const bool Aligned = Converted && In.size() == Hs.size();
      std::vector<Token> Final;
      bool Changed = false;
      std::vector<Token> &Out = TokenOut;
      for (size_t I = 0; I < In.size(); ++I) {
        const Token &Tok = In[I];
        Out.clear();
        // Unchanged when the phase handed the token's own handle back, or
        // failed (the token is kept). Not a byte compare of the tokens: a
        // Token's padding is not copied reliably, and one false "changed"
        // copied the whole unit's stream (a million tokens on sqlite3.c).
        bool Same = false;
        if (Tok.is(tok::eof) ||
            !tokenPhase(Tok, Out, Aligned ? Hs[I] : NevercTokenHandle{},
                        &Same)) {
          Out.clear();
          Out.push_back(Tok);
          Same = true;
        }
        if (!Changed && Same)
          continue;
        if (!Changed) {
          Final.assign(In.begin(), In.begin() + I);
          Changed = true;
        }
        Final.insert(Final.end(), Out.begin(), Out.end());
      }
      if (Changed)
        Base = std::make_shared<std::vector<Token>>(std::move(Final));
    }
    First = (*Base)[0];
    // The unit's tokens replay in place (no copy: a unit can have a
    // million); ReplayTokens outlives the lexer, which holds the bridge
    // through its callbacks.
    ReplayTokens = std::move(Base);
    if (ReplayTokens->size() > 1)
      PP->EnterTokenStream(ArrayRef<Token>(*ReplayTokens).drop_front(),
                           /*DisableMacroExpansion=*/true,
                           /*IsReinject=*/true);
  }

  void attachTo(Preprocessor &P);
};

//===--- PPCallbacks: the 39 events + include / macro / feature phases -----===//

class Callbacks final : public PPCallbacks {
public:
  explicit Callbacks(std::shared_ptr<Bridge> B) : B(std::move(B)) {}

private:
  std::shared_ptr<Bridge> B;

  bool want(uint32_t Kind) const {
    // After a failed observer the compile is failing: one error is enough.
    return B->live() && !B->Failed &&
           (B->D.subscribedEvents(*B->T) & NEVERC_PREP_EVENT_MASK(Kind));
  }
  NevercPrepEvent event(uint32_t Kind) const {
    NevercPrepEvent E{};
    E.Kind = Kind;
    return E;
  }
  void raise(NevercPrepEvent &E, SourceLocation L) {
    NevercStatus S = B->D.raiseEvent(*B->T, E);
    if (!isOk(S))
      B->fail(L, "prep event observer (event " + std::to_string(E.Kind) + ")",
              S);
  }
  NevercSourceLocation loc(SourceLocation L) { return B->loc(L); }
  NevercSourceRange range(SourceRange R) {
    return B->D.range(*B->T, R.getBegin().getRawEncoding(),
                      R.getEnd().getRawEncoding(), true);
  }
  NevercFileHandle file(FileID F) {
    return B->D.file(*B->T, F.getHashValue());
  }
  NevercFileHandle file(OptionalFileEntryRef F) {
    if (!F)
      return NevercFileHandle{};
    return file(B->PP->getSourceManager().translateFile(*F));
  }

  void textEvent(uint32_t Kind, SourceLocation L, StringRef Name,
                 StringRef Value, uint32_t Detail = 0) {
    if (!want(Kind))
      return;
    NevercPrepEvent E = event(Kind);
    E.Payload.Text.Location = loc(L);
    E.Payload.Text.Name = {Name.data(), Name.size()};
    E.Payload.Text.Value = {Value.data(), Value.size()};
    E.Payload.Text.Detail = Detail;
    raise(E, L);
  }

  void conditionEvent(uint32_t Kind, SourceLocation L, SourceLocation IfLoc,
                      SourceRange R, const Token *Name,
                      const MacroDefinition *MD, uint32_t Value) {
    if (!want(Kind))
      return;
    NevercPrepEvent E = event(Kind);
    auto &C = E.Payload.Condition;
    C.Location = loc(L);
    C.IfLocation = loc(IfLoc);
    if (R.isValid())
      C.Range = range(R);
    if (Name)
      C.MacroNameToken = B->mint(*Name);
    if (MD && MD->getMacroInfo())
      C.Definition = B->D.macroDefinition(*B->T, MD->getMacroInfo());
    C.Value = Value;
    raise(E, L);
  }

  void macroEvent(uint32_t Kind, const Token &Name, MacroInfo *MI,
                  const MacroDirective *MD, SourceRange R,
                  const MacroArgs *Args) {
    if (!want(Kind))
      return;
    NevercPrepEvent E = event(Kind);
    auto &M = E.Payload.Macro;
    M.NameToken = B->mint(Name);
    if (MI) {
      B->MacroName.emplace(MI, Name.getIdentifierInfo());
      M.Definition = B->D.macroDefinition(*B->T, MI);
    }
    if (MD)
      M.Directive = B->D.macroDirective(*B->T, const_cast<MacroDirective *>(MD));
    if (Args)
      M.Arguments = B->arguments(Args);
    if (R.isValid())
      M.Range = range(R);
    raise(E, Name.getLocation());
  }

public:
  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind K, FileID Prev) override {
    if (!want(NEVERC_PREP_EVENT_FILE_CHANGED))
      return;
    NevercPrepEvent E = event(NEVERC_PREP_EVENT_FILE_CHANGED);
    auto &F = E.Payload.File;
    F.Location = loc(Loc);
    F.File = file(B->PP->getSourceManager().getFileID(
        B->PP->getSourceManager().getExpansionLoc(Loc)));
    F.PreviousFile = file(Prev);
    F.Reason = uint32_t(Reason) + 1;
    F.Characteristic = characteristic(K);
    raise(E, Loc);
  }

  void LexedFileChanged(FileID FID, LexedFileChangeReason Reason,
                        SrcMgr::CharacteristicKind K, FileID Prev,
                        SourceLocation Loc) override {
    if (!want(NEVERC_PREP_EVENT_LEXED_FILE_CHANGED))
      return;
    NevercPrepEvent E = event(NEVERC_PREP_EVENT_LEXED_FILE_CHANGED);
    auto &F = E.Payload.File;
    F.Location = loc(Loc);
    F.File = file(FID);
    F.PreviousFile = file(Prev);
    F.Reason = Reason == LexedFileChangeReason::EnterFile
                   ? NEVERC_PREP_FILE_ENTER
                   : NEVERC_PREP_FILE_EXIT;
    F.Characteristic = characteristic(K);
    raise(E, Loc);
  }

  void FileSkipped(const FileEntryRef &Skipped, const Token &FilenameTok,
                   SrcMgr::CharacteristicKind K) override {
    if (!want(NEVERC_PREP_EVENT_FILE_SKIPPED))
      return;
    NevercPrepEvent E = event(NEVERC_PREP_EVENT_FILE_SKIPPED);
    auto &F = E.Payload.File;
    F.Location = loc(FilenameTok.getLocation());
    F.File = file(OptionalFileEntryRef(Skipped));
    F.FilenameToken = B->mint(FilenameTok);
    F.Characteristic = characteristic(K);
    raise(E, FilenameTok.getLocation());
  }

  bool FileNotFound(StringRef Name) override {
    if (want(NEVERC_PREP_EVENT_FILE_NOT_FOUND)) {
      NevercPrepEvent E = event(NEVERC_PREP_EVENT_FILE_NOT_FOUND);
      E.Payload.Include.Filename = {Name.data(), Name.size()};
      raise(E, SourceLocation());
    }
    return false;
  }

  void InclusionDirective(SourceLocation HashLoc, const Token &IncludeTok,
                          StringRef FileName, bool IsAngled,
                          CharSourceRange FilenameRange,
                          OptionalFileEntryRef File, StringRef SearchPath,
                          StringRef RelativePath, const Module *,
                          bool, SrcMgr::CharacteristicKind K) override {
    if (!B->live())
      return;
    NevercTokenHandle IncTok{};
    if (want(NEVERC_PREP_EVENT_INCLUSION_DIRECTIVE)) {
      NevercPrepEvent E = event(NEVERC_PREP_EVENT_INCLUSION_DIRECTIVE);
      auto &I = E.Payload.Include;
      I.Location = loc(HashLoc);
      I.IncludeToken = IncTok = B->mint(IncludeTok);
      I.FilenameRange = B->D.range(
          *B->T, FilenameRange.getBegin().getRawEncoding(),
          FilenameRange.getEnd().getRawEncoding(), FilenameRange.isTokenRange());
      I.File = file(File);
      I.Filename = {FileName.data(), FileName.size()};
      I.IncludeSearchPath = {SearchPath.data(), SearchPath.size()};
      I.RelativePath = {RelativePath.data(), RelativePath.size()};
      I.IsAngled = IsAngled;
      I.Characteristic = characteristic(K);
      raise(E, HashLoc);
    }
    if (!B->D.observed(Phase_PREP_INCLUDE))
      return;
    IncludeRequest R;
    R.Location = loc(HashLoc);
    R.IncludeToken = isNull(IncTok) ? B->mint(IncludeTok) : IncTok;
    R.Filename = FileName.str();
    R.SearchPath = SearchPath.str();
    R.RelativePath = RelativePath.str();
    R.IsAngled = IsAngled;
    if (IdentifierInfo *II = IncludeTok.getIdentifierInfo()) {
      R.IsImport = II->getPPKeywordID() == tok::pp_import;
      R.IsIncludeNext = II->getPPKeywordID() == tok::pp_include_next;
    }
    IncludeDecision Out;
    NevercStatus S = B->D.runInclude(*B->T, R, Out);
    if (!isOk(S))
      B->fail(HashLoc, "neverc.prep.include.intercept", S);
  }

  void EndOfMainFile() override {
    B->restoreSwapped();
    if (!want(NEVERC_PREP_EVENT_END_OF_MAIN_FILE))
      return;
    NevercPrepEvent E = event(NEVERC_PREP_EVENT_END_OF_MAIN_FILE);
    E.Payload.File.File = file(B->PP->getSourceManager().getMainFileID());
    raise(E, SourceLocation());
  }

  void Ident(SourceLocation Loc, StringRef Str) override {
    textEvent(NEVERC_PREP_EVENT_IDENT, Loc, {}, Str);
  }
  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind K) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_DIRECTIVE, Loc, {}, {},
              uint32_t(K) + 1);
  }
  void PragmaComment(SourceLocation Loc, const IdentifierInfo *Kind,
                     StringRef Str) override {
    if (!want(NEVERC_PREP_EVENT_PRAGMA_COMMENT))
      return;
    NevercPrepEvent E = event(NEVERC_PREP_EVENT_PRAGMA_COMMENT);
    E.Payload.Text.Location = loc(Loc);
    if (Kind) {
      E.Payload.Text.Identifier =
          B->D.identifier(*B->T, const_cast<IdentifierInfo *>(Kind));
      E.Payload.Text.Name = {Kind->getNameStart(), Kind->getLength()};
    }
    E.Payload.Text.Value = {Str.data(), Str.size()};
    raise(E, Loc);
  }
  void PragmaMark(SourceLocation Loc, StringRef Trivia) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_MARK, Loc, {}, Trivia);
  }
  void PragmaDetectMismatch(SourceLocation Loc, StringRef Name,
                            StringRef Value) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_DETECT_MISMATCH, Loc, Name, Value);
  }
  void PragmaDebug(SourceLocation Loc, StringRef DebugType) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_DEBUG, Loc, {}, DebugType);
  }
  void PragmaMessage(SourceLocation Loc, StringRef Namespace,
                     PragmaMessageKind Kind, StringRef Str) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_MESSAGE, Loc, Namespace, Str,
              uint32_t(Kind) + 1);
  }
  void PragmaDiagnosticPush(SourceLocation Loc, StringRef NS) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_DIAGNOSTIC_PUSH, Loc, NS, {});
  }
  void PragmaDiagnosticPop(SourceLocation Loc, StringRef NS) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_DIAGNOSTIC_POP, Loc, NS, {});
  }
  void PragmaDiagnostic(SourceLocation Loc, StringRef NS, diag::Severity Sev,
                        StringRef Str) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_DIAGNOSTIC, Loc, NS, Str,
              uint32_t(Sev));
  }
  void PragmaWarning(SourceLocation Loc, PragmaWarningSpecifier Spec,
                     ArrayRef<int> Ids) override {
    if (!want(NEVERC_PREP_EVENT_PRAGMA_WARNING))
      return;
    NevercPrepEvent E = event(NEVERC_PREP_EVENT_PRAGMA_WARNING);
    E.Payload.Text.Location = loc(Loc);
    E.Payload.Text.Detail = uint32_t(Spec) + 1;
    E.Payload.Text.Integers = Ids.data();
    E.Payload.Text.IntegerCount = Ids.size();
    raise(E, Loc);
  }
  void PragmaWarningPush(SourceLocation Loc, int Level) override {
    if (!want(NEVERC_PREP_EVENT_PRAGMA_WARNING_PUSH))
      return;
    NevercPrepEvent E = event(NEVERC_PREP_EVENT_PRAGMA_WARNING_PUSH);
    E.Payload.Text.Location = loc(Loc);
    E.Payload.Text.IntegerValue = Level;
    raise(E, Loc);
  }
  void PragmaWarningPop(SourceLocation Loc) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_WARNING_POP, Loc, {}, {});
  }
  void PragmaExecCharsetPush(SourceLocation Loc, StringRef Str) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_EXEC_CHARSET_PUSH, Loc, {}, Str);
  }
  void PragmaExecCharsetPop(SourceLocation Loc) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_EXEC_CHARSET_POP, Loc, {}, {});
  }
  void PragmaAssumeNonNullBegin(SourceLocation Loc) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_ASSUME_NONNULL_BEGIN, Loc, {}, {});
  }
  void PragmaAssumeNonNullEnd(SourceLocation Loc) override {
    textEvent(NEVERC_PREP_EVENT_PRAGMA_ASSUME_NONNULL_END, Loc, {}, {});
  }

  void MacroExpands(const Token &Name, const MacroDefinition &MD,
                    SourceRange Range, const MacroArgs *Args) override {
    if (!B->live())
      return;
    B->restoreSwapped();
    MacroInfo *MI = MD.getMacroInfo();
    macroEvent(NEVERC_PREP_EVENT_MACRO_EXPANDS, Name, MI,
               MD.getLocalDirective(), Range, Args);
    B->runMacro(MI && MI->isBuiltinMacro() ? NEVERC_PREP_MACRO_EXPAND_BUILTIN
                                           : NEVERC_PREP_MACRO_EXPAND,
                Name, MI, Args);
  }
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    if (!B->live())
      return;
    MacroInfo *MI = MD ? const_cast<MacroDirective *>(MD)->getMacroInfo()
                       : nullptr;
    macroEvent(NEVERC_PREP_EVENT_MACRO_DEFINED, Name, MI, MD, SourceRange(),
               nullptr);
    B->runMacro(NEVERC_PREP_MACRO_DEFINE, Name, MI, nullptr);
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &MD,
                      const MacroDirective *Undef) override {
    if (!B->live())
      return;
    macroEvent(NEVERC_PREP_EVENT_MACRO_UNDEFINED, Name, MD.getMacroInfo(),
               Undef, SourceRange(), nullptr);
    B->runMacro(NEVERC_PREP_MACRO_UNDEFINE, Name, MD.getMacroInfo(), nullptr);
  }
  void Defined(const Token &Name, const MacroDefinition &MD,
               SourceRange Range) override {
    macroEvent(NEVERC_PREP_EVENT_DEFINED, Name, MD.getMacroInfo(), nullptr,
               Range, nullptr);
  }

  void HasInclude(SourceLocation Loc, StringRef FileName, bool IsAngled,
                  OptionalFileEntryRef File,
                  SrcMgr::CharacteristicKind K) override {
    if (!B->live())
      return;
    if (want(NEVERC_PREP_EVENT_HAS_INCLUDE)) {
      NevercPrepEvent E = event(NEVERC_PREP_EVENT_HAS_INCLUDE);
      auto &I = E.Payload.Include;
      I.Location = loc(Loc);
      I.Filename = {FileName.data(), FileName.size()};
      I.IsAngled = IsAngled;
      I.File = file(File);
      I.Characteristic = characteristic(K);
      raise(E, Loc);
    }
    if (!B->D.observed(Phase_PREP_FEATURE_QUERY))
      return;
    FeatureQueryRequest R;
    R.Location = loc(Loc);
    R.Kind = NEVERC_PREP_QUERY_HAS_INCLUDE;
    R.Name = FileName.str();
    R.BuiltinValue = File.has_value();
    FeatureQueryDecision Out;
    NevercStatus S = B->D.runFeatureQuery(*B->T, R, Out);
    if (!isOk(S))
      B->fail(Loc, "neverc.prep.feature_query.intercept", S);
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation EndifLoc) override {
    conditionEvent(NEVERC_PREP_EVENT_SOURCE_RANGE_SKIPPED, EndifLoc, {}, Range,
                   nullptr, nullptr, NEVERC_PREP_CONDITION_NOT_EVALUATED);
  }
  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind V) override {
    conditionEvent(NEVERC_PREP_EVENT_IF, Loc, {}, Cond, nullptr, nullptr,
                   uint32_t(V));
  }
  void Elif(SourceLocation Loc, SourceRange Cond, ConditionValueKind V,
            SourceLocation IfLoc) override {
    conditionEvent(NEVERC_PREP_EVENT_ELIF, Loc, IfLoc, Cond, nullptr, nullptr,
                   uint32_t(V));
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &MD) override {
    conditionEvent(NEVERC_PREP_EVENT_IFDEF, Loc, {}, {}, &Name, &MD,
                   MD ? NEVERC_PREP_CONDITION_TRUE
                      : NEVERC_PREP_CONDITION_FALSE);
  }
  void Elifdef(SourceLocation Loc, const Token &Name,
               const MacroDefinition &MD) override {
    conditionEvent(NEVERC_PREP_EVENT_ELIFDEF, Loc, {}, {}, &Name, &MD,
                   MD ? NEVERC_PREP_CONDITION_TRUE
                      : NEVERC_PREP_CONDITION_FALSE);
  }
  void Elifdef(SourceLocation Loc, SourceRange Cond,
               SourceLocation IfLoc) override {
    conditionEvent(NEVERC_PREP_EVENT_ELIFDEF_SKIPPED, Loc, IfLoc, Cond,
                   nullptr, nullptr, NEVERC_PREP_CONDITION_NOT_EVALUATED);
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &MD) override {
    conditionEvent(NEVERC_PREP_EVENT_IFNDEF, Loc, {}, {}, &Name, &MD,
                   MD ? NEVERC_PREP_CONDITION_FALSE
                      : NEVERC_PREP_CONDITION_TRUE);
  }
  void Elifndef(SourceLocation Loc, const Token &Name,
                const MacroDefinition &MD) override {
    conditionEvent(NEVERC_PREP_EVENT_ELIFNDEF, Loc, {}, {}, &Name, &MD,
                   MD ? NEVERC_PREP_CONDITION_FALSE
                      : NEVERC_PREP_CONDITION_TRUE);
  }
  void Elifndef(SourceLocation Loc, SourceRange Cond,
                SourceLocation IfLoc) override {
    conditionEvent(NEVERC_PREP_EVENT_ELIFNDEF_SKIPPED, Loc, IfLoc, Cond,
                   nullptr, nullptr, NEVERC_PREP_CONDITION_NOT_EVALUATED);
  }
  void Else(SourceLocation Loc, SourceLocation IfLoc) override {
    conditionEvent(NEVERC_PREP_EVENT_ELSE, Loc, IfLoc, {}, nullptr, nullptr,
                   NEVERC_PREP_CONDITION_NOT_EVALUATED);
  }
  void Endif(SourceLocation Loc, SourceLocation IfLoc) override {
    conditionEvent(NEVERC_PREP_EVENT_ENDIF, Loc, IfLoc, {}, nullptr, nullptr,
                   NEVERC_PREP_CONDITION_NOT_EVALUATED);
  }
};

//===--- pragma.intercept: catch-all handlers --------------------------===//

class CatchAllPragma final : public PragmaHandler {
public:
  CatchAllPragma(std::shared_ptr<Bridge> B, StringRef Namespace)
      : PragmaHandler(""), B(std::move(B)), Namespace(Namespace.str()) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Intro,
                    Token &First) override {
    if (!B->live())
      return discard(PP, First);
    PragmaRequest R;
    R.Location = B->loc(Intro.Loc);
    R.Introducer = NevercPrepPragmaIntroducer(uint32_t(Intro.Kind) + 1);
    R.Namespace = Namespace;
    if (First.isNot(tok::eod))
      R.Name = PP.getSpelling(First);
    std::vector<NevercTokenHandle> Rest;
    Token Tok = First;
    while (Tok.isNot(tok::eod)) {
      PP.LexUnexpandedToken(Tok);
      if (Tok.isNot(tok::eod))
        Rest.push_back(B->mint(Tok));
    }
    R.Tokens = B->D.tokenStream(*B->T, std::move(Rest));
    PragmaDecision Out;
    NevercStatus S = B->D.runPragma(*B->T, R, Out);
    if (!isOk(S))
      return B->fail(Intro.Loc, "neverc.prep.pragma.intercept", S);
    switch (Out.Action) {
    case NEVERC_PREP_PRAGMA_HANDLED:
      return;
    case NEVERC_PREP_PRAGMA_REPLACE_TOKENS: {
      std::vector<Token> Toks;
      if (!B->toClang(Out.Tokens, Toks, Intro.Loc))
        return B->fail(Intro.Loc,
                       "neverc.prep.pragma.intercept (token conversion)",
                       makeStatus(NEVERC_STATUS_CAPABILITY_UNAVAILABLE));
      B->enterTokens(Toks, false);
      return;
    }
    default:
      // CONTINUE: what Clang does with a pragma nobody handles.
      PP.Diag(First, diag::warn_pragma_ignored);
      return;
    }
  }

private:
  static void discard(Preprocessor &PP, Token &First) {
    Token Tok = First;
    while (Tok.isNot(tok::eod))
      PP.LexUnexpandedToken(Tok);
    PP.Diag(First, diag::warn_pragma_ignored);
  }
  std::shared_ptr<Bridge> B;
  std::string Namespace;
};

void Bridge::attachTo(Preprocessor &P) {
  PP = &P;
  PreprocessOnly = CI.getFrontendOpts().ProgramAction ==
                   frontend::PrintPreprocessedInput;
  D.bindBackend(*T, this);
  D.setTokenFacts(*T, std::make_shared<LexerFacts>(CI));
  auto Self = shared_from_this();
  const bool Events = D.subscribedEvents(*T) != 0;
  if (Events || D.observed(Phase_PREP_INCLUDE) ||
      D.observed(Phase_PREP_MACRO) || D.observed(Phase_PREP_FEATURE_QUERY))
    P.addPPCallbacks(std::make_unique<Callbacks>(Self));
  if (D.observed(Phase_PREP_PRAGMA)) {
    if (PreprocessOnly) {
      // -E prints unknown pragmas through its own catch-all handlers,
      // which Clang installs after the preprocessor exists.
      D.host().report(NEVERC_DIAGNOSTIC_WARNING,
                      "capability unavailable on stock Clang 22: "
                      "pragma.intercept with -E (the preprocessed-output "
                      "printer owns the catch-all pragma handlers)",
                      nullptr, "neverc.prep.pragma.intercept");
    } else {
      // The preprocessor owns (and deletes) its handlers.
      P.AddPragmaHandler(new CatchAllPragma(Self, ""));
      P.AddPragmaHandler("GCC", new CatchAllPragma(Self, "GCC"));
      P.AddPragmaHandler("clang", new CatchAllPragma(Self, "clang"));
    }
  }
  if (D.observed(Phase_PREP_BUILD_TOKEN_STREAM) && PreprocessOnly)
    D.host().report(NEVERC_DIAGNOSTIC_WARNING,
                    "capability unavailable on stock Clang 22: "
                    "build_token_stream with -E (the preprocessed output is "
                    "printed while lexing); the phase does not run",
                    nullptr, "neverc.prep.build_token_stream");
  if (D.observed(Phase_PREP_TOKEN) ||
      D.observed(Phase_PREP_BUILD_TOKEN_STREAM) ||
      D.observed(Phase_PREP_MACRO))
    P.setTokenWatcher(
        [Self](const Token &Tok) { Self->onToken(const_cast<Token &>(Tok)); });
}

/// Clang calls attachToPreprocessor from CompilerInstance::createPreprocessor.
class Attacher final : public DependencyCollector {
public:
  explicit Attacher(std::shared_ptr<Bridge> B) : B(std::move(B)) {}
  void attachToPreprocessor(Preprocessor &PP) override {
    if (B->T && !B->PP)
      B->attachTo(PP);
  }
  void attachToASTReader(ASTReader &) override {}
  bool sawDependency(StringRef, bool, bool, bool, bool) override {
    return false;
  }

private:
  std::shared_ptr<Bridge> B;
};

} // namespace

NevercTokenHandle PrepDomain::mintLexerToken(core::Task &T,
                                             CompilerInstance &CI,
                                             const Token &Tok) {
  if (!hasTokenFacts(T))
    setTokenFacts(T, std::make_shared<LexerFacts>(CI));
  TokenModel M;
  lexerTokenModel(Tok, M);
  if (!Tok.isAnnotation())
    M.IdentifierNative = Tok.getIdentifierInfo();
  return mintToken(T, std::move(M));
}

int PrepDomain::attach(CompilerInstance &CI, core::Task &TU) {
  if (!needed(TU))
    return 0;
  auto B = std::make_shared<Bridge>(*this, TU, CI);
  {
    std::lock_guard<std::mutex> G(P->Lock);
    P->Attached[&CI] = B;
  }
  CI.addDependencyCollector(std::make_shared<Attacher>(B));
  return 0;
}

int PrepDomain::detach(CompilerInstance &CI, core::Task &TU, bool) {
  std::shared_ptr<Bridge> B;
  {
    std::lock_guard<std::mutex> G(P->Lock);
    auto It = P->Attached.find(&CI);
    if (It == P->Attached.end())
      return 0;
    B = std::static_pointer_cast<Bridge>(It->second);
    P->Attached.erase(It);
  }
  if (B->PP)
    B->restoreSwapped();
  bool Failed = B->Failed;
  B->T = nullptr; // callbacks still owned by the preprocessor go quiet
  bindBackend(TU, nullptr);
  return Failed ? 1 : 0;
}

} // namespace neverc::prep
