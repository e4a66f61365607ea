//===- Archive.h - Archive members taken apart and put back ----*- C++ -*-===//
//
// LLVM-free interface. An archive on a link line is taken apart so each of
// its relocatable members can go through the object pipeline, then put
// back: the original bytes when no member changed, else an archive of the
// same kind that LLVM's archive writer makes, with every member's name and
// metadata as they were, the changed members' new bytes, and the symbol
// table computed again (the one it had described the old members).
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_ARCHIVE_H
#define NEVERC_OBJECT_ARCHIVE_H

#include <memory>
#include <string>
#include <string_view>

namespace neverc::object {

/// Whether \p Bytes start like an archive (GNU, BSD, COFF, or thin).
bool isArchive(std::string_view Bytes);

class ArchiveRewrite {
public:
  /// \p Bytes must outlive the rewrite. Null with \p Error for a
  /// malformed archive, or with \p Thin set for a thin one (its members
  /// are other files).
  static std::unique_ptr<ArchiveRewrite> open(std::string_view Bytes,
                                              std::string &Error, bool &Thin);
  ~ArchiveRewrite();

  size_t size() const;
  std::string_view name(size_t Member) const;
  std::string_view bytes(size_t Member) const;
  /// A relocatable object (ELF, COFF or Mach-O): what the pipeline takes.
  bool isObject(size_t Member) const;
  /// The member's bytes from now on (unchanged bytes are not a change).
  void replace(size_t Member, std::string Bytes);
  bool changed() const;
  /// The archive, as said at the top. False with \p Error.
  bool write(std::string &Out, std::string &Error) const;

  struct Impl;

private:
  explicit ArchiveRewrite(std::unique_ptr<Impl> P);
  std::unique_ptr<Impl> P;
};

} // namespace neverc::object

#endif
