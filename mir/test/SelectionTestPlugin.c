/*
 * neverc.codegen.ir_to_mir's test plugin (tests/lit/codegen/select.c). An
 * observer BEFORE and AFTER the phase counts its runs (printed at the end
 * of the task) and reads the provider input once; an interceptor, by
 * -fplugin-arg=org.neverc.test.selection:--select-mode=M:
 *
 *   observe   (default) InvokeNext, CONTINUE
 *   nop       after InvokeNext, an inline-assembly "nop" at the entry of
 *             every function, in one committed mutation
 *   break     after InvokeNext, the first instruction of "answer" erased
 *             (at -O2 it defines what the return reads): the commit is
 *             refused (MachineVerifier), the function stays LLVM's
 *   empty     REPLACE without InvokeNext: the machine function is left
 *             empty (verify_mir_product refuses it)
 *   quiet     as observe, saying nothing (tests/bench)
 *
 * SELECTION_PROVIDER builds the variant with a provider instead of the
 * interceptor: for "answer" it builds `$eax = MOV32ri 42; RET64 implicit
 * $eax` itself (LLVM 22's x86-64 opcode and register numbers, checked
 * against the input's compatibility key); for any other function it
 * declines (a RECOVERABLE failure, FallbackSafe) and LLVM selects it.
 * --select-mode=claim makes it claim debug info in PublishMIRModule (refused).
 */
#include "TestPlugin.h"

#include <stdarg.h>
#include <stdio.h>

static const char ID[] = "org.neverc.test.selection";

/* LLVM 22's x86-64 values (Schema/Targets/PluginMCX86_64.inc: LOCKSTEP). */
enum { X86_MOV32ri = 2570, X86_RET64 = 3736, X86_EAX = 22 };

static struct {
  const NevercCoreAPI *Core;
  const NevercMIRProviderAPI *Provider;
  char Mode[32];
  unsigned long long Before, After;
  int InputShown;
} G;

static int mode(const char *M) { return !strcmp(G.Mode, M); }

static void say(const char *Fmt, ...) {
  char M[512];
  int N;
  va_list Ap;
  if (mode("quiet"))
    return;
  N = snprintf(M, sizeof M, "select: ");
  va_start(Ap, Fmt);
  vsnprintf(M + N, sizeof M - (size_t)N, Fmt, Ap);
  va_end(Ap);
  tpRemark(G.Core, ID, M);
}

static NevercStatus input(const NevercPhaseFrame *F,
                          NevercIRToMIRInputInfo *I) {
  memset(I, 0, sizeof *I);
  I->Header = tpHeader(sizeof *I, NEVERC_MIR_PROVIDER_API_MAJOR,
                       NEVERC_MIR_PROVIDER_API_MINOR);
  return G.Provider->GetIRToMIRInput(G.Provider->Context, F, F->Input, I);
}

/* The function being selected: the module's defined function whose
 * machine function this run has (the others are NOT_FOUND). */
