/*
 * neverc plugin SDK -- link-time optimization: the LTO request of a link,
 * its bitcode input modules and symbol resolutions, and LTO codegen
 * providers (pure C11).
 *
 * Two tables the host implements, each negotiated on its own:
 *  - NevercLTOAPI (NEVERC_INTERFACE_LTO_*, 5 slots) reads the LTO request
 *    of a link: its options, the target, the bitcode input modules and the
 *    per-symbol resolutions, the last two paged like the link graph
 *    (NevercLinkEntityPage, PluginLink.h) or read one at a time.
 *  - NevercLTORegistrarAPI (NEVERC_INTERFACE_LTO_REGISTRAR_*, 1 slot)
 *    registers LTO providers, only inside the plugin's Register callback
 *    (RegistrarContext is the one Register received; there is no task).
 * What a plugin supplies: NevercLTOProviderDescriptor with a
 * NevercLTOBuildCacheKeyFn (the provider's cache key for a request) and a
 * NevercLTOCodegenFn (the bitcode of a request turned into objects).
 * Both interfaces are STABLE at 1.0: a newer host only appends slots and
 * fields, so compare the StructSize the host returns with the end of the
 * last slot you call (NEVERC_ABI_FIELD_AVAILABLE).
 *
 * The phases. LTO has no phases of its own: it is two steps of a link
 * (PluginLink.h, PluginPhaseSchema.h). neverc.link.lto_resolve computes
 * the resolutions (the link graph reaches
 * NEVERC_LINK_STATE_LTO_RESOLUTION_READY) and neverc.link.lto_generate
 * turns the bitcode into ObjectGraphs merged into the link
 * (NEVERC_LINK_STATE_LTO_GENERATED); NevercLTOAPI reads what both made.
 * Each resolution names the link-graph symbol it belongs to (LinkSymbol).
 *
 * Lifetimes and rules (as in PluginLink.h):
 *  - Every LTO handle is task-scoped and host-owned: after its task it
 *    gives NEVERC_STATUS_STALE_HANDLE, from another task
 *    NEVERC_STATUS_WRONG_SCOPE, from another session
 *    NEVERC_STATUS_WRONG_SESSION. A handle a callback received is not
 *    kept past its return; handles are never stored or made up.
 *  - String, byte and struct-array views given to a callback or filled by
 *    a slot (the request's Modules and Resolutions among them) are
 *    borrowed until that callback returns. NevercLTORequest.Modules holds
 *    NevercLTOInputModuleInfo, .Resolutions NevercLTOSymbolResolution, and
 *    NevercLTOProductCandidate.Objects NevercLTOObjectProduct.
 *  - Flags bits without a definition must be 0.
 *  - GetModulePage and GetResolutionPage follow PluginLink.h's pager rules
 *    (the caller owns InOutPage and Data and sets Header, ElementCapacity
 *    and ElementStride on every call; cursor 0 starts at the first entity
 *    and NextCursor goes on exactly where the last page stopped), filling
 *    NevercLTOInputModuleInfo and NevercLTOSymbolResolution elements.
 *  - Providers: NEVERC_LTO_PROVIDER_FULL and _THIN say which LTO modes the
 *    provider serves. BuildCacheKey writes the key into the caller's
 *    OutputKey and sets *OutKeySize to the size the whole key needs, so
 *    the host can call again with a larger buffer. The key must be a pure
 *    function of the request; building it from RequestDigest and
 *    ResolutionDigest is the safe construction. Codegen fills the
 *    candidate: one NevercLTOObjectProduct per object it produced, the
 *    optional OptimizedBitcode and ThinIndex artifacts, and the CacheKey it
 *    actually used. On success the host adopts the handles in the
 *    candidate; on failure the provider still owns what it created.
 *    NEVERC_LTO_PROVIDER_DETERMINISTIC promises byte-identical objects for
 *    the same request digest; NEVERC_LTO_PROVIDER_CACHEABLE promises that
 *    the cache key covers every input that can change the output.
 *
 * Decisions recorded here (shared/spec/link-lto.md, PluginLTO.h
 * b553b6d1, and the project decisions of shared/spec/README.md):
 *  - NevercLTOAPI.GetRequest with a null Request handle names the LTO
 *    request of the task's current link, the one lto_resolve made; the
 *    snapshot's Request field then carries its real handle. NevercLTOAPI
 *    answers during lto_resolve, lto_generate and the later link phases of
 *    a link with bitcode inputs; before lto_resolve, or in a link without
 *    bitcode inputs, GetRequest gives NEVERC_STATUS_NOT_FOUND.
 *  - Every Extensions field is a NevercStructArrayView of
 *    NevercLinkExtension, as in PluginLink.h (the upstream header names no
 *    element type).
 *  - Versioning is checked against Header.StructSize (the upstream prose
 *    says "TableSize"; no such field exists).
 */
