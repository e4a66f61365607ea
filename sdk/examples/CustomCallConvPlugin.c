/*
 * CustomCallConvPlugin: calling conventions defined by data.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include CustomCallConvPlugin.c \
 *      -o CustomCallConvPlugin.so
 *   neverc -fplugin=CustomCallConvPlugin.so \
 *      -fplugin-arg=org.neverc.example.custom-callconv:cc-all \
 *      -fplugin-arg=org.neverc.example.custom-callconv:ccspec='gpr:r10,r11;ret:rdx' \
 *      -O2 -c file.c
 *
 * (CMake target neverc-plugin-example-custom-callconv.)
 *
 * A spec is a short string: "args:rcx,stack,r8;ret:rax" (positional) or
 * "gpr:rcx,rdx;xmm:xmm0;ret:rax;ret_xmm:xmm0;csr:rbx,r12" (pools). The
 * plugin only writes it down; the host turns it into a plan and lowers it
 * before code generation (shared/spec/callconv.md).
 *
 * - one MODULE IR pass, customcc.apply, at neverc.ir.pass.post_opt: after
 *   the optimiser, so inlining has already happened with the standard
 *   convention, and before code generation;
 * - attribute mode (the default): functions that already carry a
 *   "neverc-callconv" string attribute get the convention;
 * - global mode (option cc-all): every defined function whose signature
 *   the convention can carry (integers, pointers, float, double) gets
 *   ccspec (default "gpr:r10,r11,rsi,rdi;ret:rdx"); ccprefix keeps only
 *   names starting with it; ccshuffle cycles through four built-in layouts
 *   instead, a different one per function (diversification). Flags accept
 *   =1 or =true. A variadic function, or one that passes or returns an
 *   aggregate in memory, is refused by the host with an error naming it
 *   (this plugin only looks at the parameters' types): narrow global mode
 *   with ccprefix then;
 * - per function: CreateStringAttribute + AddFunctionAttribute
 *   ("neverc-callconv" = spec), SetFunctionCallingConvention
 *   (NEVER_C_CUSTOM), and the same convention on every direct call
 *   (SetInstructionProperty CALLING_CONVENTION on a call, invoke or callbr
 *   whose callee operand is the function);
 * - warns when the function's address is taken (an indirect call uses the
 *   standard convention; neverc keeps that working by giving the address
 *   the standard entry) and when a csr register also carries a value;
 * - keeps no mutable globals: options live in the session state, handed
 *   to each task; the function list grows with Core->Reallocate.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define CC_ID "org.neverc.example.custom-callconv"
#define CC_PASS "customcc.apply"
#define CC_DEFAULT_SPEC "gpr:r10,r11,rsi,rdi;ret:rdx"
#define CC_WARN_ADDRESS 6101u
#define CC_WARN_CSR 6102u

#define SLOT_END(Type, Slot) (offsetof(Type, Slot) + sizeof(((Type *)0)->Slot))
#define IR_CORE_END SLOT_END(NevercIRCoreAPI, SetInstructionProperty)
#define IR_PASS_END SLOT_END(NevercIRPassAPI, RegisterPass)
/* GetPluginOptionValue is the last core slot this plugin calls. */
#define CORE_END SLOT_END(NevercCoreAPI, GetPluginOptionValue)

static const char *const Shuffled[4] = {
    "gpr:r10,r11,rsi,rdi;ret:rdx",
    "gpr:r11,r10,rdi,rsi;xmm:xmm5,xmm4;ret:rcx;ret_xmm:xmm3",
    "gpr:rsi,rdi,r10,r11;xmm:xmm7,xmm6;ret:r8",
    "args:rdx,rcx,r11;ret:rsi",
};

typedef struct CCProcess {
  const NevercCoreAPI *Core;
  const NevercIRPassAPI *Pass;
} CCProcess;

typedef struct CCSession {
  int All, Shuffle;
  char Spec[256];
  char Prefix[128];
} CCSession;

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

