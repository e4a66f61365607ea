/*
 * ASTRewritePlugin: the syntax domain's example -- a complete cycle of
 * parser interception plus an atomic AST rewrite.
 *
 *   neverc -fplugin=ASTRewritePlugin.so prog.c -o prog
 *
 * If prog.c defines, at file scope,
 *
 *   int neverc_rewrite_target = 1;
 *
 * the program that gets compiled has `neverc_rewrite_target = 42` instead.
 *
 * - ProcessBegin allocates the process state through Core->Allocate and
 *   negotiates NevercASTAPI (up to DestroyASTMutation, the last slot used)
 *   and NevercParserAPI (up to GetASTUnitInfo);
 * - Register installs one interceptor on neverc.syntax.parse;
 * - the interceptor runs the rest of the chain (InvokeNext), reads the AST
 *   unit the chain produced (GetASTUnitInfo), walks the translation unit's
 *   children and finds the variable through GetVarDeclInfo (any other kind
 *   of declaration answers WRONG_TYPE and is skipped; any other error fails
 *   the phase);
 * - it builds an IntegerLiteral of the variable's type and source range with
 *   the value 42, swaps it in as the variable's initializer in one mutation
 *   transaction (AbortASTMutation if staging or the commit fails,
 *   DestroyASTMutation always), reads the literal back and reports the
 *   result as a remark (code 4200; an error, code 4201, on failure);
 * - it returns CONTINUE with a null Output: the host keeps the (now
 *   rewritten) unit the chain produced and verifies it.
 *
 * No mutable globals: everything lives in the process state.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#define REWRITE_ID "org.neverc.example.ast-rewrite"
#define REWRITE_TARGET "neverc_rewrite_target"
#define REWRITE_VALUE 42u
#define REWRITE_REMARK 4200u
#define REWRITE_ERROR 4201u

typedef struct RewriteProcess {
  const NevercCoreAPI *Core;
  const NevercASTAPI *AST;
  const NevercParserAPI *Parser;
} RewriteProcess;

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

static NevercStatus status(NevercStatusCode Code) {
  NevercStatus S;
  S.Code = Code;
  S.Flags = 0;
  S.Detail = 0;
  return S;
}

static NevercABITableHeader astHeader(uint32_t Size) {
  NevercABITableHeader H;
  H.StructSize = Size;
  H.Major = NEVERC_AST_API_MAJOR;
  H.Minor = NEVERC_AST_API_MINOR;
  H.Flags = 0;
  return H;
}

static NevercABITableHeader parserHeader(uint32_t Size) {
  NevercABITableHeader H;
  H.StructSize = Size;
  H.Major = NEVERC_PARSER_API_MAJOR;
  H.Minor = NEVERC_PARSER_API_MINOR;
  H.Flags = 0;
  return H;
}

static void report(const RewriteProcess *P, NevercDiagnosticSeverity Severity,
                   uint32_t Code, const char *Message) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.Severity = Severity;
  D.Code = Code;
  D.PluginID = sv(REWRITE_ID);
  D.PhaseID = sv(NEVERC_PHASE_SYNTAX_PARSE_NAME);
  D.Message = sv(Message);
  P->Core->EmitDiagnostic(P->Core->Context, &D, NULL);
}

static NevercStatus fail(const RewriteProcess *P, const char *Step,
                         NevercStatus S) {
  char Message[160];
  snprintf(Message, sizeof Message,
           "ast-rewrite: %s failed (status %d); " REWRITE_TARGET
           " is unchanged",
           Step, (int)S.Code);
  report(P, NEVERC_DIAGNOSTIC_ERROR, REWRITE_ERROR, Message);
  return S;
}

/* The file-scope variable named REWRITE_TARGET among the children of \p TU.
 * Returns OK with *Found = 0 when there is none. */
static NevercStatus findTarget(const RewriteProcess *P, NevercTaskHandle Task,
                               NevercDeclHandle TU, NevercDeclHandle *Out,
                               NevercVarDeclInfo *Info, int *Found) {
  const NevercASTAPI *AST = P->AST;
  const size_t NameLength = strlen(REWRITE_TARGET);
  uint64_t Count = 0, I;
  NevercStatus S = AST->GetChildCount(AST->Context, Task, TU, &Count);
  *Found = 0;
  if (!neverc_status_is_ok(S))
    return S;
  for (I = 0; I < Count; ++I) {
    NevercASTNodeHandle Child;
    S = AST->GetChild(AST->Context, Task, TU, I, &Child);
    if (!neverc_status_is_ok(S))
      return S;
    memset(Info, 0, sizeof *Info);
    Info->Header = astHeader(sizeof *Info);
    S = AST->GetVarDeclInfo(AST->Context, Task, Child, Info);
    if (S.Code == NEVERC_STATUS_WRONG_TYPE)
      continue; /* a function, a typedef, a record ...: not a variable */
    if (!neverc_status_is_ok(S))
      return S;
    /* A plain `extern` redeclaration is skipped: the definition follows. */
    if (Info->HasGlobalStorage && Info->IsDefinition &&
        Info->Name.Length == NameLength &&
        memcmp(Info->Name.Data, REWRITE_TARGET, NameLength) == 0) {
      *Out = Child;
      *Found = 1;
      return neverc_status_ok();
    }
  }
  return neverc_status_ok();
}

