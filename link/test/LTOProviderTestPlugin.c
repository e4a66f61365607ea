/*
 * An LTO codegen provider that misbehaves on purpose, and the
 * NevercLTOCodegenAPI slots with good and bad arguments
 * (tests/lit/link/lto-provider-misuse.c). --provider-mode picks:
 *   slots         every slot's refusals (exact statuses), then the
 *                 built-in's objects copied through CreateObjectArtifact
 *                 and returned; an observer after lto_generate calls the
 *                 slots once Codegen has returned
 *   wrong-target  returns one object made for aarch64
 *   unstable-key  a CACHEABLE key that changes on every call
 *   fail          Codegen fails (PLUGIN_FAILURE)
 *   none          returns an empty candidate
 * Register tries RegisterProvider's refusals ("lto-provider: ..." lines).
 */
#include "TestPlugin.h"

#include <stdarg.h>
#include <stdio.h>

static const char ID[] = "org.neverc.test.lto-provider";

static struct {
  const NevercCoreAPI *Core;
  const NevercLTORegistrarAPI *Registrar;
  const NevercLTOCodegenAPI *C;
  char Mode[32];
  unsigned Calls;
  NevercArtifactHandle Kept;
  NevercLTOObjectProduct Copies[64];
} G;

static void say(const char *Fmt, ...) {
  char M[512];
  int N = snprintf(M, sizeof M, "lto-provider: ");
  va_list Ap;
  va_start(Ap, Fmt);
  vsnprintf(M + N, sizeof M - (size_t)N, Fmt, Ap);
  va_end(Ap);
  tpRemark(G.Core, ID, M);
}

static int mode(const char *M) { return strcmp(G.Mode, M) == 0; }

static NevercStatus NEVERC_CALL buildKey(void *UserData, NevercTaskHandle Task,
                                         const NevercLTORequest *Request,
                                         NevercMutableByteView Out,
                                         uint64_t *OutSize) {
  char Key[64];
  int N;
  (void)UserData, (void)Task, (void)Request;
  /* unstable-key: a counter in the key, so no two calls agree. */
  N = snprintf(Key, sizeof Key, "test-key-%u",
               mode("unstable-key") ? ++G.Calls : 0u);
  *OutSize = (uint64_t)N;
  if (Out.Length < (uint64_t)N)
    return status(NEVERC_STATUS_OK);
  memcpy(Out.Data, Key, (size_t)N);
  return status(NEVERC_STATUS_OK);
}

/* A relocatable ELF header for aarch64 and nothing else. */
static const uint8_t Aarch64[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0,   0, 0, 0,
                                    0,    0,   0,   0,   0, 1, 0, 183, 0, 1, 0,
                                    0,    0,   0,   0,   0, 0, 0, 0,   0, 0};

static NevercLTOObjectProduct product(NevercArtifactHandle A,
                                      const char *Name) {
  NevercLTOObjectProduct P;
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
  P.ObjectArtifact = A;
  P.LogicalName.Data = Name;
  P.LogicalName.Length = strlen(Name);
  return P;
}

