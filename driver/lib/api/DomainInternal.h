//===- DomainInternal.h - Shared pieces of the driver domain ----*- C++ -*-===//
//
// LLVM-free. Artifacts are Box<Model>s: a pointer to the model (the
// runner's caller-owned object, or a domain-owned model a plugin published)
// plus a generation every commit bumps. Edits (builders and mutations) live
// in core HandleTables of the task; each is a working copy.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_DRIVER_API_DOMAININTERNAL_H
#define NEVERC_DRIVER_API_DOMAININTERNAL_H

#include "neverc/driver/DriverDomain.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <new>
#include <utility>

namespace neverc::driver {

using core::isNull;
using core::isOk;
using core::makeStatus;
using core::okStatus;
using core::operator==;

// Artifact type LOWs (HIGH = NEVERC driver artifact high).
constexpr uint64_t ArtifactHigh = NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_INPUT_HIGH;
enum ArtifactLow : uint64_t {
  ArtArgv = 0x1,
  ArtParsed = 0x2,
  ArtToolChainRequest = 0x3,
  ArtToolChainSelection = 0x4,
  ArtBuildActionsRequest = 0x5,
  ArtActionGraph = 0x6,
  ArtJobGraph = 0x8,
  ArtJobRequest = 0x9,
  ArtJobResult = 0xa,
};
constexpr NevercInterfaceID artifactID(uint64_t Low) {
  return NevercInterfaceID{ArtifactHigh, Low};
}

template <class M> struct Box {
  M *Model = nullptr;
  uint64_t Generation = 1;
  bool Writable = false;
  std::unique_ptr<M> Owned; ///< set for plugin-published artifacts
};

struct RunContext;

template <class M> struct Edit {
  Box<M> *Target = nullptr; ///< null for a builder
  M Working;
  uint64_t BaseGeneration = 0;
  uint64_t LedgerId = 0;
  uint64_t NextId = 1; ///< next node / job / occurrence id
  core::Task *T = nullptr;
  RunContext *Run = nullptr;
};

template <class M> using EditTable = core::HandleTable<std::unique_ptr<Edit<M>>>;

/// Per-task domain state; created on the first observed run of the task.
struct TaskState {
  TaskState(uint32_t Session, uint32_t Task);
  core::HandleScope Scope;
  EditTable<api::RawArguments> ArgEdits;
  EditTable<api::ParsedArguments> ParsedEdits;
  EditTable<api::ToolChainRequest> ToolChainEdits;
  EditTable<api::ActionGraph> ActionBuilders, ActionMutations;
  EditTable<api::JobGraph> JobBuilders, JobMutations;
  /// Published artifacts (live until the task ends).
  std::vector<std::shared_ptr<void>> Owned;
  /// View arrays handed out by Get* slots; freed when the outermost run of
  /// the task ends.
  std::vector<std::shared_ptr<void>> Scratch;
  uint32_t RunDepth = 0;

  template <class V> V &scratch() {
    auto P = std::make_shared<V>();
    V &R = *P;
    Scratch.push_back(std::move(P));
    return R;
  }
};

/// One phase run (on the runner's stack); the innermost run on this thread
/// is what Begin*/Create* check against.
struct RunContext {
  DriverDomain::Impl *D = nullptr;
  core::Task *T = nullptr;
  TaskState *TS = nullptr;
  uint32_t Phase = 0;
  RunContext *Prev = nullptr;
  std::vector<std::pair<DriverHandleKind, NevercHandle>> Edits;
  bool Mutated = false;
  // Verifier inputs.
  const api::ActionGraph *Actions = nullptr; ///< phase 5
  const api::JobModel *Job = nullptr;        ///< phase 6
  std::vector<bool> PreExisting;             ///< phase 6, per output
  bool PreExistingKnown = false;
};

RunContext *currentRun();

struct DriverDomain::Impl {
  explicit Impl(core::Host &H);
  core::Host &H;
  NevercDriverAPI Table{};
  NevercStatus Published = okStatus();
  mutable std::mutex Lock;
  std::map<uint64_t, std::unique_ptr<TaskState>> States;

