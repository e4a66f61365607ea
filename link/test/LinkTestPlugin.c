/*
 * The link domain's test plugin (tests/lit/link). Observers on the six
 * phases of the whole-link route (full, post_emit, image_verify,
 * side_outputs_verify, commit, after_commit); interceptors on full and
 * post_emit. -fplugin-arg=org.neverc.test.link:--mode=M picks what they do:
 *
 *   observe    (default) each observer says what it sees: the request at
 *              full BEFORE, the image (state, size) everywhere, its facts
 *              and its pages at image_verify AFTER
 *   patch      post_emit rewrites the marker "NEVERC-LINK-MARK-AAAA" in
 *              the image to "...-BBBB" through the builder
 *   truncate   post_emit cuts the image to 16 bytes (image_verify refuses)
 *   overflow   post_emit reserves the image's size and appends a byte
 *              (RESOURCE_EXHAUSTED: staging aborts)
 *   obs-write  the post_emit observer tries to write (POLICY_VIOLATION)
 *   late-write the image_verify observer (a sealed gate) tries to write
 *   graph      every graph slot, with the null handle, a fabricated one and
 *              a handle of the wrong kind; the mutation slots from an
 *              observer and from an interceptor
 *   pages      the segment and section pagers: capacity 1 and 64 give the
 *              same sequence; a cursor past the end, a short stride, a
 *              null Data are refused
 *   fail-after the after_commit observer fails
 *   replace    the full interceptor replaces the link: it writes a tiny
 *              static executable (exit code 42) into the prepared image
 *
 * Variants (what must happen in Register, where options cannot be read):
 * LINK_TEST_VERIFIER registers an image verifier (refusing when the mode is
 * "refuse") and tries the refused registrations; LINK_TEST_PROVIDER
 * registers a whole-link provider that writes a tiny static executable
 * (exit code 42) itself; LINK_TEST_SEAL registers interceptors on the
 * sealed gates and a provider on post_emit, which the host refuses.
 */
#include "TestPlugin.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const char ID[] = "org.neverc.test.link";

enum PhaseKey {
  P_FULL,
  P_POST_EMIT,
  P_IMAGE_VERIFY,
  P_SIDE_VERIFY,
  P_COMMIT,
  P_AFTER_COMMIT,
  P_COUNT
};

typedef struct PhaseRow {
  enum PhaseKey Key;
  uint64_t High, Low;
  const char *Name;
  NevercObserverPoint Points;
} PhaseRow;

#define BA (NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER)
static const PhaseRow Phases[P_COUNT] = {
    {P_FULL, NEVERC_PHASE_LINK_FULL_HIGH, NEVERC_PHASE_LINK_FULL_LOW, "full",
     BA},
    {P_POST_EMIT, NEVERC_PHASE_LINK_POST_EMIT_HIGH,
     NEVERC_PHASE_LINK_POST_EMIT_LOW, "post_emit", BA},
    {P_IMAGE_VERIFY, NEVERC_PHASE_LINK_IMAGE_VERIFY_HIGH,
     NEVERC_PHASE_LINK_IMAGE_VERIFY_LOW, "image_verify", BA},
    {P_SIDE_VERIFY, NEVERC_PHASE_LINK_SIDE_OUTPUTS_VERIFY_HIGH,
     NEVERC_PHASE_LINK_SIDE_OUTPUTS_VERIFY_LOW, "side_outputs_verify", BA},
    {P_COMMIT, NEVERC_PHASE_LINK_COMMIT_HIGH, NEVERC_PHASE_LINK_COMMIT_LOW,
     "commit", NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER_COMMIT},
    {P_AFTER_COMMIT, NEVERC_PHASE_LINK_AFTER_COMMIT_HIGH,
     NEVERC_PHASE_LINK_AFTER_COMMIT_LOW, "after_commit",
     NEVERC_OBSERVER_AFTER},
};

static struct {
  const NevercCoreAPI *Core;
  const NevercLinkPhaseAPI *Phase;
  const NevercLinkRegistrarAPI *Registrar;
  void *RegistrarContext;
  char Mode[32];
} G;

static int mode(const char *M) { return !strcmp(G.Mode, M); }

static void say(const char *Fmt, ...) {
  char M[768];
  int N = snprintf(M, sizeof M, "link: ");
  va_list Ap;
  va_start(Ap, Fmt);
  vsnprintf(M + N, sizeof M - (size_t)N, Fmt, Ap);
  va_end(Ap);
  tpRemark(G.Core, ID, M);
}

static const char *sname(NevercStatus S) {
  return S.Code == NEVERC_STATUS_RESOURCE_EXHAUSTED ? "RESOURCE_EXHAUSTED"
                                                    : tpCode(S);
}

/* clang-format off */
static const char *stateName(NevercBinaryImageState S) {
  switch (S) {
  case NEVERC_BINARY_IMAGE_CANDIDATE: return "CANDIDATE";
  case NEVERC_BINARY_IMAGE_VERIFIED: return "VERIFIED";
  case NEVERC_BINARY_IMAGE_COMMITTED: return "COMMITTED";
  case NEVERC_BINARY_IMAGE_ABORTED: return "ABORTED";
  case NEVERC_BINARY_IMAGE_FAILED_PARTIAL: return "FAILED_PARTIAL";
  default: return "?";
  }
}
static const char *kindName(NevercLinkOutputKind K) {
  switch (K) {
  case NEVERC_LINK_OUTPUT_RELOCATABLE: return "RELOCATABLE";
  case NEVERC_LINK_OUTPUT_EXECUTABLE: return "EXECUTABLE";
  case NEVERC_LINK_OUTPUT_SHARED_LIBRARY: return "SHARED_LIBRARY";
  case NEVERC_LINK_OUTPUT_BUNDLE: return "BUNDLE";
  default: return "?";
  }
}
static const char *inputKindName(NevercLinkInputKind K) {
  switch (K) {
  case NEVERC_LINK_INPUT_OBJECT: return "OBJECT";
  case NEVERC_LINK_INPUT_ARCHIVE: return "ARCHIVE";
  case NEVERC_LINK_INPUT_SHARED_LIBRARY: return "SHARED_LIBRARY";
  case NEVERC_LINK_INPUT_BITCODE: return "BITCODE";
  case NEVERC_LINK_INPUT_SCRIPT: return "SCRIPT";
  case NEVERC_LINK_INPUT_BLOB: return "BLOB";
  default: return "UNKNOWN";
  }
}
/* clang-format on */

