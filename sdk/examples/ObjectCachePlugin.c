/*
 * ObjectCachePlugin: an object cache inside the compiler. A compile whose
 * optimized module and command line were seen before gets its object from
 * the cache; LLVM's code generator does not run.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include ObjectCachePlugin.c \
 *      -o ObjectCachePlugin.so
 *   neverc -fplugin=ObjectCachePlugin.so \
 *      -fplugin-arg=org.neverc.example.object-cache:--object-cache-dir=DIR \
 *      -O2 -c in.c -o in.o
 *
 * (CMake target neverc-plugin-example-object-cache.)
 *
 * Where it stands: an interceptor on neverc.codegen.coarse_lower, the step
 * from the verified, optimized IR module to the object image. Unlike a
 * cache in front of the compiler (ccache), it hashes what code generation
 * actually sees, so two sources that preprocess, parse and optimize to the
 * same module share an object, and the frontend and optimizer still run
 * (their diagnostics are never skipped).
 *
 * The key (128 bits, two FNV-1a 64 hashes with different bases) covers:
 *   - the module as bitcode (NevercIRCoreAPI.ExportModule): functions,
 *     globals, attributes (target CPU and features, frame pointers, ...),
 *     module flags (PIC level, code model, ...), debug info;
 *   - the frontend job's command line (NevercDriverAPI at
 *     neverc.driver.execute_job): every code-generation option that leaves
 *     no trace in the module (-ffunction-sections, -mrelax-all, ...), but
 *     not where the object and the dependency file go (-o,
 *     -dependency-file, -MT, -MQ), which changes no byte of the object;
 *   - the cache format ("neverc-object-cache-v1").
 * A hit writes the cached bytes into the candidate image (Frame->
 * CurrentOutput) and returns REPLACE; the sealed product_verify still
 * checks them, so a corrupt cache file fails the compile instead of
 * producing a broken object. A miss runs the rest of the chain
 * (InvokeNext), reads the product through the image's builder and stores
 * it (written to a temporary, then renamed: concurrent compiles never see
 * half a file). Remark 3001 says hit or miss with the key.
 *
 * Not cached: compiles with -gsplit-dwarf (the .dwo is written by the code
 * generator, which a hit skips), and compiles without --object-cache-dir.
 * Only an in-process frontend runs plugins.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#define CACHE_ID "org.neverc.example.object-cache"
#define CACHE_DIR_OPTION "--object-cache-dir"
#define CACHE_FORMAT "neverc-object-cache-v1"
#define CACHE_REMARK UINT32_C(3001)
#define CACHE_WARN_STORE UINT32_C(3002)

typedef struct CacheProcess {
  const NevercCoreAPI *Core;
  const NevercDriverAPI *Driver;
  const NevercIRCoreAPI *IR;
  const NevercObjectPhaseAPI *Phase;
} CacheProcess;

/* The two halves of a key being built. */
typedef struct CacheHash {
  uint64_t A, B;
} CacheHash;

typedef struct CacheSession {
  NevercStringView Dir; /* host-owned, lives for the session */
  /* The running frontend job's command line, hashed; SplitDwarf when it
   * writes a .dwo. Jobs of a session run one at a time. */
  CacheHash Job;
  int InJob;
  int SplitDwarf;
} CacheSession;

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

static void diagnose(const NevercCoreAPI *Core, NevercDiagnosticSeverity Sev,
                     uint32_t Code, const char *Message) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = Sev;
  D.Code = Code;
  D.PluginID = sv(CACHE_ID);
  D.PhaseID = sv(NEVERC_PHASE_CODEGEN_COARSE_LOWER_NAME);
  D.Message = sv(Message);
  Core->EmitDiagnostic(Core->Context, &D, NULL);
}

/* --- the key ------------------------------------------------------------ */

static void mix(CacheHash *H, const void *Data, uint64_t Length) {
  const unsigned char *P = (const unsigned char *)Data;
  uint64_t I;
  for (I = 0; I < Length; ++I) {
    H->A = (H->A ^ P[I]) * UINT64_C(0x100000001b3);
    H->B = (H->B ^ P[I]) * UINT64_C(0x100000001b3);
  }
  /* A separator, so ("ab","c") and ("a","bc") differ. */
  H->A = (H->A ^ 0xff) * UINT64_C(0x100000001b3);
  H->B = (H->B ^ 0xfe) * UINT64_C(0x100000001b3);
}

static CacheHash fresh(void) {
  CacheHash H;
  H.A = UINT64_C(0xcbf29ce484222325);
  H.B = UINT64_C(0x84222325cbf29ce4);
  mix(&H, CACHE_FORMAT, sizeof CACHE_FORMAT - 1);
  return H;
}

