/*
 * Static layout asserts for the public SDK structs (64-bit ABI keys).
 * Every size and offset below is copied from the spec tables:
 * shared/spec/core.md sections 2, 4 and 5.1, shared/spec/driver.md
 * sections 4-5, shared/spec/source.md sections 3, 4 and 6 and
 * shared/spec/prep.md sections 3-4 (the IR domain's: layout_asserts_ir.c),
 * plus the constants at the end. Compiles as C11/C23 and as C++17; a layout
 * change makes the compile fail.
 */
#include "layout_asserts.h"

NEVERC_LAYOUT_ASSERT(sizeof(void *) == 8, "layout asserts are for 64-bit ABI keys");

/* core.md section 2: basic types */
SIZE(NevercBool, 4);
SIZE(NevercStatusCode, 4);
SIZE(NevercStatusFlags, 4);
SIZE(NevercPhasePolicy, 8);
SIZE(NevercObserverPoint, 4);

SIZE(NevercStatus, 16);
OFF(NevercStatus, Code, 0);
OFF(NevercStatus, Flags, 4);
OFF(NevercStatus, Detail, 8);

SIZE(NevercABITableHeader, 16);
ALIGN8(NevercABITableHeader);
OFF(NevercABITableHeader, StructSize, 0);
OFF(NevercABITableHeader, Major, 4);
OFF(NevercABITableHeader, Minor, 6);
OFF(NevercABITableHeader, Flags, 8);

SIZE(NevercStringView, 16);
OFF(NevercStringView, Data, 0);
OFF(NevercStringView, Length, 8);

SIZE(NevercByteView, 16);
OFF(NevercByteView, Data, 0);
OFF(NevercByteView, Length, 8);

SIZE(NevercStructArrayView, 24);
OFF(NevercStructArrayView, Data, 0);
OFF(NevercStructArrayView, Count, 8);
OFF(NevercStructArrayView, ElementStride, 16);

SIZE(NevercInterfaceID, 16);
OFF(NevercInterfaceID, High, 0);
OFF(NevercInterfaceID, Low, 8);

SIZE(NevercHandle, 16);
OFF(NevercHandle, Owner, 0);
OFF(NevercHandle, Value, 8);
SIZE(NevercSessionHandle, 16);
SIZE(NevercFixItHandle, 16);

SIZE(NevercSemanticVersion, 48);
OFF(NevercSemanticVersion, Major, 0);
OFF(NevercSemanticVersion, Minor, 4);
OFF(NevercSemanticVersion, Patch, 8);
OFF(NevercSemanticVersion, Reserved, 12);
OFF(NevercSemanticVersion, Prerelease, 16);
OFF(NevercSemanticVersion, BuildMetadata, 32);

SIZE(NevercVersionRange, 112);
OFF(NevercVersionRange, MinimumInclusive, 0);
OFF(NevercVersionRange, MaximumExclusive, 48);
OFF(NevercVersionRange, HasMaximum, 96);
OFF(NevercVersionRange, AllowPrerelease, 100);
OFF(NevercVersionRange, Reserved, 104);

/* core.md section 4: structures */
SIZE(NevercCompatibilityKey, 56);
OFF(NevercCompatibilityKey, Header, 0);
OFF(NevercCompatibilityKey, ProducerBuildID, 16);
OFF(NevercCompatibilityKey, TargetABIKey, 32);
OFF(NevercCompatibilityKey, LLVMMajor, 48);
OFF(NevercCompatibilityKey, Reserved, 52);

SIZE(NevercInterfaceRequirement, 104);
OFF(NevercInterfaceRequirement, Header, 0);
OFF(NevercInterfaceRequirement, Interface, 16);
OFF(NevercInterfaceRequirement, Major, 32);
OFF(NevercInterfaceRequirement, MinimumMinor, 34);
OFF(NevercInterfaceRequirement, Required, 36);
OFF(NevercInterfaceRequirement, Stability, 40);
OFF(NevercInterfaceRequirement, Compatibility, 48);

SIZE(NevercPluginDependency, 152);
OFF(NevercPluginDependency, Header, 0);
OFF(NevercPluginDependency, PluginID, 16);
OFF(NevercPluginDependency, Version, 32);
OFF(NevercPluginDependency, Kind, 144);
OFF(NevercPluginDependency, Reserved, 148);

SIZE(NevercDiagnosticNote, 32);
OFF(NevercDiagnosticNote, Header, 0);
OFF(NevercDiagnosticNote, Message, 16);

SIZE(NevercDiagnosticDescriptor, 160);
OFF(NevercDiagnosticDescriptor, Header, 0);
OFF(NevercDiagnosticDescriptor, Severity, 16);
OFF(NevercDiagnosticDescriptor, Code, 20);
OFF(NevercDiagnosticDescriptor, PluginID, 24);
OFF(NevercDiagnosticDescriptor, PhaseID, 40);
OFF(NevercDiagnosticDescriptor, Message, 56);
OFF(NevercDiagnosticDescriptor, Notes, 72);
OFF(NevercDiagnosticDescriptor, Location, 96);
OFF(NevercDiagnosticDescriptor, Ranges, 112);
OFF(NevercDiagnosticDescriptor, FixIts, 136);

SIZE(NevercPhaseResult, 56);
OFF(NevercPhaseResult, Header, 0);
OFF(NevercPhaseResult, Action, 16);
OFF(NevercPhaseResult, Reserved, 20);
OFF(NevercPhaseResult, Output, 24);
OFF(NevercPhaseResult, Proof, 40);

SIZE(NevercPhaseRoute, 88);
OFF(NevercPhaseRoute, Header, 0);
OFF(NevercPhaseRoute, TargetTriple, 16);
OFF(NevercPhaseRoute, CPU, 32);
OFF(NevercPhaseRoute, Features, 48);
OFF(NevercPhaseRoute, ObjectFormat, 64);
OFF(NevercPhaseRoute, ExecutionLevel, 80);
OFF(NevercPhaseRoute, Reserved, 84);

SIZE(NevercPhaseFrame, 200);
OFF(NevercPhaseFrame, Header, 0);
OFF(NevercPhaseFrame, Session, 16);
OFF(NevercPhaseFrame, Task, 32);
OFF(NevercPhaseFrame, Phase, 48);
OFF(NevercPhaseFrame, Route, 64);
OFF(NevercPhaseFrame, Input, 152);
OFF(NevercPhaseFrame, CurrentOutput, 168);
OFF(NevercPhaseFrame, Cancellation, 184);

SIZE(NevercBootstrapAPI, 56);
OFF(NevercBootstrapAPI, Header, 0);
OFF(NevercBootstrapAPI, Context, 16);
OFF(NevercBootstrapAPI, QueryInterface, 24);
OFF(NevercBootstrapAPI, HostBuildID, 32);
OFF(NevercBootstrapAPI, LLVMMajor, 48);
OFF(NevercBootstrapAPI, Reserved, 52);

/* core.md section 5.1: the core table */
SIZE(NevercCoreAPI, 104);
OFF(NevercCoreAPI, Header, 0);
OFF(NevercCoreAPI, Context, 16);
OFF(NevercCoreAPI, Allocate, 24);
OFF(NevercCoreAPI, Reallocate, 32);
OFF(NevercCoreAPI, Deallocate, 40);
OFF(NevercCoreAPI, EmitDiagnostic, 48);
OFF(NevercCoreAPI, QueryInterface, 56);
OFF(NevercCoreAPI, CheckCancelled, 64);
OFF(NevercCoreAPI, GetSessionState, 72);
OFF(NevercCoreAPI, GetTaskState, 80);
OFF(NevercCoreAPI, GetPluginOptionValueCount, 88);
OFF(NevercCoreAPI, GetPluginOptionValue, 96);

SIZE(NevercPhaseContinuation, 40);
OFF(NevercPhaseContinuation, Header, 0);
OFF(NevercPhaseContinuation, InvokeNext, 16);
OFF(NevercPhaseContinuation, Context, 24);
OFF(NevercPhaseContinuation, Generation, 32);

SIZE(NevercPhaseDescriptor, 96);
OFF(NevercPhaseDescriptor, Header, 0);
OFF(NevercPhaseDescriptor, Phase, 16);
OFF(NevercPhaseDescriptor, CanonicalName, 32);
OFF(NevercPhaseDescriptor, InputArtifact, 48);
OFF(NevercPhaseDescriptor, OutputArtifact, 64);
OFF(NevercPhaseDescriptor, Policy, 80);
OFF(NevercPhaseDescriptor, ObserverPoints, 88);
OFF(NevercPhaseDescriptor, Reserved, 92);

