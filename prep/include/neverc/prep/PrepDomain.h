//===- PrepDomain.h - The preprocessor domain (plugin side + bridge) -*- C++ -*-===//
//
// LLVM-free. The prep domain publishes NevercPrepAPI 1.0 (37 slots, 320
// bytes, Context = the domain), delivers the 39 preprocessor events to the
// per-task subscriptions made with RegisterEventObserver, and runs the six
// neverc.prep.* phases.
//
// Two libraries implement this class:
//  * neverc_prep_api (lib/api/, LLVM-free): models, handle tables, the C
//    slots, event dispatch and the phase runners. Everything Clang-specific
//    is reached through PrepBackend.
//  * neverc_prep (lib/, Clang 22): attach()/detach(), which hook a
//    clang::CompilerInstance (PPCallbacks, a catch-all PragmaHandler, a
//    token watcher) and implement PrepBackend over the live Preprocessor.
//
// Zero cost: attach() adds nothing at all to the CompilerInstance when no
// prep phase has a registration and the task has no event subscription.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_PREP_PREPDOMAIN_H
#define NEVERC_PREP_PREPDOMAIN_H

#include "neverc/Plugin/PluginPrep.h"
#include "neverc/core/Attachment.h"
#include "neverc/core/Host.h"
#include "neverc/core/SourceCodec.h"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace clang {
class CompilerInstance;
class Token;
} // namespace clang

