/*
 * Static layout asserts for the IR domain's SDK structs and tables
 * (shared/spec/ir.md sections 2-6), split from layout_asserts.c: the
 * sizes, offsets, interface IDs, schema counts and X-macro rows of
 * PluginIR.h. Compiles as C11/C23 and as C++17; a layout change makes the
 * compile fail.
 */
#include "layout_asserts.h"

/* ir.md sections 5 (structs) and 6 (the six IR tables, slots in order) */
SIZE(NevercIRValueCursor, 56);
ALIGN8(NevercIRValueCursor);
OFF(NevercIRValueCursor, Header, 0);
OFF(NevercIRValueCursor, Container, 16);
OFF(NevercIRValueCursor, MutationGeneration, 32);
OFF(NevercIRValueCursor, Position, 40);
OFF(NevercIRValueCursor, Collection, 48);
OFF(NevercIRValueCursor, Reserved, 52);

SIZE(NevercIRUseInfo, 40);
ALIGN8(NevercIRUseInfo);
OFF(NevercIRUseInfo, Header, 0);
OFF(NevercIRUseInfo, User, 16);
OFF(NevercIRUseInfo, OperandIndex, 32);

SIZE(NevercIRPhiIncoming, 48);
ALIGN8(NevercIRPhiIncoming);
OFF(NevercIRPhiIncoming, Header, 0);
OFF(NevercIRPhiIncoming, Value, 16);
OFF(NevercIRPhiIncoming, Block, 32);

SIZE(NevercIRPropertyValue, 64);
ALIGN8(NevercIRPropertyValue);
OFF(NevercIRPropertyValue, Header, 0);
OFF(NevercIRPropertyValue, Kind, 16);
OFF(NevercIRPropertyValue, Reserved, 20);
OFF(NevercIRPropertyValue, UnsignedValue, 24);
OFF(NevercIRPropertyValue, TypeValue, 32);
OFF(NevercIRPropertyValue, StringValue, 48);

SIZE(NevercIRDebugLocationInfo, 56);
ALIGN8(NevercIRDebugLocationInfo);
OFF(NevercIRDebugLocationInfo, Size, 0);
OFF(NevercIRDebugLocationInfo, Version, 4);
OFF(NevercIRDebugLocationInfo, Line, 8);
OFF(NevercIRDebugLocationInfo, Column, 12);
OFF(NevercIRDebugLocationInfo, IsImplicitCode, 16);
OFF(NevercIRDebugLocationInfo, Reserved, 17);
OFF(NevercIRDebugLocationInfo, Scope, 24);
OFF(NevercIRDebugLocationInfo, InlinedAt, 40);

SIZE(NevercIRGeneratePhaseInput, 112);
ALIGN8(NevercIRGeneratePhaseInput);
OFF(NevercIRGeneratePhaseInput, Header, 0);
OFF(NevercIRGeneratePhaseInput, SemanticUnit, 16);
OFF(NevercIRGeneratePhaseInput, SemanticProduct, 32);
OFF(NevercIRGeneratePhaseInput, TargetTriple, 48);
OFF(NevercIRGeneratePhaseInput, DataLayout, 64);
OFF(NevercIRGeneratePhaseInput, SourceIdentity, 80);
OFF(NevercIRGeneratePhaseInput, SourceDigest, 96);

SIZE(NevercIRModuleArtifactDescriptor, 64);
ALIGN8(NevercIRModuleArtifactDescriptor);
OFF(NevercIRModuleArtifactDescriptor, Header, 0);
OFF(NevercIRModuleArtifactDescriptor, Product, 16);
OFF(NevercIRModuleArtifactDescriptor, DependencyDigest, 32);
OFF(NevercIRModuleArtifactDescriptor, Reserved, 48);

SIZE(NevercIRModuleArtifactInfo, 88);
ALIGN8(NevercIRModuleArtifactInfo);
OFF(NevercIRModuleArtifactInfo, Header, 0);
OFF(NevercIRModuleArtifactInfo, Product, 16);
OFF(NevercIRModuleArtifactInfo, TargetTriple, 32);
OFF(NevercIRModuleArtifactInfo, DataLayout, 48);
OFF(NevercIRModuleArtifactInfo, Generation, 64);
OFF(NevercIRModuleArtifactInfo, DependencyDigest, 72);

