//===- Phases.cpp - neverc.source.resolve_input / open / after_open -------===//
#include "SourceInternal.h"

namespace neverc::source {

namespace {
thread_local RunContext *CurrentRunTL = nullptr;

struct RunScope {
  RunContext R;
  RunScope(core::Task &T, uint32_t Phase) {
    R.T = &T;
    R.Phase = Phase;
    R.Prev = CurrentRunTL;
    CurrentRunTL = &R;
  }
  ~RunScope() { CurrentRunTL = R.Prev; }
};

struct VerifyCtx {
  DomainState *D;
  uint32_t Phase;
  uint32_t Session;
};

void reportVerifier(DomainState &D, uint32_t Phase, const std::string &Why) {
  D.diag(NEVERC_DIAGNOSTIC_ERROR, D.H.phases().at(Phase).Verifier + ": " + Why,
         D.H.phases().at(Phase).Name);
}
} // namespace

RunContext *currentRun() { return CurrentRunTL; }

NevercStatus verifyInput(const SourceInput &In, std::string *Why) {
  if (In.Kind != NEVERC_SOURCE_INPUT_FILE && In.Kind != NEVERC_SOURCE_INPUT_BUFFER) {
    *Why = "unknown source input kind " + std::to_string(In.Kind);
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
  if (In.Kind == NEVERC_SOURCE_INPUT_FILE && In.Path.empty()) {
    *Why = "a FILE source input has no path";
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
  return okStatus();
}

NevercStatus verifyUnit(DomainState &D, uint32_t Session, const SourceUnit &U,
                        std::string *Why) {
  if (U.LogicalPath.empty() || U.CanonicalIdentity.empty() || !U.Content) {
    *Why = "a source unit needs a logical path, a canonical identity and "
           "content";
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
  if (U.LogicalPath.find('\0') != std::string::npos) {
    *Why = "the logical path contains a NUL byte";
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
  if (U.MemoryBacked) {
    // Rule 19: the identity is the cache key; one identity, one content.
    std::array<uint8_t, 32> Dg = sha256(*U.Content);
    std::lock_guard<std::recursive_mutex> G(D.Lock);
    auto &Known = D.Identities[Session & 0xffffff];
    auto [It, New] = Known.emplace(U.CanonicalIdentity, Dg);
    if (!New && It->second != Dg) {
      *Why = "canonical identity '" + U.CanonicalIdentity +
             "' was already used for different content";
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
  }
  return okStatus();
}

NevercStatus runSourcePhases(DomainState &D, core::Task &T, SourceInput &In,
                             SourceUnit &Out, bool &ByPlugin) {
  ByPlugin = false;
  const uint32_t Session = core::decodeHandle(T.handle()).Scope.Session;

  // --- neverc.source.resolve_input: identity built-in; interceptors inspect
  // and forward (REPLACE is refused by the executor: not replaceable).
  InputBox IB{&In};
  struct Identity {
    static NevercStatus run(void *, void *Input, void **Output) {
      *Output = Input;
      return okStatus();
    }
  };
  VerifyCtx VI{&D, core::Phase_SOURCE_RESOLVE_INPUT, Session};
  auto VerifyInput = [](void *C, void *Output) -> NevercStatus {
    auto &V = *static_cast<VerifyCtx *>(C);
    std::string Why = "the phase produced no output";
    NevercStatus S = st(NEVERC_STATUS_VERIFICATION_FAILED);
    if (Output)
      S = verifyInput(*static_cast<InputBox *>(Output)->Model, &Why);
    if (!isOk(S))
      reportVerifier(*V.D, V.Phase, Why);
    return S;
  };
  core::PhaseRequest Req;
  Req.T = &T;
  Req.Input = &IB;
  Req.Builtin = {&Identity::run, nullptr};
  Req.Verifier = {VerifyInput, &VI};
  core::PhaseOutcome O = D.H.runPhase(core::Phase_SOURCE_RESOLVE_INPUT, Req);
  if (!isOk(O.Status))
    return O.Status;

  // --- neverc.source.open: the built-in reads the file through the task's
  // VFS stack; a provider / replacing interceptor publishes a memory unit.
  struct OpenCtx {
    DomainState *D;
    core::Task *T;
    std::shared_ptr<UnitBox> Box;
    NevercStatus Failure = okStatus();
  } OC{&D, &T, nullptr};
  auto Open = [](void *C, void *Input, void **Output) -> NevercStatus {
    auto &Ctx = *static_cast<OpenCtx *>(C);
    const SourceInput &I = *static_cast<InputBox *>(Input)->Model;
    TaskState &TS = Ctx.D->state(*Ctx.T);
    FileRecord F;
    NevercStatus S = Ctx.D->fs(*Ctx.T, TS).read(I.Path, F);
    if (!isOk(S)) {
      Ctx.D->diag(NEVERC_DIAGNOSTIC_ERROR,
                  "cannot open source input '" + I.Path + "'",
                  NEVERC_PHASE_SOURCE_OPEN_NAME);
      return S;
    }
    Ctx.Box = std::make_shared<UnitBox>();
    SourceUnit &U = Ctx.Box->Model;
    U.LogicalPath = I.Path;
    U.CanonicalIdentity = F.Canonical.empty() ? F.Path : F.Canonical;
    U.Content = F.Content;
    U.System = I.System;
    U.MemoryBacked = false;
    TS.Units.push_back(Ctx.Box);
    *Output = Ctx.Box.get();
    return okStatus();
  };
  VerifyCtx VU{&D, core::Phase_SOURCE_OPEN, Session};
  auto VerifyOpen = [](void *C, void *Output) -> NevercStatus {
    auto &V = *static_cast<VerifyCtx *>(C);
    std::string Why = "the phase produced no output";
    NevercStatus S = st(NEVERC_STATUS_VERIFICATION_FAILED);
    if (Output)
      S = verifyUnit(*V.D, V.Session, static_cast<UnitBox *>(Output)->Model,
                     &Why);
    if (!isOk(S))
      reportVerifier(*V.D, V.Phase, Why);
    return S;
  };
  core::PhaseRequest OpenReq;
  OpenReq.T = &T;
  OpenReq.Input = &IB;
  OpenReq.Builtin = {Open, &OC};
  OpenReq.Verifier = {VerifyOpen, &VU};
  {
    RunScope Scope(T, core::Phase_SOURCE_OPEN);
    O = D.H.runPhase(core::Phase_SOURCE_OPEN, OpenReq);
  }
  if (!isOk(O.Status))
    return O.Status;
  auto *U = static_cast<UnitBox *>(O.Output);
  if (!U)
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  ByPlugin = O.ByPlugin;
  Out = U->Model;

  // --- neverc.source.after_open: AFTER observers only.
  return D.H.raiseEvent(core::Phase_SOURCE_AFTER_OPEN, T, U);
}

} // namespace neverc::source
