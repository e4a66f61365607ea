//===- PluginHooks.cpp - Driver data <-> driver domain models -------------===//
#include "PluginHooks.h"

#include "neverc/driver/ClangDiagnostics.h"
#include "neverc/driver/FrontendAccess.h"
#include "neverc/object/Archive.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

namespace neverc {

using namespace neverc::driver;
using core::okStatus;

namespace {

/// A regular file that exists now.
bool isRegularFile(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

/// A fresh temporary file for an input object the pipeline rewrites
/// (empty on failure).
std::string makeInputTemp() {
  const char *Dir = std::getenv("TMPDIR");
  std::string T = std::string(Dir && *Dir ? Dir : "/tmp") +
                  "/neverc-input-XXXXXX.o";
  int FD = ::mkstemps(T.data(), 2);
  if (FD < 0)
    return {};
  ::close(FD);
  return T;
}

} // namespace

namespace {

//===--- Conversions --------------------------------------------------------===//
// Enumerator values of Driver.h equal the ABI constants (Driver.h says so),
// so enums convert by static_cast.

api::RawArguments toModel(const std::vector<RawArgument> &Argv) {
  api::RawArguments M;
  M.Entries.reserve(Argv.size());
  for (const RawArgument &A : Argv)
    M.Entries.push_back({A.Value, NevercArgumentOrigin(A.Origin), A.Source,
                         A.Position});
  return M;
}

std::vector<RawArgument> fromModel(const api::RawArguments &M) {
  std::vector<RawArgument> Argv;
  for (const api::ArgumentEntry &E : M.Entries)
    Argv.push_back({E.Text, ArgumentOrigin(E.Origin), E.Source, E.Position});
  return Argv;
}

api::ParsedArguments toModel(const std::vector<OptionOccurrence> &Occ) {
  api::ParsedArguments M;
  for (const OptionOccurrence &O : Occ)
    M.Occurrences.push_back(
        {O.ID, O.Spelling, O.Values, NevercArgumentOrigin(O.Origin)});
  return M;
}

std::vector<OptionOccurrence>
fromModel(const api::ParsedArguments &M,
          const std::vector<OptionOccurrence> &Before) {
  std::vector<OptionOccurrence> Occ;
  for (const api::OptionOccurrence &O : M.Occurrences) {
    OptionOccurrence R;
    // Occurrences the driver handed out keep their id; added ones get 0,
    // which tells the driver to re-derive everything from the spelling.
    auto Old = std::find_if(Before.begin(), Before.end(),
                            [&](auto &B) { return B.ID == O.Id; });
    bool Same = Old != Before.end() && Old->Spelling == O.Spelling &&
                Old->Values == O.Values;
    R.ID = Old != Before.end() ? O.Id : 0;
    R.Spelling = O.Spelling;
    R.Values = O.Values;
    R.Origin = ArgumentOrigin(O.Origin);
    R.OptionName = Same ? Old->OptionName : std::string();
    Occ.push_back(std::move(R));
  }
  return Occ;
}

api::ActionGraph toModel(const ActionGraph &G) {
  api::ActionGraph M;
  for (const DriverInput &I : G.Inputs)
    M.Inputs.push_back({I.ID, NevercDriverType(I.Type), I.Value});
  for (const ActionNode &N : G.Nodes)
    M.Nodes.push_back({N.ID, NevercActionKind(N.Kind),
                       NevercDriverType(N.OutputType), N.DriverInput,
                       N.BindArch, N.Inputs});
  M.Roots = G.Roots;
  return M;
}

void applyModel(const api::ActionGraph &M, ActionGraph &G) {
  std::vector<ActionNode> Nodes;
  for (const api::ActionNode &N : M.Nodes) {
    ActionNode R;
    R.ID = N.Id;
    R.Kind = ActionKind(N.Kind);
    R.OutputType = FileType(N.OutputType);
    R.Inputs = N.Inputs;
    R.DriverInput = N.DriverInput;
    R.BindArch = N.BindArch;
    if (auto It = std::find_if(G.Nodes.begin(), G.Nodes.end(),
                               [&](auto &O) { return O.ID == N.Id; });
        It != G.Nodes.end() && It->Kind == R.Kind)
      R.ClangClassName = It->ClangClassName;
    Nodes.push_back(std::move(R));
  }
  G.Nodes = std::move(Nodes);
  G.Roots = M.Roots;
}

NevercJobKind jobKind(JobInfo::Kind K) {
  switch (K) {
  case JobInfo::CC1:
  case JobInfo::CC1AS:
    return NEVERC_JOB_FRONTEND;
  case JobInfo::Link:
    return NEVERC_JOB_LINKER;
  case JobInfo::Archive:
    return NEVERC_JOB_ARCHIVE;
  case JobInfo::Plugin:
    return NEVERC_JOB_PLUGIN;
  default:
    return NEVERC_JOB_COMMAND;
  }
}

std::vector<api::JobFile> toModel(const std::vector<JobFile> &Files) {
  std::vector<api::JobFile> M;
  for (const JobFile &F : Files)
    M.push_back({F.Path, NevercDriverType(F.Type)});
  return M;
}

std::vector<JobFile> fromModel(const std::vector<api::JobFile> &M) {
  std::vector<JobFile> Files;
  for (const api::JobFile &F : M)
    Files.push_back({F.Path, FileType(F.Type)});
  return Files;
}

api::JobModel toModel(const JobInfo &J) {
  api::JobModel M;
  M.Id = J.ID;
  M.Kind = jobKind(J.K);
  M.ResponseFileKind = NevercResponseFileKind(J.ResponseFileKind);
  M.ResponseFileEncoding = NevercResponseFileEncoding(J.ResponseFileEncoding);
  M.InProcess = J.InProcess;
  M.SourceAction = J.SourceAction;
  M.LinkerFlavor = NevercLinkerFlavor(J.Flavor);
  M.Executable = J.Executable;
  M.Arguments = J.Arguments;
  M.Environment = J.Environment;
  M.Inputs = toModel(J.Inputs);
  M.Outputs = toModel(J.Outputs);
  M.Dependencies = J.Dependencies;
  M.CallbackID = J.CallbackID;
  return M;
}

/// The outcome fields driver::JobResult and api::JobResult share, copied
/// either way (the model's job id, seals and provider flag are its own).
template <class From, class To> void copyOutcome(const From &F, To &T) {
  T.ExitCode = F.ExitCode;
  T.ExecutionFailed = F.ExecutionFailed;
  T.ErrorMessage = F.ErrorMessage;
  T.HasProcessStatistics = F.HasProcessStatistics;
  T.TotalTimeMicroseconds = F.TotalTimeMicroseconds;
  T.UserTimeMicroseconds = F.UserTimeMicroseconds;
  T.PeakMemoryKiB = F.PeakMemoryKiB;
}

JobResult fromModel(const api::JobResult &R) {
  JobResult Out;
  copyOutcome(R, Out);
  return Out;
}

api::JobResult toModel(const JobResult &R, NevercJobID Job) {
  api::JobResult M;
  M.Job = Job;
  copyOutcome(R, M);
  return M;
}

} // namespace

int PluginHooks::fail(uint32_t Phase, NevercStatus St, uint32_t Before) {
  // The host, the plugin or a verifier normally reported the cause already;
  // only a failure nobody explained gets a line of its own.
  if (Sink.errors() == Before)
    H.report(NEVERC_DIAGNOSTIC_ERROR,
             "phase '" + H.phases().at(Phase).Name + "' failed: " +
                 std::string(core::statusName(St.Code)));
  return -1;
}

template <class List, class RunFn, class BackFn>
int PluginHooks::argumentPhase(uint32_t Phase, List &L, RunFn &&Run,
                               BackFn &&FromModel) {
  if (!observed(Phase))
    return 0;
  uint32_t Errors = Sink.errors();
  auto M = toModel(L);
  driver::PhaseReport R;
  NevercStatus St = Run(M, &R);
  if (!core::isOk(St))
    return fail(Phase, St, Errors);
  if (R.Mutated)
    L = FromModel(M);
  return errorsSince(Errors);
}

int PluginHooks::rawArguments(std::vector<RawArgument> &Argv) {
  return argumentPhase(
      core::Phase_DRIVER_RAW_ARGUMENTS, Argv,
      [&](api::RawArguments &M, driver::PhaseReport *R) {
        return D.runRawArguments(Invocation, M, R);
      },
      [](const api::RawArguments &M) { return fromModel(M); });
}

int PluginHooks::parsedArguments(std::vector<OptionOccurrence> &Occ) {
  // Occurrences the driver handed out keep their ids (fromModel).
  return argumentPhase(
      core::Phase_DRIVER_PARSED_ARGUMENTS, Occ,
      [&](api::ParsedArguments &M, driver::PhaseReport *R) {
        return D.runParsedArguments(Invocation, M, R);
      },
      [&](const api::ParsedArguments &M) { return fromModel(M, Occ); });
}

int PluginHooks::selectToolChain(ToolChainInfo &TC) {
  if (!observed(core::Phase_DRIVER_SELECT_TOOLCHAIN))
    return 0;
  uint32_t Errors = Sink.errors();
  api::ToolChainRequest Req;
  Req.RequestedTriple = TC.RequestedTriple;
  Req.ComputedTriple = TC.Triple;
  Req.SysRoot = TC.Sysroot;
  Req.ResourceDir = TC.ResourceDir;
  Req.CPU = TC.CPU;
  Req.Features = TC.Features;
  Req.ExecutionLevel = NEVERC_EXECUTION_LEVEL_USER;
  // The built-in selection is what Clang already chose, from the request as
  // it stands after interceptors (a changed triple is re-encoded by the
  // driver, which then rebuilds the compilation).
  auto Builtin = [&](const api::ToolChainRequest &Q,
                     api::ToolChainSelection &Sel) -> NevercStatus {
    bool TripleEdited = Q.RequestedTriple != TC.RequestedTriple;
    Sel.TargetTriple = TripleEdited ? Q.RequestedTriple : TC.Triple;
    Sel.ToolChainID = TripleEdited
                          ? std::string(api::toolChainIDForTriple(Q.RequestedTriple))
                          : TC.ToolChainID;
    Sel.TargetKey = Sel.TargetTriple;
    Sel.CPU = Q.CPU;
    Sel.Features = Q.Features;
    Sel.BuiltinProviderUsed = true;
    return okStatus();
  };
  api::ToolChainSelection Sel;
  driver::PhaseReport R;
  NevercStatus St = D.runSelectToolChain(
      Invocation, Req, Sel, SelectToolChainStep::of(Builtin), &R);
  if (!core::isOk(St))
    return fail(core::Phase_DRIVER_SELECT_TOOLCHAIN, St, Errors);
  TC.Triple = Sel.TargetTriple;
  TC.CPU = Sel.CPU;
  TC.Features = Sel.Features;
  TC.Sysroot = Req.SysRoot;
  TC.ResourceDir = Req.ResourceDir;
  if (!Sel.ToolChainID.empty() && Sel.ToolChainID != TC.ToolChainID &&
      Sel.ToolChainID != api::toolChainIDForTriple(Sel.TargetTriple)) {
    H.report(NEVERC_DIAGNOSTIC_ERROR,
             "toolchain '" + Sel.ToolChainID +
                 "' cannot be selected on stock Clang 22: Clang picks its "
                 "toolchain from the triple alone",
             nullptr, NEVERC_PHASE_DRIVER_SELECT_TOOLCHAIN_NAME);
    return -1;
  }
  return errorsSince(Errors);
}

int PluginHooks::buildActions(ActionGraph &Graph) {
  if (!observed(core::Phase_DRIVER_BUILD_ACTIONS)) {
    if (observed(core::Phase_DRIVER_BUILD_JOBS))
      Actions = toModel(Graph);
    return 0;
  }
  uint32_t Errors = Sink.errors();
  api::ActionGraph Built = toModel(Graph);
  api::ActionGraph M;
  M.Inputs = Built.Inputs;
  // Clang has already built the graph; the built-in step hands it over.
  auto Builtin = [&](api::ActionGraph &G) -> NevercStatus {
    G.Nodes = Built.Nodes;
    G.Roots = Built.Roots;
    return okStatus();
  };
  driver::PhaseReport R;
  NevercStatus St =
      D.runBuildActions(Invocation, M, BuildActionsStep::of(Builtin), &R);
  if (!core::isOk(St))
    return fail(core::Phase_DRIVER_BUILD_ACTIONS, St, Errors);
  if (R.Mutated || R.ByPlugin)
    applyModel(M, Graph);
  if (observed(core::Phase_DRIVER_BUILD_JOBS))
    Actions = std::move(M);
  return errorsSince(Errors);
}

PluginHooks::~PluginHooks() {
  for (const std::string &T : InputTemps)
    std::remove(T.c_str());
}

namespace {
/// Writes \p B to \p P whole, or reports why not.
bool writeWhole(const std::string &P, const std::string &B,
                std::string &Error) {
  std::FILE *F = std::fopen(P.c_str(), "wb");
  bool Ok = F && std::fwrite(B.data(), 1, B.size(), F) == B.size();
  Ok = F && std::fclose(F) == 0 && Ok;
  if (!Ok)
    Error = "cannot write '" + P + "'";
  return Ok;
}
} // namespace

int PluginHooks::inputError(std::string Message) {
  core::Diagnostic Dg;
  Dg.Message = std::move(Message);
  Sink.report(Dg);
  return 1;
}

int PluginHooks::runObjectPipeline(const std::string &Path, std::string Bytes,
                                   ObjectCommit Commit, void *CommitCtx) {
  object::ObjectDomain::Output Out;
  Out.Path = Path;
  Out.Bytes = std::move(Bytes);
  NevercStringView Triple = S.route().TargetTriple;
  Out.Triple.assign(Triple.Data ? Triple.Data : "", Triple.Length);
  Out.Commit = Commit;
  Out.CommitCtx = CommitCtx;
  core::Task *T = nullptr;
  if (!core::isOk(S.beginTask(NEVERC_TASK_OBJECT, &T)))
    return 1;
  int RC = F.Object->processObject(*T, Out);
  S.endTask(T);
  return RC;
}

int PluginHooks::runInputObject(const std::string &Path,
                                const std::string &Staged) {
  std::FILE *In = std::fopen(Path.c_str(), "rb");
  if (!In)
    return inputError("cannot read the object '" + Path + "'");
  std::string Bytes;
  char Buf[65536];
  size_t N;
  while ((N = std::fread(Buf, 1, sizeof Buf, In)) > 0)
    Bytes.append(Buf, N);
  bool ReadError = std::ferror(In);
  std::fclose(In);
  if (ReadError)
    return inputError("cannot read the object '" + Path + "'");
  if (object::isArchive(Bytes))
    return runInputArchive(Path, Bytes, Staged);
  // The commit writes the temporary file the link reads: whole, or not at
  // all (a failed pipeline leaves the link without its input).
  struct Commit {
    const std::string &Staged;
    static bool run(void *Ctx, const std::string &B, std::string &Error) {
      return writeWhole(static_cast<Commit *>(Ctx)->Staged, B, Error);
    }
  } C{Staged};
  return runObjectPipeline(Path, std::move(Bytes), &Commit::run, &C);
}

int PluginHooks::runInputArchive(const std::string &Path,
                                 const std::string &Bytes,
                                 const std::string &Staged) {
  std::string Error;
  bool Thin = false;
  std::unique_ptr<object::ArchiveRewrite> A =
      object::ArchiveRewrite::open(Bytes, Error, Thin);
  if (Thin) {
    // Its members are files of their own, which the link reads as they are.
    core::Diagnostic Dg;
    Dg.Severity = NEVERC_DIAGNOSTIC_WARNING;
    Dg.Message = "the members of the thin archive '" + Path +
                 "' are other files: they do not go through the object "
                 "phases";
    Sink.report(Dg);
    return writeWhole(Staged, Bytes, Error) ? 0 : inputError(Error);
  }
  if (!A)
    return inputError("cannot take the archive '" + Path + "' apart: " + Error);
  // Each relocatable member goes through the pipeline as an object of its
  // own ("lib.a(member.o)"); its commit hands the bytes back here.
  for (size_t M = 0; M < A->size(); ++M) {
    if (!A->isObject(M))
      continue;
    struct Commit {
      std::string Bytes;
      bool Done = false;
      static bool run(void *Ctx, const std::string &B, std::string &) {
        auto &C = *static_cast<Commit *>(Ctx);
        C.Bytes = B;
        C.Done = true;
        return true;
      }
    } C;
    const std::string Member = Path + "(" + std::string(A->name(M)) + ")";
    if (int RC = runObjectPipeline(Member, std::string(A->bytes(M)),
                                   &Commit::run, &C))
      return RC;
    if (C.Done)
      A->replace(M, std::move(C.Bytes));
  }
  // The archive again: as it was when no member changed.
  std::string Archive;
  if (!A->changed())
    Archive = Bytes;
  else if (!A->write(Archive, Error))
    return inputError("cannot write the archive '" + Path +
                      "' with its rewritten members: " + Error);
  if (!writeWhole(Staged, Archive, Error))
    return inputError(Error);
  return 0;
}

void PluginHooks::inputObjects(std::vector<JobInfo> &Jobs) {
  if (!F.Object || !F.Object->active())
    return;
  std::vector<JobInfo> Out;
  for (JobInfo &J : Jobs) {
    if (J.K != JobInfo::Link) {
      Out.push_back(std::move(J));
      continue;
    }
    for (JobFile &In : J.Inputs) {
      // Objects that exist now came from the command line (the compile
      // jobs' outputs do not yet, and went through the phases already);
      // an archive's members go through one by one (runInputArchive).
      if (In.Type != FileType::Object || !isRegularFile(In.Path))
        continue;
      std::string Staged = makeInputTemp();
      if (Staged.empty())
        continue;
      InputTemps.push_back(Staged);
      JobInfo P;
      P.K = JobInfo::Plugin;
      P.CallbackID = "neverc.object.input";
      P.InProcess = true;
      P.Inputs = {In};
      P.Outputs = {JobFile{Staged, FileType::Object}};
      std::string Path = In.Path;
      P.Callback = [this, Path, Staged](const JobInfo &) {
        return runInputObject(Path, Staged);
      };
      Out.push_back(std::move(P));
      for (std::string &A : J.Arguments)
        if (A == In.Path)
          A = Staged;
      In.Path = Staged;
    }
    Out.push_back(std::move(J));
  }
  Jobs = std::move(Out);
}

int PluginHooks::buildJobs(std::vector<JobInfo> &Jobs) {
  int RC = buildJobsPhase(Jobs);
  if (RC == 0)
    inputObjects(Jobs);
  return RC;
}

int PluginHooks::buildJobsPhase(std::vector<JobInfo> &Jobs) {
  if (!observed(core::Phase_DRIVER_BUILD_JOBS))
    return 0;
  uint32_t Errors = Sink.errors();
  api::JobGraph Built;
  for (const JobInfo &J : Jobs)
    Built.Jobs.push_back(toModel(J));
  auto Builtin = [&](const api::ActionGraph &, api::JobGraph &G) {
    G = Built;
    return okStatus();
  };
  api::JobGraph M;
  driver::PhaseReport R;
  NevercStatus St = D.runBuildJobs(Invocation, Actions, M,
                                   BuildJobsStep::of(Builtin), &R);
  if (!core::isOk(St))
    return fail(core::Phase_DRIVER_BUILD_JOBS, St, Errors);
  if (!R.Mutated && !R.ByPlugin)
    return errorsSince(Errors);
  std::vector<JobInfo> Out;
  for (const api::JobModel &J : M.Jobs) {
    auto Old = std::find_if(Jobs.begin(), Jobs.end(),
                            [&](auto &O) { return O.ID == J.Id; });
    JobInfo N;
    if (Old != Jobs.end())
      N = *Old;
    else
      N.ID = 0;
    N.Executable = J.Executable;
    N.Arguments = J.Arguments;
    N.Environment = J.Environment;
    N.Inputs = fromModel(J.Inputs);
    N.Outputs = fromModel(J.Outputs);
    N.Dependencies = J.Dependencies;
    N.SourceAction = J.SourceAction;
    N.CallbackID = J.CallbackID;
    if (J.Kind == NEVERC_JOB_PLUGIN) {
      N.K = JobInfo::Plugin;
      api::JobModel Copy = J;
      N.Callback = [this, Copy](const JobInfo &) {
        api::JobResult Res;
        NevercStatus CS = D.executePluginJob(Invocation, Copy, Res);
        if (!core::isOk(CS))
          return 1;
        return int(Res.ExecutionFailed ? 1 : Res.ExitCode);
      };
    } else if (Old == Jobs.end()) {
      bool CC1 = !J.Arguments.empty() && J.Arguments[0] == "-cc1";
      bool CC1AS = !J.Arguments.empty() && J.Arguments[0] == "-cc1as";
      N.K = CC1 ? JobInfo::CC1
                : CC1AS ? JobInfo::CC1AS
                        : J.Kind == NEVERC_JOB_LINKER ? JobInfo::Link
                                                      : JobInfo::Other;
    }
    Out.push_back(std::move(N));
  }
  Jobs = std::move(Out);
  return errorsSince(Errors);
}

int PluginHooks::executeJob(const JobInfo &Job, JobResult &Result,
                            const std::function<void(JobResult &)> &RunBuiltin) {
  // A translation unit is a task of its own: plugins see TaskBegin/TaskEnd
  // around every in-process compile and assembly.
  if (Job.K == JobInfo::CC1 || Job.K == JobInfo::CC1AS) {
    NevercStatus TS = S.beginTask(NEVERC_TASK_TRANSLATION_UNIT, &TU);
    if (!core::isOk(TS))
      return -1;
  }
  struct EndTU {
    core::Session &S;
    core::Task *&T;
    ~EndTU() {
      if (T)
        S.endTask(T);
      T = nullptr;
    }
  } End{S, TU};

  uint32_t Errors = Sink.errors();
  if (!observed(core::Phase_DRIVER_EXECUTE_JOB)) {
    RunBuiltin(Result);
    return errorsSince(Errors);
  }
  api::JobModel M = toModel(Job);
  auto Builtin = [&](const api::JobModel &, api::JobResult &Out) {
    JobResult R;
    RunBuiltin(R);
    Out = toModel(R, Job.ID);
    return okStatus();
  };
  api::JobResult Out;
  driver::PhaseReport R;
  NevercStatus St = D.runExecuteJob(Invocation, M, ExecuteJobStep::of(Builtin),
                                    Out, &R);
  if (!core::isOk(St))
    return fail(core::Phase_DRIVER_EXECUTE_JOB, St, Errors);
  Result = fromModel(Out);
  return errorsSince(Errors);
}

int PluginHooks::frontendStarting(clang::CompilerInstance &CI,
                                  const JobInfo &) {
  driver::SourceResolver Resolve;
  if (F.Source && TU) {
    source::SourceDomain *Source = F.Source;
    core::Task *Task = TU;
    Resolve.Location = [Source, Task](NevercSourceLocationHandle L) {
      return unsigned(Source->decodeLocation(*Task, L));
    };
    Resolve.Range = [Source, Task](NevercSourceRangeHandle R, unsigned &Begin,
                                   unsigned &End, bool &Token) {
      uint64_t B = 0, E = 0;
      if (!Source->decodeRange(*Task, R, B, E, Token))
        return false;
      Begin = unsigned(B);
      End = unsigned(E);
      return true;
    };
  }
  if (F.AST) {
    ast::ASTDomain *AST = F.AST;
    Resolve.FixItOf = [AST](NevercFixItHandle H,
                            driver::SourceResolver::FixIt &Out) {
      ast::ASTDomain::ResolvedFixIt R;
      if (!AST->resolveFixIt(H, R))
        return false;
      Out.Begin = R.Begin;
      Out.End = R.End;
      Out.TokenRange = R.TokenRange;
      Out.Insert = R.Insert;
      Out.Text = std::move(R.Text);
      return true;
    };
  }
  Sink.use(driver::makeClangDiagnosticSink(driver::diagnosticsOf(CI),
                                           std::move(Resolve)));
  // The TU task began (and its TaskBegin callbacks ran) in executeJob, so
  // the domains see every subscription made there. They attach in pipeline
  // order: source first installs the VFS layer the preprocessor reads from.
  if (TU) {
    TU->setFrontend(&CI);
    for (core::FrontendAttachment *A : F.Attached)
      if (A->attach(CI, *TU) != 0) {
        TU->setFrontend(nullptr); // frontendFinished will not run
        return -1;
      }
  }
  return 0;
}

bool PluginHooks::wrapsFrontendAction(clang::CompilerInstance &CI) {
  if (!TU)
    return false;
  for (core::FrontendAttachment *A : F.Attached)
    if (A->wrapsAction(CI, *TU))
      return true;
  return false;
}

clang::FrontendAction *
PluginHooks::wrapFrontendAction(clang::CompilerInstance &CI,
                                clang::FrontendAction *Inner) {
  // Latest phases innermost: the IR domain reads Clang's own CodeGenAction,
  // the AST domain's consumer sits in front of it.
  for (auto It = F.Attached.rbegin(); It != F.Attached.rend(); ++It)
    if ((*It)->wrapsAction(CI, *TU))
      Inner = (*It)->wrapAction(CI, *TU, Inner);
  return Inner;
}

int PluginHooks::assemblerStarting(clang::DiagnosticsEngine &Diags,
                                   const std::string &Triple,
                                   bool WritesObject, const JobInfo &) {
  // Plugin diagnostics print as the assembler's (no source locations).
  Sink.use(driver::makeClangDiagnosticSink(Diags, driver::SourceResolver()));
  if (!TU)
    return 0;
  for (core::FrontendAttachment *A : F.Attached)
    if (A->attachAssembler(Triple.c_str(), WritesObject, *TU) != 0)
      return -1;
  return 0;
}

bool PluginHooks::assemblerParse(core::AssemblySource &Src) {
  bool Failed = false;
  if (TU)
    for (core::FrontendAttachment *A : F.Attached)
      if (A->parseAssembly(*TU, Src, Failed))
        return Failed;
  return Src.Parse(Src.ParseCtx);
}

int PluginHooks::runLink(const JobInfo &Job, std::vector<std::string> &Argv,
                         int (*RunLld)(const std::vector<std::string> &)) {
  if (!F.Link)
    return DriverHooks::runLink(Job, Argv, RunLld);
  {
    link::LinkDomain::Link L;
    L.Argv = Argv;
    L.RunLld = RunLld;
    if (!F.Link->watches(L))
      return F.Link->runUnwatched(L);
  }
  // A link is a task of its own; its diagnostics print clang-style on
  // stderr (no compile's engine is current).
  Sink.use(nullptr);
  core::Task *T = nullptr;
  if (!core::isOk(S.beginTask(NEVERC_TASK_LINK, &T)))
    return 1;
  link::LinkDomain::Link L;
  L.Argv = Argv;
  NevercStringView Triple = S.route().TargetTriple;
  L.Triple.assign(Triple.Data ? Triple.Data : "", Triple.Length);
  L.RunLld = RunLld;
  int RC = F.Link->runLink(*T, L);
  S.endTask(T);
  return RC;
}

bool PluginHooks::assemblerHoldsObject() {
  if (TU)
    for (core::FrontendAttachment *A : F.Attached)
      if (A->holdsAssembledObject())
        return true;
  return false;
}

int PluginHooks::assemblerObject(const std::string &Path,
                                 const std::string &Triple, std::string &Bytes,
                                 bool (*Commit)(void *, const std::string &,
                                                std::string &),
                                 void *CommitCtx) {
  if (TU)
    for (core::FrontendAttachment *A : F.Attached)
      if (A->holdsAssembledObject())
        return A->assembledObject(*TU, Path, Triple, Bytes, Commit, CommitCtx);
  return DriverHooks::assemblerObject(Path, Triple, Bytes, Commit, CommitCtx);
}

int PluginHooks::assemblerFinished(bool Success) {
  int Failed = 0;
  if (TU)
    for (auto It = F.Attached.rbegin(); It != F.Attached.rend(); ++It)
      Failed |= (*It)->detachAssembler(*TU, Success);
  Sink.use(nullptr);
  return Failed;
}

int PluginHooks::frontendFinished(clang::CompilerInstance &CI, bool Success) {
  int Failed = 0;
  if (TU) {
    for (auto It = F.Attached.rbegin(); It != F.Attached.rend(); ++It)
      Failed |= (*It)->detach(CI, *TU, Success);
    TU->setFrontend(nullptr);
  }
  Sink.use(nullptr);
  return Failed;
}

} // namespace neverc
