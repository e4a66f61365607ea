/*
 * neverc plugin SDK -- source / IO domain (pure C11).
 *
 * Two capability tables, negotiated independently through QueryInterface:
 *
 *  - NevercIOAPI (NEVERC_INTERFACE_IO_*): VFS providers, stat/read/
 *    directory walks through the task's VFS stack, host-owned buffers,
 *    transactional output sinks with seals, and dependency records.
 *  - NevercSourceLocationAPI (NEVERC_INTERFACE_SOURCE_LOCATION_*): decoding
 *    of source locations and ranges, file facts, and the phase-side view of
 *    source inputs and source units (the neverc.source.* phases).
 *
 * Slots are added only together with their implementation and tests; a
 * published table never carries a null placeholder, so every slot of a table
 * whose StructSize covers it is callable. Every slot returns NevercStatus
 * and takes the table's own Context first.
 *
 * Ownership and lifetime:
 *  - Buffers returned by ReadFile, CopyBuffer, Canonicalize and
 *    GetWorkingDirectory are host-owned and released exactly once with
 *    ReleaseBuffer. OpenFileForRead pairs with CloseFile, OpenDirectory with
 *    CloseDirectory, and every output sink ends with exactly one
 *    OutputFinish or OutputAbort. Using an ended handle gives
 *    NEVERC_STATUS_STALE_HANDLE.
 *  - Views inside NevercFileInfo, NevercVFSStatus, NevercBufferView and
 *    location results are valid only during the current callback.
 *  - Content a VFS provider returns from OpenRead is borrowed; the host
 *    copies it before the callback returns.
 *  - SizeBudget == 0 means unlimited; a write past a non-zero budget fails
 *    with NEVERC_STATUS_RESOURCE_EXHAUSTED and writes nothing past it.
 *  - I/O failures carry a NEVERC_IO_ERROR_* value in NevercStatus.Detail.
 *  - NevercOutputFlags and NevercStatusFlags carry the same information but
 *    bits 1 and 2 differ in meaning: translate by name, never by value.
 *
 * VFS provider model: a provider claims RoutePrefix and MatchesPath refines
 * the claim; each callback answers NEVERC_VFS_RESULT_HANDLED with data or
 * NEVERC_VFS_RESULT_NOT_HANDLED to fall through to the next provider and
 * finally the real file system. Provider callbacks run on the task thread and
 * must not call back into the compiler (a reentrant host call is refused
 * with NEVERC_STATUS_REENTRANCY_DENIED).
 *
 * Decisions of this SDK where the upstream sources are silent:
 *  - The result structs the host hands to provider callbacks
 *    (NevercVFSStatusResult, NevercVFSOpenReadResult,
 *    NevercVFSDirectoryResult, NevercVFSCanonicalPathResult) arrive
 *    zero-filled with Header already set (StructSize = sizeof, IO API
 *    major/minor). A provider may write only Disposition and the payload;
 *    the host never rejects a result whose Header/Reserved were left
 *    untouched. On NOT_HANDLED the payload is ignored.
 *  - An empty RoutePrefix (Length == 0) claims every path; the host then
 *    asks MatchesPath on every lookup.
 *  - ModificationTime values are seconds since the Unix epoch.
 *  - NevercOutputSummary.State moves only OPEN -> FINISHED -> COMMITTED,
 *    OPEN -> ABORTED, or to FAILED_PARTIAL on a failed publication;
 *    PublicationGeneration increases on each publication.
 *  - neverc.source.resolve_input is interceptable, but no slot edits a
 *    source-input artifact: an interceptor inspects and forwards
 *    (InvokeNext + NEVERC_PHASE_CONTINUE). Returning NEVERC_PHASE_REPLACE
 *    there gives NEVERC_STATUS_POLICY_VIOLATION.
 *  - IO and SOURCE_LOCATION declare no interface stability upstream; the
 *    neverc host registers both as NEVERC_INTERFACE_STABLE (append-only
 *    within ABI major 1).
 *  - Handle scope errors: a handle whose task or session has ended gives
 *    NEVERC_STATUS_STALE_HANDLE; a live handle from another task gives
 *    NEVERC_STATUS_WRONG_SCOPE; from another session
 *    NEVERC_STATUS_WRONG_SESSION.
 *  - Any attempt to mutate from an observer gives
 *    NEVERC_STATUS_POLICY_VIOLATION.
 *  - Where stock Clang/LLVM 22 cannot provide a capability, the slot
 *    returns NEVERC_STATUS_CAPABILITY_UNAVAILABLE and emits a diagnostic
 *    naming the limitation; never a silent success.
 */
