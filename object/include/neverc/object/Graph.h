//===- Graph.h - The object graph: a relocatable file, normalized -*- C++ -*-=//
//
// LLVM-free and plugin-ABI-free, so a tool that is not a compiler (the
// standalone linker, an object inspector) can link the object library and
// use the graph alone. A relocatable file becomes sections, symbols,
// relocations and COMDAT groups; every entity carries the format-owned
// facts the normalized fields cannot say (an Extension: owner, version,
// bytes) so that a write gives back what was read.
//
// Change only through a Mutation: create/replace/move/erase are staged and
// checked one by one, and commit() applies all of them or none. Every
// commit bumps the generation and drops the layout proof.
//
// Entities are never freed while the graph lives (an erased or abandoned
// one stays, marked), so a pointer held by a caller can always be asked
// whether it is still part of the graph.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_OBJECT_GRAPH_H
#define NEVERC_OBJECT_GRAPH_H

#include <atomic>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace neverc::object {

/// A 128-bit object format ID (NevercObjectFormatID).
struct FormatID {
  uint64_t High = 0, Low = 0;
  bool operator==(const FormatID &O) const {
    return High == O.High && Low == O.Low;
  }
  bool operator!=(const FormatID &O) const { return !(*this == O); }
  bool empty() const { return !High && !Low; }
};
/// The built-in formats (project decision; PluginObject.h names them).
inline constexpr FormatID ELFFormat{0x4e434f46454c4601ULL, 1};
inline constexpr FormatID COFFFormat{0x4e434f46434f4601ULL, 1};
inline constexpr FormatID MachOFormat{0x4e434f464d414301ULL, 1};

// The values are the object schema's STABLE IDs (PluginObjectSchema.inc).
enum class SectionKind : uint32_t {
  Text = 0x72000001,
  ReadOnlyData,
  Data,
  ZeroFill,
  TLSData,
  TLSZeroFill,
  Debug,
  Unwind,
  FormatExtension,
};
/// Section flags: bit n of NEVERC_OBJECT_SECTION_*.
namespace SectionFlag {
constexpr uint64_t Allocated = 1u << 0, Executable = 1u << 1,
                   Writable = 1u << 2, Mergeable = 1u << 3, Strings = 1u << 4,
                   TLS = 1u << 5, Debug = 1u << 6, Unwind = 1u << 7,
                   Discardable = 1u << 8, Retain = 1u << 9, Known = 0x3ff;
} // namespace SectionFlag
enum class Binding : uint32_t {
  Local = 0x73000001,
  Global,
  Weak,
  Unique,
  FormatExtension,
};
enum class Visibility : uint32_t {
  Default = 0x73100001,
  Hidden,
  Protected,
  Internal,
  FormatExtension,
};
enum class SymbolType : uint32_t {
  NoType = 0x73200001,
  Object,
  Function,
  Section,
  TLS,
  File,
  IndirectFunction,
  FormatExtension,
};
enum class Definition : uint32_t {
  Undefined = 0x73300001,
  Defined,
  Common,
  Absolute,
};
namespace SymbolFlag {
constexpr uint64_t Imported = 1u << 0, Exported = 1u << 1, Known = 3;
} // namespace SymbolFlag
enum class RelocKind : uint32_t {
  Absolute = 0x74000001,
  PCRelative,
  SectionRelative,
  GOTRelative,
  PLTRelative,
  TLS,
  ImageRelative,
  TargetExtension,
};
enum class RelocTarget : uint32_t {
  Symbol = 1,
  Section = 2,
  Absolute = 3,
  FormatExtension = 4,
};
enum class ComdatSelection : uint32_t {
  Any = 0x75000001,
  ExactMatch,
  SameSize,
  NoDuplicates,
  Largest,
  Associative,
};

