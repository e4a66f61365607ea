//===- FrameSlots.cpp - NevercMIRAPI: frame, pools, tables, memory --------===//
//
// The stack frame (MachineFrameInfo: objects by ordinal or frame index,
// callee-saved registers once prologue/epilogue insertion computed them),
// the constant pool, jump tables and instructions' memory operands.
//
//===----------------------------------------------------------------------===//
#include "ReadSupport.h"

#include "llvm/CodeGen/MachineConstantPool.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineJumpTableInfo.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGen/PseudoSourceValue.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/LLVMContext.h"

#include <cstring>

namespace neverc::mir {
namespace {

NevercStatus frameObject(const llvm::MachineFrameInfo &MFI, int FI,
                         NevercMIRFrameObjectInfo *Out) {
  TRY(checkHeader(Out, sizeof *Out, NEVERC_MIR_API_MAJOR));
  if (FI < MFI.getObjectIndexBegin() || FI >= MFI.getObjectIndexEnd())
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  NevercMIRFrameObjectInfo R;
  std::memset(&R, 0, sizeof R);
  R.Index = FI;
  if (MFI.isFixedObjectIndex(FI))
    R.Flags |= NEVERC_MIR_FRAME_FIXED;
  if (MFI.isSpillSlotObjectIndex(FI))
    R.Flags |= NEVERC_MIR_FRAME_SPILL_SLOT;
  if (MFI.isVariableSizedObjectIndex(FI))
    R.Flags |= NEVERC_MIR_FRAME_VARIABLE_SIZED;
  if (MFI.isImmutableObjectIndex(FI))
    R.Flags |= NEVERC_MIR_FRAME_IMMUTABLE;
  if (MFI.isAliasedObjectIndex(FI))
    R.Flags |= NEVERC_MIR_FRAME_ALIASED;
  if (MFI.isDeadObjectIndex(FI))
    R.Flags |= NEVERC_MIR_FRAME_DEAD;
  if (MFI.isObjectPreAllocated(FI))
    R.Flags |= NEVERC_MIR_FRAME_PREALLOCATED;
  R.Size = MFI.getObjectSize(FI);
  R.Offset = MFI.getObjectOffset(FI);
  R.Alignment = MFI.getObjectAlign(FI).value();
  R.StackID = MFI.getStackID(FI);
  writeOut(Out, R);
  return okStatus();
}

NevercStatus NEVERC_CALL getFrameObjectCount(void *Ctx, NevercTaskHandle T,
                                             NevercMachineFunctionHandle F,
                                             uint64_t *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    const llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    return put(Out, uint64_t(MFI.getObjectIndexEnd() -
                             MFI.getObjectIndexBegin()));
  });
}
NevercStatus NEVERC_CALL getFrameObject(void *Ctx, NevercTaskHandle T,
                                        NevercMachineFunctionHandle F,
                                        uint64_t Ordinal,
                                        NevercMIRFrameObjectInfo *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    const llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    const uint64_t N = uint64_t(MFI.getObjectIndexEnd() -
                                MFI.getObjectIndexBegin());
    if (Ordinal >= N)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    return frameObject(MFI, MFI.getObjectIndexBegin() + int(Ordinal), Out);
  });
}
NevercStatus NEVERC_CALL getFrameObjectByIndex(void *Ctx, NevercTaskHandle T,
                                               NevercMachineFunctionHandle F,
                                               int32_t FI,
                                               NevercMIRFrameObjectInfo *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    return frameObject(MF.getFrameInfo(), FI, Out);
  });
}

