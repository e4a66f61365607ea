/*
 * Static layout asserts for PluginMC.h (shared/spec/target-mc-object.md
 * sections 1.5, 2 and 5, the d8e95a6d revision): every struct and the
 * operand payload union of section 5.4, every slot of NevercMCAPI,
 * NevercMCEmissionAPI, NevercMCProviderAPI and NevercAssemblyProviderAPI
 * and of the two sink tables, the interface IDs, versions and stability,
 * the artifact IDs, every enum and flag value of section 5.2, and the
 * schema capability, digest, counts, IDs and X-macro rows of section 5.3.
 * The spec gives field order and types only; the offsets below were worked
 * out from them under 8-byte packing on LP64, independently of the
 * compiler (NevercBool is 4 bytes, a handle 16). Compiles as C11/C23 and
 * as C++17; a layout change makes the compile fail.
 */
#include "layout_asserts.h"

/* target-mc-object.md section 5.4: target schemas, the MC unit and its descriptors */
SIZE(NevercMCSchemaValueDescriptor, 48);
ALIGN8(NevercMCSchemaValueDescriptor);
OFF(NevercMCSchemaValueDescriptor, Header, 0);
OFF(NevercMCSchemaValueDescriptor, StableID, 16);
OFF(NevercMCSchemaValueDescriptor, BackendValue, 20);
OFF(NevercMCSchemaValueDescriptor, CanonicalName, 24);
OFF(NevercMCSchemaValueDescriptor, Flags, 40);

SIZE(NevercMCSchemaDescriptor, 224);
ALIGN8(NevercMCSchemaDescriptor);
OFF(NevercMCSchemaDescriptor, Header, 0);
OFF(NevercMCSchemaDescriptor, SchemaID, 16);
OFF(NevercMCSchemaDescriptor, TargetID, 32);
OFF(NevercMCSchemaDescriptor, CanonicalName, 48);
OFF(NevercMCSchemaDescriptor, Digest, 64);
OFF(NevercMCSchemaDescriptor, Opcodes, 80);
OFF(NevercMCSchemaDescriptor, Registers, 104);
OFF(NevercMCSchemaDescriptor, OperandKinds, 128);
OFF(NevercMCSchemaDescriptor, Relocations, 152);
OFF(NevercMCSchemaDescriptor, Variants, 176);
OFF(NevercMCSchemaDescriptor, Flags, 200);
OFF(NevercMCSchemaDescriptor, UserData, 208);
OFF(NevercMCSchemaDescriptor, DestroyUserData, 216);

SIZE(NevercMCSchemaTokenInfo, 72);
ALIGN8(NevercMCSchemaTokenInfo);
OFF(NevercMCSchemaTokenInfo, Header, 0);
OFF(NevercMCSchemaTokenInfo, SchemaID, 16);
OFF(NevercMCSchemaTokenInfo, TargetID, 32);
OFF(NevercMCSchemaTokenInfo, Digest, 48);
OFF(NevercMCSchemaTokenInfo, UnitGeneration, 64);

SIZE(NevercMCUnitInfo, 104);
ALIGN8(NevercMCUnitInfo);
OFF(NevercMCUnitInfo, Header, 0);
OFF(NevercMCUnitInfo, TargetID, 16);
OFF(NevercMCUnitInfo, TargetSchemaDigest, 32);
OFF(NevercMCUnitInfo, Generation, 48);
OFF(NevercMCUnitInfo, SectionCount, 56);
OFF(NevercMCUnitInfo, SymbolCount, 64);
OFF(NevercMCUnitInfo, ExpressionCount, 72);
OFF(NevercMCUnitInfo, FragmentCount, 80);
OFF(NevercMCUnitInfo, InstructionCount, 88);
OFF(NevercMCUnitInfo, FixupCount, 96);

SIZE(NevercMCSectionDescriptor, 48);
ALIGN8(NevercMCSectionDescriptor);
OFF(NevercMCSectionDescriptor, Header, 0);
OFF(NevercMCSectionDescriptor, Name, 16);
OFF(NevercMCSectionDescriptor, Alignment, 32);
OFF(NevercMCSectionDescriptor, Flags, 40);

SIZE(NevercMCSymbolDescriptor, 96);
ALIGN8(NevercMCSymbolDescriptor);
OFF(NevercMCSymbolDescriptor, Header, 0);
OFF(NevercMCSymbolDescriptor, Name, 16);
OFF(NevercMCSymbolDescriptor, Binding, 32);
OFF(NevercMCSymbolDescriptor, Visibility, 36);
OFF(NevercMCSymbolDescriptor, Type, 40);
OFF(NevercMCSymbolDescriptor, Definition, 44);
OFF(NevercMCSymbolDescriptor, Section, 48);
OFF(NevercMCSymbolDescriptor, Value, 64);
OFF(NevercMCSymbolDescriptor, Size, 72);
OFF(NevercMCSymbolDescriptor, Alignment, 80);
OFF(NevercMCSymbolDescriptor, Flags, 88);

SIZE(NevercMCExpressionDescriptor, 136);
ALIGN8(NevercMCExpressionDescriptor);
OFF(NevercMCExpressionDescriptor, Header, 0);
OFF(NevercMCExpressionDescriptor, Kind, 16);
OFF(NevercMCExpressionDescriptor, Operator, 20);
OFF(NevercMCExpressionDescriptor, Constant, 24);
OFF(NevercMCExpressionDescriptor, Symbol, 32);
OFF(NevercMCExpressionDescriptor, Left, 48);
OFF(NevercMCExpressionDescriptor, Right, 64);
OFF(NevercMCExpressionDescriptor, SchemaToken, 80);
OFF(NevercMCExpressionDescriptor, TargetVariant, 96);
OFF(NevercMCExpressionDescriptor, Reserved, 100);
OFF(NevercMCExpressionDescriptor, ExtensionOwner, 104);
OFF(NevercMCExpressionDescriptor, Extension, 120);

SIZE(NevercMCFragmentDescriptor, 120);
ALIGN8(NevercMCFragmentDescriptor);
OFF(NevercMCFragmentDescriptor, Header, 0);
OFF(NevercMCFragmentDescriptor, Kind, 16);
OFF(NevercMCFragmentDescriptor, FillValue, 20);
OFF(NevercMCFragmentDescriptor, SchemaToken, 24);
OFF(NevercMCFragmentDescriptor, Section, 40);
OFF(NevercMCFragmentDescriptor, ExplicitOffset, 56);
OFF(NevercMCFragmentDescriptor, Alignment, 64);
OFF(NevercMCFragmentDescriptor, Contents, 72);
OFF(NevercMCFragmentDescriptor, ExtensionOwner, 88);
OFF(NevercMCFragmentDescriptor, Extension, 104);

