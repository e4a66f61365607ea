//===- LookupExtension.cpp - neverc.sema.extension.lookup and .type -------===//
//
// Carried by clang::ExternalSemaSource::LookupUnqualified: Sema asks its
// external source when an unqualified name was not found in any scope, so
// the phase runs once per such lookup (redeclaration checks excluded) and a
// plugin can answer with
// declarations of the translation unit (HANDLED + candidates); it cannot
// override a name Clang found (that is stock Clang 22's only lookup hook).
// neverc.sema.extension.type runs next for an ordinary name the lookup
// phase did not answer. The source is installed only when one of the two
// phases has a registration.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Sema/ExternalSemaSource.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

namespace neverc::ast {

using namespace clang;

namespace {

struct LookupInBox {
  BoxTag Tag = BoxTag::LookupInput;
  std::string Name;
  uint32_t RawLocation = 0;
  NevercSemaLookupKind Kind = NEVERC_SEMA_LOOKUP_ORDINARY;
  unsigned IDNS = 0;
};

struct LookupOutBox {
  BoxTag Tag = BoxTag::LookupOutput;
  NevercSemaExtensionDisposition Disposition = NEVERC_SEMA_EXTENSION_UNHANDLED;
  std::vector<NamedDecl *> Candidates;
};

class LookupSource final : public ExternalSemaSource {
public:
  LookupSource(ASTDomain::Impl &D, TaskState &TS) : D(D), TS(TS) {
    Lookup = D.H.phases().at(core::Phase_SEMA_EXTENSION_LOOKUP).Active;
    Type = D.H.phases().at(core::Phase_SEMA_EXTENSION_TYPE).Active;
  }

  bool LookupUnqualified(LookupResult &R, Scope *) override {
    const IdentifierInfo *II = R.getLookupName().getAsIdentifierInfo();
    // Lookups made to check a new declaration against earlier ones are not
    // offered: an answer would make a fresh declaration a redeclaration.
    if (!II || Depth || R.isForRedeclaration())
      return false;
    if (Lookup && lookupName(R, II))
      return true;
    return Type && R.getLookupKind() == Sema::LookupOrdinaryName &&
           lookupType(R, II);
  }

  bool lookupName(LookupResult &R, const IdentifierInfo *II) {
    LookupInBox In;
    switch (R.getLookupKind()) {
    case Sema::LookupOrdinaryName:
      In.Kind = NEVERC_SEMA_LOOKUP_ORDINARY;
      break;
    case Sema::LookupTagName:
      In.Kind = NEVERC_SEMA_LOOKUP_TAG;
      break;
    case Sema::LookupMemberName:
      In.Kind = NEVERC_SEMA_LOOKUP_MEMBER;
      break;
    default:
      return false;
    }
    In.Name = II->getName().str();
    In.RawLocation = R.getNameLoc().getRawEncoding();
    In.IDNS = R.getIdentifierNamespace();
    struct Builtin {
      LookupOutBox Out;
      static NevercStatus run(void *Ctx, void *, void **O) {
        *O = &static_cast<Builtin *>(Ctx)->Out;
        return okStatus();
      }
    } B;
    struct Verify {
      ASTDomain::Impl *D;
      unsigned IDNS;
      static NevercStatus run(void *Ctx, void *O) {
        auto &Self = *static_cast<Verify *>(Ctx);
        auto &Out = *static_cast<LookupOutBox *>(O);
        for (NamedDecl *ND : Out.Candidates)
          if (!ND->isInIdentifierNamespace(Self.IDNS)) {
            Self.D->diag(NEVERC_DIAGNOSTIC_ERROR,
                         "neverc.sema.verify_lookup_extension: candidate '" +
                             ND->getNameAsString() +
                             "' is not in the looked-up name's namespace",
                         "neverc.sema.extension.lookup");
            return st(NEVERC_STATUS_VERIFICATION_FAILED);
          }
        return okStatus();
      }
    } V{&D, In.IDNS};
    core::PhaseRequest Req;
    Req.T = TS.T;
    Req.Input = &In;
    Req.Builtin = {&Builtin::run, &B};
    Req.Verifier = {&Verify::run, &V};
    ++Depth; // a plugin's own LookupName must not re-enter the phase
    core::PhaseOutcome O =
        D.H.runPhase(core::Phase_SEMA_EXTENSION_LOOKUP, Req);
    --Depth;
    if (!isOk(O.Status)) {
      TS.Failed = true;
      return false;
    }
    auto *Out = static_cast<LookupOutBox *>(O.Output);
    if (!Out || Out->Disposition != NEVERC_SEMA_EXTENSION_HANDLED ||
        Out->Candidates.empty())
      return false;
    for (NamedDecl *ND : Out->Candidates)
      R.addDecl(ND);
    R.resolveKind();
    return true;
  }

