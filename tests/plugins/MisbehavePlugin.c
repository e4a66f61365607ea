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

/* ===== helpers ========================================================= */

static MB_UNUSED NevercStatus mb_status(NevercStatusCode Code,
                                        NevercStatusFlags Flags,
                                        uint64_t Detail) {
  NevercStatus S;
  S.Code = Code;
  S.Flags = Flags;
  S.Detail = Detail;
  return S;
}

static MB_UNUSED NevercStatus mb_fail(void) {
  return mb_status(NEVERC_STATUS_PLUGIN_FAILURE, 0, 0);
}

static MB_UNUSED NevercInterfaceID mb_id(uint64_t High, uint64_t Low) {
  NevercInterfaceID ID;
  ID.High = High;
  ID.Low = Low;
  return ID;
}

static MB_UNUSED NevercABITableHeader mb_header(uint32_t Size, uint16_t Major,
                                                uint16_t Minor) {
  NevercABITableHeader H;
  H.StructSize = Size;
  H.Major = Major;
  H.Minor = Minor;
  H.Flags = 0;
  return H;
}

static MB_UNUSED NevercStringView mb_sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = S ? (uint64_t)strlen(S) : 0;
  return V;
}

static MB_UNUSED NevercHandle mb_null_handle(void) {
  NevercHandle H;
  H.Owner = 0;
  H.Value = 0;
  return H;
}

/* Phases the cases use. */
#define MB_RAW                                                                 \
  mb_id(NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_HIGH,                                \
        NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_LOW) /* O|I, in == out */
#define MB_TOKEN                                                               \
  mb_id(NEVERC_PHASE_PREP_TOKEN_HIGH,                                          \
        NEVERC_PHASE_PREP_TOKEN_LOW) /* O|I|R, in == out */
#define MB_SEALED                                                              \
  mb_id(NEVERC_PHASE_IR_FINAL_VERIFY_HIGH,                                     \
        NEVERC_PHASE_IR_FINAL_VERIFY_LOW) /* O|G */
#define MB_EVENT                                                               \
  mb_id(NEVERC_PHASE_SOURCE_AFTER_OPEN_HIGH,                                   \
        NEVERC_PHASE_SOURCE_AFTER_OPEN_LOW)               /* O, event */
#define MB_EXT mb_id(MB_EXT_PHASE_HIGH, MB_EXT_PHASE_LOW) /* O|I|R|S */
#define MB_UNKNOWN mb_id(UINT64_C(0x4e43544553547878), UINT64_C(0x1234))

