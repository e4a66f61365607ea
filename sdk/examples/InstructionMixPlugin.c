/*
 * InstructionMixPlugin: an instruction-mix profiler. For every section of
 * code the integrated assembler writes (one per function with
 * -ffunction-sections), how many instructions and how many encoded bytes
 * each mnemonic accounts for, written as JSON.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include InstructionMixPlugin.c \
 *      -o InstructionMixPlugin.so
 *   neverc -fplugin=InstructionMixPlugin.so \
 *      -fplugin-arg=org.neverc.example.instruction-mix:out=in.o.mix.json \
 *      -ffunction-sections -O2 -c in.c -o in.o
 *
 * (CMake target neverc-plugin-example-instruction-mix.)
 *
 * - one observer on neverc.mc.emission.post_encode: the instruction LLVM
 *   just encoded (NevercMCEmissionAPI.GetEvent: its section, its bytes) and
 *   its opcode (NevercMCAPI.GetInstructionInfo);
 * - one on neverc.mc.emission.relaxation_round: LLVM encodes a branch
 *   short first and may make it longer during layout; the sections count
 *   first encodings, and "relaxed" says how many LLVM grew and their final
 *   size (relaxation events name no section);
 * - opcodes are LOCKSTEP: the mnemonic comes from the x86-64 schema the
 *   plugin was built with (Schema/Targets/PluginMCX86_64.inc), and only
 *   when the unit's schema digest is that schema's; otherwise, and on other
 *   targets, an opcode is named "#<number>";
 * - writes the JSON when the translation unit ends, to a temporary file
 *   renamed into place, so a reader never sees half of it; keeps no mutable
 *   globals (the counts live in the task state).
 *
 * JSON: {"schema": "<digest>", "relaxed": {"instructions": k, "bytes": r},
 *   "sections": [{"section": ".text.f", "instructions": N, "bytes": B,
 *   "mix": [{"mnemonic": "movq", "count": n, "bytes": b}, ...]}, ...]}
 *   (mix sorted by bytes, then by mnemonic).
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIX_ID "org.neverc.example.instruction-mix"
#define MIX_OUT "--out"

#define SLOT_END(Type, Slot) (offsetof(Type, Slot) + sizeof(((Type *)0)->Slot))

/* Opcode -> mnemonic, in opcode order (the schema's rows are). */
static const char *const X86Mnemonics[] = {
#define NEVERC_MC_TARGET_X86_64_OPCODE(Name, Value, Mnemonic) Mnemonic,
#include "neverc/Plugin/Schema/Targets/PluginMCX86_64.inc"
#undef NEVERC_MC_TARGET_X86_64_OPCODE
};

typedef struct MixProcess {
  const NevercCoreAPI *Core;
  const NevercMCEmissionAPI *Emission;
} MixProcess;

typedef struct Entry {
  uint32_t Opcode;
  uint64_t Count, Bytes;
} Entry;

typedef struct Section {
  char *Name;
  Entry *Entries;
  size_t Size, Capacity;
} Section;

typedef struct MixTask {
  Section *Sections;
  size_t Size, Capacity;
  size_t Last;      /* the section of the last instruction */
  int KnownSchema;  /* 1: the x86-64 schema, 0: another, -1: not asked */
  char Schema[64];
  uint64_t Relaxed, RelaxedBytes;
} MixTask;

typedef struct MixSession {
  char Out[4096]; /* the JSON's path; empty: -fplugin-arg ...:out= missing */
} MixSession;

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

/* --- counting ---------------------------------------------------------- */

