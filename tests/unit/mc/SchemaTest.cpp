//===- SchemaTest.cpp - LLVM 22's MC kinds as the generic schema's IDs ----===//
//
// mc/lib/Schema.cpp maps LLVM 22's operand, expression, fragment and fixup
// kinds to the stable IDs of PluginMCSchema.inc by meaning (LLVM 22 has no
// PC-relative fixup kinds, PC-relativity is a bit of the fixup), and the
// host's LOCKSTEP digest is the one the SDK's x86-64 schema names.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSection.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

#include "neverc/Plugin/Schema/Targets/PluginMCX86_64.inc"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace neverc::mc;

namespace {

/// An MCContext as x86-64's streamer would have it (symbols need the
/// target's MCAsmInfo).
class SchemaTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargetMCs();
  }
  SchemaTest() {
    std::string Error;
    const llvm::Target *T = llvm::TargetRegistry::lookupTarget(TT, Error);
    MRI.reset(T->createMCRegInfo(TT));
    MAI.reset(T->createMCAsmInfo(*MRI, TT, Options));
    Ctx = std::make_unique<llvm::MCContext>(TT, MAI.get(), MRI.get(),
                                            nullptr);
    One = llvm::MCConstantExpr::create(1, *Ctx);
  }

  llvm::Triple TT{"x86_64-unknown-linux-gnu"};
  llvm::MCTargetOptions Options;
  std::unique_ptr<llvm::MCRegisterInfo> MRI;
  std::unique_ptr<llvm::MCAsmInfo> MAI;
  std::unique_ptr<llvm::MCContext> Ctx;
  const llvm::MCExpr *One = nullptr;

  uint32_t kind(llvm::MCFixupKind K, bool PCRel, uint32_t *Target = nullptr) {
    return fixupKind(llvm::MCFixup::create(0, One, K, PCRel), Target);
  }
};

TEST_F(SchemaTest, DataFixupsArePCRelativeByTheirBit) {
  EXPECT_EQ(kind(llvm::FK_Data_1, false), NEVERC_MC_FIXUP_DATA_1);
  EXPECT_EQ(kind(llvm::FK_Data_2, false), NEVERC_MC_FIXUP_DATA_2);
  EXPECT_EQ(kind(llvm::FK_Data_4, false), NEVERC_MC_FIXUP_DATA_4);
  EXPECT_EQ(kind(llvm::FK_Data_8, false), NEVERC_MC_FIXUP_DATA_8);
  EXPECT_EQ(kind(llvm::FK_Data_1, true), NEVERC_MC_FIXUP_PC_REL_1);
  EXPECT_EQ(kind(llvm::FK_Data_2, true), NEVERC_MC_FIXUP_PC_REL_2);
  EXPECT_EQ(kind(llvm::FK_Data_4, true), NEVERC_MC_FIXUP_PC_REL_4);
  EXPECT_EQ(kind(llvm::FK_Data_8, true), NEVERC_MC_FIXUP_PC_REL_8);
  EXPECT_EQ(kind(llvm::FK_Data_leb128, false), NEVERC_MC_FIXUP_DATA_LEB128);
  EXPECT_EQ(kind(llvm::FK_NONE, false), NEVERC_MC_FIXUP_NONE);
}

TEST_F(SchemaTest, SectionRelativeAndTargetFixups) {
  EXPECT_EQ(kind(llvm::FK_SecRel_1, false), NEVERC_MC_FIXUP_SEC_REL_1);
  EXPECT_EQ(kind(llvm::FK_SecRel_2, false), NEVERC_MC_FIXUP_SEC_REL_2);
  EXPECT_EQ(kind(llvm::FK_SecRel_4, false), NEVERC_MC_FIXUP_SEC_REL_4);
  EXPECT_EQ(kind(llvm::FK_SecRel_8, false), NEVERC_MC_FIXUP_SEC_REL_8);
  // A target's own fixup (x86's reloc_riprel_4byte, say) is LOCKSTEP: the
  // stable kind says so and TargetKind carries LLVM's number.
  uint32_t Target = 0;
  auto K = llvm::MCFixupKind(llvm::FirstTargetFixupKind + 3);
  EXPECT_EQ(kind(K, true, &Target), NEVERC_MC_FIXUP_TARGET_EXTENSION);
  EXPECT_EQ(Target, uint32_t(K));
  // A raw relocation type (.reloc) is LLVM's number too.
  K = llvm::MCFixupKind(llvm::FirstLiteralRelocationKind + 2);
  EXPECT_EQ(kind(K, false, &Target), NEVERC_MC_FIXUP_TARGET_EXTENSION);
  EXPECT_EQ(Target, uint32_t(K));
  Target = 7;
  kind(llvm::FK_Data_4, false, &Target);
  EXPECT_EQ(Target, 0u); // a generic kind has no target kind
}

TEST_F(SchemaTest, FixupWidths) {
  auto Width = [&](llvm::MCFixupKind K, bool PC) {
    llvm::MCFixup F = llvm::MCFixup::create(0, One, K, PC);
    return fixupWidth(F, fixupKind(F, nullptr));
  };
  EXPECT_EQ(Width(llvm::FK_Data_1, false), 1u);
  EXPECT_EQ(Width(llvm::FK_Data_2, true), 2u);
  EXPECT_EQ(Width(llvm::FK_Data_4, true), 4u);
  EXPECT_EQ(Width(llvm::FK_SecRel_8, false), 8u);
  EXPECT_EQ(Width(llvm::MCFixupKind(llvm::FirstTargetFixupKind), false), 0u);
  EXPECT_EQ(Width(llvm::FK_Data_leb128, false), 0u);
}

