// neverc.link.object_merge: neverc -r merges objects with the graph
// linker (lld with -fuse-ld=lld, or when the merge refuses something):
// sections of one name, type and flags joined, a COMDAT group kept once,
// globals resolved, relocations moved with their sections; the result is
// an ELF relocatable that links and runs like lld's, with lld's symbols.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -g -fcommon -DPART1 -c %s -o %t/p1.o
// RUN: %neverc -g -fcommon -DPART2 -c %s -o %t/p2.o
// RUN: %neverc -g -DMAIN -c %s -o %t/main.o
// RUN: %neverc -c %S/Inputs/merge-comdat1.s -o %t/c1.o
// RUN: %neverc -c %S/Inputs/merge-comdat2.s -o %t/c2.o
//
// RUN: %neverc -r %t/p1.o %t/p2.o %t/c1.o %t/c2.o -o %t/merged.o
// RUN: llvm-readelf -h %t/merged.o | FileCheck %s --check-prefix=REL
// REL: Type: REL (Relocatable file)
// Which linker merged is told by the address-significance table: lld
// keeps one, the graph linker drops it (every function then counts as
// address-taken for a later --icf=safe: conservative).
// RUN: llvm-readelf -S %t/merged.o | FileCheck %s --check-prefix=GRAPH
// GRAPH-NOT: .llvm_addrsig
// RUN: llvm-readelf -g %t/merged.o | FileCheck %s --check-prefix=GROUP
// GROUP: COMDAT group section {{.*}} [shared_fn] contains 1 sections:
// GROUP-NOT: COMDAT group
// RUN: llvm-readelf -n %t/merged.o | FileCheck %s --check-prefix=NOTE
// NOTE: Build ID: {{[0-9a-f]{16}$}}
// RUN: llvm-dwarfdump --verify %t/merged.o | FileCheck %s --check-prefix=DWARF
// DWARF: No errors.
//
// lld's merge of the same objects has the same symbols.
// RUN: %neverc -fuse-ld=lld -r %t/p1.o %t/p2.o %t/c1.o %t/c2.o -o %t/lld.o
// RUN: llvm-readelf -S %t/lld.o | FileCheck %s --check-prefix=LLD
// LLD: .llvm_addrsig
// RUN: llvm-nm %t/merged.o > %t/merged.nm
// RUN: llvm-nm %t/lld.o > %t/lld.nm
// RUN: diff %t/merged.nm %t/lld.nm
// RUN: FileCheck %s --check-prefix=NM < %t/merged.nm
// NM: C common_counter
// NM: T part1
// NM: T part2
// NM: d private_value
// NM: T shared_fn
//
// The merged object links and runs as its parts do.
// RUN: %neverc %t/main.o %t/merged.o -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// RUN: %neverc %t/main.o %t/p1.o %t/p2.o %t/c1.o %t/c2.o -o %t/parts
// RUN: %t/parts | FileCheck %s --check-prefix=OUT
// OUT: part1=43 part2=5 c1=7 c2=7 common=3
//
// An archive member is merged when an input needs it.
// RUN: rm -f %t/libp2.a && llvm-ar rcs %t/libp2.a %t/p2.o
// RUN: %neverc -r %t/p1.o %t/libp2.a -o %t/with-member.o
// RUN: llvm-nm %t/with-member.o | FileCheck %s --check-prefix=MEMBER
// MEMBER: T part2
//
// The phase fires: an observer sees the inputs read, then the merge, and
// changes no byte. neverc-ld merges the same way.
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so -r %t/p1.o %t/p2.o %t/c1.o %t/c2.o -o %t/observed.o 2>&1 | FileCheck %s --check-prefix=PHASES --implicit-check-not=error: --implicit-check-not=warning:
// PHASES: steps: before input_probe state=0
// PHASES: steps: after read_inputs state=2
// PHASES-NEXT: steps: before object_merge state=2
// PHASES-NEXT: steps: object_merge interceptor: the merge OK
// PHASES-NEXT: steps: after object_merge state=2
// PHASES-NOT: resolve_symbols
// RUN: cmp %t/merged.o %t/observed.o
// RUN: %clang --ld-path=%graphld -r %t/p1.o %t/p2.o %t/c1.o %t/c2.o -o %t/ld.o
// RUN: cmp %t/merged.o %t/ld.o
//
// A provider on object_merge has no merged object to publish: the link
// graph is refused there (INVALID_STATE), the link fails naming it and
// leaves nothing.
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=object_merge not %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so -r %t/p1.o %t/p2.o -o %t/provided.o 2>&1 | FileCheck %s --check-prefix=PROVIDER
// PROVIDER: steps: provider object_merge: PublishGraph INVALID_STATE
// PROVIDER: error: plugin 'org.neverc.test.graph-steps' in neverc.link.object_merge: provider 'org.neverc.test.graph-provider' failed with INVALID_STATE
// RUN: not test -e %t/provided.o
//
// Two strong definitions: lld's error, and no output.
// RUN: not %neverc -r %t/p1.o %t/p1.o -o %t/dup.o 2>&1 | FileCheck %s --check-prefix=DUP
// DUP: error: duplicate symbol: part1
// DUP-NEXT: >>> defined in {{.*}}p1.o
// DUP-NEXT: >>> defined in {{.*}}p1.o
// RUN: not test -e %t/dup.o
//
// What the merge does not take yet goes to lld, or is an error with
// -fuse-ld=neverc.
// RUN: %neverc -r %t/p1.o %t/p2.o -Wl,--gc-sections -Wl,-e,part1 -o %t/gc.o
// RUN: llvm-readelf -S %t/gc.o | FileCheck %s --check-prefix=LLD
// RUN: not %neverc -fuse-ld=neverc -r %t/p1.o -Wl,--gc-sections -o %t/gc2.o 2>&1 | FileCheck %s --check-prefix=NOTYET
// NOTYET: error: {{.*}}--gc-sections in a relocatable link (-r) is not supported by the graph linker yet; use -fuse-ld=lld
// RUN: not test -e %t/gc2.o

#ifdef PART1
int common_counter;
int part2(void);
int part1(void) { ++common_counter; return part2() + 38; }
#endif
#ifdef PART2
int common_counter;
static int private_value = 5;
int part2(void) { ++common_counter; return private_value; }
#endif
#ifdef MAIN
#include <stdio.h>
extern int common_counter;
int part1(void), part2(void), c1(void), c2(void);
int main(void) {
  int a = part1(), b = part2();
  printf("part1=%d part2=%d c1=%d c2=%d common=%d\n", a, b, c1(), c2(),
         common_counter);
  return 0;
}
#endif
