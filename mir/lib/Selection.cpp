//===- Selection.cpp - neverc.codegen.ir_to_mir, NevercMIRProviderAPI -----===//
//
// Where the phase sits. LLVM 22's legacy code generator selects
// instructions one function at a time, by one machine-function pass: the
// SelectionDAG selector of the target, or GlobalISel's IRTranslator (its
// legalizer and selector then work on the machine IR it made). It is the
// first machine-function pass TargetPassConfig adds (everything before it
// works on LLVM IR), so the hooking pass manager of Hooks.cpp takes that
// pass over and adds a wrapper in its place: same analyses, same place.
// Per function, the wrapper runs the phase:
//
//   input   the IR function (an IR artifact: the IR tables read it)
//   built-in  LLVM's selector on it (the wrapped pass, run with the
//           wrapper's analysis resolver)
//   output  the machine function (a MIR artifact, the frame's
//           CurrentOutput from the start)
//   verifier neverc.codegen.verify_mir_product: LLVM's MachineVerifier on a
//           function a plugin built or changed
//
// A provider builds the function itself through NevercMIRProviderAPI and
// NevercMIRAPI's mutations, and returns it; LLVM's selector does not run.
// An interceptor may reach the function the same way after InvokeNext.
// With observers only the same passes run in the same order: the object is
// clang-22's.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"
#include "MutationSupport.h"
#include "neverc/core/PrivateMember.h"
#include "neverc/object/TargetKey.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/TargetParser/Triple.h"

