//===- GC.cpp - gc (--gc-sections) and icf (--icf=all|safe) ---------------===//
//
// gc marks from the roots lld marks from: the entry, -u symbols, what the
// image exports, init/fini arrays and notes, retained sections, sections a
// __start_/__stop_ symbol names, and what a plugin made a root or live;
// .eh_frame keeps what its records need (personality, LSDA) but not the
// functions they describe. Sections that are not allocated (debug info)
// stay and keep nothing alive.
//
// icf folds executable sections with the same bytes and the same
// relocations (targets compared by their class, repeated until no class
// splits). --icf=safe folds only sections whose address nothing takes:
// every reference to them is a call.
//
//===----------------------------------------------------------------------===//
#include "Arch.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace neverc::link::graph {
namespace {

/// The atom a relocation's target lies in (-1: none in this link).
int32_t targetAtom(const LinkGraph &G, uint32_t Object,
                   const object::Relocation &R) {
  return targetOf(G, Object, R).Atom;
}

bool isCIdentifier(const std::string &S) {
  if (S.empty() || std::isdigit(static_cast<unsigned char>(S[0])))
    return false;
  return std::all_of(S.begin(), S.end(), [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  });
}

} // namespace

bool collectGarbage(LinkGraph &G) {
  if (!(G.Req.Flags & NEVERC_LINK_OPTION_GC_SECTIONS)) {
    for (Atom &A : G.Atoms)
      if (A.ForcedDead)
        A.Live = false;
    return true;
  }
  const size_t N = G.Atoms.size();
  std::vector<char> Live(N, 0);
  std::vector<uint32_t> Work;
  auto Mark = [&](int32_t A) {
    if (A >= 0 && !G.Atoms[size_t(A)].Discarded &&
        !G.Atoms[size_t(A)].ForcedDead && !Live[size_t(A)]) {
      Live[size_t(A)] = 1;
      Work.push_back(uint32_t(A));
    }
  };
  auto MarkGlobal = [&](int32_t I) {
    if (I < 0)
      return;
    const GlobalSym &X = G.Globals[size_t(I)];
    if (X.K == GlobalSym::Common)
      Mark(X.CommonAtom);
    else if (X.K == GlobalSym::Defined && X.Def && X.Def->Sec) {
      if (int32_t A = G.atomOf(uint32_t(X.Object), X.Def->Sec); A >= 0)
        Mark(A);
    }
  };
  auto MarkSymbol = [&](const std::string &Name) {
    if (const int32_t It = G.In.SymbolIndex.lookup(Name); It >= 0)
      MarkGlobal(It);
  };
  MarkSymbol(G.Req.Entry.empty() ? "_start" : G.Req.Entry);
  for (const std::string &U : G.Opt.Undefined)
    MarkSymbol(U);
  for (const auto &D : G.Opt.Defsyms)
    MarkSymbol(D.second); // an alias keeps what it names
  for (const std::string &F : {"_init", "_fini"})
    MarkSymbol(F);
  for (const SharedLibrary &L : G.In.Libraries)
    for (const std::string &U : L.Undefined)
      MarkSymbol(U);
  const bool ExportAll = G.Req.Flags & NEVERC_LINK_OPTION_EXPORT_DYNAMIC;
  std::unordered_set<std::string> StartStop;
  for (size_t I = 0; I < G.Globals.size(); ++I) {
    const std::string &Name = G.In.Symbols[I].Name;
    // What the image exports is a root: -E's definitions, and every
    // definition a shared library exports (not hidden, not localized).
    const GlobalSym &X = G.Globals[I];
    const bool Exported =
        (ExportAll || G.sharedOutput() || X.DynamicListed || X.ForceExport) &&
        (X.K == GlobalSym::Defined || X.K == GlobalSym::Common) && X.Def &&
        X.Def->Vis != object::Visibility::Hidden &&
        X.Def->Vis != object::Visibility::Internal && !X.Localized;
    if (X.Root || Exported)
      MarkSymbol(Name);
    if (G.Globals[I].K == GlobalSym::LinkerDefined) {
      if (Name.rfind("__start_", 0) == 0)
        StartStop.insert(Name.substr(8));
      else if (Name.rfind("__stop_", 0) == 0)
        StartStop.insert(Name.substr(7));
    }
  }
  for (size_t A = 0; A < N; ++A) {
    const Atom &X = G.Atoms[A];
    if (X.Discarded)
      continue;
    const std::string &Name = atomName(X);
    bool Root = X.ForcedLive || X.Type == SHT_INIT_ARRAY ||
                X.Type == SHT_FINI_ARRAY || X.Type == SHT_PREINIT_ARRAY ||
                X.Type == SHT_NOTE || (X.ShFlags & SHF_GNU_RETAIN) ||
                (X.ShFlags & SHF_LINK_ORDER) || Name == ".init" ||
                Name == ".fini" || Name.rfind(".ctors", 0) == 0 ||
                Name.rfind(".dtors", 0) == 0 ||
                Name.rfind(".gcc_except_table", 0) == 0 ||
                (isCIdentifier(Name) && StartStop.count(Name));
    if (Root)
      Mark(int32_t(A));
    // Not allocated: kept, and keeps nothing. .eh_frame: kept; what it
    // refers to besides code (personality, LSDA) is kept with it.
    if (!(X.ShFlags & SHF_ALLOC))
      Live[A] = 1;
    if (X.Sec && X.Type == SHT_X86_64_UNWIND) {
      Live[A] = 1;
      for (const object::Relocation *R : G.Relocs[A]) {
        int32_t T = targetAtom(G, X.Object, *R);
        if (T >= 0 && !(G.Atoms[size_t(T)].ShFlags & SHF_EXECINSTR))
          Mark(T);
      }
    }
  }
  while (!Work.empty()) {
    uint32_t A = Work.back();
    Work.pop_back();
    if (!(G.Atoms[A].ShFlags & SHF_ALLOC) ||
        G.Atoms[A].Type == SHT_X86_64_UNWIND)
      continue;
    for (const object::Relocation *R : G.Relocs[A]) {
      // (By its global, --wrap's target included.)
      const int32_t Gl =
          R->Target == object::RelocTarget::Symbol && R->TargetSymbol
              ? G.globalOf(G.Atoms[A].Object, *R->TargetSymbol)
              : -1;
      if (Gl >= 0)
        MarkGlobal(Gl);
      else
        Mark(targetAtom(G, G.Atoms[A].Object, *R));
    }
  }
  for (size_t A = 0; A < N; ++A)
    if (!G.Atoms[A].Discarded)
      G.Atoms[A].Live = Live[A] != 0 && !G.Atoms[A].ForcedDead;
  return true;
}

