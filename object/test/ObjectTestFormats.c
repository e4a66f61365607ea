/*===- ObjectTestFormats.c - Object test plugin: formats, providers -------===*/
/*
 * What the object test plugin registers only when built for it (see
 * CMakeLists.txt): the toy object formats (OBJECT_TEST_FORMATS), the
 * providers (OBJECT_TEST_PROVIDERS, OBJECT_TEST_PROBE_PROVIDER) and the
 * sealed-phase registrations the host refuses (OBJECT_TEST_SEAL).
 * ObjectTestPlugin.c's registerPlugin and sessionBegin call them under the
 * same #if; they are apart from it because the plugin is split by concern
 * (ObjectTestPlugin.h). Every module compiles this file; the variants
 * without those macros compile it to nothing.
 */
#include "ObjectTestPlugin.h"

#include <inttypes.h>
#include <stdio.h>

/* --- formats (OBJECT_TEST_FORMATS) ---------------------------------------- */

#ifdef OBJECT_TEST_FORMATS

/* toy, toy-readfail, toy-empty, toy-overflow: the "toy" format claims. */
static int toyMode(void) {
  return !strncmp(G.Mode, "toy", 3) && strcmp(G.Mode, "toy10");
}

/* What a request says of the target (its NevercTargetKey). */
static void requestTarget(const char *Who, const NevercTargetKey *K) {
  say("%s request target header=%d id=%s triple=%.*s", Who,
      K->Header.StructSize >= sizeof *K, targetName(K->TargetID),
      SV(K->RawTriple));
}

static NevercStatus NEVERC_CALL probeFormat(void *U,
                                            const NevercObjectProbeRequest *Req,
                                            NevercObjectProbeResult *Res) {
  uint64_t Low = (uint64_t)(uintptr_t)U;
  int Elf = Req->Input.Length >= 4 && !memcmp(Req->Input.Data, ElfMagic, 4);
  if (!Elf)
    return status(NEVERC_STATUS_NOT_FOUND);
  if ((Low == TOY_LOW && toyMode()) ||
      (Low == TOY10_LOW && (mode("flags") || mode("toy10")))) {
    Res->Confidence = NEVERC_OBJECT_PROBE_MAX_CONFIDENCE;
    Res->ArtifactKind = NEVERC_OBJECT_ARTIFACT_RELOCATABLE;
    Res->ConsumedMinimum = 4;
    say("%s probe claims %" PRIu64 " bytes", Low == TOY_LOW ? "toy" : "toy10",
        Req->Input.Length);
    requestTarget(Low == TOY_LOW ? "toy probe" : "toy10 probe", &Req->Target);
    return status(0);
  }
  if (Low == BADPROBE_LOW && mode("badprobe")) {
    Res->Confidence = NEVERC_OBJECT_PROBE_MAX_CONFIDENCE + 1;
    Res->ArtifactKind = NEVERC_OBJECT_ARTIFACT_RELOCATABLE;
    return status(0);
  }
  if (Low == BADPROBE_LOW && mode("badconsumed")) {
    Res->Confidence = 10;
    Res->ArtifactKind = NEVERC_OBJECT_ARTIFACT_RELOCATABLE;
    Res->ConsumedMinimum = NEVERC_OBJECT_PROBE_MAX_CONSUMED_MINIMUM + 1;
    return status(0);
  }
  return status(NEVERC_STATUS_NOT_FOUND);
}