NevercStatus NEVERC_CALL getCalleeSavedCount(void *Ctx, NevercTaskHandle T,
                                             NevercMachineFunctionHandle F,
                                             uint64_t *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    const llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    // Before prologue/epilogue insertion nothing is computed: none.
    return put(Out, MFI.isCalleeSavedInfoValid()
                        ? uint64_t(MFI.getCalleeSavedInfo().size())
                        : uint64_t(0));
  });
}
NevercStatus NEVERC_CALL getCalleeSaved(void *Ctx, NevercTaskHandle T,
                                        NevercMachineFunctionHandle F,
                                        uint64_t Index,
                                        NevercMIRCalleeSavedInfo *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    const llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (!MFI.isCalleeSavedInfoValid() ||
        Index >= MFI.getCalleeSavedInfo().size())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const llvm::CalleeSavedInfo &I = MFI.getCalleeSavedInfo()[Index];
    NevercMIRCalleeSavedInfo R;
    std::memset(&R, 0, sizeof R);
    R.Register = I.getReg().id();
    R.IsSpilledToRegister = I.isSpilledToReg();
    if (I.isSpilledToReg())
      R.DestinationRegister = I.getDstReg().id();
    else
      R.FrameIndex = I.getFrameIdx();
    R.IsRestored = I.isRestored();
    *Out = R;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getConstantPoolCount(void *Ctx, NevercTaskHandle T,
                                              NevercMachineFunctionHandle F,
                                              uint64_t *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    return put(Out, uint64_t(MF.getConstantPool()->getConstants().size()));
  });
}
NevercStatus NEVERC_CALL getConstantPoolEntry(
    void *Ctx, NevercTaskHandle T, NevercMachineFunctionHandle F,
    uint32_t Index, NevercMIRConstantPoolEntryInfo *Out) {
  return withFunction(Ctx, T, F, [&](Compile &C, llvm::MachineFunction &MF) {
    TRY(checkHeader(Out, sizeof *Out, NEVERC_MIR_API_MAJOR));
    const auto &Pool = MF.getConstantPool()->getConstants();
    if (Index >= Pool.size())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const llvm::MachineConstantPoolEntry &E = Pool[Index];
    NevercMIRConstantPoolEntryInfo R;
    std::memset(&R, 0, sizeof R);
    R.Index = Index;
    R.Alignment = E.getAlign().value();
    R.Size = E.getSizeInBytes(MF.getDataLayout());
    R.IsMachineSpecific = E.isMachineConstantPoolEntry();
    R.Kind = NEVERC_MIR_CONSTANT_UNKNOWN;
    if (!E.isMachineConstantPoolEntry()) {
      // Integers and floats as words; other constants (vectors,
      // aggregates) are UNKNOWN with no words.
      const llvm::Constant *K = E.Val.ConstVal;
      if (const auto *I = llvm::dyn_cast<llvm::ConstantInt>(K)) {
        R.Kind = NEVERC_MIR_CONSTANT_INTEGER;
        std::vector<uint64_t> &W = C.Words.emplace_back(
            I->getValue().getRawData(),
            I->getValue().getRawData() + I->getValue().getNumWords());
        R.Value = {W.data(), W.size(), I->getBitWidth(), 0};
      } else if (const auto *FP = llvm::dyn_cast<llvm::ConstantFP>(K)) {
        NevercMIROperandValue V;
        llvm::MachineOperand MO = llvm::MachineOperand::CreateFPImm(FP);
        if (isOk(describeOperand(C, MO, V))) {
          R.Kind = NEVERC_MIR_CONSTANT_FLOAT;
          R.Value = V.Payload.Constant;
        }
      }
    }
    writeOut(Out, R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getJumpTableCount(void *Ctx, NevercTaskHandle T,
                                           NevercMachineFunctionHandle F,
                                           uint64_t *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    const llvm::MachineJumpTableInfo *JT = MF.getJumpTableInfo();
    return put(Out, JT ? uint64_t(JT->getJumpTables().size()) : uint64_t(0));
  });
}
NevercStatus NEVERC_CALL getJumpTable(void *Ctx, NevercTaskHandle T,
                                      NevercMachineFunctionHandle F,
                                      uint32_t Index,
                                      NevercMIRJumpTableInfo *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    TRY(checkHeader(Out, sizeof *Out, NEVERC_MIR_API_MAJOR));
    const llvm::MachineJumpTableInfo *JT = MF.getJumpTableInfo();
    if (!JT || Index >= JT->getJumpTables().size())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NevercMIRJumpTableInfo R;
    std::memset(&R, 0, sizeof R);
    R.Index = Index;
    R.EntryKind = NevercMIRJumpTableEntryKind(JT->getEntryKind()) + 1;
    R.DestinationCount = JT->getJumpTables()[Index].MBBs.size();
    // LLVM removes a jump table by emptying it in place.
    R.IsDeleted = R.DestinationCount == 0;
    writeOut(Out, R);
    return okStatus();
  });
}
NevercStatus NEVERC_CALL getJumpTableDestination(
    void *Ctx, NevercTaskHandle T, NevercMachineFunctionHandle F,
    uint32_t Index, uint64_t Destination, NevercMachineBasicBlockHandle *Out) {
  return withFunction(Ctx, T, F, [&](Compile &C, llvm::MachineFunction &MF) {
    const llvm::MachineJumpTableInfo *JT = MF.getJumpTableInfo();
    if (!JT || Index >= JT->getJumpTables().size() ||
        Destination >= JT->getJumpTables()[Index].MBBs.size())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    return put(Out, C.block(JT->getJumpTables()[Index].MBBs[Destination]));
  });
}

