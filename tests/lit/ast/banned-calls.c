// The SDK example BannedCallsPlugin: a read-only checker (AST lifecycle
// observer on TOP_LEVEL_DECL) that reports every direct call to gets,
// strcpy, strcat, sprintf and vsprintf at the start of the call with the
// call highlighted, with a fix-it where the rewrite is mechanical (the
// destination is an array of known size) and a note where it is not.
//
// RUN: rm -rf %t && mkdir %t
//
// Warnings, caret and highlight at the right line:col; every warning and
// note of the compile is one of these.
// RUN: %neverc -fplugin=%plugins/BannedCallsPlugin.so -c %s -o %t/warn.o 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=error: --implicit-check-not=banned-calls:
// RUN: test -f %t/warn.o
//
// The fix-its, machine-readable.
// RUN: %neverc -fplugin=%plugins/BannedCallsPlugin.so -fdiagnostics-parseable-fixits -c %s -o %t/fixits.o 2>&1 | FileCheck %s --check-prefix=FIXIT --implicit-check-not='fix-it:"'
//
// --banned-calls-error: the same findings as errors; the compile fails and
// leaves no object.
// RUN: not %neverc -fplugin=%plugins/BannedCallsPlugin.so --banned-calls-error -c %s -o %t/error.o 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=warning:
// RUN: not test -e %t/error.o
//
// --banned-calls-summary: one line per translation unit, at its end.
// RUN: %neverc -fplugin=%plugins/BannedCallsPlugin.so --banned-calls-summary -c %s -o %t/summary.o 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: cd %t && %neverc -fplugin=%plugins/BannedCallsPlugin.so --banned-calls-summary -c %s %S/rewrite.c 2>&1 | FileCheck %s --check-prefix=SUM2
//
// -Xclang -fixit rewrites a copy of this file; the rewritten program builds
// and runs (strcpy and strcat stay: there is no mechanical fix for them).
// RUN: cp %s %t/fixme.c
// RUN: %neverc -fplugin=%plugins/BannedCallsPlugin.so -Xclang -fixit -c %t/fixme.c -o %t/fixme.o 2>&1 | FileCheck %s --check-prefix=APPLIED
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/fixme.c
// RUN: %neverc %t/fixme.c -o %t/fixed
// RUN: echo world | %t/fixed | FileCheck %s --check-prefix=OUT
//
// Without the plugin: not a word.
// RUN: %neverc -Wall -c %s -o %t/plain.o 2>&1 | FileCheck %s --check-prefix=PLAIN --allow-empty

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

char *gets(char *); /* gone from C11's <stdio.h> */

static void say(const char *fmt, ...) {
  char line[64];
  va_list ap;
  va_start(ap, fmt);
  // CHECK: banned-calls.c:[[@LINE+10]]:3: warning: call to 'vsprintf' is banned: it cannot bound the output; use vsnprintf instead [plugin org.neverc.example.banned-calls]
  // CHECK-NEXT: [[@LINE+9]] | vsprintf(line, fmt, ap);
  // CHECK-NEXT: {{^}} | ^~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: {{^}} | vsnprintf , sizeof(line){{$}}
  // FIXIT: fix-it:"{{.*}}banned-calls.c":{[[@LINE+6]]:3-[[@LINE+6]]:11}:"vsnprintf"
  // FIXIT-NEXT: fix-it:"{{.*}}banned-calls.c":{[[@LINE+5]]:16-[[@LINE+5]]:16}:", sizeof(line)"
  // ERR: banned-calls.c:[[@LINE+4]]:3: error: call to 'vsprintf' is banned
  // APPLIED: fixme.c:[[@LINE+3]]:3: note: FIX-IT applied suggested code changes
  // FIXED: {{^}} vsnprintf(line, sizeof(line), fmt, ap);
  // OUT: hello, world
  vsprintf(line, fmt, ap);
  va_end(ap);
  puts(line);
}

