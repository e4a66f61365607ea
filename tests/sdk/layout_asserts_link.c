/*
 * Static layout asserts for PluginLink.h (shared/spec/link-lto.md sections
 * 1-5): every struct of sections 4.2-4.7 (size, alignment and the offset of
 * every field), every slot of NevercLinkAPI, NevercLinkRegistrarAPI and
 * NevercLinkPhaseAPI, the interface IDs, versions and stability, every enum
 * and flag value of sections 5.1-5.14 with the width of its macros, and how
 * the link states line up with the twenty link phases of the phase schema.
 * The sizes are the spec's; the offsets were worked out from the spec's
 * field tables alone under 8-byte packing on LP64 (NevercBool 4 bytes, a
 * handle and an ID 16, NevercTargetKey 256, a struct-array view 24),
 * independently of the compiler, and add up to the spec's sizes. Mind the
 * padding trap: a NevercBool followed by uint8_t Reserved8[n] leaves
 * implicit padding before the next 8-byte field.
 * Compiles as C11/C23 and as C++17; a layout change makes the compile fail.
 */
#include "layout_asserts.h"

/* link-lto.md section 4.2 and 4.3: the extension record, raw inputs, options and the request */
SIZE(NevercLinkExtension, 72);
ALIGN8(NevercLinkExtension);
OFF(NevercLinkExtension, Header, 0);
OFF(NevercLinkExtension, NamespaceID, 16);
OFF(NevercLinkExtension, Version, 32);
OFF(NevercLinkExtension, Required, 36);
OFF(NevercLinkExtension, Payload, 40);
OFF(NevercLinkExtension, Digest, 56);

SIZE(NevercRawLinkInput, 128);
ALIGN8(NevercRawLinkInput);
OFF(NevercRawLinkInput, Header, 0);
OFF(NevercRawLinkInput, Kind, 16);
OFF(NevercRawLinkInput, Reserved, 20);
OFF(NevercRawLinkInput, Flags, 24);
OFF(NevercRawLinkInput, Ordinal, 32);
OFF(NevercRawLinkInput, LogicalURI, 40);
OFF(NevercRawLinkInput, AuthorizedBlob, 56);
OFF(NevercRawLinkInput, ObjectGraph, 72);
OFF(NevercRawLinkInput, Artifact, 88);
OFF(NevercRawLinkInput, Extensions, 104);

SIZE(NevercRawLinkInputSet, 72);
ALIGN8(NevercRawLinkInputSet);
OFF(NevercRawLinkInputSet, Header, 0);
OFF(NevercRawLinkInputSet, Inputs, 16);
OFF(NevercRawLinkInputSet, OrderDigest, 40);

SIZE(NevercLinkOptions, 168);
ALIGN8(NevercLinkOptions);
OFF(NevercLinkOptions, Header, 0);
OFF(NevercLinkOptions, Flags, 16);
OFF(NevercLinkOptions, EntrySymbol, 24);
OFF(NevercLinkOptions, InstallName, 40);
OFF(NevercLinkOptions, Soname, 56);
OFF(NevercLinkOptions, ImageBase, 72);
OFF(NevercLinkOptions, PageSize, 80);
OFF(NevercLinkOptions, ThreadBudget, 88);
OFF(NevercLinkOptions, Reserved, 92);
OFF(NevercLinkOptions, SearchPaths, 96);
OFF(NevercLinkOptions, Libraries, 120);
OFF(NevercLinkOptions, Extensions, 144);

SIZE(NevercLinkRequest, 632);
ALIGN8(NevercLinkRequest);
OFF(NevercLinkRequest, Header, 0);
OFF(NevercLinkRequest, Request, 16);
OFF(NevercLinkRequest, Task, 32);
OFF(NevercLinkRequest, Target, 48);
OFF(NevercLinkRequest, InputFormat, 304);
OFF(NevercLinkRequest, OutputFormat, 320);
OFF(NevercLinkRequest, OutputKind, 336);
OFF(NevercLinkRequest, Reserved, 340);
OFF(NevercLinkRequest, OutputURI, 344);
OFF(NevercLinkRequest, Options, 360);
OFF(NevercLinkRequest, RawInputs, 528);
OFF(NevercLinkRequest, RequestDigest, 600);

/* Section 4.4: graph summary, origin, page, proof and the phase views */
SIZE(NevercLinkGraphInfo, 472);
ALIGN8(NevercLinkGraphInfo);
OFF(NevercLinkGraphInfo, Header, 0);
OFF(NevercLinkGraphInfo, Graph, 16);
OFF(NevercLinkGraphInfo, Target, 32);
OFF(NevercLinkGraphInfo, FormatID, 288);
OFF(NevercLinkGraphInfo, State, 304);
OFF(NevercLinkGraphInfo, Reserved, 308);
OFF(NevercLinkGraphInfo, Generation, 312);
OFF(NevercLinkGraphInfo, InputCount, 320);
OFF(NevercLinkGraphInfo, ArchiveCount, 328);
OFF(NevercLinkGraphInfo, ArchiveMemberCount, 336);
OFF(NevercLinkGraphInfo, SharedLibraryCount, 344);
OFF(NevercLinkGraphInfo, BitcodeModuleCount, 352);
OFF(NevercLinkGraphInfo, SectionCount, 360);
OFF(NevercLinkGraphInfo, AtomCount, 368);
OFF(NevercLinkGraphInfo, SymbolCount, 376);
OFF(NevercLinkGraphInfo, EdgeCount, 384);
OFF(NevercLinkGraphInfo, ComdatCount, 392);
OFF(NevercLinkGraphInfo, ImportCount, 400);
OFF(NevercLinkGraphInfo, ExportCount, 408);
OFF(NevercLinkGraphInfo, UnwindCount, 416);
OFF(NevercLinkGraphInfo, SyntheticCount, 424);
OFF(NevercLinkGraphInfo, ConstraintCount, 432);
OFF(NevercLinkGraphInfo, SemanticDigest, 440);

SIZE(NevercLinkOrigin, 136);
ALIGN8(NevercLinkOrigin);
OFF(NevercLinkOrigin, Header, 0);
OFF(NevercLinkOrigin, Input, 16);
OFF(NevercLinkOrigin, ArchiveMember, 32);
OFF(NevercLinkOrigin, ObjectGraph, 48);
OFF(NevercLinkOrigin, ObjectEntityID, 64);
OFF(NevercLinkOrigin, CreatedByPhase, 72);
OFF(NevercLinkOrigin, CreatedByProvider, 88);
OFF(NevercLinkOrigin, LastMutationPhase, 104);
OFF(NevercLinkOrigin, LastMutationPlugin, 120);

SIZE(NevercLinkEntityPage, 64);
ALIGN8(NevercLinkEntityPage);
OFF(NevercLinkEntityPage, Header, 0);
OFF(NevercLinkEntityPage, Data, 16);
OFF(NevercLinkEntityPage, ElementCapacity, 24);
OFF(NevercLinkEntityPage, ElementStride, 32);
OFF(NevercLinkEntityPage, OutCount, 40);
OFF(NevercLinkEntityPage, NextCursor, 48);
OFF(NevercLinkEntityPage, HasMore, 56);
OFF(NevercLinkEntityPage, Reserved, 60);

