//===- PrepDomain.cpp - Task state, events, phase runners (LLVM-free) -----===//
#include "PrepInternal.h"
#include "Payloads.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <type_traits>

namespace neverc::prep {

PrepBackend::~PrepBackend() = default;

namespace {
thread_local RunContext *CurrentRunTL = nullptr;
thread_local uint32_t EventDepthTL = 0;

uint64_t key(uint32_t Session, uint32_t Task) {
  return (uint64_t(Session & 0xffffff) << 32) | Task;
}
core::HandleKind hk(PrepHandleKind K) { return core::HandleKind(K); }

/// Pushes a RunContext for the duration of one phase run.
struct RunScope {
  RunContext C;
  RunScope(PrepDomain::Impl &D, core::Task &T, TaskState &TS, uint32_t Phase,
           void *Input) {
    C.D = &D;
    C.T = &T;
    C.TS = &TS;
    C.Phase = Phase;
    C.Input = Input;
    C.Prev = CurrentRunTL;
    CurrentRunTL = &C;
  }
  ~RunScope() { CurrentRunTL = C.Prev; }
};
} // namespace

RunContext *currentRun() { return CurrentRunTL; }
bool inEventObserver() { return EventDepthTL != 0; }

KindInfo kindInfo(NevercTokenKind K) {
  switch (K) {
#define NEVERC_PREP_KIND_INFO(SYM, ID, CAT, CONS)                             \
  case ID:                                                                     \
    return KindInfo{CAT, CONS == NEVERC_TRUE, true};
    NEVERC_FOR_EACH_TOKEN_KIND(NEVERC_PREP_KIND_INFO)
#undef NEVERC_PREP_KIND_INFO
  default:
    return KindInfo{0, false, false};
  }
}

//===----------------------------------------------------------------------===//
// Task state
//===----------------------------------------------------------------------===//

TaskState::TaskState(uint32_t Session, uint32_t Task)
    : Scope{Session, Task},
      Tokens(hk(PrepHandleKind::Token), Scope, &TaskState::fillLexerToken,
             this),
      Streams(hk(PrepHandleKind::TokenStream), Scope),
      Identifiers(hk(PrepHandleKind::Identifier), Scope),
      MacroDefinitions(hk(PrepHandleKind::MacroDefinition), Scope),
      MacroDirectives(hk(PrepHandleKind::MacroDirective), Scope),
      Arguments(hk(PrepHandleKind::MacroArguments), Scope),
      Builders(hk(PrepHandleKind::TokenBuilder), Scope),
      StreamBuilders(hk(PrepHandleKind::TokenStreamBuilder), Scope) {}

void TaskState::unbind() {
  Backend = nullptr;
  Identifiers.clear();
  MacroDefinitions.clear();
  MacroDirectives.clear();
  IdentifierOf.clear();
  DefinitionOf.clear();
  DirectiveOf.clear();
}

PrepDomain::Impl::Impl(core::Host &H) : H(H) {}

TaskState &PrepDomain::Impl::state(core::Task &T) {
  core::HandleScope S = core::decodeHandle(T.handle()).Scope;
  if (Last && !H.config().Concurrent && Last->Scope.Session == S.Session &&
      Last->Scope.Task == S.Task)
    return *Last;
  std::lock_guard<std::mutex> G(Lock);
  auto It = States.find(key(S.Session, S.Task));
  if (It != States.end())
    return *(Last = It->second.get());
  const core::ScopeOracle &Oracle = H;
  Last = nullptr;
  for (auto I = States.begin(); I != States.end();)
    if (!Oracle.taskAlive(I->second->Scope.Session, I->second->Scope.Task))
      I = States.erase(I);
    else
      ++I;
  auto &P = States[key(S.Session, S.Task)];
  P = std::make_unique<TaskState>(S.Session, S.Task);
  P->Task = &T;
  return *(Last = P.get());
}

TaskState *PrepDomain::Impl::stateFor(core::HandleScope S) const {
  std::lock_guard<std::mutex> G(Lock);
  auto It = States.find(key(S.Session, S.Task));
  return It == States.end() ? nullptr : It->second.get();
}

void PrepDomain::Impl::diag(NevercDiagnosticSeverity Sev, std::string Msg,
                            uint32_t Phase) {
  H.report(Sev, std::move(Msg), nullptr, H.phases().at(Phase).Name);
}

NevercStatus taskOf(PrepDomain::Impl &D, NevercTaskHandle H, core::Task **T,
                    TaskState **TS) {
  core::Task *Found = nullptr;
  NevercStatus S = D.H.resolveTask(H, &Found);
  if (!isOk(S))
    return S;
  *T = Found;
  *TS = &D.state(*Found);
  return okStatus();
}

NevercStatus frameOf(PrepDomain::Impl &D, const NevercPhaseFrame *F,
                     core::Task **T, TaskState **TS) {
  if (!F || F->Header.StructSize <
                offsetof(NevercPhaseFrame, Task) + sizeof(NevercTaskHandle))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return taskOf(D, F->Task, T, TS);
}

NevercStatus checkScope(PrepDomain::Impl &D, TaskState &TS, NevercHandle H,
                        PrepHandleKind K) {
  return core::checkHandleScope(H, hk(K), TS.Scope, D.H, true);
}

//===----------------------------------------------------------------------===//
// PrepDomain: model side
//===----------------------------------------------------------------------===//

PrepDomain::PrepDomain(core::Host &H) : P(std::make_unique<Impl>(H)) {
  P->fillTable();
  P->Published = H.publishInterface(
      NevercInterfaceID{NEVERC_INTERFACE_PREP_HIGH, NEVERC_INTERFACE_PREP_LOW},
      NEVERC_PREP_API_MAJOR, NEVERC_PREP_API_MINOR, &P->Table,
      sizeof(NevercPrepAPI));
}
PrepDomain::~PrepDomain() = default;
NevercStatus PrepDomain::published() const { return P->Published; }
core::Host &PrepDomain::host() const { return P->H; }
const NevercPrepAPI &PrepDomain::table() const { return P->Table; }

bool PrepDomain::observed(uint32_t Phase) const {
  return P->H.phases().at(Phase).Active;
}

bool PrepDomain::needed(core::Task &T) const {
  for (uint32_t Ph : {Phase_PREP_TOKEN, Phase_PREP_BUILD_TOKEN_STREAM,
                      Phase_PREP_INCLUDE, Phase_PREP_MACRO, Phase_PREP_PRAGMA,
                      Phase_PREP_FEATURE_QUERY})
    if (observed(Ph))
      return true;
  return subscribedEvents(T) != 0;
}

uint64_t PrepDomain::subscribedEvents(core::Task &T) const {
  TaskState *TS = P->stateFor(core::decodeHandle(T.handle()).Scope);
  return TS ? TS->Mask : 0;
}

NevercStatus PrepDomain::raiseEvent(core::Task &T, NevercPrepEvent &E) {
  TaskState *TS = P->stateFor(core::decodeHandle(T.handle()).Scope);
  if (!TS || E.Kind == 0 || E.Kind > NEVERC_PREP_EVENT_COUNT)
    return okStatus();
  const uint64_t Bit = NEVERC_PREP_EVENT_MASK(E.Kind);
  if (!(TS->Mask & Bit))
    return okStatus();
  E.Header = {sizeof(NevercPrepEvent), NEVERC_PREP_API_MAJOR,
              NEVERC_PREP_API_MINOR, 0};
  // Subscriptions made from inside an observer take effect for the next
  // event: only those there when the event began are called (appends go
  // after them), each copied out first since an append may move the
  // vector. No copy of the vector per event.
  const size_t Count = TS->Subscriptions.size();
  for (size_t I = 0; I < Count; ++I) {
    const Subscription S = TS->Subscriptions[I];
    if (!(S.Mask & Bit))
      continue;
    NevercStatus R;
    ++EventDepthTL;
    try {
      R = S.Callback(T.handle(), &E, S.UserData);
    } catch (...) {
      R = st(NEVERC_STATUS_PLUGIN_EXCEPTION);
    }
    --EventDepthTL;
    if (!isOk(R)) {
      TS->Failed = true;
      P->H.report(NEVERC_DIAGNOSTIC_ERROR,
                  "prep event observer failed with " +
                      std::string(core::statusName(R.Code)) + " (event " +
                      std::to_string(E.Kind) + ")",
                  nullptr, "neverc.prep");
      return R;
    }
  }
  return okStatus();
}

void PrepDomain::bindBackend(core::Task &T, PrepBackend *B) {
  TaskState &TS = P->state(T);
  if (!B)
    TS.unbind();
  else
    TS.Backend = B;
}

void PrepDomain::setSourceCodec(const core::SourceCodec &C) { P->Codec = C; }

TokenFactsSource::~TokenFactsSource() = default;

void PrepDomain::setTokenFacts(core::Task &T,
                               std::shared_ptr<TokenFactsSource> F) {
  P->state(T).Facts = std::move(F);
}

bool PrepDomain::hasTokenFacts(core::Task &T) {
  return P->state(T).Facts != nullptr;
}

bool TokenTable::reserve(const unsigned char *Natives, size_t Stride,
                         uint32_t N, uint32_t &First) {
  const uint64_t Start = (uint64_t(Count) + ChunkSize - 1) / ChunkSize *
                         ChunkSize;
  const uint64_t End = (Start + N + ChunkSize - 1) / ChunkSize * ChunkSize;
  if (End > UINT32_MAX)
    return false;
  // The rest of the last pushed chunk is padding.
  for (uint32_t I = Count; I < Start; ++I)
    Chunks[I / ChunkSize][I % ChunkSize].Bits = StoredToken::Dead;
  First = uint32_t(Start);
  Spans.push_back({First, N, Natives, Stride});
  Count = uint32_t(End);
  Chunks.resize(Count / ChunkSize);
  return true;
}

StoredToken *TokenTable::fillChunk(uint32_t Chunk) {
  const uint32_t Begin = Chunk * ChunkSize;
  // The run holding this chunk: the last one starting at or before it.
  auto It = std::upper_bound(
      Spans.begin(), Spans.end(), Begin,
      [](uint32_t I, const Span &S) { return I < S.First; });
  assert(It != Spans.begin() && "an unmade chunk outside every reserved run");
  const Span &S = *--It;
  auto C = newChunk();
  for (uint32_t K = 0; K < ChunkSize; ++K) {
    const uint32_t I = Begin + K;
    if (I - S.First < S.N)
      Fill(FillCtx, S.Natives + size_t(I - S.First) * S.Stride, C[K]);
    else
      C[K].Bits = StoredToken::Dead;
  }
  Chunks[Chunk] = std::move(C);
  return Chunks[Chunk].get();
}

void TaskState::fillLexerToken(void *Ctx, const unsigned char *Native,
                               StoredToken &Out) {
  auto &TS = *static_cast<TaskState *>(Ctx);
  TokenModel M;
  void *II = nullptr;
  if (TS.Facts)
    TS.Facts->fromNative(Native, M, &II);
  M.IdentifierNative = II;
  // The definition the identifier has now: the run was reserved after its
  // unit was lexed to the end, as minting it then would have seen.
  void *Directive = nullptr;
  if (II && TS.Backend)
    M.DefinitionNative = TS.Backend->macroDefinitionOf(II, &Directive);
  Out = TS.store(std::move(M));
}

StoredToken TaskState::store(TokenModel &&M) {
  StoredToken S;
  S.Kind = M.Kind;
  S.Flags = uint16_t(M.Flags);
  S.Bits = (M.FactsPending ? StoredToken::FactsPending : 0) |
           (M.RangePending ? StoredToken::RangePending : 0) |
           (M.HasNative ? StoredToken::HasNative : 0);
  S.RawBegin = M.RawBegin;
  S.RawEnd = M.RawEnd;
  S.Facts = nullptr;
  S.IdentifierNative = M.IdentifierNative;
  S.DefinitionNative = M.DefinitionNative;
  std::memcpy(S.Native, M.Native, sizeof S.Native);
  // A lexer token with everything pending (the common case) has no facts
  // yet; anything else carries some and keeps them.
  const bool Handles = !isNull(M.Identifier) || !isNull(M.MacroDefinition);
  if (Handles)
    S.Bits |= StoredToken::OwnHandles;
  if (Handles || !M.FactsPending || (!M.RangePending && !isNull(M.Range))) {
    TokenFacts &F = FactsStore.emplace_back();
    F.Origin = M.Origin;
    F.Spelling = std::move(M.Spelling);
    F.Location = M.Location;
    F.Range = M.Range;
    F.Identifier = M.Identifier;
    F.MacroDefinition = M.MacroDefinition;
    S.Facts = &F;
  }
  return S;
}

const TokenFacts &PrepDomain::Impl::facts(TaskState &TS, StoredToken &S) {
  if (S.Bits & StoredToken::FactsPending) {
    S.Bits &= ~StoredToken::FactsPending;
    TokenFacts &F = TS.factsOf(S);
    if (TS.Facts && (S.Bits & StoredToken::HasNative))
      TS.Facts->resolve(S.Native, F.Origin, F.Spelling);
    if (TS.Task)
      F.Location = encodeLocation(*TS.Task, S.RawBegin);
  }
  if (S.Bits & StoredToken::RangePending) {
    S.Bits &= ~StoredToken::RangePending;
    TokenFacts &F = TS.factsOf(S);
    if (TS.Task)
      F.Range = encodeRange(*TS.Task, S.RawBegin, S.RawEnd);
  }
  return TS.factsOf(S);
}

void PrepDomain::Impl::tokenHandles(TaskState &TS, const StoredToken &S,
                                    NevercIdentifierHandle &Identifier,
                                    NevercMacroDefinitionHandle &Definition) {
  if (S.Bits & StoredToken::OwnHandles) {
    Identifier = S.Facts->Identifier;
    Definition = S.Facts->MacroDefinition;
  } else if (TS.Backend) {
    Identifier = identifierHandle(TS, S.IdentifierNative);
    Definition = definitionHandle(TS, S.DefinitionNative);
  } else {
    // The natives died with the preprocessor (TaskState::unbind).
    Identifier = Definition = NevercHandle{};
  }
}

void PrepDomain::Impl::expand(TaskState &TS, const StoredToken &S,
                              TokenModel &Out) {
  Out.Kind = S.Kind;
  Out.Flags = S.Flags;
  Out.RawBegin = S.RawBegin;
  Out.RawEnd = S.RawEnd;
  Out.FactsPending = S.Bits & StoredToken::FactsPending;
  Out.RangePending = S.Bits & StoredToken::RangePending;
  Out.HasNative = S.Bits & StoredToken::HasNative;
  tokenHandles(TS, S, Out.Identifier, Out.MacroDefinition);
  Out.IdentifierNative = S.IdentifierNative;
  Out.DefinitionNative = S.DefinitionNative;
  std::memcpy(Out.Native, S.Native, sizeof S.Native);
  if (S.Facts) {
    Out.Origin = S.Facts->Origin;
    Out.Spelling = S.Facts->Spelling;
    Out.Location = S.Facts->Location;
    Out.Range = S.Facts->Range;
  } else {
    Out.Origin = NEVERC_TOKEN_ORIGIN_FILE;
    Out.Spelling.clear();
    Out.Location = {};
    Out.Range = {};
  }
}

NevercSourceLocation PrepDomain::location(core::Task &T, uint32_t Raw) {
  return P->encodeLocation(T, Raw);
}

NevercSourceLocation PrepDomain::Impl::encodeLocation(core::Task &T,
                                                      uint32_t Raw) {
  if (Codec.Location)
    return Codec.Location(Codec.Ctx, T, Raw);
  if (!Raw)
    return NevercSourceLocation{};
  // Owner = kind | task scope, Value = the raw lexer encoding.
  NevercHandle H = core::encodeHandle(hk(PrepHandleKind::SourceLocation),
                                      core::decodeHandle(T.handle()).Scope,
                                      Raw, 0);
  return H;
}

NevercSourceRange PrepDomain::range(core::Task &T, uint32_t Begin,
                                    uint32_t End, bool TokenRange) {
  return P->encodeRange(T, Begin, End, TokenRange);
}

NevercSourceRange PrepDomain::Impl::encodeRange(core::Task &T, uint32_t Begin,
                                                uint32_t End, bool TokenRange) {
  if (Codec.Range)
    return Codec.Range(Codec.Ctx, T, Begin, End, TokenRange);
  if (!Begin && !End)
    return NevercSourceRange{};
  core::HandleScope S = core::decodeHandle(T.handle()).Scope;
  NevercHandle H = core::encodeHandle(hk(PrepHandleKind::SourceRange), S, 0, 0);
  H.Owner |= TokenRange ? (uint64_t(1) << 55) : 0;
  H.Value = (uint64_t(End) << 32) | Begin;
  return H;
}

NevercFileHandle PrepDomain::file(core::Task &T, uint32_t FileID) {
  if (P->Codec.File)
    return P->Codec.File(P->Codec.Ctx, T, FileID);
  if (!FileID)
    return NevercFileHandle{};
  return core::encodeHandle(hk(PrepHandleKind::File),
                            core::decodeHandle(T.handle()).Scope, FileID, 0);
}

NevercTokenHandle PrepDomain::mintToken(core::Task &T, TokenModel M) {
  return P->state(T).mintToken(std::move(M));
}

bool PrepDomain::reserveLexerTokens(core::Task &T, std::shared_ptr<void> Owner,
                                    const unsigned char *Natives,
                                    size_t Stride, size_t Count,
                                    std::vector<NevercTokenHandle> &Out) {
  TaskState &TS = P->state(T);
  uint32_t First;
  if (Count > UINT32_MAX || !TS.Tokens.reserve(Natives, Stride, uint32_t(Count),
                                               First))
    return false;
  TS.Owned.push_back(std::move(Owner));
  Out.reserve(Out.size() + Count);
  for (size_t I = 0; I < Count; ++I)
    Out.push_back(TS.Tokens.handle(First + uint32_t(I)));
  return true;
}

bool PrepDomain::token(core::Task &T, NevercTokenHandle H, TokenModel &Out) {
  TaskState &TS = P->state(T);
  const StoredToken *S = TS.Tokens.lookup(H);
  if (!S)
    return false;
  Impl::expand(TS, *S, Out);
  return true;
}


NevercIdentifierHandle PrepDomain::identifier(core::Task &T, void *Native) {
  return Impl::identifierHandle(P->state(T), Native);
}

void *PrepDomain::identifierNative(core::Task &T, NevercIdentifierHandle H) {
  void **N = P->state(T).Identifiers.lookup(H);
  return N ? *N : nullptr;
}

NevercMacroDefinitionHandle PrepDomain::macroDefinition(core::Task &T,
                                                        void *Native) {
  return Native ? Impl::definitionHandle(P->state(T), Native) : NevercHandle{};
}

NevercMacroDirectiveHandle PrepDomain::macroDirective(core::Task &T,
                                                      void *Native) {
  return Native ? Impl::directiveHandle(P->state(T), Native) : NevercHandle{};
}

NevercMacroArgumentHandle PrepDomain::macroArguments(core::Task &T,
                                                     MacroArgumentsModel M) {
  return P->state(T).Arguments.insert(
      std::make_unique<MacroArgumentsModel>(std::move(M)));
}

NevercTokenStreamHandle
PrepDomain::tokenStream(core::Task &T, std::vector<NevercTokenHandle> Tokens) {
  return P->state(T).Streams.insert(
      std::make_unique<std::vector<NevercTokenHandle>>(std::move(Tokens)));
}

//===----------------------------------------------------------------------===//
// Phase runners
//===----------------------------------------------------------------------===//

namespace {

template <class Out> struct Builtin {
  Out *Default;
  static NevercStatus run(void *Ctx, void *, void **O) {
    *O = static_cast<Builtin *>(Ctx)->Default;
    return okStatus();
  }
};

/// Runs one of the decision phases (include, macro, pragma, feature query)
/// of an observed task: the input box holds \p Req, the built-in step
/// answers \p Out as it stands, and \p Verify(domain, task state,
/// decision) checks any other answer (nullptr: no host verifier). \p Out
/// receives the decision the phase took.
template <class InBox, class OutBox, class Request, class Decision,
          class VerifyFn>
NevercStatus runDecision(PrepDomain::Impl &D, core::Task &T, uint32_t Phase,
                         const Request &Req, Decision &Out, VerifyFn Verify) {
  TaskState &TS = D.state(T);
  InBox Box;
  Box.R = Req;
  Box.fill();
  OutBox Default;
  Default.D = Out;
  Builtin<OutBox> B{&Default};
  struct V {
    PrepDomain::Impl *D;
    TaskState *TS;
    VerifyFn Fn;
    static NevercStatus run(void *Ctx, void *O) {
      auto &Self = *static_cast<V *>(Ctx);
      if constexpr (std::is_null_pointer_v<VerifyFn>)
        return okStatus();
      else
        return Self.Fn(*Self.D, *Self.TS, static_cast<OutBox *>(O)->D);
    }
  } Ver{&D, &TS, Verify};
  RunScope Scope(D, T, TS, Phase, &Box);
  core::PhaseRequest R;
  R.T = &T;
  R.Input = &Box;
  R.Builtin = {&Builtin<OutBox>::run, &B};
  if constexpr (!std::is_null_pointer_v<VerifyFn>)
    R.Verifier = {&V::run, &Ver};
  core::PhaseOutcome O = D.H.runPhase(Phase, R);
  if (!isOk(O.Status))
    return O.Status;
  Out = static_cast<OutBox *>(O.Output)->D;
  return okStatus();
}

} // namespace

NevercStatus verifyTokens(PrepDomain::Impl &D, TaskState &TS,
                          const std::vector<NevercTokenHandle> &Tokens,
                          uint32_t Phase) {
  for (NevercTokenHandle H : Tokens)
    if (!isOk(checkScope(D, TS, H, PrepHandleKind::Token)) ||
        !TS.Tokens.lookup(H)) {
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             D.H.phases().at(Phase).Verifier +
                 ": output names a token that is not a live token of this task",
             Phase);
      return st(NEVERC_STATUS_STALE_HANDLE);
    }
  return okStatus();
}

