//===- Pipeline.cpp - The eight neverc.ir.* phases around Clang's backend -===//
//
// Clang's BackendConsumer generates the module and hands it to
// clang::emitBackendOutput, which calls CodeGenOptions::PassBuilderCallbacks
// before it builds its pipeline. The domain's callback runs the IR phase
// chain there, on the finished module:
//
//   ir.generate      built-in: the module Clang's CodeGenerator made
//   ir.pass.pre_opt  the passes registered there
//   ir.optimize      built-in: Clang's own pipeline for the same options,
//                    run by a nested emitBackendOutput(Backend_EmitNothing);
//                    its PassBuilder carries ir.pass.pipeline_start and
//                    ir.pass.optimizer_last at the two extension points
//   ir.pass.post_opt, ir.pass.pre_codegen
//   ir.final_verify  sealed: llvm::verifyModule
//
// then turns the outer backend's own pipeline off (DisableLLVMPasses), so
// what follows is exactly Clang's code generation. With observers only, the
// same passes run on the same module in the same order: the object is
// byte-identical to clang's (tests/lit/ir/identical.c).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Basic/TargetInfo.h"
#include "clang/CodeGen/BackendUtil.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "neverc/target/TargetDomain.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

namespace neverc::ir {
namespace {

using namespace clang;

/// Program actions whose action is Clang's CodeGenAction itself (so its
/// CodeGenerator holds the module) and whose input is C source.
bool generatesCode(const FrontendOptions &FE) {
  switch (FE.ProgramAction) {
  case frontend::EmitObj:
  case frontend::EmitAssembly:
  case frontend::EmitBC:
  case frontend::EmitLLVM:
  case frontend::EmitLLVMOnly:
  case frontend::EmitCodeGenOnly:
    break;
  default:
    return false;
  }
  // CreateFrontendAction wraps the CodeGenAction for these.
  if (FE.FixAndRecompile || !FE.ASTMergeFiles.empty() || FE.ShowHelp ||
      FE.ShowVersion || FE.Inputs.empty())
    return false;
  for (const FrontendInputFile &In : FE.Inputs)
    if (In.getKind().getFormat() != InputKind::Source ||
        In.getKind().getLanguage() != Language::C)
      return false;
  return true;
}

uint32_t optLevelOf(const CodeGenOptions &O) {
  if (O.OptimizationLevel == 0)
    return NEVERC_IR_OPTIMIZATION_O0;
  if (O.OptimizeSize == 1)
    return NEVERC_IR_OPTIMIZATION_OS;
  if (O.OptimizeSize == 2)
    return NEVERC_IR_OPTIMIZATION_OZ;
  return O.OptimizationLevel >= 3 ? NEVERC_IR_OPTIMIZATION_O3
                                  : O.OptimizationLevel;
}

/// llvm::verifyModule plus the task's target: a module for another triple
/// or data layout cannot be compiled here. Reports what it found.
NevercStatus verifyModule(IRDomain::Impl &D, TaskState &TS, llvm::Module &M,
                          const char *Gate) {
  std::string Msg;
  llvm::raw_string_ostream OS(Msg);
  if (llvm::verifyModule(M, &OS)) {
    while (!Msg.empty() && Msg.back() == '\n')
      Msg.pop_back();
    // One diagnostic line: the verifier prints the offending value below.
    for (char &C : Msg)
      if (C == '\n')
        C = ' ';
    D.diag(NEVERC_DIAGNOSTIC_ERROR,
           std::string(Gate) + ": the module is not valid IR: " + Msg, Gate);
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
  if (M.getTargetTriple().str() != TS.Triple ||
      M.getDataLayoutStr() != TS.DataLayout) {
    D.diag(NEVERC_DIAGNOSTIC_ERROR,
           std::string(Gate) + ": the module targets '" +
               M.getTargetTriple().str() + "' with data layout '" +
               M.getDataLayoutStr() + "', not this compile's '" + TS.Triple +
               "'",
           Gate);
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
  return okStatus();
}

struct GateVerifier {
  IRDomain::Impl *D;
  TaskState *TS;
  const char *Gate;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &Self = *static_cast<GateVerifier *>(Ctx);
    auto *Box = static_cast<ModuleBox *>(Out);
    if (!Box || Box->Tag != BoxTag::Module || !Box->M)
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    return verifyModule(*Self.D, *Self.TS, *Box->M, Self.Gate);
  }
};

/// The built-in of an ir.pass.* phase: the passes registered there, in
/// registration order; the module must still verify if one changed it.
struct PassSlotStep {
  IRDomain::Impl *D;
  TaskState *TS;
  uint32_t Phase;
  ModuleBox *Box;
  bool Changed = false, KeptCFG = true;
  static NevercStatus run(void *Ctx, void *, void **Out) {
    auto &Self = *static_cast<PassSlotStep *>(Ctx);
    bool Changed = false, KeptCFG = true;
    if (!runRegisteredPasses(*Self.D, *Self.TS, Self.Phase, Changed, KeptCFG))
      return st(NEVERC_STATUS_PLUGIN_FAILURE);
    Self.Changed |= Changed;
    Self.KeptCFG &= KeptCFG;
    if (Changed) {
      NevercStatus S = verifyModule(*Self.D, *Self.TS, *Self.Box->M,
                                    "neverc.ir.verify_pass_slot");
      if (!isOk(S))
        return S;
    }
    *Out = Self.Box;
    return okStatus();
  }
};

/// Runs one ir.pass.* phase over the box's module. False: it failed
/// (reported).
bool runPassSlot(IRDomain::Impl &D, TaskState &TS, uint32_t Phase,
                 ModuleBox &Box, bool *Changed = nullptr,
                 bool *KeptCFG = nullptr) {
  PassSlotStep Step{&D, &TS, Phase, &Box};
  GateVerifier V{&D, &TS, "neverc.ir.verify_pass_slot"};
  core::PhaseRequest R;
  R.T = TS.T;
  R.Input = &Box;
  R.Builtin = {&PassSlotStep::run, &Step};
  R.Verifier = {&GateVerifier::run, &V};
  core::PhaseOutcome O = D.H.runPhase(Phase, R);
  TS.expireCallbackHandles(); // the phase's callbacks have returned
  if (TS.Open) { // an interceptor left it open
    abandonOpenMutation(D, TS);
    O.Status = st(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  if (Changed)
    *Changed = Step.Changed;
  if (KeptCFG)
    *KeptCFG = Step.KeptCFG;
  if (!isOk(O.Status)) {
    reportPhaseFailure(D, TS, Phase, O.Status);
    return false;
  }
  return true;
}

/// ir.pass.pipeline_start / ir.pass.optimizer_last inside Clang's
/// pipeline: a module pass at the extension point.
class ExtensionPointPass : public llvm::PassInfoMixin<ExtensionPointPass> {
public:
  ExtensionPointPass(IRDomain::Impl &D, TaskState &TS, uint32_t Phase,
                     uint32_t Stage)
      : D(&D), TS(&TS), Phase(Phase), Stage(Stage) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
    // LLVM's passes ran since the last handle was made.
    TS->dropValueHandles();
    ModuleBox Box{BoxTag::Module, &M, Stage};
    bool Changed = false, KeptCFG = true;
    bool Ok = runPassSlot(*D, *TS, Phase, Box, &Changed, &KeptCFG);
    TS->dropValueHandles();
    if (!Ok)
      TS->Failed = true;
    if (!Changed)
      return llvm::PreservedAnalyses::all();
    llvm::PreservedAnalyses PA = llvm::PreservedAnalyses::none();
    if (KeptCFG)
      PA.preserveSet<llvm::CFGAnalyses>();
    return PA;
  }
  static bool isRequired() { return true; }

private:
  IRDomain::Impl *D;
  TaskState *TS;
  uint32_t Phase, Stage;
};

class PhaseChain {
public:
  PhaseChain(IRDomain::Impl &D, TaskState &TS) : D(D), TS(TS) {}

  /// The whole chain; false when a phase failed (reported).
  bool run() {
    applyCustomAttrs(TS, *TS.M); // part of the module Clang generated
    ModuleBox Generated{BoxTag::Module, TS.M, 1};
    if (!generate(Generated))
      return false;
    if (!runPassSlot(D, TS, core::Phase_IR_PASS_PRE_OPT, Generated))
      return false;
    ModuleBox Optimized{BoxTag::Module, TS.M, 2};
    if (!optimize(Generated, Optimized))
      return false;
    if (!runPassSlot(D, TS, core::Phase_IR_PASS_POST_OPT, Optimized) ||
        !runPassSlot(D, TS, core::Phase_IR_PASS_PRE_CODEGEN, Optimized))
      return false;
    // Custom calling conventions get their plans here, so the verified
    // module (and -emit-llvm) carries them.
    if (D.Target && !D.Target->materializeConventions(*TS.M))
      return false;
    return finalVerify(Optimized);
  }

private:
  /// A phase ended: a mutation an interceptor left open is rolled back
  /// and fails the phase.
  NevercStatus closed(NevercStatus S) {
    if (!TS.Open)
      return S;
    abandonOpenMutation(D, TS);
    return st(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  bool failed(uint32_t Phase, NevercStatus S) {
    reportPhaseFailure(D, TS, Phase, S);
    return false;
  }

  bool generate(ModuleBox &Out) {
    struct Step {
      ModuleBox *Out;
      static NevercStatus run(void *Ctx, void *, void **O) {
        *O = static_cast<Step *>(Ctx)->Out;
        return okStatus();
      }
    } S{&Out};
    GenerateInBox In;
    GateVerifier V{&D, &TS, "neverc.ir.verify_generated_module"};
    core::PhaseRequest R;
    R.T = TS.T;
    R.Input = &In;
    R.Builtin = {&Step::run, &S};
    R.Verifier = {&GateVerifier::run, &V};
    core::PhaseOutcome O = D.H.runPhase(core::Phase_IR_GENERATE, R);
    O.Status = closed(O.Status);
    settle(O);
    if (!isOk(O.Status))
      return failed(core::Phase_IR_GENERATE, O.Status);
    return true;
  }

  static NevercStatus builtinOptimize(void *Ctx, void *, void **Out) {
    auto &Self = *static_cast<PhaseChain *>(Ctx);
    NevercStatus S = runClangPipeline(Self.D, Self.TS);
    if (isOk(S))
      *Out = Self.OptimizedBox;
    return S;
  }

  /// After a phase a provider or interceptor may have answered: the slots
  /// act on Clang's module again, and a module the plugin made and
  /// published replaces its contents.
  void settle(const core::PhaseOutcome &O) {
    TS.M = TS.Main;
    auto *Box = static_cast<ModuleBox *>(O.Output);
    if (isOk(O.Status) && O.ByPlugin && Box && TS.Pending &&
        Box->M == TS.Pending.get()) {
      adoptModule(TS, std::move(TS.Pending));
      Box->M = TS.Main;
    }
    TS.Pending.reset();
    TS.dropValueHandles();
  }

  bool optimize(ModuleBox &In, ModuleBox &Out) {
    OptimizedBox = &Out;
    GateVerifier V{&D, &TS, "neverc.ir.verify_optimized_module"};
    core::PhaseRequest R;
    R.T = TS.T;
    R.Input = &In;
    R.Builtin = {&PhaseChain::builtinOptimize, this};
    R.Verifier = {&GateVerifier::run, &V};
    core::PhaseOutcome O = D.H.runPhase(core::Phase_IR_OPTIMIZE, R);
    O.Status = closed(O.Status);
    settle(O);
    if (isOk(O.Status) && O.ByPlugin && !TS.PipelineRuns &&
        (D.hasPasses(core::Phase_IR_PASS_PIPELINE_START) ||
         D.hasPasses(core::Phase_IR_PASS_OPTIMIZER_LAST)))
      D.diag(NEVERC_DIAGNOSTIC_REMARK,
             "the ir.optimize provider did not run the built-in pipeline: "
             "the passes registered at ir.pass.pipeline_start and "
             "ir.pass.optimizer_last did not run",
             "neverc.ir.optimize");
    if (!isOk(O.Status))
      return failed(core::Phase_IR_OPTIMIZE, O.Status);
    return true;
  }

  /// Sealed: nobody may intercept, replace or skip it. The verifier runs
  /// whenever a plugin changed the module or could have; a module only
  /// Clang touched is Clang's own, which Clang does not verify either.
  bool finalVerify(ModuleBox &Box) {
    struct Step {
      PhaseChain *C;
      ModuleBox *Box;
      static NevercStatus run(void *Ctx, void *, void **O) {
        auto &S = *static_cast<Step *>(Ctx);
        if (S.C->TS.Touched) {
          NevercStatus V = verifyModule(S.C->D, S.C->TS, *S.Box->M,
                                        "neverc.ir.final_verify");
          if (!isOk(V))
            return V;
        }
        *O = S.Box;
        return okStatus();
      }
    } S{this, &Box};
    core::PhaseRequest R;
    R.T = TS.T;
    R.Input = &Box;
    R.Builtin = {&Step::run, &S};
    core::PhaseOutcome O = D.H.runPhase(core::Phase_IR_FINAL_VERIFY, R);
    TS.expireCallbackHandles();
    O.Status = closed(O.Status);
    if (!isOk(O.Status))
      return failed(core::Phase_IR_FINAL_VERIFY, O.Status);
    return true;
  }

  IRDomain::Impl &D;
  TaskState &TS;
  ModuleBox *OptimizedBox = nullptr;
};

/// The nested pipeline's PassBuilder: the two extension-point phases, only
/// where someone is there.
void addExtensionPoints(IRDomain::Impl &D, TaskState &TS, llvm::PassBuilder &PB) {
  if (D.phaseActive(core::Phase_IR_PASS_PIPELINE_START) ||
      D.hasPasses(core::Phase_IR_PASS_PIPELINE_START))
    PB.registerPipelineStartEPCallback(
        [&D, &TS](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
          MPM.addPass(ExtensionPointPass(D, TS,
                                         core::Phase_IR_PASS_PIPELINE_START, 1));
        });
  if (D.phaseActive(core::Phase_IR_PASS_OPTIMIZER_LAST) ||
      D.hasPasses(core::Phase_IR_PASS_OPTIMIZER_LAST))
    PB.registerOptimizerLastEPCallback(
        [&D, &TS](llvm::ModulePassManager &MPM, llvm::OptimizationLevel,
                  llvm::ThinOrFullLTOPhase) {
          MPM.addPass(ExtensionPointPass(D, TS,
                                         core::Phase_IR_PASS_OPTIMIZER_LAST, 2));
        });
}

/// Leaves \p M (Clang's backend's module) with nothing to generate.
void emptyModule(TaskState &TS, llvm::Module &M) {
  TS.M = &M;
  vacateModule(TS);
}

/// Called by Clang's emitBackendOutput (outer: the chain; nested: the
/// built-in pipeline's extension points).
void backendStarting(IRDomain::Impl &D, TaskState &TS, llvm::PassBuilder &PB) {
  if (TS.Nested) {
    addExtensionPoints(D, TS, PB);
    return;
  }
  if (TS.M || !TS.CI)
    return; // one chain per compile
  CodeGenerator *Gen = TS.CodeGen ? TS.CodeGen->getCodeGenerator() : nullptr;
  llvm::Module *M = Gen ? Gen->GetModule() : nullptr;
  if (!M)
    return;
  CodeGenOptions &Opts = TS.CI->getCodeGenOpts();
  TS.M = TS.Main = M;
  TS.PipelineRuns = 0;
  TS.Triple = M->getTargetTriple().str();
  TS.DataLayout = TS.CI->getTarget().getDataLayoutString();
  TS.OptLevel = optLevelOf(Opts);
  TS.SavedDisableLLVMPasses = Opts.DisableLLVMPasses;
  bool Ok;
  if (Opts.FatLTO && !Opts.DisableLLVMPasses) {
    // Clang builds the fat-LTO pipeline (bitcode embedded in an object)
    // as one piece; the chain cannot stand in for part of it.
    D.diag(NEVERC_DIAGNOSTIC_ERROR,
           "the IR phases do not run with -ffat-lto-objects: Clang 22 builds "
           "its fat-LTO pipeline and the embedded bitcode as one unit",
           "neverc.ir.optimize");
    Ok = false;
  } else {
    Ok = PhaseChain(D, TS).run();
    // -flto: Clang picks its LTO writer from the switch turned off below,
    // so the domain writes the pre-link bitcode itself (LTOWriter.cpp).
    if (Ok && !Opts.DisableLLVMPasses && writesLTOBitcode(*TS.CI))
      Ok = isOk(writeLTOBitcode(D, TS));
  }
  TS.dropValueHandles();
  // The module is optimized (or rejected): Clang's backend only generates
  // code from here on.
  Opts.DisableLLVMPasses = true;
  if (Ok && D.Target && D.Target->routesCodeGen()) {
    // neverc.codegen.coarse_lower and product_verify (target/CodeGen.cpp)
    // make the object; Clang's backend then runs on an empty module.
    ModuleBox Final{BoxTag::Module, M, 2};
    using Route = target::TargetDomain::Route;
    Route R = D.Target->generateCode(
        *TS.CI, *TS.T, *M, &Final,
        [](void *C) { static_cast<TaskState *>(C)->dropValueHandles(); }, &TS);
    if (R == Route::Failed)
      Ok = false;
    else if (R == Route::Product)
      emptyModule(TS, *M);
  }
  if (!Ok) {
    TS.Failed = true;
    // No object from a module a phase rejected: the compile fails (the
    // error is reported) and code generation gets an empty module, whatever
    // state (a broken initializer, a body without terminator) it was in.
    emptyModule(TS, *M);
  }
}

} // namespace

void reportPhaseFailure(IRDomain::Impl &D, TaskState &TS, uint32_t Phase,
                        NevercStatus S) {
  if (TS.CI && TS.CI->getDiagnostics().hasErrorOccurred())
    return;
  const std::string &Name = D.H.phases().at(Phase).Name;
  D.diag(NEVERC_DIAGNOSTIC_ERROR,
         "phase '" + Name + "' failed: " + std::string(core::statusName(S.Code)),
         Name);
}

NevercStatus runClangPipeline(IRDomain::Impl &D, TaskState &TS) {
  CompilerInstance &CI = *TS.CI;
  TS.dropValueHandles();
  CodeGenOptions Opts = CI.getCodeGenOpts();
  // The outer backend's switch is already off once the chain has run; the
  // pipeline itself runs as Clang would run it.
  Opts.DisableLLVMPasses = TS.SavedDisableLLVMPasses;
  TS.Nested = true;
  ++TS.PipelineRuns;
  clang::emitBackendOutput(CI, Opts, CI.getTarget().getDataLayoutString(),
                           TS.Main, Backend_EmitNothing,
                           CI.getVirtualFileSystemPtr(), nullptr, nullptr);
  TS.Nested = false;
  TS.dropValueHandles();
  return TS.Failed ? st(NEVERC_STATUS_PLUGIN_FAILURE) : okStatus();
}

bool IRDomain::ltoStagesActive() const {
  for (uint32_t Ph : {core::Phase_IR_PASS_PRE_OPT, core::Phase_IR_PASS_POST_OPT,
                      core::Phase_IR_PASS_PRE_CODEGEN})
    if (P->phaseActive(Ph) || P->hasPasses(Ph))
      return true;
  return false;
}

bool IRDomain::ltoPipelineActive() const {
  for (uint32_t Ph :
       {core::Phase_IR_PASS_PIPELINE_START, core::Phase_IR_PASS_OPTIMIZER_LAST})
    if (P->phaseActive(Ph) || P->hasPasses(Ph))
      return true;
  return false;
}

bool IRDomain::runLTOStage(core::Task &T, int Stage, void *Module,
                           unsigned OptLevel) {
  static const uint32_t Phases[] = {core::Phase_IR_PASS_PRE_OPT,
                                    core::Phase_IR_PASS_POST_OPT,
                                    core::Phase_IR_PASS_PRE_CODEGEN};
  if (Stage < 0 || Stage > 2)
    return false;
  auto &M = *static_cast<llvm::Module *>(Module);
  TaskState &TS = P->state(T);
  // The module LTO holds now: the slots act on it until the next stage
  // binds the next one (LTO runs one module at a time with phases on).
  TS.dropValueHandles();
  TS.M = TS.Main = &M;
  TS.Triple = M.getTargetTriple().str();
  TS.DataLayout = M.getDataLayoutStr();
  TS.OptLevel = OptLevel >= 3 ? NEVERC_IR_OPTIMIZATION_O3 : OptLevel;
  // A module's stages start at pre_opt; a failure in the pipeline's
  // extension points between (reported there) fails the next stage.
  if (Stage == 0)
    TS.Failed = false;
  else if (TS.Failed)
    return false;
  const uint32_t Phase = Phases[Stage];
  if (!P->phaseActive(Phase) && !P->hasPasses(Phase))
    return true;
  ModuleBox Box{BoxTag::Module, &M, Stage == 0 ? 1u : 2u};
  const bool Ok = runPassSlot(*P, TS, Phase, Box);
  TS.dropValueHandles();
  return Ok && !TS.Failed;
}

void IRDomain::extendLTOPipeline(core::Task &T, void *PassBuilder) {
  // LLVM's link-time pipelines have extension points of their own (its
  // pre-link ones, where a compile runs the two phases, are not called
  // there): full LTO's early and last, ThinLTO's early simplification and
  // optimizer-last with the ThinLTOPostLink phase. At -O0 ThinLTO's
  // post-link pipeline calls none of them.
  IRDomain::Impl &D = *P;
  TaskState &TS = P->state(T);
  auto &PB = *static_cast<llvm::PassBuilder *>(PassBuilder);
  auto Wanted = [&](uint32_t Phase) {
    return D.phaseActive(Phase) || D.hasPasses(Phase);
  };
  if (Wanted(core::Phase_IR_PASS_PIPELINE_START)) {
    PB.registerFullLinkTimeOptimizationEarlyEPCallback(
        [&D, &TS](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
          MPM.addPass(
              ExtensionPointPass(D, TS, core::Phase_IR_PASS_PIPELINE_START, 1));
        });
    PB.registerPipelineEarlySimplificationEPCallback(
        [&D, &TS](llvm::ModulePassManager &MPM, llvm::OptimizationLevel,
                  llvm::ThinOrFullLTOPhase Phase) {
          if (Phase == llvm::ThinOrFullLTOPhase::ThinLTOPostLink)
            MPM.addPass(ExtensionPointPass(
                D, TS, core::Phase_IR_PASS_PIPELINE_START, 1));
        });
  }
  if (Wanted(core::Phase_IR_PASS_OPTIMIZER_LAST)) {
    PB.registerFullLinkTimeOptimizationLastEPCallback(
        [&D, &TS](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
          MPM.addPass(
              ExtensionPointPass(D, TS, core::Phase_IR_PASS_OPTIMIZER_LAST, 2));
        });
    PB.registerOptimizerLastEPCallback(
        [&D, &TS](llvm::ModulePassManager &MPM, llvm::OptimizationLevel,
                  llvm::ThinOrFullLTOPhase Phase) {
          if (Phase == llvm::ThinOrFullLTOPhase::ThinLTOPostLink)
            MPM.addPass(ExtensionPointPass(
                D, TS, core::Phase_IR_PASS_OPTIMIZER_LAST, 2));
        });
  }
}

void IRDomain::setTargetDomain(target::TargetDomain *T) { P->Target = T; }

bool IRDomain::active() const { return P->active(); }

bool IRDomain::wrapsAction(clang::CompilerInstance &CI, core::Task &TU) {
  TaskState *TS = P->stateFor(core::decodeHandle(TU.handle()).Scope);
  return TS && TS->Attached;
}

clang::FrontendAction *IRDomain::wrapAction(clang::CompilerInstance &CI,
                                            core::Task &TU,
                                            clang::FrontendAction *Inner) {
  // Nothing is wrapped: generatesCode() made sure \p Inner is Clang's
  // CodeGenAction, whose CodeGenerator the backend callback reads.
  if (TaskState *TS = P->stateFor(core::decodeHandle(TU.handle()).Scope)) {
    TS->CodeGen = static_cast<clang::CodeGenAction *>(Inner);
    // -flto: the domain writes the bitcode itself (LTOWriter.cpp), into a
    // replacement over the output Clang is about to open.
    TS->LTOOutput.reset();
    const std::string &Path = CI.getFrontendOpts().OutputFile;
    if (writesLTOBitcode(CI) && !Path.empty()) {
      TS->LTOOutput = std::make_shared<source::OutputReplacement>();
      TS->LTOOutput->Path = Path;
      source::replaceableOutput(CI, TS->LTOOutput);
    }
  }
  return Inner;
}

int IRDomain::attach(clang::CompilerInstance &CI, core::Task &TU) {
  if (!P->active() || !generatesCode(CI.getFrontendOpts()))
    return 0;
  TaskState &TS = P->state(TU);
  TS.CI = &CI;
  TS.Attached = true;
  TS.Failed = false;
  TS.Touched = false;
  TS.Generation = 0;
  TS.CustomAttrs.clear();
  Impl *D = P.get();
  enableCustomAttr(*D, true);
  CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
      [D, &TS](llvm::PassBuilder &PB) { backendStarting(*D, TS, PB); });
  return 0;
}

int IRDomain::detach(clang::CompilerInstance &CI, core::Task &TU, bool) {
  TaskState *TS = P->stateFor(core::decodeHandle(TU.handle()).Scope);
  if (!TS || !TS->Attached)
    return 0;
  bool Failed = TS->Failed;
  // ExportModule buffers are the plugin's to release (ir.md §8 rule 7).
  if (size_t N = TS->Buffers.liveCount()) {
    P->diag(NEVERC_DIAGNOSTIC_WARNING,
            std::to_string(N) + " serialized IR buffer(s) from ExportModule "
                                "were never released (ReleaseSerializedBuffer)");
    TS->Buffers.clear();
  }
  if (TS->M)
    CI.getCodeGenOpts().DisableLLVMPasses = TS->SavedDisableLLVMPasses;
  TS->LTOOutput.reset();
  CI.getCodeGenOpts().PassBuilderCallbacks.pop_back();
  enableCustomAttr(*P, false);
  TS->CustomAttrs.clear();
  TS->unbind();
  TS->CI = nullptr;
  TS->Attached = false;
  return Failed ? 1 : 0;
}

} // namespace neverc::ir
