//===- Reader.cpp - ELF relocatable → object graph ------------------------===//
//
// Sections become graph sections, except the tables the writer derives
// from the graph again: the symbol table and its string table, the
// section-name table, relocation sections (their entries become
// relocations) and SHT_GROUP sections (they become COMDATs). Every entity
// carries its native facts (NCSE/NCSY/NCRL); the graph keeps the original
// header, section headers and string tables (Native).
//
// Input is untrusted (objects on a command line, archive members): every
// index, offset and size is checked through llvm::object::ELFFile, and
// every entity through the graph's own descriptor checks before it is
// added. What this reader cannot represent exactly (ELF32, big-endian, REL
// or CREL relocations, more than 0xfeff sections, non-COMDAT groups) is
// refused with Errc::Unsupported and a message naming the fact.
//
//===----------------------------------------------------------------------===//
#include "ELFFacts.h"

#include "neverc/object/ELF.h"
#include <unordered_map>

#include "llvm/Object/ELF.h"
#include "llvm/Support/Error.h"

#include <cstring>

namespace neverc::object {
namespace {

using ELFT = llvm::object::ELF64LE;
using Shdr = ELFT::Shdr;

Outcome malformed(std::string Why) {
  return Outcome::fail(Errc::InvalidArgument, "malformed ELF object: " + Why);
}
Outcome unsupported(std::string Why) {
  return Outcome::fail(Errc::Unsupported, Why);
}
Outcome fromError(llvm::Error E) {
  return malformed(llvm::toString(std::move(E)));
}

Binding bindingOf(uint8_t B) {
  switch (B) {
  case llvm::ELF::STB_LOCAL:
    return Binding::Local;
  case llvm::ELF::STB_GLOBAL:
    return Binding::Global;
  case llvm::ELF::STB_WEAK:
    return Binding::Weak;
  case llvm::ELF::STB_GNU_UNIQUE:
    return Binding::Unique;
  default:
    return Binding::FormatExtension;
  }
}
SymbolType typeOf(uint8_t T) {
  switch (T) {
  case llvm::ELF::STT_NOTYPE:
    return SymbolType::NoType;
  case llvm::ELF::STT_OBJECT:
    return SymbolType::Object;
  case llvm::ELF::STT_FUNC:
    return SymbolType::Function;
  case llvm::ELF::STT_SECTION:
    return SymbolType::Section;
  case llvm::ELF::STT_FILE:
    return SymbolType::File;
  case llvm::ELF::STT_TLS:
    return SymbolType::TLS;
  case llvm::ELF::STT_GNU_IFUNC:
    return SymbolType::IndirectFunction;
  default:
    return SymbolType::FormatExtension;
  }
}
Visibility visibilityOf(uint8_t Other) {
  switch (Other & 3) {
  case llvm::ELF::STV_DEFAULT:
    return Visibility::Default;
  case llvm::ELF::STV_INTERNAL:
    return Visibility::Internal;
  case llvm::ELF::STV_HIDDEN:
    return Visibility::Hidden;
  default:
    return Visibility::Protected;
  }
}

elf::SectionFacts factsOf(const Shdr &S, uint32_t Index) {
  elf::SectionFacts F;
  F.Index = Index;
  F.Type = S.sh_type;
  F.Flags = S.sh_flags;
  F.Addr = S.sh_addr;
  F.Offset = S.sh_offset;
  F.EntSize = S.sh_entsize;
  F.Link = S.sh_link;
  F.Info = S.sh_info;
  return F;
}

} // namespace

SectionKind elfSectionKind(uint32_t Type, uint64_t F, std::string_view N,
                           uint16_t Machine) {
  llvm::StringRef Name(N.data(), N.size());
  bool NoBits = Type == llvm::ELF::SHT_NOBITS;
  if (F & llvm::ELF::SHF_TLS)
    return NoBits ? SectionKind::TLSZeroFill : SectionKind::TLSData;
  if (NoBits)
    return SectionKind::ZeroFill;
  if (Name.starts_with(".debug") || Name.starts_with(".zdebug"))
    return SectionKind::Debug;
  if (Name == ".eh_frame" ||
      (Machine == llvm::ELF::EM_X86_64 && Type == llvm::ELF::SHT_X86_64_UNWIND))
    return SectionKind::Unwind;
  if (F & llvm::ELF::SHF_EXECINSTR)
    return SectionKind::Text;
  if (F & llvm::ELF::SHF_ALLOC)
    return (F & llvm::ELF::SHF_WRITE) ? SectionKind::Data
                                      : SectionKind::ReadOnlyData;
  return SectionKind::FormatExtension;
}

uint64_t elfSectionFlags(uint64_t F, SectionKind K) {
  uint64_t Out = 0;
  if (F & llvm::ELF::SHF_ALLOC)
    Out |= SectionFlag::Allocated;
  if (F & llvm::ELF::SHF_EXECINSTR)
    Out |= SectionFlag::Executable;
  if (F & llvm::ELF::SHF_WRITE)
    Out |= SectionFlag::Writable;
  if (F & llvm::ELF::SHF_MERGE)
    Out |= SectionFlag::Mergeable;
  if (F & llvm::ELF::SHF_STRINGS)
    Out |= SectionFlag::Strings;
  if (F & llvm::ELF::SHF_TLS)
    Out |= SectionFlag::TLS;
  if (K == SectionKind::Debug)
    Out |= SectionFlag::Debug;
  if (K == SectionKind::Unwind)
    Out |= SectionFlag::Unwind;
  if (F & llvm::ELF::SHF_EXCLUDE)
    Out |= SectionFlag::Discardable;
  if (F & llvm::ELF::SHF_GNU_RETAIN)
    Out |= SectionFlag::Retain;
  return Out;
}

Outcome readELF(std::string_view Bytes, Graph &G, bool Borrow,
                bool DeferNonAlloc) {
  if (Bytes.size() < 64 || std::memcmp(Bytes.data(),
                                       "\x7f"
                                       "ELF",
                                       4))
    return malformed("no ELF header");
  if (uint8_t(Bytes[4]) != llvm::ELF::ELFCLASS64 ||
      uint8_t(Bytes[5]) != llvm::ELF::ELFDATA2LSB)
    return unsupported("only 64-bit little-endian ELF objects are read "
                       "(x86-64, AArch64)");
  auto FileOr = llvm::object::ELFFile<ELFT>::create(
      llvm::StringRef(Bytes.data(), Bytes.size()));
  if (!FileOr)
    return fromError(FileOr.takeError());
  const llvm::object::ELFFile<ELFT> &File = *FileOr;
  const auto &Eh = File.getHeader();
  if (Eh.e_type != llvm::ELF::ET_REL)
    return unsupported("not a relocatable object (e_type " +
                       std::to_string(Eh.e_type) + ")");
  auto SectionsOr = File.sections();
  if (!SectionsOr)
    return fromError(SectionsOr.takeError());
  auto Shdrs = *SectionsOr;
  // LLVM 22's own check of the section header table can wrap for a huge
  // count (tests/fuzz/ObjectInputFuzz.cpp): check the range ourselves.
  {
    const char *B = reinterpret_cast<const char *>(Shdrs.begin());
    const char *E = reinterpret_cast<const char *>(Shdrs.end());
    if (Eh.e_shoff != 0 &&
        (B < Bytes.data() || E < B || E > Bytes.data() + Bytes.size() ||
         Shdrs.size() > Bytes.size() / sizeof(Shdr)))
      return malformed("the section header table lies outside the file");
  }
  if (Shdrs.size() >= llvm::ELF::SHN_LORESERVE)
    return unsupported("more than " +
                       std::to_string(llvm::ELF::SHN_LORESERVE - 1) +
                       " sections (extended section numbering)");
  uint16_t Machine = Eh.e_machine;

  auto N = std::make_unique<elf::Native>();
  std::memcpy(N->Ehdr.data(), Bytes.data(), 64);
  for (const Shdr &S : Shdrs)
    N->Shdrs.push_back({S.sh_name, S.sh_type, S.sh_flags, S.sh_addr,
                        S.sh_offset, S.sh_size, S.sh_link, S.sh_info,
                        S.sh_addralign, S.sh_entsize});
  auto ShstrOr = File.getSectionStringTable(Shdrs);
  if (!ShstrOr)
    return fromError(ShstrOr.takeError());
  N->ShstrtabIndex = File.getHeader().e_shstrndx;
  N->Shstrtab = ShstrOr->str();

  // Which sections the writer derives, and the symbol table.
  const Shdr *Symtab = nullptr;
  for (const Shdr &S : Shdrs) {
    switch (S.sh_type) {
    case llvm::ELF::SHT_SYMTAB:
      if (Symtab)
        return malformed("two symbol tables");
      Symtab = &S;
      break;
    case llvm::ELF::SHT_REL:
      return unsupported("REL relocations (without addends) are not read; "
                         "x86-64 and AArch64 objects use RELA");
    case llvm::ELF::SHT_CREL:
      return unsupported("CREL relocations are not read");
    case llvm::ELF::SHT_SYMTAB_SHNDX:
      return unsupported("extended section indexes (SHT_SYMTAB_SHNDX)");
    case llvm::ELF::SHT_DYNSYM:
      return malformed("a dynamic symbol table in a relocatable object");
    default:
      break;
    }
  }
  llvm::StringRef Strtab;
  llvm::ArrayRef<ELFT::Sym> Syms;
  if (Symtab) {
    N->SymtabIndex = uint32_t(Symtab - Shdrs.begin());
    N->StrtabIndex = Symtab->sh_link;
    auto StrOr = File.getStringTableForSymtab(*Symtab, Shdrs);
    if (!StrOr)
      return fromError(StrOr.takeError());
    Strtab = *StrOr;
    N->Strtab = Strtab.str();
    auto SymsOr = File.symbols(Symtab);
    if (!SymsOr)
      return fromError(SymsOr.takeError());
    Syms = *SymsOr;
  }
  auto Derived = [&](uint32_t I, const Shdr &S) {
    return I == 0 || &S == Symtab || (Symtab && I == N->StrtabIndex) ||
           I == N->ShstrtabIndex || S.sh_type == llvm::ELF::SHT_RELA ||
           S.sh_type == llvm::ELF::SHT_GROUP;
  };

  // COMDAT groups first: sections name the one they belong to.
  std::vector<Comdat *> GroupOf(Shdrs.size(), nullptr);
  for (uint32_t I = 0; I < Shdrs.size(); ++I) {
    const Shdr &S = Shdrs[I];
    if (S.sh_type != llvm::ELF::SHT_GROUP)
      continue;
    auto WordsOr =
        File.template getSectionContentsAsArray<llvm::support::ulittle32_t>(S);
    if (!WordsOr)
      return fromError(WordsOr.takeError());
    llvm::ArrayRef<llvm::support::ulittle32_t> W = *WordsOr;
    if (W.empty())
      return malformed("SHT_GROUP section " + std::to_string(I) + " is empty");
    if (!(W[0] & llvm::ELF::GRP_COMDAT))
      return unsupported("a section group that is not a COMDAT (section " +
                         std::to_string(I) + ")");
    if (!Symtab || S.sh_info == 0 || S.sh_info >= Syms.size())
      return malformed("SHT_GROUP section " + std::to_string(I) +
                       " names no signature symbol");
    const ELFT::Sym &Sig = Syms[S.sh_info];
    auto NameOr = Sig.getName(Strtab);
    if (!NameOr)
      return fromError(NameOr.takeError());
    std::string Name = NameOr->str();
    if (Name.empty() && Sig.getType() == llvm::ELF::STT_SECTION &&
        Sig.st_shndx < Shdrs.size()) {
      auto SecName = File.getSectionName(Shdrs[Sig.st_shndx], *ShstrOr);
      if (!SecName)
        return fromError(SecName.takeError());
      Name = SecName->str();
    }
    ComdatFields F;
    F.Name = Name;
    F.Selection = ComdatSelection::Any;
    F.Ext = elf::encode(factsOf(S, I));
    if (Outcome O = G.checkComdat(F, nullptr))
      return O;
    Comdat *C = G.appendComdat(std::move(F));
    for (size_t M = 1; M < W.size(); ++M) {
      if (W[M] == 0 || W[M] >= Shdrs.size())
        return malformed("SHT_GROUP section " + std::to_string(I) +
                         " names section " + std::to_string(W[M]));
      GroupOf[W[M]] = C;
    }
  }

  G.reserveSections(Shdrs.size());
  std::vector<Section *> SectionAt(Shdrs.size(), nullptr);
  for (uint32_t I = 1; I < Shdrs.size(); ++I) {
    const Shdr &S = Shdrs[I];
    if (Derived(I, S))
      continue;
    auto NameOr = File.getSectionName(S, *ShstrOr);
    if (!NameOr)
      return fromError(NameOr.takeError());
    SectionFields F;
    F.Name = NameOr->str();
    F.Kind = elfSectionKind(S.sh_type, S.sh_flags, std::string_view(*NameOr),
                            Machine);
    F.Flags = elfSectionFlags(S.sh_flags, F.Kind);
    F.Alignment = S.sh_addralign;
    if (F.Alignment & (F.Alignment - 1))
      return malformed("section '" + F.Name + "' has alignment " +
                       std::to_string(F.Alignment));
    if (S.sh_type == llvm::ELF::SHT_NOBITS) {
      F.ZeroFillSize = S.sh_size;
    } else {
      auto DataOr = File.getSectionContents(S);
      if (!DataOr)
        return fromError(DataOr.takeError());
      std::string_view View(reinterpret_cast<const char *>(DataOr->data()),
                            DataOr->size());
      if (Borrow)
        F.Borrowed = View;
      else
        F.Data.assign(View);
      if (F.Kind == SectionKind::ZeroFill || F.Kind == SectionKind::TLSZeroFill)
        return malformed("section '" + F.Name + "'");
    }
    F.Group = GroupOf[I];
    F.Ext = elf::encode(factsOf(S, I));
    if (Outcome O = G.checkSection(F, nullptr))
      return malformed(O.Message);
    SectionAt[I] = G.appendSection(std::move(F));
  }

  G.reserveSymbols(Syms.size());
  std::vector<Symbol *> SymbolAt(Syms.size(), nullptr);
  for (uint32_t I = 1; I < Syms.size(); ++I) {
    const ELFT::Sym &Y = Syms[I];
    auto NameOr = Y.getName(Strtab);
    if (!NameOr)
      return fromError(NameOr.takeError());
    SymbolFields F;
    F.Name = NameOr->str();
    F.Bind = bindingOf(Y.getBinding());
    F.Vis = visibilityOf(Y.st_other);
    F.Type = typeOf(Y.getType());
    F.Value = Y.st_value;
    F.Size = Y.st_size;
    switch (Y.st_shndx) {
    case llvm::ELF::SHN_UNDEF:
      F.Def = Definition::Undefined;
      break;
    case llvm::ELF::SHN_ABS:
      F.Def = Definition::Absolute;
      break;
    case llvm::ELF::SHN_COMMON:
      F.Def = Definition::Common;
      F.Alignment = Y.st_value;
      break;
    default:
      if (Y.st_shndx >= Shdrs.size() || !SectionAt[Y.st_shndx])
        return malformed("symbol " + std::to_string(I) + " ('" + F.Name +
                         "') is defined in section " +
                         std::to_string(Y.st_shndx) +
                         ", which holds no content");
      F.Def = Definition::Defined;
      F.Sec = SectionAt[Y.st_shndx];
      F.Group = F.Sec->Group;
      break;
    }
    bool Local = F.Bind == Binding::Local;
    if (F.Def == Definition::Undefined && !Local)
      F.Flags |= SymbolFlag::Imported;
    if (F.Def != Definition::Undefined && !Local &&
        (F.Vis == Visibility::Default || F.Vis == Visibility::Protected))
      F.Flags |= SymbolFlag::Exported;
    elf::SymbolFacts SF;
    SF.Info = Y.st_info;
    SF.Other = Y.st_other;
    SF.Shndx = Y.st_shndx;
    SF.NameOffset = Y.st_name;
    SF.Size = Y.st_size;
    SF.Named = !F.Name.empty();
    SF.Index = I;
    F.Ext = elf::encode(SF);
    if (Outcome O = G.checkSymbol(F, nullptr))
      return malformed(O.Message);
    SymbolAt[I] = G.appendSymbol(std::move(F));
  }

  // Deferred: the relocations of a non-allocated section, in a linker's
  // borrowed read.
  auto Deferred = [&](const Shdr &S) {
    return DeferNonAlloc && Borrow && S.sh_info < Shdrs.size() &&
           !(Shdrs[S.sh_info].sh_flags & llvm::ELF::SHF_ALLOC);
  };
  {
    size_t Relas = 0; // (a malformed size is refused below, by LLVM)
    for (const Shdr &S : Shdrs)
      if (S.sh_type == llvm::ELF::SHT_RELA && S.sh_size <= Bytes.size() &&
          !Deferred(S))
        Relas += S.sh_size / sizeof(ELFT::Rela);
    G.reserveRelocations(Relas);
  }
  for (uint32_t I = 1; I < Shdrs.size(); ++I) {
    const Shdr &S = Shdrs[I];
    if (S.sh_type != llvm::ELF::SHT_RELA)
      continue;
    if (S.sh_info >= Shdrs.size() || !SectionAt[S.sh_info])
      return malformed("relocation section " + std::to_string(I) +
                       " patches section " + std::to_string(S.sh_info) +
                       ", which holds no content");
    if (!Symtab || S.sh_link != N->SymtabIndex)
      return malformed("relocation section " + std::to_string(I) +
                       " does not use the symbol table");
    N->RelaOf[S.sh_info] = I;
    Section *Target = SectionAt[S.sh_info];
    std::unordered_map<uint32_t, Extension> RecordOf;
    auto RelasOr = File.relas(S);
    if (!RelasOr)
      return fromError(RelasOr.takeError());
    if (Deferred(S)) {
      // Checked as the reader checks them, then left as they are.
      for (const ELFT::Rela &R : *RelasOr)
        if (R.getSymbol(false) >= SymbolAt.size())
          return malformed("a relocation in section " +
                           std::to_string(S.sh_info) + " names symbol " +
                           std::to_string(R.getSymbol(false)));
      Target->DeferredRelas =
          std::string_view(reinterpret_cast<const char *>(RelasOr->data()),
                           RelasOr->size() * sizeof(ELFT::Rela));
      continue;
    }
    for (const ELFT::Rela &R : *RelasOr) {
      uint32_t Type = R.getType(false), SymIndex = R.getSymbol(false);
      elf::RelocMeaning M = elf::meaningOf(Machine, Type);
      RelocationFields F;
      F.Sec = Target;
      F.Offset = R.r_offset;
      F.Kind = M.Kind;
      F.Width = M.Width;
      F.PCRel = M.PCRel;
      F.Signed = M.Signed;
      F.Addend = R.r_addend;
      if (SymIndex) {
        if (SymIndex >= SymbolAt.size())
          return malformed("a relocation in section " +
                           std::to_string(S.sh_info) + " names symbol " +
                           std::to_string(SymIndex));
        F.Target = RelocTarget::Symbol;
        F.TargetSymbol = SymbolAt[SymIndex];
        if (F.TargetSymbol->Type == SymbolType::Section)
          F.TargetSection = F.TargetSymbol->Sec;
      } else {
        F.Target = RelocTarget::Absolute;
      }
      // A file uses a handful of types: each record is made once.
      auto [It, New] = RecordOf.try_emplace(Type);
      if (New)
        It->second =
            elf::encode(elf::RelocFacts{Type, elf::relocName(Machine, Type)});
      F.Ext = It->second;
      if (Outcome O = G.checkRelocation(F, nullptr))
        return malformed(O.Message);
      G.appendRelocation(std::move(F));
    }
  }
  G.Triple = elf::tripleOf(Machine);
  G.Format = ELFFormat;
  G.Native = std::move(N);
  return Outcome::ok();
}

void DeferredRelocations::decode(const Graph &G, const Section &S, size_t K,
                                 Relocation &Out) {
  using llvm::support::endian::read64le;
  const char *P = S.DeferredRelas.data() + 24 * K;
  const uint64_t Info = read64le(P + 8);
  const uint32_t Type = uint32_t(Info), SymIndex = uint32_t(Info >> 32);
  const elf::RelocMeaning M = elf::meaningOf(Machine, Type);
  RelocationFields &F = Out;
  F = RelocationFields();
  F.Sec = const_cast<Section *>(&S);
  F.Offset = read64le(P);
  F.Kind = M.Kind;
  F.Width = M.Width;
  F.PCRel = M.PCRel;
  F.Signed = M.Signed;
  F.Addend = int64_t(read64le(P + 16));
  // (The read checked every index.)
  if (SymIndex) {
    F.Target = RelocTarget::Symbol;
    F.TargetSymbol = G.symbolAt(SymIndex - 1);
    if (F.TargetSymbol->Type == SymbolType::Section)
      F.TargetSection = F.TargetSymbol->Sec;
  } else {
    F.Target = RelocTarget::Absolute;
  }
  for (const auto &[T, E] : Records)
    if (T == Type) {
      F.Ext = E;
      return;
    }
  Records.push_back({Type, elf::encode(elf::RelocFacts{
                               Type, elf::relocName(Machine, Type)})});
  F.Ext = Records.back().second;
}

} // namespace neverc::object
