/*
 * Test plugin for neverc.syntax.extension.attribute (tests/lit/ast/
 * attribute.c). In Register it claims `track` (GNU and C23, up to two
 * arguments), `demo::mark` (C23) and `skipme` (GNU), and prints the status
 * of claims every rule of PluginParserClaim.h refuses. Its interceptor on
 * the attribute phase prints the cursor's tokens, then:
 *   track / demo::mark  HANDLED with an annotate node named after them;
 *   skipme              rolls back and continues (clang's unknown-attribute
 *                       warning follows).
 * ATTR_CLAIM_MODE selects a misuse instead:
 *   unrolled   consumes a token and answers UNHANDLED without rolling back;
 *   foreign    answers HANDLED with the translation unit as the node;
 *   late       keeps the cursor and a checkpoint and uses them after the
 *              phase (in neverc.sema.analyze): STALE_HANDLE;
 *   observer   an observer (not the interceptor) tries CreateParsedAttribute
 *              and CreateExtensionOutput: POLICY_VIOLATION.
 * and ATTR_CLAIM_MODE=provide registers a provider instead of the
 * interceptor: every claimed attribute becomes annotate("provided").
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AC_ID "org.neverc.test.attribute-claim"

static const NevercParserAPI *Parser;
static const NevercPrepAPI *Prep;
static const NevercASTAPI *AST;
static const char *Mode = "handle";
static NevercParserTokenCursorHandle KeptCursor;
static NevercParserCheckpointHandle KeptCheckpoint;

static int is(const char *M) { return strcmp(Mode, M) == 0; }


/* The spelling of token \p T ("" when it has none). */


