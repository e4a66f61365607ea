/*
 * ExamplePlugin: a MODULE-level IR pass that walks the module's functions
 * with a value cursor and sums them up in one remark.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include ExamplePlugin.c \
 *      -o ExamplePlugin.so
 *   neverc -fplugin=ExamplePlugin.so -O2 -c file.c
 *
 * - registers the pass example.module-overview at neverc.ir.pass.post_opt
 *   (right after neverc.ir.optimize, at every -O level) with level
 *   NEVERC_IR_PASS_LEVEL_MODULE: the host calls it once per translation
 *   unit, with the module handle in the invocation;
 * - walks the functions with BeginValueCursor(Module,
 *   NEVERC_IR_COLLECTION_MODULE_FUNCTIONS) and CollectValueCursor in
 *   batches of 16, stopping at the first short batch; a function is a
 *   definition when its FUNCTION_BLOCKS cursor yields a block;
 * - emits one remark (code 5101) through NevercCoreAPI.EmitDiagnostic:
 *     module-overview: <n> functions, <d> defined (<names>), <n-d> declared
 *   with the names of the defined functions in module order (the list ends
 *   in "..." when it does not fit the message; no list when <d> is 0);
 * - only reads: reports NEVERC_IR_PRESERVE_ALL, so the object file is
 *   byte-identical to one compiled without the plugin;
 * - negotiates NevercIRPassAPI in ProcessBegin and checks that its
 *   StructSize reaches RegisterPass (NEVERC_STATUS_ABI_MISMATCH otherwise);
 *   the IR core table comes with each invocation and is checked there
 *   against the last slot the pass calls (GetValueName);
 * - keeps no mutable globals: the tables live in the process state, which
 *   the pass gets as its UserData; the walk keeps its state on the stack.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#define EXAMPLE_ID "org.neverc.example.ir-module-overview"
#define EXAMPLE_PASS "example.module-overview"
#define EXAMPLE_CODE 5101u
#define EXAMPLE_BATCH 16u

#define SLOT_END(Type, Slot) (offsetof(Type, Slot) + sizeof(((Type *)0)->Slot))

typedef struct ExampleProcess {
  const NevercCoreAPI *Core;
  const NevercIRPassAPI *Pass;
} ExampleProcess;

/* The list of names under construction: Text is always NUL-terminated. */
typedef struct ExampleNames {
  char Text[512];
  size_t Length;
  uint64_t Count;
  int Truncated; /* a name did not fit: no more are added */
} ExampleNames;

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

static NevercABITableHeader header(uint32_t Size, uint16_t Major,
                                   uint16_t Minor) {
  NevercABITableHeader H;
  H.StructSize = Size;
  H.Major = Major;
  H.Minor = Minor;
  H.Flags = 0;
  return H;
}

/* Appends ", " (but not before the first name) and Name, whole or not at
 * all: once a name does not fit, the list ends there. */
static void appendName(ExampleNames *L, NevercStringView Name) {
  size_t Separator = L->Count ? 2 : 0;
  if (L->Truncated)
    return;
  if (Separator + Name.Length + 1 > sizeof L->Text - L->Length) {
    L->Truncated = 1;
    return;
  }
  memcpy(L->Text + L->Length, ", ", Separator);
  memcpy(L->Text + L->Length + Separator, Name.Data, (size_t)Name.Length);
  L->Length += Separator + (size_t)Name.Length;
  L->Text[L->Length] = '\0';
  ++L->Count;
}

/* --- the pass ---------------------------------------------------------- */

/* Whether Function has a body: its block cursor yields at least one block.
 * One batch of one is enough, and the cursor is simply dropped. */
