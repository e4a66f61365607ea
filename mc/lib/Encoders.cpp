//===- Encoders.cpp - neverc.mc.encode and plugin encoders ----------------===//
//
// neverc.mc.encode runs once per instruction LLVM's streamer hands the code
// emitter (Streamer.cpp), around the encoding itself. Its built-in is the
// encoder registered for the unit's target and schema
// (NevercMCAPI.RegisterEncoder), else LLVM's MCCodeEmitter; observers see
// the instruction before and its bytes after (GetEvent on the frame's
// input and output), interceptors run the rest of the chain. A registered
// encoder is how an encoding is replaced: no table offers a phase provider
// a way to publish encoded bytes.
//
// A plugin encoder writes through a host sink: bytes, and fixups whose
// value is one of the instruction's expression operands (plus an addend)
// or a constant. It declines an instruction it does not know by returning
// NOT_FOUND with nothing written: LLVM's encoder takes that one. It encodes only instructions LLVM will not relax (LLVM
// sizes and re-encodes a relaxable one with its own encoder during
// layout). neverc.mc.verify_encoded_unit checks the result: bytes written,
// no longer than the encoder's maximum, every fixup inside them.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCObjectStreamer.h"

namespace neverc::mc {
namespace {

constexpr uint16_t Major = NEVERC_MC_API_MAJOR;

NevercStatus NEVERC_CALL registerEncoder(void *Ctx, void *Registrar,
                                         const NevercMCEncoderDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    MCDomain::Impl &D = impl(Ctx);
    return registerCodec(
        D, Registrar, Desc, Desc ? Desc->EncodeInstruction : nullptr,
        "RegisterEncoder", "encoder", "neverc.mc.encode", D.Encoders);
  });
}

/// The sink a plugin encoder writes one instruction through.
struct Sink {
  MCDomain::Impl *D;
  Compile *C;
  const llvm::MCInst *Inst;
  llvm::SmallVectorImpl<char> *CB;
  size_t Start;
  std::vector<llvm::MCFixup> Fixups;

  static NevercStatus NEVERC_CALL write(void *Ctx, NevercByteView Bytes) {
    return guard([&]() -> NevercStatus {
      auto &K = *static_cast<Sink *>(Ctx);
      if (Bytes.Length && !Bytes.Data)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      K.CB->append(reinterpret_cast<const char *>(Bytes.Data),
                   reinterpret_cast<const char *>(Bytes.Data) + Bytes.Length);
      return okStatus();
    });
  }

  static NevercStatus NEVERC_CALL fixup(void *Ctx,
                                        const NevercMCEncodedFixup *F) {
    return guard([&]() -> NevercStatus {
      auto &K = *static_cast<Sink *>(Ctx);
      if (NevercStatus S = checkHeader(F, sizeof *F, Major); !isOk(S))
        return S;
      NevercMCFixupDescriptor Desc{};
      Desc.Kind = F->Kind;
      Desc.TargetKind = F->TargetKind;
      Desc.Width = F->Width;
      Desc.IsPCRelative = F->IsPCRelative;
      uint32_t Kind = 0, Width = 0;
      bool PCRel = false;
      if (!llvmFixupKind(Desc, Kind, Width, PCRel))
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      if (F->Kind == NEVERC_MC_FIXUP_TARGET_EXTENSION) {
        int *T;
        if (!isOk(lookup(*K.D, *K.C, K.C->Tokens, F->SchemaToken, &T)))
          return st(NEVERC_STATUS_ABI_MISMATCH);
      }
      // Its value: an expression operand of the instruction, plus the
      // addend; or the addend alone.
      llvm::MCContext &Ctx = K.C->S->getContext();
      const llvm::MCExpr *Value = nullptr;
      if (F->OperandIndex == NEVERC_MC_NO_FIXUP_OPERAND) {
        Value = llvm::MCConstantExpr::create(F->Addend, Ctx);
      } else {
        if (F->OperandIndex >= K.Inst->getNumOperands() ||
            !K.Inst->getOperand(F->OperandIndex).isExpr())
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        Value = K.Inst->getOperand(F->OperandIndex).getExpr();
        if (F->Addend)
          Value = llvm::MCBinaryExpr::createAdd(
              Value, llvm::MCConstantExpr::create(F->Addend, Ctx), Ctx);
      }
      K.Fixups.push_back(llvm::MCFixup::create(
          uint32_t(F->Offset), Value, llvm::MCFixupKind(Kind), PCRel));
      // Checked with the bytes once the encoder returns (the verifier).
      K.Widths.push_back(Width);
      return okStatus();
    });
  }
  std::vector<uint32_t> Widths;
};

} // namespace

namespace {

/// What one mc.encode run carries: the event box the frame's input and
/// output both name (the instruction; then its bytes), and where they go.
struct EncodeRun {
  MCDomain::Impl *D;
  Compile *C;
  const EncoderRecord *E;
  llvm::function_ref<void()> LLVMEncode;
  llvm::SmallVectorImpl<char> *CB;
  llvm::SmallVectorImpl<llvm::MCFixup> *Fixups;
  size_t Start, FirstFixup;
  EventBox B;
  std::string Why; ///< what the verifier refuses in a plugin's encoding

  /// The built-in: the plugin's encoder, else LLVM's.
  static NevercStatus builtin(void *Ctx, void *, void **Out) {
    auto &R = *static_cast<EncodeRun *>(Ctx);
    *Out = &R.B;
    NevercStatus S = okStatus();
    if (R.E)
      S = R.plugin();
    else
      R.LLVMEncode();
    R.B.Encoded = llvm::ArrayRef<char>(R.CB->data() + R.Start,
                                       R.CB->size() - R.Start);
    R.B.Flags |= NEVERC_MC_EMISSION_HAS_ENCODING;
    return S;
  }

