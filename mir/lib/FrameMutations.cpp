//===- FrameMutations.cpp - Staged edits of frame, memory, properties -----===//
//
// The stack frame (objects, callee-saved registers), memory operands and
// machine properties, each edit with its undo (Mutations.cpp has the
// transaction itself), and the six edits LLVM 22 cannot undo exactly,
// refused with CAPABILITY_UNAVAILABLE and the reason.
//
//===----------------------------------------------------------------------===//
#include "MutationSupport.h"

#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"

namespace neverc::mir {
namespace {

using Property = llvm::MachineFunctionProperties::Property;

//===--- frame and properties ---------------------------------------------===//

NevercStatus NEVERC_CALL createStackObject(void *Ctx, NevercTaskHandle T,
                                           NevercMIRMutationHandle Mu,
                                           uint64_t Size, uint64_t Alignment,
                                           NevercBool IsSpillSlot,
                                           uint32_t StackID, int32_t *Out) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &, Compile &,
                                      Mutation &M, llvm::MachineFunction &MF) {
    if (!Out || !Size || !Alignment || (Alignment & (Alignment - 1)) ||
        StackID > 255)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    const int FI = MFI.CreateStackObject(Size, llvm::Align(Alignment),
                                         IsSpillSlot, nullptr, uint8_t(StackID));
    M.Log.Steps.push_back([&MFI, FI] { MFI.RemoveStackObject(FI); });
    *Out = FI;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setPropertyWithProof(void *Ctx, NevercTaskHandle T,
                                              NevercMIRMutationHandle Mu,
                                              const NevercMIRPropertyProof *P) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &, Compile &,
                                      Mutation &M, llvm::MachineFunction &MF) {
    TRY(checkHeader(P, sizeof *P, NEVERC_MIR_API_MAJOR));
    Property Prop;
    TRY(propertyOf(P->Property, Prop));
    llvm::MachineFunctionProperties &Props = MF.getProperties();
    const bool Had = Props.hasProperty(Prop);
    switch (P->Kind) {
    case NEVERC_MIR_PROPERTY_PROOF_INVALIDATION:
      // Rule 8: an invalidation only clears.
      if (P->Value)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      Props.reset(Prop);
      break;
    case NEVERC_MIR_PROPERTY_PROOF_STRUCTURAL_CHECK:
      if (P->Value) {
        Props.set(Prop);
        M.Log.Claims.push_back(unsigned(Prop));
      } else {
        Props.reset(Prop);
      }
      break;
    default:
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    M.Log.Steps.push_back([&Props, Prop, Had] {
      if (Had)
        Props.set(Prop);
      else
        Props.reset(Prop);
    });
    return okStatus();
  });
}

//===--- what LLVM 22 cannot undo -----------------------------------------===//

/// A staged edit a transaction cannot offer on LLVM 22: it could be made,
/// but not rolled back exactly (rules 5 and 6), so it is refused with
/// CAPABILITY_UNAVAILABLE and one warning per kind and compile saying why.
} // namespace

NevercStatus cannotUndo(void *Ctx, NevercTaskHandle T, NevercHandle Mu,
                        const char *Slot, const char *Why) {
  // The rules of every staged edit come first: an observer, a mutation
  // that is not open.
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &, llvm::MachineFunction &) {
    if (C.Warned.insert(Slot).second)
      D.diag(NEVERC_DIAGNOSTIC_WARNING,
             std::string("NevercMIRAPI.") + Slot +
                 " is not available on LLVM 22: " + Why +
                 ", so a mutation could not roll it back (CAPABILITY_UNAVAILABLE)");
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  });
}

namespace {

NevercStatus NEVERC_CALL createFixedStackObject(
    void *Ctx, NevercTaskHandle T, NevercMIRMutationHandle Mu, uint64_t Size,
    int64_t Offset, NevercBool IsImmutable, NevercBool IsAliased,
    int32_t *Out) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &, Compile &,
                                      Mutation &M, llvm::MachineFunction &MF) {
    if (!Out || !Size)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    const int FI = MFI.CreateFixedObject(Size, Offset, IsImmutable, IsAliased);
    // LLVM cannot delete a frame object: the undo marks it dead.
    M.Log.Steps.push_back([&MFI, FI] { MFI.RemoveStackObject(FI); });
    *Out = FI;
    return okStatus();
  });
}

/// The frame index of \p FI if it names an object of \p MF.
NevercStatus frameIndex(const llvm::MachineFunction &MF, int32_t FI) {
  const llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
  if (FI < MFI.getObjectIndexBegin() || FI >= MFI.getObjectIndexEnd())
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return okStatus();
}

