//===- Passes.cpp - NevercMIRPassAPI and running registered passes --------===//
//
// A registered pass runs at one of the nine hooks as the hook phase's
// built-in step, in registration order, on the machine function the hook
// runs for: FUNCTION once, BASIC_BLOCK once per block (the blocks as they
// were when the pass began). MODULE passes are refused: LLVM 22's code
// generator runs every machine pass on one function before it starts the
// next, so no hook ever sees the whole module at one stage.
//
// Honesty of the preserved set: a committed mutation moves the function's
// generation on; PRESERVE_ALL with a moved generation is a
// POLICY_VIOLATION that fails the compile (mir.md §10 rule 9).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/CodeGen/MachineFunction.h"

#include <cstring>

namespace neverc::mir {
namespace {

const char *analysisName(NevercMIRBuiltinAnalysis A) {
  static const char *const Names[] = {
      "?",           "LIVE_INTERVALS", "LIVE_VARIABLES",    "SLOT_INDEXES",
      "DOMINATOR_TREE", "LOOP_INFO",   "REGISTER_PRESSURE"};
  return A < sizeof Names / sizeof Names[0] ? Names[A] : "?";
}

NevercStatus NEVERC_CALL registerPass(void *Ctx, void *Registrar,
                                      const NevercMIRPassDescriptor *Desc) {
  return guard([&]() -> NevercStatus {
    MIRDomain::Impl &D = impl(Ctx);
    if (!Registrar || !Desc)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const core::Plugin *Owner = nullptr;
    if (NevercStatus S = D.H.registrarOwner(Registrar, &Owner); !isOk(S))
      return S;
    if (NevercStatus S = core::checkDescriptorHeader(
            Desc, sizeof(NevercMIRPassDescriptor), NEVERC_MIR_PASS_API_MAJOR);
        !isOk(S))
      return S;
    if ((!Desc->PassID.Data && Desc->PassID.Length) || !Desc->PassID.Length ||
        !Desc->Run || Desc->Reserved[0] || Desc->Reserved[1] ||
        Desc->Reserved[2])
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    PassRecord R;
    R.Owner = Owner;
    R.ID.assign(Desc->PassID.Data, Desc->PassID.Length);
    R.Phase = UINT32_MAX;
    for (unsigned H = 0; H < HookCount; ++H) {
      const NevercInterfaceID ID = D.H.phases().at(hookPhase(Hook(H))).ID;
      if (ID.High == Desc->Phase.High && ID.Low == Desc->Phase.Low)
        R.Phase = hookPhase(Hook(H));
    }
    // Rule 12: only the nine hooks (not mir.final_verify, not another
    // domain's phase).
    if (R.Phase == UINT32_MAX)
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    if (Desc->Level == NEVERC_MIR_PASS_LEVEL_MODULE) {
      // A warning: the plugin gets the status and may register a FUNCTION
      // pass instead; an error would fail a compile it did not fail.
      D.diag(NEVERC_DIAGNOSTIC_WARNING,
             "MIR pass '" + R.ID + "' of plugin '" + std::string(Owner->id()) +
                 "': MODULE level is not available: LLVM 22's code generator "
                 "runs every machine pass on one function before the next, "
                 "so no hook sees the whole module at one stage (register a "
                 "FUNCTION pass)");
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    if (Desc->Level != NEVERC_MIR_PASS_LEVEL_FUNCTION &&
        Desc->Level != NEVERC_MIR_PASS_LEVEL_BASIC_BLOCK)
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    if ((Desc->RequiredAnalysisCount && !Desc->RequiredAnalyses) ||
        (Desc->PreservedAnalysisCount && !Desc->PreservedAnalyses) ||
        (!Desc->RequiredTargetSchemaDigest.Data &&
         Desc->RequiredTargetSchemaDigest.Length))
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    for (uint64_t K = 0; K < Desc->RequiredAnalysisCount; ++K) {
      const NevercMIRBuiltinAnalysis A = Desc->RequiredAnalyses[K];
      if (A < NEVERC_MIR_ANALYSIS_LIVE_INTERVALS ||
          A > NEVERC_MIR_ANALYSIS_REGISTER_PRESSURE)
        return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
      R.Required.push_back(A);
    }
    for (const PassRecord &P : D.Passes)
      if (P.ID == R.ID)
        return st(NEVERC_STATUS_DUPLICATE_ID);
    // No target schema is published: a pass bound to one never runs here
    // (rule 11); the refusal is said once, when it would have run.
    R.TargetSchema.assign(Desc->RequiredTargetSchemaDigest.Data
                              ? Desc->RequiredTargetSchemaDigest.Data
                              : "",
                          Desc->RequiredTargetSchemaDigest.Length);
    R.Level = Desc->Level;
    R.Run = Desc->Run;
    R.UserData = Desc->UserData;
    R.DestroyUserData = Desc->DestroyUserData;
    D.Passes.push_back(std::move(R));
    return okStatus();
  });
}

/// One invocation of one pass. False: it failed (reported).
bool invoke(MIRDomain::Impl &D, Compile &C, const PassRecord &P,
            NevercMIRPassInvocation &Inv, bool &Changed) {
  NevercMIRPreservedAnalyses Kept;
  std::memset(&Kept, 0, sizeof Kept);
  Kept.Header = {sizeof Kept, NEVERC_MIR_PASS_API_MAJOR,
                 NEVERC_MIR_PASS_API_MINOR, 0};
  Kept.Flags = NEVERC_MIR_PRESERVE_NONE;
  const uint64_t Before = C.Generation[C.MF];
  NevercStatus S;
  try {
    S = P.Run(&Inv, &Kept, P.UserData);
  } catch (...) {
    S = st(NEVERC_STATUS_PLUGIN_EXCEPTION);
  }
  const std::string Who = "MIR pass '" + P.ID + "' of plugin '" +
                          std::string(P.Owner->id()) + "'";
  const std::string &Phase = D.H.phases().at(P.Phase).Name;
  bool LeftOpen = false;
  if (C.Open) {
    abandonOpenMutation(D, C);
    LeftOpen = true;
  }
  // The handles this invocation was given end with it.
  C.expireCallbackHandles();
  if (LeftOpen) {
    D.diag(NEVERC_DIAGNOSTIC_ERROR,
           Who + " returned with a mutation open (rolled back)", Phase);
    return false;
  }
  if (!isOk(S)) {
    D.diag(NEVERC_DIAGNOSTIC_ERROR,
           Who + " failed with " + std::string(core::statusName(S.Code)),
           Phase);
    return false;
  }
  const bool Moved = C.Generation[C.MF] != Before;
  if (Moved && (Kept.Flags & NEVERC_MIR_PRESERVE_ALL)) {
    D.diag(NEVERC_DIAGNOSTIC_ERROR,
           Who + " changed the function but reported PRESERVE_ALL "
                 "(POLICY_VIOLATION)",
           Phase);
    return false;
  }
  Changed |= Moved;
  return true;
}

} // namespace

void fillPassTable(NevercMIRPassAPI &T) { T.RegisterPass = &registerPass; }

bool runRegisteredPasses(MIRDomain::Impl &D, Compile &C, uint32_t Phase,
                         bool &Changed) {
  llvm::MachineFunction &MF = *C.MF;
  for (const PassRecord &P : D.Passes) {
    if (P.Phase != Phase)
      continue;
    if (!P.TargetSchema.empty()) {
      if (C.Warned.insert("schema:" + P.ID).second)
        D.diag(NEVERC_DIAGNOSTIC_WARNING,
               "MIR pass '" + P.ID + "' of plugin '" +
                   std::string(P.Owner->id()) +
                   "' requires target schema '" + P.TargetSchema +
                   "'; this build publishes none, so the pass does not run",
               D.H.phases().at(Phase).Name);
      continue;
    }
    // What it requires must exist at this hook (mir.md §2); the domain
    // does not add LLVM passes to compute it, which would change the code.
    bool Missing = false;
    for (NevercMIRBuiltinAnalysis A : P.Required)
      if (!analysisAvailable(C, A)) {
        D.diag(NEVERC_DIAGNOSTIC_ERROR,
               "MIR pass '" + P.ID + "' of plugin '" +
                   std::string(P.Owner->id()) + "' requires " +
                   analysisName(A) + ", which LLVM has not computed at " +
                   D.H.phases().at(Phase).Name + " (CAPABILITY_UNAVAILABLE)",
               D.H.phases().at(Phase).Name);
        Missing = true;
      }
    if (Missing)
      return false;
    NevercMIRPassInvocation Inv;
    std::memset(&Inv, 0, sizeof Inv);
    Inv.Header = {sizeof Inv, NEVERC_MIR_PASS_API_MAJOR,
                  NEVERC_MIR_PASS_API_MINOR, 0};
    Inv.Task = C.T->handle();
    Inv.Phase = D.H.phases().at(Phase).ID;
    Inv.PassID = {P.ID.data(), P.ID.size()};
    Inv.Level = P.Level;
    Inv.Core = &D.Core;
    Inv.Analyses = &D.Analysis;
    Inv.TargetSchemaDigest = {"", 0};
    if (P.Level == NEVERC_MIR_PASS_LEVEL_FUNCTION) {
      Inv.Function = C.function(&MF);
      if (!invoke(D, C, P, Inv, Changed))
        return false;
      continue;
    }
    std::vector<llvm::MachineBasicBlock *> Blocks;
    for (llvm::MachineBasicBlock &B : MF)
      Blocks.push_back(&B);
    for (llvm::MachineBasicBlock *B : Blocks) {
      // An earlier invocation may have erased it (compared, not touched).
      bool Live = false;
      for (llvm::MachineBasicBlock &X : MF)
        Live |= &X == B;
      if (!Live)
        continue;
      Inv.Function = C.function(&MF);
      Inv.BasicBlock = C.block(B);
      if (!invoke(D, C, P, Inv, Changed))
        return false;
    }
  }
  return true;
}

} // namespace neverc::mir
