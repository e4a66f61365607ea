//===- ELFFacts.h - What the ELF reader leaves for the ELF writer -*- C++ -*-=//
//
// The NCSE/NCSY/NCRL extension records (their byte layout is documented in
// PluginObject.h) and the native tables a read keeps: the original header,
// section headers and string tables. With them the writer gives back the
// same bytes for a graph nobody changed, and keeps every name offset,
// index and flag that a change did not touch.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_LIB_ELF_ELFFACTS_H
#define NEVERC_OBJECT_LIB_ELF_ELFFACTS_H

#include "neverc/object/Graph.h"

#include "llvm/BinaryFormat/ELF.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace neverc::object::elf {

/// NCSE v2: a section's native header facts (56 bytes).
struct SectionFacts {
  uint32_t Index = 0, Type = 0;
  uint64_t Flags = 0, Addr = 0, Offset = 0, EntSize = 0;
  uint32_t Link = 0, Info = 0;
};
/// NCSY v2: a symbol's native facts (32 bytes).
struct SymbolFacts {
  uint8_t Info = 0, Other = 0;
  uint16_t Shndx = 0;
  uint32_t NameOffset = 0;
  uint64_t Size = 0;
  uint32_t Named = 0; ///< 0: the native name is empty (anonymous)
  uint32_t Index = 0; ///< the symbol's index in the table read
};
/// NCRL v1: a relocation's native type and its official name.
struct RelocFacts {
  uint32_t Type = 0;
  std::string Name;
};

Extension encode(const SectionFacts &F);
Extension encode(const SymbolFacts &F);
Extension encode(const RelocFacts &F);
/// Null when \p E is not an ELF record of that kind (another owner, a
/// wrong tag or version, a short payload).
std::optional<SectionFacts> sectionFacts(const Extension &E);
std::optional<SymbolFacts> symbolFacts(const Extension &E);
std::optional<RelocFacts> relocFacts(const Extension &E);

/// A section header as read (host order).
struct Header {
  uint32_t Name = 0, Type = 0;
  uint64_t Flags = 0, Addr = 0, Offset = 0, Size = 0;
  uint32_t Link = 0, Info = 0;
  uint64_t AddrAlign = 0, EntSize = 0;
};

/// The tables of the file read.
class Native final : public FormatState {
public:
  FormatID format() const override { return ELFFormat; }
  std::array<uint8_t, 64> Ehdr{};
  std::vector<Header> Shdrs;
  uint32_t SymtabIndex = 0, StrtabIndex = 0, ShstrtabIndex = 0;
  std::string Strtab, Shstrtab; ///< the same bytes when one table serves
  /// Content section index → the index of the SHT_RELA patching it.
  std::unordered_map<uint32_t, uint32_t> RelaOf;
  uint16_t machine() const { return uint16_t(Ehdr[18] | Ehdr[19] << 8); }
};

/// A native relocation type's normalized meaning.
struct RelocMeaning {
  RelocKind Kind = RelocKind::TargetExtension;
  uint32_t Width = 0;
  bool PCRel = false, Signed = false;
};
RelocMeaning meaningOf(uint16_t Machine, uint32_t Type);
/// The native type that says \p M on \p Machine (the first in the table).
std::optional<uint32_t> typeFor(uint16_t Machine, const RelocMeaning &M);
std::string relocName(uint16_t Machine, uint32_t Type);

/// The e_machine of a triple's architecture (0: not one we write).
uint16_t machineOf(const std::string &Triple);
/// The triple a machine is read as.
std::string tripleOf(uint16_t Machine);

} // namespace neverc::object::elf

#endif
