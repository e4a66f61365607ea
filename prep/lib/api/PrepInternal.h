//===- PrepInternal.h - Shared pieces of the prep domain (LLVM-free) -*- C++ -*-===//
//
// Per-task state: generation-checked tables of the prep handle kinds, the
// event subscriptions, the bound backend. Phase runs push a RunContext on a
// thread-local stack; the Create*PhaseOutput slots check against it.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_PREP_API_PREPINTERNAL_H
#define NEVERC_PREP_API_PREPINTERNAL_H

#include "neverc/core/PointerMap.h"
#include "neverc/core/SlotSupport.h"
#include "neverc/prep/PrepDomain.h"

#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <new>
#include <unordered_map>

namespace neverc::prep {

using core::isNull;
using core::isOk;
using core::makeStatus;
using core::okStatus;
using core::operator==;
// The prep phases, for the slots, the runners and the Clang bridge.
using core::Phase_PREP_BUILD_TOKEN_STREAM;
using core::Phase_PREP_FEATURE_QUERY;
using core::Phase_PREP_INCLUDE;
using core::Phase_PREP_MACRO;
using core::Phase_PREP_PRAGMA;
using core::Phase_PREP_TOKEN;

inline NevercStatus st(NevercStatusCode C) { return makeStatus(C); }

/// Artifact types: HIGH of the prep artifacts, LOW per phase (schema).
constexpr uint64_t ArtifactHigh = NEVERC_PHASE_PREP_TOKEN_INPUT_HIGH;
constexpr NevercInterfaceID artifactID(uint64_t Low) {
  return NevercInterfaceID{ArtifactHigh, Low};
}

struct TokenOutBox; // Payloads.h

struct TokenBuilderModel {
  TokenModel Token;
  bool KindSet = false;
  bool IdentifierSet = false;
  bool LiteralSet = false;
};

struct StreamBuilderModel {
  std::vector<NevercTokenHandle> Tokens;
};

/// The facts of a token nobody asked about stay out of its record: they
/// are made on first request (or at mint, for a token that has them).
/// Addresses are stable (TaskState::FactsStore), so a Spelling view handed
/// to a plugin stays valid until the task ends.
struct TokenFacts {
  NevercTokenOriginKind Origin = NEVERC_TOKEN_ORIGIN_FILE;
  std::string Spelling;
  NevercSourceLocation Location{};
  NevercSourceRange Range{};
  /// A built token's handles (StoredToken::OwnHandles).
  NevercIdentifierHandle Identifier{};
  NevercMacroDefinitionHandle MacroDefinition{};
};

/// A token as the task keeps it: 64 bytes, no allocation of its own. The
/// cold facts (TokenModel: Origin, Spelling, Location, Range) are behind
/// Facts, null until first request for a lexer token. A lexer token names
/// its identifier and macro definition natively (handles on request); a
/// built token's handles are in its facts (OwnHandles).
struct StoredToken {
  enum : uint8_t {
    FactsPending = 1,
    RangePending = 2,
    HasNative = 4,
    OwnHandles = 8,
    Dead = 16 ///< padding of a reserved run (TokenTable)
  };
  NevercTokenKind Kind;
  uint16_t Flags; ///< NevercTokenFlags (NEVERC_TOKEN_FLAG_ALL fits)
  uint8_t Bits;
  uint32_t RawBegin, RawEnd;
  TokenFacts *Facts;
  void *IdentifierNative, *DefinitionNative;
  alignas(8) unsigned char Native[NativeTokenBytes];
};
static_assert(NEVERC_TOKEN_FLAG_ALL <= UINT16_MAX, "token flags exceed 16 bits");
static_assert(sizeof(StoredToken) <= 64, "a stored token grew");

/// The tokens of one task. A token is never freed before its task ends
/// (prep rule 2), so its handle is its index in a chunked array, with
/// generation 1: no slot entry, no free list, nothing to copy as the table
/// grows. A handle of another task or kind, or past the end, finds nothing.
///
/// A run of lexer tokens whose natives live until the task ends (the unit's
/// stream, PrepDomain::reserveLexerTokens) gets its indices reserved
/// instead: a chunk of their records is made from the natives when one of
/// them is first looked up, so a stream nobody reads costs no record.
/// Reserved runs start and end on chunk boundaries; the indices padding a
/// chunk out are dead (found by nothing).
class TokenTable {
public:
  /// Makes the record of the lexer token at \p Native.
  using FillFn = void (*)(void *Ctx, const unsigned char *Native,
                          StoredToken &Out);
  TokenTable(core::HandleKind Kind, core::HandleScope Scope, FillFn Fill,
             void *FillCtx)
      : Owner(core::encodeHandle(Kind, Scope, 0, 0).Owner), Fill(Fill),
        FillCtx(FillCtx) {}