SIZE(NevercMCFixupDescriptor, 104);
ALIGN8(NevercMCFixupDescriptor);
OFF(NevercMCFixupDescriptor, Header, 0);
OFF(NevercMCFixupDescriptor, Fragment, 16);
OFF(NevercMCFixupDescriptor, Expression, 32);
OFF(NevercMCFixupDescriptor, Offset, 48);
OFF(NevercMCFixupDescriptor, Width, 56);
OFF(NevercMCFixupDescriptor, IsPCRelative, 60);
OFF(NevercMCFixupDescriptor, IsSigned, 64);
OFF(NevercMCFixupDescriptor, MayRelax, 68);
OFF(NevercMCFixupDescriptor, Reserved8, 72);
OFF(NevercMCFixupDescriptor, Kind, 76);
OFF(NevercMCFixupDescriptor, SchemaToken, 80);
OFF(NevercMCFixupDescriptor, TargetKind, 96);
OFF(NevercMCFixupDescriptor, Reserved, 100);

SIZE(NevercMCSourceLocation, 40);
ALIGN8(NevercMCSourceLocation);
OFF(NevercMCSourceLocation, Header, 0);
OFF(NevercMCSourceLocation, FileID, 16);
OFF(NevercMCSourceLocation, ByteOffset, 24);
OFF(NevercMCSourceLocation, Line, 32);
OFF(NevercMCSourceLocation, Column, 36);

SIZE(NevercMCLayoutStateInfo, 40);
ALIGN8(NevercMCLayoutStateInfo);
OFF(NevercMCLayoutStateInfo, Header, 0);
OFF(NevercMCLayoutStateInfo, State, 16);
OFF(NevercMCLayoutStateInfo, Reserved, 20);
OFF(NevercMCLayoutStateInfo, UnitGeneration, 24);
OFF(NevercMCLayoutStateInfo, TotalSize, 32);

SIZE(NevercMCInstructionInfo, 48);
ALIGN8(NevercMCInstructionInfo);
OFF(NevercMCInstructionInfo, Header, 0);
OFF(NevercMCInstructionInfo, SchemaToken, 16);
OFF(NevercMCInstructionInfo, Opcode, 32);
OFF(NevercMCInstructionInfo, Flags, 36);
OFF(NevercMCInstructionInfo, OperandCount, 40);

/* target-mc-object.md section 5.4: operand values; every union member starts at 0 */
SIZE(NevercMCOperandTargetExtension, 24);
ALIGN8(NevercMCOperandTargetExtension);
OFF(NevercMCOperandTargetExtension, Kind, 0);
OFF(NevercMCOperandTargetExtension, Reserved, 4);
OFF(NevercMCOperandTargetExtension, Payload, 8);

SIZE(NevercMCOperandPayload, 24);
ALIGN8(NevercMCOperandPayload);
OFF(NevercMCOperandPayload, Register, 0);
OFF(NevercMCOperandPayload, Immediate, 0);
OFF(NevercMCOperandPayload, SingleFloatBits, 0);
OFF(NevercMCOperandPayload, DoubleFloatBits, 0);
OFF(NevercMCOperandPayload, Expression, 0);
OFF(NevercMCOperandPayload, Instruction, 0);
OFF(NevercMCOperandPayload, TargetExtension, 0);

SIZE(NevercMCOperandValue, 64);
ALIGN8(NevercMCOperandValue);
OFF(NevercMCOperandValue, Header, 0);
OFF(NevercMCOperandValue, Kind, 16);
OFF(NevercMCOperandValue, Reserved, 20);
OFF(NevercMCOperandValue, SchemaToken, 24);
OFF(NevercMCOperandValue, Payload, 40);

/* target-mc-object.md section 5.4: emission structs */
SIZE(NevercMCEmissionSectionLayoutInfo, 56);
ALIGN8(NevercMCEmissionSectionLayoutInfo);
OFF(NevercMCEmissionSectionLayoutInfo, Header, 0);
OFF(NevercMCEmissionSectionLayoutInfo, Name, 16);
OFF(NevercMCEmissionSectionLayoutInfo, AddressSize, 32);
OFF(NevercMCEmissionSectionLayoutInfo, FileSize, 40);
OFF(NevercMCEmissionSectionLayoutInfo, FragmentCount, 48);

SIZE(NevercMCEmissionFragmentLayoutInfo, 56);
ALIGN8(NevercMCEmissionFragmentLayoutInfo);
OFF(NevercMCEmissionFragmentLayoutInfo, Header, 0);
OFF(NevercMCEmissionFragmentLayoutInfo, SectionIndex, 16);
OFF(NevercMCEmissionFragmentLayoutInfo, FragmentIndex, 24);
OFF(NevercMCEmissionFragmentLayoutInfo, Offset, 32);
OFF(NevercMCEmissionFragmentLayoutInfo, Size, 40);
OFF(NevercMCEmissionFragmentLayoutInfo, Kind, 48);
OFF(NevercMCEmissionFragmentLayoutInfo, Reserved, 52);

SIZE(NevercMCEmissionSymbolLayoutInfo, 56);
ALIGN8(NevercMCEmissionSymbolLayoutInfo);
OFF(NevercMCEmissionSymbolLayoutInfo, Header, 0);
OFF(NevercMCEmissionSymbolLayoutInfo, Name, 16);
OFF(NevercMCEmissionSymbolLayoutInfo, Value, 32);
OFF(NevercMCEmissionSymbolLayoutInfo, IsDefined, 40);
OFF(NevercMCEmissionSymbolLayoutInfo, IsResolved, 44);
OFF(NevercMCEmissionSymbolLayoutInfo, Reserved8, 48);

SIZE(NevercMCEmissionFixupLayoutInfo, 64);
ALIGN8(NevercMCEmissionFixupLayoutInfo);
OFF(NevercMCEmissionFixupLayoutInfo, Header, 0);
OFF(NevercMCEmissionFixupLayoutInfo, SectionIndex, 16);
OFF(NevercMCEmissionFixupLayoutInfo, FragmentIndex, 24);
OFF(NevercMCEmissionFixupLayoutInfo, Offset, 32);
OFF(NevercMCEmissionFixupLayoutInfo, Value, 40);
OFF(NevercMCEmissionFixupLayoutInfo, Kind, 48);
OFF(NevercMCEmissionFixupLayoutInfo, IsResolved, 52);
OFF(NevercMCEmissionFixupLayoutInfo, Reserved8, 56);

