/*
 * A tour of NevercIRBuilderAPI (tests/lit/ir/builder.c): every one of the
 * 29 slots through the C ABI with what it did, and every transaction rule
 * with a positive and a negative case and the exact status.
 *
 * One MODULE pass (builder.tour) at neverc.ir.pass.pre_opt:
 *  - FUNCTION mutations that commit real code the program then runs:
 *      pick(a, b)  -> helper((a < b ? a * b + 1 : a - b) + (a < b ? 100 : 200))
 *                     through a stack slot (alloca, GEP, store, load, sext,
 *                     trunc), a diamond with a PHI and a block that is never
 *                     reached (unreachable);
 *      flip(x)     -> x > 0.0 ? -x : x   (fneg and fcmp with fast-math flags)
 *      mark(p)     -> also stores 42 through p and returns with ret void;
 *  - a MODULE mutation that creates neverc_tour_made(x) = x * 7 + 1 and
 *    points main's call of made() at it;
 *  - the rollbacks: a FUNCTION and a MODULE commit of invalid IR
 *    (VERIFICATION_FAILED), AbortMutation of a FUNCTION (with SetOperand,
 *    ReplaceAllUsesWith and EraseValue undone), LOOP and MODULE mutation,
 *    and DestroyMutation of an open one; each time the module's bitcode
 *    (ExportModule) is byte-for-byte the one before BeginMutation, and the
 *    handles the mutation created are STALE_HANDLE;
 *  - the refusals: INVALID_STATE, STALE_HANDLE, WRONG_SCOPE, WRONG_TYPE,
 *    INVALID_ARGUMENT, DUPLICATE_ID, each with its input.
 * An observer before neverc.ir.pass.post_opt, holding the table from the
 * core's QueryInterface, may not begin a mutation (POLICY_VIOLATION).
 *
 * One line per check on stderr: "builder: <slot>: <what> ok" or
 * "... FAILED (<why>)", then a summary line.
 *
 * IR_BUILDER_MODE selects a variant:
 *   (unset)      the tour
 *   leave-open   the pass returns with a FUNCTION mutation still open (the
 *                host rolls it back and fails the compile)
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOUR_ID "org.neverc.test.ir-builder-tour"

typedef NevercIRValueHandle V;
typedef NevercIRTypeHandle Ty;
typedef NevercIRMutationHandle MH;
typedef NevercIRBuilderHandle BH;

static const NevercIRCoreAPI *C;    /* from QueryInterface */
static const NevercIRBuilderAPI *B; /* from QueryInterface */
static const NevercIRPassAPI *Pass;
static uint64_t BuilderSize;
static NevercTaskHandle T;
static V Mod;
#define CX C->Context
#define BX B->Context

static const char *Mode = "";
static unsigned Checks, Failures;

/*===--- Reporting ---------------------------------------------------------===*/

static void check(const char *Slot, const char *What, int Ok) {
  ++Checks;
  Failures += !Ok;
  fprintf(stderr, "builder: %s: %s %s\n", Slot, What, Ok ? "ok" : "FAILED");
}

/* "<what> -> <STATUS>": the slot must answer exactly \p Want. */
static int expect(const char *Slot, const char *What, NevercStatus S,
                  NevercStatusCode Want) {
  ++Checks;
  Failures += S.Code != Want;
  if (S.Code == Want)
    fprintf(stderr, "builder: %s: %s -> %s ok\n", Slot, What,
            tpCode(status(Want)));
  else
    fprintf(stderr, "builder: %s: %s -> %s FAILED (got %s)\n", Slot, What,
            tpCode(status(Want)), tpCode(S));
  return S.Code == Want;
}

/* An OK call whose effect is then checked: "<what> ok" or FAILED naming
 * the status or the effect that was missing. */
