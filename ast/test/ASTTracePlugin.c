/*
 * ASTTracePlugin (test plugin for tests/lit/ast): exercises the AST domain
 * from a real neverc compile. The mode comes from AST_TRACE_MODE:
 *  observe  BEFORE/AFTER observers on neverc.syntax.parse and
 *           neverc.sema.analyze, a lifecycle observer on every event (a
 *           per-kind count is printed at TaskEnd), and a walk of the tree
 *           after the parse listing every function and every direct call.
 *  rewrite  a syntax.parse interceptor: InvokeNext, then the initializer of
 *           the file-scope variable `neverc_rewrite_target` becomes 42
 *           (builder + mutation), as ASTRewritePlugin does.
 *  binop    like rewrite, but the initializer becomes (old + 41), built
 *           with BinaryOperator and ParenExpr builders around the old
 *           initializer, which stays live inside the new tree.
 *  misuse   every rule a plugin can break, each printed with its status:
 *           mutation from an observer and from a lifecycle observer, typed
 *           accessors on the wrong kind, a property the kind does not own,
 *           a builder commit without its required type, a failed mutation
 *           commit that leaves the tree as it was, abort staleness, and a
 *           handle of an ended task.
 *  provide  a syntax.parse provider publishing the (unparsed, empty)
 *           translation unit: nothing of the source is compiled.
 *  sema     a sema.analyze interceptor exercising NevercSemaAPI: scopes,
 *           lookup, the lease, types, conversions, constants, attributes,
 *           builtins, diagnostics (each result printed "sema: ...").
 *  semaprovide  a sema.analyze provider publishing the semantic unit.
 *  lookup   neverc.sema.extension.lookup: an observer prints every name
 *           offered; an interceptor answers `neverc_alias_answer` with the
 *           function `answer` (HANDLED) and checks that a zero-filled
 *           output is refused; other names continue.
 *  lookupbad  the interceptor answers with a struct tag for an ordinary
 *           name: the verifier rejects it.
 *  lookupprovide  a provider answering UNHANDLED for every name.
 *  quiet    the observers and the lifecycle observer of "observe", doing
 *           nothing (tests/bench/compile measures what observing costs).
 */
#include "neverc/Plugin/PluginAST.h"
#include "neverc/Plugin/PluginCore.h"
#include "neverc/Plugin/PluginSema.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AT_ID "org.neverc.test.ast-trace"

static const NevercASTAPI *AST;
static const NevercParserAPI *Parser;
static const NevercSemaAPI *Sema;
static const char *Mode = "observe";
static unsigned Events[NEVERC_AST_LIFECYCLE_EVENT_COUNT + 1];
static NevercDeclHandle OldTU; /* a handle kept past its task (misuse) */
static int HaveOldTU;

static NevercStatus status(NevercStatusCode C) {
  NevercStatus S = {C, 0, 0};
  return S;
}
static NevercABITableHeader astHeader(uint32_t Size) {
  NevercABITableHeader H = {Size, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR,
                            0};
  return H;
}
static NevercABITableHeader parserHeader(uint32_t Size) {
  NevercABITableHeader H = {Size, NEVERC_PARSER_API_MAJOR,
                            NEVERC_PARSER_API_MINOR, 0};
  return H;
}
static int is(const char *M) { return strcmp(Mode, M) == 0; }
static const char *code(NevercStatus S) {
  switch (S.Code) {
  case NEVERC_STATUS_OK: return "OK";
  case NEVERC_STATUS_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
  case NEVERC_STATUS_STALE_HANDLE: return "STALE_HANDLE";
  case NEVERC_STATUS_WRONG_SCOPE: return "WRONG_SCOPE";
  case NEVERC_STATUS_WRONG_TYPE: return "WRONG_TYPE";
  case NEVERC_STATUS_INVALID_STATE: return "INVALID_STATE";
  case NEVERC_STATUS_POLICY_VIOLATION: return "POLICY_VIOLATION";
  case NEVERC_STATUS_VERIFICATION_FAILED: return "VERIFICATION_FAILED";
  case NEVERC_STATUS_CAPABILITY_UNAVAILABLE: return "CAPABILITY_UNAVAILABLE";
  default: return "OTHER";
  }
}

static NevercDeclHandle translationUnit(NevercTaskHandle T) {
  NevercDeclHandle TU;
  memset(&TU, 0, sizeof TU);
  AST->GetTranslationUnit(AST->Context, T, &TU);
  return TU;
}

/* The first top-level variable named \p Name (rule 24: other kinds answer
 * WRONG_TYPE and are skipped). */
static int findVar(NevercTaskHandle T, const char *Name, NevercDeclHandle *Out,
                   NevercVarDeclInfo *Info) {
  NevercDeclHandle TU = translationUnit(T);
  uint64_t N = 0, I;
  AST->GetChildCount(AST->Context, T, TU, &N);
  for (I = 0; I < N; ++I) {
    NevercASTNodeHandle C;
    NevercStatus S;
    AST->GetChild(AST->Context, T, TU, I, &C);
    memset(Info, 0, sizeof *Info);
    Info->Header = astHeader(sizeof *Info);
    S = AST->GetVarDeclInfo(AST->Context, T, C, Info);
    if (S.Code == NEVERC_STATUS_WRONG_TYPE)
      continue;
    if (S.Code != NEVERC_STATUS_OK)
      return 0;
    if (Info->Name.Length == strlen(Name) &&
        memcmp(Info->Name.Data, Name, Info->Name.Length) == 0) {
      *Out = C;
      return 1;
    }
  }
  return 0;
}

