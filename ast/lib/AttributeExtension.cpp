//===- AttributeExtension.cpp - neverc.syntax.extension.attribute ---------===//
//
// Carried by clang::ParsedAttrInfo. Clang hands a plugin an attribute only
// when its name is among the spellings of a registered ParsedAttrInfo, and
// it reads that registry (a process-wide list it builds once) while it
// parses. So plugins claim names up front, in Register, through the neverc
// extension table NevercParserClaimAPI (PluginParserClaim.h); the domain
// keeps the claims and points the one registered ClaimedAttrInfo's
// spellings at them. For every declaration attribute with a claimed name,
// Sema calls handleDeclAttribute, which runs the phase with a cursor over
// the attribute's tokens as written; the node a plugin returns (an
// `annotate` attribute CreateParsedAttribute made) is attached to the
// declaration.
//
// Zero cost: without a claim the registered info has no spellings, and
// Clang consults plugin infos only for names it does not know.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "neverc/prep/PrepDomain.h"

#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

namespace neverc::ast {

using namespace clang;

namespace {

constexpr uint16_t Major = NEVERC_PARSER_API_MAJOR;

/// Tells the info neverc registered apart from other plugins' (no RTTI):
/// its ArgNames view points here (with length 0, which Clang reads as "no
/// named arguments").
const char *const ClaimMarker[1] = {"neverc"};

struct ClaimedAttrInfo final : ParsedAttrInfo {
  ClaimedAttrInfo() {
    OptArgs = NEVERC_PARSER_CLAIM_MAX_ARGUMENTS;
    ArgNames = ArrayRef<const char *>(ClaimMarker, size_t(0));
  }
  ASTDomain::Impl *Owner = nullptr;

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &A) const override {
    if (!Owner) {
      S.DiagnoseUnknownAttribute(A);
      return AttributeNotApplied;
    }
    return runAttributeExtension(*Owner, S, D, A)
               ? AttributeApplied
               : AttributeNotApplied;
  }
};

ParsedAttrInfoRegistry::Add<ClaimedAttrInfo>
    Registered("neverc-attribute-claims",
               "attribute names claimed through NevercParserClaimAPI");

ClaimedAttrInfo *registryInstance() {
  for (const std::unique_ptr<ParsedAttrInfo> &I :
       getAttributePluginInstances())
    if (I->ArgNames.data() == ClaimMarker)
      return static_cast<ClaimedAttrInfo *>(I.get());
  return nullptr;
}

//===--- Claims -----------------------------------------------------------===//

bool isIdentifier(std::string_view S) {
  if (S.empty() || !(isalpha((unsigned char)S[0]) || S[0] == '_'))
    return false;
  for (char C : S)
    if (!(isalnum((unsigned char)C) || C == '_'))
      return false;
  return true;
}

/// Clang's normalisation: "__x__" is "x".
std::string_view normalized(std::string_view S) {
  if (S.size() >= 5 && S.substr(0, 2) == "__" && S.substr(S.size() - 2) == "__")
    return S.substr(2, S.size() - 4);
  return S;
}

constexpr std::pair<NevercParserAttributeForm, AttributeCommonInfo::Syntax>
    Forms[] = {{NEVERC_PARSER_ATTRIBUTE_GNU, AttributeCommonInfo::AS_GNU},
               {NEVERC_PARSER_ATTRIBUTE_C23, AttributeCommonInfo::AS_C23},
               {NEVERC_PARSER_ATTRIBUTE_DECLSPEC,
                AttributeCommonInfo::AS_Declspec}};

NevercStatus NEVERC_CALL claimAttribute(void *Ctx,
                                        const NevercParserAttributeClaim *C) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S =
            checkHeader(C, sizeof *C, NEVERC_PARSER_CLAIM_API_MAJOR);
        !isOk(S))
      return S;
    ASTDomain::Impl &D = impl(Ctx);
    // Clang reads the spellings while it parses: claims are made before.
    const core::Plugin *By = D.H.registeringPlugin();
    if (!By)
      return st(NEVERC_STATUS_INVALID_STATE);
    if ((C->Name.Length && !C->Name.Data) || C->Forms == 0 ||
        (C->Forms & ~NEVERC_PARSER_ATTRIBUTE_FORM_MASK_ALL) ||
        C->MaximumArguments > NEVERC_PARSER_CLAIM_MAX_ARGUMENTS)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::string_view Full(C->Name.Data ? C->Name.Data : "", C->Name.Length);
    std::string_view Scope, Name = Full;
    if (size_t Sep = Full.find("::"); Sep != std::string_view::npos) {
      Scope = normalized(Full.substr(0, Sep));
      Name = Full.substr(Sep + 2);
      // Only the C23 form has scoped names.
      if (C->Forms != NEVERC_PARSER_ATTRIBUTE_FORM_MASK(
                          NEVERC_PARSER_ATTRIBUTE_C23) ||
          !isIdentifier(Scope))
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    Name = normalized(Name);
    if (!isIdentifier(Name))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::string Key =
        Scope.empty() ? std::string(Name)
                      : std::string(Scope) + "::" + std::string(Name);
    IdentifierTable Names;
    const IdentifierInfo *NameII = &Names.get(Name);
    const IdentifierInfo *ScopeII = Scope.empty() ? nullptr : &Names.get(Scope);
    std::lock_guard<std::mutex> G(D.Lock);
    for (auto [Form, Syntax] : Forms) {
      if (!(C->Forms & NEVERC_PARSER_ATTRIBUTE_FORM_MASK(Form)))
        continue;
      if (AttributeCommonInfo::getParsedKind(NameII, ScopeII, Syntax) !=
          AttributeCommonInfo::UnknownAttribute)
        return st(NEVERC_STATUS_DUPLICATE_ID);
      for (const AttributeClaim &Old : D.Claims)
        if (Old.Name == Key &&
            (Old.Forms & NEVERC_PARSER_ATTRIBUTE_FORM_MASK(Form)))
          return st(NEVERC_STATUS_DUPLICATE_ID);
    }
    ClaimedAttrInfo *Info = registryInstance();
    if (!Info || (Info->Owner && Info->Owner != &D)) {
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             "ClaimAttribute: clang's attribute registry is bound to another "
             "neverc host in this process (it is process-wide)",
             "neverc.syntax.extension.attribute");
      return st(NEVERC_STATUS_BUSY);
    }
    D.Claims.push_back({Key, C->Forms, C->MaximumArguments, By});
    D.ClaimSpellings.clear();
    for (const AttributeClaim &Cl : D.Claims)
      for (auto [Form, Syntax] : Forms)
        if (Cl.Forms & NEVERC_PARSER_ATTRIBUTE_FORM_MASK(Form))
          D.ClaimSpellings.push_back({Syntax, Cl.Name.c_str()});
    Info->Owner = &D;
    Info->Spellings = D.ClaimSpellings;
    return okStatus();
  });
}

