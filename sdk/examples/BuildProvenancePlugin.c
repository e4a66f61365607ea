/*
 * BuildProvenancePlugin: every object neverc writes says how it was built.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include BuildProvenancePlugin.c \
 *      -o BuildProvenancePlugin.so
 *   neverc -fplugin=BuildProvenancePlugin.so -c in.c -o in.o
 *   llvm-readelf -n in.o                       # owner neverc, 0x4e430001
 *   neverc-objtool section in.o .note.neverc.provenance | tail -c +21
 *
 * (CMake target neverc-plugin-example-build-provenance.)
 *
 * The object gets a non-allocated ELF note section .note.neverc.provenance
 * (SHT_NOTE, alignment 4) holding one note:
 *   namesz 7, descsz, type NEVERC_PROVENANCE_NOTE_TYPE (0x4e430001: "NC"
 *   and record 1), name "neverc\0" padded to 8, then the description: text
 *   lines "key=value\n" in this order, zero-padded to a multiple of 4:
 *     compiler=<the option below; "neverc" by default>
 *     flags=<the driver's command line after argv[0], each argument a
 *            shell word; the host's -fplugin* arguments are not in it>
 *     source=<the input of the compile, as the driver named it>
 *     source-sha256=<SHA-256 of that file's bytes, lowercase hex>
 *     object=<the object the compile writes, as the driver named it>
 *   A line whose value is unknown is left out: flags= to object= without a
 *   driver; source-sha256= for stdin ("-"), and with warning 2001 for a
 *   file that cannot be read.
 *   -fplugin-arg=org.neverc.example.build-provenance:compiler=<text> (or
 *   --compiler <text>) sets the compiler= line.
 * Linkers keep such sections (not allocated, not SHF_EXCLUDE) and
 * concatenate the notes of all objects into one section of that name: a
 * program lists the provenance of each of its objects.
 *
 * How:
 * - ProcessBegin negotiates NevercDriverAPI and NevercObjectPhaseAPI into
 *   process state; SessionBegin reads the option. All mutable state is
 *   session state: the driver phases run in the invocation's task, the
 *   object phases in the translation unit's, so task state could not carry
 *   a fact from one to the other.
 * - An observer on neverc.driver.raw_arguments (AFTER) records the command
 *   line. One on neverc.driver.execute_job records, BEFORE a frontend job
 *   (cc1, cc1as) runs, its input and its object output as the session's
 *   running job and forgets the job AFTER it: jobs of a session run one at
 *   a time, and an in-process frontend writes its object inside its job. A
 *   job reading the previous job's output keeps that job's source, so with
 *   -save-temps the source is still the .c file, not the .i or .s.
 * - The interceptor on neverc.object.pre_write hashes the source (fopen,
 *   when the object is written), builds the note, stages the section in
 *   one mutation, commits, then runs the rest of the chain; the built-in
 *   ELF writer writes the note with the rest. A graph that is not ELF, or
 *   that already has a section of that name (the source made one: warning
 *   2002), is left as it is.
 * - The section's kind is FORMAT_EXTENSION without ALLOCATED (what reading
 *   a non-allocated note back gives) and it carries an NCSE v2 record (the
 *   ELF format's extension, PluginObject.h) whose sh_type 7 makes it
 *   SHT_NOTE; sh_index 0 says it names no section of a file read.
 *
 * Why compiler= is an option: NevercCoreAPI has no slot naming the host;
 * its build ID (NevercBootstrapAPI.HostBuildID, "neverc-0.1.0") is valid
 * only during the entry call, and keeping it would take a global, which
 * the SDK rules forbid.
 * Only an in-process frontend runs plugins: with -fno-integrated-cc1 the
 * spawned `neverc -cc1` loads none, and its objects carry no note.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#define PROV_ID "org.neverc.example.build-provenance"
#define PROV_COMPILER_OPTION "--compiler"
#define PROV_DEFAULT_COMPILER "neverc"
#define PROV_SECTION ".note.neverc.provenance"
#define PROV_NOTE_NAME "neverc" /* namesz counts its NUL: 7 */
#define NEVERC_PROVENANCE_NOTE_TYPE UINT32_C(0x4e430001)
#define PROV_SHT_NOTE UINT32_C(7)
#define PROV_WARN_UNREADABLE UINT32_C(2001)
#define PROV_WARN_SECTION_TAKEN UINT32_C(2002)

