//===- SlotsGraph.cpp - Slots 26-67: action graph, job graph, execution ---===//
#include "DomainInternal.h"

namespace neverc::driver {

using namespace api;
using Impl = DriverDomain::Impl;
using core::Phase_DRIVER_BUILD_ACTIONS;
using core::Phase_DRIVER_BUILD_JOBS;
using core::Phase_DRIVER_EXECUTE_JOB;

namespace {

/// The two graph edit families (see DomainInternal.h): builders seeded
/// from their phase's input, mutations of its output.
struct ActionGraphEdits {
  using Model = ActionGraph;
  static constexpr uint32_t Phase = Phase_DRIVER_BUILD_ACTIONS;
  static constexpr uint64_t Artifact = ArtActionGraph;
  static constexpr uint64_t BuilderInput = ArtBuildActionsRequest;
  static constexpr DriverHandleKind Builder =
      DriverHandleKind::ActionGraphBuilder;
  static constexpr DriverHandleKind Mutation =
      DriverHandleKind::ActionGraphMutation;
  static constexpr EditTable<Model> TaskState::*Builders =
      &TaskState::ActionBuilders;
  static constexpr EditTable<Model> TaskState::*Mutations =
      &TaskState::ActionMutations;
  static constexpr const char *BuilderLabel =
      "neverc.driver.build_actions builder";
  static constexpr const char *MutationLabel =
      "neverc.driver.build_actions mutation";
  /// A new graph starts from the request's driver inputs.
  static void seed(Model &G, const ActionGraph &Request) {
    G.Inputs = Request.Inputs;
  }
  static NevercStatus verify(const Model &G, RunContext *, std::string *Why) {
    return verifyActionGraph(G, Why);
  }
};

struct JobGraphEdits {
  using Model = JobGraph;
  static constexpr uint32_t Phase = Phase_DRIVER_BUILD_JOBS;
  static constexpr uint64_t Artifact = ArtJobGraph;
  static constexpr uint64_t BuilderInput = ArtActionGraph;
  static constexpr DriverHandleKind Builder = DriverHandleKind::JobGraphBuilder;
  static constexpr DriverHandleKind Mutation =
      DriverHandleKind::JobGraphMutation;
  static constexpr EditTable<Model> TaskState::*Builders =
      &TaskState::JobBuilders;
  static constexpr EditTable<Model> TaskState::*Mutations =
      &TaskState::JobMutations;
  static constexpr const char *BuilderLabel =
      "neverc.driver.build_jobs builder";
  static constexpr const char *MutationLabel =
      "neverc.driver.build_jobs mutation";
  /// A new job graph starts empty; the action graph is only checked to be
  /// the phase's input.
  static void seed(Model &, const ActionGraph &) {}
  static NevercStatus verify(const Model &G, RunContext *R, std::string *Why) {
    return verifyJobGraph(G, R->Actions, Why);
  }
};

/// Runs \p Fn on the node \p Id of the graph edit \p H (NOT_FOUND when the
/// working copy has no such node).
template <class E, class F>
NevercStatus withNode(void *Ctx, NevercHandle H, uint64_t Id, F &&Fn) {
  return withEdit<E>(Ctx, H, [&](Edit<typename E::Model> &Ed) {
    auto *N = Ed.Working.find(Id);
    return N ? Fn(*N) : st(NEVERC_STATUS_NOT_FOUND);
  });
}

/// Create*GraphBuilder: INVALID_ARGUMENT (NULL out), then editScope of a
/// provider or interceptor of the family's phase over its input artifact.
template <class E>
NevercStatus NEVERC_CALL createGraphBuilder(void *Ctx,
                                            const NevercPhaseFrame *F,
                                            NevercArtifactHandle A,
                                            NevercHandle *Out) {
  return guard([&] {
    Impl &D = impl(Ctx);
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::Task *T = nullptr;
    RunContext *R = nullptr;
    Box<ActionGraph> *In;
    NevercStatus S = editScope(D, F, A, E::Phase, E::BuilderInput, false,
                               nullptr, &T, &R, &In);
    if (!isOk(S))
      return S;
    auto Ed = std::make_unique<Edit<typename E::Model>>();
    E::seed(Ed->Working, *In->Model);
    Ed->T = T;
    Ed->Run = R;
    *Out = openEdit(R->TS->*E::Builders, E::Builder, std::move(Ed),
                    E::BuilderLabel);
    return okStatus();
  });
}

/// Publish*Graph: a builder of the frame's task, verified, becomes the
/// phase's output artifact; a rejected graph closes the builder.
template <class E>
NevercStatus NEVERC_CALL publishGraph(void *Ctx, const NevercPhaseFrame *F,
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
    Edit<typename E::Model> *Ed = nullptr;
    if (!isOk(S = findEdit(D, H, E::Builder, E::Builder, E::Builders,
                           E::Builders, &Ed)))
      return S;
    if (Ed->T != T)
      return st(NEVERC_STATUS_WRONG_SCOPE);
    std::string Why;
    if (!isOk(S = E::verify(Ed->Working, Ed->Run, &Why))) {
      D.reportVerifier(Ed->Run->Phase, Why);
      closeEdit(D, E::Builder, H);
      return S;
    }
    *Out = publishOwned(*Ed->Run->TS, *T, E::Artifact, std::move(Ed->Working));
    closeEdit(D, E::Builder, H);
    return okStatus();
  });
}

