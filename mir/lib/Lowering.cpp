//===- Lowering.cpp - neverc.codegen.mir_to_mc, NevercMCProviderAPI -------===//
//
// Where the phase sits. LLVM 22 turns machine IR into MC with one pass,
// the target's AsmPrinter, which addPassesToEmitFile builds through the
// target registry (Target::createAsmPrinter) and adds after the last pass
// TargetPassConfig placed, so no pass manager of the domain sees it. For a
// compile with a plugin on the phase the domain puts a constructor of its
// own in front of the target's (once per process and target, as the MC
// domain does for the ELF streamer): it builds the target's printer and
// returns a printer that holds it, answers the pass manager for it (same
// analyses, same resolver) and, per function, runs the phase:
//
//   input   the machine function, after the sealed mir.final_verify (a MIR
//           artifact: read through NevercMIRAPI, not changed any more)
//   built-in  the target's printer on the function, into its streamer
//   output  an MC unit: LLVM's printing, or the unit a plugin built
//           through GetMCBuilder and published (PublishMCUnit)
//   verifier neverc.codegen.verify_mc_product: a built unit is closed, not
//           empty and defines the function's symbol
//
// A built unit is emitted into the printer's own streamer after the phase
// (mc::MCDomain::UnitBuild): LLVM encodes, lays out and writes it, the MC
// emission phases see it. The printer's module-level work (globals, debug
// info, unwind tables, the address-significance table) is LLVM's as
// always; a function a plugin built has only what it built. Another
// thread's compile, or one nobody observes here, gets the target's printer
// untouched.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"
#include "neverc/core/PrivateMember.h"
#include "neverc/mc/MCDomain.h"
#include "neverc/object/TargetKey.h"

#include "llvm/CodeGen/AsmPrinter.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

namespace neverc::mir {

using PrinterCtor = llvm::Target::AsmPrinterCtorTy;
NEVERC_PRIVATE_MEMBER(PrinterCtorMember, PrinterCtor, llvm::Target,
                      AsmPrinterCtorFn);

namespace {

constexpr uint32_t Phase = core::Phase_CODEGEN_MIR_TO_MC;
constexpr const char *Check = "neverc.codegen.verify_mc_product";

/// The compile a printer built on this thread serves (see Streamer.cpp of
/// the MC domain: LLVM's constructor hook is a plain function pointer).
thread_local MIRDomain::Impl *LoweringTL = nullptr;

/// The printer constructors the domain stands in front of; process-wide
/// like LLVM's registry, written once per target, never undone (another
/// thread may be inside the hook).
struct SavedCtor {
  const llvm::Target *T;
  PrinterCtor Orig;
};
std::mutex &savedLock() {
  static std::mutex M;
  return M;
}
std::vector<SavedCtor> &saved() {
  static std::vector<SavedCtor> V;
  return V;
}
PrinterCtor originalFor(const llvm::Target &T) {
  std::lock_guard<std::mutex> L(savedLock());
  for (const SavedCtor &S : saved())
    if (S.T == &T)
      return S.Orig;
  return nullptr;
}

} // namespace

/// One run of the phase on one function (Compile::Printing while it runs).
struct Lowering {
  MIRDomain::Impl &D;
  llvm::MachineFunction &MF;
  llvm::AsmPrinter &Printer;
  FunctionBox Box;
  std::unique_ptr<mc::MCDomain::UnitBuild> Build;
  bool Ran = false;   ///< the target's printer ran
  char LLVMUnit = 0;  ///< the built-in's output payload
  char BuiltUnit = 0; ///< PublishMCUnit's
};

namespace {

/// The target's printer on \p MF: its own runOnFunction (public in
/// FunctionPass) finds the same machine function.
void printFunction(llvm::AsmPrinter &P, llvm::MachineFunction &MF) {
  static_cast<llvm::FunctionPass &>(P).runOnFunction(MF.getFunction());
}

struct PrintStep {
  Lowering *L;
  static NevercStatus run(void *Ctx, void *, void **Out) {
    Lowering &L = *static_cast<PrintStep *>(Ctx)->L;
    // A build an interceptor began is over: LLVM prints the function.
    if (L.Build)
      L.Build->close();
    printFunction(L.Printer, L.MF);
    L.Ran = true;
    *Out = &L.LLVMUnit;
    return okStatus();
  }
};

struct ProductVerifier {
  Lowering *L;
  static NevercStatus run(void *Ctx, void *Out) {
    Lowering &L = *static_cast<ProductVerifier *>(Ctx)->L;
    if (Out == &L.LLVMUnit && L.Ran)
      return okStatus(); // LLVM's printing, which clang does not check
    const std::string Fn = L.MF.getName().str();
    auto Refuse = [&](const std::string &Why) {
      L.D.H.report(NEVERC_DIAGNOSTIC_ERROR,
                   std::string(Check) + ": the MC unit for '" + Fn + "' " + Why,
                   nullptr, Check);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    };
    if (Out != &L.BuiltUnit || !L.Build)
      return Refuse("is not the phase's product (PublishMCUnit, or the "
                    "built-in's)");
    if (L.Build->open())
      return Refuse("is still being built (a mutation is open)");
    if (L.Build->empty())
      return Refuse("holds nothing (no committed mutation)");
    if (!L.Build->defines(L.Printer.getSymbol(&L.MF.getFunction())))
      return Refuse("does not define the function's symbol '" +
                    L.Printer.getSymbol(&L.MF.getFunction())->getName().str() +
                    "'");
    return okStatus();
  }
};

void lower(MIRDomain::Impl &D, llvm::MachineFunction &MF, llvm::Pass *From,
           llvm::AsmPrinter &Printer) {
  Compile &C = *D.Current;
  if (C.Failed) {
    printFunction(Printer, MF);
    return;
  }
  Lowering L{D, MF, Printer, {&MF, From}, nullptr};
  C.Printing = &L;
  PrintStep Step{&L};
  ProductVerifier V{&L};
  core::PhaseRequest R;
  R.Input = &L.Box;
  R.Builtin = {&PrintStep::run, &Step};
  R.Verifier = {&ProductVerifier::run, &V};
  core::PhaseOutcome O = D.runOn(Phase, MF, From, R);
  C.Printing = nullptr;
  if (L.Build)
    L.Build->close();
  bool Ok = isOk(O.Status);
  if (Ok && O.Output == &L.BuiltUnit)
    Ok = L.Build->emit();
  else if (Ok && L.Build && !L.Build->empty())
    D.H.report(NEVERC_DIAGNOSTIC_WARNING,
               "neverc.codegen.mir_to_mc: the MC unit a plugin built for '" +
                   MF.getName().str() +
                   "' was not published; LLVM's printing is the output and " +
                   L.Build->dropped(),
               nullptr, D.H.phases().at(Phase).Name);
  L.Build.reset();
  if (Ok)
    return;
  D.fail(Phase, MF,
         isOk(O.Status) ? st(NEVERC_STATUS_VERIFICATION_FAILED) : O.Status);
  // No object will be written; the printer's module-level state still
  // expects every function.
  if (!L.Ran)
    printFunction(Printer, MF);
}

/// The target's printer, in its place in the pipeline. An AsmPrinter
/// itself because the registry's constructor must return one; its own
/// AsmPrinter state is never used (every entry point forwards), so it is
/// built over a null streamer.
class LoweringPrinter final : public llvm::AsmPrinter {
public:
  static char ID;
  LoweringPrinter(MIRDomain::Impl &D, llvm::TargetMachine &TM,
                  llvm::AsmPrinter *Inner)
      : AsmPrinter(TM,
                   std::unique_ptr<llvm::MCStreamer>(
                       llvm::createNullStreamer(Inner->OutContext)),
                   ID),
        D(D), Inner(Inner) {}
  ~LoweringPrinter() override {
    shareResolver(*Inner, nullptr); // ours, deleted by us
    delete Inner;
  }

