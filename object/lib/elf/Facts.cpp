//===- Facts.cpp - ELF extension records and relocation meanings ----------===//
//
// The records are little-endian and packed, tag first: a record with
// another tag or version is not ours and is ignored (the writer then falls
// back on the normalized fields). The relocation tables say what each
// native type of x86-64 and AArch64 means in the object schema's terms;
// types no kind describes are TARGET_EXTENSION with their width.
//
//===----------------------------------------------------------------------===//
#include "ELFFacts.h"
#include "LittleEndian.h"

#include "llvm/Object/ELF.h"
#include "llvm/Support/Endian.h"

#include <cstring>

namespace neverc::object::elf {
namespace {

using llvm::support::endian::read16le;
using llvm::support::endian::read32le;
using llvm::support::endian::read64le;

constexpr uint32_t SectionSize = 56, SymbolSize = 32, RelocHead = 16;

bool ours(const Extension &E, const char *Tag, uint32_t Version,
          size_t Min) {
  return E.owner() == ELFFormat && E.version() == Version &&
         E.bytes().size() >= Min && !std::memcmp(E.bytes().data(), Tag, 4) &&
         read32le(E.bytes().data() + 4) == Version;
}

} // namespace

Extension encode(const SectionFacts &F) {
  std::string B;
  B.reserve(SectionSize);
  B.append("NCSE", 4);
  put32(B, 2);
  put32(B, F.Index);
  put32(B, F.Type);
  put64(B, F.Flags);
  put64(B, F.Addr);
  put64(B, F.Offset);
  put64(B, F.EntSize);
  put32(B, F.Link);
  put32(B, F.Info);
  return Extension(ELFFormat, 2, B);
}

Extension encode(const SymbolFacts &F) {
  std::string B;
  B.reserve(SymbolSize);
  B.append("NCSY", 4);
  put32(B, 2);
  B.push_back(char(F.Info));
  B.push_back(char(F.Other));
  put16(B, F.Shndx);
  put32(B, F.NameOffset);
  put64(B, F.Size);
  put32(B, F.Named);
  put32(B, F.Index);
  return Extension(ELFFormat, 2, B);
}

Extension encode(const RelocFacts &F) {
  std::string B;
  B.reserve(RelocHead + F.Name.size());
  B.append("NCRL", 4);
  put32(B, 1);
  put32(B, F.Type);
  put32(B, uint32_t(F.Name.size()));
  B += F.Name;
  return Extension(ELFFormat, 1, B);
}

std::optional<SectionFacts> sectionFacts(const Extension &E) {
  if (!ours(E, "NCSE", 2, SectionSize))
    return std::nullopt;
  const char *P = E.bytes().data();
  SectionFacts F;
  F.Index = read32le(P + 8);
  F.Type = read32le(P + 12);
  F.Flags = read64le(P + 16);
  F.Addr = read64le(P + 24);
  F.Offset = read64le(P + 32);
  F.EntSize = read64le(P + 40);
  F.Link = read32le(P + 48);
  F.Info = read32le(P + 52);
  return F;
}

std::optional<SymbolFacts> symbolFacts(const Extension &E) {
  if (!ours(E, "NCSY", 2, SymbolSize))
    return std::nullopt;
  const char *P = E.bytes().data();
  SymbolFacts F;
  F.Info = uint8_t(P[8]);
  F.Other = uint8_t(P[9]);
  F.Shndx = read16le(P + 10);
  F.NameOffset = read32le(P + 12);
  F.Size = read64le(P + 16);
  F.Named = read32le(P + 24);
  F.Index = read32le(P + 28);
  return F;
}

std::optional<RelocFacts> relocFacts(const Extension &E) {
  if (!ours(E, "NCRL", 1, RelocHead))
    return std::nullopt;
  const char *P = E.bytes().data();
  uint32_t Len = read32le(P + 12);
  if (E.bytes().size() - RelocHead < Len)
    return std::nullopt;
  return RelocFacts{read32le(P + 8), std::string(P + RelocHead, Len)};
}

//===----------------------------------------------------------------------===//
// Relocation meanings
//===----------------------------------------------------------------------===//

namespace {

struct Row {
  uint32_t Type;
  RelocKind Kind;
  uint8_t Width;
  bool PCRel, Signed;
};

using K = RelocKind;
// Ordered so that typeFor() finds the type a compiler writes for a meaning
// first (R_X86_64_PLT32 before GOT-less branches, 32S before 32, ...).
constexpr Row X86_64[] = {
    {llvm::ELF::R_X86_64_64, K::Absolute, 8, false, false},
    {llvm::ELF::R_X86_64_PC32, K::PCRelative, 4, true, true},
    {llvm::ELF::R_X86_64_PLT32, K::PLTRelative, 4, true, true},
    {llvm::ELF::R_X86_64_32S, K::Absolute, 4, false, true},
    {llvm::ELF::R_X86_64_32, K::Absolute, 4, false, false},
    {llvm::ELF::R_X86_64_16, K::Absolute, 2, false, false},
    {llvm::ELF::R_X86_64_8, K::Absolute, 1, false, false},
    {llvm::ELF::R_X86_64_PC16, K::PCRelative, 2, true, true},
    {llvm::ELF::R_X86_64_PC8, K::PCRelative, 1, true, true},
    {llvm::ELF::R_X86_64_PC64, K::PCRelative, 8, true, true},
    {llvm::ELF::R_X86_64_REX_GOTPCRELX, K::GOTRelative, 4, true, true},
    {llvm::ELF::R_X86_64_GOTPCRELX, K::GOTRelative, 4, true, true},
    {llvm::ELF::R_X86_64_GOTPCREL, K::GOTRelative, 4, true, true},
    {llvm::ELF::R_X86_64_CODE_4_GOTPCRELX, K::GOTRelative, 4, true, true},
    {llvm::ELF::R_X86_64_GOT32, K::GOTRelative, 4, false, true},
    {llvm::ELF::R_X86_64_GOTPC32, K::GOTRelative, 4, true, true},
    {llvm::ELF::R_X86_64_GOTOFF64, K::GOTRelative, 8, false, true},
    {llvm::ELF::R_X86_64_GOT64, K::GOTRelative, 8, false, true},
    {llvm::ELF::R_X86_64_GOTPCREL64, K::GOTRelative, 8, true, true},
    {llvm::ELF::R_X86_64_GOTPC64, K::GOTRelative, 8, true, true},
    {llvm::ELF::R_X86_64_GOTPLT64, K::GOTRelative, 8, false, true},
    {llvm::ELF::R_X86_64_PLTOFF64, K::PLTRelative, 8, false, true},
    {llvm::ELF::R_X86_64_TPOFF32, K::TLS, 4, false, true},
    {llvm::ELF::R_X86_64_GOTTPOFF, K::TLS, 4, true, true},
    {llvm::ELF::R_X86_64_TLSGD, K::TLS, 4, true, true},
    {llvm::ELF::R_X86_64_TLSLD, K::TLS, 4, true, true},
    {llvm::ELF::R_X86_64_DTPOFF32, K::TLS, 4, false, true},
    {llvm::ELF::R_X86_64_DTPOFF64, K::TLS, 8, false, true},
    {llvm::ELF::R_X86_64_TPOFF64, K::TLS, 8, false, true},
    {llvm::ELF::R_X86_64_DTPMOD64, K::TLS, 8, false, false},
    {llvm::ELF::R_X86_64_GOTPC32_TLSDESC, K::TLS, 4, true, true},
    {llvm::ELF::R_X86_64_CODE_4_GOTTPOFF, K::TLS, 4, true, true},
    {llvm::ELF::R_X86_64_CODE_4_GOTPC32_TLSDESC, K::TLS, 4, true, true},
    {llvm::ELF::R_X86_64_TLSDESC_CALL, K::TLS, 0, false, false},
    {llvm::ELF::R_X86_64_SIZE32, K::TargetExtension, 4, false, false},
    {llvm::ELF::R_X86_64_SIZE64, K::TargetExtension, 8, false, false},
    {llvm::ELF::R_X86_64_NONE, K::TargetExtension, 0, false, false},
};

// AArch64 types patch instruction fields: Width is the 4-byte word they
// patch (8/4/2 for the data types).
constexpr Row AArch64[] = {
    {llvm::ELF::R_AARCH64_ABS64, K::Absolute, 8, false, false},
    {llvm::ELF::R_AARCH64_ABS32, K::Absolute, 4, false, false},
    {llvm::ELF::R_AARCH64_ABS16, K::Absolute, 2, false, false},
    {llvm::ELF::R_AARCH64_PREL64, K::PCRelative, 8, true, true},
    {llvm::ELF::R_AARCH64_PREL32, K::PCRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_PREL16, K::PCRelative, 2, true, true},
    {llvm::ELF::R_AARCH64_CALL26, K::PLTRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_JUMP26, K::PLTRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_PLT32, K::PLTRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_ADR_PREL_PG_HI21, K::PCRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_ADR_PREL_LO21, K::PCRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_LD_PREL_LO19, K::PCRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_CONDBR19, K::PCRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_TSTBR14, K::PCRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_ADD_ABS_LO12_NC, K::Absolute, 4, false, false},
    {llvm::ELF::R_AARCH64_LDST8_ABS_LO12_NC, K::Absolute, 4, false, false},
    {llvm::ELF::R_AARCH64_LDST16_ABS_LO12_NC, K::Absolute, 4, false, false},
    {llvm::ELF::R_AARCH64_LDST32_ABS_LO12_NC, K::Absolute, 4, false, false},
    {llvm::ELF::R_AARCH64_LDST64_ABS_LO12_NC, K::Absolute, 4, false, false},
    {llvm::ELF::R_AARCH64_LDST128_ABS_LO12_NC, K::Absolute, 4, false, false},
    {llvm::ELF::R_AARCH64_ADR_GOT_PAGE, K::GOTRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_LD64_GOT_LO12_NC, K::GOTRelative, 4, false, false},
    {llvm::ELF::R_AARCH64_GOTPCREL32, K::GOTRelative, 4, true, true},
    {llvm::ELF::R_AARCH64_TLSLE_ADD_TPREL_HI12, K::TLS, 4, false, false},
    {llvm::ELF::R_AARCH64_TLSLE_ADD_TPREL_LO12_NC, K::TLS, 4, false, false},
    {llvm::ELF::R_AARCH64_TLSIE_ADR_GOTTPREL_PAGE21, K::TLS, 4, true, true},
    {llvm::ELF::R_AARCH64_TLSIE_LD64_GOTTPREL_LO12_NC, K::TLS, 4, false,
     false},
    {llvm::ELF::R_AARCH64_TLSDESC_ADR_PAGE21, K::TLS, 4, true, true},
    {llvm::ELF::R_AARCH64_TLSDESC_LD64_LO12, K::TLS, 4, false, false},
    {llvm::ELF::R_AARCH64_TLSDESC_ADD_LO12, K::TLS, 4, false, false},
    {llvm::ELF::R_AARCH64_TLSDESC_CALL, K::TLS, 0, false, false},
    {llvm::ELF::R_AARCH64_NONE, K::TargetExtension, 0, false, false},
};

llvm::ArrayRef<Row> rowsOf(uint16_t Machine) {
  switch (Machine) {
  case llvm::ELF::EM_X86_64:
    return X86_64;
  case llvm::ELF::EM_AARCH64:
    return AArch64;
  default:
    return {};
  }
}

} // namespace

RelocMeaning meaningOf(uint16_t Machine, uint32_t Type) {
  for (const Row &R : rowsOf(Machine))
    if (R.Type == Type)
      return {R.Kind, R.Width, R.PCRel, R.Signed};
  // Unknown to the tables (MOVW groups, dynamic types): the target's own.
  // AArch64 instruction relocations patch one 4-byte word.
  RelocMeaning M;
  M.Width = Machine == llvm::ELF::EM_AARCH64 && Type >= 256 ? 4 : 0;
  return M;
}

std::optional<uint32_t> typeFor(uint16_t Machine, const RelocMeaning &M) {
  for (const Row &R : rowsOf(Machine))
    if (R.Kind == M.Kind && R.Width == M.Width && R.PCRel == M.PCRel &&
        R.Signed == M.Signed)
      return R.Type;
  return std::nullopt;
}

std::string relocName(uint16_t Machine, uint32_t Type) {
  return llvm::object::getELFRelocationTypeName(Machine, Type).str();
}

uint16_t machineOf(const std::string &Triple) {
  llvm::StringRef A = llvm::StringRef(Triple).split('-').first;
  if (A == "x86_64" || A == "amd64")
    return llvm::ELF::EM_X86_64;
  if (A == "aarch64" || A == "arm64")
    return llvm::ELF::EM_AARCH64;
  return 0;
}

std::string tripleOf(uint16_t Machine) {
  switch (Machine) {
  case llvm::ELF::EM_X86_64:
    return "x86_64-unknown-linux-gnu";
  case llvm::ELF::EM_AARCH64:
    return "aarch64-unknown-linux-gnu";
  default:
    return "unknown-unknown-unknown";
  }
}

} // namespace neverc::object::elf

