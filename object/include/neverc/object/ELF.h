//===- ELF.h - The built-in ELF reader and writer ---------------*- C++ -*-===//
//
// LLVM-free interface, for the compiler and for tools that use the graph
// alone. Reads and writes 64-bit little-endian relocatable ELF (x86-64,
// AArch64). A read keeps the file's native facts (extensions NCSE, NCSY,
// NCRL on the entities; header, section headers and string tables on the
// graph), and a write of a graph nobody changed gives the same bytes.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_ELF_H
#define NEVERC_OBJECT_ELF_H

#include "neverc/object/Graph.h"

#include <string>
#include <string_view>

namespace neverc::object {

/// Writer policies (NEVERC_OBJECT_WRITE_* bit positions).
namespace WriteFlag {
constexpr uint64_t CanonicalELFTables = 1u << 0, AndroidKernelRelease = 1u << 1,
                   DropDebugInfo = 1u << 2, Known = 7;
} // namespace WriteFlag

/// Whether \p Flags is a legal combination: 0, CANONICAL_ELF_TABLES alone,
/// or with DROP_DEBUG_INFO and/or ANDROID_KERNEL_RELEASE.
bool legalWriteFlags(uint64_t Flags);

/// The object schema's kind and flags of an ELF section (sh_type,
/// sh_flags, its name, e_machine): what the reader gives every section,
/// and what a linked image's sections are described with.
SectionKind elfSectionKind(uint32_t Type, uint64_t Flags, std::string_view Name,
                           uint16_t Machine);
uint64_t elfSectionFlags(uint64_t Flags, SectionKind K);

/// The native facts an ELF read left on an entity (for a linker working on
/// the graph): sh_type and sh_flags of a section, the relocation type.
/// 0 when the entity carries no ELF record (it was built, not read).
uint32_t elfSectionType(const Section &S);
uint64_t elfNativeSectionFlags(const Section &S);
uint64_t elfSectionEntSize(const Section &S);
uint32_t elfRelocType(const Relocation &R);
/// The native record of a section that was built, not read (a linker's
/// note): what the writer gives it for sh_type, sh_flags, sh_entsize.
Extension elfSectionRecord(uint32_t Type, uint64_t Flags, uint64_t EntSize);

/// The e_machine a triple's architecture has (0: not one read or written
/// here), and the triple an e_machine is read as (the reader's own map).
uint16_t elfMachineOf(const std::string &Triple);
std::string elfTripleOf(uint16_t Machine);

/// ELF relocatable → \p G (empty). On failure \p G holds part of the file:
/// throw it away. \p Borrow: sections keep views into \p Bytes (which
/// must then outlive \p G) instead of copies, as a linker reads.
/// \p DeferNonAlloc (with Borrow): the relocations of non-allocated
/// sections (debug data: most of a -g object's) stay raw in their section
/// (Section::DeferredRelas), checked but made into no entity, as lld
/// reads them; a graph read so is a linker's, not one to write or merge.
Outcome readELF(std::string_view Bytes, Graph &G, bool Borrow = false,
                bool DeferNonAlloc = false);

/// The relocations a DeferNonAlloc read left raw, decoded one at a time as
/// the reader would have made them (into a Relocation the graph does not
/// hold). One decoder serves every graph of a machine (a link's): it keeps
/// the few type records it made, shared by what it decodes.
class DeferredRelocations {
public:
  explicit DeferredRelocations(uint16_t Machine) : Machine(Machine) {}
  static size_t count(const Section &S) { return S.DeferredRelas.size() / 24; }
  /// The \p K-th raw entry of \p S's: an identity that lasts the graph's
  /// life (a linker keys a plugin's retarget by it).
  static const void *entry(const Section &S, size_t K) {
    return S.DeferredRelas.data() + 24 * K;
  }
  /// The \p K-th of \p S's relocations (\p S one of \p G's) into \p Out.
  void decode(const Graph &G, const Section &S, size_t K, Relocation &Out);

private:
  uint16_t Machine;
  std::vector<std::pair<uint32_t, Extension>> Records;
};
/// \p G → ELF relocatable in \p Out. \p Flags must be legal.
Outcome writeELF(const Graph &G, uint64_t Flags, std::string &Out);

} // namespace neverc::object

#endif
