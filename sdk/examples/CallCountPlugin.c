/*
 * CallCountPlugin: count the calls of every function of a program, the way
 * -finstrument-functions users want it, without a runtime library to build
 * or link.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include CallCountPlugin.c \
 *      -o CallCountPlugin.so
 *   neverc -fplugin=CallCountPlugin.so -O2 prog.c -o prog && ./prog
 *   ... the program's own output, then at exit, per function that ran:
 *     callcount: <function> <calls>
 *   on stderr, or appended to the file $NEVERC_CALLCOUNT_FILE names (so
 *   tools whose stderr is parsed, like a build's helper programs, stay
 *   quiet).
 *
 * One MODULE pass (callcount.instrument) at neverc.ir.pass.pre_opt, so it
 * sees every function before the optimizer inlines any:
 *  1. lists the module's defined functions (BeginValueCursor);
 *  2. brings its runtime in as textual IR (NevercIRCoreAPI.ImportModule,
 *     which links into the module): a counter array, the function names,
 *     and a report function run at exit through llvm.global_dtors that
 *     prints every non-zero counter with dprintf;
 *  3. in one MODULE mutation (NevercIRBuilderAPI), puts at the top of each
 *     function's entry block: counts[i] = counts[i] + 1;
 *  4. reports PRESERVE_NONE: it changed the module.
 * A translation unit reports its own functions; counters are plain loads
 * and stores (a program with threads gets approximate counts).
 * Under -flto the pass instruments each compile's module (pre-link); the
 * IR phases run again on what LTO optimises at link time, in a task of
 * kind NEVERC_TASK_LTO (TaskBegin says the kind), and there the pass
 * leaves the module as it is: it was instrumented already.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CC_ID "org.neverc.example.call-count"
#define CC_PREFIX "__neverc_cc_"

static NevercStatus ok(void) {
  NevercStatus S;
  S.Code = NEVERC_STATUS_OK;
  S.Flags = 0;
  S.Detail = 0;
  return S;
}

static NevercStringView sv(const char *S, size_t N) {
  NevercStringView V;
  V.Data = S;
  V.Length = N;
  return V;
}

static int isRuntime(NevercStringView N) {
  return N.Length >= sizeof CC_PREFIX - 1 &&
         !memcmp(N.Data, CC_PREFIX, sizeof CC_PREFIX - 1);
}

/* A growable text buffer for the runtime module. */
typedef struct Text {
  char *Data;
  size_t Length, Capacity;
} Text;

static int append(Text *T, const char *Format, ...)
    __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static int append(Text *T, const char *Format, ...) {
  va_list A;
  int N;
  for (;;) {
    size_t Room = T->Capacity - T->Length;
    va_start(A, Format);
    N = vsnprintf(T->Data ? T->Data + T->Length : NULL, Room, Format, A);
    va_end(A);
    if (N < 0)
      return 0;
    if ((size_t)N < Room) {
      T->Length += (size_t)N;
      return 1;
    }
    T->Capacity = T->Capacity * 2 + (size_t)N + 64;
    if (!(T->Data = (char *)realloc(T->Data, T->Capacity)))
      return 0;
  }
}

typedef struct Functions {
  NevercIRValueHandle *Handles;
  uint64_t Count;
} Functions;

/* The defined functions that are not the runtime's. */
static NevercStatus defined(const NevercIRPassInvocation *Inv, Functions *Out) {
  const NevercIRCoreAPI *C = Inv->Core;
  NevercIRValueCursor Cur;
  NevercIRValueHandle Batch[32];
  uint64_t N = 0, I, Cap = 0;
  NevercStatus S;
  Out->Handles = NULL;
  Out->Count = 0;
  memset(&Cur, 0, sizeof Cur);
  S = C->BeginValueCursor(C->Context, Inv->Task, Inv->Module,
                          NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, &Cur);
  while (S.Code == NEVERC_STATUS_OK) {
    S = C->CollectValueCursor(C->Context, Inv->Task, &Cur, Batch, 32, &N);
    if (S.Code != NEVERC_STATUS_OK || N == 0)
      break;
    for (I = 0; I < N; ++I) {
      NevercIRValueCursor B;
      NevercIRValueHandle Block;
      NevercStringView Name;
      uint64_t K = 0;
      memset(&B, 0, sizeof B);
      C->BeginValueCursor(C->Context, Inv->Task, Batch[I],
                          NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, &B);
      C->CollectValueCursor(C->Context, Inv->Task, &B, &Block, 1, &K);
      C->GetValueName(C->Context, Inv->Task, Batch[I], &Name);
      if (!K || isRuntime(Name))
        continue;
      if (Out->Count == Cap) {
        Cap = Cap * 2 + 16;
        Out->Handles = (NevercIRValueHandle *)realloc(
            Out->Handles, Cap * sizeof *Out->Handles);
        if (!Out->Handles) {
          S.Code = NEVERC_STATUS_RESOURCE_EXHAUSTED;
          return S;
        }
      }
      Out->Handles[Out->Count++] = Batch[I];
    }
  }
  return S;
}