static int effect(const char *Slot, const char *What, NevercStatus S,
                  int Effect) {
  ++Checks;
  if (S.Code == NEVERC_STATUS_OK && Effect) {
    fprintf(stderr, "builder: %s: %s ok\n", Slot, What);
    return 1;
  }
  ++Failures;
  if (S.Code != NEVERC_STATUS_OK)
    fprintf(stderr, "builder: %s: %s FAILED (got %s)\n", Slot, What,
            tpCode(S));
  else
    fprintf(stderr, "builder: %s: %s FAILED (wrong effect)\n", Slot, What);
  return 0;
}

/*===--- Small helpers -----------------------------------------------------===*/

static NevercStringView sv(const char *S) {
  NevercStringView R;
  R.Data = S;
  R.Length = strlen(S);
  return R;
}
#define NONAME sv("")

static int same(NevercHandle A, NevercHandle Bh) {
  return A.Owner == Bh.Owner && A.Value == Bh.Value;
}

static NevercHandle none(void) {
  NevercHandle H;
  H.Owner = 0;
  H.Value = 0;
  return H;
}

/* Up to Cap members of a collection, in order. */
static uint64_t collect(NevercHandle Container, NevercIRValueCollection Kind,
                        V *Out, uint64_t Cap) {
  NevercIRValueCursor Cur;
  uint64_t N = 0, K = 0;
  memset(&Cur, 0, sizeof Cur);
  if (C->BeginValueCursor(CX, T, Container, Kind, &Cur).Code)
    return 0;
  while (N < Cap) {
    if (C->CollectValueCursor(CX, T, &Cur, Out + N, Cap - N, &K).Code || !K)
      break;
    N += K;
  }
  return N;
}

/* A function by name (global names survive Clang's discarded local ones),
 * or a null handle. */
static V fn(const char *Name) {
  V Fns[128];
  uint64_t N = collect(Mod, NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, Fns, 128),
           I;
  for (I = 0; I < N; ++I) {
    NevercStringView Got;
    if (C->GetValueName(CX, T, Fns[I], &Got).Code == 0 && tpSame(Got, Name))
      return Fns[I];
  }
  return none();
}

static V nth(NevercHandle Container, NevercIRValueCollection Kind,
             uint64_t Index) {
  V All[64];
  uint64_t N = collect(Container, Kind, All, 64);
  return Index < N ? All[Index] : none();
}
#define ARG(F, I) nth(F, NEVERC_IR_COLLECTION_FUNCTION_ARGUMENTS, I)
#define BLOCK(F, I) nth(F, NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, I)
#define INST(BB, I) nth(BB, NEVERC_IR_COLLECTION_BLOCK_INSTRUCTIONS, I)

static uint64_t count(NevercHandle Container, NevercIRValueCollection Kind) {
  V All[64];
  return collect(Container, Kind, All, 64);
}

static V term(V Block) {
  V R = none();
  C->GetTerminator(CX, T, Block, &R);
  return R;
}

static V operand(V I, uint64_t Index) {
  V R = none();
  C->GetOperand(CX, T, I, Index, &R);
  return R;
}

static uint64_t operandCount(V I) {
  uint64_t N = UINT64_MAX;
  C->GetOperandCount(CX, T, I, &N);
  return N;
}

static int isOp(V I, NevercIROpcode Want) {
  NevercIROpcode Got = 0;
  return C->GetInstructionOpcode(CX, T, I, &Got).Code == 0 && Got == Want;
}

static NevercIRPropertyValue prop(V I, NevercIRPropertyID P) {
  NevercIRPropertyValue R;
  memset(&R, 0, sizeof R);
  R.Header = tpHeader(sizeof R, NEVERC_IR_CORE_API_MAJOR,
                      NEVERC_IR_CORE_API_MINOR);
  if (C->GetInstructionProperty(CX, T, I, P, &R).Code)
    R.Kind = 0;
  return R;
}

static int typeIs(V X, Ty Want) {
  Ty Got;
  return C->GetValueType(CX, T, X, &Got).Code == 0 && same(Got, Want);
}

