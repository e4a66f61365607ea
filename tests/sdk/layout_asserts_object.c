/*
 * Static layout asserts for PluginObject.h (shared/spec/target-mc-object.md
 * sections 1.4, 1.5, 2 and 6, the newest PluginObject.h revision): every
 * struct of section 6.4, every slot of NevercObjectAPI, NevercObjectFormatAPI,
 * NevercObjectPhaseAPI and NevercMutableBinaryAPI, the interface IDs,
 * versions and stability, every enum and flag value of section 6.2, the
 * project's format IDs, default image bound and ELF extension record
 * constants, the object phases' artifacts, and the schema capability,
 * digest, counts, IDs and X-macro rows of section 6.3. The spec gives field
 * order and types only; the offsets below were worked out from them under
 * 8-byte packing on LP64, independently of the compiler (NevercBool is 4
 * bytes, a handle and an ID 16, NevercTargetKey 256, NevercBufferView 40).
 * Compiles as C11/C23 and as C++17; a layout change makes the compile fail.
 */
#include "layout_asserts.h"

/* target-mc-object.md section 6.4: the ObjectGraph and its descriptors */
SIZE(NevercObjectGraphInfo, 344);
ALIGN8(NevercObjectGraphInfo);
OFF(NevercObjectGraphInfo, Header, 0);
OFF(NevercObjectGraphInfo, Target, 16);
OFF(NevercObjectGraphInfo, ObjectSchemaDigest, 272);
OFF(NevercObjectGraphInfo, Generation, 288);
OFF(NevercObjectGraphInfo, SectionCount, 296);
OFF(NevercObjectGraphInfo, SymbolCount, 304);
OFF(NevercObjectGraphInfo, RelocationCount, 312);
OFF(NevercObjectGraphInfo, ComdatCount, 320);
OFF(NevercObjectGraphInfo, HasLayoutProof, 328);
OFF(NevercObjectGraphInfo, Reserved8, 332);

SIZE(NevercObjectSectionDescriptor, 136);
ALIGN8(NevercObjectSectionDescriptor);
OFF(NevercObjectSectionDescriptor, Header, 0);
OFF(NevercObjectSectionDescriptor, Name, 16);
OFF(NevercObjectSectionDescriptor, Kind, 32);
OFF(NevercObjectSectionDescriptor, Reserved, 36);
OFF(NevercObjectSectionDescriptor, Flags, 40);
OFF(NevercObjectSectionDescriptor, Alignment, 48);
OFF(NevercObjectSectionDescriptor, Data, 56);
OFF(NevercObjectSectionDescriptor, ZeroFillSize, 72);
OFF(NevercObjectSectionDescriptor, Comdat, 80);
OFF(NevercObjectSectionDescriptor, ExtensionOwner, 96);
OFF(NevercObjectSectionDescriptor, ExtensionVersion, 112);
OFF(NevercObjectSectionDescriptor, ReservedExtension, 116);
OFF(NevercObjectSectionDescriptor, Extension, 120);

SIZE(NevercObjectSymbolDescriptor, 152);
ALIGN8(NevercObjectSymbolDescriptor);
OFF(NevercObjectSymbolDescriptor, Header, 0);
OFF(NevercObjectSymbolDescriptor, Name, 16);
OFF(NevercObjectSymbolDescriptor, Binding, 32);
OFF(NevercObjectSymbolDescriptor, Visibility, 36);
OFF(NevercObjectSymbolDescriptor, Type, 40);
OFF(NevercObjectSymbolDescriptor, Definition, 44);
OFF(NevercObjectSymbolDescriptor, Section, 48);
OFF(NevercObjectSymbolDescriptor, Value, 64);
OFF(NevercObjectSymbolDescriptor, Size, 72);
OFF(NevercObjectSymbolDescriptor, Alignment, 80);
OFF(NevercObjectSymbolDescriptor, Comdat, 88);
OFF(NevercObjectSymbolDescriptor, Flags, 104);
OFF(NevercObjectSymbolDescriptor, ExtensionOwner, 112);
OFF(NevercObjectSymbolDescriptor, ExtensionVersion, 128);
OFF(NevercObjectSymbolDescriptor, Reserved, 132);
OFF(NevercObjectSymbolDescriptor, Extension, 136);