bool knownType(NevercDriverType T) { return T <= NEVERC_DRIVER_TYPE_CXX_HEADER; }

//===--- 26-32: reading the request and the action graph ----------------===//

NevercStatus NEVERC_CALL getDriverInputCount(void *Ctx,
                                             const NevercPhaseFrame *F,
                                             NevercArtifactHandle A,
                                             uint64_t *OutCount) {
  return artifactCount<ActionGraph>(
      Ctx, F, A, ArtBuildActionsRequest, OutCount,
      [](const ActionGraph &G) -> auto & { return G.Inputs; });
}

NevercStatus NEVERC_CALL getDriverInput(void *Ctx, const NevercPhaseFrame *F,
                                        NevercArtifactHandle A, uint64_t Index,
                                        NevercDriverInput *Out) {
  return readArtifact<ActionGraph>(
      Ctx, F, A, ArtBuildActionsRequest, Out,
      [&](const ActionGraph &G, core::Task &, NevercDriverInput &R) {
        if (Index >= G.Inputs.size())
          return st(NEVERC_STATUS_NOT_FOUND);
        const DriverInput &I = G.Inputs[Index];
        R.Input = I.Id;
        R.Type = I.Type;
        R.Value = sv(I.Value);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getActionNodeCount(void *Ctx,
                                            const NevercPhaseFrame *F,
                                            NevercArtifactHandle A,
                                            uint64_t *OutCount) {
  return artifactCount<ActionGraph>(
      Ctx, F, A, ArtActionGraph, OutCount,
      [](const ActionGraph &G) -> auto & { return G.Nodes; });
}

NevercStatus NEVERC_CALL getActionNode(void *Ctx, const NevercPhaseFrame *F,
                                       NevercArtifactHandle A, uint64_t Index,
                                       NevercActionNode *Out) {
  return readArtifact<ActionGraph>(
      Ctx, F, A, ArtActionGraph, Out,
      [&](const ActionGraph &G, core::Task &, NevercActionNode &R) {
        if (Index >= G.Nodes.size())
          return st(NEVERC_STATUS_NOT_FOUND);
        const ActionNode &N = G.Nodes[Index];
        R.Node = N.Id;
        R.Kind = N.Kind;
        R.OutputType = N.OutputType;
        R.InputCount = N.Inputs.size();
        R.DriverInput = N.DriverInput;
        R.BindArch = sv(N.BindArch);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getActionNodeInput(void *Ctx,
                                            const NevercPhaseFrame *F,
                                            NevercArtifactHandle A,
                                            NevercActionNodeID Node,
                                            uint64_t Index,
                                            NevercActionNodeID *Out) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return artifactElement<ActionGraph>(
      Ctx, F, A, ArtActionGraph, Index,
      [&](const ActionGraph &G) {
        const ActionNode *N = G.find(Node);
        return N ? &N->Inputs : nullptr;
      },
      [&](NevercActionNodeID V) { *Out = V; });
}

NevercStatus NEVERC_CALL getActionRootCount(void *Ctx,
                                            const NevercPhaseFrame *F,
                                            NevercArtifactHandle A,
                                            uint64_t *OutCount) {
  return artifactCount<ActionGraph>(
      Ctx, F, A, ArtActionGraph, OutCount,
      [](const ActionGraph &G) -> auto & { return G.Roots; });
}

NevercStatus NEVERC_CALL getActionRoot(void *Ctx, const NevercPhaseFrame *F,
                                       NevercArtifactHandle A, uint64_t Index,
                                       NevercActionNodeID *Out) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return artifactElement<ActionGraph>(
      Ctx, F, A, ArtActionGraph, Index,
      [](const ActionGraph &G) { return &G.Roots; },
      [&](NevercActionNodeID V) { *Out = V; });
}

//===--- 33-43: building and mutating the action graph ------------------===//

NevercStatus NEVERC_CALL addActionNode(void *Ctx, NevercHandle H,
                                       const NevercActionNodeDescriptor *Desc,
                                       NevercActionNodeID *OutNode) {
  return withEdit<ActionGraphEdits>(Ctx, H, [&](Edit<ActionGraph> &E) {
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
  return withEdit<ActionGraphEdits>(Ctx, H, [&](Edit<ActionGraph> &E) {
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
  return withNode<ActionGraphEdits>(Ctx, H, Node, [&](ActionNode &N) {
    return readIDs(L.Data, L.Count, L.ElementStride, N.Inputs);
  });
}

NevercStatus NEVERC_CALL setActionNodeOutputType(void *Ctx, NevercHandle H,
                                                 NevercActionNodeID Node,
                                                 NevercDriverType Type) {
  return withNode<ActionGraphEdits>(Ctx, H, Node, [&](ActionNode &N) {
    if (!knownType(Type))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    N.OutputType = Type;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setActionNodeBindArch(void *Ctx, NevercHandle H,
                                               NevercActionNodeID Node,
                                               NevercStringView Arch) {
  return withNode<ActionGraphEdits>(Ctx, H, Node, [&](ActionNode &N) {
    return readString(Arch, N.BindArch);
  });
}

NevercStatus NEVERC_CALL setActionRoots(void *Ctx, NevercHandle H,
                                        NevercActionNodeIDList L) {
  return withEdit<ActionGraphEdits>(Ctx, H, [&](Edit<ActionGraph> &E) {
    return readIDs(L.Data, L.Count, L.ElementStride, E.Working.Roots);
  });
}

//===--- 44-50: reading the job graph -----------------------------------===//

NevercStatus NEVERC_CALL getJobCount(void *Ctx, const NevercPhaseFrame *F,
                                     NevercArtifactHandle A,
                                     uint64_t *OutCount) {
  return artifactCount<JobGraph>(
      Ctx, F, A, ArtJobGraph, OutCount,
      [](const JobGraph &G) -> auto & { return G.Jobs; });
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
  return readArtifact<JobGraph>(
      Ctx, F, A, ArtJobGraph, Out,
      [&](const JobGraph &G, core::Task &, NevercJob &R) {
        if (Index >= G.Jobs.size())
          return st(NEVERC_STATUS_NOT_FOUND);
        R = jobView(G.Jobs[Index]);
        return okStatus();
      });
}

/// Element \p Index of the list \p List picks in job \p Id.
template <class Pick, class Write>
NevercStatus jobElement(void *Ctx, const NevercPhaseFrame *F,
                        NevercArtifactHandle A, NevercJobID Id, uint64_t Index,
                        Pick &&List, Write &&Put) {
  return artifactElement<JobGraph>(
      Ctx, F, A, ArtJobGraph, Index,
      [&](const JobGraph &G) {
        const JobModel *J = G.find(Id);
        return J ? &List(*J) : nullptr;
      },
      Put);
}

NevercStatus NEVERC_CALL getJobDependency(void *Ctx, const NevercPhaseFrame *F,
                                          NevercArtifactHandle A,
                                          NevercJobID Job, uint64_t Index,
                                          NevercJobID *Out) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return jobElement(
      Ctx, F, A, Job, Index,
      [](const JobModel &J) -> auto & { return J.Dependencies; },
      [&](uint64_t V) { *Out = V; });
}

NevercStatus NEVERC_CALL getJobArgument(void *Ctx, const NevercPhaseFrame *F,
                                        NevercArtifactHandle A, NevercJobID Job,
                                        uint64_t Index, NevercStringView *Out) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return jobElement(
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
  return jobElement(
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
  return jobElement(
      Ctx, F, A, Job, Index,
      [&](const JobModel &J) -> auto & {
        return Outputs ? J.Outputs : J.Inputs;
      },
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

NevercStatus NEVERC_CALL addJob(void *Ctx, NevercHandle H,
                                const NevercJobDescriptor *Desc,
                                NevercJobID *OutJob) {
  return withEdit<JobGraphEdits>(Ctx, H, [&](Edit<JobGraph> &E) {
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
  return withEdit<JobGraphEdits>(Ctx, H, [&](Edit<JobGraph> &E) {
    size_t I = jobIndex(E.Working, Job);
    if (I == SIZE_MAX)
      return st(NEVERC_STATUS_NOT_FOUND);
    E.Working.Jobs.erase(E.Working.Jobs.begin() + I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL moveJobBefore(void *Ctx, NevercHandle H,
                                       NevercJobID Job, NevercJobID Before) {
  return withEdit<JobGraphEdits>(Ctx, H, [&](Edit<JobGraph> &E) {
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
  return withNode<JobGraphEdits>(Ctx, H, Job, [&](JobModel &J) {
    JobModel N;
    N.Id = Job;
    NevercStatus S = readJobDescriptor(Desc, N);
    if (isOk(S))
      J = std::move(N);
    return S;
  });
}

template <class Pick>
NevercStatus setJobString(void *Ctx, NevercHandle H, NevercJobID Job,
                          uint64_t Index, NevercStringView V, Pick &&P) {
  return withNode<JobGraphEdits>(Ctx, H, Job, [&](JobModel &J) {
    std::vector<std::string> &L = P(J);
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
  return withEdit<JobGraphEdits>(Ctx, H, [&](Edit<JobGraph> &E) {
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
  return withNode<JobGraphEdits>(Ctx, H, Job, [&](JobModel &J) {
    return readIDs(L.Data, L.Count, L.ElementStride, J.Dependencies);
  });
}

//===--- 65-67: execution -----------------------------------------------===//

NevercStatus NEVERC_CALL getJobExecutionRequest(void *Ctx,
                                                const NevercPhaseFrame *F,
                                                NevercArtifactHandle A,
                                                NevercJobExecutionRequest *Out) {
  return readArtifact<JobModel>(
      Ctx, F, A, ArtJobRequest, Out,
      [&](const JobModel &J, core::Task &T, NevercJobExecutionRequest &R) {
        TaskState &TS = impl(Ctx).state(T);
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
        R.Dependencies =
            NevercJobIDList{Deps.data(), Deps.size(), sizeof(NevercJobID)};
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
    RunContext *R = nullptr;
    Box<JobModel> *B;
    if (!isOk(S = editScope(D, F, A, Phase_DRIVER_EXECUTE_JOB, ArtJobRequest,
                            false, nullptr, &T, &R, &B)))
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
  return readArtifact<JobResult>(
      Ctx, F, A, ArtJobResult, Out,
      [](const JobResult &M, core::Task &, NevercJobResult &R) {
        R.Job = M.Job;
        R.ExitCode = M.ExitCode;
        R.ExecutionFailed = M.ExecutionFailed ? NEVERC_TRUE : NEVERC_FALSE;
        R.HasProcessStatistics =
            M.HasProcessStatistics ? NEVERC_TRUE : NEVERC_FALSE;
        R.BuiltinProviderUsed =
            M.BuiltinProviderUsed ? NEVERC_TRUE : NEVERC_FALSE;
        R.OutputSealCount = M.OutputSealCount;
        R.ErrorMessage = sv(M.ErrorMessage);
        R.TotalTimeMicroseconds = M.TotalTimeMicroseconds;
        R.UserTimeMicroseconds = M.UserTimeMicroseconds;
        R.PeakMemoryKiB = M.PeakMemoryKiB;
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
  T.CreateActionGraphBuilder = createGraphBuilder<ActionGraphEdits>;
  T.BeginActionGraphMutation = beginEdit<ActionGraphEdits>;
  T.AddActionNode = addActionNode;
  T.RemoveActionNode = removeActionNode;
  T.ReplaceActionNodeInputs = replaceActionNodeInputs;
  T.SetActionNodeOutputType = setActionNodeOutputType;
  T.SetActionNodeBindArch = setActionNodeBindArch;
  T.SetActionRoots = setActionRoots;
  T.PublishActionGraph = publishGraph<ActionGraphEdits>;
  T.CommitActionGraphMutation = commitEdit<ActionGraphEdits>;
  T.AbortActionGraphEdit = abortEdit<ActionGraphEdits>;
  T.GetJobCount = getJobCount;
  T.GetJob = getJob;
  T.GetJobDependency = getJobDependency;
  T.GetJobArgument = getJobArgument;
  T.GetJobEnvironment = getJobEnvironment;
  T.GetJobInput = getJobInput;
  T.GetJobOutput = getJobOutput;
  T.CreateJobGraphBuilder = createGraphBuilder<JobGraphEdits>;
  T.BeginJobGraphMutation = beginEdit<JobGraphEdits>;
  T.AddJob = addJob;
  T.RemoveJob = removeJob;
  T.MoveJobBefore = moveJobBefore;
  T.ReplaceJob = replaceJob;
  T.SetJobArgument = setJobArgument;
  T.SetJobEnvironment = setJobEnvironment;
  T.SetJobInput = setJobInput;
  T.SetJobOutput = setJobOutput;
  T.ReplaceJobDependencies = replaceJobDependencies;
  T.PublishJobGraph = publishGraph<JobGraphEdits>;
  T.CommitJobGraphMutation = commitEdit<JobGraphEdits>;
  T.AbortJobGraphEdit = abortEdit<JobGraphEdits>;
  T.GetJobExecutionRequest = getJobExecutionRequest;
  T.CreateJobResult = createJobResult;
  T.GetJobResult = getJobResult;
}

} // namespace neverc::driver
