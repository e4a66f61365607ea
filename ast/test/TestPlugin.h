/*
 * What the AST domain's test plugins share: a status value and their entry
 * point (the SDK examples keep theirs spelled out, to be copied whole).
 *
 *   NEVERC_TEST_PLUGIN_ENTRY("org.neverc.test.x", "display name",
 *                            registerPlugin, NULL, taskBegin, NULL)
 */
#ifndef NEVERC_AST_TEST_TESTPLUGIN_H
#define NEVERC_AST_TEST_TESTPLUGIN_H

#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

static inline NevercABITableHeader tpHeader(uint32_t Size, uint16_t Major,
                                     uint16_t Minor) {
  NevercABITableHeader H;
  H.StructSize = Size;
  H.Major = Major;
  H.Minor = Minor;
  H.Flags = 0;
  return H;
}

/* The status name the lit tests check. */
static inline const char *tpCode(NevercStatus S) {
  switch (S.Code) {
  case NEVERC_STATUS_OK: return "OK";
  case NEVERC_STATUS_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
  case NEVERC_STATUS_ABI_MISMATCH: return "ABI_MISMATCH";
  case NEVERC_STATUS_DUPLICATE_ID: return "DUPLICATE_ID";
  case NEVERC_STATUS_STALE_HANDLE: return "STALE_HANDLE";
  case NEVERC_STATUS_WRONG_SCOPE: return "WRONG_SCOPE";
  case NEVERC_STATUS_WRONG_TYPE: return "WRONG_TYPE";
  case NEVERC_STATUS_INVALID_STATE: return "INVALID_STATE";
  case NEVERC_STATUS_POLICY_VIOLATION: return "POLICY_VIOLATION";
  case NEVERC_STATUS_VERIFICATION_FAILED: return "VERIFICATION_FAILED";
  case NEVERC_STATUS_CAPABILITY_UNAVAILABLE: return "CAPABILITY_UNAVAILABLE";
  case NEVERC_STATUS_NOT_FOUND: return "NOT_FOUND";
  case NEVERC_STATUS_INVALID_DESCRIPTOR: return "INVALID_DESCRIPTOR";
  case NEVERC_STATUS_MISSING_INTERFACE: return "MISSING_INTERFACE";
  case NEVERC_STATUS_DEPENDENCY_MISSING: return "DEPENDENCY_MISSING";
  case NEVERC_STATUS_DEPENDENCY_CYCLE: return "DEPENDENCY_CYCLE";
  case NEVERC_STATUS_WRONG_SESSION: return "WRONG_SESSION";
  case NEVERC_STATUS_PLUGIN_FAILURE: return "PLUGIN_FAILURE";
  case NEVERC_STATUS_PLUGIN_EXCEPTION: return "PLUGIN_EXCEPTION";
  case NEVERC_STATUS_REENTRANCY_DENIED: return "REENTRANCY_DENIED";
  case NEVERC_STATUS_BUSY: return "BUSY";
  default: return "OTHER";
  }
}

/* A table by ID, or NULL. */
static inline const void *tpQuery(const NevercCoreAPI *Core, uint64_t High,
                           uint64_t Low, uint16_t Major, uint16_t Minor) {
  NevercInterfaceID ID;
  const void *T = NULL;
  uint16_t Got = 0;
  uint64_t Size = 0;
  ID.High = High;
  ID.Low = Low;
  if (Core->QueryInterface(Core->Context, ID, Major, Minor, &T, &Got, &Size)
          .Code != 0)
    return NULL;
  return T;
}

static inline int tpSame(NevercStringView V, const char *S) {
  return V.Length == strlen(S) && memcmp(V.Data, S, V.Length) == 0;
}

/* A remark from plugin \p ID (what the lit tests read). */
static inline void tpRemark(const NevercCoreAPI *Core, const char *ID,
                            const char *Text) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_REMARK;
  D.PluginID.Data = ID;
  D.PluginID.Length = strlen(ID);
  D.Message.Data = Text;
  D.Message.Length = strlen(Text);
  Core->EmitDiagnostic(Core->Context, &D, NULL);
}

/* The first declaration an ordinary lookup of \p Name finds (null:
 * none). */
