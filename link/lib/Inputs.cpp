//===- Inputs.cpp - Reading a link's inputs and resolving its symbols -----===//
//
// The rules are lld 22's (Inputs.h says which). Symbols are read with
// llvm::object's ELF reader; an object that joins the link (an input, an
// extracted member) is also read whole into an object graph, which the
// later steps of the graph linker work on. Members of an archive that are
// not ELF relocatables or bitcode are left out. Bitcode (LTO) resolves
// as an object does, through its symbol table (neverc/lto), until
// lto_generate's objects take its place; linker scripts beyond what
// glibc's libc.so says (INPUT, GROUP, AS_NEEDED, OUTPUT_FORMAT,
// OUTPUT_ARCH, SEARCH_DIR) are refused with an error naming them.
//
//===----------------------------------------------------------------------===//
#include "neverc/link/Inputs.h"
#include "neverc/object/ELF.h"

#include "llvm/ADT/CachedHashString.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <functional>

namespace neverc::link {

struct LinkInputs::NameIndex::Table {
  llvm::DenseMap<llvm::CachedHashStringRef, uint32_t> Map;
  llvm::BumpPtrAllocator Arena;
  llvm::UniqueStringSaver Names{Arena};
};

LinkInputs::NameIndex::NameIndex() : T(std::make_unique<Table>()) {}
LinkInputs::NameIndex::~NameIndex() = default;
LinkInputs::NameIndex::NameIndex(NameIndex &&) noexcept = default;
LinkInputs::NameIndex &
LinkInputs::NameIndex::operator=(NameIndex &&) noexcept = default;

int32_t LinkInputs::NameIndex::lookup(std::string_view Name) const {
  auto It = T->Map.find(
      llvm::CachedHashStringRef(llvm::StringRef(Name.data(), Name.size())));
  return It == T->Map.end() ? -1 : int32_t(It->second);
}

std::pair<uint32_t, bool> LinkInputs::NameIndex::insert(std::string_view Name,
                                                        uint32_t Next) {
  llvm::CachedHashStringRef Key(llvm::StringRef(Name.data(), Name.size()));
  auto It = T->Map.find(Key);
  if (It != T->Map.end())
    return {It->second, false};
  // The key must outlive the caller's string: the arena keeps a copy.
  llvm::StringRef Kept = T->Names.save(Key.val());
  T->Map.try_emplace(llvm::CachedHashStringRef(Kept, Key.hash()), Next);
  return {Next, true};
}

namespace {

using ELFT = llvm::object::ELF64LE;

/// A global symbol of an ELF file, as resolution needs it.
struct GlobalSym {
  llvm::StringRef Name;
  bool Undefined = false, Common = false, Weak = false;
  /// Defined in a section of a COMDAT group that lost to an earlier one.
  bool Discarded = false;
};

class Resolver {
public:
  Resolver(const LinkRequestModel &R, LinkInputs &Out) : R(R), Out(Out) {}

  bool run(const std::vector<std::string> &Undefined, const std::string &Entry,
           std::string &Error);

private:
  const LinkRequestModel &R;
  LinkInputs &Out;
  std::string Error;

