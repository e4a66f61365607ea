/*
 * Static layout asserts for PluginLTO.h (shared/spec/link-lto.md sections
 * 2, 3.4-3.6, 4.1, 4.8 and 5.15): every struct of section 4.8 (size,
 * alignment and the offset of every field), every slot of NevercLTOAPI and
 * NevercLTORegistrarAPI, the interface IDs, versions and stability, the
 * eight LTO handles, the provider callbacks, and every enum and flag value
 * of section 5.15 with the width of its macros. The sizes are the spec's;
 * the offsets were worked out from the spec's field tables alone under
 * 8-byte packing on LP64 (a handle and an ID 16, a string view 16, a
 * struct-array view 24, NevercTargetKey 256, NevercLTOOptions 120),
 * independently of the compiler, and add up to the spec's sizes.
 * Compiles as C11/C23 and as C++17; a layout change makes the compile fail.
 */
#include "layout_asserts.h"

/* link-lto.md section 4.8: the request and what it holds */
SIZE(NevercLTOInputModuleInfo, 176);
ALIGN8(NevercLTOInputModuleInfo);
OFF(NevercLTOInputModuleInfo, Header, 0);
OFF(NevercLTOInputModuleInfo, Module, 16);
OFF(NevercLTOInputModuleInfo, LinkInput, 32);
OFF(NevercLTOInputModuleInfo, BitcodeArtifact, 48);
OFF(NevercLTOInputModuleInfo, LogicalURI, 64);
OFF(NevercLTOInputModuleInfo, ModuleIdentifier, 80);
OFF(NevercLTOInputModuleInfo, DataLayout, 96);
OFF(NevercLTOInputModuleInfo, ContentDigest, 112);
OFF(NevercLTOInputModuleInfo, SymbolCount, 144);
OFF(NevercLTOInputModuleInfo, Extensions, 152);

SIZE(NevercLTOSymbolResolution, 144);
ALIGN8(NevercLTOSymbolResolution);
OFF(NevercLTOSymbolResolution, Header, 0);
OFF(NevercLTOSymbolResolution, Resolution, 16);
OFF(NevercLTOSymbolResolution, Module, 32);
OFF(NevercLTOSymbolResolution, SymbolName, 48);
OFF(NevercLTOSymbolResolution, LinkSymbol, 64);
OFF(NevercLTOSymbolResolution, Flags, 80);
OFF(NevercLTOSymbolResolution, ComdatName, 88);
OFF(NevercLTOSymbolResolution, Version, 104);
OFF(NevercLTOSymbolResolution, Extensions, 120);

SIZE(NevercLTOOptions, 120);
ALIGN8(NevercLTOOptions);
OFF(NevercLTOOptions, Header, 0);
OFF(NevercLTOOptions, Mode, 16);
OFF(NevercLTOOptions, CacheScope, 20);
OFF(NevercLTOOptions, Flags, 24);
OFF(NevercLTOOptions, OptimizationLevel, 32);
OFF(NevercLTOOptions, CodeGenOptimizationLevel, 36);
OFF(NevercLTOOptions, ThreadBudget, 40);
OFF(NevercLTOOptions, ThinBackendPartitions, 44);
OFF(NevercLTOOptions, CPU, 48);
OFF(NevercLTOOptions, Features, 64);
OFF(NevercLTOOptions, CacheNamespace, 80);
OFF(NevercLTOOptions, Extensions, 96);

SIZE(NevercLTORequest, 584);
ALIGN8(NevercLTORequest);
OFF(NevercLTORequest, Header, 0);
OFF(NevercLTORequest, Request, 16);
OFF(NevercLTORequest, Task, 32);
OFF(NevercLTORequest, LinkRequest, 48);
OFF(NevercLTORequest, LinkGraph, 64);
OFF(NevercLTORequest, Target, 80);
OFF(NevercLTORequest, OutputFormat, 336);
OFF(NevercLTORequest, Options, 352);
OFF(NevercLTORequest, Modules, 472);
OFF(NevercLTORequest, Resolutions, 496);
OFF(NevercLTORequest, ResolutionDigest, 520);
OFF(NevercLTORequest, RequestDigest, 552);

/* Section 4.8: provider products and the descriptor */
SIZE(NevercLTOObjectProduct, 136);
ALIGN8(NevercLTOObjectProduct);
OFF(NevercLTOObjectProduct, Header, 0);
OFF(NevercLTOObjectProduct, SourceModule, 16);
OFF(NevercLTOObjectProduct, ObjectGraph, 32);
OFF(NevercLTOObjectProduct, ObjectArtifact, 48);
OFF(NevercLTOObjectProduct, LogicalName, 64);
OFF(NevercLTOObjectProduct, ContentDigest, 80);
OFF(NevercLTOObjectProduct, Extensions, 112);

