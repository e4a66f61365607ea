/*
 * A tour of NevercIRCoreAPI (tests/lit/ir/core-tour.c): a MODULE pass at
 * neverc.ir.pass.post_opt calls every one of the 99 slots through the C ABI,
 * checks what each one did, and -- wherever a slot can fail -- that it fails
 * with the exact status (WRONG_TYPE for a handle of the wrong kind or
 * class, NOT_FOUND out of range, INVALID_ARGUMENT for a schema ID of another
 * domain or a NULL out pointer, STALE_HANDLE for an erased instruction, a
 * released buffer or a cursor across EraseValue, POLICY_VIOLATION for a
 * property outside the opcode's writable set ...). A MODULE pass at pre_opt
 * keeps handles and a buffer for post_opt (value and metadata handles go
 * stale across ir.optimize; types, attributes and buffers do not), and an
 * observer before neverc.ir.final_verify may read but not change the IR.
 * Every edit is undone or harmless, so the object still links and runs.
 *
 * One line per check on stderr: "ir-tour: <slot>: <what> ok" or
 * "... FAILED (<why>)", then "ir-tour: summary: <n> checks, <m> failed".
 *
 * NEVERC_IR_TOUR selects a variant:
 *   (unset)        the tour
 *   limits         the tour plus the LLVM 22 limits (CAPABILITY_UNAVAILABLE)
 *                  and the refused imports, which the host also reports
 *   leak           the tour, leaving one ExportModule buffer unreleased
 *   probe-<name>   one probe of what would crash or corrupt the compile,
 *                  alone (the end of IRCoreTourEdits.inc)
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOUR_ID "org.neverc.test.ir-core-tour"

typedef NevercIRValueHandle V;
typedef NevercIRTypeHandle Ty;
typedef NevercIRMetadataHandle MD;
typedef NevercIRAttributeHandle AT;

static const NevercIRCoreAPI *C;
static NevercTaskHandle T;
#define CX C->Context

static const char *Mode = "";
static int Limits, Leak;
static unsigned Checks, Failures;

/*===--- Reporting ---------------------------------------------------------===*/

static void check(const char *Slot, const char *What, int Ok) {
  ++Checks;
  Failures += !Ok;
  fprintf(stderr, "ir-tour: %s: %s %s\n", Slot, What, Ok ? "ok" : "FAILED");
}

static const char *code(int32_t C0) {
  NevercStatus S = status(C0);
  switch (C0) {
  case NEVERC_STATUS_INVALID_DESCRIPTOR: return "INVALID_DESCRIPTOR";
  case NEVERC_STATUS_RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
  case NEVERC_STATUS_WRONG_SESSION: return "WRONG_SESSION";
  default: return tpCode(S);
  }
}

/* "<what> -> <STATUS>": the slot must answer exactly \p Want. */
static void expect(const char *Slot, const char *What, NevercStatus S,
                   int32_t Want) {
  ++Checks;
  Failures += S.Code != Want;
  if (S.Code == Want)
    fprintf(stderr, "ir-tour: %s: %s -> %s ok\n", Slot, What, code(Want));
  else
    fprintf(stderr, "ir-tour: %s: %s -> %s FAILED (got %s)\n", Slot, What,
            code(Want), code(S.Code));
}
#define NULLOUT(Slot, Call) expect(Slot, "NULL out pointer", Call, NEVERC_STATUS_INVALID_ARGUMENT)

/*===--- Small helpers ------------------------------------------------------===*/