/* Emits a NOTE attributed to this plugin. */
static MB_UNUSED void mb_emit(const NevercCoreAPI *Core, const char *Format,
                              ...) {
  char Buffer[512];
  va_list Args;
  NevercDiagnosticDescriptor D;
  if (!Core || !Core->EmitDiagnostic)
    return;
  va_start(Args, Format);
  vsnprintf(Buffer, sizeof Buffer, Format, Args);
  va_end(Args);
  memset(&D, 0, sizeof D);
  D.Header = mb_header((uint32_t)sizeof D, NEVERC_CORE_API_MAJOR,
                       NEVERC_CORE_API_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_NOTE;
  D.PluginID = mb_sv(MB_PLUGIN_ID);
  D.Message = mb_sv(Buffer);
  Core->EmitDiagnostic(Core->Context, &D, NULL);
}

static MB_UNUSED void mb_observed(const NevercCoreAPI *Core, NevercStatus S) {
  mb_emit(Core, "observed=%d;", (int)S.Code);
}

/* ===== process state =================================================== */

/* UserData the host must destroy exactly once (H32), or never when the
 * registrar call failed (H33). Lives inside MbProcess, which Destroy frees
 * after every DestroyUserData has run. */
typedef struct MbTracked {
  const NevercCoreAPI *Core;
  unsigned Destroyed;
} MbTracked;

typedef struct MbProcess {
  const NevercCoreAPI *Core;
  const NevercRegistrarAPI *Registrar;
  void *RegistrarContext;
  unsigned Sessions, Tasks;
  NevercSessionHandle FirstSession;
  NevercTaskHandle FirstTask;
  /* Kept past the interceptor's return (CASE_CONT_AFTER_RETURN). */
  NevercPhaseContinuation *KeptContinuation;
  NevercInvokeNextFn KeptInvokeNext;
  MbTracked Tracked[4];
  unsigned NextTracked;
  int SessionTag, TaskTag;
} MbProcess;

static MB_UNUSED void NEVERC_CALL mb_destroy_tracked(void *UserData) {
  MbTracked *T = (MbTracked *)UserData;
  T->Destroyed++;
  mb_emit(T->Core, "mb-destroyed count=%u", T->Destroyed);
}

static MB_UNUSED MbTracked *mb_tracked(MbProcess *P) {
  MbTracked *T = &P->Tracked[P->NextTracked++ % 4];
  T->Core = P->Core;
  T->Destroyed = 0;
  return T;
}

static MB_UNUSED const MbTestAPI *mb_test_api(const NevercCoreAPI *Core) {
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S = Core->QueryInterface(
      Core->Context, mb_id(MB_TEST_INTERFACE_HIGH, MB_TEST_INTERFACE_LOW),
      MB_TEST_API_MAJOR, 0, &Table, &Minor, &Size);
  if (S.Code != NEVERC_STATUS_OK || Size < sizeof(MbTestAPI))
    return NULL;
  return (const MbTestAPI *)Table;
}

static MB_UNUSED NevercProofHandle mb_make_proof(const NevercCoreAPI *Core,
                                                 const NevercPhaseFrame *F) {
  const MbTestAPI *T = mb_test_api(Core);
  NevercProofHandle Proof = mb_null_handle();
  if (T)
    T->MakeProof(T->Context, F->Task, F->Phase, &Proof);
  return Proof;
}

/* A table a plugin publishes with RegisterInterface: like every capability
 * table it starts with its own header (size, major 1, minor 0). */
typedef struct MbPublishedAPI {
  NevercABITableHeader Header;
  void *Context;
} MbPublishedAPI;

/* ===== registration helpers ============================================ */

static MB_UNUSED NevercObserverDescriptor
mb_observer_desc(NevercInterfaceID Phase, NevercObserverPoint Points,
                 NevercPhaseObserverFn Callback, void *UserData) {
  NevercObserverDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = mb_header((uint32_t)sizeof D, NEVERC_CORE_API_MAJOR,
                       NEVERC_CORE_API_MINOR);
  D.Phase = Phase;
  D.Points = Points;
  D.Callback = Callback;
  D.UserData = UserData;
  return D;
}

static MB_UNUSED NevercInterceptorDescriptor
mb_interceptor_desc(NevercInterfaceID Phase, NevercPhaseInterceptorFn Callback,
                    void *UserData) {
  NevercInterceptorDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = mb_header((uint32_t)sizeof D, NEVERC_CORE_API_MAJOR,
                       NEVERC_CORE_API_MINOR);
  D.Phase = Phase;
  D.Callback = Callback;
  D.UserData = UserData;
  return D;
}

static MB_UNUSED NevercProviderDescriptor
mb_provider_desc(NevercInterfaceID Phase, const char *ProviderID,
                 NevercPhaseProviderFn Callback, void *UserData) {
  NevercProviderDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = mb_header((uint32_t)sizeof D, NEVERC_CORE_API_MAJOR,
                       NEVERC_CORE_API_MINOR);
  D.Phase = Phase;
  D.ProviderID = mb_sv(ProviderID);
  D.Route.Header = mb_header((uint32_t)sizeof D.Route, NEVERC_CORE_API_MAJOR,
                             NEVERC_CORE_API_MINOR);
  D.Deterministic = NEVERC_TRUE;
  D.Cacheable = NEVERC_FALSE;
  D.FallbackSafe = NEVERC_FALSE;
  D.Callback = Callback;
  D.UserData = UserData;
  return D;
}

static MB_UNUSED NevercPhaseDescriptor
mb_phase_desc(NevercPhasePolicy Policy, NevercObserverPoint Points) {
  NevercPhaseDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = mb_header((uint32_t)sizeof D, NEVERC_CORE_API_MAJOR,
                       NEVERC_CORE_API_MINOR);
  D.Phase = MB_EXT;
  D.CanonicalName = mb_sv(MB_EXT_PHASE_NAME);
  D.InputArtifact = mb_id(MB_TEST_ARTIFACT_HIGH, MB_TEST_ARTIFACT_LOW);
  D.OutputArtifact = mb_id(MB_TEST_ARTIFACT_HIGH, MB_TEST_ARTIFACT_LOW);
  D.Policy = Policy;
  D.ObserverPoints = Points;
  return D;
}

/* The test-only skippable phase: O|I|R|S, BEFORE|AFTER. */
static MB_UNUSED NevercStatus mb_register_ext_phase(MbProcess *P) {
  NevercPhaseDescriptor D = mb_phase_desc(
      NEVERC_PHASE_OBSERVABLE | NEVERC_PHASE_INTERCEPTABLE |
          NEVERC_PHASE_REPLACEABLE | NEVERC_PHASE_SKIPPABLE_WITH_PROOF,
      NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER);
  return P->Registrar->RegisterPhase(P->RegistrarContext, &D);
}

static MB_UNUSED NevercStatus mb_observe_on(MbProcess *P,
                                            NevercInterfaceID Phase,
                                            NevercObserverPoint Points,
                                            NevercPhaseObserverFn Callback) {
  NevercObserverDescriptor D = mb_observer_desc(Phase, Points, Callback, P);
  return P->Registrar->RegisterObserver(P->RegistrarContext, &D);
}

static MB_UNUSED NevercStatus mb_intercept_on(
    MbProcess *P, NevercInterfaceID Phase, NevercPhaseInterceptorFn Callback) {
  NevercInterceptorDescriptor D = mb_interceptor_desc(Phase, Callback, P);
  return P->Registrar->RegisterInterceptor(P->RegistrarContext, &D);
}

static MB_UNUSED NevercStatus mb_provide_on(MbProcess *P,
                                            NevercInterfaceID Phase,
                                            NevercPhaseProviderFn Callback,
                                            NevercBool FallbackSafe) {
  NevercProviderDescriptor D =
      mb_provider_desc(Phase, "org.neverc.test.mb-provider", Callback, P);
  D.FallbackSafe = FallbackSafe;
  return P->Registrar->RegisterProvider(P->RegistrarContext, &D);
}

/* ===== reusable phase callbacks ======================================== */

static MB_UNUSED void mb_result(NevercPhaseResult *R, NevercPhaseAction Action,
                                NevercArtifactHandle Output,
                                NevercProofHandle Proof) {
  memset(R, 0, sizeof *R);
  R->Header = mb_header((uint32_t)sizeof *R, NEVERC_CORE_API_MAJOR,
                        NEVERC_CORE_API_MINOR);
  R->Action = Action;
  R->Output = Output;
  R->Proof = Proof;
}

static MB_UNUSED NevercStatus mb_invoke_next(NevercPhaseContinuation *C,
                                             const NevercPhaseFrame *F) {
  NevercPhaseResult Downstream;
  mb_result(&Downstream, NEVERC_PHASE_CONTINUE, mb_null_handle(),
            mb_null_handle());
  return C->InvokeNext(C, F, &Downstream);
}

static MB_UNUSED NevercStatus NEVERC_CALL mb_cb_note_observer(
    const NevercPhaseFrame *F, NevercObserverPoint Point, void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  (void)F;
  mb_emit(P->Core, "mb-observer point=%u", (unsigned)Point);
  return neverc_status_ok();
}

/* CONTINUE after exactly one InvokeNext; a failing downstream is passed on. */
static MB_UNUSED NevercStatus NEVERC_CALL
mb_cb_continue(const NevercPhaseFrame *F, NevercPhaseContinuation *C,
               NevercPhaseResult *Out, void *UserData) {
  (void)UserData;
  NevercStatus S = mb_invoke_next(C, F);
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  return S;
}

/* REPLACE with the input artifact (phases whose input and output types are
 * equal). */
static MB_UNUSED NevercStatus NEVERC_CALL
mb_cb_replace_input(const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                    NevercPhaseResult *Out, void *UserData) {
  (void)C;
  (void)UserData;
  mb_result(Out, NEVERC_PHASE_REPLACE, F->Input, mb_null_handle());
  return neverc_status_ok();
}

static MB_UNUSED NevercStatus NEVERC_CALL mb_cb_provide_input(
    const NevercPhaseFrame *F, NevercPhaseResult *Out, void *UserData) {
  (void)UserData;
  mb_result(Out, NEVERC_PHASE_REPLACE, F->Input, mb_null_handle());
  return neverc_status_ok();
}

/* ===== the cases ======================================================= */
/*
 * A case may define any of these hooks (and the matching MB_HAVE_* macro);
 * the skeleton below supplies defaults for the rest:
 *   void         mb_case_descriptor(NevercPluginDescriptor *D)
 *   NevercStatus mb_case_entry_status(void)
 *   NevercStatus mb_case_process_begin(MbProcess *P)
 *   NevercStatus mb_case_register(MbProcess *P)
 *   NevercStatus mb_case_session_begin(MbProcess *P, NevercSessionHandle S)
 *   NevercStatus mb_case_task_begin(MbProcess *P, NevercTaskHandle T)
 */

/* ---- positive controls ------------------------------------------------- */

#if defined(CASE_GOOD_MINIMAL)
/* Registers nothing (the defaults). */
#endif

#if defined(CASE_GOOD_OBSERVER)
#define MB_HAVE_REGISTER
#define MB_FRAME_OK(F)                                                         \
  ((F)->Header.StructSize >= sizeof(NevercPhaseFrame) &&                       \
   !neverc_handle_is_null((F)->Session) &&                                     \
   !neverc_handle_is_null((F)->Task) && !neverc_handle_is_null((F)->Input))
static NevercStatus NEVERC_CALL good_observer(const NevercPhaseFrame *F,
                                              NevercObserverPoint Point,
                                              void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  int RightPhase = F->Phase.High == NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_HIGH &&
                   F->Phase.Low == NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_LOW;
  int FrameOk = MB_FRAME_OK(F);
  mb_emit(P->Core, "mb-good-observer point=%u phase=%d frame=%d",
          (unsigned)Point, RightPhase, FrameOk);
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_observe_on(
      P, MB_RAW, NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER, good_observer);
}
#endif

#if defined(CASE_GOOD_INTERCEPTOR)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL good_interceptor(const NevercPhaseFrame *F,
                                                 NevercPhaseContinuation *C,
                                                 NevercPhaseResult *Out,
                                                 void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  NevercStatus S = mb_invoke_next(C, F);
  mb_emit(P->Core, "mb-good-interceptor next=%d", (int)S.Code);
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  return S;
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_RAW, good_interceptor);
}
#endif

#if defined(CASE_GOOD_PROVIDER)
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_provide_on(P, MB_TOKEN, mb_cb_provide_input, NEVERC_FALSE);
}
#endif

#if defined(CASE_GOOD_REPLACE)
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_TOKEN, mb_cb_replace_input);
}
#endif

#if defined(CASE_GOOD_SKIP)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL good_skip(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *Out,
                                          void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  NevercProofHandle Proof = mb_make_proof(P->Core, F);
  (void)C;
  mb_emit(P->Core, "mb-good-skip proof=%d", !neverc_handle_is_null(Proof));
  mb_result(Out, NEVERC_PHASE_SKIP, F->Input, Proof);
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus S = mb_register_ext_phase(P);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  return mb_intercept_on(P, MB_EXT, good_skip);
}
#endif

#if defined(CASE_GOOD_STATE)
/* H29/H39: frames carry begun scopes; Get*State returns our pointers. */
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL good_state(const NevercPhaseFrame *F,
                                           NevercObserverPoint Point,
                                           void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  void *Session = NULL, *Task = NULL;
  NevercStatus S1 = P->Core->GetSessionState(P->Core->Context, F->Session,
                                             mb_sv(MB_PLUGIN_ID), &Session);
  NevercStatus S2 = P->Core->GetTaskState(P->Core->Context, F->Task,
                                          mb_sv(MB_PLUGIN_ID), &Task);
  (void)Point;
  mb_emit(P->Core, "mb-state session=%d:%d task=%d:%d", (int)S1.Code,
          Session == &P->SessionTag, (int)S2.Code, Task == &P->TaskTag);
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_observe_on(P, MB_RAW, NEVERC_OBSERVER_BEFORE, good_state);
}
#endif

