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
// A domain that makes an output's bytes itself while Clang writes its own
// to the output too (the IR domain's LTO bitcode, the codegen route's
// object) puts a ReplaceableBackend on top of the output manager before
// the output is opened: it holds what Clang writes and, when the file is
// kept, passes the domain's bytes down instead (to the staged file, or to
// a domain's proxy below it, such as the object pipeline's).
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
      : File(std::move(F)), OS(File.fd(), /*shouldClose=*/false) {
    // A FIFO or terminal written in place cannot seek, and object writers
    // patch headers with pwrite: buffer the whole output, as LLVM's own
    // on-disk backend does.
    if (!OS.supportsSeeking())
      Buffer = std::make_unique<llvm::raw_svector_ostream>(Buffered);
  }

  llvm::raw_pwrite_stream &getOS() override {
    if (Buffer)
      return *Buffer;
    return OS;
  }

  llvm::Error keep() override {
    if (Buffer)
      OS.write(Buffered.data(), Buffered.size());
    OS.flush();
    if (std::error_code EC = OS.error()) {
      OS.clear_error(); // a stream destroyed with an error aborts
      File.discard();
      return llvm::errorCodeToError(EC);
    }
    return File.commit();
  }

  llvm::Error discard() override {
    // Flush first: the descriptor closes with the staged file. What an
    // in-place output buffered is dropped: nothing beats a partial object.
    OS.flush();
    OS.clear_error();
    File.discard();
    return llvm::Error::success();
  }

private:
  StagedFile File;
  llvm::raw_fd_ostream OS;
  llvm::SmallVector<char, 0> Buffered; ///< the whole output when OS cannot seek
  std::unique_ptr<llvm::raw_svector_ostream> Buffer;
};

char StagedOutputFile::ID = 0;

class AtomicOutputBackend final : public llvm::vfs::ProxyOutputBackend {
public:
  AtomicOutputBackend(
      llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> Under,
      std::string FollowPath)
      : ProxyOutputBackend(std::move(Under)), FollowPath(std::move(FollowPath)) {}

protected:
  llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> cloneImpl() const override {
    return llvm::makeIntrusiveRefCnt<AtomicOutputBackend>(
        getUnderlyingBackend().clone(), FollowPath);
  }

  llvm::Expected<std::unique_ptr<llvm::vfs::OutputFileImpl>>
  createFileImpl(llvm::StringRef Path,
                 std::optional<llvm::vfs::OutputConfig> Config) override {
    llvm::vfs::OutputConfig C = Config ? *Config : llvm::vfs::OutputConfig();
    if (Path == "-")
      return ProxyOutputBackend::createFileImpl(Path, C);
    if (C.getAppend() || C.getOnlyIfDifferent()) {
      C.setAtomicWrite().setDiscardOnSignal();
      return ProxyOutputBackend::createFileImpl(Path, C);
    }
    // StagedFile writes non-regular files (/dev/null, FIFOs) in place.
    // clang-22 replaces a symlink given as -o, -S or -E output but writes
    // the dependency file through one (a plain raw_fd_ostream).
    std::string P = Path.str();
    const StagedFile::SymlinkPolicy Links =
        P == FollowPath ? StagedFile::SymlinkPolicy::Follow
                        : StagedFile::SymlinkPolicy::Replace;
    llvm::Expected<StagedFile> F = StagedFile::create(P, Links);
    llvm::StringRef Parent = llvm::sys::path::parent_path(Path);
    if (!F && C.getImplyCreateDirectories() && !Parent.empty() &&
        !llvm::sys::fs::exists(Parent)) {
      llvm::consumeError(F.takeError());
      if (std::error_code EC = llvm::sys::fs::create_directories(Parent))
        return llvm::errorCodeToError(EC);
      F = StagedFile::create(P, Links);
    }
    if (!F)
      return F.takeError();
    return std::make_unique<StagedOutputFile>(std::move(*F));
  }

private:
  std::string FollowPath; ///< the dependency file, written through symlinks
};

/// The output a ReplaceableBackend names: Clang's bytes are held, and
/// keep() passes the replacement down once it is ready.
class ReplaceableFile final
    : public llvm::RTTIExtends<ReplaceableFile, llvm::vfs::OutputFileImpl> {
public:
  static char ID;
  ReplaceableFile(std::shared_ptr<OutputReplacement> R,
                  std::unique_ptr<llvm::vfs::OutputFileImpl> Under)
      : R(std::move(R)), Under(std::move(Under)), OS(Held) {}

  llvm::raw_pwrite_stream &getOS() override { return OS; }
  llvm::Error keep() override {
    llvm::raw_pwrite_stream &S = Under->getOS();
    if (R->Ready)
      S.write(R->Bytes.data(), R->Bytes.size());
    else
      S.write(Held.data(), Held.size());
    return Under->keep();
  }
  llvm::Error discard() override { return Under->discard(); }

private:
  std::shared_ptr<OutputReplacement> R;
  std::unique_ptr<llvm::vfs::OutputFileImpl> Under;
  llvm::SmallVector<char, 0> Held;
  llvm::raw_svector_ostream OS;
};
char ReplaceableFile::ID = 0;

class ReplaceableBackend final : public llvm::vfs::ProxyOutputBackend {
public:
  ReplaceableBackend(llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> Under,
                     std::shared_ptr<OutputReplacement> R)
      : ProxyOutputBackend(std::move(Under)), R(std::move(R)) {}

protected:
  llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend>
  cloneImpl() const override {
    return llvm::makeIntrusiveRefCnt<ReplaceableBackend>(
        getUnderlyingBackend().clone(), R);
  }
  llvm::Expected<std::unique_ptr<llvm::vfs::OutputFileImpl>>
  createFileImpl(llvm::StringRef Path,
                 std::optional<llvm::vfs::OutputConfig> Config) override {
    auto Impl = ProxyOutputBackend::createFileImpl(Path, Config);
    if (!Impl || Path != R->Path)
      return Impl;
    return std::make_unique<ReplaceableFile>(R, std::move(*Impl));
  }

private:
  std::shared_ptr<OutputReplacement> R;
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

void replaceableOutput(clang::CompilerInstance &CI,
                       std::shared_ptr<OutputReplacement> R) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> Under(
      &CI.getOrCreateOutputManager());
  CI.setOutputManager(
      llvm::makeIntrusiveRefCnt<ReplaceableBackend>(Under, std::move(R)));
}

void installAtomicOutputs(clang::CompilerInstance &CI) {
  clang::DependencyOutputOptions &Dep = CI.getDependencyOutputOpts();
  CI.setOutputManager(llvm::makeIntrusiveRefCnt<AtomicOutputBackend>(
      llvm::makeIntrusiveRefCnt<llvm::vfs::OnDiskOutputBackend>(),
      Dep.OutputFile));
  if (!Dep.OutputFile.empty()) {
    CI.addDependencyCollector(std::make_shared<StagedDependencyFile>(Dep, CI));
    // Clang's own generator is created from OutputFile; ours replaces it.
    Dep.OutputFile.clear();
  }
}

} // namespace neverc::source