static Section *sectionNamed(MixTask *T, NevercStringView Name) {
  size_t K;
  Section *S;
  if (T->Size && T->Last < T->Size &&
      strlen(T->Sections[T->Last].Name) == Name.Length &&
      memcmp(T->Sections[T->Last].Name, Name.Data, Name.Length) == 0)
    return &T->Sections[T->Last];
  for (K = 0; K < T->Size; ++K)
    if (strlen(T->Sections[K].Name) == Name.Length &&
        memcmp(T->Sections[K].Name, Name.Data, Name.Length) == 0) {
      T->Last = K;
      return &T->Sections[K];
    }
  if (T->Size == T->Capacity) {
    size_t N = T->Capacity ? 2 * T->Capacity : 16;
    Section *M = (Section *)realloc(T->Sections, N * sizeof *M);
    if (!M)
      return NULL;
    T->Sections = M;
    T->Capacity = N;
  }
  S = &T->Sections[T->Size];
  memset(S, 0, sizeof *S);
  S->Name = (char *)malloc(Name.Length + 1);
  if (!S->Name)
    return NULL;
  memcpy(S->Name, Name.Data, Name.Length);
  S->Name[Name.Length] = 0;
  T->Last = T->Size++;
  return S;
}

static int count(Section *S, uint32_t Opcode, int64_t Count, int64_t Bytes) {
  size_t K;
  for (K = 0; K < S->Size; ++K)
    if (S->Entries[K].Opcode == Opcode)
      break;
  if (K == S->Size) {
    if (S->Size == S->Capacity) {
      size_t N = S->Capacity ? 2 * S->Capacity : 32;
      Entry *M = (Entry *)realloc(S->Entries, N * sizeof *M);
      if (!M)
        return 0;
      S->Entries = M;
      S->Capacity = N;
    }
    memset(&S->Entries[S->Size++], 0, sizeof *S->Entries);
    S->Entries[K].Opcode = Opcode;
  }
  S->Entries[K].Count += (uint64_t)Count;
  S->Entries[K].Bytes += (uint64_t)Bytes;
  return 1;
}

static MixTask *taskState(const MixProcess *P, NevercTaskHandle Task) {
  void *State = NULL;
  if (!neverc_status_is_ok(P->Core->GetTaskState(P->Core->Context, Task,
                                                 sv(MIX_ID), &State)))
    return NULL;
  return (MixTask *)State;
}

