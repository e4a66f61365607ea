//===- AArch64.cpp - the graph linker's AArch64 target --------------------===//
//
// The AArch64 ELF psABI (AAELF64): each relocation patches an instruction's
// immediate (ADRP's 21-bit page delta, ADD's and the loads' scaled 12-bit
// offsets, branches' word offsets) or a data word. The PLT is lld's: PLT0
// saves x16/x30 and jumps through .got.plt[2], each entry loads its slot
// into x17 with x16 holding the slot's address. TLS is variant 1: the
// thread pointer points at a 16-byte TCB the TLS block follows. In an
// executable, TLS descriptor sequences are relaxed as lld relaxes them: to
// local-exec (a movz/movk pair) for a definition of this image, to
// initial-exec (adrp/ldr of a GOT slot) for an import; a shared library
// keeps them, each a GOT pair an R_AARCH64_TLSDESC relocation fills.
//
// Not here yet, each an error naming the relocation: the small-PIC GOT
// (LD64_GOTOFF_LO15, GOT_LD_PREL19), TLS local-dynamic sequences, the
// PC-relative MOVW groups and pointer authentication (AUTH_*). Each ends
// in "use -fuse-ld=lld", so a link that did not ask for this linker goes to
// lld before anything is written. A call out of CALL26's ±128 MiB reach
// goes through a range thunk (Thunks.cpp; writeThunk here).
//
//===----------------------------------------------------------------------===//
#include "../Arch.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"

