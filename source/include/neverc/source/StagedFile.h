//===- neverc/source/StagedFile.h - An output named only on commit -*- C++ -*-===//
//
// Every output neverc writes itself (cc1's objects, assembly, -E text, LLVM
// IR and dependency files through installAtomicOutputs; the integrated
// assembler's objects) is written to a StagedFile. On Linux it is an
// unnamed O_TMPFILE inode in the output's directory: until commit() there is
// no directory entry at all, so a compile that fails, or is killed even with
// SIGKILL, leaves neither a partial output nor a temporary behind. commit()
// gives the inode a unique name (linkat through /proc/self/fd) and renames
// it over the output, so readers see the old file or the whole new one.
// Where O_TMPFILE is unavailable (filesystem without support, no /proc),
// the fallback is a named temporary "<output>-XXXXXXXX.tmp" removed on
// failure and on catchable signals.
//
// Only regular files are staged. An output path that exists and is not a
// regular file once symlinks are followed (/dev/null, a FIFO, a socket, a
// terminal) is opened and written in place, as clang-22 does: renaming over
// it would replace a device node with a regular file. Such an output cannot
// be taken back, so discard() only closes it.
//
// Symlinks: clang-22's cc1 outputs (objects, -S, -E) are renamed over the
// link itself, replacing it with a regular file, while its integrated
// assembler and dependency files write through the link. SymlinkPolicy
// picks one; Follow stages beside the link's final target and renames over
// that target, so the link stays and still changes atomically.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_SOURCE_STAGEDFILE_H
#define NEVERC_SOURCE_STAGEDFILE_H

#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace neverc::source {

class StagedFile {
public:
  enum class SymlinkPolicy {
    Replace, ///< a symlink at Path is replaced by the new file
    Follow,  ///< the file the symlink chain ends at is replaced
  };

  /// Stages a new file for Path (not "-"). Fails like opening Path would
  /// (missing directory, permissions, a directory in the way).
  static llvm::Expected<StagedFile>
  create(const std::string &Path,
         SymlinkPolicy Links = SymlinkPolicy::Replace);

  StagedFile(StagedFile &&Other) noexcept;
  StagedFile &operator=(StagedFile &&Other) noexcept;
  StagedFile(const StagedFile &) = delete;
  StagedFile &operator=(const StagedFile &) = delete;
  ~StagedFile(); ///< discards what was not committed

  /// The descriptor to write to (owned by this object).
  int fd() const;
  /// True when the staged data has no name until commit (O_TMPFILE).
  bool unnamed() const;
  /// True when Path is not a regular file and is written in place.
  bool inPlace() const;

  /// Makes the written data the file at Path, atomically. Once only.
  llvm::Error commit();
  /// Drops the data; Path is left as it was.
  void discard();

private:
  struct State;
  explicit StagedFile(std::unique_ptr<State> S);
  std::unique_ptr<State> S;
};

} // namespace neverc::source

#endif
