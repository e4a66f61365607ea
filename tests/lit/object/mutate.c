// Changing the graph in mutations (rule 5): ObjectTestPlugin's interceptor
// on neverc.object.pre_write.
//
// mode=mutate: one mutation creates a section .neverc_test (21 marker
// bytes) with a global symbol neverc_test_marker and a local one over it
// (a new local moves every global's index: relocations and .llvm_addrsig
// follow), a section .neverc_ptr with a symbol and an absolute 8-byte
// relocation to counter (the writer adds .rela.neverc_ptr, R_X86_64_64),
// and a scratch section, makes helper_visible hidden, moves .neverc_test before .data,
// and commits (generation 1 → 2); a second mutation erases the scratch
// section (→ 3), whose handle is then stale. A staged entity reads back but
// has no place in the order yet (GetNextSection: INVALID_STATE); a move
// needs a position. The built-in writer writes the new graph, the write
// sees generation 3, and a program linked with the object reads the marker.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=mutate -O1 -c %s -o %t/lib.o 2>&1 | FileCheck %s --check-prefix=MUT --implicit-check-not=error: --implicit-check-not=warning:
// MUT:      remark: object: mutate start gen=1 sections=[[N:[0-9]+]] [plugin org.neverc.test.object]
// MUT-NEXT: remark: object: mutate BeginMutation OK
// MUT-NEXT: remark: object: mutate CreateSection .neverc_test OK
// MUT-NEXT: remark: object: mutate CreateSymbol neverc_test_marker OK
// MUT-NEXT: remark: object: mutate CreateSymbol neverc_test_local OK
// MUT-NEXT: remark: object: mutate CreateSection .neverc_scratch OK
// MUT-NEXT: remark: object: mutate CreateSection .neverc_ptr OK
// MUT-NEXT: remark: object: mutate CreateSymbol neverc_test_pointer OK
// MUT-NEXT: remark: object: mutate CreateRelocation .neverc_ptr -> counter OK
// MUT-NEXT: remark: object: mutate GetSectionInfo(staged) OK name=.neverc_test
// MUT-NEXT: remark: object: mutate GetNextSection(staged) INVALID_STATE
// MUT-NEXT: remark: object: mutate GetSymbolInfo helper_visible OK visibility=default
// MUT-NEXT: remark: object: mutate ReplaceSymbol helper_visible hidden OK
// MUT-NEXT: remark: object: mutate MoveSectionBefore .neverc_test .data OK
// MUT-NEXT: remark: object: mutate MoveSectionBefore(null position) INVALID_ARGUMENT
// MUT-NEXT: remark: object: mutate CommitMutation OK gen=2 sections={{[0-9]+}} symbols={{[0-9]+}}
// MUT-NEXT: remark: object: mutate BeginMutation(second) OK
// MUT-NEXT: remark: object: mutate EraseSection .neverc_scratch OK
// MUT-NEXT: remark: object: mutate CommitMutation(second) OK gen=3 sections={{[0-9]+}}
// MUT-NEXT: remark: object: mutate GetSectionInfo(erased) STALE_HANDLE
// MUT-NEXT: remark: object: mutate GetSectionInfo .neverc_test OK size=21
// MUT-NEXT: remark: object: mutate sections .text,.neverc_test,.data,.comment,.note.GNU-stack,.eh_frame,.llvm_addrsig,.neverc_ptr
// MUT-NEXT: remark: object: write image graph-gen=3 layout-report-gen=3 format=elf state=CANDIDATE
// RUN: llvm-readelf -S -s %t/lib.o | FileCheck %s --check-prefix=ELF --implicit-check-not=.neverc_scratch
// ELF:     ] .text PROGBITS
// ELF:     ] .neverc_test PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000015 00 A 0 0 1
// ELF:     ] .data PROGBITS
// ELF-DAG: FUNC GLOBAL HIDDEN {{.*}} helper_visible
// ELF-DAG: 21 OBJECT GLOBAL DEFAULT {{.*}} neverc_test_marker
// ELF-DAG: 0 OBJECT LOCAL DEFAULT {{.*}} neverc_test_local
// ELF-DAG: 8 OBJECT GLOBAL DEFAULT {{.*}} neverc_test_pointer
// RUN: llvm-readelf -S -r %t/lib.o | FileCheck %s --check-prefix=PTR
// PTR:      [{{ *}}[[PTR:[0-9]+]]] .neverc_ptr PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000008 00 WA 0 0 8
// PTR-NEXT: ] .rela.neverc_ptr RELA {{[0-9a-f]+}} {{[0-9a-f]+}} 000018 18 I {{[0-9]+}} [[PTR]] 8
// PTR:      Relocation section '.rela.neverc_ptr'
// PTR-NEXT: Offset
// PTR-NEXT: 0000000000000000 {{[0-9a-f]+}} R_X86_64_64 {{[0-9a-f]+}} counter + 0
// RUN: %clang -O1 -c %s -o %t/ref.o
// RUN: llvm-readelf --addrsig %t/lib.o > %t/lib.addrsig
// RUN: llvm-readelf --addrsig %t/ref.o > %t/ref.addrsig
// RUN: diff %t/lib.addrsig %t/ref.addrsig
// RUN: FileCheck %s --check-prefix=ADDRSIG < %t/lib.addrsig
// ADDRSIG: 1: helper_visible
// ADDRSIG: 2: twice
// RUN: %clang -DMAIN -O1 -c %s -o %t/main.o
// RUN: %clang %t/main.o %t/lib.o -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=EXEC
// EXEC: 42 4 15 neverc mutate marker 3
//
// mode=move: an existing section moves (.data before .text): the section
// headers follow the graph's order (each relocation section still names
// its section), the file keeps LLVM's data order, and the program runs.
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=move -O1 -c %s -o %t/move.o 2>&1 | FileCheck %s --check-prefix=MOVE --implicit-check-not=error: --implicit-check-not=warning:
// MOVE:      remark: object: move BeginMutation OK
// MOVE-NEXT: remark: object: move MoveSectionBefore .data .text OK
// MOVE-NEXT: remark: object: move CommitMutation OK gen=2
// MOVE-NEXT: remark: object: move sections .data,.text,.comment,.note.GNU-stack,.eh_frame,.llvm_addrsig
// RUN: llvm-readelf -S %t/move.o > %t/move.sections
// RUN: FileCheck %s --check-prefix=MOVEELF < %t/move.sections
// MOVEELF: ] .data PROGBITS
// MOVEELF: ] .text PROGBITS
// RUN: FileCheck %s --check-prefix=MOVELINK < %t/move.sections
// MOVELINK:     Section Headers:
// MOVELINK-DAG: [{{ *}}[[TEXT:[0-9]+]]] .text PROGBITS
// MOVELINK-DAG: ] .rela.text RELA {{[0-9a-f]+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 18 I {{[0-9]+}} [[TEXT]] 8
// RUN: %clang %t/main.o %t/move.o -o %t/move
// RUN: %t/move | FileCheck %s --check-prefix=MOVED
// MOVED: 42 4 15 none -1
//
// mode=abandon: an abandoned mutation leaves the graph as it was and its
// entities stale; one mutation at a time (INVALID_STATE); a mutation
// handle that ended (abandoned or committed) is STALE_HANDLE for every
// slot. An empty commit moves the generation on and changes nothing else:
// the object is still clang-22's.
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=abandon -O1 -c %s -o %t/abandon.o 2>&1 | FileCheck %s --check-prefix=ABANDON --implicit-check-not=error: --implicit-check-not=warning:
// ABANDON:      remark: object: abandon start gen=1
// ABANDON-NEXT: remark: object: abandon BeginMutation OK
// ABANDON-NEXT: remark: object: abandon BeginMutation(while one is open) INVALID_STATE
// ABANDON-NEXT: remark: object: abandon CreateSection OK
// ABANDON-NEXT: remark: object: abandon CreateSymbol OK
// ABANDON-NEXT: remark: object: abandon GetSectionInfo(staged) OK
// ABANDON-NEXT: remark: object: abandon AbandonMutation OK
// ABANDON-NEXT: remark: object: abandon GetSectionInfo(abandoned) STALE_HANDLE
// ABANDON-NEXT: remark: object: abandon GetSymbolInfo(abandoned) STALE_HANDLE
// ABANDON-NEXT: remark: object: abandon CommitMutation(abandoned mutation) STALE_HANDLE
// ABANDON-NEXT: remark: object: abandon AbandonMutation(again) STALE_HANDLE
// ABANDON-NEXT: remark: object: abandon after-abandon gen=1 sections-unchanged=1
// ABANDON-NEXT: remark: object: abandon BeginMutation(empty) OK
// ABANDON-NEXT: remark: object: abandon CommitMutation(empty) OK gen=2
// ABANDON-NEXT: remark: object: abandon CreateSection(committed mutation) STALE_HANDLE
// ABANDON-NEXT: remark: object: abandon CommitMutation(committed mutation) STALE_HANDLE
// ABANDON-NEXT: remark: object: abandon AbandonMutation(committed mutation) STALE_HANDLE
// ABANDON-NEXT: remark: object: abandon end gen=2 sections-unchanged=1
// RUN: cmp %t/abandon.o %t/ref.o
//
// mode=refused-commit: erasing .text while its symbols still point at it
// is refused at commit (INVALID_STATE, nothing applied); the mutation stays
// open and the plugin abandons it, as PluginObject.h and the host's
// CommitMutation say it may. The graph is unchanged, so the compile
// succeeds with clang-22's object (the refusal is a warning).
// REFUSED:      remark: object: refused-commit BeginMutation OK
// REFUSED-NEXT: remark: object: refused-commit EraseSection .text OK
// REFUSED-NEXT: is defined in an erased section (erase it in the same mutation, or point it elsewhere) [neverc, NevercObjectAPI.CommitMutation]
// REFUSED-NEXT: remark: object: refused-commit CommitMutation(dangling) INVALID_STATE
// REFUSED-NEXT: remark: object: refused-commit AbandonMutation OK
// REFUSED-NEXT: remark: object: refused-commit GetSectionInfo .text OK
// REFUSED-NEXT: remark: object: refused-commit end generation-unchanged=1 sections-unchanged=1

// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=refused-commit -O1 -c %s -o %t/refused.o 2>&1 | FileCheck %s --check-prefix=REFUSED --implicit-check-not=error:
// RUN: cmp %t/refused.o %t/ref.o
//
// mode=late: the graph pre_write saw, kept until the image phases: it
// still reads, but the graph is final there: a post_write interceptor gets
// INVALID_STATE, a final_verify observer POLICY_VIOLATION (rule 7).
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=late -O1 -c %s -o %t/late.o 2>&1 | FileCheck %s --check-prefix=LATE --implicit-check-not=error: --implicit-check-not=warning:
// LATE:      remark: object: late post_write interceptor GetGraphInfo OK gen=1
// LATE-NEXT: remark: object: late post_write interceptor BeginMutation INVALID_STATE
// LATE-NEXT: remark: object: late final_verify observer GetGraphInfo OK gen=1
// LATE-NEXT: remark: object: late final_verify observer BeginMutation POLICY_VIOLATION
// RUN: cmp %t/late.o %t/ref.o

#include <stdio.h>

#ifdef MAIN
extern const char neverc_test_marker[] __attribute__((weak));
extern int *neverc_test_pointer __attribute__((weak));
int helper_visible(int);
extern int (*helper_pointer)(int);
extern int (*other_pointer)(int);
int main(void) {
  printf("%d %d %d %s %d\n", helper_visible(14), helper_pointer(2),
         other_pointer(5), neverc_test_marker ? neverc_test_marker : "none",
         &neverc_test_pointer ? *neverc_test_pointer : -1);
  return 0;
}
#else
int counter = 3;
int helper_visible(int x) { return x * counter; }
static int twice(int x) { return 2 * x; }
// Address-significant: .llvm_addrsig lists them by symbol index.
int (*helper_pointer)(int) = twice;
int (*other_pointer)(int) = helper_visible;
#endif
