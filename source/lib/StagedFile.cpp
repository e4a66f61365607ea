//===- StagedFile.cpp - An output named only on commit --------------------===//
#include "neverc/source/StagedFile.h"

#include "llvm/Support/Errc.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace neverc::source {

struct StagedFile::State {
  std::string Path;                            // what commit() replaces
  int FD = -1;                                 // the O_TMPFILE inode
  std::optional<llvm::sys::fs::TempFile> Temp; // the named fallback
  bool InPlace = false; // FD is Path itself (not a regular file)
};

namespace {

llvm::Error errnoError(const llvm::Twine &What, int Errno) {
  return llvm::createStringError(std::error_code(Errno, std::generic_category()),
                                 What + ": " + std::strerror(Errno));
}

/// An unnamed inode in Path's directory, or -1 with errno set. O_TMPFILE
/// needs both kernel and filesystem support, and the commit needs /proc.
int openUnnamed(const std::string &Path) {
#ifdef O_TMPFILE
  if (::access("/proc/self/fd", X_OK) != 0)
    return -1;
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  std::string D = Dir.empty() ? std::string(".") : Dir.str();
  // The mode is filtered by the umask, as for any newly created output.
  // Read and write: a linker maps it to write the image in place.
  return ::open(D.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
#else
  errno = EOPNOTSUPP;
  return -1;
#endif
}

/// The path a chain of symlinks starting at Path ends at (Path itself when
/// it is no symlink). A dangling chain ends at the missing file, which
/// opening the link would create. ELOOP past 40 links, as the kernel.
llvm::Expected<std::string> finalTarget(const std::string &Path) {
  std::string P = Path;
  for (int Hops = 0; Hops < 40; ++Hops) {
    struct stat St;
    if (::lstat(P.c_str(), &St) != 0 || !S_ISLNK(St.st_mode))
      return P;
    char Buf[4096];
    ssize_t N = ::readlink(P.c_str(), Buf, sizeof Buf);
    if (N < 0 || N == ssize_t(sizeof Buf))
      return errnoError("cannot resolve '" + Path + "'",
                        N < 0 ? errno : ENAMETOOLONG);
    llvm::StringRef Link(Buf, size_t(N));
    if (llvm::sys::path::is_absolute(Link)) {
      P = Link.str();
    } else {
      llvm::SmallString<256> Next(llvm::sys::path::parent_path(P));
      llvm::sys::path::append(Next, Link);
      P = std::string(Next);
    }
  }
  return errnoError("cannot resolve '" + Path + "'", ELOOP);
}

} // namespace

StagedFile::StagedFile(std::unique_ptr<State> S) : S(std::move(S)) {}
StagedFile::StagedFile(StagedFile &&Other) noexcept = default;
StagedFile &StagedFile::operator=(StagedFile &&Other) noexcept {
  if (this != &Other) {
    discard();
    S = std::move(Other.S);
  }
  return *this;
}
StagedFile::~StagedFile() { discard(); }

llvm::Expected<StagedFile> StagedFile::create(const std::string &Path,
                                              SymlinkPolicy Links) {
  auto S = std::make_unique<State>();
  if (Links == SymlinkPolicy::Follow) {
    llvm::Expected<std::string> T = finalTarget(Path);
    if (!T)
      return T.takeError();
    S->Path = std::move(*T);
  } else {
    S->Path = Path;
  }
  // stat() follows links: a link to /dev/null is written through, like
  // the device itself.
  struct stat St;
  if (::stat(S->Path.c_str(), &St) == 0 && !S_ISREG(St.st_mode)) {
    S->FD = ::open(S->Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
                   0666);
    if (S->FD < 0)
      return errnoError("cannot open '" + Path + "'", errno);
    S->InPlace = true;
    return StagedFile(std::move(S));
  }
  S->FD = openUnnamed(S->Path);
  if (S->FD >= 0)
    return StagedFile(std::move(S));
  // A missing or unwritable directory fails here exactly as it would for
  // the output itself; anything else means "no O_TMPFILE here".
  const int E = errno;
  if (E == ENOENT || E == ENOTDIR || E == EACCES || E == EROFS)
    return errnoError("cannot create '" + Path + "'", E);
  llvm::Expected<llvm::sys::fs::TempFile> T =
      llvm::sys::fs::TempFile::create(S->Path + "-%%%%%%%%.tmp");
  if (!T)
    return T.takeError();
  S->Temp.emplace(std::move(*T));
  return StagedFile(std::move(S));
}

int StagedFile::fd() const {
  if (!S)
    return -1;
  return S->Temp ? S->Temp->FD : S->FD;
}

bool StagedFile::unnamed() const { return S && S->FD >= 0 && !S->InPlace; }

bool StagedFile::inPlace() const { return S && S->InPlace; }

llvm::Error StagedFile::commit() {
  if (!S)
    return llvm::createStringError(llvm::errc::invalid_argument,
                                   "staged output already committed");
  std::unique_ptr<State> Done = std::move(S);
  if (Done->Temp)
    return Done->Temp->keep(Done->Path);
  if (Done->InPlace) {
    // The data is already there; a device or pipe reports write-back
    // errors at close.
    if (::close(Done->FD) != 0)
      return errnoError("cannot write '" + Done->Path + "'", errno);
    return llvm::Error::success();
  }
  // linkat() cannot replace an existing file: link under a fresh unique
  // name beside the output, then rename that over the output. The named
  // window is the two system calls, not the compile.
  const std::string Proc = "/proc/self/fd/" + std::to_string(Done->FD);
  llvm::SmallString<256> Tmp;
  int Err = EEXIST;
  for (int Attempt = 0; Attempt < 64 && Err == EEXIST; ++Attempt) {
    llvm::sys::fs::createUniquePath(Done->Path + "-%%%%%%%%.tmp", Tmp,
                                    /*MakeAbsolute=*/false);
    Err = ::linkat(AT_FDCWD, Proc.c_str(), AT_FDCWD, Tmp.c_str(),
                   AT_SYMLINK_FOLLOW) == 0
              ? 0
              : errno;
  }
  ::close(Done->FD);
  if (Err)
    return errnoError("cannot name '" + Done->Path + "'", Err);
  if (::rename(Tmp.c_str(), Done->Path.c_str()) != 0) {
    const int E = errno;
    ::unlink(Tmp.c_str());
    return errnoError("cannot rename to '" + Done->Path + "'", E);
  }
  return llvm::Error::success();
}

void StagedFile::discard() {
  if (!S)
    return;
  if (S->Temp)
    llvm::consumeError(S->Temp->discard());
  else if (S->FD >= 0)
    ::close(S->FD); // an unnamed inode is gone; an in-place output stays
  S.reset();
}

} // namespace neverc::source
