/*
 * Static layout asserts for PluginTarget.h: every struct of
 * shared/spec/target-mc-object.md section 4 (TARGET 1.1) and
 * shared/spec/callconv.md section 3 (CALLING_CONVENTION 1.1), every slot of
 * NevercTargetAPI, NevercTargetABIAPI and NevercCallingConventionAPI, the
 * interface IDs, versions and stability, and every enum and flag value.
 * The spec gives field order and types only; the offsets below were worked
 * out from them under 8-byte packing on LP64, independently of the
 * compiler. Compiles as C11/C23 and as C++17; a layout change makes the
 * compile fail.
 */
#include "layout_asserts.h"

/* target-mc-object.md section 4.3 (callconv.md section 3): the array views */
SIZE(NevercStringArrayView, 24);
ALIGN8(NevercStringArrayView);
OFF(NevercStringArrayView, Data, 0);
OFF(NevercStringArrayView, Count, 8);
OFF(NevercStringArrayView, ElementStride, 16);

SIZE(NevercInterfaceIDArrayView, 24);
ALIGN8(NevercInterfaceIDArrayView);
OFF(NevercInterfaceIDArrayView, Data, 0);
OFF(NevercInterfaceIDArrayView, Count, 8);
OFF(NevercInterfaceIDArrayView, ElementStride, 16);

SIZE(NevercInt32ArrayView, 24);
ALIGN8(NevercInt32ArrayView);
OFF(NevercInt32ArrayView, Data, 0);
OFF(NevercInt32ArrayView, Count, 8);
OFF(NevercInt32ArrayView, ElementStride, 16);

SIZE(NevercUInt32ArrayView, 24);
ALIGN8(NevercUInt32ArrayView);
OFF(NevercUInt32ArrayView, Data, 0);
OFF(NevercUInt32ArrayView, Count, 8);
OFF(NevercUInt32ArrayView, ElementStride, 16);

/* target-mc-object.md section 4.4: ABI classification */
SIZE(NevercABITypeDescriptor, 40);
ALIGN8(NevercABITypeDescriptor);
OFF(NevercABITypeDescriptor, Header, 0);
OFF(NevercABITypeDescriptor, Kind, 16);
OFF(NevercABITypeDescriptor, BitWidth, 20);
OFF(NevercABITypeDescriptor, Alignment, 24);
OFF(NevercABITypeDescriptor, AddressSpace, 28);
OFF(NevercABITypeDescriptor, Flags, 32);

SIZE(NevercABICoercionElement, 40);
ALIGN8(NevercABICoercionElement);
OFF(NevercABICoercionElement, Header, 0);
OFF(NevercABICoercionElement, Coercion, 16);
OFF(NevercABICoercionElement, BitWidth, 20);
OFF(NevercABICoercionElement, AddressSpace, 24);
OFF(NevercABICoercionElement, Offset, 28);
OFF(NevercABICoercionElement, Reserved, 32);

SIZE(NevercABIArgumentClassification, 104);
ALIGN8(NevercABIArgumentClassification);
OFF(NevercABIArgumentClassification, Header, 0);
OFF(NevercABIArgumentClassification, Kind, 16);
OFF(NevercABIArgumentClassification, Coercion, 20);
OFF(NevercABIArgumentClassification, CoercionBitWidth, 24);
OFF(NevercABIArgumentClassification, Alignment, 28);
OFF(NevercABIArgumentClassification, AddressSpace, 32);
OFF(NevercABIArgumentClassification, DirectOffset, 36);
OFF(NevercABIArgumentClassification, Flags, 40);
OFF(NevercABIArgumentClassification, PaddingCoercion, 48);
OFF(NevercABIArgumentClassification, PaddingBitWidth, 52);
OFF(NevercABIArgumentClassification, PaddingAddressSpace, 56);
OFF(NevercABIArgumentClassification, CoerceAndExpandSize, 60);
OFF(NevercABIArgumentClassification, CoerceAndExpandElements, 64);
OFF(NevercABIArgumentClassification, Reserved, 88);

SIZE(NevercABIArgumentClassificationArray, 24);
ALIGN8(NevercABIArgumentClassificationArray);
OFF(NevercABIArgumentClassificationArray, Data, 0);
OFF(NevercABIArgumentClassificationArray, Count, 8);
OFF(NevercABIArgumentClassificationArray, ElementStride, 16);

SIZE(NevercABIFunctionQuery, 96);
ALIGN8(NevercABIFunctionQuery);
OFF(NevercABIFunctionQuery, Header, 0);
OFF(NevercABIFunctionQuery, ReturnType, 16);
OFF(NevercABIFunctionQuery, Parameters, 56);
OFF(NevercABIFunctionQuery, Variadic, 80);
OFF(NevercABIFunctionQuery, RequiredArgumentCount, 84);
OFF(NevercABIFunctionQuery, Reserved, 88);

