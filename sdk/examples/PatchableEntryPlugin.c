/*
 * PatchableEntryPlugin: patchable function entries from a machine IR pass,
 * what -fpatchable-function-entry=N gives, as a plugin.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include PatchableEntryPlugin.c \
 *      -o PatchableEntryPlugin.so
 *   neverc -fplugin=PatchableEntryPlugin.so --patchable-entry=N -c in.c
 *
 * (CMake target neverc-plugin-example-patchable-entry.)
 *
 * Tracers, hot patchers and live-update tools rewrite a few bytes at the
 * start of a function at run time; they need those bytes to be no-ops to
 * begin with, and a list of where they are. This plugin gives every
 * machine function N bytes of no-ops at its entry, before the prologue,
 * and one 8-byte entry holding their address in the section
 * __patchable_function_entries (flags "awo": allocated, writable, and
 * linked to the function's own section, so a linker that drops the
 * function under --gc-sections drops its entry too) -- the layout
 * clang-22 makes for -fpatchable-function-entry=N (tests/lit/mir/
 * patchable-entry.c compares the two).
 *
 * - one option, --patchable-entry=N (N bytes, 0-64; 0 leaves functions
 *   alone), registered with the host so neverc accepts it; default 0;
 * - one FUNCTION pass, patchable-entry.insert, at neverc.mir.pass.final:
 *   the last point before the AsmPrinter, after every LLVM pass that could
 *   move code around, so nothing is placed in front of the no-ops and
 *   nothing is scheduled into them;
 * - the no-ops are an INLINEASM machine instruction made through
 *   NevercMIRAPI (a generic opcode, so no target opcode number is needed):
 *   its string defines a local label, asks the assembler for N bytes of
 *   no-ops (.nops picks the target's best encoding) and records the label
 *   in the section. ${:uid} gives each instance its own label;
 * - one transaction per function: BeginMutation, CreateInstruction before
 *   the first instruction of the entry block, AppendOperand (the string
 *   as an EXTERNAL_SYMBOL operand, then the extra-info immediate 1: has
 *   side effects, so nothing removes it), CommitMutation (the host runs
 *   LLVM's MachineVerifier first), EndMutation. A refused commit leaves
 *   the function as it was and fails the compile with the status;
 * - it changed the function, so it reports NEVERC_MIR_PRESERVE_NONE.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATCH_ID "org.neverc.example.patchable-entry"
#define PATCH_PASS "patchable-entry.insert"
#define PATCH_OPTION "--patchable-entry="
#define PATCH_MAX 64u

#define SLOT_END(Type, Slot) (offsetof(Type, Slot) + sizeof(((Type *)0)->Slot))
#define MIR_END SLOT_END(NevercMIRAPI, AppendOperand)
#define MIR_PASS_END SLOT_END(NevercMIRPassAPI, RegisterPass)

typedef struct PatchProcess {
  const NevercCoreAPI *Core;
  const NevercMIRAPI *MIR;
  const NevercMIRPassAPI *Pass;
} PatchProcess;

/* Per session: the option's value and the inline assembly made from it. */
typedef struct PatchSession {
  unsigned Bytes;
  char Asm[256];
} PatchSession;

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

static NevercStatus appendOperand(const NevercMIRAPI *MIR,
                                  NevercTaskHandle Task,
                                  NevercMIRMutationHandle M,
                                  NevercMachineInstrHandle I,
                                  const NevercMIROperandValue *V) {
  NevercMachineOperandHandle Op;
  return MIR->AppendOperand(MIR->Context, Task, M, I, V, &Op);
}

/* The no-ops and the section entry, before the first instruction of the
 * entry block. */
