// -fplugin-report[=<file>]: at the end of the invocation, per plugin and
// phase, callbacks made with their total and self time, and per phase the
// runs, the host's own time and the built-in step's; bytes each plugin
// allocated through the core table. A table on stderr, or JSON to the file.
// With -ftime-trace, phase runs and plugin callbacks are spans of clang's
// own trace.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -fplugin=%plugins/CensusPlugin.so --census-out %t/c1.jsonl -Wno-unimplemented-plugin-phase -fplugin-report -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=TABLE
// TABLE: neverc: plugin cost report
// TABLE-NEXT: plugin phase callbacks total ms self ms
// TABLE: org.neverc.example.census (lifecycle) 4
// TABLE: org.neverc.example.census neverc.driver.raw_arguments 2
// TABLE: org.neverc.example.census neverc.prep.token {{[1-9][0-9]*}}
// TABLE: org.neverc.example.census (all phases) {{.*}}(allocated {{[1-9][0-9]*}} bytes, peak {{[1-9][0-9]*}})
// TABLE: phase runs host ms built-in ms
// TABLE: neverc.driver.execute_job 1
// RUN: test -f %t/a.o
//
// As JSON, the numbers add up against the census of the same compile.
// RUN: %neverc -fplugin=%plugins/CensusPlugin.so --census-out %t/c2.jsonl -Wno-unimplemented-plugin-phase -fplugin-report=%t/report.json -c %s -o %t/b.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: plugin cost report
// RUN: python3 %S/Inputs/check_report.py %t/report.json %t/c2.jsonl org.neverc.example.census | FileCheck %s --check-prefix=JSON
// JSON: check_report: {{[0-9]+}} phases, 1 plugins, 0 errors
// An interceptor's self time leaves out the rest of the chain it ran: the
// job itself (the built-in step) runs inside the interceptor's InvokeNext,
// so total - self is at least the built-in time of every run it wrapped.
// Nested spans make this hold on any machine, however loaded (a ratio of
// self to total would not).
// RUN: %neverc -fplugin=%plugins/DriverTracePlugin.so -fplugin-report=%t/trace.json %s -o %t/prog 2>/dev/null
// RUN: python3 -c "import json,sys; r=json.load(open(sys.argv[1])); p=[x for x in r['plugins'][0]['phases'] if x['phase']=='neverc.driver.execute_job'][0]; b=[x for x in r['phases'] if x['phase']=='neverc.driver.execute_job'][0]; print('builtin', b['builtin_ns'] > 0, 'chain', p['total_ns'] - p['self_ns'] >= b['builtin_ns'])" %t/trace.json | FileCheck %s --check-prefix=SELF
// SELF: builtin True chain True
//
// -ftime-trace: spans named by phase and "plugin <id>" (phase as detail).
// RUN: %neverc -fplugin=%plugins/CensusPlugin.so --census-out %t/c3.jsonl -Wno-unimplemented-plugin-phase -ftime-trace=%t/time.json -ftime-trace-granularity=0 -c %s -o %t/c.o
// RUN: python3 -c "import json,sys; e=json.load(open(sys.argv[1]))['traceEvents']; n={x['name'] for x in e}; d={x.get('args',{}).get('detail') for x in e if x['name']=='plugin org.neverc.example.census'}; print(sorted(x for x in n if x.startswith('neverc.prep'))); print('detail', sorted(x for x in d if x and x.startswith('neverc.prep.token')))" %t/time.json | FileCheck %s --check-prefix=TRACE
// TRACE: 'neverc.prep.build_token_stream'
// TRACE-SAME: 'neverc.prep.token'
// TRACE: detail ['neverc.prep.token']
//
// Errors: no plugin, or a file that cannot be written.
// RUN: not %neverc -fplugin-report -c %s -o %t/d.o 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: neverc: error: '-fplugin-report' given but no plugin is loaded
// RUN: not %neverc -fplugin=%plugins/CensusPlugin.so --census-out %t/c4.jsonl -Wno-unimplemented-plugin-phase -fplugin-report=%t/no/such/dir/r.json -c %s -o %t/e.o 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: cannot write the plugin report to '{{.*}}/no/such/dir/r.json'
int main(void) { return 0; }
