/* Test plugin: an error at the location of every `#define FORBIDDEN`,
 * reported through the core table with the token's source location. */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

typedef struct State {
  const NevercCoreAPI *Core;
  const NevercPrepAPI *Prep;
} State;

static NevercStringView sv(const char *S) {
  NevercStringView V = {S, strlen(S)};
  return V;
}

static NevercStatus NEVERC_CALL onEvent(NevercTaskHandle T,
                                        const NevercPrepEvent *E, void *UD) {
  State *S = (State *)UD;
  NevercTokenInfo I;
  NevercDiagnosticDescriptor D;
  memset(&I, 0, sizeof I);
  I.Header.StructSize = sizeof I;
  I.Header.Major = NEVERC_PREP_API_MAJOR;
  if (E->Kind != NEVERC_PREP_EVENT_MACRO_DEFINED ||
      S->Prep->GetTokenInfo(S->Prep->Context, T, E->Payload.Macro.NameToken, &I)
              .Code != NEVERC_STATUS_OK ||
      I.Spelling.Length < 9 || memcmp(I.Spelling.Data, "FORBIDDEN", 9))
    return neverc_status_ok();
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Severity = NEVERC_DIAGNOSTIC_ERROR;
  D.Message = sv("macro 'FORBIDDEN' is not allowed here");
  D.Location = I.Location;
  D.Ranges.Data = &I.Range;
  D.Ranges.Count = 1;
  D.Ranges.ElementStride = sizeof I.Range;
  /* FORBIDDEN_FIXIT: a made-up fix-it handle is refused and nothing is
   * reported; a real one (NevercFixItAPI) renames the macro. */
  if (I.Spelling.Length > 9) {
    NevercFixItHandle Fix = {1, 1};
    NevercFixItDescriptor FD;
    NevercStatus St;
    const void *Table = NULL;
    uint16_t Minor;
    uint64_t Size;
    NevercInterfaceID FID = {NEVERC_INTERFACE_FIXIT_HIGH,
                             NEVERC_INTERFACE_FIXIT_LOW};
    const NevercFixItAPI *FixIt;
    D.FixIts.Data = &Fix;
    D.FixIts.Count = 1;
    D.FixIts.ElementStride = sizeof Fix;
    St = S->Core->EmitDiagnostic(S->Core->Context, &D, NULL);
    fprintf(stderr, "made-up fix-it: %s\n",
            St.Code == NEVERC_STATUS_INVALID_DESCRIPTOR ? "INVALID_DESCRIPTOR"
                                                        : "other");
    St = S->Core->QueryInterface(S->Core->Context, FID, NEVERC_FIXIT_API_MAJOR,
                                 0, &Table, &Minor, &Size);
    if (St.Code != NEVERC_STATUS_OK)
      return St;
    FixIt = (const NevercFixItAPI *)Table;
    memset(&FD, 0, sizeof FD);
    FD.Header.StructSize = sizeof FD;
    FD.Header.Major = NEVERC_FIXIT_API_MAJOR;
    FD.Range = I.Range;
    FD.Text = sv("ALLOWED");
    FD.Kind = NEVERC_FIXIT_REPLACE;
    St = FixIt->CreateFixIt(FixIt->Context, T, &FD, &Fix);
    if (St.Code != NEVERC_STATUS_OK)
      return St;
    return S->Core->EmitDiagnostic(S->Core->Context, &D, NULL);
  }
  return S->Core->EmitDiagnostic(S->Core->Context, &D, NULL);
}

static NevercStatus NEVERC_CALL processBegin(const NevercCoreAPI *Core,
                                             void **Out) {
  State *S = NULL;
  const void *T = NULL;
  uint16_t Minor;
  uint64_t Size;
  NevercInterfaceID ID = {NEVERC_INTERFACE_PREP_HIGH, NEVERC_INTERFACE_PREP_LOW};
  NevercStatus St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  if (St.Code != NEVERC_STATUS_OK)
    return St;
  St = Core->QueryInterface(Core->Context, ID, NEVERC_PREP_API_MAJOR, 0, &T,
                            &Minor, &Size);
  if (St.Code != NEVERC_STATUS_OK)
    return St;
  S->Core = Core;
  S->Prep = (const NevercPrepAPI *)T;
  *Out = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL reg(const NevercCoreAPI *C,
                                    const NevercRegistrarAPI *R, void *RC,
                                    void *PS) {
  (void)C, (void)R, (void)RC, (void)PS;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *Core,
                                          NevercTaskHandle Task,
                                          NevercTaskKind Kind, void *PS,
                                          void *SS, void **Out) {
  State *S = (State *)PS;
  NevercPrepObserverDescriptor D;
  (void)Core, (void)SS, (void)Out;
  if (Kind != NEVERC_TASK_TRANSLATION_UNIT)
    return neverc_status_ok();
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PREP_API_MAJOR;
  D.Events = NEVERC_PREP_EVENT_MASK(NEVERC_PREP_EVENT_MACRO_DEFINED);
  D.Callback = onEvent;
  D.UserData = S;
  return S->Prep->RegisterEventObserver(S->Prep->Context, Task, &D);
}

static NevercStatus NEVERC_CALL destroy(const NevercCoreAPI *Core, void *PS) {
  return Core->Deallocate(Core->Context, PS, sizeof(State), 8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *B, NevercPluginDescriptor *Out) {
  NevercPluginDescriptor D;
  uint32_t Cap = Out->Header.StructSize;
  (void)B;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.PluginID = sv("org.test.forbid");
  D.Version.Major = 1;
  D.ProcessBegin = processBegin;
  D.Register = reg;
  D.TaskBegin = taskBegin;
  D.Destroy = destroy;
  memcpy(Out, &D, Cap < sizeof D ? Cap : sizeof D);
  return neverc_status_ok();
}