static inline NevercDeclHandle
tpLookup(const NevercSemaAPI *Sema, NevercTaskHandle T, NevercStringView Name) {
  NevercSemaLookupRequest Q;
  NevercLookupResultHandle R;
  NevercSemaLookupResultInfo I;
  NevercDeclHandle D;
  memset(&Q, 0, sizeof Q);
  Q.Header = tpHeader(sizeof Q, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  Q.Name = Name;
  Q.Kind = NEVERC_SEMA_LOOKUP_ORDINARY;
  memset(&D, 0, sizeof D);
  if (Sema->LookupName(Sema->Context, T, &Q, &R).Code != NEVERC_STATUS_OK)
    return D;
  memset(&I, 0, sizeof I);
  I.Header = tpHeader(sizeof I, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  Sema->GetLookupResultInfo(Sema->Context, T, R, &I);
  if (I.CandidateCount)
    Sema->GetLookupCandidate(Sema->Context, T, R, 0, &D);
  Sema->DestroyLookupResult(Sema->Context, T, R);
  return D;
}

/* A token's spelling ("" when it has none) and kind. */
static inline NevercStringView tpSpelling(const NevercPrepAPI *Prep,
                                   NevercTaskHandle Task, NevercTokenHandle T,
                                   NevercTokenKind *Kind) {
  NevercTokenInfo I;
  NevercStringView None;
  None.Data = "";
  None.Length = 0;
  memset(&I, 0, sizeof I);
  I.Header = tpHeader(sizeof I, NEVERC_PREP_API_MAJOR, NEVERC_PREP_API_MINOR);
  if (Prep->GetTokenInfo(Prep->Context, Task, T, &I).Code != 0)
    return None;
  if (Kind)
    *Kind = I.Kind;
  return I.Spelling;
}

static inline NevercStatus status(NevercStatusCode C) {
  NevercStatus S;
  S.Code = C;
  S.Flags = 0;
  S.Detail = 0;
  return S;
}

/* A "--spelling value" option (last one wins) of the plugin. */
static inline NevercStatus tpStringOption(const NevercRegistrarAPI *Reg,
                                          void *Ctx, const char *Spelling) {
  NevercOptionDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  O.Spelling.Data = Spelling;
  O.Spelling.Length = strlen(Spelling);
  O.Form = NEVERC_OPTION_SEPARATE;
  O.ValueType = NEVERC_OPTION_STRING;
  O.Multiplicity = NEVERC_OPTION_LAST_WINS;
  return Reg->RegisterOption(Ctx, &O);
}

/* The last value of plugin \p ID's option \p Spelling in session \p S,
 * into \p Out (\p Fallback when it has none or it does not fit). */
static inline void tpOptionValue(const NevercCoreAPI *Core,
                                 NevercSessionHandle S, const char *ID,
                                 const char *Spelling, const char *Fallback,
                                 char *Out, size_t Size) {
  NevercStringView V;
  NevercStringView Id, Sp;
  uint64_t N = 0;
  Id.Data = ID;
  Id.Length = strlen(ID);
  Sp.Data = Spelling;
  Sp.Length = strlen(Spelling);
  if (!Core->GetPluginOptionValueCount(Core->Context, S, Id, Sp, &N).Code &&
      N &&
      !Core->GetPluginOptionValue(Core->Context, S, Id, Sp, N - 1, &V).Code &&
      V.Length < Size) {
    memcpy(Out, V.Data, (size_t)V.Length);
    Out[V.Length] = 0;
    return;
  }
  snprintf(Out, Size, "%s", Fallback);
}

/* Fills the descriptor within the capacity the host offers. */
static inline NevercStatus testPluginEntry(const NevercBootstrapAPI *Bootstrap,
                                    NevercPluginDescriptor *OutPlugin,
                                    const char *ID, const char *Name,
                                    NevercRegisterPluginFn Register,
                                    NevercSessionBeginFn SessionBegin,
                                    NevercTaskBeginFn TaskBegin,
                                    NevercTaskEndFn TaskEnd) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.PluginID.Data = ID;
  D.PluginID.Length = strlen(ID);
  D.DisplayName.Data = Name;
  D.DisplayName.Length = strlen(Name);
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.Register = Register;
  D.SessionBegin = SessionBegin;
  D.TaskBegin = TaskBegin;
  D.TaskEnd = TaskEnd;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return status(NEVERC_STATUS_OK);
}

#define NEVERC_TEST_PLUGIN_ENTRY(ID, NAME, REGISTER, SESSION_BEGIN,            \
                                 TASK_BEGIN, TASK_END)                         \
  NEVERC_EXPORT NevercStatus NEVERC_CALL neverc_plugin_entry(                  \
      const NevercBootstrapAPI *Bootstrap,                                     \
      NevercPluginDescriptor *OutPlugin) {                                     \
    return testPluginEntry(Bootstrap, OutPlugin, ID, NAME, REGISTER,           \
                           SESSION_BEGIN, TASK_BEGIN, TASK_END);               \
  }

#endif /* NEVERC_AST_TEST_TESTPLUGIN_H */
