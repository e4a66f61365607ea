//===- HostTest.cpp - The host with in-process plugin entries -------------===//
//
// Plugins here are entry functions linked into the test (loadPluginEntry).
// Lifecycle callbacks are plain C-ABI functions (one instantiation per
// plugin slot N, reading gCfg[N]); phase callbacks are C-ABI trampolines
// whose UserData points at a std::function the test supplies.
//
//===----------------------------------------------------------------------===//
#include "HostInternal.h"
#include "neverc/core/Host.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace neverc::core;

namespace {

#define PHASE_ID(S) NevercInterfaceID{NEVERC_PHASE_##S##_HIGH, NEVERC_PHASE_##S##_LOW}
#define PHASE_OUT(S)                                                           \
  NevercInterfaceID{NEVERC_PHASE_##S##_OUTPUT_HIGH, NEVERC_PHASE_##S##_OUTPUT_LOW}

constexpr NevercInterfaceID CoreID{NEVERC_INTERFACE_CORE_HIGH,
                                   NEVERC_INTERFACE_CORE_LOW};

//===--- A host capability table the test publishes ----------------------===//

constexpr NevercInterfaceID TestIfaceID{0x54455354484f5354, 0x1};

struct TestHostAPI {
  NevercABITableHeader Header;
  void *Context; ///< Host*
  NevercStatus(NEVERC_CALL *CreateArtifact)(void *Context, NevercTaskHandle Task,
                                            NevercInterfaceID Type,
                                            void *Payload,
                                            NevercArtifactHandle *Out);
  NevercStatus(NEVERC_CALL *CreateProof)(void *Context, NevercTaskHandle Task,
                                         NevercInterfaceID Phase, void *Payload,
                                         NevercProofHandle *Out);
};

NevercStatus NEVERC_CALL testCreateArtifact(void *Ctx, NevercTaskHandle TH,
                                            NevercInterfaceID Type,
                                            void *Payload,
                                            NevercArtifactHandle *Out) {
  Task *T = nullptr;
  NevercStatus S = static_cast<Host *>(Ctx)->resolveTask(TH, &T);
  if (!isOk(S))
    return S;
  *Out = T->createArtifact(Type, Payload);
  return okStatus();
}

NevercStatus NEVERC_CALL testCreateProof(void *Ctx, NevercTaskHandle TH,
                                         NevercInterfaceID Phase, void *Payload,
                                         NevercProofHandle *Out) {
  Task *T = nullptr;
  NevercStatus S = static_cast<Host *>(Ctx)->resolveTask(TH, &T);
  if (!isOk(S))
    return S;
  *Out = T->createProof(Phase, Payload);
  return okStatus();
}

//===--- Plugin slots -----------------------------------------------------===//

std::vector<std::string> gLog;

struct PluginCfg {
  std::string ID;
  uint16_t Major = NEVERC_PLUGIN_ABI_MAJOR;
  uint32_t ReportedSize = sizeof(NevercPluginDescriptor);
  bool NullRegister = false;
  bool Lifecycle = true; ///< fill ProcessBegin..Destroy
  bool ThrowInEntry = false;
  bool NoSessionBegin = false;
  std::function<NevercStatus(const NevercBootstrapAPI *)> OnEntry;
  std::function<NevercStatus(const NevercCoreAPI *, const NevercRegistrarAPI *,
                             void *)>
      OnRegister;
  // Observed at entry.
  bool Entered = false;
  uint32_t EntryCapacity = 0;
  bool EntryZeroFilled = false;
  NevercBootstrapAPI Boot{};
  // Observed later.
  const NevercCoreAPI *Core = nullptr;
  const NevercRegistrarAPI *Registrar = nullptr;
  void *RegistrarContext = nullptr;
  const TestHostAPI *Test = nullptr;
  // State pointers this plugin hands out.
  int ProcessMarker = 0, SessionMarker = 0, TaskMarker = 0;
  std::vector<NevercSessionHandle> Sessions;
  std::vector<NevercTaskHandle> Tasks;
};

PluginCfg gCfg[3];

void logCall(int N, const char *What) { gLog.push_back(gCfg[N].ID + ":" + What); }

template <int N>
NevercStatus NEVERC_CALL processBegin(const NevercCoreAPI *Core, void **Out) {
  logCall(N, "ProcessBegin");
  gCfg[N].Core = Core;
  *Out = &gCfg[N].ProcessMarker;
  return okStatus();
}

template <int N>
NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                        const NevercRegistrarAPI *Reg,
                                        void *RegCtx, void *ProcessState) {
  logCall(N, "Register");
  PluginCfg &C = gCfg[N];
  C.Core = Core;
  C.Registrar = Reg;
  C.RegistrarContext = RegCtx;
  EXPECT_EQ(ProcessState, C.Lifecycle ? &C.ProcessMarker : nullptr);
  const void *T = nullptr;
  if (isOk(Core->QueryInterface(Core->Context, TestIfaceID, 1, 0, &T, nullptr,
                                nullptr)))
    C.Test = static_cast<const TestHostAPI *>(T);
  return C.OnRegister ? C.OnRegister(Core, Reg, RegCtx) : okStatus();
}

template <int N>
NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *,
                                      NevercSessionHandle S, void *PS,
                                      void **Out) {
  logCall(N, "SessionBegin");
  EXPECT_EQ(PS, &gCfg[N].ProcessMarker);
  gCfg[N].Sessions.push_back(S);
  *Out = &gCfg[N].SessionMarker;
  return okStatus();
}

template <int N>
NevercStatus NEVERC_CALL sessionEnd(const NevercCoreAPI *, NevercSessionHandle,
                                    void *PS, void *SS) {
  logCall(N, "SessionEnd");
  EXPECT_EQ(PS, &gCfg[N].ProcessMarker);
  EXPECT_EQ(SS, gCfg[N].NoSessionBegin ? nullptr : &gCfg[N].SessionMarker);
  return okStatus();
}

template <int N>
NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *, NevercTaskHandle T,
                                   NevercTaskKind, void *PS, void *SS,
                                   void **Out) {
  logCall(N, "TaskBegin");
  EXPECT_EQ(PS, &gCfg[N].ProcessMarker);
  EXPECT_EQ(SS, gCfg[N].NoSessionBegin ? nullptr : &gCfg[N].SessionMarker);
  gCfg[N].Tasks.push_back(T);
  *Out = &gCfg[N].TaskMarker;
  return okStatus();
}

template <int N>
NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *, NevercTaskHandle,
                                 NevercTaskKind, void *, void *, void *TS) {
  logCall(N, "TaskEnd");
  EXPECT_EQ(TS, &gCfg[N].TaskMarker);
  return okStatus();
}

template <int N>
NevercStatus NEVERC_CALL destroyPlugin(const NevercCoreAPI *, void *PS) {
  logCall(N, "Destroy");
  EXPECT_EQ(PS, &gCfg[N].ProcessMarker);
  return okStatus();
}

