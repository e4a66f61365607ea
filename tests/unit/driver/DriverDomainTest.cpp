//===- DriverDomainTest.cpp - NevercDriverAPI through the C ABI ------------===//
//
// In-process plugin entries negotiate NevercDriverAPI through
// Core->QueryInterface and call its slots from observer, interceptor and
// provider callbacks while the DriverDomain phase runners execute.
//
//===----------------------------------------------------------------------===//
#include "neverc/driver/DriverDomain.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>

using namespace neverc;
using namespace neverc::core;
using namespace neverc::driver;
using namespace neverc::driver::api;

namespace {

//===--- Plugin harness ---------------------------------------------------===//

constexpr NevercInterfaceID DriverID{NEVERC_INTERFACE_DRIVER_HIGH,
                                     NEVERC_INTERFACE_DRIVER_LOW};

using RegisterFn = std::function<NevercStatus(const NevercRegistrarAPI *, void *)>;
RegisterFn gOnRegister;
const NevercDriverAPI *gAPI = nullptr;
uint64_t gTableSize = 0;
uint16_t gTableMinor = 99;
std::string gPluginID = "org.test.driver";

NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                        const NevercRegistrarAPI *R,
                                        void *RC, void *) {
  const void *T = nullptr;
  NevercStatus S = Core->QueryInterface(Core->Context, DriverID,
                                        NEVERC_DRIVER_API_MAJOR,
                                        NEVERC_DRIVER_API_MINOR, &T,
                                        &gTableMinor, &gTableSize);
  if (!isOk(S))
    return S;
  gAPI = static_cast<const NevercDriverAPI *>(T);
  return gOnRegister ? gOnRegister(R, RC) : okStatus();
}

NevercStatus NEVERC_CALL entry(const NevercBootstrapAPI *,
                               NevercPluginDescriptor *Out) {
  NevercPluginDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.PluginID = cview(gPluginID);
  D.DisplayName = cview(gPluginID);
  D.Version = {1, 0, 0, 0, {}, {}};
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.Register = registerPlugin;
  uint32_t Cap = Out->Header.StructSize;
  std::memcpy(Out, &D, std::min<size_t>(Cap, sizeof D));
  Out->Header.StructSize = sizeof D;
  return okStatus();
}

using ObserverFn =
    std::function<NevercStatus(const NevercPhaseFrame *, NevercObserverPoint)>;
using InterceptorFn = std::function<NevercStatus(
    const NevercPhaseFrame *, NevercPhaseContinuation *, NevercPhaseResult *)>;
using ProviderFn =
    std::function<NevercStatus(const NevercPhaseFrame *, NevercPhaseResult *)>;

NevercStatus NEVERC_CALL observerTramp(const NevercPhaseFrame *F,
                                       NevercObserverPoint P, void *UD) {
  return (*static_cast<ObserverFn *>(UD))(F, P);
}
NevercStatus NEVERC_CALL interceptorTramp(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *UD) {
  return (*static_cast<InterceptorFn *>(UD))(F, C, R);
}
NevercStatus NEVERC_CALL providerTramp(const NevercPhaseFrame *F,
                                       NevercPhaseResult *R, void *UD) {
  return (*static_cast<ProviderFn *>(UD))(F, R);
}

NevercInterfaceID phaseID(uint64_t Low) {
  return NevercInterfaceID{NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_HIGH, Low};
}
constexpr uint64_t RAW = 1, PARSED = 2, TOOLCHAIN = 3, ACTIONS = 4, JOBS = 5,
                   EXEC = 6;