typedef struct ProvProcess {
  const NevercCoreAPI *Core;
  const NevercDriverAPI *Driver;
  const NevercObjectPhaseAPI *Phase;
} ProvProcess;

/* A growable byte buffer in host memory (Core->Allocate). */
typedef struct ProvBuffer {
  char *Data;
  uint64_t Length;
  uint64_t Capacity;
} ProvBuffer;

typedef struct ProvSession {
  NevercStringView Compiler; /* host-owned, lives for the session */
  ProvBuffer Flags;
  int HaveFlags;
  /* The running frontend job: its source and object (NUL-terminated). */
  ProvBuffer Source;
  ProvBuffer Object;
  int InJob;
  /* The last frontend job's first output: a job reading it (-save-temps:
   * .c -> .i -> .s -> .o) keeps that job's Source. */
  ProvBuffer Previous;
} ProvSession;

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

static void warn(const NevercCoreAPI *Core, uint32_t Code,
                 const char *Message) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_WARNING;
  D.Code = Code;
  D.PluginID = sv(PROV_ID);
  D.PhaseID = sv(NEVERC_PHASE_OBJECT_PRE_WRITE_NAME);
  D.Message = sv(Message);
  Core->EmitDiagnostic(Core->Context, &D, NULL);
}

/* --- buffers ------------------------------------------------------------ */

static NevercStatus reserve(const NevercCoreAPI *Core, ProvBuffer *B,
                            uint64_t Extra) {
  uint64_t Want = B->Length + Extra + 1; /* room for a NUL */
  uint64_t Cap = B->Capacity ? B->Capacity : 64;
  void *P = NULL;
  NevercStatus S;
  if (Want <= B->Capacity)
    return neverc_status_ok();
  while (Cap < Want)
    Cap *= 2;
  if (B->Data)
    S = Core->Reallocate(Core->Context, B->Data, B->Capacity, Cap, 1, &P);
  else
    S = Core->Allocate(Core->Context, Cap, 1, &P);
  if (!neverc_status_is_ok(S))
    return S;
  B->Data = (char *)P;
  B->Capacity = Cap;
  return neverc_status_ok();
}

static NevercStatus append(const NevercCoreAPI *Core, ProvBuffer *B,
                           const void *Data, uint64_t Length) {
  NevercStatus S = reserve(Core, B, Length);
  if (!neverc_status_is_ok(S))
    return S;
  if (Length)
    memcpy(B->Data + B->Length, Data, (size_t)Length);
  B->Length += Length;
  B->Data[B->Length] = '\0';
  return neverc_status_ok();
}

static NevercStatus appendString(const NevercCoreAPI *Core, ProvBuffer *B,
                                 const char *S) {
  return append(Core, B, S, strlen(S));
}

static NevercStatus appendZeros(const NevercCoreAPI *Core, ProvBuffer *B,
                                uint64_t Count) {
  static const char Zeros[8] = {0};
  return append(Core, B, Zeros, Count);
}

static NevercStatus appendU32(const NevercCoreAPI *Core, ProvBuffer *B,
                              uint32_t V) {
  unsigned char Bytes[4];
  Bytes[0] = (unsigned char)V;
  Bytes[1] = (unsigned char)(V >> 8);
  Bytes[2] = (unsigned char)(V >> 16);
  Bytes[3] = (unsigned char)(V >> 24);
  return append(Core, B, Bytes, 4);
}

static NevercStatus appendU64(const NevercCoreAPI *Core, ProvBuffer *B,
                              uint64_t V) {
  NevercStatus S = appendU32(Core, B, (uint32_t)V);
  if (!neverc_status_is_ok(S))
    return S;
  return appendU32(Core, B, (uint32_t)(V >> 32));
}

/* The buffer's text replaced by View (NUL-terminated). */
static NevercStatus assign(const NevercCoreAPI *Core, ProvBuffer *B,
                           NevercStringView View) {
  B->Length = 0;
  return append(Core, B, View.Data, View.Length);
}

static void release(const NevercCoreAPI *Core, ProvBuffer *B) {
  if (B->Data)
    Core->Deallocate(Core->Context, B->Data, B->Capacity, 1);
  B->Data = NULL;
  B->Length = B->Capacity = 0;
}

/* --- SHA-256 (FIPS 180-4) ----------------------------------------------- */

typedef struct Sha256 {
  uint32_t H[8];
  uint64_t Bits;
  unsigned char Block[64];
  unsigned Used;
} Sha256;

