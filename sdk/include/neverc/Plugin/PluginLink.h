/*
 * neverc plugin SDK -- linking: the link graph, binary images, and the
 * whole-link, relocatable-merge and image-verifier providers (pure C11).
 *
 * Three tables the host implements, each negotiated on its own:
 *  - NevercLinkAPI (NEVERC_INTERFACE_LINK_*, 52 slots) reads the link
 *    request and the normalized link graph (inputs, archives and their
 *    members, shared libraries, bitcode modules, sections, atoms, symbols,
 *    edges, COMDATs, imports, exports, unwind records, synthetics and
 *    layout constraints), the skip proofs and the emitted binary image,
 *    and edits the graph inside transactions (every slot taking a
 *    NevercLinkMutationHandle stages). ELF, COFF and Mach-O inputs all map
 *    onto the same graph; a plugin never sees a linker's own structures.
 *  - NevercLinkRegistrarAPI (NEVERC_INTERFACE_LINK_REGISTRAR_*, 3 slots)
 *    registers providers, only inside the plugin's Register callback
 *    (RegistrarContext is the one Register received; there is no task).
 *  - NevercLinkPhaseAPI (NEVERC_INTERFACE_LINK_PHASE_*, 3 slots) serves the
 *    neverc.link.* phase callbacks: it turns the artifact a phase received
 *    into a graph (GetGraph) or an image (GetImage), and lets a replacing
 *    provider publish its graph as the phase output (PublishGraph).
 * What a plugin supplies: NevercLinkerProviderDescriptor with a
 * NevercLinkerProviderFn (a whole link, serving neverc.link.full),
 * NevercObjectMergeProviderDescriptor with a NevercObjectMergeProviderFn
 * (-r, serving neverc.link.object_merge) and
 * NevercBinaryImageVerifierDescriptor with a NevercBinaryImageVerifierFn
 * (a read-only image check next to the host's, never instead of it).
 * All three interfaces are STABLE at 1.0: a newer host only appends slots
 * and fields, so compare the StructSize the host returns with the end of
 * the last slot you call (NEVERC_ABI_FIELD_AVAILABLE).
 *
 * The phases (their IDs and policies are in PluginPhaseSchema.h,
 * NEVERC_FOR_EACH_BUILTIN_LINK_PHASE). A link request starts at
 * NEVERC_LINK_STATE_INITIAL and reaches an image by one of two routes:
 * the thirteen fine-grained steps input_probe ... emit_image, each of which
 * advances NevercLinkGraphInfo.State by exactly one (the phase's low ID is
 * the state it produces), or neverc.link.full in one step. A -r link runs
 * input_probe, read_inputs and object_merge, whose output is an
 * ObjectGraph (PluginObject.h), not a link state. Every image then goes
 * through post_emit, the sealed image_verify and side_outputs_verify, the
 * sealed commit and the after_commit event, whichever route built it.
 * Observers may watch all twenty phases; interceptors only the sixteen
 * INTERCEPTABLE ones, replacements the fifteen REPLACEABLE ones, proofs
 * skip only the thirteen state-advancing ones. image_verify,
 * side_outputs_verify and commit are never intercepted, replaced or
 * skipped; after_commit is an event with an AFTER point only, and commit
 * offers BEFORE and AFTER_COMMIT.
 *
 * Lifetimes and rules:
 *  - Every link handle is task-scoped and host-owned: after its task it
 *    gives NEVERC_STATUS_STALE_HANDLE, from another task
 *    NEVERC_STATUS_WRONG_SCOPE, from another session
 *    NEVERC_STATUS_WRONG_SESSION. A handle a callback received is not
 *    kept past its return; handles are never stored or made up.
 *  - String, byte and struct-array views given to a callback or filled by
 *    a slot are borrowed until that callback returns.
 *  - Pagers (Get*Page): the caller owns InOutPage and Data and sets
 *    InOutPage->Header, ElementCapacity and ElementStride on every call.
 *    The host writes at most ElementCapacity elements, ElementStride bytes
 *    apart, sets OutCount, NextCursor and HasMore, and never keeps Data.
 *    Cursor 0 starts at the first entity; passing NextCursor back goes on
 *    exactly where the last page stopped, so any capacity yields the same
 *    sequence.
 *  - A mutation is BeginMutation on one graph, staged slots, then exactly
 *    one successful CommitMutation or an AbandonMutation, on error paths
 *    too. CommitMutation applies the changes to a working copy, runs the
 *    verifier that guards the graph's current state and only then
 *    publishes and increments NevercLinkGraphInfo.Generation; a commit
 *    that fails verification publishes nothing, leaves Generation
 *    unchanged and leaves the mutation open, to be abandoned. A mutation
 *    attempted through an observer's read-only bridge gives
 *    NEVERC_STATUS_POLICY_VIOLATION and changes nothing.
 *  - A committed mutation invalidates every state from the earliest one
 *    its staged slots touch, and the phases producing those states run
 *    again: RebindSymbol, RetargetEdge from SYMBOLS_RESOLVED;
 *    SetSymbolResolution from COMDAT_SELECTED; SetSymbolRoot from
 *    GC_COMPLETE; SetAtomLive from ICF_COMPLETE; SetFoldLeader,
 *    ReplaceAtomContent and the synthetic slots from SYNTHETICS_READY; the
 *    constraint slots from LAYOUT_COMPLETE. The graph's state becomes the
 *    lower of its current state and the one before the earliest
 *    invalidated state; a graph that has not reached it re-runs nothing.
 *    So mutate as early as possible: a mutation in post_emit throws the
 *    layout, relocation and image work away.
 *  - A skip proof (NevercLinkProofInfo) pins a GraphGeneration and a
 *    SemanticDigest. When either no longer matches the graph, the proof is
 *    stale and the phase simply runs; that is not an error. neverc issues
 *    one (NevercLinkPhaseGraphInfo.Proof, from GetGraph in a step's
 *    callback) only where the step has nothing to do on the graph as it
 *    is: the LTO steps without bitcode, icf without --icf, relax_thunks.
 *  - Image bytes change only through NevercBinaryImageInfo.Binary and
 *    .Builder (PluginObject.h's NevercMutableBinaryAPI, with its bound
 *    rules: a write past the reserved bound aborts staging rather than
 *    growing the image). Images go CANDIDATE (emit_image or full) ->
 *    VERIFIED (image_verify) -> COMMITTED (commit), or end ABORTED or
 *    FAILED_PARTIAL.
 *  - Providers: on success the host adopts the handles in the candidate;
 *    on failure the provider still owns what it created. The sealed
 *    verify and commit gates run on a provider's image as on the host's.
 *    A failed provider falls back to the built-in step only when it
 *    declared FallbackSafe and failed with NEVERC_STATUS_FLAG_RECOVERABLE.
 *    NEVERC_LINK_PROVIDER_DETERMINISTIC promises byte-identical output for
 *    the same request digest; NEVERC_LINK_PROVIDER_CACHEABLE promises that
 *    the request digest covers every input that can change the output.
 *
 * Decisions recorded here (shared/spec/link-lto.md, PluginLink.h
 * b553b6d1, and the project decisions of shared/spec/README.md):
 *  - Until neverc's own graph linker lands, the host serves the whole-link
 *    route: neverc.link.full, done by lld in process (lld's internal
 *    classes are not installed headers, so the thirteen graph states
 *    cannot be read out of it; when lld links, LTO happens inside it), and
 *    then the image phases (post_emit, image_verify, side_outputs_verify,
 *    commit, after_commit) on the image lld produced. The graph slots
 *    answer for the graphs that exist. Where stock LLVM 22 cannot do what
 *    a slot asks, it returns NEVERC_STATUS_CAPABILITY_UNAVAILABLE with a
 *    diagnostic naming the limitation, never a silent success.
 *  - NevercLinkAPI.GetRequest with a null Request handle gives the
 *    request of the link the task runs (a phase callback is handed no
 *    request handle; the request's own Request field names it after).
 *  - No slot creates an image: the host makes an empty candidate for a
 *    linker provider and hands it in NevercLinkerProductCandidate.Image
 *    (and .Outputs) on entry; the provider fills it through
 *    GetBinaryImageInfo's Binary and Builder and returns it there. A
 *    candidate naming another image is refused (INVALID_ARGUMENT).
 *  - A linker provider serves the links whose output kind is its
 *    OutputKind and whose target and output format are its TargetID and
 *    OutputFormat (a null ID matches any); the first registered that
 *    matches wins, lld serves the others. An image verifier runs for its
 *    OutputKind, TargetID and FormatID alike. Provider and verifier IDs
 *    are unique (DUPLICATE_ID). A provider or verifier of RELOCATABLE or
 *    BUNDLE outputs is refused with NEVERC_STATUS_CAPABILITY_UNAVAILABLE:
 *    -r links do not run the link phases yet and ELF has no bundles.
 *  - Every Extensions field is a NevercStructArrayView of
 *    NevercLinkExtension (the upstream header names no element type).
 *  - NevercLinkOptions.SearchPaths and .Libraries are
 *    NevercStructArrayViews of NevercStringView (element type not named
 *    upstream either); Libraries holds the names as given to -l.
 *  - NevercLinkGraphInfo has fifteen entity counts, one per graph pager
 *    (the newer upstream documentation and the header; an older revision
 *    said seventeen, counting the two image pagers, whose counts are
 *    NevercBinaryImageInfo.SegmentCount and .SectionCount).
 *  - The two image pagers (GetBinarySegmentPage, GetBinarySectionPage)
 *    have no single-entity getter in 1.0; the fifteen graph pagers do.
 *  - Versioning is checked against Header.StructSize (the upstream prose
 *    says "TableSize"; no such field exists).
 *  - Page elements: the host fills the first min(ElementStride, its own
 *    element size) bytes of each element and sets the element's
 *    Header.StructSize to the bytes it wrote, so an older plugin's smaller
 *    element gets the prefix it knows. An ElementStride below
 *    sizeof(NevercABITableHeader), or a null Data with a non-zero
 *    ElementCapacity, gives NEVERC_STATUS_INVALID_ARGUMENT.
 *  - Section Kind and Flags (NevercLinkSectionInfo, NevercBinarySectionInfo)
 *    and symbol Type (NevercLinkSymbolInfo) hold the object schema's
 *    STABLE IDs (NEVERC_OBJECT_SECTION_KIND_*, NEVERC_OBJECT_SECTION_*,
 *    NEVERC_OBJECT_SYMBOL_TYPE_*). NevercLinkEdgeInfo.RelocationKind is
 *    the input's native relocation type (an ELF R_* number, for example):
 *    a LOCKSTEP value, meaningful only with the target's schema digest.
 *  - NevercLinkerProviderDescriptor.Flags and
 *    NevercObjectMergeProviderDescriptor.Flags hold
 *    NevercLinkProviderFlags. NEVERC_LINK_PROVIDER_REPLAY_REQUIRED (not
 *    described upstream) means the host runs the provider again rather
 *    than reuse a product it cached.
 *  - A NevercBool followed by uint8_t Reserved8[2] or [3] is laid out
 *    as declared: NevercBool is 4 bytes wide, so the compiler pads after
 *    Reserved8 up to the next field's alignment. The layout is the
 *    declarations' (pinned by tests/sdk/layout_asserts_link.c); zero the
 *    whole struct before filling it.
 *  - Flags fields without defined bits and every Reserved field must be 0.
 */
