//===- Inputs.h - A link's inputs, read and resolved as lld does -*- C++ -*-===//
//
// LLVM-free. The first two steps of the graph linker: every input of a
// request read (objects into object graphs, archives as lazy members,
// shared libraries as their dynamic symbols, linker scripts expanded), and
// the symbol resolution that decides which archive members the link
// extracts, with lld 22's semantics:
//  - inputs are read in command-line order; an archive's members are lazy
//    object files, in member order, each offering its defined globals;
//  - an object's defined globals are resolved before its undefined ones;
//  - a non-weak undefined reference to a lazy symbol extracts its member
//    at once (recursively), and so does a lazy symbol offered for a
//    non-weak undefined one; a weak undefined never extracts;
//  - a definition, a common or a shared symbol over a lazy one extracts
//    nothing; so lld's --fortran-common default;
//  - --undefined names are references from no file ("<internal>") made
//    before any input is read; the entry symbol extracts what it names
//    after every input.
// What it records is what lld's --why-extract writes: who referenced what
// symbol to extract which member.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_LINK_INPUTS_H
#define NEVERC_LINK_INPUTS_H

#include "neverc/link/Request.h"
#include "neverc/lto/LTO.h"
#include "neverc/object/Graph.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace neverc::link {

/// One file the link reads: from the command line or named by a script.
struct InputFile {
  uint32_t Kind = NEVERC_LINK_INPUT_UNKNOWN;
  uint64_t Flags = 0; ///< NEVERC_LINK_INPUT_FLAG_*
  std::string Path;   ///< as given (what diagnostics and --why-extract say)
  int32_t Script = -1; ///< the script input that named it
  /// Found through -l: a shared library without a soname is then needed
  /// by its file name, else by the path as given (lld's rule).
  bool ByName = false;
};

/// A member of an archive input.
struct ArchiveMember {
  uint32_t Input = 0;
  std::string Name;
  /// The member's contents, inside its archive's buffer (LinkInputs::
  /// Buffers keeps it; an in-memory read's caller keeps its bytes).
  std::string_view Bytes;
  bool Extracted = false;
  int32_t Object = -1; ///< its object once extracted
  bool IsBitcode = false;
  int32_t Bitcode = -1; ///< its bitcode file once extracted
};

/// A bitcode file in the link (LTO): an input, or an extracted member.
/// Its symbols resolve as an object's do until lto_generate compiles it.
struct BitcodeFile {
  uint32_t Input = 0;
  int32_t Member = -1;
  std::string Name; ///< "path" or "archive(member)"
  std::string_view Bytes;
  lto::BitcodeInfo Info;
  /// Per Info.Comdats: the group is this file's (the first of its name).
  std::vector<bool> KeptComdats;
};

/// An object file in the link: an input, or an extracted member.
struct LinkObject {
  uint32_t Input = 0;
  int32_t Member = -1;
  std::string Name; ///< "path" or "archive(member)"
  object::Graph Graph;
};

/// A shared library input: what it defines and what it needs.
struct SharedLibrary {
  uint32_t Input = 0;
  uint16_t Machine = 0; ///< its e_machine (read_inputs checks the target)
  /// Its DT_SONAME; without one, the name lld gives it (the file name
  /// when -l found it, else the path as given): what DT_NEEDED says.
  std::string Soname;
  std::vector<std::string> Needed;
  /// The symbols it references (what an executable must export to it).
  std::vector<std::string> Undefined;
};