TEST_F(SchemaTest, OperandKinds) {
  llvm::MCInst Inner;
  EXPECT_EQ(operandKind(llvm::MCOperand::createReg(1)),
            NEVERC_MC_OPERAND_REGISTER);
  EXPECT_EQ(operandKind(llvm::MCOperand::createImm(-4)),
            NEVERC_MC_OPERAND_IMMEDIATE);
  EXPECT_EQ(operandKind(llvm::MCOperand::createSFPImm(0x3f800000)),
            NEVERC_MC_OPERAND_SINGLE_FLOAT);
  EXPECT_EQ(operandKind(llvm::MCOperand::createDFPImm(0x3ff0000000000000)),
            NEVERC_MC_OPERAND_DOUBLE_FLOAT);
  EXPECT_EQ(operandKind(llvm::MCOperand::createExpr(One)),
            NEVERC_MC_OPERAND_EXPRESSION);
  EXPECT_EQ(operandKind(llvm::MCOperand::createInst(&Inner)),
            NEVERC_MC_OPERAND_INSTRUCTION);
  EXPECT_EQ(operandKind(llvm::MCOperand()), NEVERC_MC_OPERAND_INVALID);
}

TEST_F(SchemaTest, ExpressionKinds) {
  const llvm::MCExpr *Two = llvm::MCConstantExpr::create(2, *Ctx);
  EXPECT_EQ(expressionKind(*One), NEVERC_MC_EXPRESSION_CONSTANT);
  EXPECT_EQ(expressionKind(*llvm::MCBinaryExpr::createAdd(One, Two, *Ctx)),
            NEVERC_MC_EXPRESSION_BINARY);
  EXPECT_EQ(expressionKind(*llvm::MCUnaryExpr::createMinus(One, *Ctx)),
            NEVERC_MC_EXPRESSION_UNARY);
  llvm::MCSymbol *S = Ctx->getOrCreateSymbol("s");
  EXPECT_EQ(expressionKind(*llvm::MCSymbolRefExpr::create(S, *Ctx)),
            NEVERC_MC_EXPRESSION_SYMBOL_REF);
  // LLVM 22's Specifier expressions have no schema kind of their own.
  EXPECT_EQ(expressionKind(*llvm::MCSpecifierExpr::create(One, 1, *Ctx)),
            NEVERC_MC_EXPRESSION_TARGET_VARIANT);
}

TEST_F(SchemaTest, FragmentKinds) {
  using FT = llvm::MCFragment;
  // FT_Data (DATA, or ENCODED_WITH_FIXUPS when it has fixups) asks for its
  // fixups, which live in its section: a fragment alone has none to ask
  // (tests/lit/mc/tour.c reads real ones).
  EXPECT_EQ(fragmentKind(FT(FT::FT_Relaxable)), NEVERC_MC_FRAGMENT_RELAXABLE);
  EXPECT_EQ(fragmentKind(FT(FT::FT_Align)), NEVERC_MC_FRAGMENT_ALIGN);
  EXPECT_EQ(fragmentKind(FT(FT::FT_Fill)), NEVERC_MC_FRAGMENT_FILL);
  EXPECT_EQ(fragmentKind(FT(FT::FT_LEB)), NEVERC_MC_FRAGMENT_LEB);
  EXPECT_EQ(fragmentKind(FT(FT::FT_Nops)), NEVERC_MC_FRAGMENT_NOP);
  EXPECT_EQ(fragmentKind(FT(FT::FT_Org)), NEVERC_MC_FRAGMENT_ORG);
  EXPECT_EQ(fragmentKind(FT(FT::FT_Dwarf)), NEVERC_MC_FRAGMENT_DEBUG);
  EXPECT_EQ(fragmentKind(FT(FT::FT_DwarfFrame)), NEVERC_MC_FRAGMENT_CFI);
  EXPECT_EQ(fragmentKind(FT(FT::FT_BoundaryAlign)),
            NEVERC_MC_FRAGMENT_BOUNDARY_ALIGN);
  EXPECT_EQ(fragmentKind(FT(FT::FT_SymbolId)), NEVERC_MC_FRAGMENT_SYMBOL_ID);
  // What the schema does not name is a format extension.
  EXPECT_EQ(fragmentKind(FT(FT::FT_SFrame)),
            NEVERC_MC_FRAGMENT_FORMAT_EXTENSION);
  EXPECT_EQ(fragmentKind(FT(FT::FT_CVInlineLines)),
            NEVERC_MC_FRAGMENT_FORMAT_EXTENSION);
  EXPECT_EQ(fragmentKind(FT(FT::FT_CVDefRange)),
            NEVERC_MC_FRAGMENT_FORMAT_EXTENSION);
}

TEST_F(SchemaTest, DigestIsTheSDKSchemas) {
  EXPECT_EQ(targetDigest("x86_64"), NEVERC_MC_TARGET_X86_64_DIGEST);
  EXPECT_NE(targetDigest("aarch64"), NEVERC_MC_TARGET_X86_64_DIGEST);
}

} // namespace
