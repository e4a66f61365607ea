//===- ReadSlots.cpp - NevercMIRAPI: the schema, walking, reading ---------===//
//
// Every getter reads LLVM's machine IR as it is at the moment of the call;
// handles name the objects (blocks, instructions, operands) and live until
// the callback that received them returns. Walks are LLVM's own doubly
// linked lists, so every step is O(1). Schema values map by name to LLVM 22
// (Schema/PluginMIRSchema.inc): an opcode without a stable ID reports
// StableOpcode 0 and its real number in TargetOpcode with
// RequiresTargetSchema set.
//
//===----------------------------------------------------------------------===//
#include "ReadSupport.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"

#include <array>
#include <cstring>

namespace neverc::mir {
namespace {

//===--- schema -----------------------------------------------------------===//

struct SchemaRow {
  uint32_t ID;
  uint32_t LLVMValue;
  NevercBool RequiresTarget;
  const char *Canonical;
};

constexpr SchemaRow Entities[] = {
#define NEVERC_MIR_SCHEMA_ENTITY(Internal, Sym, Id, Value, Canon)             \
  {Id, Value, NEVERC_FALSE, Canon},
#include "neverc/Plugin/Schema/PluginMIRSchema.inc"
};
constexpr SchemaRow OperandKinds[] = {
#define NEVERC_MIR_SCHEMA_OPERAND(Internal, Sym, Id, Value, Canon)            \
  {Id, uint32_t(llvm::MachineOperand::Internal), NEVERC_FALSE, Canon},
#include "neverc/Plugin/Schema/PluginMIRSchema.inc"
};
constexpr SchemaRow Opcodes[] = {
#define NEVERC_MIR_SCHEMA_GENERIC_OPCODE(Internal, Sym, Id, Value, Canon, Req) \
  {Id, uint32_t(llvm::TargetOpcode::Internal), Req, Canon},
#include "neverc/Plugin/Schema/PluginMIRSchema.inc"
};
const SchemaRow Properties[] = {
#define NEVERC_MIR_SCHEMA_PROPERTY(Internal, Sym, Id, Value, Canon)           \
  {Id, uint32_t(llvm::MachineFunctionProperties::Property::Internal),         \
   NEVERC_FALSE, Canon},
#include "neverc/Plugin/Schema/PluginMIRSchema.inc"
};

template <size_t N>
NevercStatus schemaInfo(const SchemaRow (&Rows)[N], uint32_t ID,
                        NevercMIRSchemaEntry *Out) {
  return guard([&]() -> NevercStatus {
    TRY(checkHeader(Out, sizeof *Out, NEVERC_MIR_API_MAJOR));
    for (const SchemaRow &R : Rows)
      if (R.ID == ID) {
        NevercMIRSchemaEntry E;
        std::memset(&E, 0, sizeof E);
        E.StableID = R.ID;
        E.LLVMValue = R.LLVMValue;
        E.RequiresTargetSchema = R.RequiresTarget;
        E.CanonicalName = {R.Canonical, std::strlen(R.Canonical)};
        writeOut(Out, E);
        return okStatus();
      }
    return st(NEVERC_STATUS_NOT_FOUND);
  });
}

NevercStatus NEVERC_CALL getSchemaDigest(void *, NevercStringView *Out) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  *Out = {NEVERC_MIR_SCHEMA_DIGEST, sizeof(NEVERC_MIR_SCHEMA_DIGEST) - 1};
  return okStatus();
}
NevercStatus NEVERC_CALL getEntityInfo(void *, NevercMIREntityKind K,
                                       NevercMIRSchemaEntry *Out) {
  return schemaInfo(Entities, K, Out);
}
NevercStatus NEVERC_CALL getOperandKindInfo(void *, NevercMIROperandKind K,
                                            NevercMIRSchemaEntry *Out) {
  return schemaInfo(OperandKinds, K, Out);
}
NevercStatus NEVERC_CALL getGenericOpcodeInfo(void *, NevercMIRGenericOpcode K,
                                              NevercMIRSchemaEntry *Out) {
  return schemaInfo(Opcodes, K, Out);
}
NevercStatus NEVERC_CALL getMachinePropertyInfo(void *,
                                                NevercMIRMachineProperty K,
                                                NevercMIRSchemaEntry *Out) {
  return schemaInfo(Properties, K, Out);
}

//===--- function and blocks ----------------------------------------------===//

NevercStatus NEVERC_CALL getGeneration(void *Ctx, NevercTaskHandle T,
                                       NevercMachineFunctionHandle F,
                                       uint64_t *Out) {
  return withFunction(Ctx, T, F, [&](Compile &C, llvm::MachineFunction &MF) {
    return put(Out, C.Generation[&MF]);
  });
}
NevercStatus NEVERC_CALL getBlockCount(void *Ctx, NevercTaskHandle T,
                                       NevercMachineFunctionHandle F,
                                       uint64_t *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    return put(Out, uint64_t(MF.size()));
  });
}
NevercStatus NEVERC_CALL getFirstBlock(void *Ctx, NevercTaskHandle T,
                                       NevercMachineFunctionHandle F,
                                       NevercMachineBasicBlockHandle *Out) {
  return withFunction(Ctx, T, F, [&](Compile &C, llvm::MachineFunction &MF) {
    return put(Out, MF.empty() ? NevercHandle{} : C.block(&MF.front()));
  });
}
NevercStatus NEVERC_CALL getLastBlock(void *Ctx, NevercTaskHandle T,
                                      NevercMachineFunctionHandle F,
                                      NevercMachineBasicBlockHandle *Out) {
  return withFunction(Ctx, T, F, [&](Compile &C, llvm::MachineFunction &MF) {
    return put(Out, MF.empty() ? NevercHandle{} : C.block(&MF.back()));
  });
}
NevercStatus NEVERC_CALL getNextBlock(void *Ctx, NevercTaskHandle T,
                                      NevercMachineBasicBlockHandle B,
                                      NevercMachineBasicBlockHandle *Out) {
  return withBlock(Ctx, T, B, [&](Compile &C, llvm::MachineBasicBlock &MBB) {
    auto It = std::next(MBB.getIterator());
    return put(Out, It == MBB.getParent()->end() ? NevercHandle{}
                                                 : C.block(&*It));
  });
}
NevercStatus NEVERC_CALL getPreviousBlock(void *Ctx, NevercTaskHandle T,
                                          NevercMachineBasicBlockHandle B,
                                          NevercMachineBasicBlockHandle *Out) {
  return withBlock(Ctx, T, B, [&](Compile &C, llvm::MachineBasicBlock &MBB) {
    auto It = MBB.getIterator();
    return put(Out, It == MBB.getParent()->begin()
                        ? NevercHandle{}
                        : C.block(&*std::prev(It)));
  });
}
NevercStatus NEVERC_CALL collectBlocks(void *Ctx, NevercTaskHandle T,
                                       NevercMachineFunctionHandle F,
                                       NevercMachineBasicBlockHandle *Out,
                                       uint64_t Capacity, uint64_t *OutCount) {
  return withFunction(Ctx, T, F, [&](Compile &C, llvm::MachineFunction &MF) {
    if (!OutCount || (Capacity && !Out))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // At most Capacity handles; OutCount is the total (PluginMIR.h).
    uint64_t N = 0;
    for (llvm::MachineBasicBlock &B : MF) {
      if (N < Capacity)
        Out[N] = C.block(&B);
      ++N;
    }
    *OutCount = N;
    return okStatus();
  });
}
NevercStatus NEVERC_CALL getBlockNumber(void *Ctx, NevercTaskHandle T,
                                        NevercMachineBasicBlockHandle B,
                                        int64_t *Out) {
  return withBlock(Ctx, T, B, [&](Compile &, llvm::MachineBasicBlock &MBB) {
    return put(Out, int64_t(MBB.getNumber()));
  });
}
NevercStatus NEVERC_CALL getBlockFunction(void *Ctx, NevercTaskHandle T,
                                          NevercMachineBasicBlockHandle B,
                                          NevercMachineFunctionHandle *Out) {
  return withBlock(Ctx, T, B, [&](Compile &C, llvm::MachineBasicBlock &MBB) {
    return put(Out, C.function(MBB.getParent()));
  });
}

