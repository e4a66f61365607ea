//===- Relocate.cpp - relocate: every section's final bytes ---------------===//
//
// Each output section's bytes are its atoms' at their offsets (gaps in
// code are the target's trap, as lld fills them), with every relocation
// applied by the target's formulas (arch/); a value that does not fit its
// field is an error
// naming the place. Then the synthetic sections get their contents: GOT
// and PLT, the dynamic relocations (RELATIVE first, as lld sorts them),
// .dynsym, the hash tables, the version tables, .dynamic and
// .eh_frame_hdr (built from the relocated .eh_frame).
//
// A .eh_frame record that describes a section the link dropped (by
// --gc-sections, --icf or COMDAT) is kept but made empty (its address
// range 0), and .eh_frame_hdr leaves it out.
//
//===----------------------------------------------------------------------===//
#include "Arch.h"

#include "llvm/Object/ELF.h"

#include <algorithm>

namespace neverc::link::graph {

uint32_t gnuHashOf(const std::string &Name); // Synthetic.cpp

namespace {

uint32_t sysvHash(const std::string &Name) {
  uint32_t H = 0;
  for (unsigned char C : Name) {
    H = (H << 4) + C;
    uint32_t Top = H & 0xf0000000;
    if (Top)
      H ^= Top >> 24;
    H &= ~Top;
  }
  return H;
}

} // namespace

std::string relocTypeName(const LinkGraph &G, uint32_t Type) {
  return llvm::object::getELFRelocationTypeName(G.Arch->Machine, Type).str();
}

uint64_t Relocator::tpOffset(uint64_t Address) const {
  // Variant 1: a 16-byte TCB, then the block at its alignment; variant 2:
  // the block ends at the thread pointer.
  return G.Arch->TlsVariant1
             ? Address - G.TlsAddress + alignTo(16, G.TlsAlign)
             : Address - G.TlsAddress - alignTo(G.TlsSize, G.TlsAlign);
}

uint64_t Relocator::gotSlotFor(const Target &T, GotSlot::Kind K) const {
  int32_t Slot = -1;
  if (T.Global >= 0) {
    const GlobalSym &X = G.Globals[size_t(T.Global)];
    Slot = K == GotSlot::Address    ? X.Got
           : K == GotSlot::TpOffset ? X.TpOff
                                    : K == GotSlot::TlsDesc  ? X.TlsDesc
                                    : X.TlsGd;
  } else {
    auto It = G.LocalGot.find(localGotKey(T, K));
    Slot = It == G.LocalGot.end() ? -1 : int32_t(It->second);
  }
  return Slot < 0 ? 0 : G.gotAddress(uint32_t(Slot));
}

/// The PLT entry a call to \p T goes through (0: none, it goes to T).
static uint64_t pltOfCall(const LinkGraph &G, const Target &T) {
  if (T.Global >= 0 && G.Globals[size_t(T.Global)].Plt >= 0 &&
      G.dynamicTarget(T.Global))
    return G.pltAddress(uint32_t(G.Globals[size_t(T.Global)].Plt));
  return 0;
}

uint64_t callTarget(const LinkGraph &G, const Target &T) {
  const uint64_t Plt = pltOfCall(G, T);
  return Plt ? Plt : targetAddress(G, T);
}

uint64_t Relocator::callDestination(const RelocSite &X) const {
  if (!G.ThunkOfReloc.empty())
    if (auto It = G.ThunkOfReloc.find(&X.Rel); It != G.ThunkOfReloc.end())
      return G.Atoms[It->second].Address - uint64_t(X.A); // (the addend is
                                                          // the thunk's)
  const uint64_t Plt = pltOfCall(G, X.T);
  return Plt ? Plt : X.S;
}

bool Relocator::callsNothing(const RelocSite &X) const {
  return X.T.UndefinedWeak && X.T.Global >= 0 &&
         G.Globals[size_t(X.T.Global)].K == GlobalSym::Undefined;
}

bool Relocator::fits(const RelocSite &X, int64_t V, unsigned Bits,
                     bool Signed) {
  if (inRange(V, Bits, Signed))
    return true;
  error("relocation " + relocTypeName(G, X.Type) +
        " out of range: " + std::to_string(V) + "\n>>> at " +
        placeName(G, X.At, X.Offset));
  return false;
}

void Relocator::word64(const RelocSite &X) {
  const uint64_t V = X.S + uint64_t(X.A);
  if (X.Alloc && word64NeedsDynamic(G, X.T) && G.dynamicTarget(X.T.Global)) {
    Dyn.push_back({X.P, G.Arch->Dyn.Abs64, dynIndex(X.T.Global), X.A});
    put64(X.B, X.Pos, 0);
  } else if (X.Alloc && word64NeedsDynamic(G, X.T)) {
    Dyn.push_back({X.P, G.Arch->Dyn.Relative, 0, int64_t(V)});
    put64(X.B, X.Pos, V);
  } else {
    put64(X.B, X.Pos, V);
  }
}

void Relocator::unsupported(const RelocSite &X) {
  error("relocation " + relocTypeName(G, X.Type) +
        " is not supported by the graph linker yet; use -fuse-ld=lld\n"
        ">>> at " +
        placeName(G, X.At, X.Offset));
}

void Relocator::apply(SectionBytes B, uint32_t A) {
  const Atom &At = G.Atoms[A];
  const bool Alloc = At.ShFlags & SHF_ALLOC;
  const bool Unwind = At.Type == SHT_X86_64_UNWIND;
  const std::string &InName = atomName(At);
  // Debug data that pointed at a dropped section gets lld's tombstone.
  const uint64_t Tombstone =
      InName == ".debug_ranges" || InName == ".debug_loc" ? 1 : 0;
  auto One = [&](const object::Relocation *R, const void *Key) {
    const uint32_t Type = object::elfRelocType(*R);
    if (Type == G.Arch->Dyn.None)
      return;
    Target T = targetOf(G, At.Object, *R, Key);
    const uint64_t P = At.Address + R->Offset;
    const size_t Pos = size_t(At.OutOffset + R->Offset);
    int64_t Add = R->Addend;
    const size_t Width = G.Arch->width(Type);
    if (R->Offset > At.Size || Pos + std::min<size_t>(Width, 4) > B.size() ||
        (Width == 8 && Pos + 8 > B.size())) {
      error("a relocation lies outside its section\n>>> at " +
            placeName(G, At, R->Offset));
      return;
    }
    const bool DeadTarget = T.Atom >= 0 && !G.Atoms[size_t(T.Atom)].Live;
    if (DeadTarget && Unwind) {
      // An FDE of a dropped function: an empty range that describes
      // nothing.
      if (Pos + 8 <= B.size()) {
        put32(B, Pos, 0);
        put32(B, Pos + 4, 0);
      }
      return;
    }
    if (DeadTarget && G.Atoms[size_t(T.Atom)].Leader < 0) {
      if (!Alloc) {
        if (Width == 8)
          put64(B, Pos, Tombstone);
        else if (Pos + 4 <= B.size())
          put32(B, Pos, uint32_t(Tombstone));
        return;
      }
      error("relocation refers to a discarded section: " +
            atomName(G.Atoms[size_t(T.Atom)]) + "\n>>> referenced by " +
            placeName(G, At, R->Offset));
      return;
    }
    if (T.Undefined && !T.UndefinedWeak && Alloc) {
      error("undefined symbol: " +
            (T.Global >= 0 ? G.In.Symbols[size_t(T.Global)].Name
                           : std::string("?")) +
            "\n>>> referenced by " + placeName(G, At, R->Offset));
      return;
    }
    uint64_t S = targetAddress(G, T);
    if (T.Atom >= 0 && T.Global < 0 &&
        !G.Atoms[size_t(T.Atom)].Pieces.empty() &&
        (!T.Sym || T.Sym->Type == object::SymbolType::Section)) {
      // A piece of a merged section named by the section and an addend:
      // found by that offset, placed where its one copy went (a symbol's
      // piece is targetAddress's to place).
      S = G.offsetAddress(uint32_t(T.Atom), T.Offset + uint64_t(Add));
      Add = 0;
    }
    G.Arch->apply(
        *this, RelocSite{*R, At, R->Offset, Type, T, S, Add, P, B, Pos, Alloc});
  };
  for (const object::Relocation *R : G.Relocs[A])
    One(R, nullptr);
  // A debug section's relocations, read raw (readELF's DeferNonAlloc):
  // each decoded into one the graph does not hold, then the same.
  if (At.Sec && !At.Replaced && !At.Sec->DeferredRelas.empty()) {
    const object::Graph &OG = G.In.Objects[At.Object]->Graph;
    object::Relocation R;
    const size_t N = object::DeferredRelocations::count(*At.Sec);
    for (size_t K = 0; K < N; ++K) {
      Raw.decode(OG, *At.Sec, K, R);
      One(&R, object::DeferredRelocations::entry(*At.Sec, K));
    }
  }
}

void Relocator::fillGot() {
  if (G.S.Got < 0)
    return;
  OutputSection &Got = G.Sections[size_t(G.S.Got)];
  Got.Data.assign(Got.Size, '\0');
  for (size_t I = 0; I < G.Got.size(); ++I) {
    const GotSlot &Slot = G.Got[I];
    const uint64_t P = Got.Address + 8 * I;
    const size_t Pos = 8 * I;
    Target T;
    T.Global = Slot.Global;
    T.Atom = Slot.Atom;
    T.Offset = Slot.Offset;
    bool Symbolic = false;
    const uint32_t Type = gotSlotRelocation(G, Slot, Symbolic);
    const uint32_t Sym = Symbolic ? dynIndex(Slot.Global) : 0;
    const bool Local = Slot.Atom < 0 && Slot.Global < 0; // TLS LD's pair
    const uint64_t S = Local ? 0 : targetAddress(G, T);
    // The link-time value: what the slot holds when no dynamic relocation
    // patches it, and a RELATIVE / TPOFF64 relocation's addend.
    uint64_t Value = 0;
    switch (Slot.K) {
    case GotSlot::Address:
      Value = S;
      break;
    case GotSlot::TlsModule:
      Value = 1; // the executable is module 1
      break;
    case GotSlot::TlsOffset:
      Value = Local ? 0 : S - G.TlsAddress;
      break;
    case GotSlot::TpOffset:
      Value = G.sharedOutput() ? S - G.TlsAddress : tpOffset(S);
      break;
    case GotSlot::TlsDesc: // the dynamic linker's; the addend is the offset
      Value = S - G.TlsAddress;
      break;
    case GotSlot::TlsDescArg:
      Value = 0;
      break;
    }
    if (!Type) {
      put64(Got.Data, Pos, Value);
      continue;
    }
    int64_t Addend = 0;
    const auto &D = G.Arch->Dyn;
    if (Type == D.Relative ||
        ((Type == D.TpOff64 || Type == D.TlsDesc) && !Symbolic))
      Addend = int64_t(Value);
    if (Type == D.Relative)
      put64(Got.Data, Pos, Value);
    Dyn.push_back({P, Type, Sym, Addend});
  }
}

/// An IFUNC's IPLT entry jumps through its slot; an IRELATIVE relocation
/// sets the slot to what the resolver returns (the dynamic linker, or a
/// static executable's startup code through __rela_iplt_start/_end).
void Relocator::fillIplt() {
  if (G.S.Iplt < 0)
    return;
  OutputSection &Plt = G.Sections[size_t(G.S.Iplt)];
  OutputSection &Got = G.Sections[size_t(G.S.IpltGot)];
  Plt.Data.assign(Plt.Size, G.Arch->CodeFill);
  Got.Data.assign(Got.Size, '\0');
  std::vector<DynReloc> Rel;
  const unsigned Size = G.Arch->IpltEntrySize;
  for (size_t N = 0; N < G.IpltEntries.size(); ++N) {
    const uint64_t E = Plt.Address + Size * N, Slot = Got.Address + 8 * N;
    const LinkGraph::IpltEntry &I = G.IpltEntries[N];
    const uint64_t Resolver = I.Global >= 0
                                  ? G.Globals[size_t(I.Global)].Value
                                  : G.offsetAddress(uint32_t(I.Atom), I.Offset);
    G.Arch->writeIpltEntry(&Plt.Data[Size * N], E, Slot);
    put64(Got.Data, 8 * N, Resolver);
    Rel.push_back({Slot, G.Arch->Dyn.IRelative, 0, int64_t(Resolver)});
  }
  if (G.S.RelaIplt < 0) {
    Dyn.insert(Dyn.end(), Rel.begin(), Rel.end());
    return;
  }
  OutputSection &R = G.Sections[size_t(G.S.RelaIplt)];
  R.Data.assign(R.Size, '\0');
  R.EntSize = 24;
  for (size_t K = 0; K < Rel.size(); ++K) {
    put64(R.Data, 24 * K, Rel[K].Offset);
    put64(R.Data, 24 * K + 8, Rel[K].Type);
    put64(R.Data, 24 * K + 16, uint64_t(Rel[K].Addend));
  }
}

void Relocator::fillPlt() {
  if (G.S.GotPlt < 0)
    return;
  OutputSection &GotPlt = G.Sections[size_t(G.S.GotPlt)];
  GotPlt.Data.assign(GotPlt.Size, '\0');
  if (G.S.Dynamic >= 0)
    put64(GotPlt.Data, 0, G.Sections[size_t(G.S.Dynamic)].Address);
  if (G.S.Plt < 0)
    return;
  OutputSection &Plt = G.Sections[size_t(G.S.Plt)];
  Plt.Data.assign(Plt.Size, '\0');
  const uint64_t P0 = Plt.Address, GP = GotPlt.Address;
  const TargetArch &T = *G.Arch;
  T.writePltHeader(&Plt.Data[0], P0, GP);
  for (size_t N = 0; N < G.PltEntries.size(); ++N) {
    const size_t Pos = T.PltHeaderSize + T.PltEntrySize * N;
    const uint64_t E = P0 + Pos, Slot = GP + 8 * (3 + N);
    T.writePltEntry(&Plt.Data[Pos], E, Slot, P0, uint32_t(N));
    put64(GotPlt.Data, 8 * (3 + N), T.lazySlot(E, P0));
  }
}

void Relocator::fillDynamic() {
  LinkGraph::Synth &Y = G.S;
  auto Sec = [&](int32_t I) -> OutputSection & {
    return G.Sections[size_t(I)];
  };
  // .dynsym
  OutputSection &DS = Sec(Y.DynSym);
  DS.Data.assign(DS.Size, '\0');
  DS.Link = Sec(Y.DynStr).Index;
  DS.Info = 1;
  DS.EntSize = 24;
  for (size_t D = 0; D < G.DynSyms.size(); ++D) {
    const uint32_t I = G.DynSyms[D];
    const GlobalSym &X = G.Globals[I];
    const LinkSymbol &L = G.In.Symbols[I];
    const size_t Pos = 24 * (D + 1);
    uint8_t Bind = llvm::ELF::STB_GLOBAL, Type = llvm::ELF::STT_NOTYPE;
    uint16_t Shndx = 0;
    uint64_t Value = 0, Size = X.Size;
    if (X.K == GlobalSym::Shared) {
      Type = L.SharedType;
      if (!X.StrongRef && X.Imported)
        Bind = llvm::ELF::STB_WEAK;
      if (X.NeedsCopy) {
        Value = X.Value;
        Shndx = uint16_t(Sec(G.Atoms[size_t(X.CopyAtom)].Out).Index);
      } else if (X.CanonicalPlt) {
        Value = G.pltAddress(uint32_t(X.Plt));
      }
    } else if (X.WeakImport) {
      Bind = X.StrongRef ? llvm::ELF::STB_GLOBAL : llvm::ELF::STB_WEAK;
    } else if (X.Def) {
      Type = elfSymbolType(X.Def->Type);
      if (X.Def->Bind == object::Binding::Weak)
        Bind = llvm::ELF::STB_WEAK;
      Value = X.Value;
      if (X.Def->Def == object::Definition::Absolute)
        Shndx = llvm::ELF::SHN_ABS;
      else {
        int32_t A = X.CommonAtom;
        if (X.K != GlobalSym::Common) {
          A = G.atomOf(uint32_t(X.Object), X.Def->Sec);
        }
        int32_t Out = A >= 0 ? G.Atoms[size_t(A)].Out : -1;
        if (Out < 0 && A >= 0 && G.Atoms[size_t(A)].Leader >= 0)
          Out = G.Atoms[size_t(G.Atoms[size_t(A)].Leader)].Out;
        Shndx = Out >= 0 ? uint16_t(Sec(Out).Index) : 0;
      }
    }
    put32(DS.Data, Pos, G.dynString(L.Name));
    DS.Data[Pos + 4] = char(Bind << 4 | (Type & 0xf));
    DS.Data[Pos + 5] = 0;
    put16(DS.Data, Pos + 6, Shndx);
    // A TLS symbol's value is its offset in the TLS segment (gABI).
    if ((Type & 0xf) == llvm::ELF::STT_TLS && Shndx && Value >= G.TlsAddress)
      Value -= G.TlsAddress;
    put64(DS.Data, Pos + 8, Value);
    put64(DS.Data, Pos + 16, Size);
  }
  // .dynstr (complete since layout)
  OutputSection &Str = Sec(Y.DynStr);
  Str.Data = G.DynStr;
  Str.Data.resize(Str.Size, '\0');
  // .gnu.version
  OutputSection &VS = Sec(Y.VerSym);
  VS.Data.assign(VS.Size, '\0');
  VS.Link = DS.Index;
  VS.EntSize = 2;
  for (size_t D = 1; D < G.VersionOf.size(); ++D)
    put16(VS.Data, 2 * D, G.VersionOf[D]);
  // .gnu.version_r
  if (Y.VerNeed >= 0) {
    OutputSection &VN = Sec(Y.VerNeed);
    VN.Data.assign(VN.Size, '\0');
    VN.Link = Str.Index;
    VN.Info = uint32_t(G.VersionNeeds.size());
    size_t Pos = 0;
    for (size_t N = 0; N < G.VersionNeeds.size(); ++N) {
      const auto &Need = G.VersionNeeds[N];
      const SharedLibrary &Lib = G.In.Libraries[size_t(Need.Library)];
      const std::string &File = Lib.Soname;
      put16(VN.Data, Pos, 1);
      put16(VN.Data, Pos + 2, uint16_t(Need.Versions.size()));
      put32(VN.Data, Pos + 4, G.dynString(File));
      put32(VN.Data, Pos + 8, 16);
      const size_t Size = 16 + 16 * Need.Versions.size();
      put32(VN.Data, Pos + 12,
            N + 1 < G.VersionNeeds.size() ? uint32_t(Size) : 0);
      for (size_t V = 0; V < Need.Versions.size(); ++V) {
        const size_t Aux = Pos + 16 + 16 * V;
        put32(VN.Data, Aux, sysvHash(Need.Versions[V].first));
        put16(VN.Data, Aux + 4, 0);
        put16(VN.Data, Aux + 6, Need.Versions[V].second);
        put32(VN.Data, Aux + 8, G.dynString(Need.Versions[V].first));
        put32(VN.Data, Aux + 12, V + 1 < Need.Versions.size() ? 16 : 0);
      }
      Pos += Size;
    }
  }
  // .gnu.version_d: the base (the soname) and each version defined.
  if (Y.VerDef >= 0) {
    OutputSection &VD = Sec(Y.VerDef);
    VD.Data.assign(VD.Size, '\0');
    VD.Link = Str.Index;
    const std::string Base = G.baseVersionName();
    const size_t N = G.VersionDefs.size() + 1;
    VD.Info = uint32_t(N);
    for (size_t K = 0; K < N; ++K) {
      const std::string &Name = K ? G.VersionDefs[K - 1] : Base;
      const size_t At = 28 * K;
      put16(VD.Data, At, 1);                   // vd_version
      put16(VD.Data, At + 2, K ? 0 : 1);       // vd_flags: VER_FLG_BASE
      put16(VD.Data, At + 4, uint16_t(K + 1)); // vd_ndx
      put16(VD.Data, At + 6, 1);               // vd_cnt
      put32(VD.Data, At + 8, sysvHash(Name));
      put32(VD.Data, At + 12, 20); // vd_aux
      put32(VD.Data, At + 16, K + 1 < N ? 28 : 0);
      put32(VD.Data, At + 20, G.dynString(Name));
      put32(VD.Data, At + 24, 0);
    }
  }
  // .gnu.hash: the exports (dynsym FirstHashed on), already in bucket
  // order.
  const uint32_t NDyn = uint32_t(G.DynSyms.size()) + 1;
  if (Y.GnuHash >= 0) {
    OutputSection &H = Sec(Y.GnuHash);
    H.Data.assign(H.Size, '\0');
    H.Link = DS.Index;
    const uint32_t Hashed = NDyn - G.FirstHashed;
    const uint32_t Buckets = std::max<uint32_t>(Hashed / 4, 1);
    uint32_t Mask = 1;
    while (Mask < Hashed / 2)
      Mask <<= 1;
    const uint32_t Shift = 26;
    put32(H.Data, 0, Buckets);
    put32(H.Data, 4, G.FirstHashed);
    put32(H.Data, 8, Mask);
    put32(H.Data, 12, Shift);
    const size_t Bloom = 16, BucketsAt = Bloom + 8 * Mask,
                 Chains = BucketsAt + 4 * Buckets;
    std::vector<uint32_t> Hashes(Hashed);
    for (uint32_t K = 0; K < Hashed; ++K) {
      uint32_t Hh =
          gnuHashOf(G.In.Symbols[G.DynSyms[G.FirstHashed - 1 + K]].Name);
      Hashes[K] = Hh;
      size_t W = Bloom + 8 * ((Hh / 64) % Mask);
      uint64_t Word;
      std::memcpy(&Word, &H.Data[W], 8);
      Word |= uint64_t(1) << (Hh % 64);
      Word |= uint64_t(1) << ((Hh >> Shift) % 64);
      put64(H.Data, W, Word);
    }
    for (uint32_t K = 0; K < Hashed; ++K) {
      uint32_t Bucket = Hashes[K] % Buckets;
      if (!get32(H.Data, BucketsAt + 4 * Bucket))
        put32(H.Data, BucketsAt + 4 * Bucket, G.FirstHashed + K);
      bool Last = K + 1 == Hashed || Hashes[K + 1] % Buckets != Bucket;
      put32(H.Data, Chains + 4 * K, (Hashes[K] & ~1u) | (Last ? 1u : 0u));
    }
  }
  if (Y.Hash >= 0) {
    OutputSection &H = Sec(Y.Hash);
    H.Data.assign(H.Size, '\0');
    H.Link = DS.Index;
    H.EntSize = 4;
    put32(H.Data, 0, NDyn);
    put32(H.Data, 4, NDyn);
    for (uint32_t D = 1; D < NDyn; ++D) {
      uint32_t Bucket = sysvHash(G.In.Symbols[G.DynSyms[D - 1]].Name) % NDyn;
      size_t At = 8 + 4 * Bucket;
      put32(H.Data, 8 + 4 * NDyn + 4 * D, get32(H.Data, At));
      put32(H.Data, At, D);
    }
  }
  // The dynamic relocations: RELATIVE first, by address (lld's order);
  // the count synthesize reserved is filled with R_*_NONE (0).
  for (const GlobalSym &X : G.Globals)
    if (X.NeedsCopy && !X.CopyAlias)
      Dyn.push_back({X.Value, G.Arch->Dyn.Copy,
                     uint32_t(X.DynIndex > 0 ? X.DynIndex : 0), 0});
  const uint32_t RelativeType = G.Arch->Dyn.Relative;
  std::stable_sort(
      Dyn.begin(), Dyn.end(), [&](const DynReloc &A, const DynReloc &B) {
        bool RA = A.Type == RelativeType, RB = B.Type == RelativeType;
        if (RA != RB)
          return RA;
        return RA && A.Offset < B.Offset;
      });
  size_t Relative = 0;
  for (const DynReloc &D : Dyn)
    Relative += D.Type == RelativeType;
  if (Dyn.size() > G.RelaDynCount) {
    error("internal error: " + std::to_string(Dyn.size()) +
          " dynamic relocations made, " + std::to_string(G.RelaDynCount) +
          " reserved");
    return;
  }
  auto WriteRela = [&](OutputSection &S, const std::vector<DynReloc> &List) {
    S.Data.assign(S.Size, '\0');
    S.Link = DS.Index;
    S.EntSize = 24;
    for (size_t K = 0; K < List.size(); ++K) {
      put64(S.Data, 24 * K, List[K].Offset);
      put64(S.Data, 24 * K + 8, uint64_t(List[K].Symbol) << 32 | List[K].Type);
      put64(S.Data, 24 * K + 16, uint64_t(List[K].Addend));
    }
  };
  if (Y.RelaDyn >= 0)
    WriteRela(Sec(Y.RelaDyn), Dyn);
  if (Y.RelaPlt >= 0) {
    std::vector<DynReloc> Plt;
    const uint64_t GP = Sec(Y.GotPlt).Address;
    for (size_t N = 0; N < G.PltEntries.size(); ++N)
      Plt.push_back({GP + 8 * (3 + N), G.Arch->Dyn.JumpSlot,
                     dynIndex(int32_t(G.PltEntries[N])), 0});
    WriteRela(Sec(Y.RelaPlt), Plt);
    Sec(Y.RelaPlt).Info = Sec(Y.GotPlt).Index;
  }
  // .dynamic
  OutputSection &DynSec = Sec(Y.Dynamic);
  DynSec.Data.assign(DynSec.Size, '\0');
  DynSec.Link = Str.Index;
  DynSec.EntSize = 16;
  auto TypeSection = [&](uint32_t Type) -> const OutputSection * {
    for (const OutputSection &S : G.Sections)
      if (S.Type == Type)
        return &S;
    return nullptr;
  };
  auto Value = [&](const char *Name) -> uint64_t {
    const int32_t It = G.In.SymbolIndex.lookup(Name);
    return It < 0 ? 0 : G.Globals[size_t(It)].Value;
  };
  for (size_t K = 0; K < G.Dynamic.size(); ++K) {
    auto &[Tag, V] = G.Dynamic[K];
    switch (Tag) {
    case DT_INIT:
      V = Value("_init");
      break;
    case DT_FINI:
      V = Value("_fini");
      break;
    case DT_PREINIT_ARRAY:
      V = TypeSection(SHT_PREINIT_ARRAY)->Address;
      break;
    case DT_PREINIT_ARRAYSZ:
      V = TypeSection(SHT_PREINIT_ARRAY)->Size;
      break;
    case DT_INIT_ARRAY:
      V = TypeSection(SHT_INIT_ARRAY)->Address;
      break;
    case DT_INIT_ARRAYSZ:
      V = TypeSection(SHT_INIT_ARRAY)->Size;
      break;
    case DT_FINI_ARRAY:
      V = TypeSection(SHT_FINI_ARRAY)->Address;
      break;
    case DT_FINI_ARRAYSZ:
      V = TypeSection(SHT_FINI_ARRAY)->Size;
      break;
    case DT_GNU_HASH:
      V = Sec(Y.GnuHash).Address;
      break;
    case DT_HASH:
      V = Sec(Y.Hash).Address;
      break;
    case DT_STRTAB:
      V = Str.Address;
      break;
    case DT_SYMTAB:
      V = DS.Address;
      break;
    case DT_STRSZ:
      V = Str.Size;
      break;
    case DT_SYMENT:
      V = 24;
      break;
    case DT_DEBUG:
      V = 0;
      break;
    case DT_PLTGOT:
      V = Sec(Y.GotPlt).Address;
      break;
    case DT_PLTRELSZ:
      V = Sec(Y.RelaPlt).Size;
      break;
    case DT_PLTREL:
      V = DT_RELA;
      break;
    case DT_JMPREL:
      V = Sec(Y.RelaPlt).Address;
      break;
    case DT_RELA:
      V = Sec(Y.RelaDyn).Address;
      break;
    case DT_RELASZ:
      V = Sec(Y.RelaDyn).Size;
      break;
    case DT_RELAENT:
      V = 24;
      break;
    case DT_RELACOUNT:
      V = Relative;
      break;
    case DT_VERSYM:
      V = VS.Address;
      break;
    case DT_VERNEED:
      V = Sec(Y.VerNeed).Address;
      break;
    case DT_VERNEEDNUM:
      V = G.VersionNeeds.size();
      break;
    case DT_VERDEF:
      V = Sec(Y.VerDef).Address;
      break;
    case DT_VERDEFNUM:
      V = G.VersionDefs.size() + 1;
      break;
    case DT_FLAGS:
      V = 0x8;
      break; // DF_BIND_NOW
    case DT_FLAGS_1:
      V = (G.Opt.ZNow ? 0x1 : 0) | (G.pie() ? 0x08000000 : 0); // NOW, PIE
      break;
    default:
      break; // DT_NEEDED, DT_RUNPATH: set at layout; DT_NULL
    }
    put64(DynSec.Data, 16 * K, uint64_t(Tag));
    put64(DynSec.Data, 16 * K + 8, V);
  }
  if (Y.Interp >= 0) {
    OutputSection &I = Sec(Y.Interp);
    I.Data = G.Opt.DynamicLinker;
    I.Data.push_back('\0');
  }
}

/// .eh_frame_hdr: the relocated .eh_frame's FDEs as a table sorted by the
/// address each covers (pc_begin read with its CIE's encoding).
void Relocator::fillEhFrameHdr() {
  LinkGraph::Synth &Y = G.S;
  if (Y.EhFrameHdr < 0)
    return;
  OutputSection &H = G.Sections[size_t(Y.EhFrameHdr)];
  const OutputSection &E = G.Sections[size_t(Y.EhFrame)];
  H.Data.assign(H.Size, '\0');
  const std::string_view B = G.sectionBytes(E);
  std::vector<std::pair<uint64_t, uint64_t>> Rows; // pc, fde address
  std::unordered_map<size_t, uint8_t> Encoding;    // CIE offset -> enc
  auto CieEncoding = [&](size_t Cie) -> int {
    auto It = Encoding.find(Cie);
    if (It != Encoding.end())
      return It->second;
    // version, augmentation string, code/data alignment (uleb/sleb),
    // return register, augmentation data.
    size_t P = Cie + 8;
    if (P >= B.size())
      return -1;
    uint8_t Version = uint8_t(B[P++]);
    std::string Aug;
    while (P < B.size() && B[P])
      Aug += B[P++];
    ++P;
    auto Leb = [&] {
      while (P < B.size() && (B[P] & 0x80))
        ++P;
      ++P;
    };
    Leb();
    Leb();
    if (Version == 1)
      ++P;
    else
      Leb();
    int Enc = 0; // DW_EH_PE_absptr
    if (!Aug.empty() && Aug[0] == 'z') {
      Leb();
      for (size_t K = 1; K < Aug.size() && P < B.size(); ++K) {
        char C = Aug[K];
        if (C == 'R') {
          Enc = uint8_t(B[P]);
          break;
        }
        if (C == 'L')
          ++P;
        else if (C == 'P') {
          uint8_t PE = uint8_t(B[P++]);
          unsigned Size = (PE & 0x7) == 2   ? 2
                          : (PE & 0x7) == 3 ? 4
                          : (PE & 0x7) == 4 ? 8
                                            : 8;
          if ((PE & 0xf) == 0xb || (PE & 0xf) == 0x3)
            Size = 4;
          P += Size;
        } else if (C != 'S' && C != 'B') {
          return -1;
        }
      }
    }
    Encoding[Cie] = uint8_t(Enc);
    return Enc;
  };
  for (size_t Off = 0; Off + 8 <= B.size();) {
    uint32_t Len = get32(B, Off);
    if (Len == 0 || Len == 0xffffffff || Off + 4 + Len > B.size())
      break;
    uint32_t Id = get32(B, Off + 4);
    if (Id != 0 && Len >= 12 && Id <= Off + 4) {
      size_t Cie = Off + 4 - Id;
      int Enc = Cie < B.size() ? CieEncoding(Cie) : -1;
      if (Enc >= 0 && (Enc & 0x0f) == 0x0b /*sdata4*/) {
        int32_t Rel;
        std::memcpy(&Rel, &B[Off + 8], 4);
        uint32_t Range = get32(B, Off + 12);
        uint64_t Pc = (Enc & 0x70) == 0x10 /*pcrel*/
                          ? E.Address + Off + 8 + uint64_t(int64_t(Rel))
                          : uint64_t(int64_t(Rel));
        if (Range)
          Rows.push_back({Pc, E.Address + Off});
      }
    }
    Off += 4 + Len;
  }
  std::stable_sort(Rows.begin(), Rows.end());
  const uint64_t HA = H.Address;
  H.Data[0] = 1;    // version
  H.Data[1] = 0x1b; // eh_frame_ptr: pcrel sdata4
  H.Data[2] = 0x03; // fde_count: udata4
  H.Data[3] = 0x3b; // table: datarel sdata4
  put32(H.Data, 4, uint32_t(E.Address - (HA + 4)));
  put32(H.Data, 8, uint32_t(Rows.size()));
  for (size_t K = 0; K < Rows.size() && 12 + 8 * K + 8 <= H.Data.size(); ++K) {
    put32(H.Data, 12 + 8 * K, uint32_t(Rows[K].first - HA));
    put32(H.Data, 16 + 8 * K, uint32_t(Rows[K].second - HA));
  }
}


bool relocate(LinkGraph &G) {
  Relocator X{G, {}, 0, {}, object::DeferredRelocations(G.Arch->Machine)};
  // .dynsym indexes, for the dynamic relocations.
  for (size_t D = 0; D < G.DynSyms.size(); ++D)
    G.Globals[G.DynSyms[D]].DynIndex = int32_t(D + 1);
  // The standalone route: the image's plan now, and the sections written
  // straight into the sink (no copy of them in memory for emit_image to
  // copy again).
  char *Img = nullptr;
  if (G.ImageSink && !G.ImagePlanned) {
    if (!planImage(G))
      return false;
    std::string Error;
    Img = G.ImageSink(G.ImageSize, Error);
    if (!Img && !Error.empty())
      return G.fail(Error);
    if (Img)
      G.Sunk = std::string_view(Img, G.ImageSize);
  }
  for (OutputSection &S : G.Sections) {
    if (S.Synthetic || S.nobits())
      continue;
    const char Fill = (S.Flags & SHF_EXECINSTR) ? G.Arch->CodeFill : '\0';
    SectionBytes B;
    if (Img) {
      B = {Img + S.Offset, size_t(S.Size)};
      if (Fill) // a sink's bytes are zeros
        std::memset(B.P, Fill, B.N);
    } else {
      S.Data.assign(S.Size, Fill);
      B = {S.Data.data(), S.Data.size()};
    }
    for (OutputSection::MergeRun &R : S.Runs) { // no relocation patches one
      std::memcpy(&B[R.Offset], R.Bytes.data(), R.Bytes.size());
      R.Bytes.clear();
    }
    for (uint32_t A : S.Atoms) {
      const Atom &At = G.Atoms[A];
      if (!At.Pieces.empty())
        continue; // its strings are in the run
      const std::string_view Bytes = At.bytes();
      if (!Bytes.empty())
        std::memcpy(&B[At.OutOffset], Bytes.data(),
                    std::min<size_t>(Bytes.size(), S.Size - At.OutOffset));
      else if (At.Size)
        std::memset(&B[At.OutOffset], 0, At.Size);
    }
    for (uint32_t A : S.Atoms)
      X.apply(B, A);
  }
  // Range thunks: their code, now that every address is final.
  for (const LinkGraph::RangeThunk &K : G.Thunks) {
    const Atom &Th = G.Atoms[K.Atom];
    if (Th.Out < 0)
      continue;
    OutputSection &S = G.Sections[size_t(Th.Out)];
    char *Base = Img ? Img + S.Offset : S.Data.data();
    Target T;
    T.Global = K.Global;
    T.Atom = K.TargetAtom;
    T.Offset = K.Offset;
    T.Sym = K.Sym;
    T.Absolute = K.Absolute;
    G.Arch->writeThunk(Base + Th.OutOffset, Th.Address,
                       callTarget(G, T) + uint64_t(K.Addend),
                       K.Absolute && G.pic());
  }
  X.fillGot();
  X.fillPlt();
  X.fillIplt();
  if (G.S.DynSym >= 0)
    X.fillDynamic();
  X.fillEhFrameHdr();
  if (G.S.BuildId >= 0) {
    OutputSection &N = G.Sections[size_t(G.S.BuildId)];
    N.Data.assign(N.Size, '\0');
    put32(N.Data, 0, 4);
    put32(N.Data, 4, 8);
    put32(N.Data, 8, 3); // NT_GNU_BUILD_ID
    std::memcpy(&N.Data[12], "GNU", 4);
  }
  if (X.ErrorCount > 20)
    X.Errors += "\ntoo many errors emitted, stopping now";
  if (!X.Errors.empty())
    return G.fail(X.Errors);
  return true;
}

} // namespace neverc::link::graph
