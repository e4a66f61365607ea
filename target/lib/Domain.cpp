//===- Domain.cpp - TargetDomain: joining a compile -----------------------===//
//
// The calling-convention pass is the first pass of LLVM's code generation
// pipeline, in compiles where a function can have the custom convention (a module pass ahead of the IR passes TargetPassConfig adds):
// whatever the optimizer, a plugin or an .ll file left, it sees the module
// LLVM is about to select instructions for. Without a function that uses
// the custom convention it changes nothing, so objects stay clang's.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"
#include "llvm/TargetParser/Triple.h"

namespace neverc::target {
namespace {

class ConventionPass final : public llvm::ModulePass {
public:
  static char ID;
  explicit ConventionPass(TargetDomain::Impl &D) : ModulePass(ID), D(D) {}
  llvm::StringRef getPassName() const override {
    return "neverc custom calling conventions";
  }
  bool runOnModule(llvm::Module &M) override {
    if (!hasCustomConvention(M))
      return false;
    if (!D.lowerModule(M))
      D.Failed = true;
    return true;
  }

private:
  TargetDomain::Impl &D;
};
char ConventionPass::ID = 0;

bool generatesMachineCode(const clang::FrontendOptions &FE) {
  return FE.ProgramAction == clang::frontend::EmitObj ||
         FE.ProgramAction == clang::frontend::EmitAssembly;
}

bool hasIRInput(const clang::FrontendOptions &FE) {
  for (const clang::FrontendInputFile &In : FE.Inputs)
    if (In.getKind().getLanguage() == clang::Language::LLVM_IR)
      return true;
  return false;
}

} // namespace

TargetDomain::Impl::Impl(core::Host &H) : H(H) {
  Conventions.Header = {sizeof Conventions, NEVERC_CALLING_CONVENTION_API_MAJOR,
                        NEVERC_CALLING_CONVENTION_API_MINOR, 0};
  Conventions.Context = this;
  fillConventionTable(Conventions);
  ABIs.Header = {sizeof ABIs, NEVERC_TARGET_ABI_API_MAJOR,
                 NEVERC_TARGET_ABI_API_MINOR, 0};
  ABIs.Context = this;
  fillABITable(ABIs);
  Targets.Header = {sizeof Targets, NEVERC_TARGET_API_MAJOR,
                    NEVERC_TARGET_API_MINOR, 0};
  Targets.Context = this;
  fillTargetTable(Targets);
  object::fillMutableBinaryAPI(Binary, *this);
}

TargetDomain::Impl::~Impl() {
  for (ConventionRecord &R : Registered)
    if (R.DestroyUserData)
      R.DestroyUserData(R.UserData);
  for (EdgeRecord &R : Edges)
    if (R.DestroyUserData)
      R.DestroyUserData(R.UserData);
  for (TargetRecord &R : PluginTargets)
    if (R.DestroyUserData)
      R.DestroyUserData(R.UserData);
}

const TargetRecord *TargetDomain::Impl::target(NevercInterfaceID ID) const {
  for (const TargetRecord &R : PluginTargets)
    if (sameID(R.ID, ID))
      return &R;
  return nullptr;
}

const TargetRecord *
TargetDomain::Impl::targetFor(const std::string &Triple) const {
  llvm::Triple T(Triple);
  const TargetRecord *Best = nullptr;
  uint64_t BestPriority = 0;
  for (const TargetRecord &R : PluginTargets)
    for (const TargetRecord::Matcher &M : R.Matchers) {
      // An empty field matches anything (PluginTarget.h).
      if ((!M.Arch.empty() && M.Arch != T.getArchName()) ||
          (!M.Vendor.empty() && M.Vendor != T.getVendorName()) ||
          (!M.OS.empty() && M.OS != T.getOSName()) ||
          (!M.Env.empty() && M.Env != T.getEnvironmentName()))
        continue;
      if (!Best || uint64_t(M.Priority) + 1 > BestPriority) {
        Best = &R;
        BestPriority = uint64_t(M.Priority) + 1;
      }
    }
  return Best;
}

void TargetDomain::Impl::error(std::string Msg) {
  H.report(NEVERC_DIAGNOSTIC_ERROR, std::move(Msg), nullptr,
           "neverc.codegen.ir_to_mir");
}
void TargetDomain::Impl::warning(std::string Msg) {
  H.report(NEVERC_DIAGNOSTIC_WARNING, std::move(Msg), nullptr,
           "neverc.codegen.ir_to_mir");
}

const ConventionRecord *
TargetDomain::Impl::conventionFor(NevercInterfaceID Target) const {
  for (const ConventionRecord &R : Registered)
    if (sameID(R.Target, Target))
      return &R;
  return nullptr;
}

const ConventionRecord *
TargetDomain::Impl::convention(NevercInterfaceID ID) const {
  for (const ConventionRecord &R : Registered)
    if (sameID(R.ID, ID))
      return &R;
  return nullptr;
}

TargetDomain::TargetDomain(core::Host &H) : P(std::make_unique<Impl>(H)) {
  NevercStatus S =
      H.publishInterface(NevercInterfaceID{NEVERC_INTERFACE_TARGET_HIGH,
                                           NEVERC_INTERFACE_TARGET_LOW},
                         NEVERC_TARGET_API_MAJOR, NEVERC_TARGET_API_MINOR,
                         &P->Targets, sizeof P->Targets);
  if (core::isOk(S))
    S = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_CALLING_CONVENTION_HIGH,
                          NEVERC_INTERFACE_CALLING_CONVENTION_LOW},
        NEVERC_CALLING_CONVENTION_API_MAJOR,
        NEVERC_CALLING_CONVENTION_API_MINOR, &P->Conventions,
        sizeof P->Conventions);
  if (core::isOk(S))
    H.publishInterface(NevercInterfaceID{NEVERC_INTERFACE_TARGET_ABI_HIGH,
                                         NEVERC_INTERFACE_TARGET_ABI_LOW},
                       NEVERC_TARGET_ABI_API_MAJOR, NEVERC_TARGET_ABI_API_MINOR,
                       &P->ABIs, sizeof P->ABIs);
}
TargetDomain::~TargetDomain() = default;

