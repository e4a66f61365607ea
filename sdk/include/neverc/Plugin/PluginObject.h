/*
 * neverc plugin SDK -- object files: ObjectGraph, object formats and the
 * object phases (pure C11).
 *
 * Three capability tables, each negotiated on its own, plus one table the
 * host hands out inside requests:
 *  - NevercObjectAPI (NEVERC_INTERFACE_OBJECT_*) reads a normalized
 *    relocatable object, the ObjectGraph (sections, symbols, relocations,
 *    COMDATs and the layout proof), and edits it inside transactions (every
 *    slot taking a NevercObjectMutationHandle stages).
 *  - NevercObjectFormatAPI (NEVERC_INTERFACE_OBJECT_FORMAT_*) registers an
 *    object format: its probe, reader and writer callbacks. ELF, COFF and
 *    Mach-O are built in.
 *  - NevercObjectPhaseAPI (NEVERC_INTERFACE_OBJECT_PHASE_*) serves the
 *    neverc.object.* phase callbacks: the graph (pre_write, post_layout)
 *    or the image (write, post_write, final_verify, commit) behind a
 *    phase artifact.
 *  - NevercMutableBinaryAPI is not negotiated: a write request and an image
 *    carry it, together with the builder of the candidate image it fills.
 * Check the StructSize the host returns against the end of the last slot
 * you call; a newer host only appends.
 *
 * Lifetimes and rules:
 *  - Every object handle and borrowed view is task-scoped: after its task
 *    it gives NEVERC_STATUS_STALE_HANDLE, from another task
 *    NEVERC_STATUS_WRONG_SCOPE, from another session
 *    NEVERC_STATUS_WRONG_SESSION. Walks (GetFirst* / GetNext*) end at a
 *    null handle; relocations are walked graph-wide (each names its
 *    Section).
 *  - A mutation is BeginMutation, staged slots, then exactly one
 *    CommitMutation (atomic) or AbandonMutation. A handle created inside an
 *    abandoned mutation gives NEVERC_STATUS_STALE_HANDLE afterwards. A
 *    mutation attempted through an observer's read-only bridge gives
 *    NEVERC_STATUS_POLICY_VIOLATION.
 *  - Every committed mutation increments the graph's Generation. A layout
 *    proof covers one generation: a mutation committed after layout clears
 *    HasLayoutProof, a write presenting the older proof is refused and the
 *    host lays the graph out again (neverc.object.post_layout runs again).
 *  - Two tiers. STABLE: the graph containers, the request and callback
 *    contracts, and the generic schema IDs of Schema/PluginObjectSchema.inc
 *    (section kinds, symbol bindings, visibilities, types and definitions,
 *    relocation kinds and COMDAT selections hold those IDs, never native
 *    numbers). LOCKSTEP: raw native numbers such as an ELF relocation type
 *    (a relocation's TargetExtensionKind under RELOCATION_TARGET_EXTENSION,
 *    the native type inside an NCRL record); they mean something only
 *    under the schema NevercObjectGraphInfo.ObjectSchemaDigest and the
 *    target's schema digest name.
 *  - Format extensions: every descriptor carries ExtensionOwner (the format
 *    ID that owns the bytes), ExtensionVersion and Extension, for native
 *    facts the normalized graph cannot express. They ride along unchanged
 *    and the owning format reads them back on write. A null ExtensionOwner
 *    means no extension; ExtensionVersion is then 0 and Extension empty.
 *  - A symbol's Name may be empty: a native anonymous symbol. An empty name
 *    never claims the strong-definition namespace, and a writer that cannot
 *    reproduce the anonymous entry exactly may refuse it (the built-in
 *    writers do when the graph is authoritative, before the output opens).
 *  - Probe results: Confidence runs 0..NEVERC_OBJECT_PROBE_MAX_CONFIDENCE
 *    and ConsumedMinimum (the bytes needed to be sure) up to
 *    NEVERC_OBJECT_PROBE_MAX_CONSUMED_MINIMUM; a result past either is
 *    refused. The highest confidence wins.
 *  - A reader receives an empty graph with an open mutation and fills it;
 *    the host commits. A writer receives the graph, its layout proof and
 *    the bounded builder; it writes only through the builder.
 *  - Images go CANDIDATE (object.write) -> VERIFIED (the sealed
 *    neverc.object.final_verify) -> COMMITTED (the sealed
 *    neverc.object.commit), or end ABORTED or FAILED_PARTIAL; no partial
 *    file ever appears. neverc.object.post_write sees the candidate and
 *    may only intercept (edit through the builder), never replace.
 *    neverc.object.final_verify and neverc.object.commit cannot be
 *    intercepted, replaced or skipped.
 *  - A continuation used twice gives NEVERC_STATUS_POLICY_VIOLATION, from
 *    another thread or after its callback returned
 *    NEVERC_STATUS_WRONG_SCOPE.
 *
 * Object-format 1.1 write policies (NevercObjectWriteRequest.Header.Flags,
 * NEVERC_OBJECT_WRITE_*):
 *  - A format states what it understands in its descriptor's Header.Minor.
 *    A minor-0 format keeps working for probe, read and ordinary writes;
 *    its writer always sees Request.Header.Minor == 0 and
 *    Header.Flags == 0. Advertise NEVERC_OBJECT_WRITE_REQUEST_FLAGS_API_MINOR
 *    only when the writer understands the flags; an ordinary write still
 *    carries 0.
 *  - CANONICAL_ELF_TABLES: emit a distinct canonical .strtab and .shstrtab
 *    and remap every section, symbol and relocation index that depends on
 *    them. It is not a relocatable link: section order, COMDAT groups,
 *    linker metadata, duplicate and alias symbols, relocation records and
 *    every payload other than those two name tables stay as they are, and
 *    other SHT_STRTAB sections are kept.
 *  - ANDROID_KERNEL_RELEASE (with CANONICAL_ELF_TABLES): the serialized ELF
 *    becomes authoritative: writer-synthesized mapping symbols are dropped
 *    and release names are replayed from the sections' serialized
 *    coordinates.
 *  - DROP_DEBUG_INFO (with CANONICAL_ELF_TABLES): debug sections, and the
 *    metadata that pointed at their indices, are removed.
 *  - The legal sets are 0, CANONICAL_ELF_TABLES, CANONICAL_ELF_TABLES |
 *    DROP_DEBUG_INFO, CANONICAL_ELF_TABLES | ANDROID_KERNEL_RELEASE and all
 *    three. The host refuses unknown bits, any other set and any bit for a
 *    minor-0 format with NEVERC_STATUS_ABI_MISMATCH before it opens the
 *    output. A 1.1 writer must refuse such flags too, never ignore them; a
 *    policy it does not implement gives
 *    NEVERC_STATUS_CAPABILITY_UNAVAILABLE. The host's validation and the
 *    sealed final_verify still audit the bytes written.
 *
 * Decisions recorded here (shared/spec/target-mc-object.md section 6, the
 * newest PluginObject.h revision, and the project decisions of
 * shared/spec/README.md):
 *  - NevercMutableBinaryAPI.Reserve sets the upper bound of the staged
 *    image (it is not a mere capacity hint). A Write, WriteAt, Insert,
 *    Append or Resize that would make the image end past the bound fails
 *    with NEVERC_STATUS_RESOURCE_EXHAUSTED (PluginCore.h has no
 *    out-of-range status; RESOURCE_EXHAUSTED is what a write past an output
 *    budget gives in PluginSource.h too) and aborts staging: the candidate
 *    is discarded (ABORTED) and none of it is published. Without a Reserve
 *    the host's default bound applies: 1 GiB,
 *    NEVERC_OBJECT_DEFAULT_IMAGE_BOUND. A later Reserve replaces the bound;
 *    one below the bytes already staged gives
 *    NEVERC_STATUS_INVALID_ARGUMENT and changes nothing.
 *  - The built-in format IDs NEVERC_OBJECT_FORMAT_{ELF,COFF,MACHO}_* are
 *    this project's ("NCOFELF", "NCOFCOF", "NCOFMAC" + 0x01, Low 1): the
 *    sources name no values. They are STABLE and are the ExtensionOwner of
 *    the built-in adapters' extension records.
 *  - The object artifacts (input bytes 0x7, probe result 0x8, graph 0x9,
 *    image 0xa under the MC artifact High) have no macro of their own, as
 *    in NeverC; the NEVERC_PHASE_OBJECT_*_INPUT_* / _OUTPUT_* macros of
 *    the phase schema name them.
 *  - NevercObjectLayoutProofInfo.FormatID and NevercObjectImageInfo.FormatID
 *    name the format that laid out / wrote the image.
 *  - Flags fields without defined bits and every Reserved field must be 0.
 *  - Where stock LLVM 22 cannot do what a slot or policy asks, the host
 *    returns NEVERC_STATUS_CAPABILITY_UNAVAILABLE with a diagnostic naming
 *    the limitation; never a silent success.
 *
 * Built-in ELF extension records. The sources name the tags and what they
 * hold but not their bytes; the layouts below are this project's. All are
 * little-endian and packed (no padding), and the descriptor's
 * ExtensionOwner is NEVERC_OBJECT_FORMAT_ELF_* with ExtensionVersion equal
 * to the record's version field.
 *  - NCSE v2, a section, NEVERC_OBJECT_ELF_NCSE_SIZE = 56 bytes:
 *      0 u32 magic "NCSE"         4 u32 version (2)
 *      8 u32 sh_index (the section's index in the input)
 *     12 u32 sh_type             16 u64 sh_flags
 *     24 u64 sh_addr             32 u64 sh_offset
 *     40 u64 sh_entsize          48 u32 sh_link     52 u32 sh_info
 *  - NCSY v2, a symbol, NEVERC_OBJECT_ELF_NCSY_SIZE = 32 bytes:
 *      0 u32 magic "NCSY"         4 u32 version (2)
 *      8 u8 st_info   9 u8 st_other (all of it)   10 u16 st_shndx
 *     12 u32 st_name (the input's string table offset)
 *     16 u64 st_size
 *     24 u32 NameState (NEVERC_OBJECT_ELF_NCSY_NAME_*: 0 the native name is
 *        empty, the symbol anonymous; 1 it has a name)
 *     28 u32 the symbol's index in the input symbol table
 *  - NCRL v1, a relocation, NEVERC_OBJECT_ELF_NCRL_HEADER_SIZE = 16 bytes
 *    and then the name, NEVERC_OBJECT_ELF_NCRL_SIZE(NameLength) in all:
 *      0 u32 magic "NCRL"         4 u32 version (1)
 *      8 u32 native relocation type (LOCKSTEP)
 *     12 u32 NameLength
 *     16 the official name of that type (R_X86_64_PC32, ...), NameLength
 *        bytes, no NUL
 *  The magic is the four tag bytes in file order; read as a little-endian
 *  u32 it is NEVERC_OBJECT_ELF_*_MAGIC. So an empty ELF symbol name stays
 *  empty (it is never renamed to a synthetic "$symbol.N"), a symbol really
 *  named "$symbol.N" stays an ordinary name, and passing an unchanged
 *  graph through keeps anonymous symbols exactly.
 */
