// sdk/examples/ObjectCachePlugin.c: an object cache at
// neverc.codegen.coarse_lower. The first compile misses and stores LLVM's
// object; the same compile again (to another -o too) hits and skips code
// generation; both objects are clang-22's bytes. Another code-generation
// option that leaves no trace in the module (-ffunction-sections) is
// another key, and so is another compile directory (on the command line for
// the debug info). A corrupt cache entry is refused by the product checks:
// the compile fails, nothing is written. -gsplit-dwarf is not cached.
//
// RUN: rm -rf %t && mkdir -p %t/cache
// RUN: %clang -O2 -c %s -o %t/clang.o
// RUN: %neverc -O2 -c %s -o %t/a.o -fplugin=%plugins/ObjectCachePlugin.so -fplugin-arg=org.neverc.example.object-cache:--object-cache-dir=%t/cache 2>&1 | FileCheck %s --check-prefix=MISS --implicit-check-not=error:
// RUN: cmp %t/a.o %t/clang.o
// RUN: %neverc -O2 -c %s -o %t/b.o -fplugin=%plugins/ObjectCachePlugin.so -fplugin-arg=org.neverc.example.object-cache:--object-cache-dir=%t/cache 2>&1 | FileCheck %s --check-prefix=HIT --implicit-check-not=error:
// RUN: cmp %t/b.o %t/clang.o
// RUN: ls %t/cache | count 1
// MISS: remark: object-cache: miss [[KEY:[0-9a-f]+]]
// HIT: remark: object-cache: hit {{[0-9a-f]+}}
//
// RUN: %neverc -O2 -ffunction-sections -c %s -o %t/c.o -fplugin=%plugins/ObjectCachePlugin.so -fplugin-arg=org.neverc.example.object-cache:--object-cache-dir=%t/cache 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: %clang -O2 -ffunction-sections -c %s -o %t/clang-fs.o
// RUN: cmp %t/c.o %t/clang-fs.o
// RUN: ls %t/cache | count 2
//
// RUN: find %t/cache -name '*.o' -exec sh -c 'printf garbage > "$0"' {} ';'
// RUN: not %neverc -O2 -c %s -o %t/e.o -fplugin=%plugins/ObjectCachePlugin.so -fplugin-arg=org.neverc.example.object-cache:--object-cache-dir=%t/cache 2>&1 | FileCheck %s --check-prefix=CORRUPT
// RUN: not ls %t/e.o
// CORRUPT: remark: object-cache: hit
// CORRUPT: error: the code-generation product (a plugin on neverc.codegen.coarse_lower) is not a valid object for '{{.*}}': it is not an object file
//
// The .dwo comes from code generation, which a hit would skip: not cached
// (this compile runs where it writes: the directory is on its command line).
// RUN: cd %t && %neverc -O2 -g -gsplit-dwarf -c %s -o %t/d.o -fplugin=%plugins/ObjectCachePlugin.so -fplugin-arg=org.neverc.example.object-cache:--object-cache-dir=%t/cache 2>&1 | count 0
// RUN: ls %t/d.dwo
// RUN: ls %t/cache | count 2

int twice(int X) { return 2 * X; }
int sum(const int *P, int N) {
  int S = 0;
  for (int I = 0; I < N; ++I)
    S += twice(P[I]);
  return S;
}
