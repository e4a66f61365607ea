//===- neverc/driver/Driver.h - The neverc compiler driver ------*- C++ -*-===//
//
// The whole `neverc` command as one function, plus the six hook points that
// carry the `neverc.driver.*` phases. This header is the driver domain's
// public API: standard library only, no LLVM or Clang types, so the plugin
// layer and tools include it without paying for Clang's headers.
//
// Pipeline (driver/README.md maps every step to the Clang 22 machinery):
//
//   argv --(1) rawArguments--> --(2) parsedArguments--> BuildCompilation
//        --(3) selectToolChain--> --(4) buildActions--> --(5) buildJobs-->
//        for each job: (6) executeJob
//
// Conventions shared by every hook:
//  * A hook returns 0 to continue. Any other value stops the driver (no
//    further job runs) and runDriver() returns non-zero (1 for phases 1-5);
//    a positive value also makes it report "driver phase '<name>' failed
//    (status N)", a negative one means the hook already reported why.
//  * A hook may edit the data it is given. The driver compares the result
//    with what it handed out and only then pays for applying the edit
//    (re-encoding argv, rebuilding the compilation, the action list or the
//    job list). An edit the driver cannot apply is a diagnosed error, never
//    a silent no-op.
//  * Enumerator values equal the ABI constants of PluginDriver.h
//    (NevercArgumentOrigin, NevercDriverType, NevercActionKind, ...), so the
//    plugin layer converts by static_cast.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_DRIVER_DRIVER_H
#define NEVERC_DRIVER_DRIVER_H

#include "neverc/core/Attachment.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class CompilerInstance;
class FrontendAction;
} // namespace clang

namespace neverc::driver {

/// Where one argv entry came from (= NevercArgumentOrigin).
enum class ArgumentOrigin : uint32_t {
  CommandLine = 0,
  Configuration = 1,
  Plugin = 2,
};

/// Phase 1 datum: one argv entry. Entry 0 is the program name.
struct RawArgument {
  std::string Value;
  ArgumentOrigin Origin = ArgumentOrigin::Plugin;
  /// Empty for argv itself; the response file path for entries expanded
  /// from `@file`.
  std::string Source;
  /// Index within argv, or within the expansion of Source.
  uint64_t Position = 0;

  bool operator==(const RawArgument &) const = default;
};

/// Phase 2 datum: one parsed option occurrence.
struct OptionOccurrence {
  /// 1-based, in command-line order; 0 marks an occurrence a hook added.
  uint64_t ID = 0;
  /// With its prefix: "-o", "-I", "--target=", "-Wl,". An alias shows the
  /// spelling of the option it stands for ("--output=x" → "-o"); argv keeps
  /// the original text unless the occurrence is edited. Empty for an input
  /// file (its name is Values[0]).
  std::string Spelling;
  std::vector<std::string> Values;
  ArgumentOrigin Origin = ArgumentOrigin::Plugin;
  /// Clang's option name ("o", "I", "<input>", "<unknown>"). Read-only: the
  /// driver re-derives it from Spelling when applying an edit.
  std::string OptionName;

  bool operator==(const OptionOccurrence &) const = default;
};

/// Driver file types (= NevercDriverType). Clang types without a NeverC
/// value are reported as Invalid; ClangTypeName fields keep the real name.
enum class FileType : uint32_t {
  Invalid = 0,
  PP_C = 1,
  C = 2,
  CHeader = 3,
  PP_Asm = 4, ///< ".s": assembler, no preprocessing
  Asm = 5,    ///< ".S": assembler-with-cpp
  LLVM_IR = 6,
  LLVM_BC = 7,
  LTO_IR = 8,
  LTO_BC = 9,
  Object = 10,
  Image = 11,
  DSym = 12,
  Dependencies = 13,
  Nothing = 14,
  PP_CXX = 15,
  CXX = 16,
  CXXHeader = 17,
};

/// Phase 3 datum. Triple, CPU, Features, Sysroot and ResourceDir are
/// editable; an edit is re-encoded as `--target=`, `-march=`/`-mcpu=`,
/// `-Xclang -target-feature -Xclang ±f`, `--sysroot=`, `-resource-dir=` and
/// the compilation is rebuilt once.
struct ToolChainInfo {
  /// `--target=` as given, else the default triple. Read-only.
  std::string RequestedTriple;
  /// The effective triple Clang computed for this toolchain.
  std::string Triple;
  std::string CPU;
  /// "+feature" / "-feature", as passed to cc1 `-target-feature`.
  std::vector<std::string> Features;
  std::string Sysroot;
  std::string ResourceDir;
  /// Built-in toolchain family Clang picked ("neverc.builtin.linux", ...).
  /// Read-only.
  std::string ToolChainID;
  /// Configuration files Clang loaded. Read-only.
  std::vector<std::string> ConfigFiles;

