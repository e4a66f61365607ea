//===- DriverGraphTest.cpp - Driver API: graphs and execution -------------===//
//
// The last three driver phases (build_actions, build_jobs, execute_job)
// through the C ABI: reading, building, mutating and publishing the action
// and job graphs, and job execution results.
//
//===----------------------------------------------------------------------===//
#include "DriverTestSupport.h"

using namespace drivertest;

namespace {

//===--- Phase 4: action graph --------------------------------------------===//

TEST_F(DriverDomainTest, ActionObserverSeesCompileAndLinkGraph) {
  int After = 0;
  Obs = [&](const NevercPhaseFrame *F, NevercObserverPoint P) {
    uint64_t N = 0;
    if (P == NEVERC_OBSERVER_BEFORE) {
      EXPECT_EQ(code(gAPI->GetDriverInputCount(ctx(), F, F->Input, &N)),
                NEVERC_STATUS_OK);
      EXPECT_EQ(N, 1u);
      EXPECT_EQ(code(gAPI->GetDriverInputCount(ctx(), F, F->Input, nullptr)),
                NEVERC_STATUS_INVALID_ARGUMENT);
      auto In = hdr<NevercDriverInput>();
      EXPECT_EQ(code(gAPI->GetDriverInput(ctx(), F, F->Input, 0, &In)),
                NEVERC_STATUS_OK);
      EXPECT_EQ(In.Input, 1u);
      EXPECT_EQ(In.Type, NEVERC_DRIVER_TYPE_C);
      EXPECT_EQ(str(In.Value), "a.c");
      EXPECT_EQ(code(gAPI->GetDriverInput(ctx(), F, F->Input, 1, &In)),
                NEVERC_STATUS_NOT_FOUND);
      EXPECT_EQ(code(gAPI->GetActionNodeCount(ctx(), F, F->Input, &N)),
                NEVERC_STATUS_WRONG_TYPE);
      NevercHandle Edit{};
      EXPECT_EQ(code(gAPI->CreateActionGraphBuilder(ctx(), F, F->Input, &Edit)),
                NEVERC_STATUS_POLICY_VIOLATION);
      return okStatus();
    }
    ++After;
    NevercArtifactHandle G = F->CurrentOutput;
    EXPECT_EQ(code(gAPI->GetDriverInputCount(ctx(), F, G, &N)),
              NEVERC_STATUS_WRONG_TYPE);
    EXPECT_EQ(code(gAPI->GetActionNodeCount(ctx(), F, G, &N)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(N, 4u);
    EXPECT_EQ(code(gAPI->GetActionNodeCount(ctx(), F, G, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    auto Node = hdr<NevercActionNode>();
    EXPECT_EQ(code(gAPI->GetActionNode(ctx(), F, G, 3, &Node)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(Node.Node, 4u);
    EXPECT_EQ(Node.Kind, NEVERC_ACTION_LINK);
    EXPECT_EQ(Node.OutputType, NEVERC_DRIVER_TYPE_IMAGE);
    EXPECT_EQ(Node.InputCount, 1u);
    EXPECT_EQ(code(gAPI->GetActionNode(ctx(), F, G, 0, &Node)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(Node.Kind, NEVERC_ACTION_INPUT);
    EXPECT_EQ(Node.DriverInput, 1u);
    EXPECT_EQ(code(gAPI->GetActionNode(ctx(), F, G, 4, &Node)),
              NEVERC_STATUS_NOT_FOUND);
    uint64_t Id = 0;
    EXPECT_EQ(code(gAPI->GetActionNodeInput(ctx(), F, G, 4, 0, &Id)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(Id, 3u);
    EXPECT_EQ(code(gAPI->GetActionNodeInput(ctx(), F, G, 4, 1, &Id)),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->GetActionNodeInput(ctx(), F, G, 99, 0, &Id)),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->GetActionRootCount(ctx(), F, G, &N)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(N, 1u);
    EXPECT_EQ(code(gAPI->GetActionRoot(ctx(), F, G, 0, &Id)), NEVERC_STATUS_OK);
    EXPECT_EQ(Id, 4u);
    EXPECT_EQ(code(gAPI->GetActionRoot(ctx(), F, G, 1, &Id)),
              NEVERC_STATUS_NOT_FOUND);
    NevercHandle M{};
    EXPECT_EQ(code(gAPI->BeginActionGraphMutation(ctx(), F, nullptr, G, &M)),
              NEVERC_STATUS_POLICY_VIOLATION);
    return okStatus();
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return observe(R, C, ACTIONS, &Obs); }),
            NEVERC_STATUS_OK);
  ActionGraph G = sampleInputs();
  ASSERT_EQ(D->runBuildActions(*T, G, actionsStep()).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(After, 1);
}

TEST_F(DriverDomainTest, ActionInterceptorReplacesLinkRootWithObjectRoot) {
  Icp = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
            NevercPhaseResult *) {
    NevercPhaseResult Down = freshResult();
    EXPECT_EQ(code(C->InvokeNext(C, F, &Down)), NEVERC_STATUS_OK);
    NevercHandle M{};
    EXPECT_EQ(code(gAPI->BeginActionGraphMutation(ctx(), F, C, Down.Output, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->RemoveActionNode(ctx(), M, 4)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->RemoveActionNode(ctx(), M, 4)),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->SetActionNodeOutputType(ctx(), M, 3,
                                                 NEVERC_DRIVER_TYPE_OBJECT)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetActionNodeOutputType(ctx(), M, 3, 99)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->SetActionNodeOutputType(ctx(), M, 42,
                                                 NEVERC_DRIVER_TYPE_OBJECT)),
              NEVERC_STATUS_NOT_FOUND);
    auto Desc = hdr<NevercActionNodeDescriptor>();
    std::vector<uint64_t> In{3};
    Desc.Kind = NEVERC_ACTION_BIND_ARCH;
    Desc.OutputType = NEVERC_DRIVER_TYPE_OBJECT;
    Desc.Inputs = ids(In);
    uint64_t New = 0;
    EXPECT_EQ(code(gAPI->AddActionNode(ctx(), M, &Desc, &New)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(New, 5u); // ids are never reused
    EXPECT_EQ(code(gAPI->SetActionNodeBindArch(ctx(), M, New, s("x86_64"))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetActionNodeBindArch(ctx(), M, 42, s("x86_64"))),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->ReplaceActionNodeInputs(ctx(), M, New, ids(In))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->ReplaceActionNodeInputs(ctx(), M, 42, ids(In))),
              NEVERC_STATUS_NOT_FOUND);
    std::vector<uint64_t> Roots{New};
    EXPECT_EQ(code(gAPI->SetActionRoots(ctx(), M, ids(Roots))),
              NEVERC_STATUS_OK);
    Desc.Kind = NEVERC_ACTION_INVALID;
    EXPECT_EQ(code(gAPI->AddActionNode(ctx(), M, &Desc, &New)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->AddActionNode(ctx(), M, nullptr, &New)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->CommitActionGraphMutation(ctx(), M)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetActionRoots(ctx(), M, ids(Roots))),
              NEVERC_STATUS_STALE_HANDLE);
    EXPECT_EQ(code(gAPI->CommitActionGraphMutation(ctx(), M)),
              NEVERC_STATUS_STALE_HANDLE);
    // A cycle is rejected atomically.
    EXPECT_EQ(code(gAPI->BeginActionGraphMutation(ctx(), F, C, Down.Output, &M)),
              NEVERC_STATUS_OK);
    std::vector<uint64_t> Back{3};
    EXPECT_EQ(code(gAPI->ReplaceActionNodeInputs(ctx(), M, 2, ids(Back))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CommitActionGraphMutation(ctx(), M)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    // So is a dangling edge.
    EXPECT_EQ(code(gAPI->BeginActionGraphMutation(ctx(), F, C, Down.Output, &M)),
              NEVERC_STATUS_OK);
    std::vector<uint64_t> Dangling{77};
    EXPECT_EQ(code(gAPI->ReplaceActionNodeInputs(ctx(), M, 2, ids(Dangling))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CommitActionGraphMutation(ctx(), M)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    // Abort through the generic edit slot.
    EXPECT_EQ(code(gAPI->BeginActionGraphMutation(ctx(), F, C, Down.Output, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortActionGraphEdit(ctx(), M)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortActionGraphEdit(ctx(), M)),
              NEVERC_STATUS_STALE_HANDLE);
    // The request is not the graph.
    EXPECT_EQ(code(gAPI->BeginActionGraphMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_WRONG_TYPE);
    return okStatus();
  };
  ASSERT_EQ(start([&](auto *R, void *C) {
              return intercept(R, C, ACTIONS, &Icp);
            }),
            NEVERC_STATUS_OK);
  ActionGraph G = sampleInputs();
  PhaseReport Rep;
  ASSERT_EQ(D->runBuildActions(*T, G, actionsStep(), &Rep).Code,
            NEVERC_STATUS_OK);
  EXPECT_TRUE(Rep.Mutated);
  ASSERT_EQ(G.Nodes.size(), 4u);
  EXPECT_EQ(G.Roots, std::vector<uint64_t>{5});
  ASSERT_NE(G.find(5), nullptr);
  EXPECT_EQ(G.find(5)->BindArch, "x86_64");
  EXPECT_EQ(G.find(4), nullptr);
  EXPECT_EQ(G.find(2)->Inputs, std::vector<uint64_t>{1}); // atomic rejection
  EXPECT_TRUE(Sink.contains("cycle"));
  EXPECT_TRUE(Sink.contains("dangling"));
}

TEST_F(DriverDomainTest, ActionProviderBuildsObjectGraphWithoutBuiltin) {
  Prov = [&](const NevercPhaseFrame *F, NevercPhaseResult *R) {
    NevercHandle M{}, Bld{};
    EXPECT_EQ(code(gAPI->BeginActionGraphMutation(ctx(), F, nullptr, F->Input,
                                                  &M)),
              NEVERC_STATUS_WRONG_SCOPE);
    EXPECT_EQ(code(gAPI->CreateActionGraphBuilder(ctx(), F, F->CurrentOutput,
                                                  &Bld)),
              NEVERC_STATUS_WRONG_TYPE);
    EXPECT_EQ(code(gAPI->CreateActionGraphBuilder(ctx(), F, F->Input, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->CreateActionGraphBuilder(ctx(), F, F->Input, &Bld)),
              NEVERC_STATUS_OK);
    auto Desc = hdr<NevercActionNodeDescriptor>();
    Desc.Kind = NEVERC_ACTION_INPUT;
    Desc.OutputType = NEVERC_DRIVER_TYPE_C;
    Desc.DriverInput = 1;
    uint64_t In = 0, Cc = 0;
    EXPECT_EQ(code(gAPI->AddActionNode(ctx(), Bld, &Desc, &In)),
              NEVERC_STATUS_OK);
    std::vector<uint64_t> Edge{In};
    Desc.Kind = NEVERC_ACTION_COMPILE;
    Desc.OutputType = NEVERC_DRIVER_TYPE_OBJECT;
    Desc.DriverInput = 0;
    Desc.Inputs = ids(Edge);
    EXPECT_EQ(code(gAPI->AddActionNode(ctx(), Bld, &Desc, &Cc)),
              NEVERC_STATUS_OK);
    std::vector<uint64_t> Roots{Cc};
    EXPECT_EQ(code(gAPI->SetActionRoots(ctx(), Bld, ids(Roots))),
              NEVERC_STATUS_OK);
    NevercArtifactHandle G{};
    EXPECT_EQ(code(gAPI->PublishActionGraph(ctx(), F, NevercHandle{}, &G)),
              NEVERC_STATUS_WRONG_TYPE);
    EXPECT_EQ(code(gAPI->PublishActionGraph(ctx(), F, Bld, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->PublishActionGraph(ctx(), F, Bld, &G)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AddActionNode(ctx(), Bld, &Desc, &Cc)),
              NEVERC_STATUS_STALE_HANDLE);
    EXPECT_EQ(code(gAPI->PublishActionGraph(ctx(), F, Bld, &G)),
              NEVERC_STATUS_STALE_HANDLE);
    uint64_t N = 0;
    EXPECT_EQ(code(gAPI->GetActionNodeCount(ctx(), F, G, &N)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(N, 2u);
    // A second builder, aborted; a third whose graph is invalid.
    NevercHandle B2{};
    EXPECT_EQ(code(gAPI->CreateActionGraphBuilder(ctx(), F, F->Input, &B2)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortActionGraphEdit(ctx(), B2)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CreateActionGraphBuilder(ctx(), F, F->Input, &B2)),
              NEVERC_STATUS_OK);
    Desc.Kind = NEVERC_ACTION_INPUT;
    Desc.DriverInput = 42; // no such driver input
    Desc.Inputs = ids({});
    EXPECT_EQ(code(gAPI->AddActionNode(ctx(), B2, &Desc, &In)),
              NEVERC_STATUS_OK);
    NevercArtifactHandle G2{};
    EXPECT_EQ(code(gAPI->PublishActionGraph(ctx(), F, B2, &G2)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    EXPECT_EQ(code(gAPI->AbortActionGraphEdit(ctx(), B2)),
              NEVERC_STATUS_STALE_HANDLE);
    return replaceWith(R, G);
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return provide(R, C, ACTIONS, &Prov); }),
            NEVERC_STATUS_OK);
  ActionGraph G = sampleInputs();
  PhaseReport Rep;
  ASSERT_EQ(D->runBuildActions(*T, G, actionsStep(), &Rep).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(B.Actions, 0);
  EXPECT_TRUE(Rep.ByPlugin);
  ASSERT_EQ(G.Nodes.size(), 2u);
  EXPECT_EQ(G.Nodes[1].Kind, NEVERC_ACTION_COMPILE);
  EXPECT_EQ(G.Roots, std::vector<uint64_t>{2});
  EXPECT_EQ(G.Inputs.size(), 1u);
}

//===--- Phase 5: job graph -----------------------------------------------===//

TEST_F(DriverDomainTest, JobObserverReadsJobsByIndexAndId) {
  int After = 0;
  Obs = [&](const NevercPhaseFrame *F, NevercObserverPoint P) {
    uint64_t N = 0;
    if (P == NEVERC_OBSERVER_BEFORE) {
      EXPECT_EQ(code(gAPI->GetActionNodeCount(ctx(), F, F->Input, &N)),
                NEVERC_STATUS_OK);
      EXPECT_EQ(N, 4u);
      EXPECT_EQ(code(gAPI->GetJobCount(ctx(), F, F->Input, &N)),
                NEVERC_STATUS_WRONG_TYPE);
      return okStatus();
    }
    ++After;
    NevercArtifactHandle G = F->CurrentOutput;
    EXPECT_EQ(code(gAPI->GetJobCount(ctx(), F, G, &N)), NEVERC_STATUS_OK);
    EXPECT_EQ(N, 2u);
    EXPECT_EQ(code(gAPI->GetJobCount(ctx(), F, G, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    auto J = hdr<NevercJob>();
    EXPECT_EQ(code(gAPI->GetJob(ctx(), F, G, 0, &J)), NEVERC_STATUS_OK);
    EXPECT_EQ(J.Job, 1u);
    EXPECT_EQ(J.Kind, NEVERC_JOB_FRONTEND);
    EXPECT_EQ(J.InProcess, NEVERC_TRUE);
    EXPECT_EQ(J.SourceAction, 3u);
    EXPECT_EQ(str(J.Executable), "/usr/bin/neverc");
    EXPECT_EQ(J.ArgumentCount, 5u);
    EXPECT_EQ(J.EnvironmentCount, 1u);
    EXPECT_EQ(J.InputCount, 1u);
    EXPECT_EQ(J.OutputCount, 1u);
    EXPECT_EQ(J.DependencyCount, 0u);
    EXPECT_EQ(code(gAPI->GetJob(ctx(), F, G, 1, &J)), NEVERC_STATUS_OK);
    EXPECT_EQ(J.LinkerFlavor, NEVERC_LINKER_FLAVOR_GNU);
    EXPECT_EQ(J.ResponseFileKind, NEVERC_RESPONSE_FILE_FULL);
    EXPECT_EQ(code(gAPI->GetJob(ctx(), F, G, 2, &J)), NEVERC_STATUS_NOT_FOUND);
    J.Header.StructSize = 16;
    EXPECT_EQ(code(gAPI->GetJob(ctx(), F, G, 0, &J)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    uint64_t Dep = 0;
    EXPECT_EQ(code(gAPI->GetJobDependency(ctx(), F, G, 2, 0, &Dep)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(Dep, 1u);
    EXPECT_EQ(code(gAPI->GetJobDependency(ctx(), F, G, 2, 1, &Dep)),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->GetJobDependency(ctx(), F, G, 99, 0, &Dep)),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->GetJobDependency(ctx(), F, G, 2, 0, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    NevercStringView V{};
    EXPECT_EQ(code(gAPI->GetJobArgument(ctx(), F, G, 1, 0, &V)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(str(V), "-cc1");
    EXPECT_EQ(code(gAPI->GetJobArgument(ctx(), F, G, 1, 5, &V)),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->GetJobEnvironment(ctx(), F, G, 1, 0, &V)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(str(V), "LANG=C");
    EXPECT_EQ(code(gAPI->GetJobEnvironment(ctx(), F, G, 2, 0, &V)),
              NEVERC_STATUS_NOT_FOUND);
    auto File = hdr<NevercJobFile>();
    EXPECT_EQ(code(gAPI->GetJobInput(ctx(), F, G, 1, 0, &File)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(str(File.Path), "a.c");
    EXPECT_EQ(File.Type, NEVERC_DRIVER_TYPE_C);
    EXPECT_EQ(code(gAPI->GetJobOutput(ctx(), F, G, 2, 0, &File)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(str(File.Path), "a.out");
    EXPECT_EQ(File.Type, NEVERC_DRIVER_TYPE_IMAGE);
    EXPECT_EQ(code(gAPI->GetJobOutput(ctx(), F, G, 2, 1, &File)),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->GetJobInput(ctx(), F, G, 7, 0, &File)),
              NEVERC_STATUS_NOT_FOUND);
    File.Header.Major = 3;
    EXPECT_EQ(code(gAPI->GetJobInput(ctx(), F, G, 1, 0, &File)),
              NEVERC_STATUS_ABI_MISMATCH);
    NevercHandle M{};
    EXPECT_EQ(code(gAPI->BeginJobGraphMutation(ctx(), F, nullptr, G, &M)),
              NEVERC_STATUS_POLICY_VIOLATION);
    EXPECT_EQ(code(gAPI->CreateJobGraphBuilder(ctx(), F, F->Input, &M)),
              NEVERC_STATUS_POLICY_VIOLATION);
    return okStatus();
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return observe(R, C, JOBS, &Obs); }),
            NEVERC_STATUS_OK);
  ActionGraph A = builtActions();
  JobGraph J;
  ASSERT_EQ(D->runBuildJobs(*T, A, J, jobsStep()).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(After, 1);
}

NevercJobDescriptor pluginJobDesc(std::vector<NevercStringView> &Args) {
  auto D = hdr<NevercJobDescriptor>();
  D.Kind = NEVERC_JOB_PLUGIN;
  D.CallbackID = s("org.test.job");
  D.Callback = pluginJob;
  D.Arguments = list(Args);
  return D;
}

TEST_F(DriverDomainTest, JobInterceptorInsertsPluginJob) {
  Icp = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
            NevercPhaseResult *) {
    NevercPhaseResult Down = freshResult();
    EXPECT_EQ(code(C->InvokeNext(C, F, &Down)), NEVERC_STATUS_OK);
    NevercHandle M{};
    EXPECT_EQ(code(gAPI->BeginJobGraphMutation(ctx(), F, C, Down.Output, &M)),
              NEVERC_STATUS_OK);
    std::vector<NevercStringView> Args{s("x")};
    NevercJobDescriptor Desc = pluginJobDesc(Args);
    uint64_t New = 0;
    EXPECT_EQ(code(gAPI->AddJob(ctx(), M, &Desc, &New)), NEVERC_STATUS_OK);
    EXPECT_EQ(New, 3u);
    std::vector<uint64_t> Deps{1, New};
    EXPECT_EQ(code(gAPI->ReplaceJobDependencies(ctx(), M, 2, jids(Deps))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->ReplaceJobDependencies(ctx(), M, 42, jids(Deps))),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->MoveJobBefore(ctx(), M, New, 2)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->MoveJobBefore(ctx(), M, 42, 2)),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->SetJobArgument(ctx(), M, 1, 2, s("b.c"))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetJobArgument(ctx(), M, 1, 5, s("b.c"))),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->SetJobEnvironment(ctx(), M, 1, 0, s("LANG=en"))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetJobEnvironment(ctx(), M, 2, 0, s("LANG=en"))),
              NEVERC_STATUS_NOT_FOUND);
    auto File = hdr<NevercJobFile>();
    File.Path = s("b.c");
    File.Type = NEVERC_DRIVER_TYPE_C;
    EXPECT_EQ(code(gAPI->SetJobInput(ctx(), M, 1, 0, &File)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetJobInput(ctx(), M, 1, 1, &File)),
              NEVERC_STATUS_NOT_FOUND);
    File.Path = s("b.o");
    File.Type = NEVERC_DRIVER_TYPE_OBJECT;
    EXPECT_EQ(code(gAPI->SetJobOutput(ctx(), M, 1, 0, &File)),
              NEVERC_STATUS_OK);
    File.Type = 99;
    EXPECT_EQ(code(gAPI->SetJobOutput(ctx(), M, 1, 0, &File)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->SetJobOutput(ctx(), M, 1, 0, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    std::vector<NevercStringView> Args2{s("y"), s("z")};
    NevercJobDescriptor Desc2 = pluginJobDesc(Args2);
    EXPECT_EQ(code(gAPI->ReplaceJob(ctx(), M, New, &Desc2)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->ReplaceJob(ctx(), M, 42, &Desc2)),
              NEVERC_STATUS_NOT_FOUND);
    Desc2.Callback = nullptr;
    EXPECT_EQ(code(gAPI->AddJob(ctx(), M, &Desc2, &New)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    Desc2.Callback = pluginJob;
    Desc2.Kind = 0;
    EXPECT_EQ(code(gAPI->AddJob(ctx(), M, &Desc2, &New)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->RemoveJob(ctx(), M, 42)), NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->CommitJobGraphMutation(ctx(), M)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->RemoveJob(ctx(), M, 1)), NEVERC_STATUS_STALE_HANDLE);
    // A dependency cycle is rejected atomically.
    EXPECT_EQ(code(gAPI->BeginJobGraphMutation(ctx(), F, C, Down.Output, &M)),
              NEVERC_STATUS_OK);
    std::vector<uint64_t> Cycle{2};
    EXPECT_EQ(code(gAPI->ReplaceJobDependencies(ctx(), M, 1, jids(Cycle))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CommitJobGraphMutation(ctx(), M)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    // So is removing a job others depend on (unknown dependency).
    EXPECT_EQ(code(gAPI->BeginJobGraphMutation(ctx(), F, C, Down.Output, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->RemoveJob(ctx(), M, 3)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CommitJobGraphMutation(ctx(), M)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    EXPECT_EQ(code(gAPI->AbortJobGraphEdit(ctx(), M)),
              NEVERC_STATUS_STALE_HANDLE);
    EXPECT_EQ(code(gAPI->BeginJobGraphMutation(ctx(), F, C, Down.Output, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortJobGraphEdit(ctx(), M)), NEVERC_STATUS_OK);
    return okStatus();
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return intercept(R, C, JOBS, &Icp); }),
            NEVERC_STATUS_OK);
  ActionGraph A = builtActions();
  JobGraph J;
  PhaseReport Rep;
  ASSERT_EQ(D->runBuildJobs(*T, A, J, jobsStep(), &Rep).Code, NEVERC_STATUS_OK);
  EXPECT_TRUE(Rep.Mutated);
  ASSERT_EQ(J.Jobs.size(), 3u);
  EXPECT_EQ(J.Jobs[0].Id, 1u);
  EXPECT_EQ(J.Jobs[1].Id, 3u);
  EXPECT_EQ(J.Jobs[2].Id, 2u);
  EXPECT_EQ(J.Jobs[0].Arguments[2], "b.c");
  EXPECT_EQ(J.Jobs[0].Environment[0], "LANG=en");
  EXPECT_EQ(J.Jobs[0].Outputs[0].Path, "b.o");
  EXPECT_EQ(J.Jobs[2].Dependencies, (std::vector<uint64_t>{1, 3}));
  EXPECT_EQ(J.Jobs[1].Kind, NEVERC_JOB_PLUGIN);
  EXPECT_EQ(J.Jobs[1].Arguments, (std::vector<std::string>{"y", "z"}));
  EXPECT_TRUE(Sink.contains("dependency cycle"));
  EXPECT_TRUE(Sink.contains("unknown job"));
  EXPECT_EQ(executionOrder(J), (std::vector<size_t>{0, 1, 2}));
  // The ready-made built-in runs the plugin job's callback.
  JobResult R;
  gPluginJobRuns = 0;
  EXPECT_EQ(D->executePluginJob(*T, J.Jobs[1], R).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(gPluginJobRuns, 1);
  EXPECT_EQ(gPluginJobArgs, (std::vector<std::string>{"y", "z"}));
  EXPECT_EQ(R.Job, 3u);
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_EQ(D->executePluginJob(*T, J.Jobs[0], R).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
}

TEST_F(DriverDomainTest, JobProviderBuildsPlanWithoutBuiltin) {
  Prov = [&](const NevercPhaseFrame *F, NevercPhaseResult *R) {
    NevercHandle Bld{};
    EXPECT_EQ(code(gAPI->CreateJobGraphBuilder(ctx(), F, F->Input, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->CreateJobGraphBuilder(ctx(), F, F->CurrentOutput,
                                               &Bld)),
              NEVERC_STATUS_WRONG_TYPE);
    EXPECT_EQ(code(gAPI->CreateJobGraphBuilder(ctx(), F, F->Input, &Bld)),
              NEVERC_STATUS_OK);
    auto Desc = hdr<NevercJobDescriptor>();
    Desc.Kind = NEVERC_JOB_COMMAND;
    Desc.Executable = s("/bin/true");
    Desc.SourceAction = 3;
    uint64_t A = 0, L = 0;
    EXPECT_EQ(code(gAPI->AddJob(ctx(), Bld, &Desc, &A)), NEVERC_STATUS_OK);
    std::vector<uint64_t> Deps{A};
    Desc.Kind = NEVERC_JOB_LINKER;
    Desc.Dependencies = jids(Deps);
    EXPECT_EQ(code(gAPI->AddJob(ctx(), Bld, &Desc, &L)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->RemoveJob(ctx(), Bld, L)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AddJob(ctx(), Bld, &Desc, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    NevercArtifactHandle G{};
    EXPECT_EQ(code(gAPI->PublishJobGraph(ctx(), F, Bld, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->PublishJobGraph(ctx(), F, Bld, &G)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->PublishJobGraph(ctx(), F, Bld, &G)),
              NEVERC_STATUS_STALE_HANDLE);
    NevercHandle B2{};
    EXPECT_EQ(code(gAPI->CreateJobGraphBuilder(ctx(), F, F->Input, &B2)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortJobGraphEdit(ctx(), B2)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CreateJobGraphBuilder(ctx(), F, F->Input, &B2)),
              NEVERC_STATUS_OK);
    Desc.Dependencies = jids({});
    Desc.SourceAction = 999; // not an action of the input graph
    EXPECT_EQ(code(gAPI->AddJob(ctx(), B2, &Desc, &L)), NEVERC_STATUS_OK);
    NevercArtifactHandle G2{};
    EXPECT_EQ(code(gAPI->PublishJobGraph(ctx(), F, B2, &G2)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    return replaceWith(R, G);
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return provide(R, C, JOBS, &Prov); }),
            NEVERC_STATUS_OK);
  ActionGraph A = builtActions();
  JobGraph J;
  PhaseReport Rep;
  ASSERT_EQ(D->runBuildJobs(*T, A, J, jobsStep(), &Rep).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(B.Jobs, 0);
  EXPECT_TRUE(Rep.ByPlugin);
  ASSERT_EQ(J.Jobs.size(), 1u);
  EXPECT_EQ(J.Jobs[0].Executable, "/bin/true");
  EXPECT_TRUE(Sink.contains("source action 999"));
}

//===--- Phase 6: execution -----------------------------------------------===//

TEST_F(DriverDomainTest, ExecuteInterceptorReadsRequestAndCallsNextOnce) {
  int After = 0;
  Obs = [&](const NevercPhaseFrame *F, NevercObserverPoint P) {
    if (P != NEVERC_OBSERVER_AFTER)
      return okStatus();
    ++After;
    auto R = hdr<NevercJobResult>();
    EXPECT_EQ(code(gAPI->GetJobResult(ctx(), F, F->CurrentOutput, &R)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(R.BuiltinProviderUsed, NEVERC_TRUE);
    EXPECT_EQ(R.HasProcessStatistics, NEVERC_TRUE);
    EXPECT_EQ(R.TotalTimeMicroseconds, 10u);
    EXPECT_EQ(code(gAPI->GetJobResult(ctx(), F, F->Input, &R)),
              NEVERC_STATUS_WRONG_TYPE);
    R.Header.StructSize = 40;
    EXPECT_EQ(code(gAPI->GetJobResult(ctx(), F, F->CurrentOutput, &R)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    auto Desc = hdr<NevercJobResultDescriptor>();
    NevercArtifactHandle Out{};
    EXPECT_EQ(code(gAPI->CreateJobResult(ctx(), F, F->Input, &Desc, &Out)),
              NEVERC_STATUS_POLICY_VIOLATION);
    return okStatus();
  };
  Icp = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
            NevercPhaseResult *) {
    auto Req = hdr<NevercJobExecutionRequest>();
    EXPECT_EQ(code(gAPI->GetJobExecutionRequest(ctx(), F, F->Input, &Req)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(Req.Job.Job, 1u);
    EXPECT_EQ(Req.Job.Kind, NEVERC_JOB_FRONTEND);
    EXPECT_EQ(Req.Arguments.Count, 5u);
    EXPECT_EQ(str(Req.Arguments.Data[0]), "-cc1");
    EXPECT_EQ(Req.Environment.Count, 1u);
    EXPECT_EQ(Req.Inputs.Count, 1u);
    EXPECT_EQ(str(Req.Inputs.Data[0].Path), "a.c");
    EXPECT_EQ(Req.Outputs.Count, 1u);
    EXPECT_EQ(Req.Outputs.Data[0].Type, NEVERC_DRIVER_TYPE_OBJECT);
    EXPECT_EQ(Req.Dependencies.Count, 0u);
    EXPECT_EQ(code(gAPI->GetJobExecutionRequest(ctx(), F, F->Input, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    NevercPhaseResult Down = freshResult();
    EXPECT_EQ(code(C->InvokeNext(C, F, &Down)), NEVERC_STATUS_OK);
    auto R = hdr<NevercJobResult>();
    EXPECT_EQ(code(gAPI->GetJobResult(ctx(), F, Down.Output, &R)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(R.Job, 1u);
    EXPECT_EQ(R.ExitCode, 0);
    EXPECT_EQ(code(gAPI->GetJobExecutionRequest(ctx(), F, Down.Output, &Req)),
              NEVERC_STATUS_WRONG_TYPE);
    return okStatus();
  };
  ASSERT_EQ(start([&](auto *R, void *C) {
              NevercStatus St = observe(R, C, EXEC, &Obs);
              return isOk(St) ? intercept(R, C, EXEC, &Icp) : St;
            }),
            NEVERC_STATUS_OK);
  JobGraph J = builtJobs();
  JobResult R;
  ASSERT_EQ(D->runExecuteJob(*T, J.Jobs[0], execStep(), R).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(B.Exec, 1);
  EXPECT_EQ(After, 1);
  EXPECT_TRUE(R.BuiltinProviderUsed);
}

TEST_F(DriverDomainTest, ExecuteReplacementBypassesBuiltinForNoOutputJob) {
  Prov = [&](const NevercPhaseFrame *F, NevercPhaseResult *R) {
    auto Desc = hdr<NevercJobResultDescriptor>();
    Desc.ExitCode = 0;
    Desc.HasProcessStatistics = NEVERC_TRUE;
    Desc.TotalTimeMicroseconds = 5;
    Desc.UserTimeMicroseconds = 3;
    Desc.PeakMemoryKiB = 1024;
    Desc.ErrorMessage = s("");
    NevercArtifactHandle Out{};
    EXPECT_EQ(code(gAPI->CreateJobResult(ctx(), F, F->Input, &Desc, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->CreateJobResult(ctx(), F, F->CurrentOutput, &Desc,
                                         &Out)),
              NEVERC_STATUS_WRONG_TYPE);
    EXPECT_EQ(code(gAPI->CreateJobResult(ctx(), F, F->Input, &Desc, &Out)),
              NEVERC_STATUS_OK);
    auto Res = hdr<NevercJobResult>();
    EXPECT_EQ(code(gAPI->GetJobResult(ctx(), F, Out, &Res)), NEVERC_STATUS_OK);
    EXPECT_EQ(Res.BuiltinProviderUsed, NEVERC_FALSE);
    EXPECT_EQ(Res.OutputSealCount, 0u);
    return replaceWith(R, Out);
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return provide(R, C, EXEC, &Prov); }),
            NEVERC_STATUS_OK);
  JobModel Job;
  Job.Id = 9;
  Job.Kind = NEVERC_JOB_FRONTEND;
  Job.Executable = "/usr/bin/neverc";
  Job.Arguments = {"-cc1", "-fsyntax-only", "a.c"};
  JobResult R;
  PhaseReport Rep;
  ASSERT_EQ(D->runExecuteJob(*T, Job, execStep(), R, &Rep).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(B.Exec, 0);
  EXPECT_TRUE(Rep.ByPlugin);
  EXPECT_FALSE(R.BuiltinProviderUsed);
  EXPECT_EQ(R.Job, 9u);
  EXPECT_EQ(R.PeakMemoryKiB, 1024u);
}

TEST_F(DriverDomainTest, ReplacementCannotClaimStalePreExistingOutput) {
  std::filesystem::path Stale =
      std::filesystem::temp_directory_path() / "neverc-driver-unit-stale.o";
  { std::ofstream(Stale) << "old"; }
  bool ReportFailure = false;
  Prov = [&](const NevercPhaseFrame *F, NevercPhaseResult *R) {
    auto Desc = hdr<NevercJobResultDescriptor>();
    NevercArtifactHandle Out{};
    NevercOutputSealHandle Seal{1, 1};
    Desc.OutputSeals = {&Seal, 1, sizeof Seal};
    EXPECT_EQ(code(gAPI->CreateJobResult(ctx(), F, F->Input, &Desc, &Out)),
              NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    Desc.OutputSeals = {};
    if (ReportFailure) {
      Desc.ExecutionFailed = NEVERC_TRUE;
      Desc.ExitCode = 1;
      Desc.ErrorMessage = s("tool crashed");
      EXPECT_EQ(code(gAPI->CreateJobResult(ctx(), F, F->Input, &Desc, &Out)),
                NEVERC_STATUS_OK);
      return replaceWith(R, Out);
    }
    NevercStatus St = gAPI->CreateJobResult(ctx(), F, F->Input, &Desc, &Out);
    EXPECT_EQ(St.Code, NEVERC_STATUS_VERIFICATION_FAILED);
    return St;
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return provide(R, C, EXEC, &Prov); }),
            NEVERC_STATUS_OK);
  JobModel Job;
  Job.Id = 4;
  Job.Kind = NEVERC_JOB_FRONTEND;
  Job.Executable = "/usr/bin/neverc";
  Job.Outputs = {{Stale.string(), NEVERC_DRIVER_TYPE_OBJECT}};
  JobResult R;
  EXPECT_EQ(D->runExecuteJob(*T, Job, execStep(), R).Code,
            NEVERC_STATUS_VERIFICATION_FAILED);
  EXPECT_TRUE(Sink.contains("without an output seal"));
  EXPECT_TRUE(Sink.contains("source domain"));
  EXPECT_EQ(B.Exec, 0);
  // A failure report claims nothing and is accepted (rule 14).
  ReportFailure = true;
  EXPECT_EQ(D->runExecuteJob(*T, Job, execStep(), R).Code, NEVERC_STATUS_OK);
  EXPECT_TRUE(R.ExecutionFailed);
  EXPECT_EQ(R.ErrorMessage, "tool crashed");
  std::filesystem::remove(Stale);
}

} // namespace