//===--- instructions -----------------------------------------------------===//

NevercStatus NEVERC_CALL getInstrCount(void *Ctx, NevercTaskHandle T,
                                       NevercMachineBasicBlockHandle B,
                                       uint64_t *Out) {
  return withBlock(Ctx, T, B, [&](Compile &, llvm::MachineBasicBlock &MBB) {
    return put(Out, uint64_t(std::distance(MBB.instr_begin(), MBB.instr_end())));
  });
}
NevercStatus NEVERC_CALL getFirstInstr(void *Ctx, NevercTaskHandle T,
                                       NevercMachineBasicBlockHandle B,
                                       NevercMachineInstrHandle *Out) {
  return withBlock(Ctx, T, B, [&](Compile &C, llvm::MachineBasicBlock &MBB) {
    return put(Out, MBB.instr_begin() == MBB.instr_end() ? NevercHandle{}
                                      : C.instr(&*MBB.instr_begin()));
  });
}
NevercStatus NEVERC_CALL getLastInstr(void *Ctx, NevercTaskHandle T,
                                      NevercMachineBasicBlockHandle B,
                                      NevercMachineInstrHandle *Out) {
  return withBlock(Ctx, T, B, [&](Compile &C, llvm::MachineBasicBlock &MBB) {
    return put(Out, MBB.instr_begin() == MBB.instr_end() ? NevercHandle{}
                                      : C.instr(&*std::prev(MBB.instr_end())));
  });
}
NevercStatus NEVERC_CALL getNextInstr(void *Ctx, NevercTaskHandle T,
                                      NevercMachineInstrHandle I,
                                      NevercMachineInstrHandle *Out) {
  return withInstr(Ctx, T, I, [&](Compile &C, llvm::MachineInstr &MI) {
    auto It = std::next(MI.getIterator());
    return put(Out, It == MI.getParent()->instr_end() ? NevercHandle{}
                                                      : C.instr(&*It));
  });
}
NevercStatus NEVERC_CALL getPreviousInstr(void *Ctx, NevercTaskHandle T,
                                          NevercMachineInstrHandle I,
                                          NevercMachineInstrHandle *Out) {
  return withInstr(Ctx, T, I, [&](Compile &C, llvm::MachineInstr &MI) {
    auto It = MI.getIterator();
    return put(Out, It == MI.getParent()->instr_begin()
                        ? NevercHandle{}
                        : C.instr(&*std::prev(It)));
  });
}
NevercStatus NEVERC_CALL collectInstrs(void *Ctx, NevercTaskHandle T,
                                       NevercMachineBasicBlockHandle B,
                                       NevercMachineInstrHandle *Out,
                                       uint64_t Capacity, uint64_t *OutCount) {
  return withBlock(Ctx, T, B, [&](Compile &C, llvm::MachineBasicBlock &MBB) {
    if (!OutCount || (Capacity && !Out))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    uint64_t N = 0;
    for (llvm::MachineInstr &MI : MBB.instrs()) {
      if (N < Capacity)
        Out[N] = C.instr(&MI);
      ++N;
    }
    *OutCount = N;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getInstrInfo(void *Ctx, NevercTaskHandle T,
                                      NevercMachineInstrHandle I,
                                      NevercMIRInstructionInfo *Out) {
  return withInstr(Ctx, T, I, [&](Compile &, llvm::MachineInstr &MI) {
    TRY(checkHeader(Out, sizeof *Out, NEVERC_MIR_API_MAJOR));
    NevercMIRInstructionInfo R;
    std::memset(&R, 0, sizeof R);
    const NevercMIRInstructionOpcode Op = opcodeOf(MI.getOpcode());
    R.StableOpcode = Op.StableOpcode;
    R.TargetOpcode = Op.TargetOpcode;
    R.RequiresTargetSchema = Op.RequiresTargetSchema;
    R.IsBranch = MI.isBranch();
    R.IsCall = MI.isCall();
    R.IsReturn = MI.isReturn();
    R.IsTerminator = MI.isTerminator();
    R.IsBarrier = MI.isBarrier();
    R.IsInlineAssembly = MI.isInlineAsm();
    R.IsDebugInstruction = MI.isDebugInstr();
    R.IsPseudo = MI.isPseudo();
    R.IsBundle = MI.isBundle();
    R.Flags = MI.getFlags() & StableInstrFlags;
    R.OperandCount = MI.getNumOperands();
    R.MemoryOperandCount = MI.getNumMemOperands();
    writeOut(Out, R);
    return okStatus();
  });
}
NevercStatus NEVERC_CALL getInstrBlock(void *Ctx, NevercTaskHandle T,
                                       NevercMachineInstrHandle I,
                                       NevercMachineBasicBlockHandle *Out) {
  return withInstr(Ctx, T, I, [&](Compile &C, llvm::MachineInstr &MI) {
    return put(Out, C.block(MI.getParent()));
  });
}
NevercStatus NEVERC_CALL getInstrDebugLocation(void *Ctx, NevercTaskHandle T,
                                               NevercMachineInstrHandle I,
                                               NevercMIRDebugLocation *Out) {
  return withInstr(Ctx, T, I, [&](Compile &, llvm::MachineInstr &MI) {
    TRY(checkHeader(Out, sizeof *Out, NEVERC_MIR_API_MAJOR));
    NevercMIRDebugLocation R;
    std::memset(&R, 0, sizeof R);
    R.Directory = R.Filename = {"", 0};
    if (const llvm::DILocation *L = MI.getDebugLoc().get()) {
      R.Line = L->getLine();
      R.Column = L->getColumn();
      R.Discriminator = L->getDiscriminator();
      R.IsImplicitCode = L->isImplicitCode();
      llvm::StringRef Dir = L->getDirectory(), File = L->getFilename();
      // An empty name is "" like no location, never a null pointer.
      if (!Dir.empty())
        R.Directory = {Dir.data(), Dir.size()};
      if (!File.empty())
        R.Filename = {File.data(), File.size()};
    }
    writeOut(Out, R);
    return okStatus();
  });
}

//===--- operands ---------------------------------------------------------===//

NevercStatus NEVERC_CALL getInstrOperand(void *Ctx, NevercTaskHandle T,
                                         NevercMachineInstrHandle I,
                                         uint64_t Index,
                                         NevercMachineOperandHandle *Out) {
  return withInstr(Ctx, T, I, [&](Compile &C, llvm::MachineInstr &MI) {
    if (Index >= MI.getNumOperands())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    return put(Out, C.operand(&MI, unsigned(Index)));
  });
}
NevercStatus NEVERC_CALL getOperandValue(void *Ctx, NevercTaskHandle T,
                                         NevercMachineOperandHandle O,
                                         NevercMIROperandValue *Out) {
  return withOperand(Ctx, T, O, [&](Compile &C, OperandRef R) {
    TRY(checkHeader(Out, sizeof *Out, NEVERC_MIR_API_MAJOR));
    NevercMIROperandValue V;
    TRY(describeOperand(C, R.MI->getOperand(R.Index), V));
    writeOut(Out, V);
    return okStatus();
  });
}
NevercStatus NEVERC_CALL getOperandInstr(void *Ctx, NevercTaskHandle T,
                                         NevercMachineOperandHandle O,
                                         NevercMachineInstrHandle *Out) {
  return withOperand(Ctx, T, O, [&](Compile &C, OperandRef R) {
    return put(Out, C.instr(R.MI));
  });
}

//===--- CFG --------------------------------------------------------------===//

NevercStatus NEVERC_CALL getSuccCount(void *Ctx, NevercTaskHandle T,
                                      NevercMachineBasicBlockHandle B,
                                      uint64_t *Out) {
  return withBlock(Ctx, T, B, [&](Compile &, llvm::MachineBasicBlock &MBB) {
    return put(Out, uint64_t(MBB.succ_size()));
  });
}
NevercStatus NEVERC_CALL getSucc(void *Ctx, NevercTaskHandle T,
                                 NevercMachineBasicBlockHandle B,
                                 uint64_t Index, NevercMIRCFGEdge *Out) {
  return withBlock(Ctx, T, B, [&](Compile &C, llvm::MachineBasicBlock &MBB) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (Index >= MBB.succ_size())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto It = std::next(MBB.succ_begin(), Index);
    NevercMIRCFGEdge E;
    E.Block = C.block(*It);
    // No probabilities (-O0; LLVM would answer a uniform 1/N) or an
    // unknown one: 0 / 0.
    E.ProbabilityNumerator = E.ProbabilityDenominator = 0;
    if (MBB.hasSuccessorProbabilities()) {
      const llvm::BranchProbability P = MBB.getSuccProbability(It);
      if (!P.isUnknown()) {
        E.ProbabilityNumerator = P.getNumerator();
        E.ProbabilityDenominator = P.getDenominator();
      }
    }
    *Out = E;
    return okStatus();
  });
}
NevercStatus NEVERC_CALL getPredCount(void *Ctx, NevercTaskHandle T,
                                      NevercMachineBasicBlockHandle B,
                                      uint64_t *Out) {
  return withBlock(Ctx, T, B, [&](Compile &, llvm::MachineBasicBlock &MBB) {
    return put(Out, uint64_t(MBB.pred_size()));
  });
}
NevercStatus NEVERC_CALL getPred(void *Ctx, NevercTaskHandle T,
                                 NevercMachineBasicBlockHandle B,
                                 uint64_t Index,
                                 NevercMachineBasicBlockHandle *Out) {
  return withBlock(Ctx, T, B, [&](Compile &C, llvm::MachineBasicBlock &MBB) {
    if (Index >= MBB.pred_size())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    return put(Out, C.block(*std::next(MBB.pred_begin(), Index)));
  });
}
NevercStatus NEVERC_CALL getLiveInCount(void *Ctx, NevercTaskHandle T,
                                        NevercMachineBasicBlockHandle B,
                                        uint64_t *Out) {
  return withBlock(Ctx, T, B, [&](Compile &, llvm::MachineBasicBlock &MBB) {
    return put(Out, uint64_t(std::distance(MBB.livein_begin_dbg(),
                                           MBB.livein_end())));
  });
}
NevercStatus NEVERC_CALL getLiveIn(void *Ctx, NevercTaskHandle T,
                                   NevercMachineBasicBlockHandle B,
                                   uint64_t Index, NevercMIRLiveIn *Out) {
  return withBlock(Ctx, T, B, [&](Compile &, llvm::MachineBasicBlock &MBB) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const uint64_t N = uint64_t(
        std::distance(MBB.livein_begin_dbg(), MBB.livein_end()));
    if (Index >= N)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const auto &L = *std::next(MBB.livein_begin_dbg(), Index);
    NevercMIRLiveIn R;
    R.Register = L.PhysReg.id();
    R.Reserved = 0;
    R.LaneMask = L.LaneMask.getAsInteger();
    *Out = R;
    return okStatus();
  });
}

//===--- registers --------------------------------------------------------===//

NevercStatus NEVERC_CALL getRegisterInfo(void *Ctx, NevercTaskHandle T,
                                         NevercMachineFunctionHandle F,
                                         uint32_t Reg,
                                         NevercMIRRegisterInfo *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    TRY(checkHeader(Out, sizeof *Out, NEVERC_MIR_API_MAJOR));
    llvm::Register R;
    TRY(registerOf(MF, Reg, R));
    NevercMIRRegisterInfo I;
    std::memset(&I, 0, sizeof I);
    I.Number = Reg;
    if (R.isPhysical()) {
      I.IsPhysical = NEVERC_TRUE;
      I.RequiresTargetSchema = NEVERC_TRUE;
      I.AssignmentKind = NEVERC_MIR_REG_ASSIGNMENT_NONE;
    } else {
      describeVirtualRegister(MF.getRegInfo(), R, I.AssignmentKind,
                              I.TargetID, I.Type);
      I.RequiresTargetSchema =
          I.AssignmentKind == NEVERC_MIR_REG_ASSIGNMENT_CLASS ||
          I.AssignmentKind == NEVERC_MIR_REG_ASSIGNMENT_BANK;
    }
    writeOut(Out, I);
    return okStatus();
  });
}