NevercStatus NEVERC_CALL setFrameObjectSize(void *Ctx, NevercTaskHandle T,
                                            NevercMIRMutationHandle Mu,
                                            int32_t FI, uint64_t Size) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &, Compile &,
                                      Mutation &M, llvm::MachineFunction &MF) {
    TRY(frameIndex(MF, FI));
    llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    if (!Size || MFI.isVariableSizedObjectIndex(FI) || MFI.isDeadObjectIndex(FI))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const int64_t Old = MFI.getObjectSize(FI);
    MFI.setObjectSize(FI, int64_t(Size));
    M.Log.Steps.push_back([&MFI, FI, Old] { MFI.setObjectSize(FI, Old); });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setFrameObjectAlignment(void *Ctx, NevercTaskHandle T,
                                                 NevercMIRMutationHandle Mu,
                                                 int32_t FI,
                                                 uint64_t Alignment) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &, Compile &,
                                      Mutation &M, llvm::MachineFunction &MF) {
    TRY(frameIndex(MF, FI));
    if (!Alignment || (Alignment & (Alignment - 1)))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    // setObjectAlignment raises the frame's maximum alignment, which LLVM
    // 22 can never lower again: above it, a rollback would not be exact.
    if (Alignment > MFI.getMaxAlign().value())
      return cannotUndo(Ctx, T, Mu, "SetFrameObjectAlignment above the frame's "
                                "maximum alignment",
                        "MachineFrameInfo can raise its maximum alignment "
                        "but never lower it");
    const llvm::Align Old = MFI.getObjectAlign(FI);
    MFI.setObjectAlignment(FI, llvm::Align(Alignment));
    M.Log.Steps.push_back([&MFI, FI, Old] { MFI.setObjectAlignment(FI, Old); });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setFrameObjectOffset(void *Ctx, NevercTaskHandle T,
                                              NevercMIRMutationHandle Mu,
                                              int32_t FI, int64_t Offset) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &, Compile &,
                                      Mutation &M, llvm::MachineFunction &MF) {
    TRY(frameIndex(MF, FI));
    llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    if (MFI.isDeadObjectIndex(FI))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const int64_t Old = MFI.getObjectOffset(FI);
    MFI.setObjectOffset(FI, Offset);
    M.Log.Steps.push_back([&MFI, FI, Old] { MFI.setObjectOffset(FI, Old); });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setCalleeSaved(void *Ctx, NevercTaskHandle T,
                                        NevercMIRMutationHandle Mu,
                                        const NevercMIRCalleeSavedInfo *E,
                                        uint64_t Count) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &, Compile &,
                                      Mutation &M, llvm::MachineFunction &MF) {
    if (Count && !E)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::vector<llvm::CalleeSavedInfo> New;
    for (uint64_t K = 0; K < Count; ++K) {
      llvm::Register R, Dst;
      TRY(registerOf(MF, E[K].Register, R));
      if (!R.isPhysical() || E[K].Reserved[0] || E[K].Reserved[1])
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      llvm::CalleeSavedInfo I(R.asMCReg());
      if (E[K].IsSpilledToRegister) {
        TRY(registerOf(MF, E[K].DestinationRegister, Dst));
        if (!Dst.isPhysical())
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        I.setDstReg(Dst.asMCReg());
      } else {
        TRY(frameIndex(MF, E[K].FrameIndex));
        I.setFrameIdx(E[K].FrameIndex);
      }
      I.setRestored(E[K].IsRestored);
      New.push_back(I);
    }
    llvm::MachineFrameInfo &MFI = MF.getFrameInfo();
    std::vector<llvm::CalleeSavedInfo> Old = MFI.getCalleeSavedInfo();
    const bool WasValid = MFI.isCalleeSavedInfoValid();
    MFI.setCalleeSavedInfo(std::move(New));
    MFI.setCalleeSavedInfoValid(true);
    M.Log.Steps.push_back([&MFI, Old, WasValid] {
      MFI.setCalleeSavedInfo(Old);
      MFI.setCalleeSavedInfoValid(WasValid);
    });
    return okStatus();
  });
}

//===--- memory operands ---------------------------------------------------===//