SIZE(NevercObjectRelocationDescriptor, 160);
ALIGN8(NevercObjectRelocationDescriptor);
OFF(NevercObjectRelocationDescriptor, Header, 0);
OFF(NevercObjectRelocationDescriptor, Section, 16);
OFF(NevercObjectRelocationDescriptor, Offset, 32);
OFF(NevercObjectRelocationDescriptor, Kind, 40);
OFF(NevercObjectRelocationDescriptor, TargetKind, 44);
OFF(NevercObjectRelocationDescriptor, Width, 48);
OFF(NevercObjectRelocationDescriptor, IsPCRelative, 52);
OFF(NevercObjectRelocationDescriptor, IsSigned, 56);
OFF(NevercObjectRelocationDescriptor, Reserved8, 60);
OFF(NevercObjectRelocationDescriptor, Addend, 64);
OFF(NevercObjectRelocationDescriptor, TargetSymbol, 72);
OFF(NevercObjectRelocationDescriptor, TargetSection, 88);
OFF(NevercObjectRelocationDescriptor, TargetValue, 104);
OFF(NevercObjectRelocationDescriptor, TargetExtensionKind, 112);
OFF(NevercObjectRelocationDescriptor, Reserved, 116);
OFF(NevercObjectRelocationDescriptor, ExtensionOwner, 120);
OFF(NevercObjectRelocationDescriptor, ExtensionVersion, 136);
OFF(NevercObjectRelocationDescriptor, ReservedExtension, 140);
OFF(NevercObjectRelocationDescriptor, Extension, 144);

SIZE(NevercObjectComdatDescriptor, 96);
ALIGN8(NevercObjectComdatDescriptor);
OFF(NevercObjectComdatDescriptor, Header, 0);
OFF(NevercObjectComdatDescriptor, Name, 16);
OFF(NevercObjectComdatDescriptor, Selection, 32);
OFF(NevercObjectComdatDescriptor, Reserved, 36);
OFF(NevercObjectComdatDescriptor, AssociatedComdat, 40);
OFF(NevercObjectComdatDescriptor, ExtensionOwner, 56);
OFF(NevercObjectComdatDescriptor, ExtensionVersion, 72);
OFF(NevercObjectComdatDescriptor, ReservedExtension, 76);
OFF(NevercObjectComdatDescriptor, Extension, 80);

SIZE(NevercObjectLayoutProofInfo, 56);
ALIGN8(NevercObjectLayoutProofInfo);
OFF(NevercObjectLayoutProofInfo, Header, 0);
OFF(NevercObjectLayoutProofInfo, GraphGeneration, 16);
OFF(NevercObjectLayoutProofInfo, TargetID, 24);
OFF(NevercObjectLayoutProofInfo, FormatID, 40);

/* Phase views. */
SIZE(NevercObjectPhaseGraphInfo, 64);
ALIGN8(NevercObjectPhaseGraphInfo);
OFF(NevercObjectPhaseGraphInfo, Header, 0);
OFF(NevercObjectPhaseGraphInfo, Object, 16);
OFF(NevercObjectPhaseGraphInfo, Graph, 24);
OFF(NevercObjectPhaseGraphInfo, LayoutProof, 40);
OFF(NevercObjectPhaseGraphInfo, Generation, 56);

/* ReservedLayout ends at 195; LayoutReport starts at the next multiple of
 * 8. */
SIZE(NevercObjectImageInfo, 256);
ALIGN8(NevercObjectImageInfo);
OFF(NevercObjectImageInfo, Header, 0);
OFF(NevercObjectImageInfo, Image, 16);
OFF(NevercObjectImageInfo, FormatID, 32);
OFF(NevercObjectImageInfo, TargetID, 48);
OFF(NevercObjectImageInfo, GraphGeneration, 64);
OFF(NevercObjectImageInfo, State, 72);
OFF(NevercObjectImageInfo, OutputKind, 76);
OFF(NevercObjectImageInfo, OutputState, 80);
OFF(NevercObjectImageInfo, Reserved, 84);
OFF(NevercObjectImageInfo, OutputFlags, 88);
OFF(NevercObjectImageInfo, Size, 96);
OFF(NevercObjectImageInfo, PublicationGeneration, 104);
OFF(NevercObjectImageInfo, Digest, 112);
OFF(NevercObjectImageInfo, Binary, 144);
OFF(NevercObjectImageInfo, Builder, 152);
OFF(NevercObjectImageInfo, Provenance, 168);
OFF(NevercObjectImageInfo, HasLayoutReport, 184);
OFF(NevercObjectImageInfo, ReservedLayout, 188);
OFF(NevercObjectImageInfo, LayoutReport, 200);

/* Object formats: requests, results and the descriptor. */
SIZE(NevercObjectProbeRequest, 344);
ALIGN8(NevercObjectProbeRequest);
OFF(NevercObjectProbeRequest, Header, 0);
OFF(NevercObjectProbeRequest, Task, 16);
OFF(NevercObjectProbeRequest, Input, 32);
OFF(NevercObjectProbeRequest, LogicalPath, 72);
OFF(NevercObjectProbeRequest, Target, 88);

SIZE(NevercObjectProbeResult, 32);
ALIGN8(NevercObjectProbeResult);
OFF(NevercObjectProbeResult, Header, 0);
OFF(NevercObjectProbeResult, Confidence, 16);
OFF(NevercObjectProbeResult, ArtifactKind, 20);
OFF(NevercObjectProbeResult, ConsumedMinimum, 24);