SIZE(NevercObserverDescriptor, 64);
OFF(NevercObserverDescriptor, Header, 0);
OFF(NevercObserverDescriptor, Phase, 16);
OFF(NevercObserverDescriptor, Points, 32);
OFF(NevercObserverDescriptor, Reserved, 36);
OFF(NevercObserverDescriptor, Callback, 40);
OFF(NevercObserverDescriptor, UserData, 48);
OFF(NevercObserverDescriptor, DestroyUserData, 56);

SIZE(NevercInterceptorDescriptor, 56);
OFF(NevercInterceptorDescriptor, Header, 0);
OFF(NevercInterceptorDescriptor, Phase, 16);
OFF(NevercInterceptorDescriptor, Callback, 32);
OFF(NevercInterceptorDescriptor, UserData, 40);
OFF(NevercInterceptorDescriptor, DestroyUserData, 48);

SIZE(NevercProviderDescriptor, 176);
OFF(NevercProviderDescriptor, Header, 0);
OFF(NevercProviderDescriptor, Phase, 16);
OFF(NevercProviderDescriptor, ProviderID, 32);
OFF(NevercProviderDescriptor, Route, 48);
OFF(NevercProviderDescriptor, Deterministic, 136);
OFF(NevercProviderDescriptor, Cacheable, 140);
OFF(NevercProviderDescriptor, FallbackSafe, 144);
OFF(NevercProviderDescriptor, Reserved, 148);
OFF(NevercProviderDescriptor, Callback, 152);
OFF(NevercProviderDescriptor, UserData, 160);
OFF(NevercProviderDescriptor, DestroyUserData, 168);

SIZE(NevercRegistrarAPI, 64);
OFF(NevercRegistrarAPI, Header, 0);
OFF(NevercRegistrarAPI, RegisterInterface, 16);
OFF(NevercRegistrarAPI, RegisterPhase, 24);
OFF(NevercRegistrarAPI, RegisterObserver, 32);
OFF(NevercRegistrarAPI, RegisterInterceptor, 40);
OFF(NevercRegistrarAPI, RegisterProvider, 48);
OFF(NevercRegistrarAPI, RegisterOption, 56);

SIZE(NevercPluginDescriptor, 232);
OFF(NevercPluginDescriptor, Header, 0);
OFF(NevercPluginDescriptor, PluginID, 16);
OFF(NevercPluginDescriptor, DisplayName, 32);
OFF(NevercPluginDescriptor, Version, 48);
OFF(NevercPluginDescriptor, Concurrency, 96);
OFF(NevercPluginDescriptor, Reentrancy, 100);
OFF(NevercPluginDescriptor, RequiredInterfaces, 104);
OFF(NevercPluginDescriptor, OptionalInterfaces, 128);
OFF(NevercPluginDescriptor, Dependencies, 152);
OFF(NevercPluginDescriptor, ProcessBegin, 176);
OFF(NevercPluginDescriptor, Register, 184);
OFF(NevercPluginDescriptor, SessionBegin, 192);
OFF(NevercPluginDescriptor, SessionEnd, 200);
OFF(NevercPluginDescriptor, TaskBegin, 208);
OFF(NevercPluginDescriptor, TaskEnd, 216);
OFF(NevercPluginDescriptor, Destroy, 224);

/* driver.md section 5: option structs */
SIZE(NevercStringList, 24);
OFF(NevercStringList, Data, 0);
OFF(NevercStringList, Count, 8);
OFF(NevercStringList, ElementStride, 16);

SIZE(NevercOptionEnumValue, 56);
OFF(NevercOptionEnumValue, Header, 0);
OFF(NevercOptionEnumValue, Name, 16);
OFF(NevercOptionEnumValue, Value, 32);
OFF(NevercOptionEnumValue, Help, 40);

SIZE(NevercOptionValidationContext, 72);
OFF(NevercOptionValidationContext, Header, 0);
OFF(NevercOptionValidationContext, PluginID, 16);
OFF(NevercOptionValidationContext, Spelling, 32);
OFF(NevercOptionValidationContext, TargetTriple, 48);
OFF(NevercOptionValidationContext, Occurrence, 64);

SIZE(NevercOptionDescriptor, 224);
OFF(NevercOptionDescriptor, Header, 0);
OFF(NevercOptionDescriptor, Spelling, 16);
OFF(NevercOptionDescriptor, Aliases, 32);
OFF(NevercOptionDescriptor, Form, 56);
OFF(NevercOptionDescriptor, ValueType, 60);
OFF(NevercOptionDescriptor, Multiplicity, 64);
OFF(NevercOptionDescriptor, ArgumentCount, 68);
OFF(NevercOptionDescriptor, Required, 72);
OFF(NevercOptionDescriptor, Hidden, 76);
OFF(NevercOptionDescriptor, Help, 80);
OFF(NevercOptionDescriptor, Metavar, 96);
OFF(NevercOptionDescriptor, EnumValues, 112);
OFF(NevercOptionDescriptor, Conflicts, 136);
OFF(NevercOptionDescriptor, Requires, 160);
OFF(NevercOptionDescriptor, TargetPredicate, 184);
OFF(NevercOptionDescriptor, Validator, 200);
OFF(NevercOptionDescriptor, UserData, 208);
OFF(NevercOptionDescriptor, DestroyUserData, 216);

/* Alignment: every struct above is 8-aligned on 64-bit keys. */
ALIGN8(NevercStatus);
ALIGN8(NevercSemanticVersion);
ALIGN8(NevercVersionRange);
ALIGN8(NevercCoreAPI);
ALIGN8(NevercBootstrapAPI);
ALIGN8(NevercRegistrarAPI);
ALIGN8(NevercPluginDescriptor);
ALIGN8(NevercPhaseFrame);
ALIGN8(NevercProviderDescriptor);
ALIGN8(NevercOptionDescriptor);
ALIGN8(NevercStringList);

/* source.md section 6 (structs) and sections 3-4 (the IO and source-location tables) */

SIZE(NevercOutputSealList, 24);
ALIGN8(NevercOutputSealList);
OFF(NevercOutputSealList, Data, 0);
OFF(NevercOutputSealList, Count, 8);
OFF(NevercOutputSealList, ElementStride, 16);

SIZE(NevercSourceLocationInfo, 40);
ALIGN8(NevercSourceLocationInfo);
OFF(NevercSourceLocationInfo, Header, 0);
OFF(NevercSourceLocationInfo, Kind, 16);
OFF(NevercSourceLocationInfo, Reserved, 20);
OFF(NevercSourceLocationInfo, FileOffset, 24);
OFF(NevercSourceLocationInfo, Line, 32);
OFF(NevercSourceLocationInfo, Column, 36);

SIZE(NevercSourceRangeInfo, 56);
ALIGN8(NevercSourceRangeInfo);
OFF(NevercSourceRangeInfo, Header, 0);
OFF(NevercSourceRangeInfo, Begin, 16);
OFF(NevercSourceRangeInfo, End, 32);
OFF(NevercSourceRangeInfo, Kind, 48);
OFF(NevercSourceRangeInfo, Reserved, 52);

SIZE(NevercBufferView, 40);
ALIGN8(NevercBufferView);
OFF(NevercBufferView, Header, 0);
OFF(NevercBufferView, Data, 16);
OFF(NevercBufferView, Length, 24);
OFF(NevercBufferView, NullTerminated, 32);
OFF(NevercBufferView, Reserved, 36);

SIZE(NevercPresumedLocation, 56);
ALIGN8(NevercPresumedLocation);
OFF(NevercPresumedLocation, Header, 0);
OFF(NevercPresumedLocation, Filename, 16);
OFF(NevercPresumedLocation, Line, 32);
OFF(NevercPresumedLocation, Column, 36);
OFF(NevercPresumedLocation, IncludeLocation, 40);

SIZE(NevercFileUniqueID, 16);
ALIGN8(NevercFileUniqueID);
OFF(NevercFileUniqueID, Device, 0);
OFF(NevercFileUniqueID, File, 8);