//===--- The phase --------------------------------------------------------===//

struct AttrInBox {
  BoxTag Tag = BoxTag::AttributeInput;
  NevercHandle Cursor{};
};
struct AttrOutBox {
  BoxTag Tag = BoxTag::AttributeOutput;
  NevercParserExtensionDisposition Disposition =
      NEVERC_PARSER_EXTENSION_UNHANDLED;
  NevercParserResultKind ResultKind = 0;
  NodeRef Node;
};

/// The attribute's tokens as written: from the scope (or name) through the
/// closing parenthesis of its arguments, lexed raw from where they are
/// spelled (a macro's body when the attribute came from a macro).
std::vector<Token> attributeTokens(Sema &S, const ParsedAttr &A) {
  SourceManager &SM = S.getSourceManager();
  // The range begins at the scope of a scoped name, else at the name.
  SourceLocation Start = SM.getSpellingLoc(A.getRange().getBegin());
  const bool Scoped = A.getScopeName() != nullptr;
  std::vector<Token> Out;
  auto [FID, Offset] = SM.getDecomposedLoc(Start);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return Out;
  Lexer L(SM.getLocForStartOfFile(FID), S.getLangOpts(), Buf.begin(),
          Buf.begin() + Offset, Buf.end());
  Preprocessor &PP = S.getPreprocessor();
  // Enough for any real attribute; a runaway (unbalanced) list stops here.
  constexpr size_t Limit = 4096;
  int Depth = 0;
  bool SeenName = false;
  Token T;
  while (Out.size() < Limit) {
    L.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    if (T.is(tok::raw_identifier))
      PP.LookUpIdentifierInfo(T);
    if (SeenName && Depth == 0 && T.isNot(tok::l_paren))
      break;
    Out.push_back(T);
    if (!SeenName) {
      // "name", or "scope :: name" (the scope is the first token).
      SeenName = (!Scoped || Out.size() > 1) &&
                 T.getIdentifierInfo() == A.getAttrName();
      if (!SeenName && Out.size() >= 3)
        break; // not spelled where clang says: the tokens so far
      continue;
    }
    if (T.is(tok::l_paren))
      ++Depth;
    else if (T.is(tok::r_paren) && --Depth == 0)
      break;
  }
  return Out;
}

