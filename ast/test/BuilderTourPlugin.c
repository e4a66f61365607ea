/*
 * Test plugin for the AST builders (tests/lit/ast/builders.c). After
 * neverc.syntax.parse it rebuilds two function bodies of the compiled
 * program from builder-made nodes and the declaration references the old
 * bodies held, and commits them in one mutation:
 *
 *   int pick(int c) { if (c) return twice(table[1]);
 *                     else return (int)(c ? 5L : 7L); }
 *   int sum(int n)  { int s = 0;                    // the old DeclStmt
 *                     for (; n; n -= 1) s += n;
 *                     while (0) ; do ; while (0); return s; }
 *
 * (CompoundStmt, IfStmt, ReturnStmt, CallExpr, ArraySubscriptExpr,
 * CStyleCastExpr, ConditionalOperator, IntegerLiteral, ForStmt,
 * CompoundAssignOperator, BinaryOperator, WhileStmt, DoStmt, NullStmt), and
 * prints the status of every misuse it tries on the way. With
 * BUILDER_TOUR_MODE=badreturn it only commits `int sum(int n) { return 5L; }`,
 * which the commit refuses, so the program keeps its own bodies.
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BT_ID "org.neverc.test.builder-tour"

static const NevercASTAPI *AST;
static const char *Mode = "tour";

static NevercABITableHeader header(uint32_t Size) {
  NevercABITableHeader H = {Size, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR,
                            0};
  return H;
}
static const char *code(NevercStatus S) {
  switch (S.Code) {
  case NEVERC_STATUS_OK: return "OK";
  case NEVERC_STATUS_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
  case NEVERC_STATUS_WRONG_TYPE: return "WRONG_TYPE";
  case NEVERC_STATUS_VERIFICATION_FAILED: return "VERIFICATION_FAILED";
  case NEVERC_STATUS_CAPABILITY_UNAVAILABLE: return "CAPABILITY_UNAVAILABLE";
  case NEVERC_STATUS_STALE_HANDLE: return "STALE_HANDLE";
  default: return "OTHER";
  }
}
static int isNull(NevercHandle H) { return H.Owner == 0 && H.Value == 0; }

/* Everything below runs in one task; T is it. */
static NevercTaskHandle T;
static int Failed;

static NevercASTBuilderHandle builder(NevercASTNodeKind K) {
  NevercASTBuilderHandle B;
  memset(&B, 0, sizeof B);
  if (AST->CreateASTBuilder(AST->Context, T, K, &B).Code != NEVERC_STATUS_OK)
    Failed = 1;
  return B;
}
static void child(NevercASTBuilderHandle B, NevercASTChildSlotID Slot,
                  uint64_t I, NevercASTNodeHandle N) {
  if (AST->ASTBuilderSetChild(AST->Context, T, B, Slot, I, N).Code !=
      NEVERC_STATUS_OK)
    Failed = 1;
}
static void type(NevercASTBuilderHandle B, NevercTypeHandle Ty) {
  NevercASTValue V;
  memset(&V, 0, sizeof V);
  V.Header = header(sizeof V);
  V.Type = NEVERC_AST_VALUE_TYPE;
  V.NodeValue = Ty;
  if (AST->ASTBuilderSetProperty(AST->Context, T, B,
                                 NEVERC_AST_PROPERTY_STMT_EXPR_TYPE, &V)
          .Code != NEVERC_STATUS_OK)
    Failed = 1;
}
static void op(NevercASTBuilderHandle B, NevercBinaryOperatorKind K) {
  if (AST->ASTBuilderSetBinaryOperatorKind(AST->Context, T, B, K).Code !=
      NEVERC_STATUS_OK)
    Failed = 1;
}
static NevercASTNodeHandle commit(NevercASTBuilderHandle B, const char *What) {
  NevercASTNodeHandle N;
  NevercStatus S;
  memset(&N, 0, sizeof N);
  S = AST->ASTBuilderCommit(AST->Context, T, B, &N);
  AST->DestroyASTBuilder(AST->Context, T, B);
  if (S.Code != NEVERC_STATUS_OK) {
    fprintf(stderr, "builder: %s: %s\n", What, code(S));
    Failed = 1;
  }
  return N;
}
static NevercTypeHandle builtin(NevercBuiltinTypeKind K) {
  NevercTypeHandle Ty;
  memset(&Ty, 0, sizeof Ty);
  AST->GetBuiltinType(AST->Context, T, K, &Ty);
  return Ty;
}
static NevercExprHandle lit(NevercBuiltinTypeKind K, uint64_t V) {
  NevercASTBuilderHandle B = builder(NEVERC_STMT_KIND_INTEGER_LITERAL);
  NevercAPIntView W;
  type(B, builtin(K));
  memset(&W, 0, sizeof W);
  W.Header = header(sizeof W);
  W.Words = &V;
  W.WordCount = 1;
  W.BitWidth = 64;
  AST->ASTBuilderSetIntegerValue(AST->Context, T, B, &W);
  return commit(B, "literal");
}
static NevercASTNodeHandle kid(NevercASTNodeKind K, NevercASTChildSlotID S1,
                               NevercASTNodeHandle N1,
                               NevercASTChildSlotID S2,
                               NevercASTNodeHandle N2, const char *What) {
  NevercASTBuilderHandle B = builder(K);
  child(B, S1, 0, N1);
  if (S2)
    child(B, S2, 0, N2);
  return commit(B, What);
}
static NevercExprHandle binop(NevercASTNodeKind K, NevercBinaryOperatorKind O,
                              NevercExprHandle L, NevercExprHandle R) {
  NevercASTBuilderHandle B = builder(K);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_LHS, 0, L);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_RHS, 0, R);
  op(B, O);
  return commit(B, "binary operator");
}

