/*
 * neverc.codegen.mir_to_mc's test plugin (tests/lit/codegen/lower.c). An
 * observer BEFORE and AFTER the phase counts its runs (printed at the end
 * of the task) and, once, calls every NevercMCProviderAPI slot as an
 * observer may; an interceptor, by
 * -fplugin-arg=org.neverc.test.lowering:--lower-mode=M:
 *
 *   observe   (default) InvokeNext, CONTINUE
 *   quiet     as observe, saying nothing (tests/bench)
 *   late      after InvokeNext, GetMCBuilder (LLVM printed it: refused)
 *   mutate    a MIR mutation of the function (read-only here: refused),
 *             then InvokeNext
 *   open      PublishMCUnit with a mutation open (refused), then
 *             InvokeNext
 *   empty     REPLACE with a published unit that holds nothing
 *             (verify_mc_product refuses it)
 *   nosym     for "answer", REPLACE with a unit that does not define the
 *             function's symbol (refused)
 *   drop      for "answer", build and commit, then InvokeNext without
 *             publishing (the steps are dropped, said)
 *
 * LOWERING_PROVIDER builds the variant with a provider instead: for
 * "answer" (its name is the unit's first symbol) it builds `movl $42,
 * %eax; retq` in .text with LLVM 22's x86-64 MC opcodes and registers
 * (checked against the input's schema digest); any other function it
 * declines (RECOVERABLE, FallbackSafe: LLVM's AsmPrinter prints it).
 */
#include "TestPlugin.h"

#include <stdarg.h>
#include <stdio.h>

static const char ID[] = "org.neverc.test.lowering";

/* LLVM 22's x86-64 MC values (LOCKSTEP: valid under the digest). */
enum X86Value {
#define NEVERC_MC_TARGET_X86_64_OPCODE(Name, Value, Mnemonic)                  \
  X86_##Name = Value,
#define NEVERC_MC_TARGET_X86_64_REGISTER(Name, Value, Spelling)                \
  X86_R_##Name = Value,
#include "neverc/Plugin/Schema/Targets/PluginMCX86_64.inc"
#undef NEVERC_MC_TARGET_X86_64_OPCODE
#undef NEVERC_MC_TARGET_X86_64_REGISTER
  X86_End
};

static struct {
  const NevercCoreAPI *Core;
  const NevercMCProviderAPI *P;
  char Mode[32];
  unsigned long long Before, After;
  int Shown, Said;
} G;

static int mode(const char *M) { return !strcmp(G.Mode, M); }

static void say(const char *Fmt, ...) {
  char M[512];
  int N;
  va_list Ap;
  if (mode("quiet"))
    return;
  N = snprintf(M, sizeof M, "lower: ");
  va_start(Ap, Fmt);
  vsnprintf(M + N, sizeof M - (size_t)N, Fmt, Ap);
  va_end(Ap);
  tpRemark(G.Core, ID, M);
}

