// H34: -fplugin-arg= / -fplugin-provider= / -fplugin-pass-arg= while no
// plugin is loaded are hard errors, never ignored: one clang-style error,
// non-zero exit, no output.
// RUN: rm -rf %t && mkdir %t
// RUN: not %neverc -fplugin-arg=org.neverc.example.driver-trace:driver-trace -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=ARG --implicit-check-not=error:
// ARG: neverc: error: '-fplugin-arg=org.neverc.example.driver-trace:driver-trace' given but no plugin is loaded (use -fplugin=<path>)
// RUN: not %neverc -fplugin-arg=key=value -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=UNQUAL --implicit-check-not=error:
// UNQUAL: neverc: error: '-fplugin-arg=key=value' given but no plugin is loaded
// RUN: not %neverc -fplugin-provider=neverc.driver.execute_job:org.neverc.example.driver-trace -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=PROVIDER --implicit-check-not=error:
// PROVIDER: neverc: error: '-fplugin-provider=neverc.driver.execute_job:org.neverc.example.driver-trace' given but no plugin is loaded
// RUN: not %neverc -fplugin-pass-arg=k=v -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=PASSARG --implicit-check-not=error:
// PASSARG: neverc: error: '-fplugin-pass-arg=k=v' given but no plugin is loaded
// RUN: not test -e %t/out.o
//
// Also when the compile would be a link, or only preprocesses.
// RUN: not %neverc -fplugin-arg=k %s -o %t/prog 2>&1 | FileCheck %s --check-prefix=UNQUALK --implicit-check-not=error:
// UNQUALK: neverc: error: '-fplugin-arg=k' given but no plugin is loaded
// RUN: not test -e %t/prog
// RUN: not %neverc -fplugin-arg=k -E %s -o %t/pp.i 2>&1 | FileCheck %s --check-prefix=UNQUALK --implicit-check-not=error:
// RUN: not test -e %t/pp.i
//
// A malformed -fplugin-provider= is an error by itself.
// RUN: not %neverc -fplugin=%plugins/DriverTracePlugin.so -fplugin-provider=neverc.driver.execute_job -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=FORM --implicit-check-not=error:
// FORM: neverc: error: '-fplugin-provider=neverc.driver.execute_job' must have the form -fplugin-provider=<phase>:<plugin-id>
// RUN: not test -e %t/out.o
int no_plugin;
