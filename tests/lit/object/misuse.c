// What the object domain refuses, each with its exact status, and that no
// object (not even an old one) is left behind.
//
// Rules 2 and 3 (ObjectSealPlugin): the sealed final_verify and commit take
// observers only, post_write takes no provider (it is not replaceable),
// nor does final_verify. The registrar takes the descriptors (OK: they are
// well formed); the host refuses each when it applies the registrations
// (after Register), destroys the UserData each handed over (once), and
// refuses the plugin with them: the compile fails.
// An observer of commit at AFTER (a point commit does not declare) is only
// warned about.
// RUN: rm -rf %t && mkdir -p %t/seal
// RUN: not %neverc -fplugin=%test_plugins/ObjectSealPlugin.so -O1 -c %s -o %t/seal/a.o 2>&1 | FileCheck %s --check-prefix=SEAL
// SEAL:      remark: plugin 'org.neverc.test.object': object: seal RegisterInterceptor(final_verify) OK
// SEAL-NEXT: remark: plugin 'org.neverc.test.object': object: seal RegisterInterceptor(commit) OK
// SEAL-NEXT: remark: plugin 'org.neverc.test.object': object: seal RegisterProvider(post_write) OK
// SEAL-NEXT: remark: plugin 'org.neverc.test.object': object: seal RegisterProvider(final_verify) OK
// SEAL-NEXT: remark: plugin 'org.neverc.test.object': object: seal RegisterObserver(commit, AFTER) OK
// SEAL-NEXT: warning: plugin 'org.neverc.test.object' in neverc.object.commit: observer of phase neverc.object.commit asks only for points the phase does not declare; it will never be called
// SEAL-NEXT: error: plugin 'org.neverc.test.object' in neverc.object.final_verify: interceptor refused: phase neverc.object.final_verify does not allow it
// SEAL-NEXT: remark: plugin 'org.neverc.test.object': object: seal DestroyUserData(final_verify)
// SEAL-NEXT: error: plugin 'org.neverc.test.object' in neverc.object.commit: interceptor refused: phase neverc.object.commit does not allow it
// SEAL-NEXT: remark: plugin 'org.neverc.test.object': object: seal DestroyUserData(commit)
// SEAL-NEXT: error: plugin 'org.neverc.test.object' in neverc.object.post_write: provider refused: phase neverc.object.post_write does not allow it
// SEAL-NEXT: remark: plugin 'org.neverc.test.object': object: seal DestroyUserData(post_write)
// SEAL-NEXT: error: plugin 'org.neverc.test.object' in neverc.object.final_verify: provider refused: phase neverc.object.final_verify does not allow it
// SEAL-NEXT: remark: plugin 'org.neverc.test.object': object: seal DestroyUserData(final_verify)
// SEAL-NOT:  remark: object: {{probe|read|pre_write}}
// RUN: ls -A %t/seal > %t/seal.list
// RUN: not grep . %t/seal.list
//
// post_write takes interceptors that edit the candidate, never a
// replacement: an interceptor answering REPLACE breaks the result
// contract (POLICY_VIOLATION); no object.
// RUN: mkdir -p %t/replace
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=replace -O1 -c %s -o %t/replace/a.o 2>&1 | FileCheck %s --check-prefix=REPLACE
// REPLACE:      remark: object: post_write returns REPLACE
// REPLACE-NEXT: error: interceptor broke the result contract: returned REPLACE on a phase that is not replaceable [plugin org.neverc.test.object, neverc.object.post_write]
// RUN: ls -A %t/replace > %t/replace.list
// RUN: not grep . %t/replace.list
//
// Observers of the sealed phases are allowed: mode=observe (observe.c)
// watches final_verify and commit.
//
// Rule 15: a pre_write interceptor failing with PLUGIN_FAILURE (without
// running the chain): the status comes back unchanged, the error names
// the plugin and the phase, no object is written and an old one is gone.
// RUN: mkdir -p %t/fail && echo old > %t/fail/a.o
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=fail -O1 -c %s -o %t/fail/a.o 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL:      remark: object: pre_write returns PLUGIN_FAILURE [plugin org.neverc.test.object]
// FAIL-NEXT: error: interceptor failed with PLUGIN_FAILURE [plugin org.neverc.test.object, neverc.object.pre_write]
// FAIL-NEXT: error: unable to open output file '{{.*}}a.o': 'the object was not committed: an object phase failed'
// RUN: ls -A %t/fail > %t/fail.list
// RUN: not grep . %t/fail.list
//
// Rule 14: a global NOTYPE symbol without a name (the graph takes it: an
// empty name is an anonymous native symbol) cannot be written by the
// built-in ELF writer, which has no native record that it was anonymous:
// the write fails with INVALID_ARGUMENT before any output exists.
// RUN: mkdir -p %t/anon
// RUN: not %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=anonymous -O1 -c %s -o %t/anon/a.o 2>&1 | FileCheck %s --check-prefix=ANON
// ANON:      remark: object: anonymous BeginMutation OK
// ANON-NEXT: remark: object: anonymous CreateSymbol(empty name) OK
// ANON-NEXT: remark: object: anonymous CommitMutation OK
// ANON-NEXT: error: cannot write '{{.*}}a.o': ELF writer: a symbol without a name (and no native record that it was anonymous) cannot be written: name it [neverc, neverc.object.write]
// ANON-NEXT: remark: object: write chain INVALID_ARGUMENT
// ANON-NEXT: error: interceptor failed with INVALID_ARGUMENT [plugin org.neverc.test.object, neverc.object.write]
// RUN: ls -A %t/anon > %t/anon.list
// RUN: not grep . %t/anon.list
//
// Rule 10: a continuation called twice is POLICY_VIOLATION, one kept past
// its callback (used in post_layout) WRONG_SCOPE; the first call's result
// stands and the object is clang-22's.
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=twice -O1 -c %s -o %t/twice.o 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=error: --implicit-check-not=warning:
// TWICE:      remark: object: twice InvokeNext OK
// TWICE-NEXT: remark: object: twice InvokeNext(again) POLICY_VIOLATION
// TWICE-NEXT: remark: object: twice InvokeNext(kept continuation) WRONG_SCOPE
// RUN: %clang -O1 -c %s -o %t/ref.o
// RUN: cmp %t/twice.o %t/ref.o