/* IntegerLiteral of type \p Type, located at \p Range, holding \p Value. */
static NevercStatus buildLiteral(const RewriteProcess *P,
                                 NevercTaskHandle Task, NevercTypeHandle Type,
                                 NevercSourceRange Range, uint64_t Value,
                                 NevercExprHandle *Out) {
  const NevercASTAPI *AST = P->AST;
  NevercASTBuilderHandle Builder;
  NevercASTValue V;
  NevercAPIntView Int;
  NevercStatus S = AST->CreateASTBuilder(
      AST->Context, Task, NEVERC_STMT_KIND_INTEGER_LITERAL, &Builder);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&V, 0, sizeof V);
  V.Header = astHeader(sizeof V);
  V.Type = NEVERC_AST_VALUE_TYPE;
  V.NodeValue = Type;
  S = AST->ASTBuilderSetProperty(AST->Context, Task, Builder,
                                 NEVERC_AST_PROPERTY_STMT_EXPR_TYPE, &V);
  if (neverc_status_is_ok(S) && !neverc_handle_is_null(Range)) {
    memset(&V, 0, sizeof V);
    V.Header = astHeader(sizeof V);
    V.Type = NEVERC_AST_VALUE_SOURCE_RANGE;
    V.SourceRangeValue = Range;
    S = AST->ASTBuilderSetProperty(AST->Context, Task, Builder,
                                   NEVERC_AST_PROPERTY_AST_SOURCE_RANGE, &V);
  }
  if (neverc_status_is_ok(S)) {
    memset(&Int, 0, sizeof Int);
    Int.Header = astHeader(sizeof Int);
    Int.Words = &Value;
    Int.WordCount = 1;
    Int.BitWidth = 32;
    S = AST->ASTBuilderSetIntegerValue(AST->Context, Task, Builder, &Int);
  }
  if (neverc_status_is_ok(S))
    S = AST->ASTBuilderCommit(AST->Context, Task, Builder, Out);
  /* Always, also after the commit and on every error path. */
  AST->DestroyASTBuilder(AST->Context, Task, Builder);
  return S;
}

/* One transaction: the literal becomes the variable's initializer, or
 * nothing changes. */
static NevercStatus replaceInitializer(const RewriteProcess *P,
                                       NevercTaskHandle Task,
                                       NevercDeclHandle Var,
                                       NevercExprHandle Literal) {
  const NevercASTAPI *AST = P->AST;
  NevercASTMutationHandle Mutation;
  NevercStatus S = AST->BeginASTMutation(AST->Context, Task, &Mutation);
  if (!neverc_status_is_ok(S))
    return S;
  S = AST->ASTMutationReplaceChild(AST->Context, Task, Mutation, Var,
                                   NEVERC_AST_CHILD_SLOT_DECL_VAR_INITIALIZER,
                                   0, Literal);
  if (neverc_status_is_ok(S))
    S = AST->CommitASTMutation(AST->Context, Task, Mutation);
  if (!neverc_status_is_ok(S))
    AST->AbortASTMutation(AST->Context, Task, Mutation);
  AST->DestroyASTMutation(AST->Context, Task, Mutation);
  return S;
}