/* Lists functions and direct calls (depth-first). */
static void walk(NevercTaskHandle T, NevercASTNodeHandle N, int Depth) {
  NevercFunctionDeclInfo F;
  NevercCallExprInfo C;
  uint64_t K = 0, I;
  memset(&F, 0, sizeof F);
  F.Header = astHeader(sizeof F);
  if (AST->GetFunctionDeclInfo(AST->Context, T, N, &F).Code ==
          NEVERC_STATUS_OK &&
      F.IsDefinition)
    fprintf(stderr, "ast-walk: function %.*s params=%llu\n",
            (int)F.Name.Length, F.Name.Data,
            (unsigned long long)F.ParameterCount);
  memset(&C, 0, sizeof C);
  C.Header = astHeader(sizeof C);
  if (AST->GetCallExprInfo(AST->Context, T, N, &C).Code == NEVERC_STATUS_OK) {
    NevercFunctionDeclInfo Callee;
    memset(&Callee, 0, sizeof Callee);
    Callee.Header = astHeader(sizeof Callee);
    if (AST->GetFunctionDeclInfo(AST->Context, T, C.DirectCallee, &Callee)
            .Code == NEVERC_STATUS_OK)
      fprintf(stderr, "ast-walk: call %.*s args=%llu\n",
              (int)Callee.Name.Length, Callee.Name.Data,
              (unsigned long long)C.ArgumentCount);
  }
  if (Depth > 64)
    return;
  AST->GetChildCount(AST->Context, T, N, &K);
  for (I = 0; I < K; ++I) {
    NevercASTNodeHandle Child;
    if (AST->GetChild(AST->Context, T, N, I, &Child).Code == NEVERC_STATUS_OK)
      walk(T, Child, Depth + 1);
  }
}

static NevercStatus buildLiteral(NevercTaskHandle T, NevercTypeHandle Type,
                                 int SetType, uint64_t Value,
                                 NevercExprHandle *Out) {
  NevercASTBuilderHandle B;
  NevercASTValue V;
  NevercAPIntView W;
  NevercStatus S = AST->CreateASTBuilder(AST->Context, T,
                                         NEVERC_STMT_KIND_INTEGER_LITERAL, &B);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  memset(&V, 0, sizeof V);
  V.Header = astHeader(sizeof V);
  V.Type = NEVERC_AST_VALUE_TYPE;
  V.NodeValue = Type;
  if (SetType)
    AST->ASTBuilderSetProperty(AST->Context, T, B,
                               NEVERC_AST_PROPERTY_STMT_EXPR_TYPE, &V);
  memset(&W, 0, sizeof W);
  W.Header = astHeader(sizeof W);
  W.Words = &Value;
  W.WordCount = 1;
  W.BitWidth = 32;
  AST->ASTBuilderSetIntegerValue(AST->Context, T, B, &W);
  S = AST->ASTBuilderCommit(AST->Context, T, B, Out);
  AST->DestroyASTBuilder(AST->Context, T, B);
  return S;
}

static NevercStatus rewriteTarget(NevercTaskHandle T) {
  NevercDeclHandle Var;
  NevercVarDeclInfo Info;
  NevercExprHandle Lit;
  NevercASTMutationHandle M;
  NevercStatus S;
  uint64_t Word = 0;
  if (!findVar(T, "neverc_rewrite_target", &Var, &Info))
    return status(NEVERC_STATUS_OK);
  S = buildLiteral(T, Info.Type, 1, 42, &Lit);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  S = AST->BeginASTMutation(AST->Context, T, &M);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  S = AST->ASTMutationReplaceChild(AST->Context, T, M, Var,
                                   NEVERC_AST_CHILD_SLOT_DECL_VAR_INITIALIZER,
                                   0, Lit);
  if (S.Code == NEVERC_STATUS_OK)
    S = AST->CommitASTMutation(AST->Context, T, M);
  else
    AST->AbortASTMutation(AST->Context, T, M);
  AST->DestroyASTMutation(AST->Context, T, M);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  AST->GetIntegerLiteralWord(AST->Context, T, Lit, 0, &Word);
  fprintf(stderr, "ast-rewrite: neverc_rewrite_target = %llu\n",
          (unsigned long long)Word);
  return S;
}

static NevercStatus wrapTarget(NevercTaskHandle T) {
  NevercDeclHandle Var;
  NevercVarDeclInfo Info;
  NevercExprHandle Lit, Sum, Paren;
  NevercASTBuilderHandle B;
  NevercASTMutationHandle M;
  NevercBinaryOperatorInfo BI;
  NevercStatus S;
  uint64_t Word = 0;
  if (!findVar(T, "neverc_rewrite_target", &Var, &Info))
    return status(NEVERC_STATUS_OK);
  S = buildLiteral(T, Info.Type, 1, 41, &Lit);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_BINARY_OPERATOR, &B);
  AST->ASTBuilderSetChild(AST->Context, T, B,
                          NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_LHS, 0,
                          Info.Initializer);
  AST->ASTBuilderSetChild(AST->Context, T, B,
                          NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_RHS, 0,
                          Lit);
  S = AST->ASTBuilderCommit(AST->Context, T, B, &Sum);
  fprintf(stderr, "binop: commit without an operator: %s\n", code(S));
  S = AST->ASTBuilderSetBinaryOperatorKind(AST->Context, T, B, 99);
  fprintf(stderr, "binop: operator 99: %s\n", code(S));
  AST->ASTBuilderSetBinaryOperatorKind(AST->Context, T, B,
                                       NEVERC_BINARY_OPERATOR_ADD);
  S = AST->ASTBuilderCommit(AST->Context, T, B, &Sum);
  AST->DestroyASTBuilder(AST->Context, T, B);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_PAREN_EXPR, &B);
  S = AST->ASTBuilderSetBinaryOperatorKind(AST->Context, T, B,
                                           NEVERC_BINARY_OPERATOR_ADD);
  fprintf(stderr, "binop: operator on a paren builder: %s\n", code(S));
  AST->ASTBuilderSetChild(AST->Context, T, B,
                          NEVERC_AST_CHILD_SLOT_STMT_PAREN_EXPR_SUBEXPRESSION,
                          0, Sum);
  S = AST->ASTBuilderCommit(AST->Context, T, B, &Paren);
  AST->DestroyASTBuilder(AST->Context, T, B);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  AST->BeginASTMutation(AST->Context, T, &M);
  AST->ASTMutationReplaceChild(AST->Context, T, M, Var,
                               NEVERC_AST_CHILD_SLOT_DECL_VAR_INITIALIZER, 0,
                               Paren);
  S = AST->CommitASTMutation(AST->Context, T, M);
  AST->DestroyASTMutation(AST->Context, T, M);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  memset(&BI, 0, sizeof BI);
  BI.Header = astHeader(sizeof BI);
  AST->GetBinaryOperatorInfo(AST->Context, T, Sum, &BI);
  S = AST->GetIntegerLiteralWord(AST->Context, T, Info.Initializer, 0, &Word);
  fprintf(stderr,
          "binop: neverc_rewrite_target = (%llu %.*s 41), old initializer %s\n",
          (unsigned long long)Word, (int)BI.Operator.Length, BI.Operator.Data,
          code(S));
  return status(NEVERC_STATUS_OK);
}

