/*
 * BannedCallsPlugin: a read-only checker for calls that cannot bound what
 * they write -- gets, strcpy, strcat, sprintf and vsprintf.
 *
 *   neverc -fplugin=BannedCallsPlugin.so [--banned-calls-error]
 *          [--banned-calls-summary] -c file.c
 *
 * - subscribes, for every translation-unit task, to the AST lifecycle event
 *   TOP_LEVEL_DECL, so each function is checked as soon as it is parsed and
 *   the findings come out in source order, interleaved with the compiler's
 *   own diagnostics;
 * - walks the body of every function definition (not in a system header)
 *   and, for each call whose direct callee is a function named gets, strcpy,
 *   strcat, sprintf or vsprintf, emits a warning at the start of the call,
 *   with the whole call highlighted;
 * - attaches a fix-it where the rewrite is mechanical, i.e. where the
 *   destination is a named array whose size the compiler knows:
 *     sprintf(buf, ...)   ->  snprintf(buf, sizeof(buf), ...)
 *     vsprintf(buf, ...)  ->  vsnprintf(buf, sizeof(buf), ...)
 *     gets(buf)           ->  fgets(buf, sizeof(buf), stdin)
 *   strcpy and strcat get a note saying why there is none. Fix-its print
 *   with -fdiagnostics-parseable-fixits and are applied by -Xclang -fixit.
 *   Without the FixIt interface (NEVERC_INTERFACE_FIXIT_*), or when the host
 *   refuses a fix-it, the warning is still reported, without it;
 * - --banned-calls-error reports the findings as errors (the compile fails);
 * - --banned-calls-summary prints, when the translation unit is done,
 *     banned-calls: gets=N strcpy=N strcat=N sprintf=N vsprintf=N
 *
 * No mutable globals: the negotiated tables live in the process state, the
 * options in the session state, the counters and the walk stack in the task
 * state, all allocated through the core table.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <string.h>

#define BANNED_ID "org.neverc.example.banned-calls"
#define BANNED_ERROR_FLAG "--banned-calls-error"
#define BANNED_SUMMARY_FLAG "--banned-calls-summary"
#define BANNED_CODE_BASE 4300u

typedef enum BannedFix {
  FIX_NONE,
  FIX_BOUNDED_PRINTF, /* insert the size after the destination, rename */
  FIX_FGETS           /* replace the whole call */
} BannedFix;

typedef struct BannedFunction {
  const char *Name;
  const char *What;        /* "it cannot bound <What>" */
  const char *Instead;     /* "use <Instead> instead" */
  BannedFix Fix;
  const char *Replacement; /* the bounded function, for the fix-it */
  const char *NoFixIt;     /* the note when there is no fix-it */
} BannedFunction;

#define BANNED_COUNT 5
static const BannedFunction Banned[BANNED_COUNT] = {
    {"gets", "the input", "fgets", FIX_FGETS, "fgets", NULL},
    {"strcpy", "the copy",
     "snprintf or memcpy with a length checked against the destination",
     FIX_NONE, NULL,
     "no fix-it: the bound is the size of the destination, which a "
     "mechanical rewrite cannot choose for you"},
    {"strcat", "the concatenation",
     "snprintf or strncat with the space left in the destination", FIX_NONE,
     NULL,
     "no fix-it: the bound is the space left in the destination, which a "
     "mechanical rewrite cannot choose for you"},
    {"sprintf", "the output", "snprintf", FIX_BOUNDED_PRINTF, "snprintf",
     NULL},
    {"vsprintf", "the output", "vsnprintf", FIX_BOUNDED_PRINTF, "vsnprintf",
     NULL},
};

typedef struct BannedProcess {
  const NevercCoreAPI *Core;
  const NevercASTAPI *AST;
  const NevercSourceLocationAPI *Source;
  const NevercFixItAPI *FixIt; /* NULL: report without fix-its */
} BannedProcess;

