//===- Emit.cpp - emit_image: the ELF file, in memory ---------------------===//
//
// ELF header, program headers, every section's bytes at its offset, the
// symbol table (each object's named locals after its STT_FILE, hidden and
// linker-made symbols as locals, then the globals; as lld writes it),
// .strtab, .shstrtab and the section headers. --build-id=fast hashes the
// whole file with XXH3 (lld's "fast") and writes the 8 bytes into the note.
//
//===----------------------------------------------------------------------===//
#include "Arch.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/xxhash.h"

namespace neverc::link::graph {
namespace {

/// A string table; Dedup: each string once (.shstrtab). .strtab is not
/// deduplicated, as lld's is not: a hash of every symbol name costs a big
/// link more than the bytes it saves.
struct StringTable {
  std::string Bytes{'\0'};
  bool Dedup = true;
  std::unordered_map<std::string, uint32_t> At;
  uint32_t add(const std::string &S) {
    if (S.empty())
      return 0;
    if (!Dedup) {
      const uint32_t Offset = uint32_t(Bytes.size());
      Bytes.append(S.data(), S.size() + 1); // with its NUL
      return Offset;
    }
    auto [It, New] = At.try_emplace(S, uint32_t(Bytes.size()));
    if (New) {
      Bytes += S;
      Bytes.push_back('\0');
    }
    return It->second;
  }
};

uint8_t otherOf(object::Visibility V) {
  switch (V) {
  case object::Visibility::Hidden:
    return llvm::ELF::STV_HIDDEN;
  case object::Visibility::Protected:
    return llvm::ELF::STV_PROTECTED;
  case object::Visibility::Internal:
    return llvm::ELF::STV_INTERNAL;
  default:
    return llvm::ELF::STV_DEFAULT;
  }
}

} // namespace

bool planImage(LinkGraph &G) {
  // The symbol table.
  StringTable Str;
  Str.Dedup = false;
  std::string Sym(24, '\0'), Globals;
  uint32_t Locals = 1;
  auto Put = [&G](std::string &T, uint32_t Name, uint8_t Info, uint8_t Other,
                  uint16_t Shndx, uint64_t Value, uint64_t Size) {
    // A TLS symbol's value is its offset in the TLS segment (gABI).
    if ((Info & 0xf) == llvm::ELF::STT_TLS && Shndx &&
        Shndx < llvm::ELF::SHN_LORESERVE && Value >= G.TlsAddress)
      Value -= G.TlsAddress;
    size_t P = T.size();
    T.resize(P + 24);
    put32(T, P, Name);
    T[P + 4] = char(Info);
    T[P + 5] = char(Other);
    put16(T, P + 6, Shndx);
    put64(T, P + 8, Value);
    put64(T, P + 16, Size);
  };
  auto SectionIndexOf = [&](uint32_t Object,
                            const object::Section *Sec) -> int32_t {
    const int32_t At = G.atomOf(Object, Sec);
    if (At < 0)
      return -1;
    const Atom *A = &G.Atoms[size_t(At)];
    if (A->Leader >= 0)
      A = &G.Atoms[size_t(A->Leader)];
    return A->Out >= 0 && A->Live ? int32_t(G.Sections[size_t(A->Out)].Index)
                                  : -1;
  };
  const bool Symtab = !G.Opt.StripAll;
  if (Symtab) {
    for (uint32_t O = 0; O < G.In.Objects.size(); ++O)
      for (const object::Symbol *S : G.In.Objects[O]->Graph.symbols()) {
        if (S->Bind != object::Binding::Local || S->Name.empty() ||
            S->Type == object::SymbolType::Section)
          continue;
        if (S->Type == object::SymbolType::File) {
          Put(Sym, Str.add(S->Name), llvm::ELF::STT_FILE, 0, llvm::ELF::SHN_ABS,
              0, 0);
          ++Locals;
          continue;
        }
        uint16_t Shndx = llvm::ELF::SHN_ABS;
        uint64_t Value = S->Value;
        if (S->Def != object::Definition::Absolute) {
          int32_t I = S->Sec ? SectionIndexOf(O, S->Sec) : -1;
          if (I < 0)
            continue;
          Shndx = uint16_t(I);
          Value = G.symbolAddress(O, *S);
        }
        Put(Sym, Str.add(S->Name), uint8_t(elfSymbolType(S->Type)),
            otherOf(S->Vis), Shndx, Value, S->Size);
        ++Locals;
      }
    for (size_t I = 0; I < G.Globals.size(); ++I) {
      const GlobalSym &X = G.Globals[I];
      const std::string &Name = G.In.Symbols[I].Name;
      uint8_t Bind = llvm::ELF::STB_GLOBAL, Type = llvm::ELF::STT_NOTYPE,
              Other = 0;
      uint16_t Shndx = 0;
      uint64_t Value = X.Value, Size = X.Size;
      bool Local = false;
      switch (X.K) {
      case GlobalSym::Defined:
      case GlobalSym::Common: {
        Type = elfSymbolType(X.Def->Type);
        Other = otherOf(X.Def->Vis);
        if (X.Def->Bind == object::Binding::Weak)
          Bind = llvm::ELF::STB_WEAK;
        Local = X.Def->Vis == object::Visibility::Hidden ||
                X.Def->Vis == object::Visibility::Internal;
        if (X.Def->Def == object::Definition::Absolute) {
          Shndx = llvm::ELF::SHN_ABS;
        } else if (X.K == GlobalSym::Common) {
          Shndx = uint16_t(
              G.Sections[size_t(G.Atoms[size_t(X.CommonAtom)].Out)].Index);
        } else {
          int32_t Sx = SectionIndexOf(uint32_t(X.Object), X.Def->Sec);
          if (Sx < 0)
            continue; // in a section the link dropped
          Shndx = uint16_t(Sx);
        }
        break;
      }
      case GlobalSym::LinkerDefined:
        Local = true;
        Other = llvm::ELF::STV_HIDDEN;
        Shndx = llvm::ELF::SHN_ABS;
        for (const OutputSection &S : G.Sections)
          if (S.Flags & SHF_ALLOC && Value >= S.Address &&
              Value <= S.Address + S.Size) {
            Shndx = uint16_t(S.Index);
            break;
          }
        break;
      case GlobalSym::Shared:
        if (!X.Referenced && !X.Exported)
          continue;
        Type = G.In.Symbols[I].SharedType;
        if (X.NeedsCopy)
          Shndx = uint16_t(
              G.Sections[size_t(G.Atoms[size_t(X.CopyAtom)].Out)].Index);
        else if (!X.CanonicalPlt)
          Value = 0;
        else
          Value = G.pltAddress(uint32_t(X.Plt));
        if (!X.StrongRef && !X.NeedsCopy)
          Bind = llvm::ELF::STB_WEAK;
        break;
      case GlobalSym::Undefined:
        if (!X.Referenced)
          continue;
        Bind = llvm::ELF::STB_WEAK;
        Value = 0;
        break;
      }
      if (Local) {
        Put(Sym, Str.add(Name), uint8_t(llvm::ELF::STB_LOCAL << 4 | Type),
            Other, Shndx, Value, Size);
        ++Locals;
      } else {
        Put(Globals, Str.add(Name), uint8_t(Bind << 4 | Type), Other, Shndx,
            Value, Size);
      }
    }
    Sym += Globals;
  }

  // The tables the emitter adds after every other section.
  uint64_t End = 0;
  for (const OutputSection &S : G.Sections)
    End = std::max(End, S.Offset + (S.nobits() ? 0 : S.Size));
  for (const Segment &P : G.Segments)
    End = std::max(End, P.Offset + P.FileSize);
  const size_t Added = G.Sections.size();
  uint32_t NextIndex = uint32_t(G.Sections.size()) + 1;
  StringTable ShStr;
  for (OutputSection &S : G.Sections)
    ShStr.add(S.Name);
  auto Table = [&](const char *Name, uint32_t Type, std::string Data,
                   uint64_t Align, uint64_t EntSize) {
    OutputSection S;
    S.Name = Name;
    S.Type = Type;
    S.Align = Align;
    S.EntSize = EntSize;
    S.Data = std::move(Data);
    S.Size = S.Data.size();
    S.Index = NextIndex++;
    S.Synthetic = true;
    ShStr.add(Name);
    G.Sections.push_back(std::move(S));
    return G.Sections.size() - 1;
  };
  if (Symtab) {
    size_t SymI = Table(".symtab", SHT_SYMTAB, std::move(Sym), 8, 24);
    size_t StrI = Table(".strtab", SHT_STRTAB, Str.Bytes, 1, 0);
    G.Sections[SymI].Link = G.Sections[StrI].Index;
    G.Sections[SymI].Info = Locals;
  }
  size_t ShStrI = Table(".shstrtab", SHT_STRTAB, "", 1, 0);
  G.Sections[ShStrI].Data = ShStr.Bytes;
  G.Sections[ShStrI].Size = ShStr.Bytes.size();

  // File offsets of the added tables, then the section headers.
  for (size_t K = Added; K < G.Sections.size(); ++K) {
    OutputSection &S = G.Sections[K];
    End = alignTo(End, S.Align);
    S.Offset = End;
    End += S.Size;
  }
  const uint64_t ShOff = alignTo(End, 8);
  G.ImageShOff = ShOff;
  G.ImageSize = ShOff + 64 * (G.Sections.size() + 1);
  G.ImageShStrI = uint32_t(ShStrI);
  G.ImagePlanned = true;
  return true;
}

bool emitImage(LinkGraph &G) {
  if (!G.ImagePlanned && !planImage(G))
    return false;
  const uint64_t ShOff = G.ImageShOff, Size = G.ImageSize;
  const size_t ShNum = G.Sections.size() + 1, ShStrI = G.ImageShStrI;
  // The names went into .shstrtab in section order: the same adds give the
  // same offsets.
  StringTable ShStr;
  for (const OutputSection &S : G.Sections)
    ShStr.add(S.Name);
  char *Img;
  std::string Error;
  if (G.Sunk.data()) { // relocate wrote the sections there already
    Img = const_cast<char *>(G.Sunk.data());
  } else if (G.ImageSink && (Img = G.ImageSink(Size, Error))) {
    G.Sunk = std::string_view(Img, Size);
  } else if (!Error.empty()) {
    return G.fail(Error);
  } else { // no sink, or one that declined (an output that is a device)
    G.Image.assign(Size, '\0');
    Img = G.Image.data();
  }

  // ELF header.
  const unsigned char Ident[16] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0};
  std::memcpy(&Img[0], Ident, 16);
  put16(Img, 16, G.pic() ? llvm::ELF::ET_DYN : llvm::ELF::ET_EXEC);
  put16(Img, 18, G.Arch->Machine);
  put32(Img, 20, 1);
  put64(Img, 24, G.Entry);
  put64(Img, 32, 64);
  put64(Img, 40, ShOff);
  put32(Img, 48, 0);
  put16(Img, 52, 64);
  put16(Img, 54, 56);
  put16(Img, 56, uint16_t(G.Segments.size()));
  put16(Img, 58, 64);
  put16(Img, 60, uint16_t(ShNum));
  put16(Img, 62, uint16_t(G.Sections[ShStrI].Index));
  for (size_t K = 0; K < G.Segments.size(); ++K) {
    const Segment &P = G.Segments[K];
    size_t At = 64 + 56 * K;
    put32(Img, At, P.Type);
    put32(Img, At + 4, P.Flags);
    put64(Img, At + 8, P.Offset);
    put64(Img, At + 16, P.Address);
    put64(Img, At + 24, P.Address);
    put64(Img, At + 32, P.FileSize);
    put64(Img, At + 40, P.MemSize);
    put64(Img, At + 48, P.Align);
  }
  for (const OutputSection &S : G.Sections) {
    if (S.nobits() || S.Data.empty())
      continue;
    if (S.Offset + S.Data.size() > ShOff)
      return G.fail("internal error: section '" + S.Name +
                    "' runs past the section headers");
    std::memcpy(&Img[S.Offset], S.Data.data(),
                std::min<size_t>(S.Data.size(), S.Size));
  }
  for (const OutputSection &S : G.Sections) {
    size_t At = ShOff + 64 * S.Index;
    put32(Img, At, ShStr.add(S.Name));
    put32(Img, At + 4, S.Type);
    put64(Img, At + 8, S.Flags);
    put64(Img, At + 16, S.Address);
    put64(Img, At + 24, S.Offset);
    put64(Img, At + 32, S.Size);
    put32(Img, At + 40, S.Link);
    put32(Img, At + 44, S.Info);
    put64(Img, At + 48, S.Align);
    put64(Img, At + 56, S.EntSize);
  }
  if (G.S.BuildId >= 0) {
    uint64_t H = llvm::xxh3_64bits(
        llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(Img), Size));
    // lld writes the hash big-endian.
    for (int K = 0; K < 8; ++K)
      Img[G.Sections[size_t(G.S.BuildId)].Offset + 16 + size_t(K)] =
          char(H >> (56 - 8 * K));
  }
  return true;
}

} // namespace neverc::link::graph
