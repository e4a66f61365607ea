// An LTO codegen provider that misbehaves (link/test/LTOProviderTestPlugin.c),
// and NevercLTOCodegenAPI's slots with good and bad arguments, each with
// the exact status. A refused product fails the link, names the provider
// and leaves no output; an unstable cache key is reported.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -flto=thin -O2 -DMAIN -c %s -o %t/main.o
// RUN: %neverc -flto=thin -O2 -c %s -o %t/lib.o
// RUN: %neverc -flto -O2 -c %s -o %t/lib-full.o
//
// The registrar's refusals, then every slot inside and after Codegen; the
// provider returns copies of the built-in's objects made by
// CreateObjectArtifact, and the program runs.
// RUN: %neverc -fplugin=%test_plugins/LTOProviderTestPlugin.so --provider-mode slots %t/main.o %t/lib.o -o %t/slots 2>&1 | FileCheck %s --check-prefix=SLOTS
// SLOTS: lto-provider: RegisterProvider(CACHEABLE, no BuildCacheKey) INVALID_DESCRIPTOR
// SLOTS: lto-provider: RegisterProvider(no mode) INVALID_DESCRIPTOR
// SLOTS: lto-provider: RegisterProvider(unknown flag) INVALID_DESCRIPTOR
// SLOTS: lto-provider: RegisterProvider(REPLAY_REQUIRED) CAPABILITY_UNAVAILABLE
// SLOTS: lto-provider: RegisterProvider(good) OK
// SLOTS: lto-provider: RegisterProvider(same ID) DUPLICATE_ID
// SLOTS: lto-provider: codegen slots modules=2
// SLOTS-NEXT: lto-provider: RunBuiltinCodegen(short candidate) INVALID_ARGUMENT
// SLOTS-NEXT: lto-provider: RunBuiltinCodegen(no task) WRONG_TYPE
// SLOTS-NEXT: lto-provider: RunBuiltinCodegen OK objects=2
// SLOTS-NEXT: lto-provider: RunBuiltinCodegen(again) INVALID_STATE
// SLOTS-NEXT: lto-provider: CreateObjectArtifact(empty) INVALID_ARGUMENT
// SLOTS-NEXT: lto-provider: GetObjectArtifactBytes(null) WRONG_TYPE
// SLOTS-NEXT: lto-provider: CreateObjectArtifact(copies) OK objects=2
// SLOTS: lto-provider: after RunBuiltinCodegen INVALID_STATE
// SLOTS-NEXT: lto-provider: after GetObjectArtifactBytes(kept) STALE_HANDLE
// SLOTS-NEXT: lto-provider: after CreateObjectArtifact INVALID_STATE
// RUN: %t/slots | FileCheck %s --check-prefix=OUT
// OUT: twice(21)=42
//
// Objects for the wrong target: refused by name, nothing linked, no file.
// RUN: not %neverc -fplugin=%test_plugins/LTOProviderTestPlugin.so --provider-mode wrong-target %t/main.o %t/lib.o -o %t/wrong 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG: error: in neverc.link.lto_generate: LTO provider 'org.neverc.test.lto-provider' (plugin org.neverc.test.lto-provider) returned 'arm.o' for aarch64; the link is for x86_64: refused, nothing is linked
// RUN: not test -e %t/wrong
//
// A cache key that changes between two calls for one request: reported,
// not cached, and the link still made.
// RUN: %neverc -fplugin=%test_plugins/LTOProviderTestPlugin.so --provider-mode unstable-key -Wl,--thinlto-cache-dir=%t/cache %t/main.o %t/lib.o -o %t/unstable 2>&1 | FileCheck %s --check-prefix=UNSTABLE
// UNSTABLE: warning: {{.*}}LTO provider 'org.neverc.test.lto-provider' (plugin org.neverc.test.lto-provider) built two different cache keys for one request: its key is not a pure function of the request; nothing is cached
// RUN: %t/unstable | FileCheck %s --check-prefix=OUT
//
// A provider that fails, and one that returns nothing: named, no file.
// RUN: not %neverc -fplugin=%test_plugins/LTOProviderTestPlugin.so --provider-mode fail %t/main.o %t/lib-full.o -o %t/fail 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: lto-provider: codegen fail modules=2
// FAIL: error: in neverc.link.lto_generate: LTO provider 'org.neverc.test.lto-provider' (plugin org.neverc.test.lto-provider) failed to generate the code of '{{.*}}fail' (status PLUGIN_FAILURE)
// RUN: not test -e %t/fail
// RUN: not %neverc -fplugin=%test_plugins/LTOProviderTestPlugin.so --provider-mode none %t/main.o %t/lib.o -o %t/none 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: in neverc.link.lto_generate: LTO provider 'org.neverc.test.lto-provider' (plugin org.neverc.test.lto-provider) returned no objects
// RUN: not test -e %t/none

#include <stdio.h>
#ifdef MAIN
int twice(int);
int main(void) {
  printf("twice(21)=%d\n", twice(21));
  return 0;
}
#else
int twice(int X) { return 2 * X; }
#endif