static NevercStatus answer(const NevercPhaseFrame *F,
                           NevercPhaseContinuation *C, NevercPhaseResult *R,
                           NevercParserExtensionDisposition Disposition,
                           NevercASTNodeHandle Node) {
  NevercParserExtensionOutput Out;
  NevercStatus S;
  memset(&Out, 0, sizeof Out);
  Out.Header = tpHeader(sizeof Out, NEVERC_PARSER_API_MAJOR,
                      NEVERC_PARSER_API_MINOR);
  Out.Disposition = Disposition;
  Out.ResultKind = NEVERC_PARSER_RESULT_ATTRIBUTE;
  Out.Node = Node;
  S = Parser->CreateExtensionOutput(Parser->Context, F, C, &Out, &R->Output);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercStatus NEVERC_CALL onAttribute(const NevercPhaseFrame *F,
                                            NevercPhaseContinuation *C,
                                            NevercPhaseResult *R, void *UD) {
  NevercParserExtensionInput In;
  NevercParserCheckpointHandle CP;
  NevercTokenHandle T;
  NevercStringView First, Name;
  NevercTokenKind Kind = 0;
  NevercStatus S;
  char Text[256];
  size_t Used = 0;
  uint64_t I;
  (void)UD;
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_PARSER_API_MAJOR,
                     NEVERC_PARSER_API_MINOR);
  S = Parser->GetExtensionInput(Parser->Context, F, F->Input, &In);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  /* Peek every token (past the end stays at end-of-file). */
  fprintf(stderr, "attr-ext: expected=%u tokens:", (unsigned)In.ExpectedResult);
  for (I = 0;; ++I) {
    Parser->CursorPeek(Parser->Context, F->Task, In.Cursor, I, &T);
    Name = tpSpelling(Prep, F->Task, T, &Kind);
    if (Kind == NEVERC_TOKEN_EOF) {
      fprintf(stderr, " <eof>");
      break;
    }
    fprintf(stderr, " %.*s", (int)Name.Length, Name.Data);
  }
  Parser->CursorPeek(Parser->Context, F->Task, In.Cursor, I + 5, &T);
  tpSpelling(Prep, F->Task, T, &Kind);
  fprintf(stderr, " | past end: %s\n",
          Kind == NEVERC_TOKEN_EOF ? "eof" : "not eof");

  S = Parser->CursorCheckpoint(Parser->Context, F->Task, In.Cursor, &CP);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  Parser->CursorConsume(Parser->Context, F->Task, In.Cursor, &T);
  First = tpSpelling(Prep, F->Task, T, NULL);
  Name = First;
  if (tpSame(First, "demo")) { /* demo :: mark */
    Parser->CursorConsume(Parser->Context, F->Task, In.Cursor, &T);
    Parser->CursorConsume(Parser->Context, F->Task, In.Cursor, &T);
    Name = tpSpelling(Prep, F->Task, T, NULL);
  }
  if (is("unrolled"))
    return answer(F, C, R, NEVERC_PARSER_EXTENSION_UNHANDLED,
                  (NevercASTNodeHandle){0, 0});
  if (is("late")) {
    KeptCursor = In.Cursor;
    Parser->CursorCheckpoint(Parser->Context, F->Task, In.Cursor,
                             &KeptCheckpoint);
  }
  if (tpSame(Name, "skipme")) {
    S = Parser->CursorRollback(Parser->Context, F->Task, In.Cursor, CP);
    fprintf(stderr, "attr-ext: skipme: rollback %s, again %s\n", tpCode(S),
            tpCode(Parser->CursorRollback(Parser->Context, F->Task, In.Cursor,
                                        CP)));
    S = C->InvokeNext(C, F, R);
    R->Action = NEVERC_PHASE_CONTINUE;
    memset(&R->Output, 0, sizeof R->Output);
    return S;
  }
  /* The annotation: the name, then the argument tokens as written. */
  Used = (size_t)snprintf(Text, sizeof Text, "%.*s", (int)Name.Length,
                          Name.Data);
  for (;;) {
    NevercStringView V;
    Parser->CursorConsume(Parser->Context, F->Task, In.Cursor, &T);
    V = tpSpelling(Prep, F->Task, T, &Kind);
    if (Kind == NEVERC_TOKEN_EOF || Used + V.Length + 1 >= sizeof Text)
      break;
    memcpy(Text + Used, V.Data, V.Length);
    Used += V.Length;
  }
  Text[Used] = 0;
  S = Parser->CursorCommit(Parser->Context, F->Task, In.Cursor, CP);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  fprintf(stderr, "attr-ext: commit again: %s\n",
          tpCode(Parser->CursorCommit(Parser->Context, F->Task, In.Cursor, CP)));
  {
    NevercParserParsedAttributeDescriptor D;
    NevercAttrHandle A;
    memset(&D, 0, sizeof D);
    D.Header = tpHeader(sizeof D, NEVERC_PARSER_API_MAJOR,
                      NEVERC_PARSER_API_MINOR);
    D.Name.Data = Text;
    D.Name.Length = Used;
    D.Form = 9;
    fprintf(stderr, "attr-ext: form 9: %s\n",
            tpCode(Parser->CreateParsedAttribute(Parser->Context, F->Task,
                                               In.Cursor, &D, &A)));
    D.Form = tpSame(First, "demo") ? NEVERC_PARSER_ATTRIBUTE_C23
                                 : NEVERC_PARSER_ATTRIBUTE_GNU;
    S = Parser->CreateParsedAttribute(Parser->Context, F->Task, In.Cursor, &D,
                                      &A);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
    fprintf(stderr, "attr-ext: handled as annotate(\"%s\")\n", Text);
    if (is("foreign")) {
      NevercDeclHandle TU;
      AST->GetTranslationUnit(AST->Context, F->Task, &TU);
      return answer(F, C, R, NEVERC_PARSER_EXTENSION_HANDLED, TU);
    }
    return answer(F, C, R, NEVERC_PARSER_EXTENSION_HANDLED, A);
  }
}

static NevercStatus NEVERC_CALL provideAttribute(const NevercPhaseFrame *F,
                                                 NevercPhaseResult *R,
                                                 void *UD) {
  NevercParserExtensionInput In;
  NevercParserParsedAttributeDescriptor D;
  NevercAttrHandle A;
  NevercStatus S;
  (void)UD;
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_PARSER_API_MAJOR,
                     NEVERC_PARSER_API_MINOR);
  S = Parser->GetExtensionInput(Parser->Context, F, F->Input, &In);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_PARSER_API_MAJOR, NEVERC_PARSER_API_MINOR);
  D.Name.Data = "provided";
  D.Name.Length = 8;
  D.Form = NEVERC_PARSER_ATTRIBUTE_GNU;
  S = Parser->CreateParsedAttribute(Parser->Context, F->Task, In.Cursor, &D,
                                    &A);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  fprintf(stderr, "attr-provide: annotate(\"provided\")\n");
  return answer(F, NULL, R, NEVERC_PARSER_EXTENSION_HANDLED, A);
}