SIZE(NevercLinkProofInfo, 192);
ALIGN8(NevercLinkProofInfo);
OFF(NevercLinkProofInfo, Header, 0);
OFF(NevercLinkProofInfo, Proof, 16);
OFF(NevercLinkProofInfo, Graph, 32);
OFF(NevercLinkProofInfo, State, 48);
OFF(NevercLinkProofInfo, Reserved, 52);
OFF(NevercLinkProofInfo, GraphGeneration, 56);
OFF(NevercLinkProofInfo, TargetID, 64);
OFF(NevercLinkProofInfo, FormatID, 80);
OFF(NevercLinkProofInfo, OutputArtifact, 96);
OFF(NevercLinkProofInfo, RouteDigest, 112);
OFF(NevercLinkProofInfo, SemanticDigest, 144);
OFF(NevercLinkProofInfo, ImageBase, 176);
OFF(NevercLinkProofInfo, EntryAddress, 184);

SIZE(NevercLinkPhaseGraphInfo, 72);
ALIGN8(NevercLinkPhaseGraphInfo);
OFF(NevercLinkPhaseGraphInfo, Header, 0);
OFF(NevercLinkPhaseGraphInfo, Link, 16);
OFF(NevercLinkPhaseGraphInfo, Graph, 24);
OFF(NevercLinkPhaseGraphInfo, Proof, 40);
OFF(NevercLinkPhaseGraphInfo, State, 56);
OFF(NevercLinkPhaseGraphInfo, Reserved, 60);
OFF(NevercLinkPhaseGraphInfo, Generation, 64);

SIZE(NevercLinkPhaseImageInfo, 72);
ALIGN8(NevercLinkPhaseImageInfo);
OFF(NevercLinkPhaseImageInfo, Header, 0);
OFF(NevercLinkPhaseImageInfo, Link, 16);
OFF(NevercLinkPhaseImageInfo, Image, 24);
OFF(NevercLinkPhaseImageInfo, Outputs, 40);
OFF(NevercLinkPhaseImageInfo, State, 56);
OFF(NevercLinkPhaseImageInfo, Reserved, 60);
OFF(NevercLinkPhaseImageInfo, Generation, 64);

/* Section 4.5: the entity infos */
SIZE(NevercLinkInputInfo, 208);
ALIGN8(NevercLinkInputInfo);
OFF(NevercLinkInputInfo, Header, 0);
OFF(NevercLinkInputInfo, Input, 16);
OFF(NevercLinkInputInfo, Kind, 32);
OFF(NevercLinkInputInfo, Reserved, 36);
OFF(NevercLinkInputInfo, Flags, 40);
OFF(NevercLinkInputInfo, Ordinal, 48);
OFF(NevercLinkInputInfo, LogicalURI, 56);
OFF(NevercLinkInputInfo, ContentDigest, 72);
OFF(NevercLinkInputInfo, ReaderRoute, 104);
OFF(NevercLinkInputInfo, ObjectGraph, 120);
OFF(NevercLinkInputInfo, Archive, 136);
OFF(NevercLinkInputInfo, SharedLibrary, 152);
OFF(NevercLinkInputInfo, BitcodeModule, 168);
OFF(NevercLinkInputInfo, Extensions, 184);

/* The padding trap: Thin is 4 bytes, Reserved8 takes 68-70, and Origin
 * starts at the next multiple of 8, 72. */
SIZE(NevercLinkArchiveInfo, 232);
ALIGN8(NevercLinkArchiveInfo);
OFF(NevercLinkArchiveInfo, Header, 0);
OFF(NevercLinkArchiveInfo, Archive, 16);
OFF(NevercLinkArchiveInfo, Input, 32);
OFF(NevercLinkArchiveInfo, Name, 48);
OFF(NevercLinkArchiveInfo, Thin, 64);
OFF(NevercLinkArchiveInfo, Reserved8, 68);
OFF(NevercLinkArchiveInfo, Origin, 72);
OFF(NevercLinkArchiveInfo, Extensions, 208);

/* Reserved8 takes 124-126; MaterializationReason starts at 128. */
SIZE(NevercLinkArchiveMemberInfo, 304);
ALIGN8(NevercLinkArchiveMemberInfo);
OFF(NevercLinkArchiveMemberInfo, Header, 0);
OFF(NevercLinkArchiveMemberInfo, Member, 16);
OFF(NevercLinkArchiveMemberInfo, Input, 32);
OFF(NevercLinkArchiveMemberInfo, Archive, 48);
OFF(NevercLinkArchiveMemberInfo, Name, 64);
OFF(NevercLinkArchiveMemberInfo, Ordinal, 80);
OFF(NevercLinkArchiveMemberInfo, ContentDigest, 88);
OFF(NevercLinkArchiveMemberInfo, Materialized, 120);
OFF(NevercLinkArchiveMemberInfo, Reserved8, 124);
OFF(NevercLinkArchiveMemberInfo, MaterializationReason, 128);
OFF(NevercLinkArchiveMemberInfo, Origin, 144);
OFF(NevercLinkArchiveMemberInfo, Extensions, 280);

SIZE(NevercLinkSharedLibraryInfo, 272);
ALIGN8(NevercLinkSharedLibraryInfo);
OFF(NevercLinkSharedLibraryInfo, Header, 0);
OFF(NevercLinkSharedLibraryInfo, SharedLibrary, 16);
OFF(NevercLinkSharedLibraryInfo, Input, 32);
OFF(NevercLinkSharedLibraryInfo, Name, 48);
OFF(NevercLinkSharedLibraryInfo, InstallName, 64);
OFF(NevercLinkSharedLibraryInfo, ContentDigest, 80);
OFF(NevercLinkSharedLibraryInfo, Origin, 112);
OFF(NevercLinkSharedLibraryInfo, Extensions, 248);

SIZE(NevercLinkBitcodeModuleInfo, 272);
ALIGN8(NevercLinkBitcodeModuleInfo);
OFF(NevercLinkBitcodeModuleInfo, Header, 0);
OFF(NevercLinkBitcodeModuleInfo, Module, 16);
OFF(NevercLinkBitcodeModuleInfo, Input, 32);
OFF(NevercLinkBitcodeModuleInfo, Name, 48);
OFF(NevercLinkBitcodeModuleInfo, ContentDigest, 64);
OFF(NevercLinkBitcodeModuleInfo, Summary, 96);
OFF(NevercLinkBitcodeModuleInfo, Origin, 112);
OFF(NevercLinkBitcodeModuleInfo, Extensions, 248);

SIZE(NevercLinkSectionInfo, 272);
ALIGN8(NevercLinkSectionInfo);
OFF(NevercLinkSectionInfo, Header, 0);
OFF(NevercLinkSectionInfo, Section, 16);
OFF(NevercLinkSectionInfo, Name, 32);
OFF(NevercLinkSectionInfo, Kind, 48);
OFF(NevercLinkSectionInfo, Reserved, 52);
OFF(NevercLinkSectionInfo, Flags, 56);
OFF(NevercLinkSectionInfo, Alignment, 64);
OFF(NevercLinkSectionInfo, Address, 72);
OFF(NevercLinkSectionInfo, FileOffset, 80);
OFF(NevercLinkSectionInfo, Size, 88);
OFF(NevercLinkSectionInfo, Comdat, 96);
OFF(NevercLinkSectionInfo, Origin, 112);
OFF(NevercLinkSectionInfo, Extensions, 248);

