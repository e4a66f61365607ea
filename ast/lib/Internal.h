//===- Internal.h - Shared pieces of the AST domain (Clang side) -*- C++ -*-===//
//
// Per-task state: generation-checked handle tables for the node domains
// (one kind per schema domain, so a type handle passed as an expression is
// WRONG_TYPE), the builders and mutations in flight, the lifecycle
// subscriptions, and the live Clang context of the compile.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_AST_LIB_INTERNAL_H
#define NEVERC_AST_LIB_INTERNAL_H

#include "neverc/Plugin/PluginFixIt.h"
#include "neverc/Plugin/PluginParserClaim.h"
#include "neverc/Plugin/PluginSema.h"
#include "neverc/ast/ASTDomain.h"
#include "neverc/core/PointerMap.h"
#include "neverc/core/SlotSupport.h"
#include "neverc/core/TaskStates.h"

#include "clang/AST/APValue.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace clang {
class CompilerInstance;
class ParsedAttr;
class Sema;
class Token;
} // namespace clang

namespace neverc::prep {
class PrepDomain;
} // namespace neverc::prep

namespace neverc::ast {

using core::isOk;
using core::makeStatus;
using core::okStatus;

inline NevercStatus st(NevercStatusCode C) { return makeStatus(C); }

/// Handle kinds of the AST domain. The driver, source and prep domains use
/// the kinds below 96.
enum class ASTHandleKind : uint8_t {
  Decl = 96,
  Stmt,
  Type,
  TypeLoc,
  Attr,
  Builder,
  Mutation,
  FixIt,
  SemaScope,
  LookupResult,
  Conversion,
  Constant,
  Lease,
  Cursor,
  Checkpoint,
  End,
};
inline core::HandleKind hk(ASTHandleKind K) { return core::HandleKind(K); }

/// Which schema domain a node kind ID belongs to (top byte of the ID).
inline NevercASTSchemaDomain domainOfKind(NevercASTNodeKind K) {
  switch (K >> 24) {
  case 0x31: return NEVERC_AST_SCHEMA_DOMAIN_DECL;
  case 0x32: return NEVERC_AST_SCHEMA_DOMAIN_STMT;
  case 0x33: return NEVERC_AST_SCHEMA_DOMAIN_TYPE;
  case 0x34: return NEVERC_AST_SCHEMA_DOMAIN_TYPE_LOC;
  case 0x35: return NEVERC_AST_SCHEMA_DOMAIN_ATTR;
  default: return 0;
  }
}

/// One node a handle names: the Clang pointer and its schema domain. Types
/// are QualType's opaque pointer (qualifiers included).
struct NodeRef {
  void *Ptr = nullptr;
  NevercASTSchemaDomain Domain = 0;
};

struct BuilderModel {
  NevercASTNodeKind Kind = 0;
  clang::QualType Type;
  bool TypeSet = false;
  uint32_t RawBegin = 0, RawEnd = 0;
  bool RangeSet = false;
  llvm::APInt Value;
  bool ValueSet = false;
  NevercBinaryOperatorKind Operator = 0;
  /// DECL_NAME of a declaration builder.
  std::string Name;
  bool NameSet = false;
  std::map<std::pair<NevercASTChildSlotID, uint64_t>, NodeRef> Children;
};

/// One staged edit: slot \p Slot (element \p Index) of \p Parent becomes
/// \p Replacement.
struct StagedEdit {
  NodeRef Parent;
  NevercASTChildSlotID Slot = 0;
  uint64_t Index = 0;
  NodeRef Replacement;
};

struct MutationModel {
  std::vector<StagedEdit> Edits;
  /// Nodes built while this mutation was open: stale after an abort.
  std::vector<NevercHandle> Created;
  enum { Open, Committed, Aborted } State = Open;
};

struct FixItModel {
  uint32_t RawBegin = 0, RawEnd = 0;
  NevercFixItKind Kind = NEVERC_FIXIT_REPLACE;
  std::string Text;
};

struct Subscription {
  uint64_t Mask = 0;
  NevercASTLifecycleObserverFn Callback = nullptr;
  void *UserData = nullptr;
};

struct TaskState {
  TaskState(uint32_t Session, uint32_t Task);
  core::HandleScope Scope;
  core::Task *T = nullptr;
  /// Handle tables per node domain; a node keeps one handle per task.
  core::HandleTable<NodeRef> Decls, Stmts, Types, TypeLocs, Attrs;
  core::PointerMap<NevercHandle> HandleOf;
  core::HandleTable<std::unique_ptr<BuilderModel>> Builders;
  core::HandleTable<std::unique_ptr<MutationModel>> Mutations;
  core::HandleTable<FixItModel> FixIts;
  /// Sema: scopes are declaration contexts (the parser's clang::Scope
  /// objects are gone once the parse loop ends); lookups, conversion
  /// sequences and constants are owned records; one lease at a time.
  core::HandleTable<clang::DeclContext *> Scopes;
  core::PointerMap<NevercHandle> ScopeOf;
  core::HandleTable<std::vector<clang::NamedDecl *>> Lookups;
  struct ConversionModel {
    clang::QualType Source, Destination;
    int Kind = 0; ///< clang::AssignConvertType
  };
  core::HandleTable<ConversionModel> Conversions;
  struct ConstantModel {
    clang::APValue Value;
    clang::QualType Type;
    bool HasSideEffects = false;
  };
  core::HandleTable<std::shared_ptr<ConstantModel>> Constants;
  core::HandleTable<uint32_t> Leases;
  NevercHandle HeldLease{};
  /// The parser cursor of one syntax-extension phase run (the attribute's
  /// tokens, ending with end-of-file) and its open checkpoints; both go
  /// stale when the run ends.
  struct CursorModel {
    std::vector<NevercTokenHandle> Tokens;
    uint64_t Position = 0;
    const clang::ParsedAttr *Attr = nullptr;
    std::vector<const void *> Created; ///< CreateParsedAttribute's nodes
    std::vector<NevercHandle> Checkpoints;
  };
  core::HandleTable<CursorModel> Cursors;
  struct CheckpointModel {
    NevercHandle Cursor{};
    uint64_t Position = 0;
  };
  core::HandleTable<CheckpointModel> Checkpoints;
  /// A declaration keyword met in the lookahead of a declaration: its
  /// phase runs at the next file-scope boundary (DeclarationKeyword.cpp).
  struct PendingDeclaration {
    std::vector<clang::Token> Tokens;
    clang::SourceLocation Loc, End;
  };
  std::vector<PendingDeclaration> PendingDeclarations;
  /// A declaration keyword's declaration is on its way to the consumer:
  /// the pending ones wait for the next parsed group.
  bool PlacingDeclaration = false;
  /// Bodies of built function definitions, set when the function is
  /// placed (after Clang's redefinition check, which a body would trip).
  llvm::DenseMap<const clang::FunctionDecl *, clang::Stmt *> PendingBodies;
  /// Holds the enumerators a builder made until an Enum builder takes
  /// them (an EnumConstantDecl's context is an enumeration); in no context.
  clang::EnumDecl *EnumHolder = nullptr;
  std::vector<Subscription> Subscriptions;
  uint64_t Mask = 0;
  /// The live compile (null before the tree exists and after detach).
  clang::ASTContext *Ctx = nullptr;
  clang::Sema *Sema = nullptr;
  clang::CompilerInstance *CI = nullptr;
  /// The mutation open now (one at a time per task), or none.
  NevercHandle OpenMutation{};
  bool Failed = false; ///< a lifecycle observer failed
  std::string InputName;
  /// Structural parents, built on the first GetParent and dropped when a
  /// mutation commits.
  llvm::DenseMap<const void *, NodeRef> Parents;
  /// Nodes a builder or CreateDeclReference made that no commit has put in
  /// the tree yet: a commit need not ask the parent map where they are.
  std::unordered_set<const void *> Unplaced;
  bool ParentsValid = false;
  /// The children of the declaration context GetChild/GetChildCount last
  /// listed: a walk of a wide context (the unit) by index would list them
  /// all again for every child. Dropped when a mutation commits.
  NodeRef ChildrenOf{};
  std::vector<NodeRef> Children;
  std::set<uint32_t> WarnedProperties;
  std::vector<std::shared_ptr<void>> Owned;
  template <class V> V &own() {
    auto P = std::make_shared<V>();
    V &R = *P;
    Owned.push_back(std::move(P));
    return R;
  }