static void misuseInInterceptor(NevercTaskHandle T) {
  NevercDeclHandle Var, TU = translationUnit(T);
  NevercVarDeclInfo Info;
  NevercFunctionDeclInfo F;
  NevercExprHandle Lit, Wrong;
  NevercASTMutationHandle M;
  NevercASTValue V;
  NevercStatus S;
  uint64_t Word = 0;
  if (!findVar(T, "neverc_rewrite_target", &Var, &Info))
    return;
  memset(&F, 0xab, sizeof F);
  F.Header = astHeader(sizeof F);
  S = AST->GetFunctionDeclInfo(AST->Context, T, Var, &F);
  fprintf(stderr, "misuse: typed accessor on another kind: %s untouched=%d\n",
          code(S), F.Reserved[0] == 0xabababab);
  memset(&V, 0, sizeof V);
  V.Header = astHeader(sizeof V);
  S = AST->GetProperty(AST->Context, T, Var,
                       NEVERC_AST_PROPERTY_STMT_EXPR_TYPE, &V);
  fprintf(stderr, "misuse: property the kind does not own: %s\n", code(S));
  S = AST->GetProperty(AST->Context, T, Var, NEVERC_AST_PROPERTY_DECL_NAME, &V);
  fprintf(stderr, "misuse: owned property: %s %.*s\n", code(S),
          (int)V.StringValue.Length, V.StringValue.Data);
  S = buildLiteral(T, Info.Type, 0, 7, &Lit);
  fprintf(stderr, "misuse: builder commit without its type: %s\n", code(S));
  S = AST->GetTypeInfo(AST->Context, T, TU, NULL);
  fprintf(stderr, "misuse: null out-struct: %s\n", code(S));
  {
    NevercTypeInfo TI;
    memset(&TI, 0, sizeof TI);
    TI.Header = astHeader(sizeof TI);
    S = AST->GetTypeInfo(AST->Context, T, TU, &TI);
    fprintf(stderr, "misuse: decl handle as a type: %s\n", code(S));
  }
  /* A commit that fails (a function body slot given an expression) changes
   * nothing: the initializer is still the old one. */
  buildLiteral(T, Info.Type, 1, 9, &Wrong);
  AST->BeginASTMutation(AST->Context, T, &M);
  AST->ASTMutationReplaceChild(AST->Context, T, M, Var,
                               NEVERC_AST_CHILD_SLOT_DECL_VAR_INITIALIZER, 0,
                               Wrong);
  S = AST->ASTMutationReplaceChild(AST->Context, T, M, TU,
                                   NEVERC_AST_CHILD_SLOT_DECL_FUNCTION_BODY, 0,
                                   Wrong);
  fprintf(stderr, "misuse: slot of another kind staged: %s\n", code(S));
  S = AST->AbortASTMutation(AST->Context, T, M);
  fprintf(stderr, "misuse: abort: %s\n", code(S));
  S = AST->GetIntegerLiteralWord(AST->Context, T, Wrong, 0, &Word);
  fprintf(stderr, "misuse: node built before the mutation after abort: %s\n",
          code(S));
  AST->DestroyASTMutation(AST->Context, T, M);
  AST->BeginASTMutation(AST->Context, T, &M);
  buildLiteral(T, Info.Type, 1, 11, &Lit);
  AST->AbortASTMutation(AST->Context, T, M);
  AST->DestroyASTMutation(AST->Context, T, M);
  S = AST->GetIntegerLiteralWord(AST->Context, T, Lit, 0, &Word);
  fprintf(stderr, "misuse: node built under an aborted mutation: %s\n",
          code(S));
  /* An initializer swap that fails verification (a non-constant initializer
   * for a global: the variable's own address taken is fine, so use a call
   * argument of another type instead: replace the initializer by the TU). */
  AST->BeginASTMutation(AST->Context, T, &M);
  S = AST->ASTMutationReplaceChild(AST->Context, T, M, Var,
                                   NEVERC_AST_CHILD_SLOT_DECL_VAR_INITIALIZER,
                                   0, TU);
  fprintf(stderr, "misuse: replacement of the wrong domain: %s\n", code(S));
  AST->AbortASTMutation(AST->Context, T, M);
  AST->DestroyASTMutation(AST->Context, T, M);
  memset(&Info, 0, sizeof Info);
  Info.Header = astHeader(sizeof Info);
  AST->GetVarDeclInfo(AST->Context, T, Var, &Info);
  Word = 0;
  AST->GetIntegerLiteralWord(AST->Context, T, Info.Initializer, 0, &Word);
  fprintf(stderr, "misuse: initializer after the failed edits: %llu\n",
          (unsigned long long)Word);
}

static NevercABITableHeader semaHeader(uint32_t Size) {
  NevercABITableHeader H = {Size, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR,
                            0};
  return H;
}
static NevercStringView sv(const char *S) {
  NevercStringView V = {S, strlen(S)};
  return V;
}