SIZE(NevercObjectReadRequest, 384);
ALIGN8(NevercObjectReadRequest);
OFF(NevercObjectReadRequest, Header, 0);
OFF(NevercObjectReadRequest, Task, 16);
OFF(NevercObjectReadRequest, Input, 32);
OFF(NevercObjectReadRequest, LogicalPath, 72);
OFF(NevercObjectReadRequest, Target, 88);
OFF(NevercObjectReadRequest, Object, 344);
OFF(NevercObjectReadRequest, Graph, 352);
OFF(NevercObjectReadRequest, Mutation, 368);

SIZE(NevercObjectWriteRequest, 368);
ALIGN8(NevercObjectWriteRequest);
OFF(NevercObjectWriteRequest, Header, 0);
OFF(NevercObjectWriteRequest, Task, 16);
OFF(NevercObjectWriteRequest, Target, 32);
OFF(NevercObjectWriteRequest, FormatID, 288);
OFF(NevercObjectWriteRequest, Object, 304);
OFF(NevercObjectWriteRequest, Graph, 312);
OFF(NevercObjectWriteRequest, LayoutProof, 328);
OFF(NevercObjectWriteRequest, Binary, 344);
OFF(NevercObjectWriteRequest, Builder, 352);

SIZE(NevercObjectFormatDescriptor, 160);
ALIGN8(NevercObjectFormatDescriptor);
OFF(NevercObjectFormatDescriptor, Header, 0);
OFF(NevercObjectFormatDescriptor, FormatID, 16);
OFF(NevercObjectFormatDescriptor, CanonicalName, 32);
OFF(NevercObjectFormatDescriptor, Aliases, 48);
OFF(NevercObjectFormatDescriptor, SupportedTargets, 72);
OFF(NevercObjectFormatDescriptor, DefaultExtension, 96);
OFF(NevercObjectFormatDescriptor, Flags, 112);
OFF(NevercObjectFormatDescriptor, Probe, 120);
OFF(NevercObjectFormatDescriptor, Reader, 128);
OFF(NevercObjectFormatDescriptor, Writer, 136);
OFF(NevercObjectFormatDescriptor, UserData, 144);
OFF(NevercObjectFormatDescriptor, DestroyUserData, 152);

/* Section 6.5: NevercMutableBinaryAPI, in slot order. */
SIZE(NevercMutableBinaryAPI, 88);
OFF(NevercMutableBinaryAPI, Header, 0);
OFF(NevercMutableBinaryAPI, Context, 16);
OFF(NevercMutableBinaryAPI, Reserve, 24);
OFF(NevercMutableBinaryAPI, Write, 32);
OFF(NevercMutableBinaryAPI, WriteAt, 40);
OFF(NevercMutableBinaryAPI, Tell, 48);
OFF(NevercMutableBinaryAPI, ReadAt, 56);
OFF(NevercMutableBinaryAPI, Insert, 64);
OFF(NevercMutableBinaryAPI, Append, 72);
OFF(NevercMutableBinaryAPI, Resize, 80);

/* Section 6.6: NevercObjectAPI, NevercObjectFormatAPI, NevercObjectPhaseAPI. */
SIZE(NevercObjectAPI, 296);
OFF(NevercObjectAPI, Header, 0);
OFF(NevercObjectAPI, Context, 16);
OFF(NevercObjectAPI, GetGraphInfo, 24);
OFF(NevercObjectAPI, GetFirstSection, 32);
OFF(NevercObjectAPI, GetNextSection, 40);
OFF(NevercObjectAPI, GetSectionInfo, 48);
OFF(NevercObjectAPI, GetFirstSymbol, 56);
OFF(NevercObjectAPI, GetNextSymbol, 64);
OFF(NevercObjectAPI, GetSymbolInfo, 72);
OFF(NevercObjectAPI, GetFirstRelocation, 80);
OFF(NevercObjectAPI, GetNextRelocation, 88);
OFF(NevercObjectAPI, GetRelocationInfo, 96);
OFF(NevercObjectAPI, GetFirstComdat, 104);
OFF(NevercObjectAPI, GetNextComdat, 112);
OFF(NevercObjectAPI, GetComdatInfo, 120);
OFF(NevercObjectAPI, GetLayoutProof, 128);
OFF(NevercObjectAPI, GetLayoutProofInfo, 136);
OFF(NevercObjectAPI, BeginMutation, 144);
OFF(NevercObjectAPI, CommitMutation, 152);
OFF(NevercObjectAPI, AbandonMutation, 160);
OFF(NevercObjectAPI, CreateSection, 168);
OFF(NevercObjectAPI, ReplaceSection, 176);
OFF(NevercObjectAPI, MoveSectionBefore, 184);
OFF(NevercObjectAPI, EraseSection, 192);
OFF(NevercObjectAPI, CreateSymbol, 200);
OFF(NevercObjectAPI, ReplaceSymbol, 208);
OFF(NevercObjectAPI, MoveSymbolBefore, 216);
OFF(NevercObjectAPI, EraseSymbol, 224);
OFF(NevercObjectAPI, CreateRelocation, 232);
OFF(NevercObjectAPI, ReplaceRelocation, 240);
OFF(NevercObjectAPI, MoveRelocationBefore, 248);
OFF(NevercObjectAPI, EraseRelocation, 256);
OFF(NevercObjectAPI, CreateComdat, 264);
OFF(NevercObjectAPI, ReplaceComdat, 272);
OFF(NevercObjectAPI, MoveComdatBefore, 280);
OFF(NevercObjectAPI, EraseComdat, 288);