NevercStatus PrepDomain::runToken(core::Task &T, NevercTokenHandle In,
                                  std::vector<NevercTokenHandle> &Out) {
  // clear + push_back, not assign(1, In): this runs once per token, and
  // assign is an out-of-line fill loop.
  Out.clear();
  Out.push_back(In);
  if (!observed(Phase_PREP_TOKEN))
    return okStatus();
  TaskState &TS = P->state(T);
  TokenInBox Box;
  Box.Token = In;
  struct Depth {
    uint32_t &D;
    explicit Depth(uint32_t &D) : D(D) { ++D; }
    ~Depth() { --D; }
  } InRun(TS.TokenRunDepth);
  if (!TS.TokenScratch)
    TS.TokenScratch = std::make_shared<TokenOutBox>();
  TokenOutBox Nested;
  TokenOutBox &Default = TS.TokenRunDepth == 1 ? *TS.TokenScratch : Nested;
  Default.Tokens.clear();
  Default.Tokens.push_back(In);
  Builtin<TokenOutBox> B{&Default};
  struct V {
    PrepDomain::Impl *D;
    TaskState *TS;
    static NevercStatus run(void *Ctx, void *O) {
      auto &Self = *static_cast<V *>(Ctx);
      auto &Box = *static_cast<TokenOutBox *>(O);
      if (Box.Tokens.size() > TokenExpansionBudget) {
        Self.D->diag(NEVERC_DIAGNOSTIC_ERROR,
                     "neverc.prep.verify_token_sequence: one token became " +
                         std::to_string(Box.Tokens.size()) +
                         " tokens (budget " +
                         std::to_string(TokenExpansionBudget) + ")",
                     Phase_PREP_TOKEN);
        return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
      }
      return verifyTokens(*Self.D, *Self.TS, Box.Tokens, Phase_PREP_TOKEN);
    }
  } Ver{P.get(), &TS};
  RunScope Scope(*P, T, TS, Phase_PREP_TOKEN, &Box);
  core::PhaseRequest R;
  R.T = &T;
  R.Input = &Box;
  R.Builtin = {&Builtin<TokenOutBox>::run, &B};
  R.Verifier = {&V::run, &Ver};
  core::PhaseOutcome O = P->H.runPhase(Phase_PREP_TOKEN, R);
  if (!isOk(O.Status))
    return O.Status;
  const std::vector<NevercTokenHandle> &Result =
      static_cast<TokenOutBox *>(O.Output)->Tokens;
  // The common outcome, the token itself, is what Out already holds.
  if (!(Result.size() == 1 && Result[0] == In))
    Out = Result;
  return okStatus();
}

