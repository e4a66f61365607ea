//===- Internal.h - Shared pieces of the MIR domain (LLVM side) -*- C++ -*-===//
//
// One Compile per cc1 that has a registration on a MIR phase: the task the
// phases run in, whether a phase failed, which functions plugins changed
// (the sealed mir.final_verify runs LLVM's MachineVerifier on those), the
// handles of the callback running now, and what Hooks.cpp put into LLVM's
// pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_MIR_LIB_INTERNAL_H
#define NEVERC_MIR_LIB_INTERNAL_H

#include "neverc/Plugin/PluginMC.h"
#include "neverc/Plugin/PluginMIR.h"
#include "neverc/core/Handles.h"
#include "neverc/core/PointerMap.h"
#include "neverc/core/SlotSupport.h"
#include "neverc/mir/MIRDomain.h"

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class AnalysisResolver;
class Target;
class MachineBasicBlock;
class MachineFunction;
class MachineInstr;
class MachineMemOperand;
class FunctionPass;
class Pass;
class RegisterTargetPassConfigCallback;
namespace legacy {
class PassManagerBase;
} // namespace legacy
} // namespace llvm

namespace neverc::mir {

using core::isOk;
using core::makeStatus;
using core::okStatus;

inline NevercStatus st(NevercStatusCode C) { return makeStatus(C); }

/// Handle kinds of the MIR domain (the IR domain ends below 160).
enum class MIRHandleKind : uint8_t {
  Function = 160,
  Block,
  Instr,
  Operand,
  MemOperand,
  Mutation,
  Reference,
  AnalysisResult,
};
inline core::HandleKind hk(MIRHandleKind K) { return core::HandleKind(K); }

/// An operand: its instruction and its index there.
struct OperandRef {
  llvm::MachineInstr *MI = nullptr;
  unsigned Index = 0;
};

/// A built-in analysis result (Analyses.cpp).
struct AnalysisResult;
struct AnalysisResultDeleter {
  void operator()(AnalysisResult *R) const;
};
using AnalysisResultPtr = std::unique_ptr<AnalysisResult, AnalysisResultDeleter>;

/// What a reference handle names (NevercMIRReferenceHandle is opaque to
/// plugins; the host needs to know which LLVM object it is).
enum class RefKind : uint8_t { Value, Metadata };
struct Reference {
  const void *P = nullptr;
  RefKind K = RefKind::Value;
};

/// One RegisterPass.
struct PassRecord {
  const core::Plugin *Owner = nullptr;
  std::string ID;
  uint32_t Phase = 0; ///< the hook's phase index
  NevercMIRPassLevel Level = 0;
  std::string TargetSchema; ///< RequiredTargetSchemaDigest, if any
  std::vector<NevercMIRBuiltinAnalysis> Required;
  NevercMIRPassRunFn Run = nullptr;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
};

/// The nine hook points, in pipeline order (the phases' Low IDs 1-9).
enum Hook : unsigned {
  PostIsel,
  PostLegalize,
  PreScheduler,
  PostScheduler,
  PreRegalloc,
  PostRegalloc,
  PostPrologEpilog,
  Preemit,
  Final,
  HookCount
};

/// The phase index of a hook.
uint32_t hookPhase(Hook H);

/// What an open mutation did, newest last; AbortMutation (or a commit the
/// MachineVerifier refuses) runs the undo steps backwards.
struct UndoLog {
  std::vector<std::function<void()>> Steps;
  /// Instructions and blocks the mutation took out of the function: kept
  /// alive until the mutation ends, deleted on commit.
  std::vector<llvm::MachineInstr *> RemovedInstrs;
  /// Instructions CreateInstruction made (their opcodes are checked).
  std::vector<llvm::MachineInstr *> Made;
  /// Blocks EraseBasicBlock staged: erased when the commit is accepted.
  std::vector<llvm::MachineBasicBlock *> Erased;
  /// Properties claimed with a STRUCTURAL_CHECK proof (checked at commit;
  /// MachineFunctionProperties::Property values).
  std::vector<unsigned> Claims;
};

struct Mutation {
  llvm::MachineFunction *MF = nullptr;
  enum State { Open, Committed, Aborted } S = Open;
  UndoLog Log;
};

struct Selection;
struct Lowering;

struct Compile {
  Compile(core::HandleScope Scope);
  core::HandleScope Scope;
  core::Task *T = nullptr;
  bool Failed = false;
  /// The phase running now (0 outside one).
  uint32_t Phase = 0;
  /// neverc.codegen.ir_to_mir's run on the function being selected (null
  /// outside it).
  Selection *Selecting = nullptr;
  /// The compatibility key both codegen provider inputs name (machine
  /// values are LLVM 22's for the triple); one triple per compile, so the
  /// views handed out stay valid.
  std::string Key;
  const std::string &key(const std::string &Triple) {
    if (Key.empty())
      Key = "llvm22-" + Triple;
    return Key;
  }
  /// neverc.codegen.mir_to_mc's run on the function being printed (null
  /// outside it), and the MC schema digest its provider input names.
  Lowering *Printing = nullptr;
  std::string Digest;
  /// Final-point candidates placed so far; the last one is the final point.
  unsigned Candidates = 0;
  /// LLVM's pipeline hook, registered only while this compile runs.
  std::unique_ptr<llvm::RegisterTargetPassConfigCallback> Callback;
  /// The pass managers Hooks.cpp put between TargetPassConfig and Clang's.
  std::vector<std::unique_ptr<llvm::legacy::PassManagerBase>> Managers;