static const uint32_t Sha256K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t ror(uint32_t X, unsigned N) {
  return (X >> N) | (X << (32 - N));
}

static void sha256Init(Sha256 *C) {
  static const uint32_t Init[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                   0xa54ff53a, 0x510e527f, 0x9b05688c,
                                   0x1f83d9ab, 0x5be0cd19};
  memcpy(C->H, Init, sizeof Init);
  C->Bits = 0;
  C->Used = 0;
}

static void sha256Block(Sha256 *C, const unsigned char *P) {
  uint32_t W[64], A, B, D, E, F, G, H, X, T1, T2;
  unsigned I;
  for (I = 0; I < 16; ++I)
    W[I] = (uint32_t)P[4 * I] << 24 | (uint32_t)P[4 * I + 1] << 16 |
           (uint32_t)P[4 * I + 2] << 8 | (uint32_t)P[4 * I + 3];
  for (I = 16; I < 64; ++I) {
    uint32_t S0 = ror(W[I - 15], 7) ^ ror(W[I - 15], 18) ^ (W[I - 15] >> 3);
    uint32_t S1 = ror(W[I - 2], 17) ^ ror(W[I - 2], 19) ^ (W[I - 2] >> 10);
    W[I] = W[I - 16] + S0 + W[I - 7] + S1;
  }
  A = C->H[0], B = C->H[1], X = C->H[2], D = C->H[3];
  E = C->H[4], F = C->H[5], G = C->H[6], H = C->H[7];
  for (I = 0; I < 64; ++I) {
    T1 = H + (ror(E, 6) ^ ror(E, 11) ^ ror(E, 25)) + ((E & F) ^ (~E & G)) +
         Sha256K[I] + W[I];
    T2 = (ror(A, 2) ^ ror(A, 13) ^ ror(A, 22)) + ((A & B) ^ (A & X) ^ (B & X));
    H = G, G = F, F = E, E = D + T1;
    D = X, X = B, B = A, A = T1 + T2;
  }
  C->H[0] += A, C->H[1] += B, C->H[2] += X, C->H[3] += D;
  C->H[4] += E, C->H[5] += F, C->H[6] += G, C->H[7] += H;
}

static void sha256Update(Sha256 *C, const unsigned char *P, size_t N) {
  C->Bits += (uint64_t)N * 8;
  while (N) {
    size_t Take = 64 - C->Used;
    if (Take > N)
      Take = N;
    memcpy(C->Block + C->Used, P, Take);
    C->Used += (unsigned)Take;
    P += Take;
    N -= Take;
    if (C->Used == 64) {
      sha256Block(C, C->Block);
      C->Used = 0;
    }
  }
}

static void sha256Final(Sha256 *C, char Hex[65]) {
  static const char Digits[] = "0123456789abcdef";
  uint64_t Bits = C->Bits;
  unsigned I;
  C->Block[C->Used++] = 0x80;
  if (C->Used > 56) {
    memset(C->Block + C->Used, 0, 64 - C->Used);
    sha256Block(C, C->Block);
    C->Used = 0;
  }
  memset(C->Block + C->Used, 0, 56 - C->Used);
  for (I = 0; I < 8; ++I)
    C->Block[56 + I] = (unsigned char)(Bits >> (56 - 8 * I));
  sha256Block(C, C->Block);
  for (I = 0; I < 32; ++I) {
    unsigned char Byte = (unsigned char)(C->H[I / 4] >> (24 - 8 * (I % 4)));
    Hex[2 * I] = Digits[Byte >> 4];
    Hex[2 * I + 1] = Digits[Byte & 15];
  }
  Hex[64] = '\0';
}

/* The file's digest; 0 when it cannot be read. */
static int hashFile(const char *Path, char Hex[65]) {
  unsigned char Chunk[16384];
  Sha256 C;
  size_t N;
  int Ok;
  FILE *F = fopen(Path, "rb");
  if (!F)
    return 0;
  sha256Init(&C);
  while ((N = fread(Chunk, 1, sizeof Chunk, F)) > 0)
    sha256Update(&C, Chunk, N);
  Ok = !ferror(F);
  fclose(F);
  if (Ok)
    sha256Final(&C, Hex);
  return Ok;
}

/* --- the command line --------------------------------------------------- */

static int plain(unsigned char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || (C && strchr("+,-./:=@_%^", C));
}

