// A provider replaces a step of the graph linker by publishing the graph
// (NevercLinkPhaseAPI.PublishGraph) as the step's output. gc, icf and the
// steps with nothing to make (lto_resolve and lto_generate without
// bitcode, relax_thunks on x86-64) a plugin can make through NevercLinkAPI
// (SetAtomLive, SetFoldLeader): the link goes on with the provider's
// product. The others' products no slot can make: their verifier refuses a
// graph published without it, names the step, and nothing is written.
//
// RUN: rm -rf %t && mkdir -p %t
// The gc provider keeps every section, --gc-sections or not.
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=gc %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so -O2 -ffunction-sections -Wl,--gc-sections %s -o %t/gc 2>&1 | FileCheck %s --check-prefix=GC --implicit-check-not=error:
// GC: steps: provider gc: kept>0=1 CommitMutation OK
// GC-NEXT: steps: provider gc: PublishGraph OK
// GC-NEXT: steps: after gc state=7
// RUN: %t/gc | FileCheck %s --check-prefix=RUN7
// RUN: nm %t/gc | FileCheck %s --check-prefix=KEPT
// KEPT: T keepme
// RUN7: 7
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=icf %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so -O2 %s -o %t/icf 2>&1 | FileCheck %s --check-prefix=OK-icf --implicit-check-not=error:
// OK-icf: steps: provider icf: PublishGraph OK
// RUN: %t/icf | FileCheck %s --check-prefix=RUN7
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=lto_resolve %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so -O2 %s -o %t/lto_resolve 2>&1 | FileCheck %s --check-prefix=OK-lto_resolve --implicit-check-not=error:
// OK-lto_resolve: steps: provider lto_resolve: PublishGraph OK
// RUN: %t/lto_resolve | FileCheck %s --check-prefix=RUN7
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=lto_generate %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so -O2 %s -o %t/lto_generate 2>&1 | FileCheck %s --check-prefix=OK-lto_generate --implicit-check-not=error:
// OK-lto_generate: steps: provider lto_generate: PublishGraph OK
// RUN: %t/lto_generate | FileCheck %s --check-prefix=RUN7
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=relax_thunks %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so -O2 %s -o %t/relax_thunks 2>&1 | FileCheck %s --check-prefix=OK-relax_thunks --implicit-check-not=error:
// OK-relax_thunks: steps: provider relax_thunks: PublishGraph OK
// RUN: %t/relax_thunks | FileCheck %s --check-prefix=RUN7
//
// Refused: the verifier of each step that makes what no slot can.
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=input_probe not %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so %s -o %t/input_probe 2>&1 | FileCheck %s --check-prefix=NO-input_probe
// NO-input_probe: steps: provider input_probe: PublishGraph OK
// NO-input_probe: error: in neverc.link.verify_input_probe: the link of '{{.*}}' is refused: the graph was published without the product of input_probe, which no NevercLinkAPI slot can make
// RUN: not test -e %t/input_probe
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=read_inputs not %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so %s -o %t/read_inputs 2>&1 | FileCheck %s --check-prefix=NO-read_inputs
// NO-read_inputs: steps: provider read_inputs: PublishGraph OK
// NO-read_inputs: error: in neverc.link.verify_inputs: the link of '{{.*}}' is refused: the graph was published without the product of read_inputs, which no NevercLinkAPI slot can make
// RUN: not test -e %t/read_inputs
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=resolve_symbols not %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so %s -o %t/resolve_symbols 2>&1 | FileCheck %s --check-prefix=NO-resolve_symbols
// NO-resolve_symbols: steps: provider resolve_symbols: PublishGraph OK
// NO-resolve_symbols: error: in neverc.link.verify_symbol_resolution: the link of '{{.*}}' is refused: the graph was published without the product of resolve_symbols, which no NevercLinkAPI slot can make
// RUN: not test -e %t/resolve_symbols
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=select_comdat not %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so %s -o %t/select_comdat 2>&1 | FileCheck %s --check-prefix=NO-select_comdat
// NO-select_comdat: steps: provider select_comdat: PublishGraph OK
// NO-select_comdat: error: in neverc.link.verify_comdat_selection: the link of '{{.*}}' is refused: the graph was published without the product of select_comdat, which no NevercLinkAPI slot can make
// RUN: not test -e %t/select_comdat
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=synthesize not %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so %s -o %t/synthesize 2>&1 | FileCheck %s --check-prefix=NO-synthesize
// NO-synthesize: steps: provider synthesize: PublishGraph OK
// NO-synthesize: error: in neverc.link.verify_synthetics: the link of '{{.*}}' is refused: the graph was published without the product of synthesize, which no NevercLinkAPI slot can make
// RUN: not test -e %t/synthesize
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=layout not %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so %s -o %t/layout 2>&1 | FileCheck %s --check-prefix=NO-layout
// NO-layout: steps: provider layout: PublishGraph OK
// NO-layout: error: in neverc.link.verify_layout: the link of '{{.*}}' is refused: the graph was published without the product of layout, which no NevercLinkAPI slot can make
// RUN: not test -e %t/layout
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=relocate not %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so %s -o %t/relocate 2>&1 | FileCheck %s --check-prefix=NO-relocate
// NO-relocate: steps: provider relocate: PublishGraph OK
// NO-relocate: error: in neverc.link.verify_relocations: the link of '{{.*}}' is refused: the graph was published without the product of relocate, which no NevercLinkAPI slot can make
// RUN: not test -e %t/relocate
// RUN: env NEVERC_TEST_GRAPH_PROVIDE=emit_image not %neverc -fplugin=%test_plugins/GraphStepsProviderPlugin.so %s -o %t/emit_image 2>&1 | FileCheck %s --check-prefix=NO-emit_image
// NO-emit_image: steps: provider emit_image: PublishGraph OK
// NO-emit_image: error: in neverc.link.verify_image_candidate: the link of '{{.*}}' is refused: the graph was published without the product of emit_image, which no NevercLinkAPI slot can make
// RUN: not test -e %t/emit_image

#include <stdio.h>

__attribute__((noinline)) int answer(void) { return 7; }
void keepme(void) { puts("kept"); }

int main(void) {
  printf("%d\n", answer());
  return 0;
}