SIZE(NevercIROptimizationPhaseInput, 112);
ALIGN8(NevercIROptimizationPhaseInput);
OFF(NevercIROptimizationPhaseInput, Header, 0);
OFF(NevercIROptimizationPhaseInput, Module, 16);
OFF(NevercIROptimizationPhaseInput, Product, 32);
OFF(NevercIROptimizationPhaseInput, TargetTriple, 48);
OFF(NevercIROptimizationPhaseInput, DataLayout, 64);
OFF(NevercIROptimizationPhaseInput, OptimizationLevel, 80);
OFF(NevercIROptimizationPhaseInput, DisableLLVMPasses, 84);
OFF(NevercIROptimizationPhaseInput, Reserved, 88);
OFF(NevercIROptimizationPhaseInput, InputDigest, 96);

SIZE(NevercIRPassInvocation, 176);
ALIGN8(NevercIRPassInvocation);
OFF(NevercIRPassInvocation, Header, 0);
OFF(NevercIRPassInvocation, Task, 16);
OFF(NevercIRPassInvocation, Phase, 32);
OFF(NevercIRPassInvocation, PassID, 48);
OFF(NevercIRPassInvocation, Level, 64);
OFF(NevercIRPassInvocation, OptimizationLevel, 68);
OFF(NevercIRPassInvocation, Module, 72);
OFF(NevercIRPassInvocation, Function, 88);
OFF(NevercIRPassInvocation, LoopHeader, 104);
OFF(NevercIRPassInvocation, SCCFunctions, 120);
OFF(NevercIRPassInvocation, SCCFunctionCount, 128);
OFF(NevercIRPassInvocation, Core, 136);
OFF(NevercIRPassInvocation, Builder, 144);
OFF(NevercIRPassInvocation, Analyses, 152);
OFF(NevercIRPassInvocation, Reserved, 160);

SIZE(NevercIRPreservedAnalyses, 56);
ALIGN8(NevercIRPreservedAnalyses);
OFF(NevercIRPreservedAnalyses, Header, 0);
OFF(NevercIRPreservedAnalyses, Flags, 16);
OFF(NevercIRPreservedAnalyses, Reserved, 24);
OFF(NevercIRPreservedAnalyses, CustomAnalyses, 40);
OFF(NevercIRPreservedAnalyses, CustomAnalysisCount, 48);

SIZE(NevercIRAnalysisDescriptor, 120);
ALIGN8(NevercIRAnalysisDescriptor);
OFF(NevercIRAnalysisDescriptor, Header, 0);
OFF(NevercIRAnalysisDescriptor, AnalysisID, 16);
OFF(NevercIRAnalysisDescriptor, Name, 32);
OFF(NevercIRAnalysisDescriptor, Level, 48);
OFF(NevercIRAnalysisDescriptor, Reserved, 52);
OFF(NevercIRAnalysisDescriptor, Dependencies, 56);
OFF(NevercIRAnalysisDescriptor, DependencyCount, 64);
OFF(NevercIRAnalysisDescriptor, Compute, 72);
OFF(NevercIRAnalysisDescriptor, Query, 80);
OFF(NevercIRAnalysisDescriptor, Invalidate, 88);
OFF(NevercIRAnalysisDescriptor, Destroy, 96);
OFF(NevercIRAnalysisDescriptor, UserData, 104);
OFF(NevercIRAnalysisDescriptor, DestroyUserData, 112);

SIZE(NevercIRPassDescriptor, 120);
ALIGN8(NevercIRPassDescriptor);
OFF(NevercIRPassDescriptor, Header, 0);
OFF(NevercIRPassDescriptor, PassID, 16);
OFF(NevercIRPassDescriptor, Phase, 32);
OFF(NevercIRPassDescriptor, Level, 48);
OFF(NevercIRPassDescriptor, Deterministic, 52);
OFF(NevercIRPassDescriptor, Cacheable, 56);
OFF(NevercIRPassDescriptor, Reserved, 60);
OFF(NevercIRPassDescriptor, ExternalDependencyDigest, 64);
OFF(NevercIRPassDescriptor, RequiredAnalyses, 80);
OFF(NevercIRPassDescriptor, RequiredAnalysisCount, 88);
OFF(NevercIRPassDescriptor, Run, 96);
OFF(NevercIRPassDescriptor, UserData, 104);
OFF(NevercIRPassDescriptor, DestroyUserData, 112);