SIZE(NevercFileInfo, 88);
ALIGN8(NevercFileInfo);
OFF(NevercFileInfo, Header, 0);
OFF(NevercFileInfo, Path, 16);
OFF(NevercFileInfo, CanonicalPath, 32);
OFF(NevercFileInfo, Size, 48);
OFF(NevercFileInfo, ModificationTime, 56);
OFF(NevercFileInfo, UniqueID, 64);
OFF(NevercFileInfo, Characteristic, 80);
OFF(NevercFileInfo, NamedPipe, 84);

SIZE(NevercSourceInputInfo, 48);
ALIGN8(NevercSourceInputInfo);
OFF(NevercSourceInputInfo, Header, 0);
OFF(NevercSourceInputInfo, Path, 16);
OFF(NevercSourceInputInfo, Kind, 32);
OFF(NevercSourceInputInfo, Language, 36);
OFF(NevercSourceInputInfo, System, 40);
OFF(NevercSourceInputInfo, Preprocessed, 44);

SIZE(NevercMemorySourceUnitDescriptor, 96);
ALIGN8(NevercMemorySourceUnitDescriptor);
OFF(NevercMemorySourceUnitDescriptor, Header, 0);
OFF(NevercMemorySourceUnitDescriptor, LogicalPath, 16);
OFF(NevercMemorySourceUnitDescriptor, CanonicalIdentity, 32);
OFF(NevercMemorySourceUnitDescriptor, Content, 48);
OFF(NevercMemorySourceUnitDescriptor, ProviderID, 64);
OFF(NevercMemorySourceUnitDescriptor, System, 80);
OFF(NevercMemorySourceUnitDescriptor, Deterministic, 84);
OFF(NevercMemorySourceUnitDescriptor, Cacheable, 88);
OFF(NevercMemorySourceUnitDescriptor, Reserved, 92);

SIZE(NevercSourceUnitInfo, 88);
ALIGN8(NevercSourceUnitInfo);
OFF(NevercSourceUnitInfo, Header, 0);
OFF(NevercSourceUnitInfo, LogicalPath, 16);
OFF(NevercSourceUnitInfo, CanonicalIdentity, 32);
OFF(NevercSourceUnitInfo, ProviderID, 48);
OFF(NevercSourceUnitInfo, Size, 64);
OFF(NevercSourceUnitInfo, MemoryBacked, 72);
OFF(NevercSourceUnitInfo, System, 76);
OFF(NevercSourceUnitInfo, Deterministic, 80);
OFF(NevercSourceUnitInfo, Cacheable, 84);

SIZE(NevercVFSStatus, 64);
ALIGN8(NevercVFSStatus);
OFF(NevercVFSStatus, Header, 0);
OFF(NevercVFSStatus, Type, 16);
OFF(NevercVFSStatus, Permissions, 20);
OFF(NevercVFSStatus, Size, 24);
OFF(NevercVFSStatus, ModificationTime, 32);
OFF(NevercVFSStatus, UniqueID, 40);
OFF(NevercVFSStatus, Local, 56);
OFF(NevercVFSStatus, Reserved, 60);

SIZE(NevercVFSDirectoryEntry, 40);
ALIGN8(NevercVFSDirectoryEntry);
OFF(NevercVFSDirectoryEntry, Header, 0);
OFF(NevercVFSDirectoryEntry, Path, 16);
OFF(NevercVFSDirectoryEntry, Type, 32);
OFF(NevercVFSDirectoryEntry, Reserved, 36);

SIZE(NevercVFSStatusResult, 88);
ALIGN8(NevercVFSStatusResult);
OFF(NevercVFSStatusResult, Header, 0);
OFF(NevercVFSStatusResult, Disposition, 16);
OFF(NevercVFSStatusResult, Reserved, 20);
OFF(NevercVFSStatusResult, Status, 24);

SIZE(NevercVFSOpenReadResult, 128);
ALIGN8(NevercVFSOpenReadResult);
OFF(NevercVFSOpenReadResult, Header, 0);
OFF(NevercVFSOpenReadResult, Disposition, 16);
OFF(NevercVFSOpenReadResult, Reserved, 20);
OFF(NevercVFSOpenReadResult, Status, 24);
OFF(NevercVFSOpenReadResult, Content, 88);

SIZE(NevercVFSDirectoryResult, 40);
ALIGN8(NevercVFSDirectoryResult);
OFF(NevercVFSDirectoryResult, Header, 0);
OFF(NevercVFSDirectoryResult, Disposition, 16);
OFF(NevercVFSDirectoryResult, Reserved, 20);
OFF(NevercVFSDirectoryResult, Entries, 24);
OFF(NevercVFSDirectoryResult, EntryCount, 32);

SIZE(NevercVFSCanonicalPathResult, 40);
ALIGN8(NevercVFSCanonicalPathResult);
OFF(NevercVFSCanonicalPathResult, Header, 0);
OFF(NevercVFSCanonicalPathResult, Disposition, 16);
OFF(NevercVFSCanonicalPathResult, Reserved, 20);
OFF(NevercVFSCanonicalPathResult, Path, 24);

SIZE(NevercOutputSeal, 80);
ALIGN8(NevercOutputSeal);
OFF(NevercOutputSeal, Header, 0);
OFF(NevercOutputSeal, Handle, 16);
OFF(NevercOutputSeal, Kind, 32);
OFF(NevercOutputSeal, Reserved, 36);
OFF(NevercOutputSeal, Size, 40);
OFF(NevercOutputSeal, Digest, 48);

SIZE(NevercOutputSummary, 80);
ALIGN8(NevercOutputSummary);
OFF(NevercOutputSummary, Header, 0);
OFF(NevercOutputSummary, State, 16);
OFF(NevercOutputSummary, Kind, 20);
OFF(NevercOutputSummary, Flags, 24);
OFF(NevercOutputSummary, Size, 32);
OFF(NevercOutputSummary, PublicationGeneration, 40);
OFF(NevercOutputSummary, Digest, 48);

SIZE(NevercDependencyDescriptor, 80);
ALIGN8(NevercDependencyDescriptor);
OFF(NevercDependencyDescriptor, Header, 0);
OFF(NevercDependencyDescriptor, CanonicalPath, 16);
OFF(NevercDependencyDescriptor, ContentDigest, 32);
OFF(NevercDependencyDescriptor, Kind, 48);
OFF(NevercDependencyDescriptor, System, 52);
OFF(NevercDependencyDescriptor, ProviderID, 56);
OFF(NevercDependencyDescriptor, Reserved, 72);

SIZE(NevercVFSProviderDescriptor, 120);
ALIGN8(NevercVFSProviderDescriptor);
OFF(NevercVFSProviderDescriptor, Header, 0);
OFF(NevercVFSProviderDescriptor, ProviderID, 16);
OFF(NevercVFSProviderDescriptor, RoutePrefix, 32);
OFF(NevercVFSProviderDescriptor, Deterministic, 48);
OFF(NevercVFSProviderDescriptor, Cacheable, 52);
OFF(NevercVFSProviderDescriptor, Reserved, 56);
OFF(NevercVFSProviderDescriptor, MatchesPath, 64);
OFF(NevercVFSProviderDescriptor, Status, 72);
OFF(NevercVFSProviderDescriptor, OpenRead, 80);
OFF(NevercVFSProviderDescriptor, ReadDirectory, 88);
OFF(NevercVFSProviderDescriptor, Canonicalize, 96);
OFF(NevercVFSProviderDescriptor, UserData, 104);
OFF(NevercVFSProviderDescriptor, DestroyUserData, 112);

