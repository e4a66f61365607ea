/*
 * FunctionPass: a read-only FUNCTION-level IR pass, with the interface
 * negotiation every IR plugin needs.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include FunctionPass.c \
 *      -o FunctionPass.so
 *   neverc -fplugin=FunctionPass.so -O2 -c file.c
 *
 * (CMake target neverc-plugin-example-function-pass.)
 *
 * - negotiates the two IR tables it calls: NevercIRPassAPI, to register
 *   the pass, and NevercIRCoreAPI, to read the IR. A host answers with the
 *   table it has and that table's StructSize; slots are appended over time,
 *   so a host built from an older header of the same major version may
 *   have a shorter table than this plugin was compiled against. The plugin
 *   checks that StructSize reaches the end of the last slot it calls
 *   (RegisterPass, GetValueName) and refuses with NEVERC_STATUS_ABI_MISMATCH
 *   when it does not. It does so once in neverc_plugin_entry, through the
 *   bootstrap table, so that an unusable host refuses the plugin when it
 *   loads, and once more in ProcessBegin, which keeps the tables;
 * - registers one pass, function-pass.count, at neverc.ir.pass.optimizer_last
 *   with level NEVERC_IR_PASS_LEVEL_FUNCTION: the host calls it once per
 *   defined function (declarations have no body and are skipped), in module
 *   order. Why that phase: it is the last extension point inside the
 *   built-in optimisation pipeline, so the pass sees every function the way
 *   the optimiser left it (a static function inlined everywhere has gone),
 *   and the built-in pipeline runs it at every -O level, -O0 included. An
 *   optimisation provider that never calls RunBuiltinPipeline skips it; a
 *   pass that must always run belongs at neverc.ir.pass.post_opt instead;
 * - emits one remark (code 5001) per defined function, through
 *   NevercCoreAPI.EmitDiagnostic:
 *     function-pass: <name>: <n> blocks, <m> instructions
 *   ("1 block", "1 instruction" in the singular), counted by walking the
 *   function's blocks and each block's instructions with value cursors
 *   (BeginValueCursor + CollectValueCursor);
 * - only reads, and says so: it reports NEVERC_IR_PRESERVE_ALL, so the host
 *   keeps every analysis, and the object file is byte-identical to one
 *   compiled without the plugin;
 * - keeps no mutable globals: the negotiated tables live in the process
 *   state, which the pass receives as its UserData. The pass itself keeps
 *   nothing between calls, so it could run concurrently; the plugin
 *   declares NEVERC_CONCURRENCY_SESSION_SERIAL anyway, so that the remarks
 *   come out in module order.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#define FUNCTION_PASS_ID "org.neverc.example.function-pass"
#define FUNCTION_PASS_PASS "function-pass.count"
#define FUNCTION_PASS_CODE 5001u

/* The end of Slot in the table Type: a table whose StructSize is smaller
 * does not have the slot. */
#define SLOT_END(Type, Slot) (offsetof(Type, Slot) + sizeof(((Type *)0)->Slot))
/* The last slot of each table this plugin calls (slots are appended, so a
 * table that has the last one has every earlier one too). */
#define IR_CORE_END SLOT_END(NevercIRCoreAPI, GetValueName)
#define IR_PASS_END SLOT_END(NevercIRPassAPI, RegisterPass)

typedef struct FunctionPassProcess {
  const NevercCoreAPI *Core;   /* diagnostics */
  const NevercIRCoreAPI *IR;   /* negotiated; each pass invocation
                                * brings the same table */
  const NevercIRPassAPI *Pass; /* registration */
} FunctionPassProcess;

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

/* --- negotiation ------------------------------------------------------- */

/* Asks for one interface and checks that the table reaches LastSlotEnd. */
static NevercStatus negotiateOne(NevercQueryInterfaceFn Query, void *Context,
                                 uint64_t High, uint64_t Low, uint16_t Major,
                                 uint16_t Minor, uint64_t LastSlotEnd,
                                 const void **Out) {
  NevercInterfaceID ID;
  const void *Table = NULL;
  uint16_t GotMinor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = High;
  ID.Low = Low;
  S = Query(Context, ID, Major, Minor, &Table, &GotMinor, &Size);
  if (!neverc_status_is_ok(S))
    return S;
  /* A null table or one that stops before the last slot we call: calling
   * it would read past the host's table. */
  if (!Table || Size < LastSlotEnd)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  *Out = Table;
  return neverc_status_ok();
}