  core::HandleTable<NodeRef> &table(NevercASTSchemaDomain D);
  /// The task's handle for a node (minted on first use); null for null.
  NevercHandle handle(NodeRef N);
  NevercHandle handle(const clang::Decl *D) {
    return handle(NodeRef{const_cast<clang::Decl *>(D),
                          NEVERC_AST_SCHEMA_DOMAIN_DECL});
  }
  NevercHandle handle(const clang::Stmt *S) {
    return handle(NodeRef{const_cast<clang::Stmt *>(S),
                          NEVERC_AST_SCHEMA_DOMAIN_STMT});
  }
  NevercHandle handle(clang::QualType Q) {
    return handle(NodeRef{Q.getAsOpaquePtr(), NEVERC_AST_SCHEMA_DOMAIN_TYPE});
  }
  /// Type locations are values: the task keeps one copy per location (and
  /// the node it was reached from, its parent) so a handle names one.
  struct TypeLocEntry {
    clang::TypeLoc TL;
    NodeRef Parent;
  };
  std::deque<TypeLocEntry> TypeLocStore;
  std::map<std::pair<const void *, const void *>, TypeLocEntry *> TypeLocOf;
  NodeRef typeLocNode(clang::TypeLoc TL, NodeRef Parent);
  NevercHandle handle(clang::TypeLoc TL, NodeRef Parent) {
    return handle(typeLocNode(TL, Parent));
  }
  NevercHandle handle(const clang::Attr *A) {
    return handle(NodeRef{const_cast<clang::Attr *>(A),
                          NEVERC_AST_SCHEMA_DOMAIN_ATTR});
  }
  /// Makes a node's handle stale (a committed mutation replaced it).
  void forget(NodeRef N);
  /// Drops everything bound to the live compile.
  void unbind();
};

/// Phase artifacts. The AST unit and the semantic unit both name the
/// task's translation unit; the semantic unit records what the analysis
/// saw.
/// Artifact payloads start with a tag: an artifact of the same type made by
/// another domain (the parse input's type is prep's token stream) is told
/// apart before anything else is read.
enum class BoxTag : uint32_t {
  ParseInput = 0x41535449,      // "ASTI"
  ASTUnit = 0x41535455,         // "ASTU"
  SemanticUnit = 0x53454d55,    // "SEMU"
  LookupInput = 0x4c4b5549,     // "LKUI"
  LookupOutput = 0x4c4b554f,    // "LKUO"
  ExtensionInput = 0x53585849,  // "SXXI": a syntax extension's cursor
  ExtensionOutput = 0x5358584f, // "SXXO"
  // The sema extension phases' inputs and outputs (SemaExtension.cpp).
  ExpressionInput = 0x53455849,   // "SEXI"
  ExpressionOutput = 0x5345584f,  // "SEXO"
  StatementInput = 0x53535449,    // "SSTI"
  StatementOutput = 0x5353544f,   // "SSTO"
  DeclarationInput = 0x53444349,  // "SDCI"
  DeclarationOutput = 0x5344434f, // "SDCO"
  TypeInput = 0x53545949,         // "STYI"
  TypeOutput = 0x5354594f,        // "STYO"
  ConversionInput = 0x53435649,   // "SCVI"
  ConversionOutput = 0x5343564f,  // "SCVO"
};

/// The input of one sema extension phase run: which fields a phase fills
/// is its input struct's (PluginSema.h).
struct SemaExtensionInBox {
  BoxTag Tag;
  NodeRef First, Second; ///< Left/Right, Declaration, Expression, compound
  /// The compound's statements, minted when a plugin reads the input.
  std::vector<NevercHandle> Statements;
  uint32_t RawLoc = 0, RawLoc2 = 0;
  clang::QualType From, To;
  NevercSemaConversionContext Context = 0;
  std::string Name;
};
struct SemaExtensionOutBox {
  BoxTag Tag;
  NevercSemaExtensionDisposition Disposition = NEVERC_SEMA_EXTENSION_UNHANDLED;
  NodeRef Node;
};

struct ASTUnitBox {
  BoxTag Tag = BoxTag::ASTUnit;
  NevercInterfaceID Product{NEVERC_AST_PRODUCT_STANDARD_HIGH,
                            NEVERC_AST_PRODUCT_STANDARD_LOW};
  clang::TranslationUnitDecl *TU = nullptr;
  NevercASTUnitSemanticState State = NEVERC_AST_UNIT_SEMANTICALLY_ANALYZED;
  std::string Identity;
};
struct SemanticUnitBox {
  BoxTag Tag = BoxTag::SemanticUnit;
  NevercInterfaceID Product{NEVERC_SEMANTIC_PRODUCT_STANDARD_HIGH,
                            NEVERC_SEMANTIC_PRODUCT_STANDARD_LOW};
  clang::TranslationUnitDecl *TU = nullptr;
  bool HasErrors = false;
  bool Replayed = false;
  bool Complete = true;
  std::string Summary, Identity;
};
struct ParseInBox {
  BoxTag Tag = BoxTag::ParseInput;
  clang::TranslationUnitDecl *TU = nullptr;
};

/// The input and output of one syntax-extension phase run.
struct ExtensionInBox {
  BoxTag Tag = BoxTag::ExtensionInput;
  NevercHandle Cursor{};
  NevercParserResultKind Expected = 0;
};
struct ExtensionOutBox {
  BoxTag Tag = BoxTag::ExtensionOutput;
  NevercParserExtensionDisposition Disposition =
      NEVERC_PARSER_EXTENSION_UNHANDLED;
  NevercParserResultKind ResultKind = 0;
  NodeRef Node;
};

/// One ClaimKeyword: an identifier that becomes an expression, a type
/// name or a statement wherever it is used (KeywordExtension.cpp), or a
/// declaration at file scope (DeclarationKeyword.cpp).
struct KeywordClaim {
  std::string Name;
  NevercParserResultKind Result = 0;
  bool TakesArguments = false;
};

/// One ClaimAttribute: the normalised name ("name" or "scope::name").
struct AttributeClaim {
  std::string Name;
  NevercParserAttributeFormMask Forms = 0;
  uint32_t MaximumArguments = 0;
};

struct ASTDomain::Impl {
  explicit Impl(core::Host &H);
  ~Impl();
  core::Host &H;
  NevercASTAPI AST{};
  NevercParserAPI Parser{};
  NevercFixItAPI FixIt{};
  NevercSemaAPI SemaTable{};
  NevercParserClaimAPI ClaimTable{};
  /// Mints the attribute cursor's tokens (may be null: empty cursors).
  prep::PrepDomain *Prep = nullptr;
  /// Claims in order; ClaimSpellings (what clang's registry reads) point
  /// into their names, so the deque keeps them where they are.
  std::deque<AttributeClaim> Claims;
  std::vector<clang::ParsedAttrInfo::Spelling> ClaimSpellings;
  std::vector<KeywordClaim> Keywords;
  NevercStatus Published = okStatus();
  core::SourceCodec Codec;
  /// Guards the claims (ClaimAttribute / ClaimKeyword).
  mutable std::mutex Lock;
  core::TaskStates<TaskState> States;

