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

} // namespace neverc::link

#endif
