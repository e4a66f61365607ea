/*
 * neverc plugin SDK -- machine code (MC) and assembly domain (pure C11).
 *
 * Four capability tables, each negotiated on its own:
 *  - NevercMCAPI (NEVERC_INTERFACE_MC_*) reads an MC unit (sections,
 *    symbols, expressions, fragments, fixups, instructions, operands),
 *    edits it inside transactions (every slot taking a
 *    NevercMCMutationHandle stages), and registers target MC schemas,
 *    encoders, decoders and asm backends (the four RegistrarContext slots).
 *  - NevercMCEmissionAPI (NEVERC_INTERFACE_MC_EMISSION_*) serves the
 *    neverc.mc.emission.* phases: the current event, its layout tables and
 *    the instruction replacement of pre_instruction.
 *  - NevercMCProviderAPI (NEVERC_INTERFACE_MC_PROVIDER_*) serves a provider
 *    of neverc.codegen.mir_to_mc that builds the MC unit itself.
 *  - NevercAssemblyProviderAPI (NEVERC_INTERFACE_ASSEMBLY_PROVIDER_*) serves
 *    providers of neverc.assembly.parse and neverc.assembly.print.
 * Check the StructSize the host returns against the end of the last slot
 * you call; a newer host only appends.
 *
 * Lifetimes and rules:
 *  - Every MC handle and borrowed view is task-scoped: after its task it
 *    gives NEVERC_STATUS_STALE_HANDLE, from another task
 *    NEVERC_STATUS_WRONG_SCOPE, from another session
 *    NEVERC_STATUS_WRONG_SESSION. Walks (GetFirst* / GetNext*) end at a
 *    null handle.
 *  - A mutation is BeginMutation, staged slots, then exactly one
 *    CommitMutation (atomic) or AbandonMutation. A handle created inside an
 *    abandoned mutation gives NEVERC_STATUS_STALE_HANDLE afterwards.
 *  - Every committed mutation increments the unit's Generation. A layout
 *    (neverc.mc.layout, NEVERC_ARTIFACT_MC_LAYOUT_*) proves one generation
 *    only: a write with an older proof is refused and the host lays the
 *    unit out again. Layout states run BUILDING -> ENCODING -> RELAXING ->
 *    LAID_OUT -> COMMITTED.
 *  - Two tiers. STABLE: the containers, the callback contracts and the
 *    generic schema IDs of Schema/PluginMCSchema.inc (operand, expression,
 *    fragment and fixup kind fields hold those IDs, never LLVM numbers).
 *    LOCKSTEP: opcodes, registers, target operand kinds, target fixups,
 *    relocations and expression variants; they mean something only under
 *    the schema a NevercMCSchemaTokenHandle (or a TargetSchemaDigest) names.
 *    Compare before reading; the host also refuses a provider whose schema
 *    does not match (NEVERC_STATUS_ABI_MISMATCH) before calling it.
 *  - NEVERC_MC_AUTOMATIC_OFFSET in ExplicitOffset / Offset lets the host
 *    place the item.
 *  - Emission events: Flags says which fields are valid (HAS_SECTION ->
 *    SectionName, HAS_INSTRUCTION -> Instruction, HAS_ENCODING ->
 *    EncodedBytes, HAS_FIXUP -> Fixup, HAS_LAYOUT -> the Layout* counts and
 *    GetLayout*); a field whose flag is clear is zero. Only
 *    neverc.mc.emission.pre_instruction can be intercepted or replaced, and
 *    BeginInstructionReplacement needs CAN_REPLACE_INSTRUCTION. Event kinds
 *    1-10 are the phases 0x11, 0x12, 0x13, 0x0d, 0x14-0x19 (phase Low);
 *    PRE_OBJECT_WRITE (11) is reserved and never delivered (object writing
 *    is neverc.object.pre_write).
 *  - Encoders and printers write only through the host's sink or output
 *    transaction; a failed print leaves no partial file.
 *  - A continuation used twice gives NEVERC_STATUS_POLICY_VIOLATION, from
 *    another thread or after its callback returned
 *    NEVERC_STATUS_WRONG_SCOPE. A mutation attempted from an observer gives
 *    NEVERC_STATUS_POLICY_VIOLATION.
 *  - neverc.assembly.final_verify and neverc.assembly.commit cannot be
 *    intercepted, replaced or skipped.
 *
 * Decisions recorded here (shared/spec/target-mc-object.md section 5,
 * revision d8e95a6d; the older 15-slot layout of its section 10 is not
 * implemented):
 *  - The payload of NevercMCOperandValue and its TargetExtension member
 *    have type names here (NevercMCOperandPayload,
 *    NevercMCOperandTargetExtension) where NeverC's header leaves them
 *    unnamed: same layout, same member paths (Value.Payload.Register,
 *    Value.Payload.TargetExtension.Kind). The member a kind uses:
 *    REGISTER -> Register, IMMEDIATE -> Immediate, SINGLE_FLOAT ->
 *    SingleFloatBits, DOUBLE_FLOAT -> DoubleFloatBits, EXPRESSION ->
 *    Expression, INSTRUCTION -> Instruction, TARGET_EXTENSION ->
 *    TargetExtension (its Kind is LOCKSTEP, under SchemaToken); INVALID
 *    uses none. Register is LOCKSTEP too.
 *  - NEVERC_MC_BINARY_SHIFT_RIGHT is the arithmetic shift (GNU as ">>",
 *    LLVM's MCBinaryExpr::AShr).
 *  - NevercMCInstructionInfo.Flags and NevercMCSymbolDescriptor.Flags have
 *    no defined bits: 0. Every Reserved field and every Flags field
 *    without defined bits must be 0.
 *  - NevercMCSourceLocation and NevercMCLayoutStateInfo describe the schema
 *    entities SOURCE_LOC and LAYOUT_STATE; no slot of this revision
 *    returns them.
 *  - AppendInstruction takes the unit, as NeverC's header declares (a
 *    documentation example that passes a section is wrong); the
 *    instruction becomes the unit's last in GetFirstInstruction /
 *    GetNextInstruction order. NeverC leaves the placement open.
 *  - A decoder's outcome maps to LLVM as SUCCESS -> Success, SOFT_FAIL ->
 *    SoftFail, UNKNOWN and FAIL -> Fail.
 *  - NEVERC_MC_SCHEMA_DIGEST and the schema's LLVM values are NeverC's,
 *    verbatim: its digest covers them and cannot be recomputed (the
 *    algorithm is unpublished). The LLVM values are an older LLVM's; LLVM
 *    22 has no FK_PCRel_* / FK_GPRel_* / FK_DTPRel_* / FK_TPRel_* (PC_REL_n
 *    is FK_Data_n with the PC-relative bit; the GP/DTP/TP kinds exist only
 *    as target fixups) and no FT_CompactEncodedInst, FT_PseudoProbe or
 *    FT_Dummy fragment. Map by stable ID or name, never by number (see
 *    Schema/PluginMCSchema.inc).
 *  - Where stock LLVM 22 cannot do what a slot asks (a replacement of an
 *    instruction LLVM relaxes, a generic fixup kind LLVM 22 lacks), the slot
 *    returns NEVERC_STATUS_CAPABILITY_UNAVAILABLE with a diagnostic naming
 *    the limitation; never a silent success. CAN_REPLACE_INSTRUCTION is
 *    set only for instructions the backend does not relax.
 *  - RELAXATION_ROUND counts the rounds the host observes; LLVM 22 does not
 *    expose its own relaxation-round boundaries.
 *  - NevercMutableByteView is declared here (the link and object domains
 *    use it too).
 */
