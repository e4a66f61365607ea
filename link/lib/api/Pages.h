//===- Pages.h - What the link slots share: info slots and pages -*- C++
//-*-===//
#ifndef NEVERC_LINK_LIB_API_PAGES_H
#define NEVERC_LINK_LIB_API_PAGES_H

#include "../Internal.h"

#include <algorithm>
#include <cstring>

namespace neverc::link {

inline NevercStringView viewOf(const std::string &S) {
  return {S.data(), S.size()};
}

using Table = core::HandleTable<void *> LinkJob::*;
using Handles = std::vector<NevercHandle> LinkJob::*;

/// The handle of entity \p I of a kind (the table \p T keeps I + 1),
/// minted once and kept in \p V while it stays valid.
inline NevercHandle mint(LinkJob &J, Table T, Handles V, size_t I) {
  auto &Vec = J.*V;
  if (Vec.size() <= I)
    Vec.resize(I + 1);
  if (core::isNull(Vec[I]) || !(J.*T).lookup(Vec[I]))
    Vec[I] = (J.*T).insert(reinterpret_cast<void *>(uintptr_t(I) + 1));
  return Vec[I];
}

/// An info slot: the caller's struct checked, the task's link found,
/// \p Body fills the info, which is written out whole.
template <class Info, class Fn>
NevercStatus infoSlot(void *Ctx, NevercTaskHandle Task, Info *Out, Fn &&Body) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S =
            core::checkStructHeader(Out, sizeof *Out, NEVERC_LINK_API_MAJOR);
        !isOk(S))
      return S;
    LinkDomain::Impl &D = impl(Ctx);
    LinkJob *J;
    if (NevercStatus S = jobOf(D, Task, &J); !isOk(S))
      return S;
    Info I{};
    if (NevercStatus S = Body(D, *J, I); !isOk(S))
      return S;
    writeOut(Out, I);
    return okStatus();
  });
}

/// Checks a page the caller gives (see the top).
inline NevercStatus checkPage(NevercLinkEntityPage *Page, uint64_t Cursor,
                              uint64_t Count) {
  if (NevercStatus S =
          core::checkStructHeader(Page, sizeof *Page, NEVERC_LINK_API_MAJOR);
      !isOk(S))
    return S;
  if ((!Page->Data && Page->ElementCapacity) ||
      Page->ElementStride < sizeof(NevercABITableHeader) || Cursor > Count)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return okStatus();
}

/// Writes elements [Cursor, Count) of \p Make into the page.
template <class Info, class MakeFn>
void fillPage(NevercLinkEntityPage &Page, uint64_t Cursor, uint64_t Count,
              MakeFn &&Make) {
  const uint64_t N = std::min(Page.ElementCapacity, Count - Cursor);
  const size_t Bytes =
      size_t(std::min<uint64_t>(Page.ElementStride, sizeof(Info)));
  for (uint64_t K = 0; K < N; ++K) {
    Info I{};
    Make(Cursor + K, I);
    I.Header = {uint32_t(Bytes), NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR,
                0};
    std::memcpy(static_cast<char *>(Page.Data) + K * Page.ElementStride, &I,
                Bytes);
  }
  Page.OutCount = N;
  Page.NextCursor = Cursor + N;
  Page.HasMore = Cursor + N < Count ? NEVERC_TRUE : NEVERC_FALSE;
}

/// A pager slot: the task's link found, \p Open says how many entities
/// the page runs over (or why none can be named), \p Fill writes element K.
template <class Info, class OpenFn, class FillFn>
NevercStatus pageSlot(void *Ctx, NevercTaskHandle Task, uint64_t Cursor,
                      NevercLinkEntityPage *Page, OpenFn &&Open,
                      FillFn &&Fill) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    LinkJob *J;
    if (NevercStatus S = jobOf(D, Task, &J); !isOk(S))
      return S;
    size_t N = 0;
    if (NevercStatus S = Open(D, *J, N); !isOk(S))
      return S;
    if (NevercStatus S = checkPage(Page, Cursor, N); !isOk(S))
      return S;
    fillPage<Info>(*Page, Cursor, N,
                   [&](size_t K, Info &I) { Fill(*J, K, I); });
    return okStatus();
  });
}

//===-- the graph slots' shared pieces (Graph.cpp, Placement.cpp)
//---------//

