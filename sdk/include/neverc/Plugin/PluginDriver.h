/*
 * neverc plugin SDK -- driver domain (pure C11).
 *
 * Plugin command-line options (NevercOptionDescriptor, passed to
 * NevercRegistrarAPI.RegisterOption during Register; values are read back
 * through NevercCoreAPI.GetPluginOptionValueCount / GetPluginOptionValue)
 * and the NevercDriverAPI capability table for the six neverc.driver.*
 * phases: raw arguments (slots 1-8), parsed options (9-16), toolchain
 * (17-25), action graph (26-43), job graph and execution (44-67).
 *
 * Editing follows one pattern everywhere: a provider starts from an empty
 * Create*Builder and finishes with Publish*; an interceptor opens
 * Begin*Mutation with its continuation and finishes with Commit*Mutation.
 * Abort*Edit takes a plain NevercHandle and cancels either kind. Every
 * builder or mutation handle ends in exactly one Commit* or Publish* or
 * Abort*; a later use gives NEVERC_STATUS_STALE_HANDLE. A commit or publish
 * runs the phase verifier; on failure nothing changes and a non-OK status is
 * returned. Views returned by Get* slots are valid only during the current
 * callback.
 *
 * NevercJob carries counts only; GetJobArgument, GetJobEnvironment,
 * GetJobInput, GetJobOutput and GetJobDependency return the elements. A job
 * that ran and failed is reported through ExecutionFailed / ErrorMessage /
 * ExitCode with NEVERC_STATUS_OK; a non-OK status means the provider itself
 * failed. An execute-job replacement claims outputs only through seals made
 * by NevercIOAPI.OutputFinish for that run (NevercJobResultDescriptor
 * .OutputSeals); the host checks each seal against the file.
 *
 * Decisions of this SDK (see shared/spec/README.md, "Project decisions"):
 *  - Graph-editing slots 35-40 are typed NevercActionGraphBuilderHandle but
 *    accept a handle from BeginActionGraphMutation as well; job-editing
 *    slots 53-61 take either kind as NevercHandle Edit.
 *  - Begin*Mutation called from an observer (any attempt to mutate from an
 *    observer) gives NEVERC_STATUS_POLICY_VIOLATION. Called elsewhere
 *    without the continuation of the currently running interceptor of that
 *    phase (a provider, or a foreign or expired continuation) it gives
 *    NEVERC_STATUS_WRONG_SCOPE.
 *  - A second InvokeNext gives NEVERC_STATUS_POLICY_VIOLATION; InvokeNext
 *    from another thread or after the callback returned gives
 *    NEVERC_STATUS_WRONG_SCOPE.
 *  - An index past the end of a per-index getter gives
 *    NEVERC_STATUS_NOT_FOUND (as for option values).
 *  - Handle scope errors: a handle whose task or session has ended gives
 *    NEVERC_STATUS_STALE_HANDLE; a live handle from another task gives
 *    NEVERC_STATUS_WRONG_SCOPE; from another session
 *    NEVERC_STATUS_WRONG_SESSION.
 *  - The DRIVER interface declares no stability upstream; the neverc host
 *    registers it as NEVERC_INTERFACE_STABLE (append-only within ABI
 *    major 1).
 *  - -fplugin-pass=<path> loads the module exactly as -fplugin= does (it
 *    must export neverc_plugin_entry); -fplugin-pass-arg=<k>=<v> is
 *    -fplugin-arg=<id>:<k>=<v> for the single module loaded through
 *    -fplugin-pass= (an error when there are several or none). A module
 *    exporting only the old prototype entry point nevercGetPluginInfo is
 *    refused with a diagnostic naming it. A plugin argument or provider
 *    choice without a matching loaded plugin is a hard error.
 *  - Where stock Clang/LLVM 22 cannot provide a capability (for example a
 *    plugin toolchain id that clang cannot instantiate), the slot returns
 *    NEVERC_STATUS_CAPABILITY_UNAVAILABLE and emits a diagnostic naming the
 *    limitation; never a silent success.
 */
#ifndef NEVERC_PLUGIN_PLUGINDRIVER_H
#define NEVERC_PLUGIN_PLUGINDRIVER_H

#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginPhaseSchema.h"
#include "neverc/Plugin/PluginSource.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NEVERC_DRIVER_API_MAJOR UINT16_C(1)
#define NEVERC_DRIVER_API_MINOR UINT16_C(0)
/* The 16 bytes spell "NeverCDriverAPI\x01". */
#define NEVERC_INTERFACE_DRIVER_HIGH UINT64_C(0x4e65766572434472)
#define NEVERC_INTERFACE_DRIVER_LOW UINT64_C(0x6976657241504901)

