//===- Arch.h - What differs between the graph linker's targets -*- C++ -*-===//
//
// The steps are one linker for every target; what a target changes is here,
// one file per target in arch/ (mold's shape): what each relocation type
// asks of synthesize, how relocate writes it, the dynamic relocation types,
// the PLT's code, the page size and the TLS layout. synthesize and relocate
// ask the target only through this table.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_LINK_LIB_GRAPH_ARCH_H
#define NEVERC_LINK_LIB_GRAPH_ARCH_H

#include "Steps.h"

#include <string>
#include <vector>

namespace neverc::link::graph {

/// What a relocation asks of synthesize; the same on every target.
enum class RelocNeed : uint8_t {
  None,   ///< nothing (a TLS offset, a size, a GOT-relative value)
  Call,   ///< a call or jump: a PLT entry when the callee is preemptible
  Direct, ///< the address, PC-relative or a page's low bits: an import
          ///< needs a copy or a canonical PLT entry
  Narrow, ///< an absolute value narrower than a pointer: never in PIC
  Word,   ///< a pointer-sized absolute word: a dynamic relocation if need be
  Got,    ///< a GOT slot holding the address
  TlsGd,  ///< a general-dynamic pair of GOT slots
  TlsLd,  ///< the module's local-dynamic pair
  TlsIe,  ///< an initial-exec GOT slot (the TP offset)
  TlsLe,  ///< a local-exec TP offset: executables only
  TlsDesc, ///< a TLS descriptor: an executable relaxes it to IE or LE
  Unsupported,
};

struct Relocator;

/// One relocation being applied, with what the target-independent part of
/// relocate worked out.
struct RelocSite {
  const object::Relocation &Rel;
  const Atom &At;
  uint64_t Offset; ///< in the atom
  uint32_t Type;
  const Target &T;
  uint64_t S; ///< the target's address
  int64_t A;  ///< the addend
  uint64_t P; ///< the place's address
  SectionBytes B;
  size_t Pos; ///< the place's offset in B
  bool Alloc;
};

struct TargetArch {
  const char *Name;      ///< "x86-64", "AArch64"
  const char *Emulation; ///< -m's name
  uint16_t Machine;
  uint64_t MaxPageSize;
  char CodeFill;       ///< gaps in code (a trap)
  bool TlsVariant1;    ///< the TP precedes the TLS block (else follows it)
  bool GotSymbolInGot; ///< _GLOBAL_OFFSET_TABLE_ is .got's (else .got.plt's)
  uint32_t UnwindType; ///< the output type of .eh_frame
  struct {
    uint32_t None, Abs64, Relative, GlobDat, JumpSlot, Copy, IRelative,
        DtpMod64, DtpOff64, TpOff64, TlsDesc;
  } Dyn;
  unsigned PltHeaderSize, PltEntrySize, IpltEntrySize;
  RelocNeed (*need)(uint32_t Type);
  /// The bytes a relocation patches (what must lie inside its section).
  unsigned (*width)(uint32_t Type);
  void (*apply)(Relocator &R, const RelocSite &Site);
  void (*writePltHeader)(char *Buf, uint64_t Plt, uint64_t GotPlt);
  /// Entry \p Index at \p Entry, jumping through its .got.plt \p Slot.
  void (*writePltEntry)(char *Buf, uint64_t Entry, uint64_t Slot,
                        uint64_t Plt, uint32_t Index);
  void (*writeIpltEntry)(char *Buf, uint64_t Entry, uint64_t Slot);
  /// What a lazily bound .got.plt slot holds before its first call.
  uint64_t (*lazySlot)(uint64_t Entry, uint64_t Plt);
  /// A call's reach either way (0: every call reaches), and the thunk that
  /// extends it: ThunkSize bytes at \p At jumping to \p Dest (Absolute:
  /// an address no load moves, in a position-independent image).
  uint64_t BranchRange;
  unsigned ThunkSize;
  void (*writeThunk)(char *Buf, uint64_t At, uint64_t Dest, bool Absolute);
  /// Whether the GOT load of \p T that relocation type \p Type patches at
  /// \p Offset in \p Bytes (its atom's) is relaxed to a direct reference,
  /// so that it needs no GOT slot (null: none is; synthesize asks once the
  /// exports are known, relocate the same).
  bool (*gotRelaxable)(const LinkGraph &G, const Target &T, uint32_t Type,
                       std::string_view Bytes, uint64_t Offset);
};

extern const TargetArch X86_64Target;  // arch/X86_64.cpp
extern const TargetArch AArch64Target; // arch/AArch64.cpp

/// The target of an e_machine (nullptr: not linked by the graph linker).
const TargetArch *targetArchOf(uint16_t Machine);
/// The target -m names (nullptr: none).
const TargetArch *targetArchOfEmulation(const std::string &Emulation);
/// layout's range thunks (Thunks.cpp): after addresses are known, a call
/// out of reach gets a thunk next to its caller. True: thunks were added
/// and layout must run again.
bool addRangeThunks(LinkGraph &G);
/// Where a call to \p T goes: its PLT entry when the dynamic linker binds
/// it, else the target itself.
uint64_t callTarget(const LinkGraph &G, const Target &T);
/// read_inputs: the link's target, from -m and the objects' e_machine.
bool pickTarget(LinkGraph &G);
/// "R_AARCH64_CALL26", for messages.
std::string relocTypeName(const LinkGraph &G, uint32_t Type);

/// What a target's apply asks of the relocator.
struct Relocator {
  LinkGraph &G;
  std::string Errors;
  unsigned ErrorCount = 0;
  std::vector<DynReloc> Dyn;
  /// Decodes the debug sections' raw relocations (one for the link).
  object::DeferredRelocations Raw;

