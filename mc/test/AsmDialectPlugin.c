/*
 * A plugin assembly dialect, "ncmc" (tests/lit/mc/dialect.c): the MC unit
 * written as lines of sections, fragments (bytes in hex), fixups
 * (expressions in prefix form) and symbols, then read back into a unit.
 * -fplugin-arg=org.neverc.test.asm-dialect:mode=...
 *   (none)    a provider on neverc.assembly.print writes the unit of a -S
 *             compile as ncmc; an interceptor on neverc.assembly.parse
 *             builds the unit of an ncmc file through GetParseMCBuilder
 *             (any other assembly goes on to LLVM's parser)
 *   empty     the print provider publishes no text (verify_print refuses)
 *   nothing   the parse interceptor publishes a unit it never filled
 *             (verify_parse refuses)
 *   both      on plain assembly the parse interceptor builds, then runs
 *             LLVM's parser: publishing after it is refused, the built
 *             steps are dropped with a warning
 * Built with -DASM_OBSERVE_ONLY (AsmObserverPlugin.so) it observes both
 * phases (the tokens of the parse input, the print unit, and what an
 * observer may not do: build, write: POLICY_VIOLATION) and intercepts
 * print: mode=pass runs the chain, mode=banner prints one line instead,
 * mode=writepass writes that line and still keeps the chain's output.
 *   tour      print and parse, and each slot's refusals on the way; one
 *             remark "asm: <what> <STATUS>" each
 * The dialect:
 *   ncmc 1 <digest>
 *   section <name> <flags> <alignment>        (every section, in order)
 *   in <name>                                 (then that section's contents)
 *   frag <data|align> <alignment> <fill> <hex bytes or ->
 *   fixup <offset> <kind> <target kind> <pc-relative> <width> <expression>
 *   symbol <name> <binding> <visibility> <type> <definition> <section|->
 *          <value> <size> <alignment>
 * with expressions "sym <name> <specifier>", "secsym <section>",
 * "spec <specifier> <e>", "const <n>", "add <e> <e>", "sub <e> <e>"
 * (specifiers are LOCKSTEP: the target's own numbers). Written by hand, a file may
 * also hold instructions and labels, where the builder is:
 *   inst <LLVM opcode> <r:REGISTER | i:immediate | s:symbol>...
 *   label <name> <binding> <type>
 */
#include "TestPlugin.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define ID "org.neverc.test.asm-dialect"

static struct {
  const NevercCoreAPI *Core;
  const NevercAssemblyProviderAPI *A;
  char Mode[16];
  int Tour, TourFixup, TourSymbol;
} G;

static void remark(const char *Text) { tpRemark(G.Core, ID, Text); }

static void check(const char *What, NevercStatus S) {
  char M[256];
  snprintf(M, sizeof M, "asm: %s %s", What, tpCode(S));
  remark(M);
}

static NevercABITableHeader mcHeader(uint32_t Size) {
  return tpHeader(Size, NEVERC_MC_API_MAJOR, NEVERC_MC_API_MINOR);
}
static NevercABITableHeader asmHeader(uint32_t Size) {
  return tpHeader(Size, NEVERC_ASSEMBLY_PROVIDER_API_MAJOR,
                  NEVERC_ASSEMBLY_PROVIDER_API_MINOR);
}

/* --- print ---------------------------------------------------------------- */

typedef struct Out {
  char *Data;
  size_t Size, Cap;
} Out;

static void put(Out *O, const char *Fmt, ...) {
  va_list Ap;
  int N;
  va_start(Ap, Fmt);
  N = vsnprintf(NULL, 0, Fmt, Ap);
  va_end(Ap);
  if (O->Size + (size_t)N + 1 > O->Cap) {
    O->Cap = (O->Size + (size_t)N + 1) * 2;
    O->Data = (char *)realloc(O->Data, O->Cap);
  }
  va_start(Ap, Fmt);
  vsnprintf(O->Data + O->Size, (size_t)N + 1, Fmt, Ap);
  va_end(Ap);
  O->Size += (size_t)N;
}

/* LLVM's temporary symbols may have no name (the assembler names none it
 * does not print): the dialect names them .Lncmc<n>, one per handle (an
 * open-addressing table; handles stay the same within a callback). */
static struct {
  NevercMCSymbolHandle *H;
  unsigned *N;
  size_t Cap, Count;
} Anon;

static size_t slot(NevercMCSymbolHandle H) {
  uint64_t X = H.Value * 0x9e3779b97f4a7c15ULL ^ H.Owner;
  size_t K = (size_t)(X >> 17) & (Anon.Cap - 1);
  while (Anon.N[K] && !(Anon.H[K].Owner == H.Owner && Anon.H[K].Value == H.Value))
    K = (K + 1) & (Anon.Cap - 1);
  return K;
}

static unsigned anonIndex(NevercMCSymbolHandle H) {
  size_t K;
  if (2 * (Anon.Count + 1) > Anon.Cap) {
    NevercMCSymbolHandle *OldH = Anon.H;
    unsigned *OldN = Anon.N;
    size_t OldCap = Anon.Cap, I;
    Anon.Cap = OldCap ? 2 * OldCap : 1024;
    Anon.H = (NevercMCSymbolHandle *)calloc(Anon.Cap, sizeof *Anon.H);
    Anon.N = (unsigned *)calloc(Anon.Cap, sizeof *Anon.N);
    for (I = 0; I < OldCap; ++I)
      if (OldN[I]) {
        K = slot(OldH[I]);
        Anon.H[K] = OldH[I];
        Anon.N[K] = OldN[I];
      }
    free(OldH);
    free(OldN);
  }
  K = slot(H);
  if (!Anon.N[K]) {
    Anon.H[K] = H;
    Anon.N[K] = (unsigned)++Anon.Count;
  }
  return Anon.N[K] - 1;
}

static void putSymbolName(Out *O, NevercMCSymbolHandle H, NevercStringView N) {
  if (!N.Length)
    put(O, ".Lncmc%u", anonIndex(H));
  else if (N.Data[0] == '$')
    /* Mapping symbols ($x, $d) share their names; "$x.<any>" is a mapping
     * symbol too, so each gets its own. */
    put(O, "%.*s.%u", (int)N.Length, N.Data, anonIndex(H));
  else
    put(O, "%.*s", (int)N.Length, N.Data);
}

