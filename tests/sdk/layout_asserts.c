/*
 * Static layout asserts for the public SDK structs (64-bit ABI keys).
 * Every size and offset below is copied from the spec tables:
 * shared/spec/core.md sections 2, 4 and 5.1 and shared/spec/driver.md
 * section 5 (option structs). Compiles as C11/C23 and as C++17; a layout
 * change makes the compile fail.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#ifdef __cplusplus
#define NEVERC_LAYOUT_ASSERT(cond, msg) static_assert(cond, msg)
#else
#define NEVERC_LAYOUT_ASSERT(cond, msg) _Static_assert(cond, msg)
#endif

#define SIZE(T, n) NEVERC_LAYOUT_ASSERT(sizeof(T) == (n), "sizeof(" #T ") != " #n)
#define ALIGN8(T) NEVERC_LAYOUT_ASSERT(_Alignof(T) == 8, "_Alignof(" #T ") != 8")
#define OFF(T, f, n)                                                           \
  NEVERC_LAYOUT_ASSERT(offsetof(T, f) == (n), "offsetof(" #T ", " #f ") != " #n)

#ifdef __cplusplus
#undef ALIGN8
#define ALIGN8(T) NEVERC_LAYOUT_ASSERT(alignof(T) == 8, "alignof(" #T ") != 8")
#endif

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

/* Constant values the layout depends on. */
NEVERC_LAYOUT_ASSERT(NEVERC_PLUGIN_ABI_MAJOR == 1 && NEVERC_PLUGIN_ABI_MINOR == 0, "ABI version");
NEVERC_LAYOUT_ASSERT(NEVERC_BUILTIN_PHASE_COUNT == 130, "phase count");
NEVERC_LAYOUT_ASSERT(NEVERC_EXTENSION_FAMILY_COUNT == 8, "family count");
