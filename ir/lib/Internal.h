//===- Internal.h - Shared pieces of the IR domain (LLVM side) --*- C++ -*-===//
//
// Per-task state: the module the slots act on, generation-checked handle
// tables per handle type (a type handle passed as a value is WRONG_TYPE),
// the module's mutation generation, and the passes plugins registered.
//
// Value handles live until LLVM itself may have changed the module: the
// tables are cleared when Clang's pipeline is about to run or has run (the
// built-in of ir.optimize, each extension-point pass). Mutations made
// through the tables forget the handles of what they delete.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_IR_LIB_INTERNAL_H
#define NEVERC_IR_LIB_INTERNAL_H

#include "neverc/core/PointerMap.h"
#include "neverc/core/SlotSupport.h"
#include "neverc/core/TaskStates.h"
#include "neverc/ir/IRDomain.h"
#include "neverc/source/Outputs.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/FMF.h"
#include "llvm/IR/Module.h"

#include <deque>
#include <functional>
#include <map>
#include <set>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace clang {
class CodeGenAction;
class CompilerInstance;
} // namespace clang

namespace neverc::ir {

using core::isOk;
using core::makeStatus;
using core::okStatus;

inline NevercStatus st(NevercStatusCode C) { return makeStatus(C); }

/// Handle kinds of the IR domain (the AST domain ends below 128).
enum class IRHandleKind : uint8_t {
  Context = 128,
  Module,
  Value,
  Type,
  Metadata,
  NamedMetadata,
  Attribute,
  Comdat,
  Buffer,
  Mutation,
  Builder,
  AnalysisResult,
};
inline core::HandleKind hk(IRHandleKind K) { return core::HandleKind(K); }

/// One RegisterAnalysis.
struct AnalysisRecord {
  const core::Plugin *Owner = nullptr;
  NevercInterfaceID ID{};
  std::string Name;
  NevercIRPassLevel Level = 0;
  std::vector<NevercInterfaceID> Dependencies;
  NevercIRAnalysisComputeFn Compute = nullptr;
  NevercIRAnalysisQueryFn Query = nullptr;
  NevercIRAnalysisInvalidateFn Invalidate = nullptr;
  NevercIRAnalysisDestroyFn Destroy = nullptr;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
};

struct AnalysisState; // Analyses.cpp

/// One RegisterPass.
struct PassRecord {
  const core::Plugin *Owner = nullptr;
  std::string ID;
  uint32_t Phase = 0; ///< core phase index
  NevercIRPassLevel Level = 0;
  NevercIRPassRunFn Run = nullptr;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
  std::vector<NevercInterfaceID> Required; ///< plugin analyses it needs
};

/// What a FUNCTION/LOOP mutation did, newest last, so a rollback can undo
/// it exactly (a MODULE mutation restores a bitcode snapshot instead).
struct UndoEntry {
  enum Kind : uint8_t {
    Created,    ///< I or BB made by the mutation: erased
    Incoming,   ///< an incoming pair added to an older PHI: removed
    Operand,    ///< User's operand Index was Old: set back
    PhiBlock,   ///< PHI incoming block Index was Block: set back
    Erased,     ///< I was taken out before Next (or at BB's end), with Ops
    Restore,    ///< an IR_CORE setter's change: Put sets the old value back
  } K;
  llvm::Value *V = nullptr;     ///< the instruction, block or user
  unsigned Index = 0;
  llvm::Value *Old = nullptr;   ///< Operand: old value; PhiBlock: old block
  llvm::BasicBlock *BB = nullptr;
  llvm::Instruction *Next = nullptr;
  std::vector<llvm::Value *> Ops;
  std::function<void()> Put; ///< Restore
};

struct MutationModel {
  NevercIRMutationScope Scope = 0;
  llvm::Function *F = nullptr; ///< FUNCTION / LOOP: the function in scope
  llvm::BasicBlock *Header = nullptr; ///< LOOP: the loop header
  enum { Open, Committed, Aborted } State = Open;
  std::unique_ptr<llvm::Module> Snapshot; ///< MODULE: a clone at Begin
  std::vector<UndoEntry> Undo;         ///< FUNCTION / LOOP
  std::vector<NevercHandle> Builders;
};

/// Phase artifacts: the input of ir.generate (the semantic unit the module
/// is made from) and a module at stage 1 (generated) or 2 (optimized).
/// Payloads start with a tag, so an artifact of another domain is told
/// apart before anything else is read.
enum class BoxTag : uint32_t {
  GenerateInput = 0x49524749, // "IRGI"
  Module = 0x49524d4f,        // "IRMO"
};
struct TaskState;
struct GenerateInBox {
  BoxTag Tag = BoxTag::GenerateInput;
};
/// The product of the module Clang generates (no standard product ID
/// exists: ir.md §11): the IR core interface's own ID.
constexpr NevercInterfaceID ClangModuleProduct{NEVERC_INTERFACE_IR_CORE_HIGH,
                                               NEVERC_INTERFACE_IR_CORE_LOW};
struct ModuleBox {
  BoxTag Tag = BoxTag::Module;
  llvm::Module *M = nullptr;
  uint32_t Stage = 1;
  NevercInterfaceID Product = ClangModuleProduct;
  std::vector<uint8_t> Digest;
  uint64_t Generation = 0;
};

/// One custom_attr("key", "value") Sema accepted (CustomAttr.cpp), by
/// the function's IR name.
struct CustomAttr {
  std::string Function;
  std::string Key, Value;
};

struct TaskState {
  TaskState(uint32_t Session, uint32_t Task);
  core::HandleScope Scope;
  core::Task *T = nullptr;
  clang::CompilerInstance *CI = nullptr;
  clang::CodeGenAction *CodeGen = nullptr;
  /// The module the slots act on: set while the IR phases run. Inside a
  /// provider that made a module of its own (CreateModule/ImportModule of
  /// the Gen/Optimization tables) it is that module, else Main.
  llvm::Module *M = nullptr;
  /// The module Clang's backend holds (and generates code from).
  llvm::Module *Main = nullptr;
  /// A provider's module until it is published and adopted into Main.
  std::unique_ptr<llvm::Module> Pending;
  /// Outputs providers published (artifact payloads live as long as the
  /// task's IR phases).
  std::deque<ModuleBox> Published;
  /// Bumped by every change made through the tables (cursors and the
  /// PRESERVE_ALL check compare it).
  uint64_t Generation = 0;
  /// Bumped by changes to what a collection holds (an erase, an import):
  /// cursors compare it, so renaming while walking is fine.
  uint64_t Structure = 0;
  /// A plugin changed (or may have changed) the module: ir.final_verify
  /// then has something to verify.
  bool Touched = false;
  /// Inside the built-in ir.optimize (the nested emitBackendOutput).
  bool Nested = false;
  bool Failed = false;
  bool Attached = false;
  /// Values deleted through the tables during the current pass run (the
  /// level adapters skip them).
  std::vector<const llvm::Value *> Erased;
  bool SavedDisableLLVMPasses = false;
  /// Under -flto, what the output commits in place of Clang's plain
  /// bitcode (LTOWriter.cpp); put over the output in wrapAction.
  std::shared_ptr<source::OutputReplacement> LTOOutput;
  /// Runs of Clang's pipeline in this compile (the built-in ir.optimize or
  /// a provider's RunBuiltinPipeline).
  uint32_t PipelineRuns = 0;
  uint32_t OptLevel = NEVERC_IR_OPTIMIZATION_O0;
  std::string Triple, DataLayout;
  std::vector<CustomAttr> CustomAttrs;

