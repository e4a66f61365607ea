//===- Graph.cpp - NevercLinkAPI: the link graph, read and changed --------===//
//
// The graph slots serve the graph linker's graph (the fine-grained route,
// LinkGraph.h). What each entity kind is in it:
//   Input          every file read (command line and scripts), in order
//   Archive        an input that is an archive; ArchiveMember its members
//   SharedLibrary  a shared library read; BitcodeModule a bitcode file
//                  read (an input or an extracted member; LTO)
//   Section, Atom  one per input section that can reach the image (same
//                  index): the section as read, the atom as the link
//                  moves it (liveness, fold leader, address, content)
//   Symbol         the link's global symbols, as resolved
//   Edge           the relocations of the atoms (a debug section's are
//                  read raw, as lld reads them: each listed after the
//                  atom's own, decoded when asked for; a retarget of one
//                  is kept by its raw entry)
//   Comdat         the COMDAT groups of the objects; Selected names the
//                  group of that name the link kept
//   Import/Export  the .dynsym entries (from synthesize on)
//   Unwind         the FDEs of the .eh_frame atoms: the code atom each
//                  describes, its CIE's personality routine
//   Synthetic,     what plugins place: Placement.cpp serves both kinds
//   Constraint     (their pagers, getters and Create/Replace/Erase)
// Entities exist from the state that makes them (inputs from INPUTS_READ,
// atoms and symbols from SYMBOLS_RESOLVED, addresses from LAYOUT_COMPLETE);
// asked for earlier, a pager answers an empty page.
//
// Mutations (spec §6): one open at a time, only from an interceptor or a
// provider of one of the thirteen steps. Staging checks each call; commit
// applies all, bumps the generation and, when the graph is past the
// earliest state the calls invalidate (§6.2), takes it back to the state
// before that one: the steps from there run again (inside the running step
// before it continues; as phases, observers included, after it).
// Implemented: SetSymbolRoot, SetAtomLive, SetFoldLeader,
// ReplaceAtomContent (the atom's relocations go with its old bytes),
// RetargetEdge (the relocation's addend stays: a call's -4 still reaches
// the new target's start), RebindSymbol (the atom's start defines the
// symbol, with its name, binding, visibility and type),
// SetSymbolResolution (a definition's binding, visibility and export, a
// reference's binding; not what defines a symbol nor whether it prevails:
// CAPABILITY_UNAVAILABLE naming which); the synthetic and constraint slots
// are Placement.cpp's, their commit is here.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"
#include "../graph/Steps.h"
#include "Pages.h"