static int printExpr(const NevercMCAPI *MC, NevercTaskHandle T, Out *O,
                     NevercMCExprHandle E) {
  NevercMCExpressionInfo I;
  memset(&I, 0, sizeof I);
  I.Header = mcHeader(sizeof I);
  if (MC->GetExpressionInfo(MC->Context, T, E, &I).Code)
    return 0;
  if (I.Kind == NEVERC_MC_EXPRESSION_CONSTANT) {
    put(O, " const %" PRId64, I.Constant);
    return 1;
  }
  if (I.Kind == NEVERC_MC_EXPRESSION_SYMBOL_REF) {
    NevercMCSymbolInfo S;
    memset(&S, 0, sizeof S);
    S.Header = mcHeader(sizeof S);
    if (MC->GetSymbolInfo(MC->Context, T, I.Symbol, &S).Code)
      return 0;
    if (S.Type == NEVERC_MC_SYMBOL_TYPE_SECTION) {
      NevercMCSectionInfo Sec;
      memset(&Sec, 0, sizeof Sec);
      Sec.Header = mcHeader(sizeof Sec);
      if (MC->GetSectionInfo(MC->Context, T, S.Section, &Sec).Code)
        return 0;
      put(O, " secsym %.*s", (int)Sec.Name.Length, Sec.Name.Data);
    } else {
      put(O, " sym ");
      putSymbolName(O, I.Symbol, S.Name);
      put(O, " %u", (unsigned)I.TargetVariant);
    }
    return 1;
  }
  if (I.Kind == NEVERC_MC_EXPRESSION_TARGET_VARIANT &&
      !neverc_handle_is_null(I.Left)) {
    put(O, " spec %u", (unsigned)I.TargetVariant);
    return printExpr(MC, T, O, I.Left);
  }
  if (I.Kind == NEVERC_MC_EXPRESSION_BINARY &&
      (I.Operator == NEVERC_MC_BINARY_ADD ||
       I.Operator == NEVERC_MC_BINARY_SUBTRACT)) {
    put(O, I.Operator == NEVERC_MC_BINARY_ADD ? " add" : " sub");
    return printExpr(MC, T, O, I.Left) && printExpr(MC, T, O, I.Right);
  }
  return 0; /* not in the dialect */
}

static NevercStatus fail(const char *Why) {
  char M[200];
  snprintf(M, sizeof M, "asm: cannot go on: %s", Why);
  remark(M);
  return status(NEVERC_STATUS_PLUGIN_FAILURE);
}

static NevercStatus printUnit(const NevercPhaseFrame *F, const NevercMCAPI *MC,
                              NevercMCUnitHandle U, const char *Digest,
                              size_t DigestLength, Out *O) {
  NevercTaskHandle T = F->Task;
  NevercMCSectionHandle Sec;
  NevercMCSymbolHandle Sym;
  put(O, "ncmc 1 %.*s\n", (int)DigestLength, Digest);
  /* Every section first, in the unit's order (a fixup may name a section
   * whose contents come later), then each one's contents. */
  MC->GetFirstSection(MC->Context, T, U, &Sec);
  while (!neverc_handle_is_null(Sec)) {
    NevercMCSectionInfo SI;
    memset(&SI, 0, sizeof SI);
    SI.Header = mcHeader(sizeof SI);
    if (MC->GetSectionInfo(MC->Context, T, Sec, &SI).Code)
      return fail("section");
    put(O, "section %.*s %" PRIu64 " %" PRIu64 "\n", (int)SI.Name.Length,
        SI.Name.Data, SI.Flags, SI.Alignment);
    MC->GetNextSection(MC->Context, T, Sec, &Sec);
  }
  MC->GetFirstSection(MC->Context, T, U, &Sec);
  while (!neverc_handle_is_null(Sec)) {
    NevercMCSectionInfo SI;
    NevercMCFragmentHandle Frag;
    memset(&SI, 0, sizeof SI);
    SI.Header = mcHeader(sizeof SI);
    if (MC->GetSectionInfo(MC->Context, T, Sec, &SI).Code)
      return fail("section");
    put(O, "in %.*s\n", (int)SI.Name.Length, SI.Name.Data);
    MC->GetFirstFragment(MC->Context, T, Sec, &Frag);
    while (!neverc_handle_is_null(Frag)) {
      NevercMCFragmentInfo FI;
      NevercMCFixupHandle Fix;
      uint64_t K;
      memset(&FI, 0, sizeof FI);
      FI.Header = mcHeader(sizeof FI);
      if (MC->GetFragmentInfo(MC->Context, T, Frag, &FI).Code)
        return fail("fragment");
      switch (FI.Kind) {
      case NEVERC_MC_FRAGMENT_DATA: case NEVERC_MC_FRAGMENT_ENCODED_WITH_FIXUPS:
      case NEVERC_MC_FRAGMENT_RELAXABLE:
      case NEVERC_MC_FRAGMENT_CFI: case NEVERC_MC_FRAGMENT_DEBUG:
      case NEVERC_MC_FRAGMENT_LEB: case NEVERC_MC_FRAGMENT_ALIGN:
      case NEVERC_MC_FRAGMENT_FILL:
        break;
      default: {
        char Why[80];
        snprintf(Why, sizeof Why, "fragment kind 0x%08x has no ncmc line",
                 (unsigned)FI.Kind);
        return fail(Why);
      }
      }
      put(O, "frag %s %" PRIu64 " %u ",
          FI.Kind == NEVERC_MC_FRAGMENT_ALIGN ? "align" : "data",
          FI.Kind == NEVERC_MC_FRAGMENT_ALIGN ? FI.Alignment : 1,
          (unsigned)FI.FillValue);
      for (K = 0; K < FI.Contents.Length; ++K)
        put(O, "%02x", FI.Contents.Data[K]);
      put(O, FI.Contents.Length ? "\n" : "-\n");
      MC->GetFirstFixup(MC->Context, T, Frag, &Fix);
      while (!neverc_handle_is_null(Fix)) {
        NevercMCFixupInfo XI;
        memset(&XI, 0, sizeof XI);
        XI.Header = mcHeader(sizeof XI);
        if (MC->GetFixupInfo(MC->Context, T, Fix, &XI).Code)
          return fail("fixup");
        put(O, "fixup %" PRIu64 " %u %u %u %u", XI.Offset, (unsigned)XI.Kind,
            (unsigned)XI.TargetKind, (unsigned)XI.IsPCRelative,
            (unsigned)XI.Width);
        if (!printExpr(MC, T, O, XI.Expression))
          return fail("an expression ncmc has no form for");
        put(O, "\n");
        MC->GetNextFixup(MC->Context, T, Fix, &Fix);
      }
      MC->GetNextFragment(MC->Context, T, Frag, &Frag);
    }
    MC->GetNextSection(MC->Context, T, Sec, &Sec);
  }
  MC->GetFirstSymbol(MC->Context, T, U, &Sym);
  while (!neverc_handle_is_null(Sym)) {
    NevercMCSymbolInfo S;
    NevercMCSectionInfo SI;
    memset(&S, 0, sizeof S);
    S.Header = mcHeader(sizeof S);
    if (MC->GetSymbolInfo(MC->Context, T, Sym, &S).Code)
      return fail("symbol");
    memset(&SI, 0, sizeof SI);
    SI.Header = mcHeader(sizeof SI);
    if (S.Type != NEVERC_MC_SYMBOL_TYPE_SECTION) {
      if (S.Definition == NEVERC_MC_SYMBOL_DEFINITION_SECTION &&
          MC->GetSectionInfo(MC->Context, T, S.Section, &SI).Code)
        return fail("symbol section");
      put(O, "symbol ");
      putSymbolName(O, Sym, S.Name);
      put(O, " %u %u %u %u %.*s %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
          (unsigned)S.Binding,
          (unsigned)S.Visibility, (unsigned)S.Type, (unsigned)S.Definition,
          SI.Name.Length ? (int)SI.Name.Length : 1,
          SI.Name.Length ? SI.Name.Data : "-", S.Value, S.Size, S.Alignment);
    }
    MC->GetNextSymbol(MC->Context, T, Sym, &Sym);
  }
  return status(0);
}

