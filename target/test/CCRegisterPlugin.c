/*
 * CCRegisterPlugin: NevercCallingConventionAPI through the C ABI
 * (tests/lit/callconv/register.c).
 *
 * Register calls RegisterCallingConvention with descriptors that break one
 * rule each and says what it got: a remark "cc-check <name>: <status>"
 * (the test checks the exact status), then registers two conventions:
 *  - "test.r11r10" for x86-64, planned by PlanCallingConvention: argument
 *    0 in r11, argument 1 in r10, further ones on the stack, the result in
 *    rcx, callee-saved by name (rbx, r12). It remarks what the query held
 *    and refuses (PLUGIN_FAILURE) a function with more than 3 arguments;
 *  - "test.native" for AArch64, the native LLVM convention PreserveMost
 *    (14): no plan, the host gives the function that convention.
 * Then NevercTargetABIAPI.RegisterABI, one rule broken at a time
 * ("abi-check <name>"), and a well-formed ABI for each built-in target,
 * which Clang 22 cannot take (CAPABILITY_UNAVAILABLE).
 * SessionBegin tries one more registration, after registration time.
 * The conventions' UserData is the core table.
 * Register numbers are LLVM 22's (LOCKSTEP): the callback compares the
 * schema digest first.
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <string.h>

#define ID "org.neverc.test.cc-register"

/* LLVM 22's x86-64 register numbers (schema llvm22-x86_64-*). */
enum { RCX = 54, R10 = 121, R11 = 122 };

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

static void remark(const NevercCoreAPI *Core, const char *Message) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_REMARK;
  D.Code = 7001;
  D.PluginID = sv(ID);
  D.Message = sv(Message);
  Core->EmitDiagnostic(Core->Context, &D, NULL);
}

static void report(const NevercCoreAPI *Core, const char *Name,
                   NevercStatus S) {
  char Message[128];
  snprintf(Message, sizeof Message, "cc-check %s: %d", Name, (int)S.Code);
  remark(Core, Message);
}

/* The conventions' UserData is the core table (for the remarks). */
static const NevercCoreAPI *CoreOf(void *UserData) {
  return (const NevercCoreAPI *)UserData;
}

static const NevercCallingConventionAPI *conventions(const NevercCoreAPI *Core) {
  const NevercCallingConventionAPI *CC =
      (const NevercCallingConventionAPI *)tpQuery(
          Core, NEVERC_INTERFACE_CALLING_CONVENTION_HIGH,
          NEVERC_INTERFACE_CALLING_CONVENTION_LOW,
          NEVERC_CALLING_CONVENTION_API_MAJOR,
          NEVERC_CALLING_CONVENTION_API_MINOR);
  return CC && CC->Header.StructSize >= sizeof *CC ? CC : NULL;
}