template <int N>
NevercStatus NEVERC_CALL entry(const NevercBootstrapAPI *B,
                               NevercPluginDescriptor *Out) {
  PluginCfg &C = gCfg[N];
  C.Entered = true;
  C.Boot = *B;
  C.EntryCapacity = Out->Header.StructSize;
  const unsigned char *Bytes = reinterpret_cast<const unsigned char *>(Out);
  C.EntryZeroFilled = true;
  for (size_t I = sizeof(uint32_t);
       I < std::min<size_t>(C.EntryCapacity, sizeof(NevercPluginDescriptor)); ++I)
    if (Bytes[I])
      C.EntryZeroFilled = false;
  if (C.ThrowInEntry)
    throw std::runtime_error("entry threw");
  if (C.OnEntry) {
    NevercStatus S = C.OnEntry(B);
    if (!isOk(S))
      return S;
  }
  NevercPluginDescriptor D{};
  D.Header = {sizeof D, C.Major, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.PluginID = cview(C.ID);
  D.DisplayName = cview(C.ID);
  D.Version = {1, 0, 0, 0, {}, {}};
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.Register = C.NullRegister ? nullptr : registerPlugin<N>;
  if (C.Lifecycle) {
    D.ProcessBegin = processBegin<N>;
    D.SessionBegin = C.NoSessionBegin ? nullptr : sessionBegin<N>;
    D.SessionEnd = sessionEnd<N>;
    D.TaskBegin = taskBegin<N>;
    D.TaskEnd = taskEnd<N>;
    D.Destroy = destroyPlugin<N>;
  }
  // The SDK template: copy what fits, then state the produced size.
  std::memcpy(Out, &D, std::min<size_t>(C.EntryCapacity, sizeof D));
  Out->Header.StructSize = C.ReportedSize;
  return okStatus();
}

constexpr NevercPluginEntryFn Entries[3] = {entry<0>, entry<1>, entry<2>};

//===--- Phase callback trampolines ---------------------------------------===//

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

NevercObserverDescriptor observerDesc(NevercInterfaceID Phase,
                                      NevercObserverPoint Points,
                                      ObserverFn *Fn) {
  NevercObserverDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Phase = Phase;
  D.Points = Points;
  D.Callback = observerTramp;
  D.UserData = Fn;
  return D;
}

NevercInterceptorDescriptor interceptorDesc(NevercInterfaceID Phase,
                                            InterceptorFn *Fn) {
  NevercInterceptorDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Phase = Phase;
  D.Callback = interceptorTramp;
  D.UserData = Fn;
  return D;
}

NevercProviderDescriptor providerDesc(NevercInterfaceID Phase, const char *ID,
                                      ProviderFn *Fn, bool FallbackSafe) {
  NevercProviderDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Phase = Phase;
  D.ProviderID = cview(ID);
  D.Route.Header = {sizeof(NevercPhaseRoute), NEVERC_PLUGIN_ABI_MAJOR,
                    NEVERC_PLUGIN_ABI_MINOR, 0};
  D.FallbackSafe = FallbackSafe ? NEVERC_TRUE : NEVERC_FALSE;
  D.Callback = providerTramp;
  D.UserData = Fn;
  return D;
}

int gDestroyed[8];
template <int K> void NEVERC_CALL destroyUD(void *) {
  ++gDestroyed[K];
  gLog.push_back("DestroyUserData" + std::to_string(K));
}

//===--- Built-in steps and verifiers -------------------------------------===//

struct StepLog {
  int Runs = 0;
  void *SeenInput = nullptr;
  void *Produce = nullptr;
  NevercStatus Result = okStatus();
};

NevercStatus stepRun(void *Ctx, void *Input, void **Output) {
  auto &L = *static_cast<StepLog *>(Ctx);
  ++L.Runs;
  L.SeenInput = Input;
  *Output = L.Produce;
  return L.Result;
}

struct VerifyLog {
  int Runs = 0;
  void *Seen = nullptr;
  NevercStatus Result = okStatus();
};

NevercStatus verifyRun(void *Ctx, void *Output) {
  auto &L = *static_cast<VerifyLog *>(Ctx);
  ++L.Runs;
  L.Seen = Output;
  return L.Result;
}

//===--- Fixture ----------------------------------------------------------===//

class HostTest : public ::testing::Test {
protected:
  CollectingDiagnosticSink Sink;
  HostConfig Config;
  std::unique_ptr<Host> H;
  TestHostAPI TestTable{};

  void SetUp() override {
    gLog.clear();
    for (int I = 0; I < 3; ++I) {
      gCfg[I] = PluginCfg();
      gCfg[I].ID = "org.test.p" + std::to_string(I);
    }
    std::memset(gDestroyed, 0, sizeof gDestroyed);
    Config.Diagnostics = &Sink;
  }
  void TearDown() override { H.reset(); }

  Host &host() {
    if (!H) {
      H = std::make_unique<Host>(Config);
      TestTable.Header = {sizeof TestTable, 1, 0, 0};
      TestTable.Context = H.get();
      TestTable.CreateArtifact = testCreateArtifact;
      TestTable.CreateProof = testCreateProof;
      EXPECT_EQ(H->publishInterface(TestIfaceID, 1, 0, &TestTable,
                                    sizeof TestTable)
                    .Code,
                NEVERC_STATUS_OK);
    }
    return *H;
  }

  NevercStatusCode load(int N) {
    return host().loadPluginEntry(Entries[N], "entry" + std::to_string(N)).Code;
  }

  /// One plugin (slot 0) whose Register runs \p R; initialized.
  NevercStatusCode withPlugin(
      std::function<NevercStatus(const NevercCoreAPI *,
                                 const NevercRegistrarAPI *, void *)>
          R) {
    gCfg[0].OnRegister = std::move(R);
    NevercStatusCode L = load(0);
    if (L != NEVERC_STATUS_OK)
      return L;
    return host().initialize().Code;
  }

  bool hasDiagFrom(const std::string &Plugin, const std::string &Text) {
    for (const Diagnostic &D : Sink.all())
      if (D.PluginID == Plugin && D.Message.find(Text) != std::string::npos)
        return true;
    return false;
  }
};

//===--- H2/H3/H4: entry and descriptor -----------------------------------===//

TEST_F(HostTest, H2_DescriptorBufferZeroFilled) {
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  EXPECT_TRUE(gCfg[0].Entered);
  EXPECT_EQ(gCfg[0].EntryCapacity, 232u);
  EXPECT_EQ(sizeof(NevercPluginDescriptor), 232u);
  EXPECT_TRUE(gCfg[0].EntryZeroFilled);
  ASSERT_EQ(host().plugins().size(), 1u);
  EXPECT_EQ(host().plugins()[0]->id(), "org.test.p0");
  EXPECT_EQ(host().plugins()[0]->path(), "entry0");
}

TEST_F(HostTest, H2_ShrunkCapacityIsOffered) {
  Config.DescriptorCapacity = offsetof(NevercPluginDescriptor, SessionBegin);
  gCfg[0].ReportedSize = sizeof(NevercPluginDescriptor);
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  EXPECT_EQ(gCfg[0].EntryCapacity,
            offsetof(NevercPluginDescriptor, SessionBegin));
  EXPECT_TRUE(gCfg[0].EntryZeroFilled);
  // Members past the capacity read as zero even though StructSize says 232.
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  Session *S = nullptr;
  ASSERT_EQ(host().beginSession(&S).Code, NEVERC_STATUS_OK);
  host().shutdown();
  EXPECT_EQ(gLog, (std::vector<std::string>{"org.test.p0:ProcessBegin",
                                            "org.test.p0:Register"}));
}

TEST_F(HostTest, H3_MembersBeyondStructSizeReadAsZero) {
  gCfg[0].ReportedSize = offsetof(NevercPluginDescriptor, SessionBegin);
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  Session *S = nullptr;
  ASSERT_EQ(host().beginSession(&S).Code, NEVERC_STATUS_OK);
  Task *T = nullptr;
  ASSERT_EQ(S->beginTask(NEVERC_TASK_TRANSLATION_UNIT, &T).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(S->endTask(T).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(host().endSession(S).Code, NEVERC_STATUS_OK);
  host().shutdown();
  EXPECT_EQ(gLog, (std::vector<std::string>{"org.test.p0:ProcessBegin",
                                            "org.test.p0:Register"}));
}

TEST_F(HostTest, H3_FullStructSizeReadsEverything) {
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  Session *S = nullptr;
  ASSERT_EQ(host().beginSession(&S).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(gLog.back(), "org.test.p0:SessionBegin");
}

TEST_F(HostTest, H3_TruncatedHeaderRefused) {
  gCfg[0].ReportedSize = 8;
  EXPECT_EQ(load(0), NEVERC_STATUS_INVALID_DESCRIPTOR);
  EXPECT_TRUE(host().plugins().empty());
}

TEST_F(HostTest, H4_AbiMajorMismatch) {
  gCfg[0].Major = 2;
  EXPECT_EQ(load(0), NEVERC_STATUS_ABI_MISMATCH);
  EXPECT_TRUE(host().plugins().empty());
  EXPECT_TRUE(Sink.contains("ABI major 2"));
  EXPECT_EQ(load(1), NEVERC_STATUS_OK);
}

TEST_F(HostTest, H4_EmptyPluginID) {
  gCfg[0].ID = "";
  EXPECT_EQ(load(0), NEVERC_STATUS_INVALID_DESCRIPTOR);
  gCfg[1].ID = "has:colon";
  EXPECT_EQ(load(1), NEVERC_STATUS_INVALID_DESCRIPTOR);
  EXPECT_TRUE(host().plugins().empty());
  EXPECT_EQ(load(2), NEVERC_STATUS_OK);
}

TEST_F(HostTest, H4_NullRegister) {
  gCfg[0].NullRegister = true;
  EXPECT_EQ(load(0), NEVERC_STATUS_INVALID_DESCRIPTOR);
  EXPECT_TRUE(host().plugins().empty());
  EXPECT_TRUE(Sink.contains("no Register"));
}

TEST_F(HostTest, H4_DuplicateID) {
  gCfg[1].ID = gCfg[0].ID;
  EXPECT_EQ(load(0), NEVERC_STATUS_OK);
  EXPECT_EQ(load(1), NEVERC_STATUS_DUPLICATE_ID);
  EXPECT_EQ(host().plugins().size(), 1u);
  EXPECT_EQ(load(2), NEVERC_STATUS_OK);
  EXPECT_EQ(host().plugins().size(), 2u);
}

TEST_F(HostTest, H4_EntryFailureAndNullEntry) {
  gCfg[0].OnEntry = [](const NevercBootstrapAPI *) {
    return makeStatus(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  };
  EXPECT_EQ(load(0), NEVERC_STATUS_RESOURCE_EXHAUSTED);
  EXPECT_EQ(host().loadPluginEntry(nullptr, "null").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(host().plugins().empty());
}

TEST_F(HostTest, LoadAfterInitializeIsInvalidState) {
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  EXPECT_EQ(load(0), NEVERC_STATUS_INVALID_STATE);
  EXPECT_FALSE(gCfg[0].Entered);
  EXPECT_EQ(host().initialize().Code, NEVERC_STATUS_INVALID_STATE);
}

//===--- H6/H7: lifecycle order and tables --------------------------------===//

TEST_F(HostTest, H6_CallOrderAcrossTwoPlugins) {
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  ASSERT_EQ(load(1), NEVERC_STATUS_OK);
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  Session *S = nullptr;
  ASSERT_EQ(host().beginSession(&S).Code, NEVERC_STATUS_OK);
  Task *T = nullptr;
  ASSERT_EQ(S->beginTask(NEVERC_TASK_TRANSLATION_UNIT, &T).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(S->endTask(T).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(host().endSession(S).Code, NEVERC_STATUS_OK);
  host().shutdown();
  host().shutdown(); // idempotent
  EXPECT_EQ(gLog, (std::vector<std::string>{
                      "org.test.p0:ProcessBegin", "org.test.p0:Register",
                      "org.test.p1:ProcessBegin", "org.test.p1:Register",
                      "org.test.p0:SessionBegin", "org.test.p1:SessionBegin",
                      "org.test.p0:TaskBegin", "org.test.p1:TaskBegin",
                      "org.test.p1:TaskEnd", "org.test.p0:TaskEnd",
                      "org.test.p1:SessionEnd", "org.test.p0:SessionEnd",
                      "org.test.p1:Destroy", "org.test.p0:Destroy"}));
}

TEST_F(HostTest, H6_ShutdownEndsOpenScopes) {
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  Session *S = nullptr;
  ASSERT_EQ(host().beginSession(&S).Code, NEVERC_STATUS_OK);
  Task *T = nullptr;
  ASSERT_EQ(S->beginTask(NEVERC_TASK_OBJECT, &T).Code, NEVERC_STATUS_OK);
  host().shutdown();
  EXPECT_EQ(gLog, (std::vector<std::string>{
                      "org.test.p0:ProcessBegin", "org.test.p0:Register",
                      "org.test.p0:SessionBegin", "org.test.p0:TaskBegin",
                      "org.test.p0:TaskEnd", "org.test.p0:SessionEnd",
                      "org.test.p0:Destroy"}));
}

TEST_F(HostTest, H7_CoreAndBootstrapHeaders) {
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  const NevercBootstrapAPI &B = gCfg[0].Boot;
  EXPECT_EQ(B.Header.StructSize, 56u);
  EXPECT_EQ(B.Header.Major, 1u);
  EXPECT_EQ(B.Header.Minor, 0u);
  EXPECT_EQ(B.Header.Flags, 0u);
  EXPECT_EQ(B.LLVMMajor, 22u);
  EXPECT_EQ(std::string(view(B.HostBuildID)), "neverc-0.1.0");
  EXPECT_NE(B.QueryInterface, nullptr);
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  const NevercCoreAPI *C = gCfg[0].Core;
  ASSERT_NE(C, nullptr);
  EXPECT_EQ(C->Header.StructSize, 104u);
  EXPECT_EQ(sizeof(NevercCoreAPI), 104u);
  EXPECT_EQ(C->Header.Major, 1u);
  EXPECT_EQ(C->Header.Minor, 0u);
  EXPECT_EQ(C->Header.Flags, 0u);
  EXPECT_NE(C->Context, nullptr);
  for (auto Slot : {(void *)C->Allocate, (void *)C->Reallocate,
                    (void *)C->Deallocate, (void *)C->EmitDiagnostic,
                    (void *)C->QueryInterface, (void *)C->CheckCancelled,
                    (void *)C->GetSessionState, (void *)C->GetTaskState,
                    (void *)C->GetPluginOptionValueCount,
                    (void *)C->GetPluginOptionValue})
    EXPECT_NE(Slot, nullptr);
  EXPECT_EQ(C, host().plugins()[0]->core());
  const NevercRegistrarAPI *R = gCfg[0].Registrar;
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(R->Header.StructSize, sizeof(NevercRegistrarAPI));
  EXPECT_EQ(R->Header.Major, 1u);
}

TEST_F(HostTest, H7_BootstrapLLVMMajorFollowsConfig) {
  Config.LLVMMajor = 23;
  Config.BuildID = "custom-build";
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  EXPECT_EQ(gCfg[0].Boot.LLVMMajor, 23u);
  EXPECT_EQ(std::string(view(gCfg[0].Boot.HostBuildID)), "custom-build");
}

//===--- H8/H9: QueryInterface --------------------------------------------===//

TEST_F(HostTest, H8_QueryCoreAndUnknown) {
  ASSERT_EQ(withPlugin(nullptr), NEVERC_STATUS_OK);
  const NevercCoreAPI *C = gCfg[0].Core;
  const void *T = nullptr;
  uint16_t Minor = 99;
  uint64_t Size = 0;
  ASSERT_EQ(C->QueryInterface(C->Context, CoreID, 1, 0, &T, &Minor, &Size).Code,
            NEVERC_STATUS_OK);
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(Minor, 0u);
  EXPECT_EQ(Size, 104u);
  EXPECT_EQ(static_cast<const NevercCoreAPI *>(T)->Header.StructSize, 104u);
  EXPECT_EQ(C->QueryInterface(C->Context, CoreID, 2, 0, &T, &Minor, &Size).Code,
            NEVERC_STATUS_VERSION_MISMATCH);
  EXPECT_EQ(C->QueryInterface(C->Context, CoreID, 1, 1, &T, &Minor, &Size).Code,
            NEVERC_STATUS_VERSION_MISMATCH);
  EXPECT_EQ(C->QueryInterface(C->Context, NevercInterfaceID{1, 2}, 1, 0, &T,
                              &Minor, &Size)
                .Code,
            NEVERC_STATUS_MISSING_INTERFACE);
  EXPECT_EQ(T, nullptr);
  EXPECT_EQ(C->QueryInterface(nullptr, CoreID, 1, 0, &T, &Minor, &Size).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
}

TEST_F(HostTest, H8_QueriedCoreTableIsUsable) {
  // Regression (fixed core bug): QueryInterface(CORE) hands out the host's CoreTemplate, whose
  // Context is NULL, so every slot of the queried table fails with
  // INVALID_ARGUMENT (the same happens through the Bootstrap during the
  // entry call, the only place a plugin can get the table before Register).
  const NevercCoreAPI *FromBoot = nullptr;
  gCfg[0].OnEntry = [&](const NevercBootstrapAPI *B) {
    const void *T = nullptr;
    NevercStatus S = B->QueryInterface(B->Context, CoreID, 1, 0, &T, nullptr,
                                       nullptr);
    FromBoot = static_cast<const NevercCoreAPI *>(T);
    return S;
  };
  ASSERT_EQ(withPlugin(nullptr), NEVERC_STATUS_OK);
  ASSERT_NE(FromBoot, nullptr);
  void *P = nullptr;
  EXPECT_EQ(FromBoot->Allocate(FromBoot->Context, 16, 8, &P).Code,
            NEVERC_STATUS_OK);
  if (P)
    EXPECT_EQ(FromBoot->Deallocate(FromBoot->Context, P, 16, 8).Code,
              NEVERC_STATUS_OK);
}

TEST_F(HostTest, H9_PluginInterfaceVisibleToLaterPlugin) {
  struct Table {
    NevercABITableHeader Header;
    int Value;
  };
  static Table Published = {{sizeof(Table), 3, 2, 0}, 42};
  constexpr NevercInterfaceID ID{0x504c5547494e4946, 0x1};
  NevercStatusCode Dup = NEVERC_STATUS_OK;
  gCfg[0].OnRegister = [&](const NevercCoreAPI *, const NevercRegistrarAPI *R,
                           void *Ctx) {
    NevercStatus S =
        R->RegisterInterface(Ctx, ID, NEVERC_INTERFACE_STABLE, &Published, nullptr);
    Dup = R->RegisterInterface(Ctx, ID, NEVERC_INTERFACE_STABLE, &Published,
                               nullptr)
              .Code;
    return S;
  };
  const void *Seen = nullptr;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatusCode TooNew = NEVERC_STATUS_OK, WrongMajor = NEVERC_STATUS_OK;
  gCfg[1].OnRegister = [&](const NevercCoreAPI *C, const NevercRegistrarAPI *,
                           void *) {
    TooNew = C->QueryInterface(C->Context, ID, 3, 3, &Seen, &Minor, &Size).Code;
    WrongMajor =
        C->QueryInterface(C->Context, ID, 2, 0, &Seen, &Minor, &Size).Code;
    return C->QueryInterface(C->Context, ID, 3, 1, &Seen, &Minor, &Size);
  };
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  ASSERT_EQ(load(1), NEVERC_STATUS_OK);
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  EXPECT_EQ(Dup, NEVERC_STATUS_DUPLICATE_ID);
  EXPECT_EQ(TooNew, NEVERC_STATUS_VERSION_MISMATCH);
  EXPECT_EQ(WrongMajor, NEVERC_STATUS_VERSION_MISMATCH);
  EXPECT_EQ(Seen, &Published);
  EXPECT_EQ(Minor, 2u);
  EXPECT_EQ(Size, sizeof(Table));
  const PublishedInterface *E = host().interfaces().find(ID);
  ASSERT_NE(E, nullptr);
  EXPECT_EQ(E->Owner, "org.test.p0");
}

TEST_F(HostTest, H5_RequiredInterfaceMissing) {
  static NevercInterfaceRequirement Req{};
  Req.Header = {sizeof Req, 1, 0, 0};
  Req.Interface = NevercInterfaceID{0x6e6f6e65, 1};
  Req.Major = 1;
  Req.Required = NEVERC_TRUE;
  // Patch the descriptor through OnEntry is not possible (it is built after);
  // use a dedicated entry instead.
  struct Local {
    static NevercStatus NEVERC_CALL entryReq(const NevercBootstrapAPI *B,
                                             NevercPluginDescriptor *Out) {
      NevercStatus S = entry<0>(B, Out);
      Out->RequiredInterfaces = {&Req, 1, sizeof Req};
      return S;
    }
  };
  ASSERT_EQ(host().loadPluginEntry(Local::entryReq, "req").Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(host().initialize().Code, NEVERC_STATUS_MISSING_INTERFACE);
  EXPECT_TRUE(gLog.empty()) << "no callback runs";
  // Positive: the test interface satisfies the requirement.
  Req.Interface = TestIfaceID;
  Sink.all();
  H.reset();
  gLog.clear();
  ASSERT_EQ(host().loadPluginEntry(Local::entryReq, "req").Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  // Major mismatch on the requirement.
  Req.Major = 2;
  H.reset();
  ASSERT_EQ(host().loadPluginEntry(Local::entryReq, "req").Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(host().initialize().Code, NEVERC_STATUS_VERSION_MISMATCH);
}

//===--- H10-H15: registrar -----------------------------------------------===//

TEST_F(HostTest, H10_RegistrarAfterRegisterIsInvalidState) {
  ObserverFn Fn = [](const NevercPhaseFrame *, NevercObserverPoint) {
    return okStatus();
  };
  NevercObserverDescriptor D =
      observerDesc(PHASE_ID(LINK_INPUT_PROBE), NEVERC_OBSERVER_BEFORE, &Fn);
  NevercStatusCode Inside = NEVERC_STATUS_INVALID_STATE;
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              Inside = R->RegisterObserver(Ctx, &D).Code;
              return okStatus();
            }),
            NEVERC_STATUS_OK);
  EXPECT_EQ(Inside, NEVERC_STATUS_OK);
  const NevercRegistrarAPI *R = gCfg[0].Registrar;
  void *Ctx = gCfg[0].RegistrarContext;
  EXPECT_EQ(R->RegisterObserver(Ctx, &D).Code, NEVERC_STATUS_INVALID_STATE);
  InterceptorFn IFn;
  NevercInterceptorDescriptor ID =
      interceptorDesc(PHASE_ID(LINK_INPUT_PROBE), &IFn);
  EXPECT_EQ(R->RegisterInterceptor(Ctx, &ID).Code, NEVERC_STATUS_INVALID_STATE);
  EXPECT_EQ(R->RegisterObserver(nullptr, &D).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  // Nothing changed in the graph: one BEFORE observer only.
  EXPECT_EQ(host().phases().at(Phase_LINK_INPUT_PROBE).Before.size(), 1u);
  EXPECT_TRUE(host().phases().at(Phase_LINK_INPUT_PROBE).Interceptors.empty());
}

TEST_F(HostTest, H12_ObserverStructuralChecks) {
  ObserverFn Fn = [](const NevercPhaseFrame *, NevercObserverPoint) {
    return okStatus();
  };
  std::vector<NevercStatusCode> Got;
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercObserverDescriptor D = observerDesc(
                  PHASE_ID(LINK_INPUT_PROBE), NEVERC_OBSERVER_BEFORE, &Fn);
              D.DestroyUserData = destroyUD<0>;
              auto Try = [&](NevercObserverDescriptor X) {
                Got.push_back(R->RegisterObserver(Ctx, &X).Code);
              };
              Got.push_back(R->RegisterObserver(Ctx, nullptr).Code);
              NevercObserverDescriptor X = D;
              X.Points = 0;
              Try(X);
              X = D;
              X.Points = 0x8;
              Try(X);
              X = D;
              X.Callback = nullptr;
              Try(X);
              X = D;
              X.Header.StructSize = sizeof(X) - 8;
              Try(X);
              X = D;
              X.Header.Major = 2;
              Try(X);
              X = D;
              X.Phase = {0, 0};
              Try(X);
              Try(D);
              return okStatus();
            }),
            NEVERC_STATUS_OK);
  EXPECT_EQ(Got, (std::vector<NevercStatusCode>{
                     NEVERC_STATUS_INVALID_ARGUMENT,
                     NEVERC_STATUS_INVALID_DESCRIPTOR,
                     NEVERC_STATUS_INVALID_DESCRIPTOR,
                     NEVERC_STATUS_INVALID_DESCRIPTOR,
                     NEVERC_STATUS_INVALID_DESCRIPTOR,
                     NEVERC_STATUS_INVALID_DESCRIPTOR,
                     NEVERC_STATUS_INVALID_DESCRIPTOR, NEVERC_STATUS_OK}));
  host().shutdown();
  // H33: only the accepted registration's UserData is the host's.
  EXPECT_EQ(gDestroyed[0], 1);
}

TEST_F(HostTest, H13_ProviderStructuralChecks) {
  ProviderFn Fn;
  std::vector<NevercStatusCode> Got;
  std::string Long255(255, 'a'), Long256(256, 'a');
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              auto Try = [&](NevercProviderDescriptor X) {
                Got.push_back(R->RegisterProvider(Ctx, &X).Code);
              };
              NevercInterfaceID P = PHASE_ID(LINK_INPUT_PROBE);
              for (const char *Bad :
                   {"", "Upper", ".lead", "trail.", "a..b", "sp ace", "a/b"})
                Try(providerDesc(P, Bad, &Fn, false));
              Try(providerDesc(P, Long256.c_str(), &Fn, false));
              NevercProviderDescriptor X = providerDesc(P, "ok", &Fn, false);
              X.Route.Header = {};
              Try(X);
              X = providerDesc(P, "ok", &Fn, false);
              X.Callback = nullptr;
              Try(X);
              Got.push_back(R->RegisterProvider(Ctx, nullptr).Code);
              // 255 bytes is the limit (on another phase: one provider
              // per phase keeps initialize unambiguous).
              Try(providerDesc(PHASE_ID(LINK_READ_INPUTS), Long255.c_str(), &Fn,
                               false));
              Try(providerDesc(P, "org.test-1_x", &Fn, false));
              Try(providerDesc(P, "org.test-1_x", &Fn, false));
              return okStatus();
            }),
            NEVERC_STATUS_OK);
  const NevercStatusCode Bad = NEVERC_STATUS_INVALID_DESCRIPTOR;
  EXPECT_EQ(Got, (std::vector<NevercStatusCode>{
                     Bad, Bad, Bad, Bad, Bad, Bad, Bad, Bad, Bad, Bad,
                     NEVERC_STATUS_INVALID_ARGUMENT, NEVERC_STATUS_OK,
                     NEVERC_STATUS_OK, NEVERC_STATUS_DUPLICATE_ID}));
}

TEST_F(HostTest, H14_RegisterPhaseChecks) {
  const NevercInterfaceID Ext{NEVERC_EXTENSION_FAMILY_0_ID_HIGH,
                              NEVERC_EXTENSION_FAMILY_0_ID_LOW_MIN};
  const NevercInterfaceID Art{0x4152544946414354, 1};
  std::vector<NevercStatusCode> Got;
  ASSERT_EQ(
      withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
        NevercPhaseDescriptor D{};
        D.Header = {sizeof D, 1, 0, 0};
        D.Phase = Ext;
        D.CanonicalName = cview("org.test.phase");
        D.InputArtifact = Art;
        D.OutputArtifact = Art;
        D.Policy = NEVERC_PHASE_OBSERVABLE | NEVERC_PHASE_INTERCEPTABLE;
        D.ObserverPoints = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
        auto Try = [&](NevercPhaseDescriptor X) {
          Got.push_back(R->RegisterPhase(Ctx, &X).Code);
        };
        NevercPhaseDescriptor X = D;
        X.Phase = {0, 0};
        Try(X);
        X = D;
        X.InputArtifact = {0, 0};
        Try(X);
        X = D;
        X.OutputArtifact = {0, 0};
        Try(X);
        X = D;
        X.Policy = 0;
        X.ObserverPoints = 0;
        Try(X);
        X = D;
        X.Policy |= 0x20;
        Try(X);
        X = D;
        X.Policy = NEVERC_PHASE_INTERCEPTABLE;
        Try(X); // points without O
        X = D;
        X.Policy = NEVERC_PHASE_OBSERVABLE | NEVERC_PHASE_SEALED_HOST_GATE |
                   NEVERC_PHASE_INTERCEPTABLE;
        Try(X);
        X = D;
        X.Header.StructSize = 16;
        Try(X);
        Got.push_back(R->RegisterPhase(Ctx, nullptr).Code);
        X = D;
        X.Phase = PHASE_ID(OBJECT_COMMIT);
        Try(X); // built-in ID
        Try(D);
        Try(D); // again
        return okStatus();
      }),
      NEVERC_STATUS_OK);
  const NevercStatusCode Bad = NEVERC_STATUS_INVALID_DESCRIPTOR;
  EXPECT_EQ(Got, (std::vector<NevercStatusCode>{
                     Bad, Bad, Bad, Bad, Bad, Bad, Bad, Bad,
                     NEVERC_STATUS_INVALID_ARGUMENT, NEVERC_STATUS_DUPLICATE_ID,
                     NEVERC_STATUS_OK, NEVERC_STATUS_DUPLICATE_ID}));
  auto Idx = host().phases().indexOf(Ext);
  ASSERT_TRUE(Idx.has_value());
  EXPECT_EQ(host().phases().at(*Idx).Owner, host().plugins()[0].get());
  EXPECT_TRUE(host().phases().frozen());
  EXPECT_EQ(host().phases().size(), 131u);
}

TEST_F(HostTest, H15_RegisterInterfaceChecks) {
  struct Table {
    NevercABITableHeader Header;
  };
  static Table T1 = {{sizeof(Table), 1, 0, 0}};
  static Table Tiny = {{8, 1, 0, 0}};
  std::vector<NevercStatusCode> Got;
  ASSERT_EQ(
      withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
        NevercCompatibilityKey K{};
        K.Header = {sizeof K, 1, 0, 0};
        K.ProducerBuildID = cview("neverc-0.1.0");
        K.TargetABIKey = cview("x86_64-linux");
        K.LLVMMajor = 22;
        auto Try = [&](uint64_t Low, const NevercCompatibilityKey *Key,
                       NevercInterfaceStability St = NEVERC_INTERFACE_LOCKSTEP,
                       const void *Table = nullptr) {
          if (!Table)
            Table = &T1;
          Got.push_back(R->RegisterInterface(Ctx, NevercInterfaceID{0x77, Low},
                                             St, Table, Key)
                            .Code);
        };
        Try(1, nullptr);
        NevercCompatibilityKey X = K;
        X.ProducerBuildID = cview("");
        Try(2, &X);
        X = K;
        X.TargetABIKey = cview("");
        Try(3, &X);
        X = K;
        X.LLVMMajor = 0;
        Try(4, &X);
        X = K;
        X.Header.StructSize = 16;
        Try(5, &X);
        Try(6, &K, 2);                                    // unknown stability
        Got.push_back(R->RegisterInterface(Ctx, NevercInterfaceID{0x77, 7}, NEVERC_INTERFACE_STABLE, nullptr, &K).Code); // NULL table
        Try(8, &K, NEVERC_INTERFACE_STABLE, &Tiny);       // tiny header
        Got.push_back(R->RegisterInterface(Ctx, NevercInterfaceID{0, 0},
                                           NEVERC_INTERFACE_STABLE, &T1, nullptr)
                          .Code);
        Try(10, &K);                                      // LOCKSTEP OK
        Try(11, nullptr, NEVERC_INTERFACE_STABLE);        // STABLE, no key
        Try(10, &K);                                      // duplicate
        X = K;
        X.ProducerBuildID = cview("someone-else");
        Try(12, &X);                                      // accepted, unusable
        return okStatus();
      }),
      NEVERC_STATUS_OK);
  const NevercStatusCode Bad = NEVERC_STATUS_INVALID_DESCRIPTOR;
  EXPECT_EQ(Got, (std::vector<NevercStatusCode>{
                     Bad, Bad, Bad, Bad, Bad, Bad,
                     NEVERC_STATUS_INVALID_ARGUMENT, Bad, Bad, NEVERC_STATUS_OK,
                     NEVERC_STATUS_OK, NEVERC_STATUS_DUPLICATE_ID,
                     NEVERC_STATUS_OK}));
  const NevercCoreAPI *C = gCfg[0].Core;
  const void *T = nullptr;
  EXPECT_EQ(C->QueryInterface(C->Context, NevercInterfaceID{0x77, 10}, 1, 0, &T,
                              nullptr, nullptr)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(T, &T1);
  EXPECT_EQ(C->QueryInterface(C->Context, NevercInterfaceID{0x77, 12}, 1, 0, &T,
                              nullptr, nullptr)
                .Code,
            NEVERC_STATUS_VERSION_MISMATCH);
}

//===--- H16/H33: apply-time refusal --------------------------------------===//

TEST_F(HostTest, H16_InterceptorOnSealedPhaseRefused) {
  InterceptorFn Fn;
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  gCfg[0].OnRegister = [&](auto, const NevercRegistrarAPI *R, void *Ctx) {
    NevercInterceptorDescriptor D = interceptorDesc(PHASE_ID(OBJECT_COMMIT), &Fn);
    D.DestroyUserData = destroyUD<0>;
    return R->RegisterInterceptor(Ctx, &D); // structurally fine: OK
  };
  EXPECT_EQ(host().initialize().Code, NEVERC_STATUS_POLICY_VIOLATION);
  EXPECT_EQ(gDestroyed[0], 1);
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "interceptor refused"));
  EXPECT_TRUE(host().phases().at(Phase_OBJECT_COMMIT).Interceptors.empty());
  host().shutdown();
  EXPECT_EQ(gDestroyed[0], 1) << "exactly once (H33)";
}

