// The graph linker's first steps (neverc_link_graph: read_inputs and symbol
// resolution, tools/neverc-linktool) against lld: the archive members a
// link extracts, who extracted them and for which symbol, in lld's
// --why-extract order, must be lld's exactly.
//
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %clang -c -fcommon main.c strong.c helper.c weak.c common.c forced.c start.c
// RUN: rm -f lib.a && llvm-ar rcs lib.a strong.o helper.o weak.o common.o forced.o start.o
//
// A chain (strong -> helper), a weak reference (extracts nothing), a
// common (a lazy definition does not replace it), -u (a reference from no
// file, before the inputs) and the entry symbol (after them).
// RUN: %linktool why-extract main.o lib.a -u forced -o out > ours.txt
// RUN: ld.lld main.o lib.a -u forced -o out --why-extract=theirs.txt
// RUN: diff ours.txt theirs.txt
// RUN: FileCheck %s --input-file=ours.txt
// CHECK:      reference	extracted	symbol
// CHECK-NEXT: main.o	lib.a(strong.o)	strong
// CHECK-NEXT: lib.a(strong.o)	lib.a(helper.o)	helper
// CHECK-NEXT: <internal>	lib.a(forced.o)	forced
// CHECK-NEXT: --entry	lib.a(start.o)	_start
// CHECK-NOT:  weak.o
// CHECK-NOT:  common.o
//
// The archive first: lld still extracts (its lazy symbols wait), and
// --whole-archive extracts every member with no record.
// RUN: %linktool why-extract lib.a main.o -o out > ours2.txt
// RUN: ld.lld lib.a main.o -o out --why-extract=theirs2.txt
// RUN: diff ours2.txt theirs2.txt
// RUN: %linktool inputs main.o --whole-archive lib.a -o out | FileCheck %s --check-prefix=WHOLE
// WHOLE: member lib.a(weak.o)
// WHOLE: symbols undefined=0 lazy=0
//
// Real links, as neverc's driver builds them: a dynamic one against glibc
// (libc.so is a linker script: GROUP, AS_NEEDED) and a static one (several
// hundred extractions out of libc.a).
// RUN: %neverc -c hello.c -o hello.o
// RUN: sh -c '%neverc -### hello.o -o hello 2>&1 | grep ld.lld | sed "s/^ \"[^\"]*\"//" | tr -d "\"" > dyn.args'
// RUN: sh -c '%linktool why-extract $(cat dyn.args) > dyn-ours.txt'
// RUN: sh -c 'ld.lld $(cat dyn.args) --why-extract=dyn-theirs.txt'
// RUN: diff dyn-ours.txt dyn-theirs.txt
// RUN: sh -c '%neverc -### -static hello.o -o hello-static 2>&1 | grep ld.lld | sed "s/^ \"[^\"]*\"//" | tr -d "\"" > static.args'
// RUN: sh -c '%linktool why-extract $(cat static.args) > static-ours.txt'
// RUN: sh -c 'ld.lld $(cat static.args) --why-extract=static-theirs.txt'
// RUN: diff static-ours.txt static-theirs.txt
// RUN: FileCheck %s --check-prefix=STATIC --input-file=static-ours.txt
// STATIC: libc.a(libc-start.o)	__libc_start_main
//
// What it does not read yet is an error naming it.
// RUN: not %linktool why-extract main.o missing.o -o out 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: neverc-linktool: error: cannot open missing.o: No such file or directory
// RUN: printf 'SECTIONS { }\n' > script.ld
// RUN: not %linktool why-extract main.o script.ld -o out 2>&1 | FileCheck %s --check-prefix=SCRIPT
// SCRIPT: neverc-linktool: error: script.ld: linker script command 'SECTIONS' is not read by the graph linker yet

//--- main.c
extern int strong(void);
extern int weakref(void) __attribute__((weak));
int common_var;
int main(void) { return strong() + (weakref ? weakref() : 0) + common_var; }
//--- strong.c
int helper(void);
int strong(void) { return helper(); }
//--- helper.c
int helper(void) { return 1; }
//--- weak.c
int weakref(void) { return 2; }
//--- common.c
int common_var = 5;
//--- forced.c
int forced(void) { return 3; }
//--- start.c
int main(void);
void _start(void) { main(); }
//--- hello.c
#include <stdio.h>
int main(void) {
  puts("hello");
  return 0;
}
