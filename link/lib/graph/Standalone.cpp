//===- Standalone.cpp - a whole link with no plugin host ------------------===//
//
// What neverc-ld does, and what neverc does for a link no plugin watches:
// read a GNU ld line, link it with the thirteen steps, write the side
// outputs and the image the way lld does (a temporary beside the output,
// renamed into place: a failed or killed link leaves no partial file).
// The image is written where it goes: emit_image fills the staged file
// through a shared mapping (MappedImage, Stage.h), which the commit
// renames into place; the phased route (Pipeline.cpp) uses it too.
// When neverc chose the linker itself, a link the graph linker does not
// make yet goes to lld (linkByDefault); nothing was written by then.
//
//===----------------------------------------------------------------------===//
#include "neverc/link/LinkGraph.h"
#include "neverc/link/Request.h"
#include "neverc/link/Stage.h"
#include "neverc/source/StagedFile.h"

#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/StringSaver.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace neverc::link {
namespace {

/// The mode lld gives its outputs (executable or not), less the umask; a
/// file staged under its final name keeps the one it had.
bool setMode(source::StagedFile &F, const std::string &Path, bool Executable,
             std::string &Error) {
  if (F.inPlace())
    return true;
  unsigned Mode = Executable ? 0777 : 0666;
  if (::fchmod(F.fd(), Mode & ~llvm::sys::fs::getUmask()) != 0) {
    Error = "cannot set the mode of '" + Path + "': " + std::strerror(errno);
    return false;
  }
  return true;
}

/// \p Bytes staged for \p Path (committed by the caller).
bool stageOutput(const std::string &Path, std::string_view Bytes,
                 bool Executable, std::optional<source::StagedFile> &Out,
                 std::string &Error) {
  llvm::Expected<source::StagedFile> F = source::StagedFile::create(Path);
  if (!F) {
    Error = llvm::toString(F.takeError());
    return false;
  }
  const char *P = Bytes.data();
  size_t Left = Bytes.size();
  while (Left) {
    ssize_t N = ::write(F->fd(), P, Left);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      Error = "cannot write '" + Path + "': " + std::strerror(errno);
      return false;
    }
    P += N;
    Left -= size_t(N);
  }
  if (!setMode(*F, Path, Executable, Error))
    return false;
  Out.emplace(std::move(*F));
  return true;
}

/// commitLinkOutputs, with the image staged already when \p Image is set.
bool commitAll(const std::vector<SideBytes> &Side, const std::string &ImagePath,
               std::string_view Bytes, std::optional<source::StagedFile> Image,
               bool Executable, unsigned &Committed, std::string &Error) {
  // Stage everything first: a failure here publishes nothing.
  std::vector<std::optional<source::StagedFile>> Staged(Side.size() + 1);
  for (size_t K = 0; K < Side.size(); ++K)
    if (!stageOutput(Side[K].Path, Side[K].Bytes, false, Staged[K], Error))
      return false;
  const bool ToStdout = ImagePath == "-";
  if (Image) {
    if (!setMode(*Image, ImagePath, Executable, Error))
      return false;
    Staged.back() = std::move(Image);
  } else if (!ToStdout &&
             !stageOutput(ImagePath, Bytes, Executable, Staged.back(), Error)) {
    return false;
  }
  for (auto &F : Staged) {
    if (!F)
      continue;
    if (llvm::Error E = F->commit()) {
      Error = llvm::toString(std::move(E));
      return false;
    }
    ++Committed;
  }
  if (ToStdout) {
    std::fflush(stdout);
    if (std::fwrite(Bytes.data(), 1, Bytes.size(), stdout) != Bytes.size() ||
        std::fflush(stdout) != 0) {
      Error = "cannot write the image to standard output";
      return false;
    }
  }
  return true;
}

} // namespace

std::vector<std::string>
expandLinkResponseFiles(const std::vector<std::string> &Argv) {
  bool Any = false;
  for (const std::string &A : Argv)
    Any |= !A.empty() && A[0] == '@';
  if (!Any)
    return Argv;
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 256> Args;
  for (const std::string &A : Argv)
    Args.push_back(Saver.save(A).data());
  if (!llvm::cl::ExpandResponseFiles(Saver, llvm::cl::TokenizeGNUCommandLine,
                                     Args))
    return Argv; // the link reports the unreadable @file as an input
  return std::vector<std::string>(Args.begin(), Args.end());
}

struct MappedImage::State {
  std::optional<source::StagedFile> File;
  void *Map = nullptr;
  uint64_t Size = 0;
  ~State() {
    if (Map)
      ::munmap(Map, Size);
  }
};

MappedImage::MappedImage() : P(new State) {}
MappedImage::~MappedImage() { delete P; }

bool MappedImage::holds(std::string_view Image) const {
  return P->Map && Image.data() == P->Map && Image.size() == P->Size;
}