bool foldIdentical(LinkGraph &G) {
  if (!G.Opt.ICFAll && !G.Opt.ICFSafe)
    return true;
  const size_t N = G.Atoms.size();
  auto Candidate = [&](size_t A) {
    const Atom &X = G.Atoms[A];
    return X.Live && X.Sec && (X.ShFlags & SHF_ALLOC) &&
           (X.ShFlags & SHF_EXECINSTR) && !(X.ShFlags & SHF_WRITE) &&
           !X.Replaced && X.Size > 0 &&
           outputNameOf(atomName(X), X.ShFlags) == ".text";
  };
  // --icf=safe: a section whose address is taken (any reference that is
  // not a call) keeps its own address.
  std::vector<char> AddressTaken(N, 0);
  if (G.Opt.ICFSafe)
    for (size_t A = 0; A < N; ++A) {
      if (!G.Atoms[A].Live || G.Atoms[A].Type == SHT_X86_64_UNWIND)
        continue;
      for (const object::Relocation *R : G.Relocs[A]) {
        if (G.Arch->need(object::elfRelocType(*R)) == RelocNeed::Call)
          continue;
        int32_t T = targetAtom(G, G.Atoms[A].Object, *R);
        if (T >= 0)
          AddressTaken[size_t(T)] = 1;
      }
    }
  // Exported or entry symbols also keep their own address.
  std::vector<uint32_t> Class(N, 0);
  std::vector<size_t> Members;
  for (size_t A = 0; A < N; ++A)
    if (Candidate(A) && !AddressTaken[A])
      Members.push_back(A);
  if (Members.size() < 2)
    return true;
  // Round 0: bytes and relocation shapes; later rounds add the targets'
  // classes, until the number of classes stops growing.
  size_t Classes = 0;
  for (int Round = 0; Round < 32; ++Round) {
    std::map<std::string, uint32_t> Keys;
    std::vector<uint32_t> Next(N, 0);
    for (size_t A : Members) {
      const Atom &X = G.Atoms[A];
      std::string K(X.bytes());
      K += char(0);
      K += std::to_string(X.Align);
      for (const object::Relocation *R : G.Relocs[A]) {
        K += ';' + std::to_string(R->Offset) + ',' +
             std::to_string(object::elfRelocType(*R)) + ',' +
             std::to_string(R->Addend) + ',';
        int32_t Gl = R->Target == object::RelocTarget::Symbol && R->TargetSymbol
                         ? G.globalOf(X.Object, *R->TargetSymbol)
                         : -1;
        int32_t T = targetAtom(G, X.Object, *R);
        if (T >= 0 && Round > 0 && Candidate(size_t(T)) &&
            !AddressTaken[size_t(T)])
          K += "c" + std::to_string(Class[size_t(T)]);
        else if (T >= 0)
          K += "a" + std::to_string(T);
        else
          K += "g" + std::to_string(Gl);
        if (R->TargetSymbol && R->Target == object::RelocTarget::Symbol &&
            Gl < 0)
          K += "+" + std::to_string(R->TargetSymbol->Value);
      }
      Next[A] = Keys.emplace(std::move(K), uint32_t(Keys.size())).first->second;
    }
    Class = std::move(Next);
    if (Keys.size() == Classes)
      break;
    Classes = Keys.size();
  }
  std::unordered_map<uint32_t, uint32_t> LeaderOf;
  for (size_t A : Members) {
    auto [It, New] = LeaderOf.try_emplace(Class[A], uint32_t(A));
    if (New)
      continue;
    G.Atoms[A].Leader = int32_t(It->second);
    G.Atoms[A].Live = false;
  }
  return true;
}

} // namespace neverc::link::graph
