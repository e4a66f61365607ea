//===- MachOFacts.h - What a Mach-O read keeps for the writer ---*- C++ -*-===//
//
// The reader (lib/Foreign.cpp) leaves on the graph the header's CPU and
// flags and every load command the writer does not rebuild (raw, with the
// __LINKEDIT bytes of the data commands); on each section its native
// section_64 fields ("NCXS": flags, then address, alignment, reserved1-3),
// on each symbol its nlist_64 ("NCXM"), on each relocation its
// relocation_info (after the "NCXR" record).
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_LIB_MACHO_MACHOFACTS_H
#define NEVERC_OBJECT_LIB_MACHO_MACHOFACTS_H

#include "neverc/object/Graph.h"

#include <string>
#include <vector>

namespace neverc::object {

class MachONative final : public FormatState {
public:
  FormatID format() const override { return MachOFormat; }
  uint32_t CpuType = 0, CpuSubType = 0, Flags = 0;
  struct Command {
    uint32_t Cmd = 0;
    std::string Bytes;    ///< the whole command as read
    std::string Linkedit; ///< a linkedit_data_command's data
  };
  std::vector<Command> Commands; ///< in file order
};

} // namespace neverc::object

#endif