#ifndef NEVERC_PLUGIN_PLUGINSOURCE_H
#define NEVERC_PLUGIN_PLUGINSOURCE_H

#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginPhaseSchema.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "NCPIO", 0, 0, 0x01 / 1. */
#define NEVERC_INTERFACE_IO_HIGH UINT64_C(0x4e4350494f000001)
#define NEVERC_INTERFACE_IO_LOW UINT64_C(0x0000000000000001)
#define NEVERC_IO_API_MAJOR UINT16_C(1)
#define NEVERC_IO_API_MINOR UINT16_C(0)

/* "NCPSRC", 0, 0x01 / 1. */
#define NEVERC_INTERFACE_SOURCE_LOCATION_HIGH UINT64_C(0x4e43505352430001)
#define NEVERC_INTERFACE_SOURCE_LOCATION_LOW UINT64_C(0x0000000000000001)
#define NEVERC_SOURCE_LOCATION_API_MAJOR UINT16_C(1)
#define NEVERC_SOURCE_LOCATION_API_MINOR UINT16_C(0)
#define NEVERC_SOURCE_API_MAJOR NEVERC_SOURCE_LOCATION_API_MAJOR
#define NEVERC_SOURCE_API_MINOR NEVERC_SOURCE_LOCATION_API_MINOR

/* Artifact IDs of the source domain. */
#define NEVERC_ARTIFACT_SOURCE_INPUT_HIGH NEVERC_PHASE_SOURCE_RESOLVE_INPUT_INPUT_HIGH
#define NEVERC_ARTIFACT_SOURCE_INPUT_LOW NEVERC_PHASE_SOURCE_RESOLVE_INPUT_INPUT_LOW
#define NEVERC_ARTIFACT_SOURCE_UNIT_HIGH NEVERC_PHASE_SOURCE_OPEN_OUTPUT_HIGH
#define NEVERC_ARTIFACT_SOURCE_UNIT_LOW NEVERC_PHASE_SOURCE_OPEN_OUTPUT_LOW
/* No built-in phase consumes or produces the output-sink artifact. */
#define NEVERC_ARTIFACT_SOURCE_OUTPUT_SINK_HIGH UINT64_C(0x4e43415246524e01)
#define NEVERC_ARTIFACT_SOURCE_OUTPUT_SINK_LOW UINT64_C(0x0000000000001003)

typedef uint32_t NevercSourceInputKind;
#define NEVERC_SOURCE_INPUT_FILE UINT32_C(1)
#define NEVERC_SOURCE_INPUT_BUFFER UINT32_C(2)

typedef uint32_t NevercSourceLocationKind;
#define NEVERC_SOURCE_LOCATION_FILE UINT32_C(1)
#define NEVERC_SOURCE_LOCATION_MACRO UINT32_C(2)

typedef uint32_t NevercSourceRangeKind;
#define NEVERC_SOURCE_RANGE_CHARACTER UINT32_C(1)
#define NEVERC_SOURCE_RANGE_TOKEN UINT32_C(2)

typedef uint32_t NevercFileCharacteristic;
#define NEVERC_FILE_CHARACTERISTIC_USER UINT32_C(0)
#define NEVERC_FILE_CHARACTERISTIC_SYSTEM UINT32_C(1)
#define NEVERC_FILE_CHARACTERISTIC_EXTERN_C_SYSTEM UINT32_C(2)

