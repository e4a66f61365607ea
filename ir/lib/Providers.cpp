//===- Providers.cpp - IR_GEN and IR_OPTIMIZATION: replacing the phases ---===//
//
// A provider (or an interceptor that replaces) of ir.generate or
// ir.optimize builds its module with the same Core and Builder tables:
// CreateModule / ImportModule start a module of its own (the tables then
// act on it until the phase ends), GetInputModule (optimize) edits the
// module Clang generated, RunBuiltinPipeline runs Clang's pipeline on it.
// PublishModule verifies the module (llvm::verifyModule, and the task's
// target triple and data layout: rule 16) and hands it to the host as the
// phase output; a refused publication leaves what was published before
// current. When the phase ends, a published module of the plugin's own
// replaces the contents of the module Clang's backend holds (adoptModule),
// and neverc.ir.final_verify runs as always.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "neverc/Plugin/PluginSema.h"

#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

namespace neverc::ir {
namespace {

/// The task state of a live frame whose IR phases are running.
NevercStatus liveFrame(IRDomain::Impl &D, const NevercPhaseFrame *F,
                       TaskState **TS) {
  if (!F || F->Header.StructSize < sizeof(NevercPhaseFrame))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  core::Task *T = nullptr;
  if (NevercStatus S = D.H.resolveTask(F->Task, &T); !isOk(S))
    return S;
  *TS = D.stateFor(core::decodeHandle(F->Task).Scope);
  if (!*TS || !(*TS)->Main)
    return st(NEVERC_STATUS_INVALID_STATE);
  return okStatus();
}

/// liveFrame, and: a frame of \p Phase (WRONG_SCOPE for another phase)
/// whose caller may change IR (POLICY_VIOLATION for an observer).
NevercStatus frameOf(IRDomain::Impl &D, const NevercPhaseFrame *F,
                     uint32_t Phase, TaskState **TS) {
  TaskState *State = nullptr;
  if (NevercStatus S = liveFrame(D, F, &State); !isOk(S))
    return S;
  const NevercInterfaceID ID = D.H.phases().at(Phase).ID;
  if (F->Phase.High != ID.High || F->Phase.Low != ID.Low)
    return st(NEVERC_STATUS_WRONG_SCOPE);
  if (mayNotMutate(*State))
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  *TS = State;
  return okStatus();
}

/// An artifact of the task: its payload, checked by tag.
template <class Box>
NevercStatus boxOf(TaskState &TS, NevercArtifactHandle A, BoxTag Tag,
                   Box **Out) {
  NevercInterfaceID Type{};
  void *Payload = nullptr;
  if (NevercStatus S = TS.T->lookupArtifact(A, &Type, &Payload); !isOk(S))
    return S;
  if (!Payload || *static_cast<BoxTag *>(Payload) != Tag)
    return st(NEVERC_STATUS_WRONG_TYPE);
  *Out = static_cast<Box *>(Payload);
  return okStatus();
}

NevercStatus tables(IRDomain::Impl &D, const NevercIRCoreAPI **Core,
                    const NevercIRBuilderAPI **Builder) {
  if (Core)
    *Core = &D.Core;
  if (Builder)
    *Builder = &D.Builder;
  return okStatus();
}

/// A fresh module of the provider's own: the tables act on it now.
void startPending(TaskState &TS, std::unique_ptr<llvm::Module> M) {
  TS.dropValueHandles();
  TS.Pending = std::move(M);
  TS.M = TS.Pending.get();
  ++TS.Structure;
}

template <uint32_t Phase>
NevercStatus NEVERC_CALL createModule(void *Ctx, const NevercPhaseFrame *F,
                                      NevercStringView Identifier,
                                      const NevercIRCoreAPI **Core,
                                      const NevercIRBuilderAPI **Builder) {
  return guard([&]() -> NevercStatus {
    IRDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = frameOf(D, F, Phase, &TS); !isOk(S))
      return S;
    if (!validView(Identifier) || TS->Open)
      return st(TS->Open ? NEVERC_STATUS_INVALID_STATE
                         : NEVERC_STATUS_INVALID_ARGUMENT);
    auto M = std::make_unique<llvm::Module>(ref(Identifier),
                                            TS->Main->getContext());
    // Made for this compile's target: what PublishModule will demand.
    M->setTargetTriple(TS->Main->getTargetTriple());
    M->setDataLayout(TS->Main->getDataLayout());
    startPending(*TS, std::move(M));
    return tables(D, Core, Builder);
  });
}

template <uint32_t Phase>
NevercStatus NEVERC_CALL importModule(void *Ctx, const NevercPhaseFrame *F,
                                      NevercIRSerializationFormat Format,
                                      NevercByteView Bytes,
                                      const NevercIRCoreAPI **Core,
                                      const NevercIRBuilderAPI **Builder) {
  return guard([&]() -> NevercStatus {
    IRDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = frameOf(D, F, Phase, &TS); !isOk(S))
      return S;
    if ((Format != NEVERC_IR_SERIALIZATION_BITCODE &&
         Format != NEVERC_IR_SERIALIZATION_TEXT) ||
        (!Bytes.Data && Bytes.Length))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (TS->Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    std::string Why;
    llvm::Module *Keep = TS->M;
    TS->M = TS->Main; // parseModule reads the context from the task
    std::unique_ptr<llvm::Module> M = parseModule(*TS, Format, Bytes, Why);
    TS->M = Keep;
    if (!M) {
      D.diag(NEVERC_DIAGNOSTIC_WARNING, "ImportModule refused: " + Why,
             D.H.phases().at(Phase).Name);
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    startPending(*TS, std::move(M));
    return tables(D, Core, Builder);
  });
}

template <uint32_t Phase>
NevercStatus NEVERC_CALL publishModule(
    void *Ctx, const NevercPhaseFrame *F,
    const NevercIRModuleArtifactDescriptor *Desc, NevercArtifactHandle *Out) {
  return guard([&]() -> NevercStatus {
    IRDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = frameOf(D, F, Phase, &TS); !isOk(S))
      return S;
    NEVERC_IR_OUT(Out);
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc,
                                     Phase == core::Phase_IR_GENERATE
                                         ? NEVERC_IR_GEN_API_MAJOR
                                         : NEVERC_IR_OPTIMIZATION_API_MAJOR);
        !isOk(S))
      return S;
    if (Desc->DependencyDigest.Length && !Desc->DependencyDigest.Data)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (TS->Open)
      return st(NEVERC_STATUS_INVALID_STATE); // commit or abort first
    // ir.generate publishes a module of the plugin's own; ir.optimize may
    // publish the module it edited in place.
    llvm::Module *M = TS->Pending ? TS->Pending.get() : nullptr;
    if (!M && Phase == core::Phase_IR_OPTIMIZE)
      M = TS->Main;
    if (!M)
      return st(NEVERC_STATUS_INVALID_STATE);
    const std::string &Name = D.H.phases().at(Phase).Name;
    std::string Msg;
    llvm::raw_string_ostream OS(Msg);
    if (M->getTargetTriple().str() != TS->Triple ||
        M->getDataLayoutStr() != TS->DataLayout) {
      // A warning: the status tells the plugin, which may fix the module
      // and publish again.
      D.diag(NEVERC_DIAGNOSTIC_WARNING,
             "PublishModule refused: the module targets '" +
                 M->getTargetTriple().str() + "' with data layout '" +
                 M->getDataLayoutStr() + "'; this compile needs '" +
                 TS->Triple + "' and '" + TS->DataLayout + "'",
             Name);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    if (llvm::verifyModule(*M, &OS)) {
      for (char &C : Msg)
        if (C == '\n')
          C = ' ';
      D.diag(NEVERC_DIAGNOSTIC_WARNING,
             "PublishModule refused: the module is not valid IR: " + Msg, Name);
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    ModuleBox &Box = TS->Published.emplace_back();
    Box.M = M;
    Box.Stage = Phase == core::Phase_IR_GENERATE ? 1 : 2;
    Box.Product = Desc->Product;
    Box.Digest.assign(Desc->DependencyDigest.Data,
                      Desc->DependencyDigest.Data +
                          Desc->DependencyDigest.Length);
    Box.Generation = TS->Generation;
    TS->Touched = true;
    *Out = TS->T->createArtifact(D.H.phases().at(Phase).Output, &Box);
    return okStatus();
  });
}

template <uint32_t Phase>
NevercStatus NEVERC_CALL artifactInfo(void *Ctx, const NevercPhaseFrame *F,
                                      NevercArtifactHandle A,
                                      NevercIRModuleArtifactInfo *Out) {
  return guard([&]() -> NevercStatus {
    IRDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = liveFrame(D, F, &TS); !isOk(S))
      return S;
    if (NevercStatus S = checkHeader(Out, sizeof *Out,
                                     Phase == core::Phase_IR_GENERATE
                                         ? NEVERC_IR_GEN_API_MAJOR
                                         : NEVERC_IR_OPTIMIZATION_API_MAJOR);
        !isOk(S))
      return S;
    ModuleBox *Box = nullptr;
    if (NevercStatus S = boxOf(*TS, A, BoxTag::Module, &Box); !isOk(S))
      return S;
    NevercIRModuleArtifactInfo R{};
    R.Product = Box->Product;
    R.TargetTriple = view(Box->M->getTargetTriple().str());
    R.DataLayout = view(Box->M->getDataLayoutStr());
    R.Generation = Box->Generation;
    R.DependencyDigest = NevercByteView{Box->Digest.data(), Box->Digest.size()};
    writeOut(Out, R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL generateInput(void *Ctx, const NevercPhaseFrame *F,
                                       NevercArtifactHandle A,
                                       NevercIRGeneratePhaseInput *Out) {
  return guard([&]() -> NevercStatus {
    IRDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = liveFrame(D, F, &TS); !isOk(S))
      return S;
    if (NevercStatus S =
            checkHeader(Out, sizeof *Out, NEVERC_IR_GEN_API_MAJOR);
        !isOk(S))
      return S;
    GenerateInBox *In = nullptr;
    if (NevercStatus S = boxOf(*TS, A, BoxTag::GenerateInput, &In); !isOk(S))
      return S;
    NevercIRGeneratePhaseInput R{};
    R.SemanticUnit = A;
    R.SemanticProduct = NevercInterfaceID{NEVERC_SEMANTIC_PRODUCT_STANDARD_HIGH,
                                          NEVERC_SEMANTIC_PRODUCT_STANDARD_LOW};
    R.TargetTriple = view(TS->Triple);
    R.DataLayout = view(TS->DataLayout);
    R.SourceIdentity = view(TS->Main->getSourceFileName());
    R.SourceDigest = NevercByteView{nullptr, 0};
    writeOut(Out, R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL optimizeInput(void *Ctx, const NevercPhaseFrame *F,
                                       NevercArtifactHandle A,
                                       NevercIROptimizationPhaseInput *Out) {
  return guard([&]() -> NevercStatus {
    IRDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = liveFrame(D, F, &TS); !isOk(S))
      return S;
    if (NevercStatus S =
            checkHeader(Out, sizeof *Out, NEVERC_IR_OPTIMIZATION_API_MAJOR);
        !isOk(S))
      return S;
    ModuleBox *In = nullptr;
    if (NevercStatus S = boxOf(*TS, A, BoxTag::Module, &In); !isOk(S))
      return S;
    NevercIROptimizationPhaseInput R{};
    R.Module = A;
    R.Product = In->Product;
    R.TargetTriple = view(TS->Triple);
    R.DataLayout = view(TS->DataLayout);
    R.OptimizationLevel = TS->OptLevel;
    R.DisableLLVMPasses = TS->SavedDisableLLVMPasses ? NEVERC_TRUE : NEVERC_FALSE;
    R.InputDigest = NevercByteView{In->Digest.data(), In->Digest.size()};
    writeOut(Out, R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL inputModule(void *Ctx, const NevercPhaseFrame *F,
                                     NevercArtifactHandle A,
                                     const NevercIRCoreAPI **Core,
                                     const NevercIRBuilderAPI **Builder) {
  return guard([&]() -> NevercStatus {
    IRDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = frameOf(D, F, core::Phase_IR_OPTIMIZE, &TS); !isOk(S))
      return S;
    ModuleBox *In = nullptr;
    if (NevercStatus S = boxOf(*TS, A, BoxTag::Module, &In); !isOk(S))
      return S;
    if (TS->Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    // Back to the incoming module: a module of the provider's own goes.
    if (TS->Pending) {
      TS->dropValueHandles();
      TS->Pending.reset();
    }
    TS->M = TS->Main;
    return tables(D, Core, Builder);
  });
}

NevercStatus NEVERC_CALL runBuiltin(void *Ctx, const NevercPhaseFrame *F,
                                    NevercArtifactHandle *Out) {
  return guard([&]() -> NevercStatus {
    IRDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = frameOf(D, F, core::Phase_IR_OPTIMIZE, &TS); !isOk(S))
      return S;
    NEVERC_IR_OUT(Out);
    // Clang's pipeline runs on the module Clang's backend holds.
    if (TS->Open || TS->Pending)
      return st(NEVERC_STATUS_INVALID_STATE);
    if (NevercStatus S = runClangPipeline(D, *TS); !isOk(S))
      return S;
    ModuleBox &Box = TS->Published.emplace_back();
    Box.M = TS->Main;
    Box.Stage = 2;
    Box.Generation = TS->Generation;
    *Out = TS->T->createArtifact(D.H.phases().at(core::Phase_IR_OPTIMIZE).Output,
                                 &Box);
    return okStatus();
  });
}

} // namespace

void fillProviders(NevercIRGenAPI &G, NevercIROptimizationAPI &O) {
  G.GetGeneratePhaseInput = &generateInput;
  G.CreateModule = &createModule<core::Phase_IR_GENERATE>;
  G.ImportModule = &importModule<core::Phase_IR_GENERATE>;
  G.PublishModule = &publishModule<core::Phase_IR_GENERATE>;
  G.GetModuleArtifactInfo = &artifactInfo<core::Phase_IR_GENERATE>;
  O.GetOptimizationPhaseInput = &optimizeInput;
  O.GetInputModule = &inputModule;
  O.CreateModule = &createModule<core::Phase_IR_OPTIMIZE>;
  O.ImportModule = &importModule<core::Phase_IR_OPTIMIZE>;
  O.PublishModule = &publishModule<core::Phase_IR_OPTIMIZE>;
  O.GetModuleArtifactInfo = &artifactInfo<core::Phase_IR_OPTIMIZE>;
  O.RunBuiltinPipeline = &runBuiltin;
}

} // namespace neverc::ir