static NevercStatus NEVERC_CALL onAttributeObserve(const NevercPhaseFrame *F,
                                                   NevercObserverPoint P,
                                                   void *UD) {
  NevercParserExtensionInput In;
  NevercParserParsedAttributeDescriptor D;
  NevercParserExtensionOutput Out;
  NevercArtifactHandle Art;
  NevercAttrHandle A;
  (void)UD;
  if (P != NEVERC_OBSERVER_BEFORE)
    return status(NEVERC_STATUS_OK);
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_PARSER_API_MAJOR,
                     NEVERC_PARSER_API_MINOR);
  Parser->GetExtensionInput(Parser->Context, F, F->Input, &In);
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_PARSER_API_MAJOR, NEVERC_PARSER_API_MINOR);
  D.Name.Data = "x";
  D.Name.Length = 1;
  D.Form = NEVERC_PARSER_ATTRIBUTE_GNU;
  fprintf(stderr, "attr-observe: CreateParsedAttribute: %s\n",
          tpCode(Parser->CreateParsedAttribute(Parser->Context, F->Task,
                                             In.Cursor, &D, &A)));
  memset(&Out, 0, sizeof Out);
  Out.Header = tpHeader(sizeof Out, NEVERC_PARSER_API_MAJOR,
                      NEVERC_PARSER_API_MINOR);
  fprintf(stderr, "attr-observe: CreateExtensionOutput: %s\n",
          tpCode(Parser->CreateExtensionOutput(Parser->Context, F, NULL, &Out,
                                             &Art)));
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL onAnalyze(const NevercPhaseFrame *F,
                                          NevercObserverPoint P, void *UD) {
  NevercTokenHandle T;
  (void)UD;
  if (P != NEVERC_OBSERVER_BEFORE)
    return status(NEVERC_STATUS_OK);
  fprintf(stderr, "attr-late: CursorPeek: %s\n",
          tpCode(Parser->CursorPeek(Parser->Context, F->Task, KeptCursor, 0,
                                  &T)));
  fprintf(stderr, "attr-late: CursorRollback: %s\n",
          tpCode(Parser->CursorRollback(Parser->Context, F->Task, KeptCursor,
                                      KeptCheckpoint)));
  return status(NEVERC_STATUS_OK);
}

static NevercStatus claim(const NevercParserClaimAPI *Claims, const char *Name,
                          NevercParserAttributeFormMask Forms,
                          uint32_t MaxArgs) {
  NevercParserAttributeClaim C;
  memset(&C, 0, sizeof C);
  C.Header = tpHeader(sizeof C, NEVERC_PARSER_CLAIM_API_MAJOR,
                    NEVERC_PARSER_CLAIM_API_MINOR);
  C.Name.Data = Name;
  C.Name.Length = strlen(Name);
  C.Forms = Forms;
  C.MaximumArguments = MaxArgs;
  return Claims->ClaimAttribute(Claims->Context, &C);
}

static const NevercParserClaimAPI *ClaimTable;

