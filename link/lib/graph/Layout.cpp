//===- Layout.cpp - layout: output sections, segments, addresses ----------===//
//
// Input sections go to output sections by lld's name rules (.text.* into
// .text, ...), in input order (.init_array.N sorted by priority). The
// image has lld's shape for an x86-64 executable:
//
//   R    ELF and program headers, .interp, notes, the dynamic tables,
//        read-only data, .eh_frame_hdr, .eh_frame
//   RX   code, .plt
//   RW   RELRO: TLS, init/fini arrays, .data.rel.ro, .dynamic, .got
//   RW   data, .got.plt, then zero-fill (.bss, commons, copies)
//
// Each PT_LOAD starts on a page, at the address its file offset says
// (address = image base + offset), so the dynamic linker maps each with
// one mmap. The RELRO segment is padded to a page so that all of it
// becomes read-only. Then the symbols get their addresses, linker-defined
// ones included (_DYNAMIC, __init_array_start, _end, __start_X, ...).
//
//===----------------------------------------------------------------------===//
#include "Arch.h"

#include "llvm/ADT/CachedHashString.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace neverc::link::graph {
namespace {

enum Group : uint32_t { Headers, ReadOnly, Code, Relro, Data, NotAlloc };

uint32_t priorityOf(const std::string &Name) {
  // ".init_array.N": N; no suffix: after every numbered one (lld).
  size_t Dot = Name.rfind('.');
  if (Dot == std::string::npos || Dot == 0)
    return 65536;
  const std::string Tail = Name.substr(Dot + 1);
  if (Tail.empty() || Tail.find_first_not_of("0123456789") != std::string::npos)
    return 65536;
  return uint32_t(std::stoul(Tail.substr(0, 9)));
}

bool isRelro(const OutputSection &S) {
  if (!(S.Flags & SHF_WRITE) || !(S.Flags & SHF_ALLOC))
    return false;
  if (S.Flags & SHF_TLS)
    return true;
  return S.Type == SHT_INIT_ARRAY || S.Type == SHT_FINI_ARRAY ||
         S.Type == SHT_PREINIT_ARRAY || S.Name == ".data.rel.ro" ||
         S.Name == ".ctors" || S.Name == ".dtors" || S.Name == ".jcr" ||
         S.Name == ".dynamic" || S.Name == ".got";
}

Group groupOf(const OutputSection &S, bool WithRelro) {
  if (!(S.Flags & SHF_ALLOC))
    return NotAlloc;
  if (S.Flags & SHF_EXECINSTR)
    return Code;
  if (!(S.Flags & SHF_WRITE))
    return ReadOnly;
  return WithRelro && isRelro(S) ? Relro : Data;
}

/// Rank inside a group (lower first); ties keep first-appearance order.
int rankOf(const LinkGraph &G, const OutputSection &S, int32_t Index) {
  const LinkGraph::Synth &Y = G.S;
  const int32_t Order[] = {Y.Interp, Y.BuildId, Y.DynSym,  Y.VerSym,
                           Y.VerDef, Y.VerNeed, Y.GnuHash, Y.Hash,
                           Y.DynStr, Y.RelaDyn, Y.RelaPlt, Y.RelaIplt};
  for (int K = 0; K < int(sizeof Order / sizeof *Order); ++K)
    if (Order[K] == Index)
      return K - 100;
  if (S.Type == SHT_NOTE)
    return -90;
  if (Index == Y.EhFrameHdr)
    return 10;
  if (S.Type == SHT_X86_64_UNWIND)
    return 11;
  if (S.Name == ".gcc_except_table")
    return 12;
  if (Index == Y.Plt)
    return 20;
  if (Index == Y.Iplt)
    return 21;
  if (Index == Y.IpltGot)
    return 33;
  if (S.Flags & SHF_TLS)
    return S.nobits() ? -49 : -50;
  if (S.Type == SHT_PREINIT_ARRAY)
    return -40;
  if (S.Type == SHT_INIT_ARRAY)
    return -39;
  if (S.Type == SHT_FINI_ARRAY)
    return -38;
  if (Index == Y.Dynamic)
    return 30;
  if (Index == Y.Got)
    return 31;
  if (Index == Y.GotPlt)
    return 32;
  if (S.nobits())
    return 40 + (S.Name != ".bss");
  return 0;
}

/// lld's merging of SHF_MERGE sections: NUL-terminated strings of
/// entsize-byte characters (.rodata.str1.1, .comment, .debug_str, wide
/// .rodata.str4.4, ...) and constants of one size (.rodata.cst4/8/16,
/// entsize bytes each) go in once, into one run per kind (strings or not,
/// entsize, alignment) placed where the first atom of that kind would be;
/// in a run aligned beyond its entsize (.rodata.str1.16) every piece
/// starts at that alignment, as lld's MergeNoTailSection places them; each
/// atom
/// records where its pieces went, and a symbol or a reference inside one
/// is moved with its piece (offsetAddress, relocate). An atom a
/// PC-relative reference reaches through its section symbol (the addend
/// would name the piece 4 bytes off), with a string without its NUL, a
/// constant section not made of whole pieces, or content a plugin replaced
/// keeps its own bytes.
void mergeSections(LinkGraph &G) {
  // The unit of a mergeable atom: its entsize (a character of its strings,
  // or one constant); 0: not merged.
  auto PieceSize = [&](const Atom &X) -> uint64_t {
    if (X.Replaced || !X.Sec || X.Leader >= 0 ||
        (X.ShFlags & (SHF_MERGE | SHF_WRITE | SHF_EXECINSTR | SHF_TLS)) !=
            SHF_MERGE)
      return 0;
    const uint64_t E = elfSectionEntSize(*X.Sec);
    const std::string_view B = X.Sec->bytes();
    if (B.empty() || !E || (E & (E - 1)) || B.size() % E)
      return 0;
    // Strings must end in a NUL character.
    if ((X.ShFlags & SHF_STRINGS) &&
        B.substr(B.size() - E).find_first_not_of('\0') !=
            std::string_view::npos)
      return 0;
    return E;
  };
  // Where the string starting at \p At ends (after its NUL character).
  auto StringEnd = [](std::string_view B, size_t At, uint64_t E) {
    for (size_t C = At; C + E <= B.size(); C += E)
      if (B.substr(C, E).find_first_not_of('\0') == std::string_view::npos)
        return C + E;
    return B.size();
  };
  bool Any = false;
  for (const OutputSection &S : G.Sections)
    for (uint32_t A : S.Atoms)
      Any = Any || (!S.Synthetic && PieceSize(G.Atoms[A]));
  if (!Any)
    return;
  // A PC-relative reference through the section symbol carries the
  // instruction's bias in its addend: LLVM writes one only when the
  // reference is its piece's start plus that bias (4 on x86-64 for a
  // plain displacement), so the addend is where the piece starts and the
  // target is 4 bytes on. Found by the addend, it lands in the right
  // piece when no piece ends within those 4 bytes; else its atom keeps
  // its own bytes. (A reference through a symbol, .L.str or .LCPI, is
  // placed by the symbol.)
  std::unordered_set<const object::Section *> Unsafe;
  for (uint32_t A = 0; A < G.Relocs.size(); ++A)
    for (const object::Relocation *R : G.Relocs[A]) {
      if (!R->PCRel)
        continue;
      const object::Section *To =
          R->Target == object::RelocTarget::Section ? R->TargetSection
          : R->TargetSymbol &&
                  R->TargetSymbol->Type == object::SymbolType::Section
              ? R->TargetSymbol->Sec
              : nullptr;
      if (!To || Unsafe.count(To))
        continue;
      const std::string_view B = To->bytes();
      const uint64_t E = elfSectionEntSize(*To);
      const bool Strings = object::elfNativeSectionFlags(*To) & SHF_STRINGS;
      if (R->Addend < 0 || uint64_t(R->Addend) + 4 > B.size() ||
          (Strings ? B.substr(size_t(R->Addend), 4).find('\0') !=
                         std::string_view::npos
                   : !E || (uint64_t(R->Addend) % E) + 4 > E))
        Unsafe.insert(To);
    }
  for (OutputSection &S : G.Sections) {
    if (S.Synthetic)
      continue;
    S.Runs.clear();
    // (xxh3-hashed open addressing: a big link's .debug_str has millions
    // of pieces.)
    std::vector<llvm::DenseMap<llvm::CachedHashStringRef, uint64_t>> Seen;
    bool All = true;
    for (uint32_t A : S.Atoms) {
      Atom &X = G.Atoms[A];
      X.Pieces.clear();
      X.Run = -1;
      const uint64_t E = PieceSize(X);
      if (!E || Unsafe.count(X.Sec) || !G.Relocs[A].empty() ||
          (X.Sec && !X.Sec->DeferredRelas.empty())) {
        All = false;
        continue;
      }
      const bool Strings = X.ShFlags & SHF_STRINGS;
      const uint64_t Align = std::max<uint64_t>(X.Align, E);
      for (size_t R = 0; R < S.Runs.size() && X.Run < 0; ++R)
        if (S.Runs[R].Strings == Strings && S.Runs[R].EntSize == E &&
            S.Runs[R].Align == Align)
          X.Run = int32_t(R);
      if (X.Run < 0) {
        X.Run = int32_t(S.Runs.size());
        OutputSection::MergeRun Run;
        Run.Strings = Strings;
        Run.EntSize = E;
        Run.Align = Align;
        S.Runs.push_back(std::move(Run));
        Seen.emplace_back();
      }
      OutputSection::MergeRun &Run = S.Runs[size_t(X.Run)];
      auto &Known = Seen[size_t(X.Run)];
      const std::string_view B = X.Sec->bytes();
      for (size_t At = 0; At < B.size();) {
        const size_t End = Strings ? StringEnd(B, At, E) : At + E;
        std::string_view Piece(B.data() + At, End - At);
        auto [It, New] =
            Known.try_emplace(llvm::CachedHashStringRef(
                                  llvm::StringRef(Piece.data(), Piece.size())),
                              alignTo(Run.Bytes.size(), Align));
        if (New) {
          Run.Bytes.resize(It->second, '\0');
          Run.Bytes.append(Piece);
        }
        X.Pieces.push_back({At, It->second}); // run-relative until placed
        At = End;
      }
    }
    // A section of one kind of pieces only says so (lld's flags).
    if (All && S.Runs.size() == 1) {
      S.Flags |= SHF_MERGE | (S.Runs[0].Strings ? SHF_STRINGS : 0);
      S.EntSize = S.Runs[0].EntSize;
    }
  }
}

} // namespace