typedef uint32_t NevercVFSFileType;
#define NEVERC_VFS_FILE_UNKNOWN UINT32_C(0)
#define NEVERC_VFS_FILE_REGULAR UINT32_C(1)
#define NEVERC_VFS_FILE_DIRECTORY UINT32_C(2)
#define NEVERC_VFS_FILE_SYMLINK UINT32_C(3)
#define NEVERC_VFS_FILE_OTHER UINT32_C(4)

typedef uint32_t NevercVFSResultDisposition;
#define NEVERC_VFS_RESULT_HANDLED UINT32_C(1)
#define NEVERC_VFS_RESULT_NOT_HANDLED UINT32_C(2)

/* Carried in NevercStatus.Detail of a failed I/O call. */
typedef uint64_t NevercIOErrorCode;
#define NEVERC_IO_ERROR_NONE UINT64_C(0)
#define NEVERC_IO_ERROR_NOT_FOUND UINT64_C(1)
#define NEVERC_IO_ERROR_PERMISSION_DENIED UINT64_C(2)
#define NEVERC_IO_ERROR_NOT_DIRECTORY UINT64_C(3)
#define NEVERC_IO_ERROR_IS_DIRECTORY UINT64_C(4)
#define NEVERC_IO_ERROR_INVALID_PATH UINT64_C(5)
#define NEVERC_IO_ERROR_IO UINT64_C(6)

/* Output sink kinds. */
typedef uint32_t NevercOutputKind;
#define NEVERC_OUTPUT_MEMORY UINT32_C(1)
#define NEVERC_OUTPUT_FILE UINT32_C(2)
#define NEVERC_OUTPUT_STREAM UINT32_C(3)

typedef uint32_t NevercOutputState;
#define NEVERC_OUTPUT_OPEN UINT32_C(1)
#define NEVERC_OUTPUT_FINISHED UINT32_C(2)
#define NEVERC_OUTPUT_COMMITTED UINT32_C(3)
#define NEVERC_OUTPUT_ABORTED UINT32_C(4)
#define NEVERC_OUTPUT_FAILED_PARTIAL UINT32_C(5)

typedef uint32_t NevercOutputStream;
#define NEVERC_OUTPUT_STREAM_STDOUT UINT32_C(1)
#define NEVERC_OUTPUT_STREAM_STDERR UINT32_C(2)

/* DURABLE is set only after the host flushed to stable storage; otherwise
 * DURABILITY_UNCONFIRMED. A failure mid-write is reported with
 * MAY_BE_PARTIAL / RECOVERY_REQUIRED rather than as a clean failure. */
typedef uint64_t NevercOutputFlags;
#define NEVERC_OUTPUT_FLAG_NONE UINT64_C(0)
#define NEVERC_OUTPUT_FLAG_PUBLISHED UINT64_C(1)
#define NEVERC_OUTPUT_FLAG_DURABLE UINT64_C(2)
#define NEVERC_OUTPUT_FLAG_MAY_BE_PARTIAL UINT64_C(4)
#define NEVERC_OUTPUT_FLAG_RECOVERY_REQUIRED UINT64_C(8)
#define NEVERC_OUTPUT_FLAG_DURABILITY_UNCONFIRMED UINT64_C(16)

/* Dependency kinds of NevercDependencyDescriptor. */
typedef uint32_t NevercInputDependencyKind;
#define NEVERC_INPUT_DEPENDENCY_SOURCE UINT32_C(1)
#define NEVERC_INPUT_DEPENDENCY_INCLUDE UINT32_C(2)
#define NEVERC_INPUT_DEPENDENCY_MODULE UINT32_C(3)
#define NEVERC_INPUT_DEPENDENCY_RESOURCE UINT32_C(4)
#define NEVERC_INPUT_DEPENDENCY_TOOL UINT32_C(5)
#define NEVERC_INPUT_DEPENDENCY_PLUGIN UINT32_C(6)

