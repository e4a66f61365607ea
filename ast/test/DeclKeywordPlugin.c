/*
 * Test plugin for declaration keywords (neverc.syntax.extension.declaration,
 * tests/lit/ast/declaration-keyword.c). In Register it claims, Result DECL:
 *   __global(name[, value])  -> int name = value;   (no value: int name;)
 *   __adder(name, k)         -> int name(int x) { return x + k; }
 *   __proto(name)            -> int name(int);
 *   __struct(name, a, b)     -> struct name { int a; int b; };
 *   __enum(name, a, b)       -> enum name { a = 10, b };
 *   __unhandled_decl         -> UNHANDLED
 * built with the Var, ParmVar, Function, Record and Field builders, and
 * prints the status
 * of the builder misuses the host refuses (first __global only).
 * DECL_MODE:
 *   expr      answers __global with an expression (VERIFICATION_FAILED);
 *   placed    answers __global with a declaration already in the unit;
 *   observer  an observer on the phase tries to build (POLICY_VIOLATION);
 *   interceptor  the same answers from an interceptor, not a provider.
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DK_ID "org.neverc.test.decl-keyword"

static const NevercParserAPI *Parser;
static const NevercPrepAPI *Prep;
static const NevercASTAPI *AST;
static const NevercSemaAPI *Sema;
static const NevercParserClaimAPI *Claims;
static const char *Mode = "handle";
static int Toured;

static int is(const char *M) { return strcmp(Mode, M) == 0; }

static NevercASTValue value(NevercASTValueType Type) {
  NevercASTValue V;
  memset(&V, 0, sizeof V);
  V.Header = tpHeader(sizeof V, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
  V.Type = Type;
  return V;
}

static NevercStatus setName(NevercTaskHandle T, NevercASTBuilderHandle B,
                            NevercStringView Name) {
  NevercASTValue V = value(NEVERC_AST_VALUE_IDENTIFIER);
  V.StringValue = Name;
  return AST->ASTBuilderSetProperty(AST->Context, T, B,
                                    NEVERC_AST_PROPERTY_DECL_NAME, &V);
}

static NevercStatus setType(NevercTaskHandle T, NevercASTBuilderHandle B,
                            NevercASTPropertyID P, NevercTypeHandle Ty) {
  NevercASTValue V = value(NEVERC_AST_VALUE_TYPE);
  V.NodeValue = Ty;
  return AST->ASTBuilderSetProperty(AST->Context, T, B, P, &V);
}

static NevercTypeHandle intType(NevercTaskHandle T) {
  NevercTypeHandle Ty;
  AST->GetBuiltinType(AST->Context, T, NEVERC_BUILTIN_TYPE_INT, &Ty);
  return Ty;
}

static NevercExprHandle literal(NevercTaskHandle T, uint64_t V) {
  NevercASTBuilderHandle B;
  NevercAPIntView W;
  NevercExprHandle E;
  memset(&E, 0, sizeof E);
  AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_INTEGER_LITERAL, &B);
  setType(T, B, NEVERC_AST_PROPERTY_STMT_EXPR_TYPE, intType(T));
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

/* int (int) or int (void), made under a lease. */
static NevercTypeHandle fnType(NevercTaskHandle T, int Params) {
  NevercSemaMutationLeaseHandle L;
  NevercSemaFunctionTypeDescriptor FD;
  NevercTypeHandle Param = intType(T), Out;
  memset(&Out, 0, sizeof Out);
  if (Sema->AcquireMutationLease(Sema->Context, T, &L).Code)
    return Out;
  memset(&FD, 0, sizeof FD);
  FD.Header = tpHeader(sizeof FD, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  FD.ResultType = intType(T);
  FD.ParameterTypes = &Param;
  FD.ParameterCount = (uint64_t)Params;
  Sema->CreateFunctionType(Sema->Context, T, L, &FD, &Out);
  Sema->ReleaseMutationLease(Sema->Context, T, L);
  return Out;
}

/* One builder of kind K: name, type, then commit; the status of the
 * commit (or of the first step that failed). */
static NevercStatus declare(NevercTaskHandle T, NevercASTNodeKind K,
                            NevercStringView Name, NevercTypeHandle Ty,
                            NevercASTChildSlotID Slot,
                            NevercASTNodeHandle Child, NevercDeclHandle *Out) {
  NevercASTBuilderHandle B;
  NevercStatus S = AST->CreateASTBuilder(AST->Context, T, K, &B);
  if (S.Code)
    return S;
  if (Name.Length && (S = setName(T, B, Name)).Code)
    goto done;
  if (Ty.Value && (S = setType(T, B, NEVERC_AST_PROPERTY_DECL_TYPE, Ty)).Code)
    goto done;
  if (Slot && Child.Value &&
      (S = AST->ASTBuilderSetChild(AST->Context, T, B, Slot, 0, Child)).Code)
    goto done;
  S = AST->ASTBuilderCommit(AST->Context, T, B, Out);
done:
  AST->DestroyASTBuilder(AST->Context, T, B);
  return S;
}

static void tour(NevercTaskHandle T) {
  NevercASTBuilderHandle B;
  NevercDeclHandle D;
  NevercStringView None = {NULL, 0}, X = {"x", 1};
  NevercASTNodeHandle Nil;
  memset(&Nil, 0, sizeof Nil);
  fprintf(stderr, "decl-builders: Typedef: %s\n",
          tpCode(AST->CreateASTBuilder(AST->Context, T,
                                       NEVERC_DECL_KIND_TYPEDEF, &B)));
  fprintf(
      stderr, "decl-builders: Var without a name: %s\n",
      tpCode(declare(T, NEVERC_DECL_KIND_VAR, None, intType(T), 0, Nil, &D)));
  fprintf(stderr, "decl-builders: Var without a type: %s\n",
          tpCode(declare(T, NEVERC_DECL_KIND_VAR, X, Nil, 0, Nil, &D)));
  fprintf(stderr, "decl-builders: name '9x': %s\n",
          tpCode(declare(T, NEVERC_DECL_KIND_VAR, (NevercStringView){"9x", 2},
                         intType(T), 0, Nil, &D)));
  fprintf(
      stderr, "decl-builders: Function of type int: %s\n",
      tpCode(declare(T, NEVERC_DECL_KIND_FUNCTION, X, intType(T), 0, Nil, &D)));
  fprintf(
      stderr, "decl-builders: Var of a function type: %s\n",
      tpCode(declare(T, NEVERC_DECL_KIND_VAR, X, fnType(T, 1), 0, Nil, &D)));
  {
    /* int (void) given one parameter. */
    NevercDeclHandle P;
    declare(T, NEVERC_DECL_KIND_PARM_VAR, X, intType(T), 0, Nil, &P);
    fprintf(
        stderr, "decl-builders: Function with a parameter too many: %s\n",
        tpCode(declare(T, NEVERC_DECL_KIND_FUNCTION, X, fnType(T, 0),
                       NEVERC_AST_CHILD_SLOT_DECL_FUNCTION_PARAMETERS, P, &D)));
  }
  fprintf(stderr, "decl-builders: Field without a type: %s\n",
          tpCode(declare(T, NEVERC_DECL_KIND_FIELD, X, Nil, 0, Nil, &D)));
  fprintf(stderr, "decl-builders: Field with an initializer: %s\n",
          tpCode(declare(T, NEVERC_DECL_KIND_FIELD, X, intType(T),
                         NEVERC_AST_CHILD_SLOT_DECL_FIELD_INITIALIZER,
                         literal(T, 1), &D)));
  fprintf(stderr, "decl-builders: Enum without enumerators: %s\n",
          tpCode(declare(T, NEVERC_DECL_KIND_ENUM, X, Nil, 0, Nil, &D)));
  fprintf(stderr, "decl-builders: Record member an expression: %s\n",
          tpCode(declare(T, NEVERC_DECL_KIND_RECORD, X, Nil,
                         NEVERC_AST_CHILD_SLOT_DECL_RECORD_DECLARATIONS,
                         literal(T, 1), &D)));
  AST->CreateASTBuilder(AST->Context, T, NEVERC_DECL_KIND_VAR, &B);
  fprintf(
      stderr, "decl-builders: STMT_EXPR_TYPE on a Var: %s\n",
      tpCode(setType(T, B, NEVERC_AST_PROPERTY_STMT_EXPR_TYPE, intType(T))));
  AST->DestroyASTBuilder(AST->Context, T, B);
}

static NevercStatus answer(const NevercPhaseFrame *F,
                           NevercPhaseContinuation *C, NevercPhaseResult *R,
                           NevercParserExtensionDisposition Disp,
                           NevercParserResultKind Kind,
                           NevercASTNodeHandle Node) {
  NevercParserExtensionOutput Out;
  NevercStatus S;
  memset(&Out, 0, sizeof Out);
  Out.Header =
      tpHeader(sizeof Out, NEVERC_PARSER_API_MAJOR, NEVERC_PARSER_API_MINOR);
  Out.Disposition = Disp;
  Out.ResultKind = Kind;
  Out.Node = Node;
  S = Parser->CreateExtensionOutput(Parser->Context, F, C, &Out, &R->Output);
  if (S.Code == NEVERC_STATUS_OK)
    R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercStatus onDecl(const NevercPhaseFrame *F,
                           NevercPhaseContinuation *C, NevercPhaseResult *R) {
  NevercParserExtensionInput In;
  NevercParserCheckpointHandle CP;
  NevercTokenHandle Tok;
  NevercStringView Kw, Name, Arg;
  NevercTaskHandle T = F->Task;
  NevercASTNodeHandle Nil;
  NevercDeclHandle D;
  NevercStatus S;
  memset(&Nil, 0, sizeof Nil);
  memset(&In, 0, sizeof In);
  In.Header =
      tpHeader(sizeof In, NEVERC_PARSER_API_MAJOR, NEVERC_PARSER_API_MINOR);
  S = Parser->GetExtensionInput(Parser->Context, F, F->Input, &In);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  Parser->CursorCheckpoint(Parser->Context, T, In.Cursor, &CP);
  Parser->CursorConsume(Parser->Context, T, In.Cursor, &Tok);
  Kw = tpSpelling(Prep, T, Tok, NULL);
  Parser->CursorConsume(Parser->Context, T, In.Cursor, &Tok);
  Name = tpSpelling(Prep, T, Tok, NULL);
  Parser->CursorConsume(Parser->Context, T, In.Cursor, &Tok); /* , */
  Parser->CursorConsume(Parser->Context, T, In.Cursor, &Tok);
  Arg = tpSpelling(Prep, T, Tok, NULL);
  fprintf(stderr,
          "decl-keyword: %.*s expected=%u name '%.*s' argument '%.*s'\n",
          (int)Kw.Length, Kw.Data, (unsigned)In.ExpectedResult,
          (int)Name.Length, Name.Data, (int)Arg.Length, Arg.Data);
  if (tpSame(Kw, "__global")) {
    char Buf[32];
    NevercExprHandle Init;
    if (!Toured++)
      tour(T);
    if (is("expr"))
      return answer(F, C, R, NEVERC_PARSER_EXTENSION_HANDLED,
                    NEVERC_PARSER_RESULT_DECL, literal(T, 1));
    memset(&Init, 0, sizeof Init);
    if (Arg.Length && Arg.Length < sizeof Buf) {
      memcpy(Buf, Arg.Data, Arg.Length);
      Buf[Arg.Length] = 0;
      Init = literal(T, (uint64_t)strtoll(Buf, NULL, 10));
    }
    S = declare(T, NEVERC_DECL_KIND_VAR, Name, intType(T),
                NEVERC_AST_CHILD_SLOT_DECL_VAR_INITIALIZER, Init, &D);
    if (S.Code)
      return S;
    if (is("placed")) {
      /* The unit's first declaration: placed already. */
      NevercDeclHandle TU;
      NevercASTNodeHandle First;
      NevercASTNodeInfo I;
      memset(&I, 0, sizeof I);
      I.Header = tpHeader(sizeof I, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
      AST->GetNodeInfo(AST->Context, T, D, &I);
      TU = I.DeclContext;
      AST->GetChild(AST->Context, T, TU, 0, &First);
      return answer(F, C, R, NEVERC_PARSER_EXTENSION_HANDLED,
                    NEVERC_PARSER_RESULT_DECL, First);
    }
    return answer(F, C, R, NEVERC_PARSER_EXTENSION_HANDLED,
                  NEVERC_PARSER_RESULT_DECL, D);
  }
  if (tpSame(Kw, "__adder")) {
    /* int name(int x) { return x + k; } */
    char Buf[32];
    NevercStringView X = {"x", 1};
    NevercDeclHandle P;
    NevercExprHandle Ref, Sum;
    NevercStmtHandle Ret, Body;
    NevercASTBuilderHandle B;
    NevercSourceLocation NoLoc;
    uint64_t K = 0;
    memset(&NoLoc, 0, sizeof NoLoc);
    if (Arg.Length && Arg.Length < sizeof Buf) {
      memcpy(Buf, Arg.Data, Arg.Length);
      Buf[Arg.Length] = 0;
      K = (uint64_t)strtoll(Buf, NULL, 10);
    }
    if ((S = declare(T, NEVERC_DECL_KIND_PARM_VAR, X, intType(T), 0, Nil, &P))
            .Code ||
        (S = Claims->CreateDeclReference(Claims->Context, T, P, NoLoc, &Ref))
            .Code)
      return S;
    AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_BINARY_OPERATOR,
                          &B);
    AST->ASTBuilderSetChild(AST->Context, T, B,
                            NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_LHS, 0,
                            Ref);
    AST->ASTBuilderSetChild(AST->Context, T, B,
                            NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_RHS, 0,
                            literal(T, K));
    AST->ASTBuilderSetBinaryOperatorKind(AST->Context, T, B,
                                         NEVERC_BINARY_OPERATOR_ADD);
    S = AST->ASTBuilderCommit(AST->Context, T, B, &Sum);
    AST->DestroyASTBuilder(AST->Context, T, B);
    if (S.Code)
      return S;
    AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_RETURN_STMT, &B);
    AST->ASTBuilderSetChild(AST->Context, T, B,
                            NEVERC_AST_CHILD_SLOT_STMT_RETURN_STMT_VALUE, 0,
                            Sum);
    S = AST->ASTBuilderCommit(AST->Context, T, B, &Ret);
    AST->DestroyASTBuilder(AST->Context, T, B);
    if (S.Code)
      return S;
    AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_COMPOUND_STMT, &B);
    AST->ASTBuilderSetChild(AST->Context, T, B,
                            NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, 0,
                            Ret);
    S = AST->ASTBuilderCommit(AST->Context, T, B, &Body);
    AST->DestroyASTBuilder(AST->Context, T, B);
    if (S.Code)
      return S;
    AST->CreateASTBuilder(AST->Context, T, NEVERC_DECL_KIND_FUNCTION, &B);
    setName(T, B, Name);
    setType(T, B, NEVERC_AST_PROPERTY_DECL_TYPE, fnType(T, 1));
    AST->ASTBuilderSetChild(AST->Context, T, B,
                            NEVERC_AST_CHILD_SLOT_DECL_FUNCTION_PARAMETERS, 0,
                            P);
    AST->ASTBuilderSetChild(AST->Context, T, B,
                            NEVERC_AST_CHILD_SLOT_DECL_FUNCTION_BODY, 0, Body);
    S = AST->ASTBuilderCommit(AST->Context, T, B, &D);
    AST->DestroyASTBuilder(AST->Context, T, B);
    if (S.Code)
      return S;
    return answer(F, C, R, NEVERC_PARSER_EXTENSION_HANDLED,
                  NEVERC_PARSER_RESULT_DECL, D);
  }
  if (tpSame(Kw, "__struct") || tpSame(Kw, "__enum")) {
    /* The cursor: kw ( name , a , b ): Arg is a; b comes next. A struct's
     * members are int fields; an enum's are a = 10 and b. */
    int IsEnum = tpSame(Kw, "__enum");
    NevercASTNodeKind Member =
        IsEnum ? NEVERC_DECL_KIND_ENUM_CONSTANT : NEVERC_DECL_KIND_FIELD;
    NevercASTChildSlotID Slot =
        IsEnum ? NEVERC_AST_CHILD_SLOT_DECL_ENUM_DECLARATIONS
               : NEVERC_AST_CHILD_SLOT_DECL_RECORD_DECLARATIONS;
    NevercTypeHandle Ty = IsEnum ? Nil : intType(T);
    NevercDeclHandle M[2];
    NevercStringView B;
    NevercASTBuilderHandle Bld;
    Parser->CursorConsume(Parser->Context, T, In.Cursor, &Tok); /* , */
    Parser->CursorConsume(Parser->Context, T, In.Cursor, &Tok);
    B = tpSpelling(Prep, T, Tok, NULL);
    if ((S = declare(
             T, Member, Arg, Ty,
             IsEnum ? NEVERC_AST_CHILD_SLOT_DECL_ENUM_CONSTANT_INITIALIZER : 0,
             IsEnum ? literal(T, 10) : Nil, &M[0]))
            .Code ||
        (S = declare(T, Member, B, Ty, 0, Nil, &M[1])).Code)
      return S;
    AST->CreateASTBuilder(
        AST->Context, T,
        IsEnum ? NEVERC_DECL_KIND_ENUM : NEVERC_DECL_KIND_RECORD, &Bld);
    setName(T, Bld, Name);
    AST->ASTBuilderSetChild(AST->Context, T, Bld, Slot, 0, M[0]);
    AST->ASTBuilderSetChild(AST->Context, T, Bld, Slot, 1, M[1]);
    S = AST->ASTBuilderCommit(AST->Context, T, Bld, &D);
    AST->DestroyASTBuilder(AST->Context, T, Bld);
    if (S.Code)
      return S;
    return answer(F, C, R, NEVERC_PARSER_EXTENSION_HANDLED,
                  NEVERC_PARSER_RESULT_DECL, D);
  }
  if (tpSame(Kw, "__proto")) {
    if ((S = declare(T, NEVERC_DECL_KIND_FUNCTION, Name, fnType(T, 1), 0, Nil,
                     &D))
            .Code)
      return S;
    return answer(F, C, R, NEVERC_PARSER_EXTENSION_HANDLED,
                  NEVERC_PARSER_RESULT_DECL, D);
  }
  Parser->CursorRollback(Parser->Context, T, In.Cursor, CP);
  return answer(F, C, R, NEVERC_PARSER_EXTENSION_UNHANDLED, 0, Nil);
}