static void printType(NevercTaskHandle T, const char *What,
                      NevercTypeHandle Ty) {
  NevercTypeInfo I;
  memset(&I, 0, sizeof I);
  I.Header = astHeader(sizeof I);
  AST->GetTypeInfo(AST->Context, T, Ty, &I);
  fprintf(stderr, "sema: %s '%.*s' bits=%llu flags=0x%x\n", What,
          (int)I.Name.Length, I.Name.Data,
          (unsigned long long)I.SizeInBits, (unsigned)I.Flags);
}

static NevercDeclHandle lookup(NevercTaskHandle T, const char *Name,
                               NevercSemaLookupKind Kind) {
  NevercSemaLookupRequest Q;
  NevercLookupResultHandle R;
  NevercSemaLookupResultInfo I;
  NevercDeclHandle D;
  memset(&Q, 0, sizeof Q);
  Q.Header = semaHeader(sizeof Q);
  Q.Name = sv(Name);
  Q.Kind = Kind;
  memset(&D, 0, sizeof D);
  if (Sema->LookupName(Sema->Context, T, &Q, &R).Code != NEVERC_STATUS_OK)
    return D;
  memset(&I, 0, sizeof I);
  I.Header = semaHeader(sizeof I);
  Sema->GetLookupResultInfo(Sema->Context, T, R, &I);
  fprintf(stderr, "sema: lookup %s kind=%u -> %s, %llu candidate(s)\n", Name,
          (unsigned)Kind,
          I.Kind == NEVERC_SEMA_LOOKUP_FOUND ? "FOUND" : "NOT_FOUND",
          (unsigned long long)I.CandidateCount);
  if (I.CandidateCount)
    Sema->GetLookupCandidate(Sema->Context, T, R, 0, &D);
  Sema->DestroyLookupResult(Sema->Context, T, R);
  return D;
}