  NevercStatus plugin() {
    Sink K{D, C, B.Inst, CB, Start, {}, {}};
    NevercMCEncodeSink Out{};
    Out.Header = {sizeof Out, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR, 0};
    Out.Context = &K;
    Out.WriteBytes = &Sink::write;
    Out.AddFixup = &Sink::fixup;
    NevercMCEncodeRequest Req{};
    Req.Header = {sizeof Req, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR, 0};
    Req.MC = &D->MC;
    Req.Task = C->T->handle();
    Req.Unit = C->unit();
    Req.Instruction = C->inst(const_cast<llvm::MCInst *>(B.Inst));
    Req.SchemaToken = C->token();
    Req.Address = 0; // not known before layout
    NevercStatus S;
    try {
      S = E->Call(E->UserData, &Req, &Out);
    } catch (...) {
      S = st(NEVERC_STATUS_PLUGIN_EXCEPTION);
    }
    C->expireCallbackHandles();
    const size_t Length = CB->size() - Start;
    // NOT_FOUND with nothing written: not an instruction this encoder
    // knows; LLVM's encodes it.
    if (S.Code == NEVERC_STATUS_NOT_FOUND && !Length && K.Fixups.empty()) {
      LLVMEncode();
      return okStatus();
    }
    if (!Length)
      Why = "it wrote no bytes";
    else if (Length > E->MaxLength)
      Why = "it wrote " + std::to_string(Length) +
            " bytes, more than its maximum of " + std::to_string(E->MaxLength);
    for (size_t N = 0; Why.empty() && N < K.Fixups.size(); ++N)
      if (K.Fixups[N].getOffset() + K.Widths[N] > Length)
        Why = "fixup " + std::to_string(N) + " lies past its bytes";
    // Offsets stay relative to the instruction's first byte, as LLVM's
    // encoder gives them.
    for (const llvm::MCFixup &F : K.Fixups)
      Fixups->push_back(F);
    if (!isOk(S))
      D->H.report(NEVERC_DIAGNOSTIC_ERROR,
                  "neverc.mc.encode: the encoder of plugin '" +
                      std::string(E->Owner->id()) + "' failed with " +
                      std::string(core::statusName(S.Code)),
                  E->Owner, "neverc.mc.encode");
    return S;
  }

  /// neverc.mc.verify_encoded_unit.
  static NevercStatus verify(void *Ctx, void *) {
    auto &R = *static_cast<EncodeRun *>(Ctx);
    if (R.Why.empty())
      return okStatus();
    R.D->H.report(NEVERC_DIAGNOSTIC_ERROR,
                  "neverc.mc.verify_encoded_unit: the encoding by plugin '" +
                      std::string(R.E->Owner->id()) + "' is refused: " + R.Why,
                  R.E->Owner, "neverc.mc.verify_encoded_unit");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

} // namespace

void runEncodePhase(MCDomain::Impl &D, Compile &C, const llvm::MCInst &I,
                       const EncoderRecord *E,
                       llvm::function_ref<void()> LLVMEncode,
                       llvm::SmallVectorImpl<char> &CB,
                       llvm::SmallVectorImpl<llvm::MCFixup> &Fixups) {
  EncodeRun R{&D, &C, E, LLVMEncode, &CB, &Fixups, CB.size(), Fixups.size(),
              {}, {}};
  R.B.Inst = &I;
  R.B.Section = C.LastSection;
  R.B.Flags = NEVERC_MC_EMISSION_HAS_INSTRUCTION | NEVERC_MC_EMISSION_HAS_SECTION;
  if (!D.phaseActive(core::Phase_MC_ENCODE)) {
    // Nobody is on the phase: the encoder runs as its built-in would (the
    // instruction is the unit's while it does, as in a phase).
    void *Out;
    C.Event = &R.B;
    NevercStatus S = EncodeRun::builtin(&R, nullptr, &Out);
    C.Event = nullptr;
    if (isOk(S))
      S = EncodeRun::verify(&R, Out);
    if (!isOk(S)) {
      D.fail(core::Phase_MC_ENCODE, S);
      CB.truncate(R.Start); // LLVM's bytes, so the failing compile goes on
      Fixups.truncate(R.FirstFixup);
      LLVMEncode();
    }
    return;
  }
  core::PhaseRequest Q;
  Q.T = C.T;
  Q.Input = &R.B;
  Q.Builtin = {&EncodeRun::builtin, &R};
  Q.Verifier = {&EncodeRun::verify, &R};
  C.Event = &R.B;
  core::PhaseOutcome O = D.H.runPhase(core::Phase_MC_ENCODE, Q);
  C.Event = nullptr;
  C.expireCallbackHandles();
  // The host runs a phase's verifier only over a plugin callback's output;
  // a plugin encoder is the built-in here, so its encoding is checked too.
  if (isOk(O.Status) && !R.Why.empty())
    O.Status = EncodeRun::verify(&R, &R.B);
  if (isOk(O.Status) && O.Output == &R.B && (R.B.Flags & NEVERC_MC_EMISSION_HAS_ENCODING))
    return;
  if (isOk(O.Status)) // an output that is not this instruction's encoding
    O.Status = st(NEVERC_STATUS_POLICY_VIOLATION);
  D.fail(core::Phase_MC_ENCODE, O.Status);
  CB.truncate(R.Start);
  Fixups.truncate(R.FirstFixup);
  LLVMEncode();
}

void fillEncoderSlots(NevercMCAPI &T) { T.RegisterEncoder = &registerEncoder; }

} // namespace neverc::mc
