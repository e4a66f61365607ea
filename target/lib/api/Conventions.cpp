//===- Conventions.cpp - NevercCallingConventionAPI -----------------------===//
//
// RegisterCallingConvention, registration time only. The descriptor is
// checked here, completely, so a plugin learns of a bad one from the
// status: its header (major 1; a 1.0 descriptor ends before
// PlanCallingConvention), a non-zero convention ID no other plugin took
// (DUPLICATE_ID), a built-in target (x86-64 or AArch64; NOT_FOUND
// otherwise: no plugin target exists to name), a name, zero Flags and
// Reserved, an LLVM convention number LLVM allows (at most 1023, and not
// 1000, the custom convention itself), and something to lower with: a
// native convention or a PlanCallingConvention. A native convention must be
// one the target's LLVM 22 backend lowers: x86-64 lowers a number it does
// not know as the C convention without a word, AArch64 aborts.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include "llvm/IR/CallingConv.h"

#include <cstring>

namespace neverc::target {
namespace {

constexpr size_t V10Size =
    offsetof(NevercCallingConventionDescriptor, PlanCallingConvention);

NevercStatus st(int32_t Code) { return core::makeStatus(Code); }

bool validView(NevercStringView V) { return V.Data || !V.Length; }

/// The LLVM conventions each built-in target's backend lowers.
bool nativeOn(NevercInterfaceID Target, uint32_t CC) {
  using namespace llvm::CallingConv;
  switch (CC) {
  case C: case Fast: case Cold: case GHC: case AnyReg: case PreserveMost:
  case PreserveAll: case Swift: case SwiftTail: case PreserveNone:
    return true;
  case X86_64_SysV: case Win64:
    return sameID(Target, X86_64TargetID);
  case AArch64_VectorCall: case AArch64_SVE_VectorCall:
    return sameID(Target, AArch64TargetID);
  default:
    return false;
  }
}

NevercStatus NEVERC_CALL registerConvention(
    void *Context, void *Registrar,
    const NevercCallingConventionDescriptor *Desc) {
  return core::guardSlot([&]() -> NevercStatus {
    auto &D = *static_cast<TargetDomain::Impl *>(Context);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = D.H.registrarOwner(Registrar, &Owner); !core::isOk(S))
      return S;
    if (NevercStatus S = core::checkDescriptorHeader(
            Desc, V10Size, NEVERC_CALLING_CONVENTION_API_MAJOR);
        !core::isOk(S))
      return S;
    NevercABITableHeader Hd;
    std::memcpy(&Hd, Desc, sizeof Hd);
    NevercCallingConventionDescriptor C;
    std::memset(&C, 0, sizeof C);
    std::memcpy(&C, Desc, Hd.StructSize < sizeof C ? Hd.StructSize : sizeof C);
    if ((!C.CallingConventionID.High && !C.CallingConventionID.Low) ||
        !C.CanonicalName.Length || !validView(C.CanonicalName) || C.Flags ||
        C.Reserved || C.LLVMCallingConvention > 1023 ||
        C.LLVMCallingConvention == CustomCC ||
        (!C.LLVMCallingConvention && !C.PlanCallingConvention) ||
        (C.CalleeSavedRegisters.Count && !C.CalleeSavedRegisters.Data) ||
        (C.CalleeSavedRegisters.Count &&
         C.CalleeSavedRegisters.ElementStride < sizeof(NevercStringView)))
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    if (!sameID(C.TargetID, X86_64TargetID) &&
        !sameID(C.TargetID, AArch64TargetID))
      return st(NEVERC_STATUS_NOT_FOUND);
    if (C.LLVMCallingConvention &&
        !nativeOn(C.TargetID, C.LLVMCallingConvention))
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    if (sameID(C.CallingConventionID, SpecConventionID) ||
        D.convention(C.CallingConventionID))
      return st(NEVERC_STATUS_DUPLICATE_ID);
    ConventionRecord R;
    R.Owner = Owner;
    R.ID = C.CallingConventionID;
    R.Target = C.TargetID;
    R.Name.assign(C.CanonicalName.Data, C.CanonicalName.Length);
    for (uint64_t I = 0; I < C.CalleeSavedRegisters.Count; ++I) {
      auto V = elementAt<NevercStringView>(C.CalleeSavedRegisters.Data,
                                           C.CalleeSavedRegisters.ElementStride,
                                           I);
      if (!validView(V) || !V.Length)
        return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
      R.CalleeSaved.emplace_back(V.Data, V.Length);
    }
    R.LLVMCC = C.LLVMCallingConvention;
    R.UserData = C.UserData;
    R.DestroyUserData = C.DestroyUserData;
    R.Plan = C.PlanCallingConvention;
    D.Registered.push_back(std::move(R));
    return core::okStatus();
  });
}

} // namespace

void fillConventionTable(NevercCallingConventionAPI &T) {
  T.RegisterCallingConvention = &registerConvention;
}

} // namespace neverc::target