static NevercStatus negotiate(NevercQueryInterfaceFn Query, void *Context,
                              const NevercIRPassAPI **Pass) {
  NevercInterfaceID ID;
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = NEVERC_INTERFACE_IR_PASS_HIGH;
  ID.Low = NEVERC_INTERFACE_IR_PASS_LOW;
  S = Query(Context, ID, NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR,
            &Table, &Minor, &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (!Table || Size < IR_PASS_END)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  *Pass = (const NevercIRPassAPI *)Table;
  return neverc_status_ok();
}

static void warn(const CCProcess *P, unsigned Code, const char *Message) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_WARNING;
  D.Code = Code;
  D.PluginID = sv(CC_ID);
  D.PhaseID = sv(NEVERC_PHASE_IR_PASS_POST_OPT_NAME);
  D.Message = sv(Message);
  P->Core->EmitDiagnostic(P->Core->Context, &D, NULL);
}

/* --- spec checks ------------------------------------------------------- */

/* Whether register Name (length N) is listed in a segment of Spec whose
 * key is one of those that carry values. */
static int carriesValue(const char *Spec, const char *Name, size_t N) {
  static const char *const Keys[] = {"args",    "gpr",     "arg_gpr",
                                     "xmm",     "arg_xmm", "fpr",
                                     "ret",     "ret_gpr", "ret_xmm",
                                     "ret_fpr", NULL};
  const char *Seg = Spec;
  while (*Seg) {
    const char *End = strchr(Seg, ';'), *Colon = strchr(Seg, ':');
    size_t K;
    int Listed = 0;
    if (!End)
      End = Seg + strlen(Seg);
    if (Colon && Colon < End) {
      const char *KeyStart = Seg;
      while (KeyStart < Colon && isspace((unsigned char)*KeyStart))
        ++KeyStart;
      for (K = 0; Keys[K]; ++K)
        if ((size_t)(Colon - KeyStart) >= strlen(Keys[K]) &&
            strncmp(KeyStart, Keys[K], strlen(Keys[K])) == 0)
          Listed = 1;
      if (Listed) {
        const char *Item = Colon + 1;
        while (Item < End) {
          const char *Comma = memchr(Item, ',', (size_t)(End - Item));
          const char *ItemEnd = Comma ? Comma : End;
          while (Item < ItemEnd && isspace((unsigned char)*Item))
            ++Item;
          if ((size_t)(ItemEnd - Item) >= N && strncmp(Item, Name, N) == 0 &&
              (Item + N == ItemEnd || isspace((unsigned char)Item[N])))
            return 1;
          Item = ItemEnd + 1;
        }
      }
    }
    Seg = *End ? End + 1 : End;
  }
  return 0;
}

/* Warns for every csr register that also carries an argument or result. */
static void checkCSR(const CCProcess *P, const char *Spec) {
  const char *Csr = strstr(Spec, "csr:");
  const char *End;
  if (!Csr)
    return;
  Csr += 4;
  End = strchr(Csr, ';');
  if (!End)
    End = Csr + strlen(Csr);
  while (Csr < End) {
    const char *Comma = memchr(Csr, ',', (size_t)(End - Csr));
    const char *ItemEnd = Comma ? Comma : End;
    size_t N;
    while (Csr < ItemEnd && isspace((unsigned char)*Csr))
      ++Csr;
    N = (size_t)(ItemEnd - Csr);
    while (N && isspace((unsigned char)Csr[N - 1]))
      --N;
    if (N && carriesValue(Spec, Csr, N)) {
      char Message[160];
      snprintf(Message, sizeof Message,
               "custom-callconv: register '%.*s' is callee-saved and also "
               "carries a value in spec '%s'",
               (int)N, Csr, Spec);
      warn(P, CC_WARN_CSR, Message);
    }
    Csr = ItemEnd + 1;
  }
}

/* --- the pass ---------------------------------------------------------- */

typedef struct FunctionList {
  NevercIRValueHandle *Data;
  uint64_t Count, Capacity;
} FunctionList;

