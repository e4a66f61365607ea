//===- CodeGen.cpp - neverc.codegen.coarse_lower and product_verify -------===//
//
// Where the two phases sit. The IR domain runs its chain inside Clang's
// emitBackendOutput, before Clang's own code generation; once the sealed
// ir.final_verify passed, it calls generateCode() for a compile that
// writes an object, which runs
//
//   coarse_lower    IR → object image. Built-in: the coarse edge a plugin
//                   registered for the target, else LLVM's code generator
//                   (a nested emitBackendOutput(Backend_EmitObj) with the
//                   compile's own options, into memory). A provider, or an
//                   interceptor that returns REPLACE, fills the candidate
//                   image the host made (Frame->CurrentOutput) instead.
//                   Verifier neverc.codegen.verify_coarse_product: what a
//                   plugin made or touched is a readable relocatable ELF
//                   object of the compile's architecture.
//   product_verify  sealed: the route's obligations (final IR, target key,
//                   product kind and ID, structure) and the edge's own
//                   VerifyProduct, whenever a plugin could have made or
//                   changed the product.
//
// The module is then emptied, so what Clang's backend still generates is a
// few hundred bytes nobody keeps: the output file the cc1 opened is held by
// source::replaceableOutput's proxy (installed by wrapAction, on top of
// the object domain's), which writes the verified product instead. With
// observers only, the product is LLVM's object for the same module and
// options: byte-identical to clang-22's. -gsplit-dwarf's .dwo is written by
// the route's code generation; the emptied one writes none.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "neverc/object/Graph.h"
#include "neverc/object/TargetKey.h"
#include "neverc/source/Outputs.h"

#include "clang/Basic/TargetInfo.h"
#include "clang/CodeGen/BackendUtil.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Module.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>

namespace neverc::target {
namespace {

constexpr NevercInterfaceID ProductType{
    NEVERC_PHASE_CODEGEN_COARSE_LOWER_OUTPUT_HIGH,
    NEVERC_PHASE_CODEGEN_COARSE_LOWER_OUTPUT_LOW};
constexpr NevercInterfaceID IRModuleType{
    NEVERC_PHASE_CODEGEN_COARSE_LOWER_INPUT_HIGH,
    NEVERC_PHASE_CODEGEN_COARSE_LOWER_INPUT_LOW};
/// What LLVM's code generator makes (no standard product ID exists): the
/// target interface's own ID, as the IR domain names Clang's module by the
/// IR core interface.
constexpr NevercInterfaceID LLVMObjectProduct{NEVERC_INTERFACE_TARGET_HIGH,
                                              NEVERC_INTERFACE_TARGET_LOW};
constexpr uint64_t AllObligations =
    NEVERC_CODEGEN_VERIFY_FINAL_IR | NEVERC_CODEGEN_VERIFY_TARGET_KEY |
    NEVERC_CODEGEN_VERIFY_PRODUCT_KIND | NEVERC_CODEGEN_VERIFY_PRODUCT_ID |
    NEVERC_CODEGEN_VERIFY_STRUCTURE;

NevercStatus st(int32_t Code) { return core::makeStatus(Code); }
bool sameHandle(NevercHandle A, NevercHandle B) {
  return A.Owner == B.Owner && A.Value == B.Value;
}
bool nullHandle(NevercHandle H) { return !H.Owner && !H.Value; }
NevercStringView viewOf(const std::string &S) {
  return NevercStringView{S.data(), S.size()};
}

//===----------------------------------------------------------------------===//
// The product's checks
//===----------------------------------------------------------------------===//

/// STRUCTURE and TARGET_KEY: a readable 64-bit little-endian relocatable
/// ELF object for the compile's architecture (every section's name and
/// contents, every symbol's name and every relocation's symbol inside the
/// file). Empty: it is; else why not.
std::string structureProblem(const ProductJob &J) {
  using namespace llvm::object;
  llvm::MemoryBufferRef Buf(llvm::StringRef(J.Stage.Bytes), "product");
  auto Obj = ObjectFile::createObjectFile(Buf);
  if (!Obj)
    return "it is not an object file: " + llvm::toString(Obj.takeError());
  auto *E = llvm::dyn_cast<ELF64LEObjectFile>(Obj->get());
  if (!E)
    return "it is not a 64-bit little-endian ELF object";
  if (E->getELFFile().getHeader().e_type != llvm::ELF::ET_REL)
    return "it is not a relocatable object (ET_REL)";
  llvm::Triple T(J.Triple);
  if (E->getArch() != T.getArch())
    return "it is made for " +
           std::string(llvm::Triple::getArchTypeName(E->getArch())) +
           ", the compile targets " + std::string(T.getArchName());
  for (const SectionRef &S : E->sections()) {
    if (auto N = S.getName(); !N)
      return "a section name: " + llvm::toString(N.takeError());
    if (auto C = S.getContents(); !C)
      return "a section's contents: " + llvm::toString(C.takeError());
    for (const RelocationRef &R : S.relocations())
      if (R.getSymbol() != E->symbol_end())
        if (auto N = R.getSymbol()->getName(); !N)
          return "a relocation's symbol: " + llvm::toString(N.takeError());
  }
  for (const SymbolRef &Sym : E->symbols())
    if (auto N = Sym.getName(); !N)
      return "a symbol name: " + llvm::toString(N.takeError());
  return {};
}

/// Whether the bytes are LLVM's own, untouched since it made them.
bool builtinUnchanged(const ProductJob &J) {
  return J.Builtin && J.Stage.PublicationGeneration == J.BuiltinGeneration;
}

struct Run {
  TargetDomain::Impl &D;
  ProductJob &J;
  clang::CompilerInstance &CI;
  llvm::Module &M;
  void (*BeforeCodeGen)(void *);
  void *Ctx;
  /// The publication generation structureProblem last passed (~0: never).
  uint64_t CheckedGeneration = ~uint64_t(0);