static NevercABITableHeader mcHeader(uint32_t Size) {
  return tpHeader(Size, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
}

static NevercStatus input(const NevercPhaseFrame *F,
                          NevercMIRToMCInputInfo *I) {
  memset(I, 0, sizeof *I);
  I->Header = tpHeader(sizeof *I, NEVERC_MC_PROVIDER_API_MAJOR,
                       NEVERC_MC_PROVIDER_API_MINOR);
  return G.P->GetMIRToMCInput(G.P->Context, F, F->Input, I);
}

/* The builder, and the name of the function it is for: the unit's first
 * symbol. */
static NevercStatus builder(const NevercPhaseFrame *F, const NevercMCAPI **MC,
                            NevercMCUnitHandle *Unit, char *Name, size_t Size) {
  NevercMCSymbolHandle Sym;
  NevercMCSymbolInfo Info;
  NevercStatus S;
  if ((S = G.P->GetMCBuilder(G.P->Context, F, MC, Unit)).Code ||
      (S = (*MC)->GetFirstSymbol((*MC)->Context, F->Task, *Unit, &Sym)).Code)
    return S;
  memset(&Info, 0, sizeof Info);
  Info.Header = mcHeader(sizeof Info);
  if ((S = (*MC)->GetSymbolInfo((*MC)->Context, F->Task, Sym, &Info)).Code)
    return S;
  snprintf(Name, Size, "%.*s", (int)Info.Name.Length, Info.Name.Data);
  return S;
}

static NevercStatus section(const NevercMCAPI *MC, NevercTaskHandle T,
                            NevercMCMutationHandle M,
                            NevercMCSectionHandle *Out) {
  NevercMCSectionDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = mcHeader(sizeof D);
  D.Name.Data = ".text";
  D.Name.Length = 5;
  D.Alignment = 16;
  D.Flags = NEVERC_MC_SECTION_ALLOCATED | NEVERC_MC_SECTION_EXECUTABLE;
  return MC->CreateSection(MC->Context, T, M, &D, Out);
}

static NevercStatus label(const NevercMCAPI *MC, NevercTaskHandle T,
                          NevercMCMutationHandle M, NevercMCSectionHandle Sec,
                          const char *Name, NevercMCSymbolBinding Binding) {
  NevercMCSymbolDescriptor D;
  NevercMCSymbolHandle H;
  memset(&D, 0, sizeof D);
  D.Header = mcHeader(sizeof D);
  D.Name.Data = Name;
  D.Name.Length = strlen(Name);
  D.Binding = Binding;
  D.Visibility = NEVERC_MC_SYMBOL_VISIBILITY_DEFAULT;
  D.Type = NEVERC_MC_SYMBOL_TYPE_FUNCTION;
  D.Definition = NEVERC_MC_SYMBOL_DEFINITION_SECTION;
  D.Section = Sec;
  D.Value = NEVERC_MC_AUTOMATIC_OFFSET;
  return MC->CreateSymbol(MC->Context, T, M, &D, &H);
}

/* One instruction with up to one register and one immediate operand. */
static NevercStatus inst(const NevercMCAPI *MC, NevercTaskHandle T,
                         NevercMCMutationHandle M, NevercMCUnitHandle Unit,
                         NevercMCSchemaTokenHandle Token, uint32_t Opcode,
                         uint32_t Reg, int HasImm, int64_t Imm) {
  NevercMCInstHandle I;
  NevercMCOperandValue V;
  NevercStatus S;
  if ((S = MC->CreateInstruction(MC->Context, T, M, Token, Opcode, &I)).Code)
    return S;
  if (Reg) {
    memset(&V, 0, sizeof V);
    V.Header = mcHeader(sizeof V);
    V.SchemaToken = Token;
    V.Kind = NEVERC_MC_OPERAND_REGISTER;
    V.Payload.Register = Reg;
    if ((S = MC->AppendOperand(MC->Context, T, M, I, &V)).Code)
      return S;
  }
  if (HasImm) {
    memset(&V, 0, sizeof V);
    V.Header = mcHeader(sizeof V);
    V.SchemaToken = Token;
    V.Kind = NEVERC_MC_OPERAND_IMMEDIATE;
    V.Payload.Immediate = Imm;
    if ((S = MC->AppendOperand(MC->Context, T, M, I, &V)).Code)
      return S;
  }
  return MC->AppendInstruction(MC->Context, T, M, Unit, I);
}

/* Into the unit: .text; <Label>: [movl $42, %eax;] retq. Committed. */
static NevercStatus build(const NevercPhaseFrame *F, const NevercMCAPI *MC,
                          NevercMCUnitHandle Unit, const char *Label,
                          int WithMov) {
  NevercMCSchemaTokenHandle Token;
  NevercMCMutationHandle M;
  NevercMCSectionHandle Sec;
  NevercStatus S;
  if ((S = MC->GetSchemaToken(MC->Context, F->Task, Unit, &Token)).Code ||
      (S = MC->BeginMutation(MC->Context, F->Task, Unit, &M)).Code)
    return S;
  if (!(S = section(MC, F->Task, M, &Sec)).Code)
    S = label(MC, F->Task, M, Sec, Label, NEVERC_MC_SYMBOL_BINDING_GLOBAL);
  if (!S.Code && WithMov)
    S = inst(MC, F->Task, M, Unit, Token, X86_MOV32ri, X86_R_EAX, 1, 42);
  if (!S.Code)
    S = inst(MC, F->Task, M, Unit, Token, X86_RET64, 0, 0, 0);
  if (!S.Code)
    return MC->CommitMutation(MC->Context, F->Task, M);
  MC->AbandonMutation(MC->Context, F->Task, M);
  return S;
}

/* --- the observer ------------------------------------------------------ */

static void observerTour(const NevercPhaseFrame *F) {
  NevercMIRToMCInputInfo I;
  NevercStatus S = input(F, &I);
  const NevercMIRAPI *MIR = NULL;
  NevercMachineFunctionHandle MF;
  const NevercMCAPI *MC;
  NevercMCUnitHandle Unit;
  NevercArtifactHandle Out;
  NevercMIRMutationHandle Mu;
  uint64_t Blocks = 0;
  say("input %s functions=%llu target-x86=%d key='%.*s' digest='%.*s' "
      "module-null=%d",
      tpCode(S), (unsigned long long)I.DefinedFunctionCount,
      I.TargetID.High == NEVERC_TARGET_ID_X86_64_HIGH,
      (int)I.CompatibilityKey.Length, I.CompatibilityKey.Data,
      (int)I.TargetSchemaDigest.Length, I.TargetSchemaDigest.Data,
      neverc_handle_is_null(I.Module));
  S = G.P->GetMIRToMCInput(G.P->Context, F, F->CurrentOutput, &I);
  say("input of another artifact %s", tpCode(S));
  I.Header.Major = 99;
  say("input with a wrong major %s",
      tpCode(G.P->GetMIRToMCInput(G.P->Context, F, F->Input, &I)));
  S = G.P->GetMachineFunction(G.P->Context, F, 0, &MIR, &MF);
  if (!S.Code)
    S = MIR->GetBasicBlockCount(MIR->Context, F->Task, MF, &Blocks);
  say("function 0 %s blocks>0=%d", tpCode(S), Blocks > 0);
  say("function 1 %s",
      tpCode(G.P->GetMachineFunction(G.P->Context, F, 1, &MIR, &MF)));
  say("function without out-pointers %s",
      tpCode(G.P->GetMachineFunction(G.P->Context, F, 0, NULL, NULL)));
  if (MIR && !G.P->GetMachineFunction(G.P->Context, F, 0, &MIR, &MF).Code)
    say("observer BeginMutation %s",
        tpCode(MIR->BeginMutation(MIR->Context, F->Task, MF, &Mu)));
  say("observer GetMCBuilder %s",
      tpCode(G.P->GetMCBuilder(G.P->Context, F, &MC, &Unit)));
  say("observer PublishMCUnit %s",
      tpCode(G.P->PublishMCUnit(G.P->Context, F, &Out)));
}

static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point, void *U) {
  (void)U;
  if (Point == NEVERC_OBSERVER_BEFORE) {
    ++G.Before;
    if (!G.Shown && !mode("quiet")) {
      G.Shown = 1;
      observerTour(F);
    }
  } else {
    ++G.After;
  }
  return status(0);
}

