// The graph linker links shared libraries (-shared): every default-
// visibility definition exported and preemptible (calls through the PLT,
// data through the GOT, absolute words as symbolic relocations), hidden
// ones bound inside, TLS for a library (general- and local-dynamic pairs,
// DTPMOD64 for its own module), the soname, and version scripts
// (--version-script: versions defined, what `local:` hides) and GNU ld's
// --default-symver. A program uses each library the same whether lld or
// the graph linker made it, and whichever of the two links the program.
//
// RUN: rm -rf %t && mkdir -p %t/graph %t/lld
// RUN: %neverc -fPIC -O1 -DLIB -c %s -o %t/lib.o
// RUN: %neverc -fuse-ld=neverc -shared -Wl,-soname,libx.so %t/lib.o -o %t/graph/libx.so
// RUN: %clang -fuse-ld=lld -shared -Wl,-soname,libx.so %t/lib.o -o %t/lld/libx.so
// RUN: %neverc -fuse-ld=neverc %s -L%t/graph -lx -o %t/graph/prog
// RUN: %clang -fuse-ld=lld %s -L%t/lld -lx -o %t/lld/prog
// RUN: env LD_LIBRARY_PATH=%t/graph %t/graph/prog > %t/gg
// RUN: env LD_LIBRARY_PATH=%t/lld %t/lld/prog > %t/ll
// RUN: env LD_LIBRARY_PATH=%t/graph %t/lld/prog > %t/lg
// RUN: env LD_LIBRARY_PATH=%t/lld %t/graph/prog > %t/gl
// RUN: diff %t/ll %t/gg
// RUN: diff %t/ll %t/lg
// RUN: diff %t/ll %t/gl
// RUN: FileCheck %s --check-prefix=OUT < %t/gg
// OUT: 40 17 47 11
// OUT-NEXT: hello from libx 40
//
// The library's dynamic symbols and needs are lld's.
// RUN: llvm-readelf --dyn-syms -d %t/graph/libx.so | grep -E 'NEEDED|SONAME|UND|GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/g.dyn
// RUN: llvm-readelf --dyn-syms -d %t/lld/libx.so | grep -E 'NEEDED|SONAME|UND|GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/l.dyn
// RUN: diff %t/l.dyn %t/g.dyn
// RUN: llvm-readelf -hdl %t/graph/libx.so | FileCheck %s --check-prefix=LIB
// LIB: Type: DYN
// LIB-NOT: INTERP
// LIB: (SONAME) Library soname: [libx.so]
//
// A version script: versions defined, `local:` hides, as lld does.
// RUN: printf 'V_1 { global: get_counter; bump; local: hidden_*; };\nV_2 { global: hello; } V_1;\n' > %t/v.map
// RUN: %neverc -fuse-ld=neverc -shared -Wl,--version-script,%t/v.map %t/lib.o -o %t/graph/libv.so
// RUN: %clang -fuse-ld=lld -shared -Wl,--version-script,%t/v.map %t/lib.o -o %t/lld/libv.so
// RUN: llvm-readelf --dyn-syms %t/graph/libv.so | grep -E 'GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/gv.dyn
// RUN: llvm-readelf --dyn-syms %t/lld/libv.so | grep -E 'GLOBAL|WEAK' | awk '{print $NF}' | sort > %t/lv.dyn
// RUN: diff %t/lv.dyn %t/gv.dyn
// RUN: FileCheck %s --check-prefix=VERS < %t/gv.dyn
// VERS-DAG: bump@@V_1
// VERS-DAG: get_counter@@V_1
// VERS-DAG: hello@@V_2
// VERS-DAG: counter{{$}}
// RUN: llvm-readelf -V %t/graph/libv.so | FileCheck %s --check-prefix=VERDEF
// VERDEF: Flags: BASE Index: 1 Cnt: 1 Name: libv.so
// VERDEF-NEXT: Flags: none Index: 2 Cnt: 1 Name: V_1
// VERDEF-NEXT: Flags: none Index: 3 Cnt: 1 Name: V_2
//
// --default-symver (GNU ld's; lld has none): every export is versioned
// with the soname.
// RUN: %neverc -fuse-ld=neverc -shared -Wl,--default-symver -Wl,-soname,libd.so.1 %t/lib.o -o %t/graph/libd.so
// RUN: llvm-readelf -V --dyn-syms %t/graph/libd.so | FileCheck %s --check-prefix=SYMVER
// SYMVER: get_counter@@libd.so.1
// SYMVER: Flags: BASE Index: 1 Cnt: 1 Name: libd.so.1
// SYMVER-NEXT: Flags: none Index: 2 Cnt: 1 Name: libd.so.1
//
// Code that is not position independent cannot be a shared library.
// RUN: %neverc -fno-pic -O1 -DLIB -c %s -o %t/nopic.o
// RUN: not %neverc -fuse-ld=neverc -shared %t/nopic.o -o %t/graph/nopic.so 2>&1 | FileCheck %s --check-prefix=NOPIC
// NOPIC: error: in neverc.link.synthesize: relocation R_X86_64_{{32S?|PC32}} cannot be used against {{.*}}; recompile with -fPIC
// RUN: not test -e %t/graph/nopic.so

#ifdef LIB
#include <stdio.h>
int counter = 3;
__thread int tcount = 10;
static __thread int hidden_tls = 5;
int get_counter(void) { return counter; }
int bump(void) {
  hidden_tls++;
  return ++tcount + hidden_tls;
}
__attribute__((visibility("hidden"))) int hidden_fn(void) { return 7; }
int calls_hidden(void) { return hidden_fn() + get_counter(); }
const char *name(void) { return "libx"; }
int (*fptr)(void) = get_counter;
void hello(void) { printf("hello from %s %d\n", name(), fptr()); }
#else
#include <stdio.h>
extern int counter;
extern __thread int tcount;
int get_counter(void);
int bump(void);
int calls_hidden(void);
void hello(void);
int main(void) {
  counter = 40;
  printf("%d %d %d %d\n", get_counter(), bump(), calls_hidden(), tcount);
  hello();
  return 0;
}
#endif