SIZE(NevercIOAPI, 240);
ALIGN8(NevercIOAPI);
OFF(NevercIOAPI, Header, 0);
OFF(NevercIOAPI, Context, 16);
OFF(NevercIOAPI, RegisterVFSProvider, 24);
OFF(NevercIOAPI, Stat, 32);
OFF(NevercIOAPI, OpenFileForRead, 40);
OFF(NevercIOAPI, ReadFile, 48);
OFF(NevercIOAPI, CloseFile, 56);
OFF(NevercIOAPI, CopyBuffer, 64);
OFF(NevercIOAPI, GetBufferView, 72);
OFF(NevercIOAPI, ReleaseBuffer, 80);
OFF(NevercIOAPI, Canonicalize, 88);
OFF(NevercIOAPI, GetWorkingDirectory, 96);
OFF(NevercIOAPI, SetWorkingDirectory, 104);
OFF(NevercIOAPI, OpenDirectory, 112);
OFF(NevercIOAPI, ReadDirectory, 120);
OFF(NevercIOAPI, CloseDirectory, 128);
OFF(NevercIOAPI, AddMemoryFile, 136);
OFF(NevercIOAPI, BeginMemoryOutput, 144);
OFF(NevercIOAPI, BeginFileOutput, 152);
OFF(NevercIOAPI, BeginStreamOutput, 160);
OFF(NevercIOAPI, OutputWrite, 168);
OFF(NevercIOAPI, OutputWriteAt, 176);
OFF(NevercIOAPI, OutputTell, 184);
OFF(NevercIOAPI, OutputTruncate, 192);
OFF(NevercIOAPI, OutputMetadataSet, 200);
OFF(NevercIOAPI, OutputFinish, 208);
OFF(NevercIOAPI, OutputAbort, 216);
OFF(NevercIOAPI, OutputGetSummary, 224);
OFF(NevercIOAPI, RecordDependency, 232);

SIZE(NevercSourceLocationAPI, 152);
ALIGN8(NevercSourceLocationAPI);
OFF(NevercSourceLocationAPI, Header, 0);
OFF(NevercSourceLocationAPI, Context, 16);
OFF(NevercSourceLocationAPI, GetLocationInfo, 24);
OFF(NevercSourceLocationAPI, GetSpellingLocation, 32);
OFF(NevercSourceLocationAPI, GetExpansionLocation, 40);
OFF(NevercSourceLocationAPI, GetFileLocation, 48);
OFF(NevercSourceLocationAPI, GetRangeInfo, 56);
OFF(NevercSourceLocationAPI, GetSourceText, 64);
OFF(NevercSourceLocationAPI, GetPresumedLocation, 72);
OFF(NevercSourceLocationAPI, GetLocationFile, 80);
OFF(NevercSourceLocationAPI, GetIncludeLocation, 88);
OFF(NevercSourceLocationAPI, GetFileInfo, 96);
OFF(NevercSourceLocationAPI, GetCharacterData, 104);
OFF(NevercSourceLocationAPI, GetTokenEnd, 112);
OFF(NevercSourceLocationAPI, GetLocationInfoBatch, 120);
OFF(NevercSourceLocationAPI, GetSourceInput, 128);
OFF(NevercSourceLocationAPI, CreateMemorySourceUnit, 136);
OFF(NevercSourceLocationAPI, GetSourceUnit, 144);

/* driver.md sections 4-5 (the driver table and the remaining structs) */

SIZE(NevercOptionOccurrence, 72);
ALIGN8(NevercOptionOccurrence);
OFF(NevercOptionOccurrence, Header, 0);
OFF(NevercOptionOccurrence, Occurrence, 16);
OFF(NevercOptionOccurrence, Spelling, 24);
OFF(NevercOptionOccurrence, Values, 40);
OFF(NevercOptionOccurrence, Origin, 64);
OFF(NevercOptionOccurrence, Reserved, 68);

SIZE(NevercToolChainRequest, 136);
ALIGN8(NevercToolChainRequest);
OFF(NevercToolChainRequest, Header, 0);
OFF(NevercToolChainRequest, RequestedTriple, 16);
OFF(NevercToolChainRequest, ComputedTriple, 32);
OFF(NevercToolChainRequest, SysRoot, 48);
OFF(NevercToolChainRequest, ResourceDir, 64);
OFF(NevercToolChainRequest, CPU, 80);
OFF(NevercToolChainRequest, Features, 96);
OFF(NevercToolChainRequest, ExecutionLevel, 120);
OFF(NevercToolChainRequest, DynamicCodeProfile, 124);
OFF(NevercToolChainRequest, Reserved, 128);

SIZE(NevercToolChainSelectionDescriptor, 120);
ALIGN8(NevercToolChainSelectionDescriptor);
OFF(NevercToolChainSelectionDescriptor, Header, 0);
OFF(NevercToolChainSelectionDescriptor, ToolChainID, 16);
OFF(NevercToolChainSelectionDescriptor, TargetKey, 32);
OFF(NevercToolChainSelectionDescriptor, TargetTriple, 48);
OFF(NevercToolChainSelectionDescriptor, CPU, 64);
OFF(NevercToolChainSelectionDescriptor, Features, 80);
OFF(NevercToolChainSelectionDescriptor, Provider, 104);

SIZE(NevercToolChainSelection, 128);
ALIGN8(NevercToolChainSelection);
OFF(NevercToolChainSelection, Header, 0);
OFF(NevercToolChainSelection, ToolChainID, 16);
OFF(NevercToolChainSelection, TargetKey, 32);
OFF(NevercToolChainSelection, TargetTriple, 48);
OFF(NevercToolChainSelection, CPU, 64);
OFF(NevercToolChainSelection, Features, 80);
OFF(NevercToolChainSelection, Provider, 104);
OFF(NevercToolChainSelection, BuiltinProviderUsed, 120);
OFF(NevercToolChainSelection, Reserved, 124);

SIZE(NevercActionNodeIDList, 24);
ALIGN8(NevercActionNodeIDList);
OFF(NevercActionNodeIDList, Data, 0);
OFF(NevercActionNodeIDList, Count, 8);
OFF(NevercActionNodeIDList, ElementStride, 16);

SIZE(NevercDriverInput, 48);
ALIGN8(NevercDriverInput);
OFF(NevercDriverInput, Header, 0);
OFF(NevercDriverInput, Input, 16);
OFF(NevercDriverInput, Type, 24);
OFF(NevercDriverInput, Reserved, 28);
OFF(NevercDriverInput, Value, 32);

SIZE(NevercActionNode, 72);
ALIGN8(NevercActionNode);
OFF(NevercActionNode, Header, 0);
OFF(NevercActionNode, Node, 16);
OFF(NevercActionNode, Kind, 24);
OFF(NevercActionNode, OutputType, 28);
OFF(NevercActionNode, InputCount, 32);
OFF(NevercActionNode, DriverInput, 40);
OFF(NevercActionNode, BindArch, 48);
OFF(NevercActionNode, Reserved, 64);

SIZE(NevercActionNodeDescriptor, 80);
ALIGN8(NevercActionNodeDescriptor);
OFF(NevercActionNodeDescriptor, Header, 0);
OFF(NevercActionNodeDescriptor, Kind, 16);
OFF(NevercActionNodeDescriptor, OutputType, 20);
OFF(NevercActionNodeDescriptor, DriverInput, 24);
OFF(NevercActionNodeDescriptor, BindArch, 32);
OFF(NevercActionNodeDescriptor, Inputs, 48);
OFF(NevercActionNodeDescriptor, Reserved, 72);

SIZE(NevercJobIDList, 24);
ALIGN8(NevercJobIDList);
OFF(NevercJobIDList, Data, 0);
OFF(NevercJobIDList, Count, 8);
OFF(NevercJobIDList, ElementStride, 16);

SIZE(NevercJobFile, 40);
ALIGN8(NevercJobFile);
OFF(NevercJobFile, Header, 0);
OFF(NevercJobFile, Path, 16);
OFF(NevercJobFile, Type, 32);
OFF(NevercJobFile, Reserved, 36);

SIZE(NevercJobFileList, 24);
ALIGN8(NevercJobFileList);
OFF(NevercJobFileList, Data, 0);
OFF(NevercJobFileList, Count, 8);
OFF(NevercJobFileList, ElementStride, 16);

SIZE(NevercPluginJobContext, 152);
ALIGN8(NevercPluginJobContext);
OFF(NevercPluginJobContext, Header, 0);
OFF(NevercPluginJobContext, Session, 16);
OFF(NevercPluginJobContext, Job, 32);
OFF(NevercPluginJobContext, CallbackID, 40);
OFF(NevercPluginJobContext, Arguments, 56);
OFF(NevercPluginJobContext, Environment, 80);
OFF(NevercPluginJobContext, Inputs, 104);
OFF(NevercPluginJobContext, Outputs, 128);

