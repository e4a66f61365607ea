/*
 * PrepTracePlugin (test plugin for tests/lit/prep): exercises the prep
 * domain from a real neverc compile.
 *  - TaskBegin (translation units): subscribes to INCLUSION_DIRECTIVE,
 *    MACRO_DEFINED and PRAGMA_DIRECTIVE and prints one "prep-event:" line
 *    per event (macros only when their name starts with TRACE_);
 *  - neverc.prep.pragma.intercept: "#pragma neverc_trace <tokens>" prints
 *    the tokens and is HANDLED; every other pragma continues;
 *  - neverc.prep.macro.intercept: "#define TRACE_ANSWER <anything>" is
 *    replaced by the literal 42.
 */
#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginPrep.h"

#include <stdio.h>
#include <string.h>

#define PT_ID "org.neverc.test.prep-trace"

static const NevercPrepAPI *Prep;

static NevercStatus status(NevercStatusCode C) {
  NevercStatus S = {C, 0, 0};
  return S;
}
static NevercStringView sv(const char *S) {
  NevercStringView V = {S, strlen(S)};
  return V;
}
static NevercABITableHeader prepHeader(uint32_t Size) {
  NevercABITableHeader H = {Size, NEVERC_PREP_API_MAJOR, NEVERC_PREP_API_MINOR,
                            0};
  return H;
}
static int starts(NevercStringView V, const char *P) {
  size_t N = strlen(P);
  return V.Length >= N && memcmp(V.Data, P, N) == 0;
}

static NevercStatus NEVERC_CALL onEvent(NevercTaskHandle T,
                                        const NevercPrepEvent *E, void *UD) {
  (void)UD;
  if (E->Kind == NEVERC_PREP_EVENT_INCLUSION_DIRECTIVE) {
    fprintf(stderr, "prep-event: include %.*s %s\n",
            (int)E->Payload.Include.Filename.Length,
            E->Payload.Include.Filename.Data,
            E->Payload.Include.IsAngled ? "angled" : "quoted");
  } else if (E->Kind == NEVERC_PREP_EVENT_MACRO_DEFINED) {
    NevercTokenInfo I;
    memset(&I, 0, sizeof I);
    I.Header = prepHeader(sizeof I);
    if (Prep->GetTokenInfo(Prep->Context, T, E->Payload.Macro.NameToken, &I)
                .Code == NEVERC_STATUS_OK &&
        starts(I.Spelling, "TRACE_"))
      fprintf(stderr, "prep-event: define %.*s\n", (int)I.Spelling.Length,
              I.Spelling.Data);
  } else if (E->Kind == NEVERC_PREP_EVENT_PRAGMA_DIRECTIVE) {
    fprintf(stderr, "prep-event: pragma introducer=%u\n",
            (unsigned)E->Payload.Text.Detail);
  }
  return status(NEVERC_STATUS_OK);
}

static NevercStatus passOn(const NevercPhaseFrame *F,
                           NevercPhaseContinuation *C, NevercPhaseResult *R) {
  NevercPhaseResult Down = *R;
  NevercStatus S = C->InvokeNext(C, F, &Down);
  R->Action = NEVERC_PHASE_CONTINUE;
  return S;
}

