//===- PhaseTest.cpp - Phase execution, state, options, allocation -----===//
//
// H18-H39 and the zero-cost path with in-process plugin entries; see
// HostTestSupport.h.
//
//===----------------------------------------------------------------------===//
#include "HostTestSupport.h"

namespace {

/// The HostTest fixture under its own suite name: gtest requires one fixture
/// class per suite, and each test file has its own copy of HostTest.
class HostScopeTest : public HostTest {};

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
  // Nothing could have changed the built-in's output: a transition phase's
  // verifier does not run (sealed gates' always do: H25 tests).
  EXPECT_EQ(Verify.Runs, 0);
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
  // Observers cannot change an output, so after an observers-only run the
  // output is the built-in's and the transition verifier is not run: a
  // failing one is not reached (an interceptor run reaches it:
  // H22_ReplaceOk; a sealed gate always does: H25_*).
  Verify.Result = makeStatus(NEVERC_STATUS_VERIFICATION_FAILED);
  O = host().runPhase(Phase_LINK_INPUT_PROBE, request(true));
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(O.Output, &BuiltinPayload);
  EXPECT_EQ(Verify.Runs, 0);
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

TEST_F(PhaseTest, H21_KeptContinuationStaysDeadWhileItsRecordIsReused) {
  // The second run reuses the first run's continuation record; the kept
  // continuation must not turn into the live one (it would run the chain
  // and make the live InvokeNext a double call).
  NevercPhaseContinuation *Kept = nullptr;
  NevercStatusCode KeptInSecond = NEVERC_STATUS_OK;
  int Calls = 0;
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                         NevercPhaseResult *Out) {
    if (++Calls == 1) {
      Kept = C;
    } else {
      EXPECT_NE(C, Kept);
      KeptInSecond = Kept->InvokeNext(Kept, F, nullptr).Code;
      EXPECT_TRUE(T->continuationLive(C));
      EXPECT_FALSE(T->continuationLive(Kept));
    }
    Out->Action = NEVERC_PHASE_CONTINUE;
    return C->InvokeNext(C, F, nullptr);
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  ASSERT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Calls, 2);
  EXPECT_EQ(KeptInSecond, NEVERC_STATUS_WRONG_SCOPE);
  EXPECT_EQ(Step.Runs, 2);
}

TEST_F(PhaseTest, H21_LiveContinuationSurvivesManyNestedRuns) {
  // An interceptor whose InvokeNext comes after many nested interceptor
  // runs (as around a whole compile) keeps a working continuation: the
  // host never hands out a slot whose holder is still running.
  constexpr int Nested = 10000; // more than the host's ring of slots
  int Depth = 0, Inner = 0;
  NevercStatusCode OuterNext = NEVERC_STATUS_INVALID_STATE; // not run yet
  InterceptorFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                         NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_CONTINUE;
    if (Depth > 0) {
      ++Inner;
      return C->InvokeNext(C, F, nullptr);
    }
    ++Depth;
    for (int I = 0; I < Nested; ++I)
      EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
                NEVERC_STATUS_OK);
    --Depth;
    EXPECT_TRUE(T->continuationLive(C));
    NevercStatus S = C->InvokeNext(C, F, nullptr);
    OuterNext = S.Code;
    return S;
  };
  interceptor(PHASE_ID(LINK_INPUT_PROBE), &Fn);
  EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(Inner, Nested);
  EXPECT_EQ(OuterNext, NEVERC_STATUS_OK);
  EXPECT_EQ(Step.Runs, Nested + 1);
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

