// An LTO codegen provider (sdk/examples/LTOProviderPlugin.c, the spec's
// com.example.my-lto): lto_generate asks it for the objects, it wraps the
// built-in code generation (NevercLTOCodegenAPI.RunBuiltinCodegen) and
// records its cache keys. Full and thin LTO link and run as without it;
// with --thinlto-cache-dir a second identical link takes its objects from
// the cache without calling Codegen, and a changed request misses.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -flto -O2 -DMAIN -c %s -o %t/main.o
// RUN: %neverc -flto -O2 -c %s -o %t/lib.o
// RUN: %neverc -flto=thin -O2 -DMAIN -c %s -o %t/main-thin.o
// RUN: %neverc -flto=thin -O2 -c %s -o %t/lib-thin.o
//
// Full LTO: one object.
// RUN: %neverc -fplugin=%plugins/LTOProviderPlugin.so %t/main.o %t/lib.o -o %t/full 2>&1 | FileCheck %s --check-prefix=FULL --implicit-check-not=error: --implicit-check-not=warning:
// FULL: my-lto: key my-lto/1:[[KEY:[0-9a-f]+]]
// FULL-NEXT: my-lto: key my-lto/1:[[KEY]]
// FULL-NEXT: my-lto: codegen full modules=2 key=my-lto/1:[[KEY]]
// FULL-NEXT: my-lto: object {{.*}} {{[1-9][0-9]*}} bytes
// FULL-NOT: my-lto: object
// RUN: %t/full | FileCheck %s --check-prefix=OUT
// OUT: twice(21)=42
//
// ThinLTO: an object per module.
// RUN: %neverc -fplugin=%plugins/LTOProviderPlugin.so %t/main-thin.o %t/lib-thin.o -o %t/thin 2>&1 | FileCheck %s --check-prefix=THIN
// THIN: my-lto: codegen thin modules=2
// THIN-COUNT-2: my-lto: object
// RUN: %t/thin | FileCheck %s --check-prefix=OUT
//
// The provider only wraps the built-in: the program is the one linked
// without it, byte for byte.
// RUN: %neverc %t/main-thin.o %t/lib-thin.o -o %t/thin-plain
// RUN: cmp %t/thin %t/thin-plain
//
// The cache: the first link stores, the second (same request) hits and
// Codegen is not called; another optimisation level is another request.
// RUN: %neverc -fplugin=%plugins/LTOProviderPlugin.so -Wl,--thinlto-cache-dir=%t/cache %t/main-thin.o %t/lib-thin.o -o %t/c1 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %neverc -fplugin=%plugins/LTOProviderPlugin.so -Wl,--thinlto-cache-dir=%t/cache %t/main-thin.o %t/lib-thin.o -o %t/c2 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: %neverc -fplugin=%plugins/LTOProviderPlugin.so -Wl,--thinlto-cache-dir=%t/cache -Wl,--lto-O1 %t/main-thin.o %t/lib-thin.o -o %t/c3 2>&1 | FileCheck %s --check-prefix=MISS
// MISS: my-lto: codegen thin
// HIT: my-lto: key
// HIT-NOT: my-lto: codegen
// RUN: cmp %t/c1 %t/c2
// RUN: %t/c2 | FileCheck %s --check-prefix=OUT
//
// DETERMINISTIC without CACHEABLE (a provider with no key of its own,
// link/test/LTOProviderTestPlugin.c): the request's digest is the key.
// RUN: %neverc -fplugin=%test_plugins/LTOProviderDeterministicPlugin.so -Wl,--thinlto-cache-dir=%t/dcache %t/main.o %t/lib.o -o %t/d1 2>&1 | FileCheck %s --check-prefix=DMISS
// RUN: %neverc -fplugin=%test_plugins/LTOProviderDeterministicPlugin.so -Wl,--thinlto-cache-dir=%t/dcache %t/main.o %t/lib.o -o %t/d2 2>&1 | FileCheck %s --check-prefix=DHIT
// DMISS: lto-provider: RegisterProvider(deterministic) OK
// DMISS: lto-provider: codegen wrap modules=2
// DHIT: lto-provider: RegisterProvider(deterministic) OK
// DHIT-NOT: lto-provider: codegen
// RUN: cmp %t/d1 %t/d2
// RUN: %t/d2 | FileCheck %s --check-prefix=OUT
//
// A link without bitcode never asks the provider.
// RUN: %neverc -O2 -DPLAIN -c %s -o %t/plain.o
// RUN: %neverc -fplugin=%plugins/LTOProviderPlugin.so %t/plain.o -o %t/plain 2>&1 | count 0

#include <stdio.h>
#ifdef MAIN
int twice(int);
int main(void) {
  printf("twice(21)=%d\n", twice(21));
  return 0;
}
#elif defined(PLAIN)
int main(void) { return 0; }
#else
int twice(int X) { return 2 * X; }
#endif
