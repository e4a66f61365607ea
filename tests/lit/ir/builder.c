// NevercIRBuilderAPI through the C ABI (ir/test/IRBuilderTourPlugin.c): all
// 29 slots with their effect, and every transaction rule with a positive and
// a negative case and its exact status. The plugin's FUNCTION mutations
// rewrite pick, flip and mark, its MODULE mutation creates neverc_tour_made
// and points main's call of made() at it; the program prints what the
// committed code computes (the PLAIN lines: the program without the plugin).
// Failed and aborted mutations (FUNCTION, LOOP, MODULE) leave the module's
// bitcode byte-for-byte as it was before BeginMutation.
//
// The CHECK lines state the correct behaviour. Three host defects make some
// of them fail until fixed: BuildGetElementPtr accepts a struct field index
// that is not a constant or out of range (Builder.cpp skips the first struct
// step); EraseValue of a function inside a FUNCTION mutation is not refused
// and AbortMutation does not bring it back; a MODULE rollback re-parses a
// bitcode snapshot, which renames %struct.pair to %struct.pair.0 and adds
// the metadata kind "heapallocsite" to the context, so the bitcode differs.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %neverc -O0 %s -o %t/plain
// RUN: %t/plain | FileCheck %s --check-prefix=PLAIN
// RUN: %neverc -fplugin=%test_plugins/IRBuilderTourPlugin.so -O0 %s -o %t/tour0 2> %t/tour0.log
// RUN: %t/tour0 | FileCheck %s --check-prefix=PROG
// The committed code survives Clang's O2 pipeline (the pass runs at pre_opt).
// RUN: %neverc -fplugin=%test_plugins/IRBuilderTourPlugin.so -O2 %s -o %t/tour2 2> %t/tour2.log
// RUN: %t/tour2 | FileCheck %s --check-prefix=PROG
//
// A pass that returns with a mutation open: rolled back, the compile fails.
// RUN: env IR_BUILDER_MODE=leave-open not %neverc -fplugin=%test_plugins/IRBuilderTourPlugin.so -O0 -c %s -o %t/open.o 2>&1 | FileCheck %s --check-prefix=OPEN
// RUN: test ! -e %t/open.o
//
// The tour, line by line, at O0 and at O2.
// RUN: FileCheck %s --input-file=%t/tour0.log --implicit-check-not=FAILED
// RUN: FileCheck %s --input-file=%t/tour2.log --implicit-check-not=FAILED

// PLAIN: pick 7 11
// PLAIN-NEXT: flip 2.5 -1.5
// PLAIN-NEXT: mark 1
// PLAIN-NEXT: made -6
// PLAIN-NEXT: untouched 5 10 42

// pick(3, 4) = helper(3 * 4 + 1 + 100), pick(9, 2) = helper(9 - 2 + 200);
// flip(x) = x > 0 ? -x : x; mark stores 42 last; made(6) is
// neverc_tour_made(6) = 6 * 7 + 1; untouched, sum_to and pair_sum are as
// written (every mutation on them was rolled back, or added dead code).
// PROG: pick 226 414
// PROG-NEXT: flip -2.5 -1.5
// PROG-NEXT: mark 42
// PROG-NEXT: made 43
// PROG-NEXT: untouched 5 10 42

// OPEN: builder: BuildBinary: an add in the mutation left open ok
// OPEN-NEXT: builder: returning with the mutation open
// OPEN-NEXT: error: a plugin left an IR mutation open when its callback returned: it was rolled back (every BeginMutation needs a CommitMutation or AbortMutation and a DestroyMutation)
// OPEN-NEXT: error: IR pass 'builder.leave-open' of plugin 'org.neverc.test.ir-builder-tour' returned with a mutation open [neverc, neverc.ir.pass.pre_opt]