TEST_F(HostTest, H16_ProviderOnNonReplaceableRefused) {
  ProviderFn Fn;
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  gCfg[0].OnRegister = [&](auto, const NevercRegistrarAPI *R, void *Ctx) {
    NevercProviderDescriptor D =
        providerDesc(PHASE_ID(DRIVER_RAW_ARGUMENTS), "prov", &Fn, false);
    D.DestroyUserData = destroyUD<1>;
    return R->RegisterProvider(Ctx, &D);
  };
  EXPECT_EQ(host().initialize().Code, NEVERC_STATUS_POLICY_VIOLATION);
  EXPECT_EQ(gDestroyed[1], 1);
  H.reset();
  EXPECT_EQ(gDestroyed[1], 1);
}

TEST_F(HostTest, H16_ObserverOnUnknownPhaseIsNotFound) {
  ObserverFn Fn;
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  gCfg[0].OnRegister = [&](auto, const NevercRegistrarAPI *R, void *Ctx) {
    NevercObserverDescriptor D =
        observerDesc(NevercInterfaceID{0x12345, 0x678}, NEVERC_OBSERVER_AFTER, &Fn);
    D.DestroyUserData = destroyUD<2>;
    return R->RegisterObserver(Ctx, &D);
  };
  EXPECT_EQ(host().initialize().Code, NEVERC_STATUS_NOT_FOUND);
  EXPECT_EQ(gDestroyed[2], 1);
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "no phase"));
  host().shutdown();
  EXPECT_EQ(gDestroyed[2], 1);
}