SIZE(NevercTargetVAArgDescriptor, 40);
ALIGN8(NevercTargetVAArgDescriptor);
OFF(NevercTargetVAArgDescriptor, Header, 0);
OFF(NevercTargetVAArgDescriptor, Kind, 16);
OFF(NevercTargetVAArgDescriptor, SlotSize, 20);
OFF(NevercTargetVAArgDescriptor, SlotAlignment, 24);
OFF(NevercTargetVAArgDescriptor, AllowHigherAlignment, 28);
OFF(NevercTargetVAArgDescriptor, Reserved, 32);

SIZE(NevercTargetABIDescriptor, 160);
ALIGN8(NevercTargetABIDescriptor);
OFF(NevercTargetABIDescriptor, Header, 0);
OFF(NevercTargetABIDescriptor, ABIID, 16);
OFF(NevercTargetABIDescriptor, TargetID, 32);
OFF(NevercTargetABIDescriptor, CanonicalName, 48);
OFF(NevercTargetABIDescriptor, Dependencies, 64);
OFF(NevercTargetABIDescriptor, ClassifyFunction, 88);
OFF(NevercTargetABIDescriptor, VAArg, 96);
OFF(NevercTargetABIDescriptor, Flags, 136);
OFF(NevercTargetABIDescriptor, UserData, 144);
OFF(NevercTargetABIDescriptor, DestroyUserData, 152);

/* callconv.md section 3: calling-convention structs */
SIZE(NevercCallingConventionLocation, 64);
ALIGN8(NevercCallingConventionLocation);
OFF(NevercCallingConventionLocation, Header, 0);
OFF(NevercCallingConventionLocation, Kind, 16);
OFF(NevercCallingConventionLocation, ValueIndex, 20);
OFF(NevercCallingConventionLocation, PieceOffset, 24);
OFF(NevercCallingConventionLocation, Size, 28);
OFF(NevercCallingConventionLocation, Alignment, 32);
OFF(NevercCallingConventionLocation, RegisterNumber, 36);
OFF(NevercCallingConventionLocation, StackOffset, 40);
OFF(NevercCallingConventionLocation, Flags, 48);
OFF(NevercCallingConventionLocation, Reserved, 56);

SIZE(NevercCallingConventionQuery, 168);
ALIGN8(NevercCallingConventionQuery);
OFF(NevercCallingConventionQuery, Header, 0);
OFF(NevercCallingConventionQuery, TargetID, 16);
OFF(NevercCallingConventionQuery, CallingConventionID, 32);
OFF(NevercCallingConventionQuery, SchemaDigest, 48);
OFF(NevercCallingConventionQuery, Function, 64);
OFF(NevercCallingConventionQuery, Reserved, 160);

SIZE(NevercCallingConventionPlan, 120);
ALIGN8(NevercCallingConventionPlan);
OFF(NevercCallingConventionPlan, Header, 0);
OFF(NevercCallingConventionPlan, ReturnLocations, 16);
OFF(NevercCallingConventionPlan, ArgumentLocations, 40);
OFF(NevercCallingConventionPlan, CalleeSavedRegisters, 64);
OFF(NevercCallingConventionPlan, StackAlignment, 88);
OFF(NevercCallingConventionPlan, Reserved32, 92);
OFF(NevercCallingConventionPlan, Flags, 96);
OFF(NevercCallingConventionPlan, Reserved, 104);

SIZE(NevercCallingConventionDescriptor, 128);
ALIGN8(NevercCallingConventionDescriptor);
OFF(NevercCallingConventionDescriptor, Header, 0);
OFF(NevercCallingConventionDescriptor, CallingConventionID, 16);
OFF(NevercCallingConventionDescriptor, TargetID, 32);
OFF(NevercCallingConventionDescriptor, CanonicalName, 48);
OFF(NevercCallingConventionDescriptor, CalleeSavedRegisters, 64);
OFF(NevercCallingConventionDescriptor, LLVMCallingConvention, 88);
OFF(NevercCallingConventionDescriptor, Reserved, 92);
OFF(NevercCallingConventionDescriptor, Flags, 96);
OFF(NevercCallingConventionDescriptor, UserData, 104);
OFF(NevercCallingConventionDescriptor, DestroyUserData, 112);
OFF(NevercCallingConventionDescriptor, PlanCallingConvention, 120);

/* target-mc-object.md section 4.5: target description */
SIZE(NevercTargetTripleMatcher, 88);
ALIGN8(NevercTargetTripleMatcher);
OFF(NevercTargetTripleMatcher, Header, 0);
OFF(NevercTargetTripleMatcher, Architecture, 16);
OFF(NevercTargetTripleMatcher, Vendor, 32);
OFF(NevercTargetTripleMatcher, OperatingSystem, 48);
OFF(NevercTargetTripleMatcher, Environment, 64);
OFF(NevercTargetTripleMatcher, Priority, 80);
OFF(NevercTargetTripleMatcher, Reserved, 84);

SIZE(NevercTargetFeatureDescriptor, 88);
ALIGN8(NevercTargetFeatureDescriptor);
OFF(NevercTargetFeatureDescriptor, Header, 0);
OFF(NevercTargetFeatureDescriptor, Name, 16);
OFF(NevercTargetFeatureDescriptor, Implies, 32);
OFF(NevercTargetFeatureDescriptor, Conflicts, 56);
OFF(NevercTargetFeatureDescriptor, EnabledByDefault, 80);
OFF(NevercTargetFeatureDescriptor, Reserved, 84);

