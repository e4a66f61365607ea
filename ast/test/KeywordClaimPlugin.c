/*
 * Test plugin for the keyword claims of NevercParserClaimAPI
 * (tests/lit/ast/keyword.c). In Register it claims
 *   __answer          EXPR  -> the literal 42
 *   __answer_type     TYPE  -> long
 *   __call_twice(...) EXPR  -> twice(<the argument, a global's name>), built
 *                              from CreateDeclReference and a CallExpr
 *   __bump(...)       STMT  -> if (<the argument>) <the argument> += 2;
 *                              built from CreateDeclReference, an IfStmt
 *                              and a CompoundAssignOperator
 *   __unhandled       EXPR  -> UNHANDLED (left to Clang)
 *   __tracked         ATTRIBUTE -> annotate("tracked") (syntax.extension.
 *                     keyword; spelled back as __attribute__((annotate)))
 *   __marker(...)     ATTRIBUTE -> HANDLED with no node: removed
 * and prints the status of the claims the rules refuse. KEYWORD_MODE:
 *   badkind   answers __answer with a type and __bump with a type
 *             (VERIFICATION_FAILED);
 *   observer  an observer on the expression phase tries CreateDeclReference
 *             (POLICY_VIOLATION).
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KC_ID "org.neverc.test.keyword-claim"

static const NevercParserAPI *Parser;
static const NevercPrepAPI *Prep;
static const NevercASTAPI *AST;
static const NevercSemaAPI *Sema;
static const NevercParserClaimAPI *Claims;
static const char *Mode = "handle";

static int is(const char *M) { return strcmp(Mode, M) == 0; }


static NevercDeclHandle lookup(NevercTaskHandle T, NevercStringView Name) {
  return tpLookup(Sema, T, Name);
}

static NevercStatus answer(const NevercPhaseFrame *F,
                           NevercPhaseContinuation *C, NevercPhaseResult *R,
                           NevercParserResultKind Kind,
                           NevercASTNodeHandle Node) {
  NevercParserExtensionOutput Out;
  NevercStatus S;
  memset(&Out, 0, sizeof Out);
  Out.Header = tpHeader(sizeof Out, NEVERC_PARSER_API_MAJOR,
                      NEVERC_PARSER_API_MINOR);
  Out.Disposition = NEVERC_PARSER_EXTENSION_HANDLED;
  Out.ResultKind = Kind;
  Out.Node = Node;
  S = Parser->CreateExtensionOutput(Parser->Context, F, C, &Out, &R->Output);
  if (S.Code == NEVERC_STATUS_OK)
    R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercExprHandle literal(NevercTaskHandle T, uint64_t V) {
  NevercASTBuilderHandle B;
  NevercASTValue Ty;
  NevercAPIntView W;
  NevercExprHandle E;
  memset(&E, 0, sizeof E);
  AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_INTEGER_LITERAL, &B);
  memset(&Ty, 0, sizeof Ty);
  Ty.Header = tpHeader(sizeof Ty, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
  Ty.Type = NEVERC_AST_VALUE_TYPE;
  AST->GetBuiltinType(AST->Context, T, NEVERC_BUILTIN_TYPE_INT, &Ty.NodeValue);
  AST->ASTBuilderSetProperty(AST->Context, T, B,
                             NEVERC_AST_PROPERTY_STMT_EXPR_TYPE, &Ty);
  memset(&W, 0, sizeof W);
  W.Header = tpHeader(sizeof W, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
  W.Words = &V;
  W.WordCount = 1;
  W.BitWidth = 64;
  AST->ASTBuilderSetIntegerValue(AST->Context, T, B, &W);
  AST->ASTBuilderCommit(AST->Context, T, B, &E);
  AST->DestroyASTBuilder(AST->Context, T, B);
  return E;
}

static NevercStatus NEVERC_CALL onKeyword(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *UD) {
  NevercParserExtensionInput In;
  NevercParserCheckpointHandle CP;
  NevercTokenHandle Tok;
  NevercStringView Name, Arg;
  NevercStatus S;
  (void)UD;
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_PARSER_API_MAJOR,
                     NEVERC_PARSER_API_MINOR);
  S = Parser->GetExtensionInput(Parser->Context, F, F->Input, &In);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  Parser->CursorCheckpoint(Parser->Context, F->Task, In.Cursor, &CP);
  Parser->CursorConsume(Parser->Context, F->Task, In.Cursor, &Tok);
  Name = tpSpelling(Prep, F->Task, Tok, NULL);
  Parser->CursorPeek(Parser->Context, F->Task, In.Cursor, 0, &Tok);
  Arg = tpSpelling(Prep, F->Task, Tok, NULL);
  fprintf(stderr, "keyword: %.*s expected=%u first argument '%.*s'\n",
          (int)Name.Length, Name.Data, (unsigned)In.ExpectedResult,
          (int)Arg.Length, Arg.Data);
  if (tpSame(Name, "__answer")) {
    if (is("badkind")) {
      NevercTypeHandle Ty;
      AST->GetBuiltinType(AST->Context, F->Task, NEVERC_BUILTIN_TYPE_INT, &Ty);
      return answer(F, C, R, NEVERC_PARSER_RESULT_EXPR, Ty);
    }
    return answer(F, C, R, NEVERC_PARSER_RESULT_EXPR, literal(F->Task, 42));
  }
  if (tpSame(Name, "__tracked") || tpSame(Name, "__marker")) {
    NevercParserParsedAttributeDescriptor D;
    NevercAttrHandle A;
    memset(&A, 0, sizeof A);
    if (tpSame(Name, "__tracked")) {
      memset(&D, 0, sizeof D);
      D.Header =
          tpHeader(sizeof D, NEVERC_PARSER_API_MAJOR, NEVERC_PARSER_API_MINOR);
      D.Name.Data = "tracked";
      D.Name.Length = 7;
      D.Form = NEVERC_PARSER_ATTRIBUTE_GNU;
      S = Parser->CreateParsedAttribute(Parser->Context, F->Task, In.Cursor, &D,
                                        &A);
      if (S.Code != NEVERC_STATUS_OK)
        return S;
    } else {
      /* The arguments are the marker's: consumed, and gone. */
      while (Parser->CursorConsume(Parser->Context, F->Task, In.Cursor, &Tok)
                     .Code == NEVERC_STATUS_OK &&
             tpSpelling(Prep, F->Task, Tok, NULL).Length)
        ;
    }
    return answer(F, C, R, NEVERC_PARSER_RESULT_ATTRIBUTE, A);
  }
  if (tpSame(Name, "__answer_type")) {
    NevercTypeHandle Ty;
    AST->GetBuiltinType(AST->Context, F->Task, NEVERC_BUILTIN_TYPE_LONG, &Ty);
    return answer(F, C, R, NEVERC_PARSER_RESULT_TYPE, Ty);
  }
  if (tpSame(Name, "__call_twice")) {
    NevercStringView Twice = {"twice", 5};
    NevercDeclHandle Fn = lookup(F->Task, Twice), Var = lookup(F->Task, Arg);
    NevercExprHandle Callee, Value, Call;
    NevercASTBuilderHandle B;
    NevercSourceLocation None;
    memset(&None, 0, sizeof None);
    fprintf(stderr, "keyword: CreateDeclReference of a type: %s\n",
            tpCode(Claims->CreateDeclReference(Claims->Context, F->Task,
                                             lookup(F->Task,
                                                    (NevercStringView){
                                                        "meters", 6}),
                                             None, &Callee)));
    S = Claims->CreateDeclReference(Claims->Context, F->Task, Fn, None,
                                    &Callee);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
    S = Claims->CreateDeclReference(Claims->Context, F->Task, Var, None,
                                    &Value);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
    AST->CreateASTBuilder(AST->Context, F->Task, NEVERC_STMT_KIND_CALL_EXPR,
                          &B);
    AST->ASTBuilderSetChild(AST->Context, F->Task, B,
                            NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_CALLEE, 0,
                            Callee);
    AST->ASTBuilderSetChild(AST->Context, F->Task, B,
                            NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_ARGUMENTS, 0,
                            Value);
    S = AST->ASTBuilderCommit(AST->Context, F->Task, B, &Call);
    AST->DestroyASTBuilder(AST->Context, F->Task, B);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
    return answer(F, C, R, NEVERC_PARSER_RESULT_EXPR, Call);
  }
  if (tpSame(Name, "__bump")) {
    NevercDeclHandle Var = lookup(F->Task, Arg);
    NevercExprHandle Cond, Target, Inc;
    NevercStmtHandle If;
    NevercASTBuilderHandle B;
    NevercSourceLocation None;
    memset(&None, 0, sizeof None);
    if (is("badkind")) {
      NevercTypeHandle Ty;
      AST->GetBuiltinType(AST->Context, F->Task, NEVERC_BUILTIN_TYPE_INT, &Ty);
      return answer(F, C, R, NEVERC_PARSER_RESULT_STMT, Ty);
    }
    Parser->CursorConsume(Parser->Context, F->Task, In.Cursor, &Tok);
    if ((S = Claims->CreateDeclReference(Claims->Context, F->Task, Var, None,
                                         &Cond))
            .Code ||
        (S = Claims->CreateDeclReference(Claims->Context, F->Task, Var, None,
                                         &Target))
            .Code)
      return S;
    AST->CreateASTBuilder(AST->Context, F->Task,
                          NEVERC_STMT_KIND_COMPOUND_ASSIGN_OPERATOR, &B);
    AST->ASTBuilderSetChild(AST->Context, F->Task, B,
                            NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_LHS, 0,
                            Target);
    AST->ASTBuilderSetChild(AST->Context, F->Task, B,
                            NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_RHS, 0,
                            literal(F->Task, 2));
    AST->ASTBuilderSetBinaryOperatorKind(AST->Context, F->Task, B,
                                         NEVERC_BINARY_OPERATOR_ADD_ASSIGN);
    S = AST->ASTBuilderCommit(AST->Context, F->Task, B, &Inc);
    AST->DestroyASTBuilder(AST->Context, F->Task, B);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
    AST->CreateASTBuilder(AST->Context, F->Task, NEVERC_STMT_KIND_IF_STMT, &B);
    AST->ASTBuilderSetChild(AST->Context, F->Task, B,
                            NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_CONDITION, 0,
                            Cond);
    AST->ASTBuilderSetChild(AST->Context, F->Task, B,
                            NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_THEN, 0, Inc);
    S = AST->ASTBuilderCommit(AST->Context, F->Task, B, &If);
    AST->DestroyASTBuilder(AST->Context, F->Task, B);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
    return answer(F, C, R, NEVERC_PARSER_RESULT_STMT, If);
  }
  /* Not ours to answer: the cursor goes back to where it was. */
  Parser->CursorRollback(Parser->Context, F->Task, In.Cursor, CP);
  if (C) {
    S = C->InvokeNext(C, F, R);
    R->Action = NEVERC_PHASE_CONTINUE;
    memset(&R->Output, 0, sizeof R->Output);
    return S;
  }
  {
    NevercParserExtensionOutput Out;
    memset(&Out, 0, sizeof Out);
    Out.Header = tpHeader(sizeof Out, NEVERC_PARSER_API_MAJOR,
                        NEVERC_PARSER_API_MINOR);
    Out.Disposition = NEVERC_PARSER_EXTENSION_UNHANDLED;
    S = Parser->CreateExtensionOutput(Parser->Context, F, NULL, &Out,
                                      &R->Output);
    if (S.Code == NEVERC_STATUS_OK)
      R->Action = NEVERC_PHASE_REPLACE;
    return S;
  }
}

