/*
 * An object-merge provider (-r; tests/lit/link/merge-provider.c): it
 * merges the objects of a relocatable link itself, through NevercObjectAPI
 * alone. Every input section becomes a section of its own in the output
 * (no joining by name, unlike the built-in merge); a COMDAT group is kept
 * once per signature; locals are copied; globals are resolved by name (a
 * definition over a reference, a strong definition over a weak one);
 * relocations follow their sections, a reference to a section symbol
 * becoming one to the section. Section symbols and .llvm_addrsig are left
 * to the writer (as the built-in merge leaves them). Debug sections stay
 * split too, so its output is for objects built without -g.
 *
 * NEVERC_TEST_MERGE_MODE (Register runs before plugin options are read):
 *   copy      (default) merge, and say what was made
 *   misuse    registrations the registrar refuses; then, in the merge,
 *             what the host refuses, each with its status; then merge
 *   fail      return PLUGIN_FAILURE without merging
 *   wrong     merge, then name an input graph as the product
 *   dangle    merge, then erase a section a symbol is defined in: the
 *             host's commit refuses the output
 */
#include "TestPlugin.h"

#include <stdarg.h>
#include <stdlib.h>

static const char ID[] = "org.neverc.test.merge-provider";

static struct {
  const NevercCoreAPI *Core;
  const NevercLinkRegistrarAPI *Registrar;
  const char *Mode;
} G;

static int mode(const char *M) { return !strcmp(G.Mode, M); }

static void say(const char *Fmt, ...) {
  char M[512];
  int N = snprintf(M, sizeof M, "merge: ");
  va_list Ap;
  va_start(Ap, Fmt);
  vsnprintf(M + N, sizeof M - (size_t)N, Fmt, Ap);
  va_end(Ap);
  tpRemark(G.Core, ID, M);
}

/* Input handle -> output handle (a null output: dropped with its group). */
typedef struct {
  NevercHandle In, Out;
  int Dropped;
} Pair;
typedef struct {
  Pair *P;
  size_t N, Cap;
} Map;

static int same(NevercHandle A, NevercHandle B) {
  return A.Owner == B.Owner && A.Value == B.Value;
}
static int isNull(NevercHandle H) { return !H.Owner && !H.Value; }

static void put(Map *M, NevercHandle In, NevercHandle Out, int Dropped) {
  if (M->N == M->Cap) {
    M->Cap = M->Cap ? 2 * M->Cap : 64;
    M->P = (Pair *)realloc(M->P, M->Cap * sizeof *M->P);
  }
  M->P[M->N].In = In;
  M->P[M->N].Out = Out;
  M->P[M->N].Dropped = Dropped;
  ++M->N;
}
static const Pair *get(const Map *M, NevercHandle In) {
  size_t K;
  for (K = M->N; K-- > 0;)
    if (same(M->P[K].In, In))
      return &M->P[K];
  return NULL;
}

/* A kept global by name. */
typedef struct {
  char *Name;
  NevercHandle Out;
  NevercObjectSymbolInfo Info; /* as staged (views into the inputs) */
} Global;

typedef struct {
  const NevercObjectAPI *O;
  NevercTaskHandle Task;
  NevercObjectMutationHandle M;
  Map Comdats, Sections, Symbols;
  char **Groups;
  NevercHandle *GroupOut;
  size_t NGroups;
  Global *Globals;
  size_t NGlobals;
  unsigned Made[3]; /* sections, symbols, relocations */
} Merge;

#define INFO(T, V)                                                             \
  T V;                                                                         \
  memset(&V, 0, sizeof V);                                                     \
  V.Header =                                                                   \
      tpHeader(sizeof V, NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR)

static int viewIs(NevercStringView V, const char *S) {
  return V.Length == strlen(S) && !memcmp(V.Data, S, V.Length);
}
static char *copyOf(NevercStringView V) {
  char *S = (char *)malloc(V.Length + 1);
  memcpy(S, V.Data, V.Length);
  S[V.Length] = 0;
  return S;
}

static int failed(NevercStatus S, const char *What) {
  if (S.Code == NEVERC_STATUS_OK)
    return 0;
  say("%s: %s", What, tpCode(S));
  return 1;
}

