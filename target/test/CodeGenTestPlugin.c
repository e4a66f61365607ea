/*
 * The codegen route's test plugin (tests/lit/codegen). Observers on
 * neverc.codegen.coarse_lower and product_verify (BEFORE and AFTER), an
 * interceptor on coarse_lower. -fplugin-arg=org.neverc.test.codegen:--cg-mode=M
 * picks what it does; --cg-object=PATH names an object file the replacing
 * modes hand in as the product:
 *
 *   observe       (default) the interceptor calls InvokeNext and returns
 *                 CONTINUE; the observers say what they see
 *   patch         after InvokeNext, "NEVERC-CG-MARK-AAAA" in the product is
 *                 rewritten to "...-BBBB" through the builder
 *   truncate      after InvokeNext, the product is cut to 16 bytes
 *   replace       no InvokeNext: the object at --cg-object is written into the
 *                 candidate (Frame->CurrentOutput), REPLACE
 *   replace-input REPLACE with Frame->Input (the IR module) as the output
 *   obs-write     the coarse_lower AFTER observer tries to write
 *   quiet         as observe, saying nothing (tests/bench)
 *
 * Variants (Register cannot read options): CG_TEST_EDGE registers a coarse
 * edge for x86-64 whose CoarseLower writes the --cg-object file into the
 * candidate it is handed (modes: edge, edge-fail, edge-badid,
 * edge-refuse) and tries the refused registrations; CG_TEST_SEAL registers
 * an interceptor on the sealed product_verify; CG_TEST_TARGET registers a
 * plugin target over x86_64 ("x86_64-acme-*", two macros) with a coarse
 * edge of its own, and the refused targets; CG_TEST_PROVIDER registers a
 * provider of coarse_lower that writes the --cg-object file into the
 * candidate (Frame->CurrentOutput) and returns it.
 */
#include "TestPlugin.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const char ID[] = "org.neverc.test.codegen";

static struct {
  const NevercCoreAPI *Core;
  const NevercObjectPhaseAPI *Phase;
  NevercSessionHandle Session;
  char Mode[32];
  char Object[1024];
} G;

static int mode(const char *M) { return !strcmp(G.Mode, M); }

