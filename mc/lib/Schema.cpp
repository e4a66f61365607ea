//===- Schema.cpp - LLVM 22's MC kinds as the generic MC schema's IDs -----===//
//
// The generic schema (PluginMCSchema.inc) records older LLVM values; these
// map LLVM 22's enums by meaning (target-mc-object.md §9.2): LLVM 22 has no
// PC-relative fixup kinds (PC-relativity is a bit of the fixup), no
// GP/DTP/TP kinds (those are target fixups), and fragments and expression
// kinds the schema does not name (FORMAT_EXTENSION, TARGET_VARIANT).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCSection.h"

namespace neverc::mc {

NevercMCOperandKind operandKind(const llvm::MCOperand &Op) {
  if (Op.isReg())
    return NEVERC_MC_OPERAND_REGISTER;
  if (Op.isImm())
    return NEVERC_MC_OPERAND_IMMEDIATE;
  if (Op.isSFPImm())
    return NEVERC_MC_OPERAND_SINGLE_FLOAT;
  if (Op.isDFPImm())
    return NEVERC_MC_OPERAND_DOUBLE_FLOAT;
  if (Op.isExpr())
    return NEVERC_MC_OPERAND_EXPRESSION;
  if (Op.isInst())
    return NEVERC_MC_OPERAND_INSTRUCTION;
  return NEVERC_MC_OPERAND_INVALID;
}

NevercMCExpressionKind expressionKind(const llvm::MCExpr &E) {
  switch (E.getKind()) {
  case llvm::MCExpr::Binary:
    return NEVERC_MC_EXPRESSION_BINARY;
  case llvm::MCExpr::Constant:
    return NEVERC_MC_EXPRESSION_CONSTANT;
  case llvm::MCExpr::SymbolRef:
    return NEVERC_MC_EXPRESSION_SYMBOL_REF;
  case llvm::MCExpr::Unary:
    return NEVERC_MC_EXPRESSION_UNARY;
  case llvm::MCExpr::Specifier:
  case llvm::MCExpr::Target:
    return NEVERC_MC_EXPRESSION_TARGET_VARIANT;
  }
  return NEVERC_MC_EXPRESSION_TARGET_VARIANT;
}

NevercMCFragmentKind fragmentKind(const llvm::MCFragment &F) {
  using FT = llvm::MCFragment;
  switch (F.getKind()) {
  case FT::FT_Data:
    return F.getFixups().empty() ? NEVERC_MC_FRAGMENT_DATA
                                 : NEVERC_MC_FRAGMENT_ENCODED_WITH_FIXUPS;
  case FT::FT_Relaxable:
    return NEVERC_MC_FRAGMENT_RELAXABLE;
  case FT::FT_Align:
    return NEVERC_MC_FRAGMENT_ALIGN;
  case FT::FT_Fill:
    return NEVERC_MC_FRAGMENT_FILL;
  case FT::FT_LEB:
    return NEVERC_MC_FRAGMENT_LEB;
  case FT::FT_Nops:
    return NEVERC_MC_FRAGMENT_NOP;
  case FT::FT_Org:
    return NEVERC_MC_FRAGMENT_ORG;
  case FT::FT_Dwarf:
    return NEVERC_MC_FRAGMENT_DEBUG;
  case FT::FT_DwarfFrame:
    return NEVERC_MC_FRAGMENT_CFI;
  case FT::FT_BoundaryAlign:
    return NEVERC_MC_FRAGMENT_BOUNDARY_ALIGN;
  case FT::FT_SymbolId:
    return NEVERC_MC_FRAGMENT_SYMBOL_ID;
  default: // FT_SFrame, FT_CVInlineLines, FT_CVDefRange
    return NEVERC_MC_FRAGMENT_FORMAT_EXTENSION;
  }
}

NevercMCFixupKind fixupKind(const llvm::MCFixup &F, uint32_t *TargetKind) {
  const unsigned K = F.getKind();
  if (TargetKind)
    *TargetKind = 0;
  const bool PC = F.isPCRel();
  switch (K) {
  case llvm::FK_NONE:
    return NEVERC_MC_FIXUP_NONE;
  case llvm::FK_Data_1:
    return PC ? NEVERC_MC_FIXUP_PC_REL_1 : NEVERC_MC_FIXUP_DATA_1;
  case llvm::FK_Data_2:
    return PC ? NEVERC_MC_FIXUP_PC_REL_2 : NEVERC_MC_FIXUP_DATA_2;
  case llvm::FK_Data_4:
    return PC ? NEVERC_MC_FIXUP_PC_REL_4 : NEVERC_MC_FIXUP_DATA_4;
  case llvm::FK_Data_8:
    return PC ? NEVERC_MC_FIXUP_PC_REL_8 : NEVERC_MC_FIXUP_DATA_8;
  case llvm::FK_Data_leb128:
    return NEVERC_MC_FIXUP_DATA_LEB128;
  case llvm::FK_SecRel_1:
    return NEVERC_MC_FIXUP_SEC_REL_1;
  case llvm::FK_SecRel_2:
    return NEVERC_MC_FIXUP_SEC_REL_2;
  case llvm::FK_SecRel_4:
    return NEVERC_MC_FIXUP_SEC_REL_4;
  case llvm::FK_SecRel_8:
    return NEVERC_MC_FIXUP_SEC_REL_8;
  default:
    // A target fixup or a raw relocation type: LOCKSTEP, LLVM's number.
    if (TargetKind)
      *TargetKind = K;
    return NEVERC_MC_FIXUP_TARGET_EXTENSION;
  }
}

bool forEachFixup(const llvm::MCFragment &F,
                  llvm::function_ref<bool(const llvm::MCFixup &, bool)>
                      Visit) {
  for (const llvm::MCFixup &X : F.getFixups())
    if (Visit(X, false))
      return true;
  for (const llvm::MCFixup &X : F.getVarFixups())
    if (Visit(X, true))
      return true;
  return false;
}

uint32_t fixupWidth(const llvm::MCFixup &F, uint32_t Stable) {
  switch (Stable) {
  case NEVERC_MC_FIXUP_DATA_1: case NEVERC_MC_FIXUP_PC_REL_1:
  case NEVERC_MC_FIXUP_SEC_REL_1:
    return 1;
  case NEVERC_MC_FIXUP_DATA_2: case NEVERC_MC_FIXUP_PC_REL_2:
  case NEVERC_MC_FIXUP_SEC_REL_2:
    return 2;
  case NEVERC_MC_FIXUP_DATA_4: case NEVERC_MC_FIXUP_PC_REL_4:
  case NEVERC_MC_FIXUP_SEC_REL_4:
    return 4;
  case NEVERC_MC_FIXUP_DATA_8: case NEVERC_MC_FIXUP_PC_REL_8:
  case NEVERC_MC_FIXUP_SEC_REL_8:
    return 8;
  default:
    (void)F;
    return 0; // a target fixup's width is the target's (LOCKSTEP)
  }
}

} // namespace neverc::mc
