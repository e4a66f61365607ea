//===- Writer.cpp - Object graph → ELF relocatable ------------------------===//
//
// The writer derives every table from the graph (symbol table, relocation
// sections, groups, string tables) and lays the sections out itself; the
// native facts a read left (Native, NCSE/NCSY/NCRL) decide only what the
// graph does not say: original indices and file order, name offsets,
// header fields the schema has no word for.
//
// Order: section headers keep their original index order as far as the
// graph's order allows (a moved or new section goes after its graph
// predecessor); file data keeps the original file order (what LLVM's ELF
// writer chose), each section aligned to its alignment, new ones after
// their predecessor, new relocation sections after the symbol table. With
// nothing changed this reproduces LLVM's file byte for byte, because LLVM
// places sections exactly so (aligned, back to back, headers last).
//
// Names: an unchanged name keeps its original offset in the original
// string table; a new name is appended. CANONICAL_ELF_TABLES instead
// builds a fresh .strtab (symbol names) and a distinct .shstrtab.
//
//===----------------------------------------------------------------------===//
#include "ELFFacts.h"
#include "neverc/object/ELF.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <tuple>
#include <unordered_map>

namespace neverc::object {

bool legalWriteFlags(uint64_t F) {
  using namespace WriteFlag;
  if (F & ~Known)
    return false;
  return F == 0 || (F & CanonicalELFTables);
}

namespace {

namespace ELF = llvm::ELF;
using elf::Header;

Outcome bad(std::string Why) {
  return Outcome::fail(Errc::InvalidArgument, "ELF writer: " + Why);
}
Outcome unsupported(std::string Why) {
  return Outcome::fail(Errc::Unsupported, "ELF writer: " + Why);
}

/// A string table: original bytes first (their offsets stay valid), new
/// names appended once each.
struct StringTable {
  std::string Bytes;
  std::unordered_map<std::string, uint32_t> Added;
  explicit StringTable(std::string Original) : Bytes(std::move(Original)) {
    if (Bytes.empty())
      Bytes.push_back('\0');
  }
  /// \p Old: the offset the name had; kept when it still spells \p Name.
  uint32_t offsetOf(const std::string &Name, std::optional<uint32_t> Old) {
    if (Name.empty())
      return 0;
    if (Old && *Old < Bytes.size() &&
        Bytes.size() - *Old > Name.size() &&
        !std::memcmp(Bytes.data() + *Old, Name.data(), Name.size()) &&
        Bytes[*Old + Name.size()] == '\0')
      return *Old;
    auto [It, New] = Added.try_emplace(Name, uint32_t(Bytes.size()));
    if (New) {
      Bytes += Name;
      Bytes.push_back('\0');
    }
    return It->second;
  }
};

/// Where an entry goes: (major, minor) for header order, and a file key.
using HeaderKey = std::pair<uint64_t, int64_t>;
struct FileKey {
  uint64_t Offset = 0;
  int Class = 0; ///< 0: takes no file bytes, 1: does
  uint64_t Index = 0;
  int64_t Sub = 0;
  bool operator<(const FileKey &O) const {
    return std::tie(Offset, Class, Index, Sub) <
           std::tie(O.Offset, O.Class, O.Index, O.Sub);
  }
};

enum class Role { Content, Rela, Group, Symtab, Strtab, Shstrtab };

struct Entry {
  Role R;
  const Section *S = nullptr; ///< Content, and Rela: the section patched
  const Comdat *C = nullptr;  ///< Group
  std::optional<uint32_t> Orig; ///< index in the file read
  std::string Name;
  std::optional<uint32_t> OldName;
  uint32_t Type = 0;
  uint64_t Flags = 0, Addr = 0, Align = 1, EntSize = 0;
  uint32_t Link = 0, Info = 0;
  std::string Data;                 ///< derived tables' bytes
  std::string_view Bytes;           ///< content sections' bytes (UsesBytes)
  bool UsesBytes = false;
  uint64_t Size = 0;
  bool NoBits = false;
  uint32_t NameOffset = 0;
  std::vector<const Relocation *> Relocs; ///< Content (planning), Rela
  std::vector<const Entry *> Members;     ///< Group
  const Entry *Patched = nullptr;         ///< Rela: the content entry
  HeaderKey HK;
  FileKey FK;
  uint32_t Index = 0; ///< in the output
  uint64_t Offset = 0;
  std::string_view data() const {
    return UsesBytes ? Bytes : std::string_view(Data);
  }
};

void put(std::string &S, uint64_t V, unsigned Bytes) {
  char B[8];
  llvm::support::endian::write64le(B, V);
  S.append(B, Bytes);
}

uint64_t mappedFlags(uint64_t F) {
  uint64_t E = 0;
  if (F & SectionFlag::Allocated)
    E |= ELF::SHF_ALLOC;
  if (F & SectionFlag::Executable)
    E |= ELF::SHF_EXECINSTR;
  if (F & SectionFlag::Writable)
    E |= ELF::SHF_WRITE;
  if (F & SectionFlag::Mergeable)
    E |= ELF::SHF_MERGE;
  if (F & SectionFlag::Strings)
    E |= ELF::SHF_STRINGS;
  if (F & SectionFlag::TLS)
    E |= ELF::SHF_TLS;
  if (F & SectionFlag::Discardable)
    E |= ELF::SHF_EXCLUDE;
  if (F & SectionFlag::Retain)
    E |= ELF::SHF_GNU_RETAIN;
  return E;
}
constexpr uint64_t MappedMask = ELF::SHF_ALLOC | ELF::SHF_EXECINSTR |
                                ELF::SHF_WRITE | ELF::SHF_MERGE |
                                ELF::SHF_STRINGS | ELF::SHF_TLS |
                                ELF::SHF_EXCLUDE | ELF::SHF_GNU_RETAIN |
                                ELF::SHF_GROUP;

/// Alignment padding past this is refused rather than written.
constexpr uint64_t MaxPadding = uint64_t(1) << 30;

bool zeroFill(SectionKind K) {
  return K == SectionKind::ZeroFill || K == SectionKind::TLSZeroFill;
}

class Writer {
public:
  Writer(const Graph &G, uint64_t Flags)
      : G(G), Flags(Flags),
        N(G.Native && G.Native->format() == ELFFormat
              ? static_cast<const elf::Native *>(G.Native.get())
              : nullptr) {}
  Outcome run(std::string &Out);

private:
  Outcome checkSymbols();
  void collect();
  void planRelas();
  void planGroups();
  void number();
  Outcome buildSymtab(StringTable &Str);
  Outcome fillRelas();
  Outcome fillGroups();
  void fillHeaders();
  void remapAddrsig(Entry &X);
  Outcome emit(std::string &Out, StringTable &Str, StringTable &ShStr);