  /// The function a phase or pass runs on now (null outside), and the pass
  /// running it (the verifier and the analyses ask it).
  llvm::MachineFunction *MF = nullptr;
  llvm::Pass *From = nullptr;
  /// Handles live for one callback (rule 1): cleared when it returns.
  core::HandleTable<llvm::MachineFunction *> Functions;
  core::HandleTable<llvm::MachineBasicBlock *> Blocks;
  core::HandleTable<llvm::MachineInstr *> Instrs;
  core::HandleTable<OperandRef> Operands;
  core::HandleTable<llvm::MachineMemOperand *> MemOperands;
  core::HandleTable<Reference> References;
  core::HandleTable<std::shared_ptr<Mutation>> Mutations;
  core::HandleTable<AnalysisResultPtr> Results;
  core::PointerMap<NevercHandle> FunctionOf, BlockOf, InstrOf, MemOf, RefOf;
  /// Words handed out by views (live as long as the
  /// handles).
  std::deque<std::vector<uint64_t>> Words;
  /// The open mutation (one at a time), or null.
  std::shared_ptr<Mutation> Open;
  /// Instructions and blocks the open mutation made: their handles go when
  /// it is rolled back.
  std::vector<const void *> Created;
  void forgetCreated();
  /// Commits per function (GetMachineFunctionGeneration), and the phase
  /// of the last one (mir.final_verify skips what `final` just verified).
  std::map<const llvm::MachineFunction *, uint64_t> Generation;
  std::map<const llvm::MachineFunction *, uint32_t> CommittedAt;
  /// Kinds of not-yet-available slot already warned about.
  std::set<std::string> Warned;

  NevercHandle function(llvm::MachineFunction *F);
  NevercHandle block(llvm::MachineBasicBlock *B);
  NevercHandle instr(llvm::MachineInstr *I);
  NevercHandle operand(llvm::MachineInstr *I, unsigned Index);
  NevercHandle memOperand(llvm::MachineMemOperand *M);
  NevercHandle reference(const void *P, RefKind K);
  /// A handle was minted since the last expiry (mutations and results are
  /// only made by slots that mint too).
  bool Minted = false;
  /// A callback returned: its handles are gone.
  void expireCallbackHandles();
  ~Compile();
};

/// What a MIR phase hands on: the function it ran on, and the pass running
/// it (the verifier asks it for the analyses that exist at that point).
struct FunctionBox {
  llvm::MachineFunction *MF;
  llvm::Pass *From;
};

struct MIRDomain::Impl {
  explicit Impl(core::Host &H);
  ~Impl();
  core::Host &H;
  std::unique_ptr<Compile> Current;
  NevercMIRAPI Core{};
  NevercMIRPassAPI Pass{};
  NevercMIRAnalysisAPI Analysis{};
  NevercMIRProviderAPI Provider{};
  NevercMCProviderAPI MCProvider{};
  std::vector<PassRecord> Passes;
  /// The MC domain: a mir_to_mc provider's unit is built there.
  mc::MCDomain *Units = nullptr;

  bool hasPasses(uint32_t Phase) const;
  /// A hook has someone there: a registration on its phase or a pass.
  bool hookWanted(uint32_t Phase) const {
    return phaseActive(Phase) || hasPasses(Phase);
  }
  void diag(NevercDiagnosticSeverity Sev, std::string Msg,
            std::string_view Phase = {});