// The provider fills the chain's result in place, so what a failing one
// left there must not reach the built-in step's outcome.
TEST_F(PhaseTest, H24_FallbackIgnoresWhatTheFailingProviderWrote) {
  int PluginPayload = 0;
  NevercArtifactHandle Junk{};
  ProviderFn Fn = [&](const NevercPhaseFrame *F, NevercPhaseResult *Out) {
    Out->Action = NEVERC_PHASE_SKIP;
    Junk = makeArtifact(F, PHASE_OUT(LINK_INPUT_PROBE), &PluginPayload);
    Out->Output = Junk;
    Out->Proof = makeProof(F, PHASE_ID(LINK_INPUT_PROBE));
    return makeStatus(NEVERC_STATUS_PLUGIN_FAILURE,
                      NEVERC_STATUS_FLAG_RECOVERABLE);
  };
  // An interceptor sees what InvokeNext produced: the built-in's output and
  // no Proof.
  NevercPhaseResult Seen{};
  InterceptorFn Watch = [&](const NevercPhaseFrame *F,
                            NevercPhaseContinuation *C,
                            NevercPhaseResult *Out) {
    NevercPhaseResult Down{};
    Down.Header.StructSize = sizeof Down;
    NevercStatus S = C->InvokeNext(C, F, &Down);
    Seen = Down;
    Out->Action = NEVERC_PHASE_CONTINUE;
    return S;
  };
  ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
              NevercInterceptorDescriptor I =
                  interceptorDesc(PHASE_ID(LINK_INPUT_PROBE), &Watch);
              NevercProviderDescriptor D = providerDesc(
                  PHASE_ID(LINK_INPUT_PROBE), "org.test.prov", &Fn, true);
              NevercStatus S = R->RegisterInterceptor(Ctx, &I);
              return isOk(S) ? R->RegisterProvider(Ctx, &D) : S;
            }),
            NEVERC_STATUS_OK);
  begin();
  PhaseOutcome O = host().runPhase(Phase_LINK_INPUT_PROBE, request());
  EXPECT_EQ(O.Status.Code, NEVERC_STATUS_OK);
  EXPECT_EQ(Step.Runs, 1);
  EXPECT_EQ(O.Action, NEVERC_PHASE_CONTINUE);
  EXPECT_EQ(O.Output, &BuiltinPayload);
  EXPECT_FALSE(O.ByPlugin);
  EXPECT_EQ(Seen.Action, NEVERC_PHASE_CONTINUE);
  EXPECT_TRUE(isNull(Seen.Proof));
  EXPECT_FALSE(isNull(Seen.Output));
  EXPECT_FALSE(Seen.Output == Junk);
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

//===--- H27: concurrency models and reentrancy ---------------------------===//

/// Counts the callbacks inside an observer at once (the widest overlap seen).
struct OverlapProbe {
  std::atomic<int> Inside{0}, Widest{0};
  ObserverFn Fn = [this](const NevercPhaseFrame *, NevercObserverPoint) {
    int Now = ++Inside;
    int Seen = Widest.load();
    while (Now > Seen && !Widest.compare_exchange_weak(Seen, Now)) {
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    --Inside;
    return okStatus();
  };
};

class ConcurrentTest : public PhaseTest {
protected:
  OverlapProbe Probe;

  /// Plugin 0 with \p Model observes LINK_INPUT_PROBE in a Concurrent host.
  void observe(NevercConcurrencyModel Model) {
    Config.Concurrent = true;
    gCfg[0].Concurrency = Model;
    ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
                NevercObserverDescriptor D =
                    observerDesc(PHASE_ID(LINK_INPUT_PROBE),
                                 NEVERC_OBSERVER_BEFORE, &Probe.Fn);
                return R->RegisterObserver(Ctx, &D);
              }),
              NEVERC_STATUS_OK);
  }
  /// Runs the phase on \p Tasks, one thread each; every run must succeed.
  void runOnThreads(const std::vector<Task *> &Tasks) {
    std::vector<std::thread> Threads;
    std::atomic<int> Failures{0};
    for (Task *K : Tasks)
      Threads.emplace_back([&, K] {
        StepLog Log;
        int In = 0, Out = 0;
        Log.Produce = &Out;
        PhaseRequest R;
        R.T = K;
        R.Input = &In;
        R.Builtin = {stepRun, &Log};
        for (int I = 0; I < 25; ++I)
          if (!isOk(host().runPhase(Phase_LINK_INPUT_PROBE, R).Status))
            ++Failures;
      });
    for (std::thread &Th : Threads)
      Th.join();
    EXPECT_EQ(Failures.load(), 0);
  }
};

TEST_F(ConcurrentTest, H27_SessionSerialWithinOneSession) {
  observe(NEVERC_CONCURRENCY_SESSION_SERIAL);
  begin();
  Task *T2 = nullptr;
  ASSERT_EQ(S->beginTask(NEVERC_TASK_LINK, &T2).Code, NEVERC_STATUS_OK);
  runOnThreads({T, T2});
  EXPECT_EQ(Probe.Widest.load(), 1) << "two tasks of one session overlapped";
}

