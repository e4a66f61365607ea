//===- Writer.cpp - graph → relocatable COFF ------------------------------===//
//
// One pass lays the file out as LLVM's COFF writer does: the header, the
// section table, each section's raw data followed by its relocations, the
// symbol table (every symbol with its aux records) and the string table.
// Section and symbol numbers are the graph's order, so every number a
// record holds is renumbered: a section definition's associated section,
// a weak external's default symbol, a relocation's symbol. Facts the COFF
// read kept (COFF.h) are written back; the rest is derived from the graph.
//
//===----------------------------------------------------------------------===//
#include "ForeignFacts.h"
#include "LittleEndian.h"
#include "neverc/object/COFF.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/BinaryFormat/COFF.h"
#include "llvm/MC/StringTableBuilder.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <unordered_map>

namespace neverc::object {
namespace {

namespace C = llvm::COFF;
using llvm::support::endian::read16le;
using llvm::support::endian::read32le;
using llvm::support::endian::write16le;
using llvm::support::endian::write32le;

Outcome unsupported(const std::string &Why) {
  return Outcome::fail(Errc::Unsupported, "COFF writer: " + Why);
}

/// "NCXS" 1, characteristics, name length, name, original number, original
/// data offset.
struct SectionFacts {
  bool Has = false;
  uint32_t Characteristics = 0, Number = 0, DataOffset = 0;
};
SectionFacts sectionFacts(const Section &S) {
  SectionFacts F;
  std::optional<ForeignRecord> R = foreignRecord(S.Ext, COFFFormat, "NCXS");
  if (!R || R->Tail.size() < 8)
    return F;
  F.Has = true;
  F.Characteristics = R->Native;
  F.Number = read32le(R->Tail.data());
  F.DataOffset = read32le(R->Tail.data() + 4);
  return F;
}

/// "NCXY" 1, storage class, type, section number, index, aux count, aux
/// byte length, aux bytes.
struct SymbolFacts {
  bool Has = false;
  uint8_t Storage = 0;
  uint16_t Type = 0;
  int32_t SectionNumber = 0;
  uint32_t Index = 0, AuxCount = 0;
  std::string_view Aux;
};
SymbolFacts symbolFacts(const Symbol &Y) {
  SymbolFacts F;
  std::string_view B = Y.Ext.bytes();
  if (Y.Ext.owner() != COFFFormat || B.size() < 32 || B.substr(0, 4) != "NCXY")
    return F;
  uint32_t AuxLen = read32le(B.data() + 28);
  if (B.size() < 32 + uint64_t(AuxLen) ||
      AuxLen != read32le(B.data() + 24) * uint64_t(C::Symbol16Size))
    return F;
  F.Has = true;
  F.Storage = uint8_t(read32le(B.data() + 8));
  F.Type = uint16_t(read32le(B.data() + 12));
  F.SectionNumber = int32_t(read32le(B.data() + 16));
  F.Index = read32le(B.data() + 20);
  F.AuxCount = read32le(B.data() + 24);
  F.Aux = B.substr(32, AuxLen);
  return F;
}

uint32_t alignmentBits(uint64_t Align) {
  if (Align <= 1)
    return C::IMAGE_SCN_ALIGN_1BYTES;
  return uint32_t(llvm::Log2_64(std::min<uint64_t>(Align, 8192)) + 1) << 20;
}

/// What LLVM gives a section of this kind.
uint32_t derivedCharacteristics(const Section &S) {
  if (S.Kind == SectionKind::Text || (S.Flags & SectionFlag::Executable))
    return C::IMAGE_SCN_CNT_CODE | C::IMAGE_SCN_MEM_EXECUTE |
           C::IMAGE_SCN_MEM_READ;
  if (S.bytes().empty() && S.ZeroFillSize)
    return C::IMAGE_SCN_CNT_UNINITIALIZED_DATA | C::IMAGE_SCN_MEM_READ |
           C::IMAGE_SCN_MEM_WRITE;
  if (S.Kind == SectionKind::Debug || (S.Flags & SectionFlag::Debug))
    return C::IMAGE_SCN_CNT_INITIALIZED_DATA | C::IMAGE_SCN_MEM_DISCARDABLE |
           C::IMAGE_SCN_MEM_READ;
  return C::IMAGE_SCN_CNT_INITIALIZED_DATA | C::IMAGE_SCN_MEM_READ |
         ((S.Flags & SectionFlag::Writable) ? C::IMAGE_SCN_MEM_WRITE : 0);
}

/// A generic relocation kind as a COFF type (0: none).
uint16_t genericType(uint16_t Machine, const Relocation &R) {
  bool Abs = R.Kind == RelocKind::Absolute,
       PC = R.Kind == RelocKind::PCRelative;
  bool Image = R.Kind == RelocKind::ImageRelative;
  bool SecRel = R.Kind == RelocKind::SectionRelative;
  switch (Machine) {
  case C::IMAGE_FILE_MACHINE_AMD64:
    if (Abs && R.Width == 8)
      return C::IMAGE_REL_AMD64_ADDR64;
    if (Abs && R.Width == 4)
      return C::IMAGE_REL_AMD64_ADDR32;
    if (PC && R.Width == 4)
      return C::IMAGE_REL_AMD64_REL32;
    if (Image && R.Width == 4)
      return C::IMAGE_REL_AMD64_ADDR32NB;
    if (SecRel && R.Width == 4)
      return C::IMAGE_REL_AMD64_SECREL;
    return 0;
  case C::IMAGE_FILE_MACHINE_ARM64:
    if (Abs && R.Width == 8)
      return C::IMAGE_REL_ARM64_ADDR64;
    if (Abs && R.Width == 4)
      return C::IMAGE_REL_ARM64_ADDR32;
    if (PC && R.Width == 4)
      return C::IMAGE_REL_ARM64_REL32;
    if (Image && R.Width == 4)
      return C::IMAGE_REL_ARM64_ADDR32NB;
    if (SecRel && R.Width == 4)
      return C::IMAGE_REL_ARM64_SECREL;
    return 0;
  default:
    if (Abs && R.Width == 4)
      return C::IMAGE_REL_I386_DIR32;
    if (PC && R.Width == 4)
      return C::IMAGE_REL_I386_REL32;
    if (Image && R.Width == 4)
      return C::IMAGE_REL_I386_DIR32NB;
    if (SecRel && R.Width == 4)
      return C::IMAGE_REL_I386_SECREL;
    return 0;
  }
}

class Writer {
public:
  Writer(const Graph &G, std::string &Out) : G(G), Out(Out) {}

