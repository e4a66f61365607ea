/*
 * The MC domain's test plugin (tests/lit/mc). -fplugin-arg=org.neverc.test.mc:
 *   mode=tour     every NevercMCAPI and NevercMCEmissionAPI slot through the
 *                 C ABI, positive and negative, at the first replaceable
 *                 instruction of section=<name>, and observers on the nine
 *                 emission events; one remark "mc: <what> <STATUS>" each
 *   mode=int3     an int3 before every retq of section=<name>
 *   mode=drop     every instruction of section=<name> that is a nop dropped
 *   mode=bad      a replacement LLVM cannot encode (a movq without operands):
 *                 the commit is refused and the plugin fails the phase
 *   mode=observer an observer on pre_instruction that tries to mutate
 *   mode=events   the observers on the nine emission events only
 *   mode=gates    observers on the sealed assembly.final_verify and
 *                 assembly.commit of a -S compile (section=<the .s path>:
 *                 whether it exists at each point)
 * Built with -DMC_TEST_REFUSALS (MCRefusePlugin.so) it also registers what
 * the host must refuse (rules 2 and 3).
 * Opcodes are LOCKSTEP: they come from the x86-64 schema the plugin is
 * built with, used only when the unit's digest is that schema's.
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <sys/stat.h>

enum X86Opcode {
#define NEVERC_MC_TARGET_X86_64_OPCODE(Name, Value, Mnemonic) X86_##Name = Value,
#include "neverc/Plugin/Schema/Targets/PluginMCX86_64.inc"
#undef NEVERC_MC_TARGET_X86_64_OPCODE
  X86_End
};

#define ID "org.neverc.test.mc"

/* A test plugin's process-wide settings (one session per neverc run). */
static struct {
  const NevercCoreAPI *Core;
  const NevercMCEmissionAPI *Emission;
  const NevercMCAPI *MC;
  char Mode[32];
  char Section[128];
  int Toured, Observed;
  NevercMCInstHandle Kept; /* an instruction handle from an earlier event */
  NevercMCUnitHandle Unit;
  unsigned Events[16];
} G;

static void say(const char *Fmt, const char *What, NevercStatus S) {
  char M[256];
  snprintf(M, sizeof M, Fmt, What, tpCode(S));
  tpRemark(G.Core, ID, M);
}
#define CHECK(What, Call) say("mc: %s %s", What, (Call))

static NevercMCEmissionEventInfo event(const NevercPhaseFrame *F,
                                       NevercStatus *S) {
  NevercMCEmissionEventInfo E;
  memset(&E, 0, sizeof E);
  E.Header = tpHeader(sizeof E, NEVERC_MC_EMISSION_API_MAJOR,
                      NEVERC_MC_EMISSION_API_MINOR);
  *S = G.Emission->GetEvent(G.Emission->Context, F, F->Input, &E);
  return E;
}

