//===- Decoders.cpp - neverc.mc.decode and plugin decoders ----------------===//
//
// Where the phase runs in a compile. Nothing in clang's or cc1as's pipeline
// decodes machine code, so neverc.mc.decode runs where bytes exist and
// their meaning is known: right after each instruction is encoded
// (Streamer.cpp, after post_encode), when a plugin is on the phase. Its
// input is the encoding (the encoded-MC artifact: GetEvent shows the bytes
// and their section); its built-in reads them back:
//
//   the decoder registered for the unit's target (NevercMCAPI.
//   RegisterDecoder), which builds the instruction in a mutation the host
//   opens on the unit; UNKNOWN with nothing built hands the bytes to
//   LLVM's MCDisassembler of the target, otherwise the disassembler alone.
//
// The output is an MC unit holding the decoded instruction (GetEvent on
// the output: HAS_INSTRUCTION and HAS_ENCODING with the bytes consumed;
// no instruction when nothing decoded them). Nothing is written from it:
// the object keeps what was encoded. neverc.mc.verify_decoded_unit checks
// what a plugin decoder said: an outcome the ABI knows, bytes consumed
// within the input and the decoder's maximum, an instruction exactly when
// it claims SUCCESS or SOFT_FAIL, one the target's encoder takes.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

namespace neverc::mc {
namespace {

NevercStatus NEVERC_CALL registerDecoder(
    void *Ctx, void *Registrar, const NevercMCDecoderDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    MCDomain::Impl &D = impl(Ctx);
    return registerCodec(
        D, Registrar, Desc, Desc ? Desc->DecodeInstruction : nullptr,
        "RegisterDecoder", "decoder", "neverc.mc.decode", D.Decoders);
  });
}

/// LLVM's disassembler of the unit's target (made on first use; clang
/// initializes no disassembler, so the targets' are, once per process).
llvm::MCDisassembler *disassemblerOf(Compile &C,
                                     const llvm::MCSubtargetInfo &STI) {
  if (C.Disassembler)
    return C.Disassembler.get();
  static std::once_flag Once;
  std::call_once(Once, [] { llvm::InitializeAllDisassemblers(); });
  std::string Err;
  llvm::MCContext &Ctx = C.S->getContext();
  const llvm::Target *T =
      llvm::TargetRegistry::lookupTarget(Ctx.getTargetTriple(), Err);
  if (T)
    C.Disassembler.reset(T->createMCDisassembler(STI, Ctx));
  return C.Disassembler.get();
}

/// One run of the phase on one instruction's bytes.
struct DecodeRun {
  MCDomain::Impl *D;
  Compile *C;
  const DecoderRecord *R;
  const llvm::MCSubtargetInfo *STI;
  EventBox In;  ///< the encoding
  EventBox Out; ///< the decoded instruction, if any
  llvm::MCInst LLVMInst;
  std::unique_ptr<Replacement> Store; ///< a plugin decoder's instructions
  std::string Why; ///< what the verifier refuses in a plugin's decoding

  static NevercStatus builtin(void *Ctx, void *, void **Result) {
    auto &K = *static_cast<DecodeRun *>(Ctx);
    *Result = &K.Out;
    K.Out = EventBox{};
    K.Out.Section = K.In.Section;
    K.Out.Flags = NEVERC_MC_EMISSION_HAS_SECTION;
    if (K.R) {
      bool Declined = false;
      NevercStatus S = K.plugin(Declined);
      if (!Declined)
        return S;
    }
    K.llvmDecode();
    return okStatus();
  }

  void llvmDecode() {
    llvm::MCDisassembler *Dis = disassemblerOf(*C, *STI);
    uint64_t Size = 0;
    llvm::ArrayRef<uint8_t> Bytes(
        reinterpret_cast<const uint8_t *>(In.Encoded.data()),
        In.Encoded.size());
    if (!Dis || Dis->getInstruction(LLVMInst, Size, Bytes, 0, llvm::nulls()) ==
                    llvm::MCDisassembler::Fail)
      return;
    found(&LLVMInst, Size);
  }

  void found(const llvm::MCInst *I, uint64_t Size) {
    Out.Inst = I;
    Out.Encoded = In.Encoded.take_front(Size);
    Out.Flags |=
        NEVERC_MC_EMISSION_HAS_INSTRUCTION | NEVERC_MC_EMISSION_HAS_ENCODING;
  }

