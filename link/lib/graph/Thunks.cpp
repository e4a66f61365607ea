//===- Thunks.cpp - range thunks: calls beyond a branch's reach -----------===//
//
// An AArch64 call (CALL26, JUMP26) reaches ±128 MiB. After layout, each
// call out of reach (with a margin for what the thunks themselves move)
// gets a thunk placed right after its calling atom, which reaches anything
// (adrp/add/br through x16, which the AAPCS64 leaves to veneers); the call
// then goes to the thunk, and layout runs again (Steps.cpp) until every
// call reaches. One thunk serves every call of one atom to one target.
// x86-64 calls reach the whole image: no thunk is made.
//
//===----------------------------------------------------------------------===//
#include "Arch.h"

#include <map>
#include <tuple>

namespace neverc::link::graph {

bool addRangeThunks(LinkGraph &G) {
  const TargetArch &Arch = *G.Arch;
  if (!Arch.BranchRange)
    return false;
  // What the thunks added later may move a call by, at most.
  const int64_t Reach = int64_t(Arch.BranchRange) - (int64_t(4) << 20);
  using Key = std::tuple<uint32_t, int32_t, int32_t, uint64_t, bool, int64_t>;
  std::map<Key, uint32_t> Made;
  for (const LinkGraph::RangeThunk &K : G.Thunks)
    Made.emplace(Key{uint32_t(G.Atoms[K.Atom].ThunkOf), K.Global, K.TargetAtom,
                     K.Offset, K.Absolute, K.Addend},
                 K.Atom);
  bool Added = false;
  const size_t Atoms = G.Atoms.size();
  for (uint32_t A = 0; A < Atoms; ++A) {
    const Atom &At = G.Atoms[A];
    if (!At.Live || At.Out < 0 || !(At.ShFlags & SHF_EXECINSTR))
      continue;
    for (const object::Relocation *R : G.Relocs[A]) {
      if (Arch.need(object::elfRelocType(*R)) != RelocNeed::Call ||
          G.ThunkOfReloc.count(R))
        continue;
      const Target T = targetOf(G, At.Object, *R);
      if (T.Undefined && T.Global >= 0 &&
          G.Globals[size_t(T.Global)].K == GlobalSym::Undefined)
        continue; // a call to nothing goes to the next instruction
      const uint64_t P = G.Atoms[A].Address + R->Offset;
      const int64_t D = int64_t(callTarget(G, T) + uint64_t(R->Addend) - P);
      if (D > -Reach && D < Reach)
        continue;
      const Key K{A, T.Global, T.Atom, T.Offset, T.Absolute, R->Addend};
      auto [It, New] = Made.try_emplace(K, uint32_t(G.Atoms.size()));
      if (New) {
        Atom Th;
        Th.Object = At.Object;
        Th.Type = SHT_PROGBITS;
        Th.ShFlags = SHF_ALLOC | SHF_EXECINSTR;
        Th.Size = Arch.ThunkSize;
        Th.Align = 4;
        Th.Replaced = true;
        Th.Content.assign(Arch.ThunkSize, '\0');
        Th.ThunkOf = int32_t(A);
        G.Atoms.push_back(std::move(Th));
        G.Relocs.emplace_back();
        LinkGraph::RangeThunk Rec;
        Rec.Atom = It->second;
        Rec.Global = T.Global;
        Rec.TargetAtom = T.Atom;
        Rec.Offset = T.Offset;
        Rec.Sym = T.Sym;
        Rec.Absolute = T.Absolute;
        Rec.Addend = R->Addend;
        G.Thunks.push_back(Rec);
      }
      G.ThunkOfReloc[R] = It->second;
      Added = true;
    }
  }
  return Added;
}

} // namespace neverc::link::graph
