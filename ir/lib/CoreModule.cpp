//===- CoreModule.cpp - IR_CORE: the module, globals, functions, bitcode --===//
#include "Internal.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Comdat.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace neverc::ir {
namespace {

using V = NevercIRValueHandle;
using SV = NevercStringView;

/// A module string getter and its setter.
template <class Get>
NevercStatus NEVERC_CALL moduleGet(void *Ctx, NevercTaskHandle Task, SV *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    *Out = view(Get::get(*TS->M));
    return okStatus();
  });
}
template <class Set>
NevercStatus NEVERC_CALL moduleSet(void *Ctx, NevercTaskHandle Task, SV In) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    if (!validView(In) || !Set::valid(ref(In)))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(*TS, [&] {
      return [M = TS->M, Old = Set::get(*TS->M).str()] { Set::set(*M, Old); };
    });
    Set::set(*TS->M, ref(In));
    return okStatus();
  });
}
struct Identifier {
  static llvm::StringRef get(llvm::Module &M) { return M.getModuleIdentifier(); }
  static bool valid(llvm::StringRef) { return true; }
  static void set(llvm::Module &M, llvm::StringRef S) {
    M.setModuleIdentifier(S);
  }
};
struct Triple {
  static llvm::StringRef get(llvm::Module &M) {
    return M.getTargetTriple().str();
  }
  static bool valid(llvm::StringRef S) { return !S.empty(); }
  static void set(llvm::Module &M, llvm::StringRef S) {
    M.setTargetTriple(llvm::Triple(S));
  }
};
struct Layout {
  static llvm::StringRef get(llvm::Module &M) { return M.getDataLayoutStr(); }
  static bool valid(llvm::StringRef S) {
    if (auto DL = llvm::DataLayout::parse(S); DL)
      return true;
    else
      llvm::consumeError(DL.takeError());
    return false;
  }
  static void set(llvm::Module &M, llvm::StringRef S) {
    M.setDataLayout(llvm::cantFail(llvm::DataLayout::parse(S)));
  }
};
struct InlineAsm {
  static llvm::StringRef get(llvm::Module &M) { return M.getModuleInlineAsm(); }
  static bool valid(llvm::StringRef) { return true; }
  static void set(llvm::Module &M, llvm::StringRef S) {
    M.setModuleInlineAsm(S);
  }
};

//===--- Globals ----------------------------------------------------------===//

NevercStatus NEVERC_CALL getLinkage(void *Ctx, NevercTaskHandle Task, V H,
                                    NevercIRLinkage *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::GlobalValue *G = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &G); !isOk(S))
      return S;
    *Out = schemaLinkage(G->getLinkage());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setLinkage(void *Ctx, NevercTaskHandle Task, V H,
                                    NevercIRLinkage L) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    llvm::GlobalValue *G = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &G); !isOk(S))
      return S;
    unsigned LL = 0;
    if (!llvmLinkage(L, LL))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(*TS, [&] {
      return [G, L = G->getLinkage(), Vis = G->getVisibility()] {
        G->setLinkage(L);
        G->setVisibility(Vis);
      };
    });
    G->setLinkage(llvm::GlobalValue::LinkageTypes(LL));
    // Local linkage implies default visibility (LLVM's own rule).
    if (G->hasLocalLinkage())
      G->setVisibility(llvm::GlobalValue::DefaultVisibility);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getVisibility(void *Ctx, NevercTaskHandle Task, V H,
                                       NevercIRVisibility *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::GlobalValue *G = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &G); !isOk(S))
      return S;
    *Out = schemaVisibility(G->getVisibility());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setVisibility(void *Ctx, NevercTaskHandle Task, V H,
                                       NevercIRVisibility Vis) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    llvm::GlobalValue *G = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &G); !isOk(S))
      return S;
    unsigned LV = 0;
    if (!llvmVisibility(Vis, LV))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (G->hasLocalLinkage() && LV != llvm::GlobalValue::DefaultVisibility)
      return st(NEVERC_STATUS_INVALID_STATE);
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(*TS, [&] {
      return [G, Vis = G->getVisibility()] { G->setVisibility(Vis); };
    });
    G->setVisibility(llvm::GlobalValue::VisibilityTypes(LV));
    return okStatus();
  });
}