  core::HandleTable<llvm::Value *> Values;
  core::PointerMap<NevercHandle> ValueOf;
  core::HandleTable<llvm::Type *> Types;
  core::PointerMap<NevercHandle> TypeOf;
  core::HandleTable<llvm::Metadata *> MDs;
  core::PointerMap<NevercHandle> MDOf;
  core::HandleTable<llvm::NamedMDNode *> NamedMDs;
  core::PointerMap<NevercHandle> NamedMDOf;
  core::HandleTable<void *> Attrs; ///< llvm::Attribute raw pointers
  core::PointerMap<NevercHandle> AttrOf;
  core::HandleTable<llvm::Comdat *> Comdats;
  core::PointerMap<NevercHandle> ComdatOf;
  core::HandleTable<std::shared_ptr<llvm::SmallVector<char, 0>>> Buffers;
  core::HandleTable<std::shared_ptr<MutationModel>> Mutations;
  core::HandleTable<std::shared_ptr<void>> Builders; ///< Builder.cpp's model
  /// Where the last CollectValueCursor batch stopped: the next batch of the
  /// same walk resumes there (checked against the structure generation).
  struct ResumePoint {
    const void *Container = nullptr;
    NevercIRValueCollection Collection = 0;
    uint64_t Structure = 0, Position = 0;
    const void *Next = nullptr;
  } Resume;
  /// Analysis results (built-in ones through LLVM's analysis managers,
  /// plugin ones cached per unit): Analyses.cpp.
  std::shared_ptr<AnalysisState> Analyses;
  /// The pass invocation running now (QueryCustom computes for its unit).
  const NevercIRPassInvocation *Running = nullptr;
  /// Depth of plugin analysis callbacks (Compute/Query/Invalidate): they
  /// may not change IR.
  uint32_t InAnalysis = 0;
  /// The mutation open now (one at a time per task), or null.
  MutationModel *Open = nullptr;
  NevercHandle ModuleHandle{}, ContextHandle{};
  /// Handled refusals already explained (warnOnce keys).
  std::set<std::string> Warned;
  /// Bumped whenever the module's contents are replaced (adoptModule): the
  /// pass adapters' lists of functions are then re-made.
  uint64_t Replacements = 0;

