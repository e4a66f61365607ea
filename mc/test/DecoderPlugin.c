/*
 * A plugin decoder for x86-64 (tests/lit/mc/decode.c), registered through
 * NevercMCAPI.RegisterDecoder for the host's LOCKSTEP schema: it decodes
 * "c3" as retq (building the instruction in the mutation the host opens)
 * and says UNKNOWN with nothing built for everything else, which LLVM's
 * disassembler then reads. An observer on neverc.mc.decode counts the
 * encodings it saw and the instructions decoded from them, and checks once
 * that it cannot mutate the unit; an interceptor runs the rest of the chain.
 * -fplugin-arg=org.neverc.test.decoder:--decode-mode=...
 *   (none)    as above
 *   badlen    retq: SUCCESS, 5 bytes consumed of 1 (refused)
 *   noinst    retq: SUCCESS without an instruction (refused)
 *   bogus     retq: outcome 9 (refused)
 *   badop     retq: a MOV32ri without operands (refused: not encodable)
 *   fail      retq: PLUGIN_FAILURE (the decoder is named)
 *   replace   the interceptor answers with the input (refused)
 * Registration-time refusals are remarks "dec: <what> <STATUS>".
 */
#include "TestPlugin.h"

#include <stdio.h>

#define ID "org.neverc.test.decoder"

enum X86Value {
#define NEVERC_MC_TARGET_X86_64_OPCODE(Name, Value, Mnemonic)                  \
  X86_##Name = Value,
#include "neverc/Plugin/Schema/Targets/PluginMCX86_64.inc"
#undef NEVERC_MC_TARGET_X86_64_OPCODE
  X86_End
};

static struct {
  const NevercCoreAPI *Core;
  const NevercMCAPI *MC;
  const NevercMCEmissionAPI *Emission;
  char Mode[16];
  void *Registrar;
  unsigned Rets, Before, Decoded, DecodedRets, Intercepted, Tried;
} G;

static int mode(const char *M) { return !strcmp(G.Mode, M); }

static void remark(const char *What, NevercStatus S) {
  char M[200];
  snprintf(M, sizeof M, "dec: %s %s", What, tpCode(S));
  tpRemark(G.Core, ID, M);
}

static NevercStatus NEVERC_CALL decode(void *UserData,
                                       const NevercMCDecodeRequest *Req,
                                       NevercMCDecodeResult *Out) {
  const NevercMCAPI *MC = Req->MC;
  (void)UserData;
  if (Req->Bytes.Length != 1 || Req->Bytes.Data[0] != 0xc3) {
    Out->Outcome = NEVERC_MC_DECODE_UNKNOWN; /* LLVM's disassembler reads it */
    return status(0);
  }
  ++G.Rets;
  if (mode("fail"))
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  Out->Outcome = mode("bogus") ? 9 : NEVERC_MC_DECODE_SUCCESS;
  Out->ConsumedBytes = mode("badlen") ? 5 : 1;
  if (mode("noinst"))
    return status(0);
  return MC->CreateInstruction(
      MC->Context, Req->Task, Req->Mutation, Req->SchemaToken,
      mode("badop") ? X86_MOV32ri : X86_RET64, &Out->Instruction);
}

static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *F,
                                        NevercObserverPoint P, void *U) {
  NevercMCEmissionEventInfo E;
  (void)U;
  memset(&E, 0, sizeof E);
  E.Header = tpHeader(sizeof E, NEVERC_MC_EMISSION_API_MAJOR,
                      NEVERC_MC_EMISSION_API_MINOR);
  if (P == NEVERC_OBSERVER_BEFORE) {
    if (!G.Emission->GetEvent(G.Emission->Context, F, F->Input, &E).Code &&
        (E.Flags & NEVERC_MC_EMISSION_HAS_ENCODING) &&
        !(E.Flags & NEVERC_MC_EMISSION_HAS_INSTRUCTION) &&
        E.EncodedBytes.Length)
      ++G.Before;
    return status(0);
  }
  if (!G.Emission->GetEvent(G.Emission->Context, F, F->CurrentOutput, &E)
           .Code &&
      (E.Flags & NEVERC_MC_EMISSION_HAS_INSTRUCTION)) {
    NevercMCInstructionInfo I;
    memset(&I, 0, sizeof I);
    I.Header = tpHeader(sizeof I, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    ++G.Decoded;
    if (!G.MC->GetInstructionInfo(G.MC->Context, F->Task, E.Instruction, &I)
             .Code &&
        I.Opcode == X86_RET64)
      ++G.DecodedRets;
    if (!G.Tried++) {
      NevercMCMutationHandle M;
      remark("observer BeginMutation",
             G.MC->BeginMutation(G.MC->Context, F->Task, E.Unit, &M));
    }
  }
  return status(0);
}

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *U) {
  NevercStatus S;
  (void)U;
  if (mode("replace")) {
    R->Output = F->Input;
    R->Action = NEVERC_PHASE_REPLACE;
    return status(0);
  }
  S = C->InvokeNext(C, F, R);
  if (!S.Code) {
    ++G.Intercepted;
    R->Action = NEVERC_PHASE_CONTINUE;
    memset(&R->Output, 0, sizeof R->Output);
  }
  return S;
}

