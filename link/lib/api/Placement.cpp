//===- Placement.cpp - NevercLinkAPI: what plugins place in the link ------===//
//
// The two kinds a plugin makes in the link graph, read and changed:
//   Synthetic   the output sections the linker makes itself (.got, .plt,
//               .dynamic, ...; Role is the name), from LAYOUT_COMPLETE on,
//               then those plugins made (our vocabulary: Role names a new
//               output section, Atom the atom that moves into it, Section
//               null or its section; layout places it by its flags; the
//               linker's own are refused to Replace/Erase: INVALID_ARGUMENT).
//               A commit takes the graph back before synthesize
//               (SYNTHETICS_READY).
//   Constraint  layout constraints ("atom-order" ranks atom SubjectID, the
//               atom pager's position, in its output section; "atom-align"
//               raises its alignment to Value), applied by layout; a
//               commit takes the graph back before layout.
// Creating one stages it Pending: its handle names it from then on, the
// commit (Graph.cpp) makes it live, an abandon erases it.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"
#include "Pages.h"

#include "llvm/BinaryFormat/ELF.h"

#include <cstring>

namespace neverc::link {
namespace {

/// Synthetics: the output sections the linker makes itself (.interp,
/// .dynsym, .got, .plt, .eh_frame_hdr, ...), from LAYOUT_COMPLETE on, then
/// the live ones plugins made (MadeSynthetics), in the order they were made.
size_t builtinSynthetics(LinkJob &J, const LinkGraph &G) {
  if (G.State < NEVERC_LINK_STATE_LAYOUT_COMPLETE) {
    J.SyntheticList.clear();
    return 0;
  }
  const uint64_t Key = G.Generation << 8 | G.State;
  if (J.SyntheticListKey != Key) {
    J.SyntheticListKey = Key;
    J.SyntheticList.clear();
    for (uint32_t I = 0; I < G.Sections.size(); ++I)
      if (G.Sections[I].Synthetic)
        J.SyntheticList.push_back(I);
  }
  return J.SyntheticList.size();
}
size_t madeSynthetics(LinkJob &J, const LinkGraph &G) {
  if (J.MadeListKey != G.Generation) {
    J.MadeListKey = G.Generation;
    J.MadeList.clear();
    for (uint32_t I = 0; I < G.MadeSynthetics.size(); ++I)
      if (G.MadeSynthetics[I].State == LinkGraph::MadeSynthetic::Live)
        J.MadeList.push_back(I);
  }
  return J.MadeList.size();
}
} // namespace

size_t syntheticsOf(LinkJob &J, const LinkGraph &G) {
  return builtinSynthetics(J, G) + madeSynthetics(J, G);
}

namespace {

/// A plugin's synthetic's handle: its index in MadeSynthetics, tagged so
/// that it never names a linker's one (those are list positions).
constexpr uintptr_t MadeTag = uintptr_t(1) << 40;
NevercHandle mintMade(LinkJob &J, uint32_t I) {
  if (J.MadeHandles.size() <= I)
    J.MadeHandles.resize(I + 1);
  NevercHandle &H = J.MadeHandles[I];
  if (core::isNull(H) || !J.Synthetics.lookup(H))
    H = J.Synthetics.insert(reinterpret_cast<void *>(MadeTag + I + 1));
  return H;
}

void fillMade(LinkDomain::Impl &D, LinkJob &J, const LinkGraph &G, uint32_t I,
              NevercLinkSyntheticInfo &Out) {
  const LinkGraph::MadeSynthetic &M = G.MadeSynthetics[I];
  Out.Synthetic = mintMade(J, I);
  Out.Role = viewOf(M.Name);
  Out.Section = mint(J, &LinkJob::Sections, &LinkJob::SectionHandles2, M.Atom);
  Out.Atom = mint(J, &LinkJob::Atoms, &LinkJob::AtomHandles, M.Atom);
  origin(J, G, int32_t(G.Atoms[M.Atom].Object), Out.Origin);
  static const std::string Plugin = "a plugin's mutation";
  Out.Origin.CreatedByProvider = viewOf(Plugin);
  Out.Origin.CreatedByPhase = D.H.phases().at(M.MadeIn).ID;
}

void fillSynthetic(LinkDomain::Impl &D, LinkJob &J, const LinkGraph &G,
                   size_t K, NevercLinkSyntheticInfo &Out) {
  const size_t Builtin = J.SyntheticList.size();
  if (K >= Builtin)
    return fillMade(D, J, G, J.MadeList[K - Builtin], Out);
  const OutputSection &S = G.Sections[J.SyntheticList[K]];
  Out.Synthetic = mint(J, &LinkJob::Synthetics, &LinkJob::SyntheticHandles, K);
  Out.Role = viewOf(S.Name);
  origin(J, G, -1, Out.Origin);
  Out.Origin.CreatedByPhase = {NEVERC_PHASE_LINK_SYNTHESIZE_HIGH,
                               NEVERC_PHASE_LINK_SYNTHESIZE_LOW};
}

/// What a synthetic handle names: a plugin's (\p Made, its index; STALE
/// once erased, INVALID_STATE while the mutation making it is open) or the
/// linker's (its place in the list).
NevercStatus syntheticOf(LinkDomain::Impl &D, LinkJob &J, NevercHandle H,
                         bool &Made, size_t &Out) {
  void **P;
  if (NevercStatus S = lookup(D, J, J.Synthetics, H, &P); !isOk(S))
    return S;
  if (!J.Graph)
    return st(NEVERC_STATUS_STALE_HANDLE);
  const auto V = reinterpret_cast<uintptr_t>(*P);
  Made = V > MadeTag;
  if (Made) {
    Out = size_t(V - MadeTag - 1);
    if (Out >= J.Graph->MadeSynthetics.size())
      return st(NEVERC_STATUS_STALE_HANDLE);
    switch (J.Graph->MadeSynthetics[Out].State) {
    case LinkGraph::MadeSynthetic::Erased:
      return st(NEVERC_STATUS_STALE_HANDLE);
    case LinkGraph::MadeSynthetic::Pending:
      return st(NEVERC_STATUS_INVALID_STATE);
    default:
      return okStatus();
    }
  }
  Out = size_t(V) - 1;
  return Out < builtinSynthetics(J, *J.Graph) ? okStatus()
                                              : st(NEVERC_STATUS_STALE_HANDLE);
}

} // namespace

/// Constraints: the live ones, in the order they were made.
size_t constraintsOf(LinkJob &J, const LinkGraph &G) {
  if (J.ConstraintListKey != G.Generation) {
    J.ConstraintListKey = G.Generation;
    J.ConstraintList.clear();
    for (uint32_t I = 0; I < G.Constraints.size(); ++I)
      if (G.Constraints[I].State == LinkGraph::LayoutConstraint::Live)
        J.ConstraintList.push_back(I);
  }
  return J.ConstraintList.size();
}

namespace {

const char *constraintKindName(uint32_t K) {
  return K == LinkGraph::LayoutConstraint::AtomOrder ? "atom-order"
                                                     : "atom-align";
}

void fillConstraintAt(LinkDomain::Impl &D, LinkJob &J, const LinkGraph &G,
                      uint32_t I, NevercLinkConstraintInfo &Out) {
  const LinkGraph::LayoutConstraint &C = G.Constraints[I];
  Out.Header = {sizeof Out, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
  Out.Constraint =
      mint(J, &LinkJob::Constraints, &LinkJob::ConstraintHandles, I);
  const char *Kind = constraintKindName(C.K);
  Out.Kind = NevercStringView{Kind, std::strlen(Kind)};
  Out.SubjectID = C.Subject;
  Out.Value = C.Value;
  Out.Required = C.Required ? NEVERC_TRUE : NEVERC_FALSE;
  origin(J, G, -1, Out.Origin);
  static const std::string Plugin = "a plugin's mutation";
  Out.Origin.CreatedByProvider = viewOf(Plugin);
  Out.Origin.CreatedByPhase = D.H.phases().at(C.MadeIn).ID;
}

NevercStatus NEVERC_CALL getSyntheticPage(void *Ctx, NevercTaskHandle Task,
                                          NevercLinkGraphHandle Graph,
                                          uint64_t Cursor,
                                          NevercLinkEntityPage *Page) {
  LinkDomain::Impl &D = impl(Ctx);
  return pager<NevercLinkSyntheticInfo>(
      Ctx, Task, Graph, Cursor, Page, syntheticsOf,
      [&](LinkJob &J, const LinkGraph &G, size_t K,
          NevercLinkSyntheticInfo &I) { fillSynthetic(D, J, G, K, I); });
}
NevercStatus NEVERC_CALL getSyntheticInfo(void *Ctx, NevercTaskHandle Task,
                                          NevercHandle H,
                                          NevercLinkSyntheticInfo *Out) {
  return infoSlot(
      Ctx, Task, Out,
      [&](LinkDomain::Impl &D, LinkJob &J,
          NevercLinkSyntheticInfo &I) -> NevercStatus {
        bool Made = false;
        size_t K = 0;
        if (NevercStatus S = syntheticOf(D, J, H, Made, K); !isOk(S))
          return S;
        if (Made)
          fillMade(D, J, *J.Graph, uint32_t(K), I);
        else
          fillSynthetic(D, J, *J.Graph, K, I);
        I.Header = {sizeof I, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getConstraintPage(void *Ctx, NevercTaskHandle Task,
                                           NevercLinkGraphHandle Graph,
                                           uint64_t Cursor,
                                           NevercLinkEntityPage *Page) {
  LinkDomain::Impl &D = impl(Ctx);
  return pager<NevercLinkConstraintInfo>(
      Ctx, Task, Graph, Cursor, Page, constraintsOf,
      [&D](LinkJob &J, const LinkGraph &G, size_t K,
           NevercLinkConstraintInfo &I) {
        fillConstraintAt(D, J, G, J.ConstraintList[K], I);
      });
}

/// The constraint a handle names (its index in LinkGraph::Constraints):
/// STALE_HANDLE once erased (or its mutation abandoned), INVALID_STATE
/// while the mutation that makes it is open.
NevercStatus constraintOf(LinkDomain::Impl &D, LinkJob &J, NevercHandle H,
                          uint32_t &Out) {
  size_t I = 0;
  if (NevercStatus S = indexOf(D, J, &LinkJob::Constraints, H,
                               J.Graph ? J.Graph->Constraints.size() : 0, I);
      !isOk(S))
    return S;
  switch (J.Graph->Constraints[I].State) {
  case LinkGraph::LayoutConstraint::Erased:
    return st(NEVERC_STATUS_STALE_HANDLE);
  case LinkGraph::LayoutConstraint::Pending:
    return st(NEVERC_STATUS_INVALID_STATE);
  default:
    Out = uint32_t(I);
    return okStatus();
  }
}

NevercStatus NEVERC_CALL getConstraintInfo(void *Ctx, NevercTaskHandle Task,
                                           NevercHandle H,
                                           NevercLinkConstraintInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](LinkDomain::Impl &D, LinkJob &J,
                      NevercLinkConstraintInfo &I) -> NevercStatus {
                    uint32_t K = 0;
                    if (NevercStatus S = constraintOf(D, J, H, K); !isOk(S))
                      return S;
                    fillConstraintAt(D, J, *J.Graph, K, I);
                    return okStatus();
                  });
}

//===-- creating, replacing, erasing
//--------------------------------------------//

/// The output section names the linker makes itself: a plugin's synthetic
/// may not take one.
bool linkerMadeName(std::string_view N) {
  static const char *const Names[] = {".interp",
                                      ".dynsym",
                                      ".dynstr",
                                      ".hash",
                                      ".gnu.hash",
                                      ".gnu.version",
                                      ".gnu.version_r",
                                      ".gnu.version_d",
                                      ".rela.dyn",
                                      ".rela.plt",
                                      ".rela.iplt",
                                      ".plt",
                                      ".iplt",
                                      ".got",
                                      ".got.plt",
                                      ".got.iplt",
                                      ".dynamic",
                                      ".eh_frame",
                                      ".eh_frame_hdr",
                                      ".symtab",
                                      ".strtab",
                                      ".shstrtab",
                                      ".note.gnu.build-id",
                                      ".comment",
                                      ".tbss",
                                      ".tdata",
                                      ".init",
                                      ".fini",
                                      ".init_array",
                                      ".fini_array",
                                      ".preinit_array"};
  for (const char *X : Names)
    if (N == X)
      return true;
  return N.rfind(".rela", 0) == 0 || N.rfind(".debug", 0) == 0;
}

/// A synthetic descriptor as a plugin's synthetic (project vocabulary, the
/// spec leaves Role free): Role names a new output section, Atom the atom
/// that leaves its own output section for it; Section is null or that
/// atom's section. INVALID_ARGUMENT (with why) for what layout could not
/// honour; INVALID_STATE before there are atoms.
NevercStatus syntheticFrom(LinkDomain::Impl &D, LinkJob &J,
                           const NevercLinkSyntheticInfo *In,
                           LinkGraph::MadeSynthetic &Out) {
  auto Bad = [&](const std::string &Why) {
    D.H.report(NEVERC_DIAGNOSTIC_WARNING, "synthetic refused: " + Why, nullptr,
               "neverc.link");
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  };
  if (!In || In->Header.StructSize < sizeof *In ||
      In->Header.Major != NEVERC_LINK_API_MAJOR ||
      (In->Role.Length && !In->Role.Data))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  const LinkGraph &G = *J.Graph;
  if (!atomsExist(G))
    return st(NEVERC_STATUS_INVALID_STATE); // no atom to name yet
  const std::string_view Role(In->Role.Data ? In->Role.Data : "",
                              In->Role.Length);
  if (Role.empty() || Role.size() > 255 ||
      Role.find('\0') != std::string_view::npos)
    return Bad("Role must name an output section (1 to 255 bytes, no NUL)");
  if (linkerMadeName(Role))
    return Bad("'" + std::string(Role) +
               "' is an output section the linker makes itself");
  size_t A = 0;
  if (NevercStatus S =
          indexOf(D, J, &LinkJob::Atoms, In->Atom, atomCount(G), A);
      !isOk(S))
    return S;
  if (!core::isNull(In->Section)) {
    size_t Sec = 0;
    if (NevercStatus S =
            indexOf(D, J, &LinkJob::Sections, In->Section, atomCount(G), Sec);
        !isOk(S))
      return S;
    if (Sec != A)
      return Bad("Section is not the section of Atom");
  }
  const Atom &X = G.Atoms[A];
  const std::string &Name = X.Sec ? X.Sec->Name : std::string();
  using namespace llvm::ELF;
  if (!X.Sec || !(X.ShFlags & SHF_ALLOC) ||
      (X.ShFlags & (SHF_TLS | SHF_MERGE)) ||
      (X.Type != SHT_PROGBITS && X.Type != SHT_NOBITS) || X.ThunkOf >= 0 ||
      Name == ".eh_frame" || Name == ".init" || Name == ".fini" ||
      Name.rfind(".ctors", 0) == 0 || Name.rfind(".dtors", 0) == 0)
    return Bad("atom " + std::to_string(A) + " ('" + Name +
               "') is not plain allocated code or data: merged, TLS, unwind, "
               ".init/.fini and linker-made atoms keep their sections");
  if (X.Discarded)
    return st(NEVERC_STATUS_INVALID_STATE); // COMDAT selection dropped it
  Out.Name = std::string(Role);
  Out.Atom = uint32_t(A);
  Out.MadeIn = J.Phase;
  return okStatus();
}

/// INVALID_ARGUMENT (with why) when atom \p A has a synthetic of its own
/// already (live, or staged by this mutation), other than \p Except.
NevercStatus atomFree(LinkDomain::Impl &D, const LinkJob &J, uint32_t A,
                      int64_t Except) {
  auto Taken = [&] {
    const auto &M = J.Graph->MadeSynthetics;
    for (size_t I = 0; I < M.size(); ++I)
      if (int64_t(I) != Except && M[I].Atom == A &&
          M[I].State != LinkGraph::MadeSynthetic::Erased)
        return true;
    for (const LinkJob::StagedChange &C : J.Staged)
      if (C.K == LinkJob::StagedChange::SyntheticSet &&
          int64_t(C.Index) != Except && C.Synthetic.Atom == A)
        return true;
    return false;
  };
  if (!Taken())
    return okStatus();
  D.H.report(NEVERC_DIAGNOSTIC_WARNING,
             "synthetic refused: atom " + std::to_string(A) +
                 " has an output section of its own already",
             nullptr, "neverc.link");
  return st(NEVERC_STATUS_INVALID_ARGUMENT);
}

NevercStatus NEVERC_CALL createSynthetic(void *Ctx, NevercTaskHandle Task,
                                         NevercLinkMutationHandle M,
                                         const NevercLinkSyntheticInfo *In,
                                         NevercLinkSyntheticHandle *Out) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    if (Out)
      *Out = NevercHandle{};
    LinkJob *J;
    if (NevercStatus S = openMutation(D, Task, M, &J); !isOk(S))
      return S;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    LinkGraph::MadeSynthetic X;
    if (NevercStatus S = syntheticFrom(D, *J, In, X); !isOk(S))
      return S;
    if (NevercStatus S = atomFree(D, *J, X.Atom, -1); !isOk(S))
      return S;
    // It exists (Pending: no pager or info shows it) so that its handle
    // names it from now on; the commit makes it live, an abandon erases.
    const uint32_t I = uint32_t(J->Graph->MadeSynthetics.size());
    J->Graph->MadeSynthetics.push_back(X);
    LinkJob::StagedChange C{
        LinkJob::StagedChange::SyntheticNew, I, false, -1, {}, 0};
    J->Staged.push_back(std::move(C));
    *Out = mintMade(*J, I);
    return okStatus();
  });
}

/// Replace (with \p In) or Erase: staged on a plugin's live synthetic; the
/// linker's own (.got, .dynamic, ...) are synthesize's and layout's to
/// make, and refused.
NevercStatus stageOnSynthetic(void *Ctx, NevercTaskHandle Task,
                              NevercLinkMutationHandle M, NevercHandle H,
                              bool Replace, const NevercLinkSyntheticInfo *In) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    LinkJob *J;
    if (NevercStatus S = openMutation(D, Task, M, &J); !isOk(S))
      return S;
    bool Made = false;
    size_t I = 0;
    if (NevercStatus S = syntheticOf(D, *J, H, Made, I); !isOk(S))
      return S;
    if (!Made) {
      D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                 std::string("synthetic refused: '") +
                     J->Graph->Sections[J->SyntheticList[I]].Name +
                     "' is the linker's own: synthesize and layout make it",
                 nullptr, "neverc.link");
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    LinkJob::StagedChange X{Replace ? LinkJob::StagedChange::SyntheticSet
                                    : LinkJob::StagedChange::SyntheticErase,
                            uint32_t(I),
                            false,
                            -1,
                            {},
                            0};
    if (Replace) {
      if (NevercStatus S = syntheticFrom(D, *J, In, X.Synthetic); !isOk(S))
        return S;
      if (NevercStatus S = atomFree(D, *J, X.Synthetic.Atom, int64_t(I));
          !isOk(S))
        return S;
    }
    J->Staged.push_back(std::move(X));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL replaceSynthetic(void *Ctx, NevercTaskHandle Task,
                                          NevercLinkMutationHandle M,
                                          NevercLinkSyntheticHandle H,
                                          const NevercLinkSyntheticInfo *In) {
  return stageOnSynthetic(Ctx, Task, M, H, true, In);
}

NevercStatus NEVERC_CALL eraseSynthetic(void *Ctx, NevercTaskHandle Task,
                                        NevercLinkMutationHandle M,
                                        NevercLinkSyntheticHandle H) {
  return stageOnSynthetic(Ctx, Task, M, H, false, nullptr);
}

/// A constraint descriptor as the graph's (LinkGraph::LayoutConstraint);
/// INVALID_ARGUMENT (with why) for one the layout could not honour.
NevercStatus constraintFrom(LinkDomain::Impl &D, LinkJob &J,
                            const NevercLinkConstraintInfo *In,
                            LinkGraph::LayoutConstraint &Out) {
  auto Bad = [&](const std::string &Why) {
    D.H.report(NEVERC_DIAGNOSTIC_WARNING, "layout constraint refused: " + Why,
               nullptr, "neverc.link");
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  };
  if (!In || In->Header.StructSize < sizeof *In ||
      In->Header.Major != NEVERC_LINK_API_MAJOR ||
      (In->Kind.Length && !In->Kind.Data))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  const std::string_view Kind(In->Kind.Data ? In->Kind.Data : "",
                              In->Kind.Length);
  if (Kind == "atom-order")
    Out.K = LinkGraph::LayoutConstraint::AtomOrder;
  else if (Kind == "atom-align")
    Out.K = LinkGraph::LayoutConstraint::AtomAlign;
  else
    return Bad("kind '" + std::string(Kind) +
               "' is not one the graph linker knows (atom-order, atom-align)");
  if (In->Required != NEVERC_TRUE && In->Required != NEVERC_FALSE)
    return Bad("Required is not NEVERC_TRUE or NEVERC_FALSE");
  if (In->Reserved8[0] || In->Reserved8[1] || In->Reserved8[2])
    return Bad("Reserved8 is not zero");
  if (!atomsExist(*J.Graph))
    return st(NEVERC_STATUS_INVALID_STATE); // no atom to name yet
  if (In->SubjectID >= atomCount(*J.Graph))
    return Bad("SubjectID " + std::to_string(In->SubjectID) +
               " is not an atom (the atom pager's order names them from 0)");
  if (Out.K == LinkGraph::LayoutConstraint::AtomAlign &&
      (!In->Value || (In->Value & (In->Value - 1)) || In->Value > 65536))
    return Bad("an atom-align Value must be a power of two up to 65536");
  Out.Subject = uint32_t(In->SubjectID);
  Out.Value = In->Value;
  Out.Required = In->Required == NEVERC_TRUE;
  Out.MadeIn = J.Phase;
  return okStatus();
}

NevercStatus NEVERC_CALL createConstraint(void *Ctx, NevercTaskHandle Task,
                                          NevercLinkMutationHandle M,
                                          const NevercLinkConstraintInfo *In,
                                          NevercLinkConstraintHandle *Out) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    if (Out)
      *Out = NevercHandle{};
    LinkJob *J;
    if (NevercStatus S = openMutation(D, Task, M, &J); !isOk(S))
      return S;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    LinkGraph::LayoutConstraint C;
    if (NevercStatus S = constraintFrom(D, *J, In, C); !isOk(S))
      return S;
    // It exists (Pending: no pager or info shows it) so that its handle
    // names it from now on; the commit makes it live, an abandon erases.
    const uint32_t I = uint32_t(J->Graph->Constraints.size());
    J->Graph->Constraints.push_back(C);
    LinkJob::StagedChange X{
        LinkJob::StagedChange::ConstraintNew, I, false, -1, {}, 0};
    J->Staged.push_back(std::move(X));
    *Out = mint(*J, &LinkJob::Constraints, &LinkJob::ConstraintHandles, I);
    return okStatus();
  });
}

