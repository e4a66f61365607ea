//===- Analyses.cpp - IR_ANALYSIS: built-in and plugin analyses -----------===//
//
// Built-in analyses come from LLVM's own analysis managers (a PassBuilder's
// registered analyses, made on first use per task): dominator and
// post-dominator trees, loops, scalar evolution, MemorySSA and alias
// analysis per function, the call graph per module. A result handle names
// the IR as it was when it was computed: any change through the tables
// (the module's generation) or a run of LLVM's own passes makes it stale.
//
// Plugin analyses (RegisterAnalysis) are computed for the unit of the pass
// invocation that asks (QueryCustom): the module, the function, the loop or
// the first function of the SCC, their dependencies first, and cached until
// a pass changes the module without listing them in CustomAnalyses
// (Invalidate with INVALIDATED_BY_PASS, then Destroy) or the results are
// dropped wholesale (INVALIDATED_BY_PLAN_DESTROY). LLVM keys analysis
// results by a static AnalysisKey per C++ type, so plugin analyses are kept
// here rather than in LLVM's managers. Their callbacks may not change IR.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemorySSA.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Passes/PassBuilder.h"

#include <cstring>

namespace neverc::ir {

/// What a result handle names.
struct ResultRef {
  bool Custom = false;
  NevercIRBuiltinAnalysis Kind = 0;
  llvm::Function *F = nullptr; ///< built-in, function-level
  uint64_t Generation = 0;
  size_t Entry = 0; ///< custom: index into AnalysisState::Cache
};

struct CachedResult {
  size_t Analysis = 0; ///< index into Impl::AnalysisRecords
  const void *Unit = nullptr;
  void *Result = nullptr;
  bool Live = false;
};

struct AnalysisState {
  explicit AnalysisState(core::HandleScope S)
      : Results(hk(IRHandleKind::AnalysisResult), S) {}
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  std::unique_ptr<llvm::PassBuilder> PB;
  uint64_t Generation = 0; ///< of the module when the managers' results were
  std::unique_ptr<llvm::CallGraph> CG;
  core::HandleTable<ResultRef> Results;
  std::vector<CachedResult> Cache;
  const IRDomain::Impl *D = nullptr;
  std::vector<size_t> Computing; ///< the dependency chain being computed

