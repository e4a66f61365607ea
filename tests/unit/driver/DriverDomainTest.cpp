//===- DriverDomainTest.cpp - Driver API: table, arguments, toolchain -----===//
//
// Publication of the table, the zero-cost path, and the first three driver
// phases (raw arguments, parsed arguments, toolchain selection) through the
// C ABI. The graph and execution phases are in DriverGraphTest.cpp.
//
//===----------------------------------------------------------------------===//
#include "DriverTestSupport.h"

using namespace drivertest;

namespace {

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
  // The host verifier checks what plugins produce: with nothing
  // registered the built-in's output is the host's own and is not
  // verified (zero cost). Interceptor and provider outputs are: see
  // ToolChainInterceptorRewritesRequest / the verify_* tests.
  SelectToolChainStep Bad;
  auto BadFn = [](const ToolChainRequest &, ToolChainSelection &S) {
    S.TargetTriple = "bogus-unknown-triple";
    return okStatus();
  };
  Bad = SelectToolChainStep::of(BadFn);
  EXPECT_EQ(D->runSelectToolChain(*T, Req, Sel, Bad).Code, NEVERC_STATUS_OK);
  EXPECT_FALSE(Sink.contains("unknown target triple"));
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

} // namespace
