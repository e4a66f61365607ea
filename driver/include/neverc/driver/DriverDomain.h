//===- neverc/driver/DriverDomain.h - The six neverc.driver.* phases -*- C++ -*-===//
//
// The plugin side of the driver domain, free of LLVM and Clang: plain C++
// models of the six driver artifacts, the NevercDriverAPI capability table
// (67 slots, published under NEVERC_INTERFACE_DRIVER 1.0, 560 bytes) and one
// phase runner per phase. The Clang bridge converts Clang's structures into
// these models, calls a runner with its built-in step, and applies what
// comes back.
//
// Runner contract (all six):
//  * A phase nobody registered for costs nothing beyond the built-in step
//    and the host verifier: no model copy, no artifact handle, no per-task
//    state (Host::runPhase's direct path).
//  * Otherwise the models are exposed to plugins as artifacts of the
//    phase's input/output types. Interceptors edit through
//    Begin*Mutation ... Commit*Mutation; a commit edits the caller's model
//    in place (the InOut argument) after the host verifier accepted it.
//    Providers (and REPLACE-ing interceptors on phases 3-6) build a fresh
//    model with Create*Builder ... Publish* / CreateToolChainSelection /
//    CreateJobResult; the runner copies it into the caller's output.
//  * The returned status is the phase's: OK, a plugin's failure status,
//    POLICY_VIOLATION for a broken result contract, VERIFICATION_FAILED when
//    the host verifier rejected the output (the output is then unspecified
//    and must not be used).
//
// The models live in namespace neverc::driver::api (Driver.h already uses
// the short names in neverc::driver for the bridge-facing hook data).
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_DRIVER_DRIVERDOMAIN_H
#define NEVERC_DRIVER_DRIVERDOMAIN_H

#include "neverc/Plugin/PluginDriver.h"
#include "neverc/core/Host.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace neverc::driver {

namespace api {

//===--- Phase 1: neverc.driver.raw_arguments (artifact 0x1) -------------===//

struct ArgumentEntry {
  std::string Text;
  NevercArgumentOrigin Origin = NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE;
  /// Configuration or response file path; empty for the command line and
  /// for entries a plugin inserted.
  std::string Source;
  /// Position within Source (or within argv).
  uint64_t Position = 0;
};

struct RawArguments {
  std::vector<ArgumentEntry> Entries; ///< entry 0 is the program name
};

//===--- Phase 2: neverc.driver.parsed_arguments (artifact 0x2) ----------===//

struct OptionOccurrence {
  /// Stable, unique, non-zero. Plugin-added occurrences get max(id) + 1.
  uint64_t Id = 0;
  /// Option spelling as written ("-O", "--target="); empty for a positional
  /// input, which then carries exactly one value (the path).
  std::string Spelling;
  std::vector<std::string> Values;
  NevercArgumentOrigin Origin = NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE;
};

struct ParsedArguments {
  std::vector<OptionOccurrence> Occurrences; ///< command-line order
};

//===--- Phase 3: neverc.driver.select_toolchain (0x3 -> 0x4) ------------===//

struct ToolChainRequest {
  std::string RequestedTriple; ///< --target= as given (may be empty)
  std::string ComputedTriple;  ///< what the driver computed
  std::string SysRoot, ResourceDir, CPU;
  std::vector<std::string> Features; ///< "+feat" / "-feat"
  NevercExecutionLevel ExecutionLevel = NEVERC_EXECUTION_LEVEL_UNSPECIFIED;
  bool DynamicCodeProfile = false;
};

struct ToolChainSelection {
  std::string ToolChainID; ///< one of NEVERC_TOOLCHAIN_ID_*
  std::string TargetKey;
  std::string TargetTriple, CPU;
  std::vector<std::string> Features;
  /// True when the host's built-in step produced the selection; false when
  /// a plugin published it (CreateToolChainSelection).
  bool BuiltinProviderUsed = true;
};

//===--- Phase 4: neverc.driver.build_actions (0x5 -> 0x6) ---------------===//

struct DriverInput {
  NevercDriverInputID Id = 0; ///< unique, non-zero
  NevercDriverType Type = NEVERC_DRIVER_TYPE_INVALID;
  std::string Value; ///< file path or value
};

struct ActionNode {
  NevercActionNodeID Id = 0; ///< stable, unique, non-zero
  NevercActionKind Kind = NEVERC_ACTION_INVALID;
  NevercDriverType OutputType = NEVERC_DRIVER_TYPE_INVALID;
  NevercDriverInputID DriverInput = 0; ///< INPUT nodes: the input they read
  std::string BindArch;
  std::vector<NevercActionNodeID> Inputs; ///< edges, by id
};

/// The build-actions request (artifact 0x5) is the Inputs member; the action
/// graph (artifact 0x6) is the whole struct.
struct ActionGraph {
  std::vector<DriverInput> Inputs;
  std::vector<ActionNode> Nodes;
  std::vector<NevercActionNodeID> Roots;