static void say(const char *Fmt, ...) {
  char M[768];
  if (mode("quiet")) /* the benchmark's: observe, say nothing */
    return;
  int N = snprintf(M, sizeof M, "codegen: ");
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
static const char *stateName(NevercObjectImageState S) {
  switch (S) {
  case NEVERC_OBJECT_IMAGE_CANDIDATE: return "CANDIDATE";
  case NEVERC_OBJECT_IMAGE_VERIFIED: return "VERIFIED";
  case NEVERC_OBJECT_IMAGE_ABORTED: return "ABORTED";
  default: return "?";
  }
}
/* clang-format on */

static NevercStatus image(const NevercPhaseFrame *F, NevercArtifactHandle A,
                          NevercObjectImageInfo *I) {
  memset(I, 0, sizeof *I);
  I->Header = tpHeader(sizeof *I, NEVERC_OBJECT_PHASE_API_MAJOR,
                       NEVERC_OBJECT_PHASE_API_MINOR);
  return G.Phase->GetImage(G.Phase->Context, F, A, I);
}

/* The --cg-object file into the image \p I describes. */
static NevercStatus fill(NevercTaskHandle Task,
                         const NevercObjectImageInfo *I) {
  char Buf[65536];
  size_t N;
  NevercStatus S = status(NEVERC_STATUS_OK);
  FILE *F = fopen(G.Object, "rb");
  if (!F)
    return status(NEVERC_STATUS_NOT_FOUND);
  while (!S.Code && (N = fread(Buf, 1, sizeof Buf, F)) > 0) {
    NevercByteView V;
    V.Data = (const uint8_t *)Buf;
    V.Length = N;
    S = I->Binary->Write(I->Binary->Context, Task, I->Builder, V);
  }
  fclose(F);
  return S;
}

/* The first offset of \p Needle in the image, or -1. */
static long long find(NevercTaskHandle Task, const NevercObjectImageInfo *I,
                      const char *Needle) {
  static uint8_t Buf[1 << 22];
  uint64_t Got = I->Size, K;
  size_t L = strlen(Needle);
  NevercMutableByteView V;
  V.Data = Buf;
  V.Length = I->Size;
  if (I->Size > sizeof Buf ||
      I->Binary->ReadAt(I->Binary->Context, Task, I->Builder, 0, V).Code)
    return -1;
  for (K = 0; K + L <= Got; ++K)
    if (!memcmp(Buf + K, Needle, L))
      return (long long)K;
  return -1;
}

/* --- observers -------------------------------------------------------- */

static NevercStatus NEVERC_CALL observe(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point,
                                        void *UserData) {
  const char *Phase = (const char *)UserData;
  const char *When = Point == NEVERC_OBSERVER_BEFORE ? "before" : "after";
  NevercObjectImageInfo I;
  NevercArtifactHandle A =
      neverc_handle_is_null(F->CurrentOutput) ? F->Input : F->CurrentOutput;
  NevercStatus S = image(F, A, &I);
  if (!strcmp(Phase, "coarse_lower") && Point == NEVERC_OBSERVER_BEFORE) {
    /* The input is the IR module: no image. */
    NevercObjectImageInfo In;
    say("%s %s input-image %s", When, Phase, sname(image(F, F->Input, &In)));
  }
  if (S.Code) {
    say("%s %s image %s", When, Phase, sname(S));
    return status(0);
  }
  say("%s %s image state=%s size>0=%d elf=%d provenance='%.*s'", When, Phase,
      stateName(I.State), I.Size > 0,
      I.FormatID.High == NEVERC_OBJECT_FORMAT_ELF_HIGH,
      (int)I.Provenance.Length, I.Provenance.Data);
  if (mode("obs-write") && Point == NEVERC_OBSERVER_AFTER) {
    NevercByteView V;
    V.Data = (const uint8_t *)"x";
    V.Length = 1;
    say("%s %s observer Write %s", When, Phase,
        sname(I.Binary->Write(I.Binary->Context, F->Task, I.Builder, V)));
  }
  return status(0);
}

/* --- the interceptor -------------------------------------------------- */

static NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                          NevercPhaseContinuation *C,
                                          NevercPhaseResult *Out,
                                          void *UserData) {
  NevercObjectImageInfo I;
  NevercStatus S;
  (void)UserData;
  if (mode("replace") || mode("replace-input")) {
    if ((S = image(F, F->CurrentOutput, &I)).Code)
      return S;
    if (mode("replace") && (S = fill(F->Task, &I)).Code)
      return S;
    say("replace wrote %s", sname(S));
    Out->Action = NEVERC_PHASE_REPLACE;
    Out->Output = mode("replace") ? F->CurrentOutput : F->Input;
    return status(0);
  }
  {
    NevercPhaseResult Next;
    memset(&Next, 0, sizeof Next);
    Next.Header = Out->Header;
    if ((S = C->InvokeNext(C, F, &Next)).Code)
      return S;
  }
  if (mode("patch") || mode("truncate")) {
    if ((S = image(F, F->CurrentOutput, &I)).Code)
      return S;
    if (mode("truncate")) {
      say("truncate Resize %s",
          sname(I.Binary->Resize(I.Binary->Context, F->Task, I.Builder, 16)));
    } else {
      long long At = find(F->Task, &I, "NEVERC-CG-MARK-AAAA");
      NevercByteView V;
      V.Data = (const uint8_t *)"BBBB";
      V.Length = 4;
      say("patch found=%d WriteAt %s", At >= 0,
          At < 0 ? "-"
                 : sname(I.Binary->WriteAt(I.Binary->Context, F->Task,
                                           I.Builder, (uint64_t)At + 15, V)));
    }
  }
  return status(0);
}

#ifdef CG_TEST_PROVIDER
/* --- a provider ------------------------------------------------------- */

static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *Out,
                                        void *UserData) {
  NevercObjectImageInfo I;
  NevercStatus S;
  (void)UserData;
  if ((S = image(F, F->CurrentOutput, &I)).Code || (S = fill(F->Task, &I)).Code)
    return S;
  say("provider wrote %s", sname(S));
  Out->Action = NEVERC_PHASE_REPLACE;
  Out->Output = F->CurrentOutput;
  return status(0);
}
#endif