#include "neverc/object/ELF.h"
#include "neverc/object/TargetKey.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace neverc::link {
namespace {

//===-- what each kind holds ------------------------------------------------//

size_t inputCount(const LinkGraph &G) { return G.In.Files.size(); }
size_t archiveCount(const LinkGraph &G) {
  return size_t(std::count_if(
      G.In.Files.begin(), G.In.Files.end(),
      [](const InputFile &F) { return F.Kind == NEVERC_LINK_INPUT_ARCHIVE; }));
}
size_t archiveAt(const LinkGraph &G, size_t K) {
  for (size_t I = 0; I < G.In.Files.size(); ++I)
    if (G.In.Files[I].Kind == NEVERC_LINK_INPUT_ARCHIVE && K-- == 0)
      return I;
  return 0;
}
size_t symbolCount(const LinkGraph &G) {
  return atomsExist(G) ? G.Globals.size() : 0;
}
/// How many raw (deferred) relocations a debug atom has: a linker's read
/// leaves them in the input (readELF's DeferNonAlloc), relocate decodes
/// them; past the atom's own ones, an edge index names the raw one.
size_t rawRelocs(const Atom &X) {
  return X.Sec && !X.Replaced ? object::DeferredRelocations::count(*X.Sec) : 0;
}
/// Edges: every relocation of every atom, flattened (atom, index).
void edges(const LinkGraph &G, std::vector<std::pair<uint32_t, uint32_t>> &E) {
  E.clear();
  if (!atomsExist(G))
    return;
  for (uint32_t A = 0; A < G.Relocs.size(); ++A) {
    const size_t N =
        G.Relocs[A].size() + (A < G.Atoms.size() ? rawRelocs(G.Atoms[A]) : 0);
    for (uint32_t K = 0; K < N; ++K)
      E.push_back({A, K});
  }
}
/// Edge K of atom \p A: its relocation (a raw one decoded into \p Buf)
/// and the key a retarget of it is kept under.
const object::Relocation &edgeReloc(const LinkGraph &G, uint32_t A, uint32_t K,
                                    object::Relocation &Buf, const void *&Key) {
  if (K < G.Relocs[A].size()) {
    Key = G.Relocs[A][K];
    return *G.Relocs[A][K];
  }
  const Atom &X = G.Atoms[A];
  const size_t Raw = K - G.Relocs[A].size();
  const object::Graph &OG = G.In.Objects[X.Object]->Graph;
  object::DeferredRelocations(object::elfMachineOf(OG.Triple))
      .decode(OG, *X.Sec, Raw, Buf);
  Key = object::DeferredRelocations::entry(*X.Sec, Raw);
  return Buf;
}
/// The edge list, made again only when the graph changed.
size_t edgesOf(LinkJob &J, const LinkGraph &G) {
  const uint64_t Key = G.Generation << 8 | G.State;
  if (J.EdgeListKey != Key) {
    edges(G, J.EdgeList);
    J.EdgeListKey = Key;
  }
  return J.EdgeList.size();
}
/// Unwind entries: every FDE of every .eh_frame atom (from
/// SYMBOLS_RESOLVED, when atoms exist), in atom and offset order.
size_t unwindsOf(LinkJob &J, const LinkGraph &G) {
  const uint64_t Key = G.Generation << 8 | G.State;
  if (J.UnwindListKey == Key)
    return J.UnwindList.size();
  J.UnwindList.clear();
  J.UnwindListKey = Key;
  if (!atomsExist(G))
    return 0;
  for (uint32_t A = 0; A < G.Atoms.size(); ++A) {
    if (G.Atoms[A].Type != graph::SHT_X86_64_UNWIND)
      continue;
    const std::string_view B = G.Atoms[A].bytes();
    for (size_t Off = 0; Off + 8 <= B.size();) {
      const uint32_t Len = graph::get32(B, Off);
      if (Len == 0 || Len == 0xffffffff || Off + 4 + Len > B.size())
        break;
      if (graph::get32(B, Off + 4) != 0) // a CIE pointer: an FDE
        J.UnwindList.push_back({A, uint32_t(Off)});
      Off += 4 + size_t(Len);
    }
  }
  return J.UnwindList.size();
}

/// Where a CIE's personality pointer is (0: it has none): after the
/// augmentation string, the alignment factors and the return register,
/// the 'z' length, then 'P''s encoding byte and the pointer.
size_t personalityOffset(std::string_view B, size_t Cie) {
  size_t P = Cie + 9; // length, CIE id, version
  const size_t End = B.find('\0', P);
  if (End == std::string_view::npos)
    return 0;
  const std::string_view Aug = B.substr(P, End - P);
  if (Aug.size() < 2 || Aug[0] != 'z' || Aug[1] != 'P')
    return 0;
  P = End + 1;
  auto Leb = [&]() {
    while (P < B.size() && (uint8_t(B[P]) & 0x80))
      ++P;
    ++P;
  };
  Leb(); // code alignment
  Leb(); // data alignment
  Leb(); // return address register (version 3; one byte in version 1)
  Leb(); // the augmentation data's length
  return P + 1 < B.size() ? P + 1 : 0; // past 'P''s encoding byte
}

size_t edgeCount(const LinkGraph &G) {
  size_t N = 0;
  if (atomsExist(G))
    for (size_t A = 0; A < G.Relocs.size(); ++A)
      N +=
          G.Relocs[A].size() + (A < G.Atoms.size() ? rawRelocs(G.Atoms[A]) : 0);
  return N;
}
size_t comdatCount(const LinkGraph &G) {
  size_t N = 0;
  for (const auto &O : G.In.Objects)
    N += O->Graph.comdats().size();
  return N;
}
const object::Comdat *comdatAt(const LinkGraph &G, size_t K, size_t &Obj) {
  for (Obj = 0; Obj < G.In.Objects.size(); ++Obj) {
    const auto &L = G.In.Objects[Obj]->Graph.comdats();
    if (K < L.size())
      return *std::next(L.begin(), long(K));
    K -= L.size();
  }
  return nullptr;
}
size_t dynCount(const LinkGraph &G, bool Exports) {
  if (G.State < NEVERC_LINK_STATE_SYNTHETICS_READY)
    return 0;
  size_t First = G.FirstHashed - 1;
  return Exports ? G.DynSyms.size() - First : First;
}

uint32_t bindingOf(const GlobalSym &X) {
  if (X.K == GlobalSym::Common)
    return NEVERC_LINK_SYMBOL_BINDING_COMMON;
  bool Weak = X.Def ? X.Def->Bind == object::Binding::Weak : X.Weak;
  return Weak ? NEVERC_LINK_SYMBOL_BINDING_WEAK
              : NEVERC_LINK_SYMBOL_BINDING_GLOBAL;
}
uint32_t visibilityOf(const GlobalSym &X) {
  if (!X.Def)
    return NEVERC_LINK_SYMBOL_VISIBILITY_DEFAULT;
  switch (X.Def->Vis) {
  case object::Visibility::Hidden:
    return NEVERC_LINK_SYMBOL_VISIBILITY_HIDDEN;
  case object::Visibility::Protected:
    return NEVERC_LINK_SYMBOL_VISIBILITY_PROTECTED;
  case object::Visibility::Internal:
    return NEVERC_LINK_SYMBOL_VISIBILITY_INTERNAL;
  default:
    return NEVERC_LINK_SYMBOL_VISIBILITY_DEFAULT;
  }
}
uint32_t definitionOf(const GlobalSym &X) {
  switch (X.K) {
  case GlobalSym::Defined:
    return X.Def->Def == object::Definition::Absolute
               ? NEVERC_LINK_SYMBOL_ABSOLUTE
               : NEVERC_LINK_SYMBOL_DEFINED;
  case GlobalSym::Common:
    return NEVERC_LINK_SYMBOL_COMMON;
  case GlobalSym::Shared:
    return NEVERC_LINK_SYMBOL_SHARED;
  case GlobalSym::LinkerDefined:
    return NEVERC_LINK_SYMBOL_DEFINED;
  case GlobalSym::Undefined:
    return NEVERC_LINK_SYMBOL_UNDEFINED;
  }
  return NEVERC_LINK_SYMBOL_UNDEFINED;
}

int32_t atomOfSymbol(const LinkGraph &G, const GlobalSym &X) {
  if (X.K == GlobalSym::Common)
    return X.CommonAtom;
  if (X.NeedsCopy)
    return X.CopyAtom;
  if (X.K != GlobalSym::Defined || !X.Def || !X.Def->Sec)
    return -1;
  return G.atomOf(uint32_t(X.Object), X.Def->Sec);
}

void fillInput(LinkJob &J, const LinkGraph &G, size_t I,
               NevercLinkInputInfo &Out) {
  const InputFile &F = G.In.Files[I];
  Out.Input = mint(J, &LinkJob::Inputs, &LinkJob::InputHandles, I);
  Out.Kind = F.Kind;
  Out.Flags = F.Flags;
  Out.Ordinal = I;
  Out.LogicalURI = viewOf(F.Path);
  static const std::string Object = "neverc.link.elf-object",
                           Archive = "neverc.link.archive",
                           Shared = "neverc.link.elf-shared-library",
                           Script = "neverc.link.script";
  Out.ReaderRoute =
      viewOf(F.Kind == NEVERC_LINK_INPUT_OBJECT           ? Object
             : F.Kind == NEVERC_LINK_INPUT_ARCHIVE        ? Archive
             : F.Kind == NEVERC_LINK_INPUT_SHARED_LIBRARY ? Shared
                                                          : Script);
  if (F.Kind == NEVERC_LINK_INPUT_ARCHIVE) {
    size_t K = 0;
    for (size_t X = 0; X < I; ++X)
      K += G.In.Files[X].Kind == NEVERC_LINK_INPUT_ARCHIVE;
    Out.Archive = mint(J, &LinkJob::Archives, &LinkJob::ArchiveHandles, K);
  }
  if (F.Kind == NEVERC_LINK_INPUT_SHARED_LIBRARY)
    for (size_t L = 0; L < G.In.Libraries.size(); ++L)
      if (G.In.Libraries[L].Input == I)
        Out.SharedLibrary =
            mint(J, &LinkJob::SharedLibraries, &LinkJob::LibraryHandles, L);
}

void fillArchive(LinkJob &J, const LinkGraph &G, size_t K,
                 NevercLinkArchiveInfo &Out) {
  size_t I = archiveAt(G, K);
  Out.Archive = mint(J, &LinkJob::Archives, &LinkJob::ArchiveHandles, K);
  Out.Input = mint(J, &LinkJob::Inputs, &LinkJob::InputHandles, I);
  Out.Name = viewOf(G.In.Files[I].Path);
  origin(J, G, -1, Out.Origin);
  Out.Origin.Input = Out.Input;
}

void fillMember(LinkJob &J, const LinkGraph &G, size_t M,
                NevercLinkArchiveMemberInfo &Out) {
  const ArchiveMember &A = G.In.Members[M];
  Out.Member = mint(J, &LinkJob::ArchiveMembers, &LinkJob::MemberHandles, M);
  Out.Input = mint(J, &LinkJob::Inputs, &LinkJob::InputHandles, A.Input);
  size_t K = 0;
  for (size_t X = 0; X < A.Input; ++X)
    K += G.In.Files[X].Kind == NEVERC_LINK_INPUT_ARCHIVE;
  Out.Archive = mint(J, &LinkJob::Archives, &LinkJob::ArchiveHandles, K);
  Out.Name = viewOf(A.Name);
  Out.Ordinal = M;
  Out.Materialized = A.Extracted ? NEVERC_TRUE : NEVERC_FALSE;
  for (const Extraction &E : G.In.Extractions)
    if (E.Member == M) {
      // "<referencing file> needs <symbol>", as --why-extract says it.
      J.Reasons.push_back(E.Reference + "\t" + E.Symbol);
      Out.MaterializationReason = viewOf(J.Reasons.back());
      break;
    }
  if (A.Extracted && Out.MaterializationReason.Length == 0) {
    static const std::string Whole = "--whole-archive";
    Out.MaterializationReason = viewOf(Whole);
  }
  origin(J, G, -1, Out.Origin);
  Out.Origin.Input = Out.Input;
  Out.Origin.ArchiveMember = Out.Member;
}

void fillLibrary(LinkJob &J, const LinkGraph &G, size_t L,
                 NevercLinkSharedLibraryInfo &Out) {
  const SharedLibrary &Lib = G.In.Libraries[L];
  Out.SharedLibrary =
      mint(J, &LinkJob::SharedLibraries, &LinkJob::LibraryHandles, L);
  Out.Input = mint(J, &LinkJob::Inputs, &LinkJob::InputHandles, Lib.Input);
  Out.Name = viewOf(G.In.Files[Lib.Input].Path);
  Out.InstallName = viewOf(Lib.Soname);
  origin(J, G, -1, Out.Origin);
  Out.Origin.Input = Out.Input;
}

void fillBitcode(LinkJob &J, const LinkGraph &G, size_t I,
                 NevercLinkBitcodeModuleInfo &Out) {
  const BitcodeFile &B = *G.In.Bitcode[I];
  Out.Module = bitcodeHandle(J, I);
  Out.Input = mint(J, &LinkJob::Inputs, &LinkJob::InputHandles, B.Input);
  Out.Name = viewOf(B.Name);
  digestOf(B.Bytes, Out.ContentDigest);
  // No summary handle: the ABI has no table that reads one.
  origin(J, G, -1, Out.Origin);
  Out.Origin.Input = Out.Input;
  if (B.Member >= 0)
    Out.Origin.ArchiveMember = mint(J, &LinkJob::ArchiveMembers,
                                    &LinkJob::MemberHandles, size_t(B.Member));
}

void fillUnwind(LinkJob &J, const LinkGraph &G, size_t K,
                NevercLinkUnwindInfo &Out) {
  const auto [A, Off] = J.UnwindList[K];
  const Atom &Eh = G.Atoms[A];
  const std::string_view B = Eh.bytes();
  Out.Unwind = mint(J, &LinkJob::Unwinds, &LinkJob::UnwindHandles, K);
  // The FDE's pc_begin is relocated against the code it describes; its
  // CIE's personality pointer against the personality routine.
  const size_t Cie = Off + 4 - graph::get32(B, Off + 4);
  const size_t Personality = Cie < Off ? personalityOffset(B, Cie) : 0;
  for (const object::Relocation *R : G.Relocs[A]) {
    if (R->Offset != Off + 8 && (!Personality || R->Offset != Personality))
      continue;
    const graph::Target T = graph::targetOf(G, Eh.Object, *R);
    if (R->Offset == Off + 8 && T.Atom >= 0)
      Out.Atom =
          mint(J, &LinkJob::Atoms, &LinkJob::AtomHandles, size_t(T.Atom));
    else if (R->Offset == Personality && T.Global >= 0)
      Out.PersonalitySymbol = symbolHandle(J, size_t(T.Global));
  }
  origin(J, G, int32_t(Eh.Object), Out.Origin);
}

void fillSection(LinkJob &J, const LinkGraph &G, size_t A,
                 NevercLinkSectionInfo &Out) {
  const Atom &X = G.Atoms[A];
  Out.Section = mint(J, &LinkJob::Sections, &LinkJob::SectionHandles2, A);
  Out.Name = viewOf(graph::atomName(X));
  if (X.Sec) {
    Out.Kind = uint32_t(X.Sec->Kind);
    Out.Flags = X.Sec->Flags;
  } else {
    Out.Kind = uint32_t(object::SectionKind::ZeroFill);
    Out.Flags = object::SectionFlag::Allocated | object::SectionFlag::Writable;
  }
  Out.Alignment = X.Align;
  if (G.State >= NEVERC_LINK_STATE_LAYOUT_COMPLETE && X.Out >= 0) {
    Out.Address = X.Address;
    Out.FileOffset = G.Sections[size_t(X.Out)].Offset + X.OutOffset;
  }
  Out.Size = X.Size;
  origin(J, G, int32_t(X.Object), Out.Origin);
}

void fillAtom(LinkJob &J, const LinkGraph &G, size_t A,
              NevercLinkAtomInfo &Out) {
  const Atom &X = G.Atoms[A];
  Out.Atom = mint(J, &LinkJob::Atoms, &LinkJob::AtomHandles, A);
  Out.Section = mint(J, &LinkJob::Sections, &LinkJob::SectionHandles2, A);
  Out.Name = viewOf(graph::atomName(X));
  uint64_t F = 0;
  if (X.Live)
    F |= NEVERC_LINK_ATOM_LIVE;
  if (X.ForcedLive)
    F |= NEVERC_LINK_ATOM_ROOT;
  if (!X.Sec)
    F |= NEVERC_LINK_ATOM_SYNTHETIC;
  if (X.Leader >= 0)
    F |= NEVERC_LINK_ATOM_FOLDED;
  if (X.ShFlags & graph::SHF_TLS)
    F |= NEVERC_LINK_ATOM_TLS;
  if (X.Type == graph::SHT_X86_64_UNWIND)
    F |= NEVERC_LINK_ATOM_UNWIND;
  Out.Flags = F;
  Out.Alignment = X.Align;
  if (G.State >= NEVERC_LINK_STATE_LAYOUT_COMPLETE && X.Out >= 0) {
    Out.Address = X.Address;
    Out.FileOffset = G.Sections[size_t(X.Out)].nobits()
                         ? 0
                         : G.Sections[size_t(X.Out)].Offset + X.OutOffset;
  }
  const std::string_view B = X.bytes();
  Out.Content = {reinterpret_cast<const uint8_t *>(B.data()), B.size()};
  Out.ZeroFillSize = X.Replaced ? X.ZeroFill : (X.nobits() ? X.Size : 0);
  if (X.Leader >= 0)
    Out.FoldLeader =
        mint(J, &LinkJob::Atoms, &LinkJob::AtomHandles, size_t(X.Leader));
  origin(J, G, X.Sec ? int32_t(X.Object) : -1, Out.Origin);
}

void fillSymbol(LinkJob &J, const LinkGraph &G, size_t I,
                NevercLinkSymbolInfo &Out) {
  const GlobalSym &X = G.Globals[I];
  const LinkSymbol &L = G.In.Symbols[I];
  Out.Symbol = mint(J, &LinkJob::Symbols, &LinkJob::SymbolHandles, I);
  Out.Name = viewOf(L.Name);
  if (X.K == GlobalSym::Shared)
    Out.Version = viewOf(L.SharedVersion);
  Out.Binding = bindingOf(X);
  Out.Visibility = visibilityOf(X);
  Out.Definition = definitionOf(X);
  Out.Type =
      X.Def ? uint32_t(X.Def->Type) : uint32_t(object::SymbolType::NoType);
  int32_t A = atomOfSymbol(G, X);
  if (A >= 0)
    Out.Atom = mint(J, &LinkJob::Atoms, &LinkJob::AtomHandles, size_t(A));
  Out.Value = G.State >= NEVERC_LINK_STATE_LAYOUT_COMPLETE
                  ? X.Value
                  : (X.Def ? X.Def->Value : 0);
  Out.Size = X.Size;
  Out.IsPrevailing = X.K != GlobalSym::Undefined ? NEVERC_TRUE : NEVERC_FALSE;
  Out.IsExported = X.Exported ? NEVERC_TRUE : NEVERC_FALSE;
  Out.IsImported = X.Imported ? NEVERC_TRUE : NEVERC_FALSE;
  Out.IsRoot = X.Root ? NEVERC_TRUE : NEVERC_FALSE;
  origin(J, G, X.Object, Out.Origin);
}

void fillEdge(LinkJob &J, const LinkGraph &G, size_t E,
              NevercLinkEdgeInfo &Out) {
  const auto &[A, K] = J.EdgeList[E];
  object::Relocation Buf;
  const void *Key = nullptr;
  const object::Relocation &R = edgeReloc(G, A, K, Buf, Key);
  Out.Edge = mint(J, &LinkJob::Edges, &LinkJob::EdgeHandles, E);
  Out.Kind = NEVERC_LINK_EDGE_RELOCATION;
  Out.Source = mint(J, &LinkJob::Atoms, &LinkJob::AtomHandles, A);
  Out.Offset = R.Offset;
  Out.RelocationKind = uint32_t(R.Kind);
  Out.Width = R.Width;
  Out.Addend = R.Addend;
  Out.IsPCRelative = R.PCRel ? NEVERC_TRUE : NEVERC_FALSE;
  Out.IsSigned = R.Signed ? NEVERC_TRUE : NEVERC_FALSE;
  graph::Target T = graph::targetOf(G, G.Atoms[A].Object, R, Key);
  if (T.Global >= 0)
    Out.TargetSymbol =
        mint(J, &LinkJob::Symbols, &LinkJob::SymbolHandles, size_t(T.Global));
  if (T.Atom >= 0)
    Out.TargetAtom =
        mint(J, &LinkJob::Atoms, &LinkJob::AtomHandles, size_t(T.Atom));
  origin(J, G, int32_t(G.Atoms[A].Object), Out.Origin);
}

void fillComdat(LinkJob &J, const LinkGraph &G, size_t K,
                NevercLinkComdatInfo &Out) {
  size_t Obj = 0;
  const object::Comdat *C = comdatAt(G, K, Obj);
  Out.Comdat = mint(J, &LinkJob::Comdats, &LinkJob::ComdatHandles, K);
  Out.Name = viewOf(C->Name);
  Out.Selection = NEVERC_LINK_COMDAT_ANY;
  // The kept group of this name: the first in link order.
  for (size_t X = 0, N = comdatCount(G); X < N; ++X) {
    size_t O2 = 0;
    if (comdatAt(G, X, O2)->Name == C->Name) {
      Out.Selected = mint(J, &LinkJob::Comdats, &LinkJob::ComdatHandles, X);
      break;
    }
  }
  origin(J, G, int32_t(Obj), Out.Origin);
}

template <bool Exports>
void fillDyn(LinkJob &J, const LinkGraph &G, size_t K,
             std::conditional_t<Exports, NevercLinkExportInfo,
                                NevercLinkImportInfo> &Out) {
  const size_t D = Exports ? G.FirstHashed - 1 + K : K;
  const uint32_t I = G.DynSyms[D];
  const LinkSymbol &L = G.In.Symbols[I];
  Out.Name = viewOf(L.Name);
  Out.Symbol = mint(J, &LinkJob::Symbols, &LinkJob::SymbolHandles, I);
  if constexpr (Exports) {
    Out.Export = mint(J, &LinkJob::Exports, &LinkJob::ExportHandles, K);
  } else {
    Out.Import = mint(J, &LinkJob::Imports, &LinkJob::ImportHandles, K);
    const GlobalSym &X = G.Globals[I];
    if (X.Library >= 0) {
      const SharedLibrary &Lib = G.In.Libraries[size_t(X.Library)];
      Out.Library =
          viewOf(Lib.Soname.empty() ? G.In.Files[Lib.Input].Path : Lib.Soname);
    }
  }
  origin(J, G, G.Globals[I].Object, Out.Origin);
}

} // namespace