char *MappedImage::open(const std::string &Path, uint64_t Bytes,
                        std::string &Error) {
  // A device or a FIFO (stat follows links) is opened once, at the
  // commit, and written: opening a FIFO here too would hand its reader
  // an end of file and leave the second open waiting for another.
  struct stat St;
  if (::stat(Path.c_str(), &St) == 0 && !S_ISREG(St.st_mode))
    return nullptr;
  llvm::Expected<source::StagedFile> F = source::StagedFile::create(Path);
  if (!F) {
    Error = llvm::toString(F.takeError());
    return nullptr;
  }
  // Blocks first: a disk that cannot hold the image fails here, cleanly.
  int E = ::posix_fallocate(F->fd(), 0, off_t(Bytes));
  if (E == EOPNOTSUPP || E == EINVAL)
    E = ::ftruncate(F->fd(), off_t(Bytes)) == 0 ? 0 : errno;
  if (E) {
    Error = "cannot write '" + Path + "': " + std::strerror(E);
    return nullptr;
  }
  void *M = ::mmap(nullptr, size_t(Bytes), PROT_READ | PROT_WRITE, MAP_SHARED,
                   F->fd(), 0);
  if (M == MAP_FAILED) {
    Error = "cannot map '" + Path + "': " + std::strerror(errno);
    return nullptr;
  }
  if (P->Map) // emit_image ran again (a mutation took the graph back)
    ::munmap(P->Map, P->Size);
  P->File.emplace(std::move(*F));
  P->Map = M;
  P->Size = Bytes;
  return static_cast<char *>(M);
}

bool commitLinkOutputs(const std::vector<SideBytes> &Side,
                       const std::string &ImagePath, std::string_view Image,
                       bool Executable, unsigned &Committed, std::string &Error,
                       MappedImage *Mapped) {
  std::optional<source::StagedFile> Staged;
  if (Mapped && Mapped->holds(Image))
    Staged = std::move(Mapped->P->File);
  return commitAll(Side, ImagePath, Image, std::move(Staged), Executable,
                   Committed, Error);
}

bool graphLinkerNotYet(const std::string &Error) {
  return Error.find("use -fuse-ld=lld") != std::string::npos;
}

GraphLinkResult linkWithGraphLinker(const std::vector<std::string> &Argv,
                                    std::string &Error) {
  const std::vector<std::string> Line = expandLinkResponseFiles(Argv);
  auto Result = [&] {
    return graphLinkerNotYet(Error) ? GraphLinkResult::NotYet
                                    : GraphLinkResult::Failed;
  };
  LinkRequestModel R;
  if (!parseLinkLine(Line, R)) {
    Error = "the link line is not one the graph linker reads (a query "
            "such as --version); use -fuse-ld=lld";
    return GraphLinkResult::NotYet;
  }
  Error = graphLinkerRefusal(R, "");
  if (!Error.empty())
    return GraphLinkResult::NotYet;
  LinkerOptions O;
  if (!parseLinkerOptions(Line, R, O, Error))
    return Result();
  prepareHeapForLink();
  // The graph lives as long as the process: freeing its hundreds of
  // thousands of pieces one by one would cost as much as a step (lld and
  // clang's cc1 end the same way).
  auto *G = new LinkGraph(Line, R, O);
  const bool Relocatable = R.OutputKind == NEVERC_LINK_OUTPUT_RELOCATABLE;
  MappedImage Out;
  if (!Relocatable && R.OutputPath != "-")
    G->ImageSink = [&](uint64_t Size, std::string &E) {
      return Out.open(R.OutputPath, Size, E);
    };
  // -r: the inputs read, then merged into one object (object_merge).
  const bool Linked = Relocatable ? runLinkStep(*G, LinkStep::InputProbe) &&
                                        runLinkStep(*G, LinkStep::ReadInputs) &&
                                        mergeObjects(*G)
                                  : linkAll(*G);
  if (!Linked) {
    Error = G->Error;
    return Result();
  }
  if (G->indexOnlyDone())
    return GraphLinkResult::Linked; // index files only, no image (lld's)
  std::vector<std::string> Texts;
  for (const SideOutput &S : R.Side)
    Texts.push_back(S.Option == "-Map" ? linkMap(*G) : G->In.whyExtract());
  std::vector<SideBytes> Side;
  for (size_t K = 0; K < R.Side.size(); ++K)
    Side.push_back({R.Side[K].FinalPath, Texts[K]});
  unsigned Committed = 0;
  return commitLinkOutputs(Side, R.OutputPath, G->imageBytes(), !Relocatable,
                           Committed, Error, &Out)
             ? GraphLinkResult::Linked
             : GraphLinkResult::Failed;
}

int linkByDefault(const std::vector<std::string> &Line,
                  int (*RunLld)(const std::vector<std::string> &)) {
  std::string Error;
  switch (linkWithGraphLinker(Line, Error)) {
  case GraphLinkResult::Linked:
    return 0;
  case GraphLinkResult::NotYet:
    return RunLld(Line); // nothing is written yet: lld makes the whole link
  case GraphLinkResult::Failed:
    break;
  }
  std::fprintf(stderr, "neverc: error: %s\n", Error.c_str());
  return 1;
}

} // namespace neverc::link
