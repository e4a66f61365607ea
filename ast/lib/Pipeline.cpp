//===- Pipeline.cpp - The AST consumer pipeline and its phases ------------===//
//
// The frontend action Clang made is wrapped: its ASTConsumer (CodeGen's
// BackendConsumer for a compile) sits behind PipelineConsumer, which raises
// the lifecycle events and, when a registration may rewrite the tree, holds
// every consumer event back until neverc.syntax.parse and
// neverc.sema.analyze have run, then replays them in order. So the IR is
// generated from the tree the phase chain produced. With observers only,
// nothing is held (the object stays byte-identical to clang's) and only
// HandleTranslationUnit (which emits the object) waits for the phases.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"

namespace neverc::ast {
namespace {

using namespace clang;

class PipelineConsumer final : public SemaConsumer {
public:
  PipelineConsumer(ASTDomain::Impl &D, TaskState &TS,
                   std::unique_ptr<ASTConsumer> Inner, bool Hold)
      : D(D), TS(TS), Inner(std::move(Inner)), Hold(Hold),
        Emulate(semaEmulationActive(D)) {}

  void Initialize(ASTContext &C) override {
    Initialized = true;
    TS.Ctx = &C;
    raise(NEVERC_AST_LIFECYCLE_TREE_INITIALIZE);
    Inner->Initialize(C);
  }
  void InitializeSema(Sema &S) override {
    TS.Sema = &S;
    installLookupExtension(D, TS, S);
    raise(NEVERC_AST_LIFECYCLE_SEMA_BEGIN);
    if (auto *SC = dyn_cast<SemaConsumer>(Inner.get()))
      SC->InitializeSema(S);
  }
  void ForgetSema() override {
    endSema();
    if (auto *SC = dyn_cast<SemaConsumer>(Inner.get()))
      SC->ForgetSema();
    TS.Sema = nullptr;
  }
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    // Declaration keywords met in the parser's lookahead: the ones spelled
    // before this group declare first, the ones after it next.
    if (!TS.PendingDeclarations.empty() && !TS.PlacingDeclaration) {
      runPendingDeclarations(D, TS, DG, /*Before=*/true);
      bool Ok = forwardTopLevel(DG);
      runPendingDeclarations(D, TS, DG, /*Before=*/false);
      return Ok;
    }
    return forwardTopLevel(DG);
  }
  bool forwardTopLevel(DeclGroupRef DG) {
    for (Decl *Dc : DG)
      noteTopLevel(TS, Dc);
    if (Emulate)
      runSemaExtensions(D, TS, DG);
    raiseGroup(NEVERC_AST_LIFECYCLE_TOP_LEVEL_DECL, DG);
    if (Hold) {
      Held.push_back({Ev::TopLevel, nullptr, DG});
      return true;
    }
    return Inner->HandleTopLevelDecl(DG);
  }
  void HandleInlineFunctionDefinition(FunctionDecl *FD) override {
    raiseOne(NEVERC_AST_LIFECYCLE_INLINE_FUNCTION_DEFINITION, FD);
    holdOr(Ev::Inline, FD, [&] { Inner->HandleInlineFunctionDefinition(FD); });
  }
  void HandleInterestingDecl(DeclGroupRef DG) override {
    raiseGroup(NEVERC_AST_LIFECYCLE_INTERESTING_DECL, DG);
    if (Hold)
      Held.push_back({Ev::Interesting, nullptr, DG});
    else
      Inner->HandleInterestingDecl(DG);
  }
  void HandleTagDeclDefinition(TagDecl *TD) override {
    raiseOne(NEVERC_AST_LIFECYCLE_TAG_DEFINITION, TD);
    holdOr(Ev::TagDef, TD, [&] { Inner->HandleTagDeclDefinition(TD); });
  }
  void HandleTagDeclRequiredDefinition(const TagDecl *TD) override {
    raiseOne(NEVERC_AST_LIFECYCLE_TAG_REQUIRED_DEFINITION, TD);
    holdOr(Ev::TagRequired, const_cast<TagDecl *>(TD),
           [&] { Inner->HandleTagDeclRequiredDefinition(TD); });
  }
  void CompleteTentativeDefinition(VarDecl *VD) override {
    raiseOne(NEVERC_AST_LIFECYCLE_TENTATIVE_DEFINITION, VD);
    holdOr(Ev::Tentative, VD, [&] { Inner->CompleteTentativeDefinition(VD); });
  }
  void CompleteExternalDeclaration(DeclaratorDecl *DD) override {
    raiseOne(NEVERC_AST_LIFECYCLE_EXTERNAL_DECLARATION, DD);
    holdOr(Ev::External, DD, [&] { Inner->CompleteExternalDeclaration(DD); });
  }
  void HandleTranslationUnit(ASTContext &) override {
    // Clang's parse is over. The inner consumer (which emits the object)
    // runs once the phases are done: release().
    runPendingDeclarations(D, TS, DeclGroupRef(), /*Before=*/false);
    ReachedEnd = true;
    raise(NEVERC_AST_LIFECYCLE_TRANSLATION_UNIT);
  }
  // Pass-throughs (C++ / Objective-C / modules; never held).
  void HandleCXXStaticMemberVarInstantiation(VarDecl *VD) override {
    Inner->HandleCXXStaticMemberVarInstantiation(VD);
  }
  void HandleTopLevelDeclInObjCContainer(DeclGroupRef DG) override {
    Inner->HandleTopLevelDeclInObjCContainer(DG);
  }
  void HandleImplicitImportDecl(ImportDecl *ID) override {
    Inner->HandleImplicitImportDecl(ID);
  }
  void AssignInheritanceModel(CXXRecordDecl *RD) override {
    Inner->AssignInheritanceModel(RD);
  }
  void HandleVTable(CXXRecordDecl *RD) override { Inner->HandleVTable(RD); }
  ASTMutationListener *GetASTMutationListener() override {
    return Inner->GetASTMutationListener();
  }
  ASTDeserializationListener *GetASTDeserializationListener() override {
    return Inner->GetASTDeserializationListener();
  }
  void PrintStats() override { Inner->PrintStats(); }
  bool shouldSkipFunctionBody(Decl *D) override {
    return Inner->shouldSkipFunctionBody(D);
  }

