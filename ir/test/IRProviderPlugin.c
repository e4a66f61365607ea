/*
 * Providers of neverc.ir.generate and neverc.ir.optimize through
 * NevercIRGenAPI / NevercIROptimizationAPI (tests/lit/ir/provider.c). The
 * mode comes from IR_PROVIDER:
 *   gen-import    the module is textual IR imported and published: main
 *                 returns 42
 *   gen-build     the module is built with the builder table: main
 *                 returns 7
 *   gen-target    the first publication names another target and is
 *                 refused; the module is fixed and published again
 *   opt-builtin   the optimize provider runs the built-in pipeline and
 *                 publishes its output as is (the object is clang's)
 *   opt-edit      the optimize provider edits the incoming module (a string
 *                 attribute on main) and publishes it without the pipeline
 *   misuse        the slots' refusals, each with its status
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>

#define PROV_ID "org.neverc.test.ir-provider"

static const NevercIRGenAPI *Gen;
static const NevercIROptimizationAPI *Opt;
static const char *Mode = "";

static int is(const char *M) { return !strcmp(Mode, M); }

static void line(const char *What, NevercStatus Got, NevercStatusCode Want) {
  fprintf(stderr, "provider: %s -> %s %s\n", What, tpCode(Got),
          Got.Code == Want ? "ok" : "FAILED");
}

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

/* "define i32 @main() { ret i32 <N> }" for the compile's target. */
static NevercByteView mainReturning(const NevercIRGeneratePhaseInput *In,
                                    const char *Triple, int N, char *Buf,
                                    size_t Size) {
  NevercByteView B;
  int Len;
  if (Triple)
    Len = snprintf(Buf, Size,
                   "target datalayout = \"%.*s\"\ntarget triple = \"%s\"\n"
                   "define i32 @main() {\n  ret i32 %d\n}\n",
                   (int)In->DataLayout.Length, In->DataLayout.Data, Triple, N);
  else
    Len = snprintf(Buf, Size,
                   "target datalayout = \"%.*s\"\ntarget triple = \"%.*s\"\n"
                   "define i32 @main() {\n  ret i32 %d\n}\n",
                   (int)In->DataLayout.Length, In->DataLayout.Data,
                   (int)In->TargetTriple.Length, In->TargetTriple.Data, N);
  B.Data = (const uint8_t *)Buf;
  B.Length = Len > 0 ? (uint64_t)Len : 0;
  return B;
}

static NevercIRModuleArtifactDescriptor descriptor(uint16_t Major,
                                                   uint16_t Minor) {
  NevercIRModuleArtifactDescriptor D;
  static const uint8_t Digest[4] = {1, 2, 3, 4};
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, Major, Minor);
  D.Product.High = 0x4e43544553540001; /* a test product */
  D.Product.Low = 7;
  D.DependencyDigest.Data = Digest;
  D.DependencyDigest.Length = sizeof Digest;
  return D;
}

/* main returning 7, made with the builder in the provider's own module. */
static NevercStatus buildMain(NevercTaskHandle Task, const NevercIRCoreAPI *C,
                              const NevercIRBuilderAPI *B) {
  NevercIRModuleHandle M;
  NevercIRTypeHandle I32, FnTy;
  NevercIRMutationHandle Mu;
  NevercIRBuilderHandle Bd;
  NevercIRValueHandle Fn, Entry, Seven, Ret;
  uint64_t W = 7;
  NevercStatus S;
  C->GetModule(C->Context, Task, &M);
  C->GetIntegerType(C->Context, Task, 32, &I32);
  C->GetFunctionType(C->Context, Task, I32, NULL, 0, 0, &FnTy);
  if ((S = B->BeginMutation(B->Context, Task, NEVERC_IR_MUTATION_SCOPE_MODULE,
                            M, &Mu)).Code)
    return S;
  S = B->CreateFunction(B->Context, Task, Mu, FnTy, sv("main"), &Fn);
  if (!S.Code)
    S = B->CreateBasicBlock(B->Context, Task, Mu, Fn, sv("entry"), &Entry);
  if (!S.Code)
    S = B->CreateBuilder(B->Context, Task, Mu, &Bd);
  if (!S.Code) {
    S = B->SetInsertBlock(B->Context, Task, Bd, Entry);
    if (!S.Code)
      S = C->CreateIntegerConstant(C->Context, Task, I32, &W, 1, &Seven);
    if (!S.Code)
      S = B->BuildReturn(B->Context, Task, Bd, Seven, &Ret);
    B->DestroyBuilder(B->Context, Task, Bd);
  }
  if (!S.Code)
    S = B->CommitMutation(B->Context, Task, Mu);
  else
    B->AbortMutation(B->Context, Task, Mu);
  B->DestroyMutation(B->Context, Task, Mu);
  return S;
}

