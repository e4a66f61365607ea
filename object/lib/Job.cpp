//===- Job.cpp - One object in the pipeline: handles, scope, policy -------===//
//
// An ObjectJob lives as long as its object goes through the eight phases,
// inside one task. Its handle tables carry that task's scope, so a handle
// used from another task is WRONG_SCOPE and one kept past the task is
// STALE_HANDLE (Handles.h decides both). Entities map to one handle each
// while it is live (mintCached), so a plugin can compare handles.
//
// Also here: which callbacks may change a graph (mayMutate), and how the
// graph model's refusals become statuses (statusOf).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include <algorithm>

namespace neverc::object {

ObjectJob::ObjectJob(core::Task &T)
    : T(T), Scope(core::decodeHandle(T.handle()).Scope),
      Graphs(hk(ObjectHandleKind::Graph), Scope),
      Sections(hk(ObjectHandleKind::Section), Scope),
      Symbols(hk(ObjectHandleKind::Symbol), Scope),
      Relocations(hk(ObjectHandleKind::Relocation), Scope),
      Comdats(hk(ObjectHandleKind::Comdat), Scope),
      Mutations(hk(ObjectHandleKind::Mutation), Scope),
      Proofs(hk(ObjectHandleKind::LayoutProof), Scope),
      Builders(hk(ObjectHandleKind::Builder), Scope) {}

ObjectJob::~ObjectJob() {
  // A mutation nobody ended is abandoned here, while the graph it edits is
  // still alive (Open would go after G by declaration order anyway; this
  // keeps it so if the members are ever reordered).
  HostMutation = nullptr;
  Open.clear();
}

NevercHandle ObjectJob::graph(Graph *P) {
  return core::mintCached(Graphs, GraphOf, P, P);
}
NevercHandle ObjectJob::section(Section *P) {
  return core::mintCached(Sections, SectionOf, P, P);
}
NevercHandle ObjectJob::symbol(Symbol *P) {
  return core::mintCached(Symbols, SymbolOf, P, P);
}
NevercHandle ObjectJob::relocation(Relocation *P) {
  return core::mintCached(Relocations, RelocationOf, P, P);
}
NevercHandle ObjectJob::comdat(Comdat *P) {
  return core::mintCached(Comdats, ComdatOf, P, P);
}

NevercHandle ObjectJob::proof(const LayoutProof *P) {
  if (!P)
    return NevercHandle{};
  // The graph reuses its LayoutProof object for every layout. A handle
  // minted for an older generation must not come to mean the new proof:
  // drop it, and mint a fresh one for this generation.
  uint64_t &Gen = ProofGeneration[P];
  if (Gen != P->Generation)
    if (NevercHandle *Old = ProofOf.find(P))
      Proofs.erase(*Old);
  Gen = P->Generation;
  return core::mintCached(Proofs, ProofOf, P, P);
}

NevercHandle ObjectJob::builder(ImageBox *P) {
  return core::mintCached(Builders, BuilderOf, P, P);
}

NevercHandle ObjectJob::openMutation(Graph &G) {
  std::unique_ptr<Mutation> M = G.beginMutation();
  if (!M)
    return NevercHandle{};
  NevercHandle H = Mutations.insert(M.get());
  Open.push_back(std::move(M));
  return H;
}

void ObjectJob::endMutation(NevercHandle H) {
  Mutation **P = Mutations.lookup(H);
  if (!P)
    return;
  Mutation *M = *P;
  Mutations.erase(H);
  if (HostMutation == M)
    HostMutation = nullptr;
  // Destroying a mutation that is still open abandons it (Graph.h).
  auto It = std::find_if(Open.begin(), Open.end(),
                         [&](const auto &O) { return O.get() == M; });
  if (It != Open.end())
    Open.erase(It);
}

NevercStatus
ObjectDomain::lendGraphs(core::Task &T, const std::vector<Graph *> &Inputs,
                         Graph &Output,
                         NevercStatus (*Fn)(void *, const LentGraphs &),
                         void *Ctx, std::string &Error) {
  if (P->Jobs.find(&T))
    return st(NEVERC_STATUS_INVALID_STATE); // an object is in its pipeline
  ObjectJob J(T);
  core::JobRegistry<ObjectJob>::Scope InTask(P->Jobs, T, J);
  J.GBox.G = &Output;
  J.Writable = &Output;
  LentGraphs L;
  L.API = &P->Object;
  for (Graph *G : Inputs)
    L.Inputs.push_back(J.graph(G));
  L.Output = J.graph(&Output);
  L.Mutation = J.openMutation(Output);
  if (core::isNull(L.Mutation)) {
    Error = "the output graph has a mutation open already";
    return st(NEVERC_STATUS_INVALID_STATE);
  }
  Mutation *M = *J.Mutations.lookup(L.Mutation);
  // Like a format reader: the plugin stages through the host's mutation,
  // whatever role its task has, and only the host ends it.
  J.HostMutation = M;
  J.InHostCallback = true;
  NevercStatus S = Fn(Ctx, L);
  J.InHostCallback = false;
  J.HostMutation = nullptr;
  if (isOk(S))
    if (Outcome O = M->commit()) {
      Error = "its changes to the output graph were refused: " + O.Message;
      S = st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
  J.endMutation(L.Mutation); // abandons it when it is still open
  return S;
}

NevercStatus jobOf(ObjectDomain::Impl &D, NevercTaskHandle TH,
                   ObjectJob **Out) {
  core::Task *T = nullptr;
  if (NevercStatus S = D.H.resolveTask(TH, &T); !isOk(S))
    return S;
  ObjectJob *J = D.Jobs.find(T);
  if (!J)
    return st(NEVERC_STATUS_INVALID_STATE); // no object in the pipeline
  *Out = J;
  return okStatus();
}

NevercStatus mayMutate(ObjectDomain::Impl &, ObjectJob &J) {
  switch (J.T.role()) {
  case core::CallbackRole::Observer:
    // Rule 7: an observer's bridge is read-only, whatever else is running.
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  case core::CallbackRole::Interceptor:
  case core::CallbackRole::Provider:
    // The image phases work on bytes: the graph they came from is final.
    switch (J.Phase) {
    case core::Phase_OBJECT_READ:
    case core::Phase_OBJECT_PRE_WRITE:
    case core::Phase_OBJECT_POST_LAYOUT:
    case core::Phase_OBJECT_WRITE:
      return okStatus();
    default:
      return st(NEVERC_STATUS_INVALID_STATE);
    }
  default:
    // A format reader or writer runs inside the built-in step, where the
    // task has no plugin role; the job says so instead.
    if (J.InHostCallback)
      return okStatus();
    return st(NEVERC_STATUS_INVALID_STATE);
  }
}

NevercStatus statusOf(ObjectDomain::Impl &D, const Outcome &O,
                      const char *Slot) {
  NevercStatusCode Code = NEVERC_STATUS_OK;
  // The plugin gets the status and decides: it may recover (abandon a
  // refused mutation, try another way), so the refusal is a warning that
  // says why; the compile fails only when the plugin fails its callback.
  NevercDiagnosticSeverity Severity = NEVERC_DIAGNOSTIC_WARNING;
  switch (O.Code) {
  case Errc::None:
    return okStatus();
  case Errc::InvalidArgument:
    Code = NEVERC_STATUS_INVALID_ARGUMENT;
    break;
  case Errc::InvalidState:
    Code = NEVERC_STATUS_INVALID_STATE;
    break;
  case Errc::NotFound:
    Code = NEVERC_STATUS_NOT_FOUND;
    break;
  case Errc::StaleHandle:
    Code = NEVERC_STATUS_STALE_HANDLE;
    break;
  case Errc::Unsupported:
    Code = NEVERC_STATUS_CAPABILITY_UNAVAILABLE;
    break;
  }
  // The slot goes where the phase would ("... in NevercObjectAPI.X").
  if (!O.Message.empty())
    D.H.report(Severity, O.Message, nullptr, Slot);
  return st(Code);
}

NevercTargetID targetIDOf(std::string_view Triple) {
  std::string_view Arch = Triple.substr(0, Triple.find('-'));
  if (Arch == "x86_64" || Arch == "amd64")
    return {NEVERC_TARGET_ID_X86_64_HIGH, NEVERC_TARGET_ID_X86_64_LOW};
  if (Arch == "aarch64" || Arch == "arm64")
    return {NEVERC_TARGET_ID_AARCH64_HIGH, NEVERC_TARGET_ID_AARCH64_LOW};
  return {0, 0};
}

} // namespace neverc::object
