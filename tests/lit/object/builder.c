// The candidate image and its bounded builder (NevercMutableBinaryAPI) in
// a neverc.object.post_write interceptor (ObjectTestPlugin).
//
// mode=append: 16 bytes appended: the object is clang-22's and those 16
// bytes; the builder's publication generation moves, Append leaves the
// cursor where it was, the bytes read back; a read or a WriteAt past the
// staged bytes is INVALID_ARGUMENT. The object still links and runs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=append -O1 -c %s -o %t/append.o 2>&1 | FileCheck %s --check-prefix=APPEND --implicit-check-not=error: --implicit-check-not=warning:
// APPEND:      remark: object: append Append(16) OK [plugin org.neverc.test.object]
// APPEND-NEXT: remark: object: append ReadAt(size) OK same=1
// APPEND-NEXT: remark: object: append ReadAt(past the end) INVALID_ARGUMENT
// APPEND-NEXT: remark: object: append WriteAt(past the end) INVALID_ARGUMENT
// APPEND-NEXT: remark: object: append size-grew-by=16 publication-bumped=1 tell-unchanged=1 state=CANDIDATE
// RUN: %clang -O1 -c %s -o %t/ref.o
// RUN: printf 'neverc-append-16' > %t/tail
// RUN: cat %t/ref.o %t/tail > %t/expected.o
// RUN: cmp %t/append.o %t/expected.o
// RUN: %clang %t/append.o -o %t/prog
// RUN: %t/prog | FileCheck %s --check-prefix=EXEC
// EXEC: built 7
//
// mode=overflow (rule 11): Reserve below the staged bytes is
// INVALID_ARGUMENT and changes nothing; Reserve(size) bounds the image at
// its size, so appending one byte is RESOURCE_EXHAUSTED and aborts
// staging: the image is ABORTED, every later change INVALID_STATE (Tell
// still answers). The plugin goes on as if nothing happened; the host's
// verify_mutable_binary refuses the aborted image and no file appears, not
// even the one that was there before.
// RUN: mkdir -p %t/overflow && echo old > %t/overflow/a.o
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=overflow -O1 -c %s -o %t/overflow/a.o 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW:      remark: object: overflow image state=CANDIDATE size>0=1
// OVERFLOW-NEXT: remark: object: overflow Reserve(size-1) INVALID_ARGUMENT
// OVERFLOW-NEXT: remark: object: overflow Reserve(size) OK
// OVERFLOW-NEXT: remark: object: overflow Append(1 byte) RESOURCE_EXHAUSTED
// OVERFLOW-NEXT: remark: object: overflow after state=ABORTED output=ABORTED size-unchanged=1
// OVERFLOW-NEXT: remark: object: overflow Append(again) INVALID_STATE
// OVERFLOW-NEXT: remark: object: overflow Reserve(after abort) INVALID_STATE
// OVERFLOW-NEXT: remark: object: overflow Tell OK
// OVERFLOW-NEXT: error: staging was aborted: NevercMutableBinaryAPI.Append would make the image end at [[N:[0-9]+]] + 1 bytes, past its bound of [[N]] bytes (Reserve) [neverc, neverc.object.verify_mutable_binary]
// OVERFLOW-NEXT: error: host verifier 'neverc.object.verify_mutable_binary' rejected the output (VERIFICATION_FAILED) [neverc, neverc.object.post_write]
// OVERFLOW-NEXT: error: unable to open output file '{{.*}}a.o': 'the object was not committed: an object phase failed'
// RUN: ls -A %t/overflow > %t/overflow.list
// RUN: not grep . %t/overflow.list
//
// mode=fail-late (rule 15): the interceptor appends, then fails with
// PLUGIN_FAILURE: the status comes back unchanged, naming the plugin and
// the phase, and nothing of the candidate is published.
// RUN: mkdir -p %t/late
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=fail-late -O1 -c %s -o %t/late/a.o 2>&1 | FileCheck %s --check-prefix=LATE
// LATE:      remark: object: fail-late Append OK
// LATE-NEXT: remark: object: post_write returns PLUGIN_FAILURE
// LATE-NEXT: error: interceptor failed with PLUGIN_FAILURE [plugin org.neverc.test.object, neverc.object.post_write]
// RUN: ls -A %t/late > %t/late.list
// RUN: not grep . %t/late.list

// mode=truncate: the interceptor cuts the image to 16 bytes; the builder
// allows it, the sealed final_verify audits the bytes and refuses them
// (they are no ELF object): VERIFICATION_FAILED, no output.
// RUN: mkdir -p %t/truncate
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=truncate -O1 -c %s -o %t/truncate/a.o 2>&1 | FileCheck %s --check-prefix=TRUNCATE
// TRUNCATE:      remark: object: truncate Resize(16) OK
// TRUNCATE-NEXT: error: the object for '{{.*}}a.o' is refused: not an ELF object: invalid buffer: the size (16) is smaller than an ELF header (64) [neverc, neverc.object.verify_final_image]
// TRUNCATE-NEXT: error: host verifier 'neverc.object.verify_final_image' rejected the output (VERIFICATION_FAILED) [neverc, neverc.object.final_verify]
// RUN: ls -A %t/truncate > %t/truncate.list
// RUN: not grep . %t/truncate.list

#include <stdio.h>

int main(void) {
  printf("built %d\n", 7);
  return 0;
}
