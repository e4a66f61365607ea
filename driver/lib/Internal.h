//===- Internal.h - Driver domain internals ---------------------*- C++ -*-===//
//
// Shared by the files of driver/lib only. Includes Clang headers; the
// domain's precompiled header (lib/PCH.h) makes that cheap.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_DRIVER_LIB_INTERNAL_H
#define NEVERC_DRIVER_LIB_INTERNAL_H

#include "neverc/driver/Driver.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/Action.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/Job.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include <memory>
#include <string>
#include <vector>

namespace neverc::driver::detail {

struct Session;

//===-- Process-wide setup ------------------------------------------------===//

/// Registers targets, crash recovery and stack-trace printing once per
/// process. Safe to call from every entry point.
void initializeProcess(const char *Argv0);

/// Resource directory: $NEVERC_RESOURCE_DIR, else the Clang 22 builtin
/// headers found at configure time.
std::string defaultResourceDir();

/// "neverc version X (Clang Y, LLVM Z)".
std::string versionBanner();

//===-- In-process tools --------------------------------------------------===//

/// Runs `Argv[0] -cc1 ...` or `Argv[0] -cc1as ...` in this process, inside a
/// crash-recovery context. MayLeak keeps cc1's `-disable-free` (fast exit)
/// when the caller knows no other cc1 job follows in this process.
/// \p Hooks and \p Job (both optional) get frontendStarting/Finished
/// around an in-process cc1.
int runCC1Tool(llvm::ArrayRef<const char *> Argv, bool MayLeak,
               DriverHooks *Hooks = nullptr, const JobInfo *Job = nullptr);

/// False once an in-process frontend crashed; later frontend jobs of this
/// process are then spawned as `neverc -cc1 ...` instead.
bool inProcessFrontendIsSafe();

/// cc1: CompilerInvocation::CreateFromArgs + ExecuteCompilerInvocation.
/// Args excludes "-cc1".
int runCC1(llvm::ArrayRef<const char *> Args, const char *Argv0,
           bool MayLeak, DriverHooks *Hooks = nullptr,
           const JobInfo *Job = nullptr);

/// cc1as: our own assembler front end on LLVM MC. Args excludes "-cc1as".
int runCC1As(llvm::ArrayRef<const char *> Args, const char *Argv0,
             DriverHooks *Hooks = nullptr, const JobInfo *Job = nullptr);

/// lld's ELF driver in this process; calls are serialized. Argv[0] is the
/// linker name ("ld.lld"). Falls back to spawning ld.lld once lld reported
/// it cannot safely run again.
int runLld(llvm::ArrayRef<const char *> Argv);

/// True for ld.lld, ld.lld-22, .../ld.lld: the linker we run in-process.
bool isLldExecutable(llvm::StringRef Path);

/// The arguments of the link Argv (argv[0] = the linker) that lld's ELF
/// driver does not know, found by a dry parse in this process; empty when
/// lld accepts them all. Serialized with runLld.
std::vector<std::string> lldRejectedArguments(llvm::ArrayRef<const char *> Argv);

/// A link job Clang built for ld.lld whose arguments lld rejects is handed
/// to the platform linker clang-22 itself runs (GNU ld here): Cmd's
/// executable is replaced (with LLVMgold.so for an LTO link). Returns true
/// when the job now runs that linker.
bool planLink(Session &S, clang::driver::Command &Cmd);

//===-- One driver invocation ---------------------------------------------===//

/// State of one runDriver() call, in pipeline order. Members are declared
/// so that destruction runs Compilation → Driver → diagnostics.
struct Session {
  DriverHooks &Hooks;
  std::string ProgName;   ///< diagnostic prefix: stem of argv[0]
  std::string Executable; ///< absolute path of this binary

  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver{Alloc};

  /// Phase 1 result; argv for Clang is derived from it.
  std::vector<RawArgument> Raw;
  /// Argv handed to Clang (strings owned by Saver).
  llvm::SmallVector<const char *, 64> Argv;
  /// Arguments appended after phase 3 edits (re-encoded toolchain request).
  llvm::SmallVector<const char *, 8> ToolChainArgs;

  std::unique_ptr<clang::DiagnosticOptions> DiagOpts;
  std::unique_ptr<clang::DiagnosticsEngine> Diags;
  std::unique_ptr<clang::driver::Driver> D;
  std::unique_ptr<clang::driver::Compilation> C;

  /// Phase 4: the graph handed out and the Clang action behind every id.
  ActionGraph Graph;
  llvm::DenseMap<const clang::driver::Action *, uint64_t> ActionIDs;
  llvm::DenseMap<uint64_t, clang::driver::Action *> ActionsByID;

  /// Phase 5: the job plan (source of truth from here on) and, per job id,
  /// the Clang command it came from and whether it is unchanged.
  struct PlannedJob {
    JobInfo Info;
    clang::driver::Command *Original = nullptr;
    bool Unchanged = false;
  };
  std::vector<PlannedJob> Plan;
  bool SpawnCC1 = false; ///< -fno-integrated-cc1

  explicit Session(DriverHooks &H) : Hooks(H) {}
  ~Session();

  const char *save(llvm::StringRef S) { return Saver.save(S).data(); }
  /// Reports "<phase> failed" for a hook that returned non-zero.
  int hookFailed(int Phase, int Status);
  /// Reports a driver error with the clang-style prefix.
  void error(llvm::StringRef Message);
};

//===-- Phase steps (one file each) ---------------------------------------===//

/// Phase 1 (RawArguments.cpp): expands `@file` entries, recording origins.
bool gatherRawArguments(Session &S, const std::vector<std::string> &Argv);
/// Runs the raw_arguments hook and derives S.Argv.
bool runRawArgumentsPhase(Session &S);

/// Phase 2 (ParsedArguments.cpp): parses S.Argv, runs the hook, re-renders
/// S.Argv when occurrences were edited.
bool runParsedArgumentsPhase(Session &S);

/// Builds S.D and S.C from S.Argv + S.ToolChainArgs (Driver.cpp).
bool buildCompilation(Session &S, bool Rebuild);

/// Phase 3 (SelectToolChain.cpp).
bool runSelectToolChainPhase(Session &S);

/// Phase 4 (BuildActions.cpp): snapshots the action graph, runs the hook,
/// rebuilds actions + jobs when edited.
bool runBuildActionsPhase(Session &S);
/// Maps between NeverC and Clang file types.
FileType toFileType(unsigned ClangType);
unsigned toClangType(FileType T);

/// Phase 5 (BuildJobs.cpp): snapshots the job list, runs the hook, adopts
/// the edited plan.
bool runBuildJobsPhase(Session &S);

/// Phase 6 (ExecuteJob.cpp): -###, -fdriver-only, or run the plan.
int executePlan(Session &S);

} // namespace neverc::driver::detail

#endif // NEVERC_DRIVER_LIB_INTERNAL_H