/// The def or use operands of a register, in LLVM's use-list order.
template <bool Defs>
NevercStatus regOperands(void *Ctx, NevercTaskHandle T,
                         NevercMachineFunctionHandle F, uint32_t Reg,
                         uint64_t Index, uint64_t *OutCount,
                         NevercMachineOperandHandle *OutOperand) {
  return withFunction(Ctx, T, F, [&](Compile &C, llvm::MachineFunction &MF) {
    if (!OutCount && !OutOperand)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Register R;
    TRY(registerOf(MF, Reg, R));
    llvm::MachineRegisterInfo &MRI = MF.getRegInfo();
    uint64_t N = 0;
    auto Visit = [&](llvm::MachineOperand &MO) {
      if (OutOperand && N == Index) {
        llvm::MachineInstr *MI = MO.getParent();
        *OutOperand = C.operand(MI, MI->getOperandNo(&MO));
        return true;
      }
      ++N;
      return false;
    };
    if constexpr (Defs) {
      for (llvm::MachineOperand &MO : MRI.def_operands(R))
        if (Visit(MO))
          return okStatus();
    } else {
      for (llvm::MachineOperand &MO : MRI.use_operands(R))
        if (Visit(MO))
          return okStatus();
    }
    if (OutOperand)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *OutCount = N;
    return okStatus();
  });
}
NevercStatus NEVERC_CALL getRegDefCount(void *Ctx, NevercTaskHandle T,
                                        NevercMachineFunctionHandle F,
                                        uint32_t Reg, uint64_t *Out) {
  return regOperands<true>(Ctx, T, F, Reg, 0, Out, nullptr);
}
NevercStatus NEVERC_CALL getRegDef(void *Ctx, NevercTaskHandle T,
                                   NevercMachineFunctionHandle F, uint32_t Reg,
                                   uint64_t Index,
                                   NevercMachineOperandHandle *Out) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return regOperands<true>(Ctx, T, F, Reg, Index, nullptr, Out);
}
NevercStatus NEVERC_CALL getRegUseCount(void *Ctx, NevercTaskHandle T,
                                        NevercMachineFunctionHandle F,
                                        uint32_t Reg, uint64_t *Out) {
  return regOperands<false>(Ctx, T, F, Reg, 0, Out, nullptr);
}
NevercStatus NEVERC_CALL getRegUse(void *Ctx, NevercTaskHandle T,
                                   NevercMachineFunctionHandle F, uint32_t Reg,
                                   uint64_t Index,
                                   NevercMachineOperandHandle *Out) {
  if (!Out)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return regOperands<false>(Ctx, T, F, Reg, Index, nullptr, Out);
}

