/*
 * The LTO tables' test plugin (tests/lit/link/lto-api.c). Observers AFTER
 * neverc.link.lto_resolve and AFTER neverc.link.lto_generate call every
 * NevercLTOAPI slot with good and bad arguments and say the exact status
 * of each ("lto-api: <call> <STATUS>"); Register tries
 * NevercLTORegistrarAPI.RegisterProvider with a good descriptor (for
 * aarch64 only, so these x86-64 links never call it) and a bad one, and
 * the resolve observer tries it outside Register.
 */
#include "TestPlugin.h"

#include <stdarg.h>
#include <stdio.h>

static const char ID[] = "org.neverc.test.lto";

static struct {
  const NevercCoreAPI *Core;
  const NevercLTOAPI *LTO;
  const NevercLTORegistrarAPI *Registrar;
  void *RegistrarContext;
} G;

static void say(const char *Fmt, ...) {
  char M[512];
  int N = snprintf(M, sizeof M, "lto-api: ");
  va_list Ap;
  va_start(Ap, Fmt);
  vsnprintf(M + N, sizeof M - (size_t)N, Fmt, Ap);
  va_end(Ap);
  tpRemark(G.Core, ID, M);
}

static NevercStatus NEVERC_CALL codegen(void *UserData, NevercTaskHandle Task,
                                        const NevercLTORequest *Request,
                                        NevercLTOProductCandidate *Out) {
  (void)UserData;
  (void)Task;
  (void)Request;
  (void)Out;
  return status(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
}

static NevercStatus tryProvider(void *Ctx, int Good) {
  NevercLTOProviderDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_LTO_REGISTRAR_API_MAJOR,
                      NEVERC_LTO_REGISTRAR_API_MINOR);
  D.ProviderID.Data = "org.neverc.test.lto.provider";
  D.ProviderID.Length = strlen(D.ProviderID.Data);
  D.TargetID.High = NEVERC_TARGET_ID_AARCH64_HIGH;
  D.TargetID.Low = NEVERC_TARGET_ID_AARCH64_LOW;
  D.Flags = NEVERC_LTO_PROVIDER_FULL | NEVERC_LTO_PROVIDER_DETERMINISTIC;
  D.Codegen = Good ? codegen : NULL;
  return G.Registrar->RegisterProvider(G.Registrar->Context, Ctx, &D);
}

static NevercLinkEntityPage page(void *Data, uint64_t Capacity,
                                 uint64_t Stride) {
  NevercLinkEntityPage P;
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
  P.Data = Data;
  P.ElementCapacity = Capacity;
  P.ElementStride = Stride;
  return P;
}

