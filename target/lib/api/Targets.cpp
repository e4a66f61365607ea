//===- Targets.cpp - NevercTargetAPI --------------------------------------===//
//
// Both slots are registration time only, and check the descriptor whole so
// a plugin learns of a bad one from the status.
//
// RegisterCodeGenEdge takes the edges this build routes: coarse edges
// (NEVERC_CODEGEN_EDGE_COARSE) from IR to an object image, for a built-in
// target (x86-64, AArch64), a plugin target registered before it
// (NOT_FOUND for another ID) or for any target (a null TargetID). Such an edge
// replaces the whole fine route of a compile that writes an object, inside
// neverc.codegen.coarse_lower (CodeGen.cpp). Refused:
//  - INVALID_DESCRIPTOR: header, a null EdgeID or ProductID, no name, bits
//    outside COARSE, BUILTIN (the host's own edges carry it), a product
//    kind outside the enum, a coarse edge without CoarseLower or whose
//    input is not IR, a Dependencies view with a count and no data;
//  - DUPLICATE_ID: an EdgeID another edge took;
//  - DEPENDENCY_MISSING: a Dependencies interface nobody published;
//  - CAPABILITY_UNAVAILABLE (with a warning naming the edge): a fine-grained
//  edge (one
//    hop of IR → MIR → MC → object graph → image; LLVM's code generator
//    makes those, and the hop phases ir_to_mir and mir_to_mc are not in
//    this build), and a coarse edge whose product is not an object image
//    (a compile commits an object file; nothing consumes another product).
//
// RegisterTarget takes a plugin target over an architecture LLVM 22 has a
// backend for in this build (x86_64, aarch64): a new vendor, OS or
// environment, with macros. A triple one of its matchers selects (highest
// Priority, then the first registered) gets the macros (Domain.cpp, before
// the preprocessor exists) and names the target in the code-generation
// route's key, so its coarse edges serve it; the architecture's LLVM target
// does the rest. Refused:
//  - INVALID_DESCRIPTOR: header, a null TargetID, no name, Flags, no
//    matcher, a malformed matcher or macro (a flag but UNDEFINE);
//  - DUPLICATE_ID: a built-in target's ID or one another target took;
//  - CAPABILITY_UNAVAILABLE (with a warning naming the target): another
//    architecture; builtins, inline-asm registers, constraints, clobbers
//    (Clang's TargetInfo subclasses are private); aliases (the driver takes
//    no target names); CPU and feature callbacks,
//    a target machine or a machine description (they need an LLVM backend
//    of its own); a default ABI, convention, MC schema or object format
//    (the architecture's serve).
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
        NevercTargetDescriptor T;
        std::memcpy(&T, Desc, sizeof T);
        if (nullID(T.TargetID) || !T.CanonicalName.Length ||
            !validView(T.CanonicalName) || T.Flags || !T.TripleMatchers.Count ||
            !T.TripleMatchers.Data ||
            T.TripleMatchers.ElementStride <
                sizeof(NevercTargetTripleMatcher) ||
            (T.Macros.Count &&
             (!T.Macros.Data ||
              T.Macros.ElementStride < sizeof(NevercTargetMacroDescriptor))) ||
            (T.Aliases.Count && !T.Aliases.Data))
          return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
        std::string Name(T.CanonicalName.Data, T.CanonicalName.Length);
        auto Unavailable = [&](const std::string &What) {
          D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                     "NevercTargetAPI.RegisterTarget: target '" + Name +
                         "': " + What,
                     Owner);
          return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
        };
        // What Clang's private TargetInfo subclasses and LLVM's backends own.
        if (T.Builtins.Count || T.Registers.Count || T.Constraints.Count ||
            T.Clobbers.Length)
          return Unavailable(
              "builtins, inline-asm registers, constraints and "
              "clobbers cannot be added to Clang 22's TargetInfo");
        if (T.ValidateCPU || T.CanonicalizeCPU || T.ListCPUs ||
            T.ResolveFeatures || T.CreateTargetMachine ||
            T.DestroyTargetMachine || T.Machine.Header.StructSize)
          return Unavailable("a machine of its own (CPUs, features, a target "
                             "machine) needs an LLVM backend; a plugin target "
                             "takes its architecture's");
        if (T.Aliases.Count)
          return Unavailable("aliases: a target is selected by its triple "
                             "matchers, the driver takes no target names");
        if (!nullID(T.DefaultABI) || !nullID(T.DefaultCallingConvention) ||
            !nullID(T.MCSchemaID) || !nullID(T.DefaultObjectFormatID))
          return Unavailable(
              "its ABI, calling convention, MC schema and object "
              "format are its architecture's");
        if (sameID(T.TargetID, X86_64TargetID) ||
            sameID(T.TargetID, AArch64TargetID) || D.target(T.TargetID))
          return st(NEVERC_STATUS_DUPLICATE_ID);
        TargetRecord R;
        R.Owner = Owner;
        R.ID = T.TargetID;
        R.Name = Name;
        auto Str = [](NevercStringView V) {
          return std::string(V.Data ? V.Data : "", V.Length);
        };
        for (uint64_t I = 0; I < T.TripleMatchers.Count; ++I) {
          auto M = elementAt<NevercTargetTripleMatcher>(
              T.TripleMatchers.Data, T.TripleMatchers.ElementStride, I);
          if (NevercStatus S = core::checkDescriptorHeader(
                  &M, sizeof M, NEVERC_TARGET_API_MAJOR);
              !core::isOk(S))
            return S;
          if (M.Reserved || !validView(M.Architecture) ||
              !validView(M.Vendor) || !validView(M.OperatingSystem) ||
              !validView(M.Environment))
            return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
          TargetRecord::Matcher Out{Str(M.Architecture), Str(M.Vendor),
                                    Str(M.OperatingSystem), Str(M.Environment),
                                    M.Priority};
          // Over an architecture LLVM 22 generates code for in this build.
          if (Out.Arch != "x86_64" && Out.Arch != "aarch64")
            return Unavailable("architecture '" + Out.Arch +
                               "' has no LLVM backend here (x86_64, aarch64)");
          R.Matchers.push_back(std::move(Out));
        }
        for (uint64_t I = 0; I < T.Macros.Count; ++I) {
          auto M = elementAt<NevercTargetMacroDescriptor>(
              T.Macros.Data, T.Macros.ElementStride, I);
          if (NevercStatus S = core::checkDescriptorHeader(
                  &M, sizeof M, NEVERC_TARGET_API_MAJOR);
              !core::isOk(S))
            return S;
          if (!M.Name.Length || !validView(M.Name) || !validView(M.Value) ||
              (M.Flags & ~uint64_t(NEVERC_TARGET_MACRO_UNDEFINE)))
            return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
          R.Macros.push_back({Str(M.Name), Str(M.Value),
                              (M.Flags & NEVERC_TARGET_MACRO_UNDEFINE) != 0});
        }
        R.UserData = T.UserData;
        R.DestroyUserData = T.DestroyUserData;
        D.PluginTargets.push_back(std::move(R));
        return core::okStatus();
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
            !sameID(E.TargetID, AArch64TargetID) && !D.target(E.TargetID))
          return st(NEVERC_STATUS_NOT_FOUND);
        for (const EdgeRecord &R : D.Edges)
          if (sameID(R.ID, E.EdgeID))
            return st(NEVERC_STATUS_DUPLICATE_ID);
        // The interfaces it needs must be published (by the host or a
        // plugin registered before it).
        for (uint64_t I = 0; I < E.Dependencies.Count; ++I)
          if (!D.H.interfaces().find(elementAt<NevercInterfaceID>(
                  E.Dependencies.Data, E.Dependencies.ElementStride, I)))
            return st(NEVERC_STATUS_DEPENDENCY_MISSING);
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