/// Format-owned facts riding along with an entity: its owner, version
/// and bytes, immutable and shared by copies (a reader gives every
/// relocation of one type the same record, and a linker reads millions).
/// One pointer wide: the count, owner, version and size live with the
/// bytes; the empty extension (no owner) is the null pointer.
class Extension {
public:
  Extension() = default;
  Extension(FormatID Owner, uint32_t Version, std::string_view Bytes) {
    if (Owner.empty())
      return;
    void *Raw = ::operator new(sizeof(Record) + Bytes.size());
    P = new (Raw) Record{{1}, Version, Owner, Bytes.size()};
    if (!Bytes.empty())
      std::memcpy(P->bytes(), Bytes.data(), Bytes.size());
  }
  Extension(const Extension &O) : P(O.P) {
    if (P)
      P->Refs.fetch_add(1, std::memory_order_relaxed);
  }
  Extension(Extension &&O) noexcept : P(O.P) { O.P = nullptr; }
  Extension &operator=(Extension O) noexcept {
    std::swap(P, O.P);
    return *this;
  }
  ~Extension() {
    if (P && P->Refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      P->~Record();
      ::operator delete(P);
    }
  }
  bool empty() const { return !P; }
  FormatID owner() const { return P ? P->Owner : FormatID{}; }
  uint32_t version() const { return P ? P->Version : 0; }
  std::string_view bytes() const {
    return P ? std::string_view(P->bytes(), P->N) : std::string_view();
  }
  /// The same owner and version with \p Bytes.
  void setBytes(std::string_view Bytes) {
    *this = Extension(owner(), version(), Bytes);
  }

private:
  struct Record {
    std::atomic<uint32_t> Refs;
    uint32_t Version;
    FormatID Owner;
    size_t N;
    char *bytes() { return reinterpret_cast<char *>(this + 1); }
  };
  Record *P = nullptr;
};

struct Section;
struct Symbol;
struct Relocation;
struct Comdat;

/// Where an entity is in its life. Staged ones belong to an open mutation.
enum class EntityState : uint8_t { Staged, Live, Erased, Abandoned };

struct SectionFields {
  std::string Name;
  SectionKind Kind = SectionKind::Data;
  uint64_t Flags = 0;
  uint64_t Alignment = 1;
  std::string Data;          ///< empty for the zero-fill kinds
  /// The bytes when a reader borrowed them (Data empty): a view into a
  /// buffer that outlives the graph (a linker's mapped input file).
  std::string_view Borrowed;
  uint64_t ZeroFillSize = 0; ///< size of a zero-fill section
  Comdat *Group = nullptr;
  /// A linker's read (readELF's DeferNonAlloc): the raw Elf64_Rela
  /// entries patching this non-allocated section, in the borrowed buffer,
  /// made into no Relocation (DeferredRelocations decodes them).
  std::string_view DeferredRelas;
  Extension Ext;
  /// The section's bytes, owned or borrowed.
  std::string_view bytes() const {
    return Data.empty() ? Borrowed : std::string_view(Data);
  }
  /// The size the section takes in the image.
  uint64_t size() const {
    return bytes().empty() ? ZeroFillSize : bytes().size();
  }
};
struct SymbolFields {
  std::string Name; ///< may be empty: a native anonymous symbol
  Binding Bind = Binding::Local;
  Visibility Vis = Visibility::Default;
  SymbolType Type = SymbolType::NoType;
  Definition Def = Definition::Undefined;
  Section *Sec = nullptr; ///< for Defined
  uint64_t Value = 0, Size = 0, Alignment = 0;
  Comdat *Group = nullptr;
  uint64_t Flags = 0;
  Extension Ext;
};
// (Laid out widest first: a linker holds millions of relocations.)
struct RelocationFields {
  Section *Sec = nullptr; ///< the section patched
  uint64_t Offset = 0;
  int64_t Addend = 0;
  Symbol *TargetSymbol = nullptr;
  Section *TargetSection = nullptr;
  uint64_t TargetValue = 0;
  Extension Ext;
  RelocKind Kind = RelocKind::Absolute;
  RelocTarget Target = RelocTarget::Symbol;
  uint32_t Width = 0; ///< bytes patched
  uint32_t TargetExtensionKind = 0;
  bool PCRel = false, Signed = false;
};
struct ComdatFields {
  std::string Name;
  ComdatSelection Selection = ComdatSelection::Any;
  Comdat *Associated = nullptr;
  Extension Ext;
};

