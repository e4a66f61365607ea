//===- Image.cpp - What a linked ELF image says of itself -----------------===//
//
// The facts NevercBinaryImageInfo and the segment and section pagers give,
// read from the image's bytes with llvm::object's ELF reader, and the
// host's own audit of those bytes (neverc.link.verify_final_image uses the
// same reading: an image whose facts cannot be read is refused).
//
// Project decisions: a segment's Name is its program header type
// ("PT_LOAD", ...: ELF segments have no names); ImageBase is the lowest
// p_vaddr - p_offset of the PT_LOAD segments (the address the file's first
// byte is mapped at); imports and exports are the dynamic symbol table's
// undefined and defined global symbols; DynamicRelocationCount counts the
// entries of the allocated SHT_RELA, SHT_REL and SHT_RELR sections.
//
//===----------------------------------------------------------------------===//
#include "neverc/link/Image.h"
#include "neverc/object/ELF.h"

#include "llvm/Support/Error.h"

#include "llvm/Object/ELF.h"

#include <cstdio>

namespace neverc::link {
namespace {

using ELFT = llvm::object::ELF64LE;

uint64_t segmentFlags(uint32_t PF) {
  uint64_t F = 0;
  if (PF & llvm::ELF::PF_R)
    F |= NEVERC_BINARY_SEGMENT_READ;
  if (PF & llvm::ELF::PF_W)
    F |= NEVERC_BINARY_SEGMENT_WRITE;
  if (PF & llvm::ELF::PF_X)
    F |= NEVERC_BINARY_SEGMENT_EXECUTE;
  return F;
}

bool fail(std::string &Error, std::string Why) {
  Error = std::move(Why);
  return false;
}

} // namespace

std::string segmentTypeName(uint32_t Type) {
  switch (Type) {
  case llvm::ELF::PT_NULL: return "PT_NULL";
  case llvm::ELF::PT_LOAD: return "PT_LOAD";
  case llvm::ELF::PT_DYNAMIC: return "PT_DYNAMIC";
  case llvm::ELF::PT_INTERP: return "PT_INTERP";
  case llvm::ELF::PT_NOTE: return "PT_NOTE";
  case llvm::ELF::PT_SHLIB: return "PT_SHLIB";
  case llvm::ELF::PT_PHDR: return "PT_PHDR";
  case llvm::ELF::PT_TLS: return "PT_TLS";
  case llvm::ELF::PT_GNU_EH_FRAME: return "PT_GNU_EH_FRAME";
  case llvm::ELF::PT_GNU_STACK: return "PT_GNU_STACK";
  case llvm::ELF::PT_GNU_RELRO: return "PT_GNU_RELRO";
  case llvm::ELF::PT_GNU_PROPERTY: return "PT_GNU_PROPERTY";
  default: {
    char Buf[24];
    std::snprintf(Buf, sizeof Buf, "PT_0x%x", Type);
    return Buf;
  }
  }
}

bool readImageFacts(std::string_view Bytes, ImageFacts &F, std::string &Error) {
  F = ImageFacts();
  if (Bytes.size() < sizeof(ELFT::Ehdr) || Bytes.compare(0, 4, "\x7f" "ELF"))
    return fail(Error, "it is not an ELF file");
  if (Bytes[llvm::ELF::EI_CLASS] != llvm::ELF::ELFCLASS64 ||
      Bytes[llvm::ELF::EI_DATA] != llvm::ELF::ELFDATA2LSB)
    return fail(Error, "it is not a 64-bit little-endian ELF file (the only "
                       "kind neverc links yet)");
  auto File = llvm::object::ELFFile<ELFT>::create(
      llvm::StringRef(Bytes.data(), Bytes.size()));
  if (!File)
    return fail(Error, llvm::toString(File.takeError()));
  const ELFT::Ehdr &H = File->getHeader();
  F.ElfType = H.e_type;
  F.Machine = H.e_machine;
  F.Entry = H.e_entry;
  auto Phdrs = File->program_headers();
  if (!Phdrs)
    return fail(Error, "its program headers are broken: " +
                           llvm::toString(Phdrs.takeError()));
  uint64_t Base = ~uint64_t(0);
  for (const ELFT::Phdr &P : *Phdrs) {
    if (P.p_offset > Bytes.size() || P.p_filesz > Bytes.size() - P.p_offset)
      return fail(Error, "a " + segmentTypeName(P.p_type) +
                             " segment lies past the end of the file");
    if (P.p_type == llvm::ELF::PT_LOAD) {
      if (P.p_filesz > P.p_memsz)
        return fail(Error, "a PT_LOAD segment has more file than memory");
      if (P.p_vaddr >= P.p_offset)
        Base = std::min<uint64_t>(Base, P.p_vaddr - P.p_offset);
    }
    SegmentFact S;
    S.Type = P.p_type;
    S.Name = segmentTypeName(P.p_type);
    S.Flags = segmentFlags(P.p_flags);
    S.Address = P.p_vaddr;
    S.MemorySize = P.p_memsz;
    S.FileOffset = P.p_offset;
    S.FileSize = P.p_filesz;
    S.Alignment = P.p_align;
    F.Segments.push_back(S);
  }
  F.ImageBase = Base == ~uint64_t(0) ? 0 : Base;
  auto Sections = File->sections();
  if (!Sections)
    return fail(Error, "its section table is broken: " +
                           llvm::toString(Sections.takeError()));
  for (const ELFT::Shdr &S : *Sections) {
    if (S.sh_type == llvm::ELF::SHT_NULL)
      continue;
    auto Name = File->getSectionName(S);
    if (!Name)
      return fail(Error, "a section name is broken: " +
                             llvm::toString(Name.takeError()));
    SectionFact X;
    X.Name = Name->str();
    object::SectionKind K = object::elfSectionKind(
        S.sh_type, S.sh_flags, std::string_view(X.Name), H.e_machine);
    X.Kind = uint32_t(K);
    X.Flags = object::elfSectionFlags(S.sh_flags, K);
    X.Address = S.sh_addr;
    X.MemorySize = S.sh_size;
    X.FileOffset = S.sh_offset;
    X.FileSize = S.sh_type == llvm::ELF::SHT_NOBITS ? 0 : S.sh_size;
    X.Alignment = S.sh_addralign;
    if (X.FileSize && (S.sh_offset > Bytes.size() ||
                       X.FileSize > Bytes.size() - S.sh_offset))
      return fail(Error, "section " + X.Name + " lies past the end of the file");
    if (S.sh_flags & llvm::ELF::SHF_ALLOC)
      for (size_t I = 0; I < F.Segments.size(); ++I) {
        const SegmentFact &Seg = F.Segments[I];
        if (Seg.Type == llvm::ELF::PT_LOAD && S.sh_addr >= Seg.Address &&
            S.sh_addr + S.sh_size <= Seg.Address + Seg.MemorySize) {
          X.Segment = int64_t(I);
          break;
        }
      }
    if ((S.sh_flags & llvm::ELF::SHF_ALLOC) &&
        (S.sh_type == llvm::ELF::SHT_RELA || S.sh_type == llvm::ELF::SHT_REL ||
         S.sh_type == llvm::ELF::SHT_RELR) &&
        S.sh_entsize)
      F.DynamicRelocations += S.sh_size / S.sh_entsize;
    if (S.sh_type == llvm::ELF::SHT_DYNSYM) {
      auto Syms = File->symbols(&S);
      if (!Syms)
        return fail(Error, "its dynamic symbol table is broken: " +
                               llvm::toString(Syms.takeError()));
      for (const ELFT::Sym &Sym : Syms->empty() ? *Syms : Syms->drop_front()) {
        if (Sym.getBinding() == llvm::ELF::STB_LOCAL)
          continue;
        if (Sym.st_shndx == llvm::ELF::SHN_UNDEF)
          ++F.Imports;
        else
          ++F.Exports;
      }
    }
    F.Sections.push_back(std::move(X));
  }
  return true;
}

} // namespace neverc::link
