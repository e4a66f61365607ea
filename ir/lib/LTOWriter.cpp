//===- LTOWriter.cpp - The pre-link bitcode of -flto, written by the domain
//-===//
//
// With -flto (full or thin) and -emit-llvm-bc / -emit-llvm, Clang writes
// the module with a writer chosen by the same switch the domain turns off
// once the chain has optimized the module (DisableLLVMPasses): with it off,
// Clang would write plain bitcode, without the LTO summary, the module hash
// or the module flags an LTO link relies on. So the domain writes the
// product here, as Clang 22's RunOptimizationPipeline would have written it
// (clang/lib/CodeGen/BackendUtil.cpp, the Backend_EmitBC/EmitLL branch),
// into the replacement wrapAction put over the output Clang opens
// (source::replaceableOutput): what is written here is what the output
// commits, and Clang's own plain bitcode is dropped.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Frontend/CompilerInstance.h"
#include "neverc/source/Outputs.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeWriterPass.h"
#include "llvm/Frontend/Driver/CodeGenOptions.h"
#include "llvm/IRPrinter/IRPrintingPasses.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/ThinLTOBitcodeWriter.h"

namespace neverc::ir {

bool writesLTOBitcode(const clang::CompilerInstance &CI) {
  const clang::CodeGenOptions &O = CI.getCodeGenOpts();
  clang::frontend::ActionKind A = CI.getFrontendOpts().ProgramAction;
  return (O.PrepareForLTO || O.PrepareForThinLTO) &&
         (A == clang::frontend::EmitBC || A == clang::frontend::EmitLLVM);
}

NevercStatus writeLTOBitcode(IRDomain::Impl &D, TaskState &TS) {
  clang::CompilerInstance &CI = *TS.CI;
  const clang::CodeGenOptions &Opts = CI.getCodeGenOpts();
  if (!TS.LTOOutput) {
    // wrapAction saw no named output to put the replacement over.
    D.diag(NEVERC_DIAGNOSTIC_ERROR,
           "the IR phases with -flto need the compile's output named (-o)",
           "neverc.ir.optimize");
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
  source::OutputReplacement &Out = *TS.LTOOutput;
  Out.Bytes.clear();
  llvm::raw_string_ostream Stream(Out.Bytes);
  llvm::raw_ostream *OS = &Stream;
  llvm::Module &M = *TS.Main;
  const bool LL = CI.getFrontendOpts().ProgramAction == clang::frontend::EmitLLVM;

  // The analyses the writers ask for (the summary's), set up as Clang sets
  // up its backend's.
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  llvm::PassBuilder PB;
  std::unique_ptr<llvm::TargetLibraryInfoImpl> TLII(
      llvm::driver::createTLII(M.getTargetTriple(), Opts.getVecLib()));
  FAM.registerPass([&] { return llvm::TargetLibraryAnalysis(*TLII); });
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  llvm::ModulePassManager MPM;
  std::unique_ptr<llvm::raw_pwrite_stream> ThinLinkOS;
  bool Summary;
  if (Opts.PrepareForThinLTO) {
    Summary = true;
    if (!M.getModuleFlag("EnableSplitLTOUnit"))
      M.addModuleFlag(llvm::Module::Error, "EnableSplitLTOUnit",
                      Opts.EnableSplitLTOUnit);
    if (LL) {
      MPM.addPass(llvm::PrintModulePass(*OS, "", Opts.EmitLLVMUseLists,
                                        /*EmitSummaryIndex=*/true));
    } else {
      if (!Opts.ThinLinkBitcodeFile.empty()) {
        // Staged and committed with the bitcode (the output manager).
        ThinLinkOS = CI.createOutputFile(Opts.ThinLinkBitcodeFile,
                                         /*Binary=*/true,
                                         /*RemoveFileOnSignal=*/true,
                                         /*UseTemporary=*/true);
        if (!ThinLinkOS)
          return st(NEVERC_STATUS_INVALID_STATE); // createOutputFile reported why
      }
      MPM.addPass(llvm::ThinLTOBitcodeWriterPass(*OS, ThinLinkOS.get()));
    }
  } else {
    // A regular LTO module carries a summary, except for Apple's linker.
    Summary = M.getTargetTriple().getVendor() != llvm::Triple::Apple;
    if (Summary) {
      if (!M.getModuleFlag("ThinLTO") && !Opts.UnifiedLTO)
        M.addModuleFlag(llvm::Module::Error, "ThinLTO", uint32_t(0));
      if (!M.getModuleFlag("EnableSplitLTOUnit"))
        M.addModuleFlag(llvm::Module::Error, "EnableSplitLTOUnit", uint32_t(1));
    }
    if (LL)
      MPM.addPass(
          llvm::PrintModulePass(*OS, "", Opts.EmitLLVMUseLists, Summary));
    else
      MPM.addPass(llvm::BitcodeWriterPass(*OS, Opts.EmitLLVMUseLists, Summary));
  }
  if (Opts.UnifiedLTO && Summary)
    M.addModuleFlag(llvm::Module::Error, "UnifiedLTO", uint32_t(1));
  MPM.run(M, MAM);
  Stream.flush();
  Out.Ready = true;
  return okStatus();
}

} // namespace neverc::ir