#ifndef NEVERC_PLUGIN_PLUGINLINK_H
#define NEVERC_PLUGIN_PLUGINLINK_H

#include "neverc/Plugin/PluginObject.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "NCPLINK", 0x01 / 1. */
#define NEVERC_INTERFACE_LINK_HIGH UINT64_C(0x4e43504c494e4b01)
#define NEVERC_INTERFACE_LINK_LOW UINT64_C(0x0000000000000001)
#define NEVERC_LINK_API_MAJOR UINT16_C(1)
#define NEVERC_LINK_API_MINOR UINT16_C(0)
#define NEVERC_LINK_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* "NCPLNKR", 0x01 / 1. */
#define NEVERC_INTERFACE_LINK_REGISTRAR_HIGH UINT64_C(0x4e43504c4e4b5201)
#define NEVERC_INTERFACE_LINK_REGISTRAR_LOW UINT64_C(0x0000000000000001)
#define NEVERC_LINK_REGISTRAR_API_MAJOR UINT16_C(1)
#define NEVERC_LINK_REGISTRAR_API_MINOR UINT16_C(0)
#define NEVERC_LINK_REGISTRAR_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* "NCPLNPH", 0x01 / 1. */
#define NEVERC_INTERFACE_LINK_PHASE_HIGH UINT64_C(0x4e43504c4e504801)
#define NEVERC_INTERFACE_LINK_PHASE_LOW UINT64_C(0x0000000000000001)
#define NEVERC_LINK_PHASE_API_MAJOR UINT16_C(1)
#define NEVERC_LINK_PHASE_API_MINOR UINT16_C(0)
#define NEVERC_LINK_PHASE_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

typedef NevercHandle NevercLinkRequestHandle;
typedef NevercHandle NevercLinkInputHandle;
typedef NevercHandle NevercLinkArchiveHandle;
typedef NevercHandle NevercLinkArchiveMemberHandle;
typedef NevercHandle NevercLinkSharedLibraryHandle;
typedef NevercHandle NevercLinkBitcodeModuleHandle;
typedef NevercHandle NevercLinkGraphHandle;
typedef NevercHandle NevercLinkSectionHandle;
typedef NevercHandle NevercLinkAtomHandle;
typedef NevercHandle NevercLinkSymbolHandle;
typedef NevercHandle NevercLinkEdgeHandle;
typedef NevercHandle NevercLinkComdatHandle;
typedef NevercHandle NevercLinkImportHandle;
typedef NevercHandle NevercLinkExportHandle;
typedef NevercHandle NevercLinkUnwindHandle;
typedef NevercHandle NevercLinkSyntheticHandle;
typedef NevercHandle NevercLinkConstraintHandle;
typedef NevercHandle NevercLinkMutationHandle;
typedef NevercHandle NevercLinkProofHandle;
typedef NevercHandle NevercBinaryImageHandle;
typedef NevercHandle NevercBinarySegmentHandle;
typedef NevercHandle NevercBinarySectionHandle;
/* The emitted image together with its side outputs (map files, dSYM...). */
typedef NevercHandle NevercOutputBundleHandle;
typedef NevercHandle NevercLinkerProviderHandle;
typedef NevercHandle NevercObjectMergeProviderHandle;
typedef NevercHandle NevercBinaryImageVerifierHandle;

