/*
 * Test plugin for the command-line tests: registers one option of every
 * form and prints, at SessionBegin, every value the host recorded for each
 * of them ("test.options: <spelling>[<i>] = '<value>'", or "count=0").
 *
 *   -DWITH_REQUIRED   also registers --opt-required (SEPARATE, Required)
 *   -DFAIL_REGISTER   Register fails with PLUGIN_FAILURE after printing
 *   -DERROR_AT_START  emits an ERROR diagnostic from a raw_arguments observer
 *   -DERROR_AT_JOB    emits an ERROR diagnostic after each executed job
 *   -DPLUGIN_ID=...   plugin ID (default "test.options"); with -DPREFIX=...
 *                     the option spellings start with PREFIX instead of
 *                     "--opt-" so two builds can be loaded together.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#ifndef PLUGIN_ID
#define PLUGIN_ID "test.options"
#endif
#ifndef PREFIX
#define PREFIX "--opt-"
#endif

/* Some helpers go unused in some configurations. */
#define MAYBE_UNUSED __attribute__((unused))

static const char *const Spellings[] = {
    PREFIX "flag", PREFIX "joined",  PREFIX "sep",      PREFIX "multi",
    PREFIX "value", PREFIX "checked", PREFIX "required",
};

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

/* Rejects every value that starts with "bad". */
MAYBE_UNUSED static NevercStatus NEVERC_CALL validate(
    const NevercOptionValidationContext *Context, NevercStringView Value,
    void *UserData) {
  (void)UserData;
  fprintf(stderr, PLUGIN_ID ": validator %.*s occurrence %llu value '%.*s'\n",
          (int)Context->Spelling.Length, Context->Spelling.Data,
          (unsigned long long)Context->Occurrence, (int)Value.Length,
          Value.Data ? Value.Data : "");
  if (Value.Length >= 3 && memcmp(Value.Data, "bad", 3) == 0)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  return neverc_status_ok();
}

MAYBE_UNUSED static NevercStatus addOption(const NevercRegistrarAPI *Reg, void *Ctx,
                              const char *Spelling, NevercOptionForm Form,
                              NevercOptionValueType Type,
                              NevercOptionMultiplicity Multiplicity,
                              uint32_t ArgumentCount, int Required,
                              NevercOptionValidatorFn Validator) {
  NevercOptionDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header.StructSize = sizeof O;
  O.Header.Major = NEVERC_DRIVER_API_MAJOR;
  O.Header.Minor = NEVERC_DRIVER_API_MINOR;
  O.Spelling = sv(Spelling);
  O.Form = Form;
  O.ValueType = Type;
  O.Multiplicity = Multiplicity;
  O.ArgumentCount = ArgumentCount;
  O.Required = Required ? NEVERC_TRUE : NEVERC_FALSE;
  O.Help = sv("test option");
  O.Validator = Validator;
  return Reg->RegisterOption(Ctx, &O);
}

static const NevercCoreAPI *CoreTable; /* set in Register; read-only after */

MAYBE_UNUSED static void emitError(const char *Phase, const char *Message) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.Severity = NEVERC_DIAGNOSTIC_ERROR;
  D.Code = 42;
  D.PluginID = sv(PLUGIN_ID);
  D.PhaseID = sv(Phase);
  D.Message = sv(Message);
  CoreTable->EmitDiagnostic(CoreTable->Context, &D, NULL);
}