/* Arg as a POSIX shell word: as is when it needs no quoting, '...' when it
 * has no control characters, else bash's $'...' (so a line stays a line). */
static NevercStatus appendQuoted(const NevercCoreAPI *Core, ProvBuffer *B,
                                 NevercStringView Arg) {
  static const char Digits[] = "0123456789abcdef";
  uint64_t I;
  int Plain = Arg.Length != 0, Control = 0;
  NevercStatus S = neverc_status_ok();
  for (I = 0; I < Arg.Length; ++I) {
    unsigned char C = (unsigned char)Arg.Data[I];
    Plain &= plain(C);
    Control |= C < 0x20 || C == 0x7f;
  }
  if (Plain)
    return append(Core, B, Arg.Data, Arg.Length);
  S = appendString(Core, B, Control ? "$'" : "'");
  for (I = 0; neverc_status_is_ok(S) && I < Arg.Length; ++I) {
    unsigned char C = (unsigned char)Arg.Data[I];
    char Esc[5];
    if (!Control)
      S = C == '\'' ? appendString(Core, B, "'\\''") : append(Core, B, &C, 1);
    else if (C == '\n')
      S = appendString(Core, B, "\\n");
    else if (C == '\t')
      S = appendString(Core, B, "\\t");
    else if (C == '\\' || C == '\'') {
      Esc[0] = '\\', Esc[1] = (char)C;
      S = append(Core, B, Esc, 2);
    } else if (C < 0x20 || C == 0x7f) {
      Esc[0] = '\\', Esc[1] = 'x', Esc[2] = Digits[C >> 4],
      Esc[3] = Digits[C & 15];
      S = append(Core, B, Esc, 4);
    } else
      S = append(Core, B, &C, 1);
  }
  if (!neverc_status_is_ok(S))
    return S;
  return appendString(Core, B, "'");
}