SIZE(NevercMCEmissionEventInfo, 216);
ALIGN8(NevercMCEmissionEventInfo);
OFF(NevercMCEmissionEventInfo, Header, 0);
OFF(NevercMCEmissionEventInfo, Kind, 16);
OFF(NevercMCEmissionEventInfo, RelaxationRound, 20);
OFF(NevercMCEmissionEventInfo, Flags, 24);
OFF(NevercMCEmissionEventInfo, MC, 32);
OFF(NevercMCEmissionEventInfo, Unit, 40);
OFF(NevercMCEmissionEventInfo, Instruction, 56);
OFF(NevercMCEmissionEventInfo, SectionName, 72);
OFF(NevercMCEmissionEventInfo, EncodedBytes, 88);
OFF(NevercMCEmissionEventInfo, LayoutChanged, 104);
OFF(NevercMCEmissionEventInfo, Reserved8, 108);
OFF(NevercMCEmissionEventInfo, Fixup, 120);
OFF(NevercMCEmissionEventInfo, LayoutSectionCount, 184);
OFF(NevercMCEmissionEventInfo, LayoutFragmentCount, 192);
OFF(NevercMCEmissionEventInfo, LayoutSymbolCount, 200);
OFF(NevercMCEmissionEventInfo, LayoutFixupCount, 208);

/* target-mc-object.md section 5.4: encoders, decoders and asm backends */
SIZE(NevercMCEncodedFixup, 80);
ALIGN8(NevercMCEncodedFixup);
OFF(NevercMCEncodedFixup, Header, 0);
OFF(NevercMCEncodedFixup, Offset, 16);
OFF(NevercMCEncodedFixup, Width, 24);
OFF(NevercMCEncodedFixup, IsPCRelative, 28);
OFF(NevercMCEncodedFixup, IsSigned, 32);
OFF(NevercMCEncodedFixup, MayRelax, 36);
OFF(NevercMCEncodedFixup, Reserved8, 40);
OFF(NevercMCEncodedFixup, Kind, 44);
OFF(NevercMCEncodedFixup, SchemaToken, 48);
OFF(NevercMCEncodedFixup, TargetKind, 64);
OFF(NevercMCEncodedFixup, OperandIndex, 68);
OFF(NevercMCEncodedFixup, Addend, 72);

SIZE(NevercMCEncodeRequest, 120);
ALIGN8(NevercMCEncodeRequest);
OFF(NevercMCEncodeRequest, Header, 0);
OFF(NevercMCEncodeRequest, MC, 16);
OFF(NevercMCEncodeRequest, Task, 24);
OFF(NevercMCEncodeRequest, Unit, 40);
OFF(NevercMCEncodeRequest, Instruction, 56);
OFF(NevercMCEncodeRequest, SchemaToken, 72);
OFF(NevercMCEncodeRequest, Address, 88);
OFF(NevercMCEncodeRequest, Features, 96);

SIZE(NevercMCEncodeSink, 40);
ALIGN8(NevercMCEncodeSink);
OFF(NevercMCEncodeSink, Header, 0);
OFF(NevercMCEncodeSink, Context, 16);
OFF(NevercMCEncodeSink, WriteBytes, 24);
OFF(NevercMCEncodeSink, AddFixup, 32);

SIZE(NevercMCDecodeRequest, 136);
ALIGN8(NevercMCDecodeRequest);
OFF(NevercMCDecodeRequest, Header, 0);
OFF(NevercMCDecodeRequest, MC, 16);
OFF(NevercMCDecodeRequest, Task, 24);
OFF(NevercMCDecodeRequest, Unit, 40);
OFF(NevercMCDecodeRequest, Mutation, 56);
OFF(NevercMCDecodeRequest, SchemaToken, 72);
OFF(NevercMCDecodeRequest, Bytes, 88);
OFF(NevercMCDecodeRequest, Address, 104);
OFF(NevercMCDecodeRequest, Features, 112);

SIZE(NevercMCDecodeResult, 48);
ALIGN8(NevercMCDecodeResult);
OFF(NevercMCDecodeResult, Header, 0);
OFF(NevercMCDecodeResult, Outcome, 16);
OFF(NevercMCDecodeResult, Reserved, 20);
OFF(NevercMCDecodeResult, ConsumedBytes, 24);
OFF(NevercMCDecodeResult, Instruction, 32);

SIZE(NevercMCEncoderDescriptor, 104);
ALIGN8(NevercMCEncoderDescriptor);
OFF(NevercMCEncoderDescriptor, Header, 0);
OFF(NevercMCEncoderDescriptor, ProviderID, 16);
OFF(NevercMCEncoderDescriptor, TargetID, 32);
OFF(NevercMCEncoderDescriptor, SchemaID, 48);
OFF(NevercMCEncoderDescriptor, MaximumInstructionLength, 64);
OFF(NevercMCEncoderDescriptor, Reserved, 68);
OFF(NevercMCEncoderDescriptor, Flags, 72);
OFF(NevercMCEncoderDescriptor, EncodeInstruction, 80);
OFF(NevercMCEncoderDescriptor, UserData, 88);
OFF(NevercMCEncoderDescriptor, DestroyUserData, 96);

SIZE(NevercMCDecoderDescriptor, 104);
ALIGN8(NevercMCDecoderDescriptor);
OFF(NevercMCDecoderDescriptor, Header, 0);
OFF(NevercMCDecoderDescriptor, ProviderID, 16);
OFF(NevercMCDecoderDescriptor, TargetID, 32);
OFF(NevercMCDecoderDescriptor, SchemaID, 48);
OFF(NevercMCDecoderDescriptor, MaximumInstructionLength, 64);
OFF(NevercMCDecoderDescriptor, Reserved, 68);
OFF(NevercMCDecoderDescriptor, Flags, 72);
OFF(NevercMCDecoderDescriptor, DecodeInstruction, 80);
OFF(NevercMCDecoderDescriptor, UserData, 88);
OFF(NevercMCDecoderDescriptor, DestroyUserData, 96);

SIZE(NevercMutableByteView, 16);
ALIGN8(NevercMutableByteView);
OFF(NevercMutableByteView, Data, 0);
OFF(NevercMutableByteView, Length, 8);

SIZE(NevercMCByteSink, 32);
ALIGN8(NevercMCByteSink);
OFF(NevercMCByteSink, Header, 0);
OFF(NevercMCByteSink, Context, 16);
OFF(NevercMCByteSink, WriteBytes, 24);

SIZE(NevercMCFixupKindInfo, 40);
ALIGN8(NevercMCFixupKindInfo);
OFF(NevercMCFixupKindInfo, Header, 0);
OFF(NevercMCFixupKindInfo, TargetOffset, 16);
OFF(NevercMCFixupKindInfo, TargetSize, 20);
OFF(NevercMCFixupKindInfo, Flags, 24);
OFF(NevercMCFixupKindInfo, Reserved, 32);