  bool operator==(const ToolChainInfo &) const = default;
};

/// = NevercActionKind.
enum class ActionKind : uint32_t {
  Invalid = 0, ///< a Clang action class without NeverC counterpart
  Input = 1,
  BindArch = 2,
  Preprocess = 3,
  Compile = 4,
  Backend = 5,
  Assemble = 6,
  Link = 7,
  Lipo = 8,
  Dsymutil = 9,
  StaticLib = 10,
  DynCode = 11,
};

/// One typed driver input (a file, `-` or a linker input such as `-lm`).
struct DriverInput {
  uint64_t ID = 0; ///< 1-based
  FileType Type = FileType::Invalid;
  std::string ClangTypeName;
  std::string Value;

  bool operator==(const DriverInput &) const = default;
};

struct ActionNode {
  /// Unique within the graph, > 0. A hook adding a node picks any unused
  /// value.
  uint64_t ID = 0;
  ActionKind Kind = ActionKind::Invalid;
  FileType OutputType = FileType::Invalid;
  std::vector<uint64_t> Inputs;
  /// For Input nodes: the DriverInput::ID it reads; 0 otherwise.
  uint64_t DriverInput = 0;
  std::string BindArch;
  /// Clang's class name ("compiler", "linker", ...). Read-only.
  std::string ClangClassName;

  bool operator==(const ActionNode &) const = default;
};

/// Phase 4 datum. Nodes are listed inputs-first. Inputs are read-only; nodes
/// and roots are editable (a rebuilt graph must be acyclic and may only use
/// kinds Clang can represent: Input of an existing DriverInput, BindArch,
/// Preprocess, Compile, Backend, Assemble, Link, StaticLib, Lipo, Dsymutil).
struct ActionGraph {
  std::vector<DriverInput> Inputs;
  std::vector<ActionNode> Nodes;
  std::vector<uint64_t> Roots;

  /// "compile:x.c", "assemble:x.c", "link" ... one entry per non-input
  /// node, for logging and tests.
  std::vector<std::string> summary() const;

  bool operator==(const ActionGraph &) const = default;
};

struct JobFile {
  std::string Path;
  FileType Type = FileType::Invalid;

  bool operator==(const JobFile &) const = default;
};

/// Phase 5/6 datum: one job.
///
/// Kind → NevercJobKind: CC1, CC1AS → FRONTEND; Link → LINKER;
/// Archive → ARCHIVE; Other → COMMAND; Plugin → PLUGIN.
struct JobInfo {
  enum Kind : uint32_t { CC1, CC1AS, Link, Archive, Other, Plugin };
  enum class ResponseFile : uint32_t { None = 0, Full = 1, List = 2 };
  enum class Encoding : uint32_t { UTF8 = 0, CurrentCodePage = 1, UTF16 = 2 };
  enum class LinkerFlavor : uint32_t { None = 0, Gnu = 1, WinLink = 2,
                                       Darwin = 3 };