static NevercStatus slots(NevercTaskHandle Task,
                          NevercLTOProductCandidate *Out) {
  const NevercLTOCodegenAPI *C = G.C;
  NevercLTOProductCandidate Again = *Out, Short = *Out;
  const NevercLTOObjectProduct *Objects;
  NevercByteView Bytes, Empty;
  NevercArtifactHandle A, Null;
  NevercHandle NoTask;
  NevercStatus S;
  uint64_t I;
  memset(&Null, 0, sizeof Null);
  memset(&NoTask, 0, sizeof NoTask);
  memset(&Empty, 0, sizeof Empty);
  Short.Header.StructSize = 8;
  say("RunBuiltinCodegen(short candidate) %s",
      tpCode(C->RunBuiltinCodegen(C->Context, Task, &Short)));
  say("RunBuiltinCodegen(no task) %s",
      tpCode(C->RunBuiltinCodegen(C->Context, NoTask, Out)));
  S = C->RunBuiltinCodegen(C->Context, Task, Out);
  say("RunBuiltinCodegen %s objects=%llu", tpCode(S),
      (unsigned long long)Out->Objects.Count);
  if (S.Code)
    return S;
  say("RunBuiltinCodegen(again) %s",
      tpCode(C->RunBuiltinCodegen(C->Context, Task, &Again)));
  say("CreateObjectArtifact(empty) %s",
      tpCode(C->CreateObjectArtifact(C->Context, Task, Empty,
                                     (NevercStringView){0, 0}, &A)));
  say("GetObjectArtifactBytes(null) %s",
      tpCode(C->GetObjectArtifactBytes(C->Context, Task, Null, &Bytes)));
  Objects = (const NevercLTOObjectProduct *)Out->Objects.Data;
  for (I = 0; I < Out->Objects.Count && I < 64; ++I) {
    char Name[64];
    S = C->GetObjectArtifactBytes(C->Context, Task, Objects[I].ObjectArtifact,
                                  &Bytes);
    if (S.Code)
      return S;
    snprintf(Name, sizeof Name, "copy-%llu.o", (unsigned long long)I);
    S = C->CreateObjectArtifact(C->Context, Task, Bytes,
                                (NevercStringView){Name, strlen(Name)}, &A);
    if (S.Code)
      return S;
    G.Copies[I] = product(A, "copy.o");
  }
  say("CreateObjectArtifact(copies) OK objects=%llu", (unsigned long long)I);
  G.Kept = G.Copies[0].ObjectArtifact;
  Out->Objects.Data = G.Copies;
  Out->Objects.Count = I;
  Out->Objects.ElementStride = sizeof G.Copies[0];
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL codegen(void *UserData, NevercTaskHandle Task,
                                        const NevercLTORequest *Request,
                                        NevercLTOProductCandidate *Out) {
  const NevercLTOCodegenAPI *C = G.C;
  NevercArtifactHandle A;
  NevercByteView B;
  NevercStatus S;
  (void)UserData;
  say("codegen %s modules=%llu", G.Mode,
      (unsigned long long)Request->Modules.Count);
  if (mode("fail"))
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  if (mode("none"))
    return status(NEVERC_STATUS_OK);
  if (mode("slots"))
    return slots(Task, Out);
  if (mode("wrong-target")) {
    B.Data = Aarch64;
    B.Length = sizeof Aarch64;
    S = C->CreateObjectArtifact(C->Context, Task, B,
                                (NevercStringView){"arm.o", 5}, &A);
    if (S.Code)
      return S;
    G.Copies[0] = product(A, "arm.o");
    Out->Objects.Data = G.Copies;
    Out->Objects.Count = 1;
    Out->Objects.ElementStride = sizeof G.Copies[0];
    return status(NEVERC_STATUS_OK);
  }
  return C->RunBuiltinCodegen(C->Context, Task, Out);
}

static NevercStatus tryProvider(void *Ctx, const char *Name, uint64_t Flags,
                                int WithKey) {
  NevercLTOProviderDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_LTO_REGISTRAR_API_MAJOR,
                      NEVERC_LTO_REGISTRAR_API_MINOR);
  D.ProviderID.Data = Name;
  D.ProviderID.Length = strlen(Name);
  D.Flags = Flags;
  D.Codegen = codegen;
  D.BuildCacheKey = WithKey ? buildKey : NULL;
  return G.Registrar->RegisterProvider(G.Registrar->Context, Ctx, &D);
}