static NevercStatus patch(const NevercMIRAPI *MIR, NevercTaskHandle Task,
                          NevercMachineFunctionHandle F, const char *Asm) {
  NevercMachineBasicBlockHandle Entry;
  NevercMachineInstrHandle First, I;
  NevercMIRMutationHandle M;
  NevercMIRInstructionOpcode Op;
  NevercMIROperandValue V;
  NevercStatus S, E;
  S = MIR->GetFirstBasicBlock(MIR->Context, Task, F, &Entry);
  if (!neverc_status_is_ok(S))
    return S;
  if (neverc_handle_is_null(Entry))
    return neverc_status_ok(); /* no body */
  S = MIR->GetFirstInstruction(MIR->Context, Task, Entry, &First);
  if (!neverc_status_is_ok(S))
    return S;
  S = MIR->BeginMutation(MIR->Context, Task, F, &M);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&Op, 0, sizeof Op);
  Op.StableOpcode = NEVERC_MIR_GENERIC_OPCODE_INLINEASM;
  /* A null First (an empty entry block) appends. */
  S = MIR->CreateInstruction(MIR->Context, Task, M, Entry, First, Op, &I);
  if (neverc_status_is_ok(S)) {
    memset(&V, 0, sizeof V);
    V.Header = header(sizeof V, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR);
    V.Kind = NEVERC_MIR_OPERAND_EXTERNAL_SYMBOL;
    V.Payload.SymbolOffset.Symbol = sv(Asm);
    S = appendOperand(MIR, Task, M, I, &V);
  }
  if (neverc_status_is_ok(S)) {
    memset(&V, 0, sizeof V);
    V.Header = header(sizeof V, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR);
    V.Kind = NEVERC_MIR_OPERAND_IMMEDIATE;
    V.Payload.Immediate = 1; /* extra info: has side effects */
    S = appendOperand(MIR, Task, M, I, &V);
  }
  if (neverc_status_is_ok(S))
    S = MIR->CommitMutation(MIR->Context, Task, M);
  else
    MIR->AbortMutation(MIR->Context, Task, M);
  E = MIR->EndMutation(MIR->Context, Task, M);
  return neverc_status_is_ok(S) ? E : S;
}

static NevercStatus NEVERC_CALL runPass(const NevercMIRPassInvocation *Inv,
                                        NevercMIRPreservedAnalyses *Kept,
                                        void *UserData) {
  const PatchProcess *P = (const PatchProcess *)UserData;
  PatchSession *Session = NULL;
  NevercStatus S;
  if (!NEVERC_ABI_FIELD_AVAILABLE(Inv, NevercMIRPassInvocation, Core) ||
      !Inv->Core || Inv->Core->Header.StructSize < MIR_END)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  /* TaskBegin handed every task the session's settings. */
  S = P->Core->GetTaskState(P->Core->Context, Inv->Task, sv(PATCH_ID),
                            (void **)&Session);
  if (!neverc_status_is_ok(S))
    return S;
  Kept->Flags = NEVERC_MIR_PRESERVE_ALL;
  if (!Session || !Session->Bytes)
    return neverc_status_ok();
  S = patch(Inv->Core, Inv->Task, Inv->Function, Session->Asm);
  if (!neverc_status_is_ok(S))
    return S;
  Kept->Flags = NEVERC_MIR_PRESERVE_NONE;
  return neverc_status_ok();
}

/* --- the plugin -------------------------------------------------------- */

static NevercStatus NEVERC_CALL patchRegister(const NevercCoreAPI *Core,
                                              const NevercRegistrarAPI *Reg,
                                              void *Ctx, void *ProcessState) {
  const PatchProcess *P = (const PatchProcess *)ProcessState;
  NevercOptionDescriptor O;
  NevercMIRPassDescriptor D;
  NevercStatus S;
  (void)Core;
  memset(&O, 0, sizeof O);
  O.Header = header(sizeof O, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  O.Spelling = sv(PATCH_OPTION);
  O.Form = NEVERC_OPTION_JOINED;
  O.ValueType = NEVERC_OPTION_UINT;
  O.Multiplicity = NEVERC_OPTION_LAST_WINS;
  O.Help = sv("put N bytes of no-ops at every function entry and list them "
              "in __patchable_function_entries");
  O.Metavar = sv("N");
  S = Reg->RegisterOption(Ctx, &O);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&D, 0, sizeof D);
  D.Header =
      header(sizeof D, NEVERC_MIR_PASS_API_MAJOR, NEVERC_MIR_PASS_API_MINOR);
  D.PassID = sv(PATCH_PASS);
  D.Phase.High = NEVERC_PHASE_MIR_PASS_FINAL_HIGH;
  D.Phase.Low = NEVERC_PHASE_MIR_PASS_FINAL_LOW;
  D.Level = NEVERC_MIR_PASS_LEVEL_FUNCTION;
  D.Deterministic = NEVERC_TRUE;
  D.Run = runPass;
  D.UserData = ProcessState;
  return P->Pass->RegisterPass(P->Pass->Context, Ctx, &D);
}