NevercStatus pointerInfoFrom(MIRDomain::Impl &D, Compile &C,
                             llvm::MachineFunction &MF,
                             const NevercMIRMemoryPointerInfo &P,
                             llvm::MachinePointerInfo &Out) {
  switch (P.Kind) {
  case NEVERC_MIR_MEMORY_POINTER_UNKNOWN:
    Out = llvm::MachinePointerInfo(P.AddressSpace);
    return okStatus();
  case NEVERC_MIR_MEMORY_POINTER_FIXED_STACK:
    TRY(frameIndex(MF, P.FrameIndex));
    Out = llvm::MachinePointerInfo::getFixedStack(MF, P.FrameIndex, P.Offset);
    return okStatus();
  case NEVERC_MIR_MEMORY_POINTER_STACK:
    Out = llvm::MachinePointerInfo::getStack(MF, P.Offset);
    return okStatus();
  case NEVERC_MIR_MEMORY_POINTER_CONSTANT_POOL:
    Out = llvm::MachinePointerInfo::getConstantPool(MF);
    return okStatus();
  case NEVERC_MIR_MEMORY_POINTER_JUMP_TABLE:
    Out = llvm::MachinePointerInfo::getJumpTable(MF);
    return okStatus();
  case NEVERC_MIR_MEMORY_POINTER_GOT:
    Out = llvm::MachinePointerInfo::getGOT(MF);
    return okStatus();
  case NEVERC_MIR_MEMORY_POINTER_UNKNOWN_STACK:
    Out = llvm::MachinePointerInfo::getUnknownStack(MF);
    return okStatus();
  case NEVERC_MIR_MEMORY_POINTER_IR_VALUE: {
    Reference *R = nullptr;
    TRY(referenceOf(D, C, P.Reference, &R));
    if (R->K != RefKind::Value)
      return st(NEVERC_STATUS_WRONG_TYPE);
    Out = llvm::MachinePointerInfo(static_cast<const llvm::Value *>(R->P),
                                   P.Offset);
    return okStatus();
  }
  default:
    // Target pseudo source values are the target's own objects.
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  }
}

/// A metadata reference, or null for a null handle.
NevercStatus metadataFrom(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                          const llvm::MDNode **Out) {
  *Out = nullptr;
  if (neverc_handle_is_null(H))
    return okStatus();
  Reference *R = nullptr;
  TRY(referenceOf(D, C, H, &R));
  if (R->K != RefKind::Metadata)
    return st(NEVERC_STATUS_WRONG_TYPE);
  *Out = static_cast<const llvm::MDNode *>(R->P);
  return okStatus();
}

llvm::AtomicOrdering orderingFrom(uint32_t O, bool &Ok) {
  static const llvm::AtomicOrdering Map[] = {
      llvm::AtomicOrdering::NotAtomic, llvm::AtomicOrdering::Unordered,
      llvm::AtomicOrdering::Monotonic, llvm::AtomicOrdering::Acquire,
      llvm::AtomicOrdering::Release,   llvm::AtomicOrdering::AcquireRelease,
      llvm::AtomicOrdering::SequentiallyConsistent};
  Ok = O < 7;
  return Ok ? Map[O] : llvm::AtomicOrdering::NotAtomic;
}

