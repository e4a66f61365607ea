//===- SlotsGraph.cpp - Slots 26-67: action graph, job graph, execution ---===//
#include "DomainInternal.h"

namespace neverc::driver {

using namespace api;
using Impl = DriverDomain::Impl;
using core::Phase_DRIVER_BUILD_ACTIONS;
using core::Phase_DRIVER_BUILD_JOBS;
using core::Phase_DRIVER_EXECUTE_JOB;

namespace {

constexpr DriverHandleKind KAB = DriverHandleKind::ActionGraphBuilder;
constexpr DriverHandleKind KAM = DriverHandleKind::ActionGraphMutation;
constexpr DriverHandleKind KJB = DriverHandleKind::JobGraphBuilder;
constexpr DriverHandleKind KJM = DriverHandleKind::JobGraphMutation;

/// Builder-or-mutation edits of either graph.
template <class F>
NevercStatus withActionEdit(void *Ctx, NevercHandle H, F &&Fn) {
  return guard([&] {
    Edit<ActionGraph> *E = nullptr;
    NevercStatus S =
        findEdit(impl(Ctx), H, KAB, KAM, &TaskState::ActionBuilders,
                 &TaskState::ActionMutations, &E);
    return isOk(S) ? Fn(*E) : S;
  });
}
template <class F> NevercStatus withJobEdit(void *Ctx, NevercHandle H, F &&Fn) {
  return guard([&] {
    Edit<JobGraph> *E = nullptr;
    NevercStatus S = findEdit(impl(Ctx), H, KJB, KJM, &TaskState::JobBuilders,
                              &TaskState::JobMutations, &E);
    return isOk(S) ? Fn(*E) : S;
  });
}

bool knownType(NevercDriverType T) { return T <= NEVERC_DRIVER_TYPE_CXX_HEADER; }

//===--- 26-32: reading the request and the action graph ----------------===//

NevercStatus NEVERC_CALL getDriverInputCount(void *Ctx,
                                             const NevercPhaseFrame *F,
                                             NevercArtifactHandle A,
                                             uint64_t *OutCount) {
  return guard([&] {
    if (!OutCount)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Box<ActionGraph> *B;
    NevercStatus S = artifact(impl(Ctx), F, A, ArtBuildActionsRequest, &B);
    if (isOk(S))
      *OutCount = B->Model->Inputs.size();
    return S;
  });
}

NevercStatus NEVERC_CALL getDriverInput(void *Ctx, const NevercPhaseFrame *F,
                                        NevercArtifactHandle A, uint64_t Index,
                                        NevercDriverInput *Out) {
  return guard([&] {
    NevercStatus S = checkHeader(Out, sizeof(NevercDriverInput));
    if (!isOk(S))
      return S;
    Box<ActionGraph> *B;
    if (!isOk(S = artifact(impl(Ctx), F, A, ArtBuildActionsRequest, &B)))
      return S;
    if (Index >= B->Model->Inputs.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    const DriverInput &I = B->Model->Inputs[Index];
    NevercDriverInput R{};
    R.Input = I.Id;
    R.Type = I.Type;
    R.Value = sv(I.Value);
    writeOut(Out, R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getActionNodeCount(void *Ctx,
                                            const NevercPhaseFrame *F,
                                            NevercArtifactHandle A,
                                            uint64_t *OutCount) {
  return guard([&] {
    if (!OutCount)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Box<ActionGraph> *B;
    NevercStatus S = artifact(impl(Ctx), F, A, ArtActionGraph, &B);
    if (isOk(S))
      *OutCount = B->Model->Nodes.size();
    return S;
  });
}

NevercStatus NEVERC_CALL getActionNode(void *Ctx, const NevercPhaseFrame *F,
                                       NevercArtifactHandle A, uint64_t Index,
                                       NevercActionNode *Out) {
  return guard([&] {
    NevercStatus S = checkHeader(Out, sizeof(NevercActionNode));
    if (!isOk(S))
      return S;
    Box<ActionGraph> *B;
    if (!isOk(S = artifact(impl(Ctx), F, A, ArtActionGraph, &B)))
      return S;
    if (Index >= B->Model->Nodes.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    const ActionNode &N = B->Model->Nodes[Index];
    NevercActionNode R{};
    R.Node = N.Id;
    R.Kind = N.Kind;
    R.OutputType = N.OutputType;
    R.InputCount = N.Inputs.size();
    R.DriverInput = N.DriverInput;
    R.BindArch = sv(N.BindArch);
    writeOut(Out, R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getActionNodeInput(void *Ctx,
                                            const NevercPhaseFrame *F,
                                            NevercArtifactHandle A,
                                            NevercActionNodeID Node,
                                            uint64_t Index,
                                            NevercActionNodeID *Out) {
  return guard([&] {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Box<ActionGraph> *B;
    NevercStatus S = artifact(impl(Ctx), F, A, ArtActionGraph, &B);
    if (!isOk(S))
      return S;
    const ActionNode *N = B->Model->find(Node);
    if (!N || Index >= N->Inputs.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = N->Inputs[Index];
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getActionRootCount(void *Ctx,
                                            const NevercPhaseFrame *F,
                                            NevercArtifactHandle A,
                                            uint64_t *OutCount) {
  return guard([&] {
    if (!OutCount)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Box<ActionGraph> *B;
    NevercStatus S = artifact(impl(Ctx), F, A, ArtActionGraph, &B);
    if (isOk(S))
      *OutCount = B->Model->Roots.size();
    return S;
  });
}

NevercStatus NEVERC_CALL getActionRoot(void *Ctx, const NevercPhaseFrame *F,
                                       NevercArtifactHandle A, uint64_t Index,
                                       NevercActionNodeID *Out) {
  return guard([&] {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Box<ActionGraph> *B;
    NevercStatus S = artifact(impl(Ctx), F, A, ArtActionGraph, &B);
    if (!isOk(S))
      return S;
    if (Index >= B->Model->Roots.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = B->Model->Roots[Index];
    return okStatus();
  });
}

//===--- 33-43: building and mutating the action graph ------------------===//

NevercStatus NEVERC_CALL createActionGraphBuilder(void *Ctx,
                                                  const NevercPhaseFrame *F,
                                                  NevercArtifactHandle A,
                                                  NevercHandle *Out) {
  return guard([&] {
    Impl &D = impl(Ctx);
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::Task *T = nullptr;
    NevercStatus S = frameTask(D, F, &T);
    RunContext *R = nullptr;
    if (!isOk(S) || !isOk(S = checkEditScope(D, *T, Phase_DRIVER_BUILD_ACTIONS,
                                             false, nullptr, &R)))
      return S;
    Box<ActionGraph> *B;
    if (!isOk(S = artifact(D, F, A, ArtBuildActionsRequest, &B)))
      return S;
    auto E = std::make_unique<Edit<ActionGraph>>();
    E->Working.Inputs = B->Model->Inputs;
    E->T = T;
    E->Run = R;
    *Out = openEdit(R->TS->ActionBuilders, KAB, std::move(E),
                    "neverc.driver.build_actions builder");
    return okStatus();
  });
}

NevercStatus NEVERC_CALL beginActionGraphMutation(void *Ctx,
                                                  const NevercPhaseFrame *F,
                                                  NevercPhaseContinuation *C,
                                                  NevercArtifactHandle A,
                                                  NevercHandle *Out) {
  return guard([&] {
    return beginMutation(impl(Ctx), F, C, A, Out, Phase_DRIVER_BUILD_ACTIONS,
                         ArtActionGraph, &TaskState::ActionMutations, KAM,
                         "neverc.driver.build_actions mutation");
  });
}

NevercStatus NEVERC_CALL addActionNode(void *Ctx, NevercHandle H,
                                       const NevercActionNodeDescriptor *Desc,
                                       NevercActionNodeID *OutNode) {
  return withActionEdit(Ctx, H, [&](Edit<ActionGraph> &E) {
    NevercStatus S = checkHeader(Desc, sizeof(NevercActionNodeDescriptor));
    if (!isOk(S))
      return S;
    if (!OutNode || Desc->Kind == NEVERC_ACTION_INVALID ||
        Desc->Kind > NEVERC_ACTION_DYNCODE || !knownType(Desc->OutputType))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    ActionNode N;
    if (!isOk(S = readString(Desc->BindArch, N.BindArch)) ||
        !isOk(S = readIDs(Desc->Inputs.Data, Desc->Inputs.Count,
                          Desc->Inputs.ElementStride, N.Inputs)))
      return S;
    N.Id = E.NextId++;
    N.Kind = Desc->Kind;
    N.OutputType = Desc->OutputType;
    N.DriverInput = Desc->DriverInput;
    E.Working.Nodes.push_back(std::move(N));
    *OutNode = E.Working.Nodes.back().Id;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL removeActionNode(void *Ctx, NevercHandle H,
                                          NevercActionNodeID Node) {
  return withActionEdit(Ctx, H, [&](Edit<ActionGraph> &E) {
    auto &Nodes = E.Working.Nodes;
    for (size_t I = 0; I < Nodes.size(); ++I)
      if (Nodes[I].Id == Node) {
        Nodes.erase(Nodes.begin() + I);
        auto &Roots = E.Working.Roots;
        Roots.erase(std::remove(Roots.begin(), Roots.end(), Node), Roots.end());
        return okStatus();
      }
    return st(NEVERC_STATUS_NOT_FOUND);
  });
}

NevercStatus NEVERC_CALL replaceActionNodeInputs(void *Ctx, NevercHandle H,
                                                 NevercActionNodeID Node,
                                                 NevercActionNodeIDList L) {
  return withActionEdit(Ctx, H, [&](Edit<ActionGraph> &E) {
    ActionNode *N = E.Working.find(Node);
    if (!N)
      return st(NEVERC_STATUS_NOT_FOUND);
    return readIDs(L.Data, L.Count, L.ElementStride, N->Inputs);
  });
}

NevercStatus NEVERC_CALL setActionNodeOutputType(void *Ctx, NevercHandle H,
                                                 NevercActionNodeID Node,
                                                 NevercDriverType Type) {
  return withActionEdit(Ctx, H, [&](Edit<ActionGraph> &E) {
    ActionNode *N = E.Working.find(Node);
    if (!N)
      return st(NEVERC_STATUS_NOT_FOUND);
    if (!knownType(Type))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    N->OutputType = Type;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setActionNodeBindArch(void *Ctx, NevercHandle H,
                                               NevercActionNodeID Node,
                                               NevercStringView Arch) {
  return withActionEdit(Ctx, H, [&](Edit<ActionGraph> &E) {
    ActionNode *N = E.Working.find(Node);
    if (!N)
      return st(NEVERC_STATUS_NOT_FOUND);
    return readString(Arch, N->BindArch);
  });
}

NevercStatus NEVERC_CALL setActionRoots(void *Ctx, NevercHandle H,
                                        NevercActionNodeIDList L) {
  return withActionEdit(Ctx, H, [&](Edit<ActionGraph> &E) {
    return readIDs(L.Data, L.Count, L.ElementStride, E.Working.Roots);
  });
}

NevercStatus NEVERC_CALL publishActionGraph(void *Ctx,
                                            const NevercPhaseFrame *F,
                                            NevercHandle H,
                                            NevercArtifactHandle *Out) {
  return guard([&] {
    Impl &D = impl(Ctx);
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::Task *T = nullptr;
    NevercStatus S = frameTask(D, F, &T);
    if (!isOk(S))
      return S;
    Edit<ActionGraph> *E = nullptr;
    if (!isOk(S = findEdit(D, H, KAB, KAB, &TaskState::ActionBuilders,
                           &TaskState::ActionBuilders, &E)))
      return S;
    if (E->T != T)
      return st(NEVERC_STATUS_WRONG_SCOPE);
    std::string Why;
    if (!isOk(S = verifyActionGraph(E->Working, &Why))) {
      D.reportVerifier(E->Run->Phase, Why);
      closeEdit(D, KAB, H);
      return S;
    }
    *Out = publishOwned(*E->Run->TS, *T, ArtActionGraph, std::move(E->Working));
    closeEdit(D, KAB, H);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL commitActionGraphMutation(void *Ctx, NevercHandle H) {
  return guard([&] {
    return commitMutation(
        impl(Ctx), H, KAM, &TaskState::ActionMutations,
        [](const ActionGraph &G, RunContext *, std::string *Why) {
          return verifyActionGraph(G, Why);
        });
  });
}

NevercStatus NEVERC_CALL abortActionGraphEdit(void *Ctx, NevercHandle H) {
  return guard([&] {
    Edit<ActionGraph> *E = nullptr;
    DriverHandleKind K;
    NevercStatus S =
        findEdit(impl(Ctx), H, KAB, KAM, &TaskState::ActionBuilders,
                 &TaskState::ActionMutations, &E, &K);
    if (isOk(S))
      closeEdit(impl(Ctx), K, H);
    return S;
  });
}

//===--- 44-50: reading the job graph -----------------------------------===//

NevercStatus jobGraph(void *Ctx, const NevercPhaseFrame *F,
                      NevercArtifactHandle A, const JobGraph **G) {
  Box<JobGraph> *B;
  NevercStatus S = artifact(impl(Ctx), F, A, ArtJobGraph, &B);
  if (isOk(S))
    *G = B->Model;
  return S;
}

NevercStatus NEVERC_CALL getJobCount(void *Ctx, const NevercPhaseFrame *F,
                                     NevercArtifactHandle A,
                                     uint64_t *OutCount) {
  return guard([&] {
    if (!OutCount)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const JobGraph *G;
    NevercStatus S = jobGraph(Ctx, F, A, &G);
    if (isOk(S))
      *OutCount = G->Jobs.size();
    return S;
  });
}

NevercJob jobView(const JobModel &J) {
  NevercJob R{};
  R.Header = {sizeof(NevercJob), NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR,
              0};
  R.Job = J.Id;
  R.Kind = J.Kind;
  R.ResponseFileKind = J.ResponseFileKind;
  R.ResponseFileEncoding = J.ResponseFileEncoding;
  R.InProcess = J.InProcess ? NEVERC_TRUE : NEVERC_FALSE;
  R.SourceAction = J.SourceAction;
  R.LinkerFlavor = J.LinkerFlavor;
  R.Executable = sv(J.Executable);
  R.CallbackID = sv(J.CallbackID);
  R.ArgumentCount = J.Arguments.size();
  R.EnvironmentCount = J.Environment.size();
  R.InputCount = J.Inputs.size();
  R.OutputCount = J.Outputs.size();
  R.DependencyCount = J.Dependencies.size();
  return R;
}

NevercStatus NEVERC_CALL getJob(void *Ctx, const NevercPhaseFrame *F,
                                NevercArtifactHandle A, uint64_t Index,
                                NevercJob *Out) {
  return guard([&] {
    NevercStatus S = checkHeader(Out, sizeof(NevercJob));
    if (!isOk(S))
      return S;
    const JobGraph *G;
    if (!isOk(S = jobGraph(Ctx, F, A, &G)))
      return S;
    if (Index >= G->Jobs.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    writeOut(Out, jobView(G->Jobs[Index]));
    return okStatus();
  });
}

/// Element \p Index of one list of job \p Id.
template <class E, class Pick, class Put>
NevercStatus jobElement(void *Ctx, const NevercPhaseFrame *F,
                        NevercArtifactHandle A, NevercJobID Id, uint64_t Index,
                        Pick &&P, Put &&Write) {
  return guard([&] {
    const JobGraph *G;
    NevercStatus S = jobGraph(Ctx, F, A, &G);
    if (!isOk(S))
      return S;
    const JobModel *J = G->find(Id);
    if (!J)
      return st(NEVERC_STATUS_NOT_FOUND);
    const std::vector<E> &L = P(*J);
    if (Index >= L.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    Write(L[Index]);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getJobDependency(void *Ctx, const NevercPhaseFrame *F,
                                          NevercArtifactHandle A,
                                          NevercJobID Job, uint64_t Index,
                                          NevercJobID *Out) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return jobElement<uint64_t>(
      Ctx, F, A, Job, Index,
      [](const JobModel &J) -> auto & { return J.Dependencies; },
      [&](uint64_t V) { *Out = V; });
}

NevercStatus NEVERC_CALL getJobArgument(void *Ctx, const NevercPhaseFrame *F,
                                        NevercArtifactHandle A, NevercJobID Job,
                                        uint64_t Index, NevercStringView *Out) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return jobElement<std::string>(
      Ctx, F, A, Job, Index,
      [](const JobModel &J) -> auto & { return J.Arguments; },
      [&](const std::string &V) { *Out = sv(V); });
}

NevercStatus NEVERC_CALL getJobEnvironment(void *Ctx, const NevercPhaseFrame *F,
                                           NevercArtifactHandle A,
                                           NevercJobID Job, uint64_t Index,
                                           NevercStringView *Out) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return jobElement<std::string>(
      Ctx, F, A, Job, Index,
      [](const JobModel &J) -> auto & { return J.Environment; },
      [&](const std::string &V) { *Out = sv(V); });
}

NevercStatus getJobFile(void *Ctx, const NevercPhaseFrame *F,
                        NevercArtifactHandle A, NevercJobID Job, uint64_t Index,
                        NevercJobFile *Out, bool Outputs) {
  NevercStatus S = checkHeader(Out, sizeof(NevercJobFile));
  if (!isOk(S))
    return S;
  return jobElement<JobFile>(
      Ctx, F, A, Job, Index,
      [&](const JobModel &J) -> auto & { return Outputs ? J.Outputs : J.Inputs; },
      [&](const JobFile &V) { writeOut(Out, jobFile(V)); });
}

NevercStatus NEVERC_CALL getJobInput(void *Ctx, const NevercPhaseFrame *F,
                                     NevercArtifactHandle A, NevercJobID Job,
                                     uint64_t Index, NevercJobFile *Out) {
  return getJobFile(Ctx, F, A, Job, Index, Out, false);
}

NevercStatus NEVERC_CALL getJobOutput(void *Ctx, const NevercPhaseFrame *F,
                                      NevercArtifactHandle A, NevercJobID Job,
                                      uint64_t Index, NevercJobFile *Out) {
  return getJobFile(Ctx, F, A, Job, Index, Out, true);
}

//===--- 51-64: building and mutating the job graph ---------------------===//

NevercStatus NEVERC_CALL createJobGraphBuilder(void *Ctx,
                                               const NevercPhaseFrame *F,
                                               NevercArtifactHandle A,
                                               NevercHandle *Out) {
  return guard([&] {
    Impl &D = impl(Ctx);
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::Task *T = nullptr;
    NevercStatus S = frameTask(D, F, &T);
    RunContext *R = nullptr;
    if (!isOk(S) || !isOk(S = checkEditScope(D, *T, Phase_DRIVER_BUILD_JOBS,
                                             false, nullptr, &R)))
      return S;
    Box<ActionGraph> *B;
    if (!isOk(S = artifact(D, F, A, ArtActionGraph, &B)))
      return S;
    auto E = std::make_unique<Edit<JobGraph>>();
    E->T = T;
    E->Run = R;
    *Out = openEdit(R->TS->JobBuilders, KJB, std::move(E),
                    "neverc.driver.build_jobs builder");
    return okStatus();
  });
}

NevercStatus NEVERC_CALL beginJobGraphMutation(void *Ctx,
                                               const NevercPhaseFrame *F,
                                               NevercPhaseContinuation *C,
                                               NevercArtifactHandle A,
                                               NevercHandle *Out) {
  return guard([&] {
    return beginMutation(impl(Ctx), F, C, A, Out, Phase_DRIVER_BUILD_JOBS,
                         ArtJobGraph, &TaskState::JobMutations, KJM,
                         "neverc.driver.build_jobs mutation");
  });
}

NevercStatus NEVERC_CALL addJob(void *Ctx, NevercHandle H,
                                const NevercJobDescriptor *Desc,
                                NevercJobID *OutJob) {
  return withJobEdit(Ctx, H, [&](Edit<JobGraph> &E) {
    if (!OutJob)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    JobModel J;
    NevercStatus S = readJobDescriptor(Desc, J);
    if (!isOk(S))
      return S;
    J.Id = E.NextId++;
    *OutJob = J.Id;
    E.Working.Jobs.push_back(std::move(J));
    return okStatus();
  });
}

size_t jobIndex(const JobGraph &G, NevercJobID Id) {
  for (size_t I = 0; I < G.Jobs.size(); ++I)
    if (G.Jobs[I].Id == Id)
      return I;
  return SIZE_MAX;
}

NevercStatus NEVERC_CALL removeJob(void *Ctx, NevercHandle H, NevercJobID Job) {
  return withJobEdit(Ctx, H, [&](Edit<JobGraph> &E) {
    size_t I = jobIndex(E.Working, Job);
    if (I == SIZE_MAX)
      return st(NEVERC_STATUS_NOT_FOUND);
    E.Working.Jobs.erase(E.Working.Jobs.begin() + I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL moveJobBefore(void *Ctx, NevercHandle H,
                                       NevercJobID Job, NevercJobID Before) {
  return withJobEdit(Ctx, H, [&](Edit<JobGraph> &E) {
    size_t I = jobIndex(E.Working, Job), B = jobIndex(E.Working, Before);
    if (I == SIZE_MAX || B == SIZE_MAX)
      return st(NEVERC_STATUS_NOT_FOUND);
    if (I == B)
      return okStatus();
    auto &L = E.Working.Jobs;
    JobModel M = std::move(L[I]);
    L.erase(L.begin() + I);
    if (I < B)
      --B;
    L.insert(L.begin() + B, std::move(M));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL replaceJob(void *Ctx, NevercHandle H, NevercJobID Job,
                                    const NevercJobDescriptor *Desc) {
  return withJobEdit(Ctx, H, [&](Edit<JobGraph> &E) {
    JobModel *J = E.Working.find(Job);
    if (!J)
      return st(NEVERC_STATUS_NOT_FOUND);
    JobModel N;
    N.Id = Job;
    NevercStatus S = readJobDescriptor(Desc, N);
    if (isOk(S))
      *J = std::move(N);
    return S;
  });
}

template <class Pick>
NevercStatus setJobString(void *Ctx, NevercHandle H, NevercJobID Job,
                          uint64_t Index, NevercStringView V, Pick &&P) {
  return withJobEdit(Ctx, H, [&](Edit<JobGraph> &E) {
    JobModel *J = E.Working.find(Job);
    if (!J)
      return st(NEVERC_STATUS_NOT_FOUND);
    std::vector<std::string> &L = P(*J);
    if (Index >= L.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    return readString(V, L[Index]);
  });
}

NevercStatus NEVERC_CALL setJobArgument(void *Ctx, NevercHandle H,
                                        NevercJobID Job, uint64_t Index,
                                        NevercStringView V) {
  return setJobString(Ctx, H, Job, Index, V,
                      [](JobModel &J) -> auto & { return J.Arguments; });
}

NevercStatus NEVERC_CALL setJobEnvironment(void *Ctx, NevercHandle H,
                                           NevercJobID Job, uint64_t Index,
                                           NevercStringView V) {
  return setJobString(Ctx, H, Job, Index, V,
                      [](JobModel &J) -> auto & { return J.Environment; });
}

NevercStatus setJobFile(void *Ctx, NevercHandle H, NevercJobID Job,
                        uint64_t Index, const NevercJobFile *File,
                        bool Outputs) {
  return withJobEdit(Ctx, H, [&](Edit<JobGraph> &E) {
    NevercStatus S = checkHeader(File, sizeof(NevercJobFile));
    if (!isOk(S))
      return S;
    JobModel *J = E.Working.find(Job);
    if (!J)
      return st(NEVERC_STATUS_NOT_FOUND);
    std::vector<JobFile> &L = Outputs ? J->Outputs : J->Inputs;
    if (Index >= L.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    if (!knownType(File->Type))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    JobFile N;
    N.Type = File->Type;
    if (!isOk(S = readString(File->Path, N.Path)))
      return S;
    L[Index] = std::move(N);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setJobInput(void *Ctx, NevercHandle H,
                                     NevercJobID Job, uint64_t Index,
                                     const NevercJobFile *File) {
  return setJobFile(Ctx, H, Job, Index, File, false);
}

NevercStatus NEVERC_CALL setJobOutput(void *Ctx, NevercHandle H,
                                      NevercJobID Job, uint64_t Index,
                                      const NevercJobFile *File) {
  return setJobFile(Ctx, H, Job, Index, File, true);
}

NevercStatus NEVERC_CALL replaceJobDependencies(void *Ctx, NevercHandle H,
                                                NevercJobID Job,
                                                NevercJobIDList L) {
  return withJobEdit(Ctx, H, [&](Edit<JobGraph> &E) {
    JobModel *J = E.Working.find(Job);
    if (!J)
      return st(NEVERC_STATUS_NOT_FOUND);
    return readIDs(L.Data, L.Count, L.ElementStride, J->Dependencies);
  });
}

NevercStatus NEVERC_CALL publishJobGraph(void *Ctx, const NevercPhaseFrame *F,
                                         NevercHandle H,
                                         NevercArtifactHandle *Out) {
  return guard([&] {
    Impl &D = impl(Ctx);
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::Task *T = nullptr;
    NevercStatus S = frameTask(D, F, &T);
    if (!isOk(S))
      return S;
    Edit<JobGraph> *E = nullptr;
    if (!isOk(S = findEdit(D, H, KJB, KJB, &TaskState::JobBuilders,
                           &TaskState::JobBuilders, &E)))
      return S;
    if (E->T != T)
      return st(NEVERC_STATUS_WRONG_SCOPE);
    std::string Why;
    if (!isOk(S = verifyJobGraph(E->Working, E->Run->Actions, &Why))) {
      D.reportVerifier(E->Run->Phase, Why);
      closeEdit(D, KJB, H);
      return S;
    }
    *Out = publishOwned(*E->Run->TS, *T, ArtJobGraph, std::move(E->Working));
    closeEdit(D, KJB, H);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL commitJobGraphMutation(void *Ctx, NevercHandle H) {
  return guard([&] {
    return commitMutation(
        impl(Ctx), H, KJM, &TaskState::JobMutations,
        [](const JobGraph &G, RunContext *R, std::string *Why) {
          return verifyJobGraph(G, R->Actions, Why);
        });
  });
}

NevercStatus NEVERC_CALL abortJobGraphEdit(void *Ctx, NevercHandle H) {
  return guard([&] {
    Edit<JobGraph> *E = nullptr;
    DriverHandleKind K;
    NevercStatus S = findEdit(impl(Ctx), H, KJB, KJM, &TaskState::JobBuilders,
                              &TaskState::JobMutations, &E, &K);
    if (isOk(S))
      closeEdit(impl(Ctx), K, H);
    return S;
  });
}

//===--- 65-67: execution -----------------------------------------------===//

NevercStatus NEVERC_CALL getJobExecutionRequest(void *Ctx,
                                                const NevercPhaseFrame *F,
                                                NevercArtifactHandle A,
                                                NevercJobExecutionRequest *Out) {
  return guard([&] {
    NevercStatus S = checkHeader(Out, sizeof(NevercJobExecutionRequest));
    if (!isOk(S))
      return S;
    Box<JobModel> *B;
    core::Task *T;
    if (!isOk(S = artifact(impl(Ctx), F, A, ArtJobRequest, &B, &T)))
      return S;
    const JobModel &J = *B->Model;
    TaskState &TS = impl(Ctx).state(*T);
    NevercJobExecutionRequest R{};
    R.Job = jobView(J);
    R.Arguments = stringList(TS, J.Arguments);
    R.Environment = stringList(TS, J.Environment);
    for (int K = 0; K < 2; ++K) {
      auto &V = TS.scratch<std::vector<NevercJobFile>>();
      for (const JobFile &File : K ? J.Outputs : J.Inputs)
        V.push_back(jobFile(File));
      (K ? R.Outputs : R.Inputs) =
          NevercJobFileList{V.data(), V.size(), sizeof(NevercJobFile)};
    }
    auto &Deps = TS.scratch<std::vector<NevercJobID>>();
    Deps = J.Dependencies;
    R.Dependencies = NevercJobIDList{Deps.data(), Deps.size(), sizeof(NevercJobID)};
    writeOut(Out, R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createJobResult(void *Ctx, const NevercPhaseFrame *F,
                                         NevercArtifactHandle A,
                                         const NevercJobResultDescriptor *Desc,
                                         NevercArtifactHandle *Out) {
  return guard([&] {
    Impl &D = impl(Ctx);
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NevercStatus S = checkHeader(Desc, sizeof(NevercJobResultDescriptor));
    if (!isOk(S))
      return S;
    core::Task *T = nullptr;
    if (!isOk(S = frameTask(D, F, &T)))
      return S;
    RunContext *R = nullptr;
    if (!isOk(S = checkEditScope(D, *T, Phase_DRIVER_EXECUTE_JOB, false,
                                 nullptr, &R)))
      return S;
    Box<JobModel> *B;
    if (!isOk(S = artifact(D, F, A, ArtJobRequest, &B)))
      return S;
    if (Desc->OutputSeals.Count) {
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             "output seals cannot be checked yet: they come from "
             "NevercIOAPI.OutputFinish of the source domain, which this host "
             "does not provide",
             Phase_DRIVER_EXECUTE_JOB);
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    JobResult Res;
    Res.Job = B->Model->Id;
    Res.ExitCode = Desc->ExitCode;
    Res.ExecutionFailed = Desc->ExecutionFailed != NEVERC_FALSE;
    Res.HasProcessStatistics = Desc->HasProcessStatistics != NEVERC_FALSE;
    Res.TotalTimeMicroseconds = Desc->TotalTimeMicroseconds;
    Res.UserTimeMicroseconds = Desc->UserTimeMicroseconds;
    Res.PeakMemoryKiB = Desc->PeakMemoryKiB;
    Res.BuiltinProviderUsed = false;
    if (!isOk(S = readString(Desc->ErrorMessage, Res.ErrorMessage)))
      return S;
    std::string Why;
    if (!isOk(S = verifyJobResult(Res, *B->Model,
                                  R->PreExistingKnown ? &R->PreExisting : nullptr,
                                  &Why))) {
      D.reportVerifier(Phase_DRIVER_EXECUTE_JOB, Why);
      return S;
    }
    *Out = publishOwned(*R->TS, *T, ArtJobResult, std::move(Res));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getJobResult(void *Ctx, const NevercPhaseFrame *F,
                                      NevercArtifactHandle A,
                                      NevercJobResult *Out) {
  return guard([&] {
    NevercStatus S = checkHeader(Out, sizeof(NevercJobResult));
    if (!isOk(S))
      return S;
    Box<JobResult> *B;
    if (!isOk(S = artifact(impl(Ctx), F, A, ArtJobResult, &B)))
      return S;
    const JobResult &M = *B->Model;
    NevercJobResult R{};
    R.Job = M.Job;
    R.ExitCode = M.ExitCode;
    R.ExecutionFailed = M.ExecutionFailed ? NEVERC_TRUE : NEVERC_FALSE;
    R.HasProcessStatistics = M.HasProcessStatistics ? NEVERC_TRUE : NEVERC_FALSE;
    R.BuiltinProviderUsed = M.BuiltinProviderUsed ? NEVERC_TRUE : NEVERC_FALSE;
    R.OutputSealCount = M.OutputSealCount;
    R.ErrorMessage = sv(M.ErrorMessage);
    R.TotalTimeMicroseconds = M.TotalTimeMicroseconds;
    R.UserTimeMicroseconds = M.UserTimeMicroseconds;
    R.PeakMemoryKiB = M.PeakMemoryKiB;
    writeOut(Out, R);
    return okStatus();
  });
}

} // namespace

void fillGraphSlots(NevercDriverAPI &T) {
  T.GetDriverInputCount = getDriverInputCount;
  T.GetDriverInput = getDriverInput;
  T.GetActionNodeCount = getActionNodeCount;
  T.GetActionNode = getActionNode;
  T.GetActionNodeInput = getActionNodeInput;
  T.GetActionRootCount = getActionRootCount;
  T.GetActionRoot = getActionRoot;
  T.CreateActionGraphBuilder = createActionGraphBuilder;
  T.BeginActionGraphMutation = beginActionGraphMutation;
  T.AddActionNode = addActionNode;
  T.RemoveActionNode = removeActionNode;
  T.ReplaceActionNodeInputs = replaceActionNodeInputs;
  T.SetActionNodeOutputType = setActionNodeOutputType;
  T.SetActionNodeBindArch = setActionNodeBindArch;
  T.SetActionRoots = setActionRoots;
  T.PublishActionGraph = publishActionGraph;
  T.CommitActionGraphMutation = commitActionGraphMutation;
  T.AbortActionGraphEdit = abortActionGraphEdit;
  T.GetJobCount = getJobCount;
  T.GetJob = getJob;
  T.GetJobDependency = getJobDependency;
  T.GetJobArgument = getJobArgument;
  T.GetJobEnvironment = getJobEnvironment;
  T.GetJobInput = getJobInput;
  T.GetJobOutput = getJobOutput;
  T.CreateJobGraphBuilder = createJobGraphBuilder;
  T.BeginJobGraphMutation = beginJobGraphMutation;
  T.AddJob = addJob;
  T.RemoveJob = removeJob;
  T.MoveJobBefore = moveJobBefore;
  T.ReplaceJob = replaceJob;
  T.SetJobArgument = setJobArgument;
  T.SetJobEnvironment = setJobEnvironment;
  T.SetJobInput = setJobInput;
  T.SetJobOutput = setJobOutput;
  T.ReplaceJobDependencies = replaceJobDependencies;
  T.PublishJobGraph = publishJobGraph;
  T.CommitJobGraphMutation = commitJobGraphMutation;
  T.AbortJobGraphEdit = abortJobGraphEdit;
  T.GetJobExecutionRequest = getJobExecutionRequest;
  T.CreateJobResult = createJobResult;
  T.GetJobResult = getJobResult;
}

} // namespace neverc::driver