  NevercHandle value(const llvm::Value *V);
  NevercHandle type(llvm::Type *Ty);
  NevercHandle metadata(const llvm::Metadata *MD);
  NevercHandle attribute(llvm::Attribute A);
  NevercHandle namedMetadata(llvm::NamedMDNode *N);
  NevercHandle comdat(llvm::Comdat *C);
  /// A deleted value's handle goes stale.
  void forget(const llvm::Value *V);
  /// The handle of a named metadata node or comdat a rollback erased.
  void forget(const llvm::NamedMDNode *N);
  void forget(const llvm::Comdat *C);
  /// LLVM may change the module now (or did): every value and metadata
  /// handle goes stale, and so do analysis results. Types, attributes and
  /// buffers stay.
  void dropValueHandles();
  /// A plugin callback (a pass invocation, a phase's observers and
  /// interceptors) returned: the value and metadata handles it was given
  /// go stale (ir.md §8 rule 3). Cached analyses stay.
  void expireCallbackHandles();
  /// The module is no longer live (end of the backend).
  void unbind();
};

/// IR_CORE edits while a FUNCTION/LOOP mutation is open join its undo log
/// (Mutations.cpp): call before the edit.
void noteOperand(TaskState &TS, llvm::User *U, unsigned Index);
/// Inside a FUNCTION/LOOP mutation, \p Make() returns the closure that sets
/// back what the caller (an IR_CORE setter) is about to change, should the
/// mutation roll back. Outside one Make is never called: nothing is read or
/// copied, and the change takes effect at once.
std::vector<UndoEntry> *undoLog(TaskState &TS);
template <class MakeFn> void onRollback(TaskState &TS, MakeFn Make) {
  if (std::vector<UndoEntry> *L = undoLog(TS)) {
    UndoEntry E{UndoEntry::Restore};
    E.Put = Make();
    L->push_back(std::move(E));
  }
}
void notePhiBlock(TaskState &TS, llvm::PHINode *P, unsigned Index);
/// EraseValue of an instruction inside an open FUNCTION/LOOP mutation: the
/// instruction is taken out (and deleted at commit). True when it did that.
bool deferErase(TaskState &TS, llvm::Instruction *I);
/// What a mutation made: its handle goes stale on rollback.
void noteCreated(TaskState &TS, llvm::Value *V);
/// Rolls an open mutation back (a phase ended with it open): reported.
void abandonOpenMutation(IRDomain::Impl &D, TaskState &TS);

/// Every analysis result goes (plugin ones: Invalidate(Reason), Destroy).
void releaseAnalyses(TaskState &TS, NevercIRAnalysisInvalidationReason Reason);
/// After a pass invocation that changed the module: plugin results it did
/// not list in CustomAnalyses are invalidated (INVALIDATED_BY_PASS).
void invalidateAfterPass(TaskState &TS, const NevercIRPreservedAnalyses &Kept);
/// A callback returned: its analysis result handles go stale (the results
/// stay cached for the next pass that asks).
void expireAnalysisHandles(TaskState &TS);
/// The analyses a pass requires, computed for the running invocation
/// before it runs; false (reported) when one is missing or fails.
bool prepareRequired(IRDomain::Impl &D, TaskState &TS, const PassRecord &P);

struct IRDomain::Impl {
  explicit Impl(core::Host &H);
  ~Impl();
  core::Host &H;
  NevercIRCoreAPI Core{};
  NevercIRPassAPI Pass{};
  NevercIRBuilderAPI Builder{};
  NevercIRAnalysisAPI Analysis{};
  NevercIRGenAPI Gen{};
  NevercIROptimizationAPI Opt{};
  std::vector<AnalysisRecord> AnalysisRecords;
  NevercStatus Published = okStatus();
  std::vector<PassRecord> Passes;
  core::TaskStates<TaskState> States;
  target::TargetDomain *Target = nullptr;

