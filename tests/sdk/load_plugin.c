/*
 * Loads a plugin module and exercises the neverc_plugin_entry hand-off the
 * way the host does (core.md section 6): NULL arguments and a capacity below
 * 4 are rejected with INVALID_ARGUMENT, a short buffer is never overrun, a
 * full buffer receives the descriptor with its own StructSize.
 *   load_plugin <module.so> <expected plugin id>
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "neverc/Plugin/NevercPluginAPI.h"

static int Failures = 0;
#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "FAIL line %d: %s\n", __LINE__, #cond);                  \
      ++Failures;                                                              \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  void *Module;
  NevercPluginEntryFn Entry;
  NevercBootstrapAPI Bootstrap;
  unsigned char Buffer[sizeof(NevercPluginDescriptor) + 64];
  NevercPluginDescriptor *Out = (NevercPluginDescriptor *)(void *)Buffer;
  NevercStatus S;
  size_t I;

  if (argc != 3) {
    fprintf(stderr, "usage: %s <module> <plugin-id>\n", argv[0]);
    return 2;
  }
  Module = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!Module) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    return 1;
  }
  *(void **)(&Entry) = dlsym(Module, NEVERC_PLUGIN_ENTRY_POINT);
  if (!Entry) {
    fprintf(stderr, "plugin has no '%s' entry\n", NEVERC_PLUGIN_ENTRY_POINT);
    return 1;
  }
  memset(&Bootstrap, 0, sizeof(Bootstrap));
  Bootstrap.Header.StructSize = (uint32_t)sizeof(Bootstrap);
  Bootstrap.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  Bootstrap.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  Bootstrap.LLVMMajor = 22;

  memset(Buffer, 0, sizeof(Buffer));
  Out->Header.StructSize = (uint32_t)sizeof(NevercPluginDescriptor);
  EXPECT(Entry(NULL, Out).Code == NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT(Entry(&Bootstrap, NULL).Code == NEVERC_STATUS_INVALID_ARGUMENT);
  Out->Header.StructSize = 3;
  EXPECT(Entry(&Bootstrap, Out).Code == NEVERC_STATUS_INVALID_ARGUMENT);

  /* Capacity 16: only the header may be written. */
  memset(Buffer, 0xAB, sizeof(Buffer));
  Out->Header.StructSize = 16;
  S = Entry(&Bootstrap, Out);
  EXPECT(S.Code == NEVERC_STATUS_OK);
  EXPECT(Out->Header.StructSize == sizeof(NevercPluginDescriptor));
  for (I = 16; I < sizeof(Buffer); ++I)
    EXPECT(Buffer[I] == 0xAB);

  /* Full capacity. */
  memset(Buffer, 0, sizeof(Buffer));
  Out->Header.StructSize = (uint32_t)sizeof(NevercPluginDescriptor);
  S = Entry(&Bootstrap, Out);
  EXPECT(neverc_status_is_ok(S));
  EXPECT(Out->Header.StructSize == sizeof(NevercPluginDescriptor));
  EXPECT(Out->Header.Major == NEVERC_PLUGIN_ABI_MAJOR);
  EXPECT(Out->PluginID.Length == strlen(argv[2]) &&
         memcmp(Out->PluginID.Data, argv[2], Out->PluginID.Length) == 0);
  EXPECT(Out->Register != NULL);
  EXPECT(Out->Version.Major == 1 && Out->Version.Minor == 0 && Out->Version.Patch == 0);
  if (Out->Register) {
    S = Out->Register(NULL, NULL, NULL, NULL);
    EXPECT(neverc_status_is_ok(S));
  }
  dlclose(Module);
  printf("%s: %s\n", argv[1], Failures ? "FAILED" : "entry hand-off ok");
  return Failures ? 1 : 0;
}