  TaskState &state(core::Task &T);
  TaskState *stateFor(core::HandleScope S) const;
  void fillTables();
  void diag(NevercDiagnosticSeverity Sev, std::string Msg,
            std::string_view Phase = {});
  NevercSourceRange range(TaskState &TS, clang::SourceRange R);
  bool decodeRange(TaskState &TS, NevercSourceRange R, clang::SourceRange &Out);
  /// Any syntax/sema phase with a registration.
  bool anyPhaseActive() const;
  /// A registration that can change the tree (interceptor or provider) on
  /// parse or analyze: the consumer events are then held back until the
  /// chain is done (Clang's CodeGen emits on every top-level declaration).
  bool mayRewrite() const;
  NevercStatus raiseLifecycle(TaskState &TS, NevercASTLifecycleEvent &E);
};

inline ASTDomain::Impl &impl(void *Ctx) {
  return *static_cast<ASTDomain::Impl *>(Ctx);
}

/// The C-boundary helpers every domain shares (core/SlotSupport.h).
inline NevercStatus checkHeader(const void *P, size_t Need, uint16_t Major) {
  return core::checkStructHeader(P, Need, Major);
}
using core::writeOut;
template <class F> NevercStatus guard(F &&Fn) noexcept {
  return core::guardSlot(static_cast<F &&>(Fn));
}

/// The prologue of a slot that reads the live tree: the task's state in
/// TS, the domain in D; INVALID_STATE before the tree exists or after the
/// compile.
#define NEVERC_AST_TASK(Ctx, Task)                                             \
  ASTDomain::Impl &D = impl(Ctx);                                              \
  TaskState *TS = nullptr;                                                     \
  if (NevercStatus S_ = taskOf(D, Task, &TS); !isOk(S_))                       \
    return S_;                                                                 \
  if (!TS->Ctx)                                                                \
    return st(NEVERC_STATUS_INVALID_STATE);


/// Task handle → live task and its state.
NevercStatus taskOf(ASTDomain::Impl &D, NevercTaskHandle H, TaskState **TS);
NevercStatus frameOf(ASTDomain::Impl &D, const NevercPhaseFrame *F,
                     TaskState **TS);
/// The scope check of every slot that makes a phase output: the frame's
/// task state in \p TS; an observer (phase or lifecycle) →
/// POLICY_VIOLATION; a frame of another phase than \p Phase → WRONG_SCOPE.
NevercStatus outputScope(ASTDomain::Impl &D, const NevercPhaseFrame *F,
                         uint32_t Phase, TaskState **TS);

/// A phase artifact of this domain: the frame's task state in \p TS and the
/// payload (checked by its tag) in \p Out.
template <class Box>
NevercStatus boxOf(ASTDomain::Impl &D, const NevercPhaseFrame *F,
                   NevercArtifactHandle A, BoxTag Tag, TaskState **TS,
                   Box **Out) {
  if (NevercStatus S = frameOf(D, F, TS); !isOk(S))
    return S;
  NevercInterfaceID Type{};
  void *Payload = nullptr;
  if (NevercStatus S = (*TS)->T->lookupArtifact(A, &Type, &Payload); !isOk(S))
    return S;
  if (!Payload || *static_cast<BoxTag *>(Payload) != Tag)
    return st(NEVERC_STATUS_WRONG_TYPE);
  *Out = static_cast<Box *>(Payload);
  return okStatus();
}
/// The shape of every slot that decodes a phase input: the out-struct's
/// header, the artifact's payload (by tag), \p Fill(TS, Box, Record), then
/// the record written within the caller's StructSize.
template <class Box, class Record, class Fill>
NevercStatus phaseInput(void *Ctx, const NevercPhaseFrame *Frame,
                        NevercArtifactHandle Input, BoxTag Tag, uint16_t Major,
                        Record *Out, Fill &&F) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    TaskState *TS;
    Box *B;
    if (NevercStatus S = boxOf(impl(Ctx), Frame, Input, Tag, &TS, &B);
        !isOk(S))
      return S;
    Record R{};
    F(*TS, *B, R);
    writeOut(Out, R);
    return okStatus();
  });
}
/// A C identifier (what ClaimAttribute and ClaimKeyword accept as a name).
inline bool isIdentifier(std::string_view S) {
  if (S.empty() || !(isalpha((unsigned char)S[0]) || S[0] == '_'))
    return false;
  for (char C : S)
    if (!(isalnum((unsigned char)C) || C == '_'))
      return false;
  return true;
}