/* Values of NevercPhaseRoute.ExecutionLevel. */
typedef uint32_t NevercExecutionLevel;
#define NEVERC_EXECUTION_LEVEL_UNSPECIFIED UINT32_C(0)
#define NEVERC_EXECUTION_LEVEL_USER UINT32_C(1)
#define NEVERC_EXECUTION_LEVEL_KERNEL UINT32_C(2)

typedef uint32_t NevercOptionForm;
#define NEVERC_OPTION_FLAG UINT32_C(0)
#define NEVERC_OPTION_JOINED UINT32_C(1)
#define NEVERC_OPTION_SEPARATE UINT32_C(2)
#define NEVERC_OPTION_MULTI_ARG UINT32_C(3)

typedef uint32_t NevercOptionValueType;
#define NEVERC_OPTION_BOOL UINT32_C(0)
#define NEVERC_OPTION_INT UINT32_C(1)
#define NEVERC_OPTION_UINT UINT32_C(2)
#define NEVERC_OPTION_STRING UINT32_C(3)
#define NEVERC_OPTION_ENUM UINT32_C(4)
#define NEVERC_OPTION_PATH UINT32_C(5)

typedef uint32_t NevercOptionMultiplicity;
#define NEVERC_OPTION_SINGLE UINT32_C(0)
#define NEVERC_OPTION_LAST_WINS UINT32_C(1)
#define NEVERC_OPTION_APPEND UINT32_C(2)

NEVERC_ABI_PACK_BEGIN

/* Strided array of string views: element i is at
 * (const char *)Data + i * ElementStride. */
