// A plugin that registers on a phase this build does not run yet loads,
// and is told so: one clang-style warning per plugin and phase, in the group
// -Wunimplemented-plugin-phase (-Wno-, -Werror=, -Wno-error=, -Werror and -w
// behave as for clang's own groups). Phases this build runs get no warning.
// TracePlugin observes all 130 phases; CensusPlugin too.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -fplugin=%plugins/TracePlugin.so -c %s -o %t/one.o 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not="in neverc.driver." --implicit-check-not="in neverc.source." --implicit-check-not="in neverc.prep." --implicit-check-not="in neverc.mc." --implicit-check-not="in neverc.codegen." --implicit-check-not="in neverc.syntax." --implicit-check-not="in neverc.sema." --implicit-check-not=error:
// WARN: neverc: warning: plugin 'org.neverc.example.trace' in neverc.dyncode.request.freeze: this build does not run this phase of the dyncode domain yet, so the observer registered here is never called [-Wunimplemented-plugin-phase]
// RUN: test -f %t/one.o
//
// Exactly one warning per plugin and phase, for every plugin.
// RUN: %neverc -fplugin=%plugins/TracePlugin.so -fplugin=%plugins/CensusPlugin.so -c %s -o %t/two.o 2>&1 | grep 'in neverc.dyncode.request.freeze:' | FileCheck %s --check-prefix=TWO
// TWO: plugin 'org.neverc.example.trace' in neverc.dyncode.request.freeze:
// TWO-NEXT: plugin 'org.neverc.example.census' in neverc.dyncode.request.freeze:
// RUN: %neverc -fplugin=%plugins/TracePlugin.so -fplugin=%plugins/CensusPlugin.so -c %s -o %t/two.o 2>&1 | grep 'in neverc.dyncode.request.freeze:' | count 2
//
// A plugin on implemented phases only: no warning.
// RUN: %neverc -fplugin=%plugins/DriverTracePlugin.so -c %s -o %t/quiet.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NONE
// NONE-NOT: warning:
//
// -Wno-... and -w silence the group; the flag itself is neverc's, so clang
// never sees it (no -Wunknown-warning-option), with or without plugins.
// RUN: %neverc -fplugin=%plugins/TracePlugin.so -Wno-unimplemented-plugin-phase -c %s -o %t/off.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NONE
// RUN: %neverc -fplugin=%plugins/TracePlugin.so -w -c %s -o %t/w.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NONE
// RUN: %neverc -Werror -Wno-unimplemented-plugin-phase -Wunimplemented-plugin-phase -c %s -o %t/noplugin.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NONE
// RUN: test -f %t/noplugin.o
// Last one wins.
// RUN: %neverc -fplugin=%plugins/TracePlugin.so -Wno-unimplemented-plugin-phase -Wunimplemented-plugin-phase -c %s -o %t/on.o 2>&1 | FileCheck %s --check-prefix=WARN
//
// -Werror and -Werror=unimplemented-plugin-phase make it an error: the
// compile stops before anything runs and writes nothing.
// RUN: not %neverc -fplugin=%plugins/TracePlugin.so -Werror -c %s -o %t/err.o 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %neverc -fplugin=%plugins/TracePlugin.so -Werror=unimplemented-plugin-phase -c %s -o %t/err.o 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: neverc: error: plugin 'org.neverc.example.trace' in neverc.dyncode.request.freeze: {{.*}} [-Werror,-Wunimplemented-plugin-phase]
// RUN: not test -e %t/err.o
// -Wno-error=... keeps it a warning under -Werror.
// RUN: %neverc -fplugin=%plugins/TracePlugin.so -Werror -Wno-error=unimplemented-plugin-phase -c %s -o %t/kept.o 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: test -f %t/kept.o
int unimplemented_phase;
