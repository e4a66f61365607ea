/*
 * LTOProviderPlugin: an LTO codegen provider, com.example.my-lto (the
 * spec's example, made whole). It serves full and thin LTO, says it is
 * DETERMINISTIC and CACHEABLE, builds its cache key from the request's two
 * digests, and makes its objects by wrapping neverc's built-in code
 * generation (NevercLTOCodegenAPI.RunBuiltinCodegen, PluginLTOCodegen.h):
 * the place to put a remote build, a code generator of your own, or a
 * check of every object before it is linked.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include LTOProviderPlugin.c \
 *      -o LTOProviderPlugin.so
 *   neverc -flto=thin -fplugin=LTOProviderPlugin.so a.c b.c -o prog \
 *      -Wl,--thinlto-cache-dir=cache
 *
 * (CMake target neverc-plugin-example-lto-provider.)
 *
 * It records what it does on stderr:
 *   my-lto: key <key>                 every BuildCacheKey call
 *   my-lto: codegen <full|thin> modules=N key=<key>
 *   my-lto: object <name> <bytes> bytes
 * With a cache directory the host asks for the key, and a link whose key
 * is cached links the cached objects: no "codegen" line is printed.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#define MY_LTO_ID "com.example.my-lto"
#define KEY_PREFIX "my-lto/1:"
/* The prefix and two 32-byte digests in hex. */
#define KEY_SIZE (sizeof KEY_PREFIX - 1 + 128)

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

/* The host's tables (ProcessBegin) and the key of the request being
 * served: the candidate's CacheKey view points at it, and the host reads
 * the candidate when Codegen returns. */
typedef struct MyLTO {
  const NevercLTORegistrarAPI *Registrar;
  const NevercLTOCodegenAPI *Codegen;
  char Key[KEY_SIZE + 1];
} MyLTO;

static MyLTO State;

static void keyOf(const NevercLTORequest *R, char *Out) {
  static const char Hex[] = "0123456789abcdef";
  size_t N = sizeof KEY_PREFIX - 1, I;
  memcpy(Out, KEY_PREFIX, N);
  for (I = 0; I < 32; ++I) {
    Out[N++] = Hex[R->RequestDigest[I] >> 4];
    Out[N++] = Hex[R->RequestDigest[I] & 15];
  }
  for (I = 0; I < 32; ++I) {
    Out[N++] = Hex[R->ResolutionDigest[I] >> 4];
    Out[N++] = Hex[R->ResolutionDigest[I] & 15];
  }
  Out[N] = 0;
}

/* A pure function of the request: its digests cover the modules, the
 * resolutions and the options. */
