//===- LTO.cpp - NevercLTOAPI and NevercLTORegistrarAPI -------------------===//
//
// The LTO request of a link is what lto_resolve made (graph/LTO.cpp): one
// module per bitcode file of the graph, one resolution per symbol of each,
// in lto::InputFile order. It exists from LTO_RESOLUTION_READY on, in a
// link with bitcode on the fine-grained route; GetRequest with a null
// handle names it (PluginLTO.h). A resolution's LinkSymbol is the graph's
// symbol of that name: NevercLinkAPI reads it from SYMBOLS_RESOLVED on.
//
// Project decisions (the spec is silent):
//  - Options.Mode is THIN when every module has a ThinLTO summary, FULL
//    otherwise (LLVM links the others into one module); CacheScope is
//    LOCAL_SHARED with --thinlto-cache-dir (CacheNamespace names the
//    directory), else DISABLED; Flags has DETERMINISTIC (LLVM's LTO is).
//  - ResolutionDigest is SHA-256 over every resolution (module, symbol,
//    flags); RequestDigest over that, the options and every module's
//    content digest.
//  - RegisterProvider keeps a provider whose descriptor is whole
//    (ProviderID, Codegen, FULL and/or THIN, BuildCacheKey when CACHEABLE,
//    IDs unique: DUPLICATE_ID); api/LTOProvider.cpp calls it. One that is
//    REPLAY_REQUIRED is CAPABILITY_UNAVAILABLE: no replay log is kept.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"
#include "Pages.h"

#include "neverc/object/TargetKey.h"

namespace neverc::link {
namespace {

/// The graph whose LTO request exists (NOT_FOUND when none does).
NevercStatus ltoGraph(LinkJob &J, LinkGraph **G) {
  if (!J.Graph || J.Graph->In.Bitcode.empty() ||
      J.Graph->State < NEVERC_LINK_STATE_LTO_RESOLUTION_READY ||
      J.Graph->LtoFirst.size() != J.Graph->In.Bitcode.size())
    return st(NEVERC_STATUS_NOT_FOUND);
  *G = J.Graph.get();
  return okStatus();
}

/// The C views of the request, rebuilt when the graph moved.
void buildViews(LinkJob &J, LinkGraph &G) {
  const uint64_t Key = G.Generation << 8 | G.State;
  if (J.LtoKey == Key)
    return;
  J.LtoKey = Key;
  // Data layouts are read once, when a plugin first asks (a lazy module of
  // each file: its header records, no function).
  if (J.LtoLayouts.size() != G.In.Bitcode.size()) {
    J.LtoLayouts.assign(G.In.Bitcode.size(), std::string());
    std::string Ignored; // a module the link read has a header
    for (size_t F = 0; F < G.In.Bitcode.size(); ++F)
      lto::readDataLayout(G.In.Bitcode[F]->Bytes, J.LtoLayouts[F], Ignored);
  }
  J.CLtoModules.assign(G.In.Bitcode.size(), NevercLTOInputModuleInfo{});
  J.LtoDigests.clear();
  for (size_t F = 0; F < G.In.Bitcode.size(); ++F) {
    const BitcodeFile &B = *G.In.Bitcode[F];
    NevercLTOInputModuleInfo &M = J.CLtoModules[F];
    M.Header = {sizeof M, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR, 0};
    M.Module = mint(J, &LinkJob::LtoModules, &LinkJob::LtoModuleHandles, F);
    M.LinkInput = inputHandle(J, B.Input); // an archive, for a member
    M.LogicalURI = viewOf(B.Name);
    M.ModuleIdentifier = viewOf(B.Info.ModuleIdentifier);
    M.DataLayout = viewOf(J.LtoLayouts[F]);
    digestOf(B.Bytes, M.ContentDigest);
    M.SymbolCount = B.Info.Symbols.size();
  }
  J.CLtoResolutions.assign(G.LtoResolutions.size(),
                           NevercLTOSymbolResolution{});
  for (size_t K = 0; K < G.LtoResolutions.size(); ++K) {
    const LinkGraph::LtoResolution &R = G.LtoResolutions[K];
    const lto::BitcodeSymbol &S = G.In.Bitcode[R.File]->Info.Symbols[R.Symbol];
    NevercLTOSymbolResolution &C = J.CLtoResolutions[K];
    C.Header = {sizeof C, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR, 0};
    C.Resolution =
        mint(J, &LinkJob::LtoResolutions, &LinkJob::LtoResolutionHandles, K);
    C.Module = J.CLtoModules[R.File].Module;
    C.SymbolName = viewOf(S.Name);
    if (R.Global >= 0)
      C.LinkSymbol = symbolHandle(J, size_t(R.Global));
    C.Flags = R.Flags;
    if (S.Comdat >= 0 &&
        size_t(S.Comdat) < G.In.Bitcode[R.File]->Info.Comdats.size())
      C.ComdatName = viewOf(G.In.Bitcode[R.File]->Info.Comdats[S.Comdat]);
  }
}

NevercStatus requestOf(LinkDomain::Impl &D, LinkJob &J, NevercHandle H,
                       LinkGraph **G) {
  if (NevercStatus S = ltoGraph(J, G); !isOk(S)) {
    if (core::isNull(H))
      return S;
    void **P; // a handle of a request that no longer exists
    if (NevercStatus S2 = lookup(D, J, J.LtoRequests, H, &P); !isOk(S2))
      return S2;
    return st(NEVERC_STATUS_STALE_HANDLE);
  }
  if (!core::isNull(H)) {
    void **P;
    if (NevercStatus S = lookup(D, J, J.LtoRequests, H, &P); !isOk(S))
      return S;
  }
  buildViews(J, **G);
  return okStatus();
}

NevercStatus NEVERC_CALL getRequest(void *Ctx, NevercTaskHandle Task,
                                    NevercLTORequestHandle Request,
                                    NevercLTORequest *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](LinkDomain::Impl &D, LinkJob &J,
                      NevercLTORequest &R) -> NevercStatus {
                    LinkGraph *G;
                    if (NevercStatus S = requestOf(D, J, Request, &G); !isOk(S))
                      return S;
                    return fillLtoRequest(D, J, Task, R);
                  });
}

