//===- ReadSupport.h - What the MIR slots share (LLVM side) -----*- C++ -*-===//
//
// The prologue every slot runs (task, then the handle it names, each refused
// with its exact status), the conversions between LLVM's machine operands,
// registers and types and their ABI structs, and the schema lookups by name.
//
// Register numbers are LLVM's own register ids: a virtual register has bit
// 31 set (0x80000000 | index), so the slots that take a bare number
// (GetRegisterInfo, ReplaceRegister, ...) cannot mistake one kind for the
// other (mir.md §13.2 leaves this open).
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_MIR_LIB_READSUPPORT_H
#define NEVERC_MIR_LIB_READSUPPORT_H

#include "Internal.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineOperand.h"
#include "llvm/CodeGen/Register.h"

#define TRY(E)                                                                 \
  do {                                                                         \
    if (NevercStatus S_ = (E); !isOk(S_))                                      \
      return S_;                                                               \
  } while (0)

namespace neverc::mir {

/// The 18 instruction flags the schema names (LLVM 22's later ones are
/// host-only: kept as they are by SetInstructionFlags).
constexpr uint64_t StableInstrFlags = (uint64_t(1) << 18) - 1;

template <class V> NevercStatus put(V *Out, V Value) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  *Out = Value;
  return okStatus();
}

template <class F>
NevercStatus withCompile(void *Ctx, NevercTaskHandle T, F &&Fn) {
  return guard([&]() -> NevercStatus {
    MIRDomain::Impl &D = impl(Ctx);
    Compile *C = nullptr;
    TRY(compileOf(D, T, &C));
    return Fn(D, *C);
  });
}
template <class F>
NevercStatus withFunction(void *Ctx, NevercTaskHandle T, NevercHandle H,
                          F &&Fn) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    llvm::MachineFunction *MF = nullptr;
    TRY(functionOf(D, C, H, &MF));
    return Fn(C, *MF);
  });
}
template <class F>
NevercStatus withBlock(void *Ctx, NevercTaskHandle T, NevercHandle H, F &&Fn) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    llvm::MachineBasicBlock *B = nullptr;
    TRY(blockOf(D, C, H, &B));
    return Fn(C, *B);
  });
}
template <class F>
NevercStatus withInstr(void *Ctx, NevercTaskHandle T, NevercHandle H, F &&Fn) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    llvm::MachineInstr *MI = nullptr;
    TRY(instrOf(D, C, H, &MI));
    return Fn(C, *MI);
  });
}
template <class F>
NevercStatus withOperand(void *Ctx, NevercTaskHandle T, NevercHandle H,
                         F &&Fn) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    OperandRef R;
    TRY(operandOf(D, C, H, &R));
    return Fn(C, R);
  });
}

/// A register of \p MF by its number (INVALID_ARGUMENT for 0 or one that
/// does not exist there).
NevercStatus registerOf(const llvm::MachineFunction &MF, uint32_t Number,
                        llvm::Register &Out);
inline uint32_t registerNumber(llvm::Register R) { return R.id(); }
void describeVirtualRegister(const llvm::MachineRegisterInfo &MRI,
                             llvm::Register R,
                             NevercMIRRegisterAssignmentKind &Kind,
                             uint32_t &TargetID, NevercMIRLowLevelType &Type);

/// A machine operand as the ABI's tagged union. CAPABILITY_UNAVAILABLE for
/// a kind the schema has no ID for (MO_LaneMask).
NevercStatus describeOperand(Compile &C, const llvm::MachineOperand &MO,
                             NevercMIROperandValue &Out);
/// The other way: a machine operand for \p V in \p MF (INVALID_ARGUMENT
/// for a value that names nothing there, CAPABILITY_UNAVAILABLE for kinds
/// a plugin cannot create: metadata, MC symbols, register masks).
NevercStatus operandFrom(MIRDomain::Impl &D, Compile &C,
                         llvm::MachineFunction &MF,
                         const NevercMIROperandValue &V,
                         llvm::MachineOperand &Out);

/// CAPABILITY_UNAVAILABLE for an operand kind a plugin cannot create: said
/// once per kind and compile.
void warnUnavailableOperand(MIRDomain::Impl &D, Compile &C,
                            NevercMIROperandKind Kind);

/// Opcode → schema (StableOpcode 0 and RequiresTargetSchema for one the
/// schema has no ID for); a stable ID → LLVM 22's opcode.
NevercMIRInstructionOpcode opcodeOf(unsigned Opcode);
bool llvmOpcodeOf(NevercMIRGenericOpcode Stable, unsigned &Out);
NevercStatus propertyOf(NevercMIRMachineProperty P,
                        llvm::MachineFunctionProperties::Property &Out);

} // namespace neverc::mir

#endif
