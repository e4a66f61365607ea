/*
 * The IR domain's rules, broken on purpose (tests/lit/ir/misuse.c). The
 * mode comes from IR_MISUSE:
 *   register      RegisterPass misuses, each status
 *   intercept-final  an interceptor on the sealed ir.final_verify
 *   preserve-all  a pass renames a function and reports PRESERVE_ALL
 *   invalid       a pass erases a terminator: the verifier rejects it
 *   fail          a pass returns PLUGIN_FAILURE
 *   stale         handles of an erased instruction and an old cursor
 *   cross-task    a handle of the first translation unit's task used in
 *                 the second's (neverc -c a.c b.c: one task per cc1; the
 *                 first has ended)
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>

#define MISUSE_ID "org.neverc.test.ir-misuse"

static const NevercIRPassAPI *Pass;
static const char *Mode = "";

static void line(const char *What, NevercStatus Got, NevercStatusCode Want) {
  fprintf(stderr, "misuse: %s -> %s %s\n", What, tpCode(Got),
          Got.Code == Want ? "ok" : "FAILED");
}

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

/* The first block of the first defined function, and that function. */
static int firstBlock(const NevercIRPassInvocation *Inv,
                      NevercIRValueHandle *Fn, NevercIRValueHandle *Block) {
  const NevercIRCoreAPI *C = Inv->Core;
  NevercIRValueCursor Cur;
  NevercIRValueHandle Fns[64];
  uint64_t N = 0, I;
  memset(&Cur, 0, sizeof Cur);
  C->BeginValueCursor(C->Context, Inv->Task, Inv->Module,
                      NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, &Cur);
  C->CollectValueCursor(C->Context, Inv->Task, &Cur, Fns, 64, &N);
  for (I = 0; I < N; ++I) {
    NevercIRValueCursor B;
    uint64_t K = 0;
    memset(&B, 0, sizeof B);
    C->BeginValueCursor(C->Context, Inv->Task, Fns[I],
                        NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, &B);
    C->CollectValueCursor(C->Context, Inv->Task, &B, Block, 1, &K);
    if (K) {
      *Fn = Fns[I];
      return 1;
    }
  }
  return 0;
}