  const ActionNode *find(NevercActionNodeID Id) const;
  ActionNode *find(NevercActionNodeID Id);
};

//===--- Phase 5: neverc.driver.build_jobs (0x6 -> 0x8) ------------------===//

struct JobFile {
  std::string Path;
  NevercDriverType Type = NEVERC_DRIVER_TYPE_INVALID;
};

struct JobModel {
  NevercJobID Id = 0; ///< stable, unique, non-zero
  NevercJobKind Kind = NEVERC_JOB_COMMAND;
  NevercResponseFileKind ResponseFileKind = NEVERC_RESPONSE_FILE_NONE;
  NevercResponseFileEncoding ResponseFileEncoding =
      NEVERC_RESPONSE_ENCODING_UTF8;
  bool InProcess = false;
  NevercActionNodeID SourceAction = 0; ///< 0 = none
  NevercLinkerFlavor LinkerFlavor = NEVERC_LINKER_FLAVOR_NONE;
  std::string Executable;
  std::vector<std::string> Arguments, Environment;
  std::vector<JobFile> Inputs, Outputs;
  std::vector<NevercJobID> Dependencies;
  // NEVERC_JOB_PLUGIN only.
  std::string CallbackID;
  NevercPluginJobCallbackFn Callback = nullptr;
  void *UserData = nullptr;
};

struct JobGraph {
  /// List order is the preferred order; executionOrder() gives the order
  /// that honours Dependencies.
  std::vector<JobModel> Jobs;