static int comdats(Merge *X, NevercObjectGraphHandle Gr) {
  const NevercObjectAPI *O = X->O;
  NevercObjectComdatHandle C;
  O->GetFirstComdat(O->Context, X->Task, Gr, &C);
  for (; !isNull(C); O->GetNextComdat(O->Context, X->Task, C, &C)) {
    size_t K;
    NevercHandle Out;
    INFO(NevercObjectComdatInfo, I);
    if (failed(O->GetComdatInfo(O->Context, X->Task, C, &I), "GetComdatInfo"))
      return 1;
    for (K = 0; K < X->NGroups; ++K)
      if (viewIs(I.Name, X->Groups[K]))
        break;
    if (K < X->NGroups) { /* a later copy: dropped */
      put(&X->Comdats, C, X->GroupOut[K], 1);
      continue;
    }
    if (!isNull(I.AssociatedComdat)) {
      const Pair *A = get(&X->Comdats, I.AssociatedComdat);
      I.AssociatedComdat = A ? A->Out : (NevercHandle){0, 0};
    }
    if (failed(O->CreateComdat(O->Context, X->Task, X->M, &I, &Out),
               "CreateComdat"))
      return 1;
    X->Groups = (char **)realloc(X->Groups, (X->NGroups + 1) * sizeof(char *));
    X->GroupOut = (NevercHandle *)realloc(
        X->GroupOut, (X->NGroups + 1) * sizeof(NevercHandle));
    X->Groups[X->NGroups] = copyOf(I.Name);
    X->GroupOut[X->NGroups++] = Out;
    put(&X->Comdats, C, Out, 0);
  }
  return 0;
}

static int sections(Merge *X, NevercObjectGraphHandle Gr) {
  const NevercObjectAPI *O = X->O;
  NevercObjectSectionHandle S;
  O->GetFirstSection(O->Context, X->Task, Gr, &S);
  for (; !isNull(S); O->GetNextSection(O->Context, X->Task, S, &S)) {
    NevercHandle Out;
    INFO(NevercObjectSectionInfo, I);
    if (failed(O->GetSectionInfo(O->Context, X->Task, S, &I), "GetSectionInfo"))
      return 1;
    if (viewIs(I.Name, ".llvm_addrsig")) {
      put(&X->Sections, S, (NevercHandle){0, 0}, 1);
      continue;
    }
    if (!isNull(I.Comdat)) {
      const Pair *C = get(&X->Comdats, I.Comdat);
      if (C && C->Dropped) {
        put(&X->Sections, S, (NevercHandle){0, 0}, 1);
        continue;
      }
      I.Comdat = C ? C->Out : (NevercHandle){0, 0};
    }
    if (failed(O->CreateSection(O->Context, X->Task, X->M, &I, &Out),
               "CreateSection"))
      return 1;
    ++X->Made[0];
    put(&X->Sections, S, Out, 0);
  }
  return 0;
}

static int strong(const NevercObjectSymbolInfo *I) {
  return I->Binding == NEVERC_OBJECT_SYMBOL_BINDING_GLOBAL;
}
static int defines(const NevercObjectSymbolInfo *I) {
  return I->Definition != NEVERC_OBJECT_SYMBOL_DEFINITION_UNDEFINED;
}

static int symbols(Merge *X, NevercObjectGraphHandle Gr) {
  const NevercObjectAPI *O = X->O;
  NevercObjectSymbolHandle Y;
  O->GetFirstSymbol(O->Context, X->Task, Gr, &Y);
  for (; !isNull(Y); O->GetNextSymbol(O->Context, X->Task, Y, &Y)) {
    size_t K;
    int Dropped = 0;
    NevercHandle Out;
    INFO(NevercObjectSymbolInfo, I);
    if (failed(O->GetSymbolInfo(O->Context, X->Task, Y, &I), "GetSymbolInfo"))
      return 1;
    if (I.Type == NEVERC_OBJECT_SYMBOL_TYPE_SECTION)
      continue; /* the writer makes the output's */
    if (!isNull(I.Section)) {
      const Pair *P = get(&X->Sections, I.Section);
      Dropped = !P || P->Dropped;
      I.Section = Dropped ? (NevercHandle){0, 0} : P->Out;
    }
    if (!isNull(I.Comdat)) {
      const Pair *C = get(&X->Comdats, I.Comdat);
      I.Comdat = C && !C->Dropped ? C->Out : (NevercHandle){0, 0};
    }
    if (I.Binding == NEVERC_OBJECT_SYMBOL_BINDING_LOCAL) {
      if (Dropped)
        continue;
      if (failed(O->CreateSymbol(O->Context, X->Task, X->M, &I, &Out),
                 "CreateSymbol"))
        return 1;
      ++X->Made[1];
      put(&X->Symbols, Y, Out, 0);
      continue;
    }
    if (Dropped) { /* the kept group's definition answers for it */
      I.Definition = NEVERC_OBJECT_SYMBOL_DEFINITION_UNDEFINED;
      I.Value = I.Size = 0;
    }
    for (K = 0; K < X->NGlobals; ++K)
      if (viewIs(I.Name, X->Globals[K].Name))
        break;
    if (K == X->NGlobals) {
      if (failed(O->CreateSymbol(O->Context, X->Task, X->M, &I, &Out),
                 "CreateSymbol"))
        return 1;
      ++X->Made[1];
      X->Globals =
          (Global *)realloc(X->Globals, (X->NGlobals + 1) * sizeof(Global));
      X->Globals[X->NGlobals].Name = copyOf(I.Name);
      X->Globals[X->NGlobals].Out = Out;
      X->Globals[X->NGlobals++].Info = I;
      put(&X->Symbols, Y, Out, 0);
      continue;
    }
    put(&X->Symbols, Y, X->Globals[K].Out, 0);
    if (defines(&I) &&
        (!defines(&X->Globals[K].Info) ||
         (strong(&I) && !strong(&X->Globals[K].Info)) ||
         (X->Globals[K].Info.Definition ==
              NEVERC_OBJECT_SYMBOL_DEFINITION_COMMON &&
          I.Definition != NEVERC_OBJECT_SYMBOL_DEFINITION_COMMON))) {
      if (failed(O->ReplaceSymbol(O->Context, X->Task, X->M, X->Globals[K].Out,
                                  &I),
                 "ReplaceSymbol"))
        return 1;
      X->Globals[K].Info = I;
    }
  }
  return 0;
}