  NevercTokenHandle push(const StoredToken &T) {
    if (Count % ChunkSize == 0)
      Chunks.push_back(newChunk());
    Chunks.back()[Count % ChunkSize] = T;
    return handle(Count++);
  }
  /// Reserves \p N indices for the natives at \p Natives (\p Stride bytes
  /// apart); the first one's index, or false when the table is full.
  bool reserve(const unsigned char *Natives, size_t Stride, uint32_t N,
               uint32_t &First);
  StoredToken *lookup(NevercHandle H) {
    if (H.Owner != Owner || (H.Value >> 32) != 1)
      return nullptr;
    const uint32_t I = uint32_t(H.Value);
    if (I >= Count)
      return nullptr;
    StoredToken *C = Chunks[I / ChunkSize].get();
    if (!C)
      C = fillChunk(I / ChunkSize);
    StoredToken *T = &C[I % ChunkSize];
    return (T->Bits & StoredToken::Dead) ? nullptr : T;
  }
  NevercTokenHandle handle(uint32_t I) const {
    return NevercHandle{Owner, (uint64_t(1) << 32) | I};
  }

private:
  static constexpr uint32_t ChunkSize = 1024;
  struct Span {
    uint32_t First, N;
    const unsigned char *Natives;
    size_t Stride;
  };
  static std::unique_ptr<StoredToken[]> newChunk() {
    return std::make_unique_for_overwrite<StoredToken[]>(ChunkSize);
  }
  StoredToken *fillChunk(uint32_t Chunk);

  uint64_t Owner;
  FillFn Fill;
  void *FillCtx;
  std::vector<std::unique_ptr<StoredToken[]>> Chunks; ///< null: not made yet
  std::vector<Span> Spans;                            ///< ascending First
  uint32_t Count = 0; ///< indices handed out, dead padding included
};

struct Subscription {
  uint64_t Mask = 0;
  NevercPrepEventObserverFn Callback = nullptr;
  void *UserData = nullptr;
};

struct TaskState {
  TaskState(uint32_t Session, uint32_t Task);
  core::HandleScope Scope;
  /// The task these records belong to (for the source codec); set by
  /// Impl::state, valid while the task lives, which is whenever a slot
  /// reaches this state.
  core::Task *Task = nullptr;
  TokenTable Tokens;
  std::deque<TokenFacts> FactsStore;
  core::HandleTable<std::unique_ptr<std::vector<NevercTokenHandle>>> Streams;
  core::HandleTable<void *> Identifiers, MacroDefinitions, MacroDirectives;
  core::PointerMap<NevercHandle> IdentifierOf, DefinitionOf, DirectiveOf;
  /// The built-in output of neverc.prep.token, reused run after run (its
  /// vector keeps its capacity); a nested run gets a box of its own.
  std::shared_ptr<TokenOutBox> TokenScratch;
  std::shared_ptr<TokenFactsSource> Facts;
  uint32_t TokenRunDepth = 0;
  core::HandleTable<std::unique_ptr<MacroArgumentsModel>> Arguments;
  core::HandleTable<std::unique_ptr<TokenBuilderModel>> Builders;
  core::HandleTable<std::unique_ptr<StreamBuilderModel>> StreamBuilders;
  std::vector<Subscription> Subscriptions;
  uint64_t Mask = 0;
  PrepBackend *Backend = nullptr;
  /// Phase outputs and views handed out (live until the task ends).
  std::vector<std::shared_ptr<void>> Owned;
  bool Failed = false; ///< an event observer failed

