// Object-format 1.1 write policies (-fobject-write=, NEVERC_OBJECT_WRITE_*)
// and rule 12: flags that are unknown, an illegal set, or any flag for a
// 1.0 format are refused with ABI_MISMATCH before the output exists.
//
// canonical-elf-tables: a distinct, canonical .shstrtab (e_shstrndx names
// it) and a rebuilt .strtab; the symbols, relocations and code are clang's.
// No plugin is needed: the flag alone sends the object through the graph.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fobject-write=canonical-elf-tables -O1 -c %s -o %t/canon.o
// RUN: %clang -O1 -c %s -o %t/ref.o
// RUN: llvm-readelf -h -S %t/canon.o | FileCheck %s --check-prefix=CANON
// CANON: Section header string table index: [[IDX:[0-9]+]]
// CANON: ] .strtab STRTAB
// CANON: [{{ *}}[[IDX]]] .shstrtab STRTAB
// RUN: llvm-readelf -S %t/ref.o | FileCheck %s --check-prefix=REF --implicit-check-not=.shstrtab
// REF: ] .strtab STRTAB
// RUN: llvm-readelf -s -r %t/canon.o > %t/canon.syms
// RUN: llvm-readelf -s -r %t/ref.o > %t/ref.syms
// RUN: diff %t/canon.syms %t/ref.syms
// RUN: llvm-objdump -d --no-show-raw-insn %t/canon.o | tail -n +3 > %t/canon.dis
// RUN: llvm-objdump -d --no-show-raw-insn %t/ref.o | tail -n +3 > %t/ref.dis
// RUN: diff %t/canon.dis %t/ref.dis
// RUN: %clang %t/canon.o -o %t/canon
// RUN: %t/canon | FileCheck %s --check-prefix=EXEC
// EXEC: policy 12
//
// canonical-elf-tables,drop-debug-info with -g: no debug section (nor a
// relocation section of one) is left; the tables are canonical; the
// program links and runs.
// RUN: %neverc -fobject-write=canonical-elf-tables,drop-debug-info -g -O1 -c %s -o %t/nodebug.o
// RUN: llvm-readelf -h -S %t/nodebug.o | FileCheck %s --check-prefix=NODEBUG --implicit-check-not=.debug_
// NODEBUG: Section header string table index: [[IDX:[0-9]+]]
// NODEBUG: ] .strtab STRTAB
// NODEBUG: ] .text PROGBITS
// NODEBUG: [{{ *}}[[IDX]]] .shstrtab STRTAB
// RUN: %clang -g -O1 -c %s -o %t/ref-g.o
// RUN: llvm-readelf -S %t/ref-g.o | FileCheck %s --check-prefix=REFG
// REFG: ] .debug_info PROGBITS
// RUN: %clang %t/nodebug.o -o %t/nodebug
// RUN: %t/nodebug | FileCheck %s --check-prefix=EXEC
//
// drop-debug-info alone (and android-kernel-release alone) is an illegal
// set: the write refuses it before any output exists; the write's chain
// (ObjectTestPlugin mode=flags reports it) fails with ABI_MISMATCH.
// RUN: mkdir -p %t/drop
// RUN: not %neverc -fobject-write=drop-debug-info -g -O1 -c %s -o %t/drop/a.o 2>&1 | FileCheck %s --check-prefix=ILLEGAL4
// ILLEGAL4: error: illegal object write flags 0x4 (legal: none, or canonical-elf-tables alone or with drop-debug-info and/or android-kernel-release) [neverc, neverc.object.write]
// ILLEGAL2: error: illegal object write flags 0x2 (legal: none,
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=flags -fobject-write=drop-debug-info -g -O1 -c %s -o %t/drop/a.o 2>&1 | FileCheck %s --check-prefixes=ILLEGAL4,ABI
// ABI:      remark: object: write chain ABI_MISMATCH [plugin org.neverc.test.object]
// ABI-NEXT: error: interceptor failed with ABI_MISMATCH [plugin org.neverc.test.object, neverc.object.write]
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=flags -fobject-write=android-kernel-release -O1 -c %s -o %t/drop/a.o 2>&1 | FileCheck %s --check-prefixes=ILLEGAL2,ABI
// RUN: ls -A %t/drop > %t/drop.list
// RUN: not grep . %t/drop.list
//
// canonical-elf-tables,android-kernel-release is legal, but the built-in
// writer does not implement the release-name replay (it is not specified):
// CAPABILITY_UNAVAILABLE with an error saying so, never a silent write.
// RUN: mkdir -p %t/akr
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=flags -fobject-write=canonical-elf-tables,android-kernel-release -O1 -c %s -o %t/akr/a.o 2>&1 | FileCheck %s --check-prefix=AKR
// AKR:      error: cannot write '{{.*}}a.o': ELF writer: ANDROID_KERNEL_RELEASE: its release-name replay is not specified, so it is not implemented [neverc, neverc.object.write]
// AKR-NEXT: remark: object: write chain CAPABILITY_UNAVAILABLE
// RUN: ls -A %t/akr > %t/akr.list
// RUN: not grep . %t/akr.list
//
// An unknown word is the driver's to refuse, clang-style, before any job.
// RUN: mkdir -p %t/bogus
// RUN: not %neverc -fobject-write=bogus -O1 -c %s -o %t/bogus/a.o 2>&1 | FileCheck %s --check-prefix=BOGUS
// BOGUS: neverc: error: unknown object write policy 'bogus' in '-fobject-write=bogus' (known: canonical-elf-tables, drop-debug-info, android-kernel-release)
// RUN: not %neverc -fobject-write=canonical-elf-tables,bogus -O1 -c %s -o %t/bogus/a.o 2>&1 | FileCheck %s --check-prefix=BOGUS2
// BOGUS2: neverc: error: unknown object write policy 'bogus' in '-fobject-write=canonical-elf-tables,bogus'
// RUN: ls -A %t/bogus > %t/bogus.list
// RUN: not grep . %t/bogus.list
//
// A plugin format: "toy10" states object-format 1.0 (descriptor minor 0),
// so any flag is refused for it with ABI_MISMATCH before its writer runs
// (ObjectFormatPlugin mode=flags: toy10 claims the object). Without flags
// its writer gets an ordinary request: minor 0, flags 0.
// RUN: mkdir -p %t/toy10
// RUN: not %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -fplugin-arg=org.neverc.test.object:mode=flags -fobject-write=canonical-elf-tables -O1 -c %s -o %t/toy10/a.o 2>&1 | FileCheck %s --check-prefix=TOY10 --implicit-check-not='toy10 writer'
// TOY10:      remark: object: toy10 probe claims
// TOY10:      error: object format 'toy10' is a 1.0 format: it takes no write flags [neverc, neverc.object.write]
// TOY10-NEXT: remark: object: write chain ABI_MISMATCH
// TOY10-NEXT: error: interceptor failed with ABI_MISMATCH [plugin org.neverc.test.object, neverc.object.write]
// RUN: ls -A %t/toy10 > %t/toy10.list
// RUN: not grep . %t/toy10.list
// RUN: %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -fplugin-arg=org.neverc.test.object:mode=flags -O1 -c %s -o %t/toy10.o 2>&1 | FileCheck %s --check-prefix=TOY10OK --implicit-check-not=error:
// TOY10OK: remark: object: toy10 writer request minor=0 flags=0x0 format=toy10
// TOY10OK: remark: object: toy10 writer wrote 17 bytes, ReadAt OK magic=1
// RUN: od -An -c %t/toy10.o | FileCheck %s --check-prefix=TOYBYTES
// TOYBYTES: T O Y 1 001 \0 \0 \0 t o y . d a t a
//
// "toy" states 1.1: its writer gets the flag (request minor 1, flags 0x1),
// implements no policy and refuses it with CAPABILITY_UNAVAILABLE, which
// the host passes on; no output.
// RUN: mkdir -p %t/toy
// RUN: not %neverc -fplugin=%test_plugins/ObjectFormatPlugin.so -fplugin-arg=org.neverc.test.object:mode=toy -fobject-write=canonical-elf-tables -O1 -c %s -o %t/toy/a.o 2>&1 | FileCheck %s --check-prefix=TOY11
// TOY11:      remark: object: toy writer request minor=1 flags=0x1 format=toy
// TOY11-NEXT: remark: object: toy writer refuses the flags: CAPABILITY_UNAVAILABLE
// TOY11-NEXT: error: object format 'toy' could not write '{{.*}}a.o' [neverc, neverc.object.write]
// TOY11-NEXT: remark: object: write chain CAPABILITY_UNAVAILABLE
// RUN: ls -A %t/toy > %t/toy.list
// RUN: not grep . %t/toy.list

#include <stdio.h>

static int twice(int x) { return 2 * x; }
int main(void) {
  printf("policy %d\n", twice(6));
  return 0;
}