  bool fail(std::string Why) {
    if (Error.empty())
      Error = std::move(Why);
    return false;
  }
  uint32_t symbol(llvm::StringRef Name);
  bool addFile(const std::string &Path, uint64_t Flags, int32_t Script,
               bool ByName = false);
  bool addBuffer(const std::string &Path, llvm::MemoryBufferRef B,
                 uint64_t Flags, int32_t Script, bool ByName = false);

public:
  /// Files named by scripts are read from disk (off for in-memory reads).
  bool FromDisk = true;
  const std::string &error() const { return Error; }
  /// Reads one in-memory input (readInputBuffer).
  bool buffer(const std::string &Name, std::string_view Bytes,
              std::string &Err) {
    if (addBuffer(Name, llvm::MemoryBufferRef(
                            llvm::StringRef(Bytes.data(), Bytes.size()), Name),
                  0, -1))
      return true;
    Err = Error;
    return false;
  }

private:
  bool addScript(uint32_t Input, llvm::StringRef Text);
  bool addArchive(uint32_t Input, llvm::MemoryBufferRef B);
  bool addShared(uint32_t Input, llvm::StringRef Bytes);
  /// An object joins the link: its symbols resolved, defined ones first.
  bool addObject(uint32_t Input, int32_t Member, llvm::StringRef Bytes,
                 std::string Name, bool FromLto = false);
  /// A bitcode file joins the link: its symbols resolved as an object's.
  bool addBitcode(uint32_t Input, int32_t Member, llvm::StringRef Bytes,
                  std::string Name);
  /// The symbols of a file joining the link (an object, or a bitcode file
  /// when \p Object is -1), definitions first.
  bool resolveFile(const std::vector<GlobalSym> &Syms, int32_t Object,
                   int32_t Bitcode, const std::string &Name);
  /// A bitcode file's globals; \p Kept: its groups kept (null: all).
  void bitcodeGlobals(const lto::BitcodeInfo &Info,
                      const std::vector<bool> *Kept,
                      std::vector<GlobalSym> &Out);
  bool extract(uint32_t Member, const std::string &Reference,
               const std::string &Sym);
  bool globals(llvm::StringRef Bytes, const std::string &Name, bool Groups,
               std::vector<GlobalSym> &Out);
  std::string referenceName(const LinkSymbol &S) const;

public:
  /// LTO's objects join the link (addLtoObjects).
  bool ltoObjects(std::vector<lto::Product> &Products);
};

uint32_t Resolver::symbol(llvm::StringRef Name) {
  auto [Index, New] = Out.SymbolIndex.insert(
      std::string_view(Name.data(), Name.size()), uint32_t(Out.Symbols.size()));
  if (New) {
    LinkSymbol S;
    S.Name = Name.str();
    S.S = LinkSymbol::Undefined;
    S.Object = -2; // a placeholder until something resolves it
    Out.Symbols.push_back(std::move(S));
  }
  return Index;
}

std::string Resolver::referenceName(const LinkSymbol &S) const {
  if (S.FromLibrary && S.Library >= 0)
    return Out.Files[Out.Libraries[size_t(S.Library)].Input].Path;
  if (S.Object >= 0)
    return Out.Objects[size_t(S.Object)]->Name;
  if (S.Bitcode >= 0)
    return Out.Bitcode[size_t(S.Bitcode)]->Name;
  return "<internal>";
}

bool Resolver::globals(llvm::StringRef Bytes, const std::string &Name,
                       bool WithGroups, std::vector<GlobalSym> &Syms) {
  auto File = llvm::object::ELFFile<ELFT>::create(Bytes);
  if (!File)
    return fail(Name + ": " + llvm::toString(File.takeError()));
  auto Sections = File->sections();
  if (!Sections)
    return fail(Name + ": " + llvm::toString(Sections.takeError()));
  const ELFT::Shdr *SymTab = nullptr;
  for (const ELFT::Shdr &S : *Sections)
    if (S.sh_type == llvm::ELF::SHT_SYMTAB)
      SymTab = &S;
  if (!SymTab)
    return true; // no symbols
  // Sections of groups that lose: their definitions count for nothing.
  std::vector<bool> Lost(Sections->size(), false);
  if (WithGroups)
    for (const ELFT::Shdr &S : *Sections) {
      if (S.sh_type != llvm::ELF::SHT_GROUP)
        continue;
      auto Words = File->template getSectionContentsAsArray<
          llvm::support::ulittle32_t>(S);
      auto Sig = File->getSymbol(SymTab, S.sh_info);
      auto Strings = File->getStringTableForSymtab(*SymTab);
      if (!Words || !Sig || !Strings)
        return fail(Name + ": a section group is broken");
      auto SigName = (*Sig)->getName(*Strings);
      if (!SigName)
        return fail(Name + ": " + llvm::toString(SigName.takeError()));
      if (Words->empty() || !((*Words)[0] & llvm::ELF::GRP_COMDAT))
        continue;
      if (Out.Groups.insert(SigName->str()).second)
        continue; // the first of its name: kept
      for (auto W : Words->drop_front())
        if (W < Lost.size())
          Lost[W] = true;
    }
  auto Symbols = File->symbols(SymTab);
  auto Strings = File->getStringTableForSymtab(*SymTab);
  if (!Symbols || !Strings)
    return fail(Name + ": its symbol table is broken");
  for (const ELFT::Sym &S : Symbols->drop_front(
           std::min<size_t>(SymTab->sh_info, Symbols->size()))) {
    if (S.getBinding() == llvm::ELF::STB_LOCAL)
      continue;
    auto N = S.getName(*Strings);
    if (!N)
      return fail(Name + ": " + llvm::toString(N.takeError()));
    GlobalSym G;
    G.Name = *N;
    G.Undefined = S.st_shndx == llvm::ELF::SHN_UNDEF;
    if (G.Undefined && !Out.Wrap.empty())
      if (auto It = Out.Wrap.find(G.Name.str()); It != Out.Wrap.end())
        G.Name = It->second; // --wrap
    G.Common = S.st_shndx == llvm::ELF::SHN_COMMON;
    G.Weak = S.getBinding() == llvm::ELF::STB_WEAK;
    G.Discarded = S.st_shndx < Lost.size() && Lost[S.st_shndx];
    Syms.push_back(G);
  }
  return true;
}

bool Resolver::extract(uint32_t Member, const std::string &Reference,
                       const std::string &Sym) {
  ArchiveMember &M = Out.Members[Member];
  if (M.Extracted)
    return true;
  M.Extracted = true;
  if (Out.LtoObjectsBegin >= 0 && M.IsBitcode)
    return fail(Out.memberName(Member) + ": a bitcode member extracted by " +
                Reference + " for '" + Sym +
                "' after LTO ran (lld: \"... was extracted after LTO\")");
  // Recorded once the member (and all it extracted in turn) is read: the
  // order of lld's --why-extract.
  if (M.IsBitcode ? !addBitcode(M.Input, int32_t(Member), M.Bytes,
                                Out.memberName(Member))
                  : !addObject(M.Input, int32_t(Member), M.Bytes,
                               Out.memberName(Member)))
    return false;
  Out.Extractions.push_back({Reference, Member, Sym});
  return true;
}

bool Resolver::addObject(uint32_t Input, int32_t Member, llvm::StringRef Bytes,
                         std::string Name, bool FromLto) {
  std::vector<GlobalSym> Syms;
  // LTO's objects hold the groups LTO kept (lld: their groups are not
  // selected again).
  if (!globals(Bytes, Name, /*WithGroups=*/!FromLto, Syms))
    return false;
  auto O = std::make_unique<LinkObject>();
  O->Input = Input;
  O->Member = Member;
  O->Name = Name;
  // The sections borrow their bytes: the buffers live in Out.Buffers (or
  // are the in-memory read's caller's) as long as the graphs do.
  // A debug section's relocations stay raw until relocate applies them
  // (lld's relocateNonAlloc); a -r merge writes them all, so makes them.
  object::Outcome Read = object::readELF(
      std::string_view(Bytes.data(), Bytes.size()), O->Graph, /*Borrow=*/true,
      /*DeferNonAlloc=*/R.OutputKind != NEVERC_LINK_OUTPUT_RELOCATABLE);
  if (Read)
    return fail(Name + ": " + Read.Message);
  const int32_t Index = int32_t(Out.Objects.size());
  if (Member >= 0)
    Out.Members[size_t(Member)].Object = Index;
  Out.Objects.push_back(std::move(O));
  return resolveFile(Syms, Index, -1, Name);
}

void Resolver::bitcodeGlobals(const lto::BitcodeInfo &Info,
                              const std::vector<bool> *Kept,
                              std::vector<GlobalSym> &Syms) {
  for (const lto::BitcodeSymbol &B : Info.Symbols) {
    GlobalSym G;
    G.Name = B.Name;
    G.Undefined = B.Undefined;
    if (G.Undefined && !Out.Wrap.empty())
      if (auto It = Out.Wrap.find(B.Name); It != Out.Wrap.end())
        G.Name = It->second; // --wrap
    G.Common = B.Common;
    G.Weak = B.Weak;
    // A definition in a group another file kept is lld's Undefined: the
    // kept group's definition is the one.
    G.Discarded = Kept && B.Comdat >= 0 && size_t(B.Comdat) < Kept->size() &&
                  !(*Kept)[size_t(B.Comdat)];
    Syms.push_back(G);
  }
}

bool Resolver::addBitcode(uint32_t Input, int32_t Member, llvm::StringRef Bytes,
                          std::string Name) {
  auto F = std::make_unique<BitcodeFile>();
  F->Input = Input;
  F->Member = Member;
  F->Name = Name;
  F->Bytes = std::string_view(Bytes.data(), Bytes.size());
  std::string Err;
  if (!lto::readBitcode(F->Bytes, Name, F->Info, Err))
    return fail(Err);
  if (!F->Info.Triple.empty() &&
      !llvm::StringRef(F->Info.Triple).starts_with("x86_64") &&
      !llvm::StringRef(F->Info.Triple).starts_with("aarch64"))
    return fail(Name + ": a " + F->Info.Triple +
                " bitcode file is not linked by the graph linker yet (x86-64 "
                "and AArch64 are); use -fuse-ld=lld");
  for (const std::string &C : F->Info.Comdats)
    F->KeptComdats.push_back(Out.Groups.insert(C).second);
  const int32_t Index = int32_t(Out.Bitcode.size());
  if (Member >= 0)
    Out.Members[size_t(Member)].Bitcode = Index;
  Out.Bitcode.push_back(std::move(F));
  const BitcodeFile &B = *Out.Bitcode.back();
  std::vector<GlobalSym> Syms;
  bitcodeGlobals(B.Info, &B.KeptComdats, Syms);
  for (size_t I = 0; I < Syms.size(); ++I)
    if (B.Info.Symbols[I].Used && !Syms[I].Undefined)
      Out.Symbols[symbol(Syms[I].Name)].RegularRef = true; // llvm.used
  return resolveFile(Syms, -1, Index, Name);
}

bool Resolver::resolveFile(const std::vector<GlobalSym> &Syms, int32_t Index,
                           int32_t Bitcode, const std::string &Name) {
  const bool Regular = Index >= 0;
  // Definitions first, so that what this file defines is its own before
  // its references extract anything.
  for (const GlobalSym &G : Syms) {
    if (G.Undefined || G.Discarded)
      continue;
    LinkSymbol &S = Out.Symbols[symbol(G.Name)];
    S.RegularRef |= Regular;
    if (G.Common) {
      if (S.S == LinkSymbol::Defined && !S.Weak)
        continue;
      if (S.S != LinkSymbol::Common) {
        S.S = LinkSymbol::Common;
        S.Object = Index;
        S.Bitcode = Bitcode;
        S.Weak = false;
        S.FromLibrary = false;
      }
      continue;
    }
    // A global definition replaces anything but another global one.
    if (S.S == LinkSymbol::Defined && !(S.Weak && !G.Weak))
      continue;
    S.S = LinkSymbol::Defined;
    S.Object = Index;
    S.Bitcode = Bitcode;
    S.Weak = G.Weak;
    S.FromLibrary = false;
  }
  for (const GlobalSym &G : Syms) {
    if (!G.Undefined)
      continue;
    uint32_t I = symbol(G.Name);
    LinkSymbol &S = Out.Symbols[I];
    S.RegularRef |= Regular;
    if (S.Object == -2 && S.S == LinkSymbol::Undefined) {
      // The first reference names the symbol's file.
      S.Object = Index;
      S.Bitcode = Bitcode;
      S.Weak = G.Weak;
      continue;
    }
    if (S.S == LinkSymbol::Lazy) {
      if (G.Weak) {
        S.Weak = true;
        continue;
      }
      uint32_t M = uint32_t(S.Member);
      if (!extract(M, Name, G.Name.str()))
        return false;
      continue;
    }
    if (S.S == LinkSymbol::Undefined && !G.Weak)
      S.Weak = false;
  }
  return true;
}

bool Resolver::addArchive(uint32_t Input, llvm::MemoryBufferRef B) {
  auto A = llvm::object::Archive::create(B);
  if (!A)
    return fail(Out.Files[Input].Path + ": " + llvm::toString(A.takeError()));
  // A thin archive's members are files it names: not in a read that takes
  // none.
  if ((*A)->isThin() && !FromDisk)
    return fail(Out.Files[Input].Path +
                ": a thin archive's members are files; this read takes none");
  const bool Whole = Out.Files[Input].Flags & NEVERC_LINK_INPUT_FLAG_WHOLE_ARCHIVE;
  llvm::Error Err = llvm::Error::success();
  std::vector<uint32_t> Added;
  for (const llvm::object::Archive::Child &C : (*A)->children(Err)) {
    auto Name = C.getName();
    auto Buf = C.getMemoryBufferRef();
    if (!Name || !Buf) {
      if (!Name)
        llvm::consumeError(Name.takeError());
      if (!Buf)
        llvm::consumeError(Buf.takeError());
      return fail(Out.Files[Input].Path + ": a member cannot be read");
    }
    // LLVM's reader does not check that a member's size stays inside the
    // archive (the fuzzer found one that does not).
    if (!(*A)->isThin() &&
        (Buf->getBufferStart() < B.getBufferStart() ||
         Buf->getBufferEnd() > B.getBufferEnd() ||
         Buf->getBufferStart() > Buf->getBufferEnd()))
      return fail(Out.Files[Input].Path + "(" + Name->str() +
                  "): the member lies past the end of the archive");
    llvm::file_magic Magic = llvm::identify_magic(Buf->getBuffer());
    if (Magic != llvm::file_magic::elf_relocatable &&
        Magic != llvm::file_magic::bitcode)
      continue;
    ArchiveMember M;
    M.Input = Input;
    M.IsBitcode = Magic == llvm::file_magic::bitcode;
    M.Name = Name->str();
    M.Bytes = std::string_view(Buf->getBufferStart(), Buf->getBufferSize());
    Added.push_back(uint32_t(Out.Members.size()));
    Out.Members.push_back(std::move(M));
  }
  if (Err)
    return fail(Out.Files[Input].Path + ": " + llvm::toString(std::move(Err)));
  // A thin archive's members live in buffers the archive owns.
  if ((*A)->isThin())
    Out.Buffers.push_back(std::shared_ptr<const void>(std::move(*A)));
  for (uint32_t Member : Added) {
    const ArchiveMember &AM = Out.Members[Member];
    if (Whole) {
      Out.Members[Member].Extracted = true;
      if (AM.IsBitcode ? !addBitcode(Input, int32_t(Member), AM.Bytes,
                                     Out.memberName(Member))
                       : !addObject(Input, int32_t(Member), AM.Bytes,
                                    Out.memberName(Member)))
        return false;
      continue;
    }
    // A lazy object file: its definitions are offered one by one until
    // one of them extracts it.
    // Out.Members does not grow while members are offered or extracted.
    std::vector<GlobalSym> Syms;
    lto::BitcodeInfo Info; // a bitcode member's symbols (Syms name them)
    if (AM.IsBitcode) {
      std::string Err;
      if (!lto::readBitcode(AM.Bytes, Out.memberName(Member), Info, Err))
        return fail(Err);
      bitcodeGlobals(Info, nullptr, Syms);
    } else if (!globals(AM.Bytes, Out.memberName(Member),
                        /*WithGroups=*/false, Syms)) {
      return false;
    }
    for (const GlobalSym &G : Syms) {
      if (G.Undefined || Out.Members[Member].Extracted)
        continue;
      LinkSymbol &S = Out.Symbols[symbol(G.Name)];
      if (S.Object == -2 && S.S == LinkSymbol::Undefined) {
        S.S = LinkSymbol::Lazy;
        S.Member = int32_t(Member);
        S.Object = -1;
        continue;
      }
      if (S.S != LinkSymbol::Undefined)
        continue; // defined, common, shared or lazy already
      if (S.Weak) {
        S.S = LinkSymbol::Lazy; // a weak reference extracts nothing
        S.Member = int32_t(Member);
        continue;
      }
      std::string Reference = referenceName(S);
      if (!extract(Member, Reference, G.Name.str()))
        return false;
    }
  }
  return true;
}

bool Resolver::addShared(uint32_t Input, llvm::StringRef Bytes) {
  const std::string &Path = Out.Files[Input].Path;
  auto File = llvm::object::ELFFile<ELFT>::create(Bytes);
  if (!File)
    return fail(Path + ": " + llvm::toString(File.takeError()));
  auto Sections = File->sections();
  if (!Sections)
    return fail(Path + ": " + llvm::toString(Sections.takeError()));
  const ELFT::Shdr *DynSym = nullptr, *VerSym = nullptr, *VerDef = nullptr;
  for (const ELFT::Shdr &S : *Sections) {
    if (S.sh_type == llvm::ELF::SHT_DYNSYM)
      DynSym = &S;
    if (S.sh_type == llvm::ELF::SHT_GNU_versym)
      VerSym = &S;
    if (S.sh_type == llvm::ELF::SHT_GNU_verdef)
      VerDef = &S;
  }
  SharedLibrary L;
  L.Input = Input;
  L.Machine = File->getHeader().e_machine;
  llvm::StringRef DynStr;
  if (DynSym) {
    auto T = File->getStringTableForSymtab(*DynSym);
    if (!T)
      return fail(Path + ": " + llvm::toString(T.takeError()));
    DynStr = *T;
  }
  if (auto Dyn = File->dynamicEntries()) {
    auto Str = [&](uint64_t Off) {
      return Off < DynStr.size() ? std::string(DynStr.drop_front(Off).data())
                                 : std::string();
    };
    for (const ELFT::Dyn &D : *Dyn) {
      if (D.d_tag == llvm::ELF::DT_SONAME)
        L.Soname = Str(D.getVal());
      else if (D.d_tag == llvm::ELF::DT_NEEDED)
        L.Needed.push_back(Str(D.getVal()));
    }
  } else {
    llvm::consumeError(Dyn.takeError());
  }
  if (L.Soname.empty())
    L.Soname =
        Out.Files[Input].ByName ? llvm::sys::path::filename(Path).str() : Path;
  const int32_t Library = int32_t(Out.Libraries.size());
  Out.Libraries.push_back(std::move(L));
  if (!DynSym)
    return true;
  auto Syms = File->symbols(DynSym);
  if (!Syms)
    return fail(Path + ": its dynamic symbol table is broken");
  llvm::ArrayRef<llvm::support::ulittle16_t> Versions;
  if (VerSym) {
    auto V = File->template getSectionContentsAsArray<
        llvm::support::ulittle16_t>(*VerSym);
    if (V)
      Versions = *V;
    else
      llvm::consumeError(V.takeError());
  }
  // Version index -> name, from the library's version definitions (an
  // executable that imports a versioned symbol names its version).
  std::vector<std::string> VersionNames;
  if (VerDef) {
    auto Bytes = File->getSectionContents(*VerDef);
    auto Link = File->getSection(VerDef->sh_link);
    llvm::StringRef Str;
    if (Link)
      if (auto T = File->getStringTable(**Link))
        Str = *T;
      else
        llvm::consumeError(T.takeError());
    else
      llvm::consumeError(Link.takeError());
    if (Bytes) {
      llvm::ArrayRef<uint8_t> B = *Bytes;
      size_t Off = 0;
      for (unsigned N = 0; N < 0x10000 && Off + 20 <= B.size(); ++N) {
        const uint8_t *P = B.data() + Off;
        auto U16 = [&](unsigned K) { return uint16_t(P[K] | P[K + 1] << 8); };
        auto U32 = [&](const uint8_t *Q) {
          return uint32_t(Q[0] | Q[1] << 8 | Q[2] << 16 | uint32_t(Q[3]) << 24);
        };
        uint16_t Ndx = U16(4);
        uint32_t Aux = U32(P + 12), Next = U32(P + 16);
        if (Off + Aux + 8 <= B.size()) {
          uint32_t Name = U32(P + Aux);
          if (Name < Str.size()) {
            if (VersionNames.size() <= Ndx)
              VersionNames.resize(Ndx + 1u);
            VersionNames[Ndx] = Str.drop_front(Name).data();
          }
        }
        if (!Next)
          break;
        Off += Next;
      }
    } else {
      llvm::consumeError(Bytes.takeError());
    }
  }
  std::vector<std::pair<llvm::StringRef, bool>> Undefs; // name, weak
  for (size_t I = 1; I < Syms->size(); ++I) {
    const ELFT::Sym &S = (*Syms)[I];
    if (S.getBinding() == llvm::ELF::STB_LOCAL)
      continue;
    auto N = S.getName(DynStr);
    if (!N)
      return fail(Path + ": " + llvm::toString(N.takeError()));
    if (S.st_shndx == llvm::ELF::SHN_UNDEF) {
      Undefs.push_back({*N, S.getBinding() == llvm::ELF::STB_WEAK});
      continue;
    }
    // A hidden (non-default) version is only name@version.
    if (I < Versions.size() && (Versions[I] & llvm::ELF::VERSYM_HIDDEN))
      continue;
    LinkSymbol &X = Out.Symbols[symbol(*N)];
    if (X.S == LinkSymbol::Undefined || X.S == LinkSymbol::Lazy) {
      X.S = LinkSymbol::Shared;
      X.Library = Library;
      X.FromLibrary = false;
      X.SharedType = uint8_t(S.getType());
      X.SharedSize = S.st_size;
      X.SharedValue = S.st_value;
      uint16_t V = I < Versions.size() ? uint16_t(Versions[I] & 0x7fff) : 0;
      X.SharedVersion =
          V > 1 && V < VersionNames.size() ? VersionNames[V] : std::string();
      if (X.Object == -2)
        X.Object = -1;
    }
  }
  for (auto &[N, Weak] : Undefs)
    Out.Libraries[size_t(Library)].Undefined.push_back(N.str());
  for (auto &[N, Weak] : Undefs) {
    LinkSymbol &X = Out.Symbols[symbol(N)];
    X.RegularRef = X.SharedRef = true;
    if (X.Object == -2 && X.S == LinkSymbol::Undefined) {
      X.Object = -1;
      X.Library = Library;
      X.FromLibrary = true;
      X.Weak = Weak;
      continue;
    }
    if (X.S == LinkSymbol::Lazy && !Weak &&
        !extract(uint32_t(X.Member), Path, N.str()))
      return false;
  }
  return true;
}

/// The tokens of a linker script: words and single ( ) characters, with
/// comments dropped.
std::vector<std::string> scriptTokens(llvm::StringRef T) {
  std::vector<std::string> Out;
  size_t I = 0;
  while (I < T.size()) {
    char C = T[I];
    if (T.substr(I).starts_with("/*")) {
      size_t E = T.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? T.size() : E + 2;
    } else if (C == '(' || C == ')' || C == ',') {
      if (C != ',')
        Out.push_back(std::string(1, C));
      ++I;
    } else if (llvm::isSpace(C)) {
      ++I;
    } else {
      size_t E = I;
      while (E < T.size() && !llvm::isSpace(T[E]) && T[E] != '(' &&
             T[E] != ')' && T[E] != ',')
        ++E;
      Out.push_back(T.slice(I, E).str());
      I = E;
    }
  }
  return Out;
}

bool Resolver::addScript(uint32_t Input, llvm::StringRef Text) {
  std::vector<std::string> T = scriptTokens(Text);
  const std::string Path = Out.Files[Input].Path;
  size_t I = 0;
  auto Expect = [&](const char *What) {
    if (I < T.size() && T[I] == What) {
      ++I;
      return true;
    }
    return fail(Path + ": linker script: expected '" + What + "'");
  };
  // The files of INPUT/GROUP, AS_NEEDED nested once.
  std::function<bool(uint64_t)> Files = [&](uint64_t Flags) -> bool {
    if (!Expect("("))
      return false;
    while (I < T.size() && T[I] != ")") {
      std::string F = T[I++];
      if (F == "AS_NEEDED") {
        if (!Files(Flags | NEVERC_LINK_INPUT_FLAG_AS_NEEDED))
          return false;
        continue;
      }
      std::string Resolved = F;
      if (llvm::StringRef(F).starts_with("-l")) {
        Resolved.clear();
        for (const std::string &Dir : R.SearchPaths)
          for (const char *Ext : {".so", ".a"}) {
            llvm::SmallString<256> P(Dir);
            llvm::sys::path::append(P, "lib" + F.substr(2) + Ext);
            if (Resolved.empty() && llvm::sys::fs::exists(P))
              Resolved = std::string(P);
          }
        if (Resolved.empty())
          return fail(Path + ": linker script: unable to find library " + F);
      } else if (!llvm::sys::path::is_absolute(F) &&
                 !llvm::sys::fs::exists(F)) {
        for (const std::string &Dir : R.SearchPaths) {
          llvm::SmallString<256> P(Dir);
          llvm::sys::path::append(P, F);
          if (llvm::sys::fs::exists(P)) {
            Resolved = std::string(P);
            break;
          }
        }
      }
      if (!addFile(Resolved, Flags, int32_t(Input),
                   llvm::StringRef(F).starts_with("-l")))
        return false;
    }
    return Expect(")");
  };
  while (I < T.size()) {
    const std::string Cmd = T[I++];
    if (Cmd == "INPUT" || Cmd == "GROUP") {
      // The files a script names are read in the --as-needed state the
      // script itself was (lld: libgcc_s.so is a script after
      // --as-needed).
      if (!Files(Out.Files[Input].Flags & NEVERC_LINK_INPUT_FLAG_AS_NEEDED))
        return false;
    } else if (Cmd == "OUTPUT_FORMAT" || Cmd == "OUTPUT_ARCH" ||
               Cmd == "SEARCH_DIR") {
      if (!Expect("("))
        return false;
      while (I < T.size() && T[I] != ")")
        ++I;
      if (!Expect(")"))
        return false;
    } else {
      return fail(Path + ": linker script command '" + Cmd +
                  "' is not read by the graph linker yet; use -fuse-ld=lld");
    }
  }
  return true;
}

bool Resolver::addFile(const std::string &Path, uint64_t Flags, int32_t Script,
                       bool ByName) {
  if (!FromDisk)
    return fail("cannot open " + Path + ": this read takes no files");
  auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                       /*RequiresNullTerminator=*/false);
  if (!B)
    return fail("cannot open " + Path + ": " + B.getError().message());
  llvm::MemoryBufferRef Ref = (*B)->getMemBufferRef();
  Out.Buffers.push_back(std::shared_ptr<const void>(std::move(*B)));
  return addBuffer(Path, Ref, Flags, Script, ByName);
}

bool Resolver::addBuffer(const std::string &Path, llvm::MemoryBufferRef Ref,
                         uint64_t Flags, int32_t Script, bool ByName) {
  InputFile F;
  F.Path = Path;
  F.Flags = Flags;
  F.Script = Script;
  F.ByName = ByName;
  llvm::file_magic M = llvm::identify_magic(Ref.getBuffer());
  const uint32_t Input = uint32_t(Out.Files.size());
  switch (M) {
  case llvm::file_magic::elf_relocatable:
    F.Kind = NEVERC_LINK_INPUT_OBJECT;
    Out.Files.push_back(F);
    return addObject(Input, -1, Ref.getBuffer(), Path);
  case llvm::file_magic::archive:
    F.Kind = NEVERC_LINK_INPUT_ARCHIVE;
    Out.Files.push_back(F);
    return addArchive(Input, Ref);
  case llvm::file_magic::elf_shared_object:
    F.Kind = NEVERC_LINK_INPUT_SHARED_LIBRARY;
    Out.Files.push_back(F);
    return addShared(Input, Ref.getBuffer());
  case llvm::file_magic::bitcode:
    F.Kind = NEVERC_LINK_INPUT_BITCODE;
    Out.Files.push_back(F);
    return addBitcode(Input, -1, Ref.getBuffer(), Path);
  case llvm::file_magic::unknown:
    F.Kind = NEVERC_LINK_INPUT_SCRIPT;
    Out.Files.push_back(F);
    return addScript(Input, Ref.getBuffer());
  default:
    return fail(Path + ": not an input the graph linker reads; use "
                       "-fuse-ld=lld");
  }
}

bool Resolver::run(const std::vector<std::string> &Undefined,
                   const std::string &Entry, std::string &Err) {
  // --undefined names are references before any input (so lld: "-u foo
  // a.a b.so" extracts foo from a.a), from no file ("<internal>").
  for (const std::string &U : Undefined) {
    LinkSymbol &S = Out.Symbols[symbol(U)];
    S.RegularRef = true;
    if (S.Object == -2)
      S.Object = -1;
  }
  for (const RawInput &In : R.Inputs) {
    if (llvm::StringRef(In.URI).starts_with("-l")) {
      Err = "unable to find library " + In.URI;
      return false;
    }
    if (!addFile(In.URI, In.Flags, -1, In.ByName)) {
      Err = Error;
      return false;
    }
  }
  // The entry, after every input (lld's order).
  auto Named = [&](const std::string &Name, const char *Option) {
    const int32_t It = Out.SymbolIndex.lookup(Name);
    if (It < 0)
      return true;
    LinkSymbol &S = Out.Symbols[size_t(It)];
    S.RegularRef = true;
    if (S.S != LinkSymbol::Lazy)
      return true;
    return extract(uint32_t(S.Member), Option, Name);
  };
  if (!Entry.empty() && !Named(Entry, "--entry")) {
    Err = Error;
    return false;
  }
  return true;
}

bool Resolver::ltoObjects(std::vector<lto::Product> &Products) {
  // lld's BitcodeCompiler::add: a prevailing bitcode definition is
  // undefined until LTO's object defines it again.
  for (LinkSymbol &S : Out.Symbols)
    if (S.Bitcode >= 0 &&
        (S.S == LinkSymbol::Defined || S.S == LinkSymbol::Common)) {
      S.S = LinkSymbol::Undefined;
      S.Object = -1;
      S.Weak = false;
    }
  Out.LtoObjectsBegin = int32_t(Out.Objects.size());
  for (lto::Product &P : Products) {
    if (P.Owner)
      Out.Buffers.push_back(std::move(P.Owner));
    InputFile F;
    F.Path = P.Name;
    F.Kind = NEVERC_LINK_INPUT_OBJECT;
    const uint32_t Input = uint32_t(Out.Files.size());
    Out.Files.push_back(F);
    if (!addObject(Input, -1, llvm::StringRef(P.Bytes.data(), P.Bytes.size()),
                   P.Name, /*FromLto=*/true))
      return false;
  }
  return true;
}

} // namespace

