//===- Outputs.cpp - Every cc1 output staged and committed atomically -----===//
//
// Clang 22 creates its outputs through CompilerInstance::createOutputFile,
// which goes to the instance's llvm::vfs::OutputBackend and keeps or
// discards every file in clearOutputFiles() at the end of the action
// (discard when errors occurred). Two things escape that on stock Clang:
//  * -fno-temp-file (FrontendOptions::UseTemporary = false) writes in place;
//  * the -MD/-MF dependency file is written by DependencyFileGenerator with
//    a plain raw_fd_ostream.
// The backend below forces AtomicWrite + DiscardOnSignal for every regular
// path, and the dependency generator is replaced by one that writes through
// createOutputFile, so the .d commits (or not) together with the object.
//
//===----------------------------------------------------------------------===//
#include "neverc/source/Outputs.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/Utils.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/VirtualOutputBackends.h"

namespace neverc::source {

namespace {

class AtomicOutputBackend final : public llvm::vfs::ProxyOutputBackend {
public:
  explicit AtomicOutputBackend(
      llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> Under)
      : ProxyOutputBackend(std::move(Under)) {}

protected:
  llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> cloneImpl() const override {
    return llvm::makeIntrusiveRefCnt<AtomicOutputBackend>(
        getUnderlyingBackend().clone());
  }

  llvm::Expected<std::unique_ptr<llvm::vfs::OutputFileImpl>>
  createFileImpl(llvm::StringRef Path,
                 std::optional<llvm::vfs::OutputConfig> Config) override {
    llvm::vfs::OutputConfig C = Config ? *Config : llvm::vfs::OutputConfig();
    // Stdout and existing non-regular files (/dev/null, pipes) cannot be
    // renamed over; everything else is staged.
    llvm::sys::fs::file_status St;
    bool Special = Path == "-" ||
                   (!llvm::sys::fs::status(Path, St) &&
                    llvm::sys::fs::exists(St) &&
                    !llvm::sys::fs::is_regular_file(St));
    if (!Special)
      C.setAtomicWrite().setDiscardOnSignal();
    return ProxyOutputBackend::createFileImpl(Path, C);
  }
};

/// DependencyFileGenerator whose file goes through the output manager.
class StagedDependencyFile final : public clang::DependencyFileGenerator {
public:
  StagedDependencyFile(const clang::DependencyOutputOptions &Opts,
                       clang::CompilerInstance &CI)
      : DependencyFileGenerator(Opts), CI(CI), Path(Opts.OutputFile) {}

  void finishedMainFile(clang::DiagnosticsEngine &Diags) override {
    std::unique_ptr<llvm::raw_pwrite_stream> OS =
        CI.createOutputFile(Path, /*Binary=*/false,
                            /*RemoveFileOnSignal=*/true,
                            /*UseTemporary=*/true);
    if (!OS)
      return; // createOutputFile reported why
    outputDependencyFile(*OS);
  }

private:
  clang::CompilerInstance &CI;
  std::string Path;
};

} // namespace

void installAtomicOutputs(clang::CompilerInstance &CI) {
  CI.setOutputManager(llvm::makeIntrusiveRefCnt<AtomicOutputBackend>(
      llvm::makeIntrusiveRefCnt<llvm::vfs::OnDiskOutputBackend>()));
  clang::DependencyOutputOptions &Dep = CI.getDependencyOutputOpts();
  if (!Dep.OutputFile.empty()) {
    CI.addDependencyCollector(std::make_shared<StagedDependencyFile>(Dep, CI));
    // Clang's own generator is created from OutputFile; ours replaces it.
    Dep.OutputFile.clear();
  }
}

} // namespace neverc::source
