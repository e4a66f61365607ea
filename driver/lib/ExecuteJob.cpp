//===- ExecuteJob.cpp - neverc.driver.execute_job -------------------------===//
//
// Built-in step: run one job of the plan. Frontend jobs (-cc1, -cc1as) and
// lld links run inside this process; plugin jobs call their callback;
// anything else is spawned through Clang's Command::Execute (unchanged jobs,
// with response files as Clang would set them up) or
// llvm::sys::ExecuteAndWait (edited jobs).
//
// executePlan() replaces Driver::ExecuteCompilation so that every job passes
// through the hook: the same -### / -fdriver-only / -v behaviour, the same
// "skip jobs whose inputs failed" rule, the same cleanup of a failed job's
// result files (Compilation::CleanupFileMap) and the same error lines and
// exit code as clang's driver.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Basic/DiagnosticDriver.h"
#include "clang/Driver/Tool.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <sys/resource.h>

using namespace clang;
using namespace clang::driver;

namespace neverc::driver::detail {
namespace {

constexpr int ExitIOError = 74; // EX_IOERR: broken pipe, no diagnostic

/// A name for diagnostics: the Clang tool's short name, else the program.
std::string toolName(const Session::PlannedJob &P) {
  if (P.Original)
    return P.Original->getCreator().getShortName();
  if (P.Info.K == JobInfo::Plugin)
    return P.Info.CallbackID.empty() ? "plugin job" : P.Info.CallbackID;
  return llvm::sys::path::filename(P.Info.Executable).str();
}

/// Prints a job the way Command::Print does (one line, leading space).
void printJob(const Session::PlannedJob &P, llvm::raw_ostream &OS,
              bool Quote) {
  if (P.Original && P.Unchanged) {
    P.Original->Print(OS, "\n", Quote);
    return;
  }
  if (P.Info.InProcess)
    OS << " (in-process)\n";
  if (P.Info.K == JobInfo::Plugin)
    OS << " (plugin job " << P.Info.CallbackID << ")\n";
  OS << ' ';
  llvm::sys::printArg(OS, P.Info.Executable, /*Quote=*/true);
  for (const std::string &A : P.Info.Arguments) {
    OS << ' ';
    llvm::sys::printArg(OS, A, Quote);
  }
  OS << '\n';
}

void printPlan(Session &S, llvm::raw_ostream &OS, bool Quote) {
  for (const Session::PlannedJob &P : S.Plan)
    printJob(P, OS, Quote);
}

uint64_t peakMemoryKiB() {
  struct rusage RU;
  if (getrusage(RUSAGE_SELF, &RU) != 0)
    return 0;
  return static_cast<uint64_t>(RU.ru_maxrss); // KiB on Linux
}

/// Clang sets up a response file for a long command line just before it
/// spawns it (Driver::setUpResponseFiles, private); same rule here.
void setUpResponseFile(Session &S, Command &Cmd) {
  if (Cmd.getResponseFileSupport().ResponseKind ==
          ResponseFileSupport::RF_None ||
      llvm::sys::commandLineFitsWithinSystemLimits(Cmd.getExecutable(),
                                                   Cmd.getArguments()))
    return;
  std::string Tmp = S.D->GetTemporaryPath("response", "txt");
  Cmd.setResponseFile(
      S.C->addTempFile(S.C->getArgs().MakeArgString(Tmp)));
}

/// lld over a command line of strings (the link domain's view of it).
int runLldLine(const std::vector<std::string> &Line) {
  llvm::SmallVector<const char *, 256> Argv;
  for (const std::string &A : Line)
    Argv.push_back(A.c_str());
  return runLld(Argv);
}

/// A spawned linker over a command line whose argv[0] is its path.
int spawnLinkLine(const std::vector<std::string> &Line) {
  llvm::SmallVector<llvm::StringRef, 256> Args(Line.begin(), Line.end());
  std::string ErrMsg;
  bool Failed = false;
  int RC = llvm::sys::ExecuteAndWait(Line[0], Args, std::nullopt, {}, 0, 0,
                                     &ErrMsg, &Failed);
  if (Failed || RC < 0)
    llvm::errs() << llvm::sys::path::filename(Line[0])
                 << ": error: " << ErrMsg << '\n';
  return Failed ? 1 : RC;
}

/// The built-in execution of one planned job.
void runBuiltin(Session &S, Session::PlannedJob &P, bool MayLeak,
                JobResult &R) {
  const JobInfo &J = P.Info;
  llvm::outs().flush();
  llvm::errs().flush();

  llvm::SmallVector<const char *, 256> Argv;
  Argv.push_back(J.Executable.c_str());
  for (const std::string &A : J.Arguments)
    Argv.push_back(A.c_str());

  bool Frontend = !J.Arguments.empty() && (J.Arguments[0] == "-cc1" ||
                                           J.Arguments[0] == "-cc1as");
  bool InProcessFrontend = J.InProcess && Frontend && inProcessFrontendIsSafe();
  bool InProcessLink = J.InProcess && J.K == JobInfo::Link;
  if (J.K == JobInfo::Plugin || InProcessFrontend || InProcessLink) {
    llvm::sys::TimePoint<> Wall0;
    std::chrono::nanoseconds User0, Sys0;
    llvm::sys::Process::GetTimeUsage(Wall0, User0, Sys0);
    if (J.K == JobInfo::Plugin) {
      R.ExitCode = J.Callback(J);
    } else if (Frontend) {
      R.ExitCode = runCC1Tool(Argv, MayLeak, &S.Hooks, &J);
    } else {
      Argv[0] = "ld.lld"; // lld picks its flavor from argv[0]
      // Debian's clang-22 links with GNU ld, which accepts version-script
      // entries naming symbols the link does not define (zlib's configure
      // relies on it); lld refuses them unless told otherwise. Keep GNU
      // ld's behaviour unless the user asked for lld's.
      bool Strict = llvm::any_of(Argv, [](const char *A) {
        return llvm::StringRef(A) == "--no-undefined-version";
      });
      if (!Strict)
        Argv.insert(Argv.begin() + 1, "--undefined-version");
      std::vector<std::string> Line(Argv.begin(), Argv.end());
      R.ExitCode = S.Hooks.runLink(J, Line, &runLldLine);
    }
    llvm::sys::TimePoint<> Wall1;
    std::chrono::nanoseconds User1, Sys1;
    llvm::sys::Process::GetTimeUsage(Wall1, User1, Sys1);
    R.HasProcessStatistics = true;
    R.TotalTimeMicroseconds =
        std::chrono::duration_cast<std::chrono::microseconds>(Wall1 - Wall0)
            .count();
    R.UserTimeMicroseconds =
        std::chrono::duration_cast<std::chrono::microseconds>(User1 - User0)
            .count();
    R.PeakMemoryKiB = peakMemoryKiB();
    llvm::outs().flush();
    return;
  }

  std::string ErrMsg;
  bool ExecutionFailed = false;
  std::optional<llvm::sys::ProcessStatistics> Stats;
  if (J.K == JobInfo::Link && J.Environment.empty() &&
      S.Hooks.runsSpawnedLinks()) {
    // The link domain stages this link's outputs and runs its phases; the
    // linker is spawned with the line it hands back (no response file).
    std::vector<std::string> Line(Argv.begin(), Argv.end());
    R.ExitCode = S.Hooks.runLink(J, Line, &spawnLinkLine);
    return;
  }
  if (P.Original && P.Unchanged) {
    // A frontend job here is spawned as `neverc -cc1 ...` (after
    // -fno-integrated-cc1 or a crash): keep Clang's CC1Command from taking
    // the in-process path again.
    if (Frontend)
      P.Original->InProcess = false;
    setUpResponseFile(S, *P.Original);
    R.ExitCode = P.Original->Execute({}, &ErrMsg, &ExecutionFailed);
    Stats = P.Original->getProcessStatistics();
  } else {
    llvm::SmallVector<llvm::StringRef, 256> Args(Argv.begin(), Argv.end());
    llvm::SmallVector<llvm::StringRef, 64> Env(J.Environment.begin(),
                                               J.Environment.end());
    std::optional<llvm::ArrayRef<llvm::StringRef>> EnvRef;
    if (!J.Environment.empty())
      EnvRef = Env;
    R.ExitCode = llvm::sys::ExecuteAndWait(J.Executable, Args, EnvRef, {}, 0,
                                           0, &ErrMsg, &ExecutionFailed,
                                           &Stats);
  }
  R.ExecutionFailed = ExecutionFailed;
  R.ErrorMessage = ErrMsg;
  if (Stats) {
    R.HasProcessStatistics = true;
    R.TotalTimeMicroseconds = Stats->TotalTime.count();
    R.UserTimeMicroseconds = Stats->UserTime.count();
    R.PeakMemoryKiB = Stats->PeakMemory;
  }
}

bool isCrash(int Code) {
  return Code < 0 || Code == 70 || (Code > 128 && Code != 255);
}

} // namespace

int executePlan(Session &S) {
  Compilation &C = *S.C;
  Driver &D = *S.D;
  const llvm::opt::DerivedArgList &Args = C.getArgs();

  if (Args.hasArg(options::OPT_fdriver_only)) {
    if (Args.hasArg(options::OPT_v))
      printPlan(S, llvm::errs(), /*Quote=*/true);
    return S.Diags->hasErrorOccurred() ? 1 : 0;
  }
  if (Args.hasArg(options::OPT__HASH_HASH_HASH)) {
    printPlan(S, llvm::errs(), /*Quote=*/true);
    return S.Diags->hasErrorOccurred() ? 1 : 0;
  }
  if (S.Diags->hasErrorOccurred())
    return 1;

  // Earlier in-process cc1 jobs free their memory; the last may leak
  // (cc1's -disable-free) because the process ends soon after.
  size_t LastFrontend = S.Plan.size();
  for (size_t I = 0; I < S.Plan.size(); ++I)
    if (S.Plan[I].Info.InProcess && S.Plan[I].Info.K != JobInfo::Link &&
        S.Plan[I].Info.K != JobInfo::Plugin)
      LastFrontend = I;

  bool Verbose = (D.CCPrintOptions || Args.hasArg(options::OPT_v)) &&
                 !D.CCGenDiagnostics;
  llvm::DenseSet<uint64_t> Failed; // failed, or skipped because of a failure
  llvm::SmallVector<std::pair<int, Session::PlannedJob *>, 4> Failing;

  for (size_t I = 0; I < S.Plan.size(); ++I) {
    Session::PlannedJob &P = S.Plan[I];
    bool InputFailed = false;
    for (uint64_t Dep : P.Info.Dependencies)
      InputFailed |= Failed.contains(Dep);
    if (InputFailed) {
      Failed.insert(P.Info.ID);
      continue;
    }
    if (Verbose)
      printJob(P, llvm::errs(), /*Quote=*/D.CCPrintOptions);

    JobResult R;
    bool MayLeak = I == LastFrontend;
    auto Builtin = [&](JobResult &Out) { runBuiltin(S, P, MayLeak, Out); };
    bool Stop = false;
    if (int Status = S.Hooks.executeJob(P.Info, R, Builtin)) {
      S.hookFailed(5, Status);
      R.ExitCode = R.ExitCode ? R.ExitCode : 1;
      Stop = true; // a failed hook ends the run before the next job
    }
    int Code = R.ExitCode;
    if (R.ExecutionFailed) {
      D.Diag(diag::err_drv_command_failure) << R.ErrorMessage;
      Code = 1;
    }
    if (Code != 0) {
      Failed.insert(P.Info.ID);
      Failing.push_back({Code, &P});
    }
    if (Stop)
      break;
  }
  if (Failing.empty())
    return 0;

  // As Driver::ExecuteCompilation: drop the failed jobs' outputs, explain
  // failures of tools without good diagnostics.
  for (auto &[Code, P] : Failing) {
    if (!D.isSaveTempsEnabled()) {
      if (P->Original) {
        const auto *JA = llvm::cast<JobAction>(&P->Original->getSource());
        C.CleanupFileMap(C.getResultFiles(), JA, true);
        if (Code < 0)
          C.CleanupFileMap(C.getFailureResultFiles(), JA, true);
      }
      // Compilation::CleanupFile's rule: only a writable regular file is
      // removed, never /dev/null or a FIFO named as the output.
      if (!P->Original || !P->Unchanged)
        for (const JobFile &Out : P->Info.Outputs)
          if (llvm::sys::fs::is_regular_file(Out.Path) &&
              llvm::sys::fs::can_write(Out.Path))
            llvm::sys::fs::remove(Out.Path);
    }
    if (Code == ExitIOError)
      continue;
    bool GoodDiagnostics =
        P->Original ? P->Original->getCreator().hasGoodDiagnostics()
                    : P->Info.K == JobInfo::CC1 || P->Info.K == JobInfo::CC1AS;
    if (!GoodDiagnostics || Code != 1) {
      if (Code < 0)
        D.Diag(diag::err_drv_command_signalled) << toolName(*P);
      else
        D.Diag(diag::err_drv_command_failed) << toolName(*P) << Code;
    }
  }

  // Clang's reproducer (preprocessed source + script) for the first failed
  // job: on a crash by default, as -gen-reproducer= / -fno-crash-diagnostics
  // and FORCE_CLANG_DIAGNOSTICS_CRASH say.
  auto [FirstCode, FirstJob] = Failing.front();
  Driver::ReproLevel Level = Driver::ReproLevel::OnCrash;
  if (const llvm::opt::Arg *A = Args.getLastArg(options::OPT_gen_reproducer_eq))
    Level = llvm::StringSwitch<Driver::ReproLevel>(A->getValue())
                .Case("off", Driver::ReproLevel::Off)
                .Case("error", Driver::ReproLevel::OnError)
                .Case("always", Driver::ReproLevel::Always)
                .Default(Driver::ReproLevel::OnCrash);
  if (llvm::sys::Process::GetEnv("FORCE_CLANG_DIAGNOSTICS_CRASH"))
    Level = Driver::ReproLevel::Always;
  Driver::CommandStatus Status = isCrash(FirstCode)
                                     ? Driver::CommandStatus::Crash
                                     : Driver::CommandStatus::Error;
  if (FirstJob->Original &&
      D.maybeGenerateCompilationDiagnostics(Status, Level, C,
                                            *FirstJob->Original))
    return 1; // clang's exit status once a reproducer was written
  return FirstCode;
}

} // namespace neverc::driver::detail