bool addLtoObjects(std::vector<lto::Product> Products, LinkInputs &In,
                   std::string &Error) {
  LinkRequestModel R;
  Resolver X(R, In);
  X.FromDisk = false;
  if (X.ltoObjects(Products))
    return true;
  Error = X.error();
  return false;
}

std::string LinkInputs::memberName(uint32_t Member) const {
  const ArchiveMember &M = Members[Member];
  return Files[M.Input].Path + "(" + M.Name + ")";
}

std::string LinkInputs::whyExtract() const {
  std::string S = "reference\textracted\tsymbol\n";
  for (const Extraction &E : Extractions)
    S += E.Reference + "\t" + memberName(E.Member) + "\t" + E.Symbol + "\n";
  return S;
}

bool readInputBuffer(const std::string &Name, std::string_view Bytes,
                     LinkInputs &Out, std::string &Error) {
  LinkRequestModel R;
  Resolver X(R, Out);
  X.FromDisk = false;
  return X.buffer(Name, Bytes, Error);
}

bool readInputs(const LinkRequestModel &R,
                const std::vector<std::string> &Undefined,
                const std::string &Entry, LinkInputs &Out,
                std::string &Error) {
  Resolver X(R, Out);
  return X.run(Undefined, Entry, Error);
}

} // namespace neverc::link