NevercStatus NEVERC_CALL getFunctionLiveInCount(void *Ctx, NevercTaskHandle T,
                                                NevercMachineFunctionHandle F,
                                                uint64_t *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    const llvm::MachineRegisterInfo &MRI = MF.getRegInfo();
    return put(Out, uint64_t(std::distance(MRI.livein_begin(),
                                           MRI.livein_end())));
  });
}
NevercStatus NEVERC_CALL getFunctionLiveIn(void *Ctx, NevercTaskHandle T,
                                           NevercMachineFunctionHandle F,
                                           uint64_t Index,
                                           NevercMIRFunctionLiveIn *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    const llvm::MachineRegisterInfo &MRI = MF.getRegInfo();
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (Index >= uint64_t(std::distance(MRI.livein_begin(), MRI.livein_end())))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const auto &L = *std::next(MRI.livein_begin(), Index);
    NevercMIRFunctionLiveIn R;
    R.PhysicalRegister = L.first.id();
    R.VirtualRegister = registerNumber(L.second);
    *Out = R;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getMachineProperty(void *Ctx, NevercTaskHandle T,
                                            NevercMachineFunctionHandle F,
                                            NevercMIRMachineProperty P,
                                            NevercBool *Out) {
  return withFunction(Ctx, T, F, [&](Compile &, llvm::MachineFunction &MF) {
    llvm::MachineFunctionProperties::Property Prop;
    TRY(propertyOf(P, Prop));
    return put(Out, NevercBool(MF.getProperties().hasProperty(Prop)));
  });
}

} // namespace