#ifndef NEVERC_PLUGIN_PLUGINOBJECT_H
#define NEVERC_PLUGIN_PLUGINOBJECT_H

#include "neverc/Plugin/PluginMC.h"
#include "neverc/Plugin/PluginSource.h"
#include "neverc/Plugin/PluginTarget.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "NCPOBJ", 0, 0x01 / 1. */
#define NEVERC_INTERFACE_OBJECT_HIGH UINT64_C(0x4e43504f424a0001)
#define NEVERC_INTERFACE_OBJECT_LOW UINT64_C(0x0000000000000001)
#define NEVERC_OBJECT_API_MAJOR UINT16_C(1)
#define NEVERC_OBJECT_API_MINOR UINT16_C(0)
#define NEVERC_OBJECT_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* "NCPFMT", 0, 0x01 / 1. Minor 1 added the write-request flags. */
#define NEVERC_INTERFACE_OBJECT_FORMAT_HIGH UINT64_C(0x4e4350464d540001)
#define NEVERC_INTERFACE_OBJECT_FORMAT_LOW UINT64_C(0x0000000000000001)
#define NEVERC_OBJECT_FORMAT_API_MAJOR UINT16_C(1)
#define NEVERC_OBJECT_FORMAT_API_MINOR UINT16_C(1)
#define NEVERC_OBJECT_FORMAT_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* "NCPOBPH", 0x01 / 1. */
#define NEVERC_INTERFACE_OBJECT_PHASE_HIGH UINT64_C(0x4e43504f42504801)
#define NEVERC_INTERFACE_OBJECT_PHASE_LOW UINT64_C(0x0000000000000001)
#define NEVERC_OBJECT_PHASE_API_MAJOR UINT16_C(1)
#define NEVERC_OBJECT_PHASE_API_MINOR UINT16_C(0)
#define NEVERC_OBJECT_PHASE_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* The built-in formats (a project decision, see above). */
#define NEVERC_OBJECT_FORMAT_ELF_HIGH UINT64_C(0x4e434f46454c4601)
#define NEVERC_OBJECT_FORMAT_ELF_LOW UINT64_C(0x0000000000000001)
#define NEVERC_OBJECT_FORMAT_COFF_HIGH UINT64_C(0x4e434f46434f4601)
#define NEVERC_OBJECT_FORMAT_COFF_LOW UINT64_C(0x0000000000000001)
#define NEVERC_OBJECT_FORMAT_MACHO_HIGH UINT64_C(0x4e434f464d414301)
#define NEVERC_OBJECT_FORMAT_MACHO_LOW UINT64_C(0x0000000000000001)