  Outcome run() {
    llvm::Triple T(G.Triple);
    switch (T.getArch()) {
    case llvm::Triple::x86_64:
      Machine = C::IMAGE_FILE_MACHINE_AMD64;
      break;
    case llvm::Triple::aarch64:
      Machine = C::IMAGE_FILE_MACHINE_ARM64;
      break;
    case llvm::Triple::x86:
      Machine = C::IMAGE_FILE_MACHINE_I386;
      break;
    default:
      return unsupported("no COFF machine for '" + G.Triple + "'");
    }
    if (Outcome O = number())
      return O;
    if (Outcome O = relocations())
      return O;
    if (Outcome O = addrsig())
      return O;
    collectStrings();
    if (Outcome O = symbolTable())
      return O;
    layOut();
    return Outcome::ok();
  }

private:
  Outcome number() {
    for (const Section *S : G.sections()) {
      if (!S->live())
        continue;
      if (S->Group)
        return unsupported("section '" + S->Name +
                           "' is in a COMDAT group of the graph; COFF "
                           "COMDATs travel in their section symbol's aux "
                           "record");
      Secs.push_back(S);
      SecNumber[S] = uint32_t(Secs.size());
      if (SectionFacts F = sectionFacts(*S); F.Has)
        SecByOrigNumber[F.Number] = S;
    }
    if (Secs.size() > C::MaxNumberOfSections16)
      return unsupported("more than " +
                         std::to_string(C::MaxNumberOfSections16) +
                         " sections (big-object COFF)");
    uint32_t Index = 0;
    for (const Symbol *Y : G.symbols()) {
      if (!Y->live())
        continue;
      Syms.push_back(Y);
      SymIndex[Y] = Index;
      SymbolFacts F = symbolFacts(*Y);
      if (F.Has)
        SymByOrigIndex[F.Index] = Y;
      Index += 1 + auxCount(*Y, F);
    }
    SymbolCount = Index;
    return Outcome::ok();
  }

  uint32_t auxCount(const Symbol &Y, const SymbolFacts &F) {
    if (F.Has)
      return F.AuxCount;
    if (Y.Type == SymbolType::Section)
      return 1;
    if (Y.Type == SymbolType::File)
      return uint32_t((Y.Name.size() + C::Symbol16Size - 1) / C::Symbol16Size);
    return 0;
  }