typedef struct BannedSession {
  int AsError;
  int Summary;
} BannedSession;

typedef struct BannedTask {
  const BannedProcess *P;
  const BannedSession *S;
  uint64_t Counts[BANNED_COUNT];
  NevercASTNodeHandle *Stack; /* the walk's work list, reused */
  uint64_t StackCapacity;
  int FixItsRefused; /* the host refused one: stop asking in this task */
} BannedTask;

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

#define AST_HEADER(X)                                                          \
  header(sizeof(X), NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR)
#define SOURCE_HEADER(X)                                                       \
  header(sizeof(X), NEVERC_SOURCE_LOCATION_API_MAJOR,                          \
         NEVERC_SOURCE_LOCATION_API_MINOR)

static int sameName(NevercStringView V, const char *Name) {
  size_t N = strlen(Name);
  return V.Data && V.Length == N && memcmp(V.Data, Name, N) == 0;
}

/* --- source facts ------------------------------------------------------ */

static NevercStatus nodeRange(const BannedTask *T, NevercTaskHandle Task,
                              NevercASTNodeHandle Node,
                              NevercSourceRange *Out) {
  const NevercASTAPI *AST = T->P->AST;
  NevercASTNodeInfo Info;
  NevercStatus S;
  memset(&Info, 0, sizeof Info);
  Info.Header = AST_HEADER(Info);
  S = AST->GetNodeInfo(AST->Context, Task, Node, &Info);
  if (!neverc_status_is_ok(S))
    return S;
  if (neverc_handle_is_null(Info.SourceRange))
    return status(NEVERC_STATUS_NOT_FOUND);
  *Out = Info.SourceRange;
  return neverc_status_ok();
}

static NevercStatus rangeInfo(const BannedTask *T, NevercTaskHandle Task,
                              NevercSourceRange Range,
                              NevercSourceRangeInfo *Out) {
  const NevercSourceLocationAPI *Src = T->P->Source;
  memset(Out, 0, sizeof *Out);
  Out->Header = SOURCE_HEADER(*Out);
  return Src->GetRangeInfo(Src->Context, Task, Range, Out);
}

/* Both ends of \p Range are plain file locations (not inside a macro). */
static int inFile(const BannedTask *T, NevercTaskHandle Task,
                  NevercSourceRange Range) {
  const NevercSourceLocationAPI *Src = T->P->Source;
  NevercSourceRangeInfo R;
  NevercSourceLocationInfo B, E;
  if (!neverc_status_is_ok(rangeInfo(T, Task, Range, &R)))
    return 0;
  memset(&B, 0, sizeof B);
  B.Header = SOURCE_HEADER(B);
  memset(&E, 0, sizeof E);
  E.Header = SOURCE_HEADER(E);
  return neverc_status_is_ok(
             Src->GetLocationInfo(Src->Context, Task, R.Begin, &B)) &&
         neverc_status_is_ok(
             Src->GetLocationInfo(Src->Context, Task, R.End, &E)) &&
         B.Kind == NEVERC_SOURCE_LOCATION_FILE &&
         E.Kind == NEVERC_SOURCE_LOCATION_FILE;
}

/* Whether \p Node starts in a system header. When that cannot be told the
 * node counts as user code. */
static int inSystemHeader(const BannedTask *T, NevercTaskHandle Task,
                          NevercASTNodeHandle Node) {
  const NevercSourceLocationAPI *Src = T->P->Source;
  NevercSourceRange Range;
  NevercSourceRangeInfo R;
  NevercSourceLocation Loc;
  NevercFileHandle File;
  NevercFileInfo Info;
  if (!neverc_status_is_ok(nodeRange(T, Task, Node, &Range)) ||
      !neverc_status_is_ok(rangeInfo(T, Task, Range, &R)))
    return 0;
  if (!neverc_status_is_ok(
          Src->GetExpansionLocation(Src->Context, Task, R.Begin, &Loc)))
    Loc = R.Begin;
  if (!neverc_status_is_ok(
          Src->GetLocationFile(Src->Context, Task, Loc, &File)))
    return 0;
  memset(&Info, 0, sizeof Info);
  Info.Header = SOURCE_HEADER(Info);
  if (!neverc_status_is_ok(Src->GetFileInfo(Src->Context, Task, File, &Info)))
    return 0;
  return Info.Characteristic != NEVERC_FILE_CHARACTERISTIC_USER;
}

