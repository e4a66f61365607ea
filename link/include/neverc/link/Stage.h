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
bool commitLinkOutputs(const std::vector<SideBytes> &Side,
                       const std::string &ImagePath, std::string_view Image,
                       bool Executable, unsigned &Committed,
                       std::string &Error);

} // namespace neverc::link

#endif