static NevercStatus current(const NevercPhaseFrame *F, const NevercMIRAPI **MIR,
                            NevercMachineFunctionHandle *MF, char *Name,
                            size_t Size) {
  NevercIRToMIRInputInfo I;
  NevercIRValueCursor C;
  NevercIRValueHandle V[16];
  uint64_t N, K;
  NevercStatus S = input(F, &I);
  if (S.Code)
    return S;
  memset(&C, 0, sizeof C);
  C.Header =
      tpHeader(sizeof C, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  if ((S = I.IR->BeginValueCursor(I.IR->Context, F->Task, I.Module,
                                  NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, &C))
          .Code)
    return S;
  while (!(S = I.IR->CollectValueCursor(I.IR->Context, F->Task, &C, V, 16, &N))
              .Code &&
         N)
    for (K = 0; K < N; ++K) {
      NevercStringView Sv;
      S = G.Provider->GetOrCreateMachineFunction(G.Provider->Context, F, V[K],
                                                 MIR, MF);
      if (S.Code == NEVERC_STATUS_NOT_FOUND)
        continue;
      if (S.Code)
        return S;
      if ((S = I.IR->GetValueName(I.IR->Context, F->Task, V[K], &Sv)).Code)
        return S;
      snprintf(Name, Size, "%.*s", (int)Sv.Length, Sv.Data);
      return S;
    }
  return S.Code ? S : status(NEVERC_STATUS_NOT_FOUND);
}

#ifdef SELECTION_PROVIDER
static NevercStatus appendReg(const NevercMIRAPI *M, NevercTaskHandle T,
                              NevercMIRMutationHandle Mu,
                              NevercMachineInstrHandle I, uint32_t Reg,
                              NevercMIRRegisterFlags Flags) {
  NevercMIROperandValue V;
  NevercMachineOperandHandle Op;
  memset(&V, 0, sizeof V);
  V.Header = tpHeader(sizeof V, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR);
  V.Kind = NEVERC_MIR_OPERAND_REGISTER;
  V.Payload.Register.Number = Reg;
  V.Payload.Register.Flags = Flags;
  V.Payload.Register.IsPhysical = NEVERC_TRUE;
  V.Payload.Register.RequiresTargetSchema = NEVERC_TRUE;
  return M->AppendOperand(M->Context, T, Mu, I, &V, &Op);
}

/* "answer": $eax = MOV32ri 42; RET64 implicit $eax. */
static NevercStatus buildAnswer(const NevercMIRAPI *M, NevercTaskHandle T,
                                NevercMachineFunctionHandle F) {
  NevercMIRMutationHandle Mu;
  NevercMachineBasicBlockHandle B, None;
  NevercMachineInstrHandle Mov, Ret, NoInstr;
  NevercMIRInstructionOpcode Op;
  NevercMIROperandValue V;
  NevercMachineOperandHandle O;
  NevercStatus S, E;
  memset(&None, 0, sizeof None);
  memset(&NoInstr, 0, sizeof NoInstr);
  if ((S = M->BeginMutation(M->Context, T, F, &Mu)).Code)
    return S;
  memset(&Op, 0, sizeof Op);
  Op.RequiresTargetSchema = NEVERC_TRUE;
  S = M->CreateBasicBlock(M->Context, T, Mu, None, &B);
  if (!S.Code) {
    Op.TargetOpcode = X86_MOV32ri;
    S = M->CreateInstruction(M->Context, T, Mu, B, NoInstr, Op, &Mov);
  }
  if (!S.Code)
    S = appendReg(M, T, Mu, Mov, X86_EAX, NEVERC_MIR_REG_FLAG_DEF);
  if (!S.Code) {
    memset(&V, 0, sizeof V);
    V.Header = tpHeader(sizeof V, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR);
    V.Kind = NEVERC_MIR_OPERAND_IMMEDIATE;
    V.Payload.Immediate = 42;
    S = M->AppendOperand(M->Context, T, Mu, Mov, &V, &O);
  }
  if (!S.Code) {
    Op.TargetOpcode = X86_RET64;
    S = M->CreateInstruction(M->Context, T, Mu, B, NoInstr, Op, &Ret);
  }
  if (!S.Code)
    S = appendReg(M, T, Mu, Ret, X86_EAX, NEVERC_MIR_REG_FLAG_IMPLICIT);
  if (!S.Code)
    S = M->CommitMutation(M->Context, T, Mu);
  else
    M->AbortMutation(M->Context, T, Mu);
  E = M->EndMutation(M->Context, T, Mu);
  return S.Code ? S : E;
}
#endif

/* --- observers, the interceptor, the provider ------------------------- */

static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point, void *U) {
  (void)U;
  if (Point == NEVERC_OBSERVER_BEFORE) {
    ++G.Before;
    if (!G.InputShown) {
      NevercIRToMIRInputInfo I;
      NevercStatus S = input(F, &I);
      const NevercMIRAPI *M;
      NevercMachineFunctionHandle MF;
      char Name[64];
      G.InputShown = 1;
      say("input %s functions=%llu target-x86=%d key='%.*s' "
          "schema-digest-empty=%d",
          tpCode(S), (unsigned long long)I.DefinedFunctionCount,
          I.TargetID.High == NEVERC_TARGET_ID_X86_64_HIGH,
          (int)I.CompatibilityKey.Length, I.CompatibilityKey.Data,
          I.TargetSchemaDigest.Length == 0);
      say("observer GetOrCreateMachineFunction %s",
          tpCode(current(F, &M, &MF, Name, sizeof Name)));
    }
  } else {
    ++G.After;
  }
  return status(0);
}

