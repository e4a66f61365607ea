// Modules that must be refused (core.md §6, H1, H4, H6): one clang-style
// error naming the cause and the module, non-zero exit, no output, and no
// callback of any loaded plugin runs.
// RUN: rm -rf %t && mkdir %t
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror %S/Inputs/PrototypePlugin.c -o %t/proto.so
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror %S/Inputs/NoEntryPlugin.c -o %t/noentry.so
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -I%sdk_include %S/Inputs/AbiMajor2Plugin.c -o %t/abi2.so
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -DFAIL_REGISTER -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/failreg.so
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/opt.so
//
// Prototype-era module: exports only nevercGetPluginInfo, which never runs.
// RUN: not %neverc -fplugin=%t/proto.so -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=PROTO --implicit-check-not=error: --implicit-check-not=prototype:
// PROTO: neverc: error: plugin '{{.*}}proto.so' exports the removed prototype entry 'nevercGetPluginInfo'; rebuild it against the descriptor ABI and export 'neverc_plugin_entry'
// RUN: not test -e %t/out.o
//
// No entry at all.
// RUN: not %neverc -fplugin=%t/noentry.so -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=NOENTRY --implicit-check-not=error:
// NOENTRY: neverc: error: plugin has no 'neverc_plugin_entry' entry: '{{.*}}noentry.so'
// RUN: not test -e %t/out.o
//
// No such file; an empty path; a file that is not a shared object.
// RUN: not %neverc -fplugin=%t/does-not-exist.so -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=MISSING --implicit-check-not=error:
// MISSING: neverc: error: cannot load plugin '{{.*}}does-not-exist.so': no such file
// RUN: not %neverc -fplugin= -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=EMPTY --implicit-check-not=error:
// EMPTY: neverc: error: cannot load plugin '': no such file
// RUN: not %neverc -fplugin=%s -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=NOTELF --implicit-check-not=error:
// NOTELF: neverc: error: cannot load plugin '{{.*}}bad-modules.c': {{.*}}
// RUN: not test -e %t/out.o
//
// Descriptor with Header.Major = 2: ABI mismatch, neither ProcessBegin nor
// Register runs.
// RUN: not %neverc -fplugin=%t/abi2.so -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=ABI2 --implicit-check-not=error: --implicit-check-not=abi2:
// ABI2: neverc: error: plugin '{{.*}}abi2.so' refused: descriptor speaks plugin ABI major 2, host speaks 1
// RUN: not test -e %t/out.o
//
// Register fails: the error names the plugin and the status.
// RUN: not %neverc -fplugin=%t/failreg.so -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=FAILREG --implicit-check-not=error:
// FAILREG: test.options: Register
// FAILREG-NEXT: neverc: error: plugin 'test.options': Register failed with PLUGIN_FAILURE
// RUN: not test -e %t/out.o
//
// One bad module among good ones: the good ones are never initialized.
// RUN: not %neverc -fplugin=%t/opt.so -fplugin=%t/noentry.so -fplugin=%plugins/DriverTracePlugin.so --driver-trace -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=MIXED --implicit-check-not=error: --implicit-check-not=Register --implicit-check-not=driver-trace:
// MIXED: neverc: error: plugin has no 'neverc_plugin_entry' entry: '{{.*}}noentry.so'
// RUN: not test -e %t/out.o
//
// The same module twice: duplicate plugin ID.
// RUN: not %neverc -fplugin=%t/opt.so -fplugin=%t/opt.so -c %s -o %t/out.o 2>&1 | FileCheck %s --check-prefix=DUP --implicit-check-not=error: --implicit-check-not=Register
// DUP: neverc: error: plugin '{{.*}}opt.so' refused: plugin ID 'test.options' is already loaded
// RUN: not test -e %t/out.o
int bad_modules;
