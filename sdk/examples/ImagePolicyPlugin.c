/*
 * ImagePolicyPlugin: neverc refuses to write a program or shared library
 * that breaks W^X.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include ImagePolicyPlugin.c \
 *      -o ImagePolicyPlugin.so
 *   neverc -fplugin=ImagePolicyPlugin.so main.c -o main
 *
 * (CMake target neverc-plugin-example-image-policy.)
 *
 * An image verifier (NevercLinkRegistrarAPI.RegisterBinaryImageVerifier)
 * for executables and one for shared libraries. It runs at the sealed
 * neverc.link.image_verify gate, after the host's own audit, on every image
 * a link produces (lld's, or a linker provider's), and refuses one that
 *   - maps a segment both writable and executable (a PT_LOAD with W and X:
 *     what -Wl,-N or a linker script that merges .text and .data gives), or
 *   - asks for an executable stack (PT_GNU_STACK with X: -Wl,-z,execstack,
 *     or an object with no .note.GNU-stack), or has no PT_GNU_STACK at all
 *     (the kernel then maps an executable stack on most architectures).
 * Each finding is an error naming the segment; the link then fails and
 * nothing is written (the sealed commit never runs).
 *
 * How: the verifier pages the image's segments (GetBinarySegmentPage, 16 at
 * a time) through the NevercLinkAPI negotiated in Register. A verifier only
 * reads: the image's builder refuses it. No global state: the tables live
 * in the process state, which is the verifiers' UserData.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define POLICY_ID "org.neverc.example.image-policy"

typedef struct PolicyProcess {
  const NevercCoreAPI *Core;
  const NevercLinkAPI *Link;
} PolicyProcess;

static NevercABITableHeader header(uint32_t Size, uint16_t Major,
                                   uint16_t Minor) {
  NevercABITableHeader H;
  H.StructSize = Size;
  H.Major = Major;
  H.Minor = Minor;
  H.Flags = 0;
  return H;
}

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

static NevercStatus status(NevercStatusCode C) {
  NevercStatus S;
  S.Code = C;
  S.Flags = 0;
  S.Detail = 0;
  return S;
}

static void report(const PolicyProcess *P, const char *Text) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header = header(sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  D.Severity = NEVERC_DIAGNOSTIC_ERROR;
  D.PluginID = sv(POLICY_ID);
  D.Message = sv(Text);
  P->Core->EmitDiagnostic(P->Core->Context, &D, NULL);
}

static int named(NevercStringView V, const char *S) {
  return V.Length == strlen(S) && memcmp(V.Data, S, (size_t)V.Length) == 0;
}

static NevercStatus NEVERC_CALL checkImage(void *UserData,
                                           NevercTaskHandle Task,
                                           const NevercLinkRequest *Request,
                                           NevercBinaryImageHandle Image) {
  const PolicyProcess *P = (const PolicyProcess *)UserData;
  const char *What = Request->OutputKind == NEVERC_LINK_OUTPUT_SHARED_LIBRARY
                         ? "shared library"
                         : "executable";
  NevercBinarySegmentInfo Seg[16];
  NevercLinkEntityPage Page;
  NevercStatus S;
  uint64_t Cursor = 0, K, Index = 0;
  int Stack = 0, Refused = 0;
  char Text[256];
  do {
    memset(&Page, 0, sizeof Page);
    Page.Header =
        header(sizeof Page, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
    Page.Data = Seg;
    Page.ElementCapacity = 16;
    Page.ElementStride = sizeof Seg[0];
    S = P->Link->GetBinarySegmentPage(P->Link->Context, Task, Image, Cursor,
                                      &Page);
    if (!neverc_status_is_ok(S))
      return S;
    for (K = 0; K < Page.OutCount; ++K, ++Index) {
      const NevercBinarySegmentInfo *G = &Seg[K];
      const int W = (G->Flags & NEVERC_BINARY_SEGMENT_WRITE) != 0;
      const int X = (G->Flags & NEVERC_BINARY_SEGMENT_EXECUTE) != 0;
      if (named(G->Name, "PT_LOAD") && W && X) {
        snprintf(Text, sizeof Text,
                 "the %s maps segment %llu (PT_LOAD at 0x%llx, %llu bytes) "
                 "writable and executable",
                 What, (unsigned long long)Index,
                 (unsigned long long)G->Address,
                 (unsigned long long)G->MemorySize);
        report(P, Text);
        Refused = 1;
      }
      if (named(G->Name, "PT_GNU_STACK")) {
        Stack = 1;
        if (X) {
          snprintf(Text, sizeof Text,
                   "the %s asks for an executable stack (PT_GNU_STACK is "
                   "executable)",
                   What);
          report(P, Text);
          Refused = 1;
        }
      }
    }
    Cursor = Page.NextCursor;
  } while (Page.HasMore);
  if (!Stack) {
    snprintf(Text, sizeof Text,
             "the %s has no PT_GNU_STACK segment (its stack would be "
             "executable)",
             What);
    report(P, Text);
    Refused = 1;
  }
  return Refused ? status(NEVERC_STATUS_VERIFICATION_FAILED)
                 : neverc_status_ok();
}

static const void *query(const NevercCoreAPI *Core, uint64_t High,
                         uint64_t Low, uint16_t Major, uint16_t Minor) {
  NevercInterfaceID ID;
  const void *T = NULL;
  uint16_t Got = 0;
  uint64_t Size = 0;
  ID.High = High;
  ID.Low = Low;
  if (!neverc_status_is_ok(
          Core->QueryInterface(Core->Context, ID, Major, Minor, &T, &Got, &Size)))
    return NULL;
  return T;
}

static NevercStatus NEVERC_CALL policyProcessBegin(const NevercCoreAPI *Core,
                                                   void **OutProcessState) {
  PolicyProcess *P = NULL;
  const NevercLinkAPI *Link = (const NevercLinkAPI *)query(
      Core, NEVERC_INTERFACE_LINK_HIGH, NEVERC_INTERFACE_LINK_LOW,
      NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR);
  NevercStatus S;
  /* The last slot used is GetBinarySegmentPage. */
  if (!Link || Link->Header.StructSize <
                   offsetof(NevercLinkAPI, GetBinarySegmentPage) +
                       sizeof Link->GetBinarySegmentPage)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  S = Core->Allocate(Core->Context, sizeof *P, 8, (void **)&P);
  if (!neverc_status_is_ok(S))
    return S;
  P->Core = Core;
  P->Link = Link;
  *OutProcessState = P;
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL policyRegister(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *Reg,
                                               void *Ctx, void *PS) {
  const NevercLinkRegistrarAPI *R = (const NevercLinkRegistrarAPI *)query(
      Core, NEVERC_INTERFACE_LINK_REGISTRAR_HIGH,
      NEVERC_INTERFACE_LINK_REGISTRAR_LOW, NEVERC_LINK_REGISTRAR_API_MAJOR,
      NEVERC_LINK_REGISTRAR_API_MINOR);
  static const NevercLinkOutputKind Kinds[2] = {
      NEVERC_LINK_OUTPUT_EXECUTABLE, NEVERC_LINK_OUTPUT_SHARED_LIBRARY};
  static const char *const IDs[2] = {POLICY_ID ".executable",
                                     POLICY_ID ".shared-library"};
  unsigned K;
  (void)Reg;
  if (!R)
    return status(NEVERC_STATUS_MISSING_INTERFACE);
  for (K = 0; K < 2; ++K) {
    NevercBinaryImageVerifierDescriptor D;
    NevercStatus S;
    memset(&D, 0, sizeof D);
    D.Header = header(sizeof D, NEVERC_LINK_REGISTRAR_API_MAJOR,
                      NEVERC_LINK_REGISTRAR_API_MINOR);
    D.VerifierID = sv(IDs[K]);
    D.OutputKind = Kinds[K]; /* any target, any format: null IDs */
    D.Verify = checkImage;
    D.UserData = PS; /* the process state outlives every link */
    S = R->RegisterBinaryImageVerifier(R->Context, Ctx, &D);
    if (!neverc_status_is_ok(S))
      return S;
  }
  return neverc_status_ok();
}

static NevercStatus NEVERC_CALL policyDestroy(const NevercCoreAPI *Core,
                                              void *PS) {
  if (!PS)
    return neverc_status_ok();
  return Core->Deallocate(Core->Context, PS, sizeof(PolicyProcess), 8);
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
  D.PluginID = sv(POLICY_ID);
  D.DisplayName = sv("W^X image policy");
  D.Version.Major = 1;
  /* No mutable state: the callbacks may run on any thread at once. */
  D.Concurrency = NEVERC_CONCURRENCY_THREAD_SAFE;
  D.Reentrancy = NEVERC_REENTRANCY_NONE;
  D.ProcessBegin = policyProcessBegin;
  D.Register = policyRegister;
  D.Destroy = policyDestroy;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