namespace neverc::link::graph {
namespace {

using namespace llvm::ELF;

uint64_t page(uint64_t V) { return V & ~uint64_t(0xfff); }

RelocNeed need(uint32_t Type) {
  switch (Type) {
  case R_AARCH64_NONE:
  case 256: // R_AARCH64_NONE's withdrawn number, still read by lld
    return RelocNeed::None;
  case R_AARCH64_ABS64:
    return RelocNeed::Word;
  case R_AARCH64_ABS32:
  case R_AARCH64_ABS16:
  case R_AARCH64_MOVW_UABS_G0:
  case R_AARCH64_MOVW_UABS_G0_NC:
  case R_AARCH64_MOVW_UABS_G1:
  case R_AARCH64_MOVW_UABS_G1_NC:
  case R_AARCH64_MOVW_UABS_G2:
  case R_AARCH64_MOVW_UABS_G2_NC:
  case R_AARCH64_MOVW_UABS_G3:
    return RelocNeed::Narrow;
  case R_AARCH64_PREL64:
  case R_AARCH64_PREL32:
  case R_AARCH64_PREL16:
  case R_AARCH64_LD_PREL_LO19:
  case R_AARCH64_ADR_PREL_LO21:
  case R_AARCH64_ADR_PREL_PG_HI21:
  case R_AARCH64_ADR_PREL_PG_HI21_NC:
  case R_AARCH64_ADD_ABS_LO12_NC:
  case R_AARCH64_LDST8_ABS_LO12_NC:
  case R_AARCH64_LDST16_ABS_LO12_NC:
  case R_AARCH64_LDST32_ABS_LO12_NC:
  case R_AARCH64_LDST64_ABS_LO12_NC:
  case R_AARCH64_LDST128_ABS_LO12_NC:
  case R_AARCH64_CONDBR19:
  case R_AARCH64_TSTBR14:
    return RelocNeed::Direct;
  case R_AARCH64_CALL26:
  case R_AARCH64_JUMP26:
    return RelocNeed::Call;
  case R_AARCH64_ADR_GOT_PAGE:
  case R_AARCH64_LD64_GOT_LO12_NC:
  case R_AARCH64_LD64_GOTPAGE_LO15:
    return RelocNeed::Got;
  case R_AARCH64_TLSGD_ADR_PAGE21:
  case R_AARCH64_TLSGD_ADD_LO12_NC:
    return RelocNeed::TlsGd;
  case R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21:
  case R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC:
    return RelocNeed::TlsIe;
  case R_AARCH64_TLSLE_MOVW_TPREL_G2:
  case R_AARCH64_TLSLE_MOVW_TPREL_G1:
  case R_AARCH64_TLSLE_MOVW_TPREL_G1_NC:
  case R_AARCH64_TLSLE_MOVW_TPREL_G0:
  case R_AARCH64_TLSLE_MOVW_TPREL_G0_NC:
  case R_AARCH64_TLSLE_ADD_TPREL_HI12:
  case R_AARCH64_TLSLE_ADD_TPREL_LO12:
  case R_AARCH64_TLSLE_ADD_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST8_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST8_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12_NC:
    return RelocNeed::TlsLe;
  case R_AARCH64_TLSDESC_ADR_PAGE21:
  case R_AARCH64_TLSDESC_LD64_LO12:
  case R_AARCH64_TLSDESC_ADD_LO12:
  case R_AARCH64_TLSDESC_CALL:
    return RelocNeed::TlsDesc;
  default:
    return RelocNeed::Unsupported;
  }
}

unsigned width(uint32_t Type) {
  switch (Type) {
  case R_AARCH64_ABS64:
  case R_AARCH64_PREL64:
    return 8;
  case R_AARCH64_ABS16:
  case R_AARCH64_PREL16:
    return 2;
  default:
    return 4;
  }
}

// Instruction fields.
void setInsn(char *Loc, uint32_t Mask, uint32_t Bits) {
  uint32_t I;
  std::memcpy(&I, Loc, 4);
  I = (I & ~Mask) | (Bits & Mask);
  std::memcpy(Loc, &I, 4);
}
/// ADR/ADRP: immlo in bits 29-30, immhi in bits 5-23.
void setAdr(char *Loc, uint64_t Imm) {
  setInsn(Loc, 0x60ffffe0,
          uint32_t((Imm & 3) << 29) | uint32_t(((Imm >> 2) & 0x7ffff) << 5));
}
/// ADD's and the loads' 12-bit immediate, bits 10-21.
void setImm12(char *Loc, uint64_t Imm) {
  setInsn(Loc, 0x003ffc00, uint32_t((Imm & 0xfff) << 10));
}
/// MOVZ/MOVK's 16-bit immediate, bits 5-20.
void setImm16(char *Loc, uint64_t Imm) {
  setInsn(Loc, 0x001fffe0, uint32_t((Imm & 0xffff) << 5));
}
void setPage(char *Loc, uint64_t Target, uint64_t P) {
  setAdr(Loc, (page(Target) - page(P)) >> 12);
}

/// The log2 of the access size a LO12 load or store scales its offset by.
unsigned lo12Scale(uint32_t Type) {
  switch (Type) {
  case R_AARCH64_LDST16_ABS_LO12_NC:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12_NC:
    return 1;
  case R_AARCH64_LDST32_ABS_LO12_NC:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12_NC:
    return 2;
  case R_AARCH64_LDST64_ABS_LO12_NC:
  case R_AARCH64_LD64_GOT_LO12_NC:
  case R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC:
  case R_AARCH64_TLSDESC_LD64_LO12:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12_NC:
    return 3;
  case R_AARCH64_LDST128_ABS_LO12_NC:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12_NC:
    return 4;
  default:
    return 0;
  }
}

void apply(Relocator &R, const RelocSite &X) {
  const LinkGraph &G = R.G;
  char *Loc = &X.B[X.Pos];
  const uint64_t P = X.P;
  const int64_t A = X.A;
  const uint64_t SA = X.S + uint64_t(A);
  // In [-2^(Bits-1), 2^Bits): either reading of the field (lld's IntUInt).
  auto IntUInt = [&](int64_t V, unsigned Bits) {
    return V >= -(int64_t(1) << (Bits - 1)) && V < (int64_t(1) << Bits)
               ? true
               : R.fits(X, V, Bits, true);
  };
  auto Aligned = [&](uint64_t V, unsigned Scale) {
    if (!(V & ((uint64_t(1) << Scale) - 1)))
      return true;
    R.error("improper alignment for relocation " + relocTypeName(G, X.Type) +
            ": 0x" + llvm::utohexstr(V) + " is not aligned to " +
            std::to_string(1u << Scale) + " bytes\n>>> at " +
            placeName(G, X.At, X.Offset));
    return false;
  };
  auto Lo12 = [&](uint64_t V) {
    const unsigned Scale = lo12Scale(X.Type);
    if (Aligned(V & 0xfff, Scale))
      setImm12(Loc, (V & 0xfff) >> Scale);
  };
  auto Branch = [&](int64_t V, unsigned Bits, uint32_t Mask, unsigned Shift) {
    if (R.fits(X, V, Bits, true) && Aligned(uint64_t(V), 2))
      setInsn(Loc, Mask, uint32_t(uint64_t(V) >> 2 << Shift));
  };
  const bool Imported =
      X.T.Global >= 0 && G.Globals[size_t(X.T.Global)].K == GlobalSym::Shared;
  switch (X.Type) {
  case R_AARCH64_ABS64:
    R.word64(X);
    break;
  case R_AARCH64_ABS32:
    if (IntUInt(int64_t(SA), 32))
      put32(X.B, X.Pos, uint32_t(SA));
    break;
  case R_AARCH64_ABS16:
    if (IntUInt(int64_t(SA), 16))
      put16(X.B, X.Pos, uint16_t(SA));
    break;
  case R_AARCH64_PREL64:
    put64(X.B, X.Pos, SA - P);
    break;
  case R_AARCH64_PREL32:
    if (IntUInt(int64_t(SA - P), 32))
      put32(X.B, X.Pos, uint32_t(SA - P));
    break;
  case R_AARCH64_PREL16:
    if (IntUInt(int64_t(SA - P), 16))
      put16(X.B, X.Pos, uint16_t(SA - P));
    break;
  case R_AARCH64_MOVW_UABS_G0:
  case R_AARCH64_MOVW_UABS_G1:
  case R_AARCH64_MOVW_UABS_G2: {
    const unsigned Shift = 16 * (X.Type - R_AARCH64_MOVW_UABS_G0) / 2;
    if (R.fits(X, int64_t(SA), Shift + 16, false))
      setImm16(Loc, SA >> Shift);
    break;
  }
  case R_AARCH64_MOVW_UABS_G0_NC:
  case R_AARCH64_MOVW_UABS_G1_NC:
  case R_AARCH64_MOVW_UABS_G2_NC:
    setImm16(Loc, SA >> (16 * (X.Type - R_AARCH64_MOVW_UABS_G0_NC) / 2));
    break;
  case R_AARCH64_MOVW_UABS_G3:
    setImm16(Loc, SA >> 48);
    break;
  case R_AARCH64_ADR_PREL_PG_HI21:
    if (R.fits(X, int64_t(page(SA) - page(P)), 33, true))
      setPage(Loc, SA, P);
    break;
  case R_AARCH64_ADR_PREL_PG_HI21_NC:
    setPage(Loc, SA, P);
    break;
  case R_AARCH64_ADR_PREL_LO21:
    if (R.fits(X, int64_t(SA - P), 21, true))
      setAdr(Loc, SA - P);
    break;
  case R_AARCH64_ADD_ABS_LO12_NC:
    setImm12(Loc, SA);
    break;
  case R_AARCH64_LDST8_ABS_LO12_NC:
  case R_AARCH64_LDST16_ABS_LO12_NC:
  case R_AARCH64_LDST32_ABS_LO12_NC:
  case R_AARCH64_LDST64_ABS_LO12_NC:
  case R_AARCH64_LDST128_ABS_LO12_NC:
    Lo12(SA);
    break;
  case R_AARCH64_CALL26:
  case R_AARCH64_JUMP26: {
    // A call to an undefined weak function goes to the next instruction.
    const uint64_t Dest =
        R.callsNothing(X) ? P + 4 - uint64_t(A) : R.callDestination(X);
    // (Out of reach, layout gave it a range thunk: Thunks.cpp.)
    Branch(int64_t(Dest + uint64_t(A) - P), 28, 0x03ffffff, 0);
    break;
  }
  case R_AARCH64_CONDBR19:
  case R_AARCH64_LD_PREL_LO19:
    Branch(int64_t(SA - P), 21, 0x00ffffe0, 5);
    break;
  case R_AARCH64_TSTBR14:
    Branch(int64_t(SA - P), 16, 0x0007ffe0, 5);
    break;
  case R_AARCH64_ADR_GOT_PAGE: {
    const uint64_t Slot = R.gotSlotFor(X.T, GotSlot::Address) + uint64_t(A);
    if (R.fits(X, int64_t(page(Slot) - page(P)), 33, true))
      setPage(Loc, Slot, P);
    break;
  }
  case R_AARCH64_LD64_GOT_LO12_NC:
    Lo12(R.gotSlotFor(X.T, GotSlot::Address) + uint64_t(A));
    break;
  case R_AARCH64_LD64_GOTPAGE_LO15: {
    const uint64_t Base = page(G.Sections[size_t(G.S.Got)].Address);
    const uint64_t V =
        R.gotSlotFor(X.T, GotSlot::Address) + uint64_t(A) - Base;
    if (R.fits(X, int64_t(V), 15, false) && Aligned(V, 3))
      setImm12(Loc, V >> 3);
    break;
  }
  case R_AARCH64_TLSGD_ADR_PAGE21:
    setPage(Loc, R.gotSlotFor(X.T, GotSlot::TlsModule) + uint64_t(A), P);
    break;
  case R_AARCH64_TLSGD_ADD_LO12_NC:
    setImm12(Loc, R.gotSlotFor(X.T, GotSlot::TlsModule) + uint64_t(A));
    break;
  case R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21:
    setPage(Loc, R.gotSlotFor(X.T, GotSlot::TpOffset) + uint64_t(A), P);
    break;
  case R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC:
    Lo12(R.gotSlotFor(X.T, GotSlot::TpOffset) + uint64_t(A));
    break;
  case R_AARCH64_TLSLE_MOVW_TPREL_G2:
  case R_AARCH64_TLSLE_MOVW_TPREL_G1:
  case R_AARCH64_TLSLE_MOVW_TPREL_G0: {
    const unsigned Shift =
        X.Type == R_AARCH64_TLSLE_MOVW_TPREL_G2   ? 32
        : X.Type == R_AARCH64_TLSLE_MOVW_TPREL_G1 ? 16
                                                  : 0;
    const uint64_t V = R.tpOffset(X.S) + uint64_t(A);
    if (R.fits(X, int64_t(V), Shift + 16, false))
      setImm16(Loc, V >> Shift);
    break;
  }
  case R_AARCH64_TLSLE_MOVW_TPREL_G1_NC:
    setImm16(Loc, (R.tpOffset(X.S) + uint64_t(A)) >> 16);
    break;
  case R_AARCH64_TLSLE_MOVW_TPREL_G0_NC:
    setImm16(Loc, R.tpOffset(X.S) + uint64_t(A));
    break;
  case R_AARCH64_TLSLE_ADD_TPREL_HI12: {
    const uint64_t V = R.tpOffset(X.S) + uint64_t(A);
    if (R.fits(X, int64_t(V), 24, false))
      setImm12(Loc, V >> 12);
    break;
  }
  case R_AARCH64_TLSLE_ADD_TPREL_LO12:
  case R_AARCH64_TLSLE_ADD_TPREL_LO12_NC: {
    const uint64_t V = R.tpOffset(X.S) + uint64_t(A);
    if (X.Type == R_AARCH64_TLSLE_ADD_TPREL_LO12_NC ||
        R.fits(X, int64_t(V), 12, false))
      setImm12(Loc, V);
    break;
  }
  case R_AARCH64_TLSLE_LDST8_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12: {
    const uint64_t V = R.tpOffset(X.S) + uint64_t(A);
    if (R.fits(X, int64_t(V), 12, false))
      Lo12(V);
    break;
  }
  case R_AARCH64_TLSLE_LDST8_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST16_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST32_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST64_TPREL_LO12_NC:
  case R_AARCH64_TLSLE_LDST128_TPREL_LO12_NC:
    Lo12(R.tpOffset(X.S) + uint64_t(A));
    break;
  // A TLS descriptor sequence, relaxed (an executable's):
  //   adrp x0, :tlsdesc:v       ->  movz x0, #tprel_g1  | adrp x0, gottprel
  //   ldr x1, [x0, :lo12:v]     ->  movk x0, #tprel_g0  | ldr x0, [x0, lo12]
  //   add x0, x0, :lo12:v       ->  nop
  //   blr x1                    ->  nop
  case R_AARCH64_TLSDESC_ADD_LO12:
  case R_AARCH64_TLSDESC_CALL:
    if (G.sharedOutput()) { // the descriptor itself: its GOT pair
      if (X.Type == R_AARCH64_TLSDESC_ADD_LO12)
        setImm12(Loc, R.gotSlotFor(X.T, GotSlot::TlsDesc) + uint64_t(A));
      break;
    }
    put32(X.B, X.Pos, 0xd503201f);
    break;
  case R_AARCH64_TLSDESC_ADR_PAGE21:
  case R_AARCH64_TLSDESC_LD64_LO12: {
    const bool Page = X.Type == R_AARCH64_TLSDESC_ADR_PAGE21;
    if (G.sharedOutput()) {
      const uint64_t Slot = R.gotSlotFor(X.T, GotSlot::TlsDesc) + uint64_t(A);
      if (Page)
        setPage(Loc, Slot, P);
      else
        Lo12(Slot);
      break;
    }
    if (Imported) {
      const uint64_t Slot = R.gotSlotFor(X.T, GotSlot::TpOffset) + uint64_t(A);
      put32(X.B, X.Pos, Page ? 0x90000000 : 0xf9400000);
      if (Page)
        setPage(Loc, Slot, P);
      else
        setImm12(Loc, (Slot & 0xfff) >> 3);
      break;
    }
    const uint64_t V = R.tpOffset(X.S) + uint64_t(A);
    if (!R.fits(X, int64_t(V), 32, false))
      break;
    put32(X.B, X.Pos, Page ? 0xd2a00000 : 0xf2800000);
    setImm16(Loc, Page ? V >> 16 : V);
    break;
  }
  default:
    R.unsupported(X);
  }
}

void writeInsns(char *Buf, const uint32_t *Insns, size_t N) {
  std::memcpy(Buf, Insns, 4 * N);
}

/// adrp x16, slot; ldr x17, [x16, lo12(slot)]; add x16, x16, lo12(slot)
void loadSlot(char *Buf, uint64_t At, uint64_t Slot) {
  static const uint32_t Code[3] = {0x90000010, 0xf9400211, 0x91000210};
  writeInsns(Buf, Code, 3);
  setPage(Buf, Slot, At);
  setImm12(Buf + 4, (Slot & 0xfff) >> 3);
  setImm12(Buf + 8, Slot);
}

// stp x16, x30, [sp, #-16]!; load .got.plt[2] into x17; br x17; 3 x nop
void writePltHeader(char *Buf, uint64_t Plt, uint64_t GotPlt) {
  static const uint32_t Code[8] = {0xa9bf7bf0, 0, 0, 0, 0xd61f0220,
                                   0xd503201f, 0xd503201f, 0xd503201f};
  writeInsns(Buf, Code, 8);
  loadSlot(Buf + 4, Plt + 4, GotPlt + 16);
}

// load the entry's slot into x17; br x17
void writePltEntry(char *Buf, uint64_t Entry, uint64_t Slot, uint64_t,
                   uint32_t) {
  loadSlot(Buf, Entry, Slot);
  put32(Buf, 12, 0xd61f0220);
}

void writeIpltEntry(char *Buf, uint64_t Entry, uint64_t Slot) {
  writePltEntry(Buf, Entry, Slot, 0, 0);
}

// The slot first goes to PLT0, which calls the dynamic linker's resolver.
uint64_t lazySlot(uint64_t, uint64_t Plt) { return Plt; }

// A range thunk, through x16 (the intra-procedure-call scratch register
// veneers may use): adrp x16, dest; add x16, x16, lo12(dest); br x16; or,
// to an absolute address in a position-independent image (which PC-relative
// code cannot name), ldr x16, 8; br x16; .xword dest.
void writeThunk(char *Buf, uint64_t At, uint64_t Dest, bool Absolute) {
  if (Absolute) {
    static const uint32_t Code[2] = {0x58000050, 0xd61f0200};
    writeInsns(Buf, Code, 2);
    put64(Buf, 8, Dest);
    return;
  }
  static const uint32_t Code[4] = {0x90000010, 0x91000210, 0xd61f0200, 0};
  writeInsns(Buf, Code, 4);
  setPage(Buf, Dest, At);
  setImm12(Buf + 4, Dest);
}

} // namespace

const TargetArch AArch64Target = {
    "AArch64",
    "aarch64linux",
    EM_AARCH64,
    65536, // lld's: a kernel may use 64 KiB pages
    '\0',  // udf #0
    /*TlsVariant1=*/true,
    /*GotSymbolInGot=*/true,
    SHT_PROGBITS,
    {R_AARCH64_NONE, R_AARCH64_ABS64, R_AARCH64_RELATIVE, R_AARCH64_GLOB_DAT,
     R_AARCH64_JUMP_SLOT, R_AARCH64_COPY, R_AARCH64_IRELATIVE,
     R_AARCH64_TLS_DTPMOD64, R_AARCH64_TLS_DTPREL64, R_AARCH64_TLS_TPREL64,
     R_AARCH64_TLSDESC},
    32,
    16,
    16,
    need,
    width,
    apply,
    writePltHeader,
    writePltEntry,
    writeIpltEntry,
    lazySlot,
    uint64_t(1) << 27, // CALL26, JUMP26: ±128 MiB
    16,
    writeThunk,
    nullptr, // GOT loads keep their slots
};

} // namespace neverc::link::graph