static NevercStatus isDefinition(const NevercIRCoreAPI *IR,
                                 NevercTaskHandle Task,
                                 NevercIRValueHandle Function,
                                 int *OutDefined) {
  NevercIRValueCursor Cursor;
  NevercIRValueHandle First;
  uint64_t N = 0;
  NevercStatus S;
  memset(&Cursor, 0, sizeof Cursor);
  Cursor.Header =
      header(sizeof Cursor, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  S = IR->BeginValueCursor(IR->Context, Task, Function,
                           NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, &Cursor);
  if (neverc_status_is_ok(S))
    S = IR->CollectValueCursor(IR->Context, Task, &Cursor, &First, 1, &N);
  *OutDefined = N != 0;
  return S;
}

static NevercStatus NEVERC_CALL runOverview(const NevercIRPassInvocation *Inv,
                                            NevercIRPreservedAnalyses *Kept,
                                            void *UserData) {
  const ExampleProcess *P = (const ExampleProcess *)UserData;
  const NevercIRCoreAPI *IR;
  NevercIRValueCursor Cursor;
  NevercIRValueHandle Batch[EXAMPLE_BATCH];
  uint64_t N = 0, I, Functions = 0, Defined = 0;
  ExampleNames Names;
  const char *More;
  char Message[640];
  int Length;
  NevercDiagnosticDescriptor D;
  NevercStatus S;
  /* The IR core table comes with the invocation; the host may be older
   * than this header, so check it reaches the last slot called. */
  if (!NEVERC_ABI_FIELD_AVAILABLE(Inv, NevercIRPassInvocation, Core) ||
      !Inv->Core ||
      Inv->Core->Header.StructSize < SLOT_END(NevercIRCoreAPI, GetValueName))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  IR = Inv->Core;

  memset(&Names, 0, sizeof Names);
  /* BeginValueCursor writes the cursor whole; zero-filled with its Header
   * set, like every other out-struct, is what it expects. */
  memset(&Cursor, 0, sizeof Cursor);
  Cursor.Header =
      header(sizeof Cursor, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  S = IR->BeginValueCursor(IR->Context, Inv->Task, Inv->Module,
                           NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, &Cursor);
  if (!neverc_status_is_ok(S))
    return S;
  do {
    S = IR->CollectValueCursor(IR->Context, Inv->Task, &Cursor, Batch,
                               EXAMPLE_BATCH, &N);
    if (!neverc_status_is_ok(S))
      return S;
    for (I = 0; I < N; ++I) {
      NevercStringView Name;
      int IsDefined = 0;
      S = isDefinition(IR, Inv->Task, Batch[I], &IsDefined);
      if (!neverc_status_is_ok(S))
        return S;
      ++Functions;
      if (!IsDefined)
        continue;
      S = IR->GetValueName(IR->Context, Inv->Task, Batch[I], &Name);
      if (!neverc_status_is_ok(S))
        return S;
      if (!Name.Data || Name.Length == 0)
        Name = sv("<unnamed>");
      /* The name is borrowed until the pass returns: copy it now. */
      appendName(&Names, Name);
      ++Defined;
    }
    /* A short batch is the last one: no need to see the count of 0. */
  } while (N == EXAMPLE_BATCH);

  /* The names that did not fit are only hinted at. */
  More = !Names.Truncated ? "" : Names.Count ? ", ..." : "...";
  Length = snprintf(Message, sizeof Message,
                    "module-overview: %llu function%s, %llu defined%s%s%s%s, "
                    "%llu declared",
                    (unsigned long long)Functions, Functions == 1 ? "" : "s",
                    (unsigned long long)Defined, Defined ? " (" : "",
                    Names.Text, More, Defined ? ")" : "",
                    (unsigned long long)(Functions - Defined));
  if (Length < 0)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_REMARK;
  D.Code = EXAMPLE_CODE;
  D.PluginID = sv(EXAMPLE_ID);
  D.PhaseID = sv(NEVERC_PHASE_IR_PASS_POST_OPT_NAME);
  D.Message.Data = Message;
  D.Message.Length =
      (size_t)Length < sizeof Message ? (uint64_t)Length : sizeof Message - 1;
  S = P->Core->EmitDiagnostic(P->Core->Context, &D, NULL);
  if (!neverc_status_is_ok(S))
    return S;
  /* Read only: every analysis is still valid. */
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  return neverc_status_ok();
}

/* --- the plugin -------------------------------------------------------- */

static NevercStatus NEVERC_CALL exampleRegister(const NevercCoreAPI *Core,
                                                const NevercRegistrarAPI *Reg,
                                                void *Ctx, void *ProcessState) {
  const ExampleProcess *P = (const ExampleProcess *)ProcessState;
  NevercIRPassDescriptor D;
  (void)Core, (void)Reg;
  memset(&D, 0, sizeof D);
  D.Header =
      header(sizeof D, NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR);
  D.PassID = sv(EXAMPLE_PASS);
  D.Phase.High = NEVERC_PHASE_IR_PASS_POST_OPT_HIGH;
  D.Phase.Low = NEVERC_PHASE_IR_PASS_POST_OPT_LOW;
  D.Level = NEVERC_IR_PASS_LEVEL_MODULE;
  D.Deterministic = NEVERC_TRUE;
  D.Run = runOverview;
  /* Freed by Destroy, after the last pass run: no DestroyUserData. */
  D.UserData = ProcessState;
  return P->Pass->RegisterPass(P->Pass->Context, Ctx, &D);
}

static NevercStatus NEVERC_CALL exampleProcessBegin(const NevercCoreAPI *Core,
                                                    void **OutProcessState) {
  ExampleProcess *P = NULL;
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

static NevercStatus NEVERC_CALL exampleDestroy(const NevercCoreAPI *Core,
                                               void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(ExampleProcess),
                          8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL neverc_plugin_entry(
    const NevercBootstrapAPI *Bootstrap, NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.PluginID = sv(EXAMPLE_ID);
  D.DisplayName = sv("IR module overview");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = exampleProcessBegin;
  D.Register = exampleRegister;
  D.Destroy = exampleDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