static NevercStatus NEVERC_CALL onProvide(const NevercPhaseFrame *F,
                                          NevercPhaseResult *R, void *UD) {
  (void)UD;
  return onDecl(F, NULL, R);
}

static NevercStatus NEVERC_CALL onIntercept(const NevercPhaseFrame *F,
                                            NevercPhaseContinuation *C,
                                            NevercPhaseResult *R, void *UD) {
  (void)UD;
  return onDecl(F, C, R);
}

static NevercStatus NEVERC_CALL onObserve(const NevercPhaseFrame *F,
                                          NevercObserverPoint P, void *UD) {
  NevercASTBuilderHandle B;
  (void)UD;
  if (P != NEVERC_OBSERVER_BEFORE)
    return status(NEVERC_STATUS_OK);
  fprintf(stderr, "decl-observe: CreateASTBuilder: %s\n",
          tpCode(AST->CreateASTBuilder(AST->Context, F->Task,
                                       NEVERC_DECL_KIND_VAR, &B)));
  return status(NEVERC_STATUS_OK);
}

static NevercStatus claim(const char *Name, NevercBool Args) {
  NevercParserKeywordClaim K;
  memset(&K, 0, sizeof K);
  K.Header = tpHeader(sizeof K, NEVERC_PARSER_CLAIM_API_MAJOR,
                      NEVERC_PARSER_CLAIM_API_MINOR);
  K.Name.Data = Name;
  K.Name.Length = strlen(Name);
  K.Result = NEVERC_PARSER_RESULT_DECL;
  K.TakesArguments = Args;
  return Claims->ClaimKeyword(Claims->Context, &K);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *RC, void *PS) {
  NevercProviderDescriptor D;
  NevercStatus S;
  (void)PS;
  if (getenv("DECL_MODE"))
    Mode = getenv("DECL_MODE");
  Parser = (const NevercParserAPI *)tpQuery(
      Core, NEVERC_INTERFACE_PARSER_HIGH, NEVERC_INTERFACE_PARSER_LOW,
      NEVERC_PARSER_API_MAJOR, NEVERC_PARSER_API_MINOR);
  Prep = (const NevercPrepAPI *)tpQuery(
      Core, NEVERC_INTERFACE_PREP_HIGH, NEVERC_INTERFACE_PREP_LOW,
      NEVERC_PREP_API_MAJOR, NEVERC_PREP_API_MINOR);
  AST = (const NevercASTAPI *)tpQuery(
      Core, NEVERC_INTERFACE_AST_HIGH, NEVERC_INTERFACE_AST_LOW,
      NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
  Sema = (const NevercSemaAPI *)tpQuery(
      Core, NEVERC_INTERFACE_SEMA_HIGH, NEVERC_INTERFACE_SEMA_LOW,
      NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  Claims = (const NevercParserClaimAPI *)tpQuery(
      Core, NEVERC_INTERFACE_PARSER_CLAIM_HIGH,
      NEVERC_INTERFACE_PARSER_CLAIM_LOW, NEVERC_PARSER_CLAIM_API_MAJOR,
      NEVERC_PARSER_CLAIM_API_MINOR);
  if (!Parser || !Prep || !AST || !Sema || !Claims)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if ((S = claim("__global", NEVERC_TRUE)).Code ||
      (S = claim("__adder", NEVERC_TRUE)).Code ||
      (S = claim("__proto", NEVERC_TRUE)).Code ||
      (S = claim("__struct", NEVERC_TRUE)).Code ||
      (S = claim("__enum", NEVERC_TRUE)).Code ||
      (S = claim("__unhandled_decl", NEVERC_FALSE)).Code)
    return S;
  memset(&D, 0, sizeof D);
  D.Header =
      tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Phase.High = NEVERC_PHASE_SYNTAX_EXTENSION_DECLARATION_HIGH;
  D.Phase.Low = NEVERC_PHASE_SYNTAX_EXTENSION_DECLARATION_LOW;
  D.ProviderID.Data = DK_ID;
  D.ProviderID.Length = strlen(DK_ID);
  D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                            NEVERC_PLUGIN_ABI_MINOR);
  D.Deterministic = NEVERC_TRUE;
  D.Callback = onProvide;
  if (is("interceptor")) {
    NevercInterceptorDescriptor I;
    memset(&I, 0, sizeof I);
    I.Header =
        tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    I.Phase = D.Phase;
    I.Callback = onIntercept;
    S = Reg->RegisterInterceptor(RC, &I);
  } else {
    S = Reg->RegisterProvider(RC, &D);
  }
  if (S.Code)
    return S;
  if (is("observer")) {
    NevercObserverDescriptor O;
    memset(&O, 0, sizeof O);
    O.Header =
        tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    O.Phase = D.Phase;
    O.Points = NEVERC_OBSERVER_BEFORE;
    O.Callback = onObserve;
    S = Reg->RegisterObserver(RC, &O);
  }
  return S;
}

NEVERC_TEST_PLUGIN_ENTRY(DK_ID, DK_ID, registerPlugin, NULL, NULL, NULL)
