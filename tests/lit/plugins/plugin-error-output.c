// BUG (tools/neverc/main.cpp, withPlugins, "A plugin that reported an error
// fails the compile even if every job succeeded"): an ERROR diagnostic from
// a plugin only turns the exit code into 1 after runDriver() returned; the
// driver keeps running every job and the output files stay on disk. An
// error reported before any job runs (a raw_arguments observer) still
// produces the object/executable. Correct (like clang on any error): the
// remaining jobs do not run, outputs already written are removed, one
// error, non-zero exit.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -DERROR_AT_START -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/start.so
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -DERROR_AT_JOB -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/job.so
//
// Error before any job: nothing is compiled.
// RUN: not %neverc -fplugin=%t/start.so -c %s -o %t/start.o 2>&1 | FileCheck %s --check-prefix=START --implicit-check-not=error:
// START: neverc: error: plugin 'test.options' in neverc.driver.raw_arguments: test.options refuses this compile
// RUN: not test -e %t/start.o
// RUN: not %neverc -fplugin=%t/start.so %s -o %t/start.exe 2>&1 | FileCheck %s --check-prefix=START --implicit-check-not=error:
// RUN: not test -e %t/start.exe
//
// Error after the cc1 job: its object is removed, the link never runs (so
// exactly one error).
// RUN: not %neverc -fplugin=%t/job.so -c %s -o %t/job.o 2>&1 | FileCheck %s --check-prefix=JOB --implicit-check-not=error:
// JOB: neverc: error: plugin 'test.options' in neverc.driver.execute_job: test.options refuses this job's output
// RUN: not test -e %t/job.o
// RUN: not %neverc -fplugin=%t/job.so %s -o %t/job.exe 2>&1 | FileCheck %s --check-prefix=JOB --implicit-check-not=error:
// RUN: not test -e %t/job.exe
int main(void) { return 0; }