  const JobModel *find(NevercJobID Id) const;
  JobModel *find(NevercJobID Id);
};

//===--- Phase 6: neverc.driver.execute_job (0x9 -> 0xa) -----------------===//

/// The execute-job request is one job, fully materialized.
using JobExecutionRequest = JobModel;

struct JobResult {
  NevercJobID Job = 0;
  int32_t ExitCode = 0;
  bool ExecutionFailed = false;
  std::string ErrorMessage;
  uint64_t OutputSealCount = 0;
  bool HasProcessStatistics = false;
  uint64_t TotalTimeMicroseconds = 0, UserTimeMicroseconds = 0,
           PeakMemoryKiB = 0;
  bool BuiltinProviderUsed = true;
};

//===--- Host verifiers (also run by every Commit / Publish) -------------===//
// OK, or VERIFICATION_FAILED with the reason in *Why.

/// neverc.driver.verify_raw_arguments: at least one entry (the program
/// name), known origins, no NUL byte inside an entry.
NevercStatus verifyRawArguments(const RawArguments &A, std::string *Why);
/// neverc.driver.verify_parsed_arguments: unique non-zero ids, known
/// origins, no NUL bytes, a positional (empty spelling) has exactly one value.
NevercStatus verifyParsedArguments(const ParsedArguments &A, std::string *Why);
/// The request an interceptor commits: a non-empty RequestedTriple must be a
/// known triple (see isKnownTriple); features must start with '+' or '-'.
NevercStatus verifyToolChainRequest(const ToolChainRequest &R, std::string *Why);
/// neverc.driver.verify_toolchain_selection: a known triple (rule 9), an
/// empty or built-in ToolChainID, well-formed features.
NevercStatus verifyToolChainSelection(const ToolChainSelection &S,
                                      std::string *Why);
/// neverc.driver.verify_action_graph: unique non-zero ids, known kinds and
/// types, no dangling edge or root, no cycle (rule 10), INPUT nodes name an
/// existing driver input and have no inputs.
NevercStatus verifyActionGraph(const ActionGraph &G, std::string *Why);
/// neverc.driver.verify_job_graph: unique non-zero ids, known enums, no
/// unknown dependency, no dependency cycle (rule 11), an executable for
/// COMMAND/FRONTEND/LINKER/ARCHIVE jobs, a callback for PLUGIN jobs, and
/// (when \p Actions is given) SourceAction 0 or a node of that graph.
NevercStatus verifyJobGraph(const JobGraph &G, const ActionGraph *Actions,
                            std::string *Why);
/// neverc.driver.verify_job_result: the result names \p Job; a result a
/// plugin produced that reports success for a job whose outputs
/// (\p PreExisting[i] for Outputs[i]) existed before the job ran must carry
/// seals (rule 12) -- and seals cannot exist yet (no source domain).
NevercStatus verifyJobResult(const JobResult &R, const JobModel &Job,
                             const std::vector<bool> *PreExisting,
                             std::string *Why);

/// Rule 9's triple check: 1-5 '-'-separated non-empty components of
/// [A-Za-z0-9_.], whose first (the arch) is one LLVM 22 knows: x86_64,
/// amd64, x86_64h, i386..i986, aarch64, aarch64_be, aarch64_32, arm64,
/// arm64e, arm64_32, arm*/armeb*/thumb*/thumbeb* (any sub-arch), riscv32,
/// riscv64, riscv32be, riscv64be, mips, mipsel, mips64, mips64el and the
/// mipsisa* spellings, powerpc, powerpcle, powerpc64, powerpc64le, ppc,
/// ppcle, ppc32, ppc32le, ppc64, ppc64le, loongarch32, loongarch64, s390x,
/// systemz, sparc, sparcel, sparcv9, sparc64, wasm32, wasm64, bpf, bpfel,
/// bpfeb, avr, msp430, hexagon, m68k, csky, arc, xcore, xtensa, lanai, ve,
/// r600, amdgcn, nvptx, nvptx64, spir, spir64, spirv, spirv32, spirv64,
/// dxil, amdil, amdil64, hsail, hsail64, kalimba, shave, tce, tcele,
/// renderscript32, renderscript64.
bool isKnownTriple(std::string_view Triple);
/// The built-in toolchain id clang 22 would pick for \p Triple (an
/// approximation of Driver::getToolChain, whose classes are not installed):
/// Darwin OSes -> darwin; *-apple-*-macho or -macho env -> macho; linux ->
/// linux; windows with msvc (or no) environment -> msvc; bare-metal (OS
/// none/unknown/elf, or an eabi/elf environment without OS) -> generic-elf;
/// everything else -> generic-gcc.
std::string_view toolChainIDForTriple(std::string_view Triple);
bool isBuiltinToolChainID(std::string_view ID);

/// Jobs in dependency order (a job after all its dependencies), list order
/// breaking ties. Empty when the graph has a cycle or unknown dependency.
std::vector<size_t> executionOrder(const JobGraph &G);

} // namespace api

/// A built-in step: a plain function pointer plus context (no
/// std::function). Step<A...>::of(Callable&) wraps any callable that
/// outlives the call.
template <typename... Args> struct Step {
  NevercStatus (*Run)(void *Ctx, Args...) = nullptr;
  void *Ctx = nullptr;

  template <typename F> static Step of(F &Fn) {
    Step S;
    S.Run = [](void *C, Args... A) -> NevercStatus {
      return (*static_cast<F *>(C))(std::forward<Args>(A)...);
    };
    S.Ctx = &Fn;
    return S;
  }
};

/// Phase 3 built-in: request -> selection.
using SelectToolChainStep =
    Step<const api::ToolChainRequest &, api::ToolChainSelection &>;
/// Phase 4 built-in: fills Nodes/Roots of a graph whose Inputs are set.
using BuildActionsStep = Step<api::ActionGraph &>;
/// Phase 5 built-in: action graph -> job graph.
using BuildJobsStep = Step<const api::ActionGraph &, api::JobGraph &>;
/// Phase 6 built-in: runs one job.
using ExecuteJobStep = Step<const api::JobModel &, api::JobResult &>;