static NevercStatus NEVERC_CALL readToy(void *U,
                                        const NevercObjectReadRequest *Req) {
  const NevercObjectAPI *O = Req->Object;
  NevercObjectSectionHandle S;
  NevercObjectSymbolHandle Y;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor SD;
  NevercObjectGraphInfo GI;
  NevercObjectMutationHandle M2;
  NevercStatus St;
  size_t N = Req->Input.Length < 64 ? (size_t)Req->Input.Length : 64;
  (void)U;
  graphInfo(O, Req->Task, Req->Graph, &GI);
  say("toy reader input=%" PRIu64 " sections-before=%" PRIu64,
      Req->Input.Length, GI.SectionCount);
  requestTarget("toy reader", &Req->Target);
  D = dataSection("toy.data", Req->Input.Data, N);
  St = O->CreateSection(O->Context, Req->Task, Req->Mutation, &D, &S);
  say("toy reader CreateSection %s", sname(St));
  if (St.Code)
    return St;
  if (mode("toy-readfail")) {
    say("toy reader returns PLUGIN_FAILURE");
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  }
  SD = definedSymbol("toy_symbol", S, N);
  St = O->CreateSymbol(O->Context, Req->Task, Req->Mutation, &SD, &Y);
  say("toy reader CreateSymbol %s", sname(St));
  if (St.Code)
    return St;
  /* The host ends the reader's mutation; a second one cannot open. */
  say("toy reader CommitMutation %s",
      sname(O->CommitMutation(O->Context, Req->Task, Req->Mutation)));
  say("toy reader AbandonMutation %s",
      sname(O->AbandonMutation(O->Context, Req->Task, Req->Mutation)));
  say("toy reader BeginMutation %s",
      sname(O->BeginMutation(O->Context, Req->Task, Req->Graph, &M2)));
  return status(0);
}