//===-- the slots
//---------------------------------------------------------------//

NevercHandle bitcodeHandle(LinkJob &J, size_t I) {
  return mint(J, &LinkJob::BitcodeModules, &LinkJob::BitcodeHandles, I);
}
NevercHandle inputHandle(LinkJob &J, size_t I) {
  return mint(J, &LinkJob::Inputs, &LinkJob::InputHandles, I);
}
NevercHandle symbolHandle(LinkJob &J, size_t I) {
  return mint(J, &LinkJob::Symbols, &LinkJob::SymbolHandles, I);
}

NevercHandle LinkJob::graph() {
  if (core::isNull(GraphHandle) || !Graphs.lookup(GraphHandle))
    GraphHandle = Graphs.insert(Graph.get());
  return GraphHandle;
}

namespace graphslots {

NevercStatus NEVERC_CALL getGraphInfo(void *Ctx, NevercTaskHandle Task,
                                      NevercLinkGraphHandle Graph,
                                      NevercLinkGraphInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](LinkDomain::Impl &D, LinkJob &Job,
                      NevercLinkGraphInfo &I) -> NevercStatus {
                    LinkJob *J = &Job;
                    LinkGraph *G;
                    if (NevercStatus S = graphOf(D, *J, Graph, &G); !isOk(S))
                      return S;
                    I.Graph = J->graph();
                    object::fillTargetKey(J->Triple, object::ELFFormat,
                                          I.Target);
                    I.FormatID = elfFormatID();
                    I.State = G->State;
                    I.Generation = G->Generation;
                    I.InputCount = inputCount(*G);
                    I.ArchiveCount = archiveCount(*G);
                    I.ArchiveMemberCount = G->In.Members.size();
                    I.SharedLibraryCount = G->In.Libraries.size();
                    I.BitcodeModuleCount = G->In.Bitcode.size();
                    I.SectionCount = I.AtomCount = atomCount(*G);
                    I.SymbolCount = symbolCount(*G);
                    I.EdgeCount = edgeCount(*G);
                    I.ComdatCount = comdatCount(*G);
                    I.ImportCount = dynCount(*G, false);
                    I.ExportCount = dynCount(*G, true);
                    I.SyntheticCount = syntheticsOf(*J, *G);
                    I.ConstraintCount = constraintsOf(*J, *G);
                    graphDigest(*J, I.SemanticDigest);
                    return okStatus();
                  });
}

