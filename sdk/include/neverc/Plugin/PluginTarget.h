/*
 * neverc plugin SDK -- targets, ABI classification and calling conventions
 * (pure C11).
 *
 * Three registration tables, each negotiated on its own:
 *  - NevercTargetAPI (NEVERC_INTERFACE_TARGET_*) adds a target (triple
 *    matchers, machine description, macros, builtins, inline-asm registers
 *    and constraints, CPU/feature callbacks, target-machine factory) and
 *    code-generation route edges (NevercCodeGenEdgeDescriptor).
 *  - NevercTargetABIAPI (NEVERC_INTERFACE_TARGET_ABI_*) adds an ABI: a
 *    callback that classifies a function signature's return value and
 *    arguments the way Clang's ABIArgInfo does, plus the va_arg rules.
 *  - NevercCallingConventionAPI (NEVERC_INTERFACE_CALLING_CONVENTION_*)
 *    adds a calling convention whose PlanCallingConvention callback fills a
 *    location table (NevercCallingConventionPlan) for a signature.
 * All three slots are registration time only: RegistrarContext is the one
 * the plugin's Register received; there is no task.
 *
 * Two compatibility tiers: the descriptors, route keys, product kinds and
 * every callback contract here are STABLE. Register numbers, stack offsets
 * tied to a register file and the other target-specific values a plan or
 * descriptor carries are LOCKSTEP: they mean something only against the
 * schema named by the SchemaDigest that travels with them
 * (NevercTargetMachineDescriptor, NevercTargetKey,
 * NevercCallingConventionQuery). Compare the digest before reading them;
 * the host also refuses a mismatched schema (NEVERC_STATUS_ABI_MISMATCH)
 * before it calls a provider.
 *
 * Decisions recorded here (shared/spec/target-mc-object.md section 4 and
 * shared/spec/callconv.md sections 2-3, revision d8e95a6d):
 *  - The calling-convention types (NevercCallingConventionLocation, _Query,
 *    _Plan, _Descriptor, NevercPlanCallingConventionFn) live in this header,
 *    as callconv.md section 3 places them; their layout is callconv.md's.
 *  - NevercTargetID, NevercTargetABIID and NevercCallingConventionID are
 *    each a direct typedef of NevercInterfaceID, not of one another: where
 *    the two digests differed, callconv.md section 3 "(reconciled with
 *    target-mc-object.md)" wins. The types are identical either way, so
 *    the choice changes no layout and no overload.
 *  - PlanCallingConvention was appended in CALLING_CONVENTION 1.1: a 1.0
 *    descriptor's Header.StructSize ends before it, and the host then never
 *    asks that convention for a plan.
 *  - LLVMCallingConvention 0 means "no native LLVM convention, use plans".
 *  - The plan's location and callee-saved arrays are borrowed: the host
 *    copies them before the callback's effects are used and never keeps
 *    the plugin's pointers (static arrays are fine).
 *  - An empty field of a NevercTargetTripleMatcher is a wildcard.
 *  - Flags fields without defined bits (NevercTargetDescriptor, register,
 *    address-space, ABI and calling-convention descriptors, plans, product
 *    candidates) and every Reserved field must be 0.
 *  - NEVERC_CODEGEN_EDGE_BUILTIN marks the host's own edges; a plugin edge
 *    leaves it clear (INVALID_DESCRIPTOR otherwise).
 *  - This host routes coarse edges from IR to an object image, for x86-64,
 *    AArch64, a plugin target registered before the edge, or any target
 *    (null TargetID); a fine-grained edge or another coarse product is
 *    CAPABILITY_UNAVAILABLE (with a warning). The first registered edge
 *    matching a compile's target replaces its code generation, inside
 *    neverc.codegen.coarse_lower. An edge for x86-64 does not serve a
 *    plugin target over x86_64: that is another target. Every interface
 *    an edge lists in Dependencies must be published already
 *    (NEVERC_STATUS_DEPENDENCY_MISSING otherwise).
 *  - RegisterTarget takes a target over an architecture LLVM 22 has a
 *    backend for here (x86_64, aarch64): triple matchers and macros. A
 *    compile whose triple a matcher selects (highest Priority, then the
 *    first registered; an empty matcher field matches anything) gets the
 *    macros (an UNDEFINE one undefines a -D) and the target's ID in its
 *    route key. Aliases, builtins, registers, constraints, clobbers, CPU
 *    and feature callbacks, a target machine, a machine description, and
 *    a default ABI, convention, MC schema or object format are
 *    CAPABILITY_UNAVAILABLE (with a warning): Clang 22's TargetInfo
 *    subclasses are private and the architecture's LLVM backend serves the
 *    compile.
 *  - No slot creates a product: on entry to CoarseLower, OutCandidate has
 *    Kind NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE and Artifact naming the empty
 *    candidate image the host made. Fill it through PluginObject.h's
 *    NevercObjectPhaseAPI.GetImage(Context, NULL, Artifact, &Info) (no
 *    frame: the artifact names its task) and Info's Binary and Builder,
 *    set ProductID to the edge's, and leave Artifact, Flags, Reserved and
 *    Proof as they are. The same call reads the product in VerifyProduct.
 *  - A phase provider of neverc.codegen.coarse_lower (or an interceptor
 *    that returns REPLACE) fills Frame->CurrentOutput, the same candidate,
 *    and returns it as its Output.
 *  - ABI argument kinds and ABI argument flags share the prefix
 *    NEVERC_ABI_ARGUMENT_ (..._DIRECT and ..._BYVAL are both 1), as ABI type
 *    kinds and flags share NEVERC_ABI_TYPE_: the names are the ABI's, so
 *    check which typedef a field has before comparing.
 *  - The CPU callbacks (ValidateCPU, CanonicalizeCPU, ListCPUs,
 *    ResolveFeatures) take the task first and UserData after their inputs;
 *    every other callback here takes UserData first. That is the ABI, not
 *    a slip.
 */
