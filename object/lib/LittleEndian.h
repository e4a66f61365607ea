//===- LittleEndian.h - appending little-endian words -----------*- C++ -*-===//
//
// What the object readers and writers build their records and files with:
// one copy for the ELF facts, the COFF/Mach-O reader and both writers.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_LIB_LITTLEENDIAN_H
#define NEVERC_OBJECT_LIB_LITTLEENDIAN_H

#include "llvm/Support/Endian.h"

#include <string>

namespace neverc::object {

inline void put16(std::string &S, uint16_t V) {
  char B[2];
  llvm::support::endian::write16le(B, V);
  S.append(B, 2);
}
inline void put32(std::string &S, uint32_t V) {
  char B[4];
  llvm::support::endian::write32le(B, V);
  S.append(B, 4);
}
inline void put64(std::string &S, uint64_t V) {
  char B[8];
  llvm::support::endian::write64le(B, V);
  S.append(B, 8);
}

} // namespace neverc::object

#endif