template <class Info, class CountFn, class FillFn>
NevercStatus getter(void *Ctx, NevercTaskHandle Task, Table T, NevercHandle H,
                    Info *Out, CountFn &&Count, FillFn &&Fill) {
  return infoSlot(
      Ctx, Task, Out,
      [&](LinkDomain::Impl &D, LinkJob &J, Info &I) -> NevercStatus {
        size_t K = 0;
        const size_t N = J.Graph ? Count(J, *J.Graph) : 0;
        if (NevercStatus S = indexOf(D, J, T, H, N, K); !isOk(S))
          return S;
        Fill(J, *J.Graph, K, I);
        I.Header = {sizeof I, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
        return okStatus();
      });
}

#define NEVERC_LINK_KIND(Name, InfoT, TableMember, CountExpr, FillFn)          \
  NevercStatus NEVERC_CALL get##Name##Page(                                    \
      void *Ctx, NevercTaskHandle Task, NevercLinkGraphHandle Graph,           \
      uint64_t Cursor, NevercLinkEntityPage *Page) {                           \
    return pager<InfoT>(                                                       \
        Ctx, Task, Graph, Cursor, Page,                                        \
        [](LinkJob &J, const LinkGraph &G) -> size_t {                         \
          (void)J;                                                             \
          return CountExpr;                                                    \
        },                                                                     \
        [](LinkJob &J, const LinkGraph &G, size_t K, InfoT &I) {               \
          FillFn(J, G, K, I);                                                  \
        });                                                                    \
  }                                                                            \
  NevercStatus NEVERC_CALL get##Name##Info(void *Ctx, NevercTaskHandle Task,   \
                                           NevercHandle H, InfoT *Out) {       \
    return getter<InfoT>(                                                      \
        Ctx, Task, &LinkJob::TableMember, H, Out,                              \
        [](LinkJob &J, const LinkGraph &G) -> size_t {                         \
          (void)J;                                                             \
          return CountExpr;                                                    \
        },                                                                     \
        [](LinkJob &J, const LinkGraph &G, size_t K, InfoT &I) {               \
          FillFn(J, G, K, I);                                                  \
        });                                                                    \
  }