static NevercStatus NEVERC_CALL plan(void *UserData,
                                     const NevercCallingConventionQuery *Q,
                                     NevercCallingConventionPlan *Plan) {
  static NevercCallingConventionLocation Args[3], Ret[1];
  char Message[256];
  uint64_t I, N = Q->Function.Parameters.Count;
  const NevercABITypeDescriptor *P =
      (const NevercABITypeDescriptor *)Q->Function.Parameters.Data;
  snprintf(Message, sizeof Message,
           "plan query: target=%llx:%llx cc=%llx:%llx schema=%.*s params=%llu "
           "ret-kind=%u ret-bits=%u param0-kind=%u variadic=%u",
           (unsigned long long)Q->TargetID.High,
           (unsigned long long)Q->TargetID.Low,
           (unsigned long long)Q->CallingConventionID.High,
           (unsigned long long)Q->CallingConventionID.Low,
           (int)Q->SchemaDigest.Length, Q->SchemaDigest.Data,
           (unsigned long long)N, Q->Function.ReturnType.Kind,
           Q->Function.ReturnType.BitWidth, N ? P[0].Kind : 0,
           Q->Function.Variadic);
  remark(CoreOf(UserData), Message);
  if (Q->SchemaDigest.Length < 13 ||
      memcmp(Q->SchemaDigest.Data, "llvm22-x86_64", 13) != 0)
    return status(NEVERC_STATUS_ABI_MISMATCH);
  if (N > 3)
    return status(NEVERC_STATUS_PLUGIN_FAILURE);
  memset(Args, 0, sizeof Args);
  memset(Ret, 0, sizeof Ret);
  for (I = 0; I < N; ++I) {
    Args[I].Header = tpHeader(sizeof Args[I], NEVERC_CALLING_CONVENTION_API_MAJOR,
                            NEVERC_CALLING_CONVENTION_API_MINOR);
    Args[I].ValueIndex = (uint32_t)I;
    Args[I].Size = 8;
    Args[I].Alignment = 8;
    if (I < 2) {
      Args[I].Kind = NEVERC_CC_LOCATION_REGISTER;
      Args[I].RegisterNumber = I == 0 ? R11 : R10;
    } else {
      Args[I].Kind = NEVERC_CC_LOCATION_STACK;
      Args[I].StackOffset = 0;
    }
  }
  Ret[0].Header = tpHeader(sizeof Ret[0], NEVERC_CALLING_CONVENTION_API_MAJOR,
                         NEVERC_CALLING_CONVENTION_API_MINOR);
  Ret[0].Kind = NEVERC_CC_LOCATION_REGISTER;
  Ret[0].Size = 8;
  Ret[0].Alignment = 8;
  Ret[0].RegisterNumber = RCX;
  Plan->ArgumentLocations.Data = Args;
  Plan->ArgumentLocations.Count = N;
  Plan->ArgumentLocations.ElementStride = sizeof Args[0];
  Plan->ReturnLocations.Data = Ret;
  Plan->ReturnLocations.Count = Q->Function.ReturnType.Kind ==
                                        NEVERC_ABI_TYPE_VOID
                                    ? 0
                                    : 1;
  Plan->ReturnLocations.ElementStride = sizeof Ret[0];
  Plan->StackAlignment = 16;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL classify(
    void *UserData, const NevercABIFunctionQuery *Query,
    NevercABIArgumentClassification *ReturnValue,
    NevercABIArgumentClassificationArray *Arguments) {
  (void)UserData, (void)Query, (void)ReturnValue, (void)Arguments;
  return status(NEVERC_STATUS_PLUGIN_FAILURE); /* never called */
}

static NevercTargetABIDescriptor baseABI(void) {
  NevercTargetABIDescriptor A;
  memset(&A, 0, sizeof A);
  A.Header = tpHeader(sizeof A, NEVERC_TARGET_ABI_API_MAJOR,
                      NEVERC_TARGET_ABI_API_MINOR);
  A.ABIID.High = UINT64_C(0x5445535441424900);
  A.ABIID.Low = 1;
  A.TargetID.High = NEVERC_TARGET_ID_X86_64_HIGH;
  A.TargetID.Low = NEVERC_TARGET_ID_X86_64_LOW;
  A.CanonicalName = sv("test.abi");
  A.ClassifyFunction = classify;
  A.VAArg.Header = tpHeader(sizeof A.VAArg, NEVERC_TARGET_ABI_API_MAJOR,
                            NEVERC_TARGET_ABI_API_MINOR);
  A.VAArg.Kind = NEVERC_ABI_VA_ARG_LLVM;
  A.VAArg.SlotSize = 8;
  A.VAArg.SlotAlignment = 8;
  return A;
}

static void checkABIs(const NevercCoreAPI *Core, void *Ctx) {
  const NevercTargetABIAPI *T = (const NevercTargetABIAPI *)tpQuery(
      Core, NEVERC_INTERFACE_TARGET_ABI_HIGH, NEVERC_INTERFACE_TARGET_ABI_LOW,
      NEVERC_TARGET_ABI_API_MAJOR, NEVERC_TARGET_ABI_API_MINOR);
  NevercTargetABIDescriptor A;
  char Name[64];
  int Dummy = 0;
  if (!T || T->Header.StructSize < sizeof *T) {
    remark(Core, "abi-check table: missing");
    return;
  }
#define ABI_CHECK(Label, Edit)                                                 \
  do {                                                                         \
    A = baseABI();                                                             \
    Edit;                                                                      \
    snprintf(Name, sizeof Name, "abi-%s", Label);                              \
    report(Core, Name, T->RegisterABI(T->Context, Ctx, &A));                   \
  } while (0)
  report(Core, "abi-null", T->RegisterABI(T->Context, Ctx, NULL));
  A = baseABI();
  report(Core, "abi-foreign-registrar",
         T->RegisterABI(T->Context, &Dummy, &A));
  ABI_CHECK("major-2", A.Header.Major = 2);
  ABI_CHECK("short-header", A.Header.StructSize = 16);
  ABI_CHECK("zero-id", A.ABIID.High = 0; A.ABIID.Low = 0);
  ABI_CHECK("no-name", A.CanonicalName.Length = 0);
  ABI_CHECK("no-classifier", A.ClassifyFunction = NULL);
  ABI_CHECK("flags", A.Flags = 1);
  ABI_CHECK("va-kind", A.VAArg.Kind = 7);
  ABI_CHECK("va-header", A.VAArg.Header.StructSize = 8);
  ABI_CHECK("dependencies", A.Dependencies.Count = 1);
  ABI_CHECK("unknown-target", A.TargetID.Low = 99);
  ABI_CHECK("x86-64", (void)0);
  ABI_CHECK("aarch64", A.TargetID.High = NEVERC_TARGET_ID_AARCH64_HIGH;
            A.TargetID.Low = NEVERC_TARGET_ID_AARCH64_LOW;
            A.VAArg.Kind = NEVERC_ABI_VA_ARG_VOID_POINTER);
#undef ABI_CHECK
}

static NevercCallingConventionDescriptor base(NevercPlanCallingConventionFn Fn,
                                              void *UserData) {
  static const NevercStringView Saved[2] = {{"rbx", 3}, {"r12", 3}};
  NevercCallingConventionDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = tpHeader(sizeof D, NEVERC_CALLING_CONVENTION_API_MAJOR,
                    NEVERC_CALLING_CONVENTION_API_MINOR);
  D.CallingConventionID.High = UINT64_C(0x5445535443430000);
  D.CallingConventionID.Low = 1;
  D.TargetID.High = NEVERC_TARGET_ID_X86_64_HIGH;
  D.TargetID.Low = NEVERC_TARGET_ID_X86_64_LOW;
  D.CanonicalName = sv("test.r11r10");
  D.CalleeSavedRegisters.Data = Saved;
  D.CalleeSavedRegisters.Count = 2;
  D.CalleeSavedRegisters.ElementStride = sizeof Saved[0];
  D.PlanCallingConvention = Fn;
  D.UserData = UserData;
  return D;
}

static NevercStatus NEVERC_CALL doRegister(const NevercCoreAPI *Core,
                                           const NevercRegistrarAPI *Reg,
                                           void *Ctx, void *ProcessState) {
  const NevercCallingConventionAPI *CC = conventions(Core);
  void *UserData = (void *)(uintptr_t)Core;
  NevercCallingConventionDescriptor D;
  static const NevercStringView BadSaved[1] = {{"", 0}};
  NevercStatus S;
  int Dummy = 0;
  (void)Reg, (void)ProcessState;
  if (!CC)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
#define CHECK(Name, Edit)                                                      \
  do {                                                                         \
    D = base(plan, UserData);                                              \
    Edit;                                                                      \
    report(Core, Name, CC->RegisterCallingConvention(CC->Context, Ctx, &D));   \
  } while (0)
  report(Core, "null-descriptor",
         CC->RegisterCallingConvention(CC->Context, Ctx, NULL));
  D = base(plan, UserData);
  report(Core, "foreign-registrar",
         CC->RegisterCallingConvention(CC->Context, &Dummy, &D));
  CHECK("major-2", D.Header.Major = 2);
  CHECK("short-header", D.Header.StructSize = 16);
  CHECK("zero-id", D.CallingConventionID.High = 0;
        D.CallingConventionID.Low = 0);
  CHECK("empty-name", D.CanonicalName.Length = 0);
  CHECK("flags", D.Flags = 1);
  CHECK("reserved", D.Reserved = 1);
  CHECK("llvm-cc-1000", D.LLVMCallingConvention = 1000);
  CHECK("llvm-cc-2000", D.LLVMCallingConvention = 2000);
  CHECK("v1.0-without-native",
        D.Header.StructSize =
            (uint32_t)offsetof(NevercCallingConventionDescriptor,
                               PlanCallingConvention));
  CHECK("no-plan-no-native", D.PlanCallingConvention = NULL);
  CHECK("empty-callee-saved-name", D.CalleeSavedRegisters.Data = BadSaved;
        D.CalleeSavedRegisters.Count = 1);
  CHECK("unknown-target", D.TargetID.Low = 99);
  /* Not a convention x86-64's backend lowers (it would lower it as C). */
  CHECK("llvm-cc-foreign", D.LLVMCallingConvention = 97);
  CHECK("spec-convention-id",
        D.CallingConventionID.High = NEVERC_CALLING_CONVENTION_ID_SPEC_HIGH;
        D.CallingConventionID.Low = NEVERC_CALLING_CONVENTION_ID_SPEC_LOW);
  CHECK("valid", (void)0);
  CHECK("duplicate-id", (void)0);
  /* AArch64: PreserveMost, a convention LLVM's AArch64 backend has. */
  CHECK("native-aarch64",
        D.TargetID.High = NEVERC_TARGET_ID_AARCH64_HIGH;
        D.TargetID.Low = NEVERC_TARGET_ID_AARCH64_LOW;
        D.CallingConventionID.Low = 2; D.CanonicalName = sv("test.native");
        D.LLVMCallingConvention = 14; D.PlanCallingConvention = NULL);
#undef CHECK
  checkABIs(Core, Ctx);
  S = neverc_status_ok();
  return S;
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle Session,
                                             void *ProcessState,
                                             void **OutState) {
  const NevercCallingConventionAPI *CC = conventions(Core);
  NevercCallingConventionDescriptor D = base(plan, (void *)(uintptr_t)Core);
  (void)Session, (void)ProcessState;
  D.CallingConventionID.Low = 3;
  /* Registration time is over: whichever registrar context is given. */
  report(Core, "after-registration",
         CC->RegisterCallingConvention(CC->Context, (void *)(uintptr_t)Core,
                                       &D));
  *OutState = NULL;
  return neverc_status_ok();
}

NEVERC_TEST_PLUGIN_ENTRY(ID, "calling-convention registration test",
                         doRegister, sessionBegin, NULL, NULL)