  Outcome relocations() {
    for (const Relocation *R : G.relocations()) {
      if (!R->live())
        continue;
      if (R->Target != RelocTarget::Symbol || !R->TargetSymbol ||
          !SymIndex.count(R->TargetSymbol))
        return unsupported("a relocation in '" + R->Sec->Name +
                           "' names no live symbol (COFF relocations name "
                           "symbols)");
      uint16_t Type = 0;
      if (R->Kind == RelocKind::TargetExtension) {
        if (R->Addend)
          return unsupported("an addend on a COFF-typed relocation in '" +
                             R->Sec->Name +
                             "' (COFF addends live in the section's bytes)");
        Type = uint16_t(R->TargetExtensionKind);
      } else {
        Type = genericType(Machine, *R);
        if (!Type)
          return unsupported("a relocation in '" + R->Sec->Name +
                             "' of a kind and width COFF has no type for");
        // The addend goes into the bytes patched; COFF's REL32 on x86
        // counts from the end of the 4-byte field.
        int64_t A = R->Addend;
        if (R->Kind == RelocKind::PCRelative &&
            Machine != C::IMAGE_FILE_MACHINE_ARM64)
          A += 4;
        if (A) {
          std::string &D = patched(*R->Sec);
          if (R->Offset + R->Width > D.size())
            return unsupported("a relocation lies past the end of '" +
                               R->Sec->Name + "'");
          if (R->Width == 8)
            llvm::support::endian::write64le(&D[R->Offset], uint64_t(A));
          else
            write32le(&D[R->Offset], uint32_t(A));
        }
      }
      Relocs[R->Sec].push_back(
          {uint32_t(R->Offset), SymIndex[R->TargetSymbol], Type});
    }
    return Outcome::ok();
  }

  /// .llvm_addrsig lists symbol table indices (ULEB128): the read's
  /// indices become the written ones; a symbol gone is dropped.
  Outcome addrsig() {
    for (const Section *S : Secs) {
      if (S->Name != ".llvm_addrsig")
        continue;
      std::string_view D = S->bytes();
      std::string New;
      const uint8_t *P = reinterpret_cast<const uint8_t *>(D.data());
      const uint8_t *End = P + D.size();
      while (P < End) {
        unsigned N = 0;
        const char *Err = nullptr;
        uint64_t Old = llvm::decodeULEB128(P, &N, End, &Err);
        if (Err)
          return unsupported(".llvm_addrsig is malformed: " + std::string(Err));
        P += N;
        auto It = SymByOrigIndex.find(uint32_t(Old));
        if (It == SymByOrigIndex.end())
          continue;
        uint8_t Buf[16];
        unsigned Len = llvm::encodeULEB128(SymIndex[It->second], Buf);
        New.append(reinterpret_cast<char *>(Buf), Len);
      }
      patched(*S) = std::move(New);
    }
    return Outcome::ok();
  }

  /// A copy of \p S's bytes the writer may patch.
  std::string &patched(const Section &S) {
    auto [It, New] = Patched.try_emplace(&S);
    if (New)
      It->second.assign(S.bytes());
    return It->second;
  }
  std::string_view bytesOf(const Section &S) {
    auto It = Patched.find(&S);
    return It == Patched.end() ? S.bytes() : std::string_view(It->second);
  }
  uint64_t sizeOf(const Section &S) {
    auto It = Patched.find(&S);
    return It == Patched.end() ? S.size() : It->second.size();
  }

  void name(std::string &Rec, const std::string &N, bool Section) {
    if (N.size() <= C::NameSize) {
      Rec += N;
      Rec.append(C::NameSize - N.size(), '\0');
      return;
    }
    uint32_t Off = strtab(N);
    if (Section) {
      std::string S = "/" + std::to_string(Off);
      Rec += S;
      Rec.append(C::NameSize - S.size(), '\0');
    } else {
      put32(Rec, 0);
      put32(Rec, Off);
    }
  }
  uint32_t strtab(const std::string &N) {
    return uint32_t(Strtab.getOffset(N));
  }
  /// The string table laid out as LLVM's COFF writer lays it out (sorted,
  /// tails shared), so an unchanged graph writes the same bytes.
  void collectStrings() {
    for (const Section *S : Secs)
      if (S->Name.size() > C::NameSize)
        Strtab.add(S->Name);
    for (const Symbol *Y : Syms)
      if (Y->Name.size() > C::NameSize)
        Strtab.add(Y->Name);
    Strtab.finalize();
  }

