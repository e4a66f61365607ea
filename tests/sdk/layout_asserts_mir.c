/*
 * Static layout asserts for PluginMIR.h (shared/spec/mir.md sections 3-8,
 * the d8e95a6d revision): every struct and the union of section 7, every
 * slot of NevercMIRAPI, NevercMIRAnalysisAPI, NevercMIRPassAPI and
 * NevercMIRProviderAPI, the interface IDs, versions and stability, every
 * enum and flag value of section 5, and the schema counts, IDs and X-macro
 * rows of section 6. The spec gives field order and types only; the
 * offsets below were worked out from them under 8-byte packing on LP64,
 * independently of the compiler (the literal Reserved arrays included).
 * Compiles as C11/C23 and as C++17; a layout change makes the compile fail.
 */
#include "layout_asserts.h"

/* mir.md section 7.1: schema and instruction descriptors */
SIZE(NevercMIRSchemaEntry, 48);
ALIGN8(NevercMIRSchemaEntry);
OFF(NevercMIRSchemaEntry, Header, 0);
OFF(NevercMIRSchemaEntry, StableID, 16);
OFF(NevercMIRSchemaEntry, LLVMValue, 20);
OFF(NevercMIRSchemaEntry, RequiresTargetSchema, 24);
OFF(NevercMIRSchemaEntry, Reserved, 28);
OFF(NevercMIRSchemaEntry, CanonicalName, 32);

SIZE(NevercMIRInstructionInfo, 96);
ALIGN8(NevercMIRInstructionInfo);
OFF(NevercMIRInstructionInfo, Header, 0);
OFF(NevercMIRInstructionInfo, StableOpcode, 16);
OFF(NevercMIRInstructionInfo, TargetOpcode, 20);
OFF(NevercMIRInstructionInfo, RequiresTargetSchema, 24);
OFF(NevercMIRInstructionInfo, IsBranch, 28);
OFF(NevercMIRInstructionInfo, IsCall, 32);
OFF(NevercMIRInstructionInfo, IsReturn, 36);
OFF(NevercMIRInstructionInfo, IsTerminator, 40);
OFF(NevercMIRInstructionInfo, IsBarrier, 44);
OFF(NevercMIRInstructionInfo, IsInlineAssembly, 48);
OFF(NevercMIRInstructionInfo, IsDebugInstruction, 52);
OFF(NevercMIRInstructionInfo, IsPseudo, 56);
OFF(NevercMIRInstructionInfo, IsBundle, 60);
OFF(NevercMIRInstructionInfo, Reserved, 64);
OFF(NevercMIRInstructionInfo, Flags, 72);
OFF(NevercMIRInstructionInfo, OperandCount, 80);
OFF(NevercMIRInstructionInfo, MemoryOperandCount, 88);

SIZE(NevercMIRInstructionOpcode, 20);
ALIGN4(NevercMIRInstructionOpcode);
OFF(NevercMIRInstructionOpcode, StableOpcode, 0);
OFF(NevercMIRInstructionOpcode, TargetOpcode, 4);
OFF(NevercMIRInstructionOpcode, RequiresTargetSchema, 8);
OFF(NevercMIRInstructionOpcode, Reserved, 12);

SIZE(NevercMIRDebugLocation, 72);
ALIGN8(NevercMIRDebugLocation);
OFF(NevercMIRDebugLocation, Header, 0);
OFF(NevercMIRDebugLocation, Line, 16);
OFF(NevercMIRDebugLocation, Column, 20);
OFF(NevercMIRDebugLocation, Discriminator, 24);
OFF(NevercMIRDebugLocation, IsImplicitCode, 28);
OFF(NevercMIRDebugLocation, Reserved, 32);
OFF(NevercMIRDebugLocation, Directory, 40);
OFF(NevercMIRDebugLocation, Filename, 56);

/* mir.md section 7.2: operand values; every union member starts at 0 */
SIZE(NevercMIRRegisterValue, 32);
ALIGN8(NevercMIRRegisterValue);
OFF(NevercMIRRegisterValue, Number, 0);
OFF(NevercMIRRegisterValue, SubRegister, 4);
OFF(NevercMIRRegisterValue, Flags, 8);
OFF(NevercMIRRegisterValue, IsPhysical, 16);
OFF(NevercMIRRegisterValue, RequiresTargetSchema, 20);
OFF(NevercMIRRegisterValue, Reserved, 24);

SIZE(NevercMIRIndexOffsetValue, 16);
ALIGN8(NevercMIRIndexOffsetValue);
OFF(NevercMIRIndexOffsetValue, Index, 0);
OFF(NevercMIRIndexOffsetValue, Reserved, 4);
OFF(NevercMIRIndexOffsetValue, Offset, 8);

SIZE(NevercMIRReferenceOffsetValue, 24);
ALIGN8(NevercMIRReferenceOffsetValue);
OFF(NevercMIRReferenceOffsetValue, Reference, 0);
OFF(NevercMIRReferenceOffsetValue, Offset, 16);

SIZE(NevercMIRSymbolOffsetValue, 24);
ALIGN8(NevercMIRSymbolOffsetValue);
OFF(NevercMIRSymbolOffsetValue, Symbol, 0);
OFF(NevercMIRSymbolOffsetValue, Offset, 16);

SIZE(NevercMIRWordView, 24);
ALIGN8(NevercMIRWordView);
OFF(NevercMIRWordView, Data, 0);
OFF(NevercMIRWordView, Count, 8);
OFF(NevercMIRWordView, BitWidth, 16);
OFF(NevercMIRWordView, Semantics, 20);

SIZE(NevercMIRRegisterMaskView, 16);
ALIGN8(NevercMIRRegisterMaskView);
OFF(NevercMIRRegisterMaskView, Data, 0);
OFF(NevercMIRRegisterMaskView, Count, 8);

SIZE(NevercMIRShuffleMaskView, 16);
ALIGN8(NevercMIRShuffleMaskView);
OFF(NevercMIRShuffleMaskView, Data, 0);
OFF(NevercMIRShuffleMaskView, Count, 8);