static const char *base(NevercStringView V, char *Buf, size_t Size) {
  size_t I = (size_t)V.Length;
  size_t N;
  while (I && V.Data[I - 1] != '/')
    --I;
  N = (size_t)V.Length - I < Size - 1 ? (size_t)V.Length - I : Size - 1;
  memcpy(Buf, V.Data + I, N);
  Buf[N] = 0;
  return Buf;
}

/* --- what the observers see ------------------------------------------- */

static int imageOf(const NevercPhaseFrame *F, NevercLinkPhaseImageInfo *I,
                   NevercBinaryImageInfo *B) {
  NevercArtifactHandle A = neverc_handle_is_null(F->CurrentOutput)
                               ? F->Input
                               : F->CurrentOutput;
  memset(I, 0, sizeof *I);
  I->Header = tpHeader(sizeof *I, NEVERC_LINK_PHASE_API_MAJOR,
                       NEVERC_LINK_PHASE_API_MINOR);
  if (G.Phase->GetImage(G.Phase->Context, F, A, I).Code)
    return 0;
  memset(B, 0, sizeof *B);
  B->Header = tpHeader(sizeof *B, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  return !I->Link->GetBinaryImageInfo(I->Link->Context, F->Task, I->Image, B)
              .Code;
}

static void showRequest(const NevercPhaseFrame *F) {
  const NevercLinkAPI *L;
  NevercLinkPhaseImageInfo I;
  NevercBinaryImageInfo B;
  NevercLinkRequest R;
  NevercRawLinkInput In;
  char Buf[256];
  uint64_t K, Objects = 0, Shared = 0, Archives = 0, Scripts = 0;
  if (!imageOf(F, &I, &B))
    return;
  L = I.Link;
  memset(&R, 0, sizeof R);
  R.Header = tpHeader(sizeof R, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  say("GetRequest %s",
      sname(L->GetRequest(L->Context, F->Task, R.Request, &R)));
  say("request output=%s kind=%s pie=%d inputs=%llu", base(R.OutputURI, Buf,
      sizeof Buf), kindName(R.OutputKind),
      (R.Options.Flags & NEVERC_LINK_OPTION_PIE) != 0,
      (unsigned long long)R.RawInputs.Inputs.Count);
  for (K = 0; K < R.RawInputs.Inputs.Count; ++K) {
    memcpy(&In,
           (const char *)R.RawInputs.Inputs.Data +
               K * R.RawInputs.Inputs.ElementStride,
           sizeof In);
    Objects += In.Kind == NEVERC_LINK_INPUT_OBJECT;
    Shared += In.Kind == NEVERC_LINK_INPUT_SHARED_LIBRARY;
    Archives += In.Kind == NEVERC_LINK_INPUT_ARCHIVE;
    Scripts += In.Kind == NEVERC_LINK_INPUT_SCRIPT;
    if (In.Kind == NEVERC_LINK_INPUT_OBJECT && K + 1 < 64)
      say("input %s %s", inputKindName(In.Kind),
          base(In.LogicalURI, Buf, sizeof Buf));
  }
  say("inputs objects>0=%d shared>0=%d archives>0=%d scripts>0=%d",
      Objects > 0, Shared > 0, Archives > 0, Scripts > 0);
  /* Its own handle names it too; another request handle does not. */
  {
    NevercLinkRequest Again;
    NevercLinkRequestHandle Bogus = R.Request;
    memset(&Again, 0, sizeof Again);
    Again.Header = R.Header;
    say("GetRequest(own handle) %s same=%d",
        sname(L->GetRequest(L->Context, F->Task, R.Request, &Again)),
        Again.RawInputs.Inputs.Count == R.RawInputs.Inputs.Count);
    Bogus.Value ^= 0x5a5a00000000ull;
    say("GetRequest(bogus handle) %s",
        sname(L->GetRequest(L->Context, F->Task, Bogus, &Again)));
    Again.Header.StructSize = 16;
    say("GetRequest(short struct) %s",
        sname(L->GetRequest(L->Context, F->Task, R.Request, &Again)));
  }
}

static void showFacts(const NevercPhaseFrame *F) {
  NevercLinkPhaseImageInfo I;
  NevercBinaryImageInfo B;
  NevercBinarySegmentInfo Seg[64];
  NevercBinarySectionInfo Sec[64];
  NevercLinkEntityPage P;
  uint64_t K, Loads = 0, Exec = 0;
  int Text = 0, Interp = 0;
  if (!imageOf(F, &I, &B))
    return;
  say("image state=%s kind=%s size>0=%d segments>0=%d sections>0=%d "
      "entry>0=%d imports>0=%d exports=%llu dynrelocs>0=%d",
      stateName(B.State), kindName(B.OutputKind), B.Size > 0,
      B.SegmentCount > 0, B.SectionCount > 0, B.EntryAddress > 0,
      B.ImportCount > 0, (unsigned long long)B.ExportCount,
      B.DynamicRelocationCount > 0);
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  P.Data = Seg;
  P.ElementCapacity = 64;
  P.ElementStride = sizeof Seg[0];
  if (!I.Link->GetBinarySegmentPage(I.Link->Context, F->Task, I.Image, 0, &P)
           .Code) {
    for (K = 0; K < P.OutCount; ++K) {
      Loads += tpSame(Seg[K].Name, "PT_LOAD");
      Interp |= tpSame(Seg[K].Name, "PT_INTERP");
      Exec += tpSame(Seg[K].Name, "PT_LOAD") &&
              (Seg[K].Flags & NEVERC_BINARY_SEGMENT_EXECUTE);
    }
    say("segments count-matches=%d loads>0=%d exec-loads=%llu interp=%d",
        P.OutCount == B.SegmentCount, Loads > 0, (unsigned long long)Exec,
        Interp);
  }
  P.Data = Sec;
  P.ElementStride = sizeof Sec[0];
  P.Header = tpHeader(sizeof P, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  {
    uint64_t Cursor = 0, Seen = 0;
    do {
      if (I.Link->GetBinarySectionPage(I.Link->Context, F->Task, I.Image,
                                       Cursor, &P)
              .Code)
        break;
      for (K = 0; K < P.OutCount; ++K)
        if (tpSame(Sec[K].Name, ".text"))
          Text = !neverc_handle_is_null(Sec[K].Segment) &&
                 (Sec[K].Flags & NEVERC_OBJECT_SECTION_EXECUTABLE);
      Seen += P.OutCount;
      Cursor = P.NextCursor;
    } while (P.HasMore);
    say("sections walked=%d text-in-exec-segment=%d", Seen == B.SectionCount,
        Text);
  }
}

/* Rule 3-5: pages of 1 and of 64 give the same sequence; bad pages. */
static void pages(const NevercPhaseFrame *F) {
  NevercLinkPhaseImageInfo I;
  NevercBinaryImageInfo B;
  NevercBinarySectionInfo Big[64], One[2];
  NevercLinkEntityPage P;
  uint64_t Cursor = 0, K = 0, N = 0;
  int Same = 1;
  if (!imageOf(F, &I, &B))
    return;
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  P.Data = Big;
  P.ElementCapacity = 64;
  P.ElementStride = sizeof Big[0];
  I.Link->GetBinarySectionPage(I.Link->Context, F->Task, I.Image, 0, &P);
  N = P.OutCount;
  memset(One, 0xee, sizeof One);
  P.Data = One;
  P.ElementCapacity = 1;
  do {
    if (I.Link->GetBinarySectionPage(I.Link->Context, F->Task, I.Image,
                                     Cursor, &P)
            .Code ||
        P.OutCount != 1) {
      Same = 0;
      break;
    }
    Same &= K < N && Big[K].Address == One[0].Address &&
            Big[K].Name.Length == One[0].Name.Length &&
            !memcmp(Big[K].Name.Data, One[0].Name.Data,
                    (size_t)One[0].Name.Length) &&
            Big[K].Section.Value == One[0].Section.Value;
    ++K;
    Cursor = P.NextCursor;
  } while (P.HasMore);
  say("pages capacity-1 equals capacity-64=%d count=%d untouched-after=%d",
      Same, K == N, One[1].Address == 0xeeeeeeeeeeeeeeeeull);
  /* The end: an empty page. Past it, and bad pages: refused. */
  P.ElementCapacity = 1;
  say("page at end %s count=%llu more=%d",
      sname(I.Link->GetBinarySectionPage(I.Link->Context, F->Task, I.Image, N,
                                         &P)),
      (unsigned long long)P.OutCount, P.HasMore);
  say("page past end %s",
      sname(I.Link->GetBinarySectionPage(I.Link->Context, F->Task, I.Image,
                                         N + 1, &P)));
  P.ElementStride = 8;
  say("page short stride %s",
      sname(I.Link->GetBinarySegmentPage(I.Link->Context, F->Task, I.Image, 0,
                                         &P)));
  P.ElementStride = sizeof One[0];
  P.Data = NULL;
  say("page null data %s",
      sname(I.Link->GetBinarySegmentPage(I.Link->Context, F->Task, I.Image, 0,
                                         &P)));
  /* A stride shorter than the host's struct gets the leading fields. */
  {
    unsigned char Small[2][32];
    memset(Small, 0xcc, sizeof Small);
    P.Data = Small;
    P.ElementCapacity = 2;
    P.ElementStride = 32;
    I.Link->GetBinarySegmentPage(I.Link->Context, F->Task, I.Image, 0, &P);
    {
      NevercABITableHeader H;
      memcpy(&H, Small[1], sizeof H);
      say("page stride 32 struct-size=%u", H.StructSize);
    }
  }
}

/* Every graph slot: no graph exists in the whole-link route. */
static void graph(const NevercPhaseFrame *F, int Observer) {
  NevercLinkPhaseImageInfo I;
  NevercBinaryImageInfo B;
  const NevercLinkAPI *L;
  NevercLinkGraphHandle Null, Fake, Wrong;
  NevercLinkMutationHandle FakeMutation;
  NevercLinkEntityPage P;
  NevercLinkMutationHandle M;
  char Buf[64];
  if (!imageOf(F, &I, &B))
    return;
  L = I.Link;
  memset(&Null, 0, sizeof Null);
  /* The image handle is a link handle of another kind. */
  Wrong = I.Image;
  /* Handles of the right kind and task that name nothing: built from the
   * image handle (the kind is the top byte of Owner, core/Handles.h; the
   * host numbers graph, mutation and image handles 209, 225 and 227,
   * link/lib/Internal.h). */
  Fake = I.Image;
  Fake.Owner -= (uint64_t)18 << 56;
  FakeMutation = I.Image;
  FakeMutation.Owner -= (uint64_t)2 << 56;
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  P.Data = Buf;
  P.ElementStride = 16;
  P.ElementCapacity = 1;
  if (!Observer) {
    NevercLinkGraphInfo GI;
    memset(&GI, 0, sizeof GI);
    GI.Header = tpHeader(sizeof GI, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    say("GetGraphInfo null=%s fake=%s wrong=%s",
        sname(L->GetGraphInfo(L->Context, F->Task, Null, &GI)),
        sname(L->GetGraphInfo(L->Context, F->Task, Fake, &GI)),
        sname(L->GetGraphInfo(L->Context, F->Task, Wrong, &GI)));
    {
      /* One status per pager, in table order. */
      char Line[512] = "pagers";
      NevercStatus R[15];
      unsigned K;
      R[0] = L->GetInputPage(L->Context, F->Task, Fake, 0, &P);
      R[1] = L->GetArchivePage(L->Context, F->Task, Fake, 0, &P);
      R[2] = L->GetArchiveMemberPage(L->Context, F->Task, Fake, 0, &P);
      R[3] = L->GetSharedLibraryPage(L->Context, F->Task, Fake, 0, &P);
      R[4] = L->GetBitcodeModulePage(L->Context, F->Task, Fake, 0, &P);
      R[5] = L->GetSectionPage(L->Context, F->Task, Fake, 0, &P);
      R[6] = L->GetAtomPage(L->Context, F->Task, Fake, 0, &P);
      R[7] = L->GetSymbolPage(L->Context, F->Task, Fake, 0, &P);
      R[8] = L->GetEdgePage(L->Context, F->Task, Fake, 0, &P);
      R[9] = L->GetComdatPage(L->Context, F->Task, Fake, 0, &P);
      R[10] = L->GetImportPage(L->Context, F->Task, Fake, 0, &P);
      R[11] = L->GetExportPage(L->Context, F->Task, Fake, 0, &P);
      R[12] = L->GetUnwindPage(L->Context, F->Task, Fake, 0, &P);
      R[13] = L->GetSyntheticPage(L->Context, F->Task, Fake, 0, &P);
      R[14] = L->GetConstraintPage(L->Context, F->Task, Fake, 0, &P);
      for (K = 0; K < 15; ++K) {
        strcat(Line, " ");
        strcat(Line, sname(R[K]));
      }
      say("%s", Line);
    }
    {
      union {
        NevercLinkInputInfo In;
        NevercLinkArchiveInfo Ar;
        NevercLinkArchiveMemberInfo Am;
        NevercLinkSharedLibraryInfo Sl;
        NevercLinkBitcodeModuleInfo Bc;
        NevercLinkSectionInfo Se;
        NevercLinkAtomInfo At;
        NevercLinkSymbolInfo Sy;
        NevercLinkEdgeInfo Ed;
        NevercLinkComdatInfo Co;
        NevercLinkImportInfo Im;
        NevercLinkExportInfo Ex;
        NevercLinkUnwindInfo Un;
        NevercLinkSyntheticInfo Sn;
        NevercLinkConstraintInfo Cn;
        NevercLinkProofInfo Pr;
      } U;
      {
        char Line[512] = "infos";
        NevercStatus R[16];
        unsigned K;
#define HDR(F2)                                                                \
  (memset(&U, 0, sizeof U),                                                    \
   U.F2.Header = tpHeader(sizeof U.F2, NEVERC_LINK_API_MAJOR,                  \
                          NEVERC_LINK_API_MINOR))
        HDR(In);
        R[0] = L->GetInputInfo(L->Context, F->Task, Wrong, &U.In);
        HDR(Ar);
        R[1] = L->GetArchiveInfo(L->Context, F->Task, Wrong, &U.Ar);
        HDR(Am);
        R[2] = L->GetArchiveMemberInfo(L->Context, F->Task, Wrong, &U.Am);
        HDR(Sl);
        R[3] = L->GetSharedLibraryInfo(L->Context, F->Task, Wrong, &U.Sl);
        HDR(Bc);
        R[4] = L->GetBitcodeModuleInfo(L->Context, F->Task, Wrong, &U.Bc);
        HDR(Se);
        R[5] = L->GetSectionInfo(L->Context, F->Task, Wrong, &U.Se);
        HDR(At);
        R[6] = L->GetAtomInfo(L->Context, F->Task, Wrong, &U.At);
        HDR(Sy);
        R[7] = L->GetSymbolInfo(L->Context, F->Task, Wrong, &U.Sy);
        HDR(Ed);
        R[8] = L->GetEdgeInfo(L->Context, F->Task, Wrong, &U.Ed);
        HDR(Co);
        R[9] = L->GetComdatInfo(L->Context, F->Task, Wrong, &U.Co);
        HDR(Im);
        R[10] = L->GetImportInfo(L->Context, F->Task, Wrong, &U.Im);
        HDR(Ex);
        R[11] = L->GetExportInfo(L->Context, F->Task, Wrong, &U.Ex);
        HDR(Un);
        R[12] = L->GetUnwindInfo(L->Context, F->Task, Wrong, &U.Un);
        HDR(Sn);
        R[13] = L->GetSyntheticInfo(L->Context, F->Task, Wrong, &U.Sn);
        HDR(Cn);
        R[14] = L->GetConstraintInfo(L->Context, F->Task, Wrong, &U.Cn);
        HDR(Pr);
        R[15] = L->GetProofInfo(L->Context, F->Task, Wrong, &U.Pr);
#undef HDR
        for (K = 0; K < 16; ++K) {
          strcat(Line, " ");
          strcat(Line, sname(R[K]));
        }
        say("%s", Line);
      }
      U.In.Header.StructSize = 8;
      say("info short struct %s",
          sname(L->GetInputInfo(L->Context, F->Task, Wrong, &U.In)));
    }
    {
      NevercLinkPhaseGraphInfo PG;
      NevercArtifactHandle Out;
      memset(&PG, 0, sizeof PG);
      PG.Header = tpHeader(sizeof PG, NEVERC_LINK_PHASE_API_MAJOR,
                           NEVERC_LINK_PHASE_API_MINOR);
      say("GetGraph(image artifact) %s",
          sname(G.Phase->GetGraph(G.Phase->Context, F, F->Input, &PG)));
      say("PublishGraph(fake) %s",
          sname(G.Phase->PublishGraph(G.Phase->Context, F, Fake, &Out)));
    }
  }
  /* Mutations: an observer is refused before anything else (rule 8). */
  {
    NevercLinkSyntheticInfo SD;
    NevercLinkConstraintInfo CD;
    NevercLinkSymbolResolutionUpdate Up;
    NevercLinkSyntheticHandle SH;
    NevercLinkConstraintHandle CH;
    NevercByteView Bytes = {(const uint8_t *)"x", 1};
    memset(&SD, 0, sizeof SD);
    memset(&CD, 0, sizeof CD);
    memset(&Up, 0, sizeof Up);
    M = FakeMutation;
    say("%s BeginMutation %s (null out: %s)",
        Observer ? "observer" : "interceptor",
        sname(L->BeginMutation(L->Context, F->Task, Fake, &M)),
        sname(L->BeginMutation(L->Context, F->Task, Fake, NULL)));
    if (!Observer)
      say("interceptor CommitMutation(graph handle) %s",
          sname(L->CommitMutation(L->Context, F->Task, Fake)));
    say("%s mutation slots %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s",
        Observer ? "observer" : "interceptor",
        sname(L->CommitMutation(L->Context, F->Task, M)),
        sname(L->AbandonMutation(L->Context, F->Task, M)),
        sname(L->RebindSymbol(L->Context, F->Task, M, Null, Null)),
        sname(L->RetargetEdge(L->Context, F->Task, M, Null, Null, Null)),
        sname(L->SetSymbolRoot(L->Context, F->Task, M, Null, NEVERC_TRUE)),
        sname(L->SetAtomLive(L->Context, F->Task, M, Null, NEVERC_TRUE)),
        sname(L->SetFoldLeader(L->Context, F->Task, M, Null, Null)),
        sname(L->ReplaceAtomContent(L->Context, F->Task, M, Null, Bytes, 0)),
        sname(L->CreateSynthetic(L->Context, F->Task, M, &SD, &SH)),
        sname(L->ReplaceSynthetic(L->Context, F->Task, M, Null, &SD)),
        sname(L->EraseSynthetic(L->Context, F->Task, M, Null)),
        sname(L->CreateConstraint(L->Context, F->Task, M, &CD, &CH)),
        sname(L->ReplaceConstraint(L->Context, F->Task, M, Null, &CD)),
        sname(L->EraseConstraint(L->Context, F->Task, M, Null)),
        sname(L->SetSymbolResolution(L->Context, F->Task, M, Null, &Up)));
  }
}

/* The builder of the image, and its table. */
static int builderOf(const NevercPhaseFrame *F, NevercBinaryImageInfo *B) {
  NevercLinkPhaseImageInfo I;
  return imageOf(F, &I, B);
}

/* mode=patch: the marker's bytes, rewritten in place. */
static void patch(const NevercPhaseFrame *F) {
  static const char Mark[] = "NEVERC-LINK-MARK-AAAA";
  NevercBinaryImageInfo B;
  uint8_t *Copy;
  uint64_t K, At = 0;
  NevercMutableByteView V;
  if (!builderOf(F, &B))
    return;
  Copy = (uint8_t *)malloc((size_t)B.Size);
  V.Data = Copy;
  V.Length = B.Size;
  if (!Copy || B.Binary->ReadAt(B.Binary->Context, F->Task, B.Builder, 0, V)
                   .Code) {
    free(Copy);
    return;
  }
  for (K = 0; K + sizeof Mark - 1 <= B.Size; ++K)
    if (!memcmp(Copy + K, Mark, sizeof Mark - 1)) {
      At = K;
      break;
    }
  free(Copy);
  if (!At) {
    say("patch: marker not found");
    return;
  }
  {
    NevercByteView New = {(const uint8_t *)"BBBB", 4};
    say("patch WriteAt %s",
        sname(B.Binary->WriteAt(B.Binary->Context, F->Task, B.Builder,
                                At + sizeof Mark - 5, New)));
  }
}

static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point,
                                        void *UserData) {
  const PhaseRow *P = (const PhaseRow *)UserData;
  NevercLinkPhaseImageInfo I;
  NevercBinaryImageInfo B;
  const char *When = Point == NEVERC_OBSERVER_BEFORE  ? "before"
                     : Point == NEVERC_OBSERVER_AFTER ? "after"
                                                      : "after-commit";
  if (imageOf(F, &I, &B))
    say("%s %s state=%s size>0=%d", When, P->Name, stateName(I.State),
        B.Size > 0);
  else
    say("%s %s (no image)", When, P->Name);
  if (P->Key == P_FULL && Point == NEVERC_OBSERVER_BEFORE && mode("observe"))
    showRequest(F);
  if (P->Key == P_IMAGE_VERIFY && Point == NEVERC_OBSERVER_AFTER) {
    if (mode("observe"))
      showFacts(F);
    if (mode("pages"))
      pages(F);
  }
  if (P->Key == P_POST_EMIT && Point == NEVERC_OBSERVER_BEFORE) {
    if (mode("graph"))
      graph(F, 1);
    if (mode("obs-write") && builderOf(F, &B)) {
      NevercByteView V = {(const uint8_t *)"x", 1};
      say("observer Append %s",
          sname(B.Binary->Append(B.Binary->Context, F->Task, B.Builder, V)));
    }
  }
  if (P->Key == P_IMAGE_VERIFY && Point == NEVERC_OBSERVER_BEFORE &&
      mode("late-write") && builderOf(F, &B)) {
    NevercByteView V = {(const uint8_t *)"x", 1};
    say("sealed observer Append %s",
        sname(B.Binary->Append(B.Binary->Context, F->Task, B.Builder, V)));
  }
  if (P->Key == P_AFTER_COMMIT && mode("fail-after"))
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  return status(0);
}

/* A static x86-64 executable: one PT_LOAD (the whole file, R+X) whose code
 * is exit(42). ET_DYN when the link asks for PIE (the code is position
 * independent and there is nothing to relocate). */
static void le(uint8_t *P, uint64_t V, int N) {
  int K;
  for (K = 0; K < N; ++K)
    P[K] = (uint8_t)(V >> (8 * K));
}

static NevercStatus writeTiny(NevercTaskHandle Task,
                              const NevercBinaryImageInfo *B, int Pie) {
  static const uint8_t Code[] = {0xb8, 0x3c, 0, 0, 0, /* mov $60, %eax */
                                 0xbf, 0x2a, 0, 0, 0, /* mov $42, %edi */
                                 0x0f, 0x05};         /* syscall */
  uint8_t Img[64 + 56 + sizeof Code];
  uint64_t Base = Pie ? 0 : 0x400000, Entry = Base + 64 + 56;
  NevercByteView V;
  memset(Img, 0, sizeof Img);
  memcpy(Img, "\x7f" "ELF\x02\x01\x01", 7);
  le(Img + 16, Pie ? 3 : 2, 2); /* e_type */
  le(Img + 18, 62, 2);          /* EM_X86_64 */
  le(Img + 20, 1, 4);           /* e_version */
  le(Img + 24, Entry, 8);       /* e_entry */
  le(Img + 32, 64, 8);          /* e_phoff */
  le(Img + 52, 64, 2);          /* e_ehsize */
  le(Img + 54, 56, 2);          /* e_phentsize */
  le(Img + 56, 1, 2);           /* e_phnum */
  le(Img + 64, 1, 4);           /* PT_LOAD */
  le(Img + 68, 5, 4);           /* PF_R | PF_X */
  le(Img + 72, 0, 8);           /* p_offset */
  le(Img + 80, Base, 8);        /* p_vaddr */
  le(Img + 88, Base, 8);        /* p_paddr */
  le(Img + 96, sizeof Img, 8);  /* p_filesz */
  le(Img + 104, sizeof Img, 8); /* p_memsz */
  le(Img + 112, 0x1000, 8);     /* p_align */
  memcpy(Img + 120, Code, sizeof Code);
  V.Data = Img;
  V.Length = sizeof Img;
  return B->Binary->Write(B->Binary->Context, Task, B->Builder, V);
}


static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *R,
                                          void *UserData) {
  const PhaseRow *P = (const PhaseRow *)UserData;
  NevercBinaryImageInfo B;
  if (P->Key == P_FULL && mode("replace")) {
    /* The whole link, replaced: the image the host prepared is the
     * frame's CurrentOutput; lld does not run. */
    NevercLinkPhaseImageInfo I;
    NevercStatus S;
    if (!imageOf(F, &I, &B))
      return status(NEVERC_STATUS_INVALID_STATE);
    S = writeTiny(F->Task, &B, 1);
    say("replace full: Write %s", sname(S));
    R->Action = NEVERC_PHASE_REPLACE;
    R->Output = F->CurrentOutput;
    return S;
  }
  if (P->Key == P_POST_EMIT) {
    if (mode("patch"))
      patch(F);
    if (mode("graph"))
      graph(F, 0);
    if (mode("truncate") && builderOf(F, &B))
      say("truncate Resize %s",
          sname(B.Binary->Resize(B.Binary->Context, F->Task, B.Builder, 16)));
    if (mode("overflow") && builderOf(F, &B)) {
      NevercByteView V = {(const uint8_t *)"x", 1};
      say("overflow Reserve %s",
          sname(B.Binary->Reserve(B.Binary->Context, F->Task, B.Builder,
                                  B.Size)));
      say("overflow Append %s",
          sname(B.Binary->Append(B.Binary->Context, F->Task, B.Builder, V)));
      say("after overflow WriteAt %s",
          sname(B.Binary->WriteAt(B.Binary->Context, F->Task, B.Builder, 0,
                                  V)));
    }
  }
  {
    NevercStatus S = C->InvokeNext(C, F, R);
    /* The chain's output stands: continue with nothing of our own. */
    R->Action = NEVERC_PHASE_CONTINUE;
    memset(&R->Output, 0, sizeof R->Output);
    memset(&R->Proof, 0, sizeof R->Proof);
    return S;
  }
}

/* --- the variants ------------------------------------------------------- */

#ifdef LINK_TEST_PROVIDER
static NevercStatus NEVERC_CALL tinyLink(void *UserData, NevercTaskHandle Task,
                                         const NevercLinkRequest *Req,
                                         const NevercRawLinkInputSet *In,
                                         NevercLinkerProductCandidate *Out) {
  const NevercLinkAPI *L = (const NevercLinkAPI *)UserData;
  NevercBinaryImageInfo B;
  NevercStatus S;
  say("provider links %s with %llu inputs, image given=%d",
      kindName(Req->OutputKind), (unsigned long long)In->Inputs.Count,
      !neverc_handle_is_null(Out->Image));
  memset(&B, 0, sizeof B);
  B.Header = tpHeader(sizeof B, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  if ((S = L->GetBinaryImageInfo(L->Context, Task, Out->Image, &B)).Code ||
      (S = writeTiny(Task, &B,
                     (Req->Options.Flags & NEVERC_LINK_OPTION_PIE) != 0))
          .Code)
    return S;
  Out->ProductID.High = 0x4e43544553540001ull;
  Out->ProductID.Low = 1;
  return status(0);
}

static NevercStatus NEVERC_CALL tinyVerify(void *UserData,
                                           NevercTaskHandle Task,
                                           const NevercLinkRequest *Req,
                                           NevercBinaryImageHandle Image) {
  (void)UserData, (void)Task, (void)Image;
  say("provider's verifier sees %s", kindName(Req->OutputKind));
  return status(0);
}

static NevercStatus registerProvider(void *Ctx, const NevercLinkAPI *L) {
  NevercLinkerProviderDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_LINK_REGISTRAR_API_MAJOR,
                      NEVERC_LINK_REGISTRAR_API_MINOR);
  D.ProviderID.Data = "org.neverc.test.tiny-linker";
  D.ProviderID.Length = strlen(D.ProviderID.Data);
  D.OutputKind = NEVERC_LINK_OUTPUT_EXECUTABLE;
  D.Flags = NEVERC_LINK_PROVIDER_DETERMINISTIC;
  D.Link = tinyLink;
  D.VerifyImage = tinyVerify;
  D.UserData = (void *)L;
  return G.Registrar->RegisterLinkerProvider(G.Registrar->Context, Ctx, &D);
}
#endif

#ifdef LINK_TEST_VERIFIER
static NevercStatus NEVERC_CALL verifyImage(void *UserData,
                                            NevercTaskHandle Task,
                                            const NevercLinkRequest *Req,
                                            NevercBinaryImageHandle Image) {
  const NevercLinkAPI *L = (const NevercLinkAPI *)UserData;
  NevercBinaryImageInfo B;
  memset(&B, 0, sizeof B);
  B.Header = tpHeader(sizeof B, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  say("verifier sees %s: %s state=%s", kindName(Req->OutputKind),
      sname(L->GetBinaryImageInfo(L->Context, Task, Image, &B)),
      stateName(B.State));
  /* Read-only: the builder refuses it. */
  {
    NevercByteView V = {(const uint8_t *)"x", 1};
    say("verifier Append %s",
        sname(B.Binary->Append(B.Binary->Context, Task, B.Builder, V)));
  }
  return status(mode("refuse") ? NEVERC_STATUS_VERIFICATION_FAILED : 0);
}

/* Never called: its registration is refused. */
static NevercStatus NEVERC_CALL verifierLink(
    void *UserData, NevercTaskHandle Task, const NevercLinkRequest *Req,
    const NevercRawLinkInputSet *In, NevercLinkerProductCandidate *Out) {
  (void)UserData, (void)Task, (void)Req, (void)In, (void)Out;
  return status(NEVERC_STATUS_PLUGIN_FAILURE);
}

static int Destroyed;
static void NEVERC_CALL destroy(void *UserData) {
  (void)UserData;
  ++Destroyed;
}

static NevercBinaryImageVerifierDescriptor verifierDesc(const char *Name,
                                                        const void *L) {
  NevercBinaryImageVerifierDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_LINK_REGISTRAR_API_MAJOR,
                      NEVERC_LINK_REGISTRAR_API_MINOR);
  D.VerifierID.Data = Name;
  D.VerifierID.Length = strlen(Name);
  D.OutputKind = NEVERC_LINK_OUTPUT_EXECUTABLE;
  D.Verify = verifyImage;
  D.UserData = (void *)L;
  D.DestroyUserData = destroy;
  return D;
}

static void registerVerifiers(void *Ctx, const NevercLinkAPI *L) {
  const NevercLinkRegistrarAPI *R = G.Registrar;
  NevercBinaryImageVerifierDescriptor D =
      verifierDesc("org.neverc.test.verifier", L);
  NevercLinkerProviderDescriptor P;
  NevercObjectMergeProviderDescriptor M;
  say("RegisterBinaryImageVerifier %s",
      sname(R->RegisterBinaryImageVerifier(R->Context, Ctx, &D)));
  say("RegisterBinaryImageVerifier(same ID) %s",
      sname(R->RegisterBinaryImageVerifier(R->Context, Ctx, &D)));
  D = verifierDesc("org.neverc.test.bad", L);
  D.Verify = NULL;
  say("RegisterBinaryImageVerifier(no callback) %s",
      sname(R->RegisterBinaryImageVerifier(R->Context, Ctx, &D)));
  D = verifierDesc("org.neverc.test.bad", L);
  D.OutputKind = 0;
  say("RegisterBinaryImageVerifier(kind 0) %s",
      sname(R->RegisterBinaryImageVerifier(R->Context, Ctx, &D)));
  D = verifierDesc("org.neverc.test.bad", L);
  D.OutputKind = NEVERC_LINK_OUTPUT_RELOCATABLE;
  say("RegisterBinaryImageVerifier(relocatable) %s",
      sname(R->RegisterBinaryImageVerifier(R->Context, Ctx, &D)));
  D = verifierDesc("org.neverc.test.bad", L);
  D.Header.Major = 9;
  say("RegisterBinaryImageVerifier(major 9) %s",
      sname(R->RegisterBinaryImageVerifier(R->Context, Ctx, &D)));
  say("RegisterBinaryImageVerifier(no registrar) %s",
      sname(R->RegisterBinaryImageVerifier(R->Context, NULL, &D)));
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_LINK_REGISTRAR_API_MAJOR,
                      NEVERC_LINK_REGISTRAR_API_MINOR);
  P.ProviderID.Data = "org.neverc.test.no-link";
  P.ProviderID.Length = strlen(P.ProviderID.Data);
  P.OutputKind = NEVERC_LINK_OUTPUT_EXECUTABLE;
  say("RegisterLinkerProvider(no Link) %s",
      sname(R->RegisterLinkerProvider(R->Context, Ctx, &P)));
  P.Link = verifierLink;
  P.OutputKind = NEVERC_LINK_OUTPUT_BUNDLE;
  say("RegisterLinkerProvider(bundle) %s",
      sname(R->RegisterLinkerProvider(R->Context, Ctx, &P)));
  P.OutputKind = NEVERC_LINK_OUTPUT_EXECUTABLE;
  P.Flags = NEVERC_LINK_PROVIDER_REPLAY_REQUIRED;
  say("RegisterLinkerProvider(REPLAY_REQUIRED) %s",
      sname(R->RegisterLinkerProvider(R->Context, Ctx, &P)));
  P.Flags = 0;
  memset(&M, 0, sizeof M);
  M.Header = P.Header;
  M.ProviderID = P.ProviderID;
  say("RegisterObjectMergeProvider(no Merge) %s",
      sname(R->RegisterObjectMergeProvider(R->Context, Ctx, &M)));
  M.Merge = (NevercObjectMergeProviderFn)1;
  M.Flags = UINT64_C(1) << 40;
  say("RegisterObjectMergeProvider(unknown flag) %s",
      sname(R->RegisterObjectMergeProvider(R->Context, Ctx, &M)));
}
#endif

#ifdef LINK_TEST_SEAL
static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *R, void *UserData) {
  (void)F, (void)R, (void)UserData;
  return status(0);
}
#endif