namespace neverc::prep {

/// Handle kinds of the prep domain. The driver uses FirstDomainKind..+6 and
/// the source domain the kinds right after it; prep starts at 64.
enum class PrepHandleKind : uint8_t {
  Token = 64,
  TokenStream,
  Identifier,
  MacroDefinition,
  MacroDirective,
  MacroArguments,
  TokenBuilder,
  TokenStreamBuilder,
  /// Default encodings of source locations / ranges / files until a source
  /// domain codec is installed (PrepDomain::setSourceCodec).
  SourceLocation,
  SourceRange,
  File,
  End,
};

/// Bytes of a lexer token (clang::Token) kept opaque in LLVM-free code;
/// the bridge static_asserts that it fits.
constexpr size_t NativeTokenBytes = 24;

/// One token as slots build and read it: the whole value. The task keeps
/// its tokens in a compact form (prep/lib/api: StoredToken, 64 bytes, the
/// cold facts out of line), because a compile can mint a million and every
/// one lives until the task ends (prep rule 2); PrepDomain::token expands
/// one back into this.
///
/// Most tokens are never asked about (an observer that counts them reads
/// nothing), so the lexer's tokens are minted with the cheap facts only —
/// kind, flags, the native token, identifier and macro definition — and
/// FactsPending: spelling, origin and location are computed on the first
/// GetTokenInfo / GetTokenStreamView, through the task's TokenFactsSource
/// (which keeps the source manager alive until the task ends); the range
/// handle likewise (RangePending).
struct TokenModel {
  NevercTokenKind Kind = NEVERC_TOKEN_UNKNOWN;
  NevercTokenFlags Flags = 0;
  NevercTokenOriginKind Origin = NEVERC_TOKEN_ORIGIN_FILE;
  std::string Spelling;
  NevercSourceLocation Location{};
  NevercSourceRange Range{};
  uint32_t RawBegin = 0, RawEnd = 0;
  bool RangePending = false;
  bool FactsPending = false; ///< Spelling, Origin, Location from Native
  /// Handles a plugin gave (a built token). A lexer token leaves them null
  /// and names its identifier and macro definition natively instead: their
  /// handles are made on request, while the preprocessor is bound (after
  /// it is gone GetTokenInfo reports null, as for macro-argument tokens).
  NevercIdentifierHandle Identifier{};
  NevercMacroDefinitionHandle MacroDefinition{};
  void *IdentifierNative = nullptr, *DefinitionNative = nullptr;
  /// The lexer's own token (opaque bytes, owned by the bridge) when the
  /// token came from the preprocessor; synthesized tokens have none.
  alignas(8) unsigned char Native[NativeTokenBytes] = {};
  bool HasNative = false;
};

struct IdentifierFacts {
  std::string Name;
  NevercTokenKind TokenKind = NEVERC_TOKEN_IDENTIFIER;
  NevercPPKeywordKind PPKeywordKind = NEVERC_PP_KEYWORD_NOT_KEYWORD;
  uint32_t BuiltinID = 0;
  NevercIdentifierFlags Flags = 0;
};

struct MacroDefinitionFacts {
  void *Directive = nullptr; ///< native directive, may be null
  NevercSourceLocation DefinitionLocation{}, DefinitionEndLocation{},
      UndefinitionLocation{};
  uint32_t ParameterCount = 0, ReplacementTokenCount = 0;
  NevercMacroFlags Flags = 0;
};

struct MacroDirectiveFacts {
  NevercMacroDirectiveKind Kind = NEVERC_MACRO_DIRECTIVE_DEFINE;
  NevercSourceLocation Location{};
  void *Previous = nullptr;   ///< native directive
  void *Definition = nullptr; ///< native macro definition (null for #undef)
  void *Identifier = nullptr; ///< the macro's identifier
};

/// Computes a lexer token's spelling and origin from its native token
/// (TokenModel::FactsPending). Installed per task by the bridge; it keeps
/// the source manager it reads alive for as long as it lives.
class TokenFactsSource {
public:
  virtual ~TokenFactsSource();
  /// The spelling and origin of the lexer token \p Native.
  virtual void resolve(const unsigned char *Native,
                       NevercTokenOriginKind &Origin,
                       std::string &Spelling) = 0;
  /// A model of the lexer token \p Native with its cheap facts (kind,
  /// flags, raw locations; the rest pending); \p Identifier gets the
  /// token's native identifier or null.
  virtual void fromNative(const unsigned char *Native, TokenModel &M,
                          void **Identifier) = 0;
};

/// What a stock Clang 22 can honour is decided by the bridge.
struct Capability {
  bool Available = true;
  std::string Limitation; ///< names the missing Clang hook when !Available
};

/// The live preprocessor of a task, as the slots need it. Natives are
/// opaque pointers owned by the bridge.
class PrepBackend {
public:
  virtual ~PrepBackend();
  virtual bool identifierFacts(void *Identifier, IdentifierFacts &Out) = 0;
  virtual void *getOrCreateIdentifier(std::string_view Name) = 0;
  /// Current definition of an identifier (null: none) and its directive.
  virtual void *macroDefinitionOf(void *Identifier, void **Directive) = 0;
  virtual bool macroDefinitionFacts(void *Definition,
                                    MacroDefinitionFacts &Out) = 0;
  /// Parameter \p Index (an identifier) or null when out of range.
  virtual void *macroParameter(void *Definition, uint32_t Index) = 0;
  virtual bool macroReplacementToken(void *Definition, uint32_t Index,
                                     TokenModel &Out) = 0;
  virtual bool macroDirectiveFacts(void *Directive,
                                   MacroDirectiveFacts &Out) = 0;
  /// The identifier spelling keyword \p Kind (null: not a keyword this
  /// lexer knows).
  virtual void *keywordIdentifier(NevercTokenKind Kind) = 0;
  /// Whether this lexer has a token kind for \p Kind.
  virtual bool lexerHasKind(NevercTokenKind Kind) = 0;
  /// Whether an output with \p Action can be applied to the request of
  /// \p Phase now running (\p Operation: macro operation / query kind).
  virtual Capability canApply(uint32_t Phase, uint32_t Operation,
                              uint32_t Action) = 0;
};

//===--- Phase payloads ----------------------------------------------------===//

struct IncludeRequest {
  NevercSourceLocation Location{};
  NevercTokenHandle IncludeToken{};
  std::string Filename, SearchPath, RelativePath;
  bool IsAngled = false, IsImport = false, IsIncludeNext = false;
};
struct IncludeDecision {
  NevercPrepIncludeAction Action = NEVERC_PREP_INCLUDE_CONTINUE;
  bool IsAngled = false;
  std::string Filename;
};

struct MacroRequest {
  NevercPrepMacroOperation Operation = NEVERC_PREP_MACRO_EXPAND;
  NevercTokenHandle NameToken{};
  NevercIdentifierHandle Name{};
  NevercMacroDefinitionHandle Definition{};
  NevercMacroArgumentHandle Arguments{};
  /// When set, the four handles above are made by Resolve(ResolveCtx, *this)
  /// the first time a plugin reads the phase's input, during the run: an
  /// observer that never reads it costs no name token, no handles and no
  /// argument model per macro call.
  void (*Resolve)(void *Ctx, MacroRequest &R) = nullptr;
  void *ResolveCtx = nullptr;
};
struct MacroDecision {
  NevercPrepMacroAction Action = NEVERC_PREP_MACRO_CONTINUE;
  std::vector<NevercTokenHandle> Tokens;
};

struct PragmaRequest {
  NevercSourceLocation Location{};
  NevercPrepPragmaIntroducer Introducer = NEVERC_PREP_PRAGMA_HASH;
  std::string Namespace, Name;
  NevercTokenStreamHandle Tokens{};
};
struct PragmaDecision {
  NevercPrepPragmaAction Action = NEVERC_PREP_PRAGMA_CONTINUE;
  std::vector<NevercTokenHandle> Tokens;
};

struct FeatureQueryRequest {
  NevercSourceLocation Location{};
  NevercPrepFeatureQueryKind Kind = NEVERC_PREP_QUERY_HAS_INCLUDE;
  std::string Name;
  bool BuiltinValue = false;
};
struct FeatureQueryDecision {
  NevercPrepFeatureQueryAction Action = NEVERC_PREP_QUERY_CONTINUE;
  bool Value = false;
};

struct TokenStreamRequest {
  NevercSourceLocation StartLocation{}, EndLocation{};
  uint64_t MaximumTokenCount = NEVERC_PREP_TOKEN_STREAM_MAX_TOKENS;
};

/// The built-in build_token_stream step: fills \p Out (ends with EOF).
struct TokenStreamStep {
  NevercStatus (*Run)(void *Ctx, std::vector<NevercTokenHandle> &Out) =
      nullptr;
  void *Ctx = nullptr;
};

/// Arguments at one macro expansion (copied: the lexer frees its own).
/// The bridge copies the lexer's tokens (Native, 32 bytes each); they get
/// token handles (Arguments) only when a plugin first asks for an
/// argument's stream: most expansions' arguments are never looked at.
struct MacroArgumentsModel {
  uint32_t ArgumentCount = 0;
  bool VarargsElided = false;
  /// Token handles per argument, minted on the first request.
  std::vector<std::vector<NevercTokenHandle>> Arguments;
  struct NativeToken {
    alignas(8) unsigned char Bytes[NativeTokenBytes];
  };
  /// Every argument's lexer tokens, in order, in one array (a macro call
  /// costs two allocations however many arguments it has); argument I is
  /// Native[NativeEnd[I-1] .. NativeEnd[I]) (from 0 for the first).
  std::vector<NativeToken> Native;
  std::vector<uint32_t> NativeEnd;
};

/// Largest token list one token may become in neverc.prep.token.
constexpr uint64_t TokenExpansionBudget = 4096;


class PrepDomain final : public core::FrontendAttachment {
public:
  /// Publishes NevercPrepAPI 1.0 (320 bytes) on \p H; call before
  /// Host::initialize(). The domain must outlive every session of \p H.
  explicit PrepDomain(core::Host &H);
  ~PrepDomain() override;
  PrepDomain(const PrepDomain &) = delete;
  PrepDomain &operator=(const PrepDomain &) = delete;