/// What happened in one phase run (optional out-parameter of the runners).
struct PhaseReport {
  bool Observed = false; ///< the phase had registrations
  bool Mutated = false;  ///< an interceptor committed an edit
  bool ByPlugin = false; ///< a provider / REPLACE produced the output
  NevercPhaseAction Action = NEVERC_PHASE_CONTINUE;
};

/// Handle kinds of the driver domain (core HandleKind::FirstDomainKind + n).
/// Other domains should allocate theirs after DriverHandleKindEnd.
enum class DriverHandleKind : uint8_t {
  ArgumentMutation = uint8_t(core::HandleKind::FirstDomainKind),
  ParsedArgumentMutation,
  ToolChainMutation,
  ActionGraphBuilder,
  ActionGraphMutation,
  JobGraphBuilder,
  JobGraphMutation,
  End,
};
constexpr uint8_t DriverHandleKindEnd = uint8_t(DriverHandleKind::End);

class DriverDomain {
public:
  /// Publishes NevercDriverAPI 1.0 (560 bytes) on \p H; call before
  /// Host::initialize(). The domain must outlive every session of \p H.
  explicit DriverDomain(core::Host &H);
  ~DriverDomain();
  DriverDomain(const DriverDomain &) = delete;
  DriverDomain &operator=(const DriverDomain &) = delete;

  /// Status of the publishInterface call made by the constructor.
  NevercStatus publishStatus() const;
  const NevercDriverAPI &table() const;
  core::Host &host() const;

  // --- phase runners -------------------------------------------------------
  /// Phase 1; the built-in step is the identity.
  NevercStatus runRawArguments(core::Task &T, api::RawArguments &InOut,
                               PhaseReport *Report = nullptr);
  /// Phase 2; the built-in step is the identity.
  NevercStatus runParsedArguments(core::Task &T, api::ParsedArguments &InOut,
                                  PhaseReport *Report = nullptr);
  /// Phase 3. \p Request receives an interceptor's committed request edit.
  NevercStatus runSelectToolChain(core::Task &T, api::ToolChainRequest &Request,
                                  api::ToolChainSelection &Out,
                                  SelectToolChainStep Builtin,
                                  PhaseReport *Report = nullptr);
  /// Phase 3 with a request the caller does not want back (copied only
  /// when the phase is observed).
  NevercStatus runSelectToolChain(core::Task &T,
                                  const api::ToolChainRequest &Request,
                                  api::ToolChainSelection &Out,
                                  SelectToolChainStep Builtin,
                                  PhaseReport *Report = nullptr);
  /// Phase 4: \p InOut.Inputs is the request; the built-in fills the rest.
  NevercStatus runBuildActions(core::Task &T, api::ActionGraph &InOut,
                               BuildActionsStep Builtin,
                               PhaseReport *Report = nullptr);
  /// Phase 5.
  NevercStatus runBuildJobs(core::Task &T, const api::ActionGraph &Actions,
                            api::JobGraph &InOut, BuildJobsStep Builtin,
                            PhaseReport *Report = nullptr);
  /// Phase 6. Out.Job is set to Job.Id.
  NevercStatus runExecuteJob(core::Task &T, const api::JobModel &Job,
                             ExecuteJobStep Builtin, api::JobResult &Out,
                             PhaseReport *Report = nullptr);

  /// A ready built-in for NEVERC_JOB_PLUGIN jobs: calls Job.Callback with a
  /// borrowed NevercPluginJobContext (rule 15: the callback owns the
  /// outcome). A non-OK callback status or an escaped exception becomes
  /// ExecutionFailed with a message; the call itself returns OK then.
  /// INVALID_ARGUMENT for a job that is not a PLUGIN job with a callback.
  NevercStatus executePluginJob(core::Task &T, const api::JobModel &Job,
                                api::JobResult &Out);

  /// Drops the per-task state (edit tables, plugin-published artifacts) of
  /// an ended task now; otherwise it is collected lazily by the next
  /// observed run. A task that is still alive is left alone (its artifact
  /// handles must stay valid).
  void releaseTask(NevercTaskHandle Ended);
  /// Tasks with per-task state (tests: stays 0 while nothing observes).
  size_t trackedTaskCount() const;

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace neverc::driver

#endif
