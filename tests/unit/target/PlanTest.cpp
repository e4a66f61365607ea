//===- PlanTest.cpp - Calling-convention specs and plans ------------------===//
//
// callconv.md §5 (specs) and §6 (the plan string), against the register
// tables LLVM 22 itself reports.
//
//===----------------------------------------------------------------------===//
#include "CallConv.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

#include <gtest/gtest.h>

#include <memory>

using namespace neverc::target;

namespace {

class PlanTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargetMCs();
  }

  RegTable table(const char *TripleName) {
    std::optional<RegTable> R = regTableFor(llvm::Triple(TripleName));
    EXPECT_TRUE(R.has_value());
    return R ? *R : RegTable();
  }

  /// A function of \p Params returning \p Ret in a fresh module.
  llvm::Function *function(llvm::Type *Ret,
                           std::vector<llvm::Type *> Params) {
    auto *FT = llvm::FunctionType::get(Ret, Params, false);
    return llvm::Function::Create(FT, llvm::Function::ExternalLinkage, "f",
                                  M);
  }

  unsigned reg(const RegTable &R, const char *Name) {
    const NamedReg *N = R.find(Name);
    EXPECT_NE(N, nullptr) << Name;
    return N ? N->Number : 0;
  }

  llvm::LLVMContext Ctx;
  llvm::Module M{"m", Ctx};
  llvm::Type *I64 = llvm::Type::getInt64Ty(Ctx);
  llvm::Type *I32 = llvm::Type::getInt32Ty(Ctx);
  llvm::Type *F64 = llvm::Type::getDoubleTy(Ctx);
};

TEST_F(PlanTest, X86TableHasWhatSpecsMayNameAndNothingElse) {
  RegTable R = table("x86_64-pc-linux-gnu");
  EXPECT_EQ(R.Schema, "llvm22-x86_64-pc-linux-gnu");
  EXPECT_EQ(R.Regs.size(), 15u + 16u); // 15 GPRs (no rsp), xmm0-15
  EXPECT_EQ(R.find("rsp"), nullptr);
  EXPECT_NE(R.find("RBP"), nullptr); // names are case-insensitive
  EXPECT_EQ(R.find("xmm3")->Class, RegClass::SIMD);
  EXPECT_EQ(R.StandardCalleeSaved.size(), 6u);
}

TEST_F(PlanTest, AArch64TableLeavesOutFramePointerAndLinkRegister) {
  RegTable R = table("aarch64-unknown-linux-gnu");
  EXPECT_NE(R.find("x28"), nullptr);
  EXPECT_EQ(R.find("x29"), nullptr);
  EXPECT_EQ(R.find("x30"), nullptr);
  EXPECT_EQ(R.find("sp"), nullptr);
  EXPECT_EQ(R.find("v31")->Class, RegClass::SIMD);
  EXPECT_EQ(R.StandardCalleeSaved.size(), 18u); // x19-x28, v8-v15
}

TEST_F(PlanTest, PoolModeFillsEachClassInOrderThenTheStack) {
  RegTable R = table("x86_64-pc-linux-gnu");
  std::vector<std::string> W;
  Plan P = planFromSpec("gpr:r10,r11; ret:rdx; bogus:rax",
                        *function(I64, {I64, F64, I64, I64, I32}), R, W);
  EXPECT_TRUE(W.empty());
  ASSERT_EQ(P.Arguments.size(), 4u); // the double has no pool: standard
  EXPECT_EQ(P.argument(0)->RegisterNumber, reg(R, "r10"));
  EXPECT_EQ(P.argument(1), nullptr);
  EXPECT_EQ(P.argument(2)->RegisterNumber, reg(R, "r11"));
  EXPECT_FALSE(P.argument(3)->Register);
  EXPECT_EQ(P.argument(3)->StackOffset, 0u);
  EXPECT_FALSE(P.argument(4)->Register);
  EXPECT_EQ(P.argument(4)->StackOffset, 8u);
  EXPECT_EQ(P.argument(4)->Size, 4u);
  ASSERT_NE(P.result(), nullptr);
  EXPECT_EQ(P.result()->RegisterNumber, reg(R, "rdx"));
  EXPECT_EQ(P.CalleeSaved, R.StandardCalleeSaved);
}

