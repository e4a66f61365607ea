//===- Operands.cpp - Machine operands and registers across the ABI -------===//
#include "ReadSupport.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/CodeGen/MachineConstantPool.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineJumpTableInfo.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/RegisterBank.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSymbol.h"

#include <cstring>

namespace neverc::mir {
namespace {

uint32_t floatSemantics(const llvm::fltSemantics &S) {
  if (&S == &llvm::APFloat::IEEEhalf())
    return NEVERC_MIR_FLOAT_SEMANTICS_IEEE_HALF;
  if (&S == &llvm::APFloat::BFloat())
    return NEVERC_MIR_FLOAT_SEMANTICS_BFLOAT;
  if (&S == &llvm::APFloat::IEEEsingle())
    return NEVERC_MIR_FLOAT_SEMANTICS_IEEE_SINGLE;
  if (&S == &llvm::APFloat::IEEEdouble())
    return NEVERC_MIR_FLOAT_SEMANTICS_IEEE_DOUBLE;
  if (&S == &llvm::APFloat::x87DoubleExtended())
    return NEVERC_MIR_FLOAT_SEMANTICS_X87_DOUBLE_EXTENDED;
  if (&S == &llvm::APFloat::IEEEquad())
    return NEVERC_MIR_FLOAT_SEMANTICS_IEEE_QUAD;
  if (&S == &llvm::APFloat::PPCDoubleDouble())
    return NEVERC_MIR_FLOAT_SEMANTICS_PPC_DOUBLE_DOUBLE;
  return 0;
}

/// Little-endian 64-bit words of \p V, kept until the callback returns.
NevercMIRWordView words(Compile &C, const llvm::APInt &V, uint32_t Semantics) {
  std::vector<uint64_t> &W = C.Words.emplace_back(
      V.getRawData(), V.getRawData() + V.getNumWords());
  return NevercMIRWordView{W.data(), W.size(), V.getBitWidth(), Semantics};
}

NevercStringView view(llvm::StringRef S) { return {S.data(), S.size()}; }

uint64_t registerFlags(const llvm::MachineOperand &MO) {
  uint64_t F = 0;
  if (MO.isDef())
    F |= NEVERC_MIR_REG_FLAG_DEF;
  if (MO.isImplicit())
    F |= NEVERC_MIR_REG_FLAG_IMPLICIT;
  if (MO.isUse() && MO.isKill())
    F |= NEVERC_MIR_REG_FLAG_KILL;
  if (MO.isDef() && MO.isDead())
    F |= NEVERC_MIR_REG_FLAG_DEAD;
  if (MO.isUndef())
    F |= NEVERC_MIR_REG_FLAG_UNDEF;
  if (MO.isDef() && MO.isEarlyClobber())
    F |= NEVERC_MIR_REG_FLAG_EARLY_CLOBBER;
  if (MO.getReg() && MO.isRenamable())
    F |= NEVERC_MIR_REG_FLAG_RENAMABLE;
  if (MO.isUse() && MO.isInternalRead())
    F |= NEVERC_MIR_REG_FLAG_INTERNAL_READ;
  if (MO.isDebug())
    F |= NEVERC_MIR_REG_FLAG_DEBUG;
  return F;
}

} // namespace

NevercStatus registerOf(const llvm::MachineFunction &MF, uint32_t Number,
                        llvm::Register &Out) {
  llvm::Register R(Number);
  if (!R.isValid())
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (R.isVirtual()) {
    if (R.virtRegIndex() >= MF.getRegInfo().getNumVirtRegs())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
  } else if (!R.isPhysical() ||
             Number >= MF.getSubtarget().getRegisterInfo()->getNumRegs()) {
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  }
  Out = R;
  return okStatus();
}

void describeVirtualRegister(const llvm::MachineRegisterInfo &MRI,
                             llvm::Register R,
                             NevercMIRRegisterAssignmentKind &Kind,
                             uint32_t &TargetID, NevercMIRLowLevelType &Type) {
  std::memset(&Type, 0, sizeof Type);
  TargetID = 0;
  Kind = NEVERC_MIR_REG_ASSIGNMENT_NONE;
  const llvm::RegClassOrRegBank &Bank = MRI.getRegClassOrRegBank(R);
  if (const auto *RC =
          llvm::dyn_cast_if_present<const llvm::TargetRegisterClass *>(Bank)) {
    Kind = NEVERC_MIR_REG_ASSIGNMENT_CLASS;
    TargetID = RC->getID();
  } else if (const auto *RB =
                 llvm::dyn_cast_if_present<const llvm::RegisterBank *>(Bank)) {
    Kind = NEVERC_MIR_REG_ASSIGNMENT_BANK;
    TargetID = RB->getID();
  }
  const llvm::LLT Ty = MRI.getType(R);
  if (!Ty.isValid())
    return;
  if (Kind == NEVERC_MIR_REG_ASSIGNMENT_NONE)
    Kind = NEVERC_MIR_REG_ASSIGNMENT_GENERIC;
  if (Ty.isVector()) {
    Type.Kind = Ty.getElementType().isPointer() ? NEVERC_MIR_LLT_POINTER_VECTOR
                                                : NEVERC_MIR_LLT_VECTOR;
    Type.ElementCount = Ty.getElementCount().getKnownMinValue();
    Type.IsScalable = Ty.isScalable();
  } else {
    Type.Kind = Ty.isPointer() ? NEVERC_MIR_LLT_POINTER : NEVERC_MIR_LLT_SCALAR;
  }
  Type.ScalarSizeInBits = Ty.getScalarSizeInBits();
  if (Ty.getScalarType().isPointer())
    Type.AddressSpace = Ty.getScalarType().getAddressSpace();
}

NevercStatus describeOperand(Compile &C, const llvm::MachineOperand &MO,
                             NevercMIROperandValue &Out) {
  using MOT = llvm::MachineOperand;
  std::memset(&Out, 0, sizeof Out);
  if (unsigned(MO.getType()) > unsigned(MOT::MO_DbgInstrRef))
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE); // MO_LaneMask
  Out.Kind = NEVERC_MIR_OPERAND_REGISTER + uint32_t(MO.getType());
  Out.TargetFlags = MO.getTargetFlags();
  NevercMIROperandPayload &P = Out.Payload;
  switch (MO.getType()) {
  case MOT::MO_Register:
    P.Register.Number = registerNumber(MO.getReg());
    P.Register.SubRegister = MO.getSubReg();
    P.Register.Flags = registerFlags(MO);
    P.Register.IsPhysical = MO.getReg().isPhysical();
    P.Register.RequiresTargetSchema = MO.getReg().isPhysical();
    break;
  case MOT::MO_Immediate:
    P.Immediate = MO.getImm();
    break;
  case MOT::MO_CImmediate:
    P.Constant = words(C, MO.getCImm()->getValue(), 0);
    break;
  case MOT::MO_FPImmediate: {
    const llvm::APFloat &F = MO.getFPImm()->getValueAPF();
    const uint32_t Sem = floatSemantics(F.getSemantics());
    if (!Sem)
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE); // Float8 and others
    P.Constant = words(C, F.bitcastToAPInt(), Sem);
    break;
  }
  case MOT::MO_MachineBasicBlock:
    P.BasicBlock = C.block(MO.getMBB());
    break;
  case MOT::MO_FrameIndex:
  case MOT::MO_JumpTableIndex:
    P.IndexOffset.Index = MO.getIndex();
    break;
  case MOT::MO_ConstantPoolIndex:
  case MOT::MO_TargetIndex:
    P.IndexOffset.Index = MO.getIndex();
    P.IndexOffset.Offset = MO.getOffset();
    break;
  case MOT::MO_ExternalSymbol:
    P.SymbolOffset.Symbol = view(MO.getSymbolName());
    P.SymbolOffset.Offset = MO.getOffset();
    break;
  case MOT::MO_GlobalAddress:
    P.SymbolOffset.Symbol = view(MO.getGlobal()->getName());
    P.SymbolOffset.Offset = MO.getOffset();
    break;
  case MOT::MO_MCSymbol:
    P.SymbolOffset.Symbol = view(MO.getMCSymbol()->getName());
    P.SymbolOffset.Offset = MO.getOffset();
    break;
  case MOT::MO_BlockAddress:
    P.ReferenceOffset.Reference = C.reference(MO.getBlockAddress(), RefKind::Value);
    P.ReferenceOffset.Offset = MO.getOffset();
    break;
  case MOT::MO_RegisterMask:
  case MOT::MO_RegisterLiveOut: {
    const llvm::MachineFunction &MF = *MO.getParent()->getMF();
    const unsigned N = MF.getSubtarget().getRegisterInfo()->getNumRegs();
    P.RegisterMask.Data = MO.getType() == MOT::MO_RegisterMask
                              ? MO.getRegMask()
                              : MO.getRegLiveOut();
    P.RegisterMask.Count = MOT::getRegMaskSize(N);
    break;
  }
  case MOT::MO_Metadata:
    P.Reference = C.reference(MO.getMetadata(), RefKind::Metadata);
    break;
  case MOT::MO_CFIIndex:
    P.UnsignedValue = MO.getCFIIndex();
    break;
  case MOT::MO_IntrinsicID:
    P.UnsignedValue = MO.getIntrinsicID();
    break;
  case MOT::MO_Predicate:
    P.UnsignedValue = MO.getPredicate();
    break;
  case MOT::MO_ShuffleMask:
    P.ShuffleMask.Data = MO.getShuffleMask().data();
    P.ShuffleMask.Count = MO.getShuffleMask().size();
    break;
  case MOT::MO_DbgInstrRef:
    P.DebugInstructionReference.InstructionIndex = MO.getInstrRefInstrIndex();
    P.DebugInstructionReference.OperandIndex = MO.getInstrRefOpIndex();
    break;
  default:
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
  return okStatus();
}