NEVERC_LINK_KIND(Input, NevercLinkInputInfo, Inputs, inputCount(G), fillInput)
NEVERC_LINK_KIND(Archive, NevercLinkArchiveInfo, Archives, archiveCount(G),
                 fillArchive)
NEVERC_LINK_KIND(ArchiveMember, NevercLinkArchiveMemberInfo, ArchiveMembers,
                 G.In.Members.size(), fillMember)
NEVERC_LINK_KIND(SharedLibrary, NevercLinkSharedLibraryInfo, SharedLibraries,
                 G.In.Libraries.size(), fillLibrary)
NEVERC_LINK_KIND(BitcodeModule, NevercLinkBitcodeModuleInfo, BitcodeModules,
                 G.In.Bitcode.size(), fillBitcode)
NEVERC_LINK_KIND(Section, NevercLinkSectionInfo, Sections, atomCount(G),
                 fillSection)
NEVERC_LINK_KIND(Atom, NevercLinkAtomInfo, Atoms, atomCount(G), fillAtom)
NEVERC_LINK_KIND(Symbol, NevercLinkSymbolInfo, Symbols, symbolCount(G),
                 fillSymbol)
NEVERC_LINK_KIND(Edge, NevercLinkEdgeInfo, Edges, edgesOf(J, G), fillEdge)
NEVERC_LINK_KIND(Unwind, NevercLinkUnwindInfo, Unwinds, unwindsOf(J, G),
                 fillUnwind)
NEVERC_LINK_KIND(Comdat, NevercLinkComdatInfo, Comdats, comdatCount(G),
                 fillComdat)
NEVERC_LINK_KIND(Import, NevercLinkImportInfo, Imports, dynCount(G, false),
                 fillDyn<false>)
NEVERC_LINK_KIND(Export, NevercLinkExportInfo, Exports, dynCount(G, true),
                 fillDyn<true>)
#undef NEVERC_LINK_KIND

//===-- mutations
//---------------------------------------------------------------//

bool stepRunning(const LinkJob &J) {
  return J.Phase >= core::Phase_LINK_INPUT_PROBE &&
         J.Phase < core::Phase_LINK_INPUT_PROBE + LinkStepCount;
}

