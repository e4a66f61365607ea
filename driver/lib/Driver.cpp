//===- Driver.cpp - The neverc driver pipeline, top to bottom -------------===//
//
// runDriver() is the pipeline script: gather argv, the six driver phases,
// then the exit code. Each phase's built-in step lives in the file named
// after it; this file owns process setup and Clang's BuildCompilation.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Basic/Version.h"
#include "clang/Driver/ToolChain.h"
#include "clang/Driver/Types.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Options/Options.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <mutex>

#ifndef NEVERC_CLANG_RESOURCE_DIR
#error "NEVERC_CLANG_RESOURCE_DIR must be defined by the build"
#endif
#ifndef NEVERC_VERSION
#define NEVERC_VERSION "0.0.0"
#endif

using namespace clang;
using namespace clang::driver;

namespace neverc::driver {
namespace detail {

void initializeProcess(const char *Argv0) {
  static std::once_flag Once;
  std::call_once(Once, [Argv0] {
    llvm::sys::PrintStackTraceOnErrorSignal(Argv0);
    // cc1 and cc1as may meet any target named by --target=.
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
    llvm::InitializeAllAsmParsers();
    // In-process tools crash inside a recovery context, like clang's
    // integrated cc1, so the driver survives to clean up and report.
    llvm::CrashRecoveryContext::Enable();
  });
}

std::string defaultResourceDir() {
  if (std::optional<std::string> Env =
          llvm::sys::Process::GetEnv("NEVERC_RESOURCE_DIR");
      Env && !Env->empty())
    return *Env;
  return NEVERC_CLANG_RESOURCE_DIR;
}

std::string versionBanner() {
  return std::string("neverc version ") + NEVERC_VERSION + " (Clang " +
         CLANG_VERSION_STRING + ", LLVM " + LLVM_VERSION_STRING + ")";
}

Session::~Session() = default;

int Session::hookFailed(int Phase, int Status) {
  // A negative status: the hook has already reported why.
  if (Status > 0)
    error(std::string("driver phase '") + PhaseNames[Phase] +
          "' failed (status " + std::to_string(Status) + ")");
  return 1;
}

void Session::error(llvm::StringRef Message) {
  if (Diags) {
    unsigned ID = Diags->getCustomDiagID(DiagnosticsEngine::Error, "%0");
    Diags->Report(ID) << Message;
    return;
  }
  llvm::WithColor::error(llvm::errs(), ProgName) << Message << '\n';
}

namespace {

/// clang's diagnostics setup for a driver: options from argv (colors,
/// -W flags), a text printer prefixed with our program name.
void createDiagnostics(Session &S) {
  S.DiagOpts = clang::CreateAndPopulateDiagOpts(S.Argv);
  auto *Printer = new TextDiagnosticPrinter(llvm::errs(), *S.DiagOpts);
  Printer->setPrefix(S.ProgName);
  S.Diags = std::make_unique<DiagnosticsEngine>(DiagnosticIDs::create(),
                                                *S.DiagOpts, Printer);
  ProcessWarningOptions(*S.Diags, *S.DiagOpts, *llvm::vfs::getRealFileSystem(),
                        /*ReportDiags=*/false);
}

/// A language Clang accepts but neverc, a C compiler, does not.
const char *unsupportedLanguage(types::ID Ty) {
  // LLVM IR and bitcode are Clang's inputs too (flang merely accepts them
  // as well).
  if (Ty == types::TY_LLVM_IR || Ty == types::TY_LLVM_BC)
    return nullptr;
  if (types::isCXX(Ty))
    return "C++";
  if (types::isObjC(Ty))
    return "Objective-C";
  if (types::isCuda(Ty))
    return "CUDA";
  if (types::isHIP(Ty))
    return "HIP";
  if (types::isHLSL(Ty))
    return "HLSL";
  if (types::isAcceptedByFlang(Ty))
    return "Fortran";
  return nullptr;
}

/// Rejects non-C inputs before anything runs. Returns false on error.
bool checkInputLanguages(Session &S) {
  bool OK = true;
  llvm::SmallPtrSet<const Action *, 16> Seen;
  llvm::SmallVector<const Action *, 16> Work(S.C->getActions().begin(),
                                             S.C->getActions().end());
  unsigned ID = S.Diags->getCustomDiagID(DiagnosticsEngine::Error,
                                         "%0 is not supported: '%1'");
  while (!Work.empty()) {
    const Action *A = Work.pop_back_val();
    if (!Seen.insert(A).second)
      continue;
    if (const auto *IA = llvm::dyn_cast<InputAction>(A)) {
      if (const char *Lang = unsupportedLanguage(IA->getType())) {
        S.Diags->Report(ID) << Lang << IA->getInputArg().getValue();
        OK = false;
      }
    }
    Work.append(A->input_begin(), A->input_end());
  }
  return OK;
}

} // namespace

/// The in-process cc1 callback Clang's tools see in Driver::CC1Main: they
/// then build CC1Command jobs. neverc executes jobs itself (ExecuteJob.cpp),
/// so this only runs if Clang executes a CC1Command on its own.
static int cc1Main(llvm::SmallVectorImpl<const char *> &Argv) {
  return runCC1Tool(Argv, /*MayLeak=*/false);
}

/// `-print-prog-name=ld` answers with the linker neverc runs: Clang looks
/// up a program named "ld" (GNU ld here), while links run lld unless
/// -fuse-ld= or --ld-path= chose another linker. Configure scripts ask this
/// to decide which linker flags to use.
static void nameLinkerInPrintProgName(llvm::SmallVectorImpl<const char *> &Args) {
  bool OtherLinker = llvm::any_of(Args, [](const char *A) {
    llvm::StringRef S(A);
    return S.starts_with("-fuse-ld=") || S.starts_with("--ld-path=");
  });
  if (OtherLinker)
    return;
  for (const char *&A : Args) {
    llvm::StringRef S(A);
    if (S == "-print-prog-name=ld")
      A = "-print-prog-name=ld.lld";
    else if (S == "--print-prog-name=ld")
      A = "--print-prog-name=ld.lld";
  }
}

bool buildCompilation(Session &S, bool Rebuild) {
  S.C.reset();
  // A ToolChain caches a reference to the ArgList of the compilation that
  // created it, so a rebuild needs a fresh Driver, not just a new call.
  S.D = std::make_unique<Driver>(S.Executable,
                                 llvm::sys::getDefaultTargetTriple(), *S.Diags,
                                 "neverc C compiler");
  S.D->ResourceDir = defaultResourceDir();
  // Link jobs are built for lld (ld.lld next to neverc, else on PATH) and
  // run in-process; -fuse-ld= still overrides.
  S.D->setPreferredLinker("lld");
  S.D->CC1Main = cc1Main;

  llvm::SmallVector<const char *, 64> Args(S.Argv.begin(), S.Argv.end());
  Args.append(S.ToolChainArgs.begin(), S.ToolChainArgs.end());
  nameLinkerInPrintProgName(Args);
  // A rebuild repeats the warnings of the first build; errors still show.
  bool IgnoredWarnings = S.Diags->getIgnoreAllWarnings();
  if (Rebuild)
    S.Diags->setIgnoreAllWarnings(true);
  S.C.reset(S.D->BuildCompilation(Args));
  S.Diags->setIgnoreAllWarnings(IgnoredWarnings);
  if (!S.C || S.C->containsError())
    return false;
  return checkInputLanguages(S);
}

} // namespace detail

using namespace detail;

namespace {
int runGathered(Session &S, const char *Argv0);
} // namespace

int runDriver(const std::vector<RawArgument> &Argv, DriverHooks &Hooks) {
  const char *Argv0 = Argv.empty() ? "neverc" : Argv[0].Value.c_str();
  initializeProcess(Argv0);
  if (Argv.empty())
    return 1;
  if (isLldExecutable(Argv0)) {
    // Expanded with the GNU tokenizer, which is lld's own on ELF hosts.
    llvm::SmallVector<const char *, 64> LinkArgv;
    for (const RawArgument &A : Argv)
      LinkArgv.push_back(A.Value.c_str());
    return runLld(LinkArgv);
  }
  Session S(Hooks);
  S.ProgName = llvm::sys::path::stem(Argv0).str();
  S.Raw = Argv;
  return runGathered(S, Argv0);
}

bool isLinkerPersonality(const std::string &Argv0) {
  return detail::isLldExecutable(Argv0);
}

int runDriver(const std::vector<std::string> &Argv, DriverHooks &Hooks) {
  const char *Argv0 = Argv.empty() ? "neverc" : Argv[0].c_str();
  initializeProcess(Argv0);
  if (Argv.empty())
    return 1;

  // The ld.lld personality: Clang's driver finds `ld.lld` next to neverc.
  if (isLldExecutable(Argv[0])) {
    llvm::SmallVector<const char *, 64> LinkArgv;
    for (const std::string &A : Argv)
      LinkArgv.push_back(A.c_str());
    return runLld(LinkArgv);
  }

  Session S(Hooks);
  S.ProgName = llvm::sys::path::stem(Argv[0]).str();

  // Gather argv (expanding @file). Re-entry as `neverc -cc1[as] ...`, even
  // when the -cc1 came from a response file, skips the driver entirely.
  if (!gatherRawArguments(S, Argv))
    return 1;
  return runGathered(S, Argv0);
}

namespace {
int runGathered(Session &S, const char *Argv0) {
  if (S.Raw.size() > 1 && llvm::StringRef(S.Raw[1].Value).starts_with("-cc1")) {
    llvm::SmallVector<const char *, 256> CC1Argv;
    for (const RawArgument &A : S.Raw)
      CC1Argv.push_back(S.save(A.Value));
    return runCC1Tool(CC1Argv, /*MayLeak=*/true);
  }

  static int AddressInThisBinary;
  S.Executable = llvm::sys::fs::getMainExecutable(Argv0, &AddressInThisBinary);
  if (S.Executable.empty())
    S.Executable = Argv0;
  for (const RawArgument &A : S.Raw)
    S.Argv.push_back(S.save(A.Value));
  createDiagnostics(S);

  int Res = 1;
  auto Finish = [&](int Code) {
    llvm::outs().flush();
    S.Diags->getClient()->finish();
    return Code;
  };

  // Phase 1: raw_arguments. Phase 2: parsed_arguments.
  if (!runRawArgumentsPhase(S) || !runParsedArgumentsPhase(S))
    return Finish(1);

  // Clang prints its own version block; say which compiler this is first.
  {
    bool Version = false, Verbose = false;
    for (const char *A : llvm::ArrayRef(S.Argv).drop_front()) {
      llvm::StringRef Arg(A);
      Version |= Arg == "--version";
      Verbose |= Arg == "-v" || Arg == "-###";
    }
    if (Version)
      llvm::outs() << versionBanner() << '\n';
    else if (Verbose)
      llvm::errs() << versionBanner() << '\n';
  }

  if (!buildCompilation(S, /*Rebuild=*/false))
    return Finish(1);

  // Immediate arguments (--version, -print-*, -dumpmachine, no inputs)
  // were answered inside BuildCompilation: there is nothing to plan.
  if (S.C->getActions().empty() && S.C->getJobs().empty())
    return Finish(S.Diags->hasErrorOccurred() ? 1 : 0);

  // Phases 3-5: toolchain, actions, jobs; each may rebuild what follows.
  if (!runSelectToolChainPhase(S) || !runBuildActionsPhase(S) ||
      !runBuildJobsPhase(S))
    return Finish(1);

  // Phase 6, once per job.
  Res = executePlan(S);
  return Finish(Res);
}
} // namespace

} // namespace neverc::driver