TEST_F(HostTest, H16_ObserverOnPhaseWithoutOIsPolicyViolation) {
  const NevercInterfaceID Ext{NEVERC_EXTENSION_FAMILY_0_ID_HIGH,
                              NEVERC_EXTENSION_FAMILY_0_ID_LOW_MIN};
  ObserverFn Fn;
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  gCfg[0].OnRegister = [&](auto, const NevercRegistrarAPI *R, void *Ctx) {
    NevercPhaseDescriptor P{};
    P.Header = {sizeof P, 1, 0, 0};
    P.Phase = Ext;
    P.CanonicalName = cview("org.test.no_o");
    P.InputArtifact = P.OutputArtifact = NevercInterfaceID{1, 1};
    P.Policy = NEVERC_PHASE_INTERCEPTABLE;
    NevercStatus S = R->RegisterPhase(Ctx, &P);
    if (!isOk(S))
      return S;
    NevercObserverDescriptor D = observerDesc(Ext, NEVERC_OBSERVER_AFTER, &Fn);
    D.DestroyUserData = destroyUD<3>;
    return R->RegisterObserver(Ctx, &D);
  };
  EXPECT_EQ(host().initialize().Code, NEVERC_STATUS_POLICY_VIOLATION);
  EXPECT_EQ(gDestroyed[3], 1);
}

TEST_F(HostTest, H16_AcceptedRegistrationsActivatePhase) {
  InterceptorFn Fn;
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercInterceptorDescriptor D =
                  interceptorDesc(PHASE_ID(LINK_INPUT_PROBE), &Fn);
              return R->RegisterInterceptor(Ctx, &D);
            }),
            NEVERC_STATUS_OK);
  EXPECT_TRUE(host().phases().at(Phase_LINK_INPUT_PROBE).Active);
  EXPECT_EQ(host().phases().at(Phase_LINK_INPUT_PROBE).Interceptors.size(), 1u);
  EXPECT_FALSE(host().phases().at(Phase_OBJECT_COMMIT).Active);
}

//===--- Phase execution helpers ------------------------------------------===//

class PhaseTest : public HostTest {
protected:
  Session *S = nullptr;
  Task *T = nullptr;
  StepLog Step;
  VerifyLog Verify;
  int InputPayload = 0, BuiltinPayload = 0, PluginPayload = 0;

  void begin() {
    ASSERT_EQ(host().beginSession(&S).Code, NEVERC_STATUS_OK);
    ASSERT_EQ(S->beginTask(NEVERC_TASK_LINK, &T).Code, NEVERC_STATUS_OK);
  }
  PhaseRequest request(bool WithVerifier = false) {
    PhaseRequest R;
    R.T = T;
    R.Input = &InputPayload;
    Step.Produce = &BuiltinPayload;
    R.Builtin = {stepRun, &Step};
    if (WithVerifier)
      R.Verifier = {verifyRun, &Verify};
    return R;
  }
  /// Registers one interceptor on \p Phase in plugin 0 and begins a task.
  void interceptor(NevercInterfaceID Phase, InterceptorFn *Fn) {
    ASSERT_EQ(withPlugin([=](auto, const NevercRegistrarAPI *R, void *Ctx) {
                NevercInterceptorDescriptor D = interceptorDesc(Phase, Fn);
                return R->RegisterInterceptor(Ctx, &D);
              }),
              NEVERC_STATUS_OK);
    begin();
  }
  void provider(NevercInterfaceID Phase, ProviderFn *Fn, bool FallbackSafe) {
    ASSERT_EQ(withPlugin([=](auto, const NevercRegistrarAPI *R, void *Ctx) {
                NevercProviderDescriptor D =
                    providerDesc(Phase, "org.test.prov", Fn, FallbackSafe);
                return R->RegisterProvider(Ctx, &D);
              }),
              NEVERC_STATUS_OK);
    begin();
  }
  NevercArtifactHandle makeArtifact(const NevercPhaseFrame *F,
                                    NevercInterfaceID Type, void *Payload) {
    NevercArtifactHandle A{};
    EXPECT_NE(gCfg[0].Test, nullptr);
    EXPECT_EQ(gCfg[0].Test->CreateArtifact(gCfg[0].Test->Context, F->Task, Type,
                                           Payload, &A)
                  .Code,
              NEVERC_STATUS_OK);
    return A;
  }
  NevercProofHandle makeProof(const NevercPhaseFrame *F, NevercInterfaceID Phase) {
    NevercProofHandle P{};
    EXPECT_EQ(gCfg[0].Test->CreateProof(gCfg[0].Test->Context, F->Task, Phase,
                                        nullptr, &P)
                  .Code,
              NEVERC_STATUS_OK);
    return P;
  }
};

//===--- Zero-cost path ---------------------------------------------------===//

TEST_F(PhaseTest, ZeroCostUnobservedPhase) {
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  begin();
  NevercArtifactHandle Before = T->createArtifact(PHASE_OUT(LINK_INPUT_PROBE), nullptr);
  EXPECT_FALSE(host().phases().at(Phase_LINK_INPUT_PROBE).Active);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request(true));
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(Step.Runs, 1);
  EXPECT_EQ(Step.SeenInput, &InputPayload) << "the exact input pointer";
  EXPECT_EQ(O.Output, &BuiltinPayload);
  EXPECT_EQ(O.Action, NEVERC_PHASE_CONTINUE);
  EXPECT_FALSE(O.ByPlugin);
  EXPECT_EQ(Verify.Runs, 1);
  EXPECT_EQ(Verify.Seen, &BuiltinPayload);
  // No artifact was created (and dropped): the next one takes a fresh slot
  // with generation 1.
  NevercArtifactHandle After = T->createArtifact(PHASE_OUT(LINK_INPUT_PROBE), nullptr);
  EXPECT_EQ(decodeHandle(After).Slot, decodeHandle(Before).Slot + 1);
  EXPECT_EQ(decodeHandle(After).Generation, 1u);
}

TEST_F(PhaseTest, ObservedPhaseCreatesFrameArtifacts) {
  ObserverFn Fn = [](const NevercPhaseFrame *, NevercObserverPoint) {
    return okStatus();
  };
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercObserverDescriptor D = observerDesc(
                  PHASE_ID(LINK_INPUT_PROBE), NEVERC_OBSERVER_BEFORE, &Fn);
              return R->RegisterObserver(Ctx, &D);
            }),
            NEVERC_STATUS_OK);
  begin();
  NevercArtifactHandle Before = T->createArtifact(PHASE_OUT(LINK_INPUT_PROBE), nullptr);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(Step.SeenInput, &InputPayload);
  EXPECT_EQ(O.Output, &BuiltinPayload);
  NevercArtifactHandle After = T->createArtifact(PHASE_OUT(LINK_INPUT_PROBE), nullptr);
  // Input and built-in output handles were created and dropped: the next
  // artifact reuses one of their slots with a bumped generation.
  EXPECT_NE(decodeHandle(After).Slot, decodeHandle(Before).Slot);
  EXPECT_EQ(decodeHandle(After).Generation, 2u) << "frame handles were dropped";
}