template <class Info>
NevercStatus ltoPager(void *Ctx, NevercTaskHandle Task, NevercHandle Request,
                      uint64_t Cursor, NevercLinkEntityPage *Page,
                      std::vector<Info> LinkJob::*Views) {
  return pageSlot<Info>(
      Ctx, Task, Cursor, Page,
      [&](LinkDomain::Impl &D, LinkJob &J, size_t &N) -> NevercStatus {
        LinkGraph *G;
        if (NevercStatus S = requestOf(D, J, Request, &G); !isOk(S))
          return S;
        N = (J.*Views).size();
        return okStatus();
      },
      [&](LinkJob &J, size_t K, Info &I) { I = (J.*Views)[K]; });
}

NevercStatus NEVERC_CALL getModulePage(void *Ctx, NevercTaskHandle Task,
                                       NevercLTORequestHandle Request,
                                       uint64_t Cursor,
                                       NevercLinkEntityPage *Page) {
  return ltoPager(Ctx, Task, Request, Cursor, Page, &LinkJob::CLtoModules);
}
NevercStatus NEVERC_CALL getResolutionPage(void *Ctx, NevercTaskHandle Task,
                                           NevercLTORequestHandle Request,
                                           uint64_t Cursor,
                                           NevercLinkEntityPage *Page) {
  return ltoPager(Ctx, Task, Request, Cursor, Page, &LinkJob::CLtoResolutions);
}