/* The staged image's bound when no Reserve set one: 1 GiB. */
#define NEVERC_OBJECT_DEFAULT_IMAGE_BOUND (UINT64_C(1) << 30)

/* The built-in ELF extension records (layouts at the top of the file). */
#define NEVERC_OBJECT_ELF_NCSE_TAG "NCSE"
#define NEVERC_OBJECT_ELF_NCSE_MAGIC UINT32_C(0x4553434e)
#define NEVERC_OBJECT_ELF_NCSE_VERSION UINT32_C(2)
#define NEVERC_OBJECT_ELF_NCSE_SIZE UINT64_C(56)
#define NEVERC_OBJECT_ELF_NCSY_TAG "NCSY"
#define NEVERC_OBJECT_ELF_NCSY_MAGIC UINT32_C(0x5953434e)
#define NEVERC_OBJECT_ELF_NCSY_VERSION UINT32_C(2)
#define NEVERC_OBJECT_ELF_NCSY_SIZE UINT64_C(32)
#define NEVERC_OBJECT_ELF_NCSY_NAME_ANONYMOUS UINT32_C(0)
#define NEVERC_OBJECT_ELF_NCSY_NAME_NAMED UINT32_C(1)
#define NEVERC_OBJECT_ELF_NCRL_TAG "NCRL"
#define NEVERC_OBJECT_ELF_NCRL_MAGIC UINT32_C(0x4c52434e)
#define NEVERC_OBJECT_ELF_NCRL_VERSION UINT32_C(1)
#define NEVERC_OBJECT_ELF_NCRL_HEADER_SIZE UINT64_C(16)
#define NEVERC_OBJECT_ELF_NCRL_SIZE(NameLength)                                \
  (NEVERC_OBJECT_ELF_NCRL_HEADER_SIZE + (uint64_t)(NameLength))

typedef NevercInterfaceID NevercObjectFormatID;