//===--- H18: observer points ---------------------------------------------===//

TEST_F(PhaseTest, H18_PointsOnlyWherePhaseDeclaresThem) {
  std::vector<std::pair<std::string, NevercObserverPoint>> Fired;
  ObserverFn Commit = [&](const NevercPhaseFrame *F, NevercObserverPoint P) {
    EXPECT_TRUE((F->Phase == PHASE_ID(OBJECT_COMMIT)));
    Fired.push_back({"commit", P});
    return okStatus();
  };
  ObserverFn Probe = [&](const NevercPhaseFrame *, NevercObserverPoint P) {
    Fired.push_back({"probe", P});
    return okStatus();
  };
  ObserverFn Event = [&](const NevercPhaseFrame *F, NevercObserverPoint P) {
    EXPECT_TRUE(F->Input == F->CurrentOutput);
    Fired.push_back({"event", P});
    return okStatus();
  };
  ObserverFn Never = [&](const NevercPhaseFrame *, NevercObserverPoint P) {
    Fired.push_back({"never", P});
    return okStatus();
  };
  const NevercObserverPoint All = 7;
  ASSERT_EQ(
      withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
        NevercObserverDescriptor D[] = {
            observerDesc(PHASE_ID(OBJECT_COMMIT), All, &Commit),
            observerDesc(PHASE_ID(LINK_INPUT_PROBE), All, &Probe),
            observerDesc(PHASE_ID(SOURCE_AFTER_OPEN), All, &Event),
            observerDesc(PHASE_ID(LINK_READ_INPUTS), NEVERC_OBSERVER_AFTER_COMMIT,
                         &Never)};
        for (auto &X : D)
          if (NevercStatus S = R->RegisterObserver(Ctx, &X); !isOk(S))
            return S;
        return okStatus();
      }),
      NEVERC_STATUS_OK);
  begin();
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "never be called"));
  EXPECT_EQ(host().runPhase(Phase_OBJECT_COMMIT, request()).Status.Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_OK);
  int Payload = 0;
  EXPECT_EQ(host().raiseEvent(Phase_SOURCE_AFTER_OPEN, *T, &Payload).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(host().runPhase(Phase_LINK_READ_INPUTS, request()).Status.Code,
            NEVERC_STATUS_OK);
  using P = std::pair<std::string, NevercObserverPoint>;
  EXPECT_EQ(Fired, (std::vector<P>{{"commit", NEVERC_OBSERVER_BEFORE},
                                   {"commit", NEVERC_OBSERVER_AFTER_COMMIT},
                                   {"probe", NEVERC_OBSERVER_BEFORE},
                                   {"probe", NEVERC_OBSERVER_AFTER},
                                   {"event", NEVERC_OBSERVER_AFTER}}));
}

TEST_F(PhaseTest, H18_FailingObserverStopsPhase) {
  ObserverFn Fail = [](const NevercPhaseFrame *, NevercObserverPoint P) {
    return P == NEVERC_OBSERVER_BEFORE ? makeStatus(NEVERC_STATUS_PLUGIN_FAILURE)
                                       : okStatus();
  };
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercObserverDescriptor D =
                  observerDesc(PHASE_ID(LINK_INPUT_PROBE), 3, &Fail);
              return R->RegisterObserver(Ctx, &D);
            }),
            NEVERC_STATUS_OK);
  begin();
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_PLUGIN_FAILURE);
  EXPECT_EQ(Step.Runs, 0);
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "observer failed"));
}

//===--- H19-H22: interceptor chain ---------------------------------------===//

TEST_F(PhaseTest, H22_ContinueWithInvokeNext) {
  void *Seen = nullptr;
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                         NevercPhaseResult *Out) {
    NevercPhaseResult Down{};
    Down.Header = {sizeof Down, 1, 0, 0};
    NevercStatus S = C->InvokeNext(C, F, &Down);
    EXPECT_EQ(S.Code, NEVERC_STATUS_OK);
    EXPECT_EQ(Down.Action, NEVERC_PHASE_CONTINUE);
    EXPECT_FALSE(isNull(Down.Output));
    Task *Tk = nullptr;
    EXPECT_EQ(host().resolveTask(F->Task, &Tk).Code, NEVERC_STATUS_OK);
    if (Tk)
      EXPECT_EQ(Tk->lookupArtifact(Down.Output, nullptr, &Seen).Code,
                NEVERC_STATUS_OK);
    Out->Action = NEVERC_PHASE_CONTINUE;
    return S;
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(O.Action, NEVERC_PHASE_CONTINUE);
  EXPECT_EQ(O.Output, &BuiltinPayload);
  EXPECT_FALSE(O.ByPlugin);
  EXPECT_EQ(Step.Runs, 1);
  EXPECT_EQ(Step.SeenInput, &InputPayload);
  EXPECT_EQ(Seen, &BuiltinPayload);
}

TEST_F(PhaseTest, H22_ContinueWithoutInvokeNext) {
  InterceptorFn Fn = [&](const NevercPhaseFrame *, NevercPhaseContinuation *,
                         NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_CONTINUE;
    return okStatus();
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_POLICY_VIOLATION);
  EXPECT_EQ(Step.Runs, 0);
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "without calling InvokeNext"));
}

TEST_F(PhaseTest, H22_ContinueWithOutputSet) {
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                         NevercPhaseResult *Out) {
    NevercStatus S = C->InvokeNext(C, F, nullptr);
    Out->Action = NEVERC_PHASE_CONTINUE;
    Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
    return S;
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_POLICY_VIOLATION);
}

TEST_F(PhaseTest, H22_ReplaceOk) {
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *,
                         NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_REPLACE;
    Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
    return okStatus();
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request(true));
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(O.Action, NEVERC_PHASE_REPLACE);
  EXPECT_EQ(O.Output, &PluginPayload);
  EXPECT_TRUE(O.ByPlugin);
  EXPECT_EQ(Step.Runs, 0) << "the built-in is replaced";
  EXPECT_EQ(Verify.Runs, 1);
  EXPECT_EQ(Verify.Seen, &PluginPayload);
}

TEST_F(PhaseTest, H22_ReplaceAfterInvokeNext) {
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                         NevercPhaseResult *Out) {
    C->InvokeNext(C, F, nullptr);
    Out->Action = NEVERC_PHASE_REPLACE;
    Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
    return okStatus();
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_POLICY_VIOLATION);
}

TEST_F(PhaseTest, H22_ReplaceWithoutOutputOrWithProof) {
  int Mode = 0;
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *,
                         NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_REPLACE;
    if (Mode == 1) {
      Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
      Out->Proof = makeProof(F, PHASE_ID(LINK_INPUT_PROBE));
    }
    return okStatus();
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_POLICY_VIOLATION);
  Mode = 1;
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_POLICY_VIOLATION);
  EXPECT_EQ(Step.Runs, 0);
}

TEST_F(PhaseTest, H22_ReplaceOnNonReplaceablePhase) {
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *,
                         NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_REPLACE;
    Out->Output = makeArtifact(F, PHASE_OUT(DRIVER_RAW_ARGUMENTS), &PluginPayload);
    return okStatus();
  };
  interceptor(PHASE_ID(DRIVER_RAW_ARGUMENTS), &Fn);
  EXPECT_EQ(host().runPhase(Phase_DRIVER_RAW_ARGUMENTS, request()).Status.Code,
            NEVERC_STATUS_POLICY_VIOLATION);
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "not replaceable"));
}

TEST_F(PhaseTest, H22_ReplaceWithWrongArtifactType) {
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *,
                         NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_REPLACE;
    Out->Output = makeArtifact(F, NevercInterfaceID{9, 9}, &PluginPayload);
    return okStatus();
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_WRONG_TYPE);
}

TEST_F(PhaseTest, H22_SkipWithProof) {
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *,
                         NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_SKIP;
    Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
    Out->Proof = makeProof(F, PHASE_ID(LINK_INPUT_PROBE));
    return okStatus();
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(O.Action, NEVERC_PHASE_SKIP);
  EXPECT_EQ(O.Output, &PluginPayload);
  EXPECT_TRUE(O.ByPlugin);
  EXPECT_EQ(Step.Runs, 0);
}

TEST_F(PhaseTest, H22_SkipWithoutProofOrWrongProof) {
  int Mode = 0;
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *,
                         NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_SKIP;
    Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
    if (Mode == 1)
      Out->Proof = makeProof(F, PHASE_ID(LINK_READ_INPUTS));
    if (Mode == 2)
      Out->Proof = makeArtifact(F, PHASE_ID(LINK_INPUT_PROBE), nullptr);
    return okStatus();
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  for (int M : {0, 1, 2}) {
    Mode = M;
    EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
              NEVERC_STATUS_POLICY_VIOLATION)
        << "mode " << M;
  }
  EXPECT_EQ(Step.Runs, 0);
}

TEST_F(PhaseTest, H22_SkipOnNonSkippablePhase) {
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *,
                         NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_SKIP;
    Out->Output =
        makeArtifact(F, PHASE_OUT(DRIVER_SELECT_TOOLCHAIN), &PluginPayload);
    Out->Proof = makeProof(F, PHASE_ID(DRIVER_SELECT_TOOLCHAIN));
    return okStatus();
  };
  interceptor(PHASE_ID(DRIVER_SELECT_TOOLCHAIN), &Fn);
  EXPECT_EQ(host().runPhase(Phase_DRIVER_SELECT_TOOLCHAIN, request()).Status.Code,
            NEVERC_STATUS_POLICY_VIOLATION);
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "not skippable"));
}

TEST_F(PhaseTest, H22_UnknownAction) {
  InterceptorFn Fn = [&](const NevercPhaseFrame *, NevercPhaseContinuation *,
                         NevercPhaseResult *Out) {
    Out->Action = 7;
    return okStatus();
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_POLICY_VIOLATION);
}

TEST_F(PhaseTest, H22_InterceptorFailurePropagates) {
  InterceptorFn Fn = [&](const NevercPhaseFrame *, NevercPhaseContinuation *,
                         NevercPhaseResult *) {
    return makeStatus(NEVERC_STATUS_PLUGIN_FAILURE);
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_PLUGIN_FAILURE);
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "interceptor failed"));
}

TEST_F(PhaseTest, H19_InvokeNextTwice) {
  NevercStatusCode Second = NEVERC_STATUS_OK;
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                         NevercPhaseResult *Out) {
    NevercStatus S = C->InvokeNext(C, F, nullptr);
    Second = C->InvokeNext(C, F, nullptr).Code;
    Out->Action = NEVERC_PHASE_CONTINUE;
    return S;
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(Second, NEVERC_STATUS_POLICY_VIOLATION);
  EXPECT_EQ(Step.Runs, 1) << "the chain runs once";
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
}

TEST_F(PhaseTest, H20_InvokeNextFromAnotherThread) {
  NevercStatusCode Other = NEVERC_STATUS_OK;
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                         NevercPhaseResult *Out) {
    std::thread Th([&] { Other = C->InvokeNext(C, F, nullptr).Code; });
    Th.join();
    EXPECT_EQ(Step.Runs, 0);
    NevercStatus S = C->InvokeNext(C, F, nullptr);
    Out->Action = NEVERC_PHASE_CONTINUE;
    return S;
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(Other, NEVERC_STATUS_WRONG_SCOPE);
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(Step.Runs, 1);
}

TEST_F(PhaseTest, H21_ContinuationAfterReturnIsWrongScope) {
  // Project decision: a continuation used after its callback returned gives
  // WRONG_SCOPE (overrides core.md H21's STALE_HANDLE).
  NevercPhaseContinuation *Kept = nullptr;
  NevercPhaseFrame KeptFrame{};
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                         NevercPhaseResult *Out) {
    Kept = C;
    KeptFrame = *F;
    Out->Action = NEVERC_PHASE_CONTINUE;
    return C->InvokeNext(C, F, nullptr);
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  ASSERT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_OK);
  ASSERT_NE(Kept, nullptr);
  EXPECT_EQ(Kept->InvokeNext(Kept, &KeptFrame, nullptr).Code,
            NEVERC_STATUS_WRONG_SCOPE);
  EXPECT_EQ(Step.Runs, 1);
  EXPECT_FALSE(T->continuationLive(Kept));
}

