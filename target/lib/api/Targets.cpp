//===- Targets.cpp - NevercTargetAPI --------------------------------------===//
//
// Both slots are registration time only, and check the descriptor whole so
// a plugin learns of a bad one from the status.
//
// RegisterCodeGenEdge takes the edges this build routes: coarse edges
// (NEVERC_CODEGEN_EDGE_COARSE) from IR to an object image, for a built-in
// target (x86-64, AArch64; NOT_FOUND for another: no plugin target exists
// to name) or for any target (a null TargetID). Such an edge replaces the
// whole fine route of a compile that writes an object, inside
// neverc.codegen.coarse_lower (CodeGen.cpp). Refused:
//  - INVALID_DESCRIPTOR: header, a null EdgeID or ProductID, no name, bits
//    outside COARSE, BUILTIN (the host's own edges carry it), a product
//    kind outside the enum, a coarse edge without CoarseLower or whose
//    input is not IR, a Dependencies view with a count and no data;
//  - DUPLICATE_ID: an EdgeID another edge took;
//  - CAPABILITY_UNAVAILABLE (with a warning naming the edge): a fine-grained
//  edge (one
//    hop of IR → MIR → MC → object graph → image; LLVM's code generator
//    makes those, and the hop phases ir_to_mir and mir_to_mc are not in
//    this build), and a coarse edge whose product is not an object image
//    (a compile commits an object file; nothing consumes another product).
//
// RegisterTarget is CAPABILITY_UNAVAILABLE, with a warning: a plugin
// target needs the driver to select it from a triple (LLVM 22's
// Triple::ArchType is a closed enum and Clang's TargetInfo subclasses are
// private), which this build does not do yet.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include <cstring>

namespace neverc::target {
namespace {

NevercStatus st(int32_t Code) { return core::makeStatus(Code); }

bool validView(NevercStringView V) { return V.Data || !V.Length; }
bool nullID(NevercInterfaceID ID) { return !ID.High && !ID.Low; }
bool validKind(uint32_t K) {
  return (K >= NEVERC_CODEGEN_PRODUCT_IR &&
          K <= NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE) ||
         K == NEVERC_CODEGEN_PRODUCT_CUSTOM;
}

/// A registration slot's preamble: Register is running for the plugin
/// \p Registrar names, and the descriptor's header is the table's.
template <class Desc, class Fn>
NevercStatus registration(void *Context, void *Registrar, const Desc *P,
                          Fn &&Body) {
  return core::guardSlot([&]() -> NevercStatus {
    auto &D = *static_cast<TargetDomain::Impl *>(Context);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = D.H.registrarOwner(Registrar, &Owner); !core::isOk(S))
      return S;
    if (NevercStatus S =
            core::checkDescriptorHeader(P, sizeof *P, NEVERC_TARGET_API_MAJOR);
        !core::isOk(S))
      return S;
    return Body(D, Owner);
  });
}

NevercStatus NEVERC_CALL registerTarget(void *Context, void *Registrar,
                                        const NevercTargetDescriptor *Desc) {
  return registration(
      Context, Registrar, Desc,
      [&](TargetDomain::Impl &D, const core::Plugin *Owner) -> NevercStatus {
        D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                   "NevercTargetAPI.RegisterTarget: plugin targets are not "
                   "available in this build (the driver cannot select a target "
                   "LLVM 22 does not know from a triple); register a coarse "
                   "code-generation edge for a built-in target instead",
                   Owner);
        return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
      });
}

NevercStatus NEVERC_CALL registerEdge(void *Context, void *Registrar,
                                      const NevercCodeGenEdgeDescriptor *Desc) {
  return registration(
      Context, Registrar, Desc,
      [&](TargetDomain::Impl &D, const core::Plugin *Owner) -> NevercStatus {
        NevercCodeGenEdgeDescriptor E;
        std::memcpy(&E, Desc, sizeof E);
        const bool Coarse = E.Flags & NEVERC_CODEGEN_EDGE_COARSE;
        if (nullID(E.EdgeID) || !E.CanonicalName.Length ||
            !validView(E.CanonicalName) || !validView(E.ProviderID) ||
            !validView(E.CompatibilityKey) ||
            (E.Flags & ~uint64_t(NEVERC_CODEGEN_EDGE_COARSE)) ||
            !validKind(E.InputKind) || !validKind(E.OutputKind) ||
            (E.Dependencies.Count && !E.Dependencies.Data) ||
            (E.Dependencies.Count &&
             E.Dependencies.ElementStride < sizeof(NevercInterfaceID)) ||
            (Coarse && (!E.CoarseLower || nullID(E.ProductID) ||
                        E.InputKind != NEVERC_CODEGEN_PRODUCT_IR)))
          return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
        std::string Name(E.CanonicalName.Data, E.CanonicalName.Length);
        if (!Coarse || E.OutputKind != NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE) {
          D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                     "NevercTargetAPI.RegisterCodeGenEdge: edge '" + Name +
                         "' is not available in this build: " +
                         (Coarse
                              ? "a coarse edge must produce an object image "
                                "(the compile commits an object file)"
                              : "only coarse edges (IR to object image) are "
                                "routed; LLVM's code generator makes the fine "
                                "route's hops"),
                     Owner, NEVERC_PHASE_CODEGEN_COARSE_LOWER_NAME);
          return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
        }
        if (!nullID(E.TargetID) && !sameID(E.TargetID, X86_64TargetID) &&
            !sameID(E.TargetID, AArch64TargetID))
          return st(NEVERC_STATUS_NOT_FOUND);
        for (const EdgeRecord &R : D.Edges)
          if (sameID(R.ID, E.EdgeID))
            return st(NEVERC_STATUS_DUPLICATE_ID);
        EdgeRecord R;
        R.Owner = Owner;
        R.ID = E.EdgeID;
        R.Target = E.TargetID;
        R.Product = E.ProductID;
        R.Name = std::move(Name);
        R.ProviderID.assign(E.ProviderID.Data ? E.ProviderID.Data : "",
                            E.ProviderID.Length);
        R.CompatibilityKey.assign(
            E.CompatibilityKey.Data ? E.CompatibilityKey.Data : "",
            E.CompatibilityKey.Length);
        R.InputKind = E.InputKind;
        R.OutputKind = E.OutputKind;
        R.Flags = E.Flags;
        R.Lower = E.CoarseLower;
        R.Verify = E.VerifyProduct;
        R.UserData = E.UserData;
        R.DestroyUserData = E.DestroyUserData;
        D.Edges.push_back(std::move(R));
        return core::okStatus();
      });
}

} // namespace

void fillTargetTable(NevercTargetAPI &T) {
  T.RegisterTarget = &registerTarget;
  T.RegisterCodeGenEdge = &registerEdge;
}

} // namespace neverc::target