NevercStatus PrepDomain::runTokenStream(core::Task &T,
                                        const TokenStreamRequest &Req,
                                        TokenStreamStep Step,
                                        std::vector<NevercTokenHandle> &Out,
                                        bool *Unchanged) {
  if (Unchanged)
    *Unchanged = false;
  if (!observed(Phase_PREP_BUILD_TOKEN_STREAM)) {
    if (Unchanged)
      *Unchanged = true;
    return Step.Run ? Step.Run(Step.Ctx, Out) : okStatus();
  }
  TaskState &TS = P->state(T);
  StreamInBox Box;
  Box.C.Header = {sizeof(NevercPrepTokenStreamPhaseInput),
                  NEVERC_PREP_API_MAJOR, NEVERC_PREP_API_MINOR, 0};
  Box.C.StartLocation = Req.StartLocation;
  Box.C.EndLocation = Req.EndLocation;
  Box.C.MaximumTokenCount =
      std::min<uint64_t>(Req.MaximumTokenCount,
                         NEVERC_PREP_TOKEN_STREAM_MAX_TOKENS);
  struct B {
    TokenStreamStep Step;
    TokenOutBox Default;
    static NevercStatus run(void *Ctx, void *, void **O) {
      auto &Self = *static_cast<B *>(Ctx);
      NevercStatus S = Self.Step.Run ? Self.Step.Run(Self.Step.Ctx,
                                                     Self.Default.Tokens)
                                     : okStatus();
      *O = &Self.Default;
      return S;
    }
  } Built{Step, {}};
  struct V {
    PrepDomain::Impl *D;
    TaskState *TS;
    uint64_t Max;
    static NevercStatus run(void *Ctx, void *O) {
      auto &Self = *static_cast<V *>(Ctx);
      auto &Box = *static_cast<TokenOutBox *>(O);
      auto Fail = [&](const std::string &Why) {
        Self.D->diag(NEVERC_DIAGNOSTIC_ERROR,
                     "neverc.prep.verify_token_stream: " + Why,
                     Phase_PREP_BUILD_TOKEN_STREAM);
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      };
      if (Box.Tokens.size() > Self.Max)
        return Fail("the stream has " + std::to_string(Box.Tokens.size()) +
                    " tokens, more than MaximumTokenCount " +
                    std::to_string(Self.Max));
      NevercStatus S = verifyTokens(*Self.D, *Self.TS, Box.Tokens,
                                    Phase_PREP_BUILD_TOKEN_STREAM);
      if (!isOk(S))
        return S;
      if (Box.Tokens.empty())
        return Fail("the stream is empty (it must end with EOF)");
      auto *Last = Self.TS->Tokens.lookup(Box.Tokens.back());
      if (!Last || Last->Kind != NEVERC_TOKEN_EOF)
        return Fail("the stream does not end with an EOF token");
      return okStatus();
    }
  } Ver{P.get(), &TS, Box.C.MaximumTokenCount};
  RunScope Scope(*P, T, TS, Phase_PREP_BUILD_TOKEN_STREAM, &Box);
  core::PhaseRequest R;
  R.T = &T;
  R.Input = &Box;
  R.Builtin = {&B::run, &Built};
  R.Verifier = {&V::run, &Ver};
  core::PhaseOutcome O = P->H.runPhase(Phase_PREP_BUILD_TOKEN_STREAM, R);
  if (!isOk(O.Status))
    return O.Status;
  if (O.Output == &Built.Default) {
    // The built-in's own stream (observers only, or every interceptor
    // continued): no plugin changed it, and its box dies here.
    Out = std::move(Built.Default.Tokens);
    if (Unchanged)
      *Unchanged = true;
    return okStatus();
  }
  Out = static_cast<TokenOutBox *>(O.Output)->Tokens;
  return okStatus();
}