NevercStatus NEVERC_CALL beginMutation(void *Ctx, NevercTaskHandle Task,
                                       NevercLinkGraphHandle Graph,
                                       NevercLinkMutationHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    LinkDomain::Impl &D = impl(Ctx);
    LinkJob *J;
    if (NevercStatus S = jobOf(D, Task, &J); !isOk(S))
      return S;
    if (J->T.role() == core::CallbackRole::Observer)
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    LinkGraph *G;
    if (NevercStatus S = graphOf(D, *J, Graph, &G); !isOk(S))
      return S;
    // A graph changes inside its own steps only: after emit_image the
    // image is what the later phases work on.
    if (!stepRunning(*J))
      return st(NEVERC_STATUS_INVALID_STATE);
    if (J->MutationOpen)
      return st(NEVERC_STATUS_BUSY);
    J->MutationOpen = true;
    J->Staged.clear();
    J->MutationHandle = J->Mutations.insert(G);
    *Out = J->MutationHandle;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL abandonMutation(void *Ctx, NevercTaskHandle Task,
                                         NevercLinkMutationHandle M) {
  return guard([&]() -> NevercStatus {
    LinkJob *J;
    if (NevercStatus S = openMutation(impl(Ctx), Task, M, &J); !isOk(S))
      return S;
    // The constraints it made were never live: their handles go stale.
    for (const LinkJob::StagedChange &C : J->Staged) {
      if (C.K == LinkJob::StagedChange::ConstraintNew)
        J->Graph->Constraints[C.Index].State =
            LinkGraph::LayoutConstraint::Erased;
      if (C.K == LinkJob::StagedChange::SyntheticNew)
        J->Graph->MadeSynthetics[C.Index].State =
            LinkGraph::MadeSynthetic::Erased;
    }
    J->MutationOpen = false;
    J->Staged.clear();
    J->Mutations.erase(M);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL commitMutation(void *Ctx, NevercTaskHandle Task,
                                        NevercLinkMutationHandle M) {
  return guard([&]() -> NevercStatus {
    LinkJob *J;
    if (NevercStatus S = openMutation(impl(Ctx), Task, M, &J); !isOk(S))
      return S;
    LinkGraph &G = *J->Graph;
    uint32_t Earliest = LinkStepCount + 1;
    for (const LinkJob::StagedChange &C : J->Staged) {
      switch (C.K) {
      case LinkJob::StagedChange::Root:
        G.Globals[C.Index].Root = C.Flag;
        Earliest = std::min<uint32_t>(Earliest, NEVERC_LINK_STATE_GC_COMPLETE);
        break;
      case LinkJob::StagedChange::Live: {
        Atom &A = G.Atoms[C.Index];
        A.ForcedLive = C.Flag;
        A.ForcedDead = !C.Flag;
        A.Live = C.Flag && !A.Discarded;
        if (C.Flag)
          A.Leader = -1;
        Earliest = std::min<uint32_t>(Earliest, NEVERC_LINK_STATE_ICF_COMPLETE);
        break;
      }
      case LinkJob::StagedChange::Leader: {
        Atom &A = G.Atoms[C.Index];
        A.Leader = C.Other;
        A.Live = C.Other < 0 && !A.Discarded;
        Earliest =
            std::min<uint32_t>(Earliest, NEVERC_LINK_STATE_SYNTHETICS_READY);
        break;
      }
      case LinkJob::StagedChange::Retarget:
        G.Retargets[C.Reloc] = {C.Global, C.Atom};
        Earliest =
            std::min<uint32_t>(Earliest, NEVERC_LINK_STATE_SYMBOLS_RESOLVED);
        break;
      case LinkJob::StagedChange::Resolution:
        G.Resolutions[C.Index] = {C.Binding, C.Visibility, C.Flag};
        if (G.State >= NEVERC_LINK_STATE_SYMBOLS_RESOLVED)
          G.applyResolution(C.Index);
        Earliest =
            std::min<uint32_t>(Earliest, NEVERC_LINK_STATE_COMDAT_SELECTED);
        break;
      case LinkJob::StagedChange::Rebind:
        G.Rebinds[C.Index] = uint32_t(C.Other);
        Earliest =
            std::min<uint32_t>(Earliest, NEVERC_LINK_STATE_SYMBOLS_RESOLVED);
        break;
      case LinkJob::StagedChange::ConstraintNew:
      case LinkJob::StagedChange::ConstraintSet:
      case LinkJob::StagedChange::ConstraintErase: {
        LinkGraph::LayoutConstraint &X = G.Constraints[C.Index];
        if (C.K == LinkJob::StagedChange::ConstraintSet)
          X = C.Constraint;
        X.State = C.K == LinkJob::StagedChange::ConstraintErase
                      ? LinkGraph::LayoutConstraint::Erased
                      : LinkGraph::LayoutConstraint::Live;
        Earliest =
            std::min<uint32_t>(Earliest, NEVERC_LINK_STATE_LAYOUT_COMPLETE);
        break;
      }
      case LinkJob::StagedChange::SyntheticNew:
      case LinkJob::StagedChange::SyntheticSet:
      case LinkJob::StagedChange::SyntheticErase: {
        LinkGraph::MadeSynthetic &X = G.MadeSynthetics[C.Index];
        if (C.K == LinkJob::StagedChange::SyntheticSet)
          X = C.Synthetic;
        X.State = C.K == LinkJob::StagedChange::SyntheticErase
                      ? LinkGraph::MadeSynthetic::Erased
                      : LinkGraph::MadeSynthetic::Live;
        Earliest =
            std::min<uint32_t>(Earliest, NEVERC_LINK_STATE_SYNTHETICS_READY);
        break;
      }
      case LinkJob::StagedChange::Content: {
        Atom &A = G.Atoms[C.Index];
        A.Replaced = true;
        A.Content = C.Bytes;
        A.ZeroFill = C.ZeroFill;
        A.Size = A.Content.size() + A.ZeroFill;
        if (!A.Content.empty() && A.ZeroFill)
          A.Content.append(size_t(A.ZeroFill), '\0'); // data, then zeros
        G.Relocs[C.Index].clear(); // they patched the old bytes
        Earliest =
            std::min<uint32_t>(Earliest, NEVERC_LINK_STATE_SYNTHETICS_READY);
        break;
      }
      }
    }
    ++G.Generation;
    if (!J->Staged.empty() && G.State >= Earliest)
      invalidateLinkGraph(G, Earliest);
    J->LastMutationPhase = impl(Ctx).H.phases().at(J->Phase).ID;
    J->MutationOpen = false;
    J->Staged.clear();
    J->Mutations.erase(M);
    return okStatus();
  });
}

/// The shared start of a staging slot: the open mutation of this link,
/// and the index the entity handle names (in \p T, of \p Count).
template <class Fn>
NevercStatus staging(void *Ctx, NevercTaskHandle Task,
                     NevercLinkMutationHandle M, Table T, NevercHandle H,
                     size_t (*Count)(const LinkGraph &), Fn &&Body) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    LinkJob *J;
    if (NevercStatus S = openMutation(D, Task, M, &J); !isOk(S))
      return S;
    size_t I = 0;
    if (NevercStatus S = indexOf(D, *J, T, H, Count(*J->Graph), I); !isOk(S))
      return S;
    return Body(D, *J, I);
  });
}

NevercStatus NEVERC_CALL setSymbolRoot(void *Ctx, NevercTaskHandle Task,
                                       NevercLinkMutationHandle M,
                                       NevercLinkSymbolHandle Symbol,
                                       NevercBool Root) {
  return staging(Ctx, Task, M, &LinkJob::Symbols, Symbol, symbolCount,
                 [&](LinkDomain::Impl &, LinkJob &J, size_t I) {
                   if (Root != NEVERC_TRUE && Root != NEVERC_FALSE)
                     return st(NEVERC_STATUS_INVALID_ARGUMENT);
                   J.Staged.push_back({LinkJob::StagedChange::Root,
                                       uint32_t(I),
                                       Root == NEVERC_TRUE,
                                       -1,
                                       {},
                                       0});
                   return okStatus();
                 });
}

NevercStatus NEVERC_CALL setAtomLive(void *Ctx, NevercTaskHandle Task,
                                     NevercLinkMutationHandle M,
                                     NevercLinkAtomHandle AtomH,
                                     NevercBool Live) {
  return staging(Ctx, Task, M, &LinkJob::Atoms, AtomH, atomCount,
                 [&](LinkDomain::Impl &, LinkJob &J, size_t I) {
                   if (Live != NEVERC_TRUE && Live != NEVERC_FALSE)
                     return st(NEVERC_STATUS_INVALID_ARGUMENT);
                   // A section COMDAT selection dropped is not in the link
                   // to keep.
                   if (Live == NEVERC_TRUE && J.Graph->Atoms[I].Discarded)
                     return st(NEVERC_STATUS_INVALID_STATE);
                   J.Staged.push_back({LinkJob::StagedChange::Live,
                                       uint32_t(I),
                                       Live == NEVERC_TRUE,
                                       -1,
                                       {},
                                       0});
                   return okStatus();
                 });
}

NevercStatus NEVERC_CALL setFoldLeader(void *Ctx, NevercTaskHandle Task,
                                       NevercLinkMutationHandle M,
                                       NevercLinkAtomHandle AtomH,
                                       NevercLinkAtomHandle LeaderH) {
  return staging(
      Ctx, Task, M, &LinkJob::Atoms, AtomH, atomCount,
      [&](LinkDomain::Impl &D, LinkJob &J, size_t I) -> NevercStatus {
        const LinkGraph &G = *J.Graph;
        int32_t Leader = -1;
        if (!core::isNull(LeaderH)) {
          size_t L = 0;
          if (NevercStatus S =
                  indexOf(D, J, &LinkJob::Atoms, LeaderH, atomCount(G), L);
              !isOk(S))
            return S;
          // A leader is live, not folded itself, not the atom, and the
          // same kind of section (code into code).
          const Atom &A = G.Atoms[I], &B = G.Atoms[L];
          if (L == I || !B.Live || B.Leader >= 0 ||
              (A.ShFlags & graph::SHF_EXECINSTR) !=
                  (B.ShFlags & graph::SHF_EXECINSTR) ||
              (A.ShFlags & graph::SHF_ALLOC) != (B.ShFlags & graph::SHF_ALLOC))
            return st(NEVERC_STATUS_INVALID_ARGUMENT);
          Leader = int32_t(L);
        }
        J.Staged.push_back(
            {LinkJob::StagedChange::Leader, uint32_t(I), false, Leader, {}, 0});
        return okStatus();
      });
}

NevercStatus NEVERC_CALL replaceAtomContent(void *Ctx, NevercTaskHandle Task,
                                            NevercLinkMutationHandle M,
                                            NevercLinkAtomHandle AtomH,
                                            NevercByteView Content,
                                            uint64_t ZeroFill) {
  return staging(Ctx, Task, M, &LinkJob::Atoms, AtomH, atomCount,
                 [&](LinkDomain::Impl &, LinkJob &Job, size_t I) {
                   LinkJob *J = &Job;
                   if (!Content.Data && Content.Length)
                     return st(NEVERC_STATUS_INVALID_ARGUMENT);
                   const Atom &A = J->Graph->Atoms[I];
                   // Zero-fill sections hold no bytes.
                   if (Content.Length && A.nobits() && A.Sec)
                     return st(NEVERC_STATUS_INVALID_ARGUMENT);
                   if (Content.Length + ZeroFill > (uint64_t(1) << 32))
                     return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
                   LinkJob::StagedChange C{LinkJob::StagedChange::Content,
                                           uint32_t(I),
                                           false,
                                           -1,
                                           {},
                                           ZeroFill};
                   C.Bytes.assign(reinterpret_cast<const char *>(Content.Data),
                                  size_t(Content.Length));
                   J->Staged.push_back(std::move(C));
                   return okStatus();
                 });
}

NevercStatus NEVERC_CALL retargetEdge(void *Ctx, NevercTaskHandle Task,
                                      NevercLinkMutationHandle M,
                                      NevercLinkEdgeHandle EdgeH,
                                      NevercLinkSymbolHandle SymbolH,
                                      NevercLinkAtomHandle AtomH) {
  return staging(
      Ctx, Task, M, &LinkJob::Edges, EdgeH, edgeCount,
      [&](LinkDomain::Impl &D, LinkJob &J, size_t E) -> NevercStatus {
        const LinkGraph &G = *J.Graph;
        // Exactly one target: a symbol, or an atom's start.
        if (core::isNull(SymbolH) == core::isNull(AtomH))
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        edgesOf(J, G);
        const auto [A, K] = J.EdgeList[E];
        LinkJob::StagedChange C{
            LinkJob::StagedChange::Retarget, A, false, int32_t(K), {}, 0};
        object::Relocation Buf;
        edgeReloc(G, A, K, Buf, C.Reloc);
        size_t I = 0;
        if (!core::isNull(SymbolH)) {
          if (NevercStatus S =
                  indexOf(D, J, &LinkJob::Symbols, SymbolH, symbolCount(G), I);
              !isOk(S))
            return S;
          C.Global = int32_t(I);
        } else {
          if (NevercStatus S =
                  indexOf(D, J, &LinkJob::Atoms, AtomH, atomCount(G), I);
              !isOk(S))
            return S;
          const Atom &From = G.Atoms[A], &To = G.Atoms[I];
          // A section COMDAT selection dropped is not in the link; code
          // and data do not point into debug data, nor it into them.
          if (To.Discarded)
            return st(NEVERC_STATUS_INVALID_STATE);
          if ((From.ShFlags & graph::SHF_ALLOC) !=
              (To.ShFlags & graph::SHF_ALLOC))
            return st(NEVERC_STATUS_INVALID_ARGUMENT);
          C.Atom = int32_t(I);
        }
        J.Staged.push_back(std::move(C));
        return okStatus();
      });
}

NevercStatus NEVERC_CALL rebindSymbol(void *Ctx, NevercTaskHandle Task,
                                      NevercLinkMutationHandle M,
                                      NevercLinkSymbolHandle SymbolH,
                                      NevercLinkAtomHandle AtomH) {
  return staging(
      Ctx, Task, M, &LinkJob::Symbols, SymbolH, symbolCount,
      [&](LinkDomain::Impl &D, LinkJob &J, size_t I) -> NevercStatus {
        const LinkGraph &G = *J.Graph;
        size_t A = 0;
        if (NevercStatus S =
                indexOf(D, J, &LinkJob::Atoms, AtomH, atomCount(G), A);
            !isOk(S))
          return S;
        const Atom &To = G.Atoms[A];
        // A section COMDAT selection dropped is not in the link; a symbol
        // is defined by a section of the image (not debug data, not a
        // common's zero fill); what the linker defines itself stays so.
        if (To.Discarded)
          return st(NEVERC_STATUS_INVALID_STATE);
        if (!To.Sec || !(To.ShFlags & graph::SHF_ALLOC) ||
            G.Globals[I].K == GlobalSym::LinkerDefined)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        J.Staged.push_back({LinkJob::StagedChange::Rebind,
                            uint32_t(I),
                            false,
                            int32_t(A),
                            {},
                            0});
        return okStatus();
      });
}

NevercStatus NEVERC_CALL setSymbolResolution(
    void *Ctx, NevercTaskHandle Task, NevercLinkMutationHandle M,
    NevercLinkSymbolHandle SymbolH, const NevercLinkSymbolResolutionUpdate *U) {
  return staging(
      Ctx, Task, M, &LinkJob::Symbols, SymbolH, symbolCount,
      [&](LinkDomain::Impl &D, LinkJob &J, size_t I) -> NevercStatus {
        if (!U)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (NevercStatus S =
                core::checkStructHeader(U, sizeof *U, NEVERC_LINK_API_MAJOR);
            !isOk(S))
          return S;
        auto Bool = [](NevercBool B) {
          return B == NEVERC_TRUE || B == NEVERC_FALSE;
        };
        if (U->Binding < NEVERC_LINK_SYMBOL_BINDING_LOCAL ||
            U->Binding > NEVERC_LINK_SYMBOL_BINDING_COMMON ||
            U->Visibility < NEVERC_LINK_SYMBOL_VISIBILITY_DEFAULT ||
            U->Visibility > NEVERC_LINK_SYMBOL_VISIBILITY_INTERNAL ||
            U->Definition < NEVERC_LINK_SYMBOL_UNDEFINED ||
            U->Definition > NEVERC_LINK_SYMBOL_SHARED ||
            !Bool(U->IsPrevailing) || !Bool(U->IsExported))
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        const GlobalSym &X = J.Graph->Globals[I];
        const bool Defined =
            X.K == GlobalSym::Defined || X.K == GlobalSym::Common;
        // The graph keeps one definition per symbol: what defines it is
        // RebindSymbol's to change, and a definition that stops
        // prevailing, or a common that stops being one, has nothing in
        // this graph to stand for it. A reference is only made weak or
        // strong.
        const char *Why =
            U->Definition != definitionOf(X)
                ? "its definition (RebindSymbol moves a definition)"
            : Defined && U->IsPrevailing != NEVERC_TRUE
                ? "whether its definition prevails"
            : (U->Binding == NEVERC_LINK_SYMBOL_BINDING_COMMON) !=
                    (X.K == GlobalSym::Common)
                ? "whether it is a common symbol"
            : !Defined &&
                    (U->Visibility != NEVERC_LINK_SYMBOL_VISIBILITY_DEFAULT ||
                     U->IsExported == NEVERC_TRUE ||
                     U->Binding == NEVERC_LINK_SYMBOL_BINDING_LOCAL)
                ? "the visibility or export of a symbol it does not define"
                : nullptr;
        if (Why) {
          D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                     std::string("SetSymbolResolution cannot change ") + Why +
                         " in the graph linker",
                     nullptr, "neverc.link");
          return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
        }
        LinkJob::StagedChange C{LinkJob::StagedChange::Resolution,
                                uint32_t(I),
                                U->IsExported == NEVERC_TRUE,
                                -1,
                                {},
                                0};
        C.Binding = U->Binding;
        C.Visibility = U->Visibility;
        J.Staged.push_back(std::move(C));
        return okStatus();
      });
}

