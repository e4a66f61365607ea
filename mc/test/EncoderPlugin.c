/*
 * A plugin encoder for x86-64 (tests/lit/mc/encode.c), registered through
 * NevercMCAPI.RegisterEncoder for the host's LOCKSTEP schema: it encodes
 * every retq as "rep ret" (f3 c3, the old AMD branch-predictor idiom) and
 * every direct call as e8 with a PC-relative fixup on its target operand;
 * it declines everything else (NOT_FOUND, nothing written), which LLVM's
 * encoder then takes. An observer on neverc.mc.encode counts what it saw,
 * an interceptor runs the rest of the chain (mode=replace: answers with
 * the instruction instead of bytes).
 * -fplugin-arg=org.neverc.test.encoder:mode=...
 *   (none)    as above
 *   empty     retq: nothing written, OK (verify_encoded_unit refuses)
 *   long      retq: 16 bytes, past its maximum of 15 (refused)
 *   fail      retq: PLUGIN_FAILURE (the encoder is named)
 *   badfixup  call: a fixup past the bytes it wrote (refused)
 *   operand   call: a fixup on a register operand (AddFixup refuses)
 * Registration-time refusals are remarks "enc: <what> <STATUS>". Built
 * with -DENCODER_ONLY (EncoderOnlyPlugin.so) it registers the encoder and
 * nothing on the phase.
 */
#include "TestPlugin.h"

#include <stdio.h>

#define ID "org.neverc.test.encoder"

enum { X86_RET64 = 3736, X86_CALL64pcrel32 = 1151 };

static struct {
  const NevercCoreAPI *Core;
  const NevercMCAPI *MC;
  const NevercMCEmissionAPI *Emission;
  char Mode[16];
  void *Registrar;
  unsigned Rets, Calls, Seen, SeenWithBytes, Intercepted;
} G;

static void text(const char *M) { tpRemark(G.Core, ID, M); }

static void remark(const char *Fmt, const char *What, NevercStatus S) {
  char M[200];
  snprintf(M, sizeof M, Fmt, What, tpCode(S));
  text(M);
}

static NevercStatus NEVERC_CALL encode(void *UserData,
                                       const NevercMCEncodeRequest *Req,
                                       const NevercMCEncodeSink *Sink) {
  const NevercMCAPI *MC = Req->MC;
  NevercMCInstructionInfo I;
  NevercByteView B;
  (void)UserData;
  memset(&I, 0, sizeof I);
  I.Header = tpHeader(sizeof I, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  if (MC->GetInstructionInfo(MC->Context, Req->Task, Req->Instruction, &I).Code)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  if (I.Opcode == X86_RET64) {
    static const uint8_t RepRet[] = {0xf3, 0xc3};
    static const uint8_t Long[16] = {0};
    ++G.Rets;
    if (!strcmp(G.Mode, "empty"))
      return status(0);
    if (!strcmp(G.Mode, "fail"))
      return status(NEVERC_STATUS_PLUGIN_FAILURE);
    B.Data = !strcmp(G.Mode, "long") ? Long : RepRet;
    B.Length = !strcmp(G.Mode, "long") ? sizeof Long : sizeof RepRet;
    return Sink->WriteBytes(Sink->Context, B);
  }
  if (I.Opcode == X86_CALL64pcrel32) {
    static const uint8_t Call[] = {0xe8, 0, 0, 0, 0};
    NevercMCEncodedFixup F;
    NevercStatus S;
    ++G.Calls;
    B.Data = Call;
    B.Length = sizeof Call;
    if ((S = Sink->WriteBytes(Sink->Context, B)).Code)
      return S;
    memset(&F, 0, sizeof F);
    F.Header = tpHeader(sizeof F, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    F.Offset = !strcmp(G.Mode, "badfixup") ? 3 : 1;
    F.Width = 4;
    F.IsPCRelative = NEVERC_TRUE;
    F.Kind = NEVERC_MC_FIXUP_PC_REL_4;
    F.OperandIndex = 0;
    /* The operand's value as it is: LLVM 22's x86 backend accounts for
     * the four bytes between the field and the next instruction. */
    F.Addend = 0;
    if (!strcmp(G.Mode, "operand")) {
      F.OperandIndex = NEVERC_MC_NO_FIXUP_OPERAND - 1; /* no such operand */
      S = Sink->AddFixup(Sink->Context, &F);
      remark("enc: %s %s", "AddFixup(no such operand)", S);
      return S;
    }
    return Sink->AddFixup(Sink->Context, &F);
  }
  return status(NEVERC_STATUS_NOT_FOUND); /* LLVM's encoder takes it */
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
        (E.Flags & NEVERC_MC_EMISSION_HAS_INSTRUCTION) &&
        !(E.Flags & NEVERC_MC_EMISSION_HAS_ENCODING))
      ++G.Seen;
  } else if (!G.Emission->GetEvent(G.Emission->Context, F, F->CurrentOutput,
                                   &E)
                  .Code &&
             (E.Flags & NEVERC_MC_EMISSION_HAS_ENCODING) &&
             E.EncodedBytes.Length) {
    ++G.SeenWithBytes;
  }
  return status(0);
}

/* An interceptor on mc.encode: it runs the rest of the chain (the encoder);
 * with mode=replace it answers with the instruction instead of bytes,
 * which is not an encoding. */