#if defined(CASE_GOOD_ALL)
/* Observer + interceptor + provider on one phase; each logs a sequence
 * marker so the test can check the execution order of core.md §10. */
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL all_observer(const NevercPhaseFrame *F,
                                             NevercObserverPoint Point,
                                             void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  (void)F;
  mb_emit(P->Core, "mb-seq:%s",
          Point == NEVERC_OBSERVER_BEFORE ? "before" : "after");
  return neverc_status_ok();
}
static NevercStatus NEVERC_CALL all_interceptor(const NevercPhaseFrame *F,
                                                NevercPhaseContinuation *C,
                                                NevercPhaseResult *Out,
                                                void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  NevercStatus S;
  mb_emit(P->Core, "mb-seq:intercept");
  S = mb_invoke_next(C, F);
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  return S;
}
static NevercStatus NEVERC_CALL all_provider(const NevercPhaseFrame *F,
                                             NevercPhaseResult *Out,
                                             void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  mb_emit(P->Core, "mb-seq:provide");
  mb_result(Out, NEVERC_PHASE_REPLACE, F->Input, mb_null_handle());
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus S =
      mb_observe_on(P, MB_TOKEN, NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER,
                    all_observer);
  if (S.Code == NEVERC_STATUS_OK)
    S = mb_intercept_on(P, MB_TOKEN, all_interceptor);
  if (S.Code == NEVERC_STATUS_OK)
    S = mb_provide_on(P, MB_TOKEN, all_provider, NEVERC_FALSE);
  return S;
}
#endif

#if defined(CASE_OBSERVER_ON_SEALED)
/* A sealed gate accepts observers. */
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_observe_on(P, MB_SEALED,
                       NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER,
                       mb_cb_note_observer);
}
#endif

#if defined(CASE_OBSERVER_UNDECLARED_POINTS)
/* H18: asks for BEFORE|AFTER|AFTER_COMMIT on a sealed commit, which declares
 * BEFORE|AFTER_COMMIT only: AFTER must never fire. */
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_observe_on(P,
                       mb_id(NEVERC_PHASE_ASSEMBLY_COMMIT_HIGH,
                             NEVERC_PHASE_ASSEMBLY_COMMIT_LOW),
                       NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER |
                           NEVERC_OBSERVER_AFTER_COMMIT,
                       mb_cb_note_observer);
}
#endif

#if defined(CASE_EVENT_OBSERVER) || defined(CASE_EVENT_OBSERVER_FAILS)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL event_observer(const NevercPhaseFrame *F,
                                               NevercObserverPoint Point,
                                               void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  mb_emit(P->Core, "mb-event point=%u input=%d", (unsigned)Point,
          !neverc_handle_is_null(F->Input));
#if defined(CASE_EVENT_OBSERVER_FAILS)
  return mb_fail();
#else
  return neverc_status_ok();
#endif
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_observe_on(P, MB_EVENT, NEVERC_OBSERVER_AFTER, event_observer);
}
#endif

#if defined(CASE_IFACE_PUBLISH_OK)
/* H9: a plugin-published STABLE interface is found by QueryInterface. */
#define MB_HAVE_REGISTER
#define MB_HAVE_SESSION_BEGIN
static const MbPublishedAPI MbPublishedTable = {
    {(uint32_t)sizeof(MbPublishedAPI), 1, 0, 0}, NULL};
static NevercStatus mb_case_register(MbProcess *P) {
  return P->Registrar->RegisterInterface(
      P->RegistrarContext, mb_id(UINT64_C(0x4e43544553547069), 1),
      NEVERC_INTERFACE_STABLE, &MbPublishedTable, NULL);
}
static NevercStatus mb_case_session_begin(MbProcess *P, NevercSessionHandle S) {
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus Q = P->Core->QueryInterface(
      P->Core->Context, mb_id(UINT64_C(0x4e43544553547069), 1), 1, 0, &Table,
      &Minor, &Size);
  (void)S;
  mb_observed(P->Core, Q);
  mb_emit(P->Core, "mb-iface same=%d size=%llu",
          Table == (const void *)&MbPublishedTable, (unsigned long long)Size);
  return neverc_status_ok();
}
#endif

/* ---- interceptor result rules (core.md §10.1, H19, H22) ---------------- */

#if defined(CASE_DOUBLE_INVOKE_NEXT) ||                                        \
    defined(CASE_DOUBLE_INVOKE_NEXT_PROPAGATE)
/* The second InvokeNext is refused (H19). The first variant swallows the
 * refusal and returns a valid CONTINUE; the _PROPAGATE variant returns the
 * refusal as its own status. */
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL double_next(const NevercPhaseFrame *F,
                                            NevercPhaseContinuation *C,
                                            NevercPhaseResult *Out,
                                            void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  NevercStatus First = mb_invoke_next(C, F);
  NevercStatus Second = mb_invoke_next(C, F);
  mb_emit(P->Core, "mb-first=%d;", (int)First.Code);
  mb_observed(P->Core, Second);
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
#if defined(CASE_DOUBLE_INVOKE_NEXT_PROPAGATE)
  return Second.Code != NEVERC_STATUS_OK ? Second : First;
#else
  return First;
#endif
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_RAW, double_next);
}
#endif

#if defined(CASE_CONTINUE_WITHOUT_NEXT)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL
continue_without_next(const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                      NevercPhaseResult *Out, void *UserData) {
  (void)F;
  (void)C;
  (void)UserData;
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_RAW, continue_without_next);
}
#endif

#if defined(CASE_REPLACE_NOT_REPLACEABLE)
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_RAW, mb_cb_replace_input);
}
#endif

#if defined(CASE_REPLACE_NULL_OUTPUT)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL replace_null(const NevercPhaseFrame *F,
                                             NevercPhaseContinuation *C,
                                             NevercPhaseResult *Out,
                                             void *UserData) {
  (void)F;
  (void)C;
  (void)UserData;
  mb_result(Out, NEVERC_PHASE_REPLACE, mb_null_handle(), mb_null_handle());
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_TOKEN, replace_null);
}
#endif

#if defined(CASE_REPLACE_WITH_PROOF)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL replace_proof(const NevercPhaseFrame *F,
                                              NevercPhaseContinuation *C,
                                              NevercPhaseResult *Out,
                                              void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  (void)C;
  mb_result(Out, NEVERC_PHASE_REPLACE, F->Input, mb_make_proof(P->Core, F));
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus S = mb_register_ext_phase(P);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  return mb_intercept_on(P, MB_EXT, replace_proof);
}
#endif

#if defined(CASE_REPLACE_AFTER_NEXT)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL replace_after_next(const NevercPhaseFrame *F,
                                                   NevercPhaseContinuation *C,
                                                   NevercPhaseResult *Out,
                                                   void *UserData) {
  (void)UserData;
  mb_invoke_next(C, F);
  mb_result(Out, NEVERC_PHASE_REPLACE, F->Input, mb_null_handle());
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_TOKEN, replace_after_next);
}
#endif

#if defined(CASE_SKIP_WITHOUT_PROOF)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL skip_no_proof(const NevercPhaseFrame *F,
                                              NevercPhaseContinuation *C,
                                              NevercPhaseResult *Out,
                                              void *UserData) {
  (void)C;
  (void)UserData;
  mb_result(Out, NEVERC_PHASE_SKIP, F->Input, mb_null_handle());
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus S = mb_register_ext_phase(P);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  return mb_intercept_on(P, MB_EXT, skip_no_proof);
}
#endif

#if defined(CASE_SKIP_NULL_OUTPUT)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL skip_no_output(const NevercPhaseFrame *F,
                                               NevercPhaseContinuation *C,
                                               NevercPhaseResult *Out,
                                               void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  (void)C;
  mb_result(Out, NEVERC_PHASE_SKIP, mb_null_handle(),
            mb_make_proof(P->Core, F));
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus S = mb_register_ext_phase(P);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  return mb_intercept_on(P, MB_EXT, skip_no_output);
}
#endif