/* --- registration ------------------------------------------------------- */

static NevercStatus observer(const NevercRegistrarAPI *Reg, void *Ctx,
                             const PhaseRow *P) {
  NevercObserverDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = P->High;
  O.Phase.Low = P->Low;
  O.Points = P->Points;
  O.Callback = observe;
  O.UserData = (void *)P;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus interceptor(const NevercRegistrarAPI *Reg, void *Ctx,
                                const PhaseRow *P) {
  NevercInterceptorDescriptor I;
  memset(&I, 0, sizeof I);
  I.Header =
      tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = P->High;
  I.Phase.Low = P->Low;
  I.Callback = intercept;
  I.UserData = (void *)P;
  return Reg->RegisterInterceptor(Ctx, &I);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercOptionDescriptor Opt;
  NevercStatus S;
  unsigned K;
  const NevercLinkAPI *L;
  (void)PS;
  G.Core = Core;
  G.RegistrarContext = Ctx;
  G.Phase = (const NevercLinkPhaseAPI *)tpQuery(
      Core, NEVERC_INTERFACE_LINK_PHASE_HIGH, NEVERC_INTERFACE_LINK_PHASE_LOW,
      NEVERC_LINK_PHASE_API_MAJOR, NEVERC_LINK_PHASE_API_MINOR);
  G.Registrar = (const NevercLinkRegistrarAPI *)tpQuery(
      Core, NEVERC_INTERFACE_LINK_REGISTRAR_HIGH,
      NEVERC_INTERFACE_LINK_REGISTRAR_LOW, NEVERC_LINK_REGISTRAR_API_MAJOR,
      NEVERC_LINK_REGISTRAR_API_MINOR);
  L = (const NevercLinkAPI *)tpQuery(Core, NEVERC_INTERFACE_LINK_HIGH,
                                     NEVERC_INTERFACE_LINK_LOW,
                                     NEVERC_LINK_API_MAJOR,
                                     NEVERC_LINK_API_MINOR);
  if (!G.Phase || !G.Registrar || !L)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  memset(&Opt, 0, sizeof Opt);
  Opt.Header =
      tpHeader(sizeof Opt, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  Opt.Spelling.Data = "--mode";
  Opt.Spelling.Length = 6;
  Opt.Form = NEVERC_OPTION_SEPARATE;
  Opt.ValueType = NEVERC_OPTION_STRING;
  Opt.Multiplicity = NEVERC_OPTION_LAST_WINS;
  if ((S = Reg->RegisterOption(Ctx, &Opt)).Code)
    return S;
  for (K = 0; K < P_COUNT; ++K)
    if ((S = observer(Reg, Ctx, &Phases[K])).Code)
      return S;
  if ((S = interceptor(Reg, Ctx, &Phases[P_FULL])).Code ||
      (S = interceptor(Reg, Ctx, &Phases[P_POST_EMIT])).Code)
    return S;
#ifdef LINK_TEST_PROVIDER
  if ((S = registerProvider(Ctx, L)).Code)
    return S;
#endif
#ifdef LINK_TEST_VERIFIER
  registerVerifiers(Ctx, L);
#endif
#ifdef LINK_TEST_SEAL
  say("seal RegisterInterceptor(image_verify) %s",
      sname(interceptor(Reg, Ctx, &Phases[P_IMAGE_VERIFY])));
  say("seal RegisterInterceptor(side_outputs_verify) %s",
      sname(interceptor(Reg, Ctx, &Phases[P_SIDE_VERIFY])));
  say("seal RegisterInterceptor(commit) %s",
      sname(interceptor(Reg, Ctx, &Phases[P_COMMIT])));
  {
    NevercProviderDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header =
        tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    D.Phase.High = Phases[P_POST_EMIT].High;
    D.Phase.Low = Phases[P_POST_EMIT].Low;
    D.ProviderID.Data = "org.neverc.test.post-emit";
    D.ProviderID.Length = strlen(D.ProviderID.Data);
    D.Callback = provide;
    say("seal RegisterProvider(post_emit) %s",
        sname(Reg->RegisterProvider(Ctx, &D)));
  }
#endif
  return status(0);
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  NevercStringView V;
  uint64_t N = 0;
  NevercStringView Id = {ID, sizeof ID - 1};
  NevercStringView Sp = {"--mode", 6};
  (void)PS, (void)Out;
  strcpy(G.Mode, "observe");
  if (!Core->GetPluginOptionValueCount(Core->Context, S, Id, Sp, &N).Code &&
      N &&
      !Core->GetPluginOptionValue(Core->Context, S, Id, Sp, N - 1, &V).Code &&
      V.Length < sizeof G.Mode) {
    memcpy(G.Mode, V.Data, (size_t)V.Length);
    G.Mode[V.Length] = 0;
  }
#ifdef LINK_TEST_VERIFIER
  {
    NevercBinaryImageVerifierDescriptor D =
        verifierDesc("org.neverc.test.late", NULL);
    say("RegisterBinaryImageVerifier(after Register) %s",
        sname(G.Registrar->RegisterBinaryImageVerifier(
            G.Registrar->Context, G.RegistrarContext, &D)));
  }
#endif
  return status(0);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "link test plugin", registerPlugin, sessionBegin,
                         NULL, NULL)
