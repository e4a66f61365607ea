/*
 * MachinePass: a read-only FUNCTION-level machine IR pass, with the
 * interface negotiation every MIR plugin needs.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include MachinePass.c \
 *      -o MachinePass.so
 *   neverc -fplugin=MachinePass.so -O2 -fno-lto -c in.c -o in.o
 *
 * (CMake target neverc-plugin-example-machine-pass.)
 *
 * - negotiates the two MIR tables it calls: NevercMIRPassAPI, to register
 *   the pass, and NevercMIRAPI, to read machine IR. It checks that each
 *   table's StructSize reaches the end of the last slot it calls
 *   (RegisterPass, GetInstructionInfo) and refuses with
 *   NEVERC_STATUS_ABI_MISMATCH otherwise: once in neverc_plugin_entry, so
 *   that an unusable host refuses the plugin when it loads, and once more
 *   in ProcessBegin, which keeps the tables;
 * - registers one pass, example.machine-pass, at neverc.mir.pass.preemit
 *   with level NEVERC_MIR_PASS_LEVEL_FUNCTION: the host calls it once per
 *   machine function, after register allocation, prologue/epilogue
 *   insertion and the target's late passes, just before the target's last
 *   pre-emit passes and the AsmPrinter;
 * - walks the function's blocks (GetFirstBasicBlock / GetNextBasicBlock)
 *   and each block's instructions, counts the calls and the instructions
 *   that carry a memory operand, and emits one remark (code 5401):
 *     machine-pass: <n> blocks, <m> instructions, <c> calls, <k> memory
 *   (the MIR table names no function: the remark carries the source file
 *   of the first instruction with a debug location when -g gave one);
 * - only reads, and says so: it reports NEVERC_MIR_PRESERVE_ALL, and the
 *   object file is byte-identical to one compiled without the plugin;
 * - keeps no mutable globals: the negotiated tables live in the process
 *   state, which the pass receives as its UserData.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#define MACHINE_PASS_ID "org.neverc.example.machine-pass"
#define MACHINE_PASS_PASS "example.machine-pass"
#define MACHINE_PASS_CODE 5401u

#define SLOT_END(Type, Slot) (offsetof(Type, Slot) + sizeof(((Type *)0)->Slot))
#define MIR_END SLOT_END(NevercMIRAPI, GetInstructionInfo)
#define MIR_PASS_END SLOT_END(NevercMIRPassAPI, RegisterPass)

typedef struct MachinePassProcess {
  const NevercCoreAPI *Core;
  const NevercMIRAPI *MIR;
  const NevercMIRPassAPI *Pass;
} MachinePassProcess;

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
  if (!Table || Size < LastSlotEnd)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  *Out = Table;
  return neverc_status_ok();
}

static NevercStatus negotiate(NevercQueryInterfaceFn Query, void *Context,
                              const NevercMIRAPI **MIR,
                              const NevercMIRPassAPI **Pass) {
  const void *Table = NULL;
  NevercStatus S = negotiateOne(Query, Context, NEVERC_INTERFACE_MIR_HIGH,
                                NEVERC_INTERFACE_MIR_LOW, NEVERC_MIR_API_MAJOR,
                                NEVERC_MIR_API_MINOR, MIR_END, &Table);
  if (!neverc_status_is_ok(S))
    return S;
  *MIR = (const NevercMIRAPI *)Table;
  S = negotiateOne(Query, Context, NEVERC_INTERFACE_MIR_PASS_HIGH,
                   NEVERC_INTERFACE_MIR_PASS_LOW, NEVERC_MIR_PASS_API_MAJOR,
                   NEVERC_MIR_PASS_API_MINOR, MIR_PASS_END, &Table);
  if (!neverc_status_is_ok(S))
    return S;
  *Pass = (const NevercMIRPassAPI *)Table;
  return neverc_status_ok();
}

/* --- the pass ---------------------------------------------------------- */

typedef struct Counts {
  uint64_t Blocks, Instructions, Calls, Memory;
  char File[128];
} Counts;

/* One block: its instructions, first to last. */
static NevercStatus countBlock(const NevercMIRAPI *MIR, NevercTaskHandle Task,
                               NevercMachineBasicBlockHandle Block,
                               Counts *C) {
  NevercMachineInstrHandle I;
  NevercStatus S = MIR->GetFirstInstruction(MIR->Context, Task, Block, &I);
  while (neverc_status_is_ok(S) && !neverc_handle_is_null(I)) {
    NevercMIRInstructionInfo Info;
    memset(&Info, 0, sizeof Info);
    Info.Header =
        header(sizeof Info, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR);
    S = MIR->GetInstructionInfo(MIR->Context, Task, I, &Info);
    if (!neverc_status_is_ok(S))
      return S;
    ++C->Instructions;
    C->Calls += Info.IsCall ? 1 : 0;
    C->Memory += Info.MemoryOperandCount ? 1 : 0;
    if (!C->File[0]) {
      NevercMIRDebugLocation L;
      memset(&L, 0, sizeof L);
      L.Header = header(sizeof L, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR);
      if (neverc_status_is_ok(MIR->GetInstructionDebugLocation(
              MIR->Context, Task, I, &L)) &&
          L.Line && L.Filename.Length)
        snprintf(C->File, sizeof C->File, "%.*s:%u", (int)L.Filename.Length,
                 L.Filename.Data, L.Line);
    }
    S = MIR->GetNextInstruction(MIR->Context, Task, I, &I);
  }
  return S;
}