  /// After the phases: the held events, then the end of the unit, reach
  /// the inner consumer. \p Emit false (a phase failed) drops them: no
  /// object is produced from a tree a plugin rejected.
  void release(bool Emit) {
    if (Released)
      return;
    Released = true;
    if (!Emit || !TS.Ctx)
      return;
    for (const HeldEvent &E : Held) {
      switch (E.K) {
      case Ev::TopLevel:
        Inner->HandleTopLevelDecl(E.DG);
        break;
      case Ev::Interesting:
        Inner->HandleInterestingDecl(E.DG);
        break;
      case Ev::Inline:
        Inner->HandleInlineFunctionDefinition(static_cast<FunctionDecl *>(E.D));
        break;
      case Ev::TagDef:
        Inner->HandleTagDeclDefinition(static_cast<TagDecl *>(E.D));
        break;
      case Ev::TagRequired:
        Inner->HandleTagDeclRequiredDefinition(static_cast<TagDecl *>(E.D));
        break;
      case Ev::Tentative:
        Inner->CompleteTentativeDefinition(static_cast<VarDecl *>(E.D));
        break;
      case Ev::External:
        Inner->CompleteExternalDeclaration(static_cast<DeclaratorDecl *>(E.D));
        break;
      }
    }
    Held.clear();
    Inner->HandleTranslationUnit(*TS.Ctx);
  }
  bool reachedEnd() const { return ReachedEnd; }
  /// A provider replaced the parse: Clang's parse loop (which initializes
  /// the consumers) never ran; the unit still ends normally.
  void finishUnparsed(ASTContext &C) {
    if (!Initialized)
      Initialize(C);
    if (!ReachedEnd)
      HandleTranslationUnit(C);
  }
  void endSema() {
    if (SemaEnded)
      return;
    SemaEnded = true;
    raise(NEVERC_AST_LIFECYCLE_SEMA_END);
  }

private:
  enum class Ev { TopLevel, Interesting, Inline, TagDef, TagRequired, Tentative,
                  External };
  struct HeldEvent {
    Ev K;
    Decl *D;
    DeclGroupRef DG;
  };
  template <class Fn> void holdOr(Ev K, Decl *Dc, Fn &&Forward) {
    if (Hold)
      Held.push_back({K, Dc, DeclGroupRef()});
    else
      Forward();
  }
  bool wants(NevercASTLifecycleEventKind K) const {
    return TS.Mask & NEVERC_AST_LIFECYCLE_EVENT_MASK(K);
  }
  void fill(NevercASTLifecycleEvent &E, NevercASTLifecycleEventKind K) {
    E.Header = {sizeof(NevercASTLifecycleEvent), NEVERC_AST_API_MAJOR,
                NEVERC_AST_API_MINOR, 0};
    E.Kind = K;
    E.Reserved = 0;
    E.TranslationUnit =
        TS.Ctx ? TS.handle(TS.Ctx->getTranslationUnitDecl()) : NevercHandle{};
    E.Declaration = {};
    E.Declarations = nullptr;
    E.DeclarationCount = 0;
  }
  void raise(NevercASTLifecycleEventKind K) {
    if (!wants(K))
      return;
    NevercASTLifecycleEvent E;
    fill(E, K);
    D.raiseLifecycle(TS, E);
  }
  void raiseOne(NevercASTLifecycleEventKind K, const Decl *Dc) {
    if (!wants(K))
      return;
    NevercASTLifecycleEvent E;
    fill(E, K);
    E.Declaration = TS.handle(Dc);
    D.raiseLifecycle(TS, E);
  }
  void raiseGroup(NevercASTLifecycleEventKind K, DeclGroupRef DG) {
    if (!wants(K))
      return;
    NevercASTLifecycleEvent E;
    fill(E, K);
    Scratch.clear();
    for (Decl *Dc : DG)
      Scratch.push_back(TS.handle(Dc));
    E.Declarations = Scratch.data();
    E.DeclarationCount = Scratch.size();
    if (Scratch.size() == 1)
      E.Declaration = Scratch.front();
    D.raiseLifecycle(TS, E);
  }

