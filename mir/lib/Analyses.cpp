//===- Analyses.cpp - NevercMIRAnalysisAPI --------------------------------===//
//
// Which analyses exist depends on the hook (mir.md §2, §13.1):
//   DOMINATOR_TREE, LOOP_INFO   always: computed for the function on request
//                               (a MachineDominatorTree and MachineLoopInfo
//                               of the domain's own, so asking changes no
//                               pass LLVM runs and no emitted byte);
//   LIVE_INTERVALS, SLOT_INDEXES  where LLVM computed them for its own
//                               passes (the optimized register allocation
//                               pipeline, from the scheduler hooks to
//                               pre_regalloc); elsewhere CAPABILITY_UNAVAILABLE;
//   LIVE_VARIABLES              where LLVM's LiveVariables is available;
//   REGISTER_PRESSURE           per block, from LLVM's RegPressureTracker
//                               over the live intervals: where those exist.
// Results are handles that end with the callback, and with any committed
// mutation (the function they describe changed).
//
// Slot indexes and live range bounds are reported as the distance from the
// function's first slot index (LLVM's own numbering, dense and ordered).
//
//===----------------------------------------------------------------------===//
#include "ReadSupport.h"

#include "llvm/CodeGen/LiveIntervals.h"
#include "llvm/CodeGen/LiveVariables.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/RegisterClassInfo.h"
#include "llvm/CodeGen/RegisterPressure.h"
#include "llvm/CodeGen/SlotIndexes.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <cstring>

namespace neverc::mir {

struct AnalysisResult {
  NevercMIRBuiltinAnalysis Kind = 0;
  llvm::MachineFunction *MF = nullptr;
  std::unique_ptr<llvm::MachineDominatorTree> DT;
  std::unique_ptr<llvm::MachineLoopInfo> LI;
  std::vector<llvm::MachineLoop *> Loops; ///< preorder, outermost first
  llvm::LiveIntervals *LIS = nullptr;
  llvm::SlotIndexes *SI = nullptr;
  llvm::LiveVariables *LV = nullptr;
  /// REGISTER_PRESSURE: per block number, the maximum of each pressure set.
  std::map<int, std::vector<unsigned>> Pressure;
};

void AnalysisResultDeleter::operator()(AnalysisResult *R) const { delete R; }

namespace {

NevercStatus resultOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                      NevercMIRBuiltinAnalysis Want, AnalysisResult **Out) {
  AnalysisResultPtr *P = nullptr;
  if (NevercStatus S = core::lookupScoped(C.Results, H, C.Scope, D.H, &P);
      !isOk(S))
    return S;
  AnalysisResult *R = P->get();
  // A query of another analysis's result: LIVE_INTERVALS answers the slot
  // index queries too (it holds them).
  const bool Fits =
      R->Kind == Want ||
      (Want == NEVERC_MIR_ANALYSIS_SLOT_INDEXES &&
       R->Kind == NEVERC_MIR_ANALYSIS_LIVE_INTERVALS) ||
      (Want == NEVERC_MIR_ANALYSIS_LIVE_VARIABLES &&
       R->Kind == NEVERC_MIR_ANALYSIS_LIVE_INTERVALS);
  if (!Fits)
    return st(NEVERC_STATUS_WRONG_TYPE);
  *Out = R;
  return okStatus();
}

template <class F>
NevercStatus withResult(void *Ctx, NevercTaskHandle T, NevercHandle H,
                        NevercMIRBuiltinAnalysis Want, F &&Fn) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    AnalysisResult *R = nullptr;
    TRY(resultOf(D, C, H, Want, &R));
    return Fn(D, C, *R);
  });
}

uint64_t slotNumber(llvm::SlotIndexes &SI, llvm::SlotIndex Idx) {
  return uint64_t(SI.getZeroIndex().distance(Idx));
}

/// Per block, the highest pressure of each set, walking the block bottom
/// up with LLVM's tracker over the live intervals.
void computePressure(AnalysisResult &R) {
  llvm::MachineFunction &MF = *R.MF;
  const llvm::TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
  llvm::RegisterClassInfo RCI;
  RCI.runOnMachineFunction(MF);
  for (llvm::MachineBasicBlock &B : MF) {
    llvm::RegionPressure RP;
    llvm::RegPressureTracker RPT(RP);
    RPT.init(&MF, &RCI, R.LIS, &B, B.end(), /*TrackLaneMasks=*/false,
             /*TrackUntiedDefs=*/false);
    while (RPT.getPos() != B.begin())
      RPT.recede();
    RPT.closeRegion();
    std::vector<unsigned> Max(TRI.getNumRegPressureSets(), 0);
    for (unsigned K = 0; K < Max.size() && K < RP.MaxSetPressure.size(); ++K)
      Max[K] = RP.MaxSetPressure[K];
    R.Pressure[B.getNumber()] = std::move(Max);
  }
}