static NevercStatus publishText(const NevercPhaseFrame *F, NevercPhaseResult *R,
                                const char *Text, size_t Size) {
  const NevercAssemblyProviderAPI *A = G.A;
  NevercAssemblyOutputMetadata M;
  NevercStringView V;
  NevercStatus S;
  V.Data = Text;
  V.Length = Size;
  if (Size && (S = A->WritePrintOutput(A->Context, F, V)).Code)
    return S;
  memset(&M, 0, sizeof M);
  M.Header = asmHeader(sizeof M);
  M.Syntax.Data = "ncmc";
  M.Syntax.Length = 4;
  M.Comment.Data = ";";
  M.Comment.Length = 1;
  if ((S = A->PublishAssemblyOutput(A->Context, F, &M, &R->Output)).Code)
    return S;
  if (G.Tour) {
    NevercArtifactHandle Again;
    check("PublishAssemblyOutput(twice)",
          A->PublishAssemblyOutput(A->Context, F, &M, &Again));
    check("WritePrintOutput(after publishing)",
          A->WritePrintOutput(A->Context, F, V));
  }
  R->Action = NEVERC_PHASE_REPLACE;
  return status(0);
}

static NevercStatus NEVERC_CALL print(const NevercPhaseFrame *F,
                                      NevercPhaseResult *R, void *U) {
  const NevercAssemblyProviderAPI *A = G.A;
  NevercAssemblyPrintInputInfo In;
  const NevercMCAPI *MC = NULL;
  NevercMCUnitHandle Unit;
  NevercStatus S;
  Out O = {NULL, 0, 0};
  (void)U;
  if (!strcmp(G.Mode, "empty"))
    return publishText(F, R, "", 0);
  memset(&In, 0, sizeof In);
  In.Header = asmHeader(sizeof In);
  if (G.Tour) {
    NevercMCMutationHandle M;
    NevercAssemblyPrintInputInfo Bad = In;
    Bad.Header.Major = 99;
    check("GetPrintInput(major 99)",
          A->GetPrintInput(A->Context, F, F->Input, &Bad, &MC, &Unit));
    check("GetPrintInput(null unit)",
          A->GetPrintInput(A->Context, F, F->Input, &In, &MC, NULL));
    {
      NevercAssemblyParseInputInfo PI;
      memset(&PI, 0, sizeof PI);
      PI.Header = asmHeader(sizeof PI);
      check("GetParseInput(in print)",
            A->GetParseInput(A->Context, F, F->Input, &PI));
    }
    check("GetParseMCBuilder(in print)",
          A->GetParseMCBuilder(A->Context, F, &MC, &Unit));
    S = A->GetPrintInput(A->Context, F, F->Input, &In, &MC, &Unit);
    check("GetPrintInput", S);
    if (!S.Code) {
      NevercMCSectionDescriptor D;
      NevercMCSectionHandle Sec;
      memset(&D, 0, sizeof D);
      D.Header = mcHeader(sizeof D);
      D.Name.Data = ".x";
      D.Name.Length = 2;
      check("BeginMutation(print unit)",
            MC->BeginMutation(MC->Context, F->Task, Unit, &M));
      check("CreateSection(print unit)",
            MC->CreateSection(MC->Context, F->Task, M, &D, &Sec));
    }
  }
  S = A->GetPrintInput(A->Context, F, F->Input, &In, &MC, &Unit);
  if (S.Code)
    return S;
  S = printUnit(F, MC, Unit, In.TargetSchemaDigest.Data,
                (size_t)In.TargetSchemaDigest.Length, &O);
  if (!S.Code)
    S = publishText(F, R, O.Data, O.Size);
  free(O.Data);
  return S;
}

/* --- parse ---------------------------------------------------------------- */

typedef struct Parser {
  const NevercPhaseFrame *F;
  const NevercMCAPI *MC;
  NevercTaskHandle T;
  NevercMCUnitHandle Unit;
  NevercMCMutationHandle M;
  NevercMCSchemaTokenHandle Token;
  int X86; /* the unit's LOCKSTEP values are the x86-64 schema's */
  const char *P, *End; /* the current line's rest */
  struct {
    char Name[128];
    NevercMCSectionHandle H;
    NevercMCSectionFlags Flags;
    uint64_t Alignment;
  } Sections[256];
  unsigned SectionCount;
  NevercMCSectionHandle Current;
  /* The fragment being read: created once its fixups are known. */
  int Pending;
  NevercMCFragmentDescriptor Frag;
  uint8_t *Bytes;
  size_t ByteCount;
  NevercMCFixupDescriptor *Fixups;
  unsigned FixupCount, FixupCap;
} Parser;