SIZE(NevercMCLayoutFixupRequest, 120);
ALIGN8(NevercMCLayoutFixupRequest);
OFF(NevercMCLayoutFixupRequest, Header, 0);
OFF(NevercMCLayoutFixupRequest, Task, 16);
OFF(NevercMCLayoutFixupRequest, Kind, 32);
OFF(NevercMCLayoutFixupRequest, TargetKind, 36);
OFF(NevercMCLayoutFixupRequest, FixupOffset, 40);
OFF(NevercMCLayoutFixupRequest, FragmentOffset, 48);
OFF(NevercMCLayoutFixupRequest, FragmentSize, 56);
OFF(NevercMCLayoutFixupRequest, Place, 64);
OFF(NevercMCLayoutFixupRequest, Width, 72);
OFF(NevercMCLayoutFixupRequest, IsPCRelative, 76);
OFF(NevercMCLayoutFixupRequest, IsSigned, 80);
OFF(NevercMCLayoutFixupRequest, MayRelax, 84);
OFF(NevercMCLayoutFixupRequest, IsResolved, 88);
OFF(NevercMCLayoutFixupRequest, Value, 96);
OFF(NevercMCLayoutFixupRequest, SymbolName, 104);

SIZE(NevercMCRelaxationResult, 72);
ALIGN8(NevercMCRelaxationResult);
OFF(NevercMCRelaxationResult, Header, 0);
OFF(NevercMCRelaxationResult, Changed, 16);
OFF(NevercMCRelaxationResult, Reserved8, 20);
OFF(NevercMCRelaxationResult, ReplacementBytes, 32);
OFF(NevercMCRelaxationResult, NewFixupOffset, 48);
OFF(NevercMCRelaxationResult, NewFixupWidth, 56);
OFF(NevercMCRelaxationResult, NewFixupKind, 60);
OFF(NevercMCRelaxationResult, NewTargetKind, 64);
OFF(NevercMCRelaxationResult, Reserved, 68);

SIZE(NevercMCAsmBackendDescriptor, 144);
ALIGN8(NevercMCAsmBackendDescriptor);
OFF(NevercMCAsmBackendDescriptor, Header, 0);
OFF(NevercMCAsmBackendDescriptor, ProviderID, 16);
OFF(NevercMCAsmBackendDescriptor, TargetID, 32);
OFF(NevercMCAsmBackendDescriptor, SchemaID, 48);
OFF(NevercMCAsmBackendDescriptor, MaximumLayoutIterations, 64);
OFF(NevercMCAsmBackendDescriptor, MinimumInstructionAlignment, 68);
OFF(NevercMCAsmBackendDescriptor, Flags, 72);
OFF(NevercMCAsmBackendDescriptor, GetFixupKindInfo, 80);
OFF(NevercMCAsmBackendDescriptor, MapRelocation, 88);
OFF(NevercMCAsmBackendDescriptor, ShouldRelaxFixup, 96);
OFF(NevercMCAsmBackendDescriptor, RelaxFragment, 104);
OFF(NevercMCAsmBackendDescriptor, ApplyFixup, 112);
OFF(NevercMCAsmBackendDescriptor, WriteNops, 120);
OFF(NevercMCAsmBackendDescriptor, UserData, 128);
OFF(NevercMCAsmBackendDescriptor, DestroyUserData, 136);

/* target-mc-object.md section 5.4: the MIR -> MC provider input and assembly */
SIZE(NevercMIRToMCInputInfo, 88);
ALIGN8(NevercMIRToMCInputInfo);
OFF(NevercMIRToMCInputInfo, Header, 0);
OFF(NevercMIRToMCInputInfo, Module, 16);
OFF(NevercMIRToMCInputInfo, TargetID, 32);
OFF(NevercMIRToMCInputInfo, CompatibilityKey, 48);
OFF(NevercMIRToMCInputInfo, TargetSchemaDigest, 64);
OFF(NevercMIRToMCInputInfo, DefinedFunctionCount, 80);

SIZE(NevercAssemblySourceInfo, 88);
ALIGN8(NevercAssemblySourceInfo);
OFF(NevercAssemblySourceInfo, Header, 0);
OFF(NevercAssemblySourceInfo, Representation, 16);
OFF(NevercAssemblySourceInfo, Preprocessed, 20);
OFF(NevercAssemblySourceInfo, Reserved8, 24);
OFF(NevercAssemblySourceInfo, Identifier, 32);
OFF(NevercAssemblySourceInfo, Buffer, 48);
OFF(NevercAssemblySourceInfo, Cursor, 64);
OFF(NevercAssemblySourceInfo, Generation, 80);

SIZE(NevercAssemblyTokenInfo, 72);
ALIGN8(NevercAssemblyTokenInfo);
OFF(NevercAssemblyTokenInfo, Header, 0);
OFF(NevercAssemblyTokenInfo, Spelling, 16);
OFF(NevercAssemblyTokenInfo, FileID, 32);
OFF(NevercAssemblyTokenInfo, ByteOffset, 40);
OFF(NevercAssemblyTokenInfo, Line, 48);
OFF(NevercAssemblyTokenInfo, Column, 52);
OFF(NevercAssemblyTokenInfo, StartOfLine, 56);
OFF(NevercAssemblyTokenInfo, LeadingSpace, 60);
OFF(NevercAssemblyTokenInfo, Reserved8, 64);

SIZE(NevercAssemblyParseInputInfo, 152);
ALIGN8(NevercAssemblyParseInputInfo);
OFF(NevercAssemblyParseInputInfo, Header, 0);
OFF(NevercAssemblyParseInputInfo, TargetID, 16);
OFF(NevercAssemblyParseInputInfo, SchemaID, 32);
OFF(NevercAssemblyParseInputInfo, TargetSchemaDigest, 48);
OFF(NevercAssemblyParseInputInfo, Source, 64);

SIZE(NevercAssemblyPrintInputInfo, 72);
ALIGN8(NevercAssemblyPrintInputInfo);
OFF(NevercAssemblyPrintInputInfo, Header, 0);
OFF(NevercAssemblyPrintInputInfo, TargetID, 16);
OFF(NevercAssemblyPrintInputInfo, SchemaID, 32);
OFF(NevercAssemblyPrintInputInfo, TargetSchemaDigest, 48);
OFF(NevercAssemblyPrintInputInfo, UnitGeneration, 64);

SIZE(NevercAssemblyOutputMetadata, 56);
ALIGN8(NevercAssemblyOutputMetadata);
OFF(NevercAssemblyOutputMetadata, Header, 0);
OFF(NevercAssemblyOutputMetadata, Syntax, 16);
OFF(NevercAssemblyOutputMetadata, Comment, 32);
OFF(NevercAssemblyOutputMetadata, Flags, 48);