typedef NevercHandle NevercObjectGraphHandle;
typedef NevercHandle NevercObjectSectionHandle;
typedef NevercHandle NevercObjectSymbolHandle;
typedef NevercHandle NevercObjectRelocationHandle;
typedef NevercHandle NevercObjectComdatHandle;
typedef NevercHandle NevercObjectExtensionHandle;
typedef NevercHandle NevercObjectBuilderHandle;
typedef NevercHandle NevercObjectMutationHandle;
typedef NevercHandle NevercObjectImageHandle;
typedef NevercHandle NevercObjectFormatHandle;
typedef NevercHandle NevercObjectProbeHandle;
typedef NevercHandle NevercObjectLayoutProofHandle;
/* The candidate image a NevercMutableBinaryAPI edits. */
typedef NevercHandle NevercMutableBinaryBuilderHandle;

/* Schema-defined sets: the values are in Schema/PluginObjectSchema.inc. */
typedef uint32_t NevercObjectSectionKind;
typedef uint32_t NevercObjectSymbolBinding;
typedef uint32_t NevercObjectSymbolVisibility;
typedef uint32_t NevercObjectSymbolType;
typedef uint32_t NevercObjectSymbolDefinition;
typedef uint32_t NevercObjectRelocationKind;
typedef uint32_t NevercObjectComdatSelection;

typedef uint64_t NevercObjectSectionFlags;
#define NEVERC_OBJECT_SECTION_ALLOCATED (UINT64_C(1) << 0)
#define NEVERC_OBJECT_SECTION_EXECUTABLE (UINT64_C(1) << 1)
#define NEVERC_OBJECT_SECTION_WRITABLE (UINT64_C(1) << 2)
#define NEVERC_OBJECT_SECTION_MERGEABLE (UINT64_C(1) << 3)
#define NEVERC_OBJECT_SECTION_STRINGS (UINT64_C(1) << 4)
#define NEVERC_OBJECT_SECTION_TLS (UINT64_C(1) << 5)
#define NEVERC_OBJECT_SECTION_DEBUG (UINT64_C(1) << 6)
#define NEVERC_OBJECT_SECTION_UNWIND (UINT64_C(1) << 7)
#define NEVERC_OBJECT_SECTION_DISCARDABLE (UINT64_C(1) << 8)
#define NEVERC_OBJECT_SECTION_RETAIN (UINT64_C(1) << 9)

typedef uint64_t NevercObjectSymbolFlags;
#define NEVERC_OBJECT_SYMBOL_IMPORTED (UINT64_C(1) << 0)
#define NEVERC_OBJECT_SYMBOL_EXPORTED (UINT64_C(1) << 1)

/* What a relocation's target is: TargetSymbol, TargetSection,
 * TargetValue, or format-owned (its Extension). */
typedef uint32_t NevercObjectRelocationTargetKind;
#define NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL UINT32_C(1)
#define NEVERC_OBJECT_RELOCATION_TARGET_SECTION UINT32_C(2)
#define NEVERC_OBJECT_RELOCATION_TARGET_ABSOLUTE UINT32_C(3)
#define NEVERC_OBJECT_RELOCATION_TARGET_FORMAT_EXTENSION UINT32_C(4)

/* What a probe recognized. */
typedef uint32_t NevercObjectArtifactKind;
#define NEVERC_OBJECT_ARTIFACT_UNKNOWN UINT32_C(0)
#define NEVERC_OBJECT_ARTIFACT_RELOCATABLE UINT32_C(1)
#define NEVERC_OBJECT_ARTIFACT_ARCHIVE UINT32_C(2)
#define NEVERC_OBJECT_ARTIFACT_EXECUTABLE_IMAGE UINT32_C(3)
#define NEVERC_OBJECT_ARTIFACT_SHARED_IMAGE UINT32_C(4)
#define NEVERC_OBJECT_ARTIFACT_UNIVERSAL_BINARY UINT32_C(5)

/* Which of Probe, Reader and Writer a format descriptor supplies. */
typedef uint64_t NevercObjectFormatFlags;
#define NEVERC_OBJECT_FORMAT_CAN_PROBE (UINT64_C(1) << 0)
#define NEVERC_OBJECT_FORMAT_CAN_READ (UINT64_C(1) << 1)
#define NEVERC_OBJECT_FORMAT_CAN_WRITE (UINT64_C(1) << 2)

/* NevercObjectWriteRequest.Header.Flags (object-format 1.1, see the top of
 * the file); only a format whose descriptor's Header.Minor is at least
 * NEVERC_OBJECT_WRITE_REQUEST_FLAGS_API_MINOR ever receives them. */
typedef uint64_t NevercObjectWriteRequestFlags;
#define NEVERC_OBJECT_WRITE_REQUEST_FLAGS_API_MINOR UINT16_C(1)
#define NEVERC_OBJECT_WRITE_CANONICAL_ELF_TABLES (UINT64_C(1) << 0)
#define NEVERC_OBJECT_WRITE_ANDROID_KERNEL_RELEASE (UINT64_C(1) << 1)
#define NEVERC_OBJECT_WRITE_DROP_DEBUG_INFO (UINT64_C(1) << 2)
#define NEVERC_OBJECT_WRITE_REQUEST_KNOWN_FLAGS                                \
  (NEVERC_OBJECT_WRITE_CANONICAL_ELF_TABLES |                                  \
   NEVERC_OBJECT_WRITE_ANDROID_KERNEL_RELEASE |                                \
   NEVERC_OBJECT_WRITE_DROP_DEBUG_INFO)