TEST_F(PhaseTest, H22_TwoInterceptorsChainInOrder) {
  std::vector<std::string> Order;
  InterceptorFn Outer = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                            NevercPhaseResult *Out) {
    Order.push_back("outer-in");
    NevercStatus S = C->InvokeNext(C, F, nullptr);
    Order.push_back("outer-out");
    Out->Action = NEVERC_PHASE_CONTINUE;
    return S;
  };
  InterceptorFn Inner = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *,
                            NevercPhaseResult *Out) {
    Order.push_back("inner");
    Out->Action = NEVERC_PHASE_REPLACE;
    Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
    return okStatus();
  };
  gCfg[1].OnRegister = [&](auto, const NevercRegistrarAPI *R, void *Ctx) {
    NevercInterceptorDescriptor D =
        interceptorDesc(PHASE_ID(LINK_INPUT_PROBE), &Inner);
    return R->RegisterInterceptor(Ctx, &D);
  };
  gCfg[0].OnRegister = [&](auto, const NevercRegistrarAPI *R, void *Ctx) {
    NevercInterceptorDescriptor D =
        interceptorDesc(PHASE_ID(LINK_INPUT_PROBE), &Outer);
    return R->RegisterInterceptor(Ctx, &D);
  };
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  ASSERT_EQ(load(1), NEVERC_STATUS_OK);
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  begin();
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(Order, (std::vector<std::string>{"outer-in", "inner", "outer-out"}));
  EXPECT_EQ(O.Output, &PluginPayload);
  EXPECT_EQ(O.Action, NEVERC_PHASE_REPLACE);
  EXPECT_EQ(Step.Runs, 0);
}

//===--- H23/H24: providers -----------------------------------------------===//

TEST_F(PhaseTest, H23_ProviderReplaceOk) {
  ProviderFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_REPLACE;
    Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
    return okStatus();
  };
  provider(PHASE_ID(LINK_INPUT_PROBE), &Fn, false);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(O.Action, NEVERC_PHASE_REPLACE);
  EXPECT_EQ(O.Output, &PluginPayload);
  EXPECT_TRUE(O.ByPlugin);
  EXPECT_EQ(Step.Runs, 0);
}

TEST_F(PhaseTest, H23_ProviderContractViolations) {
  int Mode = 0;
  ProviderFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseResult *Out) {
    switch (Mode) {
    case 0: // CONTINUE
      Out->Action = NEVERC_PHASE_CONTINUE;
      Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
      break;
    case 1: // REPLACE without Output
      Out->Action = NEVERC_PHASE_REPLACE;
      break;
    case 2: // REPLACE with Proof
      Out->Action = NEVERC_PHASE_REPLACE;
      Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
      Out->Proof = makeProof(F, PHASE_ID(LINK_INPUT_PROBE));
      break;
    case 3: // SKIP
      Out->Action = NEVERC_PHASE_SKIP;
      Out->Output = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
      Out->Proof = makeProof(F, PHASE_ID(LINK_INPUT_PROBE));
      break;
    }
    return okStatus();
  };
  provider(PHASE_ID(LINK_INPUT_PROBE), &Fn, true);
  for (int M : {0, 1, 2, 3}) {
    Mode = M;
    EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
              NEVERC_STATUS_POLICY_VIOLATION)
        << "mode " << M;
  }
  EXPECT_EQ(Step.Runs, 0) << "a contract violation never falls back";
}

TEST_F(PhaseTest, H24_RecoverableFallbackSafeRunsBuiltin) {
  ProviderFn Fn = [&](const NevercPhaseFrame *, NevercPhaseResult *) {
    return makeStatus(NEVERC_STATUS_PLUGIN_FAILURE,
                      NEVERC_STATUS_FLAG_RECOVERABLE);
  };
  provider(PHASE_ID(LINK_INPUT_PROBE), &Fn, true);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(Step.Runs, 1);
  EXPECT_EQ(Step.SeenInput, &InputPayload);
  EXPECT_EQ(O.Output, &BuiltinPayload);
  EXPECT_FALSE(O.ByPlugin);
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "falling back"));
}

TEST_F(PhaseTest, H24_NotFallbackSafePropagates) {
  ProviderFn Fn = [&](const NevercPhaseFrame *, NevercPhaseResult *) {
    return makeStatus(NEVERC_STATUS_PLUGIN_FAILURE,
                      NEVERC_STATUS_FLAG_RECOVERABLE);
  };
  provider(PHASE_ID(LINK_INPUT_PROBE), &Fn, false);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_PLUGIN_FAILURE);
  EXPECT_EQ(Step.Runs, 0);
}

TEST_F(PhaseTest, H24_NotRecoverablePropagates) {
  ProviderFn Fn = [&](const NevercPhaseFrame *, NevercPhaseResult *) {
    return makeStatus(NEVERC_STATUS_PLUGIN_FAILURE);
  };
  provider(PHASE_ID(LINK_INPUT_PROBE), &Fn, true);
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_PLUGIN_FAILURE);
  EXPECT_EQ(Step.Runs, 0);
}

TEST_F(PhaseTest, ProviderRouteMismatchRunsBuiltin) {
  ProviderFn Fn = [&](const NevercPhaseFrame *, NevercPhaseResult *) {
    ADD_FAILURE() << "provider for another triple was called";
    return makeStatus(NEVERC_STATUS_PLUGIN_FAILURE);
  };
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercProviderDescriptor D =
                  providerDesc(PHASE_ID(LINK_INPUT_PROBE), "arm", &Fn, false);
              D.Route.TargetTriple = cview("aarch64-*");
              return R->RegisterProvider(Ctx, &D);
            }),
            NEVERC_STATUS_OK);
  begin();
  S->setRoute("x86_64-unknown-linux-gnu");
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(Step.Runs, 1);
}

//===--- H25: verifier ----------------------------------------------------===//

TEST_F(PhaseTest, H25_VerifierFailureObservedSealedCommit) {
  std::vector<NevercObserverPoint> Fired;
  ObserverFn Fn = [&](const NevercPhaseFrame *, NevercObserverPoint P) {
    Fired.push_back(P);
    return okStatus();
  };
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercObserverDescriptor D =
                  observerDesc(PHASE_ID(OBJECT_COMMIT), 7, &Fn);
              return R->RegisterObserver(Ctx, &D);
            }),
            NEVERC_STATUS_OK);
  begin();
  Verify.Result = makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
  PhaseOutcome O = host().runPhase(Phase_OBJECT_COMMIT, request(true));
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_VERIFICATION_FAILED);
  EXPECT_EQ(O.Status.Detail, uint64_t(NEVERC_STATUS_INVALID_DESCRIPTOR));
  EXPECT_EQ(Verify.Runs, 1);
  EXPECT_EQ(Fired, std::vector<NevercObserverPoint>{NEVERC_OBSERVER_BEFORE})
      << "nothing committed, no AFTER_COMMIT";
  EXPECT_TRUE(Sink.contains("rejected the output"));
  // Positive.
  Fired.clear();
  Verify.Result = okStatus();
  EXPECT_EQ(host().runPhase(Phase_OBJECT_COMMIT, request(true)).Status.Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Fired, (std::vector<NevercObserverPoint>{
                       NEVERC_OBSERVER_BEFORE, NEVERC_OBSERVER_AFTER_COMMIT}));
}

TEST_F(PhaseTest, H25_VerifierFailureUnobserved) {
  // Regression (fixed core bug): on the zero-cost path Host::runPhase returns the verifier's
  // own status instead of VERIFICATION_FAILED (the observed path converts
  // it), so the same failing verifier yields different codes depending on
  // whether some plugin registered on the phase.
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  begin();
  Verify.Result = makeStatus(NEVERC_STATUS_VERIFICATION_FAILED);
  EXPECT_EQ(host().runPhase(Phase_OBJECT_COMMIT, request(true)).Status.Code,
            NEVERC_STATUS_VERIFICATION_FAILED);
  Verify.Result = makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
  EXPECT_EQ(host().runPhase(Phase_OBJECT_COMMIT, request(true)).Status.Code,
            NEVERC_STATUS_VERIFICATION_FAILED);
  Verify.Result = okStatus();
  EXPECT_EQ(host().runPhase(Phase_OBJECT_COMMIT, request(true)).Status.Code,
            NEVERC_STATUS_OK);
}

//===--- H29/H39: state lookups -------------------------------------------===//

TEST_F(PhaseTest, H29_StateLookups) {
  ASSERT_EQ(load(0), NEVERC_STATUS_OK);
  gCfg[1].NoSessionBegin = true;
  ASSERT_EQ(load(1), NEVERC_STATUS_OK);
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  begin();
  const NevercCoreAPI *C = gCfg[0].Core;
  void *Out = nullptr;
  ASSERT_EQ(C->GetSessionState(C->Context, S->handle(), cview("org.test.p0"), &Out)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Out, &gCfg[0].SessionMarker);
  ASSERT_EQ(C->GetTaskState(C->Context, T->handle(), cview("org.test.p0"), &Out)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Out, &gCfg[0].TaskMarker);
  // Another plugin's state by its ID; NULL where the callback was absent.
  ASSERT_EQ(C->GetTaskState(C->Context, T->handle(), cview("org.test.p1"), &Out)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Out, &gCfg[1].TaskMarker);
  Out = &Out;
  ASSERT_EQ(C->GetSessionState(C->Context, S->handle(), cview("org.test.p1"), &Out)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Out, nullptr);
  // Handles the plugins received are the same handles.
  ASSERT_EQ(gCfg[0].Sessions.size(), 1u);
  EXPECT_TRUE(gCfg[0].Sessions[0] == S->handle());
  ASSERT_EQ(gCfg[0].Tasks.size(), 1u);
  EXPECT_TRUE(gCfg[0].Tasks[0] == T->handle());
  // Unknown plugin.
  EXPECT_EQ(C->GetSessionState(C->Context, S->handle(), cview("nope"), &Out).Code,
            NEVERC_STATUS_NOT_FOUND);
  EXPECT_EQ(C->GetTaskState(C->Context, T->handle(), cview("nope"), &Out).Code,
            NEVERC_STATUS_NOT_FOUND);
  // Wrong kinds and null.
  EXPECT_EQ(C->GetSessionState(C->Context, T->handle(), cview("org.test.p0"), &Out)
                .Code,
            NEVERC_STATUS_WRONG_TYPE);
  EXPECT_EQ(C->GetTaskState(C->Context, S->handle(), cview("org.test.p0"), &Out)
                .Code,
            NEVERC_STATUS_WRONG_TYPE);
  EXPECT_EQ(C->GetTaskState(C->Context, NevercHandle{0, 0}, cview("org.test.p0"),
                            &Out)
                .Code,
            NEVERC_STATUS_WRONG_TYPE);
  EXPECT_EQ(C->GetTaskState(C->Context, T->handle(), cview("org.test.p0"), nullptr)
                .Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  // Ended task, then ended session.
  NevercTaskHandle OldTask = T->handle();
  NevercSessionHandle OldSession = S->handle();
  ASSERT_EQ(S->endTask(T).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(C->GetTaskState(C->Context, OldTask, cview("org.test.p0"), &Out).Code,
            NEVERC_STATUS_STALE_HANDLE);
  ASSERT_EQ(host().endSession(S).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(C->GetSessionState(C->Context, OldSession, cview("org.test.p0"), &Out)
                .Code,
            NEVERC_STATUS_STALE_HANDLE);
  EXPECT_EQ(C->GetTaskState(C->Context, OldTask, cview("org.test.p0"), &Out).Code,
            NEVERC_STATUS_STALE_HANDLE);
}

TEST_F(PhaseTest, H39_FrameHandlesResolveInsideCallbacks) {
  int Calls = 0;
  auto Check = [&](const NevercPhaseFrame *F) {
    ++Calls;
    const NevercCoreAPI *C = gCfg[0].Core;
    void *Out = nullptr;
    EXPECT_EQ(C->GetTaskState(C->Context, F->Task, cview("org.test.p0"), &Out).Code,
              NEVERC_STATUS_OK);
    EXPECT_EQ(Out, &gCfg[0].TaskMarker);
    EXPECT_EQ(
        C->GetSessionState(C->Context, F->Session, cview("org.test.p0"), &Out).Code,
        NEVERC_STATUS_OK);
    EXPECT_EQ(Out, &gCfg[0].SessionMarker);
    EXPECT_EQ(C->CheckCancelled(C->Context, F->Task).Code, NEVERC_STATUS_OK);
    EXPECT_EQ(F->Header.StructSize, sizeof(NevercPhaseFrame));
  };
  ObserverFn Obs = [&](const NevercPhaseFrame *F, NevercObserverPoint) {
    Check(F);
    return okStatus();
  };
  InterceptorFn Int = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                          NevercPhaseResult *Out) {
    Check(F);
    Out->Action = NEVERC_PHASE_CONTINUE;
    return C->InvokeNext(C, F, nullptr);
  };
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercObserverDescriptor O =
                  observerDesc(PHASE_ID(LINK_INPUT_PROBE), 3, &Obs);
              NevercInterceptorDescriptor I =
                  interceptorDesc(PHASE_ID(LINK_INPUT_PROBE), &Int);
              R->RegisterObserver(Ctx, &O);
              return R->RegisterInterceptor(Ctx, &I);
            }),
            NEVERC_STATUS_OK);
  begin();
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Calls, 3);
}

