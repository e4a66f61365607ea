/*
 * LTOResolutionsPlugin: how the linker resolved every symbol of a link's
 * bitcode, as LTO is told (what lld's --lto-... debugging never shows).
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include LTOResolutionsPlugin.c \
 *      -o LTOResolutionsPlugin.so
 *   neverc -flto -fplugin=LTOResolutionsPlugin.so a.c b.c -o prog
 *
 * (CMake target neverc-plugin-example-lto-resolutions.)
 *
 * An observer AFTER neverc.link.lto_resolve reads the link's LTO request
 * through NevercLTOAPI (GetRequest with a null handle names the current
 * link's) and pages its resolutions (GetResolutionPage), one line each on
 * stderr:
 *   lto: <symbol> <module> <flags>
 * flags, comma-separated: prevailing, visible (to regular objects),
 * exported, final, inline (can inline), internalize (can internalize),
 * redefined (by the linker), regular-ref (a regular object references
 * it). A first line names the request:
 *   lto: request <full|thin> modules=N resolutions=N O<n>
 * In a link without bitcode the request does not exist:
 *   lto: no request (status NOT_FOUND)
 * Observing changes nothing: the program is the one linked without it.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LTO_ID "org.neverc.example.lto-resolutions"

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}
static NevercStatus status(NevercStatusCode Code) {
  NevercStatus S;
  S.Code = Code;
  S.Flags = 0;
  S.Detail = 0;
  return S;
}
static NevercABITableHeader header(uint32_t Size, uint16_t Major,
                                   uint16_t Minor) {
  NevercABITableHeader H;
  H.StructSize = Size;
  H.Major = Major;
  H.Minor = Minor;
  H.Flags = 0;
  return H;
}

static void printFlags(uint64_t F) {
  static const struct {
    uint64_t Bit;
    const char *Name;
  } Names[] = {{NEVERC_LTO_SYMBOL_PREVAILING, "prevailing"},
               {NEVERC_LTO_SYMBOL_VISIBLE_TO_REGULAR_OBJECT, "visible"},
               {NEVERC_LTO_SYMBOL_EXPORTED, "exported"},
               {NEVERC_LTO_SYMBOL_FINAL_DEFINITION, "final"},
               {NEVERC_LTO_SYMBOL_CAN_INLINE, "inline"},
               {NEVERC_LTO_SYMBOL_CAN_INTERNALIZE, "internalize"},
               {NEVERC_LTO_SYMBOL_LINKER_REDEFINED, "redefined"},
               {NEVERC_LTO_SYMBOL_REFERENCED_BY_REGULAR_OBJECT, "regular-ref"}};
  size_t K;
  int First = 1;
  for (K = 0; K < sizeof Names / sizeof Names[0]; ++K)
    if (F & Names[K].Bit) {
      fprintf(stderr, "%s%s", First ? "" : ",", Names[K].Name);
      First = 0;
    }
  if (First)
    fputs("-", stderr);
}

static NevercStatus NEVERC_CALL afterResolve(const NevercPhaseFrame *F,
                                             NevercObserverPoint Point,
                                             void *UserData) {
  const NevercLTOAPI *L = (const NevercLTOAPI *)UserData;
  NevercLTORequest Req;
  NevercLTOSymbolResolution Res[32];
  NevercLinkEntityPage Page;
  NevercLTORequestHandle None;
  uint64_t Cursor = 0, K;
  NevercStatus S;
  (void)Point;
  memset(&Req, 0, sizeof Req);
  Req.Header = header(sizeof Req, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
  memset(&None, 0, sizeof None);
  S = L->GetRequest(L->Context, F->Task, None, &Req);
  if (S.Code == NEVERC_STATUS_NOT_FOUND) {
    fputs("lto: no request (status NOT_FOUND)\n", stderr);
    return neverc_status_ok();
  }
  if (!neverc_status_is_ok(S))
    return S;
  fprintf(stderr, "lto: request %s modules=%llu resolutions=%llu O%u\n",
          Req.Options.Mode == NEVERC_LTO_THIN ? "thin" : "full",
          (unsigned long long)Req.Modules.Count,
          (unsigned long long)Req.Resolutions.Count,
          (unsigned)Req.Options.OptimizationLevel);
  memset(&Page, 0, sizeof Page);
  Page.Header = header(sizeof Page, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
  Page.Data = Res;
  Page.ElementCapacity = sizeof Res / sizeof Res[0];
  Page.ElementStride = sizeof Res[0];
  do {
    S = L->GetResolutionPage(L->Context, F->Task, Req.Request, Cursor, &Page);
    if (!neverc_status_is_ok(S))
      return S;
    for (K = 0; K < Page.OutCount; ++K) {
      NevercLTOInputModuleInfo M;
      memset(&M, 0, sizeof M);
      M.Header = header(sizeof M, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
      S = L->GetModuleInfo(L->Context, F->Task, Res[K].Module, &M);
      if (!neverc_status_is_ok(S))
        return S;
      fprintf(stderr, "lto: %.*s %.*s ", (int)Res[K].SymbolName.Length,
              Res[K].SymbolName.Data, (int)M.LogicalURI.Length,
              M.LogicalURI.Data);
      printFlags(Res[K].Flags);
      fputc('\n', stderr);
    }
    Cursor = Page.NextCursor;
  } while (Page.HasMore);
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL ltoRegister(const NevercCoreAPI *Core,
                                            const NevercRegistrarAPI *Reg,
                                            void *Ctx, void *ProcessState) {
  NevercObserverDescriptor O;
  (void)Core;
  memset(&O, 0, sizeof O);
  O.Header = header(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_LINK_LTO_RESOLVE_HIGH;
  O.Phase.Low = NEVERC_PHASE_LINK_LTO_RESOLVE_LOW;
  O.Points = NEVERC_OBSERVER_AFTER;
  O.Callback = afterResolve;
  O.UserData = ProcessState;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus NEVERC_CALL ltoProcessBegin(const NevercCoreAPI *Core,
                                                void **OutProcessState) {
  NevercInterfaceID ID;
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = NEVERC_INTERFACE_LTO_HIGH;
  ID.Low = NEVERC_INTERFACE_LTO_LOW;
  S = Core->QueryInterface(Core->Context, ID, NEVERC_LTO_API_MAJOR,
                           NEVERC_LTO_API_MINOR, &Table, &Minor, &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (!Table || Size < sizeof(NevercLTOAPI))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  *OutProcessState = (void *)Table; /* the host's table: not freed */
  return neverc_status_ok();
}

NEVERC_EXPORT NevercStatus NEVERC_CALL neverc_plugin_entry(
    const NevercBootstrapAPI *Bootstrap, NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.PluginID = sv(LTO_ID);
  D.DisplayName = sv("LTO resolutions");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_NONE;
  D.ProcessBegin = ltoProcessBegin;
  D.Register = ltoRegister;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