SIZE(NevercMIRDebugInstructionReference, 8);
ALIGN4(NevercMIRDebugInstructionReference);
OFF(NevercMIRDebugInstructionReference, InstructionIndex, 0);
OFF(NevercMIRDebugInstructionReference, OperandIndex, 4);

SIZE(NevercMIROperandPayload, 32);
ALIGN8(NevercMIROperandPayload);
OFF(NevercMIROperandPayload, Register, 0);
OFF(NevercMIROperandPayload, Immediate, 0);
OFF(NevercMIROperandPayload, Constant, 0);
OFF(NevercMIROperandPayload, BasicBlock, 0);
OFF(NevercMIROperandPayload, IndexOffset, 0);
OFF(NevercMIROperandPayload, ReferenceOffset, 0);
OFF(NevercMIROperandPayload, SymbolOffset, 0);
OFF(NevercMIROperandPayload, RegisterMask, 0);
OFF(NevercMIROperandPayload, Reference, 0);
OFF(NevercMIROperandPayload, UnsignedValue, 0);
OFF(NevercMIROperandPayload, ShuffleMask, 0);
OFF(NevercMIROperandPayload, DebugInstructionReference, 0);

SIZE(NevercMIROperandValue, 56);
ALIGN8(NevercMIROperandValue);
OFF(NevercMIROperandValue, Header, 0);
OFF(NevercMIROperandValue, Kind, 16);
OFF(NevercMIROperandValue, TargetFlags, 20);
OFF(NevercMIROperandValue, Payload, 24);

/* mir.md section 7.3: CFG, registers, liveness */
SIZE(NevercMIRCFGEdge, 24);
ALIGN8(NevercMIRCFGEdge);
OFF(NevercMIRCFGEdge, Block, 0);
OFF(NevercMIRCFGEdge, ProbabilityNumerator, 16);
OFF(NevercMIRCFGEdge, ProbabilityDenominator, 20);

SIZE(NevercMIRLiveIn, 16);
ALIGN8(NevercMIRLiveIn);
OFF(NevercMIRLiveIn, Register, 0);
OFF(NevercMIRLiveIn, Reserved, 4);
OFF(NevercMIRLiveIn, LaneMask, 8);

SIZE(NevercMIRLowLevelType, 28);
ALIGN4(NevercMIRLowLevelType);
OFF(NevercMIRLowLevelType, Kind, 0);
OFF(NevercMIRLowLevelType, ScalarSizeInBits, 4);
OFF(NevercMIRLowLevelType, ElementCount, 8);
OFF(NevercMIRLowLevelType, AddressSpace, 12);
OFF(NevercMIRLowLevelType, IsScalable, 16);
OFF(NevercMIRLowLevelType, Reserved, 20);

SIZE(NevercMIRVirtualRegisterDesc, 56);
ALIGN8(NevercMIRVirtualRegisterDesc);
OFF(NevercMIRVirtualRegisterDesc, Header, 0);
OFF(NevercMIRVirtualRegisterDesc, AssignmentKind, 16);
OFF(NevercMIRVirtualRegisterDesc, TargetID, 20);
OFF(NevercMIRVirtualRegisterDesc, Type, 24);

SIZE(NevercMIRRegisterInfo, 72);
ALIGN8(NevercMIRRegisterInfo);
OFF(NevercMIRRegisterInfo, Header, 0);
OFF(NevercMIRRegisterInfo, Number, 16);
OFF(NevercMIRRegisterInfo, AssignmentKind, 20);
OFF(NevercMIRRegisterInfo, TargetID, 24);
OFF(NevercMIRRegisterInfo, IsPhysical, 28);
OFF(NevercMIRRegisterInfo, RequiresTargetSchema, 32);
OFF(NevercMIRRegisterInfo, Reserved, 36);
OFF(NevercMIRRegisterInfo, Type, 44);

SIZE(NevercMIRFunctionLiveIn, 8);
ALIGN4(NevercMIRFunctionLiveIn);
OFF(NevercMIRFunctionLiveIn, PhysicalRegister, 0);
OFF(NevercMIRFunctionLiveIn, VirtualRegister, 4);

SIZE(NevercMIRLiveRangeSegment, 16);
ALIGN8(NevercMIRLiveRangeSegment);
OFF(NevercMIRLiveRangeSegment, Start, 0);
OFF(NevercMIRLiveRangeSegment, End, 8);

SIZE(NevercMIRRegisterPressureInfo, 32);
ALIGN8(NevercMIRRegisterPressureInfo);
OFF(NevercMIRRegisterPressureInfo, Header, 0);
OFF(NevercMIRRegisterPressureInfo, PressureSet, 16);
OFF(NevercMIRRegisterPressureInfo, Maximum, 20);
OFF(NevercMIRRegisterPressureInfo, Limit, 24);
OFF(NevercMIRRegisterPressureInfo, Reserved, 28);

/* mir.md section 7.4: frame, constants, jump tables, memory operands,
 * properties */
SIZE(NevercMIRFrameObjectInfo, 56);
ALIGN8(NevercMIRFrameObjectInfo);
OFF(NevercMIRFrameObjectInfo, Header, 0);
OFF(NevercMIRFrameObjectInfo, Index, 16);
OFF(NevercMIRFrameObjectInfo, Flags, 20);
OFF(NevercMIRFrameObjectInfo, Size, 24);
OFF(NevercMIRFrameObjectInfo, Offset, 32);
OFF(NevercMIRFrameObjectInfo, Alignment, 40);
OFF(NevercMIRFrameObjectInfo, StackID, 48);
OFF(NevercMIRFrameObjectInfo, Reserved, 52);

SIZE(NevercMIRCalleeSavedInfo, 24);
ALIGN4(NevercMIRCalleeSavedInfo);
OFF(NevercMIRCalleeSavedInfo, Register, 0);
OFF(NevercMIRCalleeSavedInfo, FrameIndex, 4);
OFF(NevercMIRCalleeSavedInfo, DestinationRegister, 8);
OFF(NevercMIRCalleeSavedInfo, IsSpilledToRegister, 12);
OFF(NevercMIRCalleeSavedInfo, IsRestored, 16);
OFF(NevercMIRCalleeSavedInfo, Reserved, 20);