template <class Info>
NevercStatus ltoInfo(void *Ctx, NevercTaskHandle Task, NevercHandle H,
                     Info *Out, core::HandleTable<void *> LinkJob::*Table,
                     std::vector<Info> LinkJob::*Views) {
  return infoSlot(
      Ctx, Task, Out, [&](LinkDomain::Impl &D, LinkJob &J, Info &I) {
        void **P;
        if (NevercStatus S = lookup(D, J, J.*Table, H, &P); !isOk(S))
          return S;
        LinkGraph *G;
        if (!isOk(ltoGraph(J, &G)))
          return st(NEVERC_STATUS_STALE_HANDLE);
        buildViews(J, *G);
        const size_t K = size_t(reinterpret_cast<uintptr_t>(*P));
        if (K == 0 || K > (J.*Views).size())
          return st(NEVERC_STATUS_STALE_HANDLE);
        I = (J.*Views)[K - 1];
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getModuleInfo(void *Ctx, NevercTaskHandle Task,
                                       NevercLTOInputModuleHandle Module,
                                       NevercLTOInputModuleInfo *Out) {
  return ltoInfo(Ctx, Task, Module, Out, &LinkJob::LtoModules,
                 &LinkJob::CLtoModules);
}
NevercStatus NEVERC_CALL getResolutionInfo(void *Ctx, NevercTaskHandle Task,
                                           NevercLTOResolutionHandle R,
                                           NevercLTOSymbolResolution *Out) {
  return ltoInfo(Ctx, Task, R, Out, &LinkJob::LtoResolutions,
                 &LinkJob::CLtoResolutions);
}

NevercStatus NEVERC_CALL registerProvider(
    void *Ctx, void *Registrar, const NevercLTOProviderDescriptor *P) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    if (!Registrar || !P)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = D.H.registrarOwner(Registrar, &Owner); !isOk(S))
      return S;
    if (NevercStatus S = core::checkDescriptorHeader(
            P, sizeof *P, NEVERC_LTO_REGISTRAR_API_MAJOR);
        !isOk(S))
      return S;
    auto Refuse = [&](const std::string &Why, NevercStatusCode C) {
      D.H.report(NEVERC_DIAGNOSTIC_WARNING, Why, Owner,
                 "NevercLTORegistrarAPI.RegisterProvider");
      return st(C);
    };
    constexpr uint64_t Known =
        NEVERC_LTO_PROVIDER_FULL | NEVERC_LTO_PROVIDER_THIN |
        NEVERC_LTO_PROVIDER_DETERMINISTIC | NEVERC_LTO_PROVIDER_CACHEABLE |
        NEVERC_LTO_PROVIDER_REPLAY_REQUIRED;
    if (!P->ProviderID.Data || !P->ProviderID.Length || !P->Codegen ||
        (P->Flags & ~Known) ||
        !(P->Flags & (NEVERC_LTO_PROVIDER_FULL | NEVERC_LTO_PROVIDER_THIN)))
      return Refuse("an LTO provider needs a ProviderID, a Codegen callback "
                    "and FULL or THIN (and no unknown flag)",
                    NEVERC_STATUS_INVALID_DESCRIPTOR);
    std::string ID(P->ProviderID.Data, P->ProviderID.Length);
    // No replay log is kept: a provider that needs one would be called
    // as if it had it.
    if (P->Flags & NEVERC_LTO_PROVIDER_REPLAY_REQUIRED)
      return Refuse("LTO provider '" + ID +
                        "' refused: REPLAY_REQUIRED, and neverc keeps no "
                        "replay log of LTO code generation",
                    NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    if ((P->Flags & NEVERC_LTO_PROVIDER_CACHEABLE) && !P->BuildCacheKey)
      return Refuse("LTO provider '" + ID +
                        "' refused: CACHEABLE needs a BuildCacheKey callback",
                    NEVERC_STATUS_INVALID_DESCRIPTOR);
    if (P->CompatibilityKey.Length && !P->CompatibilityKey.Data)
      return Refuse("LTO provider '" + ID +
                        "' refused: the CompatibilityKey view has a length "
                        "but no data",
                    NEVERC_STATUS_INVALID_DESCRIPTOR);
    for (const auto &Q : D.LtoProviders)
      if (Q->ID == ID)
        return Refuse("LTO provider '" + ID + "' is registered already",
                      NEVERC_STATUS_DUPLICATE_ID);
    auto R = std::make_unique<LtoProvider>();
    R->take(std::move(ID), *P, Owner);
    R->BuildCacheKey = P->BuildCacheKey;
    R->Codegen = P->Codegen;
    D.LtoProviders.push_back(std::move(R));
    return okStatus();
  });
}

} // namespace