/// Section getters/setters of global objects (functions and variables;
/// aliases have none). \p FunctionOnly: the function slots.
template <bool FunctionOnly>
NevercStatus NEVERC_CALL getSection(void *Ctx, NevercTaskHandle Task, V H,
                                    SV *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::GlobalObject *G = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &G); !isOk(S))
      return S;
    if (FunctionOnly && !llvm::isa<llvm::Function>(G))
      return st(NEVERC_STATUS_WRONG_TYPE);
    *Out = view(G->getSection());
    return okStatus();
  });
}
template <bool FunctionOnly>
NevercStatus NEVERC_CALL setSection(void *Ctx, NevercTaskHandle Task, V H,
                                    SV Section) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    if (!validView(Section))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::GlobalObject *G = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &G); !isOk(S))
      return S;
    if (FunctionOnly && !llvm::isa<llvm::Function>(G))
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(*TS, [&] {
      return [G, Old = G->getSection().str()] { G->setSection(Old); };
    });
    G->setSection(ref(Section));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getOrInsertComdat(void *Ctx, NevercTaskHandle Task,
                                           SV Name, NevercIRComdatHandle *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    if (!validView(Name) || !Name.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto &Table = TS->M->getComdatSymbolTable();
    auto It = Table.find(ref(Name));
    llvm::Comdat *C = It != Table.end() ? &It->second : nullptr;
    if (!C) {
      if (NevercStatus S = beginChange(*TS); !isOk(S))
        return S;
      C = TS->M->getOrInsertComdat(ref(Name));
      onRollback(*TS, [&] {
        return [TS, M = TS->M, C] {
          TS->forget(C);
          M->getComdatSymbolTable().erase(C->getName());
        };
      });
    }
    *Out = TS->comdat(C);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getGlobalComdat(void *Ctx, NevercTaskHandle Task, V H,
                                         NevercIRComdatHandle *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::GlobalObject *G = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &G); !isOk(S))
      return S;
    *Out = TS->comdat(G->getComdat()); // null: none
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setGlobalComdat(void *Ctx, NevercTaskHandle Task, V H,
                                         NevercIRComdatHandle Comdat) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    llvm::GlobalObject *G = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &G); !isOk(S))
      return S;
    llvm::Comdat *C = nullptr; // a null handle takes it out of its comdat
    if (Comdat.Owner || Comdat.Value)
      if (NevercStatus S = comdatOf(D, *TS, Comdat, &C); !isOk(S))
        return S;
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(
        *TS, [&] { return [G, Old = G->getComdat()] { G->setComdat(Old); }; });
    G->setComdat(C);
    return okStatus();
  });
}

//===--- Functions --------------------------------------------------------===//

