//===- Writer.cpp - graph → 64-bit relocatable Mach-O ---------------------===//
//
// The layout is LLVM's: the header, the load commands (one unnamed
// LC_SEGMENT_64, the commands the read kept, LC_SYMTAB, LC_DYSYMTAB), the
// section data at segment offset = address, the relocations of each
// section, the
// __LINKEDIT data of the kept commands, the symbol table and the string
// table. Sections read keep their addresses (new ones go after them) unless
// one grew or the order changed; then all are laid out again as LLVM does
// (in order, aligned, zero-fill last) -- refused when __eh_frame or DWARF,
// which hold addresses no relocation names, are there. A section-relative
// relocation (its target's address is in the bytes) is renumbered, and its
// bytes follow the sections when they moved.
// What cannot stay true is refused rather than guessed: such a relocation
// of a type whose bytes are not a plain address or distance, an indirect
// symbol table, a 32-bit or other-CPU object.
// Data-in-code entries and linker optimization hints (both hints, both
// naming addresses) are dropped when a section moved.
//
//===----------------------------------------------------------------------===//
#include "ForeignFacts.h"
#include "LittleEndian.h"
#include "neverc/object/MachO.h"

#include "macho/MachOFacts.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/BinaryFormat/MachO.h"
#include "llvm/MC/StringTableBuilder.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <unordered_map>

namespace neverc::object {
namespace {

namespace M = llvm::MachO;
using llvm::support::endian::read32le;
using llvm::support::endian::write32le;

Outcome unsupported(const std::string &Why) {
  return Outcome::fail(Errc::Unsupported, "Mach-O writer: " + Why);
}

void putName(std::string &S, std::string_view N) {
  std::string F(N.substr(0, 16));
  F.resize(16, '\0');
  S += F;
}

/// "NCXS" 1, flags, name length, name, address (2 words), align,
/// reserved1-3, ordinal.
struct SectionFacts {
  bool Has = false;
  uint32_t Flags = 0, Align = 0, Reserved[3] = {0, 0, 0}, Ordinal = 0;
  uint64_t Addr = 0;
};
SectionFacts sectionFacts(const Section &S) {
  SectionFacts F;
  std::optional<ForeignRecord> R = foreignRecord(S.Ext, MachOFormat, "NCXS");
  if (!R || R->Tail.size() < 28)
    return F;
  const char *P = R->Tail.data();
  F.Has = true;
  F.Flags = R->Native;
  F.Addr = read32le(P) | uint64_t(read32le(P + 4)) << 32;
  F.Align = read32le(P + 8);
  for (int I = 0; I < 3; ++I)
    F.Reserved[I] = read32le(P + 12 + 4 * I);
  F.Ordinal = read32le(P + 24);
  return F;
}

/// "NCXM" 1, n_type, n_sect, n_desc, index.
struct SymbolFacts {
  bool Has = false;
  uint8_t Type = 0;
  uint16_t Desc = 0;
};
SymbolFacts symbolFacts(const Symbol &Y) {
  SymbolFacts F;
  std::string_view B = Y.Ext.bytes();
  if (Y.Ext.owner() != MachOFormat || B.size() < 24 || B.substr(0, 4) != "NCXM")
    return F;
  F.Has = true;
  F.Type = uint8_t(read32le(B.data() + 8));
  F.Desc = uint16_t(read32le(B.data() + 16));
  return F;
}

/// The relocation_info words after the "NCXR" record (0: none).
bool relocationInfo(const Relocation &R, uint32_t &W0, uint32_t &W1) {
  std::optional<ForeignRecord> X = foreignRecord(R.Ext, MachOFormat, "NCXR");
  if (!X || X->Tail.size() < 8)
    return false;
  W0 = read32le(X->Tail.data());
  W1 = read32le(X->Tail.data() + 4);
  return true;
}

class Writer {
public:
  Writer(const Graph &G, std::string &Out) : G(G), Out(Out) {}