#if defined(CASE_SKIP_NOT_SKIPPABLE)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL skip_token(const NevercPhaseFrame *F,
                                           NevercPhaseContinuation *C,
                                           NevercPhaseResult *Out,
                                           void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  NevercProofHandle Proof = mb_make_proof(P->Core, F);
  (void)C;
  mb_emit(P->Core, "mb-skip-token proof=%d", !neverc_handle_is_null(Proof));
  mb_result(Out, NEVERC_PHASE_SKIP, F->Input, Proof);
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_TOKEN, skip_token);
}
#endif

#if defined(CASE_CONTINUE_WITH_OUTPUT)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL continue_output(const NevercPhaseFrame *F,
                                                NevercPhaseContinuation *C,
                                                NevercPhaseResult *Out,
                                                void *UserData) {
  (void)UserData;
  mb_invoke_next(C, F);
  mb_result(Out, NEVERC_PHASE_CONTINUE, F->Input, mb_null_handle());
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_RAW, continue_output);
}
#endif

#if defined(CASE_CONTINUE_WITH_PROOF)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL continue_proof(const NevercPhaseFrame *F,
                                               NevercPhaseContinuation *C,
                                               NevercPhaseResult *Out,
                                               void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  mb_invoke_next(C, F);
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(),
            mb_make_proof(P->Core, F));
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus S = mb_register_ext_phase(P);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  return mb_intercept_on(P, MB_EXT, continue_proof);
}
#endif

#if defined(CASE_BAD_ACTION)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL bad_action(const NevercPhaseFrame *F,
                                           NevercPhaseContinuation *C,
                                           NevercPhaseResult *Out,
                                           void *UserData) {
  (void)UserData;
  mb_invoke_next(C, F);
  mb_result(Out, (NevercPhaseAction)7, mb_null_handle(), mb_null_handle());
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_RAW, bad_action);
}
#endif

#if defined(CASE_INTERCEPTOR_FAILS)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL interceptor_fails(const NevercPhaseFrame *F,
                                                  NevercPhaseContinuation *C,
                                                  NevercPhaseResult *Out,
                                                  void *UserData) {
  (void)F;
  (void)C;
  (void)UserData;
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  return mb_status(NEVERC_STATUS_PLUGIN_FAILURE, 0, 42);
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_RAW, interceptor_fails);
}
#endif

#if defined(CASE_OBSERVER_FAILS)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL observer_fails(const NevercPhaseFrame *F,
                                               NevercObserverPoint Point,
                                               void *UserData) {
  (void)F;
  (void)Point;
  (void)UserData;
  return mb_status(NEVERC_STATUS_PLUGIN_FAILURE, 0, 43);
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_observe_on(P, MB_RAW, NEVERC_OBSERVER_BEFORE, observer_fails);
}
#endif

/* ---- provider results (core.md §10.2, H23, H24) ----------------------- */

#if defined(CASE_PROVIDER_CONTINUE)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL provider_continue(const NevercPhaseFrame *F,
                                                  NevercPhaseResult *Out,
                                                  void *UserData) {
  (void)F;
  (void)UserData;
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_provide_on(P, MB_TOKEN, provider_continue, NEVERC_FALSE);
}
#endif

#if defined(CASE_PROVIDER_NULL_OUTPUT)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL provider_null(const NevercPhaseFrame *F,
                                              NevercPhaseResult *Out,
                                              void *UserData) {
  (void)F;
  (void)UserData;
  mb_result(Out, NEVERC_PHASE_REPLACE, mb_null_handle(), mb_null_handle());
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_provide_on(P, MB_TOKEN, provider_null, NEVERC_FALSE);
}
#endif

#if defined(CASE_PROVIDER_WITH_PROOF)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL provider_proof(const NevercPhaseFrame *F,
                                               NevercPhaseResult *Out,
                                               void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  mb_result(Out, NEVERC_PHASE_REPLACE, F->Input, mb_make_proof(P->Core, F));
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus S = mb_register_ext_phase(P);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  return mb_provide_on(P, MB_EXT, provider_proof, NEVERC_FALSE);
}
#endif

#if defined(CASE_PROVIDER_SKIP)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL provider_skip(const NevercPhaseFrame *F,
                                              NevercPhaseResult *Out,
                                              void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  mb_result(Out, NEVERC_PHASE_SKIP, F->Input, mb_make_proof(P->Core, F));
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus S = mb_register_ext_phase(P);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  return mb_provide_on(P, MB_EXT, provider_skip, NEVERC_FALSE);
}
#endif

#if defined(CASE_PROVIDER_FAIL_NOT_SAFE) ||                                    \
    defined(CASE_PROVIDER_FAIL_UNRECOVERABLE) ||                               \
    defined(CASE_PROVIDER_FALLBACK)
#define MB_HAVE_REGISTER
#if defined(CASE_PROVIDER_FAIL_UNRECOVERABLE)
#define MB_FAIL_FLAGS 0
#else
#define MB_FAIL_FLAGS NEVERC_STATUS_FLAG_RECOVERABLE
#endif
#if defined(CASE_PROVIDER_FAIL_NOT_SAFE)
#define MB_FALLBACK_SAFE NEVERC_FALSE
#else
#define MB_FALLBACK_SAFE NEVERC_TRUE
#endif
static NevercStatus NEVERC_CALL provider_fails(const NevercPhaseFrame *F,
                                               NevercPhaseResult *Out,
                                               void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  (void)F;
  mb_emit(P->Core, "mb-provider-failing");
  mb_result(Out, NEVERC_PHASE_REPLACE, mb_null_handle(), mb_null_handle());
  return mb_status(NEVERC_STATUS_PLUGIN_FAILURE, MB_FAIL_FLAGS, 0);
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_provide_on(P, MB_TOKEN, provider_fails, MB_FALLBACK_SAFE);
}
#endif

/* ---- apply-time policy checks (H16) ------------------------------------ */

#if defined(CASE_INTERCEPTOR_ON_SEALED) ||                                     \
    defined(CASE_INTERCEPTOR_ON_EVENT) ||                                      \
    defined(CASE_INTERCEPTOR_UNKNOWN_PHASE)
#define MB_HAVE_REGISTER
#if defined(CASE_INTERCEPTOR_ON_SEALED)
#define MB_TARGET MB_SEALED
#elif defined(CASE_INTERCEPTOR_ON_EVENT)
#define MB_TARGET MB_EVENT
#else
#define MB_TARGET MB_UNKNOWN
#endif
static NevercStatus mb_case_register(MbProcess *P) {
  /* H33: accepted by the registrar, refused at apply time -> the host owns
   * UserData and destroys it exactly once. */
  NevercInterceptorDescriptor D =
      mb_interceptor_desc(MB_TARGET, mb_cb_continue, mb_tracked(P));
  D.DestroyUserData = mb_destroy_tracked;
  mb_observed(P->Core,
              P->Registrar->RegisterInterceptor(P->RegistrarContext, &D));
  return neverc_status_ok();
}
#endif

#if defined(CASE_PROVIDER_ON_SEALED) ||                                        \
    defined(CASE_PROVIDER_NOT_REPLACEABLE) || defined(CASE_PROVIDER_ON_EVENT)
#define MB_HAVE_REGISTER
#if defined(CASE_PROVIDER_ON_SEALED)
#define MB_TARGET MB_SEALED
#elif defined(CASE_PROVIDER_ON_EVENT)
#define MB_TARGET MB_EVENT
#else
#define MB_TARGET MB_RAW
#endif
static NevercStatus mb_case_register(MbProcess *P) {
  NevercProviderDescriptor D =
      mb_provider_desc(MB_TARGET, "org.neverc.test.mb-provider",
                       mb_cb_provide_input, mb_tracked(P));
  D.DestroyUserData = mb_destroy_tracked;
  mb_observed(P->Core, P->Registrar->RegisterProvider(P->RegistrarContext, &D));
  return neverc_status_ok();
}
#endif

#if defined(CASE_OBSERVER_UNKNOWN_PHASE)
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  NevercObserverDescriptor D = mb_observer_desc(
      MB_UNKNOWN, NEVERC_OBSERVER_BEFORE, mb_cb_note_observer, mb_tracked(P));
  D.DestroyUserData = mb_destroy_tracked;
  mb_observed(P->Core, P->Registrar->RegisterObserver(P->RegistrarContext, &D));
  return neverc_status_ok();
}
#endif