TEST_F(ConcurrentTest, H27_ProcessSerialAcrossSessions) {
  observe(NEVERC_CONCURRENCY_PROCESS_SERIAL);
  begin();
  Session *S2 = nullptr;
  Task *T2 = nullptr;
  ASSERT_EQ(host().beginSession(&S2).Code, NEVERC_STATUS_OK);
  ASSERT_EQ(S2->beginTask(NEVERC_TASK_LINK, &T2).Code, NEVERC_STATUS_OK);
  runOnThreads({T, T2});
  EXPECT_EQ(Probe.Widest.load(), 1) << "two sessions overlapped";
}

TEST_F(ConcurrentTest, H27_ReentrancyNoneOnTwoThreadsIsNotReentrancy) {
  gCfg[0].Reentrancy = NEVERC_REENTRANCY_NONE;
  observe(NEVERC_CONCURRENCY_PROCESS_SERIAL);
  begin();
  Session *S2 = nullptr;
  Task *T2 = nullptr;
  ASSERT_EQ(host().beginSession(&S2).Code, NEVERC_STATUS_OK);
  ASSERT_EQ(S2->beginTask(NEVERC_TASK_LINK, &T2).Code, NEVERC_STATUS_OK);
  runOnThreads({T, T2});
  EXPECT_EQ(Probe.Widest.load(), 1);
}

TEST_F(PhaseTest, H27_ReentrantObserverDenied) {
  for (bool Concurrent : {false, true}) {
    SCOPED_TRACE(Concurrent ? "concurrent host" : "single-threaded host");
    TearDown();
    SetUp();
    Step = StepLog();
    Config.Concurrent = Concurrent;
    gCfg[0].Reentrancy = NEVERC_REENTRANCY_NONE;
    NevercStatusCode Inner = NEVERC_STATUS_OK;
    int Depth = 0;
    ObserverFn Fn = [&](const NevercPhaseFrame *, NevercObserverPoint) {
      if (Depth++ == 0) {
        // The same plugin, the same thread, while its observer runs.
        Inner = host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code;
        EXPECT_EQ(T->role(), CallbackRole::Observer)
            << "the inner refusal left the outer role in place";
      }
      return okStatus();
    };
    ASSERT_EQ(withPlugin([&](auto, const NevercRegistrarAPI *R, void *Ctx) {
                NevercObserverDescriptor D = observerDesc(
                    PHASE_ID(LINK_INPUT_PROBE), NEVERC_OBSERVER_BEFORE, &Fn);
                return R->RegisterObserver(Ctx, &D);
              }),
              NEVERC_STATUS_OK);
    begin();
    EXPECT_EQ(host().runPhase(Phase_LINK_INPUT_PROBE, request()).Status.Code,
              NEVERC_STATUS_OK);
    EXPECT_EQ(Inner, NEVERC_STATUS_REENTRANCY_DENIED);
    EXPECT_EQ(Depth, 1);
    EXPECT_EQ(Step.Runs, 1) << "the refused inner run never reached the step";
    EXPECT_EQ(T->role(), CallbackRole::None);
    ASSERT_EQ(host().endSession(S).Code, NEVERC_STATUS_OK);
  }
}

//===--- H32/H33: UserData lifetime ---------------------------------------===//

TEST_F(HostScopeTest, H32_DestroyUserDataOncePerRegistration) {
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

TEST_F(HostScopeTest, H33_RegistrarFailureTakesNoOwnership) {
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

TEST_F(HostScopeTest, H37_ExceptionInEntry) {
  gCfg[0].ThrowInEntry = true;
  EXPECT_EQ(load(0), NEVERC_STATUS_PLUGIN_EXCEPTION);
  EXPECT_TRUE(host().plugins().empty());
}

TEST_F(HostScopeTest, H37_ExceptionInRegister) {
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

TEST_F(HostScopeTest, AllocationAccounting) {
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

TEST_F(HostScopeTest, AllocationBadAlignment) {
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

TEST_F(HostScopeTest, AllocationBudget) {
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

TEST_F(HostScopeTest, EmitDiagnostic) {
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

TEST_F(HostScopeTest, EmitDiagnosticRejects) {
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