static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *U) {
  NevercStatus S;
  (void)U;
  if (!strcmp(G.Mode, "replace")) {
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

static NevercMCEncoderDescriptor descriptor(void) {
  NevercMCEncoderDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  D.ProviderID.High = 0x4e43454e434f4445ULL; /* "NCENCODE" */
  D.ProviderID.Low = 1;
  D.TargetID.High = NEVERC_TARGET_ID_X86_64_HIGH;
  D.TargetID.Low = NEVERC_TARGET_ID_X86_64_LOW;
  /* The host's LOCKSTEP schema of x86-64 ("NCMCSCHE", the target's Low). */
  D.SchemaID.High = 0x4e434d4353434845ULL;
  D.SchemaID.Low = NEVERC_TARGET_ID_X86_64_LOW;
  D.MaximumInstructionLength = 15;
  D.EncodeInstruction = encode;
  return D;
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercMCEncoderDescriptor D = descriptor();
  NevercObserverDescriptor O;
  NevercOptionDescriptor Opt;
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
  memset(&Opt, 0, sizeof Opt);
  Opt.Header =
      tpHeader(sizeof Opt, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  Opt.Spelling.Data = "--mode";
  Opt.Spelling.Length = 6;
  Opt.Form = NEVERC_OPTION_SEPARATE;
  Opt.ValueType = NEVERC_OPTION_STRING;
  Opt.Multiplicity = NEVERC_OPTION_LAST_WINS;
  if ((S = Reg->RegisterOption(Ctx, &Opt)).Code)
    return S;
  /* What the host refuses first, then the encoder itself. */
  remark("enc: %s %s", "RegisterEncoder(null)",
         G.MC->RegisterEncoder(G.MC->Context, Ctx, NULL));
  D.SchemaID.Low ^= 1;
  remark("enc: %s %s", "RegisterEncoder(another schema)",
         G.MC->RegisterEncoder(G.MC->Context, Ctx, &D));
  D = descriptor();
  D.MaximumInstructionLength = 0;
  remark("enc: %s %s", "RegisterEncoder(no maximum length)",
         G.MC->RegisterEncoder(G.MC->Context, Ctx, &D));
  D = descriptor();
  D.Header.Major = 99;
  remark("enc: %s %s", "RegisterEncoder(major 99)",
         G.MC->RegisterEncoder(G.MC->Context, Ctx, &D));
  D = descriptor();
  S = G.MC->RegisterEncoder(G.MC->Context, Ctx, &D);
  remark("enc: %s %s", "RegisterEncoder", S);
  if (S.Code)
    return S;
  remark("enc: %s %s", "RegisterEncoder(again)",
         G.MC->RegisterEncoder(G.MC->Context, Ctx, &D));
#ifdef ENCODER_ONLY
  /* Nobody on mc.encode: the encoder still serves every compile. */
  (void)O, (void)observe, (void)intercept;
  return status(0);
#else
  memset(&O, 0, sizeof O);
  O.Header = tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_MC_ENCODE_HIGH;
  O.Phase.Low = NEVERC_PHASE_MC_ENCODE_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  O.Callback = observe;
  if ((S = Reg->RegisterObserver(Ctx, &O)).Code)
    return S;
  {
    NevercInterceptorDescriptor I;
    memset(&I, 0, sizeof I);
    I.Header =
        tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    I.Phase.High = NEVERC_PHASE_MC_ENCODE_HIGH;
    I.Phase.Low = NEVERC_PHASE_MC_ENCODE_LOW;
    I.Callback = intercept;
    return Reg->RegisterInterceptor(Ctx, &I);
  }
#endif
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  NevercStringView V;
  uint64_t N = 0;
  NevercStringView Id = {ID, sizeof ID - 1};
  NevercStringView Sp = {"--mode", 6};
  NevercMCEncoderDescriptor D = descriptor();
  (void)PS, (void)Out;
  G.Mode[0] = 0;
  if (!Core->GetPluginOptionValueCount(Core->Context, S, Id, Sp, &N).Code &&
      N && !Core->GetPluginOptionValue(Core->Context, S, Id, Sp, N - 1, &V).Code &&
      V.Length < sizeof G.Mode) {
    memcpy(G.Mode, V.Data, (size_t)V.Length);
    G.Mode[V.Length] = 0;
  }
  /* Registration time is over. */
  remark("enc: %s %s", "RegisterEncoder(after Register)",
         G.MC->RegisterEncoder(G.MC->Context, G.Registrar, &D));
  return status(0);
}

static NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *Core,
                                        NevercTaskHandle T, NevercTaskKind K,
                                        void *PS, void *SS, void *TS) {
  char M[160];
  (void)Core, (void)T, (void)K, (void)PS, (void)SS, (void)TS;
  if (G.Seen || G.Rets) {
    snprintf(M, sizeof M,
             "enc: retq encoded %u, calls %u, mc.encode before %u, after "
             "with bytes %u, intercepted %u",
             G.Rets, G.Calls, G.Seen, G.SeenWithBytes, G.Intercepted);
    text(M);
    G.Seen = G.Rets = G.Calls = G.SeenWithBytes = G.Intercepted = 0;
  }
  return status(0);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "x86-64 rep-ret encoder", registerPlugin,
                         sessionBegin, NULL, taskEnd)