/* ---- structural registrar checks (H11-H15): observed in Register ------- */

#if defined(CASE_PROVIDER_ID_UPPER) ||                                         \
    defined(CASE_PROVIDER_ID_LEADING_DOT) ||                                   \
    defined(CASE_PROVIDER_ID_TRAILING_DOT) ||                                  \
    defined(CASE_PROVIDER_ID_DOUBLE_DOT) || defined(CASE_PROVIDER_ID_EMPTY) || \
    defined(CASE_PROVIDER_ID_BAD_CHAR) ||                                      \
    defined(CASE_PROVIDER_ID_TOO_LONG) || defined(CASE_PROVIDER_ID_MAX_LEN) || \
    defined(CASE_PROVIDER_ZERO_ROUTE) ||                                       \
    defined(CASE_PROVIDER_NULL_CALLBACK) ||                                    \
    defined(CASE_PROVIDER_SHORT_HEADER)
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  char Long[300];
  const char *ID = "org.neverc.test.mb-provider";
  NevercProviderDescriptor D;
#if defined(CASE_PROVIDER_ID_UPPER)
  ID = "org.neverc.test.Provider";
#elif defined(CASE_PROVIDER_ID_LEADING_DOT)
  ID = ".org.neverc.test.provider";
#elif defined(CASE_PROVIDER_ID_TRAILING_DOT)
  ID = "org.neverc.test.provider.";
#elif defined(CASE_PROVIDER_ID_DOUBLE_DOT)
  ID = "org.neverc..test.provider";
#elif defined(CASE_PROVIDER_ID_EMPTY)
  ID = "";
#elif defined(CASE_PROVIDER_ID_BAD_CHAR)
  ID = "org.neverc.test/provider";
#elif defined(CASE_PROVIDER_ID_TOO_LONG)
  memset(Long, 'a', 256);
  Long[256] = '\0';
  ID = Long;
#elif defined(CASE_PROVIDER_ID_MAX_LEN)
  memset(Long, 'a', 255);
  Long[255] = '\0';
  ID = Long;
#endif
  (void)Long;
  D = mb_provider_desc(MB_TOKEN, ID, mb_cb_provide_input, mb_tracked(P));
  D.DestroyUserData = mb_destroy_tracked;
#if defined(CASE_PROVIDER_ZERO_ROUTE)
  memset(&D.Route.Header, 0, sizeof D.Route.Header);
#elif defined(CASE_PROVIDER_NULL_CALLBACK)
  D.Callback = NULL;
#elif defined(CASE_PROVIDER_SHORT_HEADER)
  /* Too short to cover Callback. */
  D.Header.StructSize = (uint32_t)offsetof(NevercProviderDescriptor, Callback);
#endif
  mb_observed(P->Core, P->Registrar->RegisterProvider(P->RegistrarContext, &D));
  return neverc_status_ok();
}
#endif

#if defined(CASE_OBSERVER_POINTS_ZERO) ||                                      \
    defined(CASE_OBSERVER_POINTS_BIT8) ||                                      \
    defined(CASE_OBSERVER_NULL_CALLBACK) ||                                    \
    defined(CASE_OBSERVER_SHORT_HEADER) || defined(CASE_OBSERVER_BAD_MAJOR) || \
    defined(CASE_OBSERVER_NULL_DESCRIPTOR)
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  NevercObserverDescriptor D = mb_observer_desc(
      MB_RAW, NEVERC_OBSERVER_BEFORE, mb_cb_note_observer, mb_tracked(P));
  const NevercObserverDescriptor *Arg = &D;
  D.DestroyUserData = mb_destroy_tracked;
#if defined(CASE_OBSERVER_POINTS_ZERO)
  D.Points = 0;
#elif defined(CASE_OBSERVER_POINTS_BIT8)
  D.Points = NEVERC_OBSERVER_BEFORE | UINT32_C(0x100);
#elif defined(CASE_OBSERVER_NULL_CALLBACK)
  D.Callback = NULL;
#elif defined(CASE_OBSERVER_SHORT_HEADER)
  D.Header.StructSize = (uint32_t)offsetof(NevercObserverDescriptor, Callback);
#elif defined(CASE_OBSERVER_BAD_MAJOR)
  D.Header.Major = 2;
#elif defined(CASE_OBSERVER_NULL_DESCRIPTOR)
  Arg = NULL;
#endif
  mb_observed(P->Core,
              P->Registrar->RegisterObserver(P->RegistrarContext, Arg));
  return neverc_status_ok();
}
#endif

#if defined(CASE_INTERCEPTOR_NULL_CALLBACK) ||                                 \
    defined(CASE_INTERCEPTOR_SHORT_HEADER)
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  NevercInterceptorDescriptor D =
      mb_interceptor_desc(MB_RAW, mb_cb_continue, mb_tracked(P));
  D.DestroyUserData = mb_destroy_tracked;
#if defined(CASE_INTERCEPTOR_NULL_CALLBACK)
  D.Callback = NULL;
#else
  D.Header.StructSize = 16;
#endif
  mb_observed(P->Core,
              P->Registrar->RegisterInterceptor(P->RegistrarContext, &D));
  return neverc_status_ok();
}
#endif

#if defined(CASE_PHASE_ZERO_ID) || defined(CASE_PHASE_ZERO_ARTIFACT) ||        \
    defined(CASE_PHASE_POLICY_ZERO) || defined(CASE_PHASE_POLICY_BIT20) ||     \
    defined(CASE_PHASE_POINTS_WITHOUT_O) ||                                    \
    defined(CASE_PHASE_SEALED_REPLACEABLE) ||                                  \
    defined(CASE_PHASE_BUILTIN_ID) || defined(CASE_PHASE_EMPTY_NAME) ||        \
    defined(CASE_PHASE_SHORT_HEADER) || defined(CASE_PHASE_NULL_DESCRIPTOR)
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  NevercPhaseDescriptor D =
      mb_phase_desc(NEVERC_PHASE_OBSERVABLE | NEVERC_PHASE_INTERCEPTABLE,
                    NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER);
  const NevercPhaseDescriptor *Arg = &D;
#if defined(CASE_PHASE_ZERO_ID)
  D.Phase = mb_id(0, 0);
#elif defined(CASE_PHASE_ZERO_ARTIFACT)
  D.InputArtifact = mb_id(0, 0);
#elif defined(CASE_PHASE_POLICY_ZERO)
  D.Policy = 0;
  D.ObserverPoints = 0;
#elif defined(CASE_PHASE_POLICY_BIT20)
  D.Policy |= UINT64_C(0x20);
#elif defined(CASE_PHASE_POINTS_WITHOUT_O)
  D.Policy = NEVERC_PHASE_INTERCEPTABLE;
#elif defined(CASE_PHASE_SEALED_REPLACEABLE)
  D.Policy = NEVERC_PHASE_OBSERVABLE | NEVERC_PHASE_SEALED_HOST_GATE |
             NEVERC_PHASE_REPLACEABLE;
#elif defined(CASE_PHASE_BUILTIN_ID)
  D.Phase = MB_RAW;
#elif defined(CASE_PHASE_EMPTY_NAME)
  D.CanonicalName = mb_sv("");
#elif defined(CASE_PHASE_SHORT_HEADER)
  D.Header.StructSize = (uint32_t)offsetof(NevercPhaseDescriptor, Policy);
#elif defined(CASE_PHASE_NULL_DESCRIPTOR)
  Arg = NULL;
#endif
  mb_observed(P->Core, P->Registrar->RegisterPhase(P->RegistrarContext, Arg));
  return neverc_status_ok();
}
#endif

#if defined(CASE_PHASE_DUPLICATE)
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus First = mb_register_ext_phase(P);
  mb_emit(P->Core, "mb-first=%d;", (int)First.Code);
  mb_observed(P->Core, mb_register_ext_phase(P));
  return neverc_status_ok();
}
#endif

#if defined(CASE_IFACE_LOCKSTEP_NULL_KEY) ||                                   \
    defined(CASE_IFACE_LOCKSTEP_EMPTY_BUILD) ||                                \
    defined(CASE_IFACE_LOCKSTEP_EMPTY_ABI) ||                                  \
    defined(CASE_IFACE_LOCKSTEP_LLVM_ZERO) || defined(CASE_IFACE_DUPLICATE) || \
    defined(CASE_IFACE_CORE_DUPLICATE) || defined(CASE_IFACE_NULL_TABLE) ||    \
    defined(CASE_IFACE_LOCKSTEP_OK)
