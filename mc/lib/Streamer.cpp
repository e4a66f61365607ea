//===- Streamer.cpp - Where the MC emission phases sit in LLVM 22
//----------===//
//
// LLVM 22 builds an object's streamer through the target registry
// (Target::createMCObjectStreamer calls the target's ELF streamer
// constructor). The domain registers a constructor of its own in front of
// the target's: for the compile it serves it wraps the MCCodeEmitter and
// taps the object writer's output stream, then calls the target's own
// constructor with them, so the streamer is the target's (X86ELFStreamer,
// AArch64ELFStreamer, ...) and every byte is LLVM's.
//
// Why those two and nothing else: the target streamers are private to
// their targets, and they cast the assembler's backend and writer to the
// target's classes (X86 to X86AsmBackend for branch alignment, MCELFStreamer
// to ELFObjectWriter), so neither can be wrapped. The code emitter is only
// ever called through MCCodeEmitter, and an ELFObjectWriter can be rebuilt
// around a stream of the domain's. What each gives:
//
//   code emitter   pre_instruction (may replace), section_change (the
//                  streamer's current section differs from the last
//                  instruction's), post_instruction, post_encode, fixup;
//                  during layout (MCAssembler::hasLayout) LLVM encodes only
//                  instructions it relaxes: one relaxation_round event each
//   output stream  the first byte the writer writes: layout is complete
//                  and nothing is written yet: pre_layout (if no relaxation
//                  raised it), mc.layout (Layout.cpp), post_layout with
//                  the layout
//   emitter reset  MCAssembler::reset after the object is written (or the
//                  emitter's destruction): unit_end
//
// LLVM 22's layout (MCAssembler::layout, relaxOnce) calls nothing a domain
// can replace before it starts, so pre_layout is raised at the first point
// inside it neverc can see (mc/README.md).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"
#include "neverc/core/PrivateMember.h"

#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCELFObjectWriter.h"
#include "llvm/MC/MCELFStreamer.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCObjectStreamer.h"
#include "llvm/MC/MCSection.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

namespace neverc::mc {
namespace {

using ELFCtor = llvm::Target::ELFStreamerCtorTy;
NEVERC_PRIVATE_MEMBER(ELFCtorMember, ELFCtor, llvm::Target, ELFStreamerCtorFn);

/// The compile a streamer built on this thread belongs to. LLVM's
/// constructor hook is a plain function pointer, so this is how the
/// domain's constructor finds it; another thread (lld's LTO backend) sees
/// none and gets the target's constructor untouched.
thread_local MCDomain::Impl *CurrentTL = nullptr;

/// The target constructors the domain stands in front of. LLVM's registry
/// is process-wide, so this table is too: written once per target under
/// the lock, and never undone (a compile on another thread may be inside
/// the hook).
struct Saved {
  const llvm::Target *T;
  ELFCtor Orig;
};
std::mutex &savedLock() {
  static std::mutex M;
  return M;
}
std::vector<Saved> &saved() {
  static std::vector<Saved> V;
  return V;
}
ELFCtor originalFor(const llvm::Triple &TT) {
  std::string Err;
  const llvm::Target *T = llvm::TargetRegistry::lookupTarget(TT, Err);
  std::lock_guard<std::mutex> L(savedLock());
  for (const Saved &S : saved())
    if (S.T == T)
      return S.Orig;
  return nullptr;
}

/// The fixup event's description of an LLVM fixup \p Offset bytes into
/// \p Section's current content.
NevercMCEmissionFixupLayoutInfo fixupInfo(const llvm::MCFixup &F,
                                          uint64_t Offset) {
  NevercMCEmissionFixupLayoutInfo I{};
  I.Header = {sizeof I, NEVERC_MC_EMISSION_API_MAJOR,
              NEVERC_MC_EMISSION_API_MINOR, 0};
  I.Offset = Offset;
  I.Kind = fixupKind(F, nullptr);
  I.IsResolved = NEVERC_FALSE;
  return I;
}

class EventEmitter final : public llvm::MCCodeEmitter {
public:
  EventEmitter(MCDomain::Impl &D, std::unique_ptr<llvm::MCCodeEmitter> Inner)
      : D(D), Inner(std::move(Inner)) {}
  ~EventEmitter() override { end(); }

