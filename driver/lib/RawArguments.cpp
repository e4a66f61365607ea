//===- RawArguments.cpp - neverc.driver.raw_arguments ---------------------===//
//
// Built-in step: argv as given, with every `@file` replaced by the tokens of
// that response file (GNU quoting, nested `@` followed), each entry keeping
// its origin: the command line, or the response file and position it came
// from. Clang's default configuration files are still loaded by Clang inside
// BuildCompilation and are reported in phase 3 (ToolChainInfo::ConfigFiles),
// not here.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/Support/CommandLine.h"

namespace neverc::driver::detail {

} // namespace neverc::driver::detail

namespace neverc::driver {

bool expandArguments(const std::vector<std::string> &Argv,
                     std::vector<RawArgument> &Out, std::string &Error) {
  Out.clear();
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  for (size_t I = 0; I < Argv.size(); ++I) {
    const std::string &A = Argv[I];
    if (I == 0 || A.size() < 2 || A[0] != '@') {
      Out.push_back({A, ArgumentOrigin::CommandLine, "", I});
      continue;
    }
    // Expand this one entry on its own so its tokens can be attributed.
    llvm::cl::ExpansionContext ECtx(Alloc, llvm::cl::TokenizeGNUCommandLine);
    llvm::SmallVector<const char *, 32> Expanded{Saver.save(A).data()};
    if (llvm::Error E = ECtx.expandResponseFiles(Expanded)) {
      Error = llvm::toString(std::move(E));
      return false;
    }
    // An unreadable response file stays as a literal argument, as in clang.
    if (Expanded.size() == 1 && A == Expanded[0]) {
      Out.push_back({A, ArgumentOrigin::CommandLine, "", I});
      continue;
    }
    std::string Source = A.substr(1);
    for (size_t J = 0; J < Expanded.size(); ++J)
      if (Expanded[J])
        Out.push_back({Expanded[J], ArgumentOrigin::CommandLine, Source, J});
  }
  return true;
}

} // namespace neverc::driver

namespace neverc::driver::detail {

bool gatherRawArguments(Session &S, const std::vector<std::string> &Argv) {
  std::string Error;
  if (!expandArguments(Argv, S.Raw, Error)) {
    S.error(Error);
    return false;
  }
  return true;
}

bool runRawArgumentsPhase(Session &S) {
  std::vector<RawArgument> Edited = S.Raw;
  if (int Status = S.Hooks.rawArguments(Edited))
    return S.hookFailed(0, Status), false;
  if (Edited == S.Raw)
    return true;
  // The edit is applied only when it leaves a usable argv: a program name,
  // and no entry that would end argv early.
  if (Edited.empty() || Edited[0].Value.empty()) {
    S.error("invalid raw-argument edit: argv[0] must stay");
    return false;
  }
  S.Raw = std::move(Edited);
  S.Argv.clear();
  for (const RawArgument &A : S.Raw)
    S.Argv.push_back(S.save(A.Value));
  return true;
}

} // namespace neverc::driver::detail
