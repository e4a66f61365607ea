// The graph linker is neverc's default linker, with or without plugins;
// -fuse-ld=lld (or --ld-path=) picks lld, and what the graph linker does
// not make yet goes to lld without a word (nothing was written by then).
// lld marks its images with a "Linker: ... LLD" .comment string; the graph
// linker writes none.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -c %s -o %t/main.o
//
// No flag: the graph linker, plugin-free or with a plugin that does not
// watch the link (MinimalPlugin).
// RUN: %neverc %t/main.o -o %t/default
// RUN: %t/default | FileCheck %s --check-prefix=OUT
// RUN: llvm-readelf -p .comment %t/default | FileCheck %s --check-prefix=GRAPH
// RUN: %neverc -fplugin=%plugins/MinimalPlugin.so %t/main.o -o %t/plugin 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: cmp %t/default %t/plugin
// RUN: %neverc -fuse-ld=neverc %t/main.o -o %t/explicit
// RUN: cmp %t/default %t/explicit
// The image is written through a mapping of the staged file; a device is
// written to (not mapped), standard output gets the same bytes, and the
// file's mode is lld's (executable, less the umask).
// RUN: %neverc %t/main.o -o - > %t/stdout
// RUN: cmp %t/default %t/stdout
// RUN: %neverc %t/main.o -o /dev/null
// RUN: test -x %t/default
// GRAPH-NOT: LLD
// OUT: 6
//
// -fuse-ld=lld: lld, with and without plugins.
// RUN: %neverc -fuse-ld=lld %t/main.o -o %t/lld
// RUN: llvm-readelf -p .comment %t/lld | FileCheck %s --check-prefix=LLD
// RUN: %neverc -fuse-ld=lld -fplugin=%plugins/MinimalPlugin.so %t/main.o -o %t/lld-plugin
// RUN: cmp %t/lld %t/lld-plugin
// RUN: %clang -fuse-ld=lld %t/main.o -o %t/clang-lld
// RUN: cmp %t/lld %t/clang-lld
// LLD: Linker: {{.*}}LLD
//
// What the graph linker does not make yet: lld makes it, quietly; with
// -fuse-ld=neverc it is an error naming it.
// (lld's --no-rosegment here.)
// RUN: %neverc -Wl,--no-rosegment %s -o %t/not-yet 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: %t/not-yet | FileCheck %s --check-prefix=OUT
// RUN: llvm-readelf -p .comment %t/not-yet | FileCheck %s --check-prefix=LLD
// RUN: %neverc -fplugin=%plugins/MinimalPlugin.so -Wl,--no-rosegment %s -o %t/not-yet2 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: %t/not-yet2 | FileCheck %s --check-prefix=OUT
// RUN: not %neverc -fuse-ld=neverc -Wl,--no-rosegment %s -o %t/refused 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not test -e %t/refused
// REFUSED: error: {{.*}}the option '--no-rosegment' is not supported by the graph linker yet; use -fuse-ld=lld
// QUIET-NOT: {{.}}
//
// A relocatable link (-r) is the graph linker's merge (object-merge.c);
// LTO (bitcode inputs) is the graph linker's too (lto.c): no LLD in
// .comment.
// RUN: %neverc -r %t/main.o -o %t/merged.o
// RUN: llvm-readelf -h %t/merged.o | FileCheck %s --check-prefix=REL
// REL: Type: REL
// RUN: %neverc -flto -O2 %s -o %t/lto
// RUN: %t/lto | FileCheck %s --check-prefix=OUT
// RUN: llvm-readelf -p .comment %t/lto | FileCheck %s --check-prefix=NOLLD
// NOLLD-NOT: Linker: LLD
//
// A real error is the graph linker's, in lld's words, and nothing is left.
// RUN: not %neverc -DUNDEF %s -o %t/undef 2>&1 | FileCheck %s --check-prefix=UNDEF
// RUN: not test -e %t/undef
// UNDEF: neverc: error: undefined symbol: nowhere
//
// A shared library with no library inputs still has its dynamic section
// and exports (once missed: no .dynamic without a needed library).
// RUN: %neverc -shared -fPIC -nostdlib -DLIB %s -o %t/lib.so
// RUN: llvm-readelf -d --dyn-syms %t/lib.so | FileCheck %s --check-prefix=SO
// SO: Dynamic section
// SO: GLOBAL DEFAULT {{.*}} exported
//
// RUN: %neverc -c %s -DUSE -o %t/use.o
// RUN: %neverc %t/use.o %t/lib.so -Wl,-rpath,%t -o %t/use
// RUN: %t/use | FileCheck %s --check-prefix=OUT
// A library found through -l with no soname is needed by its file name,
// one given by path by that path (lld's rule).
// RUN: cp %t/lib.so %t/libnosoname.so
// RUN: %neverc %t/use.o -L%t -lnosoname -Wl,-rpath,%t -o %t/use-l
// RUN: llvm-readelf -d %t/use-l | FileCheck %s --check-prefix=NEEDED-L
// NEEDED-L: Shared library: [libnosoname.so]
// RUN: llvm-readelf -d %t/use | FileCheck %s --check-prefix=NEEDED-PATH
// NEEDED-PATH: Shared library: [{{.*}}lib.so]
// RUN: %clang -fuse-ld=lld %t/use.o -L%t -lnosoname -o %t/use-lld
// RUN: llvm-readelf -d %t/use-lld | FileCheck %s --check-prefix=NEEDED-L
// RUN: %t/use-l | FileCheck %s --check-prefix=OUT

#ifdef LIB
int exported(void) { return 6; }
#else
#include <stdio.h>
#ifdef UNDEF
void nowhere(void);
#endif
#ifdef USE
int exported(void);
#else
static int exported(void) { return 6; }
#endif
int main(void) {
#ifdef UNDEF
  nowhere();
#endif
  printf("%d\n", exported());
  return 0;
}
#endif