SIZE(NevercLinkAtomInfo, 312);
ALIGN8(NevercLinkAtomInfo);
OFF(NevercLinkAtomInfo, Header, 0);
OFF(NevercLinkAtomInfo, Atom, 16);
OFF(NevercLinkAtomInfo, Section, 32);
OFF(NevercLinkAtomInfo, Name, 48);
OFF(NevercLinkAtomInfo, Flags, 64);
OFF(NevercLinkAtomInfo, Alignment, 72);
OFF(NevercLinkAtomInfo, Address, 80);
OFF(NevercLinkAtomInfo, FileOffset, 88);
OFF(NevercLinkAtomInfo, Content, 96);
OFF(NevercLinkAtomInfo, ZeroFillSize, 112);
OFF(NevercLinkAtomInfo, Comdat, 120);
OFF(NevercLinkAtomInfo, FoldLeader, 136);
OFF(NevercLinkAtomInfo, Origin, 152);
OFF(NevercLinkAtomInfo, Extensions, 288);

SIZE(NevercLinkSymbolInfo, 288);
ALIGN8(NevercLinkSymbolInfo);
OFF(NevercLinkSymbolInfo, Header, 0);
OFF(NevercLinkSymbolInfo, Symbol, 16);
OFF(NevercLinkSymbolInfo, Name, 32);
OFF(NevercLinkSymbolInfo, Version, 48);
OFF(NevercLinkSymbolInfo, Binding, 64);
OFF(NevercLinkSymbolInfo, Visibility, 68);
OFF(NevercLinkSymbolInfo, Definition, 72);
OFF(NevercLinkSymbolInfo, Type, 76);
OFF(NevercLinkSymbolInfo, Atom, 80);
OFF(NevercLinkSymbolInfo, Value, 96);
OFF(NevercLinkSymbolInfo, Size, 104);
OFF(NevercLinkSymbolInfo, IsPrevailing, 112);
OFF(NevercLinkSymbolInfo, IsExported, 116);
OFF(NevercLinkSymbolInfo, IsImported, 120);
OFF(NevercLinkSymbolInfo, IsRoot, 124);
OFF(NevercLinkSymbolInfo, Origin, 128);
OFF(NevercLinkSymbolInfo, Extensions, 264);

/* Reserved8 takes 36-37; the struct is padded to 40. */
SIZE(NevercLinkSymbolResolutionUpdate, 40);
ALIGN8(NevercLinkSymbolResolutionUpdate);
OFF(NevercLinkSymbolResolutionUpdate, Header, 0);
OFF(NevercLinkSymbolResolutionUpdate, Binding, 16);
OFF(NevercLinkSymbolResolutionUpdate, Visibility, 20);
OFF(NevercLinkSymbolResolutionUpdate, Definition, 24);
OFF(NevercLinkSymbolResolutionUpdate, IsPrevailing, 28);
OFF(NevercLinkSymbolResolutionUpdate, IsExported, 32);
OFF(NevercLinkSymbolResolutionUpdate, Reserved8, 36);

/* Reserved8 takes 88-89; TargetSymbol starts at 96. */
SIZE(NevercLinkEdgeInfo, 288);
ALIGN8(NevercLinkEdgeInfo);
OFF(NevercLinkEdgeInfo, Header, 0);
OFF(NevercLinkEdgeInfo, Edge, 16);
OFF(NevercLinkEdgeInfo, Kind, 32);
OFF(NevercLinkEdgeInfo, Reserved, 36);
OFF(NevercLinkEdgeInfo, Source, 40);
OFF(NevercLinkEdgeInfo, Offset, 56);
OFF(NevercLinkEdgeInfo, RelocationKind, 64);
OFF(NevercLinkEdgeInfo, Width, 68);
OFF(NevercLinkEdgeInfo, Addend, 72);
OFF(NevercLinkEdgeInfo, IsPCRelative, 80);
OFF(NevercLinkEdgeInfo, IsSigned, 84);
OFF(NevercLinkEdgeInfo, Reserved8, 88);
OFF(NevercLinkEdgeInfo, TargetSymbol, 96);
OFF(NevercLinkEdgeInfo, TargetAtom, 112);
OFF(NevercLinkEdgeInfo, Origin, 128);
OFF(NevercLinkEdgeInfo, Extensions, 264);

SIZE(NevercLinkComdatInfo, 232);
ALIGN8(NevercLinkComdatInfo);
OFF(NevercLinkComdatInfo, Header, 0);
OFF(NevercLinkComdatInfo, Comdat, 16);
OFF(NevercLinkComdatInfo, Name, 32);
OFF(NevercLinkComdatInfo, Selection, 48);
OFF(NevercLinkComdatInfo, Reserved, 52);
OFF(NevercLinkComdatInfo, Selected, 56);
OFF(NevercLinkComdatInfo, Origin, 72);
OFF(NevercLinkComdatInfo, Extensions, 208);

SIZE(NevercLinkImportInfo, 240);
ALIGN8(NevercLinkImportInfo);
OFF(NevercLinkImportInfo, Header, 0);
OFF(NevercLinkImportInfo, Import, 16);
OFF(NevercLinkImportInfo, Name, 32);
OFF(NevercLinkImportInfo, Library, 48);
OFF(NevercLinkImportInfo, Symbol, 64);
OFF(NevercLinkImportInfo, Origin, 80);
OFF(NevercLinkImportInfo, Extensions, 216);

SIZE(NevercLinkExportInfo, 224);
ALIGN8(NevercLinkExportInfo);
OFF(NevercLinkExportInfo, Header, 0);
OFF(NevercLinkExportInfo, Export, 16);
OFF(NevercLinkExportInfo, Name, 32);
OFF(NevercLinkExportInfo, Symbol, 48);
OFF(NevercLinkExportInfo, Origin, 64);
OFF(NevercLinkExportInfo, Extensions, 200);

SIZE(NevercLinkUnwindInfo, 224);
ALIGN8(NevercLinkUnwindInfo);
OFF(NevercLinkUnwindInfo, Header, 0);
OFF(NevercLinkUnwindInfo, Unwind, 16);
OFF(NevercLinkUnwindInfo, Atom, 32);
OFF(NevercLinkUnwindInfo, PersonalitySymbol, 48);
OFF(NevercLinkUnwindInfo, Origin, 64);
OFF(NevercLinkUnwindInfo, Extensions, 200);

SIZE(NevercLinkSyntheticInfo, 240);
ALIGN8(NevercLinkSyntheticInfo);
OFF(NevercLinkSyntheticInfo, Header, 0);
OFF(NevercLinkSyntheticInfo, Synthetic, 16);
OFF(NevercLinkSyntheticInfo, Role, 32);
OFF(NevercLinkSyntheticInfo, Section, 48);
OFF(NevercLinkSyntheticInfo, Atom, 64);
OFF(NevercLinkSyntheticInfo, Origin, 80);
OFF(NevercLinkSyntheticInfo, Extensions, 216);