/* The next word of the line (NUL-free view into the buffer). */
static int word(Parser *Ps, const char **W, size_t *N) {
  while (Ps->P < Ps->End && *Ps->P == ' ')
    ++Ps->P;
  *W = Ps->P;
  while (Ps->P < Ps->End && *Ps->P != ' ')
    ++Ps->P;
  *N = (size_t)(Ps->P - *W);
  return *N != 0;
}

static int is(const char *W, size_t N, const char *S) {
  return N == strlen(S) && !memcmp(W, S, N);
}

static uint64_t number(Parser *Ps) {
  const char *W;
  size_t N;
  char Buf[32];
  if (!word(Ps, &W, &N) || N >= sizeof Buf)
    return 0;
  memcpy(Buf, W, N);
  Buf[N] = 0;
  return strtoull(Buf, NULL, 10);
}

static NevercMCSectionHandle sectionNamed(Parser *Ps, const char *W, size_t N) {
  unsigned K;
  NevercMCSectionHandle None = {0, 0};
  for (K = 0; K < Ps->SectionCount; ++K)
    if (is(W, N, Ps->Sections[K].Name))
      return Ps->Sections[K].H;
  return None;
}

static NevercStatus symbolRef(Parser *Ps, const char *W, size_t N,
                              NevercMCSymbolHandle *Out) {
  NevercMCSymbolDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = mcHeader(sizeof D);
  D.Name.Data = W;
  D.Name.Length = N;
  D.Binding = NEVERC_MC_SYMBOL_BINDING_LOCAL;
  D.Visibility = NEVERC_MC_SYMBOL_VISIBILITY_DEFAULT;
  D.Definition = NEVERC_MC_SYMBOL_DEFINITION_UNDEFINED;
  return Ps->MC->CreateSymbol(Ps->MC->Context, Ps->T, Ps->M, &D, Out);
}

static NevercStatus expr(Parser *Ps, NevercMCExprHandle *Out) {
  NevercMCExpressionDescriptor D;
  NevercStatus S;
  const char *W;
  size_t N;
  memset(&D, 0, sizeof D);
  D.Header = mcHeader(sizeof D);
  if (!word(Ps, &W, &N))
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  if (is(W, N, "const")) {
    D.Kind = NEVERC_MC_EXPRESSION_CONSTANT;
    D.Constant = (int64_t)number(Ps);
  } else if (is(W, N, "sym")) {
    uint64_t V;
    if (!word(Ps, &W, &N))
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    if ((S = symbolRef(Ps, W, N, &D.Symbol)).Code)
      return S;
    V = number(Ps);
    D.Kind = NEVERC_MC_EXPRESSION_SYMBOL_REF;
    D.TargetVariant = (uint32_t)V;
    D.SchemaToken = Ps->Token;
  } else if (is(W, N, "spec")) {
    D.Kind = NEVERC_MC_EXPRESSION_TARGET_VARIANT;
    D.TargetVariant = (uint32_t)number(Ps);
    D.SchemaToken = Ps->Token;
    if ((S = expr(Ps, &D.Left)).Code)
      return S;
  } else if (is(W, N, "secsym")) {
    NevercMCSymbolDescriptor SD;
    memset(&SD, 0, sizeof SD);
    SD.Header = mcHeader(sizeof SD);
    if (!word(Ps, &W, &N))
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    SD.Name.Data = W;
    SD.Name.Length = N;
    SD.Binding = NEVERC_MC_SYMBOL_BINDING_LOCAL;
    SD.Visibility = NEVERC_MC_SYMBOL_VISIBILITY_DEFAULT;
    SD.Type = NEVERC_MC_SYMBOL_TYPE_SECTION;
    SD.Definition = NEVERC_MC_SYMBOL_DEFINITION_SECTION;
    SD.Section = sectionNamed(Ps, W, N);
    if ((S = Ps->MC->CreateSymbol(Ps->MC->Context, Ps->T, Ps->M, &SD,
                                  &D.Symbol))
            .Code)
      return S;
    D.Kind = NEVERC_MC_EXPRESSION_SYMBOL_REF;
  } else if (is(W, N, "add") || is(W, N, "sub")) {
    D.Kind = NEVERC_MC_EXPRESSION_BINARY;
    D.Operator = is(W, N, "add") ? NEVERC_MC_BINARY_ADD
                                 : NEVERC_MC_BINARY_SUBTRACT;
    if ((S = expr(Ps, &D.Left)).Code || (S = expr(Ps, &D.Right)).Code)
      return S;
  } else {
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  }
  return Ps->MC->CreateExpression(Ps->MC->Context, Ps->T, Ps->M, &D, Out);
}

/* The fragment read so far goes in, then its fixups. The bytes keep the
 * values LLVM applied: it applies each fixup again into the same bits
 * (an AArch64 fixup is a bit-field of an instruction word), which leaves
 * them as they are. */
static NevercStatus flush(Parser *Ps) {
  NevercMCFragmentHandle H;
  NevercMCFixupHandle X;
  NevercStatus S;
  unsigned K;
  if (!Ps->Pending)
    return status(0);
  Ps->Pending = 0;
  Ps->Frag.Contents.Data = Ps->Bytes;
  Ps->Frag.Contents.Length = Ps->ByteCount;
  if ((S = Ps->MC->CreateFragment(Ps->MC->Context, Ps->T, Ps->M, Ps->Current,
                                  &Ps->Frag, &H))
          .Code)
    return S;
  for (K = 0; K < Ps->FixupCount; ++K) {
    Ps->Fixups[K].Fragment = H;
    if ((S = Ps->MC->CreateFixup(Ps->MC->Context, Ps->T, Ps->M, H,
                                 &Ps->Fixups[K], &X))
            .Code)
      return S;
  }
  if (G.Tour && Ps->FixupCount && !G.TourFixup++)
    check("CreateFixup(overlapping)",
          Ps->MC->CreateFixup(Ps->MC->Context, Ps->T, Ps->M, H,
                              &Ps->Fixups[0], &X));
  free(Ps->Bytes);
  Ps->Bytes = NULL;
  Ps->FixupCount = 0;
  return status(0);
}

/* Instructions by LLVM name, registers by LLVM name (LOCKSTEP: the x86-64
 * schema the plugin is built with, used only when the unit's digest is
 * that schema's). */