SIZE(NevercJobDescriptor, 216);
ALIGN8(NevercJobDescriptor);
OFF(NevercJobDescriptor, Header, 0);
OFF(NevercJobDescriptor, Kind, 16);
OFF(NevercJobDescriptor, ResponseFileKind, 20);
OFF(NevercJobDescriptor, ResponseFileEncoding, 24);
OFF(NevercJobDescriptor, InProcess, 28);
OFF(NevercJobDescriptor, SourceAction, 32);
OFF(NevercJobDescriptor, LinkerFlavor, 40);
OFF(NevercJobDescriptor, Reserved, 44);
OFF(NevercJobDescriptor, Executable, 48);
OFF(NevercJobDescriptor, Arguments, 64);
OFF(NevercJobDescriptor, Environment, 88);
OFF(NevercJobDescriptor, Inputs, 112);
OFF(NevercJobDescriptor, Outputs, 136);
OFF(NevercJobDescriptor, Dependencies, 160);
OFF(NevercJobDescriptor, CallbackID, 184);
OFF(NevercJobDescriptor, Callback, 200);
OFF(NevercJobDescriptor, UserData, 208);

SIZE(NevercJob, 128);
ALIGN8(NevercJob);
OFF(NevercJob, Header, 0);
OFF(NevercJob, Job, 16);
OFF(NevercJob, Kind, 24);
OFF(NevercJob, ResponseFileKind, 28);
OFF(NevercJob, ResponseFileEncoding, 32);
OFF(NevercJob, InProcess, 36);
OFF(NevercJob, SourceAction, 40);
OFF(NevercJob, LinkerFlavor, 48);
OFF(NevercJob, Reserved, 52);
OFF(NevercJob, Executable, 56);
OFF(NevercJob, CallbackID, 72);
OFF(NevercJob, ArgumentCount, 88);
OFF(NevercJob, EnvironmentCount, 96);
OFF(NevercJob, InputCount, 104);
OFF(NevercJob, OutputCount, 112);
OFF(NevercJob, DependencyCount, 120);

SIZE(NevercJobExecutionRequest, 264);
ALIGN8(NevercJobExecutionRequest);
OFF(NevercJobExecutionRequest, Header, 0);
OFF(NevercJobExecutionRequest, Job, 16);
OFF(NevercJobExecutionRequest, Arguments, 144);
OFF(NevercJobExecutionRequest, Environment, 168);
OFF(NevercJobExecutionRequest, Inputs, 192);
OFF(NevercJobExecutionRequest, Outputs, 216);
OFF(NevercJobExecutionRequest, Dependencies, 240);

SIZE(NevercJobResultDescriptor, 96);
ALIGN8(NevercJobResultDescriptor);
OFF(NevercJobResultDescriptor, Header, 0);
OFF(NevercJobResultDescriptor, ExitCode, 16);
OFF(NevercJobResultDescriptor, ExecutionFailed, 20);
OFF(NevercJobResultDescriptor, HasProcessStatistics, 24);
OFF(NevercJobResultDescriptor, Reserved, 28);
OFF(NevercJobResultDescriptor, ErrorMessage, 32);
OFF(NevercJobResultDescriptor, OutputSeals, 48);
OFF(NevercJobResultDescriptor, TotalTimeMicroseconds, 72);
OFF(NevercJobResultDescriptor, UserTimeMicroseconds, 80);
OFF(NevercJobResultDescriptor, PeakMemoryKiB, 88);

SIZE(NevercJobResult, 96);
ALIGN8(NevercJobResult);
OFF(NevercJobResult, Header, 0);
OFF(NevercJobResult, Job, 16);
OFF(NevercJobResult, ExitCode, 24);
OFF(NevercJobResult, ExecutionFailed, 28);
OFF(NevercJobResult, HasProcessStatistics, 32);
OFF(NevercJobResult, BuiltinProviderUsed, 36);
OFF(NevercJobResult, Reserved, 40);
OFF(NevercJobResult, OutputSealCount, 48);
OFF(NevercJobResult, ErrorMessage, 56);
OFF(NevercJobResult, TotalTimeMicroseconds, 72);
OFF(NevercJobResult, UserTimeMicroseconds, 80);
OFF(NevercJobResult, PeakMemoryKiB, 88);

SIZE(NevercDriverAPI, 560);
ALIGN8(NevercDriverAPI);
OFF(NevercDriverAPI, Header, 0);
OFF(NevercDriverAPI, Context, 16);
OFF(NevercDriverAPI, GetArgumentCount, 24);
OFF(NevercDriverAPI, GetArgument, 32);
OFF(NevercDriverAPI, BeginArgumentMutation, 40);
OFF(NevercDriverAPI, InsertArgument, 48);
OFF(NevercDriverAPI, ReplaceArgument, 56);
OFF(NevercDriverAPI, EraseArgument, 64);
OFF(NevercDriverAPI, CommitArgumentMutation, 72);
OFF(NevercDriverAPI, AbortArgumentMutation, 80);
OFF(NevercDriverAPI, GetOptionOccurrenceCount, 88);
OFF(NevercDriverAPI, GetOptionOccurrence, 96);
OFF(NevercDriverAPI, BeginParsedArgumentMutation, 104);
OFF(NevercDriverAPI, AddOptionOccurrence, 112);
OFF(NevercDriverAPI, RemoveOptionOccurrence, 120);
OFF(NevercDriverAPI, ReplaceOptionOccurrence, 128);
OFF(NevercDriverAPI, CommitParsedArgumentMutation, 136);
OFF(NevercDriverAPI, AbortParsedArgumentMutation, 144);
OFF(NevercDriverAPI, GetToolChainRequest, 152);
OFF(NevercDriverAPI, BeginToolChainMutation, 160);
OFF(NevercDriverAPI, SetToolChainTriple, 168);
OFF(NevercDriverAPI, SetToolChainCPU, 176);
OFF(NevercDriverAPI, SetToolChainFeatures, 184);
OFF(NevercDriverAPI, CommitToolChainMutation, 192);
OFF(NevercDriverAPI, AbortToolChainMutation, 200);
OFF(NevercDriverAPI, CreateToolChainSelection, 208);
OFF(NevercDriverAPI, GetToolChainSelection, 216);
OFF(NevercDriverAPI, GetDriverInputCount, 224);
OFF(NevercDriverAPI, GetDriverInput, 232);
OFF(NevercDriverAPI, GetActionNodeCount, 240);
OFF(NevercDriverAPI, GetActionNode, 248);
OFF(NevercDriverAPI, GetActionNodeInput, 256);
OFF(NevercDriverAPI, GetActionRootCount, 264);
OFF(NevercDriverAPI, GetActionRoot, 272);
OFF(NevercDriverAPI, CreateActionGraphBuilder, 280);
OFF(NevercDriverAPI, BeginActionGraphMutation, 288);
OFF(NevercDriverAPI, AddActionNode, 296);
OFF(NevercDriverAPI, RemoveActionNode, 304);
OFF(NevercDriverAPI, ReplaceActionNodeInputs, 312);
OFF(NevercDriverAPI, SetActionNodeOutputType, 320);
OFF(NevercDriverAPI, SetActionNodeBindArch, 328);
OFF(NevercDriverAPI, SetActionRoots, 336);
OFF(NevercDriverAPI, PublishActionGraph, 344);
OFF(NevercDriverAPI, CommitActionGraphMutation, 352);
OFF(NevercDriverAPI, AbortActionGraphEdit, 360);
OFF(NevercDriverAPI, GetJobCount, 368);
OFF(NevercDriverAPI, GetJob, 376);
OFF(NevercDriverAPI, GetJobDependency, 384);
OFF(NevercDriverAPI, GetJobArgument, 392);
OFF(NevercDriverAPI, GetJobEnvironment, 400);
OFF(NevercDriverAPI, GetJobInput, 408);
OFF(NevercDriverAPI, GetJobOutput, 416);
OFF(NevercDriverAPI, CreateJobGraphBuilder, 424);
OFF(NevercDriverAPI, BeginJobGraphMutation, 432);
OFF(NevercDriverAPI, AddJob, 440);
OFF(NevercDriverAPI, RemoveJob, 448);
OFF(NevercDriverAPI, MoveJobBefore, 456);
OFF(NevercDriverAPI, ReplaceJob, 464);
OFF(NevercDriverAPI, SetJobArgument, 472);
OFF(NevercDriverAPI, SetJobEnvironment, 480);
OFF(NevercDriverAPI, SetJobInput, 488);
OFF(NevercDriverAPI, SetJobOutput, 496);
OFF(NevercDriverAPI, ReplaceJobDependencies, 504);
OFF(NevercDriverAPI, PublishJobGraph, 512);
OFF(NevercDriverAPI, CommitJobGraphMutation, 520);
OFF(NevercDriverAPI, AbortJobGraphEdit, 528);
OFF(NevercDriverAPI, GetJobExecutionRequest, 536);
OFF(NevercDriverAPI, CreateJobResult, 544);
OFF(NevercDriverAPI, GetJobResult, 552);

