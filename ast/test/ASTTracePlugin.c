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
 *  misuse   every rule a plugin can break, each printed with its status:
 *           mutation from an observer and from a lifecycle observer, typed
 *           accessors on the wrong kind, a property the kind does not own,
 *           a builder commit without its required type, a failed mutation
 *           commit that leaves the tree as it was, abort staleness, and a
 *           handle of an ended task.
 *  provide  a syntax.parse provider publishing the (unparsed, empty)
 *           translation unit: nothing of the source is compiled.
 */
#include "neverc/Plugin/PluginAST.h"
#include "neverc/Plugin/PluginCore.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AT_ID "org.neverc.test.ast-trace"

static const NevercASTAPI *AST;
static const NevercParserAPI *Parser;
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
  fprintf(stderr, "ast-observe: %s %s\n", Phase,
          Point == NEVERC_OBSERVER_BEFORE ? "before" : "after");
  if (Point == NEVERC_OBSERVER_AFTER && strcmp(Phase, "parse") == 0) {
    if (is("observe"))
      walk(F->Task, translationUnit(F->Task), 0);
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
  if (is("rewrite") || is("misuse")) {
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
  if (Kind != NEVERC_TASK_TRANSLATION_UNIT ||
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