  Outcome run() {
    if (!G.Native || G.Native->format() != MachOFormat)
      return unsupported("the graph was not read from a 64-bit Mach-O "
                         "object (its header and load commands are gone)");
    N = static_cast<const MachONative *>(G.Native.get());
    llvm::Triple T(G.Triple);
    if (T.getArch() != llvm::Triple::x86_64 &&
        T.getArch() != llvm::Triple::aarch64)
      return unsupported("no 64-bit Mach-O CPU for '" + G.Triple + "'");
    Arm = T.getArch() == llvm::Triple::aarch64;
    if (Outcome O = sections())
      return O;
    if (Outcome O = symbols())
      return O;
    if (Outcome O = relocations())
      return O;
    layOut();
    return Outcome::ok();
  }

private:
  struct Sec {
    const Section *S;
    std::string Seg, Name;
    uint64_t Addr = 0;
    uint32_t Align = 0, Flags = 0, Reserved[3] = {0, 0, 0};
    bool ZeroFill = false;
    std::string Data; ///< patched bytes
    std::string Relocs;
    uint32_t NReloc = 0;
  };

  Outcome sections() {
    for (const Section *S : G.sections()) {
      if (!S->live())
        continue;
      if (S->Group)
        return unsupported("section '" + S->Name +
                           "' is in a COMDAT group (Mach-O has none)");
      Sec X;
      X.S = S;
      size_t Comma = S->Name.find(',');
      X.Seg = Comma == std::string::npos ? "__DATA" : S->Name.substr(0, Comma);
      X.Name = Comma == std::string::npos ? S->Name : S->Name.substr(Comma + 1);
      if (X.Seg.size() > 16 || X.Name.size() > 16)
        return unsupported("section name '" + S->Name + "' is too long");
      SectionFacts F = sectionFacts(*S);
      X.Align = uint32_t(llvm::Log2_64(std::max<uint64_t>(S->Alignment, 1)));
      if (F.Has) {
        X.Flags = F.Flags;
        std::copy(F.Reserved, F.Reserved + 3, X.Reserved);
      } else {
        X.Flags = S->bytes().empty() && S->ZeroFillSize ? M::S_ZEROFILL
                  : (S->Flags & SectionFlag::Executable)
                      ? M::S_REGULAR | M::S_ATTR_PURE_INSTRUCTIONS |
                            M::S_ATTR_SOME_INSTRUCTIONS
                      : M::S_REGULAR;
      }
      uint32_t Type = X.Flags & M::SECTION_TYPE;
      if (Type == M::S_NON_LAZY_SYMBOL_POINTERS ||
          Type == M::S_LAZY_SYMBOL_POINTERS || Type == M::S_SYMBOL_STUBS ||
          Type == M::S_THREAD_LOCAL_VARIABLE_POINTERS)
        return unsupported("section '" + S->Name +
                           "' needs an indirect symbol table");
      X.ZeroFill = Type == M::S_ZEROFILL || Type == M::S_GB_ZEROFILL ||
                   Type == M::S_THREAD_LOCAL_ZEROFILL;
      X.Data.assign(S->bytes());
      Index[S] = uint32_t(Secs.size());
      Secs.push_back(std::move(X));
    }
    if (Secs.size() > 255)
      return unsupported("more than 255 sections");
    // The sections read keep their addresses while they still fit (their
    // sizes and order unchanged; a gap where one was erased is fine):
    // __eh_frame and DWARF hold addresses no relocation names. Sections a
    // plugin added go after all of them, zero-fill ones included (their
    // data after the file's).
    uint64_t End = 0;
    bool Fits = true;
    std::vector<std::pair<uint64_t, uint64_t>> Spans; // address, end
    for (Sec &X : Secs)
      if (SectionFacts F = sectionFacts(*X.S); F.Has) {
        Fits &= F.Align == X.Align;
        X.Addr = F.Addr;
        Spans.push_back({F.Addr, F.Addr + X.S->size()});
        End = std::max(End, F.Addr + X.S->size());
      }
    std::sort(Spans.begin(), Spans.end());
    for (size_t I = 1; I < Spans.size(); ++I)
      Fits &= Spans[I].first >= Spans[I - 1].second;
    if (Fits) {
      for (Sec &X : Secs)
        if (!sectionFacts(*X.S).Has) {
          X.Addr = llvm::alignTo(End, uint64_t(1) << X.Align);
          End = X.Addr + X.S->size();
        }
      VMSize = End;
      return Outcome::ok();
    }
    // Otherwise as LLVM assigns them: in order, aligned; zero-fill last.
    Moved = true;
    uint64_t Addr = 0;
    for (int Pass = 0; Pass < 2; ++Pass)
      for (Sec &X : Secs) {
        if (X.ZeroFill != (Pass == 1))
          continue;
        Addr = llvm::alignTo(Addr, uint64_t(1) << X.Align);
        X.Addr = Addr;
        Addr += X.S->size();
      }
    VMSize = Addr;
    for (const Sec &X : Secs)
      if (X.Name == "__eh_frame" || X.Seg == "__DWARF")
        return unsupported("the sections had to move (one grew, or their "
                           "order changed), and '" +
                           X.Seg + "," + X.Name +
                           "' holds addresses no relocation names");
    return Outcome::ok();
  }