SIZE(NevercTargetFeatureState, 48);
ALIGN8(NevercTargetFeatureState);
OFF(NevercTargetFeatureState, Header, 0);
OFF(NevercTargetFeatureState, Name, 16);
OFF(NevercTargetFeatureState, Enabled, 32);
OFF(NevercTargetFeatureState, Reserved, 36);

SIZE(NevercTargetMacroDescriptor, 56);
ALIGN8(NevercTargetMacroDescriptor);
OFF(NevercTargetMacroDescriptor, Header, 0);
OFF(NevercTargetMacroDescriptor, Name, 16);
OFF(NevercTargetMacroDescriptor, Value, 32);
OFF(NevercTargetMacroDescriptor, Flags, 48);

SIZE(NevercTargetBuiltinLoweringInvocation, 136);
ALIGN8(NevercTargetBuiltinLoweringInvocation);
OFF(NevercTargetBuiltinLoweringInvocation, Header, 0);
OFF(NevercTargetBuiltinLoweringInvocation, Task, 16);
OFF(NevercTargetBuiltinLoweringInvocation, BuiltinName, 32);
OFF(NevercTargetBuiltinLoweringInvocation, BuiltinIndex, 48);
OFF(NevercTargetBuiltinLoweringInvocation, Reserved, 52);
OFF(NevercTargetBuiltinLoweringInvocation, Core, 56);
OFF(NevercTargetBuiltinLoweringInvocation, Builder, 64);
OFF(NevercTargetBuiltinLoweringInvocation, Mutation, 72);
OFF(NevercTargetBuiltinLoweringInvocation, IRBuilder, 88);
OFF(NevercTargetBuiltinLoweringInvocation, ResultType, 104);
OFF(NevercTargetBuiltinLoweringInvocation, Arguments, 120);
OFF(NevercTargetBuiltinLoweringInvocation, ArgumentCount, 128);

SIZE(NevercTargetBuiltinDescriptor, 112);
ALIGN8(NevercTargetBuiltinDescriptor);
OFF(NevercTargetBuiltinDescriptor, Header, 0);
OFF(NevercTargetBuiltinDescriptor, Name, 16);
OFF(NevercTargetBuiltinDescriptor, TypeEncoding, 32);
OFF(NevercTargetBuiltinDescriptor, Attributes, 48);
OFF(NevercTargetBuiltinDescriptor, RequiredFeatures, 64);
OFF(NevercTargetBuiltinDescriptor, HeaderName, 80);
OFF(NevercTargetBuiltinDescriptor, Languages, 96);
OFF(NevercTargetBuiltinDescriptor, Reserved, 100);
OFF(NevercTargetBuiltinDescriptor, Lower, 104);

SIZE(NevercTargetRegisterDescriptor, 96);
ALIGN8(NevercTargetRegisterDescriptor);
OFF(NevercTargetRegisterDescriptor, Header, 0);
OFF(NevercTargetRegisterDescriptor, Name, 16);
OFF(NevercTargetRegisterDescriptor, Aliases, 32);
OFF(NevercTargetRegisterDescriptor, AdditionalNames, 56);
OFF(NevercTargetRegisterDescriptor, RegisterNumber, 80);
OFF(NevercTargetRegisterDescriptor, Reserved, 84);
OFF(NevercTargetRegisterDescriptor, Flags, 88);

SIZE(NevercTargetConstraintDescriptor, 104);
ALIGN8(NevercTargetConstraintDescriptor);
OFF(NevercTargetConstraintDescriptor, Header, 0);
OFF(NevercTargetConstraintDescriptor, Spelling, 16);
OFF(NevercTargetConstraintDescriptor, ConvertedConstraint, 32);
OFF(NevercTargetConstraintDescriptor, Flags, 48);
OFF(NevercTargetConstraintDescriptor, ImmediateMinimum, 56);
OFF(NevercTargetConstraintDescriptor, ImmediateMaximum, 60);
OFF(NevercTargetConstraintDescriptor, ImmediateValues, 64);
OFF(NevercTargetConstraintDescriptor, RegisterClassID, 88);
OFF(NevercTargetConstraintDescriptor, MatchingOperand, 92);
OFF(NevercTargetConstraintDescriptor, Reserved, 96);

SIZE(NevercTargetAddressSpaceDescriptor, 40);
ALIGN8(NevercTargetAddressSpaceDescriptor);
OFF(NevercTargetAddressSpaceDescriptor, Header, 0);
OFF(NevercTargetAddressSpaceDescriptor, AddressSpace, 16);
OFF(NevercTargetAddressSpaceDescriptor, PointerWidth, 20);
OFF(NevercTargetAddressSpaceDescriptor, ABIAlignment, 24);
OFF(NevercTargetAddressSpaceDescriptor, PreferredAlignment, 28);
OFF(NevercTargetAddressSpaceDescriptor, Flags, 32);