/// The record a handle of kind \p K names in \p Table: scope checks
/// (another task's, made-up, wrong kind) and STALE_HANDLE once it is gone.
template <class T>
NevercStatus recordOf(ASTDomain::Impl &D, TaskState &TS,
                      core::HandleTable<T> &Table, ASTHandleKind K,
                      NevercHandle H, T *&Out) {
  NevercStatus S = core::checkHandleScope(H, hk(K), TS.Scope, D.H, true);
  if (!isOk(S))
    return S;
  Out = Table.lookup(H);
  return Out ? okStatus() : st(NEVERC_STATUS_STALE_HANDLE);
}
/// The same for tables of owned records (builders, mutations).
template <class T>
NevercStatus recordOf(ASTDomain::Impl &D, TaskState &TS,
                      core::HandleTable<std::unique_ptr<T>> &Table,
                      ASTHandleKind K, NevercHandle H, T *&Out) {
  std::unique_ptr<T> *P = nullptr;
  if (NevercStatus S = recordOf(D, TS, Table, K, H, P); !isOk(S))
    return S;
  Out = P->get();
  return okStatus();
}
/// A node handle of \p TS's task. \p Want 0 accepts any node domain;
/// otherwise another domain is WRONG_TYPE.
NevercStatus nodeOf(ASTDomain::Impl &D, TaskState &TS, NevercHandle H,
                    NevercASTSchemaDomain Want, NodeRef &Out);