SIZE(NevercObjectFormatAPI, 32);
OFF(NevercObjectFormatAPI, Header, 0);
OFF(NevercObjectFormatAPI, Context, 16);
OFF(NevercObjectFormatAPI, RegisterFormat, 24);

SIZE(NevercObjectPhaseAPI, 40);
OFF(NevercObjectPhaseAPI, Header, 0);
OFF(NevercObjectPhaseAPI, Context, 16);
OFF(NevercObjectPhaseAPI, GetGraph, 24);
OFF(NevercObjectPhaseAPI, GetImage, 32);
/* Table sizes are 24 + 8 x slots (section 2: 296, 32, 40; the builder 88). */
NEVERC_LAYOUT_ASSERT(sizeof(NevercObjectAPI) == 24 + 8 * 34, "NevercObjectAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercObjectFormatAPI) == 24 + 8 * 1,
                     "NevercObjectFormatAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercObjectPhaseAPI) == 24 + 8 * 2,
                     "NevercObjectPhaseAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercMutableBinaryAPI) == 24 + 8 * 8,
                     "NevercMutableBinaryAPI slot count");

/* Section 2: interface IDs, versions and stability. */
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_OBJECT_HIGH == UINT64_C(0x4e43504f424a0001) &&
                         NEVERC_INTERFACE_OBJECT_LOW == 1 &&
                         NEVERC_INTERFACE_OBJECT_FORMAT_HIGH == UINT64_C(0x4e4350464d540001) &&
                         NEVERC_INTERFACE_OBJECT_FORMAT_LOW == 1 &&
                         NEVERC_INTERFACE_OBJECT_PHASE_HIGH == UINT64_C(0x4e43504f42504801) &&
                         NEVERC_INTERFACE_OBJECT_PHASE_LOW == 1,
                     "object interface IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_API_MAJOR == 1 && NEVERC_OBJECT_API_MINOR == 0 &&
                         NEVERC_OBJECT_FORMAT_API_MAJOR == 1 &&
                         NEVERC_OBJECT_FORMAT_API_MINOR == 1 &&
                         NEVERC_OBJECT_PHASE_API_MAJOR == 1 && NEVERC_OBJECT_PHASE_API_MINOR == 0,
                     "object API versions");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_OBJECT_FORMAT_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_OBJECT_PHASE_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE,
                     "object interface stability");

/* Sections 1.4 and 1.5: the eight object phases and their artifacts (no
 * macro of their own: the Lows of the MC artifact High). */
NEVERC_LAYOUT_ASSERT(NEVERC_BUILTIN_OBJECT_PHASE_COUNT == 8, "object phase count");
NEVERC_LAYOUT_ASSERT(NEVERC_PHASE_OBJECT_PROBE_LOW == 0xa && NEVERC_PHASE_OBJECT_READ_LOW == 0xb &&
                         NEVERC_PHASE_OBJECT_WRITE_LOW == 0xc &&
                         NEVERC_PHASE_OBJECT_PRE_WRITE_LOW == 0xe &&
                         NEVERC_PHASE_OBJECT_POST_LAYOUT_LOW == 0xf &&
                         NEVERC_PHASE_OBJECT_POST_WRITE_LOW == 0x10 &&
                         NEVERC_PHASE_OBJECT_FINAL_VERIFY_LOW == 0x1c &&
                         NEVERC_PHASE_OBJECT_COMMIT_LOW == 0x1d,
                     "object phase IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_PHASE_OBJECT_PROBE_INPUT_HIGH == NEVERC_ARTIFACT_MC_UNIT_HIGH &&
                         NEVERC_PHASE_OBJECT_PROBE_INPUT_LOW == 0x7 &&
                         NEVERC_PHASE_OBJECT_PROBE_OUTPUT_LOW == 0x8 &&
                         NEVERC_PHASE_OBJECT_READ_INPUT_LOW == 0x7 &&
                         NEVERC_PHASE_OBJECT_READ_OUTPUT_LOW == 0x9 &&
                         NEVERC_PHASE_OBJECT_WRITE_INPUT_LOW == 0x9 &&
                         NEVERC_PHASE_OBJECT_WRITE_OUTPUT_HIGH == NEVERC_ARTIFACT_MC_UNIT_HIGH &&
                         NEVERC_PHASE_OBJECT_WRITE_OUTPUT_LOW == 0xa &&
                         NEVERC_PHASE_OBJECT_PRE_WRITE_OUTPUT_LOW == 0x9 &&
                         NEVERC_PHASE_OBJECT_POST_LAYOUT_OUTPUT_LOW == 0x9 &&
                         NEVERC_PHASE_OBJECT_POST_WRITE_INPUT_LOW == 0xa &&
                         NEVERC_PHASE_OBJECT_FINAL_VERIFY_OUTPUT_LOW == 0xa &&
                         NEVERC_PHASE_OBJECT_COMMIT_OUTPUT_LOW == 0xa,
                     "object phase artifacts");