/* --- the interceptor --------------------------------------------------- */

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *Out, void *U) {
  const NevercMCAPI *MC;
  NevercMCUnitHandle Unit;
  NevercPhaseResult Next;
  NevercStatus S;
  char Name[64] = "";
  (void)U;
  memset(&Next, 0, sizeof Next);
  Next.Header = Out->Header;
  if (mode("mutate")) {
    const NevercMIRAPI *MIR;
    NevercMachineFunctionHandle MF;
    NevercMIRMutationHandle Mu;
    if (!(S = G.P->GetMachineFunction(G.P->Context, F, 0, &MIR, &MF)).Code)
      S = MIR->BeginMutation(MIR->Context, F->Task, MF, &Mu);
    if (!G.Said++)
      say("interceptor BeginMutation %s", tpCode(S));
  }
  if (mode("open")) {
    NevercMCMutationHandle M;
    NevercArtifactHandle A;
    if (!(S = builder(F, &MC, &Unit, Name, sizeof Name)).Code &&
        !(S = MC->BeginMutation(MC->Context, F->Task, Unit, &M)).Code)
      S = G.P->PublishMCUnit(G.P->Context, F, &A);
    if (!G.Said++)
      say("PublishMCUnit with a mutation open %s", tpCode(S));
  }
  if (mode("empty")) {
    if ((S = builder(F, &MC, &Unit, Name, sizeof Name)).Code ||
        (S = G.P->PublishMCUnit(G.P->Context, F, &Out->Output)).Code)
      return S;
    Out->Action = NEVERC_PHASE_REPLACE;
    return status(0);
  }
  if (mode("nosym") || mode("drop")) {
    if ((S = builder(F, &MC, &Unit, Name, sizeof Name)).Code)
      return S;
    if (!strcmp(Name, "answer")) {
      if ((S = build(F, MC, Unit, mode("nosym") ? "other" : "answer", 0)).Code)
        return S;
      say("%s answer built", G.Mode);
      if (mode("nosym")) {
        if ((S = G.P->PublishMCUnit(G.P->Context, F, &Out->Output)).Code)
          return S;
        Out->Action = NEVERC_PHASE_REPLACE;
        return status(0);
      }
    }
  }
  if ((S = C->InvokeNext(C, F, &Next)).Code)
    return S;
  if (mode("late")) {
    S = G.P->GetMCBuilder(G.P->Context, F, &MC, &Unit);
    if (!G.Said++)
      say("GetMCBuilder after InvokeNext %s", tpCode(S));
  }
  return status(0);
}

