//===- Executor.cpp - Running one observed phase --------------------------===//
//
// BEFORE observers -> interceptor chain -> selected provider or built-in ->
// result contract -> host verifier -> AFTER observers -> (sealed commit)
// AFTER_COMMIT observers. Only phases with a registration get here; the
// rest take Host::runPhase's direct path.
//
//===----------------------------------------------------------------------===//
#include "HostInternal.h"

namespace neverc::core {

namespace {

std::string statusText(NevercStatus S) { return std::string(statusName(S.Code)); }

bool routeMatches(const ProviderRegistration &R, const NevercPhaseRoute &Route) {
  auto Match = [](const std::string &Want, NevercStringView Have) {
    return Want.empty() || globMatch(Want, view(Have));
  };
  return Match(R.Triple, Route.TargetTriple) && Match(R.CPU, Route.CPU) &&
         Match(R.Features, Route.Features) &&
         Match(R.ObjectFormat, Route.ObjectFormat) &&
         (R.ExecutionLevel == 0 || R.ExecutionLevel == Route.ExecutionLevel);
}

constexpr NevercABITableHeader FrameHeader = {sizeof(NevercPhaseFrame),
                                              NEVERC_PLUGIN_ABI_MAJOR,
                                              NEVERC_PLUGIN_ABI_MINOR, 0};

// Store forwarding. A load takes its data from a store still in the store
// buffer only if it starts where that store started and is no wider;
// otherwise it waits for the store to reach the cache, some 20 cycles, on
// runs of a few hundred. A result goes through several hands (a zero fill,
// the plugin or the host setting Action and Output, host copies) and plain
// struct initialisation and copies pick their own, wider granularity, so
// the host writes and reads NevercPhaseResult one field at a time, each at
// its own size. Relaxed atomic accesses are plain moves that the compiler
// may neither merge into wider ones nor split.

template <typename T> T loadField(const T &Field) {
  return __atomic_load_n(&Field, __ATOMIC_RELAXED);
}
template <typename T> void storeField(T &Field, T Value) {
  __atomic_store_n(&Field, Value, __ATOMIC_RELAXED);
}

NevercHandle readHandle(const NevercHandle &H) {
  return {loadField(H.Owner), loadField(H.Value)};
}
void writeHandle(NevercHandle &H, NevercHandle Value) {
  storeField(H.Owner, Value.Owner);
  storeField(H.Value, Value.Value);
}

/// A fresh result: this ABI's header, CONTINUE, no Output, no Proof.
void resetResult(NevercPhaseResult &R) {
  storeField(R.Header.StructSize, uint32_t(sizeof(NevercPhaseResult)));
  storeField(R.Header.Major, uint16_t(NEVERC_PLUGIN_ABI_MAJOR));
  storeField(R.Header.Minor, uint16_t(NEVERC_PLUGIN_ABI_MINOR));
  storeField(R.Header.Flags, uint64_t(0));
  storeField(R.Action, NevercPhaseAction(NEVERC_PHASE_CONTINUE));
  storeField(R.Reserved, uint32_t(0));
  writeHandle(R.Output, NevercHandle{0, 0});
  writeHandle(R.Proof, NevercHandle{0, 0});
}

[[gnu::always_inline]] inline void copyResult(NevercPhaseResult &To,
                                             const NevercPhaseResult &From) {
  storeField(To.Header.StructSize, loadField(From.Header.StructSize));
  storeField(To.Header.Major, loadField(From.Header.Major));
  storeField(To.Header.Minor, loadField(From.Header.Minor));
  storeField(To.Header.Flags, loadField(From.Header.Flags));
  storeField(To.Action, loadField(From.Action));
  storeField(To.Reserved, loadField(From.Reserved));
  writeHandle(To.Output, readHandle(From.Output));
  writeHandle(To.Proof, readHandle(From.Proof));
}

/// Every field of the frame written once, in order: no zero fill that the
/// real values then overwrite (the frame is 200 bytes and built per run).
void buildFrame(NevercPhaseFrame &F, const PhaseInfo &P, const Task &T,
                const NevercPhaseRoute &Route, NevercArtifactHandle Input,
                NevercArtifactHandle CurrentOutput) {
  F.Header = FrameHeader;
  F.Session = T.session().handle();
  F.Task = T.handle();
  F.Phase = P.ID;
  F.Route = Route;
  F.Input = Input;
  F.CurrentOutput = CurrentOutput;
  F.Cancellation = T.cancellationToken();
}

} // namespace

// The free records form a list through ContinuationRecord::NextFree (most
// recently released first): taking and returning one is two pointer moves,
// and the lock is only taken when tasks may run on several threads. Each use
// hands out the next free slot of the HandedContinuations ring.
Host::ContinuationRecord &Host::acquireContinuation() {
  std::unique_lock<std::mutex> Lock(ContinuationLock, std::defer_lock);
  if (Config.Concurrent)
    Lock.lock();
  ContinuationRecord *R = FreeContinuations;
  if (R) {
    FreeContinuations = R->NextFree;
  } else {
    Continuations.push_back(std::make_unique<ContinuationRecord>());
    R = Continuations.back().get();
  }
  if (!Handed)
    Handed = std::make_unique<HandedContinuations>();
  HandedContinuations &H = *Handed;
  // Skip slots whose holder is still running (an interceptor whose
  // InvokeNext runs a whole compile hands out many more than Size).
  for (;;) {
    const size_t I = H.Next++ & (HandedContinuations::Size - 1);
    if (H.Busy[I])
      continue;
    H.Busy[I] = true;
    R->C = &H.Slots[I];
    return *R;
  }
}

void Host::releaseContinuation(ContinuationRecord &R) {
  std::unique_lock<std::mutex> Lock(ContinuationLock, std::defer_lock);
  if (Config.Concurrent)
    Lock.lock();
  Handed->Busy[R.C - Handed->Slots] = false;
  R.NextFree = FreeContinuations;
  FreeContinuations = &R;
}

NevercStatus Host::observerFailed(const PhaseInfo &P,
                                  const ObserverRegistration &O,
                                  NevercStatus S) {
  report(NEVERC_DIAGNOSTIC_ERROR, "observer failed with " + statusText(S),
         O.Owner, P.Name);
  return S;
}

// Inline (every caller is in this file): a point usually has no observer or
// one, and the call would cost about as much as the callback. The failure
// diagnostic is built out of line.
// Probed: a probe is installed (CostReport.h); the unprobed instance is
// the plain loop, so a host without a probe pays nothing per observer.
template <bool Probed>
[[gnu::always_inline]] inline NevercStatus Host::notifyObservers(
    const PhaseInfo &P,
    const boost::container::small_vector<ObserverRegistration, 2> &List,
    NevercObserverPoint Point, const NevercPhaseFrame &Frame, Task &T) {
  if (List.empty())
    return okStatus();
  const ObserverRegistration *Failed = nullptr;
  NevercStatus S = okStatus();
  {
    RoleScope InRole(&T, CallbackRole::Observer);
    for (const ObserverRegistration &O : List) {
      if constexpr (Probed)
        Config.Probe->callbackBegin(*O.Owner, &P, CallbackRole::Observer);
      S = enterPlugin(*O.Owner, &T,
                      [&] { return O.Callback(&Frame, Point, O.UserData); });
      if constexpr (Probed)
        Config.Probe->callbackEnd(*O.Owner, &P, CallbackRole::Observer);
      if (!isOk(S)) {
        Failed = &O;
        break;
      }
    }
  }
  return Failed ? observerFailed(P, *Failed, S) : S;
}

NevercStatus NEVERC_CALL Host::invokeNext(NevercPhaseContinuation *C,
                                          const NevercPhaseFrame *,
                                          NevercPhaseResult *Out) {
  try {
    if (!C || !C->Context)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    auto &R = *static_cast<ContinuationRecord *>(C->Context);
    // Another thread, or a continuation whose interceptor already returned.
    if (R.C != C || R.Thread != currentThreadToken() ||
        R.State == ContinuationRecord::Dead || C->Generation != R.Generation)
      return makeStatus(NEVERC_STATUS_WRONG_SCOPE);
    if (R.State == ContinuationRecord::Invoked)
      return makeStatus(NEVERC_STATUS_POLICY_VIOLATION);
    R.State = ContinuationRecord::Invoked;
    // The rest of the chain writes straight into Downstream (what the
    // interceptor's CONTINUE hands on), and the plugin gets a copy: a local
    // result copied to both would cost one more copy per interceptor.
    NevercPhaseResult &Down = R.Chain->Downstream;
    resetResult(Down);
    ExecutionProbe *Probe = R.Chain->H->Config.Probe;
    if (Probe)
      Probe->downstreamBegin(*R.Chain->P);
    NevercStatus S = R.Chain->H->runChainFrom(*R.Chain, R.Next, &Down);
    if (Probe)
      Probe->downstreamEnd(*R.Chain->P);
    if (Out && Out->Header.StructSize >= sizeof(NevercPhaseResult))
      copyResult(*Out, Down);
    else if (Out)
      std::memcpy(Out, &Down, std::min<uint32_t>(Out->Header.StructSize,
                                                 sizeof(Down)));
    return S;
  } catch (...) {
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  }
}

NevercStatus Host::runChainFrom(ChainRun &C, size_t I, NevercPhaseResult *Out) {
  const PhaseInfo &P = *C.P;
  if (I >= P.Interceptors.size())
    return runEndOfChain(C, Out);
  const InterceptorRegistration &Reg = P.Interceptors[I];
  ContinuationRecord &Rec = acquireContinuation();
  Rec.Chain = &C;
  Rec.Next = I + 1;
  Rec.Thread = C.Thread;
  Rec.Generation = Rec.Generation + 1;
  Rec.State = ContinuationRecord::Live;
  // Rewritten whole on every use: a plugin may have scribbled on it.
  *Rec.C = NevercPhaseContinuation{{sizeof(NevercPhaseContinuation),
                                    NEVERC_PLUGIN_ABI_MAJOR,
                                    NEVERC_PLUGIN_ABI_MINOR, 0},
                                   &Host::invokeNext,
                                   &Rec,
                                   Rec.Generation};
  C.T->LiveContinuations.push_back(Rec.C);

  NevercPhaseResult Result;
  resetResult(Result);
  NevercStatus S = callPlugin(
      *Reg.Owner, C.T, CallbackRole::Interceptor,
      [&] { return Reg.Callback(C.Frame, Rec.C, &Result, Reg.UserData); }, &P);
  const bool Invoked = Rec.State == ContinuationRecord::Invoked;
  Rec.State = ContinuationRecord::Dead;
  // The record stays allocated: a continuation kept past its callback sees
  // a dead record and gets WRONG_SCOPE.
  C.T->LiveContinuations.pop_back();
  releaseContinuation(Rec);

  // The common case, a valid CONTINUE, needs no diagnostic machinery.
  if (isOk(S) && Result.Action == NEVERC_PHASE_CONTINUE && Invoked &&
      isNull(Result.Output) && isNull(Result.Proof)) {
    copyResult(*Out, C.Downstream);
    return okStatus();
  }
  return interceptorOutcome(C, Reg, S, Invoked, Result, Out);
}

NevercStatus Host::interceptorOutcome(ChainRun &C,
                                      const InterceptorRegistration &Reg,
                                      NevercStatus S, bool Invoked,
                                      const NevercPhaseResult &Result,
                                      NevercPhaseResult *Out) {
  const PhaseInfo &P = *C.P;
  auto Violation = [&](const std::string &Why) {
    report(NEVERC_DIAGNOSTIC_ERROR, "interceptor broke the result contract: " + Why,
           Reg.Owner, P.Name);
    return makeStatus(NEVERC_STATUS_POLICY_VIOLATION);
  };
  if (!isOk(S)) {
    if (S.Code != NEVERC_STATUS_POLICY_VIOLATION || !Invoked)
      report(NEVERC_DIAGNOSTIC_ERROR, "interceptor failed with " + statusText(S),
             Reg.Owner, P.Name);
    return S;
  }
  switch (Result.Action) {
  case NEVERC_PHASE_CONTINUE:
    if (!Invoked)
      return Violation("returned CONTINUE without calling InvokeNext");
    if (!isNull(Result.Output) || !isNull(Result.Proof))
      return Violation("returned CONTINUE with an Output or Proof set");
    copyResult(*Out, C.Downstream);
    return okStatus();
  case NEVERC_PHASE_REPLACE:
  case NEVERC_PHASE_SKIP: {
    const bool Skip = Result.Action == NEVERC_PHASE_SKIP;
    if (Invoked)
      return Violation(std::string("returned ") + (Skip ? "SKIP" : "REPLACE") +
                       " after calling InvokeNext");
    if (!Skip && !P.has(NEVERC_PHASE_REPLACEABLE))
      return Violation("returned REPLACE on a phase that is not replaceable");
    if (Skip && !P.has(NEVERC_PHASE_SKIPPABLE_WITH_PROOF))
      return Violation("returned SKIP on a phase that is not skippable");
    if (isNull(Result.Output))
      return Violation("returned " + std::string(Skip ? "SKIP" : "REPLACE") +
                       " without an Output");
    if (!Skip && !isNull(Result.Proof))
      return Violation("returned REPLACE with a Proof");
    if (Skip) {
      NevercInterfaceID ProofPhase;
      if (isNull(Result.Proof))
        return Violation("returned SKIP without a Proof");
      NevercStatus PS = C.T->lookupProof(Result.Proof, &ProofPhase, nullptr);
      if (!isOk(PS))
        return Violation("returned SKIP with an invalid Proof (" +
                         statusText(PS) + ")");
      if (!(ProofPhase == P.ID))
        return Violation("returned SKIP with a Proof for another phase");
    }
    copyResult(*Out, Result);
    return okStatus();
  }
  default:
    return Violation("returned an unknown action " +
                     std::to_string(Result.Action));
  }
}

std::optional<NevercStatus> Host::runProvider(ChainRun &C,
                                              NevercPhaseResult *Out) {
  const PhaseInfo &P = *C.P;
  const ProviderRegistration *Chosen = nullptr;
  for (const ProviderRegistration &Candidate : P.Providers)
    if (Candidate.Owner == P.ProviderOwner &&
        routeMatches(Candidate, C.Frame->Route)) {
      Chosen = &Candidate;
      break;
    }
  if (!Chosen)
    return std::nullopt;
  const ProviderRegistration &Prov = *Chosen;
  // The provider fills *Out itself (a fresh result, see runEndOfChain): a
  // result of its own copied over would cost a reset and a copy per run.
  NevercStatus S = callPlugin(
      *Prov.Owner, C.T, CallbackRole::Provider,
      [&] { return Prov.Callback(C.Frame, Out, Prov.UserData); }, &P);
  if (isOk(S)) {
    if (loadField(Out->Action) != NEVERC_PHASE_REPLACE ||
        isNull(readHandle(Out->Output)) || !isNull(readHandle(Out->Proof))) {
      report(NEVERC_DIAGNOSTIC_ERROR,
             "provider '" + Prov.ProviderID +
                 "' broke the result contract: a provider must return "
                 "REPLACE with an Output and no Proof",
             Prov.Owner, P.Name);
      return makeStatus(NEVERC_STATUS_POLICY_VIOLATION);
    }
    return okStatus();
  }
  const bool Fallback = Prov.FallbackSafe &&
                        (S.Flags & NEVERC_STATUS_FLAG_RECOVERABLE) &&
                        P.BuiltinFallback && C.R->Builtin.Run;
  report(Fallback ? NEVERC_DIAGNOSTIC_WARNING : NEVERC_DIAGNOSTIC_ERROR,
         "provider '" + Prov.ProviderID + "' failed with " + statusText(S) +
             (Fallback ? "; falling back to the built-in step" : ""),
         Prov.Owner, P.Name);
  if (!Fallback)
    return S;
  resetResult(*Out); // the built-in step starts from a fresh result again
  return std::nullopt;
}

NevercStatus Host::noBuiltinStep(const PhaseInfo &P) {
  if (!P.BuiltinFallback && P.Gate == NEVERC_PHASE_GATE_TRANSITION) {
    report(NEVERC_DIAGNOSTIC_ERROR,
           "phase has no built-in step and no provider produced its output",
           nullptr, P.Name);
    return makeStatus(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
  return okStatus(); // a gate with nothing to do
}

// Both callers hand in a fresh result (runChain's Result, invokeNext's
// Local), so *Out is not reset here. Inline: without a provider this is a
// test and the built-in call.
[[gnu::always_inline]] inline NevercStatus
Host::runEndOfChain(ChainRun &C, NevercPhaseResult *Out) {
  const PhaseInfo &P = *C.P;
  if (P.ProviderOwner)
    if (std::optional<NevercStatus> S = runProvider(C, Out))
      return *S;
  const PhaseStep &Step = C.R->Builtin;
  if (!Step.Run)
    return noBuiltinStep(P);
  void *Output = nullptr;
  NevercStatus S = runBuiltin(P, Step, C.R->Input, &Output);
  if (!isOk(S))
    return S;
  Out->Action = NEVERC_PHASE_CONTINUE;
  C.BuiltinRan = true;
  C.BuiltinPayload = Output;
  // Only interceptors (through InvokeNext) and AFTER observers (through
  // CurrentOutput) can see the built-in's output; without them no handle.
  if (!P.Interceptors.empty() || !P.After.empty() || !P.AfterCommit.empty()) {
    // Both stores from registers (not one reloaded from the other).
    const NevercArtifactHandle Handle =
        C.T->Artifacts.insert({P.Output, Output});
    writeHandle(Out->Output, Handle);
    C.Borrowed->BuiltinOutput = Handle;
  }
  return okStatus();
}

void Host::verifyUnobserved(const PhaseInfo &P, const PhaseRequest &R,
                            PhaseOutcome &O) {
  if (P.Gate == NEVERC_PHASE_GATE_TRANSITION)
    return;
  NevercStatus V = R.Verifier.Verify(R.Verifier.Ctx, O.Output);
  if (!isOk(V))
    O.Status = verifierFailed(P, V);
}

NevercStatus Host::runBuiltin(const PhaseInfo &P, const PhaseStep &Step,
                              void *Input, void **Output) {
  if (__builtin_expect(Config.Probe != nullptr, 0)) {
    Config.Probe->builtinBegin(P);
    NevercStatus S = Step.Run(Step.Ctx, Input, Output);
    Config.Probe->builtinEnd(P);
    return S;
  }
  return Step.Run(Step.Ctx, Input, Output);
}

NevercStatus Host::verifierFailed(const PhaseInfo &P, NevercStatus V) {
  report(NEVERC_DIAGNOSTIC_ERROR,
         "host verifier '" + P.Verifier + "' rejected the output (" +
             statusText(V) + ")",
         nullptr, P.Name);
  if (V.Code == NEVERC_STATUS_VERIFICATION_FAILED)
    return V;
  return makeStatus(NEVERC_STATUS_VERIFICATION_FAILED, V.Flags,
                    uint64_t(V.Code));
}

NevercStatus Host::runChain(const PhaseInfo &P, const PhaseRequest &R, Task &T,
                            NevercPhaseFrame &F, BorrowedHandles &Borrowed,
                            PhaseOutcome &O) {
  ChainRun C(this, &P, &R, &T, &F, &Borrowed);
  NevercPhaseResult Result;
  resetResult(Result);
  NevercStatus S;
  if (P.Interceptors.empty()) {
    // What runChainFrom(C, 0) would do, without its call.
    S = runEndOfChain(C, &Result);
  } else {
    // Continuation state, which provider-only runs never read. Downstream
    // is reset by each InvokeNext, and read only after one.
    C.Thread = currentThreadToken();
    S = runChainFrom(C, 0, &Result);
  }
  if (!isOk(S))
    return S;
  O.Action = Result.Action;
  if (Result.Action == NEVERC_PHASE_SKIP && R.Proofs.Honour) {
    // The executor checked that the proof is this task's, for this phase;
    // what it proves is the domain's to say.
    void *Payload = nullptr;
    NevercInterfaceID Phase;
    if (isOk(T.lookupProof(Result.Proof, &Phase, &Payload)) &&
        !R.Proofs.Honour(R.Proofs.Ctx, Payload)) {
      O.Action = NEVERC_PHASE_CONTINUE;
      O.ByPlugin = false;
      S = R.Builtin.Run ? runBuiltin(P, R.Builtin, R.Input, &O.Output)
                        : noBuiltinStep(P);
      if (isOk(S) && (!P.After.empty() || !P.AfterCommit.empty())) {
        Borrowed.BuiltinOutput = T.Artifacts.insert({P.Output, O.Output});
        F.CurrentOutput = Borrowed.BuiltinOutput;
      }
      return S;
    }
  }
  if (Result.Action == NEVERC_PHASE_CONTINUE && C.BuiltinRan) {
    // Every interceptor continued: the output is the built-in's, whose
    // payload the host already holds.
    O.Output = C.BuiltinPayload;
  } else if (!isNull(Result.Output)) {
    // A live artifact of this task is the common case, and its type is
    // compared in place (a copy of it would be stored and read back in
    // halves); lookupArtifact (the same lookup first) works out the status
    // of a bad one.
    bool RightType;
    if (const auto *E = T.Artifacts.lookup(Result.Output)) {
      RightType = E->first == P.Output;
      O.Output = E->second;
    } else {
      NevercInterfaceID Type;
      S = T.lookupArtifact(Result.Output, &Type, &O.Output);
      if (!isOk(S)) {
        report(NEVERC_DIAGNOSTIC_ERROR,
               "phase output is not a live artifact of this task (" +
                   statusText(S) + ")",
               nullptr, P.Name);
        return S;
      }
      RightType = Type == P.Output;
    }
    if (!RightType) {
      report(NEVERC_DIAGNOSTIC_ERROR,
             "phase output artifact has the wrong type", nullptr, P.Name);
      return makeStatus(NEVERC_STATUS_WRONG_TYPE);
    }
    // An artifact the built-in step produced is the host's own.
    O.ByPlugin = Result.Action != NEVERC_PHASE_CONTINUE;
  }
  // Every callback of the chain has returned and only the host verifier
  // runs before the AFTER observers, so it can be set here already.
  F.CurrentOutput = readHandle(Result.Output);
  return okStatus();
}

template <bool Probed>
[[gnu::always_inline]] inline PhaseOutcome
Host::runObservedPhaseT(const PhaseInfo &P, const PhaseRequest &R) {
  PhaseOutcome O;
  if (!R.T) {
    O.Status = makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    return O;
  }
  Task &T = *R.T;
  NevercPhaseFrame F;
  buildFrame(F, P, T, R.Route ? *R.Route : T.session().route(),
             T.Artifacts.insert({P.Input, R.Input}), NevercArtifactHandle{});
  BorrowedHandles Borrowed(T, F.Input);
  if (R.Prepared) {
    Borrowed.Prepared = T.Artifacts.insert({P.Output, R.Prepared});
    F.CurrentOutput = Borrowed.Prepared;
  }

  O.Status = notifyObservers<Probed>(P, P.Before, NEVERC_OBSERVER_BEFORE, F, T);
  if (!isOk(O.Status))
    return O;
  if (T.cancelled()) {
    O.Status = makeStatus(NEVERC_STATUS_CANCELLED);
    return O;
  }
  if (!P.Interceptors.empty() || P.ProviderOwner) {
    O.Status = runChain(P, R, T, F, Borrowed, O);
    if (!isOk(O.Status))
      return O;
  } else if (R.Builtin.Run) {
    // Observers only, the common case: the built-in step and nothing to
    // check, so no ChainRun and no result. (runChain would get the same
    // outcome through runEndOfChain.)
    void *Output = nullptr;
    if constexpr (Probed)
      O.Status = runBuiltin(P, R.Builtin, R.Input, &Output);
    else
      O.Status = R.Builtin.Run(R.Builtin.Ctx, R.Input, &Output);
    if (!isOk(O.Status))
      return O;
    O.Output = Output;
    // Only AFTER observers (through CurrentOutput) can see the output.
    if (!P.After.empty() || !P.AfterCommit.empty()) {
      const NevercArtifactHandle Handle =
          T.Artifacts.insert({P.Output, Output});
      Borrowed.BuiltinOutput = Handle;
      F.CurrentOutput = Handle;
    }
  } else {
    O.Status = noBuiltinStep(P);
    if (!isOk(O.Status))
      return O;
  }
  // A transition phase's verifier checks what a plugin could have produced
  // or changed: only after a chain (interceptors, a provider). With
  // observers only the output is the built-in's, untouched (observers
  // cannot edit). A sealed gate's verifier always runs (H25).
  if (R.Verifier.Verify && (!P.Interceptors.empty() || P.ProviderOwner ||
                            P.Gate != NEVERC_PHASE_GATE_TRANSITION)) {
    NevercStatus V = R.Verifier.Verify(R.Verifier.Ctx, O.Output);
    if (!isOk(V)) {
      O.Status = verifierFailed(P, V);
      return O;
    }
  }
  O.Status = notifyObservers<Probed>(P, P.After, NEVERC_OBSERVER_AFTER, F, T);
  if (!isOk(O.Status))
    return O;
  if (P.Gate == NEVERC_PHASE_GATE_SEALED_COMMIT)
    O.Status =
        notifyObservers<Probed>(P, P.AfterCommit, NEVERC_OBSERVER_AFTER_COMMIT,
                                F, T);
  return O;
}

// Defined after runObservedPhaseT so that the unprobed run is inlined here:
// as a call of its own it cost a second frame (four saved registers) on
// every observed phase run. The probed run stays out of line.
PhaseOutcome Host::runObservedPhase(const PhaseInfo &P, const PhaseRequest &R) {
  if (__builtin_expect(Config.Probe != nullptr, 0))
    return runProbedPhase(P, R);
  return runObservedPhaseT<false>(P, R);
}

PhaseOutcome Host::runProbedPhase(const PhaseInfo &P, const PhaseRequest &R) {
  Config.Probe->phaseBegin(P);
  PhaseOutcome O = runObservedPhaseT<true>(P, R);
  Config.Probe->phaseEnd(P);
  return O;
}

NevercStatus Host::raiseObservedEvent(uint32_t Phase, Task &T, void *Payload) {
  const PhaseInfo &P = Graph.at(Phase);
  ExecutionProbe *Probe = Config.Probe;
  if (Probe)
    Probe->phaseBegin(P);
  const NevercArtifactHandle Input = T.Artifacts.insert({P.Input, Payload});
  NevercPhaseFrame F;
  buildFrame(F, P, T, T.session().route(), Input, Input);
  NevercStatus S =
      Probe ? notifyObservers<true>(P, P.After, NEVERC_OBSERVER_AFTER, F, T)
            : notifyObservers<false>(P, P.After, NEVERC_OBSERVER_AFTER, F, T);
  T.Artifacts.eraseLive(F.Input);
  if (Probe)
    Probe->phaseEnd(P);
  return S;
}

} // namespace neverc::core