SIZE(NevercIRCoreAPI, 816);
OFF(NevercIRCoreAPI, Header, 0);
OFF(NevercIRCoreAPI, Context, 16);
OFF(NevercIRCoreAPI, GetContext, 24);
OFF(NevercIRCoreAPI, GetModule, 32);
OFF(NevercIRCoreAPI, GetValueKind, 40);
OFF(NevercIRCoreAPI, ReplaceAllUsesWith, 48);
OFF(NevercIRCoreAPI, EraseValue, 56);
OFF(NevercIRCoreAPI, GetTypeKind, 64);
OFF(NevercIRCoreAPI, GetPrimitiveType, 72);
OFF(NevercIRCoreAPI, GetIntegerType, 80);
OFF(NevercIRCoreAPI, GetPointerType, 88);
OFF(NevercIRCoreAPI, GetArrayType, 96);
OFF(NevercIRCoreAPI, GetVectorType, 104);
OFF(NevercIRCoreAPI, GetStructType, 112);
OFF(NevercIRCoreAPI, GetFunctionType, 120);
OFF(NevercIRCoreAPI, CreateIntegerConstant, 128);
OFF(NevercIRCoreAPI, CreateFloatingConstant, 136);
OFF(NevercIRCoreAPI, GetNullConstant, 144);
OFF(NevercIRCoreAPI, GetPoisonConstant, 152);
OFF(NevercIRCoreAPI, GetUndefConstant, 160);
OFF(NevercIRCoreAPI, CreateAggregateConstant, 168);
OFF(NevercIRCoreAPI, CreateConstantBinaryExpression, 176);
OFF(NevercIRCoreAPI, CreateConstantCastExpression, 184);
OFF(NevercIRCoreAPI, CreateConstantCompareExpression, 192);
OFF(NevercIRCoreAPI, CreateConstantGEPExpression, 200);
OFF(NevercIRCoreAPI, GetGlobalAddressConstant, 208);
OFF(NevercIRCoreAPI, GetMetadataKind, 216);
OFF(NevercIRCoreAPI, CreateMetadataString, 224);
OFF(NevercIRCoreAPI, GetMetadataStringBytes, 232);
OFF(NevercIRCoreAPI, CreateMetadataNode, 240);
OFF(NevercIRCoreAPI, GetValueAsMetadata, 248);
OFF(NevercIRCoreAPI, GetMetadataAsValue, 256);
OFF(NevercIRCoreAPI, GetMetadataOperandCount, 264);
OFF(NevercIRCoreAPI, GetMetadataOperand, 272);
OFF(NevercIRCoreAPI, GetOrInsertNamedMetadata, 280);
OFF(NevercIRCoreAPI, AppendNamedMetadata, 288);
OFF(NevercIRCoreAPI, GetNamedMetadataOperandCount, 296);
OFF(NevercIRCoreAPI, GetNamedMetadataOperand, 304);
OFF(NevercIRCoreAPI, GetDebugLocationInfo, 312);
OFF(NevercIRCoreAPI, CreateEnumAttribute, 320);
OFF(NevercIRCoreAPI, CreateIntegerAttribute, 328);
OFF(NevercIRCoreAPI, CreateStringAttribute, 336);
OFF(NevercIRCoreAPI, CreateTypeAttribute, 344);
OFF(NevercIRCoreAPI, GetAttributeValueKind, 352);
OFF(NevercIRCoreAPI, GetAttributeKindName, 360);
OFF(NevercIRCoreAPI, GetAttributeIntegerValue, 368);
OFF(NevercIRCoreAPI, GetAttributeStringValue, 376);
OFF(NevercIRCoreAPI, GetAttributeTypeValue, 384);
OFF(NevercIRCoreAPI, AddFunctionAttribute, 392);
OFF(NevercIRCoreAPI, HasFunctionAttribute, 400);
OFF(NevercIRCoreAPI, GetFunctionStringAttribute, 408);
OFF(NevercIRCoreAPI, GetModuleIdentifier, 416);
OFF(NevercIRCoreAPI, SetModuleIdentifier, 424);
OFF(NevercIRCoreAPI, GetModuleTargetTriple, 432);
OFF(NevercIRCoreAPI, SetModuleTargetTriple, 440);
OFF(NevercIRCoreAPI, GetModuleDataLayout, 448);
OFF(NevercIRCoreAPI, SetModuleDataLayout, 456);
OFF(NevercIRCoreAPI, GetModuleInlineAssembly, 464);
OFF(NevercIRCoreAPI, SetModuleInlineAssembly, 472);
OFF(NevercIRCoreAPI, BeginValueCursor, 480);
OFF(NevercIRCoreAPI, CollectValueCursor, 488);
OFF(NevercIRCoreAPI, GetValueName, 496);
OFF(NevercIRCoreAPI, SetValueName, 504);
OFF(NevercIRCoreAPI, GetValueType, 512);
OFF(NevercIRCoreAPI, GetValueUseCount, 520);
OFF(NevercIRCoreAPI, GetValueUse, 528);
OFF(NevercIRCoreAPI, GetOperandCount, 536);
OFF(NevercIRCoreAPI, GetOperand, 544);
OFF(NevercIRCoreAPI, SetOperand, 552);
OFF(NevercIRCoreAPI, GetGlobalLinkage, 560);
OFF(NevercIRCoreAPI, SetGlobalLinkage, 568);
OFF(NevercIRCoreAPI, GetGlobalVisibility, 576);
OFF(NevercIRCoreAPI, SetGlobalVisibility, 584);
OFF(NevercIRCoreAPI, GetGlobalSection, 592);
OFF(NevercIRCoreAPI, SetGlobalSection, 600);
OFF(NevercIRCoreAPI, GetOrInsertComdat, 608);
OFF(NevercIRCoreAPI, GetGlobalComdat, 616);
OFF(NevercIRCoreAPI, SetGlobalComdat, 624);
OFF(NevercIRCoreAPI, GetFunctionCallingConvention, 632);
OFF(NevercIRCoreAPI, SetFunctionCallingConvention, 640);
OFF(NevercIRCoreAPI, GetFunctionPersonality, 648);
OFF(NevercIRCoreAPI, SetFunctionPersonality, 656);
OFF(NevercIRCoreAPI, GetFunctionGC, 664);
OFF(NevercIRCoreAPI, SetFunctionGC, 672);
OFF(NevercIRCoreAPI, GetFunctionSection, 680);
OFF(NevercIRCoreAPI, SetFunctionSection, 688);
OFF(NevercIRCoreAPI, GetTerminator, 696);
OFF(NevercIRCoreAPI, GetPredecessorCount, 704);
OFF(NevercIRCoreAPI, GetPredecessor, 712);
OFF(NevercIRCoreAPI, GetSuccessorCount, 720);
OFF(NevercIRCoreAPI, GetSuccessor, 728);
OFF(NevercIRCoreAPI, GetInstructionOpcode, 736);
OFF(NevercIRCoreAPI, GetInstructionProperty, 744);
OFF(NevercIRCoreAPI, SetInstructionProperty, 752);
OFF(NevercIRCoreAPI, GetPHIIncomingCount, 760);
OFF(NevercIRCoreAPI, GetPHIIncoming, 768);
OFF(NevercIRCoreAPI, SetPHIIncoming, 776);
OFF(NevercIRCoreAPI, ImportModule, 784);
OFF(NevercIRCoreAPI, ExportModule, 792);
OFF(NevercIRCoreAPI, GetSerializedBufferView, 800);
OFF(NevercIRCoreAPI, ReleaseSerializedBuffer, 808);