/* target-mc-object.md sections 2, 5.5 and 5.6: the four tables, every slot in order */
SIZE(NevercMCAPI, 448);
OFF(NevercMCAPI, Header, 0);
OFF(NevercMCAPI, Context, 16);
OFF(NevercMCAPI, RegisterSchema, 24);
OFF(NevercMCAPI, GetSchemaToken, 32);
OFF(NevercMCAPI, GetSchemaTokenInfo, 40);
OFF(NevercMCAPI, GetUnitInfo, 48);
OFF(NevercMCAPI, GetFirstSection, 56);
OFF(NevercMCAPI, GetNextSection, 64);
OFF(NevercMCAPI, GetSectionInfo, 72);
OFF(NevercMCAPI, GetFirstSymbol, 80);
OFF(NevercMCAPI, GetNextSymbol, 88);
OFF(NevercMCAPI, GetSymbolInfo, 96);
OFF(NevercMCAPI, GetExpressionInfo, 104);
OFF(NevercMCAPI, GetFirstFragment, 112);
OFF(NevercMCAPI, GetNextFragment, 120);
OFF(NevercMCAPI, GetFragmentInfo, 128);
OFF(NevercMCAPI, GetFirstFragmentInstruction, 136);
OFF(NevercMCAPI, GetFirstFixup, 144);
OFF(NevercMCAPI, GetNextFixup, 152);
OFF(NevercMCAPI, GetFixupInfo, 160);
OFF(NevercMCAPI, BeginMutation, 168);
OFF(NevercMCAPI, CommitMutation, 176);
OFF(NevercMCAPI, AbandonMutation, 184);
OFF(NevercMCAPI, CreateSection, 192);
OFF(NevercMCAPI, MoveSectionBefore, 200);
OFF(NevercMCAPI, EraseSection, 208);
OFF(NevercMCAPI, CreateSymbol, 216);
OFF(NevercMCAPI, MoveSymbolBefore, 224);
OFF(NevercMCAPI, EraseSymbol, 232);
OFF(NevercMCAPI, CreateExpression, 240);
OFF(NevercMCAPI, SetExpressionOperands, 248);
OFF(NevercMCAPI, EraseExpression, 256);
OFF(NevercMCAPI, CreateFragment, 264);
OFF(NevercMCAPI, MoveFragmentBefore, 272);
OFF(NevercMCAPI, EraseFragment, 280);
OFF(NevercMCAPI, CreateFixup, 288);
OFF(NevercMCAPI, MoveFixupBefore, 296);
OFF(NevercMCAPI, EraseFixup, 304);
OFF(NevercMCAPI, GetFirstInstruction, 312);
OFF(NevercMCAPI, GetNextInstruction, 320);
OFF(NevercMCAPI, GetInstructionInfo, 328);
OFF(NevercMCAPI, GetInstructionOperand, 336);
OFF(NevercMCAPI, GetOperandValue, 344);
OFF(NevercMCAPI, CreateInstruction, 352);
OFF(NevercMCAPI, AppendOperand, 360);
OFF(NevercMCAPI, InsertOperand, 368);
OFF(NevercMCAPI, EraseOperand, 376);
OFF(NevercMCAPI, InsertInstructionBefore, 384);
OFF(NevercMCAPI, AppendInstruction, 392);
OFF(NevercMCAPI, AppendInstructionToFragment, 400);
OFF(NevercMCAPI, ReplaceInstruction, 408);
OFF(NevercMCAPI, EraseInstruction, 416);
OFF(NevercMCAPI, RegisterEncoder, 424);
OFF(NevercMCAPI, RegisterDecoder, 432);
OFF(NevercMCAPI, RegisterAsmBackend, 440);

SIZE(NevercMCEmissionAPI, 80);
OFF(NevercMCEmissionAPI, Header, 0);
OFF(NevercMCEmissionAPI, Context, 16);
OFF(NevercMCEmissionAPI, GetEvent, 24);
OFF(NevercMCEmissionAPI, BeginInstructionReplacement, 32);
OFF(NevercMCEmissionAPI, PublishInstructionReplacement, 40);
OFF(NevercMCEmissionAPI, GetLayoutSection, 48);
OFF(NevercMCEmissionAPI, GetLayoutFragment, 56);
OFF(NevercMCEmissionAPI, GetLayoutSymbol, 64);
OFF(NevercMCEmissionAPI, GetLayoutFixup, 72);

SIZE(NevercMCProviderAPI, 56);
OFF(NevercMCProviderAPI, Header, 0);
OFF(NevercMCProviderAPI, Context, 16);
OFF(NevercMCProviderAPI, GetMIRToMCInput, 24);
OFF(NevercMCProviderAPI, GetMachineFunction, 32);
OFF(NevercMCProviderAPI, GetMCBuilder, 40);
OFF(NevercMCProviderAPI, PublishMCUnit, 48);

SIZE(NevercAssemblyProviderAPI, 88);
OFF(NevercAssemblyProviderAPI, Header, 0);
OFF(NevercAssemblyProviderAPI, Context, 16);
OFF(NevercAssemblyProviderAPI, GetParseInput, 24);
OFF(NevercAssemblyProviderAPI, PeekSourceToken, 32);
OFF(NevercAssemblyProviderAPI, AdvanceSourceToken, 40);
OFF(NevercAssemblyProviderAPI, GetParseMCBuilder, 48);
OFF(NevercAssemblyProviderAPI, PublishParsedMCUnit, 56);
OFF(NevercAssemblyProviderAPI, GetPrintInput, 64);
OFF(NevercAssemblyProviderAPI, WritePrintOutput, 72);
OFF(NevercAssemblyProviderAPI, PublishAssemblyOutput, 80);
/* Table sizes are 24 + 8 x slots (section 2: 448, 80, 56, 88; the sinks
 * 40 and 32). */
NEVERC_LAYOUT_ASSERT(sizeof(NevercMCAPI) == 24 + 8 * 53, "NevercMCAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercMCEmissionAPI) == 24 + 8 * 7,
                     "NevercMCEmissionAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercMCProviderAPI) == 24 + 8 * 4,
                     "NevercMCProviderAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercAssemblyProviderAPI) == 24 + 8 * 8,
                     "NevercAssemblyProviderAPI slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercMCEncodeSink) == 24 + 8 * 2, "NevercMCEncodeSink slot count");
NEVERC_LAYOUT_ASSERT(sizeof(NevercMCByteSink) == 24 + 8 * 1, "NevercMCByteSink slot count");

/* Section 2: interface IDs, versions and stability. */
NEVERC_LAYOUT_ASSERT(NEVERC_INTERFACE_MC_HIGH == UINT64_C(0x4e43504d43000001) &&
                         NEVERC_INTERFACE_MC_LOW == 1 &&
                         NEVERC_INTERFACE_MC_EMISSION_HIGH == UINT64_C(0x4e43504d43454d01) &&
                         NEVERC_INTERFACE_MC_EMISSION_LOW == 1 &&
                         NEVERC_INTERFACE_MC_PROVIDER_HIGH == UINT64_C(0x4e43504d43505201) &&
                         NEVERC_INTERFACE_MC_PROVIDER_LOW == 1 &&
                         NEVERC_INTERFACE_ASSEMBLY_PROVIDER_HIGH ==
                             UINT64_C(0x4e435041534d5001) &&
                         NEVERC_INTERFACE_ASSEMBLY_PROVIDER_LOW == 1,
                     "MC interface IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_API_MAJOR == 1 && NEVERC_MC_API_MINOR == 1 &&
                         NEVERC_MC_EMISSION_API_MAJOR == 1 && NEVERC_MC_EMISSION_API_MINOR == 0 &&
                         NEVERC_MC_PROVIDER_API_MAJOR == 1 && NEVERC_MC_PROVIDER_API_MINOR == 0 &&
                         NEVERC_ASSEMBLY_PROVIDER_API_MAJOR == 1 &&
                         NEVERC_ASSEMBLY_PROVIDER_API_MINOR == 0,
                     "MC API versions");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_MC_EMISSION_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_MC_PROVIDER_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE &&
                         NEVERC_ASSEMBLY_PROVIDER_INTERFACE_STABILITY == NEVERC_INTERFACE_STABLE,
                     "MC interface stability");
