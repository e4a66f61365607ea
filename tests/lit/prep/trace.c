// The prep domain in a real neverc compile: events, pragma.intercept and a
// macro.intercept REPLACE_TOKENS through PrepTracePlugin.
// RUN: rm -rf %t && mkdir -p %t/inc && cp %S/Inputs/traced.h %t/inc/
// RUN: %neverc -fplugin=%test_plugins/PrepTracePlugin.so -I%t/inc -c %s -o %t/trace.o 2>&1 | FileCheck %s
// RUN: test -f %t/trace.o
// Without the plugin the same file does not compile (TRACE_ANSWER is 1).
// RUN: not %neverc -I%t/inc -c %s -o %t/plain.o 2>&1 | FileCheck %s --check-prefix=PLAIN

// CHECK: prep-event: include traced.h quoted
#include "traced.h"
// CHECK: prep-event: define TRACE_ANSWER
#define TRACE_ANSWER 1
// CHECK: prep-event: pragma introducer=1
// CHECK: prep-pragma: neverc_trace hello ( world )
#pragma neverc_trace hello(world)
// CHECK: prep-event: pragma introducer=2
// CHECK: prep-pragma: neverc_trace again
_Pragma("neverc_trace again")
// CHECK-NOT: error
_Static_assert(TRACE_ANSWER == 42, "macro.intercept replaced the body");
int traced_value(void) { return TRACED; }
// PLAIN: error: static assertion failed
