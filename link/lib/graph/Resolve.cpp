//===- Resolve.cpp - resolve_symbols and select_comdat --------------------===//
//
// resolve_symbols turns what the reader resolved (Inputs.cpp: which file
// defines each global) into the linker's graph: one atom per input section
// that can reach the image, the relocations of each, and for every global
// its definition (the object symbol), a .bss atom for a common one, or
// its kind: shared, linker-defined (_DYNAMIC, __start_X, ...), undefined.
// select_comdat keeps the first group of each signature, in the order the
// objects joined the link (the reader resolved with the same choice).
//
//===----------------------------------------------------------------------===//
#include "Steps.h"

#include <cstdlib>

#include <unordered_set>

namespace neverc::link::graph {
namespace {

/// The --defsym that defines \p N, or null.
const std::pair<std::string, std::string> *defsymOf(const LinkGraph &G,
                                                    const std::string &N) {
  for (auto It = G.Opt.Defsyms.rbegin(); It != G.Opt.Defsyms.rend(); ++It)
    if (It->first == N)
      return &*It;
  return nullptr;
}

bool linkerDefined(const std::string &N) {
  static const std::unordered_set<std::string> Names = {"_DYNAMIC",
                                                        "_GLOBAL_OFFSET_TABLE_",
                                                        "__ehdr_start",
                                                        "__executable_start",
                                                        "_end",
                                                        "end",
                                                        "_edata",
                                                        "edata",
                                                        "_etext",
                                                        "etext",
                                                        "__etext",
                                                        "__bss_start",
                                                        "__init_array_start",
                                                        "__init_array_end",
                                                        "__fini_array_start",
                                                        "__fini_array_end",
                                                        "__preinit_array_start",
                                                        "__preinit_array_end",
                                                        "__GNU_EH_FRAME_HDR",
                                                        "__rela_iplt_start",
                                                        "__rela_iplt_end",
                                                        "__dso_handle",
                                                        "_TLS_MODULE_BASE_"};
  return Names.count(N) || N.rfind("__start_", 0) == 0 ||
         N.rfind("__stop_", 0) == 0;
}

/// Sections that never reach an image.
bool dropped(const object::Section &S, uint32_t Type, uint64_t Flags) {
  if (Type == SHT_GROUP || (Type >= 0x6fff4c00 && Type <= 0x6fff4cff))
    return true; // groups, LLVM's addrsig / call-graph / ... tables
  if (Flags & SHF_EXCLUDE)
    return true;
  return !(Flags & SHF_ALLOC) && S.Name.rfind(".note.GNU-stack", 0) == 0;
}

} // namespace

bool resolveSymbols(LinkGraph &G) {
  auto &Objects = G.In.Objects;
  // A rerun (a committed RetargetEdge took the graph back here) keeps what
  // plugins decided: forced liveness, replaced content, GC roots.
  std::vector<Atom> Before = std::move(G.Atoms);
  std::vector<bool> Roots;
  for (const GlobalSym &X : G.Globals)
    Roots.push_back(X.Root);
  G.Atoms.clear();
  G.AtomOf.assign(Objects.size(), {});
  for (uint32_t O = 0; O < Objects.size(); ++O) {
    const object::Graph &OG = Objects[O]->Graph;
    G.AtomOf[O].assign(OG.sectionSerials(), -1);
    for (const object::Section *S : OG.sections()) {
      uint32_t Type = object::elfSectionType(*S);
      uint64_t Flags = object::elfNativeSectionFlags(*S);
      if (dropped(*S, Type, Flags))
        continue;
      Atom A;
      A.Object = O;
      A.Sec = S;
      // .eh_frame is SHT_X86_64_UNWIND from LLVM, SHT_PROGBITS from GCC
      // (crt files): one kind here.
      A.Type = S->Name == ".eh_frame" ? uint32_t(SHT_X86_64_UNWIND) : Type;
      A.ShFlags = Flags;
      A.Size = S->size();
      A.Align = S->Alignment ? S->Alignment : 1;
      G.AtomOf[O][S->Serial] = int32_t(G.Atoms.size());
      G.Atoms.push_back(std::move(A));
    }
  }
  G.Relocs.assign(G.Atoms.size(), {});
  for (uint32_t O = 0; O < Objects.size(); ++O)
    for (const object::Relocation *R : Objects[O]->Graph.relocations())
      if (int32_t A = G.atomOf(O, R->Sec); A >= 0)
        G.Relocs[size_t(A)].push_back(R);
  for (size_t I = 0; I < Before.size() && I < G.Atoms.size(); ++I) {
    Atom &Was = Before[I], &Now = G.Atoms[I];
    if (Was.Sec != Now.Sec || Was.Object != Now.Object)
      break; // not the same atoms (cannot happen: the inputs are the same)
    Now.ForcedLive = Was.ForcedLive;
    Now.ForcedDead = Was.ForcedDead;
    if (Was.Replaced) {
      Now.Replaced = true;
      Now.Content = std::move(Was.Content);
      Now.ZeroFill = Was.ZeroFill;
      Now.Size = Was.Size;
      G.Relocs[I].clear(); // they patched the old bytes
    }
  }

  // A bitcode definition no LTO step compiled (a plugin skipped or
  // replaced lto_generate without objects) has nothing to link.
  for (const LinkSymbol &L : G.In.Symbols)
    if (L.Bitcode >= 0 &&
        (L.S == LinkSymbol::Defined || L.S == LinkSymbol::Common))
      return G.fail("'" + L.Name + "' is defined in bitcode (" +
                    G.In.Bitcode[size_t(L.Bitcode)]->Name +
                    ") that no LTO step compiled");
  G.Globals.assign(G.In.Symbols.size(), GlobalSym());
  for (size_t I = 0; I < G.In.Symbols.size(); ++I) {
    const LinkSymbol &L = G.In.Symbols[I];
    GlobalSym &X = G.Globals[I];
    X.Weak = L.Weak;
    X.Root = I < Roots.size() && Roots[I];
    switch (L.S) {
    case LinkSymbol::Defined:
      X.K = GlobalSym::Defined;
      X.Object = L.Object;
      break;
    case LinkSymbol::Common:
      X.K = GlobalSym::Common;
      X.Object = L.Object;
      break;
    case LinkSymbol::Shared:
      X.K = GlobalSym::Shared;
      X.Library = L.Library;
      X.Size = L.SharedSize;
      break;
    case LinkSymbol::Undefined:
    case LinkSymbol::Lazy:
      if (const auto *D = defsymOf(G, L.Name)) {
        // A number is absolute from now on (the later steps ask).
        char *End = nullptr;
        unsigned long long N = std::strtoull(D->second.c_str(), &End, 0);
        X.AbsoluteValue = End && !*End;
        if (X.AbsoluteValue)
          X.Value = N;
      }
      X.K = linkerDefined(L.Name) || defsymOf(G, L.Name)
                ? GlobalSym::LinkerDefined
                : GlobalSym::Undefined;
      break;
    }
  }
  // Each object symbol's global, once (targetOf asks per relocation).
  G.GlobalOfSymbol.assign(Objects.size(), {});
  for (uint32_t O = 0; O < Objects.size(); ++O) {
    const object::Graph &OG = Objects[O]->Graph;
    G.GlobalOfSymbol[O].assign(OG.symbolSerials(), -1);
    for (const object::Symbol *S : OG.symbols())
      G.GlobalOfSymbol[O][S->Serial] = G.globalOf(*S);
  }
  G.GlobalsKnown = G.In.Symbols.size();
  // The object symbol behind each definition.
  for (uint32_t O = 0; O < Objects.size(); ++O)
    for (const object::Symbol *S : Objects[O]->Graph.symbols()) {
      if (S->Bind == object::Binding::Local ||
          S->Def == object::Definition::Undefined)
        continue;
      int32_t I = G.globalOf(O, *S);
      if (I < 0)
        continue;
      GlobalSym &X = G.Globals[size_t(I)];
      if (X.Object != int32_t(O) || X.Def)
        continue;
      bool IsCommon = S->Def == object::Definition::Common;
      if ((X.K == GlobalSym::Common) != IsCommon)
        continue;
      if (X.K == GlobalSym::Defined || X.K == GlobalSym::Common) {
        X.Def = S;
        X.Size = S->Size;
      }
    }
  // A plugin's rebinds (RebindSymbol): the atom's start defines the
  // symbol now, with the name, binding, visibility and type it had.
  G.ReboundDefs.clear();
  for (const auto &[Index, AtomIndex] : G.Rebinds) {
    if (Index >= G.Globals.size() || AtomIndex >= G.Atoms.size() ||
        !G.Atoms[AtomIndex].Sec)
      continue; // (cannot happen: staging checked both)
    GlobalSym &X = G.Globals[Index];
    const Atom &At = G.Atoms[AtomIndex];
    object::Symbol &Def = G.ReboundDefs.emplace_back();
    if (X.Def) {
      static_cast<object::SymbolFields &>(Def) = *X.Def;
    } else {
      Def.Name = G.In.Symbols[Index].Name;
      Def.Bind = object::Binding::Global;
      Def.Type = (At.ShFlags & SHF_EXECINSTR) ? object::SymbolType::Function
                                              : object::SymbolType::Object;
    }
    Def.Def = object::Definition::Defined;
    // The graph never writes through it: the atom's section as read.
    Def.Sec = const_cast<object::Section *>(At.Sec);
    Def.Value = 0;
    Def.Size = At.Size;
    X.K = GlobalSym::Defined;
    X.Object = int32_t(At.Object);
    X.Library = -1;
    X.Weak = false;
    X.Def = &Def;
    X.Size = At.Size;
  }
  for (size_t I = 0; I < G.Globals.size(); ++I) {
    GlobalSym &X = G.Globals[I];
    if ((X.K == GlobalSym::Defined || X.K == GlobalSym::Common) && !X.Def)
      return G.fail("the definition of '" + G.In.Symbols[I].Name +
                    "' was not found in " + Objects[size_t(X.Object)]->Name);
    if (X.K != GlobalSym::Common)
      continue;
    // A common symbol becomes zero-fill of its size and alignment.
    Atom A;
    A.Object = uint32_t(X.Object);
    A.Type = SHT_NOBITS;
    A.ShFlags = SHF_ALLOC | SHF_WRITE;
    A.Size = X.Def->Size;
    A.Align = X.Def->Alignment ? X.Def->Alignment : 1;
    A.Replaced = true;
    A.ZeroFill = A.Size;
    X.CommonAtom = int32_t(G.Atoms.size());
    G.Atoms.push_back(std::move(A));
    G.Relocs.emplace_back();
  }
  // Which definitions a version script hides, and their versions: gc and
  // synthesize need to know what the image exports. A plugin's resolution
  // updates have the last word.
  if (!assignVersions(G))
    return false;
  for (const auto &[I, U] : G.Resolutions)
    G.applyResolution(I);
  return true;
}

bool selectComdat(LinkGraph &G) {
  std::unordered_set<std::string> Kept;
  for (uint32_t O = 0; O < G.In.Objects.size(); ++O) {
    std::unordered_set<const object::Comdat *> Lost;
    for (const object::Comdat *C : G.In.Objects[O]->Graph.comdats())
      if (!Kept.insert(C->Name).second)
        Lost.insert(C);
    if (Lost.empty())
      continue;
    for (const object::Section *Sec : G.In.Objects[O]->Graph.sections())
      if (int32_t A = G.atomOf(O, Sec);
          A >= 0 && Sec->Group && Lost.count(Sec->Group)) {
        G.Atoms[size_t(A)].Discarded = true;
        G.Atoms[size_t(A)].Live = false;
      }
  }
  return true;
}

} // namespace neverc::link::graph