NEVERC_LAYOUT_ASSERT(NEVERC_BUILTIN_MC_PHASE_COUNT == 13 &&
                         NEVERC_BUILTIN_ASSEMBLY_PHASE_COUNT == 4,
                     "MC and assembly phase counts");

/* Section 1.5: the artifact IDs, and the phases that consume or produce
 * them. */
NEVERC_LAYOUT_ASSERT(NEVERC_ARTIFACT_MC_UNIT_HIGH == UINT64_C(0x4e434152544d4f01) &&
                         NEVERC_ARTIFACT_MC_UNIT_LOW == 1 &&
                         NEVERC_ARTIFACT_MC_ENCODED_HIGH == UINT64_C(0x4e434152544d4f01) &&
                         NEVERC_ARTIFACT_MC_ENCODED_LOW == 3 &&
                         NEVERC_ARTIFACT_MC_LAYOUT_HIGH == UINT64_C(0x4e434152544d4f01) &&
                         NEVERC_ARTIFACT_MC_LAYOUT_LOW == 4 &&
                         NEVERC_ARTIFACT_MC_INSTRUCTION_HIGH == UINT64_C(0x4e434152544d4f01) &&
                         NEVERC_ARTIFACT_MC_INSTRUCTION_LOW == 0xb,
                     "MC artifact IDs");
NEVERC_LAYOUT_ASSERT(NEVERC_PHASE_CODEGEN_MIR_TO_MC_OUTPUT_HIGH == NEVERC_ARTIFACT_MC_UNIT_HIGH &&
                         NEVERC_PHASE_CODEGEN_MIR_TO_MC_OUTPUT_LOW == NEVERC_ARTIFACT_MC_UNIT_LOW &&
                         NEVERC_PHASE_MC_ENCODE_OUTPUT_HIGH == NEVERC_ARTIFACT_MC_ENCODED_HIGH &&
                         NEVERC_PHASE_MC_ENCODE_OUTPUT_LOW == NEVERC_ARTIFACT_MC_ENCODED_LOW &&
                         NEVERC_PHASE_MC_LAYOUT_OUTPUT_HIGH == NEVERC_ARTIFACT_MC_LAYOUT_HIGH &&
                         NEVERC_PHASE_MC_LAYOUT_OUTPUT_LOW == NEVERC_ARTIFACT_MC_LAYOUT_LOW &&
                         NEVERC_PHASE_MC_EMISSION_PRE_INSTRUCTION_INPUT_HIGH ==
                             NEVERC_ARTIFACT_MC_INSTRUCTION_HIGH &&
                         NEVERC_PHASE_MC_EMISSION_PRE_INSTRUCTION_INPUT_LOW ==
                             NEVERC_ARTIFACT_MC_INSTRUCTION_LOW &&
                         NEVERC_PHASE_ASSEMBLY_PARSE_OUTPUT_LOW == NEVERC_ARTIFACT_MC_UNIT_LOW,
                     "MC artifact IDs against the phase schema");

/* Section 5.1: handles and scalar widths. */
SIZE(NevercMCUnitHandle, 16);
SIZE(NevercMCSectionHandle, 16);
SIZE(NevercMCFragmentHandle, 16);
SIZE(NevercMCInstHandle, 16);
SIZE(NevercMCOperandHandle, 16);
SIZE(NevercMCExprHandle, 16);
SIZE(NevercMCSymbolHandle, 16);
SIZE(NevercMCFixupHandle, 16);
SIZE(NevercMCBuilderHandle, 16);
SIZE(NevercMCMutationHandle, 16);
SIZE(NevercMCLayoutHandle, 16);
SIZE(NevercMCSchemaTokenHandle, 16);
SIZE(NevercAssemblySourceCursorHandle, 16);
SIZE(NevercMCOperandKind, 4);
SIZE(NevercMCExpressionKind, 4);
SIZE(NevercMCFragmentKind, 4);
SIZE(NevercMCFixupKind, 4);
SIZE(NevercMCLayoutState, 4);
SIZE(NevercMCSymbolBinding, 4);
SIZE(NevercMCSymbolVisibility, 4);
SIZE(NevercMCSymbolType, 4);
SIZE(NevercMCSymbolDefinition, 4);
SIZE(NevercMCExpressionOperator, 4);
SIZE(NevercMCEmissionEventKind, 4);
SIZE(NevercMCDecodeOutcome, 4);
SIZE(NevercAssemblySourceRepresentation, 4);
SIZE(NevercMCSectionFlags, 8);
SIZE(NevercMCEmissionEventFlags, 8);
SIZE(NevercMCFixupInfoFlags, 8);
SIZE(NevercMCSectionInfo, 48);
SIZE(NevercMCSymbolInfo, 96);
SIZE(NevercMCExpressionInfo, 136);
SIZE(NevercMCFragmentInfo, 120);
SIZE(NevercMCFixupInfo, 104);