  template <class V> V &own() {
    auto P = std::make_shared<V>();
    V &R = *P;
    Owned.push_back(std::move(P));
    return R;
  }
  /// Drops every handle bound to the live preprocessor.
  void unbind();
  /// A new token handle for \p M (stored compactly).
  NevercTokenHandle mintToken(TokenModel &&M) {
    return Tokens.push(store(std::move(M)));
  }
  /// \p M as a stored record (its facts, if any, into FactsStore).
  StoredToken store(TokenModel &&M);
  /// TokenTable::FillFn: a reserved lexer token's record.
  static void fillLexerToken(void *Ctx, const unsigned char *Native,
                             StoredToken &Out);
  /// \p S's cold facts record, made on first use.
  TokenFacts &factsOf(StoredToken &S) {
    if (!S.Facts)
      S.Facts = &FactsStore.emplace_back();
    return *S.Facts;
  }
};

/// One phase run; the innermost on this thread is what the Create* slots
/// check against.
struct RunContext {
  PrepDomain::Impl *D = nullptr;
  core::Task *T = nullptr;
  TaskState *TS = nullptr;
  uint32_t Phase = 0;
  void *Input = nullptr; ///< the phase's input box
  RunContext *Prev = nullptr;
};
RunContext *currentRun();

/// True while an event observer runs on this thread (mutation refused).
bool inEventObserver();

struct PrepDomain::Impl {
  explicit Impl(core::Host &H);
  core::Host &H;
  NevercPrepAPI Table{};
  NevercStatus Published = okStatus();
  mutable std::mutex Lock;
  std::map<uint64_t, std::unique_ptr<TaskState>> States;
  /// The state state() returned last, for a host that runs on one thread
  /// (HostConfig::Concurrent false): the bridge asks for the same task's
  /// state several times per token. Matched by scope serials, which are
  /// never reused; cleared whenever a state is dropped.
  TaskState *Last = nullptr;
  core::SourceCodec Codec;
  /// Bridges of attached CompilerInstances (opaque to this library).
  std::map<void *, std::shared_ptr<void>> Attached;

  TaskState &state(core::Task &T);
  /// A range handle through the source codec (or the domain's own
  /// encoding when none is installed).
  NevercSourceRange encodeRange(core::Task &T, uint32_t Begin, uint32_t End,
                                bool TokenRange = false);
  NevercSourceLocation encodeLocation(core::Task &T, uint32_t Raw);
  /// The facts of \p S, computing what a lexer token left pending
  /// (TokenModel) on this first request.
  const TokenFacts &facts(TaskState &TS, StoredToken &S);
  /// \p S as a whole value (pending facts stay pending).
  static void expand(TaskState &TS, const StoredToken &S, TokenModel &Out);
  /// The identifier and macro definition handles of \p S.
  static void tokenHandles(TaskState &TS, const StoredToken &S,
                           NevercIdentifierHandle &Identifier,
                           NevercMacroDefinitionHandle &Definition);
  TaskState *stateFor(core::HandleScope S) const;
  void fillTable();
  void diag(NevercDiagnosticSeverity Sev, std::string Msg, uint32_t Phase);
  /// One handle per native object per task (handles compare equal); a
  /// null object has the null handle.
  static NevercHandle identifierHandle(TaskState &TS, void *Native);
  static NevercHandle definitionHandle(TaskState &TS, void *Native);
  static NevercHandle directiveHandle(TaskState &TS, void *Native);
};

inline PrepDomain::Impl &impl(void *Ctx) {
  return *static_cast<PrepDomain::Impl *>(Ctx);
}

/// In/out structs of the PREP table (core/SlotSupport.h).
inline NevercStatus checkHeader(const void *P, size_t Need) {
  return core::checkStructHeader(P, Need, NEVERC_PREP_API_MAJOR);
}
using core::writeOut;
template <class F> NevercStatus guard(F &&Fn) noexcept {
  return core::guardSlot(static_cast<F &&>(Fn));
}

/// Task handle → live task and its state.
NevercStatus taskOf(PrepDomain::Impl &D, NevercTaskHandle H, core::Task **T,
                    TaskState **TS);
/// Frame → task and state.
NevercStatus frameOf(PrepDomain::Impl &D, const NevercPhaseFrame *F,
                     core::Task **T, TaskState **TS);
/// Validates \p H as a handle of kind \p K in \p TS's task.
NevercStatus checkScope(PrepDomain::Impl &D, TaskState &TS, NevercHandle H,
                        PrepHandleKind K);

// Token-kind schema.
struct KindInfo {
  NevercTokenCategory Category;
  bool Constructible;
  bool Known;
};
KindInfo kindInfo(NevercTokenKind K);

} // namespace neverc::prep

#endif