/* The largest values a probe result may carry. */
#define NEVERC_OBJECT_PROBE_MAX_CONFIDENCE UINT32_C(1000)
#define NEVERC_OBJECT_PROBE_MAX_CONSUMED_MINIMUM UINT64_C(65536)

typedef uint32_t NevercObjectImageState;
#define NEVERC_OBJECT_IMAGE_CANDIDATE UINT32_C(1)
#define NEVERC_OBJECT_IMAGE_VERIFIED UINT32_C(2)
#define NEVERC_OBJECT_IMAGE_COMMITTED UINT32_C(3)
#define NEVERC_OBJECT_IMAGE_ABORTED UINT32_C(4)
#define NEVERC_OBJECT_IMAGE_FAILED_PARTIAL UINT32_C(5)

#ifdef __cplusplus
}
#endif

#include "neverc/Plugin/Schema/PluginObjectSchema.inc"

#if NEVERC_OBJECT_SCHEMA_CAPABILITY_MAJOR != NEVERC_OBJECT_API_MAJOR
#error "PluginObjectSchema.inc capability major differs from the object API"
#endif

#ifdef __cplusplus
extern "C" {
#endif

struct NevercObjectAPI;

NEVERC_ABI_PACK_BEGIN

/* --- the ObjectGraph ---------------------------------------------------- */

/* ObjectSchemaDigest names the object schema the graph's kind fields
 * belong to (NEVERC_OBJECT_SCHEMA_DIGEST for this SDK). */
typedef struct NevercObjectGraphInfo {
  NevercABITableHeader Header;
  NevercTargetKey Target;
  NevercStringView ObjectSchemaDigest;
  uint64_t Generation;
  uint64_t SectionCount;
  uint64_t SymbolCount;
  uint64_t RelocationCount;
  uint64_t ComdatCount;
  NevercBool HasLayoutProof;
  uint8_t Reserved8[7];
} NevercObjectGraphInfo;

/* The Descriptor structs are what Create* / Replace* take; the Info
 * typedefs are what Get*Info fills (the same layout). Kind is a
 * NEVERC_OBJECT_SECTION_KIND_* ID. ZeroFillSize is the size of a section
 * without file bytes (ZERO_FILL, TLS_ZERO_FILL). */
typedef struct NevercObjectSectionDescriptor {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercObjectSectionKind Kind;
  uint32_t Reserved;
  NevercObjectSectionFlags Flags;
  uint64_t Alignment;
  NevercByteView Data;
  uint64_t ZeroFillSize;
  NevercObjectComdatHandle Comdat;
  NevercObjectFormatID ExtensionOwner;
  uint32_t ExtensionVersion;
  uint32_t ReservedExtension;
  NevercByteView Extension;
} NevercObjectSectionDescriptor;

typedef NevercObjectSectionDescriptor NevercObjectSectionInfo;

/* Binding, Visibility, Type and Definition are schema IDs. Name may be
 * empty (an anonymous native symbol, see the top of the file). */
typedef struct NevercObjectSymbolDescriptor {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercObjectSymbolBinding Binding;
  NevercObjectSymbolVisibility Visibility;
  NevercObjectSymbolType Type;
  NevercObjectSymbolDefinition Definition;
  NevercObjectSectionHandle Section;
  uint64_t Value;
  uint64_t Size;
  uint64_t Alignment;
  NevercObjectComdatHandle Comdat;
  NevercObjectSymbolFlags Flags;
  NevercObjectFormatID ExtensionOwner;
  uint32_t ExtensionVersion;
  uint32_t Reserved;
  NevercByteView Extension;
} NevercObjectSymbolDescriptor;

typedef NevercObjectSymbolDescriptor NevercObjectSymbolInfo;

/* Kind is a NEVERC_OBJECT_RELOCATION_* kind ID; with TARGET_EXTENSION the
 * native type is TargetExtensionKind (LOCKSTEP). TargetKind says which of
 * TargetSymbol, TargetSection and TargetValue is used. Width is in bytes;
 * Offset is relative to Section. */
typedef struct NevercObjectRelocationDescriptor {
  NevercABITableHeader Header;
  NevercObjectSectionHandle Section;
  uint64_t Offset;
  NevercObjectRelocationKind Kind;
  NevercObjectRelocationTargetKind TargetKind;
  uint32_t Width;
  NevercBool IsPCRelative;
  NevercBool IsSigned;
  uint8_t Reserved8[2];
  int64_t Addend;
  NevercObjectSymbolHandle TargetSymbol;
  NevercObjectSectionHandle TargetSection;
  uint64_t TargetValue;
  uint32_t TargetExtensionKind;
  uint32_t Reserved;
  NevercObjectFormatID ExtensionOwner;
  uint32_t ExtensionVersion;
  uint32_t ReservedExtension;
  NevercByteView Extension;
} NevercObjectRelocationDescriptor;

typedef NevercObjectRelocationDescriptor NevercObjectRelocationInfo;

/* Selection is a NEVERC_OBJECT_COMDAT_* ID; AssociatedComdat is used with
 * ASSOCIATIVE. */
typedef struct NevercObjectComdatDescriptor {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercObjectComdatSelection Selection;
  uint32_t Reserved;
  NevercObjectComdatHandle AssociatedComdat;
  NevercObjectFormatID ExtensionOwner;
  uint32_t ExtensionVersion;
  uint32_t ReservedExtension;
  NevercByteView Extension;
} NevercObjectComdatDescriptor;

typedef NevercObjectComdatDescriptor NevercObjectComdatInfo;

/* A layout proves one GraphGeneration for one target and format. */
typedef struct NevercObjectLayoutProofInfo {
  NevercABITableHeader Header;
  uint64_t GraphGeneration;
  NevercTargetID TargetID;
  NevercObjectFormatID FormatID;
} NevercObjectLayoutProofInfo;

/* --- the bounded builder ---------------------------------------------- */

/* Host-owned; given to a writer (NevercObjectWriteRequest) and to
 * neverc.object.post_write interceptors (NevercObjectImageInfo). The bound
 * Reserve sets, the 1 GiB default and what overflowing it does are at the
 * top of the file. Write writes at the cursor and advances it (Tell reads
 * it); WriteAt overwrites at Offset; Insert shifts the tail; Append adds at
 * the end; Resize truncates or zero-extends; ReadAt copies staged bytes
 * into the caller's buffer. */
typedef struct NevercMutableBinaryAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *Reserve)(void *Context, NevercTaskHandle Task,
                                     NevercMutableBinaryBuilderHandle Builder,
                                     uint64_t Size);
  NevercStatus(NEVERC_CALL *Write)(void *Context, NevercTaskHandle Task,
                                   NevercMutableBinaryBuilderHandle Builder,
                                   NevercByteView Bytes);
  NevercStatus(NEVERC_CALL *WriteAt)(void *Context, NevercTaskHandle Task,
                                     NevercMutableBinaryBuilderHandle Builder,
                                     uint64_t Offset, NevercByteView Bytes);
  NevercStatus(NEVERC_CALL *Tell)(void *Context, NevercTaskHandle Task,
                                  NevercMutableBinaryBuilderHandle Builder,
                                  uint64_t *OutPosition);
  NevercStatus(NEVERC_CALL *ReadAt)(void *Context, NevercTaskHandle Task,
                                    NevercMutableBinaryBuilderHandle Builder,
                                    uint64_t Offset,
                                    NevercMutableByteView Bytes);
  NevercStatus(NEVERC_CALL *Insert)(void *Context, NevercTaskHandle Task,
                                    NevercMutableBinaryBuilderHandle Builder,
                                    uint64_t Offset, NevercByteView Bytes);
  NevercStatus(NEVERC_CALL *Append)(void *Context, NevercTaskHandle Task,
                                    NevercMutableBinaryBuilderHandle Builder,
                                    NevercByteView Bytes);
  NevercStatus(NEVERC_CALL *Resize)(void *Context, NevercTaskHandle Task,
                                    NevercMutableBinaryBuilderHandle Builder,
                                    uint64_t Size);
} NevercMutableBinaryAPI;

