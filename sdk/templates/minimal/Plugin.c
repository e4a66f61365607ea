/*
 * Minimal neverc plugin: the smallest module the host will load.
 *
 * It exports neverc_plugin_entry, fills in a plugin descriptor and registers
 * nothing. Copy this directory to start a new plugin; change the plugin ID
 * first (it keys per-session and per-task state in the host).
 *
 * Build with the SDK's CMake package (see CMakeLists.txt) or directly:
 *   cc -shared -fPIC $(pkg-config --cflags neverc-plugin) -o MinimalPlugin.so Plugin.c
 */
#include <string.h>

#include "neverc/Plugin/NevercPluginAPI.h"

#define MINIMAL_PLUGIN_ID "com.example.minimal"
#define MINIMAL_DISPLAY_NAME "Minimal Plugin"

static NevercStatus make_status(NevercStatusCode Code) {
  NevercStatus Status = neverc_status_ok();
  Status.Code = Code;
  return Status;
}

static NevercStatus NEVERC_CALL minimal_process_begin(const NevercCoreAPI *Core,
                                                      void **OutProcessState) {
  (void)Core;
  if (OutProcessState == NULL)
    return make_status(NEVERC_STATUS_INVALID_ARGUMENT);
  /* No process state: keep mutable state in host-supplied scopes. */
  *OutProcessState = NULL;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL minimal_register(
    const NevercCoreAPI *Core, const NevercRegistrarAPI *Registrar,
    void *RegistrarContext, void *ProcessState) {
  /* Observers, interceptors, providers and options would be registered here
   * through Registrar->Register*(RegistrarContext, &Descriptor). */
  (void)Core;
  (void)Registrar;
  (void)RegistrarContext;
  (void)ProcessState;
  return neverc_status_ok();
}

NEVERC_EXPORT NevercStatus NEVERC_CALL neverc_plugin_entry(
    const NevercBootstrapAPI *Bootstrap, NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor Descriptor;
  uint32_t Capacity;
  size_t Copy;

  if (Bootstrap == NULL || OutPlugin == NULL)
    return make_status(NEVERC_STATUS_INVALID_ARGUMENT);
  /* On entry Header.StructSize is the number of writable bytes; at least
   * the StructSize member itself must fit. */
  Capacity = OutPlugin->Header.StructSize;
  if (Capacity < sizeof(uint32_t))
    return make_status(NEVERC_STATUS_INVALID_ARGUMENT);

  memset(&Descriptor, 0, sizeof(Descriptor));
  Descriptor.Header.StructSize = (uint32_t)sizeof(Descriptor);
  Descriptor.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  Descriptor.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  Descriptor.Header.Flags = 0;
  Descriptor.PluginID.Data = MINIMAL_PLUGIN_ID;
  Descriptor.PluginID.Length = sizeof(MINIMAL_PLUGIN_ID) - 1;
  Descriptor.DisplayName.Data = MINIMAL_DISPLAY_NAME;
  Descriptor.DisplayName.Length = sizeof(MINIMAL_DISPLAY_NAME) - 1;
  Descriptor.Version.Major = 1;
  Descriptor.Version.Minor = 0;
  Descriptor.Version.Patch = 0;
  Descriptor.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  Descriptor.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  Descriptor.ProcessBegin = minimal_process_begin;
  Descriptor.Register = minimal_register;

  /* Write no more than the host offered; Header.StructSize (first member)
   * then tells the host how large our descriptor really is. */
  Copy = Capacity < sizeof(Descriptor) ? (size_t)Capacity : sizeof(Descriptor);
  memcpy(OutPlugin, &Descriptor, Copy);
  return neverc_status_ok();
}
