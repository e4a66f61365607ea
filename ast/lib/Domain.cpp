//===- Domain.cpp - ASTDomain: task state, tables, lifecycle events -------===//
#include "Internal.h"

#include "clang/Basic/SourceManager.h"

namespace neverc::ast {
namespace {

/// Depth of AST lifecycle callbacks running on this thread (they may not
/// mutate).
thread_local uint32_t LifecycleDepthTL = 0;

constexpr uint32_t SyntaxSemaPhases[] = {
    core::Phase_SYNTAX_PARSE,
    core::Phase_SEMA_ANALYZE,
    core::Phase_SYNTAX_EXTENSION_DECLARATION,
    core::Phase_SYNTAX_EXTENSION_STATEMENT,
    core::Phase_SYNTAX_EXTENSION_EXPRESSION,
    core::Phase_SYNTAX_EXTENSION_TYPE_NAME,
    core::Phase_SYNTAX_EXTENSION_ATTRIBUTE,
    core::Phase_SYNTAX_EXTENSION_KEYWORD,
    core::Phase_SEMA_EXTENSION_EXPRESSION,
    core::Phase_SEMA_EXTENSION_STATEMENT,
    core::Phase_SEMA_EXTENSION_DECLARATION,
    core::Phase_SEMA_EXTENSION_TYPE,
    core::Phase_SEMA_EXTENSION_LOOKUP,
    core::Phase_SEMA_EXTENSION_CONVERSION,
};

} // namespace

bool mayNotMutate(TaskState &TS) {
  return LifecycleDepthTL != 0 ||
         (TS.T && TS.T->role() == core::CallbackRole::Observer);
}

TaskState::TaskState(uint32_t Session, uint32_t Task)
    : Scope{Session, Task}, Decls(hk(ASTHandleKind::Decl), Scope),
      Stmts(hk(ASTHandleKind::Stmt), Scope),
      Types(hk(ASTHandleKind::Type), Scope),
      TypeLocs(hk(ASTHandleKind::TypeLoc), Scope),
      Attrs(hk(ASTHandleKind::Attr), Scope),
      Builders(hk(ASTHandleKind::Builder), Scope),
      Mutations(hk(ASTHandleKind::Mutation), Scope),
      FixIts(hk(ASTHandleKind::FixIt), Scope),
      Scopes(hk(ASTHandleKind::SemaScope), Scope),
      Lookups(hk(ASTHandleKind::LookupResult), Scope),
      Conversions(hk(ASTHandleKind::Conversion), Scope),
      Constants(hk(ASTHandleKind::Constant), Scope),
      Leases(hk(ASTHandleKind::Lease), Scope),
      Cursors(hk(ASTHandleKind::Cursor), Scope),
      Checkpoints(hk(ASTHandleKind::Checkpoint), Scope) {}

core::HandleTable<NodeRef> &TaskState::table(NevercASTSchemaDomain D) {
  switch (D) {
  case NEVERC_AST_SCHEMA_DOMAIN_DECL:
    return Decls;
  case NEVERC_AST_SCHEMA_DOMAIN_STMT:
    return Stmts;
  case NEVERC_AST_SCHEMA_DOMAIN_TYPE:
    return Types;
  case NEVERC_AST_SCHEMA_DOMAIN_TYPE_LOC:
    return TypeLocs;
  default:
    return Attrs;
  }
}

/// The map key of a node: its pointer with the domain in the top bits
/// (a QualType's opaque pointer may equal a node's address).
static const void *nodeKey(NodeRef N) {
  return reinterpret_cast<const void *>(reinterpret_cast<uintptr_t>(N.Ptr) ^
                                        (uint64_t(N.Domain) << 60));
}

NevercHandle TaskState::handle(NodeRef N) {
  if (!N.Ptr)
    return NevercHandle{};
  NevercHandle &H = HandleOf[nodeKey(N)];
  if (!table(N.Domain).lookup(H))
    H = table(N.Domain).insert(N);
  return H;
}

NodeRef TaskState::typeLocNode(clang::TypeLoc TL, NodeRef Parent) {
  if (TL.isNull())
    return NodeRef{};
  TypeLocEntry *&E = TypeLocOf[{TL.getType().getAsOpaquePtr(),
                                TL.getOpaqueData()}];
  if (!E) {
    TypeLocStore.push_back({TL, Parent});
    E = &TypeLocStore.back();
  }
  return NodeRef{E, NEVERC_AST_SCHEMA_DOMAIN_TYPE_LOC};
}

void TaskState::forget(NodeRef N) {
  if (NevercHandle *H = HandleOf.find(nodeKey(N))) {
    table(N.Domain).erase(*H);
    *H = NevercHandle{};
  }
}

void TaskState::unbind() {
  Ctx = nullptr;
  Sema = nullptr;
  CI = nullptr;
  Decls.clear();
  Stmts.clear();
  Types.clear();
  TypeLocs.clear();
  TypeLocOf.clear();
  TypeLocStore.clear();
  Attrs.clear();
  HandleOf.clear();
  Builders.clear();
  Mutations.clear();
  OpenMutation = {};
  FixIts.clear();
  Scopes.clear();
  ScopeOf.clear();
  Lookups.clear();
  Conversions.clear();
  Constants.clear();
  Leases.clear();
  HeldLease = {};
  Cursors.clear();
  Checkpoints.clear();
  PendingDeclarations.clear();
  PendingBodies.clear();
  EnumHolder = nullptr;
  Parents.clear();
  ParentsValid = false;
  ChildrenOf = {};
  Children.clear();
}

ASTDomain::Impl::Impl(core::Host &H) : H(H), States(H) {}
ASTDomain::Impl::~Impl() { unbindAttributeClaims(*this); }

TaskState &ASTDomain::Impl::state(core::Task &T) {
  core::HandleScope S = core::decodeHandle(T.handle()).Scope;
  return States.get(S, [&] {
    auto P = std::make_unique<TaskState>(S.Session, S.Task);
    P->T = &T;
    P->CI = static_cast<clang::CompilerInstance *>(T.frontend());
    return P;
  });
}

TaskState *ASTDomain::Impl::stateFor(core::HandleScope S) const {
  return States.find(S);
}

void ASTDomain::Impl::diag(NevercDiagnosticSeverity Sev, std::string Msg,
                           std::string_view Phase) {
  H.report(Sev, std::move(Msg), nullptr, Phase);
}

NevercSourceRange ASTDomain::Impl::range(TaskState &TS, clang::SourceRange R) {
  if (!Codec.Range || !TS.T || R.isInvalid())
    return NevercSourceRange{};
  return Codec.Range(Codec.Ctx, *TS.T, R.getBegin().getRawEncoding(),
                     R.getEnd().getRawEncoding(), true);
}

bool ASTDomain::Impl::decodeRange(TaskState &TS, NevercSourceRange R,
                                  clang::SourceRange &Out) {
  uint32_t B = 0, E = 0;
  if (!Codec.DecodeRange || !TS.T || !Codec.DecodeRange(Codec.Ctx, *TS.T, R, B, E))
    return false;
  Out = clang::SourceRange(clang::SourceLocation::getFromRawEncoding(B),
                           clang::SourceLocation::getFromRawEncoding(E));
  return true;
}

bool ASTDomain::Impl::anyPhaseActive() const {
  for (uint32_t Ph : SyntaxSemaPhases)
    if (H.phases().at(Ph).Active)
      return true;
  return false;
}

bool ASTDomain::Impl::mayRewrite() const {
  for (uint32_t Ph : {core::Phase_SYNTAX_PARSE, core::Phase_SEMA_ANALYZE}) {
    const core::PhaseInfo &P = H.phases().at(Ph);
    if (!P.Interceptors.empty() || P.ProviderOwner)
      return true;
  }
  return false;
}

NevercStatus ASTDomain::Impl::raiseLifecycle(TaskState &TS,
                                             NevercASTLifecycleEvent &E) {
  const uint64_t Bit = NEVERC_AST_LIFECYCLE_EVENT_MASK(E.Kind);
  // Subscriptions made inside an observer take effect from the next event.
  const size_t Count = TS.Subscriptions.size();
  for (size_t I = 0; I < Count; ++I) {
    const Subscription S = TS.Subscriptions[I];
    if (!(S.Mask & Bit))
      continue;
    NevercStatus R;
    ++LifecycleDepthTL;
    try {
      R = S.Callback(TS.T->handle(), &E, S.UserData);
    } catch (...) {
      R = st(NEVERC_STATUS_PLUGIN_EXCEPTION);
    }
    --LifecycleDepthTL;
    if (!isOk(R)) {
      TS.Failed = true;
      diag(NEVERC_DIAGNOSTIC_ERROR,
           "AST lifecycle observer failed with " +
               std::string(core::statusName(R.Code)) + " (event " +
               std::to_string(E.Kind) + ")");
      return R;
    }
  }
  return okStatus();
}

NevercStatus taskOf(ASTDomain::Impl &D, NevercTaskHandle H, TaskState **TS) {
  core::Task *Found = nullptr;
  NevercStatus S = D.H.resolveTask(H, &Found);
  if (!isOk(S))
    return S;
  *TS = &D.state(*Found);
  return okStatus();
}

NevercStatus frameOf(ASTDomain::Impl &D, const NevercPhaseFrame *F,
                     TaskState **TS) {
  if (!F || F->Header.StructSize <
                offsetof(NevercPhaseFrame, Task) + sizeof(NevercTaskHandle))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return taskOf(D, F->Task, TS);
}

NevercStatus outputScope(ASTDomain::Impl &D, const NevercPhaseFrame *F,
                         uint32_t Phase, TaskState **TS) {
  if (NevercStatus S = frameOf(D, F, TS); !isOk(S))
    return S;
  if (mayNotMutate(**TS))
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  const NevercInterfaceID ID = D.H.phases().at(Phase).ID;
  if (F->Phase.High != ID.High || F->Phase.Low != ID.Low)
    return st(NEVERC_STATUS_WRONG_SCOPE);
  return okStatus();
}

NevercStatus nodeOf(ASTDomain::Impl &D, TaskState &TS, NevercHandle H,
                    NevercASTSchemaDomain Want, NodeRef &Out) {
  ASTHandleKind K = ASTHandleKind(core::decodeHandle(H).Kind);
  NevercASTSchemaDomain Dom;
  switch (K) {
  case ASTHandleKind::Decl: Dom = NEVERC_AST_SCHEMA_DOMAIN_DECL; break;
  case ASTHandleKind::Stmt: Dom = NEVERC_AST_SCHEMA_DOMAIN_STMT; break;
  case ASTHandleKind::Type: Dom = NEVERC_AST_SCHEMA_DOMAIN_TYPE; break;
  case ASTHandleKind::TypeLoc: Dom = NEVERC_AST_SCHEMA_DOMAIN_TYPE_LOC; break;
  case ASTHandleKind::Attr: Dom = NEVERC_AST_SCHEMA_DOMAIN_ATTR; break;
  default:
    return st(NEVERC_STATUS_WRONG_TYPE);
  }
  if (Want && Dom != Want)
    return st(NEVERC_STATUS_WRONG_TYPE);
  NevercStatus S = core::checkHandleScope(H, core::HandleKind(K), TS.Scope,
                                          D.H, true);
  if (!isOk(S))
    return S;
  NodeRef *N = TS.table(Dom).lookup(H);
  if (!N)
    return st(NEVERC_STATUS_STALE_HANDLE);
  Out = *N;
  return okStatus();
}

//===----------------------------------------------------------------------===//
// ASTDomain
//===----------------------------------------------------------------------===//

ASTDomain::ASTDomain(core::Host &H) : P(std::make_unique<Impl>(H)) {
  P->fillTables();
  P->Published = H.publishInterface(
      NevercInterfaceID{NEVERC_INTERFACE_AST_HIGH, NEVERC_INTERFACE_AST_LOW},
      NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR, &P->AST, sizeof P->AST);
  if (isOk(P->Published))
    P->Published = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_PARSER_HIGH,
                          NEVERC_INTERFACE_PARSER_LOW},
        NEVERC_PARSER_API_MAJOR, NEVERC_PARSER_API_MINOR, &P->Parser,
        sizeof P->Parser);
  if (isOk(P->Published))
    P->Published = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_FIXIT_HIGH,
                          NEVERC_INTERFACE_FIXIT_LOW},
        NEVERC_FIXIT_API_MAJOR, NEVERC_FIXIT_API_MINOR, &P->FixIt,
        sizeof P->FixIt);
  if (isOk(P->Published))
    P->Published = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_PARSER_CLAIM_HIGH,
                          NEVERC_INTERFACE_PARSER_CLAIM_LOW},
        NEVERC_PARSER_CLAIM_API_MAJOR, NEVERC_PARSER_CLAIM_API_MINOR,
        &P->ClaimTable, sizeof P->ClaimTable);
  if (isOk(P->Published))
    P->Published = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_SEMA_HIGH, NEVERC_INTERFACE_SEMA_LOW},
        NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR, &P->SemaTable,
        sizeof P->SemaTable);
  H.setFixItOwner(
      [](void *Ctx, NevercFixItHandle F) {
        return static_cast<ASTDomain *>(Ctx)->fixItLive(F);
      },
      this);
}

ASTDomain::~ASTDomain() = default;

NevercStatus ASTDomain::published() const { return P->Published; }
void ASTDomain::setSourceCodec(const core::SourceCodec &C) { P->Codec = C; }
void ASTDomain::setPrepDomain(prep::PrepDomain *D) { P->Prep = D; }
uint32_t ASTDomain::firstPhase() const { return core::Phase_SYNTAX_PARSE; }
const NevercASTAPI &ASTDomain::astTable() const { return P->AST; }
const NevercParserAPI &ASTDomain::parserTable() const { return P->Parser; }

} // namespace neverc::ast