namespace {
/// Stable ID by LLVM opcode (0: none), built at compile time: the walk
/// asks for every instruction.
constexpr unsigned OpcodeLimit = [] {
  unsigned Max = 0;
  for (const SchemaRow &O : Opcodes)
    Max = O.LLVMValue > Max ? O.LLVMValue : Max;
  return Max + 1;
}();
constexpr std::array<uint32_t, OpcodeLimit> StableOfOpcode = [] {
  std::array<uint32_t, OpcodeLimit> A{};
  for (const SchemaRow &O : Opcodes)
    A[O.LLVMValue] = O.ID;
  return A;
}();
} // namespace

NevercMIRInstructionOpcode opcodeOf(unsigned Opcode) {
  NevercMIRInstructionOpcode R;
  std::memset(&R, 0, sizeof R);
  R.TargetOpcode = Opcode;
  R.StableOpcode = Opcode < OpcodeLimit ? StableOfOpcode[Opcode] : 0;
  R.RequiresTargetSchema = R.StableOpcode ? NEVERC_FALSE : NEVERC_TRUE;
  return R;
}

bool llvmOpcodeOf(NevercMIRGenericOpcode Stable, unsigned &Out) {
  for (const SchemaRow &O : Opcodes)
    if (O.ID == Stable) {
      Out = O.LLVMValue;
      return true;
    }
  return false;
}