  TaskState &state(core::Task &T);
  TaskState *stateFor(core::HandleScope S) const;
  void fillCore();
  void diag(NevercDiagnosticSeverity Sev, std::string Msg,
            std::string_view Phase = {});
  /// An IR phase has a registration or a plugin registered a pass.
  bool active() const;
  bool phaseActive(uint32_t Phase) const;
  bool hasPasses(uint32_t Phase) const;
};

/// custom_attr's spellings exist while \p On (CustomAttr.cpp).
void enableCustomAttr(IRDomain::Impl &D, bool On);
/// Puts the compile's custom_attr pairs on their functions in \p M.
void applyCustomAttrs(TaskState &TS, llvm::Module &M);

inline IRDomain::Impl &impl(void *Ctx) {
  return *static_cast<IRDomain::Impl *>(Ctx);
}

using core::writeOut;
template <class F> NevercStatus guard(F &&Fn) noexcept {
  return core::guardSlot(static_cast<F &&>(Fn));
}
inline NevercStatus checkHeader(const void *P, size_t Need, uint16_t Major) {
  return core::checkStructHeader(P, Need, Major);
}

/// Task handle → live task state whose module is live (INVALID_STATE
/// outside the IR phases).
NevercStatus taskOf(IRDomain::Impl &D, NevercTaskHandle H, TaskState **TS);
/// An observer may not change IR.
bool mayNotMutate(const TaskState &TS);
/// Names \p V even though Clang's context drops local value names
/// (-discard-value-names): a plugin that names a value asked for it.
void nameValue(llvm::Value *V, llvm::StringRef Name);
/// A status the plugin handles, explained once per \p Key and task as a
/// warning (an error would fail a compile the plugin did not fail).
void warnOnce(IRDomain::Impl &D, TaskState &TS, const std::string &Key,
              std::string Msg);

/// The checks of a slot that changes the module: POLICY_VIOLATION from an
/// observer; on success the module's generation moves on (and its
/// structure's, for a change to what a collection holds).
NevercStatus beginChange(TaskState &TS, bool Structural = false);

/// Handle → object, by kind: WRONG_TYPE for another kind, WRONG_SCOPE /
/// WRONG_SESSION / STALE_HANDLE per the scope rules.
NevercStatus valueOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                     llvm::Value **Out);
NevercStatus typeOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                    llvm::Type **Out);
NevercStatus metadataOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                        llvm::Metadata **Out);
NevercStatus attributeOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                         llvm::Attribute *Out);
NevercStatus namedMetadataOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                             llvm::NamedMDNode **Out);
NevercStatus comdatOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                      llvm::Comdat **Out);
/// A value of a given LLVM class (WRONG_TYPE otherwise).
template <class C>
NevercStatus valueAs(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                     C **Out) {
  llvm::Value *V = nullptr;
  if (NevercStatus S = valueOf(D, TS, H, &V); !isOk(S))
    return S;
  auto *R = llvm::dyn_cast<C>(V);
  if (!R)
    return st(NEVERC_STATUS_WRONG_TYPE);
  *Out = R;
  return okStatus();
}

/// A borrowed view of \p S (valid while the object lives).
inline NevercStringView view(llvm::StringRef S) {
  return NevercStringView{S.data(), S.size()};
}
inline llvm::StringRef ref(NevercStringView V) {
  return V.Data ? llvm::StringRef(V.Data, V.Length) : llvm::StringRef();
}
/// A string argument: NULL data with a length is INVALID_ARGUMENT.
inline bool validView(NevercStringView V) { return V.Data || !V.Length; }

//===--- Schema mapping (Schema.cpp): by LLVM name, never by number -----===//
NevercIRTypeKind schemaTypeKind(const llvm::Type *T);
NevercIRValueKind schemaValueKind(const llvm::Value *V);
NevercIROpcode schemaOpcode(unsigned LLVMOpcode);
bool llvmOpcode(NevercIROpcode Op, unsigned &Out);
NevercIRPredicate schemaPredicate(unsigned LLVMPredicate);
bool llvmPredicate(NevercIRPredicate P, unsigned &Out);
NevercIRLinkage schemaLinkage(unsigned LLVMLinkage);
bool llvmLinkage(NevercIRLinkage L, unsigned &Out);
NevercIRVisibility schemaVisibility(unsigned LLVMVisibility);
bool llvmVisibility(NevercIRVisibility V, unsigned &Out);
NevercIRCallingConvention schemaCallingConvention(unsigned CC);
bool llvmCallingConvention(NevercIRCallingConvention C, unsigned &Out);
/// The opcode's writable property set (NEVERC_IR_SCHEMA_OPCODE rows).
NevercIRPropertyFlags writableProperties(NevercIROpcode Op);
bool llvmTypeID(NevercIRTypeKind K, unsigned &Out);

