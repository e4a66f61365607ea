//===- CountInstructions.cpp - The bench's reference LLVM pass plugin -----===//
//
// The read-only function pass IRTracePlugin runs through the C ABI at
// ir.pass.post_opt (visit every instruction of every defined function),
// written the way LLVM's own pass plugins are: C++ against LLVM 22's
// headers, loaded into clang-22 with -fpass-plugin=. tests/bench/compile
// times both; their ratio is the price of the stable ABI (ir/README.md).
// Its slot is the optimizer-last extension point (clang runs nothing after
// it but code generation, as ir.pass.post_opt sits before it).
//
//===----------------------------------------------------------------------===//
#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

namespace {

struct CountInstructions : llvm::PassInfoMixin<CountInstructions> {
  uint64_t *Total;
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &) {
    for (llvm::BasicBlock &BB : F)
      for (llvm::Instruction &I : BB)
        *Total += I.getOpcode() != 0;
    return llvm::PreservedAnalyses::all();
  }
};

uint64_t Counted; // one count per process, as the C plugin keeps one

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "CountInstructions", "1",
          [](llvm::PassBuilder &PB) {
            PB.registerOptimizerLastEPCallback(
                [](llvm::ModulePassManager &MPM, llvm::OptimizationLevel,
                   llvm::ThinOrFullLTOPhase) {
                  MPM.addPass(llvm::createModuleToFunctionPassAdaptor(
                      CountInstructions{{}, &Counted}));
                });
          }};
}