static NevercStatus rewrite(const RewriteProcess *P,
                            const NevercPhaseFrame *Frame,
                            NevercArtifactHandle Unit) {
  const NevercASTAPI *AST = P->AST;
  const NevercParserAPI *Parser = P->Parser;
  const NevercTaskHandle Task = Frame->Task;
  NevercParserASTUnitInfo UnitInfo;
  NevercDeclHandle Var;
  NevercVarDeclInfo VarInfo;
  NevercASTNodeInfo NodeInfo;
  NevercIntegerLiteralInfo LitInfo;
  NevercExprHandle Literal;
  uint64_t Word = 0;
  int Found = 0;
  char Message[160];
  NevercStatus S;

  memset(&UnitInfo, 0, sizeof UnitInfo);
  UnitInfo.Header = parserHeader(sizeof UnitInfo);
  S = Parser->GetASTUnitInfo(Parser->Context, Frame, Unit, &UnitInfo);
  if (!neverc_status_is_ok(S))
    return fail(P, "GetASTUnitInfo", S);
  S = findTarget(P, Task, UnitInfo.TranslationUnit, &Var, &VarInfo, &Found);
  if (!neverc_status_is_ok(S))
    return fail(P, "the walk of the translation unit", S);
  if (!Found)
    return neverc_status_ok(); /* nothing to do in this file */

  memset(&NodeInfo, 0, sizeof NodeInfo);
  NodeInfo.Header = astHeader(sizeof NodeInfo);
  S = AST->GetNodeInfo(AST->Context, Task, Var, &NodeInfo);
  if (!neverc_status_is_ok(S))
    return fail(P, "GetNodeInfo", S);
  S = buildLiteral(P, Task, VarInfo.Type, NodeInfo.SourceRange, REWRITE_VALUE,
                   &Literal);
  if (!neverc_status_is_ok(S))
    return fail(P, "building the literal", S);
  S = replaceInitializer(P, Task, Var, Literal);
  if (!neverc_status_is_ok(S))
    return fail(P, "the mutation", S);

  /* Read the new initializer back through the typed accessors. */
  memset(&LitInfo, 0, sizeof LitInfo);
  LitInfo.Header = astHeader(sizeof LitInfo);
  S = AST->GetIntegerLiteralInfo(AST->Context, Task, Literal, &LitInfo);
  if (neverc_status_is_ok(S))
    S = AST->GetIntegerLiteralWord(AST->Context, Task, Literal, 0, &Word);
  if (!neverc_status_is_ok(S))
    return fail(P, "reading the literal back", S);
  snprintf(Message, sizeof Message,
           "ast-rewrite: " REWRITE_TARGET " = %llu (%u-bit literal)",
           (unsigned long long)Word, (unsigned)LitInfo.BitWidth);
  report(P, NEVERC_DIAGNOSTIC_REMARK, REWRITE_REMARK, Message);
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL onParse(const NevercPhaseFrame *Frame,
                                        NevercPhaseContinuation *Next,
                                        NevercPhaseResult *Result,
                                        void *UserData) {
  const RewriteProcess *P = (const RewriteProcess *)UserData;
  NevercStatus S = Next->InvokeNext(Next, Frame, Result);
  if (!neverc_status_is_ok(S))
    return S;
  S = rewrite(P, Frame, Result->Output);
  /* Rule 25: keep the unit the chain produced (now rewritten). */
  Result->Action = NEVERC_PHASE_CONTINUE;
  memset(&Result->Output, 0, sizeof Result->Output);
  memset(&Result->Proof, 0, sizeof Result->Proof);
  return S;
}

/* \p Table must cover [0, LastSlotEnd). */
static NevercStatus negotiate(const NevercCoreAPI *Core, uint64_t High,
                              uint64_t Low, uint16_t Major, uint16_t Minor,
                              uint64_t LastSlotEnd, const void **Table) {
  NevercInterfaceID ID;
  uint16_t GotMinor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = High;
  ID.Low = Low;
  S = Core->QueryInterface(Core->Context, ID, Major, Minor, Table, &GotMinor,
                           &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (Size < LastSlotEnd)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL rewriteProcessBegin(const NevercCoreAPI *Core,
                                                    void **OutProcessState) {
  RewriteProcess *P = NULL;
  const void *Table = NULL;
  NevercStatus S = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(S))
    return S;
  memset(P, 0, sizeof *P);
  P->Core = Core;
  S = negotiate(Core, NEVERC_INTERFACE_AST_HIGH, NEVERC_INTERFACE_AST_LOW,
                NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR,
                offsetof(NevercASTAPI, DestroyASTMutation) +
                    sizeof(((NevercASTAPI *)0)->DestroyASTMutation),
                &Table);
  if (neverc_status_is_ok(S)) {
    P->AST = (const NevercASTAPI *)Table;
    S = negotiate(Core, NEVERC_INTERFACE_PARSER_HIGH,
                  NEVERC_INTERFACE_PARSER_LOW, NEVERC_PARSER_API_MAJOR,
                  NEVERC_PARSER_API_MINOR,
                  offsetof(NevercParserAPI, GetASTUnitInfo) +
                      sizeof(((NevercParserAPI *)0)->GetASTUnitInfo),
                  &Table);
  }
  if (!neverc_status_is_ok(S)) {
    Core->Deallocate(Core->Context, P, sizeof *P, 8);
    return S;
  }
  P->Parser = (const NevercParserAPI *)Table;
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL rewriteRegister(const NevercCoreAPI *Core,
                                                const NevercRegistrarAPI *Reg,
                                                void *Ctx,
                                                void *ProcessState) {
  NevercInterceptorDescriptor I;
  (void)Core;
  memset(&I, 0, sizeof I);
  I.Header.StructSize = sizeof I;
  I.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  I.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  I.Phase.High = NEVERC_PHASE_SYNTAX_PARSE_HIGH;
  I.Phase.Low = NEVERC_PHASE_SYNTAX_PARSE_LOW;
  I.Callback = onParse;
  I.UserData = ProcessState;
  return Reg->RegisterInterceptor(Ctx, &I);
}

static NevercStatus NEVERC_CALL rewriteDestroy(const NevercCoreAPI *Core,
                                               void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(RewriteProcess),
                          8);
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
  D.PluginID = sv(REWRITE_ID);
  D.DisplayName = sv("AST rewrite");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = rewriteProcessBegin;
  D.Register = rewriteRegister;
  D.Destroy = rewriteDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