TaskState *stateOfSema(ASTDomain::Impl &D, Sema &S) {
  std::lock_guard<std::mutex> G(D.Lock);
  for (auto &[Key, TS] : D.States)
    if (TS->Sema == &S)
      return TS.get();
  return nullptr;
}

/// The attribute nodes CreateParsedAttribute made for \p C.
bool madeFor(const TaskState::CursorModel &C, const void *Attr) {
  return std::find(C.Created.begin(), C.Created.end(), Attr) !=
         C.Created.end();
}

} // namespace

bool runAttributeExtension(ASTDomain::Impl &D, Sema &S, Decl *Target,
                           const ParsedAttr &A) {
  TaskState *TS = stateOfSema(D, S);
  if (!TS || !TS->T || !TS->CI ||
      !D.H.phases().at(core::Phase_SYNTAX_EXTENSION_ATTRIBUTE).Active) {
    S.DiagnoseUnknownAttribute(A);
    return false;
  }
  TaskState::CursorModel M;
  M.Attr = &A;
  M.Target = Target;
  Token End;
  End.startToken();
  End.setKind(tok::eof);
  End.setLocation(A.getRange().getEnd());
  std::vector<Token> Toks = attributeTokens(S, A);
  Toks.push_back(End);
  if (D.Prep)
    for (const Token &T : Toks)
      M.Tokens.push_back(D.Prep->mintLexerToken(*TS->T, *TS->CI, T));
  AttrInBox In;
  In.Cursor = TS->Cursors.insert(std::move(M));
  struct Builtin {
    AttrOutBox Out;
    static NevercStatus run(void *Ctx, void *, void **O) {
      *O = &static_cast<Builtin *>(Ctx)->Out;
      return okStatus();
    }
  } B;
  struct Verify {
    ASTDomain::Impl *D;
    TaskState *TS;
    NevercHandle Cursor;
    static NevercStatus run(void *Ctx, void *O) {
      auto &Self = *static_cast<Verify *>(Ctx);
      auto &Out = *static_cast<AttrOutBox *>(O);
      const TaskState::CursorModel *C = Self.TS->Cursors.lookup(Self.Cursor);
      auto Fail = [&](const std::string &Why) {
        Self.D->diag(NEVERC_DIAGNOSTIC_ERROR,
                     "neverc.syntax.verify_attribute_extension: " + Why,
                     "neverc.syntax.extension.attribute");
        return st(NEVERC_STATUS_VERIFICATION_FAILED);
      };
      if (!C)
        return Fail("the cursor is gone");
      if (Out.Disposition == NEVERC_PARSER_EXTENSION_UNHANDLED) {
        if (C->Position != 0)
          return Fail("UNHANDLED after consuming " +
                      std::to_string(C->Position) +
                      " token(s); roll back to the checkpoint first");
        return okStatus();
      }
      if (Out.ResultKind != NEVERC_PARSER_RESULT_ATTRIBUTE)
        return Fail("HANDLED with a result kind other than ATTRIBUTE");
      if (Out.Node.Ptr && (Out.Node.Domain != NEVERC_AST_SCHEMA_DOMAIN_ATTR ||
                           !madeFor(*C, Out.Node.Ptr)))
        return Fail("the node is not an attribute CreateParsedAttribute "
                    "made for this cursor");
      return okStatus();
    }
  } V{&D, TS, In.Cursor};
  core::PhaseRequest Req;
  Req.T = TS->T;
  Req.Input = &In;
  Req.Builtin = {&Builtin::run, &B};
  Req.Verifier = {&Verify::run, &V};
  core::PhaseOutcome O =
      D.H.runPhase(core::Phase_SYNTAX_EXTENSION_ATTRIBUTE, Req);
  // The cursor and its checkpoints live for the phase run only.
  if (TaskState::CursorModel *C = TS->Cursors.lookup(In.Cursor))
    for (NevercHandle CP : C->Checkpoints)
      TS->Checkpoints.erase(CP);
  TS->Cursors.erase(In.Cursor);
  if (!isOk(O.Status)) {
    TS->Failed = true;
    return false;
  }
  auto *Out = static_cast<AttrOutBox *>(O.Output);
  if (!Out || Out->Disposition != NEVERC_PARSER_EXTENSION_HANDLED) {
    S.DiagnoseUnknownAttribute(A);
    return false;
  }
  if (!Out->Node.Ptr)
    return false; // handled, nothing to attach
  Target->addAttr(static_cast<Attr *>(Out->Node.Ptr));
  return true;
}

