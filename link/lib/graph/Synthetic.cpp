//===- Synthetic.cpp - synthesize: what the image needs besides its inputs
//-===//
//
// One pass over the relocations of the live sections decides, as lld does
// (each relocation type's need is the target's, arch/):
//  - a call to a shared library's function: a PLT entry (.plt, .got.plt,
//    JUMP_SLOT);
//  - a GOT load: a .got slot (GLOB_DAT for an import, RELATIVE for an
//    image address in a PIE);
//  - a PC-relative or absolute reference to a shared library's data: a
//    copy relocation (COPY into .bss); to its function: a
//    canonical PLT entry (the function's address is its PLT entry);
//  - a 64-bit word holding an address in a writable section: a dynamic
//    relocation (symbolic for an import, RELATIVE in a PIE);
//  - TLS: general- and local-dynamic pairs and initial-exec slots in .got.
// Then: what .dynsym holds (imports first, then the exports, in .gnu.hash
// bucket order), the versions imported (.gnu.version_r), the libraries
// needed (DT_NEEDED, --as-needed honoured) and the count of .eh_frame
// records .eh_frame_hdr indexes. A reference nothing defines is the error
// lld gives ("undefined symbol"), with where it is referenced.
//
//===----------------------------------------------------------------------===//
#include "Arch.h"

#include "llvm/Object/ELF.h"

#include <algorithm>
#include <map>
#include <set>