typedef struct NevercStringList {
  const NevercStringView *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercStringList;

/* One permitted value of an ENUM-typed option. */
typedef struct NevercOptionEnumValue {
  NevercABITableHeader Header;
  NevercStringView Name;
  int64_t Value;
  NevercStringView Help;
} NevercOptionEnumValue;

/* Handed to NevercOptionDescriptor.Validator once per occurrence. */
typedef struct NevercOptionValidationContext {
  NevercABITableHeader Header;
  NevercStringView PluginID;
  NevercStringView Spelling;
  NevercStringView TargetTriple;
  uint64_t Occurrence;
} NevercOptionValidationContext;

typedef NevercStatus(NEVERC_CALL *NevercOptionValidatorFn)(
    const NevercOptionValidationContext *Context, NevercStringView Value,
    void *UserData);

/* Declares one plugin command-line option; passed to
 * NevercRegistrarAPI.RegisterOption during Register. EnumValues holds
 * NevercOptionEnumValue. */
typedef struct NevercOptionDescriptor {
  NevercABITableHeader Header;
  NevercStringView Spelling;
  NevercStringList Aliases;
  NevercOptionForm Form;
  NevercOptionValueType ValueType;
  NevercOptionMultiplicity Multiplicity;
  uint32_t ArgumentCount;
  NevercBool Required;
  NevercBool Hidden;
  NevercStringView Help;
  NevercStringView Metavar;
  NevercStructArrayView EnumValues;
  NevercStringList Conflicts;
  NevercStringList Requires;
  NevercStringView TargetPredicate;
  NevercOptionValidatorFn Validator;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercOptionDescriptor;

NEVERC_ABI_PACK_END

/* Where a raw argv entry came from. */
typedef uint32_t NevercArgumentOrigin;
#define NEVERC_ARGUMENT_ORIGIN_COMMAND_LINE UINT32_C(0)
#define NEVERC_ARGUMENT_ORIGIN_CONFIGURATION UINT32_C(1)
#define NEVERC_ARGUMENT_ORIGIN_PLUGIN UINT32_C(2)

typedef uint32_t NevercDriverType;
#define NEVERC_DRIVER_TYPE_INVALID UINT32_C(0)
#define NEVERC_DRIVER_TYPE_PP_C UINT32_C(1)
#define NEVERC_DRIVER_TYPE_C UINT32_C(2)
#define NEVERC_DRIVER_TYPE_C_HEADER UINT32_C(3)
#define NEVERC_DRIVER_TYPE_PP_ASM UINT32_C(4)
#define NEVERC_DRIVER_TYPE_ASM UINT32_C(5)
#define NEVERC_DRIVER_TYPE_LLVM_IR UINT32_C(6)
#define NEVERC_DRIVER_TYPE_LLVM_BC UINT32_C(7)
#define NEVERC_DRIVER_TYPE_LTO_IR UINT32_C(8)
#define NEVERC_DRIVER_TYPE_LTO_BC UINT32_C(9)
#define NEVERC_DRIVER_TYPE_OBJECT UINT32_C(10)
#define NEVERC_DRIVER_TYPE_IMAGE UINT32_C(11)
#define NEVERC_DRIVER_TYPE_DSYM UINT32_C(12)
#define NEVERC_DRIVER_TYPE_DEPENDENCIES UINT32_C(13)
#define NEVERC_DRIVER_TYPE_NOTHING UINT32_C(14)
#define NEVERC_DRIVER_TYPE_PP_CXX UINT32_C(15)
#define NEVERC_DRIVER_TYPE_CXX UINT32_C(16)
#define NEVERC_DRIVER_TYPE_CXX_HEADER UINT32_C(17)

typedef uint32_t NevercActionKind;
#define NEVERC_ACTION_INVALID UINT32_C(0)
#define NEVERC_ACTION_INPUT UINT32_C(1)
#define NEVERC_ACTION_BIND_ARCH UINT32_C(2)
#define NEVERC_ACTION_PREPROCESS UINT32_C(3)
#define NEVERC_ACTION_COMPILE UINT32_C(4)
#define NEVERC_ACTION_BACKEND UINT32_C(5)
#define NEVERC_ACTION_ASSEMBLE UINT32_C(6)
#define NEVERC_ACTION_LINK UINT32_C(7)
#define NEVERC_ACTION_LIPO UINT32_C(8)
#define NEVERC_ACTION_DSYMUTIL UINT32_C(9)
#define NEVERC_ACTION_STATIC_LIB UINT32_C(10)
#define NEVERC_ACTION_DYNCODE UINT32_C(11)

/* No value 0. */
typedef uint32_t NevercJobKind;
#define NEVERC_JOB_COMMAND UINT32_C(1)
#define NEVERC_JOB_FRONTEND UINT32_C(2)
#define NEVERC_JOB_LINKER UINT32_C(3)
#define NEVERC_JOB_ARCHIVE UINT32_C(4)
#define NEVERC_JOB_PLUGIN UINT32_C(5)
#define NEVERC_JOB_DYNCODE UINT32_C(6)

typedef uint32_t NevercResponseFileKind;
#define NEVERC_RESPONSE_FILE_NONE UINT32_C(0)
#define NEVERC_RESPONSE_FILE_FULL UINT32_C(1)
#define NEVERC_RESPONSE_FILE_LIST UINT32_C(2)

typedef uint32_t NevercResponseFileEncoding;
#define NEVERC_RESPONSE_ENCODING_UTF8 UINT32_C(0)
#define NEVERC_RESPONSE_ENCODING_CURRENT_CODE_PAGE UINT32_C(1)
#define NEVERC_RESPONSE_ENCODING_UTF16 UINT32_C(2)

typedef uint32_t NevercLinkerFlavor;
#define NEVERC_LINKER_FLAVOR_NONE UINT32_C(0)
#define NEVERC_LINKER_FLAVOR_GNU UINT32_C(1)
#define NEVERC_LINKER_FLAVOR_WIN_LINK UINT32_C(2)
#define NEVERC_LINKER_FLAVOR_DARWIN UINT32_C(3)

/* Ids of the built-in toolchains (NevercToolChainSelection.ToolChainID). */
#define NEVERC_TOOLCHAIN_ID_DARWIN "neverc.builtin.darwin"
#define NEVERC_TOOLCHAIN_ID_LINUX "neverc.builtin.linux"
#define NEVERC_TOOLCHAIN_ID_MSVC "neverc.builtin.msvc"
#define NEVERC_TOOLCHAIN_ID_GENERIC_ELF "neverc.builtin.generic-elf"
#define NEVERC_TOOLCHAIN_ID_MACHO "neverc.builtin.macho"
#define NEVERC_TOOLCHAIN_ID_GENERIC_GCC "neverc.builtin.generic-gcc"

typedef NevercHandle NevercArgumentMutationHandle;
typedef NevercHandle NevercParsedArgumentMutationHandle;
typedef NevercHandle NevercToolChainMutationHandle;
typedef NevercHandle NevercToolChainProviderHandle;
typedef NevercHandle NevercActionGraphBuilderHandle;
typedef NevercHandle NevercActionGraphMutationHandle;
typedef NevercHandle NevercJobGraphBuilderHandle;
typedef NevercHandle NevercJobGraphMutationHandle;

typedef uint64_t NevercDriverInputID;
typedef uint64_t NevercActionNodeID;
typedef uint64_t NevercJobID;

NEVERC_ABI_PACK_BEGIN

/* One parsed option occurrence (GetOptionOccurrence). */
typedef struct NevercOptionOccurrence {
  NevercABITableHeader Header;
  uint64_t Occurrence;
  NevercStringView Spelling;
  NevercStringList Values;
  NevercArgumentOrigin Origin;
  uint32_t Reserved;
} NevercOptionOccurrence;

/* Input artifact of neverc.driver.select_toolchain. */
typedef struct NevercToolChainRequest {
  NevercABITableHeader Header;
  NevercStringView RequestedTriple;
  NevercStringView ComputedTriple;
  NevercStringView SysRoot;
  NevercStringView ResourceDir;
  NevercStringView CPU;
  NevercStringList Features;
  NevercExecutionLevel ExecutionLevel;
  NevercBool DynamicCodeProfile;
  uint32_t Reserved;
} NevercToolChainRequest;

/* A provider's answer for neverc.driver.select_toolchain. */
typedef struct NevercToolChainSelectionDescriptor {
  NevercABITableHeader Header;
  NevercStringView ToolChainID;
  NevercStringView TargetKey;
  NevercStringView TargetTriple;
  NevercStringView CPU;
  NevercStringList Features;
  NevercToolChainProviderHandle Provider;
} NevercToolChainSelectionDescriptor;

/* A committed selection; BuiltinProviderUsed tells who produced it. */
typedef struct NevercToolChainSelection {
  NevercABITableHeader Header;
  NevercStringView ToolChainID;
  NevercStringView TargetKey;
  NevercStringView TargetTriple;
  NevercStringView CPU;
  NevercStringList Features;
  NevercToolChainProviderHandle Provider;
  NevercBool BuiltinProviderUsed;
  uint32_t Reserved;
} NevercToolChainSelection;

/* Strided array of action-node ids. */
typedef struct NevercActionNodeIDList {
  const NevercActionNodeID *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercActionNodeIDList;

/* One driver input (a file or a value) with its driver type. */
typedef struct NevercDriverInput {
  NevercABITableHeader Header;
  NevercDriverInputID Input;
  NevercDriverType Type;
  uint32_t Reserved;
  NevercStringView Value;
} NevercDriverInput;

/* One action node; its input edges come from GetActionNodeInput. */
typedef struct NevercActionNode {
  NevercABITableHeader Header;
  NevercActionNodeID Node;
  NevercActionKind Kind;
  NevercDriverType OutputType;
  uint64_t InputCount;
  NevercDriverInputID DriverInput;
  NevercStringView BindArch;
  uint64_t Reserved;
} NevercActionNode;

/* A node to add through AddActionNode. */
typedef struct NevercActionNodeDescriptor {
  NevercABITableHeader Header;
  NevercActionKind Kind;
  NevercDriverType OutputType;
  NevercDriverInputID DriverInput;
  NevercStringView BindArch;
  NevercActionNodeIDList Inputs;
  uint64_t Reserved;
} NevercActionNodeDescriptor;

/* Strided array of job ids. */
typedef struct NevercJobIDList {
  const NevercJobID *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercJobIDList;

/* One job input or output path with its driver type. */
typedef struct NevercJobFile {
  NevercABITableHeader Header;
  NevercStringView Path;
  NevercDriverType Type;
  uint32_t Reserved;
} NevercJobFile;

/* Strided array of NevercJobFile. */
typedef struct NevercJobFileList {
  const NevercJobFile *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercJobFileList;

/* Borrowed argument block of a NEVERC_JOB_PLUGIN callback. */
typedef struct NevercPluginJobContext {
  NevercABITableHeader Header;
  NevercSessionHandle Session;
  NevercJobID Job;
  NevercStringView CallbackID;
  NevercStringList Arguments;
  NevercStringList Environment;
  NevercJobFileList Inputs;
  NevercJobFileList Outputs;
} NevercPluginJobContext;

/* Runs a NEVERC_JOB_PLUGIN job. A callback that replaces a built-in job
 * owns the outcome and must not also run the built-in tool. */
typedef NevercStatus(NEVERC_CALL *NevercPluginJobCallbackFn)(
    const NevercPluginJobContext *Context, int32_t *OutExitCode,
    void *UserData);

/* A full job definition for AddJob / ReplaceJob. */
typedef struct NevercJobDescriptor {
  NevercABITableHeader Header;
  NevercJobKind Kind;
  NevercResponseFileKind ResponseFileKind;
  NevercResponseFileEncoding ResponseFileEncoding;
  NevercBool InProcess;
  NevercActionNodeID SourceAction;
  NevercLinkerFlavor LinkerFlavor;
  uint32_t Reserved;
  NevercStringView Executable;
  NevercStringList Arguments;
  NevercStringList Environment;
  NevercJobFileList Inputs;
  NevercJobFileList Outputs;
  NevercJobIDList Dependencies;
  NevercStringView CallbackID;
  NevercPluginJobCallbackFn Callback;
  void *UserData;
} NevercJobDescriptor;

/* Read view of a job: scalar fields and element counts only. */
typedef struct NevercJob {
  NevercABITableHeader Header;
  NevercJobID Job;
  NevercJobKind Kind;
  NevercResponseFileKind ResponseFileKind;
  NevercResponseFileEncoding ResponseFileEncoding;
  NevercBool InProcess;
  NevercActionNodeID SourceAction;
  NevercLinkerFlavor LinkerFlavor;
  uint32_t Reserved;
  NevercStringView Executable;
  NevercStringView CallbackID;
  uint64_t ArgumentCount;
  uint64_t EnvironmentCount;
  uint64_t InputCount;
  uint64_t OutputCount;
  uint64_t DependencyCount;
} NevercJob;

/* Input of neverc.driver.execute_job with fully materialized lists. */
typedef struct NevercJobExecutionRequest {
  NevercABITableHeader Header;
  NevercJob Job;
  NevercStringList Arguments;
  NevercStringList Environment;
  NevercJobFileList Inputs;
  NevercJobFileList Outputs;
  NevercJobIDList Dependencies;
} NevercJobExecutionRequest;

/* A provider's result for neverc.driver.execute_job (CreateJobResult). */
typedef struct NevercJobResultDescriptor {
  NevercABITableHeader Header;
  int32_t ExitCode;
  NevercBool ExecutionFailed;
  NevercBool HasProcessStatistics;
  uint32_t Reserved;
  NevercStringView ErrorMessage;
  NevercOutputSealList OutputSeals;
  uint64_t TotalTimeMicroseconds;
  uint64_t UserTimeMicroseconds;
  uint64_t PeakMemoryKiB;
} NevercJobResultDescriptor;

/* Read view of a committed job result (GetJobResult). */
typedef struct NevercJobResult {
  NevercABITableHeader Header;
  NevercJobID Job;
  int32_t ExitCode;
  NevercBool ExecutionFailed;
  NevercBool HasProcessStatistics;
  NevercBool BuiltinProviderUsed;
  uint32_t Reserved;
  uint64_t OutputSealCount;
  NevercStringView ErrorMessage;
  uint64_t TotalTimeMicroseconds;
  uint64_t UserTimeMicroseconds;
  uint64_t PeakMemoryKiB;
} NevercJobResult;

/* Raw arguments (neverc.driver.raw_arguments). */
typedef NevercStatus(NEVERC_CALL *NevercGetArgumentCountFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercArtifactHandle Arguments, uint64_t *OutCount);
typedef NevercStatus(NEVERC_CALL *NevercGetArgumentFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercArtifactHandle Arguments, uint64_t Index, NevercStringView *OutValue,
    NevercArgumentOrigin *OutOrigin, NevercStringView *OutSource,
    uint64_t *OutPosition);
typedef NevercStatus(NEVERC_CALL *NevercBeginArgumentMutationFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercPhaseContinuation *Continuation, NevercArtifactHandle Arguments,
    NevercArgumentMutationHandle *OutMutation);
typedef NevercStatus(NEVERC_CALL *NevercInsertArgumentFn)(
    void *Context, NevercArgumentMutationHandle Mutation, uint64_t Index,
    NevercStringView Value);
typedef NevercStatus(NEVERC_CALL *NevercReplaceArgumentFn)(
    void *Context, NevercArgumentMutationHandle Mutation, uint64_t Index,
    NevercStringView Value);
typedef NevercStatus(NEVERC_CALL *NevercEraseArgumentFn)(
    void *Context, NevercArgumentMutationHandle Mutation, uint64_t Index);
typedef NevercStatus(NEVERC_CALL *NevercCommitArgumentMutationFn)(
    void *Context, NevercArgumentMutationHandle Mutation);
typedef NevercStatus(NEVERC_CALL *NevercAbortArgumentMutationFn)(
    void *Context, NevercArgumentMutationHandle Mutation);

/* Parsed options (neverc.driver.parsed_arguments). */
typedef NevercStatus(NEVERC_CALL *NevercGetOptionOccurrenceCountFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercArtifactHandle Arguments, uint64_t *OutCount);
typedef NevercStatus(NEVERC_CALL *NevercGetOptionOccurrenceFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercArtifactHandle Arguments, uint64_t Index,
    NevercOptionOccurrence *OutOccurrence);
typedef NevercStatus(NEVERC_CALL *NevercBeginParsedArgumentMutationFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercPhaseContinuation *Continuation, NevercArtifactHandle Arguments,
    NevercParsedArgumentMutationHandle *OutMutation);
typedef NevercStatus(NEVERC_CALL *NevercAddOptionOccurrenceFn)(
    void *Context, NevercParsedArgumentMutationHandle Mutation,
    NevercStringView Spelling, NevercStringList Values);
typedef NevercStatus(NEVERC_CALL *NevercRemoveOptionOccurrenceFn)(
    void *Context, NevercParsedArgumentMutationHandle Mutation,
    uint64_t Occurrence);
typedef NevercStatus(NEVERC_CALL *NevercReplaceOptionOccurrenceFn)(
    void *Context, NevercParsedArgumentMutationHandle Mutation,
    uint64_t Occurrence, NevercStringView Spelling, NevercStringList Values);
typedef NevercStatus(NEVERC_CALL *NevercCommitParsedArgumentMutationFn)(
    void *Context, NevercParsedArgumentMutationHandle Mutation);
typedef NevercStatus(NEVERC_CALL *NevercAbortParsedArgumentMutationFn)(
    void *Context, NevercParsedArgumentMutationHandle Mutation);

/* Toolchain (neverc.driver.select_toolchain). */
typedef NevercStatus(NEVERC_CALL *NevercGetToolChainRequestFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Request,
    NevercToolChainRequest *OutRequest);
typedef NevercStatus(NEVERC_CALL *NevercBeginToolChainMutationFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercPhaseContinuation *Continuation, NevercArtifactHandle Request,
    NevercToolChainMutationHandle *OutMutation);
typedef NevercStatus(NEVERC_CALL *NevercSetToolChainTripleFn)(
    void *Context, NevercToolChainMutationHandle Mutation,
    NevercStringView Triple);
typedef NevercStatus(NEVERC_CALL *NevercSetToolChainCPUFn)(
    void *Context, NevercToolChainMutationHandle Mutation,
    NevercStringView CPU);
typedef NevercStatus(NEVERC_CALL *NevercSetToolChainFeaturesFn)(
    void *Context, NevercToolChainMutationHandle Mutation,
    NevercStringList Features);
typedef NevercStatus(NEVERC_CALL *NevercCommitToolChainMutationFn)(
    void *Context, NevercToolChainMutationHandle Mutation);
typedef NevercStatus(NEVERC_CALL *NevercAbortToolChainMutationFn)(
    void *Context, NevercToolChainMutationHandle Mutation);
typedef NevercStatus(NEVERC_CALL *NevercCreateToolChainSelectionFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Request,
    const NevercToolChainSelectionDescriptor *Descriptor,
    NevercArtifactHandle *OutSelection);
typedef NevercStatus(NEVERC_CALL *NevercGetToolChainSelectionFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercArtifactHandle Selection, NevercToolChainSelection *OutSelection);

/* Action graph (neverc.driver.build_actions). */
typedef NevercStatus(NEVERC_CALL *NevercGetDriverInputCountFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Request,
    uint64_t *OutCount);
typedef NevercStatus(NEVERC_CALL *NevercGetDriverInputFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Request,
    uint64_t Index, NevercDriverInput *OutInput);
typedef NevercStatus(NEVERC_CALL *NevercGetActionNodeCountFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Graph,
    uint64_t *OutCount);
typedef NevercStatus(NEVERC_CALL *NevercGetActionNodeFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Graph,
    uint64_t Index, NevercActionNode *OutNode);
typedef NevercStatus(NEVERC_CALL *NevercGetActionNodeInputFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Graph,
    NevercActionNodeID Node, uint64_t Index, NevercActionNodeID *OutInput);
typedef NevercStatus(NEVERC_CALL *NevercGetActionRootCountFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Graph,
    uint64_t *OutCount);
typedef NevercStatus(NEVERC_CALL *NevercGetActionRootFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Graph,
    uint64_t Index, NevercActionNodeID *OutRoot);
typedef NevercStatus(NEVERC_CALL *NevercCreateActionGraphBuilderFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Request,
    NevercActionGraphBuilderHandle *OutBuilder);
typedef NevercStatus(NEVERC_CALL *NevercBeginActionGraphMutationFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercPhaseContinuation *Continuation, NevercArtifactHandle Graph,
    NevercActionGraphMutationHandle *OutMutation);
typedef NevercStatus(NEVERC_CALL *NevercAddActionNodeFn)(
    void *Context, NevercActionGraphBuilderHandle Builder,
    const NevercActionNodeDescriptor *Descriptor, NevercActionNodeID *OutNode);
typedef NevercStatus(NEVERC_CALL *NevercRemoveActionNodeFn)(
    void *Context, NevercActionGraphBuilderHandle Builder,
    NevercActionNodeID Node);
typedef NevercStatus(NEVERC_CALL *NevercReplaceActionNodeInputsFn)(
    void *Context, NevercActionGraphBuilderHandle Builder,
    NevercActionNodeID Node, NevercActionNodeIDList Inputs);
typedef NevercStatus(NEVERC_CALL *NevercSetActionNodeOutputTypeFn)(
    void *Context, NevercActionGraphBuilderHandle Builder,
    NevercActionNodeID Node, NevercDriverType OutputType);
typedef NevercStatus(NEVERC_CALL *NevercSetActionNodeBindArchFn)(
    void *Context, NevercActionGraphBuilderHandle Builder,
    NevercActionNodeID Node, NevercStringView BindArch);
typedef NevercStatus(NEVERC_CALL *NevercSetActionRootsFn)(
    void *Context, NevercActionGraphBuilderHandle Builder,
    NevercActionNodeIDList Roots);
typedef NevercStatus(NEVERC_CALL *NevercPublishActionGraphFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercActionGraphBuilderHandle Builder, NevercArtifactHandle *OutGraph);
typedef NevercStatus(NEVERC_CALL *NevercCommitActionGraphMutationFn)(
    void *Context, NevercActionGraphMutationHandle Mutation);
typedef NevercStatus(NEVERC_CALL *NevercAbortActionGraphEditFn)(
    void *Context, NevercHandle Edit);

/* Job graph (neverc.driver.build_jobs) and execution
 * (neverc.driver.execute_job). */
typedef NevercStatus(NEVERC_CALL *NevercGetJobCountFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Graph,
    uint64_t *OutCount);
typedef NevercStatus(NEVERC_CALL *NevercGetJobFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Graph,
    uint64_t Index, NevercJob *OutJob);
typedef NevercStatus(NEVERC_CALL *NevercGetJobDependencyFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Graph,
    NevercJobID Job, uint64_t Index, NevercJobID *OutDependency);
typedef NevercStatus(NEVERC_CALL *NevercGetJobStringFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Graph,
    NevercJobID Job, uint64_t Index, NevercStringView *OutValue);
typedef NevercStatus(NEVERC_CALL *NevercGetJobFileFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Graph,
    NevercJobID Job, uint64_t Index, NevercJobFile *OutFile);
typedef NevercStatus(NEVERC_CALL *NevercCreateJobGraphBuilderFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercArtifactHandle ActionGraph, NevercJobGraphBuilderHandle *OutBuilder);
typedef NevercStatus(NEVERC_CALL *NevercBeginJobGraphMutationFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercPhaseContinuation *Continuation, NevercArtifactHandle Graph,
    NevercJobGraphMutationHandle *OutMutation);
typedef NevercStatus(NEVERC_CALL *NevercAddJobFn)(
    void *Context, NevercHandle Edit, const NevercJobDescriptor *Descriptor,
    NevercJobID *OutJob);
typedef NevercStatus(NEVERC_CALL *NevercRemoveJobFn)(void *Context,
                                                     NevercHandle Edit,
                                                     NevercJobID Job);
typedef NevercStatus(NEVERC_CALL *NevercMoveJobBeforeFn)(void *Context,
                                                         NevercHandle Edit,
                                                         NevercJobID Job,
                                                         NevercJobID Before);
typedef NevercStatus(NEVERC_CALL *NevercReplaceJobFn)(
    void *Context, NevercHandle Edit, NevercJobID Job,
    const NevercJobDescriptor *Descriptor);
typedef NevercStatus(NEVERC_CALL *NevercSetJobStringFn)(
    void *Context, NevercHandle Edit, NevercJobID Job, uint64_t Index,
    NevercStringView Value);
typedef NevercStatus(NEVERC_CALL *NevercSetJobFileFn)(
    void *Context, NevercHandle Edit, NevercJobID Job, uint64_t Index,
    const NevercJobFile *File);
typedef NevercStatus(NEVERC_CALL *NevercReplaceJobDependenciesFn)(
    void *Context, NevercHandle Edit, NevercJobID Job,
    NevercJobIDList Dependencies);
typedef NevercStatus(NEVERC_CALL *NevercPublishJobGraphFn)(
    void *Context, const NevercPhaseFrame *Frame,
    NevercJobGraphBuilderHandle Builder, NevercArtifactHandle *OutGraph);
typedef NevercStatus(NEVERC_CALL *NevercCommitJobGraphMutationFn)(
    void *Context, NevercJobGraphMutationHandle Mutation);
typedef NevercStatus(NEVERC_CALL *NevercAbortJobGraphEditFn)(
    void *Context, NevercHandle Edit);
typedef NevercStatus(NEVERC_CALL *NevercGetJobExecutionRequestFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Request,
    NevercJobExecutionRequest *OutRequest);
typedef NevercStatus(NEVERC_CALL *NevercCreateJobResultFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Request,
    const NevercJobResultDescriptor *Descriptor,
    NevercArtifactHandle *OutResult);
typedef NevercStatus(NEVERC_CALL *NevercGetJobResultFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Result,
    NevercJobResult *OutResult);

/* 67 slots; 560 bytes (GetJobResult ends at 560). */
typedef struct NevercDriverAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercGetArgumentCountFn GetArgumentCount;
  NevercGetArgumentFn GetArgument;
  NevercBeginArgumentMutationFn BeginArgumentMutation;
  NevercInsertArgumentFn InsertArgument;
  NevercReplaceArgumentFn ReplaceArgument;
  NevercEraseArgumentFn EraseArgument;
  NevercCommitArgumentMutationFn CommitArgumentMutation;
  NevercAbortArgumentMutationFn AbortArgumentMutation;
  NevercGetOptionOccurrenceCountFn GetOptionOccurrenceCount;
  NevercGetOptionOccurrenceFn GetOptionOccurrence;
  NevercBeginParsedArgumentMutationFn BeginParsedArgumentMutation;
  NevercAddOptionOccurrenceFn AddOptionOccurrence;
  NevercRemoveOptionOccurrenceFn RemoveOptionOccurrence;
  NevercReplaceOptionOccurrenceFn ReplaceOptionOccurrence;
  NevercCommitParsedArgumentMutationFn CommitParsedArgumentMutation;
  NevercAbortParsedArgumentMutationFn AbortParsedArgumentMutation;
  NevercGetToolChainRequestFn GetToolChainRequest;
  NevercBeginToolChainMutationFn BeginToolChainMutation;
  NevercSetToolChainTripleFn SetToolChainTriple;
  NevercSetToolChainCPUFn SetToolChainCPU;
  NevercSetToolChainFeaturesFn SetToolChainFeatures;
  NevercCommitToolChainMutationFn CommitToolChainMutation;
  NevercAbortToolChainMutationFn AbortToolChainMutation;
  NevercCreateToolChainSelectionFn CreateToolChainSelection;
  NevercGetToolChainSelectionFn GetToolChainSelection;
  NevercGetDriverInputCountFn GetDriverInputCount;
  NevercGetDriverInputFn GetDriverInput;
  NevercGetActionNodeCountFn GetActionNodeCount;
  NevercGetActionNodeFn GetActionNode;
  NevercGetActionNodeInputFn GetActionNodeInput;
  NevercGetActionRootCountFn GetActionRootCount;
  NevercGetActionRootFn GetActionRoot;
  NevercCreateActionGraphBuilderFn CreateActionGraphBuilder;
  NevercBeginActionGraphMutationFn BeginActionGraphMutation;
  NevercAddActionNodeFn AddActionNode;
  NevercRemoveActionNodeFn RemoveActionNode;
  NevercReplaceActionNodeInputsFn ReplaceActionNodeInputs;
  NevercSetActionNodeOutputTypeFn SetActionNodeOutputType;
  NevercSetActionNodeBindArchFn SetActionNodeBindArch;
  NevercSetActionRootsFn SetActionRoots;
  NevercPublishActionGraphFn PublishActionGraph;
  NevercCommitActionGraphMutationFn CommitActionGraphMutation;
  NevercAbortActionGraphEditFn AbortActionGraphEdit;
  NevercGetJobCountFn GetJobCount;
  NevercGetJobFn GetJob;
  NevercGetJobDependencyFn GetJobDependency;
  NevercGetJobStringFn GetJobArgument;
  NevercGetJobStringFn GetJobEnvironment;
  NevercGetJobFileFn GetJobInput;
  NevercGetJobFileFn GetJobOutput;
  NevercCreateJobGraphBuilderFn CreateJobGraphBuilder;
  NevercBeginJobGraphMutationFn BeginJobGraphMutation;
  NevercAddJobFn AddJob;
  NevercRemoveJobFn RemoveJob;
  NevercMoveJobBeforeFn MoveJobBefore;
  NevercReplaceJobFn ReplaceJob;
  NevercSetJobStringFn SetJobArgument;
  NevercSetJobStringFn SetJobEnvironment;
  NevercSetJobFileFn SetJobInput;
  NevercSetJobFileFn SetJobOutput;
  NevercReplaceJobDependenciesFn ReplaceJobDependencies;
  NevercPublishJobGraphFn PublishJobGraph;
  NevercCommitJobGraphMutationFn CommitJobGraphMutation;
  NevercAbortJobGraphEditFn AbortJobGraphEdit;
  NevercGetJobExecutionRequestFn GetJobExecutionRequest;
  NevercCreateJobResultFn CreateJobResult;
  NevercGetJobResultFn GetJobResult;
} NevercDriverAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINDRIVER_H */