  Kind K = Other;
  /// 1-based, list order at build time; 0 marks a job a hook added (the
  /// driver assigns a fresh id).
  uint64_t ID = 0;
  std::string Executable;
  /// argv[1..] (the executable is argv[0]).
  std::vector<std::string> Arguments;
  /// "NAME=value" entries; empty means "inherit the driver's environment"
  /// (Clang 22 does not expose the environment of the commands it built).
  std::vector<std::string> Environment;
  std::vector<JobFile> Inputs, Outputs;
  /// Jobs that must succeed before this one runs; each must come earlier in
  /// the list.
  std::vector<uint64_t> Dependencies;
  /// ActionNode::ID of the action this job implements; 0 if none.
  uint64_t SourceAction = 0;
  /// True when the driver runs the job inside this process (cc1, cc1as,
  /// lld). Read-only.
  bool InProcess = false;
  ResponseFile ResponseFileKind = ResponseFile::None;
  Encoding ResponseFileEncoding = Encoding::UTF8;
  LinkerFlavor Flavor = LinkerFlavor::None;
  /// Plugin jobs only: Callback is the job (its return value is the exit
  /// code); CallbackID names it in -v / -### output.
  std::string CallbackID;
  std::function<int(const JobInfo &)> Callback;

  /// Field-wise equality; Callback compares by presence only.
  bool sameAs(const JobInfo &O) const;
};

/// Phase 6 result of one job. A job that ran and failed has ExitCode != 0;
/// negative or > 128 codes mean it crashed (signal), as in clang.
struct JobResult {
  int ExitCode = 0;
  /// The job could not be started at all (ErrorMessage says why).
  bool ExecutionFailed = false;
  std::string ErrorMessage;
  bool HasProcessStatistics = false;
  uint64_t TotalTimeMicroseconds = 0;
  uint64_t UserTimeMicroseconds = 0;
  /// Peak resident set in KiB. For in-process jobs this is the process-wide
  /// peak so far (the OS does not separate jobs that share a process).
  uint64_t PeakMemoryKiB = 0;
};

/// The six driver phases as overridable steps. Every hook may be left as is:
/// the defaults change nothing and return 0.
class DriverHooks {
public:
  virtual ~DriverHooks();

  /// neverc.driver.raw_arguments — argv after `@file` expansion, before
  /// option parsing. Entry 0 (program name) must stay.
  virtual int rawArguments(std::vector<RawArgument> &Argv);

  /// neverc.driver.parsed_arguments — Clang's parse of that argv as option
  /// occurrences. Edited occurrences are rendered back to argv.
  virtual int parsedArguments(std::vector<OptionOccurrence> &Occurrences);

  /// neverc.driver.select_toolchain — after Clang chose its toolchain.
  virtual int selectToolChain(ToolChainInfo &TC);

  /// neverc.driver.build_actions — after Clang built the action graph.
  virtual int buildActions(ActionGraph &Graph);

  /// neverc.driver.build_jobs — after Clang bound actions to jobs. The list
  /// is the driver's job plan from here on: jobs may be removed, reordered,
  /// edited or added (Plugin jobs with a Callback, or commands to spawn).
  virtual int buildJobs(std::vector<JobInfo> &Jobs);

  /// neverc.driver.execute_job — runs one job. The default calls
  /// RunBuiltin(Result); an override may wrap it, or skip it and fill
  /// Result itself.
  virtual int executeJob(const JobInfo &Job, JobResult &Result,
                         const std::function<void(JobResult &)> &RunBuiltin);