/* Both IR tables, or the first failure. Query is either the bootstrap
 * table's QueryInterface or the core table's (the same answer). */
static NevercStatus negotiate(NevercQueryInterfaceFn Query, void *Context,
                              const NevercIRCoreAPI **IR,
                              const NevercIRPassAPI **Pass) {
  const void *Table = NULL;
  NevercStatus S =
      negotiateOne(Query, Context, NEVERC_INTERFACE_IR_CORE_HIGH,
                   NEVERC_INTERFACE_IR_CORE_LOW, NEVERC_IR_CORE_API_MAJOR,
                   NEVERC_IR_CORE_API_MINOR, IR_CORE_END, &Table);
  if (!neverc_status_is_ok(S))
    return S;
  *IR = (const NevercIRCoreAPI *)Table;
  S = negotiateOne(Query, Context, NEVERC_INTERFACE_IR_PASS_HIGH,
                   NEVERC_INTERFACE_IR_PASS_LOW, NEVERC_IR_PASS_API_MAJOR,
                   NEVERC_IR_PASS_API_MINOR, IR_PASS_END, &Table);
  if (!neverc_status_is_ok(S))
    return S;
  *Pass = (const NevercIRPassAPI *)Table;
  return neverc_status_ok();
}

/* --- the pass ---------------------------------------------------------- */

/* The number of values in the collection Collection of Container, batch by
 * batch. The walk stops at the first short batch: the host allows that and
 * keeps no state for a cursor that is simply dropped. */