static void semaQueries(NevercTaskHandle T) {
  NevercSemaMutationLeaseHandle L, L2, Bad;
  NevercTypeHandle Int, Long, Float, P, A, F, At, V;
  NevercSemaScopeHandle Scope;
  NevercSemaScopeInfo SI;
  NevercSemaFunctionTypeDescriptor FD;
  NevercBool B;
  NevercStatus S;
  NevercDeclHandle Var;
  NevercVarDeclInfo VI;
  NevercConversionSequenceHandle Seq;
  NevercSemaConversionSequenceInfo CI;
  NevercExprHandle E;
  NevercASTNodeInfo NI;
  NevercConstantValueHandle K, K1;
  NevercSemaConstantValueInfo KI;
  NevercSemaBuiltinInfo BI;
  NevercSemaDiagnosticDescriptor DD;
  uint64_t W = 0;

  memset(&Bad, 0, sizeof Bad);
  Sema->GetBuiltinType(Sema->Context, T, NEVERC_BUILTIN_TYPE_INT, &Int);
  Sema->GetBuiltinType(Sema->Context, T, NEVERC_BUILTIN_TYPE_LONG, &Long);
  Sema->GetBuiltinType(Sema->Context, T, NEVERC_BUILTIN_TYPE_FLOAT, &Float);
  S = Sema->CreatePointerType(Sema->Context, T, Bad, Int, &P);
  fprintf(stderr, "sema: pointer type without a lease: %s\n", code(S));
  Sema->AcquireMutationLease(Sema->Context, T, &L);
  S = Sema->AcquireMutationLease(Sema->Context, T, &L2);
  fprintf(stderr, "sema: second lease: %s\n", code(S));
  Sema->CreatePointerType(Sema->Context, T, L, Int, &P);
  printType(T, "pointer", P);
  Sema->CreateConstantArrayType(Sema->Context, T, L, Int, 4, &A);
  printType(T, "array", A);
  memset(&FD, 0, sizeof FD);
  FD.Header = semaHeader(sizeof FD);
  FD.ResultType = Int;
  FD.ParameterTypes = &Long;
  FD.ParameterCount = 1;
  FD.Variadic = NEVERC_TRUE;
  Sema->CreateFunctionType(Sema->Context, T, L, &FD, &F);
  printType(T, "function", F);
  Sema->CreateAtomicType(Sema->Context, T, L, Int, &At);
  printType(T, "atomic", At);
  Sema->CreateVectorType(Sema->Context, T, L, Float, 4,
                         NEVERC_SEMA_VECTOR_GENERIC, &V);
  printType(T, "vector", V);
  Sema->AreTypesCompatible(Sema->Context, T, Int, Long, &B);
  fprintf(stderr, "sema: int ~ long: %u\n", (unsigned)B);
  Sema->AreTypesCompatible(Sema->Context, T, Int, Int, &B);
  fprintf(stderr, "sema: int ~ int: %u\n", (unsigned)B);

  Sema->GetCurrentScope(Sema->Context, T, &Scope);
  memset(&SI, 0, sizeof SI);
  SI.Header = semaHeader(sizeof SI);
  Sema->GetScopeInfo(Sema->Context, T, Scope, &SI);
  fprintf(stderr, "sema: current scope flags=%llu has-decls=%d\n",
          (unsigned long long)SI.Flags, SI.DeclarationCount > 0);
  lookup(T, "add", NEVERC_SEMA_LOOKUP_ORDINARY);
  lookup(T, "point", NEVERC_SEMA_LOOKUP_TAG);
  lookup(T, "point", NEVERC_SEMA_LOOKUP_ORDINARY);
  lookup(T, "nosuch", NEVERC_SEMA_LOOKUP_ORDINARY);

  /* Conversions on the initializer of `answer` (int 6 * 7). */
  Var = lookup(T, "answer", NEVERC_SEMA_LOOKUP_ORDINARY);
  memset(&VI, 0, sizeof VI);
  VI.Header = astHeader(sizeof VI);
  AST->GetVarDeclInfo(AST->Context, T, Var, &VI);
  Sema->ClassifyImplicitConversion(Sema->Context, T, P, Long, &Seq);
  memset(&CI, 0, sizeof CI);
  CI.Header = semaHeader(sizeof CI);
  Sema->GetConversionSequenceInfo(Sema->Context, T, Seq, &CI);
  fprintf(stderr, "sema: int* -> long: kind=%u viable=%u diag=%u\n",
          (unsigned)CI.Kind, (unsigned)CI.Viable,
          (unsigned)CI.RequiresDiagnostic);
  Sema->DestroyConversionSequence(Sema->Context, T, Seq);
  Sema->ClassifyImplicitConversion(Sema->Context, T, Int, Long, &Seq);
  S = Sema->ApplyImplicitConversion(Sema->Context, T, L, Seq, VI.Initializer,
                                    NEVERC_SEMA_CONVERSION_INITIALIZATION, &E);
  memset(&NI, 0, sizeof NI);
  NI.Header = astHeader(sizeof NI);
  AST->GetNodeInfo(AST->Context, T, E, &NI);
  fprintf(stderr, "sema: int -> long applied: %s implicit-cast=%d\n", code(S),
          NI.Kind == NEVERC_STMT_KIND_IMPLICIT_CAST_EXPR);
  Sema->DestroyConversionSequence(Sema->Context, T, Seq);
  S = Sema->CreateExplicitCast(Sema->Context, T, L, VI.Initializer, Float, &E);
  AST->GetNodeInfo(AST->Context, T, E, &NI);
  fprintf(stderr, "sema: (float) cast: %s c-style=%d\n", code(S),
          NI.Kind == NEVERC_STMT_KIND_C_STYLE_CAST_EXPR);

  S = Sema->EvaluateConstant(Sema->Context, T, VI.Initializer, &K);
  memset(&KI, 0, sizeof KI);
  KI.Header = semaHeader(sizeof KI);
  Sema->GetConstantValueInfo(Sema->Context, T, K, &KI);
  Sema->GetConstantIntegerWord(Sema->Context, T, K, 0, &W);
  fprintf(stderr, "sema: answer = %.*s kind=%u word=%llu bits=%u\n",
          (int)KI.Text.Length, KI.Text.Data, (unsigned)KI.Kind,
          (unsigned long long)W, (unsigned)KI.BitWidth);
  Sema->DestroyConstantValue(Sema->Context, T, K);
  Var = lookup(T, "origin", NEVERC_SEMA_LOOKUP_ORDINARY);
  AST->GetVarDeclInfo(AST->Context, T, Var, &VI);
  Sema->EvaluateConstant(Sema->Context, T, VI.Initializer, &K);
  Sema->GetConstantValueInfo(Sema->Context, T, K, &KI);
  Sema->GetConstantElement(Sema->Context, T, K, 1, &K1);
  Sema->GetConstantIntegerWord(Sema->Context, T, K1, 0, &W);
  fprintf(stderr, "sema: origin kind=%u elements=%llu y=%llu\n",
          (unsigned)KI.Kind, (unsigned long long)KI.ElementCount,
          (unsigned long long)W);
  S = Sema->GetConstantIntegerWord(Sema->Context, T, K, 0, &W);
  fprintf(stderr, "sema: integer word of a struct: %s\n", code(S));
  Sema->DestroyConstantValue(Sema->Context, T, K1);
  Sema->DestroyConstantValue(Sema->Context, T, K);
  S = Sema->DestroyConstantValue(Sema->Context, T, K);
  fprintf(stderr, "sema: destroyed twice: %s\n", code(S));

  Var = lookup(T, "kept", NEVERC_SEMA_LOOKUP_ORDINARY);
  Sema->HasDeclAttribute(Sema->Context, T, Var, sv("used"), &B);
  fprintf(stderr, "sema: kept has used: %u\n", (unsigned)B);
  Sema->HasDeclAttribute(Sema->Context, T, Var, sv("__used__"), &B);
  fprintf(stderr, "sema: kept has __used__: %u\n", (unsigned)B);
  Sema->HasDeclAttribute(Sema->Context, T, Var, sv("packed"), &B);
  fprintf(stderr, "sema: kept has packed: %u\n", (unsigned)B);
  memset(&BI, 0, sizeof BI);
  BI.Header = semaHeader(sizeof BI);
  S = Sema->GetBuiltinInfo(Sema->Context, T, sv("__builtin_memcpy"), &BI);
  fprintf(stderr, "sema: builtin %.*s: %s type=%.*s\n", (int)BI.Name.Length,
          BI.Name.Data, code(S), (int)BI.TypeEncoding.Length,
          BI.TypeEncoding.Data);
  S = Sema->GetBuiltinInfo(Sema->Context, T, sv("no_such_builtin"), &BI);
  fprintf(stderr, "sema: unknown builtin: %s\n",
          S.Code == NEVERC_STATUS_NOT_FOUND ? "NOT_FOUND" : code(S));

  memset(&DD, 0, sizeof DD);
  DD.Header = semaHeader(sizeof DD);
  DD.Level = NEVERC_SEMA_DIAGNOSTIC_REMARK;
  DD.Message = sv("sema-trace: analysed under a lease");
  Sema->EmitDiagnostic(Sema->Context, T, L, &DD);
  {
    NevercSemaExpressionExtensionInput XI;
    memset(&XI, 0, sizeof XI);
    XI.Header = semaHeader(sizeof XI);
    S = Sema->GetExpressionExtensionInput(Sema->Context, NULL, Bad, &XI);
    fprintf(stderr, "sema: extension input: %s\n", code(S));
  }
  Sema->ReleaseMutationLease(Sema->Context, T, L);
  S = Sema->EmitDiagnostic(Sema->Context, T, L, &DD);
  fprintf(stderr, "sema: diagnostic after release: %s\n", code(S));
}

