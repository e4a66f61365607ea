// -fplugin-pass=<path> loads a module exactly like -fplugin= (it must export
// neverc_plugin_entry); -fplugin-pass-arg=<k>=<v> is
// -fplugin-arg=<id>:<k>=<v> for the single -fplugin-pass= module (README
// "Project decisions").
// RUN: rm -rf %t && mkdir %t
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/opt.so
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror '-DPLUGIN_ID="test.other"' '-DPREFIX="--oth-"' -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/other.so
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror %S/Inputs/PrototypePlugin.c -o %t/proto.so
//
// Loaded, registered options work, the program compiles and runs.
// RUN: %neverc -fplugin-pass=%t/opt.so --opt-flag '-fplugin-pass-arg=opt-value=a:b;c=d' -fplugin-pass-arg=--opt-sep=s %s -o %t/prog 2>&1 | FileCheck %s --check-prefix=PASS --implicit-check-not=error:
// PASS: test.options: Register
// PASS-NEXT: test.options: --opt-flag[0] = '1'
// PASS: test.options: --opt-sep[0] = 's'
// PASS: test.options: --opt-value[0] = 'a:b;c=d'
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// OUT: pass plugin ran
//
// Together with an -fplugin= module the pass argument still goes to the
// -fplugin-pass= one.
// RUN: %neverc -fplugin=%t/other.so -fplugin-pass=%t/opt.so -fplugin-pass-arg=opt-value=1 -c %s -o %t/mixed.o 2>&1 | FileCheck %s --check-prefix=MIXED --implicit-check-not=error:
// MIXED-DAG: test.options: --opt-value[0] = '1'
// MIXED-DAG: test.other: --oth-value count=0
// RUN: test -f %t/mixed.o
//
// The DriverTrace example as a pass plugin.
// RUN: %neverc -fplugin-pass=%plugins/DriverTracePlugin.so -fplugin-pass-arg=driver-trace -c %s -o %t/trace.o 2>&1 | FileCheck %s --check-prefix=TRACE --implicit-check-not=error:
// TRACE: driver-trace: job 1
//
// -fplugin-pass-arg= with no -fplugin-pass= module, or with two: an error.
// RUN: not %neverc -fplugin=%t/opt.so -fplugin-pass-arg=opt-value=1 -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=NOPASS --implicit-check-not=error:
// NOPASS: neverc: error: '-fplugin-pass-arg=opt-value=1' needs exactly one module loaded with -fplugin-pass=
// RUN: not %neverc -fplugin-pass=%t/opt.so -fplugin-pass=%t/other.so -fplugin-pass-arg=opt-value=1 -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=NOPASS --implicit-check-not=error:
// ... and a key the pass module did not register.
// RUN: not %neverc -fplugin-pass=%t/opt.so -fplugin-pass-arg=nope=1 -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=NOKEY --implicit-check-not=error:
// NOKEY: neverc: error: plugin 'test.options' registered no option 'nope'
// RUN: not test -e %t/bad.o
//
// A prototype-era module is refused through -fplugin-pass= too.
// RUN: not %neverc -fplugin-pass=%t/proto.so -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=PROTO --implicit-check-not=error:
// PROTO: neverc: error: plugin '{{.*}}proto.so' exports the removed prototype entry 'nevercGetPluginInfo'; rebuild it against the descriptor ABI and export 'neverc_plugin_entry'
// PROTO-NOT: nevercGetPluginInfo ran
// RUN: not test -e %t/bad.o
#include <stdio.h>

int main(void) {
  puts("pass plugin ran");
  return 0;
}