SIZE(NevercMIRConstantPoolEntryInfo, 80);
ALIGN8(NevercMIRConstantPoolEntryInfo);
OFF(NevercMIRConstantPoolEntryInfo, Header, 0);
OFF(NevercMIRConstantPoolEntryInfo, Index, 16);
OFF(NevercMIRConstantPoolEntryInfo, Kind, 20);
OFF(NevercMIRConstantPoolEntryInfo, Alignment, 24);
OFF(NevercMIRConstantPoolEntryInfo, Size, 32);
OFF(NevercMIRConstantPoolEntryInfo, IsMachineSpecific, 40);
OFF(NevercMIRConstantPoolEntryInfo, Reserved, 44);
OFF(NevercMIRConstantPoolEntryInfo, Value, 56);

SIZE(NevercMIRConstantPoolEntryDesc, 56);
ALIGN8(NevercMIRConstantPoolEntryDesc);
OFF(NevercMIRConstantPoolEntryDesc, Header, 0);
OFF(NevercMIRConstantPoolEntryDesc, Kind, 16);
OFF(NevercMIRConstantPoolEntryDesc, Reserved, 20);
OFF(NevercMIRConstantPoolEntryDesc, Alignment, 24);
OFF(NevercMIRConstantPoolEntryDesc, Value, 32);

SIZE(NevercMIRJumpTableInfo, 48);
ALIGN8(NevercMIRJumpTableInfo);
OFF(NevercMIRJumpTableInfo, Header, 0);
OFF(NevercMIRJumpTableInfo, Index, 16);
OFF(NevercMIRJumpTableInfo, EntryKind, 20);
OFF(NevercMIRJumpTableInfo, DestinationCount, 24);
OFF(NevercMIRJumpTableInfo, IsDeleted, 32);
OFF(NevercMIRJumpTableInfo, Reserved, 36);

SIZE(NevercMIRMemoryPointerInfo, 40);
ALIGN8(NevercMIRMemoryPointerInfo);
OFF(NevercMIRMemoryPointerInfo, Kind, 0);
OFF(NevercMIRMemoryPointerInfo, AddressSpace, 4);
OFF(NevercMIRMemoryPointerInfo, FrameIndex, 8);
OFF(NevercMIRMemoryPointerInfo, StackID, 12);
OFF(NevercMIRMemoryPointerInfo, Offset, 16);
OFF(NevercMIRMemoryPointerInfo, Reference, 24);

SIZE(NevercMIRMemoryOperandDesc, 184);
ALIGN8(NevercMIRMemoryOperandDesc);
OFF(NevercMIRMemoryOperandDesc, Header, 0);
OFF(NevercMIRMemoryOperandDesc, Flags, 16);
OFF(NevercMIRMemoryOperandDesc, Size, 24);
OFF(NevercMIRMemoryOperandDesc, BaseAlignment, 32);
OFF(NevercMIRMemoryOperandDesc, Pointer, 40);
OFF(NevercMIRMemoryOperandDesc, SuccessOrdering, 80);
OFF(NevercMIRMemoryOperandDesc, FailureOrdering, 84);
OFF(NevercMIRMemoryOperandDesc, SynchronizationScope, 88);
OFF(NevercMIRMemoryOperandDesc, TBAA, 104);
OFF(NevercMIRMemoryOperandDesc, TBAAStruct, 120);
OFF(NevercMIRMemoryOperandDesc, AliasScope, 136);
OFF(NevercMIRMemoryOperandDesc, NoAlias, 152);
OFF(NevercMIRMemoryOperandDesc, Ranges, 168);

SIZE(NevercMIRMemoryOperandInfo, 192);
ALIGN8(NevercMIRMemoryOperandInfo);
OFF(NevercMIRMemoryOperandInfo, Header, 0);
OFF(NevercMIRMemoryOperandInfo, Flags, 16);
OFF(NevercMIRMemoryOperandInfo, Size, 24);
OFF(NevercMIRMemoryOperandInfo, BaseAlignment, 32);
OFF(NevercMIRMemoryOperandInfo, Alignment, 40);
OFF(NevercMIRMemoryOperandInfo, Pointer, 48);
OFF(NevercMIRMemoryOperandInfo, SuccessOrdering, 88);
OFF(NevercMIRMemoryOperandInfo, FailureOrdering, 92);
OFF(NevercMIRMemoryOperandInfo, SynchronizationScope, 96);
OFF(NevercMIRMemoryOperandInfo, TBAA, 112);
OFF(NevercMIRMemoryOperandInfo, TBAAStruct, 128);
OFF(NevercMIRMemoryOperandInfo, AliasScope, 144);
OFF(NevercMIRMemoryOperandInfo, NoAlias, 160);
OFF(NevercMIRMemoryOperandInfo, Ranges, 176);

SIZE(NevercMIRPropertyProof, 40);
ALIGN8(NevercMIRPropertyProof);
OFF(NevercMIRPropertyProof, Header, 0);
OFF(NevercMIRPropertyProof, Property, 16);
OFF(NevercMIRPropertyProof, Kind, 20);
OFF(NevercMIRPropertyProof, Value, 24);
OFF(NevercMIRPropertyProof, Reserved, 28);

/* mir.md section 7.5: passes */
SIZE(NevercMIRPassInvocation, 152);
ALIGN8(NevercMIRPassInvocation);
OFF(NevercMIRPassInvocation, Header, 0);
OFF(NevercMIRPassInvocation, Task, 16);
OFF(NevercMIRPassInvocation, Phase, 32);
OFF(NevercMIRPassInvocation, PassID, 48);
OFF(NevercMIRPassInvocation, Level, 64);
OFF(NevercMIRPassInvocation, Reserved, 68);
OFF(NevercMIRPassInvocation, Function, 72);
OFF(NevercMIRPassInvocation, BasicBlock, 88);
OFF(NevercMIRPassInvocation, Core, 104);
OFF(NevercMIRPassInvocation, Analyses, 112);
OFF(NevercMIRPassInvocation, TargetSchemaDigest, 120);
OFF(NevercMIRPassInvocation, ReservedWords, 136);

