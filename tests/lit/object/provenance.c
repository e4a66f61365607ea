// The SDK example BuildProvenancePlugin (sdk/examples/BuildProvenancePlugin.c):
// every object a compile writes gets a non-allocated ELF note section
// .note.neverc.provenance (SHT_NOTE through an NCSE v2 record, alignment 4)
// with one note: owner "neverc", type 0x4e430001, and text lines
// compiler=, flags= (the driver command line after argv[0]; -fplugin= and
// -fplugin-arg= are the host's and do not appear), source=,
// source-sha256= and object=.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%plugins/BuildProvenancePlugin.so -O1 -DLIB -c %s -o %t/lib.o 2>&1 | FileCheck %s --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
//
// A proper note section: type NOTE, no flags (not allocated), alignment 4.
// RUN: llvm-readelf -S %t/lib.o | FileCheck %s --check-prefix=SEC
// SEC: ] .note.neverc.provenance NOTE {{0+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 00 0 0 4
// RUN: llvm-readelf -n %t/lib.o | FileCheck %s --check-prefix=NOTES
// NOTES:      Displaying notes found in: .note.neverc.provenance
// NOTES-NEXT:   Owner Data size Description
// NOTES-NEXT:   neverc 0x{{[0-9a-f]+}} Unknown note type: (0x4e430001)
// NOTES-NEXT:    description data: 63 6f 6d 70 69 6c 65 72 3d 6e 65 76 65 72 63 0a
// RUN: llvm-readelf -x .note.neverc.provenance %t/lib.o | FileCheck %s --check-prefix=HEX
// HEX:      0x00000000 07000000 {{[0-9a-f]+}} 0100434e 6e657665 {{.*}}CNneve
// HEX-NEXT: 0x00000010 72630000 636f6d70 696c6572 3d6e6576 rc..compiler=nev
//
// Read back: neverc-objtool (next to neverc) dumps the section raw; the text
// starts after the 12-byte header and the 8-byte name.
// RUN: %objtool section %t/lib.o .note.neverc.provenance > %t/lib.note
// RUN: tail -c +21 %t/lib.note | tr -d '\000' > %t/lib.txt
// RUN: FileCheck %s --check-prefix=LINES --input-file=%t/lib.txt
// LINES:      {{^}}compiler=neverc{{$}}
// LINES-NEXT: {{^}}flags=-O1 -DLIB -c {{[^ ]*}}provenance.c -o {{[^ ]*}}/lib.o{{$}}
// LINES-NEXT: {{^}}source={{.*}}provenance.c{{$}}
// LINES-NEXT: {{^}}source-sha256={{[0-9a-f]+}}{{$}}
// LINES-NEXT: {{^}}object={{.*}}/lib.o{{$}}
// LINES-EMPTY:
//
// The digest is the source's.
// RUN: sha256sum %s | sed -e 's/ .*//' -e 's/^/source-sha256=/' > %t/want.sha
// RUN: grep '^source-sha256=' %t/lib.txt > %t/got.sha
// RUN: diff %t/want.sha %t/got.sha
//
// compiler= comes from the plugin's option; flags= keeps each argument a
// shell word.
// RUN: %neverc -fplugin=%plugins/BuildProvenancePlugin.so '-fplugin-arg=org.neverc.example.build-provenance:compiler=neverc 0.1.0' '-DGREETING="hi there"' -c %s -o %t/opt.o
// RUN: %objtool section %t/opt.o .note.neverc.provenance > %t/opt.note
// RUN: FileCheck %s --check-prefix=OPT --input-file=%t/opt.note
// OPT: compiler=neverc 0.1.0{{$}}
// OPT-NEXT: {{^}}flags='-DGREETING="hi there"' -c {{[^ ]*}}provenance.c -o {{[^ ]*}}/opt.o{{$}}
//
// From stdin there are no bytes left to hash: source=- and no digest.
// RUN: %neverc -fplugin=%plugins/BuildProvenancePlugin.so -x c -DLIB -c - -o %t/stdin.o < %s 2>&1 | FileCheck %s --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %objtool section %t/stdin.o .note.neverc.provenance > %t/stdin.note
// RUN: FileCheck %s --check-prefix=STDIN --input-file=%t/stdin.note --implicit-check-not=source-sha256
// STDIN: {{^}}flags=-x c -DLIB -c - -o {{[^ ]*}}/stdin.o{{$}}
// STDIN-NEXT: {{^}}source=-{{$}}
// STDIN-NEXT: {{^}}object={{.*}}/stdin.o{{$}}
//
// With -save-temps the object is assembled from a .s made from a .i; the
// source is still the .c file.
// RUN: %neverc -fplugin=%plugins/BuildProvenancePlugin.so -save-temps=obj -DLIB -c %s -o %t/temps.o
// RUN: %objtool section %t/temps.o .note.neverc.provenance > %t/temps.note
// RUN: FileCheck %s --check-prefix=TEMPS --input-file=%t/temps.note
// TEMPS: {{^}}source={{.*}}provenance.c{{$}}
// TEMPS-NEXT: {{^}}source-sha256={{[0-9a-f]+}}{{$}}
// TEMPS-NEXT: {{^}}object={{.*}}/temps.o{{$}}
//
// A section of that name the source made itself is left alone, with a
// warning.
// RUN: %neverc -fplugin=%plugins/BuildProvenancePlugin.so -DTAKEN -DLIB -c %s -o %t/taken.o 2>&1 | FileCheck %s --check-prefix=TAKEN
// TAKEN: warning: {{.*}}build-provenance: the object already has a section .note.neverc.provenance; no note added
// RUN: llvm-readelf -S %t/taken.o | FileCheck %s --check-prefix=TAKEN-SEC
// TAKEN-SEC: ] .note.neverc.provenance NOTE {{0+}} {{[0-9a-f]+}} 000004 00 A 0 0 1
//
// The objects link and run; the linker (GNU ld through clang, lld through
// neverc) concatenates the two notes into one non-allocated section of the
// executable, main.o's first.
// RUN: %neverc -fplugin=%plugins/BuildProvenancePlugin.so -O1 -c %s -o %t/main.o
// RUN: %clang %t/main.o %t/lib.o -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=EXEC
// EXEC: lib: 43
// RUN: %neverc %t/main.o %t/lib.o -o %t/prog-lld
// RUN: %t/prog-lld | FileCheck %s --check-prefix=EXEC
// RUN: llvm-readelf -S -n %t/prog | FileCheck %s --check-prefix=LINKED
// RUN: llvm-readelf -S -n %t/prog-lld | FileCheck %s --check-prefix=LINKED
// LINKED:      ] .note.neverc.provenance NOTE {{0+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 00 0 0 4
// LINKED:      Displaying notes found in: .note.neverc.provenance
// LINKED-NEXT:   Owner Data size Description
// LINKED-NEXT:   neverc 0x{{[0-9a-f]+}} Unknown note type: (0x4e430001)
// LINKED-NEXT:    description data: 63 6f 6d 70 69 6c 65 72 3d
// LINKED-NEXT:   neverc 0x{{[0-9a-f]+}} Unknown note type: (0x4e430001)
// LINKED-NEXT:    description data: 63 6f 6d 70 69 6c 65 72 3d
// LINKED-NOT:  neverc
// RUN: llvm-objcopy --dump-section=.note.neverc.provenance=%t/prog.note %t/prog %t/prog.copy
// RUN: grep -a -e '^source' -e '^object=' %t/prog.note | FileCheck %s --check-prefix=BOTH
// BOTH:      {{^}}source={{.*}}provenance.c{{$}}
// BOTH-NEXT: {{^}}source-sha256={{[0-9a-f]+}}{{$}}
// BOTH-NEXT: {{^}}object={{.*}}/main.o{{$}}
// BOTH-NEXT: {{^}}source={{.*}}provenance.c{{$}}
// BOTH-NEXT: {{^}}source-sha256={{[0-9a-f]+}}{{$}}
// BOTH-NEXT: {{^}}object={{.*}}/lib.o{{$}}
//
// Without the plugin there is no note.
// RUN: %neverc -O1 -c %s -o %t/plain.o
// RUN: llvm-readelf -S %t/plain.o | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: .note.neverc.provenance

#include <stdio.h>

#ifdef TAKEN
const char taken[] __attribute__((section(".note.neverc.provenance"))) = "old";
#endif

#ifdef LIB
int lib_value(int x) { return x + 1; }
#else
int lib_value(int);
int main(void) {
  printf("lib: %d\n", lib_value(42));
  return 0;
}
#endif