#ifndef NEVERC_PLUGIN_PLUGINMC_H
#define NEVERC_PLUGIN_PLUGINMC_H

#include "neverc/Plugin/PluginMIR.h"
#include "neverc/Plugin/PluginTarget.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "NCPMC", 0, 0, 0x01 / 1. */
#define NEVERC_INTERFACE_MC_HIGH UINT64_C(0x4e43504d43000001)
#define NEVERC_INTERFACE_MC_LOW UINT64_C(0x0000000000000001)
#define NEVERC_MC_API_MAJOR UINT16_C(1)
#define NEVERC_MC_API_MINOR UINT16_C(1)
#define NEVERC_MC_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* "NCPMCEM", 0x01 / 1. */
#define NEVERC_INTERFACE_MC_EMISSION_HIGH UINT64_C(0x4e43504d43454d01)
#define NEVERC_INTERFACE_MC_EMISSION_LOW UINT64_C(0x0000000000000001)
#define NEVERC_MC_EMISSION_API_MAJOR UINT16_C(1)
#define NEVERC_MC_EMISSION_API_MINOR UINT16_C(0)
#define NEVERC_MC_EMISSION_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* "NCPMCPR", 0x01 / 1. */
#define NEVERC_INTERFACE_MC_PROVIDER_HIGH UINT64_C(0x4e43504d43505201)
#define NEVERC_INTERFACE_MC_PROVIDER_LOW UINT64_C(0x0000000000000001)
#define NEVERC_MC_PROVIDER_API_MAJOR UINT16_C(1)
#define NEVERC_MC_PROVIDER_API_MINOR UINT16_C(0)
#define NEVERC_MC_PROVIDER_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* "NCPASMP", 0x01 / 1. */
#define NEVERC_INTERFACE_ASSEMBLY_PROVIDER_HIGH UINT64_C(0x4e435041534d5001)
#define NEVERC_INTERFACE_ASSEMBLY_PROVIDER_LOW UINT64_C(0x0000000000000001)
#define NEVERC_ASSEMBLY_PROVIDER_API_MAJOR UINT16_C(1)
#define NEVERC_ASSEMBLY_PROVIDER_API_MINOR UINT16_C(0)
#define NEVERC_ASSEMBLY_PROVIDER_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* Artifact IDs of the MC domain ("NCARTMO", 0x01): the MC unit, the
 * encoded unit, the layout proof and one instruction (pre/post_instruction).
 * The other Lows of this High (codegen product, assembly source and output,
 * object bytes, probe result, object graph and image) have no macro. */
#define NEVERC_ARTIFACT_MC_UNIT_HIGH UINT64_C(0x4e434152544d4f01)
#define NEVERC_ARTIFACT_MC_UNIT_LOW UINT64_C(0x0000000000000001)
#define NEVERC_ARTIFACT_MC_ENCODED_HIGH UINT64_C(0x4e434152544d4f01)
#define NEVERC_ARTIFACT_MC_ENCODED_LOW UINT64_C(0x0000000000000003)
#define NEVERC_ARTIFACT_MC_LAYOUT_HIGH UINT64_C(0x4e434152544d4f01)
#define NEVERC_ARTIFACT_MC_LAYOUT_LOW UINT64_C(0x0000000000000004)
#define NEVERC_ARTIFACT_MC_INSTRUCTION_HIGH UINT64_C(0x4e434152544d4f01)
#define NEVERC_ARTIFACT_MC_INSTRUCTION_LOW UINT64_C(0x000000000000000b)

typedef NevercHandle NevercMCUnitHandle;
typedef NevercHandle NevercMCSectionHandle;
typedef NevercHandle NevercMCFragmentHandle;
typedef NevercHandle NevercMCInstHandle;
typedef NevercHandle NevercMCOperandHandle;
typedef NevercHandle NevercMCExprHandle;
typedef NevercHandle NevercMCSymbolHandle;
typedef NevercHandle NevercMCFixupHandle;
typedef NevercHandle NevercMCBuilderHandle;
typedef NevercHandle NevercMCMutationHandle;
typedef NevercHandle NevercMCLayoutHandle;
/* Names the (LOCKSTEP) target schema a unit's opcodes, registers, target
 * fixups and variants belong to; GetSchemaTokenInfo resolves it. */
typedef NevercHandle NevercMCSchemaTokenHandle;
typedef NevercHandle NevercAssemblySourceCursorHandle;

/* Schema-defined sets: the values are in Schema/PluginMCSchema.inc. */
typedef uint32_t NevercMCOperandKind;
typedef uint32_t NevercMCExpressionKind;
typedef uint32_t NevercMCFragmentKind;
typedef uint32_t NevercMCFixupKind;
typedef uint32_t NevercMCLayoutState;

typedef uint64_t NevercMCSectionFlags;
#define NEVERC_MC_SECTION_ALLOCATED (UINT64_C(1) << 0)
#define NEVERC_MC_SECTION_EXECUTABLE (UINT64_C(1) << 1)
#define NEVERC_MC_SECTION_WRITABLE (UINT64_C(1) << 2)
#define NEVERC_MC_SECTION_MERGEABLE (UINT64_C(1) << 3)
#define NEVERC_MC_SECTION_DEBUG (UINT64_C(1) << 4)

typedef uint32_t NevercMCSymbolBinding;
#define NEVERC_MC_SYMBOL_BINDING_LOCAL UINT32_C(1)
#define NEVERC_MC_SYMBOL_BINDING_GLOBAL UINT32_C(2)
#define NEVERC_MC_SYMBOL_BINDING_WEAK UINT32_C(3)

typedef uint32_t NevercMCSymbolVisibility;
#define NEVERC_MC_SYMBOL_VISIBILITY_DEFAULT UINT32_C(1)
#define NEVERC_MC_SYMBOL_VISIBILITY_HIDDEN UINT32_C(2)
#define NEVERC_MC_SYMBOL_VISIBILITY_PROTECTED UINT32_C(3)

typedef uint32_t NevercMCSymbolType;
#define NEVERC_MC_SYMBOL_TYPE_NONE UINT32_C(0)
#define NEVERC_MC_SYMBOL_TYPE_FUNCTION UINT32_C(1)
#define NEVERC_MC_SYMBOL_TYPE_OBJECT UINT32_C(2)
#define NEVERC_MC_SYMBOL_TYPE_SECTION UINT32_C(3)
#define NEVERC_MC_SYMBOL_TYPE_TLS UINT32_C(4)