/// A skip proof GetGraph issued (api/Phase.cpp): what it pins.
NevercStatus NEVERC_CALL getProofInfo(void *Ctx, NevercTaskHandle Task,
                                      NevercLinkProofHandle Proof,
                                      NevercLinkProofInfo *Out) {
  return infoSlot(
      Ctx, Task, Out,
      [&](LinkDomain::Impl &D, LinkJob &J,
          NevercLinkProofInfo &I) -> NevercStatus {
        NevercInterfaceID Phase{};
        void *Pin = nullptr;
        if (NevercStatus S = J.T.lookupProof(Proof, &Phase, &Pin); !isOk(S))
          return S;
        const LinkJob::ProofPin *P = J.pinOf(Pin);
        if (!P || !J.Graph)
          return st(NEVERC_STATUS_STALE_HANDLE);
        I.Proof = Proof;
        I.Graph = J.graph();
        I.State = P->State;
        I.GraphGeneration = P->Generation;
        I.TargetID = targetIDOf(J.Triple);
        I.FormatID = elfFormatID();
        if (std::optional<uint32_t> K = D.H.phases().indexOf(Phase))
          I.OutputArtifact = D.H.phases().at(*K).Output;
        digestOf(J.Triple, I.RouteDigest);
        std::memcpy(I.SemanticDigest, P->Digest, sizeof I.SemanticDigest);
        return okStatus();
      });
}

} // namespace graphslots