uint32_t TargetDomain::firstPhase() const {
  return core::Phase_CODEGEN_IR_TO_MIR;
}

void TargetDomain::setIRPhasesRun(bool Run) { P->IRPhasesRun = Run; }

int TargetDomain::attach(clang::CompilerInstance &CI, core::Task &) {
  P->Failed = false;
  // A plugin target the triple selects: its macros, before the
  // preprocessor exists; its ID names the compile's route.
  P->Selected = P->PluginTargets.empty()
                    ? nullptr
                    : P->targetFor(CI.getTargetOpts().Triple);
  if (const TargetRecord *T = P->Selected)
    for (const TargetRecord::Macro &M : T->Macros) {
      if (M.Undefine)
        CI.getPreprocessorOpts().addMacroUndef(M.Name);
      else
        CI.getPreprocessorOpts().addMacroDef(M.Name + "=" + M.Value);
    }
  // Nothing is added where no function can have the custom convention.
  const clang::FrontendOptions &FE = CI.getFrontendOpts();
  if (!generatesMachineCode(FE) || (!P->IRPhasesRun && !hasIRInput(FE)))
    return 0;
  Impl &D = *P;
  P->Callback = std::make_unique<llvm::RegisterTargetPassConfigCallback>(
      [&D](llvm::TargetMachine &, llvm::legacy::PassManagerBase &PM,
           llvm::TargetPassConfig *) { PM.add(new ConventionPass(D)); });
  return 0;
}

int TargetDomain::detach(clang::CompilerInstance &CI, core::Task &, bool) {
  // A later code generator in this process (lld's LTO backend) is not
  // this cc1's.
  P->Callback.reset();
  P->Pending.reset();
  P->Selected = nullptr;
  if (P->SplitDwarfCleared) {
    CI.getCodeGenOpts().SplitDwarfOutput = P->SavedSplitDwarfOutput;
    P->SplitDwarfCleared = false;
  }
  return P->Failed ? 1 : 0;
}

} // namespace neverc::target