#ifdef LOWERING_PROVIDER
static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *Out, void *U) {
  const NevercMCAPI *MC;
  NevercMCUnitHandle Unit;
  NevercMIRToMCInputInfo I;
  NevercStatus S;
  char Name[64];
  (void)U;
  if ((S = input(F, &I)).Code)
    return S;
  /* Only LLVM 22's x86-64 numbers are known here; anything else is LLVM's
   * (so is a -S compile, which has no unit to build into). */
  if (!tpSame(I.TargetSchemaDigest, NEVERC_MC_TARGET_X86_64_DIGEST) ||
      (S = builder(F, &MC, &Unit, Name, sizeof Name)).Code ||
      strcmp(Name, "answer")) {
    S = status(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    S.Flags = NEVERC_STATUS_FLAG_RECOVERABLE;
    return S;
  }
  if ((S = build(F, MC, Unit, Name, 1)).Code) {
    say("provide answer build %s", tpCode(S));
    return S;
  }
  S = G.P->PublishMCUnit(G.P->Context, F, &Out->Output);
  say("provide answer publish %s", tpCode(S));
  if (S.Code)
    return S;
  Out->Action = NEVERC_PHASE_REPLACE;
  return status(0);
}
#endif

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercObserverDescriptor O;
  NevercStatus S;
  (void)PS;
  G.Core = Core;
  G.P = (const NevercMCProviderAPI *)tpQuery(
      Core, NEVERC_INTERFACE_MC_PROVIDER_HIGH, NEVERC_INTERFACE_MC_PROVIDER_LOW,
      NEVERC_MC_PROVIDER_API_MAJOR, NEVERC_MC_PROVIDER_API_MINOR);
  if (!G.P)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if ((S = tpStringOption(Reg, Ctx, "--lower-mode")).Code)
    return S;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_CODEGEN_MIR_TO_MC_HIGH;
  O.Phase.Low = NEVERC_PHASE_CODEGEN_MIR_TO_MC_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  O.Callback = observe;
  if ((S = Reg->RegisterObserver(Ctx, &O)).Code)
    return S;
#ifdef LOWERING_PROVIDER
  {
    NevercProviderDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header =
        tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    D.Phase = O.Phase;
    D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                              NEVERC_PLUGIN_ABI_MINOR);
    D.ProviderID.Data = "org.neverc.test.lowering.answer";
    D.ProviderID.Length = strlen(D.ProviderID.Data);
    D.FallbackSafe = NEVERC_TRUE;
    D.Callback = provide;
    (void)intercept;
    return Reg->RegisterProvider(Ctx, &D);
  }
#else
  {
    NevercInterceptorDescriptor I;
    memset(&I, 0, sizeof I);
    I.Header =
        tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    I.Phase = O.Phase;
    I.Callback = intercept;
    return Reg->RegisterInterceptor(Ctx, &I);
  }
#endif
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  (void)PS, (void)Out;
  tpOptionValue(Core, S, ID, "--lower-mode", "observe", G.Mode, sizeof G.Mode);
  return status(0);
}

static NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *Core,
                                        NevercTaskHandle T, NevercTaskKind K,
                                        void *PS, void *SS, void *TS) {
  (void)Core, (void)T, (void)K, (void)PS, (void)SS, (void)TS;
  if (G.Before)
    say("mir_to_mc before=%llu after=%llu", G.Before, G.After);
  G.Before = G.After = 0;
  G.Shown = G.Said = 0;
  return status(0);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "lowering test plugin", registerPlugin,
                         sessionBegin, NULL, taskEnd)