#ifndef NEVERC_PLUGIN_PLUGINTARGET_H
#define NEVERC_PLUGIN_PLUGINTARGET_H

#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginIR.h"
#include "neverc/Plugin/PluginPhaseSchema.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "NCPTGT", 0, 0x01 / 1. */
#define NEVERC_INTERFACE_TARGET_HIGH UINT64_C(0x4e43505447540001)
#define NEVERC_INTERFACE_TARGET_LOW UINT64_C(0x0000000000000001)
#define NEVERC_TARGET_API_MAJOR UINT16_C(1)
#define NEVERC_TARGET_API_MINOR UINT16_C(1)
#define NEVERC_TARGET_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* "NCPTABI", 0x01 / 1. */
#define NEVERC_INTERFACE_TARGET_ABI_HIGH UINT64_C(0x4e43505441424901)
#define NEVERC_INTERFACE_TARGET_ABI_LOW UINT64_C(0x0000000000000001)
#define NEVERC_TARGET_ABI_API_MAJOR UINT16_C(1)
#define NEVERC_TARGET_ABI_API_MINOR UINT16_C(0)
#define NEVERC_TARGET_ABI_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* "NCPTCC", 0, 0x01 / 1. The table is STABLE; the register numbers and
 * stack offsets its plans carry are LOCKSTEP (see above). */
#define NEVERC_INTERFACE_CALLING_CONVENTION_HIGH UINT64_C(0x4e43505443430001)
#define NEVERC_INTERFACE_CALLING_CONVENTION_LOW UINT64_C(0x0000000000000001)
#define NEVERC_CALLING_CONVENTION_API_MAJOR UINT16_C(1)
#define NEVERC_CALLING_CONVENTION_API_MINOR UINT16_C(1)
#define NEVERC_CALLING_CONVENTION_INTERFACE_STABILITY NEVERC_INTERFACE_STABLE

/* The built-in targets' IDs and the convention every plan built from a
 * "neverc-callconv" spec names. The spec leaves them to the host; these are
 * neverc's ("NCTARGET" 1 and 2, "NCCONVN1" 1), STABLE. A plan's register
 * numbers are LLVM's, under the schema digest "llvm22-<triple>". */
#define NEVERC_TARGET_ID_X86_64_HIGH UINT64_C(0x4e43544152474554)
#define NEVERC_TARGET_ID_X86_64_LOW UINT64_C(0x0000000000000001)
#define NEVERC_TARGET_ID_AARCH64_HIGH UINT64_C(0x4e43544152474554)
#define NEVERC_TARGET_ID_AARCH64_LOW UINT64_C(0x0000000000000002)
#define NEVERC_CALLING_CONVENTION_ID_SPEC_HIGH UINT64_C(0x4e43434f4e564e31)
#define NEVERC_CALLING_CONVENTION_ID_SPEC_LOW UINT64_C(0x0000000000000001)

typedef NevercInterfaceID NevercTargetID;
typedef NevercInterfaceID NevercTargetABIID;
typedef NevercInterfaceID NevercCallingConventionID;

typedef NevercHandle NevercTargetHandle;
typedef NevercHandle NevercTargetSnapshotHandle;
typedef NevercHandle NevercTargetSchemaHandle;
typedef NevercHandle NevercTargetKeyHandle;
typedef NevercHandle NevercTargetMachineHandle;
typedef NevercHandle NevercTargetRouteHandle;
typedef NevercHandle NevercTargetABIHandle;
typedef NevercHandle NevercCallingConventionHandle;

/* What a route edge consumes and produces. The fine route is
 * IR -> MIR -> MC -> OBJECT_GRAPH -> OBJECT_IMAGE; a coarse edge spans
 * IR -> OBJECT_IMAGE (or another product) in one step. */
typedef uint32_t NevercCodeGenProductKind;
#define NEVERC_CODEGEN_PRODUCT_IR UINT32_C(1)
#define NEVERC_CODEGEN_PRODUCT_MIR UINT32_C(2)
#define NEVERC_CODEGEN_PRODUCT_MC UINT32_C(3)
#define NEVERC_CODEGEN_PRODUCT_ASSEMBLY UINT32_C(4)
#define NEVERC_CODEGEN_PRODUCT_OBJECT_GRAPH UINT32_C(5)
#define NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE UINT32_C(6)
#define NEVERC_CODEGEN_PRODUCT_CUSTOM UINT32_C(0x10000)

