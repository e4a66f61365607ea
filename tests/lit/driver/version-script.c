// Like GNU ld (what Debian's clang-22 links with), neverc's in-process lld
// accepts version-script entries for symbols the link does not define;
// -Wl,--no-undefined-version restores lld's strictness. zlib's configure
// depends on the former to detect shared-library support.
//
// RUN: rm -rf %t && mkdir %t
// RUN: printf '{ global: kept; not_defined_here; local: *; };\n' > %t/v.map
// RUN: %neverc -shared -fPIC -Wl,--version-script,%t/v.map %s -o %t/lib.so
// RUN: test -f %t/lib.so
// RUN: not %neverc -shared -fPIC -Wl,--no-undefined-version -Wl,--version-script,%t/v.map %s -o %t/strict.so 2>&1 | FileCheck %s
// RUN: not test -e %t/strict.so
// CHECK: symbol 'not_defined_here' failed: symbol not defined

int kept(void) { return 1; }