/* The runtime: counters, names, and the exit-time report. */
static int runtime(const NevercIRPassInvocation *Inv, const Functions *F,
                   Text *T) {
  const NevercIRCoreAPI *C = Inv->Core;
  uint64_t I, N = F->Count;
  int Ok = 1;
  Ok &= append(T, "@" CC_PREFIX "counts = internal global [%llu x i64] "
                  "zeroinitializer\n", (unsigned long long)N);
  for (I = 0; I < N; ++I) {
    NevercStringView Name;
    C->GetValueName(C->Context, Inv->Task, F->Handles[I], &Name);
    Ok &= append(T, "@" CC_PREFIX "n%llu = private unnamed_addr constant "
                    "[%llu x i8] c\"%.*s\\00\"\n", (unsigned long long)I,
                 (unsigned long long)Name.Length + 1, (int)Name.Length,
                 Name.Data);
  }
  Ok &= append(T, "@" CC_PREFIX "names = internal constant [%llu x ptr] [",
               (unsigned long long)N);
  for (I = 0; I < N; ++I)
    Ok &= append(T, "%sptr @" CC_PREFIX "n%llu", I ? ", " : "",
                 (unsigned long long)I);
  Ok &= append(T, "]\n");
  /* The report: to stderr, or appended to $NEVERC_CALLCOUNT_FILE when it
   * is set (open flags O_WRONLY|O_CREAT|O_APPEND as Linux numbers them). */
  Ok &= append(
      T,
      "@" CC_PREFIX "fmt = private unnamed_addr constant [19 x i8] "
      "c\"callcount: %%s %%lu\\0A\\00\"\n"
      "@" CC_PREFIX "env = private unnamed_addr constant [22 x i8] "
      "c\"NEVERC_CALLCOUNT_FILE\\00\"\n"
      "declare i32 @dprintf(i32, ptr, ...)\n"
      "declare ptr @getenv(ptr)\n"
      "declare i32 @open(ptr, i32, ...)\n"
      "define internal void @" CC_PREFIX "report() {\n"
      "entry:\n  %%path = call ptr @getenv(ptr @" CC_PREFIX "env)\n"
      "  %%unset = icmp eq ptr %%path, null\n"
      "  br i1 %%unset, label %%start, label %%file\n"
      "file:\n  %%opened = call i32 (ptr, i32, ...) @open(ptr %%path, "
      "i32 1089, i32 420)\n  br label %%start\n"
      "start:\n  %%fd = phi i32 [ 2, %%entry ], [ %%opened, %%file ]\n"
      "  %%bad = icmp slt i32 %%fd, 0\n"
      "  br i1 %%bad, label %%exit, label %%loop\n"
      "loop:\n  %%i = phi i64 [ 0, %%start ], [ %%next, %%cont ]\n"
      "  %%cp = getelementptr [%llu x i64], ptr @" CC_PREFIX "counts, i64 0, "
      "i64 %%i\n"
      "  %%c = load i64, ptr %%cp\n  %%z = icmp eq i64 %%c, 0\n"
      "  br i1 %%z, label %%cont, label %%print\n"
      "print:\n  %%np = getelementptr [%llu x ptr], ptr @" CC_PREFIX "names, "
      "i64 0, i64 %%i\n"
      "  %%n = load ptr, ptr %%np\n"
      "  %%r = call i32 (i32, ptr, ...) @dprintf(i32 %%fd, ptr @" CC_PREFIX
      "fmt, ptr %%n, i64 %%c)\n  br label %%cont\n"
      "cont:\n  %%next = add i64 %%i, 1\n  %%done = icmp eq i64 %%next, %llu\n"
      "  br i1 %%done, label %%exit, label %%loop\n"
      "exit:\n  ret void\n}\n"
      "@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] "
      "[{ i32, ptr, ptr } { i32 65535, ptr @" CC_PREFIX "report, ptr null }]\n",
      (unsigned long long)N, (unsigned long long)N, (unsigned long long)N);
  return Ok;
}