static NevercStatus nop(const NevercPhaseFrame *F) {
  const NevercMIRAPI *M;
  NevercMachineFunctionHandle MF;
  NevercMachineBasicBlockHandle B;
  NevercMachineInstrHandle First, I;
  NevercMIRMutationHandle Mu;
  NevercMIRInstructionOpcode Op;
  NevercMIROperandValue V;
  NevercMachineOperandHandle O;
  NevercStatus S, E;
  char Name[64];
  if ((S = current(F, &M, &MF, Name, sizeof Name)).Code ||
      (S = M->GetFirstBasicBlock(M->Context, F->Task, MF, &B)).Code ||
      (S = M->GetFirstInstruction(M->Context, F->Task, B, &First)).Code ||
      (S = M->BeginMutation(M->Context, F->Task, MF, &Mu)).Code)
    return S;
  memset(&Op, 0, sizeof Op);
  Op.StableOpcode = NEVERC_MIR_GENERIC_OPCODE_INLINEASM;
  S = M->CreateInstruction(M->Context, F->Task, Mu, B, First, Op, &I);
  memset(&V, 0, sizeof V);
  V.Header = tpHeader(sizeof V, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR);
  V.Kind = NEVERC_MIR_OPERAND_EXTERNAL_SYMBOL;
  V.Payload.SymbolOffset.Symbol.Data = "nop";
  V.Payload.SymbolOffset.Symbol.Length = 3;
  if (!S.Code)
    S = M->AppendOperand(M->Context, F->Task, Mu, I, &V, &O);
  memset(&V, 0, sizeof V);
  V.Header = tpHeader(sizeof V, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR);
  V.Kind = NEVERC_MIR_OPERAND_IMMEDIATE;
  V.Payload.Immediate = 1; /* has side effects */
  if (!S.Code)
    S = M->AppendOperand(M->Context, F->Task, Mu, I, &V, &O);
  if (!S.Code)
    S = M->CommitMutation(M->Context, F->Task, Mu);
  else
    M->AbortMutation(M->Context, F->Task, Mu);
  E = M->EndMutation(M->Context, F->Task, Mu);
  say("nop %s commit %s", Name, tpCode(S));
  return S.Code ? S : E;
}

/* Erases the first instruction of "answer" (-O2: the definition of the
 * virtual register its return reads). */
static NevercStatus breakAnswer(const NevercPhaseFrame *F) {
  const NevercMIRAPI *M;
  NevercMachineFunctionHandle MF;
  NevercMachineBasicBlockHandle B;
  NevercMachineInstrHandle First;
  NevercMIRMutationHandle Mu;
  NevercStatus S;
  char Name[64];
  if ((S = current(F, &M, &MF, Name, sizeof Name)).Code)
    return S;
  if (strcmp(Name, "answer"))
    return status(0);
  if ((S = M->GetFirstBasicBlock(M->Context, F->Task, MF, &B)).Code ||
      (S = M->GetFirstInstruction(M->Context, F->Task, B, &First)).Code ||
      (S = M->BeginMutation(M->Context, F->Task, MF, &Mu)).Code)
    return S;
  S = M->EraseInstruction(M->Context, F->Task, Mu, First);
  if (!S.Code)
    S = M->CommitMutation(M->Context, F->Task, Mu);
  say("break answer commit %s", tpCode(S));
  if (S.Code)
    M->AbortMutation(M->Context, F->Task, Mu);
  return M->EndMutation(M->Context, F->Task, Mu);
}

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *Out, void *U) {
  NevercPhaseResult Next;
  NevercStatus S;
  (void)U;
  if (mode("empty")) {
    Out->Action = NEVERC_PHASE_REPLACE;
    Out->Output = F->CurrentOutput;
    return status(0);
  }
  memset(&Next, 0, sizeof Next);
  Next.Header = Out->Header;
  if ((S = C->InvokeNext(C, F, &Next)).Code)
    return S;
  if (mode("nop"))
    return nop(F);
  if (mode("break"))
    return breakAnswer(F);
  return status(0);
}

