//===- Lld.cpp - lld's ELF driver, in process -----------------------------===//
//
// Link jobs that Clang built for ld.lld run through lld::lldMain with the
// ELF driver linked in (liblldELF.a). lld keeps global state, so calls are
// serialized; lldMain resets that state after each link and tells us when a
// crash left it unusable, after which links are spawned instead. lld writes
// its output through a temporary file that is renamed on success
// (FileOutputBuffer), so a failed link never leaves a partial image.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "lld/Common/Driver.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

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

} // namespace

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