/// The live constraints as per-atom alignments and ranks (left empty when
/// there are none). A required one that cannot hold fails the link.
static bool applyConstraints(LinkGraph &G, std::vector<uint64_t> &MinAlign,
                             std::vector<std::pair<uint64_t, bool>> &Rank) {
  for (const LinkGraph::LayoutConstraint &C : G.Constraints) {
    if (C.State != LinkGraph::LayoutConstraint::Live)
      continue;
    const bool Order = C.K == LinkGraph::LayoutConstraint::AtomOrder;
    const char *Kind = Order ? "atom-order" : "atom-align";
    const Atom *X = C.Subject < G.Atoms.size() ? &G.Atoms[C.Subject] : nullptr;
    std::string Why;
    if (!X)
      Why = "there is no atom " + std::to_string(C.Subject);
    else if (!X->Live)
      Why = "atom " + std::to_string(C.Subject) + " (" + atomName(*X) +
            ") is not in the image";
    if (!Why.empty()) {
      if (C.Required)
        return G.fail(std::string("a required ") + Kind +
                      " constraint cannot hold: " + Why);
      continue;
    }
    if (Order) {
      if (Rank.empty())
        Rank.assign(G.Atoms.size(), {0, false});
      Rank[C.Subject] = {C.Value, true};
    } else {
      if (MinAlign.empty())
        MinAlign.assign(G.Atoms.size(), 1);
      MinAlign[C.Subject] = std::max(MinAlign[C.Subject], C.Value);
    }
  }
  return true;
}