static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point,
                                        void *UserData) {
  const NevercLTOAPI *L = G.LTO;
  const char *Where = (const char *)UserData;
  NevercLTORequest R, Again;
  NevercLTOInputModuleInfo M[64], One[1], Info;
  NevercLTOSymbolResolution Res[64], RInfo;
  NevercLinkEntityPage P;
  NevercHandle Null;
  NevercStatus S;
  uint64_t Cursor = 0, N1 = 0, Same = 1;
  (void)Point;
  memset(&Null, 0, sizeof Null);
  memset(&R, 0, sizeof R);
  R.Header = tpHeader(sizeof R, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
  S = L->GetRequest(L->Context, F->Task, Null, &R);
  say("%s GetRequest(null) %s", Where, tpCode(S));
  if (S.Code)
    return status(NEVERC_STATUS_OK);
  say("%s request modules=%llu resolutions=%llu handle=%d graph=%d", Where,
      (unsigned long long)R.Modules.Count,
      (unsigned long long)R.Resolutions.Count,
      !neverc_handle_is_null(R.Request), !neverc_handle_is_null(R.LinkGraph));
  memset(&Again, 0, sizeof Again);
  Again.Header =
      tpHeader(sizeof Again, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
  S = L->GetRequest(L->Context, F->Task, R.Request, &Again);
  say("%s GetRequest(own) %s same=%d", Where, tpCode(S),
      memcmp(R.RequestDigest, Again.RequestDigest, 32) == 0);
  Again.Header.StructSize = 8;
  say("%s GetRequest(short struct) %s", Where,
      tpCode(L->GetRequest(L->Context, F->Task, Null, &Again)));
  say("%s GetRequest(no task) %s", Where,
      tpCode(L->GetRequest(L->Context, Null, Null, &R)));
  /* Rule 5: capacity 1 and 64 page the same modules. */
  P = page(M, 64, sizeof M[0]);
  S = L->GetModulePage(L->Context, F->Task, R.Request, 0, &P);
  say("%s GetModulePage %s count=%llu more=%d", Where, tpCode(S),
      (unsigned long long)P.OutCount, (int)P.HasMore);
  do {
    NevercLinkEntityPage Q = page(One, 1, sizeof One[0]);
    if (L->GetModulePage(L->Context, F->Task, R.Request, Cursor, &Q).Code)
      break;
    if (Q.OutCount == 1 && N1 < P.OutCount && !tpSame(One[0].LogicalURI, "") &&
        (One[0].LogicalURI.Length != M[N1].LogicalURI.Length ||
         memcmp(One[0].LogicalURI.Data, M[N1].LogicalURI.Data,
                (size_t)One[0].LogicalURI.Length) != 0))
      Same = 0;
    N1 += Q.OutCount;
    Cursor = Q.NextCursor;
    if (!Q.HasMore)
      break;
  } while (1);
  say("%s capacity 1 pages %llu same=%d", Where, (unsigned long long)N1,
      (int)(Same && N1 == P.OutCount));
  {
    NevercLinkEntityPage Bad = page(M, 64, sizeof M[0]);
    say("%s GetModulePage(cursor past the end) %s", Where,
        tpCode(L->GetModulePage(L->Context, F->Task, R.Request, P.OutCount + 1,
                                &Bad)));
    Bad = page(M, 64, 4);
    say("%s GetModulePage(short stride) %s", Where,
        tpCode(L->GetModulePage(L->Context, F->Task, R.Request, 0, &Bad)));
  }
  memset(&Info, 0, sizeof Info);
  Info.Header =
      tpHeader(sizeof Info, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
  S = L->GetModuleInfo(L->Context, F->Task, M[0].Module, &Info);
  say("%s GetModuleInfo %s same=%d symbols=%llu layout=%.*s", Where, tpCode(S),
      Info.LogicalURI.Length == M[0].LogicalURI.Length &&
          memcmp(Info.ContentDigest, M[0].ContentDigest, 32) == 0,
      (unsigned long long)Info.SymbolCount,
      (int)(Info.DataLayout.Length < 5 ? Info.DataLayout.Length : 5),
      Info.DataLayout.Data ? Info.DataLayout.Data : "");
  P = page(Res, 64, sizeof Res[0]);
  S = L->GetResolutionPage(L->Context, F->Task, R.Request, 0, &P);
  say("%s GetResolutionPage %s", Where, tpCode(S));
  if (!S.Code && P.OutCount) {
    memset(&RInfo, 0, sizeof RInfo);
    RInfo.Header =
        tpHeader(sizeof RInfo, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
    S = L->GetResolutionInfo(L->Context, F->Task, Res[0].Resolution, &RInfo);
    say("%s GetResolutionInfo %s same=%d", Where, tpCode(S),
        RInfo.Flags == Res[0].Flags &&
            RInfo.SymbolName.Length == Res[0].SymbolName.Length);
    say("%s GetResolutionInfo(a module handle) %s", Where,
        tpCode(L->GetResolutionInfo(L->Context, F->Task, M[0].Module, &RInfo)));
    say("%s GetModuleInfo(a resolution handle) %s", Where,
        tpCode(
            L->GetModuleInfo(L->Context, F->Task, Res[0].Resolution, &Info)));
  }
  say("%s GetModuleInfo(null) %s", Where,
      tpCode(L->GetModuleInfo(L->Context, F->Task, Null, &Info)));
  say("%s RegisterProvider(outside Register) %s", Where,
      tpCode(tryProvider(G.RegistrarContext, 1)));
  return status(NEVERC_STATUS_OK);
}

static NevercStatus observer(const NevercRegistrarAPI *Reg, void *Ctx,
                             uint64_t High, uint64_t Low, const char *Name) {
  NevercObserverDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = High;
  O.Phase.Low = Low;
  O.Points = NEVERC_OBSERVER_AFTER;
  O.Callback = observe;
  O.UserData = (void *)Name;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercStatus S;
  (void)PS;
  G.Core = Core;
  G.RegistrarContext = Ctx;
  G.LTO = (const NevercLTOAPI *)tpQuery(
      Core, NEVERC_INTERFACE_LTO_HIGH, NEVERC_INTERFACE_LTO_LOW,
      NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
  G.Registrar = (const NevercLTORegistrarAPI *)tpQuery(
      Core, NEVERC_INTERFACE_LTO_REGISTRAR_HIGH,
      NEVERC_INTERFACE_LTO_REGISTRAR_LOW, NEVERC_LTO_REGISTRAR_API_MAJOR,
      NEVERC_LTO_REGISTRAR_API_MINOR);
  if (!G.LTO || !G.Registrar)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  say("RegisterProvider(good) %s", tpCode(tryProvider(Ctx, 1)));
  say("RegisterProvider(no Codegen) %s", tpCode(tryProvider(Ctx, 0)));
  if ((S = observer(Reg, Ctx, NEVERC_PHASE_LINK_LTO_RESOLVE_HIGH,
                    NEVERC_PHASE_LINK_LTO_RESOLVE_LOW, "resolve"))
          .Code)
    return S;
  return observer(Reg, Ctx, NEVERC_PHASE_LINK_LTO_GENERATE_HIGH,
                  NEVERC_PHASE_LINK_LTO_GENERATE_LOW, "generate");
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "LTO API test", registerPlugin, NULL, NULL, NULL)