static NevercStatus countValues(const NevercIRCoreAPI *IR,
                                NevercTaskHandle Task, NevercHandle Container,
                                NevercIRValueCollection Collection,
                                uint64_t *OutCount) {
  NevercIRValueCursor Cursor;
  NevercIRValueHandle Batch[32];
  uint64_t N = 0;
  NevercStatus S;
  *OutCount = 0;
  /* BeginValueCursor writes the whole cursor; a zero-filled one with its
   * Header set is what every out-struct should look like anyway. */
  memset(&Cursor, 0, sizeof Cursor);
  Cursor.Header =
      header(sizeof Cursor, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  S = IR->BeginValueCursor(IR->Context, Task, Container, Collection, &Cursor);
  if (!neverc_status_is_ok(S))
    return S;
  do {
    S = IR->CollectValueCursor(IR->Context, Task, &Cursor, Batch,
                               sizeof Batch / sizeof Batch[0], &N);
    if (!neverc_status_is_ok(S))
      return S;
    *OutCount += N;
  } while (N == sizeof Batch / sizeof Batch[0]);
  return neverc_status_ok();
}

/* Blocks and instructions of Function: the blocks batch by batch, and the
 * instructions of each block of the batch. */
static NevercStatus countFunction(const NevercIRCoreAPI *IR,
                                  NevercTaskHandle Task,
                                  NevercIRValueHandle Function,
                                  uint64_t *OutBlocks,
                                  uint64_t *OutInstructions) {
  NevercIRValueCursor Cursor;
  NevercIRValueHandle Blocks[16];
  uint64_t N = 0, I;
  NevercStatus S;
  *OutBlocks = 0;
  *OutInstructions = 0;
  memset(&Cursor, 0, sizeof Cursor);
  Cursor.Header =
      header(sizeof Cursor, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  S = IR->BeginValueCursor(IR->Context, Task, Function,
                           NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, &Cursor);
  if (!neverc_status_is_ok(S))
    return S;
  do {
    S = IR->CollectValueCursor(IR->Context, Task, &Cursor, Blocks,
                               sizeof Blocks / sizeof Blocks[0], &N);
    if (!neverc_status_is_ok(S))
      return S;
    for (I = 0; I < N; ++I) {
      uint64_t Count = 0;
      S = countValues(IR, Task, Blocks[I],
                      NEVERC_IR_COLLECTION_BLOCK_INSTRUCTIONS, &Count);
      if (!neverc_status_is_ok(S))
        return S;
      *OutInstructions += Count;
    }
    *OutBlocks += N;
  } while (N == sizeof Blocks / sizeof Blocks[0]);
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL runPass(const NevercIRPassInvocation *Inv,
                                        NevercIRPreservedAnalyses *Kept,
                                        void *UserData) {
  const FunctionPassProcess *P = (const FunctionPassProcess *)UserData;
  const NevercIRCoreAPI *IR;
  NevercDiagnosticDescriptor D;
  NevercStringView Name;
  uint64_t Blocks = 0, Instructions = 0;
  char Message[256];
  int Length;
  NevercStatus S;
  /* The invocation carries the IR core table (so the body needs no stored
   * one); it is the host's own, checked like the negotiated one. */
  if (!NEVERC_ABI_FIELD_AVAILABLE(Inv, NevercIRPassInvocation, Core) ||
      !Inv->Core || Inv->Core->Header.StructSize < IR_CORE_END)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  IR = Inv->Core;

  S = countFunction(IR, Inv->Task, Inv->Function, &Blocks, &Instructions);
  if (!neverc_status_is_ok(S))
    return S;
  S = IR->GetValueName(IR->Context, Inv->Task, Inv->Function, &Name);
  if (!neverc_status_is_ok(S))
    return S;
  if (!Name.Data || Name.Length == 0)
    Name = sv("<unnamed>");

  /* The name is borrowed until this callback returns: format it now. */
  Length = snprintf(Message, sizeof Message,
                    "function-pass: %.*s: %llu block%s, %llu instruction%s",
                    (int)Name.Length, Name.Data, (unsigned long long)Blocks,
                    Blocks == 1 ? "" : "s", (unsigned long long)Instructions,
                    Instructions == 1 ? "" : "s");
  if (Length < 0)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_REMARK;
  D.Code = FUNCTION_PASS_CODE;
  D.PluginID = sv(FUNCTION_PASS_ID);
  D.PhaseID = sv(NEVERC_PHASE_IR_PASS_OPTIMIZER_LAST_NAME);
  D.Message.Data = Message;
  D.Message.Length =
      (size_t)Length < sizeof Message ? (uint64_t)Length : sizeof Message - 1;
  S = P->Core->EmitDiagnostic(P->Core->Context, &D, NULL);
  if (!neverc_status_is_ok(S))
    return S;

  /* Nothing changed: every analysis stays valid. */
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  return neverc_status_ok();
}

/* --- the plugin -------------------------------------------------------- */

static NevercStatus NEVERC_CALL passRegister(const NevercCoreAPI *Core,
                                             const NevercRegistrarAPI *Reg,
                                             void *Ctx, void *ProcessState) {
  const FunctionPassProcess *P = (const FunctionPassProcess *)ProcessState;
  NevercIRPassDescriptor D;
  (void)Core, (void)Reg;
  memset(&D, 0, sizeof D);
  D.Header =
      header(sizeof D, NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR);
  D.PassID = sv(FUNCTION_PASS_PASS);
  D.Phase.High = NEVERC_PHASE_IR_PASS_OPTIMIZER_LAST_HIGH;
  D.Phase.Low = NEVERC_PHASE_IR_PASS_OPTIMIZER_LAST_LOW;
  D.Level = NEVERC_IR_PASS_LEVEL_FUNCTION;
  /* The same IR gives the same remarks. */
  D.Deterministic = NEVERC_TRUE;
  D.Run = runPass;
  /* The process state outlives every pass run; Destroy frees it, so the
   * pass needs no DestroyUserData. */
  D.UserData = ProcessState;
  /* The registrar context is the one Register received. */
  return P->Pass->RegisterPass(P->Pass->Context, Ctx, &D);
}

static NevercStatus NEVERC_CALL passProcessBegin(const NevercCoreAPI *Core,
                                                 void **OutProcessState) {
  FunctionPassProcess *P = NULL;
  NevercStatus S = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(S))
    return S;
  memset(P, 0, sizeof *P);
  P->Core = Core;
  S = negotiate(Core->QueryInterface, Core->Context, &P->IR, &P->Pass);
  if (!neverc_status_is_ok(S)) {
    Core->Deallocate(Core->Context, P, sizeof *P, 8);
    return S;
  }
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL passDestroy(const NevercCoreAPI *Core,
                                            void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState,
                          sizeof(FunctionPassProcess), 8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL neverc_plugin_entry(
    const NevercBootstrapAPI *Bootstrap, NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  const NevercIRCoreAPI *IR = NULL;
  const NevercIRPassAPI *Pass = NULL;
  uint32_t Capacity;
  NevercStatus S;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  /* Refuse a host without usable IR tables now, before anything runs. */
  S = negotiate(Bootstrap->QueryInterface, Bootstrap->Context, &IR, &Pass);
  if (!neverc_status_is_ok(S))
    return S;
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.PluginID = sv(FUNCTION_PASS_ID);
  D.DisplayName = sv("read-only function pass");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = passProcessBegin;
  D.Register = passRegister;
  D.Destroy = passDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
