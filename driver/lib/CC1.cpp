//===- CC1.cpp - The integrated cc1 and the -cc1/-cc1as dispatcher --------===//
//
// What clang's own `clang -cc1` does, as a library call: parse the cc1
// arguments into a CompilerInvocation (diagnostics buffered until the real
// engine exists), set up a CompilerInstance and hand it to
// ExecuteCompilerInvocation. Runs inside the driver process for every
// frontend job, and for `neverc -cc1 ...` re-entry.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "neverc/source/Outputs.h"

#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Basic/Stack.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/FrontendTool/Utils.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>

using namespace clang;

namespace neverc::driver::detail {
namespace {

/// LLVM fatal errors during a compile become a frontend diagnostic, then
/// unwind to the crash-recovery context the job runs in.
void reportFatalToDiagnostics(void *UserData, const char *Message,
                              bool GenCrashDiag) {
  auto &Diags = *static_cast<DiagnosticsEngine *>(UserData);
  Diags.Report(diag::err_fe_error_backend) << Message;
  // 70 (EX_SOFTWARE) asks the driver for a crash reproducer, as clang does.
  llvm::sys::Process::Exit(GenCrashDiag ? 70 : 1);
}

/// Set once an in-process frontend crashed: its half-unwound state (timer
/// lists pointing into dead frames, leaked singletons) makes running another
/// frontend in this process unsafe.
std::atomic<bool> FrontendCrashed{false};

/// ExecuteCompilerInvocation's compile path with the frontend action
/// wrapped by the hooks (the AST consumer pipeline). Only compiles reach
/// here (DriverHooks::wrapsFrontendAction refuses -help, -version and the
/// analyzer's listing options), so what clang does before creating the
/// action is: load -load plugins, honour -mllvm, stop on argument errors.
bool executeWrapped(CompilerInstance &CI, DriverHooks &Hooks) {
  CI.LoadRequestedPlugins();
  const FrontendOptions &FE = CI.getFrontendOpts();
  if (!FE.LLVMArgs.empty()) {
    std::vector<const char *> Args{"clang (LLVM option parsing)"};
    for (const std::string &A : FE.LLVMArgs)
      Args.push_back(A.c_str());
    Args.push_back(nullptr);
    llvm::cl::ParseCommandLineOptions(int(Args.size() - 1), Args.data());
  }
  if (CI.getDiagnostics().hasErrorOccurred())
    return false;
  std::unique_ptr<FrontendAction> Base = CreateFrontendAction(CI);
  if (!Base)
    return false;
  std::unique_ptr<FrontendAction> Act(
      Hooks.wrapFrontendAction(CI, Base.release()));
  bool Success = CI.ExecuteAction(*Act);
  if (FE.DisableFree)
    llvm::BuryPointer(std::move(Act));
  return Success;
}

} // namespace

bool inProcessFrontendIsSafe() { return !FrontendCrashed; }

int runCC1(llvm::ArrayRef<const char *> Args, const char *Argv0,
           bool MayLeak, DriverHooks *Hooks, const JobInfo *Job) {
  noteBottomOfStack();

  DiagnosticOptions BufferOpts;
  auto *Buffer = new TextDiagnosticBuffer;
  DiagnosticsEngine ParseDiags(DiagnosticIDs::create(), BufferOpts, Buffer);
  auto Invocation = std::make_shared<CompilerInvocation>();
  bool Parsed =
      CompilerInvocation::CreateFromArgs(*Invocation, Args, ParseDiags, Argv0);

  auto Clang = std::make_unique<CompilerInstance>(std::move(Invocation));
  if (Clang->getHeaderSearchOpts().UseBuiltinIncludes &&
      Clang->getHeaderSearchOpts().ResourceDir.empty())
    Clang->getHeaderSearchOpts().ResourceDir = defaultResourceDir();
  // More frontends follow in this process: free everything, the code
  // generator's too (-disable-free also makes clang's backend bury its
  // TargetMachine, some 0.5 MB per file in a many-file call).
  if (!MayLeak) {
    Clang->getFrontendOpts().DisableFree = false;
    Clang->getCodeGenOpts().DisableFree = false;
  }

  Clang->createVirtualFileSystem(llvm::vfs::getRealFileSystem(), Buffer);
  Clang->createDiagnostics();
  if (!Clang->hasDiagnostics())
    return 1;
  Buffer->FlushDiagnostics(Clang->getDiagnostics());
  if (!Parsed) {
    Clang->getDiagnosticClient().finish();
    return 1;
  }

  FrontendOptions &FE = Clang->getFrontendOpts();
  if (!FE.TimeTracePath.empty())
    llvm::timeTraceProfilerInitialize(FE.TimeTraceGranularity, Argv0,
                                      FE.TimeTraceVerbose);
  // -mllvm options land in LLVM's global cl::opt registry; a previous
  // in-process job may have set them already.
  if (!FE.LLVMArgs.empty())
    llvm::cl::ResetAllOptionOccurrences();

  // Every output of the job is staged and renamed into place only on
  // success, with or without plugins (source domain).
  neverc::source::installAtomicOutputs(*Clang);
  if (Hooks && Job && Hooks->frontendStarting(*Clang, *Job) != 0) {
    Clang->getDiagnosticClient().finish();
    return 1;
  }
  llvm::install_fatal_error_handler(reportFatalToDiagnostics,
                                    &Clang->getDiagnostics());
  bool Success;
  {
    bool TimePasses = Clang->getCodeGenOpts().TimePasses;
    if (TimePasses)
      Clang->createFrontendTimer();
    llvm::TimeRegion Timer(TimePasses ? &Clang->getFrontendTimer() : nullptr);
    Success = Hooks && Job && Hooks->wrapsFrontendAction(*Clang)
                  ? executeWrapped(*Clang, *Hooks)
                  : ExecuteCompilerInvocation(Clang.get());
  }
  // -ftime-report: timers still alive under -disable-free print now.
  llvm::TimerGroup::printAll(llvm::errs());
  llvm::TimerGroup::clearAll();
  if (llvm::timeTraceProfilerEnabled()) {
    if (llvm::Error E = llvm::timeTraceProfilerWrite(FE.TimeTracePath, ""))
      llvm::consumeError(std::move(E));
    llvm::timeTraceProfilerCleanup();
  }
  llvm::remove_fatal_error_handler();
  if (Hooks && Job && Hooks->frontendFinished(*Clang, Success) != 0)
    Success = false;

  if (FE.DisableFree) {
    // What cc1 does under -disable-free: skip teardown, the process is
    // about to end.
    llvm::BuryPointer(std::move(Clang));
  }
  return !Success;
}

int runCC1Tool(llvm::ArrayRef<const char *> Argv, bool MayLeak,
               DriverHooks *Hooks, const JobInfo *Job) {
  llvm::StringRef Tool = Argv.size() > 1 ? Argv[1] : "";
  llvm::ArrayRef<const char *> Rest = Argv.drop_front(std::min<size_t>(2, Argv.size()));
  if (Tool != "-cc1" && Tool != "-cc1as") {
    llvm::errs() << "error: unknown integrated tool '" << Tool
                 << "'. Valid tools include '-cc1' and '-cc1as'.\n";
    return 1;
  }
  llvm::CrashRecoveryContext CRC;
  CRC.DumpStackAndCleanupOnFailure = true;
  const void *PrettyState = llvm::SavePrettyStackState();
  int Result = 1;
  bool Completed = CRC.RunSafely([&] {
    Result = Tool == "-cc1" ? runCC1(Rest, Argv[0], MayLeak, Hooks, Job)
                            : runCC1As(Rest, Argv[0], Hooks, Job);
  });
  if (!Completed) {
    llvm::RestorePrettyStackState(PrettyState);
    llvm::remove_fatal_error_handler();
    // As clang does after an integrated-cc1 crash: the global timer lists
    // may point into released stack frames; abandon them.
    llvm::BuryPointer(llvm::TimerGroup::acquireTimerGlobals());
    FrontendCrashed = true;
    return CRC.RetCode;
  }
  return Result;
}

} // namespace neverc::driver::detail