SIZE(NevercTargetMachineCreateRequest, 80);
ALIGN8(NevercTargetMachineCreateRequest);
OFF(NevercTargetMachineCreateRequest, Header, 0);
OFF(NevercTargetMachineCreateRequest, RawTriple, 16);
OFF(NevercTargetMachineCreateRequest, CPU, 32);
OFF(NevercTargetMachineCreateRequest, Features, 48);
OFF(NevercTargetMachineCreateRequest, CodeModel, 64);
OFF(NevercTargetMachineCreateRequest, OptimizationLevel, 68);
OFF(NevercTargetMachineCreateRequest, Reserved, 72);

SIZE(NevercTargetMachineDescriptor, 416);
ALIGN8(NevercTargetMachineDescriptor);
OFF(NevercTargetMachineDescriptor, Header, 0);
OFF(NevercTargetMachineDescriptor, RawTriple, 16);
OFF(NevercTargetMachineDescriptor, Architecture, 32);
OFF(NevercTargetMachineDescriptor, Vendor, 48);
OFF(NevercTargetMachineDescriptor, OperatingSystem, 64);
OFF(NevercTargetMachineDescriptor, Environment, 80);
OFF(NevercTargetMachineDescriptor, DataLayout, 96);
OFF(NevercTargetMachineDescriptor, DefaultCPU, 112);
OFF(NevercTargetMachineDescriptor, TuneCPU, 128);
OFF(NevercTargetMachineDescriptor, GlobalLabelPrefix, 144);
OFF(NevercTargetMachineDescriptor, SchemaDigest, 160);
OFF(NevercTargetMachineDescriptor, CPUs, 176);
OFF(NevercTargetMachineDescriptor, Features, 200);
OFF(NevercTargetMachineDescriptor, ABIs, 224);
OFF(NevercTargetMachineDescriptor, CallingConventions, 248);
OFF(NevercTargetMachineDescriptor, ObjectFormats, 272);
OFF(NevercTargetMachineDescriptor, AddressSpaces, 296);
OFF(NevercTargetMachineDescriptor, SupportedRelocationModels, 320);
OFF(NevercTargetMachineDescriptor, SupportedCodeModels, 328);
OFF(NevercTargetMachineDescriptor, DefaultRelocationModel, 336);
OFF(NevercTargetMachineDescriptor, DefaultCodeModel, 340);
OFF(NevercTargetMachineDescriptor, ExceptionModel, 344);
OFF(NevercTargetMachineDescriptor, UnwindModel, 348);
OFF(NevercTargetMachineDescriptor, Endianness, 352);
OFF(NevercTargetMachineDescriptor, PointerWidth, 356);
OFF(NevercTargetMachineDescriptor, IntWidth, 360);
OFF(NevercTargetMachineDescriptor, LongWidth, 364);
OFF(NevercTargetMachineDescriptor, LongLongWidth, 368);
OFF(NevercTargetMachineDescriptor, StackAlignment, 372);
OFF(NevercTargetMachineDescriptor, MaximumAtomicWidth, 376);
OFF(NevercTargetMachineDescriptor, MaximumVectorAlignment, 380);
OFF(NevercTargetMachineDescriptor, BuiltinVaListKind, 384);
OFF(NevercTargetMachineDescriptor, ExecutionLevels, 392);
OFF(NevercTargetMachineDescriptor, DefaultExecutionLevel, 400);
OFF(NevercTargetMachineDescriptor, TLSSupported, 408);
OFF(NevercTargetMachineDescriptor, Reserved, 412);

SIZE(NevercTargetDescriptor, 760);
ALIGN8(NevercTargetDescriptor);
OFF(NevercTargetDescriptor, Header, 0);
OFF(NevercTargetDescriptor, TargetID, 16);
OFF(NevercTargetDescriptor, CanonicalName, 32);
OFF(NevercTargetDescriptor, Aliases, 48);
OFF(NevercTargetDescriptor, TripleMatchers, 72);
OFF(NevercTargetDescriptor, DefaultABI, 96);
OFF(NevercTargetDescriptor, DefaultCallingConvention, 112);
OFF(NevercTargetDescriptor, MCSchemaID, 128);
OFF(NevercTargetDescriptor, DefaultObjectFormatID, 144);
OFF(NevercTargetDescriptor, Machine, 160);
OFF(NevercTargetDescriptor, Macros, 576);
OFF(NevercTargetDescriptor, Builtins, 600);
OFF(NevercTargetDescriptor, Registers, 624);
OFF(NevercTargetDescriptor, Constraints, 648);
OFF(NevercTargetDescriptor, Clobbers, 672);
OFF(NevercTargetDescriptor, Flags, 688);
OFF(NevercTargetDescriptor, ValidateCPU, 696);
OFF(NevercTargetDescriptor, CanonicalizeCPU, 704);
OFF(NevercTargetDescriptor, ListCPUs, 712);
OFF(NevercTargetDescriptor, ResolveFeatures, 720);
OFF(NevercTargetDescriptor, CreateTargetMachine, 728);
OFF(NevercTargetDescriptor, DestroyTargetMachine, 736);
OFF(NevercTargetDescriptor, UserData, 744);
OFF(NevercTargetDescriptor, DestroyUserData, 752);

