//===- Passes.cpp - NevercIRPassAPI and the pass slot adapters ------------===//
//
// A registered pass runs at one of the five ir.pass.* phases, as the
// phase's built-in step, in registration order. The levels are adapted by
// the domain itself (the same way at the three host-run slots and at the
// two extension points inside Clang's pipeline): MODULE once; FUNCTION per
// defined function; LOOP per loop of each defined function, outermost
// first (LoopInfo::getLoopsInPreorder); CGSCC per strongly connected
// component of the call graph, callees first (scc_iterator).
//
// Honesty of the preserved set: every change made through the tables moves
// the module's generation on; PRESERVE_ALL with a moved generation is a
// POLICY_VIOLATION that fails the compile.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"

#include <algorithm>
#include <cstring>

namespace neverc::ir {
namespace {

/// A function an earlier invocation of the same pass deleted.
bool erased(const TaskState &TS, const llvm::Function *F) {
  return std::find(TS.Erased.begin(), TS.Erased.end(), F) != TS.Erased.end();
}

constexpr uint32_t PassPhases[] = {
    core::Phase_IR_PASS_PRE_OPT,       core::Phase_IR_PASS_PIPELINE_START,
    core::Phase_IR_PASS_OPTIMIZER_LAST, core::Phase_IR_PASS_POST_OPT,
    core::Phase_IR_PASS_PRE_CODEGEN,
};

NevercStatus NEVERC_CALL registerPass(void *Ctx, void *Registrar,
                                      const NevercIRPassDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    IRDomain::Impl &D = impl(Ctx);
    if (!Registrar || !Desc)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = D.H.registrarOwner(Registrar, &Owner); !isOk(S))
      return S;
    if (NevercStatus S =
            core::checkDescriptorHeader(Desc, sizeof(NevercIRPassDescriptor), NEVERC_IR_PASS_API_MAJOR);
        !isOk(S))
      return S;
    PassRecord R;
    R.Owner = Owner;
    if (!validView(Desc->PassID) || !Desc->PassID.Length || !Desc->Run)
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    R.ID.assign(Desc->PassID.Data, Desc->PassID.Length);
    R.Phase = UINT32_MAX;
    for (uint32_t Ph : PassPhases) {
      const NevercInterfaceID ID = D.H.phases().at(Ph).ID;
      if (ID.High == Desc->Phase.High && ID.Low == Desc->Phase.Low)
        R.Phase = Ph;
    }
    if (R.Phase == UINT32_MAX)
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    if (Desc->Level < NEVERC_IR_PASS_LEVEL_MODULE ||
        Desc->Level > NEVERC_IR_PASS_LEVEL_LOOP)
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    // Required analyses may be registered later (by this plugin or
    // another); one nobody registered fails the pass when it is to run.
    if (Desc->RequiredAnalysisCount && !Desc->RequiredAnalyses)
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    R.Required.assign(Desc->RequiredAnalyses,
                      Desc->RequiredAnalyses + Desc->RequiredAnalysisCount);
    for (const PassRecord &P : D.Passes)
      if (P.ID == R.ID)
        return st(NEVERC_STATUS_DUPLICATE_ID);
    R.Level = Desc->Level;
    R.Run = Desc->Run;
    R.UserData = Desc->UserData;
    R.DestroyUserData = Desc->DestroyUserData;
    D.Passes.push_back(std::move(R));
    return okStatus();
  });
}

/// One invocation of one pass.
struct Invoker {
  IRDomain::Impl &D;
  TaskState &TS;
  const PassRecord &P;
  bool Changed = false, KeptCFG = true;

  bool call(NevercIRPassInvocation &Inv) {
    NevercIRPreservedAnalyses Kept;
    std::memset(&Kept, 0, sizeof Kept);
    Kept.Header = {sizeof Kept, NEVERC_IR_PASS_API_MAJOR,
                   NEVERC_IR_PASS_API_MINOR, 0};
    Kept.Flags = NEVERC_IR_PRESERVE_NONE;
    TS.Running = &Inv;
    if (!prepareRequired(D, TS, P)) {
      TS.Running = nullptr;
      return false;
    }
    const uint64_t Before = TS.Generation;
    NevercStatus S;
    try {
      S = P.Run(&Inv, &Kept, P.UserData);
    } catch (...) {
      S = st(NEVERC_STATUS_PLUGIN_EXCEPTION);
    }
    TS.Running = nullptr;
    // The handles this invocation was given end with it.
    TS.expireCallbackHandles();
    const std::string Who = "IR pass '" + P.ID + "' of plugin '" +
                            std::string(P.Owner->id()) + "'";
    const std::string &Phase = D.H.phases().at(P.Phase).Name;
    if (TS.Open) {
      abandonOpenMutation(D, TS);
      D.diag(NEVERC_DIAGNOSTIC_ERROR, Who + " returned with a mutation open",
             Phase);
      return false;
    }
    if (!isOk(S)) {
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             Who + " failed with " + std::string(core::statusName(S.Code)),
             Phase);
      return false;
    }
    const bool Moved = TS.Generation != Before;
    if (Moved && (Kept.Flags & NEVERC_IR_PRESERVE_ALL)) {
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             Who + " changed the module but reported PRESERVE_ALL "
                   "(POLICY_VIOLATION)",
             Phase);
      return false;
    }
    if (Moved) {
      invalidateAfterPass(TS, Kept);
      Changed = true;
      if (!(Kept.Flags & NEVERC_IR_PRESERVE_CFG))
        KeptCFG = false;
    }
    return true;
  }
};

} // namespace