/* Reserved8 takes 68-70; Origin starts at 72. */
SIZE(NevercLinkConstraintInfo, 232);
ALIGN8(NevercLinkConstraintInfo);
OFF(NevercLinkConstraintInfo, Header, 0);
OFF(NevercLinkConstraintInfo, Constraint, 16);
OFF(NevercLinkConstraintInfo, Kind, 32);
OFF(NevercLinkConstraintInfo, SubjectID, 48);
OFF(NevercLinkConstraintInfo, Value, 56);
OFF(NevercLinkConstraintInfo, Required, 64);
OFF(NevercLinkConstraintInfo, Reserved8, 68);
OFF(NevercLinkConstraintInfo, Origin, 72);
OFF(NevercLinkConstraintInfo, Extensions, 208);

/* Section 4.6: the binary image */
SIZE(NevercBinarySegmentInfo, 96);
ALIGN8(NevercBinarySegmentInfo);
OFF(NevercBinarySegmentInfo, Header, 0);
OFF(NevercBinarySegmentInfo, Segment, 16);
OFF(NevercBinarySegmentInfo, Name, 32);
OFF(NevercBinarySegmentInfo, Flags, 48);
OFF(NevercBinarySegmentInfo, Address, 56);
OFF(NevercBinarySegmentInfo, MemorySize, 64);
OFF(NevercBinarySegmentInfo, FileOffset, 72);
OFF(NevercBinarySegmentInfo, FileSize, 80);
OFF(NevercBinarySegmentInfo, Alignment, 88);

SIZE(NevercBinarySectionInfo, 120);
ALIGN8(NevercBinarySectionInfo);
OFF(NevercBinarySectionInfo, Header, 0);
OFF(NevercBinarySectionInfo, Section, 16);
OFF(NevercBinarySectionInfo, Segment, 32);
OFF(NevercBinarySectionInfo, Name, 48);
OFF(NevercBinarySectionInfo, Kind, 64);
OFF(NevercBinarySectionInfo, Reserved, 68);
OFF(NevercBinarySectionInfo, Flags, 72);
OFF(NevercBinarySectionInfo, Address, 80);
OFF(NevercBinarySectionInfo, MemorySize, 88);
OFF(NevercBinarySectionInfo, FileOffset, 96);
OFF(NevercBinarySectionInfo, FileSize, 104);
OFF(NevercBinarySectionInfo, Alignment, 112);

SIZE(NevercBinaryImageInfo, 216);
ALIGN8(NevercBinaryImageInfo);
OFF(NevercBinaryImageInfo, Header, 0);
OFF(NevercBinaryImageInfo, Image, 16);
OFF(NevercBinaryImageInfo, State, 32);
OFF(NevercBinaryImageInfo, OutputKind, 36);
OFF(NevercBinaryImageInfo, TargetID, 40);
OFF(NevercBinaryImageInfo, FormatID, 56);
OFF(NevercBinaryImageInfo, EntryAddress, 72);
OFF(NevercBinaryImageInfo, ImageBase, 80);
OFF(NevercBinaryImageInfo, Size, 88);
OFF(NevercBinaryImageInfo, SegmentCount, 96);
OFF(NevercBinaryImageInfo, SectionCount, 104);
OFF(NevercBinaryImageInfo, ImportCount, 112);
OFF(NevercBinaryImageInfo, ExportCount, 120);
OFF(NevercBinaryImageInfo, DynamicRelocationCount, 128);
OFF(NevercBinaryImageInfo, ContentDigest, 136);
OFF(NevercBinaryImageInfo, Binary, 168);
OFF(NevercBinaryImageInfo, Builder, 176);
OFF(NevercBinaryImageInfo, Extensions, 192);

/* Section 4.7: provider products, requests and descriptors */
SIZE(NevercLinkerProductCandidate, 96);
ALIGN8(NevercLinkerProductCandidate);
OFF(NevercLinkerProductCandidate, Header, 0);
OFF(NevercLinkerProductCandidate, Image, 16);
OFF(NevercLinkerProductCandidate, Outputs, 32);
OFF(NevercLinkerProductCandidate, ProductID, 48);
OFF(NevercLinkerProductCandidate, ProducerRouteDigest, 64);

SIZE(NevercObjectMergeInput, 40);
ALIGN8(NevercObjectMergeInput);
OFF(NevercObjectMergeInput, Header, 0);
OFF(NevercObjectMergeInput, Object, 16);
OFF(NevercObjectMergeInput, Graph, 24);

SIZE(NevercObjectMergeRequest, 400);
ALIGN8(NevercObjectMergeRequest);
OFF(NevercObjectMergeRequest, Header, 0);
OFF(NevercObjectMergeRequest, Task, 16);
OFF(NevercObjectMergeRequest, Target, 32);
OFF(NevercObjectMergeRequest, FormatID, 288);
OFF(NevercObjectMergeRequest, Objects, 304);
OFF(NevercObjectMergeRequest, Flags, 328);
OFF(NevercObjectMergeRequest, Extensions, 336);
OFF(NevercObjectMergeRequest, OutputObject, 360);
OFF(NevercObjectMergeRequest, OutputGraph, 368);
OFF(NevercObjectMergeRequest, OutputMutation, 384);

SIZE(NevercObjectMergeCandidate, 80);
ALIGN8(NevercObjectMergeCandidate);
OFF(NevercObjectMergeCandidate, Header, 0);
OFF(NevercObjectMergeCandidate, Object, 16);
OFF(NevercObjectMergeCandidate, ProductID, 32);
OFF(NevercObjectMergeCandidate, ProducerRouteDigest, 48);

SIZE(NevercLinkerProviderDescriptor, 160);
ALIGN8(NevercLinkerProviderDescriptor);
OFF(NevercLinkerProviderDescriptor, Header, 0);
OFF(NevercLinkerProviderDescriptor, ProviderID, 16);
OFF(NevercLinkerProviderDescriptor, TargetID, 32);
OFF(NevercLinkerProviderDescriptor, InputFormat, 48);
OFF(NevercLinkerProviderDescriptor, OutputFormat, 64);
OFF(NevercLinkerProviderDescriptor, OutputKind, 80);
OFF(NevercLinkerProviderDescriptor, Reserved, 84);
OFF(NevercLinkerProviderDescriptor, Flags, 88);
OFF(NevercLinkerProviderDescriptor, CompatibilityKey, 96);
OFF(NevercLinkerProviderDescriptor, ProductID, 112);
OFF(NevercLinkerProviderDescriptor, Link, 128);
OFF(NevercLinkerProviderDescriptor, VerifyImage, 136);
OFF(NevercLinkerProviderDescriptor, UserData, 144);
OFF(NevercLinkerProviderDescriptor, DestroyUserData, 152);

SIZE(NevercObjectMergeProviderDescriptor, 128);
ALIGN8(NevercObjectMergeProviderDescriptor);
OFF(NevercObjectMergeProviderDescriptor, Header, 0);
OFF(NevercObjectMergeProviderDescriptor, ProviderID, 16);
OFF(NevercObjectMergeProviderDescriptor, TargetID, 32);
OFF(NevercObjectMergeProviderDescriptor, FormatID, 48);
OFF(NevercObjectMergeProviderDescriptor, Flags, 64);
OFF(NevercObjectMergeProviderDescriptor, CompatibilityKey, 72);
OFF(NevercObjectMergeProviderDescriptor, ProductID, 88);
OFF(NevercObjectMergeProviderDescriptor, Merge, 104);
OFF(NevercObjectMergeProviderDescriptor, UserData, 112);
OFF(NevercObjectMergeProviderDescriptor, DestroyUserData, 120);