/// True while a plugin callback that may not mutate runs on this thread: a
/// phase observer or a lifecycle observer.
bool mayNotMutate(TaskState &TS);

/// Schema identity of a Clang node (nearest schema ancestor for Clang
/// kinds the schema lacks).
NevercASTNodeKind kindOf(const clang::Decl *D);
NevercASTNodeKind kindOf(const clang::Stmt *S);
NevercASTNodeKind kindOf(const clang::Type *T);
NevercASTNodeKind kindOf(const clang::Attr *A);
NevercASTNodeKind kindOf(NodeRef N);
/// Whether node kind \p K is \p Ancestor or derives from it.
bool kindIsA(NevercASTNodeKind K, NevercASTNodeKind Ancestor);

/// neverc.sema.extension.lookup (LookupExtension.cpp): installs the
/// ExternalSemaSource when the phase has a registration.
/// The sema extension phases emulated after analysis (SemaExtension.cpp):
/// whether any has a registration, and the run over one top-level group
/// before the consumer sees it.
bool semaEmulationActive(ASTDomain::Impl &D);
void runSemaExtensions(ASTDomain::Impl &D, TaskState &TS,
                       clang::DeclGroupRef DG);
/// One run of sema extension phase \p Phase; the output (none: failed, the
/// phase said why; TS.Failed is set).
std::optional<SemaExtensionOutBox>
runSemaExtension(ASTDomain::Impl &D, TaskState &TS, uint32_t Phase,
                 SemaExtensionInBox &In, NevercStatus (*Verify)(void *, void *),
                 void *VerifyCtx);
