/*
 * BenchPlugin: what one call through a typed IR table costs, measured from
 * inside a real pass in a real compile.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include BenchPlugin.c -o BenchPlugin.so
 *   neverc -fplugin=BenchPlugin.so -O2 -c file.c
 *
 * (The driver-level benchmark of the core and driver tables, with options,
 * is DriverBenchPlugin.c.)
 *
 * - registers the MODULE pass bench.typed-table-calls at
 *   neverc.ir.pass.pre_codegen, the last slot before the module is lowered,
 *   so the calls are timed on the module codegen sees;
 * - calls NevercIRCoreAPI.GetModuleIdentifier 10 000 times in a row: the
 *   cheapest IR slot there is (no handle to look up, a borrowed string
 *   back), so the time is almost all dispatch -- the table call, the host's
 *   task check and the status return;
 * - times the loop with C11 timespec_get (wall clock; the benchmark is a
 *   figure to look at, not a measurement to trust to the nanosecond) and
 *   emits one remark (code 5201) through NevercCoreAPI.EmitDiagnostic:
 *     bench.typed-table-calls: 10000 GetModuleIdentifier calls in <ns> ns
 *     (<x.y> ns/call), module '<identifier>'
 * - is also a correctness check: every call must return OK and the same
 *   identifier as the first; otherwise the pass fails (and so the compile)
 *   with the host's status or NEVERC_STATUS_PLUGIN_FAILURE;
 * - only reads: reports NEVERC_IR_PRESERVE_ALL, so the object file is
 *   byte-identical to one compiled without the plugin;
 * - negotiates NevercIRPassAPI in ProcessBegin (StructSize must reach
 *   RegisterPass, or NEVERC_STATUS_ABI_MISMATCH) and checks the IR core table
 *   the invocation carries against GetModuleIdentifier;
 * - keeps no mutable globals: the tables live in the process state, the
 *   pass's UserData.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#define BENCH_ID "org.neverc.example.ir-bench"
#define BENCH_PASS "bench.typed-table-calls"
#define BENCH_CODE 5201u
#define BENCH_CALLS 10000u

#define SLOT_END(Type, Slot) (offsetof(Type, Slot) + sizeof(((Type *)0)->Slot))

typedef struct BenchProcess {
  const NevercCoreAPI *Core;
  const NevercIRPassAPI *Pass;
} BenchProcess;

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

/* Nanoseconds on the C11 clock; 0 when it is unavailable. */
static uint64_t nowNs(void) {
  struct timespec T;
  if (timespec_get(&T, TIME_UTC) != TIME_UTC)
    return 0;
  return (uint64_t)T.tv_sec * 1000000000u + (uint64_t)T.tv_nsec;
}

static int sameView(NevercStringView A, NevercStringView B) {
  return A.Length == B.Length &&
         (A.Length == 0 || memcmp(A.Data, B.Data, (size_t)A.Length) == 0);
}

/* --- the pass ---------------------------------------------------------- */

static NevercStatus NEVERC_CALL runBench(const NevercIRPassInvocation *Inv,
                                         NevercIRPreservedAnalyses *Kept,
                                         void *UserData) {
  const BenchProcess *P = (const BenchProcess *)UserData;
  const NevercIRCoreAPI *IR;
  NevercStringView First, Last;
  uint64_t I, Start, Elapsed;
  NevercDiagnosticDescriptor D;
  char Message[512];
  int Length;
  NevercStatus S;
  if (!NEVERC_ABI_FIELD_AVAILABLE(Inv, NevercIRPassInvocation, Core) ||
      !Inv->Core ||
      Inv->Core->Header.StructSize <
          SLOT_END(NevercIRCoreAPI, GetModuleIdentifier))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  IR = Inv->Core;

  /* One call outside the loop: the reference answer. */
  S = IR->GetModuleIdentifier(IR->Context, Inv->Task, &First);
  if (!neverc_status_is_ok(S))
    return S;
  Last = First;

  /* The timed loop does nothing but call and check the status, and keeps
   * the last answer to compare once it is over. */
  Start = nowNs();
  for (I = 0; I < BENCH_CALLS; ++I) {
    S = IR->GetModuleIdentifier(IR->Context, Inv->Task, &Last);
    if (!neverc_status_is_ok(S))
      return S;
  }
  Elapsed = nowNs() - Start;
  /* Both views are borrowed until the pass returns, so both are valid. */
  if (!sameView(First, Last))
    return status(NEVERC_STATUS_PLUGIN_FAILURE);

  Length = snprintf(Message, sizeof Message,
                    "bench.typed-table-calls: %u GetModuleIdentifier calls in "
                    "%llu ns (%.1f ns/call), module '%.*s'",
                    BENCH_CALLS, (unsigned long long)Elapsed,
                    (double)Elapsed / BENCH_CALLS, (int)First.Length,
                    First.Data ? First.Data : "");
  if (Length < 0)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_REMARK;
  D.Code = BENCH_CODE;
  D.PluginID = sv(BENCH_ID);
  D.PhaseID = sv(NEVERC_PHASE_IR_PASS_PRE_CODEGEN_NAME);
  D.Message.Data = Message;
  D.Message.Length =
      (size_t)Length < sizeof Message ? (uint64_t)Length : sizeof Message - 1;
  S = P->Core->EmitDiagnostic(P->Core->Context, &D, NULL);
  if (!neverc_status_is_ok(S))
    return S;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  return neverc_status_ok();
}

/* --- the plugin -------------------------------------------------------- */

static NevercStatus NEVERC_CALL benchRegister(const NevercCoreAPI *Core,
                                              const NevercRegistrarAPI *Reg,
                                              void *Ctx, void *ProcessState) {
  const BenchProcess *P = (const BenchProcess *)ProcessState;
  NevercIRPassDescriptor D;
  (void)Core, (void)Reg;
  memset(&D, 0, sizeof D);
  D.Header =
      header(sizeof D, NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR);
  D.PassID = sv(BENCH_PASS);
  D.Phase.High = NEVERC_PHASE_IR_PASS_PRE_CODEGEN_HIGH;
  D.Phase.Low = NEVERC_PHASE_IR_PASS_PRE_CODEGEN_LOW;
  D.Level = NEVERC_IR_PASS_LEVEL_MODULE;
  /* Its report (the timing) differs from run to run, so a host that
   * caches or replays pass results must not do so for this one. */
  D.Deterministic = NEVERC_FALSE;
  D.Run = runBench;
  D.UserData = ProcessState;
  return P->Pass->RegisterPass(P->Pass->Context, Ctx, &D);
}

static NevercStatus NEVERC_CALL benchProcessBegin(const NevercCoreAPI *Core,
                                                  void **OutProcessState) {
  BenchProcess *P = NULL;
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

static NevercStatus NEVERC_CALL benchDestroy(const NevercCoreAPI *Core,
                                             void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(BenchProcess), 8);
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
  D.PluginID = sv(BENCH_ID);
  D.DisplayName = sv("IR table-call benchmark");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = benchProcessBegin;
  D.Register = benchRegister;
  D.Destroy = benchDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