namespace {
std::string phaseVerifier(PrepDomain::Impl &D, uint32_t Phase) {
  return D.H.phases().at(Phase).Verifier;
}
} // namespace

NevercStatus PrepDomain::runInclude(core::Task &T, const IncludeRequest &Req,
                                    IncludeDecision &Out) {
  Out = IncludeDecision{};
  Out.IsAngled = Req.IsAngled;
  if (!observed(Phase_PREP_INCLUDE))
    return okStatus();
  return runDecision<IncludeInBox, IncludeOutBox>(
      *P, T, Phase_PREP_INCLUDE, Req, Out,
      [](Impl &D, TaskState &, const IncludeDecision &Dec) {
        if (Dec.Action == NEVERC_PREP_INCLUDE_REDIRECT &&
            (Dec.Filename.empty() ||
             Dec.Filename.find('\0') != std::string::npos ||
             Dec.Filename.find('\n') != std::string::npos)) {
          D.diag(NEVERC_DIAGNOSTIC_ERROR,
                 phaseVerifier(D, Phase_PREP_INCLUDE) +
                     ": REDIRECT needs a non-empty file name without NUL "
                     "or newline",
                 Phase_PREP_INCLUDE);
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        }
        return okStatus();
      });
}

NevercStatus PrepDomain::runMacro(core::Task &T, const MacroRequest &Req,
                                  MacroDecision &Out) {
  Out = MacroDecision{};
  if (!observed(Phase_PREP_MACRO))
    return okStatus();
  return runDecision<MacroInBox, MacroOutBox>(
      *P, T, Phase_PREP_MACRO, Req, Out,
      [](Impl &D, TaskState &TS, const MacroDecision &Dec) {
        return verifyTokens(D, TS, Dec.Tokens, Phase_PREP_MACRO);
      });
}

NevercStatus PrepDomain::runPragma(core::Task &T, const PragmaRequest &Req,
                                   PragmaDecision &Out) {
  Out = PragmaDecision{};
  if (!observed(Phase_PREP_PRAGMA))
    return okStatus();
  return runDecision<PragmaInBox, PragmaOutBox>(
      *P, T, Phase_PREP_PRAGMA, Req, Out,
      [](Impl &D, TaskState &TS, const PragmaDecision &Dec) {
        return verifyTokens(D, TS, Dec.Tokens, Phase_PREP_PRAGMA);
      });
}

NevercStatus PrepDomain::runFeatureQuery(core::Task &T,
                                         const FeatureQueryRequest &Req,
                                         FeatureQueryDecision &Out) {
  Out = FeatureQueryDecision{};
  Out.Value = Req.BuiltinValue;
  if (!observed(Phase_PREP_FEATURE_QUERY))
    return okStatus();
  // No host verifier: any action and value is a valid answer.
  return runDecision<FeatureInBox, FeatureOutBox>(
      *P, T, Phase_PREP_FEATURE_QUERY, Req, Out, nullptr);
}

} // namespace neverc::prep