namespace neverc::object {

uint16_t elfMachineOf(const std::string &Triple) {
  return elf::machineOf(Triple);
}
std::string elfTripleOf(uint16_t Machine) { return elf::tripleOf(Machine); }

uint32_t elfSectionType(const Section &S) {
  auto F = elf::sectionFacts(S.Ext);
  return F ? F->Type : 0;
}

uint64_t elfSectionEntSize(const Section &S) {
  auto F = elf::sectionFacts(S.Ext);
  return F ? F->EntSize : 0;
}

uint64_t elfNativeSectionFlags(const Section &S) {
  auto F = elf::sectionFacts(S.Ext);
  return F ? F->Flags : 0;
}

Extension elfSectionRecord(uint32_t Type, uint64_t Flags, uint64_t EntSize) {
  elf::SectionFacts F;
  F.Type = Type;
  F.Flags = Flags;
  F.EntSize = EntSize;
  return elf::encode(F);
}

uint32_t elfRelocType(const Relocation &R) {
  // The type is the first word of the record; its name is not needed here.
  const Extension &E = R.Ext;
  if (E.owner() != ELFFormat || E.bytes().size() < 12 ||
      std::memcmp(E.bytes().data(), "NCRL", 4) != 0)
    return 0;
  const auto *P = reinterpret_cast<const unsigned char *>(E.bytes().data()) + 8;
  return uint32_t(P[0]) | uint32_t(P[1]) << 8 | uint32_t(P[2]) << 16 |
         uint32_t(P[3]) << 24;
}

} // namespace neverc::object