// Bad descriptors: each staging slot refuses with INVALID_ARGUMENT and a
// warning naming the slot (ABI_MISMATCH for another struct major, no
// warning; a null out INVALID_ARGUMENT); nothing is staged, the plugin
// abandons the mutation and the object is clang-22's.
// RUN: %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=descriptors -O1 -c %s -o %t/desc.o 2>&1 | FileCheck %s --check-prefix=DESC --implicit-check-not=error:
// DESC:      remark: object: descriptors BeginMutation OK
// DESC-NEXT: warning: section: the name is empty [neverc, NevercObjectAPI.CreateSection]
// DESC-NEXT: remark: object: descriptors CreateSection(empty name) INVALID_ARGUMENT
// DESC-NEXT: warning: section: kind 7 is not an object schema section kind [neverc, NevercObjectAPI.CreateSection]
// DESC-NEXT: remark: object: descriptors CreateSection(kind 7) INVALID_ARGUMENT
// DESC-NEXT: warning: section: the alignment 3 is not a power of two [neverc, NevercObjectAPI.CreateSection]
// DESC-NEXT: remark: object: descriptors CreateSection(alignment 3) INVALID_ARGUMENT
// DESC-NEXT: warning: a Reserved field is not 0 [neverc, NevercObjectAPI.CreateSection]
// DESC-NEXT: remark: object: descriptors CreateSection(Reserved 1) INVALID_ARGUMENT
// DESC-NEXT: remark: object: descriptors CreateSection(major 99) ABI_MISMATCH
// DESC-NEXT: warning: section: a zero-fill section has no data bytes [neverc, NevercObjectAPI.CreateSection]
// DESC-NEXT: remark: object: descriptors CreateSection(zero-fill with data) INVALID_ARGUMENT
// DESC-NEXT: remark: object: descriptors CreateSection(null out) INVALID_ARGUMENT
// DESC-NEXT: warning: symbol 'bad_symbol': a defined symbol needs its section [neverc, NevercObjectAPI.CreateSymbol]
// DESC-NEXT: remark: object: descriptors CreateSymbol(defined, no section) INVALID_ARGUMENT
// DESC-NEXT: warning: symbol 'bad_symbol': value 1048576 is past the end of '.text' [neverc, NevercObjectAPI.CreateSymbol]
// DESC-NEXT: remark: object: descriptors CreateSymbol(value past its section) INVALID_ARGUMENT
// DESC-NEXT: warning: symbol 'bad_symbol': a binding, visibility, type or definition outside the object schema [neverc, NevercObjectAPI.CreateSymbol]
// DESC-NEXT: remark: object: descriptors CreateSymbol(binding outside the schema) INVALID_ARGUMENT
// DESC-NEXT: warning: relocation: offset 1048576 (+8) is past the end of '.text' [neverc, NevercObjectAPI.CreateRelocation]
// DESC-NEXT: remark: object: descriptors CreateRelocation(past its section) INVALID_ARGUMENT
// DESC-NEXT: warning: relocation: width 16 is over 8 bytes [neverc, NevercObjectAPI.CreateRelocation]
// DESC-NEXT: remark: object: descriptors CreateRelocation(width 16) INVALID_ARGUMENT
// DESC-NEXT: warning: IsPCRelative and IsSigned are NEVERC_TRUE or NEVERC_FALSE [neverc, NevercObjectAPI.CreateRelocation]
// DESC-NEXT: remark: object: descriptors CreateRelocation(IsPCRelative 2) INVALID_ARGUMENT
// DESC-NEXT: warning: relocation: a symbol target needs its symbol [neverc, NevercObjectAPI.CreateRelocation]
// DESC-NEXT: remark: object: descriptors CreateRelocation(symbol target, no symbol) INVALID_ARGUMENT
// DESC-NEXT: remark: object: descriptors AbandonMutation OK
// RUN: cmp %t/desc.o %t/ref.o
//
// Handles are task-scoped: with two objects in one run (-c one.c two.c),
// the second's pre_write finds the section, the graph and the task handle
// of the first object's task stale (STALE_HANDLE); both objects are
// clang-22's.
// RUN: mkdir -p %t/two && cp %s %t/two/one.c && cp %s %t/two/two.c
// RUN: cd %t/two && %neverc -fplugin=%test_plugins/ObjectTestPlugin.so -fplugin-arg=org.neverc.test.object:mode=cross-task -O1 -c one.c two.c 2>&1 | FileCheck %s --check-prefix=CROSS --implicit-check-not=error: --implicit-check-not=warning:
// CROSS:      remark: object: cross-task kept a section
// CROSS-NEXT: remark: object: cross-task GetSectionInfo(section of the last task) STALE_HANDLE
// CROSS-NEXT: remark: object: cross-task GetGraphInfo(graph of the last task) STALE_HANDLE
// CROSS-NEXT: remark: object: cross-task GetGraphInfo(the last task) STALE_HANDLE
// CROSS-NEXT: remark: object: cross-task kept a section
// RUN: cd %t/two && %clang -O1 -c one.c -o ref1.o && %clang -O1 -c two.c -o ref2.o
// RUN: cmp %t/two/one.o %t/two/ref1.o
// RUN: cmp %t/two/two.o %t/two/ref2.o

int misuse(int x) { return x - 1; }
