// LTO through the graph linker: -flto and -flto=thin objects, bitcode
// archive members extracted lazily, bitcode next to regular objects, and
// ThinLTO's cache. lto_resolve decides each symbol's resolution (read back
// through NevercLTOAPI by sdk/examples/LTOResolutionsPlugin.c),
// lto_generate runs LLVM's LTO and reads its objects into the graph. The
// programs print what lld-linked ones print.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -flto -O2 -DMAIN -c %s -o %t/main.o
// RUN: %neverc -flto -O2 -DLIB -c %s -o %t/lib.o
// RUN: %neverc -O2 -DPLAIN -c %s -o %t/plain.o
// RUN: llvm-bcanalyzer %t/lib.o > /dev/null
//
// Full LTO, the graph linker chosen by name (a refusal would be an error).
// RUN: %neverc -fuse-ld=neverc %t/main.o %t/lib.o %t/plain.o -o %t/full
// RUN: %t/full | FileCheck %s --check-prefix=OUT
// OUT: twice(20)=42 plain=7 used=1
// OUT-NEXT: lib destructor ran
// RUN: %clang -fuse-ld=lld %t/main.o %t/lib.o %t/plain.o -o %t/lld
// RUN: %t/lld | FileCheck %s --check-prefix=OUT
// Not lld's: lld writes its name into .comment.
// RUN: llvm-readelf -p .comment %t/full | FileCheck %s --check-prefix=GRAPH
// GRAPH-NOT: Linker: LLD
// Across files: twice is inlined into main, and lib_unused is gone.
// RUN: llvm-nm %t/full | FileCheck %s --check-prefix=NM
// NM-NOT: twice
// NM-NOT: lib_unused
// NM: T main
//
// ThinLTO, and a bitcode archive whose member only a reference extracts.
// RUN: %neverc -flto=thin -O2 -DMAIN -c %s -o %t/main-thin.o
// RUN: %neverc -flto=thin -O2 -DLIB -c %s -o %t/lib-thin.o
// RUN: rm -f %t/liblto.a && llvm-ar rcs %t/liblto.a %t/lib-thin.o
// RUN: %neverc -fuse-ld=neverc %t/main-thin.o %t/plain.o -L%t -llto -o %t/thin
// RUN: %t/thin | FileCheck %s --check-prefix=OUT
// RUN: %neverc -fuse-ld=neverc -Wl,--why-extract=%t/why.txt %t/main-thin.o %t/plain.o %t/liblto.a -o %t/thin2
// RUN: FileCheck %s --check-prefix=WHY < %t/why.txt
// WHY: main-thin.o	{{.*}}liblto.a(lib-thin.o)	twice
//
// The resolutions, as lto_resolve computed them.
// RUN: %neverc -fplugin=%plugins/LTOResolutionsPlugin.so %t/main.o %t/lib.o %t/plain.o -o %t/observed 2>&1 | FileCheck %s --check-prefix=RES
// RES: lto: request full modules=2 resolutions={{[0-9]+}} O2
// RES-DAG: lto: main {{.*}}main.o prevailing,visible,final,inline,regular-ref
// RES-DAG: lto: twice {{.*}}lib.o prevailing,final,inline,internalize
// RES-DAG: lto: plain_value {{.*}}main.o visible,final,inline,regular-ref
// RES-DAG: lto: printf {{.*}}main.o inline
// RES-DAG: lto: lib_used {{.*}}lib.o prevailing,visible,final,inline
// RES-DAG: lto: lib_unused {{.*}}lib.o prevailing,final,inline,internalize
// RUN: %neverc -fplugin=%plugins/LTOResolutionsPlugin.so %t/main-thin.o %t/lib-thin.o %t/plain.o -o %t/observed-thin 2>&1 | FileCheck %s --check-prefix=THINRES
// THINRES: lto: request thin modules=2
// Observing changes no byte.
// RUN: cmp %t/full %t/observed
// RUN: %neverc -O2 -c %s -o %t/tiny.o
// RUN: %neverc -fplugin=%plugins/LTOResolutionsPlugin.so -fuse-ld=neverc %t/tiny.o -o %t/none 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: lto: no request (status NOT_FOUND)
//
// ThinLTO's cache: the first link fills it, the second one's objects come
// from it, the same program either way.
// RUN: %neverc -fuse-ld=neverc -Wl,--thinlto-cache-dir=%t/cache %t/main-thin.o %t/lib-thin.o %t/plain.o -o %t/cached1
// RUN: ls %t/cache | grep -c llvmcache- | FileCheck %s --check-prefix=CACHE
// CACHE: 2
// RUN: %neverc -fuse-ld=neverc -Wl,--thinlto-cache-dir=%t/cache %t/main-thin.o %t/lib-thin.o %t/plain.o -o %t/cached2
// RUN: cmp %t/cached1 %t/cached2
// RUN: %t/cached2 | FileCheck %s --check-prefix=OUT
// A loaded plugin is part of every key: the same link with one makes
// entries of its own (and hits them the next time).
// RUN: %neverc -fplugin=%plugins/LTOResolutionsPlugin.so -Wl,--thinlto-cache-dir=%t/cache %t/main-thin.o %t/lib-thin.o %t/plain.o -o %t/cached3 2>/dev/null
// RUN: ls %t/cache | grep -c llvmcache- | FileCheck %s --check-prefix=CACHE4
// RUN: %neverc -fplugin=%plugins/LTOResolutionsPlugin.so -Wl,--thinlto-cache-dir=%t/cache %t/main-thin.o %t/lib-thin.o %t/plain.o -o %t/cached4 2>/dev/null
// RUN: ls %t/cache | grep -c llvmcache- | FileCheck %s --check-prefix=CACHE4
// CACHE4: 4
// RUN: cmp %t/cached3 %t/cached4
//
// What it does not link yet is refused by name (and lld links it by
// default): bitcode in a relocatable link.
// RUN: not %neverc -fuse-ld=neverc -r %t/main.o %t/lib.o -o %t/merged.o 2>&1 | FileCheck %s --check-prefix=REL
// REL: error: {{.*}}main.o: bitcode in a relocatable link (-r) is not merged by the graph linker yet; use -fuse-ld=lld
// RUN: %neverc -r %t/main.o %t/lib.o -o %t/merged.o
// RUN: llvm-nm %t/merged.o | FileCheck %s --check-prefix=MERGED
// MERGED: T main

#include <stdio.h>

#if defined(MAIN)
int twice(int);
int lib_used(void);
int plain_value(void);
int main(void) {
  printf("twice(20)=%d plain=%d used=%d\n", twice(20) + 2, plain_value(),
         lib_used());
  return 0;
}
#elif defined(LIB)
int twice(int X) { return 2 * X; }
int lib_unused(void) { return 5; }
// Kept: a regular object calls it.
int lib_used(void) { return 1; }
// LTO's objects put it in .fini_array, as lld's do (not .dtors, which
// glibc does not run).
__attribute__((destructor)) static void bye(void) {
  printf("lib destructor ran\n");
}
#elif defined(PLAIN)
int lib_used(void);
int plain_value(void) { return 6 + lib_used(); }
#else
int main(void) { return 0; }
#endif
