//===- Steps.cpp - The graph linker's steps in order, and what they share -===//
//
// input_probe and read_inputs are the input reader (Inputs.cpp), the LTO
// steps LTO.cpp; relax_thunks has nothing to do on x86-64, where every
// branch reaches the whole image. The other steps have files of their own.
//
//===----------------------------------------------------------------------===//
#include "Arch.h"

#include <algorithm>
#include <unordered_set>

namespace neverc::link {

LinkGraph::LinkGraph(std::vector<std::string> Argv, LinkRequestModel Req,
                     LinkerOptions Opt)
    : Argv(std::move(Argv)), Req(std::move(Req)), Opt(std::move(Opt)),
      Arch(graph::targetArchOf(this->Opt.Machine)) {
  if (!Arch)
    Arch = &graph::X86_64Target;
}

uint32_t LinkGraph::dynString(const std::string &Str) {
  if (DynStr.empty())
    DynStr.push_back('\0');
  auto [It, New] = DynStrOffset.try_emplace(Str, uint32_t(DynStr.size()));
  if (New) {
    DynStr += Str;
    DynStr.push_back('\0');
  }
  return It->second;
}

int32_t LinkGraph::globalOf(const object::Symbol &S) const {
  if (S.Bind == object::Binding::Local)
    return -1;
  if (S.Def == object::Definition::Undefined && !In.Wrap.empty())
    if (auto W = In.Wrap.find(S.Name); W != In.Wrap.end()) {
      return In.SymbolIndex.lookup(W->second); // --wrap
    }
  return In.SymbolIndex.lookup(S.Name);
}

uint64_t LinkGraph::atomAddress(uint32_t A) const {
  const Atom *X = &Atoms[A];
  if (X->Leader >= 0)
    X = &Atoms[size_t(X->Leader)];
  return X->Address;
}

uint64_t LinkGraph::offsetAddress(uint32_t A, uint64_t Off) const {
  const Atom &X = Atoms[A];
  if (!X.Pieces.empty())
    return Sections[size_t(X.Out)].Address + X.pieceOffset(Off);
  return atomAddress(A) + Off;
}

uint64_t LinkGraph::symbolAddress(uint32_t Object,
                                  const object::Symbol &S) const {
  int32_t Gl = globalOf(Object, S);
  if (Gl >= 0) {
    const GlobalSym &X = Globals[size_t(Gl)];
    if (X.CanonicalPlt)
      return pltAddress(uint32_t(X.Plt));
    return X.Value;
  }
  if (S.Def == object::Definition::Absolute)
    return S.Value;
  if (!S.Sec)
    return 0;
  const int32_t A = atomOf(Object, S.Sec);
  return A < 0 ? 0 : offsetAddress(uint32_t(A), S.Value);
}

bool LinkGraph::preemptible(const GlobalSym &X) const {
  // With a dynamic list, only what it names stays preemptible.
  if (!Opt.DynamicLists.empty() && !X.DynamicListed)
    return false;
  if (!sharedOutput() || X.Localized || Opt.Bsymbolic ||
      (X.K != GlobalSym::Defined && X.K != GlobalSym::Common) || !X.Def)
    return false;
  if (X.Def->Vis != object::Visibility::Default ||
      X.Def->Def == object::Definition::Absolute)
    return false;
  return !(Opt.BsymbolicFunctions &&
           X.Def->Type == object::SymbolType::Function);
}

bool LinkGraph::dynamicTarget(int32_t I) const {
  if (I < 0)
    return false;
  const GlobalSym &X = Globals[size_t(I)];
  if (X.K == GlobalSym::Shared)
    return !X.NeedsCopy && !X.CanonicalPlt;
  return X.WeakImport || preemptible(X);
}

uint64_t LinkGraph::gotAddress(uint32_t Slot) const {
  return Sections[size_t(S.Got)].Address + 8 * uint64_t(Slot);
}

uint64_t LinkGraph::ipltAddress(uint32_t Entry) const {
  return Sections[size_t(S.Iplt)].Address + Arch->IpltEntrySize * uint64_t(Entry);
}

uint64_t LinkGraph::pltAddress(uint32_t Entry) const {
  return Sections[size_t(S.Plt)].Address + Arch->PltHeaderSize +
         Arch->PltEntrySize * uint64_t(Entry);
}

void LinkGraph::applyResolution(uint32_t I) {
  auto It = Resolutions.find(I);
  if (It == Resolutions.end() || I >= Globals.size())
    return;
  const ResolutionUpdate &U = It->second;
  GlobalSym &X = Globals[I];
  const bool Local = U.Binding == NEVERC_LINK_SYMBOL_BINDING_LOCAL;
  if ((X.K == GlobalSym::Defined || X.K == GlobalSym::Common) && X.Def) {
    object::Symbol &Def = ReboundDefs.emplace_back();
    static_cast<object::SymbolFields &>(Def) = *X.Def;
    if (U.Binding == NEVERC_LINK_SYMBOL_BINDING_WEAK)
      Def.Bind = object::Binding::Weak;
    else if (U.Binding == NEVERC_LINK_SYMBOL_BINDING_GLOBAL)
      Def.Bind = object::Binding::Global;
    switch (U.Visibility) {
    case NEVERC_LINK_SYMBOL_VISIBILITY_HIDDEN:
      Def.Vis = object::Visibility::Hidden;
      break;
    case NEVERC_LINK_SYMBOL_VISIBILITY_PROTECTED:
      Def.Vis = object::Visibility::Protected;
      break;
    case NEVERC_LINK_SYMBOL_VISIBILITY_INTERNAL:
      Def.Vis = object::Visibility::Internal;
      break;
    default:
      Def.Vis = object::Visibility::Default;
      break;
    }
    X.Def = &Def;
    // Not exported, or local: out of the dynamic symbol table, as a
    // version script's local: makes it.
    X.Localized = Local || !U.Exported;
    X.ForceExport = U.Exported && !Local;
  } else {
    X.Weak = U.Binding == NEVERC_LINK_SYMBOL_BINDING_WEAK;
  }
}

const char *linkStepName(LinkStep S) {
  static const char *const Names[LinkStepCount] = {
      "input_probe",     "read_inputs",   "lto_resolve", "lto_generate",
      "resolve_symbols", "select_comdat", "gc",          "icf",
      "synthesize",      "relax_thunks",  "layout",      "relocate",
      "emit_image"};
  return Names[uint32_t(S)];
}

namespace graph {

Target targetOf(const LinkGraph &G, uint32_t Object,
                const object::Relocation &R, const void *Key) {
  Target T;
  auto AtomIn = [&](uint32_t O, const object::Section *Sec) {
    return G.atomOf(O, Sec);
  };
  // A plugin's retarget (RetargetEdge): an atom's start, or a global.
  int32_t Retargeted = -1;
  if (!G.Retargets.empty()) {
    auto It = G.Retargets.find(Key ? Key : &R);
    if (It != G.Retargets.end()) {
      if (It->second.Atom >= 0) {
        T.Atom = It->second.Atom;
        return T;
      }
      Retargeted = It->second.Global;
    }
  }
  if (R.Target == object::RelocTarget::Section && Retargeted < 0) {
    T.Atom = AtomIn(Object, R.TargetSection);
    return T;
  }
  if (R.Target == object::RelocTarget::Absolute && Retargeted < 0) {
    T.Absolute = true;
    T.Offset = R.TargetValue;
    return T;
  }
  if (!R.TargetSymbol && Retargeted < 0) {
    T.Undefined = T.UndefinedWeak = true;
    return T;
  }
  const object::Symbol *S = Retargeted >= 0 ? nullptr : R.TargetSymbol;
  T.Sym = S;
  T.Global = S ? G.globalOf(Object, *S) : Retargeted;
  const bool WeakRef = S && S->Bind == object::Binding::Weak;
  if (T.Global < 0) {
    if (S->Def == object::Definition::Absolute) {
      T.Absolute = true;
      T.Offset = S->Value;
    } else if (S->Sec) {
      T.Atom = AtomIn(Object, S->Sec);
      T.Offset = S->Value;
    }
    return T;
  }
  const GlobalSym &X = G.Globals[size_t(T.Global)];
  switch (X.K) {
  case GlobalSym::Defined:
    if (X.Def->Def == object::Definition::Absolute) {
      T.Absolute = true;
      T.Offset = X.Def->Value;
    } else if (X.Def->Sec) {
      T.Atom = AtomIn(uint32_t(X.Object), X.Def->Sec);
      T.Offset = X.Def->Value;
    }
    break;
  case GlobalSym::Common:
    T.Atom = X.CommonAtom;
    break;
  case GlobalSym::Shared:
    T.Imported = !X.NeedsCopy && !X.CanonicalPlt;
    if (X.NeedsCopy)
      T.Atom = X.CopyAtom;
    break;
  case GlobalSym::LinkerDefined:
    // A --defsym number is absolute (known only after layout; the steps
    // that ask are later).
    T.Absolute = X.AbsoluteValue;
    if (T.Absolute)
      T.Offset = X.Value;
    break;
  case GlobalSym::Undefined:
    T.Undefined = true;
    T.UndefinedWeak = WeakRef || X.Weak;
    break;
  }
  return T;
}

uint64_t targetAddress(const LinkGraph &G, const Target &T) {
  if (T.Global >= 0) {
    const GlobalSym &X = G.Globals[size_t(T.Global)];
    if (X.CanonicalPlt)
      return G.pltAddress(uint32_t(X.Plt));
    if (X.Iplt >= 0)
      return G.ipltAddress(uint32_t(X.Iplt)); // an IFUNC's one address
    if (X.K == GlobalSym::Defined || X.K == GlobalSym::Common ||
        X.K == GlobalSym::LinkerDefined || X.NeedsCopy)
      return X.Value;
    return 0;
  }
  if (T.Absolute)
    return T.Offset;
  if (T.Atom < 0)
    return 0;
  if (T.Sym && T.Sym->Type == object::SymbolType::IndirectFunction &&
      !G.LocalIplt.empty()) // a local IFUNC's one address: its IPLT entry
    if (auto It = G.LocalIplt.find(LinkGraph::localIpltKey(T.Atom, T.Offset));
        It != G.LocalIplt.end())
      return G.ipltAddress(It->second);
  return G.offsetAddress(uint32_t(T.Atom), T.Offset);
}

uint8_t elfSymbolType(object::SymbolType T) {
  switch (T) {
  case object::SymbolType::Object:
    return 1; // STT_OBJECT
  case object::SymbolType::Function:
    return 2; // STT_FUNC
  case object::SymbolType::File:
    return 4; // STT_FILE
  case object::SymbolType::TLS:
    return 6; // STT_TLS
  case object::SymbolType::IndirectFunction:
    return 10; // STT_GNU_IFUNC
  default:
    return 0; // STT_NOTYPE
  }
}

std::string placeName(const LinkGraph &G, const Atom &A, uint64_t Offset) {
  char Hex[32];
  std::snprintf(Hex, sizeof Hex, "0x%llx", (unsigned long long)Offset);
  return G.In.Objects[A.Object]->Name + ":(" + atomName(A) + "+" + Hex + ")";
}

std::string outputNameOf(const std::string &Name, uint64_t ShFlags) {
  // lld's default: a name with one of these prefixes goes to the prefix
  // (".text.foo" -> ".text"); any other keeps its name.
  static const char *const Prefixes[] = {".text",         ".rodata",
                                         ".data.rel.ro",  ".data",
                                         ".bss.rel.ro",   ".bss",
                                         ".ldata",        ".lrodata",
                                         ".lbss",         ".gcc_except_table",
                                         ".init_array",   ".fini_array",
                                         ".tbss",         ".tdata",
                                         ".ARM.exidx",    ".ARM.extab",
                                         ".ctors",        ".dtors",
                                         ".preinit_array"};
  if (!(ShFlags & SHF_ALLOC))
    return Name;
  for (const char *P : Prefixes) {
    size_t N = std::strlen(P);
    if (Name.size() >= N && Name.compare(0, N, P) == 0 &&
        (Name.size() == N || Name[N] == '.'))
      return P;
  }
  return Name;
}

} // namespace graph

bool linkStepIsNoOp(const LinkGraph &G, LinkStep S) {
  switch (S) {
  case LinkStep::LtoResolve:
  case LinkStep::LtoGenerate:
    return G.In.Bitcode.empty();
  case LinkStep::ICF:
    return !G.Opt.ICFAll && !G.Opt.ICFSafe;
  case LinkStep::RelaxThunks:
    return true; // x86-64 branches reach: no thunks (the only target)
  default:
    return false;
  }
}

bool runLinkStep(LinkGraph &G, LinkStep S) {
  if (G.State != uint32_t(S))
    return G.fail(std::string("the step ") + linkStepName(S) +
                  " runs on a graph in the state before it");
  bool Ok = true;
  switch (S) {
  case LinkStep::InputProbe:
    // Every input named on the line exists and has a kind the reader
    // takes (the reader says which one it cannot read, and why).
    for (const RawInput &I : G.Req.Inputs)
      if (I.Kind == NEVERC_LINK_INPUT_UNKNOWN && I.URI.rfind("-l", 0) == 0)
        Ok = G.fail("unable to find library " + I.URI);
    break;
  case LinkStep::ReadInputs: {
    std::string Error;
    std::string Entry = G.Req.Entry.empty() ? "_start" : G.Req.Entry;
    for (const std::string &W : G.Opt.Wrap) {
      G.In.Wrap[W] = "__wrap_" + W;
      G.In.Wrap["__real_" + W] = W;
    }
    Ok = readInputs(G.Req, G.Opt.Undefined, Entry, G.In, Error);
    if (!Ok)
      G.fail(Error);
    if (Ok)
      Ok = graph::pickTarget(G);
    break;
  }
  case LinkStep::LtoResolve:
    Ok = graph::resolveLto(G);
    break;
  case LinkStep::LtoGenerate:
    Ok = graph::generateLto(G);
    break;
  case LinkStep::RelaxThunks:
    break;
  case LinkStep::ResolveSymbols:
    Ok = graph::resolveSymbols(G);
    break;
  case LinkStep::SelectComdat:
    Ok = graph::selectComdat(G);
    break;
  case LinkStep::GC:
    Ok = graph::collectGarbage(G);
    break;
  case LinkStep::ICF:
    Ok = graph::foldIdentical(G);
    break;
  case LinkStep::Synthesize:
    Ok = graph::synthesize(G);
    break;
  case LinkStep::Layout:
    // A call out of reach gets a range thunk, which moves what follows:
    // layout again until every call reaches (a few rounds at most).
    Ok = graph::layout(G);
    for (unsigned Round = 0; Ok && Round < 4 && graph::addRangeThunks(G);
         ++Round) {
      graph::clearLayout(G);
      Ok = graph::layout(G);
    }
    break;
  case LinkStep::Relocate:
    Ok = graph::relocate(G);
    break;
  case LinkStep::EmitImage:
    Ok = graph::emitImage(G);
    break;
  }
  if (!Ok)
    return false;
  G.State = uint32_t(S) + 1;
  G.Made |= 1u << uint32_t(S);
  return true;
}

bool stepReplaceable(LinkStep S) {
  return S == LinkStep::LtoResolve || S == LinkStep::LtoGenerate ||
         S == LinkStep::GC || S == LinkStep::ICF || S == LinkStep::RelaxThunks;
}

void graph::clearLayout(LinkGraph &G) {
  G.Sections.clear();
  G.Segments.clear();
  G.S = LinkGraph::Synth();
  G.Dynamic.clear();
  G.Image.clear();
  G.Sunk = {};
  G.ImagePlanned = false;
  for (Atom &A : G.Atoms) {
    A.Out = -1;
    A.OutOffset = A.Address = 0;
    A.Pieces.clear();
    A.Run = -1;
  }
}

void invalidateLinkGraph(LinkGraph &G, uint32_t Earliest) {
  if (Earliest == 0 || G.State < Earliest)
    return;
  const uint32_t Back = Earliest - 1;
  // What layout and the later steps made.
  if (Back < NEVERC_LINK_STATE_LAYOUT_COMPLETE)
    graph::clearLayout(G);
  // What synthesize made.
  if (Back < NEVERC_LINK_STATE_SYNTHETICS_READY &&
      G.State >= NEVERC_LINK_STATE_SYNTHETICS_READY) {
    G.Atoms.resize(G.AtomsBeforeSynthesize);
    G.Relocs.resize(G.AtomsBeforeSynthesize);
    G.Thunks.clear();
    G.ThunkOfReloc.clear();
    G.Got.clear();
    G.LocalGot.clear();
    G.PltEntries.clear();
    G.IpltEntries.clear();
    G.LocalIplt.clear();
    G.DynSyms.clear();
    G.NeededLibraries.clear();
    G.VersionNeeds.clear();
    G.VersionOf.clear();
    G.DynStr.clear();
    G.DynStrOffset.clear();
    G.RelaDynCount = 0;
    G.TlsModuleGot = -1;
    G.EhFrameFdes = 0;
    for (GlobalSym &X : G.Globals) {
      GlobalSym Fresh;
      Fresh.K = X.K;
      Fresh.Weak = X.Weak;
      Fresh.Object = X.Object;
      Fresh.Def = X.Def;
      Fresh.Library = X.Library;
      Fresh.CommonAtom = X.CommonAtom;
      Fresh.Root = X.Root;
      Fresh.AbsoluteValue = X.AbsoluteValue;
      Fresh.Localized = X.Localized;
      Fresh.VersionIndex = X.VersionIndex;
      Fresh.DynamicListed = X.DynamicListed;
      Fresh.ForceExport = X.ForceExport;
      Fresh.Referenced = false;
      Fresh.Size =
          X.K == GlobalSym::Shared ? X.Size : (X.Def ? X.Def->Size : 0);
      X = Fresh;
    }
  }
  // What gc and icf decided (a plugin's forcing stays).
  if (Back < NEVERC_LINK_STATE_GC_COMPLETE)
    for (Atom &A : G.Atoms) {
      A.Live = !A.Discarded && !A.ForcedDead;
      A.Leader = -1;
    }
  else if (Back < NEVERC_LINK_STATE_ICF_COMPLETE)
    for (Atom &A : G.Atoms)
      if (A.Leader >= 0) {
        A.Leader = -1;
        A.Live = !A.Discarded && !A.ForcedDead;
      }
  G.State = Back;
  G.Made &= (1u << Back) - 1;
  G.Rewound = true;
}

uint64_t Atom::pieceOffset(uint64_t In) const {
  auto It =
      std::upper_bound(Pieces.begin(), Pieces.end(), In,
                       [](uint64_t V, const std::pair<uint64_t, uint64_t> &P) {
                         return V < P.first;
                       });
  if (It == Pieces.begin())
    return In;
  --It;
  return It->second + (In - It->first);
}

bool linkAll(LinkGraph &G) {
  for (uint32_t K = G.State; K < LinkStepCount && !G.indexOnlyDone(); ++K)
    if (!runLinkStep(G, LinkStep(K)))
      return false;
  return true;
}

} // namespace neverc::link
