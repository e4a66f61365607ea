// REQUIRES: hook-probe
// The six driver phases as seen, and edited, through DriverHooks
// (driver/test/HookProbe.cpp: the probe prints each phase's data with the
// prefix "probe:" and applies the edits named in NEVERC_HOOK_PROBE).
// RUN: rm -rf %t && mkdir %t && cd %t
//
// What each phase hands out for `-O2 hooks.c add.c -o prog`.
// RUN: %hook_probe -O2 %s %S/Inputs/add.c -o %t/prog 2>&1 | FileCheck %s --check-prefix=TRACE
// TRACE: probe: raw_arguments count=6
// TRACE: probe: raw[1] '-O2' origin=0 source='' pos=1
// TRACE: probe: option id=1 name=O spelling='-O' values=[2]
// TRACE: probe: option id=2 name=<input> spelling='' values=[{{.*}}hooks.c]
// TRACE: probe: option id=4 name=o spelling='-o' values=[{{.*}}prog]
// TRACE: probe: toolchain id=neverc.builtin.linux requested=x86_64-pc-linux-gnu triple=x86_64-pc-linux-gnu cpu=x86-64
// TRACE: probe: action preprocess:{{.*}}hooks.c
// TRACE: probe: action assemble:{{.*}}add.c
// TRACE: probe: action link
// TRACE: probe: node 11 kind=7 type=11 inputs=[5,10] input=0 class=linker
// TRACE: probe: roots [11]
// TRACE: probe: job 1 kind=cc1 inproc=1 deps=[] {{.*}} arg0=-cc1 inputs=1 outputs=1 source=5 flavor=0
// TRACE: probe: job 2 kind=cc1 inproc=1 deps=[] {{.*}} source=10
// TRACE: probe: job 3 kind=link inproc=1 deps=[1,2] exe=ld.lld {{.*}} inputs=2 outputs=1 source=11 flavor=1
// TRACE: probe: executed job 1 kind=cc1 exit=0 stats=1
// TRACE: probe: executed job 2 kind=cc1 exit=0 stats=1
// TRACE: probe: executed job 3 kind=link exit=0 stats=1
// RUN: %t/prog
//
// Response-file entries keep their origin.
// RUN: echo "-c %s -o %t/rsp.o" > %t/args.rsp
// RUN: %hook_probe @%t/args.rsp 2>&1 | FileCheck %s --check-prefix=RSP
// RSP: probe: raw[1] '-c' origin=0 source='args.rsp' pos=0
// RSP: probe: raw[4] '{{.*}}rsp.o' origin=0 source='args.rsp' pos=3
//
// Phase 1 and 2 edits reach cc1; an edited -o value renames the output.
// RUN: env NEVERC_HOOK_PROBE=raw-define %hook_probe -### -c %s 2>&1 | FileCheck %s --check-prefix=RAWDEF
// RAWDEF: "-D" "HOOKED=42"
// RUN: env NEVERC_HOOK_PROBE=parsed-add-define %hook_probe -### -c %s 2>&1 | FileCheck %s --check-prefix=PARSEDDEF
// PARSEDDEF: "-D" "PARSED=7"
// RUN: env NEVERC_HOOK_PROBE=parsed-rename-output %hook_probe -c %s -o %t/out.o
// RUN: test -f %t/out.o.renamed
// RUN: not test -e %t/out.o
//
// Invalid edits are diagnosed, nothing runs.
// RUN: env NEVERC_HOOK_PROBE=raw-drop-argv0 not %hook_probe -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=BADRAW
// BADRAW: error: invalid raw-argument edit: argv[0] must stay
// RUN: env NEVERC_HOOK_PROBE=parsed-bogus not %hook_probe -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=BADPARSED
// BADPARSED: error: invalid parsed-argument edit: no command-line form of '-no-such-spelling=' takes the values [a, b, c]
// RUN: not test -e %t/x.o
// RUN: env NEVERC_HOOK_PROBE=fail-raw not %hook_probe -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=FAILRAW
// FAILRAW: error: driver phase 'neverc.driver.raw_arguments' failed (status 7)
//
// Phase 3: CPU and features are re-encoded for cc1; bad edits refused.
// RUN: env NEVERC_HOOK_PROBE=tc-cpu,tc-feature %hook_probe -### -c %s 2>&1 | FileCheck %s --check-prefix=TC
// TC: "-target-cpu" "znver3"
// TC: "-target-feature" "+avx2"
// RUN: env NEVERC_HOOK_PROBE=tc-bad-triple not %hook_probe -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=BADTC
// BADTC: error: invalid toolchain edit: unknown target triple 'nonsense'
// RUN: env NEVERC_HOOK_PROBE=tc-edit-readonly not %hook_probe -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=ROTC
// ROTC: error: invalid toolchain edit: only Triple, CPU, Features, Sysroot and ResourceDir can be changed
//
// Phase 4: replacing the link root with its object root yields an object.
// RUN: env NEVERC_HOOK_PROBE=actions-object-root %hook_probe %s -o %t/objroot 2>&1 | FileCheck %s --check-prefix=OBJROOT
// OBJROOT: probe: job 1 kind=cc1
// OBJROOT-NOT: kind=link
// RUN: llvm-readelf -h %t/objroot | FileCheck %s --check-prefix=REL
// REL: Type: REL (Relocatable file)
// RUN: env NEVERC_HOOK_PROBE=actions-cycle not %hook_probe %s -o %t/cycle 2>&1 | FileCheck %s --check-prefix=CYCLE
// CYCLE: error: invalid action-graph edit: cycle through node 1
// RUN: not test -e %t/cycle
//
// Phase 5: a plugin job runs first; a dependency cycle is refused; edited
// cc1 arguments are used; a failing hook stops the driver.
// RUN: env NEVERC_HOOK_PROBE=jobs-plugin %hook_probe %s %S/Inputs/add.c -o %t/plugged 2>&1 | FileCheck %s --check-prefix=PLUGIN
// PLUGIN: probe: plugin job ran
// PLUGIN-NEXT: probe: executed job 4 kind=plugin exit=0
// PLUGIN: probe: executed job 3 kind=link exit=0
// RUN: %t/plugged
// RUN: env NEVERC_HOOK_PROBE=jobs-plugin %hook_probe -### -c %s 2>&1 | FileCheck %s --check-prefix=PLUGINJOB
// PLUGINJOB: (plugin job probe.callback)
// RUN: env NEVERC_HOOK_PROBE=jobs-plugin-fails not %hook_probe %s %S/Inputs/add.c -o %t/never 2>&1 | FileCheck %s --check-prefix=PLUGINFAIL
// PLUGINFAIL: probe: executed job 100 kind=plugin exit=3
// PLUGINFAIL-NOT: probe: executed
// PLUGINFAIL: error: probe.failing command failed with exit code 3
// RUN: not test -e %t/never
// RUN: env NEVERC_HOOK_PROBE=jobs-cycle not %hook_probe %s %S/Inputs/add.c -o %t/never 2>&1 | FileCheck %s --check-prefix=JOBCYCLE
// JOBCYCLE: error: invalid job-graph edit: job 1 depends on job 3, which does not run before it
// RUN: env NEVERC_HOOK_PROBE=jobs-O0 %hook_probe -O2 -### -c %s 2>&1 | FileCheck %s --check-prefix=JOBARGS
// JOBARGS: "-cc1" {{.*}} "-O2" {{.*}} "-O0"
// RUN: env NEVERC_HOOK_PROBE=fail-jobs not %hook_probe -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=FAILJOBS
// FAILJOBS: error: driver phase 'neverc.driver.build_jobs' failed (status 3)
// RUN: not test -e %t/x.o
//
// Phase 6: a hook may run a job itself instead of the built-in step.
// RUN: env NEVERC_HOOK_PROBE=exec-skip-link %hook_probe %s %S/Inputs/add.c -o %t/skipped 2>&1 | FileCheck %s --check-prefix=SKIP
// SKIP: probe: executed job 2 kind=cc1 exit=0
// SKIP-NEXT: probe: skipped link job 3
// RUN: not test -e %t/skipped
#include <stdio.h>
int add(int, int);
int main(void) { return add(1, 1) != 2; }