SIZE(NevercLTOProductCandidate, 152);
ALIGN8(NevercLTOProductCandidate);
OFF(NevercLTOProductCandidate, Header, 0);
OFF(NevercLTOProductCandidate, Product, 16);
OFF(NevercLTOProductCandidate, Objects, 32);
OFF(NevercLTOProductCandidate, OptimizedBitcode, 56);
OFF(NevercLTOProductCandidate, ThinIndex, 72);
OFF(NevercLTOProductCandidate, CacheKey, 88);
OFF(NevercLTOProductCandidate, ProductID, 104);
OFF(NevercLTOProductCandidate, ProducerRouteDigest, 120);

SIZE(NevercLTOProviderDescriptor, 120);
ALIGN8(NevercLTOProviderDescriptor);
OFF(NevercLTOProviderDescriptor, Header, 0);
OFF(NevercLTOProviderDescriptor, ProviderID, 16);
OFF(NevercLTOProviderDescriptor, TargetID, 32);
OFF(NevercLTOProviderDescriptor, Flags, 48);
OFF(NevercLTOProviderDescriptor, CompatibilityKey, 56);
OFF(NevercLTOProviderDescriptor, ProductID, 72);
OFF(NevercLTOProviderDescriptor, BuildCacheKey, 88);
OFF(NevercLTOProviderDescriptor, Codegen, 96);
OFF(NevercLTOProviderDescriptor, UserData, 104);
OFF(NevercLTOProviderDescriptor, DestroyUserData, 112);

/* Sections 2, 3.4 and 3.5: NevercLTOAPI and NevercLTORegistrarAPI, in slot
 * order. */
SIZE(NevercLTOAPI, 64);
ALIGN8(NevercLTOAPI);
OFF(NevercLTOAPI, Header, 0);
OFF(NevercLTOAPI, Context, 16);
OFF(NevercLTOAPI, GetRequest, 24);
OFF(NevercLTOAPI, GetModulePage, 32);
OFF(NevercLTOAPI, GetResolutionPage, 40);
OFF(NevercLTOAPI, GetModuleInfo, 48);
OFF(NevercLTOAPI, GetResolutionInfo, 56);

SIZE(NevercLTORegistrarAPI, 32);
ALIGN8(NevercLTORegistrarAPI);
OFF(NevercLTORegistrarAPI, Header, 0);
OFF(NevercLTORegistrarAPI, Context, 16);
OFF(NevercLTORegistrarAPI, RegisterProvider, 24);
/* Table sizes are 24 + 8 x slots (section 2: 64, 32). */
NEVERC_LAYOUT_ASSERT(sizeof(NevercLTOAPI) == 24 + 8 * 5,
                     "NevercLTOAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercLTORegistrarAPI) == 24 + 8 * 1,
                     "NevercLTORegistrarAPI slot count");

/* Section 2: interface IDs, versions and stability. */
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_LTO_HIGH ==
                             UINT64_C(0x4e43504c544f0001) &&
                         NEVERC_INTERFACE_LTO_LOW == 1 &&
                         NEVERC_INTERFACE_LTO_REGISTRAR_HIGH ==
                             UINT64_C(0x4e43504c544f5201) &&
                         NEVERC_INTERFACE_LTO_REGISTRAR_LOW == 1 &&
                         sizeof(NEVERC_INTERFACE_LTO_HIGH) == 8 &&
                         sizeof(NEVERC_INTERFACE_LTO_LOW) == 8 &&
                         sizeof(NEVERC_INTERFACE_LTO_REGISTRAR_HIGH) == 8 &&
                         sizeof(NEVERC_INTERFACE_LTO_REGISTRAR_LOW) == 8,
                     "LTO interface IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_LTO_API_MAJOR == 1 && NEVERC_LTO_API_MINOR == 0 &&
                         NEVERC_LTO_REGISTRAR_API_MAJOR == 1 &&
                         NEVERC_LTO_REGISTRAR_API_MINOR == 0,
                     "LTO API versions");
NEVERC_LAYOUT_ASSERT(NEVERC_LTO_INTERFACE_STABILITY ==
                             NEVERC_INTERFACE_STABLE &&
                         NEVERC_LTO_REGISTRAR_INTERFACE_STABILITY ==
                             NEVERC_INTERFACE_STABLE,
                     "LTO interface stability");

