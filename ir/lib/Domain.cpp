//===- Domain.cpp - IRDomain: task state, handles, publication ------------===//
#include "Internal.h"
#include "neverc/target/TargetDomain.h"

#include "llvm/IR/Comdat.h"
#include "llvm/IR/Metadata.h"

namespace neverc::ir {
namespace {

constexpr uint32_t IRPhases[] = {
    core::Phase_IR_GENERATE,
    core::Phase_IR_OPTIMIZE,
    core::Phase_IR_PASS_PRE_OPT,
    core::Phase_IR_PASS_PIPELINE_START,
    core::Phase_IR_PASS_OPTIMIZER_LAST,
    core::Phase_IR_PASS_POST_OPT,
    core::Phase_IR_PASS_PRE_CODEGEN,
    core::Phase_IR_FINAL_VERIFY,
};

using core::mintCached;

template <class V>
NevercStatus lookup(IRDomain::Impl &D, TaskState &TS,
                    core::HandleTable<V> &Table, IRHandleKind,
                    NevercHandle H, V **Out) {
  return core::lookupScoped(Table, H, TS.Scope, D.H, Out);
}

} // namespace

TaskState::TaskState(uint32_t Session, uint32_t Task)
    : Scope{Session, Task}, Values(hk(IRHandleKind::Value), Scope),
      Types(hk(IRHandleKind::Type), Scope),
      MDs(hk(IRHandleKind::Metadata), Scope),
      NamedMDs(hk(IRHandleKind::NamedMetadata), Scope),
      Attrs(hk(IRHandleKind::Attribute), Scope),
      Comdats(hk(IRHandleKind::Comdat), Scope),
      Buffers(hk(IRHandleKind::Buffer), Scope),
      Mutations(hk(IRHandleKind::Mutation), Scope),
      Builders(hk(IRHandleKind::Builder), Scope) {
  // One module and one context per task: their handles never change.
  ModuleHandle = core::encodeHandle(hk(IRHandleKind::Module), Scope, 0, 1);
  ContextHandle = core::encodeHandle(hk(IRHandleKind::Context), Scope, 0, 1);
}

NevercHandle TaskState::value(const llvm::Value *V) {
  return mintCached(Values, ValueOf, V, const_cast<llvm::Value *>(V));
}
NevercHandle TaskState::type(llvm::Type *Ty) {
  return mintCached(Types, TypeOf, Ty, Ty);
}
NevercHandle TaskState::metadata(const llvm::Metadata *MD) {
  return mintCached(MDs, MDOf, MD, const_cast<llvm::Metadata *>(MD));
}
NevercHandle TaskState::attribute(llvm::Attribute A) {
  return mintCached(Attrs, AttrOf, A.getRawPointer(), A.getRawPointer());
}
NevercHandle TaskState::namedMetadata(llvm::NamedMDNode *N) {
  return mintCached(NamedMDs, NamedMDOf, N, N);
}
NevercHandle TaskState::comdat(llvm::Comdat *C) {
  return mintCached(Comdats, ComdatOf, C, C);
}

void TaskState::forget(const llvm::Value *V) {
  if (NevercHandle *H = ValueOf.find(V)) {
    Values.erase(*H);
    *H = NevercHandle{};
  }
}

void TaskState::forget(const llvm::NamedMDNode *N) {
  if (NevercHandle *H = NamedMDOf.find(N)) {
    NamedMDs.erase(*H);
    *H = NevercHandle{};
  }
}

void TaskState::forget(const llvm::Comdat *C) {
  if (NevercHandle *H = ComdatOf.find(C)) {
    Comdats.erase(*H);
    *H = NevercHandle{};
  }
}

void TaskState::expireCallbackHandles() {
  // A walk begun before does not describe the module any more either.
  ++Structure;
  expireAnalysisHandles(*this);
  Resume = {};
  Values.clear();
  ValueOf.clear();
  MDs.clear();
  MDOf.clear();
  NamedMDs.clear();
  NamedMDOf.clear();
  Comdats.clear();
  ComdatOf.clear();
}

void TaskState::dropValueHandles() {
  expireCallbackHandles();
  // Analysis results describe the IR as it was.
  releaseAnalyses(*this, NEVERC_IR_ANALYSIS_INVALIDATED_BY_PLAN_DESTROY);
}

void TaskState::unbind() {
  dropValueHandles();
  Pending.reset();
  Published.clear();
  Main = nullptr;
  Mutations.clear();
  Builders.clear();
  Open = nullptr;
  M = nullptr;
  CodeGen = nullptr;
}

NevercStatus valueOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                     llvm::Value **Out) {
  llvm::Value **P = nullptr;
  if (NevercStatus S = lookup(D, TS, TS.Values, IRHandleKind::Value, H, &P);
      !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}
NevercStatus typeOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                    llvm::Type **Out) {
  llvm::Type **P = nullptr;
  if (NevercStatus S = lookup(D, TS, TS.Types, IRHandleKind::Type, H, &P);
      !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}
NevercStatus metadataOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                        llvm::Metadata **Out) {
  llvm::Metadata **P = nullptr;
  if (NevercStatus S = lookup(D, TS, TS.MDs, IRHandleKind::Metadata, H, &P);
      !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}
NevercStatus attributeOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                         llvm::Attribute *Out) {
  void **P = nullptr;
  if (NevercStatus S = lookup(D, TS, TS.Attrs, IRHandleKind::Attribute, H, &P);
      !isOk(S))
    return S;
  *Out = llvm::Attribute::fromRawPointer(*P);
  return okStatus();
}
NevercStatus namedMetadataOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                             llvm::NamedMDNode **Out) {
  llvm::NamedMDNode **P = nullptr;
  if (NevercStatus S =
          lookup(D, TS, TS.NamedMDs, IRHandleKind::NamedMetadata, H, &P);
      !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}
NevercStatus comdatOf(IRDomain::Impl &D, TaskState &TS, NevercHandle H,
                      llvm::Comdat **Out) {
  llvm::Comdat **P = nullptr;
  if (NevercStatus S = lookup(D, TS, TS.Comdats, IRHandleKind::Comdat, H, &P);
      !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}

void nameValue(llvm::Value *V, llvm::StringRef Name) {
  llvm::LLVMContext &C = V->getContext();
  const bool Discard = C.shouldDiscardValueNames();
  C.setDiscardValueNames(false);
  V->setName(Name);
  C.setDiscardValueNames(Discard);
}

void warnOnce(IRDomain::Impl &D, TaskState &TS, const std::string &Key,
              std::string Msg) {
  if (TS.Warned.insert(Key).second)
    D.diag(NEVERC_DIAGNOSTIC_WARNING, std::move(Msg));
}

bool mayNotMutate(const TaskState &TS) {
  return TS.InAnalysis ||
         (TS.T && TS.T->role() == core::CallbackRole::Observer);
}

NevercStatus beginChange(TaskState &TS, bool Structural) {
  if (mayNotMutate(TS))
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  ++TS.Generation;
  TS.Structure += Structural;
  TS.Touched = true;
  return okStatus();
}

NevercStatus taskOf(IRDomain::Impl &D, NevercTaskHandle H, TaskState **TS) {
  core::Task *Found = nullptr;
  if (NevercStatus S = D.H.resolveTask(H, &Found); !isOk(S))
    return S;
  TaskState *State = D.stateFor(core::decodeHandle(H).Scope);
  if (!State || !State->M)
    return st(NEVERC_STATUS_INVALID_STATE);
  *TS = State;
  return okStatus();
}

//===----------------------------------------------------------------------===//
// Impl
//===----------------------------------------------------------------------===//

IRDomain::Impl::Impl(core::Host &H) : H(H), States(H) {}

IRDomain::Impl::~Impl() {
  // Results first: their Destroy may need the plugins' user data.
  States.forEach([](TaskState &TS) {
    releaseAnalyses(TS, NEVERC_IR_ANALYSIS_INVALIDATED_BY_PLAN_DESTROY);
  });
  for (PassRecord &P : Passes)
    if (P.DestroyUserData)
      P.DestroyUserData(P.UserData);
  for (AnalysisRecord &A : AnalysisRecords)
    if (A.DestroyUserData)
      A.DestroyUserData(A.UserData);
}

TaskState &IRDomain::Impl::state(core::Task &T) {
  core::HandleScope S = core::decodeHandle(T.handle()).Scope;
  return States.get(S, [&] {
    auto P = std::make_unique<TaskState>(S.Session, S.Task);
    P->T = &T;
    return P;
  });
}

TaskState *IRDomain::Impl::stateFor(core::HandleScope S) const {
  return States.find(S);
}

void IRDomain::Impl::diag(NevercDiagnosticSeverity Sev, std::string Msg,
                          std::string_view Phase) {
  H.report(Sev, std::move(Msg), nullptr, Phase);
}

bool IRDomain::Impl::phaseActive(uint32_t Phase) const {
  return H.phases().at(Phase).Active;
}

bool IRDomain::Impl::hasPasses(uint32_t Phase) const {
  for (const PassRecord &P : Passes)
    if (P.Phase == Phase)
      return true;
  return false;
}

bool IRDomain::Impl::active() const {
  // The codegen phases take the module ir.final_verify passed (and
  // ir_to_mir's input is read through the IR tables).
  if (!Passes.empty() || (Target && Target->routesCodeGen()) ||
      phaseActive(core::Phase_CODEGEN_IR_TO_MIR))
    return true;
  for (uint32_t Ph : IRPhases)
    if (phaseActive(Ph))
      return true;
  return false;
}

void IRDomain::Impl::fillCore() {
  Core.Header = {sizeof Core, NEVERC_IR_CORE_API_MAJOR,
                 NEVERC_IR_CORE_API_MINOR, 0};
  Core.Context = this;
  fillCoreTypes(Core);
  fillCoreMetadata(Core);
  fillCoreValues(Core);
  fillCoreModule(Core);
  fillCoreProperties(Core);
  Pass.Header = {sizeof Pass, NEVERC_IR_PASS_API_MAJOR,
                 NEVERC_IR_PASS_API_MINOR, 0};
  Pass.Context = this;
  fillPassTable(Pass);
  Builder.Header = {sizeof Builder, NEVERC_IR_BUILDER_API_MAJOR,
                    NEVERC_IR_BUILDER_API_MINOR, 0};
  Builder.Context = this;
  fillMutations(Builder);
  fillBuilder(Builder);
  Analysis.Header = {sizeof Analysis, NEVERC_IR_ANALYSIS_API_MAJOR,
                     NEVERC_IR_ANALYSIS_API_MINOR, 0};
  Analysis.Context = this;
  fillAnalysis(Analysis);
  Gen.Header = {sizeof Gen, NEVERC_IR_GEN_API_MAJOR, NEVERC_IR_GEN_API_MINOR, 0};
  Gen.Context = this;
  Opt.Header = {sizeof Opt, NEVERC_IR_OPTIMIZATION_API_MAJOR,
                NEVERC_IR_OPTIMIZATION_API_MINOR, 0};
  Opt.Context = this;
  fillProviders(Gen, Opt);
}

//===----------------------------------------------------------------------===//
// IRDomain
//===----------------------------------------------------------------------===//

IRDomain::IRDomain(core::Host &H) : P(std::make_unique<Impl>(H)) {
  P->fillCore();
  P->Published = H.publishInterface(
      NevercInterfaceID{NEVERC_INTERFACE_IR_CORE_HIGH,
                        NEVERC_INTERFACE_IR_CORE_LOW},
      NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR, &P->Core,
      sizeof P->Core);
  if (isOk(P->Published))
    P->Published = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_IR_PASS_HIGH,
                          NEVERC_INTERFACE_IR_PASS_LOW},
        NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR, &P->Pass,
        sizeof P->Pass);
  if (isOk(P->Published))
    P->Published = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_IR_BUILDER_HIGH,
                          NEVERC_INTERFACE_IR_BUILDER_LOW},
        NEVERC_IR_BUILDER_API_MAJOR, NEVERC_IR_BUILDER_API_MINOR, &P->Builder,
        sizeof P->Builder);
  if (isOk(P->Published))
    P->Published = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_IR_ANALYSIS_HIGH,
                          NEVERC_INTERFACE_IR_ANALYSIS_LOW},
        NEVERC_IR_ANALYSIS_API_MAJOR, NEVERC_IR_ANALYSIS_API_MINOR,
        &P->Analysis, sizeof P->Analysis);
  if (isOk(P->Published))
    P->Published = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_IR_GEN_HIGH,
                          NEVERC_INTERFACE_IR_GEN_LOW},
        NEVERC_IR_GEN_API_MAJOR, NEVERC_IR_GEN_API_MINOR, &P->Gen,
        sizeof P->Gen);
  if (isOk(P->Published))
    P->Published = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_IR_OPTIMIZATION_HIGH,
                          NEVERC_INTERFACE_IR_OPTIMIZATION_LOW},
        NEVERC_IR_OPTIMIZATION_API_MAJOR, NEVERC_IR_OPTIMIZATION_API_MINOR,
        &P->Opt, sizeof P->Opt);
}

IRDomain::~IRDomain() = default;

NevercStatus IRDomain::published() const { return P->Published; }
uint32_t IRDomain::firstPhase() const { return core::Phase_IR_GENERATE; }


} // namespace neverc::ir