#define MB_HAVE_REGISTER
static const MbPublishedAPI MbIfaceTable = {
    {(uint32_t)sizeof(MbPublishedAPI), 1, 0, 0}, NULL};
static NevercStatus mb_case_register(MbProcess *P) {
  NevercInterfaceID ID = mb_id(UINT64_C(0x4e43544553546966), 1);
  NevercCompatibilityKey Key;
  const NevercCompatibilityKey *KeyArg = &Key;
  NevercInterfaceStability Stability = NEVERC_INTERFACE_LOCKSTEP;
  const void *Table = &MbIfaceTable;
  memset(&Key, 0, sizeof Key);
  Key.Header = mb_header((uint32_t)sizeof Key, NEVERC_CORE_API_MAJOR,
                         NEVERC_CORE_API_MINOR);
  Key.ProducerBuildID = mb_sv("mb-build-1");
  Key.TargetABIKey = mb_sv("x86_64-le-64-sysv");
  Key.LLVMMajor = 22;
#if defined(CASE_IFACE_LOCKSTEP_NULL_KEY)
  KeyArg = NULL;
#elif defined(CASE_IFACE_LOCKSTEP_EMPTY_BUILD)
  Key.ProducerBuildID = mb_sv("");
#elif defined(CASE_IFACE_LOCKSTEP_EMPTY_ABI)
  Key.TargetABIKey = mb_sv("");
#elif defined(CASE_IFACE_LOCKSTEP_LLVM_ZERO)
  Key.LLVMMajor = 0;
#elif defined(CASE_IFACE_DUPLICATE)
  Stability = NEVERC_INTERFACE_STABLE;
  KeyArg = NULL;
  {
    NevercStatus First = P->Registrar->RegisterInterface(
        P->RegistrarContext, ID, Stability, Table, KeyArg);
    mb_emit(P->Core, "mb-first=%d;", (int)First.Code);
  }
#elif defined(CASE_IFACE_CORE_DUPLICATE)
  Stability = NEVERC_INTERFACE_STABLE;
  KeyArg = NULL;
  ID = mb_id(NEVERC_INTERFACE_CORE_HIGH, NEVERC_INTERFACE_CORE_LOW);
#elif defined(CASE_IFACE_NULL_TABLE)
  Stability = NEVERC_INTERFACE_STABLE;
  KeyArg = NULL;
  Table = NULL;
#endif
  mb_observed(P->Core, P->Registrar->RegisterInterface(
                           P->RegistrarContext, ID, Stability, Table, KeyArg));
  return neverc_status_ok();
}
#endif

/* ---- descriptor hand-off (H2-H4) --------------------------------------- */

#if defined(CASE_ENTRY_FAILS)
#define MB_HAVE_ENTRY_STATUS
static NevercStatus mb_case_entry_status(void) {
  return mb_status(NEVERC_STATUS_PLUGIN_FAILURE, 0, 7);
}
#endif

#if defined(CASE_ABI_MAJOR_2)
#define MB_HAVE_DESCRIPTOR
static void mb_case_descriptor(NevercPluginDescriptor *D) {
  D->Header.Major = 2;
}
#endif

#if defined(CASE_SHORT_DESCRIPTOR)
/* Header.StructSize ends before Register: the host must treat Register as
 * NULL (H3) even though the bytes were written. */
#define MB_HAVE_DESCRIPTOR
static void mb_case_descriptor(NevercPluginDescriptor *D) {
  D->Header.StructSize = (uint32_t)offsetof(NevercPluginDescriptor, Register);
}
#endif

#if defined(CASE_EMPTY_PLUGIN_ID)
#define MB_HAVE_DESCRIPTOR
static void mb_case_descriptor(NevercPluginDescriptor *D) {
  D->PluginID = mb_sv("");
}
#endif

#if defined(CASE_NULL_PLUGIN_ID)
#define MB_HAVE_DESCRIPTOR
static void mb_case_descriptor(NevercPluginDescriptor *D) {
  D->PluginID.Data = NULL;
  D->PluginID.Length = 5;
}
#endif

#if defined(CASE_NULL_REGISTER)
#define MB_HAVE_DESCRIPTOR
static void mb_case_descriptor(NevercPluginDescriptor *D) {
  D->Register = NULL;
}
#endif

#if defined(CASE_HONOURS_CAPACITY)
/* The defaults already honour the capacity; SessionBegin leaves a marker so
 * the test can tell whether the host read it past the capacity (H3). */
#define MB_HAVE_SESSION_BEGIN
static NevercStatus mb_case_session_begin(MbProcess *P, NevercSessionHandle S) {
  (void)S;
  mb_emit(P->Core, "mb-session-begin-called");
  return neverc_status_ok();
}
#endif

#if defined(CASE_ENTRY_IGNORES_CAPACITY)
/* Writes its whole descriptor whatever the capacity says (H2/H3). */
#define MB_IGNORE_CAPACITY
#endif

#if defined(CASE_BAD_ARRAY)
#define MB_HAVE_DESCRIPTOR
static void mb_case_descriptor(NevercPluginDescriptor *D) {
  D->Dependencies.Data = NULL; /* Count without Data */
  D->Dependencies.Count = 3;
  D->Dependencies.ElementStride = sizeof(NevercPluginDependency);
}
#endif

#if defined(CASE_BAD_CONCURRENCY)
#define MB_HAVE_DESCRIPTOR
static void mb_case_descriptor(NevercPluginDescriptor *D) {
  D->Concurrency = 7;
}
#endif

#if defined(CASE_EMIT_IMPERSONATE)
/* Claims another plugin's ID in a diagnostic; attribution is the host's. */
#define MB_HAVE_PROCESS_BEGIN
static NevercStatus mb_case_process_begin(MbProcess *P) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = mb_header((uint32_t)sizeof D, NEVERC_CORE_API_MAJOR,
                       NEVERC_CORE_API_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_NOTE;
  D.PluginID = mb_sv("org.neverc.test.victim");
  D.Message = mb_sv("mb-impersonation");
  mb_observed(P->Core, P->Core->EmitDiagnostic(P->Core->Context, &D, NULL));
  return neverc_status_ok();
}
#endif

/* ---- dependencies and required interfaces (H5) ------------------------- */

#if defined(CASE_CYCLE_A) || defined(CASE_CYCLE_B) ||                          \
    defined(CASE_DEP_MISSING) || defined(CASE_DEP_BEFORE_ABSENT) ||            \
    defined(CASE_DEP_VERSION) || defined(CASE_DEP_REQUIRED_OK)
#define MB_HAVE_DESCRIPTOR
#if defined(CASE_CYCLE_A)
#define MB_DEP_ID "org.neverc.test.mb.cycle_b"
#define MB_DEP_KIND NEVERC_DEPENDENCY_BEFORE
#elif defined(CASE_CYCLE_B)
#define MB_DEP_ID "org.neverc.test.mb.cycle_a"
#define MB_DEP_KIND NEVERC_DEPENDENCY_BEFORE
#elif defined(CASE_DEP_MISSING)
#define MB_DEP_ID "org.neverc.test.mb.absent"
#define MB_DEP_KIND NEVERC_DEPENDENCY_REQUIRED
#elif defined(CASE_DEP_VERSION) || defined(CASE_DEP_REQUIRED_OK)
/* good_minimal is version 1.0.0. */
#define MB_DEP_ID "org.neverc.test.mb.good_minimal"
#define MB_DEP_KIND NEVERC_DEPENDENCY_REQUIRED
#else
#define MB_DEP_ID "org.neverc.test.mb.absent"
#define MB_DEP_KIND NEVERC_DEPENDENCY_BEFORE
#endif
#if defined(CASE_DEP_VERSION)
#define MB_DEP_MIN_MAJOR 2
#else
#define MB_DEP_MIN_MAJOR 1
#endif
static const NevercPluginDependency MbDependency = {
    {(uint32_t)sizeof(NevercPluginDependency), NEVERC_CORE_API_MAJOR,
     NEVERC_CORE_API_MINOR, 0},
    {MB_DEP_ID, sizeof(MB_DEP_ID) - 1},
    {{MB_DEP_MIN_MAJOR, 0, 0, 0, {NULL, 0}, {NULL, 0}},
     {0, 0, 0, 0, {NULL, 0}, {NULL, 0}},
     NEVERC_FALSE,
     NEVERC_FALSE,
     0},
    MB_DEP_KIND,
    0};
