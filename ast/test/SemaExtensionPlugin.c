/*
 * Test plugin for the sema extension phases (tests/lit/ast/sema-extension.c):
 *   expression   `a ^ b` on ints becomes ipow(a, b) (the operator is read
 *                from the parent of Left: the input carries the operands);
 *   conversion   a double converted to int where a value is assigned,
 *                passed, returned or initialised becomes round_i(value);
 *   statement    an empty compound statement becomes { return 7; };
 *   declaration  every declaration is printed and accepted (HANDLED);
 *   type         the unknown names u8_t and byte_t are unsigned char.
 * SEMA_MODE:
 *   badtype   answers `^` with a long expression (VERIFICATION_FAILED);
 *   otherdecl answers a declaration with another one (VERIFICATION_FAILED);
 *   moved     answers the empty compound with another function's body, a
 *             node still in the tree (VERIFICATION_FAILED);
 *   misuse    prints the status of slot misuses, then answers UNHANDLED;
 *   observer  registers observers only; they try to answer
 *             (POLICY_VIOLATION);
 *   provider  the same answers from providers, not interceptors.
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SE_ID "org.neverc.test.sema-extension"

static const NevercASTAPI *AST;
static const NevercSemaAPI *Sema;
static const NevercParserClaimAPI *Claims;
static const char *Mode = "handle";

static int is(const char *M) { return strcmp(Mode, M) == 0; }

static NevercDeclHandle lookup(NevercTaskHandle T, const char *Name) {
  NevercStringView N;
  N.Data = Name;
  N.Length = strlen(Name);
  return tpLookup(Sema, T, N);
}

/* Name(args...) through CreateDeclReference and a CallExpr builder. */
static NevercExprHandle call(NevercTaskHandle T, const char *Name,
                             NevercExprHandle A, NevercExprHandle B) {
  NevercASTBuilderHandle Bld;
  NevercExprHandle Callee, E;
  NevercSourceLocation None;
  memset(&None, 0, sizeof None);
  memset(&E, 0, sizeof E);
  if (Claims
          ->CreateDeclReference(Claims->Context, T, lookup(T, Name), None,
                                &Callee)
          .Code)
    return E;
  AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_CALL_EXPR, &Bld);
  AST->ASTBuilderSetChild(AST->Context, T, Bld,
                          NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_CALLEE, 0,
                          Callee);
  AST->ASTBuilderSetChild(AST->Context, T, Bld,
                          NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_ARGUMENTS, 0, A);
  if (B.Value)
    AST->ASTBuilderSetChild(AST->Context, T, Bld,
                            NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_ARGUMENTS, 1,
                            B);
  AST->ASTBuilderCommit(AST->Context, T, Bld, &E);
  AST->DestroyASTBuilder(AST->Context, T, Bld);
  return E;
}

static NevercTypeHandle builtin(NevercTaskHandle T, NevercBuiltinTypeKind K) {
  NevercTypeHandle Ty;
  AST->GetBuiltinType(AST->Context, T, K, &Ty);
  return Ty;
}

static int sameType(NevercTaskHandle T, NevercTypeHandle A,
                    NevercTypeHandle B) {
  NevercBool Same = NEVERC_FALSE;
  Sema->AreTypesCompatible(Sema->Context, T, A, B, &Same);
  return Same == NEVERC_TRUE;
}