void installLookupExtension(ASTDomain::Impl &D, TaskState &TS,
                            clang::Sema &S);
NevercStatus NEVERC_CALL getLookupExtensionInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSemaLookupExtensionInput *Out);
NevercStatus NEVERC_CALL createLookupExtensionOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercPhaseContinuation *Continuation,
    const NevercSemaLookupExtensionOutput *Desc, NevercArtifactHandle *Out);
NevercStatus NEVERC_CALL getExpressionInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSemaExpressionExtensionInput *Out);
NevercStatus NEVERC_CALL createExpressionOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercPhaseContinuation *Continuation,
    const NevercSemaExpressionExtensionOutput *Desc, NevercArtifactHandle *Out);
NevercStatus NEVERC_CALL getStatementInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSemaStatementExtensionInput *Out);
NevercStatus NEVERC_CALL createStatementOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercPhaseContinuation *Continuation,
    const NevercSemaStatementExtensionOutput *Desc, NevercArtifactHandle *Out);
NevercStatus NEVERC_CALL getDeclarationInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSemaDeclarationExtensionInput *Out);
NevercStatus NEVERC_CALL
createDeclarationOutput(void *Ctx, const NevercPhaseFrame *Frame,
                        const NevercPhaseContinuation *Continuation,
                        const NevercSemaDeclarationExtensionOutput *Desc,
                        NevercArtifactHandle *Out);
NevercStatus NEVERC_CALL getTypeInput(void *Ctx, const NevercPhaseFrame *Frame,
                                      NevercArtifactHandle Input,
                                      NevercSemaTypeExtensionInput *Out);
NevercStatus NEVERC_CALL createTypeOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercPhaseContinuation *Continuation,
    const NevercSemaTypeExtensionOutput *Desc, NevercArtifactHandle *Out);
NevercStatus NEVERC_CALL getConversionInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSemaConversionExtensionInput *Out);
NevercStatus NEVERC_CALL createConversionOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercPhaseContinuation *Continuation,
    const NevercSemaConversionExtensionOutput *Desc, NevercArtifactHandle *Out);

