/*
 * neverc.mc.layout's test plugin (tests/lit/mc/layout.c). An observer reads
 * the unit before (its sections, through NevercMCAPI) and LLVM's layout
 * after (NevercMCEmissionAPI.GetLayoutSection: each section's name and
 * size) and cannot mutate; an interceptor runs the rest of the chain, or
 * with --layout-mode=replace answers with the unit instead of a layout
 * (refused: LLVM 22 takes no layout from a plugin).
 */
#include "TestPlugin.h"

#include <stdio.h>

#define ID "org.neverc.test.layout"

static struct {
  const NevercCoreAPI *Core;
  const NevercMCAPI *MC;
  const NevercMCEmissionAPI *E;
  char Mode[16];
  unsigned Runs;
} G;

static void say(const char *M) { tpRemark(G.Core, ID, M); }

static NevercMCEmissionEventInfo
event(const NevercPhaseFrame *F, NevercArtifactHandle A, NevercStatus *S) {
  NevercMCEmissionEventInfo I;
  memset(&I, 0, sizeof I);
  I.Header = tpHeader(sizeof I, NEVERC_MC_EMISSION_API_MAJOR,
                      NEVERC_MC_EMISSION_API_MINOR);
  *S = G.E->GetEvent(G.E->Context, F, A, &I);
  return I;
}

static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *F,
                                        NevercObserverPoint P, void *U) {
  char M[256];
  NevercStatus S;
  NevercMCEmissionEventInfo I;
  (void)U;
  if (P == NEVERC_OBSERVER_BEFORE) {
    NevercMCUnitInfo UI;
    NevercMCMutationHandle Mu;
    ++G.Runs;
    I = event(F, F->Input, &S);
    memset(&UI, 0, sizeof UI);
    UI.Header = tpHeader(sizeof UI, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    if (!S.Code)
      S = G.MC->GetUnitInfo(G.MC->Context, F->Task, I.Unit, &UI);
    snprintf(M, sizeof M, "layout: before %s sections>2=%d has-layout=%d",
             tpCode(S), UI.SectionCount > 2,
             (I.Flags & NEVERC_MC_EMISSION_HAS_LAYOUT) != 0);
    say(M);
    snprintf(M, sizeof M, "layout: observer BeginMutation %s",
             tpCode(G.MC->BeginMutation(G.MC->Context, F->Task, I.Unit, &Mu)));
    say(M);
    return status(0);
  }
  I = event(F, F->CurrentOutput, &S);
  snprintf(M, sizeof M, "layout: after %s has-layout=%d sections>2=%d",
           tpCode(S), (I.Flags & NEVERC_MC_EMISSION_HAS_LAYOUT) != 0,
           I.LayoutSectionCount > 2);
  say(M);
  {
    uint64_t K;
    for (K = 0; K < I.LayoutSectionCount; ++K) {
      NevercMCEmissionSectionLayoutInfo L;
      memset(&L, 0, sizeof L);
      L.Header = tpHeader(sizeof L, NEVERC_MC_EMISSION_API_MAJOR,
                          NEVERC_MC_EMISSION_API_MINOR);
      if ((S = G.E->GetLayoutSection(G.E->Context, F, F->CurrentOutput, K, &L))
              .Code)
        break;
      if (tpSame(L.Name, ".text")) {
        snprintf(M, sizeof M, "layout: .text size %llu",
                 (unsigned long long)L.AddressSize);
        say(M);
      }
    }
  }
  return status(0);
}

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *U) {
  (void)U;
  if (!strcmp(G.Mode, "replace")) {
    R->Output = F->Input;
    R->Action = NEVERC_PHASE_REPLACE;
    return status(0);
  }
  {
    NevercStatus S = C->InvokeNext(C, F, R);
    if (!S.Code) {
      R->Action = NEVERC_PHASE_CONTINUE;
      memset(&R->Output, 0, sizeof R->Output);
    }
    return S;
  }
}

#ifdef LAYOUT_PROVIDER
/* A provider has no layout to give: whatever it answers is refused. */
static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *R, void *U) {
  (void)U;
  R->Output = F->CurrentOutput;
  R->Action = NEVERC_PHASE_REPLACE;
  return status(0);
}
#endif

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercObserverDescriptor O;
  NevercInterceptorDescriptor I;
  NevercStatus S;
  (void)PS;
  G.Core = Core;
  G.MC = (const NevercMCAPI *)tpQuery(Core, NEVERC_INTERFACE_MC_HIGH,
                                      NEVERC_INTERFACE_MC_LOW,
                                      NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  G.E = (const NevercMCEmissionAPI *)tpQuery(
      Core, NEVERC_INTERFACE_MC_EMISSION_HIGH, NEVERC_INTERFACE_MC_EMISSION_LOW,
      NEVERC_MC_EMISSION_API_MAJOR, NEVERC_MC_EMISSION_API_MINOR);
  if (!G.MC || !G.E)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if ((S = tpStringOption(Reg, Ctx, "--layout-mode")).Code)
    return S;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_MC_LAYOUT_HIGH;
  O.Phase.Low = NEVERC_PHASE_MC_LAYOUT_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  O.Callback = observe;
  if ((S = Reg->RegisterObserver(Ctx, &O)).Code)
    return S;
#ifdef LAYOUT_PROVIDER
  {
    NevercProviderDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header =
        tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    D.Phase = O.Phase;
    D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                              NEVERC_PLUGIN_ABI_MINOR);
    D.ProviderID.Data = "org.neverc.test.layout.provider";
    D.ProviderID.Length = strlen(D.ProviderID.Data);
    D.Callback = provide;
    (void)I, (void)intercept;
    return Reg->RegisterProvider(Ctx, &D);
  }
#else
  memset(&I, 0, sizeof I);
  I.Header =
      tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase = O.Phase;
  I.Callback = intercept;
  return Reg->RegisterInterceptor(Ctx, &I);
#endif
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  (void)PS, (void)Out;
  tpOptionValue(Core, S, ID, "--layout-mode", "", G.Mode, sizeof G.Mode);
  return status(0);
}

static NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *Core,
                                        NevercTaskHandle T, NevercTaskKind K,
                                        void *PS, void *SS, void *TS) {
  char M[64];
  (void)Core, (void)T, (void)K, (void)PS, (void)SS, (void)TS;
  if (!G.Runs)
    return status(0);
  snprintf(M, sizeof M, "layout: mc.layout ran %u", G.Runs);
  say(M);
  G.Runs = 0;
  return status(0);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "layout test plugin", registerPlugin, sessionBegin,
                         NULL, taskEnd)