SIZE(NevercMIRPreservedAnalyses, 56);
ALIGN8(NevercMIRPreservedAnalyses);
OFF(NevercMIRPreservedAnalyses, Header, 0);
OFF(NevercMIRPreservedAnalyses, Flags, 16);
OFF(NevercMIRPreservedAnalyses, Analyses, 24);
OFF(NevercMIRPreservedAnalyses, AnalysisCount, 32);
OFF(NevercMIRPreservedAnalyses, Reserved, 40);

SIZE(NevercMIRPassDescriptor, 136);
ALIGN8(NevercMIRPassDescriptor);
OFF(NevercMIRPassDescriptor, Header, 0);
OFF(NevercMIRPassDescriptor, PassID, 16);
OFF(NevercMIRPassDescriptor, Phase, 32);
OFF(NevercMIRPassDescriptor, Level, 48);
OFF(NevercMIRPassDescriptor, Deterministic, 52);
OFF(NevercMIRPassDescriptor, Reserved, 56);
OFF(NevercMIRPassDescriptor, RequiredAnalyses, 64);
OFF(NevercMIRPassDescriptor, RequiredAnalysisCount, 72);
OFF(NevercMIRPassDescriptor, PreservedAnalyses, 80);
OFF(NevercMIRPassDescriptor, PreservedAnalysisCount, 88);
OFF(NevercMIRPassDescriptor, RequiredTargetSchemaDigest, 96);
OFF(NevercMIRPassDescriptor, Run, 112);
OFF(NevercMIRPassDescriptor, UserData, 120);
OFF(NevercMIRPassDescriptor, DestroyUserData, 128);

/* mir.md section 7.6: IR -> MIR provider */
SIZE(NevercIRToMIRInputInfo, 96);
ALIGN8(NevercIRToMIRInputInfo);
OFF(NevercIRToMIRInputInfo, Header, 0);
OFF(NevercIRToMIRInputInfo, Module, 16);
OFF(NevercIRToMIRInputInfo, IR, 32);
OFF(NevercIRToMIRInputInfo, TargetID, 40);
OFF(NevercIRToMIRInputInfo, CompatibilityKey, 56);
OFF(NevercIRToMIRInputInfo, TargetSchemaDigest, 72);
OFF(NevercIRToMIRInputInfo, DefinedFunctionCount, 88);

SIZE(NevercMIRModuleCoverageDescriptor, 40);
ALIGN8(NevercMIRModuleCoverageDescriptor);
OFF(NevercMIRModuleCoverageDescriptor, Header, 0);
OFF(NevercMIRModuleCoverageDescriptor, HandlesGlobals, 16);
OFF(NevercMIRModuleCoverageDescriptor, HandlesConstructors, 20);
OFF(NevercMIRModuleCoverageDescriptor, HandlesDebugInfo, 24);
OFF(NevercMIRModuleCoverageDescriptor, HandlesUnwind, 28);
OFF(NevercMIRModuleCoverageDescriptor, Reserved, 32);