template <class Fields, class Self> struct Entity : Fields {
  EntityState State = EntityState::Live;
  /// Its number among its graph's entities of its kind, in creation order
  /// (never reused): a client's tables index by it instead of hashing.
  uint32_t Serial = 0;
  bool live() const { return State == EntityState::Live; }
  /// Its neighbours in the graph's order (while live; EntityList's).
  Self *Prev = nullptr, *Next = nullptr;
};

/// A graph's live entities of one kind, in order, linked through the
/// entities themselves: no node is allocated per entity (a linker reads
/// millions of relocations). Iterates as a list of pointers.
template <class T> class EntityList {
public:
  class iterator {
  public:
    using iterator_category = std::bidirectional_iterator_tag;
    using value_type = T *;
    using difference_type = std::ptrdiff_t;
    using pointer = T *const *;
    using reference = T *const &;
    iterator() = default;
    iterator(T *E, const EntityList *L) : E(E), L(L) {}
    reference operator*() const { return E; }
    iterator &operator++() {
      E = E->Next;
      return *this;
    }
    iterator operator++(int) {
      iterator Was = *this;
      ++*this;
      return Was;
    }
    iterator &operator--() {
      E = E ? E->Prev : L->Tail;
      return *this;
    }
    iterator operator--(int) {
      iterator Was = *this;
      --*this;
      return Was;
    }
    bool operator==(const iterator &O) const { return E == O.E; }
    bool operator!=(const iterator &O) const { return E != O.E; }

  private:
    T *E = nullptr;
    const EntityList *L = nullptr;
  };
  using const_iterator = iterator;
  iterator begin() const { return {Head, this}; }
  iterator end() const { return {nullptr, this}; }
  size_t size() const { return Count; }
  bool empty() const { return !Count; }
  T *front() const { return Head; }
  T *back() const { return Tail; }

  /// \p E (in no list) before \p Pos (null: at the end).
  void insert(T *Pos, T *E) {
    E->Next = Pos;
    E->Prev = Pos ? Pos->Prev : Tail;
    (E->Prev ? E->Prev->Next : Head) = E;
    (Pos ? Pos->Prev : Tail) = E;
    ++Count;
  }
  void erase(T *E) {
    (E->Prev ? E->Prev->Next : Head) = E->Next;
    (E->Next ? E->Next->Prev : Tail) = E->Prev;
    E->Prev = E->Next = nullptr;
    --Count;
  }

private:
  T *Head = nullptr, *Tail = nullptr;
  size_t Count = 0;
};
struct Section : Entity<SectionFields, Section> {};
struct Symbol : Entity<SymbolFields, Symbol> {};
struct Relocation : Entity<RelocationFields, Relocation> {};
struct Comdat : Entity<ComdatFields, Comdat> {};

/// Where a graph's entities of one kind live: chunks that never move, so
/// an entity's address is its identity for the graph's life. A reader
/// reserves what it is about to append (one allocation for a file's
/// relocations, not one each). Serial numbers follow creation order.
template <class T> class EntityStore {
public:
  T *make() {
    if (Used == Capacity)
      grow(Count / 2 > 16 ? Count / 2 : 16);
    T *E = &Chunks.back()[Used++];
    E->Serial = uint32_t(Count++);
    return E;
  }
  void reserve(size_t N) {
    if (Capacity - Used < N)
      grow(N);
  }
  size_t size() const { return Count; }
  /// The entity of serial \p Serial (made, in creation order), or null.
  /// (A reader reserves one chunk: the scan is one step.)
  T *at(size_t Serial) const {
    if (Serial >= Count)
      return nullptr;
    size_t K = Chunks.size() - 1;
    while (Firsts[K] > Serial)
      --K;
    return &Chunks[K][Serial - Firsts[K]];
  }
  /// Whether \p E is one of this store's entities (a scan of its chunks:
  /// for checks on a mutation's references, not for hot paths).
  bool contains(const T *E) const {
    const auto At = reinterpret_cast<std::uintptr_t>(E);
    for (size_t K = 0; K < Chunks.size(); ++K) {
      const auto Begin = reinterpret_cast<std::uintptr_t>(Chunks[K].get());
      if (At >= Begin && At < Begin + Sizes[K] * sizeof(T))
        return true;
    }
    return false;
  }

private:
  void grow(size_t N) {
    Chunks.push_back(std::make_unique<T[]>(N));
    Sizes.push_back(N);
    Firsts.push_back(Count);
    Used = 0;
    Capacity = N;
  }
  std::vector<std::unique_ptr<T[]>> Chunks;
  std::vector<size_t> Sizes;  ///< of each chunk
  std::vector<size_t> Firsts; ///< the serial of each chunk's first entity
  size_t Used = 0, Capacity = 0, Count = 0;
};