static NevercStatus findCounters(const NevercIRPassInvocation *Inv,
                                 NevercIRValueHandle *Out) {
  const NevercIRCoreAPI *C = Inv->Core;
  NevercIRValueCursor Cur;
  NevercIRValueHandle Batch[32];
  uint64_t N = 0, I;
  NevercStatus S;
  memset(&Cur, 0, sizeof Cur);
  S = C->BeginValueCursor(C->Context, Inv->Task, Inv->Module,
                          NEVERC_IR_COLLECTION_MODULE_GLOBALS, &Cur);
  while (S.Code == NEVERC_STATUS_OK &&
         (S = C->CollectValueCursor(C->Context, Inv->Task, &Cur, Batch, 32, &N))
                 .Code == NEVERC_STATUS_OK &&
         N) {
    for (I = 0; I < N; ++I) {
      NevercStringView Name;
      C->GetValueName(C->Context, Inv->Task, Batch[I], &Name);
      if (Name.Length == sizeof CC_PREFIX "counts" - 1 &&
          !memcmp(Name.Data, CC_PREFIX "counts", Name.Length)) {
        *Out = Batch[I];
        return ok();
      }
    }
  }
  S.Code = NEVERC_STATUS_NOT_FOUND;
  return S;
}

/* counts[Index] += 1 at the top of Function's entry block. */
static NevercStatus countEntry(const NevercIRPassInvocation *Inv,
                               NevercIRBuilderHandle B,
                               NevercIRValueHandle Function,
                               NevercIRValueHandle Counters,
                               NevercIRTypeHandle Array, NevercIRTypeHandle I64,
                               uint64_t Index) {
  const NevercIRCoreAPI *C = Inv->Core;
  const NevercIRBuilderAPI *Bd = Inv->Builder;
  NevercIRValueCursor Cur;
  NevercIRValueHandle Entry, First, Idx[2], Slot, Old, New, Store, One;
  uint64_t N = 0, Zero = 0, Unit = 1;
  NevercStatus S;
  memset(&Cur, 0, sizeof Cur);
  if ((S = C->BeginValueCursor(C->Context, Inv->Task, Function,
                               NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, &Cur))
          .Code ||
      (S = C->CollectValueCursor(C->Context, Inv->Task, &Cur, &Entry, 1, &N))
          .Code)
    return S;
  memset(&Cur, 0, sizeof Cur);
  if ((S = C->BeginValueCursor(C->Context, Inv->Task, Entry,
                               NEVERC_IR_COLLECTION_BLOCK_INSTRUCTIONS, &Cur))
          .Code ||
      (S = C->CollectValueCursor(C->Context, Inv->Task, &Cur, &First, 1, &N))
          .Code)
    return S;
  if ((S = Bd->SetInsertBefore(Bd->Context, Inv->Task, B, First)).Code ||
      (S = C->CreateIntegerConstant(C->Context, Inv->Task, I64, &Zero, 1,
                                    &Idx[0])).Code ||
      (S = C->CreateIntegerConstant(C->Context, Inv->Task, I64, &Index, 1,
                                    &Idx[1])).Code ||
      (S = C->CreateIntegerConstant(C->Context, Inv->Task, I64, &Unit, 1, &One))
          .Code)
    return S;
  if ((S = Bd->BuildGetElementPtr(Bd->Context, Inv->Task, B, Array, Counters,
                                  Idx, 2, sv("cc.slot", 7), &Slot)).Code ||
      (S = Bd->BuildLoad(Bd->Context, Inv->Task, B, I64, Slot, sv("cc.old", 6),
                         &Old)).Code ||
      (S = Bd->BuildBinary(Bd->Context, Inv->Task, B, NEVERC_IR_OPCODE_ADD, Old,
                           One, sv("cc.new", 6), &New)).Code)
    return S;
  return Bd->BuildStore(Bd->Context, Inv->Task, B, New, Slot, &Store);
}

/* The task state of an LTO task: its address marks one (nothing is
   stored in it). */
static const char LinkTimeTask = 0;

static NevercStatus NEVERC_CALL
taskBegin(const NevercCoreAPI *Core, NevercTaskHandle Task, NevercTaskKind Kind,
          void *ProcessState, void *SessionState, void **OutTaskState) {
  (void)Core;
  (void)Task;
  (void)ProcessState;
  (void)SessionState;
  *OutTaskState = Kind == NEVERC_TASK_LTO ? (void *)&LinkTimeTask : NULL;
  return ok();
}