NevercStatus NEVERC_CALL queryBuiltin(void *Ctx, NevercTaskHandle T,
                                      NevercMIRBuiltinAnalysis A,
                                      NevercMachineFunctionHandle F,
                                      NevercMIRAnalysisResultHandle *Out) {
  return withFunction(Ctx, T, F, [&](Compile &C, llvm::MachineFunction &MF) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto R = std::unique_ptr<AnalysisResult, AnalysisResultDeleter>(
        new AnalysisResult);
    R->Kind = A;
    R->MF = &MF;
    llvm::Pass *From = C.From;
    auto *LISW = From->getAnalysisIfAvailable<llvm::LiveIntervalsWrapperPass>();
    switch (A) {
    case NEVERC_MIR_ANALYSIS_DOMINATOR_TREE:
      R->DT = std::make_unique<llvm::MachineDominatorTree>(MF);
      break;
    case NEVERC_MIR_ANALYSIS_LOOP_INFO:
      R->DT = std::make_unique<llvm::MachineDominatorTree>(MF);
      R->LI = std::make_unique<llvm::MachineLoopInfo>(*R->DT);
      // By value: one call, then copied.
      for (llvm::MachineLoop *L : R->LI->getLoopsInPreorder())
        R->Loops.push_back(L);
      break;
    case NEVERC_MIR_ANALYSIS_LIVE_INTERVALS:
    case NEVERC_MIR_ANALYSIS_REGISTER_PRESSURE:
      // Rule 10: none where LLVM has not computed them (post_isel, -O0,
      // after register allocation).
      if (!LISW)
        return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
      R->LIS = &LISW->getLIS();
      R->SI = R->LIS->getSlotIndexes();
      if (A == NEVERC_MIR_ANALYSIS_REGISTER_PRESSURE)
        computePressure(*R);
      break;
    case NEVERC_MIR_ANALYSIS_SLOT_INDEXES: {
      auto *SIW = From->getAnalysisIfAvailable<llvm::SlotIndexesWrapperPass>();
      if (!SIW)
        return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
      R->SI = &SIW->getSI();
      break;
    }
    case NEVERC_MIR_ANALYSIS_LIVE_VARIABLES: {
      auto *LVW = From->getAnalysisIfAvailable<llvm::LiveVariablesWrapperPass>();
      if (!LVW)
        return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
      R->LV = &LVW->getLV();
      break;
    }
    default:
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    C.Minted = true;
    *Out = C.Results.insert(std::move(R));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL dominates(void *Ctx, NevercTaskHandle T,
                                   NevercMIRAnalysisResultHandle H,
                                   NevercMachineBasicBlockHandle A,
                                   NevercMachineBasicBlockHandle B,
                                   NevercBool *Out) {
  return withResult(
      Ctx, T, H, NEVERC_MIR_ANALYSIS_DOMINATOR_TREE,
      [&](MIRDomain::Impl &D, Compile &C, AnalysisResult &R) {
        llvm::MachineBasicBlock *X = nullptr, *Y = nullptr;
        TRY(blockOf(D, C, A, &X));
        TRY(blockOf(D, C, B, &Y));
        if (X->getParent() != R.MF || Y->getParent() != R.MF)
          return st(NEVERC_STATUS_WRONG_SCOPE);
        return put(Out, NevercBool(R.DT->dominates(X, Y)));
      });
}

NevercStatus NEVERC_CALL getLoopCount(void *Ctx, NevercTaskHandle T,
                                      NevercMIRAnalysisResultHandle H,
                                      uint64_t *Out) {
  return withResult(Ctx, T, H, NEVERC_MIR_ANALYSIS_LOOP_INFO,
                    [&](MIRDomain::Impl &, Compile &, AnalysisResult &R) {
                      return put(Out, uint64_t(R.Loops.size()));
                    });
}

NevercStatus NEVERC_CALL getLoopHeader(void *Ctx, NevercTaskHandle T,
                                       NevercMIRAnalysisResultHandle H,
                                       uint64_t Index,
                                       NevercMachineBasicBlockHandle *Out) {
  return withResult(Ctx, T, H, NEVERC_MIR_ANALYSIS_LOOP_INFO,
                    [&](MIRDomain::Impl &, Compile &C, AnalysisResult &R) {
                      if (Index >= R.Loops.size())
                        return st(NEVERC_STATUS_INVALID_ARGUMENT);
                      return put(Out, C.block(R.Loops[Index]->getHeader()));
                    });
}

NevercStatus NEVERC_CALL getLoopForBlock(void *Ctx, NevercTaskHandle T,
                                         NevercMIRAnalysisResultHandle H,
                                         NevercMachineBasicBlockHandle B,
                                         NevercMachineBasicBlockHandle *Header,
                                         uint32_t *Depth) {
  return withResult(
      Ctx, T, H, NEVERC_MIR_ANALYSIS_LOOP_INFO,
      [&](MIRDomain::Impl &D, Compile &C, AnalysisResult &R) {
        llvm::MachineBasicBlock *X = nullptr;
        TRY(blockOf(D, C, B, &X));
        if (X->getParent() != R.MF)
          return st(NEVERC_STATUS_WRONG_SCOPE);
        if (!Header || !Depth)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        // Not in a loop: a null header and depth 0.
        llvm::MachineLoop *L = R.LI->getLoopFor(X);
        *Header = L ? C.block(L->getHeader()) : NevercHandle{};
        *Depth = L ? L->getLoopDepth() : 0;
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getSlotIndex(void *Ctx, NevercTaskHandle T,
                                      NevercMIRAnalysisResultHandle H,
                                      NevercMachineInstrHandle I,
                                      uint64_t *Out) {
  return withResult(
      Ctx, T, H, NEVERC_MIR_ANALYSIS_SLOT_INDEXES,
      [&](MIRDomain::Impl &D, Compile &C, AnalysisResult &R) {
        llvm::MachineInstr *MI = nullptr;
        TRY(instrOf(D, C, I, &MI));
        if (MI->getMF() != R.MF)
          return st(NEVERC_STATUS_WRONG_SCOPE);
        // Debug instructions and bundled ones have no index of their own.
        if (!R.SI->hasIndex(*MI))
          return st(NEVERC_STATUS_NOT_FOUND);
        return put(Out, slotNumber(*R.SI, R.SI->getInstructionIndex(*MI)));
      });
}

/// The live interval of a virtual register, or NOT_FOUND.
NevercStatus intervalOf(AnalysisResult &R, uint32_t Reg,
                        llvm::LiveInterval **Out) {
  llvm::Register X;
  TRY(registerOf(*R.MF, Reg, X));
  if (!X.isVirtual() || !R.LIS->hasInterval(X))
    return st(NEVERC_STATUS_NOT_FOUND);
  *Out = &R.LIS->getInterval(X);
  return okStatus();
}

NevercStatus NEVERC_CALL getSegmentCount(void *Ctx, NevercTaskHandle T,
                                         NevercMIRAnalysisResultHandle H,
                                         uint32_t Reg, uint64_t *Out) {
  return withResult(Ctx, T, H, NEVERC_MIR_ANALYSIS_LIVE_INTERVALS,
                    [&](MIRDomain::Impl &, Compile &, AnalysisResult &R) {
                      llvm::LiveInterval *LI = nullptr;
                      TRY(intervalOf(R, Reg, &LI));
                      return put(Out, uint64_t(LI->size()));
                    });
}

NevercStatus NEVERC_CALL getSegment(void *Ctx, NevercTaskHandle T,
                                    NevercMIRAnalysisResultHandle H,
                                    uint32_t Reg, uint64_t Index,
                                    NevercMIRLiveRangeSegment *Out) {
  return withResult(Ctx, T, H, NEVERC_MIR_ANALYSIS_LIVE_INTERVALS,
                    [&](MIRDomain::Impl &, Compile &, AnalysisResult &R) {
                      llvm::LiveInterval *LI = nullptr;
                      TRY(intervalOf(R, Reg, &LI));
                      if (!Out || Index >= LI->size())
                        return st(NEVERC_STATUS_INVALID_ARGUMENT);
                      const llvm::LiveRange::Segment &S = LI->segments[Index];
                      Out->Start = slotNumber(*R.SI, S.start);
                      Out->End = slotNumber(*R.SI, S.end);
                      return okStatus();
                    });
}

NevercStatus NEVERC_CALL isLiveInBlock(void *Ctx, NevercTaskHandle T,
                                       NevercMIRAnalysisResultHandle H,
                                       uint32_t Reg,
                                       NevercMachineBasicBlockHandle B,
                                       NevercBool *Out) {
  return withResult(
      Ctx, T, H, NEVERC_MIR_ANALYSIS_LIVE_VARIABLES,
      [&](MIRDomain::Impl &D, Compile &C, AnalysisResult &R) {
        llvm::MachineBasicBlock *X = nullptr;
        TRY(blockOf(D, C, B, &X));
        if (X->getParent() != R.MF)
          return st(NEVERC_STATUS_WRONG_SCOPE);
        llvm::Register V;
        TRY(registerOf(*R.MF, Reg, V));
        if (!V.isVirtual())
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (R.LIS) {
          if (!R.LIS->hasInterval(V))
            return put(Out, NevercBool(NEVERC_FALSE));
          return put(Out, NevercBool(R.LIS->isLiveInToMBB(
                              R.LIS->getInterval(V), X)));
        }
        return put(Out, NevercBool(R.LV->isLiveIn(V, *X)));
      });
}

NevercStatus NEVERC_CALL getPressureSetCount(void *Ctx, NevercTaskHandle T,
                                             NevercMIRAnalysisResultHandle H,
                                             NevercMachineBasicBlockHandle B,
                                             uint64_t *Out) {
  return withResult(
      Ctx, T, H, NEVERC_MIR_ANALYSIS_REGISTER_PRESSURE,
      [&](MIRDomain::Impl &D, Compile &C, AnalysisResult &R) {
        llvm::MachineBasicBlock *X = nullptr;
        TRY(blockOf(D, C, B, &X));
        auto It = R.Pressure.find(X->getNumber());
        if (X->getParent() != R.MF || It == R.Pressure.end())
          return st(NEVERC_STATUS_WRONG_SCOPE);
        return put(Out, uint64_t(It->second.size()));
      });
}

NevercStatus NEVERC_CALL getPressure(void *Ctx, NevercTaskHandle T,
                                     NevercMIRAnalysisResultHandle H,
                                     NevercMachineBasicBlockHandle B,
                                     uint32_t Set,
                                     NevercMIRRegisterPressureInfo *Out) {
  return withResult(
      Ctx, T, H, NEVERC_MIR_ANALYSIS_REGISTER_PRESSURE,
      [&](MIRDomain::Impl &D, Compile &C, AnalysisResult &R) {
        llvm::MachineBasicBlock *X = nullptr;
        TRY(blockOf(D, C, B, &X));
        auto It = R.Pressure.find(X->getNumber());
        if (X->getParent() != R.MF || It == R.Pressure.end())
          return st(NEVERC_STATUS_WRONG_SCOPE);
        TRY(checkHeader(Out, sizeof *Out, NEVERC_MIR_ANALYSIS_API_MAJOR));
        if (Set >= It->second.size())
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        NevercMIRRegisterPressureInfo I;
        std::memset(&I, 0, sizeof I);
        I.PressureSet = Set;
        I.Maximum = It->second[Set];
        I.Limit = R.MF->getSubtarget().getRegisterInfo()->getRegPressureSetLimit(
            *R.MF, Set);
        writeOut(Out, I);
        return okStatus();
      });
}

} // namespace

bool analysisAvailable(Compile &C, NevercMIRBuiltinAnalysis A) {
  switch (A) {
  case NEVERC_MIR_ANALYSIS_DOMINATOR_TREE:
  case NEVERC_MIR_ANALYSIS_LOOP_INFO:
    return true;
  case NEVERC_MIR_ANALYSIS_LIVE_INTERVALS:
  case NEVERC_MIR_ANALYSIS_REGISTER_PRESSURE:
    return C.From->getAnalysisIfAvailable<llvm::LiveIntervalsWrapperPass>();
  case NEVERC_MIR_ANALYSIS_SLOT_INDEXES:
    return C.From->getAnalysisIfAvailable<llvm::SlotIndexesWrapperPass>();
  case NEVERC_MIR_ANALYSIS_LIVE_VARIABLES:
    return C.From->getAnalysisIfAvailable<llvm::LiveVariablesWrapperPass>();
  default:
    return false;
  }
}

void fillAnalysisTable(NevercMIRAnalysisAPI &T) {
  T.QueryBuiltin = &queryBuiltin;
  T.DominatorTreeDominates = &dominates;
  T.GetLoopCount = &getLoopCount;
  T.GetLoopHeader = &getLoopHeader;
  T.GetLoopForBlock = &getLoopForBlock;
  T.GetSlotIndex = &getSlotIndex;
  T.GetLiveIntervalSegmentCount = &getSegmentCount;
  T.GetLiveIntervalSegment = &getSegment;
  T.IsRegisterLiveInBlock = &isLiveInBlock;
  T.GetRegisterPressureSetCount = &getPressureSetCount;
  T.GetRegisterPressure = &getPressure;
}

} // namespace neverc::mir