  ~AnalysisState() {
    // LLVM's managers reference each other through the proxies: clear them
    // before they go.
    FAM.clear();
    MAM.clear();
  }
  void ensureManagers() {
    if (PB)
      return;
    PB = std::make_unique<llvm::PassBuilder>();
    PB->registerModuleAnalyses(MAM);
    PB->registerCGSCCAnalyses(CGAM);
    PB->registerFunctionAnalyses(FAM);
    PB->registerLoopAnalyses(LAM);
    PB->crossRegisterProxies(LAM, FAM, CGAM, MAM);
  }
  /// LLVM's results describe the module of generation \p G.
  void sync(uint64_t G) {
    if (G == Generation)
      return;
    FAM.clear();
    MAM.clear();
    CG.reset();
    Generation = G;
  }
};

namespace {

using RH = NevercIRAnalysisResultHandle;
using V = NevercIRValueHandle;

AnalysisState &stateOf(TaskState &TS) {
  if (!TS.Analyses)
    TS.Analyses = std::make_shared<AnalysisState>(TS.Scope);
  return *TS.Analyses;
}

bool sameID(NevercInterfaceID A, NevercInterfaceID B) {
  return A.High == B.High && A.Low == B.Low;
}

NevercStatus resultOf(IRDomain::Impl &D, TaskState &TS, RH H, ResultRef **Out) {
  if (core::decodeHandle(H).Kind != hk(IRHandleKind::AnalysisResult))
    return st(NEVERC_STATUS_WRONG_TYPE);
  if (NevercStatus S = core::checkHandleScope(
          H, hk(IRHandleKind::AnalysisResult), TS.Scope, D.H, true);
      !isOk(S))
    return S;
  AnalysisState &A = stateOf(TS);
  ResultRef *R = A.Results.lookup(H);
  if (!R)
    return st(NEVERC_STATUS_STALE_HANDLE);
  // The IR changed since: the result no longer describes it.
  if (!R->Custom && R->Generation != TS.Generation)
    return st(NEVERC_STATUS_STALE_HANDLE);
  if (R->Custom && !A.Cache[R->Entry].Live)
    return st(NEVERC_STATUS_STALE_HANDLE);
  *Out = R;
  return okStatus();
}

/// A built-in result of \p Kind for the slot at hand.
NevercStatus builtinOf(IRDomain::Impl &D, TaskState &TS, RH H,
                       std::initializer_list<NevercIRBuiltinAnalysis> Kinds,
                       ResultRef **Out) {
  if (NevercStatus S = resultOf(D, TS, H, Out); !isOk(S))
    return S;
  if ((*Out)->Custom)
    return st(NEVERC_STATUS_WRONG_TYPE);
  for (NevercIRBuiltinAnalysis K : Kinds)
    if ((*Out)->Kind == K)
      return okStatus();
  return st(NEVERC_STATUS_WRONG_TYPE);
}

template <class A> typename A::Result &get(TaskState &TS, llvm::Function &F) {
  AnalysisState &S = stateOf(TS);
  S.ensureManagers();
  S.sync(TS.Generation);
  return S.FAM.getResult<A>(F);
}

llvm::CallGraph &callGraph(TaskState &TS) {
  AnalysisState &S = stateOf(TS);
  S.sync(TS.Generation);
  if (!S.CG)
    S.CG = std::make_unique<llvm::CallGraph>(*TS.M);
  return *S.CG;
}

NevercStatus NEVERC_CALL queryBuiltin(void *Ctx, NevercTaskHandle Task,
                                      NevercIRBuiltinAnalysis Kind, V Scope,
                                      RH *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    ResultRef R;
    R.Kind = Kind;
    R.Generation = TS->Generation;
    if (Kind == NEVERC_IR_ANALYSIS_CALL_GRAPH) {
      if (core::decodeHandle(Scope).Kind != hk(IRHandleKind::Module))
        return st(NEVERC_STATUS_WRONG_TYPE);
      if (Scope.Owner != TS->ModuleHandle.Owner ||
          Scope.Value != TS->ModuleHandle.Value)
        return st(NEVERC_STATUS_WRONG_SCOPE);
      (void)callGraph(*TS);
    } else {
      if (Kind < NEVERC_IR_ANALYSIS_DOMINATOR_TREE ||
          Kind > NEVERC_IR_ANALYSIS_POST_DOMINATOR_TREE)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      if (NevercStatus S = valueAs(D, *TS, Scope, &R.F); !isOk(S))
        return S;
      if (R.F->isDeclaration())
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      // Computed now, so the first query pays and a failure shows here.
      switch (Kind) {
      case NEVERC_IR_ANALYSIS_DOMINATOR_TREE:
        (void)get<llvm::DominatorTreeAnalysis>(*TS, *R.F);
        break;
      case NEVERC_IR_ANALYSIS_POST_DOMINATOR_TREE:
        (void)get<llvm::PostDominatorTreeAnalysis>(*TS, *R.F);
        break;
      case NEVERC_IR_ANALYSIS_LOOP_INFO:
        (void)get<llvm::LoopAnalysis>(*TS, *R.F);
        break;
      case NEVERC_IR_ANALYSIS_SCALAR_EVOLUTION:
        (void)get<llvm::ScalarEvolutionAnalysis>(*TS, *R.F);
        break;
      case NEVERC_IR_ANALYSIS_MEMORY_SSA:
        (void)get<llvm::MemorySSAAnalysis>(*TS, *R.F);
        break;
      case NEVERC_IR_ANALYSIS_ALIAS:
        (void)get<llvm::AAManager>(*TS, *R.F);
        break;
      }
    }
    *Out = stateOf(*TS).Results.insert(R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL dominates(void *Ctx, NevercTaskHandle Task, RH H,
                                   V A, V B, NevercBool *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    ResultRef *R = nullptr;
    if (NevercStatus S = builtinOf(D, *TS, H,
                                   {NEVERC_IR_ANALYSIS_DOMINATOR_TREE,
                                    NEVERC_IR_ANALYSIS_POST_DOMINATOR_TREE},
                                   &R);
        !isOk(S))
      return S;
    llvm::Value *X = nullptr, *Y = nullptr;
    if (NevercStatus S = valueOf(D, *TS, A, &X); !isOk(S))
      return S;
    if (NevercStatus S = valueOf(D, *TS, B, &Y); !isOk(S))
      return S;
    auto Home = [](llvm::Value *Val) -> llvm::Function * {
      if (auto *I = llvm::dyn_cast<llvm::Instruction>(Val))
        return I->getFunction();
      if (auto *BB = llvm::dyn_cast<llvm::BasicBlock>(Val))
        return BB->getParent();
      return nullptr;
    };
    if (!Home(X) || !Home(Y))
      return st(NEVERC_STATUS_WRONG_TYPE);
    if (Home(X) != R->F || Home(Y) != R->F)
      return st(NEVERC_STATUS_WRONG_SCOPE);
    bool Dom;
    if (R->Kind == NEVERC_IR_ANALYSIS_DOMINATOR_TREE) {
      auto &DT = get<llvm::DominatorTreeAnalysis>(*TS, *R->F);
      auto *BX = llvm::dyn_cast<llvm::BasicBlock>(X);
      auto *BY = llvm::dyn_cast<llvm::BasicBlock>(Y);
      if (BX && BY)
        Dom = DT.dominates(BX, BY);
      else if (BY)
        Dom = DT.dominates(llvm::cast<llvm::Instruction>(X)->getParent(), BY) &&
              llvm::cast<llvm::Instruction>(X)->getParent() != BY;
      else if (BX)
        Dom = DT.dominates(BX, llvm::cast<llvm::Instruction>(Y)->getParent());
      else
        Dom = DT.dominates(llvm::cast<llvm::Instruction>(X),
                           llvm::cast<llvm::Instruction>(Y));
    } else {
      auto &PDT = get<llvm::PostDominatorTreeAnalysis>(*TS, *R->F);
      auto *BX = llvm::dyn_cast<llvm::BasicBlock>(X);
      auto *BY = llvm::dyn_cast<llvm::BasicBlock>(Y);
      if (BX && BY)
        Dom = PDT.dominates(BX, BY);
      else if (!BX && !BY)
        Dom = PDT.dominates(llvm::cast<llvm::Instruction>(X),
                            llvm::cast<llvm::Instruction>(Y));
      else
        Dom = PDT.dominates(BX ? BX : llvm::cast<llvm::Instruction>(X)->getParent(),
                            BY ? BY : llvm::cast<llvm::Instruction>(Y)->getParent());
    }
    *Out = Dom ? NEVERC_TRUE : NEVERC_FALSE;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL loopCount(void *Ctx, NevercTaskHandle Task, RH H,
                                   uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    ResultRef *R = nullptr;
    if (NevercStatus S =
            builtinOf(D, *TS, H, {NEVERC_IR_ANALYSIS_LOOP_INFO}, &R);
        !isOk(S))
      return S;
    *Out = get<llvm::LoopAnalysis>(*TS, *R->F).getLoopsInPreorder().size();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL loopHeader(void *Ctx, NevercTaskHandle Task, RH H,
                                    uint64_t Index, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    ResultRef *R = nullptr;
    if (NevercStatus S =
            builtinOf(D, *TS, H, {NEVERC_IR_ANALYSIS_LOOP_INFO}, &R);
        !isOk(S))
      return S;
    auto Loops = get<llvm::LoopAnalysis>(*TS, *R->F).getLoopsInPreorder();
    if (Index >= Loops.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->value(Loops[Index]->getHeader());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL loopForBlock(void *Ctx, NevercTaskHandle Task, RH H,
                                      V Block, V *OutHeader, uint32_t *OutDepth) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(OutHeader);
    NEVERC_IR_OUT(OutDepth);
    ResultRef *R = nullptr;
    llvm::BasicBlock *BB = nullptr;
    if (NevercStatus S =
            builtinOf(D, *TS, H, {NEVERC_IR_ANALYSIS_LOOP_INFO}, &R);
        !isOk(S))
      return S;
    if (NevercStatus S = valueAs(D, *TS, Block, &BB); !isOk(S))
      return S;
    if (BB->getParent() != R->F)
      return st(NEVERC_STATUS_WRONG_SCOPE);
    llvm::Loop *L = get<llvm::LoopAnalysis>(*TS, *R->F).getLoopFor(BB);
    *OutHeader = TS->value(L ? L->getHeader() : nullptr);
    *OutDepth = L ? L->getLoopDepth() : 0;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL tripCount(void *Ctx, NevercTaskHandle Task, RH H,
                                   V Header, NevercBool *OutKnown,
                                   uint64_t *OutCount) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(OutKnown);
    NEVERC_IR_OUT(OutCount);
    ResultRef *R = nullptr;
    llvm::BasicBlock *BB = nullptr;
    if (NevercStatus S =
            builtinOf(D, *TS, H, {NEVERC_IR_ANALYSIS_SCALAR_EVOLUTION}, &R);
        !isOk(S))
      return S;
    if (NevercStatus S = valueAs(D, *TS, Header, &BB); !isOk(S))
      return S;
    if (BB->getParent() != R->F)
      return st(NEVERC_STATUS_WRONG_SCOPE);
    llvm::Loop *L = get<llvm::LoopAnalysis>(*TS, *R->F).getLoopFor(BB);
    if (!L || L->getHeader() != BB)
      return st(NEVERC_STATUS_INVALID_ARGUMENT); // not a loop header
    unsigned N = get<llvm::ScalarEvolutionAnalysis>(*TS, *R->F)
                     .getSmallConstantTripCount(L);
    *OutKnown = N ? NEVERC_TRUE : NEVERC_FALSE;
    *OutCount = N;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL memoryAccess(void *Ctx, NevercTaskHandle Task, RH H,
                                      V Value, NevercIRMemoryAccessKind *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    ResultRef *R = nullptr;
    llvm::Value *X = nullptr;
    if (NevercStatus S =
            builtinOf(D, *TS, H, {NEVERC_IR_ANALYSIS_MEMORY_SSA}, &R);
        !isOk(S))
      return S;
    if (NevercStatus S = valueOf(D, *TS, Value, &X); !isOk(S))
      return S;
    llvm::MemorySSA &MSSA = get<llvm::MemorySSAAnalysis>(*TS, *R->F).getMSSA();
    llvm::MemoryAccess *MA = nullptr;
    if (auto *I = llvm::dyn_cast<llvm::Instruction>(X)) {
      if (I->getFunction() != R->F)
        return st(NEVERC_STATUS_WRONG_SCOPE);
      MA = MSSA.getMemoryAccess(I);
    } else if (auto *BB = llvm::dyn_cast<llvm::BasicBlock>(X)) {
      if (BB->getParent() != R->F)
        return st(NEVERC_STATUS_WRONG_SCOPE);
      MA = MSSA.getMemoryAccess(BB); // a block's access is its MemoryPhi
    } else {
      return st(NEVERC_STATUS_WRONG_TYPE);
    }
    if (!MA)
      *Out = NEVERC_IR_MEMORY_ACCESS_NONE;
    else if (MSSA.isLiveOnEntryDef(MA))
      *Out = NEVERC_IR_MEMORY_ACCESS_LIVE_ON_ENTRY;
    else if (llvm::isa<llvm::MemoryPhi>(MA))
      *Out = NEVERC_IR_MEMORY_ACCESS_PHI;
    else if (llvm::isa<llvm::MemoryDef>(MA))
      *Out = NEVERC_IR_MEMORY_ACCESS_DEF;
    else
      *Out = NEVERC_IR_MEMORY_ACCESS_USE;
    return okStatus();
  });
}

/// The distinct functions \p F calls directly, in call order.
std::vector<llvm::Function *> callees(TaskState &TS, llvm::Function *F) {
  std::vector<llvm::Function *> Out;
  llvm::CallGraphNode *N = callGraph(TS)[F];
  for (const auto &Edge : *N)
    if (llvm::Function *C = Edge.second->getFunction())
      if (std::find(Out.begin(), Out.end(), C) == Out.end())
        Out.push_back(C);
  return Out;
}

NevercStatus NEVERC_CALL calleeCount(void *Ctx, NevercTaskHandle Task, RH H,
                                     V Function, uint64_t *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    ResultRef *R = nullptr;
    llvm::Function *F = nullptr;
    if (NevercStatus S =
            builtinOf(D, *TS, H, {NEVERC_IR_ANALYSIS_CALL_GRAPH}, &R);
        !isOk(S))
      return S;
    if (NevercStatus S = valueAs(D, *TS, Function, &F); !isOk(S))
      return S;
    *Out = callees(*TS, F).size();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL callee(void *Ctx, NevercTaskHandle Task, RH H,
                                V Function, uint64_t Index, V *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    ResultRef *R = nullptr;
    llvm::Function *F = nullptr;
    if (NevercStatus S =
            builtinOf(D, *TS, H, {NEVERC_IR_ANALYSIS_CALL_GRAPH}, &R);
        !isOk(S))
      return S;
    if (NevercStatus S = valueAs(D, *TS, Function, &F); !isOk(S))
      return S;
    std::vector<llvm::Function *> C = callees(*TS, F);
    if (Index >= C.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = TS->value(C[Index]);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL alias(void *Ctx, NevercTaskHandle Task, RH H, V L,
                               uint64_t LBytes, V Rt, uint64_t RBytes,
                               NevercIRAliasResult *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    ResultRef *R = nullptr;
    llvm::Value *A = nullptr, *B = nullptr;
    if (NevercStatus S = builtinOf(D, *TS, H, {NEVERC_IR_ANALYSIS_ALIAS}, &R);
        !isOk(S))
      return S;
    if (NevercStatus S = valueOf(D, *TS, L, &A); !isOk(S))
      return S;
    if (NevercStatus S = valueOf(D, *TS, Rt, &B); !isOk(S))
      return S;
    if (!A->getType()->isPointerTy() || !B->getType()->isPointerTy())
      return st(NEVERC_STATUS_WRONG_TYPE);
    // Alias analysis answers within one function.
    for (llvm::Value *X : {A, B}) {
      const llvm::Function *Home = nullptr;
      if (auto *I = llvm::dyn_cast<llvm::Instruction>(X))
        Home = I->getFunction();
      else if (auto *Arg = llvm::dyn_cast<llvm::Argument>(X))
        Home = Arg->getParent();
      if (Home && Home != R->F)
        return st(NEVERC_STATUS_WRONG_SCOPE);
    }
    llvm::AAResults &AA = get<llvm::AAManager>(*TS, *R->F);
    llvm::AliasResult AR =
        AA.alias(llvm::MemoryLocation(A, llvm::LocationSize::precise(LBytes)),
                 llvm::MemoryLocation(B, llvm::LocationSize::precise(RBytes)));
    // LLVM: NoAlias 0, MayAlias, PartialAlias, MustAlias; NeverC one more.
    *Out = NevercIRAliasResult(uint8_t(AR)) + 1;
    return okStatus();
  });
}

//===--- Plugin analyses --------------------------------------------------===//

/// Whether \p From reaches \p To through registered dependencies.
bool reaches(const std::vector<AnalysisRecord> &All, NevercInterfaceID From,
             NevercInterfaceID To, std::vector<NevercInterfaceID> &Seen) {
  if (sameID(From, To))
    return true;
  for (NevercInterfaceID S : Seen)
    if (sameID(S, From))
      return false;
  Seen.push_back(From);
  for (const AnalysisRecord &A : All)
    if (sameID(A.ID, From))
      for (NevercInterfaceID Dep : A.Dependencies)
        if (reaches(All, Dep, To, Seen))
          return true;
  return false;
}

NevercStatus NEVERC_CALL registerAnalysis(void *Ctx, void *Registrar,
                                          const NevercIRAnalysisDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    IRDomain::Impl &D = impl(Ctx);
    if (!Registrar || !Desc)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = D.H.registrarOwner(Registrar, &Owner); !isOk(S))
      return S;
    if (NevercStatus S =
            core::checkDescriptorHeader(Desc, sizeof(NevercIRAnalysisDescriptor), NEVERC_IR_ANALYSIS_API_MAJOR);
        !isOk(S))
      return S;
    if (!Desc->Compute || !Desc->Destroy || !validView(Desc->Name) ||
        !Desc->Name.Length || (Desc->DependencyCount && !Desc->Dependencies) ||
        Desc->Level < NEVERC_IR_PASS_LEVEL_MODULE ||
        Desc->Level > NEVERC_IR_PASS_LEVEL_LOOP ||
        (!Desc->AnalysisID.High && !Desc->AnalysisID.Low))
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    for (const AnalysisRecord &A : D.AnalysisRecords)
      if (sameID(A.ID, Desc->AnalysisID))
        return st(NEVERC_STATUS_DUPLICATE_ID);
    AnalysisRecord R;
    R.Owner = Owner;
    R.ID = Desc->AnalysisID;
    R.Name.assign(Desc->Name.Data, Desc->Name.Length);
    R.Level = Desc->Level;
    R.Dependencies.assign(Desc->Dependencies,
                          Desc->Dependencies + Desc->DependencyCount);
    // A dependency may be registered later; a cycle never can.
    for (NevercInterfaceID Dep : R.Dependencies) {
      std::vector<NevercInterfaceID> Seen;
      if (reaches(D.AnalysisRecords, Dep, R.ID, Seen))
        return st(NEVERC_STATUS_DEPENDENCY_CYCLE);
    }
    R.Compute = Desc->Compute;
    R.Query = Desc->Query;
    R.Invalidate = Desc->Invalidate;
    R.Destroy = Desc->Destroy;
    R.UserData = Desc->UserData;
    R.DestroyUserData = Desc->DestroyUserData;
    D.AnalysisRecords.push_back(std::move(R));
    return okStatus();
  });
}

/// The unit a plugin analysis of \p Level is computed for in \p Inv (null:
/// the invocation has no such unit).
const void *unitOf(IRDomain::Impl &D, TaskState &TS,
                   const NevercIRPassInvocation &Inv, NevercIRPassLevel Level) {
  auto Resolve = [&](NevercHandle H) -> const void * {
    llvm::Value *X = nullptr;
    return isOk(valueOf(D, TS, H, &X)) ? X : nullptr;
  };
  switch (Level) {
  case NEVERC_IR_PASS_LEVEL_MODULE:
    return TS.M;
  case NEVERC_IR_PASS_LEVEL_FUNCTION:
    return Inv.Level == NEVERC_IR_PASS_LEVEL_FUNCTION ||
                   Inv.Level == NEVERC_IR_PASS_LEVEL_LOOP
               ? Resolve(Inv.Function)
               : nullptr;
  case NEVERC_IR_PASS_LEVEL_LOOP:
    return Inv.Level == NEVERC_IR_PASS_LEVEL_LOOP ? Resolve(Inv.LoopHeader)
                                                  : nullptr;
  case NEVERC_IR_PASS_LEVEL_CGSCC:
    return Inv.Level == NEVERC_IR_PASS_LEVEL_CGSCC && Inv.SCCFunctionCount
               ? Resolve(Inv.SCCFunctions[0])
               : nullptr;
  }
  return nullptr;
}

/// The cached or newly computed result of analysis \p Index for the
/// running invocation, dependencies first.
NevercStatus compute(IRDomain::Impl &D, TaskState &TS, size_t Index,
                     size_t *Entry) {
  AnalysisState &A = stateOf(TS);
  A.D = &D;
  const AnalysisRecord &R = D.AnalysisRecords[Index];
  const void *Unit = unitOf(D, TS, *TS.Running, R.Level);
  if (!Unit)
    return st(NEVERC_STATUS_WRONG_SCOPE);
  for (size_t I = 0; I < A.Cache.size(); ++I)
    if (A.Cache[I].Live && A.Cache[I].Analysis == Index &&
        A.Cache[I].Unit == Unit) {
      *Entry = I;
      return okStatus();
    }
  for (size_t C : A.Computing)
    if (C == Index)
      return st(NEVERC_STATUS_DEPENDENCY_CYCLE);
  A.Computing.push_back(Index);
  NevercStatus S = okStatus();
  for (NevercInterfaceID Dep : R.Dependencies) {
    size_t DI = SIZE_MAX, Ignored;
    for (size_t K = 0; K < D.AnalysisRecords.size(); ++K)
      if (sameID(D.AnalysisRecords[K].ID, Dep))
        DI = K;
    if (DI == SIZE_MAX) {
      D.diag(NEVERC_DIAGNOSTIC_WARNING,
             "IR analysis '" + R.Name + "' of plugin '" +
                 std::string(R.Owner->id()) +
                 "' depends on an analysis nobody registered "
                 "(DEPENDENCY_MISSING)");
      S = st(NEVERC_STATUS_DEPENDENCY_MISSING);
      break;
    }
    if (!isOk(S = compute(D, TS, DI, &Ignored)))
      break;
  }
  void *Result = nullptr;
  if (isOk(S)) {
    ++TS.InAnalysis;
    try {
      S = R.Compute(TS.Running, &Result, R.UserData);
    } catch (...) {
      S = st(NEVERC_STATUS_PLUGIN_EXCEPTION);
    }
    --TS.InAnalysis;
    // A warning: the pass that asked gets the status and decides.
    if (!isOk(S))
      D.diag(NEVERC_DIAGNOSTIC_WARNING,
             "IR analysis '" + R.Name + "' of plugin '" +
                 std::string(R.Owner->id()) + "' failed with " +
                 std::string(core::statusName(S.Code)));
  }
  A.Computing.pop_back();
  if (!isOk(S))
    return S;
  A.Cache.push_back({Index, Unit, Result, true});
  *Entry = A.Cache.size() - 1;
  return okStatus();
}

NevercStatus NEVERC_CALL queryCustom(void *Ctx, NevercTaskHandle Task,
                                     NevercInterfaceID ID, RH *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    // Computed for a pass invocation's unit: only while a pass runs, and
    // not from inside another analysis' callback.
    if (!TS->Running || TS->InAnalysis)
      return st(NEVERC_STATUS_INVALID_STATE);
    size_t Index = SIZE_MAX, Entry = 0;
    for (size_t K = 0; K < D.AnalysisRecords.size(); ++K)
      if (sameID(D.AnalysisRecords[K].ID, ID))
        Index = K;
    if (Index == SIZE_MAX)
      return st(NEVERC_STATUS_NOT_FOUND);
    if (NevercStatus S = compute(D, *TS, Index, &Entry); !isOk(S))
      return S;
    ResultRef R;
    R.Custom = true;
    R.Entry = Entry;
    *Out = stateOf(*TS).Results.insert(R);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL customData(void *Ctx, NevercTaskHandle Task, RH H,
                                    NevercByteView *Out) {
  return guard([&]() -> NevercStatus {
    NEVERC_IR_TASK(Ctx, Task);
    NEVERC_IR_OUT(Out);
    ResultRef *R = nullptr;
    if (NevercStatus S = resultOf(D, *TS, H, &R); !isOk(S))
      return S;
    if (!R->Custom)
      return st(NEVERC_STATUS_WRONG_TYPE);
    const CachedResult &C = stateOf(*TS).Cache[R->Entry];
    const AnalysisRecord &A = D.AnalysisRecords[C.Analysis];
    if (!A.Query)
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    NevercByteView V{};
    ++TS->InAnalysis;
    NevercStatus S;
    try {
      S = A.Query(C.Result, &V, A.UserData);
    } catch (...) {
      S = st(NEVERC_STATUS_PLUGIN_EXCEPTION);
    }
    --TS->InAnalysis;
    if (isOk(S))
      *Out = V;
    return S;
  });
}

/// Invalidate (with \p Reason) and Destroy one cached plugin result.
void drop(const IRDomain::Impl &D, TaskState &TS, CachedResult &C,
          NevercIRAnalysisInvalidationReason Reason) {
  if (!C.Live)
    return;
  C.Live = false;
  const AnalysisRecord &A = D.AnalysisRecords[C.Analysis];
  ++TS.InAnalysis;
  try {
    if (A.Invalidate)
      (void)A.Invalidate(C.Result, Reason, A.UserData);
    A.Destroy(C.Result, A.UserData);
  } catch (...) {
  }
  --TS.InAnalysis;
}

} // namespace

void releaseAnalyses(TaskState &TS, NevercIRAnalysisInvalidationReason Reason) {
  if (!TS.Analyses)
    return;
  AnalysisState &A = *TS.Analyses;
  if (A.D)
    for (CachedResult &C : A.Cache)
      drop(*A.D, TS, C, Reason);
  A.Cache.clear();
  A.Results.clear();
  A.FAM.clear();
  A.MAM.clear();
  A.CG.reset();
}

void invalidateAfterPass(TaskState &TS, const NevercIRPreservedAnalyses &Kept) {
  if (!TS.Analyses || !TS.Analyses->D)
    return;
  AnalysisState &A = *TS.Analyses;
  for (CachedResult &C : A.Cache) {
    if (!C.Live)
      continue;
    bool Keep = false;
    for (uint64_t I = 0; Kept.CustomAnalyses && I < Kept.CustomAnalysisCount;
         ++I)
      Keep |= sameID(Kept.CustomAnalyses[I], A.D->AnalysisRecords[C.Analysis].ID);
    if (!Keep)
      drop(*A.D, TS, C, NEVERC_IR_ANALYSIS_INVALIDATED_BY_PASS);
  }
  // A kept result whose dependency (for the same unit) went goes too: it
  // was computed from it.
  for (bool More = true; More;) {
    More = false;
    for (CachedResult &C : A.Cache) {
      if (!C.Live)
        continue;
      for (NevercInterfaceID Dep : A.D->AnalysisRecords[C.Analysis].Dependencies) {
        bool Present = false;
        for (const CachedResult &O : A.Cache)
          Present |= O.Live && O.Unit == C.Unit &&
                     sameID(A.D->AnalysisRecords[O.Analysis].ID, Dep);
        if (!Present) {
          drop(*A.D, TS, C, NEVERC_IR_ANALYSIS_INVALIDATED_BY_PASS);
          More = true;
          break;
        }
      }
    }
  }
}

void expireAnalysisHandles(TaskState &TS) {
  if (TS.Analyses)
    TS.Analyses->Results.clear(); // the results themselves stay cached
}

bool prepareRequired(IRDomain::Impl &D, TaskState &TS, const PassRecord &P) {
  for (NevercInterfaceID ID : P.Required) {
    size_t Index = SIZE_MAX, Entry;
    for (size_t K = 0; K < D.AnalysisRecords.size(); ++K)
      if (sameID(D.AnalysisRecords[K].ID, ID))
        Index = K;
    if (Index == SIZE_MAX) {
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             "IR pass '" + P.ID + "' requires an analysis nobody registered "
             "(DEPENDENCY_MISSING)",
             D.H.phases().at(P.Phase).Name);
      return false;
    }
    if (!isOk(compute(D, TS, Index, &Entry)))
      return false;
  }
  return true;
}

void fillAnalysis(NevercIRAnalysisAPI &T) {
  T.QueryBuiltin = &queryBuiltin;
  T.DominatorTreeDominates = &dominates;
  T.GetLoopCount = &loopCount;
  T.GetLoopHeader = &loopHeader;
  T.GetLoopForBlock = &loopForBlock;
  T.GetScalarEvolutionConstantTripCount = &tripCount;
  T.GetMemoryAccessKind = &memoryAccess;
  T.GetDirectCalleeCount = &calleeCount;
  T.GetDirectCallee = &callee;
  T.Alias = &alias;
  T.RegisterAnalysis = &registerAnalysis;
  T.QueryCustom = &queryCustom;
  T.GetCustomResultData = &customData;
}

} // namespace neverc::ir