/* The definition of function \p Name and its body. */
static int function(const char *Name, NevercDeclHandle *Fn,
                    NevercStmtHandle *Body) {
  NevercDeclHandle TU;
  uint64_t N = 0, I;
  AST->GetTranslationUnit(AST->Context, T, &TU);
  AST->GetChildCount(AST->Context, T, TU, &N);
  for (I = 0; I < N; ++I) {
    NevercFunctionDeclInfo F;
    AST->GetChild(AST->Context, T, TU, I, Fn);
    memset(&F, 0, sizeof F);
    F.Header = header(sizeof F);
    if (AST->GetFunctionDeclInfo(AST->Context, T, *Fn, &F).Code ==
            NEVERC_STATUS_OK &&
        F.IsDefinition && F.Name.Length == strlen(Name) &&
        memcmp(F.Name.Data, Name, F.Name.Length) == 0) {
      *Body = F.Body;
      return 1;
    }
  }
  return 0;
}

/* The declaration references under \p N, depth-first. */
static void refs(NevercASTNodeHandle N, NevercExprHandle *Out, unsigned *Count,
                 unsigned Max) {
  NevercASTNodeInfo I;
  uint64_t K = 0, C;
  memset(&I, 0, sizeof I);
  I.Header = header(sizeof I);
  AST->GetNodeInfo(AST->Context, T, N, &I);
  if (I.Kind == NEVERC_STMT_KIND_DECL_REF_EXPR && *Count < Max)
    Out[(*Count)++] = N;
  AST->GetChildCount(AST->Context, T, N, &K);
  for (C = 0; C < K; ++C) {
    NevercASTNodeHandle Ch;
    if (AST->GetChild(AST->Context, T, N, C, &Ch).Code == NEVERC_STATUS_OK)
      refs(Ch, Out, Count, Max);
  }
}

static void misuse(NevercExprHandle Any) {
  NevercASTBuilderHandle B;
  NevercASTNodeHandle N;
  NevercStatus S;
  memset(&N, 0, sizeof N);
  fprintf(stderr, "builder: UnaryOperator: %s\n",
          code(AST->CreateASTBuilder(AST->Context, T,
                                     NEVERC_STMT_KIND_UNARY_OPERATOR, &B)));
  fprintf(stderr, "builder: VarDecl: %s\n",
          code(AST->CreateASTBuilder(AST->Context, T, NEVERC_DECL_KIND_VAR,
                                     &B)));
  B = builder(NEVERC_STMT_KIND_CALL_EXPR);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_ARGUMENTS, 0, Any);
  S = AST->ASTBuilderCommit(AST->Context, T, B, &N);
  fprintf(stderr, "builder: call without a callee: %s, node %s\n", code(S),
          isNull(N) ? "none" : "made");
  AST->DestroyASTBuilder(AST->Context, T, B);
  B = builder(NEVERC_STMT_KIND_COMPOUND_STMT);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, 1, Any);
  S = AST->ASTBuilderCommit(AST->Context, T, B, &N);
  fprintf(stderr, "builder: body set at 1 but not 0: %s, node %s\n", code(S),
          isNull(N) ? "none" : "made");
  AST->DestroyASTBuilder(AST->Context, T, B);
  B = builder(NEVERC_STMT_KIND_C_STYLE_CAST_EXPR);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_C_STYLE_CAST_EXPR_SUBEXPRESSION, 0, Any);
  S = AST->ASTBuilderCommit(AST->Context, T, B, &N);
  fprintf(stderr, "builder: cast without a type: %s\n", code(S));
  AST->DestroyASTBuilder(AST->Context, T, B);
  B = builder(NEVERC_STMT_KIND_IF_STMT);
  S = AST->ASTBuilderSetChild(AST->Context, T, B,
                              NEVERC_AST_CHILD_SLOT_STMT_WHILE_STMT_BODY, 0,
                              Any);
  fprintf(stderr, "builder: a while slot on an if: %s\n", code(S));
  AST->DestroyASTBuilder(AST->Context, T, B);
  B = builder(NEVERC_STMT_KIND_BINARY_OPERATOR);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_LHS, 0,
        lit(NEVERC_BUILTIN_TYPE_INT, 1));
  child(B, NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_RHS, 0,
        lit(NEVERC_BUILTIN_TYPE_INT, 2));
  op(B, NEVERC_BINARY_OPERATOR_ADD);
  type(B, builtin(NEVERC_BUILTIN_TYPE_LONG));
  S = AST->ASTBuilderCommit(AST->Context, T, B, &N);
  fprintf(stderr, "builder: int + int typed long: %s\n", code(S));
  AST->DestroyASTBuilder(AST->Context, T, B);
}

