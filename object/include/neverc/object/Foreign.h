//===- Foreign.h - COFF and Mach-O objects read into the graph --*- C++ -*-===//
//
// LLVM-free interface. Relocatable COFF and Mach-O objects read through
// llvm::object's generic view (normalized sections, symbols, relocations;
// native flags and relocation types in NCXS/NCXR records; for COFF also
// the section numbers and data offsets and each symbol's native record,
// NCXY, which the COFF writer (COFF.h) needs). Mach-O has no writer yet:
// the object domain writes such a graph back only when nothing changed it.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_FOREIGN_H
#define NEVERC_OBJECT_FOREIGN_H

#include "neverc/object/Graph.h"

#include <string_view>

namespace neverc::object {

/// COFF or Mach-O relocatable → \p G (empty).
Outcome readForeign(std::string_view Bytes, Graph &G);

} // namespace neverc::object

#endif
