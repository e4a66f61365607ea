/*
 * Test plugin for the AST and SEMA slots no other test plugin calls
 * (tests/lit/ast/tables.c): GetNodeInfoBatch, GetPropertyBatch, GetParent,
 * GetDeclContext, GetScopeDeclaration, GetTagType, GetCanonicalType, and
 * the extension slots of the five sema extension phases stock Clang 22
 * cannot run. An observer after neverc.sema.analyze calls each one, checks
 * its effect against the single-node slots, and prints one line per check:
 * "table: <slot>: <what> ok" or "... FAILED (<why>)".
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TT_ID "org.neverc.test.table-tour"

static const NevercASTAPI *AST;
static const NevercSemaAPI *Sema;
static NevercTaskHandle T;

static NevercABITableHeader astHeader(uint32_t Size) {
  NevercABITableHeader H = {Size, NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR,
                            0};
  return H;
}
static NevercABITableHeader semaHeader(uint32_t Size) {
  NevercABITableHeader H = {Size, NEVERC_SEMA_API_MAJOR, NEVERC_SEMA_API_MINOR,
                            0};
  return H;
}
static int same(NevercHandle A, NevercHandle B) {
  return A.Owner == B.Owner && A.Value == B.Value;
}
static int named(NevercStringView V, const char *S) {
  return V.Length == strlen(S) && memcmp(V.Data, S, V.Length) == 0;
}
static void check(const char *Slot, const char *What, int Ok) {
  fprintf(stderr, "table: %s: %s %s\n", Slot, What, Ok ? "ok" : "FAILED");
}

/* The top-level declaration named \p Name (DECL_NAME), or a null handle. */
static NevercDeclHandle topLevel(const char *Name) {
  NevercDeclHandle TU, D;
  uint64_t N = 0, I;
  memset(&D, 0, sizeof D);
  AST->GetTranslationUnit(AST->Context, T, &TU);
  AST->GetChildCount(AST->Context, T, TU, &N);
  for (I = 0; I < N; ++I) {
    NevercASTValue V;
    AST->GetChild(AST->Context, T, TU, I, &D);
    memset(&V, 0, sizeof V);
    V.Header = astHeader(sizeof V);
    if (AST->GetProperty(AST->Context, T, D, NEVERC_AST_PROPERTY_DECL_NAME, &V)
                .Code == NEVERC_STATUS_OK &&
        named(V.StringValue, Name))
      return D;
  }
  memset(&D, 0, sizeof D);
  return D;
}