NevercStatus observe(const NevercRegistrarAPI *R, void *C, uint64_t Phase,
                     ObserverFn *Fn) {
  NevercObserverDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Phase = phaseID(Phase);
  D.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  D.Callback = observerTramp;
  D.UserData = Fn;
  return R->RegisterObserver(C, &D);
}
NevercStatus intercept(const NevercRegistrarAPI *R, void *C, uint64_t Phase,
                       InterceptorFn *Fn) {
  NevercInterceptorDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Phase = phaseID(Phase);
  D.Callback = interceptorTramp;
  D.UserData = Fn;
  return R->RegisterInterceptor(C, &D);
}
NevercStatus provide(const NevercRegistrarAPI *R, void *C, uint64_t Phase,
                     ProviderFn *Fn) {
  NevercProviderDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Phase = phaseID(Phase);
  D.ProviderID = cview("org.test.provider");
  D.Route.Header = {sizeof(NevercPhaseRoute), NEVERC_PLUGIN_ABI_MAJOR,
                    NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Callback = providerTramp;
  D.UserData = Fn;
  return R->RegisterProvider(C, &D);
}

//===--- Shorthands for plugin code ---------------------------------------===//

void *ctx() { return gAPI->Context; }
NevercStringView s(const char *T) { return NevercStringView{T, std::strlen(T)}; }
std::string str(NevercStringView V) { return std::string(V.Data, V.Length); }
template <class S> S hdr() {
  S V{};
  V.Header = {sizeof(S), NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR, 0};
  return V;
}
NevercStringList list(const std::vector<NevercStringView> &V) {
  return NevercStringList{V.data(), V.size(), sizeof(NevercStringView)};
}
NevercActionNodeIDList ids(const std::vector<uint64_t> &V) {
  return NevercActionNodeIDList{V.data(), V.size(), sizeof(uint64_t)};
}
NevercJobIDList jids(const std::vector<uint64_t> &V) {
  return NevercJobIDList{V.data(), V.size(), sizeof(uint64_t)};
}
NevercStatusCode code(NevercStatus S) { return S.Code; }
NevercPhaseResult freshResult() {
  NevercPhaseResult R{};
  R.Header = {sizeof R, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  return R;
}
NevercStatus replaceWith(NevercPhaseResult *R, NevercArtifactHandle A) {
  R->Action = NEVERC_PHASE_REPLACE;
  R->Output = A;
  return okStatus();
}
NevercStatus continueAfter(const NevercPhaseFrame *F,
                           NevercPhaseContinuation *C) {
  NevercPhaseResult Down = freshResult();
  return C->InvokeNext(C, F, &Down);
}

//===--- Sample models and built-ins --------------------------------------===//

RawArguments sampleArgv() {
  RawArguments A;
  A.Entries = {{"neverc", NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE, "", 0},
               {"-O2", NEVERC_ARGUMENT_ORIGIN_CONFIGURATION, "/etc/neverc.cfg", 0},
               {"-c", NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE, "", 1},
               {"a.c", NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE, "", 2}};
  return A;
}

ParsedArguments sampleParsed() {
  ParsedArguments P;
  P.Occurrences = {{1, "-O", {"2"}, NEVERC_ARGUMENT_ORIGIN_CONFIGURATION},
                   {2, "-c", {}, NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE},
                   {3, "", {"a.c"}, NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE}};
  return P;
}

ToolChainRequest sampleRequest() {
  ToolChainRequest R;
  R.ComputedTriple = "x86_64-pc-linux-gnu";
  R.CPU = "x86-64";
  R.Features = {"+sse2"};
  return R;
}

struct Builtins {
  int Select = 0, Actions = 0, Jobs = 0, Exec = 0;
  NevercStatus select(const ToolChainRequest &R, ToolChainSelection &S) {
    ++Select;
    S.TargetTriple =
        R.RequestedTriple.empty() ? R.ComputedTriple : R.RequestedTriple;
    S.ToolChainID = std::string(toolChainIDForTriple(S.TargetTriple));
    S.TargetKey = S.TargetTriple;
    S.CPU = R.CPU;
    S.Features = R.Features;
    return okStatus();
  }
  NevercStatus actions(ActionGraph &G) {
    ++Actions;
    G.Nodes = {{1, NEVERC_ACTION_INPUT, NEVERC_DRIVER_TYPE_C, 1, "", {}},
               {2, NEVERC_ACTION_COMPILE, NEVERC_DRIVER_TYPE_PP_ASM, 0, "", {1}},
               {3, NEVERC_ACTION_ASSEMBLE, NEVERC_DRIVER_TYPE_OBJECT, 0, "", {2}},
               {4, NEVERC_ACTION_LINK, NEVERC_DRIVER_TYPE_IMAGE, 0, "", {3}}};
    G.Roots = {4};
    return okStatus();
  }
  NevercStatus jobs(const ActionGraph &, JobGraph &J) {
    ++Jobs;
    JobModel Cc;
    Cc.Id = 1;
    Cc.Kind = NEVERC_JOB_FRONTEND;
    Cc.InProcess = true;
    Cc.SourceAction = 3;
    Cc.Executable = "/usr/bin/neverc";
    Cc.Arguments = {"-cc1", "-emit-obj", "a.c", "-o", "a.o"};
    Cc.Environment = {"LANG=C"};
    Cc.Inputs = {{"a.c", NEVERC_DRIVER_TYPE_C}};
    Cc.Outputs = {{"a.o", NEVERC_DRIVER_TYPE_OBJECT}};
    JobModel Ld;
    Ld.Id = 2;
    Ld.Kind = NEVERC_JOB_LINKER;
    Ld.SourceAction = 4;
    Ld.LinkerFlavor = NEVERC_LINKER_FLAVOR_GNU;
    Ld.ResponseFileKind = NEVERC_RESPONSE_FILE_FULL;
    Ld.Executable = "/usr/bin/ld";
    Ld.Arguments = {"a.o", "-o", "a.out"};
    Ld.Inputs = {{"a.o", NEVERC_DRIVER_TYPE_OBJECT}};
    Ld.Outputs = {{"a.out", NEVERC_DRIVER_TYPE_IMAGE}};
    Ld.Dependencies = {1};
    J.Jobs = {Cc, Ld};
    return okStatus();
  }
  NevercStatus exec(const JobModel &, JobResult &R) {
    ++Exec;
    R.ExitCode = 0;
    R.HasProcessStatistics = true;
    R.TotalTimeMicroseconds = 10;
    return okStatus();
  }
};

ActionGraph sampleInputs() {
  ActionGraph G;
  G.Inputs = {{1, NEVERC_DRIVER_TYPE_C, "a.c"}};
  return G;
}

int gPluginJobRuns = 0;
std::vector<std::string> gPluginJobArgs;
NevercStatus NEVERC_CALL pluginJob(const NevercPluginJobContext *C,
                                   int32_t *Exit, void *UD) {
  ++gPluginJobRuns;
  gPluginJobArgs.clear();
  for (uint64_t I = 0; I < C->Arguments.Count; ++I)
    gPluginJobArgs.push_back(str(C->Arguments.Data[I]));
  *Exit = UD ? 7 : 0;
  return okStatus();
}

//===--- Fixture ----------------------------------------------------------===//

class DriverDomainTest : public ::testing::Test {
protected:
  CollectingDiagnosticSink Sink;
  std::unique_ptr<Host> H;
  std::unique_ptr<DriverDomain> D;
  Session *S = nullptr;
  Task *T = nullptr;
  Builtins B;
  ObserverFn Obs;
  InterceptorFn Icp;
  ProviderFn Prov;

  void SetUp() override {
    gOnRegister = nullptr;
    gAPI = nullptr;
    gTableSize = 0;
    HostConfig C;
    C.Diagnostics = &Sink;
    H = std::make_unique<Host>(C);
    D = std::make_unique<DriverDomain>(*H);
  }
  void TearDown() override {
    H.reset(); // shutdown first: the domain outlives the host's sessions
    D.reset();
  }

  /// One plugin whose Register runs \p R; initialized; a session and task.
  NevercStatusCode start(RegisterFn R, bool Load = true) {
    gOnRegister = std::move(R);
    if (Load) {
      NevercStatus L = H->loadPluginEntry(entry, "driver-test");
      if (!isOk(L))
        return L.Code;
    }
    NevercStatus I = H->initialize();
    if (!isOk(I))
      return I.Code;
    EXPECT_EQ(H->beginSession(&S).Code, NEVERC_STATUS_OK);
    EXPECT_EQ(S->beginTask(NEVERC_TASK_INVOCATION, &T).Code, NEVERC_STATUS_OK);
    return NEVERC_STATUS_OK;
  }

  SelectToolChainStep selectStep() {
    SelectToolChainStep St;
    St.Run = [](void *C, const ToolChainRequest &R, ToolChainSelection &Sel) {
      return static_cast<Builtins *>(C)->select(R, Sel);
    };
    St.Ctx = &B;
    return St;
  }
  BuildActionsStep actionsStep() {
    BuildActionsStep St;
    St.Run = [](void *C, ActionGraph &G) {
      return static_cast<Builtins *>(C)->actions(G);
    };
    St.Ctx = &B;
    return St;
  }
  BuildJobsStep jobsStep() {
    BuildJobsStep St;
    St.Run = [](void *C, const ActionGraph &A, JobGraph &J) {
      return static_cast<Builtins *>(C)->jobs(A, J);
    };
    St.Ctx = &B;
    return St;
  }
  ExecuteJobStep execStep() {
    ExecuteJobStep St;
    St.Run = [](void *C, const JobModel &J, JobResult &R) {
      return static_cast<Builtins *>(C)->exec(J, R);
    };
    St.Ctx = &B;
    return St;
  }
  ActionGraph builtActions() {
    ActionGraph G = sampleInputs();
    B.actions(G);
    B.Actions = 0;
    return G;
  }
  JobGraph builtJobs() {
    JobGraph J;
    B.jobs(ActionGraph(), J);
    B.Jobs = 0;
    return J;
  }
};

//===--- Publication ------------------------------------------------------===//

TEST_F(DriverDomainTest, PublishesDriverAPI10With67Slots) {
  EXPECT_EQ(D->publishStatus().Code, NEVERC_STATUS_OK);
  const void *Table = nullptr;
  uint16_t Minor = 9;
  uint64_t Size = 0;
  ASSERT_EQ(H->interfaces().query(DriverID, 1, 0, &Table, &Minor, &Size).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Size, 560u);
  EXPECT_EQ(Minor, 0u);
  EXPECT_EQ(Table, &D->table());
  const auto *API = static_cast<const NevercDriverAPI *>(Table);
  EXPECT_EQ(API->Header.StructSize, 560u);
  EXPECT_EQ(API->Header.Major, 1u);
  EXPECT_NE(API->Context, nullptr);
  void *Slots[67];
  std::memcpy(Slots, reinterpret_cast<const char *>(API) + 24, sizeof Slots);
  for (int I = 0; I < 67; ++I)
    EXPECT_NE(Slots[I], nullptr) << "slot " << I + 1;
  EXPECT_EQ(H->interfaces().query(DriverID, 1, 1, &Table, &Minor, &Size).Code,
            NEVERC_STATUS_VERSION_MISMATCH);
  // A plugin negotiates the same table.
  ASSERT_EQ(start(nullptr), NEVERC_STATUS_OK);
  EXPECT_EQ(gAPI, API);
  EXPECT_EQ(gTableSize, 560u);
  EXPECT_EQ(gTableMinor, 0u);
}

//===--- Zero cost without registrations ----------------------------------===//

TEST_F(DriverDomainTest, NoRegistrationRunsBuiltinsWithoutArtifacts) {
  ASSERT_EQ(start(nullptr, /*Load=*/false), NEVERC_STATUS_OK);
  PhaseReport Rep;
  RawArguments A = sampleArgv();
  EXPECT_EQ(D->runRawArguments(*T, A, &Rep).Code, NEVERC_STATUS_OK);
  EXPECT_FALSE(Rep.Observed);
  EXPECT_EQ(A.Entries.size(), 4u);
  ParsedArguments P = sampleParsed();
  EXPECT_EQ(D->runParsedArguments(*T, P).Code, NEVERC_STATUS_OK);
  const ToolChainRequest Req = sampleRequest();
  ToolChainSelection Sel;
  EXPECT_EQ(D->runSelectToolChain(*T, Req, Sel, selectStep()).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(B.Select, 1);
  EXPECT_EQ(Sel.TargetTriple, "x86_64-pc-linux-gnu");
  EXPECT_EQ(Sel.ToolChainID, NEVERC_TOOLCHAIN_ID_LINUX);
  EXPECT_TRUE(Sel.BuiltinProviderUsed);
  ActionGraph G = sampleInputs();
  EXPECT_EQ(D->runBuildActions(*T, G, actionsStep()).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(B.Actions, 1);
  EXPECT_EQ(G.Nodes.size(), 4u);
  JobGraph J;
  EXPECT_EQ(D->runBuildJobs(*T, G, J, jobsStep()).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(B.Jobs, 1);
  EXPECT_EQ(J.Jobs.size(), 2u);
  JobResult R;
  R.Job = 77;
  EXPECT_EQ(D->runExecuteJob(*T, J.Jobs[0], execStep(), R).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(B.Exec, 1);
  EXPECT_EQ(R.Job, 1u);
  EXPECT_TRUE(R.BuiltinProviderUsed);
  // Nothing was tracked and the task's artifact table was never touched:
  // the first artifact ever created gets slot 0, generation 1.
  EXPECT_EQ(D->trackedTaskCount(), 0u);
  NevercArtifactHandle First = T->createArtifact(NevercInterfaceID{1, 1}, &R);
  EXPECT_EQ(decodeHandle(First).Slot, 0u);
  EXPECT_EQ(decodeHandle(First).Generation, 1u);
  // The host verifier still gates the unobserved path.
  SelectToolChainStep Bad;
  auto BadFn = [](const ToolChainRequest &, ToolChainSelection &S) {
    S.TargetTriple = "bogus-unknown-triple";
    return okStatus();
  };
  Bad = SelectToolChainStep::of(BadFn);
  EXPECT_EQ(D->runSelectToolChain(*T, Req, Sel, Bad).Code,
            NEVERC_STATUS_VERIFICATION_FAILED);
  EXPECT_TRUE(Sink.contains("unknown target triple"));
}

//===--- Phase 1: raw arguments -------------------------------------------===//

TEST_F(DriverDomainTest, RawObserverSeesOriginsAndCannotMutate) {
  int Calls = 0;
  NevercArtifactHandle Old{};
  Obs = [&](const NevercPhaseFrame *F, NevercObserverPoint P) {
    ++Calls;
    NevercArtifactHandle A = P == NEVERC_OBSERVER_BEFORE ? F->Input
                                                         : F->CurrentOutput;
    uint64_t N = 0;
    EXPECT_EQ(code(gAPI->GetArgumentCount(ctx(), F, A, &N)), NEVERC_STATUS_OK);
    EXPECT_EQ(N, 4u);
    NevercStringView V{}, Src{};
    NevercArgumentOrigin O = 9;
    uint64_t Pos = 9;
    EXPECT_EQ(code(gAPI->GetArgument(ctx(), F, A, 1, &V, &O, &Src, &Pos)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(str(V), "-O2");
    EXPECT_EQ(O, NEVERC_ARGUMENT_ORIGIN_CONFIGURATION);
    EXPECT_EQ(str(Src), "/etc/neverc.cfg");
    EXPECT_EQ(Pos, 0u);
    EXPECT_EQ(code(gAPI->GetArgument(ctx(), F, A, 3, &V, nullptr, nullptr,
                                     &Pos)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(Pos, 2u);
    EXPECT_EQ(code(gAPI->GetArgument(ctx(), F, A, 4, &V, &O, &Src, &Pos)),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->GetArgument(ctx(), F, A, 0, nullptr, &O, &Src, &Pos)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->GetArgumentCount(ctx(), F, A, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->GetArgumentCount(ctx(), nullptr, A, &N)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->GetArgumentCount(ctx(), F, NevercArtifactHandle{}, &N)),
              NEVERC_STATUS_WRONG_TYPE);
    EXPECT_EQ(code(gAPI->GetOptionOccurrenceCount(ctx(), F, A, &N)),
              NEVERC_STATUS_WRONG_TYPE);
    if (!isNull(Old) && !(Old == F->Input))
      EXPECT_EQ(code(gAPI->GetArgumentCount(ctx(), F, Old, &N)),
                NEVERC_STATUS_STALE_HANDLE);
    Old = F->Input;
    NevercArgumentMutationHandle M{};
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), F, nullptr, A, &M)),
              NEVERC_STATUS_POLICY_VIOLATION);
    EXPECT_EQ(code(gAPI->InsertArgument(ctx(), M, 0, s("-x"))),
              NEVERC_STATUS_WRONG_TYPE);
    return okStatus();
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return observe(R, C, RAW, &Obs); }),
            NEVERC_STATUS_OK);
  RawArguments A = sampleArgv();
  PhaseReport Rep;
  EXPECT_EQ(D->runRawArguments(*T, A, &Rep).Code, NEVERC_STATUS_OK);
  EXPECT_TRUE(Rep.Observed);
  EXPECT_FALSE(Rep.Mutated);
  EXPECT_EQ(D->runRawArguments(*T, A).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(Calls, 4);
  EXPECT_EQ(D->trackedTaskCount(), 1u);
}

TEST_F(DriverDomainTest, RawInterceptorRewritesEffectiveArguments) {
  Icp = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
            NevercPhaseResult *) {
    NevercArgumentMutationHandle M{};
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->InsertArgument(ctx(), M, 1, s("-DPLUGIN"))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->ReplaceArgument(ctx(), M, 4, s("b.c"))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->EraseArgument(ctx(), M, 3)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->InsertArgument(ctx(), M, 5, s("x"))),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->ReplaceArgument(ctx(), M, 4, s("x"))),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->EraseArgument(ctx(), M, 4)), NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->InsertArgument(ctx(), M, 0,
                                        NevercStringView{nullptr, 3})),
              NEVERC_STATUS_INVALID_ARGUMENT);
    // A handle of another kind.
    EXPECT_EQ(code(gAPI->CommitParsedArgumentMutation(ctx(), M)),
              NEVERC_STATUS_WRONG_TYPE);
    // Not visible before the commit.
    uint64_t N = 0;
    gAPI->GetArgumentCount(ctx(), F, F->Input, &N);
    EXPECT_EQ(N, 4u);
    EXPECT_EQ(code(gAPI->CommitArgumentMutation(ctx(), M)), NEVERC_STATUS_OK);
    gAPI->GetArgumentCount(ctx(), F, F->Input, &N);
    EXPECT_EQ(N, 4u);
    NevercStringView V{};
    NevercArgumentOrigin O = 0;
    gAPI->GetArgument(ctx(), F, F->Input, 1, &V, &O, nullptr, nullptr);
    EXPECT_EQ(str(V), "-DPLUGIN");
    EXPECT_EQ(O, NEVERC_ARGUMENT_ORIGIN_PLUGIN);
    // Closed by the commit.
    EXPECT_EQ(code(gAPI->InsertArgument(ctx(), M, 0, s("x"))),
              NEVERC_STATUS_STALE_HANDLE);
    EXPECT_EQ(code(gAPI->CommitArgumentMutation(ctx(), M)),
              NEVERC_STATUS_STALE_HANDLE);
    EXPECT_EQ(code(gAPI->AbortArgumentMutation(ctx(), M)),
              NEVERC_STATUS_STALE_HANDLE);
    return continueAfter(F, C);
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return intercept(R, C, RAW, &Icp); }),
            NEVERC_STATUS_OK);
  RawArguments A = sampleArgv();
  PhaseReport Rep;
  ASSERT_EQ(D->runRawArguments(*T, A, &Rep).Code, NEVERC_STATUS_OK);
  EXPECT_TRUE(Rep.Mutated);
  ASSERT_EQ(A.Entries.size(), 4u);
  EXPECT_EQ(A.Entries[0].Text, "neverc");
  EXPECT_EQ(A.Entries[1].Text, "-DPLUGIN");
  EXPECT_EQ(A.Entries[1].Origin, NEVERC_ARGUMENT_ORIGIN_PLUGIN);
  EXPECT_EQ(A.Entries[2].Text, "-O2");
  EXPECT_EQ(A.Entries[2].Origin, NEVERC_ARGUMENT_ORIGIN_CONFIGURATION);
  EXPECT_EQ(A.Entries[3].Text, "b.c");
  EXPECT_EQ(A.Entries[3].Origin, NEVERC_ARGUMENT_ORIGIN_PLUGIN);
}