#define GNU NEVERC_PARSER_ATTRIBUTE_FORM_MASK(NEVERC_PARSER_ATTRIBUTE_GNU)
#define C23 NEVERC_PARSER_ATTRIBUTE_FORM_MASK(NEVERC_PARSER_ATTRIBUTE_C23)

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  NevercInterceptorDescriptor D;
  NevercStatus S;
  (void)PS;
  if (getenv("ATTR_CLAIM_MODE"))
    Mode = getenv("ATTR_CLAIM_MODE");
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
  ClaimTable = (const NevercParserClaimAPI *)tpQuery(
      Core, NEVERC_INTERFACE_PARSER_CLAIM_HIGH,
      NEVERC_INTERFACE_PARSER_CLAIM_LOW, NEVERC_PARSER_CLAIM_API_MAJOR,
      NEVERC_PARSER_CLAIM_API_MINOR);
  if (!Parser || !Prep || !AST || !ClaimTable)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  S = claim(ClaimTable, "track", GNU | C23, 2);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  S = claim(ClaimTable, "demo::mark", C23, 0);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  S = claim(ClaimTable, "skipme", GNU, 0);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  if (is("handle")) {
    NevercParserAttributeClaim Short;
    fprintf(stderr, "claim: track again: %s\n",
            tpCode(claim(ClaimTable, "track", C23, 0)));
    fprintf(stderr, "claim: __track__: %s\n",
            tpCode(claim(ClaimTable, "__track__", GNU, 0)));
    fprintf(stderr, "claim: packed (clang's): %s\n",
            tpCode(claim(ClaimTable, "packed", GNU, 0)));
    fprintf(stderr, "claim: gnu::packed (clang's): %s\n",
            tpCode(claim(ClaimTable, "gnu::packed", C23, 0)));
    fprintf(stderr, "claim: scoped GNU: %s\n",
            tpCode(claim(ClaimTable, "a::b", GNU, 0)));
    fprintf(stderr, "claim: no forms: %s\n",
            tpCode(claim(ClaimTable, "other", 0, 0)));
    fprintf(stderr, "claim: unknown form bit: %s\n",
            tpCode(claim(ClaimTable, "other", 0x10, 0)));
    fprintf(stderr, "claim: 16 arguments: %s\n",
            tpCode(claim(ClaimTable, "other", GNU, 16)));
    fprintf(stderr, "claim: not an identifier: %s\n",
            tpCode(claim(ClaimTable, "9lives", GNU, 0)));
    fprintf(stderr, "claim: empty: %s\n", tpCode(claim(ClaimTable, "", GNU, 0)));
    memset(&Short, 0, sizeof Short);
    Short.Header = tpHeader(8, NEVERC_PARSER_CLAIM_API_MAJOR, 0);
    fprintf(stderr, "claim: short header: %s\n",
            tpCode(ClaimTable->ClaimAttribute(ClaimTable->Context, &Short)));
  }
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Phase.High = NEVERC_PHASE_SYNTAX_EXTENSION_ATTRIBUTE_HIGH;
  D.Phase.Low = NEVERC_PHASE_SYNTAX_EXTENSION_ATTRIBUTE_LOW;
  D.Callback = onAttribute;
  if (is("provide")) {
    NevercProviderDescriptor P;
    memset(&P, 0, sizeof P);
    P.Header = D.Header;
    P.Header.StructSize = sizeof P;
    P.Phase = D.Phase;
    P.ProviderID.Data = AC_ID;
    P.ProviderID.Length = strlen(AC_ID);
    P.Route.Header = tpHeader(sizeof P.Route, NEVERC_PLUGIN_ABI_MAJOR,
                            NEVERC_PLUGIN_ABI_MINOR);
    P.Deterministic = NEVERC_TRUE;
    P.Callback = provideAttribute;
    return R->RegisterProvider(RC, &P);
  }
  if (!is("observer")) {
    S = R->RegisterInterceptor(RC, &D);
    if (S.Code != NEVERC_STATUS_OK)
      return S;
  }
  if (is("observer") || is("late")) {
    NevercObserverDescriptor O;
    memset(&O, 0, sizeof O);
    O.Header = tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR,
                      NEVERC_PLUGIN_ABI_MINOR);
    O.Phase = D.Phase;
    O.Points = NEVERC_OBSERVER_BEFORE;
    O.Callback = onAttributeObserve;
    if (is("late")) {
      O.Phase.High = NEVERC_PHASE_SEMA_ANALYZE_HIGH;
      O.Phase.Low = NEVERC_PHASE_SEMA_ANALYZE_LOW;
      O.Callback = onAnalyze;
    }
    S = R->RegisterObserver(RC, &O);
  }
  return S;
}

static NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *Core,
                                          NevercTaskHandle Task,
                                          NevercTaskKind Kind, void *PS,
                                          void *SS, void **TS) {
  (void)Core, (void)Task, (void)PS, (void)SS, (void)TS;
  if (Kind == NEVERC_TASK_TRANSLATION_UNIT && is("handle"))
    fprintf(stderr, "claim: outside Register: %s\n",
            tpCode(claim(ClaimTable, "late_claim", GNU, 0)));
  return status(NEVERC_STATUS_OK);
}

NEVERC_TEST_PLUGIN_ENTRY(AC_ID, AC_ID, registerPlugin, NULL, taskBegin, NULL)