static NevercStatus NEVERC_CALL writeToy(void *U,
                                         const NevercObjectWriteRequest *Req) {
  const NevercObjectAPI *O = Req->Object;
  const NevercMutableBinaryAPI *B = Req->Binary;
  NevercObjectSectionHandle S;
  NevercObjectSectionInfo I;
  NevercObjectLayoutProofInfo PI;
  NevercObjectGraphInfo GI;
  NevercStatus St;
  uint32_t Count = 0;
  uint8_t LE[4];
  uint8_t Back[4];
  uint64_t Pos = 0;
  NevercMutableByteView Into;
  const char *Me = (uint64_t)(uintptr_t)U == TOY_LOW ? "toy" : "toy10";
  say("%s writer request minor=%u flags=0x%" PRIx64 " format=%s", Me,
      (unsigned)Req->Header.Minor, Req->Header.Flags,
      formatName(Req->FormatID));
  if (Req->Header.Flags) {
    /* A 1.1 writer refuses what it does not implement, never ignores it. */
    say("%s writer refuses the flags: CAPABILITY_UNAVAILABLE", Me);
    return status(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
  if (mode("toy-empty")) {
    say("%s writer writes nothing", Me);
    return status(0);
  }
  if (mode("toy-overflow")) {
    say("%s writer Reserve(8) %s", Me,
        sname(B->Reserve(B->Context, Req->Task, Req->Builder, 8)));
    St = B->Write(B->Context, Req->Task, Req->Builder, bv("TOY1-and-more", 13));
    say("%s writer Write(13) %s", Me, sname(St));
    return St;
  }
  St = proofInfo(O, Req->Task, Req->LayoutProof, &PI);
  graphInfo(O, Req->Task, Req->Graph, &GI);
  say("%s writer proof %s format=%s gen=%" PRIu64 " graph-gen=%" PRIu64, Me,
      sname(St), formatName(PI.FormatID), PI.GraphGeneration, GI.Generation);
  if ((St = B->Write(B->Context, Req->Task, Req->Builder, bv("TOY1", 4))).Code)
    return St;
  Count = (uint32_t)GI.SectionCount;
  LE[0] = (uint8_t)Count;
  LE[1] = (uint8_t)(Count >> 8);
  LE[2] = (uint8_t)(Count >> 16);
  LE[3] = (uint8_t)(Count >> 24);
  if ((St = B->Write(B->Context, Req->Task, Req->Builder, bv(LE, 4))).Code)
    return St;
  St = O->GetFirstSection(O->Context, Req->Task, Req->Graph, &S);
  while (!St.Code && !isNull(S)) {
    if ((St = sectionInfo(O, Req->Task, S, &I)).Code)
      return St;
    if ((St = B->Write(B->Context, Req->Task, Req->Builder,
                       bv(I.Name.Data, (size_t)I.Name.Length)))
            .Code ||
        (St = B->Write(B->Context, Req->Task, Req->Builder, bv("", 1))).Code)
      return St;
    St = O->GetNextSection(O->Context, Req->Task, S, &S);
  }
  if (St.Code)
    return St;
  B->Tell(B->Context, Req->Task, Req->Builder, &Pos);
  Into.Data = Back;
  Into.Length = 4;
  St = B->ReadAt(B->Context, Req->Task, Req->Builder, 0, Into);
  say("%s writer wrote %" PRIu64 " bytes, ReadAt %s magic=%d", Me, Pos,
      sname(St), !memcmp(Back, "TOY1", 4));
  requestTarget(!strcmp(Me, "toy") ? "toy writer" : "toy10 writer",
                &Req->Target);
  return status(0);
}

#ifdef OBJECT_TEST_FORMAT_DESTROY
/* A registered format's UserData goes with the domain, once; a refused
 * registration's stays the plugin's (the host never destroys it). Plain
 * stderr: it runs when the domain goes, after the last session. */
static void NEVERC_CALL formatDestroy(void *U) {
  fprintf(stderr, "object: format DestroyUserData(%u)\n",
          (unsigned)(uintptr_t)U);
}
#endif

NevercObjectFormatDescriptor toyDescriptor(uint64_t Low, const char *Name,
                                           uint16_t Minor) {
  NevercObjectFormatDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_OBJECT_FORMAT_API_MAJOR, Minor);
  D.FormatID.High = TOY_HIGH;
  D.FormatID.Low = Low;
  D.CanonicalName = sv(Name);
  D.DefaultExtension = sv(".toy");
  D.Flags = NEVERC_OBJECT_FORMAT_CAN_PROBE | NEVERC_OBJECT_FORMAT_CAN_READ |
            NEVERC_OBJECT_FORMAT_CAN_WRITE;
  D.Probe = probeFormat;
  D.Reader = readToy;
  D.Writer = writeToy;
  D.UserData = (void *)(uintptr_t)Low;
#ifdef OBJECT_TEST_FORMAT_DESTROY
  D.DestroyUserData = formatDestroy;
#endif
  return D;
}

static void formatCheck(const char *What, NevercStatus S) {
  say("RegisterFormat(%s) %s", What, sname(S));
}

NevercStatus registerFormats(void *Ctx) {
  const NevercObjectFormatAPI *FA = G.Format;
  NevercObjectFormatDescriptor D;
  NevercStatus S;
  D = toyDescriptor(TOY_LOW, "toy",
                    NEVERC_OBJECT_WRITE_REQUEST_FLAGS_API_MINOR);
  S = FA->RegisterFormat(FA->Context, Ctx, &D);
  formatCheck("toy", S);
  if (S.Code)
    return S;
  formatCheck("toy again", FA->RegisterFormat(FA->Context, Ctx, &D));
  D = toyDescriptor(TOY_LOW + 100, "toy", 1);
  formatCheck("another ID, name toy", FA->RegisterFormat(FA->Context, Ctx, &D));
  D = toyDescriptor(TOY_LOW + 100, "toy-elf", 1);
  D.FormatID.High = NEVERC_OBJECT_FORMAT_ELF_HIGH;
  D.FormatID.Low = NEVERC_OBJECT_FORMAT_ELF_LOW;
  formatCheck("the ELF ID", FA->RegisterFormat(FA->Context, Ctx, &D));
  D = toyDescriptor(TOY_LOW + 101, "toy-noread", 1);
  D.Reader = NULL;
  formatCheck("CAN_READ without a Reader",
              FA->RegisterFormat(FA->Context, Ctx, &D));
  D = toyDescriptor(TOY_LOW + 102, "toy-major", 1);
  D.Header.Major = 99;
  formatCheck("major 99", FA->RegisterFormat(FA->Context, Ctx, &D));
  formatCheck("null", FA->RegisterFormat(FA->Context, Ctx, NULL));
  D = toyDescriptor(TOY10_LOW, "toy10", 0);
  if ((S = FA->RegisterFormat(FA->Context, Ctx, &D)).Code) {
    formatCheck("toy10", S);
    return S;
  }
  formatCheck("toy10", S);
  D = toyDescriptor(BADPROBE_LOW, "badprobe", 1);
  D.Flags = NEVERC_OBJECT_FORMAT_CAN_PROBE;
  D.Reader = NULL;
  D.Writer = NULL;
  S = FA->RegisterFormat(FA->Context, Ctx, &D);
  formatCheck("badprobe", S);
  return S;
}
#endif

#if defined(OBJECT_TEST_PROVIDERS) || defined(OBJECT_TEST_PROBE_PROVIDER)
/* --- providers (OBJECT_TEST_PROVIDERS, OBJECT_TEST_PROBE_PROVIDER) -------- */

/* x86-64: mov $42, %eax; ret */
static const uint8_t AnswerCode[6] = {0xb8, 0x2a, 0x00, 0x00, 0x00, 0xc3};
static const uint8_t ValueData[4] = {7, 0, 0, 0};

/* read: a graph built from nothing (not from the compiler's bytes). */
static NevercStatus provideRead(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Text, Data, Stack;
  NevercObjectSymbolHandle Y;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor SD;
  NevercStatus S;
  if ((S = getGraph(F, F->CurrentOutput, &PG)).Code) {
    say("read provider GetGraph %s", sname(S));
    return S;
  }
  O = PG.Object;
  graphInfo(O, F->Task, PG.Graph, &GI);
  say("read provider graph sections=%" PRIu64 " gen=%" PRIu64, GI.SectionCount,
      GI.Generation);
  if ((S = O->BeginMutation(O->Context, F->Task, PG.Graph, &M)).Code)
    return S;
  D = dataSection(".text", AnswerCode, sizeof AnswerCode);
  D.Kind = NEVERC_OBJECT_SECTION_KIND_TEXT;
  D.Flags = NEVERC_OBJECT_SECTION_ALLOCATED | NEVERC_OBJECT_SECTION_EXECUTABLE;
  D.Alignment = 16;
  if (!(S = O->CreateSection(O->Context, F->Task, M, &D, &Text)).Code) {
    SD = definedSymbol("provided_answer", Text, sizeof AnswerCode);
    SD.Type = NEVERC_OBJECT_SYMBOL_TYPE_FUNCTION;
    S = O->CreateSymbol(O->Context, F->Task, M, &SD, &Y);
  }
  if (!S.Code) {
    D = dataSection(".data", ValueData, sizeof ValueData);
    D.Flags |= NEVERC_OBJECT_SECTION_WRITABLE;
    D.Alignment = 4;
    S = O->CreateSection(O->Context, F->Task, M, &D, &Data);
  }
  if (!S.Code) {
    SD = definedSymbol("provided_value", Data, sizeof ValueData);
    S = O->CreateSymbol(O->Context, F->Task, M, &SD, &Y);
  }
  if (!S.Code) {
    D = dataSection(".note.GNU-stack", NULL, 0);
    D.Flags = 0;
    S = O->CreateSection(O->Context, F->Task, M, &D, &Stack);
  }
  if (S.Code) {
    say("read provider staging %s", sname(S));
    O->AbandonMutation(O->Context, F->Task, M);
    return S;
  }
  S = O->CommitMutation(O->Context, F->Task, M);
  graphInfo(O, F->Task, PG.Graph, &GI);
  say("read provider CommitMutation %s sections=%" PRIu64 " symbols=%" PRIu64
      " gen=%" PRIu64,
      sname(S), GI.SectionCount, GI.SymbolCount, GI.Generation);
  return S;
}

/* write (mode=provide-write): the provider's own image, "PROV" and the
 * section names, through the candidate's builder. */
static NevercStatus provideWrite(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectImageInfo I;
  NevercObjectSectionHandle S;
  NevercObjectSectionInfo SI;
  NevercStatus St;
  if ((St = getGraph(F, F->Input, &PG)).Code ||
      (St = getImage(F, F->CurrentOutput, &I)).Code) {
    say("write provider %s", sname(St));
    return St;
  }
  St = I.Binary->Write(I.Binary->Context, F->Task, I.Builder, bv("PROV", 4));
  if (!St.Code)
    St = PG.Object->GetFirstSection(PG.Object->Context, F->Task, PG.Graph, &S);
  while (!St.Code && !isNull(S)) {
    if (!(St = sectionInfo(PG.Object, F->Task, S, &SI)).Code)
      St = I.Binary->Write(I.Binary->Context, F->Task, I.Builder,
                           bv(SI.Name.Data, (size_t)SI.Name.Length));
    if (!St.Code)
      St = I.Binary->Write(I.Binary->Context, F->Task, I.Builder, bv(" ", 1));
    if (!St.Code)
      St = PG.Object->GetNextSection(PG.Object->Context, F->Task, S, &S);
  }
  getImage(F, F->CurrentOutput, &I);
  say("write provider wrote %s size=%" PRIu64 " state=%s", sname(St), I.Size,
      stateName(I.State));
  return St;
}

static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *R, void *U) {
  const PhaseRow *P = (const PhaseRow *)U;
  NevercStatus S = status(0);
  NevercArtifactHandle Out = F->Input;
  switch (P->Key) {
  case P_PROBE:
    /* No slot names a format: the probe result stays empty. */
    say("probe provider answers no format");
    Out = F->CurrentOutput;
    break;
  case P_READ:
    S = provideRead(F);
    Out = F->CurrentOutput;
    break;
  case P_PRE_WRITE:
  case P_POST_LAYOUT: {
    NevercObjectPhaseGraphInfo PG;
    NevercObjectGraphInfo GI;
    if (!getGraph(F, F->Input, &PG).Code &&
        !graphInfo(PG.Object, F->Task, PG.Graph, &GI).Code)
      say("%s provider graph sections=%" PRIu64 " gen=%" PRIu64 " proof=%d",
          P->Name, GI.SectionCount, GI.Generation, GI.HasLayoutProof ? 1 : 0);
    break;
  }
  case P_WRITE:
    if (!mode("provide-write")) {
      /* FallbackSafe and RECOVERABLE: the built-in writer takes over. */
      say("write provider declines (recoverable)");
      S = status(NEVERC_STATUS_PLUGIN_FAILURE);
      S.Flags = NEVERC_STATUS_FLAG_RECOVERABLE;
      return S;
    }
    S = provideWrite(F);
    Out = F->CurrentOutput;
    break;
  default:
    break;
  }
  if (S.Code)
    return S;
  R->Action = NEVERC_PHASE_REPLACE;
  R->Output = Out;
  return status(0);
}