/* --- phase views ------------------------------------------------------ */

/* For graph phases (pre_write, post_layout). Object is the read-only bridge
 * for an observer. */
typedef struct NevercObjectPhaseGraphInfo {
  NevercABITableHeader Header;
  const struct NevercObjectAPI *Object;
  NevercObjectGraphHandle Graph;
  NevercObjectLayoutProofHandle LayoutProof;
  uint64_t Generation;
} NevercObjectPhaseGraphInfo;

/* For image phases (write, post_write, final_verify, commit). The Output*
 * fields mirror the image's output transaction (PluginSource.h). Binary
 * and Builder reach the staged bytes (Tell, ReadAt); only a
 * neverc.object.post_write interceptor may change them, any other caller
 * gets NEVERC_STATUS_POLICY_VIOLATION. LayoutReport is valid when
 * HasLayoutReport is set. */
typedef struct NevercObjectImageInfo {
  NevercABITableHeader Header;
  NevercObjectImageHandle Image;
  NevercObjectFormatID FormatID;
  NevercTargetID TargetID;
  uint64_t GraphGeneration;
  NevercObjectImageState State;
  NevercOutputKind OutputKind;
  NevercOutputState OutputState;
  uint32_t Reserved;
  NevercOutputFlags OutputFlags;
  uint64_t Size;
  uint64_t PublicationGeneration;
  uint8_t Digest[32];
  const NevercMutableBinaryAPI *Binary;
  NevercMutableBinaryBuilderHandle Builder;
  NevercStringView Provenance;
  NevercBool HasLayoutReport;
  uint8_t ReservedLayout[7];
  NevercObjectLayoutProofInfo LayoutReport;
} NevercObjectImageInfo;

/* --- object formats --------------------------------------------------- */

/* Input and the views in it are borrowed for the call. */
typedef struct NevercObjectProbeRequest {
  NevercABITableHeader Header;
  NevercTaskHandle Task;
  NevercBufferView Input;
  NevercStringView LogicalPath;
  NevercTargetKey Target;
} NevercObjectProbeRequest;

