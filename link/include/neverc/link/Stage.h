//===- neverc/link/Stage.h - A link's outputs, committed at once -*- C++
//-*-===//
//
// Every output a link writes (the image, -Map, --why-extract) is staged as
// a source::StagedFile first and committed once all are staged: a failed
// or killed link leaves no partial file, and /dev/null or a FIFO as the
// output is written in place, never replaced.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_LINK_STAGE_H
#define NEVERC_LINK_STAGE_H

#include <string>
#include <string_view>
#include <vector>

namespace neverc::link {

/// A link's outputs: the side outputs (mode 0666) and the image (0777 when
/// \p Executable, as lld creates its outputs, less the umask; "-" is
/// standard output). Every file is staged before any
/// is committed, side outputs first, the image last; \p Committed counts
/// what was published. False: \p Error says why.
struct SideBytes {
  const std::string &Path;
  std::string_view Bytes;
};
class MappedImage;
/// When \p Mapped holds \p Image (emit_image wrote it into the mapped
/// staged file), that file is committed as it is: no copy, no write.
bool commitLinkOutputs(const std::vector<SideBytes> &Side,
                       const std::string &ImagePath, std::string_view Image,
                       bool Executable, unsigned &Committed, std::string &Error,
                       MappedImage *Mapped = nullptr);

/// The image's staged file, mapped for emit_image to write into (blocks
/// reserved first, so a full disk is an error, not a SIGBUS), as lld's
/// FileOutputBuffer does: no copy of the image is built in memory and
/// written out. Discarded (file and mapping) unless commitLinkOutputs
/// commits it.
class MappedImage {
public:
  MappedImage();
  ~MappedImage();
  MappedImage(const MappedImage &) = delete;
  MappedImage &operator=(const MappedImage &) = delete;
  /// \p Bytes zero-filled bytes staged for \p Path; null with \p Error
  /// set, or null without it: declined (a device or a FIFO is written at
  /// the commit instead).
  char *open(const std::string &Path, uint64_t Bytes, std::string &Error);
  /// Whether \p Image is exactly the mapped bytes.
  bool holds(std::string_view Image) const;
  struct State;

private:
  friend bool commitLinkOutputs(const std::vector<SideBytes> &,
                                const std::string &, std::string_view, bool,
                                unsigned &, std::string &, MappedImage *);
  State *P;
};

} // namespace neverc::link

#endif