/* What an input is, as input_probe classified it. */
typedef uint32_t NevercLinkInputKind;
#define NEVERC_LINK_INPUT_UNKNOWN UINT32_C(0)
#define NEVERC_LINK_INPUT_OBJECT UINT32_C(1)
#define NEVERC_LINK_INPUT_ARCHIVE UINT32_C(2)
#define NEVERC_LINK_INPUT_SHARED_LIBRARY UINT32_C(3)
#define NEVERC_LINK_INPUT_BITCODE UINT32_C(4)
#define NEVERC_LINK_INPUT_SCRIPT UINT32_C(5)
#define NEVERC_LINK_INPUT_BLOB UINT32_C(6)

typedef uint64_t NevercLinkOptionFlags;
#define NEVERC_LINK_OPTION_NONE UINT64_C(0)
#define NEVERC_LINK_OPTION_PIE (UINT64_C(1) << 0)
#define NEVERC_LINK_OPTION_STATIC (UINT64_C(1) << 1)
#define NEVERC_LINK_OPTION_GC_SECTIONS (UINT64_C(1) << 2)
#define NEVERC_LINK_OPTION_ICF (UINT64_C(1) << 3)
#define NEVERC_LINK_OPTION_EXPORT_DYNAMIC (UINT64_C(1) << 4)
#define NEVERC_LINK_OPTION_ALLOW_UNDEFINED (UINT64_C(1) << 5)
#define NEVERC_LINK_OPTION_WHOLE_ARCHIVE (UINT64_C(1) << 6)
#define NEVERC_LINK_OPTION_DETERMINISTIC (UINT64_C(1) << 7)

/* Per-input command-line modifiers (--whole-archive, --as-needed,
 * --start-group/--end-group, lazy). */
typedef uint64_t NevercLinkInputFlags;
#define NEVERC_LINK_INPUT_FLAG_NONE UINT64_C(0)
#define NEVERC_LINK_INPUT_FLAG_WHOLE_ARCHIVE (UINT64_C(1) << 0)
#define NEVERC_LINK_INPUT_FLAG_AS_NEEDED (UINT64_C(1) << 1)
#define NEVERC_LINK_INPUT_FLAG_START_GROUP (UINT64_C(1) << 2)
#define NEVERC_LINK_INPUT_FLAG_END_GROUP (UINT64_C(1) << 3)
#define NEVERC_LINK_INPUT_FLAG_LAZY (UINT64_C(1) << 4)

/* There is no 0: an output kind is always stated. */
typedef uint32_t NevercLinkOutputKind;
#define NEVERC_LINK_OUTPUT_RELOCATABLE UINT32_C(1)
#define NEVERC_LINK_OUTPUT_EXECUTABLE UINT32_C(2)
#define NEVERC_LINK_OUTPUT_SHARED_LIBRARY UINT32_C(3)
#define NEVERC_LINK_OUTPUT_BUNDLE UINT32_C(4)

/* NevercLinkGraphInfo.State is always one of these fourteen; each
 * fine-grained phase advances it by one (see the top of the file). */
typedef uint32_t NevercLinkState;
#define NEVERC_LINK_STATE_INITIAL UINT32_C(0)
#define NEVERC_LINK_STATE_INPUT_PROBED UINT32_C(1)
#define NEVERC_LINK_STATE_INPUTS_READ UINT32_C(2)
#define NEVERC_LINK_STATE_LTO_RESOLUTION_READY UINT32_C(3)
#define NEVERC_LINK_STATE_LTO_GENERATED UINT32_C(4)
#define NEVERC_LINK_STATE_SYMBOLS_RESOLVED UINT32_C(5)
#define NEVERC_LINK_STATE_COMDAT_SELECTED UINT32_C(6)
#define NEVERC_LINK_STATE_GC_COMPLETE UINT32_C(7)
#define NEVERC_LINK_STATE_ICF_COMPLETE UINT32_C(8)
#define NEVERC_LINK_STATE_SYNTHETICS_READY UINT32_C(9)
#define NEVERC_LINK_STATE_THUNKS_RELAXED UINT32_C(10)
#define NEVERC_LINK_STATE_LAYOUT_COMPLETE UINT32_C(11)
#define NEVERC_LINK_STATE_RELOCATIONS_APPLIED UINT32_C(12)
#define NEVERC_LINK_STATE_IMAGE_EMITTED UINT32_C(13)

typedef uint32_t NevercLinkSymbolBinding;
#define NEVERC_LINK_SYMBOL_BINDING_LOCAL UINT32_C(1)
#define NEVERC_LINK_SYMBOL_BINDING_GLOBAL UINT32_C(2)
#define NEVERC_LINK_SYMBOL_BINDING_WEAK UINT32_C(3)
#define NEVERC_LINK_SYMBOL_BINDING_COMMON UINT32_C(4)

typedef uint32_t NevercLinkSymbolVisibility;
#define NEVERC_LINK_SYMBOL_VISIBILITY_DEFAULT UINT32_C(1)
#define NEVERC_LINK_SYMBOL_VISIBILITY_HIDDEN UINT32_C(2)
#define NEVERC_LINK_SYMBOL_VISIBILITY_PROTECTED UINT32_C(3)
#define NEVERC_LINK_SYMBOL_VISIBILITY_INTERNAL UINT32_C(4)

/* The names carry no DEFINITION_ infix (the ABI's spelling). */
typedef uint32_t NevercLinkSymbolDefinition;
#define NEVERC_LINK_SYMBOL_UNDEFINED UINT32_C(1)
#define NEVERC_LINK_SYMBOL_DEFINED UINT32_C(2)
#define NEVERC_LINK_SYMBOL_ABSOLUTE UINT32_C(3)
#define NEVERC_LINK_SYMBOL_COMMON UINT32_C(4)
#define NEVERC_LINK_SYMBOL_SHARED UINT32_C(5)

typedef uint32_t NevercLinkEdgeKind;
#define NEVERC_LINK_EDGE_RELOCATION UINT32_C(1)
#define NEVERC_LINK_EDGE_ASSOCIATION UINT32_C(2)
#define NEVERC_LINK_EDGE_KEEP_ALIVE UINT32_C(3)
#define NEVERC_LINK_EDGE_UNWIND UINT32_C(4)
#define NEVERC_LINK_EDGE_FORMAT_EXTENSION UINT32_C(5)

typedef uint32_t NevercLinkComdatSelection;
#define NEVERC_LINK_COMDAT_ANY UINT32_C(1)
#define NEVERC_LINK_COMDAT_EXACT_MATCH UINT32_C(2)
#define NEVERC_LINK_COMDAT_SAME_SIZE UINT32_C(3)
#define NEVERC_LINK_COMDAT_LARGEST UINT32_C(4)
#define NEVERC_LINK_COMDAT_NEWEST UINT32_C(5)
#define NEVERC_LINK_COMDAT_NO_DUPLICATES UINT32_C(6)

