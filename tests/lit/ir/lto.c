// The IR pass phases inside LTO: when a plugin is on one, the graph
// linker's lto_generate runs ir.pass.pre_opt, pipeline_start,
// optimizer_last, post_opt and pre_codegen on every module LTO optimises,
// in a NEVERC_TASK_LTO task (ir/README.md says where each runs per LTO
// kind). Observers and read-only passes change no byte of the program; an
// interceptor's change at link time is in the program.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -flto -O2 -DMAIN -c %s -o %t/main.o
// RUN: %neverc -flto -O2 -c %s -o %t/lib.o
// RUN: %neverc %t/main.o %t/lib.o -o %t/plain
// RUN: %neverc -fplugin=%test_plugins/IRTracePlugin.so %t/main.o %t/lib.o -o %t/traced 2>&1 | FileCheck %s --check-prefix=FULL
// FULL-NOT: generate
// FULL: ir: before pre_opt functions=[[N:[0-9]+]]
// FULL: ir: after pre_opt
// FULL-NEXT: ir: before pipeline_start
// FULL: ir: after pipeline_start
// FULL-NEXT: ir: before optimizer_last
// FULL: ir: after optimizer_last
// FULL-NEXT: ir: before post_opt
// FULL-NEXT: ir: after post_opt
// FULL-NEXT: ir: before pre_codegen
// FULL-NEXT: ir: after pre_codegen
// FULL-NOT: ir:
// RUN: cmp %t/plain %t/traced
// RUN: %t/traced | FileCheck %s --check-prefix=OUT
// OUT: 42
//
// Bitcode only inside an archive still sends the link through the phases
// (a link without bitcode does not go there for an IR plugin).
// RUN: %neverc -O2 -DMAIN -c %s -o %t/main-plain.o
// RUN: rm -f %t/liblib.a && llvm-ar rcs %t/liblib.a %t/lib.o
// RUN: %neverc -fplugin=%test_plugins/IRTracePlugin.so %t/main-plain.o -L%t -llib -o %t/archive 2>&1 | FileCheck %s --check-prefix=ARCHIVE
// ARCHIVE: ir: before pre_opt
// RUN: %t/archive | FileCheck %s --check-prefix=OUT
//
// ThinLTO: the phases once per module.
// RUN: %neverc -flto=thin -O2 -DMAIN -c %s -o %t/main-thin.o
// RUN: %neverc -flto=thin -O2 -c %s -o %t/lib-thin.o
// RUN: %neverc %t/main-thin.o %t/lib-thin.o -o %t/plain-thin
// RUN: %neverc -fplugin=%test_plugins/IRTracePlugin.so %t/main-thin.o %t/lib-thin.o -o %t/traced-thin 2>&1 | grep -c 'ir: before pre_codegen' | FileCheck %s --check-prefix=TWO
// TWO: 2
// RUN: cmp %t/plain-thin %t/traced-thin
//
// An interceptor changes the module at link time only (its TaskBegin saw
// the LTO task): the function it renamed is in the symbol table.
// RUN: %neverc -fplugin=%test_plugins/IRLTOPlugin.so -flto -O2 -DMAIN -c %s -o %t/main2.o 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: ir-lto: pre_opt in a compile task
// RUN: %neverc -fplugin=%test_plugins/IRLTOPlugin.so %t/main2.o %t/lib.o -o %t/renamed 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: ir-lto: pre_opt in an LTO task: SetValueName OK
// RUN: llvm-nm %t/renamed | FileCheck %s --check-prefix=NM
// NM: renamed_at_link_time
// NM-NOT: lto_rename_me
// RUN: %t/renamed | FileCheck %s --check-prefix=OUT

#include <stdio.h>

#ifdef MAIN
int twice(int);
__attribute__((used, noinline)) static int lto_rename_me(int X) {
  return X + 1;
}
int main(void) {
  printf("%d\n", twice(lto_rename_me(20)));
  return 0;
}
#else
int twice(int X) { return 2 * X; }
#endif