NevercStatus propertyOf(NevercMIRMachineProperty P,
                        llvm::MachineFunctionProperties::Property &Out) {
  for (const SchemaRow &R : Properties)
    if (R.ID == P) {
      Out = llvm::MachineFunctionProperties::Property(R.LLVMValue);
      return okStatus();
    }
  return st(NEVERC_STATUS_INVALID_ARGUMENT);
}

void fillReadSlots(NevercMIRAPI &T) {
  T.GetSchemaDigest = &getSchemaDigest;
  T.GetEntityInfo = &getEntityInfo;
  T.GetOperandKindInfo = &getOperandKindInfo;
  T.GetGenericOpcodeInfo = &getGenericOpcodeInfo;
  T.GetMachinePropertyInfo = &getMachinePropertyInfo;
  T.GetMachineFunctionGeneration = &getGeneration;
  T.GetBasicBlockCount = &getBlockCount;
  T.GetFirstBasicBlock = &getFirstBlock;
  T.GetLastBasicBlock = &getLastBlock;
  T.GetNextBasicBlock = &getNextBlock;
  T.GetPreviousBasicBlock = &getPreviousBlock;
  T.CollectBasicBlocks = &collectBlocks;
  T.GetBasicBlockNumber = &getBlockNumber;
  T.GetBasicBlockFunction = &getBlockFunction;
  T.GetInstructionCount = &getInstrCount;
  T.GetFirstInstruction = &getFirstInstr;
  T.GetLastInstruction = &getLastInstr;
  T.GetNextInstruction = &getNextInstr;
  T.GetPreviousInstruction = &getPreviousInstr;
  T.CollectInstructions = &collectInstrs;
  T.GetInstructionInfo = &getInstrInfo;
  T.GetInstructionBasicBlock = &getInstrBlock;
  T.GetInstructionDebugLocation = &getInstrDebugLocation;
  T.GetInstructionOperand = &getInstrOperand;
  T.GetOperandValue = &getOperandValue;
  T.GetOperandInstruction = &getOperandInstr;
  T.GetSuccessorCount = &getSuccCount;
  T.GetSuccessor = &getSucc;
  T.GetPredecessorCount = &getPredCount;
  T.GetPredecessor = &getPred;
  T.GetLiveInCount = &getLiveInCount;
  T.GetLiveIn = &getLiveIn;
  T.GetRegisterInfo = &getRegisterInfo;
  T.GetRegisterDefCount = &getRegDefCount;
  T.GetRegisterDef = &getRegDef;
  T.GetRegisterUseCount = &getRegUseCount;
  T.GetRegisterUse = &getRegUse;
  T.GetFunctionLiveInCount = &getFunctionLiveInCount;
  T.GetFunctionLiveIn = &getFunctionLiveIn;
  T.GetMachineProperty = &getMachineProperty;
}

} // namespace neverc::mir