typedef uint64_t NevercLinkAtomFlags;
#define NEVERC_LINK_ATOM_LIVE (UINT64_C(1) << 0)
#define NEVERC_LINK_ATOM_ROOT (UINT64_C(1) << 1)
#define NEVERC_LINK_ATOM_SYNTHETIC (UINT64_C(1) << 2)
#define NEVERC_LINK_ATOM_FOLDED (UINT64_C(1) << 3)
#define NEVERC_LINK_ATOM_ADDRESS_SIGNIFICANT (UINT64_C(1) << 4)
#define NEVERC_LINK_ATOM_TLS (UINT64_C(1) << 5)
#define NEVERC_LINK_ATOM_UNWIND (UINT64_C(1) << 6)

typedef uint64_t NevercBinarySegmentFlags;
#define NEVERC_BINARY_SEGMENT_READ (UINT64_C(1) << 0)
#define NEVERC_BINARY_SEGMENT_WRITE (UINT64_C(1) << 1)
#define NEVERC_BINARY_SEGMENT_EXECUTE (UINT64_C(1) << 2)

/* What a linker or merge provider promises (see the top of the file). */
typedef uint64_t NevercLinkProviderFlags;
#define NEVERC_LINK_PROVIDER_DETERMINISTIC (UINT64_C(1) << 0)
#define NEVERC_LINK_PROVIDER_CACHEABLE (UINT64_C(1) << 1)
#define NEVERC_LINK_PROVIDER_REPLAY_REQUIRED (UINT64_C(1) << 2)

/* The values of NevercObjectImageState, for linked images. */
typedef uint32_t NevercBinaryImageState;
#define NEVERC_BINARY_IMAGE_CANDIDATE UINT32_C(1)
#define NEVERC_BINARY_IMAGE_VERIFIED UINT32_C(2)
#define NEVERC_BINARY_IMAGE_COMMITTED UINT32_C(3)
#define NEVERC_BINARY_IMAGE_ABORTED UINT32_C(4)
#define NEVERC_BINARY_IMAGE_FAILED_PARTIAL UINT32_C(5)

typedef struct NevercLinkRequest NevercLinkRequest;
typedef struct NevercRawLinkInputSet NevercRawLinkInputSet;
typedef struct NevercLinkerProductCandidate NevercLinkerProductCandidate;
typedef struct NevercObjectMergeInput NevercObjectMergeInput;
typedef struct NevercObjectMergeRequest NevercObjectMergeRequest;
typedef struct NevercObjectMergeCandidate NevercObjectMergeCandidate;

struct NevercLinkAPI;

/* --- provider callbacks ------------------------------------------------ */

/* A whole link: read Request and Inputs (borrowed for the call), produce
 * an image and its output bundle in OutCandidate. */
typedef NevercStatus(NEVERC_CALL *NevercLinkerProviderFn)(
    void *UserData, NevercTaskHandle Task, const NevercLinkRequest *Request,
    const NevercRawLinkInputSet *Inputs,
    NevercLinkerProductCandidate *OutCandidate);
/* A -r merge: write the merged object into Request->OutputGraph through
 * Request->OutputObject and the host's open Request->OutputMutation (the
 * host commits it), and name the result in OutCandidate. */
typedef NevercStatus(NEVERC_CALL *NevercObjectMergeProviderFn)(
    void *UserData, NevercTaskHandle Task,
    const NevercObjectMergeRequest *Request,
    NevercObjectMergeCandidate *OutCandidate);
/* Read-only: a failure fails the link, a success does not stand in for the
 * host's own image_verify. */
typedef NevercStatus(NEVERC_CALL *NevercBinaryImageVerifierFn)(
    void *UserData, NevercTaskHandle Task, const NevercLinkRequest *Request,
    NevercBinaryImageHandle Image);

NEVERC_ABI_PACK_BEGIN

/* --- request ----------------------------------------------------------- */

/* An opaque payload owned by NamespaceID. A consumer that does not know a
 * Required extension must refuse the record that carries it. */
typedef struct NevercLinkExtension {
  NevercABITableHeader Header;
  NevercInterfaceID NamespaceID;
  uint32_t Version;
  NevercBool Required;
  NevercByteView Payload;
  NevercStringView Digest;
} NevercLinkExtension;

/* One input as given on the command line (Ordinal is its position).
 * AuthorizedBlob is the bytes a provider may read; ObjectGraph is set when
 * the input already is an in-memory ObjectGraph. */
typedef struct NevercRawLinkInput {
  NevercABITableHeader Header;
  NevercLinkInputKind Kind;
  uint32_t Reserved;
  NevercLinkInputFlags Flags;
  uint64_t Ordinal;
  NevercStringView LogicalURI;
  NevercByteView AuthorizedBlob;
  NevercObjectGraphHandle ObjectGraph;
  NevercArtifactHandle Artifact;
  NevercStructArrayView Extensions;
} NevercRawLinkInput;

/* Inputs holds NevercRawLinkInput in command-line order; OrderDigest pins
 * that order. */
struct NevercRawLinkInputSet {
  NevercABITableHeader Header;
  NevercStructArrayView Inputs;
  uint8_t OrderDigest[32];
};

/* InstallName is Mach-O's, Soname ELF's DT_SONAME. SearchPaths and
 * Libraries hold NevercStringView (see the top of the file). */
typedef struct NevercLinkOptions {
  NevercABITableHeader Header;
  NevercLinkOptionFlags Flags;
  NevercStringView EntrySymbol;
  NevercStringView InstallName;
  NevercStringView Soname;
  uint64_t ImageBase;
  uint64_t PageSize;
  uint32_t ThreadBudget;
  uint32_t Reserved;
  NevercStructArrayView SearchPaths;
  NevercStructArrayView Libraries;
  NevercStructArrayView Extensions;
} NevercLinkOptions;

/* The whole request; Request is its own handle, OutputURI the -o
 * destination, RequestDigest a digest over all of it. */
struct NevercLinkRequest {
  NevercABITableHeader Header;
  NevercLinkRequestHandle Request;
  NevercTaskHandle Task;
  NevercTargetKey Target;
  NevercObjectFormatID InputFormat;
  NevercObjectFormatID OutputFormat;
  NevercLinkOutputKind OutputKind;
  uint32_t Reserved;
  NevercStringView OutputURI;
  NevercLinkOptions Options;
  NevercRawLinkInputSet RawInputs;
  uint8_t RequestDigest[32];
};

/* --- the link graph ---------------------------------------------------- */

/* One count per graph pager. Generation grows with every committed
 * mutation. */
typedef struct NevercLinkGraphInfo {
  NevercABITableHeader Header;
  NevercLinkGraphHandle Graph;
  NevercTargetKey Target;
  NevercObjectFormatID FormatID;
  NevercLinkState State;
  uint32_t Reserved;
  uint64_t Generation;
  uint64_t InputCount;
  uint64_t ArchiveCount;
  uint64_t ArchiveMemberCount;
  uint64_t SharedLibraryCount;
  uint64_t BitcodeModuleCount;
  uint64_t SectionCount;
  uint64_t AtomCount;
  uint64_t SymbolCount;
  uint64_t EdgeCount;
  uint64_t ComdatCount;
  uint64_t ImportCount;
  uint64_t ExportCount;
  uint64_t UnwindCount;
  uint64_t SyntheticCount;
  uint64_t ConstraintCount;
  uint8_t SemanticDigest[32];
} NevercLinkGraphInfo;