SIZE(NevercIRBuilderAPI, 256);
OFF(NevercIRBuilderAPI, Header, 0);
OFF(NevercIRBuilderAPI, Context, 16);
OFF(NevercIRBuilderAPI, BeginMutation, 24);
OFF(NevercIRBuilderAPI, CommitMutation, 32);
OFF(NevercIRBuilderAPI, AbortMutation, 40);
OFF(NevercIRBuilderAPI, DestroyMutation, 48);
OFF(NevercIRBuilderAPI, CreateBuilder, 56);
OFF(NevercIRBuilderAPI, DestroyBuilder, 64);
OFF(NevercIRBuilderAPI, SetInsertBlock, 72);
OFF(NevercIRBuilderAPI, SetInsertBefore, 80);
OFF(NevercIRBuilderAPI, SetDebugLocation, 88);
OFF(NevercIRBuilderAPI, SetFastMathFlags, 96);
OFF(NevercIRBuilderAPI, BuildBinary, 104);
OFF(NevercIRBuilderAPI, BuildUnary, 112);
OFF(NevercIRBuilderAPI, BuildCompare, 120);
OFF(NevercIRBuilderAPI, BuildCast, 128);
OFF(NevercIRBuilderAPI, BuildSelect, 136);
OFF(NevercIRBuilderAPI, BuildAlloca, 144);
OFF(NevercIRBuilderAPI, BuildLoad, 152);
OFF(NevercIRBuilderAPI, BuildStore, 160);
OFF(NevercIRBuilderAPI, BuildGetElementPtr, 168);
OFF(NevercIRBuilderAPI, BuildCall, 176);
OFF(NevercIRBuilderAPI, BuildPhi, 184);
OFF(NevercIRBuilderAPI, AddPhiIncoming, 192);
OFF(NevercIRBuilderAPI, BuildBranch, 200);
OFF(NevercIRBuilderAPI, BuildConditionalBranch, 208);
OFF(NevercIRBuilderAPI, BuildUnreachable, 216);
OFF(NevercIRBuilderAPI, BuildReturn, 224);
OFF(NevercIRBuilderAPI, BuildReturnVoid, 232);
OFF(NevercIRBuilderAPI, CreateFunction, 240);
OFF(NevercIRBuilderAPI, CreateBasicBlock, 248);

