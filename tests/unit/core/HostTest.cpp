//===- HostTest.cpp - Loading, negotiation and registration -----------===//
//
// H2-H16 with in-process plugin entries; see HostTestSupport.h.
//
//===----------------------------------------------------------------------===//
#include "HostTestSupport.h"

namespace {

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

} // namespace