static void mb_case_descriptor(NevercPluginDescriptor *D) {
  D->Dependencies.Data = &MbDependency;
  D->Dependencies.Count = 1;
  D->Dependencies.ElementStride = sizeof MbDependency;
}
#endif

#if defined(CASE_REQ_IFACE_MISSING) || defined(CASE_REQ_IFACE_MINOR) ||        \
    defined(CASE_REQ_IFACE_MAJOR) || defined(CASE_OPT_IFACE_MISSING) ||        \
    defined(CASE_REQ_IFACE_OK)
#define MB_HAVE_DESCRIPTOR
#if defined(CASE_REQ_IFACE_MISSING) || defined(CASE_OPT_IFACE_MISSING)
#define MB_REQ_ID_HIGH UINT64_C(0x4e43544553546e6f)
#define MB_REQ_ID_LOW UINT64_C(1)
#define MB_REQ_MAJOR 1
#define MB_REQ_MINOR 0
#elif defined(CASE_REQ_IFACE_MINOR)
#define MB_REQ_ID_HIGH NEVERC_INTERFACE_CORE_HIGH
#define MB_REQ_ID_LOW NEVERC_INTERFACE_CORE_LOW
#define MB_REQ_MAJOR 1
#define MB_REQ_MINOR 9
#elif defined(CASE_REQ_IFACE_MAJOR)
#define MB_REQ_ID_HIGH NEVERC_INTERFACE_CORE_HIGH
#define MB_REQ_ID_LOW NEVERC_INTERFACE_CORE_LOW
#define MB_REQ_MAJOR 2
#define MB_REQ_MINOR 0
#else
#define MB_REQ_ID_HIGH NEVERC_INTERFACE_CORE_HIGH
#define MB_REQ_ID_LOW NEVERC_INTERFACE_CORE_LOW
#define MB_REQ_MAJOR 1
#define MB_REQ_MINOR 0
#endif
static const NevercInterfaceRequirement MbRequirement = {
    {(uint32_t)sizeof(NevercInterfaceRequirement), NEVERC_CORE_API_MAJOR,
     NEVERC_CORE_API_MINOR, 0},
    {MB_REQ_ID_HIGH, MB_REQ_ID_LOW},
    MB_REQ_MAJOR,
    MB_REQ_MINOR,
#if defined(CASE_OPT_IFACE_MISSING)
    NEVERC_FALSE,
#else
    NEVERC_TRUE,
#endif
    NEVERC_INTERFACE_STABLE,
    {{0, 0, 0, 0}, {NULL, 0}, {NULL, 0}, 0, 0}};
static void mb_case_descriptor(NevercPluginDescriptor *D) {
#if defined(CASE_OPT_IFACE_MISSING)
  D->OptionalInterfaces.Data = &MbRequirement;
  D->OptionalInterfaces.Count = 1;
  D->OptionalInterfaces.ElementStride = sizeof MbRequirement;
#else
  D->RequiredInterfaces.Data = &MbRequirement;
  D->RequiredInterfaces.Count = 1;
  D->RequiredInterfaces.ElementStride = sizeof MbRequirement;
#endif
}
#endif

/* ---- lifecycle callbacks failing (H6) ---------------------------------- */

#if defined(CASE_PROCESS_BEGIN_FAILS)
#define MB_HAVE_PROCESS_BEGIN
static NevercStatus mb_case_process_begin(MbProcess *P) {
  (void)P;
  return mb_fail();
}
#endif

#if defined(CASE_REGISTER_FAILS)
#define MB_HAVE_REGISTER
static NevercStatus mb_case_register(MbProcess *P) {
  (void)P;
  return mb_fail();
}
#endif

#if defined(CASE_SESSION_BEGIN_FAILS)
#define MB_HAVE_SESSION_BEGIN
static NevercStatus mb_case_session_begin(MbProcess *P, NevercSessionHandle S) {
  (void)P;
  (void)S;
  return mb_fail();
}
#endif

#if defined(CASE_TASK_BEGIN_FAILS)
#define MB_HAVE_TASK_BEGIN
static NevercStatus mb_case_task_begin(MbProcess *P, NevercTaskHandle T) {
  (void)P;
  (void)T;
  return mb_fail();
}
#endif

/* ---- core services misused (H10, H28-H30, §11) ------------------------- */

#if defined(CASE_REGISTER_AFTER_FREEZE)
#define MB_HAVE_SESSION_BEGIN
static NevercStatus mb_case_session_begin(MbProcess *P, NevercSessionHandle S) {
  NevercObserverDescriptor D = mb_observer_desc(
      MB_RAW, NEVERC_OBSERVER_BEFORE, mb_cb_note_observer, mb_tracked(P));
  (void)S;
  D.DestroyUserData = mb_destroy_tracked;
  mb_observed(P->Core, P->Registrar->RegisterObserver(P->RegistrarContext, &D));
  return neverc_status_ok();
}
#endif

#if defined(CASE_STALE_SESSION)
#define MB_HAVE_SESSION_BEGIN
static NevercStatus mb_case_session_begin(MbProcess *P, NevercSessionHandle S) {
  void *State = NULL;
  (void)S;
  if (P->Sessions > 0)
    mb_observed(P->Core,
                P->Core->GetSessionState(P->Core->Context, P->FirstSession,
                                         mb_sv(MB_PLUGIN_ID), &State));
  return neverc_status_ok();
}
#endif

#if defined(CASE_STALE_TASK)
#define MB_HAVE_TASK_BEGIN
static NevercStatus mb_case_task_begin(MbProcess *P, NevercTaskHandle T) {
  void *State = NULL;
  (void)T;
  if (P->Tasks > 0)
    mb_observed(P->Core, P->Core->GetTaskState(P->Core->Context, P->FirstTask,
                                               mb_sv(MB_PLUGIN_ID), &State));
  return neverc_status_ok();
}
#endif

#if defined(CASE_FORGED_TASK_HANDLE)
#define MB_HAVE_TASK_BEGIN
static NevercStatus mb_case_task_begin(MbProcess *P, NevercTaskHandle T) {
  void *State = NULL;
  NevercTaskHandle Forged;
  (void)T;
  Forged.Owner = UINT64_C(0x1234);
  Forged.Value = UINT64_C(0x5678);
  mb_observed(P->Core, P->Core->GetTaskState(P->Core->Context, Forged,
                                             mb_sv(MB_PLUGIN_ID), &State));
  return neverc_status_ok();
}
#endif

#if defined(CASE_SESSION_AS_TASK)
#define MB_HAVE_TASK_BEGIN
static NevercStatus mb_case_task_begin(MbProcess *P, NevercTaskHandle T) {
  void *State = NULL;
  (void)T;
  /* A session handle where a task handle belongs. */
  mb_observed(P->Core, P->Core->GetTaskState(P->Core->Context, P->FirstSession,
                                             mb_sv(MB_PLUGIN_ID), &State));
  return neverc_status_ok();
}
#endif

#if defined(CASE_UNKNOWN_PLUGIN_ID)
#define MB_HAVE_SESSION_BEGIN
static NevercStatus mb_case_session_begin(MbProcess *P, NevercSessionHandle S) {
  void *State = NULL;
  mb_observed(P->Core, P->Core->GetSessionState(P->Core->Context, S,
                                                mb_sv("org.neverc.test.nobody"),
                                                &State));
  return neverc_status_ok();
}
#endif

#if defined(CASE_OPTION_INDEX_PAST_COUNT) ||                                   \
    defined(CASE_OPTION_UNKNOWN_SPELLING)