SIZE(NevercIRAnalysisAPI, 128);
OFF(NevercIRAnalysisAPI, Header, 0);
OFF(NevercIRAnalysisAPI, Context, 16);
OFF(NevercIRAnalysisAPI, QueryBuiltin, 24);
OFF(NevercIRAnalysisAPI, DominatorTreeDominates, 32);
OFF(NevercIRAnalysisAPI, GetLoopCount, 40);
OFF(NevercIRAnalysisAPI, GetLoopHeader, 48);
OFF(NevercIRAnalysisAPI, GetLoopForBlock, 56);
OFF(NevercIRAnalysisAPI, GetScalarEvolutionConstantTripCount, 64);
OFF(NevercIRAnalysisAPI, GetMemoryAccessKind, 72);
OFF(NevercIRAnalysisAPI, GetDirectCalleeCount, 80);
OFF(NevercIRAnalysisAPI, GetDirectCallee, 88);
OFF(NevercIRAnalysisAPI, Alias, 96);
OFF(NevercIRAnalysisAPI, RegisterAnalysis, 104);
OFF(NevercIRAnalysisAPI, QueryCustom, 112);
OFF(NevercIRAnalysisAPI, GetCustomResultData, 120);

SIZE(NevercIRPassAPI, 32);
OFF(NevercIRPassAPI, Header, 0);
OFF(NevercIRPassAPI, Context, 16);
OFF(NevercIRPassAPI, RegisterPass, 24);

SIZE(NevercIRGenAPI, 64);
OFF(NevercIRGenAPI, Header, 0);
OFF(NevercIRGenAPI, Context, 16);
OFF(NevercIRGenAPI, GetGeneratePhaseInput, 24);
OFF(NevercIRGenAPI, CreateModule, 32);
OFF(NevercIRGenAPI, ImportModule, 40);
OFF(NevercIRGenAPI, PublishModule, 48);
OFF(NevercIRGenAPI, GetModuleArtifactInfo, 56);