void fillGraphSlots(NevercLinkAPI &T) {
  using namespace graphslots;
  T.GetGraphInfo = getGraphInfo;
  T.GetInputPage = getInputPage;
  T.GetArchivePage = getArchivePage;
  T.GetArchiveMemberPage = getArchiveMemberPage;
  T.GetSharedLibraryPage = getSharedLibraryPage;
  T.GetBitcodeModulePage = getBitcodeModulePage;
  T.GetSectionPage = getSectionPage;
  T.GetAtomPage = getAtomPage;
  T.GetSymbolPage = getSymbolPage;
  T.GetEdgePage = getEdgePage;
  T.GetComdatPage = getComdatPage;
  T.GetImportPage = getImportPage;
  T.GetExportPage = getExportPage;
  T.GetUnwindPage = getUnwindPage;
  T.GetInputInfo = getInputInfo;
  T.GetArchiveInfo = getArchiveInfo;
  T.GetArchiveMemberInfo = getArchiveMemberInfo;
  T.GetSharedLibraryInfo = getSharedLibraryInfo;
  T.GetSectionInfo = getSectionInfo;
  T.GetAtomInfo = getAtomInfo;
  T.GetSymbolInfo = getSymbolInfo;
  T.GetEdgeInfo = getEdgeInfo;
  T.GetComdatInfo = getComdatInfo;
  T.GetImportInfo = getImportInfo;
  T.GetExportInfo = getExportInfo;
  T.GetProofInfo = getProofInfo;
  T.GetBitcodeModuleInfo = getBitcodeModuleInfo;
  T.GetUnwindInfo = getUnwindInfo;
  T.BeginMutation = beginMutation;
  T.CommitMutation = commitMutation;
  T.AbandonMutation = abandonMutation;
  T.SetSymbolRoot = setSymbolRoot;
  T.SetAtomLive = setAtomLive;
  T.SetFoldLeader = setFoldLeader;
  T.ReplaceAtomContent = replaceAtomContent;
  T.RebindSymbol = rebindSymbol;
  T.RetargetEdge = retargetEdge;
  T.SetSymbolResolution = setSymbolResolution;
  fillPlacementSlots(T);
}

} // namespace neverc::link
