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

NevercPhaseResult emptyResult() {
  NevercPhaseResult R{};
  R.Header = {sizeof(NevercPhaseResult), NEVERC_PLUGIN_ABI_MAJOR,
              NEVERC_PLUGIN_ABI_MINOR, 0};
  return R;
}

} // namespace

Host::ContinuationRecord &Host::acquireContinuation() {
  std::unique_lock<std::mutex> Lock(ContinuationLock, std::defer_lock);
  if (Config.Concurrent)
    Lock.lock();
  if (FreeContinuations.empty()) {
    Continuations.push_back(std::make_unique<ContinuationRecord>());
    FreeContinuations.push_back(Continuations.back().get());
  }
  ContinuationRecord *R = FreeContinuations.back();
  FreeContinuations.pop_back();
  return *R;
}

void Host::releaseContinuation(ContinuationRecord &R) {
  std::unique_lock<std::mutex> Lock(ContinuationLock, std::defer_lock);
  if (Config.Concurrent)
    Lock.lock();
  FreeContinuations.push_back(&R);
}

NevercStatus Host::notifyObservers(
    const PhaseInfo &P,
    const boost::container::small_vector<ObserverRegistration, 2> &List,
    NevercObserverPoint Point, const NevercPhaseFrame &Frame, Task &T) {
  for (const ObserverRegistration &O : List) {
    NevercStatus S = callPlugin(*O.Owner, &T, CallbackRole::Observer, [&] {
      return O.Callback(&Frame, Point, O.UserData);
    });
    if (!isOk(S)) {
      report(NEVERC_DIAGNOSTIC_ERROR,
             "observer failed with " + statusText(S), O.Owner, P.Name);
      return S;
    }
  }
  return okStatus();
}

NevercStatus NEVERC_CALL Host::invokeNext(NevercPhaseContinuation *C,
                                          const NevercPhaseFrame *,
                                          NevercPhaseResult *Out) {
  try {
    if (!C || !C->Context)
      return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    auto &R = *static_cast<ContinuationRecord *>(C->Context);
    // Another thread, or a continuation whose interceptor already returned.
    if (R.Thread != std::this_thread::get_id() || !R.Live ||
        C->Generation != R.Generation)
      return makeStatus(NEVERC_STATUS_WRONG_SCOPE);
    if (R.Invoked)
      return makeStatus(NEVERC_STATUS_POLICY_VIOLATION);
    R.Invoked = true;
    NevercPhaseResult Local = emptyResult();
    NevercStatus S = R.Chain->H->runChainFrom(*R.Chain, R.Next, &Local);
    if (Out && Out->Header.StructSize >= sizeof(NevercPhaseResult))
      *Out = Local;
    else if (Out)
      std::memcpy(Out, &Local, std::min<uint32_t>(Out->Header.StructSize,
                                                  sizeof(Local)));
    R.Chain->Downstream = Local;
    return S;
  } catch (...) {
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  }
}

NevercStatus Host::runChainFrom(ChainRun &C, size_t I, NevercPhaseResult *Out) {
  PhaseInfo &P = *C.P;
  if (I >= P.Interceptors.size())
    return runEndOfChain(C, Out);
  const InterceptorRegistration &Reg = P.Interceptors[I];
  ContinuationRecord &Rec = acquireContinuation();
  Rec.Chain = &C;
  Rec.Next = I + 1;
  Rec.Thread = std::this_thread::get_id();
  Rec.Generation = Rec.Generation + 1;
  Rec.Live = true;
  Rec.Invoked = false;
  Rec.C = {};
  Rec.C.Header = {sizeof(NevercPhaseContinuation), NEVERC_PLUGIN_ABI_MAJOR,
                  NEVERC_PLUGIN_ABI_MINOR, 0};
  Rec.C.InvokeNext = &Host::invokeNext;
  Rec.C.Context = &Rec;
  Rec.C.Generation = Rec.Generation;
  C.T->LiveContinuations.push_back(&Rec.C);

  NevercPhaseResult Result = emptyResult();
  NevercStatus S = callPlugin(*Reg.Owner, C.T, CallbackRole::Interceptor, [&] {
    return Reg.Callback(&C.Frame, &Rec.C, &Result, Reg.UserData);
  });
  const bool Invoked = Rec.Invoked;
  Rec.Live = false;
  // The record stays allocated: a continuation kept past its callback sees
  // a dead record and gets WRONG_SCOPE.
  C.T->LiveContinuations.pop_back();
  releaseContinuation(Rec);

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
    *Out = C.Downstream;
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
    *Out = Result;
    return okStatus();
  }
  default:
    return Violation("returned an unknown action " +
                     std::to_string(Result.Action));
  }
}

