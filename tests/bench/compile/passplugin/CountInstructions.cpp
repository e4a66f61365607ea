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

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace {

uint64_t Counted, Functions; // per process, as the C plugin keeps them
double Seconds;

/// With NEVERC_PASS_TIME set, the total walk time is printed at exit, as
/// IRTracePlugin's IR_TRACE_TIME prints its own.
void report() {
  std::fprintf(stderr, "passplugin-time: %llu functions, %llu instructions, "
                       "%.3f ms\n",
               (unsigned long long)Functions, (unsigned long long)Counted,
               Seconds * 1e3);
}

struct CountInstructions : llvm::PassInfoMixin<CountInstructions> {
  uint64_t *Total;
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &) {
    if (F.isDeclaration())
      return llvm::PreservedAnalyses::all();
    auto Start = std::chrono::steady_clock::now();
    for (llvm::BasicBlock &BB : F)
      for (llvm::Instruction &I : BB)
        *Total += I.getOpcode() != 0;
    Seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             Start)
                   .count();
    ++Functions;
    return llvm::PreservedAnalyses::all();
  }
};

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "CountInstructions", "1",
          [](llvm::PassBuilder &PB) {
            static bool Registered =
                std::getenv("NEVERC_PASS_TIME") && !std::atexit(report);
            (void)Registered;
            PB.registerOptimizerLastEPCallback(
                [](llvm::ModulePassManager &MPM, llvm::OptimizationLevel,
                   llvm::ThinOrFullLTOPhase) {
                  MPM.addPass(llvm::createModuleToFunctionPassAdaptor(
                      CountInstructions{{}, &Counted}));
                });
          }};
}