SIZE(NevercIROptimizationAPI, 80);
OFF(NevercIROptimizationAPI, Header, 0);
OFF(NevercIROptimizationAPI, Context, 16);
OFF(NevercIROptimizationAPI, GetOptimizationPhaseInput, 24);
OFF(NevercIROptimizationAPI, GetInputModule, 32);
OFF(NevercIROptimizationAPI, CreateModule, 40);
OFF(NevercIROptimizationAPI, ImportModule, 48);
OFF(NevercIROptimizationAPI, PublishModule, 56);
OFF(NevercIROptimizationAPI, GetModuleArtifactInfo, 64);
OFF(NevercIROptimizationAPI, RunBuiltinPipeline, 72);

/* Table sizes are 24 + 8 x slots. */
NEVERC_LAYOUT_ASSERT(sizeof(NevercIRCoreAPI) == 24 + 8 * 99, "NevercIRCoreAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercIRBuilderAPI) == 24 + 8 * 29, "NevercIRBuilderAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercIRAnalysisAPI) == 24 + 8 * 13,
                     "NevercIRAnalysisAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercIRPassAPI) == 24 + 8 * 1, "NevercIRPassAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercIRGenAPI) == 24 + 8 * 5, "NevercIRGenAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercIROptimizationAPI) == 24 + 8 * 7,
                     "NevercIROptimizationAPI slot count");

/* ir.md section 2: interface IDs, versions and stability. */
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_IR_CORE_HIGH == UINT64_C(0x4e43504952430001) &&
                         NEVERC_INTERFACE_IR_CORE_LOW == 1 &&
                         NEVERC_INTERFACE_IR_BUILDER_HIGH == UINT64_C(0x4e43504952420001) &&
                         NEVERC_INTERFACE_IR_BUILDER_LOW == 1 &&
                         NEVERC_INTERFACE_IR_ANALYSIS_HIGH == UINT64_C(0x4e43504952410001) &&
                         NEVERC_INTERFACE_IR_ANALYSIS_LOW == 1 &&
                         NEVERC_INTERFACE_IR_PASS_HIGH == UINT64_C(0x4e43504952500001) &&
                         NEVERC_INTERFACE_IR_PASS_LOW == 1 &&
                         NEVERC_INTERFACE_IR_GEN_HIGH == UINT64_C(0x4e43504952470001) &&
                         NEVERC_INTERFACE_IR_GEN_LOW == 1 &&
                         NEVERC_INTERFACE_IR_OPTIMIZATION_HIGH == UINT64_C(0x4e435049524f0001) &&
                         NEVERC_INTERFACE_IR_OPTIMIZATION_LOW == 1,
                     "IR interface IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_IR_CORE_API_MAJOR == 1 && NEVERC_IR_CORE_API_MINOR == 0 &&
                         NEVERC_IR_BUILDER_API_MAJOR == 1 && NEVERC_IR_BUILDER_API_MINOR == 0 &&
                         NEVERC_IR_ANALYSIS_API_MAJOR == 1 && NEVERC_IR_ANALYSIS_API_MINOR == 0 &&
                         NEVERC_IR_PASS_API_MAJOR == 1 && NEVERC_IR_PASS_API_MINOR == 0 &&
                         NEVERC_IR_GEN_API_MAJOR == 1 && NEVERC_IR_GEN_API_MINOR == 0 &&
                         NEVERC_IR_OPTIMIZATION_API_MAJOR == 1 &&
                         NEVERC_IR_OPTIMIZATION_API_MINOR == 0,
                     "IR API versions");
NEVERC_LAYOUT_ASSERT(NEVERC_IR_CORE_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_IR_BUILDER_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_IR_ANALYSIS_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_IR_PASS_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_IR_GEN_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_IR_OPTIMIZATION_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE,
                     "IR interface stability");
NEVERC_LAYOUT_ASSERT(NEVERC_BUILTIN_IR_PHASE_COUNT == 8, "IR phase count");

