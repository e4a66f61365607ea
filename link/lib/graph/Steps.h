//===- Steps.h - The graph linker's steps, one per file ---------*- C++ -*-===//
#ifndef NEVERC_LINK_LIB_GRAPH_STEPS_H
#define NEVERC_LINK_LIB_GRAPH_STEPS_H

#include "neverc/link/LinkGraph.h"
#include "neverc/object/ELF.h"

#include <cstring>

namespace neverc::link::graph {

bool resolveLto(LinkGraph &G);     // LTO.cpp
bool generateLto(LinkGraph &G);    // LTO.cpp
bool resolveSymbols(LinkGraph &G); // Resolve.cpp
bool selectComdat(LinkGraph &G);   // Resolve.cpp
bool collectGarbage(LinkGraph &G); // GC.cpp
bool foldIdentical(LinkGraph &G);  // GC.cpp
bool synthesize(LinkGraph &G);     // Synthetic.cpp
bool layout(LinkGraph &G);         // Layout.cpp
/// What layout made, undone (a rewind, or layout again with thunks).
void clearLayout(LinkGraph &G);    // Steps.cpp
bool relocate(LinkGraph &G);       // Relocate.cpp
bool emitImage(LinkGraph &G);      // Emit.cpp
/// emit_image's first half: .symtab, .strtab and .shstrtab added, every
/// file offset and the image's size set (LinkGraph::ImagePlanned).
bool planImage(LinkGraph &G); // Emit.cpp

/// What a relocation refers to, as the later steps need it.
struct Target {
  int32_t Global = -1; ///< the global symbol (-1: a local or a section)
  const object::Symbol *Sym = nullptr;
  int32_t Atom = -1;      ///< the atom it lies in (-1: none in the image)
  uint64_t Offset = 0;    ///< its offset in that atom
  bool Imported = false;  ///< a shared library's definition
  bool Undefined = false; ///< nothing defines it (UndefinedWeak: allowed)
  bool UndefinedWeak = false;
  bool Absolute = false; ///< SHN_ABS: no relocation in a PIE
};
/// \p Key: what a plugin's retarget of \p R is kept under (null: &R; a
/// debug section's raw relocation, decoded: its Elf64_Rela entry).
Target targetOf(const LinkGraph &G, uint32_t Object,
                const object::Relocation &R, const void *Key = nullptr);
/// The address of a target (after layout); an undefined weak is 0.
uint64_t targetAddress(const LinkGraph &G, const Target &T);
/// Whether an absolute 64-bit word holding \p T's address needs a dynamic
/// relocation (symbolic: imported; RELATIVE: any image address in a PIE).
inline bool word64NeedsDynamic(const LinkGraph &G, const Target &T) {
  return G.dynamicTarget(T.Global) || (G.pic() && !T.Absolute && !T.Undefined);
}
/// The dynamic relocation a .got slot needs (0: none, its value is known
/// at link time), and whether it names its symbol.
uint32_t gotSlotRelocation(const LinkGraph &G, const GotSlot &S,
                           bool &Symbolic);
bool assignVersions(LinkGraph &G); // Versions.cpp

/// The STT_* of a symbol type (Emit.cpp's symbol table and .dynsym).
uint8_t elfSymbolType(object::SymbolType T);

/// The name of an atom's section ("COMMON" for a common symbol's).
inline const std::string &atomName(const Atom &A) {
  static const std::string Common = "COMMON";
  return A.Sec ? A.Sec->Name : Common;
}
/// The output section an input section's name goes to (lld's rules).
std::string outputNameOf(const std::string &Name, uint64_t ShFlags);

inline uint64_t alignTo(uint64_t V, uint64_t A) {
  return A > 1 ? (V + A - 1) & ~(A - 1) : V;
}
inline void put16(std::string &B, size_t Off, uint16_t V) {
  std::memcpy(&B[Off], &V, 2);
}
inline void put32(std::string &B, size_t Off, uint32_t V) {
  std::memcpy(&B[Off], &V, 4);
}
inline void put64(std::string &B, size_t Off, uint64_t V) {
  std::memcpy(&B[Off], &V, 8);
}
/// The bytes of an output section being written: its Data, or its place
/// in an image emit_image's sink already holds (the standalone route).
struct SectionBytes {
  char *P = nullptr;
  size_t N = 0;
  char &operator[](size_t I) const { return P[I]; }
  size_t size() const { return N; }
};
inline void put32(SectionBytes B, size_t Off, uint32_t V) {
  std::memcpy(B.P + Off, &V, 4);
}
inline void put64(SectionBytes B, size_t Off, uint64_t V) {
  std::memcpy(B.P + Off, &V, 8);
}
inline void put16(char *B, size_t Off, uint16_t V) {
  std::memcpy(B + Off, &V, 2);
}
inline void put32(char *B, size_t Off, uint32_t V) {
  std::memcpy(B + Off, &V, 4);
}
inline void put64(char *B, size_t Off, uint64_t V) {
  std::memcpy(B + Off, &V, 8);
}
inline uint32_t get32(std::string_view B, size_t Off) {
  uint32_t V;
  std::memcpy(&V, &B[Off], 4);
  return V;
}
/// "file:(section+0xoff)", as lld names a place.
std::string placeName(const LinkGraph &G, const Atom &A, uint64_t Offset);

// ELF constants the steps share (LLVM-free on purpose: the graph linker's
// headers are).
enum : uint32_t {
  SHT_PROGBITS = 1,
  SHT_SYMTAB = 2,
  SHT_STRTAB = 3,
  SHT_RELA = 4,
  SHT_HASH = 5,
  SHT_DYNAMIC = 6,
  SHT_NOTE = 7,
  SHT_NOBITS = 8,
  SHT_DYNSYM = 11,
  SHT_INIT_ARRAY = 14,
  SHT_FINI_ARRAY = 15,
  SHT_PREINIT_ARRAY = 16,
  SHT_GROUP = 17,
  SHT_X86_64_UNWIND = 0x70000001,
  SHT_GNU_HASH = 0x6ffffff6,
  SHT_GNU_verneed = 0x6ffffffe,
  SHT_GNU_versym = 0x6fffffff,
  SHT_GNU_verdef = 0x6ffffffd,
  SHT_LLVM_ADDRSIG = 0x6fff4c03,
};
enum : uint64_t {
  SHF_WRITE = 1,
  SHF_ALLOC = 2,
  SHF_EXECINSTR = 4,
  SHF_MERGE = 0x10,
  SHF_STRINGS = 0x20,
  SHF_INFO_LINK = 0x40,
  SHF_LINK_ORDER = 0x80,
  SHF_GROUP = 0x200,
  SHF_TLS = 0x400,
  SHF_GNU_RETAIN = 0x200000,
  SHF_EXCLUDE = 0x80000000,
};
enum : uint32_t {
  R_X86_64_NONE = 0,
  R_X86_64_64 = 1,
  R_X86_64_PC32 = 2,
  R_X86_64_GOT32 = 3,
  R_X86_64_PLT32 = 4,
  R_X86_64_COPY = 5,
  R_X86_64_GLOB_DAT = 6,
  R_X86_64_JUMP_SLOT = 7,
  R_X86_64_RELATIVE = 8,
  R_X86_64_GOTPCREL = 9,
  R_X86_64_32 = 10,
  R_X86_64_32S = 11,
  R_X86_64_16 = 12,
  R_X86_64_PC16 = 13,
  R_X86_64_8 = 14,
  R_X86_64_PC8 = 15,
  R_X86_64_DTPMOD64 = 16,
  R_X86_64_DTPOFF64 = 17,
  R_X86_64_TPOFF64 = 18,
  R_X86_64_TLSGD = 19,
  R_X86_64_TLSLD = 20,
  R_X86_64_DTPOFF32 = 21,
  R_X86_64_GOTTPOFF = 22,
  R_X86_64_TPOFF32 = 23,
  R_X86_64_PC64 = 24,
  R_X86_64_GOTOFF64 = 25,
  R_X86_64_GOTPC32 = 26,
  R_X86_64_GOTPC64 = 29,
  R_X86_64_SIZE32 = 32,
  R_X86_64_SIZE64 = 33,
  R_X86_64_GOTPC32_TLSDESC = 34,
  R_X86_64_TLSDESC_CALL = 35,
  R_X86_64_TLSDESC = 36,
  R_X86_64_IRELATIVE = 37,
  R_X86_64_GOTPCRELX = 41,
  R_X86_64_REX_GOTPCRELX = 42,
};
enum : uint32_t {
  PT_LOAD = 1,
  PT_DYNAMIC = 2,
  PT_INTERP = 3,
  PT_NOTE = 4,
  PT_PHDR = 6,
  PT_TLS = 7,
  PT_GNU_EH_FRAME = 0x6474e550,
  PT_GNU_STACK = 0x6474e551,
  PT_GNU_RELRO = 0x6474e552,
};
enum : int64_t {
  DT_NULL = 0,
  DT_NEEDED = 1,
  DT_PLTRELSZ = 2,
  DT_PLTGOT = 3,
  DT_HASH = 4,
  DT_STRTAB = 5,
  DT_SYMTAB = 6,
  DT_RELA = 7,
  DT_RELASZ = 8,
  DT_RELAENT = 9,
  DT_STRSZ = 10,
  DT_SYMENT = 11,
  DT_INIT = 12,
  DT_FINI = 13,
  DT_DEBUG = 21,
  DT_JMPREL = 23,
  DT_PLTREL = 20,
  DT_INIT_ARRAY = 25,
  DT_FINI_ARRAY = 26,
  DT_INIT_ARRAYSZ = 27,
  DT_FINI_ARRAYSZ = 28,
  DT_RUNPATH = 29,
  DT_FLAGS = 30,
  DT_PREINIT_ARRAY = 32,
  DT_PREINIT_ARRAYSZ = 33,
  DT_GNU_HASH = 0x6ffffef5,
  DT_VERSYM = 0x6ffffff0,
  DT_RELACOUNT = 0x6ffffff9,
  DT_FLAGS_1 = 0x6ffffffb,
  DT_VERNEED = 0x6ffffffe,
  DT_VERNEEDNUM = 0x6fffffff,
  DT_SONAME = 14,
  DT_VERDEF = 0x6ffffffc,
  DT_VERDEFNUM = 0x6ffffffd,
};

} // namespace neverc::link::graph

#endif