SIZE(NevercBinaryImageVerifierDescriptor, 96);
ALIGN8(NevercBinaryImageVerifierDescriptor);
OFF(NevercBinaryImageVerifierDescriptor, Header, 0);
OFF(NevercBinaryImageVerifierDescriptor, VerifierID, 16);
OFF(NevercBinaryImageVerifierDescriptor, TargetID, 32);
OFF(NevercBinaryImageVerifierDescriptor, FormatID, 48);
OFF(NevercBinaryImageVerifierDescriptor, OutputKind, 64);
OFF(NevercBinaryImageVerifierDescriptor, Reserved, 68);
OFF(NevercBinaryImageVerifierDescriptor, Verify, 72);
OFF(NevercBinaryImageVerifierDescriptor, UserData, 80);
OFF(NevercBinaryImageVerifierDescriptor, DestroyUserData, 88);

/* Sections 2 and 3.1-3.3: NevercLinkAPI, NevercLinkRegistrarAPI and
 * NevercLinkPhaseAPI, in slot order. */
SIZE(NevercLinkAPI, 440);
OFF(NevercLinkAPI, Header, 0);
OFF(NevercLinkAPI, Context, 16);
OFF(NevercLinkAPI, GetRequest, 24);
OFF(NevercLinkAPI, GetGraphInfo, 32);
OFF(NevercLinkAPI, GetInputPage, 40);
OFF(NevercLinkAPI, GetArchivePage, 48);
OFF(NevercLinkAPI, GetArchiveMemberPage, 56);
OFF(NevercLinkAPI, GetSharedLibraryPage, 64);
OFF(NevercLinkAPI, GetBitcodeModulePage, 72);
OFF(NevercLinkAPI, GetSectionPage, 80);
OFF(NevercLinkAPI, GetAtomPage, 88);
OFF(NevercLinkAPI, GetSymbolPage, 96);
OFF(NevercLinkAPI, GetEdgePage, 104);
OFF(NevercLinkAPI, GetComdatPage, 112);
OFF(NevercLinkAPI, GetImportPage, 120);
OFF(NevercLinkAPI, GetExportPage, 128);
OFF(NevercLinkAPI, GetUnwindPage, 136);
OFF(NevercLinkAPI, GetSyntheticPage, 144);
OFF(NevercLinkAPI, GetConstraintPage, 152);
OFF(NevercLinkAPI, GetInputInfo, 160);
OFF(NevercLinkAPI, GetArchiveInfo, 168);
OFF(NevercLinkAPI, GetArchiveMemberInfo, 176);
OFF(NevercLinkAPI, GetSharedLibraryInfo, 184);
OFF(NevercLinkAPI, GetBitcodeModuleInfo, 192);
OFF(NevercLinkAPI, GetSectionInfo, 200);
OFF(NevercLinkAPI, GetAtomInfo, 208);
OFF(NevercLinkAPI, GetSymbolInfo, 216);
OFF(NevercLinkAPI, GetEdgeInfo, 224);
OFF(NevercLinkAPI, GetComdatInfo, 232);
OFF(NevercLinkAPI, GetImportInfo, 240);
OFF(NevercLinkAPI, GetExportInfo, 248);
OFF(NevercLinkAPI, GetUnwindInfo, 256);
OFF(NevercLinkAPI, GetSyntheticInfo, 264);
OFF(NevercLinkAPI, GetConstraintInfo, 272);
OFF(NevercLinkAPI, GetProofInfo, 280);
OFF(NevercLinkAPI, GetBinaryImageInfo, 288);
OFF(NevercLinkAPI, GetBinarySegmentPage, 296);
OFF(NevercLinkAPI, GetBinarySectionPage, 304);
OFF(NevercLinkAPI, BeginMutation, 312);
OFF(NevercLinkAPI, CommitMutation, 320);
OFF(NevercLinkAPI, AbandonMutation, 328);
OFF(NevercLinkAPI, RebindSymbol, 336);
OFF(NevercLinkAPI, RetargetEdge, 344);
OFF(NevercLinkAPI, SetSymbolRoot, 352);
OFF(NevercLinkAPI, SetAtomLive, 360);
OFF(NevercLinkAPI, SetFoldLeader, 368);
OFF(NevercLinkAPI, ReplaceAtomContent, 376);
OFF(NevercLinkAPI, CreateSynthetic, 384);
OFF(NevercLinkAPI, ReplaceSynthetic, 392);
OFF(NevercLinkAPI, EraseSynthetic, 400);
OFF(NevercLinkAPI, CreateConstraint, 408);
OFF(NevercLinkAPI, ReplaceConstraint, 416);
OFF(NevercLinkAPI, EraseConstraint, 424);
OFF(NevercLinkAPI, SetSymbolResolution, 432);

SIZE(NevercLinkRegistrarAPI, 48);
OFF(NevercLinkRegistrarAPI, Header, 0);
OFF(NevercLinkRegistrarAPI, Context, 16);
OFF(NevercLinkRegistrarAPI, RegisterLinkerProvider, 24);
OFF(NevercLinkRegistrarAPI, RegisterObjectMergeProvider, 32);
OFF(NevercLinkRegistrarAPI, RegisterBinaryImageVerifier, 40);

SIZE(NevercLinkPhaseAPI, 48);
OFF(NevercLinkPhaseAPI, Header, 0);
OFF(NevercLinkPhaseAPI, Context, 16);
OFF(NevercLinkPhaseAPI, GetGraph, 24);
OFF(NevercLinkPhaseAPI, PublishGraph, 32);
OFF(NevercLinkPhaseAPI, GetImage, 40);
/* Table sizes are 24 + 8 x slots (section 2: 440, 48, 48). Section 3.1:
 * fifteen graph pagers (slots 3-17), each with its getter (slots 18-32),
 * and two image pagers (slots 35-36) without one. */
