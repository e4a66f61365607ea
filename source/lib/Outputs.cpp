//===- Outputs.cpp - Every cc1 output staged and committed atomically -----===//
//
// Clang 22 creates its outputs through CompilerInstance::createOutputFile,
// which goes to the instance's llvm::vfs::OutputBackend and keeps or
// discards every file in clearOutputFiles() at the end of the action
// (discard when errors occurred). Two things escape that on stock Clang:
//  * -fno-temp-file (FrontendOptions::UseTemporary = false) writes in place;
//  * the -MD/-MF dependency file is written by DependencyFileGenerator with
//    a plain raw_fd_ostream.
// The backend below writes every regular path to a StagedFile (an unnamed
// O_TMPFILE inode, named and renamed over the output only on keep(): a
// failed or SIGKILLed compile leaves nothing behind), and the dependency
// generator is replaced by one that writes through createOutputFile, so the
// .d commits (or not) together with the object. Appending and
// only-if-different outputs keep LLVM's own atomic temporaries.
//
//===----------------------------------------------------------------------===//
#include "neverc/source/Outputs.h"
#include "neverc/source/StagedFile.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/Utils.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualOutputBackends.h"

namespace neverc::source {

namespace {

/// One output of the cc1 job: a raw_fd_ostream over a StagedFile.
class StagedOutputFile final
    : public llvm::RTTIExtends<StagedOutputFile, llvm::vfs::OutputFileImpl> {
public:
  static char ID;
  explicit StagedOutputFile(StagedFile F)
      : File(std::move(F)), OS(File.fd(), /*shouldClose=*/false) {}

  llvm::raw_pwrite_stream &getOS() override { return OS; }

  llvm::Error keep() override {
    OS.flush();
    if (std::error_code EC = OS.error()) {
      OS.clear_error(); // a stream destroyed with an error aborts
      File.discard();
      return llvm::errorCodeToError(EC);
    }
    return File.commit();
  }

  llvm::Error discard() override {
    // Flush first: the descriptor closes with the staged file.
    OS.flush();
    OS.clear_error();
    File.discard();
    return llvm::Error::success();
  }

private:
  StagedFile File;
  llvm::raw_fd_ostream OS;
};

char StagedOutputFile::ID = 0;

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
    if (Special)
      return ProxyOutputBackend::createFileImpl(Path, C);
    if (C.getAppend() || C.getOnlyIfDifferent()) {
      C.setAtomicWrite().setDiscardOnSignal();
      return ProxyOutputBackend::createFileImpl(Path, C);
    }
    std::string P = Path.str();
    llvm::Expected<StagedFile> F = StagedFile::create(P);
    llvm::StringRef Parent = llvm::sys::path::parent_path(Path);
    if (!F && C.getImplyCreateDirectories() && !Parent.empty() &&
        !llvm::sys::fs::exists(Parent)) {
      llvm::consumeError(F.takeError());
      if (std::error_code EC = llvm::sys::fs::create_directories(Parent))
        return llvm::errorCodeToError(EC);
      F = StagedFile::create(P);
    }
    if (!F)
      return F.takeError();
    return std::make_unique<StagedOutputFile>(std::move(*F));
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