static void astSlots(void) {
  NevercDeclHandle TU, Fn = topLevel("area"), Point = topLevel("point");
  NevercFunctionDeclInfo FI;
  NevercASTNodeHandle Nodes[3], Parent, Local, DeclS;
  NevercASTNodeInfo Infos[3], One;
  NevercASTPropertyID Props[3];
  NevercASTValue Values[3], V;
  NevercDeclContextHandle DC;
  NevercStatus S;
  int I, Ok;
  AST->GetTranslationUnit(AST->Context, T, &TU);
  memset(&FI, 0, sizeof FI);
  FI.Header = astHeader(sizeof FI);
  AST->GetFunctionDeclInfo(AST->Context, T, Fn, &FI);
  /* area's body: { int scaled = ...; return scaled; } */
  AST->GetChild(AST->Context, T, FI.Body, 0, &DeclS);
  AST->GetChild(AST->Context, T, DeclS, 0, &Local);

  /* GetNodeInfoBatch = GetNodeInfo per node, at a stride. */
  Nodes[0] = TU;
  Nodes[1] = Fn;
  Nodes[2] = FI.Body;
  for (I = 0; I < 3; ++I) {
    memset(&Infos[I], 0, sizeof Infos[I]);
    Infos[I].Header = astHeader(sizeof Infos[I]);
  }
  S = AST->GetNodeInfoBatch(AST->Context, T, Nodes, 3, Infos, 3,
                            sizeof(NevercASTNodeInfo));
  Ok = S.Code == NEVERC_STATUS_OK;
  for (I = 0; I < 3 && Ok; ++I) {
    memset(&One, 0, sizeof One);
    One.Header = astHeader(sizeof One);
    AST->GetNodeInfo(AST->Context, T, Nodes[I], &One);
    Ok = One.Kind == Infos[I].Kind && same(One.Parent, Infos[I].Parent);
  }
  check("GetNodeInfoBatch", "three nodes as GetNodeInfo reads them", Ok);
  check("GetNodeInfoBatch", "capacity below the count -> INVALID_ARGUMENT",
        AST->GetNodeInfoBatch(AST->Context, T, Nodes, 3, Infos, 2,
                              sizeof(NevercASTNodeInfo))
                .Code == NEVERC_STATUS_INVALID_ARGUMENT);

  /* GetPropertyBatch: names of three decls; a bad entry changes nothing. */
  Nodes[0] = Fn;
  Nodes[1] = Point;
  Nodes[2] = Local;
  for (I = 0; I < 3; ++I) {
    Props[I] = NEVERC_AST_PROPERTY_DECL_NAME;
    memset(&Values[I], 0, sizeof Values[I]);
    Values[I].Header = astHeader(sizeof Values[I]);
  }
  S = AST->GetPropertyBatch(AST->Context, T, Nodes, Props, 3, Values, 3,
                            sizeof(NevercASTValue));
  check("GetPropertyBatch", "DECL_NAME of area, point, scaled",
        S.Code == NEVERC_STATUS_OK && named(Values[0].StringValue, "area") &&
            named(Values[1].StringValue, "point") &&
            named(Values[2].StringValue, "scaled"));
  for (I = 0; I < 3; ++I) {
    memset(&Values[I], 0, sizeof Values[I]);
    Values[I].Header = astHeader(sizeof Values[I]);
  }
  Nodes[2] = FI.Body; /* a statement has no DECL_NAME */
  S = AST->GetPropertyBatch(AST->Context, T, Nodes, Props, 3, Values, 3,
                            sizeof(NevercASTValue));
  check("GetPropertyBatch",
        "a statement's DECL_NAME -> WRONG_TYPE, no value written",
        S.Code == NEVERC_STATUS_WRONG_TYPE && Values[0].StringValue.Length == 0 &&
            Values[1].StringValue.Length == 0);

  /* GetParent: the local's parent is its DeclStmt; the body's is area;
   * the translation unit has none. */
  AST->GetParent(AST->Context, T, Local, &Parent);
  check("GetParent", "of a local variable is its DeclStmt",
        same(Parent, DeclS));
  AST->GetParent(AST->Context, T, FI.Body, &Parent);
  check("GetParent", "of a function body is the function", same(Parent, Fn));
  memset(&Parent, 0xff, sizeof Parent);
  S = AST->GetParent(AST->Context, T, TU, &Parent);
  check("GetParent", "of the translation unit is null",
        S.Code == NEVERC_STATUS_OK && Parent.Owner == 0 && Parent.Value == 0);

  /* GetDeclContext: the local's is area, area's is the translation unit. */
  AST->GetDeclContext(AST->Context, T, Local, &DC);
  check("GetDeclContext", "of a local variable is its function",
        same(DC, Fn));
  AST->GetDeclContext(AST->Context, T, Fn, &DC);
  check("GetDeclContext", "of a function is the translation unit",
        same(DC, TU));
  check("GetDeclContext", "of a statement -> WRONG_TYPE",
        AST->GetDeclContext(AST->Context, T, FI.Body, &DC).Code ==
            NEVERC_STATUS_WRONG_TYPE);
  (void)V;
}