static NevercStatus NEVERC_CALL patchSessionBegin(const NevercCoreAPI *Core,
                                                  NevercSessionHandle Session,
                                                  void *ProcessState,
                                                  void **OutState) {
  PatchSession *S = NULL;
  NevercStringView Value;
  uint64_t Count = 0;
  NevercStatus St;
  (void)ProcessState;
  St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  memset(S, 0, sizeof *S);
  St = Core->GetPluginOptionValueCount(Core->Context, Session, sv(PATCH_ID),
                                       sv(PATCH_OPTION), &Count);
  if (neverc_status_is_ok(St) && Count)
    St = Core->GetPluginOptionValue(Core->Context, Session, sv(PATCH_ID),
                                    sv(PATCH_OPTION), Count - 1, &Value);
  if (neverc_status_is_ok(St) && Count) {
    char Digits[24];
    unsigned long N;
    size_t L = Value.Length < sizeof Digits - 1 ? Value.Length
                                                : sizeof Digits - 1;
    memcpy(Digits, Value.Data, L);
    Digits[L] = 0;
    N = strtoul(Digits, NULL, 10);
    if (N > PATCH_MAX)
      St = status(NEVERC_STATUS_INVALID_ARGUMENT);
    else
      S->Bytes = (unsigned)N;
  }
  if (!neverc_status_is_ok(St)) {
    Core->Deallocate(Core->Context, S, sizeof *S, 8);
    return St;
  }
  /* ${:uid} is unique per inline assembly instance in the module. */
  snprintf(S->Asm, sizeof S->Asm,
           ".Lneverc_patch${:uid}:\n\t.nops %u\n"
           "\t.pushsection __patchable_function_entries,\"awo\",@progbits,"
           ".Lneverc_patch${:uid}\n\t.p2align 3\n"
           "\t.quad .Lneverc_patch${:uid}\n\t.popsection",
           S->Bytes);
  *OutState = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL patchSessionEnd(const NevercCoreAPI *Core,
                                                NevercSessionHandle Session,
                                                void *ProcessState,
                                                void *State) {
  (void)Session, (void)ProcessState;
  if (!State)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, State, sizeof(PatchSession), 8);
}

static NevercStatus NEVERC_CALL patchTaskBegin(const NevercCoreAPI *Core,
                                               NevercTaskHandle Task,
                                               NevercTaskKind Kind,
                                               void *ProcessState,
                                               void *SessionState,
                                               void **OutTaskState) {
  (void)Core, (void)Task, (void)Kind, (void)ProcessState;
  /* Borrowed: the session outlives its tasks and frees it. */
  *OutTaskState = SessionState;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL patchProcessBegin(const NevercCoreAPI *Core,
                                                  void **OutProcessState) {
  PatchProcess *P = NULL;
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

static NevercStatus NEVERC_CALL patchDestroy(const NevercCoreAPI *Core,
                                             void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(PatchProcess),
                          8);
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
  D.PluginID = sv(PATCH_ID);
  D.DisplayName = sv("patchable function entries");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = patchProcessBegin;
  D.SessionBegin = patchSessionBegin;
  D.SessionEnd = patchSessionEnd;
  D.TaskBegin = patchTaskBegin;
  D.Register = patchRegister;
  D.Destroy = patchDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