/* Section 5.2: every value, and the width of its macros. */
NEVERC_LAYOUT_ASSERT(NEVERC_MC_SECTION_ALLOCATED == 1 && NEVERC_MC_SECTION_EXECUTABLE == 2 &&
                         NEVERC_MC_SECTION_WRITABLE == 4 && NEVERC_MC_SECTION_MERGEABLE == 8 &&
                         NEVERC_MC_SECTION_DEBUG == 16 && sizeof(NEVERC_MC_SECTION_ALLOCATED) == 8,
                     "MC section flags");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_SYMBOL_BINDING_LOCAL == 1 && NEVERC_MC_SYMBOL_BINDING_GLOBAL == 2 &&
                         NEVERC_MC_SYMBOL_BINDING_WEAK == 3 &&
                         sizeof(NEVERC_MC_SYMBOL_BINDING_LOCAL) == 4,
                     "MC symbol bindings");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_SYMBOL_VISIBILITY_DEFAULT == 1 &&
                         NEVERC_MC_SYMBOL_VISIBILITY_HIDDEN == 2 &&
                         NEVERC_MC_SYMBOL_VISIBILITY_PROTECTED == 3 &&
                         sizeof(NEVERC_MC_SYMBOL_VISIBILITY_DEFAULT) == 4,
                     "MC symbol visibilities");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_SYMBOL_TYPE_NONE == 0 && NEVERC_MC_SYMBOL_TYPE_FUNCTION == 1 &&
                         NEVERC_MC_SYMBOL_TYPE_OBJECT == 2 && NEVERC_MC_SYMBOL_TYPE_SECTION == 3 &&
                         NEVERC_MC_SYMBOL_TYPE_TLS == 4 && sizeof(NEVERC_MC_SYMBOL_TYPE_NONE) == 4,
                     "MC symbol types");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_SYMBOL_DEFINITION_UNDEFINED == 1 &&
                         NEVERC_MC_SYMBOL_DEFINITION_SECTION == 2 &&
                         NEVERC_MC_SYMBOL_DEFINITION_ABSOLUTE == 3 &&
                         NEVERC_MC_SYMBOL_DEFINITION_COMMON == 4 &&
                         sizeof(NEVERC_MC_SYMBOL_DEFINITION_UNDEFINED) == 4,
                     "MC symbol definitions");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_UNARY_PLUS == 1 && NEVERC_MC_UNARY_MINUS == 2 &&
                         NEVERC_MC_UNARY_NOT == 3 && NEVERC_MC_BINARY_ADD == 16 &&
                         NEVERC_MC_BINARY_SUBTRACT == 17 && NEVERC_MC_BINARY_MULTIPLY == 18 &&
                         NEVERC_MC_BINARY_DIVIDE == 19 && NEVERC_MC_BINARY_AND == 20 &&
                         NEVERC_MC_BINARY_OR == 21 && NEVERC_MC_BINARY_XOR == 22 &&
                         NEVERC_MC_BINARY_SHIFT_LEFT == 23 && NEVERC_MC_BINARY_SHIFT_RIGHT == 24 &&
                         sizeof(NEVERC_MC_UNARY_PLUS) == 4,
                     "MC expression operators");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_AUTOMATIC_OFFSET == UINT64_MAX &&
                         sizeof(NEVERC_MC_AUTOMATIC_OFFSET) == 8 &&
                         NEVERC_MC_NO_FIXUP_OPERAND == UINT32_MAX &&
                         sizeof(NEVERC_MC_NO_FIXUP_OPERAND) == 4,
                     "MC automatic offset and no-operand fixup");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_EMISSION_UNIT_BEGIN == 1 && NEVERC_MC_EMISSION_UNIT_END == 2 &&
                         NEVERC_MC_EMISSION_SECTION_CHANGE == 3 &&
                         NEVERC_MC_EMISSION_PRE_INSTRUCTION == 4 &&
                         NEVERC_MC_EMISSION_POST_INSTRUCTION == 5 &&
                         NEVERC_MC_EMISSION_POST_ENCODE == 6 && NEVERC_MC_EMISSION_FIXUP == 7 &&
                         NEVERC_MC_EMISSION_RELAXATION_ROUND == 8 &&
                         NEVERC_MC_EMISSION_PRE_LAYOUT == 9 && NEVERC_MC_EMISSION_POST_LAYOUT == 10 &&
                         NEVERC_MC_EMISSION_PRE_OBJECT_WRITE == 11 &&
                         sizeof(NEVERC_MC_EMISSION_UNIT_BEGIN) == 4,
                     "MC emission event kinds");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_EMISSION_HAS_SECTION == 1 &&
                         NEVERC_MC_EMISSION_HAS_INSTRUCTION == 2 &&
                         NEVERC_MC_EMISSION_HAS_ENCODING == 4 && NEVERC_MC_EMISSION_HAS_FIXUP == 8 &&
                         NEVERC_MC_EMISSION_HAS_LAYOUT == 16 &&
                         NEVERC_MC_EMISSION_CAN_REPLACE_INSTRUCTION == 32 &&
                         sizeof(NEVERC_MC_EMISSION_HAS_SECTION) == 8,
                     "MC emission event flags");
/* Section 5.7: event kind <-> phase Low. */
NEVERC_LAYOUT_ASSERT(NEVERC_PHASE_MC_EMISSION_UNIT_BEGIN_LOW == 0x11 &&
                         NEVERC_PHASE_MC_EMISSION_UNIT_END_LOW == 0x12 &&
                         NEVERC_PHASE_MC_EMISSION_SECTION_CHANGE_LOW == 0x13 &&
                         NEVERC_PHASE_MC_EMISSION_PRE_INSTRUCTION_LOW == 0x0d &&
                         NEVERC_PHASE_MC_EMISSION_POST_INSTRUCTION_LOW == 0x14 &&
                         NEVERC_PHASE_MC_EMISSION_POST_ENCODE_LOW == 0x15 &&
                         NEVERC_PHASE_MC_EMISSION_FIXUP_LOW == 0x16 &&
                         NEVERC_PHASE_MC_EMISSION_RELAXATION_ROUND_LOW == 0x17 &&
                         NEVERC_PHASE_MC_EMISSION_PRE_LAYOUT_LOW == 0x18 &&
                         NEVERC_PHASE_MC_EMISSION_POST_LAYOUT_LOW == 0x19,
                     "MC emission phases");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_DECODE_SUCCESS == 1 && NEVERC_MC_DECODE_SOFT_FAIL == 2 &&
                         NEVERC_MC_DECODE_UNKNOWN == 3 && NEVERC_MC_DECODE_FAIL == 4 &&
                         sizeof(NEVERC_MC_DECODE_SUCCESS) == 4,
                     "MC decode outcomes");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_FIXUP_INFO_PC_RELATIVE == 1 && NEVERC_MC_FIXUP_INFO_SIGNED == 2 &&
                         NEVERC_MC_FIXUP_INFO_RELAXABLE == 4 && NEVERC_MC_FIXUP_INFO_TARGET == 8 &&
                         sizeof(NEVERC_MC_FIXUP_INFO_PC_RELATIVE) == 8,
                     "MC fixup info flags");
NEVERC_LAYOUT_ASSERT(NEVERC_ASSEMBLY_SOURCE_BUFFER == 1 &&
                         NEVERC_ASSEMBLY_SOURCE_RENDERED_TOKENS == 2 &&
                         sizeof(NEVERC_ASSEMBLY_SOURCE_BUFFER) == 4,
                     "assembly source representations");

