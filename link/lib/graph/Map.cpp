//===- Map.cpp - -Map: where every section and symbol went
//-----------------===//
//
// lld's map format: one line per output section, per input section in it
// and per global symbol those define (VMA, LMA, size, alignment).
//
//===----------------------------------------------------------------------===//
#include "Steps.h"

#include <cinttypes>
#include <cstdio>

namespace neverc::link {

std::string linkMap(const LinkGraph &G) {
  std::string Out = "             VMA              LMA     Size Align Out     "
                    "In      Symbol\n";
  char Line[96];
  auto Row = [&](uint64_t Addr, uint64_t Size, uint64_t Align) {
    std::snprintf(Line, sizeof Line,
                  "%16" PRIx64 " %16" PRIx64 " %8" PRIx64 " %5" PRIu64 " ",
                  Addr, Addr, Size, Align);
    Out += Line;
  };
  // Globals by the atom defining them.
  std::unordered_map<uint32_t, std::vector<uint32_t>> Defined;
  for (uint32_t I = 0; I < G.Globals.size(); ++I) {
    const GlobalSym &X = G.Globals[I];
    if (X.K != GlobalSym::Defined || !X.Def || !X.Def->Sec)
      continue;
    if (int32_t A = G.atomOf(uint32_t(X.Object), X.Def->Sec); A >= 0)
      Defined[uint32_t(A)].push_back(I);
  }
  for (const OutputSection &S : G.Sections) {
    Row(S.Address, S.Size, S.Align);
    Out += S.Name + "\n";
    if (S.Synthetic) {
      Row(S.Address, S.Size, S.Align);
      Out += "        <internal>:(" + S.Name + ")\n";
      continue;
    }
    for (uint32_t A : S.Atoms) {
      const Atom &X = G.Atoms[A];
      Row(X.Address, X.Replaced ? X.Content.size() + X.ZeroFill : X.Size,
          X.Align);
      Out += "        " + G.In.Objects[X.Object]->Name + ":(" +
             graph::atomName(X) + ")\n";
      auto It = Defined.find(A);
      if (It == Defined.end())
        continue;
      for (uint32_t I : It->second) {
        Row(G.Globals[I].Value, 0, 1);
        Out += "                " + G.In.Symbols[I].Name + "\n";
      }
    }
  }
  return Out;
}

} // namespace neverc::link