static NevercStatus NEVERC_CALL run(const NevercIRPassInvocation *Inv,
                                    NevercIRPreservedAnalyses *Kept, void *UD) {
  const NevercIRCoreAPI *C = Inv->Core;
  NevercIRValueHandle Fn, Block, Term;
  (void)UD;
  Kept->Flags = NEVERC_IR_PRESERVE_NONE;
  if (!strcmp(Mode, "fail"))
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  if (!strcmp(Mode, "cross-task")) {
    static NevercIRValueHandle Saved;
    static int Have;
    NevercIRValueKind Kind;
    if (!firstBlock(Inv, &Fn, &Block))
      return status(NEVERC_STATUS_PLUGIN_FAILURE);
    if (!Have) {
      Saved = Fn;
      Have = 1;
      line("GetValueKind(this task's function)",
           C->GetValueKind(C->Context, Inv->Task, Fn, &Kind), NEVERC_STATUS_OK);
    } else {
      line("GetValueKind(a function of the previous task)",
           C->GetValueKind(C->Context, Inv->Task, Saved, &Kind),
           NEVERC_STATUS_STALE_HANDLE);
    }
    Kept->Flags = NEVERC_IR_PRESERVE_ALL;
    return status(NEVERC_STATUS_OK);
  }
  if (!firstBlock(Inv, &Fn, &Block))
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  if (!strcmp(Mode, "preserve-all")) {
    C->SetValueName(C->Context, Inv->Task, Fn, sv("renamed_by_pass"));
    Kept->Flags = NEVERC_IR_PRESERVE_ALL;
    return status(NEVERC_STATUS_OK);
  }
  C->GetTerminator(C->Context, Inv->Task, Block, &Term);
  if (!strcmp(Mode, "invalid")) {
    /* A block without a terminator is not valid IR. */
    line("EraseValue(terminator)", C->EraseValue(C->Context, Inv->Task, Term),
         NEVERC_STATUS_OK);
    return status(NEVERC_STATUS_OK);
  }
  if (!strcmp(Mode, "stale")) {
    NevercIRValueCursor Cur;
    NevercIRValueHandle Ins[64], Dead, Got;
    NevercIROpcode Op;
    uint64_t N = 0, I, Uses = 1;
    memset(&Cur, 0, sizeof Cur);
    memset(&Dead, 0, sizeof Dead);
    C->BeginValueCursor(C->Context, Inv->Task, Block,
                        NEVERC_IR_COLLECTION_BLOCK_INSTRUCTIONS, &Cur);
    C->CollectValueCursor(C->Context, Inv->Task, &Cur, Ins, 1, &N);
    /* An instruction nothing uses that is not the terminator. */
    {
      NevercIRValueCursor All;
      memset(&All, 0, sizeof All);
      C->BeginValueCursor(C->Context, Inv->Task, Block,
                          NEVERC_IR_COLLECTION_BLOCK_INSTRUCTIONS, &All);
      C->CollectValueCursor(C->Context, Inv->Task, &All, Ins, 64, &N);
    }
    for (I = 0; I + 1 < N; ++I) {
      C->GetValueUseCount(C->Context, Inv->Task, Ins[I], &Uses);
      if (!Uses) {
        Dead = Ins[I];
        break;
      }
    }
    if (Uses) {
      fprintf(stderr, "misuse: no dead instruction FAILED\n");
      return status(NEVERC_STATUS_OK);
    }
    line("EraseValue(unused instruction)",
         C->EraseValue(C->Context, Inv->Task, Dead), NEVERC_STATUS_OK);
    line("GetInstructionOpcode(erased)",
         C->GetInstructionOpcode(C->Context, Inv->Task, Dead, &Op),
         NEVERC_STATUS_STALE_HANDLE);
    line("EraseValue(erased)", C->EraseValue(C->Context, Inv->Task, Dead),
         NEVERC_STATUS_STALE_HANDLE);
    line("CollectValueCursor(begun before the erase)",
         C->CollectValueCursor(C->Context, Inv->Task, &Cur, &Got, 1, &N),
         NEVERC_STATUS_STALE_HANDLE);
    line("EraseValue(a value still used)",
         C->EraseValue(C->Context, Inv->Task, Fn),
         C->GetValueUseCount(C->Context, Inv->Task, Fn, &Uses).Code == 0 &&
                 Uses
             ? NEVERC_STATUS_INVALID_STATE
             : NEVERC_STATUS_OK);
    return status(NEVERC_STATUS_OK);
  }
  return status(NEVERC_STATUS_OK);
}

static NevercIRPassDescriptor pass(const char *ID, uint64_t PhaseLow,
                                   NevercIRPassLevel Level) {
  NevercIRPassDescriptor P;
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_IR_PASS_API_MAJOR,
                      NEVERC_IR_PASS_API_MINOR);
  P.PassID = sv(ID);
  P.Phase.High = NEVERC_PHASE_IR_PASS_PRE_OPT_HIGH;
  P.Phase.Low = PhaseLow;
  P.Level = Level;
  P.Run = run;
  return P;
}

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *Out, void *UD) {
  (void)F, (void)C, (void)Out, (void)UD;
  return status(NEVERC_STATUS_OK);
}