  Outcome symbolTable() {
    for (const Symbol *Y : Syms) {
      SymbolFacts F = symbolFacts(*Y);
      std::string Rec;
      name(Rec, Y->Name, false);
      int32_t SecNum = 0;
      uint32_t Value = 0;
      switch (Y->Def) {
      case Definition::Defined:
        if (!SecNumber.count(Y->Sec))
          return unsupported("symbol '" + Y->Name +
                             "' is defined in a section not written");
        SecNum = int32_t(SecNumber[Y->Sec]);
        Value = uint32_t(Y->Value);
        break;
      case Definition::Common:
        Value = uint32_t(Y->Size);
        break;
      case Definition::Absolute:
        SecNum = F.Has && F.SectionNumber < 0 ? F.SectionNumber
                                              : C::IMAGE_SYM_ABSOLUTE;
        Value = uint32_t(Y->Value);
        break;
      case Definition::Undefined:
        break;
      }
      uint8_t Storage;
      bool Global = Y->Bind != Binding::Local;
      if (F.Has && F.Storage != C::IMAGE_SYM_CLASS_EXTERNAL &&
          F.Storage != C::IMAGE_SYM_CLASS_STATIC)
        Storage = F.Storage; // file, label, weak external, ...
      else if (Y->Bind == Binding::Weak && !F.Has)
        return unsupported("weak symbol '" + Y->Name +
                           "' built without a COFF weak-external record");
      else
        Storage = Global                        ? C::IMAGE_SYM_CLASS_EXTERNAL
                  : Y->Type == SymbolType::File ? C::IMAGE_SYM_CLASS_FILE
                                                : C::IMAGE_SYM_CLASS_STATIC;
      uint16_t Type = F.Has ? F.Type
                      : Y->Type == SymbolType::Function
                          ? uint16_t(C::IMAGE_SYM_DTYPE_FUNCTION
                                     << C::SCT_COMPLEX_TYPE_SHIFT)
                          : 0;
      put32(Rec, Value);
      put16(Rec, uint16_t(int16_t(SecNum)));
      put16(Rec, Type);
      Rec += char(Storage);
      uint32_t AuxN = auxCount(*Y, F);
      Rec += char(AuxN);
      std::string Aux;
      if (Outcome O = auxRecords(*Y, F, Storage, Aux))
        return O;
      Aux.resize(size_t(AuxN) * C::Symbol16Size, '\0');
      SymbolBytes += Rec;
      SymbolBytes += Aux;
    }
    return Outcome::ok();
  }

  Outcome auxRecords(const Symbol &Y, const SymbolFacts &F, uint8_t Storage,
                     std::string &Aux) {
    if (F.Has)
      Aux.assign(F.Aux);
    bool SectionDef =
        Storage == C::IMAGE_SYM_CLASS_STATIC && Y.Def == Definition::Defined &&
        Y.Value == 0 &&
        (Y.Type == SymbolType::Section || (F.Has && F.AuxCount == 1));
    if (SectionDef) {
      // Length, relocation count, line numbers, checksum, number,
      // selection: the section's as written now.
      Aux.resize(C::Symbol16Size, '\0');
      const Section &S = *Y.Sec;
      size_t NRel = Relocs.count(&S) ? Relocs[&S].size() : 0;
      write32le(&Aux[0], uint32_t(sizeOf(S)));
      write16le(&Aux[4], uint16_t(std::min<size_t>(NRel, 0xffff)));
      std::string_view D = bytesOf(S);
      llvm::JamCRC CRC(/*Init=*/0); // as LLVM's COFF writer seeds it
      CRC.update(llvm::ArrayRef<uint8_t>(
          reinterpret_cast<const uint8_t *>(D.data()), D.size()));
      write32le(&Aux[8], D.empty() ? 0 : CRC.getCRC());
      if (uint8_t(Aux[14]) == C::IMAGE_COMDAT_SELECT_ASSOCIATIVE) {
        auto It = SecByOrigNumber.find(read16le(&Aux[12]));
        if (It == SecByOrigNumber.end() || !SecNumber.count(It->second))
          return unsupported("the section COMDAT '" + S.Name +
                             "' is associated with is gone");
        write16le(&Aux[12], uint16_t(SecNumber[It->second]));
      }
    } else if (Storage == C::IMAGE_SYM_CLASS_WEAK_EXTERNAL && F.Has &&
               Aux.size() >= 4) {
      auto It = SymByOrigIndex.find(read32le(&Aux[0]));
      if (It == SymByOrigIndex.end() || !SymIndex.count(It->second))
        return unsupported("the default of weak external '" + Y.Name +
                           "' is gone");
      write32le(&Aux[0], SymIndex[It->second]);
    } else if (Storage == C::IMAGE_SYM_CLASS_FILE && !F.Has) {
      Aux = Y.Name;
    }
    return Outcome::ok();
  }

