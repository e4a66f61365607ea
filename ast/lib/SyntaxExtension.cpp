//===- SyntaxExtension.cpp - The syntax extension phases' cursor
//-----------===//
//
// What the syntax extension phases this build runs share (attribute,
// declaration, statement, expression, type_name): one run per construct with a
// parser cursor over the construct's tokens (minted by the prep domain, ending
// with an end-of-file token), the verifier of the decision, and the PARSER
// slots 1-8 plugins use inside the run. A cursor and its checkpoints go stale
// when the run ends.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "neverc/prep/PrepDomain.h"

#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

namespace neverc::ast {

using namespace clang;

namespace {

constexpr uint16_t Major = NEVERC_PARSER_API_MAJOR;

bool madeFor(const TaskState::CursorModel &C, const void *Node) {
  return std::find(C.Created.begin(), C.Created.end(), Node) !=
         C.Created.end();
}

const char *resultName(NevercParserResultKind K) {
  switch (K) {
  case NEVERC_PARSER_RESULT_EXPR: return "EXPR";
  case NEVERC_PARSER_RESULT_TYPE: return "TYPE";
  case NEVERC_PARSER_RESULT_STMT:
    return "STMT";
  case NEVERC_PARSER_RESULT_ATTRIBUTE: return "ATTRIBUTE";
  case NEVERC_PARSER_RESULT_DECL:
    return "DECL";
  default: return "another kind";
  }
}

/// Whether \p N is what a construct of kind \p K must become.
bool fitsResult(const TaskState &TS, const TaskState::CursorModel &C,
                NevercParserResultKind K, NodeRef N) {
  switch (K) {
  case NEVERC_PARSER_RESULT_DECL: {
    // A variable or function a builder made and nothing has placed yet.
    if (N.Domain != NEVERC_AST_SCHEMA_DOMAIN_DECL || !TS.Unplaced.count(N.Ptr))
      return false;
    auto *Dc = static_cast<Decl *>(N.Ptr);
    return (isa<VarDecl>(Dc) && !isa<ParmVarDecl>(Dc)) ||
           isa<FunctionDecl, RecordDecl, EnumDecl>(Dc);
  }
  case NEVERC_PARSER_RESULT_ATTRIBUTE:
    return N.Domain == NEVERC_AST_SCHEMA_DOMAIN_ATTR && madeFor(C, N.Ptr);
  case NEVERC_PARSER_RESULT_EXPR:
    return N.Domain == NEVERC_AST_SCHEMA_DOMAIN_STMT &&
           isa<Expr>(static_cast<Stmt *>(N.Ptr));
  case NEVERC_PARSER_RESULT_TYPE:
    return N.Domain == NEVERC_AST_SCHEMA_DOMAIN_TYPE;
  case NEVERC_PARSER_RESULT_STMT: // an expression is a statement too
    return N.Domain == NEVERC_AST_SCHEMA_DOMAIN_STMT;
  default:
    return false;
  }
}

} // namespace

bool runSyntaxExtension(ASTDomain::Impl &D, TaskState &TS, uint32_t Phase,
                        NevercParserResultKind Expected,
                        const std::vector<Token> &Tokens, SourceLocation End,
                        const ParsedAttr *Attr, ExtensionOutBox &Out) {
  TaskState::CursorModel M;
  M.Attr = Attr;
  Token Eof;
  Eof.startToken();
  Eof.setKind(tok::eof);
  Eof.setLocation(End);
  if (D.Prep && TS.CI) {
    for (const Token &T : Tokens)
      M.Tokens.push_back(D.Prep->mintLexerToken(*TS.T, *TS.CI, T));
    M.Tokens.push_back(D.Prep->mintLexerToken(*TS.T, *TS.CI, Eof));
  }
  ExtensionInBox In;
  In.Cursor = TS.Cursors.insert(std::move(M));
  In.Expected = Expected;
  struct Builtin {
    ExtensionOutBox Out;
    static NevercStatus run(void *Ctx, void *, void **O) {
      *O = &static_cast<Builtin *>(Ctx)->Out;
      return okStatus();
    }
  } B;
  struct Verify {
    ASTDomain::Impl *D;
    TaskState *TS;
    const core::PhaseInfo *P;
    ExtensionInBox *In;
    static NevercStatus run(void *Ctx, void *O) {
      auto &Self = *static_cast<Verify *>(Ctx);
      auto &Out = *static_cast<ExtensionOutBox *>(O);
      const TaskState::CursorModel *C = Self.TS->Cursors.lookup(Self.In->Cursor);
      auto Fail = [&](const std::string &Why) {
        Self.D->diag(NEVERC_DIAGNOSTIC_ERROR, Self.P->Verifier + ": " + Why,
                     Self.P->Name);
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
      if (Out.ResultKind != Self.In->Expected)
        return Fail(std::string("HANDLED with a result kind other than ") +
                    resultName(Self.In->Expected));
      // An attribute may be handled with no node; the others need one.
      if (!Out.Node.Ptr && Self.In->Expected != NEVERC_PARSER_RESULT_ATTRIBUTE)
        return Fail(std::string("HANDLED without a node (") +
                    resultName(Self.In->Expected) + " expected)");
      if (Out.Node.Ptr &&
          !fitsResult(*Self.TS, *C, Self.In->Expected, Out.Node))
        return Fail(Self.In->Expected == NEVERC_PARSER_RESULT_ATTRIBUTE
                        ? "the node is not an attribute CreateParsedAttribute "
                          "made for this cursor"
                    : Self.In->Expected == NEVERC_PARSER_RESULT_DECL
                        ? "the node is not a variable, function, struct or "
                          "enum a builder made that is not declared yet"
                        : std::string("the node is not ") +
                              (Self.In->Expected == NEVERC_PARSER_RESULT_EXPR
                                   ? "an expression"
                               : Self.In->Expected == NEVERC_PARSER_RESULT_STMT
                                   ? "a statement"
                                   : "a type"));
      return okStatus();
    }
  } V{&D, &TS, &D.H.phases().at(Phase), &In};
  core::PhaseRequest Req;
  Req.T = TS.T;
  Req.Input = &In;
  Req.Builtin = {&Builtin::run, &B};
  Req.Verifier = {&Verify::run, &V};
  core::PhaseOutcome O = D.H.runPhase(Phase, Req);
  if (TaskState::CursorModel *C = TS.Cursors.lookup(In.Cursor))
    for (NevercHandle CP : C->Checkpoints)
      TS.Checkpoints.erase(CP);
  TS.Cursors.erase(In.Cursor);
  if (!isOk(O.Status)) {
    TS.Failed = true;
    return false;
  }
  if (auto *R = static_cast<ExtensionOutBox *>(O.Output))
    Out = *R;
  return true;
}

//===--- PARSER slots 1-8 -------------------------------------------------===//

namespace {

NevercStatus cursorOf(ASTDomain::Impl &D, TaskState &TS, NevercHandle H,
                      TaskState::CursorModel *&Out) {
  return recordOf(D, TS, TS.Cursors, ASTHandleKind::Cursor, H, Out);
}

/// The shape of the cursor slots that hand back a handle: the out pointer,
/// the live tree, the cursor of this task, then \p Fn(TS, Cursor, *Out).
template <class OutT, class F>
NevercStatus cursorSlot(void *Ctx, NevercTaskHandle Task, NevercHandle Cursor,
                        OutT *Out, F &&Fn) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NEVERC_AST_TASK(Ctx, Task);
    TaskState::CursorModel *C;
    if (NevercStatus S = cursorOf(D, *TS, Cursor, C); !isOk(S))
      return S;
    Fn(*TS, *C, *Out);
    return okStatus();
  });
}

} // namespace

