/*
 * CrtShimPlugin: an IR pass with no C runtime at all.
 *
 *   cc -shared -fPIC -std=c11 -ffreestanding -fno-builtin \
 *      -fno-stack-protector -nostdlib -Wl,-z,defs \
 *      -I<sdk>/include CrtShimPlugin.c -o CrtShimPlugin.so
 *   neverc -fplugin=CrtShimPlugin.so -O2 -c file.c
 *
 * (The driver-level plugin without a C runtime, with options, is
 * DriverCrtShimPlugin.c.)
 *
 * The IR tables need nothing from libc either, and the SDK header forces no
 * C-runtime symbol into a plugin (its helpers are static inline). This
 * example proves it by linking with -nostdlib -Wl,-z,defs: no NEEDED
 * entry, no undefined symbol, one dynamic symbol (the entry point).
 *
 * - the same shape as ExamplePlugin.c: a MODULE pass,
 *   crt-shim.module-overview, at neverc.ir.pass.post_opt, that walks the
 *   module's functions with BeginValueCursor(Module,
 *   NEVERC_IR_COLLECTION_MODULE_FUNCTIONS) -- but collects only one batch
 *   of 8 and drops the cursor (the host keeps no state for it) -- and emits
 *   one remark (code 5301) through NevercCoreAPI.EmitDiagnostic:
 *     crt-shim: <n> functions in the first batch of 8 (<names>), no C runtime
 *   with ", maybe more" after the names when the batch came back full; it
 *   reports NEVERC_IR_PRESERVE_ALL, since it only reads;
 * - no libc call, not even the implicit ones a compiler may emit: only
 *   <stddef.h> and the SDK header; no aggregate initializers or copies of
 *   large structs (which can become memset or memcpy calls) but local byte
 *   loops; a hand-written decimal formatter instead of snprintf;
 *   -fno-stack-protector so no __stack_chk_fail; -fno-builtin so the loops
 *   are not turned back into memset/memcpy calls;
 * - memory comes from NevercCoreAPI.Allocate/Deallocate; no mutable
 *   globals: the negotiated tables live in the process state, the pass's
 *   UserData.
 */
#include <stddef.h>

#include "neverc/Plugin/NevercPluginAPI.h"

#define SHIM_ID "org.neverc.example.ir-crt-shim"
#define SHIM_PASS "crt-shim.module-overview"
#define SHIM_CODE 5301u
#define SHIM_BATCH 8u

#define SLOT_END(Type, Slot) (offsetof(Type, Slot) + sizeof(((Type *)0)->Slot))

typedef struct ShimProcess {
  const NevercCoreAPI *Core;
  const NevercIRPassAPI *Pass;
} ShimProcess;

/* --- the few libc services this plugin needs, written out ---------------- */

static void zeroBytes(void *Pointer, size_t Size) {
  unsigned char *P = (unsigned char *)Pointer;
  size_t I;
  for (I = 0; I < Size; ++I)
    P[I] = 0;
}

static void copyBytes(void *To, const void *From, size_t Size) {
  unsigned char *T = (unsigned char *)To;
  const unsigned char *F = (const unsigned char *)From;
  size_t I;
  for (I = 0; I < Size; ++I)
    T[I] = F[I];
}

static NevercStringView sv(const char *S) {
  NevercStringView V;
  uint64_t N = 0;
  while (S[N])
    ++N;
  V.Data = S;
  V.Length = N;
  return V;
}

static NevercStatus status(NevercStatusCode Code) {
  NevercStatus S;
  S.Code = Code;
  S.Flags = NEVERC_STATUS_FLAG_NONE;
  S.Detail = 0;
  return S;
}

/* Header fields one by one: no struct-returning helper to copy. */
static void setHeader(NevercABITableHeader *H, uint32_t Size, uint16_t Major,
                      uint16_t Minor) {
  H->StructSize = Size;
  H->Major = Major;
  H->Minor = Minor;
  H->Flags = 0;
}

/* Appends Length bytes of Text to Buffer[*At..Capacity-1), keeping a NUL;
 * what does not fit is dropped. */
static void append(char *Buffer, size_t Capacity, size_t *At, const char *Text,
                   uint64_t Length) {
  uint64_t I;
  for (I = 0; I < Length && *At + 1 < Capacity; ++I)
    Buffer[(*At)++] = Text[I];
  Buffer[*At] = '\0';
}

static void appendText(char *Buffer, size_t Capacity, size_t *At,
                       const char *Text) {
  NevercStringView V = sv(Text);
  append(Buffer, Capacity, At, V.Data, V.Length);
}

static void appendDecimal(char *Buffer, size_t Capacity, size_t *At,
                          uint64_t Value) {
  char Digits[20];
  size_t N = 0;
  do {
    Digits[N++] = (char)('0' + Value % 10);
    Value /= 10;
  } while (Value);
  while (N && *At + 1 < Capacity)
    Buffer[(*At)++] = Digits[--N];
  Buffer[*At] = '\0';
}

/* --- the pass ------------------------------------------------------------ */

