//===- Request.h - What a GNU ld command line asks for ----------*- C++ -*-===//
//
// LLVM-free. The link request read from the command line clang's driver
// builds for ld.lld (GNU ld syntax): output, kind, the options the plugin
// request has fields for, the inputs in order with their flags, and the
// side outputs. Used by the link phases and by tools that drive lld.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_LINK_REQUEST_H
#define NEVERC_LINK_REQUEST_H

#include "neverc/Plugin/PluginLink.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace neverc::link {

/// A file lld writes besides the image (-Map, --why-extract, ...): lld
/// writes it into the staging directory; commit renames it into place.
struct SideOutput {
  std::string Option;     ///< the option that names it ("-Map", ...)
  std::string FinalPath;  ///< where the user wants it
  std::string StagedPath; ///< where lld writes it
};

/// One input of the command line, in order (NevercRawLinkInput).
struct RawInput {
  uint32_t Kind = NEVERC_LINK_INPUT_UNKNOWN;
  uint64_t Flags = 0;
  uint64_t Ordinal = 0; ///< position on lld's command line
  std::string URI;      ///< as given (a -l name resolved through -L)
  bool ByName = false;  ///< found through -l
};

/// What lld's command line asks for (Request.cpp).
struct LinkRequestModel {
  std::string OutputPath = "a.out";
  uint32_t OutputKind = NEVERC_LINK_OUTPUT_EXECUTABLE;
  uint64_t Flags = 0; ///< NEVERC_LINK_OPTION_*
  std::string Entry, Soname;
  uint64_t ImageBase = 0, PageSize = 0;
  uint32_t Threads = 0;
  std::vector<std::string> SearchPaths, Libraries;
  std::vector<RawInput> Inputs;
  std::vector<SideOutput> Side;
};

/// Reads lld's command line (after @file expansion); -r makes the output
/// kind RELOCATABLE (neverc.link.object_merge). False when the command
/// line only asks lld something (--version, --help, -v with no input).
bool parseLinkLine(const std::vector<std::string> &Argv, LinkRequestModel &R);
/// Whether the link reads bitcode (LTO): an input that is bitcode, or an
/// archive with a bitcode member (only the member headers are read).
bool linkHasBitcode(const LinkRequestModel &R);
/// Whether \p Option (as spelled on the line, dashes included) takes its
/// value as the next argument in lld 22's GNU syntax.
bool linkOptionTakesValue(std::string_view Option);
/// lld's command line with -o and the side outputs pointed into \p Dir
/// (the image becomes Dir/image). Fills the StagedPath of R.Side.
std::vector<std::string> stagedLinkLine(const std::vector<std::string> &Argv,
                                        LinkRequestModel &R,
                                        const std::string &Dir,
                                        std::string &StagedImage);

} // namespace neverc::link

#endif