/* COARSE: the edge supplies CoarseLower and replaces the whole
 * IR -> ObjectImage span; its product still passes the sealed
 * neverc.codegen.product_verify and the transactional output commit. */
typedef uint64_t NevercCodeGenEdgeFlags;
#define NEVERC_CODEGEN_EDGE_COARSE UINT64_C(1)
#define NEVERC_CODEGEN_EDGE_BUILTIN UINT64_C(2)

/* What VerifyProduct must confirm; the host ORs the ones it expects. */
typedef uint64_t NevercCodeGenVerificationObligations;
#define NEVERC_CODEGEN_VERIFY_FINAL_IR UINT64_C(1)
#define NEVERC_CODEGEN_VERIFY_TARGET_KEY UINT64_C(2)
#define NEVERC_CODEGEN_VERIFY_PRODUCT_KIND UINT64_C(4)
#define NEVERC_CODEGEN_VERIFY_PRODUCT_ID UINT64_C(8)
#define NEVERC_CODEGEN_VERIFY_STRUCTURE UINT64_C(16)

typedef uint32_t NevercTargetEndianness;
#define NEVERC_TARGET_ENDIAN_LITTLE UINT32_C(1)
#define NEVERC_TARGET_ENDIAN_BIG UINT32_C(2)

typedef uint32_t NevercTargetBuiltinVaListKind;
#define NEVERC_TARGET_VA_LIST_CHAR_POINTER UINT32_C(1)
#define NEVERC_TARGET_VA_LIST_VOID_POINTER UINT32_C(2)
#define NEVERC_TARGET_VA_LIST_AARCH64 UINT32_C(3)
#define NEVERC_TARGET_VA_LIST_X86_64 UINT32_C(4)

typedef uint64_t NevercTargetMacroFlags;
#define NEVERC_TARGET_MACRO_UNDEFINE UINT64_C(1)

typedef uint64_t NevercTargetConstraintFlags;
#define NEVERC_TARGET_CONSTRAINT_ALLOWS_MEMORY UINT64_C(1)
#define NEVERC_TARGET_CONSTRAINT_ALLOWS_REGISTER UINT64_C(2)
#define NEVERC_TARGET_CONSTRAINT_IMMEDIATE UINT64_C(4)

typedef uint32_t NevercTargetBuiltinLanguages;
#define NEVERC_TARGET_BUILTIN_LANGUAGE_GNU UINT32_C(1)
#define NEVERC_TARGET_BUILTIN_LANGUAGE_C UINT32_C(2)
#define NEVERC_TARGET_BUILTIN_LANGUAGE_MS UINT32_C(16)

/* Bits: a descriptor's ExecutionLevels is a mask of them. */
typedef uint64_t NevercTargetExecutionLevel;
#define NEVERC_TARGET_EXECUTION_USER UINT64_C(1)
#define NEVERC_TARGET_EXECUTION_KERNEL UINT64_C(2)
#define NEVERC_TARGET_EXECUTION_HYPERVISOR UINT64_C(4)
#define NEVERC_TARGET_EXECUTION_FIRMWARE UINT64_C(8)

/* A value names one model; SupportedRelocationModels is a mask of the
 * _MASK_ bits (1 << (value - 1)). */
typedef uint32_t NevercTargetRelocationModel;
#define NEVERC_TARGET_RELOCATION_STATIC UINT32_C(1)
#define NEVERC_TARGET_RELOCATION_PIC UINT32_C(2)
#define NEVERC_TARGET_RELOCATION_DYNAMIC_NO_PIC UINT32_C(3)
#define NEVERC_TARGET_RELOCATION_ROPI UINT32_C(4)
#define NEVERC_TARGET_RELOCATION_RWPI UINT32_C(5)
#define NEVERC_TARGET_RELOCATION_ROPI_RWPI UINT32_C(6)
#define NEVERC_TARGET_RELOCATION_MASK_STATIC UINT64_C(1)
#define NEVERC_TARGET_RELOCATION_MASK_PIC UINT64_C(2)
#define NEVERC_TARGET_RELOCATION_MASK_DYNAMIC_NO_PIC UINT64_C(4)
#define NEVERC_TARGET_RELOCATION_MASK_ROPI UINT64_C(8)
#define NEVERC_TARGET_RELOCATION_MASK_RWPI UINT64_C(16)
#define NEVERC_TARGET_RELOCATION_MASK_ROPI_RWPI UINT64_C(32)