/* --- the destination --------------------------------------------------- */

/* \p Expr without the implicit conversions and parentheses around it. */
static NevercExprHandle stripped(const BannedTask *T, NevercTaskHandle Task,
                                 NevercExprHandle Expr) {
  const NevercASTAPI *AST = T->P->AST;
  unsigned Depth;
  for (Depth = 0; Depth < 32; ++Depth) {
    NevercASTNodeInfo Info;
    NevercASTNodeHandle Inner;
    memset(&Info, 0, sizeof Info);
    Info.Header = AST_HEADER(Info);
    if (!neverc_status_is_ok(
            AST->GetNodeInfo(AST->Context, Task, Expr, &Info)) ||
        (Info.Kind != NEVERC_STMT_KIND_IMPLICIT_CAST_EXPR &&
         Info.Kind != NEVERC_STMT_KIND_PAREN_EXPR) ||
        !neverc_status_is_ok(
            AST->GetChild(AST->Context, Task, Expr, 0, &Inner)))
      break;
    Expr = Inner;
  }
  return Expr;
}

/* When \p Arg names a variable of a complete array-of-bytes type (so that
 * sizeof(name) is the room it has), copies its name into \p Name. */
static int arrayName(const BannedTask *T, NevercTaskHandle Task,
                     NevercExprHandle Arg, char *Name, size_t Capacity) {
  const NevercASTAPI *AST = T->P->AST;
  NevercDeclRefExprInfo Ref;
  NevercVarDeclInfo Var;
  NevercTypeInfo Type;
  memset(&Ref, 0, sizeof Ref);
  Ref.Header = AST_HEADER(Ref);
  if (!neverc_status_is_ok(AST->GetDeclRefExprInfo(
          AST->Context, Task, stripped(T, Task, Arg), &Ref)))
    return 0;
  memset(&Var, 0, sizeof Var);
  Var.Header = AST_HEADER(Var);
  if (!neverc_status_is_ok(
          AST->GetVarDeclInfo(AST->Context, Task, Ref.ReferencedDecl, &Var)) ||
      !Var.Name.Data || Var.Name.Length == 0 || Var.Name.Length >= Capacity)
    return 0;
  memset(&Type, 0, sizeof Type);
  Type.Header = AST_HEADER(Type);
  if (!neverc_status_is_ok(
          AST->GetTypeInfo(AST->Context, Task, Var.Type, &Type)))
    return 0;
  /* A parameter declared as `char buf[N]` has pointer type: refused here,
   * as sizeof would give the size of the pointer. */
  if (!(Type.Flags & NEVERC_TYPE_FLAG_ARRAY) ||
      !(Type.Flags & NEVERC_TYPE_FLAG_HAS_KNOWN_LAYOUT) ||
      Type.ElementCount == 0 || Type.SizeInBits != Type.ElementCount * 8)
    return 0;
  memcpy(Name, Var.Name.Data, (size_t)Var.Name.Length);
  Name[Var.Name.Length] = 0;
  return 1;
}

/* --- reporting --------------------------------------------------------- */

static int makeFixIt(BannedTask *T, NevercTaskHandle Task,
                     NevercSourceRange Range, NevercFixItKind Kind,
                     const char *Text, NevercFixItHandle *Out) {
  const NevercFixItAPI *F = T->P->FixIt;
  NevercFixItDescriptor D;
  NevercStatus S;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_FIXIT_API_MAJOR, NEVERC_FIXIT_API_MINOR);
  D.Range = Range;
  D.Text = sv(Text);
  D.Kind = Kind;
  S = F->CreateFixIt(F->Context, Task, &D, Out);
  if (!neverc_status_is_ok(S)) {
    T->FixItsRefused = 1;
    return 0;
  }
  return 1;
}