/* Section 4.1: handles, and the widths of the scalar types. */
SIZE(NevercLTORequestHandle, 16);
SIZE(NevercLTOModuleHandle, 16);
SIZE(NevercLTOSummaryHandle, 16);
SIZE(NevercLTOInputModuleHandle, 16);
SIZE(NevercLTOResolutionHandle, 16);
SIZE(NevercLTOProviderHandle, 16);
SIZE(NevercLTOCacheEntryHandle, 16);
SIZE(NevercLTOProductHandle, 16);
SIZE(NevercLTOType, 4);
SIZE(NevercLTOMode, 4);
SIZE(NevercLTOCacheScope, 4);
SIZE(NevercLTOOptionFlags, 8);
SIZE(NevercLTOSymbolResolutionFlags, 8);
SIZE(NevercLTOProviderFlags, 8);
/* Section 3.6: the provider callbacks are plain function pointers. */
SIZE(NevercLTOBuildCacheKeyFn, sizeof(void (*)(void)));
SIZE(NevercLTOCodegenFn, sizeof(void (*)(void)));

/* Section 5.15: every value, and the width of its macros. The u64 flag rows
 * are bit positions: the first flag is 1, never 0. */
NEVERC_LAYOUT_ASSERT(NEVERC_LTO_NONE == 0 && NEVERC_LTO_FULL == 1 &&
                         NEVERC_LTO_THIN == 2 && sizeof(NEVERC_LTO_NONE) == 4 &&
                         sizeof(NEVERC_LTO_THIN) == 4,
                     "LTO types");
NEVERC_LAYOUT_ASSERT(NEVERC_LTO_CACHE_DISABLED == 0 &&
                         NEVERC_LTO_CACHE_TASK == 1 &&
                         NEVERC_LTO_CACHE_LOCAL_SHARED == 2 &&
                         NEVERC_LTO_CACHE_REMOTE_SHARED == 3 &&
                         sizeof(NEVERC_LTO_CACHE_DISABLED) == 4,
                     "LTO cache scopes");
NEVERC_LAYOUT_ASSERT(NEVERC_LTO_OPTION_NONE == 0 &&
                         NEVERC_LTO_OPTION_EMIT_OPTIMIZED_BITCODE == 1 &&
                         NEVERC_LTO_OPTION_EMIT_INDEX == 2 &&
                         NEVERC_LTO_OPTION_SAVE_TEMPS == 4 &&
                         NEVERC_LTO_OPTION_WHOLE_PROGRAM_VISIBILITY == 8 &&
                         NEVERC_LTO_OPTION_UNIFIED_LTO == 16 &&
                         NEVERC_LTO_OPTION_DETERMINISTIC == 32 &&
                         sizeof(NEVERC_LTO_OPTION_NONE) == 8 &&
                         sizeof(NEVERC_LTO_OPTION_EMIT_OPTIMIZED_BITCODE) == 8,
                     "LTO option flags");
NEVERC_LAYOUT_ASSERT(NEVERC_LTO_SYMBOL_PREVAILING == 1 &&
                         NEVERC_LTO_SYMBOL_VISIBLE_TO_REGULAR_OBJECT == 2 &&
                         NEVERC_LTO_SYMBOL_EXPORTED == 4 &&
                         NEVERC_LTO_SYMBOL_FINAL_DEFINITION == 8 &&
                         NEVERC_LTO_SYMBOL_CAN_INLINE == 16 &&
                         NEVERC_LTO_SYMBOL_CAN_INTERNALIZE == 32 &&
                         NEVERC_LTO_SYMBOL_LINKER_REDEFINED == 64 &&
                         NEVERC_LTO_SYMBOL_REFERENCED_BY_REGULAR_OBJECT ==
                             128 &&
                         sizeof(NEVERC_LTO_SYMBOL_PREVAILING) == 8,
                     "LTO symbol resolution flags");
NEVERC_LAYOUT_ASSERT(NEVERC_LTO_PROVIDER_FULL == 1 &&
                         NEVERC_LTO_PROVIDER_THIN == 2 &&
                         NEVERC_LTO_PROVIDER_DETERMINISTIC == 4 &&
                         NEVERC_LTO_PROVIDER_CACHEABLE == 8 &&
                         NEVERC_LTO_PROVIDER_REPLAY_REQUIRED == 16 &&
                         sizeof(NEVERC_LTO_PROVIDER_FULL) == 8,
                     "LTO provider flags");