static NevercStatus NEVERC_CALL instrument(const NevercIRPassInvocation *Inv,
                                           NevercIRPreservedAnalyses *Kept,
                                           void *UserData) {
  const NevercIRCoreAPI *C = Inv->Core;
  const NevercIRBuilderAPI *Bd = Inv->Builder;
  const NevercCoreAPI *Host = (const NevercCoreAPI *)UserData;
  Functions F;
  Text T;
  NevercByteView Bytes;
  NevercStringView Triple, Layout;
  NevercIRValueHandle Counters;
  NevercIRTypeHandle I64, Array;
  NevercIRMutationHandle M;
  NevercIRBuilderHandle B;
  NevercStatus S;
  uint64_t I;
  void *TaskState = NULL;
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  if (!Bd)
    return ok();
  /* At link time (LTO) the module is the compiles' instrumented ones. */
  if (neverc_status_is_ok(Host->GetTaskState(
          Host->Context, Inv->Task, sv(CC_ID, sizeof CC_ID - 1), &TaskState)) &&
      TaskState == &LinkTimeTask)
    return ok();
  if ((S = defined(Inv, &F)).Code || F.Count == 0) {
    free(F.Handles);
    return S;
  }
  memset(&T, 0, sizeof T);
  C->GetModuleTargetTriple(C->Context, Inv->Task, &Triple);
  C->GetModuleDataLayout(C->Context, Inv->Task, &Layout);
  if (!append(&T, "target datalayout = \"%.*s\"\ntarget triple = \"%.*s\"\n",
              (int)Layout.Length, Layout.Data, (int)Triple.Length,
              Triple.Data) ||
      !runtime(Inv, &F, &T)) {
    free(F.Handles);
    free(T.Data);
    S.Code = NEVERC_STATUS_RESOURCE_EXHAUSTED;
    return S;
  }
  Bytes.Data = (const uint8_t *)T.Data;
  Bytes.Length = T.Length;
  S = C->ImportModule(C->Context, Inv->Task, NEVERC_IR_SERIALIZATION_TEXT,
                      Bytes);
  free(T.Data);
  Kept->Flags = NEVERC_IR_PRESERVE_NONE;
  /* Linking in made every value handle stale: list the functions again. */
  free(F.Handles);
  if (S.Code || (S = defined(Inv, &F)).Code)
    return S;
  if ((S = findCounters(Inv, &Counters)).Code ||
      (S = C->GetIntegerType(C->Context, Inv->Task, 64, &I64)).Code ||
      (S = C->GetArrayType(C->Context, Inv->Task, I64, F.Count, &Array)).Code ||
      (S = Bd->BeginMutation(Bd->Context, Inv->Task,
                             NEVERC_IR_MUTATION_SCOPE_MODULE, Inv->Module, &M))
          .Code) {
    free(F.Handles);
    return S;
  }
  if ((S = Bd->CreateBuilder(Bd->Context, Inv->Task, M, &B)).Code == 0) {
    for (I = 0; I < F.Count && S.Code == 0; ++I)
      S = countEntry(Inv, B, F.Handles[I], Counters, Array, I64, I);
    Bd->DestroyBuilder(Bd->Context, Inv->Task, B);
  }
  if (S.Code == 0)
    S = Bd->CommitMutation(Bd->Context, Inv->Task, M);
  else
    Bd->AbortMutation(Bd->Context, Inv->Task, M);
  Bd->DestroyMutation(Bd->Context, Inv->Task, M);
  free(F.Handles);
  return S;
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  NevercInterfaceID ID;
  const void *Table = NULL;
  const NevercIRPassAPI *Pass;
  NevercIRPassDescriptor P;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  (void)R, (void)PS;
  ID.High = NEVERC_INTERFACE_IR_PASS_HIGH;
  ID.Low = NEVERC_INTERFACE_IR_PASS_LOW;
  S = Core->QueryInterface(Core->Context, ID, NEVERC_IR_PASS_API_MAJOR,
                           NEVERC_IR_PASS_API_MINOR, &Table, &Minor, &Size);
  if (S.Code)
    return S;
  Pass = (const NevercIRPassAPI *)Table;
  if (Size < offsetof(NevercIRPassAPI, RegisterPass) + sizeof Pass->RegisterPass) {
    S.Code = NEVERC_STATUS_ABI_MISMATCH;
    return S;
  }
  memset(&P, 0, sizeof P);
  P.Header.StructSize = sizeof P;
  P.Header.Major = NEVERC_IR_PASS_API_MAJOR;
  P.Header.Minor = NEVERC_IR_PASS_API_MINOR;
  P.PassID = sv("callcount.instrument", 20);
  P.Phase.High = NEVERC_PHASE_IR_PASS_PRE_OPT_HIGH;
  P.Phase.Low = NEVERC_PHASE_IR_PASS_PRE_OPT_LOW;
  P.Level = NEVERC_IR_PASS_LEVEL_MODULE;
  P.Deterministic = NEVERC_TRUE;
  P.Run = instrument;
  P.UserData = (void *)Core;
  return Pass->RegisterPass(Pass->Context, RC, &P);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  NevercStatus S = ok();
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4) {
    S.Code = NEVERC_STATUS_INVALID_ARGUMENT;
    return S;
  }
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.PluginID = sv(CC_ID, sizeof CC_ID - 1);
  D.DisplayName = sv("call counts", 11);
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.Register = registerPlugin;
  D.TaskBegin = taskBegin;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return S;
}