/* ir.md sections 3-4.1: scalar widths and the values the layout depends on. */
SIZE(NevercIRValueHandle, 16);
SIZE(NevercIRPassPlanHandle, 16);
SIZE(NevercIROpcode, 4);
SIZE(NevercIRPropertyFlags, 8);
SIZE(NevercIRFastMathFlags, 8);
SIZE(NevercIRPreservedAnalysisFlags, 8);
SIZE(NevercIRAnalysisInvalidationReason, 4);
NEVERC_LAYOUT_ASSERT(NEVERC_IR_OPERAND_VARIADIC == UINT32_C(0xffffffff) &&
                         NEVERC_IR_PRESERVE_ALL == UINT64_C(0x8000000000000000) &&
                         NEVERC_IR_PRESERVE_CFG == 1 && NEVERC_IR_PRESERVE_NONE == 0 &&
                         NEVERC_IR_FAST_MATH_APPROX_FUNC == 64 &&
                         NEVERC_IR_ATOMIC_ORDERING_SEQUENTIALLY_CONSISTENT == 6 &&
                         NEVERC_IR_OPTIMIZATION_OZ == 5 && NEVERC_IR_ALIAS_MUST == 4,
                     "IR header-defined values");

/* ir.md section 4.2: the IR schema. */
NEVERC_LAYOUT_ASSERT(NEVERC_IR_SCHEMA_CAPABILITY_MAJOR == NEVERC_IR_CORE_API_MAJOR &&
                         NEVERC_IR_SCHEMA_CAPABILITY_MINOR == 0,
                     "IR schema capability");
NEVERC_LAYOUT_ASSERT(NEVERC_IR_TYPE_KIND_COUNT == 22 && NEVERC_IR_VALUE_KIND_COUNT == 29 &&
                         NEVERC_IR_OPCODE_COUNT == 67 && NEVERC_IR_PREDICATE_COUNT == 26 &&
                         NEVERC_IR_LINKAGE_COUNT == 11 && NEVERC_IR_VISIBILITY_COUNT == 3 &&
                         NEVERC_IR_CALLING_CONVENTION_COUNT == 21 &&
                         NEVERC_IR_ATTRIBUTE_LOCATION_COUNT == 3 && NEVERC_IR_PROPERTY_COUNT == 23,
                     "IR schema counts");
NEVERC_LAYOUT_ASSERT(NEVERC_IR_TYPE_HALF == 0x41000001 && NEVERC_IR_TYPE_TARGET_EXT == 0x41000016 &&
                         NEVERC_IR_VALUE_FUNCTION == 0x42000001 &&
                         NEVERC_IR_VALUE_INSTRUCTION == 0x4200001d &&
                         NEVERC_IR_OPCODE_RET == 0x43000001 && NEVERC_IR_OPCODE_FREEZE == 0x43000043 &&
                         NEVERC_IR_PREDICATE_FCMP_FALSE == 0x44000001 &&
                         NEVERC_IR_PREDICATE_ICMP_SLE == 0x4400001a &&
                         NEVERC_IR_LINKAGE_COMMON == 0x4500000b &&
                         NEVERC_IR_VISIBILITY_PROTECTED == 0x46000003 &&
                         NEVERC_IR_CALLING_CONVENTION_NEVER_C_CUSTOM == 0x47000015 &&
                         NEVERC_IR_ATTRIBUTE_LOCATION_PARAMETER == 0x48000003 &&
                         NEVERC_IR_PROPERTY_NUSW == 0x49000017,
                     "IR schema IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_IR_PROPERTY_FLAG_NONE == 0 && NEVERC_IR_PROPERTY_FLAG_NAME == 1 &&
                         NEVERC_IR_PROPERTY_FLAG_NUSW == (UINT64_C(1) << 22),
                     "IR property flags");

/* The X-macro tables: row counts, ID sums (ordinals 1..n) and a few columns.
 * The tables are expanded by including the .inc with the macro defined. */