/// The graph of a handle: the job's, in this link.
inline NevercStatus graphOf(LinkDomain::Impl &D, LinkJob &J, NevercHandle H,
                            LinkGraph **G) {
  void **P;
  if (NevercStatus S = lookup(D, J, J.Graphs, H, &P); !isOk(S))
    return S;
  if (!J.Graph)
    return st(NEVERC_STATUS_STALE_HANDLE);
  *G = J.Graph.get();
  return okStatus();
}

/// The index an entity handle names (checked against \p Count).
inline NevercStatus indexOf(LinkDomain::Impl &D, LinkJob &J, Table T,
                            NevercHandle H, size_t Count, size_t &Out) {
  void **P;
  if (NevercStatus S = lookup(D, J, J.*T, H, &P); !isOk(S))
    return S;
  size_t I = size_t(reinterpret_cast<uintptr_t>(*P)) - 1;
  if (!J.Graph || I >= Count)
    return st(NEVERC_STATUS_STALE_HANDLE);
  Out = I;
  return okStatus();
}

inline bool atomsExist(const LinkGraph &G) {
  return G.State >= NEVERC_LINK_STATE_SYMBOLS_RESOLVED;
}

inline size_t atomCount(const LinkGraph &G) {
  return atomsExist(G) ? G.Atoms.size() : 0;
}

inline void origin(LinkJob &J, const LinkGraph &G, int32_t Object,
                   NevercLinkOrigin &O) {
  O.Header = {sizeof O, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
  O.CreatedByPhase = {NEVERC_PHASE_LINK_READ_INPUTS_HIGH,
                      NEVERC_PHASE_LINK_READ_INPUTS_LOW};
  static const std::string Builtin = "the graph linker";
  O.CreatedByProvider = viewOf(Builtin);
  if (Object >= 0 && size_t(Object) < G.In.Objects.size()) {
    const LinkObject &LO = *G.In.Objects[size_t(Object)];
    O.Input = mint(J, &LinkJob::Inputs, &LinkJob::InputHandles, LO.Input);
    if (LO.Member >= 0)
      O.ArchiveMember = mint(J, &LinkJob::ArchiveMembers,
                             &LinkJob::MemberHandles, size_t(LO.Member));
  }
  O.LastMutationPhase = J.LastMutationPhase;
}

/// One pager per kind: Count says how many, Fill writes element K.
template <class Info, class CountFn, class FillFn>
NevercStatus pager(void *Ctx, NevercTaskHandle Task, NevercHandle Graph,
                   uint64_t Cursor, NevercLinkEntityPage *Page, CountFn &&Count,
                   FillFn &&Fill) {
  LinkGraph *G = nullptr;
  return pageSlot<Info>(
      Ctx, Task, Cursor, Page,
      [&](LinkDomain::Impl &D, LinkJob &J, size_t &N) -> NevercStatus {
        if (NevercStatus S = graphOf(D, J, Graph, &G); !isOk(S))
          return S;
        N = Count(J, *G);
        return okStatus();
      },
      [&](LinkJob &J, size_t K, Info &I) { Fill(J, *G, K, I); });
}

/// The open mutation of a slot call: the caller may mutate (an
/// interceptor or provider of a step), and the handle is this link's.
inline NevercStatus openMutation(LinkDomain::Impl &D, NevercTaskHandle Task,
                                 NevercLinkMutationHandle M, LinkJob **Out) {
  LinkJob *J;
  if (NevercStatus S = jobOf(D, Task, &J); !isOk(S))
    return S;
  if (J->T.role() == core::CallbackRole::Observer)
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  void **P;
  if (NevercStatus S = lookup(D, *J, J->Mutations, M, &P); !isOk(S))
    return S;
  if (!J->MutationOpen || !J->Graph)
    return st(NEVERC_STATUS_STALE_HANDLE);
  *Out = J;
  return okStatus();
}

/// The plugins' synthetics and layout constraints (Placement.cpp): how many
/// the pagers list, and the table's slots for them.
size_t syntheticsOf(LinkJob &J, const LinkGraph &G);
size_t constraintsOf(LinkJob &J, const LinkGraph &G);
void fillPlacementSlots(NevercLinkAPI &T);

} // namespace neverc::link

#endif