  bool phaseActive(uint32_t Phase) const;
  /// Any MIR phase has a registration.
  bool active() const;
  /// Runs one phase for \p MF (\p From: the pass running it, for the
  /// verifier's analyses). A failure is reported and fails the compile;
  /// the phases after it do not run.
  void run(uint32_t Phase, llvm::MachineFunction &MF, llvm::Pass *From);
  /// Runs \p R (its task set here) as phase \p Phase on \p MF with the
  /// compile pointing at the function, then undoes a mutation a callback
  /// left open and expires the callbacks' handles.
  core::PhaseOutcome runOn(uint32_t Phase, llvm::MachineFunction &MF,
                           llvm::Pass *From, core::PhaseRequest &R);
  void fail(uint32_t Phase, const llvm::MachineFunction &MF, NevercStatus S);
  /// neverc.codegen.ir_to_mir has someone: the instruction selector is
  /// wrapped (Selection.cpp).
  bool selectionWanted() const;
  /// neverc.codegen.mir_to_mc has someone: the AsmPrinter is wrapped
  /// (Lowering.cpp).
  bool loweringWanted() const;
};

inline MIRDomain::Impl &impl(void *Ctx) {
  return *static_cast<MIRDomain::Impl *>(Ctx);
}
template <class F> NevercStatus guard(F &&Fn) noexcept {
  return core::guardSlot(static_cast<F &&>(Fn));
}
inline NevercStatus checkHeader(const void *P, size_t Need, uint16_t Major) {
  return core::checkStructHeader(P, Need, Major);
}
using core::writeOut;

/// The task handle of a slot: INVALID_STATE outside a MIR callback,
/// WRONG_SCOPE for another task, STALE_HANDLE for one that ended.
NevercStatus compileOf(MIRDomain::Impl &D, NevercTaskHandle T, Compile **Out);
/// Handle → object, by kind (WRONG_TYPE, WRONG_SCOPE, STALE_HANDLE).
NevercStatus functionOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                        llvm::MachineFunction **Out);
NevercStatus blockOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                     llvm::MachineBasicBlock **Out);
NevercStatus instrOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                     llvm::MachineInstr **Out);
NevercStatus operandOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                       OperandRef *Out);
NevercStatus memOperandOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                          llvm::MachineMemOperand **Out);
NevercStatus referenceOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                        Reference **Out);
/// A mutation handle that is open and belongs to this compile.
NevercStatus mutationOf(MIRDomain::Impl &D, Compile &C, NevercHandle H,
                        Mutation **Out);

void fillReadSlots(NevercMIRAPI &T);     // ReadSlots.cpp
void fillFrameSlots(NevercMIRAPI &T);    // FrameSlots.cpp
void fillMutationSlots(NevercMIRAPI &T); // Mutations.cpp
void fillFrameMutationSlots(NevercMIRAPI &T); // FrameMutations.cpp
void fillPassTable(NevercMIRPassAPI &T); // Passes.cpp
void fillAnalysisTable(NevercMIRAnalysisAPI &T); // Analyses.cpp
void fillProviderTable(NevercMIRProviderAPI &T); // Selection.cpp
void fillMCProviderTable(NevercMCProviderAPI &T); // Lowering.cpp
/// The preamble of a codegen provider slot (ir_to_mir's, mir_to_mc's): a
/// live frame of \p Phase in this compile, whose run (\p Run: the
/// compile's Selecting or Printing) is going on, else WRONG_SCOPE; when
/// \p Struct is given, its header (\p Major). \p Body gets the compile
/// and the run.
template <class RunT, class Fn>
NevercStatus codegenSlot(void *Ctx, const NevercPhaseFrame *F, uint32_t Phase,
                         RunT *Compile::*Run, uint16_t Major,
                         const void *Struct, size_t Size, Fn &&Body) {
  return guard([&]() -> NevercStatus {
    MIRDomain::Impl &D = impl(Ctx);
    if (!F || F->Header.StructSize < sizeof *F)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Compile *C;
    if (NevercStatus S = compileOf(D, F->Task, &C); !isOk(S))
      return S;
    const NevercInterfaceID ID = D.H.phases().at(Phase).ID;
    if (!(C->*Run) || F->Phase.High != ID.High || F->Phase.Low != ID.Low)
      return st(NEVERC_STATUS_WRONG_SCOPE);
    if (Size)
      if (NevercStatus S = checkHeader(Struct, Size, Major); !isOk(S))
        return S;
    return Body(D, *C, *(C->*Run));
  });
}
/// The target's AsmPrinter constructor gets the domain's in front of it,
/// once per process and target (Lowering.cpp); \p D: the compile printers
/// built on this thread serve (null: none).
void installPrinterHook(const llvm::Target &T);
void setLoweringCompile(MIRDomain::Impl *D);
/// A wrapped pass answers its analyses through the wrapper's resolver
/// (null: taken back before the wrapper deletes it).
void shareResolver(llvm::Pass &P, llvm::AnalysisResolver *R);
/// The instruction selector \p Selector (LLVM's, taken over) wrapped in a
/// pass that runs neverc.codegen.ir_to_mir per function (Selection.cpp).
llvm::Pass *wrapSelector(MIRDomain::Impl &D, llvm::FunctionPass *Selector);
/// Whether LLVM computed \p A where the running pass is (DOMINATOR_TREE and
/// LOOP_INFO: always, the domain computes them).
bool analysisAvailable(Compile &C, NevercMIRBuiltinAnalysis A);
/// The passes registered at the hook \p Phase, on C.MF. False: one failed
/// (reported).
bool runRegisteredPasses(MIRDomain::Impl &D, Compile &C, uint32_t Phase,
                         bool &Changed);
/// Ends an open mutation a callback left behind: rolled back.
void abandonOpenMutation(MIRDomain::Impl &D, Compile &C);

/// Registers the pipeline hook of \p C (Hooks.cpp).
void installPipelineHook(MIRDomain::Impl &D, Compile &C);

/// LLVM's MachineVerifier on \p MF, never aborting: VERIFICATION_FAILED
/// with its first report as an error naming \p Gate.
NevercStatus verifyMachineFunction(MIRDomain::Impl &D,
                                   const llvm::MachineFunction &MF,
                                   llvm::Pass *From, const char *Gate);

} // namespace neverc::mir

#endif