static NevercStatus NEVERC_CALL provideGenerate(const NevercPhaseFrame *F,
                                                NevercPhaseResult *R,
                                                void *UD) {
  NevercIRGeneratePhaseInput In;
  NevercIRModuleArtifactDescriptor D =
      descriptor(NEVERC_IR_GEN_API_MAJOR, NEVERC_IR_GEN_API_MINOR);
  NevercIRModuleArtifactInfo Info;
  const NevercIRCoreAPI *C = NULL;
  const NevercIRBuilderAPI *B = NULL;
  char Buf[1024];
  NevercStatus S;
  (void)UD;
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_IR_GEN_API_MAJOR,
                       NEVERC_IR_GEN_API_MINOR);
  S = Gen->GetGeneratePhaseInput(Gen->Context, F, F->Input, &In);
  line("GetGeneratePhaseInput", S, NEVERC_STATUS_OK);
  if (S.Code)
    return S;
  fprintf(stderr, "provider: input: triple %.*s, data layout %s, source %s\n",
          (int)In.TargetTriple.Length, In.TargetTriple.Data,
          In.DataLayout.Length ? "set" : "EMPTY",
          In.SourceIdentity.Length ? "named" : "EMPTY");
  if (is("gen-build")) {
    S = Gen->CreateModule(Gen->Context, F, sv("built-by-plugin"), &C, &B);
    line("CreateModule", S, NEVERC_STATUS_OK);
    if (S.Code || (S = buildMain(F->Task, C, B)).Code)
      return S;
  } else {
    S = Gen->ImportModule(
        Gen->Context, F, NEVERC_IR_SERIALIZATION_TEXT,
        mainReturning(&In, is("gen-target") ? "aarch64-unknown-linux-gnu" : NULL,
                      42, Buf, sizeof Buf),
        &C, &B);
    line("ImportModule(text)", S, NEVERC_STATUS_OK);
    if (S.Code)
      return S;
  }
  if (is("gen-target")) {
    line("PublishModule(another target)",
         Gen->PublishModule(Gen->Context, F, &D, &R->Output),
         NEVERC_STATUS_VERIFICATION_FAILED);
    C->SetModuleTargetTriple(C->Context, F->Task, In.TargetTriple);
  }
  S = Gen->PublishModule(Gen->Context, F, &D, &R->Output);
  line("PublishModule", S, NEVERC_STATUS_OK);
  if (S.Code)
    return S;
  memset(&Info, 0, sizeof Info);
  Info.Header = tpHeader(sizeof Info, NEVERC_IR_GEN_API_MAJOR,
                         NEVERC_IR_GEN_API_MINOR);
  S = Gen->GetModuleArtifactInfo(Gen->Context, F, R->Output, &Info);
  line("GetModuleArtifactInfo: product and digest as published", S,
       Info.Product.High == D.Product.High && Info.Product.Low == 7 &&
               Info.DependencyDigest.Length == 4 &&
               Info.DependencyDigest.Data[3] == 4 && tpSame(Info.TargetTriple,
               "") == 0
           ? NEVERC_STATUS_OK
           : NEVERC_STATUS_INVALID_STATE);
  R->Action = NEVERC_PHASE_REPLACE;
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL provideOptimize(const NevercPhaseFrame *F,
                                                NevercPhaseResult *R,
                                                void *UD) {
  NevercIROptimizationPhaseInput In;
  NevercIRModuleArtifactDescriptor D = descriptor(
      NEVERC_IR_OPTIMIZATION_API_MAJOR, NEVERC_IR_OPTIMIZATION_API_MINOR);
  const NevercIRCoreAPI *C = NULL;
  const NevercIRBuilderAPI *B = NULL;
  NevercStatus S;
  (void)UD;
  memset(&In, 0, sizeof In);
  In.Header = tpHeader(sizeof In, NEVERC_IR_OPTIMIZATION_API_MAJOR,
                       NEVERC_IR_OPTIMIZATION_API_MINOR);
  S = Opt->GetOptimizationPhaseInput(Opt->Context, F, F->Input, &In);
  line("GetOptimizationPhaseInput", S, NEVERC_STATUS_OK);
  if (S.Code)
    return S;
  fprintf(stderr, "provider: optimize input: O%u, disable-llvm-passes %u\n",
          (unsigned)In.OptimizationLevel, (unsigned)In.DisableLLVMPasses);
  if (is("misuse")) {
    line("Gen.CreateModule with an ir.optimize frame",
         Gen->CreateModule(Gen->Context, F, sv("x"), &C, &B),
         NEVERC_STATUS_WRONG_SCOPE);
    line("GetInputModule(not an artifact)",
         Opt->GetInputModule(Opt->Context, F, F->Cancellation, &C, &B),
         NEVERC_STATUS_WRONG_TYPE);
    line("PublishModule(descriptor NULL)",
         Opt->PublishModule(Opt->Context, F, NULL, &R->Output),
         NEVERC_STATUS_INVALID_ARGUMENT);
  }
  if (is("opt-builtin") || is("misuse")) {
    S = Opt->RunBuiltinPipeline(Opt->Context, F, &R->Output);
    line("RunBuiltinPipeline", S, NEVERC_STATUS_OK);
    R->Action = NEVERC_PHASE_REPLACE;
    return S;
  }
  S = Opt->GetInputModule(Opt->Context, F, F->Input, &C, &B);
  line("GetInputModule", S, NEVERC_STATUS_OK);
  if (S.Code)
    return S;
  {
    NevercIRModuleHandle M;
    NevercIRValueCursor Cur;
    NevercIRValueHandle Fns[16];
    NevercIRAttributeHandle A;
    uint64_t N = 0, I;
    C->GetModule(C->Context, F->Task, &M);
    memset(&Cur, 0, sizeof Cur);
    C->BeginValueCursor(C->Context, F->Task, M,
                        NEVERC_IR_COLLECTION_MODULE_FUNCTIONS, &Cur);
    C->CollectValueCursor(C->Context, F->Task, &Cur, Fns, 16, &N);
    C->CreateStringAttribute(C->Context, F->Task, sv("neverc-optimized-by"),
                             sv("provider"), &A);
    for (I = 0; I < N; ++I) {
      NevercStringView Name;
      C->GetValueName(C->Context, F->Task, Fns[I], &Name);
      if (tpSame(Name, "main"))
        line("AddFunctionAttribute(main)",
             C->AddFunctionAttribute(C->Context, F->Task, Fns[I],
                                     NEVERC_IR_ATTRIBUTE_LOCATION_FUNCTION, 0,
                                     A),
             NEVERC_STATUS_OK);
    }
  }
  S = Opt->PublishModule(Opt->Context, F, &D, &R->Output);
  line("PublishModule(the edited input)", S, NEVERC_STATUS_OK);
  R->Action = NEVERC_PHASE_REPLACE;
  return S;
}