NevercStatus fillLtoRequest(LinkDomain::Impl &D, LinkJob &J,
                            NevercTaskHandle Task, NevercLTORequest &R) {
  LinkGraph *G;
  if (NevercStatus S = requestOf(D, J, NevercHandle{}, &G); !isOk(S))
    return S;
  if (core::isNull(J.LtoRequestHandle) ||
      !J.LtoRequests.lookup(J.LtoRequestHandle))
    J.LtoRequestHandle = J.LtoRequests.insert(nullptr);
  R.Header = {sizeof R, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR, 0};
  R.Request = J.LtoRequestHandle;
  R.Task = Task;
  R.LinkRequest = J.request();
  R.LinkGraph = J.graph();
  object::fillTargetKey(J.Triple, object::ELFFormat, R.Target);
  R.OutputFormat = elfFormatID();
  NevercLTOOptions &O = R.Options;
  O.Header = {sizeof O, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR, 0};
  bool Thin = true;
  for (const auto &B : G->In.Bitcode)
    Thin = Thin && B->Info.Thin;
  O.Mode = Thin ? NEVERC_LTO_THIN : NEVERC_LTO_FULL;
  O.CacheScope = G->Opt.Lto.CacheDir.empty() ? NEVERC_LTO_CACHE_DISABLED
                                             : NEVERC_LTO_CACHE_LOCAL_SHARED;
  O.Flags = NEVERC_LTO_OPTION_DETERMINISTIC;
  O.OptimizationLevel = G->Opt.Lto.OptLevel;
  O.CodeGenOptimizationLevel = G->Opt.Lto.codegenLevel();
  O.ThreadBudget = G->Opt.Lto.Jobs;
  O.ThinBackendPartitions = 1;
  O.CPU = viewOf(G->Opt.Lto.CPU);
  J.LtoFeatures.assign(1, "");
  for (const std::string &F : G->Opt.Lto.Features)
    J.LtoFeatures[0] += (J.LtoFeatures[0].empty() ? "" : ",") + F;
  O.Features = viewOf(J.LtoFeatures[0]);
  O.CacheNamespace = viewOf(G->Opt.Lto.CacheDir);
  R.Modules = {J.CLtoModules.data(), J.CLtoModules.size(),
               sizeof(NevercLTOInputModuleInfo)};
  R.Resolutions = {J.CLtoResolutions.data(), J.CLtoResolutions.size(),
                   sizeof(NevercLTOSymbolResolution)};
  std::string Res;
  for (const auto &X : G->LtoResolutions)
    Res += std::to_string(X.File) + ":" + std::to_string(X.Symbol) + ":" +
           std::to_string(X.Flags) + ";";
  digestOf(Res, R.ResolutionDigest);
  std::string All(reinterpret_cast<const char *>(R.ResolutionDigest), 32);
  All += J.Triple + ";" + std::to_string(O.Mode) + ";" +
         std::to_string(O.OptimizationLevel) + ";" +
         std::to_string(O.CodeGenOptimizationLevel) + ";" + G->Opt.Lto.CPU +
         ";" + J.LtoFeatures[0] + ";";
  for (const NevercLTOInputModuleInfo &M : J.CLtoModules)
    All.append(reinterpret_cast<const char *>(M.ContentDigest), 32);
  digestOf(All, R.RequestDigest);
  return okStatus();
}

void fillLTOAPI(NevercLTOAPI &T) {
  T.Header = {sizeof T, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR, 0};
  T.GetRequest = getRequest;
  T.GetModulePage = getModulePage;
  T.GetResolutionPage = getResolutionPage;
  T.GetModuleInfo = getModuleInfo;
  T.GetResolutionInfo = getResolutionInfo;
}

void fillLTORegistrarAPI(NevercLTORegistrarAPI &T) {
  T.Header = {sizeof T, NEVERC_LTO_REGISTRAR_API_MAJOR,
              NEVERC_LTO_REGISTRAR_API_MINOR, 0};
  T.RegisterProvider = registerProvider;
}

} // namespace neverc::link
