//===- Conventions.cpp - Materializing and lowering custom conventions ----===//
//
// callconv.md §6, for every function with CC 1000, in module order:
//   1. a plan ("neverc-cc-plan-v1") is validated, never rebuilt: its
//      schema, target and convention must be this compile's;
//   2. else a spec ("neverc-callconv") becomes a plan, and the spec goes;
//   3. else the first convention a plugin registered for this target plans
//      it (PlanCallingConvention), or names a native LLVM convention;
//   4. else the function cannot be compiled: an error names it.
// Then the plans are lowered (x86-64, CallConvX86.cpp). Any error fails the
// compile; CC 1000 is taken off every function and call first, so LLVM
// never sees it (AArch64 would abort).
//
// Materialization runs just before ir.final_verify when the IR phases run
// (materializeConventions, so the verified module carries the plans), and
// again where the code generator starts, which sees a module from any
// source (an .ll file, an LTO partition): a plan made earlier is then only
// validated.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <cstring>

namespace neverc::target {
namespace {

std::string quoted(const llvm::Function &F) {
  return "'" + F.getName().str() + "'";
}

NevercABITypeDescriptor describe(const llvm::Type *T, bool Signed) {
  NevercABITypeDescriptor D;
  std::memset(&D, 0, sizeof D);
  D.Header = {sizeof D, NEVERC_TARGET_ABI_API_MAJOR,
              NEVERC_TARGET_ABI_API_MINOR, 0};
  if (T->isVoidTy()) {
    D.Kind = NEVERC_ABI_TYPE_VOID;
  } else if (T->isIntegerTy(1)) {
    D.Kind = NEVERC_ABI_TYPE_BOOLEAN;
    D.BitWidth = 1;
  } else if (T->isIntegerTy()) {
    D.Kind = NEVERC_ABI_TYPE_INTEGER;
    D.BitWidth = T->getIntegerBitWidth();
  } else if (T->isPointerTy()) {
    D.Kind = NEVERC_ABI_TYPE_POINTER;
    D.BitWidth = 64;
    D.AddressSpace = T->getPointerAddressSpace();
  } else if (T->isFloatingPointTy()) {
    D.Kind = NEVERC_ABI_TYPE_FLOAT;
    D.BitWidth = unsigned(T->getPrimitiveSizeInBits().getFixedValue());
  } else if (T->isVectorTy()) {
    D.Kind = NEVERC_ABI_TYPE_VECTOR;
  } else if (T->isArrayTy()) {
    D.Kind = NEVERC_ABI_TYPE_ARRAY;
  } else if (T->isStructTy()) {
    D.Kind = NEVERC_ABI_TYPE_RECORD;
  } else {
    D.Kind = NEVERC_ABI_TYPE_OTHER;
  }
  D.Alignment = (D.BitWidth + 7) / 8;
  if (Signed)
    D.Flags |= NEVERC_ABI_TYPE_SIGNED;
  return D;
}

/// Copies a plugin's location array (borrowed, with its own stride).
bool copyLocations(const NevercStructArrayView &V, std::vector<Location> &Out) {
  if (!V.Count)
    return true;
  if (!V.Data || V.ElementStride < sizeof(NevercCallingConventionLocation))
    return false;
  for (uint64_t I = 0; I < V.Count; ++I) {
    auto L = elementAt<NevercCallingConventionLocation>(V.Data,
                                                        V.ElementStride, I);
    if (L.Header.StructSize < sizeof L ||
        (L.Kind != NEVERC_CC_LOCATION_REGISTER &&
         L.Kind != NEVERC_CC_LOCATION_STACK) ||
        L.Reserved)
      return false;
    Location Loc;
    Loc.Register = L.Kind == NEVERC_CC_LOCATION_REGISTER;
    Loc.Value = L.ValueIndex;
    Loc.PieceOffset = L.PieceOffset;
    Loc.Size = L.Size;
    Loc.Alignment = L.Alignment;
    Loc.RegisterNumber = L.RegisterNumber;
    Loc.StackOffset = L.StackOffset;
    Loc.Flags = L.Flags;
    Out.push_back(Loc);
  }
  return true;
}

} // namespace

bool TargetDomain::Impl::materialize(llvm::Module &M, const llvm::Triple &T,
                                     const std::optional<RegTable> &Regs,
                                     PlanMap &Plans, ReportFn Fail) {
  bool Ok = true;
  auto Refuse = [&](const llvm::Function &F, const std::string &Why) {
    Fail(F, Why);
    Ok = false;
  };
  std::vector<std::pair<llvm::Function *, unsigned>> Native;
  for (llvm::Function &F : M) {
    if (F.getCallingConv() != CustomCC)
      continue;
    if (!Regs) {
      Refuse(F, "stock LLVM 22 has no custom calling convention for '" +
                  T.str() + "' (CAPABILITY_UNAVAILABLE)");
      continue;
    }
    if (F.hasFnAttribute(PlanAttr)) {
      std::optional<Plan> P =
          parsePlan(F.getFnAttribute(PlanAttr).getValueAsString());
      if (!P)
        Refuse(F, "malformed NeverC calling convention plan");
      else if (P->Schema != Regs->Schema)
        Refuse(F, "NeverC calling convention plan belongs to a foreign target "
                "schema ('" + P->Schema + "', this compile's is '" +
                Regs->Schema + "')");
      else if (!sameID(P->Target, Regs->TargetID))
        Refuse(F, "NeverC calling convention plan has a foreign target ID");
      else if (!sameID(P->Convention, SpecConventionID) &&
               !(convention(P->Convention) &&
                 sameID(convention(P->Convention)->Target, Regs->TargetID)))
        Refuse(F, "NeverC calling convention plan has a foreign convention ID");
      else
        Plans.insert({&F, std::move(*P)});
      continue;
    }
    if (F.hasFnAttribute(SpecAttr)) {
      std::vector<std::string> Warnings;
      Plan P = planFromSpec(F.getFnAttribute(SpecAttr).getValueAsString(), F,
                            *Regs, Warnings);
      for (const std::string &W : Warnings)
        warning("function " + quoted(F) + ": " + W);
      F.removeFnAttr(SpecAttr);
      F.addFnAttr(PlanAttr, formatPlan(P));
      Plans.insert({&F, std::move(P)});
      continue;
    }
    const ConventionRecord *R = conventionFor(Regs->TargetID);
    if (!R) {
      Refuse(F, "it has neither a convention spec ('neverc-callconv') nor a "
              "plan, and no plugin registered a convention for this target");
      continue;
    }
    if (R->LLVMCC) {
      Native.emplace_back(&F, R->LLVMCC);
      continue;
    }
    if (!R->Plan) {
      Refuse(F, "convention '" + R->Name +
                  "' has no PlanCallingConvention (a 1.0 descriptor) and "
                  "no native LLVM convention");
      continue;
    }
    // Ask the plugin.
    std::vector<NevercABITypeDescriptor> Params;
    for (unsigned I = 0; I < F.arg_size(); ++I)
      Params.push_back(describe(F.getFunctionType()->getParamType(I),
                                F.getAttributes().hasParamAttr(
                                    I, llvm::Attribute::SExt)));
    NevercCallingConventionQuery Q;
    std::memset(&Q, 0, sizeof Q);
    Q.Header = {sizeof Q, NEVERC_CALLING_CONVENTION_API_MAJOR,
                NEVERC_CALLING_CONVENTION_API_MINOR, 0};
    Q.TargetID = Regs->TargetID;
    Q.CallingConventionID = R->ID;
    Q.SchemaDigest = {Regs->Schema.data(), Regs->Schema.size()};
    Q.Function.Header = {sizeof Q.Function, NEVERC_TARGET_ABI_API_MAJOR,
                         NEVERC_TARGET_ABI_API_MINOR, 0};
    Q.Function.ReturnType =
        describe(F.getReturnType(),
                 F.getAttributes().hasRetAttr(llvm::Attribute::SExt));
    Q.Function.Parameters = {Params.data(), Params.size(),
                             sizeof(NevercABITypeDescriptor)};
    Q.Function.Variadic = F.isVarArg() ? NEVERC_TRUE : NEVERC_FALSE;
    Q.Function.RequiredArgumentCount = uint32_t(F.arg_size());
    NevercCallingConventionPlan Out;
    std::memset(&Out, 0, sizeof Out);
    Out.Header = {sizeof Out, NEVERC_CALLING_CONVENTION_API_MAJOR,
                  NEVERC_CALLING_CONVENTION_API_MINOR, 0};
    NevercStatus S = core::guardSlot([&] { return R->Plan(R->UserData, &Q, &Out); });
    Plan P;
    P.Schema = Regs->Schema;
    P.Target = Regs->TargetID;
    P.Convention = R->ID;
    P.StackAlignment = Out.StackAlignment ? Out.StackAlignment : 16;
    if (!core::isOk(S)) {
      Refuse(F, "convention '" + R->Name + "' of plugin '" +
                  std::string(R->Owner->id()) + "' could not plan it: " +
                  std::string(core::statusName(S.Code)));
      continue;
    }
    bool Good = copyLocations(Out.ReturnLocations, P.Returns) &&
                copyLocations(Out.ArgumentLocations, P.Arguments) && !Out.Flags &&
                (!Out.CalleeSavedRegisters.Count ||
                 (Out.CalleeSavedRegisters.Data &&
                  Out.CalleeSavedRegisters.ElementStride >= sizeof(uint32_t)));
    if (!Good) {
      Refuse(F, "convention '" + R->Name + "' of plugin '" +
                  std::string(R->Owner->id()) +
                  "' returned a malformed plan (INVALID_DESCRIPTOR)");
      continue;
    }
    for (uint64_t I = 0; I < Out.CalleeSavedRegisters.Count; ++I)
      P.CalleeSaved.push_back(elementAt<uint32_t>(
          Out.CalleeSavedRegisters.Data,
          Out.CalleeSavedRegisters.ElementStride, I));
    if (P.CalleeSaved.empty()) {
      for (const std::string &Name : R->CalleeSaved)
        if (const NamedReg *Reg = Regs->find(Name))
          P.CalleeSaved.push_back(Reg->Number);
      if (R->CalleeSaved.empty())
        P.CalleeSaved = Regs->StandardCalleeSaved;
    }
    F.addFnAttr(PlanAttr, formatPlan(P));
    Plans.insert({&F, std::move(P)});
  }

  // A native convention: the function and its direct calls use it.
  for (auto &[F, CC] : Native) {
    forEachCustomCall(*F, [CC = CC](llvm::CallBase &CB) {
      CB.setCallingConv(CC);
    });
    F->setCallingConv(CC);
  }
  // Every direct call carries its callee's plan (callconv.md §8 rule 3).
  for (auto &[F, P] : Plans) {
    llvm::Attribute A = F->getFnAttribute(PlanAttr);
    forEachCustomCall(*F, [&](llvm::CallBase &CB) { CB.addFnAttr(A); });
  }
  return Ok;
}

namespace {

/// Takes CC 1000 off every function and call: after an error the module is
/// not kept, but LLVM must still be able to finish with it.
void neutralize(llvm::Module &M) {
  for (llvm::Function &F : M) {
    if (F.getCallingConv() == CustomCC)
      F.setCallingConv(llvm::CallingConv::C);
    for (llvm::BasicBlock &BB : F)
      for (llvm::Instruction &I : BB)
        if (auto *CB = llvm::dyn_cast<llvm::CallBase>(&I))
          if (CB->getCallingConv() == CustomCC)
            CB->setCallingConv(llvm::CallingConv::C);
  }
}

} // namespace

void TargetDomain::Impl::refuse(const llvm::Function &F,
                                const std::string &Why) {
  error("function " + quoted(F) +
        " cannot use the NeverC custom calling convention: " + Why);
}

bool TargetDomain::Impl::lowerModule(llvm::Module &M) {
  const llvm::Triple T = M.getTargetTriple();
  std::optional<RegTable> Regs = regTableFor(T);
  bool Ok = true;
  auto Fail = [&](const llvm::Function &F, const std::string &Why) {
    refuse(F, Why);
    Ok = false;
  };
  PlanMap Plans;
  Ok = materialize(M, T, Regs, Plans, Fail);
  if (Ok && !Plans.empty()) {
    if (T.getArch() == llvm::Triple::x86_64) {
      Ok = lowerCustomConventionsX86(M, *Regs, Plans, Fail);
    } else {
      for (auto &[F, P] : Plans)
        Fail(*F, "lowering a plan on '" + T.getArchName().str() +
                     "' needs a convention LLVM 22's backend does not have "
                     "(CAPABILITY_UNAVAILABLE; x86-64 only)");
    }
  }
  if (!Ok)
    neutralize(M);
  return Ok;
}

bool TargetDomain::materializeConventions(llvm::Module &M) {
  if (!hasCustomConvention(M))
    return true;
  const llvm::Triple T = M.getTargetTriple();
  PlanMap Plans;
  return P->materialize(
      M, T, regTableFor(T), Plans,
      [&](const llvm::Function &F, const std::string &Why) {
        P->refuse(F, Why);
      });
}

} // namespace neverc::target