/* Where an entity came from: its input, the archive member it was pulled
 * from (null if none), the source ObjectGraph and the entity's ID in it,
 * the phase and provider that created it, and the phase and plugin of the
 * last committed mutation that touched it. Every entity info but
 * NevercLinkInputInfo carries one. */
typedef struct NevercLinkOrigin {
  NevercABITableHeader Header;
  NevercLinkInputHandle Input;
  NevercLinkArchiveMemberHandle ArchiveMember;
  NevercObjectGraphHandle ObjectGraph;
  uint64_t ObjectEntityID;
  NevercInterfaceID CreatedByPhase;
  NevercStringView CreatedByProvider;
  NevercInterfaceID LastMutationPhase;
  NevercStringView LastMutationPlugin;
} NevercLinkOrigin;

/* A pager's page (rules at the top of the file). */
typedef struct NevercLinkEntityPage {
  NevercABITableHeader Header;
  void *Data;
  uint64_t ElementCapacity;
  uint64_t ElementStride;
  uint64_t OutCount;
  uint64_t NextCursor;
  NevercBool HasMore;
  uint32_t Reserved;
} NevercLinkEntityPage;

/* What a skip proof pins; stale when GraphGeneration or SemanticDigest
 * no longer match. */
typedef struct NevercLinkProofInfo {
  NevercABITableHeader Header;
  NevercLinkProofHandle Proof;
  NevercLinkGraphHandle Graph;
  NevercLinkState State;
  uint32_t Reserved;
  uint64_t GraphGeneration;
  NevercTargetID TargetID;
  NevercObjectFormatID FormatID;
  NevercInterfaceID OutputArtifact;
  uint8_t RouteDigest[32];
  uint8_t SemanticDigest[32];
  uint64_t ImageBase;
  uint64_t EntryAddress;
} NevercLinkProofInfo;

/* For graph phases. Link is bound to the task (no QueryInterface needed);
 * an observer gets the read-only bridge. */
typedef struct NevercLinkPhaseGraphInfo {
  NevercABITableHeader Header;
  const struct NevercLinkAPI *Link;
  NevercLinkGraphHandle Graph;
  NevercLinkProofHandle Proof;
  NevercLinkState State;
  uint32_t Reserved;
  uint64_t Generation;
} NevercLinkPhaseGraphInfo;

/* For image phases: the image and the output bundle it belongs to. */
typedef struct NevercLinkPhaseImageInfo {
  NevercABITableHeader Header;
  const struct NevercLinkAPI *Link;
  NevercBinaryImageHandle Image;
  NevercOutputBundleHandle Outputs;
  NevercBinaryImageState State;
  uint32_t Reserved;
  uint64_t Generation;
} NevercLinkPhaseImageInfo;

/* --- entity infos ------------------------------------------------------ */

/* ReaderRoute names the reader that handled the input. ObjectGraph,
 * Archive, SharedLibrary or BitcodeModule is the entity Kind says the
 * input is; the others are null. */
typedef struct NevercLinkInputInfo {
  NevercABITableHeader Header;
  NevercLinkInputHandle Input;
  NevercLinkInputKind Kind;
  uint32_t Reserved;
  NevercLinkInputFlags Flags;
  uint64_t Ordinal;
  NevercStringView LogicalURI;
  uint8_t ContentDigest[32];
  NevercStringView ReaderRoute;
  NevercObjectGraphHandle ObjectGraph;
  NevercLinkArchiveHandle Archive;
  NevercLinkSharedLibraryHandle SharedLibrary;
  NevercLinkBitcodeModuleHandle BitcodeModule;
  NevercStructArrayView Extensions;
} NevercLinkInputInfo;