/* prep.md sections 3-4 (the prep table and structs) */

SIZE(NevercTokenInfo, 112);
ALIGN8(NevercTokenInfo);
OFF(NevercTokenInfo, Header, 0);
OFF(NevercTokenInfo, Kind, 16);
OFF(NevercTokenInfo, Flags, 20);
OFF(NevercTokenInfo, Origin, 24);
OFF(NevercTokenInfo, Reserved, 28);
OFF(NevercTokenInfo, Spelling, 32);
OFF(NevercTokenInfo, Location, 48);
OFF(NevercTokenInfo, Range, 64);
OFF(NevercTokenInfo, Identifier, 80);
OFF(NevercTokenInfo, MacroDefinition, 96);

SIZE(NevercTokenView, 32);
ALIGN8(NevercTokenView);
OFF(NevercTokenView, Kind, 0);
OFF(NevercTokenView, Flags, 4);
OFF(NevercTokenView, Origin, 8);
OFF(NevercTokenView, Reserved, 12);
OFF(NevercTokenView, Spelling, 16);

SIZE(NevercTokenViewList, 40);
ALIGN8(NevercTokenViewList);
OFF(NevercTokenViewList, Header, 0);
OFF(NevercTokenViewList, Data, 16);
OFF(NevercTokenViewList, Count, 24);
OFF(NevercTokenViewList, Stride, 32);

SIZE(NevercIdentifierInfo, 48);
ALIGN8(NevercIdentifierInfo);
OFF(NevercIdentifierInfo, Header, 0);
OFF(NevercIdentifierInfo, Name, 16);
OFF(NevercIdentifierInfo, TokenKind, 32);
OFF(NevercIdentifierInfo, PPKeywordKind, 36);
OFF(NevercIdentifierInfo, BuiltinID, 40);
OFF(NevercIdentifierInfo, Flags, 44);

SIZE(NevercMacroDefinitionInfo, 112);
ALIGN8(NevercMacroDefinitionInfo);
OFF(NevercMacroDefinitionInfo, Header, 0);
OFF(NevercMacroDefinitionInfo, Name, 16);
OFF(NevercMacroDefinitionInfo, Directive, 32);
OFF(NevercMacroDefinitionInfo, DefinitionLocation, 48);
OFF(NevercMacroDefinitionInfo, DefinitionEndLocation, 64);
OFF(NevercMacroDefinitionInfo, UndefinitionLocation, 80);
OFF(NevercMacroDefinitionInfo, ParameterCount, 96);
OFF(NevercMacroDefinitionInfo, ReplacementTokenCount, 100);
OFF(NevercMacroDefinitionInfo, Flags, 104);
OFF(NevercMacroDefinitionInfo, Reserved, 108);

SIZE(NevercMacroDirectiveInfo, 72);
ALIGN8(NevercMacroDirectiveInfo);
OFF(NevercMacroDirectiveInfo, Header, 0);
OFF(NevercMacroDirectiveInfo, Kind, 16);
OFF(NevercMacroDirectiveInfo, Reserved, 20);
OFF(NevercMacroDirectiveInfo, Location, 24);
OFF(NevercMacroDirectiveInfo, Previous, 40);
OFF(NevercMacroDirectiveInfo, Definition, 56);

SIZE(NevercMacroArgumentInfo, 32);
ALIGN8(NevercMacroArgumentInfo);
OFF(NevercMacroArgumentInfo, Header, 0);
OFF(NevercMacroArgumentInfo, ArgumentCount, 16);
OFF(NevercMacroArgumentInfo, VarargsElided, 20);
OFF(NevercMacroArgumentInfo, Reserved, 24);

SIZE(NevercPrepFileEvent, 72);
ALIGN8(NevercPrepFileEvent);
OFF(NevercPrepFileEvent, Location, 0);
OFF(NevercPrepFileEvent, File, 16);
OFF(NevercPrepFileEvent, PreviousFile, 32);
OFF(NevercPrepFileEvent, FilenameToken, 48);
OFF(NevercPrepFileEvent, Reason, 64);
OFF(NevercPrepFileEvent, Characteristic, 68);

SIZE(NevercPrepIncludeEvent, 128);
ALIGN8(NevercPrepIncludeEvent);
OFF(NevercPrepIncludeEvent, Location, 0);
OFF(NevercPrepIncludeEvent, IncludeToken, 16);
OFF(NevercPrepIncludeEvent, FilenameRange, 32);
OFF(NevercPrepIncludeEvent, File, 48);
OFF(NevercPrepIncludeEvent, Filename, 64);
OFF(NevercPrepIncludeEvent, IncludeSearchPath, 80);
OFF(NevercPrepIncludeEvent, RelativePath, 96);
OFF(NevercPrepIncludeEvent, IsAngled, 112);
OFF(NevercPrepIncludeEvent, Characteristic, 116);
OFF(NevercPrepIncludeEvent, Reserved, 120);

SIZE(NevercPrepTextEvent, 88);
ALIGN8(NevercPrepTextEvent);
OFF(NevercPrepTextEvent, Location, 0);
OFF(NevercPrepTextEvent, Identifier, 16);
OFF(NevercPrepTextEvent, Name, 32);
OFF(NevercPrepTextEvent, Value, 48);
OFF(NevercPrepTextEvent, Integers, 64);
OFF(NevercPrepTextEvent, IntegerCount, 72);
OFF(NevercPrepTextEvent, Detail, 80);
OFF(NevercPrepTextEvent, IntegerValue, 84);

SIZE(NevercPrepMacroEvent, 80);
ALIGN8(NevercPrepMacroEvent);
OFF(NevercPrepMacroEvent, NameToken, 0);
OFF(NevercPrepMacroEvent, Definition, 16);
OFF(NevercPrepMacroEvent, Directive, 32);
OFF(NevercPrepMacroEvent, Arguments, 48);
OFF(NevercPrepMacroEvent, Range, 64);

SIZE(NevercPrepConditionEvent, 88);
ALIGN8(NevercPrepConditionEvent);
OFF(NevercPrepConditionEvent, Location, 0);
OFF(NevercPrepConditionEvent, IfLocation, 16);
OFF(NevercPrepConditionEvent, Range, 32);
OFF(NevercPrepConditionEvent, MacroNameToken, 48);
OFF(NevercPrepConditionEvent, Definition, 64);
OFF(NevercPrepConditionEvent, Value, 80);
OFF(NevercPrepConditionEvent, Reserved, 84);

SIZE(NevercPrepEvent, 152);
ALIGN8(NevercPrepEvent);
OFF(NevercPrepEvent, Header, 0);
OFF(NevercPrepEvent, Kind, 16);
OFF(NevercPrepEvent, Reserved, 20);
OFF(NevercPrepEvent, Payload, 24);

SIZE(NevercPrepObserverDescriptor, 40);
ALIGN8(NevercPrepObserverDescriptor);
OFF(NevercPrepObserverDescriptor, Header, 0);
OFF(NevercPrepObserverDescriptor, Events, 16);
OFF(NevercPrepObserverDescriptor, Callback, 24);
OFF(NevercPrepObserverDescriptor, UserData, 32);

SIZE(NevercPrepIncludePhaseInput, 136);
ALIGN8(NevercPrepIncludePhaseInput);
OFF(NevercPrepIncludePhaseInput, Header, 0);
OFF(NevercPrepIncludePhaseInput, Location, 16);
OFF(NevercPrepIncludePhaseInput, IncludeToken, 32);
OFF(NevercPrepIncludePhaseInput, Filename, 48);
OFF(NevercPrepIncludePhaseInput, IncludeSearchPath, 64);
OFF(NevercPrepIncludePhaseInput, RelativePath, 80);
OFF(NevercPrepIncludePhaseInput, Action, 96);
OFF(NevercPrepIncludePhaseInput, IsAngled, 100);
OFF(NevercPrepIncludePhaseInput, IsImport, 104);
OFF(NevercPrepIncludePhaseInput, IsIncludeNext, 108);
OFF(NevercPrepIncludePhaseInput, ReplacementIsAngled, 112);
OFF(NevercPrepIncludePhaseInput, ReplacementFilename, 120);