// CHECK: builder: QueryInterface: IR_BUILDER 1.0: StructSize reaches CreateBasicBlock, the 29th slot ok
// CHECK-NEXT: builder: NevercIRPassInvocation: Builder is the table QueryInterface returned ok
// CHECK-NEXT: builder: NevercIRBuilderAPI: all 29 slots are filled ok
// CHECK-NEXT: builder: BeginMutation: FUNCTION on printf, a declaration -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BeginMutation: FUNCTION with a block as the function -> WRONG_TYPE ok
// CHECK-NEXT: builder: BeginMutation: FUNCTION with a type handle as the function -> WRONG_TYPE ok
// CHECK-NEXT: builder: BeginMutation: LOOP with a function as the loop header -> WRONG_TYPE ok
// CHECK-NEXT: builder: BeginMutation: scope 7 -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BeginMutation: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BeginMutation: FUNCTION on pick ok
// CHECK-NEXT: builder: BeginMutation: MODULE while a FUNCTION mutation is open -> INVALID_STATE ok
// CHECK-NEXT: builder: BeginMutation: FUNCTION on helper while one is open -> INVALID_STATE ok
// CHECK-NEXT: builder: CreateBuilder: a builder in the open mutation ok
// CHECK-NEXT: builder: CreateBuilder: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: CreateBuilder: a builder handle as the mutation -> WRONG_TYPE ok
// CHECK-NEXT: builder: CommitMutation: a builder handle as the mutation -> WRONG_TYPE ok
// CHECK-NEXT: builder: DestroyBuilder: the mutation handle as the builder -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildBinary: before any SetInsertBlock/SetInsertBefore -> INVALID_STATE ok
// CHECK-NEXT: builder: BuildReturnVoid: before any SetInsertBlock/SetInsertBefore -> INVALID_STATE ok
// CHECK-NEXT: builder: SetInsertBlock: a block of helper in pick's FUNCTION mutation -> WRONG_SCOPE ok
// CHECK-NEXT: builder: SetInsertBefore: an instruction of helper -> WRONG_SCOPE ok
// CHECK-NEXT: builder: SetInsertBlock: an instruction as the block -> WRONG_TYPE ok
// CHECK-NEXT: builder: SetInsertBefore: a block as the instruction -> WRONG_TYPE ok
// CHECK-NEXT: builder: SetInsertBlock: the mutation handle as the builder -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildUnreachable: still unplaced after the refused placements -> INVALID_STATE ok
// CHECK-NEXT: builder: CreateBasicBlock: in helper from pick's FUNCTION mutation -> WRONG_SCOPE ok
// CHECK-NEXT: builder: CreateBasicBlock: a block as the function -> WRONG_TYPE ok
// CHECK-NEXT: builder: CreateFunction: inside a FUNCTION mutation -> WRONG_SCOPE ok
// CHECK-NEXT: builder: SetInsertBefore: pick's first instruction ok
// CHECK-NEXT: builder: BuildAlloca: [2 x i32]: an ALLOCA of ALLOCATED_TYPE [2 x i32], a ptr, now first in pick's entry ok
// CHECK-NEXT: builder: SetInsertBefore: pick's ret ok
// CHECK-NEXT: builder: BuildBinary: an operand of helper (another function) -> WRONG_SCOPE ok
// CHECK-NEXT: builder: BuildBinary: a type handle as the left operand -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildBinary: pick's entry block as an operand -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildBinary: the mutation handle as the builder -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildBinary: ICMP_SLT (a predicate ID) as the opcode -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildBinary: S_EXT (a cast) as the opcode -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildBinary: add i32, i64 -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildBinary: fadd of two i32 -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildBinary: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildCompare: ADD (an opcode ID) as the predicate -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildCompare: FCMP_OGT of two i32 -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildCompare: icmp i32, i64 -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildCast: ADD as the cast opcode -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildCast: trunc i32 to i64 -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildCast: a value handle as the destination type -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildUnary: fneg of an i32 -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildUnary: ADD as the unary opcode -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildSelect: an i32 as the condition -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildConditionalBranch: an i32 as the condition -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildBranch: to a block of helper -> WRONG_SCOPE ok
// CHECK-NEXT: builder: BuildBranch: to an instruction -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildLoad: through an i32 (not a pointer) -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildLoad: of type void -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildStore: through an i32 (not a pointer) -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildGetElementPtr: on an i32 (not a pointer) -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildGetElementPtr: a double as an index -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildGetElementPtr: IndexCount 1, Indices NULL -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildCall: helper(i32) with no argument -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildCall: helper(i32) with two arguments -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildCall: helper(i32) with an i64 argument -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildCall: i32 (not a function type) as the function type -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildCall: a void call with a name -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildReturn: an i64 from int pick -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildReturnVoid: in int pick -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildPhi: of type void -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildAlloca: a double as the array size -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildAlloca: address space 1 << 24 -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildAlloca: a value handle as the type -> WRONG_TYPE ok
// CHECK-NEXT: builder: SetFastMathFlags: bit 7 (past APPROX_FUNC) -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: SetDebugLocation: a null handle (clears the location) -> OK ok
// CHECK-NEXT: builder: SetDebugLocation: an MDString -> WRONG_TYPE ok
// CHECK-NEXT: builder: SetDebugLocation: a type handle as the location -> WRONG_TYPE ok
// CHECK-NEXT: builder: SetDebugLocation: the mutation handle as the builder -> WRONG_TYPE ok
// CHECK-NEXT: builder: Build*: the refused calls built nothing (entry: one alloca more) ok
// CHECK-NEXT: builder: BuildCompare: icmp slt a, b: an I_CMP with PREDICATE ICMP_SLT, an i1, inserted just before ret ok
// CHECK-NEXT: builder: CreateBasicBlock: then, else, join, dead: BASIC_BLOCKs appended to pick, empty ok
// CHECK-NEXT: builder: CreateBasicBlock: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildConditionalBranch: br i1 c, then, else: a BR of 3 operands ok
// CHECK-NEXT: builder: EraseValue: pick's old ret, inside the mutation ok
// CHECK-NEXT: builder: BuildConditionalBranch: the entry now ends in it: successors then and else ok
// CHECK-NEXT: builder: GetInstructionOpcode: the ret erased inside the open mutation -> STALE_HANDLE ok
// CHECK-NEXT: builder: SetInsertBlock: then (empty) ok
// CHECK-NEXT: builder: BuildBinary: mul a, b: a MUL of a and b, first in then ok
// CHECK-NEXT: builder: BuildBinary: add (mul), 1: an ADD appended after the mul ok
// CHECK-NEXT: builder: BuildBranch: br join: then's terminator, its one successor join ok
// CHECK-NEXT: builder: BuildBinary: sub a, b; br join in else ok
// CHECK-NEXT: builder: BuildUnreachable: in dead: an UNREACHABLE terminator, the block has no predecessor ok
// CHECK-NEXT: builder: BuildPhi: phi i32 in join: a PHI without incomings yet ok
// CHECK-NEXT: builder: AddPhiIncoming: an i64 into the i32 PHI -> WRONG_TYPE ok
// CHECK-NEXT: builder: AddPhiIncoming: the mul (not a PHI) as the PHI -> WRONG_TYPE ok
// CHECK-NEXT: builder: AddPhiIncoming: a value of helper -> WRONG_SCOPE ok
// CHECK-NEXT: builder: AddPhiIncoming: a block of helper -> WRONG_SCOPE ok
// CHECK-NEXT: builder: AddPhiIncoming: an instruction as the block -> WRONG_TYPE ok
// CHECK-NEXT: builder: AddPhiIncoming: the builder handle as the mutation -> WRONG_TYPE ok
// CHECK-NEXT: builder: AddPhiIncoming: the refused calls added no incoming ok
// CHECK-NEXT: builder: AddPhiIncoming: [add, then]: incoming 0 ok
// CHECK-NEXT: builder: AddPhiIncoming: [sub, else]: incoming 1 ok
// CHECK-NEXT: builder: BuildGetElementPtr: [2 x i32], slot, 0, 1: a GEP of 3 operands on slot, SOURCE_ELEMENT_TYPE [2 x i32] ok
// CHECK-NEXT: builder: BuildStore: store phi, gep: a STORE of the PHI through the GEP ok
// CHECK-NEXT: builder: BuildLoad: load i32, gep: a LOAD of an i32 through the GEP ok
// CHECK-NEXT: builder: BuildCast: sext load to i64: an S_EXT, an i64 ok
// CHECK-NEXT: builder: BuildCast: trunc back to i32: a TRUNC, an i32 ok
// CHECK-NEXT: builder: BuildSelect: select c, 100, 200: a SELECT on the compare ok
// CHECK-NEXT: builder: BuildCall: helper(trunc + select): a CALL of 2 operands, the callee last ok
// CHECK-NEXT: builder: BuildReturn: ret the call: join's terminator, 10 instructions in order ok
// CHECK-NEXT: builder: CommitMutation: pick's new body -> OK ok
// CHECK-NEXT: builder: CommitMutation: the same mutation again -> INVALID_STATE ok
// CHECK-NEXT: builder: AbortMutation: a committed mutation -> INVALID_STATE ok
// CHECK-NEXT: builder: BuildBinary: with a builder of the committed mutation -> INVALID_STATE ok
// CHECK-NEXT: builder: CreateBasicBlock: in the committed mutation -> INVALID_STATE ok
// CHECK-NEXT: builder: AddPhiIncoming: in the committed mutation -> INVALID_STATE ok
// CHECK-NEXT: builder: CreateBuilder: in the committed mutation -> INVALID_STATE ok
// CHECK-NEXT: builder: GetInstructionOpcode: the ret erased by the committed mutation -> STALE_HANDLE ok
// CHECK-NEXT: builder: CommitMutation: what it built stays live: the PHI has its 2 incomings, pick 5 blocks ok
// CHECK-NEXT: builder: BeginMutation: after the commit (none open) ok
// CHECK-NEXT: builder: DestroyBuilder: the builder -> OK ok
// CHECK-NEXT: builder: DestroyBuilder: the same builder again -> STALE_HANDLE ok
// CHECK-NEXT: builder: SetInsertBlock: a destroyed builder -> STALE_HANDLE ok
// CHECK-NEXT: builder: DestroyMutation: the committed mutation -> OK ok
// CHECK-NEXT: builder: DestroyMutation: the same mutation again -> STALE_HANDLE ok
// CHECK-NEXT: builder: CommitMutation: a destroyed mutation -> STALE_HANDLE ok
// CHECK-NEXT: builder: SetFastMathFlags: nnan nsz -> OK ok
// CHECK-NEXT: builder: BuildUnary: fneg x: an F_NEG of x, a double, FAST_MATH_FLAGS nnan nsz ok
// CHECK-NEXT: builder: BuildUnary: FCMP_OGT (a predicate ID) as the opcode -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildCompare: fcmp ogt x, 0.0: an F_CMP with PREDICATE FCMP_OGT, an i1, the flags stuck ok
// CHECK-NEXT: builder: BuildCompare: ICMP_SGT of two doubles -> WRONG_TYPE ok
// CHECK-NEXT: builder: SetFastMathFlags: 0 (none) -> OK ok
// CHECK-NEXT: builder: SetFastMathFlags: after 0, fmul (select), 1.0 is an F_MUL with FAST_MATH_FLAGS 0 ok
// CHECK-NEXT: builder: BuildBinary: fmul double, i32 -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildReturn: ret the fmul; the old ret erased ok
// CHECK-NEXT: builder: CommitMutation: flip's new body -> OK ok
// CHECK-NEXT: builder: BuildReturn: an i32 from void mark -> WRONG_TYPE ok
// CHECK-NEXT: builder: BuildStore: store 42, p: a STORE through the argument ok
// CHECK-NEXT: builder: BuildReturnVoid: ret void: a RET without operands ok
// CHECK-NEXT: builder: EraseValue: mark's old ret: the new one ends the block ok
// CHECK-NEXT: builder: CommitMutation: mark's new body -> OK ok
// CHECK-NEXT: builder: CreateFunction: named pick (defined) -> DUPLICATE_ID ok
// CHECK-NEXT: builder: CreateFunction: named printf (declared) -> DUPLICATE_ID ok
// CHECK-NEXT: builder: CreateFunction: of type i32 (not a function type) -> WRONG_TYPE ok
// CHECK-NEXT: builder: CreateFunction: with an empty name -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: CreateFunction: the builder handle as the mutation -> WRONG_TYPE ok
// CHECK-NEXT: builder: CreateFunction: the refused calls added no function ok
// CHECK-NEXT: builder: CreateFunction: neverc_tour_made(i32): a FUNCTION of that name, one argument, no block yet ok
// CHECK-NEXT: builder: CreateBasicBlock: the entry of the new function ok
// CHECK-NEXT: builder: SetInsertBlock: a block of the new function (MODULE scope) ok
// CHECK-NEXT: builder: Build*: x * 7 + 1 through an alloca in neverc_tour_made: 6 instructions ok
// CHECK-NEXT: builder: ReplaceAllUsesWith: made -> neverc_tour_made inside the MODULE mutation: main calls it ok
// CHECK-NEXT: builder: CommitMutation: MODULE with the new function -> OK ok
// CHECK-NEXT: builder: CommitMutation: neverc_tour_made is in the module with its body ok
// CHECK-NEXT: builder: ExportModule: BITCODE of the module before BeginMutation ok
// CHECK-NEXT: builder: BuildBinary: add a, 1 in a block that gets no terminator ok
// CHECK-NEXT: warning: CommitMutation: the mutation was rolled back, the IR it made is not valid: Basic Block in function 'untouched' does not have terminator!
// CHECK-NEXT: builder: CommitMutation: FUNCTION, a block without terminator -> VERIFICATION_FAILED ok
// CHECK-NEXT: builder: CommitMutation: after VERIFICATION_FAILED (FUNCTION): the bitcode is byte-for-byte the one before BeginMutation ok
// CHECK-NEXT: builder: GetValueKind: the block of the failed mutation -> STALE_HANDLE ok
// CHECK-NEXT: builder: GetInstructionOpcode: the add of the failed mutation -> STALE_HANDLE ok
// CHECK-NEXT: builder: CommitMutation: handles from before a failed FUNCTION commit stay live: untouched has its one block ok
// CHECK-NEXT: builder: AbortMutation: after the failed commit -> INVALID_STATE ok
// CHECK-NEXT: builder: CommitMutation: again after the failed commit -> INVALID_STATE ok
// CHECK-NEXT: builder: BuildBinary: with a builder of the rolled-back mutation -> INVALID_STATE ok
// CHECK-NEXT: builder: BuildBinary: add (the load ret returns), 1 before the load ok
// CHECK-NEXT: warning: CommitMutation: the mutation was rolled back, the IR it made is not valid: Instruction does not dominate all uses!
// CHECK-NEXT: builder: CommitMutation: FUNCTION, a use before its definition -> VERIFICATION_FAILED ok
// CHECK-NEXT: builder: CommitMutation: after VERIFICATION_FAILED (dominance): the bitcode is byte-for-byte the one before BeginMutation ok
// CHECK-NEXT: builder: GetInstructionOpcode: the add -> STALE_HANDLE ok
// CHECK-NEXT: builder: BuildBinary: mul (the load), 3 before untouched's ret ok
// CHECK-NEXT: builder: ReplaceAllUsesWith: the load -> argument a inside the mutation: ret and mul use a ok
// CHECK-NEXT: builder: SetOperand: ret's operand 0 -> the mul ok
// CHECK-NEXT: builder: EraseValue: the load, unused now ok
// CHECK-NEXT: builder: AbortMutation: FUNCTION with SetOperand, RAUW and EraseValue -> OK ok
// CHECK-NEXT: builder: AbortMutation: undone: ret returns a load of the alloca again, the load back in its place ok
// CHECK-NEXT: builder: AbortMutation: FUNCTION: the bitcode is byte-for-byte the one before BeginMutation ok
// CHECK-NEXT: builder: GetInstructionOpcode: the mul of the aborted mutation -> STALE_HANDLE ok
// CHECK-NEXT: builder: AbortMutation: untouched's ret (older than the mutation) stays live ok
// CHECK-NEXT: builder: AbortMutation: the same mutation again -> INVALID_STATE ok
// CHECK-NEXT: builder: CommitMutation: an aborted mutation -> INVALID_STATE ok
// CHECK-NEXT: builder: DestroyMutation: an open mutation -> OK ok
// CHECK-NEXT: builder: DestroyMutation: of an open mutation: rolled back, the bitcode as before ok
// CHECK-NEXT: builder: DestroyMutation: the add it built -> STALE_HANDLE ok
// CHECK-NEXT: builder: DestroyBuilder: a builder of a destroyed mutation -> STALE_HANDLE ok
// CHECK-NEXT: builder: BeginMutation: after destroying the open one (none open) ok
// CHECK-NEXT: builder: SetValueName: the load -> renamed_load ok
// CHECK-NEXT: builder: SetInstructionProperty: the load volatile ok
// CHECK-NEXT: builder: SetGlobalLinkage: untouched internal ok
// CHECK-NEXT: builder: SetFunctionSection: untouched in .text.rolled ok
// CHECK-NEXT: builder: SetFunctionGC: untouched with gc "shadow-stack" ok
// CHECK-NEXT: builder: CreateStringAttribute: rolled=yes ok
// CHECK-NEXT: builder: AddFunctionAttribute: rolled=yes on untouched ok
// CHECK-NEXT: builder: GetOrInsertComdat: a new comdat rolled_comdat ok
// CHECK-NEXT: builder: SetGlobalComdat: untouched in rolled_comdat ok
// CHECK-NEXT: builder: GetOrInsertNamedMetadata: a new !rolled.md ok
// CHECK-NEXT: builder: CreateMetadataString: "rolled" ok
// CHECK-NEXT: builder: CreateMetadataNode: !{!"rolled"} ok
// CHECK-NEXT: builder: AppendNamedMetadata: !rolled.md gets the node ok
// CHECK-NEXT: builder: SetModuleInlineAssembly: one .ident line ok
// CHECK-NEXT: builder: ImportModule: inside a FUNCTION mutation (not undoable there) -> INVALID_STATE ok
// CHECK-NEXT: warning: CommitMutation: the mutation was rolled back, the IR it made is not valid: Basic Block in function 'untouched' does not have terminator!
// CHECK-NEXT: builder: CommitMutation: FUNCTION with every setter and a dangling block -> VERIFICATION_FAILED ok
// CHECK-NEXT: builder: CommitMutation: after VERIFICATION_FAILED with setters: the bitcode is byte-for-byte the one before BeginMutation ok
// CHECK-NEXT: builder: CommitMutation: the load kept its place and is not volatile ok
// CHECK-NEXT: builder: AppendNamedMetadata: to the rolled-back !rolled.md -> STALE_HANDLE ok
// CHECK-NEXT: builder: SetGlobalComdat: the rolled-back comdat -> STALE_HANDLE ok
// CHECK-NEXT: builder: BuildGetElementPtr: { i32, i32 }, p, 0, 1: field 1 of the struct ok
// CHECK-NEXT: builder: BuildGetElementPtr: { i32, i32 }, p, 0, <an add>: a field index that is not a constant -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: BuildGetElementPtr: { i32, i32 }, p, 0, 5: field 5 of 2 -> INVALID_ARGUMENT ok
// CHECK-NEXT: builder: AbortMutation: FUNCTION on pair_sum -> OK ok
// CHECK-NEXT: builder: AbortMutation: pair_sum: the bitcode as before BeginMutation ok
// CHECK-NEXT: builder: EraseValue: spare is defined and unused ok
// CHECK-NEXT: builder: EraseValue: a block inside a FUNCTION mutation -> INVALID_STATE ok
// CHECK-NEXT: builder: EraseValue: the function spare inside untouched's FUNCTION mutation -> INVALID_STATE ok
// CHECK-NEXT: builder: AbortMutation: FUNCTION on untouched -> OK ok
// CHECK-NEXT: builder: AbortMutation: after the erase attempts: the bitcode as before BeginMutation ok
// CHECK-NEXT: builder: AbortMutation: spare is still in the module ok
// CHECK-NEXT: builder: LOOP: sum_to's second block heads the loop (2 predecessors) ok
// CHECK-NEXT: builder: BuildBinary: add n, 1 at the top of the loop header ok
// CHECK-NEXT: builder: SetInsertBlock: a block of pick in a LOOP mutation of sum_to -> WRONG_SCOPE ok
// CHECK-NEXT: builder: CreateFunction: inside a LOOP mutation -> WRONG_SCOPE ok
// CHECK-NEXT: builder: AbortMutation: LOOP -> OK ok
// CHECK-NEXT: builder: AbortMutation: LOOP: the bitcode as before BeginMutation ok
// CHECK-NEXT: builder: AbortMutation: the add of the aborted LOOP mutation -> STALE_HANDLE ok
// CHECK-NEXT: builder: CommitMutation: LOOP, an unused add in the header -> OK ok
// CHECK-NEXT: builder: CommitMutation: the committed add is the header's first instruction ok
// CHECK-NEXT: builder: CreateFunction: neverc_tour_aborted, and untouched returns 99 (MODULE mutation) ok
// CHECK-NEXT: builder: AbortMutation: MODULE -> OK ok
// CHECK-NEXT: builder: AbortMutation: MODULE: the bitcode is byte-for-byte the one before BeginMutation ok
// CHECK-NEXT: builder: AbortMutation: the function of the aborted MODULE mutation -> STALE_HANDLE ok
// CHECK-NEXT: builder: AbortMutation: a MODULE rollback makes older value handles stale too (untouched) ok
// CHECK-NEXT: builder: AbortMutation: MODULE: named struct types keep their names (no %struct.pair.0) ok
// CHECK-NEXT: builder: AbortMutation: neverc_tour_aborted is gone; untouched returns its load again ok
// CHECK-NEXT: builder: CreateFunction: neverc_tour_broken with an empty entry block, and an add in untouched ok
// CHECK-NEXT: warning: CommitMutation: the mutation was rolled back, the IR it made is not valid: Basic Block in function 'neverc_tour_broken' does not have terminator!
// CHECK-NEXT: builder: CommitMutation: MODULE, a block without terminator -> VERIFICATION_FAILED ok
// CHECK-NEXT: builder: CommitMutation: after VERIFICATION_FAILED (MODULE): the bitcode is byte-for-byte the one before BeginMutation ok
// CHECK-NEXT: builder: CommitMutation: the failed MODULE mutation's function, block and add -> STALE_HANDLE ok
// CHECK-NEXT: builder: CommitMutation: neverc_tour_broken is not in the module ok
// CHECK-NEXT: builder: AbortMutation: after the failed MODULE commit -> INVALID_STATE ok
// CHECK-NEXT: builder: summary: {{[0-9]+}} checks, 0 failures
// CHECK-NEXT: builder: observer: before neverc.ir.pass.post_opt: pick is readable ok
// CHECK-NEXT: builder: BeginMutation: MODULE from an observer -> POLICY_VIOLATION ok
// CHECK-NEXT: builder: BeginMutation: FUNCTION on pick from an observer -> POLICY_VIOLATION ok

#include <stdio.h>

struct pair { int x, y; };

int helper(int x) { return 2 * x; }
int pick(int a, int b) { return a + b; }
double flip(double x) { return x; }
void mark(int *p) { *p = 1; }
int made(int x) { return -x; }
int untouched(int a) { return a; }
int spare(void) { return 7; }
int sum_to(int n) {
  int s = 0;
  for (int i = 1; i <= n; ++i)
    s += i;
  return s;
}
int pair_sum(struct pair *p) { return p->x + p->y; }

int main(void) {
  struct pair q = {20, 22};
  int m = 0;
  mark(&m);
  printf("pick %d %d\n", pick(3, 4), pick(9, 2));
  printf("flip %g %g\n", flip(2.5), flip(-1.5));
  printf("mark %d\n", m);
  printf("made %d\n", made(6));
  printf("untouched %d %d %d\n", untouched(5), sum_to(4), pair_sum(&q));
  return 0;
}