#ifndef NEVERC_PLUGIN_PLUGINLTO_H
#define NEVERC_PLUGIN_PLUGINLTO_H

#include "neverc/Plugin/PluginLink.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "NCPLTO\0", 0x01 / 1. */
#define NEVERC_INTERFACE_LTO_HIGH UINT64_C(0x4e43504c544f0001)
#define NEVERC_INTERFACE_LTO_LOW UINT64_C(0x0000000000000001)
#define NEVERC_LTO_API_MAJOR UINT16_C(1)
#define NEVERC_LTO_API_MINOR UINT16_C(0)
#define NEVERC_LTO_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* "NCPLTOR", 0x01 / 1. */
#define NEVERC_INTERFACE_LTO_REGISTRAR_HIGH UINT64_C(0x4e43504c544f5201)
#define NEVERC_INTERFACE_LTO_REGISTRAR_LOW UINT64_C(0x0000000000000001)
#define NEVERC_LTO_REGISTRAR_API_MAJOR UINT16_C(1)
#define NEVERC_LTO_REGISTRAR_API_MINOR UINT16_C(0)
#define NEVERC_LTO_REGISTRAR_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

typedef NevercHandle NevercLTORequestHandle;
typedef NevercHandle NevercLTOModuleHandle;
typedef NevercHandle NevercLTOSummaryHandle;
typedef NevercHandle NevercLTOInputModuleHandle;
typedef NevercHandle NevercLTOResolutionHandle;
typedef NevercHandle NevercLTOProviderHandle;
typedef NevercHandle NevercLTOCacheEntryHandle;
typedef NevercHandle NevercLTOProductHandle;

/* Which LTO a link runs. NevercLTOMode is the same type. */
typedef uint32_t NevercLTOType;
typedef NevercLTOType NevercLTOMode;
#define NEVERC_LTO_NONE UINT32_C(0)
#define NEVERC_LTO_FULL UINT32_C(1)
#define NEVERC_LTO_THIN UINT32_C(2)

/* Where LTO products may be cached: nowhere, for the task, in a cache
 * shared on this machine, or in a remote shared cache. */
typedef uint32_t NevercLTOCacheScope;
#define NEVERC_LTO_CACHE_DISABLED UINT32_C(0)
#define NEVERC_LTO_CACHE_TASK UINT32_C(1)
#define NEVERC_LTO_CACHE_LOCAL_SHARED UINT32_C(2)
#define NEVERC_LTO_CACHE_REMOTE_SHARED UINT32_C(3)

typedef uint64_t NevercLTOOptionFlags;
#define NEVERC_LTO_OPTION_NONE UINT64_C(0)
#define NEVERC_LTO_OPTION_EMIT_OPTIMIZED_BITCODE (UINT64_C(1) << 0)
#define NEVERC_LTO_OPTION_EMIT_INDEX (UINT64_C(1) << 1)
#define NEVERC_LTO_OPTION_SAVE_TEMPS (UINT64_C(1) << 2)
#define NEVERC_LTO_OPTION_WHOLE_PROGRAM_VISIBILITY (UINT64_C(1) << 3)
#define NEVERC_LTO_OPTION_UNIFIED_LTO (UINT64_C(1) << 4)
#define NEVERC_LTO_OPTION_DETERMINISTIC (UINT64_C(1) << 5)

/* What lto_resolve decided about one symbol of one module: PREVAILING (its
 * definition is the one kept), VISIBLE_TO_REGULAR_OBJECT (a non-bitcode
 * object can see it), EXPORTED (dynamic symbol table), FINAL_DEFINITION
 * (cannot be preempted), CAN_INLINE, CAN_INTERNALIZE, LINKER_REDEFINED
 * (--wrap, --defsym and the like) and REFERENCED_BY_REGULAR_OBJECT. */