typedef uint32_t NevercMCSymbolDefinition;
#define NEVERC_MC_SYMBOL_DEFINITION_UNDEFINED UINT32_C(1)
#define NEVERC_MC_SYMBOL_DEFINITION_SECTION UINT32_C(2)
#define NEVERC_MC_SYMBOL_DEFINITION_ABSOLUTE UINT32_C(3)
#define NEVERC_MC_SYMBOL_DEFINITION_COMMON UINT32_C(4)

/* Unary operators use Left only; SHIFT_RIGHT is arithmetic (see above). */
typedef uint32_t NevercMCExpressionOperator;
#define NEVERC_MC_UNARY_PLUS UINT32_C(1)
#define NEVERC_MC_UNARY_MINUS UINT32_C(2)
#define NEVERC_MC_UNARY_NOT UINT32_C(3)
#define NEVERC_MC_BINARY_ADD UINT32_C(16)
#define NEVERC_MC_BINARY_SUBTRACT UINT32_C(17)
#define NEVERC_MC_BINARY_MULTIPLY UINT32_C(18)
#define NEVERC_MC_BINARY_DIVIDE UINT32_C(19)
#define NEVERC_MC_BINARY_AND UINT32_C(20)
#define NEVERC_MC_BINARY_OR UINT32_C(21)
#define NEVERC_MC_BINARY_XOR UINT32_C(22)
#define NEVERC_MC_BINARY_SHIFT_LEFT UINT32_C(23)
#define NEVERC_MC_BINARY_SHIFT_RIGHT UINT32_C(24)

/* In a fragment's ExplicitOffset or a fixup's Offset: the host places the
 * item. */
#define NEVERC_MC_AUTOMATIC_OFFSET UINT64_MAX

/* Event kind n is delivered by the phase listed at the top of the file. */
typedef uint32_t NevercMCEmissionEventKind;
#define NEVERC_MC_EMISSION_UNIT_BEGIN UINT32_C(1)
#define NEVERC_MC_EMISSION_UNIT_END UINT32_C(2)
#define NEVERC_MC_EMISSION_SECTION_CHANGE UINT32_C(3)
#define NEVERC_MC_EMISSION_PRE_INSTRUCTION UINT32_C(4)
#define NEVERC_MC_EMISSION_POST_INSTRUCTION UINT32_C(5)
#define NEVERC_MC_EMISSION_POST_ENCODE UINT32_C(6)
#define NEVERC_MC_EMISSION_FIXUP UINT32_C(7)
#define NEVERC_MC_EMISSION_RELAXATION_ROUND UINT32_C(8)
#define NEVERC_MC_EMISSION_PRE_LAYOUT UINT32_C(9)
#define NEVERC_MC_EMISSION_POST_LAYOUT UINT32_C(10)
/* Reserved: never delivered. */
#define NEVERC_MC_EMISSION_PRE_OBJECT_WRITE UINT32_C(11)

typedef uint64_t NevercMCEmissionEventFlags;
#define NEVERC_MC_EMISSION_HAS_SECTION (UINT64_C(1) << 0)
#define NEVERC_MC_EMISSION_HAS_INSTRUCTION (UINT64_C(1) << 1)
#define NEVERC_MC_EMISSION_HAS_ENCODING (UINT64_C(1) << 2)
#define NEVERC_MC_EMISSION_HAS_FIXUP (UINT64_C(1) << 3)
#define NEVERC_MC_EMISSION_HAS_LAYOUT (UINT64_C(1) << 4)
#define NEVERC_MC_EMISSION_CAN_REPLACE_INSTRUCTION (UINT64_C(1) << 5)

typedef uint32_t NevercMCDecodeOutcome;
#define NEVERC_MC_DECODE_SUCCESS UINT32_C(1)
#define NEVERC_MC_DECODE_SOFT_FAIL UINT32_C(2)
#define NEVERC_MC_DECODE_UNKNOWN UINT32_C(3)
#define NEVERC_MC_DECODE_FAIL UINT32_C(4)

/* NevercMCEncodedFixup.OperandIndex of a fixup tied to no operand. */
#define NEVERC_MC_NO_FIXUP_OPERAND UINT32_MAX

/* TARGET: the kind is a target fixup (TargetKind, LOCKSTEP). */
typedef uint64_t NevercMCFixupInfoFlags;
#define NEVERC_MC_FIXUP_INFO_PC_RELATIVE (UINT64_C(1) << 0)
#define NEVERC_MC_FIXUP_INFO_SIGNED (UINT64_C(1) << 1)
#define NEVERC_MC_FIXUP_INFO_RELAXABLE (UINT64_C(1) << 2)
#define NEVERC_MC_FIXUP_INFO_TARGET (UINT64_C(1) << 3)

/* BUFFER: a plain .s enters the parser directly. RENDERED_TOKENS: a .S
 * ran through the frontend preprocessor first (Preprocessed set); walk
 * the tokens with PeekSourceToken / AdvanceSourceToken. */
typedef uint32_t NevercAssemblySourceRepresentation;
#define NEVERC_ASSEMBLY_SOURCE_BUFFER UINT32_C(1)
#define NEVERC_ASSEMBLY_SOURCE_RENDERED_TOKENS UINT32_C(2)

#ifdef __cplusplus
}
#endif

#include "neverc/Plugin/Schema/PluginMCSchema.inc"

#if NEVERC_MC_SCHEMA_CAPABILITY_MAJOR != NEVERC_MC_API_MAJOR
#error "PluginMCSchema.inc capability major differs from NEVERC_MC_API_MAJOR"
#endif