/* mir.md section 8: the four tables, slots in order */
SIZE(NevercMIRAPI, 736);
OFF(NevercMIRAPI, Header, 0);
OFF(NevercMIRAPI, Context, 16);
OFF(NevercMIRAPI, GetSchemaDigest, 24);
OFF(NevercMIRAPI, GetEntityInfo, 32);
OFF(NevercMIRAPI, GetOperandKindInfo, 40);
OFF(NevercMIRAPI, GetGenericOpcodeInfo, 48);
OFF(NevercMIRAPI, GetMachinePropertyInfo, 56);
OFF(NevercMIRAPI, BeginMutation, 64);
OFF(NevercMIRAPI, EndMutation, 72);
OFF(NevercMIRAPI, CommitMutation, 80);
OFF(NevercMIRAPI, AbortMutation, 88);
OFF(NevercMIRAPI, GetMachineFunctionGeneration, 96);
OFF(NevercMIRAPI, GetBasicBlockCount, 104);
OFF(NevercMIRAPI, GetFirstBasicBlock, 112);
OFF(NevercMIRAPI, GetLastBasicBlock, 120);
OFF(NevercMIRAPI, GetNextBasicBlock, 128);
OFF(NevercMIRAPI, GetPreviousBasicBlock, 136);
OFF(NevercMIRAPI, CollectBasicBlocks, 144);
OFF(NevercMIRAPI, GetBasicBlockNumber, 152);
OFF(NevercMIRAPI, GetBasicBlockFunction, 160);
OFF(NevercMIRAPI, GetInstructionCount, 168);
OFF(NevercMIRAPI, GetFirstInstruction, 176);
OFF(NevercMIRAPI, GetLastInstruction, 184);
OFF(NevercMIRAPI, GetNextInstruction, 192);
OFF(NevercMIRAPI, GetPreviousInstruction, 200);
OFF(NevercMIRAPI, CollectInstructions, 208);
OFF(NevercMIRAPI, GetInstructionInfo, 216);
OFF(NevercMIRAPI, GetInstructionBasicBlock, 224);
OFF(NevercMIRAPI, GetInstructionDebugLocation, 232);
OFF(NevercMIRAPI, SetInstructionFlags, 240);
OFF(NevercMIRAPI, GetInstructionOperand, 248);
OFF(NevercMIRAPI, GetOperandValue, 256);
OFF(NevercMIRAPI, GetOperandInstruction, 264);
OFF(NevercMIRAPI, SetOperandValue, 272);
OFF(NevercMIRAPI, GetSuccessorCount, 280);
OFF(NevercMIRAPI, GetSuccessor, 288);
OFF(NevercMIRAPI, GetPredecessorCount, 296);
OFF(NevercMIRAPI, GetPredecessor, 304);
OFF(NevercMIRAPI, GetLiveInCount, 312);
OFF(NevercMIRAPI, GetLiveIn, 320);
OFF(NevercMIRAPI, CreateBasicBlock, 328);
OFF(NevercMIRAPI, MoveBasicBlock, 336);
OFF(NevercMIRAPI, EraseBasicBlock, 344);
OFF(NevercMIRAPI, CreateInstruction, 352);
OFF(NevercMIRAPI, MoveInstruction, 360);
OFF(NevercMIRAPI, EraseInstruction, 368);
OFF(NevercMIRAPI, AppendOperand, 376);
OFF(NevercMIRAPI, AddCFGEdge, 384);
OFF(NevercMIRAPI, RemoveCFGEdge, 392);
OFF(NevercMIRAPI, CreateVirtualRegister, 400);
OFF(NevercMIRAPI, GetRegisterInfo, 408);
OFF(NevercMIRAPI, SetVirtualRegisterAssignment, 416);
OFF(NevercMIRAPI, GetRegisterDefCount, 424);
OFF(NevercMIRAPI, GetRegisterDef, 432);
OFF(NevercMIRAPI, GetRegisterUseCount, 440);
OFF(NevercMIRAPI, GetRegisterUse, 448);
OFF(NevercMIRAPI, ReplaceRegister, 456);
OFF(NevercMIRAPI, GetFunctionLiveInCount, 464);
OFF(NevercMIRAPI, GetFunctionLiveIn, 472);
OFF(NevercMIRAPI, AddFunctionLiveIn, 480);
OFF(NevercMIRAPI, RemoveFunctionLiveIn, 488);
OFF(NevercMIRAPI, AddBasicBlockLiveIn, 496);
OFF(NevercMIRAPI, RemoveBasicBlockLiveIn, 504);
OFF(NevercMIRAPI, GetFrameObjectCount, 512);
OFF(NevercMIRAPI, GetFrameObject, 520);
OFF(NevercMIRAPI, GetFrameObjectByIndex, 528);
OFF(NevercMIRAPI, CreateStackObject, 536);
OFF(NevercMIRAPI, CreateFixedStackObject, 544);
OFF(NevercMIRAPI, CreateVariableSizedStackObject, 552);
OFF(NevercMIRAPI, SetFrameObjectSize, 560);
OFF(NevercMIRAPI, SetFrameObjectAlignment, 568);
OFF(NevercMIRAPI, SetFrameObjectOffset, 576);
OFF(NevercMIRAPI, GetCalleeSavedCount, 584);
OFF(NevercMIRAPI, GetCalleeSaved, 592);
OFF(NevercMIRAPI, SetCalleeSaved, 600);
OFF(NevercMIRAPI, GetConstantPoolCount, 608);
OFF(NevercMIRAPI, GetConstantPoolEntry, 616);
OFF(NevercMIRAPI, CreateConstantPoolEntry, 624);
OFF(NevercMIRAPI, RemoveConstantPoolEntry, 632);
OFF(NevercMIRAPI, GetJumpTableCount, 640);
OFF(NevercMIRAPI, GetJumpTable, 648);
OFF(NevercMIRAPI, GetJumpTableDestination, 656);
OFF(NevercMIRAPI, CreateJumpTable, 664);
OFF(NevercMIRAPI, RemoveJumpTable, 672);
OFF(NevercMIRAPI, GetInstructionMemoryOperand, 680);
OFF(NevercMIRAPI, GetMemoryOperandInfo, 688);
OFF(NevercMIRAPI, CreateMemoryOperand, 696);
OFF(NevercMIRAPI, AddInstructionMemoryOperand, 704);
OFF(NevercMIRAPI, RemoveInstructionMemoryOperand, 712);
OFF(NevercMIRAPI, GetMachineProperty, 720);
OFF(NevercMIRAPI, SetMachinePropertyWithProof, 728);

SIZE(NevercMIRAnalysisAPI, 112);
OFF(NevercMIRAnalysisAPI, Header, 0);
OFF(NevercMIRAnalysisAPI, Context, 16);
OFF(NevercMIRAnalysisAPI, QueryBuiltin, 24);
OFF(NevercMIRAnalysisAPI, DominatorTreeDominates, 32);
OFF(NevercMIRAnalysisAPI, GetLoopCount, 40);
OFF(NevercMIRAnalysisAPI, GetLoopHeader, 48);
OFF(NevercMIRAnalysisAPI, GetLoopForBlock, 56);
OFF(NevercMIRAnalysisAPI, GetSlotIndex, 64);
OFF(NevercMIRAnalysisAPI, GetLiveIntervalSegmentCount, 72);
OFF(NevercMIRAnalysisAPI, GetLiveIntervalSegment, 80);
OFF(NevercMIRAnalysisAPI, IsRegisterLiveInBlock, 88);
OFF(NevercMIRAnalysisAPI, GetRegisterPressureSetCount, 96);
OFF(NevercMIRAnalysisAPI, GetRegisterPressure, 104);

SIZE(NevercMIRPassAPI, 32);
OFF(NevercMIRPassAPI, Header, 0);
OFF(NevercMIRPassAPI, Context, 16);
OFF(NevercMIRPassAPI, RegisterPass, 24);

SIZE(NevercMIRProviderAPI, 48);
OFF(NevercMIRProviderAPI, Header, 0);
OFF(NevercMIRProviderAPI, Context, 16);
OFF(NevercMIRProviderAPI, GetIRToMIRInput, 24);
OFF(NevercMIRProviderAPI, GetOrCreateMachineFunction, 32);
OFF(NevercMIRProviderAPI, PublishMIRModule, 40);

/* Table sizes are 24 + 8 x slots. */
NEVERC_LAYOUT_ASSERT(sizeof(NevercMIRAPI) == 24 + 8 * 89, "NevercMIRAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercMIRAnalysisAPI) == 24 + 8 * 11,
                     "NevercMIRAnalysisAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercMIRPassAPI) == 24 + 8 * 1, "NevercMIRPassAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercMIRProviderAPI) == 24 + 8 * 3,
                     "NevercMIRProviderAPI slot count");