static const struct {
  const char *Name;
  uint32_t Value;
} Opcodes[] = {
#define NEVERC_MC_TARGET_X86_64_OPCODE(Name, Value, Mnemonic) {#Name, Value},
#define NEVERC_MC_TARGET_X86_64_REGISTER(Name, Value, Spelling)
#include "neverc/Plugin/Schema/Targets/PluginMCX86_64.inc"
#undef NEVERC_MC_TARGET_X86_64_OPCODE
#undef NEVERC_MC_TARGET_X86_64_REGISTER
}, Registers[] = {
#define NEVERC_MC_TARGET_X86_64_OPCODE(Name, Value, Mnemonic)
#define NEVERC_MC_TARGET_X86_64_REGISTER(Name, Value, Spelling) {#Name, Value},
#include "neverc/Plugin/Schema/Targets/PluginMCX86_64.inc"
#undef NEVERC_MC_TARGET_X86_64_OPCODE
#undef NEVERC_MC_TARGET_X86_64_REGISTER
};

static int lookupName(const char *W, size_t N, int Regs, uint32_t *Out) {
  size_t K, Count = Regs ? sizeof Registers / sizeof Registers[0]
                         : sizeof Opcodes / sizeof Opcodes[0];
  for (K = 0; K < Count; ++K) {
    const char *Name = Regs ? Registers[K].Name : Opcodes[K].Name;
    if (is(W, N, Name)) {
      *Out = Regs ? Registers[K].Value : Opcodes[K].Value;
      return 1;
    }
  }
  return 0;
}

/* inst <LLVM opcode> <r:REG | i:imm | s:symbol>...: an instruction at the
 * builder's place in its current section. */
