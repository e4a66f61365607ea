/* A plugin whose descriptor speaks plugin ABI major 2; the host speaks 1
 * and must refuse it before any callback (Register prints if reached). */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

static NevercStatus NEVERC_CALL doRegister(const NevercCoreAPI *Core,
                                           const NevercRegistrarAPI *Reg,
                                           void *Ctx, void *ProcessState) {
  (void)Core, (void)Reg, (void)Ctx, (void)ProcessState;
  fprintf(stderr, "abi2: Register ran\n");
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL processBegin(const NevercCoreAPI *Core,
                                             void **Out) {
  (void)Core, (void)Out;
  fprintf(stderr, "abi2: ProcessBegin ran\n");
  return neverc_status_ok();
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4) {
    NevercStatus S = neverc_status_ok();
    S.Code = NEVERC_STATUS_INVALID_ARGUMENT;
    return S;
  }
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = 2;
  D.Header.Minor = 0;
  D.PluginID.Data = "test.abi-major-2";
  D.PluginID.Length = strlen(D.PluginID.Data);
  D.Version.Major = 1;
  D.ProcessBegin = processBegin;
  D.Register = doRegister;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