/* Limits: NEVERC_OBJECT_PROBE_MAX_*. */
typedef struct NevercObjectProbeResult {
  NevercABITableHeader Header;
  uint32_t Confidence;
  NevercObjectArtifactKind ArtifactKind;
  uint64_t ConsumedMinimum;
} NevercObjectProbeResult;

/* The reader fills Graph through Object and the open Mutation; the host
 * commits it (the reader does not). */
typedef struct NevercObjectReadRequest {
  NevercABITableHeader Header;
  NevercTaskHandle Task;
  NevercBufferView Input;
  NevercStringView LogicalPath;
  NevercTargetKey Target;
  const struct NevercObjectAPI *Object;
  NevercObjectGraphHandle Graph;
  NevercObjectMutationHandle Mutation;
} NevercObjectReadRequest;

/* Header.Minor is the request revision the writer got and Header.Flags
 * holds NevercObjectWriteRequestFlags (both 0 for a minor-0 format). */
typedef struct NevercObjectWriteRequest {
  NevercABITableHeader Header;
  NevercTaskHandle Task;
  NevercTargetKey Target;
  NevercObjectFormatID FormatID;
  const struct NevercObjectAPI *Object;
  NevercObjectGraphHandle Graph;
  NevercObjectLayoutProofHandle LayoutProof;
  const NevercMutableBinaryAPI *Binary;
  NevercMutableBinaryBuilderHandle Builder;
} NevercObjectWriteRequest;

typedef NevercStatus(NEVERC_CALL *NevercObjectProbeFn)(
    void *UserData, const NevercObjectProbeRequest *Request,
    NevercObjectProbeResult *Result);
typedef NevercStatus(NEVERC_CALL *NevercObjectReaderFn)(
    void *UserData, const NevercObjectReadRequest *Request);
typedef NevercStatus(NEVERC_CALL *NevercObjectWriterFn)(
    void *UserData, const NevercObjectWriteRequest *Request);

/* Header.Minor is the object-format revision the provider understands (see
 * the write policies at the top). Flags holds NevercObjectFormatFlags; a
 * callback whose CAN_* bit is clear may be null. Aliases and the target IDs
 * are copied at registration. */
