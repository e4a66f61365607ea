// Every slot of NevercMCAPI and NevercMCEmissionAPI through the C ABI, with
// the exact status of each positive and negative call (MCTestPlugin,
// mode=tour): observers on the nine emission events read their events and
// the flags that say which fields hold data, post_layout reads the layout,
// a handle from an earlier event is stale; at the first retq of .text.tour
// an interceptor reads the unit (sections, symbols, fragments, fixups,
// expressions, the instruction and its operands), then edits a replacement
// (int3 before the retq) through every edit slot and publishes it. The slots
// this build does not offer return CAPABILITY_UNAVAILABLE with a warning
// saying why (mc/README.md).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/MCTestPlugin.so -fplugin-arg=org.neverc.test.mc:mode=tour -fplugin-arg=org.neverc.test.mc:section=.text.tour -ffunction-sections -O1 -c %s -o %t/tour.o 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: mc: RegisterSchema CAPABILITY_UNAVAILABLE
// CHECK: mc: RegisterEncoder INVALID_ARGUMENT
// CHECK: mc: RegisterDecoder INVALID_ARGUMENT
// CHECK: mc: RegisterAsmBackend CAPABILITY_UNAVAILABLE
// CHECK: mc: event 1 first: section=0 instruction=0 encoding=0 fixup=0 layout=0 OK
// CHECK-NEXT: mc: GetLayoutSection(unit_begin) INVALID_STATE
// CHECK-NEXT: mc: BeginInstructionReplacement(unit_begin) INVALID_STATE
// CHECK-NEXT: mc: event 3 first: section=1 instruction=0 encoding=0 fixup=0 layout=0 OK
// CHECK-NEXT: mc: event 5 first: section=1 instruction=1 encoding=0 fixup=0 layout=0 OK
// CHECK-NEXT: mc: event 6 first: section=1 instruction=1 encoding=1 fixup=0 layout=0 OK
// CHECK-NEXT: mc: GetInstructionInfo(handle of an earlier event) STALE_HANDLE
// CHECK: mc: event 7 first: section=1 instruction=1 encoding=0 fixup=1 layout=0 OK
// CHECK: mc: GetSchemaToken OK
// CHECK-NEXT: mc: GetSchemaToken(instruction as unit) WRONG_TYPE
// CHECK-NEXT: mc: GetSchemaTokenInfo digest=llvm-{{[0-9.]+}}-x86_64 x86-64=1 OK
// CHECK-NEXT: mc: GetSchemaTokenInfo(major 99) ABI_MISMATCH
// CHECK-NEXT: mc: GetUnitInfo sections>0=1 symbols>0=1 fragments>0=1 instructions=1 OK
// CHECK-NEXT: mc: GetUnitInfo(null out) INVALID_ARGUMENT
// CHECK-NEXT: mc: GetSectionInfo .text.tour alloc+exec=1 OK
// CHECK-NEXT: mc: GetFirstSection/GetNextSection all=1 OK
// CHECK-NEXT: mc: GetNextSection(unit as section) WRONG_TYPE
// CHECK-NEXT: mc: GetSymbolInfo tour global=1 function=1 in-section=1 OK
// CHECK-NEXT: mc: GetFirstSymbol/GetNextSymbol all=1 OK
// CHECK-NEXT: mc: GetSymbolInfo(null out) INVALID_ARGUMENT
// CHECK-NEXT: mc: GetFirstFragment/GetNextFragment all=1 OK
// CHECK-NEXT: mc: GetFragmentInfo automatic-offset=1 OK
// CHECK-NEXT: mc: GetFirstFragmentInstruction(data) null=1 OK
// CHECK-NEXT: mc: GetFragmentInfo(section as fragment) WRONG_TYPE
// CHECK-NEXT: mc: GetFixupInfo kind-known=1 expression=1 OK
// CHECK-NEXT: mc: GetExpressionInfo kind-known=1 OK
// CHECK-NEXT: mc: GetNextFixup to-the-end=1 OK
// CHECK-NEXT: mc: GetNextFixup(expression as fixup) WRONG_TYPE
// CHECK-NEXT: mc: GetExpressionInfo(fixup as expression) WRONG_TYPE
// CHECK-NEXT: mc: GetFirstInstruction is-event=1 OK
// CHECK-NEXT: mc: GetNextInstruction end=1 OK
// CHECK-NEXT: mc: GetInstructionInfo token=1 OK
// CHECK-NEXT: mc: GetInstructionOperand OK
// CHECK-NEXT: mc: GetOperandValue kind-known=1 OK
// CHECK-NEXT: mc: GetInstructionOperand(past the end) NOT_FOUND
// CHECK-NEXT: mc: GetOperandValue(null out) INVALID_ARGUMENT
// CHECK-NEXT: mc: GetFirstInstruction(wrong task) WRONG_TYPE
// CHECK-NEXT: mc: BeginMutation(before the replacement) INVALID_STATE
// CHECK-NEXT: mc: PublishInstructionReplacement(nothing begun) INVALID_STATE
// CHECK-NEXT: mc: BeginInstructionReplacement copy=1 OK
// CHECK-NEXT: mc: BeginInstructionReplacement(null out) INVALID_ARGUMENT
// CHECK-NEXT: mc: BeginMutation OK
// CHECK-NEXT: mc: BeginMutation(second) BUSY
// CHECK-NEXT: mc: CreateInstruction int3 OK
// CHECK-NEXT: mc: CreateInstruction(no such opcode) INVALID_ARGUMENT
// CHECK-NEXT: mc: CreateInstruction(unit as token) WRONG_TYPE
// CHECK-NEXT: mc: AppendOperand OK
// CHECK-NEXT: mc: InsertOperand OK
// CHECK-NEXT: mc: InsertOperand(past the end) NOT_FOUND
// CHECK-NEXT: mc: AppendOperand(register without token) ABI_MISMATCH
// CHECK-NEXT: mc: EraseOperand OK
// CHECK-NEXT: mc: EraseOperand OK
// CHECK-NEXT: mc: EraseOperand(none left) NOT_FOUND
// CHECK-NEXT: mc: AppendOperand(LLVM's own instruction) POLICY_VIOLATION
// CHECK-NEXT: mc: InsertInstructionBefore OK
// CHECK-NEXT: mc: InsertInstructionBefore(already placed) INVALID_STATE
// CHECK-NEXT: mc: AppendInstruction OK
// CHECK-NEXT: mc: EraseInstruction OK
// CHECK-NEXT: mc: EraseInstruction(not placed) INVALID_STATE
// CHECK-NEXT: mc: ReplaceInstruction(copy by nop) OK
// CHECK-NEXT: mc: ReplaceInstruction(nop back by copy) OK
// CHECK-NEXT: mc: ReplaceInstruction(not placed) INVALID_STATE
// CHECK-NEXT: remark: neverc.mc.verify_instruction_candidate: replacement instruction MOV64rr cannot be encoded: it takes 2 operands, not 0
// CHECK-NEXT: mc: CommitMutation(movq without operands) VERIFICATION_FAILED
// CHECK-NEXT: mc: CommitMutation OK
// CHECK-NEXT: mc: CommitMutation(again) INVALID_STATE
// CHECK-NEXT: mc: AbandonMutation OK
// CHECK-NEXT: mc: GetInstructionInfo(made in the abandoned mutation) STALE_HANDLE
// CHECK-NEXT: mc: AbandonMutation(again) INVALID_STATE
// CHECK-NEXT: mc: sequence 0 int3=1 OK
// CHECK-NEXT: mc: sequence 1 int3=0 OK
// CHECK-NEXT: warning: NevercMCAPI.CreateSection is unavailable here: only the unit an assembly.parse builder fills takes new items
// CHECK-NEXT: mc: CreateSection CAPABILITY_UNAVAILABLE
// CHECK-NEXT: warning: NevercMCAPI.MoveSectionBefore is unavailable: LLVM 22's MCAssembler keeps its sections, symbols and fragment lists private
// CHECK-NEXT: mc: MoveSectionBefore CAPABILITY_UNAVAILABLE
// CHECK:      mc: EraseSection CAPABILITY_UNAVAILABLE
// CHECK:      mc: CreateSymbol CAPABILITY_UNAVAILABLE
// CHECK:      mc: MoveSymbolBefore CAPABILITY_UNAVAILABLE
// CHECK:      mc: EraseSymbol CAPABILITY_UNAVAILABLE
// CHECK:      mc: CreateExpression CAPABILITY_UNAVAILABLE
// CHECK:      warning: NevercMCAPI.SetExpressionOperands is unavailable: LLVM 22's MCExpr nodes are immutable once made
// CHECK-NEXT: mc: SetExpressionOperands CAPABILITY_UNAVAILABLE
// CHECK:      mc: EraseExpression CAPABILITY_UNAVAILABLE
// CHECK:      mc: CreateFragment CAPABILITY_UNAVAILABLE
// CHECK:      mc: MoveFragmentBefore CAPABILITY_UNAVAILABLE
// CHECK:      mc: EraseFragment CAPABILITY_UNAVAILABLE
// CHECK:      mc: CreateFixup CAPABILITY_UNAVAILABLE
// CHECK:      mc: MoveFixupBefore CAPABILITY_UNAVAILABLE
// CHECK:      mc: EraseFixup CAPABILITY_UNAVAILABLE
// CHECK:      mc: AppendInstructionToFragment CAPABILITY_UNAVAILABLE
// CHECK-NEXT: mc: PublishInstructionReplacement(mutation open) INVALID_STATE
// CHECK-NEXT: mc: GetLayoutSection(no layout) INVALID_STATE
// CHECK-NEXT: mc: PublishInstructionReplacement OK
// CHECK: mc: event 9 first: section=0 instruction=0 encoding=0 fixup=0 layout=0 OK
// CHECK-NEXT: mc: event 10 first: section=0 instruction=0 encoding=0 fixup=0 layout=1 OK
// CHECK-NEXT: mc: GetLayoutSection sized>0=1 OK
// CHECK-NEXT: mc: GetLayoutSection(past the end) NOT_FOUND
// CHECK-NEXT: mc: GetLayoutFragment last-section=1 OK
// CHECK-NEXT: mc: GetLayoutFragment(past the end) NOT_FOUND
// CHECK-NEXT: mc: GetLayoutSymbol tour_after-placed=1 OK
// CHECK-NEXT: mc: GetLayoutSymbol(past the end) NOT_FOUND
// CHECK-NEXT: mc: GetLayoutFixup count>0=1 kind-known=1 OK
// CHECK-NEXT: mc: GetLayoutFixup(past the end) NOT_FOUND
// CHECK-NEXT: mc: event 2 first: section=0 instruction=0 encoding=0 fixup=0 layout=0 OK
//
// The replacement is in the object: int3 before tour's retq.
// RUN: llvm-objdump -d --no-show-raw-insn %t/tour.o | FileCheck %s --check-prefix=OBJ
// OBJ-LABEL: <tour>:
// OBJ:       int3
// OBJ-NEXT:  retq
// OBJ-LABEL: <tour_after>:
// OBJ-NOT:   int3

extern int g(int);
int data[4] = {1, 2, 3, 4};

int tour(int x) {
  int s = 0;
  for (int i = 0; i < x; ++i)
    s += g(data[i & 3]);
  return s;
}

int tour_after(void) { return tour(2); }
