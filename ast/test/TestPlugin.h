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

#include <string.h>

static NevercStatus status(NevercStatusCode C) {
  NevercStatus S;
  S.Code = C;
  S.Flags = 0;
  S.Detail = 0;
  return S;
}

/* Fills the descriptor within the capacity the host offers. */
static NevercStatus testPluginEntry(const NevercBootstrapAPI *Bootstrap,
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