/* mir.md section 3: interface IDs, versions and stability. */
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_MIR_HIGH == UINT64_C(0x4e43504d49520001) &&
                         NEVERC_INTERFACE_MIR_LOW == 1 &&
                         NEVERC_INTERFACE_MIR_ANALYSIS_HIGH == UINT64_C(0x4e43504d49524101) &&
                         NEVERC_INTERFACE_MIR_ANALYSIS_LOW == 1 &&
                         NEVERC_INTERFACE_MIR_PASS_HIGH == UINT64_C(0x4e43504d49525001) &&
                         NEVERC_INTERFACE_MIR_PASS_LOW == 1 &&
                         NEVERC_INTERFACE_MIR_PROVIDER_HIGH == UINT64_C(0x4e43504d49525002) &&
                         NEVERC_INTERFACE_MIR_PROVIDER_LOW == 1,
                     "MIR interface IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_API_MAJOR == 1 && NEVERC_MIR_API_MINOR == 0 &&
                         NEVERC_MIR_ANALYSIS_API_MAJOR == 1 && NEVERC_MIR_ANALYSIS_API_MINOR == 0 &&
                         NEVERC_MIR_PASS_API_MAJOR == 1 && NEVERC_MIR_PASS_API_MINOR == 0 &&
                         NEVERC_MIR_PROVIDER_API_MAJOR == 1 && NEVERC_MIR_PROVIDER_API_MINOR == 0,
                     "MIR API versions");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_MIR_ANALYSIS_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_MIR_PASS_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_MIR_PROVIDER_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE,
                     "MIR interface stability");
NEVERC_LAYOUT_ASSERT(NEVERC_BUILTIN_MIR_PHASE_COUNT == 10, "MIR phase count");

/* mir.md section 4: handles and scalar widths. */
SIZE(NevercMIRModuleHandle, 16);
SIZE(NevercMachineFunctionHandle, 16);
SIZE(NevercMachineBasicBlockHandle, 16);
SIZE(NevercMachineInstrHandle, 16);
SIZE(NevercMachineOperandHandle, 16);
SIZE(NevercMIRBuilderHandle, 16);
SIZE(NevercMIRMutationHandle, 16);
SIZE(NevercMIRAnalysisResultHandle, 16);
SIZE(NevercMIRReferenceHandle, 16);
SIZE(NevercMachineMemOperandHandle, 16);
SIZE(NevercMIREntityKind, 4);
SIZE(NevercMIROperandKind, 4);
SIZE(NevercMIRGenericOpcode, 4);
SIZE(NevercMIRMachineProperty, 4);
SIZE(NevercMIRLowLevelTypeKind, 4);
SIZE(NevercMIRRegisterAssignmentKind, 4);
SIZE(NevercMIRFrameObjectFlags, 4);
SIZE(NevercMIRConstantKind, 4);
SIZE(NevercMIRJumpTableEntryKind, 4);
SIZE(NevercMIRMemoryPointerKind, 4);
SIZE(NevercMIRAtomicOrdering, 4);
SIZE(NevercMIRBuiltinAnalysis, 4);
SIZE(NevercMIRPassLevel, 4);
SIZE(NevercMIRPropertyProofKind, 4);
SIZE(NevercMIRInstructionFlags, 8);
SIZE(NevercMIRRegisterFlags, 8);
SIZE(NevercMIRMemoryFlags, 8);
SIZE(NevercMIRPreservedAnalysisFlags, 8);

