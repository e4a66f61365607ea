/*
 * MCObserverPlugin: read-only observation of machine-code emission.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include MCObserverPlugin.c \
 *      -o MCObserverPlugin.so
 *   neverc -fplugin=MCObserverPlugin.so -c in.c -o in.o
 *
 * (CMake target neverc-plugin-example-mc-observer.)
 *
 * - one observer on neverc.mc.emission.pre_instruction, at BEFORE only: the
 *   host calls it once for every instruction LLVM's integrated assembler
 *   encodes into the object (compiled C and inline assembly alike), before
 *   it is encoded;
 * - emits one remark (code 4401) per instruction; it calls no MC table,
 *   so it needs nothing but the core table, which it keeps as UserData;
 * - any other observer point is a contract breach: INVALID_ARGUMENT;
 * - changes nothing: the object is byte-identical to one compiled without
 *   the plugin.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <string.h>

#define MC_OBSERVER_ID "org.neverc.example.mc-observer"
#define MC_OBSERVER_CODE 4401u

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

static NevercStatus NEVERC_CALL onInstruction(const NevercPhaseFrame *Frame,
                                              NevercObserverPoint Point,
                                              void *UserData) {
  const NevercCoreAPI *Core = (const NevercCoreAPI *)UserData;
  NevercDiagnosticDescriptor D;
  (void)Frame;
  if (Point != NEVERC_OBSERVER_BEFORE)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_REMARK;
  D.Code = MC_OBSERVER_CODE;
  D.PluginID = sv(MC_OBSERVER_ID);
  D.PhaseID = sv(NEVERC_PHASE_MC_EMISSION_PRE_INSTRUCTION_NAME);
  D.Message = sv("mc-observer: instruction");
  return Core->EmitDiagnostic(Core->Context, &D, NULL);
}

static NevercStatus NEVERC_CALL observerRegister(const NevercCoreAPI *Core,
                                                 const NevercRegistrarAPI *Reg,
                                                 void *Ctx,
                                                 void *ProcessState) {
  NevercObserverDescriptor O;
  (void)ProcessState;
  memset(&O, 0, sizeof O);
  O.Header = header(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_MC_EMISSION_PRE_INSTRUCTION_HIGH;
  O.Phase.Low = NEVERC_PHASE_MC_EMISSION_PRE_INSTRUCTION_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE;
  O.Callback = onInstruction;
  O.UserData = (void *)Core;
  return Reg->RegisterObserver(Ctx, &O);
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
  D.PluginID = sv(MC_OBSERVER_ID);
  D.DisplayName = sv("MC emission observer");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_THREAD_SAFE;
  D.Reentrancy = NEVERC_REENTRANCY_NONE;
  D.Register = observerRegister;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