  Outcome symbols() {
    // Locals, defined externals, undefined ones; each group by name.
    std::vector<const Symbol *> Local, Ext, Undef;
    for (const Symbol *Y : G.symbols()) {
      if (!Y->live())
        continue;
      if (Y->Def == Definition::Undefined || Y->Def == Definition::Common)
        Undef.push_back(Y);
      else if (Y->Bind == Binding::Local)
        Local.push_back(Y);
      else
        Ext.push_back(Y);
    }
    auto ByName = [](const Symbol *A, const Symbol *B) {
      return A->Name < B->Name;
    };
    std::stable_sort(Ext.begin(), Ext.end(), ByName);
    std::stable_sort(Undef.begin(), Undef.end(), ByName);
    NLocal = uint32_t(Local.size());
    NExt = uint32_t(Ext.size());
    NUndef = uint32_t(Undef.size());
    for (auto *Group : {&Local, &Ext, &Undef})
      for (const Symbol *Y : *Group) {
        SymIndex[Y] = uint32_t(Syms.size());
        Syms.push_back(Y);
        Strtab.add(Y->Name);
      }
    Strtab.finalize();
    for (const Symbol *Y : Syms) {
      SymbolFacts F = symbolFacts(*Y);
      // Binding, visibility and weakness are the graph's (a read keeps
      // N_PEXT as hidden, N_WEAK_* as weak); the other bits the read's.
      uint8_t Type =
          F.Has ? uint8_t(F.Type & ~(M::N_TYPE | M::N_EXT | M::N_PEXT)) : 0;
      uint8_t SectNum = 0;
      uint64_t Value = 0;
      uint16_t Desc =
          F.Has ? uint16_t(F.Desc & ~(M::N_WEAK_REF | M::N_WEAK_DEF)) : 0;
      switch (Y->Def) {
      case Definition::Defined: {
        auto It = Index.find(Y->Sec);
        if (It == Index.end())
          return unsupported("symbol '" + Y->Name +
                             "' is defined in a section not written");
        Type |= M::N_SECT;
        SectNum = uint8_t(It->second + 1);
        Value = Secs[It->second].Addr + Y->Value;
        break;
      }
      case Definition::Absolute:
        Type |= M::N_ABS;
        Value = Y->Value;
        break;
      case Definition::Common:
        Value = Y->Size;
        break;
      case Definition::Undefined:
        break;
      }
      if (Y->Bind != Binding::Local)
        Type |= M::N_EXT;
      if (Y->Vis == Visibility::Hidden && Y->Bind != Binding::Local)
        Type |= M::N_PEXT;
      if (Y->Bind == Binding::Weak)
        Desc |= Y->Def == Definition::Undefined ? M::N_WEAK_REF : M::N_WEAK_DEF;
      put32(SymbolBytes, uint32_t(Strtab.getOffset(Y->Name)));
      SymbolBytes += char(Type);
      SymbolBytes += char(SectNum);
      SymbolBytes += char(Desc & 0xff);
      SymbolBytes += char(Desc >> 8);
      put64(SymbolBytes, Value);
    }
    return Outcome::ok();
  }

