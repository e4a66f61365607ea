//===- ForeignFacts.h - the COFF/Mach-O read's records ----------*- C++ -*-===//
//
// The "NCXS" (section) and "NCXR" (relocation) records the COFF/Mach-O
// reader leaves (lib/Foreign.cpp): tag, version, native flags or type,
// name length and name, then what the format's writer needs back. One
// parser for both writers.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_LIB_FOREIGNFACTS_H
#define NEVERC_OBJECT_LIB_FOREIGNFACTS_H

#include "neverc/object/Graph.h"

#include "llvm/Support/Endian.h"

#include <optional>
#include <string_view>

namespace neverc::object {

struct ForeignRecord {
  uint32_t Native = 0;   ///< section flags/characteristics, relocation type
  std::string_view Tail; ///< the writer's facts after the name
};

/// \p E as a record of \p Tag from a read of format \p F (none: another
/// record, or none).
inline std::optional<ForeignRecord>
foreignRecord(const Extension &E, FormatID F, std::string_view Tag) {
  std::string_view B = E.bytes();
  if (E.owner() != F || B.size() < 16 || B.substr(0, 4) != Tag)
    return std::nullopt;
  uint32_t NameLen = llvm::support::endian::read32le(B.data() + 12);
  if (B.size() < 16 + uint64_t(NameLen))
    return std::nullopt;
  return ForeignRecord{llvm::support::endian::read32le(B.data() + 8),
                       B.substr(16 + NameLen)};
}

} // namespace neverc::object

#endif