/* Rules 2 and 3: post_write is not replaceable; final_verify and commit are
 * sealed gates. */
NEVERC_LAYOUT_ASSERT(NEVERC_PHASE_OBJECT_POST_WRITE_POLICY ==
                             (NEVERC_PHASE_OBSERVABLE | NEVERC_PHASE_INTERCEPTABLE) &&
                         NEVERC_PHASE_OBJECT_FINAL_VERIFY_GATE ==
                             NEVERC_PHASE_GATE_SEALED_VERIFIER &&
                         NEVERC_PHASE_OBJECT_COMMIT_GATE == NEVERC_PHASE_GATE_SEALED_COMMIT,
                     "object phase policies");

/* Section 6.1: handles and scalar widths. */
SIZE(NevercObjectFormatID, 16);
SIZE(NevercObjectGraphHandle, 16);
SIZE(NevercObjectSectionHandle, 16);
SIZE(NevercObjectSymbolHandle, 16);
SIZE(NevercObjectRelocationHandle, 16);
SIZE(NevercObjectComdatHandle, 16);
SIZE(NevercObjectExtensionHandle, 16);
SIZE(NevercObjectBuilderHandle, 16);
SIZE(NevercObjectMutationHandle, 16);
SIZE(NevercObjectImageHandle, 16);
SIZE(NevercObjectFormatHandle, 16);
SIZE(NevercObjectProbeHandle, 16);
SIZE(NevercObjectLayoutProofHandle, 16);
SIZE(NevercMutableBinaryBuilderHandle, 16);
SIZE(NevercObjectSectionKind, 4);
SIZE(NevercObjectSymbolBinding, 4);
SIZE(NevercObjectSymbolVisibility, 4);
SIZE(NevercObjectSymbolType, 4);
SIZE(NevercObjectSymbolDefinition, 4);
SIZE(NevercObjectRelocationKind, 4);
SIZE(NevercObjectComdatSelection, 4);
SIZE(NevercObjectRelocationTargetKind, 4);
SIZE(NevercObjectArtifactKind, 4);
SIZE(NevercObjectImageState, 4);
SIZE(NevercObjectSectionFlags, 8);
SIZE(NevercObjectSymbolFlags, 8);
SIZE(NevercObjectFormatFlags, 8);
SIZE(NevercObjectWriteRequestFlags, 8);
SIZE(NevercObjectSectionInfo, 136);
SIZE(NevercObjectSymbolInfo, 152);
SIZE(NevercObjectRelocationInfo, 160);
SIZE(NevercObjectComdatInfo, 96);