/* --- a coarse edge ---------------------------------------------------- */

#if defined(CG_TEST_EDGE) || defined(CG_TEST_TARGET)
static const NevercInterfaceID EdgeID = {0x4e43544553544547ull, 1};
static const NevercInterfaceID ProductID = {0x4e43544553545052ull, 1};

static NevercStatus NEVERC_CALL lower(void *UserData, NevercTaskHandle Task,
                                      const NevercCodeGenRequest *R,
                                      NevercCodeGenProductCandidate *Out) {
  NevercObjectImageInfo I;
  NevercStatus S;
  (void)UserData;
  say("edge lower arch='%.*s' target-x86=%d input-ir=%d output-image=%d "
      "final-ir=%d opt=%u candidate-kind=%u",
      (int)R->Target.Architecture.Length, R->Target.Architecture.Data,
      R->Target.TargetID.High == NEVERC_TARGET_ID_X86_64_HIGH &&
          R->Target.TargetID.Low == NEVERC_TARGET_ID_X86_64_LOW,
      R->InputKind == NEVERC_CODEGEN_PRODUCT_IR,
      R->OutputKind == NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE, R->HasFinalIRProof,
      R->OptimizationLevel, Out->Kind);
  if (mode("edge-fail"))
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  /* No frame here: the candidate's artifact names its task. */
  if ((S = image(NULL, Out->Artifact, &I)).Code) {
    say("edge GetImage %s", sname(S));
    return S;
  }
  S = fill(Task, &I);
  say("edge wrote %s", sname(S));
  Out->ProductID = ProductID;
  if (mode("edge-badid"))
    Out->ProductID.Low = 2;
  return S;
}

static NevercStatus NEVERC_CALL verify(void *UserData, NevercTaskHandle Task,
                                       const NevercCodeGenRequest *R,
                                       const NevercCodeGenProductCandidate *C,
                                       NevercCodeGenVerificationObligations O) {
  NevercObjectImageInfo I;
  (void)UserData, (void)Task, (void)R;
  say("edge verify obligations=%llu kind=%u frameless-GetImage=%s",
      (unsigned long long)O, C->Kind, sname(image(NULL, C->Artifact, &I)));
  return status(mode("edge-refuse") ? NEVERC_STATUS_VERIFICATION_FAILED
                                    : NEVERC_STATUS_OK);
}

static NevercCodeGenEdgeDescriptor edge(void) {
  NevercCodeGenEdgeDescriptor E;
  memset(&E, 0, sizeof E);
  E.Header =
      tpHeader(sizeof E, NEVERC_TARGET_API_MAJOR, NEVERC_TARGET_API_MINOR);
  E.EdgeID = EdgeID;
  E.CanonicalName.Data = "org.neverc.test.object-file";
  E.CanonicalName.Length = strlen(E.CanonicalName.Data);
  E.TargetID.High = NEVERC_TARGET_ID_X86_64_HIGH;
  E.TargetID.Low = NEVERC_TARGET_ID_X86_64_LOW;
  E.InputKind = NEVERC_CODEGEN_PRODUCT_IR;
  E.OutputKind = NEVERC_CODEGEN_PRODUCT_OBJECT_IMAGE;
  E.Flags = NEVERC_CODEGEN_EDGE_COARSE;
  E.ProductID = ProductID;
  E.CoarseLower = lower;
  E.VerifyProduct = verify;
  return E;
}

#endif