/* The fix-its for one call, into \p Out (at most 2). Returns how many were
 * made; \p Why says why there are none when that is the answer. */
static uint64_t fixItsFor(BannedTask *T, NevercTaskHandle Task,
                          const BannedFunction *B, NevercExprHandle Call,
                          const NevercCallExprInfo *C,
                          NevercSourceRange CallRange, NevercFixItHandle *Out,
                          const char **Why) {
  NevercExprHandle Dest;
  NevercSourceRange CalleeRange, DestRange;
  char Name[128];
  char Text[320];
  const NevercASTAPI *AST = T->P->AST;
  *Why = B->NoFixIt;
  if (B->Fix == FIX_NONE)
    return 0;
  if (C->ArgumentCount < 1 ||
      !neverc_status_is_ok(
          AST->GetCallExprArgument(AST->Context, Task, Call, 0, &Dest)) ||
      !arrayName(T, Task, Dest, Name, sizeof Name)) {
    *Why = "no fix-it: the destination is not an array whose size is known "
           "here; pass its size explicitly";
    return 0;
  }
  if (!inFile(T, Task, CallRange)) {
    *Why = "no fix-it: the call or its destination is spelled inside a macro";
    return 0;
  }
  *Why = NULL;
  if (!T->P->FixIt || T->FixItsRefused)
    return 0;
  if (B->Fix == FIX_FGETS) {
    if (C->ArgumentCount != 1)
      return 0;
    snprintf(Text, sizeof Text, "fgets(%s, sizeof(%s), stdin)", Name, Name);
    return makeFixIt(T, Task, CallRange, NEVERC_FIXIT_REPLACE, Text, &Out[0])
               ? 1
               : 0;
  }
  /* FIX_BOUNDED_PRINTF: rename the callee, add the bound after the
   * destination. */
  if (!neverc_status_is_ok(nodeRange(T, Task, C->Callee, &CalleeRange)) ||
      !neverc_status_is_ok(nodeRange(T, Task, Dest, &DestRange)))
    return 0;
  if (!inFile(T, Task, CalleeRange) || !inFile(T, Task, DestRange)) {
    *Why = "no fix-it: the call or its destination is spelled inside a macro";
    return 0;
  }
  snprintf(Text, sizeof Text, ", sizeof(%s)", Name);
  if (!makeFixIt(T, Task, CalleeRange, NEVERC_FIXIT_REPLACE, B->Replacement,
                 &Out[0]) ||
      !makeFixIt(T, Task, DestRange, NEVERC_FIXIT_INSERT_AFTER, Text,
                 &Out[1]))
    return 0;
  return 2;
}