/* target-mc-object.md section 4.6: code-generation routing (NevercTargetKey
 * is 256 bytes, as link-lto.md also states) */
SIZE(NevercTargetKey, 256);
ALIGN8(NevercTargetKey);
OFF(NevercTargetKey, Header, 0);
OFF(NevercTargetKey, TargetID, 16);
OFF(NevercTargetKey, RawTriple, 32);
OFF(NevercTargetKey, Architecture, 48);
OFF(NevercTargetKey, Vendor, 64);
OFF(NevercTargetKey, OperatingSystem, 80);
OFF(NevercTargetKey, Environment, 96);
OFF(NevercTargetKey, CPU, 112);
OFF(NevercTargetKey, TuneCPU, 128);
OFF(NevercTargetKey, Features, 144);
OFF(NevercTargetKey, ABIID, 168);
OFF(NevercTargetKey, CallingConventionID, 184);
OFF(NevercTargetKey, ObjectFormatID, 200);
OFF(NevercTargetKey, RelocationModel, 216);
OFF(NevercTargetKey, CodeModel, 220);
OFF(NevercTargetKey, ExecutionLevel, 224);
OFF(NevercTargetKey, PointerWidth, 232);
OFF(NevercTargetKey, Endianness, 236);
OFF(NevercTargetKey, SchemaDigest, 240);

SIZE(NevercCodeGenRequest, 312);
ALIGN8(NevercCodeGenRequest);
OFF(NevercCodeGenRequest, Header, 0);
OFF(NevercCodeGenRequest, Target, 16);
OFF(NevercCodeGenRequest, Input, 272);
OFF(NevercCodeGenRequest, InputKind, 288);
OFF(NevercCodeGenRequest, OutputKind, 292);
OFF(NevercCodeGenRequest, OptimizationLevel, 296);
OFF(NevercCodeGenRequest, HasFinalIRProof, 300);
OFF(NevercCodeGenRequest, Reserved, 304);

SIZE(NevercCodeGenProductCandidate, 80);
ALIGN8(NevercCodeGenProductCandidate);
OFF(NevercCodeGenProductCandidate, Header, 0);
OFF(NevercCodeGenProductCandidate, Kind, 16);
OFF(NevercCodeGenProductCandidate, Reserved, 20);
OFF(NevercCodeGenProductCandidate, Artifact, 24);
OFF(NevercCodeGenProductCandidate, ProductID, 40);
OFF(NevercCodeGenProductCandidate, Proof, 56);
OFF(NevercCodeGenProductCandidate, Flags, 72);

SIZE(NevercCodeGenEdgeDescriptor, 184);
ALIGN8(NevercCodeGenEdgeDescriptor);
OFF(NevercCodeGenEdgeDescriptor, Header, 0);
OFF(NevercCodeGenEdgeDescriptor, EdgeID, 16);
OFF(NevercCodeGenEdgeDescriptor, CanonicalName, 32);
OFF(NevercCodeGenEdgeDescriptor, TargetID, 48);
OFF(NevercCodeGenEdgeDescriptor, InputKind, 64);
OFF(NevercCodeGenEdgeDescriptor, OutputKind, 68);
OFF(NevercCodeGenEdgeDescriptor, Dependencies, 72);
OFF(NevercCodeGenEdgeDescriptor, Flags, 96);
OFF(NevercCodeGenEdgeDescriptor, UserData, 104);
OFF(NevercCodeGenEdgeDescriptor, DestroyUserData, 112);
OFF(NevercCodeGenEdgeDescriptor, CompatibilityKey, 120);
OFF(NevercCodeGenEdgeDescriptor, ProviderID, 136);
OFF(NevercCodeGenEdgeDescriptor, ProductID, 152);
OFF(NevercCodeGenEdgeDescriptor, CoarseLower, 168);
OFF(NevercCodeGenEdgeDescriptor, VerifyProduct, 176);

/* target-mc-object.md section 4.7 and callconv.md section 2: the three
 * tables, slots in order */
SIZE(NevercTargetAPI, 40);
OFF(NevercTargetAPI, Header, 0);
OFF(NevercTargetAPI, Context, 16);
OFF(NevercTargetAPI, RegisterTarget, 24);
OFF(NevercTargetAPI, RegisterCodeGenEdge, 32);

SIZE(NevercTargetABIAPI, 32);
OFF(NevercTargetABIAPI, Header, 0);
OFF(NevercTargetABIAPI, Context, 16);
OFF(NevercTargetABIAPI, RegisterABI, 24);

SIZE(NevercCallingConventionAPI, 32);
OFF(NevercCallingConventionAPI, Header, 0);
OFF(NevercCallingConventionAPI, Context, 16);
OFF(NevercCallingConventionAPI, RegisterCallingConvention, 24);

/* Table sizes are 24 + 8 x slots. */
NEVERC_LAYOUT_ASSERT(sizeof(NevercTargetAPI) == 24 + 8 * 2, "NevercTargetAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercTargetABIAPI) == 24 + 8 * 1, "NevercTargetABIAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercCallingConventionAPI) == 24 + 8 * 1,
                     "NevercCallingConventionAPI slot count");

