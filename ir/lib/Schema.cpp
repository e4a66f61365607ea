//===- Schema.cpp - IR schema IDs <-> LLVM 22 enumerators, by name --------===//
//
// The schema's llvm_value column comes from an older LLVM (ir.md §10.4:
// type IDs from X86_AMX on and opcodes from IntToPtr on are one off in
// LLVM 22), so every mapping here is built from the schema's *names*
// through the X-macro tables of PluginIRSchema.inc, never from numbers.
// What LLVM 22 has and the schema lacks (PtrToAddr, ConstantPtrAuth, most
// calling conventions) maps to the domain's UNKNOWN (0).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/IR/CallingConv.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instruction.h"

namespace neverc::ir {
namespace {

// Scopes in which the schema's internal names resolve: LLVM 22's own
// enumerators, plus the two the schema has and LLVM 22 does not.
struct TypeIDs : llvm::Type {
  static constexpr int X86_MMXTyID = -1; // removed from LLVM
};
struct ValueIDs : llvm::Value {};
namespace CallingConvs {
using namespace llvm::CallingConv;
constexpr unsigned NeverC_Custom = 1000; // numeric CC, not an enumerator
} // namespace CallingConvs

uint32_t ordinal(uint32_t ID, uint32_t Tag) {
  return (ID >> 24) == Tag ? (ID & 0xffffff) : 0;
}

struct Row {
  int LLVM;
  uint32_t ID;
};

template <size_t N>
uint32_t toSchema(const Row (&Rows)[N], int LLVM) {
  for (const Row &R : Rows)
    if (R.LLVM == LLVM)
      return R.ID;
  return 0;
}
template <size_t N>
bool toLLVM(const Row (&Rows)[N], uint32_t Tag, uint32_t ID, unsigned &Out) {
  uint32_t Ord = ordinal(ID, Tag);
  if (!Ord || Ord > N || Rows[Ord - 1].LLVM < 0)
    return false;
  Out = unsigned(Rows[Ord - 1].LLVM);
  return true;
}

const Row TypeRows[] = {
#define NEVERC_IR_SCHEMA_INTERNAL_TYPE(I, S, ID) {int(TypeIDs::I), ID},
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
const Row ValueRows[] = {
#define NEVERC_IR_SCHEMA_INTERNAL_VALUE(I, S, ID) {int(ValueIDs::I), ID},
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
const Row OpcodeRows[] = {
#define NEVERC_IR_SCHEMA_INTERNAL_OPCODE(I, S, ID)                             \
  {int(llvm::Instruction::I), ID},
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
const Row PredicateRows[] = {
#define NEVERC_IR_SCHEMA_INTERNAL_PREDICATE(I, S, ID) {int(llvm::CmpInst::I), ID},
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
const Row LinkageRows[] = {
#define NEVERC_IR_SCHEMA_INTERNAL_LINKAGE(I, S, ID)                            \
  {int(llvm::GlobalValue::I), ID},
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
const Row VisibilityRows[] = {
#define NEVERC_IR_SCHEMA_INTERNAL_VISIBILITY(I, S, ID)                         \
  {int(llvm::GlobalValue::I), ID},
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
const Row CallingConvRows[] = {
#define NEVERC_IR_SCHEMA_INTERNAL_CALLING_CONVENTION(I, S, ID)                 \
  {int(CallingConvs::I), ID},
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
struct OpcodeProps {
  uint32_t ID;
  NevercIRPropertyFlags Writable;
};
const OpcodeProps OpcodeWritable[] = {
#define NEVERC_IR_SCHEMA_OPCODE(S, ID, I, Cat, Min, Max, Res, Term, Side,      \
                                Writable, Name)                                \
  {ID, Writable},
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};

} // namespace

NevercIRTypeKind schemaTypeKind(const llvm::Type *T) {
  return toSchema(TypeRows, int(T->getTypeID()));
}

NevercIRValueKind schemaValueKind(const llvm::Value *V) {
  // Every instruction's ID is InstructionVal plus its opcode.
  if (llvm::isa<llvm::Instruction>(V))
    return NEVERC_IR_VALUE_INSTRUCTION;
  return toSchema(ValueRows, int(V->getValueID()));
}

NevercIROpcode schemaOpcode(unsigned Op) { return toSchema(OpcodeRows, int(Op)); }
bool llvmOpcode(NevercIROpcode Op, unsigned &Out) {
  return toLLVM(OpcodeRows, 0x43, Op, Out);
}
NevercIRPredicate schemaPredicate(unsigned P) {
  return toSchema(PredicateRows, int(P));
}
bool llvmPredicate(NevercIRPredicate P, unsigned &Out) {
  return toLLVM(PredicateRows, 0x44, P, Out);
}
NevercIRLinkage schemaLinkage(unsigned L) { return toSchema(LinkageRows, int(L)); }
bool llvmLinkage(NevercIRLinkage L, unsigned &Out) {
  return toLLVM(LinkageRows, 0x45, L, Out);
}
NevercIRVisibility schemaVisibility(unsigned V) {
  return toSchema(VisibilityRows, int(V));
}
bool llvmVisibility(NevercIRVisibility V, unsigned &Out) {
  return toLLVM(VisibilityRows, 0x46, V, Out);
}
NevercIRCallingConvention schemaCallingConvention(unsigned CC) {
  return toSchema(CallingConvRows, int(CC));
}
bool llvmCallingConvention(NevercIRCallingConvention C, unsigned &Out) {
  return toLLVM(CallingConvRows, 0x47, C, Out);
}
bool llvmTypeID(NevercIRTypeKind K, unsigned &Out) {
  return toLLVM(TypeRows, 0x41, K, Out);
}

NevercIRPropertyFlags writableProperties(NevercIROpcode Op) {
  uint32_t Ord = ordinal(Op, 0x43);
  if (!Ord || Ord > std::size(OpcodeWritable))
    return NEVERC_IR_PROPERTY_FLAG_NONE;
  return OpcodeWritable[Ord - 1].Writable;
}

} // namespace neverc::ir