/// Why a graph operation was refused (mapped to NevercStatus at the C
/// boundary).
enum class Errc : uint8_t {
  None,
  InvalidArgument, ///< a descriptor field out of its set, a bad reference
  InvalidState,    ///< the graph's state forbids it (dangling references)
  NotFound,
  StaleHandle, ///< an erased or abandoned entity
  Unsupported, ///< the format cannot say it
};
struct Outcome {
  Errc Code = Errc::None;
  std::string Message;
  explicit operator bool() const { return Code != Errc::None; } ///< failed
  static Outcome ok() { return {}; }
  static Outcome fail(Errc C, std::string M) { return {C, std::move(M)}; }
};

/// What a layout proved: the generation it laid out, for which target and
/// format. A write checks it against the graph.
struct LayoutProof {
  uint64_t Generation = 0;
  FormatID Format;
};

/// Format-private state a reader leaves for its writer (the ELF reader's
/// native tables); opaque to everyone else.
class FormatState {
public:
  virtual ~FormatState();
  virtual FormatID format() const = 0;
};

class Mutation;

class Graph {
public:
  Graph();
  ~Graph();
  Graph(const Graph &) = delete;
  Graph &operator=(const Graph &) = delete;

  /// The target: an LLVM triple spelling (e.g. x86_64-unknown-linux-gnu).
  std::string Triple;
  /// The format the graph came from (or is meant for).
  FormatID Format;
  /// What the reader left for the writer; may be null (a built graph).
  std::unique_ptr<FormatState> Native;

  uint64_t generation() const { return Generation; }
  const LayoutProof *layoutProof() const {
    return HasProof ? &Proof : nullptr;
  }
  /// The generation the last layout proved (0: never laid out), valid or
  /// not.
  uint64_t lastLaidOut() const { return Proof.Generation; }
  /// Records that the current generation was laid out for \p Format.
  const LayoutProof &proveLayout(FormatID Format);

  // Live entities in order (erased and staged ones are not in the lists).
  const EntityList<Section> &sections() const { return SectionOrder; }
  const EntityList<Symbol> &symbols() const { return SymbolOrder; }
  const EntityList<Relocation> &relocations() const { return RelocOrder; }
  const EntityList<Comdat> &comdats() const { return ComdatOrder; }
  /// How many serial numbers each kind has given (Entity::Serial is below).
  size_t sectionSerials() const { return AllSections.size(); }
  /// The symbol made \p Serial-th (a reader's: symbol table index - 1).
  Symbol *symbolAt(size_t Serial) const { return AllSymbols.at(Serial); }
  size_t symbolSerials() const { return AllSymbols.size(); }
  /// Room for \p N more of a kind in one allocation (a reader's count).
  void reserveSections(size_t N) { AllSections.reserve(N); }
  void reserveSymbols(size_t N) { AllSymbols.reserve(N); }
  void reserveRelocations(size_t N) { AllRelocs.reserve(N); }

  /// The entity after \p E in its list, or null.
  Section *next(const Section *E) const;
  Symbol *next(const Symbol *E) const;
  Relocation *next(const Relocation *E) const;
  Comdat *next(const Comdat *E) const;