NEVERC_LAYOUT_ASSERT(sizeof(NevercLinkAPI) == 24 + 8 * 52, "NevercLinkAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercLinkRegistrarAPI) == 24 + 8 * 3,
                     "NevercLinkRegistrarAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercLinkPhaseAPI) == 24 + 8 * 3, "NevercLinkPhaseAPI slot count");
NEVERC_LAYOUT_ASSERT(
    offsetof(NevercLinkAPI, GetConstraintPage) - offsetof(NevercLinkAPI, GetInputPage) == 8 * 14 &&
        offsetof(NevercLinkAPI, GetConstraintInfo) - offsetof(NevercLinkAPI, GetInputInfo) ==
            8 * 14 &&
        offsetof(NevercLinkAPI, GetInputInfo) - offsetof(NevercLinkAPI, GetInputPage) == 8 * 15,
    "NevercLinkAPI: fifteen graph pagers, then their fifteen getters");
/* Section 4.4: fifteen entity counts, one per graph pager, not seventeen. */
NEVERC_LAYOUT_ASSERT(offsetof(NevercLinkGraphInfo, SemanticDigest) -
                             offsetof(NevercLinkGraphInfo, InputCount) ==
                         15 * sizeof(uint64_t),
                     "NevercLinkGraphInfo entity counts");

/* Section 2: interface IDs, versions and stability. */
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_LINK_HIGH == UINT64_C(0x4e43504c494e4b01) &&
                         NEVERC_INTERFACE_LINK_LOW == 1 &&
                         NEVERC_INTERFACE_LINK_REGISTRAR_HIGH == UINT64_C(0x4e43504c4e4b5201) &&
                         NEVERC_INTERFACE_LINK_REGISTRAR_LOW == 1 &&
                         NEVERC_INTERFACE_LINK_PHASE_HIGH == UINT64_C(0x4e43504c4e504801) &&
                         NEVERC_INTERFACE_LINK_PHASE_LOW == 1 &&
                         sizeof(NEVERC_INTERFACE_LINK_HIGH) == 8 &&
                         sizeof(NEVERC_INTERFACE_LINK_LOW) == 8,
                     "link interface IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_API_MAJOR == 1 && NEVERC_LINK_API_MINOR == 0 &&
                         NEVERC_LINK_REGISTRAR_API_MAJOR == 1 &&
                         NEVERC_LINK_REGISTRAR_API_MINOR == 0 && NEVERC_LINK_PHASE_API_MAJOR == 1 &&
                         NEVERC_LINK_PHASE_API_MINOR == 0,
                     "link API versions");
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_LINK_REGISTRAR_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_LINK_PHASE_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE,
                     "link interface stability");

/* Section 4.1: handles, and the widths of the scalar types. */
SIZE(NevercLinkRequestHandle, 16);
SIZE(NevercLinkInputHandle, 16);
SIZE(NevercLinkArchiveHandle, 16);
SIZE(NevercLinkArchiveMemberHandle, 16);
SIZE(NevercLinkSharedLibraryHandle, 16);
SIZE(NevercLinkBitcodeModuleHandle, 16);
SIZE(NevercLinkGraphHandle, 16);
SIZE(NevercLinkSectionHandle, 16);
SIZE(NevercLinkAtomHandle, 16);
SIZE(NevercLinkSymbolHandle, 16);
SIZE(NevercLinkEdgeHandle, 16);
SIZE(NevercLinkComdatHandle, 16);
SIZE(NevercLinkImportHandle, 16);
SIZE(NevercLinkExportHandle, 16);
SIZE(NevercLinkUnwindHandle, 16);
SIZE(NevercLinkSyntheticHandle, 16);
SIZE(NevercLinkConstraintHandle, 16);
SIZE(NevercLinkMutationHandle, 16);
SIZE(NevercLinkProofHandle, 16);
SIZE(NevercBinaryImageHandle, 16);
SIZE(NevercBinarySegmentHandle, 16);
SIZE(NevercBinarySectionHandle, 16);
SIZE(NevercOutputBundleHandle, 16);
SIZE(NevercLinkerProviderHandle, 16);
SIZE(NevercObjectMergeProviderHandle, 16);
SIZE(NevercBinaryImageVerifierHandle, 16);
SIZE(NevercLinkInputKind, 4);
SIZE(NevercLinkOutputKind, 4);
SIZE(NevercLinkState, 4);
SIZE(NevercLinkSymbolBinding, 4);
SIZE(NevercLinkSymbolVisibility, 4);
SIZE(NevercLinkSymbolDefinition, 4);
SIZE(NevercLinkEdgeKind, 4);
SIZE(NevercLinkComdatSelection, 4);
SIZE(NevercBinaryImageState, 4);
SIZE(NevercLinkOptionFlags, 8);
SIZE(NevercLinkInputFlags, 8);
SIZE(NevercLinkAtomFlags, 8);
SIZE(NevercBinarySegmentFlags, 8);
SIZE(NevercLinkProviderFlags, 8);
/* Section 3.6: the provider callbacks are plain function pointers. */
SIZE(NevercLinkerProviderFn, sizeof(void (*)(void)));
SIZE(NevercObjectMergeProviderFn, sizeof(void (*)(void)));
SIZE(NevercBinaryImageVerifierFn, sizeof(void (*)(void)));

/* Sections 5.1-5.14: every value, and the width of its macros. The u64
 * flag rows are bit positions: the first flag is 1, never 0. */
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_INPUT_UNKNOWN == 0 && NEVERC_LINK_INPUT_OBJECT == 1 &&
                         NEVERC_LINK_INPUT_ARCHIVE == 2 && NEVERC_LINK_INPUT_SHARED_LIBRARY == 3 &&
                         NEVERC_LINK_INPUT_BITCODE == 4 && NEVERC_LINK_INPUT_SCRIPT == 5 &&
                         NEVERC_LINK_INPUT_BLOB == 6 && sizeof(NEVERC_LINK_INPUT_UNKNOWN) == 4,
                     "link input kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_OPTION_NONE == 0 && NEVERC_LINK_OPTION_PIE == 1 &&
                         NEVERC_LINK_OPTION_STATIC == 2 && NEVERC_LINK_OPTION_GC_SECTIONS == 4 &&
                         NEVERC_LINK_OPTION_ICF == 8 && NEVERC_LINK_OPTION_EXPORT_DYNAMIC == 16 &&
                         NEVERC_LINK_OPTION_ALLOW_UNDEFINED == 32 &&
                         NEVERC_LINK_OPTION_WHOLE_ARCHIVE == 64 &&
                         NEVERC_LINK_OPTION_DETERMINISTIC == 128 &&
                         sizeof(NEVERC_LINK_OPTION_NONE) == 8 &&
                         sizeof(NEVERC_LINK_OPTION_PIE) == 8,
                     "link option flags");
NEVERC_LAYOUT_ASSERT(
    NEVERC_LINK_INPUT_FLAG_NONE == 0 && NEVERC_LINK_INPUT_FLAG_WHOLE_ARCHIVE == 1 &&
        NEVERC_LINK_INPUT_FLAG_AS_NEEDED == 2 && NEVERC_LINK_INPUT_FLAG_START_GROUP == 4 &&
        NEVERC_LINK_INPUT_FLAG_END_GROUP == 8 && NEVERC_LINK_INPUT_FLAG_LAZY == 16 &&
        sizeof(NEVERC_LINK_INPUT_FLAG_NONE) == 8 && sizeof(NEVERC_LINK_INPUT_FLAG_LAZY) == 8,
    "link input flags");
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_OUTPUT_RELOCATABLE == 1 && NEVERC_LINK_OUTPUT_EXECUTABLE == 2 &&
                         NEVERC_LINK_OUTPUT_SHARED_LIBRARY == 3 && NEVERC_LINK_OUTPUT_BUNDLE == 4 &&
                         sizeof(NEVERC_LINK_OUTPUT_RELOCATABLE) == 4,
                     "link output kinds");
