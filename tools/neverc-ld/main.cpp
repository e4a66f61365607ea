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
#include "neverc/link/Request.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace neverc::link;

namespace {

int fail(const std::string &Message) {
  std::fprintf(stderr, "neverc-ld: error: %s\n", Message.c_str());
  return 1;
}

/// Writes \p Bytes to \p Path through a temporary in the same directory.
bool writeAtomically(const std::string &Path, const std::string &Bytes,
                     unsigned Mode, std::string &Error) {
  std::string Temp = Path + ".tmpXXXXXX";
  std::vector<char> Name(Temp.begin(), Temp.end());
  Name.push_back('\0');
  int Fd = ::mkstemp(Name.data());
  if (Fd < 0) {
    Error =
        "cannot create a temporary for '" + Path + "': " + std::strerror(errno);
    return false;
  }
  const char *P = Bytes.data();
  size_t Left = Bytes.size();
  while (Left) {
    ssize_t N = ::write(Fd, P, Left);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) {
      Error = "cannot write '" + Path + "': " + std::strerror(errno);
      ::close(Fd);
      ::unlink(Name.data());
      return false;
    }
    P += N;
    Left -= size_t(N);
  }
  mode_t Mask = ::umask(0);
  ::umask(Mask);
  ::fchmod(Fd, Mode & ~Mask);
  ::close(Fd);
  if (::rename(Name.data(), Path.c_str()) != 0) {
    Error = "cannot rename into '" + Path + "': " + std::strerror(errno);
    ::unlink(Name.data());
    return false;
  }
  return true;
}

} // namespace

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
  LinkRequestModel R;
  if (!parseLinkLine(Line, R))
    return fail("-r (a relocatable link) is not supported by the graph "
                "linker yet; use -fuse-ld=lld");
  LinkerOptions O;
  std::string Error;
  if (!parseLinkerOptions(Line, R, O, Error))
    return fail(Error);
  prepareHeapForLink();
  LinkGraph G(Line, R, O);
  if (!linkAll(G))
    return fail(G.Error);
  for (const SideOutput &S : R.Side) {
    if (S.Option != "--why-extract" && S.Option != "-Map")
      return fail("the side output " + S.Option +
                  " is not written by the graph linker yet; use -fuse-ld=lld");
    if (!writeAtomically(S.FinalPath,
                         S.Option == "-Map" ? linkMap(G) : G.In.whyExtract(),
                         0666, Error))
      return fail(Error);
  }
  if (!writeAtomically(R.OutputPath, G.Image, 0777, Error))
    return fail(Error);
  // The graph dies with the process: freeing it piece by piece would cost
  // as much as a step (lld exits the same way).
  std::fflush(stdout);
  std::fflush(stderr);
  std::_Exit(0);
}