NevercStatus NEVERC_CALL createMemOperand(void *Ctx, NevercTaskHandle T,
                                          NevercMIRMutationHandle Mu,
                                          const NevercMIRMemoryOperandDesc *Dsc,
                                          NevercMachineMemOperandHandle *Out) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &, llvm::MachineFunction &MF) {
    TRY(checkHeader(Dsc, sizeof *Dsc, NEVERC_MIR_API_MAJOR));
    if (!Out || !Dsc->BaseAlignment ||
        (Dsc->BaseAlignment & (Dsc->BaseAlignment - 1)))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    using MMO = llvm::MachineMemOperand;
    const uint64_t Known = NEVERC_MIR_MEMORY_LOAD | NEVERC_MIR_MEMORY_STORE |
                           NEVERC_MIR_MEMORY_VOLATILE |
                           NEVERC_MIR_MEMORY_NON_TEMPORAL |
                           NEVERC_MIR_MEMORY_DEREFERENCEABLE |
                           NEVERC_MIR_MEMORY_INVARIANT |
                           NEVERC_MIR_MEMORY_TARGET_FLAG1 |
                           NEVERC_MIR_MEMORY_TARGET_FLAG2 |
                           NEVERC_MIR_MEMORY_TARGET_FLAG3;
    const uint64_t F = Dsc->Flags;
    if ((F & ~Known) || !(F & (NEVERC_MIR_MEMORY_LOAD | NEVERC_MIR_MEMORY_STORE)))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    MMO::Flags Fl = MMO::MONone;
    if (F & NEVERC_MIR_MEMORY_LOAD) Fl |= MMO::MOLoad;
    if (F & NEVERC_MIR_MEMORY_STORE) Fl |= MMO::MOStore;
    if (F & NEVERC_MIR_MEMORY_VOLATILE) Fl |= MMO::MOVolatile;
    if (F & NEVERC_MIR_MEMORY_NON_TEMPORAL) Fl |= MMO::MONonTemporal;
    if (F & NEVERC_MIR_MEMORY_DEREFERENCEABLE) Fl |= MMO::MODereferenceable;
    if (F & NEVERC_MIR_MEMORY_INVARIANT) Fl |= MMO::MOInvariant;
    if (F & NEVERC_MIR_MEMORY_TARGET_FLAG1) Fl |= MMO::MOTargetFlag1;
    if (F & NEVERC_MIR_MEMORY_TARGET_FLAG2) Fl |= MMO::MOTargetFlag2;
    if (F & NEVERC_MIR_MEMORY_TARGET_FLAG3) Fl |= MMO::MOTargetFlag3;
    llvm::MachinePointerInfo PI;
    TRY(pointerInfoFrom(D, C, MF, Dsc->Pointer, PI));
    llvm::AAMDNodes AA;
    const llvm::MDNode *Ranges = nullptr, *N = nullptr;
    TRY(metadataFrom(D, C, Dsc->TBAA, &N));
    AA.TBAA = const_cast<llvm::MDNode *>(N);
    TRY(metadataFrom(D, C, Dsc->TBAAStruct, &N));
    AA.TBAAStruct = const_cast<llvm::MDNode *>(N);
    TRY(metadataFrom(D, C, Dsc->AliasScope, &N));
    AA.Scope = const_cast<llvm::MDNode *>(N);
    TRY(metadataFrom(D, C, Dsc->NoAlias, &N));
    AA.NoAlias = const_cast<llvm::MDNode *>(N);
    TRY(metadataFrom(D, C, Dsc->Ranges, &Ranges));
    bool OkS = true, OkF = true;
    const llvm::AtomicOrdering S = orderingFrom(Dsc->SuccessOrdering, OkS);
    const llvm::AtomicOrdering Fail = orderingFrom(Dsc->FailureOrdering, OkF);
    if (!OkS || !OkF)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::SyncScope::ID SSID = llvm::SyncScope::System;
    if (Dsc->SynchronizationScope.Length) {
      if (!Dsc->SynchronizationScope.Data)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      SSID = MF.getFunction().getContext().getOrInsertSyncScopeID(
          llvm::StringRef(Dsc->SynchronizationScope.Data,
                          Dsc->SynchronizationScope.Length));
    }
    const llvm::LocationSize Size =
        Dsc->Size == UINT64_MAX ? llvm::LocationSize::beforeOrAfterPointer()
                                : llvm::LocationSize::precise(Dsc->Size);
    // Owned by the function; one nobody attaches costs nothing.
    llvm::MachineMemOperand *M = MF.getMachineMemOperand(
        PI, Fl, Size, llvm::Align(Dsc->BaseAlignment), AA, Ranges, SSID, S,
        Fail);
    *Out = C.memOperand(M);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL addInstrMemOperand(void *Ctx, NevercTaskHandle T,
                                            NevercMIRMutationHandle Mu,
                                            NevercMachineInstrHandle I,
                                            NevercMachineMemOperandHandle H) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &MF) {
    llvm::MachineInstr *MI = nullptr;
    llvm::MachineMemOperand *MMO = nullptr;
    TRY(instrOf(D, C, I, &MI));
    TRY(sameFunction(M, MI->getMF()));
    TRY(memOperandOf(D, C, H, &MMO));
    llvm::SmallVector<llvm::MachineMemOperand *, 4> Old(MI->memoperands());
    MI->addMemOperand(MF, MMO);
    M.Log.Steps.push_back([MI, &MF, Old] { MI->setMemRefs(MF, Old); });
    return okStatus();
  });
}

NevercStatus NEVERC_CALL removeInstrMemOperand(void *Ctx, NevercTaskHandle T,
                                               NevercMIRMutationHandle Mu,
                                               NevercMachineInstrHandle I,
                                               uint64_t Index) {
  return withMutation(Ctx, T, Mu, [&](MIRDomain::Impl &D, Compile &C,
                                      Mutation &M, llvm::MachineFunction &MF) {
    llvm::MachineInstr *MI = nullptr;
    TRY(instrOf(D, C, I, &MI));
    TRY(sameFunction(M, MI->getMF()));
    if (Index >= MI->getNumMemOperands())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::SmallVector<llvm::MachineMemOperand *, 4> Old(MI->memoperands());
    llvm::SmallVector<llvm::MachineMemOperand *, 4> New(Old);
    New.erase(New.begin() + Index);
    MI->setMemRefs(MF, New);
    M.Log.Steps.push_back([MI, &MF, Old] { MI->setMemRefs(MF, Old); });
    return okStatus();
  });
}