static NevercStatus collectFunctions(const CCProcess *P,
                                     const NevercIRCoreAPI *IR,
                                     NevercTaskHandle Task,
                                     NevercIRModuleHandle Module,
                                     FunctionList *Out) {
  NevercIRValueCursor Cursor;
  NevercIRValueHandle Batch[32];
  uint64_t N = 0, I;
  NevercStatus S;
  memset(&Cursor, 0, sizeof Cursor);
  Cursor.Header =
      header(sizeof Cursor, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  S = IR->BeginValueCursor(IR->Context, Task, Module,
                           NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, &Cursor);
  if (!neverc_status_is_ok(S))
    return S;
  do {
    S = IR->CollectValueCursor(IR->Context, Task, &Cursor, Batch,
                               sizeof Batch / sizeof Batch[0], &N);
    if (!neverc_status_is_ok(S))
      return S;
    for (I = 0; I < N; ++I) {
      if (Out->Count == Out->Capacity) {
        uint64_t Grown = Out->Capacity ? Out->Capacity * 2 : 64;
        void *Data = NULL;
        S = P->Core->Reallocate(P->Core->Context, Out->Data,
                                Out->Capacity * sizeof *Out->Data,
                                Grown * sizeof *Out->Data, 8, &Data);
        if (!neverc_status_is_ok(S))
          return S;
        Out->Data = (NevercIRValueHandle *)Data;
        Out->Capacity = Grown;
      }
      Out->Data[Out->Count++] = Batch[I];
    }
  } while (N == sizeof Batch / sizeof Batch[0]);
  return neverc_status_ok();
}

static NevercStatus countOf(const NevercIRCoreAPI *IR, NevercTaskHandle Task,
                            NevercHandle Container,
                            NevercIRValueCollection Collection,
                            NevercIRValueHandle *Batch, uint64_t Max,
                            uint64_t *OutCount) {
  NevercIRValueCursor Cursor;
  NevercStatus S;
  memset(&Cursor, 0, sizeof Cursor);
  Cursor.Header =
      header(sizeof Cursor, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
  S = IR->BeginValueCursor(IR->Context, Task, Container, Collection, &Cursor);
  if (!neverc_status_is_ok(S))
    return S;
  return IR->CollectValueCursor(IR->Context, Task, &Cursor, Batch, Max,
                                OutCount);
}

static int scalarKind(NevercIRTypeKind K, int AllowVoid) {
  return K == NEVERC_IR_TYPE_INTEGER || K == NEVERC_IR_TYPE_POINTER ||
         K == NEVERC_IR_TYPE_FLOAT || K == NEVERC_IR_TYPE_DOUBLE ||
         (AllowVoid && K == NEVERC_IR_TYPE_VOID);
}

/* Global mode's filter: a definition whose parameters are all scalars
 * (the first 16 are looked at; more are refused by the host anyway). */
static NevercStatus eligible(const NevercIRCoreAPI *IR, NevercTaskHandle Task,
                             NevercIRValueHandle F, int *Out) {
  NevercIRValueHandle Items[16];
  uint64_t N = 0, I;
  NevercIRTypeHandle Type;
  NevercIRTypeKind Kind;
  NevercStatus S;
  *Out = 0;
  S = countOf(IR, Task, F, NEVERC_IR_COLLECTION_FUNCTION_BLOCKS, Items, 1, &N);
  if (!neverc_status_is_ok(S) || N == 0)
    return S; /* a declaration */
  S = countOf(IR, Task, F, NEVERC_IR_COLLECTION_FUNCTION_ARGUMENTS, Items, 16,
              &N);
  if (!neverc_status_is_ok(S))
    return S;
  for (I = 0; I < N; ++I) {
    S = IR->GetValueType(IR->Context, Task, Items[I], &Type);
    if (neverc_status_is_ok(S))
      S = IR->GetTypeKind(IR->Context, Task, Type, &Kind);
    if (!neverc_status_is_ok(S))
      return S;
    if (!scalarKind(Kind, 0))
      return neverc_status_ok();
  }
  *Out = 1;
  return neverc_status_ok();
}

static NevercStatus apply(const CCProcess *P, const NevercIRCoreAPI *IR,
                          NevercTaskHandle Task, NevercIRValueHandle F,
                          const char *Spec, NevercStringView Name) {
  NevercIRAttributeHandle Attribute;
  uint64_t Uses = 0, U;
  int Escapes = 0;
  NevercStatus S =
      IR->CreateStringAttribute(IR->Context, Task, sv("neverc-callconv"),
                                sv(Spec), &Attribute);
  if (neverc_status_is_ok(S))
    S = IR->AddFunctionAttribute(IR->Context, Task, F,
                                 NEVERC_IR_ATTRIBUTE_LOCATION_FUNCTION, 0,
                                 Attribute);
  if (neverc_status_is_ok(S))
    S = IR->SetFunctionCallingConvention(
        IR->Context, Task, F, NEVERC_IR_CALLING_CONVENTION_NEVER_C_CUSTOM);
  if (neverc_status_is_ok(S))
    S = IR->GetValueUseCount(IR->Context, Task, F, &Uses);
  for (U = 0; neverc_status_is_ok(S) && U < Uses; ++U) {
    NevercIRUseInfo Use;
    NevercIRValueKind Kind;
    NevercIROpcode Op = 0;
    uint64_t Operands = 0;
    memset(&Use, 0, sizeof Use);
    Use.Header =
        header(sizeof Use, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
    S = IR->GetValueUse(IR->Context, Task, F, U, &Use);
    if (neverc_status_is_ok(S))
      S = IR->GetValueKind(IR->Context, Task, Use.User, &Kind);
    if (!neverc_status_is_ok(S))
      break;
    if (Kind == NEVERC_IR_VALUE_INSTRUCTION) {
      S = IR->GetInstructionOpcode(IR->Context, Task, Use.User, &Op);
      if (neverc_status_is_ok(S))
        S = IR->GetOperandCount(IR->Context, Task, Use.User, &Operands);
      if (!neverc_status_is_ok(S))
        break;
    }
    if ((Op == NEVERC_IR_OPCODE_CALL || Op == NEVERC_IR_OPCODE_INVOKE ||
         Op == NEVERC_IR_OPCODE_CALL_BR) &&
        Operands && Use.OperandIndex == Operands - 1) {
      NevercIRPropertyValue V;
      memset(&V, 0, sizeof V);
      V.Header =
          header(sizeof V, NEVERC_IR_CORE_API_MAJOR, NEVERC_IR_CORE_API_MINOR);
      V.Kind = NEVERC_IR_PROPERTY_VALUE_ENUM;
      V.UnsignedValue = NEVERC_IR_CALLING_CONVENTION_NEVER_C_CUSTOM;
      S = IR->SetInstructionProperty(IR->Context, Task, Use.User,
                                     NEVERC_IR_PROPERTY_CALLING_CONVENTION, V);
    } else {
      Escapes = 1;
    }
  }
  if (neverc_status_is_ok(S) && Escapes) {
    char Message[256];
    snprintf(Message, sizeof Message,
             "custom-callconv: the address of '%.*s' is taken; calls "
             "through it use the standard calling convention",
             (int)Name.Length, Name.Data);
    warn(P, CC_WARN_ADDRESS, Message);
  }
  if (neverc_status_is_ok(S))
    checkCSR(P, Spec);
  return S;
}

static NevercStatus NEVERC_CALL runPass(const NevercIRPassInvocation *Inv,
                                        NevercIRPreservedAnalyses *Kept,
                                        void *UserData) {
  const CCProcess *P = (const CCProcess *)UserData;
  const CCSession *Session = NULL;
  const NevercIRCoreAPI *IR;
  FunctionList List = {NULL, 0, 0};
  uint64_t I, Applied = 0;
  NevercStatus S;
  if (!NEVERC_ABI_FIELD_AVAILABLE(Inv, NevercIRPassInvocation, Core) ||
      !Inv->Core || Inv->Core->Header.StructSize < IR_CORE_END)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  IR = Inv->Core;
  S = P->Core->GetTaskState(P->Core->Context, Inv->Task, sv(CC_ID),
                            (void **)&Session);
  if (!neverc_status_is_ok(S))
    return S;
  if (!Session)
    return status(NEVERC_STATUS_INVALID_STATE);
  S = collectFunctions(P, IR, Inv->Task, Inv->Module, &List);
  for (I = 0; neverc_status_is_ok(S) && I < List.Count; ++I) {
    NevercIRValueHandle F = List.Data[I];
    NevercStringView Name = {"", 0}, Value = {NULL, 0};
    char Spec[256];
    int Use = 0;
    S = IR->GetValueName(IR->Context, Inv->Task, F, &Name);
    if (!neverc_status_is_ok(S))
      break;
    if (Session->All) {
      size_t PrefixLength = strlen(Session->Prefix);
      S = eligible(IR, Inv->Task, F, &Use);
      if (!neverc_status_is_ok(S))
        break;
      if (Use && PrefixLength &&
          (Name.Length < PrefixLength ||
           memcmp(Name.Data, Session->Prefix, PrefixLength) != 0))
        Use = 0;
      if (Use)
        snprintf(Spec, sizeof Spec, "%s",
                 Session->Shuffle ? Shuffled[Applied % 4] : Session->Spec);
    } else {
      NevercBool Has = NEVERC_FALSE;
      S = IR->HasFunctionAttribute(IR->Context, Inv->Task, F,
                                   sv("neverc-callconv"), &Has);
      if (neverc_status_is_ok(S) && Has)
        S = IR->GetFunctionStringAttribute(IR->Context, Inv->Task, F,
                                           sv("neverc-callconv"), &Value);
      if (!neverc_status_is_ok(S))
        break;
      if (Has && Value.Length < sizeof Spec) {
        memcpy(Spec, Value.Data, Value.Length);
        Spec[Value.Length] = 0;
        Use = 1;
      }
    }
    if (!Use)
      continue;
    /* The name is borrowed until the next call: copy it for messages. */
    {
      char Copy[128];
      size_t L = Name.Length < sizeof Copy ? Name.Length : sizeof Copy - 1;
      memcpy(Copy, Name.Data, L);
      Copy[L] = 0;
      Name.Data = Copy;
      Name.Length = L;
      S = apply(P, IR, Inv->Task, F, Spec, Name);
    }
    ++Applied;
  }
  if (List.Data)
    P->Core->Deallocate(P->Core->Context, List.Data,
                        List.Capacity * sizeof *List.Data, 8);
  if (!neverc_status_is_ok(S))
    return S;
  Kept->Flags = Applied ? NEVERC_IR_PRESERVE_NONE : NEVERC_IR_PRESERVE_ALL;
  return neverc_status_ok();
}

/* --- options and states ------------------------------------------------ */

static NevercStatus registerOption(const NevercRegistrarAPI *Reg, void *Ctx,
                                   const char *Spelling, NevercOptionForm Form,
                                   NevercOptionValueType Type,
                                   const char *Help) {
  NevercOptionDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header = header(sizeof O, NEVERC_DRIVER_API_MAJOR, 0);
  O.Spelling = sv(Spelling);
  O.Form = Form;
  O.ValueType = Type;
  O.Multiplicity = NEVERC_OPTION_LAST_WINS;
  O.Help = sv(Help);
  return Reg->RegisterOption(Ctx, &O);
}

static NevercStatus NEVERC_CALL ccRegister(const NevercCoreAPI *Core,
                                           const NevercRegistrarAPI *Reg,
                                           void *Ctx, void *ProcessState) {
  const CCProcess *P = (const CCProcess *)ProcessState;
  NevercIRPassDescriptor D;
  NevercStatus S;
  (void)Core;
  S = registerOption(Reg, Ctx, "--cc-all", NEVERC_OPTION_FLAG,
                     NEVERC_OPTION_BOOL,
                     "give every defined function the custom convention");
  if (neverc_status_is_ok(S))
    S = registerOption(Reg, Ctx, "--ccshuffle", NEVERC_OPTION_FLAG,
                       NEVERC_OPTION_BOOL,
                       "cycle through four built-in layouts");
  if (neverc_status_is_ok(S))
    S = registerOption(Reg, Ctx, "--ccspec", NEVERC_OPTION_SEPARATE,
                       NEVERC_OPTION_STRING, "the spec global mode applies");
  if (neverc_status_is_ok(S))
    S = registerOption(Reg, Ctx, "--ccprefix", NEVERC_OPTION_SEPARATE,
                       NEVERC_OPTION_STRING,
                       "only functions whose name starts with this");
  if (!neverc_status_is_ok(S))
    return S;
  memset(&D, 0, sizeof D);
  D.Header =
      header(sizeof D, NEVERC_IR_PASS_API_MAJOR, NEVERC_IR_PASS_API_MINOR);
  D.PassID = sv(CC_PASS);
  D.Phase.High = NEVERC_PHASE_IR_PASS_POST_OPT_HIGH;
  D.Phase.Low = NEVERC_PHASE_IR_PASS_POST_OPT_LOW;
  D.Level = NEVERC_IR_PASS_LEVEL_MODULE;
  D.Deterministic = NEVERC_TRUE;
  D.Run = runPass;
  D.UserData = ProcessState;
  return P->Pass->RegisterPass(P->Pass->Context, Ctx, &D);
}

/* Reads option Name into Out (Capacity bytes): 1 if given, 0 if not. */
static NevercStatus readOption(const NevercCoreAPI *Core,
                               NevercSessionHandle Session, const char *Name,
                               char *Out, size_t Capacity, int *Given) {
  NevercStringView Value;
  NevercStatus S = Core->GetPluginOptionValue(Core->Context, Session, sv(CC_ID),
                                              sv(Name), 0, &Value);
  *Given = 0;
  if (S.Code == NEVERC_STATUS_NOT_FOUND)
    return neverc_status_ok();
  if (!neverc_status_is_ok(S))
    return S;
  if (Value.Length >= Capacity)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  memcpy(Out, Value.Data, Value.Length);
  Out[Value.Length] = 0;
  *Given = 1;
  return neverc_status_ok();
}

static int isTrue(const char *V) {
  return strcmp(V, "1") == 0 || strcmp(V, "true") == 0;
}

static NevercStatus NEVERC_CALL ccSessionBegin(const NevercCoreAPI *Core,
                                               NevercSessionHandle Session,
                                               void *ProcessState,
                                               void **OutState) {
  CCSession *S = NULL;
  char Flag[16];
  int Given = 0;
  NevercStatus St;
  (void)ProcessState;
  St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  memset(S, 0, sizeof *S);
  strcpy(S->Spec, CC_DEFAULT_SPEC);
  St = readOption(Core, Session, "--cc-all", Flag, sizeof Flag, &Given);
  if (neverc_status_is_ok(St))
    S->All = Given && isTrue(Flag);
  if (neverc_status_is_ok(St))
    St = readOption(Core, Session, "--ccshuffle", Flag, sizeof Flag, &Given);
  if (neverc_status_is_ok(St))
    S->Shuffle = Given && isTrue(Flag);
  if (neverc_status_is_ok(St))
    St = readOption(Core, Session, "--ccspec", S->Spec, sizeof S->Spec,
                    &Given);
  if (neverc_status_is_ok(St) && !Given)
    strcpy(S->Spec, CC_DEFAULT_SPEC);
  if (neverc_status_is_ok(St))
    St = readOption(Core, Session, "--ccprefix", S->Prefix, sizeof S->Prefix,
                    &Given);
  if (!neverc_status_is_ok(St)) {
    Core->Deallocate(Core->Context, S, sizeof *S, 8);
    return St;
  }
  *OutState = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL ccSessionEnd(const NevercCoreAPI *Core,
                                             NevercSessionHandle Session,
                                             void *ProcessState, void *State) {
  (void)Session, (void)ProcessState;
  if (!State)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, State, sizeof(CCSession), 8);
}

static NevercStatus NEVERC_CALL ccTaskBegin(const NevercCoreAPI *Core,
                                            NevercTaskHandle Task,
                                            NevercTaskKind Kind,
                                            void *ProcessState,
                                            void *SessionState,
                                            void **OutTaskState) {
  (void)Core, (void)Task, (void)Kind, (void)ProcessState;
  *OutTaskState = SessionState; /* borrowed: the session frees it */
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL ccTaskEnd(const NevercCoreAPI *Core,
                                          NevercTaskHandle Task,
                                          NevercTaskKind Kind,
                                          void *ProcessState,
                                          void *SessionState, void *State) {
  (void)Core, (void)Task, (void)Kind, (void)ProcessState;
  return State == SessionState ? neverc_status_ok()
                               : status(NEVERC_STATUS_WRONG_SCOPE);
}

static NevercStatus NEVERC_CALL ccProcessBegin(const NevercCoreAPI *Core,
                                               void **OutProcessState) {
  CCProcess *P = NULL;
  NevercStatus S;
  if (Core->Header.StructSize < CORE_END)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  S = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(S))
    return S;
  memset(P, 0, sizeof *P);
  P->Core = Core;
  S = negotiate(Core->QueryInterface, Core->Context, &P->Pass);
  if (!neverc_status_is_ok(S)) {
    Core->Deallocate(Core->Context, P, sizeof *P, 8);
    return S;
  }
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL ccDestroy(const NevercCoreAPI *Core,
                                          void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(CCProcess), 8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL neverc_plugin_entry(
    const NevercBootstrapAPI *Bootstrap, NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  const NevercIRPassAPI *Pass = NULL;
  uint32_t Capacity;
  NevercStatus S;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  S = negotiate(Bootstrap->QueryInterface, Bootstrap->Context, &Pass);
  if (!neverc_status_is_ok(S))
    return S;
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.PluginID = sv(CC_ID);
  D.DisplayName = sv("custom calling conventions");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = ccProcessBegin;
  D.SessionBegin = ccSessionBegin;
  D.SessionEnd = ccSessionEnd;
  D.TaskBegin = ccTaskBegin;
  D.TaskEnd = ccTaskEnd;
  D.Register = ccRegister;
  D.Destroy = ccDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