typedef uint64_t NevercLTOSymbolResolutionFlags;
#define NEVERC_LTO_SYMBOL_PREVAILING (UINT64_C(1) << 0)
#define NEVERC_LTO_SYMBOL_VISIBLE_TO_REGULAR_OBJECT (UINT64_C(1) << 1)
#define NEVERC_LTO_SYMBOL_EXPORTED (UINT64_C(1) << 2)
#define NEVERC_LTO_SYMBOL_FINAL_DEFINITION (UINT64_C(1) << 3)
#define NEVERC_LTO_SYMBOL_CAN_INLINE (UINT64_C(1) << 4)
#define NEVERC_LTO_SYMBOL_CAN_INTERNALIZE (UINT64_C(1) << 5)
#define NEVERC_LTO_SYMBOL_LINKER_REDEFINED (UINT64_C(1) << 6)
#define NEVERC_LTO_SYMBOL_REFERENCED_BY_REGULAR_OBJECT (UINT64_C(1) << 7)

/* What an LTO provider serves and promises (see the top of the file). */
typedef uint64_t NevercLTOProviderFlags;
#define NEVERC_LTO_PROVIDER_FULL (UINT64_C(1) << 0)
#define NEVERC_LTO_PROVIDER_THIN (UINT64_C(1) << 1)
#define NEVERC_LTO_PROVIDER_DETERMINISTIC (UINT64_C(1) << 2)
#define NEVERC_LTO_PROVIDER_CACHEABLE (UINT64_C(1) << 3)
#define NEVERC_LTO_PROVIDER_REPLAY_REQUIRED (UINT64_C(1) << 4)

typedef struct NevercLTORequest NevercLTORequest;
typedef struct NevercLTOProductCandidate NevercLTOProductCandidate;

/* --- provider callbacks ------------------------------------------------ */

/* Write the cache key for Request (borrowed for the call) into OutputKey
 * and the size the whole key needs into *OutKeySize. */
typedef NevercStatus(NEVERC_CALL *NevercLTOBuildCacheKeyFn)(
    void *UserData, NevercTaskHandle Task, const NevercLTORequest *Request,
    NevercMutableByteView OutputKey, uint64_t *OutKeySize);
/* Turn the bitcode of Request into objects and name them in OutCandidate. */
typedef NevercStatus(NEVERC_CALL *NevercLTOCodegenFn)(
    void *UserData, NevercTaskHandle Task, const NevercLTORequest *Request,
    NevercLTOProductCandidate *OutCandidate);

NEVERC_ABI_PACK_BEGIN

/* --- request ----------------------------------------------------------- */

/* One bitcode module: the link input it came from, its bitcode artifact,
 * its module identifier and data layout string, and how many symbols it
 * has. */
typedef struct NevercLTOInputModuleInfo {
  NevercABITableHeader Header;
  NevercLTOInputModuleHandle Module;
  NevercLinkInputHandle LinkInput;
  NevercArtifactHandle BitcodeArtifact;
  NevercStringView LogicalURI;
  NevercStringView ModuleIdentifier;
  NevercStringView DataLayout;
  uint8_t ContentDigest[32];
  uint64_t SymbolCount;
  NevercStructArrayView Extensions;
} NevercLTOInputModuleInfo;

/* One symbol of one module as lto_resolve resolved it; LinkSymbol is the
 * matching symbol of the link graph. */
typedef struct NevercLTOSymbolResolution {
  NevercABITableHeader Header;
  NevercLTOResolutionHandle Resolution;
  NevercLTOInputModuleHandle Module;
  NevercStringView SymbolName;
  NevercLinkSymbolHandle LinkSymbol;
  NevercLTOSymbolResolutionFlags Flags;
  NevercStringView ComdatName;
  NevercStringView Version;
  NevercStructArrayView Extensions;
} NevercLTOSymbolResolution;

/* OptimizationLevel is the optimizer's level, CodeGenOptimizationLevel the
 * code generator's. */
typedef struct NevercLTOOptions {
  NevercABITableHeader Header;
  NevercLTOMode Mode;
  NevercLTOCacheScope CacheScope;
  NevercLTOOptionFlags Flags;
  uint32_t OptimizationLevel;
  uint32_t CodeGenOptimizationLevel;
  uint32_t ThreadBudget;
  uint32_t ThinBackendPartitions;
  NevercStringView CPU;
  NevercStringView Features;
  NevercStringView CacheNamespace;
  NevercStructArrayView Extensions;
} NevercLTOOptions;