#define NEVERC_LAYOUT_IR_ORD(ID) +(int)((ID)&UINT32_C(0xffffff))
#define NEVERC_IR_SCHEMA_INTERNAL_TYPE(I, S, ID) NEVERC_LAYOUT_IR_ORD(ID)
#define NEVERC_IR_SCHEMA_INTERNAL_VALUE(I, S, ID) NEVERC_LAYOUT_IR_ORD(ID)
#define NEVERC_IR_SCHEMA_INTERNAL_OPCODE(I, S, ID) NEVERC_LAYOUT_IR_ORD(ID)
#define NEVERC_IR_SCHEMA_INTERNAL_PREDICATE(I, S, ID) NEVERC_LAYOUT_IR_ORD(ID)
#define NEVERC_IR_SCHEMA_INTERNAL_LINKAGE(I, S, ID) NEVERC_LAYOUT_IR_ORD(ID)
#define NEVERC_IR_SCHEMA_INTERNAL_VISIBILITY(I, S, ID) NEVERC_LAYOUT_IR_ORD(ID)
#define NEVERC_IR_SCHEMA_INTERNAL_CALLING_CONVENTION(I, S, ID) NEVERC_LAYOUT_IR_ORD(ID)
#define NEVERC_IR_SCHEMA_ATTRIBUTE_LOCATION(I, S, ID) NEVERC_LAYOUT_IR_ORD(ID)
#define NEVERC_IR_SCHEMA_PROPERTY(S, ID, FLAG, VT) NEVERC_LAYOUT_IR_ORD(ID)
enum {
  NevercLayoutIRInternalIDSum = 0
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
NEVERC_LAYOUT_ASSERT(NevercLayoutIRInternalIDSum ==
                         22 * 23 / 2 + 29 * 30 / 2 + 67 * 68 / 2 + 26 * 27 / 2 + 11 * 12 / 2 +
                             3 * 4 / 2 + 21 * 22 / 2 + 3 * 4 / 2 + 23 * 24 / 2,
                     "IR internal/attribute-location/property X-macro rows");

#define NEVERC_IR_SCHEMA_PROPERTY(S, ID, FLAG, VT) | (FLAG)
enum {
  NevercLayoutIRPropertyFlags = (int)(0
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
                                      )
};
NEVERC_LAYOUT_ASSERT(NevercLayoutIRPropertyFlags == (1 << 23) - 1, "IR property flag bits");

/* Rows, terminators, variadic opcodes and summed minimum operands of the
 * opcode table and of the verify table (same rows); opcodes whose result
 * can be named, and void ones. */
#define NEVERC_LAYOUT_IR_OPCODE(S, ID, I, CAT, MIN, MAX, RES, TERM, SE, W, N)          \
  +(1 << 24) + (int)(TERM) * (1 << 16) + ((MAX) == NEVERC_IR_OPERAND_VARIADIC) * (1 << 8) + \
      (int)(MIN)
#define NEVERC_LAYOUT_IR_NAMED(S, ID, I, CAT, MIN, MAX, RES, TERM, SE, W, N)           \
  +(((W)&NEVERC_IR_PROPERTY_FLAG_NAME) != 0) + 100 * ((RES) == NEVERC_IR_RESULT_VOID)
/* One enum: gcc warns on comparing constants of two anonymous enums. */
enum {
#define NEVERC_IR_SCHEMA_OPCODE NEVERC_LAYOUT_IR_OPCODE
  NevercLayoutIROpcodeColumns = 0
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
  ,
#define NEVERC_IR_SCHEMA_VERIFY_OPCODE NEVERC_LAYOUT_IR_OPCODE
  NevercLayoutIRVerifyOpcodeColumns = 0
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
  ,
#define NEVERC_IR_SCHEMA_OPCODE NEVERC_LAYOUT_IR_NAMED
  NevercLayoutIRNamedResults = 0
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
NEVERC_LAYOUT_ASSERT(NevercLayoutIROpcodeColumns == (67 << 24) + (11 << 16) + (13 << 8) + 98,
                     "IR opcode rows: 67, 11 terminators, 13 variadic, 98 minimum operands");
NEVERC_LAYOUT_ASSERT(NevercLayoutIRVerifyOpcodeColumns == NevercLayoutIROpcodeColumns,
                     "IR verify-opcode rows repeat the opcode rows");
NEVERC_LAYOUT_ASSERT(NevercLayoutIRNamedResults == 57 + 100 * 10,
                     "IR opcodes: 57 nameable results, 10 void results");
#undef NEVERC_LAYOUT_IR_ORD
#undef NEVERC_LAYOUT_IR_OPCODE
#undef NEVERC_LAYOUT_IR_NAMED