TEST_F(DriverDomainTest, InvalidRawMutationPreservesOriginalArguments) {
  Icp = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
            NevercPhaseResult *) {
    NevercArgumentMutationHandle M{};
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_OK);
    for (int I = 0; I < 4; ++I)
      EXPECT_EQ(code(gAPI->EraseArgument(ctx(), M, 0)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CommitArgumentMutation(ctx(), M)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    EXPECT_EQ(code(gAPI->EraseArgument(ctx(), M, 0)),
              NEVERC_STATUS_STALE_HANDLE);
    // A NUL inside an entry is rejected too.
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->InsertArgument(ctx(), M, 1,
                                        NevercStringView{"a\0b", 3})),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CommitArgumentMutation(ctx(), M)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    // Abort drops staged edits.
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->InsertArgument(ctx(), M, 1, s("-g"))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortArgumentMutation(ctx(), M)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortArgumentMutation(ctx(), M)),
              NEVERC_STATUS_STALE_HANDLE);
    return continueAfter(F, C);
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return intercept(R, C, RAW, &Icp); }),
            NEVERC_STATUS_OK);
  RawArguments A = sampleArgv();
  PhaseReport Rep;
  ASSERT_EQ(D->runRawArguments(*T, A, &Rep).Code, NEVERC_STATUS_OK);
  EXPECT_FALSE(Rep.Mutated);
  ASSERT_EQ(A.Entries.size(), 4u);
  EXPECT_EQ(A.Entries[3].Text, "a.c");
  EXPECT_TRUE(Sink.contains("neverc.driver.verify_raw_arguments"));
  EXPECT_EQ(T->ledger().openCount(), 0u);
}