  /// Readers fill a fresh graph directly (no mutation, no generation bump).
  Section *appendSection(SectionFields F);
  Symbol *appendSymbol(SymbolFields F);
  Relocation *appendRelocation(RelocationFields F);
  Comdat *appendComdat(ComdatFields F);

  /// Opens a mutation; one may be open at a time (null otherwise).
  std::unique_ptr<Mutation> beginMutation();
  bool mutationOpen() const { return Open; }

  /// Checks a descriptor against the graph (references must be live or
  /// staged in \p M). Used by readers of untrusted formats too.
  Outcome checkSection(const SectionFields &F, const Mutation *M) const;
  Outcome checkSymbol(const SymbolFields &F, const Mutation *M) const;
  Outcome checkRelocation(const RelocationFields &F, const Mutation *M) const;
  Outcome checkComdat(const ComdatFields &F, const Mutation *M) const;

private:
  friend class Mutation;
  /// A new entity of its kind (Serial set), owned by the graph.
  template <class T> T *make();
  template <class T> bool usable(const T *E, const Mutation *M) const;
  /// Whether \p E is this graph's (a mutation may not name another's).
  bool owns(const Section *E) const { return AllSections.contains(E); }
  bool owns(const Symbol *E) const { return AllSymbols.contains(E); }
  bool owns(const Relocation *E) const { return AllRelocs.contains(E); }
  bool owns(const Comdat *E) const { return AllComdats.contains(E); }
  bool ownsRefs(const SectionFields &F) const;
  bool ownsRefs(const SymbolFields &F) const;
  bool ownsRefs(const RelocationFields &F) const;
  bool ownsRefs(const ComdatFields &F) const;

  uint64_t Generation = 1;
  bool HasProof = false;
  LayoutProof Proof;
  bool Open = false;
  EntityList<Section> SectionOrder;
  EntityList<Symbol> SymbolOrder;
  EntityList<Relocation> RelocOrder;
  EntityList<Comdat> ComdatOrder;
  // Owners of every entity ever made (never shrink while the graph lives).
  EntityStore<Section> AllSections;
  EntityStore<Symbol> AllSymbols;
  EntityStore<Relocation> AllRelocs;
  EntityStore<Comdat> AllComdats;
};

/// A staged change. Each call checks its own step; commit() checks what
/// only the whole can tell (nothing live left pointing at an erased
/// entity) and then applies every step, or none. Destroyed while still
/// open, it abandons.
class Mutation {
public:
  explicit Mutation(Graph &G);
  ~Mutation();
  Mutation(const Mutation &) = delete;
  Mutation &operator=(const Mutation &) = delete;

  Graph &graph() { return G; }
  bool open() const { return Open; }

  Outcome createSection(const SectionFields &F, Section *&Out);
  Outcome replaceSection(Section *S, const SectionFields &F);
  Outcome moveSectionBefore(Section *S, Section *Position);
  Outcome eraseSection(Section *S);
  Outcome createSymbol(const SymbolFields &F, Symbol *&Out);
  Outcome replaceSymbol(Symbol *S, const SymbolFields &F);
  Outcome moveSymbolBefore(Symbol *S, Symbol *Position);
  Outcome eraseSymbol(Symbol *S);
  Outcome createRelocation(const RelocationFields &F, Relocation *&Out);
  Outcome replaceRelocation(Relocation *R, const RelocationFields &F);
  Outcome moveRelocationBefore(Relocation *R, Relocation *Position);
  Outcome eraseRelocation(Relocation *R);
  Outcome createComdat(const ComdatFields &F, Comdat *&Out);
  Outcome replaceComdat(Comdat *C, const ComdatFields &F);
  Outcome moveComdatBefore(Comdat *C, Comdat *Position);
  Outcome eraseComdat(Comdat *C);

  Outcome commit();
  void abandon();

  /// Whether \p E was created by this (still open) mutation.
  bool staged(const void *E) const;

  struct Step;

private:
  Outcome stage(Step S);
  Graph &G;
  bool Open = true;
  std::vector<Step> Steps;
  std::unordered_set<const void *> Created;
};

} // namespace neverc::object

#endif