static NevercStatus replaceBodies(NevercDeclHandle F1, NevercStmtHandle B1,
                                  NevercDeclHandle F2, NevercStmtHandle B2,
                                  const char *What) {
  NevercASTMutationHandle M;
  NevercStatus S = AST->BeginASTMutation(AST->Context, T, &M);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  if (!isNull(F1))
    AST->ASTMutationReplaceChild(AST->Context, T, M, F1,
                                 NEVERC_AST_CHILD_SLOT_DECL_FUNCTION_BODY, 0,
                                 B1);
  AST->ASTMutationReplaceChild(AST->Context, T, M, F2,
                               NEVERC_AST_CHILD_SLOT_DECL_FUNCTION_BODY, 0, B2);
  S = AST->CommitASTMutation(AST->Context, T, M);
  fprintf(stderr, "builder: commit %s: %s\n", What, code(S));
  if (S.Code != NEVERC_STATUS_OK)
    AST->AbortASTMutation(AST->Context, T, M);
  AST->DestroyASTMutation(AST->Context, T, M);
  return S;
}

static NevercStatus tour(void) {
  NevercDeclHandle Pick, Sum;
  NevercStmtHandle PickBody, SumBody, DeclS, Null;
  NevercExprHandle R1[4], R2[5];
  NevercASTBuilderHandle B;
  NevercASTNodeHandle If, Ret1, Ret2, Call, Sub, Cond, Cast, For, While, Do,
      Body1, Body2, RetS;
  unsigned N1 = 0, N2 = 0;
  if (!function("pick", &Pick, &PickBody) || !function("sum", &Sum, &SumBody))
    return status(NEVERC_STATUS_OK);
  refs(PickBody, R1, &N1, 4); /* c twice table c */
  refs(SumBody, R2, &N2, 5);  /* n n n s s */
  AST->GetChild(AST->Context, T, SumBody, 0, &DeclS); /* int s = 0; */
  if (N1 != 4 || N2 != 5)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);

  if (!strcmp(Mode, "badreturn")) {
    NevercHandle None;
    memset(&None, 0, sizeof None);
    Ret1 = kid(NEVERC_STMT_KIND_RETURN_STMT,
               NEVERC_AST_CHILD_SLOT_STMT_RETURN_STMT_VALUE,
               lit(NEVERC_BUILTIN_TYPE_LONG, 5), 0, None, "return");
    B = builder(NEVERC_STMT_KIND_COMPOUND_STMT);
    child(B, NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, 0, Ret1);
    Body2 = commit(B, "compound");
    replaceBodies(None, None, Sum, Body2, "return 5L in an int function");
    return status(NEVERC_STATUS_OK);
  }
  misuse(R1[0]);
  Failed = 0;

  /* pick */
  Sub = kid(NEVERC_STMT_KIND_ARRAY_SUBSCRIPT_EXPR,
            NEVERC_AST_CHILD_SLOT_STMT_ARRAY_SUBSCRIPT_EXPR_BASE, R1[2],
            NEVERC_AST_CHILD_SLOT_STMT_ARRAY_SUBSCRIPT_EXPR_INDEX,
            lit(NEVERC_BUILTIN_TYPE_INT, 1), "subscript");
  Call = kid(NEVERC_STMT_KIND_CALL_EXPR,
             NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_CALLEE, R1[1],
             NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_ARGUMENTS, Sub, "call");
  Ret1 = kid(NEVERC_STMT_KIND_RETURN_STMT,
             NEVERC_AST_CHILD_SLOT_STMT_RETURN_STMT_VALUE, Call, 0, Call,
             "return");
  B = builder(NEVERC_STMT_KIND_CONDITIONAL_OPERATOR);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_CONDITION, 0, R1[3]);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_TRUE_EXPRESSION, 0,
        lit(NEVERC_BUILTIN_TYPE_LONG, 5));
  child(B, NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_FALSE_EXPRESSION, 0,
        lit(NEVERC_BUILTIN_TYPE_LONG, 7));
  Cond = commit(B, "conditional");
  B = builder(NEVERC_STMT_KIND_C_STYLE_CAST_EXPR);
  type(B, builtin(NEVERC_BUILTIN_TYPE_INT));
  child(B, NEVERC_AST_CHILD_SLOT_STMT_C_STYLE_CAST_EXPR_SUBEXPRESSION, 0, Cond);
  Cast = commit(B, "cast");
  Ret2 = kid(NEVERC_STMT_KIND_RETURN_STMT,
             NEVERC_AST_CHILD_SLOT_STMT_RETURN_STMT_VALUE, Cast, 0, Cast,
             "return");
  B = builder(NEVERC_STMT_KIND_IF_STMT);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_CONDITION, 0, R1[0]);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_THEN, 0, Ret1);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_ELSE, 0, Ret2);
  If = commit(B, "if");
  B = builder(NEVERC_STMT_KIND_COMPOUND_STMT);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, 0, If);
  Body1 = commit(B, "compound");

  /* sum */
  B = builder(NEVERC_STMT_KIND_FOR_STMT);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_CONDITION, 0, R2[0]);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_INCREMENT, 0,
        binop(NEVERC_STMT_KIND_COMPOUND_ASSIGN_OPERATOR,
              NEVERC_BINARY_OPERATOR_SUB_ASSIGN, R2[1],
              lit(NEVERC_BUILTIN_TYPE_INT, 1)));
  child(B, NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_BODY, 0,
        binop(NEVERC_STMT_KIND_BINARY_OPERATOR,
              NEVERC_BINARY_OPERATOR_ADD_ASSIGN, R2[3], R2[2]));
  For = commit(B, "for");
  Null = commit(builder(NEVERC_STMT_KIND_NULL_STMT), "null");
  While = kid(NEVERC_STMT_KIND_WHILE_STMT,
              NEVERC_AST_CHILD_SLOT_STMT_WHILE_STMT_CONDITION,
              lit(NEVERC_BUILTIN_TYPE_INT, 0),
              NEVERC_AST_CHILD_SLOT_STMT_WHILE_STMT_BODY, Null, "while");
  Do = kid(NEVERC_STMT_KIND_DO_STMT, NEVERC_AST_CHILD_SLOT_STMT_DO_STMT_BODY,
           commit(builder(NEVERC_STMT_KIND_NULL_STMT), "null"),
           NEVERC_AST_CHILD_SLOT_STMT_DO_STMT_CONDITION,
           lit(NEVERC_BUILTIN_TYPE_INT, 0), "do");
  RetS = kid(NEVERC_STMT_KIND_RETURN_STMT,
             NEVERC_AST_CHILD_SLOT_STMT_RETURN_STMT_VALUE, R2[4], 0, R2[4],
             "return");
  B = builder(NEVERC_STMT_KIND_COMPOUND_STMT);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, 0, DeclS);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, 1, For);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, 2, While);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, 3, Do);
  child(B, NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, 4, RetS);
  Body2 = commit(B, "compound");
  if (Failed)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  return replaceBodies(Pick, Body1, Sum, Body2, "both bodies");
}

