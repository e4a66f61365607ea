//===- ParsedArguments.cpp - neverc.driver.parsed_arguments ---------------===//
//
// Built-in step: Clang's own option table parses argv (GCC-mode visibility,
// as Driver::ParseArgStrings does) into occurrences: spelling as written,
// values, and the argv span each one came from. After the hook, unchanged
// occurrences are copied back verbatim from their span; edited or added ones
// are rendered from (spelling, values) by finding the argv form that Clang
// parses back to exactly that occurrence. BuildCompilation then parses the
// resulting argv again: Clang has no entry point that accepts a parsed list.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Options/Options.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"

using namespace llvm::opt;

namespace neverc::driver::detail {
namespace {

InputArgList parse(llvm::ArrayRef<const char *> Args) {
  unsigned MissingIndex = 0, MissingCount = 0;
  return clang::getDriverOptTable().ParseArgs(
      Args, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::options::ClangOption));
}

OptionOccurrence toOccurrence(const Arg &A, uint64_t ID) {
  OptionOccurrence O;
  O.ID = ID;
  O.Origin = ArgumentOrigin::CommandLine;
  O.OptionName = A.getOption().getName().str();
  bool IsInput = A.getOption().getKind() == Option::InputClass;
  if (!IsInput)
    O.Spelling = A.getSpelling().str();
  for (const char *V : A.getValues())
    O.Values.push_back(V);
  return O;
}

/// The argv entries that Clang parses back to exactly this occurrence.
bool render(Session &S, const OptionOccurrence &O,
            llvm::SmallVectorImpl<const char *> &Out) {
  if (O.Spelling.empty()) { // an input file
    if (O.Values.size() != 1 || O.Values[0].empty())
      return false;
    Out.push_back(S.save(O.Values[0]));
    return true;
  }
  const std::vector<std::string> &V = O.Values;
  std::vector<std::vector<std::string>> Candidates;
  if (V.empty())
    Candidates.push_back({O.Spelling});
  if (V.size() == 1)
    Candidates.push_back({O.Spelling + V[0]});
  if (!V.empty()) {
    std::vector<std::string> Separate{O.Spelling};
    Separate.insert(Separate.end(), V.begin(), V.end());
    Candidates.push_back(Separate);
    Candidates.push_back({O.Spelling + llvm::join(V, ",")});
  }
  if (V.size() >= 2) {
    std::vector<std::string> JoinedAndSeparate{O.Spelling + V[0]};
    JoinedAndSeparate.insert(JoinedAndSeparate.end(), V.begin() + 1, V.end());
    Candidates.push_back(JoinedAndSeparate);
  }
  for (const std::vector<std::string> &Cand : Candidates) {
    llvm::SmallVector<const char *, 4> Ptrs;
    for (const std::string &C : Cand)
      Ptrs.push_back(S.save(C));
    InputArgList Back = parse(Ptrs);
    if (Back.size() != 1)
      continue;
    const Arg &A = **Back.begin();
    if (A.getOption().getKind() == Option::UnknownClass ||
        A.getOption().getKind() == Option::InputClass)
      continue;
    OptionOccurrence Round = toOccurrence(A, O.ID);
    if (Round.Spelling == O.Spelling && Round.Values == O.Values) {
      Out.append(Ptrs.begin(), Ptrs.end());
      return true;
    }
  }
  return false;
}

} // namespace

bool runParsedArgumentsPhase(Session &S) {
  llvm::ArrayRef<const char *> Args = llvm::ArrayRef(S.Argv).drop_front();
  InputArgList Parsed = parse(Args);

  // Occurrences in argv order, with the [begin, end) argv span of each.
  std::vector<OptionOccurrence> Occurrences;
  std::vector<std::pair<unsigned, unsigned>> Spans;
  for (const Arg *A : Parsed) {
    if (!Spans.empty())
      Spans.back().second = A->getIndex();
    Occurrences.push_back(toOccurrence(*A, Occurrences.size() + 1));
    Spans.push_back({A->getIndex(), static_cast<unsigned>(Args.size())});
  }

  std::vector<OptionOccurrence> Edited = Occurrences;
  if (int Status = S.Hooks.parsedArguments(Edited))
    return S.hookFailed(1, Status), false;
  if (Edited == Occurrences)
    return true;

  llvm::SmallVector<const char *, 64> NewArgv{S.Argv[0]};
  for (const OptionOccurrence &O : Edited) {
    bool Original = O.ID >= 1 && O.ID <= Occurrences.size() &&
                    Occurrences[O.ID - 1].Spelling == O.Spelling &&
                    Occurrences[O.ID - 1].Values == O.Values;
    if (Original) {
      auto [Begin, End] = Spans[O.ID - 1];
      NewArgv.append(Args.begin() + Begin, Args.begin() + End);
      continue;
    }
    if (!render(S, O, NewArgv)) {
      S.error("invalid parsed-argument edit: no command-line form of '" +
              O.Spelling + "' takes the values [" + llvm::join(O.Values, ", ") +
              "]");
      return false;
    }
  }
  S.Argv = std::move(NewArgv);
  return true;
}

} // namespace neverc::driver::detail