/* Likewise: SupportedCodeModels is a mask of the _MASK_ bits. */
typedef uint32_t NevercTargetCodeModel;
#define NEVERC_TARGET_CODE_MODEL_TINY UINT32_C(1)
#define NEVERC_TARGET_CODE_MODEL_SMALL UINT32_C(2)
#define NEVERC_TARGET_CODE_MODEL_KERNEL UINT32_C(3)
#define NEVERC_TARGET_CODE_MODEL_MEDIUM UINT32_C(4)
#define NEVERC_TARGET_CODE_MODEL_LARGE UINT32_C(5)
#define NEVERC_TARGET_CODE_MODEL_MASK_TINY UINT64_C(1)
#define NEVERC_TARGET_CODE_MODEL_MASK_SMALL UINT64_C(2)
#define NEVERC_TARGET_CODE_MODEL_MASK_KERNEL UINT64_C(4)
#define NEVERC_TARGET_CODE_MODEL_MASK_MEDIUM UINT64_C(8)
#define NEVERC_TARGET_CODE_MODEL_MASK_LARGE UINT64_C(16)

typedef uint32_t NevercTargetExceptionModel;
#define NEVERC_TARGET_EXCEPTION_NONE UINT32_C(1)
#define NEVERC_TARGET_EXCEPTION_DWARF UINT32_C(2)
#define NEVERC_TARGET_EXCEPTION_SJLJ UINT32_C(3)
#define NEVERC_TARGET_EXCEPTION_SEH UINT32_C(4)
#define NEVERC_TARGET_EXCEPTION_WASM UINT32_C(5)

typedef uint32_t NevercTargetUnwindModel;
#define NEVERC_TARGET_UNWIND_NONE UINT32_C(1)
#define NEVERC_TARGET_UNWIND_DWARF UINT32_C(2)
#define NEVERC_TARGET_UNWIND_COMPACT UINT32_C(3)
#define NEVERC_TARGET_UNWIND_SEH UINT32_C(4)
#define NEVERC_TARGET_UNWIND_SJLJ UINT32_C(5)
#define NEVERC_TARGET_UNWIND_WASM UINT32_C(6)

typedef uint32_t NevercCodeGenOptimizationLevel;
#define NEVERC_CODEGEN_OPT_NONE UINT32_C(1)
#define NEVERC_CODEGEN_OPT_LESS UINT32_C(2)
#define NEVERC_CODEGEN_OPT_DEFAULT UINT32_C(3)
#define NEVERC_CODEGEN_OPT_AGGRESSIVE UINT32_C(4)

typedef uint32_t NevercABITypeKind;
#define NEVERC_ABI_TYPE_VOID UINT32_C(1)
#define NEVERC_ABI_TYPE_BOOLEAN UINT32_C(2)
#define NEVERC_ABI_TYPE_INTEGER UINT32_C(3)
#define NEVERC_ABI_TYPE_FLOAT UINT32_C(4)
#define NEVERC_ABI_TYPE_POINTER UINT32_C(5)
#define NEVERC_ABI_TYPE_VECTOR UINT32_C(6)
#define NEVERC_ABI_TYPE_RECORD UINT32_C(7)
#define NEVERC_ABI_TYPE_UNION UINT32_C(8)
#define NEVERC_ABI_TYPE_ARRAY UINT32_C(9)
#define NEVERC_ABI_TYPE_COMPLEX UINT32_C(10)
#define NEVERC_ABI_TYPE_ENUM UINT32_C(11)
#define NEVERC_ABI_TYPE_OTHER UINT32_C(0x10000)

typedef uint64_t NevercABITypeFlags;
#define NEVERC_ABI_TYPE_SIGNED UINT64_C(1)
#define NEVERC_ABI_TYPE_AGGREGATE UINT64_C(2)

/* Clang's ABIArgInfo kinds. COERCE_AND_EXPAND uses CoerceAndExpandElements
 * and CoerceAndExpandSize of the classification. */
typedef uint32_t NevercABIArgumentKind;
#define NEVERC_ABI_ARGUMENT_DIRECT UINT32_C(1)
#define NEVERC_ABI_ARGUMENT_EXTEND UINT32_C(2)
#define NEVERC_ABI_ARGUMENT_INDIRECT UINT32_C(3)
#define NEVERC_ABI_ARGUMENT_IGNORE UINT32_C(4)
#define NEVERC_ABI_ARGUMENT_EXPAND UINT32_C(5)
#define NEVERC_ABI_ARGUMENT_INDIRECT_ALIASED UINT32_C(6)
#define NEVERC_ABI_ARGUMENT_COERCE_AND_EXPAND UINT32_C(7)

typedef uint32_t NevercABICoercionKind;
#define NEVERC_ABI_COERCE_NONE UINT32_C(0)
#define NEVERC_ABI_COERCE_INTEGER UINT32_C(1)
#define NEVERC_ABI_COERCE_FLOAT UINT32_C(2)
#define NEVERC_ABI_COERCE_POINTER UINT32_C(3)

/* PADDING_INREG applies to the optional padding slot the Padding* fields
 * describe. */
