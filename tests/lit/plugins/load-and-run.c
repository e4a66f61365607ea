// -fplugin= loads a real plugin module into a real compile; the program
// still compiles, links and runs, and DriverTracePlugin's remarks appear.
// RUN: rm -rf %t && mkdir %t
//
// Loaded but not enabled: no remark, same program.
// RUN: %neverc -fplugin=%plugins/DriverTracePlugin.so %s -o %t/quiet 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: driver-trace
// RUN: %t/quiet | FileCheck %s --check-prefix=EMPTY --allow-empty
// EMPTY-NOT: {{.}}
// RUN: %t/quiet 7 | FileCheck %s --check-prefix=RUN7
//
// --driver-trace (a plugin-registered FLAG): one raw_arguments remark, one
// execute_job remark per job (cc1, then the link), the SessionEnd summary.
// RUN: %neverc -fplugin=%plugins/DriverTracePlugin.so --driver-trace %s -o %t/traced 2>&1 | FileCheck %s --check-prefix=TRACE --implicit-check-not=error:
// TRACE: neverc: remark: plugin 'org.neverc.example.driver-trace' in neverc.driver.raw_arguments: driver-trace: 4 arguments
// TRACE-NEXT: neverc: remark: plugin 'org.neverc.example.driver-trace' in neverc.driver.execute_job: driver-trace: job 1 (kind {{[0-9]+}}, {{[0-9]+}} arguments): {{.*}}neverc
// TRACE-NEXT: neverc: remark: plugin 'org.neverc.example.driver-trace' in neverc.driver.execute_job: driver-trace: job 2 (kind {{[0-9]+}}, {{[0-9]+}} arguments): {{.*}}ld.lld
// TRACE-NEXT: driver-trace: {{[0-9]+}} argument entries observed, 2 jobs
// RUN: %t/traced 7 | FileCheck %s --check-prefix=RUN7
//
// -c: one job, an object file.
// RUN: %neverc -fplugin=%plugins/DriverTracePlugin.so --driver-trace -c %s -o %t/obj.o 2>&1 | FileCheck %s --check-prefix=OBJ
// OBJ: driver-trace: job 1
// OBJ-NOT: job 2
// OBJ: 1 jobs
// RUN: llvm-readelf -h %t/obj.o | FileCheck %s --check-prefix=REL
// REL: Type: REL (Relocatable file)
//
// The flag is enabled through -fplugin-arg= too (qualified and not).
// RUN: %neverc -fplugin=%plugins/DriverTracePlugin.so -fplugin-arg=org.neverc.example.driver-trace:driver-trace -c %s -o %t/arg.o 2>&1 | FileCheck %s --check-prefix=OBJ
// RUN: %neverc -fplugin=%plugins/DriverTracePlugin.so -fplugin-arg=driver-trace -c %s -o %t/arg2.o 2>&1 | FileCheck %s --check-prefix=OBJ
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc > 1)
    printf("arg %d\n", atoi(argv[1]) * 6);
  return 0;
}
// RUN7: arg 42