static NevercStatus NEVERC_CALL onAnalyze(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R, void *UD) {
  NevercSemanticUnitInfo U;
  NevercStatus S;
  (void)UD;
  S = C->InvokeNext(C, F, R);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  memset(&U, 0, sizeof U);
  U.Header = semaHeader(sizeof U);
  S = Sema->GetSemanticUnitInfo(Sema->Context, F, R->Output, &U);
  fprintf(stderr, "sema: unit %s diagnostics=%u replayed=%u summary=%.*s\n",
          code(S), (unsigned)U.DiagnosticState, (unsigned)U.Replayed,
          (int)U.VerifierSummary.Length, U.VerifierSummary.Data);
  semaQueries(F->Task);
  /* Keep the unit the chain produced (CONTINUE with no output of its own). */
  R->Action = NEVERC_PHASE_CONTINUE;
  memset(&R->Output, 0, sizeof R->Output);
  return S;
}

static NevercStatus NEVERC_CALL provideAnalyze(const NevercPhaseFrame *F,
                                               NevercPhaseResult *R,
                                               void *UD) {
  NevercSemaPhaseInput In;
  NevercSemanticUnitDescriptor D;
  NevercStatus S;
  (void)UD;
  memset(&In, 0, sizeof In);
  In.Header = semaHeader(sizeof In);
  S = Sema->GetAnalyzePhaseInput(Sema->Context, F, F->Input, &In);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  memset(&D, 0, sizeof D);
  D.Header = semaHeader(sizeof D);
  D.Product.High = NEVERC_SEMANTIC_PRODUCT_STANDARD_HIGH;
  D.Product.Low = NEVERC_SEMANTIC_PRODUCT_STANDARD_LOW;
  D.TranslationUnit = In.TranslationUnit;
  D.SemanticComplete = NEVERC_TRUE;
  S = Sema->CreateSemanticUnit(Sema->Context, F, &D, &R->Output);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  fprintf(stderr, "sema-provide: published the semantic unit (state %u)\n",
          (unsigned)In.SemanticState);
  R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercStatus NEVERC_CALL onLookupObserve(const NevercPhaseFrame *F,
                                                NevercObserverPoint Point,
                                                void *UD) {
  NevercSemaLookupExtensionInput In;
  (void)UD;
  if (Point != NEVERC_OBSERVER_BEFORE)
    return status(NEVERC_STATUS_OK);
  memset(&In, 0, sizeof In);
  In.Header = semaHeader(sizeof In);
  if (Sema->GetLookupExtensionInput(Sema->Context, F, F->Input, &In).Code ==
      NEVERC_STATUS_OK)
    fprintf(stderr, "lookup-observe: %.*s kind=%u\n", (int)In.Name.Length,
            In.Name.Data, (unsigned)In.Kind);
  return status(NEVERC_STATUS_OK);
}

static NevercStatus answerLookup(const NevercPhaseFrame *F,
                                 NevercPhaseContinuation *C,
                                 NevercPhaseResult *R, int Bad) {
  NevercSemaLookupExtensionInput In;
  NevercSemaLookupExtensionOutput Out;
  NevercDeclHandle Cand;
  NevercStatus S;
  memset(&In, 0, sizeof In);
  In.Header = semaHeader(sizeof In);
  S = Sema->GetLookupExtensionInput(Sema->Context, F, F->Input, &In);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  if (!(In.Name.Length == 19 &&
        memcmp(In.Name.Data, "neverc_alias_answer", 19) == 0)) {
    S = C ? C->InvokeNext(C, F, R) : status(NEVERC_STATUS_OK);
    R->Action = NEVERC_PHASE_CONTINUE;
    memset(&R->Output, 0, sizeof R->Output);
    return S;
  }
  memset(&Out, 0, sizeof Out);
  Out.Header = semaHeader(sizeof Out);
  S = Sema->CreateLookupExtensionOutput(Sema->Context, F, C, &Out,
                                        &R->Output);
  fprintf(stderr, "lookup: zero-filled output: %s\n", code(S));
  Cand = lookup(F->Task, Bad ? "point" : "answer",
                Bad ? NEVERC_SEMA_LOOKUP_TAG : NEVERC_SEMA_LOOKUP_ORDINARY);
  Out.Disposition = NEVERC_SEMA_EXTENSION_HANDLED;
  Out.Candidates = &Cand;
  Out.CandidateCount = 1;
  S = Sema->CreateLookupExtensionOutput(Sema->Context, F, C, &Out,
                                        &R->Output);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  fprintf(stderr, "lookup: neverc_alias_answer -> %s\n",
          Bad ? "struct point" : "answer");
  R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercStatus NEVERC_CALL onLookup(const NevercPhaseFrame *F,
                                         NevercPhaseContinuation *C,
                                         NevercPhaseResult *R, void *UD) {
  (void)UD;
  return answerLookup(F, C, R, is("lookupbad"));
}

static NevercStatus NEVERC_CALL provideLookup(const NevercPhaseFrame *F,
                                              NevercPhaseResult *R,
                                              void *UD) {
  NevercSemaLookupExtensionOutput Out;
  NevercStatus S;
  (void)UD;
  memset(&Out, 0, sizeof Out);
  Out.Header = semaHeader(sizeof Out);
  Out.Disposition = NEVERC_SEMA_EXTENSION_UNHANDLED;
  S = Sema->CreateLookupExtensionOutput(Sema->Context, F, NULL, &Out,
                                        &R->Output);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercStatus NEVERC_CALL onLifecycle(NevercTaskHandle T,
                                            const NevercASTLifecycleEvent *E,
                                            void *UD) {
  (void)UD;
  if (E->Kind <= NEVERC_AST_LIFECYCLE_EVENT_COUNT)
    ++Events[E->Kind];
  if (is("misuse") && E->Kind == NEVERC_AST_LIFECYCLE_TOP_LEVEL_DECL &&
      Events[E->Kind] == 1) {
    NevercASTMutationHandle M;
    NevercStatus S = AST->BeginASTMutation(AST->Context, T, &M);
    fprintf(stderr, "misuse: mutation from a lifecycle observer: %s\n",
            code(S));
  }
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL onObserve(const NevercPhaseFrame *F,
                                          NevercObserverPoint Point,
                                          void *UD) {
  const char *Phase = (const char *)UD;
  if (is("quiet"))
    return status(NEVERC_STATUS_OK);
  fprintf(stderr, "ast-observe: %s %s\n", Phase,
          Point == NEVERC_OBSERVER_BEFORE ? "before" : "after");
  if (Point == NEVERC_OBSERVER_AFTER && strcmp(Phase, "parse") == 0) {
    if (is("observe"))
      walk(F->Task, translationUnit(F->Task), 0);
    if (is("sema")) {
      NevercSemaMutationLeaseHandle L;
      NevercStatus S =
          Sema->AcquireMutationLease(Sema->Context, F->Task, &L);
      fprintf(stderr, "sema: lease from an observer: %s\n", code(S));
    }
    if (is("misuse")) {
      NevercASTBuilderHandle B;
      NevercStatus S = AST->CreateASTBuilder(
          AST->Context, F->Task, NEVERC_STMT_KIND_INTEGER_LITERAL, &B);
      fprintf(stderr, "misuse: builder from an observer: %s\n", code(S));
      if (HaveOldTU) {
        uint64_t N;
        S = AST->GetChildCount(AST->Context, F->Task, OldTU, &N);
        fprintf(stderr, "misuse: handle of an ended task: %s\n", code(S));
      }
      OldTU = translationUnit(F->Task);
      HaveOldTU = 1;
    }
  }
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL onParse(const NevercPhaseFrame *F,
                                        NevercPhaseContinuation *C,
                                        NevercPhaseResult *R, void *UD) {
  NevercParserASTUnitInfo Info;
  NevercStatus S;
  (void)UD;
  S = C->InvokeNext(C, F, R);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  memset(&Info, 0, sizeof Info);
  Info.Header = parserHeader(sizeof Info);
  S = Parser->GetASTUnitInfo(Parser->Context, F, R->Output, &Info);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  fprintf(stderr, "ast-unit: state=%u identity=%.*s\n",
          (unsigned)Info.SemanticState, (int)Info.SourceIdentity.Length,
          Info.SourceIdentity.Data);
  if (is("misuse"))
    misuseInInterceptor(F->Task);
  else if (is("binop"))
    S = wrapTarget(F->Task);
  else
    S = rewriteTarget(F->Task);
  /* Rule 25: keep the unit the chain produced. */
  R->Action = NEVERC_PHASE_CONTINUE;
  memset(&R->Output, 0, sizeof R->Output);
  return S;
}

static NevercStatus NEVERC_CALL provideParse(const NevercPhaseFrame *F,
                                             NevercPhaseResult *R, void *UD) {
  NevercParserPhaseInput In;
  NevercParserASTUnitDescriptor D;
  NevercStatus S;
  (void)UD;
  memset(&In, 0, sizeof In);
  In.Header = parserHeader(sizeof In);
  S = Parser->GetParsePhaseInput(Parser->Context, F, F->Input, &In);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  memset(&D, 0, sizeof D);
  D.Header = parserHeader(sizeof D);
  D.Product.High = NEVERC_AST_PRODUCT_STANDARD_HIGH;
  D.Product.Low = NEVERC_AST_PRODUCT_STANDARD_LOW;
  D.TranslationUnit = In.TranslationUnit;
  S = Parser->CreateASTUnit(Parser->Context, F, &D, &R->Output);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  fprintf(stderr, "ast-provide: published the unparsed unit\n");
  R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercStatus observe(const NevercRegistrarAPI *R, void *RC,
                            uint64_t High, uint64_t Low, const char *Name) {
  NevercObserverDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.Phase.High = High;
  D.Phase.Low = Low;
  D.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  D.Callback = onObserve;
  D.UserData = (void *)Name;
  return R->RegisterObserver(RC, &D);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  NevercInterfaceID A = {NEVERC_INTERFACE_AST_HIGH, NEVERC_INTERFACE_AST_LOW};
  NevercInterfaceID P = {NEVERC_INTERFACE_PARSER_HIGH,
                         NEVERC_INTERFACE_PARSER_LOW};
  const void *T = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  (void)PS;
  if (getenv("AST_TRACE_MODE"))
    Mode = getenv("AST_TRACE_MODE");
  S = Core->QueryInterface(Core->Context, A, NEVERC_AST_API_MAJOR,
                           NEVERC_AST_API_MINOR, &T, &Minor, &Size);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  if (Size < sizeof(NevercASTAPI))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  AST = (const NevercASTAPI *)T;
  S = Core->QueryInterface(Core->Context, P, NEVERC_PARSER_API_MAJOR,
                           NEVERC_PARSER_API_MINOR, &T, &Minor, &Size);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  Parser = (const NevercParserAPI *)T;
  {
    NevercInterfaceID SID = {NEVERC_INTERFACE_SEMA_HIGH,
                             NEVERC_INTERFACE_SEMA_LOW};
    S = Core->QueryInterface(Core->Context, SID, NEVERC_SEMA_API_MAJOR,
                             NEVERC_SEMA_API_MINOR, &T, &Minor, &Size);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
    if (Size < sizeof(NevercSemaAPI))
      return status(NEVERC_STATUS_ABI_MISMATCH);
    Sema = (const NevercSemaAPI *)T;
  }
  if (is("sema")) {
    NevercInterceptorDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header.StructSize = sizeof D;
    D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
    D.Phase.High = NEVERC_PHASE_SEMA_ANALYZE_HIGH;
    D.Phase.Low = NEVERC_PHASE_SEMA_ANALYZE_LOW;
    D.Callback = onAnalyze;
    S = R->RegisterInterceptor(RC, &D);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
  }
  if (is("lookup") || is("lookupbad")) {
    NevercInterceptorDescriptor D;
    NevercObserverDescriptor O;
    memset(&D, 0, sizeof D);
    D.Header.StructSize = sizeof D;
    D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
    D.Phase.High = NEVERC_PHASE_SEMA_EXTENSION_LOOKUP_HIGH;
    D.Phase.Low = NEVERC_PHASE_SEMA_EXTENSION_LOOKUP_LOW;
    D.Callback = onLookup;
    S = R->RegisterInterceptor(RC, &D);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
    memset(&O, 0, sizeof O);
    O.Header = D.Header;
    O.Header.StructSize = sizeof O;
    O.Phase = D.Phase;
    O.Points = NEVERC_OBSERVER_BEFORE;
    O.Callback = onLookupObserve;
    S = R->RegisterObserver(RC, &O);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
  }
  if (is("lookupprovide")) {
    NevercProviderDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header.StructSize = sizeof D;
    D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
    D.Phase.High = NEVERC_PHASE_SEMA_EXTENSION_LOOKUP_HIGH;
    D.Phase.Low = NEVERC_PHASE_SEMA_EXTENSION_LOOKUP_LOW;
    D.ProviderID.Data = AT_ID;
    D.ProviderID.Length = strlen(AT_ID);
    D.Route.Header.StructSize = sizeof D.Route;
    D.Route.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    D.Route.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
    D.Deterministic = NEVERC_TRUE;
    D.Callback = provideLookup;
    S = R->RegisterProvider(RC, &D);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
  }
  if (is("semaprovide")) {
    NevercProviderDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header.StructSize = sizeof D;
    D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
    D.Phase.High = NEVERC_PHASE_SEMA_ANALYZE_HIGH;
    D.Phase.Low = NEVERC_PHASE_SEMA_ANALYZE_LOW;
    D.ProviderID.Data = AT_ID;
    D.ProviderID.Length = strlen(AT_ID);
    D.Route.Header.StructSize = sizeof D.Route;
    D.Route.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    D.Route.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
    D.Deterministic = NEVERC_TRUE;
    D.Callback = provideAnalyze;
    S = R->RegisterProvider(RC, &D);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
  }
  if (is("provide")) {
    NevercProviderDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header.StructSize = sizeof D;
    D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
    D.Phase.High = NEVERC_PHASE_SYNTAX_PARSE_HIGH;
    D.Phase.Low = NEVERC_PHASE_SYNTAX_PARSE_LOW;
    D.ProviderID.Data = AT_ID;
    D.ProviderID.Length = strlen(AT_ID);
    D.Route.Header.StructSize = sizeof D.Route;
    D.Route.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    D.Route.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
    D.Deterministic = NEVERC_TRUE;
    D.Callback = provideParse;
    return R->RegisterProvider(RC, &D);
  }
  if (is("rewrite") || is("misuse") || is("binop")) {
    NevercInterceptorDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header.StructSize = sizeof D;
    D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
    D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
    D.Phase.High = NEVERC_PHASE_SYNTAX_PARSE_HIGH;
    D.Phase.Low = NEVERC_PHASE_SYNTAX_PARSE_LOW;
    D.Callback = onParse;
    S = R->RegisterInterceptor(RC, &D);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
  }
  S = observe(R, RC, NEVERC_PHASE_SYNTAX_PARSE_HIGH,
              NEVERC_PHASE_SYNTAX_PARSE_LOW, "parse");
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  return observe(R, RC, NEVERC_PHASE_SEMA_ANALYZE_HIGH,
                 NEVERC_PHASE_SEMA_ANALYZE_LOW, "analyze");
}

static NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *Core,
                                          NevercTaskHandle Task,
                                          NevercTaskKind Kind, void *PS,
                                          void *SS, void **Out) {
  NevercASTLifecycleObserverDescriptor D;
  NevercStatus S;
  (void)Core, (void)PS, (void)SS, (void)Out;
  if (Kind != NEVERC_TASK_TRANSLATION_UNIT)
    return status(NEVERC_STATUS_OK);
  memset(Events, 0, sizeof Events);
  memset(&D, 0, sizeof D);
  D.Header = astHeader(sizeof D);
  D.Events = NEVERC_AST_LIFECYCLE_EVENT_MASK_ALL << 1;
  D.Callback = onLifecycle;
  S = AST->RegisterLifecycleObserver(AST->Context, Task, &D);
  if (is("misuse"))
    fprintf(stderr, "misuse: event mask beyond MASK_ALL: %s\n", code(S));
  D.Events = NEVERC_AST_LIFECYCLE_EVENT_MASK_ALL;
  return AST->RegisterLifecycleObserver(AST->Context, Task, &D);
}

static NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *Core,
                                        NevercTaskHandle Task,
                                        NevercTaskKind Kind, void *PS,
                                        void *SS, void *TS) {
  unsigned K;
  (void)Core, (void)Task, (void)Kind, (void)PS, (void)SS, (void)TS;
  if (Kind != NEVERC_TASK_TRANSLATION_UNIT || is("quiet") ||
      !Events[NEVERC_AST_LIFECYCLE_TREE_INITIALIZE])
    return status(NEVERC_STATUS_OK);
  fprintf(stderr, "ast-events:");
  for (K = 1; K <= NEVERC_AST_LIFECYCLE_EVENT_COUNT; ++K)
    fprintf(stderr, " %u=%u", K, Events[K]);
  fprintf(stderr, "\n");
  return status(NEVERC_STATUS_OK);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.PluginID.Data = AT_ID;
  D.PluginID.Length = strlen(AT_ID);
  D.DisplayName = D.PluginID;
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.Register = registerPlugin;
  D.TaskBegin = taskBegin;
  D.TaskEnd = taskEnd;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return status(NEVERC_STATUS_OK);
}