static NevercStatus instruction(Parser *Ps) {
  const NevercMCAPI *MC = Ps->MC;
  NevercMCInstHandle I;
  NevercMCOperandValue V;
  NevercStatus S;
  const char *W;
  size_t N;
  uint32_t Op;
  if (!Ps->X86 || !word(Ps, &W, &N) || !lookupName(W, N, 0, &Op))
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  if ((S = MC->CreateInstruction(MC->Context, Ps->T, Ps->M, Ps->Token, Op, &I))
          .Code)
    return S;
  while (word(Ps, &W, &N)) {
    memset(&V, 0, sizeof V);
    V.Header = mcHeader(sizeof V);
    V.SchemaToken = Ps->Token;
    if (N > 2 && !memcmp(W, "r:", 2)) {
      V.Kind = NEVERC_MC_OPERAND_REGISTER;
      if (!lookupName(W + 2, N - 2, 1, &V.Payload.Register))
        return status(NEVERC_STATUS_INVALID_ARGUMENT);
    } else if (N > 2 && !memcmp(W, "i:", 2)) {
      char Buf[32];
      if (N - 2 >= sizeof Buf)
        return status(NEVERC_STATUS_INVALID_ARGUMENT);
      memcpy(Buf, W + 2, N - 2);
      Buf[N - 2] = 0;
      V.Kind = NEVERC_MC_OPERAND_IMMEDIATE;
      V.Payload.Immediate = strtoll(Buf, NULL, 0);
    } else if (N > 2 && !memcmp(W, "s:", 2)) {
      NevercMCExpressionDescriptor D;
      memset(&D, 0, sizeof D);
      D.Header = mcHeader(sizeof D);
      D.Kind = NEVERC_MC_EXPRESSION_SYMBOL_REF;
      if ((S = symbolRef(Ps, W + 2, N - 2, &D.Symbol)).Code ||
          (S = MC->CreateExpression(MC->Context, Ps->T, Ps->M, &D,
                                    &V.Payload.Expression))
              .Code)
        return S;
      V.Kind = NEVERC_MC_OPERAND_EXPRESSION;
    } else {
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    if ((S = MC->AppendOperand(MC->Context, Ps->T, Ps->M, I, &V)).Code)
      return S;
  }
  return MC->AppendInstruction(MC->Context, Ps->T, Ps->M, Ps->Unit, I);
}

static int hex(char C) {
  return C >= '0' && C <= '9' ? C - '0' : C >= 'a' && C <= 'f' ? C - 'a' + 10
                                                              : -1;
}

static NevercStatus line(Parser *Ps) {
  const NevercMCAPI *MC = Ps->MC;
  const char *W;
  size_t N;
  NevercStatus S;
  if (!word(Ps, &W, &N) || is(W, N, "ncmc"))
    return status(0);
  if (!is(W, N, "fixup") && (S = flush(Ps)).Code)
    return S;
  if (is(W, N, "section")) {
    NevercMCSectionDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header = mcHeader(sizeof D);
    if (!word(Ps, &W, &N) || N >= sizeof Ps->Sections[0].Name ||
        Ps->SectionCount == 256)
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    D.Name.Data = W;
    D.Name.Length = N;
    D.Flags = number(Ps);
    D.Alignment = number(Ps);
    if ((S = MC->CreateSection(MC->Context, Ps->T, Ps->M, &D, &Ps->Current))
            .Code)
      return S;
    memcpy(Ps->Sections[Ps->SectionCount].Name, W, N);
    Ps->Sections[Ps->SectionCount].Name[N] = 0;
    Ps->Sections[Ps->SectionCount].Flags = D.Flags;
    Ps->Sections[Ps->SectionCount].Alignment = D.Alignment;
    Ps->Sections[Ps->SectionCount++].H = Ps->Current;
    return status(0);
  }
  if (is(W, N, "in")) {
    /* Back into a section named before: CreateSection again is where the
     * builder switches (instructions and labels go where it is). */
    NevercMCSectionDescriptor D;
    unsigned K;
    if (!word(Ps, &W, &N))
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    for (K = 0; K < Ps->SectionCount && !is(W, N, Ps->Sections[K].Name); ++K)
      ;
    if (K == Ps->SectionCount)
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    memset(&D, 0, sizeof D);
    D.Header = mcHeader(sizeof D);
    D.Name.Data = W;
    D.Name.Length = N;
    D.Flags = Ps->Sections[K].Flags;
    D.Alignment = Ps->Sections[K].Alignment;
    return MC->CreateSection(MC->Context, Ps->T, Ps->M, &D, &Ps->Current);
  }
  if (is(W, N, "frag")) {
    size_t K;
    memset(&Ps->Frag, 0, sizeof Ps->Frag);
    Ps->Frag.Header = mcHeader(sizeof Ps->Frag);
    if (!word(Ps, &W, &N))
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    Ps->Frag.Kind = is(W, N, "align") ? NEVERC_MC_FRAGMENT_ALIGN
                                      : NEVERC_MC_FRAGMENT_DATA;
    Ps->Frag.Alignment = number(Ps);
    Ps->Frag.FillValue = (uint32_t)number(Ps);
    Ps->Frag.ExplicitOffset = NEVERC_MC_AUTOMATIC_OFFSET;
    if (!word(Ps, &W, &N))
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    Ps->ByteCount = is(W, N, "-") ? 0 : N / 2;
    Ps->Bytes = (uint8_t *)malloc(Ps->ByteCount + 1);
    for (K = 0; K < Ps->ByteCount; ++K)
      Ps->Bytes[K] = (uint8_t)(hex(W[2 * K]) * 16 + hex(W[2 * K + 1]));
    Ps->Pending = 1;
    return status(0);
  }
  if (is(W, N, "fixup")) {
    NevercMCFixupDescriptor *X;
    if (!Ps->Pending)
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    if (Ps->FixupCount == Ps->FixupCap) {
      Ps->FixupCap = Ps->FixupCap ? 2 * Ps->FixupCap : 64;
      Ps->Fixups = (NevercMCFixupDescriptor *)realloc(
          Ps->Fixups, Ps->FixupCap * sizeof *Ps->Fixups);
    }
    X = &Ps->Fixups[Ps->FixupCount++];
    memset(X, 0, sizeof *X);
    X->Header = mcHeader(sizeof *X);
    X->Offset = number(Ps);
    X->Kind = (uint32_t)number(Ps);
    X->TargetKind = (uint32_t)number(Ps);
    X->IsPCRelative = number(Ps) ? NEVERC_TRUE : NEVERC_FALSE;
    X->Width = (uint32_t)number(Ps);
    X->SchemaToken = Ps->Token;
    return expr(Ps, &X->Expression);
  }
  if (is(W, N, "inst"))
    return instruction(Ps);
  if (is(W, N, "label")) {
    /* label <name> <binding> <type>: a symbol where the builder is now. */
    NevercMCSymbolDescriptor D;
    NevercMCSymbolHandle H;
    memset(&D, 0, sizeof D);
    D.Header = mcHeader(sizeof D);
    if (!word(Ps, &W, &N) || neverc_handle_is_null(Ps->Current))
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    D.Name.Data = W;
    D.Name.Length = N;
    D.Binding = (uint32_t)number(Ps);
    D.Visibility = NEVERC_MC_SYMBOL_VISIBILITY_DEFAULT;
    D.Type = (uint32_t)number(Ps);
    D.Definition = NEVERC_MC_SYMBOL_DEFINITION_SECTION;
    D.Section = Ps->Current;
    D.Value = NEVERC_MC_AUTOMATIC_OFFSET;
    return MC->CreateSymbol(MC->Context, Ps->T, Ps->M, &D, &H);
  }
  if (is(W, N, "symbol")) {
    NevercMCSymbolDescriptor D;
    NevercMCSymbolHandle H;
    memset(&D, 0, sizeof D);
    D.Header = mcHeader(sizeof D);
    if (!word(Ps, &W, &N))
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    D.Name.Data = W;
    D.Name.Length = N;
    D.Binding = (uint32_t)number(Ps);
    D.Visibility = (uint32_t)number(Ps);
    D.Type = (uint32_t)number(Ps);
    D.Definition = (uint32_t)number(Ps);
    if (!word(Ps, &W, &N))
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    if (D.Definition == NEVERC_MC_SYMBOL_DEFINITION_SECTION)
      D.Section = sectionNamed(Ps, W, N);
    D.Value = number(Ps);
    D.Size = number(Ps);
    D.Alignment = number(Ps);
    S = MC->CreateSymbol(MC->Context, Ps->T, Ps->M, &D, &H);
    if (G.Tour && D.Definition == NEVERC_MC_SYMBOL_DEFINITION_SECTION &&
        !S.Code && !G.TourSymbol++)
      check("CreateSymbol(defined twice)",
            MC->CreateSymbol(MC->Context, Ps->T, Ps->M, &D, &H));
    return S;
  }
  return status(NEVERC_STATUS_INVALID_ARGUMENT);
}

/* One observer-side walk of the tokens: how many, and the first few. */
static void walkTokens(const NevercPhaseFrame *F, NevercAssemblySourceCursorHandle C) {
  const NevercAssemblyProviderAPI *A = G.A;
  NevercAssemblyTokenInfo Tok;
  unsigned Count = 0, Lines = 0;
  char M[200];
  NevercStatus S;
  memset(&Tok, 0, sizeof Tok);
  Tok.Header = asmHeader(sizeof Tok);
  while (!(S = A->PeekSourceToken(A->Context, F, C, &Tok)).Code) {
    if (Count < 3) {
      snprintf(M, sizeof M, "asm: token '%.*s' line=%u column=%u start=%d",
               Tok.Spelling.Data[0] == '\n' ? 2 : (int)Tok.Spelling.Length,
               Tok.Spelling.Data[0] == '\n' ? "\\n" : Tok.Spelling.Data,
               (unsigned)Tok.Line, (unsigned)Tok.Column, (int)Tok.StartOfLine);
      remark(M);
    }
    Count++;
    Lines += Tok.StartOfLine ? 1 : 0;
    A->AdvanceSourceToken(A->Context, F, C);
  }
  snprintf(M, sizeof M, "asm: %u tokens on %u lines, then %s", Count, Lines,
           tpCode(S));
  remark(M);
  check("AdvanceSourceToken(at the end)", A->AdvanceSourceToken(A->Context, F, C));
}

static NevercStatus NEVERC_CALL parse(const NevercPhaseFrame *F,
                                      NevercPhaseContinuation *C,
                                      NevercPhaseResult *R, void *U) {
  const NevercAssemblyProviderAPI *A = G.A;
  NevercAssemblyParseInputInfo In;
  Parser *Ps;
  NevercStatus S;
  const char *Text, *End;
  (void)U;
  memset(&In, 0, sizeof In);
  In.Header = asmHeader(sizeof In);
  In.Source.Header = asmHeader(sizeof In.Source);
  if ((S = A->GetParseInput(A->Context, F, F->Input, &In)).Code)
    return S;
  Text = In.Source.Buffer.Data;
  End = Text + In.Source.Buffer.Length;
  /* mode=both on plain assembly: build a little, then let LLVM's parser
   * read it anyway; publishing after that is refused, and what was built
   * is dropped with a warning. */
  if (!strcmp(G.Mode, "both") &&
      (In.Source.Buffer.Length < 5 || memcmp(Text, "ncmc ", 5))) {
    const NevercMCAPI *MC;
    NevercMCUnitHandle Unit;
    NevercMCMutationHandle M;
    NevercMCSectionDescriptor D;
    NevercMCSectionHandle Sec;
    NevercArtifactHandle Late;
    memset(&D, 0, sizeof D);
    D.Header = mcHeader(sizeof D);
    D.Name.Data = ".text";
    D.Name.Length = 5;
    D.Flags = NEVERC_MC_SECTION_ALLOCATED | NEVERC_MC_SECTION_EXECUTABLE;
    if ((S = A->GetParseMCBuilder(A->Context, F, &MC, &Unit)).Code ||
        (S = MC->BeginMutation(MC->Context, F->Task, Unit, &M)).Code ||
        (S = MC->CreateSection(MC->Context, F->Task, M, &D, &Sec)).Code ||
        (S = MC->CommitMutation(MC->Context, F->Task, M)).Code ||
        (S = C->InvokeNext(C, F, R)).Code)
      return S;
    check("PublishParsedMCUnit(after LLVM's parse)",
          A->PublishParsedMCUnit(A->Context, F, &Late));
    R->Action = NEVERC_PHASE_CONTINUE;
    memset(&R->Output, 0, sizeof R->Output);
    return status(0);
  }
  /* Not ncmc: LLVM's parser reads it. */
  if (In.Source.Buffer.Length < 5 || memcmp(Text, "ncmc ", 5)) {
    S = C->InvokeNext(C, F, R);
    if (!S.Code) {
      R->Action = NEVERC_PHASE_CONTINUE;
      memset(&R->Output, 0, sizeof R->Output);
    }
    return S;
  }
  Ps = (Parser *)calloc(1, sizeof *Ps);
  Ps->F = F;
  Ps->T = F->Task;
  if ((S = A->GetParseMCBuilder(A->Context, F, &Ps->MC, &Ps->Unit)).Code)
    goto done;
  if (!strcmp(G.Mode, "nothing")) {
    S = A->PublishParsedMCUnit(A->Context, F, &R->Output);
    goto done;
  }
  if ((S = Ps->MC->GetSchemaToken(Ps->MC->Context, Ps->T, Ps->Unit,
                                  &Ps->Token))
          .Code ||
      (S = Ps->MC->BeginMutation(Ps->MC->Context, Ps->T, Ps->Unit, &Ps->M))
          .Code)
    goto done;
  {
    NevercMCSchemaTokenInfo TI;
    memset(&TI, 0, sizeof TI);
    TI.Header = mcHeader(sizeof TI);
    Ps->X86 = !Ps->MC->GetSchemaTokenInfo(Ps->MC->Context, Ps->T, Ps->Token,
                                          &TI)
                   .Code &&
              tpSame(TI.Digest, NEVERC_MC_TARGET_X86_64_DIGEST);
  }
  if (G.Tour) {
    NevercArtifactHandle Early;
    NevercMCFragmentDescriptor D;
    NevercMCFragmentHandle H;
    check("PublishParsedMCUnit(mutation open)",
          A->PublishParsedMCUnit(A->Context, F, &Early));
    memset(&D, 0, sizeof D);
    D.Header = mcHeader(sizeof D);
    D.Kind = NEVERC_MC_FRAGMENT_NOP;
    D.ExplicitOffset = NEVERC_MC_AUTOMATIC_OFFSET;
    check("CreateFragment(no section)",
          Ps->MC->CreateFragment(Ps->MC->Context, Ps->T, Ps->M, Ps->Unit, &D,
                                 &H));
  }
  while (Text < End) {
    const char *Eol = memchr(Text, '\n', (size_t)(End - Text));
    Ps->P = Text;
    Ps->End = Eol ? Eol : End;
    if ((S = line(Ps)).Code) {
      char M[160];
      int Len = (int)(Ps->End - Text) < 60 ? (int)(Ps->End - Text) : 60;
      snprintf(M, sizeof M, "asm: line '%.*s' refused: %s", Len, Text,
               tpCode(S));
      remark(M);
      goto done;
    }
    Text = Eol ? Eol + 1 : End;
  }
  if ((S = flush(Ps)).Code ||
      (S = Ps->MC->CommitMutation(Ps->MC->Context, Ps->T, Ps->M)).Code)
    goto done;
  S = A->PublishParsedMCUnit(A->Context, F, &R->Output);
done:
  free(Ps->Bytes);
  free(Ps->Fixups);
  free(Ps);
  if (!S.Code)
    R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

/* --- observers ------------------------------------------------------------ */

static NevercStatus NEVERC_CALL observeParse(const NevercPhaseFrame *F,
                                             NevercObserverPoint P, void *U) {
  const NevercAssemblyProviderAPI *A = G.A;
  NevercAssemblyParseInputInfo In;
  const NevercMCAPI *MC;
  NevercMCUnitHandle Unit;
  char M[200];
  (void)U;
  if (P != NEVERC_OBSERVER_BEFORE) {
    remark("asm: parse after");
    return status(0);
  }
  memset(&In, 0, sizeof In);
  In.Header = asmHeader(sizeof In);
  In.Source.Header = asmHeader(sizeof In.Source);
  check("GetParseInput", A->GetParseInput(A->Context, F, F->Input, &In));
  snprintf(M, sizeof M,
           "asm: parse before: representation=%u preprocessed=%d bytes=%" PRIu64,
           (unsigned)In.Source.Representation, (int)In.Source.Preprocessed,
           In.Source.Buffer.Length);
  remark(M);
  walkTokens(F, In.Source.Cursor);
  check("GetParseMCBuilder(observer)",
        A->GetParseMCBuilder(A->Context, F, &MC, &Unit));
  {
    NevercAssemblyPrintInputInfo PI;
    memset(&PI, 0, sizeof PI);
    PI.Header = asmHeader(sizeof PI);
    check("GetPrintInput(in parse)",
          A->GetPrintInput(A->Context, F, F->Input, &PI, &MC, &Unit));
  }
  return status(0);
}

static NevercStatus NEVERC_CALL observePrint(const NevercPhaseFrame *F,
                                             NevercObserverPoint P, void *U) {
  const NevercAssemblyProviderAPI *A = G.A;
  NevercAssemblyPrintInputInfo In;
  const NevercMCAPI *MC;
  NevercMCUnitHandle Unit;
  NevercMCUnitInfo UI;
  NevercStringView V = {"x\n", 2};
  char M[200];
  (void)U;
  if (P != NEVERC_OBSERVER_BEFORE) {
    remark("asm: print after");
    return status(0);
  }
  memset(&In, 0, sizeof In);
  In.Header = asmHeader(sizeof In);
  check("GetPrintInput",
        A->GetPrintInput(A->Context, F, F->Input, &In, &MC, &Unit));
  memset(&UI, 0, sizeof UI);
  UI.Header = mcHeader(sizeof UI);
  if (!MC->GetUnitInfo(MC->Context, F->Task, Unit, &UI).Code) {
    snprintf(M, sizeof M, "asm: print before: %" PRIu64 " sections",
             UI.SectionCount);
    remark(M);
  }
  check("WritePrintOutput(observer)", A->WritePrintOutput(A->Context, F, V));
  return status(0);
}

/* An interceptor on print (AsmObserverPlugin): mode=pass runs the rest of
 * the chain (LLVM's text stays); mode=banner prints its own one line
 * instead. */
static NevercStatus NEVERC_CALL interceptPrint(const NevercPhaseFrame *F,
                                               NevercPhaseContinuation *C,
                                               NevercPhaseResult *R, void *U) {
  static const char Banner[] = "; printed by an interceptor\n";
  NevercStatus S;
  (void)U;
  if (!strcmp(G.Mode, "banner"))
    return publishText(F, R, Banner, sizeof Banner - 1);
  if (!strcmp(G.Mode, "writepass")) {
    /* Writes, then keeps the chain's output: the host says so. */
    NevercStringView V = {Banner, sizeof Banner - 1};
    if ((S = G.A->WritePrintOutput(G.A->Context, F, V)).Code)
      return S;
  }
  S = C->InvokeNext(C, F, R);
  if (!S.Code) {
    remark("asm: print interceptor ran the chain");
    R->Action = NEVERC_PHASE_CONTINUE;
    memset(&R->Output, 0, sizeof R->Output);
  }
  return S;
}

/* --- registration --------------------------------------------------------- */

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercOptionDescriptor O;
  NevercProviderDescriptor P;
  NevercInterceptorDescriptor I;
  NevercObserverDescriptor Ob;
  NevercStatus S;
  (void)PS;
  G.Core = Core;
  G.A = (const NevercAssemblyProviderAPI *)tpQuery(
      Core, NEVERC_INTERFACE_ASSEMBLY_PROVIDER_HIGH,
      NEVERC_INTERFACE_ASSEMBLY_PROVIDER_LOW, NEVERC_ASSEMBLY_PROVIDER_API_MAJOR,
      NEVERC_ASSEMBLY_PROVIDER_API_MINOR);
  if (!G.A)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  memset(&O, 0, sizeof O);
  O.Header = tpHeader(sizeof O, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  O.Spelling.Data = "--mode";
  O.Spelling.Length = 6;
  O.Form = NEVERC_OPTION_SEPARATE;
  O.ValueType = NEVERC_OPTION_STRING;
  O.Multiplicity = NEVERC_OPTION_LAST_WINS;
  if ((S = Reg->RegisterOption(Ctx, &O)).Code)
    return S;
  /* What to take part in is read at session begin; the registrations are
   * made for every mode and stand aside when not theirs. */
#ifndef ASM_OBSERVE_ONLY
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  P.Route.Header = tpHeader(sizeof P.Route, NEVERC_PLUGIN_ABI_MAJOR,
                            NEVERC_PLUGIN_ABI_MINOR);
  P.Deterministic = NEVERC_TRUE;
  P.Phase.High = NEVERC_PHASE_ASSEMBLY_PRINT_HIGH;
  P.Phase.Low = NEVERC_PHASE_ASSEMBLY_PRINT_LOW;
  P.ProviderID.Data = "ncmc";
  P.ProviderID.Length = 4;
  P.Callback = print;
  if ((S = Reg->RegisterProvider(Ctx, &P)).Code)
    return S;
  memset(&I, 0, sizeof I);
  I.Header = tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = NEVERC_PHASE_ASSEMBLY_PARSE_HIGH;
  I.Phase.Low = NEVERC_PHASE_ASSEMBLY_PARSE_LOW;
  I.Callback = parse;
  (void)Ob, (void)observeParse, (void)observePrint, (void)interceptPrint;
  return Reg->RegisterInterceptor(Ctx, &I);
#else
  (void)P, (void)print, (void)parse;
  memset(&Ob, 0, sizeof Ob);
  Ob.Header = tpHeader(sizeof Ob, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  Ob.Phase.High = NEVERC_PHASE_ASSEMBLY_PARSE_HIGH;
  Ob.Phase.Low = NEVERC_PHASE_ASSEMBLY_PARSE_LOW;
  Ob.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  Ob.Callback = observeParse;
  if ((S = Reg->RegisterObserver(Ctx, &Ob)).Code)
    return S;
  Ob.Phase.Low = NEVERC_PHASE_ASSEMBLY_PRINT_LOW;
  Ob.Callback = observePrint;
  if ((S = Reg->RegisterObserver(Ctx, &Ob)).Code)
    return S;
  memset(&I, 0, sizeof I);
  I.Header = tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = NEVERC_PHASE_ASSEMBLY_PRINT_HIGH;
  I.Phase.Low = NEVERC_PHASE_ASSEMBLY_PRINT_LOW;
  I.Callback = interceptPrint;
  return Reg->RegisterInterceptor(Ctx, &I);
#endif
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  NevercStringView V;
  uint64_t N = 0;
  NevercStringView Id = {ID, sizeof ID - 1};
  NevercStringView Sp = {"--mode", 6};
  (void)PS, (void)Out;
  G.Mode[0] = 0;
  if (!Core->GetPluginOptionValueCount(Core->Context, S, Id, Sp, &N).Code &&
      N && !Core->GetPluginOptionValue(Core->Context, S, Id, Sp, N - 1, &V).Code &&
      V.Length < sizeof G.Mode) {
    memcpy(G.Mode, V.Data, (size_t)V.Length);
    G.Mode[V.Length] = 0;
  }
  G.Tour = !strcmp(G.Mode, "tour");
  return status(0);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "ncmc assembly dialect", registerPlugin,
                         sessionBegin, NULL, NULL)