MAYBE_UNUSED static NevercStatus NEVERC_CALL onPhase(const NevercPhaseFrame *Frame,
                                        NevercObserverPoint Point,
                                        void *UserData) {
  (void)Point, (void)UserData;
  if (Frame->Phase.Low == NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_LOW)
    emitError(NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_NAME,
              "test.options refuses this compile");
  else
    emitError(NEVERC_PHASE_DRIVER_EXECUTE_JOB_NAME,
              "test.options refuses this job's output");
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL doRegister(const NevercCoreAPI *Core,
                                           const NevercRegistrarAPI *Reg,
                                           void *Ctx, void *ProcessState) {
  NevercStatus S;
  (void)ProcessState;
  CoreTable = Core;
  fprintf(stderr, PLUGIN_ID ": Register\n");
#ifdef FAIL_REGISTER
  (void)Reg, (void)Ctx, (void)S;
  return status(NEVERC_STATUS_PLUGIN_FAILURE);
#else
  S = addOption(Reg, Ctx, Spellings[0], NEVERC_OPTION_FLAG, NEVERC_OPTION_BOOL,
                NEVERC_OPTION_SINGLE, 0, 0, NULL);
  if (neverc_status_is_ok(S))
    S = addOption(Reg, Ctx, Spellings[1], NEVERC_OPTION_JOINED,
                  NEVERC_OPTION_STRING, NEVERC_OPTION_APPEND, 0, 0, NULL);
  if (neverc_status_is_ok(S))
    S = addOption(Reg, Ctx, Spellings[2], NEVERC_OPTION_SEPARATE,
                  NEVERC_OPTION_STRING, NEVERC_OPTION_LAST_WINS, 0, 0, NULL);
  if (neverc_status_is_ok(S))
    S = addOption(Reg, Ctx, Spellings[3], NEVERC_OPTION_MULTI_ARG,
                  NEVERC_OPTION_STRING, NEVERC_OPTION_APPEND, 2, 0, NULL);
  if (neverc_status_is_ok(S))
    S = addOption(Reg, Ctx, Spellings[4], NEVERC_OPTION_SEPARATE,
                  NEVERC_OPTION_STRING, NEVERC_OPTION_SINGLE, 0, 0, NULL);
  if (neverc_status_is_ok(S))
    S = addOption(Reg, Ctx, Spellings[5], NEVERC_OPTION_SEPARATE,
                  NEVERC_OPTION_STRING, NEVERC_OPTION_APPEND, 0, 0, validate);
#ifdef WITH_REQUIRED
  if (neverc_status_is_ok(S))
    S = addOption(Reg, Ctx, Spellings[6], NEVERC_OPTION_SEPARATE,
                  NEVERC_OPTION_STRING, NEVERC_OPTION_SINGLE, 0, 1, NULL);
#endif
#if defined(ERROR_AT_START) || defined(ERROR_AT_JOB)
  if (neverc_status_is_ok(S)) {
    NevercObserverDescriptor O;
    memset(&O, 0, sizeof O);
    O.Header.StructSize = sizeof O;
    O.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    O.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
#ifdef ERROR_AT_START
    O.Phase.High = NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_HIGH;
    O.Phase.Low = NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_LOW;
    O.Points = NEVERC_OBSERVER_BEFORE;
#else
    O.Phase.High = NEVERC_PHASE_DRIVER_EXECUTE_JOB_HIGH;
    O.Phase.Low = NEVERC_PHASE_DRIVER_EXECUTE_JOB_LOW;
    O.Points = NEVERC_OBSERVER_AFTER;
#endif
    O.Callback = onPhase;
    S = Reg->RegisterObserver(Ctx, &O);
  }
#endif
  return S;
#endif
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle Session,
                                             void *ProcessState,
                                             void **OutState) {
  size_t I;
  (void)ProcessState, (void)OutState;
  for (I = 0; I < sizeof Spellings / sizeof Spellings[0]; ++I) {
    uint64_t Count = 0, K;
    NevercStatus S = Core->GetPluginOptionValueCount(
        Core->Context, Session, sv(PLUGIN_ID), sv(Spellings[I]), &Count);
    if (!neverc_status_is_ok(S)) {
      if (S.Code != NEVERC_STATUS_NOT_FOUND)
        return S;
      continue; /* not registered in this build */
    }
    if (Count == 0)
      fprintf(stderr, PLUGIN_ID ": %s count=0\n", Spellings[I]);
    for (K = 0; K < Count; ++K) {
      NevercStringView V;
      V.Data = NULL;
      V.Length = 0;
      S = Core->GetPluginOptionValue(Core->Context, Session, sv(PLUGIN_ID),
                                     sv(Spellings[I]), K, &V);
      if (!neverc_status_is_ok(S))
        return S;
      fprintf(stderr, PLUGIN_ID ": %s[%llu] = '%.*s'\n", Spellings[I],
              (unsigned long long)K, (int)V.Length, V.Data ? V.Data : "");
    }
  }
  return neverc_status_ok();
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
  D.PluginID = sv(PLUGIN_ID);
  D.DisplayName = sv("Option test plugin");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.Register = doRegister;
  D.SessionBegin = sessionBegin;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