static int kindIs(V X, NevercIRValueKind Want) {
  NevercIRValueKind K = 0;
  return C->GetValueKind(CX, T, X, &K).Code == 0 && K == Want;
}

static uint64_t uses(V X) {
  uint64_t N = UINT64_MAX;
  C->GetValueUseCount(CX, T, X, &N);
  return N;
}

static Ty I1, I32, I64, DBL, PTR, VOIDT, ARR2, PAIR, FN_I32_I32, FN_V_P;

static V i32(uint64_t X) {
  V R = none();
  C->CreateIntegerConstant(CX, T, I32, &X, 1, &R);
  return R;
}
static V i64(uint64_t X) {
  V R = none();
  C->CreateIntegerConstant(CX, T, I64, &X, 1, &R);
  return R;
}
static V f64(double X) {
  V R = none();
  uint64_t W;
  memcpy(&W, &X, sizeof W);
  C->CreateFloatingConstant(CX, T, DBL, &W, 1, &R);
  return R;
}

static int types(void) {
  Ty P1[1];
  Ty Two[2];
  NevercStatus S;
  S = C->GetIntegerType(CX, T, 1, &I1);
  S.Code |= C->GetIntegerType(CX, T, 32, &I32).Code;
  S.Code |= C->GetIntegerType(CX, T, 64, &I64).Code;
  S.Code |= C->GetPrimitiveType(CX, T, NEVERC_IR_TYPE_DOUBLE, &DBL).Code;
  S.Code |= C->GetPrimitiveType(CX, T, NEVERC_IR_TYPE_VOID, &VOIDT).Code;
  S.Code |= C->GetPointerType(CX, T, 0, &PTR).Code;
  S.Code |= C->GetArrayType(CX, T, I32, 2, &ARR2).Code;
  Two[0] = I32;
  Two[1] = I32;
  S.Code |= C->GetStructType(CX, T, NONAME, Two, 2, 0, &PAIR).Code;
  P1[0] = I32;
  S.Code |= C->GetFunctionType(CX, T, I32, P1, 1, 0, &FN_I32_I32).Code;
  P1[0] = PTR;
  S.Code |= C->GetFunctionType(CX, T, VOIDT, P1, 1, 0, &FN_V_P).Code;
  return S.Code == 0;
}

/*===--- The module's bytes -----------------------------------------------===*/

typedef struct Bytes {
  unsigned char *Data;
  size_t Length;
} Bytes;

/* ExportModule(BITCODE), copied out; the buffer is released. */
static Bytes bitcode(void) {
  Bytes R;
  NevercIRSerializedBufferHandle Buf;
  NevercByteView View;
  R.Data = NULL;
  R.Length = 0;
  if (C->ExportModule(CX, T, NEVERC_IR_SERIALIZATION_BITCODE, &Buf).Code)
    return R;
  if (C->GetSerializedBufferView(CX, T, Buf, &View).Code == 0 && View.Length &&
      (R.Data = (unsigned char *)malloc(View.Length))) {
    memcpy(R.Data, View.Data, View.Length);
    R.Length = View.Length;
  }
  C->ReleaseSerializedBuffer(CX, T, Buf);
  return R;
}

/* The module writes the bytes it wrote before: same length, memcmp 0. */
static void unchanged(const char *Slot, const char *What, Bytes *Before) {
  Bytes After = bitcode();
  check(Slot, What,
        Before->Data && After.Data && Before->Length == After.Length &&
            !memcmp(Before->Data, After.Data, After.Length));
  if (Before->Data && After.Data && Before->Length != After.Length)
    fprintf(stderr, "builder: (bitcode %lu bytes before, %lu after)\n",
            (unsigned long)Before->Length, (unsigned long)After.Length);
  free(After.Data);
  free(Before->Data);
  Before->Data = NULL;
}