static void semaSlots(void) {
  NevercSemaScopeHandle Scope;
  NevercSemaScopeInfo SI;
  NevercDeclHandle D, Point = topLevel("point"), Meters = topLevel("meters");
  NevercTypeHandle Tag, Canon, Ty;
  NevercTypeInfo TI;
  NevercVarDeclInfo VI;
  NevercDeclHandle Var = topLevel("height");
  uint64_t I;
  int Found = 0;
  NevercStatus S;
  (void)Meters;
  Sema->GetCurrentScope(Sema->Context, T, &Scope);
  memset(&SI, 0, sizeof SI);
  SI.Header = semaHeader(sizeof SI);
  Sema->GetScopeInfo(Sema->Context, T, Scope, &SI);
  for (I = 0; I < SI.DeclarationCount; ++I)
    if (Sema->GetScopeDeclaration(Sema->Context, T, Scope, I, &D).Code ==
            NEVERC_STATUS_OK &&
        same(D, Point))
      Found = 1;
  check("GetScopeDeclaration", "the file scope holds struct point", Found);
  check("GetScopeDeclaration", "index == DeclarationCount -> NOT_FOUND",
        Sema->GetScopeDeclaration(Sema->Context, T, Scope, SI.DeclarationCount,
                                  &D)
                .Code == NEVERC_STATUS_NOT_FOUND);

  S = Sema->GetTagType(Sema->Context, T, Point, &Tag);
  memset(&TI, 0, sizeof TI);
  TI.Header = astHeader(sizeof TI);
  AST->GetTypeInfo(AST->Context, T, Tag, &TI);
  check("GetTagType", "struct point is a 64-bit record type",
        S.Code == NEVERC_STATUS_OK && TI.SizeInBits == 64 &&
            named(TI.Name, "struct point"));
  check("GetTagType", "of a function -> WRONG_TYPE",
        Sema->GetTagType(Sema->Context, T, topLevel("area"), &Tag).Code ==
            NEVERC_STATUS_WRONG_TYPE);

  /* height is `meters height;` with typedef long meters. */
  memset(&VI, 0, sizeof VI);
  VI.Header = astHeader(sizeof VI);
  AST->GetVarDeclInfo(AST->Context, T, Var, &VI);
  S = Sema->GetCanonicalType(Sema->Context, T, VI.Type, &Canon);
  AST->GetBuiltinType(AST->Context, T, NEVERC_BUILTIN_TYPE_LONG, &Ty);
  memset(&TI, 0, sizeof TI);
  TI.Header = astHeader(sizeof TI);
  AST->GetTypeInfo(AST->Context, T, VI.Type, &TI);
  check("GetCanonicalType", "of typedef meters is long",
        S.Code == NEVERC_STATUS_OK && same(Canon, Ty) &&
            named(TI.Name, "meters") && !same(VI.Type, Ty));
}

/* The sema extension slots outside their phases (here: an observer of
 * sema.analyze): an input decoded from another phase's artifact is
 * WRONG_TYPE; an observer makes no output (POLICY_VIOLATION). */