void fillPassTable(NevercIRPassAPI &T) { T.RegisterPass = &registerPass; }

bool runRegisteredPasses(IRDomain::Impl &D, TaskState &TS, uint32_t Phase,
                         bool &Changed, bool &KeptCFG) {
  const NevercInterfaceID PhaseID = D.H.phases().at(Phase).ID;
  for (const PassRecord &P : D.Passes) {
    if (P.Phase != Phase)
      continue;
    NevercIRPassInvocation Inv;
    std::memset(&Inv, 0, sizeof Inv);
    Inv.Header = {sizeof Inv, NEVERC_IR_PASS_API_MAJOR,
                  NEVERC_IR_PASS_API_MINOR, 0};
    Inv.Task = TS.T->handle();
    Inv.Phase = PhaseID;
    Inv.PassID = view(P.ID);
    Inv.Level = P.Level;
    Inv.OptimizationLevel = TS.OptLevel;
    Inv.Module = TS.ModuleHandle;
    Inv.Core = &D.Core;
    Inv.Builder = &D.Builder;
    Inv.Analyses = &D.Analysis;
    Invoker Call{D, TS, P};
    TS.Erased.clear();
    bool Ok = true;
    // The functions as they are before the pass: one it creates is not
    // visited by the same run. When the module's contents are replaced
    // (a refused import or a rolled-back MODULE mutation re-adopts a
    // snapshot), the list is made again from the new objects, in the same
    // order, and the walk goes on where it was.
    auto DefinedNow = [&TS] {
      std::vector<llvm::Function *> L;
      for (llvm::Function &F : *TS.M)
        if (!F.isDeclaration())
          L.push_back(&F);
      return L;
    };
    std::vector<llvm::Function *> Defined;
    if (P.Level != NEVERC_IR_PASS_LEVEL_MODULE)
      Defined = DefinedNow();
    uint64_t Replaced = TS.Replacements;
    auto Refresh = [&] {
      if (TS.Replacements == Replaced)
        return false;
      Defined = DefinedNow();
      Replaced = TS.Replacements;
      return true;
    };
    switch (P.Level) {
    case NEVERC_IR_PASS_LEVEL_MODULE:
      Ok = Call.call(Inv);
      break;
    case NEVERC_IR_PASS_LEVEL_FUNCTION:
      for (size_t I = 0; I < Defined.size(); ++I) {
        if (erased(TS, Defined[I]))
          continue;
        Inv.Function = TS.value(Defined[I]);
        if (!(Ok = Call.call(Inv)))
          break;
        Refresh();
      }
      break;
    case NEVERC_IR_PASS_LEVEL_LOOP:
      for (size_t I = 0; Ok && I < Defined.size(); ++I) {
        llvm::Function *F = Defined[I];
        if (erased(TS, F))
          continue;
        llvm::DominatorTree DT(*F);
        llvm::LoopInfo LI(DT);
        for (llvm::Loop *L : LI.getLoopsInPreorder()) {
          Inv.Function = TS.value(F); // each invocation's own handles
          Inv.LoopHeader = TS.value(L->getHeader());
          if (!(Ok = Call.call(Inv)) || Refresh())
            break; // a replaced module's loops are other objects
        }
      }
      break;
    case NEVERC_IR_PASS_LEVEL_CGSCC: {
      llvm::CallGraph CG(*TS.M);
      std::vector<NevercIRValueHandle> SCC;
      for (auto I = llvm::scc_begin(&CG); Ok && !I.isAtEnd(); ++I) {
        SCC.clear();
        for (llvm::CallGraphNode *N : *I)
          if (llvm::Function *F = N->getFunction();
              F && !erased(TS, F) && !F->isDeclaration())
            SCC.push_back(TS.value(F));
        if (SCC.empty())
          continue;
        Inv.SCCFunctions = SCC.data();
        Inv.SCCFunctionCount = SCC.size();
        Ok = Call.call(Inv);
        if (Ok && Refresh()) {
          // The call graph names the old objects: the walk cannot go on.
          D.diag(NEVERC_DIAGNOSTIC_WARNING,
                 "IR pass '" + P.ID + "': the module was replaced during a "
                 "CGSCC walk; the remaining components are not visited",
                 D.H.phases().at(P.Phase).Name);
          break;
        }
      }
      break;
    }
    }
    Changed |= Call.Changed;
    KeptCFG &= Call.KeptCFG;
    if (!Ok)
      return false;
  }
  return true;
}

} // namespace neverc::ir