/* target-mc-object.md section 2 (callconv.md section 2): interface IDs,
 * versions and stability. */
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_TARGET_HIGH == UINT64_C(0x4e43505447540001) &&
                         NEVERC_INTERFACE_TARGET_LOW == 1 &&
                         NEVERC_INTERFACE_TARGET_ABI_HIGH == UINT64_C(0x4e43505441424901) &&
                         NEVERC_INTERFACE_TARGET_ABI_LOW == 1 &&
                         NEVERC_INTERFACE_CALLING_CONVENTION_HIGH ==
                             UINT64_C(0x4e43505443430001) &&
                         NEVERC_INTERFACE_CALLING_CONVENTION_LOW == 1,
                     "target interface IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_API_MAJOR == 1 && NEVERC_TARGET_API_MINOR == 1 &&
                         NEVERC_TARGET_ABI_API_MAJOR == 1 && NEVERC_TARGET_ABI_API_MINOR == 0 &&
                         NEVERC_CALLING_CONVENTION_API_MAJOR == 1 &&
                         NEVERC_CALLING_CONVENTION_API_MINOR == 1,
                     "target API versions");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_TARGET_ABI_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_CALLING_CONVENTION_INTERFACE_STABILITY ==
                             NEVERC_INTERFACE_STABLE,
                     "target interface stability");
NEVERC_LAYOUT_ASSERT(NEVERC_BUILTIN_CODEGEN_PHASE_COUNT == 4, "codegen phase count");

/* target-mc-object.md section 4.1: IDs and handles. */
SIZE(NevercTargetID, 16);
SIZE(NevercTargetABIID, 16);
SIZE(NevercCallingConventionID, 16);
SIZE(NevercTargetHandle, 16);
SIZE(NevercTargetSnapshotHandle, 16);
SIZE(NevercTargetSchemaHandle, 16);
SIZE(NevercTargetKeyHandle, 16);
SIZE(NevercTargetMachineHandle, 16);
SIZE(NevercTargetRouteHandle, 16);
SIZE(NevercTargetABIHandle, 16);
SIZE(NevercCallingConventionHandle, 16);

/* target-mc-object.md section 4.2 (callconv.md section 3): the width of
 * every enum and flag type, then every value, and the width of its macros. */
SIZE(NevercCodeGenProductKind, 4);
SIZE(NevercCodeGenEdgeFlags, 8);
SIZE(NevercCodeGenVerificationObligations, 8);
SIZE(NevercTargetEndianness, 4);
SIZE(NevercTargetBuiltinVaListKind, 4);
SIZE(NevercTargetMacroFlags, 8);
SIZE(NevercTargetConstraintFlags, 8);
SIZE(NevercTargetBuiltinLanguages, 4);
SIZE(NevercTargetExecutionLevel, 8);
SIZE(NevercTargetRelocationModel, 4);
SIZE(NevercTargetCodeModel, 4);
SIZE(NevercTargetExceptionModel, 4);
SIZE(NevercTargetUnwindModel, 4);
SIZE(NevercCodeGenOptimizationLevel, 4);
SIZE(NevercABITypeKind, 4);
SIZE(NevercABITypeFlags, 8);
SIZE(NevercABIArgumentKind, 4);
SIZE(NevercABICoercionKind, 4);
SIZE(NevercABIArgumentFlags, 8);
SIZE(NevercABIVAArgKind, 4);
SIZE(NevercCallingConventionLocationKind, 4);
SIZE(NevercCallingConventionLocationFlags, 8);

NEVERC_LAYOUT_ASSERT(NEVERC_CODEGEN_PRODUCT_IR == 1 && NEVERC_CODEGEN_PRODUCT_MIR == 2 &&
                         NEVERC_CODEGEN_PRODUCT_MC == 3 && NEVERC_CODEGEN_PRODUCT_ASSEMBLY == 4 &&
                         NEVERC_CODEGEN_PRODUCT_OBJECT_GRAPH == 5 &&
                         NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE == 6 &&
                         NEVERC_CODEGEN_PRODUCT_CUSTOM == 0x10000 &&
                         sizeof(NEVERC_CODEGEN_PRODUCT_IR) == 4,
                     "NevercCodeGenProductKind values");
NEVERC_LAYOUT_ASSERT(NEVERC_CODEGEN_EDGE_COARSE == 1 && NEVERC_CODEGEN_EDGE_BUILTIN == 2 &&
                         sizeof(NEVERC_CODEGEN_EDGE_COARSE) == 8,
                     "NevercCodeGenEdgeFlags values");