TEST_F(DriverDomainTest, MutationNeedsTheRunningInterceptorsContinuation) {
  NevercArtifactHandle RawInput{};
  InterceptorFn Raw = [&](const NevercPhaseFrame *F,
                          NevercPhaseContinuation *C, NevercPhaseResult *) {
    RawInput = F->Input;
    NevercArgumentMutationHandle M{};
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), F, nullptr, F->Input, &M)),
              NEVERC_STATUS_WRONG_SCOPE);
    NevercPhaseContinuation Copy = *C; // a foreign continuation
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), F, &Copy, F->Input, &M)),
              NEVERC_STATUS_WRONG_SCOPE);
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), F, C, F->Input, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), nullptr, C, F->Input, &M)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    // Another phase's mutation slot with this phase's continuation.
    EXPECT_EQ(code(gAPI->BeginParsedArgumentMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_WRONG_SCOPE);
    return continueAfter(F, C);
  };
  InterceptorFn Parsed = [&](const NevercPhaseFrame *F,
                             NevercPhaseContinuation *C, NevercPhaseResult *) {
    NevercArgumentMutationHandle M{};
    // Phase 1 is over: its mutation slot is out of scope in phase 2.
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), F, C, RawInput, &M)),
              NEVERC_STATUS_WRONG_SCOPE);
    // The right slot, but an artifact of the wrong type.
    EXPECT_EQ(code(gAPI->BeginParsedArgumentMutation(ctx(), F, C, RawInput, &M)),
              NEVERC_STATUS_STALE_HANDLE);
    return continueAfter(F, C);
  };
  ASSERT_EQ(start([&](auto *R, void *C) {
              NevercStatus St = intercept(R, C, RAW, &Raw);
              return isOk(St) ? intercept(R, C, PARSED, &Parsed) : St;
            }),
            NEVERC_STATUS_OK);
  RawArguments A = sampleArgv();
  ASSERT_EQ(D->runRawArguments(*T, A).Code, NEVERC_STATUS_OK);
  ParsedArguments P = sampleParsed();
  ASSERT_EQ(D->runParsedArguments(*T, P).Code, NEVERC_STATUS_OK);
  // Outside any callback: no scope at all.
  NevercPhaseFrame F{};
  F.Header = {sizeof F, 1, 0, 0};
  F.Task = T->handle();
  F.Session = S->handle();
  NevercArgumentMutationHandle M{};
  EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), &F, nullptr, RawInput, &M)),
            NEVERC_STATUS_WRONG_SCOPE);
}

