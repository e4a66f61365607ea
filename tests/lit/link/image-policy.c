// The SDK example ImagePolicyPlugin (sdk/examples/ImagePolicyPlugin.c): an
// image verifier at the sealed neverc.link.image_verify gate that refuses
// W^X violations. An ordinary program passes and is byte for byte what
// neverc links without it; an executable stack or a writable-and-
// executable segment is refused, for executables and shared libraries,
// and nothing is written.
//
// RUN: rm -rf %t && mkdir -p %t/refused
// RUN: %neverc -c %s -o %t/main.o
// RUN: %neverc -fplugin=%plugins/ImagePolicyPlugin.so %t/main.o -o %t/ok 2>&1 | FileCheck %s --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %neverc %t/main.o -o %t/plain
// RUN: cmp %t/ok %t/plain
// RUN: %t/ok
//
// RUN: not %neverc -fplugin=%plugins/ImagePolicyPlugin.so %t/main.o -o %t/refused/stack -Wl,-z,execstack 2>&1 | FileCheck %s --check-prefix=STACK
// STACK: error: plugin 'org.neverc.example.image-policy': the executable asks for an executable stack (PT_GNU_STACK is executable)
// STACK: error: plugin 'org.neverc.example.image-policy' in neverc.link.verify_final_image: image verifier 'org.neverc.example.image-policy.executable' refused the image for '{{.*}}stack'
//
// RUN: not %neverc -fplugin=%plugins/ImagePolicyPlugin.so -shared -fPIC -DLIB %s -o %t/refused/libx.so -Wl,-z,execstack 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: error: plugin 'org.neverc.example.image-policy': the shared library asks for an executable stack
//
// -N (omagic) puts text and data in one writable, executable segment.
// RUN: %neverc -c -DBARE %s -o %t/bare.o
// RUN: not %neverc -fplugin=%plugins/ImagePolicyPlugin.so -nostdlib -static %t/bare.o -Wl,-N -o %t/refused/wx 2>&1 | FileCheck %s --check-prefix=WX
// WX: error: plugin 'org.neverc.example.image-policy': the executable maps segment {{[0-9]+}} (PT_LOAD at 0x{{[0-9a-f]+}}, {{[0-9]+}} bytes) writable and executable
//
// RUN: ls -A %t/refused > %t/refused.list
// RUN: not grep . %t/refused.list

#if defined(BARE)
void _start(void) {
  for (;;)
    ;
}
#elif defined(LIB)
int lib_answer(void) { return 42; }
#else
int main(void) { return 0; }
#endif