NEVERC_LAYOUT_ASSERT(NEVERC_CODEGEN_VERIFY_FINAL_IR == 1 &&
                         NEVERC_CODEGEN_VERIFY_TARGET_KEY == 2 &&
                         NEVERC_CODEGEN_VERIFY_PRODUCT_KIND == 4 &&
                         NEVERC_CODEGEN_VERIFY_PRODUCT_ID == 8 &&
                         NEVERC_CODEGEN_VERIFY_STRUCTURE == 16 &&
                         sizeof(NEVERC_CODEGEN_VERIFY_FINAL_IR) == 8,
                     "NevercCodeGenVerificationObligations values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_ENDIAN_LITTLE == 1 && NEVERC_TARGET_ENDIAN_BIG == 2 &&
                         sizeof(NEVERC_TARGET_ENDIAN_LITTLE) == 4,
                     "NevercTargetEndianness values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_VA_LIST_CHAR_POINTER == 1 &&
                         NEVERC_TARGET_VA_LIST_VOID_POINTER == 2 &&
                         NEVERC_TARGET_VA_LIST_AARCH64 == 3 &&
                         NEVERC_TARGET_VA_LIST_X86_64 == 4 &&
                         sizeof(NEVERC_TARGET_VA_LIST_CHAR_POINTER) == 4,
                     "NevercTargetBuiltinVaListKind values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_MACRO_UNDEFINE == 1 &&
                         sizeof(NEVERC_TARGET_MACRO_UNDEFINE) == 8,
                     "NevercTargetMacroFlags values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_CONSTRAINT_ALLOWS_MEMORY == 1 &&
                         NEVERC_TARGET_CONSTRAINT_ALLOWS_REGISTER == 2 &&
                         NEVERC_TARGET_CONSTRAINT_IMMEDIATE == 4 &&
                         sizeof(NEVERC_TARGET_CONSTRAINT_ALLOWS_MEMORY) == 8,
                     "NevercTargetConstraintFlags values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_BUILTIN_LANGUAGE_GNU == 1 &&
                         NEVERC_TARGET_BUILTIN_LANGUAGE_C == 2 &&
                         NEVERC_TARGET_BUILTIN_LANGUAGE_MS == 16 &&
                         sizeof(NEVERC_TARGET_BUILTIN_LANGUAGE_GNU) == 4,
                     "NevercTargetBuiltinLanguages values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_EXECUTION_USER == 1 && NEVERC_TARGET_EXECUTION_KERNEL == 2 &&
                         NEVERC_TARGET_EXECUTION_HYPERVISOR == 4 &&
                         NEVERC_TARGET_EXECUTION_FIRMWARE == 8 &&
                         sizeof(NEVERC_TARGET_EXECUTION_USER) == 8,
                     "NevercTargetExecutionLevel values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_RELOCATION_STATIC == 1 && NEVERC_TARGET_RELOCATION_PIC == 2 &&
                         NEVERC_TARGET_RELOCATION_DYNAMIC_NO_PIC == 3 &&
                         NEVERC_TARGET_RELOCATION_ROPI == 4 &&
                         NEVERC_TARGET_RELOCATION_RWPI == 5 &&
                         NEVERC_TARGET_RELOCATION_ROPI_RWPI == 6 &&
                         sizeof(NEVERC_TARGET_RELOCATION_STATIC) == 4,
                     "NevercTargetRelocationModel values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_RELOCATION_MASK_STATIC == 1 &&
                         NEVERC_TARGET_RELOCATION_MASK_PIC == 2 &&
                         NEVERC_TARGET_RELOCATION_MASK_DYNAMIC_NO_PIC == 4 &&
                         NEVERC_TARGET_RELOCATION_MASK_ROPI == 8 &&
                         NEVERC_TARGET_RELOCATION_MASK_RWPI == 16 &&
                         NEVERC_TARGET_RELOCATION_MASK_ROPI_RWPI == 32 &&
                         sizeof(NEVERC_TARGET_RELOCATION_MASK_STATIC) == 8,
                     "NEVERC_TARGET_RELOCATION_MASK values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_CODE_MODEL_TINY == 1 && NEVERC_TARGET_CODE_MODEL_SMALL == 2 &&
                         NEVERC_TARGET_CODE_MODEL_KERNEL == 3 &&
                         NEVERC_TARGET_CODE_MODEL_MEDIUM == 4 &&
                         NEVERC_TARGET_CODE_MODEL_LARGE == 5 &&
                         sizeof(NEVERC_TARGET_CODE_MODEL_TINY) == 4,
                     "NevercTargetCodeModel values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_CODE_MODEL_MASK_TINY == 1 &&
                         NEVERC_TARGET_CODE_MODEL_MASK_SMALL == 2 &&
                         NEVERC_TARGET_CODE_MODEL_MASK_KERNEL == 4 &&
                         NEVERC_TARGET_CODE_MODEL_MASK_MEDIUM == 8 &&
                         NEVERC_TARGET_CODE_MODEL_MASK_LARGE == 16 &&
                         sizeof(NEVERC_TARGET_CODE_MODEL_MASK_TINY) == 8,
                     "NEVERC_TARGET_CODE_MODEL_MASK values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_EXCEPTION_NONE == 1 && NEVERC_TARGET_EXCEPTION_DWARF == 2 &&
                         NEVERC_TARGET_EXCEPTION_SJLJ == 3 && NEVERC_TARGET_EXCEPTION_SEH == 4 &&
                         NEVERC_TARGET_EXCEPTION_WASM == 5 &&
                         sizeof(NEVERC_TARGET_EXCEPTION_NONE) == 4,
                     "NevercTargetExceptionModel values");
