//===- Emission.cpp - NevercMCEmissionAPI ---------------------------------===//
//
// The event a phase is about (GetEvent), the layout post_layout carries
// (GetLayout*), and the replacement protocol of pre_instruction: a mutable
// copy of the instruction, edited through NevercMCAPI, published as the
// phase's output.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCObjectStreamer.h"
#include "llvm/MC/MCSection.h"
#include "llvm/MC/MCSymbol.h"

namespace neverc::mc {
namespace {

constexpr uint16_t Major = NEVERC_MC_EMISSION_API_MAJOR;

/// The compile and event of a frame: INVALID_ARGUMENT without one, the
/// task rules of compileOf, INVALID_STATE outside an emission callback.
NevercStatus frameOf(MCDomain::Impl &D, const NevercPhaseFrame *Frame,
                     Compile **C) {
  if (!Frame || Frame->Header.StructSize < sizeof *Frame)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return compileOf(D, Frame->Task, C);
}

/// The event an artifact handle names (the frame's input, or the output
/// of a phase that makes another unit: mc.decode).
NevercStatus eventOf(Compile &C, NevercArtifactHandle A, EventBox **Out) {
  NevercInterfaceID Type{};
  void *Payload = nullptr;
  if (NevercStatus S = C.T->lookupArtifact(A, &Type, &Payload); !isOk(S))
    return S;
  if (!Payload || (Payload != C.Event && Payload != C.Result))
    return st(NEVERC_STATUS_WRONG_TYPE); // not this event (a replacement)
  *Out = static_cast<EventBox *>(Payload);
  return okStatus();
}

NevercStatus layoutEvent(MCDomain::Impl &D, const NevercPhaseFrame *Frame,
                         NevercArtifactHandle A, Compile **C) {
  if (NevercStatus S = frameOf(D, Frame, C); !isOk(S))
    return S;
  EventBox *B;
  if (NevercStatus S = eventOf(**C, A, &B); !isOk(S))
    return S;
  if (!(B->Flags & NEVERC_MC_EMISSION_HAS_LAYOUT))
    return st(NEVERC_STATUS_INVALID_STATE); // rule 9
  return okStatus();
}

NevercStatus NEVERC_CALL getEvent(void *Ctx, const NevercPhaseFrame *Frame,
                                  NevercArtifactHandle Artifact,
                                  NevercMCEmissionEventInfo *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    MCDomain::Impl &D = impl(Ctx);
    Compile *C;
    if (NevercStatus S = frameOf(D, Frame, &C); !isOk(S))
      return S;
    EventBox *B;
    if (NevercStatus S = eventOf(*C, Artifact, &B); !isOk(S))
      return S;
    NevercMCEmissionEventInfo I{};
    I.Kind = B->Kind;
    I.RelaxationRound = B->Round;
    I.Flags = B->Flags;
    I.MC = &D.MC;
    I.Unit = C->unit();
    if (B->Flags & NEVERC_MC_EMISSION_HAS_INSTRUCTION)
      I.Instruction = C->inst(const_cast<llvm::MCInst *>(B->Inst));
    if ((B->Flags & NEVERC_MC_EMISSION_HAS_SECTION) && B->Section) {
      llvm::StringRef N = B->Section->getName();
      I.SectionName = {N.data(), N.size()};
    }
    if (B->Flags & NEVERC_MC_EMISSION_HAS_ENCODING)
      I.EncodedBytes = {reinterpret_cast<const uint8_t *>(B->Encoded.data()),
                        B->Encoded.size()};
    I.LayoutChanged = B->LayoutChanged ? NEVERC_TRUE : NEVERC_FALSE;
    if (B->Flags & NEVERC_MC_EMISSION_HAS_FIXUP)
      I.Fixup = B->Fixup;
    else
      I.Fixup.Header = B->Fixup.Header;
    if (B->Flags & NEVERC_MC_EMISSION_HAS_LAYOUT) {
      UnitCounts N = countUnit(assemblerOf(*C));
      I.LayoutSectionCount = N.Sections;
      I.LayoutFragmentCount = N.Fragments;
      I.LayoutSymbolCount = N.Symbols;
      I.LayoutFixupCount = N.Fixups;
    }
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL beginInstructionReplacement(
    void *Ctx, const NevercPhaseFrame *Frame,
    NevercPhaseContinuation *Continuation, const NevercMCAPI **OutMC,
    NevercMCUnitHandle *OutUnit, NevercMCInstHandle *OutInstruction) {
  return guard([&]() -> NevercStatus {
    if (!OutMC || !OutUnit || !OutInstruction)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    MCDomain::Impl &D = impl(Ctx);
    Compile *C;
    if (NevercStatus S = frameOf(D, Frame, &C); !isOk(S))
      return S;
    if (Continuation && !C->T->continuationLive(Continuation))
      return st(NEVERC_STATUS_WRONG_SCOPE);
    // Rule 8: pre_instruction only, and only an instruction LLVM will not
    // relax (it would encode its own copy again during layout).
    if (C->Event->Kind != NEVERC_MC_EMISSION_PRE_INSTRUCTION)
      return st(NEVERC_STATUS_INVALID_STATE);
    if (C->T->role() == core::CallbackRole::Observer)
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    if (!(C->Event->Flags & NEVERC_MC_EMISSION_CAN_REPLACE_INSTRUCTION))
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    if (!C->Building) {
      C->Building = std::make_unique<Replacement>();
      C->Building->Store.push_back(*C->Event->Inst);
      C->Building->List.push_back(&C->Building->Store.back());
    }
    *OutMC = &D.MC;
    *OutUnit = C->unit();
    *OutInstruction =
        C->Building->List.empty() ? NevercHandle{}
                                  : C->inst(C->Building->List.front());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL publishInstructionReplacement(
    void *Ctx, const NevercPhaseFrame *Frame,
    NevercPhaseContinuation *Continuation, NevercArtifactHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    MCDomain::Impl &D = impl(Ctx);
    Compile *C;
    if (NevercStatus S = frameOf(D, Frame, &C); !isOk(S))
      return S;
    if (Continuation && !C->T->continuationLive(Continuation))
      return st(NEVERC_STATUS_WRONG_SCOPE);
    if (C->T->role() == core::CallbackRole::Observer)
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    if (!C->Building || C->Open)
      return st(NEVERC_STATUS_INVALID_STATE); // nothing begun, or still open
    *Out = C->T->createArtifact(
        D.H.phases().at(core::Phase_MC_EMISSION_PRE_INSTRUCTION).Output,
        C->Building.get());
    return okStatus();
  });
}

/// The fragment numbered \p Index across the sections (and its section's
/// and its own index there), or null.
const llvm::MCFragment *nthFragment(llvm::MCAssembler &A, uint64_t Index,
                                    uint64_t &SecIndex, uint64_t &FragIndex) {
  SecIndex = 0;
  for (const llvm::MCSection &S : A) {
    FragIndex = 0;
    for (const llvm::MCFragment &F : S) {
      if (Index-- == 0)
        return &F;
      ++FragIndex;
    }
    ++SecIndex;
  }
  return nullptr;
}

/// A GetLayout* slot: the out struct's header, a post_layout event (rule
/// 9: HAS_LAYOUT), then \p Fill on LLVM's assembler; NOT_FOUND past the end.
template <class Info, class FillFn>
NevercStatus layoutSlot(void *Ctx, const NevercPhaseFrame *Frame,
                        NevercArtifactHandle Artifact, Info *Out,
                        FillFn &&Fill) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    MCDomain::Impl &D = impl(Ctx);
    Compile *C;
    if (NevercStatus S = layoutEvent(D, Frame, Artifact, &C); !isOk(S))
      return S;
    Info I{};
    if (!Fill(assemblerOf(*C), I))
      return st(NEVERC_STATUS_NOT_FOUND);
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getLayoutSection(void *Ctx,
                                          const NevercPhaseFrame *Frame,
                                          NevercArtifactHandle Artifact,
                                          uint64_t Index,
                                          NevercMCEmissionSectionLayoutInfo *Out) {
  return layoutSlot(Ctx, Frame, Artifact, Out, [&](llvm::MCAssembler &A,
                                                   auto &I) {
    if (Index >= uint64_t(A.end() - A.begin()))
      return false;
    const llvm::MCSection &Sec = *(A.begin() + Index);
    llvm::StringRef N = Sec.getName();
    I.Name = {N.data(), N.size()};
    I.AddressSize = A.getSectionAddressSize(Sec);
    I.FileSize = A.getSectionFileSize(Sec);
    for (const llvm::MCFragment &F : Sec)
      (void)F, ++I.FragmentCount;
    return true;
  });
}

NevercStatus NEVERC_CALL getLayoutFragment(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Artifact,
    uint64_t Index, NevercMCEmissionFragmentLayoutInfo *Out) {
  return layoutSlot(Ctx, Frame, Artifact, Out, [&](llvm::MCAssembler &A,
                                                   auto &I) {
    const llvm::MCFragment *F =
        nthFragment(A, Index, I.SectionIndex, I.FragmentIndex);
    if (!F)
      return false;
    I.Offset = A.getFragmentOffset(*F);
    I.Size = A.computeFragmentSize(*F);
    I.Kind = fragmentKind(*F);
    return true;
  });
}

NevercStatus NEVERC_CALL getLayoutSymbol(void *Ctx,
                                         const NevercPhaseFrame *Frame,
                                         NevercArtifactHandle Artifact,
                                         uint64_t Index,
                                         NevercMCEmissionSymbolLayoutInfo *Out) {
  return layoutSlot(Ctx, Frame, Artifact, Out, [&](llvm::MCAssembler &A,
                                                   auto &I) {
    for (const llvm::MCSymbol &Sym : A.symbols()) {
      if (Index-- != 0)
        continue;
      llvm::StringRef N = Sym.getName();
      I.Name = {N.data(), N.size()};
      I.IsDefined = Sym.isDefined() ? NEVERC_TRUE : NEVERC_FALSE;
      uint64_t V = 0;
      if (Sym.isDefined() && A.getSymbolOffset(Sym, V)) {
        I.Value = V;
        I.IsResolved = NEVERC_TRUE;
      }
      return true;
    }
    return false;
  });
}

NevercStatus NEVERC_CALL getLayoutFixup(void *Ctx,
                                        const NevercPhaseFrame *Frame,
                                        NevercArtifactHandle Artifact,
                                        uint64_t Index,
                                        NevercMCEmissionFixupLayoutInfo *Out) {
  return layoutSlot(Ctx, Frame, Artifact, Out, [&](llvm::MCAssembler &A,
                                                   auto &I) {
    uint64_t SecIndex = 0;
    for (const llvm::MCSection &S : A) {
      uint64_t FragIndex = 0;
      for (const llvm::MCFragment &F : S) {
        bool Found = forEachFixup(F, [&](const llvm::MCFixup &X, bool) {
          if (Index-- != 0)
            return false;
          I.SectionIndex = SecIndex;
          I.FragmentIndex = FragIndex;
          I.Offset = A.getFragmentOffset(F) + X.getOffset();
          I.Kind = fixupKind(X, nullptr);
          int64_t V = 0;
          if (X.getValue()->evaluateAsAbsolute(V, A)) {
            I.Value = uint64_t(V);
            I.IsResolved = NEVERC_TRUE;
          }
          return true;
        });
        if (Found)
          return true;
        ++FragIndex;
      }
      ++SecIndex;
    }
    return false;
  });
}

} // namespace

void fillEmissionTable(NevercMCEmissionAPI &T) {
  T.GetEvent = &getEvent;
  T.BeginInstructionReplacement = &beginInstructionReplacement;
  T.PublishInstructionReplacement = &publishInstructionReplacement;
  T.GetLayoutSection = &getLayoutSection;
  T.GetLayoutFragment = &getLayoutFragment;
  T.GetLayoutSymbol = &getLayoutSymbol;
  T.GetLayoutFixup = &getLayoutFixup;
}

} // namespace neverc::mc
