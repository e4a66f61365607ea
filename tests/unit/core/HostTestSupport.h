//===- HostTestSupport.h - Shared plugin slots and fixtures -----*- C++ -*-===//
//
// Included by HostTest.cpp (loading, registration) and PhaseTest.cpp
// (execution). Everything is in an anonymous namespace: each test file gets
// its own copy of the slot tables and logs.
//
//
// Plugins here are entry functions linked into the test (loadPluginEntry).
// Lifecycle callbacks are plain C-ABI functions (one instantiation per
// plugin slot N, reading gCfg[N]); phase callbacks are C-ABI trampolines
// whose UserData points at a std::function the test supplies.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_TESTS_HOSTTESTSUPPORT_H
#define NEVERC_TESTS_HOSTTESTSUPPORT_H

#include "HostInternal.h"
#include "PluginCallbacks.h"
#include "neverc/core/Host.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace neverc::core;
using namespace neverc::testsupport;

#pragma clang diagnostic ignored "-Wunused-function"
#pragma clang diagnostic ignored "-Wunused-variable"
#pragma clang diagnostic ignored "-Wunused-template"

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
  NevercConcurrencyModel Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  NevercReentrancyModel Reentrancy = NEVERC_REENTRANCY_ALLOWED;
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
  D.Concurrency = C.Concurrency;
  D.Reentrancy = C.Reentrancy;
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

// The trampolines and descriptor helpers live in PluginCallbacks.h; these
// keep the (Phase, Points, Fn) order the core tests were written against.
NevercObserverDescriptor observerDesc(NevercInterfaceID Phase,
                                      NevercObserverPoint Points,
                                      ObserverFn *Fn) {
  return observerDescriptor(Phase, Fn, Points);
}

NevercInterceptorDescriptor interceptorDesc(NevercInterfaceID Phase,
                                            InterceptorFn *Fn) {
  return interceptorDescriptor(Phase, Fn);
}

NevercProviderDescriptor providerDesc(NevercInterfaceID Phase, const char *ID,
                                      ProviderFn *Fn, bool FallbackSafe) {
  NevercProviderDescriptor D = providerDescriptor(Phase, ID, Fn);
  D.FallbackSafe = FallbackSafe ? NEVERC_TRUE : NEVERC_FALSE;
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

} // namespace

#endif
