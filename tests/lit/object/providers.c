// Providers: the replaceable object phases (probe, read, pre_write,
// post_layout, write) replaced by a plugin (ObjectTestPlugin.c built with
// OBJECT_TEST_PROVIDERS: providers on read, pre_write, post_layout and
// write; with OBJECT_TEST_PROBE_PROVIDER: on probe).
//
// The read provider builds the graph from nothing (not from the compiler's
// bytes): .text with "mov $42, %eax; ret" under a global function
// provided_answer, .data with an int 7 under provided_value, and
// .note.GNU-stack; the host commits nothing for it, the provider commits
// its own mutation (generation 2). pre_write and post_layout providers
// answer with the graph they were given (post_layout sees the proof). The
// write provider is FallbackSafe and fails RECOVERABLE: a warning, and the
// built-in ELF writer writes the graph built from nothing; a program calls
// into it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/ObjectProviderPlugin.so -fplugin-arg=org.neverc.test.object:mode=flags -O1 -DLIB -c %s -o %t/lib.o 2>&1 | FileCheck %s --check-prefix=BUILT --implicit-check-not=error:
// BUILT:      remark: plugin 'org.neverc.test.object': object: RegisterProvider(read) OK
// BUILT-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterProvider(pre_write) OK
// BUILT-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterProvider(post_layout) OK
// BUILT-NEXT: remark: plugin 'org.neverc.test.object': object: RegisterProvider(write) OK
// BUILT:      remark: object: read provider graph sections=0 gen=1 [plugin org.neverc.test.object]
// BUILT-NEXT: remark: object: read provider CommitMutation OK sections=3 symbols=2 gen=2
// BUILT-NEXT: remark: object: pre_write provider graph sections=3 gen=2 proof=0
// BUILT-NEXT: remark: object: post_layout provider graph sections=3 gen=2 proof=1
// BUILT-NEXT: remark: object: write provider declines (recoverable)
// BUILT-NEXT: warning: provider 'object-test' failed with PLUGIN_FAILURE; falling back to the built-in step [plugin org.neverc.test.object, neverc.object.write]
// RUN: llvm-readelf -S -s %t/lib.o | FileCheck %s --check-prefix=ELF
// ELF:     ] .text PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000006 00 AX 0 0 16
// ELF:     ] .data PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000004 00 WA 0 0 4
// ELF:     ] .note.GNU-stack PROGBITS
// ELF-DAG: 6 FUNC GLOBAL DEFAULT {{[0-9]+}} provided_answer
// ELF-DAG: 4 OBJECT GLOBAL DEFAULT {{[0-9]+}} provided_value
// RUN: %clang -O1 -c %s -o %t/main.o
// RUN: %clang %t/main.o %t/lib.o -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=EXEC
// EXEC: 42 7
//
// mode=provide-write: the write provider fills the candidate through its
// builder ("PROV" and the section names) and answers REPLACE with it; the
// file is its image.
// RUN: %neverc -fplugin=%test_plugins/ObjectProviderPlugin.so -fplugin-arg=org.neverc.test.object:mode=provide-write -O1 -DLIB -c %s -o %t/prov.o 2>&1 | FileCheck %s --check-prefix=PROVWRITE --implicit-check-not=error: --implicit-check-not=warning:
// PROVWRITE: remark: object: write provider wrote OK size=32 state=CANDIDATE
// RUN: od -An -c %t/prov.o | FileCheck %s --check-prefix=PROVBYTES
// PROVBYTES:      P R O V . t e x t . d a t a
// PROVBYTES-NEXT: . n o t e . G N U - s t a c k
//
// A probe provider replaces the choice of format with no format at all:
// the graph phases do not run (a warning says so) and the image phases
// see the compiler's own object, which is committed as it is.
// RUN: %neverc -fplugin=%test_plugins/ObjectProbeProviderPlugin.so -O1 -c %s -o %t/probe.o 2>&1 | FileCheck %s --check-prefix=PROBE --implicit-check-not=error:
// PROBE:      remark: object: probe provider answers no format
// PROBE:      warning: no object format reads '{{.*}}probe.o': the graph phases (read, pre_write, post_layout, write) do not run for it [neverc, neverc.object.read]
// PROBE-NOT:  remark: object: read
// PROBE:      remark: object: post_write before image format=elf state=CANDIDATE output=OPEN size={{[0-9]+}} digest={{[0-9a-f]+}} graph-gen=0 layout-report=0 provenance=the compiler's object writer
// PROBE:      remark: object: commit after-commit image format=elf state=COMMITTED
// RUN: %clang -O1 -c %s -o %t/ref.o
// RUN: cmp %t/probe.o %t/ref.o

#include <stdio.h>

#ifndef LIB
int provided_answer(void);
extern int provided_value;
int main(void) {
  printf("%d %d\n", provided_answer(), provided_value);
  return 0;
}
#endif