  ASTDomain::Impl &D;
  TaskState &TS;
  std::unique_ptr<ASTConsumer> Inner;
  bool Hold;
  /// The sema extension phases emulated after analysis have a
  /// registration.
  bool Emulate;
  std::vector<HeldEvent> Held;
  std::vector<NevercHandle> Scratch;
  bool ReachedEnd = false, Released = false, SemaEnded = false;
  bool Initialized = false;
};

/// The built-in neverc.syntax.parse: Clang's own parse loop (ParseAST, run
/// by the wrapped action), which also performs semantic analysis.
struct ParseStep {
  WrapperFrontendAction *Action;
  void (*Execute)(WrapperFrontendAction &);
  ASTUnitBox Unit;
  TaskState *TS;
  bool Ran = false;
  static NevercStatus run(void *Ctx, void *, void **Out) {
    auto &Self = *static_cast<ParseStep *>(Ctx);
    Self.Ran = true;
    Self.Execute(*Self.Action);
    Self.Unit.TU = Self.TS->Ctx ? Self.TS->Ctx->getTranslationUnitDecl()
                                : nullptr;
    *Out = &Self.Unit;
    return okStatus();
  }
};

/// The built-in neverc.sema.analyze: Clang analysed while it parsed, so the
/// unit is complete; what the analysis found is the diagnostics state.
struct AnalyzeStep {
  SemanticUnitBox Unit;
  TaskState *TS;
  static NevercStatus run(void *Ctx, void *In, void **Out) {
    auto &Self = *static_cast<AnalyzeStep *>(Ctx);
    auto *AU = static_cast<ASTUnitBox *>(In);
    Self.Unit.TU = AU ? AU->TU : nullptr;
    Self.Unit.HasErrors =
        Self.TS->CI && Self.TS->CI->getDiagnostics().hasErrorOccurred();
    Self.Unit.Replayed = false;
    Self.Unit.Summary = Self.Unit.HasErrors
                            ? "clang semantic analysis reported errors"
                            : "clang semantic analysis: clean";
    Self.Unit.Identity = Self.TS->InputName;
    *Out = &Self.Unit;
    return okStatus();
  }
};

/// neverc.syntax.verify_ast_unit / neverc.sema.verify_semantic_unit: the
/// unit must be this task's translation unit (a provider cannot hand over
/// a tree stock Clang 22 could compile other than the one it built).
struct UnitVerifier {
  ASTDomain::Impl *D;
  TaskState *TS;
  bool Semantic;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &Self = *static_cast<UnitVerifier *>(Ctx);
    clang::TranslationUnitDecl *TU =
        Self.Semantic ? static_cast<SemanticUnitBox *>(Out)->TU
                      : static_cast<ASTUnitBox *>(Out)->TU;
    clang::TranslationUnitDecl *Own =
        Self.TS->Ctx ? Self.TS->Ctx->getTranslationUnitDecl() : nullptr;
    if (!TU || TU != Own) {
      Self.D->diag(NEVERC_DIAGNOSTIC_ERROR,
                   std::string(Self.Semantic
                                   ? "neverc.sema.verify_semantic_unit"
                                   : "neverc.syntax.verify_ast_unit") +
                       ": the unit does not name this compile's translation "
                       "unit",
                   Self.Semantic ? "neverc.sema.analyze"
                                 : "neverc.syntax.parse");
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    return okStatus();
  }
};

class PipelineAction final : public WrapperFrontendAction {
public:
  PipelineAction(ASTDomain::Impl &D, core::Task &T, TaskState &TS,
                 std::unique_ptr<FrontendAction> Inner)
      : WrapperFrontendAction(std::move(Inner)), D(D), T(T), TS(TS) {}

protected:
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    if (!WrapperFrontendAction::BeginSourceFileAction(CI))
      return false;
    if (keywordsActive(D))
      watchClaimedKeywords(D, TS, CI);
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    std::unique_ptr<ASTConsumer> Inner =
        WrapperFrontendAction::CreateASTConsumer(CI, InFile);
    if (!Inner)
      return nullptr;
    TS.CI = &CI;
    TS.InputName = InFile.str();
    auto C = std::make_unique<PipelineConsumer>(D, TS, std::move(Inner),
                                                D.mayRewrite());
    Consumer = C.get();
    return C;
  }