#ifdef __cplusplus
extern "C" {
#endif

struct NevercMCAPI;

NEVERC_ABI_PACK_BEGIN

/* --- target schemas ---------------------------------------------------- */

/* One LOCKSTEP value of a target schema: BackendValue is the backend's
 * number, StableID the plugin's ID for it. */
typedef struct NevercMCSchemaValueDescriptor {
  NevercABITableHeader Header;
  uint32_t StableID;
  uint32_t BackendValue;
  NevercStringView CanonicalName;
  uint64_t Flags;
} NevercMCSchemaValueDescriptor;

/* The five arrays hold NevercMCSchemaValueDescriptor. */
typedef struct NevercMCSchemaDescriptor {
  NevercABITableHeader Header;
  NevercInterfaceID SchemaID;
  NevercTargetID TargetID;
  NevercStringView CanonicalName;
  NevercStringView Digest;
  NevercStructArrayView Opcodes;
  NevercStructArrayView Registers;
  NevercStructArrayView OperandKinds;
  NevercStructArrayView Relocations;
  NevercStructArrayView Variants;
  uint64_t Flags;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercMCSchemaDescriptor;

typedef struct NevercMCSchemaTokenInfo {
  NevercABITableHeader Header;
  NevercInterfaceID SchemaID;
  NevercTargetID TargetID;
  NevercStringView Digest;
  uint64_t UnitGeneration;
} NevercMCSchemaTokenInfo;

/* --- the MC unit --------------------------------------------------------- */

typedef struct NevercMCUnitInfo {
  NevercABITableHeader Header;
  NevercTargetID TargetID;
  NevercStringView TargetSchemaDigest;
  uint64_t Generation;
  uint64_t SectionCount;
  uint64_t SymbolCount;
  uint64_t ExpressionCount;
  uint64_t FragmentCount;
  uint64_t InstructionCount;
  uint64_t FixupCount;
} NevercMCUnitInfo;

/* The Descriptor structs are what Create* takes; the Info typedefs are what
 * Get*Info fills (the same layout). */
typedef struct NevercMCSectionDescriptor {
  NevercABITableHeader Header;
  NevercStringView Name;
  uint64_t Alignment;
  NevercMCSectionFlags Flags;
} NevercMCSectionDescriptor;

typedef NevercMCSectionDescriptor NevercMCSectionInfo;

/* Section is used with DEFINITION_SECTION; Flags must be 0. */
typedef struct NevercMCSymbolDescriptor {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercMCSymbolBinding Binding;
  NevercMCSymbolVisibility Visibility;
  NevercMCSymbolType Type;
  NevercMCSymbolDefinition Definition;
  NevercMCSectionHandle Section;
  uint64_t Value;
  uint64_t Size;
  uint64_t Alignment;
  uint64_t Flags;
} NevercMCSymbolDescriptor;

typedef NevercMCSymbolDescriptor NevercMCSymbolInfo;

/* Kind is a NEVERC_MC_EXPRESSION_* ID. BINARY uses Operator, Left, Right;
 * UNARY Operator and Left; CONSTANT Constant; SYMBOL_REF Symbol;
 * TARGET_VARIANT TargetVariant (LOCKSTEP, under SchemaToken) and, for
 * owner-defined data, ExtensionOwner and Extension. */
typedef struct NevercMCExpressionDescriptor {
  NevercABITableHeader Header;
  NevercMCExpressionKind Kind;
  NevercMCExpressionOperator Operator;
  int64_t Constant;
  NevercMCSymbolHandle Symbol;
  NevercMCExprHandle Left;
  NevercMCExprHandle Right;
  NevercMCSchemaTokenHandle SchemaToken;
  uint32_t TargetVariant;
  uint32_t Reserved;
  NevercInterfaceID ExtensionOwner;
  NevercByteView Extension;
} NevercMCExpressionDescriptor;

typedef NevercMCExpressionDescriptor NevercMCExpressionInfo;

/* Kind is a NEVERC_MC_FRAGMENT_* ID; FORMAT_EXTENSION carries its data in
 * ExtensionOwner / Extension under SchemaToken. */
typedef struct NevercMCFragmentDescriptor {
  NevercABITableHeader Header;
  NevercMCFragmentKind Kind;
  uint32_t FillValue;
  NevercMCSchemaTokenHandle SchemaToken;
  NevercMCSectionHandle Section;
  uint64_t ExplicitOffset;
  uint64_t Alignment;
  NevercByteView Contents;
  NevercInterfaceID ExtensionOwner;
  NevercByteView Extension;
} NevercMCFragmentDescriptor;

typedef NevercMCFragmentDescriptor NevercMCFragmentInfo;

/* Kind is a NEVERC_MC_FIXUP_* ID; TARGET_EXTENSION names the target fixup
 * in TargetKind (LOCKSTEP, under SchemaToken). Width is in bytes. */
typedef struct NevercMCFixupDescriptor {
  NevercABITableHeader Header;
  NevercMCFragmentHandle Fragment;
  NevercMCExprHandle Expression;
  uint64_t Offset;
  uint32_t Width;
  NevercBool IsPCRelative;
  NevercBool IsSigned;
  NevercBool MayRelax;
  uint8_t Reserved8;
  NevercMCFixupKind Kind;
  NevercMCSchemaTokenHandle SchemaToken;
  uint32_t TargetKind;
  uint32_t Reserved;
} NevercMCFixupDescriptor;

typedef NevercMCFixupDescriptor NevercMCFixupInfo;

typedef struct NevercMCSourceLocation {
  NevercABITableHeader Header;
  uint64_t FileID;
  uint64_t ByteOffset;
  uint32_t Line;
  uint32_t Column;
} NevercMCSourceLocation;

/* State is a NEVERC_MC_LAYOUT_STATE_* ID. */
typedef struct NevercMCLayoutStateInfo {
  NevercABITableHeader Header;
  NevercMCLayoutState State;
  uint32_t Reserved;
  uint64_t UnitGeneration;
  uint64_t TotalSize;
} NevercMCLayoutStateInfo;

/* Opcode is LOCKSTEP (under SchemaToken); Flags has no defined bits. */
typedef struct NevercMCInstructionInfo {
  NevercABITableHeader Header;
  NevercMCSchemaTokenHandle SchemaToken;
  uint32_t Opcode;
  uint32_t Flags;
  uint64_t OperandCount;
} NevercMCInstructionInfo;

/* --- operand values ---------------------------------------------------- */

/* Kind is LOCKSTEP; Payload is the target's encoding of the operand. */
typedef struct NevercMCOperandTargetExtension {
  uint32_t Kind;
  uint32_t Reserved;
  NevercByteView Payload;
} NevercMCOperandTargetExtension;

/* The member an operand kind uses is listed at the top of this file. The
 * float members are the IEEE bit patterns. */
typedef union NevercMCOperandPayload {
  uint32_t Register;
  int64_t Immediate;
  uint32_t SingleFloatBits;
  uint64_t DoubleFloatBits;
  NevercMCExprHandle Expression;
  NevercMCInstHandle Instruction;
  NevercMCOperandTargetExtension TargetExtension;
} NevercMCOperandPayload;

/* Kind is a NEVERC_MC_OPERAND_* ID (never LLVM's MCOperand kind);
 * SchemaToken names the schema of a REGISTER or TARGET_EXTENSION value. */
typedef struct NevercMCOperandValue {
  NevercABITableHeader Header;
  NevercMCOperandKind Kind;
  uint32_t Reserved;
  NevercMCSchemaTokenHandle SchemaToken;
  NevercMCOperandPayload Payload;
} NevercMCOperandValue;

/* --- emission events ----------------------------------------------------- */

typedef struct NevercMCEmissionSectionLayoutInfo {
  NevercABITableHeader Header;
  NevercStringView Name;
  uint64_t AddressSize;
  uint64_t FileSize;
  uint64_t FragmentCount;
} NevercMCEmissionSectionLayoutInfo;

/* Kind is a NEVERC_MC_FRAGMENT_* ID. */
typedef struct NevercMCEmissionFragmentLayoutInfo {
  NevercABITableHeader Header;
  uint64_t SectionIndex;
  uint64_t FragmentIndex;
  uint64_t Offset;
  uint64_t Size;
  NevercMCFragmentKind Kind;
  uint32_t Reserved;
} NevercMCEmissionFragmentLayoutInfo;

typedef struct NevercMCEmissionSymbolLayoutInfo {
  NevercABITableHeader Header;
  NevercStringView Name;
  uint64_t Value;
  NevercBool IsDefined;
  NevercBool IsResolved;
  uint8_t Reserved8[6];
} NevercMCEmissionSymbolLayoutInfo;

/* Kind is a NEVERC_MC_FIXUP_* ID. */
typedef struct NevercMCEmissionFixupLayoutInfo {
  NevercABITableHeader Header;
  uint64_t SectionIndex;
  uint64_t FragmentIndex;
  uint64_t Offset;
  uint64_t Value;
  uint32_t Kind;
  NevercBool IsResolved;
  uint8_t Reserved8[3];
} NevercMCEmissionFixupLayoutInfo;

/* Read a field only when its HAS_* flag is set (see the top of the file).
 * MC reads Unit and Instruction; it is the read-only bridge for an
 * observer (a mutation through it gives NEVERC_STATUS_POLICY_VIOLATION).
 * RelaxationRound counts from 1 in RELAXATION_ROUND events. */
typedef struct NevercMCEmissionEventInfo {
  NevercABITableHeader Header;
  NevercMCEmissionEventKind Kind;
  uint32_t RelaxationRound;
  NevercMCEmissionEventFlags Flags;
  const struct NevercMCAPI *MC;
  NevercMCUnitHandle Unit;
  NevercMCInstHandle Instruction;
  NevercStringView SectionName;
  NevercByteView EncodedBytes;
  NevercBool LayoutChanged;
  uint8_t Reserved8[7];
  NevercMCEmissionFixupLayoutInfo Fixup;
  uint64_t LayoutSectionCount;
  uint64_t LayoutFragmentCount;
  uint64_t LayoutSymbolCount;
  uint64_t LayoutFixupCount;
} NevercMCEmissionEventInfo;

/* --- encoders and decoders ---------------------------------------------- */

/* One fixup of an encoded instruction; Offset is relative to the start of
 * the instruction's bytes. */
typedef struct NevercMCEncodedFixup {
  NevercABITableHeader Header;
  uint64_t Offset;
  uint32_t Width;
  NevercBool IsPCRelative;
  NevercBool IsSigned;
  NevercBool MayRelax;
  uint8_t Reserved8;
  NevercMCFixupKind Kind;
  NevercMCSchemaTokenHandle SchemaToken;
  uint32_t TargetKind;
  uint32_t OperandIndex;
  int64_t Addend;
} NevercMCEncodedFixup;

typedef struct NevercMCEncodeRequest {
  NevercABITableHeader Header;
  const struct NevercMCAPI *MC;
  NevercTaskHandle Task;
  NevercMCUnitHandle Unit;
  NevercMCInstHandle Instruction;
  NevercMCSchemaTokenHandle SchemaToken;
  uint64_t Address;
  NevercStringArrayView Features;
} NevercMCEncodeRequest;

/* Host-owned; valid only during the EncodeInstruction call. */
typedef struct NevercMCEncodeSink {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *WriteBytes)(void *Context, NevercByteView Bytes);
  NevercStatus(NEVERC_CALL *AddFixup)(void *Context,
                                      const NevercMCEncodedFixup *Fixup);
} NevercMCEncodeSink;

typedef NevercStatus(NEVERC_CALL *NevercMCEncodeInstructionFn)(
    void *UserData, const NevercMCEncodeRequest *Request,
    const NevercMCEncodeSink *Sink);

/* The decoder builds the instruction in Unit through MC and Mutation. */
typedef struct NevercMCDecodeRequest {
  NevercABITableHeader Header;
  const struct NevercMCAPI *MC;
  NevercTaskHandle Task;
  NevercMCUnitHandle Unit;
  NevercMCMutationHandle Mutation;
  NevercMCSchemaTokenHandle SchemaToken;
  NevercByteView Bytes;
  uint64_t Address;
  NevercStringArrayView Features;
} NevercMCDecodeRequest;

typedef struct NevercMCDecodeResult {
  NevercABITableHeader Header;
  NevercMCDecodeOutcome Outcome;
  uint32_t Reserved;
  uint64_t ConsumedBytes;
  NevercMCInstHandle Instruction;
} NevercMCDecodeResult;

typedef NevercStatus(NEVERC_CALL *NevercMCDecodeInstructionFn)(
    void *UserData, const NevercMCDecodeRequest *Request,
    NevercMCDecodeResult *OutResult);

/* Encoders, decoders and asm backends are keyed by TargetID + SchemaID
 * (+ ProviderID). */
typedef struct NevercMCEncoderDescriptor {
  NevercABITableHeader Header;
  NevercInterfaceID ProviderID;
  NevercTargetID TargetID;
  NevercInterfaceID SchemaID;
  uint32_t MaximumInstructionLength;
  uint32_t Reserved;
  uint64_t Flags;
  NevercMCEncodeInstructionFn EncodeInstruction;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercMCEncoderDescriptor;

typedef struct NevercMCDecoderDescriptor {
  NevercABITableHeader Header;
  NevercInterfaceID ProviderID;
  NevercTargetID TargetID;
  NevercInterfaceID SchemaID;
  uint32_t MaximumInstructionLength;
  uint32_t Reserved;
  uint64_t Flags;
  NevercMCDecodeInstructionFn DecodeInstruction;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercMCDecoderDescriptor;

/* --- asm backends ------------------------------------------------------- */

/* A writable view of caller-owned bytes. */
typedef struct NevercMutableByteView {
  uint8_t *Data;
  uint64_t Length;
} NevercMutableByteView;

/* Host-owned; valid only during the WriteNops call. */
typedef struct NevercMCByteSink {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *WriteBytes)(void *Context, NevercByteView Bytes);
} NevercMCByteSink;

/* TargetOffset and TargetSize are in bits. */
typedef struct NevercMCFixupKindInfo {
  NevercABITableHeader Header;
  uint32_t TargetOffset;
  uint32_t TargetSize;
  NevercMCFixupInfoFlags Flags;
  uint64_t Reserved;
} NevercMCFixupKindInfo;

typedef struct NevercMCLayoutFixupRequest {
  NevercABITableHeader Header;
  NevercTaskHandle Task;
  NevercMCFixupKind Kind;
  uint32_t TargetKind;
  uint64_t FixupOffset;
  uint64_t FragmentOffset;
  uint64_t FragmentSize;
  uint64_t Place;
  uint32_t Width;
  NevercBool IsPCRelative;
  NevercBool IsSigned;
  NevercBool MayRelax;
  NevercBool IsResolved;
  int64_t Value;
  NevercStringView SymbolName;
} NevercMCLayoutFixupRequest;

/* ReplacementBytes is borrowed: the host copies it before the callback's
 * effects are used. */
typedef struct NevercMCRelaxationResult {
  NevercABITableHeader Header;
  NevercBool Changed;
  uint8_t Reserved8[7];
  NevercByteView ReplacementBytes;
  uint64_t NewFixupOffset;
  uint32_t NewFixupWidth;
  NevercMCFixupKind NewFixupKind;
  uint32_t NewTargetKind;
  uint32_t Reserved;
} NevercMCRelaxationResult;

typedef NevercStatus(NEVERC_CALL *NevercMCGetFixupKindInfoFn)(
    void *UserData, NevercMCFixupKind Kind, uint32_t TargetKind,
    NevercMCFixupKindInfo *OutInfo);
/* OutRelocationKind is the native relocation type (LOCKSTEP). */
typedef NevercStatus(NEVERC_CALL *NevercMCMapRelocationFn)(
    void *UserData, const NevercMCLayoutFixupRequest *Request,
    uint32_t *OutRelocationKind);
typedef NevercStatus(NEVERC_CALL *NevercMCShouldRelaxFixupFn)(
    void *UserData, const NevercMCLayoutFixupRequest *Request,
    NevercBool *OutRelax);
typedef NevercStatus(NEVERC_CALL *NevercMCRelaxFragmentFn)(
    void *UserData, const NevercMCLayoutFixupRequest *Request,
    NevercMCRelaxationResult *OutResult);
/* Bytes is passed by value: the fragment bytes the fixup patches. */
typedef NevercStatus(NEVERC_CALL *NevercMCApplyFixupFn)(
    void *UserData, const NevercMCLayoutFixupRequest *Request,
    NevercMutableByteView Bytes);
typedef NevercStatus(NEVERC_CALL *NevercMCWriteNopsFn)(
    void *UserData, uint64_t Count, const NevercMCByteSink *Sink);

/* Relaxation stops after MaximumLayoutIterations rounds. */
typedef struct NevercMCAsmBackendDescriptor {
  NevercABITableHeader Header;
  NevercInterfaceID ProviderID;
  NevercTargetID TargetID;
  NevercInterfaceID SchemaID;
  uint32_t MaximumLayoutIterations;
  uint32_t MinimumInstructionAlignment;
  uint64_t Flags;
  NevercMCGetFixupKindInfoFn GetFixupKindInfo;
  NevercMCMapRelocationFn MapRelocation;
  NevercMCShouldRelaxFixupFn ShouldRelaxFixup;
  NevercMCRelaxFragmentFn RelaxFragment;
  NevercMCApplyFixupFn ApplyFixup;
  NevercMCWriteNopsFn WriteNops;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercMCAsmBackendDescriptor;

/* --- MIR -> MC provider -------------------------------------------------- */

typedef struct NevercMIRToMCInputInfo {
  NevercABITableHeader Header;
  NevercMIRModuleHandle Module;
  NevercTargetID TargetID;
  NevercStringView CompatibilityKey;
  NevercStringView TargetSchemaDigest;
  uint64_t DefinedFunctionCount;
} NevercMIRToMCInputInfo;

/* --- assembly ------------------------------------------------------------ */

typedef struct NevercAssemblySourceInfo {
  NevercABITableHeader Header;
  NevercAssemblySourceRepresentation Representation;
  NevercBool Preprocessed;
  uint8_t Reserved8[3];
  NevercStringView Identifier;
  NevercStringView Buffer;
  NevercAssemblySourceCursorHandle Cursor;
  uint64_t Generation;
} NevercAssemblySourceInfo;

typedef struct NevercAssemblyTokenInfo {
  NevercABITableHeader Header;
  NevercStringView Spelling;
  uint64_t FileID;
  uint64_t ByteOffset;
  uint32_t Line;
  uint32_t Column;
  NevercBool StartOfLine;
  NevercBool LeadingSpace;
  uint8_t Reserved8[6];
} NevercAssemblyTokenInfo;

typedef struct NevercAssemblyParseInputInfo {
  NevercABITableHeader Header;
  NevercTargetID TargetID;
  NevercInterfaceID SchemaID;
  NevercStringView TargetSchemaDigest;
  NevercAssemblySourceInfo Source;
} NevercAssemblyParseInputInfo;

typedef struct NevercAssemblyPrintInputInfo {
  NevercABITableHeader Header;
  NevercTargetID TargetID;
  NevercInterfaceID SchemaID;
  NevercStringView TargetSchemaDigest;
  uint64_t UnitGeneration;
} NevercAssemblyPrintInputInfo;

typedef struct NevercAssemblyOutputMetadata {
  NevercABITableHeader Header;
  NevercStringView Syntax;
  NevercStringView Comment;
  uint64_t Flags;
} NevercAssemblyOutputMetadata;

/* --- tables ------------------------------------------------------------ */

/* Slots 1, 51, 52 and 53 are registration time only (the caller's
 * Register): RegistrarContext is the one Register received; no task. Every
 * other slot takes the task. Getters read; every slot taking a mutation
 * stages a change that CommitMutation applies. */
typedef struct NevercMCAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *RegisterSchema)(
      void *Context, void *RegistrarContext,
      const NevercMCSchemaDescriptor *Descriptor);
  NevercStatus(NEVERC_CALL *GetSchemaToken)(
      void *Context, NevercTaskHandle Task, NevercMCUnitHandle Unit,
      NevercMCSchemaTokenHandle *OutToken);
  NevercStatus(NEVERC_CALL *GetSchemaTokenInfo)(
      void *Context, NevercTaskHandle Task, NevercMCSchemaTokenHandle Token,
      NevercMCSchemaTokenInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetUnitInfo)(void *Context, NevercTaskHandle Task,
                                         NevercMCUnitHandle Unit,
                                         NevercMCUnitInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetFirstSection)(void *Context,
                                             NevercTaskHandle Task,
                                             NevercMCUnitHandle Unit,
                                             NevercMCSectionHandle *OutSection);
  NevercStatus(NEVERC_CALL *GetNextSection)(void *Context,
                                            NevercTaskHandle Task,
                                            NevercMCSectionHandle Section,
                                            NevercMCSectionHandle *OutSection);
  NevercStatus(NEVERC_CALL *GetSectionInfo)(void *Context,
                                            NevercTaskHandle Task,
                                            NevercMCSectionHandle Section,
                                            NevercMCSectionInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetFirstSymbol)(void *Context,
                                            NevercTaskHandle Task,
                                            NevercMCUnitHandle Unit,
                                            NevercMCSymbolHandle *OutSymbol);
  NevercStatus(NEVERC_CALL *GetNextSymbol)(void *Context, NevercTaskHandle Task,
                                           NevercMCSymbolHandle Symbol,
                                           NevercMCSymbolHandle *OutSymbol);
  NevercStatus(NEVERC_CALL *GetSymbolInfo)(void *Context, NevercTaskHandle Task,
                                           NevercMCSymbolHandle Symbol,
                                           NevercMCSymbolInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetExpressionInfo)(void *Context,
                                               NevercTaskHandle Task,
                                               NevercMCExprHandle Expression,
                                               NevercMCExpressionInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetFirstFragment)(
      void *Context, NevercTaskHandle Task, NevercMCSectionHandle Section,
      NevercMCFragmentHandle *OutFragment);
  NevercStatus(NEVERC_CALL *GetNextFragment)(
      void *Context, NevercTaskHandle Task, NevercMCFragmentHandle Fragment,
      NevercMCFragmentHandle *OutFragment);
  NevercStatus(NEVERC_CALL *GetFragmentInfo)(void *Context,
                                             NevercTaskHandle Task,
                                             NevercMCFragmentHandle Fragment,
                                             NevercMCFragmentInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetFirstFragmentInstruction)(
      void *Context, NevercTaskHandle Task, NevercMCFragmentHandle Fragment,
      NevercMCInstHandle *OutInstruction);
  NevercStatus(NEVERC_CALL *GetFirstFixup)(void *Context, NevercTaskHandle Task,
                                           NevercMCFragmentHandle Fragment,
                                           NevercMCFixupHandle *OutFixup);
  NevercStatus(NEVERC_CALL *GetNextFixup)(void *Context, NevercTaskHandle Task,
                                          NevercMCFixupHandle Fixup,
                                          NevercMCFixupHandle *OutFixup);
  NevercStatus(NEVERC_CALL *GetFixupInfo)(void *Context, NevercTaskHandle Task,
                                          NevercMCFixupHandle Fixup,
                                          NevercMCFixupInfo *OutInfo);
  NevercStatus(NEVERC_CALL *BeginMutation)(void *Context, NevercTaskHandle Task,
                                           NevercMCUnitHandle Unit,
                                           NevercMCMutationHandle *OutMutation);
  NevercStatus(NEVERC_CALL *CommitMutation)(void *Context,
                                            NevercTaskHandle Task,
                                            NevercMCMutationHandle Mutation);
  NevercStatus(NEVERC_CALL *AbandonMutation)(void *Context,
                                             NevercTaskHandle Task,
                                             NevercMCMutationHandle Mutation);
  NevercStatus(NEVERC_CALL *CreateSection)(
      void *Context, NevercTaskHandle Task, NevercMCMutationHandle Mutation,
      const NevercMCSectionDescriptor *Descriptor,
      NevercMCSectionHandle *OutSection);
  NevercStatus(NEVERC_CALL *MoveSectionBefore)(void *Context,
                                               NevercTaskHandle Task,
                                               NevercMCMutationHandle Mutation,
                                               NevercMCSectionHandle Section,
                                               NevercMCSectionHandle Position);
  NevercStatus(NEVERC_CALL *EraseSection)(void *Context, NevercTaskHandle Task,
                                          NevercMCMutationHandle Mutation,
                                          NevercMCSectionHandle Section);
  NevercStatus(NEVERC_CALL *CreateSymbol)(
      void *Context, NevercTaskHandle Task, NevercMCMutationHandle Mutation,
      const NevercMCSymbolDescriptor *Descriptor,
      NevercMCSymbolHandle *OutSymbol);
  NevercStatus(NEVERC_CALL *MoveSymbolBefore)(void *Context,
                                              NevercTaskHandle Task,
                                              NevercMCMutationHandle Mutation,
                                              NevercMCSymbolHandle Symbol,
                                              NevercMCSymbolHandle Position);
  NevercStatus(NEVERC_CALL *EraseSymbol)(void *Context, NevercTaskHandle Task,
                                         NevercMCMutationHandle Mutation,
                                         NevercMCSymbolHandle Symbol);
  NevercStatus(NEVERC_CALL *CreateExpression)(
      void *Context, NevercTaskHandle Task, NevercMCMutationHandle Mutation,
      const NevercMCExpressionDescriptor *Descriptor,
      NevercMCExprHandle *OutExpression);
  NevercStatus(NEVERC_CALL *SetExpressionOperands)(
      void *Context, NevercTaskHandle Task, NevercMCMutationHandle Mutation,
      NevercMCExprHandle Expression, NevercMCExprHandle Left,
      NevercMCExprHandle Right);
  NevercStatus(NEVERC_CALL *EraseExpression)(void *Context,
                                             NevercTaskHandle Task,
                                             NevercMCMutationHandle Mutation,
                                             NevercMCExprHandle Expression);
  NevercStatus(NEVERC_CALL *CreateFragment)(
      void *Context, NevercTaskHandle Task, NevercMCMutationHandle Mutation,
      NevercMCSectionHandle Section,
      const NevercMCFragmentDescriptor *Descriptor,
      NevercMCFragmentHandle *OutFragment);
  NevercStatus(NEVERC_CALL *MoveFragmentBefore)(
      void *Context, NevercTaskHandle Task, NevercMCMutationHandle Mutation,
      NevercMCFragmentHandle Fragment, NevercMCFragmentHandle Position);
  NevercStatus(NEVERC_CALL *EraseFragment)(void *Context, NevercTaskHandle Task,
                                           NevercMCMutationHandle Mutation,
                                           NevercMCFragmentHandle Fragment);
  NevercStatus(NEVERC_CALL *CreateFixup)(
      void *Context, NevercTaskHandle Task, NevercMCMutationHandle Mutation,
      NevercMCFragmentHandle Fragment,
      const NevercMCFixupDescriptor *Descriptor, NevercMCFixupHandle *OutFixup);
  NevercStatus(NEVERC_CALL *MoveFixupBefore)(void *Context,
                                             NevercTaskHandle Task,
                                             NevercMCMutationHandle Mutation,
                                             NevercMCFixupHandle Fixup,
                                             NevercMCFixupHandle Position);
  NevercStatus(NEVERC_CALL *EraseFixup)(void *Context, NevercTaskHandle Task,
                                        NevercMCMutationHandle Mutation,
                                        NevercMCFixupHandle Fixup);
  NevercStatus(NEVERC_CALL *GetFirstInstruction)(
      void *Context, NevercTaskHandle Task, NevercMCUnitHandle Unit,
      NevercMCInstHandle *OutInstruction);
  NevercStatus(NEVERC_CALL *GetNextInstruction)(
      void *Context, NevercTaskHandle Task, NevercMCInstHandle Instruction,
      NevercMCInstHandle *OutInstruction);
  NevercStatus(NEVERC_CALL *GetInstructionInfo)(
      void *Context, NevercTaskHandle Task, NevercMCInstHandle Instruction,
      NevercMCInstructionInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetInstructionOperand)(
      void *Context, NevercTaskHandle Task, NevercMCInstHandle Instruction,
      uint64_t Index, NevercMCOperandHandle *OutOperand);
  NevercStatus(NEVERC_CALL *GetOperandValue)(void *Context,
                                             NevercTaskHandle Task,
                                             NevercMCOperandHandle Operand,
                                             NevercMCOperandValue *OutValue);
  /* Opcode is LOCKSTEP, bound to SchemaToken. */
  NevercStatus(NEVERC_CALL *CreateInstruction)(
      void *Context, NevercTaskHandle Task, NevercMCMutationHandle Mutation,
      NevercMCSchemaTokenHandle SchemaToken, uint32_t Opcode,
      NevercMCInstHandle *OutInstruction);
  NevercStatus(NEVERC_CALL *AppendOperand)(void *Context, NevercTaskHandle Task,
                                           NevercMCMutationHandle Mutation,
                                           NevercMCInstHandle Instruction,
                                           const NevercMCOperandValue *Value);
  NevercStatus(NEVERC_CALL *InsertOperand)(void *Context, NevercTaskHandle Task,
                                           NevercMCMutationHandle Mutation,
                                           NevercMCInstHandle Instruction,
                                           uint64_t Index,
                                           const NevercMCOperandValue *Value,
                                           NevercMCOperandHandle *OutOperand);
  NevercStatus(NEVERC_CALL *EraseOperand)(void *Context, NevercTaskHandle Task,
                                          NevercMCMutationHandle Mutation,
                                          NevercMCInstHandle Instruction,
                                          uint64_t Index);
  NevercStatus(NEVERC_CALL *InsertInstructionBefore)(
      void *Context, NevercTaskHandle Task, NevercMCMutationHandle Mutation,
      NevercMCInstHandle Position, NevercMCInstHandle Instruction);
  NevercStatus(NEVERC_CALL *AppendInstruction)(void *Context,
                                               NevercTaskHandle Task,
                                               NevercMCMutationHandle Mutation,
                                               NevercMCUnitHandle Unit,
                                               NevercMCInstHandle Instruction);
  NevercStatus(NEVERC_CALL *AppendInstructionToFragment)(
      void *Context, NevercTaskHandle Task, NevercMCMutationHandle Mutation,
      NevercMCFragmentHandle Fragment, NevercMCInstHandle Instruction);
  NevercStatus(NEVERC_CALL *ReplaceInstruction)(void *Context,
                                                NevercTaskHandle Task,
                                                NevercMCMutationHandle Mutation,
                                                NevercMCInstHandle Instruction,
                                                NevercMCInstHandle Replacement);
  NevercStatus(NEVERC_CALL *EraseInstruction)(void *Context,
                                              NevercTaskHandle Task,
                                              NevercMCMutationHandle Mutation,
                                              NevercMCInstHandle Instruction);
  NevercStatus(NEVERC_CALL *RegisterEncoder)(
      void *Context, void *RegistrarContext,
      const NevercMCEncoderDescriptor *Descriptor);
  NevercStatus(NEVERC_CALL *RegisterDecoder)(
      void *Context, void *RegistrarContext,
      const NevercMCDecoderDescriptor *Descriptor);
  NevercStatus(NEVERC_CALL *RegisterAsmBackend)(
      void *Context, void *RegistrarContext,
      const NevercMCAsmBackendDescriptor *Descriptor);
} NevercMCAPI;

/* For the neverc.mc.emission.* phases; pass Frame->Input as Artifact.
 * Replacement (pre_instruction interceptor with CAN_REPLACE_INSTRUCTION):
 * BeginInstructionReplacement gives a mutable copy of the instruction,
 * edit it through MC->BeginMutation ... CommitMutation, then
 * PublishInstructionReplacement yields the phase output (checked by
 * neverc.mc.verify_instruction_candidate). The GetLayout* slots need
 * HAS_LAYOUT; Index runs below the event's Layout*Count. */
typedef struct NevercMCEmissionAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *GetEvent)(void *Context,
                                      const NevercPhaseFrame *Frame,
                                      NevercArtifactHandle Artifact,
                                      NevercMCEmissionEventInfo *OutInfo);
  NevercStatus(NEVERC_CALL *BeginInstructionReplacement)(
      void *Context, const NevercPhaseFrame *Frame,
      NevercPhaseContinuation *Continuation, const struct NevercMCAPI **OutMC,
      NevercMCUnitHandle *OutUnit, NevercMCInstHandle *OutInstruction);
  NevercStatus(NEVERC_CALL *PublishInstructionReplacement)(
      void *Context, const NevercPhaseFrame *Frame,
      NevercPhaseContinuation *Continuation,
      NevercArtifactHandle *OutInstruction);
  NevercStatus(NEVERC_CALL *GetLayoutSection)(
      void *Context, const NevercPhaseFrame *Frame,
      NevercArtifactHandle Artifact, uint64_t Index,
      NevercMCEmissionSectionLayoutInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetLayoutFragment)(
      void *Context, const NevercPhaseFrame *Frame,
      NevercArtifactHandle Artifact, uint64_t Index,
      NevercMCEmissionFragmentLayoutInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetLayoutSymbol)(
      void *Context, const NevercPhaseFrame *Frame,
      NevercArtifactHandle Artifact, uint64_t Index,
      NevercMCEmissionSymbolLayoutInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetLayoutFixup)(
      void *Context, const NevercPhaseFrame *Frame,
      NevercArtifactHandle Artifact, uint64_t Index,
      NevercMCEmissionFixupLayoutInfo *OutInfo);
} NevercMCEmissionAPI;