/// neverc.syntax.extension.attribute (AttributeExtension.cpp): runs the
/// phase for one claimed attribute (on a declaration or a statement); true
/// when a plugin handled it, with the attribute to attach in \p Made (null:
/// nothing to keep). Clang's "unknown attribute" warning when nobody did.
bool runAttributeExtension(ASTDomain::Impl &D, clang::Sema &S,
                           const clang::ParsedAttr &A, clang::Attr *&Made);
/// SyntaxExtension.cpp: runs syntax-extension phase \p Phase once, with a
/// cursor over \p Tokens and an end-of-file token at \p End (the cursor
/// and its checkpoints live for the run only), verifying the result
/// against \p Expected. False when the phase failed (reported, TS.Failed
/// set); else \p Out is the decision (UNHANDLED when nobody handled it).
bool runSyntaxExtension(ASTDomain::Impl &D, TaskState &TS, uint32_t Phase,
                        NevercParserResultKind Expected,
                        const std::vector<clang::Token> &Tokens,
                        clang::SourceLocation End,
                        const clang::ParsedAttr *Attr, ExtensionOutBox &Out);
/// KeywordExtension.cpp: the keyword claims become macros (before the
/// preprocessor exists) and their expansions run the phases (once it does).
bool keywordsActive(ASTDomain::Impl &D);
void defineClaimedKeywords(ASTDomain::Impl &D, clang::CompilerInstance &CI);
/// Declaration keywords (DeclarationKeyword.cpp): runs the declaration
/// phase for a keyword met now, at file scope, and places what the plugin
/// built there; false when it failed (Clang or the phase said why).
bool runDeclarationKeyword(ASTDomain::Impl &D, TaskState &TS,
                           const std::vector<clang::Token> &Tokens,
                           clang::SourceLocation End, bool AtEnd = false);
/// At the file-scope boundary around the top-level group \p DG (null:
/// the end of the unit): the pending keywords spelled before it run
/// (\p Before true) or those after it do; one spelled inside it is an
/// error.
void runPendingDeclarations(ASTDomain::Impl &D, TaskState &TS,
                            clang::DeclGroupRef DG, bool Before);
/// Puts a declaration a builder made into the translation unit as the
/// parser would (redeclaration checks, scope, initializer); false when
/// Clang rejected it (its errors say why).
bool placeAtFileScope(TaskState &TS, clang::Decl *Dc);
void watchClaimedKeywords(ASTDomain::Impl &D, TaskState &TS,
                          clang::CompilerInstance &CI);
NevercStatus NEVERC_CALL claimKeyword(void *Ctx,
                                      const NevercParserKeywordClaim *C);
NevercStatus NEVERC_CALL createDeclReference(void *Ctx, NevercTaskHandle Task,
                                             NevercDeclHandle Decl,
                                             NevercSourceLocation Location,
                                             NevercExprHandle *Out);
void unbindAttributeClaims(ASTDomain::Impl &D);
void fillClaimTable(NevercParserClaimAPI &T, void *Ctx);
NevercStatus NEVERC_CALL getExtensionInput(void *Ctx,
                                           const NevercPhaseFrame *Frame,
                                           NevercArtifactHandle Input,
                                           NevercParserExtensionInput *Out);
NevercStatus NEVERC_CALL cursorPeek(void *Ctx, NevercTaskHandle Task,
                                    NevercParserTokenCursorHandle Cursor,
                                    uint64_t Offset, NevercTokenHandle *Out);
NevercStatus NEVERC_CALL cursorConsume(void *Ctx, NevercTaskHandle Task,
                                       NevercParserTokenCursorHandle Cursor,
                                       NevercTokenHandle *Out);
NevercStatus NEVERC_CALL cursorCheckpoint(void *Ctx, NevercTaskHandle Task,
                                          NevercParserTokenCursorHandle Cursor,
                                          NevercParserCheckpointHandle *Out);
NevercStatus NEVERC_CALL cursorCommit(void *Ctx, NevercTaskHandle Task,
                                      NevercParserTokenCursorHandle Cursor,
                                      NevercParserCheckpointHandle Checkpoint);