TEST_F(PhaseTest, ArtifactLookupScopes) {
  ASSERT_EQ(host().initialize().Code, NEVERC_STATUS_OK);
  begin();
  int X = 0;
  NevercArtifactHandle A = T->createArtifact(NevercInterfaceID{1, 1}, &X);
  void *P = nullptr;
  NevercInterfaceID Type{};
  ASSERT_EQ(T->lookupArtifact(A, &Type, &P).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(P, &X);
  EXPECT_TRUE(Type == (NevercInterfaceID{1, 1}));
  EXPECT_EQ(T->lookupArtifact(NevercHandle{0, 0}, nullptr, nullptr).Code,
            NEVERC_STATUS_WRONG_TYPE);
  NevercProofHandle Pr = T->createProof(NevercInterfaceID{1, 1}, nullptr);
  EXPECT_EQ(T->lookupArtifact(Pr, nullptr, nullptr).Code,
            NEVERC_STATUS_WRONG_TYPE);
  // Another live task of the same session.
  Task *T2 = nullptr;
  ASSERT_EQ(S->beginTask(NEVERC_TASK_LINK, &T2).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(T2->lookupArtifact(A, nullptr, nullptr).Code,
            NEVERC_STATUS_WRONG_SCOPE);
  // A task of another live session.
  Session *S2 = nullptr;
  ASSERT_EQ(host().beginSession(&S2).Code, NEVERC_STATUS_OK);
  Task *T3 = nullptr;
  ASSERT_EQ(S2->beginTask(NEVERC_TASK_LINK, &T3).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(T3->lookupArtifact(A, nullptr, nullptr).Code,
            NEVERC_STATUS_WRONG_SESSION);
  // Erased slot in a live task: stale.
  NevercArtifactHandle B = T2->createArtifact(NevercInterfaceID{1, 1}, &X);
  ASSERT_EQ(S->endTask(T).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(T2->lookupArtifact(A, nullptr, nullptr).Code,
            NEVERC_STATUS_STALE_HANDLE)
      << "the owning task ended";
  EXPECT_EQ(T2->lookupArtifact(B, nullptr, nullptr).Code, NEVERC_STATUS_OK);
}

//===--- H30: option reads ------------------------------------------------===//

NevercOptionDescriptor optionDesc(const char *Spelling, NevercOptionForm Form,
                                  NevercOptionValueType Type,
                                  NevercOptionMultiplicity Mult) {
  NevercOptionDescriptor D{};
  D.Header = {sizeof D, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR, 0};
  D.Spelling = cview(Spelling);
  D.Form = Form;
  D.ValueType = Type;
  D.Multiplicity = Mult;
  return D;
}

TEST_F(PhaseTest, H30_OptionReads) {
  NevercStatusCode BadOpt = NEVERC_STATUS_OK, DupOpt = NEVERC_STATUS_OK;
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercOptionDescriptor F = optionDesc(
                  "--cc-all", NEVERC_OPTION_FLAG, NEVERC_OPTION_BOOL,
                  NEVERC_OPTION_LAST_WINS);
              NevercOptionDescriptor S = optionDesc(
                  "--ccspec", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_STRING,
                  NEVERC_OPTION_APPEND);
              NevercOptionDescriptor U = optionDesc(
                  "--unused", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_STRING,
                  NEVERC_OPTION_SINGLE);
              NevercOptionDescriptor Bad = optionDesc(
                  "--bad", NEVERC_OPTION_FLAG, NEVERC_OPTION_STRING,
                  NEVERC_OPTION_SINGLE);
              BadOpt = R->RegisterOption(Ctx, &Bad).Code;
              R->RegisterOption(Ctx, &F);
              R->RegisterOption(Ctx, &U);
              DupOpt = R->RegisterOption(Ctx, &F).Code;
              return R->RegisterOption(Ctx, &S);
            }),
            NEVERC_STATUS_OK);
  EXPECT_EQ(BadOpt, NEVERC_STATUS_INVALID_DESCRIPTOR);
  EXPECT_EQ(DupOpt, NEVERC_STATUS_DUPLICATE_ID);
  begin();
  OptionParser Parser(host().options(), S->optionValues(), Sink,
                      "x86_64-unknown-linux-gnu", {"org.test.p0"});
  std::vector<std::string> Args = {"--cc-all", "--ccspec", "gpr:rcx",
                                   "--ccspec=ret:rax"};
  for (size_t I = 0; I < Args.size();) {
    NevercStatus E;
    ASSERT_TRUE(Parser.consume(Args, I, E));
    ASSERT_EQ(E.Code, NEVERC_STATUS_OK);
  }
  ASSERT_EQ(Parser.pluginArg("org.test.p0:ccspec=a=b").Code, NEVERC_STATUS_OK);
  ASSERT_EQ(Parser.finish().Code, NEVERC_STATUS_OK);

  const NevercCoreAPI *C = gCfg[0].Core;
  NevercStringView P0 = cview("org.test.p0");
  uint64_t Count = 99;
  NevercStringView V{};
  ASSERT_EQ(C->GetPluginOptionValueCount(C->Context, S->handle(), P0,
                                         cview("--ccspec"), &Count)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Count, 3u);
  const char *Want[] = {"gpr:rcx", "ret:rax", "a=b"};
  for (uint64_t I = 0; I < 3; ++I) {
    ASSERT_EQ(C->GetPluginOptionValue(C->Context, S->handle(), P0,
                                      cview("ccspec"), I, &V)
                  .Code,
              NEVERC_STATUS_OK);
    EXPECT_EQ(std::string(view(V)), Want[I]);
  }
  EXPECT_EQ(C->GetPluginOptionValue(C->Context, S->handle(), P0,
                                    cview("--ccspec"), 3, &V)
                .Code,
            NEVERC_STATUS_NOT_FOUND);
  EXPECT_EQ(V.Data, nullptr);
  EXPECT_EQ(V.Length, 0u);
  // FLAG reads back as "1".
  ASSERT_EQ(C->GetPluginOptionValueCount(C->Context, S->handle(), P0,
                                         cview("cc-all"), &Count)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Count, 1u);
  ASSERT_EQ(C->GetPluginOptionValue(C->Context, S->handle(), P0,
                                    cview("--cc-all"), 0, &V)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(std::string(view(V)), "1");
  // Registered but not given: count 0, value NOT_FOUND.
  ASSERT_EQ(C->GetPluginOptionValueCount(C->Context, S->handle(), P0,
                                         cview("--unused"), &Count)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Count, 0u);
  EXPECT_EQ(C->GetPluginOptionValue(C->Context, S->handle(), P0,
                                    cview("--unused"), 0, &V)
                .Code,
            NEVERC_STATUS_NOT_FOUND);
  // Unregistered spelling, another plugin's ID.
  EXPECT_EQ(C->GetPluginOptionValueCount(C->Context, S->handle(), P0,
                                         cview("--nope"), &Count)
                .Code,
            NEVERC_STATUS_NOT_FOUND);
  EXPECT_EQ(C->GetPluginOptionValueCount(C->Context, S->handle(),
                                         cview("org.test.p9"), cview("--ccspec"),
                                         &Count)
                .Code,
            NEVERC_STATUS_NOT_FOUND);
  EXPECT_EQ(C->GetPluginOptionValue(C->Context, S->handle(), P0,
                                    cview("--nope"), 0, &V)
                .Code,
            NEVERC_STATUS_NOT_FOUND);
  // Values are per session.
  Session *S2 = nullptr;
  ASSERT_EQ(host().beginSession(&S2).Code, NEVERC_STATUS_OK);
  ASSERT_EQ(C->GetPluginOptionValueCount(C->Context, S2->handle(), P0,
                                         cview("--ccspec"), &Count)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Count, 0u);
  EXPECT_EQ(C->GetPluginOptionValueCount(C->Context, S->handle(), P0,
                                         cview("--ccspec"), nullptr)
                .Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
}

//===--- H31: cancellation ------------------------------------------------===//

TEST_F(PhaseTest, H31_CheckCancelled) {
  ASSERT_EQ(withPlugin(nullptr), NEVERC_STATUS_OK);
  begin();
  const NevercCoreAPI *C = gCfg[0].Core;
  Task *T2 = nullptr;
  ASSERT_EQ(S->beginTask(NEVERC_TASK_LINK, &T2).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(C->CheckCancelled(C->Context, T->handle()).Code, NEVERC_STATUS_OK);
  T->requestCancel();
  EXPECT_EQ(C->CheckCancelled(C->Context, T->handle()).Code,
            NEVERC_STATUS_CANCELLED);
  EXPECT_EQ(C->CheckCancelled(C->Context, T2->handle()).Code, NEVERC_STATUS_OK);
  S->requestCancel();
  EXPECT_EQ(C->CheckCancelled(C->Context, T2->handle()).Code,
            NEVERC_STATUS_CANCELLED);
  EXPECT_EQ(C->CheckCancelled(C->Context, S->handle()).Code,
            NEVERC_STATUS_WRONG_TYPE);
  NevercTaskHandle Old = T2->handle();
  ASSERT_EQ(S->endTask(T2).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(C->CheckCancelled(C->Context, Old).Code, NEVERC_STATUS_STALE_HANDLE);
}

TEST_F(PhaseTest, H31_CancelledTaskStopsObservedPhase) {
  std::vector<NevercObserverPoint> Fired;
  ObserverFn Fn = [&](const NevercPhaseFrame *, NevercObserverPoint P) {
    Fired.push_back(P);
    return okStatus();
  };
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercObserverDescriptor D =
                  observerDesc(PHASE_ID(LINK_INPUT_PROBE), 3, &Fn);
              return R->RegisterObserver(Ctx, &D);
            }),
            NEVERC_STATUS_OK);
  begin();
  T->requestCancel();
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_CANCELLED);
  EXPECT_EQ(Step.Runs, 0);
  EXPECT_EQ(Fired, std::vector<NevercObserverPoint>{NEVERC_OBSERVER_BEFORE});
}

//===--- H32/H33: UserData lifetime ---------------------------------------===//

TEST_F(HostTest, H32_DestroyUserDataOncePerRegistration) {
  static int UD[5];
  ObserverFn OFn = [](const NevercPhaseFrame *, NevercObserverPoint) {
    return okStatus();
  };
  InterceptorFn IFn;
  ProviderFn PFn;
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercObserverDescriptor O =
                  observerDesc(PHASE_ID(LINK_INPUT_PROBE), 3, &OFn);
              O.UserData = &OFn;
              O.DestroyUserData = destroyUD<0>;
              NevercInterceptorDescriptor I =
                  interceptorDesc(PHASE_ID(LINK_INPUT_PROBE), &IFn);
              I.DestroyUserData = destroyUD<1>;
              NevercProviderDescriptor P =
                  providerDesc(PHASE_ID(LINK_INPUT_PROBE), "p", &PFn, false);
              P.DestroyUserData = destroyUD<2>;
              NevercOptionDescriptor Opt =
                  optionDesc("--opt", NEVERC_OPTION_FLAG, NEVERC_OPTION_BOOL,
                             NEVERC_OPTION_SINGLE);
              Opt.UserData = &UD[3];
              Opt.DestroyUserData = destroyUD<3>;
              // NULL UserData: DestroyUserData never called.
              NevercObserverDescriptor O2 =
                  observerDesc(PHASE_ID(LINK_INPUT_PROBE), 3, &OFn);
              O2.Callback = observerTramp;
              O2.UserData = nullptr;
              O2.DestroyUserData = destroyUD<4>;
              EXPECT_EQ(R->RegisterObserver(Ctx, &O).Code, NEVERC_STATUS_OK);
              EXPECT_EQ(R->RegisterInterceptor(Ctx, &I).Code, NEVERC_STATUS_OK);
              EXPECT_EQ(R->RegisterProvider(Ctx, &P).Code, NEVERC_STATUS_OK);
              EXPECT_EQ(R->RegisterOption(Ctx, &Opt).Code, NEVERC_STATUS_OK);
              EXPECT_EQ(R->RegisterObserver(Ctx, &O2).Code, NEVERC_STATUS_OK);
              return okStatus();
            }),
            NEVERC_STATUS_OK);
  for (int K = 0; K < 5; ++K)
    EXPECT_EQ(gDestroyed[K], 0) << K;
  host().shutdown();
  EXPECT_EQ(gDestroyed[0], 1);
  EXPECT_EQ(gDestroyed[1], 1);
  EXPECT_EQ(gDestroyed[2], 1);
  EXPECT_EQ(gDestroyed[3], 1);
  EXPECT_EQ(gDestroyed[4], 0);
  // Before the plugin's Destroy.
  auto Pos = [&](const std::string &S) {
    return std::find(gLog.begin(), gLog.end(), S) - gLog.begin();
  };
  EXPECT_LT(Pos("DestroyUserData0"), Pos("org.test.p0:Destroy"));
  EXPECT_LT(Pos("DestroyUserData3"), Pos("org.test.p0:Destroy"));
  EXPECT_LT(Pos("org.test.p0:Destroy"), (std::ptrdiff_t)gLog.size());
  host().shutdown();
  H.reset();
  for (int K = 0; K < 4; ++K)
    EXPECT_EQ(gDestroyed[K], 1) << K;
}