NevercStatus providerOn(const NevercRegistrarAPI *Reg, void *Ctx,
                        const PhaseRow *P) {
  NevercProviderDescriptor D;
  NevercStatus S;
  memset(&D, 0, sizeof D);
  D.Header =
      tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Phase.High = P->High;
  D.Phase.Low = P->Low;
  D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                            NEVERC_PLUGIN_ABI_MINOR);
  D.ProviderID = sv("object-test");
  D.FallbackSafe = NEVERC_TRUE;
  D.Callback = provide;
  D.UserData = (void *)P;
  S = Reg->RegisterProvider(Ctx, &D);
  say("RegisterProvider(%s) %s", P->Name, sname(S));
  return S;
}
#endif

#ifdef OBJECT_TEST_SEAL
static NevercStatus NEVERC_CALL provide(const NevercPhaseFrame *F,
                                        NevercPhaseResult *R, void *U) {
  (void)U;
  R->Action = NEVERC_PHASE_REPLACE;
  R->Output = F->Input;
  return status(0);
}

/* The registrar took UserData: the host destroys it once, also when it
 * refuses the registration when applying it. */
static void NEVERC_CALL sealDestroy(void *U) {
  say("seal DestroyUserData(%s)", ((const PhaseRow *)U)->Name);
}

NevercStatus sealInterceptor(const NevercRegistrarAPI *Reg, void *Ctx,
                             const PhaseRow *P) {
  NevercInterceptorDescriptor I;
  memset(&I, 0, sizeof I);
  I.Header =
      tpHeader(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = P->High;
  I.Phase.Low = P->Low;
  I.Callback = intercept;
  I.UserData = (void *)P;
  I.DestroyUserData = sealDestroy;
  return Reg->RegisterInterceptor(Ctx, &I);
}

NevercStatus provider(const NevercRegistrarAPI *Reg, void *Ctx,
                      const PhaseRow *P) {
  NevercProviderDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header =
      tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Phase.High = P->High;
  D.Phase.Low = P->Low;
  D.Route.Header = tpHeader(sizeof D.Route, NEVERC_PLUGIN_ABI_MAJOR,
                            NEVERC_PLUGIN_ABI_MINOR);
  D.ProviderID = sv("object-test");
  D.Callback = provide;
  D.UserData = (void *)P;
  D.DestroyUserData = sealDestroy;
  return Reg->RegisterProvider(Ctx, &D);
}
#endif