  /// neverc.sema.extension.type: an ordinary name nobody declared may
  /// name a type. A type the plugin answers becomes an implicit file-scope
  /// typedef of the name, so every later use finds it as Clang finds any
  /// typedef (and the phase runs once per name).
  bool lookupType(LookupResult &R, const IdentifierInfo *II) {
    SemaExtensionInBox In{BoxTag::TypeInput};
    In.Name = II->getName().str();
    In.RawLoc = R.getNameLoc().getRawEncoding();
    struct Verify {
      static NevercStatus run(void *, void *) { return okStatus(); }
    };
    ++Depth;
    std::optional<SemaExtensionOutBox> Out = runSemaExtension(
        D, TS, core::Phase_SEMA_EXTENSION_TYPE, In, &Verify::run, nullptr);
    --Depth;
    if (!Out || Out->Disposition != NEVERC_SEMA_EXTENSION_HANDLED)
      return false;
    Sema &S = R.getSema();
    ASTContext &C = S.getASTContext();
    QualType T = QualType::getFromOpaquePtr(Out->Node.Ptr);
    SourceLocation L = R.getNameLoc();
    auto *TD = TypedefDecl::Create(C, C.getTranslationUnitDecl(), L, L,
                                   const_cast<IdentifierInfo *>(II),
                                   C.getTrivialTypeSourceInfo(T, L));
    TD->setImplicit();
    // In the unit's context even when the name was met in a function.
    C.getTranslationUnitDecl()->addDecl(TD);
    if (S.TUScope)
      S.PushOnScopeChains(TD, S.TUScope, /*AddToContext=*/false);
    R.addDecl(TD);
    R.resolveKind();
    return true;
  }

private:
  ASTDomain::Impl &D;
  TaskState &TS;
  unsigned Depth = 0;
  bool Lookup, Type;
};

} // namespace

void installLookupExtension(ASTDomain::Impl &D, TaskState &TS, Sema &S) {
  if (!D.H.phases().at(core::Phase_SEMA_EXTENSION_LOOKUP).Active &&
      !D.H.phases().at(core::Phase_SEMA_EXTENSION_TYPE).Active)
    return;
  S.addExternalSource(llvm::makeIntrusiveRefCnt<LookupSource>(D, TS));
}

NevercStatus NEVERC_CALL getLookupExtensionInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercSemaLookupExtensionInput *Out) {
  ASTDomain::Impl &D = impl(Ctx);
  return phaseInput<LookupInBox>(
      Ctx, Frame, Input, BoxTag::LookupInput, NEVERC_SEMA_API_MAJOR, Out,
      [&](TaskState &TS, LookupInBox &In, NevercSemaLookupExtensionInput &I) {
        I.Name = {In.Name.data(), In.Name.size()};
        I.NameLocation =
            D.Codec.Location ? D.Codec.Location(D.Codec.Ctx, *TS.T,
                                                In.RawLocation)
                             : NevercSourceLocation{};
        I.Kind = In.Kind;
      });
}

NevercStatus NEVERC_CALL createLookupExtensionOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercPhaseContinuation *Continuation,
    const NevercSemaLookupExtensionOutput *Desc, NevercArtifactHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, NEVERC_SEMA_API_MAJOR);
        !isOk(S))
      return S;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    ASTDomain::Impl &D = impl(Ctx);
    TaskState *TS;
    if (NevercStatus S =
            outputScope(D, Frame, core::Phase_SEMA_EXTENSION_LOOKUP, &TS);
        !isOk(S))
      return S;
    if (Continuation && !TS->T->continuationLive(Continuation))
      return st(NEVERC_STATUS_WRONG_SCOPE);
    // Rule 22: only UNHANDLED (1) and HANDLED (2); zero-filled is refused.
    if (Desc->Disposition != NEVERC_SEMA_EXTENSION_UNHANDLED &&
        Desc->Disposition != NEVERC_SEMA_EXTENSION_HANDLED)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (Desc->CandidateCount && !Desc->Candidates)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    LookupOutBox &B = TS->own<LookupOutBox>();
    B.Disposition = Desc->Disposition;
    for (uint64_t I = 0; I < Desc->CandidateCount; ++I) {
      NodeRef N;
      if (NevercStatus S = nodeOf(D, *TS, Desc->Candidates[I],
                                  NEVERC_AST_SCHEMA_DOMAIN_DECL, N);
          !isOk(S))
        return S;
      auto *ND = dyn_cast<NamedDecl>(static_cast<Decl *>(N.Ptr));
      if (!ND)
        return st(NEVERC_STATUS_WRONG_TYPE);
      B.Candidates.push_back(ND);
    }
    if (B.Disposition == NEVERC_SEMA_EXTENSION_HANDLED && B.Candidates.empty())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = TS->T->createArtifact(
        D.H.phases().at(core::Phase_SEMA_EXTENSION_LOOKUP).Output, &B);
    return okStatus();
  });
}

} // namespace neverc::ast
