//===- Generate.cpp - A link's bitcode turned into objects by lto::LTO ----===//
//
// The configuration is lld 22's for ELF (function and data sections, an
// address-significance table, the relocation model the output needs,
// vectorizers from -O2), so that what a graph-linked LTO program runs is
// what an lld-linked one runs. ThinLTO modules go through LLVM's
// in-process backend; with a cache directory, through LLVM's localCache,
// keyed by computeLTOCacheKey's key salted with the caller's (the loaded
// plugins' identities).
//
//===----------------------------------------------------------------------===//
#include "neverc/lto/LTO.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/LTO/Config.h"
#include "llvm/LTO/LTO.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Caching.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

namespace neverc::lto {
namespace {

/// LTO compiles for whichever target the bitcode names; a host that did
/// not initialise LLVM's targets (neverc-ld) gets them here, once.
void initialiseTargets() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
    llvm::InitializeAllAsmParsers();
  });
}

/// A cache key that names the salt too: the same bitcode compiled with
/// another set of plugins is another entry.
std::string saltedKey(llvm::StringRef Key, const std::string &Salt) {
  if (Salt.empty())
    return Key.str();
  std::string Both = Key.str();
  Both += '\0';
  Both += Salt;
  auto H = llvm::SHA1::hash(llvm::arrayRefFromStringRef(Both));
  return llvm::toHex(H, /*LowerCase=*/true);
}

/// Moves a file written aside to \p To: a rename, or across file systems
/// a copy beside \p To renamed over it.
llvm::Error moveInto(const llvm::Twine &From, const std::string &To) {
  if (!llvm::sys::fs::rename(From, To))
    return llvm::Error::success();
  llvm::SmallString<256> Temp;
  if (std::error_code EC =
          llvm::sys::fs::createUniqueFile(To + ".tmp-%%%%%%", Temp))
    return llvm::createFileError(To, EC);
  if (std::error_code EC = llvm::sys::fs::copy_file(From, Temp)) {
    llvm::sys::fs::remove(Temp);
    return llvm::createFileError(To, EC);
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temp, To)) {
    llvm::sys::fs::remove(Temp);
    return llvm::createFileError(To, EC);
  }
  llvm::sys::fs::remove(From);
  return llvm::Error::success();
}

/// Distributed ThinLTO: the index (and imports) files, written under
/// \p Stage by LLVM and moved next to each module; then the module list.
bool commitIndexes(const Options &O, const std::vector<Input> &Inputs,
                   const std::string &Stage, std::string &Error) {
  for (const Input &In : Inputs)
    for (const char *Ext : {".thinlto.bc", ".imports"}) {
      if (!O.EmitImports && llvm::StringRef(Ext) == ".imports")
        continue;
      const std::string Final = In.Name + Ext;
      if (llvm::Error E = moveInto(Stage + In.Name + Ext, Final)) {
        Error = llvm::toString(std::move(E));
        return false;
      }
    }
  if (O.IndexList.empty())
    return true;
  const std::string Aside = Stage + "list";
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Aside, EC);
    if (EC) {
      Error = "cannot write " + O.IndexList + ": " + EC.message();
      return false;
    }
    for (const Input &In : Inputs)
      OS << In.Name << "\n";
  }
  if (llvm::Error E = moveInto(Aside, O.IndexList)) {
    Error = llvm::toString(std::move(E));
    return false;
  }
  return true;
}

/// The optimisation LLVM's LTO backend (lto::opt) runs, built here with
/// the caller's PassBuilder callbacks: LLVM's default full or ThinLTO
/// pipeline for the level, its alias analyses and library info, verified
/// before and after. LTO's own pipeline is then a no-op (OptPipeline).
/// The parts of lto::Config a TargetMachine and a PassBuilder are made of.
struct TargetSetup {
  std::string CPU;
  std::vector<std::string> MAttrs;
  llvm::TargetOptions Options;
  std::optional<llvm::Reloc::Model> RelocModel;
  std::optional<llvm::CodeModel::Model> CodeModel;
  llvm::CodeGenOptLevel CGOptLevel = llvm::CodeGenOptLevel::Default;
  llvm::PipelineTuningOptions PTO;
};

bool optimise(const Options &O, const TargetSetup &C, llvm::Module &M,
              bool Thin, std::string &Error) {
  std::string Why;
  const llvm::Target *T =
      llvm::TargetRegistry::lookupTarget(M.getTargetTriple(), Why);
  if (!T) {
    Error = M.getModuleIdentifier() + ": " + Why;
    return false;
  }
  std::string Features;
  for (const std::string &F : C.MAttrs)
    Features += (Features.empty() ? "" : ",") + F;
  std::unique_ptr<llvm::TargetMachine> TM(
      T->createTargetMachine(M.getTargetTriple(), C.CPU, Features, C.Options,
                             C.RelocModel, C.CodeModel, C.CGOptLevel));
  llvm::PassBuilder PB(TM.get(), C.PTO);
  O.Passes(&PB);
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  llvm::TargetLibraryInfoImpl TLII(TM->getTargetTriple());
  FAM.registerPass([&] { return llvm::TargetLibraryAnalysis(TLII); });
  FAM.registerPass([&] { return PB.buildDefaultAAPipeline(); });
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  llvm::OptimizationLevel Level =
      O.OptLevel == 0   ? llvm::OptimizationLevel::O0
      : O.OptLevel == 1 ? llvm::OptimizationLevel::O1
      : O.OptLevel == 2 ? llvm::OptimizationLevel::O2
                        : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager MPM;
  MPM.addPass(llvm::VerifierPass());
  if (Thin)
    MPM.addPass(PB.buildThinLTODefaultPipeline(Level, nullptr));
  else
    MPM.addPass(PB.buildLTODefaultPipeline(Level, nullptr));
  MPM.addPass(llvm::VerifierPass());
  MPM.run(M, MAM);
  return true;
}

} // namespace

