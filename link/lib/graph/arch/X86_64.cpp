//===- X86_64.cpp - the graph linker's x86-64 target ----------------------===//
//
// The x86-64 psABI: what each relocation type needs, its formula, the lazy
// PLT (PLT0 pushes .got.plt[1] and jumps through .got.plt[2]) and the IPLT.
// TLS is variant 2: the thread pointer follows the TLS block. A TLS
// descriptor (-mtls-dialect=gnu2) stays in a shared library, a GOT pair an
// R_X86_64_TLSDESC relocation fills; an executable relaxes it as lld does.
//
//===----------------------------------------------------------------------===//
#include "../Arch.h"

namespace neverc::link::graph {
namespace {

RelocNeed need(uint32_t Type) {
  switch (Type) {
  case R_X86_64_NONE:
  case R_X86_64_DTPOFF32:
  case R_X86_64_DTPOFF64:
  case R_X86_64_SIZE32:
  case R_X86_64_SIZE64:
  case R_X86_64_GOTOFF64:
  case R_X86_64_GOTPC32:
  case R_X86_64_GOTPC64:
    return RelocNeed::None;
  case R_X86_64_PLT32:
    return RelocNeed::Call;
  case R_X86_64_PC32:
  case R_X86_64_PC64:
  case R_X86_64_PC16:
  case R_X86_64_PC8:
    return RelocNeed::Direct;
  case R_X86_64_32:
  case R_X86_64_32S:
  case R_X86_64_16:
  case R_X86_64_8:
    return RelocNeed::Narrow;
  case R_X86_64_64:
    return RelocNeed::Word;
  case R_X86_64_GOTPCREL:
  case R_X86_64_GOTPCRELX:
  case R_X86_64_REX_GOTPCRELX:
    return RelocNeed::Got;
  case R_X86_64_TLSGD:
    return RelocNeed::TlsGd;
  case R_X86_64_TLSLD:
    return RelocNeed::TlsLd;
  case R_X86_64_GOTTPOFF:
    return RelocNeed::TlsIe;
  case R_X86_64_TPOFF32:
    return RelocNeed::TlsLe;
  case R_X86_64_GOTPC32_TLSDESC:
  case R_X86_64_TLSDESC_CALL:
    return RelocNeed::TlsDesc;
  default:
    return RelocNeed::Unsupported;
  }
}

unsigned width(uint32_t Type) {
  switch (Type) {
  case R_X86_64_64:
  case R_X86_64_PC64:
  case R_X86_64_GOTOFF64:
  case R_X86_64_GOTPC64:
  case R_X86_64_SIZE64:
  case R_X86_64_DTPOFF64:
    return 8;
  default:
    return 4;
  }
}

/// lld's GOT relaxation: a GOTPCRELX load, call or jump of a symbol the
/// image binds itself (not preemptible, not an IFUNC, not absolute) reaches
/// it directly: mov -> lea, call *GOT -> addr32 call, jmp *GOT -> jmp; nop.
/// Such a reference needs no GOT slot. A static PIE's startup code depends
/// on it: it runs before anything relocated the GOT.
bool gotRelaxable(const LinkGraph &G, const Target &T, uint32_t Type,
                  std::string_view Bytes, uint64_t Offset) {
  if ((Type != R_X86_64_GOTPCRELX && Type != R_X86_64_REX_GOTPCRELX) ||
      Offset < 2 || Offset + 4 > Bytes.size() || T.Undefined || T.Absolute ||
      (T.Sym && T.Sym->Type == object::SymbolType::IndirectFunction))
    return false;
  if (T.Global >= 0) {
    const GlobalSym &Y = G.Globals[size_t(T.Global)];
    if (G.dynamicTarget(T.Global) || Y.Iplt >= 0 || Y.CanonicalPlt ||
        Y.K == GlobalSym::Shared ||
        (Y.Def && Y.Def->Type == object::SymbolType::IndirectFunction))
      return false;
  } else if (T.Atom < 0) {
    return false;
  }
  const uint8_t Op = uint8_t(Bytes[Offset - 2]),
                ModRm = uint8_t(Bytes[Offset - 1]);
  if (Op == 0x8b)
    return true;
  return Op == 0xff && Type == R_X86_64_GOTPCRELX &&
         (ModRm == 0x15 || ModRm == 0x25);
}

/// Rewrites a relaxable GOT reference (gotRelaxable); false for another.
bool relaxGotLoad(Relocator &R, const RelocSite &X) {
  if (!gotRelaxable(R.G, X.T, X.Type, std::string_view(X.B.P, X.B.N), X.Pos))
    return false;
  const int64_t V = int64_t(X.S + uint64_t(X.A) - X.P);
  // The image binds it: in reach, unless the image is over 2 GiB.
  if (!R.fits(X, V, 32, true))
    return true;
  char *Loc = &X.B[X.Pos];
  const uint8_t Op = uint8_t(Loc[-2]), ModRm = uint8_t(Loc[-1]);
  if (Op == 0x8b) { // mov foo@GOTPCREL(%rip), %reg -> lea foo(%rip), %reg
    Loc[-2] = char(0x8d);
    put32(Loc, 0, uint32_t(V));
  } else if (ModRm == 0x15) { // call *foo@GOTPCREL(%rip) -> addr32 call foo
    Loc[-2] = char(0x67);
    Loc[-1] = char(0xe8);
    put32(Loc, 0, uint32_t(V));
  } else { // jmp *foo@GOTPCREL(%rip) -> jmp foo; nop
    Loc[-2] = char(0xe9);
    put32(Loc - 1, 0, uint32_t(V + 1));
    Loc[3] = char(0x90);
  }
  return true;
}

/// A TLS descriptor sequence in an executable, relaxed (lld's):
///   lea v@tlsdesc(%rip), %reg  ->  mov $v@tpoff, %reg         (a definition)
///                              |   mov v@gottpoff(%rip), %reg (an import)
///   call *v@tlsdesc(%reg)      ->  xchg %ax, %ax (a 2-byte nop)
/// False: the bytes are not that sequence (reported).
bool relaxTlsDesc(Relocator &R, const RelocSite &X) {
  const LinkGraph &G = R.G;
  char *Loc = &X.B[X.Pos];
  if (X.Type == R_X86_64_TLSDESC_CALL) {
    if (X.Pos + 2 > X.B.size() || uint8_t(Loc[0]) != 0xff ||
        (uint8_t(Loc[1]) & 0xf8) != 0x10)
      return false;
    Loc[0] = char(0x66);
    Loc[1] = char(0x90);
    return true;
  }
  // REX.W (R: a high register), 8d, a ModRM with a RIP-relative operand.
  if (X.Pos < 3 || (uint8_t(Loc[-3]) & 0xfb) != 0x48 ||
      uint8_t(Loc[-2]) != 0x8d || (uint8_t(Loc[-1]) & 0xc7) != 0x05)
    return false;
  const bool Imported =
      X.T.Global >= 0 && G.Globals[size_t(X.T.Global)].K == GlobalSym::Shared;
  if (Imported) {
    Loc[-2] = char(0x8b);
    const int64_t V =
        int64_t(R.gotSlotFor(X.T, GotSlot::TpOffset) + uint64_t(X.A) - X.P);
    if (R.fits(X, V, 32, true))
      put32(Loc, 0, uint32_t(V));
    return true;
  }
  const uint8_t Reg = (uint8_t(Loc[-1]) >> 3) & 7;
  Loc[-3] = char(0x48 | ((uint8_t(Loc[-3]) >> 2) & 1)); // REX.R -> REX.B
  Loc[-2] = char(0xc7);
  Loc[-1] = char(0xc0 | Reg);
  // The addend (-4) allowed for the field's end; an immediate needs none.
  const int64_t V = int64_t(R.tpOffset(X.S) + uint64_t(X.A) + 4);
  if (R.fits(X, V, 32, true))
    put32(Loc, 0, uint32_t(V));
  return true;
}

void apply(Relocator &R, const RelocSite &X) {
  const LinkGraph &G = R.G;
  const uint64_t S = X.S, P = X.P;
  const int64_t Add = X.A;
  const uint32_t Type = X.Type;
  // A 32-bit field takes a signed value, or an unsigned one for R_X86_64_32.
  auto Write = [&](int64_t V, unsigned Bytes, bool Signed) {
    if ((Bytes == 4 && !Signed && Type != R_X86_64_32 &&
         inRange(V, 32, true)) ||
        R.fits(X, V, Bytes * 8, Signed))
      std::memcpy(&X.B[X.Pos], &V, Bytes);
  };
  const uint64_t GotPlt =
      G.S.GotPlt >= 0 ? G.Sections[size_t(G.S.GotPlt)].Address : 0;
  switch (Type) {
  case R_X86_64_64:
    R.word64(X);
    break;
  case R_X86_64_PC32:
    Write(int64_t(S + Add - P), 4, true);
    break;
  case R_X86_64_PLT32:
    // (A call to an undefined weak function jumps to itself, as lld's.)
    Write(R.callsNothing(X) ? 0 : int64_t(R.callDestination(X) + Add - P), 4,
          true);
    break;
  case R_X86_64_32:
    Write(int64_t(S + Add), 4, false);
    break;
  case R_X86_64_32S:
    Write(int64_t(S + Add), 4, true);
    break;
  case R_X86_64_16:
    Write(int64_t(S + Add), 2, false);
    break;
  case R_X86_64_8:
    Write(int64_t(S + Add), 1, false);
    break;
  case R_X86_64_PC16:
    Write(int64_t(S + Add - P), 2, true);
    break;
  case R_X86_64_PC8:
    Write(int64_t(S + Add - P), 1, true);
    break;
  case R_X86_64_PC64:
    put64(X.B, X.Pos, S + Add - P);
    break;
  case R_X86_64_GOTPCRELX:
  case R_X86_64_REX_GOTPCRELX:
    if (relaxGotLoad(R, X))
      break;
    [[fallthrough]];
  case R_X86_64_GOTPCREL:
    Write(int64_t(R.gotSlotFor(X.T, GotSlot::Address) + Add - P), 4, true);
    break;
  case R_X86_64_GOTOFF64:
    put64(X.B, X.Pos, S + Add - GotPlt);
    break;
  case R_X86_64_GOTPC32:
    Write(int64_t(GotPlt + Add - P), 4, true);
    break;
  case R_X86_64_GOTPC64:
    put64(X.B, X.Pos, GotPlt + Add - P);
    break;
  case R_X86_64_SIZE32:
  case R_X86_64_SIZE64: {
    const Target &T = X.T;
    uint64_t Size = T.Global >= 0 ? G.Globals[size_t(T.Global)].Size
                    : T.Sym       ? T.Sym->Size
                                  : 0;
    if (Type == R_X86_64_SIZE64)
      put64(X.B, X.Pos, Size + Add);
    else
      Write(int64_t(Size + Add), 4, false);
    break;
  }
  case R_X86_64_TLSGD:
    Write(int64_t(R.gotSlotFor(X.T, GotSlot::TlsModule) + Add - P), 4, true);
    break;
  case R_X86_64_TLSLD:
    Write(int64_t(G.gotAddress(uint32_t(G.TlsModuleGot)) + Add - P), 4, true);
    break;
  case R_X86_64_DTPOFF32:
    Write(int64_t(S + Add - G.TlsAddress), 4, true);
    break;
  case R_X86_64_DTPOFF64:
    put64(X.B, X.Pos, S + Add - G.TlsAddress);
    break;
  case R_X86_64_GOTTPOFF:
    Write(int64_t(R.gotSlotFor(X.T, GotSlot::TpOffset) + Add - P), 4, true);
    break;
  case R_X86_64_TPOFF32:
    Write(int64_t(R.tpOffset(S) + Add), 4, true);
    break;
  case R_X86_64_GOTPC32_TLSDESC:
  case R_X86_64_TLSDESC_CALL:
    if (G.sharedOutput()) { // the descriptor itself: its GOT pair
      if (Type == R_X86_64_GOTPC32_TLSDESC)
        Write(int64_t(R.gotSlotFor(X.T, GotSlot::TlsDesc) + Add - P), 4, true);
      break;
    }
    if (!relaxTlsDesc(R, X))
      R.unsupported(X);
    break;
  default:
    R.unsupported(X);
  }
}

// PLT0: push GOTPLT+8(%rip); jmp *GOTPLT+16(%rip); nopl 0(%rax)
void writePltHeader(char *Buf, uint64_t Plt, uint64_t GotPlt) {
  static const uint8_t Head[16] = {0xff, 0x35, 0, 0, 0,    0,    0xff, 0x25,
                                   0,    0,    0, 0, 0x0f, 0x1f, 0x40, 0};
  std::memcpy(Buf, Head, 16);
  put32(Buf, 2, uint32_t(GotPlt + 8 - (Plt + 6)));
  put32(Buf, 8, uint32_t(GotPlt + 16 - (Plt + 12)));
}

// jmp *slot(%rip); push $N; jmp PLT0
void writePltEntry(char *Buf, uint64_t Entry, uint64_t Slot, uint64_t Plt,
                   uint32_t Index) {
  static const uint8_t Code[16] = {0xff, 0x25, 0, 0,    0, 0, 0x68, 0,
                                   0,    0,    0, 0xe9, 0, 0, 0,    0};
  std::memcpy(Buf, Code, 16);
  put32(Buf, 2, uint32_t(Slot - (Entry + 6)));
  put32(Buf, 7, Index);
  put32(Buf, 12, uint32_t(Plt - (Entry + 16)));
}

// jmp *slot(%rip), then int3 to the entry's end.
void writeIpltEntry(char *Buf, uint64_t Entry, uint64_t Slot) {
  std::memset(Buf, 0xcc, 16);
  Buf[0] = '\xff';
  Buf[1] = '\x25';
  put32(Buf, 2, uint32_t(Slot - (Entry + 6)));
}

// The slot first goes back into the entry, to its push.
uint64_t lazySlot(uint64_t Entry, uint64_t) { return Entry + 6; }

} // namespace

const TargetArch X86_64Target = {
    "x86-64",
    "elf_x86_64",
    62 /*EM_X86_64*/,
    4096,
    '\xcc',
    /*TlsVariant1=*/false,
    /*GotSymbolInGot=*/false,
    SHT_X86_64_UNWIND,
    {R_X86_64_NONE, R_X86_64_64, R_X86_64_RELATIVE, R_X86_64_GLOB_DAT,
     R_X86_64_JUMP_SLOT, R_X86_64_COPY, R_X86_64_IRELATIVE, R_X86_64_DTPMOD64,
     R_X86_64_DTPOFF64, R_X86_64_TPOFF64, R_X86_64_TLSDESC},
    16,
    16,
    16,
    need,
    width,
    apply,
    writePltHeader,
    writePltEntry,
    writeIpltEntry,
    lazySlot,
    0, // a call's rel32 reaches the whole image
    0,
    nullptr,
    gotRelaxable,
};

} // namespace neverc::link::graph
