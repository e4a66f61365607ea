// BUG (tools/neverc/PluginHooks.cpp, PluginHooks::buildJobs): when any
// plugin registers on neverc.driver.build_jobs (TracePlugin observes every
// phase), buildJobs hands runBuildJobs an empty api::ActionGraph ("sources
// by id only"), so the host verifier neverc.driver.verify_job_graph
// (driver/lib/api/Verify.cpp, "source action N does not exist") rejects the
// unchanged built-in job graph and every compile fails with four errors.
// Correct: an observed-only build_jobs leaves the compile untouched.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -fplugin=%plugins/TracePlugin.so -c %s -o %t/one.o 2>&1 | FileCheck %s --check-prefix=TRACE --implicit-check-not=error:
// TRACE: [trace] session begins
// TRACE: [trace] session ends
// RUN: test -f %t/one.o
//
// Two plugins at once: both act on the same compile, the program runs.
// RUN: %neverc -fplugin=%plugins/TracePlugin.so -fplugin=%plugins/DriverTracePlugin.so --driver-trace %s -o %t/both 2>&1 | FileCheck %s --check-prefix=BOTH --implicit-check-not=error:
// BOTH: [trace] session begins
// BOTH: driver-trace: job 2
// BOTH: [trace] session ends
// RUN: %t/both | FileCheck %s --check-prefix=OUT
// OUT: observed
#include <stdio.h>

int main(void) {
  puts("observed");
  return 0;
}