static NevercStatus report(BannedTask *T, NevercTaskHandle Task,
                           unsigned Index, NevercExprHandle Call,
                           const NevercCallExprInfo *C) {
  const BannedFunction *B = &Banned[Index];
  const NevercCoreAPI *Core = T->P->Core;
  NevercSourceRange CallRange;
  NevercSourceRangeInfo R;
  NevercDiagnosticDescriptor D;
  NevercDiagnosticNote Note;
  NevercFixItHandle FixIts[2];
  uint64_t FixItCount;
  const char *Why = NULL;
  char Message[256];
  NevercStatus S;

  T->Counts[Index]++;
  S = nodeRange(T, Task, Call, &CallRange);
  if (S.Code == NEVERC_STATUS_OK)
    S = rangeInfo(T, Task, CallRange, &R);
  if (!neverc_status_is_ok(S))
    return S;
  FixItCount = fixItsFor(T, Task, B, Call, C, CallRange, FixIts, &Why);

  snprintf(Message, sizeof Message,
           "call to '%s' is banned: it cannot bound %s; use %s instead",
           B->Name, B->What, B->Instead);
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = T->S->AsError ? NEVERC_DIAGNOSTIC_ERROR
                             : NEVERC_DIAGNOSTIC_WARNING;
  D.Code = BANNED_CODE_BASE + Index;
  D.PluginID = sv(BANNED_ID);
  D.Message = sv(Message);
  D.Location = R.Begin;
  D.Ranges.Data = &CallRange;
  D.Ranges.Count = 1;
  D.Ranges.ElementStride = sizeof CallRange;
  if (Why) {
    memset(&Note, 0, sizeof Note);
    Note.Header =
        header(sizeof Note, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    Note.Message = sv(Why);
    D.Notes.Data = &Note;
    D.Notes.Count = 1;
    D.Notes.ElementStride = sizeof Note;
  }
  if (FixItCount) {
    D.FixIts.Data = FixIts;
    D.FixIts.Count = FixItCount;
    D.FixIts.ElementStride = sizeof FixIts[0];
  }
  S = Core->EmitDiagnostic(Core->Context, &D, NULL);
  if (!neverc_status_is_ok(S) && FixItCount) {
    /* The host would not take the fix-its: the finding still counts. */
    T->FixItsRefused = 1;
    memset(&D.FixIts, 0, sizeof D.FixIts);
    S = Core->EmitDiagnostic(Core->Context, &D, NULL);
  }
  return S;
}

/* --- the walk ---------------------------------------------------------- */

static NevercStatus push(BannedTask *T, uint64_t *Top,
                         NevercASTNodeHandle Node) {
  if (*Top == T->StackCapacity) {
    const NevercCoreAPI *Core = T->P->Core;
    uint64_t NewCapacity = T->StackCapacity ? T->StackCapacity * 2 : 256;
    void *Grown = NULL;
    NevercStatus S =
        T->Stack ? Core->Reallocate(Core->Context, T->Stack,
                                    T->StackCapacity * sizeof *T->Stack,
                                    NewCapacity * sizeof *T->Stack, 8, &Grown)
                 : Core->Allocate(Core->Context,
                                  NewCapacity * sizeof *T->Stack, 8, &Grown);
    if (!neverc_status_is_ok(S))
      return S;
    T->Stack = (NevercASTNodeHandle *)Grown;
    T->StackCapacity = NewCapacity;
  }
  T->Stack[(*Top)++] = Node;
  return neverc_status_ok();
}

/* The banned function \p Call calls directly, or -1. */
static int bannedCallee(const BannedTask *T, NevercTaskHandle Task,
                        const NevercCallExprInfo *C) {
  const NevercASTAPI *AST = T->P->AST;
  NevercFunctionDeclInfo F;
  unsigned I;
  if (neverc_handle_is_null(C->DirectCallee))
    return -1; /* a call through a pointer */
  memset(&F, 0, sizeof F);
  F.Header = AST_HEADER(F);
  if (!neverc_status_is_ok(
          AST->GetFunctionDeclInfo(AST->Context, Task, C->DirectCallee, &F)))
    return -1;
  for (I = 0; I < BANNED_COUNT; ++I)
    if (sameName(F.Name, Banned[I].Name))
      return (int)I;
  return -1;
}

/* Depth-first, children in order, so findings come in source order. */
static NevercStatus checkBody(BannedTask *T, NevercTaskHandle Task,
                              NevercStmtHandle Body) {
  const NevercASTAPI *AST = T->P->AST;
  uint64_t Top = 0;
  NevercStatus S = push(T, &Top, Body);
  while (neverc_status_is_ok(S) && Top) {
    NevercASTNodeHandle Node = T->Stack[--Top];
    NevercCallExprInfo C;
    uint64_t Count = 0, I;
    memset(&C, 0, sizeof C);
    C.Header = AST_HEADER(C);
    if (neverc_status_is_ok(
            AST->GetCallExprInfo(AST->Context, Task, Node, &C))) {
      int Index = bannedCallee(T, Task, &C);
      if (Index >= 0) {
        S = report(T, Task, (unsigned)Index, Node, &C);
        if (!neverc_status_is_ok(S))
          break;
      }
    }
    S = AST->GetChildCount(AST->Context, Task, Node, &Count);
    for (I = Count; neverc_status_is_ok(S) && I > 0; --I) {
      NevercASTNodeHandle Child;
      S = AST->GetChild(AST->Context, Task, Node, I - 1, &Child);
      if (neverc_status_is_ok(S))
        S = push(T, &Top, Child);
    }
  }
  return S;
}

static NevercStatus checkDecl(BannedTask *T, NevercTaskHandle Task,
                              NevercDeclHandle Decl) {
  const NevercASTAPI *AST = T->P->AST;
  NevercFunctionDeclInfo F;
  NevercStatus S;
  memset(&F, 0, sizeof F);
  F.Header = AST_HEADER(F);
  S = AST->GetFunctionDeclInfo(AST->Context, Task, Decl, &F);
  if (S.Code == NEVERC_STATUS_WRONG_TYPE)
    return neverc_status_ok(); /* not a function */
  if (!neverc_status_is_ok(S))
    return S;
  if (!F.IsDefinition || neverc_handle_is_null(F.Body) ||
      inSystemHeader(T, Task, Decl))
    return neverc_status_ok();
  return checkBody(T, Task, F.Body);
}

static NevercStatus NEVERC_CALL onTopLevelDecl(NevercTaskHandle Task,
                                               const NevercASTLifecycleEvent *E,
                                               void *UserData) {
  BannedTask *T = (BannedTask *)UserData;
  NevercStatus S = neverc_status_ok();
  uint64_t I;
  if (E->Kind != NEVERC_AST_LIFECYCLE_TOP_LEVEL_DECL)
    return S;
  if (E->DeclarationCount == 0)
    return neverc_handle_is_null(E->Declaration)
               ? S
               : checkDecl(T, Task, E->Declaration);
  for (I = 0; I < E->DeclarationCount && neverc_status_is_ok(S); ++I)
    S = checkDecl(T, Task, E->Declarations[I]);
  return S;
}

/* --- lifecycle --------------------------------------------------------- */

/* \p Table must cover [0, LastSlotEnd). */
static NevercStatus negotiate(const NevercCoreAPI *Core, uint64_t High,
                              uint64_t Low, uint16_t Major, uint16_t Minor,
                              uint64_t LastSlotEnd, const void **Table) {
  NevercInterfaceID ID;
  uint16_t GotMinor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = High;
  ID.Low = Low;
  S = Core->QueryInterface(Core->Context, ID, Major, Minor, Table, &GotMinor,
                           &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (Size < LastSlotEnd)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  return neverc_status_ok();
}

#define SLOT_END(Type, Slot) (offsetof(Type, Slot) + sizeof(((Type *)0)->Slot))

static NevercStatus NEVERC_CALL bannedProcessBegin(const NevercCoreAPI *Core,
                                                   void **OutProcessState) {
  BannedProcess *P = NULL;
  const void *Table = NULL;
  NevercStatus S = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(S))
    return S;
  memset(P, 0, sizeof *P);
  P->Core = Core;
  S = negotiate(Core, NEVERC_INTERFACE_AST_HIGH, NEVERC_INTERFACE_AST_LOW,
                NEVERC_AST_API_MAJOR, NEVERC_AST_API_MINOR,
                SLOT_END(NevercASTAPI, RegisterLifecycleObserver), &Table);
  if (neverc_status_is_ok(S)) {
    P->AST = (const NevercASTAPI *)Table;
    S = negotiate(Core, NEVERC_INTERFACE_SOURCE_LOCATION_HIGH,
                  NEVERC_INTERFACE_SOURCE_LOCATION_LOW,
                  NEVERC_SOURCE_LOCATION_API_MAJOR,
                  NEVERC_SOURCE_LOCATION_API_MINOR,
                  SLOT_END(NevercSourceLocationAPI, GetFileInfo), &Table);
  }
  if (!neverc_status_is_ok(S)) {
    Core->Deallocate(Core->Context, P, sizeof *P, 8);
    return S;
  }
  P->Source = (const NevercSourceLocationAPI *)Table;
  /* Optional: without it the findings come without fix-its. */
  if (neverc_status_is_ok(negotiate(
          Core, NEVERC_INTERFACE_FIXIT_HIGH, NEVERC_INTERFACE_FIXIT_LOW,
          NEVERC_FIXIT_API_MAJOR, NEVERC_FIXIT_API_MINOR,
          SLOT_END(NevercFixItAPI, CreateFixIt), &Table)))
    P->FixIt = (const NevercFixItAPI *)Table;
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus flag(const NevercRegistrarAPI *Reg, void *Ctx,
                         const char *Spelling, const char *Help) {
  NevercOptionDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header =
      header(sizeof O, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  O.Spelling = sv(Spelling);
  O.Form = NEVERC_OPTION_FLAG;
  O.ValueType = NEVERC_OPTION_BOOL;
  O.Multiplicity = NEVERC_OPTION_LAST_WINS;
  O.Help = sv(Help);
  return Reg->RegisterOption(Ctx, &O);
}

static NevercStatus NEVERC_CALL bannedRegister(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *ProcessState) {
  NevercStatus S;
  (void)Core, (void)ProcessState;
  S = flag(Reg, Ctx, BANNED_ERROR_FLAG,
           "report calls to banned functions as errors");
  if (!neverc_status_is_ok(S))
    return S;
  return flag(Reg, Ctx, BANNED_SUMMARY_FLAG,
              "print the number of banned calls per function at the end of "
              "each translation unit");
}

static int flagGiven(const NevercCoreAPI *Core, NevercSessionHandle Session,
                     const char *Spelling, NevercStatus *Error) {
  NevercStringView Value;
  uint64_t Count = 0;
  NevercStatus S = Core->GetPluginOptionValueCount(
      Core->Context, Session, sv(BANNED_ID), sv(Spelling), &Count);
  if (!neverc_status_is_ok(S)) {
    *Error = S;
    return 0;
  }
  if (Count == 0)
    return 0;
  S = Core->GetPluginOptionValue(Core->Context, Session, sv(BANNED_ID),
                                 sv(Spelling), Count - 1, &Value);
  if (!neverc_status_is_ok(S)) {
    *Error = S;
    return 0;
  }
  return Value.Length == 1 && Value.Data[0] == '1';
}

static NevercStatus NEVERC_CALL bannedSessionBegin(const NevercCoreAPI *Core,
                                                   NevercSessionHandle Session,
                                                   void *ProcessState,
                                                   void **OutState) {
  BannedSession *S = NULL;
  NevercStatus Error = neverc_status_ok();
  NevercStatus St = Core->Allocate(Core->Context, sizeof *S, 8, (void **)&S);
  (void)ProcessState;
  if (!neverc_status_is_ok(St))
    return St;
  memset(S, 0, sizeof *S);
  S->AsError = flagGiven(Core, Session, BANNED_ERROR_FLAG, &Error);
  S->Summary = flagGiven(Core, Session, BANNED_SUMMARY_FLAG, &Error);
  if (!neverc_status_is_ok(Error)) {
    Core->Deallocate(Core->Context, S, sizeof *S, 8);
    return Error;
  }
  *OutState = S;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL bannedSessionEnd(const NevercCoreAPI *Core,
                                                 NevercSessionHandle Session,
                                                 void *ProcessState,
                                                 void *SessionState) {
  (void)Session, (void)ProcessState;
  if (!SessionState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, SessionState, sizeof(BannedSession),
                          8);
}

static NevercStatus NEVERC_CALL bannedTaskBegin(const NevercCoreAPI *Core,
                                                NevercTaskHandle Task,
                                                NevercTaskKind Kind,
                                                void *ProcessState,
                                                void *SessionState,
                                                void **OutTaskState) {
  const BannedProcess *P = (const BannedProcess *)ProcessState;
  BannedTask *T = NULL;
  NevercASTLifecycleObserverDescriptor D;
  NevercStatus S;
  *OutTaskState = NULL;
  if (Kind != NEVERC_TASK_TRANSLATION_UNIT)
    return neverc_status_ok();
  S = Core->Allocate(Core->Context, sizeof *T, 8, (void **)&T);
  if (!neverc_status_is_ok(S))
    return S;
  memset(T, 0, sizeof *T);
  T->P = P;
  T->S = (const BannedSession *)SessionState;
  memset(&D, 0, sizeof D);
  D.Header = AST_HEADER(D);
  D.Events = NEVERC_AST_LIFECYCLE_EVENT_MASK(NEVERC_AST_LIFECYCLE_TOP_LEVEL_DECL);
  D.Callback = onTopLevelDecl;
  D.UserData = T;
  S = P->AST->RegisterLifecycleObserver(P->AST->Context, Task, &D);
  if (!neverc_status_is_ok(S)) {
    Core->Deallocate(Core->Context, T, sizeof *T, 8);
    return S;
  }
  *OutTaskState = T;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL bannedTaskEnd(const NevercCoreAPI *Core,
                                              NevercTaskHandle Task,
                                              NevercTaskKind Kind,
                                              void *ProcessState,
                                              void *SessionState,
                                              void *TaskState) {
  BannedTask *T = (BannedTask *)TaskState;
  unsigned I;
  (void)Task, (void)Kind, (void)ProcessState, (void)SessionState;
  if (!T)
    return neverc_status_ok();
  if (T->S && T->S->Summary) {
    char Line[256];
    size_t N = (size_t)snprintf(Line, sizeof Line, "banned-calls:");
    for (I = 0; I < BANNED_COUNT && N < sizeof Line; ++I)
      N += (size_t)snprintf(Line + N, sizeof Line - N, " %s=%llu",
                            Banned[I].Name, (unsigned long long)T->Counts[I]);
    fprintf(stderr, "%s\n", Line);
  }
  if (T->Stack)
    Core->Deallocate(Core->Context, T->Stack,
                     T->StackCapacity * sizeof *T->Stack, 8);
  return Core->Deallocate(Core->Context, T, sizeof *T, 8);
}

static NevercStatus NEVERC_CALL bannedDestroy(const NevercCoreAPI *Core,
                                              void *ProcessState) {
  if (!ProcessState)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, ProcessState, sizeof(BannedProcess),
                          8);
}

NEVERC_EXPORT NevercStatus NEVERC_CALL
neverc_plugin_entry(const NevercBootstrapAPI *Bootstrap,
                    NevercPluginDescriptor *OutPlugin) {
  NevercPluginDescriptor D;
  uint32_t Capacity;
  if (!Bootstrap || !OutPlugin || OutPlugin->Header.StructSize < 4)
    return status(NEVERC_STATUS_INVALID_ARGUMENT);
  Capacity = OutPlugin->Header.StructSize;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.PluginID = sv(BANNED_ID);
  D.DisplayName = sv("Banned calls");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_ALLOWED;
  D.ProcessBegin = bannedProcessBegin;
  D.Register = bannedRegister;
  D.SessionBegin = bannedSessionBegin;
  D.SessionEnd = bannedSessionEnd;
  D.TaskBegin = bannedTaskBegin;
  D.TaskEnd = bannedTaskEnd;
  D.Destroy = bannedDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