/// Replace (with \p In) or Erase: staged on a live constraint.
NevercStatus stageOnConstraint(void *Ctx, NevercTaskHandle Task,
                               NevercLinkMutationHandle M, NevercHandle H,
                               bool Replace,
                               const NevercLinkConstraintInfo *In) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    LinkJob *J;
    if (NevercStatus S = openMutation(D, Task, M, &J); !isOk(S))
      return S;
    uint32_t I = 0;
    if (NevercStatus S = constraintOf(D, *J, H, I); !isOk(S))
      return S;
    LinkJob::StagedChange X{Replace ? LinkJob::StagedChange::ConstraintSet
                                    : LinkJob::StagedChange::ConstraintErase,
                            I,
                            false,
                            -1,
                            {},
                            0};
    if (Replace)
      if (NevercStatus S = constraintFrom(D, *J, In, X.Constraint); !isOk(S))
        return S;
    J->Staged.push_back(std::move(X));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL replaceConstraint(void *Ctx, NevercTaskHandle Task,
                                           NevercLinkMutationHandle M,
                                           NevercLinkConstraintHandle H,
                                           const NevercLinkConstraintInfo *In) {
  return stageOnConstraint(Ctx, Task, M, H, true, In);
}

NevercStatus NEVERC_CALL eraseConstraint(void *Ctx, NevercTaskHandle Task,
                                         NevercLinkMutationHandle M,
                                         NevercLinkConstraintHandle H) {
  return stageOnConstraint(Ctx, Task, M, H, false, nullptr);
}

} // namespace

void fillPlacementSlots(NevercLinkAPI &T) {
  T.GetSyntheticPage = getSyntheticPage;
  T.GetConstraintPage = getConstraintPage;
  T.GetSyntheticInfo = getSyntheticInfo;
  T.GetConstraintInfo = getConstraintInfo;
  T.CreateSynthetic = createSynthetic;
  T.ReplaceSynthetic = replaceSynthetic;
  T.EraseSynthetic = eraseSynthetic;
  T.CreateConstraint = createConstraint;
  T.ReplaceConstraint = replaceConstraint;
  T.EraseConstraint = eraseConstraint;
}

} // namespace neverc::link