NevercStatus NEVERC_CALL
cursorRollback(void *Ctx, NevercTaskHandle Task,
               NevercParserTokenCursorHandle Cursor,
               NevercParserCheckpointHandle Checkpoint);
NevercStatus NEVERC_CALL createExtensionOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    NevercPhaseContinuation *Continuation,
    const NevercParserExtensionOutput *Desc, NevercArtifactHandle *Out);
NevercStatus NEVERC_CALL createParsedAttribute(
    void *Ctx, NevercTaskHandle Task, NevercParserTokenCursorHandle Cursor,
    const NevercParserParsedAttributeDescriptor *Desc, NevercAttrHandle *Out);

/// Builders.cpp: the node kinds ASTBuilderCommit makes, why the others
/// are not made, and the commit itself (VERIFICATION_FAILED, no node, when
/// a required part is missing or Sema rejects it).
bool buildable(NevercASTNodeKind K);
const char *unbuildableReason(NevercASTNodeKind K);
NevercStatus commitBuilder(ASTDomain::Impl &D, TaskState &TS, BuilderModel &B,
                           NevercASTNodeHandle *Out);

/// Structural children in the documented flat order (PluginAST.h); a type
/// location's child is the location it wraps (TypeLoc::getNextTypeLoc).
void childrenOf(TaskState &TS, NodeRef N, std::vector<NodeRef> &Out);
/// The source range a node covers (none for types).
clang::SourceRange rangeOf(NodeRef N);
inline const clang::TypeLoc &typeLocOf(NodeRef N) {
  return static_cast<const TaskState::TypeLocEntry *>(N.Ptr)->TL;
}
/// The structural parent (null for the translation unit).
NodeRef parentOf(TaskState &TS, NodeRef N);
/// A committed mutation took \p Old out of the tree: the parent map (when
/// built) forgets its subtree...
void dropParents(TaskState &TS, NodeRef Old);
/// ...and put \p Child under \p Parent: the map learns the new subtree
/// (moved nodes included). A commit costs what it changed, not a walk of
/// the whole unit.
void noteReplaced(TaskState &TS, NodeRef Parent, NodeRef Child);
/// \p Child's subtree is in the tree now: none of it is Unplaced.
void notePlaced(TaskState &TS, NodeRef Child);

/// A child slot a mutation can replace (MutableSlots.cpp): what is there
/// now, how to put another node there, and what the slot accepts.
struct SlotAccess {
  enum Wants { Expression, Statement, Compound };
  clang::Stmt *Old = nullptr;
  std::function<void(clang::Stmt *)> Set;
  Wants Want = Expression;
  bool Condition = false; ///< a controlling expression: any scalar type
  bool AnyType = false;   ///< evaluated for its effects (a for's increment)
  bool LoopBody = false;  ///< a loop's body: break and continue have a target
  const clang::StmtExpr *ValueOf = nullptr; ///< its value is the compound's
};
/// The Clang child that \p Slot of \p Parent names; false with the reason
/// when this host cannot replace it.
bool slotAccess(NodeRef Parent, NevercASTChildSlotID Slot, uint64_t Index,
                SlotAccess &A, std::string &Why);
/// Whether \p Replacement may land in \p A: its break/continue keep a
/// target, it moves no case label, and \p A's old child holds no label a
/// goto names.
bool jumpsFit(TaskState &TS, NodeRef Parent, const SlotAccess &A,
              const clang::Stmt *Replacement, std::string &Why);
/// The same where \p Where tells whether \p Old sits in a loop and in a
/// switch (asked only when the replacement breaks or continues).
bool jumpsFitAt(const clang::Stmt *Old, const clang::Stmt *Replacement,
                llvm::function_ref<std::pair<bool, bool>()> Where,
                std::string &Why);
/// Every return statement in \p S gives what a function returning \p RT
/// must (IR generation stores the value as the function's type,
/// unchecked); false with the reason.
bool returnsFit(const clang::ASTContext &C, const clang::Stmt *S,
                clang::QualType RT, std::string &Why);
/// A new top-level declaration arrived: its subtree joins the parent map
/// (when one was built), so parents stay right while Clang still parses.
void noteTopLevel(TaskState &TS, clang::Decl *D);

} // namespace neverc::ast

#endif