typedef struct NevercLinkArchiveInfo {
  NevercABITableHeader Header;
  NevercLinkArchiveHandle Archive;
  NevercLinkInputHandle Input;
  NevercStringView Name;
  NevercBool Thin;
  uint8_t Reserved8[3];
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkArchiveInfo;

/* Materialized: the member was pulled into the link, for the reason in
 * MaterializationReason. */
typedef struct NevercLinkArchiveMemberInfo {
  NevercABITableHeader Header;
  NevercLinkArchiveMemberHandle Member;
  NevercLinkInputHandle Input;
  NevercLinkArchiveHandle Archive;
  NevercStringView Name;
  uint64_t Ordinal;
  uint8_t ContentDigest[32];
  NevercBool Materialized;
  uint8_t Reserved8[3];
  NevercStringView MaterializationReason;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkArchiveMemberInfo;

typedef struct NevercLinkSharedLibraryInfo {
  NevercABITableHeader Header;
  NevercLinkSharedLibraryHandle SharedLibrary;
  NevercLinkInputHandle Input;
  NevercStringView Name;
  NevercStringView InstallName;
  uint8_t ContentDigest[32];
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkSharedLibraryInfo;

/* Summary is the module's summary (a plain handle). */
typedef struct NevercLinkBitcodeModuleInfo {
  NevercABITableHeader Header;
  NevercLinkBitcodeModuleHandle Module;
  NevercLinkInputHandle Input;
  NevercStringView Name;
  uint8_t ContentDigest[32];
  NevercHandle Summary;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkBitcodeModuleInfo;

/* Kind and Flags are object schema values (see the top of the file). */
typedef struct NevercLinkSectionInfo {
  NevercABITableHeader Header;
  NevercLinkSectionHandle Section;
  NevercStringView Name;
  NevercObjectSectionKind Kind;
  uint32_t Reserved;
  NevercObjectSectionFlags Flags;
  uint64_t Alignment;
  uint64_t Address;
  uint64_t FileOffset;
  uint64_t Size;
  NevercLinkComdatHandle Comdat;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkSectionInfo;

/* The unit GC, ICF and layout move. ZeroFillSize follows Content; a folded
 * atom names the atom it folded into in FoldLeader. */
typedef struct NevercLinkAtomInfo {
  NevercABITableHeader Header;
  NevercLinkAtomHandle Atom;
  NevercLinkSectionHandle Section;
  NevercStringView Name;
  NevercLinkAtomFlags Flags;
  uint64_t Alignment;
  uint64_t Address;
  uint64_t FileOffset;
  NevercByteView Content;
  uint64_t ZeroFillSize;
  NevercLinkComdatHandle Comdat;
  NevercLinkAtomHandle FoldLeader;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkAtomInfo;

/* Version is the symbol version (ELF); Type an object schema ID. */
typedef struct NevercLinkSymbolInfo {
  NevercABITableHeader Header;
  NevercLinkSymbolHandle Symbol;
  NevercStringView Name;
  NevercStringView Version;
  NevercLinkSymbolBinding Binding;
  NevercLinkSymbolVisibility Visibility;
  NevercLinkSymbolDefinition Definition;
  NevercObjectSymbolType Type;
  NevercLinkAtomHandle Atom;
  uint64_t Value;
  uint64_t Size;
  NevercBool IsPrevailing;
  NevercBool IsExported;
  NevercBool IsImported;
  NevercBool IsRoot;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkSymbolInfo;

/* The only input of SetSymbolResolution: a symbol's name, value and atom
 * cannot change through it. */
typedef struct NevercLinkSymbolResolutionUpdate {
  NevercABITableHeader Header;
  NevercLinkSymbolBinding Binding;
  NevercLinkSymbolVisibility Visibility;
  NevercLinkSymbolDefinition Definition;
  NevercBool IsPrevailing;
  NevercBool IsExported;
  uint8_t Reserved8[2];
} NevercLinkSymbolResolutionUpdate;

/* Source is the atom holding the fixup, Offset relative to it.
 * RelocationKind is the native relocation type (LOCKSTEP, see the top of
 * the file). The target is TargetSymbol or TargetAtom. */
typedef struct NevercLinkEdgeInfo {
  NevercABITableHeader Header;
  NevercLinkEdgeHandle Edge;
  NevercLinkEdgeKind Kind;
  uint32_t Reserved;
  NevercLinkAtomHandle Source;
  uint64_t Offset;
  NevercObjectRelocationKind RelocationKind;
  uint32_t Width;
  int64_t Addend;
  NevercBool IsPCRelative;
  NevercBool IsSigned;
  uint8_t Reserved8[2];
  NevercLinkSymbolHandle TargetSymbol;
  NevercLinkAtomHandle TargetAtom;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkEdgeInfo;

/* Selected is the group instance that won. */
typedef struct NevercLinkComdatInfo {
  NevercABITableHeader Header;
  NevercLinkComdatHandle Comdat;
  NevercStringView Name;
  NevercLinkComdatSelection Selection;
  uint32_t Reserved;
  NevercLinkComdatHandle Selected;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkComdatInfo;

typedef struct NevercLinkImportInfo {
  NevercABITableHeader Header;
  NevercLinkImportHandle Import;
  NevercStringView Name;
  NevercStringView Library;
  NevercLinkSymbolHandle Symbol;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkImportInfo;

typedef struct NevercLinkExportInfo {
  NevercABITableHeader Header;
  NevercLinkExportHandle Export;
  NevercStringView Name;
  NevercLinkSymbolHandle Symbol;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkExportInfo;

/* Atom is the code atom the record describes. */
typedef struct NevercLinkUnwindInfo {
  NevercABITableHeader Header;
  NevercLinkUnwindHandle Unwind;
  NevercLinkAtomHandle Atom;
  NevercLinkSymbolHandle PersonalitySymbol;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkUnwindInfo;

/* Also what CreateSynthetic and ReplaceSynthetic take. Role is a free-form
 * name (GOT, PLT, ...). neverc's graph linker lists the output sections it
 * makes itself, Role being the section's name (".got", ".plt", ...), from
 * LAYOUT_COMPLETE on. */
typedef struct NevercLinkSyntheticInfo {
  NevercABITableHeader Header;
  NevercLinkSyntheticHandle Synthetic;
  NevercStringView Role;
  NevercLinkSectionHandle Section;
  NevercLinkAtomHandle Atom;
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkSyntheticInfo;

/* Also what CreateConstraint and ReplaceConstraint take. Kind is a
 * free-form name; SubjectID and Value are read by that kind. The kinds
 * neverc's graph linker knows (another is INVALID_ARGUMENT):
 *   "atom-order"  SubjectID: an atom (its position in GetAtomPage's order,
 *                 from 0); Value: its rank in its output section. Ranked
 *                 atoms come first, lower ranks first; the rest follow in
 *                 input order (a function-ordering file, made by a plugin).
 *   "atom-align"  SubjectID: an atom; Value: a power of two up to 65536 its
 *                 address must be a multiple of.
 * A Required constraint that cannot hold at layout (its atom is not in the
 * image; an aligned atom merged with others) fails the link. */
typedef struct NevercLinkConstraintInfo {
  NevercABITableHeader Header;
  NevercLinkConstraintHandle Constraint;
  NevercStringView Kind;
  uint64_t SubjectID;
  uint64_t Value;
  NevercBool Required;
  uint8_t Reserved8[3];
  NevercLinkOrigin Origin;
  NevercStructArrayView Extensions;
} NevercLinkConstraintInfo;

/* --- the binary image -------------------------------------------------- */

typedef struct NevercBinarySegmentInfo {
  NevercABITableHeader Header;
  NevercBinarySegmentHandle Segment;
  NevercStringView Name;
  NevercBinarySegmentFlags Flags;
  uint64_t Address;
  uint64_t MemorySize;
  uint64_t FileOffset;
  uint64_t FileSize;
  uint64_t Alignment;
} NevercBinarySegmentInfo;

/* Kind and Flags are object schema values; Segment may be null. */
typedef struct NevercBinarySectionInfo {
  NevercABITableHeader Header;
  NevercBinarySectionHandle Section;
  NevercBinarySegmentHandle Segment;
  NevercStringView Name;
  NevercObjectSectionKind Kind;
  uint32_t Reserved;
  NevercObjectSectionFlags Flags;
  uint64_t Address;
  uint64_t MemorySize;
  uint64_t FileOffset;
  uint64_t FileSize;
  uint64_t Alignment;
} NevercBinarySectionInfo;

/* Binary and Builder are the bounded writer over the image bytes
 * (PluginObject.h). A linker provider fills the image through them, and
 * so does an interceptor or provider of neverc.link.full or an
 * interceptor of post_emit; a write through an observer's bridge, or from
 * an image verifier, gives NEVERC_STATUS_POLICY_VIOLATION, and one to an
 * image past CANDIDATE (or whose staging was aborted)
 * NEVERC_STATUS_INVALID_STATE, as for object images. */
typedef struct NevercBinaryImageInfo {
  NevercABITableHeader Header;
  NevercBinaryImageHandle Image;
  NevercBinaryImageState State;
  NevercLinkOutputKind OutputKind;
  NevercTargetID TargetID;
  NevercObjectFormatID FormatID;
  uint64_t EntryAddress;
  uint64_t ImageBase;
  uint64_t Size;
  uint64_t SegmentCount;
  uint64_t SectionCount;
  uint64_t ImportCount;
  uint64_t ExportCount;
  uint64_t DynamicRelocationCount;
  uint8_t ContentDigest[32];
  const NevercMutableBinaryAPI *Binary;
  NevercMutableBinaryBuilderHandle Builder;
  NevercStructArrayView Extensions;
} NevercBinaryImageInfo;

/* --- providers --------------------------------------------------------- */

struct NevercLinkerProductCandidate {
  NevercABITableHeader Header;
  NevercBinaryImageHandle Image;
  NevercOutputBundleHandle Outputs;
  NevercInterfaceID ProductID;
  uint8_t ProducerRouteDigest[32];
};

/* One object to merge: its graph and the table that reads it. */
struct NevercObjectMergeInput {
  NevercABITableHeader Header;
  const struct NevercObjectAPI *Object;
  NevercObjectGraphHandle Graph;
};

/* Objects holds NevercObjectMergeInput. OutputGraph is host-opened,
 * OutputMutation host-owned: write into them, do not commit. */
struct NevercObjectMergeRequest {
  NevercABITableHeader Header;
  NevercTaskHandle Task;
  NevercTargetKey Target;
  NevercObjectFormatID FormatID;
  NevercStructArrayView Objects;
  NevercLinkOptionFlags Flags;
  NevercStructArrayView Extensions;
  const struct NevercObjectAPI *OutputObject;
  NevercObjectGraphHandle OutputGraph;
  NevercObjectMutationHandle OutputMutation;
};

struct NevercObjectMergeCandidate {
  NevercABITableHeader Header;
  NevercObjectGraphHandle Object;
  NevercInterfaceID ProductID;
  uint8_t ProducerRouteDigest[32];
};

/* Header.Major/Minor are the LINK_REGISTRAR version. ProviderID is
 * reverse-DNS. Link is required, VerifyImage optional (an extra check of
 * this provider's images). */
typedef struct NevercLinkerProviderDescriptor {
  NevercABITableHeader Header;
  NevercStringView ProviderID;
  NevercTargetID TargetID;
  NevercObjectFormatID InputFormat;
  NevercObjectFormatID OutputFormat;
  NevercLinkOutputKind OutputKind;
  uint32_t Reserved;
  NevercLinkProviderFlags Flags;
  NevercStringView CompatibilityKey;
  NevercInterfaceID ProductID;
  NevercLinkerProviderFn Link;
  NevercBinaryImageVerifierFn VerifyImage;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercLinkerProviderDescriptor;

typedef struct NevercObjectMergeProviderDescriptor {
  NevercABITableHeader Header;
  NevercStringView ProviderID;
  NevercTargetID TargetID;
  NevercObjectFormatID FormatID;
  NevercLinkProviderFlags Flags;
  NevercStringView CompatibilityKey;
  NevercInterfaceID ProductID;
  NevercObjectMergeProviderFn Merge;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercObjectMergeProviderDescriptor;

typedef struct NevercBinaryImageVerifierDescriptor {
  NevercABITableHeader Header;
  NevercStringView VerifierID;
  NevercTargetID TargetID;
  NevercObjectFormatID FormatID;
  NevercLinkOutputKind OutputKind;
  uint32_t Reserved;
  NevercBinaryImageVerifierFn Verify;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercBinaryImageVerifierDescriptor;

/* --- tables ------------------------------------------------------------ */

/* Every slot takes the task. GetRequest and GetGraphInfo read summaries;
 * the fifteen graph pagers (GetInputPage ... GetConstraintPage) each fill
 * NevercLink<Entity>Info elements and have a single-entity getter
 * (GetInputInfo ... GetConstraintInfo); the two image pagers fill
 * NevercBinarySegmentInfo and NevercBinarySectionInfo. Every slot taking a
 * mutation stages a change that CommitMutation applies; SetSymbolRoot
 * adds or removes a GC root, SetAtomLive forces liveness, SetFoldLeader
 * sets (or with a null Leader clears) an ICF fold, SetSymbolResolution
 * changes binding, visibility, definition, prevailing and exported only. */
typedef struct NevercLinkAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *GetRequest)(void *Context, NevercTaskHandle Task,
                                        NevercLinkRequestHandle Request,
                                        NevercLinkRequest *OutRequest);
  NevercStatus(NEVERC_CALL *GetGraphInfo)(void *Context, NevercTaskHandle Task,
                                          NevercLinkGraphHandle Graph,
                                          NevercLinkGraphInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetInputPage)(void *Context, NevercTaskHandle Task,
                                          NevercLinkGraphHandle Graph,
                                          uint64_t Cursor,
                                          NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetArchivePage)(void *Context,
                                            NevercTaskHandle Task,
                                            NevercLinkGraphHandle Graph,
                                            uint64_t Cursor,
                                            NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetArchiveMemberPage)(
      void *Context, NevercTaskHandle Task, NevercLinkGraphHandle Graph,
      uint64_t Cursor, NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetSharedLibraryPage)(
      void *Context, NevercTaskHandle Task, NevercLinkGraphHandle Graph,
      uint64_t Cursor, NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetBitcodeModulePage)(
      void *Context, NevercTaskHandle Task, NevercLinkGraphHandle Graph,
      uint64_t Cursor, NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetSectionPage)(void *Context,
                                            NevercTaskHandle Task,
                                            NevercLinkGraphHandle Graph,
                                            uint64_t Cursor,
                                            NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetAtomPage)(void *Context, NevercTaskHandle Task,
                                         NevercLinkGraphHandle Graph,
                                         uint64_t Cursor,
                                         NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetSymbolPage)(void *Context, NevercTaskHandle Task,
                                           NevercLinkGraphHandle Graph,
                                           uint64_t Cursor,
                                           NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetEdgePage)(void *Context, NevercTaskHandle Task,
                                         NevercLinkGraphHandle Graph,
                                         uint64_t Cursor,
                                         NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetComdatPage)(void *Context, NevercTaskHandle Task,
                                           NevercLinkGraphHandle Graph,
                                           uint64_t Cursor,
                                           NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetImportPage)(void *Context, NevercTaskHandle Task,
                                           NevercLinkGraphHandle Graph,
                                           uint64_t Cursor,
                                           NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetExportPage)(void *Context, NevercTaskHandle Task,
                                           NevercLinkGraphHandle Graph,
                                           uint64_t Cursor,
                                           NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetUnwindPage)(void *Context, NevercTaskHandle Task,
                                           NevercLinkGraphHandle Graph,
                                           uint64_t Cursor,
                                           NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetSyntheticPage)(void *Context,
                                              NevercTaskHandle Task,
                                              NevercLinkGraphHandle Graph,
                                              uint64_t Cursor,
                                              NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetConstraintPage)(void *Context,
                                               NevercTaskHandle Task,
                                               NevercLinkGraphHandle Graph,
                                               uint64_t Cursor,
                                               NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetInputInfo)(void *Context, NevercTaskHandle Task,
                                          NevercLinkInputHandle Input,
                                          NevercLinkInputInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetArchiveInfo)(void *Context,
                                            NevercTaskHandle Task,
                                            NevercLinkArchiveHandle Archive,
                                            NevercLinkArchiveInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetArchiveMemberInfo)(
      void *Context, NevercTaskHandle Task,
      NevercLinkArchiveMemberHandle Member,
      NevercLinkArchiveMemberInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetSharedLibraryInfo)(
      void *Context, NevercTaskHandle Task,
      NevercLinkSharedLibraryHandle SharedLibrary,
      NevercLinkSharedLibraryInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetBitcodeModuleInfo)(
      void *Context, NevercTaskHandle Task,
      NevercLinkBitcodeModuleHandle Module,
      NevercLinkBitcodeModuleInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetSectionInfo)(void *Context,
                                            NevercTaskHandle Task,
                                            NevercLinkSectionHandle Section,
                                            NevercLinkSectionInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetAtomInfo)(void *Context, NevercTaskHandle Task,
                                         NevercLinkAtomHandle Atom,
                                         NevercLinkAtomInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetSymbolInfo)(void *Context, NevercTaskHandle Task,
                                           NevercLinkSymbolHandle Symbol,
                                           NevercLinkSymbolInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetEdgeInfo)(void *Context, NevercTaskHandle Task,
                                         NevercLinkEdgeHandle Edge,
                                         NevercLinkEdgeInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetComdatInfo)(void *Context, NevercTaskHandle Task,
                                           NevercLinkComdatHandle Comdat,
                                           NevercLinkComdatInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetImportInfo)(void *Context, NevercTaskHandle Task,
                                           NevercLinkImportHandle Import,
                                           NevercLinkImportInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetExportInfo)(void *Context, NevercTaskHandle Task,
                                           NevercLinkExportHandle Export,
                                           NevercLinkExportInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetUnwindInfo)(void *Context, NevercTaskHandle Task,
                                           NevercLinkUnwindHandle Unwind,
                                           NevercLinkUnwindInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetSyntheticInfo)(
      void *Context, NevercTaskHandle Task, NevercLinkSyntheticHandle Synthetic,
      NevercLinkSyntheticInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetConstraintInfo)(
      void *Context, NevercTaskHandle Task,
      NevercLinkConstraintHandle Constraint, NevercLinkConstraintInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetProofInfo)(void *Context, NevercTaskHandle Task,
                                          NevercLinkProofHandle Proof,
                                          NevercLinkProofInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetBinaryImageInfo)(void *Context,
                                                NevercTaskHandle Task,
                                                NevercBinaryImageHandle Image,
                                                NevercBinaryImageInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetBinarySegmentPage)(
      void *Context, NevercTaskHandle Task, NevercBinaryImageHandle Image,
      uint64_t Cursor, NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetBinarySectionPage)(
      void *Context, NevercTaskHandle Task, NevercBinaryImageHandle Image,
      uint64_t Cursor, NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *BeginMutation)(
      void *Context, NevercTaskHandle Task, NevercLinkGraphHandle Graph,
      NevercLinkMutationHandle *OutMutation);
  NevercStatus(NEVERC_CALL *CommitMutation)(void *Context,
                                            NevercTaskHandle Task,
                                            NevercLinkMutationHandle Mutation);
  NevercStatus(NEVERC_CALL *AbandonMutation)(void *Context,
                                             NevercTaskHandle Task,
                                             NevercLinkMutationHandle Mutation);
  NevercStatus(NEVERC_CALL *RebindSymbol)(void *Context, NevercTaskHandle Task,
                                          NevercLinkMutationHandle Mutation,
                                          NevercLinkSymbolHandle Symbol,
                                          NevercLinkAtomHandle Atom);
  NevercStatus(NEVERC_CALL *RetargetEdge)(void *Context, NevercTaskHandle Task,
                                          NevercLinkMutationHandle Mutation,
                                          NevercLinkEdgeHandle Edge,
                                          NevercLinkSymbolHandle TargetSymbol,
                                          NevercLinkAtomHandle TargetAtom);
  NevercStatus(NEVERC_CALL *SetSymbolRoot)(void *Context, NevercTaskHandle Task,
                                           NevercLinkMutationHandle Mutation,
                                           NevercLinkSymbolHandle Symbol,
                                           NevercBool Root);
  NevercStatus(NEVERC_CALL *SetAtomLive)(void *Context, NevercTaskHandle Task,
                                         NevercLinkMutationHandle Mutation,
                                         NevercLinkAtomHandle Atom,
                                         NevercBool Live);
  NevercStatus(NEVERC_CALL *SetFoldLeader)(void *Context, NevercTaskHandle Task,
                                           NevercLinkMutationHandle Mutation,
                                           NevercLinkAtomHandle Atom,
                                           NevercLinkAtomHandle Leader);
  NevercStatus(NEVERC_CALL *ReplaceAtomContent)(
      void *Context, NevercTaskHandle Task, NevercLinkMutationHandle Mutation,
      NevercLinkAtomHandle Atom, NevercByteView Content, uint64_t ZeroFillSize);
  NevercStatus(NEVERC_CALL *CreateSynthetic)(
      void *Context, NevercTaskHandle Task, NevercLinkMutationHandle Mutation,
      const NevercLinkSyntheticInfo *Descriptor,
      NevercLinkSyntheticHandle *OutSynthetic);
  NevercStatus(NEVERC_CALL *ReplaceSynthetic)(
      void *Context, NevercTaskHandle Task, NevercLinkMutationHandle Mutation,
      NevercLinkSyntheticHandle Synthetic,
      const NevercLinkSyntheticInfo *Descriptor);
  NevercStatus(NEVERC_CALL *EraseSynthetic)(
      void *Context, NevercTaskHandle Task, NevercLinkMutationHandle Mutation,
      NevercLinkSyntheticHandle Synthetic);
  NevercStatus(NEVERC_CALL *CreateConstraint)(
      void *Context, NevercTaskHandle Task, NevercLinkMutationHandle Mutation,
      const NevercLinkConstraintInfo *Descriptor,
      NevercLinkConstraintHandle *OutConstraint);
  NevercStatus(NEVERC_CALL *ReplaceConstraint)(
      void *Context, NevercTaskHandle Task, NevercLinkMutationHandle Mutation,
      NevercLinkConstraintHandle Constraint,
      const NevercLinkConstraintInfo *Descriptor);
  NevercStatus(NEVERC_CALL *EraseConstraint)(
      void *Context, NevercTaskHandle Task, NevercLinkMutationHandle Mutation,
      NevercLinkConstraintHandle Constraint);
  NevercStatus(NEVERC_CALL *SetSymbolResolution)(
      void *Context, NevercTaskHandle Task, NevercLinkMutationHandle Mutation,
      NevercLinkSymbolHandle Symbol,
      const NevercLinkSymbolResolutionUpdate *Update);
} NevercLinkAPI;

/* Registration time only: RegistrarContext is the one the plugin's
 * Register received; there is no task. The host copies the descriptor and
 * its strings. */
typedef struct NevercLinkRegistrarAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *RegisterLinkerProvider)(
      void *Context, void *RegistrarContext,
      const NevercLinkerProviderDescriptor *Descriptor);
  NevercStatus(NEVERC_CALL *RegisterObjectMergeProvider)(
      void *Context, void *RegistrarContext,
      const NevercObjectMergeProviderDescriptor *Descriptor);
  NevercStatus(NEVERC_CALL *RegisterBinaryImageVerifier)(
      void *Context, void *RegistrarContext,
      const NevercBinaryImageVerifierDescriptor *Descriptor);
} NevercLinkRegistrarAPI;

/* For the neverc.link.* phase callbacks; pass Frame->Input (or the
 * artifact the callback got) as Artifact. GetGraph serves the graph
 * phases, GetImage the image phases (emit_image's output onwards);
 * PublishGraph makes a replacing provider's graph the phase's output. */
typedef struct NevercLinkPhaseAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *GetGraph)(void *Context,
                                      const NevercPhaseFrame *Frame,
                                      NevercArtifactHandle Artifact,
                                      NevercLinkPhaseGraphInfo *OutInfo);
  NevercStatus(NEVERC_CALL *PublishGraph)(void *Context,
                                          const NevercPhaseFrame *Frame,
                                          NevercLinkGraphHandle Graph,
                                          NevercArtifactHandle *OutArtifact);
  NevercStatus(NEVERC_CALL *GetImage)(void *Context,
                                      const NevercPhaseFrame *Frame,
                                      NevercArtifactHandle Artifact,
                                      NevercLinkPhaseImageInfo *OutInfo);
} NevercLinkPhaseAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINLINK_H */