static void unavailableSlots(const NevercPhaseFrame *F) {
  NevercArtifactHandle Out;
  NevercSemaExpressionExtensionOutput EO;
  NevercSemaStatementExtensionInput SI;
  NevercSemaStatementExtensionOutput SO;
  NevercSemaDeclarationExtensionInput DI;
  NevercSemaDeclarationExtensionOutput DO;
  NevercSemaTypeExtensionInput TI;
  NevercSemaTypeExtensionOutput TO;
  NevercSemaConversionExtensionInput CI;
  NevercSemaConversionExtensionOutput CO;
  int Ok;
#define ZERO(X) (memset(&(X), 0, sizeof(X)), (X).Header = semaHeader(sizeof(X)))
  ZERO(EO), ZERO(SI), ZERO(SO), ZERO(DI), ZERO(DO), ZERO(TI), ZERO(TO),
      ZERO(CI), ZERO(CO);
#undef ZERO
  EO.Disposition = SO.Disposition = DO.Disposition = TO.Disposition =
      CO.Disposition = NEVERC_SEMA_EXTENSION_UNHANDLED;
#define IS(Call, Want) ((Call).Code == NEVERC_STATUS_##Want)
  Ok = IS(Sema->CreateExpressionExtensionOutput(Sema->Context, F, NULL, &EO,
                                                &Out),
          POLICY_VIOLATION) &&
       IS(Sema->GetStatementExtensionInput(Sema->Context, F, F->Input, &SI),
          WRONG_TYPE) &&
       IS(Sema->CreateStatementExtensionOutput(Sema->Context, F, NULL, &SO,
                                               &Out),
          POLICY_VIOLATION) &&
       IS(Sema->GetDeclarationExtensionInput(Sema->Context, F, F->Input, &DI),
          WRONG_TYPE) &&
       IS(Sema->CreateDeclarationExtensionOutput(Sema->Context, F, NULL, &DO,
                                                 &Out),
          POLICY_VIOLATION) &&
       IS(Sema->GetTypeExtensionInput(Sema->Context, F, F->Input, &TI),
          WRONG_TYPE) &&
       IS(Sema->CreateTypeExtensionOutput(Sema->Context, F, NULL, &TO, &Out),
          POLICY_VIOLATION) &&
       IS(Sema->GetConversionExtensionInput(Sema->Context, F, F->Input, &CI),
          WRONG_TYPE) &&
       IS(Sema->CreateConversionExtensionOutput(Sema->Context, F, NULL, &CO,
                                                &Out),
          POLICY_VIOLATION);
#undef IS
  check("sema extension slots",
        "outside their phases -> WRONG_TYPE (input), "
        "POLICY_VIOLATION (output from an observer)",
        Ok);
}

static NevercStatus NEVERC_CALL onAnalyzed(const NevercPhaseFrame *F,
                                           NevercObserverPoint P, void *UD) {
  (void)UD;
  if (P != NEVERC_OBSERVER_AFTER)
    return status(NEVERC_STATUS_OK);
  T = F->Task;
  astSlots();
  semaSlots();
  unavailableSlots(F);
  return status(NEVERC_STATUS_OK);
}

static const void *query(const NevercCoreAPI *Core, uint64_t High,
                         uint64_t Low, uint16_t Major, uint16_t Minor) {
  NevercInterfaceID ID = {High, Low};
  const void *Table = NULL;
  uint16_t Got = 0;
  uint64_t Size = 0;
  if (Core->QueryInterface(Core->Context, ID, Major, Minor, &Table, &Got,
                           &Size)
          .Code != NEVERC_STATUS_OK)
    return NULL;
  return Table;
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  NevercObserverDescriptor O;
  (void)PS;
  AST = (const NevercASTAPI *)query(Core, NEVERC_INTERFACE_AST_HIGH,
                                    NEVERC_INTERFACE_AST_LOW,
                                    NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR);
  Sema = (const NevercSemaAPI *)query(Core, NEVERC_INTERFACE_SEMA_HIGH,
                                      NEVERC_INTERFACE_SEMA_LOW,
                                      NEVERC_SEMA_API_MAJOR,
                                      NEVERC_SEMA_API_MINOR);
  if (!AST || !Sema)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  memset(&O, 0, sizeof O);
  O.Header.StructSize = sizeof O;
  O.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  O.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  O.Phase.High = NEVERC_PHASE_SEMA_ANALYZE_HIGH;
  O.Phase.Low = NEVERC_PHASE_SEMA_ANALYZE_LOW;
  O.Points = NEVERC_OBSERVER_AFTER;
  O.Callback = onAnalyzed;
  return R->RegisterObserver(RC, &O);
}

NEVERC_TEST_PLUGIN_ENTRY(TT_ID, TT_ID, registerPlugin, NULL, NULL, NULL)
