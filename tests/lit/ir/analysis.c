// NevercIRAnalysisAPI through the C ABI (ir/test/IRAnalysisTourPlugin.c):
// all 13 slots with what they answer on this file at -O1, and the analysis
// rules, each with a positive and a negative case and its exact status.
// One line per check; a FAILED line fails the test. The input (below) is
// found by function name and by structure: fill's loop (100 iterations over
// the globals dst and src) is the block that branches to itself, grid's
// nest (8 x 16) is entry -> outer header -> inner self-loop -> outer latch,
// choose's diamond is the entry's two successors meeting at the join, sum's
// loop count is a parameter, caller calls fill twice and choose once.
//
// The tour: registration refusals (cycle, duplicate, bad descriptors, after
// Register), the built-in analyses at ir.pass.post_opt (a result from
// ir.pass.optimizer_last is stale there), plugin analyses with their
// callbacks printed as "event" lines (dependencies computed first, cached,
// kept only when a pass that changed IR lists them in CustomAnalyses,
// INVALIDATED_BY_PASS / INVALIDATED_BY_PLAN_DESTROY, Destroy after
// Invalidate), analysis callbacks that try to change IR, a stale result
// after a rename in the pass, and the callback counts at TaskEnd.
//
// CHECK lines state what the host must answer. Three fail until the host
// is fixed: Alias of two instructions of another function (WRONG_SCOPE, as
// every other slot answers for a value of another function; LLVM's alias
// analysis is intraprocedural), and two result handles used in a later pass
// than the one that got them (STALE_HANDLE: PluginIR.h, every IR handle is
// stale after its callback).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/IRAnalysisTourPlugin.so -O1 -c %s -o %t/tour.o 2>&1 | FileCheck %s --implicit-check-not=FAILED --implicit-check-not=error:
//
// Reading analyses changes no byte: the same plugin without the passes that
// rename (IR_ANALYSIS_TOUR=read; tour.mut's mutation attempts are refused),
// and the object is clang-22's.
// RUN: env IR_ANALYSIS_TOUR=read %neverc -fplugin=%test_plugins/IRAnalysisTourPlugin.so -O1 -c %s -o %t/read.o 2>&1 | FileCheck %s --check-prefix=READ --implicit-check-not=FAILED --implicit-check-not=error:
// RUN: %clang -O1 -c %s -o %t/clang.o
// RUN: cmp %t/read.o %t/clang.o
//
// A pass whose RequiredAnalyses names an analysis nobody registered does
// not run, and the compile fails without an object.
// RUN: env IR_ANALYSIS_TOUR=missing not %neverc -fplugin=%test_plugins/IRAnalysisTourPlugin.so -O1 -c %s -o %t/missing.o 2>&1 | FileCheck %s --check-prefix=MISSING --implicit-check-not=FAILED
// RUN: test ! -e %t/missing.o
// MISSING: error: IR pass 'tour.needs-missing' requires an analysis nobody registered (DEPENDENCY_MISSING) [neverc, neverc.ir.pass.post_opt]
//
// QueryCustom of an analysis whose dependency was never registered, and of
// one whose Compute fails (not cached: it is tried again): the pass gets the
// status and decides; the host explains each as a warning, and the compile
// (whose pass handled them) succeeds.
// RUN: env IR_ANALYSIS_TOUR=query-errors %neverc -fplugin=%test_plugins/IRAnalysisTourPlugin.so -O1 -c %s -o %t/errors.o 2>&1 | FileCheck %s --check-prefix=ERRORS --implicit-check-not=FAILED --implicit-check-not=error:
// ERRORS:      warning: IR analysis 'tour.c' of plugin 'org.neverc.test.ir-analysis-tour' depends on an analysis nobody registered (DEPENDENCY_MISSING)
// ERRORS-NEXT: analysis: QueryCustom: tour.c (its dependency tour.d was refused) -> DEPENDENCY_MISSING ok
// ERRORS-NEXT: analysis: event: Compute tour.fails fails
// ERRORS-NEXT: warning: IR analysis 'tour.fails' of plugin 'org.neverc.test.ir-analysis-tour' failed with PLUGIN_FAILURE
// ERRORS-NEXT: analysis: QueryCustom: tour.fails (its Compute fails) -> PLUGIN_FAILURE ok
// ERRORS-NEXT: analysis: event: Compute tour.fails fails
// ERRORS-NEXT: warning: IR analysis 'tour.fails' of plugin 'org.neverc.test.ir-analysis-tour' failed with PLUGIN_FAILURE
// ERRORS-NEXT: analysis: QueryCustom: tour.fails again (a failure is not cached) -> PLUGIN_FAILURE ok
//
// READ: analysis: RegisterAnalysis: in TaskBegin (after Register) -> INVALID_STATE ok
// READ: analysis: event: Compute tour.req for tour.custom
// READ-NEXT: analysis: event: Run tour.custom
// READ: analysis: event: Compute tour.a for tour.custom
// READ-NEXT: analysis: event: Compute tour.b for tour.custom
// READ: analysis: event: Compute tour.mut for tour.custom
// READ-NOT: tour.mutate
// READ: analysis: event: Compute tour.fn[fill] for tour.per-function
// READ: analysis: event: Compute tour.fn[caller] for tour.per-function
// READ-NOT: INVALIDATED_BY_PASS
// READ: analysis: event: Invalidate tour.req INVALIDATED_BY_PLAN_DESTROY
// READ-NEXT: analysis: event: Destroy tour.req
// READ-NEXT: analysis: event: Invalidate tour.a INVALIDATED_BY_PLAN_DESTROY
// READ-NEXT: analysis: event: Destroy tour.a
// READ-NEXT: analysis: event: Invalidate tour.b INVALIDATED_BY_PLAN_DESTROY
// READ-NEXT: analysis: event: Destroy tour.b
// READ-NEXT: analysis: event: Invalidate tour.mut INVALIDATED_BY_PLAN_DESTROY
// READ-NEXT: analysis: Invalidate: SetValueName from Invalidate -> POLICY_VIOLATION ok
// READ-NEXT: analysis: event: Destroy tour.mut
// READ-NEXT: analysis: event: Invalidate tour.fn[fill] INVALIDATED_BY_PLAN_DESTROY
// READ-NEXT: analysis: event: Destroy tour.fn[fill]
// READ-NEXT: analysis: event: Invalidate tour.fn[grid] INVALIDATED_BY_PLAN_DESTROY
// READ-NEXT: analysis: event: Destroy tour.fn[grid]
// READ-NEXT: analysis: event: Invalidate tour.fn[choose] INVALIDATED_BY_PLAN_DESTROY
// READ-NEXT: analysis: event: Destroy tour.fn[choose]
// READ-NEXT: analysis: event: Invalidate tour.fn[sum] INVALIDATED_BY_PLAN_DESTROY
// READ-NEXT: analysis: event: Destroy tour.fn[sum]
// READ-NEXT: analysis: event: Invalidate tour.fn[caller] INVALIDATED_BY_PLAN_DESTROY
// READ-NEXT: analysis: event: Destroy tour.fn[caller]
// READ-NEXT: analysis: summary: Compute, INVALIDATED_BY_PASS, INVALIDATED_BY_PLAN_DESTROY, Destroy: a 1/0/1/1 b 1/0/1/1 req 1/0/1/1 mut 1/0/1/1 fn 5/0/5/5
// READ-NEXT: analysis: summary: the callback counts are the expected ones ok
// READ-NEXT: analysis: summary: tour.loop and tour.c never computed ok
// READ-NEXT: analysis: summary: every result destroyed once, after its Invalidate ok
// READ-NEXT: analysis: summary: tour.per-function ran once per defined function (5) ok
// READ-NEXT: analysis: 168 checks, 0 failed
//
// The tour, line by line. Summary counts per analysis are Compute /
// INVALIDATED_BY_PASS / INVALIDATED_BY_PLAN_DESTROY / Destroy: tour.b twice
// computed (again after tour.mutate dropped it), tour.req, tour.b and
// tour.mut dropped by tour.mutate, tour.a kept by it, the rest dropped at the
// end of the chain; tour.fn once per defined function.
// CHECK: analysis: RegisterAnalysis: tour.b depending on tour.a, registered before tour.a -> OK ok
// CHECK-NEXT: analysis: RegisterAnalysis: tour.a -> OK ok
// CHECK-NEXT: analysis: RegisterAnalysis: tour.req (Query NULL) -> OK ok
// CHECK-NEXT: analysis: RegisterAnalysis: tour.mut -> OK ok
// CHECK-NEXT: analysis: RegisterAnalysis: tour.fn (FUNCTION) -> OK ok
// CHECK-NEXT: analysis: RegisterAnalysis: tour.loop (LOOP) -> OK ok
// CHECK-NEXT: analysis: RegisterAnalysis: tour.c depending on tour.d (not registered yet) -> OK ok
// CHECK-NEXT: analysis: RegisterAnalysis: tour.d depending on tour.c (a cycle) -> DEPENDENCY_CYCLE ok
// CHECK-NEXT: analysis: RegisterAnalysis: tour.e depending on itself -> DEPENDENCY_CYCLE ok
// CHECK-NEXT: analysis: RegisterAnalysis: the AnalysisID of tour.a again -> DUPLICATE_ID ok
// CHECK-NEXT: analysis: RegisterAnalysis: Compute NULL -> INVALID_DESCRIPTOR ok
// CHECK-NEXT: analysis: RegisterAnalysis: Destroy NULL -> INVALID_DESCRIPTOR ok
// CHECK-NEXT: analysis: RegisterAnalysis: empty Name -> INVALID_DESCRIPTOR ok
// CHECK-NEXT: analysis: RegisterAnalysis: AnalysisID {0, 0} -> INVALID_DESCRIPTOR ok
// CHECK-NEXT: analysis: RegisterAnalysis: Level 0 -> INVALID_DESCRIPTOR ok
// CHECK-NEXT: analysis: RegisterAnalysis: Level LOOP + 1 -> INVALID_DESCRIPTOR ok
// CHECK-NEXT: analysis: RegisterAnalysis: DependencyCount 1, Dependencies NULL -> INVALID_DESCRIPTOR ok
// CHECK-NEXT: analysis: RegisterAnalysis: Header.Major + 1 -> ABI_MISMATCH ok
// CHECK-NEXT: analysis: RegisterAnalysis: StructSize 16 -> INVALID_DESCRIPTOR ok
// CHECK-NEXT: analysis: RegisterAnalysis: RegistrarContext NULL -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: RegisterAnalysis: Descriptor NULL -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: RegisterAnalysis: in TaskBegin (after Register) -> INVALID_STATE ok
// CHECK-NEXT: analysis: QueryBuiltin: DOMINATOR_TREE of fill at ir.pass.optimizer_last -> OK ok
// CHECK-NEXT: analysis: QueryCustom: from an observer (no pass runs) -> INVALID_STATE ok
// CHECK-NEXT: analysis: QueryBuiltin: DOMINATOR_TREE of fill from an observer -> OK ok
// CHECK-NEXT: analysis: DominatorTreeDominates: from an observer: fill's entry dominates its loop -> true ok
// CHECK-NEXT: analysis: NevercIRPassInvocation: Analyses is the table QueryInterface gave, 13 slots ok
// CHECK-NEXT: analysis: DominatorTreeDominates: a result made at ir.pass.optimizer_last (LLVM's passes ran since) -> STALE_HANDLE ok
// CHECK-NEXT: analysis: QueryBuiltin: DOMINATOR_TREE of choose -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: POST_DOMINATOR_TREE of choose -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: DOMINATOR_TREE of fill -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: LOOP_INFO of grid -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: LOOP_INFO of fill -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: LOOP_INFO of choose -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: SCALAR_EVOLUTION of fill -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: SCALAR_EVOLUTION of grid -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: SCALAR_EVOLUTION of sum -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: MEMORY_SSA of fill -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: MEMORY_SSA of choose -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: ALIAS of fill -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: ALIAS of choose -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: CALL_GRAPH of the module -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: DOMINATOR_TREE of a block (choose's entry) -> WRONG_TYPE ok
// CHECK-NEXT: analysis: QueryBuiltin: CALL_GRAPH of a function (caller) -> WRONG_TYPE ok
// CHECK-NEXT: analysis: QueryBuiltin: LOOP_INFO of the module -> WRONG_TYPE ok
// CHECK-NEXT: analysis: QueryBuiltin: MEMORY_SSA of a global (dst) -> WRONG_TYPE ok
// CHECK-NEXT: analysis: QueryBuiltin: DOMINATOR_TREE of a declaration (left) -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: QueryBuiltin: analysis 0 -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: QueryBuiltin: analysis 8 (past POST_DOMINATOR_TREE) -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: QueryBuiltin: OutResult NULL -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: QueryBuiltin: DOMINATOR_TREE of choose again -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: a second query of the same analysis gives a handle that works ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose: the entry dominates the join -> true ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose: arm 0 dominates the join -> false ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose: arm 1 dominates the join -> false ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose: the join dominates the entry -> false ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose: the entry dominates arm 0 -> true ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose: the join dominates itself -> true ok
// CHECK-NEXT: analysis: DominatorTreeDominates: fill: the load dominates the store after it -> true ok
// CHECK-NEXT: analysis: DominatorTreeDominates: fill: the store dominates the load before it -> false ok
// CHECK-NEXT: analysis: DominatorTreeDominates: fill: the entry's branch dominates the loop block -> true ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose, post-dominators: the join post-dominates the entry -> true ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose, post-dominators: arm 0 post-dominates the entry -> false ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose, post-dominators: the entry post-dominates the join -> false ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose, post-dominators: the join's PHI post-dominates the entry's compare -> true ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose's tree, a block of fill -> WRONG_SCOPE ok
// CHECK-NEXT: analysis: DominatorTreeDominates: choose's post-dominator tree, an instruction of fill -> WRONG_SCOPE ok
// CHECK-NEXT: analysis: DominatorTreeDominates: a global (dst) as the dominator -> WRONG_TYPE ok
// CHECK-NEXT: analysis: DominatorTreeDominates: a LOOP_INFO result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: DominatorTreeDominates: a function handle as the result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: DominatorTreeDominates: OutDominates NULL -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: GetLoopCount: grid (outer and inner loop) -> 2 ok
// CHECK-NEXT: analysis: GetLoopCount: fill -> 1 ok
// CHECK-NEXT: analysis: GetLoopCount: choose (no loop) -> 0 ok
// CHECK-NEXT: analysis: GetLoopCount: a DOMINATOR_TREE result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetLoopCount: OutCount NULL -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: GetLoopHeader: grid #0 (preorder: outer first) -> the entry's successor ok
// CHECK-NEXT: analysis: GetLoopHeader: grid #1 -> the block that branches to itself ok
// CHECK-NEXT: analysis: GetLoopHeader: fill #0 -> the block that branches to itself ok
// CHECK-NEXT: analysis: GetLoopHeader: grid #2 (past the end) -> NOT_FOUND ok
// CHECK-NEXT: analysis: GetLoopHeader: choose #0 (no loop) -> NOT_FOUND ok
// CHECK-NEXT: analysis: GetLoopHeader: a SCALAR_EVOLUTION result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetLoopForBlock: grid's inner header -> its header, depth 2 ok
// CHECK-NEXT: analysis: GetLoopForBlock: grid's outer latch: the outer loop -> its header, depth 1 ok
// CHECK-NEXT: analysis: GetLoopForBlock: grid's entry -> no loop (null header), depth 0 ok
// CHECK-NEXT: analysis: GetLoopForBlock: grid's loops, a block of choose -> WRONG_SCOPE ok
// CHECK-NEXT: analysis: GetLoopForBlock: an instruction as the block -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetLoopForBlock: a DOMINATOR_TREE result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetScalarEvolutionConstantTripCount: fill's loop (i = 0 .. 99) -> known, 100 ok
// CHECK-NEXT: analysis: GetScalarEvolutionConstantTripCount: grid's outer loop (i = 0 .. 7) -> known, 8 ok
// CHECK-NEXT: analysis: GetScalarEvolutionConstantTripCount: grid's inner loop (j = 0 .. 15) -> known, 16 ok
// CHECK-NEXT: analysis: GetScalarEvolutionConstantTripCount: sum's loop (i < n) -> unknown ok
// CHECK-NEXT: analysis: GetScalarEvolutionConstantTripCount: fill's entry (no loop header) -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: GetScalarEvolutionConstantTripCount: grid's outer latch (in a loop, not its header) -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: GetScalarEvolutionConstantTripCount: fill's result, a header of grid -> WRONG_SCOPE ok
// CHECK-NEXT: analysis: GetScalarEvolutionConstantTripCount: an instruction as the header -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetScalarEvolutionConstantTripCount: a LOOP_INFO result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: fill: the store to dst[i] -> DEF ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: fill: the load of src[i] -> USE ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: fill: the add -> NONE ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: fill: the loop block (a MemoryPhi) -> PHI ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: fill: the entry block (no MemoryPhi) -> NONE ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: choose: the call in arm 0 -> DEF ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: choose: the join (a MemoryPhi of both calls) -> PHI ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: fill's result, a block of choose -> WRONG_SCOPE ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: fill's result, an instruction of choose -> WRONG_SCOPE ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: a global (dst) -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetMemoryAccessKind: a DOMINATOR_TREE result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetDirectCalleeCount: caller (fill twice, choose once: distinct callees) -> 2 ok
// CHECK-NEXT: analysis: GetDirectCalleeCount: choose (left, right) -> 2 ok
// CHECK-NEXT: analysis: GetDirectCalleeCount: fill (no call) -> 0 ok
// CHECK-NEXT: analysis: GetDirectCalleeCount: left (a declaration) -> 0 ok
// CHECK-NEXT: analysis: GetDirectCalleeCount: a block as the function -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetDirectCalleeCount: a MEMORY_SSA result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetDirectCalleeCount: OutCount NULL -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: GetDirectCallee: caller #0 -> fill ok
// CHECK-NEXT: analysis: GetDirectCallee: caller #1 -> choose ok
// CHECK-NEXT: analysis: GetDirectCallee: caller #2 (past the end) -> NOT_FOUND ok
// CHECK-NEXT: analysis: GetDirectCallee: choose #0 -> left ok
// CHECK-NEXT: analysis: GetDirectCallee: choose #1 -> right ok
// CHECK-NEXT: analysis: GetDirectCallee: fill #0 (no callee) -> NOT_FOUND ok
// CHECK-NEXT: analysis: GetDirectCallee: a MEMORY_SSA result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: Alias: dst (4 bytes) and src (4 bytes), two globals -> NO ok
// CHECK-NEXT: analysis: Alias: dst and dst, 4 bytes each -> MUST ok
// CHECK-NEXT: analysis: Alias: fill: &dst[i] (the store's) and &src[i] (the load's) -> NO ok
// CHECK-NEXT: analysis: Alias: fill: &dst[i] and itself -> MUST ok
// CHECK-NEXT: analysis: Alias: an i32 (fill's add) as a pointer -> WRONG_TYPE ok
// CHECK-NEXT: analysis: Alias: a LOOP_INFO result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: Alias: choose's result, two instructions of fill -> WRONG_SCOPE ok
// CHECK-NEXT: analysis: Alias: OutAlias NULL -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: event: Compute tour.req for tour.custom
// CHECK-NEXT: analysis: event: Run tour.custom
// CHECK-NEXT: analysis: RequiredAnalyses: tour.req was computed before Run, alone ok
// CHECK-NEXT: analysis: QueryCustom: tour.req again: cached (Compute called once) ok
// CHECK-NEXT: analysis: GetCustomResultData: tour.req (Query NULL) -> CAPABILITY_UNAVAILABLE ok
// CHECK-NEXT: analysis: event: Compute tour.a for tour.custom
// CHECK-NEXT: analysis: event: Compute tour.b for tour.custom
// CHECK-NEXT: analysis: QueryCustom: tour.b: computes tour.a first, then tour.b ok
// CHECK-NEXT: analysis: QueryCustom: tour.b again: cached (no Compute) ok
// CHECK-NEXT: analysis: GetCustomResultData: tour.b: the bytes of its Query, 'b#1:a=1' ok
// CHECK-NEXT: analysis: QueryCustom: tour.a: cached, computed by tour.b's query ok
// CHECK-NEXT: analysis: QueryCustom: tour.fn (FUNCTION) from a MODULE pass -> WRONG_SCOPE ok
// CHECK-NEXT: analysis: QueryCustom: tour.loop (LOOP) from a MODULE pass -> WRONG_SCOPE ok
// CHECK-NEXT: analysis: QueryCustom: an AnalysisID nobody registered -> NOT_FOUND ok
// CHECK-NEXT: analysis: QueryCustom: tour.d (its registration was refused) -> NOT_FOUND ok
// CHECK-NEXT: analysis: QueryCustom: OutResult NULL -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: event: Compute tour.mut for tour.custom
// CHECK-NEXT: analysis: Compute: GetValueName from Compute reads 'fill' ok
// CHECK-NEXT: analysis: Compute: SetValueName from Compute -> POLICY_VIOLATION ok
// CHECK-NEXT: analysis: Compute: BeginMutation(FUNCTION fill) from Compute -> POLICY_VIOLATION ok
// CHECK-NEXT: analysis: Compute: QueryCustom(tour.a) from Compute -> INVALID_STATE ok
// CHECK-NEXT: analysis: Compute: QueryBuiltin(DOMINATOR_TREE, fill) from Compute -> OK ok
// CHECK-NEXT: analysis: QueryCustom: tour.mut (its callbacks try to change IR) -> OK ok
// CHECK-NEXT: analysis: Query: SetValueName from Query -> POLICY_VIOLATION ok
// CHECK-NEXT: analysis: GetCustomResultData: tour.mut: 'mut' ok
// CHECK-NEXT: analysis: GetCustomResultData: a DOMINATOR_TREE result -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetCustomResultData: a value handle (fill) -> WRONG_TYPE ok
// CHECK-NEXT: analysis: GetCustomResultData: OutData NULL -> INVALID_ARGUMENT ok
// CHECK-NEXT: analysis: GetLoopCount: a plugin analysis result (tour.b) -> WRONG_TYPE ok
// CHECK-NEXT: analysis: DominatorTreeDominates: a plugin analysis result (tour.a) -> WRONG_TYPE ok
// CHECK-NEXT: analysis: DominatorTreeDominates: tour.builtin's result in the next pass (its callback returned) -> STALE_HANDLE ok
// CHECK-NEXT: analysis: QueryBuiltin: DOMINATOR_TREE of choose before the rename -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: POST_DOMINATOR_TREE of choose before the rename -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: LOOP_INFO of grid before the rename -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: SCALAR_EVOLUTION of fill before the rename -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: MEMORY_SSA of fill before the rename -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: ALIAS of fill before the rename -> OK ok
// CHECK-NEXT: analysis: QueryBuiltin: CALL_GRAPH of the module before the rename -> OK ok
// CHECK-NEXT: analysis: QueryCustom: tour.b in tour.mutate: still cached ok
// CHECK-NEXT: analysis: SetValueName: choose's join PHI to 'r.tour' (the generation moves) -> OK ok
// CHECK-NEXT: analysis: stale: DominatorTreeDominates after the rename -> STALE_HANDLE ok
// CHECK-NEXT: analysis: stale: DominatorTreeDominates (post-dominator tree) after the rename -> STALE_HANDLE ok
// CHECK-NEXT: analysis: stale: GetLoopCount after the rename -> STALE_HANDLE ok
// CHECK-NEXT: analysis: stale: GetLoopHeader after the rename -> STALE_HANDLE ok
// CHECK-NEXT: analysis: stale: GetLoopForBlock after the rename -> STALE_HANDLE ok
// CHECK-NEXT: analysis: stale: GetScalarEvolutionConstantTripCount after the rename -> STALE_HANDLE ok
// CHECK-NEXT: analysis: stale: GetMemoryAccessKind after the rename -> STALE_HANDLE ok
// CHECK-NEXT: analysis: stale: Alias after the rename -> STALE_HANDLE ok
// CHECK-NEXT: analysis: stale: GetDirectCalleeCount after the rename -> STALE_HANDLE ok
// CHECK-NEXT: analysis: stale: GetDirectCallee after the rename -> STALE_HANDLE ok
// CHECK-NEXT: analysis: QueryBuiltin: DOMINATOR_TREE of choose after the rename -> OK ok
// CHECK-NEXT: analysis: DominatorTreeDominates: the new result: the entry dominates the join -> true ok
// CHECK-NEXT: analysis: GetCustomResultData: tour.b after the rename, in the same pass: still 'b#1:a=1' ok
// CHECK-NEXT: analysis: event: tour.mutate returns PRESERVE_NONE, CustomAnalyses {tour.a}
// CHECK-NEXT: analysis: event: Invalidate tour.req INVALIDATED_BY_PASS
// CHECK-NEXT: analysis: event: Destroy tour.req
// CHECK-NEXT: analysis: event: Invalidate tour.b INVALIDATED_BY_PASS
// CHECK-NEXT: analysis: event: Destroy tour.b
// CHECK-NEXT: analysis: event: Invalidate tour.mut INVALIDATED_BY_PASS
// CHECK-NEXT: analysis: Invalidate: SetValueName from Invalidate -> POLICY_VIOLATION ok
// CHECK-NEXT: analysis: event: Destroy tour.mut
// CHECK-NEXT: analysis: CustomAnalyses: tour.a, listed by tour.mutate: kept, no Invalidate ok
// CHECK-NEXT: analysis: CustomAnalyses: tour.b, not listed: Invalidate(INVALIDATED_BY_PASS), Destroy ok
// CHECK-NEXT: analysis: CustomAnalyses: tour.req and tour.mut, not listed: INVALIDATED_BY_PASS, Destroy ok
// CHECK-NEXT: analysis: GetCustomResultData: tour.b's result from tour.custom (invalidated since) -> STALE_HANDLE ok
// CHECK-NEXT: analysis: GetCustomResultData: tour.a's result from tour.custom (its callback returned) -> STALE_HANDLE ok
// CHECK-NEXT: analysis: QueryCustom: tour.a: cached across the change ok
// CHECK-NEXT: analysis: event: Compute tour.b for tour.after
// CHECK-NEXT: analysis: QueryCustom: tour.b: computed again, tour.a not ok
// CHECK-NEXT: analysis: DominatorTreeDominates: tour.builtin's result after tour.mutate changed the module -> STALE_HANDLE ok
// CHECK-NEXT: analysis: event: Compute tour.fn[fill] for tour.per-function
// CHECK-NEXT: analysis: QueryCustom: tour.fn in the FUNCTION pass over fill: required (computed before Run), cached, data 'fill' ok
// CHECK-NEXT: analysis: QueryCustom: tour.a (MODULE) from a FUNCTION pass: the module's cached result ok
// CHECK-NEXT: analysis: QueryCustom: tour.loop (LOOP) from a FUNCTION pass -> WRONG_SCOPE ok
// CHECK-NEXT: analysis: event: Compute tour.fn[grid] for tour.per-function
// CHECK-NEXT: analysis: QueryCustom: tour.fn in the FUNCTION pass over grid: required (computed before Run), cached, data 'grid' ok
// CHECK-NEXT: analysis: event: Compute tour.fn[choose] for tour.per-function
// CHECK-NEXT: analysis: QueryCustom: tour.fn in the FUNCTION pass over choose: required (computed before Run), cached, data 'choose' ok
// CHECK-NEXT: analysis: event: Compute tour.fn[sum] for tour.per-function
// CHECK-NEXT: analysis: QueryCustom: tour.fn in the FUNCTION pass over sum: required (computed before Run), cached, data 'sum' ok
// CHECK-NEXT: analysis: event: Compute tour.fn[caller] for tour.per-function
// CHECK-NEXT: analysis: QueryCustom: tour.fn in the FUNCTION pass over caller: required (computed before Run), cached, data 'caller' ok
// CHECK-NEXT: analysis: event: Invalidate tour.a INVALIDATED_BY_PLAN_DESTROY
// CHECK-NEXT: analysis: event: Destroy tour.a
// CHECK-NEXT: analysis: event: Invalidate tour.b INVALIDATED_BY_PLAN_DESTROY
// CHECK-NEXT: analysis: event: Destroy tour.b
// CHECK-NEXT: analysis: event: Invalidate tour.fn[fill] INVALIDATED_BY_PLAN_DESTROY
// CHECK-NEXT: analysis: event: Destroy tour.fn[fill]
// CHECK-NEXT: analysis: event: Invalidate tour.fn[grid] INVALIDATED_BY_PLAN_DESTROY
// CHECK-NEXT: analysis: event: Destroy tour.fn[grid]
// CHECK-NEXT: analysis: event: Invalidate tour.fn[choose] INVALIDATED_BY_PLAN_DESTROY
// CHECK-NEXT: analysis: event: Destroy tour.fn[choose]
// CHECK-NEXT: analysis: event: Invalidate tour.fn[sum] INVALIDATED_BY_PLAN_DESTROY
// CHECK-NEXT: analysis: event: Destroy tour.fn[sum]
// CHECK-NEXT: analysis: event: Invalidate tour.fn[caller] INVALIDATED_BY_PLAN_DESTROY
// CHECK-NEXT: analysis: event: Destroy tour.fn[caller]
// CHECK-NEXT: analysis: summary: Compute, INVALIDATED_BY_PASS, INVALIDATED_BY_PLAN_DESTROY, Destroy: a 1/0/1/1 b 2/1/1/2 req 1/1/0/1 mut 1/1/0/1 fn 5/0/5/5
// CHECK-NEXT: analysis: summary: the callback counts are the expected ones ok
// CHECK-NEXT: analysis: summary: tour.loop and tour.c never computed ok
// CHECK-NEXT: analysis: summary: every result destroyed once, after its Invalidate ok
// CHECK-NEXT: analysis: summary: tour.per-function ran once per defined function (5) ok
// CHECK-NEXT: analysis: 198 checks, 0 failed

int dst[100], src[100];
int cells[8][16];
int left(int);
int right(int);

__attribute__((noinline)) void fill(int k) {
  for (int i = 0; i < 100; ++i)
    dst[i] = src[i] + k;
}

__attribute__((noinline)) void grid(void) {
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 16; ++j)
      cells[i][j] += i * j;
}

__attribute__((noinline)) int choose(int c, int x) {
  int r;
  if (c)
    r = left(x);
  else
    r = right(x);
  return r + 1;
}

__attribute__((noinline)) int sum(const int *p, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i];
  return s;
}

int caller(int c) {
  fill(c);
  fill(c + 1);
  return choose(c, 2);
}