static NevercMCInstructionInfo instInfo(NevercTaskHandle T,
                                        NevercMCInstHandle I,
                                        NevercStatus *S) {
  NevercMCInstructionInfo Info;
  memset(&Info, 0, sizeof Info);
  Info.Header = tpHeader(sizeof Info, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  *S = G.MC->GetInstructionInfo(G.MC->Context, T, I, &Info);
  return Info;
}

static NevercMCOperandValue imm(int64_t V) {
  NevercMCOperandValue O;
  memset(&O, 0, sizeof O);
  O.Header = tpHeader(sizeof O, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  O.Kind = NEVERC_MC_OPERAND_IMMEDIATE;
  O.Payload.Immediate = V;
  return O;
}

static int schemaIsX86(NevercTaskHandle T, NevercMCUnitHandle U,
                       NevercMCSchemaTokenHandle *Token) {
  NevercMCSchemaTokenInfo I;
  memset(&I, 0, sizeof I);
  I.Header = tpHeader(sizeof I, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  if (G.MC->GetSchemaToken(G.MC->Context, T, U, Token).Code ||
      G.MC->GetSchemaTokenInfo(G.MC->Context, T, *Token, &I).Code)
    return 0;
  return tpSame(I.Digest, NEVERC_MC_TARGET_X86_64_DIGEST);
}

/* --- the read tour ----------------------------------------------------- */

static void tourRead(NevercTaskHandle T, NevercMCUnitHandle U,
                     NevercMCInstHandle Inst) {
  const NevercMCAPI *MC = G.MC;
  NevercMCSchemaTokenHandle Tok;
  NevercMCSchemaTokenInfo TI;
  NevercMCUnitInfo UI;
  NevercMCSectionHandle Sec, Text = {0, 0};
  NevercMCSymbolHandle Sym;
  NevercMCFragmentHandle Frag, WithFixup = {0, 0};
  NevercMCFixupHandle Fix = {0, 0};
  NevercMCInstHandle I;
  NevercMCOperandHandle Op;
  NevercStatus S;
  uint64_t N = 0;
  char Buf[160];

  CHECK("GetSchemaToken", MC->GetSchemaToken(MC->Context, T, U, &Tok));
  CHECK("GetSchemaToken(instruction as unit)",
        MC->GetSchemaToken(MC->Context, T, Inst, &Tok));
  MC->GetSchemaToken(MC->Context, T, U, &Tok);
  memset(&TI, 0, sizeof TI);
  TI.Header = tpHeader(sizeof TI, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  S = MC->GetSchemaTokenInfo(MC->Context, T, Tok, &TI);
  snprintf(Buf, sizeof Buf, "GetSchemaTokenInfo digest=%.*s x86-64=%d",
           (int)TI.Digest.Length, TI.Digest.Data,
           tpSame(TI.Digest, NEVERC_MC_TARGET_X86_64_DIGEST) &&
               TI.TargetID.Low == NEVERC_TARGET_ID_X86_64_LOW);
  CHECK(Buf, S);
  TI.Header.Major = 99;
  CHECK("GetSchemaTokenInfo(major 99)",
        MC->GetSchemaTokenInfo(MC->Context, T, Tok, &TI));

  memset(&UI, 0, sizeof UI);
  UI.Header = tpHeader(sizeof UI, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  S = MC->GetUnitInfo(MC->Context, T, U, &UI);
  snprintf(Buf, sizeof Buf,
           "GetUnitInfo sections>0=%d symbols>0=%d fragments>0=%d "
           "instructions=%llu",
           UI.SectionCount > 0, UI.SymbolCount > 0, UI.FragmentCount > 0,
           (unsigned long long)UI.InstructionCount);
  CHECK(Buf, S);
  CHECK("GetUnitInfo(null out)", MC->GetUnitInfo(MC->Context, T, U, NULL));

  /* Sections: as many as GetUnitInfo says; ours is executable. */
  S = MC->GetFirstSection(MC->Context, T, U, &Sec);
  while (!S.Code && !neverc_handle_is_null(Sec)) {
    NevercMCSectionInfo SI;
    memset(&SI, 0, sizeof SI);
    SI.Header = tpHeader(sizeof SI, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    if (!MC->GetSectionInfo(MC->Context, T, Sec, &SI).Code &&
        tpSame(SI.Name, G.Section)) {
      Text = Sec;
      snprintf(Buf, sizeof Buf, "GetSectionInfo %s alloc+exec=%d", G.Section,
               (SI.Flags & (NEVERC_MC_SECTION_ALLOCATED |
                            NEVERC_MC_SECTION_EXECUTABLE)) ==
                   (NEVERC_MC_SECTION_ALLOCATED | NEVERC_MC_SECTION_EXECUTABLE));
      CHECK(Buf, status(0));
    }
    ++N;
    S = MC->GetNextSection(MC->Context, T, Sec, &Sec);
  }
  snprintf(Buf, sizeof Buf, "GetFirstSection/GetNextSection all=%d",
           N == UI.SectionCount);
  CHECK(Buf, S);
  CHECK("GetNextSection(unit as section)",
        MC->GetNextSection(MC->Context, T, U, &Sec));

  /* Symbols: the function being emitted is there, global, a function. */
  N = 0;
  S = MC->GetFirstSymbol(MC->Context, T, U, &Sym);
  while (!S.Code && !neverc_handle_is_null(Sym)) {
    NevercMCSymbolInfo YI;
    memset(&YI, 0, sizeof YI);
    YI.Header = tpHeader(sizeof YI, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    if (!MC->GetSymbolInfo(MC->Context, T, Sym, &YI).Code &&
        tpSame(YI.Name, "tour")) {
      snprintf(Buf, sizeof Buf,
               "GetSymbolInfo tour global=%d function=%d in-section=%d",
               YI.Binding == NEVERC_MC_SYMBOL_BINDING_GLOBAL,
               YI.Type == NEVERC_MC_SYMBOL_TYPE_FUNCTION,
               YI.Definition == NEVERC_MC_SYMBOL_DEFINITION_SECTION &&
                   !neverc_handle_is_null(YI.Section));
      CHECK(Buf, status(0));
    }
    ++N;
    S = MC->GetNextSymbol(MC->Context, T, Sym, &Sym);
  }
  snprintf(Buf, sizeof Buf, "GetFirstSymbol/GetNextSymbol all=%d",
           N == UI.SymbolCount);
  CHECK(Buf, S);
  CHECK("GetSymbolInfo(null out)",
        MC->GetSymbolInfo(MC->Context, T, Sym, NULL));

  /* Fragments of every section; the first with a fixup. */
  N = 0;
  MC->GetFirstSection(MC->Context, T, U, &Sec);
  while (!neverc_handle_is_null(Sec)) {
    S = MC->GetFirstFragment(MC->Context, T, Sec, &Frag);
    while (!S.Code && !neverc_handle_is_null(Frag)) {
      NevercMCFixupHandle F0;
      ++N;
      if (neverc_handle_is_null(WithFixup) &&
          !MC->GetFirstFixup(MC->Context, T, Frag, &F0).Code &&
          !neverc_handle_is_null(F0))
        WithFixup = Frag;
      S = MC->GetNextFragment(MC->Context, T, Frag, &Frag);
    }
    MC->GetNextSection(MC->Context, T, Sec, &Sec);
  }
  snprintf(Buf, sizeof Buf, "GetFirstFragment/GetNextFragment all=%d",
           N == UI.FragmentCount);
  CHECK(Buf, S);
  if (!neverc_handle_is_null(Text)) {
    NevercMCFragmentInfo FI;
    MC->GetFirstFragment(MC->Context, T, Text, &Frag);
    memset(&FI, 0, sizeof FI);
    FI.Header = tpHeader(sizeof FI, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    S = MC->GetFragmentInfo(MC->Context, T, Frag, &FI);
    snprintf(Buf, sizeof Buf, "GetFragmentInfo automatic-offset=%d",
             FI.ExplicitOffset == NEVERC_MC_AUTOMATIC_OFFSET);
    CHECK(Buf, S);
    S = MC->GetFirstFragmentInstruction(MC->Context, T, Frag, &I);
    snprintf(Buf, sizeof Buf, "GetFirstFragmentInstruction(data) null=%d",
             neverc_handle_is_null(I));
    CHECK(Buf, S);
  }
  {
    NevercMCFragmentInfo FI;
    memset(&FI, 0, sizeof FI);
    FI.Header = tpHeader(sizeof FI, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    CHECK("GetFragmentInfo(section as fragment)",
          MC->GetFragmentInfo(MC->Context, T, Text, &FI));
  }
  if (!neverc_handle_is_null(WithFixup)) {
    NevercMCFixupInfo XI;
    NevercMCExpressionInfo EI;
    MC->GetFirstFixup(MC->Context, T, WithFixup, &Fix);
    memset(&XI, 0, sizeof XI);
    XI.Header = tpHeader(sizeof XI, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    S = MC->GetFixupInfo(MC->Context, T, Fix, &XI);
    snprintf(Buf, sizeof Buf, "GetFixupInfo kind-known=%d expression=%d",
             (XI.Kind & 0xff000000u) == 0x65000000u,
             !neverc_handle_is_null(XI.Expression));
    CHECK(Buf, S);
    memset(&EI, 0, sizeof EI);
    EI.Header = tpHeader(sizeof EI, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    S = MC->GetExpressionInfo(MC->Context, T, XI.Expression, &EI);
    snprintf(Buf, sizeof Buf, "GetExpressionInfo kind-known=%d",
             (EI.Kind & 0xff000000u) == 0x63000000u);
    CHECK(Buf, S);
    /* Fixup by fixup to the null handle; each one's info reads. */
    N = 1;
    while (!(S = MC->GetNextFixup(MC->Context, T, Fix, &Fix)).Code &&
           !neverc_handle_is_null(Fix) &&
           !MC->GetFixupInfo(MC->Context, T, Fix, &XI).Code)
      ++N;
    snprintf(Buf, sizeof Buf, "GetNextFixup to-the-end=%d",
             neverc_handle_is_null(Fix));
    CHECK(Buf, S);
    CHECK("GetNextFixup(expression as fixup)",
          MC->GetNextFixup(MC->Context, T, XI.Expression, &Fix));
  }
  {
    NevercMCExpressionInfo EI;
    memset(&EI, 0, sizeof EI);
    EI.Header = tpHeader(sizeof EI, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    CHECK("GetExpressionInfo(fixup as expression)",
          MC->GetExpressionInfo(MC->Context, T, Fix, &EI));
  }

  /* The unit's instructions: the one the event is about. */
  S = MC->GetFirstInstruction(MC->Context, T, U, &I);
  snprintf(Buf, sizeof Buf, "GetFirstInstruction is-event=%d",
           I.Owner == Inst.Owner && I.Value == Inst.Value);
  CHECK(Buf, S);
  S = MC->GetNextInstruction(MC->Context, T, I, &I);
  snprintf(Buf, sizeof Buf, "GetNextInstruction end=%d",
           neverc_handle_is_null(I));
  CHECK(Buf, S);
  {
    NevercMCInstructionInfo II = instInfo(T, Inst, &S);
    snprintf(Buf, sizeof Buf, "GetInstructionInfo token=%d",
             !neverc_handle_is_null(II.SchemaToken));
    CHECK(Buf, S);
    if (II.OperandCount) {
      NevercMCOperandValue V;
      CHECK("GetInstructionOperand",
            MC->GetInstructionOperand(MC->Context, T, Inst, 0, &Op));
      memset(&V, 0, sizeof V);
      V.Header = tpHeader(sizeof V, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
      S = MC->GetOperandValue(MC->Context, T, Op, &V);
      snprintf(Buf, sizeof Buf, "GetOperandValue kind-known=%d",
               (V.Kind & 0xff000000u) == 0x62000000u);
      CHECK(Buf, S);
    }
    CHECK("GetInstructionOperand(past the end)",
          MC->GetInstructionOperand(MC->Context, T, Inst, II.OperandCount,
                                    &Op));
    CHECK("GetOperandValue(null out)",
          MC->GetOperandValue(MC->Context, T, (NevercHandle){0, 0}, NULL));
  }
  CHECK("GetFirstInstruction(wrong task)",
        MC->GetFirstInstruction(MC->Context, (NevercHandle){0, 0}, U, &I));
}

/* --- the edit tour ----------------------------------------------------- */

static NevercStatus tourEdit(const NevercPhaseFrame *F,
                             NevercPhaseContinuation *C,
                             NevercPhaseResult *R, NevercMCInstHandle Orig) {
  const NevercMCAPI *MC = NULL;
  const NevercMCEmissionAPI *E = G.Emission;
  NevercTaskHandle T = F->Task;
  NevercMCUnitHandle U;
  NevercMCInstHandle Copy, Int3, Nop, Bad, Gone;
  NevercMCMutationHandle Mu, Mu2;
  NevercMCSchemaTokenHandle Tok;
  NevercMCOperandHandle Op;
  NevercMCOperandValue V = imm(3);
  NevercArtifactHandle Out;
  NevercStatus S;
  char Buf[160];

  CHECK("BeginMutation(before the replacement)",
        G.MC->BeginMutation(G.MC->Context, T, G.Unit, &Mu));
  CHECK("PublishInstructionReplacement(nothing begun)",
        E->PublishInstructionReplacement(E->Context, F, C, &Out));
  S = E->BeginInstructionReplacement(E->Context, F, C, &MC, &U, &Copy);
  snprintf(Buf, sizeof Buf, "BeginInstructionReplacement copy=%d",
           !neverc_handle_is_null(Copy) &&
               !(Copy.Owner == Orig.Owner && Copy.Value == Orig.Value));
  CHECK(Buf, S);
  CHECK("BeginInstructionReplacement(null out)",
        E->BeginInstructionReplacement(E->Context, F, C, NULL, &U, &Copy));
  schemaIsX86(T, U, &Tok);
  CHECK("BeginMutation", MC->BeginMutation(MC->Context, T, U, &Mu));
  CHECK("BeginMutation(second)", MC->BeginMutation(MC->Context, T, U, &Mu2));
  CHECK("CreateInstruction int3",
        MC->CreateInstruction(MC->Context, T, Mu, Tok, X86_INT3, &Int3));
  CHECK("CreateInstruction(no such opcode)",
        MC->CreateInstruction(MC->Context, T, Mu, Tok, 0x7fffffffu, &Bad));
  CHECK("CreateInstruction(unit as token)",
        MC->CreateInstruction(MC->Context, T, Mu, U, X86_INT3, &Bad));
  CHECK("AppendOperand", MC->AppendOperand(MC->Context, T, Mu, Int3, &V));
  CHECK("InsertOperand",
        MC->InsertOperand(MC->Context, T, Mu, Int3, 0, &V, &Op));
  CHECK("InsertOperand(past the end)",
        MC->InsertOperand(MC->Context, T, Mu, Int3, 9, &V, &Op));
  V.Kind = NEVERC_MC_OPERAND_REGISTER; /* no schema token: LOCKSTEP value */
  CHECK("AppendOperand(register without token)",
        MC->AppendOperand(MC->Context, T, Mu, Int3, &V));
  CHECK("EraseOperand", MC->EraseOperand(MC->Context, T, Mu, Int3, 1));
  CHECK("EraseOperand", MC->EraseOperand(MC->Context, T, Mu, Int3, 0));
  CHECK("EraseOperand(none left)",
        MC->EraseOperand(MC->Context, T, Mu, Int3, 0));
  CHECK("AppendOperand(LLVM's own instruction)",
        MC->AppendOperand(MC->Context, T, Mu, Orig, &V));
  CHECK("InsertInstructionBefore",
        MC->InsertInstructionBefore(MC->Context, T, Mu, Copy, Int3));
  CHECK("InsertInstructionBefore(already placed)",
        MC->InsertInstructionBefore(MC->Context, T, Mu, Copy, Int3));
  MC->CreateInstruction(MC->Context, T, Mu, Tok, X86_NOOP, &Nop);
  CHECK("AppendInstruction", MC->AppendInstruction(MC->Context, T, Mu, U, Nop));
  CHECK("EraseInstruction", MC->EraseInstruction(MC->Context, T, Mu, Nop));
  CHECK("EraseInstruction(not placed)",
        MC->EraseInstruction(MC->Context, T, Mu, Nop));
  CHECK("ReplaceInstruction(copy by nop)",
        MC->ReplaceInstruction(MC->Context, T, Mu, Copy, Nop));
  CHECK("ReplaceInstruction(nop back by copy)",
        MC->ReplaceInstruction(MC->Context, T, Mu, Nop, Copy));
  CHECK("ReplaceInstruction(not placed)",
        MC->ReplaceInstruction(MC->Context, T, Mu, Nop, Copy));
  /* A movq without operands cannot be encoded: the commit says so and the
   * mutation stays open. */
  MC->CreateInstruction(MC->Context, T, Mu, Tok, X86_MOV64rr, &Bad);
  MC->AppendInstruction(MC->Context, T, Mu, U, Bad);
  CHECK("CommitMutation(movq without operands)",
        MC->CommitMutation(MC->Context, T, Mu));
  MC->EraseInstruction(MC->Context, T, Mu, Bad);
  CHECK("CommitMutation", MC->CommitMutation(MC->Context, T, Mu));
  CHECK("CommitMutation(again)", MC->CommitMutation(MC->Context, T, Mu));
  /* Rule 5: what an abandoned mutation made is gone. */
  MC->BeginMutation(MC->Context, T, U, &Mu2);
  MC->CreateInstruction(MC->Context, T, Mu2, Tok, X86_NOOP, &Gone);
  MC->AppendInstruction(MC->Context, T, Mu2, U, Gone);
  CHECK("AbandonMutation", MC->AbandonMutation(MC->Context, T, Mu2));
  instInfo(T, Gone, &S);
  CHECK("GetInstructionInfo(made in the abandoned mutation)", S);
  CHECK("AbandonMutation(again)", MC->AbandonMutation(MC->Context, T, Mu2));
  {
    /* The sequence is int3, the instruction. */
    NevercMCInstHandle I;
    unsigned K = 0;
    MC->GetFirstInstruction(MC->Context, T, U, &I);
    while (!neverc_handle_is_null(I)) {
      NevercMCInstructionInfo II = instInfo(T, I, &S);
      snprintf(Buf, sizeof Buf, "sequence %u int3=%d", K++,
               II.Opcode == X86_INT3);
      CHECK(Buf, S);
      MC->GetNextInstruction(MC->Context, T, I, &I);
    }
  }
  /* What this build does not offer, each with its reason (once). */
  MC->BeginMutation(MC->Context, T, U, &Mu);
  CHECK("CreateSection", MC->CreateSection(MC->Context, T, Mu, NULL, NULL));
  CHECK("MoveSectionBefore", MC->MoveSectionBefore(MC->Context, T, Mu, Tok, Tok));
  CHECK("EraseSection", MC->EraseSection(MC->Context, T, Mu, Tok));
  CHECK("CreateSymbol", MC->CreateSymbol(MC->Context, T, Mu, NULL, NULL));
  CHECK("MoveSymbolBefore", MC->MoveSymbolBefore(MC->Context, T, Mu, Tok, Tok));
  CHECK("EraseSymbol", MC->EraseSymbol(MC->Context, T, Mu, Tok));
  CHECK("CreateExpression",
        MC->CreateExpression(MC->Context, T, Mu, NULL, NULL));
  CHECK("SetExpressionOperands",
        MC->SetExpressionOperands(MC->Context, T, Mu, Tok, Tok, Tok));
  CHECK("EraseExpression", MC->EraseExpression(MC->Context, T, Mu, Tok));
  CHECK("CreateFragment",
        MC->CreateFragment(MC->Context, T, Mu, Tok, NULL, NULL));
  CHECK("MoveFragmentBefore",
        MC->MoveFragmentBefore(MC->Context, T, Mu, Tok, Tok));
  CHECK("EraseFragment", MC->EraseFragment(MC->Context, T, Mu, Tok));
  CHECK("CreateFixup", MC->CreateFixup(MC->Context, T, Mu, Tok, NULL, NULL));
  CHECK("MoveFixupBefore", MC->MoveFixupBefore(MC->Context, T, Mu, Tok, Tok));
  CHECK("EraseFixup", MC->EraseFixup(MC->Context, T, Mu, Tok));
  CHECK("AppendInstructionToFragment",
        MC->AppendInstructionToFragment(MC->Context, T, Mu, Tok, Int3));
  CHECK("PublishInstructionReplacement(mutation open)",
        E->PublishInstructionReplacement(E->Context, F, C, &Out));
  MC->AbandonMutation(MC->Context, T, Mu);
  {
    NevercMCEmissionSectionLayoutInfo L;
    memset(&L, 0, sizeof L);
    L.Header = tpHeader(sizeof L, NEVERC_MC_EMISSION_API_MAJOR,
                        NEVERC_MC_EMISSION_API_MINOR);
    CHECK("GetLayoutSection(no layout)",
          E->GetLayoutSection(E->Context, F, F->Input, 0, &L));
  }
  S = E->PublishInstructionReplacement(E->Context, F, C, &Out);
  CHECK("PublishInstructionReplacement", S);
  if (S.Code)
    return S;
  R->Action = NEVERC_PHASE_REPLACE;
  R->Output = Out;
  return status(0);
}

/* --- the modes --------------------------------------------------------- */

/* The rest of the chain; the instruction goes on as the chain leaves it. */
static NevercStatus next(const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                         NevercPhaseResult *R) {
  NevercStatus S = C->InvokeNext(C, F, R);
  if (S.Code)
    return S;
  R->Action = NEVERC_PHASE_CONTINUE;
  memset(&R->Output, 0, sizeof R->Output);
  return S;
}

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *U) {
  NevercStatus S;
  NevercMCEmissionEventInfo E = event(F, &S);
  NevercMCSchemaTokenHandle Tok;
  NevercMCInstructionInfo II;
  (void)U;
  if (S.Code)
    return S;
  G.Unit = E.Unit;
  II = instInfo(F->Task, E.Instruction, &S);
  if (S.Code)
    return S;
  if (!tpSame(E.SectionName, G.Section) ||
      !(E.Flags & NEVERC_MC_EMISSION_CAN_REPLACE_INSTRUCTION) ||
      !schemaIsX86(F->Task, E.Unit, &Tok))
    return next(F, C, R);
  if (!strcmp(G.Mode, "tour")) {
    /* The first retq: the call before it left a fixup in the unit. */
    if (II.Opcode != X86_RET64 || G.Toured++)
      return next(F, C, R);
    tourRead(F->Task, E.Unit, E.Instruction);
    return tourEdit(F, C, R, E.Instruction);
  }
  if ((!strcmp(G.Mode, "int3") && II.Opcode == X86_RET64) ||
      (!strcmp(G.Mode, "drop") && II.Opcode == X86_NOOP) ||
      !strcmp(G.Mode, "bad")) {
    const NevercMCAPI *MC;
    NevercMCUnitHandle Un;
    NevercMCInstHandle Copy, New;
    NevercMCMutationHandle Mu;
    NevercArtifactHandle Out;
    S = G.Emission->BeginInstructionReplacement(G.Emission->Context, F, C,
                                                &MC, &Un, &Copy);
    if (!S.Code)
      S = MC->BeginMutation(MC->Context, F->Task, Un, &Mu);
    if (S.Code)
      return S;
    if (!strcmp(G.Mode, "drop")) {
      S = MC->EraseInstruction(MC->Context, F->Task, Mu, Copy);
    } else {
      S = MC->CreateInstruction(MC->Context, F->Task, Mu, Tok,
                                G.Mode[0] == 'b' ? X86_MOV64rr : X86_INT3,
                                &New);
      if (!S.Code)
        S = MC->InsertInstructionBefore(MC->Context, F->Task, Mu, Copy, New);
    }
    if (!S.Code)
      S = MC->CommitMutation(MC->Context, F->Task, Mu);
    if (S.Code) {
      MC->AbandonMutation(MC->Context, F->Task, Mu);
      return S; /* "bad": VERIFICATION_FAILED, the compile fails */
    }
    S = G.Emission->PublishInstructionReplacement(G.Emission->Context, F, C,
                                                  &Out);
    if (S.Code)
      return S;
    R->Action = NEVERC_PHASE_REPLACE;
    R->Output = Out;
    return status(0);
  }
  return next(F, C, R);
}

/* mode=observer: rule 7, an observer cannot change the unit. */
static NevercStatus NEVERC_CALL observeMutate(const NevercPhaseFrame *F,
                                              NevercObserverPoint P, void *U) {
  const NevercMCAPI *MC;
  NevercMCUnitHandle Un;
  NevercMCInstHandle I;
  NevercMCMutationHandle Mu;
  NevercStatus S;
  NevercMCEmissionEventInfo E = event(F, &S);
  (void)U;
  if (strcmp(G.Mode, "observer") || P != NEVERC_OBSERVER_BEFORE ||
      G.Observed++)
    return status(0);
  CHECK("observer BeginInstructionReplacement",
        G.Emission->BeginInstructionReplacement(G.Emission->Context, F, NULL,
                                                &MC, &Un, &I));
  CHECK("observer BeginMutation",
        E.MC->BeginMutation(E.MC->Context, F->Task, E.Unit, &Mu));
  return status(0);
}

/* mode=tour: the events, their flags, the layout and a stale handle. */
static NevercStatus NEVERC_CALL onEvent(const NevercPhaseFrame *F,
                                        NevercObserverPoint P, void *U) {
  NevercStatus S;
  NevercMCEmissionEventInfo E = event(F, &S);
  unsigned K = (unsigned)(uintptr_t)U;
  char Buf[200];
  (void)P;
  if (strcmp(G.Mode, "tour") && strcmp(G.Mode, "events"))
    return status(0);
  if (S.Code) {
    CHECK("GetEvent", S);
    return S;
  }
  if (K != E.Kind)
    CHECK("GetEvent kind mismatch", status(NEVERC_STATUS_INVALID_STATE));
  if (G.Events[K]++ == 0) {
    NevercMCEmissionSectionLayoutInfo L;
    snprintf(Buf, sizeof Buf,
             "event %u first: section=%d instruction=%d encoding=%d fixup=%d "
             "layout=%d",
             K, !!(E.Flags & NEVERC_MC_EMISSION_HAS_SECTION),
             !!(E.Flags & NEVERC_MC_EMISSION_HAS_INSTRUCTION),
             !!(E.Flags & NEVERC_MC_EMISSION_HAS_ENCODING) &&
                 E.EncodedBytes.Length > 0,
             !!(E.Flags & NEVERC_MC_EMISSION_HAS_FIXUP),
             !!(E.Flags & NEVERC_MC_EMISSION_HAS_LAYOUT));
    CHECK(Buf, S);
    memset(&L, 0, sizeof L);
    L.Header = tpHeader(sizeof L, NEVERC_MC_EMISSION_API_MAJOR,
                        NEVERC_MC_EMISSION_API_MINOR);
    if (K == NEVERC_MC_EMISSION_UNIT_BEGIN)
      CHECK("GetLayoutSection(unit_begin)",
            G.Emission->GetLayoutSection(G.Emission->Context, F, F->Input, 0,
                                         &L));
    if (K == NEVERC_MC_EMISSION_UNIT_BEGIN) {
      CHECK("BeginInstructionReplacement(unit_begin)",
            G.Emission->BeginInstructionReplacement(
                G.Emission->Context, F, NULL, &(const NevercMCAPI *){0},
                &(NevercHandle){0, 0}, &(NevercHandle){0, 0}));
    }
    if (K == NEVERC_MC_EMISSION_POST_LAYOUT) {
      NevercMCEmissionFragmentLayoutInfo FL;
      NevercMCEmissionSymbolLayoutInfo SL;
      NevercMCEmissionFixupLayoutInfo XL;
      uint64_t I, Defined = 0, Sized = 0;
      S = G.Emission->GetLayoutSection(G.Emission->Context, F, F->Input, 0,
                                       &L);
      for (I = 0; I < E.LayoutSectionCount; ++I)
        if (!G.Emission->GetLayoutSection(G.Emission->Context, F, F->Input, I,
                                          &L).Code &&
            L.FileSize > 0)
          ++Sized;
      snprintf(Buf, sizeof Buf, "GetLayoutSection sized>0=%d", Sized > 0);
      CHECK(Buf, S);
      CHECK("GetLayoutSection(past the end)",
            G.Emission->GetLayoutSection(G.Emission->Context, F, F->Input,
                                         E.LayoutSectionCount, &L));
      memset(&FL, 0, sizeof FL);
      FL.Header = L.Header;
      FL.Header.StructSize = sizeof FL;
      S = G.Emission->GetLayoutFragment(G.Emission->Context, F, F->Input,
                                        E.LayoutFragmentCount - 1, &FL);
      snprintf(Buf, sizeof Buf, "GetLayoutFragment last-section=%d",
               FL.SectionIndex == E.LayoutSectionCount - 1);
      CHECK(Buf, S);
      CHECK("GetLayoutFragment(past the end)",
            G.Emission->GetLayoutFragment(G.Emission->Context, F, F->Input,
                                          E.LayoutFragmentCount, &FL));
      memset(&SL, 0, sizeof SL);
      SL.Header = L.Header;
      SL.Header.StructSize = sizeof SL;
      for (I = 0; I < E.LayoutSymbolCount; ++I)
        if (!G.Emission->GetLayoutSymbol(G.Emission->Context, F, F->Input, I,
                                         &SL).Code &&
            tpSame(SL.Name, "tour_after") && SL.IsDefined && SL.IsResolved)
          ++Defined;
      snprintf(Buf, sizeof Buf, "GetLayoutSymbol tour_after-placed=%d",
               Defined == 1);
      CHECK(Buf, status(0));
      CHECK("GetLayoutSymbol(past the end)",
            G.Emission->GetLayoutSymbol(G.Emission->Context, F, F->Input,
                                        E.LayoutSymbolCount, &SL));
      memset(&XL, 0, sizeof XL);
      XL.Header = L.Header;
      XL.Header.StructSize = sizeof XL;
      S = G.Emission->GetLayoutFixup(G.Emission->Context, F, F->Input, 0, &XL);
      snprintf(Buf, sizeof Buf, "GetLayoutFixup count>0=%d kind-known=%d",
               E.LayoutFixupCount > 0, (XL.Kind & 0xff000000u) == 0x65000000u);
      CHECK(Buf, S);
      CHECK("GetLayoutFixup(past the end)",
            G.Emission->GetLayoutFixup(G.Emission->Context, F, F->Input,
                                       E.LayoutFixupCount, &XL));
    }
  }
  /* A handle does not outlive its event. */
  if (K == NEVERC_MC_EMISSION_POST_INSTRUCTION) {
    if (!neverc_handle_is_null(G.Kept) && G.Events[K] == 2) {
      instInfo(F->Task, G.Kept, &S);
      CHECK("GetInstructionInfo(handle of an earlier event)", S);
    }
    G.Kept = E.Instruction;
  }
  return status(0);
}

#ifdef MC_TEST_REFUSALS
static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *R, void *U) {
  (void)F, (void)R, (void)U;
  return status(NEVERC_STATUS_PLUGIN_FAILURE); /* never registered */
}
#endif

/* mode=gates: the printed assembly's gates, and whether the file is there. */
static NevercStatus NEVERC_CALL onGate(const NevercPhaseFrame *F,
                                       NevercObserverPoint P, void *U) {
  struct stat St;
  char Buf[160];
  (void)F;
  if (strcmp(G.Mode, "gates"))
    return status(0);
  snprintf(Buf, sizeof Buf, "%s %s exists=%d", (const char *)U,
           P == NEVERC_OBSERVER_BEFORE  ? "before"
           : P == NEVERC_OBSERVER_AFTER ? "after"
                                        : "after-commit",
           stat(G.Section, &St) == 0);
  CHECK(Buf, status(0));
  return status(0);
}

static NevercStatus reg(const NevercRegistrarAPI *Reg, void *Ctx, uint64_t Low,
                        NevercObserverPoint Points, NevercPhaseObserverFn Fn,
                        void *U) {
  NevercObserverDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header = tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_MC_EMISSION_PRE_INSTRUCTION_HIGH;
  O.Phase.Low = Low;
  O.Points = Points;
  O.Callback = Fn;
  O.UserData = U;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus option(const NevercRegistrarAPI *Reg, void *Ctx,
                           const char *Spelling) {
  NevercOptionDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header = tpHeader(sizeof O, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  O.Spelling.Data = Spelling;
  O.Spelling.Length = strlen(Spelling);
  O.Form = NEVERC_OPTION_SEPARATE;
  O.ValueType = NEVERC_OPTION_STRING;
  O.Multiplicity = NEVERC_OPTION_LAST_WINS;
  return Reg->RegisterOption(Ctx, &O);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  static const struct {
    uint64_t Low;
    unsigned Kind;
  } Events[] = {
      {NEVERC_PHASE_MC_EMISSION_UNIT_BEGIN_LOW, NEVERC_MC_EMISSION_UNIT_BEGIN},
      {NEVERC_PHASE_MC_EMISSION_UNIT_END_LOW, NEVERC_MC_EMISSION_UNIT_END},
      {NEVERC_PHASE_MC_EMISSION_SECTION_CHANGE_LOW,
       NEVERC_MC_EMISSION_SECTION_CHANGE},
      {NEVERC_PHASE_MC_EMISSION_POST_INSTRUCTION_LOW,
       NEVERC_MC_EMISSION_POST_INSTRUCTION},
      {NEVERC_PHASE_MC_EMISSION_POST_ENCODE_LOW, NEVERC_MC_EMISSION_POST_ENCODE},
      {NEVERC_PHASE_MC_EMISSION_FIXUP_LOW, NEVERC_MC_EMISSION_FIXUP},
      {NEVERC_PHASE_MC_EMISSION_RELAXATION_ROUND_LOW,
       NEVERC_MC_EMISSION_RELAXATION_ROUND},
      {NEVERC_PHASE_MC_EMISSION_PRE_LAYOUT_LOW, NEVERC_MC_EMISSION_PRE_LAYOUT},
      {NEVERC_PHASE_MC_EMISSION_POST_LAYOUT_LOW, NEVERC_MC_EMISSION_POST_LAYOUT},
  };
  NevercInterceptorDescriptor I;
  NevercStatus S;
  unsigned K;
  (void)PS;
  G.Core = Core;
  G.Emission = (const NevercMCEmissionAPI *)tpQuery(
      Core, NEVERC_INTERFACE_MC_EMISSION_HIGH, NEVERC_INTERFACE_MC_EMISSION_LOW,
      NEVERC_MC_EMISSION_API_MAJOR, NEVERC_MC_EMISSION_API_MINOR);
  G.MC = (const NevercMCAPI *)tpQuery(Core, NEVERC_INTERFACE_MC_HIGH,
                                      NEVERC_INTERFACE_MC_LOW,
                                      NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  if (!G.Emission || !G.MC)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if ((S = option(Reg, Ctx, "--mode")).Code ||
      (S = option(Reg, Ctx, "--section")).Code)
    return S;
  /* Registration-time slots this build does not offer. */
  CHECK("RegisterSchema", G.MC->RegisterSchema(G.MC->Context, Ctx, NULL));
  CHECK("RegisterEncoder", G.MC->RegisterEncoder(G.MC->Context, Ctx, NULL));
  CHECK("RegisterDecoder", G.MC->RegisterDecoder(G.MC->Context, Ctx, NULL));
  CHECK("RegisterAsmBackend",
        G.MC->RegisterAsmBackend(G.MC->Context, Ctx, NULL));
#ifdef MC_TEST_REFUSALS
  /* Rules 2 and 3 (MCRefusePlugin.so): sealed gates take observers only;
   * an event phase takes no interceptor, no provider, and only AFTER
   * observers. The host refuses the plugin. */
  memset(&I, 0, sizeof I);
  I.Header = tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = NEVERC_PHASE_ASSEMBLY_COMMIT_HIGH;
  I.Phase.Low = NEVERC_PHASE_ASSEMBLY_COMMIT_LOW;
  I.Callback = intercept;
  CHECK("RegisterInterceptor(assembly.commit)",
        Reg->RegisterInterceptor(Ctx, &I));
  I.Phase.High = NEVERC_PHASE_ASSEMBLY_FINAL_VERIFY_HIGH;
  I.Phase.Low = NEVERC_PHASE_ASSEMBLY_FINAL_VERIFY_LOW;
  CHECK("RegisterInterceptor(assembly.final_verify)",
        Reg->RegisterInterceptor(Ctx, &I));
  I.Phase.High = NEVERC_PHASE_MC_EMISSION_POST_INSTRUCTION_HIGH;
  I.Phase.Low = NEVERC_PHASE_MC_EMISSION_POST_INSTRUCTION_LOW;
  CHECK("RegisterInterceptor(mc.emission.post_instruction)",
        Reg->RegisterInterceptor(Ctx, &I));
  {
    NevercProviderDescriptor P;
    memset(&P, 0, sizeof P);
    P.Header =
        tpHeader(sizeof P, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    P.Phase.High = NEVERC_PHASE_MC_EMISSION_FIXUP_HIGH;
    P.Phase.Low = NEVERC_PHASE_MC_EMISSION_FIXUP_LOW;
    P.ProviderID.Data = "mc-test";
    P.ProviderID.Length = 7;
    P.Callback = provide;
    CHECK("RegisterProvider(mc.emission.fixup)",
          Reg->RegisterProvider(Ctx, &P));
  }
  CHECK("RegisterObserver(post_encode, BEFORE)",
        reg(Reg, Ctx, NEVERC_PHASE_MC_EMISSION_POST_ENCODE_LOW,
            NEVERC_OBSERVER_BEFORE, onEvent, NULL));
#endif
  for (K = 0; K < sizeof Events / sizeof Events[0]; ++K)
    if ((S = reg(Reg, Ctx, Events[K].Low, NEVERC_OBSERVER_AFTER, onEvent,
                 (void *)(uintptr_t)Events[K].Kind))
            .Code)
      return S;
  if ((S = reg(Reg, Ctx, NEVERC_PHASE_MC_EMISSION_PRE_INSTRUCTION_LOW,
               NEVERC_OBSERVER_BEFORE, observeMutate, NULL))
          .Code)
    return S;
  if ((S = reg(Reg, Ctx, NEVERC_PHASE_ASSEMBLY_FINAL_VERIFY_LOW,
               NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER, onGate,
               (void *)"assembly.final_verify"))
          .Code ||
      (S = reg(Reg, Ctx, NEVERC_PHASE_ASSEMBLY_COMMIT_LOW,
               NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER_COMMIT, onGate,
               (void *)"assembly.commit"))
          .Code)
    return S;
  memset(&I, 0, sizeof I);
  I.Header = tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = NEVERC_PHASE_MC_EMISSION_PRE_INSTRUCTION_HIGH;
  I.Phase.Low = NEVERC_PHASE_MC_EMISSION_PRE_INSTRUCTION_LOW;
  I.Callback = intercept;
  return Reg->RegisterInterceptor(Ctx, &I);
}

static void readOption(const NevercCoreAPI *Core, NevercSessionHandle S,
                       const char *Spelling, char *Out, size_t Size) {
  NevercStringView V;
  uint64_t N = 0;
  NevercStringView Id = {ID, sizeof ID - 1};
  NevercStringView Sp;
  Sp.Data = Spelling;
  Sp.Length = strlen(Spelling);
  Out[0] = 0;
  if (Core->GetPluginOptionValueCount(Core->Context, S, Id, Sp, &N).Code ||
      !N ||
      Core->GetPluginOptionValue(Core->Context, S, Id, Sp, N - 1, &V).Code ||
      V.Length >= Size)
    return;
  memcpy(Out, V.Data, (size_t)V.Length);
  Out[V.Length] = 0;
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  (void)PS, (void)Out;
  readOption(Core, S, "--mode", G.Mode, sizeof G.Mode);
  readOption(Core, S, "--section", G.Section, sizeof G.Section);
  return status(0);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "MC test plugin", registerPlugin, sessionBegin,
                         NULL, NULL)
