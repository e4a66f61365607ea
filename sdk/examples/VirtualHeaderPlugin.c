/*
 * VirtualHeaderPlugin: a VFS provider serving a header that exists only in
 * memory.
 *
 *   // prog.c
 *   #include <neverc-example/virtual.h>
 *   int main(void) { return NEVERC_VIRTUAL_ANSWER == 42 ? 0 : 1; }
 *
 *   neverc -fplugin=VirtualHeaderPlugin.so prog.c -o prog
 *
 * - negotiates NevercIOAPI in Register and needs the whole 27-slot table;
 * - registers provider org.neverc.example.virtual-header (deterministic,
 *   cacheable) with an empty RoutePrefix, so MatchesPath decides: any path
 *   ending in "neverc-example" (a directory) or "neverc-example/virtual.h"
 *   (the header); backslashes compare as '/';
 * - answers NOT_HANDLED for everything else, so the real file system serves
 *   it;
 * - sets only Disposition and the payload of the result structs, which the
 *   host hands over zero-filled with their headers set.
 */
#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginSource.h"

#include <stddef.h>
#include <string.h>

#define VH_PLUGIN_ID "org.neverc.example.virtual-header"
#define VH_PROVIDER_ID "org.neverc.example.virtual-header"
#define VH_DIRECTORY "neverc-example"
#define VH_HEADER "neverc-example/virtual.h"

static const char VirtualHeader[] =
    "#ifndef NEVERC_EXAMPLE_VIRTUAL_H\n"
    "#define NEVERC_EXAMPLE_VIRTUAL_H\n"
    "#define NEVERC_VIRTUAL_ANSWER 42\n"
    "#endif\n";

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

/* 1 for the directory, 2 for the header, 0 for anything else. */
static int classify(NevercStringView Path) {
  static const char *const Names[2] = {VH_DIRECTORY, VH_HEADER};
  int I;
  for (I = 1; I >= 0; --I) {
    size_t N = strlen(Names[I]), K;
    int Match = Path.Length >= N;
    for (K = 0; Match && K < N; ++K) {
      char C = Path.Data[Path.Length - N + K];
      Match = (C == '\\' ? '/' : C) == Names[I][K];
    }
    /* A whole path component: the match starts the path or follows '/'. */
    if (Match && Path.Length > N) {
      char B = Path.Data[Path.Length - N - 1];
      Match = B == '/' || B == '\\';
    }
    if (Match)
      return I + 1;
  }
  return 0;
}

static void describe(int Kind, NevercVFSStatus *S) {
  S->Type = Kind == 1 ? NEVERC_VFS_FILE_DIRECTORY : NEVERC_VFS_FILE_REGULAR;
  S->Permissions = 0444;
  S->Size = Kind == 1 ? 0 : sizeof VirtualHeader - 1;
  S->ModificationTime = 0;
  S->UniqueID.Device = UINT64_C(0x4e43564653);
  S->UniqueID.File = (uint64_t)Kind;
  S->Local = NEVERC_FALSE;
}

static NevercStatus NEVERC_CALL matchesPath(NevercTaskHandle Task,
                                            NevercStringView Path,
                                            void *UserData,
                                            NevercBool *OutMatches) {
  (void)Task, (void)UserData;
  *OutMatches = classify(Path) ? NEVERC_TRUE : NEVERC_FALSE;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL statPath(NevercTaskHandle Task,
                                         NevercStringView Path, void *UserData,
                                         NevercVFSStatusResult *Out) {
  int Kind = classify(Path);
  (void)Task, (void)UserData;
  if (!Kind) {
    Out->Disposition = NEVERC_VFS_RESULT_NOT_HANDLED;
    return neverc_status_ok();
  }
  Out->Disposition = NEVERC_VFS_RESULT_HANDLED;
  describe(Kind, &Out->Status);
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL openRead(NevercTaskHandle Task,
                                         NevercStringView Path, void *UserData,
                                         NevercVFSOpenReadResult *Out) {
  (void)Task, (void)UserData;
  if (classify(Path) != 2) {
    Out->Disposition = NEVERC_VFS_RESULT_NOT_HANDLED;
    return neverc_status_ok();
  }
  Out->Disposition = NEVERC_VFS_RESULT_HANDLED;
  describe(2, &Out->Status);
  /* Borrowed: the host copies it before this callback returns. */
  Out->Content.Data = (const uint8_t *)VirtualHeader;
  Out->Content.Length = sizeof VirtualHeader - 1;
  Out->Content.NullTerminated = NEVERC_TRUE;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL vhRegister(const NevercCoreAPI *Core,
                                           const NevercRegistrarAPI *Reg,
                                           void *Registrar,
                                           void *ProcessState) {
  NevercInterfaceID ID;
  const void *Table = NULL;
  const NevercIOAPI *IO;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercVFSProviderDescriptor D;
  NevercStatus S;
  (void)Reg, (void)ProcessState;
  ID.High = NEVERC_INTERFACE_IO_HIGH;
  ID.Low = NEVERC_INTERFACE_IO_LOW;
  S = Core->QueryInterface(Core->Context, ID, NEVERC_IO_API_MAJOR,
                           NEVERC_IO_API_MINOR, &Table, &Minor, &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (Size < sizeof(NevercIOAPI))
    return status(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  IO = (const NevercIOAPI *)Table;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_IO_API_MAJOR;
  D.Header.Minor = NEVERC_IO_API_MINOR;
  D.ProviderID = sv(VH_PROVIDER_ID);
  D.RoutePrefix.Data = NULL;
  D.RoutePrefix.Length = 0; /* every path; MatchesPath decides */
  D.Deterministic = NEVERC_TRUE;
  D.Cacheable = NEVERC_TRUE;
  D.MatchesPath = matchesPath;
  D.Status = statPath;
  D.OpenRead = openRead;
  return IO->RegisterVFSProvider(IO->Context, Registrar, &D);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.PluginID = sv(VH_PLUGIN_ID);
  D.DisplayName = sv("Virtual header");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_THREAD_SAFE;
  D.Reentrancy = NEVERC_REENTRANCY_NONE;
  D.Register = vhRegister;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
