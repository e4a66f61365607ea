//===- Image.h - What a linked ELF image says of itself ---------*- C++ -*-===//
//
// LLVM-free. The segments, sections, entry, base and dynamic counts of a
// linked image, read from its bytes: what NevercBinaryImageInfo and its
// pagers report, and what the host's image audit checks.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_LINK_IMAGE_H
#define NEVERC_LINK_IMAGE_H

#include "neverc/Plugin/PluginLink.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace neverc::link {

/// What a linked ELF image says of itself (Image.cpp).
struct SegmentFact {
  uint32_t Type = 0; ///< p_type
  std::string Name;  ///< segmentTypeName(Type)
  uint64_t Flags = 0; ///< NEVERC_BINARY_SEGMENT_*
  uint64_t Address = 0, MemorySize = 0, FileOffset = 0, FileSize = 0,
           Alignment = 0;
};
struct SectionFact {
  std::string Name;
  uint32_t Kind = 0;  ///< object schema section kind
  uint64_t Flags = 0; ///< NEVERC_OBJECT_SECTION_*
  uint64_t Address = 0, MemorySize = 0, FileOffset = 0, FileSize = 0,
           Alignment = 0;
  int64_t Segment = -1; ///< the PT_LOAD holding it
};
struct ImageFacts {
  uint16_t ElfType = 0, Machine = 0;
  uint64_t Entry = 0, ImageBase = 0;
  uint64_t Imports = 0, Exports = 0, DynamicRelocations = 0;
  std::vector<SegmentFact> Segments;
  std::vector<SectionFact> Sections;
};
/// Reads \p Bytes as a 64-bit little-endian ELF image. False: \p Error
/// says what is wrong with it.
bool readImageFacts(std::string_view Bytes, ImageFacts &F, std::string &Error);
/// The name of a segment type (PT_LOAD, ...; "PT_0x..." for others).
std::string segmentTypeName(uint32_t Type);

} // namespace neverc::link

#endif