/* Section 6.2: every value, and the width of its macros. The u64 flag rows
 * are bit positions: ALLOCATED is 1, never 0. */
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_SECTION_ALLOCATED == 1 &&
                         NEVERC_OBJECT_SECTION_EXECUTABLE == 2 &&
                         NEVERC_OBJECT_SECTION_WRITABLE == 4 &&
                         NEVERC_OBJECT_SECTION_MERGEABLE == 8 &&
                         NEVERC_OBJECT_SECTION_STRINGS == 16 && NEVERC_OBJECT_SECTION_TLS == 32 &&
                         NEVERC_OBJECT_SECTION_DEBUG == 64 && NEVERC_OBJECT_SECTION_UNWIND == 128 &&
                         NEVERC_OBJECT_SECTION_DISCARDABLE == 256 &&
                         NEVERC_OBJECT_SECTION_RETAIN == 512 &&
                         sizeof(NEVERC_OBJECT_SECTION_ALLOCATED) == 8,
                     "object section flags");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_SYMBOL_IMPORTED == 1 && NEVERC_OBJECT_SYMBOL_EXPORTED == 2 &&
                         sizeof(NEVERC_OBJECT_SYMBOL_IMPORTED) == 8,
                     "object symbol flags");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL == 1 &&
                         NEVERC_OBJECT_RELOCATION_TARGET_SECTION == 2 &&
                         NEVERC_OBJECT_RELOCATION_TARGET_ABSOLUTE == 3 &&
                         NEVERC_OBJECT_RELOCATION_TARGET_FORMAT_EXTENSION == 4 &&
                         sizeof(NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL) == 4,
                     "object relocation target kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_ARTIFACT_UNKNOWN == 0 &&
                         NEVERC_OBJECT_ARTIFACT_RELOCATABLE == 1 &&
                         NEVERC_OBJECT_ARTIFACT_ARCHIVE == 2 &&
                         NEVERC_OBJECT_ARTIFACT_EXECUTABLE_IMAGE == 3 &&
                         NEVERC_OBJECT_ARTIFACT_SHARED_IMAGE == 4 &&
                         NEVERC_OBJECT_ARTIFACT_UNIVERSAL_BINARY == 5 &&
                         sizeof(NEVERC_OBJECT_ARTIFACT_UNKNOWN) == 4,
                     "object artifact kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_FORMAT_CAN_PROBE == 1 && NEVERC_OBJECT_FORMAT_CAN_READ == 2 &&
                         NEVERC_OBJECT_FORMAT_CAN_WRITE == 4 &&
                         sizeof(NEVERC_OBJECT_FORMAT_CAN_PROBE) == 8,
                     "object format flags");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_WRITE_CANONICAL_ELF_TABLES == 1 &&
                         NEVERC_OBJECT_WRITE_ANDROID_KERNEL_RELEASE == 2 &&
                         NEVERC_OBJECT_WRITE_DROP_DEBUG_INFO == 4 &&
                         NEVERC_OBJECT_WRITE_REQUEST_KNOWN_FLAGS == 7 &&
                         sizeof(NEVERC_OBJECT_WRITE_REQUEST_KNOWN_FLAGS) == 8 &&
                         NEVERC_OBJECT_WRITE_REQUEST_FLAGS_API_MINOR == 1 &&
                         NEVERC_OBJECT_WRITE_REQUEST_FLAGS_API_MINOR <=
                             NEVERC_OBJECT_FORMAT_API_MINOR,
                     "object write request flags");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_PROBE_MAX_CONFIDENCE == 1000 &&
                         sizeof(NEVERC_OBJECT_PROBE_MAX_CONFIDENCE) == 4 &&
                         NEVERC_OBJECT_PROBE_MAX_CONSUMED_MINIMUM == 65536 &&
                         sizeof(NEVERC_OBJECT_PROBE_MAX_CONSUMED_MINIMUM) == 8,
                     "object probe limits");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_IMAGE_CANDIDATE == 1 && NEVERC_OBJECT_IMAGE_VERIFIED == 2 &&
                         NEVERC_OBJECT_IMAGE_COMMITTED == 3 && NEVERC_OBJECT_IMAGE_ABORTED == 4 &&
                         NEVERC_OBJECT_IMAGE_FAILED_PARTIAL == 5 &&
                         sizeof(NEVERC_OBJECT_IMAGE_CANDIDATE) == 4,
                     "object image states");

/* Project decisions: the built-in format IDs, the default image bound and
 * the ELF extension records (tags, little-endian magics, versions, sizes). */
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_FORMAT_ELF_HIGH == UINT64_C(0x4e434f46454c4601) &&
                         NEVERC_OBJECT_FORMAT_ELF_LOW == 1 &&
                         NEVERC_OBJECT_FORMAT_COFF_HIGH == UINT64_C(0x4e434f46434f4601) &&
                         NEVERC_OBJECT_FORMAT_COFF_LOW == 1 &&
                         NEVERC_OBJECT_FORMAT_MACHO_HIGH == UINT64_C(0x4e434f464d414301) &&
                         NEVERC_OBJECT_FORMAT_MACHO_LOW == 1,
                     "built-in object format IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_DEFAULT_IMAGE_BOUND == UINT64_C(1073741824) &&
                         sizeof(NEVERC_OBJECT_DEFAULT_IMAGE_BOUND) == 8,
                     "default image bound");
NEVERC_LAYOUT_ASSERT(sizeof(NEVERC_OBJECT_ELF_NCSE_TAG) == 4 + 1 &&
                         sizeof(NEVERC_OBJECT_ELF_NCSY_TAG) == 4 + 1 &&
                         sizeof(NEVERC_OBJECT_ELF_NCRL_TAG) == 4 + 1,
                     "ELF extension tags: four bytes");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_ELF_NCSE_MAGIC ==
                             ((uint32_t)'N' | (uint32_t)'C' << 8 | (uint32_t)'S' << 16 |
                              (uint32_t)'E' << 24) &&
                         NEVERC_OBJECT_ELF_NCSY_MAGIC ==
                             ((uint32_t)'N' | (uint32_t)'C' << 8 | (uint32_t)'S' << 16 |
                              (uint32_t)'Y' << 24) &&
                         NEVERC_OBJECT_ELF_NCRL_MAGIC ==
                             ((uint32_t)'N' | (uint32_t)'C' << 8 | (uint32_t)'R' << 16 |
                              (uint32_t)'L' << 24),
                     "ELF extension magics: the tag bytes read little-endian");