typedef struct NevercObjectFormatDescriptor {
  NevercABITableHeader Header;
  NevercObjectFormatID FormatID;
  NevercStringView CanonicalName;
  NevercStringArrayView Aliases;
  NevercInterfaceIDArrayView SupportedTargets;
  NevercStringView DefaultExtension;
  NevercObjectFormatFlags Flags;
  NevercObjectProbeFn Probe;
  NevercObjectReaderFn Reader;
  NevercObjectWriterFn Writer;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercObjectFormatDescriptor;

/* --- tables ------------------------------------------------------------ */

/* Every slot takes the task. Getters read; every slot taking a mutation
 * stages a change that CommitMutation applies; Move*Before places the
 * entity before Position. */
typedef struct NevercObjectAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *GetGraphInfo)(void *Context, NevercTaskHandle Task,
                                          NevercObjectGraphHandle Graph,
                                          NevercObjectGraphInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetFirstSection)(
      void *Context, NevercTaskHandle Task, NevercObjectGraphHandle Graph,
      NevercObjectSectionHandle *OutSection);
  NevercStatus(NEVERC_CALL *GetNextSection)(
      void *Context, NevercTaskHandle Task, NevercObjectSectionHandle Section,
      NevercObjectSectionHandle *OutSection);
  NevercStatus(NEVERC_CALL *GetSectionInfo)(void *Context,
                                            NevercTaskHandle Task,
                                            NevercObjectSectionHandle Section,
                                            NevercObjectSectionInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetFirstSymbol)(
      void *Context, NevercTaskHandle Task, NevercObjectGraphHandle Graph,
      NevercObjectSymbolHandle *OutSymbol);
  NevercStatus(NEVERC_CALL *GetNextSymbol)(void *Context, NevercTaskHandle Task,
                                           NevercObjectSymbolHandle Symbol,
                                           NevercObjectSymbolHandle *OutSymbol);
  NevercStatus(NEVERC_CALL *GetSymbolInfo)(void *Context, NevercTaskHandle Task,
                                           NevercObjectSymbolHandle Symbol,
                                           NevercObjectSymbolInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetFirstRelocation)(
      void *Context, NevercTaskHandle Task, NevercObjectGraphHandle Graph,
      NevercObjectRelocationHandle *OutRelocation);
  NevercStatus(NEVERC_CALL *GetNextRelocation)(
      void *Context, NevercTaskHandle Task,
      NevercObjectRelocationHandle Relocation,
      NevercObjectRelocationHandle *OutRelocation);
  NevercStatus(NEVERC_CALL *GetRelocationInfo)(
      void *Context, NevercTaskHandle Task,
      NevercObjectRelocationHandle Relocation,
      NevercObjectRelocationInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetFirstComdat)(
      void *Context, NevercTaskHandle Task, NevercObjectGraphHandle Graph,
      NevercObjectComdatHandle *OutComdat);
  NevercStatus(NEVERC_CALL *GetNextComdat)(void *Context, NevercTaskHandle Task,
                                           NevercObjectComdatHandle Comdat,
                                           NevercObjectComdatHandle *OutComdat);
  NevercStatus(NEVERC_CALL *GetComdatInfo)(void *Context, NevercTaskHandle Task,
                                           NevercObjectComdatHandle Comdat,
                                           NevercObjectComdatInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetLayoutProof)(
      void *Context, NevercTaskHandle Task, NevercObjectGraphHandle Graph,
      NevercObjectLayoutProofHandle *OutProof);
  NevercStatus(NEVERC_CALL *GetLayoutProofInfo)(
      void *Context, NevercTaskHandle Task, NevercObjectLayoutProofHandle Proof,
      NevercObjectLayoutProofInfo *OutInfo);
  NevercStatus(NEVERC_CALL *BeginMutation)(
      void *Context, NevercTaskHandle Task, NevercObjectGraphHandle Graph,
      NevercObjectMutationHandle *OutMutation);
  NevercStatus(NEVERC_CALL *CommitMutation)(
      void *Context, NevercTaskHandle Task,
      NevercObjectMutationHandle Mutation);
  NevercStatus(NEVERC_CALL *AbandonMutation)(
      void *Context, NevercTaskHandle Task,
      NevercObjectMutationHandle Mutation);
  NevercStatus(NEVERC_CALL *CreateSection)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      const NevercObjectSectionDescriptor *Descriptor,
      NevercObjectSectionHandle *OutSection);
  NevercStatus(NEVERC_CALL *ReplaceSection)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      NevercObjectSectionHandle Section,
      const NevercObjectSectionDescriptor *Descriptor);
  NevercStatus(NEVERC_CALL *MoveSectionBefore)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      NevercObjectSectionHandle Section, NevercObjectSectionHandle Position);
  NevercStatus(NEVERC_CALL *EraseSection)(void *Context, NevercTaskHandle Task,
                                          NevercObjectMutationHandle Mutation,
                                          NevercObjectSectionHandle Section);
  NevercStatus(NEVERC_CALL *CreateSymbol)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      const NevercObjectSymbolDescriptor *Descriptor,
      NevercObjectSymbolHandle *OutSymbol);
  NevercStatus(NEVERC_CALL *ReplaceSymbol)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      NevercObjectSymbolHandle Symbol,
      const NevercObjectSymbolDescriptor *Descriptor);
  NevercStatus(NEVERC_CALL *MoveSymbolBefore)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      NevercObjectSymbolHandle Symbol, NevercObjectSymbolHandle Position);
  NevercStatus(NEVERC_CALL *EraseSymbol)(void *Context, NevercTaskHandle Task,
                                         NevercObjectMutationHandle Mutation,
                                         NevercObjectSymbolHandle Symbol);
  NevercStatus(NEVERC_CALL *CreateRelocation)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      const NevercObjectRelocationDescriptor *Descriptor,
      NevercObjectRelocationHandle *OutRelocation);
  NevercStatus(NEVERC_CALL *ReplaceRelocation)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      NevercObjectRelocationHandle Relocation,
      const NevercObjectRelocationDescriptor *Descriptor);
  NevercStatus(NEVERC_CALL *MoveRelocationBefore)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      NevercObjectRelocationHandle Relocation,
      NevercObjectRelocationHandle Position);
  NevercStatus(NEVERC_CALL *EraseRelocation)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      NevercObjectRelocationHandle Relocation);
  NevercStatus(NEVERC_CALL *CreateComdat)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      const NevercObjectComdatDescriptor *Descriptor,
      NevercObjectComdatHandle *OutComdat);
  NevercStatus(NEVERC_CALL *ReplaceComdat)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      NevercObjectComdatHandle Comdat,
      const NevercObjectComdatDescriptor *Descriptor);
  NevercStatus(NEVERC_CALL *MoveComdatBefore)(
      void *Context, NevercTaskHandle Task, NevercObjectMutationHandle Mutation,
      NevercObjectComdatHandle Comdat, NevercObjectComdatHandle Position);
  NevercStatus(NEVERC_CALL *EraseComdat)(void *Context, NevercTaskHandle Task,
                                         NevercObjectMutationHandle Mutation,
                                         NevercObjectComdatHandle Comdat);
} NevercObjectAPI;

/* Registration time only: RegistrarContext is the one the plugin's
 * Register received; there is no task. */
typedef struct NevercObjectFormatAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *RegisterFormat)(
      void *Context, void *RegistrarContext,
      const NevercObjectFormatDescriptor *Descriptor);
} NevercObjectFormatAPI;

/* For the neverc.object.* phase callbacks; pass Frame->Input (or the
 * artifact the callback got) as Artifact. GetGraph serves the graph phases
 * (pre_write, post_layout), GetImage the image phases (write, post_write,
 * final_verify, commit). GetImage also opens the code-generation product
 * (TMO/0x2) of neverc.codegen.coarse_lower and product_verify; a coarse
 * edge's CoarseLower and VerifyProduct get no frame, so they pass NULL as
 * Frame and the candidate's Artifact (it names its task), while they run
 * and only then. */
typedef struct NevercObjectPhaseAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *GetGraph)(void *Context,
                                      const NevercPhaseFrame *Frame,
                                      NevercArtifactHandle Artifact,
                                      NevercObjectPhaseGraphInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetImage)(void *Context,
                                      const NevercPhaseFrame *Frame,
                                      NevercArtifactHandle Artifact,
                                      NevercObjectImageInfo *OutInfo);
} NevercObjectPhaseAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINOBJECT_H */