static int relocations(Merge *X, NevercObjectGraphHandle Gr) {
  const NevercObjectAPI *O = X->O;
  NevercObjectRelocationHandle R;
  O->GetFirstRelocation(O->Context, X->Task, Gr, &R);
  for (; !isNull(R); O->GetNextRelocation(O->Context, X->Task, R, &R)) {
    const Pair *P;
    NevercHandle Out;
    INFO(NevercObjectRelocationInfo, I);
    if (failed(O->GetRelocationInfo(O->Context, X->Task, R, &I),
               "GetRelocationInfo"))
      return 1;
    P = get(&X->Sections, I.Section);
    if (!P || P->Dropped)
      continue; /* it went with its section */
    I.Section = P->Out;
    if (I.TargetKind == NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL) {
      INFO(NevercObjectSymbolInfo, T);
      if (failed(O->GetSymbolInfo(O->Context, X->Task, I.TargetSymbol, &T),
                 "GetSymbolInfo"))
        return 1;
      if (T.Type == NEVERC_OBJECT_SYMBOL_TYPE_SECTION) {
        I.TargetKind = NEVERC_OBJECT_RELOCATION_TARGET_SECTION;
        I.TargetSection = T.Section;
        I.TargetSymbol = (NevercHandle){0, 0};
      } else {
        const Pair *S = get(&X->Symbols, I.TargetSymbol);
        if (!S) {
          say("a relocation names a symbol dropped with its group");
          return 1;
        }
        I.TargetSymbol = S->Out;
      }
    }
    if (!isNull(I.TargetSection)) {
      const Pair *S = get(&X->Sections, I.TargetSection);
      if (!S || S->Dropped) {
        say("a relocation names a section dropped with its group");
        return 1;
      }
      I.TargetSection = S->Out;
    }
    if (failed(O->CreateRelocation(O->Context, X->Task, X->M, &I, &Out),
               "CreateRelocation"))
      return 1;
    ++X->Made[2];
  }
  return 0;
}

/* What the host refuses a merge provider. */
static void misuse(Merge *X, const NevercObjectMergeRequest *Q,
                   NevercObjectGraphHandle In) {
  const NevercObjectAPI *O = X->O;
  NevercObjectMutationHandle M;
  NevercObjectSymbolHandle Y;
  NevercHandle Out;
  say("BeginMutation(input graph) %s",
      tpCode(O->BeginMutation(O->Context, X->Task, In, &M)));
  say("BeginMutation(output graph) %s",
      tpCode(O->BeginMutation(O->Context, X->Task, Q->OutputGraph, &M)));
  say("CommitMutation(the host's) %s",
      tpCode(O->CommitMutation(O->Context, X->Task, Q->OutputMutation)));
  say("AbandonMutation(the host's) %s",
      tpCode(O->AbandonMutation(O->Context, X->Task, Q->OutputMutation)));
  O->GetFirstSymbol(O->Context, X->Task, In, &Y);
  for (; !isNull(Y); O->GetNextSymbol(O->Context, X->Task, Y, &Y)) {
    INFO(NevercObjectSymbolInfo, I);
    O->GetSymbolInfo(O->Context, X->Task, Y, &I);
    if (!isNull(I.Section))
      break;
  }
  {
    /* A symbol of the output defined in an input graph's section. */
    INFO(NevercObjectSymbolInfo, I);
    O->GetSymbolInfo(O->Context, X->Task, Y, &I);
    I.Binding = NEVERC_OBJECT_SYMBOL_BINDING_LOCAL;
    say("CreateSymbol(in an input's section) %s",
        tpCode(O->CreateSymbol(O->Context, X->Task, X->M, &I, &Out)));
    say("EraseSymbol(an input's) %s",
        tpCode(O->EraseSymbol(O->Context, X->Task, X->M, Y)));
  }
}