static NevercStatus NEVERC_CALL onRawArguments(const NevercPhaseFrame *Frame,
                                               NevercObserverPoint Point,
                                               void *UserData) {
  const ProvProcess *P = (const ProvProcess *)UserData;
  const NevercDriverAPI *Drv = P->Driver;
  /* AFTER: the arguments the driver goes on with, edits included. */
  NevercArtifactHandle Args = neverc_handle_is_null(Frame->CurrentOutput)
                                  ? Frame->Input
                                  : Frame->CurrentOutput;
  ProvSession *S = NULL;
  uint64_t Count = 0, I;
  NevercStatus St;
  (void)Point;
  St = P->Core->GetSessionState(P->Core->Context, Frame->Session, sv(PROV_ID),
                                (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  St = Drv->GetArgumentCount(Drv->Context, Frame, Args, &Count);
  if (!neverc_status_is_ok(St))
    return St;
  S->Flags.Length = 0;
  St = append(P->Core, &S->Flags, "", 0);
  /* Entry 0 is the program. */
  for (I = 1; neverc_status_is_ok(St) && I < Count; ++I) {
    NevercStringView Value, Source;
    NevercArgumentOrigin Origin;
    uint64_t Position;
    St = Drv->GetArgument(Drv->Context, Frame, Args, I, &Value, &Origin,
                          &Source, &Position);
    if (neverc_status_is_ok(St) && I > 1)
      St = appendString(P->Core, &S->Flags, " ");
    if (neverc_status_is_ok(St))
      St = appendQuoted(P->Core, &S->Flags, Value);
  }
  S->HaveFlags = neverc_status_is_ok(St);
  return St;
}

/* The job's i-th input or output (strided). */
static const NevercJobFile *jobFile(NevercJobFileList L, uint64_t I) {
  return (const NevercJobFile *)(const void *)((const char *)L.Data +
                                               I * L.ElementStride);
}

static int same(NevercStringView A, const ProvBuffer *B) {
  return B->Length && A.Length == B->Length &&
         !memcmp(A.Data, B->Data, (size_t)A.Length);
}

static NevercStatus NEVERC_CALL onExecuteJob(const NevercPhaseFrame *Frame,
                                             NevercObserverPoint Point,
                                             void *UserData) {
  const ProvProcess *P = (const ProvProcess *)UserData;
  ProvSession *S = NULL;
  NevercJobExecutionRequest R;
  NevercStringView In, Out, First;
  uint64_t I;
  NevercStatus St;
  St = P->Core->GetSessionState(P->Core->Context, Frame->Session, sv(PROV_ID),
                                (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  S->InJob = 0;
  if (Point != NEVERC_OBSERVER_BEFORE)
    return neverc_status_ok();
  memset(&R, 0, sizeof R);
  R.Header = header(sizeof R, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  St = P->Driver->GetJobExecutionRequest(P->Driver->Context, Frame,
                                         Frame->Input, &R);
  if (!neverc_status_is_ok(St))
    return St;
  /* cc1 and cc1as; a link job writes no object through the object phases. */
  if (R.Job.Kind != NEVERC_JOB_FRONTEND)
    return neverc_status_ok();
  In = R.Inputs.Count ? jobFile(R.Inputs, 0)->Path : sv("");
  First = R.Outputs.Count ? jobFile(R.Outputs, 0)->Path : sv("");
  Out = sv("");
  for (I = 0; I < R.Outputs.Count && !Out.Length; ++I)
    if (jobFile(R.Outputs, I)->Type == NEVERC_DRIVER_TYPE_OBJECT)
      Out = jobFile(R.Outputs, I)->Path;
  St = same(In, &S->Previous) ? neverc_status_ok()
                              : assign(P->Core, &S->Source, In);
  if (neverc_status_is_ok(St))
    St = assign(P->Core, &S->Object, Out);
  if (neverc_status_is_ok(St))
    St = assign(P->Core, &S->Previous, First);
  S->InJob = neverc_status_is_ok(St);
  return St;
}

/* --- the note ----------------------------------------------------------- */

static NevercStatus line(const NevercCoreAPI *Core, ProvBuffer *B,
                         const char *Key, const char *Value, uint64_t Length) {
  NevercStatus S = appendString(Core, B, Key);
  if (neverc_status_is_ok(S))
    S = append(Core, B, Value, Length);
  if (neverc_status_is_ok(S))
    S = appendString(Core, B, "\n");
  return S;
}

/* The description's text lines. */
static NevercStatus describe(const ProvProcess *P, const ProvSession *S,
                             ProvBuffer *Desc) {
  const NevercCoreAPI *Core = P->Core;
  NevercStringView Compiler =
      S->Compiler.Length ? S->Compiler : sv(PROV_DEFAULT_COMPILER);
  NevercStatus St =
      line(Core, Desc, "compiler=", Compiler.Data, Compiler.Length);
  if (neverc_status_is_ok(St) && S->HaveFlags)
    St = line(Core, Desc, "flags=", S->Flags.Data, S->Flags.Length);
  if (neverc_status_is_ok(St) && S->InJob && S->Source.Length) {
    char Hex[65];
    St = line(Core, Desc, "source=", S->Source.Data, S->Source.Length);
    /* From stdin ("-") the bytes are gone: no digest. */
    if (!neverc_status_is_ok(St) || !strcmp(S->Source.Data, "-")) {
      /* nothing to hash */
    } else if (hashFile(S->Source.Data, Hex)) {
      St = line(Core, Desc, "source-sha256=", Hex, 64);
    } else {
      char Message[256];
      snprintf(Message, sizeof Message,
               "build-provenance: cannot read '%.150s'; the note has no "
               "source-sha256",
               S->Source.Data);
      warn(Core, PROV_WARN_UNREADABLE, Message);
    }
  }
  if (neverc_status_is_ok(St) && S->InJob && S->Object.Length)
    St = line(Core, Desc, "object=", S->Object.Data, S->Object.Length);
  return St;
}

/* Note = namesz, descsz, type, name padded to 4, desc padded to 4. */
static NevercStatus buildNote(const NevercCoreAPI *Core, const ProvBuffer *Desc,
                              ProvBuffer *Note) {
  uint32_t NameSize = (uint32_t)sizeof PROV_NOTE_NAME;
  NevercStatus S = appendU32(Core, Note, NameSize);
  if (neverc_status_is_ok(S))
    S = appendU32(Core, Note, (uint32_t)Desc->Length);
  if (neverc_status_is_ok(S))
    S = appendU32(Core, Note, NEVERC_PROVENANCE_NOTE_TYPE);
  if (neverc_status_is_ok(S))
    S = append(Core, Note, PROV_NOTE_NAME, NameSize);
  if (neverc_status_is_ok(S))
    S = appendZeros(Core, Note, (4 - NameSize % 4) % 4);
  if (neverc_status_is_ok(S))
    S = append(Core, Note, Desc->Data, Desc->Length);
  if (neverc_status_is_ok(S))
    S = appendZeros(Core, Note, (4 - Desc->Length % 4) % 4);
  return S;
}

/* The NCSE v2 record: sh_type SHT_NOTE, nothing else native. */
static NevercStatus buildNCSE(const NevercCoreAPI *Core, ProvBuffer *R) {
  NevercStatus S = append(Core, R, NEVERC_OBJECT_ELF_NCSE_TAG, 4);
  if (neverc_status_is_ok(S))
    S = appendU32(Core, R, NEVERC_OBJECT_ELF_NCSE_VERSION);
  if (neverc_status_is_ok(S))
    S = appendU32(Core, R, 0); /* sh_index: no section of a file read */
  if (neverc_status_is_ok(S))
    S = appendU32(Core, R, PROV_SHT_NOTE);
  if (neverc_status_is_ok(S))
    S = appendU64(Core, R, 0); /* sh_flags beyond the mapped ones */
  if (neverc_status_is_ok(S))
    S = appendU64(Core, R, 0); /* sh_addr */
  if (neverc_status_is_ok(S))
    S = appendU64(Core, R, 0); /* sh_offset */
  if (neverc_status_is_ok(S))
    S = appendU64(Core, R, 0); /* sh_entsize */
  if (neverc_status_is_ok(S))
    S = appendU32(Core, R, 0); /* sh_link */
  if (neverc_status_is_ok(S))
    S = appendU32(Core, R, 0); /* sh_info */
  if (neverc_status_is_ok(S) && R->Length != NEVERC_OBJECT_ELF_NCSE_SIZE)
    S = status(NEVERC_STATUS_INVALID_STATE);
  return S;
}

/* The section already named PROV_SECTION, or a null handle. */
static NevercStatus findSection(const NevercObjectAPI *Object,
                                NevercTaskHandle Task,
                                NevercObjectGraphHandle Graph,
                                NevercObjectSectionHandle *Out) {
  NevercObjectSectionHandle H;
  NevercStatus S = Object->GetFirstSection(Object->Context, Task, Graph, &H);
  memset(Out, 0, sizeof *Out);
  while (neverc_status_is_ok(S) && !neverc_handle_is_null(H)) {
    NevercObjectSectionInfo I;
    memset(&I, 0, sizeof I);
    I.Header =
        header(sizeof I, NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR);
    S = Object->GetSectionInfo(Object->Context, Task, H, &I);
    if (!neverc_status_is_ok(S))
      return S;
    if (I.Name.Length == strlen(PROV_SECTION) &&
        !memcmp(I.Name.Data, PROV_SECTION, strlen(PROV_SECTION))) {
      *Out = H;
      return S;
    }
    S = Object->GetNextSection(Object->Context, Task, H, &H);
  }
  return S;
}

static NevercStatus stage(const NevercObjectAPI *Object, NevercTaskHandle Task,
                          NevercObjectMutationHandle M, const ProvBuffer *Note,
                          const ProvBuffer *NCSE) {
  NevercObjectSectionDescriptor D;
  NevercObjectSectionHandle New;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR);
  D.Name = sv(PROV_SECTION);
  D.Kind = NEVERC_OBJECT_SECTION_KIND_FORMAT_EXTENSION;
  D.Flags = 0; /* not allocated: no load segment, kept by the linker */
  D.Alignment = 4;
  D.Data.Data = (const uint8_t *)Note->Data;
  D.Data.Length = Note->Length;
  D.ExtensionOwner.High = NEVERC_OBJECT_FORMAT_ELF_HIGH;
  D.ExtensionOwner.Low = NEVERC_OBJECT_FORMAT_ELF_LOW;
  D.ExtensionVersion = NEVERC_OBJECT_ELF_NCSE_VERSION;
  D.Extension.Data = (const uint8_t *)NCSE->Data;
  D.Extension.Length = NCSE->Length;
  return Object->CreateSection(Object->Context, Task, M, &D, &New);
}

/* Whether the graph is ELF's (the NCSE record is that format's). */
static NevercStatus isELF(const NevercObjectPhaseGraphInfo *G,
                          NevercTaskHandle Task, int *Out) {
  NevercObjectGraphInfo I;
  NevercStatus S;
  memset(&I, 0, sizeof I);
  I.Header = header(sizeof I, NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR);
  S = G->Object->GetGraphInfo(G->Object->Context, Task, G->Graph, &I);
  *Out = neverc_status_is_ok(S) &&
         I.Target.ObjectFormatID.High == NEVERC_OBJECT_FORMAT_ELF_HIGH &&
         I.Target.ObjectFormatID.Low == NEVERC_OBJECT_FORMAT_ELF_LOW;
  return S;
}

/* Builds the note and commits it into the graph. */
static NevercStatus annotate(const ProvProcess *P,
                             const NevercPhaseFrame *Frame, ProvSession *S) {
  const NevercCoreAPI *Core = P->Core;
  NevercObjectPhaseGraphInfo G;
  const NevercObjectAPI *Object;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Old;
  ProvBuffer Desc = {NULL, 0, 0}, Note = {NULL, 0, 0}, NCSE = {NULL, 0, 0};
  int ELF = 0;
  NevercStatus St;
  memset(&G, 0, sizeof G);
  G.Header = header(sizeof G, NEVERC_OBJECT_PHASE_API_MAJOR,
                    NEVERC_OBJECT_PHASE_API_MINOR);
  St = P->Phase->GetGraph(P->Phase->Context, Frame, Frame->Input, &G);
  if (neverc_status_is_ok(St))
    St = isELF(&G, Frame->Task, &ELF);
  if (!neverc_status_is_ok(St) || !ELF)
    return St; /* other formats are left as they are */
  /* The source made a section of that name itself: it is not ours to
   * replace or merge into. */
  St = findSection(G.Object, Frame->Task, G.Graph, &Old);
  if (!neverc_status_is_ok(St))
    return St;
  if (!neverc_handle_is_null(Old)) {
    warn(Core, PROV_WARN_SECTION_TAKEN,
         "build-provenance: the object already has a section " PROV_SECTION
         "; no note added");
    return St;
  }
  St = describe(P, S, &Desc);
  if (neverc_status_is_ok(St))
    St = buildNote(Core, &Desc, &Note);
  if (neverc_status_is_ok(St))
    St = buildNCSE(Core, &NCSE);
  if (neverc_status_is_ok(St)) {
    Object = G.Object;
    St = Object->BeginMutation(Object->Context, Frame->Task, G.Graph, &M);
    if (neverc_status_is_ok(St)) {
      St = stage(Object, Frame->Task, M, &Note, &NCSE);
      if (neverc_status_is_ok(St))
        St = Object->CommitMutation(Object->Context, Frame->Task, M);
      if (!neverc_status_is_ok(St))
        Object->AbandonMutation(Object->Context, Frame->Task, M);
    }
  }
  release(Core, &Desc);
  release(Core, &Note);
  release(Core, &NCSE);
  return St;
}

static NevercStatus NEVERC_CALL onPreWrite(const NevercPhaseFrame *Frame,
                                           NevercPhaseContinuation *Next,
                                           NevercPhaseResult *Result,
                                           void *UserData) {
  const ProvProcess *P = (const ProvProcess *)UserData;
  ProvSession *S = NULL;
  NevercStatus St;
  St = P->Core->GetSessionState(P->Core->Context, Frame->Session, sv(PROV_ID),
                                (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  St = annotate(P, Frame, S);
  if (!neverc_status_is_ok(St))
    return St;
  St = Next->InvokeNext(Next, Frame, Result);
  if (!neverc_status_is_ok(St))
    return St;
  /* Keep the graph the chain produced (this one, annotated). */
  Result->Action = NEVERC_PHASE_CONTINUE;
  memset(&Result->Output, 0, sizeof Result->Output);
  memset(&Result->Proof, 0, sizeof Result->Proof);
  return St;
}

/* --- lifecycle ----------------------------------------------------------- */

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

static NevercStatus NEVERC_CALL provProcessBegin(const NevercCoreAPI *Core,
                                                 void **OutProcessState) {
  ProvProcess *P = NULL;
  const void *Driver = NULL, *Phase = NULL;
  NevercStatus S;
  /* Optional: the driver slots used end at GetJobExecutionRequest. A host
   * without them (no driver) gets notes with the compiler= line only. */
  S = query(Core, NEVERC_INTERFACE_DRIVER_HIGH, NEVERC_INTERFACE_DRIVER_LOW,
            NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR,
            offsetof(NevercDriverAPI, GetJobExecutionRequest) +
                sizeof(((NevercDriverAPI *)0)->GetJobExecutionRequest),
            &Driver);
  if (!neverc_status_is_ok(S))
    Driver = NULL;
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
  P->Phase = (const NevercObjectPhaseAPI *)Phase;
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus observe(const NevercRegistrarAPI *Reg, void *Ctx,
                            uint64_t High, uint64_t Low,
                            NevercObserverPoint Points,
                            NevercPhaseObserverFn Callback, void *UserData) {
  NevercObserverDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header = header(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = High;
  O.Phase.Low = Low;
  O.Points = Points;
  O.Callback = Callback;
  O.UserData = UserData;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus NEVERC_CALL provRegister(const NevercCoreAPI *Core,
                                             const NevercRegistrarAPI *Reg,
                                             void *Ctx, void *ProcessState) {
  const ProvProcess *P = (const ProvProcess *)ProcessState;
  NevercOptionDescriptor Opt;
  NevercInterceptorDescriptor I;
  NevercStatus S;
  (void)Core;
  memset(&Opt, 0, sizeof Opt);
  Opt.Header =
      header(sizeof Opt, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  Opt.Spelling = sv(PROV_COMPILER_OPTION);
  Opt.Form = NEVERC_OPTION_SEPARATE;
  Opt.ValueType = NEVERC_OPTION_STRING;
  Opt.Multiplicity = NEVERC_OPTION_LAST_WINS;
  Opt.Help = sv("the compiler= line of the provenance note (default neverc)");
  Opt.Metavar = sv("<name version>");
  S = Reg->RegisterOption(Ctx, &Opt);
  if (neverc_status_is_ok(S) && P->Driver)
    S = observe(Reg, Ctx, NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_HIGH,
                NEVERC_PHASE_DRIVER_RAW_ARGUMENTS_LOW, NEVERC_OBSERVER_AFTER,
                onRawArguments, ProcessState);
  if (neverc_status_is_ok(S) && P->Driver)
    S = observe(Reg, Ctx, NEVERC_PHASE_DRIVER_EXECUTE_JOB_HIGH,
                NEVERC_PHASE_DRIVER_EXECUTE_JOB_LOW,
                NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER, onExecuteJob,
                ProcessState);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&I, 0, sizeof I);
  I.Header = header(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = NEVERC_PHASE_OBJECT_PRE_WRITE_HIGH;
  I.Phase.Low = NEVERC_PHASE_OBJECT_PRE_WRITE_LOW;
  I.Callback = onPreWrite;
  I.UserData = ProcessState;
  return Reg->RegisterInterceptor(Ctx, &I);
}

static NevercStatus NEVERC_CALL provSessionBegin(const NevercCoreAPI *Core,
                                                 NevercSessionHandle Session,
                                                 void *ProcessState,
                                                 void **OutState) {
  ProvSession *S = NULL;
  NevercStringView Value;
  NevercStatus St;
  (void)ProcessState;
  St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  if (!neverc_status_is_ok(St))
    return St;
  memset(S, 0, sizeof *S);
  St = Core->GetPluginOptionValue(Core->Context, Session, sv(PROV_ID),
                                  sv(PROV_COMPILER_OPTION), 0, &Value);
  if (neverc_status_is_ok(St))
    S->Compiler = Value;
  else if (St.Code != NEVERC_STATUS_NOT_FOUND) {
    Core->Deallocate(Core->Context, S, sizeof *S, 8);
    return St;
  }
  *OutState = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL provSessionEnd(const NevercCoreAPI *Core,
                                               NevercSessionHandle Session,
                                               void *ProcessState,
                                               void *SessionState) {
  ProvSession *S = (ProvSession *)SessionState;
  (void)Session, (void)ProcessState;
  if (!S)
    return neverc_status_ok();
  release(Core, &S->Flags);
  release(Core, &S->Source);
  release(Core, &S->Object);
  release(Core, &S->Previous);
  return Core->Deallocate(Core->Context, S, sizeof *S, 8);
}

static NevercStatus NEVERC_CALL provDestroy(const NevercCoreAPI *Core,
                                            void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(ProvProcess), 8);
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
  D.PluginID = sv(PROV_ID);
  D.DisplayName = sv("Build provenance note");
  D.Version.Major = 1;
  /* Session state changes in callbacks: one callback of a session at a
   * time. None of the callbacks runs another while it runs. */
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_NONE;
  D.ProcessBegin = provProcessBegin;
  D.Register = provRegister;
  D.SessionBegin = provSessionBegin;
  D.SessionEnd = provSessionEnd;
  D.Destroy = provDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