  void ExecuteAction() override {
    if (!Consumer) {
      WrapperFrontendAction::ExecuteAction();
      return;
    }
    ParseStep Parse{this,
                    [](WrapperFrontendAction &A) {
                      static_cast<PipelineAction &>(A).runWrapped();
                    },
                    {}, &TS, false};
    Parse.Unit.Identity = TS.InputName;
    CompilerInstance &CI = getCompilerInstance();
    if (CI.hasASTContext())
      TS.Ctx = &CI.getASTContext();
    ParseInBox In;
    In.TU = TS.Ctx ? TS.Ctx->getTranslationUnitDecl() : nullptr;
    UnitVerifier PV{&D, &TS, false}, SV{&D, &TS, true};
    core::PhaseRequest R;
    R.T = &T;
    R.Input = &In;
    R.Builtin = {&ParseStep::run, &Parse};
    R.Verifier = {&UnitVerifier::run, &PV};
    core::PhaseOutcome O = D.H.runPhase(core::Phase_SYNTAX_PARSE, R);
    bool Ok = isOk(O.Status);
    if (Ok) {
      AnalyzeStep Analyze{{}, &TS};
      core::PhaseRequest A;
      A.T = &T;
      A.Input = O.Output;
      A.Builtin = {&AnalyzeStep::run, &Analyze};
      A.Verifier = {&UnitVerifier::run, &SV};
      core::PhaseOutcome AO = D.H.runPhase(core::Phase_SEMA_ANALYZE, A);
      Ok = isOk(AO.Status);
      if (!Ok)
        failed("neverc.sema.analyze", AO.Status);
    } else {
      failed("neverc.syntax.parse", O.Status);
    }
    if (Ok && !Parse.Ran && TS.Ctx)
      Consumer->finishUnparsed(*TS.Ctx);
    Consumer->endSema();
    Ok &= !TS.Failed;
    Consumer->release(Ok && Consumer->reachedEnd());
  }

private:
  void runWrapped() { WrapperFrontendAction::ExecuteAction(); }
  void failed(const char *Phase, NevercStatus S) {
    // The host or the plugin normally said why; make sure the compile
    // fails with a line naming the phase even when nobody did.
    if (TS.CI && !TS.CI->getDiagnostics().hasErrorOccurred())
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             std::string("phase '") + Phase + "' failed: " +
                 std::string(core::statusName(S.Code)),
             Phase);
  }

  ASTDomain::Impl &D;
  core::Task &T;
  TaskState &TS;
  PipelineConsumer *Consumer = nullptr;
};