  void error(std::string_view Phase, std::string Msg,
             const core::Plugin *From = nullptr) {
    D.H.report(NEVERC_DIAGNOSTIC_ERROR, std::move(Msg), From, Phase);
  }

  bool structureOk(std::string_view Check) {
    if (CheckedGeneration == J.Stage.PublicationGeneration)
      return true;
    std::string Why = structureProblem(J);
    if (!Why.empty()) {
      error(Check, "the code-generation product (" + J.Provenance +
                       ") is not a valid object for '" + J.Triple +
                       "': " + Why);
      return false;
    }
    CheckedGeneration = J.Stage.PublicationGeneration;
    return true;
  }

  /// LLVM's code generator, as Clang's backend would run it here.
  bool clangCodeGen() {
    BeforeCodeGen(Ctx);
    clang::CodeGenOptions Opts = CI.getCodeGenOpts();
    llvm::SmallVector<char, 0> Buf;
    unsigned Errors = CI.getDiagnostics().getNumErrors();
    clang::emitBackendOutput(
        CI, Opts, CI.getTarget().getDataLayoutString(), &M,
        clang::Backend_EmitObj, CI.getVirtualFileSystemPtr(),
        std::make_unique<llvm::raw_svector_ostream>(Buf), nullptr);
    if (CI.getDiagnostics().getNumErrors() != Errors)
      return false; // Clang reported why
    J.Stage.Bytes = std::string(Buf.data(), Buf.size());
    ++J.Stage.PublicationGeneration;
    J.Builtin = true;
    J.BuiltinGeneration = J.Stage.PublicationGeneration;
    J.Provenance = "LLVM 22's code generator";
    J.Candidate.ProductID = LLVMObjectProduct;
    return true;
  }

  /// Calls an edge's callback (it has no frame): meanwhile GetImage finds
  /// the candidate from its artifact alone.
  template <class Fn> NevercStatus frameless(Fn F) {
    {
      std::lock_guard<std::mutex> L(D.EdgeLock);
      D.InEdge.push_back(&J);
    }
    NevercStatus S = core::guardSlot(F);
    std::lock_guard<std::mutex> L(D.EdgeLock);
    D.InEdge.erase(std::find(D.InEdge.begin(), D.InEdge.end(), &J));
    return S;
  }

