// -fplugin-provider=<phase>:<plugin-id> (core.md §12): an unknown phase, a
// phase that is not REPLACEABLE, an unknown plugin and a plugin that
// provides nothing for the phase are each one error; nothing is compiled.
// RUN: rm -rf %t && mkdir %t
// RUN: not %neverc -fplugin=%plugins/DriverTracePlugin.so -fplugin-provider=neverc.driver.no_such_phase:org.neverc.example.driver-trace -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=error:
// UNKNOWN: neverc: error: -fplugin-provider=neverc.driver.no_such_phase:org.neverc.example.driver-trace: unknown phase 'neverc.driver.no_such_phase'
// RUN: not %neverc -fplugin=%plugins/DriverTracePlugin.so -fplugin-provider=neverc.driver.raw_arguments:org.neverc.example.driver-trace -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=SEALED --implicit-check-not=error:
// SEALED: neverc: error: -fplugin-provider=neverc.driver.raw_arguments:org.neverc.example.driver-trace: phase 'neverc.driver.raw_arguments' is not replaceable
// RUN: not %neverc -fplugin=%plugins/DriverTracePlugin.so -fplugin-provider=neverc.driver.execute_job:org.neverc.example.driver-trace -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=NOTHING --implicit-check-not=error:
// NOTHING: neverc: error: -fplugin-provider=neverc.driver.execute_job:org.neverc.example.driver-trace: plugin 'org.neverc.example.driver-trace' provides no 'neverc.driver.execute_job'
// RUN: not %neverc -fplugin=%plugins/DriverTracePlugin.so -fplugin-provider=neverc.driver.build_jobs:test.absent -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=ABSENT --implicit-check-not=error:
// ABSENT: neverc: error: -fplugin-provider=neverc.driver.build_jobs:test.absent: no plugin 'test.absent' is loaded
// RUN: not test -e %t/out.o
int provider;
