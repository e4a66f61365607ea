/*
 * ObjectRewritePlugin: a transactional rewrite of the object graph.
 *
 *   cc -shared -fPIC -std=c11 -I<sdk>/include ObjectRewritePlugin.c \
 *      -o ObjectRewritePlugin.so
 *   neverc -fplugin=ObjectRewritePlugin.so -c in.c -o in.o
 *   llvm-readelf -S in.o        # shows .neverc_ex
 *
 * (CMake target neverc-plugin-example-object-rewrite.)
 *
 * - Register negotiates NevercObjectPhaseAPI 1.0 and gives it to its one
 *   interceptor, on neverc.object.pre_write, as UserData;
 * - the interceptor asks for the graph behind the phase's input, opens a
 *   mutation and stages a section .neverc_ex (kind data, allocated,
 *   alignment 1, 29 marker bytes) and a weak symbol neverc_ex_marker over
 *   it, commits (or abandons when a step failed), and only then runs the
 *   rest of the chain: the built-in writer writes the section with the rest;
 * - a program linked from such objects reads the marker through the
 *   symbol (weak, so every object may carry one);
 * - everything else in the object is written back as it was.
 */
#include "neverc/Plugin/NevercPluginAPI.h"

#include <string.h>

#define REWRITE_ID "org.neverc.example.object-rewrite"

static const char Marker[29] = "neverc object rewrite marker";

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

/* Stages the section and its symbol in mutation M. */
static NevercStatus stage(const NevercObjectAPI *Object, NevercTaskHandle Task,
                          NevercObjectMutationHandle M) {
  NevercObjectSectionDescriptor S;
  NevercObjectSymbolDescriptor Y;
  NevercObjectSectionHandle Section;
  NevercObjectSymbolHandle Symbol;
  NevercStatus St;
  memset(&S, 0, sizeof S);
  S.Header = header(sizeof S, NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR);
  S.Name = sv(".neverc_ex");
  S.Kind = NEVERC_OBJECT_SECTION_KIND_DATA;
  S.Flags = NEVERC_OBJECT_SECTION_ALLOCATED;
  S.Alignment = 1;
  S.Data.Data = (const uint8_t *)Marker;
  S.Data.Length = sizeof Marker;
  St = Object->CreateSection(Object->Context, Task, M, &S, &Section);
  if (!neverc_status_is_ok(St))
    return St;
  memset(&Y, 0, sizeof Y);
  Y.Header = header(sizeof Y, NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR);
  Y.Name = sv("neverc_ex_marker");
  Y.Binding = NEVERC_OBJECT_SYMBOL_BINDING_WEAK;
  Y.Visibility = NEVERC_OBJECT_SYMBOL_VISIBILITY_DEFAULT;
  Y.Type = NEVERC_OBJECT_SYMBOL_TYPE_OBJECT;
  Y.Definition = NEVERC_OBJECT_SYMBOL_DEFINITION_DEFINED;
  Y.Section = Section;
  Y.Size = sizeof Marker;
  return Object->CreateSymbol(Object->Context, Task, M, &Y, &Symbol);
}

static NevercStatus NEVERC_CALL onPreWrite(const NevercPhaseFrame *Frame,
                                           NevercPhaseContinuation *Next,
                                           NevercPhaseResult *Result,
                                           void *UserData) {
  const NevercObjectPhaseAPI *Phase = (const NevercObjectPhaseAPI *)UserData;
  NevercObjectPhaseGraphInfo G;
  const NevercObjectAPI *Object;
  NevercObjectMutationHandle M;
  NevercStatus S;
  memset(&G, 0, sizeof G);
  G.Header = header(sizeof G, NEVERC_OBJECT_PHASE_API_MAJOR,
                    NEVERC_OBJECT_PHASE_API_MINOR);
  S = Phase->GetGraph(Phase->Context, Frame, Frame->Input, &G);
  if (!neverc_status_is_ok(S))
    return S;
  Object = G.Object;
  S = Object->BeginMutation(Object->Context, Frame->Task, G.Graph, &M);
  if (!neverc_status_is_ok(S))
    return S;
  S = stage(Object, Frame->Task, M);
  if (!neverc_status_is_ok(S)) {
    Object->AbandonMutation(Object->Context, Frame->Task, M);
    return S;
  }
  S = Object->CommitMutation(Object->Context, Frame->Task, M);
  if (!neverc_status_is_ok(S)) {
    Object->AbandonMutation(Object->Context, Frame->Task, M);
    return S;
  }
  S = Next->InvokeNext(Next, Frame, Result);
  if (!neverc_status_is_ok(S))
    return S;
  /* Keep the graph the chain produced (this one, rewritten). */
  Result->Action = NEVERC_PHASE_CONTINUE;
  memset(&Result->Output, 0, sizeof Result->Output);
  memset(&Result->Proof, 0, sizeof Result->Proof);
  return S;
}

static NevercStatus NEVERC_CALL rewriteRegister(const NevercCoreAPI *Core,
                                                const NevercRegistrarAPI *Reg,
                                                void *Ctx, void *ProcessState) {
  const void *Table = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercInterfaceID ID;
  NevercInterceptorDescriptor I;
  NevercStatus S;
  (void)ProcessState;
  ID.High = NEVERC_INTERFACE_OBJECT_PHASE_HIGH;
  ID.Low = NEVERC_INTERFACE_OBJECT_PHASE_LOW;
  S = Core->QueryInterface(Core->Context, ID, NEVERC_OBJECT_PHASE_API_MAJOR,
                           NEVERC_OBJECT_PHASE_API_MINOR, &Table, &Minor,
                           &Size);
  if (!neverc_status_is_ok(S))
    return S;
  if (Size < sizeof(NevercObjectPhaseAPI))
    return status(NEVERC_STATUS_VERSION_MISMATCH);
  memset(&I, 0, sizeof I);
  I.Header = header(sizeof I, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR);
  I.Phase.High = NEVERC_PHASE_OBJECT_PRE_WRITE_HIGH;
  I.Phase.Low = NEVERC_PHASE_OBJECT_PRE_WRITE_LOW;
  I.Callback = onPreWrite;
  I.UserData = (void *)Table;
  return Reg->RegisterInterceptor(Ctx, &I);
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
  D.PluginID = sv(REWRITE_ID);
  D.DisplayName = sv("Object graph rewrite");
  D.Version.Major = 1;
  D.Concurrency = NEVERC_CONCURRENCY_THREAD_SAFE;
  D.Reentrancy = NEVERC_REENTRANCY_NONE;
  D.Register = rewriteRegister;
  memcpy(OutPlugin, &D, Capacity < sizeof D ? Capacity : sizeof D);
  return neverc_status_ok();
}