static NevercStatus NEVERC_CALL runShim(const NevercIRPassInvocation *Inv,
                                        NevercIRPreservedAnalyses *Kept,
                                        void *UserData) {
  const ShimProcess *P = (const ShimProcess *)UserData;
  const NevercIRCoreAPI *IR;
  NevercIRValueCursor Cursor;
  NevercIRValueHandle Batch[SHIM_BATCH];
  NevercDiagnosticDescriptor D;
  uint64_t N = 0, I;
  char Message[512];
  size_t At = 0;
  NevercStatus S;
  if (!NEVERC_ABI_FIELD_AVAILABLE(Inv, NevercIRPassInvocation, Core) ||
      !Inv->Core ||
      Inv->Core->Header.StructSize < SLOT_END(NevercIRCoreAPI, GetValueName))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  IR = Inv->Core;

  /* One batch of 8 and no more: the cursor is dropped afterwards. */
  zeroBytes(&Cursor, sizeof Cursor);
  setHeader(&Cursor.Header, sizeof Cursor, NEVERC_IR_CORE_API_MAJOR,
            NEVERC_IR_CORE_API_MINOR);
  S = IR->BeginValueCursor(IR->Context, Inv->Task, Inv->Module,
                           NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, &Cursor);
  if (!neverc_status_is_ok(S))
    return S;
  S = IR->CollectValueCursor(IR->Context, Inv->Task, &Cursor, Batch, SHIM_BATCH,
                             &N);
  if (!neverc_status_is_ok(S))
    return S;

  appendText(Message, sizeof Message, &At, "crt-shim: ");
  appendDecimal(Message, sizeof Message, &At, N);
  appendText(Message, sizeof Message, &At, N == 1 ? " function" : " functions");
  appendText(Message, sizeof Message, &At, " in the first batch of ");
  appendDecimal(Message, sizeof Message, &At, SHIM_BATCH);
  for (I = 0; I < N; ++I) {
    NevercStringView Name;
    S = IR->GetValueName(IR->Context, Inv->Task, Batch[I], &Name);
    if (!neverc_status_is_ok(S))
      return S;
    appendText(Message, sizeof Message, &At, I ? ", " : " (");
    /* Borrowed until the pass returns: copied into the message now. */
    append(Message, sizeof Message, &At, Name.Data, Name.Length);
  }
  if (N)
    appendText(Message, sizeof Message, &At, ")");
  if (N == SHIM_BATCH)
    appendText(Message, sizeof Message, &At, ", maybe more");
  appendText(Message, sizeof Message, &At, ", no C runtime");

  zeroBytes(&D, sizeof D);
  setHeader(&D.Header, sizeof D, NEVERC_PLUGIN_ABI_MAJOR,
            NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_REMARK;
  D.Code = SHIM_CODE;
  D.PluginID = sv(SHIM_ID);
  D.PhaseID = sv(NEVERC_PHASE_IR_PASS_POST_OPT_NAME);
  D.Message.Data = Message;
  D.Message.Length = At;
  S = P->Core->EmitDiagnostic(P->Core->Context, &D, NULL);
  if (!neverc_status_is_ok(S))
    return S;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  return neverc_status_ok();
}

/* --- the plugin ---------------------------------------------------------- */

static NevercStatus NEVERC_CALL shimRegister(const NevercCoreAPI *Core,
                                             const NevercRegistrarAPI *Reg,
                                             void *Ctx, void *ProcessState) {
  const ShimProcess *P = (const ShimProcess *)ProcessState;
  NevercIRPassDescriptor D;
  (void)Core, (void)Reg;
  zeroBytes(&D, sizeof D);
  setHeader(&D.Header, sizeof D, NEVERC_IR_PASS_API_MAJOR,
            NEVERC_IR_PASS_API_MINOR);
  D.PassID = sv(SHIM_PASS);
  D.Phase.High = NEVERC_PHASE_IR_PASS_POST_OPT_HIGH;
  D.Phase.Low = NEVERC_PHASE_IR_PASS_POST_OPT_LOW;
  D.Level = NEVERC_IR_PASS_LEVEL_MODULE;
  D.Deterministic = NEVERC_TRUE;
  D.Run = runShim;
  /* Freed by Destroy, after the last pass run: no DestroyUserData. */
  D.UserData = ProcessState;
  return P->Pass->RegisterPass(P->Pass->Context, Ctx, &D);
}

static NevercStatus NEVERC_CALL shimProcessBegin(const NevercCoreAPI *Core,
                                                 void **OutProcessState) {
  ShimProcess *P = NULL;
  NevercInterfaceID ID;
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = NEVERC_INTERFACE_IR_PASS_HIGH;
  ID.Low = NEVERC_INTERFACE_IR_PASS_LOW;
  S = Core->QueryInterface(Core->Context, ID, NEVERC_IR_PASS_API_MAJOR,
                           NEVERC_IR_PASS_API_MINOR, &Table, &Minor, &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (!Table || Size < SLOT_END(NevercIRPassAPI, RegisterPass))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  S = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(S))
    return S;
  P->Core = Core;
  P->Pass = (const NevercIRPassAPI *)Table;
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL shimDestroy(const NevercCoreAPI *Core,
                                            void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(ShimProcess), 8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL neverc_plugin_entry(
    const NevercBootstrapAPI *Bootstrap, NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  Capacity = OutPlugin->Header.StructSize;
  zeroBytes(&D, sizeof D);
  setHeader(&D.Header, sizeof D, NEVERC_PLUGIN_ABI_MAJOR,
            NEVERC_PLUGIN_ABI_MINOR);
  D.PluginID = sv(SHIM_ID);
  D.DisplayName = sv("C-runtime-free IR pass");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = shimProcessBegin;
  D.Register = shimRegister;
  D.Destroy = shimDestroy;
  copyBytes(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
