/*
 * LinkSizeReportPlugin: where the bytes of a program come from, per input
 * object and archive member, and what --gc-sections and --icf dropped.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include LinkSizeReportPlugin.c \
 *      -o LinkSizeReportPlugin.so
 *   neverc -fplugin=LinkSizeReportPlugin.so -Wl,--gc-sections \
 *      -ffunction-sections -fdata-sections a.o b.o libx.a -o prog
 *   neverc -fplugin=LinkSizeReportPlugin.so --size-report prog.json ...
 *
 * (CMake target neverc-plugin-example-link-size-report.)
 *
 * An observer AFTER neverc.link.icf (the link graph in ICF_COMPLETE: what
 * gc kept and icf folded is decided, nothing is laid out yet) pages the
 * graph's atoms (NevercLinkAPI.GetAtomPage) and adds each allocated one's
 * bytes (content and zero fill) to its origin: the input it came from, or
 * "archive(member)" for an archive member. An atom is
 *   kept     LIVE and not FOLDED;
 *   folded   FOLDED (icf made another atom stand for it);
 *   dropped  neither (gc found it dead, or COMDAT selection dropped it).
 * Atoms the linker made (commons) count under "<linker>". Sections that
 * are not allocated (debug info) are not counted: they are not loaded.
 *
 * Output: a table on stderr, largest kept first, with a total line; with
 * --size-report <path> (or -fplugin-arg=org.neverc.example.link-size-report:
 * --size-report=<path>) the same as JSON in <path> instead:
 *   {"output": "...", "inputs": [{"name": "...", "kept": N, "dropped": N,
 *    "folded": N}, ...], "total": {"kept": N, "dropped": N, "folded": N}}
 *
 * Observing changes nothing: the link is byte for byte the one without the
 * plugin. Being on a step of the graph linker is what makes neverc link
 * with it (the graph exists only there).
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIZE_ID "org.neverc.example.link-size-report"
#define SIZE_OPT "--size-report"

typedef struct SizeProcess {
  const NevercCoreAPI *Core;
  const NevercLinkPhaseAPI *Phase;
} SizeProcess;

typedef struct Row {
  uint64_t InputKey, MemberKey; /* the origin's handle values */
  char *Name;
  uint64_t Kept, Dropped, Folded;
} Row;

typedef struct Report {
  Row *Rows;
  size_t Size, Capacity;
} Report;

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

static char *copyView(NevercStringView V, const char *Suffix) {
  size_t N = (size_t)V.Length, M = Suffix ? strlen(Suffix) : 0;
  char *S = (char *)malloc(N + M + 1);
  if (!S)
    return NULL;
  memcpy(S, V.Data, N);
  if (M)
    memcpy(S + N, Suffix, M);
  S[N + M] = 0;
  return S;
}

