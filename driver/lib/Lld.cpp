//===- Lld.cpp - lld's ELF driver, in process -----------------------------===//
//
// Link jobs that Clang built for ld.lld run through lld::lldMain with the
// ELF driver linked in (liblldELF.a). lld keeps global state, so calls are
// serialized; lldMain resets that state after each link and tells us when a
// crash left it unusable, after which links are spawned instead. lld writes
// its output through a temporary file that is renamed on success
// (FileOutputBuffer), so a failed link never leaves a partial image.
//
// lld is not GNU ld: it refuses a few GNU options (--default-symver,
// --traditional-format, ...) that Debian's clang-22, which links with GNU
// ld, passes on without complaint. Before a link is planned, lld parses its
// arguments with --version appended (it stops after reading its
// configuration, before any input is opened); a link lld cannot parse is
// handed to the platform linker clang-22 would run (Driver.cpp: planLink).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Driver/Tool.h"
#include "clang/Driver/ToolChain.h"
#include "lld/Common/Driver.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <mutex>

LLD_HAS_DRIVER(elf)

namespace neverc::driver::detail {
namespace {

/// Process-wide lld state: one link at a time, and whether lld may run
/// again in this process.
struct LldProcess {
  std::mutex Lock;
  bool CanRunAgain = true;
};

LldProcess &lldProcess() {
  static LldProcess P;
  return P;
}

int spawnLinker(llvm::ArrayRef<const char *> Argv) {
  llvm::ErrorOr<std::string> Path = llvm::sys::findProgramByName("ld.lld");
  if (!Path) {
    llvm::errs() << "ld.lld: error: lld cannot run again in this process and "
                    "no ld.lld was found on PATH\n";
    return 1;
  }
  llvm::SmallVector<llvm::StringRef, 64> Args(Argv.begin(), Argv.end());
  Args[0] = *Path;
  std::string ErrMsg;
  int RC = llvm::sys::ExecuteAndWait(*Path, Args, std::nullopt, {}, 0, 0,
                                     &ErrMsg);
  if (RC < 0)
    llvm::errs() << "ld.lld: error: " << ErrMsg << '\n';
  return RC;
}

/// The --reproduce tarball is written while lld reads its configuration:
/// a dry parse must not write it.
bool writesReproducer(llvm::ArrayRef<const char *> Argv) {
  if (std::getenv("LLD_REPRODUCE"))
    return true;
  return llvm::any_of(Argv.drop_front(), [](const char *A) {
    llvm::StringRef S(A);
    if (!S.consume_front("-"))
      return false;
    S.consume_front("-"); // -reproduce and --reproduce
    return S == "reproduce" || S.starts_with("reproduce=");
  });
}

} // namespace

std::vector<std::string>
lldRejectedArguments(llvm::ArrayRef<const char *> Argv) {
  std::vector<std::string> Rejected;
  if (writesReproducer(Argv))
    return Rejected;
  llvm::SmallVector<const char *, 256> Probe(Argv.begin(), Argv.end());
  Probe[0] = "ld.lld";
  Probe.push_back("--version");
  std::string Out, Err;
  llvm::raw_string_ostream OutS(Out), ErrS(Err);
  {
    LldProcess &P = lldProcess();
    std::lock_guard<std::mutex> Guard(P.Lock);
    if (!P.CanRunAgain)
      return Rejected;
    lld::Result R =
        lld::lldMain(Probe, OutS, ErrS, {{lld::Gnu, &lld::elf::link}});
    P.CanRunAgain = R.canRunAgain;
  }
  // Only options lld does not know count: other errors (a bad value, a
  // missing script) are the real link's to report, by lld.
  llvm::StringRef Text(Err);
  static constexpr llvm::StringLiteral Unknown = "error: unknown argument '";
  for (size_t At = Text.find(Unknown); At != llvm::StringRef::npos;
       At = Text.find(Unknown, At + 1)) {
    llvm::StringRef Name = Text.substr(At + Unknown.size());
    Rejected.push_back(Name.take_until([](char C) { return C == '\''; }).str());
  }
  return Rejected;
}

bool planLink(Session &S, clang::driver::Command &Cmd) {
  if (!isLldExecutable(Cmd.getExecutable()))
    return false;
  llvm::SmallVector<const char *, 256> Argv{Cmd.getExecutable()};
  Argv.append(Cmd.getArguments().begin(), Cmd.getArguments().end());
  if (lldRejectedArguments(Argv).empty())
    return false;
  // Debian's clang-22 has no default linker of its own (CLANG_DEFAULT_LINKER
  // is empty): it runs "ld" from the toolchain's program paths, GNU ld.
  const clang::driver::ToolChain &TC = Cmd.getCreator().getToolChain();
  Cmd.replaceExecutable(S.save(TC.GetProgramPath("ld")));
  // Clang's LTO options for lld are GNU ld's LLVMgold plugin options; GNU
  // ld needs the plugin named first (clang-22 does the same without lld).
  bool LTO = llvm::any_of(Cmd.getArguments(), [](const char *A) {
    return llvm::StringRef(A).starts_with("-plugin-opt=");
  });
  if (LTO) {
    llvm::opt::ArgStringList Args;
    Args.push_back("-plugin");
    Args.push_back(S.save(NEVERC_LLVM_LIBRARY_DIR "/LLVMgold.so"));
    Args.append(Cmd.getArguments().begin(), Cmd.getArguments().end());
    Cmd.replaceArguments(std::move(Args));
  }
  return true;
}

bool isLldExecutable(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  return Name == "ld.lld" || Name.starts_with("ld.lld-");
}

int runLld(llvm::ArrayRef<const char *> Argv) {
  LldProcess &P = lldProcess();
  std::lock_guard<std::mutex> Guard(P.Lock);
  if (!P.CanRunAgain)
    return spawnLinker(Argv);
  llvm::outs().flush();
  lld::Result R = lld::lldMain(Argv, llvm::outs(), llvm::errs(),
                               {{lld::Gnu, &lld::elf::link}});
  P.CanRunAgain = R.canRunAgain;
  llvm::outs().flush();
  llvm::errs().flush();
  return R.retCode;
}

} // namespace neverc::driver::detail