/* NCSE: 4 x u32, 4 x u64, 2 x u32. NCSY: 2 x u32, 2 x u8, u16, u32, u64,
 * 2 x u32. NCRL: 4 x u32 before the name. */
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_ELF_NCSE_VERSION == 2 &&
                         NEVERC_OBJECT_ELF_NCSE_SIZE == 4 * 4 + 4 * 8 + 2 * 4 &&
                         NEVERC_OBJECT_ELF_NCSY_VERSION == 2 &&
                         NEVERC_OBJECT_ELF_NCSY_SIZE == 2 * 4 + 2 * 1 + 2 + 4 + 8 + 2 * 4 &&
                         NEVERC_OBJECT_ELF_NCSY_NAME_ANONYMOUS == 0 &&
                         NEVERC_OBJECT_ELF_NCSY_NAME_NAMED == 1 &&
                         NEVERC_OBJECT_ELF_NCRL_VERSION == 1 &&
                         NEVERC_OBJECT_ELF_NCRL_HEADER_SIZE == 4 * 4 &&
                         NEVERC_OBJECT_ELF_NCRL_SIZE(13) == 16 + 13 &&
                         sizeof(NEVERC_OBJECT_ELF_NCRL_SIZE(0)) == 8,
                     "ELF extension record versions and sizes");

/* Section 6.3: the object schema (Schema/PluginObjectSchema.inc), NeverC's
 * capability and digest verbatim. */
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_SCHEMA_CAPABILITY_MAJOR == 1 &&
                         NEVERC_OBJECT_SCHEMA_CAPABILITY_MAJOR == NEVERC_OBJECT_API_MAJOR &&
                         NEVERC_OBJECT_SCHEMA_CAPABILITY_MINOR == 0,
                     "object schema capability");
NEVERC_LAYOUT_ASSERT(sizeof(NEVERC_OBJECT_SCHEMA_DIGEST) == 64 + 1,
                     "object schema digest: 64 hex digits");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_ENTITY_COUNT == 7 && NEVERC_OBJECT_SECTION_KIND_COUNT == 9 &&
                         NEVERC_OBJECT_SYMBOL_BINDING_COUNT == 5 &&
                         NEVERC_OBJECT_SYMBOL_VISIBILITY_COUNT == 5 &&
                         NEVERC_OBJECT_SYMBOL_TYPE_COUNT == 8 &&
                         NEVERC_OBJECT_SYMBOL_DEFINITION_COUNT == 4 &&
                         NEVERC_OBJECT_RELOCATION_KIND_COUNT == 8 &&
                         NEVERC_OBJECT_COMDAT_SELECTION_COUNT == 6,
                     "object schema counts");
NEVERC_LAYOUT_ASSERT(NEVERC_OBJECT_ENTITY_GRAPH == 0x71000001 &&
                         NEVERC_OBJECT_ENTITY_LAYOUT_PROOF == 0x71000007 &&
                         NEVERC_OBJECT_SECTION_KIND_TEXT == 0x72000001 &&
                         NEVERC_OBJECT_SECTION_KIND_TLS_ZERO_FILL == 0x72000006 &&
                         NEVERC_OBJECT_SECTION_KIND_FORMAT_EXTENSION == 0x72000009 &&
                         NEVERC_OBJECT_SYMBOL_BINDING_LOCAL == 0x73000001 &&
                         NEVERC_OBJECT_SYMBOL_BINDING_FORMAT_EXTENSION == 0x73000005 &&
                         NEVERC_OBJECT_SYMBOL_VISIBILITY_DEFAULT == 0x73100001 &&
                         NEVERC_OBJECT_SYMBOL_VISIBILITY_INTERNAL == 0x73100004 &&
                         NEVERC_OBJECT_SYMBOL_TYPE_NO_TYPE == 0x73200001 &&
                         NEVERC_OBJECT_SYMBOL_TYPE_INDIRECT_FUNCTION == 0x73200007 &&
                         NEVERC_OBJECT_SYMBOL_TYPE_FORMAT_EXTENSION == 0x73200008 &&
                         NEVERC_OBJECT_SYMBOL_DEFINITION_UNDEFINED == 0x73300001 &&
                         NEVERC_OBJECT_SYMBOL_DEFINITION_ABSOLUTE == 0x73300004 &&
                         NEVERC_OBJECT_RELOCATION_ABSOLUTE == 0x74000001 &&
                         NEVERC_OBJECT_RELOCATION_GOT_RELATIVE == 0x74000004 &&
                         NEVERC_OBJECT_RELOCATION_TARGET_EXTENSION == 0x74000008 &&
                         NEVERC_OBJECT_COMDAT_ANY == 0x75000001 &&
                         NEVERC_OBJECT_COMDAT_NO_DUPLICATES == 0x75000004 &&
                         NEVERC_OBJECT_COMDAT_ASSOCIATIVE == 0x75000006 &&
                         sizeof(NEVERC_OBJECT_ENTITY_GRAPH) == 4,
                     "object schema IDs");