  void reset() override {
    Inner->reset();
    end();
  }

  void encodeInstruction(const llvm::MCInst &Inst,
                         llvm::SmallVectorImpl<char> &CB,
                         llvm::SmallVectorImpl<llvm::MCFixup> &Fixups,
                         const llvm::MCSubtargetInfo &STI) const override {
    Compile *C = D.Current.get();
    if (!C || !C->S || C->Failed || C->Ended) {
      Inner->encodeInstruction(Inst, CB, Fixups, STI);
      return;
    }
    C->STI = &STI;
    if (assemblerOf(*C).hasLayout()) {
      relaxed(*C, Inst, CB, Fixups, STI);
      return;
    }
    const llvm::MCSection *Sec = C->S->getCurrentSectionOnly();
    if (Sec != C->LastSection) {
      C->LastSection = Sec;
      EventBox B;
      B.Kind = NEVERC_MC_EMISSION_SECTION_CHANGE;
      B.Flags = NEVERC_MC_EMISSION_HAS_SECTION;
      B.Section = Sec;
      D.raise(core::Phase_MC_EMISSION_SECTION_CHANGE, B);
    }
    std::vector<llvm::MCInst> Out;
    bool Replaced = false;
    if (D.phaseActive(core::Phase_MC_EMISSION_PRE_INSTRUCTION)) {
      // LLVM decided from the original opcode whether the instruction
      // goes to a relaxable fragment, which keeps that MCInst and encodes
      // it again during layout: only an instruction that can never be
      // relaxed may be replaced.
      bool Replaceable = !assemblerOf(*C).getBackend().mayNeedRelaxation(
          Inst.getOpcode(), Inst.getOperands(), STI);
      if (!D.preInstruction(Inst, Replaceable, Out, Replaced)) {
        // The compile fails; LLVM still needs an encoding to go on with.
        Inner->encodeInstruction(Inst, CB, Fixups, STI);
        return;
      }
    }
    const size_t Start = CB.size();
    if (!Replaced) {
      emit(*C, Inst, Start, CB, Fixups, STI);
      return;
    }
    for (const llvm::MCInst &I : Out)
      emit(*C, I, Start, CB, Fixups, STI);
  }

private:
  /// Encodes one instruction at the end of \p CB (\p Start: where this
  /// call's bytes began; fixup offsets are relative to it) and raises the
  /// events that follow an encoding.
  void emit(Compile &C, const llvm::MCInst &I, size_t Start,
            llvm::SmallVectorImpl<char> &CB,
            llvm::SmallVectorImpl<llvm::MCFixup> &Fixups,
            const llvm::MCSubtargetInfo &STI) const {
    const size_t Off = CB.size(), FirstFixup = Fixups.size();
    // neverc.mc.encode, when observed or when a plugin encoder serves the
    // target (only for instructions LLVM will not relax: it re-encodes
    // those itself during layout).
    const EncoderRecord *E = codecFor(D.Encoders, C);
    if (E && assemblerOf(C).getBackend().mayNeedRelaxation(
                 I.getOpcode(), I.getOperands(), STI))
      E = nullptr;
    if (E || D.phaseActive(core::Phase_MC_ENCODE))
      runEncodePhase(D, C, I, E,
                        [&] { Inner->encodeInstruction(I, CB, Fixups, STI); },
                        CB, Fixups);
    else
      Inner->encodeInstruction(I, CB, Fixups, STI);
    if (Off != Start)
      for (size_t K = FirstFixup; K < Fixups.size(); ++K)
        Fixups[K].setOffset(Fixups[K].getOffset() + uint32_t(Off - Start));
    if (C.Failed)
      return;
    EventBox B;
    B.Inst = &I;
    B.Section = C.LastSection;
    B.Kind = NEVERC_MC_EMISSION_POST_INSTRUCTION;
    B.Flags = NEVERC_MC_EMISSION_HAS_INSTRUCTION |
              NEVERC_MC_EMISSION_HAS_SECTION;
    D.raise(core::Phase_MC_EMISSION_POST_INSTRUCTION, B);
    B.Kind = NEVERC_MC_EMISSION_POST_ENCODE;
    B.Flags |= NEVERC_MC_EMISSION_HAS_ENCODING;
    B.Encoded = llvm::ArrayRef<char>(CB.data() + Off, CB.size() - Off);
    D.raise(core::Phase_MC_EMISSION_POST_ENCODE, B);
    if (D.phaseActive(core::Phase_MC_DECODE) && !C.Failed)
      runDecodePhase(D, C, B.Encoded, STI);
    if (!D.phaseActive(core::Phase_MC_EMISSION_FIXUP))
      return;
    for (size_t K = FirstFixup; K < Fixups.size(); ++K) {
      B.Kind = NEVERC_MC_EMISSION_FIXUP;
      B.Flags = NEVERC_MC_EMISSION_HAS_INSTRUCTION |
                NEVERC_MC_EMISSION_HAS_SECTION | NEVERC_MC_EMISSION_HAS_FIXUP;
      // Offset: from the start of the instruction's encoding.
      B.Fixup = fixupInfo(Fixups[K], Fixups[K].getOffset() - (Off - Start));
      D.raise(core::Phase_MC_EMISSION_FIXUP, B);
    }
  }

