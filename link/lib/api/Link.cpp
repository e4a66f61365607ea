//===- Link.cpp - NevercLinkAPI: the request, the image, the graph --------===//
//
// What works on every link that goes through the phases: GetRequest (the
// request read from lld's command line), GetBinaryImageInfo and the
// segment and section pagers (the image's facts, read from its bytes and
// read again after every change to them).
//
// The graph slots (the 15 entity pagers and getters, GetGraphInfo,
// GetProofInfo and the 16 mutation slots) are in Graph.cpp: they serve the
// graph linker's graph on the fine-grained route. The whole-link route
// (neverc.link.full) builds no graph: lld links whole and shows none of
// its internals, and a graph handle there names nothing (STALE_HANDLE for
// one of the right kind and scope, WRONG_TYPE, WRONG_SCOPE or
// WRONG_SESSION as Handles.h decides). A mutation from an observer is
// POLICY_VIOLATION before anything else (rule 8).
//
// Project decisions:
//  - GetRequest with a null Request handle gives the request of the link
//    the task runs: phase callbacks get no request handle otherwise (the
//    request's own Request field is its handle, usable afterwards).
//  - Pagers: Header.StructSize must cover NevercLinkEntityPage; Data may be
//    null only with ElementCapacity 0; ElementStride must hold at least an
//    ABI header. Each element gets min(ElementStride, host struct size)
//    bytes, its Header.StructSize saying how many. A Cursor past the end is
//    INVALID_ARGUMENT; at the end a page is empty with HasMore false.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"
#include "Pages.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/SHA256.h"

#include <algorithm>
#include <cstring>

namespace neverc::link {

void digestOf(std::string_view Text, uint8_t (&Out)[32]) {
  std::array<uint8_t, 32> D = llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(Text.data()), Text.size()));
  std::copy(D.begin(), D.end(), Out);
}

namespace {

NevercStringView viewOf(const std::string &S) { return {S.data(), S.size()}; }

//===-- request and image -------------------------------------------------//

NevercStatus NEVERC_CALL getRequest(void *Ctx, NevercTaskHandle Task,
                                    NevercLinkRequestHandle Request,
                                    NevercLinkRequest *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](LinkDomain::Impl &D, LinkJob &J,
                      NevercLinkRequest &I) -> NevercStatus {
                    if (!core::isNull(Request)) {
                      LinkJob **P;
                      if (NevercStatus S = lookup(D, J, J.Requests, Request, &P);
                          !isOk(S))
                        return S;
                    }
                    J.fillRequest();
                    I = J.CRequest;
                    return okStatus();
                  });
}

NevercStatus imageOf(LinkDomain::Impl &D, LinkJob &J, NevercHandle H,
                     ImageBox **Out) {
  ImageBox **P;
  if (NevercStatus S = lookup(D, J, J.Images, H, &P); !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}

NevercStatus NEVERC_CALL getBinaryImageInfo(void *Ctx, NevercTaskHandle Task,
                                            NevercBinaryImageHandle Image,
                                            NevercBinaryImageInfo *Out) {
  return infoSlot(
      Ctx, Task, Out,
      [&](LinkDomain::Impl &D, LinkJob &J,
          NevercBinaryImageInfo &I) -> NevercStatus {
        ImageBox *B;
        if (NevercStatus S = imageOf(D, J, Image, &B); !isOk(S))
          return S;
        I.Image = J.image();
        I.State = B->State;
        I.OutputKind = J.Req.OutputKind;
        I.TargetID = targetIDOf(J.Triple);
        I.FormatID = elfFormatID();
        I.Size = B->Bytes.size();
        // An image still being made (empty, or not ELF yet) has no facts:
        // its counts are zero.
        if (const ImageFacts *F = J.facts()) {
          I.EntryAddress = F->Entry;
          I.ImageBase = F->ImageBase;
          I.SegmentCount = F->Segments.size();
          I.SectionCount = F->Sections.size();
          I.ImportCount = F->Imports;
          I.ExportCount = F->Exports;
          I.DynamicRelocationCount = F->DynamicRelocations;
        }
        digestOf(B->Bytes.view(), I.ContentDigest);
        I.Binary = &D.Binary;
        I.Builder = J.builder();
        return okStatus();
      });
}

template <class Info, class MakeFn>
NevercStatus imagePager(void *Ctx, NevercTaskHandle Task, NevercHandle Image,
                        uint64_t Cursor, NevercLinkEntityPage *Page,
                        bool Sections, MakeFn &&Make) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    LinkJob *J;
    if (NevercStatus S = jobOf(D, Task, &J); !isOk(S))
      return S;
    ImageBox *B;
    if (NevercStatus S = imageOf(D, *J, Image, &B); !isOk(S))
      return S;
    const ImageFacts *F = J->facts();
    if (!F)
      return st(NEVERC_STATUS_INVALID_STATE); // not a readable image (yet)
    const uint64_t Count = Sections ? F->Sections.size() : F->Segments.size();
    if (NevercStatus S = checkPage(Page, Cursor, Count); !isOk(S))
      return S;
    fillPage<Info>(*Page, Cursor, Count,
                   [&](uint64_t K, Info &I) { Make(*J, *F, K, I); });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getBinarySegmentPage(void *Ctx, NevercTaskHandle Task,
                                              NevercBinaryImageHandle Image,
                                              uint64_t Cursor,
                                              NevercLinkEntityPage *Page) {
  return imagePager<NevercBinarySegmentInfo>(
      Ctx, Task, Image, Cursor, Page, false,
      [](LinkJob &J, const ImageFacts &F, uint64_t K,
         NevercBinarySegmentInfo &I) {
        const SegmentFact &S = F.Segments[K];
        I.Segment = J.SegmentHandles[K];
        I.Name = viewOf(S.Name);
        I.Flags = S.Flags;
        I.Address = S.Address;
        I.MemorySize = S.MemorySize;
        I.FileOffset = S.FileOffset;
        I.FileSize = S.FileSize;
        I.Alignment = S.Alignment;
      });
}

NevercStatus NEVERC_CALL getBinarySectionPage(void *Ctx, NevercTaskHandle Task,
                                              NevercBinaryImageHandle Image,
                                              uint64_t Cursor,
                                              NevercLinkEntityPage *Page) {
  return imagePager<NevercBinarySectionInfo>(
      Ctx, Task, Image, Cursor, Page, true,
      [](LinkJob &J, const ImageFacts &F, uint64_t K,
         NevercBinarySectionInfo &I) {
        const SectionFact &S = F.Sections[K];
        I.Section = J.SectionHandles[K];
        if (S.Segment >= 0)
          I.Segment = J.SegmentHandles[size_t(S.Segment)];
        I.Name = viewOf(S.Name);
        I.Kind = S.Kind;
        I.Flags = S.Flags;
        I.Address = S.Address;
        I.MemorySize = S.MemorySize;
        I.FileOffset = S.FileOffset;
        I.FileSize = S.FileSize;
        I.Alignment = S.Alignment;
      });
}

} // namespace

void fillLinkAPI(NevercLinkAPI &T) {
  T.Header = {sizeof T, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
  T.GetRequest = getRequest;
  T.GetBinaryImageInfo = getBinaryImageInfo;
  T.GetBinarySegmentPage = getBinarySegmentPage;
  T.GetBinarySectionPage = getBinarySectionPage;
  fillGraphSlots(T);
}

} // namespace neverc::link