TEST_F(DriverDomainTest, LeakedMutationIsDiscardedAtPhaseEnd) {
  NevercArgumentMutationHandle Kept{};
  Icp = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
            NevercPhaseResult *) {
    EXPECT_EQ(code(gAPI->BeginArgumentMutation(ctx(), F, C, F->Input, &Kept)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->EraseArgument(ctx(), Kept, 3)), NEVERC_STATUS_OK);
    return continueAfter(F, C);
  };
  ASSERT_EQ(start([&](auto *R, void *C) { return intercept(R, C, RAW, &Icp); }),
            NEVERC_STATUS_OK);
  RawArguments A = sampleArgv();
  ASSERT_EQ(D->runRawArguments(*T, A).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(A.Entries.size(), 4u);
  EXPECT_TRUE(Sink.contains("left a driver edit open"));
  EXPECT_EQ(T->ledger().openCount(), 0u);
  EXPECT_EQ(code(gAPI->CommitArgumentMutation(ctx(), Kept)),
            NEVERC_STATUS_STALE_HANDLE);
  NevercTaskHandle TH = T->handle();
  D->releaseTask(TH); // alive: kept
  EXPECT_EQ(D->trackedTaskCount(), 1u);
  ASSERT_EQ(S->endTask(T).Code, NEVERC_STATUS_OK);
  T = nullptr;
  EXPECT_EQ(code(gAPI->AbortArgumentMutation(ctx(), Kept)),
            NEVERC_STATUS_STALE_HANDLE);
  D->releaseTask(TH);
  EXPECT_EQ(D->trackedTaskCount(), 0u);
}