  /// LLVM relaxes \p Inst during layout: its longer form is encoded here.
  void relaxed(Compile &C, const llvm::MCInst &Inst,
               llvm::SmallVectorImpl<char> &CB,
               llvm::SmallVectorImpl<llvm::MCFixup> &Fixups,
               const llvm::MCSubtargetInfo &STI) const {
    const size_t Off = CB.size();
    Inner->encodeInstruction(Inst, CB, Fixups, STI);
    if (!C.PreLayoutRaised) {
      C.PreLayoutRaised = true;
      EventBox P;
      P.Kind = NEVERC_MC_EMISSION_PRE_LAYOUT;
      D.raise(core::Phase_MC_EMISSION_PRE_LAYOUT, P);
    }
    EventBox B;
    B.Kind = NEVERC_MC_EMISSION_RELAXATION_ROUND;
    B.Round = ++C.Relaxations;
    B.Inst = &Inst;
    B.Encoded = llvm::ArrayRef<char>(CB.data() + Off, CB.size() - Off);
    B.Flags = NEVERC_MC_EMISSION_HAS_INSTRUCTION |
              NEVERC_MC_EMISSION_HAS_ENCODING;
    B.LayoutChanged = true;
    D.raise(core::Phase_MC_EMISSION_RELAXATION_ROUND, B);
  }

  void end() {
    Compile *C = D.Current.get();
    if (!C || !C->S || C->Ended)
      return;
    C->Ended = true;
    if (C->Failed)
      return;
    EventBox B;
    B.Kind = NEVERC_MC_EMISSION_UNIT_END;
    D.raise(core::Phase_MC_EMISSION_UNIT_END, B);
  }