TEST_F(HostTest, H33_RegistrarFailureTakesNoOwnership) {
  ObserverFn OFn;
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercObserverDescriptor O =
                  observerDesc(PHASE_ID(LINK_INPUT_PROBE), 0, &OFn);
              O.DestroyUserData = destroyUD<0>;
              EXPECT_EQ(R->RegisterObserver(Ctx, &O).Code,
                        NEVERC_STATUS_INVALID_DESCRIPTOR);
              NevercOptionDescriptor Opt = optionDesc(
                  "bad", NEVERC_OPTION_FLAG, NEVERC_OPTION_BOOL,
                  NEVERC_OPTION_SINGLE);
              Opt.UserData = &OFn;
              Opt.DestroyUserData = destroyUD<1>;
              EXPECT_EQ(R->RegisterOption(Ctx, &Opt).Code,
                        NEVERC_STATUS_INVALID_DESCRIPTOR);
              return okStatus();
            }),
            NEVERC_STATUS_OK);
  H.reset();
  EXPECT_EQ(gDestroyed[0], 0);
  EXPECT_EQ(gDestroyed[1], 0);
}

//===--- H37: exceptions --------------------------------------------------===//

TEST_F(HostTest, H37_ExceptionInEntry) {
  gCfg[0].ThrowInEntry = true;
  EXPECT_EQ(load(0), NEVERC_STATUS_PLUGIN_EXCEPTION);
  EXPECT_TRUE(host().plugins().empty());
}

TEST_F(HostTest, H37_ExceptionInRegister) {
  EXPECT_EQ(withPlugin([](auto, auto, void *) -> NevercStatus {
              throw std::runtime_error("register threw");
            }),
            NEVERC_STATUS_PLUGIN_EXCEPTION);
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "PLUGIN_EXCEPTION"));
}

TEST_F(PhaseTest, H37_ExceptionInObserverAndInterceptor) {
  ObserverFn Obs = [](const NevercPhaseFrame *, NevercObserverPoint) -> NevercStatus {
    throw 42;
  };
  InterceptorFn Int = [](const NevercPhaseFrame *, NevercPhaseContinuation *,
                         NevercPhaseResult *) -> NevercStatus {
    throw std::logic_error("interceptor threw");
  };
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercObserverDescriptor O =
                  observerDesc(PHASE_ID(OBJECT_COMMIT), 1, &Obs);
              NevercInterceptorDescriptor I =
                  interceptorDesc(PHASE_ID(LINK_INPUT_PROBE), &Int);
              R->RegisterObserver(Ctx, &O);
              return R->RegisterInterceptor(Ctx, &I);
            }),
            NEVERC_STATUS_OK);
  begin();
  EXPECT_EQ(host().runPhase(Phase_OBJECT_COMMIT, request()).Status.Code,
            NEVERC_STATUS_PLUGIN_EXCEPTION);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_PLUGIN_EXCEPTION);
  EXPECT_EQ(Step.Runs, 0);
  EXPECT_TRUE(hasDiagFrom("org.test.p0", "PLUGIN_EXCEPTION"));
}

//===--- Allocation -------------------------------------------------------===//

TEST_F(HostTest, AllocationAccounting) {
  ASSERT_EQ(withPlugin(nullptr), NEVERC_STATUS_OK);
  const NevercCoreAPI *C = gCfg[0].Core;
  const Plugin &P = *host().plugins()[0];
  void *A = nullptr;
  ASSERT_EQ(C->Allocate(C->Context, 100, 64, &A).Code, NEVERC_STATUS_OK);
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(A) % 64, 0u);
  EXPECT_EQ(P.bytesAllocated(), 100u);
  std::memset(A, 0x5a, 100);
  void *B = nullptr;
  ASSERT_EQ(C->Reallocate(C->Context, A, 100, 300, 64, &B).Code,
            NEVERC_STATUS_OK);
  ASSERT_NE(B, nullptr);
  EXPECT_EQ(static_cast<unsigned char *>(B)[99], 0x5a);
  EXPECT_EQ(P.bytesAllocated(), 300u);
  EXPECT_GE(P.peakBytes(), 300u);
  ASSERT_EQ(C->Deallocate(C->Context, B, 300, 64).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(P.bytesAllocated(), 0u);
  // Reallocate(NULL) allocates; NewSize 0 frees.
  void *D = nullptr;
  ASSERT_EQ(C->Reallocate(C->Context, nullptr, 0, 32, 8, &D).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(P.bytesAllocated(), 32u);
  ASSERT_EQ(C->Reallocate(C->Context, D, 32, 0, 8, &D).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(D, nullptr);
  EXPECT_EQ(P.bytesAllocated(), 0u);
  EXPECT_EQ(C->Deallocate(C->Context, nullptr, 0, 8).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(C->Deallocate(C->Context, nullptr, 123, 3).Code, NEVERC_STATUS_OK);
}

TEST_F(HostTest, AllocationBadAlignment) {
  ASSERT_EQ(withPlugin(nullptr), NEVERC_STATUS_OK);
  const NevercCoreAPI *C = gCfg[0].Core;
  for (uint64_t Align : {uint64_t(0), uint64_t(3), uint64_t(12), uint64_t(48)}) {
    void *A = reinterpret_cast<void *>(1);
    EXPECT_EQ(C->Allocate(C->Context, 16, Align, &A).Code,
              NEVERC_STATUS_INVALID_ARGUMENT)
        << Align;
    EXPECT_EQ(A, nullptr);
  }
  void *A = nullptr;
  ASSERT_EQ(C->Allocate(C->Context, 16, 16, &A).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(C->Deallocate(C->Context, A, 16, 6).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(C->Deallocate(C->Context, A, 16, 16).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(C->Allocate(C->Context, 16, 16, nullptr).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(host().plugins()[0]->bytesAllocated(), 0u);
}

TEST_F(HostTest, AllocationBudget) {
  Config.AllocationBudget = 256;
  ASSERT_EQ(withPlugin(nullptr), NEVERC_STATUS_OK);
  const NevercCoreAPI *C = gCfg[0].Core;
  void *A = nullptr, *B = reinterpret_cast<void *>(1);
  ASSERT_EQ(C->Allocate(C->Context, 200, 8, &A).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(C->Allocate(C->Context, 100, 8, &B).Code,
            NEVERC_STATUS_RESOURCE_EXHAUSTED);
  EXPECT_EQ(B, nullptr);
  EXPECT_EQ(host().plugins()[0]->bytesAllocated(), 200u);
  // Growing past the budget fails and keeps the old block valid.
  void *R = reinterpret_cast<void *>(1);
  EXPECT_EQ(C->Reallocate(C->Context, A, 200, 1000, 8, &R).Code,
            NEVERC_STATUS_RESOURCE_EXHAUSTED);
  EXPECT_EQ(R, nullptr);
  static_cast<char *>(A)[199] = 1;
  EXPECT_EQ(C->Allocate(C->Context, 56, 8, &B).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(host().plugins()[0]->bytesAllocated(), 256u);
  EXPECT_EQ(C->Deallocate(C->Context, A, 200, 8).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(C->Deallocate(C->Context, B, 56, 8).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(host().plugins()[0]->bytesAllocated(), 0u);
}

//===--- EmitDiagnostic ---------------------------------------------------===//

NevercDiagnosticDescriptor diag(NevercDiagnosticSeverity Sev, const char *Msg) {
  NevercDiagnosticDescriptor D{};
  D.Header = {sizeof D, 1, 0, 0};
  D.Severity = Sev;
  D.Code = 77;
  D.PluginID = cview("someone.else");
  D.PhaseID = cview("neverc.link.input_probe");
  D.Message = cview(Msg);
  return D;
}

TEST_F(HostTest, EmitDiagnostic) {
  ASSERT_EQ(withPlugin(nullptr), NEVERC_STATUS_OK);
  const NevercCoreAPI *C = gCfg[0].Core;
  size_t Before = Sink.all().size();
  NevercDiagnosticDescriptor D = diag(NEVERC_DIAGNOSTIC_ERROR, "hello world");
  NevercDiagnosticNote Note{};
  Note.Header = {sizeof Note, 1, 0, 0};
  Note.Message = cview("a note");
  D.Notes = {&Note, 1, sizeof Note};
  NevercDiagnosticHandle Out{};
  ASSERT_EQ(C->EmitDiagnostic(C->Context, &D, &Out).Code, NEVERC_STATUS_OK);
  EXPECT_FALSE(isNull(Out));
  auto All = Sink.all();
  ASSERT_EQ(All.size(), Before + 1);
  const Diagnostic &Got = All.back();
  EXPECT_EQ(Got.PluginID, "org.test.p0") << "attributed by the host";
  EXPECT_EQ(Got.Message, "hello world");
  EXPECT_EQ(Got.Severity, NEVERC_DIAGNOSTIC_ERROR);
  EXPECT_EQ(Got.Code, 77u);
  EXPECT_EQ(Got.Phase, "neverc.link.input_probe");
  EXPECT_EQ(Got.Notes, std::vector<std::string>{"a note"});
  EXPECT_EQ(host().pluginErrorCount(), 1u);
  // OutDiagnostic may be NULL; a warning does not count as an error.
  NevercDiagnosticDescriptor W = diag(NEVERC_DIAGNOSTIC_WARNING, "warn");
  EXPECT_EQ(C->EmitDiagnostic(C->Context, &W, nullptr).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(host().pluginErrorCount(), 1u);
  EXPECT_EQ(Sink.all().size(), Before + 2);
}

TEST_F(HostTest, EmitDiagnosticRejects) {
  ASSERT_EQ(withPlugin(nullptr), NEVERC_STATUS_OK);
  const NevercCoreAPI *C = gCfg[0].Core;
  size_t Before = Sink.all().size();
  NevercDiagnosticHandle Out{1, 1};
  EXPECT_EQ(C->EmitDiagnostic(C->Context, nullptr, &Out).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(isNull(Out));
  NevercDiagnosticDescriptor D = diag(5, "bad severity");
  EXPECT_EQ(C->EmitDiagnostic(C->Context, &D, &Out).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  D = diag(NEVERC_DIAGNOSTIC_NOTE, "");
  EXPECT_EQ(C->EmitDiagnostic(C->Context, &D, &Out).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  D = diag(NEVERC_DIAGNOSTIC_NOTE, "x");
  D.Header.Major = 2;
  EXPECT_EQ(C->EmitDiagnostic(C->Context, &D, &Out).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  D = diag(NEVERC_DIAGNOSTIC_NOTE, "x");
  D.Header.StructSize = 16;
  EXPECT_EQ(C->EmitDiagnostic(C->Context, &D, &Out).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  D = diag(NEVERC_DIAGNOSTIC_FATAL, "fatal is the highest valid severity");
  EXPECT_EQ(C->EmitDiagnostic(C->Context, &D, nullptr).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(C->EmitDiagnostic(nullptr, &D, nullptr).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(Sink.all().size(), Before + 1);
}

} // namespace