static void registerMisuses(void *RC) {
  NevercIRPassDescriptor P = pass("misuse.ok", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
                                  NEVERC_IR_PASS_LEVEL_MODULE);
  line("RegisterPass(valid)", Pass->RegisterPass(Pass->Context, RC, &P),
       NEVERC_STATUS_OK);
  line("RegisterPass(same PassID)", Pass->RegisterPass(Pass->Context, RC, &P),
       NEVERC_STATUS_DUPLICATE_ID);
  P = pass("misuse.generate", NEVERC_PHASE_IR_GENERATE_LOW,
           NEVERC_IR_PASS_LEVEL_MODULE);
  line("RegisterPass(Phase = ir.generate)",
       Pass->RegisterPass(Pass->Context, RC, &P),
       NEVERC_STATUS_INVALID_DESCRIPTOR);
  P = pass("misuse.level", NEVERC_PHASE_IR_PASS_POST_OPT_LOW, 9);
  line("RegisterPass(Level 9)", Pass->RegisterPass(Pass->Context, RC, &P),
       NEVERC_STATUS_INVALID_DESCRIPTOR);
  P = pass("misuse.run", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
           NEVERC_IR_PASS_LEVEL_MODULE);
  P.Run = NULL;
  line("RegisterPass(Run NULL)", Pass->RegisterPass(Pass->Context, RC, &P),
       NEVERC_STATUS_INVALID_DESCRIPTOR);
  P = pass("", NEVERC_PHASE_IR_PASS_POST_OPT_LOW, NEVERC_IR_PASS_LEVEL_MODULE);
  line("RegisterPass(empty PassID)", Pass->RegisterPass(Pass->Context, RC, &P),
       NEVERC_STATUS_INVALID_DESCRIPTOR);
  P = pass("misuse.major", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
           NEVERC_IR_PASS_LEVEL_MODULE);
  P.Header.Major = NEVERC_IR_PASS_API_MAJOR + 1;
  line("RegisterPass(Header.Major + 1)",
       Pass->RegisterPass(Pass->Context, RC, &P), NEVERC_STATUS_ABI_MISMATCH);
  P = pass("misuse.small", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
           NEVERC_IR_PASS_LEVEL_MODULE);
  P.Header.StructSize = 16;
  line("RegisterPass(StructSize 16)",
       Pass->RegisterPass(Pass->Context, RC, &P),
       NEVERC_STATUS_INVALID_DESCRIPTOR);
  P = pass("misuse.analysis", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
           NEVERC_IR_PASS_LEVEL_FUNCTION);
  P.RequiredAnalysisCount = 1;
  P.RequiredAnalyses = NULL;
  line("RegisterPass(RequiredAnalysisCount 1, RequiredAnalyses NULL)",
       Pass->RegisterPass(Pass->Context, RC, &P),
       NEVERC_STATUS_INVALID_DESCRIPTOR);
  P = pass("misuse.registrar", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
           NEVERC_IR_PASS_LEVEL_MODULE);
  line("RegisterPass(RegistrarContext NULL)",
       Pass->RegisterPass(Pass->Context, NULL, &P),
       NEVERC_STATUS_INVALID_ARGUMENT);
  line("RegisterPass(Descriptor NULL)",
       Pass->RegisterPass(Pass->Context, RC, NULL),
       NEVERC_STATUS_INVALID_ARGUMENT);
}

/* Sealed: the host refuses it when it applies the registrations (the
 * plugin fails to initialize, named in the error). */
static NevercStatus interceptFinalVerify(const NevercRegistrarAPI *R, void *RC) {
  NevercInterceptorDescriptor I;
  memset(&I, 0, sizeof I);
  I.Header = tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = NEVERC_PHASE_IR_FINAL_VERIFY_HIGH;
  I.Phase.Low = NEVERC_PHASE_IR_FINAL_VERIFY_LOW;
  I.Callback = intercept;
  return R->RegisterInterceptor(RC, &I);
}

static void *SavedRC;

static NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *Core,
                                          NevercTaskHandle Task,
                                          NevercTaskKind Kind, void *PS,
                                          void *SS, void **Out) {
  NevercIRPassDescriptor P = pass("misuse.late", NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
                                  NEVERC_IR_PASS_LEVEL_MODULE);
  static int Once;
  (void)Core, (void)Task, (void)Kind, (void)PS, (void)SS, (void)Out;
  if (!strcmp(Mode, "register") && !Once++)
    line("RegisterPass(after Register)",
         Pass->RegisterPass(Pass->Context, SavedRC, &P),
         NEVERC_STATUS_INVALID_STATE);
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *C,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  NevercIRPassDescriptor P;
  (void)PS;
  Mode = getenv("IR_MISUSE") ? getenv("IR_MISUSE") : "";
  SavedRC = RC;
  Pass = (const NevercIRPassAPI *)tpQuery(C, NEVERC_INTERFACE_IR_PASS_HIGH,
                                          NEVERC_INTERFACE_IR_PASS_LOW,
                                          NEVERC_IR_PASS_API_MAJOR,
                                          NEVERC_IR_PASS_API_MINOR);
  if (!Pass)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if (!strcmp(Mode, "intercept-final"))
    return interceptFinalVerify(R, RC);
  if (!strcmp(Mode, "register")) {
    registerMisuses(RC);
    return status(NEVERC_STATUS_OK);
  }
  P = pass(!strcmp(Mode, "preserve-all") ? "misuse.preserve-all" : "misuse.pass",
           !strcmp(Mode, "invalid") ? NEVERC_PHASE_IR_PASS_PRE_CODEGEN_LOW
                                    : NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
           NEVERC_IR_PASS_LEVEL_MODULE);
  return Pass->RegisterPass(Pass->Context, RC, &P);
}

NEVERC_TEST_PLUGIN_ENTRY(MISUSE_ID, MISUSE_ID, registerPlugin, NULL, taskBegin,
                         NULL)
