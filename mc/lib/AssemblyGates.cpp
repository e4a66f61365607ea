//===- AssemblyGates.cpp - assembly.final_verify and assembly.commit ------===//
//
// The two sealed gates of the assembly a compile prints (-S). Every cc1
// output goes through the job's llvm::vfs::OutputBackend (the source
// domain's staged files); for a -S compile with an observer on either gate
// the domain puts a proxy in front of it whose main output runs, when Clang
// keeps it:
//
//   assembly.final_verify  built-in: nothing to change; its verifier
//                          (neverc.assembly.verify_final_output): the text
//                          was written without a stream error and is not
//                          empty
//   assembly.commit        built-in: the staged file's commit (renamed
//                          over the output); its verifier
//                          (neverc.assembly.commit_output): the file at the
//                          path holds exactly the bytes written (regular
//                          files; a pipe or /dev/null is written in place)
//
// Observers see BEFORE/AFTER and BEFORE/AFTER_COMMIT; the phases take no
// interceptor or provider (sealed). A gate that fails discards the output:
// nothing partial appears. LLVM's own text is trusted (not parsed again).
//
// With a plugin on assembly.print the proxy holds LLVM's text back, runs
// the phase (Assembly.cpp), and writes what it chose before the gates.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/TargetOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/VirtualOutputBackends.h"
#include "llvm/Support/VirtualOutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace neverc::mc {
namespace {

/// The payload of the assembly output artifact (TMO/0x6).
struct AssemblyOutput {
  std::string Path;
  uint64_t Size = 0;
  bool StreamError = false;
  llvm::vfs::OutputFileImpl *File = nullptr;
  llvm::Error Kept = llvm::Error::success();
};

struct FinalVerifier {
  MCDomain::Impl *D;
  static NevercStatus run(void *Ctx, void *Out) {
    auto *A = static_cast<AssemblyOutput *>(Out);
    const char *Why = A->StreamError ? "the stream reported an error"
                      : A->Size == 0 ? "it is empty"
                                     : nullptr;
    if (!Why)
      return okStatus();
    static_cast<FinalVerifier *>(Ctx)->D->H.report(
        NEVERC_DIAGNOSTIC_ERROR,
        "neverc.assembly.verify_final_output: the assembly for '" + A->Path +
            "' is not complete: " + Why,
        nullptr, "neverc.assembly.verify_final_output");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

/// The built-in of assembly.commit: the staged file is renamed into place.
struct Commit {
  static NevercStatus run(void *, void *In, void **Out) {
    auto *A = static_cast<AssemblyOutput *>(In);
    *Out = In;
    if (llvm::Error E = A->File->keep()) {
      A->Kept = std::move(E);
      return st(NEVERC_STATUS_OUTPUT_PARTIAL);
    }
    return okStatus();
  }
};

struct CommitVerifier {
  MCDomain::Impl *D;
  static NevercStatus run(void *Ctx, void *Out) {
    auto *A = static_cast<AssemblyOutput *>(Out);
    llvm::sys::fs::file_status S;
    if (A->Path == "-" || llvm::sys::fs::status(A->Path, S) ||
        S.type() != llvm::sys::fs::file_type::regular_file ||
        S.getSize() == A->Size)
      return okStatus();
    static_cast<CommitVerifier *>(Ctx)->D->H.report(
        NEVERC_DIAGNOSTIC_ERROR,
        "neverc.assembly.commit_output: '" + A->Path + "' holds " +
            std::to_string(S.getSize()) + " bytes after the commit, not " +
            std::to_string(A->Size),
        nullptr, "neverc.assembly.commit_output");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

/// What the proxy knows of the compile: its task, the printed output's
/// path, and (with a plugin on assembly.print) how to assemble its text.
struct GateConfig {
  core::Task *T = nullptr;
  std::string Path;
  bool Print = false;
  std::string Triple, CPU, Features;
  bool PIC = false;
};

class GatedFile final
    : public llvm::RTTIExtends<GatedFile, llvm::vfs::OutputFileImpl> {
public:
  static char ID;
  GatedFile(MCDomain::Impl &D, const GateConfig &G,
            std::unique_ptr<llvm::vfs::OutputFileImpl> Under)
      : D(D), T(*G.T), G(G), Path(G.Path), Under(std::move(Under)),
        Held(LLVMText) {}

  // With a plugin on assembly.print, LLVM's text is held back until the
  // phase has chosen what the file gets.
  llvm::raw_pwrite_stream &getOS() override {
    return G.Print ? static_cast<llvm::raw_pwrite_stream &>(Held)
                   : Under->getOS();
  }
  llvm::Error discard() override { return Under->discard(); }

  llvm::Error keep() override {
    llvm::raw_pwrite_stream &OS = Under->getOS();
    if (G.Print) {
      PrintJob P;
      P.T = &T;
      P.Triple = G.Triple;
      P.CPU = G.CPU;
      P.Features = G.Features;
      P.PIC = G.PIC;
      P.LLVMText = std::string(LLVMText.str());
      const std::string *Text = nullptr;
      if (!runPrint(D, P, Text)) {
        if (llvm::Error E = Under->discard())
          llvm::consumeError(std::move(E));
        return llvm::createStringError(
            "the assembly output was not committed: neverc.assembly.print "
            "failed");
      }
      OS << *Text;
    }
    OS.flush();
    if (!D.phaseActive(core::Phase_ASSEMBLY_FINAL_VERIFY) &&
        !D.phaseActive(core::Phase_ASSEMBLY_COMMIT))
      return Under->keep();
    AssemblyOutput A;
    A.Path = Path;
    A.Size = OS.tell();
    if (OS.get_kind() == llvm::raw_ostream::OStreamKind::OK_FDStream)
      A.StreamError = static_cast<llvm::raw_fd_ostream &>(OS).has_error();
    A.File = Under.get();
    FinalVerifier FV{&D};
    core::PhaseRequest R;
    R.T = &T;
    R.Input = &A;
    R.Builtin = {&identityStep, nullptr};
    R.Verifier = {&FinalVerifier::run, &FV};
    core::PhaseOutcome O = D.H.runPhase(core::Phase_ASSEMBLY_FINAL_VERIFY, R);
    if (isOk(O.Status)) {
      CommitVerifier CV{&D};
      R.Builtin = {&Commit::run, nullptr};
      R.Verifier = {&CommitVerifier::run, &CV};
      O = D.H.runPhase(core::Phase_ASSEMBLY_COMMIT, R);
      if (A.Kept)
        return std::move(A.Kept); // Clang reports why the file is missing
    }
    if (isOk(O.Status))
      return llvm::Error::success();
    if (llvm::Error E = Under->discard())
      llvm::consumeError(std::move(E));
    return llvm::createStringError(
        "the assembly output was not committed: a sealed gate refused it");
  }

private:
  MCDomain::Impl &D;
  core::Task &T;
  GateConfig G;
  std::string Path;
  std::unique_ptr<llvm::vfs::OutputFileImpl> Under;
  llvm::SmallString<0> LLVMText;
  llvm::raw_svector_ostream Held;
};
char GatedFile::ID = 0;

class GateBackend final : public llvm::vfs::ProxyOutputBackend {
public:
  GateBackend(llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> Under,
              MCDomain::Impl &D, GateConfig G)
      : ProxyOutputBackend(std::move(Under)), D(D), G(std::move(G)) {}

protected:
  llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> cloneImpl() const override {
    return llvm::makeIntrusiveRefCnt<GateBackend>(
        getUnderlyingBackend().clone(), D, G);
  }

  llvm::Expected<std::unique_ptr<llvm::vfs::OutputFileImpl>>
  createFileImpl(llvm::StringRef P,
                 std::optional<llvm::vfs::OutputConfig> Config) override {
    auto Impl = ProxyOutputBackend::createFileImpl(P, Config);
    if (!Impl || P != G.Path)
      return Impl;
    return std::make_unique<GatedFile>(D, G, std::move(*Impl));
  }

private:
  MCDomain::Impl &D;
  GateConfig G;
};

} // namespace

void gateAssemblyOutput(MCDomain::Impl &D, clang::CompilerInstance &CI,
                        core::Task &TU) {
  GateConfig G;
  G.Print = D.phaseActive(core::Phase_ASSEMBLY_PRINT);
  if (!G.Print && !D.phaseActive(core::Phase_ASSEMBLY_FINAL_VERIFY) &&
      !D.phaseActive(core::Phase_ASSEMBLY_COMMIT))
    return;
  const clang::FrontendOptions &FE = CI.getFrontendOpts();
  // One input, one printed output (clang writes <input>.s without -o).
  if (FE.OutputFile.empty())
    return;
  G.T = &TU;
  G.Path = FE.OutputFile;
  const clang::TargetOptions &TO = CI.getTargetOpts();
  G.Triple = TO.Triple;
  G.CPU = TO.CPU;
  G.Features = llvm::join(TO.Features, ",");
  G.PIC = CI.getCodeGenOpts().RelocationModel == llvm::Reloc::PIC_;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> Under(
      &CI.getOrCreateOutputManager());
  CI.setOutputManager(
      llvm::makeIntrusiveRefCnt<GateBackend>(Under, D, std::move(G)));
}

} // namespace neverc::mc