#ifdef CG_TEST_EDGE
static void registerEdges(const NevercTargetAPI *T, void *Ctx) {
  NevercCodeGenEdgeDescriptor E = edge();
  NevercTargetDescriptor TD;
  say("RegisterCodeGenEdge %s",
      sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  say("RegisterCodeGenEdge(same ID) %s",
      sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  E = edge();
  E.EdgeID.Low = 2;
  E.Flags |= NEVERC_CODEGEN_EDGE_BUILTIN;
  say("RegisterCodeGenEdge(BUILTIN) %s",
      sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  E = edge();
  E.EdgeID.Low = 3;
  E.CoarseLower = NULL;
  say("RegisterCodeGenEdge(no CoarseLower) %s",
      sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  E = edge();
  E.EdgeID.Low = 4;
  E.InputKind = NEVERC_CODEGEN_PRODUCT_MIR;
  E.OutputKind = NEVERC_CODEGEN_PRODUCT_MC;
  E.Flags = 0;
  say("RegisterCodeGenEdge(MIR to MC) %s",
      sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  E = edge();
  E.EdgeID.Low = 5;
  E.OutputKind = NEVERC_CODEGEN_PRODUCT_ASSEMBLY;
  say("RegisterCodeGenEdge(coarse to assembly) %s",
      sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  E = edge();
  E.EdgeID.Low = 6;
  E.TargetID.Low = 99;
  say("RegisterCodeGenEdge(unknown target) %s",
      sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  E = edge();
  E.EdgeID.Low = 7;
  E.OutputKind = 77;
  say("RegisterCodeGenEdge(bad kind) %s",
      sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  E = edge();
  E.EdgeID.Low = 9;
  {
    static const NevercInterfaceID Needs[2] = {
        {NEVERC_INTERFACE_OBJECT_PHASE_HIGH, NEVERC_INTERFACE_OBJECT_PHASE_LOW},
        {0x4e43544553544e4full, 1}}; /* published by nobody */
    E.Dependencies.Data = Needs;
    E.Dependencies.Count = 2;
    E.Dependencies.ElementStride = sizeof Needs[0];
    say("RegisterCodeGenEdge(missing dependency) %s",
        sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  }
  E = edge();
  E.EdgeID.Low = 8;
  E.Header.Major = 9;
  say("RegisterCodeGenEdge(major 9) %s",
      sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  memset(&TD, 0, sizeof TD);
  TD.Header =
      tpHeader(sizeof TD, NEVERC_TARGET_API_MAJOR, NEVERC_TARGET_API_MINOR);
  say("RegisterTarget(no ID) %s",
      sname(T->RegisterTarget(T->Context, Ctx, &TD)));
}
#endif

#ifdef CG_TEST_TARGET
/* A plugin target over x86_64: "x86_64-acme-*", two macros, and a coarse
 * edge of its own; then the refused descriptors. */
static const NevercInterfaceID AcmeID = {0x4e43544553544143ull, 1};

static NevercTargetDescriptor acme(NevercTargetTripleMatcher *M,
                                   NevercTargetMacroDescriptor *Mac) {
  NevercTargetDescriptor T;
  memset(&T, 0, sizeof T);
  T.Header =
      tpHeader(sizeof T, NEVERC_TARGET_API_MAJOR, NEVERC_TARGET_API_MINOR);
  T.TargetID = AcmeID;
  T.CanonicalName.Data = "acme";
  T.CanonicalName.Length = 4;
  memset(M, 0, sizeof *M);
  M->Header =
      tpHeader(sizeof *M, NEVERC_TARGET_API_MAJOR, NEVERC_TARGET_API_MINOR);
  M->Architecture.Data = "x86_64";
  M->Architecture.Length = 6;
  M->Vendor.Data = "acme";
  M->Vendor.Length = 4;
  T.TripleMatchers.Data = M;
  T.TripleMatchers.Count = 1;
  T.TripleMatchers.ElementStride = sizeof *M;
  memset(Mac, 0, 2 * sizeof *Mac);
  Mac[0].Header =
      tpHeader(sizeof *Mac, NEVERC_TARGET_API_MAJOR, NEVERC_TARGET_API_MINOR);
  Mac[0].Name.Data = "__ACME_TARGET__";
  Mac[0].Name.Length = 15;
  Mac[0].Value.Data = "7";
  Mac[0].Value.Length = 1;
  Mac[1].Header = Mac[0].Header;
  Mac[1].Name.Data = "__ACME_GONE__";
  Mac[1].Name.Length = 13;
  Mac[1].Flags = NEVERC_TARGET_MACRO_UNDEFINE;
  T.Macros.Data = Mac;
  T.Macros.Count = 2;
  T.Macros.ElementStride = sizeof *Mac;
  return T;
}

static void registerTargets(const NevercTargetAPI *T, void *Ctx) {
  NevercTargetTripleMatcher M;
  NevercTargetMacroDescriptor Mac[2];
  NevercTargetDescriptor D = acme(&M, Mac);
  NevercCodeGenEdgeDescriptor E = edge();
  say("RegisterTarget(acme) %s", sname(T->RegisterTarget(T->Context, Ctx, &D)));
  E.EdgeID.Low = 10;
  E.TargetID = AcmeID;
  say("RegisterCodeGenEdge(acme) %s",
      sname(T->RegisterCodeGenEdge(T->Context, Ctx, &E)));
  say("RegisterTarget(same ID) %s",
      sname(T->RegisterTarget(T->Context, Ctx, &D)));
  D.TargetID.High = NEVERC_TARGET_ID_X86_64_HIGH;
  D.TargetID.Low = NEVERC_TARGET_ID_X86_64_LOW;
  say("RegisterTarget(built-in ID) %s",
      sname(T->RegisterTarget(T->Context, Ctx, &D)));
  D = acme(&M, Mac);
  D.TargetID.Low = 2;
  D.TripleMatchers.Count = 0;
  say("RegisterTarget(no matcher) %s",
      sname(T->RegisterTarget(T->Context, Ctx, &D)));
  D = acme(&M, Mac);
  D.TargetID.Low = 3;
  M.Architecture.Data = "riscv64";
  M.Architecture.Length = 7;
  say("RegisterTarget(riscv64) %s",
      sname(T->RegisterTarget(T->Context, Ctx, &D)));
  D = acme(&M, Mac);
  D.TargetID.Low = 4;
  D.Clobbers.Data = "memory";
  D.Clobbers.Length = 6;
  say("RegisterTarget(clobbers) %s",
      sname(T->RegisterTarget(T->Context, Ctx, &D)));
  D = acme(&M, Mac);
  D.TargetID.Low = 6;
  {
    static const NevercStringView Names[1] = {{"acme-os", 7}};
    D.Aliases.Data = Names;
    D.Aliases.Count = 1;
    D.Aliases.ElementStride = sizeof Names[0];
    say("RegisterTarget(aliases) %s",
        sname(T->RegisterTarget(T->Context, Ctx, &D)));
  }
  D = acme(&M, Mac);
  D.TargetID.Low = 5;
  Mac[1].Flags = 2;
  say("RegisterTarget(macro flag 2) %s",
      sname(T->RegisterTarget(T->Context, Ctx, &D)));
}
#endif

/* --- registration ----------------------------------------------------- */

static NevercStatus observer(const NevercRegistrarAPI *Reg, void *Ctx,
                             uint64_t High, uint64_t Low, const char *Name) {
  NevercObserverDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header =
      tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  O.Phase.High = High;
  O.Phase.Low = Low;
  O.Points = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;
  O.Callback = observe;
  O.UserData = (void *)Name;
  return Reg->RegisterObserver(Ctx, &O);
}

static NevercStatus interceptor(const NevercRegistrarAPI *Reg, void *Ctx,
                                uint64_t High, uint64_t Low) {
  NevercInterceptorDescriptor I;
  memset(&I, 0, sizeof I);
  I.Header =
      tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = High;
  I.Phase.Low = Low;
  I.Callback = intercept;
  return Reg->RegisterInterceptor(Ctx, &I);
}

static NevercStatus option(const NevercRegistrarAPI *Reg, void *Ctx,
                           const char *Spelling) {
  NevercOptionDescriptor Opt;
  memset(&Opt, 0, sizeof Opt);
  Opt.Header =
      tpHeader(sizeof Opt, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR);
  Opt.Spelling.Data = Spelling;
  Opt.Spelling.Length = strlen(Spelling);
  Opt.Form = NEVERC_OPTION_SEPARATE;
  Opt.ValueType = NEVERC_OPTION_STRING;
  Opt.Multiplicity = NEVERC_OPTION_LAST_WINS;
  return Reg->RegisterOption(Ctx, &Opt);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  NevercStatus S;
  (void)PS;
  G.Core = Core;
  G.Phase = (const NevercObjectPhaseAPI *)tpQuery(
      Core, NEVERC_INTERFACE_OBJECT_PHASE_HIGH,
      NEVERC_INTERFACE_OBJECT_PHASE_LOW, NEVERC_OBJECT_PHASE_API_MAJOR,
      NEVERC_OBJECT_PHASE_API_MINOR);
  if (!G.Phase)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if ((S = option(Reg, Ctx, "--cg-mode")).Code ||
      (S = option(Reg, Ctx, "--cg-object")).Code ||
      (S = observer(Reg, Ctx, NEVERC_PHASE_CODEGEN_COARSE_LOWER_HIGH,
                    NEVERC_PHASE_CODEGEN_COARSE_LOWER_LOW, "coarse_lower"))
          .Code ||
      (S = observer(Reg, Ctx, NEVERC_PHASE_CODEGEN_PRODUCT_VERIFY_HIGH,
                    NEVERC_PHASE_CODEGEN_PRODUCT_VERIFY_LOW, "product_verify"))
          .Code)
    return S;
#if defined(CG_TEST_EDGE) || defined(CG_TEST_TARGET)
  {
    const NevercTargetAPI *T = (const NevercTargetAPI *)tpQuery(
        Core, NEVERC_INTERFACE_TARGET_HIGH, NEVERC_INTERFACE_TARGET_LOW,
        NEVERC_TARGET_API_MAJOR, NEVERC_TARGET_API_MINOR);
    if (!T)
      return status(NEVERC_STATUS_MISSING_INTERFACE);
#ifdef CG_TEST_TARGET
    registerTargets(T, Ctx);
#else
    registerEdges(T, Ctx);
#endif
  }
  (void)interceptor;
#elif defined(CG_TEST_PROVIDER)
  {
    NevercProviderDescriptor D;
    memset(&D, 0, sizeof D);
    D.Header =
        tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
    D.Phase.High = NEVERC_PHASE_CODEGEN_COARSE_LOWER_HIGH;
    D.Phase.Low = NEVERC_PHASE_CODEGEN_COARSE_LOWER_LOW;
    D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                              NEVERC_PLUGIN_ABI_MINOR);
    D.ProviderID.Data = "org.neverc.test.codegen.object-file";
    D.ProviderID.Length = strlen(D.ProviderID.Data);
    D.Callback = provide;
    if ((S = Reg->RegisterProvider(Ctx, &D)).Code)
      return S;
  }
  (void)interceptor;
#else
  if ((S = interceptor(Reg, Ctx, NEVERC_PHASE_CODEGEN_COARSE_LOWER_HIGH,
                       NEVERC_PHASE_CODEGEN_COARSE_LOWER_LOW))
          .Code)
    return S;
#endif
#ifdef CG_TEST_SEAL
  say("seal RegisterInterceptor(product_verify) %s",
      sname(interceptor(Reg, Ctx, NEVERC_PHASE_CODEGEN_PRODUCT_VERIFY_HIGH,
                        NEVERC_PHASE_CODEGEN_PRODUCT_VERIFY_LOW)));
#endif
  return status(0);
}

static void optionValue(const NevercCoreAPI *Core, NevercSessionHandle S,
                        const char *Spelling, char *Out, size_t Size) {
  NevercStringView V;
  uint64_t N = 0;
  NevercStringView Id = {ID, sizeof ID - 1};
  NevercStringView Sp;
  Sp.Data = Spelling;
  Sp.Length = strlen(Spelling);
  if (!Core->GetPluginOptionValueCount(Core->Context, S, Id, Sp, &N).Code &&
      N &&
      !Core->GetPluginOptionValue(Core->Context, S, Id, Sp, N - 1, &V).Code &&
      V.Length < Size) {
    memcpy(Out, V.Data, (size_t)V.Length);
    Out[V.Length] = 0;
  }
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle S, void *PS,
                                             void **Out) {
  (void)PS, (void)Out;
  G.Session = S;
  strcpy(G.Mode, "observe");
  G.Object[0] = 0;
  optionValue(Core, S, "--cg-mode", G.Mode, sizeof G.Mode);
  optionValue(Core, S, "--cg-object", G.Object, sizeof G.Object);
  return status(0);
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "codegen test plugin", registerPlugin,
                         sessionBegin, NULL, NULL)