  Outcome relocations() {
    for (const Relocation *R : G.relocations()) {
      if (!R->live())
        continue;
      auto SI = Index.find(R->Sec);
      if (SI == Index.end())
        continue;
      Sec &X = Secs[SI->second];
      uint32_t W0 = 0, W1 = 0;
      bool Native = relocationInfo(*R, W0, W1);
      bool Scattered = Native && (W0 & M::R_SCATTERED);
      if (Scattered)
        return unsupported("a scattered relocation in '" + R->Sec->Name + "'");
      uint32_t Type, Length, PCRel;
      if (Native && R->Kind == RelocKind::TargetExtension) {
        Type = W1 >> 28;
        Length = (W1 >> 25) & 3;
        PCRel = (W1 >> 24) & 1;
        if (R->Addend)
          return unsupported("an addend on a Mach-O-typed relocation in '" +
                             R->Sec->Name +
                             "' (Mach-O addends live in the bytes)");
      } else {
        bool Abs = R->Kind == RelocKind::Absolute && R->Width == 8;
        bool PC = R->Kind == RelocKind::PCRelative && R->Width == 4 && !Arm;
        if (!Abs && !PC)
          return unsupported("a relocation in '" + R->Sec->Name +
                             "' of a kind and width Mach-O has no type for");
        Type = Abs ? 0 /* *_RELOC_UNSIGNED */ : M::X86_64_RELOC_SIGNED;
        Length = Abs ? 3 : 2;
        PCRel = PC;
        int64_t A = R->Addend + (PC ? 4 : 0);
        if (R->Offset + R->Width > X.Data.size())
          return unsupported("a relocation lies past the end of '" +
                             R->Sec->Name + "'");
        if (Abs)
          llvm::support::endian::write64le(&X.Data[R->Offset], uint64_t(A));
        else
          write32le(&X.Data[R->Offset], uint32_t(A));
      }
      uint32_t Extern, Num;
      if (R->Target == RelocTarget::Symbol && R->TargetSymbol &&
          SymIndex.count(R->TargetSymbol)) {
        Extern = 1;
        Num = SymIndex[R->TargetSymbol];
      } else if (Native && Arm && Type == M::ARM64_RELOC_ADDEND) {
        Extern = 0; // the addend of the next relocation, in its number field
        Num = W1 & 0xffffff;
      } else if (Native && !(W1 & (1u << 27))) {
        // Section-relative: the target's address is in the bytes, and the
        // number names the section.
        Extern = 0;
        if (Outcome O = sectionRelative(X, *R, Type, Length, PCRel, W1, Num))
          return O;
      } else {
        return unsupported("a relocation in '" + R->Sec->Name +
                           "' names no live symbol");
      }
      put32(X.Relocs, uint32_t(R->Offset));
      put32(X.Relocs, (Num & 0xffffff) | PCRel << 24 | Length << 25 |
                          Extern << 27 | Type << 28);
      ++X.NReloc;
    }
    return Outcome::ok();
  }

