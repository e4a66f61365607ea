// An interceptor on an IR phase runs the rest of the phase and may then
// change IR (here: a string attribute on the first defined function); the
// change reaches the emitted module (providers: provider.c).
//
// RUN: %neverc -fplugin=%test_plugins/IRInterceptPlugin.so -O2 -S -emit-llvm %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=LOG
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %neverc -fplugin=%test_plugins/IRInterceptPlugin.so -O2 -c %s -o %t.o

// LOG: intercept: neverc-intercepted-generate -> OK
// LOG-NEXT: intercept: neverc-intercepted-pre_opt -> OK
// LOG-NEXT: intercept: neverc-intercepted-pipeline_start -> OK
// LOG-NEXT: intercept: neverc-intercepted-optimizer_last -> OK
// LOG-NEXT: intercept: neverc-intercepted-optimize -> OK
// LOG-NEXT: intercept: neverc-intercepted-post_opt -> OK
// LOG-NEXT: intercept: neverc-intercepted-pre_codegen -> OK

// IR: attributes #{{[0-9]+}} = {{{.*}}"neverc-intercepted-generate"="yes"
// IR-SAME: "neverc-intercepted-optimize"="yes"
// IR-SAME: "neverc-intercepted-optimizer_last"="yes"
// IR-SAME: "neverc-intercepted-pipeline_start"="yes"
// IR-SAME: "neverc-intercepted-post_opt"="yes"
// IR-SAME: "neverc-intercepted-pre_codegen"="yes"
// IR-SAME: "neverc-intercepted-pre_opt"="yes"

int twice(int x) { return 2 * x; }
int main(void) { return twice(0); }