  void layOut() {
    uint32_t Off = C::Header16Size + C::SectionSize * uint32_t(Secs.size());
    // Data in the order the read found it (LLVM's, which moves COMDAT
    // sections), sections a plugin added after it in the table's order.
    std::vector<const Section *> ByData(Secs);
    std::stable_sort(
        ByData.begin(), ByData.end(), [](const Section *A, const Section *B) {
          SectionFacts FA = sectionFacts(*A), FB = sectionFacts(*B);
          uint64_t KA = FA.Has ? FA.DataOffset : UINT64_MAX;
          uint64_t KB = FB.Has ? FB.DataOffset : UINT64_MAX;
          // At one offset an empty section came first.
          return KA != KB ? KA < KB : A->bytes().empty() && !B->bytes().empty();
        });
    std::string Data;
    std::unordered_map<const Section *, std::pair<uint32_t, uint32_t>> At;
    std::unordered_map<const Section *, uint32_t> Chars;
    for (const Section *S : ByData) {
      SectionFacts F = sectionFacts(*S);
      const std::vector<Reloc> &Rs = Relocs[S];
      uint32_t Ch = F.Has ? F.Characteristics : derivedCharacteristics(*S);
      Ch = (Ch & ~(0x00F00000u | C::IMAGE_SCN_LNK_NRELOC_OVFL)) |
           alignmentBits(S->Alignment);
      bool Overflow = Rs.size() >= 0xffff;
      if (Overflow)
        Ch |= C::IMAGE_SCN_LNK_NRELOC_OVFL;
      Chars[S] = Ch;
      // A physical section (not uninitialized data) has a place even when
      // empty, as LLVM gives it.
      bool Physical = !(Ch & C::IMAGE_SCN_CNT_UNINITIALIZED_DATA);
      uint32_t RawOff = Physical ? Off + uint32_t(Data.size()) : 0;
      Data += bytesOf(*S);
      uint32_t RelOff = Rs.empty() ? 0 : Off + uint32_t(Data.size());
      At[S] = {RawOff, RelOff};
      if (Overflow) { // the count, in the first entry
        put32(Data, uint32_t(Rs.size() + 1));
        put32(Data, 0);
        put16(Data, 0);
      }
      for (const Reloc &R : Rs) {
        put32(Data, R.Offset);
        put32(Data, R.Symbol);
        put16(Data, R.Type);
      }
    }
    std::string Table;
    for (const Section *S : Secs) {
      size_t NRel = Relocs[S].size();
      name(Table, S->Name, true);
      put32(Table, 0); // VirtualSize
      put32(Table, 0); // VirtualAddress
      put32(Table, uint32_t(sizeOf(*S)));
      put32(Table, At[S].first);
      put32(Table, At[S].second);
      put32(Table, 0); // line numbers
      put16(Table, uint16_t(NRel >= 0xffff ? 0xffff : NRel));
      put16(Table, 0);
      put32(Table, Chars[S]);
    }
    Out.clear();
    put16(Out, Machine);
    put16(Out, uint16_t(Secs.size()));
    put32(Out, 0); // a reproducible time stamp
    put32(Out, Off + uint32_t(Data.size()));
    put32(Out, SymbolCount);
    put16(Out, 0);
    put16(Out, 0);
    Out += Table;
    Out += Data;
    Out += SymbolBytes;
    llvm::SmallString<256> Str;
    llvm::raw_svector_ostream OS(Str);
    Strtab.write(OS);
    Out += Str.str();
  }

  struct Reloc {
    uint32_t Offset, Symbol;
    uint16_t Type;
  };
  const Graph &G;
  std::string &Out;
  uint16_t Machine = 0;
  std::vector<const Section *> Secs;
  std::vector<const Symbol *> Syms;
  std::unordered_map<const Section *, uint32_t> SecNumber;
  std::unordered_map<uint32_t, const Section *> SecByOrigNumber;
  std::unordered_map<const Symbol *, uint32_t> SymIndex;
  std::unordered_map<uint32_t, const Symbol *> SymByOrigIndex;
  std::unordered_map<const Section *, std::vector<Reloc>> Relocs;
  std::unordered_map<const Section *, std::string> Patched;
  llvm::StringTableBuilder Strtab{llvm::StringTableBuilder::WinCOFF};
  std::string SymbolBytes;
  uint32_t SymbolCount = 0;
};

} // namespace

Outcome writeCOFF(const Graph &G, std::string &Out) {
  return Writer(G, Out).run();
}

} // namespace neverc::object