void unbindAttributeClaims(ASTDomain::Impl &D) {
  if (D.Claims.empty())
    return;
  if (ClaimedAttrInfo *Info = registryInstance(); Info && Info->Owner == &D) {
    Info->Owner = nullptr;
    Info->Spellings = {};
  }
}

void fillClaimTable(NevercParserClaimAPI &T, void *Ctx) {
  T.Header = {sizeof(NevercParserClaimAPI), NEVERC_PARSER_CLAIM_API_MAJOR,
              NEVERC_PARSER_CLAIM_API_MINOR, 0};
  T.Context = Ctx;
  T.ClaimAttribute = claimAttribute;
}

//===--- PARSER slots 1-8 -------------------------------------------------===//

namespace {

NevercStatus cursorOf(ASTDomain::Impl &D, TaskState &TS, NevercHandle H,
                      TaskState::CursorModel *&Out) {
  return recordOf(D, TS, TS.Cursors, ASTHandleKind::Cursor, H, Out);
}

} // namespace

NevercStatus NEVERC_CALL getExtensionInput(void *Ctx,
                                           const NevercPhaseFrame *Frame,
                                           NevercArtifactHandle Input,
                                           NevercParserExtensionInput *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    TaskState *TS;
    AttrInBox *In;
    if (NevercStatus S = boxOf(impl(Ctx), Frame, Input,
                               BoxTag::AttributeInput, &TS, &In);
        !isOk(S))
      return S;
    NevercParserExtensionInput I{};
    I.Cursor = In->Cursor;
    I.ExpectedResult = NEVERC_PARSER_RESULT_ATTRIBUTE;
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL cursorPeek(void *Ctx, NevercTaskHandle Task,
                                    NevercParserTokenCursorHandle Cursor,
                                    uint64_t Offset, NevercTokenHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    TaskState::CursorModel *C;
    if (NevercStatus S = cursorOf(D, *TS, Cursor, C); !isOk(S))
      return S;
    // Past the end is the end-of-file token, as in a parser.
    uint64_t I = C->Position + Offset;
    *Out = C->Tokens.empty() ? NevercHandle{}
                             : C->Tokens[std::min<uint64_t>(
                                   I, C->Tokens.size() - 1)];
    return okStatus();
  });
}

NevercStatus NEVERC_CALL cursorConsume(void *Ctx, NevercTaskHandle Task,
                                       NevercParserTokenCursorHandle Cursor,
                                       NevercTokenHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    TaskState::CursorModel *C;
    if (NevercStatus S = cursorOf(D, *TS, Cursor, C); !isOk(S))
      return S;
    if (C->Tokens.empty()) {
      *Out = NevercHandle{};
      return okStatus();
    }
    *Out = C->Tokens[std::min<uint64_t>(C->Position, C->Tokens.size() - 1)];
    // The end-of-file token is never consumed.
    if (C->Position + 1 < C->Tokens.size())
      ++C->Position;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL cursorCheckpoint(void *Ctx, NevercTaskHandle Task,
                                          NevercParserTokenCursorHandle Cursor,
                                          NevercParserCheckpointHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    TaskState::CursorModel *C;
    if (NevercStatus S = cursorOf(D, *TS, Cursor, C); !isOk(S))
      return S;
    NevercHandle H = TS->Checkpoints.insert({Cursor, C->Position});
    C->Checkpoints.push_back(H);
    *Out = H;
    return okStatus();
  });
}

namespace {

/// Commit and rollback: the checkpoint must be a live one of \p Cursor
/// (another cursor's: INVALID_ARGUMENT); it is closed either way.
NevercStatus closeCheckpoint(void *Ctx, NevercTaskHandle Task,
                             NevercHandle Cursor, NevercHandle Checkpoint,
                             bool Rollback) {
  return guard([&]() -> NevercStatus {
    NEVERC_AST_TASK(Ctx, Task);
    TaskState::CursorModel *C;
    if (NevercStatus S = cursorOf(D, *TS, Cursor, C); !isOk(S))
      return S;
    TaskState::CheckpointModel *P;
    if (NevercStatus S = recordOf(D, *TS, TS->Checkpoints,
                                  ASTHandleKind::Checkpoint, Checkpoint, P);
        !isOk(S))
      return S;
    if (P->Cursor.Value != Cursor.Value || P->Cursor.Owner != Cursor.Owner)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (Rollback)
      C->Position = P->Position;
    TS->Checkpoints.erase(Checkpoint);
    return okStatus();
  });
}

} // namespace

NevercStatus NEVERC_CALL cursorCommit(void *Ctx, NevercTaskHandle Task,
                                      NevercParserTokenCursorHandle Cursor,
                                      NevercParserCheckpointHandle Checkpoint) {
  return closeCheckpoint(Ctx, Task, Cursor, Checkpoint, false);
}