typedef uint64_t NevercABIArgumentFlags;
#define NEVERC_ABI_ARGUMENT_BYVAL UINT64_C(1)
#define NEVERC_ABI_ARGUMENT_REALIGN UINT64_C(2)
#define NEVERC_ABI_ARGUMENT_INREG UINT64_C(4)
#define NEVERC_ABI_ARGUMENT_SRET_AFTER_THIS UINT64_C(8)
#define NEVERC_ABI_ARGUMENT_CAN_BE_FLATTENED UINT64_C(16)
#define NEVERC_ABI_ARGUMENT_SIGN_EXTEND UINT64_C(32)
#define NEVERC_ABI_ARGUMENT_PADDING_INREG UINT64_C(64)

typedef uint32_t NevercABIVAArgKind;
#define NEVERC_ABI_VA_ARG_LLVM UINT32_C(1)
#define NEVERC_ABI_VA_ARG_VOID_POINTER UINT32_C(2)

typedef uint32_t NevercCallingConventionLocationKind;
#define NEVERC_CC_LOCATION_REGISTER UINT32_C(1)
#define NEVERC_CC_LOCATION_STACK UINT32_C(2)

/* INDIRECT: the location holds a pointer to the value; BYVAL: a copied
 * aggregate. */
typedef uint64_t NevercCallingConventionLocationFlags;
#define NEVERC_CC_LOCATION_INDIRECT UINT64_C(1)
#define NEVERC_CC_LOCATION_BYVAL UINT64_C(2)

NEVERC_ABI_PACK_BEGIN

/* Typed array views, laid out like NevercStructArrayView (ElementStride in
 * bytes). */