NevercStatus Host::runEndOfChain(ChainRun &C, NevercPhaseResult *Out) {
  PhaseInfo &P = *C.P;
  *Out = emptyResult();
  const ProviderRegistration *Chosen = nullptr;
  if (P.ProviderOwner)
    for (const ProviderRegistration &Candidate : P.Providers)
      if (Candidate.Owner == P.ProviderOwner &&
          routeMatches(Candidate, C.Frame.Route)) {
        Chosen = &Candidate;
        break;
      }
  if (Chosen) {
    const ProviderRegistration &Prov = *Chosen;
    NevercPhaseResult Result = emptyResult();
    NevercStatus S = callPlugin(*Prov.Owner, C.T, CallbackRole::Provider, [&] {
      return Prov.Callback(&C.Frame, &Result, Prov.UserData);
    });
    if (isOk(S)) {
      if (Result.Action != NEVERC_PHASE_REPLACE || isNull(Result.Output) ||
          !isNull(Result.Proof)) {
        report(NEVERC_DIAGNOSTIC_ERROR,
               "provider '" + Prov.ProviderID +
                   "' broke the result contract: a provider must return "
                   "REPLACE with an Output and no Proof",
               Prov.Owner, P.Name);
        return makeStatus(NEVERC_STATUS_POLICY_VIOLATION);
      }
      *Out = Result;
      Out->Action = NEVERC_PHASE_REPLACE;
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
  }
  if (!C.R->Builtin.Run) {
    if (!P.BuiltinFallback && P.Gate == NEVERC_PHASE_GATE_TRANSITION) {
      report(NEVERC_DIAGNOSTIC_ERROR,
             "phase has no built-in step and no provider produced its output",
             nullptr, P.Name);
      return makeStatus(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    return okStatus(); // a gate with nothing to do
  }
  void *Output = nullptr;
  NevercStatus S = C.R->Builtin.Run(C.R->Builtin.Ctx, C.R->Input, &Output);
  if (!isOk(S))
    return S;
  Out->Action = NEVERC_PHASE_CONTINUE;
  C.BuiltinRan = true;
  C.BuiltinPayload = Output;
  // Only interceptors (through InvokeNext) and AFTER observers (through
  // CurrentOutput) can see the built-in's output; without them no handle.
  if (!P.Interceptors.empty() || !P.After.empty() || !P.AfterCommit.empty()) {
    Out->Output = C.T->createArtifact(P.Output, Output);
    C.BuiltinOutput = Out->Output;
  }
  return okStatus();
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

PhaseOutcome Host::runObservedPhase(uint32_t Phase, const PhaseRequest &R) {
  PhaseInfo &P = Graph.at(Phase);
  PhaseOutcome O;
  if (!R.T) {
    O.Status = makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
    return O;
  }
  Task &T = *R.T;
  ChainRun C{this, &P, &R, &T, {}, emptyResult(), {}};
  NevercPhaseFrame &F = C.Frame;
  F.Header = {sizeof(NevercPhaseFrame), NEVERC_PLUGIN_ABI_MAJOR,
              NEVERC_PLUGIN_ABI_MINOR, 0};
  F.Session = T.session().handle();
  F.Task = T.handle();
  F.Phase = P.ID;
  F.Route = R.Route ? *R.Route : T.session().route();
  F.Input = T.createArtifact(P.Input, R.Input);
  F.Cancellation = encodeHandle(HandleKind::Cancellation,
                                decodeHandle(T.handle()).Scope, 0, 1);
  // Frame handles are borrowed for the callbacks of this run only; dropping
  // them keeps a long task's tables small and makes kept handles stale.
  struct DropHandles {
    ChainRun &C;
    ~DropHandles() {
      C.T->Artifacts.erase(C.Frame.Input);
      if (!isNull(C.BuiltinOutput))
        C.T->Artifacts.erase(C.BuiltinOutput);
    }
  } Drop{C};

  O.Status = notifyObservers(P, P.Before, NEVERC_OBSERVER_BEFORE, F, T);
  if (!isOk(O.Status))
    return O;
  if (T.cancelled()) {
    O.Status = makeStatus(NEVERC_STATUS_CANCELLED);
    return O;
  }
  NevercPhaseResult Result = emptyResult();
  O.Status = runChainFrom(C, 0, &Result);
  if (!isOk(O.Status))
    return O;
  O.Action = Result.Action;
  if (Result.Action == NEVERC_PHASE_CONTINUE && C.BuiltinRan) {
    // Every interceptor continued: the output is the built-in's, whose
    // payload the host already holds.
    O.Output = C.BuiltinPayload;
  } else if (!isNull(Result.Output)) {
    NevercInterfaceID Type;
    NevercStatus S = T.lookupArtifact(Result.Output, &Type, &O.Output);
    if (!isOk(S)) {
      report(NEVERC_DIAGNOSTIC_ERROR,
             "phase output is not a live artifact of this task (" +
                 statusText(S) + ")",
             nullptr, P.Name);
      O.Status = S;
      return O;
    }
    if (!(Type == P.Output)) {
      report(NEVERC_DIAGNOSTIC_ERROR,
             "phase output artifact has the wrong type", nullptr, P.Name);
      O.Status = makeStatus(NEVERC_STATUS_WRONG_TYPE);
      return O;
    }
    // An artifact the built-in step produced is the host's own.
    O.ByPlugin = Result.Action != NEVERC_PHASE_CONTINUE;
  }
  if (R.Verifier.Verify) {
    NevercStatus V = R.Verifier.Verify(R.Verifier.Ctx, O.Output);
    if (!isOk(V)) {
      O.Status = verifierFailed(P, V);
      return O;
    }
  }
  F.CurrentOutput = Result.Output;
  O.Status = notifyObservers(P, P.After, NEVERC_OBSERVER_AFTER, F, T);
  if (!isOk(O.Status))
    return O;
  if (P.Gate == NEVERC_PHASE_GATE_SEALED_COMMIT)
    O.Status =
        notifyObservers(P, P.AfterCommit, NEVERC_OBSERVER_AFTER_COMMIT, F, T);
  return O;
}

NevercStatus Host::raiseObservedEvent(uint32_t Phase, Task &T, void *Payload) {
  PhaseInfo &P = Graph.at(Phase);
  NevercPhaseFrame F{};
  F.Header = {sizeof(NevercPhaseFrame), NEVERC_PLUGIN_ABI_MAJOR,
              NEVERC_PLUGIN_ABI_MINOR, 0};
  F.Session = T.session().handle();
  F.Task = T.handle();
  F.Phase = P.ID;
  F.Route = T.session().route();
  F.Input = T.createArtifact(P.Input, Payload);
  F.CurrentOutput = F.Input;
  F.Cancellation = encodeHandle(HandleKind::Cancellation,
                                decodeHandle(T.handle()).Scope, 0, 1);
  NevercStatus S = notifyObservers(P, P.After, NEVERC_OBSERVER_AFTER, F, T);
  T.Artifacts.erase(F.Input);
  return S;
}

} // namespace neverc::core