  /// A section-relative relocation in \p X: renumbered, and when sections
  /// moved its bytes follow them (an address, or a PC-relative distance).
  Outcome sectionRelative(Sec &X, const Relocation &R, uint32_t Type,
                          uint32_t Length, uint32_t PCRel, uint32_t W1,
                          uint32_t &Num) {
    const Sec *Target = nullptr;
    for (const Sec &Y : Secs)
      if (SectionFacts F = sectionFacts(*Y.S);
          F.Has && F.Ordinal == (W1 & 0xffffff))
        Target = &Y;
    if (!Target)
      return unsupported("a section-relative relocation in '" + R.Sec->Name +
                         "' names a section that is gone");
    Num = uint32_t(Target - Secs.data()) + 1;
    if (!Moved)
      return Outcome::ok();
    int64_t Delta = int64_t(Target->Addr - sectionFacts(*Target->S).Addr);
    if (PCRel)
      Delta -= int64_t(X.Addr - sectionFacts(*X.S).Addr);
    bool Known = Arm ? Type == M::ARM64_RELOC_UNSIGNED
                     : Type == M::X86_64_RELOC_UNSIGNED ||
                           Type == M::X86_64_RELOC_SIGNED ||
                           (Type >= M::X86_64_RELOC_SIGNED_1 &&
                            Type <= M::X86_64_RELOC_SIGNED_4) ||
                           Type == M::X86_64_RELOC_BRANCH;
    if (!Known || (Length != 2 && Length != 3) ||
        R.Offset + (1u << Length) > X.Data.size())
      return unsupported("a section-relative relocation in '" + R.Sec->Name +
                         "' of a type whose bytes this "
                         "writer cannot move");
    char *P = &X.Data[R.Offset];
    if (Length == 3)
      llvm::support::endian::write64le(P, llvm::support::endian::read64le(P) +
                                              uint64_t(Delta));
    else
      write32le(P, read32le(P) + uint32_t(Delta));
    return Outcome::ok();
  }