NEVERC_LAYOUT_ASSERT(NEVERC_TARGET_UNWIND_NONE == 1 && NEVERC_TARGET_UNWIND_DWARF == 2 &&
                         NEVERC_TARGET_UNWIND_COMPACT == 3 && NEVERC_TARGET_UNWIND_SEH == 4 &&
                         NEVERC_TARGET_UNWIND_SJLJ == 5 && NEVERC_TARGET_UNWIND_WASM == 6 &&
                         sizeof(NEVERC_TARGET_UNWIND_NONE) == 4,
                     "NevercTargetUnwindModel values");
NEVERC_LAYOUT_ASSERT(NEVERC_CODEGEN_OPT_NONE == 1 && NEVERC_CODEGEN_OPT_LESS == 2 &&
                         NEVERC_CODEGEN_OPT_DEFAULT == 3 && NEVERC_CODEGEN_OPT_AGGRESSIVE == 4 &&
                         sizeof(NEVERC_CODEGEN_OPT_NONE) == 4,
                     "NevercCodeGenOptimizationLevel values");
NEVERC_LAYOUT_ASSERT(NEVERC_ABI_TYPE_VOID == 1 && NEVERC_ABI_TYPE_BOOLEAN == 2 &&
                         NEVERC_ABI_TYPE_INTEGER == 3 && NEVERC_ABI_TYPE_FLOAT == 4 &&
                         NEVERC_ABI_TYPE_POINTER == 5 && NEVERC_ABI_TYPE_VECTOR == 6 &&
                         NEVERC_ABI_TYPE_RECORD == 7 && NEVERC_ABI_TYPE_UNION == 8 &&
                         NEVERC_ABI_TYPE_ARRAY == 9 && NEVERC_ABI_TYPE_COMPLEX == 10 &&
                         NEVERC_ABI_TYPE_ENUM == 11 && NEVERC_ABI_TYPE_OTHER == 0x10000 &&
                         sizeof(NEVERC_ABI_TYPE_VOID) == 4,
                     "NevercABITypeKind values");
NEVERC_LAYOUT_ASSERT(NEVERC_ABI_TYPE_SIGNED == 1 && NEVERC_ABI_TYPE_AGGREGATE == 2 &&
                         sizeof(NEVERC_ABI_TYPE_SIGNED) == 8,
                     "NevercABITypeFlags values");
NEVERC_LAYOUT_ASSERT(NEVERC_ABI_ARGUMENT_DIRECT == 1 && NEVERC_ABI_ARGUMENT_EXTEND == 2 &&
                         NEVERC_ABI_ARGUMENT_INDIRECT == 3 && NEVERC_ABI_ARGUMENT_IGNORE == 4 &&
                         NEVERC_ABI_ARGUMENT_EXPAND == 5 &&
                         NEVERC_ABI_ARGUMENT_INDIRECT_ALIASED == 6 &&
                         NEVERC_ABI_ARGUMENT_COERCE_AND_EXPAND == 7 &&
                         sizeof(NEVERC_ABI_ARGUMENT_DIRECT) == 4,
                     "NevercABIArgumentKind values");
NEVERC_LAYOUT_ASSERT(NEVERC_ABI_COERCE_NONE == 0 && NEVERC_ABI_COERCE_INTEGER == 1 &&
                         NEVERC_ABI_COERCE_FLOAT == 2 && NEVERC_ABI_COERCE_POINTER == 3 &&
                         sizeof(NEVERC_ABI_COERCE_NONE) == 4,
                     "NevercABICoercionKind values");
NEVERC_LAYOUT_ASSERT(NEVERC_ABI_ARGUMENT_BYVAL == 1 && NEVERC_ABI_ARGUMENT_REALIGN == 2 &&
                         NEVERC_ABI_ARGUMENT_INREG == 4 &&
                         NEVERC_ABI_ARGUMENT_SRET_AFTER_THIS == 8 &&
                         NEVERC_ABI_ARGUMENT_CAN_BE_FLATTENED == 16 &&
                         NEVERC_ABI_ARGUMENT_SIGN_EXTEND == 32 &&
                         NEVERC_ABI_ARGUMENT_PADDING_INREG == 64 &&
                         sizeof(NEVERC_ABI_ARGUMENT_BYVAL) == 8,
                     "NevercABIArgumentFlags values");
NEVERC_LAYOUT_ASSERT(NEVERC_ABI_VA_ARG_LLVM == 1 && NEVERC_ABI_VA_ARG_VOID_POINTER == 2 &&
                         sizeof(NEVERC_ABI_VA_ARG_LLVM) == 4,
                     "NevercABIVAArgKind values");
NEVERC_LAYOUT_ASSERT(NEVERC_CC_LOCATION_REGISTER == 1 && NEVERC_CC_LOCATION_STACK == 2 &&
                         sizeof(NEVERC_CC_LOCATION_REGISTER) == 4,
                     "NevercCallingConventionLocationKind values");
NEVERC_LAYOUT_ASSERT(NEVERC_CC_LOCATION_INDIRECT == 1 && NEVERC_CC_LOCATION_BYVAL == 2 &&
                         sizeof(NEVERC_CC_LOCATION_INDIRECT) == 8,
                     "NevercCallingConventionLocationFlags values");