NEVERC_LAYOUT_ASSERT(
    NEVERC_LINK_STATE_INITIAL == 0 && NEVERC_LINK_STATE_INPUT_PROBED == 1 &&
        NEVERC_LINK_STATE_INPUTS_READ == 2 && NEVERC_LINK_STATE_LTO_RESOLUTION_READY == 3 &&
        NEVERC_LINK_STATE_LTO_GENERATED == 4 && NEVERC_LINK_STATE_SYMBOLS_RESOLVED == 5 &&
        NEVERC_LINK_STATE_COMDAT_SELECTED == 6 && NEVERC_LINK_STATE_GC_COMPLETE == 7 &&
        NEVERC_LINK_STATE_ICF_COMPLETE == 8 && NEVERC_LINK_STATE_SYNTHETICS_READY == 9 &&
        NEVERC_LINK_STATE_THUNKS_RELAXED == 10 && NEVERC_LINK_STATE_LAYOUT_COMPLETE == 11 &&
        NEVERC_LINK_STATE_RELOCATIONS_APPLIED == 12 && NEVERC_LINK_STATE_IMAGE_EMITTED == 13 &&
        sizeof(NEVERC_LINK_STATE_INITIAL) == 4,
    "link states");
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_SYMBOL_BINDING_LOCAL == 1 &&
                         NEVERC_LINK_SYMBOL_BINDING_GLOBAL == 2 &&
                         NEVERC_LINK_SYMBOL_BINDING_WEAK == 3 &&
                         NEVERC_LINK_SYMBOL_BINDING_COMMON == 4 &&
                         sizeof(NEVERC_LINK_SYMBOL_BINDING_LOCAL) == 4,
                     "link symbol bindings");
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_SYMBOL_VISIBILITY_DEFAULT == 1 &&
                         NEVERC_LINK_SYMBOL_VISIBILITY_HIDDEN == 2 &&
                         NEVERC_LINK_SYMBOL_VISIBILITY_PROTECTED == 3 &&
                         NEVERC_LINK_SYMBOL_VISIBILITY_INTERNAL == 4 &&
                         sizeof(NEVERC_LINK_SYMBOL_VISIBILITY_DEFAULT) == 4,
                     "link symbol visibilities");
/* Section 5.8: no DEFINITION_ infix. */
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_SYMBOL_UNDEFINED == 1 && NEVERC_LINK_SYMBOL_DEFINED == 2 &&
                         NEVERC_LINK_SYMBOL_ABSOLUTE == 3 && NEVERC_LINK_SYMBOL_COMMON == 4 &&
                         NEVERC_LINK_SYMBOL_SHARED == 5 &&
                         sizeof(NEVERC_LINK_SYMBOL_UNDEFINED) == 4,
                     "link symbol definitions");
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_EDGE_RELOCATION == 1 && NEVERC_LINK_EDGE_ASSOCIATION == 2 &&
                         NEVERC_LINK_EDGE_KEEP_ALIVE == 3 && NEVERC_LINK_EDGE_UNWIND == 4 &&
                         NEVERC_LINK_EDGE_FORMAT_EXTENSION == 5 &&
                         sizeof(NEVERC_LINK_EDGE_RELOCATION) == 4,
                     "link edge kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_COMDAT_ANY == 1 && NEVERC_LINK_COMDAT_EXACT_MATCH == 2 &&
                         NEVERC_LINK_COMDAT_SAME_SIZE == 3 && NEVERC_LINK_COMDAT_LARGEST == 4 &&
                         NEVERC_LINK_COMDAT_NEWEST == 5 && NEVERC_LINK_COMDAT_NO_DUPLICATES == 6 &&
                         sizeof(NEVERC_LINK_COMDAT_ANY) == 4,
                     "link COMDAT selections");
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_ATOM_LIVE == 1 && NEVERC_LINK_ATOM_ROOT == 2 &&
                         NEVERC_LINK_ATOM_SYNTHETIC == 4 && NEVERC_LINK_ATOM_FOLDED == 8 &&
                         NEVERC_LINK_ATOM_ADDRESS_SIGNIFICANT == 16 && NEVERC_LINK_ATOM_TLS == 32 &&
                         NEVERC_LINK_ATOM_UNWIND == 64 && sizeof(NEVERC_LINK_ATOM_LIVE) == 8,
                     "link atom flags");
NEVERC_LAYOUT_ASSERT(NEVERC_BINARY_SEGMENT_READ == 1 && NEVERC_BINARY_SEGMENT_WRITE == 2 &&
                         NEVERC_BINARY_SEGMENT_EXECUTE == 4 &&
                         sizeof(NEVERC_BINARY_SEGMENT_READ) == 8,
                     "binary segment flags");
NEVERC_LAYOUT_ASSERT(NEVERC_LINK_PROVIDER_DETERMINISTIC == 1 &&
                         NEVERC_LINK_PROVIDER_CACHEABLE == 2 &&
                         NEVERC_LINK_PROVIDER_REPLAY_REQUIRED == 4 &&
                         sizeof(NEVERC_LINK_PROVIDER_DETERMINISTIC) == 8,
                     "link provider flags");
/* Section 5.14, and the same numbers as the object image states. */
NEVERC_LAYOUT_ASSERT(NEVERC_BINARY_IMAGE_CANDIDATE == 1 && NEVERC_BINARY_IMAGE_VERIFIED == 2 &&
                         NEVERC_BINARY_IMAGE_COMMITTED == 3 && NEVERC_BINARY_IMAGE_ABORTED == 4 &&
                         NEVERC_BINARY_IMAGE_FAILED_PARTIAL == 5 &&
                         sizeof(NEVERC_BINARY_IMAGE_CANDIDATE) == 4 &&
                         NEVERC_BINARY_IMAGE_CANDIDATE == NEVERC_OBJECT_IMAGE_CANDIDATE &&
                         NEVERC_BINARY_IMAGE_VERIFIED == NEVERC_OBJECT_IMAGE_VERIFIED &&
                         NEVERC_BINARY_IMAGE_COMMITTED == NEVERC_OBJECT_IMAGE_COMMITTED &&
                         NEVERC_BINARY_IMAGE_ABORTED == NEVERC_OBJECT_IMAGE_ABORTED &&
                         NEVERC_BINARY_IMAGE_FAILED_PARTIAL == NEVERC_OBJECT_IMAGE_FAILED_PARTIAL,
                     "binary image states");

/* Section 1: the twenty link phases of the phase schema and the states.
 * Each of the thirteen fine-grained phases has the low ID of the state it
 * produces, consumes the link artifact of the state before it and produces
 * the next one. */