NevercStatus NEVERC_CALL getExtensionInput(void *Ctx,
                                           const NevercPhaseFrame *Frame,
                                           NevercArtifactHandle Input,
                                           NevercParserExtensionInput *Out) {
  return phaseInput<ExtensionInBox>(
      Ctx, Frame, Input, BoxTag::ExtensionInput, Major, Out,
      [](TaskState &, ExtensionInBox &In, NevercParserExtensionInput &I) {
        I.Cursor = In.Cursor;
        I.ExpectedResult = In.Expected;
      });
}

NevercStatus NEVERC_CALL cursorPeek(void *Ctx, NevercTaskHandle Task,
                                    NevercParserTokenCursorHandle Cursor,
                                    uint64_t Offset, NevercTokenHandle *Out) {
  return cursorSlot(Ctx, Task, Cursor, Out,
                    [&](TaskState &, TaskState::CursorModel &C,
                        NevercTokenHandle &T) {
                      // Past the end is the end-of-file token, as in a parser.
                      T = C.Tokens.empty()
                              ? NevercHandle{}
                              : C.Tokens[std::min<uint64_t>(
                                    C.Position + Offset, C.Tokens.size() - 1)];
                    });
}

NevercStatus NEVERC_CALL cursorConsume(void *Ctx, NevercTaskHandle Task,
                                       NevercParserTokenCursorHandle Cursor,
                                       NevercTokenHandle *Out) {
  return cursorSlot(Ctx, Task, Cursor, Out,
                    [](TaskState &, TaskState::CursorModel &C,
                       NevercTokenHandle &T) {
                      if (C.Tokens.empty()) {
                        T = NevercHandle{};
                        return;
                      }
                      T = C.Tokens[std::min<uint64_t>(C.Position,
                                                      C.Tokens.size() - 1)];
                      // The end-of-file token is never consumed.
                      if (C.Position + 1 < C.Tokens.size())
                        ++C.Position;
                    });
}