static NevercStringView sv(const char *S) {
  NevercStringView R;
  R.Data = S;
  R.Length = strlen(S);
  return R;
}
static NevercStringView svn(const char *S, uint64_t N) {
  NevercStringView R;
  R.Data = S;
  R.Length = N;
  return R;
}
static NevercByteView bytes(const void *P, uint64_t N) {
  NevercByteView R;
  R.Data = (const uint8_t *)P;
  R.Length = N;
  return R;
}
static NevercHandle none(void) {
  NevercHandle H;
  memset(&H, 0, sizeof H);
  return H;
}
static int same(NevercHandle A, NevercHandle B) {
  return A.Owner == B.Owner && A.Value == B.Value;
}
static int null(NevercHandle A) { return !A.Owner && !A.Value; }
static int ok(NevercStatus S) { return S.Code == NEVERC_STATUS_OK; }
static int eq(NevercStringView A, const char *S) {
  return A.Data && tpSame(A, S);
}
/* \p Needle occurs in the \p N bytes at \p P. */
static int contains(const void *P, uint64_t N, const char *Needle) {
  const char *H = (const char *)P;
  uint64_t L = strlen(Needle), I;
  for (I = 0; H && L <= N && I + L <= N; ++I)
    if (memcmp(H + I, Needle, L) == 0)
      return 1;
  return 0;
}
/* A NUL-terminated copy of a borrowed view (views die with their object). */
static char *dup(NevercStringView V) {
  char *R = (char *)malloc(V.Length + 1);
  if (!R)
    abort();
  if (V.Length)
    memcpy(R, V.Data, V.Length);
  R[V.Length] = 0;
  return R;
}
static NevercABITableHeader coreHeader(uint32_t Size) {
  return tpHeader(Size, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
}
static NevercIRPropertyValue prop(NevercIRPropertyValueKind Kind,
                                  uint64_t U) {
  NevercIRPropertyValue P;
  memset(&P, 0, sizeof P);
  P.Header = coreHeader(sizeof P);
  P.Kind = Kind;
  P.UnsignedValue = U;
  return P;
}
static NevercIRUseInfo useInfo(void) {
  NevercIRUseInfo U;
  memset(&U, 0, sizeof U);
  U.Header = coreHeader(sizeof U);
  return U;
}
static NevercIRPhiIncoming incoming(V Value, V Block) {
  NevercIRPhiIncoming P;
  memset(&P, 0, sizeof P);
  P.Header = coreHeader(sizeof P);
  P.Value = Value;
  P.Block = Block;
  return P;
}

/*===--- The schema, as the plugin sees it ---------------------------------===*/

struct OpRow {
  NevercIROpcode ID;
  uint32_t Min, Max;
  NevercIRResultConstraint Result;
  NevercBool Terminator;
  NevercIRPropertyFlags Writable;
  const char *Name;
};
static const struct OpRow OpRows[] = {
#define NEVERC_IR_SCHEMA_OPCODE(S, ID, I, Cat, Min, Max, Res, Term, Side, W,   \
                                Name)                                          \
  {ID, Min, Max, Res, Term, W, Name},
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
struct PropRow {
  NevercIRPropertyID ID;
  const char *Symbol, *Type;
};
static const struct PropRow PropRows[] = {
#define NEVERC_IR_SCHEMA_PROPERTY(S, ID, FLAG, VT) {ID, #S, VT},
#include "neverc/Plugin/Schema/PluginIRSchema.inc"
};
#define NPROPS (sizeof PropRows / sizeof PropRows[0])

static const struct OpRow *opRow(NevercIROpcode Op) {
  uint32_t Ord = Op & 0xffffff;
  if ((Op >> 24) != 0x43 || !Ord || Ord > sizeof OpRows / sizeof OpRows[0])
    return NULL;
  return &OpRows[Ord - 1];
}
static uint64_t flagOf(NevercIRPropertyID P) {
  return UINT64_C(1) << ((P & 0xffffff) - 1);
}
/* The NevercIRPropertyValueKind a schema value type travels as; 0 for the
 * two that IR_CORE 1.0 cannot carry. */
static NevercIRPropertyValueKind kindOfType(const char *VT) {
  if (!strcmp(VT, "string")) return NEVERC_IR_PROPERTY_VALUE_STRING;
  if (!strcmp(VT, "flags")) return NEVERC_IR_PROPERTY_VALUE_FLAGS;
  if (!strcmp(VT, "bool")) return NEVERC_IR_PROPERTY_VALUE_BOOL;
  if (!strcmp(VT, "u64")) return NEVERC_IR_PROPERTY_VALUE_UINT;
  if (!strcmp(VT, "enum")) return NEVERC_IR_PROPERTY_VALUE_ENUM;
  if (!strcmp(VT, "type")) return NEVERC_IR_PROPERTY_VALUE_TYPE;
  return 0;
}

/*===--- Walking the module -------------------------------------------------===*/

#define MAXV 512

/* Every value of a collection (up to \p Cap), in batches of 5. */
static uint64_t all(NevercHandle Container, NevercIRValueCollection Col, V *Out,
                    uint64_t Cap) {
  NevercIRValueCursor Cu;
  V Batch[5];
  uint64_t N = 0, K, I;
  memset(&Cu, 0, sizeof Cu);
  if (!ok(C->BeginValueCursor(CX, T, Container, Col, &Cu)))
    return 0;
  while (ok(C->CollectValueCursor(CX, T, &Cu, Batch, 5, &K)) && K)
    for (I = 0; I < K; ++I)
      if (N < Cap)
        Out[N++] = Batch[I];
  return N;
}
static NevercIRModuleHandle module(void) {
  NevercIRModuleHandle M = none();
  C->GetModule(CX, T, &M);
  return M;
}
/* The value named \p Name in \p Col of the module (null handle if none). */
static V named(NevercIRValueCollection Col, const char *Name) {
  V All[MAXV];
  uint64_t N = all(module(), Col, All, MAXV), I;
  for (I = 0; I < N; ++I) {
    NevercStringView S;
    if (ok(C->GetValueName(CX, T, All[I], &S)) && eq(S, Name))
      return All[I];
  }
  return none();
}
static V fn(const char *Name) {
  return named(NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, Name);
}
static V gv(const char *Name) {
  return named(NEVERC_IR_COLLECTION_MODULE_GLOBALS, Name);
}
static NevercIROpcode opOf(V I) {
  NevercIROpcode Op = 0;
  C->GetInstructionOpcode(CX, T, I, &Op);
  return Op;
}
static NevercIRValueKind kindOf(V X) {
  NevercIRValueKind K = 0;
  C->GetValueKind(CX, T, X, &K);
  return K;
}
static NevercIRTypeKind typeKind(Ty X) {
  NevercIRTypeKind K = 0;
  C->GetTypeKind(CX, T, X, &K);
  return K;
}
static Ty typeOf(V X) {
  Ty R = none();
  C->GetValueType(CX, T, X, &R);
  return R;
}
static uint64_t nOps(V U) {
  uint64_t N = 0;
  C->GetOperandCount(CX, T, U, &N);
  return N;
}
static V op(V U, uint64_t I) {
  V R = none();
  C->GetOperand(CX, T, U, I, &R);
  return R;
}
static uint64_t nUses(V X) {
  uint64_t N = 0;
  C->GetValueUseCount(CX, T, X, &N);
  return N;
}
static int nameIs(V X, const char *Name) {
  NevercStringView S;
  return ok(C->GetValueName(CX, T, X, &S)) && eq(S, Name);
}
/* Instruction \p N (0-based) of opcode \p Op in \p F, in block order. */
static V nth(V F, NevercIROpcode Op, unsigned N) {
  V Blocks[64], Insts[MAXV];
  uint64_t NB = all(F, NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, Blocks, 64), B, I;
  for (B = 0; B < NB; ++B) {
    uint64_t NI =
        all(Blocks[B], NEVERC_IR_COLLECTION_BLOCK_INSTRUCTIONS, Insts, MAXV);
    for (I = 0; I < NI; ++I)
      if (opOf(Insts[I]) == Op && N-- == 0)
        return Insts[I];
  }
  return none();
}
/* The first instruction of opcode \p Op in \p F whose first operand (with
 * \p Last: last, the callee of a call) is \p Of. */
static V userOf(V F, NevercIROpcode Op, V Of, int Last) {
  unsigned K;
  V I;
  for (K = 0; !null(I = nth(F, Op, K)); ++K)
    if (same(op(I, Last ? nOps(I) - 1 : 0), Of))
      return I;
  return none();
}
static Ty intTy(uint32_t Bits) {
  Ty R = none();
  C->GetIntegerType(CX, T, Bits, &R);
  return R;
}
static Ty primTy(NevercIRTypeKind K) {
  Ty R = none();
  C->GetPrimitiveType(CX, T, K, &R);
  return R;
}
static V cint(Ty Type, uint64_t W) {
  V R = none();
  C->CreateIntegerConstant(CX, T, Type, &W, 1, &R);
  return R;
}
static NevercIRPropertyValue getProp(V I, NevercIRPropertyID P,
                                     NevercStatus *S) {
  NevercIRPropertyValue R = prop(0, 0);
  NevercStatus X = C->GetInstructionProperty(CX, T, I, P, &R);
  if (S)
    *S = X;
  return R;
}
static uint64_t propU(V I, NevercIRPropertyID P) {
  return getProp(I, P, NULL).UnsignedValue;
}
static NevercStatus setProp(V I, NevercIRPropertyID P,
                            NevercIRPropertyValueKind K, uint64_t U) {
  return C->SetInstructionProperty(CX, T, I, P, prop(K, U));
}
/* Writes \p U, reads it back, writes \p Back and reads that back. */
static int roundTrip(V I, NevercIRPropertyID P, NevercIRPropertyValueKind K,
                     uint64_t U, uint64_t Back) {
  int R = ok(setProp(I, P, K, U)) && propU(I, P) == U;
  return ok(setProp(I, P, K, Back)) && propU(I, P) == Back && R;
}

/*===--- What the tour works on ---------------------------------------------===*/

static struct {
  NevercIRModuleHandle M;
  NevercIRContextHandle Ctx;
  V Pick, Fill, Total, Scaled, Widen, Product, Mix, Claim, Probe, Main, Printf,
      Resolve, Alias, IFunc;
  V One, Sink, Table, TableRef, Scale, Flag, Counter;
  Ty I1, I8, I32, I64, I128, Dbl, Flt, Ptr, Void, Arr8, Label, Token;
} W;

#include "IRCoreTourChecks.inc"
#include "IRCoreTourEdits.inc"

/*===--- pre_opt: handles and a buffer kept for post_opt --------------------===*/

static struct {
  int Ran, SawSquare;
  NevercIRValueCursor Walk;
  V Fn;
  MD Str;
  Ty I32;
  AT Cold;
  NevercIRSerializedBufferHandle Buf;
  char *Copy;
  uint64_t Length;
  uint32_t Level;
} Pre;

static NevercStatus NEVERC_CALL preOpt(const NevercIRPassInvocation *Inv,
                                       NevercIRPreservedAnalyses *Kept,
                                       void *UD) {
  V Fns[MAXV];
  NevercByteView B;
  uint64_t Got = 0;
  (void)UD;
  C = Inv->Core;
  T = Inv->Task;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL; /* exporting changes nothing */
  if (!strncmp(Mode, "probe-", 6))
    return status(NEVERC_STATUS_OK);
  Pre.Ran = 1;
  Pre.Level = Inv->OptimizationLevel;
  all(Inv->Module, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, Fns, MAXV);
  Pre.Fn = Fns[0];
  Pre.SawSquare = !null(fn("square"));
  /* A walk stopped after two functions, kept for post_opt. */
  memset(&Pre.Walk, 0, sizeof Pre.Walk);
  C->BeginValueCursor(CX, T, Inv->Module, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS,
                      &Pre.Walk);
  C->CollectValueCursor(CX, T, &Pre.Walk, Fns, 2, &Got);
  C->CreateMetadataString(CX, T, sv("pre_opt"), &Pre.Str);
  Pre.I32 = intTy(32);
  C->CreateEnumAttribute(CX, T, sv("cold"), &Pre.Cold);
  C->ExportModule(CX, T, NEVERC_IR_SERIALIZATION_TEXT, &Pre.Buf);
  memset(&B, 0, sizeof B);
  C->GetSerializedBufferView(CX, T, Pre.Buf, &B);
  Pre.Copy = dup(svn((const char *)B.Data, B.Length));
  Pre.Length = B.Length;
  return status(NEVERC_STATUS_OK);
}

/* post_opt against what pre_opt kept. */
static void crossPhase(void) {
  NevercStringView S;
  NevercIRMetadataKind K;
  NevercByteView B;
  Ty Now = intTy(32);
  V Batch[2];
  uint64_t Got = 0;
  check("pass invocations", "pre_opt ran first, at the same optimisation level",
        Pre.Ran && Pre.Level == NEVERC_IR_OPTIMIZATION_O1);
  check("CollectValueCursor", "pre_opt saw square, which ir.optimize inlined and deleted",
        Pre.SawSquare && null(fn("square")));
  expect("CollectValueCursor", "a walk of MODULE_FUNCTIONS begun at pre_opt, after ir.optimize",
         C->CollectValueCursor(CX, T, &Pre.Walk, Batch, 2, &Got),
         NEVERC_STATUS_STALE_HANDLE);
  expect("GetValueName", "a value handle from pre_opt, after ir.optimize",
         C->GetValueName(CX, T, Pre.Fn, &S), NEVERC_STATUS_STALE_HANDLE);
  expect("GetMetadataKind", "a metadata handle from pre_opt",
         C->GetMetadataKind(CX, T, Pre.Str, &K), NEVERC_STATUS_STALE_HANDLE);
  check("GetIntegerType", "a type handle from pre_opt is still i32 (types stay)",
        same(Pre.I32, Now) && typeKind(Pre.I32) == NEVERC_IR_TYPE_INTEGER);
  check("GetAttributeKindName", "an attribute from pre_opt is still 'cold'",
        ok(C->GetAttributeKindName(CX, T, Pre.Cold, &S)) && eq(S, "cold"));
  memset(&B, 0, sizeof B);
  check("GetSerializedBufferView",
        "pre_opt's buffer holds the bytes it held there (unoptimised text)",
        ok(C->GetSerializedBufferView(CX, T, Pre.Buf, &B)) &&
            B.Length == Pre.Length && !memcmp(B.Data, Pre.Copy, B.Length) &&
            contains(B.Data, B.Length, "alloca i32"));
  check("ReleaseSerializedBuffer", "pre_opt's buffer, released at post_opt",
        ok(C->ReleaseSerializedBuffer(CX, T, Pre.Buf)));
  expect("GetSerializedBufferView", "a released buffer",
         C->GetSerializedBufferView(CX, T, Pre.Buf, &B),
         NEVERC_STATUS_STALE_HANDLE);
  expect("ReleaseSerializedBuffer", "a buffer released twice",
         C->ReleaseSerializedBuffer(CX, T, Pre.Buf), NEVERC_STATUS_STALE_HANDLE);
  free(Pre.Copy);
  Pre.Copy = NULL;
}

/*===--- post_opt: the tour -------------------------------------------------===*/

static NevercStatus NEVERC_CALL postOpt(const NevercIRPassInvocation *Inv,
                                        NevercIRPreservedAnalyses *Kept,
                                        void *UD) {
  (void)UD;
  C = Inv->Core;
  T = Inv->Task;
  Kept->Flags = NEVERC_IR_PRESERVE_NONE;
  if (!strncmp(Mode, "probe-", 6)) {
    runProbe(Inv, Mode + 6);
    return status(NEVERC_STATUS_OK);
  }
  tourModule(Inv);
  crossPhase(); /* before the tour changes anything */
  tourCursors();
  tourTypes();
  tourKinds();
  tourConstants();
  tourMetadata();
  tourGraph();
  tourPropertySweep();
  tourPropertyWrites();
  tourEdits();
  tourAttributes();
  tourModuleStrings();
  tourGlobals();
  tourFunctions();
  tourReplaceErase();
  tourSerialization();
  if (Limits)
    tourLimits();
  return status(NEVERC_STATUS_OK);
}

/*===--- An observer may read, not change ------------------------------------===*/

static NevercStatus NEVERC_CALL beforeFinalVerify(const NevercPhaseFrame *F,
                                                  NevercObserverPoint Point,
                                                  void *UD) {
  (void)UD;
  (void)Point;
  T = F->Task;
  if (!strcmp(Mode, "probe-function-import"))
    probeFunctionImportSummary();
  else if (!strncmp(Mode, "probe-", 6))
    return status(NEVERC_STATUS_OK);
  else
    observeFinal();
  fprintf(stderr, "ir-tour: summary: %u checks, %u failed\n", Checks,
          Failures);
  return status(NEVERC_STATUS_OK);
}

/*===--- Registration ---------------------------------------------------------===*/

static NevercStatus registerPass(const NevercIRPassAPI *Pass, void *RC,
                                 const char *ID, uint64_t Low,
                                 NevercIRPassLevel Level, NevercIRPassRunFn Run) {
  NevercIRPassDescriptor P;
  memset(&P, 0, sizeof P);
  P.Header =
      tpHeader(sizeof P, NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR);
  P.PassID = sv(ID);
  P.Phase.High = NEVERC_PHASE_IR_PASS_POST_OPT_HIGH;
  P.Phase.Low = Low;
  P.Level = Level;
  P.Deterministic = NEVERC_TRUE;
  P.Run = Run;
  return Pass->RegisterPass(Pass->Context, RC, &P);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  const NevercIRPassAPI *Pass;
  NevercObserverDescriptor O;
  NevercStatus S;
  uint64_t Size = 0;
  uint16_t Minor = 0;
  NevercInterfaceID ID;
  const void *Table = NULL;
  (void)PS;
  Mode = getenv("NEVERC_IR_TOUR") ? getenv("NEVERC_IR_TOUR") : "";
  Limits = !strcmp(Mode, "limits");
  Leak = !strcmp(Mode, "leak");
  ID.High = NEVERC_INTERFACE_IR_CORE_HIGH;
  ID.Low = NEVERC_INTERFACE_IR_CORE_LOW;
  /* The whole table: the tour calls its last slot. */
  if (!ok(Core->QueryInterface(Core->Context, ID, NEVERC_IR_CORE_API_MAJOR,
                               NEVERC_IR_CORE_API_MINOR, &Table, &Minor,
                               &Size)) ||
      !Table || Size < sizeof(NevercIRCoreAPI))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  C = (const NevercIRCoreAPI *)Table;
  Pass = (const NevercIRPassAPI *)tpQuery(
      Core, NEVERC_INTERFACE_IR_PASS_HIGH, NEVERC_INTERFACE_IR_PASS_LOW,
      NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR);
  if (!Pass)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if (!strcmp(Mode, "probe-function-import")) {
    if (!ok(S = registerPass(Pass, RC, "ir-tour.probe",
                             NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
                             NEVERC_IR_PASS_LEVEL_FUNCTION,
                             probeFunctionImport)))
      return S;
  } else if (!ok(S = registerPass(Pass, RC, "ir-tour.pre_opt",
                           NEVERC_PHASE_IR_PASS_PRE_OPT_LOW,
                           NEVERC_IR_PASS_LEVEL_MODULE, preOpt)) ||
      !ok(S = registerPass(Pass, RC, "ir-tour.post_opt",
                           NEVERC_PHASE_IR_PASS_POST_OPT_LOW,
                           NEVERC_IR_PASS_LEVEL_MODULE, postOpt)))
    return S;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_IR_FINAL_VERIFY_HIGH;
  O.Phase.Low = NEVERC_PHASE_IR_FINAL_VERIFY_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE;
  O.Callback = beforeFinalVerify;
  return R->RegisterObserver(RC, &O);
}

NEVERC_TEST_PLUGIN_ENTRY(TOUR_ID, TOUR_ID, registerPlugin, NULL, NULL, NULL)
