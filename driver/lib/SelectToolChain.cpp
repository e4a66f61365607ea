//===- SelectToolChain.cpp - neverc.driver.select_toolchain ---------------===//
//
// Built-in step: Clang's private Driver::getToolChain picks the toolchain by
// triple inside BuildCompilation; we read the result from the compilation
// (default toolchain, effective triple, CPU and features as cc1 will get
// them). An edited request is re-encoded as ordinary driver flags and the
// compilation is rebuilt once with a fresh Driver.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Driver/CommonArgs.h"
#include "clang/Driver/ToolChain.h"
#include "clang/Options/Options.h"
#include "llvm/Option/ArgList.h"
#include "llvm/TargetParser/Triple.h"

using namespace clang::driver;

namespace neverc::driver::detail {
namespace {

/// The NEVERC_TOOLCHAIN_ID_* family Clang's choice belongs to. Clang 22
/// does not expose the concrete class, so this is derived from the triple
/// the same way Driver::getToolChain dispatches.
std::string toolChainID(const llvm::Triple &T) {
  if (T.isOSDarwin())
    return "neverc.builtin.darwin";
  if (T.isOSBinFormatMachO())
    return "neverc.builtin.macho";
  if (T.isOSLinux())
    return "neverc.builtin.linux";
  if (T.isWindowsMSVCEnvironment())
    return "neverc.builtin.msvc";
  if (T.isOSBinFormatELF() && T.getOS() == llvm::Triple::UnknownOS)
    return "neverc.builtin.generic-elf";
  return "neverc.builtin.generic-gcc";
}

ToolChainInfo describe(Session &S) {
  const ToolChain &TC = S.C->getDefaultToolChain();
  const llvm::opt::DerivedArgList &Args = S.C->getArgs();
  ToolChainInfo Info;
  Info.RequestedTriple = Args.getLastArgValue(clang::options::OPT_target,
                                              S.D->getTargetTriple())
                             .str();
  llvm::Triple Effective(TC.ComputeEffectiveClangTriple(Args));
  Info.Triple = Effective.str();
  Info.CPU = tools::getCPUName(*S.D, Args, Effective);
  llvm::opt::ArgStringList FeatureArgs;
  tools::getTargetFeatures(*S.D, Effective, Args, FeatureArgs,
                           /*ForAS=*/false);
  for (size_t I = 0; I + 1 < FeatureArgs.size(); I += 2)
    Info.Features.push_back(FeatureArgs[I + 1]);
  Info.Sysroot = S.C->getSysRoot().str();
  Info.ResourceDir = S.D->ResourceDir;
  Info.ToolChainID = toolChainID(TC.getTriple());
  for (const std::string &F : S.D->getConfigFiles())
    Info.ConfigFiles.push_back(F);
  return Info;
}

} // namespace

bool runSelectToolChainPhase(Session &S) {
  ToolChainInfo Built = describe(S);
  ToolChainInfo Edited = Built;
  if (int Status = S.Hooks.selectToolChain(Edited))
    return S.hookFailed(2, Status), false;
  if (Edited == Built)
    return true;

  if (Edited.RequestedTriple != Built.RequestedTriple ||
      Edited.ToolChainID != Built.ToolChainID ||
      Edited.ConfigFiles != Built.ConfigFiles) {
    S.error("invalid toolchain edit: only Triple, CPU, Features, Sysroot "
            "and ResourceDir can be changed");
    return false;
  }
  auto Add = [&](const std::string &A) { S.ToolChainArgs.push_back(S.save(A)); };
  if (Edited.Triple != Built.Triple) {
    if (Edited.Triple.empty() || llvm::Triple(Edited.Triple).getArch() ==
                                     llvm::Triple::UnknownArch) {
      S.error("invalid toolchain edit: unknown target triple '" +
              Edited.Triple + "'");
      return false;
    }
    Add("--target=" + Edited.Triple);
  }
  if (Edited.CPU != Built.CPU) {
    llvm::Triple T(Edited.Triple);
    Add((T.isX86() ? "-march=" : "-mcpu=") + Edited.CPU);
  }
  if (Edited.Features != Built.Features) {
    // cc1 applies -target-feature in order, last one wins: state the
    // removed features as "-f" and the edited list after them.
    for (const std::string &F : Built.Features) {
      if (F.size() < 2 || F[0] != '+')
        continue;
      bool Kept = false;
      for (const std::string &G : Edited.Features)
        Kept |= G == F;
      if (!Kept)
        for (const std::string &A :
             {std::string("-Xclang"), std::string("-target-feature"),
              std::string("-Xclang"), "-" + F.substr(1)})
          Add(A);
    }
    for (const std::string &F : Edited.Features) {
      if (F.size() < 2 || (F[0] != '+' && F[0] != '-')) {
        S.error("invalid toolchain edit: feature '" + F +
                "' must start with '+' or '-'");
        return false;
      }
      for (const std::string &A : {std::string("-Xclang"),
                                   std::string("-target-feature"),
                                   std::string("-Xclang"), F})
        Add(A);
    }
  }
  if (Edited.Sysroot != Built.Sysroot)
    Add("--sysroot=" + Edited.Sysroot);
  if (Edited.ResourceDir != Built.ResourceDir)
    Add("-resource-dir=" + Edited.ResourceDir);
  return buildCompilation(S, /*Rebuild=*/true);
}

} // namespace neverc::driver::detail