  /// Status of the publishInterface call made by the constructor.
  NevercStatus published() const;
  core::Host &host() const;

  //===--- Clang bridge (neverc_prep) ------------------------------------===//
  /// Call from DriverHooks::frontendStarting, before the cc1 action runs.
  /// Installs a clang::DependencyCollector whose attachToPreprocessor adds
  /// the PPCallbacks, the pragma handlers and the token watcher the moment
  /// CompilerInstance::createPreprocessor builds the Preprocessor (no
  /// change to how the action runs). Adds nothing when nothing is
  /// registered. Returns 0 (it cannot fail).
  int attach(clang::CompilerInstance &CI, core::Task &TU) override;
  /// Call from DriverHooks::frontendFinished. Unbinds the preprocessor
  /// (identifier / macro handles of \p TU go stale; token handles stay
  /// readable). Returns non-zero when a prep event observer or phase
  /// failed during the compile (already reported), else 0.
  int detach(clang::CompilerInstance &CI, core::Task &TU,
             bool Success) override;
  uint32_t firstPhase() const override { return core::Phase_PREP_TOKEN; }
  /// A token handle of \p T for a token another domain lexed in \p CI (the
  /// AST domain's attribute cursor), read like the preprocessor's own:
  /// spelling, origin and location on first request.
  NevercTokenHandle mintLexerToken(core::Task &T, clang::CompilerInstance &CI,
                                   const clang::Token &Tok);

