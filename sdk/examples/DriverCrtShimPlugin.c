/*
 * DriverCrtShimPlugin: a driver-level plugin with no C runtime at all (the
 * IR-level one is CrtShimPlugin.c).
 *
 *   cc -shared -fPIC -std=c11 -ffreestanding -fno-builtin \
 *      -fno-stack-protector -nostdlib -Wl,-z,defs \
 *      -I<sdk>/include DriverCrtShimPlugin.c -o DriverCrtShimPlugin.so
 *   neverc -fplugin=DriverCrtShimPlugin.so --crt-shim -c input.c
 *
 * The plugin ABI needs nothing from libc: every resource a plugin uses can
 * come from the host through the tables it is handed. This example proves
 * it by linking with -nostdlib (no NEEDED entry, no undefined symbol):
 *
 * - memory comes from NevercCoreAPI.Allocate/Deallocate, text goes out
 *   through NevercCoreAPI.EmitDiagnostic;
 * - no libc call, not even the implicit ones a compiler may emit: no
 *   aggregate initializers or struct copies (which can become memset or
 *   memcpy calls), byte loops instead of string.h, a hand-written decimal
 *   formatter instead of snprintf, -fno-stack-protector so no
 *   __stack_chk_fail, -fno-builtin so loops are not turned back into
 *   memset/memcpy calls;
 * - still a complete plugin: registers the option --crt-shim (FLAG, BOOL,
 *   SINGLE) and --crt-shim-label (SEPARATE, STRING, LAST_WINS), observes
 *   neverc.driver.raw_arguments at AFTER and, when --crt-shim is given,
 *   emits one remark (code 2001) per session:
 *     crt-shim[<label>]: <n> arguments, no C runtime
 * - keeps no mutable globals: negotiated tables in process state, the
 *   option values in session state.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#define SHIM_ID "org.neverc.example.crt-shim"
#define SHIM_FLAG "--crt-shim"
#define SHIM_LABEL "--crt-shim-label"

typedef struct ShimProcess {
  const NevercCoreAPI *Core;
  const NevercDriverAPI *Driver;
} ShimProcess;

typedef struct ShimSession {
  int Enabled;
  int Reported;
  uint64_t LabelLength;
  char Label[48];
} ShimSession;

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

/* Appends \p Text (Length bytes) to Buffer[*At..Capacity-1), keeping a NUL. */
static void append(char *Buffer, size_t Capacity, size_t *At, const char *Text,
                   uint64_t Length) {
  uint64_t I;
  for (I = 0; I < Length && *At + 1 < Capacity; ++I)
    Buffer[(*At)++] = Text[I];
  Buffer[*At] = '\0';
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

/* --- the plugin ------------------------------------------------------------ */

static NevercStatus negotiate(NevercQueryInterfaceFn Query, void *Context,
                              const NevercDriverAPI **Out) {
  NevercInterfaceID ID;
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = NEVERC_INTERFACE_DRIVER_HIGH;
  ID.Low = NEVERC_INTERFACE_DRIVER_LOW;
  S = Query(Context, ID, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR,
            &Table, &Minor, &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (Size < offsetof(NevercDriverAPI, GetArgumentCount) +
                 sizeof(((NevercDriverAPI *)0)->GetArgumentCount))
    return status(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  *Out = (const NevercDriverAPI *)Table;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL onRawArguments(const NevercPhaseFrame *Frame,
                                               NevercObserverPoint Point,
                                               void *UserData) {
  const ShimProcess *P = (const ShimProcess *)UserData;
  ShimSession *S = NULL;
  NevercDiagnosticDescriptor D;
  uint64_t Count = 0;
  char Message[128];
  size_t At = 0;
  NevercStatus St;
  (void)Point;
  St = P->Core->GetSessionState(P->Core->Context, Frame->Session, sv(SHIM_ID),
                                (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  if (!S || !S->Enabled || S->Reported)
    return neverc_status_ok();
  St = P->Driver->GetArgumentCount(P->Driver->Context, Frame, Frame->Input,
                                   &Count);
  if (!neverc_status_is_ok(St))
    return St;
  append(Message, sizeof Message, &At, "crt-shim[", 9);
  append(Message, sizeof Message, &At, S->Label, S->LabelLength);
  append(Message, sizeof Message, &At, "]: ", 3);
  appendDecimal(Message, sizeof Message, &At, Count);
  append(Message, sizeof Message, &At, " arguments, no C runtime", 24);
  zeroBytes(&D, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.Severity = NEVERC_DIAGNOSTIC_REMARK;
  D.Code = 2001;
  D.PluginID = sv(SHIM_ID);
  D.PhaseID = sv(NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_NAME);
  D.Message.Data = Message;
  D.Message.Length = At;
  S->Reported = 1;
  return P->Core->EmitDiagnostic(P->Core->Context, &D, NULL);
}

static NevercStatus addOption(const NevercRegistrarAPI *Reg, void *Ctx,
                              const char *Spelling, NevercOptionForm Form,
                              NevercOptionValueType Type,
                              NevercOptionMultiplicity Multiplicity,
                              const char *Help) {
  NevercOptionDescriptor O;
  zeroBytes(&O, sizeof O);
  O.Header.StructSize = sizeof O;
  O.Header.Major = NEVERC_DRIVER_API_MAJOR;
  O.Header.Minor = NEVERC_DRIVER_API_MINOR;
  O.Spelling = sv(Spelling);
  O.Form = Form;
  O.ValueType = Type;
  O.Multiplicity = Multiplicity;
  O.Help = sv(Help);
  return Reg->RegisterOption(Ctx, &O);
}

static NevercStatus NEVERC_CALL shimRegister(const NevercCoreAPI *Core,
                                             const NevercRegistrarAPI *Reg,
                                             void *Ctx, void *ProcessState) {
  NevercObserverDescriptor O;
  NevercStatus S;
  (void)Core;
  S = addOption(Reg, Ctx, SHIM_FLAG, NEVERC_OPTION_FLAG, NEVERC_OPTION_BOOL,
                NEVERC_OPTION_SINGLE, "report the argument count as a remark");
  if (!neverc_status_is_ok(S))
    return S;
  S = addOption(Reg, Ctx, SHIM_LABEL, NEVERC_OPTION_SEPARATE,
                NEVERC_OPTION_STRING, NEVERC_OPTION_LAST_WINS,
                "label printed in the remark");
  if (!neverc_status_is_ok(S))
    return S;
  zeroBytes(&O, sizeof O);
  O.Header.StructSize = sizeof O;
  O.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  O.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  O.Phase.High = NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_HIGH;
  O.Phase.Low = NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_LOW;
  O.Points = NEVERC_OBSERVER_AFTER;
  O.Callback = onRawArguments;
  O.UserData = ProcessState;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus NEVERC_CALL shimProcessBegin(const NevercCoreAPI *Core,
                                                 void **OutProcessState) {
  ShimProcess *P = NULL;
  NevercStatus S = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(S))
    return S;
  P->Core = Core;
  P->Driver = NULL;
  S = negotiate(Core->QueryInterface, Core->Context, &P->Driver);
  if (!neverc_status_is_ok(S)) {
    Core->Deallocate(Core->Context, P, sizeof *P, 8);
    return S;
  }
  *OutProcessState = P;
  return neverc_status_ok();
}

/* Reads option value 0; NOT_FOUND (not given) leaves *Out empty. */
static NevercStatus readOption(const NevercCoreAPI *Core,
                               NevercSessionHandle Session,
                               const char *Spelling, NevercStringView *Out) {
  NevercStatus St;
  Out->Data = NULL;
  Out->Length = 0;
  St = Core->GetPluginOptionValue(Core->Context, Session, sv(SHIM_ID),
                                  sv(Spelling), 0, Out);
  if (St.Code == NEVERC_STATUS_NOT_FOUND) {
    Out->Data = NULL;
    Out->Length = 0;
    return neverc_status_ok();
  }
  return St;
}

static NevercStatus NEVERC_CALL shimSessionBegin(const NevercCoreAPI *Core,
                                                 NevercSessionHandle Session,
                                                 void *ProcessState,
                                                 void **OutState) {
  ShimSession *S = NULL;
  NevercStringView Flag, Label;
  NevercStatus St;
  (void)ProcessState;
  St = readOption(Core, Session, SHIM_FLAG, &Flag);
  if (neverc_status_is_ok(St))
    St = readOption(Core, Session, SHIM_LABEL, &Label);
  if (!neverc_status_is_ok(St))
    return St;
  St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  zeroBytes(S, sizeof *S);
  S->Enabled = Flag.Length == 1 && Flag.Data[0] == '1';
  if (!Label.Data) {
    Label.Data = "default";
    Label.Length = 7;
  }
  S->LabelLength =
      Label.Length < sizeof S->Label ? Label.Length : sizeof S->Label;
  copyBytes(S->Label, Label.Data, (size_t)S->LabelLength);
  *OutState = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL shimSessionEnd(const NevercCoreAPI *Core,
                                               NevercSessionHandle Session,
                                               void *ProcessState,
                                               void *SessionState) {
  (void)Session, (void)ProcessState;
  return Core->Deallocate(Core->Context, SessionState, sizeof(ShimSession), 8);
}

static NevercStatus NEVERC_CALL shimDestroy(const NevercCoreAPI *Core,
                                            void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(ShimProcess), 8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  const NevercDriverAPI *Driver = NULL;
  uint32_t Capacity;
  NevercStatus S;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  S = negotiate(Bootstrap->QueryInterface, Bootstrap->Context, &Driver);
  if (!neverc_status_is_ok(S))
    return S;
  Capacity = OutPlugin->Header.StructSize;
  zeroBytes(&D, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.PluginID = sv(SHIM_ID);
  D.DisplayName = sv("C-runtime-free plugin");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = shimProcessBegin;
  D.Register = shimRegister;
  D.SessionBegin = shimSessionBegin;
  D.SessionEnd = shimSessionEnd;
  D.Destroy = shimDestroy;
  copyBytes(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
