/*
 * MisbehavePlugin.c -- one source, compiled once per case with -DCASE_<NAME>
 * (and -DMB_CASE_NAME=<name>), into the modules the misbehaving-plugin suite
 * loads (tests/unit/core/MisbehaveTest.cpp). Each case breaks exactly one
 * rule of the plugin ABI (core.md §6-§13, H1-H39), or -- for the positive
 * controls -- follows them all.
 *
 * Convention for statuses the plugin observes itself (registrar and core
 * calls): the plugin emits a NOTE diagnostic whose message contains
 * "observed=<decimal NevercStatusCode>;" and otherwise carries on as a well
 * behaved plugin would (Register still returns OK, etc.). The test finds the
 * text through its CollectingDiagnosticSink. Other marker messages start
 * with "mb-".
 *
 * Without a CASE_* define the module is a well-behaved plugin that
 * registers nothing. Pure C11 (plus pthreads for the one threading case);
 * compiles with -std=c11 -Wall -Wextra -Werror.
 */
#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginDriver.h"
#include "neverc/Plugin/PluginPhaseSchema.h"

#include "MisbehaveTestAPI.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(CASE_CONT_OTHER_THREAD)
#include <pthread.h>
#endif

#define MB_STR2(x) #x
#define MB_STR(x) MB_STR2(x)
#ifndef MB_CASE_NAME
#define MB_CASE_NAME unnamed
#endif
#if defined(CASE_DUP_ID_A) || defined(CASE_DUP_ID_B)
/* Two modules, one identity (H4: DUPLICATE_ID). */
#define MB_PLUGIN_ID "org.neverc.test.mb.dup"
#endif
#ifndef MB_PLUGIN_ID
#define MB_PLUGIN_ID "org.neverc.test.mb." MB_STR(MB_CASE_NAME)
#endif

#if defined(__GNUC__) || defined(__clang__)
#define MB_UNUSED __attribute__((unused))
#else
#define MB_UNUSED
#endif

/* The pieces below are one translation unit, split by concern: every
 * module is this file compiled with one -DCASE_<NAME>. */
#include "MisbehaveSupport.inc"
#include "MisbehaveCasesResults.inc"
#include "MisbehaveCasesHost.inc"

/* ===== defaults for the hooks a case did not define ==================== */

#ifndef MB_HAVE_DESCRIPTOR
static MB_UNUSED void mb_case_descriptor(NevercPluginDescriptor *D) { (void)D; }
#endif
#ifndef MB_HAVE_ENTRY_STATUS
static MB_UNUSED NevercStatus mb_case_entry_status(void) {
  return neverc_status_ok();
}
#endif
#ifndef MB_HAVE_PROCESS_BEGIN
static NevercStatus mb_case_process_begin(MbProcess *P) {
  (void)P;
  return neverc_status_ok();
}
#endif
#ifndef MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  (void)P;
  return neverc_status_ok();
}
#endif
#ifndef MB_HAVE_SESSION_BEGIN
static NevercStatus mb_case_session_begin(MbProcess *P, NevercSessionHandle S) {
  (void)P;
  (void)S;
  return neverc_status_ok();
}
#endif
#ifndef MB_HAVE_TASK_BEGIN
static NevercStatus mb_case_task_begin(MbProcess *P, NevercTaskHandle T) {
  (void)P;
  (void)T;
  return neverc_status_ok();
}
#endif

/* ===== skeleton ======================================================== */

#if defined(CASE_HONOURS_CAPACITY)
/* Run with a capacity that hides Destroy: nothing could free a heap state,
 * so this case keeps it in static storage. */
#define MB_STATIC_PROCESS
static MbProcess MbStaticProcess;
#endif

static MB_UNUSED NevercStatus NEVERC_CALL
mb_process_begin(const NevercCoreAPI *Core, void **OutProcessState) {
#if defined(MB_STATIC_PROCESS)
  MbProcess *P = &MbStaticProcess;
  memset(P, 0, sizeof *P);
#else
  MbProcess *P = (MbProcess *)calloc(1, sizeof(MbProcess));
#endif
  NevercStatus S;
  if (!P)
    return mb_status(NEVERC_STATUS_RESOURCE_EXHAUSTED, 0, 0);
  P->Core = Core;
  *OutProcessState = P;
  S = mb_case_process_begin(P);
  if (S.Code != NEVERC_STATUS_OK) {
    /* A failed ProcessBegin cleans up after itself. */
#if !defined(MB_STATIC_PROCESS)
    free(P);
#endif
    *OutProcessState = NULL;
  }
  return S;
}