#ifdef SELECTION_PROVIDER
static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *Out, void *U) {
  const NevercMIRAPI *M;
  NevercMachineFunctionHandle MF;
  NevercIRToMIRInputInfo I;
  NevercMIRModuleCoverageDescriptor Cov;
  NevercStatus S;
  char Name[64];
  (void)U;
  if ((S = input(F, &I)).Code ||
      (S = current(F, &M, &MF, Name, sizeof Name)).Code)
    return S;
  /* Only LLVM 22's x86-64 numbers are known here; anything else is LLVM's. */
  if (strcmp(Name, "answer") || I.CompatibilityKey.Length < 13 ||
      memcmp(I.CompatibilityKey.Data, "llvm22-x86_64", 13)) {
    S = status(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    S.Flags = NEVERC_STATUS_FLAG_RECOVERABLE;
    return S;
  }
  if ((S = buildAnswer(M, F->Task, MF)).Code) {
    say("provide answer build %s", tpCode(S));
    return S;
  }
  memset(&Cov, 0, sizeof Cov);
  Cov.Header = tpHeader(sizeof Cov, NEVERC_MIR_PROVIDER_API_MAJOR,
                        NEVERC_MIR_PROVIDER_API_MINOR);
  Cov.HandlesDebugInfo = mode("claim") ? NEVERC_TRUE : NEVERC_FALSE;
  S = G.Provider->PublishMIRModule(G.Provider->Context, F, &Cov, &Out->Output);
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
  G.Provider = (const NevercMIRProviderAPI *)tpQuery(
      Core, NEVERC_INTERFACE_MIR_PROVIDER_HIGH,
      NEVERC_INTERFACE_MIR_PROVIDER_LOW, NEVERC_MIR_PROVIDER_API_MAJOR,
      NEVERC_MIR_PROVIDER_API_MINOR);
  if (!G.Provider)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if ((S = tpStringOption(Reg, Ctx, "--select-mode")).Code)
    return S;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_CODEGEN_IR_TO_MIR_HIGH;
  O.Phase.Low = NEVERC_PHASE_CODEGEN_IR_TO_MIR_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  O.Callback = observe;
  if ((S = Reg->RegisterObserver(Ctx, &O)).Code)
    return S;
#ifdef SELECTION_PROVIDER
  {
    NevercProviderDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header =
        tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    D.Phase = O.Phase;
    D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                              NEVERC_PLUGIN_ABI_MINOR);
    D.ProviderID.Data = "org.neverc.test.selection.answer";
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
  tpOptionValue(Core, S, ID, "--select-mode", "observe", G.Mode, sizeof G.Mode);
  return status(0);
}

static NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *Core,
                                        NevercTaskHandle T, NevercTaskKind K,
                                        void *PS, void *SS, void *TS) {
  (void)Core, (void)T, (void)K, (void)PS, (void)SS, (void)TS;
  if (G.Before)
    say("ir_to_mir before=%llu after=%llu", G.Before, G.After);
  G.Before = G.After = 0;
  G.InputShown = 0;
  return status(0);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "selection test plugin", registerPlugin,
                         sessionBegin, NULL, taskEnd)