SIZE(NevercPrepIncludePhaseOutput, 48);
ALIGN8(NevercPrepIncludePhaseOutput);
OFF(NevercPrepIncludePhaseOutput, Header, 0);
OFF(NevercPrepIncludePhaseOutput, Action, 16);
OFF(NevercPrepIncludePhaseOutput, IsAngled, 20);
OFF(NevercPrepIncludePhaseOutput, Reserved, 24);
OFF(NevercPrepIncludePhaseOutput, Filename, 32);

SIZE(NevercPrepMacroPhaseInput, 104);
ALIGN8(NevercPrepMacroPhaseInput);
OFF(NevercPrepMacroPhaseInput, Header, 0);
OFF(NevercPrepMacroPhaseInput, Operation, 16);
OFF(NevercPrepMacroPhaseInput, Action, 20);
OFF(NevercPrepMacroPhaseInput, NameToken, 24);
OFF(NevercPrepMacroPhaseInput, Name, 40);
OFF(NevercPrepMacroPhaseInput, Definition, 56);
OFF(NevercPrepMacroPhaseInput, Arguments, 72);
OFF(NevercPrepMacroPhaseInput, ReplacementTokens, 88);

SIZE(NevercPrepMacroPhaseOutput, 40);
ALIGN8(NevercPrepMacroPhaseOutput);
OFF(NevercPrepMacroPhaseOutput, Header, 0);
OFF(NevercPrepMacroPhaseOutput, Action, 16);
OFF(NevercPrepMacroPhaseOutput, Reserved, 20);
OFF(NevercPrepMacroPhaseOutput, Tokens, 24);
OFF(NevercPrepMacroPhaseOutput, TokenCount, 32);

SIZE(NevercPrepPragmaPhaseInput, 104);
ALIGN8(NevercPrepPragmaPhaseInput);
OFF(NevercPrepPragmaPhaseInput, Header, 0);
OFF(NevercPrepPragmaPhaseInput, Location, 16);
OFF(NevercPrepPragmaPhaseInput, Introducer, 32);
OFF(NevercPrepPragmaPhaseInput, Action, 36);
OFF(NevercPrepPragmaPhaseInput, Namespace, 40);
OFF(NevercPrepPragmaPhaseInput, Name, 56);
OFF(NevercPrepPragmaPhaseInput, Tokens, 72);
OFF(NevercPrepPragmaPhaseInput, ReplacementTokens, 88);

SIZE(NevercPrepPragmaPhaseOutput, 40);
ALIGN8(NevercPrepPragmaPhaseOutput);
OFF(NevercPrepPragmaPhaseOutput, Header, 0);
OFF(NevercPrepPragmaPhaseOutput, Action, 16);
OFF(NevercPrepPragmaPhaseOutput, Reserved, 20);
OFF(NevercPrepPragmaPhaseOutput, Tokens, 24);
OFF(NevercPrepPragmaPhaseOutput, TokenCount, 32);

SIZE(NevercPrepFeatureQueryPhaseInput, 72);
ALIGN8(NevercPrepFeatureQueryPhaseInput);
OFF(NevercPrepFeatureQueryPhaseInput, Header, 0);
OFF(NevercPrepFeatureQueryPhaseInput, Location, 16);
OFF(NevercPrepFeatureQueryPhaseInput, Kind, 32);
OFF(NevercPrepFeatureQueryPhaseInput, Action, 36);
OFF(NevercPrepFeatureQueryPhaseInput, Name, 40);
OFF(NevercPrepFeatureQueryPhaseInput, BuiltinValue, 56);
OFF(NevercPrepFeatureQueryPhaseInput, Value, 60);
OFF(NevercPrepFeatureQueryPhaseInput, Reserved, 64);

SIZE(NevercPrepFeatureQueryPhaseOutput, 32);
ALIGN8(NevercPrepFeatureQueryPhaseOutput);
OFF(NevercPrepFeatureQueryPhaseOutput, Header, 0);
OFF(NevercPrepFeatureQueryPhaseOutput, Action, 16);
OFF(NevercPrepFeatureQueryPhaseOutput, Value, 20);
OFF(NevercPrepFeatureQueryPhaseOutput, Reserved, 24);

SIZE(NevercPrepTokenStreamPhaseInput, 56);
ALIGN8(NevercPrepTokenStreamPhaseInput);
OFF(NevercPrepTokenStreamPhaseInput, Header, 0);
OFF(NevercPrepTokenStreamPhaseInput, StartLocation, 16);
OFF(NevercPrepTokenStreamPhaseInput, EndLocation, 32);
OFF(NevercPrepTokenStreamPhaseInput, MaximumTokenCount, 48);

SIZE(NevercPrepAPI, 320);
ALIGN8(NevercPrepAPI);
OFF(NevercPrepAPI, Header, 0);
OFF(NevercPrepAPI, Context, 16);
OFF(NevercPrepAPI, GetTokenInfo, 24);
OFF(NevercPrepAPI, GetTokenInfoBatch, 32);
OFF(NevercPrepAPI, GetTokenStreamView, 40);
OFF(NevercPrepAPI, GetTokenStreamToken, 48);
OFF(NevercPrepAPI, GetIdentifierInfo, 56);
OFF(NevercPrepAPI, GetOrCreateIdentifier, 64);
OFF(NevercPrepAPI, GetMacroDefinitionForIdentifier, 72);
OFF(NevercPrepAPI, GetMacroDefinitionInfo, 80);
OFF(NevercPrepAPI, GetMacroParameter, 88);
OFF(NevercPrepAPI, GetMacroReplacementToken, 96);
OFF(NevercPrepAPI, GetMacroDirectiveInfo, 104);
OFF(NevercPrepAPI, GetMacroArgumentInfo, 112);
OFF(NevercPrepAPI, GetMacroArgumentTokenStream, 120);
OFF(NevercPrepAPI, CreateTokenBuilder, 128);
OFF(NevercPrepAPI, TokenBuilderSetKind, 136);
OFF(NevercPrepAPI, TokenBuilderSetIdentifier, 144);
OFF(NevercPrepAPI, TokenBuilderSetLiteral, 152);
OFF(NevercPrepAPI, TokenBuilderSetLocation, 160);
OFF(NevercPrepAPI, TokenBuilderSetFlags, 168);
OFF(NevercPrepAPI, TokenBuilderCommit, 176);
OFF(NevercPrepAPI, DestroyTokenBuilder, 184);
OFF(NevercPrepAPI, RegisterEventObserver, 192);
OFF(NevercPrepAPI, GetTokenPhaseInput, 200);
OFF(NevercPrepAPI, CreateTokenPhaseOutput, 208);
OFF(NevercPrepAPI, GetIncludePhaseInput, 216);
OFF(NevercPrepAPI, CreateIncludePhaseOutput, 224);
OFF(NevercPrepAPI, GetMacroPhaseInput, 232);
OFF(NevercPrepAPI, CreateMacroPhaseOutput, 240);
OFF(NevercPrepAPI, GetPragmaPhaseInput, 248);
OFF(NevercPrepAPI, CreatePragmaPhaseOutput, 256);
OFF(NevercPrepAPI, GetFeatureQueryPhaseInput, 264);
OFF(NevercPrepAPI, CreateFeatureQueryPhaseOutput, 272);
OFF(NevercPrepAPI, GetTokenStreamPhaseInput, 280);
OFF(NevercPrepAPI, CreateTokenStreamBuilder, 288);
OFF(NevercPrepAPI, TokenStreamBuilderAppend, 296);
OFF(NevercPrepAPI, TokenStreamBuilderCommit, 304);
OFF(NevercPrepAPI, DestroyTokenStreamBuilder, 312);

/* prep.md section 4: the event payload union */
SIZE(NevercPrepEventPayload, 128);
ALIGN8(NevercPrepEventPayload);
OFF(NevercPrepEventPayload, File, 0);
OFF(NevercPrepEventPayload, Include, 0);
OFF(NevercPrepEventPayload, Text, 0);
OFF(NevercPrepEventPayload, Macro, 0);
OFF(NevercPrepEventPayload, Condition, 0);