/* Section 5.3: the MC schema (Schema/PluginMCSchema.inc), NeverC's
 * capability and digest verbatim. */
NEVERC_LAYOUT_ASSERT(NEVERC_MC_SCHEMA_CAPABILITY_MAJOR == 1 &&
                         NEVERC_MC_SCHEMA_CAPABILITY_MAJOR == NEVERC_MC_API_MAJOR &&
                         NEVERC_MC_SCHEMA_CAPABILITY_MINOR == 0,
                     "MC schema capability");
NEVERC_LAYOUT_ASSERT(sizeof(NEVERC_MC_SCHEMA_DIGEST) == 64 + 1,
                     "MC schema digest: 64 hex digits");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_ENTITY_COUNT == 10 && NEVERC_MC_OPERAND_COUNT == 8 &&
                         NEVERC_MC_EXPRESSION_COUNT == 5 && NEVERC_MC_FRAGMENT_COUNT == 15 &&
                         NEVERC_MC_FIXUP_COUNT == 23 && NEVERC_MC_LAYOUT_STATE_COUNT == 5,
                     "MC schema counts");
NEVERC_LAYOUT_ASSERT(NEVERC_MC_ENTITY_MC_UNIT == 0x61000001 &&
                         NEVERC_MC_ENTITY_SOURCE_LOC == 0x61000009 &&
                         NEVERC_MC_ENTITY_LAYOUT_STATE == 0x6100000a &&
                         NEVERC_MC_OPERAND_INVALID == 0x62000001 &&
                         NEVERC_MC_OPERAND_REGISTER == 0x62000002 &&
                         NEVERC_MC_OPERAND_INSTRUCTION == 0x62000007 &&
                         NEVERC_MC_OPERAND_TARGET_EXTENSION == 0x62000008 &&
                         NEVERC_MC_EXPRESSION_BINARY == 0x63000001 &&
                         NEVERC_MC_EXPRESSION_TARGET_VARIANT == 0x63000005 &&
                         NEVERC_MC_FRAGMENT_ALIGN == 0x64000001 &&
                         NEVERC_MC_FRAGMENT_ENCODED_WITH_FIXUPS == 0x64000003 &&
                         NEVERC_MC_FRAGMENT_DUMMY == 0x6400000e &&
                         NEVERC_MC_FRAGMENT_FORMAT_EXTENSION == 0x6400000f &&
                         NEVERC_MC_FIXUP_NONE == 0x65000001 &&
                         NEVERC_MC_FIXUP_DATA_LEB128 == 0x65000006 &&
                         NEVERC_MC_FIXUP_PC_REL_4 == 0x65000009 &&
                         NEVERC_MC_FIXUP_DTP_REL_4 == 0x6500000f &&
                         NEVERC_MC_FIXUP_TP_REL_8 == 0x65000012 &&
                         NEVERC_MC_FIXUP_SEC_REL_8 == 0x65000016 &&
                         NEVERC_MC_FIXUP_TARGET_EXTENSION == 0x65000017 &&
                         NEVERC_MC_LAYOUT_STATE_BUILDING == 0x66000001 &&
                         NEVERC_MC_LAYOUT_STATE_COMMITTED == 0x66000005,
                     "MC schema IDs");

/* The X-macro tables: the ID ordinals of each sum to 1 + ... + n (as when
 * every ID of the table has its row once); the rows that need a target
 * schema are exactly TARGET_EXTENSION (operand and fixup), TARGET_VARIANT
 * and FORMAT_EXTENSION; an extension row's LLVM value is UINT32_MAX and
 * every other row's is its ordinal - 1. The tables are expanded by
 * including the .inc with the macro defined. */
#define NEVERC_LAYOUT_MC_ROW(ID, V, R)                                         \
  +(int)((ID)&UINT32_C(0xffffff)) + ((int)(R) << 12) +                         \
      (((V) == UINT32_MAX || (V) == ((ID)&UINT32_C(0xffffff)) - 1) ? 0 : 1 << 20)
#define NEVERC_MC_SCHEMA_ENTITY(I, S, ID, V, N, R) NEVERC_LAYOUT_MC_ROW(ID, V, R)
#define NEVERC_MC_SCHEMA_OPERAND(I, S, ID, V, N, R) NEVERC_LAYOUT_MC_ROW(ID, V, R)
#define NEVERC_MC_SCHEMA_EXPRESSION(I, S, ID, V, N, R) NEVERC_LAYOUT_MC_ROW(ID, V, R)
#define NEVERC_MC_SCHEMA_FRAGMENT(I, S, ID, V, N, R) NEVERC_LAYOUT_MC_ROW(ID, V, R)
#define NEVERC_MC_SCHEMA_FIXUP(I, S, ID, V, N, R) NEVERC_LAYOUT_MC_ROW(ID, V, R)
#define NEVERC_MC_SCHEMA_LAYOUT_STATE(I, S, ID, V, N, R) NEVERC_LAYOUT_MC_ROW(ID, V, R)
/* One enum: gcc warns on comparing constants of two anonymous enums. */
enum {
  NevercLayoutMCRows = 0
#include "neverc/Plugin/Schema/PluginMCSchema.inc"
  ,
#define NEVERC_LAYOUT_MC_EXTENSION(ID, V)                                      \
  +((V) == UINT32_MAX ? (int)((ID) >> 24) * 256 + (int)((ID)&UINT32_C(0xff)) : 0)
#define NEVERC_MC_SCHEMA_OPERAND(I, S, ID, V, N, R) NEVERC_LAYOUT_MC_EXTENSION(ID, V)
#define NEVERC_MC_SCHEMA_FRAGMENT(I, S, ID, V, N, R) NEVERC_LAYOUT_MC_EXTENSION(ID, V)
#define NEVERC_MC_SCHEMA_FIXUP(I, S, ID, V, N, R) NEVERC_LAYOUT_MC_EXTENSION(ID, V)
  NevercLayoutMCExtensionRows = 0
#include "neverc/Plugin/Schema/PluginMCSchema.inc"
};
NEVERC_LAYOUT_ASSERT(NevercLayoutMCRows == 10 * 11 / 2 + 8 * 9 / 2 + 5 * 6 / 2 + 15 * 16 / 2 +
                                               23 * 24 / 2 + 5 * 6 / 2 + (4 << 12),
                     "MC X-macro rows: ordinals, four target-schema rows, LLVM values");
NEVERC_LAYOUT_ASSERT(NevercLayoutMCExtensionRows ==
                         (0x62 * 256 + 0x08) + (0x64 * 256 + 0x0f) + (0x65 * 256 + 0x17),
                     "MC X-macro rows: UINT32_MAX only in the three extension rows");
#undef NEVERC_LAYOUT_MC_ROW
#undef NEVERC_LAYOUT_MC_EXTENSION