static NevercStatus NEVERC_CALL onPragma(const NevercPhaseFrame *F,
                                         NevercPhaseContinuation *C,
                                         NevercPhaseResult *R, void *UD) {
  NevercPrepPragmaPhaseInput In;
  NevercPrepPragmaPhaseOutput Out;
  NevercTokenViewList V;
  NevercStatus S;
  uint64_t I;
  (void)UD;
  memset(&In, 0, sizeof In);
  In.Header = prepHeader(sizeof In);
  S = Prep->GetPragmaPhaseInput(Prep->Context, F, F->Input, &In);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  if (!(In.Name.Length == 12 && memcmp(In.Name.Data, "neverc_trace", 12) == 0))
    return passOn(F, C, R);
  memset(&V, 0, sizeof V);
  V.Header = prepHeader(sizeof V);
  S = Prep->GetTokenStreamView(Prep->Context, F->Task, In.Tokens, &V);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  fprintf(stderr, "prep-pragma: neverc_trace");
  for (I = 0; I < V.Count; ++I) {
    const NevercTokenView *T =
        (const NevercTokenView *)((const char *)V.Data + I * V.Stride);
    fprintf(stderr, " %.*s", (int)T->Spelling.Length, T->Spelling.Data);
  }
  fprintf(stderr, "\n");
  memset(&Out, 0, sizeof Out);
  Out.Header = prepHeader(sizeof Out);
  Out.Action = NEVERC_PREP_PRAGMA_HANDLED;
  S = Prep->CreatePragmaPhaseOutput(Prep->Context, F, C, &Out, &R->Output);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercStatus NEVERC_CALL onMacro(const NevercPhaseFrame *F,
                                        NevercPhaseContinuation *C,
                                        NevercPhaseResult *R, void *UD) {
  NevercPrepMacroPhaseInput In;
  NevercPrepMacroPhaseOutput Out;
  NevercTokenInfo Name;
  NevercTokenBuilderHandle B;
  NevercTokenHandle Tok;
  NevercStatus S;
  (void)UD;
  memset(&In, 0, sizeof In);
  In.Header = prepHeader(sizeof In);
  S = Prep->GetMacroPhaseInput(Prep->Context, F, F->Input, &In);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  memset(&Name, 0, sizeof Name);
  Name.Header = prepHeader(sizeof Name);
  Prep->GetTokenInfo(Prep->Context, F->Task, In.NameToken, &Name);
  if (In.Operation != NEVERC_PREP_MACRO_DEFINE ||
      !(Name.Spelling.Length == 12 &&
        memcmp(Name.Spelling.Data, "TRACE_ANSWER", 12) == 0))
    return passOn(F, C, R);
  Prep->CreateTokenBuilder(Prep->Context, F->Task, &B);
  Prep->TokenBuilderSetLiteral(Prep->Context, F->Task, B,
                               NEVERC_TOKEN_NUMERIC_CONSTANT, sv("42"));
  Prep->TokenBuilderSetFlags(Prep->Context, F->Task, B,
                             NEVERC_TOKEN_FLAG_LEADING_SPACE);
  S = Prep->TokenBuilderCommit(Prep->Context, F->Task, B, &Tok);
  Prep->DestroyTokenBuilder(Prep->Context, F->Task, B);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  memset(&Out, 0, sizeof Out);
  Out.Header = prepHeader(sizeof Out);
  Out.Action = NEVERC_PREP_MACRO_REPLACE_TOKENS;
  Out.Tokens = &Tok;
  Out.TokenCount = 1;
  S = Prep->CreateMacroPhaseOutput(Prep->Context, F, C, &Out, &R->Output);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercStatus intercept(const NevercRegistrarAPI *R, void *RC,
                              uint64_t Low, NevercPhaseInterceptorFn Fn) {
  NevercInterceptorDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.Phase.High = NEVERC_PHASE_PREP_PRAGMA_HIGH;
  D.Phase.Low = Low;
  D.Callback = Fn;
  return R->RegisterInterceptor(RC, &D);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  NevercInterfaceID ID = {NEVERC_INTERFACE_PREP_HIGH, NEVERC_INTERFACE_PREP_LOW};
  const void *T = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  (void)PS;
  S = Core->QueryInterface(Core->Context, ID, NEVERC_PREP_API_MAJOR,
                           NEVERC_PREP_API_MINOR, &T, &Minor, &Size);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  if (Size < sizeof(NevercPrepAPI))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  Prep = (const NevercPrepAPI *)T;
  S = intercept(R, RC, NEVERC_PHASE_PREP_PRAGMA_LOW, onPragma);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  return intercept(R, RC, NEVERC_PHASE_PREP_MACRO_LOW, onMacro);
}

static NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *Core,
                                          NevercTaskHandle Task,
                                          NevercTaskKind Kind, void *PS,
                                          void *SS, void **Out) {
  NevercPrepObserverDescriptor D;
  (void)Core, (void)PS, (void)SS, (void)Out;
  if (Kind != NEVERC_TASK_TRANSLATION_UNIT)
    return status(NEVERC_STATUS_OK);
  memset(&D, 0, sizeof D);
  D.Header = prepHeader(sizeof D);
  D.Events = NEVERC_PREP_EVENT_MASK(NEVERC_PREP_EVENT_INCLUSION_DIRECTIVE) |
             NEVERC_PREP_EVENT_MASK(NEVERC_PREP_EVENT_MACRO_DEFINED) |
             NEVERC_PREP_EVENT_MASK(NEVERC_PREP_EVENT_PRAGMA_DIRECTIVE);
  D.Callback = onEvent;
  return Prep->RegisterEventObserver(Prep->Context, Task, &D);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *Out) {
  NevercPluginDescriptor D;
  uint32_t Cap = Out->Header.StructSize;
  (void)Bootstrap;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.PluginID = sv(PT_ID);
  D.DisplayName = sv("prep trace (test)");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.Register = registerPlugin;
  D.TaskBegin = taskBegin;
  memcpy(Out, &D, Cap < sizeof D ? Cap : sizeof D);
  Out->Header.StructSize = sizeof D;
  return status(NEVERC_STATUS_OK);
}
