//===- DriverDomain.cpp - Table publication, task state, phase runners ----===//
#include "DomainInternal.h"

#include <cstddef>
#include <filesystem>

namespace neverc::driver {

using namespace api;
using core::Phase_DRIVER_BUILD_ACTIONS;
using core::Phase_DRIVER_BUILD_JOBS;
using core::Phase_DRIVER_EXECUTE_JOB;
using core::Phase_DRIVER_PARSED_ARGUMENTS;
using core::Phase_DRIVER_RAW_ARGUMENTS;
using core::Phase_DRIVER_SELECT_TOOLCHAIN;

namespace {
thread_local RunContext *CurrentRunTL = nullptr;

uint64_t key(uint32_t Session, uint32_t Task) {
  return (uint64_t(Session & 0xffffff) << 32) | Task;
}
} // namespace

RunContext *currentRun() { return CurrentRunTL; }

//===----------------------------------------------------------------------===//
// Task state
//===----------------------------------------------------------------------===//

TaskState::TaskState(uint32_t Session, uint32_t Task)
    : Scope{Session, Task},
      ArgEdits(core::HandleKind(DriverHandleKind::ArgumentMutation), Scope),
      ParsedEdits(core::HandleKind(DriverHandleKind::ParsedArgumentMutation),
                  Scope),
      ToolChainEdits(core::HandleKind(DriverHandleKind::ToolChainMutation),
                     Scope),
      ActionBuilders(core::HandleKind(DriverHandleKind::ActionGraphBuilder),
                     Scope),
      ActionMutations(core::HandleKind(DriverHandleKind::ActionGraphMutation),
                      Scope),
      JobBuilders(core::HandleKind(DriverHandleKind::JobGraphBuilder), Scope),
      JobMutations(core::HandleKind(DriverHandleKind::JobGraphMutation),
                   Scope) {}

DriverDomain::Impl::Impl(core::Host &H) : H(H) {}

TaskState &DriverDomain::Impl::state(core::Task &T) {
  core::HandleScope S = core::decodeHandle(T.handle()).Scope;
  std::lock_guard<std::mutex> G(Lock);
  auto It = States.find(key(S.Session, S.Task));
  if (It != States.end())
    return *It->second;
  // Sweep the states of tasks that have ended.
  const core::ScopeOracle &Oracle = H;
  for (auto I = States.begin(); I != States.end();)
    if (!Oracle.taskAlive(I->second->Scope.Session, I->second->Scope.Task))
      I = States.erase(I);
    else
      ++I;
  auto &P = States[key(S.Session, S.Task)];
  P = std::make_unique<TaskState>(S.Session, S.Task);
  return *P;
}

TaskState *DriverDomain::Impl::stateFor(core::HandleScope S) {
  std::lock_guard<std::mutex> G(Lock);
  auto It = States.find(key(S.Session, S.Task));
  return It == States.end() ? nullptr : It->second.get();
}

void DriverDomain::Impl::diag(NevercDiagnosticSeverity Sev, std::string Msg,
                              uint32_t Phase) {
  H.report(Sev, std::move(Msg), nullptr, H.phases().at(Phase).Name);
}

void DriverDomain::Impl::reportVerifier(uint32_t Phase, const std::string &Why) {
  diag(NEVERC_DIAGNOSTIC_ERROR,
       H.phases().at(Phase).Verifier + ": " + Why, Phase);
}

NevercStatus frameTask(DriverDomain::Impl &D, const NevercPhaseFrame *F,
                       core::Task **T) {
  if (!F || F->Header.StructSize < offsetof(NevercPhaseFrame, Task) +
                                       sizeof(NevercTaskHandle))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return D.H.resolveTask(F->Task, T);
}

NevercStatus checkEditScope(DriverDomain::Impl &D, core::Task &T,
                            uint32_t Phase, bool NeedContinuation,
                            const NevercPhaseContinuation *C,
                            RunContext **Run) {
  core::CallbackRole Role = T.role();
  if (Role == core::CallbackRole::Observer)
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  RunContext *R = currentRun();
  if (!R || R->D != &D || R->T != &T || R->Phase != Phase || !R->TS)
    return st(NEVERC_STATUS_WRONG_SCOPE);
  if (NeedContinuation) {
    if (Role != core::CallbackRole::Interceptor || !C || !T.continuationLive(C))
      return st(NEVERC_STATUS_WRONG_SCOPE);
  } else if (Role != core::CallbackRole::Interceptor &&
             Role != core::CallbackRole::Provider) {
    return st(NEVERC_STATUS_WRONG_SCOPE);
  }
  *Run = R;
  return okStatus();
}

namespace {
template <class M>
bool closeIn(EditTable<M> &Table, NevercHandle H) {
  auto *Slot = Table.lookup(H);
  if (!Slot || !*Slot)
    return false;
  Edit<M> &E = **Slot;
  E.T->ledger().close(E.LedgerId);
  if (E.Run) {
    auto &L = E.Run->Edits;
    for (size_t I = 0; I < L.size(); ++I)
      if (L[I].second == H) {
        L.erase(L.begin() + I);
        break;
      }
  }
  Table.erase(H);
  return true;
}

bool closeAny(TaskState &TS, DriverHandleKind K, NevercHandle H) {
  switch (K) {
  case DriverHandleKind::ArgumentMutation:
    return closeIn(TS.ArgEdits, H);
  case DriverHandleKind::ParsedArgumentMutation:
    return closeIn(TS.ParsedEdits, H);
  case DriverHandleKind::ToolChainMutation:
    return closeIn(TS.ToolChainEdits, H);
  case DriverHandleKind::ActionGraphBuilder:
    return closeIn(TS.ActionBuilders, H);
  case DriverHandleKind::ActionGraphMutation:
    return closeIn(TS.ActionMutations, H);
  case DriverHandleKind::JobGraphBuilder:
    return closeIn(TS.JobBuilders, H);
  case DriverHandleKind::JobGraphMutation:
    return closeIn(TS.JobMutations, H);
  default:
    return false;
  }
}
} // namespace

void closeEdit(DriverDomain::Impl &D, DriverHandleKind Kind, NevercHandle H) {
  if (TaskState *TS = D.stateFor(core::decodeHandle(H).Scope))
    closeAny(*TS, Kind, H);
}

//===----------------------------------------------------------------------===//
// Reading plugin-supplied views
//===----------------------------------------------------------------------===//

NevercStatus readString(NevercStringView V, std::string &Out) {
  if (!V.Data && V.Length)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  Out.assign(V.Data ? V.Data : "", V.Length);
  return okStatus();
}

namespace {
/// Element \p I of a strided list; stride 0 means the natural size.
template <class E>
NevercStatus checkList(const E *Data, uint64_t Count, uint64_t &Stride) {
  if (Count && !Data)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (Stride == 0)
    Stride = sizeof(E);
  if (Stride < sizeof(E))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return okStatus();
}
template <class E> const E &at(const E *Data, uint64_t Stride, uint64_t I) {
  return *reinterpret_cast<const E *>(reinterpret_cast<const char *>(Data) +
                                      I * Stride);
}
} // namespace

NevercStatus readStrings(NevercStringList L, std::vector<std::string> &Out) {
  uint64_t Stride = L.ElementStride;
  NevercStatus S = checkList(L.Data, L.Count, Stride);
  if (!isOk(S))
    return S;
  std::vector<std::string> R(L.Count);
  for (uint64_t I = 0; I < L.Count; ++I)
    if (!isOk(S = readString(at(L.Data, Stride, I), R[I])))
      return S;
  Out = std::move(R);
  return okStatus();
}

NevercStatus readIDs(const uint64_t *Data, uint64_t Count, uint64_t Stride,
                     std::vector<uint64_t> &Out) {
  NevercStatus S = checkList(Data, Count, Stride);
  if (!isOk(S))
    return S;
  std::vector<uint64_t> R(Count);
  for (uint64_t I = 0; I < Count; ++I)
    R[I] = at(Data, Stride, I);
  Out = std::move(R);
  return okStatus();
}

static NevercStatus readFile(const NevercJobFile *F, JobFile &Out) {
  NevercStatus S = checkHeader(F, sizeof(NevercJobFile));
  if (!isOk(S))
    return S;
  if (F->Type > NEVERC_DRIVER_TYPE_CXX_HEADER)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  Out.Type = F->Type;
  return readString(F->Path, Out.Path);
}

NevercStatus readFiles(NevercJobFileList L, std::vector<JobFile> &Out) {
  uint64_t Stride = L.ElementStride;
  NevercStatus S = checkList(L.Data, L.Count, Stride);
  if (!isOk(S))
    return S;
  std::vector<JobFile> R(L.Count);
  for (uint64_t I = 0; I < L.Count; ++I)
    if (!isOk(S = readFile(&at(L.Data, Stride, I), R[I])))
      return S;
  Out = std::move(R);
  return okStatus();
}

NevercStatus readJobDescriptor(const NevercJobDescriptor *D, JobModel &Out) {
  NevercStatus S = checkHeader(D, sizeof(NevercJobDescriptor));
  if (!isOk(S))
    return S;
  if (D->Kind < NEVERC_JOB_COMMAND || D->Kind > NEVERC_JOB_DYNCODE ||
      D->ResponseFileKind > NEVERC_RESPONSE_FILE_LIST ||
      D->ResponseFileEncoding > NEVERC_RESPONSE_ENCODING_UTF16 ||
      D->LinkerFlavor > NEVERC_LINKER_FLAVOR_DARWIN ||
      (D->Kind == NEVERC_JOB_PLUGIN && !D->Callback))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  JobModel J;
  J.Id = Out.Id;
  J.Kind = D->Kind;
  J.ResponseFileKind = D->ResponseFileKind;
  J.ResponseFileEncoding = D->ResponseFileEncoding;
  J.InProcess = D->InProcess != NEVERC_FALSE;
  J.SourceAction = D->SourceAction;
  J.LinkerFlavor = D->LinkerFlavor;
  J.Callback = D->Callback;
  J.UserData = D->UserData;
  if (!isOk(S = readString(D->Executable, J.Executable)) ||
      !isOk(S = readStrings(D->Arguments, J.Arguments)) ||
      !isOk(S = readStrings(D->Environment, J.Environment)) ||
      !isOk(S = readFiles(D->Inputs, J.Inputs)) ||
      !isOk(S = readFiles(D->Outputs, J.Outputs)) ||
      !isOk(S = readIDs(D->Dependencies.Data, D->Dependencies.Count,
                        D->Dependencies.ElementStride, J.Dependencies)) ||
      !isOk(S = readString(D->CallbackID, J.CallbackID)))
    return S;
  Out = std::move(J);
  return okStatus();
}

NevercStringList stringList(TaskState &TS, const std::vector<std::string> &S) {
  auto &V = TS.scratch<std::vector<NevercStringView>>();
  V.reserve(S.size());
  for (const std::string &E : S)
    V.push_back(sv(E));
  return NevercStringList{V.data(), V.size(), sizeof(NevercStringView)};
}

NevercJobFile jobFile(const JobFile &F) {
  NevercJobFile R{};
  R.Header = {sizeof(NevercJobFile), NEVERC_DRIVER_API_MAJOR,
              NEVERC_DRIVER_API_MINOR, 0};
  R.Path = sv(F.Path);
  R.Type = F.Type;
  return R;
}

//===----------------------------------------------------------------------===//
// Phase runners
//===----------------------------------------------------------------------===//

namespace {

/// Enters a run: pushes the thread's current run; an observed run also
/// gets the task state. Leaving discards edits the plugins left open (a
/// diagnosed error) and, for the outermost run, the scratch views.
struct RunScope {
  RunContext &R;
  RunScope(DriverDomain::Impl &D, core::Task &T, uint32_t Phase, bool Active,
           RunContext &Ctx)
      : R(Ctx) {
    R.D = &D;
    R.T = &T;
    R.Phase = Phase;
    if (Active) {
      R.TS = &D.state(T);
      ++R.TS->RunDepth;
    }
    R.Prev = CurrentRunTL;
    CurrentRunTL = &R;
  }
  ~RunScope() {
    CurrentRunTL = R.Prev;
    if (!R.TS)
      return;
    auto Left = R.Edits;
    for (auto &[Kind, H] : Left)
      if (closeAny(*R.TS, Kind, H))
        R.D->diag(NEVERC_DIAGNOSTIC_ERROR,
                  "a plugin left a driver edit open when the phase ended; it "
                  "was discarded",
                  R.Phase);
    if (--R.TS->RunDepth == 0)
      R.TS->Scratch.clear();
  }
};

/// The core built-in step: calls \p Fn(In, Out) and names the output box.
template <class In, class Out, class Fn> struct BuiltinAdapter {
  Fn F;
  Box<Out> *OutBox;
  static NevercStatus run(void *Ctx, void *Input, void **Output) {
    auto &Self = *static_cast<BuiltinAdapter *>(Ctx);
    NevercStatus S = Self.F(*static_cast<Box<In> *>(Input)->Model,
                            *Self.OutBox->Model);
    *Output = Self.OutBox;
    return S;
  }
};

template <class Out, class Fn> struct VerifierAdapter {
  DriverDomain::Impl *D;
  uint32_t Phase;
  Fn F;
  static NevercStatus run(void *Ctx, void *Output) {
    auto &Self = *static_cast<VerifierAdapter *>(Ctx);
    std::string Why = "the phase produced no output";
    NevercStatus S = makeStatus(NEVERC_STATUS_VERIFICATION_FAILED);
    if (Output)
      S = Self.F(*static_cast<Box<Out> *>(Output)->Model, &Why);
    if (!isOk(S))
      Self.D->reportVerifier(Self.Phase, Why);
    return S;
  }
};

template <class In, class Out, class BuiltinFn, class VerifyFn>
NevercStatus runGeneric(DriverDomain::Impl &D, RunContext &R, Box<In> &InBox,
                        Box<Out> &OutBox, BuiltinFn Builtin, VerifyFn Verify,
                        Out &Dest, PhaseReport *Report) {
  BuiltinAdapter<In, Out, BuiltinFn> B{std::move(Builtin), &OutBox};
  VerifierAdapter<Out, VerifyFn> V{&D, R.Phase, std::move(Verify)};
  core::PhaseRequest Req;
  Req.T = R.T;
  Req.Input = &InBox;
  Req.Builtin = {&BuiltinAdapter<In, Out, BuiltinFn>::run, &B};
  Req.Verifier = {&VerifierAdapter<Out, VerifyFn>::run, &V};
  core::PhaseOutcome O = D.H.runPhase(R.Phase, Req);
  if (Report) {
    Report->Observed = R.TS != nullptr;
    Report->Mutated = R.Mutated;
    Report->ByPlugin = O.ByPlugin;
    Report->Action = O.Action;
  }
  if (!isOk(O.Status))
    return O.Status;
  if (O.Output && O.Output != &OutBox) {
    auto *Got = static_cast<Box<Out> *>(O.Output);
    if (Got->Model != &Dest)
      Dest = *Got->Model;
  }
  return okStatus();
}

} // namespace

DriverDomain::DriverDomain(core::Host &H) : P(std::make_unique<Impl>(H)) {
  P->fillTable();
  P->Published = H.publishInterface(
      NevercInterfaceID{NEVERC_INTERFACE_DRIVER_HIGH, NEVERC_INTERFACE_DRIVER_LOW},
      NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR, &P->Table,
      sizeof(NevercDriverAPI));
}

DriverDomain::~DriverDomain() = default;

NevercStatus DriverDomain::publishStatus() const { return P->Published; }
const NevercDriverAPI &DriverDomain::table() const { return P->Table; }
core::Host &DriverDomain::host() const { return P->H; }

void DriverDomain::Impl::fillTable() {
  static_assert(sizeof(NevercDriverAPI) == 560, "NevercDriverAPI is 560 bytes");
  Table.Header = {sizeof(NevercDriverAPI), NEVERC_DRIVER_API_MAJOR,
                  NEVERC_DRIVER_API_MINOR, 0};
  Table.Context = this;
  fillArgumentSlots(Table);
  fillGraphSlots(Table);
}

void DriverDomain::releaseTask(NevercTaskHandle Ended) {
  core::HandleScope S = core::decodeHandle(Ended).Scope;
  const core::ScopeOracle &Oracle = P->H;
  if (Oracle.taskAlive(S.Session, S.Task))
    return;
  std::lock_guard<std::mutex> G(P->Lock);
  auto It = P->States.find(key(S.Session, S.Task));
  if (It != P->States.end() && It->second->RunDepth == 0)
    P->States.erase(It);
}

size_t DriverDomain::trackedTaskCount() const {
  std::lock_guard<std::mutex> G(P->Lock);
  return P->States.size();
}

static bool active(core::Host &H, uint32_t Phase) {
  return H.phases().at(Phase).Active;
}

/// Runs a phase whose built-in step is the identity: plugins edit
/// \p InOut in place (raw and parsed arguments).
template <class M>
static NevercStatus runInPlace(DriverDomain::Impl &D, core::Task &T,
                               uint32_t Phase, M &InOut,
                               NevercStatus (*Verify)(const M &, std::string *),
                               PhaseReport *Report) {
  return guard([&] {
    RunContext R;
    RunScope Scope(D, T, Phase, active(D.H, Phase), R);
    Box<M> B;
    B.Model = &InOut;
    B.Writable = true;
    return runGeneric(
        D, R, B, B, [](M &, M &) { return okStatus(); }, Verify, InOut, Report);
  });
}

NevercStatus DriverDomain::runRawArguments(core::Task &T, RawArguments &InOut,
                                           PhaseReport *Report) {
  return runInPlace(*P, T, Phase_DRIVER_RAW_ARGUMENTS, InOut,
                    verifyRawArguments, Report);
}

NevercStatus DriverDomain::runParsedArguments(core::Task &T,
                                              ParsedArguments &InOut,
                                              PhaseReport *Report) {
  return runInPlace(*P, T, Phase_DRIVER_PARSED_ARGUMENTS, InOut,
                    verifyParsedArguments, Report);
}

NevercStatus DriverDomain::runSelectToolChain(core::Task &T,
                                              ToolChainRequest &Request,
                                              ToolChainSelection &Out,
                                              SelectToolChainStep Builtin,
                                              PhaseReport *Report) {
  return guard([&] {
    RunContext R;
    RunScope Scope(*P, T, Phase_DRIVER_SELECT_TOOLCHAIN,
                   active(P->H, Phase_DRIVER_SELECT_TOOLCHAIN), R);
    Box<ToolChainRequest> In;
    In.Model = &Request;
    In.Writable = true;
    Box<ToolChainSelection> OutBox;
    OutBox.Model = &Out;
    return runGeneric(
        *P, R, In, OutBox,
        [Builtin](ToolChainRequest &Req, ToolChainSelection &Sel) {
          if (!Builtin.Run)
            return makeStatus(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
          NevercStatus S = Builtin.Run(Builtin.Ctx, Req, Sel);
          Sel.BuiltinProviderUsed = true;
          return S;
        },
        verifyToolChainSelection, Out, Report);
  });
}

NevercStatus DriverDomain::runSelectToolChain(core::Task &T,
                                              const ToolChainRequest &Request,
                                              ToolChainSelection &Out,
                                              SelectToolChainStep Builtin,
                                              PhaseReport *Report) {
  if (!active(P->H, Phase_DRIVER_SELECT_TOOLCHAIN)) {
    // Nobody can edit the request: no copy.
    return runSelectToolChain(T, const_cast<ToolChainRequest &>(Request), Out,
                              Builtin, Report);
  }
  ToolChainRequest Copy = Request;
  return runSelectToolChain(T, Copy, Out, Builtin, Report);
}

NevercStatus DriverDomain::runBuildActions(core::Task &T, ActionGraph &InOut,
                                           BuildActionsStep Builtin,
                                           PhaseReport *Report) {
  return guard([&] {
    RunContext R;
    RunScope Scope(*P, T, Phase_DRIVER_BUILD_ACTIONS,
                   active(P->H, Phase_DRIVER_BUILD_ACTIONS), R);
    Box<ActionGraph> In, OutBox;
    In.Model = OutBox.Model = &InOut;
    OutBox.Writable = true;
    return runGeneric(
        *P, R, In, OutBox,
        [Builtin](ActionGraph &, ActionGraph &G) {
          return Builtin.Run ? Builtin.Run(Builtin.Ctx, G)
                             : makeStatus(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
        },
        verifyActionGraph, InOut, Report);
  });
}

NevercStatus DriverDomain::runBuildJobs(core::Task &T,
                                        const ActionGraph &Actions,
                                        JobGraph &InOut, BuildJobsStep Builtin,
                                        PhaseReport *Report) {
  return guard([&] {
    RunContext R;
    RunScope Scope(*P, T, Phase_DRIVER_BUILD_JOBS,
                   active(P->H, Phase_DRIVER_BUILD_JOBS), R);
    R.Actions = &Actions;
    Box<ActionGraph> In;
    In.Model = const_cast<ActionGraph *>(&Actions); // read-only (Writable false)
    Box<JobGraph> OutBox;
    OutBox.Model = &InOut;
    OutBox.Writable = true;
    return runGeneric(
        *P, R, In, OutBox,
        [Builtin](ActionGraph &A, JobGraph &J) {
          return Builtin.Run ? Builtin.Run(Builtin.Ctx, A, J)
                             : makeStatus(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
        },
        [&Actions](const JobGraph &G, std::string *Why) {
          return verifyJobGraph(G, &Actions, Why);
        },
        InOut, Report);
  });
}

NevercStatus DriverDomain::runExecuteJob(core::Task &T, const JobModel &Job,
                                         ExecuteJobStep Builtin, JobResult &Out,
                                         PhaseReport *Report) {
  return guard([&] {
    RunContext R;
    const bool Active = active(P->H, Phase_DRIVER_EXECUTE_JOB);
    RunScope Scope(*P, T, Phase_DRIVER_EXECUTE_JOB, Active, R);
    R.Job = &Job;
    if (Active) {
      // Rule 12 needs to know which outputs existed before the job ran.
      R.PreExisting.reserve(Job.Outputs.size());
      for (const JobFile &F : Job.Outputs) {
        std::error_code EC;
        R.PreExisting.push_back(std::filesystem::exists(F.Path, EC) && !EC);
      }
      R.PreExistingKnown = true;
    }
    Box<JobModel> In;
    In.Model = const_cast<JobModel *>(&Job); // read-only (Writable false)
    Box<JobResult> OutBox;
    OutBox.Model = &Out;
    return runGeneric(
        *P, R, In, OutBox,
        [Builtin](JobModel &J, JobResult &Res) {
          if (!Builtin.Run)
            return makeStatus(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
          NevercStatus S = Builtin.Run(Builtin.Ctx, J, Res);
          Res.Job = J.Id;
          Res.BuiltinProviderUsed = true;
          return S;
        },
        [&R](const JobResult &Res, std::string *Why) {
          return verifyJobResult(Res, *R.Job,
                                 R.PreExistingKnown ? &R.PreExisting : nullptr,
                                 Why);
        },
        Out, Report);
  });
}

NevercStatus DriverDomain::executePluginJob(core::Task &T, const JobModel &Job,
                                            JobResult &Out) {
  if (Job.Kind != NEVERC_JOB_PLUGIN || !Job.Callback)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return guard([&] {
    std::vector<NevercStringView> Args, Env;
    for (const std::string &S : Job.Arguments)
      Args.push_back(sv(S));
    for (const std::string &S : Job.Environment)
      Env.push_back(sv(S));
    std::vector<NevercJobFile> Ins, Outs;
    for (const JobFile &F : Job.Inputs)
      Ins.push_back(jobFile(F));
    for (const JobFile &F : Job.Outputs)
      Outs.push_back(jobFile(F));
    NevercPluginJobContext C{};
    C.Header = {sizeof C, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR, 0};
    C.Session = T.session().handle();
    C.Job = Job.Id;
    C.CallbackID = sv(Job.CallbackID);
    C.Arguments = {Args.data(), Args.size(), sizeof(NevercStringView)};
    C.Environment = {Env.data(), Env.size(), sizeof(NevercStringView)};
    C.Inputs = {Ins.data(), Ins.size(), sizeof(NevercJobFile)};
    C.Outputs = {Outs.data(), Outs.size(), sizeof(NevercJobFile)};
    int32_t Exit = 0;
    NevercStatus S;
    try {
      S = Job.Callback(&C, &Exit, Job.UserData);
    } catch (...) {
      S = makeStatus(NEVERC_STATUS_PLUGIN_EXCEPTION);
    }
    Out = JobResult();
    Out.Job = Job.Id;
    Out.BuiltinProviderUsed = true;
    if (!isOk(S)) {
      Out.ExecutionFailed = true;
      Out.ExitCode = Exit ? Exit : 1;
      Out.ErrorMessage = "plugin job callback '" + Job.CallbackID +
                         "' failed with " +
                         std::string(core::statusName(S.Code));
    } else {
      Out.ExitCode = Exit;
    }
    return okStatus();
  });
}

} // namespace neverc::driver