/* The row of an atom's origin, made (and named) on first sight. */
static Row *rowOf(Report *R, const NevercLinkAPI *L, NevercTaskHandle Task,
                  const NevercLinkOrigin *O) {
  size_t K;
  Row *Out;
  for (K = 0; K < R->Size; ++K)
    if (R->Rows[K].InputKey == O->Input.Value &&
        R->Rows[K].MemberKey == O->ArchiveMember.Value)
      return &R->Rows[K];
  if (R->Size == R->Capacity) {
    size_t N = R->Capacity ? 2 * R->Capacity : 32;
    Row *M = (Row *)realloc(R->Rows, N * sizeof *M);
    if (!M)
      return NULL;
    R->Rows = M;
    R->Capacity = N;
  }
  Out = &R->Rows[R->Size];
  memset(Out, 0, sizeof *Out);
  Out->InputKey = O->Input.Value;
  Out->MemberKey = O->ArchiveMember.Value;
  if (!neverc_handle_is_null(O->ArchiveMember)) {
    NevercLinkArchiveMemberInfo M;
    NevercLinkArchiveInfo A;
    memset(&M, 0, sizeof M);
    M.Header = header(sizeof M, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    memset(&A, 0, sizeof A);
    A.Header = header(sizeof A, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    if (neverc_status_is_ok(
            L->GetArchiveMemberInfo(L->Context, Task, O->ArchiveMember, &M)) &&
        neverc_status_is_ok(
            L->GetArchiveInfo(L->Context, Task, M.Archive, &A))) {
      char *Member = copyView(M.Name, ")");
      size_t N = (size_t)A.Name.Length + 1 + (Member ? strlen(Member) : 0);
      Out->Name = (char *)malloc(N + 1);
      if (Out->Name && Member)
        snprintf(Out->Name, N + 1, "%.*s(%s", (int)A.Name.Length, A.Name.Data,
                 Member);
      free(Member);
    }
  } else if (!neverc_handle_is_null(O->Input)) {
    NevercLinkInputInfo I;
    memset(&I, 0, sizeof I);
    I.Header = header(sizeof I, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    if (neverc_status_is_ok(L->GetInputInfo(L->Context, Task, O->Input, &I)))
      Out->Name = copyView(I.LogicalURI, NULL);
  }
  if (!Out->Name)
    Out->Name = copyView(sv("<linker>"), NULL);
  if (!Out->Name)
    return NULL;
  ++R->Size;
  return Out;
}

static int byKept(const void *A, const void *B) {
  const Row *X = (const Row *)A, *Y = (const Row *)B;
  if (X->Kept != Y->Kept)
    return X->Kept < Y->Kept ? 1 : -1;
  return strcmp(X->Name, Y->Name);
}

static void jsonString(FILE *F, const char *S) {
  fputc('"', F);
  for (; *S; ++S) {
    if (*S == '"' || *S == '\\')
      fputc('\\', F);
    if ((unsigned char)*S < 0x20)
      fprintf(F, "\\u%04x", *S);
    else
      fputc(*S, F);
  }
  fputc('"', F);
}

static void write(Report *R, const char *Output, const char *Path) {
  Row Total;
  size_t K;
  FILE *F = stderr;
  memset(&Total, 0, sizeof Total);
  qsort(R->Rows, R->Size, sizeof *R->Rows, byKept);
  for (K = 0; K < R->Size; ++K) {
    Total.Kept += R->Rows[K].Kept;
    Total.Dropped += R->Rows[K].Dropped;
    Total.Folded += R->Rows[K].Folded;
  }
  if (Path && *Path) {
    F = fopen(Path, "w");
    if (!F)
      return;
    fputs("{\"output\": ", F);
    jsonString(F, Output);
    fputs(", \"inputs\": [", F);
    for (K = 0; K < R->Size; ++K) {
      fputs(K ? ", {\"name\": " : "{\"name\": ", F);
      jsonString(F, R->Rows[K].Name);
      fprintf(F, ", \"kept\": %llu, \"dropped\": %llu, \"folded\": %llu}",
              (unsigned long long)R->Rows[K].Kept,
              (unsigned long long)R->Rows[K].Dropped,
              (unsigned long long)R->Rows[K].Folded);
    }
    fprintf(F,
            "], \"total\": {\"kept\": %llu, \"dropped\": %llu, \"folded\": "
            "%llu}}\n",
            (unsigned long long)Total.Kept, (unsigned long long)Total.Dropped,
            (unsigned long long)Total.Folded);
    fclose(F);
    return;
  }
  fprintf(F, "link size report: %s\n", Output);
  fprintf(F, "%12s %12s %12s  %s\n", "kept", "dropped", "folded", "input");
  for (K = 0; K < R->Size; ++K)
    fprintf(F, "%12llu %12llu %12llu  %s\n",
            (unsigned long long)R->Rows[K].Kept,
            (unsigned long long)R->Rows[K].Dropped,
            (unsigned long long)R->Rows[K].Folded, R->Rows[K].Name);
  fprintf(F, "%12llu %12llu %12llu  total\n", (unsigned long long)Total.Kept,
          (unsigned long long)Total.Dropped, (unsigned long long)Total.Folded);
}

static NevercStatus NEVERC_CALL afterICF(const NevercPhaseFrame *F,
                                         NevercObserverPoint Point,
                                         void *UserData) {
  const SizeProcess *P = (const SizeProcess *)UserData;
  NevercLinkPhaseGraphInfo G;
  NevercLinkAtomInfo Atoms[64];
  NevercLinkEntityPage Page;
  NevercLinkRequest Req;
  const NevercLinkAPI *L;
  Report R;
  uint64_t Cursor = 0, K;
  char *Output, *Path = NULL;
  void *SessionState = NULL;
  NevercStatus S;
  (void)Point;
  memset(&G, 0, sizeof G);
  G.Header = header(sizeof G, NEVERC_LINK_PHASE_API_MAJOR,
                    NEVERC_LINK_PHASE_API_MINOR);
  S = P->Phase->GetGraph(P->Phase->Context, F, F->Input, &G);
  if (!neverc_status_is_ok(S))
    return S;
  L = G.Link;
  memset(&R, 0, sizeof R);
  memset(&Page, 0, sizeof Page);
  Page.Header =
      header(sizeof Page, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  Page.Data = Atoms;
  Page.ElementCapacity = sizeof Atoms / sizeof Atoms[0];
  Page.ElementStride = sizeof Atoms[0];
  do {
    S = L->GetAtomPage(L->Context, F->Task, G.Graph, Cursor, &Page);
    if (!neverc_status_is_ok(S))
      break;
    for (K = 0; K < Page.OutCount; ++K) {
      const NevercLinkAtomInfo *A = &Atoms[K];
      NevercLinkSectionInfo Sec;
      uint64_t Bytes = A->Content.Length + A->ZeroFillSize;
      Row *Rw;
      memset(&Sec, 0, sizeof Sec);
      Sec.Header =
          header(sizeof Sec, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
      if (!neverc_status_is_ok(
              L->GetSectionInfo(L->Context, F->Task, A->Section, &Sec)) ||
          !(Sec.Flags & NEVERC_OBJECT_SECTION_ALLOCATED))
        continue;
      Rw = rowOf(&R, L, F->Task, &A->Origin);
      if (!Rw) {
        S = status(NEVERC_STATUS_RESOURCE_EXHAUSTED);
        break;
      }
      if (A->Flags & NEVERC_LINK_ATOM_FOLDED)
        Rw->Folded += Bytes;
      else if (A->Flags & NEVERC_LINK_ATOM_LIVE)
        Rw->Kept += Bytes;
      else
        Rw->Dropped += Bytes;
    }
    Cursor = Page.NextCursor;
  } while (neverc_status_is_ok(S) && Page.HasMore);
  memset(&Req, 0, sizeof Req);
  Req.Header = header(sizeof Req, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  if (neverc_status_is_ok(S))
    S = L->GetRequest(L->Context, F->Task, Req.Request, &Req);
  if (neverc_status_is_ok(S)) {
    Output = copyView(Req.OutputURI, NULL);
    P->Core->GetSessionState(P->Core->Context, F->Session, sv(SIZE_ID),
                             &SessionState);
    Path = (char *)SessionState;
    if (Output)
      write(&R, Output, Path);
    free(Output);
  }
  for (K = 0; K < R.Size; ++K)
    free(R.Rows[K].Name);
  free(R.Rows);
  return S;
}

static NevercStatus NEVERC_CALL sizeSessionBegin(const NevercCoreAPI *Core,
                                                 NevercSessionHandle Session,
                                                 void *ProcessState,
                                                 void **OutState) {
  NevercStringView V;
  uint64_t N = 0;
  char *Path = (char *)calloc(1, 4096);
  (void)ProcessState;
  if (!Path)
    return status(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  if (neverc_status_is_ok(Core->GetPluginOptionValueCount(
          Core->Context, Session, sv(SIZE_ID), sv(SIZE_OPT), &N)) &&
      N > 0 &&
      neverc_status_is_ok(Core->GetPluginOptionValue(
          Core->Context, Session, sv(SIZE_ID), sv(SIZE_OPT), N - 1, &V))) {
    if (V.Length >= 4096) {
      free(Path);
      return status(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    memcpy(Path, V.Data, (size_t)V.Length);
  }
  *OutState = Path;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL sizeSessionEnd(const NevercCoreAPI *Core,
                                               NevercSessionHandle Session,
                                               void *ProcessState,
                                               void *SessionState) {
  (void)Core, (void)Session, (void)ProcessState;
  free(SessionState);
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL sizeRegister(const NevercCoreAPI *Core,
                                             const NevercRegistrarAPI *Reg,
                                             void *Ctx, void *ProcessState) {
  NevercObserverDescriptor O;
  NevercOptionDescriptor Opt;
  NevercStatus S;
  (void)Core;
  memset(&O, 0, sizeof O);
  O.Header = header(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = NEVERC_PHASE_LINK_ICF_HIGH;
  O.Phase.Low = NEVERC_PHASE_LINK_ICF_LOW;
  O.Points = NEVERC_OBSERVER_AFTER;
  O.Callback = afterICF;
  O.UserData = ProcessState;
  S = Reg->RegisterObserver(Ctx, &O);
  if (!neverc_status_is_ok(S))
    return S;
  memset(&Opt, 0, sizeof Opt);
  Opt.Header =
      header(sizeof Opt, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  Opt.Spelling = sv(SIZE_OPT);
  Opt.Form = NEVERC_OPTION_SEPARATE;
  Opt.ValueType = NEVERC_OPTION_PATH;
  Opt.Multiplicity = NEVERC_OPTION_LAST_WINS;
  Opt.Help = sv("write the link size report to <path> as JSON");
  Opt.Metavar = sv("<path>");
  return Reg->RegisterOption(Ctx, &Opt);
}

static NevercStatus NEVERC_CALL sizeProcessBegin(const NevercCoreAPI *Core,
                                                 void **OutProcessState) {
  SizeProcess *P;
  NevercInterfaceID ID;
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  ID.High = NEVERC_INTERFACE_LINK_PHASE_HIGH;
  ID.Low = NEVERC_INTERFACE_LINK_PHASE_LOW;
  S = Core->QueryInterface(Core->Context, ID, NEVERC_LINK_PHASE_API_MAJOR,
                           NEVERC_LINK_PHASE_API_MINOR, &Table, &Minor, &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (!Table || Size < sizeof(NevercLinkPhaseAPI))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  P = (SizeProcess *)calloc(1, sizeof *P);
  if (!P)
    return status(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  P->Core = Core;
  P->Phase = (const NevercLinkPhaseAPI *)Table;
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL sizeDestroy(const NevercCoreAPI *Core,
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
  D.PluginID = sv(SIZE_ID);
  D.DisplayName = sv("link size report");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_SESSION_SERIAL;
  D.Reentrancy = NEVERC_REENTRANCY_NONE;
  D.ProcessBegin = sizeProcessBegin;
  D.Register = sizeRegister;
  D.SessionBegin = sizeSessionBegin;
  D.SessionEnd = sizeSessionEnd;
  D.Destroy = sizeDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