static MB_UNUSED NevercStatus NEVERC_CALL
mb_register(const NevercCoreAPI *Core, const NevercRegistrarAPI *Registrar,
            void *RegistrarContext, void *ProcessState) {
  MbProcess *P = (MbProcess *)ProcessState;
  if (!P)
    return mb_status(NEVERC_STATUS_INVALID_STATE, 0, 0);
  P->Core = Core;
  /* Kept on purpose: CASE_REGISTER_AFTER_FREEZE uses them later. */
  P->Registrar = Registrar;
  P->RegistrarContext = RegistrarContext;
  return mb_case_register(P);
}

static MB_UNUSED NevercStatus NEVERC_CALL
mb_session_begin(const NevercCoreAPI *Core, NevercSessionHandle Session,
                 void *ProcessState, void **OutSessionState) {
  MbProcess *P = (MbProcess *)ProcessState;
  NevercStatus S;
  (void)Core;
  S = mb_case_session_begin(P, Session);
  if (P->Sessions++ == 0)
    P->FirstSession = Session;
  *OutSessionState = &P->SessionTag;
  return S;
}

static MB_UNUSED NevercStatus NEVERC_CALL
mb_session_end(const NevercCoreAPI *Core, NevercSessionHandle Session,
               void *ProcessState, void *SessionState) {
  (void)Core;
  (void)Session;
  (void)ProcessState;
  (void)SessionState;
  return neverc_status_ok();
}

static MB_UNUSED NevercStatus NEVERC_CALL mb_task_begin(
    const NevercCoreAPI *Core, NevercTaskHandle Task, NevercTaskKind Kind,
    void *ProcessState, void *SessionState, void **OutTaskState) {
  MbProcess *P = (MbProcess *)ProcessState;
  NevercStatus S;
  (void)Core;
  (void)Kind;
  (void)SessionState;
  S = mb_case_task_begin(P, Task);
  if (P->Tasks++ == 0)
    P->FirstTask = Task;
  *OutTaskState = &P->TaskTag;
  return S;
}

static MB_UNUSED NevercStatus NEVERC_CALL mb_task_end(
    const NevercCoreAPI *Core, NevercTaskHandle Task, NevercTaskKind Kind,
    void *ProcessState, void *SessionState, void *TaskState) {
  (void)Core;
  (void)Task;
  (void)Kind;
  (void)ProcessState;
  (void)SessionState;
  (void)TaskState;
  return neverc_status_ok();
}

static MB_UNUSED NevercStatus NEVERC_CALL mb_destroy(const NevercCoreAPI *Core,
                                                     void *ProcessState) {
  (void)Core;
#if !defined(MB_STATIC_PROCESS)
  free(ProcessState);
#else
  (void)ProcessState;
#endif
  return neverc_status_ok();
}

#if defined(CASE_LEGACY_ONLY)
/* The removed prototype entry point only (H1). Never called by the host. */
NEVERC_EXPORT const void *nevercGetPluginInfo(void);
NEVERC_EXPORT const void *nevercGetPluginInfo(void) {
  abort(); /* the host must not call anything in this module */
}
#endif

#if !defined(CASE_NO_ENTRY) && !defined(CASE_LEGACY_ONLY)
/* The SDK template's entry: refuse NULL or a capacity < 4, build a zeroed
 * local descriptor, copy min(capacity, sizeof) bytes. */
NEVERC_EXPORT NevercStatus NEVERC_CALL neverc_plugin_entry(
    const NevercBootstrapAPI *Bootstrap, NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  size_t Bytes;
  if (!Bootstrap || !OutPlugin)
    return mb_status(NEVERC_STATUS_INVALID_ARGUMENT, 0, 0);
  Capacity = OutPlugin->Header.StructSize;
  if (Capacity < 4)
    return mb_status(NEVERC_STATUS_INVALID_ARGUMENT, 0, 0);
  memset(&D, 0, sizeof D);
  D.Header = mb_header((uint32_t)sizeof D, NEVERC_PLUGIN_ABI_MAJOR,
                       NEVERC_PLUGIN_ABI_MINOR);
  D.PluginID = mb_sv(MB_PLUGIN_ID);
  D.DisplayName = mb_sv("misbehave " MB_STR(MB_CASE_NAME));
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = mb_process_begin;
  D.Register = mb_register;
  D.SessionBegin = mb_session_begin;
  D.SessionEnd = mb_session_end;
  D.TaskBegin = mb_task_begin;
  D.TaskEnd = mb_task_end;
  D.Destroy = mb_destroy;
  mb_case_descriptor(&D);
  Bytes = Capacity < sizeof D ? Capacity : sizeof D;
#if defined(MB_IGNORE_CAPACITY)
  Bytes = sizeof D;
#endif
  memcpy(OutPlugin, &D, Bytes);
  return mb_case_entry_status();
}
#endif