/* The X-macro tables: within each the ordinals (ID minus the set's base)
 * sum to 1 + ... + n, as when every ID of the set has its row once, and
 * every name is as long as its symbol (the name is the symbol in lower case
 * with '-' for '_'; the symbol is stringized before it could expand). The
 * tables are expanded by including the .inc with the macros defined. */
#define NEVERC_LAYOUT_OBJECT_ROW(S, ID, N)                                     \
  +(int)((ID) & UINT32_C(0xfffff)) + (sizeof(S) == sizeof(N) ? 0 : 1 << 20)
#define NEVERC_OBJECT_SCHEMA_ENTITY(S, ID, N) NEVERC_LAYOUT_OBJECT_ROW(#S, ID, N)
#define NEVERC_OBJECT_SCHEMA_SECTION_KIND(S, ID, N) NEVERC_LAYOUT_OBJECT_ROW(#S, ID, N)
#define NEVERC_OBJECT_SCHEMA_SYMBOL_BINDING(S, ID, N) NEVERC_LAYOUT_OBJECT_ROW(#S, ID, N)
#define NEVERC_OBJECT_SCHEMA_SYMBOL_VISIBILITY(S, ID, N) NEVERC_LAYOUT_OBJECT_ROW(#S, ID, N)
#define NEVERC_OBJECT_SCHEMA_SYMBOL_TYPE(S, ID, N) NEVERC_LAYOUT_OBJECT_ROW(#S, ID, N)
#define NEVERC_OBJECT_SCHEMA_SYMBOL_DEFINITION(S, ID, N) NEVERC_LAYOUT_OBJECT_ROW(#S, ID, N)
#define NEVERC_OBJECT_SCHEMA_RELOCATION_KIND(S, ID, N) NEVERC_LAYOUT_OBJECT_ROW(#S, ID, N)
#define NEVERC_OBJECT_SCHEMA_COMDAT_SELECTION(S, ID, N) NEVERC_LAYOUT_OBJECT_ROW(#S, ID, N)
/* One enum: gcc warns on comparing constants of two anonymous enums. */
enum {
  NevercLayoutObjectRows = 0
#include "neverc/Plugin/Schema/PluginObjectSchema.inc"
  ,
/* The four symbol sets share the tag byte 0x73 and differ in the next
 * nibble: their rows' IDs, shifted right by 20, sum to 5 x 0x730 + 5 x
 * 0x731 + 8 x 0x732 + 4 x 0x733. */
#define NEVERC_LAYOUT_OBJECT_SYMBOL_ROW(ID) +(int)((ID) >> 20)
#define NEVERC_OBJECT_SCHEMA_SYMBOL_BINDING(S, ID, N) NEVERC_LAYOUT_OBJECT_SYMBOL_ROW(ID)
#define NEVERC_OBJECT_SCHEMA_SYMBOL_VISIBILITY(S, ID, N) NEVERC_LAYOUT_OBJECT_SYMBOL_ROW(ID)
#define NEVERC_OBJECT_SCHEMA_SYMBOL_TYPE(S, ID, N) NEVERC_LAYOUT_OBJECT_SYMBOL_ROW(ID)
#define NEVERC_OBJECT_SCHEMA_SYMBOL_DEFINITION(S, ID, N) NEVERC_LAYOUT_OBJECT_SYMBOL_ROW(ID)
  NevercLayoutObjectSymbolRows = 0
#include "neverc/Plugin/Schema/PluginObjectSchema.inc"
};
NEVERC_LAYOUT_ASSERT(NevercLayoutObjectRows == 7 * 8 / 2 + 9 * 10 / 2 + 5 * 6 / 2 + 5 * 6 / 2 +
                                                   8 * 9 / 2 + 4 * 5 / 2 + 8 * 9 / 2 + 6 * 7 / 2,
                     "object X-macro rows: ordinals and names");
NEVERC_LAYOUT_ASSERT(NevercLayoutObjectSymbolRows ==
                         5 * 0x730 + 5 * 0x731 + 8 * 0x732 + 4 * 0x733,
                     "object X-macro rows: the symbol sets' bases");
#undef NEVERC_LAYOUT_OBJECT_ROW
#undef NEVERC_LAYOUT_OBJECT_SYMBOL_ROW
