// Plugin-registered option spellings (core.md §9.6, H17, H36) parse like
// built-in options in all four forms and are read back through core slots
// 9-10; multiplicity, Required and Validator rules are enforced with one
// clang-style error each and no output.
// RUN: rm -rf %t && mkdir %t
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/opt.so
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -DWITH_REQUIRED -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/req.so
//
// FLAG, JOINED (--x<v> and --x=<v>), SEPARATE (--x <v> and --x=<v>),
// MULTI_ARG (--x <v1> <v2>); the rest of the command line is clang's.
// RUN: %neverc -fplugin=%t/opt.so --opt-flag --opt-joinedABC --opt-joined=d:e --opt-sep first --opt-sep=second --opt-multi m1 m2 --opt-multi m3 -m4 --opt-value 'x y' --opt-checked good -c %s -o %t/forms.o 2>&1 | FileCheck %s --check-prefix=FORMS --implicit-check-not=error: --implicit-check-not=warning:
// FORMS: test.options: Register
// FORMS-NEXT: test.options: validator --opt-checked occurrence 0 value 'good'
// FORMS-NEXT: test.options: --opt-flag[0] = '1'
// FORMS-NEXT: test.options: --opt-joined[0] = 'ABC'
// FORMS-NEXT: test.options: --opt-joined[1] = 'd:e'
// FORMS-NEXT: test.options: --opt-sep[0] = 'second'
// FORMS-NEXT: test.options: --opt-multi[0] = 'm1'
// FORMS-NEXT: test.options: --opt-multi[1] = 'm2'
// FORMS-NEXT: test.options: --opt-multi[2] = 'm3'
// FORMS-NEXT: test.options: --opt-multi[3] = '-m4'
// FORMS-NEXT: test.options: --opt-value[0] = 'x y'
// FORMS-NEXT: test.options: --opt-checked[0] = 'good'
// RUN: llvm-readelf -h %t/forms.o | FileCheck %s --check-prefix=REL
// REL: Type: REL (Relocatable file)
//
// The validator runs once per occurrence, with the occurrence index.
// RUN: %neverc -fplugin=%t/opt.so --opt-checked one --opt-checked two --opt-checked=three -c %s -o %t/v.o 2>&1 | FileCheck %s --check-prefix=VALID --implicit-check-not=error:
// VALID: validator --opt-checked occurrence 0 value 'one'
// VALID-NEXT: validator --opt-checked occurrence 1 value 'two'
// VALID-NEXT: validator --opt-checked occurrence 2 value 'three'
// VALID: --opt-checked[0] = 'one'
// VALID-NEXT: --opt-checked[1] = 'two'
// VALID-NEXT: --opt-checked[2] = 'three'
//
// Not given: count 0.
// RUN: %neverc -fplugin=%t/opt.so -c %s -o %t/none.o 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not=error:
// NONE-COUNT-6: count=0
//
// SINGLE given twice (also across spellings and -fplugin-arg=).
// RUN: not %neverc -fplugin=%t/opt.so --opt-value a --opt-value b -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=SINGLE --implicit-check-not=error: --implicit-check-not=--opt-value[
// SINGLE: neverc: error: plugin 'test.options': option '--opt-value' may be given only once
// RUN: not %neverc -fplugin=%t/opt.so --opt-flag -fplugin-arg=opt-flag -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=SINGLEFLAG --implicit-check-not=error:
// SINGLEFLAG: neverc: error: plugin 'test.options': option '--opt-flag' may be given only once
// RUN: not test -e %t/bad.o
//
// Required and missing; given, it is fine.
// RUN: not %neverc -fplugin=%t/req.so -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=REQ --implicit-check-not=error:
// REQ: neverc: error: plugin 'test.options': option '--opt-required' is required
// RUN: not test -e %t/bad.o
// RUN: %neverc -fplugin=%t/req.so --opt-required=yes -c %s -o %t/req.o 2>&1 | FileCheck %s --check-prefix=REQOK --implicit-check-not=error:
// REQOK: test.options: --opt-required[0] = 'yes'
//
// Validator rejection, in each spelling form.
// RUN: not %neverc -fplugin=%t/opt.so --opt-checked bad-value -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=REJECT --implicit-check-not=error:
// REJECT: test.options: validator --opt-checked occurrence 0 value 'bad-value'
// REJECT-NEXT: neverc: error: plugin 'test.options': invalid value 'bad-value' for option '--opt-checked' (validator: INVALID_ARGUMENT)
// RUN: not %neverc -fplugin=%t/opt.so -fplugin-arg=test.options:opt-checked=bad:x -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=REJECT2 --implicit-check-not=error:
// REJECT2: neverc: error: plugin 'test.options': invalid value 'bad:x' for option '--opt-checked' (validator: INVALID_ARGUMENT)
// RUN: not test -e %t/bad.o
//
// A FLAG's value must be a boolean; SEPARATE / MULTI_ARG need their values.
// RUN: not %neverc -fplugin=%t/opt.so -fplugin-arg=opt-flag=maybe -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=BOOL --implicit-check-not=error:
// BOOL: neverc: error: plugin 'test.options': invalid boolean value 'maybe' for option '--opt-flag'
// RUN: not %neverc -fplugin=%t/opt.so -c %s -o %t/bad.o --opt-multi only-one 2>&1 | FileCheck %s --check-prefix=MISSING --implicit-check-not=error:
// MISSING: neverc: error: plugin 'test.options': argument to '--opt-multi' is missing (expected 2 values)
// RUN: not test -e %t/bad.o
//
// Without the plugin the spelling is unknown to clang.
// RUN: not %neverc --opt-flag -c %s -o %t/bad.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown argument: '--opt-flag'
// RUN: not test -e %t/bad.o
int option_forms;
