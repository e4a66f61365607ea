//===- main.cpp - neverc-linktool: the link library on a command line -----===//
//
//   neverc-linktool why-extract <ld.lld arguments...>
//       reads the inputs of the link those arguments describe and resolves
//       its symbols as the graph linker does; prints what lld's
//       --why-extract would write (a test compares the two)
//   neverc-linktool inputs <ld.lld arguments...>
//       the same, then one line per input file, extracted member, shared
//       library and a count of the symbols by state
//
// The arguments are lld's (what `neverc -### ...` shows after "ld.lld"),
// -o and the side outputs included; nothing is written.
//
//===----------------------------------------------------------------------===//
#include "neverc/link/Inputs.h"
#include "neverc/link/Request.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace neverc::link;

namespace {

int usage() {
  std::fputs("usage: neverc-linktool why-extract|inputs <ld.lld arguments>\n",
             stderr);
  return 2;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 2)
    return usage();
  std::string Cmd = Argv[1];
  if (Cmd != "why-extract" && Cmd != "inputs")
    return usage();
  std::vector<std::string> Line{"ld.lld"};
  std::vector<std::string> Undefined;
  for (int I = 2; I < Argc; ++I) {
    Line.push_back(Argv[I]);
    std::string A = Argv[I];
    if ((A == "-u" || A == "--undefined") && I + 1 < Argc)
      Undefined.push_back(Argv[I + 1]);
    else if (A.rfind("--undefined=", 0) == 0)
      Undefined.push_back(A.substr(12));
    else if (A.rfind("-u", 0) == 0 && A.size() > 2 && A[2] != '-')
      Undefined.push_back(A.substr(2));
  }
  LinkRequestModel R;
  if (!parseLinkLine(Line, R)) {
    std::fputs("neverc-linktool: not a link (-r, or only a query)\n", stderr);
    return 1;
  }
  std::string Entry = R.Entry;
  if (Entry.empty() && R.OutputKind == NEVERC_LINK_OUTPUT_EXECUTABLE)
    Entry = "_start";
  LinkInputs In;
  std::string Error;
  if (!readInputs(R, Undefined, Entry, In, Error)) {
    std::fprintf(stderr, "neverc-linktool: error: %s\n", Error.c_str());
    return 1;
  }
  if (Cmd == "why-extract") {
    std::fputs(In.whyExtract().c_str(), stdout);
    return 0;
  }
  for (const InputFile &F : In.Files)
    std::printf("input %s%s\n", F.Path.c_str(),
                F.Script >= 0 ? " (from a script)" : "");
  for (size_t M = 0; M < In.Members.size(); ++M)
    if (In.Members[M].Extracted)
      std::printf("member %s\n", In.memberName(uint32_t(M)).c_str());
  for (const SharedLibrary &L : In.Libraries)
    std::printf("shared %s soname=%s needed=%zu\n",
                In.Files[L.Input].Path.c_str(), L.Soname.c_str(),
                L.Needed.size());
  size_t Count[5] = {};
  for (const LinkSymbol &S : In.Symbols)
    ++Count[S.S];
  std::printf("symbols undefined=%zu lazy=%zu defined=%zu common=%zu "
              "shared=%zu objects=%zu\n",
              Count[0], Count[1], Count[2], Count[3], Count[4],
              In.Objects.size());
  return 0;
}
