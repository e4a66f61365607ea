//===- main.cpp - neverc-ld: the graph linker on a GNU ld command line ----===//
//
//   neverc-ld <GNU ld arguments...>
//
// Links what the line asks for with the link library's graph linker (the
// thirteen steps of LinkGraph.h, no plugin host) and writes the output the
// way lld does: into a temporary beside it, renamed into place, so that a
// failed or killed link leaves no partial file. `clang --ld-path=` can run
// it. What the graph linker does not link yet is an error naming it.
//
//===----------------------------------------------------------------------===//
#include "neverc/link/LinkGraph.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main(int Argc, char **Argv) {
  std::vector<std::string> Line{"ld"};
  for (int I = 1; I < Argc; ++I)
    Line.push_back(Argv[I]);
  for (const std::string &A : Line)
    if (A == "--version" || A == "-v") {
      std::puts("neverc-ld (the neverc graph linker) compatible with GNU "
                "linkers");
      if (Line.size() == 2)
        return 0;
    }
  std::string Error;
  if (neverc::link::linkWithGraphLinker(Line, Error) !=
      neverc::link::GraphLinkResult::Linked) {
    std::fprintf(stderr, "neverc-ld: error: %s\n", Error.c_str());
    return 1;
  }
  // The graph dies with the process (see linkWithGraphLinker).
  std::fflush(stdout);
  std::fflush(stderr);
  std::_Exit(0);
}