/* ExportModule(TEXT) does not contain \p Needle. */
static int textLacks(const char *Needle) {
  NevercIRSerializedBufferHandle Buf;
  NevercByteView View;
  size_t N = strlen(Needle), I;
  int Found = 0, Got = 0;
  if (C->ExportModule(CX, T, NEVERC_IR_SERIALIZATION_TEXT, &Buf).Code)
    return 0;
  if (C->GetSerializedBufferView(CX, T, Buf, &View).Code == 0 && View.Length) {
    Got = 1;
    for (I = 0; !Found && I + N <= View.Length; ++I)
      Found = !memcmp(View.Data + I, Needle, N);
  }
  C->ReleaseSerializedBuffer(CX, T, Buf);
  return Got && !Found;
}

/*===--- Short forms of the Build* slots ----------------------------------===*/

static NevercStatus bin(BH Bl, NevercIROpcode Op, V L, V R, V *Out) {
  return B->BuildBinary(BX, T, Bl, Op, L, R, NONAME, Out);
}
static NevercStatus cmp(BH Bl, NevercIRPredicate P, V L, V R, V *Out) {
  return B->BuildCompare(BX, T, Bl, P, L, R, NONAME, Out);
}
static NevercStatus call1(BH Bl, Ty FT, V Callee, V Arg, V *Out) {
  return B->BuildCall(BX, T, Bl, FT, Callee, &Arg, 1, NONAME, Out);
}

static NevercStatus begin(NevercIRMutationScope Scope, V Root, MH *Out) {
  return B->BeginMutation(BX, T, Scope, Root, Out);
}

/* Begin + CreateBuilder, or FAILED lines. */
static int openM(const char *What, NevercIRMutationScope Scope, V Root, MH *M,
                BH *Bl) {
  NevercStatus S = begin(Scope, Root, M);
  if (S.Code == 0 && (S = B->CreateBuilder(BX, T, *M, Bl)).Code == 0)
    return 1;
  effect("BeginMutation", What, S, 0);
  return 0;
}

static void closeM(MH M, BH Bl) {
  B->DestroyBuilder(BX, T, Bl);
  B->DestroyMutation(BX, T, M);
}

#include "IRBuilderTourChecks.inc"

/*===--- The pass ----------------------------------------------------------===*/

/* leave-open: a mutation that is never committed, aborted or destroyed. */
static NevercStatus leaveOpen(void) {
  MH M;
  BH Bl;
  V Pick = fn("pick"), X;
  if (!openM("FUNCTION on pick (left open)", NEVERC_IR_MUTATION_SCOPE_FUNCTION,
            Pick, &M, &Bl))
    return status(NEVERC_STATUS_OK);
  B->SetInsertBefore(BX, T, Bl, term(BLOCK(Pick, 0)));
  effect("BuildBinary", "an add in the mutation left open",
         bin(Bl, NEVERC_IR_OPCODE_ADD, ARG(Pick, 0), ARG(Pick, 1), &X), 1);
  fprintf(stderr, "builder: returning with the mutation open\n");
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL run(const NevercIRPassInvocation *Inv,
                                    NevercIRPreservedAnalyses *Kept, void *UD) {
  (void)UD;
  T = Inv->Task;
  Mod = Inv->Module;
  Kept->Flags = NEVERC_IR_PRESERVE_NONE;
  if (!types())
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  if (!strcmp(Mode, "leave-open"))
    return leaveOpen();
  tour(Inv);
  fprintf(stderr, "builder: summary: %u checks, %u %s\n", Checks, Failures,
          Failures ? "FAILED" : "failures");
  return status(NEVERC_STATUS_OK);
}

/* An observer may read IR but not begin a mutation. */
static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point, void *UD) {
  MH M;
  V Pick;
  static int Once;
  (void)Point, (void)UD;
  if (Once++ || !strcmp(Mode, "leave-open"))
    return status(NEVERC_STATUS_OK);
  T = F->Task;
  if (C->GetModule(CX, T, &Mod).Code) {
    check("observer", "GetModule in the observer", 0);
    return status(NEVERC_STATUS_OK);
  }
  Pick = fn("pick");
  check("observer", "before neverc.ir.pass.post_opt: pick is readable",
        kindIs(Pick, NEVERC_IR_VALUE_FUNCTION));
  expect("BeginMutation", "MODULE from an observer",
         begin(NEVERC_IR_MUTATION_SCOPE_MODULE, Mod, &M),
         NEVERC_STATUS_POLICY_VIOLATION);
  expect("BeginMutation", "FUNCTION on pick from an observer",
         begin(NEVERC_IR_MUTATION_SCOPE_FUNCTION, Pick, &M),
         NEVERC_STATUS_POLICY_VIOLATION);
  return status(NEVERC_STATUS_OK);
}