  //===--- Model side (neverc_prep_api) ----------------------------------===//
  /// True when attach() has something to do for \p T.
  bool needed(core::Task &T) const;
  bool observed(uint32_t Phase) const;
  /// Event kinds subscribed on \p T (NEVERC_PREP_EVENT_MASK bits).
  uint64_t subscribedEvents(core::Task &T) const;
  /// Dispatches one event to the subscriptions of \p T.
  NevercStatus raiseEvent(core::Task &T, NevercPrepEvent &E);

  void bindBackend(core::Task &T, PrepBackend *B);
  /// The facts source of \p T's lexer tokens (kept until the task ends).
  void setTokenFacts(core::Task &T, std::shared_ptr<TokenFactsSource> F);
  bool hasTokenFacts(core::Task &T);
  void setSourceCodec(const core::SourceCodec &C);
  NevercSourceLocation location(core::Task &T, uint32_t Raw);
  NevercSourceRange range(core::Task &T, uint32_t Begin, uint32_t End,
                          bool TokenRange);
  NevercFileHandle file(core::Task &T, uint32_t FileID);

  NevercTokenHandle mintToken(core::Task &T, TokenModel M);
  /// Handles (appended to \p Out) for the \p Count lexer tokens at
  /// \p Natives, \p Stride bytes apart, which \p Owner keeps alive until
  /// the task ends. No record is made until a plugin looks one up, so a
  /// unit's whole stream costs nothing per token nobody reads. False (and
  /// nothing appended) when the task's token table is full: mint instead.
  bool reserveLexerTokens(core::Task &T, std::shared_ptr<void> Owner,
                          const unsigned char *Natives, size_t Stride,
                          size_t Count, std::vector<NevercTokenHandle> &Out);
  /// The token \p H names, expanded (its pending facts stay pending);
  /// false when \p H is not a live token of \p T.
  bool token(core::Task &T, NevercTokenHandle H, TokenModel &Out);
  NevercIdentifierHandle identifier(core::Task &T, void *Native);
  void *identifierNative(core::Task &T, NevercIdentifierHandle H);
  NevercMacroDefinitionHandle macroDefinition(core::Task &T, void *Native);
  NevercMacroDirectiveHandle macroDirective(core::Task &T, void *Native);
  NevercMacroArgumentHandle macroArguments(core::Task &T,
                                           MacroArgumentsModel M);
  NevercTokenStreamHandle tokenStream(core::Task &T,
                                      std::vector<NevercTokenHandle> Tokens);

  //===--- Phase runners (Host::runPhase; zero cost when unobserved) -----===//
  NevercStatus runToken(core::Task &T, NevercTokenHandle In,
                        std::vector<NevercTokenHandle> &Out);
  /// \p Unchanged (optional) is set when Out is exactly what \p Builtin
  /// produced (no plugin replaced the stream).
  NevercStatus runTokenStream(core::Task &T, const TokenStreamRequest &Req,
                              TokenStreamStep Builtin,
                              std::vector<NevercTokenHandle> &Out,
                              bool *Unchanged = nullptr);
  NevercStatus runInclude(core::Task &T, const IncludeRequest &Req,
                          IncludeDecision &Out);
  NevercStatus runMacro(core::Task &T, const MacroRequest &Req,
                        MacroDecision &Out);
  NevercStatus runPragma(core::Task &T, const PragmaRequest &Req,
                         PragmaDecision &Out);
  NevercStatus runFeatureQuery(core::Task &T, const FeatureQueryRequest &Req,
                               FeatureQueryDecision &Out);

  /// The NevercPrepAPI table (tests).
  const NevercPrepAPI &table() const;

  struct Impl;
  Impl &impl() { return *P; }

private:
  std::unique_ptr<Impl> P;
};

} // namespace neverc::prep

#endif