static NevercMCDecoderDescriptor descriptor(void) {
  NevercMCDecoderDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  D.ProviderID.High = 0x4e434445434f4445ULL; /* "NCDECODE" */
  D.ProviderID.Low = 1;
  D.TargetID.High = NEVERC_TARGET_ID_X86_64_HIGH;
  D.TargetID.Low = NEVERC_TARGET_ID_X86_64_LOW;
  /* The host's LOCKSTEP schema of x86-64 ("NCMCSCHE", the target's Low). */
  D.SchemaID.High = 0x4e434d4353434845ULL;
  D.SchemaID.Low = NEVERC_TARGET_ID_X86_64_LOW;
  D.MaximumInstructionLength = 15;
  D.DecodeInstruction = decode;
  return D;
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercMCDecoderDescriptor D = descriptor();
  NevercObserverDescriptor O;
  NevercInterceptorDescriptor I;
  NevercStatus S;
  (void)PS;
  G.Core = Core;
  G.Registrar = Ctx;
  G.MC = (const NevercMCAPI *)tpQuery(Core, NEVERC_INTERFACE_MC_HIGH,
                                      NEVERC_INTERFACE_MC_LOW,
                                      NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  G.Emission = (const NevercMCEmissionAPI *)tpQuery(
      Core, NEVERC_INTERFACE_MC_EMISSION_HIGH, NEVERC_INTERFACE_MC_EMISSION_LOW,
      NEVERC_MC_EMISSION_API_MAJOR, NEVERC_MC_EMISSION_API_MINOR);
  if (!G.MC || !G.Emission)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if ((S = tpStringOption(Reg, Ctx, "--decode-mode")).Code)
    return S;
  /* What the host refuses first, then the decoder itself. */
  remark("RegisterDecoder(null)",
         G.MC->RegisterDecoder(G.MC->Context, Ctx, NULL));
  D.SchemaID.Low ^= 1;
  remark("RegisterDecoder(another schema)",
         G.MC->RegisterDecoder(G.MC->Context, Ctx, &D));
  D = descriptor();
  D.MaximumInstructionLength = 0;
  remark("RegisterDecoder(no maximum length)",
         G.MC->RegisterDecoder(G.MC->Context, Ctx, &D));
  D = descriptor();
  D.DecodeInstruction = NULL;
  remark("RegisterDecoder(no callback)",
         G.MC->RegisterDecoder(G.MC->Context, Ctx, &D));
  D = descriptor();
  D.Header.Major = 99;
  remark("RegisterDecoder(major 99)",
         G.MC->RegisterDecoder(G.MC->Context, Ctx, &D));
  D = descriptor();
  S = G.MC->RegisterDecoder(G.MC->Context, Ctx, &D);
  remark("RegisterDecoder", S);
  if (S.Code)
    return S;
  remark("RegisterDecoder(again)",
         G.MC->RegisterDecoder(G.MC->Context, Ctx, &D));
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_MC_DECODE_HIGH;
  O.Phase.Low = NEVERC_PHASE_MC_DECODE_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  O.Callback = observe;
  if ((S = Reg->RegisterObserver(Ctx, &O)).Code)
    return S;
  memset(&I, 0, sizeof I);
  I.Header =
      tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase = O.Phase;
  I.Callback = intercept;
  return Reg->RegisterInterceptor(Ctx, &I);
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  NevercMCDecoderDescriptor D = descriptor();
  (void)PS, (void)Out;
  tpOptionValue(Core, S, ID, "--decode-mode", "", G.Mode, sizeof G.Mode);
  /* Registration time is over. */
  remark("RegisterDecoder(after Register)",
         G.MC->RegisterDecoder(G.MC->Context, G.Registrar, &D));
  return status(0);
}

static NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *Core,
                                        NevercTaskHandle T, NevercTaskKind K,
                                        void *PS, void *SS, void *TS) {
  char M[200];
  (void)Core, (void)T, (void)K, (void)PS, (void)SS, (void)TS;
  if (!G.Before)
    return status(0);
  snprintf(M, sizeof M,
           "dec: mc.decode before %u, decoded %u (retq %u, by the plugin "
           "%u), intercepted %u",
           G.Before, G.Decoded, G.DecodedRets, G.Rets, G.Intercepted);
  tpRemark(G.Core, ID, M);
  G.Before = G.Decoded = G.DecodedRets = G.Rets = G.Intercepted = 0;
  return status(0);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "decoder test plugin", registerPlugin,
                         sessionBegin, NULL, taskEnd)