/* The answer of every phase: one of the five Create*ExtensionOutput. */
static NevercStatus reply(const NevercPhaseFrame *F,
                          const NevercPhaseContinuation *C,
                          NevercPhaseResult *R, int Which,
                          NevercSemaExtensionDisposition Disp,
                          NevercHandle Node) {
  NevercStatus S;
  NevercABITableHeader H =
      tpHeader(0, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  switch (Which) {
  case 0: {
    NevercSemaExpressionExtensionOutput O;
    memset(&O, 0, sizeof O);
    O.Header = H;
    O.Header.StructSize = sizeof O;
    O.Disposition = Disp;
    O.Expression = Node;
    S = Sema->CreateExpressionExtensionOutput(Sema->Context, F, C, &O,
                                              &R->Output);
    break;
  }
  case 1: {
    NevercSemaStatementExtensionOutput O;
    memset(&O, 0, sizeof O);
    O.Header = H;
    O.Header.StructSize = sizeof O;
    O.Disposition = Disp;
    O.Statement = Node;
    S = Sema->CreateStatementExtensionOutput(Sema->Context, F, C, &O,
                                             &R->Output);
    break;
  }
  case 2: {
    NevercSemaDeclarationExtensionOutput O;
    memset(&O, 0, sizeof O);
    O.Header = H;
    O.Header.StructSize = sizeof O;
    O.Disposition = Disp;
    O.Declaration = Node;
    S = Sema->CreateDeclarationExtensionOutput(Sema->Context, F, C, &O,
                                               &R->Output);
    break;
  }
  case 3: {
    NevercSemaTypeExtensionOutput O;
    memset(&O, 0, sizeof O);
    O.Header = H;
    O.Header.StructSize = sizeof O;
    O.Disposition = Disp;
    O.Type = Node;
    S = Sema->CreateTypeExtensionOutput(Sema->Context, F, C, &O, &R->Output);
    break;
  }
  default: {
    NevercSemaConversionExtensionOutput O;
    memset(&O, 0, sizeof O);
    O.Header = H;
    O.Header.StructSize = sizeof O;
    O.Disposition = Disp;
    O.Expression = Node;
    S = Sema->CreateConversionExtensionOutput(Sema->Context, F, C, &O,
                                              &R->Output);
    break;
  }
  }
  if (S.Code == NEVERC_STATUS_OK)
    R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercStatus unhandled(const NevercPhaseFrame *F,
                              const NevercPhaseContinuation *C,
                              NevercPhaseResult *R, int Which) {
  NevercHandle Nil;
  memset(&Nil, 0, sizeof Nil);
  return reply(F, C, R, Which, NEVERC_SEMA_EXTENSION_UNHANDLED, Nil);
}

static NevercStmtHandle returnSeven(NevercTaskHandle T) {
  NevercASTBuilderHandle B;
  NevercStmtHandle Ret, Body;
  NevercASTValue V;
  NevercAPIntView W;
  NevercExprHandle Seven;
  uint64_t Word = 7;
  memset(&Body, 0, sizeof Body);
  AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_INTEGER_LITERAL, &B);
  memset(&V, 0, sizeof V);
  V.Header = tpHeader(sizeof V, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
  V.Type = NEVERC_AST_VALUE_TYPE;
  V.NodeValue = builtin(T, NEVERC_BUILTIN_TYPE_INT);
  AST->ASTBuilderSetProperty(AST->Context, T, B,
                             NEVERC_AST_PROPERTY_STMT_EXPR_TYPE, &V);
  memset(&W, 0, sizeof W);
  W.Header = tpHeader(sizeof W, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
  W.Words = &Word;
  W.WordCount = 1;
  W.BitWidth = 32;
  AST->ASTBuilderSetIntegerValue(AST->Context, T, B, &W);
  AST->ASTBuilderCommit(AST->Context, T, B, &Seven);
  AST->DestroyASTBuilder(AST->Context, T, B);
  AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_RETURN_STMT, &B);
  AST->ASTBuilderSetChild(AST->Context, T, B,
                          NEVERC_AST_CHILD_SLOT_STMT_RETURN_STMT_VALUE, 0,
                          Seven);
  AST->ASTBuilderCommit(AST->Context, T, B, &Ret);
  AST->DestroyASTBuilder(AST->Context, T, B);
  AST->CreateASTBuilder(AST->Context, T, NEVERC_STMT_KIND_COMPOUND_STMT, &B);
  AST->ASTBuilderSetChild(AST->Context, T, B,
                          NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY, 0,
                          Ret);
  AST->ASTBuilderCommit(AST->Context, T, B, &Body);
  AST->DestroyASTBuilder(AST->Context, T, B);
  return Body;
}

static NevercStatus onExpression(const NevercPhaseFrame *F,
                                 const NevercPhaseContinuation *C,
                                 NevercPhaseResult *R) {
  NevercSemaExpressionExtensionInput In;
  NevercBinaryOperatorInfo BI;
  NevercASTNodeHandle Op;
  NevercTaskHandle T = F->Task;
  NevercStatus S;
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  if ((S = Sema->GetExpressionExtensionInput(Sema->Context, F, F->Input, &In))
          .Code)
    return S;
  if (is("misuse")) {
    NevercSemaStatementExtensionInput SI;
    NevercSemaExpressionExtensionOutput Zero;
    NevercArtifactHandle A;
    static int Once;
    if (!Once++) {
      memset(&SI, 0, sizeof SI);
      SI.Header =
          tpHeader(sizeof SI, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
      fprintf(stderr, "sema-misuse: statement input of an expression: %s\n",
              tpCode(Sema->GetStatementExtensionInput(Sema->Context, F,
                                                      F->Input, &SI)));
      memset(&Zero, 0, sizeof Zero);
      Zero.Header =
          tpHeader(sizeof Zero, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
      fprintf(stderr, "sema-misuse: zero disposition: %s\n",
              tpCode(Sema->CreateExpressionExtensionOutput(Sema->Context, F, C,
                                                           &Zero, &A)));
      {
        NevercSemaStatementExtensionOutput SO;
        memset(&SO, 0, sizeof SO);
        SO.Header =
            tpHeader(sizeof SO, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
        SO.Disposition = NEVERC_SEMA_EXTENSION_UNHANDLED;
        fprintf(stderr, "sema-misuse: statement output here: %s\n",
                tpCode(Sema->CreateStatementExtensionOutput(Sema->Context, F, C,
                                                            &SO, &A)));
      }
      Zero.Disposition = NEVERC_SEMA_EXTENSION_HANDLED;
      Zero.Expression = builtin(T, NEVERC_BUILTIN_TYPE_INT);
      fprintf(stderr, "sema-misuse: a type as the expression: %s\n",
              tpCode(Sema->CreateExpressionExtensionOutput(Sema->Context, F, C,
                                                           &Zero, &A)));
    }
    return unhandled(F, C, R, 0);
  }
  memset(&BI, 0, sizeof BI);
  BI.Header = tpHeader(sizeof BI, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
  if (AST->GetParent(AST->Context, T, In.Left, &Op).Code ||
      AST->GetBinaryOperatorInfo(AST->Context, T, Op, &BI).Code ||
      BI.Kind != NEVERC_BINARY_OPERATOR_XOR)
    return unhandled(F, C, R, 0);
  fprintf(stderr, "sema-expression: '^' at a binary operator\n");
  if (is("badtype"))
    return reply(F, C, R, 0, NEVERC_SEMA_EXTENSION_HANDLED,
                 call(T, "lpow", In.Left, In.Right));
  return reply(F, C, R, 0, NEVERC_SEMA_EXTENSION_HANDLED,
               call(T, "ipow", In.Left, In.Right));
}

static NevercStatus onConversion(const NevercPhaseFrame *F,
                                 const NevercPhaseContinuation *C,
                                 NevercPhaseResult *R) {
  NevercSemaConversionExtensionInput In;
  NevercTaskHandle T = F->Task;
  NevercHandle Nil;
  NevercStatus S;
  memset(&Nil, 0, sizeof Nil);
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  if ((S = Sema->GetConversionExtensionInput(Sema->Context, F, F->Input, &In))
          .Code)
    return S;
  fprintf(stderr, "sema-conversion: context %u\n", (unsigned)In.Context);
  if (In.Context == NEVERC_SEMA_CONVERSION_EXPLICIT_CAST ||
      !sameType(T, In.SourceType, builtin(T, NEVERC_BUILTIN_TYPE_DOUBLE)) ||
      !sameType(T, In.DestinationType, builtin(T, NEVERC_BUILTIN_TYPE_INT)))
    return reply(F, C, R, 4, NEVERC_SEMA_EXTENSION_UNHANDLED, Nil);
  return reply(F, C, R, 4, NEVERC_SEMA_EXTENSION_HANDLED,
               call(T, "round_i", In.Expression, Nil));
}

static NevercStatus onStatement(const NevercPhaseFrame *F,
                                const NevercPhaseContinuation *C,
                                NevercPhaseResult *R) {
  NevercSemaStatementExtensionInput In;
  NevercStatus S;
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  if ((S = Sema->GetStatementExtensionInput(Sema->Context, F, F->Input, &In))
          .Code)
    return S;
  if (In.StatementCount != 0)
    return unhandled(F, C, R, 1);
  fprintf(stderr, "sema-statement: an empty compound statement\n");
  if (is("moved")) {
    /* A statement still elsewhere in the tree: refused. */
    NevercASTNodeHandle Main, Body;
    NevercFunctionDeclInfo FI;
    memset(&FI, 0, sizeof FI);
    FI.Header = tpHeader(sizeof FI, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
    Main = lookup(F->Task, "twice_body");
    AST->GetFunctionDeclInfo(AST->Context, F->Task, Main, &FI);
    Body = FI.Body;
    return reply(F, C, R, 1, NEVERC_SEMA_EXTENSION_HANDLED, Body);
  }
  return reply(F, C, R, 1, NEVERC_SEMA_EXTENSION_HANDLED, returnSeven(F->Task));
}

static NevercStatus onDeclaration(const NevercPhaseFrame *F,
                                  const NevercPhaseContinuation *C,
                                  NevercPhaseResult *R) {
  NevercSemaDeclarationExtensionInput In;
  NevercASTValue V;
  NevercStatus S;
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  if ((S = Sema->GetDeclarationExtensionInput(Sema->Context, F, F->Input, &In))
          .Code)
    return S;
  memset(&V, 0, sizeof V);
  V.Header = tpHeader(sizeof V, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
  if (AST->GetProperty(AST->Context, F->Task, In.Declaration,
                       NEVERC_AST_PROPERTY_DECL_NAME, &V)
              .Code == NEVERC_STATUS_OK &&
      V.StringValue.Length)
    fprintf(stderr, "sema-declaration: %.*s\n", (int)V.StringValue.Length,
            V.StringValue.Data);
  if (is("otherdecl") && V.StringValue.Length &&
      tpSame(V.StringValue, "answer"))
    return reply(F, C, R, 2, NEVERC_SEMA_EXTENSION_HANDLED,
                 lookup(F->Task, "ipow"));
  return reply(F, C, R, 2, NEVERC_SEMA_EXTENSION_HANDLED, In.Declaration);
}

static NevercStatus onType(const NevercPhaseFrame *F,
                           const NevercPhaseContinuation *C,
                           NevercPhaseResult *R) {
  NevercSemaTypeExtensionInput In;
  NevercStatus S;
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  if ((S = Sema->GetTypeExtensionInput(Sema->Context, F, F->Input, &In)).Code)
    return S;
  fprintf(stderr, "sema-type: %.*s\n", (int)In.Name.Length, In.Name.Data);
  if (!tpSame(In.Name, "u8_t") && !tpSame(In.Name, "byte_t"))
    return unhandled(F, C, R, 3);
  return reply(F, C, R, 3, NEVERC_SEMA_EXTENSION_HANDLED,
               builtin(F->Task, NEVERC_BUILTIN_TYPE_UNSIGNED_CHAR));
}

#define SE_PHASES 5
static const NevercInterfaceID Phases[SE_PHASES] = {
    {NEVERC_PHASE_SEMA_EXTENSION_EXPRESSION_HIGH,
     NEVERC_PHASE_SEMA_EXTENSION_EXPRESSION_LOW},
    {NEVERC_PHASE_SEMA_EXTENSION_STATEMENT_HIGH,
     NEVERC_PHASE_SEMA_EXTENSION_STATEMENT_LOW},
    {NEVERC_PHASE_SEMA_EXTENSION_DECLARATION_HIGH,
     NEVERC_PHASE_SEMA_EXTENSION_DECLARATION_LOW},
    {NEVERC_PHASE_SEMA_EXTENSION_TYPE_HIGH,
     NEVERC_PHASE_SEMA_EXTENSION_TYPE_LOW},
    {NEVERC_PHASE_SEMA_EXTENSION_CONVERSION_HIGH,
     NEVERC_PHASE_SEMA_EXTENSION_CONVERSION_LOW}};

static NevercStatus dispatch(const NevercPhaseFrame *F,
                             const NevercPhaseContinuation *C,
                             NevercPhaseResult *R) {
  int I;
  for (I = 0; I < SE_PHASES; ++I)
    if (F->Phase.High == Phases[I].High && F->Phase.Low == Phases[I].Low)
      break;
  switch (I) {
  case 0:
    return onExpression(F, C, R);
  case 1:
    return onStatement(F, C, R);
  case 2:
    return onDeclaration(F, C, R);
  case 3:
    return onType(F, C, R);
  default:
    return onConversion(F, C, R);
  }
}

static NevercStatus NEVERC_CALL onIntercept(const NevercPhaseFrame *F,
                                            NevercPhaseContinuation *C,
                                            NevercPhaseResult *R, void *UD) {
  (void)UD;
  return dispatch(F, C, R);
}

static NevercStatus NEVERC_CALL onProvide(const NevercPhaseFrame *F,
                                          NevercPhaseResult *R, void *UD) {
  (void)UD;
  return dispatch(F, NULL, R);
}

static NevercStatus NEVERC_CALL onObserve(const NevercPhaseFrame *F,
                                          NevercObserverPoint P, void *UD) {
  NevercSemaExpressionExtensionOutput O;
  NevercArtifactHandle A;
  static int Once;
  (void)UD;
  if (P != NEVERC_OBSERVER_BEFORE || Once++)
    return status(NEVERC_STATUS_OK);
  memset(&O, 0, sizeof O);
  O.Header = tpHeader(sizeof O, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR);
  O.Disposition = NEVERC_SEMA_EXTENSION_UNHANDLED;
  fprintf(stderr, "sema-observe: CreateExpressionExtensionOutput: %s\n",
          tpCode(Sema->CreateExpressionExtensionOutput(Sema->Context, F, NULL,
                                                       &O, &A)));
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *RC, void *PS) {
  NevercStatus S = status(NEVERC_STATUS_OK);
  int I;
  (void)PS;
  if (getenv("SEMA_MODE"))
    Mode = getenv("SEMA_MODE");
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
  if (!AST || !Sema || !Claims)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  for (I = 0; I < SE_PHASES && S.Code == NEVERC_STATUS_OK; ++I) {
    if (is("observer")) {
      NevercObserverDescriptor O;
      memset(&O, 0, sizeof O);
      O.Header =
          tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
      O.Phase = Phases[I];
      O.Points = NEVERC_OBSERVER_BEFORE;
      O.Callback = onObserve;
      S = Reg->RegisterObserver(RC, &O);
    } else if (is("provider")) {
      NevercProviderDescriptor P;
      memset(&P, 0, sizeof P);
      P.Header =
          tpHeader(sizeof P, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
      P.Phase = Phases[I];
      P.ProviderID.Data = SE_ID;
      P.ProviderID.Length = strlen(SE_ID);
      P.Route.Header = tpHeader(sizeof P.Route, NEVERC_PLUGIN_ABI_MAJOR,
                                NEVERC_PLUGIN_ABI_MINOR);
      P.Deterministic = NEVERC_TRUE;
      P.Callback = onProvide;
      S = Reg->RegisterProvider(RC, &P);
    } else {
      NevercInterceptorDescriptor D;
      memset(&D, 0, sizeof D);
      D.Header =
          tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
      D.Phase = Phases[I];
      D.Callback = onIntercept;
      S = Reg->RegisterInterceptor(RC, &D);
    }
  }
  return S;
}

NEVERC_TEST_PLUGIN_ENTRY(SE_ID, SE_ID, registerPlugin, NULL, NULL, NULL)