NevercStatus NEVERC_CALL cursorRollback(void *Ctx, NevercTaskHandle Task,
                                        NevercParserTokenCursorHandle Cursor,
                                        NevercParserCheckpointHandle Checkpoint) {
  return closeCheckpoint(Ctx, Task, Cursor, Checkpoint, true);
}

NevercStatus NEVERC_CALL createExtensionOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    NevercPhaseContinuation *Continuation,
    const NevercParserExtensionOutput *Desc, NevercArtifactHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    ASTDomain::Impl &D = impl(Ctx);
    TaskState *TS;
    // Only the attribute phase runs on stock Clang 22 (ast/README.md).
    if (NevercStatus S = outputScope(
            D, Frame, core::Phase_SYNTAX_EXTENSION_ATTRIBUTE, &TS);
        !isOk(S))
      return S;
    if (Continuation && !TS->T->continuationLive(Continuation))
      return st(NEVERC_STATUS_WRONG_SCOPE);
    if (Desc->Disposition != NEVERC_PARSER_EXTENSION_UNHANDLED &&
        Desc->Disposition != NEVERC_PARSER_EXTENSION_HANDLED)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (Desc->Disposition == NEVERC_PARSER_EXTENSION_HANDLED &&
        (Desc->ResultKind < NEVERC_PARSER_RESULT_DECL ||
         Desc->ResultKind > NEVERC_PARSER_RESULT_ATTRIBUTE))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NodeRef N;
    if (Desc->Node.Value) {
      if (Desc->Disposition == NEVERC_PARSER_EXTENSION_UNHANDLED)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      if (NevercStatus S = nodeOf(D, *TS, Desc->Node, 0, N); !isOk(S))
        return S;
    }
    AttrOutBox &B = TS->own<AttrOutBox>();
    B.Disposition = Desc->Disposition;
    B.ResultKind = Desc->ResultKind;
    B.Node = N;
    *Out = TS->T->createArtifact(
        D.H.phases().at(core::Phase_SYNTAX_EXTENSION_ATTRIBUTE).Output, &B);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createParsedAttribute(
    void *Ctx, NevercTaskHandle Task, NevercParserTokenCursorHandle Cursor,
    const NevercParserParsedAttributeDescriptor *Desc, NevercAttrHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    TaskState::CursorModel *C;
    if (NevercStatus S = cursorOf(D, *TS, Cursor, C); !isOk(S))
      return S;
    if (mayNotMutate(*TS))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    std::string_view Name(Desc->Name.Data ? Desc->Name.Data : "",
                          Desc->Name.Length);
    if (Name.empty() || !Desc->Name.Data ||
        Name.find('\0') != std::string_view::npos ||
        Desc->Form < NEVERC_PARSER_ATTRIBUTE_GNU ||
        Desc->Form > NEVERC_PARSER_ATTRIBUTE_DECLSPEC)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    SourceRange R = C->Attr->getRange();
    if (Desc->Range.Value && !D.decodeRange(*TS, Desc->Range, R))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (!TS->Sema)
      return st(NEVERC_STATUS_INVALID_STATE);
    // The arguments go with the node when every one is a constant (IR
    // generation emits annotate's arguments as constants); identifier
    // arguments and non-constant ones stay in the cursor's tokens only.
    llvm::SmallVector<Expr *, 4> Args;
    bool AllConstant = true;
    for (unsigned I = 0; I < C->Attr->getNumArgs(); ++I) {
      Expr *E = C->Attr->isArgExpr(I) ? C->Attr->getArgAsExpr(I) : nullptr;
      if (!E || E->isValueDependent() ||
          !(isa<StringLiteral>(E->IgnoreParenImpCasts()) ||
            E->isEvaluatable(*TS->Ctx))) {
        AllConstant = false;
        break;
      }
      Args.push_back(E);
    }
    if (!AllConstant ||
        !TS->Sema->ConstantFoldAttrArgs(*C->Attr, Args))
      Args.clear();
    auto Spelling = Desc->Form == NEVERC_PARSER_ATTRIBUTE_C23
                        ? AnnotateAttr::C23_clang_annotate
                        : AnnotateAttr::GNU_annotate;
    AnnotateAttr *A = AnnotateAttr::Create(*TS->Ctx, Name, Args.data(),
                                           Args.size(), R, Spelling);
    C->Created.push_back(A);
    *Out = TS->handle(A);
    return okStatus();
  });
}

} // namespace neverc::ast
