//===- COFF.h - The built-in COFF writer ------------------------*- C++ -*-===//
//
// LLVM-free interface. Writes a relocatable COFF object (x86-64, ARM64,
// i386) from a graph: what the COFF read left on the entities (readForeign:
// the section characteristics and original number, "NCXS"; each symbol's
// storage class, type, section number, index and aux records, "NCXY") is
// written back, renumbered where the graph changed; what a plugin built
// gets the characteristics, storage class and aux records LLVM's own COFF
// writer would give it.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_COFF_H
#define NEVERC_OBJECT_COFF_H

#include "neverc/object/Graph.h"

#include <string>

namespace neverc::object {

/// \p G (a COFF graph, or one a plugin built for a COFF target) →
/// \p Out. Unsupported: another machine, a relocation that is neither a
/// COFF type nor one of the generic kinds COFF spells (x86-64: 8- and
/// 4-byte absolute, 4-byte PC-relative, image- and section-relative),
/// a relocation against anything but a symbol, more than 0x7fff sections.
Outcome writeCOFF(const Graph &G, std::string &Out);

} // namespace neverc::object

#endif