/* The event, the unit's schema (asked once), the instruction's opcode. */
static NevercStatus readEvent(const MixProcess *P, const NevercPhaseFrame *F,
                              MixTask *T, NevercMCEmissionEventInfo *E,
                              uint32_t *Opcode) {
  const NevercMCAPI *MC;
  NevercMCInstructionInfo I;
  NevercStatus S;
  memset(E, 0, sizeof *E);
  E->Header = header(sizeof *E, NEVERC_MC_EMISSION_API_MAJOR,
                     NEVERC_MC_EMISSION_API_MINOR);
  S = P->Emission->GetEvent(P->Emission->Context, F, F->Input, E);
  if (!neverc_status_is_ok(S))
    return S;
  if (!(E->Flags & NEVERC_MC_EMISSION_HAS_INSTRUCTION) ||
      !(E->Flags & NEVERC_MC_EMISSION_HAS_ENCODING))
    return status(NEVERC_STATUS_INVALID_STATE);
  MC = E->MC;
  if (!MC || MC->Header.StructSize < SLOT_END(NevercMCAPI, GetInstructionInfo))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  if (T->KnownSchema < 0) {
    NevercMCSchemaTokenHandle Token;
    NevercMCSchemaTokenInfo Info;
    memset(&Info, 0, sizeof Info);
    Info.Header = header(sizeof Info, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
    S = MC->GetSchemaToken(MC->Context, F->Task, E->Unit, &Token);
    if (neverc_status_is_ok(S))
      S = MC->GetSchemaTokenInfo(MC->Context, F->Task, Token, &Info);
    if (!neverc_status_is_ok(S))
      return S;
    snprintf(T->Schema, sizeof T->Schema, "%.*s", (int)Info.Digest.Length,
             Info.Digest.Data);
    T->KnownSchema = strcmp(T->Schema, NEVERC_MC_TARGET_X86_64_DIGEST) == 0;
  }
  memset(&I, 0, sizeof I);
  I.Header = header(sizeof I, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
  S = MC->GetInstructionInfo(MC->Context, F->Task, E->Instruction, &I);
  if (!neverc_status_is_ok(S))
    return S;
  *Opcode = I.Opcode;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL onEncoded(const NevercPhaseFrame *Frame,
                                          NevercObserverPoint Point,
                                          void *UserData) {
  const MixProcess *P = (const MixProcess *)UserData;
  MixTask *T = taskState(P, Frame->Task);
  NevercMCEmissionEventInfo E;
  uint32_t Opcode = 0;
  Section *S;
  NevercStatus St;
  (void)Point;
  if (!T)
    return status(NEVERC_STATUS_INVALID_STATE);
  St = readEvent(P, Frame, T, &E, &Opcode);
  if (!neverc_status_is_ok(St))
    return St;
  S = sectionNamed(T, E.SectionName);
  if (!S || !count(S, Opcode, 1, (int64_t)E.EncodedBytes.Length))
    return status(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  return neverc_status_ok();
}

/* LLVM relaxed an instruction during layout: its final encoding. */
static NevercStatus NEVERC_CALL onRelaxed(const NevercPhaseFrame *Frame,
                                          NevercObserverPoint Point,
                                          void *UserData) {
  const MixProcess *P = (const MixProcess *)UserData;
  MixTask *T = taskState(P, Frame->Task);
  NevercMCEmissionEventInfo E;
  uint32_t Opcode = 0;
  NevercStatus St;
  (void)Point;
  if (!T)
    return status(NEVERC_STATUS_INVALID_STATE);
  St = readEvent(P, Frame, T, &E, &Opcode);
  if (!neverc_status_is_ok(St))
    return St;
  ++T->Relaxed;
  T->RelaxedBytes += E.EncodedBytes.Length;
  return neverc_status_ok();
}

/* --- the JSON ---------------------------------------------------------- */

static const char *mnemonicOf(const MixTask *T, uint32_t Opcode, char *Buf,
                              size_t Size) {
  if (T->KnownSchema == 1 &&
      Opcode < sizeof X86Mnemonics / sizeof X86Mnemonics[0] &&
      X86Mnemonics[Opcode][0])
    return X86Mnemonics[Opcode];
  snprintf(Buf, Size, "#%u", Opcode);
  return Buf;
}

typedef struct Merged {
  const char *Mnemonic;
  char Own[16];
  uint64_t Count, Bytes;
} Merged;

static int byBytes(const void *A, const void *B) {
  const Merged *X = (const Merged *)A, *Y = (const Merged *)B;
  if (X->Bytes != Y->Bytes)
    return X->Bytes < Y->Bytes ? 1 : -1;
  return strcmp(X->Mnemonic, Y->Mnemonic);
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void writeString(FILE *F, const char *S) {
  fputc('"', F);
  for (; *S; ++S) {
    unsigned char C = (unsigned char)*S;
    if (C == '"' || C == '\\')
      fprintf(F, "\\%c", C);
    else if (C < 0x20)
      fprintf(F, "\\u%04x", C);
    else
      fputc(C, F);
  }
  fputc('"', F);
}

/* One section's entries merged by mnemonic (movq from MOV64rr, MOV64rm, ...). */
static int writeSection(FILE *F, const MixTask *T, const Section *S) {
  Merged *M = (Merged *)calloc(S->Size ? S->Size : 1, sizeof *M);
  size_t N = 0, K, J;
  uint64_t Count = 0, Bytes = 0;
  if (!M)
    return 0;
  for (K = 0; K < S->Size; ++K) {
    char Buf[16];
    const char *Name = mnemonicOf(T, S->Entries[K].Opcode, Buf, sizeof Buf);
    for (J = 0; J < N; ++J)
      if (strcmp(M[J].Mnemonic, Name) == 0)
        break;
    if (J == N) {
      if (Name == Buf) {
        memcpy(M[N].Own, Buf, sizeof Buf);
        Name = M[N].Own;
      }
      M[N++].Mnemonic = Name;
    }
    M[J].Count += S->Entries[K].Count;
    M[J].Bytes += S->Entries[K].Bytes;
    Count += S->Entries[K].Count;
    Bytes += S->Entries[K].Bytes;
  }
  qsort(M, N, sizeof *M, byBytes);
  fprintf(F, "{\"section\": ");
  writeString(F, S->Name);
  fprintf(F, ", \"instructions\": %llu, \"bytes\": %llu, \"mix\": [",
          (unsigned long long)Count, (unsigned long long)Bytes);
  for (J = 0; J < N; ++J) {
    fprintf(F, "%s{\"mnemonic\": ", J ? ", " : "");
    writeString(F, M[J].Mnemonic);
    fprintf(F, ", \"count\": %llu, \"bytes\": %llu}",
            (unsigned long long)M[J].Count, (unsigned long long)M[J].Bytes);
  }
  fprintf(F, "]}");
  free(M);
  return 1;
}

static NevercStatus writeJSON(const MixTask *T, const char *Path) {
  char Tmp[4096];
  FILE *F;
  size_t K;
  int Ok = 1;
  if (snprintf(Tmp, sizeof Tmp, "%s.tmp", Path) >= (int)sizeof Tmp)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  F = fopen(Tmp, "w");
  if (!F)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  fprintf(F,
          "{\"schema\": \"%s\", \"relaxed\": {\"instructions\": %llu, "
          "\"bytes\": %llu}, \"sections\": [",
          T->Schema, (unsigned long long)T->Relaxed,
          (unsigned long long)T->RelaxedBytes);
  for (K = 0; K < T->Size && Ok; ++K) {
    fprintf(F, K ? ",\n  " : "\n  ");
    Ok = writeSection(F, T, &T->Sections[K]);
  }
  fprintf(F, "\n]}\n");
  Ok &= fclose(F) == 0;
  if (!Ok || rename(Tmp, Path) != 0) {
    remove(Tmp);
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  return neverc_status_ok();
}

/* --- the plugin -------------------------------------------------------- */

static NevercStatus NEVERC_CALL mixTaskBegin(const NevercCoreAPI *Core,
                                             NevercTaskHandle Task,
                                             NevercTaskKind Kind,
                                             void *ProcessState,
                                             void *SessionState,
                                             void **OutTaskState) {
  MixTask *T;
  (void)Core, (void)Task, (void)ProcessState, (void)SessionState;
  if (Kind != NEVERC_TASK_TRANSLATION_UNIT)
    return neverc_status_ok();
  T = (MixTask *)calloc(1, sizeof *T);
  if (!T)
    return status(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  T->KnownSchema = -1;
  *OutTaskState = T;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL mixTaskEnd(const NevercCoreAPI *Core,
                                           NevercTaskHandle Task,
                                           NevercTaskKind Kind,
                                           void *ProcessState,
                                           void *SessionState,
                                           void *TaskState) {
  MixTask *T = (MixTask *)TaskState;
  const MixSession *Session = (const MixSession *)SessionState;
  NevercStatus S = neverc_status_ok();
  size_t K;
  (void)Core, (void)Task, (void)Kind, (void)ProcessState;
  if (!T)
    return S;
  /* Nothing encoded (-S, -fsyntax-only, a failed compile): no file. */
  if (T->Size && Session && Session->Out[0])
    S = writeJSON(T, Session->Out);
  for (K = 0; K < T->Size; ++K) {
    free(T->Sections[K].Name);
    free(T->Sections[K].Entries);
  }
  free(T->Sections);
  free(T);
  return S;
}

static NevercStatus NEVERC_CALL mixSessionBegin(const NevercCoreAPI *Core,
                                                NevercSessionHandle Session,
                                                void *ProcessState,
                                                void **OutState) {
  MixSession *S = (MixSession *)calloc(1, sizeof *S);
  NevercStringView Path;
  uint64_t N = 0;
  NevercStatus St;
  (void)ProcessState;
  if (!S)
    return status(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  St = Core->GetPluginOptionValueCount(Core->Context, Session, sv(MIX_ID),
                                       sv(MIX_OUT), &N);
  if (neverc_status_is_ok(St) && N > 0)
    St = Core->GetPluginOptionValue(Core->Context, Session, sv(MIX_ID),
                                    sv(MIX_OUT), N - 1, &Path);
  if (!neverc_status_is_ok(St)) {
    free(S);
    return St;
  }
  if (N > 0) {
    if (Path.Length >= sizeof S->Out) {
      free(S);
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    memcpy(S->Out, Path.Data, (size_t)Path.Length);
  }
  *OutState = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL mixSessionEnd(const NevercCoreAPI *Core,
                                              NevercSessionHandle Session,
                                              void *ProcessState,
                                              void *SessionState) {
  (void)Core, (void)Session, (void)ProcessState;
  free(SessionState);
  return neverc_status_ok();
}

static NevercStatus observe(const NevercRegistrarAPI *Reg, void *Ctx,
                            uint64_t High, uint64_t Low,
                            NevercPhaseObserverFn Fn, void *UserData) {
  NevercObserverDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header = header(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = High;
  O.Phase.Low = Low;
  O.Points = NEVERC_OBSERVER_AFTER;
  O.Callback = Fn;
  O.UserData = UserData;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus NEVERC_CALL mixRegister(const NevercCoreAPI *Core,
                                            const NevercRegistrarAPI *Reg,
                                            void *Ctx, void *ProcessState) {
  NevercOptionDescriptor O;
  NevercStatus S;
  (void)Core;
  S = observe(Reg, Ctx, NEVERC_PHASE_MC_EMISSION_POST_ENCODE_HIGH,
              NEVERC_PHASE_MC_EMISSION_POST_ENCODE_LOW, onEncoded,
              ProcessState);
  if (neverc_status_is_ok(S))
    S = observe(Reg, Ctx, NEVERC_PHASE_MC_EMISSION_RELAXATION_ROUND_HIGH,
                NEVERC_PHASE_MC_EMISSION_RELAXATION_ROUND_LOW, onRelaxed,
                ProcessState);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&O, 0, sizeof O);
  O.Header = header(sizeof O, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  O.Spelling = sv(MIX_OUT);
  O.Form = NEVERC_OPTION_SEPARATE;
  O.ValueType = NEVERC_OPTION_PATH;
  O.Multiplicity = NEVERC_OPTION_LAST_WINS;
  O.Help = sv("write the instruction mix of each object to <path> (JSON)");
  O.Metavar = sv("<path>");
  return Reg->RegisterOption(Ctx, &O);
}

static NevercStatus NEVERC_CALL mixProcessBegin(const NevercCoreAPI *Core,
                                                void **OutProcessState) {
  MixProcess *P;
  NevercInterfaceID ID;
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = NEVERC_INTERFACE_MC_EMISSION_HIGH;
  ID.Low = NEVERC_INTERFACE_MC_EMISSION_LOW;
  S = Core->QueryInterface(Core->Context, ID, NEVERC_MC_EMISSION_API_MAJOR,
                           NEVERC_MC_EMISSION_API_MINOR, &Table, &Minor,
                           &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (!Table || Size < SLOT_END(NevercMCEmissionAPI, GetEvent))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  P = (MixProcess *)calloc(1, sizeof *P);
  if (!P)
    return status(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  P->Core = Core;
  P->Emission = (const NevercMCEmissionAPI *)Table;
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL mixDestroy(const NevercCoreAPI *Core,
                                           void *ProcessState) {
  (void)Core;
  free(ProcessState);
  return neverc_status_ok();
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
  D.PluginID = sv(MIX_ID);
  D.DisplayName = sv("instruction-mix profiler");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_NONE;
  D.ProcessBegin = mixProcessBegin;
  D.Register = mixRegister;
  D.SessionBegin = mixSessionBegin;
  D.SessionEnd = mixSessionEnd;
  D.TaskBegin = mixTaskBegin;
  D.TaskEnd = mixTaskEnd;
  D.Destroy = mixDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
