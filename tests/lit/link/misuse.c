// What a link plugin may not do, each refused with its exact status.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -c %s -o %t/main.o
//
// An observer's bridge is read-only (rule 8), on post_emit and on a
// sealed gate alike; the image is committed unchanged.
// RUN: %neverc %t/main.o -o %t/a -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=obs-write 2>&1 | FileCheck %s --check-prefix=OBS --implicit-check-not=error:
// RUN: %neverc %t/main.o -o %t/b -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=late-write 2>&1 | FileCheck %s --check-prefix=LATE --implicit-check-not=error:
// RUN: %neverc -fuse-ld=lld %t/main.o -o %t/plain
// RUN: cmp %t/a %t/plain
// RUN: cmp %t/b %t/plain
// OBS: link: observer Append POLICY_VIOLATION
// LATE: link: sealed observer Append POLICY_VIOLATION
//
// The graph slots: the whole-link route builds no link graph, so every
// graph handle names nothing. An observer's mutation is refused first.
// RUN: %neverc %t/main.o -o %t/c -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=graph 2>&1 | FileCheck %s --check-prefix=GRAPH --implicit-check-not=error:
// GRAPH:      link: observer BeginMutation POLICY_VIOLATION (null out: INVALID_ARGUMENT)
// GRAPH-NEXT: link: observer mutation slots POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION POLICY_VIOLATION{{$}}
// GRAPH:      link: GetGraphInfo null=WRONG_TYPE fake=STALE_HANDLE wrong=WRONG_TYPE
// GRAPH-NEXT: link: pagers STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE{{$}}
// GRAPH-NEXT: link: infos WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE WRONG_TYPE{{$}}
// GRAPH-NEXT: link: info short struct INVALID_ARGUMENT
// GRAPH-NEXT: link: GetGraph(image artifact) WRONG_TYPE
// GRAPH-NEXT: link: PublishGraph(fake) STALE_HANDLE
// GRAPH-NEXT: link: interceptor BeginMutation STALE_HANDLE (null out: INVALID_ARGUMENT)
// GRAPH-NEXT: link: interceptor CommitMutation(graph handle) WRONG_TYPE
// GRAPH-NEXT: link: interceptor mutation slots STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE STALE_HANDLE{{$}}
//
// Pages (rules 3-5): capacity 1 and 64 give the same sequence, the caller's
// memory past OutCount is untouched, the end is an empty page; a cursor
// past it, a stride shorter than a header, a null Data are refused; a
// short stride gets the leading fields.
// RUN: %neverc %t/main.o -o %t/d -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=pages 2>&1 | FileCheck %s --check-prefix=PAGES --implicit-check-not=error:
// PAGES:      link: pages capacity-1 equals capacity-64=1 count=1 untouched-after=1
// PAGES-NEXT: link: page at end OK count=0 more=0
// PAGES-NEXT: link: page past end INVALID_ARGUMENT
// PAGES-NEXT: link: page short stride INVALID_ARGUMENT
// PAGES-NEXT: link: page null data INVALID_ARGUMENT
// PAGES-NEXT: link: page stride 32 struct-size=32
//
// The sealed gates take observers only (rule 14), post_emit has no
// provider: the host refuses the plugin, the link does not run.
// RUN: not %neverc %t/main.o -o %t/e -fplugin=%test_plugins/LinkSealPlugin.so 2>&1 | FileCheck %s --check-prefix=SEAL
// RUN: not ls %t/e
// SEAL: link: seal RegisterProvider(post_emit) INVALID_DESCRIPTOR
// SEAL: error: plugin 'org.neverc.test.link' in neverc.link.image_verify: interceptor refused: phase neverc.link.image_verify does not allow it
// SEAL: error: plugin 'org.neverc.test.link' in neverc.link.side_outputs_verify: interceptor refused: phase neverc.link.side_outputs_verify does not allow it
// SEAL: error: plugin 'org.neverc.test.link' in neverc.link.commit: interceptor refused: phase neverc.link.commit does not allow it
//
// A failing after_commit observer fails the link and is named; the link's
// output goes, as clang removes the output of any failed link.
// RUN: not %neverc %t/main.o -o %t/f -fplugin=%test_plugins/LinkTestPlugin.so -fplugin-arg=org.neverc.test.link:--mode=fail-after 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: not ls %t/f
// AFTER: link: after after_commit state=COMMITTED
// AFTER: error: plugin 'org.neverc.test.link' in neverc.link.after_commit: {{.*}}PLUGIN_FAILURE

int main(void) { return 0; }