typedef struct NevercStringArrayView {
  const NevercStringView *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercStringArrayView;

typedef struct NevercInterfaceIDArrayView {
  const NevercInterfaceID *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercInterfaceIDArrayView;

typedef struct NevercInt32ArrayView {
  const int32_t *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercInt32ArrayView;

typedef struct NevercUInt32ArrayView {
  const uint32_t *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercUInt32ArrayView;

/* --- ABI classification ---------------------------------------------- */

typedef struct NevercABITypeDescriptor {
  NevercABITableHeader Header;
  NevercABITypeKind Kind;
  uint32_t BitWidth;
  uint32_t Alignment;
  uint32_t AddressSpace;
  NevercABITypeFlags Flags;
} NevercABITypeDescriptor;

typedef struct NevercABICoercionElement {
  NevercABITableHeader Header;
  NevercABICoercionKind Coercion;
  uint32_t BitWidth;
  uint32_t AddressSpace;
  uint32_t Offset;
  uint64_t Reserved;
} NevercABICoercionElement;

/* CoerceAndExpandElements holds NevercABICoercionElement. */
typedef struct NevercABIArgumentClassification {
  NevercABITableHeader Header;
  NevercABIArgumentKind Kind;
  NevercABICoercionKind Coercion;
  uint32_t CoercionBitWidth;
  uint32_t Alignment;
  uint32_t AddressSpace;
  uint32_t DirectOffset;
  NevercABIArgumentFlags Flags;
  NevercABICoercionKind PaddingCoercion;
  uint32_t PaddingBitWidth;
  uint32_t PaddingAddressSpace;
  uint32_t CoerceAndExpandSize;
  NevercStructArrayView CoerceAndExpandElements;
  uint64_t Reserved[2];
} NevercABIArgumentClassification;

/* Host-owned: one element per argument; the plugin writes the elements
 * (Data is not const for that reason). */
typedef struct NevercABIArgumentClassificationArray {
  NevercABIArgumentClassification *Data;
  uint64_t Count;
  uint64_t ElementStride;
} NevercABIArgumentClassificationArray;

/* Parameters holds NevercABITypeDescriptor. */
typedef struct NevercABIFunctionQuery {
  NevercABITableHeader Header;
  NevercABITypeDescriptor ReturnType;
  NevercStructArrayView Parameters;
  NevercBool Variadic;
  uint32_t RequiredArgumentCount;
  uint64_t Reserved;
} NevercABIFunctionQuery;

typedef NevercStatus(NEVERC_CALL *NevercClassifyABIFunctionFn)(
    void *UserData, const NevercABIFunctionQuery *Query,
    NevercABIArgumentClassification *ReturnValue,
    NevercABIArgumentClassificationArray *Arguments);

typedef struct NevercTargetVAArgDescriptor {
  NevercABITableHeader Header;
  NevercABIVAArgKind Kind;
  uint32_t SlotSize;
  uint32_t SlotAlignment;
  NevercBool AllowHigherAlignment;
  uint64_t Reserved;
} NevercTargetVAArgDescriptor;

typedef struct NevercTargetABIDescriptor {
  NevercABITableHeader Header;
  NevercTargetABIID ABIID;
  NevercTargetID TargetID;
  NevercStringView CanonicalName;
  NevercInterfaceIDArrayView Dependencies;
  NevercClassifyABIFunctionFn ClassifyFunction;
  NevercTargetVAArgDescriptor VAArg;
  uint64_t Flags;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercTargetABIDescriptor;

/* --- calling conventions (callconv.md section 3) --------------------- */

/* One piece of one value: bytes [PieceOffset, PieceOffset + Size) of
 * return value or argument ValueIndex, in register RegisterNumber
 * (REGISTER; LOCKSTEP) or at StackOffset (STACK). */
typedef struct NevercCallingConventionLocation {
  NevercABITableHeader Header;
  NevercCallingConventionLocationKind Kind;
  uint32_t ValueIndex;
  uint32_t PieceOffset;
  uint32_t Size;
  uint32_t Alignment;
  uint32_t RegisterNumber;
  uint32_t StackOffset;
  NevercCallingConventionLocationFlags Flags;
  uint64_t Reserved;
} NevercCallingConventionLocation;

typedef struct NevercCallingConventionQuery {
  NevercABITableHeader Header;
  NevercTargetID TargetID;
  NevercCallingConventionID CallingConventionID;
  NevercStringView SchemaDigest;
  NevercABIFunctionQuery Function;
  uint64_t Reserved;
} NevercCallingConventionQuery;

/* ReturnLocations and ArgumentLocations hold
 * NevercCallingConventionLocation; CalleeSavedRegisters are register
 * numbers (LOCKSTEP). */
typedef struct NevercCallingConventionPlan {
  NevercABITableHeader Header;
  NevercStructArrayView ReturnLocations;
  NevercStructArrayView ArgumentLocations;
  NevercUInt32ArrayView CalleeSavedRegisters;
  uint32_t StackAlignment;
  uint32_t Reserved32;
  uint64_t Flags;
  uint64_t Reserved[2];
} NevercCallingConventionPlan;

typedef NevercStatus(NEVERC_CALL *NevercPlanCallingConventionFn)(
    void *UserData, const NevercCallingConventionQuery *Query,
    NevercCallingConventionPlan *Plan);

/* CalleeSavedRegisters are register names here (the plan has numbers).
 * PlanCallingConvention is the 1.1 append (see the top of the file). */
typedef struct NevercCallingConventionDescriptor {
  NevercABITableHeader Header;
  NevercCallingConventionID CallingConventionID;
  NevercTargetID TargetID;
  NevercStringView CanonicalName;
  NevercStringArrayView CalleeSavedRegisters;
  uint32_t LLVMCallingConvention;
  uint32_t Reserved;
  uint64_t Flags;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
  NevercPlanCallingConventionFn PlanCallingConvention;
} NevercCallingConventionDescriptor;

/* --- target description ---------------------------------------------- */

/* Priority breaks ties against the built-in targets. */
typedef struct NevercTargetTripleMatcher {
  NevercABITableHeader Header;
  NevercStringView Architecture;
  NevercStringView Vendor;
  NevercStringView OperatingSystem;
  NevercStringView Environment;
  uint32_t Priority;
  uint32_t Reserved;
} NevercTargetTripleMatcher;

typedef struct NevercTargetFeatureDescriptor {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercStringArrayView Implies;
  NevercStringArrayView Conflicts;
  NevercBool EnabledByDefault;
  uint32_t Reserved;
} NevercTargetFeatureDescriptor;

typedef struct NevercTargetFeatureState {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercBool Enabled;
  uint8_t Reserved[7];
} NevercTargetFeatureState;

typedef struct NevercTargetMacroDescriptor {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercStringView Value;
  NevercTargetMacroFlags Flags;
} NevercTargetMacroDescriptor;

/* What a builtin's Lower callback gets: an open IR mutation and a builder
 * placed where the call is, so it can emit the replacement. */
typedef struct NevercTargetBuiltinLoweringInvocation {
  NevercABITableHeader Header;
  NevercTaskHandle Task;
  NevercStringView BuiltinName;
  uint32_t BuiltinIndex;
  uint32_t Reserved;
  const NevercIRCoreAPI *Core;
  const NevercIRBuilderAPI *Builder;
  NevercIRMutationHandle Mutation;
  NevercIRBuilderHandle IRBuilder;
  NevercIRTypeHandle ResultType;
  const NevercIRValueHandle *Arguments;
  uint64_t ArgumentCount;
} NevercTargetBuiltinLoweringInvocation;

typedef NevercStatus(NEVERC_CALL *NevercLowerTargetBuiltinFn)(
    void *UserData, const NevercTargetBuiltinLoweringInvocation *Invocation,
    NevercIRValueHandle *OutResult);

typedef struct NevercTargetBuiltinDescriptor {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercStringView TypeEncoding;
  NevercStringView Attributes;
  NevercStringView RequiredFeatures;
  NevercStringView HeaderName;
  NevercTargetBuiltinLanguages Languages;
  uint32_t Reserved;
  NevercLowerTargetBuiltinFn Lower;
} NevercTargetBuiltinDescriptor;

/* Inline-assembly register names. */
typedef struct NevercTargetRegisterDescriptor {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercStringArrayView Aliases;
  NevercStringArrayView AdditionalNames;
  uint32_t RegisterNumber;
  uint32_t Reserved;
  uint64_t Flags;
} NevercTargetRegisterDescriptor;

typedef struct NevercTargetConstraintDescriptor {
  NevercABITableHeader Header;
  NevercStringView Spelling;
  NevercStringView ConvertedConstraint;
  NevercTargetConstraintFlags Flags;
  int32_t ImmediateMinimum;
  int32_t ImmediateMaximum;
  NevercInt32ArrayView ImmediateValues;
  uint32_t RegisterClassID;
  int32_t MatchingOperand;
  uint64_t Reserved;
} NevercTargetConstraintDescriptor;

typedef struct NevercTargetAddressSpaceDescriptor {
  NevercABITableHeader Header;
  uint32_t AddressSpace;
  uint32_t PointerWidth;
  uint32_t ABIAlignment;
  uint32_t PreferredAlignment;
  uint64_t Flags;
} NevercTargetAddressSpaceDescriptor;

typedef struct NevercTargetMachineCreateRequest {
  NevercABITableHeader Header;
  NevercStringView RawTriple;
  NevercStringView CPU;
  NevercStringView Features;
  NevercTargetCodeModel CodeModel;
  NevercCodeGenOptimizationLevel OptimizationLevel;
  uint64_t Reserved;
} NevercTargetMachineCreateRequest;

/* Features holds NevercTargetFeatureDescriptor, AddressSpaces
 * NevercTargetAddressSpaceDescriptor. SupportedRelocationModels and
 * SupportedCodeModels are masks of the _MASK_ bits, ExecutionLevels a mask
 * of NEVERC_TARGET_EXECUTION_*. */
typedef struct NevercTargetMachineDescriptor {
  NevercABITableHeader Header;
  NevercStringView RawTriple;
  NevercStringView Architecture;
  NevercStringView Vendor;
  NevercStringView OperatingSystem;
  NevercStringView Environment;
  NevercStringView DataLayout;
  NevercStringView DefaultCPU;
  NevercStringView TuneCPU;
  NevercStringView GlobalLabelPrefix;
  NevercStringView SchemaDigest;
  NevercStringArrayView CPUs;
  NevercStructArrayView Features;
  NevercInterfaceIDArrayView ABIs;
  NevercInterfaceIDArrayView CallingConventions;
  NevercInterfaceIDArrayView ObjectFormats;
  NevercStructArrayView AddressSpaces;
  uint64_t SupportedRelocationModels;
  uint64_t SupportedCodeModels;
  NevercTargetRelocationModel DefaultRelocationModel;
  NevercTargetCodeModel DefaultCodeModel;
  NevercTargetExceptionModel ExceptionModel;
  NevercTargetUnwindModel UnwindModel;
  NevercTargetEndianness Endianness;
  uint32_t PointerWidth;
  uint32_t IntWidth;
  uint32_t LongWidth;
  uint32_t LongLongWidth;
  uint32_t StackAlignment;
  uint32_t MaximumAtomicWidth;
  uint32_t MaximumVectorAlignment;
  NevercTargetBuiltinVaListKind BuiltinVaListKind;
  NevercTargetExecutionLevel ExecutionLevels;
  NevercTargetExecutionLevel DefaultExecutionLevel;
  NevercBool TLSSupported;
  uint32_t Reserved;
} NevercTargetMachineDescriptor;

typedef NevercStatus(NEVERC_CALL *NevercTargetValidateCPUFn)(
    NevercTaskHandle Task, NevercStringView CPU, void *UserData,
    NevercBool *OutValid);
typedef NevercStatus(NEVERC_CALL *NevercTargetCanonicalizeCPUFn)(
    NevercTaskHandle Task, NevercStringView CPU, void *UserData,
    NevercStringView *OutCanonicalCPU);
typedef NevercStatus(NEVERC_CALL *NevercTargetListCPUsFn)(
    NevercTaskHandle Task, void *UserData, NevercStringArrayView *OutCPUs);
/* OutFeatureStates holds NevercTargetFeatureState. */
typedef NevercStatus(NEVERC_CALL *NevercTargetResolveFeaturesFn)(
    NevercTaskHandle Task, NevercStringView CPU,
    NevercStringArrayView RequestedFeatures, void *UserData,
    NevercStructArrayView *OutFeatureStates);
typedef NevercStatus(NEVERC_CALL *NevercCreateTargetMachineFn)(
    void *UserData, const NevercTargetMachineCreateRequest *Request,
    NevercTargetMachineHandle *OutMachine);
typedef void(NEVERC_CALL *NevercDestroyTargetMachineFn)(
    void *UserData, NevercTargetMachineHandle Machine);

/* The largest descriptor. Machine is embedded by value; Macros, Builtins,
 * Registers and Constraints hold NevercTargetMacroDescriptor,
 * NevercTargetBuiltinDescriptor, NevercTargetRegisterDescriptor and
 * NevercTargetConstraintDescriptor. */
typedef struct NevercTargetDescriptor {
  NevercABITableHeader Header;
  NevercTargetID TargetID;
  NevercStringView CanonicalName;
  NevercStringArrayView Aliases;
  NevercStructArrayView TripleMatchers;
  NevercTargetABIID DefaultABI;
  NevercCallingConventionID DefaultCallingConvention;
  NevercInterfaceID MCSchemaID;
  NevercInterfaceID DefaultObjectFormatID;
  NevercTargetMachineDescriptor Machine;
  NevercStructArrayView Macros;
  NevercStructArrayView Builtins;
  NevercStructArrayView Registers;
  NevercStructArrayView Constraints;
  NevercStringView Clobbers;
  uint64_t Flags;
  NevercTargetValidateCPUFn ValidateCPU;
  NevercTargetCanonicalizeCPUFn CanonicalizeCPU;
  NevercTargetListCPUsFn ListCPUs;
  NevercTargetResolveFeaturesFn ResolveFeatures;
  NevercCreateTargetMachineFn CreateTargetMachine;
  NevercDestroyTargetMachineFn DestroyTargetMachine;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
} NevercTargetDescriptor;

/* --- code-generation routing ------------------------------------------ */

/* The canonical route key: a route is selected from all of it. */
typedef struct NevercTargetKey {
  NevercABITableHeader Header;
  NevercTargetID TargetID;
  NevercStringView RawTriple;
  NevercStringView Architecture;
  NevercStringView Vendor;
  NevercStringView OperatingSystem;
  NevercStringView Environment;
  NevercStringView CPU;
  NevercStringView TuneCPU;
  NevercStringArrayView Features;
  NevercTargetABIID ABIID;
  NevercCallingConventionID CallingConventionID;
  NevercInterfaceID ObjectFormatID;
  NevercTargetRelocationModel RelocationModel;
  NevercTargetCodeModel CodeModel;
  NevercTargetExecutionLevel ExecutionLevel;
  uint32_t PointerWidth;
  NevercTargetEndianness Endianness;
  NevercStringView SchemaDigest;
} NevercTargetKey;

/* HasFinalIRProof: the input passed the sealed neverc.ir.final_verify. */
typedef struct NevercCodeGenRequest {
  NevercABITableHeader Header;
  NevercTargetKey Target;
  NevercArtifactHandle Input;
  NevercCodeGenProductKind InputKind;
  NevercCodeGenProductKind OutputKind;
  NevercCodeGenOptimizationLevel OptimizationLevel;
  NevercBool HasFinalIRProof;
  uint64_t Reserved;
} NevercCodeGenRequest;

typedef struct NevercCodeGenProductCandidate {
  NevercABITableHeader Header;
  NevercCodeGenProductKind Kind;
  uint32_t Reserved;
  NevercArtifactHandle Artifact;
  NevercInterfaceID ProductID;
  NevercProofHandle Proof;
  uint64_t Flags;
} NevercCodeGenProductCandidate;

typedef NevercStatus(NEVERC_CALL *NevercCoarseCodeGenLowerFn)(
    void *UserData, NevercTaskHandle Task, const NevercCodeGenRequest *Request,
    NevercCodeGenProductCandidate *OutCandidate);
typedef NevercStatus(NEVERC_CALL *NevercVerifyCodeGenProductFn)(
    void *UserData, NevercTaskHandle Task, const NevercCodeGenRequest *Request,
    const NevercCodeGenProductCandidate *Candidate,
    NevercCodeGenVerificationObligations Obligations);

/* Flags holds NevercCodeGenEdgeFlags; an edge with
 * NEVERC_CODEGEN_EDGE_COARSE supplies CoarseLower. The host calls
 * VerifyProduct at neverc.codegen.product_verify with the obligations it
 * expects met. */
typedef struct NevercCodeGenEdgeDescriptor {
  NevercABITableHeader Header;
  NevercInterfaceID EdgeID;
  NevercStringView CanonicalName;
  NevercTargetID TargetID;
  NevercCodeGenProductKind InputKind;
  NevercCodeGenProductKind OutputKind;
  NevercInterfaceIDArrayView Dependencies;
  uint64_t Flags;
  void *UserData;
  NevercDestroyUserDataFn DestroyUserData;
  NevercStringView CompatibilityKey;
  NevercStringView ProviderID;
  NevercInterfaceID ProductID;
  NevercCoarseCodeGenLowerFn CoarseLower;
  NevercVerifyCodeGenProductFn VerifyProduct;
} NevercCodeGenEdgeDescriptor;

/* --- tables ----------------------------------------------------------- */

typedef struct NevercTargetAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *RegisterTarget)(
      void *Context, void *RegistrarContext,
      const NevercTargetDescriptor *Descriptor);
  NevercStatus(NEVERC_CALL *RegisterCodeGenEdge)(
      void *Context, void *RegistrarContext,
      const NevercCodeGenEdgeDescriptor *Descriptor);
} NevercTargetAPI;

typedef struct NevercTargetABIAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *RegisterABI)(
      void *Context, void *RegistrarContext,
      const NevercTargetABIDescriptor *Descriptor);
} NevercTargetABIAPI;

typedef struct NevercCallingConventionAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *RegisterCallingConvention)(
      void *Context, void *RegistrarContext,
      const NevercCallingConventionDescriptor *Descriptor);
} NevercCallingConventionAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINTARGET_H */