struct LinkSymbol {
  enum State : uint8_t { Undefined, Lazy, Defined, Common, Shared };
  std::string Name;
  State S = Undefined;
  bool Weak = false;
  /// Who holds it: the object (Defined, Common, Undefined: the first
  /// referencing one; -1 for a command-line reference or a bitcode file),
  /// the lazy member, the shared library.
  int32_t Object = -1, Member = -1, Library = -1;
  /// The bitcode file that defines it or first referenced it (Object is
  /// then -1), until LTO's objects take its place.
  int32_t Bitcode = -1;
  /// Something outside bitcode sees it: a regular object defines or
  /// references it, a shared library references it, or the command line
  /// names it (-u, the entry). LTO must keep it.
  bool RegularRef = false;
  /// A shared library references it: an executable exports it.
  bool SharedRef = false;
  /// The undefined reference came from a shared library (Library).
  bool FromLibrary = false;
  /// Shared: the definition's STT_* type, st_size and version name in its
  /// library ("" when it is unversioned or the base version).
  uint8_t SharedType = 0;
  uint64_t SharedSize = 0, SharedValue = 0;
  std::string SharedVersion;
};

/// One extraction, as --why-extract reports it.
struct Extraction {
  std::string Reference; ///< the referencing file, or "--undefined" ...
  uint32_t Member = 0;
  std::string Symbol;
};

struct LinkInputs {
  /// --wrap: an object's undefined reference to a key names the value
  /// instead (SYM -> __wrap_SYM, __real_SYM -> SYM). Set before reading.
  std::unordered_map<std::string, std::string> Wrap;
  std::vector<InputFile> Files;
  std::vector<ArchiveMember> Members;
  std::vector<std::unique_ptr<LinkObject>> Objects;
  std::vector<SharedLibrary> Libraries;
  /// Bitcode files (stable addresses: symbols point into them).
  std::vector<std::unique_ptr<BitcodeFile>> Bitcode;
  /// The objects LTO made are Objects[LtoObjectsBegin...] (-1: none yet).
  int32_t LtoObjectsBegin = -1;
  /// The COMDAT signatures kept so far (the first group of a name wins).
  std::unordered_set<std::string> Groups;
  std::vector<LinkSymbol> Symbols;
  /// Name -> Symbols index: open addressing over the names' xxh3 hashes
  /// (lld's symbol table), the names kept once in an arena (Inputs.cpp).
  class NameIndex {
  public:
    NameIndex();
    ~NameIndex();
    NameIndex(NameIndex &&) noexcept;
    NameIndex &operator=(NameIndex &&) noexcept;
    /// The index of \p Name, or -1.
    int32_t lookup(std::string_view Name) const;
    /// \p Name's index, \p Next when it is new (then the bool is true).
    std::pair<uint32_t, bool> insert(std::string_view Name, uint32_t Next);

  private:
    struct Table;
    std::unique_ptr<Table> T;
  } SymbolIndex;
  std::vector<Extraction> Extractions;
  /// The files read from disk (mapped, not copied): archive members are
  /// views into them.
  std::vector<std::shared_ptr<const void>> Buffers;

  /// "archive(member)" for a member.
  std::string memberName(uint32_t Member) const;
  /// lld's --why-extract text.
  std::string whyExtract() const;
};

/// Reads and resolves the inputs of \p R; \p Undefined are the
/// --undefined symbols and \p Entry the entry symbol ("" for none).
/// False: \p Error says which file could not be read or what it holds that
/// this reader does not take yet (bitcode, an unknown script command).
bool readInputs(const LinkRequestModel &R,
                const std::vector<std::string> &Undefined,
                const std::string &Entry, LinkInputs &Out, std::string &Error);

/// The objects LTO made from \p In's bitcode join the link: every
/// prevailing bitcode definition becomes undefined, then the objects are
/// read as inputs are (after every other, lld's order; their COMDAT groups
/// were LTO's to decide). False: \p Error says why (an archive member with
/// bitcode that only LTO's code references: lld's "extracted after LTO").
bool addLtoObjects(std::vector<lto::Product> Products, LinkInputs &In,
                   std::string &Error);

/// One input from memory, read and resolved alone (a file a script names
/// is not opened: an error). For fuzzing the readers and for tools.
/// \p Bytes must outlive \p Out (archive members are views into it).
bool readInputBuffer(const std::string &Name, std::string_view Bytes,
                     LinkInputs &Out, std::string &Error);

} // namespace neverc::link

#endif