static NevercStatus NEVERC_CALL buildCacheKey(void *UserData,
                                              NevercTaskHandle Task,
                                              const NevercLTORequest *Request,
                                              NevercMutableByteView OutputKey,
                                              uint64_t *OutKeySize) {
  char Key[KEY_SIZE + 1];
  (void)UserData;
  (void)Task;
  if (!Request || !OutKeySize)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  keyOf(Request, Key);
  *OutKeySize = KEY_SIZE;
  if (OutputKey.Length < KEY_SIZE || !OutputKey.Data)
    return neverc_status_ok(); /* the host grows the buffer, calls again */
  memcpy(OutputKey.Data, Key, KEY_SIZE);
  fprintf(stderr, "my-lto: key %s\n", Key);
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL codegen(void *UserData, NevercTaskHandle Task,
                                        const NevercLTORequest *Request,
                                        NevercLTOProductCandidate *Out) {
  MyLTO *M = (MyLTO *)UserData;
  const NevercLTOCodegenAPI *C = M->Codegen;
  const NevercLTOObjectProduct *Objects;
  NevercStatus S;
  uint64_t I;
  keyOf(Request, M->Key);
  fprintf(stderr, "my-lto: codegen %s modules=%llu key=%s\n",
          Request->Options.Mode == NEVERC_LTO_THIN ? "thin" : "full",
          (unsigned long long)Request->Modules.Count, M->Key);
  /* The built-in makes the objects (with every plugin's IR phases inside
   * it); a provider of its own code would CreateObjectArtifact instead. */
  S = C->RunBuiltinCodegen(C->Context, Task, Out);
  if (!neverc_status_is_ok(S))
    return S;
  Objects = (const NevercLTOObjectProduct *)Out->Objects.Data;
  for (I = 0; I < Out->Objects.Count; ++I) {
    NevercByteView Bytes;
    if (neverc_status_is_ok(C->GetObjectArtifactBytes(
            C->Context, Task, Objects[I].ObjectArtifact, &Bytes)))
      fprintf(stderr, "my-lto: object %.*s %llu bytes\n",
              (int)Objects[I].LogicalName.Length, Objects[I].LogicalName.Data,
              (unsigned long long)Bytes.Length);
  }
  Out->CacheKey.Data = M->Key;
  Out->CacheKey.Length = KEY_SIZE;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL myRegister(const NevercCoreAPI *Core,
                                           const NevercRegistrarAPI *Reg,
                                           void *Ctx, void *ProcessState) {
  MyLTO *M = (MyLTO *)ProcessState;
  NevercLTOProviderDescriptor D;
  (void)Core;
  (void)Reg;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_LTO_REGISTRAR_API_MAJOR,
                    NEVERC_LTO_REGISTRAR_API_MINOR);
  D.ProviderID = sv(MY_LTO_ID);
  /* TargetID zero: any target the link is for. */
  D.Flags = NEVERC_LTO_PROVIDER_FULL | NEVERC_LTO_PROVIDER_THIN |
            NEVERC_LTO_PROVIDER_DETERMINISTIC | NEVERC_LTO_PROVIDER_CACHEABLE;
  D.CompatibilityKey = sv(KEY_PREFIX);
  D.BuildCacheKey = buildCacheKey;
  D.Codegen = codegen;
  D.UserData = M;
  return M->Registrar->RegisterProvider(M->Registrar->Context, Ctx, &D);
}

static const void *query(const NevercCoreAPI *Core, uint64_t High, uint64_t Low,
                         uint16_t Major, uint16_t Minor, uint64_t Need) {
  NevercInterfaceID ID;
  const void *Table = NULL;
  uint16_t Got = 0;
  uint64_t Size = 0;
  ID.High = High;
  ID.Low = Low;
  if (!neverc_status_is_ok(Core->QueryInterface(Core->Context, ID, Major, Minor,
                                                &Table, &Got, &Size)) ||
      Size < Need)
    return NULL;
  return Table;
}

static NevercStatus NEVERC_CALL myProcessBegin(const NevercCoreAPI *Core,
                                               void **OutProcessState) {
  State.Registrar = (const NevercLTORegistrarAPI *)query(
      Core, NEVERC_INTERFACE_LTO_REGISTRAR_HIGH,
      NEVERC_INTERFACE_LTO_REGISTRAR_LOW, NEVERC_LTO_REGISTRAR_API_MAJOR,
      NEVERC_LTO_REGISTRAR_API_MINOR, sizeof(NevercLTORegistrarAPI));
  State.Codegen = (const NevercLTOCodegenAPI *)query(
      Core, NEVERC_INTERFACE_LTO_CODEGEN_HIGH, NEVERC_INTERFACE_LTO_CODEGEN_LOW,
      NEVERC_LTO_CODEGEN_API_MAJOR, NEVERC_LTO_CODEGEN_API_MINOR,
      sizeof(NevercLTOCodegenAPI));
  if (!State.Registrar || !State.Codegen)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  *OutProcessState = &State;
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
  D.PluginID = sv("com.example.my-lto-plugin");
  D.DisplayName = sv("my-lto: an LTO codegen provider");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_NONE;
  D.ProcessBegin = myProcessBegin;
  D.Register = myRegister;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