NevercStatus operandFrom(MIRDomain::Impl &D, Compile &C,
                         llvm::MachineFunction &MF,
                         const NevercMIROperandValue &V,
                         llvm::MachineOperand &Out) {
  using MOT = llvm::MachineOperand;
  const NevercMIROperandPayload &P = V.Payload;
  switch (V.Kind) {
  case NEVERC_MIR_OPERAND_REGISTER: {
    llvm::Register R;
    TRY(registerOf(MF, P.Register.Number, R));
    if (bool(P.Register.IsPhysical) != R.isPhysical())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const uint64_t F = P.Register.Flags;
    if (F & ~uint64_t(0x1ff))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const bool Def = F & NEVERC_MIR_REG_FLAG_DEF;
    Out = MOT::CreateReg(R, Def, F & NEVERC_MIR_REG_FLAG_IMPLICIT,
                         F & NEVERC_MIR_REG_FLAG_KILL,
                         F & NEVERC_MIR_REG_FLAG_DEAD,
                         F & NEVERC_MIR_REG_FLAG_UNDEF,
                         F & NEVERC_MIR_REG_FLAG_EARLY_CLOBBER,
                         P.Register.SubRegister, F & NEVERC_MIR_REG_FLAG_DEBUG,
                         F & NEVERC_MIR_REG_FLAG_INTERNAL_READ,
                         F & NEVERC_MIR_REG_FLAG_RENAMABLE);
    break;
  }
  case NEVERC_MIR_OPERAND_IMMEDIATE:
    Out = MOT::CreateImm(P.Immediate);
    break;
  case NEVERC_MIR_OPERAND_MACHINE_BASIC_BLOCK: {
    llvm::MachineBasicBlock *B = nullptr;
    TRY(blockOf(D, C, P.BasicBlock, &B));
    if (B->getParent() != &MF)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Out = MOT::CreateMBB(B);
    break;
  }
  case NEVERC_MIR_OPERAND_FRAME_INDEX: {
    const llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    if (P.IndexOffset.Index < MFI.getObjectIndexBegin() ||
        P.IndexOffset.Index >= MFI.getObjectIndexEnd())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Out = MOT::CreateFI(P.IndexOffset.Index);
    break;
  }
  case NEVERC_MIR_OPERAND_CONSTANT_POOL_INDEX:
    if (P.IndexOffset.Index < 0 ||
        unsigned(P.IndexOffset.Index) >=
            MF.getConstantPool()->getConstants().size())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Out = MOT::CreateCPI(unsigned(P.IndexOffset.Index), P.IndexOffset.Offset);
    break;
  case NEVERC_MIR_OPERAND_JUMP_TABLE_INDEX: {
    const llvm::MachineJumpTableInfo *JT = MF.getJumpTableInfo();
    if (!JT || P.IndexOffset.Index < 0 ||
        unsigned(P.IndexOffset.Index) >= JT->getJumpTables().size())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Out = MOT::CreateJTI(unsigned(P.IndexOffset.Index));
    break;
  }
  case NEVERC_MIR_OPERAND_GLOBAL_ADDRESS: {
    if (!P.SymbolOffset.Symbol.Data && P.SymbolOffset.Symbol.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const llvm::GlobalValue *GV = MF.getFunction().getParent()->getNamedValue(
        llvm::StringRef(P.SymbolOffset.Symbol.Data,
                        P.SymbolOffset.Symbol.Length));
    if (!GV)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Out = MOT::CreateGA(GV, P.SymbolOffset.Offset);
    break;
  }
  case NEVERC_MIR_OPERAND_EXTERNAL_SYMBOL: {
    if (!P.SymbolOffset.Symbol.Data || !P.SymbolOffset.Symbol.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // The name must outlive the function: the MachineFunction's allocator.
    const char *Name = MF.createExternalSymbolName(llvm::StringRef(
        P.SymbolOffset.Symbol.Data, P.SymbolOffset.Symbol.Length));
    Out = MOT::CreateES(Name);
    Out.setOffset(P.SymbolOffset.Offset);
    break;
  }
  case NEVERC_MIR_OPERAND_PREDICATE:
    Out = MOT::CreatePredicate(P.UnsignedValue);
    break;
  case NEVERC_MIR_OPERAND_INTRINSIC_ID:
    Out = MOT::CreateIntrinsicID(llvm::Intrinsic::ID(P.UnsignedValue));
    break;
  default:
    if (V.Kind < NEVERC_MIR_OPERAND_REGISTER ||
        V.Kind > NEVERC_MIR_OPERAND_DBG_INSTR_REF)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // Constants, block addresses, register masks, metadata, MC symbols,
    // CFI indices, shuffle masks and debug references name objects a
    // plugin cannot make through this table.
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
  Out.setTargetFlags(V.TargetFlags);
  return okStatus();
}

} // namespace neverc::mir