NevercStatus NEVERC_CALL getCallingConv(void *Ctx, NevercTaskHandle Task, V H,
                                        NevercIRCallingConvention *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Function *F = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &F); !isOk(S))
      return S;
    *Out = schemaCallingConvention(F->getCallingConv());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setCallingConv(void *Ctx, NevercTaskHandle Task, V H,
                                        NevercIRCallingConvention CC) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    llvm::Function *F = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &F); !isOk(S))
      return S;
    unsigned LC = 0;
    if (!llvmCallingConvention(CC, LC))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(*TS, [&] {
      return [F, Old = F->getCallingConv()] { F->setCallingConv(Old); };
    });
    F->setCallingConv(llvm::CallingConv::ID(LC));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getPersonality(void *Ctx, NevercTaskHandle Task, V H,
                                        V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Function *F = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &F); !isOk(S))
      return S;
    *Out = TS->value(F->hasPersonalityFn() ? F->getPersonalityFn() : nullptr);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setPersonality(void *Ctx, NevercTaskHandle Task, V H,
                                        V Personality) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    llvm::Function *F = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &F); !isOk(S))
      return S;
    llvm::Constant *P = nullptr; // a null handle removes it
    if (Personality.Owner || Personality.Value)
      if (NevercStatus S = valueAs(D, *TS, Personality, &P); !isOk(S))
        return S;
    if (P && !P->getType()->isPointerTy())
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(*TS, [&] {
      return
          [F, Old = F->hasPersonalityFn() ? F->getPersonalityFn() : nullptr] {
            F->setPersonalityFn(Old);
          };
    });
    F->setPersonalityFn(P);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getGC(void *Ctx, NevercTaskHandle Task, V H, SV *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    llvm::Function *F = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &F); !isOk(S))
      return S;
    *Out = F->hasGC() ? view(F->getGC()) : view("");
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setGC(void *Ctx, NevercTaskHandle Task, V H, SV GC) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    if (!validView(GC))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::Function *F = nullptr;
    if (NevercStatus S = valueAs(D, *TS, H, &F); !isOk(S))
      return S;
    if (NevercStatus S = beginChange(*TS); !isOk(S))
      return S;
    onRollback(*TS, [&] {
      return
          [F, Had = F->hasGC(), Old = F->hasGC() ? F->getGC() : std::string()] {
            if (Had)
              F->setGC(Old);
            else
              F->clearGC();
          };
    });
    if (GC.Length)
      F->setGC(std::string(ref(GC)));
    else
      F->clearGC();
    return okStatus();
  });
}

//===--- Serialization ----------------------------------------------------===//

NevercStatus NEVERC_CALL importModule(void *Ctx, NevercTaskHandle Task,
                                      NevercIRSerializationFormat Format,
                                      NevercByteView Bytes) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    if (!Bytes.Data && Bytes.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (Format != NEVERC_IR_SERIALIZATION_BITCODE &&
        Format != NEVERC_IR_SERIALIZATION_TEXT)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (mayNotMutate(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    // A link rewrites the module: a FUNCTION/LOOP mutation could not undo
    // it (a MODULE mutation can).
    if (TS->Open && TS->Open->Scope != NEVERC_IR_MUTATION_SCOPE_MODULE)
      return st(NEVERC_STATUS_INVALID_STATE);
    std::string Why;
    std::unique_ptr<llvm::Module> New = parseModule(*TS, Format, Bytes, Why);
    if (!New) {
      D.diag(NEVERC_DIAGNOSTIC_WARNING, "ImportModule refused: " + Why);
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    // Link semantics: the imported definitions join the task's module (a
    // plugin brings its runtime support as IR). A link that fails leaves
    // the module as it was: it is restored from a snapshot.
    std::unique_ptr<llvm::Module> Snapshot = snapshotModule(*TS->M);
    if (NevercStatus S = beginChange(*TS, true); !isOk(S))
      return S;
    TS->dropValueHandles();
    if (!linkInto(*TS->M, std::move(New), Why)) {
      restoreModule(*TS, std::move(Snapshot));
      D.diag(NEVERC_DIAGNOSTIC_WARNING, "ImportModule refused: " + Why);
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    return okStatus();
  });
}

NevercStatus NEVERC_CALL exportModule(void *Ctx, NevercTaskHandle Task,
                                      NevercIRSerializationFormat Format,
                                      NevercIRSerializedBufferHandle *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    auto Buf = std::make_shared<llvm::SmallVector<char, 0>>();
    llvm::raw_svector_ostream OS(*Buf);
    if (Format == NEVERC_IR_SERIALIZATION_BITCODE)
      llvm::WriteBitcodeToFile(*TS->M, OS);
    else if (Format == NEVERC_IR_SERIALIZATION_TEXT)
      TS->M->print(OS, nullptr);
    else
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = TS->Buffers.insert(std::move(Buf));
    return okStatus();
  });
}