/* The whole request; Request is its own handle, LinkRequest and LinkGraph
 * the link it belongs to. Modules holds NevercLTOInputModuleInfo,
 * Resolutions NevercLTOSymbolResolution. ResolutionDigest covers the
 * resolutions, RequestDigest all of it. */
struct NevercLTORequest {
  NevercABITableHeader Header;
  NevercLTORequestHandle Request;
  NevercTaskHandle Task;
  NevercLinkRequestHandle LinkRequest;
  NevercLinkGraphHandle LinkGraph;
  NevercTargetKey Target;
  NevercObjectFormatID OutputFormat;
  NevercLTOOptions Options;
  NevercStructArrayView Modules;
  NevercStructArrayView Resolutions;
  uint8_t ResolutionDigest[32];
  uint8_t RequestDigest[32];
};

/* --- providers --------------------------------------------------------- */

/* One object a provider produced, from SourceModule. */
typedef struct NevercLTOObjectProduct {
  NevercABITableHeader Header;
  NevercLTOInputModuleHandle SourceModule;
  NevercObjectGraphHandle ObjectGraph;
  NevercArtifactHandle ObjectArtifact;
  NevercStringView LogicalName;
  uint8_t ContentDigest[32];
  NevercStructArrayView Extensions;
} NevercLTOObjectProduct;

/* Objects holds NevercLTOObjectProduct. OptimizedBitcode and ThinIndex are
 * optional (null handles when absent); CacheKey is the key actually used. */
struct NevercLTOProductCandidate {
  NevercABITableHeader Header;
  NevercLTOProductHandle Product;
  NevercStructArrayView Objects;
  NevercArtifactHandle OptimizedBitcode;
  NevercArtifactHandle ThinIndex;
  NevercStringView CacheKey;
  NevercInterfaceID ProductID;
  uint8_t ProducerRouteDigest[32];
};

/* Header.Major/Minor are the LTO_REGISTRAR version. ProviderID is
 * reverse-DNS. BuildCacheKey and Codegen are the provider's callbacks. */
typedef struct NevercLTOProviderDescriptor {
  NevercABITableHeader Header;
  NevercStringView ProviderID;
  NevercTargetID TargetID;
  NevercLTOProviderFlags Flags;
  NevercStringView CompatibilityKey;
  NevercInterfaceID ProductID;
  NevercLTOBuildCacheKeyFn BuildCacheKey;
  NevercLTOCodegenFn Codegen;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercLTOProviderDescriptor;

/* --- tables ------------------------------------------------------------ */

/* Every slot takes the task. GetRequest reads the request (a null Request
 * names the current link's, see the top of the file); GetModulePage and
 * GetResolutionPage page its modules and resolutions, GetModuleInfo and
 * GetResolutionInfo read one. */
typedef struct NevercLTOAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *GetRequest)(void *Context, NevercTaskHandle Task,
                                        NevercLTORequestHandle Request,
                                        NevercLTORequest *OutRequest);
  NevercStatus(NEVERC_CALL *GetModulePage)(void *Context, NevercTaskHandle Task,
                                           NevercLTORequestHandle Request,
                                           uint64_t Cursor,
                                           NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetResolutionPage)(void *Context,
                                               NevercTaskHandle Task,
                                               NevercLTORequestHandle Request,
                                               uint64_t Cursor,
                                               NevercLinkEntityPage *InOutPage);
  NevercStatus(NEVERC_CALL *GetModuleInfo)(void *Context, NevercTaskHandle Task,
                                           NevercLTOInputModuleHandle Module,
                                           NevercLTOInputModuleInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetResolutionInfo)(
      void *Context, NevercTaskHandle Task,
      NevercLTOResolutionHandle Resolution, NevercLTOSymbolResolution *OutInfo);
} NevercLTOAPI;

/* Registration time only: RegistrarContext is the one the plugin's
 * Register received; there is no task. */
typedef struct NevercLTORegistrarAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *RegisterProvider)(
      void *Context, void *RegistrarContext,
      const NevercLTOProviderDescriptor *Descriptor);
} NevercLTORegistrarAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINLTO_H */