/* A table by ID whose StructSize reaches \p Need bytes, or NULL. */
static const void *table(const NevercCoreAPI *Core, uint64_t High,
                         uint64_t Low, uint16_t Major, uint16_t Minor,
                         uint64_t Need, uint64_t *Size) {
  NevercInterfaceID ID;
  const void *Got = NULL;
  uint16_t GotMinor = 0;
  ID.High = High;
  ID.Low = Low;
  *Size = 0;
  if (Core->QueryInterface(Core->Context, ID, Major, Minor, &Got, &GotMinor,
                           Size).Code ||
      !Got || *Size < Need)
    return NULL;
  return Got;
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  NevercIRPassDescriptor P;
  NevercObserverDescriptor O;
  uint64_t Size;
  NevercStatus S;
  (void)PS;
  Mode = getenv("IR_BUILDER_MODE") ? getenv("IR_BUILDER_MODE") : "";
  C = (const NevercIRCoreAPI *)table(
      Core, NEVERC_INTERFACE_IR_CORE_HIGH, NEVERC_INTERFACE_IR_CORE_LOW,
      NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR,
      offsetof(NevercIRCoreAPI, ReleaseSerializedBuffer) +
          sizeof C->ReleaseSerializedBuffer,
      &Size);
  Pass = (const NevercIRPassAPI *)table(
      Core, NEVERC_INTERFACE_IR_PASS_HIGH, NEVERC_INTERFACE_IR_PASS_LOW,
      NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR,
      offsetof(NevercIRPassAPI, RegisterPass) + sizeof Pass->RegisterPass,
      &Size);
  B = (const NevercIRBuilderAPI *)table(
      Core, NEVERC_INTERFACE_IR_BUILDER_HIGH, NEVERC_INTERFACE_IR_BUILDER_LOW,
      NEVERC_IR_BUILDER_API_MAJOR, NEVERC_IR_BUILDER_API_MINOR,
      offsetof(NevercIRBuilderAPI, CreateBasicBlock) +
          sizeof B->CreateBasicBlock,
      &BuilderSize);
  if (!C || !Pass || !B)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_IR_PASS_API_MAJOR,
                      NEVERC_IR_PASS_API_MINOR);
  P.PassID = sv(!strcmp(Mode, "leave-open") ? "builder.leave-open"
                                            : "builder.tour");
  P.Phase.High = NEVERC_PHASE_IR_PASS_PRE_OPT_HIGH;
  P.Phase.Low = NEVERC_PHASE_IR_PASS_PRE_OPT_LOW;
  P.Level = NEVERC_IR_PASS_LEVEL_MODULE;
  P.Deterministic = NEVERC_TRUE;
  P.Run = run;
  if ((S = Pass->RegisterPass(Pass->Context, RC, &P)).Code)
    return S;
  memset(&O, 0, sizeof O);
  O.Header = tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR,
                      NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_IR_PASS_POST_OPT_HIGH;
  O.Phase.Low = NEVERC_PHASE_IR_PASS_POST_OPT_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE;
  O.Callback = observe;
  return R->RegisterObserver(RC, &O);
}

NEVERC_TEST_PLUGIN_ENTRY(TOUR_ID, TOUR_ID, registerPlugin, NULL, NULL, NULL)