//===--- memory operands --------------------------------------------------===//

uint32_t orderingOf(llvm::AtomicOrdering O) {
  switch (O) {
  case llvm::AtomicOrdering::NotAtomic:
    return NEVERC_MIR_ATOMIC_NOT_ATOMIC;
  case llvm::AtomicOrdering::Unordered:
    return NEVERC_MIR_ATOMIC_UNORDERED;
  case llvm::AtomicOrdering::Monotonic:
    return NEVERC_MIR_ATOMIC_MONOTONIC;
  case llvm::AtomicOrdering::Acquire:
    return NEVERC_MIR_ATOMIC_ACQUIRE;
  case llvm::AtomicOrdering::Release:
    return NEVERC_MIR_ATOMIC_RELEASE;
  case llvm::AtomicOrdering::AcquireRelease:
    return NEVERC_MIR_ATOMIC_ACQUIRE_RELEASE;
  case llvm::AtomicOrdering::SequentiallyConsistent:
    return NEVERC_MIR_ATOMIC_SEQUENTIALLY_CONSISTENT;
  }
  return NEVERC_MIR_ATOMIC_NOT_ATOMIC;
}

uint64_t memoryFlags(llvm::MachineMemOperand::Flags F) {
  using MMO = llvm::MachineMemOperand;
  uint64_t R = 0;
  if (F & MMO::MOLoad)
    R |= NEVERC_MIR_MEMORY_LOAD;
  if (F & MMO::MOStore)
    R |= NEVERC_MIR_MEMORY_STORE;
  if (F & MMO::MOVolatile)
    R |= NEVERC_MIR_MEMORY_VOLATILE;
  if (F & MMO::MONonTemporal)
    R |= NEVERC_MIR_MEMORY_NON_TEMPORAL;
  if (F & MMO::MODereferenceable)
    R |= NEVERC_MIR_MEMORY_DEREFERENCEABLE;
  if (F & MMO::MOInvariant)
    R |= NEVERC_MIR_MEMORY_INVARIANT;
  // LLVM keeps the target flags at bits 6-8, the ABI at 16-18.
  if (F & MMO::MOTargetFlag1)
    R |= NEVERC_MIR_MEMORY_TARGET_FLAG1;
  if (F & MMO::MOTargetFlag2)
    R |= NEVERC_MIR_MEMORY_TARGET_FLAG2;
  if (F & MMO::MOTargetFlag3)
    R |= NEVERC_MIR_MEMORY_TARGET_FLAG3;
  return R;
}

NevercMIRMemoryPointerInfo pointerInfo(Compile &C,
                                       const llvm::MachinePointerInfo &P) {
  NevercMIRMemoryPointerInfo R;
  std::memset(&R, 0, sizeof R);
  R.AddressSpace = P.getAddrSpace();
  R.Offset = P.Offset;
  R.StackID = P.StackID;
  if (const llvm::Value *V = llvm::dyn_cast_if_present<const llvm::Value *>(P.V)) {
    R.Kind = NEVERC_MIR_MEMORY_POINTER_IR_VALUE;
    R.Reference = C.reference(V, RefKind::Value);
    return R;
  }
  const auto *PSV =
      llvm::dyn_cast_if_present<const llvm::PseudoSourceValue *>(P.V);
  if (!PSV) {
    R.Kind = NEVERC_MIR_MEMORY_POINTER_UNKNOWN;
    return R;
  }
  switch (PSV->kind()) {
  case llvm::PseudoSourceValue::Stack:
    R.Kind = NEVERC_MIR_MEMORY_POINTER_STACK;
    break;
  case llvm::PseudoSourceValue::GOT:
    R.Kind = NEVERC_MIR_MEMORY_POINTER_GOT;
    break;
  case llvm::PseudoSourceValue::JumpTable:
    R.Kind = NEVERC_MIR_MEMORY_POINTER_JUMP_TABLE;
    break;
  case llvm::PseudoSourceValue::ConstantPool:
    R.Kind = NEVERC_MIR_MEMORY_POINTER_CONSTANT_POOL;
    break;
  case llvm::PseudoSourceValue::FixedStack:
    R.Kind = NEVERC_MIR_MEMORY_POINTER_FIXED_STACK;
    R.FrameIndex =
        llvm::cast<llvm::FixedStackPseudoSourceValue>(PSV)->getFrameIndex();
    break;
  default:
    R.Kind = PSV->kind() >= llvm::PseudoSourceValue::TargetCustom
                 ? NEVERC_MIR_MEMORY_POINTER_TARGET_CUSTOM
                 : NEVERC_MIR_MEMORY_POINTER_UNKNOWN_STACK;
    break;
  }
  return R;
}

