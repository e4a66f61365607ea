//===- MachO.h - The built-in Mach-O writer ---------------------*- C++ -*-===//
//
// LLVM-free interface. Writes a 64-bit relocatable Mach-O object (x86-64,
// ARM64) from a graph the Mach-O reader (Foreign.h) made: one unnamed
// segment with the graph's sections at addresses laid out as LLVM lays them
// out, the symbol table grouped (locals, defined externals, undefined, each
// by name) with LC_DYSYMTAB, relocations with their native type, length and
// PC-relative bit; the load commands it does not rebuild are written as
// read. Facts it cannot keep true are refused, not guessed (MachO.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_MACHO_H
#define NEVERC_OBJECT_MACHO_H

#include "neverc/object/Graph.h"

#include <string>

namespace neverc::object {

Outcome writeMachO(const Graph &G, std::string &Out);

} // namespace neverc::object

#endif