/* mir.md section 5: every value, and the width of its macros. */
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_INSTR_FLAG_FRAME_SETUP == 1 &&
                         NEVERC_MIR_INSTR_FLAG_FRAME_DESTROY == 2 &&
                         NEVERC_MIR_INSTR_FLAG_BUNDLED_PRED == 4 &&
                         NEVERC_MIR_INSTR_FLAG_BUNDLED_SUCC == 8 &&
                         NEVERC_MIR_INSTR_FLAG_FM_NO_NANS == 16 &&
                         NEVERC_MIR_INSTR_FLAG_FM_NO_INFS == 32 &&
                         NEVERC_MIR_INSTR_FLAG_FM_NSZ == 64 &&
                         NEVERC_MIR_INSTR_FLAG_FM_ARCP == 128 &&
                         NEVERC_MIR_INSTR_FLAG_FM_CONTRACT == 256 &&
                         NEVERC_MIR_INSTR_FLAG_FM_AFN == (UINT64_C(1) << 9) &&
                         NEVERC_MIR_INSTR_FLAG_FM_REASSOC == (UINT64_C(1) << 10) &&
                         NEVERC_MIR_INSTR_FLAG_NO_U_WRAP == (UINT64_C(1) << 11) &&
                         NEVERC_MIR_INSTR_FLAG_NO_S_WRAP == (UINT64_C(1) << 12) &&
                         NEVERC_MIR_INSTR_FLAG_EXACT == (UINT64_C(1) << 13) &&
                         NEVERC_MIR_INSTR_FLAG_NO_FP_EXCEPT == (UINT64_C(1) << 14) &&
                         NEVERC_MIR_INSTR_FLAG_NO_MERGE == (UINT64_C(1) << 15) &&
                         NEVERC_MIR_INSTR_FLAG_UNPREDICTABLE == (UINT64_C(1) << 16) &&
                         NEVERC_MIR_INSTR_FLAG_NO_CONVERGENT == (UINT64_C(1) << 17) &&
                         sizeof(NEVERC_MIR_INSTR_FLAG_FRAME_SETUP) == 8,
                     "MIR instruction flags");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_REG_FLAG_DEF == 1 && NEVERC_MIR_REG_FLAG_IMPLICIT == 2 &&
                         NEVERC_MIR_REG_FLAG_KILL == 4 && NEVERC_MIR_REG_FLAG_DEAD == 8 &&
                         NEVERC_MIR_REG_FLAG_UNDEF == 16 &&
                         NEVERC_MIR_REG_FLAG_EARLY_CLOBBER == 32 &&
                         NEVERC_MIR_REG_FLAG_RENAMABLE == 64 &&
                         NEVERC_MIR_REG_FLAG_INTERNAL_READ == 128 &&
                         NEVERC_MIR_REG_FLAG_DEBUG == 256 &&
                         sizeof(NEVERC_MIR_REG_FLAG_DEF) == 8,
                     "MIR register operand flags");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_FLOAT_SEMANTICS_IEEE_HALF == 1 &&
                         NEVERC_MIR_FLOAT_SEMANTICS_BFLOAT == 2 &&
                         NEVERC_MIR_FLOAT_SEMANTICS_IEEE_SINGLE == 3 &&
                         NEVERC_MIR_FLOAT_SEMANTICS_IEEE_DOUBLE == 4 &&
                         NEVERC_MIR_FLOAT_SEMANTICS_X87_DOUBLE_EXTENDED == 5 &&
                         NEVERC_MIR_FLOAT_SEMANTICS_IEEE_QUAD == 6 &&
                         NEVERC_MIR_FLOAT_SEMANTICS_PPC_DOUBLE_DOUBLE == 7 &&
                         sizeof(NEVERC_MIR_FLOAT_SEMANTICS_IEEE_HALF) == 4,
                     "MIR float semantics");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_LLT_INVALID == 0 && NEVERC_MIR_LLT_SCALAR == 1 &&
                         NEVERC_MIR_LLT_POINTER == 2 && NEVERC_MIR_LLT_VECTOR == 3 &&
                         NEVERC_MIR_LLT_POINTER_VECTOR == 4 &&
                         sizeof(NEVERC_MIR_LLT_INVALID) == 4,
                     "MIR low-level type kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_REG_ASSIGNMENT_NONE == 0 &&
                         NEVERC_MIR_REG_ASSIGNMENT_GENERIC == 1 &&
                         NEVERC_MIR_REG_ASSIGNMENT_CLASS == 2 &&
                         NEVERC_MIR_REG_ASSIGNMENT_BANK == 3 &&
                         sizeof(NEVERC_MIR_REG_ASSIGNMENT_NONE) == 4,
                     "MIR register assignment kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_FRAME_FIXED == 1 && NEVERC_MIR_FRAME_SPILL_SLOT == 2 &&
                         NEVERC_MIR_FRAME_VARIABLE_SIZED == 4 &&
                         NEVERC_MIR_FRAME_IMMUTABLE == 8 && NEVERC_MIR_FRAME_ALIASED == 16 &&
                         NEVERC_MIR_FRAME_DEAD == 32 && NEVERC_MIR_FRAME_PREALLOCATED == 64 &&
                         sizeof(NEVERC_MIR_FRAME_FIXED) == 4,
                     "MIR frame object flags");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_CONSTANT_UNKNOWN == 0 && NEVERC_MIR_CONSTANT_INTEGER == 1 &&
                         NEVERC_MIR_CONSTANT_FLOAT == 2 &&
                         sizeof(NEVERC_MIR_CONSTANT_UNKNOWN) == 4,
                     "MIR constant-pool kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_JT_BLOCK_ADDRESS == 1 &&
                         NEVERC_MIR_JT_GP_REL64_BLOCK_ADDRESS == 2 &&
                         NEVERC_MIR_JT_GP_REL32_BLOCK_ADDRESS == 3 &&
                         NEVERC_MIR_JT_LABEL_DIFFERENCE32 == 4 &&
                         NEVERC_MIR_JT_LABEL_DIFFERENCE64 == 5 && NEVERC_MIR_JT_INLINE == 6 &&
                         NEVERC_MIR_JT_CUSTOM32 == 7 &&
                         sizeof(NEVERC_MIR_JT_BLOCK_ADDRESS) == 4,
                     "MIR jump-table entry kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_MEMORY_LOAD == 1 && NEVERC_MIR_MEMORY_STORE == 2 &&
                         NEVERC_MIR_MEMORY_VOLATILE == 4 && NEVERC_MIR_MEMORY_NON_TEMPORAL == 8 &&
                         NEVERC_MIR_MEMORY_DEREFERENCEABLE == 16 &&
                         NEVERC_MIR_MEMORY_INVARIANT == 32 &&
                         NEVERC_MIR_MEMORY_TARGET_FLAG1 == (UINT64_C(1) << 16) &&
                         NEVERC_MIR_MEMORY_TARGET_FLAG2 == (UINT64_C(1) << 17) &&
                         NEVERC_MIR_MEMORY_TARGET_FLAG3 == (UINT64_C(1) << 18) &&
                         sizeof(NEVERC_MIR_MEMORY_LOAD) == 8,
                     "MIR memory flags");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_MEMORY_POINTER_UNKNOWN == 0 &&
                         NEVERC_MIR_MEMORY_POINTER_IR_VALUE == 1 &&
                         NEVERC_MIR_MEMORY_POINTER_FIXED_STACK == 2 &&
                         NEVERC_MIR_MEMORY_POINTER_STACK == 3 &&
                         NEVERC_MIR_MEMORY_POINTER_CONSTANT_POOL == 4 &&
                         NEVERC_MIR_MEMORY_POINTER_JUMP_TABLE == 5 &&
                         NEVERC_MIR_MEMORY_POINTER_GOT == 6 &&
                         NEVERC_MIR_MEMORY_POINTER_UNKNOWN_STACK == 7 &&
                         NEVERC_MIR_MEMORY_POINTER_TARGET_CUSTOM == 8 &&
                         sizeof(NEVERC_MIR_MEMORY_POINTER_UNKNOWN) == 4,
                     "MIR memory pointer kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_ATOMIC_NOT_ATOMIC == 0 && NEVERC_MIR_ATOMIC_UNORDERED == 1 &&
                         NEVERC_MIR_ATOMIC_MONOTONIC == 2 && NEVERC_MIR_ATOMIC_ACQUIRE == 3 &&
                         NEVERC_MIR_ATOMIC_RELEASE == 4 &&
                         NEVERC_MIR_ATOMIC_ACQUIRE_RELEASE == 5 &&
                         NEVERC_MIR_ATOMIC_SEQUENTIALLY_CONSISTENT == 6 &&
                         sizeof(NEVERC_MIR_ATOMIC_NOT_ATOMIC) == 4,
                     "MIR atomic orderings");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_ANALYSIS_LIVE_INTERVALS == 1 &&
                         NEVERC_MIR_ANALYSIS_LIVE_VARIABLES == 2 &&
                         NEVERC_MIR_ANALYSIS_SLOT_INDEXES == 3 &&
                         NEVERC_MIR_ANALYSIS_DOMINATOR_TREE == 4 &&
                         NEVERC_MIR_ANALYSIS_LOOP_INFO == 5 &&
                         NEVERC_MIR_ANALYSIS_REGISTER_PRESSURE == 6 &&
                         sizeof(NEVERC_MIR_ANALYSIS_LIVE_INTERVALS) == 4,
                     "MIR built-in analyses");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_PASS_LEVEL_MODULE == 1 && NEVERC_MIR_PASS_LEVEL_FUNCTION == 2 &&
                         NEVERC_MIR_PASS_LEVEL_BASIC_BLOCK == 3 &&
                         sizeof(NEVERC_MIR_PASS_LEVEL_MODULE) == 4,
                     "MIR pass levels");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_PROPERTY_PROOF_INVALIDATION == 1 &&
                         NEVERC_MIR_PROPERTY_PROOF_STRUCTURAL_CHECK == 2 &&
                         sizeof(NEVERC_MIR_PROPERTY_PROOF_INVALIDATION) == 4,
                     "MIR property proof kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_PRESERVE_NONE == 0 && NEVERC_MIR_PRESERVE_CFG == 1 &&
                         NEVERC_MIR_PRESERVE_ALL == (UINT64_C(1) << 63) &&
                         sizeof(NEVERC_MIR_PRESERVE_NONE) == 8,
                     "MIR preserved-analysis flags");