static int is(NevercStringView A, const char *S) {
  return A.Length == strlen(S) && !memcmp(A.Data, S, (size_t)A.Length);
}

static NevercStatus sessionOf(const CacheProcess *P, NevercSessionHandle S,
                              CacheSession **Out) {
  return P->Core->GetSessionState(P->Core->Context, S, sv(CACHE_ID),
                                  (void **)Out);
}

static NevercStatus NEVERC_CALL onExecuteJob(const NevercPhaseFrame *Frame,
                                             NevercObserverPoint Point,
                                             void *UserData) {
  const CacheProcess *P = (const CacheProcess *)UserData;
  CacheSession *S = NULL;
  NevercJobExecutionRequest R;
  uint64_t I;
  NevercStatus St = sessionOf(P, Frame->Session, &S);
  if (!neverc_status_is_ok(St))
    return St;
  S->InJob = 0;
  if (Point != NEVERC_OBSERVER_BEFORE)
    return neverc_status_ok();
  memset(&R, 0, sizeof R);
  R.Header = header(sizeof R, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  St = P->Driver->GetJobExecutionRequest(P->Driver->Context, Frame,
                                         Frame->Input, &R);
  if (!neverc_status_is_ok(St) || R.Job.Kind != NEVERC_JOB_FRONTEND)
    return St;
  S->Job = fresh();
  S->SplitDwarf = 0;
  for (I = 0; I < R.Arguments.Count; ++I) {
    NevercStringView A;
    memcpy(&A, (const char *)R.Arguments.Data + I * R.Arguments.ElementStride,
           sizeof A);
    if (is(A, "-split-dwarf-output"))
      S->SplitDwarf = 1;
    /* Where the object and the dependency file go does not change a byte
     * of the object: the same compile to another -o shares it. */
    if (is(A, "-o") || is(A, "-dependency-file") || is(A, "-MT") ||
        is(A, "-MQ")) {
      ++I;
      continue;
    }
    mix(&S->Job, A.Data, A.Length);
  }
  S->InJob = 1;
  return neverc_status_ok();
}

/* The module's bitcode into \p H. */
static NevercStatus hashModule(const CacheProcess *P, NevercTaskHandle Task,
                               CacheHash *H) {
  NevercIRSerializedBufferHandle Buf;
  NevercByteView Bytes;
  NevercStatus S, R;
  S = P->IR->ExportModule(P->IR->Context, Task, NEVERC_IR_SERIALIZATION_BITCODE,
                          &Buf);
  if (!neverc_status_is_ok(S))
    return S;
  S = P->IR->GetSerializedBufferView(P->IR->Context, Task, Buf, &Bytes);
  if (neverc_status_is_ok(S))
    mix(H, Bytes.Data, Bytes.Length);
  R = P->IR->ReleaseSerializedBuffer(P->IR->Context, Task, Buf);
  return neverc_status_is_ok(S) ? R : S;
}

/* --- the interceptor ---------------------------------------------------- */

static NevercStatus image(const CacheProcess *P, const NevercPhaseFrame *F,
                          NevercObjectImageInfo *I) {
  memset(I, 0, sizeof *I);
  I->Header = header(sizeof *I, NEVERC_OBJECT_PHASE_API_MAJOR,
                     NEVERC_OBJECT_PHASE_API_MINOR);
  return P->Phase->GetImage(P->Phase->Context, F, F->CurrentOutput, I);
}

/* The cached object at \p Path into the candidate; 0 when there is none. */
static int load(const CacheProcess *P, const NevercPhaseFrame *F,
                const char *Path, NevercStatus *Out) {
  char Buf[65536];
  size_t N;
  NevercObjectImageInfo I;
  FILE *In = fopen(Path, "rb");
  *Out = neverc_status_ok();
  if (!In)
    return 0;
  *Out = image(P, F, &I);
  while (neverc_status_is_ok(*Out) && (N = fread(Buf, 1, sizeof Buf, In))) {
    NevercByteView V;
    V.Data = (const uint8_t *)Buf;
    V.Length = N;
    *Out = I.Binary->Write(I.Binary->Context, F->Task, I.Builder, V);
  }
  if (neverc_status_is_ok(*Out) && ferror(In))
    *Out = status(NEVERC_STATUS_PLUGIN_FAILURE);
  fclose(In);
  return 1;
}

/* The product the chain made, to \p Path (through a temporary). */
static void store(const CacheProcess *P, const NevercPhaseFrame *F,
                  const char *Path) {
  char Tmp[1200], Buf[65536], Msg[1400];
  NevercObjectImageInfo I;
  uint64_t At = 0;
  int Ok;
  FILE *Out;
  if (!neverc_status_is_ok(image(P, F, &I)))
    return;
  snprintf(Tmp, sizeof Tmp, "%s.tmp.%llx", Path,
           (unsigned long long)F->Task.Value);
  Out = fopen(Tmp, "wb");
  Ok = Out != NULL;
  while (Ok && At < I.Size) {
    NevercMutableByteView V;
    uint64_t N = I.Size - At < sizeof Buf ? I.Size - At : sizeof Buf;
    V.Data = (uint8_t *)Buf;
    V.Length = N;
    Ok = neverc_status_is_ok(
             I.Binary->ReadAt(I.Binary->Context, F->Task, I.Builder, At, V)) &&
         fwrite(Buf, 1, (size_t)N, Out) == N;
    At += N;
  }
  if (Out && fclose(Out) != 0)
    Ok = 0;
  if (Ok && rename(Tmp, Path) == 0)
    return;
  remove(Tmp);
  snprintf(Msg, sizeof Msg, "object-cache: cannot store '%s'", Path);
  diagnose(P->Core, NEVERC_DIAGNOSTIC_WARNING, CACHE_WARN_STORE, Msg);
}

/* The rest of the chain, whose product stays the phase's output. */
static NevercStatus pass(NevercPhaseContinuation *Next,
                         const NevercPhaseFrame *F, NevercPhaseResult *Result) {
  NevercStatus St = Next->InvokeNext(Next, F, Result);
  Result->Action = NEVERC_PHASE_CONTINUE;
  memset(&Result->Output, 0, sizeof Result->Output);
  memset(&Result->Proof, 0, sizeof Result->Proof);
  return St;
}

static NevercStatus NEVERC_CALL onCoarseLower(const NevercPhaseFrame *F,
                                              NevercPhaseContinuation *Next,
                                              NevercPhaseResult *Result,
                                              void *UserData) {
  const CacheProcess *P = (const CacheProcess *)UserData;
  CacheSession *S = NULL;
  CacheHash H;
  char Path[1100], Msg[1300];
  NevercStatus St = sessionOf(P, F->Session, &S);
  if (!neverc_status_is_ok(St))
    return St;
  if (!S->Dir.Length || !S->InJob || S->SplitDwarf || S->Dir.Length > 1000)
    return pass(Next, F, Result); /* not cached */
  H = S->Job;
  St = hashModule(P, F->Task, &H);
  if (!neverc_status_is_ok(St))
    return St;
  snprintf(Path, sizeof Path, "%.*s/%016llx%016llx.o", (int)S->Dir.Length,
           S->Dir.Data, (unsigned long long)H.A, (unsigned long long)H.B);
  if (load(P, F, Path, &St)) {
    if (!neverc_status_is_ok(St))
      return St;
    snprintf(Msg, sizeof Msg, "object-cache: hit %016llx%016llx",
             (unsigned long long)H.A, (unsigned long long)H.B);
    diagnose(P->Core, NEVERC_DIAGNOSTIC_REMARK, CACHE_REMARK, Msg);
    Result->Action = NEVERC_PHASE_REPLACE;
    Result->Output = F->CurrentOutput;
    return neverc_status_ok();
  }
  St = pass(Next, F, Result);
  if (!neverc_status_is_ok(St))
    return St;
  store(P, F, Path);
  snprintf(Msg, sizeof Msg, "object-cache: miss %016llx%016llx",
           (unsigned long long)H.A, (unsigned long long)H.B);
  diagnose(P->Core, NEVERC_DIAGNOSTIC_REMARK, CACHE_REMARK, Msg);
  return neverc_status_ok();
}

/* --- lifecycle ---------------------------------------------------------- */

static NevercStatus query(const NevercCoreAPI *Core, uint64_t High,
                          uint64_t Low, uint16_t Major, uint16_t Minor,
                          uint64_t NeedSize, const void **Out) {
  NevercInterfaceID ID;
  uint16_t GotMinor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = High;
  ID.Low = Low;
  S = Core->QueryInterface(Core->Context, ID, Major, Minor, Out, &GotMinor,
                           &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (Size < NeedSize)
    return status(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL cacheProcessBegin(const NevercCoreAPI *Core,
                                                  void **OutProcessState) {
  CacheProcess *P = NULL;
  const void *Driver = NULL, *IR = NULL, *Phase = NULL;
  NevercStatus S;
  S = query(Core, NEVERC_INTERFACE_DRIVER_HIGH, NEVERC_INTERFACE_DRIVER_LOW,
            NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR,
            offsetof(NevercDriverAPI, GetJobExecutionRequest) +
                sizeof(((NevercDriverAPI *)0)->GetJobExecutionRequest),
            &Driver);
  if (neverc_status_is_ok(S))
    S = query(Core, NEVERC_INTERFACE_IR_CORE_HIGH, NEVERC_INTERFACE_IR_CORE_LOW,
              NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR,
              offsetof(NevercIRCoreAPI, ReleaseSerializedBuffer) +
                  sizeof(((NevercIRCoreAPI *)0)->ReleaseSerializedBuffer),
              &IR);
  if (neverc_status_is_ok(S))
    S = query(Core, NEVERC_INTERFACE_OBJECT_PHASE_HIGH,
              NEVERC_INTERFACE_OBJECT_PHASE_LOW, NEVERC_OBJECT_PHASE_API_MAJOR,
              NEVERC_OBJECT_PHASE_API_MINOR, sizeof(NevercObjectPhaseAPI),
              &Phase);
  if (neverc_status_is_ok(S))
    S = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(S))
    return S;
  P->Core = Core;
  P->Driver = (const NevercDriverAPI *)Driver;
  P->IR = (const NevercIRCoreAPI *)IR;
  P->Phase = (const NevercObjectPhaseAPI *)Phase;
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL cacheRegister(const NevercCoreAPI *Core,
                                              const NevercRegistrarAPI *Reg,
                                              void *Ctx, void *ProcessState) {
  NevercOptionDescriptor Opt;
  NevercObserverDescriptor O;
  NevercInterceptorDescriptor I;
  NevercStatus S;
  (void)Core;
  memset(&Opt, 0, sizeof Opt);
  Opt.Header =
      header(sizeof Opt, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  Opt.Spelling = sv(CACHE_DIR_OPTION);
  Opt.Form = NEVERC_OPTION_SEPARATE;
  Opt.ValueType = NEVERC_OPTION_STRING;
  Opt.Multiplicity = NEVERC_OPTION_LAST_WINS;
  Opt.Help = sv("the directory of the object cache (it must exist)");
  Opt.Metavar = sv("<dir>");
  S = Reg->RegisterOption(Ctx, &Opt);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&O, 0, sizeof O);
  O.Header = header(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_DRIVER_EXECUTE_JOB_HIGH;
  O.Phase.Low = NEVERC_PHASE_DRIVER_EXECUTE_JOB_LOW;
  O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  O.Callback = onExecuteJob;
  O.UserData = ProcessState;
  S = Reg->RegisterObserver(Ctx, &O);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&I, 0, sizeof I);
  I.Header = header(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = NEVERC_PHASE_CODEGEN_COARSE_LOWER_HIGH;
  I.Phase.Low = NEVERC_PHASE_CODEGEN_COARSE_LOWER_LOW;
  I.Callback = onCoarseLower;
  I.UserData = ProcessState;
  return Reg->RegisterInterceptor(Ctx, &I);
}

static NevercStatus NEVERC_CALL cacheSessionBegin(const NevercCoreAPI *Core,
                                                  NevercSessionHandle Session,
                                                  void *ProcessState,
                                                  void **OutState) {
  CacheSession *S = NULL;
  NevercStringView Value;
  NevercStatus St;
  (void)ProcessState;
  St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  memset(S, 0, sizeof *S);
  St = Core->GetPluginOptionValue(Core->Context, Session, sv(CACHE_ID),
                                  sv(CACHE_DIR_OPTION), 0, &Value);
  if (neverc_status_is_ok(St))
    S->Dir = Value;
  else if (St.Code != NEVERC_STATUS_NOT_FOUND) {
    Core->Deallocate(Core->Context, S, sizeof *S, 8);
    return St;
  }
  *OutState = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL cacheSessionEnd(const NevercCoreAPI *Core,
                                                NevercSessionHandle Session,
                                                void *ProcessState,
                                                void *SessionState) {
  (void)Session, (void)ProcessState;
  if (!SessionState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, SessionState, sizeof(CacheSession), 8);
}

static NevercStatus NEVERC_CALL cacheDestroy(const NevercCoreAPI *Core,
                                             void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(CacheProcess), 8);
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
  D.PluginID = sv(CACHE_ID);
  D.DisplayName = sv("Object cache");
  D.Version.Major = 1;
  /* Session state changes in callbacks: one callback of a session at a
   * time; none runs another. */
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_NONE;
  D.ProcessBegin = cacheProcessBegin;
  D.Register = cacheRegister;
  D.SessionBegin = cacheSessionBegin;
  D.SessionEnd = cacheSessionEnd;
  D.Destroy = cacheDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