static NevercStatus NEVERC_CALL merge(void *UserData, NevercTaskHandle Task,
                                      const NevercObjectMergeRequest *Q,
                                      NevercObjectMergeCandidate *C) {
  Merge X;
  uint64_t K;
  const NevercObjectMergeInput *In =
      (const NevercObjectMergeInput *)Q->Objects.Data;
  (void)UserData;
  if (mode("fail")) {
    say("failing on purpose");
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  memset(&X, 0, sizeof X);
  X.O = Q->OutputObject;
  X.Task = Task;
  X.M = Q->OutputMutation;
  say("%llu objects, stride %llu, target ID set %d",
      (unsigned long long)Q->Objects.Count,
      (unsigned long long)Q->Objects.ElementStride,
      Q->Target.TargetID.High || Q->Target.TargetID.Low);
  if (mode("misuse") && Q->Objects.Count)
    misuse(&X, Q, In[0].Graph);
  for (K = 0; K < Q->Objects.Count; ++K)
    if (comdats(&X, In[K].Graph) || sections(&X, In[K].Graph) ||
        symbols(&X, In[K].Graph))
      return status(NEVERC_STATUS_PLUGIN_FAILURE);
  for (K = 0; K < Q->Objects.Count; ++K)
    if (relocations(&X, In[K].Graph))
      return status(NEVERC_STATUS_PLUGIN_FAILURE);
  say("made %u sections, %u symbols, %u relocations", X.Made[0], X.Made[1],
      X.Made[2]);
  if (mode("dangle")) {
    /* The first defined global's section goes; the symbol stays. */
    for (K = 0; K < X.NGlobals; ++K)
      if (!isNull(X.Globals[K].Info.Section)) {
        say("EraseSection(a definition's) %s",
            tpCode(X.O->EraseSection(X.O->Context, Task, X.M,
                                     X.Globals[K].Info.Section)));
        break;
      }
  }
  C->Object = mode("wrong") && Q->Objects.Count ? In[0].Graph : Q->OutputGraph;
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercObjectMergeProviderDescriptor D;
  NevercStatus S;
  const NevercLinkRegistrarAPI *R;
  (void)Reg, (void)PS;
  G.Core = Core;
  G.Mode = getenv("NEVERC_TEST_MERGE_MODE");
  if (!G.Mode)
    G.Mode = "copy";
  R = (const NevercLinkRegistrarAPI *)tpQuery(
      Core, NEVERC_INTERFACE_LINK_REGISTRAR_HIGH,
      NEVERC_INTERFACE_LINK_REGISTRAR_LOW, NEVERC_LINK_REGISTRAR_API_MAJOR,
      NEVERC_LINK_REGISTRAR_API_MINOR);
  if (!R)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_LINK_REGISTRAR_API_MAJOR,
                      NEVERC_LINK_REGISTRAR_API_MINOR);
  D.ProviderID.Data = ID;
  D.ProviderID.Length = strlen(ID);
  D.Flags = NEVERC_LINK_PROVIDER_DETERMINISTIC;
  D.Merge = merge;
  if (mode("misuse")) { /* what the registrar refuses */
    D.Flags = NEVERC_LINK_PROVIDER_REPLAY_REQUIRED;
    say("RegisterObjectMergeProvider(REPLAY_REQUIRED) %s",
        tpCode(R->RegisterObjectMergeProvider(R->Context, Ctx, &D)));
    D.Flags = UINT64_C(1) << 40;
    say("RegisterObjectMergeProvider(unknown flag) %s",
        tpCode(R->RegisterObjectMergeProvider(R->Context, Ctx, &D)));
    D.Flags = NEVERC_LINK_PROVIDER_DETERMINISTIC;
  }
  S = R->RegisterObjectMergeProvider(R->Context, Ctx, &D);
  say("RegisterObjectMergeProvider %s", tpCode(S));
  if (mode("misuse"))
    say("RegisterObjectMergeProvider(same ID) %s",
        tpCode(R->RegisterObjectMergeProvider(R->Context, Ctx, &D)));
  return S;
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "object-merge provider test plugin",
                         registerPlugin, NULL, NULL, NULL)
