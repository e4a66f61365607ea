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
  /// Token models live in TokenStore (chunked, addresses stable, freed
  /// with the task): one token costs no allocation of its own.
  std::deque<TokenModel> TokenStore;
  core::HandleTable<TokenModel *> Tokens;
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
  /// A new token handle for \p M.
  NevercTokenHandle mintToken(TokenModel M) {
    TokenStore.push_back(std::move(M));
    return Tokens.insert(&TokenStore.back());
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
  /// Computes what a lexer token's model left pending (TokenModel).
  void resolve(TaskState &TS, TokenModel &M);
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
