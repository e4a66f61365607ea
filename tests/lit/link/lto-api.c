// NevercLTOAPI and NevercLTORegistrarAPI through the C ABI
// (link/test/LTOTestPlugin.c): every slot, positive and negative, with
// the exact status, after lto_resolve and after lto_generate.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -flto -O2 -DMAIN -c %s -o %t/main.o
// RUN: %neverc -flto -O2 -c %s -o %t/lib.o
// RUN: %neverc -fplugin=%test_plugins/LTOTestPlugin.so %t/main.o %t/lib.o -o %t/prog 2>&1 | FileCheck %s
// RUN: %t/prog
//
// CHECK: lto-api: RegisterProvider(good) OK
// CHECK: lto-api: RegisterProvider(no Codegen) INVALID_DESCRIPTOR
// CHECK: lto-api: resolve GetRequest(null) OK
// CHECK-NEXT: lto-api: resolve request modules=2 resolutions=3 handle=1 graph=1
// CHECK-NEXT: lto-api: resolve GetRequest(own) OK same=1
// CHECK-NEXT: lto-api: resolve GetRequest(short struct) INVALID_ARGUMENT
// CHECK-NEXT: lto-api: resolve GetRequest(no task) WRONG_TYPE
// CHECK-NEXT: lto-api: resolve GetModulePage OK count=2 more=0
// CHECK-NEXT: lto-api: resolve capacity 1 pages 2 same=1
// CHECK-NEXT: lto-api: resolve GetModulePage(cursor past the end) INVALID_ARGUMENT
// CHECK-NEXT: lto-api: resolve GetModulePage(short stride) INVALID_ARGUMENT
// CHECK-NEXT: lto-api: resolve GetModuleInfo OK same=1 symbols=2 layout=e-m:e
// CHECK-NEXT: lto-api: resolve GetResolutionPage OK
// CHECK-NEXT: lto-api: resolve GetResolutionInfo OK same=1
// CHECK-NEXT: lto-api: resolve GetResolutionInfo(a module handle) WRONG_TYPE
// CHECK-NEXT: lto-api: resolve GetModuleInfo(a resolution handle) WRONG_TYPE
// CHECK-NEXT: lto-api: resolve GetModuleInfo(null) WRONG_TYPE
// CHECK-NEXT: lto-api: resolve RegisterProvider(outside Register) INVALID_STATE
// The request stays readable after lto_generate (the same digest).
// CHECK: lto-api: generate GetRequest(null) OK
// CHECK-NEXT: lto-api: generate request modules=2 resolutions=3 handle=1 graph=1
// CHECK-NEXT: lto-api: generate GetRequest(own) OK same=1
//
// A link without bitcode has no LTO request.
// RUN: %neverc -O2 -DPLAIN -c %s -o %t/plain.o
// RUN: %neverc -fplugin=%test_plugins/LTOTestPlugin.so %t/plain.o -o %t/plain 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: lto-api: resolve GetRequest(null) NOT_FOUND
// NONE: lto-api: generate GetRequest(null) NOT_FOUND

#ifdef MAIN
int twice(int);
int main(void) { return twice(21) - 42; }
#elif defined(PLAIN)
int main(void) { return 0; }
#else
int twice(int X) { return 2 * X; }
#endif