  /// The state of \p T, created on demand (dead tasks' states are swept).
  TaskState &state(core::Task &T);
  /// The state for a handle scope, or null.
  TaskState *stateFor(core::HandleScope S);

  void fillTable();
  void diag(NevercDiagnosticSeverity Sev, std::string Msg, uint32_t Phase);
  void reportVerifier(uint32_t Phase, const std::string &Why);
};

//===--- status / ABI helpers -------------------------------------------===//

inline NevercStatus st(NevercStatusCode C) { return makeStatus(C); }

/// Out- and in-structs: NULL → INVALID_ARGUMENT; StructSize below what the
/// host reads or writes → INVALID_ARGUMENT; another ABI major →
/// ABI_MISMATCH.
inline NevercStatus checkHeader(const void *P, size_t Need) {
  if (!P)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  NevercABITableHeader H;
  std::memcpy(&H, P, sizeof H);
  if (H.StructSize < Need)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (H.Major != NEVERC_DRIVER_API_MAJOR)
    return st(NEVERC_STATUS_ABI_MISMATCH);
  return okStatus();
}

/// Writes \p V over *Out, keeping the caller's header.
template <class S> void writeOut(S *Out, S V) {
  V.Header = Out->Header;
  *Out = V;
}

inline NevercStringView sv(const std::string &S) {
  return NevercStringView{S.data(), S.size()};
}

NevercStatus readString(NevercStringView V, std::string &Out);
NevercStatus readStrings(NevercStringList L, std::vector<std::string> &Out);
NevercStatus readIDs(const uint64_t *Data, uint64_t Count, uint64_t Stride,
                     std::vector<uint64_t> &Out);
NevercStatus readFiles(NevercJobFileList L, std::vector<api::JobFile> &Out);
NevercStatus readJobDescriptor(const NevercJobDescriptor *D, api::JobModel &Out);

/// A string list view over \p S, kept in the task's scratch.
NevercStringList stringList(TaskState &TS, const std::vector<std::string> &S);
NevercJobFile jobFile(const api::JobFile &F);

/// Converts an escaped host exception into a status (no unwinding into C).
template <class F> NevercStatus guard(F &&Fn) noexcept {
  try {
    return Fn();
  } catch (const std::bad_alloc &) {
    return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  } catch (...) {
    return st(NEVERC_STATUS_INVALID_STATE);
  }
}

inline DriverDomain::Impl &impl(void *Ctx) {
  return *static_cast<DriverDomain::Impl *>(Ctx);
}

/// Frame → task (INVALID_ARGUMENT for a NULL or short frame).
NevercStatus frameTask(DriverDomain::Impl &D, const NevercPhaseFrame *F,
                       core::Task **T);

/// Frame + artifact of the expected type → its box.
template <class M>
NevercStatus artifact(DriverDomain::Impl &D, const NevercPhaseFrame *F,
                      NevercArtifactHandle A, uint64_t Low, Box<M> **Out,
                      core::Task **OutT = nullptr) {
  core::Task *T = nullptr;
  NevercStatus S = frameTask(D, F, &T);
  if (!isOk(S))
    return S;
  NevercInterfaceID Type{};
  void *Payload = nullptr;
  S = T->lookupArtifact(A, &Type, &Payload);
  if (!isOk(S))
    return S;
  if (!(Type == artifactID(Low)) || !Payload)
    return st(NEVERC_STATUS_WRONG_TYPE);
  *Out = static_cast<Box<M> *>(Payload);
  if (OutT)
    *OutT = T;
  return okStatus();
}

/// The run a Begin*/Create* call must belong to: the role of the task's
/// current callback decides (observer → POLICY_VIOLATION; anything but an
/// interceptor / provider of the running phase → WRONG_SCOPE).
/// \p NeedContinuation: Begin*Mutation (interceptor with its live
/// continuation only).
NevercStatus checkEditScope(DriverDomain::Impl &D, core::Task &T,
                            uint32_t Phase, bool NeedContinuation,
                            const NevercPhaseContinuation *C,
                            RunContext **Run);

/// Registers a new edit in the task's table and the run.
template <class M>
NevercHandle openEdit(EditTable<M> &Table, DriverHandleKind Kind,
                      std::unique_ptr<Edit<M>> E, const char *Label) {
  E->LedgerId = E->T->ledger().open(Label);
  RunContext *Run = E->Run;
  NevercHandle H = Table.insert(std::move(E));
  Run->Edits.push_back({Kind, H});
  return H;
}

/// Looks an edit handle up: WRONG_TYPE (null / other kind), STALE_HANDLE
/// (ended task, closed edit), WRONG_SESSION / WRONG_SCOPE (another
/// session / task than the running one), POLICY_VIOLATION from an observer.
/// \p KindB: a second accepted kind (builder-or-mutation slots).
template <class M>
NevercStatus findEdit(DriverDomain::Impl &D, NevercHandle H,
                      DriverHandleKind KindA, DriverHandleKind KindB,
                      EditTable<M> TaskState::*TableA,
                      EditTable<M> TaskState::*TableB, Edit<M> **Out,
                      DriverHandleKind *Which = nullptr);

template <class M>
NevercStatus findEdit(DriverDomain::Impl &D, NevercHandle H,
                      DriverHandleKind KindA, DriverHandleKind KindB,
                      EditTable<M> TaskState::*TableA,
                      EditTable<M> TaskState::*TableB, Edit<M> **Out,
                      DriverHandleKind *Which) {
  core::DecodedHandle Dec = core::decodeHandle(H);
  DriverHandleKind K = DriverHandleKind(uint8_t(Dec.Kind));
  if (isNull(H) || (K != KindA && K != KindB))
    return st(NEVERC_STATUS_WRONG_TYPE);
  core::HandleScope Expected{};
  RunContext *Run = currentRun();
  if (Run && Run->D == &D)
    Expected = Run->TS->Scope;
  NevercStatus S = core::checkHandleScope(
      H, Dec.Kind, Expected, static_cast<const core::ScopeOracle &>(D.H), true);
  if (!isOk(S))
    return S;
  TaskState *TS = D.stateFor(Dec.Scope);
  if (!TS)
    return st(NEVERC_STATUS_STALE_HANDLE);
  auto *Slot = (TS->*(K == KindA ? TableA : TableB)).lookup(H);
  if (!Slot || !*Slot)
    return st(NEVERC_STATUS_STALE_HANDLE);
  Edit<M> *E = Slot->get();
  if (E->T->role() == core::CallbackRole::Observer)
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  *Out = E;
  if (Which)
    *Which = K;
  return okStatus();
}

/// Ends an edit (commit, publish or abort): frees the handle and closes the
/// ledger entry.
void closeEdit(DriverDomain::Impl &D, DriverHandleKind Kind, NevercHandle H);

/// Next free id of a model (max + 1).
inline uint64_t nextId(const api::RawArguments &) { return 1; }
inline uint64_t nextId(const api::ToolChainRequest &) { return 1; }
inline uint64_t nextId(const api::ParsedArguments &M) {
  uint64_t N = 0;
  for (auto &O : M.Occurrences)
    N = std::max(N, O.Id);
  return N + 1;
}
inline uint64_t nextId(const api::ActionGraph &M) {
  uint64_t N = 0;
  for (auto &O : M.Nodes)
    N = std::max(N, O.Id);
  return N + 1;
}
inline uint64_t nextId(const api::JobGraph &M) {
  uint64_t N = 0;
  for (auto &O : M.Jobs)
    N = std::max(N, O.Id);
  return N + 1;
}

/// The checks a Begin*/Create* slot makes before it touches anything, in
/// order: the frame's task, checkEditScope (POLICY_VIOLATION /
/// WRONG_SCOPE), then the input artifact (WRONG_TYPE / STALE_HANDLE / ...).
template <class M>
NevercStatus editScope(DriverDomain::Impl &D, const NevercPhaseFrame *F,
                       NevercArtifactHandle A, uint32_t Phase, uint64_t Low,
                       bool NeedContinuation, const NevercPhaseContinuation *C,
                       core::Task **T, RunContext **R, Box<M> **B) {
  NevercStatus S = frameTask(D, F, T);
  if (!isOk(S) ||
      !isOk(S = checkEditScope(D, **T, Phase, NeedContinuation, C, R)))
    return S;
  return artifact(D, F, A, Low, B);
}

//===--- Edit families --------------------------------------------------===//
//
// The Begin* / Commit* / Abort* slots and the edit lookup of every editing
// slot are one template each over an edit family, a struct naming what
// differs between the five editable artifacts:
//
//   using Model;                       the edited model
//   Phase, Artifact                    the phase and the artifact a
//                                      mutation edits
//   Mutation, Mutations, MutationLabel kind, TaskState table, ledger label
//   Builder, Builders                  the builder kind and table; a family
//                                      without builders names its mutation
//                                      kind and table again
//   verify(const Model &, RunContext *, std::string *Why)
//
//===----------------------------------------------------------------------===//

/// A family without builders, whose verifier needs only the model.
template <class M, uint32_t P, uint64_t Art, DriverHandleKind K,
          EditTable<M> TaskState::*Table,
          NevercStatus (*Verify)(const M &, std::string *)>
struct MutationFamily {
  using Model = M;
  static constexpr uint32_t Phase = P;
  static constexpr uint64_t Artifact = Art;
  static constexpr DriverHandleKind Mutation = K;
  static constexpr DriverHandleKind Builder = K;
  static constexpr EditTable<M> TaskState::*Mutations = Table;
  static constexpr EditTable<M> TaskState::*Builders = Table;
  static NevercStatus verify(const M &Working, RunContext *, std::string *Why) {
    return Verify(Working, Why);
  }
};

/// Runs \p Fn on the edit \p H names: a builder or a mutation of family
/// \p E (findEdit's statuses otherwise).
template <class E, class F>
NevercStatus withEdit(void *Ctx, NevercHandle H, F &&Fn) {
  return guard([&] {
    Edit<typename E::Model> *Ed = nullptr;
    NevercStatus S = findEdit(impl(Ctx), H, E::Builder, E::Mutation,
                              E::Builders, E::Mutations, &Ed);
    return isOk(S) ? Fn(*Ed) : S;
  });
}

/// Begin*Mutation: INVALID_ARGUMENT (NULL out), then editScope with the
/// interceptor's live continuation, then WRONG_SCOPE for an artifact the
/// phase does not let plugins edit.
template <class E>
NevercStatus NEVERC_CALL beginEdit(void *Ctx, const NevercPhaseFrame *F,
                                   NevercPhaseContinuation *C,
                                   NevercArtifactHandle A, NevercHandle *Out) {
  using M = typename E::Model;
  return guard([&] {
    DriverDomain::Impl &D = impl(Ctx);
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::Task *T = nullptr;
    RunContext *R = nullptr;
    Box<M> *B = nullptr;
    NevercStatus S =
        editScope(D, F, A, E::Phase, E::Artifact, true, C, &T, &R, &B);
    if (!isOk(S))
      return S;
    if (!B->Writable)
      return st(NEVERC_STATUS_WRONG_SCOPE);
    auto Ed = std::make_unique<Edit<M>>();
    Ed->Target = B;
    Ed->Working = *B->Model;
    Ed->BaseGeneration = B->Generation;
    Ed->T = T;
    Ed->Run = R;
    Ed->NextId = nextId(Ed->Working);
    *Out = openEdit(R->TS->*E::Mutations, E::Mutation, std::move(Ed),
                    E::MutationLabel);
    return okStatus();
  });
}

/// Commit*Mutation: verify the working copy, then swap it in atomically.
/// Any failure closes the edit and leaves the artifact untouched.
template <class E>
NevercStatus NEVERC_CALL commitEdit(void *Ctx, NevercHandle H) {
  return guard([&] {
    DriverDomain::Impl &D = impl(Ctx);
    Edit<typename E::Model> *Ed = nullptr;
    NevercStatus S = findEdit(D, H, E::Mutation, E::Mutation, E::Mutations,
                              E::Mutations, &Ed);
    if (!isOk(S))
      return S;
    Box<typename E::Model> *B = Ed->Target;
    RunContext *R = Ed->Run;
    if (B->Generation != Ed->BaseGeneration) {
      closeEdit(D, E::Mutation, H);
      return st(NEVERC_STATUS_BUSY);
    }
    std::string Why;
    if (!isOk(E::verify(Ed->Working, R, &Why))) {
      D.reportVerifier(R->Phase, Why);
      closeEdit(D, E::Mutation, H);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    std::swap(*B->Model, Ed->Working);
    ++B->Generation;
    R->Mutated = true;
    closeEdit(D, E::Mutation, H);
    return okStatus();
  });
}

/// Abort*: drops a builder or a mutation of family \p E unapplied.
template <class E>
NevercStatus NEVERC_CALL abortEdit(void *Ctx, NevercHandle H) {
  return guard([&] {
    Edit<typename E::Model> *Ed = nullptr;
    DriverHandleKind K;
    NevercStatus S = findEdit(impl(Ctx), H, E::Builder, E::Mutation,
                              E::Builders, E::Mutations, &Ed, &K);
    if (isOk(S))
      closeEdit(impl(Ctx), K, H);
    return S;
  });
}

//===--- Read-side slot helpers -----------------------------------------===//

/// Get*Count: INVALID_ARGUMENT for a NULL out, then the artifact; \p List
/// picks the counted list of its model.
template <class M, class Pick>
NevercStatus artifactCount(void *Ctx, const NevercPhaseFrame *F,
                           NevercArtifactHandle A, uint64_t Low,
                           uint64_t *OutCount, Pick &&List) {
  return guard([&] {
    if (!OutCount)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Box<M> *B;
    NevercStatus S = artifact(impl(Ctx), F, A, Low, &B);
    if (isOk(S))
      *OutCount = List(*B->Model).size();
    return S;
  });
}

/// Get* slots that fill a caller's out-struct from one artifact: the header
/// check, then the artifact, then \p Fill(model, task, struct), which may
/// refuse (NOT_FOUND for an index past the end); the caller's header is
/// kept.
template <class M, class OutT, class Fn>
NevercStatus readArtifact(void *Ctx, const NevercPhaseFrame *F,
                          NevercArtifactHandle A, uint64_t Low, OutT *Out,
                          Fn &&Fill) {
  return guard([&] {
    NevercStatus S = checkHeader(Out, sizeof(OutT));
    if (!isOk(S))
      return S;
    Box<M> *B;
    core::Task *T;
    if (!isOk(S = artifact(impl(Ctx), F, A, Low, &B, &T)))
      return S;
    OutT R{};
    if (!isOk(S = Fill(std::as_const(*B->Model), *T, R)))
      return S;
    writeOut(Out, R);
    return okStatus();
  });
}

/// Element \p Index of the list \p List finds in artifact \p A, handed to
/// \p Put; NOT_FOUND when \p List finds none (null) or the index is past
/// its end.
template <class M, class Pick, class Write>
NevercStatus artifactElement(void *Ctx, const NevercPhaseFrame *F,
                             NevercArtifactHandle A, uint64_t Low,
                             uint64_t Index, Pick &&List, Write &&Put) {
  return guard([&] {
    Box<M> *B;
    NevercStatus S = artifact(impl(Ctx), F, A, Low, &B);
    if (!isOk(S))
      return S;
    const auto *L = List(std::as_const(*B->Model));
    if (!L || Index >= L->size())
      return st(NEVERC_STATUS_NOT_FOUND);
    Put((*L)[Index]);
    return okStatus();
  });
}

/// A model a plugin produced, published as a task artifact.
template <class M>
NevercArtifactHandle publishOwned(TaskState &TS, core::Task &T, uint64_t Low,
                                  M &&Model) {
  auto B = std::make_shared<Box<M>>();
  B->Owned = std::make_unique<M>(std::move(Model));
  B->Model = B->Owned.get();
  B->Writable = true;
  TS.Owned.push_back(B);
  return T.createArtifact(artifactID(Low), B.get());
}

void fillArgumentSlots(NevercDriverAPI &T);
void fillGraphSlots(NevercDriverAPI &T);

} // namespace neverc::driver

#endif