static NevercStatus NEVERC_CALL observeOptimize(const NevercPhaseFrame *F,
                                                NevercObserverPoint P,
                                                void *UD) {
  const NevercIRCoreAPI *C = NULL;
  const NevercIRBuilderAPI *B = NULL;
  (void)UD;
  if (P == NEVERC_OBSERVER_BEFORE)
    line("GetInputModule from an observer",
         Opt->GetInputModule(Opt->Context, F, F->Input, &C, &B),
         NEVERC_STATUS_POLICY_VIOLATION);
  return status(NEVERC_STATUS_OK);
}

/* A pass at optimizer_last: it runs only inside the built-in pipeline. */
static NevercStatus NEVERC_CALL lastPass(const NevercIRPassInvocation *Inv,
                                         NevercIRPreservedAnalyses *Kept,
                                         void *UD) {
  (void)Inv, (void)UD;
  fprintf(stderr, "provider: optimizer_last pass ran\n");
  Kept->Flags = NEVERC_IR_PRESERVE_ALL;
  return status(NEVERC_STATUS_OK);
}

static NevercStatus provider(const NevercRegistrarAPI *R, void *RC,
                             uint64_t Low, NevercPhaseProviderFn Fn) {
  NevercProviderDescriptor P;
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  P.Route.Header = tpHeader(sizeof P.Route, NEVERC_PLUGIN_ABI_MAJOR,
                            NEVERC_PLUGIN_ABI_MINOR);
  P.Phase.High = NEVERC_PHASE_IR_GENERATE_HIGH;
  P.Phase.Low = Low;
  P.ProviderID = sv(Low == NEVERC_PHASE_IR_GENERATE_LOW ? "test.ir.generate"
                                                        : "test.ir.optimize");
  P.Deterministic = NEVERC_TRUE;
  P.Callback = Fn;
  return R->RegisterProvider(RC, &P);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  const NevercIRPassAPI *Pass;
  NevercIRPassDescriptor P;
  NevercStatus S;
  (void)PS;
  Mode = getenv("IR_PROVIDER") ? getenv("IR_PROVIDER") : "";
  Gen = (const NevercIRGenAPI *)tpQuery(Core, NEVERC_INTERFACE_IR_GEN_HIGH,
                                        NEVERC_INTERFACE_IR_GEN_LOW,
                                        NEVERC_IR_GEN_API_MAJOR,
                                        NEVERC_IR_GEN_API_MINOR);
  Opt = (const NevercIROptimizationAPI *)tpQuery(
      Core, NEVERC_INTERFACE_IR_OPTIMIZATION_HIGH,
      NEVERC_INTERFACE_IR_OPTIMIZATION_LOW, NEVERC_IR_OPTIMIZATION_API_MAJOR,
      NEVERC_IR_OPTIMIZATION_API_MINOR);
  Pass = (const NevercIRPassAPI *)tpQuery(Core, NEVERC_INTERFACE_IR_PASS_HIGH,
                                          NEVERC_INTERFACE_IR_PASS_LOW,
                                          NEVERC_IR_PASS_API_MAJOR,
                                          NEVERC_IR_PASS_API_MINOR);
  if (!Gen || !Opt || !Pass)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  if (!strncmp(Mode, "gen-", 4))
    return provider(R, RC, NEVERC_PHASE_IR_GENERATE_LOW, provideGenerate);
  if ((S = provider(R, RC, NEVERC_PHASE_IR_OPTIMIZE_LOW, provideOptimize)).Code)
    return S;
  if (is("misuse")) {
    NevercObserverDescriptor O;
    memset(&O, 0, sizeof O);
    O.Header = tpHeader(sizeof O, NEVERC_PLUGIN_ABI_MAJOR,
                        NEVERC_PLUGIN_ABI_MINOR);
    O.Phase.High = NEVERC_PHASE_IR_OPTIMIZE_HIGH;
    O.Phase.Low = NEVERC_PHASE_IR_OPTIMIZE_LOW;
    O.Points = NEVERC_OBSERVER_BEFORE;
    O.Callback = observeOptimize;
    if ((S = R->RegisterObserver(RC, &O)).Code)
      return S;
  }
  memset(&P, 0, sizeof P);
  P.Header = tpHeader(sizeof P, NEVERC_IR_PASS_API_MAJOR,
                      NEVERC_IR_PASS_API_MINOR);
  P.PassID = sv("provider.last");
  P.Phase.High = NEVERC_PHASE_IR_PASS_OPTIMIZER_LAST_HIGH;
  P.Phase.Low = NEVERC_PHASE_IR_PASS_OPTIMIZER_LAST_LOW;
  P.Level = NEVERC_IR_PASS_LEVEL_MODULE;
  P.Run = lastPass;
  return Pass->RegisterPass(Pass->Context, RC, &P);
}

NEVERC_TEST_PLUGIN_ENTRY(PROV_ID, PROV_ID, registerPlugin, NULL, NULL, NULL)