bool generate(const Options &O, const std::vector<Input> &Inputs,
              std::vector<Product> &Out, std::string &Error) {
  initialiseTargets();
  std::mutex DiagLock;
  std::string Diags;
  llvm::lto::Config C;
  // What lld gets from LLVM's codegen flags, where TargetOptions' own
  // default differs: constructors in .init_array (glibc does not run
  // .ctors/.dtors).
  C.Options.UseInitArray = true;
  C.Options.FunctionSections = true;
  C.Options.DataSections = true;
  C.Options.EmitAddrsig = true;
  C.Options.EnableTLSDESC = O.TlsDesc;
  if (O.Relocatable)
    C.RelocModel = std::nullopt;
  else
    C.RelocModel = O.PIC ? llvm::Reloc::PIC_ : llvm::Reloc::Static;
  C.CPU = O.CPU;
  C.MAttrs = O.Features;
  C.OptLevel = O.OptLevel;
  if (auto L = llvm::CodeGenOpt::getLevel(int(O.CGOptLevel)))
    C.CGOptLevel = *L;
  C.PTO.LoopVectorization = C.OptLevel > 1;
  C.PTO.SLPVectorization = C.OptLevel > 1;
  // A caller's hooks: LLVM's module hooks at the three stages (full LTO
  // is task 0, its module after internalization; a ThinLTO module after
  // importing), and with PassBuilder callbacks the pipeline built here.
  std::string HookError;
  // What optimise() builds its target from: the configuration as LTO got
  // it (C itself is moved into LTO).
  TargetSetup Frozen;
  auto AtStage = [&](ModuleStage S, const llvm::Module &M, unsigned Task) {
    std::string E;
    const bool Thin = Task != 0;
    // The module hooks hand a const module; LTO owns it and changes it
    // itself right after: the caller's passes change it in its place.
    auto &Mod = const_cast<llvm::Module &>(M);
    if (O.Hook && !O.Hook(S, &Mod, Thin, Task, E)) {
      std::lock_guard<std::mutex> G(DiagLock);
      if (HookError.empty())
        HookError = E.empty() ? "a module hook stopped LTO" : E;
      return false;
    }
    if (S == ModuleStage::PreOpt && O.Passes &&
        !optimise(O, Frozen, Mod, Thin, E)) {
      std::lock_guard<std::mutex> G(DiagLock);
      if (HookError.empty())
        HookError = E;
      return false;
    }
    return true;
  };
  if (O.Hook || O.Passes) {
    C.PostInternalizeModuleHook = [&](unsigned Task, const llvm::Module &M) {
      // (Full LTO's module is internalized even when only ThinLTO modules
      // came: then it is empty, and no code is generated from it.)
      if (Task != 0 || (M.empty() && M.global_empty()))
        return true;
      return AtStage(ModuleStage::PreOpt, M, Task);
    };
    C.PostImportModuleHook = [&](unsigned Task, const llvm::Module &M) {
      return AtStage(ModuleStage::PreOpt, M, Task);
    };
    C.PostOptModuleHook = [&](unsigned Task, const llvm::Module &M) {
      return AtStage(ModuleStage::PostOpt, M, Task);
    };
    C.PreCodeGenModuleHook = [&](unsigned Task, const llvm::Module &M) {
      return AtStage(ModuleStage::PreCodegen, M, Task);
    };
    if (O.Passes)
      C.OptPipeline = "verify"; // optimise() ran LLVM's pipeline
  }
  C.DiagHandler = [&](const llvm::DiagnosticInfo &DI) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    llvm::DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    std::lock_guard<std::mutex> G(DiagLock);
    if (DI.getSeverity() == llvm::DS_Error) {
      if (Diags.empty())
        Diags = S;
    } else if (DI.getSeverity() == llvm::DS_Warning) {
      llvm::errs() << "warning: " << S << "\n";
    }
  };
  // Distributed ThinLTO writes its files under a directory of its own
  // (NewPrefix + the module's path), moved into place at the end.
  std::string Stage;
  if (O.IndexOnly) {
    llvm::SmallString<128> Dir;
    if (std::error_code EC =
            llvm::sys::fs::createUniqueDirectory("neverc-thinlto", Dir)) {
      Error = "cannot make a directory for the ThinLTO index files: " +
              EC.message();
      return false;
    }
    Stage = std::string(Dir) + "/";
  }
  struct RemoveStage {
    const std::string &Dir;
    ~RemoveStage() {
      if (!Dir.empty())
        llvm::sys::fs::remove_directories(Dir);
    }
  } Cleanup{Stage};
  // The hooks see one module at a time.
  const unsigned Jobs = O.Hook || O.Passes ? 1 : O.Jobs;
  llvm::lto::ThinBackend Backend =
      O.IndexOnly ? llvm::lto::createWriteIndexesThinBackend(
                        llvm::heavyweight_hardware_concurrency(Jobs), "", Stage,
                        "", O.EmitImports, nullptr, nullptr)
                  : llvm::lto::createInProcessThinBackend(
                        llvm::heavyweight_hardware_concurrency(Jobs));
  Frozen = {C.CPU,       C.MAttrs,     C.Options, C.RelocModel,
            C.CodeModel, C.CGOptLevel, C.PTO};
  llvm::lto::LTO L(std::move(C), std::move(Backend));
  for (const Input &In : Inputs) {
    auto F = llvm::lto::InputFile::create(llvm::MemoryBufferRef(
        llvm::StringRef(In.Bytes.data(), In.Bytes.size()), In.Name));
    if (!F) {
      Error = In.Name + ": " + llvm::toString(F.takeError());
      return false;
    }
    if ((*F)->symbols().size() != In.Res.size()) {
      Error = In.Name + ": its resolutions do not match its symbols";
      return false;
    }
    std::vector<llvm::lto::SymbolResolution> Res(In.Res.size());
    for (size_t I = 0; I < In.Res.size(); ++I) {
      Res[I].Prevailing = In.Res[I].Prevailing;
      Res[I].FinalDefinitionInLinkageUnit = In.Res[I].FinalDefinition;
      Res[I].VisibleToRegularObj = In.Res[I].VisibleToRegularObj;
      Res[I].ExportDynamic = In.Res[I].ExportDynamic;
      Res[I].LinkerRedefined = In.Res[I].LinkerRedefined;
    }
    if (llvm::Error E = L.add(std::move(*F), Res)) {
      Error = In.Name + ": " + llvm::toString(std::move(E));
      return false;
    }
  }
  const unsigned Max = L.getMaxTasks();
  std::vector<llvm::SmallString<0>> Streams(Max);
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> Files(Max);
  std::vector<std::string> Names(Max);
  auto AddStream = [&](unsigned Task, const llvm::Twine &Module)
      -> llvm::Expected<std::unique_ptr<llvm::CachedFileStream>> {
    Names[Task] = Module.str();
    return std::make_unique<llvm::CachedFileStream>(
        std::make_unique<llvm::raw_svector_ostream>(Streams[Task]));
  };
  llvm::FileCache Cache;
  if (!O.CacheDir.empty()) {
    auto Local = llvm::localCache("ThinLTO", "Thin", O.CacheDir,
                                  [&](unsigned Task, const llvm::Twine &Module,
                                      std::unique_ptr<llvm::MemoryBuffer> MB) {
                                    Names[Task] = Module.str();
                                    Files[Task] = std::move(MB);
                                  });
    if (!Local) {
      Error = "the LTO cache " + O.CacheDir + ": " +
              llvm::toString(Local.takeError());
      return false;
    }
    const std::string Salt = O.CacheSalt;
    Cache = llvm::FileCache(
        [Inner = *Local, Salt](unsigned Task, llvm::StringRef Key,
                               const llvm::Twine &Module) mutable {
          return Inner(Task, saltedKey(Key, Salt), Module);
        },
        O.CacheDir);
  }
  if (llvm::Error E = L.run(AddStream, Cache)) {
    Error = llvm::toString(std::move(E));
    if (!Diags.empty())
      Error = Diags;
    if (!HookError.empty())
      Error = HookError;
    return false;
  }
  if (!HookError.empty()) {
    Error = HookError;
    return false;
  }
  if (!Diags.empty()) {
    Error = Diags;
    return false;
  }
  if (O.IndexOnly)
    return commitIndexes(O, Inputs, Stage, Error);
  for (unsigned T = 0; T < Max; ++T) {
    Product P;
    P.Task = T;
    if (Files[T]) {
      P.Bytes = std::string_view(Files[T]->getBufferStart(),
                                 Files[T]->getBufferSize());
      P.Owner = std::shared_ptr<const void>(std::move(Files[T]));
    } else if (!Streams[T].empty()) {
      auto Buf = std::make_shared<llvm::SmallString<0>>(std::move(Streams[T]));
      P.Bytes = std::string_view(Buf->data(), Buf->size());
      P.Owner = Buf;
    } else {
      continue;
    }
    // lld's names: the merged module's object is ld-temp.o, a ThinLTO
    // module's is named after its bitcode.
    P.Name = T == 0 ? "ld-temp.o" : Names[T];
    Out.push_back(std::move(P));
  }
  return true;
}

} // namespace neverc::lto
