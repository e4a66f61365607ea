// A plugin that emits an ERROR diagnostic makes the compile fail: the
// plugin's own error (attributed to it and its phase) is the only error,
// and neverc exits non-zero. (That no output file is left behind is
// checked in plugin-error-output.c.)
// RUN: rm -rf %t && mkdir %t
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -DERROR_AT_START -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/start.so
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -DERROR_AT_JOB -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/job.so
//
// RUN: not %neverc -fplugin=%t/start.so -c %s -o %t/start.o 2>&1 | FileCheck %s --check-prefix=START --implicit-check-not=error:
// START: neverc: error: plugin 'test.options' in neverc.driver.raw_arguments: test.options refuses this compile
// RUN: not %neverc -fplugin=%t/job.so -c %s -o %t/job.o 2>&1 | FileCheck %s --check-prefix=JOB --implicit-check-not=error:
// JOB: neverc: error: plugin 'test.options' in neverc.driver.execute_job: test.options refuses this job's output
//
// A remark or warning alone does not fail it (DriverTrace's remarks).
// RUN: %neverc -fplugin=%plugins/DriverTracePlugin.so --driver-trace -c %s -o %t/ok.o
// RUN: test -f %t/ok.o
int plugin_error;