static NevercStatus NEVERC_CALL onParse(const NevercPhaseFrame *F,
                                        NevercPhaseContinuation *C,
                                        NevercPhaseResult *R, void *UD) {
  NevercStatus S;
  (void)UD;
  S = C->InvokeNext(C, F, R);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  T = F->Task;
  S = tour();
  R->Action = NEVERC_PHASE_CONTINUE;
  memset(&R->Output, 0, sizeof R->Output);
  return S;
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  NevercInterfaceID ID = {NEVERC_INTERFACE_AST_HIGH, NEVERC_INTERFACE_AST_LOW};
  NevercInterceptorDescriptor D;
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  (void)PS;
  if (getenv("BUILDER_TOUR_MODE"))
    Mode = getenv("BUILDER_TOUR_MODE");
  S = Core->QueryInterface(Core->Context, ID, NEVERC_AST_API_MAJOR,
                           NEVERC_AST_API_MINOR, &Table, &Minor, &Size);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  AST = (const NevercASTAPI *)Table;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.Phase.High = NEVERC_PHASE_SYNTAX_PARSE_HIGH;
  D.Phase.Low = NEVERC_PHASE_SYNTAX_PARSE_LOW;
  D.Callback = onParse;
  return R->RegisterInterceptor(RC, &D);
}

NEVERC_TEST_PLUGIN_ENTRY(BT_ID, BT_ID, registerPlugin, NULL, NULL, NULL)