static NevercStatus NEVERC_CALL afterGenerate(const NevercPhaseFrame *F,
                                              NevercObserverPoint Point,
                                              void *UserData) {
  const NevercLTOCodegenAPI *C = G.C;
  NevercLTOProductCandidate Cand;
  NevercByteView B;
  (void)Point, (void)UserData;
  if (!mode("slots"))
    return status(NEVERC_STATUS_OK);
  memset(&Cand, 0, sizeof Cand);
  Cand.Header =
      tpHeader(sizeof Cand, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR);
  say("after RunBuiltinCodegen %s",
      tpCode(C->RunBuiltinCodegen(C->Context, F->Task, &Cand)));
  say("after GetObjectArtifactBytes(kept) %s",
      tpCode(C->GetObjectArtifactBytes(C->Context, F->Task, G.Kept, &B)));
  say("after CreateObjectArtifact %s",
      tpCode(C->CreateObjectArtifact(C->Context, F->Task,
                                     (NevercByteView){Aarch64, 64},
                                     (NevercStringView){0, 0}, &G.Kept)));
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  const uint64_t Thin = NEVERC_LTO_PROVIDER_THIN,
                 Full = NEVERC_LTO_PROVIDER_FULL,
                 Cache = NEVERC_LTO_PROVIDER_CACHEABLE;
  NevercObserverDescriptor O;
  NevercStatus S;
  (void)PS;
  G.Core = Core;
  G.Registrar = (const NevercLTORegistrarAPI *)tpQuery(
      Core, NEVERC_INTERFACE_LTO_REGISTRAR_HIGH,
      NEVERC_INTERFACE_LTO_REGISTRAR_LOW, NEVERC_LTO_REGISTRAR_API_MAJOR,
      NEVERC_LTO_REGISTRAR_API_MINOR);
  G.C = (const NevercLTOCodegenAPI *)tpQuery(
      Core, NEVERC_INTERFACE_LTO_CODEGEN_HIGH, NEVERC_INTERFACE_LTO_CODEGEN_LOW,
      NEVERC_LTO_CODEGEN_API_MAJOR, NEVERC_LTO_CODEGEN_API_MINOR);
  if (!G.Registrar || !G.C)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
#ifdef LTO_PROVIDER_DETERMINISTIC
  /* LTOProviderDeterministicPlugin: one DETERMINISTIC provider, not
   * CACHEABLE and with no key of its own: the host keys its cache by the
   * request (tests/lit/link/lto-provider.c). */
  (void)Cache;
  say("RegisterProvider(deterministic) %s",
      tpCode(tryProvider(Ctx, "org.neverc.test.lto-deterministic",
                         Full | Thin | NEVERC_LTO_PROVIDER_DETERMINISTIC, 0)));
  return tpStringOption(Reg, Ctx, "--provider-mode");
#endif
  say("RegisterProvider(CACHEABLE, no BuildCacheKey) %s",
      tpCode(tryProvider(Ctx, "org.neverc.test.nokey", Full | Cache, 0)));
  say("RegisterProvider(no mode) %s",
      tpCode(tryProvider(Ctx, "org.neverc.test.nomode", Cache, 1)));
  say("RegisterProvider(unknown flag) %s",
      tpCode(tryProvider(Ctx, "org.neverc.test.bits", Full | (1u << 9), 1)));
  say("RegisterProvider(REPLAY_REQUIRED) %s",
      tpCode(tryProvider(Ctx, "org.neverc.test.replay",
                         Full | NEVERC_LTO_PROVIDER_REPLAY_REQUIRED, 1)));
  say("RegisterProvider(good) %s",
      tpCode(tryProvider(Ctx, "org.neverc.test.lto-provider",
                         Full | Thin | Cache, 1)));
  say("RegisterProvider(same ID) %s",
      tpCode(tryProvider(Ctx, "org.neverc.test.lto-provider", Full, 1)));
  if ((S = tpStringOption(Reg, Ctx, "--provider-mode")).Code)
    return S;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_LINK_LTO_GENERATE_HIGH;
  O.Phase.Low = NEVERC_PHASE_LINK_LTO_GENERATE_LOW;
  O.Points = NEVERC_OBSERVER_AFTER;
  O.Callback = afterGenerate;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  (void)PS, (void)Out;
  tpOptionValue(Core, S, ID, "--provider-mode", "wrap", G.Mode, sizeof G.Mode);
  return status(NEVERC_STATUS_OK);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "LTO provider test", registerPlugin, sessionBegin,
                         NULL, NULL)