#define MB_HAVE_REGISTER
#define MB_HAVE_SESSION_BEGIN
static NevercStatus mb_case_register(MbProcess *P) {
  NevercOptionDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = mb_header((uint32_t)sizeof D, NEVERC_DRIVER_API_MAJOR,
                       NEVERC_DRIVER_API_MINOR);
  D.Spelling = mb_sv("--mb-flag");
  D.Form = NEVERC_OPTION_FLAG;
  D.ValueType = NEVERC_OPTION_BOOL;
  D.Multiplicity = NEVERC_OPTION_LAST_WINS;
  D.Help = mb_sv("misbehave test flag");
  return P->Registrar->RegisterOption(P->RegistrarContext, &D);
}
static NevercStatus mb_case_session_begin(MbProcess *P, NevercSessionHandle S) {
  uint64_t Count = 99;
  NevercStringView Value = {NULL, 0};
#if defined(CASE_OPTION_INDEX_PAST_COUNT)
  NevercStatus C = P->Core->GetPluginOptionValueCount(
      P->Core->Context, S, mb_sv(MB_PLUGIN_ID), mb_sv("--mb-flag"), &Count);
  mb_emit(P->Core, "mb-count status=%d count=%llu", (int)C.Code,
          (unsigned long long)Count);
  mb_observed(P->Core, P->Core->GetPluginOptionValue(
                           P->Core->Context, S, mb_sv(MB_PLUGIN_ID),
                           mb_sv("--mb-flag"), Count, &Value));
#else
  (void)Value;
  mb_observed(P->Core, P->Core->GetPluginOptionValueCount(
                           P->Core->Context, S, mb_sv(MB_PLUGIN_ID),
                           mb_sv("--mb-nothing"), &Count));
#endif
  return neverc_status_ok();
}
#endif

#if defined(CASE_ALLOC_BAD_ALIGN)
#define MB_HAVE_PROCESS_BEGIN
static NevercStatus mb_case_process_begin(MbProcess *P) {
  void *Ptr = (void *)&Ptr;
  NevercStatus S = P->Core->Allocate(P->Core->Context, 16, 3, &Ptr);
  mb_observed(P->Core, S);
  mb_emit(P->Core, "mb-alloc-null=%d", Ptr == NULL);
  return neverc_status_ok();
}
#endif

#if defined(CASE_ALLOC_OVER_BUDGET)
/* Run with HostConfig.AllocationBudget = 4096. */
#define MB_HAVE_PROCESS_BEGIN
static NevercStatus mb_case_process_begin(MbProcess *P) {
  void *Small = NULL, *Big = (void *)&Big;
  NevercStatus S1 = P->Core->Allocate(P->Core->Context, 1024, 16, &Small);
  NevercStatus S2 = P->Core->Allocate(P->Core->Context, 8192, 16, &Big);
  mb_emit(P->Core, "mb-small=%d aligned=%d", (int)S1.Code,
          Small != NULL && ((uintptr_t)Small % 16) == 0);
  mb_observed(P->Core, S2);
  mb_emit(P->Core, "mb-big-null=%d", Big == NULL);
  if (Small)
    P->Core->Deallocate(P->Core->Context, Small, 1024, 16);
  return neverc_status_ok();
}
#endif

#if defined(CASE_EMIT_NULL)
#define MB_HAVE_PROCESS_BEGIN
static NevercStatus mb_case_process_begin(MbProcess *P) {
  mb_observed(P->Core, P->Core->EmitDiagnostic(P->Core->Context, NULL, NULL));
  return neverc_status_ok();
}
#endif

#if defined(CASE_QUERY_UNKNOWN) || defined(CASE_QUERY_MINOR)
#define MB_HAVE_PROCESS_BEGIN
static NevercStatus mb_case_process_begin(MbProcess *P) {
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
#if defined(CASE_QUERY_UNKNOWN)
  NevercInterfaceID ID = MB_UNKNOWN;
  uint16_t Want = 0;
#else
  NevercInterfaceID ID =
      mb_id(NEVERC_INTERFACE_CORE_HIGH, NEVERC_INTERFACE_CORE_LOW);
  uint16_t Want = 9;
#endif
  mb_observed(P->Core, P->Core->QueryInterface(P->Core->Context, ID, 1, Want,
                                               &Table, &Minor, &Size));
  return neverc_status_ok();
}
#endif

/* ---- continuations and reentrancy (H19-H21, H27) ----------------------- */

#if defined(CASE_CONT_OTHER_THREAD)
#define MB_HAVE_REGISTER
typedef struct MbThreadCall {
  NevercPhaseContinuation *C;
  const NevercPhaseFrame *F;
  NevercStatus Result;
} MbThreadCall;
static void *mb_thread_main(void *Arg) {
  MbThreadCall *Call = (MbThreadCall *)Arg;
  Call->Result = mb_invoke_next(Call->C, Call->F);
  return NULL;
}
static NevercStatus NEVERC_CALL other_thread(const NevercPhaseFrame *F,
                                             NevercPhaseContinuation *C,
                                             NevercPhaseResult *Out,
                                             void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  MbThreadCall Call;
  pthread_t Thread;
  Call.C = C;
  Call.F = F;
  Call.Result = mb_status(-1, 0, 0);
  if (pthread_create(&Thread, NULL, mb_thread_main, &Call) == 0)
    pthread_join(Thread, NULL);
  mb_observed(P->Core, Call.Result);
  /* Then behave: the one legal call, on this thread. */
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  return mb_invoke_next(C, F);
}
static NevercStatus mb_case_register(MbProcess *P) {
  return mb_intercept_on(P, MB_RAW, other_thread);
}
#endif

#if defined(CASE_CONT_AFTER_RETURN)
#define MB_HAVE_REGISTER
static NevercStatus NEVERC_CALL keep_continuation(const NevercPhaseFrame *F,
                                                  NevercPhaseContinuation *C,
                                                  NevercPhaseResult *Out,
                                                  void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  P->KeptContinuation = C;
  P->KeptInvokeNext = C->InvokeNext;
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  return mb_invoke_next(C, F);
}
static NevercStatus NEVERC_CALL use_kept(const NevercPhaseFrame *F,
                                         NevercObserverPoint Point,
                                         void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  NevercPhaseResult R;
  (void)Point;
  if (!P->KeptContinuation) {
    mb_emit(P->Core, "mb-nothing-kept");
    return neverc_status_ok();
  }
  mb_result(&R, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  /* Only the function pointer saved earlier is read: the continuation
   * struct itself may be gone; the host must check the pointer before it
   * dereferences it. */
  mb_observed(P->Core, P->KeptInvokeNext(P->KeptContinuation, F, &R));
  P->KeptContinuation = NULL;
  return neverc_status_ok();
}
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus S = mb_intercept_on(P, MB_RAW, keep_continuation);
  if (S.Code == NEVERC_STATUS_OK)
    S = mb_observe_on(P, MB_RAW, NEVERC_OBSERVER_AFTER, use_kept);
  return S;
}
#endif

#if defined(CASE_REENTRANCY_NONE) || defined(CASE_REENTRANCY_ALLOWED)
#define MB_HAVE_REGISTER
#define MB_HAVE_DESCRIPTOR
static void mb_case_descriptor(NevercPluginDescriptor *D) {
#if defined(CASE_REENTRANCY_NONE)
  D->Reentrancy = NEVERC_REENTRANCY_NONE;
#else
  D->Reentrancy = NEVERC_REENTRANCY_ALLOWED;
#endif
}
static NevercStatus NEVERC_CALL outer(const NevercPhaseFrame *F,
                                      NevercPhaseContinuation *C,
                                      NevercPhaseResult *Out, void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  NevercStatus S = mb_invoke_next(C, F);
  mb_observed(P->Core, S);
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  return S;
}
static NevercStatus NEVERC_CALL inner(const NevercPhaseFrame *F,
                                      NevercPhaseContinuation *C,
                                      NevercPhaseResult *Out, void *UserData) {
  MbProcess *P = (MbProcess *)UserData;
  mb_emit(P->Core, "mb-inner-entered");
  mb_result(Out, NEVERC_PHASE_CONTINUE, mb_null_handle(), mb_null_handle());
  return mb_invoke_next(C, F);
}
static NevercStatus mb_case_register(MbProcess *P) {
  NevercStatus S = mb_intercept_on(P, MB_RAW, outer);
  if (S.Code == NEVERC_STATUS_OK)
    S = mb_intercept_on(P, MB_RAW, inner);
  return S;
}
#endif

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