static NevercStatus NEVERC_CALL onKeywordProvide(const NevercPhaseFrame *F,
                                                 NevercPhaseResult *R,
                                                 void *UD) {
  return onKeyword(F, NULL, R, UD);
}

static NevercStatus NEVERC_CALL onObserve(const NevercPhaseFrame *F,
                                          NevercObserverPoint P, void *UD) {
  NevercExprHandle E;
  NevercDeclHandle Any;
  NevercSourceLocation None;
  (void)UD;
  if (P != NEVERC_OBSERVER_BEFORE)
    return status(NEVERC_STATUS_OK);
  memset(&None, 0, sizeof None);
  Any = lookup(F->Task, (NevercStringView){"base", 4});
  fprintf(stderr, "keyword-observe: CreateDeclReference: %s\n",
          tpCode(Claims->CreateDeclReference(Claims->Context, F->Task, Any, None,
                                           &E)));
  return status(NEVERC_STATUS_OK);
}

static NevercStatus claim(const char *Name, NevercParserResultKind Result,
                          NevercBool Args) {
  NevercParserKeywordClaim K;
  memset(&K, 0, sizeof K);
  K.Header = tpHeader(sizeof K, NEVERC_PARSER_CLAIM_API_MAJOR,
                    NEVERC_PARSER_CLAIM_API_MINOR);
  K.Name.Data = Name;
  K.Name.Length = strlen(Name);
  K.Result = Result;
  K.TakesArguments = Args;
  return Claims->ClaimKeyword(Claims->Context, &K);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *RC, void *PS) {
  NevercProviderDescriptor D;
  NevercStatus S;
  (void)PS;
  if (getenv("KEYWORD_MODE"))
    Mode = getenv("KEYWORD_MODE");
  Parser = (const NevercParserAPI *)tpQuery(
      Core, NEVERC_INTERFACE_PARSER_HIGH, NEVERC_INTERFACE_PARSER_LOW,
      NEVERC_PARSER_API_MAJOR, NEVERC_PARSER_API_MINOR);
  Prep = (const NevercPrepAPI *)tpQuery(Core, NEVERC_INTERFACE_PREP_HIGH,
                                      NEVERC_INTERFACE_PREP_LOW,
                                      NEVERC_PREP_API_MAJOR,
                                      NEVERC_PREP_API_MINOR);
  AST = (const NevercASTAPI *)tpQuery(Core, NEVERC_INTERFACE_AST_HIGH,
                                    NEVERC_INTERFACE_AST_LOW,
                                    NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
  Sema = (const NevercSemaAPI *)tpQuery(Core, NEVERC_INTERFACE_SEMA_HIGH,
                                      NEVERC_INTERFACE_SEMA_LOW,
                                      NEVERC_SEMA_API_MAJOR,
                                      NEVERC_SEMA_API_MINOR);
  Claims = (const NevercParserClaimAPI *)tpQuery(
      Core, NEVERC_INTERFACE_PARSER_CLAIM_HIGH,
      NEVERC_INTERFACE_PARSER_CLAIM_LOW, NEVERC_PARSER_CLAIM_API_MAJOR,
      NEVERC_PARSER_CLAIM_API_MINOR);
  if (!Parser || !Prep || !AST || !Sema || !Claims)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if ((S = claim("__answer", NEVERC_PARSER_RESULT_EXPR, NEVERC_FALSE)).Code ||
      (S = claim("__answer_type", NEVERC_PARSER_RESULT_TYPE, NEVERC_FALSE))
          .Code ||
      (S = claim("__call_twice", NEVERC_PARSER_RESULT_EXPR, NEVERC_TRUE))
          .Code ||
      (S = claim("__bump", NEVERC_PARSER_RESULT_STMT, NEVERC_TRUE)).Code ||
      (S = claim("__unhandled", NEVERC_PARSER_RESULT_EXPR, NEVERC_FALSE))
          .Code ||
      (S = claim("__tracked", NEVERC_PARSER_RESULT_ATTRIBUTE, NEVERC_FALSE))
          .Code ||
      (S = claim("__marker", NEVERC_PARSER_RESULT_ATTRIBUTE, NEVERC_TRUE)).Code)
    return S;
  fprintf(stderr, "claim-keyword: __answer again: %s\n",
          tpCode(claim("__answer", NEVERC_PARSER_RESULT_TYPE, NEVERC_FALSE)));
  fprintf(stderr, "claim-keyword: int: %s\n",
          tpCode(claim("int", NEVERC_PARSER_RESULT_EXPR, NEVERC_FALSE)));
  fprintf(stderr, "claim-keyword: typeof: %s\n",
          tpCode(claim("typeof", NEVERC_PARSER_RESULT_TYPE, NEVERC_FALSE)));
  fprintf(stderr, "claim-keyword: not an identifier: %s\n",
          tpCode(claim("9lives", NEVERC_PARSER_RESULT_EXPR, NEVERC_FALSE)));
  fprintf(stderr, "claim-keyword: result 6: %s\n",
          tpCode(claim("__other", 6, NEVERC_FALSE)));
  fprintf(stderr, "claim-keyword: result 0: %s\n",
          tpCode(claim("__other", 0, NEVERC_FALSE)));
  /* The four phases: a provider (an interceptor with KEYWORD_MODE=
   * interceptor) answering every claimed keyword, and the observer of
   * KEYWORD_MODE=observer. */
  {
    const NevercInterfaceID Phases[4] = {
        {NEVERC_PHASE_SYNTAX_EXTENSION_EXPRESSION_HIGH,
         NEVERC_PHASE_SYNTAX_EXTENSION_EXPRESSION_LOW},
        {NEVERC_PHASE_SYNTAX_EXTENSION_TYPE_NAME_HIGH,
         NEVERC_PHASE_SYNTAX_EXTENSION_TYPE_NAME_LOW},
        {NEVERC_PHASE_SYNTAX_EXTENSION_STATEMENT_HIGH,
         NEVERC_PHASE_SYNTAX_EXTENSION_STATEMENT_LOW},
        {NEVERC_PHASE_SYNTAX_EXTENSION_KEYWORD_HIGH,
         NEVERC_PHASE_SYNTAX_EXTENSION_KEYWORD_LOW}};
    int P;
    for (P = 0; P < 4; ++P) {
      if (is("interceptor")) {
        NevercInterceptorDescriptor I;
        memset(&I, 0, sizeof I);
        I.Header = tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR,
                          NEVERC_PLUGIN_ABI_MINOR);
        I.Phase = Phases[P];
        I.Callback = onKeyword;
        S = Reg->RegisterInterceptor(RC, &I);
      } else {
        memset(&D, 0, sizeof D);
        D.Header = tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR,
                          NEVERC_PLUGIN_ABI_MINOR);
        D.Phase = Phases[P];
        D.ProviderID.Data = KC_ID;
        D.ProviderID.Length = strlen(KC_ID);
        D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                                NEVERC_PLUGIN_ABI_MINOR);
        D.Deterministic = NEVERC_TRUE;
        D.Callback = onKeywordProvide;
        S = Reg->RegisterProvider(RC, &D);
      }
      if (S.Code == NEVERC_STATUS_OK && is("observer")) {
        NevercObserverDescriptor O;
        memset(&O, 0, sizeof O);
        O.Header = tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR,
                          NEVERC_PLUGIN_ABI_MINOR);
        O.Phase = Phases[P];
        O.Points = NEVERC_OBSERVER_BEFORE;
        O.Callback = onObserve;
        S = Reg->RegisterObserver(RC, &O);
      }
      if (S.Code != NEVERC_STATUS_OK)
        return S;
    }
  }
  return S;
}

NEVERC_TEST_PLUGIN_ENTRY(KC_ID, KC_ID, registerPlugin, NULL, NULL, NULL)