int main(int argc, char **argv) {
  char name[16];
  char greeting[64];
  char *out = greeting;
  (void)argv;
  // CHECK: banned-calls.c:[[@LINE+8]]:8: warning: call to 'gets' is banned: it cannot bound the input; use fgets instead [plugin org.neverc.example.banned-calls]
  // CHECK-NEXT: [[@LINE+7]] | if (!gets(name))
  // CHECK-NEXT: {{^}} | ^~~~~~~~~~{{$}}
  // CHECK-NEXT: {{^}} | fgets(name, sizeof(name), stdin){{$}}
  // FIXIT: fix-it:"{{.*}}banned-calls.c":{[[@LINE+4]]:8-[[@LINE+4]]:18}:"fgets(name, sizeof(name), stdin)"
  // ERR: banned-calls.c:[[@LINE+3]]:8: error: call to 'gets' is banned
  // APPLIED: fixme.c:[[@LINE+2]]:8: note: FIX-IT applied suggested code changes
  // FIXED: {{^}} if (!fgets(name, sizeof(name), stdin))
  if (!gets(name))
    return 1;
  name[strcspn(name, "\n")] = 0; /* fgets keeps the newline */
  // CHECK: banned-calls.c:[[@LINE+7]]:3: warning: call to 'strcpy' is banned: it cannot bound the copy; use snprintf or memcpy with a length checked against the destination instead [plugin org.neverc.example.banned-calls]
  // CHECK-NEXT: [[@LINE+6]] | strcpy(greeting, "hello, ");
  // CHECK-NEXT: {{^}} | ^~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: banned-calls.c:[[@LINE+4]]:3: note: no fix-it: the bound is the size of the destination, which a mechanical rewrite cannot choose for you
  // ERR: banned-calls.c:[[@LINE+3]]:3: error: call to 'strcpy' is banned
  // APPLIED: fixme.c:[[@LINE+2]]:3: note: no fix-it
  // FIXED: {{^}} strcpy(greeting, "hello, ");
  strcpy(greeting, "hello, ");
  // CHECK: banned-calls.c:[[@LINE+7]]:3: warning: call to 'strcat' is banned: it cannot bound the concatenation; use snprintf or strncat with the space left in the destination instead [plugin org.neverc.example.banned-calls]
  // CHECK-NEXT: [[@LINE+6]] | strcat(greeting, name);
  // CHECK-NEXT: {{^}} | ^~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: banned-calls.c:[[@LINE+4]]:3: note: no fix-it: the bound is the space left in the destination, which a mechanical rewrite cannot choose for you
  // ERR: banned-calls.c:[[@LINE+3]]:3: error: call to 'strcat' is banned
  // APPLIED: fixme.c:[[@LINE+2]]:3: note: no fix-it
  // FIXED: {{^}} strcat(greeting, name);
  strcat(greeting, name);
  say("%s", greeting);
  // CHECK: banned-calls.c:[[@LINE+11]]:3: warning: call to 'sprintf' is banned: it cannot bound the output; use snprintf instead [plugin org.neverc.example.banned-calls]
  // CHECK-NEXT: [[@LINE+10]] | sprintf(greeting, "%s (%d)", name, argc);
  // CHECK-NEXT: {{^}} | ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: {{^}} | snprintf , sizeof(greeting){{$}}
  // FIXIT: fix-it:"{{.*}}banned-calls.c":{[[@LINE+7]]:3-[[@LINE+7]]:10}:"snprintf"
  // FIXIT-NEXT: fix-it:"{{.*}}banned-calls.c":{[[@LINE+6]]:19-[[@LINE+6]]:19}:", sizeof(greeting)"
  // ERR: banned-calls.c:[[@LINE+5]]:3: error: call to 'sprintf' is banned
  // APPLIED: fixme.c:[[@LINE+4]]:3: note: FIX-IT applied suggested code changes
  // FIXED: {{^}} snprintf(greeting, sizeof(greeting), "%s (%d)", name, argc);
  // OUT-NEXT: world (1)
  // OUT-NEXT: world!
  sprintf(greeting, "%s (%d)", name, argc);
  say("%s", greeting);
  // A pointer: its size is not the room behind it, so no fix-it.
  // CHECK: banned-calls.c:[[@LINE+7]]:3: warning: call to 'sprintf' is banned: it cannot bound the output; use snprintf instead [plugin org.neverc.example.banned-calls]
  // CHECK-NEXT: [[@LINE+6]] | sprintf(out, "%s!", name);
  // CHECK-NEXT: {{^}} | ^~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: banned-calls.c:[[@LINE+4]]:3: note: no fix-it: the destination is not an array whose size is known here; pass its size explicitly
  // ERR: banned-calls.c:[[@LINE+3]]:3: error: call to 'sprintf' is banned
  // APPLIED: fixme.c:[[@LINE+2]]:3: note: no fix-it
  // FIXED: {{^}} sprintf(out, "%s!", name);
  sprintf(out, "%s!", name);
  say("%s", out);
  return 0;
}
// CHECK: 6 warnings generated.
// ERR: 6 errors generated.
// SUM: 6 warnings generated.
// SUM-NEXT: banned-calls: gets=1 strcpy=1 strcat=1 sprintf=2 vsprintf=1
// SUM2: banned-calls: gets=1 strcpy=1 strcat=1 sprintf=2 vsprintf=1
// SUM2: banned-calls: gets=0 strcpy=0 strcat=0 sprintf=0 vsprintf=0
// PLAIN-NOT: banned