NevercStatus bufferOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                      std::shared_ptr<llvm::SmallVector<char, 0>> **Out) {
  if (core::decodeHandle(H).Kind != hk(IRHandleKind::Buffer))
    return st(NEVERC_STATUS_WRONG_TYPE);
  if (NevercStatus S = core::checkHandleScope(H, hk(IRHandleKind::Buffer),
                                              TS.Scope, D.H, true);
      !isOk(S))
    return S;
  if (!(*Out = TS.Buffers.lookup(H)))
    return st(NEVERC_STATUS_STALE_HANDLE);
  return okStatus();
}

NevercStatus NEVERC_CALL getBufferView(void *Ctx, NevercTaskHandle Task,
                                       NevercIRSerializedBufferHandle H,
                                       NevercByteView *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    std::shared_ptr<llvm::SmallVector<char, 0>> *B = nullptr;
    if (NevercStatus S = bufferOf(D, *TS, H, &B); !isOk(S))
      return S;
    *Out = NevercByteView{reinterpret_cast<const uint8_t *>((*B)->data()),
                          (*B)->size()};
    return okStatus();
  });
}

NevercStatus NEVERC_CALL releaseBuffer(void *Ctx, NevercTaskHandle Task,
                                       NevercIRSerializedBufferHandle H) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    std::shared_ptr<llvm::SmallVector<char, 0>> *B = nullptr;
    if (NevercStatus S = bufferOf(D, *TS, H, &B); !isOk(S))
      return S;
    TS->Buffers.erase(H);
    return okStatus();
  });
}

} // namespace

namespace {
/// LLVM's readers "upgrade" debug info, and when the module does not
/// verify they end the process (report_fatal_error). A plugin's module
/// must be refused instead: the upgrade is off while the domain reads, and
/// the domain verifies the module itself.
class NoDebugInfoUpgrade {
public:
  NoDebugInfoUpgrade() {
    auto &Options = llvm::cl::getRegisteredOptions();
    auto It = Options.find("disable-auto-upgrade-debug-info");
    if (It != Options.end()) {
      Opt = static_cast<llvm::cl::opt<bool> *>(It->second);
      Saved = *Opt;
      *Opt = true;
    }
  }
  ~NoDebugInfoUpgrade() {
    if (Opt)
      *Opt = Saved;
  }
  bool active() const { return Opt != nullptr; }

private:
  llvm::cl::opt<bool> *Opt = nullptr;
  bool Saved = false;
};
} // namespace

std::unique_ptr<llvm::Module> parseModule(TaskState &TS,
                                          NevercIRSerializationFormat Format,
                                          NevercByteView Bytes,
                                          std::string &Why) {
  NoDebugInfoUpgrade Guard;
  llvm::MemoryBufferRef Buf(
      llvm::StringRef(reinterpret_cast<const char *>(Bytes.Data), Bytes.Length),
      "<plugin module>");
  llvm::LLVMContext &C = TS.M->getContext();
  std::unique_ptr<llvm::Module> New;
  if (Format == NEVERC_IR_SERIALIZATION_BITCODE) {
    auto R = llvm::parseBitcodeFile(Buf, C);
    if (!R)
      Why = llvm::toString(R.takeError());
    else
      New = std::move(*R);
  } else {
    // Clang's context drops local value names (-discard-value-names, its
    // release default); LLVM's text parser refuses to read IR into such a
    // context, so names are kept while it reads.
    const bool Discard = C.shouldDiscardValueNames();
    C.setDiscardValueNames(false);
    llvm::SMDiagnostic Err;
    New = llvm::parseAssembly(Buf, Err, C);
    C.setDiscardValueNames(Discard);
    if (!New) // one line: where, and what (no source excerpt)
      Why = "line " + std::to_string(Err.getLineNo()) + ", column " +
            std::to_string(Err.getColumnNo() + 1) + ": " +
            Err.getMessage().str();
  }
  if (New) {
    llvm::raw_string_ostream OS(Why);
    if (llvm::verifyModule(*New, &OS)) {
      New.reset();
      for (char &C : Why)
        if (C == '\n')
          C = ' ';
      Why = "the module is not valid IR: " + Why;
    }
  }
  while (!Why.empty() && (Why.back() == '\n' || Why.back() == ' '))
    Why.pop_back();
  return New;
}