/// NEVERC_IR_FAST_MATH_* bits (equal to LLVM's FastMathFlags layout, but
/// converted flag by flag) → LLVM (CoreProperties.cpp).
constexpr uint64_t AllFastMathFlags = 127;
llvm::FastMathFlags toFastMath(uint64_t Bits);

/// Clang's optimization pipeline for this compile on the task's module (a
/// nested emitBackendOutput, Pipeline.cpp); PLUGIN_FAILURE when a pass slot
/// inside it failed (reported).
NevercStatus runClangPipeline(IRDomain::Impl &D, TaskState &TS);

/// -flto with -emit-llvm-bc / -emit-llvm: Clang would write LTO bitcode
/// (LTOWriter.cpp).
bool writesLTOBitcode(const clang::CompilerInstance &CI);
/// Writes the task's module as Clang 22 writes pre-link LTO bitcode (summary,
/// module flags, -fthin-link-bitcode) into the output Clang opened, in place
/// of what Clang writes there (source::replaceOutput).
NevercStatus writeLTOBitcode(IRDomain::Impl &D, TaskState &TS);

//===--- Whole modules (CoreModule.cpp) ------------------------------------===//
/// Parses bitcode or text in the task's context; null (and why) on error.
std::unique_ptr<llvm::Module> parseModule(TaskState &TS,
                                          NevercIRSerializationFormat Format,
                                          NevercByteView Bytes,
                                          std::string &Why);
/// A copy of \p M in its context (llvm::CloneModule: the same types, no
/// metadata kinds registered), so restoring it gives back the very module.
std::unique_ptr<llvm::Module> snapshotModule(const llvm::Module &M);
/// Replaces the task's module contents with \p New's, keeping the
/// llvm::Module object Clang's backend holds (every value handle goes
/// stale); the module then writes the bitcode \p New was read from.
void adoptModule(TaskState &TS, std::unique_ptr<llvm::Module> New);
/// adoptModule of a snapshotModule.
void restoreModule(TaskState &TS, std::unique_ptr<llvm::Module> Snapshot);
/// Leaves TS.M with nothing to generate: its globals move to a module of
/// their own, which the LLVMContext deletes with itself.
void vacateModule(TaskState &TS);
/// llvm::Linker into \p M; the linker's complaints in \p Why, not in the
/// compile's diagnostics.
bool linkInto(llvm::Module &M, std::unique_ptr<llvm::Module> New,
              std::string &Why);

//===--- Table filling, one per concern -----------------------------------===//
void fillCoreTypes(NevercIRCoreAPI &T);      // CoreTypes.cpp
void fillCoreMetadata(NevercIRCoreAPI &T);   // CoreMetadata.cpp
void fillCoreValues(NevercIRCoreAPI &T);     // CoreValues.cpp
void fillCoreModule(NevercIRCoreAPI &T);     // CoreModule.cpp
void fillCoreProperties(NevercIRCoreAPI &T); // CoreProperties.cpp
void fillPassTable(NevercIRPassAPI &T);      // Passes.cpp
void fillMutations(NevercIRBuilderAPI &T);   // Mutations.cpp
void fillBuilder(NevercIRBuilderAPI &T);     // Builder.cpp
void fillAnalysis(NevercIRAnalysisAPI &T);   // Analyses.cpp
void fillProviders(NevercIRGenAPI &G, NevercIROptimizationAPI &O); // Providers.cpp

/// Reports that \p Phase failed with \p S, unless the compile already has
/// an error that says why (the host, the plugin or a verifier reported it).
void reportPhaseFailure(IRDomain::Impl &D, TaskState &TS, uint32_t Phase,
                        NevercStatus S);

/// Runs the passes registered at \p Phase over \p M (Passes.cpp). Returns
/// false when a pass failed (reported, naming the pass); \p Changed says
/// whether any pass changed the module.
bool runRegisteredPasses(IRDomain::Impl &D, TaskState &TS, uint32_t Phase,
                         bool &Changed, bool &KeptCFG);

/// The prologue of a slot: the domain in D, the task's state in TS (its
/// module live), else the status.
#define NEVERC_IR_TASK(Ctx, Task)                                              \
  IRDomain::Impl &D = impl(Ctx);                                               \
  TaskState *TS = nullptr;                                                     \
  if (NevercStatus S_ = taskOf(D, Task, &TS); !isOk(S_))                       \
    return S_;                                                                 \
  (void)D
/// A required out-pointer.
#define NEVERC_IR_OUT(P)                                                       \
  if (!(P))                                                                    \
  return st(NEVERC_STATUS_INVALID_ARGUMENT)

} // namespace neverc::ir

#endif