  MCDomain::Impl &D;
  std::unique_ptr<llvm::MCCodeEmitter> Inner;
};

/// The object writer's output, seen by the domain: the first byte written
/// means layout is done (post_layout); every byte goes on unchanged.
class LayoutTap final : public llvm::raw_pwrite_stream {
public:
  LayoutTap(MCDomain::Impl &D, llvm::raw_pwrite_stream &Out)
      : raw_pwrite_stream(/*Unbuffered=*/true), D(D), Out(Out) {}

private:
  void first() {
    if (Seen)
      return;
    Seen = true;
    Compile *C = D.Current.get();
    if (!C || !C->S || C->Failed)
      return;
    if (!C->PreLayoutRaised) {
      C->PreLayoutRaised = true;
      EventBox P;
      P.Kind = NEVERC_MC_EMISSION_PRE_LAYOUT;
      D.raise(core::Phase_MC_EMISSION_PRE_LAYOUT, P);
    }
    if (D.phaseActive(core::Phase_MC_LAYOUT) && !C->Failed)
      runLayoutPhase(D, *C);
    EventBox B;
    B.Kind = NEVERC_MC_EMISSION_POST_LAYOUT;
    B.Flags = NEVERC_MC_EMISSION_HAS_LAYOUT;
    B.LayoutChanged = C->Relaxations != 0;
    D.raise(core::Phase_MC_EMISSION_POST_LAYOUT, B);
  }
  void write_impl(const char *P, size_t N) override {
    first();
    Out.write(P, N);
  }
  void pwrite_impl(const char *P, size_t N, uint64_t Offset) override {
    first();
    Out.pwrite(P, N, Offset);
  }
  uint64_t current_pos() const override { return Out.tell(); }

  MCDomain::Impl &D;
  llvm::raw_pwrite_stream &Out;
  bool Seen = false;
};

llvm::MCStreamer *
makeStreamer(const llvm::Triple &TT, llvm::MCContext &Ctx,
             std::unique_ptr<llvm::MCAsmBackend> &&TAB,
             std::unique_ptr<llvm::MCObjectWriter> &&OW,
             std::unique_ptr<llvm::MCCodeEmitter> &&Emitter) {
  ELFCtor Orig = originalFor(TT);
  MCDomain::Impl *D = CurrentTL;
  Compile *C = D ? D->Current.get() : nullptr;
  auto Build = [&]() {
    return Orig ? Orig(TT, Ctx, std::move(TAB), std::move(OW),
                       std::move(Emitter))
                : llvm::createELFStreamer(Ctx, std::move(TAB), std::move(OW),
                                          std::move(Emitter));
  };
  // One unit per compile: a second streamer (none in a cc1 today) is
  // LLVM's alone.
  if (!C || C->S || !Emitter || !OW)
    return Build();
  Emitter = std::make_unique<EventEmitter>(*D, std::move(Emitter));
  if (D->phaseActive(core::Phase_MC_EMISSION_PRE_LAYOUT) ||
      D->phaseActive(core::Phase_MC_EMISSION_POST_LAYOUT) ||
      D->phaseActive(core::Phase_MC_LAYOUT)) {
    // An ELF target's writer is an ELFObjectWriter (the ELF streamer
    // relies on that too); it is rebuilt around the tap, nothing set on
    // it yet.
    auto *EW = static_cast<llvm::ELFObjectWriter *>(OW.get());
    C->Tap = std::make_unique<LayoutTap>(*D, EW->OS);
    auto NW =
        EW->DwoOS
            ? std::make_unique<llvm::ELFObjectWriter>(
                  std::move(EW->TargetObjectWriter), *C->Tap, *EW->DwoOS,
                  EW->IsLittleEndian)
            : std::make_unique<llvm::ELFObjectWriter>(
                  std::move(EW->TargetObjectWriter), *C->Tap,
                  EW->IsLittleEndian);
    OW = std::move(NW);
  }
  llvm::MCStreamer *S = Build();
  C->S = S;
  EventBox B;
  B.Kind = NEVERC_MC_EMISSION_UNIT_BEGIN;
  D->raise(core::Phase_MC_EMISSION_UNIT_BEGIN, B);
  return S;
}

} // namespace

void setCurrentCompile(MCDomain::Impl *D) { CurrentTL = D; }

void installStreamerHook(MCDomain::Impl &, const llvm::Target &T) {
  auto &Target = const_cast<llvm::Target &>(T);
  std::lock_guard<std::mutex> L(savedLock());
  for (const Saved &S : saved())
    if (S.T == &T)
      return;
  saved().push_back({&T, Target.*memberOf(ELFCtorMember{})});
  llvm::TargetRegistry::RegisterELFStreamer(Target, &makeStreamer);
}

} // namespace neverc::mc
