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
 *
 * BUILDER_TOUR_MODE=slots (tests/lit/ast/slot-edits.c) replaces the child
 * slots of existing nodes instead: first the edits the commit must refuse,
 * each in a mutation of its own, then one mutation that swaps an if's
 * branches and a conditional's arms, re-indexes a subscript, swaps two
 * member bases, rewrites a for's increment, empties a do's body, loosens a
 * while's condition and fixes a switch's.
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
  fprintf(stderr, "builder: TypedefDecl: %s\n",
          code(AST->CreateASTBuilder(AST->Context, T, NEVERC_DECL_KIND_TYPEDEF,
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

/*===--- BUILDER_TOUR_MODE=slots -----------------------------------------===*/

static NevercASTNodeKind kindOf(NevercASTNodeHandle N) {
  NevercASTNodeInfo I;
  memset(&I, 0, sizeof I);
  I.Header = header(sizeof I);
  AST->GetNodeInfo(AST->Context, T, N, &I);
  return I.Kind;
}

/* The \p Nth node of kind \p K under \p N (itself included), depth-first. */
static int findIn(NevercASTNodeHandle N, NevercASTNodeKind K, unsigned *Nth,
                  NevercASTNodeHandle *Out) {
  uint64_t Count = 0, C;
  if (kindOf(N) == K && (*Nth)-- == 0) {
    *Out = N;
    return 1;
  }
  AST->GetChildCount(AST->Context, T, N, &Count);
  for (C = 0; C < Count; ++C) {
    NevercASTNodeHandle Ch;
    if (AST->GetChild(AST->Context, T, N, C, &Ch).Code == NEVERC_STATUS_OK &&
        findIn(Ch, K, Nth, Out))
      return 1;
  }
  return 0;
}
static NevercASTNodeHandle find(NevercASTNodeHandle N, NevercASTNodeKind K,
                                unsigned Nth) {
  NevercASTNodeHandle Out;
  memset(&Out, 0, sizeof Out);
  if (!findIn(N, K, &Nth, &Out))
    Failed = 1;
  return Out;
}
static NevercStmtHandle bodyOf(const char *Name) {
  NevercDeclHandle Fn;
  NevercStmtHandle Body;
  memset(&Body, 0, sizeof Body);
  if (!function(Name, &Fn, &Body))
    Failed = 1;
  return Body;
}
static NevercASTNodeHandle childOf(NevercASTNodeHandle N, uint64_t I) {
  NevercASTNodeHandle Ch;
  memset(&Ch, 0, sizeof Ch);
  if (AST->GetChild(AST->Context, T, N, I, &Ch).Code != NEVERC_STATUS_OK)
    Failed = 1;
  return Ch;
}

/* One mutation of up to four edits; prints and returns the commit's status
 * (a failed commit is aborted). */
struct Edit {
  NevercASTNodeHandle Parent;
  NevercASTChildSlotID Slot;
  uint64_t Index;
  NevercASTNodeHandle With;
};
static NevercStatus mutate(const struct Edit *E, unsigned N, const char *What) {
  NevercASTMutationHandle M;
  NevercStatus S = AST->BeginASTMutation(AST->Context, T, &M);
  unsigned I;
  for (I = 0; I < N && S.Code == NEVERC_STATUS_OK; ++I) {
    S = AST->ASTMutationReplaceChild(AST->Context, T, M, E[I].Parent, E[I].Slot,
                                     E[I].Index, E[I].With);
    if (S.Code != NEVERC_STATUS_OK)
      fprintf(stderr, "slots: stage %s #%u: %s\n", What, I, code(S));
  }
  if (S.Code == NEVERC_STATUS_OK)
    S = AST->CommitASTMutation(AST->Context, T, M);
  fprintf(stderr, "slots: %s: %s\n", What, code(S));
  if (S.Code != NEVERC_STATUS_OK)
    AST->AbortASTMutation(AST->Context, T, M);
  AST->DestroyASTMutation(AST->Context, T, M);
  return S;
}

static NevercStatus slotsTour(void) {
  NevercStmtHandle Branches = bodyOf("branches"), Choose = bodyOf("choose"),
                   Index2 = bodyOf("index2"), Members = bodyOf("members"),
                   Loops = bodyOf("loops"), Sw = bodyOf("sw"),
                   Brk = bodyOf("brk");
  NevercASTNodeHandle If, Cond, Sub, M1, M2, For, Inc, Do, While, Switch, BrkIf,
      Break, Null, Ten;
  struct Edit E[4];
  if (Failed)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  memset(E, 0, sizeof E);

  /* Refused: a break moved out of its loop. */
  BrkIf = find(Brk, NEVERC_STMT_KIND_IF_STMT, 0);
  Break = find(BrkIf, NEVERC_STMT_KIND_BREAK_STMT, 0);
  Null = commit(builder(NEVERC_STMT_KIND_NULL_STMT), "null");
  E[0].Parent = BrkIf;
  E[0].Slot = NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_THEN;
  E[0].Index = 0;
  E[0].With = Null;
  E[1].Parent = Brk;
  E[1].Slot = NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY;
  E[1].Index = 2; /* return s; */
  E[1].With = Break;
  mutate(E, 2, "a break moved out of its loop");
  memset(E, 0, sizeof E);
  /* Refused: a node still in the tree elsewhere (choose's 10). */
  Ten = find(Choose, NEVERC_STMT_KIND_INTEGER_LITERAL, 0);
  E[0].Parent = find(Index2, NEVERC_STMT_KIND_ARRAY_SUBSCRIPT_EXPR, 0);
  E[0].Slot = NEVERC_AST_CHILD_SLOT_STMT_ARRAY_SUBSCRIPT_EXPR_INDEX;
  E[0].With = Ten;
  mutate(E, 1, "an index taken from another function without moving it");
  memset(E, 0, sizeof E);
  /* Refused: a struct as an if's condition. */
  E[0].Parent = find(Branches, NEVERC_STMT_KIND_IF_STMT, 0);
  E[0].Slot = NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_CONDITION;
  E[0].With = childOf(find(Members, NEVERC_STMT_KIND_MEMBER_EXPR, 0), 0);
  mutate(E, 1, "a struct as a condition");
  memset(E, 0, sizeof E);
  /* Refused: a label a goto names, dropped; a case label moved out of its
   * switch. */
  E[0].Parent = bodyOf("lbl");
  E[0].Slot = NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY;
  E[0].Index = 2; /* done: return n; */
  E[0].With = commit(builder(NEVERC_STMT_KIND_NULL_STMT), "null");
  mutate(E, 1, "a label a goto names, dropped");
  memset(E, 0, sizeof E);
  E[0].Parent = find(Sw, NEVERC_STMT_KIND_COMPOUND_STMT, 1);
  E[0].Slot = NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY;
  E[0].With = commit(builder(NEVERC_STMT_KIND_NULL_STMT), "null");
  E[1].Parent = Brk;
  E[1].Slot = NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY;
  E[1].Index = 2;
  E[1].With = find(Sw, NEVERC_STMT_KIND_CASE_STMT, 0);
  mutate(E, 2, "a case label moved out of its switch");
  memset(E, 0, sizeof E);
  /* Unavailable: an else the if was made without, a switch's body. */
  E[0].Parent = BrkIf;
  E[0].Slot = NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_ELSE;
  E[0].With = commit(builder(NEVERC_STMT_KIND_NULL_STMT), "null");
  mutate(E, 1, "an else on an if without one");
  E[0].Parent = find(Sw, NEVERC_STMT_KIND_SWITCH_STMT, 0);
  E[0].Slot = NEVERC_AST_CHILD_SLOT_STMT_SWITCH_STMT_BODY;
  mutate(E, 1, "a switch's body");
  if (Failed)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);

  memset(E, 0, sizeof E);
  /* branches: if (n > 2) s = 2; else s = 1;   choose: n ? 20 : 10 */
  If = find(Branches, NEVERC_STMT_KIND_IF_STMT, 0);
  E[0].Parent = If;
  E[0].Slot = NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_THEN;
  E[0].With = find(If, NEVERC_STMT_KIND_BINARY_OPERATOR, 2);
  E[1].Parent = If;
  E[1].Slot = NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_ELSE;
  E[1].Index = 0;
  E[1].With = find(If, NEVERC_STMT_KIND_BINARY_OPERATOR, 1);
  Cond = find(Choose, NEVERC_STMT_KIND_CONDITIONAL_OPERATOR, 0);
  E[2].Parent = Cond;
  E[2].Slot = NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_TRUE_EXPRESSION;
  E[2].Index = 0;
  E[2].With = find(Cond, NEVERC_STMT_KIND_INTEGER_LITERAL, 1);
  E[3].Parent = Cond;
  E[3].Slot = NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_FALSE_EXPRESSION;
  E[3].Index = 0;
  E[3].With = find(Cond, NEVERC_STMT_KIND_INTEGER_LITERAL, 0);
  if (Failed || mutate(E, 4, "swap if branches and conditional arms").Code)
    return status(NEVERC_STATUS_OK);

  memset(E, 0, sizeof E);
  /* index2: arr[2]   members: q.x - p.x */
  Sub = find(Index2, NEVERC_STMT_KIND_ARRAY_SUBSCRIPT_EXPR, 0);
  E[0].Parent = Sub;
  E[0].Slot = NEVERC_AST_CHILD_SLOT_STMT_ARRAY_SUBSCRIPT_EXPR_INDEX;
  E[0].With = lit(NEVERC_BUILTIN_TYPE_INT, 2);
  M1 = find(Members, NEVERC_STMT_KIND_MEMBER_EXPR, 0);
  M2 = find(Members, NEVERC_STMT_KIND_MEMBER_EXPR, 1);
  E[1].Parent = M1;
  E[1].Slot = NEVERC_AST_CHILD_SLOT_STMT_MEMBER_EXPR_BASE;
  E[1].With = childOf(M2, 0);
  E[2].Parent = M2;
  E[2].Slot = NEVERC_AST_CHILD_SLOT_STMT_MEMBER_EXPR_BASE;
  E[2].Index = 0;
  E[2].With = childOf(M1, 0);
  if (Failed || mutate(E, 3, "re-index and swap member bases").Code)
    return status(NEVERC_STATUS_OK);

  memset(E, 0, sizeof E);
  /* loops: for (...; ...; i += 2), do ; while (0), while (n) n--;
   * sw: switch (1) */
  For = find(Loops, NEVERC_STMT_KIND_FOR_STMT, 0);
  Inc = find(For, NEVERC_STMT_KIND_UNARY_OPERATOR, 0);
  E[0].Parent = For;
  E[0].Slot = NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_INCREMENT;
  E[0].With = binop(NEVERC_STMT_KIND_COMPOUND_ASSIGN_OPERATOR,
                    NEVERC_BINARY_OPERATOR_ADD_ASSIGN,
                    find(Inc, NEVERC_STMT_KIND_DECL_REF_EXPR, 0),
                    lit(NEVERC_BUILTIN_TYPE_INT, 2));
  Do = find(Loops, NEVERC_STMT_KIND_DO_STMT, 0);
  E[1].Parent = Do;
  E[1].Slot = NEVERC_AST_CHILD_SLOT_STMT_DO_STMT_BODY;
  E[1].With = commit(builder(NEVERC_STMT_KIND_NULL_STMT), "null");
  While = find(Loops, NEVERC_STMT_KIND_WHILE_STMT, 0);
  E[2].Parent = While;
  E[2].Slot = NEVERC_AST_CHILD_SLOT_STMT_WHILE_STMT_CONDITION;
  E[2].With = find(While, NEVERC_STMT_KIND_IMPLICIT_CAST_EXPR, 0);
  Switch = find(Sw, NEVERC_STMT_KIND_SWITCH_STMT, 0);
  E[3].Parent = Switch;
  E[3].Slot = NEVERC_AST_CHILD_SLOT_STMT_SWITCH_STMT_CONDITION;
  E[3].Index = 0;
  E[3].With = lit(NEVERC_BUILTIN_TYPE_INT, 1);
  if (Failed)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  if (mutate(E, 4, "rewrite loops and a switch").Code == NEVERC_STATUS_OK) {
    /* Parents follow the commit: the moved operand is the while's
     * condition, the moved variable reference sits in the new += . */
    NevercASTNodeHandle P1, P2;
    memset(&P1, 0, sizeof P1);
    memset(&P2, 0, sizeof P2);
    AST->GetParent(AST->Context, T, E[2].With, &P1);
    AST->GetParent(AST->Context, T,
                   find(For, NEVERC_STMT_KIND_DECL_REF_EXPR, 2), &P2);
    fprintf(stderr,
            "slots: parent of the moved condition: %s; of i in i += 2: %s\n",
            kindOf(P1) == NEVERC_STMT_KIND_WHILE_STMT ? "the while" : "wrong",
            kindOf(P2) == NEVERC_STMT_KIND_COMPOUND_ASSIGN_OPERATOR ? "the +="
                                                                    : "wrong");
  }
  return status(NEVERC_STATUS_OK);
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
  S = strcmp(Mode, "slots") ? tour() : slotsTour();
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
