# Objects the integrated assembler (cc1as) writes go through the object
# phases too: observers see the graph and the image, the object is
# clang-22's; a pre_write interceptor failing leaves no object; a post_write
# append and -fobject-write= apply as for a C compile. (Driver-level
# diagnostics: "neverc: remark: plugin '<id>': ...".)
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %neverc -fplugin=%test_plugins/ObjectObserverPlugin.so -c %s -o %t/obs.o 2>&1 | FileCheck %s --check-prefix=OBS --implicit-check-not=error: --implicit-check-not=warning:
# OBS: remark: plugin 'org.neverc.test.object': object: read after graph gen=1 sections={{[1-9][0-9]*}} symbols={{[1-9][0-9]*}} relocations=1 comdats=0
# OBS: remark: plugin 'org.neverc.test.object': object: observer BeginMutation POLICY_VIOLATION null=1
# OBS: remark: plugin 'org.neverc.test.object': object: observer Write POLICY_VIOLATION
# OBS: remark: plugin 'org.neverc.test.object': object: commit after-commit image format=elf state=COMMITTED output=COMMITTED
# RUN: %clang -c %s -o %t/ref.o
# RUN: cmp %t/obs.o %t/ref.o
#
# RUN: mkdir -p %t/fail
# RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=fail -c %s -o %t/fail/a.o 2>&1 | FileCheck %s --check-prefix=FAIL
# FAIL:      remark: plugin 'org.neverc.test.object': object: pre_write returns PLUGIN_FAILURE
# FAIL-NEXT: error: plugin 'org.neverc.test.object' in neverc.object.pre_write: interceptor failed with PLUGIN_FAILURE
# RUN: ls -A %t/fail > %t/fail.list
# RUN: not grep . %t/fail.list
#
# RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=append -c %s -o %t/append.o 2>&1 | FileCheck %s --check-prefix=APPEND --implicit-check-not=error:
# APPEND: object: append size-grew-by=16 publication-bumped=1 tell-unchanged=1 state=CANDIDATE
# RUN: printf 'neverc-append-16' > %t/tail
# RUN: cat %t/ref.o %t/tail > %t/expected.o
# RUN: cmp %t/append.o %t/expected.o
#
# RUN: %neverc -fobject-write=canonical-elf-tables -c %s -o %t/canon.o
# RUN: llvm-readelf -h -S %t/canon.o | FileCheck %s --check-prefix=CANON
# CANON: Section header string table index: [[IDX:[0-9]+]]
# CANON: [{{ *}}[[IDX]]] .shstrtab STRTAB

  .text
  .globl asm_fn
  .type asm_fn,@function
asm_fn:
  call asm_other
  ret
  .size asm_fn, .-asm_fn