  void error(const std::string &Msg) {
    if (ErrorCount++ < 20)
      Errors += (Errors.empty() ? "" : "\n") + Msg;
  }
  uint32_t dynIndex(int32_t Global) const {
    return Global >= 0 && G.Globals[size_t(Global)].DynIndex > 0
               ? uint32_t(G.Globals[size_t(Global)].DynIndex)
               : 0;
  }
  /// A TLS address's offset from the thread pointer (an executable's).
  uint64_t tpOffset(uint64_t Address) const;
  uint64_t gotSlotFor(const Target &T, GotSlot::Kind K) const;
  /// Where a call goes: the callee, its PLT entry when it is bound at load
  /// time, or (an undefined weak) the call itself.
  uint64_t callDestination(const RelocSite &X) const;
  /// A call to an undefined weak function (each target says where it goes).
  bool callsNothing(const RelocSite &X) const;
  /// Whether \p V fits \p Bits (signed or not); else an error at the place.
  bool fits(const RelocSite &X, int64_t V, unsigned Bits, bool Signed);
  /// Writes a 64-bit word, with the dynamic relocation it needs.
  void word64(const RelocSite &X);
  void unsupported(const RelocSite &X);

  void apply(SectionBytes B, uint32_t A);
  void fillGot();
  void fillIplt();
  void fillPlt();
  void fillDynamic();
  void fillEhFrameHdr();
};

/// A local GOT slot's key: its target atom and offset, and its kind.
inline uint64_t localGotKey(const Target &T, GotSlot::Kind K) {
  return uint64_t(uint32_t(T.Atom)) << 35 ^ (T.Offset << 3) ^ uint64_t(K);
}
inline bool inRange(int64_t V, unsigned Bits, bool Signed) {
  if (Bits >= 64)
    return true;
  if (Signed)
    return V >= -(int64_t(1) << (Bits - 1)) && V < (int64_t(1) << (Bits - 1));
  return uint64_t(V) < (uint64_t(1) << Bits);
}
inline void put16(SectionBytes B, size_t Off, uint16_t V) {
  std::memcpy(B.P + Off, &V, 2);
}

} // namespace neverc::link::graph

#endif