NevercStatus NEVERC_CALL getInstrMemOperand(void *Ctx, NevercTaskHandle T,
                                            NevercMachineInstrHandle I,
                                            uint64_t Index,
                                            NevercMachineMemOperandHandle *Out) {
  return withInstr(Ctx, T, I, [&](Compile &C, llvm::MachineInstr &MI) {
    if (Index >= MI.getNumMemOperands())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    return put(Out, C.memOperand(MI.memoperands()[Index]));
  });
}
NevercStatus NEVERC_CALL getMemOperandInfo(void *Ctx, NevercTaskHandle T,
                                           NevercMachineMemOperandHandle M,
                                           NevercMIRMemoryOperandInfo *Out) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    llvm::MachineMemOperand *MMO = nullptr;
    TRY(memOperandOf(D, C, M, &MMO));
    TRY(checkHeader(Out, sizeof *Out, NEVERC_MIR_API_MAJOR));
    NevercMIRMemoryOperandInfo R;
    std::memset(&R, 0, sizeof R);
    R.Flags = memoryFlags(MMO->getFlags());
    R.Size = MMO->getSize().hasValue() ? MMO->getSize().getValue().getKnownMinValue()
                                      : UINT64_MAX;
    R.BaseAlignment = MMO->getBaseAlign().value();
    R.Alignment = MMO->getAlign().value();
    R.Pointer = pointerInfo(C, MMO->getPointerInfo());
    R.SuccessOrdering = orderingOf(MMO->getSuccessOrdering());
    R.FailureOrdering = orderingOf(MMO->getFailureOrdering());
    llvm::SmallVector<llvm::StringRef, 8> Names;
    C.MF->getFunction().getContext().getSyncScopeNames(Names);
    R.SynchronizationScope = {"", 0};
    if (MMO->getSyncScopeID() < Names.size()) {
      llvm::StringRef N = Names[MMO->getSyncScopeID()];
      R.SynchronizationScope = {N.data(), N.size()};
    }
    const llvm::AAMDNodes AA = MMO->getAAInfo();
    R.TBAA = C.reference(AA.TBAA, RefKind::Metadata);
    R.TBAAStruct = C.reference(AA.TBAAStruct, RefKind::Metadata);
    R.AliasScope = C.reference(AA.Scope, RefKind::Metadata);
    R.NoAlias = C.reference(AA.NoAlias, RefKind::Metadata);
    R.Ranges = C.reference(MMO->getRanges(), RefKind::Metadata);
    writeOut(Out, R);
    return okStatus();
  });
}

} // namespace

void fillFrameSlots(NevercMIRAPI &T) {
  T.GetFrameObjectCount = &getFrameObjectCount;
  T.GetFrameObject = &getFrameObject;
  T.GetFrameObjectByIndex = &getFrameObjectByIndex;
  T.GetCalleeSavedCount = &getCalleeSavedCount;
  T.GetCalleeSaved = &getCalleeSaved;
  T.GetConstantPoolCount = &getConstantPoolCount;
  T.GetConstantPoolEntry = &getConstantPoolEntry;
  T.GetJumpTableCount = &getJumpTableCount;
  T.GetJumpTable = &getJumpTable;
  T.GetJumpTableDestination = &getJumpTableDestination;
  T.GetInstructionMemoryOperand = &getInstrMemOperand;
  T.GetMemoryOperandInfo = &getMemOperandInfo;
}

} // namespace neverc::mir