/* For a provider of neverc.codegen.mir_to_mc: read the input, walk the
 * defined machine functions (Index 0 .. DefinedFunctionCount - 1), build
 * into the unit GetMCBuilder returns, then publish. */
typedef struct NevercMCProviderAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *GetMIRToMCInput)(void *Context,
                                             const NevercPhaseFrame *Frame,
                                             NevercArtifactHandle Input,
                                             NevercMIRToMCInputInfo *OutInfo);
  NevercStatus(NEVERC_CALL *GetMachineFunction)(
      void *Context, const NevercPhaseFrame *Frame, uint64_t Index,
      const NevercMIRAPI **OutMIR, NevercMachineFunctionHandle *OutFunction);
  NevercStatus(NEVERC_CALL *GetMCBuilder)(void *Context,
                                          const NevercPhaseFrame *Frame,
                                          const NevercMCAPI **OutMC,
                                          NevercMCUnitHandle *OutUnit);
  NevercStatus(NEVERC_CALL *PublishMCUnit)(void *Context,
                                           const NevercPhaseFrame *Frame,
                                           NevercArtifactHandle *OutUnit);
} NevercMCProviderAPI;

/* Parser (neverc.assembly.parse): GetParseInput, walk the tokens from
 * Source.Cursor or read Source.Buffer, build into the unit
 * GetParseMCBuilder returns, PublishParsedMCUnit. Printer
 * (neverc.assembly.print): GetPrintInput (read access to the unit),
 * WritePrintOutput (only into the staged output transaction),
 * PublishAssemblyOutput. */
