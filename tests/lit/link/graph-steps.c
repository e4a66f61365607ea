// The thirteen fine-grained link phases fire, in order, when a plugin is on
// one of them (the graph linker then makes the link): every observer sees
// the link graph in the state its step starts from and leaves it in. The
// graph's entities are read through NevercLinkAPI (counts, a symbol found
// by paging and read alone, its atom, an edge, the imports, addresses after
// layout). An observer that only looks changes no byte of the image.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so %s -o %t/observed 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %t/observed | FileCheck %s --check-prefix=RUN7
// RUN: %neverc -fuse-ld=neverc %s -o %t/plain
// RUN: cmp %t/observed %t/plain
// Debug data's relocations, which a linker's read leaves raw, are edges
// too: paged with the others, read alone.
// RUN: %neverc -g -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode edges %s -o %t/edges 2>&1 | FileCheck %s --check-prefix=EDGES
// EDGES: steps: edges: paged=count 1, debug ones>0=1
// EDGES: steps: GetEdgeInfo(a debug edge) OK same=1
// The graph linker is neverc's default: the same bytes with no flag.
// RUN: %neverc %s -o %t/default
// RUN: cmp %t/observed %t/default
// RUN7: 7
//
// CHECK: steps: before input_probe state=0 generation=1
// CHECK-NEXT: steps: after input_probe state=1 generation=1
// CHECK-NEXT: steps: before read_inputs state=1
// CHECK-NEXT: steps: after read_inputs state=2
// CHECK-NEXT: steps: before lto_resolve state=2
// CHECK-NEXT: steps: after lto_resolve state=3
// CHECK-NEXT: steps: before lto_generate state=3
// CHECK-NEXT: steps: after lto_generate state=4
// CHECK-NEXT: steps: before resolve_symbols state=4
// CHECK-NEXT: steps: after resolve_symbols state=5
// CHECK-NEXT: steps: GetGraphInfo OK
// CHECK-NEXT: steps: graph state=5 inputs>0=1 libraries>0=1 atoms>0=1 sections=atoms=1 symbols>0=1 edges>0=1
// CHECK-NEXT: steps: GetSymbolInfo OK same=1
// CHECK-NEXT: steps: symbol main definition=2 binding=2 has-atom=1
// CHECK-NEXT: steps: atom live=1 size>0=1 origin-input=1
// CHECK-NEXT: steps: GetEdgePage OK count=1
// CHECK-NEXT: steps: GetAtomInfo(symbol handle) WRONG_TYPE
// CHECK-NEXT: steps: observer BeginMutation POLICY_VIOLATION
// CHECK-NEXT: steps: inputs paged=1 objects>0=1 archives>0=1 shared>0=1 read-alone=1
// CHECK-NEXT: steps: libc.so.6=1 members extracted>0=1 each-with-a-reason=1
// CHECK-NEXT: steps: section of main: OK named=.text allocated=1
// CHECK-NEXT: steps: unwinds>0=1 one-describes-main=1 read-alone=1 personalities=0
// CHECK-NEXT: steps: GetComdatPage OK count=0
// CHECK-NEXT: steps: before select_comdat state=5
// CHECK-NEXT: steps: after select_comdat state=6
// CHECK-NEXT: steps: before gc state=6
// CHECK-NEXT: steps: after gc state=7
// CHECK-NEXT: steps: before icf state=7
// CHECK-NEXT: steps: after icf state=8
// CHECK-NEXT: steps: before synthesize state=8
// CHECK-NEXT: steps: after synthesize state=9
// CHECK-NEXT: steps: imports>0=1 puts-from-libc.so.6=1
// CHECK-NEXT: steps: GetExportPage OK count=0
// CHECK-NEXT: steps: before relax_thunks state=9
// CHECK-NEXT: steps: after relax_thunks state=10
// CHECK-NEXT: steps: before layout state=10
// CHECK-NEXT: steps: after layout state=11
// CHECK-NEXT: steps: laid out: main value>0=1 in-its-atom=1
// CHECK-NEXT: steps: before relocate state=11
// CHECK-NEXT: steps: after relocate state=12
// CHECK-NEXT: steps: before emit_image state=12
// CHECK-NEXT: steps: after emit_image state=13 generation=1
//
// SetSymbolRoot before gc: --gc-sections keeps what the plugin roots.
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode root --steps-symbol keepme -O2 -ffunction-sections -Wl,--gc-sections %s -o %t/root 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT: steps: SetSymbolRoot OK
// ROOT-NEXT: steps: CommitMutation OK
// ROOT-NEXT: steps: CommitMutation(again) STALE_HANDLE
// ROOT: steps: after emit_image state=13 generation=2
// RUN: nm %t/root | FileCheck %s --check-prefix=KEPT
// KEPT: T keepme
// RUN: %neverc -fuse-ld=neverc -O2 -ffunction-sections -Wl,--gc-sections %s -o %t/gc
// RUN: nm %t/gc | FileCheck %s --check-prefix=DROPPED
// DROPPED-NOT: keepme
//
// SetAtomLive(false) drops a section nothing asked to collect.
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode drop --steps-symbol keepme -O2 -ffunction-sections %s -o %t/drop 2>&1 | FileCheck %s --check-prefix=DROP
// DROP: steps: SetAtomLive(false) OK
// RUN: nm %t/drop | FileCheck %s --check-prefix=DROPPED
// RUN: %t/drop | FileCheck %s --check-prefix=RUN7
//
// ReplaceAtomContent before icf: the program runs the plugin's bytes.
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode replace --steps-symbol answer -O0 -ffunction-sections %s -o %t/replaced 2>&1 | FileCheck %s --check-prefix=REPLACE
// REPLACE: steps: ReplaceAtomContent OK
// RUN: not %t/replaced | FileCheck %s --check-prefix=RUN42
// RUN42: 42
// RUN: objdump -d %t/replaced | FileCheck %s --check-prefix=BYTES
// BYTES: <answer>:
// BYTES-NEXT: b8 2a 00 00 00 {{.*}}mov {{.*}}$0x2a,%eax
// BYTES-NEXT: c3 {{.*}}ret
//
// A change committed after synthesize made its work invalid (spec §6.2:
// SetSymbolRoot invalidates GC_COMPLETE): the graph goes back to
// COMDAT_SELECTED and gc, icf and synthesize run again, as phases.
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode late-root --steps-symbol keepme -O2 -ffunction-sections -Wl,--gc-sections %s -o %t/late 2>&1 | FileCheck %s --check-prefix=LATE
// LATE: steps: late: the graph is in state 9
// LATE: steps: CommitMutation OK
// LATE: steps: late: after the commit, state 6
// LATE-NEXT: steps: after synthesize state=6 generation=2
// LATE-NEXT: steps: before gc state=6 generation=2
// LATE-NEXT: steps: after gc state=7 generation=2
// LATE: steps: after synthesize state=9 generation=2
// LATE: steps: after emit_image state=13 generation=2
// RUN: nm %t/late | FileCheck %s --check-prefix=KEPT
//
// What the rules refuse, each with its status.
// RUN: %neverc -fplugin=%test_plugins/GraphStepsPlugin.so --steps-mode misuse --steps-symbol keepme %s -o %t/misuse 2>&1 | FileCheck %s --check-prefix=MISUSE
// MISUSE: steps: BeginMutation OK
// MISUSE-NEXT: steps: BeginMutation(while open) BUSY
// MISUSE-NEXT: steps: SetSymbolRoot(bad bool) INVALID_ARGUMENT
// MISUSE-NEXT: steps: SetSymbolRoot(atom handle) WRONG_TYPE
// MISUSE-NEXT: steps: SetFoldLeader(itself) INVALID_ARGUMENT
// MISUSE-NEXT: steps: ReplaceAtomContent(null data) INVALID_ARGUMENT
// MISUSE-NEXT: steps: RebindSymbol(null atom) WRONG_TYPE
// MISUSE-NEXT: steps: SetSymbolResolution(bad binding) INVALID_ARGUMENT
// MISUSE-NEXT: warning: in neverc.link: SetSymbolResolution cannot change its definition (RebindSymbol moves a definition) in the graph linker
// MISUSE-NEXT: steps: SetSymbolResolution(undefine) CAPABILITY_UNAVAILABLE
// MISUSE-NEXT: steps: EraseSynthetic WRONG_TYPE
// MISUSE-NEXT: steps: SetSymbolRoot(null mutation) WRONG_TYPE
// MISUSE-NEXT: steps: AbandonMutation OK
// MISUSE-NEXT: steps: CommitMutation(abandoned) STALE_HANDLE
// MISUSE: steps: after emit_image state=13 generation=1
// RUN: %t/misuse | FileCheck %s --check-prefix=RUN7

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int answer(void) { return 7; }
void keepme(void) { puts("kept"); }
static void bye(void) {}

int main(void) {
  atexit(bye); // glibc's atexit is a member of libc_nonshared.a
  int A = answer();
  printf("%d\n", A);
  return A == 42 ? 42 : 0;
}