  /// The plugin decoder, in a mutation the host opens on the unit.
  /// \p Declined: UNKNOWN with nothing built (LLVM's disassembler goes on).
  NevercStatus plugin(bool &Declined) {
    std::unique_ptr<Replacement> Saved = std::move(C->Building);
    C->Building = std::make_unique<Replacement>();
    auto M = std::make_shared<Mutation>();
    C->Open = M;
    C->Minted = true;
    NevercMCDecodeRequest Req{};
    Req.Header = {sizeof Req, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR, 0};
    Req.MC = &D->MC;
    Req.Task = C->T->handle();
    Req.Unit = C->unit();
    Req.Mutation = C->Mutations.insert(M);
    Req.SchemaToken = C->token();
    Req.Bytes = {reinterpret_cast<const uint8_t *>(In.Encoded.data()),
                 In.Encoded.size()};
    Req.Address = 0; // not known before layout
    NevercMCDecodeResult Res{};
    Res.Header = {sizeof Res, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR, 0};
    NevercStatus S;
    try {
      S = R->Call(R->UserData, &Req, &Res);
    } catch (...) {
      S = st(NEVERC_STATUS_PLUGIN_EXCEPTION);
    }
    llvm::MCInst *I = nullptr;
    if (llvm::MCInst * *P; !neverc_handle_is_null(Res.Instruction) &&
                           isOk(lookup(*D, *C, C->Insts, Res.Instruction, &P)))
      I = *P;
    const bool Built = !M->Made.empty();
    C->Open.reset();
    C->expireCallbackHandles();
    Store = std::move(C->Building);
    C->Building = std::move(Saved);
    if (isOk(S) && Res.Outcome == NEVERC_MC_DECODE_UNKNOWN && !Built) {
      Declined = true;
      return okStatus();
    }
    if (!isOk(S)) {
      D->H.report(NEVERC_DIAGNOSTIC_ERROR,
                  "neverc.mc.decode: the decoder of plugin '" +
                      std::string(R->Owner->id()) + "' failed with " +
                      std::string(core::statusName(S.Code)),
                  R->Owner, "neverc.mc.decode");
      return S;
    }
    const bool Claims = Res.Outcome == NEVERC_MC_DECODE_SUCCESS ||
                        Res.Outcome == NEVERC_MC_DECODE_SOFT_FAIL;
    if (Res.Outcome < NEVERC_MC_DECODE_SUCCESS ||
        Res.Outcome > NEVERC_MC_DECODE_FAIL)
      Why =
          "outcome " + std::to_string(Res.Outcome) + " is not one of the ABI's";
    else if (Claims && (!I || !Store->owns(I)))
      Why = "it claims an instruction but names none it built";
    else if (!Claims && I)
      Why = "it names an instruction but claims none";
    else if (Claims &&
             (!Res.ConsumedBytes || Res.ConsumedBytes > In.Encoded.size()))
      Why = "it consumed " + std::to_string(Res.ConsumedBytes) + " of " +
            std::to_string(In.Encoded.size()) + " bytes";
    else if (Claims && Res.ConsumedBytes > R->MaxLength)
      Why = "it consumed " + std::to_string(Res.ConsumedBytes) +
            " bytes, more than its maximum of " + std::to_string(R->MaxLength);
    else if (Claims && !isOk(verifyCandidate(*D, *C, {I}, /*Report=*/false)))
      Why = "the instruction it built is not one the target encodes";
    if (Claims && Why.empty())
      found(I, Res.ConsumedBytes);
    return okStatus();
  }

  /// neverc.mc.verify_decoded_unit.
  static NevercStatus verify(void *Ctx, void *Result) {
    auto &K = *static_cast<DecodeRun *>(Ctx);
    if (Result != &K.Out) {
      K.D->H.report(NEVERC_DIAGNOSTIC_ERROR,
                    "neverc.mc.verify_decoded_unit: the product of "
                    "neverc.mc.decode must be the unit the host decoded "
                    "into (the decoder registered for the target is how a "
                    "plugin decodes)",
                    nullptr, "neverc.mc.verify_decoded_unit");
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    if (K.Why.empty())
      return okStatus();
    K.D->H.report(NEVERC_DIAGNOSTIC_ERROR,
                  "neverc.mc.verify_decoded_unit: the decoding by plugin '" +
                      std::string(K.R->Owner->id()) + "' is refused: " + K.Why,
                  K.R->Owner, "neverc.mc.verify_decoded_unit");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

} // namespace

void runDecodePhase(MCDomain::Impl &D, Compile &C, llvm::ArrayRef<char> Bytes,
                    const llvm::MCSubtargetInfo &STI) {
  DecodeRun K{&D, &C, codecFor(D.Decoders, C), &STI, {}, {}, {}, nullptr, {}};
  K.In.Section = C.LastSection;
  K.In.Encoded = Bytes;
  K.In.Flags = NEVERC_MC_EMISSION_HAS_SECTION | NEVERC_MC_EMISSION_HAS_ENCODING;
  core::PhaseRequest Q;
  Q.T = C.T;
  Q.Input = &K.In;
  Q.Builtin = {&DecodeRun::builtin, &K};
  Q.Verifier = {&DecodeRun::verify, &K};
  C.Event = &K.In;
  C.Result = &K.Out;
  core::PhaseOutcome O = D.H.runPhase(core::Phase_MC_DECODE, Q);
  C.Event = C.Result = nullptr;
  C.expireCallbackHandles();
  // The plugin decoder is the built-in: its result is checked here too.
  if (isOk(O.Status) && !K.Why.empty())
    O.Status = DecodeRun::verify(&K, &K.Out);
  if (isOk(O.Status) && O.Output != &K.Out)
    O.Status = st(NEVERC_STATUS_POLICY_VIOLATION);
  if (!isOk(O.Status))
    D.fail(core::Phase_MC_DECODE, O.Status);
}

void fillDecoderSlots(NevercMCAPI &T) { T.RegisterDecoder = &registerDecoder; }

} // namespace neverc::mc
