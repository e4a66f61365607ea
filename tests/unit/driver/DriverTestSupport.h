//===- DriverTestSupport.h - Plugin harness and fixture ---------*- C++ -*-===//
//
// Included by DriverDomainTest.cpp (publication, arguments, toolchain) and
// DriverGraphTest.cpp (action graph, job graph, execution). Everything is
// in namespace drivertest, inline: the test suite DriverDomainTest spans both
// files, so they share one fixture class (and the plugin globals with it).
//
// In-process plugin entries negotiate NevercDriverAPI through
// Core->QueryInterface and call its slots from observer, interceptor and
// provider callbacks while the DriverDomain phase runners execute.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_TESTS_DRIVERTESTSUPPORT_H
#define NEVERC_TESTS_DRIVERTESTSUPPORT_H

#include "PluginCallbacks.h"
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
using namespace neverc::testsupport;

namespace drivertest {

//===--- Plugin harness ---------------------------------------------------===//

inline constexpr NevercInterfaceID DriverID{NEVERC_INTERFACE_DRIVER_HIGH,
                                            NEVERC_INTERFACE_DRIVER_LOW};

using RegisterFn =
    std::function<NevercStatus(const NevercRegistrarAPI *, void *)>;
inline RegisterFn gOnRegister;
inline const NevercDriverAPI *gAPI = nullptr;
inline uint64_t gTableSize = 0;
inline uint16_t gTableMinor = 99;
inline std::string gPluginID = "org.test.driver";

inline NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
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

inline NevercStatus NEVERC_CALL entry(const NevercBootstrapAPI *,
                                      NevercPluginDescriptor *Out) {
  writePluginDescriptor(
      Out,
      pluginDescriptor(cview(gPluginID), cview(gPluginID), registerPlugin));
  return okStatus();
}

inline NevercInterfaceID phaseID(uint64_t Low) {
  return NevercInterfaceID{NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_HIGH, Low};
}
inline constexpr uint64_t RAW = 1, PARSED = 2, TOOLCHAIN = 3, ACTIONS = 4,
                          JOBS = 5, EXEC = 6;

inline NevercStatus observe(const NevercRegistrarAPI *R, void *C,
                            uint64_t Phase, ObserverFn *Fn) {
  NevercObserverDescriptor D = observerDescriptor(
      phaseID(Phase), Fn, NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER);
  return R->RegisterObserver(C, &D);
}
inline NevercStatus intercept(const NevercRegistrarAPI *R, void *C,
                              uint64_t Phase, InterceptorFn *Fn) {
  NevercInterceptorDescriptor D = interceptorDescriptor(phaseID(Phase), Fn);
  return R->RegisterInterceptor(C, &D);
}
inline NevercStatus provide(const NevercRegistrarAPI *R, void *C,
                            uint64_t Phase, ProviderFn *Fn) {
  NevercProviderDescriptor D =
      providerDescriptor(phaseID(Phase), "org.test.provider", Fn);
  return R->RegisterProvider(C, &D);
}

//===--- Shorthands for plugin code ---------------------------------------===//

inline void *ctx() { return gAPI->Context; }
inline NevercStringView s(const char *T) {
  return NevercStringView{T, std::strlen(T)};
}
inline std::string str(NevercStringView V) {
  return std::string(V.Data, V.Length);
}
template <class S> S hdr() {
  S V{};
  V.Header = {sizeof(S), NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR, 0};
  return V;
}
inline NevercStringList list(const std::vector<NevercStringView> &V) {
  return NevercStringList{V.data(), V.size(), sizeof(NevercStringView)};
}
inline NevercActionNodeIDList ids(const std::vector<uint64_t> &V) {
  return NevercActionNodeIDList{V.data(), V.size(), sizeof(uint64_t)};
}
inline NevercJobIDList jids(const std::vector<uint64_t> &V) {
  return NevercJobIDList{V.data(), V.size(), sizeof(uint64_t)};
}
inline NevercStatusCode code(NevercStatus S) { return S.Code; }
inline NevercPhaseResult freshResult() {
  NevercPhaseResult R{};
  R.Header = {sizeof R, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  return R;
}
inline NevercStatus replaceWith(NevercPhaseResult *R, NevercArtifactHandle A) {
  R->Action = NEVERC_PHASE_REPLACE;
  R->Output = A;
  return okStatus();
}
inline NevercStatus continueAfter(const NevercPhaseFrame *F,
                                  NevercPhaseContinuation *C) {
  NevercPhaseResult Down = freshResult();
  return C->InvokeNext(C, F, &Down);
}

//===--- Sample models and built-ins --------------------------------------===//

inline RawArguments sampleArgv() {
  RawArguments A;
  A.Entries = {
      {"neverc", NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE, "", 0},
      {"-O2", NEVERC_ARGUMENT_ORIGIN_CONFIGURATION, "/etc/neverc.cfg", 0},
      {"-c", NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE, "", 1},
      {"a.c", NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE, "", 2}};
  return A;
}

inline ParsedArguments sampleParsed() {
  ParsedArguments P;
  P.Occurrences = {{1, "-O", {"2"}, NEVERC_ARGUMENT_ORIGIN_CONFIGURATION},
                   {2, "-c", {}, NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE},
                   {3, "", {"a.c"}, NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE}};
  return P;
}

inline ToolChainRequest sampleRequest() {
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

inline ActionGraph sampleInputs() {
  ActionGraph G;
  G.Inputs = {{1, NEVERC_DRIVER_TYPE_C, "a.c"}};
  return G;
}

inline int gPluginJobRuns = 0;
inline std::vector<std::string> gPluginJobArgs;
inline NevercStatus NEVERC_CALL pluginJob(const NevercPluginJobContext *C,
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

} // namespace drivertest

#endif