TEST_F(PlanTest, PositionalModeFallsBackToTheStackAndSaysWhy) {
  RegTable R = table("x86_64-pc-linux-gnu");
  std::vector<std::string> W;
  Plan P = planFromSpec("args:rcx,mem,xmm0,rcx,rsp; gpr:r8; csr:rbx,r12",
                        *function(I64, {I64, I64, I64, I64, I64, I64}), R, W);
  ASSERT_EQ(P.Arguments.size(), 6u);
  EXPECT_EQ(P.argument(0)->RegisterNumber, reg(R, "rcx"));
  EXPECT_FALSE(P.argument(1)->Register); // "mem"
  EXPECT_FALSE(P.argument(2)->Register); // wrong class
  EXPECT_FALSE(P.argument(3)->Register); // rcx again
  EXPECT_FALSE(P.argument(4)->Register); // rsp is not nameable
  EXPECT_FALSE(P.argument(5)->Register); // past the list; gpr is ignored
  EXPECT_EQ(P.argument(5)->StackOffset, 32u);
  EXPECT_EQ(W.size(), 3u); // xmm0, rcx, rsp
  EXPECT_EQ(P.result(), nullptr);
  EXPECT_EQ(P.CalleeSaved,
            (std::vector<unsigned>{reg(R, "rbx"), reg(R, "r12")}));
}

TEST_F(PlanTest, PlanStringRoundTrips) {
  RegTable R = table("x86_64-pc-linux-gnu");
  std::vector<std::string> W;
  Plan P = planFromSpec("args:r10,stack;ret_xmm:xmm2",
                        *function(F64, {I64, F64}), R, W);
  std::string S = formatPlan(P);
  EXPECT_EQ(S.rfind("neverc-cc-plan-v1;schema=llvm22-x86_64-pc-linux-gnu;"
                    "target=0x4e43544152474554:0x0000000000000001;"
                    "cc=0x4e43434f4e564e31:0x0000000000000001;stack=16;",
                    0),
            0u)
      << S;
  std::optional<Plan> Q = parsePlan(S);
  ASSERT_TRUE(Q.has_value());
  EXPECT_EQ(formatPlan(*Q), S);
  EXPECT_EQ(Q->Arguments.size(), 2u);
  EXPECT_FALSE(Q->argument(1)->Register);
  EXPECT_EQ(Q->result()->RegisterNumber, reg(R, "xmm2"));
}

TEST_F(PlanTest, MalformedPlansDoNotParse) {
  const std::string Good =
      "neverc-cc-plan-v1;schema=s;target=0x0000000000000001:"
      "0x0000000000000002;cc=0x0000000000000003:0x0000000000000004;stack=16;"
      "returns=r,0,0,8,8,51,0,0;arguments=s,0,0,8,8,0,0,0;callee-saved=53";
  ASSERT_TRUE(parsePlan(Good).has_value());
  for (const char *Bad : {
           "neverc-cc-plan-v2;schema=s;target=0x0000000000000001:"
           "0x0000000000000002;cc=0x0000000000000003:0x0000000000000004;"
           "stack=16;returns=;arguments=;callee-saved=",
           // a field missing
           "neverc-cc-plan-v1;schema=s;target=0x0000000000000001:"
           "0x0000000000000002;stack=16;returns=;arguments=;callee-saved=",
           // fields out of order
           "neverc-cc-plan-v1;target=0x0000000000000001:0x0000000000000002;"
           "schema=s;cc=0x0000000000000003:0x0000000000000004;stack=16;"
           "returns=;arguments=;callee-saved=",
           // an ID without 16 hex digits
           "neverc-cc-plan-v1;schema=s;target=0x1:0x2;cc=0x0000000000000003:"
           "0x0000000000000004;stack=16;returns=;arguments=;callee-saved=",
           // a location with 7 fields, another of an unknown kind
           "neverc-cc-plan-v1;schema=s;target=0x0000000000000001:"
           "0x0000000000000002;cc=0x0000000000000003:0x0000000000000004;"
           "stack=16;returns=r,0,0,8,8,51,0;arguments=;callee-saved=",
           "neverc-cc-plan-v1;schema=s;target=0x0000000000000001:"
           "0x0000000000000002;cc=0x0000000000000003:0x0000000000000004;"
           "stack=16;returns=x,0,0,8,8,51,0,0;arguments=;callee-saved=",
           // a register number past 32 bits, a callee-saved name
           "neverc-cc-plan-v1;schema=s;target=0x0000000000000001:"
           "0x0000000000000002;cc=0x0000000000000003:0x0000000000000004;"
           "stack=16;returns=r,0,0,8,8,4294967296,0,0;arguments=;"
           "callee-saved=",
           "neverc-cc-plan-v1;schema=s;target=0x0000000000000001:"
           "0x0000000000000002;cc=0x0000000000000003:0x0000000000000004;"
           "stack=16;returns=;arguments=;callee-saved=rbx",
           // an empty schema
           "neverc-cc-plan-v1;schema=;target=0x0000000000000001:"
           "0x0000000000000002;cc=0x0000000000000003:0x0000000000000004;"
           "stack=16;returns=;arguments=;callee-saved="})
    EXPECT_FALSE(parsePlan(Bad).has_value()) << Bad;
}

} // namespace
