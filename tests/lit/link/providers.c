// NevercLinkRegistrarAPI: a whole-link provider serves neverc.link.full
// for the links it matches (the sealed gates still run on its image, and
// its own VerifyImage next to the host's); an image verifier runs at
// image_verify and can refuse the image; the registrar's refusals.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -c %s -o %t/main.o
//
// The provider writes a tiny static executable itself (exit(42)); lld
// does not run.
// RUN: %neverc %t/main.o -o %t/tiny -fplugin=%test_plugins/LinkProviderPlugin.so 2>&1 | FileCheck %s --check-prefix=PROVIDER --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not %t/tiny
// RUN: sh -c '%t/tiny; test $? = 42'
// PROVIDER:      link: provider links EXECUTABLE with {{[0-9]+}} inputs, image given=1
// PROVIDER:      link: provider's verifier sees EXECUTABLE
// PROVIDER:      link: image state=VERIFIED kind=EXECUTABLE size>0=1 segments>0=1 sections>0=0 entry>0=1 imports>0=0 exports=0 dynrelocs>0=0
// PROVIDER:      link: after-commit commit state=COMMITTED
//
// An interceptor of full that returns REPLACE with the image the host
// prepared (the frame's CurrentOutput), written through its builder: lld
// does not run, the sealed gates check and commit the replacement.
// RUN: %neverc %t/main.o -o %t/replaced -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=replace 2>&1 | FileCheck %s --check-prefix=REPLACE --implicit-check-not=error:
// RUN: sh -c '%t/replaced; test $? = 42'
// REPLACE:      link: before full state=CANDIDATE size>0=0
// REPLACE-NEXT: link: replace full: Write OK
// REPLACE-NEXT: link: after full state=CANDIDATE size>0=1
// REPLACE:      link: after image_verify state=VERIFIED size>0=1
// REPLACE:      link: after-commit commit state=COMMITTED size>0=1
//
// The provider's image with a map file asked for: nobody wrote the map,
// side_outputs_verify refuses, nothing is committed.
// RUN: mkdir -p %t/nomap
// RUN: not %neverc %t/main.o -o %t/nomap/a.out -Wl,-Map=%t/nomap/a.map -fplugin=%test_plugins/LinkProviderPlugin.so 2>&1 | FileCheck %s --check-prefix=NOMAP
// RUN: ls -A %t/nomap > %t/nomap.list
// RUN: not grep . %t/nomap.list
// NOMAP: error: in neverc.link.verify_side_outputs: the -Map file '{{.*}}a.map' was not written (linker provider org.neverc.test.tiny-linker made the image)
//
// An image verifier: it reads the image and cannot write it; the
// registrar's refusals, each with its status.
// RUN: %neverc %t/main.o -o %t/verified -fplugin=%test_plugins/LinkVerifierPlugin.so 2>&1 | FileCheck %s --check-prefix=VERIFIER --implicit-check-not=error:
// RUN: %t/verified
// VERIFIER:      link: RegisterBinaryImageVerifier OK
// VERIFIER:      link: RegisterBinaryImageVerifier(same ID) DUPLICATE_ID
// VERIFIER:      link: RegisterBinaryImageVerifier(no callback) INVALID_DESCRIPTOR
// VERIFIER:      link: RegisterBinaryImageVerifier(kind 0) INVALID_DESCRIPTOR
// VERIFIER:      warning: plugin 'org.neverc.test.link' in NevercLinkRegistrarAPI.RegisterBinaryImageVerifier: image verifier 'org.neverc.test.bad' refused: its OutputKind (relocatable, bundle) is not served yet: a -r link's object is audited by the host alone
// VERIFIER-NEXT: link: RegisterBinaryImageVerifier(relocatable) CAPABILITY_UNAVAILABLE
// VERIFIER:      link: RegisterBinaryImageVerifier(major 9) ABI_MISMATCH
// VERIFIER:      link: RegisterBinaryImageVerifier(no registrar) INVALID_ARGUMENT
// VERIFIER:      link: RegisterLinkerProvider(no Link) INVALID_DESCRIPTOR
// VERIFIER:      link: RegisterLinkerProvider(bundle) CAPABILITY_UNAVAILABLE
// VERIFIER:      warning: plugin 'org.neverc.test.link' in NevercLinkRegistrarAPI.RegisterLinkerProvider: linker provider 'org.neverc.test.no-link' refused: REPLAY_REQUIRED, and neverc keeps no replay log of a link to replay it from
// VERIFIER-NEXT: link: RegisterLinkerProvider(REPLAY_REQUIRED) CAPABILITY_UNAVAILABLE
// VERIFIER:      link: RegisterObjectMergeProvider(no Merge) INVALID_DESCRIPTOR
// VERIFIER:      warning: plugin 'org.neverc.test.link' in NevercLinkRegistrarAPI.RegisterObjectMergeProvider: object-merge provider 'org.neverc.test.no-link' refused: Flags has bits other than DETERMINISTIC, CACHEABLE and REPLAY_REQUIRED
// VERIFIER-NEXT: link: RegisterObjectMergeProvider(unknown flag) INVALID_DESCRIPTOR
// VERIFIER:      link: RegisterBinaryImageVerifier(after Register) INVALID_STATE
// VERIFIER:      link: verifier sees EXECUTABLE: OK state=CANDIDATE
// VERIFIER-NEXT: link: verifier Append POLICY_VIOLATION
// VERIFIER:      link: after-commit commit state=COMMITTED
//
// A verifier that refuses: the link fails naming it; nothing is written.
// RUN: mkdir -p %t/refused
// RUN: not %neverc %t/main.o -o %t/refused/a.out -fplugin=%test_plugins/LinkVerifierPlugin.so -fplugin-arg=org.neverc.test.link:--mode=refuse 2>&1 | FileCheck %s --check-prefix=REFUSE
// RUN: ls -A %t/refused > %t/refused.list
// RUN: not grep . %t/refused.list
// REFUSE: error: plugin 'org.neverc.test.link' in neverc.link.verify_final_image: image verifier 'org.neverc.test.verifier' refused the image for '{{.*}}a.out'
// REFUSE-NOT: link: before commit

int main(void) { return 0; }