typedef struct NevercAssemblyProviderAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *GetParseInput)(
      void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
      NevercAssemblyParseInputInfo *OutInfo);
  NevercStatus(NEVERC_CALL *PeekSourceToken)(
      void *Context, const NevercPhaseFrame *Frame,
      NevercAssemblySourceCursorHandle Cursor,
      NevercAssemblyTokenInfo *OutToken);
  NevercStatus(NEVERC_CALL *AdvanceSourceToken)(
      void *Context, const NevercPhaseFrame *Frame,
      NevercAssemblySourceCursorHandle Cursor);
  NevercStatus(NEVERC_CALL *GetParseMCBuilder)(void *Context,
                                               const NevercPhaseFrame *Frame,
                                               const struct NevercMCAPI **OutMC,
                                               NevercMCUnitHandle *OutUnit);
  NevercStatus(NEVERC_CALL *PublishParsedMCUnit)(void *Context,
                                                 const NevercPhaseFrame *Frame,
                                                 NevercArtifactHandle *OutUnit);
  NevercStatus(NEVERC_CALL *GetPrintInput)(
      void *Context, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
      NevercAssemblyPrintInputInfo *OutInfo, const struct NevercMCAPI **OutMC,
      NevercMCUnitHandle *OutUnit);
  NevercStatus(NEVERC_CALL *WritePrintOutput)(void *Context,
                                              const NevercPhaseFrame *Frame,
                                              NevercStringView Text);
  NevercStatus(NEVERC_CALL *PublishAssemblyOutput)(
      void *Context, const NevercPhaseFrame *Frame,
      const NevercAssemblyOutputMetadata *Metadata,
      NevercArtifactHandle *OutOutput);
} NevercAssemblyProviderAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINMC_H */