std::unique_ptr<llvm::Module> snapshotModule(const llvm::Module &M) {
  // Not bitcode: reading it back into the same context would rename named
  // struct types (the originals still hold the names) and register
  // metadata kinds, so the restored module would write other bytes.
  return llvm::CloneModule(M);
}

namespace {
/// Collects what the linker reports instead of letting the compile's
/// handler turn it into an error of the compile.
struct CollectLinkDiagnostics : llvm::DiagnosticHandler {
  std::string *Out;
  explicit CollectLinkDiagnostics(std::string *Out) : Out(Out) {}
  bool handleDiagnostics(const llvm::DiagnosticInfo &DI) override {
    if (DI.getSeverity() == llvm::DS_Error) {
      llvm::raw_string_ostream OS(*Out);
      llvm::DiagnosticPrinterRawOStream DP(OS);
      if (!Out->empty())
        OS << "; ";
      DI.print(DP);
    }
    return true;
  }
};
} // namespace

bool linkInto(llvm::Module &M, std::unique_ptr<llvm::Module> New,
              std::string &Why) {
  llvm::LLVMContext &C = M.getContext();
  std::unique_ptr<llvm::DiagnosticHandler> Saved = C.getDiagnosticHandler();
  C.setDiagnosticHandler(std::make_unique<CollectLinkDiagnostics>(&Why));
  bool Failed = llvm::Linker::linkModules(M, std::move(New));
  C.setDiagnosticHandler(std::move(Saved));
  if (Failed && Why.empty())
    Why = "the module could not be linked in";
  return !Failed;
}

/// Moves every global variable, function, alias and ifunc of \p From to
/// the end of \p To's lists, in their order; their comdats become \p To's
/// (so neither module's comdat table is left pointing at the other).
static void moveGlobals(llvm::Module &From, llvm::Module &To) {
  auto Recomdat = [&](llvm::GlobalObject &GO) {
    if (const llvm::Comdat *Old = GO.getComdat()) {
      llvm::Comdat *C = To.getOrInsertComdat(Old->getName());
      C->setSelectionKind(Old->getSelectionKind());
      GO.setComdat(C);
    }
  };
  while (!From.global_empty()) {
    llvm::GlobalVariable *G = &*From.global_begin();
    G->removeFromParent();
    To.insertGlobalVariable(G);
    Recomdat(*G);
  }
  while (!From.empty()) {
    llvm::Function *F = &*From.begin();
    F->removeFromParent();
    To.getFunctionList().push_back(F);
    Recomdat(*F);
  }
  while (!From.alias_empty()) {
    llvm::GlobalAlias *A = &*From.alias_begin();
    A->removeFromParent();
    To.insertAlias(A);
  }
  while (!From.ifunc_empty()) {
    llvm::GlobalIFunc *I = &*From.ifunc_begin();
    I->removeFromParent();
    To.insertIFunc(I);
  }
}