/// Program actions whose compile has an AST consumer to sit in front of.
bool consumesAST(const FrontendOptions &FE) {
  switch (FE.ProgramAction) {
  case frontend::ParseSyntaxOnly:
  case frontend::EmitObj:
  case frontend::EmitAssembly:
  case frontend::EmitBC:
  case frontend::EmitLLVM:
  case frontend::EmitLLVMOnly:
  case frontend::EmitCodeGenOnly:
  case frontend::ASTDump:
  case frontend::ASTPrint:
  case frontend::FixIt:
    break;
  default:
    return false;
  }
  if (FE.ShowHelp || FE.ShowVersion || FE.Inputs.empty())
    return false;
  for (const FrontendInputFile &In : FE.Inputs) {
    InputKind K = In.getKind();
    if (K.getFormat() != InputKind::Source || K.getLanguage() != Language::C)
      return false;
  }
  return true;
}

} // namespace

bool ASTDomain::wrapsAction(clang::CompilerInstance &CI, core::Task &TU) {
  if (!consumesAST(CI.getFrontendOpts()))
    return false;
  if (P->anyPhaseActive())
    return true;
  TaskState *TS = P->stateFor(core::decodeHandle(TU.handle()).Scope);
  return TS && TS->Mask != 0;
}

clang::FrontendAction *ASTDomain::wrapAction(clang::CompilerInstance &CI,
                                             core::Task &TU,
                                             clang::FrontendAction *Inner) {
  TaskState &TS = P->state(TU);
  // Before the preprocessor exists: it reads its predefines when made.
  if (keywordsActive(*P))
    defineClaimedKeywords(*P, CI);
  return new PipelineAction(*P, TU, TS,
                            std::unique_ptr<clang::FrontendAction>(Inner));
}

int ASTDomain::attach(clang::CompilerInstance &CI, core::Task &TU) {
  // Nothing to do for a task no plugin asked the AST tables about: its
  // state is made on the first call (Impl::state reads the compile from
  // Task::frontend()). A state made earlier (a lifecycle subscription in
  // TaskBegin) learns the compile here.
  if (TaskState *TS = P->stateFor(core::decodeHandle(TU.handle()).Scope))
    TS->CI = &CI;
  return 0;
}

int ASTDomain::detach(clang::CompilerInstance &, core::Task &TU, bool) {
  TaskState *TS = P->stateFor(core::decodeHandle(TU.handle()).Scope);
  if (!TS)
    return 0;
  bool Failed = TS->Failed;
  TS->unbind();
  return Failed ? 1 : 0;
}

} // namespace neverc::ast
