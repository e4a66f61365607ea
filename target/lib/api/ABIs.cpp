//===- ABIs.cpp - NevercTargetABIAPI --------------------------------------===//
//
// RegisterABI, registration time only. The descriptor is checked whole
// (header major 1 and size, a non-zero ABI ID, a name, a ClassifyFunction,
// zero Flags, a VAArg descriptor of a known kind, a dependency view that
// holds what it claims). Then its target decides:
//  * a built-in target (x86-64, AArch64): CAPABILITY_UNAVAILABLE, with a
//    warning naming the limitation. Clang 22 picks a target's argument
//    classifier (its per-target ABIInfo, clang/lib/CodeGen/Targets/) inside
//    CodeGen, privately; nothing outside Clang can put another one there,
//    and rewriting signatures after IR generation would lose what Clang
//    already lowered (aggregates, sret, byval);
//  * any other target: NOT_FOUND; there is no target to classify for
//    (plugin targets, NevercTargetAPI, are not published yet).
// The host keeps nothing of a refused descriptor: its DestroyUserData is
// not called, the UserData stays the plugin's.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

namespace neverc::target {
namespace {

NevercStatus st(int32_t Code) { return core::makeStatus(Code); }

NevercStatus NEVERC_CALL registerABI(void *Context, void *Registrar,
                                     const NevercTargetABIDescriptor *Desc) {
  return core::guardSlot([&]() -> NevercStatus {
    auto &D = *static_cast<TargetDomain::Impl *>(Context);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = D.H.registrarOwner(Registrar, &Owner); !core::isOk(S))
      return S;
    if (NevercStatus S = core::checkDescriptorHeader(
            Desc, sizeof(NevercTargetABIDescriptor),
            NEVERC_TARGET_ABI_API_MAJOR);
        !core::isOk(S))
      return S;
    const NevercTargetABIDescriptor &A = *Desc;
    const NevercTargetVAArgDescriptor &V = A.VAArg;
    if ((!A.ABIID.High && !A.ABIID.Low) || !A.CanonicalName.Length ||
        !A.CanonicalName.Data || !A.ClassifyFunction || A.Flags ||
        (A.Dependencies.Count && (!A.Dependencies.Data ||
                                  A.Dependencies.ElementStride <
                                      sizeof(NevercInterfaceID))) ||
        V.Header.Major != NEVERC_TARGET_ABI_API_MAJOR ||
        V.Header.StructSize < sizeof V || V.Reserved ||
        (V.Kind != NEVERC_ABI_VA_ARG_LLVM &&
         V.Kind != NEVERC_ABI_VA_ARG_VOID_POINTER))
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    const bool X86 = sameID(A.TargetID, X86_64TargetID);
    if (!X86 && !sameID(A.TargetID, AArch64TargetID))
      return st(NEVERC_STATUS_NOT_FOUND);
    D.H.report(NEVERC_DIAGNOSTIC_WARNING, "ABI '" + std::string(A.CanonicalName.Data,
                                    A.CanonicalName.Length) +
              "' of plugin '" + std::string(Owner->id()) + "' for " +
              (X86 ? "x86-64" : "AArch64") +
              " is not used: Clang 22 chooses a built-in target's argument "
              "classifier (its ABIInfo) privately inside CodeGen, and no "
              "plugin classifier can take its place "
              "(CAPABILITY_UNAVAILABLE)",
               nullptr, {});
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  });
}

} // namespace

void fillABITable(NevercTargetABIAPI &T) { T.RegisterABI = &registerABI; }

} // namespace neverc::target