//===--- Phase 2: parsed arguments ----------------------------------------===//

TEST_F(DriverDomainTest, ParsedInterceptorRewritesStructuredOccurrences) {
  Obs = [&](const NevercPhaseFrame *F, NevercObserverPoint P) {
    if (P != NEVERC_OBSERVER_BEFORE)
      return okStatus();
    uint64_t N = 0;
    EXPECT_EQ(code(gAPI->GetOptionOccurrenceCount(ctx(), F, F->Input, &N)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(N, 3u);
    EXPECT_EQ(code(gAPI->GetOptionOccurrenceCount(ctx(), F, F->Input, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    auto O = hdr<NevercOptionOccurrence>();
    EXPECT_EQ(code(gAPI->GetOptionOccurrence(ctx(), F, F->Input, 0, &O)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(O.Occurrence, 1u);
    EXPECT_EQ(str(O.Spelling), "-O");
    EXPECT_EQ(O.Values.Count, 1u);
    EXPECT_EQ(str(O.Values.Data[0]), "2");
    EXPECT_EQ(O.Origin, NEVERC_ARGUMENT_ORIGIN_CONFIGURATION);
    auto O2 = hdr<NevercOptionOccurrence>();
    EXPECT_EQ(code(gAPI->GetOptionOccurrence(ctx(), F, F->Input, 2, &O2)),
              NEVERC_STATUS_OK);
    // Views from earlier calls stay valid during the callback.
    EXPECT_EQ(str(O.Values.Data[0]), "2");
    EXPECT_EQ(str(O2.Values.Data[0]), "a.c");
    EXPECT_EQ(code(gAPI->GetOptionOccurrence(ctx(), F, F->Input, 3, &O)),
              NEVERC_STATUS_NOT_FOUND);
    O.Header.StructSize = sizeof O - 8;
    EXPECT_EQ(code(gAPI->GetOptionOccurrence(ctx(), F, F->Input, 0, &O)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    O.Header = {sizeof O, 2, 0, 0};
    EXPECT_EQ(code(gAPI->GetOptionOccurrence(ctx(), F, F->Input, 0, &O)),
              NEVERC_STATUS_ABI_MISMATCH);
    EXPECT_EQ(code(gAPI->GetOptionOccurrence(ctx(), F, F->Input, 0, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    return okStatus();
  };
  Icp = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
            NevercPhaseResult *) {
    NevercParsedArgumentMutationHandle M{};
    EXPECT_EQ(code(gAPI->BeginParsedArgumentMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_OK);
    std::vector<NevercStringView> None, Three{s("3")};
    EXPECT_EQ(code(gAPI->AddOptionOccurrence(ctx(), M, s("-Wall"), list(None))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->RemoveOptionOccurrence(ctx(), M, 2)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->ReplaceOptionOccurrence(ctx(), M, 1, s("-O"),
                                                 list(Three))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->RemoveOptionOccurrence(ctx(), M, 99)),
              NEVERC_STATUS_NOT_FOUND);
    EXPECT_EQ(code(gAPI->ReplaceOptionOccurrence(ctx(), M, 99, s("-g"),
                                                 list(None))),
              NEVERC_STATUS_NOT_FOUND);
    NevercStringList Bad{nullptr, 2, sizeof(NevercStringView)};
    EXPECT_EQ(code(gAPI->AddOptionOccurrence(ctx(), M, s("-I"), Bad)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    NevercStringList Short{Three.data(), 1, 4};
    EXPECT_EQ(code(gAPI->AddOptionOccurrence(ctx(), M, s("-I"), Short)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->CommitParsedArgumentMutation(ctx(), M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AddOptionOccurrence(ctx(), M, s("-g"), list(None))),
              NEVERC_STATUS_STALE_HANDLE);
    // A positional without its value is rejected atomically.
    EXPECT_EQ(code(gAPI->BeginParsedArgumentMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AddOptionOccurrence(ctx(), M, s(""), list(None))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CommitParsedArgumentMutation(ctx(), M)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    EXPECT_EQ(code(gAPI->BeginParsedArgumentMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->RemoveOptionOccurrence(ctx(), M, 1)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortParsedArgumentMutation(ctx(), M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortParsedArgumentMutation(ctx(), M)),
              NEVERC_STATUS_STALE_HANDLE);
    return continueAfter(F, C);
  };
  ASSERT_EQ(start([&](auto *R, void *C) {
              NevercStatus St = observe(R, C, PARSED, &Obs);
              return isOk(St) ? intercept(R, C, PARSED, &Icp) : St;
            }),
            NEVERC_STATUS_OK);
  ParsedArguments P = sampleParsed();
  ASSERT_EQ(D->runParsedArguments(*T, P).Code, NEVERC_STATUS_OK);
  ASSERT_EQ(P.Occurrences.size(), 3u);
  EXPECT_EQ(P.Occurrences[0].Id, 1u);
  EXPECT_EQ(P.Occurrences[0].Values, std::vector<std::string>{"3"});
  EXPECT_EQ(P.Occurrences[0].Origin, NEVERC_ARGUMENT_ORIGIN_PLUGIN);
  EXPECT_EQ(P.Occurrences[1].Spelling, "");
  EXPECT_EQ(P.Occurrences[2].Spelling, "-Wall");
  EXPECT_EQ(P.Occurrences[2].Id, 4u);
}

TEST_F(DriverDomainTest, ProviderOnRawArgumentsRefusedAtInitialize) {
  ProviderFn Unused;
  EXPECT_EQ(start([&](auto *R, void *C) { return provide(R, C, RAW, &Unused); }),
            NEVERC_STATUS_POLICY_VIOLATION);
}

TEST_F(DriverDomainTest, ProviderOnParsedArgumentsRefusedAtInitialize) {
  ProviderFn Unused;
  EXPECT_EQ(
      start([&](auto *R, void *C) { return provide(R, C, PARSED, &Unused); }),
      NEVERC_STATUS_POLICY_VIOLATION);
}

//===--- Phase 3: toolchain -----------------------------------------------===//

TEST_F(DriverDomainTest, ToolChainInterceptorRewritesRequest) {
  int AfterSeen = 0;
  Obs = [&](const NevercPhaseFrame *F, NevercObserverPoint P) {
    if (P == NEVERC_OBSERVER_BEFORE) {
      auto R = hdr<NevercToolChainRequest>();
      EXPECT_EQ(code(gAPI->GetToolChainRequest(ctx(), F, F->Input, &R)),
                NEVERC_STATUS_OK);
      EXPECT_EQ(str(R.ComputedTriple), "x86_64-pc-linux-gnu");
      EXPECT_EQ(R.RequestedTriple.Length, 0u);
      EXPECT_EQ(str(R.CPU), "x86-64");
      EXPECT_EQ(R.Features.Count, 1u);
      EXPECT_EQ(str(R.Features.Data[0]), "+sse2");
      EXPECT_EQ(code(gAPI->GetToolChainRequest(ctx(), F, F->Input, nullptr)),
                NEVERC_STATUS_INVALID_ARGUMENT);
      auto Sel = hdr<NevercToolChainSelection>();
      EXPECT_EQ(code(gAPI->GetToolChainSelection(ctx(), F, F->Input, &Sel)),
                NEVERC_STATUS_WRONG_TYPE);
      NevercToolChainMutationHandle M{};
      EXPECT_EQ(code(gAPI->BeginToolChainMutation(ctx(), F, nullptr, F->Input,
                                                  &M)),
                NEVERC_STATUS_POLICY_VIOLATION);
      auto Desc = hdr<NevercToolChainSelectionDescriptor>();
      NevercArtifactHandle Out{};
      EXPECT_EQ(code(gAPI->CreateToolChainSelection(ctx(), F, F->Input, &Desc,
                                                    &Out)),
                NEVERC_STATUS_POLICY_VIOLATION);
    } else {
      ++AfterSeen;
      auto Sel = hdr<NevercToolChainSelection>();
      EXPECT_EQ(code(gAPI->GetToolChainSelection(ctx(), F, F->CurrentOutput,
                                                 &Sel)),
                NEVERC_STATUS_OK);
      EXPECT_EQ(str(Sel.TargetTriple), "aarch64-linux-gnu");
      EXPECT_EQ(Sel.BuiltinProviderUsed, NEVERC_TRUE);
    }
    return okStatus();
  };
  Icp = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
            NevercPhaseResult *) {
    NevercToolChainMutationHandle M{};
    EXPECT_EQ(code(gAPI->BeginToolChainMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetToolChainTriple(ctx(), M, s("aarch64-linux-gnu"))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetToolChainCPU(ctx(), M, s("cortex-a72"))),
              NEVERC_STATUS_OK);
    std::vector<NevercStringView> Feats{s("+neon"), s("+crc")};
    EXPECT_EQ(code(gAPI->SetToolChainFeatures(ctx(), M, list(Feats))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CommitToolChainMutation(ctx(), M)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetToolChainCPU(ctx(), M, s("x"))),
              NEVERC_STATUS_STALE_HANDLE);
    // Unknown triple: rejected, request unchanged.
    EXPECT_EQ(code(gAPI->BeginToolChainMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetToolChainTriple(ctx(), M, s("bogus-unknown-triple"))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->CommitToolChainMutation(ctx(), M)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    EXPECT_EQ(code(gAPI->BeginToolChainMutation(ctx(), F, C, F->Input, &M)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->SetToolChainCPU(ctx(), M, s("generic"))),
              NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortToolChainMutation(ctx(), M)), NEVERC_STATUS_OK);
    EXPECT_EQ(code(gAPI->AbortToolChainMutation(ctx(), M)),
              NEVERC_STATUS_STALE_HANDLE);
    NevercPhaseResult Down = freshResult();
    EXPECT_EQ(code(C->InvokeNext(C, F, &Down)), NEVERC_STATUS_OK);
    auto Sel = hdr<NevercToolChainSelection>();
    EXPECT_EQ(code(gAPI->GetToolChainSelection(ctx(), F, Down.Output, &Sel)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(str(Sel.CPU), "cortex-a72");
    EXPECT_EQ(Sel.Features.Count, 2u);
    EXPECT_EQ(str(Sel.ToolChainID), NEVERC_TOOLCHAIN_ID_LINUX);
    EXPECT_TRUE(isNull(Sel.Provider));
    return okStatus();
  };
  ASSERT_EQ(start([&](auto *R, void *C) {
              NevercStatus St = observe(R, C, TOOLCHAIN, &Obs);
              return isOk(St) ? intercept(R, C, TOOLCHAIN, &Icp) : St;
            }),
            NEVERC_STATUS_OK);
  ToolChainRequest Req = sampleRequest();
  ToolChainSelection Sel;
  PhaseReport Rep;
  ASSERT_EQ(D->runSelectToolChain(*T, Req, Sel, selectStep(), &Rep).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(AfterSeen, 1);
  EXPECT_TRUE(Rep.Mutated);
  EXPECT_FALSE(Rep.ByPlugin);
  EXPECT_EQ(Req.RequestedTriple, "aarch64-linux-gnu"); // the edit comes back
  EXPECT_EQ(Sel.TargetTriple, "aarch64-linux-gnu");
  EXPECT_EQ(Sel.CPU, "cortex-a72");
  EXPECT_TRUE(Sel.BuiltinProviderUsed);
  EXPECT_EQ(B.Select, 1);
}

TEST_F(DriverDomainTest, ToolChainProviderReplacesSelection) {
  Prov = [&](const NevercPhaseFrame *F, NevercPhaseResult *R) {
    NevercToolChainMutationHandle M{};
    int Dummy = 0;
    NevercPhaseContinuation *Fake =
        reinterpret_cast<NevercPhaseContinuation *>(&Dummy);
    EXPECT_EQ(code(gAPI->BeginToolChainMutation(ctx(), F, Fake, F->Input, &M)),
              NEVERC_STATUS_WRONG_SCOPE);
    auto Desc = hdr<NevercToolChainSelectionDescriptor>();
    NevercArtifactHandle Out{};
    Desc.TargetTriple = s("bogus-unknown-triple");
    EXPECT_EQ(code(gAPI->CreateToolChainSelection(ctx(), F, F->Input, &Desc,
                                                  &Out)),
              NEVERC_STATUS_VERIFICATION_FAILED);
    Desc.TargetTriple = s("riscv64-unknown-linux-gnu");
    Desc.ToolChainID = s("org.test.toolchain");
    EXPECT_EQ(code(gAPI->CreateToolChainSelection(ctx(), F, F->Input, &Desc,
                                                  &Out)),
              NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    Desc.ToolChainID = s(NEVERC_TOOLCHAIN_ID_MSVC);
    EXPECT_EQ(code(gAPI->CreateToolChainSelection(ctx(), F, F->Input, &Desc,
                                                  &Out)),
              NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    Desc.ToolChainID = s("");
    Desc.Provider = NevercHandle{1, 1};
    EXPECT_EQ(code(gAPI->CreateToolChainSelection(ctx(), F, F->Input, &Desc,
                                                  &Out)),
              NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    Desc.Provider = NevercHandle{};
    Desc.Header.StructSize = 64;
    EXPECT_EQ(code(gAPI->CreateToolChainSelection(ctx(), F, F->Input, &Desc,
                                                  &Out)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    Desc.Header = {sizeof Desc, 2, 0, 0};
    EXPECT_EQ(code(gAPI->CreateToolChainSelection(ctx(), F, F->Input, &Desc,
                                                  &Out)),
              NEVERC_STATUS_ABI_MISMATCH);
    Desc.Header = {sizeof Desc, 1, 0, 0};
    EXPECT_EQ(code(gAPI->CreateToolChainSelection(ctx(), F, F->Input, &Desc,
                                                  nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    Desc.ToolChainID = s(NEVERC_TOOLCHAIN_ID_LINUX);
    Desc.CPU = s("generic-rv64");
    std::vector<NevercStringView> Feats{s("+m"), s("+a")};
    Desc.Features = list(Feats);
    EXPECT_EQ(code(gAPI->CreateToolChainSelection(ctx(), F, F->Input, &Desc,
                                                  &Out)),
              NEVERC_STATUS_OK);
    auto Sel = hdr<NevercToolChainSelection>();
    EXPECT_EQ(code(gAPI->GetToolChainSelection(ctx(), F, Out, &Sel)),
              NEVERC_STATUS_OK);
    EXPECT_EQ(Sel.BuiltinProviderUsed, NEVERC_FALSE);
    return replaceWith(R, Out);
  };
  ASSERT_EQ(start([&](auto *R, void *C) {
              return provide(R, C, TOOLCHAIN, &Prov);
            }),
            NEVERC_STATUS_OK);
  const ToolChainRequest Req = sampleRequest();
  ToolChainSelection Sel;
  PhaseReport Rep;
  ASSERT_EQ(D->runSelectToolChain(*T, Req, Sel, selectStep(), &Rep).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(B.Select, 0);
  EXPECT_TRUE(Rep.ByPlugin);
  EXPECT_EQ(Rep.Action, NEVERC_PHASE_REPLACE);
  EXPECT_FALSE(Sel.BuiltinProviderUsed);
  EXPECT_EQ(Sel.TargetTriple, "riscv64-unknown-linux-gnu");
  EXPECT_EQ(Sel.ToolChainID, NEVERC_TOOLCHAIN_ID_LINUX);
  EXPECT_EQ(Sel.Features, (std::vector<std::string>{"+m", "+a"}));
  EXPECT_TRUE(Sink.contains("stock Clang 22"));
}

TEST_F(DriverDomainTest, TripleAndToolChainMapping) {
  for (const char *Ok : {"x86_64-pc-linux-gnu", "i686-w64-windows-gnu",
                         "aarch64-apple-macosx14.0", "armv7a-none-eabi",
                         "thumbv7em-none-eabihf", "riscv64-unknown-elf",
                         "wasm32-unknown-unknown", "x86_64"})
    EXPECT_TRUE(isKnownTriple(Ok)) << Ok;
  for (const char *Bad : {"", "bogus-unknown-triple", "x86_64--linux",
                          "x86 64-linux", "-linux"})
    EXPECT_FALSE(isKnownTriple(Bad)) << Bad;
  EXPECT_EQ(toolChainIDForTriple("x86_64-pc-linux-gnu"),
            NEVERC_TOOLCHAIN_ID_LINUX);
  EXPECT_EQ(toolChainIDForTriple("arm64-apple-ios17"),
            NEVERC_TOOLCHAIN_ID_DARWIN);
  EXPECT_EQ(toolChainIDForTriple("x86_64-pc-windows-msvc"),
            NEVERC_TOOLCHAIN_ID_MSVC);
  EXPECT_EQ(toolChainIDForTriple("x86_64-w64-windows-gnu"),
            NEVERC_TOOLCHAIN_ID_GENERIC_GCC);
  EXPECT_EQ(toolChainIDForTriple("armv7m-none-eabi"),
            NEVERC_TOOLCHAIN_ID_GENERIC_ELF);
  EXPECT_EQ(toolChainIDForTriple("thumbv7-apple-none-macho"),
            NEVERC_TOOLCHAIN_ID_MACHO);
  EXPECT_EQ(toolChainIDForTriple("x86_64-unknown-freebsd14"),
            NEVERC_TOOLCHAIN_ID_GENERIC_GCC);
}

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