  bool canonical() const { return Flags & WriteFlag::CanonicalELFTables; }
  bool dropped(const Section *S) const {
    return (Flags & WriteFlag::DropDebugInfo) &&
           (S->Kind == SectionKind::Debug || (S->Flags & SectionFlag::Debug));
  }
  uint32_t remap(uint32_t Orig) const {
    auto It = ByOrig.find(Orig);
    return It == ByOrig.end() ? 0 : It->second->Index;
  }
  Entry *add(Entry X) {
    E.push_back(std::move(X));
    Entry *P = &E.back();
    if (P->Orig)
      ByOrig[*P->Orig] = P;
    return P;
  }

  const Graph &G;
  uint64_t Flags;
  const elf::Native *N;
  uint16_t Machine = 0;
  std::vector<Entry> E; ///< every output section (reserved: pointers stay)
  std::unordered_map<const Section *, Entry *> ContentOf;
  std::unordered_map<uint32_t, Entry *> ByOrig;
  Entry *Symtab = nullptr, *Strtab = nullptr, *Shstrtab = nullptr;
  std::vector<const Symbol *> SymOrder;
  std::unordered_map<const Symbol *, uint32_t> SymIndex;
  std::unordered_map<const Section *, uint32_t> SectionSym; ///< synthesized
  std::vector<const Section *> SynthSectionSyms;
  int64_t NewSub = 0;
};

Outcome Writer::checkSymbols() {
  // Rule 14: an anonymous symbol needs the native fact that it was
  // anonymous; otherwise the graph asks for a name it does not give.
  for (const Symbol *S : G.symbols()) {
    if (!S->Name.empty() || S->Type == SymbolType::Section)
      continue;
    std::optional<elf::SymbolFacts> F = elf::symbolFacts(S->Ext);
    if (!F || F->Named)
      return bad("a symbol without a name (and no native record that it "
                 "was anonymous) cannot be written: name it");
  }
  return Outcome::ok();
}

void Writer::collect() {
  E.reserve(2 * G.sections().size() + G.comdats().size() + 4);
  HeaderKey Last{0, 0};
  FileKey LastFile{64, 0, 0, 0};
  for (const Section *S : G.sections()) {
    if (dropped(S))
      continue;
    Entry X;
    X.R = Role::Content;
    X.S = S;
    X.Name = S->Name;
    std::optional<elf::SectionFacts> F = elf::sectionFacts(S->Ext);
    bool NoBits = zeroFill(S->Kind);
    if (F && (F->Type == ELF::SHT_NOBITS) == NoBits) {
      // The native facts decide what the graph cannot say (the type, a
      // note's SHT_NOTE, extra flags); the original index only while it
      // names a section of the file read that nothing else took.
      if (N && F->Index && F->Index < N->Shdrs.size() &&
          !ByOrig.count(F->Index)) {
        X.Orig = F->Index;
        X.OldName = N->Shdrs[F->Index].Name;
      }
      X.Type = F->Type;
      X.Flags = F->Flags & ~MappedMask;
      X.Addr = F->Addr;
      X.EntSize = F->EntSize;
      X.Link = F->Link;
      X.Info = F->Info;
    } else {
      X.Type = NoBits ? ELF::SHT_NOBITS
               : (S->Kind == SectionKind::Unwind && Machine == ELF::EM_X86_64)
                   ? ELF::SHT_X86_64_UNWIND
                   : ELF::SHT_PROGBITS;
      if ((S->Flags & SectionFlag::Mergeable) &&
          (S->Flags & SectionFlag::Strings))
        X.EntSize = 1;
    }
    X.Flags |= mappedFlags(S->Flags);
    if (S->Group)
      X.Flags |= ELF::SHF_GROUP;
    X.Align = S->Alignment ? S->Alignment : 1;
    X.NoBits = NoBits;
    X.Size = S->size();
    X.Bytes = S->bytes();
    X.UsesBytes = true;
    // Header order: the original index while the graph's order agrees,
    // else right after the graph predecessor.
    X.HK = (X.Orig && *X.Orig > Last.first) ? HeaderKey{*X.Orig, 0}
                                            : HeaderKey{Last.first,
                                                        Last.second + 4};
    Last = X.HK;
    if (X.Orig) {
      const Header &H = N->Shdrs[*X.Orig];
      X.FK = {H.Offset, (NoBits || H.Size == 0) ? 0 : 1, *X.Orig, 0};
    } else {
      if (F) {
        // Facts from another file (or made up by a plugin) name no index
        // here: their links cannot be resolved.
        X.Link = X.Info = 0;
        X.Addr = 0;
      }
      X.FK = LastFile;
      X.FK.Sub = ++NewSub;
    }
    LastFile = X.FK;
    ContentOf[S] = add(std::move(X));
  }

  auto Table = [&](Role R, const char *Name, uint32_t Type,
                   std::optional<uint32_t> Orig, uint64_t Fallback) {
    Entry X;
    X.R = R;
    X.Name = Name;
    X.Type = Type;
    if (Orig && N && *Orig && *Orig < N->Shdrs.size()) {
      X.Orig = Orig;
      const Header &H = N->Shdrs[*Orig];
      X.OldName = H.Name;
      X.HK = {*Orig, 0};
      X.FK = {H.Offset, H.Size ? 1 : 0, *Orig, 0};
    } else {
      X.HK = {Fallback, 0};
      X.FK = {Fallback, 1, 0, 0};
    }
    return add(std::move(X));
  };
  constexpr uint64_t End = UINT64_MAX - 8;
  auto OrigOf = [&](uint32_t I) {
    return N ? std::optional<uint32_t>(I) : std::nullopt;
  };
  bool Shared = !N || N->StrtabIndex == N->ShstrtabIndex;
  Symtab = Table(Role::Symtab, ".symtab", ELF::SHT_SYMTAB,
                 OrigOf(N ? N->SymtabIndex : 0), End);
  Symtab->Align = 8;
  Symtab->EntSize = sizeof(ELF::Elf64_Sym);
  Strtab = Table(Role::Strtab, ".strtab", ELF::SHT_STRTAB,
                 OrigOf(N ? N->StrtabIndex : 0), End + 2);
  if (canonical() || !Shared)
    Shstrtab = Table(Role::Shstrtab, ".shstrtab", ELF::SHT_STRTAB,
                     canonical() ? std::nullopt
                                 : OrigOf(N ? N->ShstrtabIndex : 0),
                     End + 3);
  if (canonical())
    Strtab->OldName.reset();
}

void Writer::planRelas() {
  for (const Relocation *R : G.relocations()) {
    auto It = ContentOf.find(R->Sec);
    if (It != ContentOf.end())
      It->second->Relocs.push_back(R);
  }
  size_t Count = E.size();
  for (size_t I = 0; I < Count; ++I) {
    Entry &C = E[I];
    if (C.R != Role::Content || C.Relocs.empty())
      continue;
    Entry X;
    X.R = Role::Rela;
    X.S = C.S;
    X.Patched = &C;
    X.Type = ELF::SHT_RELA;
    X.Align = 8;
    X.EntSize = sizeof(ELF::Elf64_Rela);
    X.Flags = ELF::SHF_INFO_LINK;
    X.Name = ".rela" + C.Name;
    if (C.Orig && N) {
      auto It = N->RelaOf.find(*C.Orig);
      if (It != N->RelaOf.end() && !ByOrig.count(It->second)) {
        const Header &H = N->Shdrs[It->second];
        X.Orig = It->second;
        X.OldName = H.Name;
        X.Flags = H.Flags & ~ELF::SHF_GROUP;
        X.HK = {It->second, 0};
        X.FK = {H.Offset, H.Size ? 1 : 0, It->second, 0};
      }
    }
    if (!X.Orig) {
      X.HK = {C.HK.first, C.HK.second + 1};
      X.FK = Symtab->FK;
      X.FK.Sub = ++NewSub;
    }
    if (C.S->Group)
      X.Flags |= ELF::SHF_GROUP;
    X.Relocs = std::move(C.Relocs);
    add(std::move(X));
  }
}

void Writer::planGroups() {
  for (const Comdat *C : G.comdats()) {
    Entry X;
    for (Entry &M : E)
      if ((M.R == Role::Content || M.R == Role::Rela) && M.S->Group == C)
        X.Members.push_back(&M);
    if (X.Members.empty())
      continue; // nothing belongs to it: no group to write
    X.R = Role::Group;
    X.C = C;
    X.Name = ".group";
    X.Type = ELF::SHT_GROUP;
    X.Align = 4;
    X.EntSize = 4;
    std::optional<elf::SectionFacts> F = elf::sectionFacts(C->Ext);
    if (F && N && F->Index && F->Index < N->Shdrs.size() &&
        !ByOrig.count(F->Index)) {
      const Header &H = N->Shdrs[F->Index];
      X.Orig = F->Index;
      X.OldName = H.Name;
      X.Info = F->Info; // the original signature index, resolved later
      X.HK = {F->Index, 0};
      X.FK = {H.Offset, 1, F->Index, 0};
    } else {
      const Entry *First = X.Members.front();
      X.HK = {First->HK.first, First->HK.second - 1};
      X.FK = First->FK;
      X.FK.Sub = -(++NewSub);
    }
    add(std::move(X));
  }
}

void Writer::number() {
  std::vector<Entry *> P;
  for (Entry &X : E)
    P.push_back(&X);
  // Keys are unique except between tables without an original index;
  // the entry order (content, tables, relocations, groups) breaks ties.
  std::sort(P.begin(), P.end(), [](const Entry *A, const Entry *B) {
    return A->HK != B->HK ? A->HK < B->HK : A < B;
  });
  uint32_t I = 1;
  for (Entry *X : P)
    X->Index = I++;
}

Outcome Writer::buildSymtab(StringTable &Str) {
  // Locals first (ELF's rule), each group in graph order.
  for (int Pass = 0; Pass < 2; ++Pass)
    for (const Symbol *S : G.symbols()) {
      if ((S->Bind == Binding::Local) != (Pass == 0))
        continue;
      if (S->Def == Definition::Defined && !ContentOf.count(S->Sec))
        continue; // its section was dropped (DROP_DEBUG_INFO)
      SymOrder.push_back(S);
    }
  // Section symbols a section-targeted relocation needs and the graph
  // lacks are added as locals after the graph's locals.
  std::unordered_map<const Section *, const Symbol *> Have;
  for (const Symbol *S : SymOrder)
    if (S->Type == SymbolType::Section && S->Sec)
      Have.try_emplace(S->Sec, S);
  for (const Entry &X : E)
    for (const Relocation *R : X.Relocs)
      if (R->Target == RelocTarget::Section && R->TargetSection &&
          !Have.count(R->TargetSection) &&
          !SectionSym.count(R->TargetSection)) {
        if (!ContentOf.count(R->TargetSection))
          return bad("a relocation in '" + X.S->Name +
                     "' targets a section that is not written");
        SectionSym[R->TargetSection] = 0;
        SynthSectionSyms.push_back(R->TargetSection);
      }
  for (auto &[Sec, Sym] : Have)
    SectionSym.try_emplace(Sec, 0);

  std::string &T = Symtab->Data;
  T.assign(sizeof(ELF::Elf64_Sym), '\0');
  uint32_t Index = 1, FirstGlobal = 0;
  auto Emit = [&](uint32_t Name, uint8_t Info, uint8_t Other, uint16_t Shndx,
                  uint64_t Value, uint64_t Size) {
    put(T, Name, 4);
    T.push_back(char(Info));
    T.push_back(char(Other));
    put(T, Shndx, 2);
    put(T, Value, 8);
    put(T, Size, 8);
    ++Index;
  };
  auto EndLocals = [&] {
    if (FirstGlobal)
      return;
    for (const Section *S : SynthSectionSyms) {
      SectionSym[S] = Index;
      Emit(0, ELF::STT_SECTION, 0, uint16_t(ContentOf.at(S)->Index), 0, 0);
    }
    FirstGlobal = Index;
  };
  for (const Symbol *S : SymOrder) {
    if (S->Bind != Binding::Local)
      EndLocals();
    std::optional<elf::SymbolFacts> F = elf::symbolFacts(S->Ext);
    uint8_t Bind, Type, Vis;
    switch (S->Bind) {
    case Binding::Local: Bind = ELF::STB_LOCAL; break;
    case Binding::Global: Bind = ELF::STB_GLOBAL; break;
    case Binding::Weak: Bind = ELF::STB_WEAK; break;
    case Binding::Unique: Bind = ELF::STB_GNU_UNIQUE; break;
    default:
      if (!F)
        return bad("symbol '" + S->Name +
                   "': a format-extension binding needs its NCSY record");
      Bind = F->Info >> 4;
    }
    switch (S->Type) {
    case SymbolType::NoType: Type = ELF::STT_NOTYPE; break;
    case SymbolType::Object: Type = ELF::STT_OBJECT; break;
    case SymbolType::Function: Type = ELF::STT_FUNC; break;
    case SymbolType::Section: Type = ELF::STT_SECTION; break;
    case SymbolType::TLS: Type = ELF::STT_TLS; break;
    case SymbolType::File: Type = ELF::STT_FILE; break;
    case SymbolType::IndirectFunction: Type = ELF::STT_GNU_IFUNC; break;
    default:
      if (!F)
        return bad("symbol '" + S->Name +
                   "': a format-extension type needs its NCSY record");
      Type = F->Info & 0xf;
    }
    switch (S->Vis) {
    case Visibility::Default: Vis = ELF::STV_DEFAULT; break;
    case Visibility::Internal: Vis = ELF::STV_INTERNAL; break;
    case Visibility::Hidden: Vis = ELF::STV_HIDDEN; break;
    case Visibility::Protected: Vis = ELF::STV_PROTECTED; break;
    default: Vis = F ? (F->Other & 3) : ELF::STV_DEFAULT;
    }
    uint8_t Other = uint8_t(((F ? F->Other : 0) & ~3) | Vis);
    uint16_t Shndx = 0;
    uint64_t Value = S->Value;
    switch (S->Def) {
    case Definition::Undefined: Shndx = ELF::SHN_UNDEF; break;
    case Definition::Absolute: Shndx = ELF::SHN_ABS; break;
    case Definition::Common:
      Shndx = ELF::SHN_COMMON;
      Value = S->Alignment ? S->Alignment : S->Value;
      break;
    case Definition::Defined:
      Shndx = uint16_t(ContentOf.at(S->Sec)->Index);
      break;
    }
    uint32_t Name = 0;
    if (!S->Name.empty())
      Name = Str.offsetOf(S->Name, (F && F->Named && !canonical())
                                       ? std::optional<uint32_t>(F->NameOffset)
                                       : std::nullopt);
    SymIndex[S] = Index;
    if (S->Type == SymbolType::Section && S->Sec &&
        SectionSym[S->Sec] == 0)
      SectionSym[S->Sec] = Index;
    Emit(Name, uint8_t(Bind << 4 | Type), Other, Shndx, Value, S->Size);
  }
  EndLocals();
  Symtab->Size = T.size();
  Symtab->Info = FirstGlobal;
  return Outcome::ok();
}

Outcome Writer::fillRelas() {
  for (Entry &X : E) {
    if (X.R != Role::Rela)
      continue;
    X.Data.reserve(X.Relocs.size() * sizeof(ELF::Elf64_Rela));
    for (const Relocation *R : X.Relocs) {
      uint32_t Sym = 0;
      switch (R->Target) {
      case RelocTarget::Symbol: {
        auto It = SymIndex.find(R->TargetSymbol);
        if (It == SymIndex.end())
          return bad("a relocation in '" + X.S->Name + "' targets '" +
                     R->TargetSymbol->Name + "', which is not written");
        Sym = It->second;
        break;
      }
      case RelocTarget::Section:
        Sym = SectionSym.at(R->TargetSection);
        break;
      case RelocTarget::Absolute:
        break;
      case RelocTarget::FormatExtension:
        return unsupported("a relocation whose target is a format extension");
      }
      elf::RelocMeaning Want{R->Kind, R->Width, R->PCRel, R->Signed};
      std::optional<uint32_t> Type;
      if (std::optional<elf::RelocFacts> F = elf::relocFacts(R->Ext)) {
        elf::RelocMeaning Was = elf::meaningOf(Machine, F->Type);
        if (Was.Kind == Want.Kind && Was.Width == Want.Width &&
            Was.PCRel == Want.PCRel && Was.Signed == Want.Signed)
          Type = F->Type;
      }
      if (!Type)
        Type = elf::typeFor(Machine, Want);
      if (!Type)
        return bad("no relocation type of this target patches " +
                   std::to_string(R->Width) + " bytes" +
                   (R->PCRel ? " PC-relatively" : "") + " for kind 0x" +
                   llvm::utohexstr(uint32_t(R->Kind)) + " (in '" +
                   X.S->Name + "')");
      put(X.Data, R->Offset, 8);
      put(X.Data, (uint64_t(Sym) << 32) | *Type, 8);
      put(X.Data, uint64_t(R->Addend), 8);
    }
    X.Size = X.Data.size();
  }
  return Outcome::ok();
}

Outcome Writer::fillGroups() {
  for (Entry &X : E) {
    if (X.R != Role::Group)
      continue;
    const Comdat *C = X.C;
    // The signature: the symbol the group was read with, else by name.
    const Symbol *Sig = nullptr;
    if (X.Orig)
      for (const Symbol *S : SymOrder) {
        std::optional<elf::SymbolFacts> SF = elf::symbolFacts(S->Ext);
        if (SF && SF->Index == X.Info) {
          Sig = S;
          break;
        }
      }
    if (Sig && Sig->Name != C->Name && Sig->Type != SymbolType::Section)
      Sig = nullptr;
    for (const Symbol *S : SymOrder)
      if (!Sig && S->Name == C->Name)
        Sig = S;
    if (!Sig)
      return Outcome::fail(Errc::InvalidState,
                           "ELF writer: COMDAT '" + C->Name +
                               "' has no signature symbol of that name");
    X.Info = SymIndex.at(Sig);
    X.Data.clear();
    put(X.Data, ELF::GRP_COMDAT, 4);
    std::vector<uint32_t> Idx;
    for (const Entry *M : X.Members)
      Idx.push_back(M->Index);
    std::sort(Idx.begin(), Idx.end());
    for (uint32_t I : Idx)
      put(X.Data, I, 4);
    X.Size = X.Data.size();
  }
  return Outcome::ok();
}

void Writer::remapAddrsig(Entry &X) {
  // The table lists symbol indices (ULEB128): they follow the symbols.
  std::unordered_map<uint32_t, const Symbol *> ByOrigIndex;
  for (const Symbol *S : SymOrder)
    if (std::optional<elf::SymbolFacts> F = elf::symbolFacts(S->Ext))
      ByOrigIndex.try_emplace(F->Index, S);
  std::string_view In = X.Bytes;
  std::string Out;
  const uint8_t *P = reinterpret_cast<const uint8_t *>(In.data()),
                *End = P + In.size();
  while (P < End) {
    unsigned Len = 0;
    const char *Err = nullptr;
    uint64_t V = llvm::decodeULEB128(P, &Len, End, &Err);
    if (Err)
      return; // not a table we understand: leave it as it is
    P += Len;
    auto It = ByOrigIndex.find(uint32_t(V));
    if (It == ByOrigIndex.end())
      continue; // the symbol is gone
    uint8_t Buf[16];
    unsigned L = llvm::encodeULEB128(SymIndex.at(It->second), Buf);
    Out.append(reinterpret_cast<char *>(Buf), L);
  }
  if (Out != In) {
    X.Data = std::move(Out);
    X.UsesBytes = false;
    X.Size = X.Data.size();
  }
}

void Writer::fillHeaders() {
  for (Entry &X : E) {
    switch (X.R) {
    case Role::Content:
      if (X.Orig) {
        // Native links name sections by their old index.
        if (X.Link)
          X.Link = remap(X.Link);
        if (X.Flags & ELF::SHF_INFO_LINK)
          X.Info = remap(X.Info);
      }
      if (X.Type == ELF::SHT_LLVM_ADDRSIG) {
        X.Link = Symtab->Index;
        if (X.UsesBytes)
          remapAddrsig(X);
      }
      break;
    case Role::Rela:
      X.Link = Symtab->Index;
      X.Info = X.Patched->Index;
      break;
    case Role::Group:
      X.Link = Symtab->Index;
      break;
    case Role::Symtab:
      X.Link = Strtab->Index;
      break;
    case Role::Strtab:
    case Role::Shstrtab:
      break;
    }
  }
}

Outcome Writer::emit(std::string &Out, StringTable &Str, StringTable &ShStr) {
  std::vector<Entry *> ByFile, ByIndex;
  for (Entry &X : E) {
    ByFile.push_back(&X);
    ByIndex.push_back(&X);
  }
  std::sort(ByFile.begin(), ByFile.end(), [](const Entry *A, const Entry *B) {
    return A->FK < B->FK || (!(B->FK < A->FK) && A < B);
  });
  std::sort(ByIndex.begin(), ByIndex.end(), [](const Entry *A, const Entry *B) {
    return A->Index < B->Index;
  });
  Out.clear();
  Out.resize(64, '\0');
  for (Entry *X : ByFile) {
    uint64_t Pos = llvm::alignTo(Out.size(), X->Align ? X->Align : 1);
    if (Pos - Out.size() > MaxPadding)
      return unsupported("section '" + X->Name + "' is aligned to " +
                         std::to_string(X->Align) +
                         ": the padding before it would be over 1 GiB");
    Out.resize(Pos, '\0');
    X->Offset = Pos;
    if (!X->NoBits)
      Out += X->data();
  }
  uint64_t ShOff = llvm::alignTo(Out.size(), 8);
  Out.resize(ShOff, '\0');
  uint32_t ShNum = uint32_t(E.size() + 1);
  Out.append(sizeof(ELF::Elf64_Shdr), '\0');
  for (Entry *X : ByIndex) {
    put(Out, X->NameOffset, 4);
    put(Out, X->Type, 4);
    put(Out, X->Flags, 8);
    put(Out, X->Addr, 8);
    put(Out, X->Offset, 8);
    put(Out, X->Size, 8);
    put(Out, X->Link, 4);
    put(Out, X->Info, 4);
    put(Out, X->Align, 8);
    put(Out, X->EntSize, 8);
  }
  // The header: the one read (its ident, flags, machine), or a fresh one.
  std::string H(64, '\0');
  if (N) {
    std::memcpy(H.data(), N->Ehdr.data(), 64);
  } else {
    std::memcpy(H.data(), "\x7f" "ELF", 4);
    H[ELF::EI_CLASS] = ELF::ELFCLASS64;
    H[ELF::EI_DATA] = ELF::ELFDATA2LSB;
    H[ELF::EI_VERSION] = ELF::EV_CURRENT;
    bool GNU = false;
    for (const Symbol *S : G.symbols())
      GNU |= S->Bind == Binding::Unique ||
             S->Type == SymbolType::IndirectFunction;
    H[ELF::EI_OSABI] = GNU ? ELF::ELFOSABI_GNU : ELF::ELFOSABI_NONE;
    llvm::support::endian::write16le(&H[16], ELF::ET_REL);
    llvm::support::endian::write16le(&H[18], Machine);
    llvm::support::endian::write32le(&H[20], ELF::EV_CURRENT);
    llvm::support::endian::write16le(&H[52], 64);
    llvm::support::endian::write16le(&H[58], sizeof(ELF::Elf64_Shdr));
  }
  // What the writer derives, whatever the header read said: no program
  // headers, 64-byte ELF and section headers.
  llvm::support::endian::write64le(&H[32], 0);
  llvm::support::endian::write16le(&H[52], 64);
  llvm::support::endian::write16le(&H[56], 0);
  llvm::support::endian::write16le(&H[58], sizeof(ELF::Elf64_Shdr));
  llvm::support::endian::write64le(&H[40], ShOff);
  llvm::support::endian::write16le(&H[60], uint16_t(ShNum));
  llvm::support::endian::write16le(
      &H[62], uint16_t(Shstrtab ? Shstrtab->Index : Strtab->Index));
  std::memcpy(Out.data(), H.data(), 64);
  (void)Str;
  (void)ShStr;
  return Outcome::ok();
}

} // namespace

Outcome Writer::run(std::string &Out) {
  Machine = N ? N->machine() : elf::machineOf(G.Triple);
  if (Machine != ELF::EM_X86_64 && Machine != ELF::EM_AARCH64)
    return unsupported("the target '" + G.Triple +
                       "' is not one the ELF writer writes (x86-64, AArch64)");
  if (!legalWriteFlags(Flags))
    return bad("illegal writer flags");
  if (Flags & WriteFlag::AndroidKernelRelease)
    return unsupported("ANDROID_KERNEL_RELEASE: its release-name replay is "
                       "not specified, so it is not implemented");
  if (Outcome O = checkSymbols())
    return O;
  collect();
  planRelas();
  planGroups();
  if (E.size() + 1 >= ELF::SHN_LORESERVE)
    return unsupported("more than " +
                       std::to_string(ELF::SHN_LORESERVE - 1) +
                       " sections (extended section numbering)");
  number();
  bool Fresh = canonical() || !N;
  StringTable Str(Fresh ? std::string() : N->Strtab);
  if (Outcome O = buildSymtab(Str))
    return O;
  if (Outcome O = fillRelas())
    return O;
  if (Outcome O = fillGroups())
    return O;
  fillHeaders();
  // Section names: in .shstrtab when there is one, else with the symbols.
  StringTable ShStrOwn(Fresh || !Shstrtab ? std::string() : N->Shstrtab);
  StringTable &ShStr = Shstrtab ? ShStrOwn : Str;
  for (Entry &X : E)
    X.NameOffset = ShStr.offsetOf(
        X.Name, Fresh ? std::nullopt : X.OldName);
  Strtab->Data = Str.Bytes;
  Strtab->Size = Strtab->Data.size();
  if (Shstrtab) {
    Shstrtab->Data = ShStrOwn.Bytes;
    Shstrtab->Size = Shstrtab->Data.size();
  }
  return emit(Out, Str, ShStr);
}

Outcome writeELF(const Graph &G, uint64_t Flags, std::string &Out) {
  Writer W(G, Flags);
  return W.run(Out);
}

} // namespace neverc::object