namespace neverc::mir {

// The wrapped selector answers its analyses through the wrapper's
// resolver; Pass keeps it in a private member and deletes it with the
// pass, so the wrapper takes it back before deleting the selector.
NEVERC_PRIVATE_MEMBER(ResolverMember, llvm::AnalysisResolver *, llvm::Pass,
                      Resolver);

namespace {

constexpr uint32_t Phase = core::Phase_CODEGEN_IR_TO_MIR;
constexpr const char *Check = "neverc.codegen.verify_mir_product";

/// The input of the phase: the IR function being selected. Artifact
/// payloads start with a tag so another domain's box is told apart.
struct SelectionInput {
  uint32_t Tag = 0x4d495349; // "MISI"
  llvm::Function *F = nullptr;
};

} // namespace

/// One run of the phase on one function (Compile::Selecting while it runs).
struct Selection {
  MIRDomain::Impl &D;
  llvm::MachineFunction &MF;
  llvm::function_ref<void()> Builtin;
  FunctionBox Box;
  SelectionInput In;
  bool Ran = false;        ///< LLVM's selector ran
  uint64_t Generation = 0; ///< the function's commits when it did
};

namespace {

uint64_t commits(Compile &C, const llvm::MachineFunction &MF) {
  auto G = C.Generation.find(&MF);
  return G == C.Generation.end() ? 0 : G->second;
}

struct SelectStep {
  Selection *S;
  static NevercStatus run(void *Ctx, void *, void **Out) {
    Selection &S = *static_cast<SelectStep *>(Ctx)->S;
    S.Builtin();
    S.Ran = true;
    S.Generation = commits(*S.D.Current, S.MF);
    *Out = &S.Box;
    return okStatus();
  }
};

struct SelectVerifier {
  Selection *S;
  static NevercStatus run(void *Ctx, void *Out) {
    Selection &S = *static_cast<SelectVerifier *>(Ctx)->S;
    if (Out != &S.Box) {
      S.D.H.report(NEVERC_DIAGNOSTIC_ERROR,
                   "the product of neverc.codegen.ir_to_mir for '" +
                       S.MF.getName().str() +
                       "' must be its machine function (Frame->CurrentOutput)",
                   nullptr, Check);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    // LLVM's own selection, untouched: clang does not verify it either.
    if (S.Ran && commits(*S.D.Current, S.MF) == S.Generation)
      return okStatus();
    if (S.MF.empty()) {
      S.D.H.report(NEVERC_DIAGNOSTIC_ERROR,
                   std::string(Check) + ": machine function '" +
                       S.MF.getName().str() + "' has no basic block",
                   nullptr, Check);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    return verifyMachineFunction(S.D, S.MF, S.Box.From, Check);
  }
};

void select(MIRDomain::Impl &D, llvm::MachineFunction &MF, llvm::Pass *From,
            llvm::function_ref<void()> Builtin) {
  Compile &C = *D.Current;
  if (C.Failed) {
    Builtin();
    return;
  }
  Selection S{D, MF, Builtin, {&MF, From}, {}, false, 0};
  S.In.F = &MF.getFunction();
  C.Selecting = &S;
  SelectStep Step{&S};
  SelectVerifier V{&S};
  core::PhaseRequest R;
  R.Input = &S.In;
  R.Builtin = {&SelectStep::run, &Step};
  R.Verifier = {&SelectVerifier::run, &V};
  R.Prepared = &S.Box;
  core::PhaseOutcome O = D.runOn(Phase, MF, From, R);
  C.Selecting = nullptr;
  if (isOk(O.Status))
    return;
  D.fail(Phase, MF, O.Status);
  // No object will be written; the rest of the pipeline still needs a
  // function it can handle: what a plugin committed passed the verifier,
  // and an empty one gets LLVM's selection.
  if (!S.Ran && MF.empty())
    Builtin();
}

/// LLVM's selector, in its place in the pipeline.
class SelectorPass final : public llvm::MachineFunctionPass {
public:
  static char ID;
  SelectorPass(MIRDomain::Impl &D, llvm::FunctionPass *Inner)
      : MachineFunctionPass(ID), D(D), Inner(Inner) {}
  ~SelectorPass() override {
    shareResolver(*Inner, nullptr); // ours, deleted by us
    delete Inner;
  }

  llvm::StringRef getPassName() const override { return Inner->getPassName(); }
  void getAnalysisUsage(llvm::AnalysisUsage &AU) const override {
    static_cast<const llvm::Pass *>(Inner)->getAnalysisUsage(AU);
  }
  bool doInitialization(llvm::Module &M) override {
    MachineFunctionPass::doInitialization(M);
    shareResolver(*Inner, getResolver());
    return Inner->doInitialization(M);
  }
  bool doFinalization(llvm::Module &M) override {
    return Inner->doFinalization(M);
  }
  bool runOnMachineFunction(llvm::MachineFunction &MF) override {
    // The selector's own runOnFunction finds the same machine function and
    // sets the properties it establishes.
    select(D, MF, this, [&] { Inner->runOnFunction(MF.getFunction()); });
    return true;
  }

private:
  MIRDomain::Impl &D;
  llvm::FunctionPass *Inner;
};
char SelectorPass::ID = 0;

//===----------------------------------------------------------------------===//
// NevercMIRProviderAPI
//===----------------------------------------------------------------------===//

/// A provider slot's preamble: a live ir_to_mir frame of this compile and,
/// when \p Struct is given, its header (MIR_PROVIDER major).
template <class Fn>
NevercStatus providerSlot(void *Ctx, const NevercPhaseFrame *F,
                          const void *Struct, size_t Size, Fn &&Body) {
  return codegenSlot(Ctx, F, Phase, &Compile::Selecting,
                     NEVERC_MIR_PROVIDER_API_MAJOR, Struct, Size,
                     static_cast<Fn &&>(Body));
}

/// The IR core table, through the host (the IR domain publishes it).
const NevercIRCoreAPI *irCore(MIRDomain::Impl &D) {
  const void *T = nullptr;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  if (!isOk(D.H.interfaces().query(
          NevercInterfaceID{NEVERC_INTERFACE_IR_CORE_HIGH,
                            NEVERC_INTERFACE_IR_CORE_LOW},
          NEVERC_IR_CORE_API_MAJOR, 0, &T, &Minor, &Size)))
    return nullptr;
  return static_cast<const NevercIRCoreAPI *>(T);
}

NevercStatus NEVERC_CALL getInput(void *Ctx, const NevercPhaseFrame *F,
                                  NevercArtifactHandle Input,
                                  NevercIRToMIRInputInfo *Out) {
  return providerSlot(
      Ctx, F, Out, sizeof *Out,
      [&](MIRDomain::Impl &D, Compile &CR, Selection &SR) -> NevercStatus {
        Compile *C = &CR;
        Selection *S = &SR;
        NevercInterfaceID Type{};
        void *Payload = nullptr;
        if (NevercStatus St = C->T->lookupArtifact(Input, &Type, &Payload);
            !isOk(St))
          return St;
        if (Payload != &S->In)
          return st(NEVERC_STATUS_WRONG_TYPE); // not this phase's input
        NevercIRToMIRInputInfo I{};
        I.IR = irCore(D);
        // The IR domain holds the module while code is generated from it.
        if (!I.IR || !isOk(I.IR->GetModule(I.IR->Context, F->Task, &I.Module)))
          return st(NEVERC_STATUS_INVALID_STATE);
        llvm::Triple T(S->In.F->getParent()->getTargetTriple());
        I.TargetID = object::targetIDOf(T.str());
        // Machine IR's target values are LLVM 22's (no MIR target schema is
        // published: mir/README); the key says so.
        const std::string &Key = C->key(T.str());
        I.CompatibilityKey = {Key.data(), Key.size()};
        I.TargetSchemaDigest = {"", 0};
        I.DefinedFunctionCount = 1; // one function at a time (see the top)
        writeOut(Out, I);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getFunction(void *Ctx, const NevercPhaseFrame *F,
                                     NevercIRValueHandle Function,
                                     const NevercMIRAPI **OutMIR,
                                     NevercMachineFunctionHandle *Out) {
  return providerSlot(
      Ctx, F, nullptr, 0,
      [&](MIRDomain::Impl &D, Compile &CR, Selection &SR) -> NevercStatus {
        Compile *C = &CR;
        Selection *S = &SR;
        if (!OutMIR || !Out)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (observing(*C))
          return st(NEVERC_STATUS_POLICY_VIOLATION);
        const NevercIRCoreAPI *IR = irCore(D);
        NevercIRValueKind Kind = 0;
        NevercStringView Name{};
        if (!IR)
          return st(NEVERC_STATUS_INVALID_STATE);
        if (NevercStatus St =
                IR->GetValueKind(IR->Context, F->Task, Function, &Kind);
            !isOk(St))
          return St;
        if (Kind != NEVERC_IR_VALUE_FUNCTION)
          return st(NEVERC_STATUS_WRONG_TYPE);
        if (NevercStatus St =
                IR->GetValueName(IR->Context, F->Task, Function, &Name);
            !isOk(St))
          return St;
        // LLVM 22 selects one function at a time, each in its own run of the
        // phase: another function has no machine function here (yet).
        if (llvm::StringRef(Name.Data, Name.Length) != S->MF.getName())
          return st(NEVERC_STATUS_NOT_FOUND);
        *OutMIR = &D.Core;
        *Out = C->function(&S->MF);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL publish(void *Ctx, const NevercPhaseFrame *F,
                                 const NevercMIRModuleCoverageDescriptor *Cov,
                                 NevercArtifactHandle *Out) {
  return providerSlot(
      Ctx, F, Cov, sizeof *Cov,
      [&](MIRDomain::Impl &D, Compile &CR, Selection &SR) -> NevercStatus {
        Compile *C = &CR;
        Selection *S = &SR;
        if (!Out || Cov->Reserved)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (observing(*C))
          return st(NEVERC_STATUS_POLICY_VIOLATION);
        if (Cov->HandlesGlobals || Cov->HandlesConstructors ||
            Cov->HandlesDebugInfo || Cov->HandlesUnwind) {
          D.diag(NEVERC_DIAGNOSTIC_ERROR,
                 "NevercMIRProviderAPI.PublishMIRModule: LLVM 22's AsmPrinter "
                 "emits globals, constructors, debug info and unwind tables "
                 "itself; a provider of '" +
                     S->MF.getName().str() + "' cannot claim them",
                 D.H.phases().at(Phase).Name);
          return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
        }
        *Out = F->CurrentOutput;
        return okStatus();
      });
}

} // namespace

void shareResolver(llvm::Pass &P, llvm::AnalysisResolver *R) {
  P.*memberOf(ResolverMember{}) = R;
}

bool MIRDomain::Impl::selectionWanted() const { return phaseActive(Phase); }

llvm::Pass *wrapSelector(MIRDomain::Impl &D, llvm::FunctionPass *Selector) {
  return new SelectorPass(D, Selector);
}

void fillProviderTable(NevercMIRProviderAPI &T) {
  T.Header = {sizeof T, NEVERC_MIR_PROVIDER_API_MAJOR,
              NEVERC_MIR_PROVIDER_API_MINOR, 0};
  T.GetIRToMIRInput = &getInput;
  T.GetOrCreateMachineFunction = &getFunction;
  T.PublishMIRModule = &publish;
}

} // namespace neverc::mir