void adoptModule(TaskState &TS, std::unique_ptr<llvm::Module> New) {
  llvm::Module &M = *TS.M;
  TS.dropValueHandles();
  ++TS.Replacements;
  // Empty the module Clang's backend holds, then move the new contents in,
  // in their order (so the module writes the same bitcode it was read from).
  M.dropAllReferences();
  while (!M.ifunc_empty())
    M.ifunc_begin()->eraseFromParent();
  while (!M.alias_empty())
    M.alias_begin()->eraseFromParent();
  while (!M.empty())
    M.begin()->eraseFromParent();
  while (!M.global_empty())
    M.global_begin()->eraseFromParent();
  while (!M.named_metadata_empty())
    M.eraseNamedMetadata(&*M.named_metadata_begin());
  M.getComdatSymbolTable().clear();
  M.setModuleInlineAsm(New->getModuleInlineAsm());
  M.setTargetTriple(New->getTargetTriple());
  M.setDataLayout(New->getDataLayout());
  M.setSourceFileName(New->getSourceFileName());
  moveGlobals(*New, M);
  for (llvm::NamedMDNode &N : New->named_metadata()) {
    llvm::NamedMDNode *To = M.getOrInsertNamedMetadata(N.getName());
    for (llvm::MDNode *Op : N.operands())
      To->addOperand(Op);
  }
}

void vacateModule(TaskState &TS) {
  llvm::Module &M = *TS.M;
  TS.dropValueHandles();
  ++TS.Replacements;
  auto Side =
      std::make_unique<llvm::Module>(M.getModuleIdentifier(), M.getContext());
  // Moved, not erased: erasing would walk and free every instruction, a
  // few percent of a -O0 compile; moving relinks each global once.
  moveGlobals(M, *Side);
  while (!M.named_metadata_empty())
    M.eraseNamedMetadata(&*M.named_metadata_begin());
  M.getComdatSymbolTable().clear();
  M.setModuleInlineAsm("");
  // Left to the context: an LLVMContext deletes the modules still in it
  // when it is destroyed (with Clang's CodeGenAction; under -disable-free
  // never, as Clang leaves its own). Owning it here outlived the context
  // when a process runs several compiles without -disable-free: the task's
  // state was swept after the context had gone (a crash in the main job,
  // two files with CensusPlugin).
  (void)Side.release();
}

void restoreModule(TaskState &TS, std::unique_ptr<llvm::Module> Snapshot) {
  if (Snapshot)
    adoptModule(TS, std::move(Snapshot));
}

void fillCoreModule(NevercIRCoreAPI &T) {
  T.GetModuleIdentifier = &moduleGet<Identifier>;
  T.SetModuleIdentifier = &moduleSet<Identifier>;
  T.GetModuleTargetTriple = &moduleGet<Triple>;
  T.SetModuleTargetTriple = &moduleSet<Triple>;
  T.GetModuleDataLayout = &moduleGet<Layout>;
  T.SetModuleDataLayout = &moduleSet<Layout>;
  T.GetModuleInlineAssembly = &moduleGet<InlineAsm>;
  T.SetModuleInlineAssembly = &moduleSet<InlineAsm>;
  T.GetGlobalLinkage = &getLinkage;
  T.SetGlobalLinkage = &setLinkage;
  T.GetGlobalVisibility = &getVisibility;
  T.SetGlobalVisibility = &setVisibility;
  T.GetGlobalSection = &getSection<false>;
  T.SetGlobalSection = &setSection<false>;
  T.GetOrInsertComdat = &getOrInsertComdat;
  T.GetGlobalComdat = &getGlobalComdat;
  T.SetGlobalComdat = &setGlobalComdat;
  T.GetFunctionCallingConvention = &getCallingConv;
  T.SetFunctionCallingConvention = &setCallingConv;
  T.GetFunctionPersonality = &getPersonality;
  T.SetFunctionPersonality = &setPersonality;
  T.GetFunctionGC = &getGC;
  T.SetFunctionGC = &setGC;
  T.GetFunctionSection = &getSection<true>;
  T.SetFunctionSection = &setSection<true>;
  T.ImportModule = &importModule;
  T.ExportModule = &exportModule;
  T.GetSerializedBufferView = &getBufferView;
  T.ReleaseSerializedBuffer = &releaseBuffer;
}

} // namespace neverc::ir