typedef NevercHandle NevercFileHandle;
typedef NevercHandle NevercBufferHandle;
typedef NevercHandle NevercDirectoryCursorHandle;
typedef NevercHandle NevercOutputSinkHandle;
typedef NevercHandle NevercOutputSealHandle;
typedef NevercHandle NevercDependencyHandle;
typedef NevercSourceLocationHandle NevercSourceLocation;
typedef NevercSourceRangeHandle NevercSourceRange;

NEVERC_ABI_PACK_BEGIN

/* Strided array of seal handles: element i is at
 * (const char *)Data + i * ElementStride. */
typedef struct NevercOutputSealList {
  const NevercOutputSealHandle *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercOutputSealList;

/* Decoded location: byte offset and 1-based line/column. */
typedef struct NevercSourceLocationInfo {
  NevercABITableHeader Header;
  NevercSourceLocationKind Kind;
  uint32_t Reserved;
  uint64_t FileOffset;
  uint32_t Line;
  uint32_t Column;
} NevercSourceLocationInfo;

typedef struct NevercSourceRangeInfo {
  NevercABITableHeader Header;
  NevercSourceLocation Begin;
  NevercSourceLocation End;
  NevercSourceRangeKind Kind;
  uint32_t Reserved;
} NevercSourceRangeInfo;

/* Borrowed bytes; NullTerminated says a NUL follows Data[Length - 1]. */
typedef struct NevercBufferView {
  NevercABITableHeader Header;
  const uint8_t *Data;
  uint64_t Length;
  NevercBool NullTerminated;
  uint32_t Reserved;
} NevercBufferView;

/* #line-adjusted position plus the location of the including directive. */
typedef struct NevercPresumedLocation {
  NevercABITableHeader Header;
  NevercStringView Filename;
  uint32_t Line;
  uint32_t Column;
  NevercSourceLocation IncludeLocation;
} NevercPresumedLocation;

typedef struct NevercFileUniqueID {
  uint64_t Device;
  uint64_t File;
} NevercFileUniqueID;

typedef struct NevercFileInfo {
  NevercABITableHeader Header;
  NevercStringView Path;
  NevercStringView CanonicalPath;
  uint64_t Size;
  int64_t ModificationTime;
  NevercFileUniqueID UniqueID;
  NevercFileCharacteristic Characteristic;
  NevercBool NamedPipe;
} NevercFileInfo;

/* Phase view of a source-input artifact (neverc.source.resolve_input).
 * The ABI publishes no value set for Language yet. */
typedef struct NevercSourceInputInfo {
  NevercABITableHeader Header;
  NevercStringView Path;
  NevercSourceInputKind Kind;
  uint32_t Language;
  NevercBool System;
  NevercBool Preprocessed;
} NevercSourceInputInfo;

/* What a neverc.source.open provider hands to CreateMemorySourceUnit.
 * CanonicalIdentity is the cache key and must change whenever Content
 * changes. */
typedef struct NevercMemorySourceUnitDescriptor {
  NevercABITableHeader Header;
  NevercStringView LogicalPath;
  NevercStringView CanonicalIdentity;
  NevercByteView Content;
  NevercStringView ProviderID;
  NevercBool System;
  NevercBool Deterministic;
  NevercBool Cacheable;
  uint32_t Reserved;
} NevercMemorySourceUnitDescriptor;

typedef struct NevercSourceUnitInfo {
  NevercABITableHeader Header;
  NevercStringView LogicalPath;
  NevercStringView CanonicalIdentity;
  NevercStringView ProviderID;
  uint64_t Size;
  NevercBool MemoryBacked;
  NevercBool System;
  NevercBool Deterministic;
  NevercBool Cacheable;
} NevercSourceUnitInfo;

typedef struct NevercVFSStatus {
  NevercABITableHeader Header;
  NevercVFSFileType Type;
  uint32_t Permissions;
  uint64_t Size;
  int64_t ModificationTime;
  NevercFileUniqueID UniqueID;
  NevercBool Local;
  uint32_t Reserved;
} NevercVFSStatus;

typedef struct NevercVFSDirectoryEntry {
  NevercABITableHeader Header;
  NevercStringView Path;
  NevercVFSFileType Type;
  uint32_t Reserved;
} NevercVFSDirectoryEntry;

typedef struct NevercVFSStatusResult {
  NevercABITableHeader Header;
  NevercVFSResultDisposition Disposition;
  uint32_t Reserved;
  NevercVFSStatus Status;
} NevercVFSStatusResult;

/* Status plus the whole content of the file. */
typedef struct NevercVFSOpenReadResult {
  NevercABITableHeader Header;
  NevercVFSResultDisposition Disposition;
  uint32_t Reserved;
  NevercVFSStatus Status;
  NevercBufferView Content;
} NevercVFSOpenReadResult;

/* The whole directory listing at once. */
typedef struct NevercVFSDirectoryResult {
  NevercABITableHeader Header;
  NevercVFSResultDisposition Disposition;
  uint32_t Reserved;
  const NevercVFSDirectoryEntry *Entries;
  uint64_t EntryCount;
} NevercVFSDirectoryResult;

typedef struct NevercVFSCanonicalPathResult {
  NevercABITableHeader Header;
  NevercVFSResultDisposition Disposition;
  uint32_t Reserved;
  NevercStringView Path;
} NevercVFSCanonicalPathResult;

/* Result of OutputFinish: Size equals the bytes written, Digest is the
 * 32-byte content digest. */
typedef struct NevercOutputSeal {
  NevercABITableHeader Header;
  NevercOutputSealHandle Handle;
  NevercOutputKind Kind;
  uint32_t Reserved;
  uint64_t Size;
  uint8_t Digest[32];
} NevercOutputSeal;

typedef struct NevercOutputSummary {
  NevercABITableHeader Header;
  NevercOutputState State;
  NevercOutputKind Kind;
  NevercOutputFlags Flags;
  uint64_t Size;
  uint64_t PublicationGeneration;
  uint8_t Digest[32];
} NevercOutputSummary;

/* An input the build system must track; it appears in the dependency
 * output of the build. */
typedef struct NevercDependencyDescriptor {
  NevercABITableHeader Header;
  NevercStringView CanonicalPath;
  NevercByteView ContentDigest;
  NevercInputDependencyKind Kind;
  NevercBool System;
  NevercStringView ProviderID;
  uint64_t Reserved;
} NevercDependencyDescriptor;

/* VFS provider callbacks: no Context, run on the task thread. */
typedef NevercStatus(NEVERC_CALL *NevercVFSPathPredicateFn)(
    NevercTaskHandle Task, NevercStringView Path, void *UserData,
    NevercBool *OutMatches);
typedef NevercStatus(NEVERC_CALL *NevercVFSProviderStatusFn)(
    NevercTaskHandle Task, NevercStringView Path, void *UserData,
    NevercVFSStatusResult *OutResult);
typedef NevercStatus(NEVERC_CALL *NevercVFSProviderOpenReadFn)(
    NevercTaskHandle Task, NevercStringView Path, void *UserData,
    NevercVFSOpenReadResult *OutResult);
typedef NevercStatus(NEVERC_CALL *NevercVFSProviderReadDirectoryFn)(
    NevercTaskHandle Task, NevercStringView Path, void *UserData,
    NevercVFSDirectoryResult *OutResult);
typedef NevercStatus(NEVERC_CALL *NevercVFSProviderCanonicalizeFn)(
    NevercTaskHandle Task, NevercStringView Path, void *UserData,
    NevercVFSCanonicalPathResult *OutResult);

/* Registration record of RegisterVFSProvider (called during Register).
 * UserData is released with DestroyUserData when the registration ends. */
typedef struct NevercVFSProviderDescriptor {
  NevercABITableHeader Header;
  NevercStringView ProviderID;
  NevercStringView RoutePrefix;
  NevercBool Deterministic;
  NevercBool Cacheable;
  uint64_t Reserved;
  NevercVFSPathPredicateFn MatchesPath;
  NevercVFSProviderStatusFn Status;
  NevercVFSProviderOpenReadFn OpenRead;
  NevercVFSProviderReadDirectoryFn ReadDirectory;
  NevercVFSProviderCanonicalizeFn Canonicalize;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercVFSProviderDescriptor;

/* NevercIOAPI slots. Registrar is the RegistrarContext passed to Register. */
typedef NevercStatus(NEVERC_CALL *NevercRegisterVFSProviderFn)(
    void *Context, void *Registrar,
    const NevercVFSProviderDescriptor *Descriptor);
typedef NevercStatus(NEVERC_CALL *NevercIOStatFn)(void *Context,
                                                  NevercTaskHandle Task,
                                                  NevercStringView Path,
                                                  NevercVFSStatus *OutStatus);
typedef NevercStatus(NEVERC_CALL *NevercIOOpenFileForReadFn)(
    void *Context, NevercTaskHandle Task, NevercStringView Path,
    NevercFileHandle *OutFile);
typedef NevercStatus(NEVERC_CALL *NevercIOReadFileFn)(
    void *Context, NevercTaskHandle Task, NevercFileHandle File,
    uint64_t Offset, uint64_t Length, NevercBufferHandle *OutBuffer);
typedef NevercStatus(NEVERC_CALL *NevercIOCloseFileFn)(void *Context,
                                                       NevercTaskHandle Task,
                                                       NevercFileHandle File);
typedef NevercStatus(NEVERC_CALL *NevercIOCopyBufferFn)(
    void *Context, NevercTaskHandle Task, NevercByteView Bytes,
    NevercBool NullTerminated, NevercBufferHandle *OutBuffer);
typedef NevercStatus(NEVERC_CALL *NevercIOGetBufferViewFn)(
    void *Context, NevercTaskHandle Task, NevercBufferHandle Buffer,
    NevercBufferView *OutView);
typedef NevercStatus(NEVERC_CALL *NevercIOReleaseBufferFn)(
    void *Context, NevercTaskHandle Task, NevercBufferHandle Buffer);
typedef NevercStatus(NEVERC_CALL *NevercIOPathToBufferFn)(
    void *Context, NevercTaskHandle Task, NevercStringView Path,
    NevercBufferHandle *OutBuffer);
typedef NevercStatus(NEVERC_CALL *NevercIOGetWorkingDirectoryFn)(
    void *Context, NevercTaskHandle Task, NevercBufferHandle *OutBuffer);
typedef NevercStatus(NEVERC_CALL *NevercIOSetWorkingDirectoryFn)(
    void *Context, NevercTaskHandle Task, NevercStringView Path);
typedef NevercStatus(NEVERC_CALL *NevercIOOpenDirectoryFn)(
    void *Context, NevercTaskHandle Task, NevercStringView Path,
    NevercDirectoryCursorHandle *OutCursor);
/* At the end of the walk: NEVERC_STATUS_OK with *OutHasEntry NEVERC_FALSE. */
typedef NevercStatus(NEVERC_CALL *NevercIOReadDirectoryFn)(
    void *Context, NevercTaskHandle Task, NevercDirectoryCursorHandle Cursor,
    NevercVFSDirectoryEntry *OutEntry, NevercBool *OutHasEntry);
typedef NevercStatus(NEVERC_CALL *NevercIOCloseDirectoryFn)(
    void *Context, NevercTaskHandle Task, NevercDirectoryCursorHandle Cursor);
/* Session-scoped in-memory file, visible to every task of the session. */
typedef NevercStatus(NEVERC_CALL *NevercIOAddMemoryFileFn)(
    void *Context, NevercSessionHandle Session, NevercStringView Path,
    NevercByteView Content, int64_t ModificationTime);
typedef NevercStatus(NEVERC_CALL *NevercIOBeginMemoryOutputFn)(
    void *Context, NevercTaskHandle Task, NevercStringView LogicalName,
    uint64_t SizeBudget, NevercOutputSinkHandle *OutSink);
/* Publishes atomically at FinalPath: no reader sees partial content. */
typedef NevercStatus(NEVERC_CALL *NevercIOBeginFileOutputFn)(
    void *Context, NevercTaskHandle Task, NevercStringView FinalPath,
    uint64_t SizeBudget, NevercOutputSinkHandle *OutSink);
typedef NevercStatus(NEVERC_CALL *NevercIOBeginStreamOutputFn)(
    void *Context, NevercTaskHandle Task, NevercOutputStream Stream,
    uint64_t SizeBudget, NevercOutputSinkHandle *OutSink);
typedef NevercStatus(NEVERC_CALL *NevercIOOutputWriteFn)(
    void *Context, NevercTaskHandle Task, NevercOutputSinkHandle Sink,
    NevercByteView Bytes);
typedef NevercStatus(NEVERC_CALL *NevercIOOutputWriteAtFn)(
    void *Context, NevercTaskHandle Task, NevercOutputSinkHandle Sink,
    uint64_t Offset, NevercByteView Bytes);
typedef NevercStatus(NEVERC_CALL *NevercIOOutputTellFn)(
    void *Context, NevercTaskHandle Task, NevercOutputSinkHandle Sink,
    uint64_t *OutPosition);
typedef NevercStatus(NEVERC_CALL *NevercIOOutputTruncateFn)(
    void *Context, NevercTaskHandle Task, NevercOutputSinkHandle Sink,
    uint64_t Size);
typedef NevercStatus(NEVERC_CALL *NevercIOOutputMetadataSetFn)(
    void *Context, NevercTaskHandle Task, NevercOutputSinkHandle Sink,
    NevercStringView Key, NevercStringView Value);
typedef NevercStatus(NEVERC_CALL *NevercIOOutputFinishFn)(
    void *Context, NevercTaskHandle Task, NevercOutputSinkHandle Sink,
    NevercOutputSeal *OutSeal);
typedef NevercStatus(NEVERC_CALL *NevercIOOutputAbortFn)(
    void *Context, NevercTaskHandle Task, NevercOutputSinkHandle Sink);
typedef NevercStatus(NEVERC_CALL *NevercIOOutputGetSummaryFn)(
    void *Context, NevercTaskHandle Task, NevercOutputSinkHandle Sink,
    NevercOutputSummary *OutSummary);
typedef NevercStatus(NEVERC_CALL *NevercIORecordDependencyFn)(
    void *Context, NevercTaskHandle Task,
    const NevercDependencyDescriptor *Descriptor,
    NevercDependencyHandle *OutDependency);

/* 27 slots; 240 bytes. */
typedef struct NevercIOAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercRegisterVFSProviderFn RegisterVFSProvider;
  NevercIOStatFn Stat;
  NevercIOOpenFileForReadFn OpenFileForRead;
  NevercIOReadFileFn ReadFile;
  NevercIOCloseFileFn CloseFile;
  NevercIOCopyBufferFn CopyBuffer;
  NevercIOGetBufferViewFn GetBufferView;
  NevercIOReleaseBufferFn ReleaseBuffer;
  NevercIOPathToBufferFn Canonicalize;
  NevercIOGetWorkingDirectoryFn GetWorkingDirectory;
  NevercIOSetWorkingDirectoryFn SetWorkingDirectory;
  NevercIOOpenDirectoryFn OpenDirectory;
  NevercIOReadDirectoryFn ReadDirectory;
  NevercIOCloseDirectoryFn CloseDirectory;
  NevercIOAddMemoryFileFn AddMemoryFile;
  NevercIOBeginMemoryOutputFn BeginMemoryOutput;
  NevercIOBeginFileOutputFn BeginFileOutput;
  NevercIOBeginStreamOutputFn BeginStreamOutput;
  NevercIOOutputWriteFn OutputWrite;
  NevercIOOutputWriteAtFn OutputWriteAt;
  NevercIOOutputTellFn OutputTell;
  NevercIOOutputTruncateFn OutputTruncate;
  NevercIOOutputMetadataSetFn OutputMetadataSet;
  NevercIOOutputFinishFn OutputFinish;
  NevercIOOutputAbortFn OutputAbort;
  NevercIOOutputGetSummaryFn OutputGetSummary;
  NevercIORecordDependencyFn RecordDependency;
} NevercIOAPI;

/* NevercSourceLocationAPI slots. Any range operation whose ends lie in
 * different files is rejected. */
typedef NevercStatus(NEVERC_CALL *NevercGetSourceLocationInfoFn)(
    void *Context, NevercTaskHandle Task, NevercSourceLocation Location,
    NevercSourceLocationInfo *OutInfo);
/* Shared by GetSpellingLocation, GetExpansionLocation, GetFileLocation,
 * GetIncludeLocation and GetTokenEnd. */
typedef NevercStatus(NEVERC_CALL *NevercTransformSourceLocationFn)(
    void *Context, NevercTaskHandle Task, NevercSourceLocation Location,
    NevercSourceLocation *OutLocation);
typedef NevercStatus(NEVERC_CALL *NevercGetSourceRangeInfoFn)(
    void *Context, NevercTaskHandle Task, NevercSourceRange Range,
    NevercSourceRangeInfo *OutInfo);
typedef NevercStatus(NEVERC_CALL *NevercGetSourceTextFn)(
    void *Context, NevercTaskHandle Task, NevercSourceRange Range,
    NevercBufferView *OutText);
typedef NevercStatus(NEVERC_CALL *NevercGetPresumedLocationFn)(
    void *Context, NevercTaskHandle Task, NevercSourceLocation Location,
    NevercPresumedLocation *OutLocation);
typedef NevercStatus(NEVERC_CALL *NevercGetLocationFileFn)(
    void *Context, NevercTaskHandle Task, NevercSourceLocation Location,
    NevercFileHandle *OutFile);
typedef NevercStatus(NEVERC_CALL *NevercGetFileInfoFn)(
    void *Context, NevercTaskHandle Task, NevercFileHandle File,
    NevercFileInfo *OutInfo);
typedef NevercStatus(NEVERC_CALL *NevercGetCharacterDataFn)(
    void *Context, NevercTaskHandle Task, NevercSourceLocation Location,
    NevercBufferView *OutData);
/* Writes at most OutInfoCapacity records; a capacity below LocationCount is
 * an error. */
typedef NevercStatus(NEVERC_CALL *NevercGetSourceLocationInfoBatchFn)(
    void *Context, NevercTaskHandle Task, const NevercSourceLocation *Locations,
    uint64_t LocationCount, NevercSourceLocationInfo *OutInfos,
    uint64_t OutInfoCapacity);
typedef NevercStatus(NEVERC_CALL *NevercGetSourceInputFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSourceInputInfo *OutInfo);
typedef NevercStatus(NEVERC_CALL *NevercCreateMemorySourceUnitFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    const NevercMemorySourceUnitDescriptor *Descriptor,
    NevercArtifactHandle *OutUnit);
typedef NevercStatus(NEVERC_CALL *NevercGetSourceUnitFn)(
    void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Unit,
    NevercSourceUnitInfo *OutInfo);

/* 16 slots; 152 bytes. */
typedef struct NevercSourceLocationAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercGetSourceLocationInfoFn GetLocationInfo;
  NevercTransformSourceLocationFn GetSpellingLocation;
  NevercTransformSourceLocationFn GetExpansionLocation;
  NevercTransformSourceLocationFn GetFileLocation;
  NevercGetSourceRangeInfoFn GetRangeInfo;
  NevercGetSourceTextFn GetSourceText;
  NevercGetPresumedLocationFn GetPresumedLocation;
  NevercGetLocationFileFn GetLocationFile;
  NevercTransformSourceLocationFn GetIncludeLocation;
  NevercGetFileInfoFn GetFileInfo;
  NevercGetCharacterDataFn GetCharacterData;
  NevercTransformSourceLocationFn GetTokenEnd;
  NevercGetSourceLocationInfoBatchFn GetLocationInfoBatch;
  NevercGetSourceInputFn GetSourceInput;
  NevercCreateMemorySourceUnitFn CreateMemorySourceUnit;
  NevercGetSourceUnitFn GetSourceUnit;
} NevercSourceLocationAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINSOURCE_H */