/* mir.md section 6: the MIR schema (Schema/PluginMIRSchema.inc). */
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_SCHEMA_CAPABILITY_MAJOR == NEVERC_MIR_API_MAJOR &&
                         NEVERC_MIR_SCHEMA_CAPABILITY_MINOR == 0,
                     "MIR schema capability");
NEVERC_LAYOUT_ASSERT(sizeof(NEVERC_MIR_SCHEMA_DIGEST) == 64 + 1,
                     "MIR schema digest: 64 hex digits");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_ENTITY_COUNT == 4 && NEVERC_MIR_OPERAND_COUNT == 21 &&
                         NEVERC_MIR_GENERIC_OPCODE_COUNT == 266 && NEVERC_MIR_PROPERTY_COUNT == 11,
                     "MIR schema counts");
NEVERC_LAYOUT_ASSERT(NEVERC_MIR_ENTITY_MACHINE_FUNCTION == 0x51000001 &&
                         NEVERC_MIR_ENTITY_MACHINE_OPERAND == 0x51000004 &&
                         NEVERC_MIR_OPERAND_REGISTER == 0x52000001 &&
                         NEVERC_MIR_OPERAND_FP_IMMEDIATE == 0x52000004 &&
                         NEVERC_MIR_OPERAND_DBG_INSTR_REF == 0x52000015 &&
                         NEVERC_MIR_GENERIC_OPCODE_PHI == 0x53000001 &&
                         NEVERC_MIR_GENERIC_OPCODE_COPY == 0x53000013 &&
                         NEVERC_MIR_GENERIC_OPCODE_G_UBFX == 0x5300010a &&
                         NEVERC_MIR_PROPERTY_IS_SSA == 0x54000001 &&
                         NEVERC_MIR_PROPERTY_NO_PH_IS == 0x54000002 &&
                         NEVERC_MIR_PROPERTY_TRACKS_DEBUG_USER_VALUES == 0x5400000b,
                     "MIR schema IDs");

/* The X-macro tables: the ID ordinals of each sum to 1 + ... + n (as when
 * every ID of the table has its row once), and no generic opcode needs a
 * target schema. The tables are expanded by including the .inc with the
 * macro defined. */
#define NEVERC_LAYOUT_MIR_ORD(ID) +(int)((ID)&UINT32_C(0xffffff))
#define NEVERC_MIR_SCHEMA_ENTITY(I, S, ID, V, N) NEVERC_LAYOUT_MIR_ORD(ID)
#define NEVERC_MIR_SCHEMA_OPERAND(I, S, ID, V, N) NEVERC_LAYOUT_MIR_ORD(ID)
#define NEVERC_MIR_SCHEMA_GENERIC_OPCODE(I, S, ID, V, N, R) NEVERC_LAYOUT_MIR_ORD(ID)
#define NEVERC_MIR_SCHEMA_PROPERTY(I, S, ID, V, N) NEVERC_LAYOUT_MIR_ORD(ID)
/* One enum: gcc warns on comparing constants of two anonymous enums. */
enum {
  NevercLayoutMIRIDSum = 0
#include "neverc/Plugin/Schema/PluginMIRSchema.inc"
  ,
#define NEVERC_MIR_SCHEMA_GENERIC_OPCODE(I, S, ID, V, N, R) +(1 << 16) + (int)(R)
  NevercLayoutMIRTargetOpcodes = 0
#include "neverc/Plugin/Schema/PluginMIRSchema.inc"
};
NEVERC_LAYOUT_ASSERT(NevercLayoutMIRIDSum ==
                         4 * 5 / 2 + 21 * 22 / 2 + 266 * 267 / 2 + 11 * 12 / 2,
                     "MIR entity/operand/opcode/property X-macro rows");
NEVERC_LAYOUT_ASSERT(NevercLayoutMIRTargetOpcodes == 266 << 16,
                     "MIR generic opcodes: 266 rows, none requires a target schema");
#undef NEVERC_LAYOUT_MIR_ORD