bool layout(LinkGraph &G) {
  const bool Dynamic = G.dynamicImage();
  const bool StripDebug = G.Opt.StripDebug || G.Opt.StripAll;
  std::map<std::string, int32_t> ByName;
  auto Output = [&](const std::string &Name, uint32_t Type, uint64_t Flags,
                    uint64_t Align) -> int32_t {
    auto [It, New] = ByName.try_emplace(Name, int32_t(G.Sections.size()));
    if (New) {
      OutputSection S;
      S.Name = Name;
      S.Type = Type;
      G.Sections.push_back(std::move(S));
    }
    OutputSection &S = G.Sections[size_t(It->second)];
    if (S.Type == SHT_NOBITS && Type != SHT_NOBITS)
      S.Type = Type; // data and zero-fill of one name: data
    S.Flags |= Flags & ~(SHF_GROUP | SHF_MERGE | SHF_STRINGS | SHF_INFO_LINK |
                         SHF_LINK_ORDER | SHF_GNU_RETAIN);
    S.Align = std::max(S.Align, Align);
    return It->second;
  };
  auto Synthetic = [&](const std::string &Name, uint32_t Type, uint64_t Flags,
                       uint64_t Align, uint64_t Size) {
    int32_t I = Output(Name, Type, Flags, Align);
    G.Sections[size_t(I)].Synthetic = true;
    G.Sections[size_t(I)].Size = Size;
    return I;
  };

  // Synthetic sections the dynamic linker reads come first in their group.
  LinkGraph::Synth &Y = G.S;
  const size_t NDyn = G.DynSyms.size() + 1;
  if (Dynamic && !G.Opt.DynamicLinker.empty() && !G.sharedOutput())
    Y.Interp = Synthetic(".interp", SHT_PROGBITS, SHF_ALLOC, 1,
                         G.Opt.DynamicLinker.size() + 1);
  if (G.Opt.BuildId)
    Y.BuildId = Synthetic(".note.gnu.build-id", SHT_NOTE, SHF_ALLOC, 4, 24);
  if (Dynamic) {
    Y.DynSym = Synthetic(".dynsym", SHT_DYNSYM, SHF_ALLOC, 8, 24 * NDyn);
    Y.VerSym =
        Synthetic(".gnu.version", SHT_GNU_versym, SHF_ALLOC, 2, 2 * NDyn);
    if (!G.VersionDefs.empty())
      Y.VerDef = Synthetic(".gnu.version_d", SHT_GNU_verdef, SHF_ALLOC, 4,
                           28 * (G.VersionDefs.size() + 1));
    if (!G.VersionNeeds.empty()) {
      uint64_t Size = 0;
      for (const auto &N : G.VersionNeeds)
        Size += 16 + 16 * N.Versions.size();
      Y.VerNeed =
          Synthetic(".gnu.version_r", SHT_GNU_verneed, SHF_ALLOC, 4, Size);
    }
    const uint32_t Hashed = uint32_t(NDyn) - G.FirstHashed;
    if (G.Opt.GnuHash) {
      uint32_t Buckets = std::max<uint32_t>(Hashed / 4, 1);
      uint32_t Mask = 1;
      while (Mask < Hashed / 2)
        Mask <<= 1;
      Y.GnuHash = Synthetic(".gnu.hash", SHT_GNU_HASH, SHF_ALLOC, 8,
                            16 + 8 * Mask + 4 * Buckets + 4 * Hashed);
    }
    if (G.Opt.SysvHash)
      Y.Hash =
          Synthetic(".hash", SHT_HASH, SHF_ALLOC, 4, 8 + 4 * NDyn + 4 * NDyn);
    Y.DynStr = Synthetic(".dynstr", SHT_STRTAB, SHF_ALLOC, 1, 0);
    if (G.RelaDynCount)
      Y.RelaDyn =
          Synthetic(".rela.dyn", SHT_RELA, SHF_ALLOC, 8, 24 * G.RelaDynCount);
    if (!G.PltEntries.empty())
      Y.RelaPlt = Synthetic(".rela.plt", SHT_RELA, SHF_ALLOC | SHF_INFO_LINK, 8,
                            24 * G.PltEntries.size());
  }

  // Plugins' constraints (LinkGraph::Constraints): an alignment and a rank
  // per atom they name; nothing is allocated for a link without any.
  std::vector<uint64_t> MinAlign;
  std::vector<std::pair<uint64_t, bool>> Rank; // rank, ranked
  if (!applyConstraints(G, MinAlign, Rank))
    return false;
  auto AlignOf = [&](uint32_t A) {
    const uint64_t Al = G.Atoms[A].Align;
    return MinAlign.empty() ? Al : std::max(Al, MinAlign[A]);
  };

  // The inputs, in order; a range thunk right after the atom it serves,
  // or at the end of .init and .fini, whose pieces (crti, crtn) run into
  // each other.
  std::unordered_map<uint32_t, std::vector<uint32_t>> ThunksAfter;
  std::vector<uint32_t> ThunksLast;
  for (const LinkGraph::RangeThunk &K : G.Thunks) {
    const Atom &Caller = G.Atoms[size_t(G.Atoms[K.Atom].ThunkOf)];
    const std::string &In = atomName(Caller);
    if (In == ".init" || In == ".fini")
      ThunksLast.push_back(K.Atom);
    else
      ThunksAfter[uint32_t(G.Atoms[K.Atom].ThunkOf)].push_back(K.Atom);
  }
  // Atoms plugins gave an output section of their own (MadeSynthetics).
  std::unordered_map<uint32_t, const std::string *> OwnSection;
  for (const LinkGraph::MadeSynthetic &M : G.MadeSynthetics)
    if (M.State == LinkGraph::MadeSynthetic::Live)
      OwnSection[M.Atom] = &M.Name;
  std::vector<std::pair<uint32_t, uint32_t>> Placed; // section, atom
  for (uint32_t A = 0; A < G.Atoms.size(); ++A) {
    Atom &X = G.Atoms[A];
    if (!X.Live || X.ThunkOf >= 0)
      continue;
    const std::string &In = atomName(X);
    if (!(X.ShFlags & SHF_ALLOC) && StripDebug && In.rfind(".debug", 0) == 0)
      continue;
    std::string Name = X.Sec ? outputNameOf(In, X.ShFlags) : ".bss";
    if (!OwnSection.empty())
      if (auto It = OwnSection.find(A); It != OwnSection.end())
        Name = *It->second;
    uint32_t Type = X.Type;
    if (Type == SHT_X86_64_UNWIND ||
        (X.ShFlags & SHF_ALLOC && X.Type != SHT_NOBITS && X.Type != SHT_NOTE &&
         X.Type != SHT_INIT_ARRAY && X.Type != SHT_FINI_ARRAY &&
         X.Type != SHT_PREINIT_ARRAY))
      Type = Type == SHT_X86_64_UNWIND ? G.Arch->UnwindType : SHT_PROGBITS;
    int32_t O = Output(Name, Type, X.ShFlags, AlignOf(A));
    X.Out = O;
    Placed.push_back({uint32_t(O), A});
    if (!ThunksAfter.empty())
      if (auto It = ThunksAfter.find(A); It != ThunksAfter.end())
        for (uint32_t T : It->second) {
          G.Atoms[T].Out = O;
          Placed.push_back({uint32_t(O), T});
        }
  }
  for (uint32_t T : ThunksLast) {
    const int32_t O = G.Atoms[size_t(G.Atoms[T].ThunkOf)].Out;
    G.Atoms[T].Out = O;
    if (O >= 0)
      Placed.push_back({uint32_t(O), T});
  }
  for (auto &[O, A] : Placed)
    G.Sections[O].Atoms.push_back(A);
  for (OutputSection &S : G.Sections)
    if (S.Type == SHT_INIT_ARRAY || S.Type == SHT_FINI_ARRAY)
      std::stable_sort(S.Atoms.begin(), S.Atoms.end(),
                       [&](uint32_t A, uint32_t B) {
                         return priorityOf(atomName(G.Atoms[A])) <
                                priorityOf(atomName(G.Atoms[B]));
                       });
  if (!Rank.empty())
    for (OutputSection &S : G.Sections)
      if (std::any_of(S.Atoms.begin(), S.Atoms.end(),
                      [&](uint32_t A) { return Rank[A].second; }))
        std::stable_sort(S.Atoms.begin(), S.Atoms.end(),
                         [&](uint32_t A, uint32_t B) {
                           if (Rank[A].second != Rank[B].second)
                             return Rank[A].second;
                           return Rank[A].first < Rank[B].first;
                         });
  auto Find = [&](const char *Name) {
    auto It = ByName.find(Name);
    return It == ByName.end() ? -1 : It->second;
  };
  Y.EhFrame = Find(".eh_frame");
  if (Dynamic || !G.PltEntries.empty() || !G.Got.empty()) {
    if (G.Opt.EhFrameHdr && Y.EhFrame >= 0)
      Y.EhFrameHdr = Synthetic(".eh_frame_hdr", SHT_PROGBITS, SHF_ALLOC, 4,
                               12 + 8 * uint64_t(G.EhFrameFdes));
    if (!G.PltEntries.empty())
      Y.Plt = Synthetic(".plt", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16,
                        G.Arch->PltHeaderSize +
                            G.Arch->PltEntrySize * G.PltEntries.size());
    if (!G.Got.empty())
      Y.Got = Synthetic(".got", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8,
                        8 * G.Got.size());
    Y.GotPlt = Synthetic(".got.plt", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8,
                         8 * (3 + G.PltEntries.size()));
  } else if (G.Opt.EhFrameHdr && Y.EhFrame >= 0) {
    Y.EhFrameHdr = Synthetic(".eh_frame_hdr", SHT_PROGBITS, SHF_ALLOC, 4,
                             12 + 8 * uint64_t(G.EhFrameFdes));
  }
  if (!G.IpltEntries.empty()) {
    const uint64_t N = G.IpltEntries.size();
    Y.Iplt =
        Synthetic(".iplt", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16,
                  G.Arch->IpltEntrySize * N);
    Y.IpltGot =
        Synthetic(".got.iplt", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8, 8 * N);
    if (!G.dynamicImage())
      Y.RelaIplt = Synthetic(".rela.iplt", SHT_RELA, SHF_ALLOC, 8, 24 * N);
  }
  if (Y.Bss < 0)
    Y.Bss = Find(".bss");

  // .dynamic's entries (their values come at relocate).
  if (Dynamic) {
    auto Tag = [&](int64_t T) { G.Dynamic.push_back({T, 0}); };
    if (G.sharedOutput() && !G.Req.Soname.empty())
      G.Dynamic.push_back({DT_SONAME, G.dynString(G.Req.Soname)});
    for (int32_t L : G.NeededLibraries) {
      const SharedLibrary &Lib = G.In.Libraries[size_t(L)];
      G.Dynamic.push_back({DT_NEEDED, G.dynString(Lib.Soname)});
    }
    if (!G.Opt.Rpath.empty()) {
      std::string Joined;
      for (const std::string &P : G.Opt.Rpath)
        Joined += (Joined.empty() ? "" : ":") + P;
      G.Dynamic.push_back({DT_RUNPATH, G.dynString(Joined)});
    }
    auto Defined = [&](const char *Name) {
      const int32_t It = G.In.SymbolIndex.lookup(Name);
      return It >= 0 && G.Globals[size_t(It)].K == GlobalSym::Defined;
    };
    if (Defined("_init"))
      Tag(DT_INIT);
    if (Defined("_fini"))
      Tag(DT_FINI);
    for (const OutputSection &S : G.Sections) {
      if (S.Type == SHT_PREINIT_ARRAY) {
        Tag(DT_PREINIT_ARRAY);
        Tag(DT_PREINIT_ARRAYSZ);
      } else if (S.Type == SHT_INIT_ARRAY) {
        Tag(DT_INIT_ARRAY);
        Tag(DT_INIT_ARRAYSZ);
      } else if (S.Type == SHT_FINI_ARRAY) {
        Tag(DT_FINI_ARRAY);
        Tag(DT_FINI_ARRAYSZ);
      }
    }
    if (Y.GnuHash >= 0)
      Tag(DT_GNU_HASH);
    if (Y.Hash >= 0)
      Tag(DT_HASH);
    for (int64_t T : {DT_STRTAB, DT_SYMTAB, DT_STRSZ, DT_SYMENT})
      Tag(T);
    if (!G.sharedOutput())
      Tag(DT_DEBUG);
    if (Y.RelaPlt >= 0)
      for (int64_t T : {DT_PLTGOT, DT_PLTRELSZ, DT_PLTREL, DT_JMPREL})
        Tag(T);
    if (Y.RelaDyn >= 0)
      for (int64_t T : {DT_RELA, DT_RELASZ, DT_RELAENT, DT_RELACOUNT})
        Tag(T);
    Tag(DT_VERSYM);
    if (Y.VerDef >= 0) {
      Tag(DT_VERDEF);
      Tag(DT_VERDEFNUM);
    }
    if (Y.VerNeed >= 0) {
      Tag(DT_VERNEED);
      Tag(DT_VERNEEDNUM);
    }
    if (G.Opt.ZNow)
      Tag(DT_FLAGS);
    if (G.Opt.ZNow || G.pie())
      Tag(DT_FLAGS_1);
    Tag(DT_NULL);
    Y.Dynamic = Synthetic(".dynamic", SHT_DYNAMIC, SHF_ALLOC | SHF_WRITE, 8,
                          16 * G.Dynamic.size());
    G.Sections[size_t(Y.DynStr)].Size = G.DynStr.size();
  }

  // Order: by group, then rank, then first appearance.
  std::vector<int32_t> Order(G.Sections.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = int32_t(I);
  std::vector<Group> GroupOf(G.Sections.size());
  for (size_t I = 0; I < G.Sections.size(); ++I)
    GroupOf[I] = groupOf(G.Sections[I], G.Opt.ZRelro);
  std::stable_sort(Order.begin(), Order.end(), [&](int32_t A, int32_t B) {
    if (GroupOf[size_t(A)] != GroupOf[size_t(B)])
      return GroupOf[size_t(A)] < GroupOf[size_t(B)];
    return rankOf(G, G.Sections[size_t(A)], A) <
           rankOf(G, G.Sections[size_t(B)], B);
  });

  mergeSections(G);
  // A merged atom's pieces go where their run is: no alignment of its own.
  for (const LinkGraph::LayoutConstraint &C : G.Constraints)
    if (C.State == LinkGraph::LayoutConstraint::Live && C.Required &&
        C.K == LinkGraph::LayoutConstraint::AtomAlign &&
        C.Subject < G.Atoms.size() && G.Atoms[C.Subject].Run >= 0)
      return G.fail("a required atom-align constraint cannot hold: atom " +
                    std::to_string(C.Subject) + " (" +
                    atomName(G.Atoms[C.Subject]) + ") is merged with others");
  // Input sizes: atoms at their offsets inside each output section; merged
  // pieces as one run per kind where the first atom of the kind is.
  for (OutputSection &S : G.Sections) {
    if (S.Synthetic)
      continue;
    uint64_t Off = 0;
    std::vector<bool> RunPlaced(S.Runs.size(), false);
    for (uint32_t A : S.Atoms) {
      Atom &X = G.Atoms[A];
      if (X.Run >= 0) {
        OutputSection::MergeRun &Run = S.Runs[size_t(X.Run)];
        if (!RunPlaced[size_t(X.Run)]) {
          Off = alignTo(Off, Run.Align);
          Run.Offset = Off;
          Off += Run.Bytes.size();
          RunPlaced[size_t(X.Run)] = true;
        }
        X.OutOffset = Run.Offset;
        for (auto &P : X.Pieces)
          P.second += Run.Offset;
        continue;
      }
      Off = alignTo(Off, AlignOf(A));
      X.OutOffset = Off;
      Off += X.Replaced ? (X.Content.empty() ? X.ZeroFill : X.Content.size())
                        : X.Size;
    }
    S.Size = Off;
  }

  // Program headers: count them before anything is placed.
  bool HasGroup[NotAlloc + 1] = {};
  bool HasTls = false;
  size_t Notes = 0;
  for (size_t I = 0; I < G.Sections.size(); ++I) {
    HasGroup[GroupOf[I]] = true;
    HasTls |=
        (G.Sections[I].Flags & SHF_TLS) && (G.Sections[I].Flags & SHF_ALLOC);
    Notes +=
        G.Sections[I].Type == SHT_NOTE && (G.Sections[I].Flags & SHF_ALLOC);
  }
  size_t Phdrs = 1 /*R*/ + HasGroup[Code] + HasGroup[Relro] + HasGroup[Data] +
                 1 /*GNU_STACK*/ + Notes + HasTls;
  Phdrs += Dynamic;             // PT_DYNAMIC
  Phdrs += 2 * (Y.Interp >= 0); // PT_PHDR, PT_INTERP
  Phdrs += HasGroup[Relro];
  Phdrs += Y.EhFrameHdr >= 0;

  const uint64_t Page =
      G.Opt.MaxPageSize ? G.Opt.MaxPageSize : G.Arch->MaxPageSize;
  G.ImageBase = G.pic() ? 0 : (G.Req.ImageBase ? G.Req.ImageBase : 0x200000);
  const uint64_t Base = G.ImageBase;
  uint64_t Off = 64 + 56 * Phdrs;
  struct Extent {
    uint64_t Start = 0, FileEnd = 0, MemEnd = 0;
    bool Used = false;
  } Ext[NotAlloc + 1];
  Ext[ReadOnly].Used = true; // the headers
  uint64_t TlsStart = 0, TlsEnd = 0, TlsAlign = 1;
  bool SeenTls = false;
  Group Current = ReadOnly;
  uint64_t Mem = Off; // memory offset (may run past Off: zero-fill)
  for (int32_t I : Order) {
    OutputSection &S = G.Sections[size_t(I)];
    Group Gr = GroupOf[size_t(I)];
    if (Gr == NotAlloc)
      break;
    if (Gr != Current) {
      Off = alignTo(std::max(Off, Mem), Page);
      Mem = Off;
      Current = Gr;
      Ext[Gr].Start = Off;
      Ext[Gr].Used = true;
    }
    const bool Tbss = (S.Flags & SHF_TLS) && S.nobits();
    Mem = alignTo(Mem, S.Align);
    if (!S.nobits())
      Off = Mem;
    S.Offset = S.nobits() ? Off : Mem;
    S.Address = Base + Mem;
    S.Segment = Gr;
    if (S.Flags & SHF_TLS) {
      if (!SeenTls)
        TlsStart = S.Address;
      SeenTls = true;
      TlsEnd = S.Address + S.Size;
      TlsAlign = std::max(TlsAlign, S.Align);
    }
    if (!Tbss)
      Mem += S.Size;
    if (!S.nobits())
      Off = Mem;
    Ext[Gr].FileEnd = Off;
    Ext[Gr].MemEnd = Mem;
  }
  Ext[ReadOnly].Start = 0;
  if (Ext[ReadOnly].FileEnd < 64 + 56 * Phdrs)
    Ext[ReadOnly].FileEnd = Ext[ReadOnly].MemEnd = 64 + 56 * Phdrs;
  // Not allocated: after the last loaded byte.
  Off = std::max(Off, Ext[Current].FileEnd);
  for (int32_t I : Order) {
    OutputSection &S = G.Sections[size_t(I)];
    if (GroupOf[size_t(I)] != NotAlloc)
      continue;
    Off = alignTo(Off, S.Align);
    S.Offset = Off;
    S.Address = 0;
    Off += S.nobits() ? 0 : S.Size;
  }
  G.TlsAddress = TlsStart;
  G.TlsSize = TlsEnd - TlsStart;
  G.TlsAlign = TlsAlign;

  // Segments.
  auto Seg = [&](uint32_t Type, uint32_t Flags, uint64_t Offset,
                 uint64_t Address, uint64_t FileSize, uint64_t MemSize,
                 uint64_t Align) {
    G.Segments.push_back(
        {Type, Flags, Offset, Address, FileSize, MemSize, Align});
  };
  auto Sec = [&](int32_t I) -> OutputSection & {
    return G.Sections[size_t(I)];
  };
  if (Y.Interp >= 0)
    Seg(PT_PHDR, 4, 64, Base + 64, 56 * Phdrs, 56 * Phdrs, 8);
  if (Y.Interp >= 0)
    Seg(PT_INTERP, 4, Sec(Y.Interp).Offset, Sec(Y.Interp).Address,
        Sec(Y.Interp).Size, Sec(Y.Interp).Size, 1);
  const uint32_t Flags[NotAlloc] = {0, 4, 5, 6, 6};
  for (Group Gr : {ReadOnly, Code, Relro, Data})
    if (Ext[Gr].Used && HasGroup[Gr] | (Gr == ReadOnly))
      Seg(PT_LOAD, Flags[Gr], Ext[Gr].Start, Base + Ext[Gr].Start,
          Ext[Gr].FileEnd - Ext[Gr].Start, Ext[Gr].MemEnd - Ext[Gr].Start,
          Page);
  if (Dynamic)
    Seg(PT_DYNAMIC, 6, Sec(Y.Dynamic).Offset, Sec(Y.Dynamic).Address,
        Sec(Y.Dynamic).Size, Sec(Y.Dynamic).Size, 8);
  if (HasTls) {
    uint64_t FileSize = 0, Offset = 0;
    for (const OutputSection &S : G.Sections)
      if ((S.Flags & SHF_TLS) && !S.nobits()) {
        if (!FileSize)
          Offset = S.Offset;
        FileSize = S.Address + S.Size - TlsStart;
      }
    if (!FileSize)
      for (const OutputSection &S : G.Sections)
        if (S.Flags & SHF_TLS)
          Offset = S.Offset;
    Seg(PT_TLS, 4, Offset, TlsStart, FileSize, TlsEnd - TlsStart, TlsAlign);
  }
  if (HasGroup[Relro]) {
    uint64_t Size = alignTo(Ext[Relro].MemEnd, Page) - Ext[Relro].Start;
    Seg(PT_GNU_RELRO, 4, Ext[Relro].Start, Base + Ext[Relro].Start, Size, Size,
        1);
  }
  if (Y.EhFrameHdr >= 0)
    Seg(PT_GNU_EH_FRAME, 4, Sec(Y.EhFrameHdr).Offset, Sec(Y.EhFrameHdr).Address,
        Sec(Y.EhFrameHdr).Size, Sec(Y.EhFrameHdr).Size, 4);
  Seg(PT_GNU_STACK, G.Opt.ExecStack ? 7 : 6, 0, 0, 0, 0, 0);
  for (int32_t I : Order) {
    const OutputSection &S = G.Sections[size_t(I)];
    if (S.Type == SHT_NOTE && (S.Flags & SHF_ALLOC))
      Seg(PT_NOTE, 4, S.Offset, S.Address, S.Size, S.Size, S.Align);
  }
  if (G.Segments.size() != Phdrs)
    return G.fail("internal error: " + std::to_string(G.Segments.size()) +
                  " program headers laid out, " + std::to_string(Phdrs) +
                  " counted");

  // Section header indexes: in address order, then the rest, then the
  // three tables the emitter adds (.symtab, .strtab, .shstrtab).
  uint32_t Index = 1;
  for (int32_t I : Order)
    G.Sections[size_t(I)].Index = Index++;
  std::vector<OutputSection> Sorted;
  Sorted.reserve(Order.size());
  std::vector<int32_t> NewIndex(G.Sections.size());
  for (size_t K = 0; K < Order.size(); ++K)
    NewIndex[size_t(Order[K])] = int32_t(K);
  for (int32_t I : Order)
    Sorted.push_back(std::move(G.Sections[size_t(I)]));
  G.Sections = std::move(Sorted);
  for (Atom &X : G.Atoms)
    if (X.Out >= 0)
      X.Out = NewIndex[size_t(X.Out)];
  Y.each([&](int32_t &I) {
    if (I >= 0)
      I = NewIndex[size_t(I)];
  });

  // Atom addresses.
  for (Atom &X : G.Atoms)
    if (X.Out >= 0)
      X.Address = G.Sections[size_t(X.Out)].Address + X.OutOffset;

  // Symbol values.
  auto SectionStart = [&](const std::string &Name, bool End) -> int64_t {
    for (const OutputSection &S : G.Sections)
      if (S.Name == Name)
        return int64_t(S.Address + (End ? S.Size : 0));
    return -1;
  };
  auto TypeBounds = [&](uint32_t Type, bool End) -> uint64_t {
    for (const OutputSection &S : G.Sections)
      if (S.Type == Type)
        return S.Address + (End ? S.Size : 0);
    // None: both ends at the start of the writable data (lld: an empty
    // range).
    return Base + Ext[Relro].Start;
  };
  uint64_t EndOfData = Base + std::max(Ext[Data].FileEnd, Ext[Relro].FileEnd);
  uint64_t End = Base;
  for (Group Gr : {ReadOnly, Code, Relro, Data})
    if (Ext[Gr].Used)
      End = std::max(End, Base + Ext[Gr].MemEnd);
  uint64_t EndOfText = Ext[Code].Used ? Base + Ext[Code].MemEnd : Base;
  std::vector<std::pair<size_t, std::string>> Aliases; // --defsym A=B
  for (size_t I = 0; I < G.Globals.size(); ++I) {
    GlobalSym &X = G.Globals[I];
    const std::string &Name = G.In.Symbols[I].Name;
    switch (X.K) {
    case GlobalSym::Defined:
      if (X.Def->Def == object::Definition::Absolute)
        X.Value = X.Def->Value;
      else if (int32_t A = G.atomOf(uint32_t(X.Object), X.Def->Sec); A >= 0)
        X.Value = G.offsetAddress(uint32_t(A), X.Def->Value);
      break;
    case GlobalSym::Common:
      X.Value = G.atomAddress(uint32_t(X.CommonAtom));
      break;
    case GlobalSym::Shared:
      if (X.NeedsCopy)
        X.Value = G.atomAddress(uint32_t(X.CopyAtom));
      break;
    case GlobalSym::LinkerDefined: {
      int64_t V = -1;
      // --defsym: a number, or where another symbol ended up.
      const std::pair<std::string, std::string> *Def = nullptr;
      for (const auto &D : G.Opt.Defsyms)
        if (D.first == Name)
          Def = &D;
      if (Def) {
        char *End = nullptr;
        unsigned long long N = std::strtoull(Def->second.c_str(), &End, 0);
        if (End && !*End) {
          X.Value = N;
          X.AbsoluteValue = true;
        } else
          Aliases.push_back({I, Def->second}); // once every value is known
        break;
      }
      if (Name == "_DYNAMIC" && Y.Dynamic >= 0)
        V = int64_t(G.Sections[size_t(Y.Dynamic)].Address);
      else if (Name == "_GLOBAL_OFFSET_TABLE_" && G.Arch->GotSymbolInGot &&
               Y.Got >= 0)
        V = int64_t(G.Sections[size_t(Y.Got)].Address);
      else if (Name == "_GLOBAL_OFFSET_TABLE_" && Y.GotPlt >= 0)
        V = int64_t(G.Sections[size_t(Y.GotPlt)].Address);
      else if (Name == "__ehdr_start" || Name == "__executable_start" ||
               Name == "__dso_handle")
        V = int64_t(Base);
      else if (Name == "_end" || Name == "end")
        V = int64_t(End);
      else if (Name == "_edata" || Name == "edata")
        V = int64_t(EndOfData);
      else if (Name == "_etext" || Name == "etext" || Name == "__etext")
        V = int64_t(EndOfText);
      else if (Name == "__bss_start")
        V = Y.Bss >= 0 ? int64_t(G.Sections[size_t(Y.Bss)].Address)
                       : int64_t(EndOfData);
      else if (Name == "__init_array_start" || Name == "__init_array_end")
        V = int64_t(TypeBounds(SHT_INIT_ARRAY, Name.back() == 'd'));
      else if (Name == "__fini_array_start" || Name == "__fini_array_end")
        V = int64_t(TypeBounds(SHT_FINI_ARRAY, Name.back() == 'd'));
      else if (Name == "__preinit_array_start" || Name == "__preinit_array_end")
        V = int64_t(TypeBounds(SHT_PREINIT_ARRAY, Name.back() == 'd'));
      else if (Name == "_TLS_MODULE_BASE_" && G.TlsAddress)
        // The start of the TLS block: a local-dynamic TLS descriptor's
        // base, to which each variable's DTPOFF is added (lld's).
        V = int64_t(G.TlsAddress);
      else if (Name == "__GNU_EH_FRAME_HDR" && Y.EhFrameHdr >= 0)
        V = int64_t(G.Sections[size_t(Y.EhFrameHdr)].Address);
      else if (Name == "__rela_iplt_start" || Name == "__rela_iplt_end")
        // A static executable's IRELATIVE relocations, which its startup
        // code applies; elsewhere an empty range.
        V = Y.RelaIplt >= 0 ? int64_t(G.Sections[size_t(Y.RelaIplt)].Address +
                                      (Name.back() == 'd'
                                           ? G.Sections[size_t(Y.RelaIplt)].Size
                                           : 0))
                            : int64_t(Base);
      else if (Name.rfind("__start_", 0) == 0)
        V = SectionStart(Name.substr(8), false);
      else if (Name.rfind("__stop_", 0) == 0)
        V = SectionStart(Name.substr(7), true);
      if (V < 0) {
        // Named but not made here (no such section): undefined, and a
        // reference to it is the error lld gives.
        X.K = GlobalSym::Undefined;
        X.Weak = G.In.Symbols[I].Weak;
      } else {
        X.Value = uint64_t(V);
      }
      break;
    }
    case GlobalSym::Undefined:
      break;
    }
  }
  // A shared library has an entry only when -e names one.
  for (const auto &[I, Target] : Aliases) {
    const int32_t It = G.In.SymbolIndex.lookup(Target);
    if (It < 0 || G.Globals[size_t(It)].K == GlobalSym::Undefined)
      return G.fail("--defsym " + G.In.Symbols[I].Name + "=" + Target +
                    ": the symbol '" + Target + "' is not defined");
    G.Globals[I].Value = G.Globals[size_t(It)].Value;
  }
  const std::string EntryName = !G.Req.Entry.empty() ? G.Req.Entry
                                : G.sharedOutput()   ? ""
                                                     : "_start";
  const int32_t It = G.In.SymbolIndex.lookup(EntryName);
  G.Entry = It >= 0 ? G.Globals[size_t(It)].Value : 0;
  return true;
}

} // namespace neverc::link::graph
