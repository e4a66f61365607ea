// BUG (tools/neverc/main.cpp, withPlugins): all -fplugin-arg= values are
// recorded first (the `for (const std::string &A : F.Args)` loop), then
// -fplugin-pass-arg=, then the registered spellings, so values given
// through different routes are not kept in command-line order: APPEND lists
// come out reordered, LAST_WINS keeps the last *spelling* occurrence
// instead of the last occurrence, and validator occurrence indices follow
// the same wrong order. core.md §11.5: "APPEND keeps all in command-line
// order", LAST_WINS "keep last". Correct behaviour below.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %cc -shared -fPIC -std=c11 -Wall -Wextra -Werror -I%sdk_include %S/Inputs/OptionPlugin.c -o %t/opt.so
// RUN: %neverc -fplugin=%t/opt.so --opt-checked one -fplugin-arg=opt-checked=two --opt-checked=three --opt-sep first -fplugin-arg=test.options:opt-sep=last -c %s -o %t/v.o 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: validator --opt-checked occurrence 0 value 'one'
// CHECK-NEXT: validator --opt-checked occurrence 1 value 'two'
// CHECK-NEXT: validator --opt-checked occurrence 2 value 'three'
// CHECK: --opt-sep[0] = 'last'
// CHECK: --opt-checked[0] = 'one'
// CHECK-NEXT: --opt-checked[1] = 'two'
// CHECK-NEXT: --opt-checked[2] = 'three'
int option_order;