NevercStatus NEVERC_CALL cursorCheckpoint(void *Ctx, NevercTaskHandle Task,
                                          NevercParserTokenCursorHandle Cursor,
                                          NevercParserCheckpointHandle *Out) {
  return cursorSlot(Ctx, Task, Cursor, Out,
                    [&](TaskState &TS, TaskState::CursorModel &C,
                        NevercParserCheckpointHandle &H) {
                      H = TS.Checkpoints.insert({Cursor, C.Position});
                      C.Checkpoints.push_back(H);
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
    // The syntax extension phases this build runs (ast/README.md).
    uint32_t Phase = 0;
    if (!Frame || Frame->Header.StructSize < sizeof *Frame)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    for (uint32_t P : {core::Phase_SYNTAX_EXTENSION_ATTRIBUTE,
                       core::Phase_SYNTAX_EXTENSION_EXPRESSION,
                       core::Phase_SYNTAX_EXTENSION_TYPE_NAME,
                       core::Phase_SYNTAX_EXTENSION_STATEMENT,
                       core::Phase_SYNTAX_EXTENSION_DECLARATION,
                       core::Phase_SYNTAX_EXTENSION_KEYWORD}) {
      const NevercInterfaceID ID = D.H.phases().at(P).ID;
      if (Frame->Phase.High == ID.High && Frame->Phase.Low == ID.Low)
        Phase = P;
    }
    if (NevercStatus S = outputScope(
            D, Frame, Phase ? Phase : core::Phase_SYNTAX_EXTENSION_ATTRIBUTE,
            &TS);
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
    ExtensionOutBox &B = TS->own<ExtensionOutBox>();
    B.Disposition = Desc->Disposition;
    B.ResultKind = Desc->ResultKind;
    B.Node = N;
    *Out = TS->T->createArtifact(D.H.phases().at(Phase).Output, &B);
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
    SourceRange R = C->Attr ? C->Attr->getRange() : SourceRange();
    if (Desc->Range.Value && !D.decodeRange(*TS, Desc->Range, R))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (!TS->Sema)
      return st(NEVERC_STATUS_INVALID_STATE);
    // The arguments go with the node when every one is a constant (IR
    // generation emits annotate's arguments as constants); identifier
    // arguments and non-constant ones stay in the cursor's tokens only.
    llvm::SmallVector<Expr *, 4> Args;
    bool AllConstant = true;
    for (unsigned I = 0; C->Attr && I < C->Attr->getNumArgs(); ++I) {
      Expr *E = C->Attr->isArgExpr(I) ? C->Attr->getArgAsExpr(I) : nullptr;
      if (!E || E->isValueDependent() ||
          !(isa<StringLiteral>(E->IgnoreParenImpCasts()) ||
            E->isEvaluatable(*TS->Ctx))) {
        AllConstant = false;
        break;
      }
      Args.push_back(E);
    }
    if (!AllConstant || Args.empty() ||
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
