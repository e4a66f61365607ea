// The SDK example ObjectRewritePlugin (sdk/examples/ObjectRewritePlugin.c):
// an interceptor on neverc.object.pre_write commits a section .neverc_ex
// (29 marker bytes, allocated data, alignment 1) and a weak symbol
// neverc_ex_marker over it, then runs the chain; the built-in writer
// writes them with the rest, which stays as it was. A program linked from
// such objects (each carries a weak marker) reads the marker at run time.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/ObjectRewritePlugin.so -O1 -DLIB -c %s -o %t/lib.o 2>&1 | FileCheck %s --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: llvm-readelf -S -s %t/lib.o | FileCheck %s --check-prefix=ELF
// ELF: ] .neverc_ex PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 00001d 00 A 0 0 1
// ELF: 29 OBJECT WEAK DEFAULT {{[0-9]+}} neverc_ex_marker
// RUN: llvm-readelf -x .neverc_ex %t/lib.o | FileCheck %s --check-prefix=HEX
// HEX:      0x00000000 6e657665 7263206f 626a6563 74207265 neverc object re
// HEX-NEXT: 0x00000010 77726974 65206d61 726b6572 00 write marker.
//
// The rest is clang-22's: the same code, relocations and other symbols.
// RUN: %clang -O1 -DLIB -c %s -o %t/ref.o
// RUN: llvm-objdump -dr --no-show-raw-insn %t/lib.o | tail -n +3 > %t/lib.dis
// RUN: llvm-objdump -dr --no-show-raw-insn %t/ref.o | tail -n +3 > %t/ref.dis
// RUN: diff %t/lib.dis %t/ref.dis
//
// The main object carries a marker too (weak: the two do not clash) and
// reads it through its weak reference.
// RUN: %neverc -fplugin=%plugins/ObjectRewritePlugin.so -O1 -c %s -o %t/main.o
// RUN: llvm-readelf -S %t/main.o | FileCheck %s --check-prefix=MAIN
// MAIN: ] .neverc_ex PROGBITS
// RUN: %clang %t/main.o %t/lib.o -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=EXEC
// EXEC: marker: neverc object rewrite marker
// EXEC: lib: 43
//
// Without the plugin there is no marker.
// RUN: %clang -O1 -c %s -o %t/plain-main.o
// RUN: %clang %t/plain-main.o %t/ref.o -o %t/plain
// RUN: %t/plain | FileCheck %s --check-prefix=PLAIN
// PLAIN: marker: none

#include <stdio.h>

#ifdef LIB
int lib_value(int x) { return x + 1; }
#else
extern const char neverc_ex_marker[] __attribute__((weak));
int lib_value(int);
int main(void) {
  if (neverc_ex_marker)
    printf("marker: %.28s\n", neverc_ex_marker);
  else
    printf("marker: none\n");
  printf("lib: %d\n", lib_value(42));
  return 0;
}
#endif