  void layOut() {
    std::vector<const MachONative::Command *> Keep;
    for (const MachONative::Command &C : N->Commands)
      if (!Moved || (C.Cmd != M::LC_DATA_IN_CODE &&
                     C.Cmd != M::LC_LINKER_OPTIMIZATION_HINT))
        Keep.push_back(&C);
    uint32_t SegSize = uint32_t(sizeof(M::segment_command_64) +
                                Secs.size() * sizeof(M::section_64));
    // No symbols, no LC_SYMTAB or LC_DYSYMTAB (as LLVM writes it).
    bool SymTab = !Syms.empty();
    uint32_t CmdsSize =
        SegSize + (SymTab ? uint32_t(sizeof(M::symtab_command) +
                                     sizeof(M::dysymtab_command))
                          : 0);
    for (const MachONative::Command *C : Keep)
      CmdsSize += uint32_t(C->Bytes.size());
    uint64_t DataStart = sizeof(M::mach_header_64) + CmdsSize;
    // File offset = DataStart + address, as LLVM places data, up to the
    // first zero-fill address; data of sections placed past zero-fill
    // ones follows the file's data.
    uint64_t ZeroStart = UINT64_MAX, FileSize = 0;
    for (const Sec &X : Secs)
      if (X.ZeroFill)
        ZeroStart = std::min(ZeroStart, X.Addr);
    std::vector<uint64_t> FileOff(Secs.size(), 0);
    for (size_t I = 0; I < Secs.size(); ++I)
      if (!Secs[I].ZeroFill && Secs[I].Addr < ZeroStart) {
        FileOff[I] = Secs[I].Addr;
        FileSize = std::max(FileSize, Secs[I].Addr + Secs[I].S->size());
      }
    for (size_t I = 0; I < Secs.size(); ++I)
      if (!Secs[I].ZeroFill && Secs[I].Addr >= ZeroStart) {
        FileOff[I] = llvm::alignTo(FileSize, uint64_t(1) << Secs[I].Align);
        FileSize = FileOff[I] + Secs[I].S->size();
      }
    uint64_t Off = llvm::alignTo(DataStart + FileSize, 8);
    std::vector<uint32_t> RelOff(Secs.size());
    for (size_t I = 0; I < Secs.size(); ++I) {
      RelOff[I] = Secs[I].NReloc ? uint32_t(Off) : 0;
      Off += Secs[I].Relocs.size();
    }
    std::vector<uint32_t> DataOff(Keep.size());
    for (size_t I = 0; I < Keep.size(); ++I) {
      DataOff[I] = uint32_t(Off);
      Off += Keep[I]->Linkedit.size();
    }
    Off = llvm::alignTo(Off, 8);
    uint32_t SymOff = uint32_t(Off);
    Off += SymbolBytes.size();
    uint32_t StrOff = uint32_t(Off);

    Out.clear();
    put32(Out, M::MH_MAGIC_64);
    put32(Out, N->CpuType);
    put32(Out, N->CpuSubType);
    put32(Out, M::MH_OBJECT);
    put32(Out, uint32_t(Keep.size() + (SymTab ? 3 : 1)));
    put32(Out, CmdsSize);
    put32(Out, N->Flags);
    put32(Out, 0);
    // The segment and its sections.
    put32(Out, M::LC_SEGMENT_64);
    put32(Out, SegSize);
    putName(Out, "");
    put64(Out, 0);
    put64(Out, VMSize);
    put64(Out, DataStart);
    put64(Out, FileSize);
    put32(Out, 7);
    put32(Out, 7);
    put32(Out, uint32_t(Secs.size()));
    put32(Out, 0);
    for (size_t I = 0; I < Secs.size(); ++I) {
      const Sec &X = Secs[I];
      putName(Out, X.Name);
      putName(Out, X.Seg);
      put64(Out, X.Addr);
      put64(Out, X.S->size());
      put32(Out, X.ZeroFill ? 0 : uint32_t(DataStart + FileOff[I]));
      put32(Out, X.Align);
      put32(Out, RelOff[I]);
      put32(Out, X.NReloc);
      put32(Out, X.Flags);
      for (uint32_t R : X.Reserved)
        put32(Out, R);
    }
    for (size_t I = 0; I < Keep.size(); ++I) {
      std::string C = Keep[I]->Bytes;
      if (!Keep[I]->Linkedit.empty() || Keep[I]->Cmd == M::LC_DATA_IN_CODE ||
          Keep[I]->Cmd == M::LC_LINKER_OPTIMIZATION_HINT)
        write32le(&C[8], DataOff[I]); // linkedit_data_command.dataoff
      Out += C;
    }
    llvm::SmallString<256> Str;
    llvm::raw_svector_ostream OS(Str);
    if (SymTab)
      Strtab.write(OS);
    if (SymTab) {
      put32(Out, M::LC_SYMTAB);
      put32(Out, sizeof(M::symtab_command));
      put32(Out, SymOff);
      put32(Out, uint32_t(Syms.size()));
      put32(Out, StrOff);
      put32(Out, uint32_t(Str.size()));
      put32(Out, M::LC_DYSYMTAB);
      put32(Out, sizeof(M::dysymtab_command));
      put32(Out, 0);
      put32(Out, NLocal);
      put32(Out, NLocal);
      put32(Out, NExt);
      put32(Out, NLocal + NExt);
      put32(Out, NUndef);
      for (int I = 0; I < 12; ++I)
        put32(Out, 0);
    }
    // Section data at segment offset = address.
    Out.resize(DataStart + FileSize, '\0');
    for (size_t I = 0; I < Secs.size(); ++I)
      if (!Secs[I].ZeroFill && !Secs[I].Data.empty())
        std::copy(Secs[I].Data.begin(), Secs[I].Data.end(),
                  Out.begin() + DataStart + FileOff[I]);
    Out.resize(llvm::alignTo(Out.size(), 8), '\0');
    for (const Sec &X : Secs)
      Out += X.Relocs;
    for (const MachONative::Command *C : Keep)
      Out += C->Linkedit;
    if (SymTab) {
      Out.resize(SymOff, '\0');
      Out += SymbolBytes;
      Out += Str.str();
    }
  }

  const Graph &G;
  std::string &Out;
  const MachONative *N = nullptr;
  bool Arm = false, Moved = false;
  std::vector<Sec> Secs;
  std::unordered_map<const Section *, uint32_t> Index;
  std::vector<const Symbol *> Syms;
  std::unordered_map<const Symbol *, uint32_t> SymIndex;
  uint32_t NLocal = 0, NExt = 0, NUndef = 0;
  uint64_t VMSize = 0;
  llvm::StringTableBuilder Strtab{llvm::StringTableBuilder::MachO64};
  std::string SymbolBytes;
};

} // namespace

Outcome writeMachO(const Graph &G, std::string &Out) {
  return Writer(G, Out).run();
}

} // namespace neverc::object
