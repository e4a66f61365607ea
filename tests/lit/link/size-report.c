// sdk/examples/LinkSizeReportPlugin.c: per input object and archive member,
// the bytes the link keeps, the bytes --gc-sections drops and the bytes
// --icf folds, as a table on stderr or JSON. It only observes: the program
// is the one the graph linker makes without it.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O2 -ffunction-sections -DLIB -c %s -o %t/lib.o
// RUN: ar rcs %t/libh.a %t/lib.o
// RUN: %neverc -O2 -ffunction-sections -c %s -o %t/main.o
// RUN: %neverc -fplugin=%plugins/LinkSizeReportPlugin.so %t/main.o %t/libh.a -Wl,--gc-sections -Wl,--icf=all -o %t/prog 2>&1 | FileCheck %s
// RUN: %t/prog | FileCheck %s --check-prefix=OUT
// RUN: %neverc -fuse-ld=neverc %t/main.o %t/libh.a -Wl,--gc-sections -Wl,--icf=all -o %t/plain
// RUN: cmp %t/prog %t/plain
// RUN: %neverc -fplugin=%plugins/LinkSizeReportPlugin.so --size-report %t/r.json %t/main.o %t/libh.a -Wl,--gc-sections -Wl,--icf=all -o %t/prog2
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); r={i['name'].split('/')[-1]: i for i in d['inputs']}; m=r['libh.a(lib.o)']; print('member kept>0', m['kept']>0, 'dropped>0', m['dropped']>0, 'folded>0', m['folded']>0); print('main dropped>0', r['main.o']['dropped']>0); print('total', d['total']['kept']==sum(i['kept'] for i in d['inputs']))" %t/r.json | FileCheck %s --check-prefix=JSON
//
// CHECK: link size report: {{.*}}prog
// CHECK-NEXT: kept dropped folded input
// CHECK-DAG: {{ +[1-9][0-9]* +[1-9][0-9]* +[1-9][0-9]*}} {{.*}}libh.a(lib.o)
// CHECK-DAG: {{ +[1-9][0-9]* +[1-9][0-9]* +0}} {{.*}}main.o
// CHECK: {{ +[1-9][0-9]* +[1-9][0-9]* +[1-9][0-9]*}} total
// OUT: 5
// JSON: member kept>0 True dropped>0 True folded>0 True
// JSON-NEXT: main dropped>0 True
// JSON-NEXT: total True

#ifdef LIB
int helper_a(int x) { return x + 1; }
int helper_b(int x) { return x + 1; }
int unused_in_member(void) { return 3; }
#else
#include <stdio.h>
int helper_a(int);
int helper_b(int);
int dead_in_main(void) { return 9; }
int main(void) {
  printf("%d\n", helper_a(1) + helper_b(2));
  return 0;
}
#endif