namespace neverc::link::graph {
namespace {

bool isFunction(const LinkSymbol &L) {
  return L.SharedType == llvm::ELF::STT_FUNC ||
         L.SharedType == llvm::ELF::STT_GNU_IFUNC;
}

uint32_t gnuHash(const std::string &Name) {
  uint32_t H = 5381;
  for (unsigned char C : Name)
    H = H * 33 + C;
  return H;
}

} // namespace

uint32_t gnuHashOf(const std::string &Name) { return gnuHash(Name); }

uint32_t gotSlotRelocation(const LinkGraph &G, const GotSlot &S,
                           bool &Symbolic) {
  Symbolic = S.Global >= 0 && G.dynamicTarget(S.Global);
  const auto &D = G.Arch->Dyn;
  switch (S.K) {
  case GotSlot::Address: {
    if (Symbolic)
      return D.GlobDat;
    if (!G.pic())
      return 0;
    if (S.Global >= 0) {
      const GlobalSym &X = G.Globals[size_t(S.Global)];
      if (X.K == GlobalSym::Undefined || X.AbsoluteValue ||
          (X.Def && X.Def->Def == object::Definition::Absolute))
        return 0;
      return D.Relative;
    }
    return S.Atom >= 0 ? D.Relative : 0;
  }
  case GotSlot::TlsModule:
    // An executable is module 1; a library learns its module at load.
    return Symbolic || G.sharedOutput() ? D.DtpMod64 : 0;
  case GotSlot::TlsOffset:
    return Symbolic ? D.DtpOff64 : 0;
  case GotSlot::TpOffset:
    return Symbolic || G.sharedOutput() ? D.TpOff64 : 0;
  case GotSlot::TlsDesc: // (an executable relaxes every descriptor)
    return D.TlsDesc;
  case GotSlot::TlsDescArg:
    return 0;
  }
  return 0;
}

bool synthesize(LinkGraph &G) {
  const bool Dynamic = G.dynamicImage();
  G.AtomsBeforeSynthesize = G.Atoms.size();
  std::set<std::string> UndefinedSeen;
  std::string Errors;
  unsigned ErrorCount = 0;
  auto Error = [&](const std::string &Msg) {
    if (ErrorCount++ < 20)
      Errors += (Errors.empty() ? "" : "\n") + Msg;
  };
  auto GotFor = [&](const Target &T, GotSlot::Kind K, unsigned Slots) {
    if (T.Global >= 0) {
      GlobalSym &X = G.Globals[size_t(T.Global)];
      int32_t &Slot = K == GotSlot::Address    ? X.Got
                      : K == GotSlot::TpOffset ? X.TpOff
                                               : K == GotSlot::TlsDesc  ? X.TlsDesc
                                               : X.TlsGd;
      if (Slot < 0) {
        Slot = int32_t(G.Got.size());
        for (unsigned I = 0; I < Slots; ++I)
          G.Got.push_back({GotSlot::Kind(K + I), T.Global, -1, 0});
      }
      return;
    }
    auto [It, New] =
        G.LocalGot.try_emplace(localGotKey(T, K), uint32_t(G.Got.size()));
    if (New)
      for (unsigned I = 0; I < Slots; ++I)
        G.Got.push_back({GotSlot::Kind(K + I), -1, T.Atom, T.Offset});
  };
  size_t WordRelocs = 0;
  // GOT references the target may relax to direct ones (no slot then).
  std::vector<std::pair<uint32_t, const object::Relocation *>> MaybeRelaxed;

  for (uint32_t A = 0; A < G.Atoms.size(); ++A) {
    const Atom &At = G.Atoms[A];
    if (!At.Live || !(At.ShFlags & SHF_ALLOC))
      continue;
    const bool Writable = At.ShFlags & SHF_WRITE;
    for (const object::Relocation *R : G.Relocs[A]) {
      const uint32_t Type = object::elfRelocType(*R);
      const RelocNeed Need = G.Arch->need(Type);
      Target T = targetOf(G, At.Object, *R);
      GlobalSym *X = T.Global >= 0 ? &G.Globals[size_t(T.Global)] : nullptr;
      const LinkSymbol *L =
          T.Global >= 0 ? &G.In.Symbols[size_t(T.Global)] : nullptr;
      const bool SharedOut = G.sharedOutput();
      if (X) {
        X->Referenced = true;
        // (A plugin's retarget, with no symbol of its own, is strong.)
        if (!T.Sym || T.Sym->Bind != object::Binding::Weak)
          X->StrongRef = true;
        // A reference nothing defines stays a dynamic symbol: a weak one
        // of any dynamic image (lld: a library loaded later may define
        // it), any one of a shared library (its users may define it).
        if (T.Undefined && X->K == GlobalSym::Undefined && Dynamic &&
            !G.staticPie() && (T.UndefinedWeak || SharedOut))
          X->WeakImport = true;
      }
      if (T.Undefined && !T.UndefinedWeak && Type != G.Arch->Dyn.None) {
        if (G.Opt.NoUndefined &&
            !(G.Req.Flags & NEVERC_LINK_OPTION_ALLOW_UNDEFINED) && L &&
            UndefinedSeen.insert(L->Name).second)
          Error("undefined symbol: " + L->Name + "\n>>> referenced by " +
                placeName(G, At, R->Offset));
        if (!SharedOut)
          continue;
      }
      const bool Shared = X && X->K == GlobalSym::Shared;
      const bool Func = Shared && isFunction(*L);
      // Bound by the dynamic linker: an import, or in a shared library a
      // preemptible definition or a reference left to the library's users.
      const bool Pre =
          X && (Shared || (SharedOut && (G.preemptible(*X) || X->WeakImport)));
      // An IFUNC definition: every reference goes to its IPLT entry, whose
      // slot an IRELATIVE relocation fills with what the resolver returns.
      // A shared library's preemptible one is bound through its symbol
      // (STT_GNU_IFUNC in .dynsym): the dynamic linker calls the resolver
      // for the PLT, GOT and word relocations that name it.
      if (X && X->K == GlobalSym::Defined && X->Def &&
          X->Def->Type == object::SymbolType::IndirectFunction) {
        if (!(SharedOut && Pre) && X->Iplt < 0) {
          X->Iplt = int32_t(G.IpltEntries.size());
          G.IpltEntries.push_back({T.Global, -1, 0});
        }
      } else if (T.Sym && T.Sym->Type == object::SymbolType::IndirectFunction &&
                 !Shared && T.Atom >= 0) {
        // A local one (a static function's target_clones): an entry too.
        auto [It, New] =
            G.LocalIplt.try_emplace(LinkGraph::localIpltKey(T.Atom, T.Offset),
                                    uint32_t(G.IpltEntries.size()));
        if (New)
          G.IpltEntries.push_back({-1, T.Atom, T.Offset});
      }
      auto NotPic = [&] {
        Error("relocation " + relocTypeName(G, Type) +
              " cannot be used against " +
              (L ? "symbol '" + L->Name + "'" : std::string("local symbol")) +
              "; recompile with -fPIC\n>>> defined in " +
              (Shared
                   ? G.In.Files[G.In.Libraries[size_t(X->Library)].Input].Path
                   : std::string("this link")) +
              "\n>>> referenced by " + placeName(G, At, R->Offset));
      };
      switch (Need) {
      case RelocNeed::None:
        break;
      case RelocNeed::Call:
        if (Pre)
          X->NeedsPlt = true;
        break;
      case RelocNeed::Direct:
      case RelocNeed::Narrow: {
        if (Need == RelocNeed::Narrow && G.pic() && !T.Absolute &&
            !T.UndefinedWeak) {
          NotPic();
          break;
        }
        if (!Pre)
          break;
        if (SharedOut) {
          NotPic(); // a shared library has no copies, no canonical PLT
        } else if (Func) {
          X->NeedsPlt = X->CanonicalPlt = true;
        } else {
          X->NeedsCopy = true;
        }
        break;
      }
      case RelocNeed::Word:
        if (Pre && !Writable) {
          if (G.pic()) {
            NotPic();
          } else if (Func) {
            X->NeedsPlt = X->CanonicalPlt = true;
          } else {
            X->NeedsCopy = true;
          }
          break;
        }
        if (!Pre && G.pic() && !T.Absolute && !T.Undefined && !Writable) {
          Error("relocation " + relocTypeName(G, Type) +
                " cannot be used in the read-only section '" + atomName(At) +
                "' of a position-independent image; recompile with -fPIC\n"
                ">>> referenced by " +
                placeName(G, At, R->Offset));
          break;
        }
        if (Pre || (G.pic() && !T.Absolute && !T.Undefined))
          ++WordRelocs;
        break;
      case RelocNeed::Got:
        if (X && X->K == GlobalSym::Undefined && Dynamic && !G.staticPie())
          X->NeedsGot = X->WeakImport = true;
        else if (Pre)
          X->NeedsGot = true;
        else if (G.Arch->gotRelaxable)
          MaybeRelaxed.push_back({A, R}); // once the exports are known
        else
          GotFor(T, GotSlot::Address, 1);
        break;
      case RelocNeed::TlsGd:
        GotFor(T, GotSlot::TlsModule, 2);
        break;
      case RelocNeed::TlsLd:
        if (G.TlsModuleGot < 0) {
          G.TlsModuleGot = int32_t(G.Got.size());
          G.Got.push_back({GotSlot::TlsModule, -1, -1, 0});
          G.Got.push_back({GotSlot::TlsOffset, -1, -1, 0});
        }
        break;
      case RelocNeed::TlsIe:
        GotFor(T, GotSlot::TpOffset, 1);
        break;
      case RelocNeed::TlsDesc:
        // A shared library's descriptor is a GOT pair the dynamic linker
        // fills; an executable relaxes the sequence: an import's TP offset
        // comes from a GOT slot (initial-exec), a definition's is constant.
        if (SharedOut)
          GotFor(T, GotSlot::TlsDesc, 2);
        else if (Shared)
          GotFor(T, GotSlot::TpOffset, 1);
        break;
      case RelocNeed::TlsLe:
        if (Shared || SharedOut)
          Error("relocation " + relocTypeName(G, Type) + " against " +
                (L ? "'" + L->Name + "'" : std::string("a local symbol")) +
                " cannot be used " +
                (SharedOut ? std::string("in a shared library")
                           : std::string("against a shared library's TLS")) +
                "; recompile with -fPIC\n>>> referenced by " +
                placeName(G, At, R->Offset));
        break;
      case RelocNeed::Unsupported:
        Error("relocation " + relocTypeName(G, Type) +
              " is not supported by the graph linker yet; use -fuse-ld=lld\n"
              ">>> referenced by " +
              placeName(G, At, R->Offset));
      }
    }
  }
  // GOT slots of imports (after the scan: a symbol both called and loaded
  // through the GOT has one of each).
  for (size_t I = 0; I < G.Globals.size(); ++I) {
    GlobalSym &X = G.Globals[I];
    if (X.NeedsGot && X.Got < 0) {
      X.Got = int32_t(G.Got.size());
      G.Got.push_back({GotSlot::Address, int32_t(I), -1, 0});
    }
  }
  if (ErrorCount > 20)
    Errors += "\ntoo many errors emitted, stopping now";
  if (!Errors.empty())
    return G.fail(Errors);

  // Copy relocations: zero-fill in .bss the dynamic linker copies into.
  for (size_t I = 0; I < G.Globals.size(); ++I) {
    GlobalSym &X = G.Globals[I];
    if (!X.NeedsCopy)
      continue;
    if (!X.Size)
      return G.fail(
          "cannot copy-relocate '" + G.In.Symbols[I].Name + "': its size in " +
          G.In.Files[G.In.Libraries[size_t(X.Library)].Input].Path + " is 0");
    Atom A;
    A.Type = SHT_NOBITS;
    A.ShFlags = SHF_ALLOC | SHF_WRITE;
    A.Size = X.Size;
    A.Align = 32;
    A.Replaced = true;
    A.ZeroFill = X.Size;
    X.CopyAtom = int32_t(G.Atoms.size());
    G.Atoms.push_back(std::move(A));
    G.Relocs.emplace_back();
  }
  // Every other name the library gives a copied object (environ,
  // __environ, _environ) names the copy too.
  {
    std::map<std::pair<int32_t, uint64_t>, uint32_t> Copied;
    for (uint32_t I = 0; I < G.Globals.size(); ++I)
      if (G.Globals[I].NeedsCopy)
        Copied.emplace(
            std::make_pair(G.Globals[I].Library, G.In.Symbols[I].SharedValue),
            I);
    if (!Copied.empty())
      for (uint32_t I = 0; I < G.Globals.size(); ++I) {
        GlobalSym &X = G.Globals[I];
        if (X.K != GlobalSym::Shared || X.NeedsCopy ||
            G.In.Symbols[I].SharedType != llvm::ELF::STT_OBJECT)
          continue;
        auto It = Copied.find({X.Library, G.In.Symbols[I].SharedValue});
        if (It == Copied.end())
          continue;
        X.NeedsCopy = X.CopyAlias = true;
        X.CopyAtom = G.Globals[It->second].CopyAtom;
      }
  }
  for (uint32_t I = 0; I < G.Globals.size(); ++I) {
    GlobalSym &X = G.Globals[I];
    if (X.NeedsPlt) {
      X.Plt = int32_t(G.PltEntries.size());
      G.PltEntries.push_back(I);
    }
  }

  // What the image exports: -E: every default-visibility definition;
  // otherwise what a shared library refers to, and what the dynamic
  // linker must find here (copies, canonical PLT entries).
  const bool ExportAll = G.Req.Flags & NEVERC_LINK_OPTION_EXPORT_DYNAMIC;
  auto Visible = [](const GlobalSym &X) {
    return X.Def && X.Def->Vis != object::Visibility::Hidden &&
           X.Def->Vis != object::Visibility::Internal;
  };
  for (const SharedLibrary &L : G.In.Libraries)
    for (const std::string &U : L.Undefined) {
      const int32_t It = G.In.SymbolIndex.lookup(U);
      if (It < 0)
        continue;
      GlobalSym &X = G.Globals[size_t(It)];
      if ((X.K == GlobalSym::Defined || X.K == GlobalSym::Common) &&
          Visible(X) && !X.Localized)
        X.Exported = true;
    }
  std::vector<uint32_t> Imports, Exports;
  for (uint32_t I = 0; I < G.Globals.size(); ++I) {
    GlobalSym &X = G.Globals[I];
    if ((ExportAll || G.sharedOutput() || X.DynamicListed || X.ForceExport) &&
        (X.K == GlobalSym::Defined || X.K == GlobalSym::Common) && Visible(X) &&
        !X.Localized)
      X.Exported = true;
    if (X.NeedsCopy || X.CanonicalPlt)
      X.Exported = true;
    if ((X.K == GlobalSym::Shared || X.WeakImport) && X.Referenced &&
        !X.Exported)
      X.Imported = true;
    if (X.Exported)
      Exports.push_back(I);
    else if (X.Imported)
      Imports.push_back(I);
  }
  // A GOT reference relocate relaxes needs no slot; the others get one.
  for (const auto &[A, R] : MaybeRelaxed) {
    const Atom &At = G.Atoms[A];
    const Target T = targetOf(G, At.Object, *R);
    if (!G.Arch->gotRelaxable(G, T, object::elfRelocType(*R), At.bytes(),
                              R->Offset))
      GotFor(T, GotSlot::Address, 1);
  }
  const uint32_t Buckets = std::max<uint32_t>(uint32_t(Exports.size() / 4), 1);
  std::stable_sort(Exports.begin(), Exports.end(), [&](uint32_t A, uint32_t B) {
    return gnuHash(G.In.Symbols[A].Name) % Buckets <
           gnuHash(G.In.Symbols[B].Name) % Buckets;
  });
  G.DynSyms.clear();
  G.DynSyms.insert(G.DynSyms.end(), Imports.begin(), Imports.end());
  G.FirstHashed = uint32_t(G.DynSyms.size()) + 1;
  G.DynSyms.insert(G.DynSyms.end(), Exports.begin(), Exports.end());

  // Libraries needed: every one not --as-needed, and an --as-needed one
  // that a kept object refers to strongly.
  std::vector<char> Used(G.In.Libraries.size(), 0);
  for (const GlobalSym &X : G.Globals)
    if (X.K == GlobalSym::Shared && X.StrongRef && X.Library >= 0)
      Used[size_t(X.Library)] = 1;
  G.dynString("");
  std::set<std::string> Named; // a library given twice is needed once
  for (size_t L = 0; L < G.In.Libraries.size(); ++L) {
    const SharedLibrary &Lib = G.In.Libraries[L];
    const InputFile &F = G.In.Files[Lib.Input];
    if ((F.Flags & NEVERC_LINK_INPUT_FLAG_AS_NEEDED) && !Used[L])
      continue;
    if (!Named.insert(Lib.Soname).second)
      continue;
    G.NeededLibraries.push_back(int32_t(L));
    G.dynString(Lib.Soname);
  }
  // Versions imported, per library (index 2 on; 1 is the global base).
  G.VersionOf.assign(G.DynSyms.size() + 1, 0);
  // Needed versions are numbered after the ones the image defines.
  uint16_t NextVersion = uint16_t(G.VersionDefs.size() + 2);
  std::vector<std::vector<std::pair<std::string, uint16_t>>> ByLib(
      G.In.Libraries.size());
  for (size_t D = 0; D < G.DynSyms.size(); ++D) {
    const uint32_t I = G.DynSyms[D];
    const GlobalSym &X = G.Globals[I];
    const LinkSymbol &L = G.In.Symbols[I];
    G.dynString(L.Name);
    uint16_t V = X.Exported && X.K != GlobalSym::Shared ? X.VersionIndex : 1;
    if (X.K == GlobalSym::Shared && !L.SharedVersion.empty() &&
        X.Library >= 0) {
      auto &List = ByLib[size_t(X.Library)];
      auto It = std::find_if(List.begin(), List.end(), [&](const auto &P) {
        return P.first == L.SharedVersion;
      });
      if (It == List.end()) {
        List.push_back({L.SharedVersion, NextVersion++});
        It = List.end() - 1;
      }
      V = It->second;
    }
    G.VersionOf[D + 1] = V;
  }
  for (size_t L = 0; L < ByLib.size(); ++L) {
    if (ByLib[L].empty())
      continue;
    LinkGraph::VersionNeed N;
    N.Library = int32_t(L);
    const SharedLibrary &Lib = G.In.Libraries[L];
    G.dynString(Lib.Soname);
    for (auto &[Name, Index] : ByLib[L]) {
      N.Versions.push_back({Name, Index});
      G.dynString(Name);
    }
    G.VersionNeeds.push_back(std::move(N));
  }
  if (G.sharedOutput()) {
    if (!G.Req.Soname.empty())
      G.dynString(G.Req.Soname);
    if (!G.VersionDefs.empty())
      G.dynString(G.baseVersionName());
    for (const std::string &V : G.VersionDefs)
      G.dynString(V);
  }
  if (!G.Opt.Rpath.empty()) {
    std::string Joined;
    for (const std::string &P : G.Opt.Rpath)
      Joined += (Joined.empty() ? "" : ":") + P;
    G.dynString(Joined);
  }

  // The dynamic relocations relocate will make: one per GOT slot that is
  // not a link-time constant, per copy, per word relocation counted above.
  size_t Dyn = WordRelocs;
  for (const GotSlot &S : G.Got) {
    bool Symbolic = false;
    Dyn += gotSlotRelocation(G, S, Symbolic) != 0;
  }
  for (const GlobalSym &X : G.Globals)
    Dyn += X.NeedsCopy && !X.CopyAlias;
  // IRELATIVE: in .rela.dyn of a dynamic image, in .rela.iplt otherwise.
  if (G.dynamicImage())
    Dyn += G.IpltEntries.size();
  G.RelaDynCount = Dyn;

  // .eh_frame records (each FDE may become a row of .eh_frame_hdr).
  G.EhFrameFdes = 0;
  for (const Atom &A : G.Atoms) {
    if (!A.Live || A.Type != SHT_X86_64_UNWIND)
      continue;
    const std::string_view B = A.bytes();
    for (size_t Off = 0; Off + 8 <= B.size();) {
      uint32_t Len = get32(B, Off);
      if (Len == 0 || Len == 0xffffffff)
        break;
      if (get32(B, Off + 4) != 0)
        ++G.EhFrameFdes;
      Off += 4 + size_t(Len);
    }
  }
  return true;
}

} // namespace neverc::link::graph
