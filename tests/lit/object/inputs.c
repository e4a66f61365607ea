// Object files given to a link go through the object phases too: a plugin
// job (neverc.object.input) before the link reads each into the graph,
// runs the phases, and the link reads what was committed (a temporary
// file); the file on the command line is not touched.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O1 -c %s -o %t/in.o && cp %t/in.o %t/in.orig.o
// RUN: %neverc -fplugin=%plugins/ObjectRewritePlugin.so %t/in.o -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// RUN: cmp %t/in.o %t/in.orig.o
// RUN: llvm-readelf -S %t/prog | FileCheck %s --check-prefix=IMAGE
// OUT: marker: neverc object rewrite marker
// IMAGE: .neverc_ex
//
// -### shows the job and the link reading the rewritten copy.
// RUN: %neverc -fplugin=%plugins/ObjectRewritePlugin.so %t/in.o -o %t/prog -### 2>&1 | FileCheck %s --check-prefix=JOBS
// JOBS: (plugin job neverc.object.input)
// JOBS: ld.lld{{.*}}neverc-input-{{[A-Za-z0-9]+}}.o
//
// Observers see the input's phases (probe finds ELF, read fills the graph);
// nothing changes, so the program is the same as without the plugin.
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so %t/in.o -o %t/observed 2>&1 | FileCheck %s --check-prefix=OBSERVE
// OBSERVE: object: probe
// OBSERVE: object: read
// OBSERVE: object: commit
// RUN: %neverc %t/in.o -o %t/plain && cmp %t/observed %t/plain
//
// A plugin that fails on the input: the link does not run, no program.
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=fail %t/in.o -o %t/failed 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: pre_write returns PLUGIN_FAILURE
// RUN: test ! -e %t/failed

#include <stdio.h>
extern const char neverc_ex_marker[29] __attribute__((weak));
int main(void) {
  printf("marker: %s\n", neverc_ex_marker ? neverc_ex_marker : "(none)");
  return 0;
}