#define NEVERC_LAYOUT_LINK_STEP(S, STATE)                                                          \
  (NEVERC_PHASE_##S##_HIGH == UINT64_C(0x4e4350485a4c4b01) &&                                      \
   NEVERC_PHASE_##S##_LOW == NEVERC_LINK_STATE_##STATE &&                                          \
   NEVERC_PHASE_##S##_INPUT_HIGH == UINT64_C(0x4e4341524c4e4b01) &&                                \
   NEVERC_PHASE_##S##_INPUT_LOW == NEVERC_LINK_STATE_##STATE &&                                    \
   NEVERC_PHASE_##S##_OUTPUT_HIGH == UINT64_C(0x4e4341524c4e4b01) &&                               \
   NEVERC_PHASE_##S##_OUTPUT_LOW == NEVERC_LINK_STATE_##STATE + 1)
NEVERC_LAYOUT_ASSERT(NEVERC_BUILTIN_LINK_PHASE_COUNT == 20, "link phase count");
NEVERC_LAYOUT_ASSERT(NEVERC_LAYOUT_LINK_STEP(LINK_INPUT_PROBE, INPUT_PROBED) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_READ_INPUTS, INPUTS_READ) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_LTO_RESOLVE, LTO_RESOLUTION_READY) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_LTO_GENERATE, LTO_GENERATED) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_RESOLVE_SYMBOLS, SYMBOLS_RESOLVED) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_SELECT_COMDAT, COMDAT_SELECTED) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_GC, GC_COMPLETE) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_ICF, ICF_COMPLETE) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_SYNTHESIZE, SYNTHETICS_READY) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_RELAX_THUNKS, THUNKS_RELAXED) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_LAYOUT, LAYOUT_COMPLETE) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_RELOCATE, RELOCATIONS_APPLIED) &&
                         NEVERC_LAYOUT_LINK_STEP(LINK_EMIT_IMAGE, IMAGE_EMITTED),
                     "link states and the fine-grained phases");
#undef NEVERC_LAYOUT_LINK_STEP
/* The whole link goes from the INITIAL request to the emitted image; -r
 * reads the INPUTS_READ graph and outputs the ObjectGraph artifact that
 * neverc.object.read outputs. */
NEVERC_LAYOUT_ASSERT(
    NEVERC_PHASE_LINK_FULL_INPUT_LOW == NEVERC_LINK_STATE_INITIAL + 1 &&
        NEVERC_PHASE_LINK_FULL_OUTPUT_LOW == NEVERC_PHASE_LINK_EMIT_IMAGE_OUTPUT_LOW &&
        NEVERC_PHASE_LINK_OBJECT_MERGE_INPUT_LOW == NEVERC_PHASE_LINK_READ_INPUTS_OUTPUT_LOW &&
        NEVERC_PHASE_LINK_OBJECT_MERGE_OUTPUT_HIGH == NEVERC_PHASE_OBJECT_READ_OUTPUT_HIGH &&
        NEVERC_PHASE_LINK_OBJECT_MERGE_OUTPUT_LOW == NEVERC_PHASE_OBJECT_READ_OUTPUT_LOW &&
        NEVERC_PHASE_LINK_POST_EMIT_INPUT_LOW == NEVERC_PHASE_LINK_EMIT_IMAGE_OUTPUT_LOW &&
        NEVERC_PHASE_LINK_POST_EMIT_OUTPUT_LOW == NEVERC_PHASE_LINK_EMIT_IMAGE_OUTPUT_LOW,
    "link routes");
/* Sealed gates, the event, and what post_emit, full and object_merge
 * allow. */
NEVERC_LAYOUT_ASSERT(NEVERC_PHASE_LINK_IMAGE_VERIFY_GATE == NEVERC_PHASE_GATE_SEALED_VERIFIER &&
                         NEVERC_PHASE_LINK_SIDE_OUTPUTS_VERIFY_GATE ==
                             NEVERC_PHASE_GATE_SEALED_VERIFIER &&
                         NEVERC_PHASE_LINK_COMMIT_GATE == NEVERC_PHASE_GATE_SEALED_COMMIT &&
                         NEVERC_PHASE_LINK_COMMIT_OBSERVER_POINTS ==
                             (NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER_COMMIT) &&
                         NEVERC_PHASE_LINK_AFTER_COMMIT_KIND == NEVERC_PHASE_KIND_EVENT &&
                         NEVERC_PHASE_LINK_AFTER_COMMIT_OBSERVER_POINTS == NEVERC_OBSERVER_AFTER &&
                         NEVERC_PHASE_LINK_POST_EMIT_POLICY ==
                             (NEVERC_PHASE_OBSERVABLE | NEVERC_PHASE_INTERCEPTABLE) &&
                         NEVERC_PHASE_LINK_FULL_POLICY ==
                             (NEVERC_PHASE_OBSERVABLE | NEVERC_PHASE_INTERCEPTABLE |
                              NEVERC_PHASE_REPLACEABLE) &&
                         NEVERC_PHASE_LINK_OBJECT_MERGE_POLICY == NEVERC_PHASE_LINK_FULL_POLICY,
                     "link phase gates and policies");
/* Rule 13: 20 observable, 16 interceptable, 15 replaceable, 13 skippable
 * with a proof; every phase is in the link domain's X-macro list once. */
#define NEVERC_LAYOUT_LINK_HAS(S, BIT) +((NEVERC_PHASE_##S##_POLICY & (BIT)) ? 1 : 0)
#define NEVERC_LAYOUT_LINK_OBSERVABLE(S) NEVERC_LAYOUT_LINK_HAS(S, NEVERC_PHASE_OBSERVABLE)
#define NEVERC_LAYOUT_LINK_INTERCEPTABLE(S) NEVERC_LAYOUT_LINK_HAS(S, NEVERC_PHASE_INTERCEPTABLE)
#define NEVERC_LAYOUT_LINK_REPLACEABLE(S) NEVERC_LAYOUT_LINK_HAS(S, NEVERC_PHASE_REPLACEABLE)
#define NEVERC_LAYOUT_LINK_SKIPPABLE(S) NEVERC_LAYOUT_LINK_HAS(S, NEVERC_PHASE_SKIPPABLE_WITH_PROOF)
#define NEVERC_LAYOUT_LINK_LOW(S) +(int)NEVERC_PHASE_##S##_LOW
/* One enum: gcc warns on comparing constants of two anonymous enums. */
enum {
  NevercLayoutLinkObservable = 0 NEVERC_FOR_EACH_BUILTIN_LINK_PHASE(NEVERC_LAYOUT_LINK_OBSERVABLE),
  NevercLayoutLinkInterceptable =
      0 NEVERC_FOR_EACH_BUILTIN_LINK_PHASE(NEVERC_LAYOUT_LINK_INTERCEPTABLE),
  NevercLayoutLinkReplaceable =
      0 NEVERC_FOR_EACH_BUILTIN_LINK_PHASE(NEVERC_LAYOUT_LINK_REPLACEABLE),
  NevercLayoutLinkSkippable = 0 NEVERC_FOR_EACH_BUILTIN_LINK_PHASE(NEVERC_LAYOUT_LINK_SKIPPABLE),
  NevercLayoutLinkLows = 0 NEVERC_FOR_EACH_BUILTIN_LINK_PHASE(NEVERC_LAYOUT_LINK_LOW)
};
NEVERC_LAYOUT_ASSERT(NevercLayoutLinkObservable == 20 && NevercLayoutLinkInterceptable == 16 &&
                         NevercLayoutLinkReplaceable == 15 && NevercLayoutLinkSkippable == 13,
                     "link phase policy totals");
NEVERC_LAYOUT_ASSERT(NevercLayoutLinkLows == 20 * 21 / 2, "link X-macro rows: lows 1..20");
#undef NEVERC_LAYOUT_LINK_HAS
#undef NEVERC_LAYOUT_LINK_OBSERVABLE
#undef NEVERC_LAYOUT_LINK_INTERCEPTABLE
#undef NEVERC_LAYOUT_LINK_REPLACEABLE
#undef NEVERC_LAYOUT_LINK_SKIPPABLE
#undef NEVERC_LAYOUT_LINK_LOW