  llvm::StringRef getPassName() const override { return Inner->getPassName(); }
  void getAnalysisUsage(llvm::AnalysisUsage &AU) const override {
    static_cast<const llvm::Pass *>(Inner)->getAnalysisUsage(AU);
  }
  bool doInitialization(llvm::Module &M) override {
    shareResolver(*Inner, getResolver());
    return Inner->doInitialization(M);
  }
  bool doFinalization(llvm::Module &M) override {
    return Inner->doFinalization(M);
  }
  bool runOnMachineFunction(llvm::MachineFunction &MF) override {
    if (D.Current)
      lower(D, MF, this, *Inner);
    else
      printFunction(*Inner, MF);
    return false;
  }

private:
  MIRDomain::Impl &D;
  llvm::AsmPrinter *Inner;
};
char LoweringPrinter::ID = 0;

llvm::AsmPrinter *makePrinter(llvm::TargetMachine &TM,
                              std::unique_ptr<llvm::MCStreamer> &&S) {
  PrinterCtor Orig = originalFor(TM.getTarget());
  if (!Orig)
    return nullptr;
  llvm::AsmPrinter *Inner = Orig(TM, std::move(S));
  MIRDomain::Impl *D = LoweringTL;
  if (!Inner || !D || !D->Current)
    return Inner;
  return new LoweringPrinter(*D, TM, Inner);
}

//===----------------------------------------------------------------------===//
// NevercMCProviderAPI
//===----------------------------------------------------------------------===//

/// A provider slot's preamble: a live mir_to_mc frame of this compile and,
/// when \p Struct is given, its header (MC_PROVIDER major).
template <class Fn>
NevercStatus loweringSlot(void *Ctx, const NevercPhaseFrame *F,
                          const void *Struct, size_t Size, Fn &&Body) {
  return codegenSlot(Ctx, F, Phase, &Compile::Printing,
                     NEVERC_MC_PROVIDER_API_MAJOR, Struct, Size,
                     static_cast<Fn &&>(Body));
}

NevercStatus NEVERC_CALL getInput(void *Ctx, const NevercPhaseFrame *F,
                                  NevercArtifactHandle Input,
                                  NevercMIRToMCInputInfo *Out) {
  return loweringSlot(
      Ctx, F, Out, sizeof *Out,
      [&](MIRDomain::Impl &, Compile &C, Lowering &L) -> NevercStatus {
        NevercInterfaceID Type{};
        void *Payload = nullptr;
        if (NevercStatus S = C.T->lookupArtifact(Input, &Type, &Payload);
            !isOk(S))
          return S;
        if (Payload != &L.Box)
          return st(NEVERC_STATUS_WRONG_TYPE);
        const std::string T =
            L.MF.getFunction().getParent()->getTargetTriple().str();

        if (C.Digest.empty())
          C.Digest = mc::MCDomain::schemaDigest(T);
        NevercMIRToMCInputInfo I{};
        // No NevercMIRAPI slot takes a module: the function
        // is reached through GetMachineFunction.
        I.Module = NevercHandle{};
        I.TargetID = object::targetIDOf(T);
        const std::string &Key = C.key(T);
        I.CompatibilityKey = {Key.data(), Key.size()};
        I.TargetSchemaDigest = {C.Digest.data(), C.Digest.size()};
        I.DefinedFunctionCount = 1; // one at a time (top)
        writeOut(Out, I);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getFunction(void *Ctx, const NevercPhaseFrame *F,
                                     uint64_t Index,
                                     const NevercMIRAPI **OutMIR,
                                     NevercMachineFunctionHandle *Out) {
  return loweringSlot(
      Ctx, F, nullptr, 0,
      [&](MIRDomain::Impl &D, Compile &C, Lowering &L) -> NevercStatus {
        if (!OutMIR || !Out)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (Index != 0)
          return st(NEVERC_STATUS_NOT_FOUND);
        *OutMIR = &D.Core;
        *Out = C.function(&L.MF);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getBuilder(void *Ctx, const NevercPhaseFrame *F,
                                    const NevercMCAPI **OutMC,
                                    NevercMCUnitHandle *OutUnit) {
  return loweringSlot(
      Ctx, F, nullptr, 0,
      [&](MIRDomain::Impl &D, Compile &C, Lowering &L) -> NevercStatus {
        if (!OutMC || !OutUnit)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (C.T->role() == core::CallbackRole::Observer)
          return st(NEVERC_STATUS_POLICY_VIOLATION);
        if (L.Ran)
          return st(NEVERC_STATUS_INVALID_STATE); // LLVM printed it already
        if (!D.Units)
          return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
        if (!L.Build) {
          L.Build = D.Units->beginBuild(
              *C.T, *L.Printer.OutStreamer, L.MF.getSubtarget(),
              D.H.phases().at(Phase).Name,
              L.Printer.getSymbol(&L.MF.getFunction()));
          if (!L.Build)
            return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE); // -S (warned)
        }
        L.Build->handOut(OutMC, OutUnit);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL publish(void *Ctx, const NevercPhaseFrame *F,
                                 NevercArtifactHandle *Out) {
  return loweringSlot(
      Ctx, F, nullptr, 0,
      [&](MIRDomain::Impl &D, Compile &C, Lowering &L) -> NevercStatus {
        if (!Out)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (C.T->role() == core::CallbackRole::Observer)
          return st(NEVERC_STATUS_POLICY_VIOLATION);
        // No builder, still open, or LLVM's printer already ran.
        if (!L.Build || !L.Build->handedOut() || L.Build->open() || L.Ran)
          return st(NEVERC_STATUS_INVALID_STATE);
        *Out = C.T->createArtifact(D.H.phases().at(Phase).Output, &L.BuiltUnit);
        return okStatus();
      });
}

} // namespace

bool MIRDomain::Impl::loweringWanted() const { return phaseActive(Phase); }

void installPrinterHook(const llvm::Target &T) {
  auto &Target = const_cast<llvm::Target &>(T);
  std::lock_guard<std::mutex> L(savedLock());
  for (const SavedCtor &S : saved())
    if (S.T == &T)
      return;
  saved().push_back({&T, Target.*memberOf(PrinterCtorMember{})});
  llvm::TargetRegistry::RegisterAsmPrinter(Target, &makePrinter);
}

void setLoweringCompile(MIRDomain::Impl *D) { LoweringTL = D; }

void fillMCProviderTable(NevercMCProviderAPI &T) {
  T.Header = {sizeof T, NEVERC_MC_PROVIDER_API_MAJOR,
              NEVERC_MC_PROVIDER_API_MINOR, 0};
  T.GetMIRToMCInput = &getInput;
  T.GetMachineFunction = &getFunction;
  T.GetMCBuilder = &getBuilder;
  T.PublishMCUnit = &publish;
}

} // namespace neverc::mir