  /// An in-process cc1 job is about to execute: \p CI is fully configured
  /// (invocation, diagnostics, virtual file system) and nothing has run.
  /// The frontend domains (source, prep, ...) attach here: VFS overlay,
  /// output manager, preprocessor callbacks. Non-zero fails the job (exit
  /// code 1) before it runs. Not called for cc1 jobs that are spawned.
  virtual int frontendStarting(clang::CompilerInstance &CI,
                               const JobInfo &Job);
  /// The same job's ExecuteCompilerInvocation returned \p Success; \p CI is
  /// still alive. A non-zero result turns a success into a failure.
  virtual int frontendFinished(clang::CompilerInstance &CI, bool Success);
  /// An in-process cc1as job is about to assemble for \p Triple
  /// (\p WritesObject: into an object file, not -S or -filetype=null);
  /// \p Diags is the job's. The domains that run inside LLVM's assembler
  /// (MC) attach here. Non-zero fails the job before it assembles.
  virtual int assemblerStarting(clang::DiagnosticsEngine &Diags,
                                const std::string &Triple, bool WritesObject,
                                const JobInfo &Job);
  /// The same job assembled (\p Success), its streamer gone and its output
  /// not committed yet. Non-zero fails it: no output is committed.
  virtual int assemblerFinished(bool Success);
  /// Whether the same job holds the object it writes in memory and hands it
  /// to assemblerObject() after assemblerFinished(), instead of writing its
  /// file directly (a domain runs the object phases over it).
  virtual bool assemblerHoldsObject();
  /// The held object: \p Commit writes bytes into the staged output and
  /// commits it. Non-zero: failed (reported), nothing committed.
  virtual int assemblerObject(const std::string &Path, const std::string &Triple,
                              std::string &Bytes,
                              bool (*Commit)(void *Ctx, const std::string &B,
                                             std::string &Error),
                              void *CommitCtx);
  /// Between the two: the job's parser is to read \p Src. The default runs
  /// LLVM's parser (Src.Parse); the domains may run neverc.assembly.parse
  /// around it. Returns whether the parse failed.
  virtual bool assemblerParse(core::AssemblySource &Src);
  /// An in-process link is about to run lld over \p Argv (argv[0] is
  /// "ld.lld"). The default runs \p RunLld(Argv); the link domain runs the
  /// neverc.link.* phases around the link instead (staging its outputs,
  /// verifying and committing them). Returns the link's exit code.
  virtual int runLink(const JobInfo &Job, std::vector<std::string> &Argv,
                      int (*RunLld)(const std::vector<std::string> &Argv));
  /// Whether a link spawned to another linker (GNU ld: -fuse-ld=bfd, or a
  /// command line lld cannot parse) goes through runLink() too, with
  /// argv[0] the linker's path and a runner that spawns it. The default
  /// (false) spawns it as clang does, with a response file when needed.
  virtual bool runsSpawnedLinks();
  /// After frontendStarting: whether the job's frontend action is to be
  /// wrapped (the AST consumer pipeline of the syntax/sema and IR domains).
  /// When false (the default, and always when no plugin is loaded) the job
  /// runs through clang's own ExecuteCompilerInvocation, untouched.
  virtual bool wrapsFrontendAction(clang::CompilerInstance &CI);
  /// Takes the action clang's CreateFrontendAction made and returns the one
  /// to execute (owning \p Inner). Only called when wrapsFrontendAction().
  virtual clang::FrontendAction *wrapFrontendAction(clang::CompilerInstance &CI,
                                                    clang::FrontendAction *Inner);
};

/// The canonical phase names, in pipeline order.
extern const char *const PhaseNames[6];

/// The whole `neverc` command. Argv[0] is the program name as invoked.
/// Also serves the re-entry points `neverc -cc1 ...`, `neverc -cc1as ...`
/// and the `ld.lld` personality (argv[0] named ld.lld), which bypass hooks.
/// Returns the process exit code, as clang's driver would.
int runDriver(const std::vector<std::string> &Argv, DriverHooks &Hooks);

/// True when \p Argv0 names the ld.lld personality (ld.lld, ld.lld-22,
/// .../ld.lld): such a run is lld itself, with lld's own command line and
/// response files; a host passes it to runDriver untouched.
bool isLinkerPersonality(const std::string &Argv0);

/// `@file` expansion exactly as runDriver does it (GNU quoting, nested
/// files followed), each entry with its origin (Source = the response file,
/// Position within it). An unreadable response file stays a literal
/// argument, as in clang. False, with \p Error, for a malformed one.
bool expandArguments(const std::vector<std::string> &Argv,
                     std::vector<RawArgument> &Out, std::string &Error);

/// runDriver on an argv expandArguments already produced: a plugin host
/// expands first, so that plugin flags inside response files are found,
/// and the raw_arguments phase still sees every entry's origin.
int runDriver(const std::vector<RawArgument> &Argv, DriverHooks &Hooks);

} // namespace neverc::driver

#endif // NEVERC_DRIVER_DRIVER_H