constexpr const char *NoLiveInRemoval =
    "MachineRegisterInfo can add a function live-in but never remove one";
constexpr const char *NoPoolRemoval =
    "MachineConstantPool cannot remove an entry, and the AsmPrinter emits "
    "every entry";
constexpr const char *NoVarSizedReset =
    "MachineFrameInfo cannot forget that the frame has variable-sized "
    "objects once told";
constexpr const char *NoJumpTableRemoval =
    "a removed jump table cannot be refilled, and an emptied one still "
    "makes the AsmPrinter open its section";

NevercStatus NEVERC_CALL addFunctionLiveIn(void *Ctx, NevercTaskHandle T,
                                           NevercMIRMutationHandle Mu, uint32_t,
                                           uint32_t) {
  return cannotUndo(Ctx, T, Mu, "AddFunctionLiveIn", NoLiveInRemoval);
}
NevercStatus NEVERC_CALL removeFunctionLiveIn(void *Ctx, NevercTaskHandle T,
                                              NevercMIRMutationHandle Mu,
                                              uint32_t) {
  return cannotUndo(Ctx, T, Mu, "RemoveFunctionLiveIn", NoLiveInRemoval);
}
NevercStatus NEVERC_CALL createVariableSizedStackObject(void *Ctx,
                                                        NevercTaskHandle T,
                                                        NevercMIRMutationHandle Mu,
                                                        uint64_t, int32_t *) {
  return cannotUndo(Ctx, T, Mu, "CreateVariableSizedStackObject", NoVarSizedReset);
}
NevercStatus NEVERC_CALL createPoolEntry(void *Ctx, NevercTaskHandle T,
                                         NevercMIRMutationHandle Mu,
                                         const NevercMIRConstantPoolEntryDesc *,
                                         uint32_t *) {
  return cannotUndo(Ctx, T, Mu, "CreateConstantPoolEntry", NoPoolRemoval);
}
NevercStatus NEVERC_CALL removePoolEntry(void *Ctx, NevercTaskHandle T,
                                         NevercMIRMutationHandle Mu, uint32_t) {
  return cannotUndo(Ctx, T, Mu, "RemoveConstantPoolEntry", NoPoolRemoval);
}
NevercStatus NEVERC_CALL createJumpTable(void *Ctx, NevercTaskHandle T,
                                         NevercMIRMutationHandle Mu,
                                         NevercMIRJumpTableEntryKind,
                                         const NevercMachineBasicBlockHandle *,
                                         uint64_t, uint32_t *) {
  return cannotUndo(Ctx, T, Mu, "CreateJumpTable", NoJumpTableRemoval);
}
NevercStatus NEVERC_CALL removeJumpTable(void *Ctx, NevercTaskHandle T,
                                         NevercMIRMutationHandle Mu, uint32_t) {
  return cannotUndo(Ctx, T, Mu, "RemoveJumpTable", NoJumpTableRemoval);
}

} // namespace

void fillFrameMutationSlots(NevercMIRAPI &T) {
  T.AddFunctionLiveIn = &addFunctionLiveIn;
  T.RemoveFunctionLiveIn = &removeFunctionLiveIn;
  T.CreateStackObject = &createStackObject;
  T.CreateFixedStackObject = &createFixedStackObject;
  T.CreateVariableSizedStackObject = &createVariableSizedStackObject;
  T.SetFrameObjectSize = &setFrameObjectSize;
  T.SetFrameObjectAlignment = &setFrameObjectAlignment;
  T.SetFrameObjectOffset = &setFrameObjectOffset;
  T.SetCalleeSaved = &setCalleeSaved;
  T.CreateConstantPoolEntry = &createPoolEntry;
  T.RemoveConstantPoolEntry = &removePoolEntry;
  T.CreateJumpTable = &createJumpTable;
  T.RemoveJumpTable = &removeJumpTable;
  T.CreateMemoryOperand = &createMemOperand;
  T.AddInstructionMemoryOperand = &addInstrMemOperand;
  T.RemoveInstructionMemoryOperand = &removeInstrMemOperand;
  T.SetMachinePropertyWithProof = &setPropertyWithProof;
}

} // namespace neverc::mir