/* Table sizes are 24 + 8 x slots. */
NEVERC_LAYOUT_ASSERT(sizeof(NevercIOAPI) == 24 + 8 * 27, "NevercIOAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercSourceLocationAPI) == 24 + 8 * 16,
                     "NevercSourceLocationAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercDriverAPI) == 24 + 8 * 67, "NevercDriverAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercPrepAPI) == 24 + 8 * 37, "NevercPrepAPI slot count");

/* Constant values the layout depends on. */
NEVERC_LAYOUT_ASSERT(NEVERC_PLUGIN_ABI_MAJOR == 1 && NEVERC_PLUGIN_ABI_MINOR == 0, "ABI version");
NEVERC_LAYOUT_ASSERT(NEVERC_BUILTIN_PHASE_COUNT == 130, "phase count");
NEVERC_LAYOUT_ASSERT(NEVERC_EXTENSION_FAMILY_COUNT == 8, "family count");

/* Interface IDs and versions (core.md section 14.4, source.md section 2,
 * driver.md section 2, prep.md section 2). */
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_IO_HIGH == UINT64_C(0x4e4350494f000001) &&
                         NEVERC_INTERFACE_IO_LOW == 1,
                     "IO interface ID");
NEVERC_LAYOUT_ASSERT(NEVERC_IO_API_MAJOR == 1 && NEVERC_IO_API_MINOR == 0, "IO API version");
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_SOURCE_LOCATION_HIGH == UINT64_C(0x4e43505352430001) &&
                         NEVERC_INTERFACE_SOURCE_LOCATION_LOW == 1,
                     "SOURCE_LOCATION interface ID");
NEVERC_LAYOUT_ASSERT(NEVERC_SOURCE_LOCATION_API_MAJOR == 1 &&
                         NEVERC_SOURCE_LOCATION_API_MINOR == 0 &&
                         NEVERC_SOURCE_API_MAJOR == 1 && NEVERC_SOURCE_API_MINOR == 0,
                     "SOURCE_LOCATION API version");
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_DRIVER_HIGH == UINT64_C(0x4e65766572434472) &&
                         NEVERC_INTERFACE_DRIVER_LOW == UINT64_C(0x6976657241504901),
                     "DRIVER interface ID");
NEVERC_LAYOUT_ASSERT(NEVERC_DRIVER_API_MAJOR == 1 && NEVERC_DRIVER_API_MINOR == 0,
                     "DRIVER API version");
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_PREP_HIGH == UINT64_C(0x4e43505052450001) &&
                         NEVERC_INTERFACE_PREP_LOW == 1,
                     "PREP interface ID");
NEVERC_LAYOUT_ASSERT(NEVERC_PREP_API_MAJOR == 1 && NEVERC_PREP_API_MINOR == 0,
                     "PREP API version");

/* source.md section 1: artifact IDs. */
NEVERC_LAYOUT_ASSERT(NEVERC_ARTIFACT_SOURCE_INPUT_HIGH == UINT64_C(0x4e43415246524e01) &&
                         NEVERC_ARTIFACT_SOURCE_INPUT_LOW == 0x1001 &&
                         NEVERC_ARTIFACT_SOURCE_UNIT_HIGH == UINT64_C(0x4e43415246524e01) &&
                         NEVERC_ARTIFACT_SOURCE_UNIT_LOW == 0x1002 &&
                         NEVERC_ARTIFACT_SOURCE_OUTPUT_SINK_HIGH ==
                             UINT64_C(0x4e43415246524e01) &&
                         NEVERC_ARTIFACT_SOURCE_OUTPUT_SINK_LOW == 0x1003,
                     "source artifact IDs");

/* driver.md section 6 and core.md section 15.7: the superset enums. */
NEVERC_LAYOUT_ASSERT(NEVERC_DRIVER_TYPE_CXX_HEADER == 17 && NEVERC_ACTION_DYNCODE == 11 &&
                         NEVERC_JOB_DYNCODE == 6,
                     "driver superset enums");
SIZE(NevercOutputFlags, 8);
SIZE(NevercIOErrorCode, 8);
SIZE(NevercPrepEventMask, 8);
SIZE(NevercDriverInputID, 8);
SIZE(NevercActionNodeID, 8);
SIZE(NevercJobID, 8);

/* prep.md sections 2, 5 and 7: counts, masks and the token schema. */
NEVERC_LAYOUT_ASSERT(NEVERC_PREP_EVENT_COUNT == 39 && NEVERC_PREP_EVENT_ENDIF == 39,
                     "39 prep events");
NEVERC_LAYOUT_ASSERT(NEVERC_PREP_EVENT_MASK_ALL == UINT64_C(0x7fffffffff) &&
                         NEVERC_PREP_EVENT_MASK(NEVERC_PREP_EVENT_FILE_CHANGED) == 1 &&
                         NEVERC_PREP_EVENT_MASK(NEVERC_PREP_EVENT_ENDIF) ==
                             (UINT64_C(1) << 38),
                     "prep event mask");
NEVERC_LAYOUT_ASSERT(NEVERC_TOKEN_FLAG_ALL == 0x3ff, "token flag mask");
NEVERC_LAYOUT_ASSERT(NEVERC_PREP_TOKEN_STREAM_MAX_TOKENS == (UINT64_C(1) << 24),
                     "token stream cap");
NEVERC_LAYOUT_ASSERT(NEVERC_PREP_SCHEMA_CAPABILITY_MAJOR == NEVERC_PREP_API_MAJOR &&
                         NEVERC_PREP_SCHEMA_CAPABILITY_MINOR == 0,
                     "prep schema capability");
NEVERC_LAYOUT_ASSERT(NEVERC_TOKEN_KIND_COUNT == 230 && NEVERC_PP_KEYWORD_COUNT == 26,
                     "token schema counts");
NEVERC_LAYOUT_ASSERT(NEVERC_TOKEN_EOF == 0x10000002 && NEVERC_TOKEN_IDENTIFIER == 0x10000005 &&
                         NEVERC_TOKEN_NUMERIC_CONSTANT == 0x10000007 &&
                         NEVERC_TOKEN_ANNOT_PRAGMA_ATTRIBUTE == 0x100000e6 &&
                         NEVERC_PP_KEYWORD_NOT_KEYWORD == 0x20000001 &&
                         NEVERC_PP_KEYWORD___PRIVATE_MACRO == 0x2000001a,
                     "token schema IDs");

#define NEVERC_LAYOUT_TOKEN_ONE(S, ID, CAT, C) +1
#define NEVERC_LAYOUT_TOKEN_ID(S, ID, CAT, C) +(ID - UINT32_C(0x10000000))
#define NEVERC_LAYOUT_TOKEN_CONSTRUCTIBLE(S, ID, CAT, C) +(C)
#define NEVERC_LAYOUT_TOKEN_KEYWORD(S, ID, CAT, C) +(CAT == NEVERC_TOKEN_CATEGORY_KEYWORD)
#define NEVERC_LAYOUT_PP_ONE(S, ID) +1
enum {
  NevercLayoutTokenRows = 0 NEVERC_FOR_EACH_TOKEN_KIND(NEVERC_LAYOUT_TOKEN_ONE),
  NevercLayoutTokenIDSum = 0 NEVERC_FOR_EACH_TOKEN_KIND(NEVERC_LAYOUT_TOKEN_ID),
  NevercLayoutTokenConstructible = 0 NEVERC_FOR_EACH_TOKEN_KIND(NEVERC_LAYOUT_TOKEN_CONSTRUCTIBLE),
  NevercLayoutTokenKeywords = 0 NEVERC_FOR_EACH_TOKEN_KIND(NEVERC_LAYOUT_TOKEN_KEYWORD),
  NevercLayoutPPRows = 0 NEVERC_FOR_EACH_PP_KEYWORD(NEVERC_LAYOUT_PP_ONE)
};
NEVERC_LAYOUT_ASSERT(NevercLayoutTokenRows == 230 && NevercLayoutTokenIDSum == 230 * 231 / 2,
                     "token X-macro rows and ID sum");
NEVERC_LAYOUT_ASSERT(NevercLayoutTokenConstructible == 64, "64 constructible token kinds");
NEVERC_LAYOUT_ASSERT(NevercLayoutTokenKeywords == 143, "143 keyword token kinds");
NEVERC_LAYOUT_ASSERT(NevercLayoutPPRows == 26, "pp keyword X-macro rows");