  NevercStatus coarseEdge(const EdgeRecord &E) {
    NevercCodeGenProductCandidate C{};
    C.Header = {sizeof C, NEVERC_TARGET_API_MAJOR, NEVERC_TARGET_API_MINOR, 0};
    C.Kind = NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE;
    C.Artifact = J.Artifact;
    NevercStatus S = frameless(
        [&] { return E.Lower(E.UserData, J.T.handle(), &J.Request, &C); });
    const std::string Name = "coarse edge '" + E.Name + "'";
    if (!core::isOk(S)) {
      error(NEVERC_PHASE_CODEGEN_COARSE_LOWER_NAME,
            Name + " failed: " + std::string(core::statusName(S.Code)),
            E.Owner);
      return S;
    }
    if (!sameHandle(C.Artifact, J.Artifact) || C.Reserved || C.Flags ||
        !nullHandle(C.Proof)) {
      error(NEVERC_PHASE_CODEGEN_COARSE_LOWER_NAME,
            Name + " returned a candidate naming another image, or with "
                   "Flags, Reserved or Proof set",
            E.Owner);
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    J.Candidate = C;
    J.Edge = &E;
    J.Provenance = Name + " of plugin '" + std::string(E.Owner->id()) + "'";
    return core::okStatus();
  }

  const EdgeRecord *edge() const {
    for (const EdgeRecord &E : D.Edges)
      if ((!E.Target.High && !E.Target.Low) ||
          sameID(E.Target, J.Request.Target.TargetID))
        return &E;
    return nullptr;
  }
};

struct CoarseStep {
  Run *R;
  static NevercStatus run(void *Ctx, void *, void **Out) {
    Run &R = *static_cast<CoarseStep *>(Ctx)->R;
    if (const EdgeRecord *E = R.edge()) {
      if (NevercStatus S = R.coarseEdge(*E); !core::isOk(S))
        return S;
    } else if (!R.clangCodeGen()) {
      return st(NEVERC_STATUS_PLUGIN_FAILURE);
    }
    *Out = &R.J.Stage;
    return core::okStatus();
  }
};

struct CoarseVerifier {
  Run *R;
  static NevercStatus run(void *Ctx, void *Out) {
    Run &R = *static_cast<CoarseVerifier *>(Ctx)->R;
    constexpr const char *Check = "neverc.codegen.verify_coarse_product";
    if (Out != &R.J.Stage) {
      R.error(Check, "the product of neverc.codegen.coarse_lower must be the "
                     "candidate image the host made (Frame->CurrentOutput)");
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    if (R.J.Stage.Aborted) {
      R.error(Check, "staging the product was aborted: " + R.J.Stage.AbortWhy);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    if (!R.J.Edge && !R.J.Builtin) // a provider's or interceptor's image
      R.J.Provenance = "a plugin on neverc.codegen.coarse_lower";
    else if (R.J.Builtin && !builtinUnchanged(R.J))
      R.J.Provenance = "LLVM 22's code generator, edited by a plugin";
    if (builtinUnchanged(R.J))
      return core::okStatus();
    return R.structureOk(Check) ? core::okStatus()
                                : st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

struct ProductGate {
  Run *R;
  static NevercStatus run(void *Ctx, void *) {
    Run &R = *static_cast<ProductGate *>(Ctx)->R;
    ProductJob &J = R.J;
    constexpr const char *Check = "neverc.codegen.verify_route_obligations";
    auto Fail = [&](std::string Why, const core::Plugin *From = nullptr) {
      R.error(Check, std::move(Why), From);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    };
    // With nothing a plugin made or touched, there is nothing to prove.
    if (!builtinUnchanged(J)) {
      if (!J.Request.HasFinalIRProof)
        return Fail("the module did not pass neverc.ir.final_verify");
      if (J.Candidate.Kind != NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE)
        return Fail("the product is not an object image");
      if (J.Edge && !sameID(J.Candidate.ProductID, J.Edge->Product))
        return Fail("coarse edge '" + J.Edge->Name +
                        "' returned another ProductID than it registered",
                    J.Edge->Owner);
      if (!R.structureOk(Check))
        return st(NEVERC_STATUS_VERIFICATION_FAILED);
      if (J.Edge && J.Edge->Verify) {
        const EdgeRecord &E = *J.Edge;
        NevercStatus S = R.frameless([&] {
          return E.Verify(E.UserData, J.T.handle(), &J.Request, &J.Candidate,
                          AllObligations);
        });
        if (!core::isOk(S))
          return Fail("coarse edge '" + E.Name + "' refused its product: " +
                          std::string(core::statusName(S.Code)),
                      E.Owner);
      }
    }
    J.Stage.State = NEVERC_OBJECT_IMAGE_VERIFIED;
    return core::okStatus();
  }
};

NevercStatus identity(void *, void *In, void **Out) {
  *Out = In;
  return core::okStatus();
}

NevercTargetRelocationModel relocationOf(llvm::Reloc::Model M) {
  switch (M) {
  case llvm::Reloc::Static:
    return NEVERC_TARGET_RELOCATION_STATIC;
  case llvm::Reloc::PIC_:
    return NEVERC_TARGET_RELOCATION_PIC;
  case llvm::Reloc::DynamicNoPIC:
    return NEVERC_TARGET_RELOCATION_DYNAMIC_NO_PIC;
  case llvm::Reloc::ROPI:
    return NEVERC_TARGET_RELOCATION_ROPI;
  case llvm::Reloc::RWPI:
    return NEVERC_TARGET_RELOCATION_RWPI;
  case llvm::Reloc::ROPI_RWPI:
    return NEVERC_TARGET_RELOCATION_ROPI_RWPI;
  }
  return NEVERC_TARGET_RELOCATION_STATIC;
}

NevercTargetCodeModel codeModelOf(llvm::StringRef M) {
  return llvm::StringSwitch<NevercTargetCodeModel>(M)
      .Case("tiny", NEVERC_TARGET_CODE_MODEL_TINY)
      .Case("kernel", NEVERC_TARGET_CODE_MODEL_KERNEL)
      .Case("medium", NEVERC_TARGET_CODE_MODEL_MEDIUM)
      .Case("large", NEVERC_TARGET_CODE_MODEL_LARGE)
      .Default(NEVERC_TARGET_CODE_MODEL_SMALL); // "default" is small here
}

} // namespace

ProductJob::ProductJob(core::Task &T)
    : T(T), Scope(core::decodeHandle(T.handle()).Scope),
      Builders(core::HandleKind(TargetHandleKind::Builder), Scope) {}

bool TargetDomain::Impl::routesCodeGen() const {
  return !Edges.empty() || phaseActive(core::Phase_CODEGEN_COARSE_LOWER) ||
         phaseActive(core::Phase_CODEGEN_PRODUCT_VERIFY);
}

NevercStatus TargetDomain::Impl::resolveStage(NevercTaskHandle Task,
                                              NevercHandle Builder,
                                              core::Task **T,
                                              object::BinaryStage **Out) {
  core::Task *Found = nullptr;
  if (NevercStatus S = H.resolveTask(Task, &Found); !core::isOk(S))
    return S;
  ProductJob *J = Products.find(Found);
  if (!J)
    return st(NEVERC_STATUS_INVALID_STATE); // no product is being made
  object::BinaryStage **P;
  if (NevercStatus S =
          core::lookupScoped(J->Builders, Builder, J->Scope, H, &P);
      !core::isOk(S))
    return S;
  *T = Found;
  *Out = *P;
  return core::okStatus();
}

bool TargetDomain::Impl::findImage(const NevercPhaseFrame *Frame,
                                   NevercArtifactHandle Artifact,
                                   object::ForeignImage &Out, NevercStatus &S) {
  ProductJob *J = nullptr;
  if (!Frame) {
    // A CoarseLower callback has no frame: its candidate is the image.
    std::lock_guard<std::mutex> L(EdgeLock);
    for (ProductJob *E : InEdge)
      if (sameHandle(E->Artifact, Artifact))
        J = E;
    if (!J)
      return false;
  } else {
    core::Task *T = nullptr;
    if (Frame->Header.StructSize < sizeof *Frame ||
        !core::isOk(H.resolveTask(Frame->Task, &T)))
      return false;
    J = Products.find(T);
    if (!J)
      return false;
    NevercInterfaceID Type{};
    void *Payload = nullptr;
    if (!core::isOk(J->T.lookupArtifact(Artifact, &Type, &Payload)) ||
        !sameID(Type, ProductType))
      return false;
    if (Payload != &J->Stage) {
      S = st(NEVERC_STATUS_STALE_HANDLE);
      return true;
    }
  }
  S = core::okStatus();
  Out.Stage = &J->Stage;
  Out.Builder = J->Builder;
  Out.Binary = &Binary;
  Out.Triple = J->Triple;
  Out.Format = {object::ELFFormat.High, object::ELFFormat.Low};
  Out.Provenance = J->Provenance;
  Out.Stream = J->Stream;
  return true;
}

bool TargetDomain::routesCodeGen() const { return P->routesCodeGen(); }

object::ForeignImages &TargetDomain::images() { return *P; }

bool TargetDomain::wrapsAction(clang::CompilerInstance &CI, core::Task &) {
  const clang::FrontendOptions &FE = CI.getFrontendOpts();
  return P->routesCodeGen() && FE.ProgramAction == clang::frontend::EmitObj &&
         !FE.OutputFile.empty();
}

clang::FrontendAction *TargetDomain::wrapAction(clang::CompilerInstance &CI,
                                                core::Task &,
                                                clang::FrontendAction *Inner) {
  // Called after every domain attached: the proxy goes on top of the
  // output managers they installed (the object domain's holds the object
  // for its pipeline, which then runs on the product).
  P->Pending = std::make_shared<source::OutputReplacement>();
  P->Pending->Path = CI.getFrontendOpts().OutputFile;
  source::replaceableOutput(CI, P->Pending);
  return Inner;
}

TargetDomain::Route TargetDomain::generateCode(clang::CompilerInstance &CI,
                                               core::Task &TU, llvm::Module &M,
                                               void *IRModule,
                                               void (*BeforeCodeGen)(void *),
                                               void *Ctx) {
  Impl &D = *P;
  if (!D.Pending ||
      CI.getFrontendOpts().ProgramAction != clang::frontend::EmitObj)
    return Route::Clang;
  ProductJob J(TU);
  core::JobRegistry<ProductJob>::Scope Scope(D.Products, TU, J);
  J.Triple = M.getTargetTriple().str();
  J.Stream = D.Pending->Path == "-";
  J.Builder = J.Builders.insert(&J.Stage);
  J.Artifact = TU.createArtifact(ProductType, &J.Stage);
  J.Candidate.Header = {sizeof J.Candidate, NEVERC_TARGET_API_MAJOR,
                        NEVERC_TARGET_API_MINOR, 0};
  J.Candidate.Kind = NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE;
  J.Candidate.Artifact = J.Artifact;

  // The route key: what the triple says, and the compile's CPU, features,
  // relocation and code model (views into strings that outlive the run).
  const clang::TargetOptions &TO = CI.getTargetOpts();
  const clang::CodeGenOptions &CG = CI.getCodeGenOpts();
  std::vector<NevercStringView> Features;
  for (const std::string &F : TO.Features)
    Features.push_back(viewOf(F));
  NevercCodeGenRequest &R = J.Request;
  R.Header = {sizeof R, NEVERC_TARGET_API_MAJOR, NEVERC_TARGET_API_MINOR, 0};
  object::fillTargetKey(J.Triple, object::ELFFormat, R.Target);
  if (D.Selected) // a plugin target over the triple's architecture
    R.Target.TargetID = D.Selected->ID;
  R.Target.CPU = viewOf(TO.CPU);
  R.Target.TuneCPU = viewOf(TO.TuneCPU);
  R.Target.Features = {Features.data(), Features.size(),
                       sizeof(NevercStringView)};
  R.Target.RelocationModel = relocationOf(CG.RelocationModel);
  R.Target.CodeModel = codeModelOf(CG.CodeModel);
  R.Target.ExecutionLevel = NEVERC_TARGET_EXECUTION_USER;
  R.Input = TU.createArtifact(IRModuleType, IRModule);
  R.InputKind = NEVERC_CODEGEN_PRODUCT_IR;
  R.OutputKind = NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE;
  static constexpr NevercCodeGenOptimizationLevel Levels[] = {
      NEVERC_CODEGEN_OPT_NONE, NEVERC_CODEGEN_OPT_LESS,
      NEVERC_CODEGEN_OPT_DEFAULT, NEVERC_CODEGEN_OPT_AGGRESSIVE};
  R.OptimizationLevel = Levels[std::min(CG.OptimizationLevel, 3u)];
  // The IR domain calls only after the sealed ir.final_verify passed.
  R.HasFinalIRProof = NEVERC_TRUE;

  Run Rn{D, J, CI, M, BeforeCodeGen, Ctx};
  CoarseStep Step{&Rn};
  CoarseVerifier Verify{&Rn};
  J.Stage.Writable = true; // interceptors and providers (the slots check)
  core::PhaseOutcome O = core::runJobPhase(
      D.H, TU, J.Phase, core::Phase_CODEGEN_COARSE_LOWER, IRModule,
      {&CoarseStep::run, &Step}, {&CoarseVerifier::run, &Verify}, &J.Stage);
  J.Stage.Writable = false;
  if (core::isOk(O.Status)) {
    ProductGate Gate{&Rn};
    O = core::runJobPhase(D.H, TU, J.Phase, core::Phase_CODEGEN_PRODUCT_VERIFY,
                          &J.Stage, {&identity, nullptr},
                          {&ProductGate::run, &Gate});
  }
  if (!core::isOk(O.Status)) {
    J.Stage.State = NEVERC_OBJECT_IMAGE_ABORTED;
    if (!CI.getDiagnostics().hasErrorOccurred() && D.H.pluginErrorCount() == 0)
      Rn.error(NEVERC_PHASE_CODEGEN_COARSE_LOWER_NAME,
               "code generation failed: " +
                   std::string(core::statusName(O.Status.Code)));
    return Route::Failed;
  }
  D.Pending->Bytes = std::move(J.Stage.Bytes);
  D.Pending->Ready = true;
  // Clang's code generation still runs, on an empty module: no .dwo.
  clang::CodeGenOptions &Opts = CI.getCodeGenOpts();
  if (!Opts.SplitDwarfOutput.empty()) {
    D.SavedSplitDwarfOutput = Opts.SplitDwarfOutput;
    D.SplitDwarfCleared = true;
    Opts.SplitDwarfOutput.clear();
  }
  return Route::Product;
}

} // namespace neverc::target