static NevercStatus NEVERC_CALL runPass(const NevercMIRPassInvocation *Inv,
                                        NevercMIRPreservedAnalyses *Kept,
                                        void *UserData) {
  const MachinePassProcess *P = (const MachinePassProcess *)UserData;
  const NevercMIRAPI *MIR;
  NevercMachineBasicBlockHandle B;
  NevercDiagnosticDescriptor D;
  Counts C;
  char Message[256];
  int Length;
  NevercStatus S;
  if (!NEVERC_ABI_FIELD_AVAILABLE(Inv, NevercMIRPassInvocation, Core) ||
      !Inv->Core || Inv->Core->Header.StructSize < MIR_END)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  if (Inv->Level != NEVERC_MIR_PASS_LEVEL_FUNCTION ||
      neverc_handle_is_null(Inv->Function))
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  MIR = Inv->Core;
  memset(&C, 0, sizeof C);
  S = MIR->GetBasicBlockCount(MIR->Context, Inv->Task, Inv->Function,
                              &C.Blocks);
  if (!neverc_status_is_ok(S))
    return S;
  S = MIR->GetFirstBasicBlock(MIR->Context, Inv->Task, Inv->Function, &B);
  while (neverc_status_is_ok(S) && !neverc_handle_is_null(B)) {
    S = countBlock(MIR, Inv->Task, B, &C);
    if (!neverc_status_is_ok(S))
      return S;
    S = MIR->GetNextBasicBlock(MIR->Context, Inv->Task, B, &B);
  }
  if (!neverc_status_is_ok(S))
    return S;
  Length = snprintf(Message, sizeof Message,
                    "machine-pass: %s%s%llu block%s, %llu instructions, "
                    "%llu calls, %llu memory",
                    C.File, C.File[0] ? ": " : "",
                    (unsigned long long)C.Blocks, C.Blocks == 1 ? "" : "s",
                    (unsigned long long)C.Instructions,
                    (unsigned long long)C.Calls, (unsigned long long)C.Memory);
  if (Length < 0)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_REMARK;
  D.Code = MACHINE_PASS_CODE;
  D.PluginID = sv(MACHINE_PASS_ID);
  D.PhaseID = sv(NEVERC_PHASE_MIR_PASS_PREEMIT_NAME);
  D.Message.Data = Message;
  D.Message.Length =
      (size_t)Length < sizeof Message ? (uint64_t)Length : sizeof Message - 1;
  S = P->Core->EmitDiagnostic(P->Core->Context, &D, NULL);
  if (!neverc_status_is_ok(S))
    return S;
  Kept->Flags = NEVERC_MIR_PRESERVE_ALL;
  return neverc_status_ok();
}

/* --- the plugin -------------------------------------------------------- */

static NevercStatus NEVERC_CALL passRegister(const NevercCoreAPI *Core,
                                             const NevercRegistrarAPI *Reg,
                                             void *Ctx, void *ProcessState) {
  const MachinePassProcess *P = (const MachinePassProcess *)ProcessState;
  NevercMIRPassDescriptor D;
  (void)Core, (void)Reg;
  memset(&D, 0, sizeof D);
  D.Header =
      header(sizeof D, NEVERC_MIR_PASS_API_MAJOR, NEVERC_MIR_PASS_API_MINOR);
  D.PassID = sv(MACHINE_PASS_PASS);
  D.Phase.High = NEVERC_PHASE_MIR_PASS_PREEMIT_HIGH;
  D.Phase.Low = NEVERC_PHASE_MIR_PASS_PREEMIT_LOW;
  D.Level = NEVERC_MIR_PASS_LEVEL_FUNCTION;
  D.Deterministic = NEVERC_TRUE;
  D.Run = runPass;
  D.UserData = ProcessState;
  return P->Pass->RegisterPass(P->Pass->Context, Ctx, &D);
}

static NevercStatus NEVERC_CALL passProcessBegin(const NevercCoreAPI *Core,
                                                 void **OutProcessState) {
  MachinePassProcess *P = NULL;
  NevercStatus S = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(S))
    return S;
  memset(P, 0, sizeof *P);
  P->Core = Core;
  S = negotiate(Core->QueryInterface, Core->Context, &P->MIR, &P->Pass);
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
                          sizeof(MachinePassProcess), 8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL neverc_plugin_entry(
    const NevercBootstrapAPI *Bootstrap, NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  const NevercMIRAPI *MIR = NULL;
  const NevercMIRPassAPI *Pass = NULL;
  uint32_t Capacity;
  NevercStatus S;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  S = negotiate(Bootstrap->QueryInterface, Bootstrap->Context, &MIR, &Pass);
  if (!neverc_status_is_ok(S))
    return S;
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.PluginID = sv(MACHINE_PASS_ID);
  D.DisplayName = sv("read-only machine pass");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = passProcessBegin;
  D.Register = passRegister;
  D.Destroy = passDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
