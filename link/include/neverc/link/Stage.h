//===- neverc/link/Stage.h - A link's outputs, staged then committed -*- C++
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

#include "neverc/source/StagedFile.h"

#include <optional>
#include <string>
#include <string_view>

namespace neverc::link {

/// Writes \p Bytes to a staged file for \p Path (committed by the
/// caller): mode 0777 for an executable or shared library, else 0666, less
/// the umask, as lld creates its outputs. False: \p Error says why.
bool stageOutput(const std::string &Path, std::string_view Bytes,
                 bool Executable, std::optional<source::StagedFile> &Out,
                 std::string &Error);

} // namespace neverc::link

#endif
