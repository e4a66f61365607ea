// -fplugin-arg=<plugin-id>:<key>=<value> (core.md §12): the text up to the
// first ':' before the first '=' names the plugin, the key runs to the next
// '=', the value is everything after it, verbatim. Inputs/OptionPlugin.c
// prints every recorded value at SessionBegin.
// RUN: rm -rf %t && mkdir %t
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/opt.so
//
// Values containing ':' ';' ',' '=' and spaces reach the plugin verbatim.
// RUN: %neverc -fplugin=%t/opt.so '-fplugin-arg=test.options:opt-value=gpr:rcx;ret:rax,x=y z' -c %s -o %t/a.o 2>&1 | FileCheck %s --check-prefix=VERBATIM --implicit-check-not=error:
// VERBATIM: test.options: --opt-flag count=0
// VERBATIM: test.options: --opt-value[0] = 'gpr:rcx;ret:rax,x=y z'
// RUN: test -f %t/a.o
//
// The key with or without its leading dashes; '=' leading the value; an
// empty value; a key without '=' is a FLAG occurrence ("1").
// RUN: %neverc -fplugin=%t/opt.so -fplugin-arg=test.options:--opt-sep==a=b= -fplugin-arg=test.options:opt-flag -fplugin-arg=test.options:opt-joined= -c %s -o %t/b.o 2>&1 | FileCheck %s --check-prefix=FORMS --implicit-check-not=error:
// FORMS: test.options: --opt-flag[0] = '1'
// FORMS: test.options: --opt-joined[0] = ''
// FORMS: test.options: --opt-sep[0] = '=a=b='
//
// Unqualified (exactly one plugin loaded): a ':' after the first '=' is part
// of the value, not a plugin ID.
// RUN: %neverc -fplugin=%t/opt.so '-fplugin-arg=opt-value=a:b;c' -fplugin-arg=opt-flag -c %s -o %t/c.o 2>&1 | FileCheck %s --check-prefix=UNQUAL --implicit-check-not=error:
// UNQUAL: test.options: --opt-flag[0] = '1'
// UNQUAL: test.options: --opt-value[0] = 'a:b;c'
//
// Multiplicity through -fplugin-arg=: APPEND keeps all in order, LAST_WINS
// the last one; a FLAG takes an explicit boolean value too.
// RUN: %neverc -fplugin=%t/opt.so -fplugin-arg=test.options:opt-joined=1 -fplugin-arg=opt-joined=2 -fplugin-arg=opt-sep=first -fplugin-arg=opt-sep=last -fplugin-arg=opt-flag=0 -c %s -o %t/d.o 2>&1 | FileCheck %s --check-prefix=MULT --implicit-check-not=error:
// MULT: test.options: --opt-flag[0] = '0'
// MULT-NEXT: test.options: --opt-joined[0] = '1'
// MULT-NEXT: test.options: --opt-joined[1] = '2'
// MULT-NEXT: test.options: --opt-sep[0] = 'last'
// MULT-NOT: --opt-sep[1]
//
// Unqualified with two plugins loaded: an error, nothing is compiled (also
// when the value contains ':' — the '=' comes first, so it is unqualified).
// RUN: not %neverc -fplugin=%t/opt.so -fplugin=%plugins/DriverTracePlugin.so -fplugin-arg=opt-value=x -c %s -o %t/two.o 2>&1 | FileCheck %s --check-prefix=TWO --implicit-check-not=error: --implicit-check-not=test.options:
// TWO: test.options: Register
// TWO: neverc: error: '-fplugin-arg=opt-value=x' must name its plugin ('<plugin-id>:<key>=<value>') when more than one plugin is loaded
// RUN: not %neverc -fplugin=%t/opt.so -fplugin=%plugins/DriverTracePlugin.so -fplugin-arg=opt-value=a:b -c %s -o %t/two.o 2>&1 | FileCheck %s --check-prefix=TWOCOLON --implicit-check-not=error:
// TWOCOLON: neverc: error: '-fplugin-arg=opt-value=a:b' must name its plugin
// RUN: not test -e %t/two.o
// ... and qualified with two plugins it is fine.
// RUN: %neverc -fplugin=%t/opt.so -fplugin=%plugins/DriverTracePlugin.so -fplugin-arg=test.options:opt-value=a:b -fplugin-arg=org.neverc.example.driver-trace:driver-trace -c %s -o %t/two.o 2>&1 | FileCheck %s --check-prefix=TWOOK --implicit-check-not=error:
// TWOOK-DAG: test.options: --opt-value[0] = 'a:b'
// TWOOK-DAG: argument entries observed, 1 jobs
// RUN: test -f %t/two.o
//
// Unknown plugin ID, unknown key, empty key, missing value: one error each.
// RUN: not %neverc -fplugin=%t/opt.so -fplugin-arg=test.nope:opt-flag -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=NOID --implicit-check-not=error:
// NOID: neverc: error: '-fplugin-arg=test.nope:opt-flag' names plugin 'test.nope', which is not loaded
// RUN: not %neverc -fplugin=%t/opt.so -fplugin-arg=test.options:opt-nope=1 -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=NOKEY --implicit-check-not=error:
// NOKEY: neverc: error: plugin 'test.options' registered no option 'opt-nope'
// RUN: not %neverc -fplugin=%t/opt.so -fplugin-arg=test.options:=v -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=EMPTYKEY --implicit-check-not=error:
// EMPTYKEY: neverc: error: '-fplugin-arg=test.options:=v' has an empty key
// RUN: not %neverc -fplugin=%t/opt.so -fplugin-arg=test.options:opt-sep -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=NOVAL --implicit-check-not=error:
// NOVAL: neverc: error: option '--opt-sep' of plugin 'test.options' needs a value ('opt-sep=<value>')
// RUN: not test -e %t/bad.o
int plugin_arg;
