// A tour of NevercMIRAPI (89 slots) and NevercMIRPassAPI (1 slot) through
// the C ABI (mir/test/MIRTourPlugin.c): FUNCTION passes at eight hooks and a
// BASIC_BLOCK pass at post_legalize call every slot on this file's functions
// (found by the asm markers: 1 classify, 2 scale, 3 sum, 4 work, 5 main) and
// check what each answers against what the program has (a loop, calls, a
// jump table, a constant pool, stack objects, memory operands, callee-saved
// registers), every refusal with its exact status, the transaction rules and
// the staged edits, committed or aborted and read back. Invariants checked in
// every function at every hook are printed once, at the end. One line per
// check: "tour: <slot>: <what> ok" or "... FAIL: <why>".
//
// The committed edits keep the program correct: the objects link, and the
// programs print what the plain build prints. One is visible: an INLINEASM
// "nop" made at preemit starts classify.
//
// The CHECK lines state the correct behaviour; the first run of this tour
// found eight host defects, fixed in mir/lib with it (Collect* OutCount,
// refusal order for observers and closed mutations, a commit that only made
// virtual registers, generic opcodes after instruction selection, AddCFGEdge
// 0/0 and RemoveCFGEdge undo with and without probabilities, register types
// and block numbers on a rollback). A block erase is staged until the commit
// is accepted, so the block is still there while staged.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -O2 %s -o %t/plain && %t/plain | FileCheck %s --check-prefix=OUT
//
// x86-64 -O2 and -O0 -g: the tour, the program it leaves, the nop.
// RUN: %neverc -fplugin=%test_plugins/MIRTourPlugin.so -O2 -c %s -o %t/tour2.o 2> %t/tour2.log
// RUN: FileCheck %s --input-file=%t/tour2.log --check-prefixes=CHECK,NOG --implicit-check-not='FAIL:'
// RUN: %neverc %t/tour2.o -o %t/tour2 && %t/tour2 | FileCheck %s --check-prefix=OUT
// RUN: llvm-objdump -d %t/tour2.o | FileCheck %s --check-prefix=NOP
// RUN: %neverc -fplugin=%test_plugins/MIRTourPlugin.so -O0 -g -c %s -o %t/tour0.o 2> %t/tour0.log
// RUN: FileCheck %s --input-file=%t/tour0.log --check-prefixes=CHECK,G --implicit-check-not='FAIL:'
// RUN: %neverc %t/tour0.o -o %t/tour0 && %t/tour0 | FileCheck %s --check-prefix=OUT
// RUN: llvm-objdump -d %t/tour0.o | FileCheck %s --check-prefix=NOP
//
// AArch64 -O2 (an object only: no sysroot to link against; printf is
// declared here). The MachineOutliner runs between preemit and final.
// RUN: %neverc -fplugin=%test_plugins/MIRTourPlugin.so -O2 --target=aarch64-linux-gnu -c %s -o %t/a64.o 2> %t/a64.log
// RUN: FileCheck %s --input-file=%t/a64.log --check-prefixes=CHECK,NOG --implicit-check-not='FAIL:'
// RUN: llvm-objdump -d %t/a64.o | FileCheck %s --check-prefix=NOP-A64
//
// A pass that committed a change may not report PRESERVE_ALL; a pass may not
// return with a mutation open (rolled back). Both fail the compile.
// RUN: env MIR_TOUR=preserve-all-lie not %neverc -fplugin=%test_plugins/MIRTourPlugin.so -O2 -c %s -o %t/lie.o 2>&1 | FileCheck %s --check-prefix=LIE
// RUN: test ! -e %t/lie.o
// RUN: env MIR_TOUR=leave-open not %neverc -fplugin=%test_plugins/MIRTourPlugin.so -O2 -c %s -o %t/open.o 2>&1 | FileCheck %s --check-prefix=OPEN
// RUN: test ! -e %t/open.o

// OUT: classify=0 scale=6.9955 work=30449 counter=30449

// NOP-LABEL: <classify>:
// NOP-NEXT: 0: 90 nop
// NOP-A64-LABEL: <classify>:
// NOP-A64-NEXT: 0: d503201f nop

// LIE: tour: committed OK, reporting PRESERVE_ALL
// LIE-NEXT: error: MIR pass 'mir-tour.misuse' of plugin 'org.neverc.test.mir-tour' changed the function but reported PRESERVE_ALL (POLICY_VIOLATION) [neverc, neverc.mir.pass.post_isel]
// LIE-NEXT: error: phase 'neverc.mir.pass.post_isel' failed on function 'classify': PLUGIN_FAILURE [neverc, neverc.mir.pass.post_isel]
// OPEN: tour: returning with the mutation open
// OPEN-NEXT: error: MIR pass 'mir-tour.misuse' of plugin 'org.neverc.test.mir-tour' returned with a mutation open (rolled back) [neverc, neverc.mir.pass.post_isel]
// OPEN-NEXT: error: phase 'neverc.mir.pass.post_isel' failed on function 'classify': PLUGIN_FAILURE [neverc, neverc.mir.pass.post_isel]


// CHECK: tour: QueryInterface: NevercMIRAPI 1.0: StructSize reaches SetMachinePropertyWithProof, the 89th slot; all 89 slots set ok
// CHECK: tour: QueryInterface: NevercMIRPassAPI 1.0: StructSize reaches RegisterPass, set ok
// CHECK: tour: GetSchemaDigest: NEVERC_MIR_SCHEMA_DIGEST, with no task (at registration) ok
// CHECK: tour: GetSchemaDigest: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetEntityInfo: the 4 entities of PluginMIRSchema.inc: ID, LLVM value, canonical name ok
// CHECK: tour: GetOperandKindInfo: the 21 operand kinds: ID, LLVM 22's MachineOperandType, canonical name ok
// CHECK: tour: GetGenericOpcodeInfo: the 266 generic opcodes: ID, LLVM 22's opcode, RequiresTargetSchema, canonical name ok
// CHECK: tour: GetMachinePropertyInfo: the 11 machine properties: ID, LLVM 22's property, canonical name ok
// CHECK: tour: GetGenericOpcodeInfo: COPY is LLVM 22's opcode 20, G_UBFX 321 (not NeverC's 18 and 265) ok
// CHECK: tour: GetMachinePropertyInfo: TRACKS_DEBUG_USER_VALUES is LLVM 22's property 11 ok
// CHECK: tour: GetEntityInfo: ID 0 -> NOT_FOUND ok
// CHECK: tour: GetEntityInfo: 0x51000005, one past the last entity -> NOT_FOUND ok
// CHECK: tour: GetEntityInfo: an operand kind ID -> NOT_FOUND ok
// CHECK: tour: GetOperandKindInfo: 0x52000016, one past DBG_INSTR_REF -> NOT_FOUND ok
// CHECK: tour: GetOperandKindInfo: LLVM's MO_Register value 0 instead of the ID -> NOT_FOUND ok
// CHECK: tour: GetGenericOpcodeInfo: 0x5300010b, one past G_UBFX -> NOT_FOUND ok
// CHECK: tour: GetGenericOpcodeInfo: LLVM's COPY opcode 20 instead of the ID -> NOT_FOUND ok
// CHECK: tour: GetGenericOpcodeInfo: a machine property ID -> NOT_FOUND ok
// CHECK: tour: GetMachinePropertyInfo: 0x5400000c, one past TRACKS_DEBUG_USER_VALUES -> NOT_FOUND ok
// CHECK: tour: GetMachinePropertyInfo: an entity ID -> NOT_FOUND ok
// CHECK: tour: GetEntityInfo: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetOperandKindInfo: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetGenericOpcodeInfo: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetMachinePropertyInfo: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetEntityInfo: an entry whose header says 8 bytes -> INVALID_ARGUMENT ok
// CHECK: tour: GetOperandKindInfo: an entry whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: GetMachinePropertyInfo: a zero-filled entry (no header) -> INVALID_ARGUMENT ok
// CHECK: tour: GetGenericOpcodeInfo: a newer plugin's larger entry: the caller's header kept, the bytes past the host's struct untouched ok
// CHECK: tour: RegisterPass: a pass at each of the nine hooks (FUNCTION, BASIC_BLOCK at post_legalize) ok
// CHECK: tour: RegisterPass: a pass bound to a target schema digest this host does not have: registered ok
// CHECK: tour: RegisterPass: a NULL descriptor -> INVALID_ARGUMENT ok
// CHECK: tour: RegisterPass: a NULL registrar context -> INVALID_ARGUMENT ok
// CHECK: tour: RegisterPass: a registrar context that is not one -> INVALID_ARGUMENT ok
// CHECK: tour: RegisterPass: a descriptor whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: RegisterPass: a descriptor whose header says 16 bytes -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: Phase neverc.mir.final_verify (sealed, not a hook) -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: Phase neverc.ir.pass.post_opt (an IR phase) -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: a MIR phase ID with low 12 (no such phase) -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: level MODULE (no hook sees the whole module) -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: RegisterPass: level 4 -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: level 0 -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: an empty PassID -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: a PassID view with no data and length 3 -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: no Run callback -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: a reserved byte set -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: one required analysis and no array -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: a required analysis 7 (no such analysis) -> INVALID_DESCRIPTOR ok
// CHECK: tour: RegisterPass: the PassID of the post_isel pass again, at post_isel -> DUPLICATE_ID ok
// CHECK: tour: RegisterPass: the PassID of the post_isel pass again, at final -> DUPLICATE_ID ok
// CHECK: tour: GetJumpTableCount: classify's switch has one jump table ok
// CHECK: tour: GetJumpTable: table 0: 15 destinations (cases 0 to 14), an entry kind of the ABI, not deleted ok
// CHECK: tour: GetJumpTableDestination: every destination is a successor of the block that jumps through the table ok
// CHECK: tour: GetOperandValue: a JUMP_TABLE_INDEX operand names table 0 ok
// CHECK: tour: GetJumpTable: table 1 of 1 -> INVALID_ARGUMENT ok
// CHECK: tour: GetJumpTableDestination: destination 15 of 15 -> INVALID_ARGUMENT ok
// CHECK: tour: GetJumpTableDestination: table 1 of 1 -> INVALID_ARGUMENT ok
// CHECK: tour: GetJumpTableDestination: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetJumpTableCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetJumpTable: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetJumpTable: an info whose header says 8 bytes -> INVALID_ARGUMENT ok
// CHECK: tour: GetJumpTable: an info whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: CreateInstruction: preemit: an INLINEASM 'nop' with side effects first in classify's entry block, committed (the object's classify begins with a nop) ok
// CHECK: tour: MoveBasicBlock: preemit: a block between two barriers to the end of classify (a null InsertBefore appends) ok
// CHECK: tour: MoveBasicBlock: committed: the MachineVerifier accepts it, GetLastBasicBlock reads it back ok
// CHECK: tour: MoveBasicBlock: back before its old next block in a second commit: the layout as before ok
// CHECK: tour: CreateBasicBlock: preemit: a block before classify's second block (staged) ok
// CHECK: tour: AbortMutation: classify's blocks have their numbers again ok
// CHECK: tour: CreateBasicBlock: preemit: a new block appended (null InsertBefore): last, empty, no edges, of this function, numbered after the others ok
// CHECK: tour: CreateBasicBlock: committed: the empty block stays ok
// CHECK: tour: EraseBasicBlock: the new block: still there while staged, its handle STALE_HANDLE ok
// CHECK: tour: EraseBasicBlock: committed: the function as before the new block ok
// CHECK: tour: GetConstantPoolCount: scale's two double constants are in the pool ok
// CHECK: tour: GetConstantPoolEntry: 3.14159 and 0.7123: FLOAT, IEEE double, one 64-bit word with their bits, 8 bytes aligned to 8, not machine-specific ok
// CHECK: tour: GetOperandValue: the load of a constant: a CONSTANT_POOL_INDEX operand and a memory operand loading 8 bytes from the CONSTANT_POOL ok
// CHECK: tour: GetConstantPoolCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetConstantPoolEntry: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetConstantPoolEntry: an entry whose header says 8 bytes -> INVALID_ARGUMENT ok
// CHECK: tour: GetConstantPoolEntry: an entry whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: GetRegisterDefCount: sum at pre_regalloc: a virtual register with two definitions (PHI elimination, two-address) ok
// CHECK: tour: GetMachineProperty: sum at pre_regalloc: IS_SSA clear, NO_PH_IS set ok
// CHECK: tour: SetMachinePropertyWithProof: STRUCTURAL_CHECK claiming IS_SSA (staged: set) ok
// CHECK: tour: CommitMutation: the IS_SSA check fails on the register with two definitions -> VERIFICATION_FAILED ok
// CHECK: tour: CommitMutation: IS_SSA clear again, the function and its generation unchanged ok
// CHECK: tour: NevercMIRPreservedAnalyses: what a pass reports starts as the host's: header, PRESERVE_NONE, no analyses ok
// CHECK: tour: GetBasicBlockCount: work has a loop: at least 3 blocks, one with a successor at or before it in layout ok
// CHECK: tour: CollectBasicBlocks: capacity 2 fills the first 2 blocks and reports the total in OutCount ok
// CHECK: tour: CollectBasicBlocks: capacity 0 and no array: the total in OutCount ok
// CHECK: tour: CollectBasicBlocks: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: CollectBasicBlocks: capacity 4 into a NULL array -> INVALID_ARGUMENT ok
// CHECK: tour: CollectInstructions: capacity 1 fills the entry's first instruction and reports the total ok
// CHECK: tour: CollectInstructions: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: CollectInstructions: capacity 3 into a NULL array -> INVALID_ARGUMENT ok
// CHECK: tour: GetBasicBlockNumber: the entry block is number 0 ok
// CHECK: tour: GetBasicBlockFunction: the entry's function is the invocation's ok
// CHECK: tour: GetPreviousBasicBlock: a walk back from GetLastBasicBlock meets every block and ends at a null handle ok
// CHECK: tour: GetLastInstruction: the entry's last instruction: GetNextInstruction gives a null handle, GetPreviousInstruction leads back to the first ok
// CHECK: tour: GetInstructionCount: the entry's count is the length of its walk ok
// CHECK: tour: GetInstructionInfo: the calls of classify and sum: IsCall, not IsReturn, not IsBranch ok
// CHECK: tour: GetOperandValue: the call of classify: a GLOBAL_ADDRESS operand 'classify' and a REGISTER_MASK view of the call-preserved registers ok
// CHECK: tour: GetInstructionInfo: a call is a target instruction: StableOpcode 0, its TargetOpcode, RequiresTargetSchema ok
// CHECK: tour: GetInstructionInfo: a return: IsReturn, IsTerminator, IsBarrier, not IsCall ok
// CHECK: tour: GetInstructionInfo: a COPY: StableOpcode COPY, TargetOpcode LLVM 22's COPY (20), a pseudo, no RequiresTargetSchema ok
// CHECK: tour: GetInstructionInfo: the marker asm statement: IsInlineAssembly, StableOpcode INLINEASM, not a call ok
// CHECK: tour: GetOperandValue: the marker's operands: the EXTERNAL_SYMBOL of its empty asm string, the IMMEDIATE extra info with the side-effect bit, its 'i' operand the IMMEDIATE 0x7004 ok
// CHECK: tour: GetOperandInstruction: the marker's operand 1 names the marker ok
// CHECK: tour: GetFunctionLiveInCount: work's argument n: one function live-in ok
// CHECK: tour: GetFunctionLiveIn: a physical register paired with the virtual register it is copied into ok
// CHECK: tour: GetRegisterInfo: the live-in's physical register: IsPhysical, RequiresTargetSchema, assignment NONE ok
// CHECK: tour: GetRegisterInfo: its virtual register: not physical, a register CLASS (a target class ID, RequiresTargetSchema) or a GENERIC type ok
// CHECK: tour: GetRegisterDef: its one def is operand 0 of a COPY from the physical register ok
// CHECK: tour: GetRegisterUseCount: its uses: as many as a walk of every operand finds, each a use of it ok
// CHECK: tour: GetFunctionLiveIn: index 1 of 1 -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterDef: index GetRegisterDefCount -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterUse: index GetRegisterUseCount -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterInfo: register 0 -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterInfo: virtual register 0x80ffffff (no such index) -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterInfo: physical register 0x7fffffff (past the target's registers) -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterDefCount: register 0 -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterUseCount: virtual register 0x80ffffff -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterDef: register 0 -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterUse: physical register 0x7fffffff -> INVALID_ARGUMENT ok
// CHECK: tour: GetLiveIn: the entry block's live-ins hold n's physical register ok
// CHECK: tour: GetFrameObject: work's buf[16]: a 64-byte stack object, not fixed, no spill slot, aligned to at least 4 ok
// CHECK: tour: GetOperandValue: a FRAME_INDEX operand names buf ok
// CHECK: tour: GetMemoryOperandInfo: a store of buf[i]: STORE, not LOAD, 4 bytes aligned to 4, not atomic ok
// CHECK: tour: GetMemoryOperandInfo: its pointer: the IR value of buf or a stack slot ok
// CHECK: tour: GetInstructionMemoryOperand: index MemoryOperandCount -> INVALID_ARGUMENT ok
// CHECK: tour: GetInstructionMemoryOperand: NULL out pointer -> INVALID_ARGUMENT ok
// NOG: tour: GetInstructionDebugLocation: without -g: no line, empty file and directory views ok
// G: tour: GetInstructionDebugLocation: with -g: the marker of work is at a line and column of tour.c ok
// CHECK: tour: GetMachineProperty: post_isel: IS_SSA set, NO_V_REGS and FAILED_I_SEL clear ok
// CHECK: tour: GetMachineProperty: property 0x5400000c -> INVALID_ARGUMENT ok
// CHECK: tour: GetMachineProperty: LLVM's IsSSA value 0 instead of the ID -> INVALID_ARGUMENT ok
// CHECK: tour: GetMachineProperty: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetMachineFunctionGeneration: 0 before the first commit ok
// CHECK: tour: NevercMIRPassInvocation: Task is the translation unit's task (TaskBegin kind TRANSLATION_UNIT) ok
// CHECK: tour: GetBasicBlockCount: a null task handle -> WRONG_TYPE ok
// CHECK: tour: GetBasicBlockCount: the invocation task (TaskBegin kind INVOCATION), alive but not the compile's -> WRONG_SCOPE ok
// CHECK: tour: GetBasicBlockCount: the session handle as the task -> WRONG_TYPE ok
// CHECK: tour: GetBasicBlockCount: the function handle as the task -> WRONG_TYPE ok
// CHECK: tour: GetBasicBlockCount: a forged task handle (another generation) -> STALE_HANDLE ok
// CHECK: tour: BeginMutation: the invocation task -> WRONG_SCOPE ok
// CHECK: tour: GetBasicBlockCount: a block as the function -> WRONG_TYPE ok
// CHECK: tour: GetBasicBlockCount: a null function handle -> WRONG_TYPE ok
// CHECK: tour: GetNextBasicBlock: an instruction as the block -> WRONG_TYPE ok
// CHECK: tour: GetInstructionCount: the function as the block -> WRONG_TYPE ok
// CHECK: tour: GetInstructionInfo: a block as the instruction -> WRONG_TYPE ok
// CHECK: tour: GetInstructionOperand: an operand as the instruction -> WRONG_TYPE ok
// CHECK: tour: GetOperandValue: an instruction as the operand -> WRONG_TYPE ok
// CHECK: tour: GetOperandInstruction: a memory operand as the operand -> WRONG_TYPE ok
// CHECK: tour: GetMemoryOperandInfo: an operand as the memory operand -> WRONG_TYPE ok
// CHECK: tour: GetJumpTable: a block as the function -> WRONG_TYPE ok
// CHECK: tour: CommitMutation: the function as the mutation -> WRONG_TYPE ok
// CHECK: tour: GetNextBasicBlock: a forged block handle (another generation) -> STALE_HANDLE ok
// CHECK: tour: GetInstructionInfo: a forged instruction handle (a slot never handed out) -> STALE_HANDLE ok
// CHECK: tour: GetMachineFunctionGeneration: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetBasicBlockCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetFirstBasicBlock: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetLastBasicBlock: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetNextBasicBlock: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetPreviousBasicBlock: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetBasicBlockNumber: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetBasicBlockFunction: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetInstructionCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetFirstInstruction: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetLastInstruction: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetNextInstruction: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetPreviousInstruction: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetInstructionInfo: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetInstructionBasicBlock: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetInstructionDebugLocation: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetInstructionOperand: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetOperandValue: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetOperandInstruction: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetSuccessorCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetSuccessor: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetPredecessorCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetPredecessor: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetLiveInCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetLiveIn: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterInfo: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterDefCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterDef: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterUseCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterUse: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetFunctionLiveInCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetFunctionLiveIn: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetFrameObjectCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetFrameObject: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetFrameObjectByIndex: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetCalleeSavedCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetCalleeSaved: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetMemoryOperandInfo: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: BeginMutation: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: GetInstructionInfo: an info whose header says 8 bytes -> INVALID_ARGUMENT ok
// CHECK: tour: GetInstructionInfo: an info whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: GetInstructionDebugLocation: a location whose header is 8 bytes short -> INVALID_ARGUMENT ok
// CHECK: tour: GetInstructionDebugLocation: a location whose header names major 0 -> ABI_MISMATCH ok
// CHECK: tour: GetOperandValue: a value whose header says 16 bytes -> INVALID_ARGUMENT ok
// CHECK: tour: GetOperandValue: a value whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: GetRegisterInfo: a zero-filled info (no header) -> INVALID_ARGUMENT ok
// CHECK: tour: GetRegisterInfo: an info whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: GetFrameObject: an info whose header says 8 bytes -> INVALID_ARGUMENT ok
// CHECK: tour: GetFrameObjectByIndex: an info whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: GetMemoryOperandInfo: an info whose header is 8 bytes short -> INVALID_ARGUMENT ok
// CHECK: tour: GetMemoryOperandInfo: an info whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: GetInstructionInfo: a newer plugin's larger info: header kept, bytes past the host's struct untouched ok
// CHECK: tour: GetSuccessor: index GetSuccessorCount -> INVALID_ARGUMENT ok
// CHECK: tour: GetPredecessor: the entry's predecessor 0 (it has none) -> INVALID_ARGUMENT ok
// CHECK: tour: GetLiveIn: index GetLiveInCount -> INVALID_ARGUMENT ok
// CHECK: tour: GetInstructionOperand: index OperandCount -> INVALID_ARGUMENT ok
// CHECK: tour: GetFrameObject: ordinal GetFrameObjectCount -> INVALID_ARGUMENT ok
// CHECK: tour: GetFrameObjectByIndex: frame index 100000 -> INVALID_ARGUMENT ok
// CHECK: tour: GetFrameObjectByIndex: frame index -100000 (below the fixed objects) -> INVALID_ARGUMENT ok
// CHECK: tour: GetCalleeSaved: entry 0 before prologue/epilogue insertion computed any -> INVALID_ARGUMENT ok
// CHECK: tour: GetCalleeSavedCount: 0 before prologue/epilogue insertion ok
// CHECK: tour: RegisterPass: from a running pass, outside Register -> INVALID_STATE ok
// CHECK: tour: BeginMutation: a block as the function -> WRONG_TYPE ok
// CHECK: tour: BeginMutation: a null function handle -> WRONG_TYPE ok
// CHECK: tour: BeginMutation: a mutation of the invocation's function ok
// CHECK: tour: BeginMutation: a second one while it is open -> INVALID_STATE ok
// CHECK: tour: EndMutation: before commit or abort -> INVALID_STATE ok
// CHECK: tour: SetInstructionFlags: the function handle as the mutation -> WRONG_TYPE ok
// CHECK: tour: SetInstructionFlags: a null mutation handle -> WRONG_TYPE ok
// CHECK: tour: SetInstructionFlags: a block as the instruction -> WRONG_TYPE ok
// CHECK: tour: CommitMutation: nothing staged: OK, the generation does not move ok
// CHECK: tour: CommitMutation: a second commit -> INVALID_STATE ok
// CHECK: tour: AbortMutation: after the commit -> INVALID_STATE ok
// CHECK: tour: SetInstructionFlags: a staged slot on the committed mutation -> INVALID_STATE ok
// CHECK: tour: CreateBasicBlock: a staged slot on the committed mutation -> INVALID_STATE ok
// CHECK: tour: CreateJumpTable: a staged slot on the committed mutation (one this build refuses anyway) -> INVALID_STATE ok
// CHECK: tour: EndMutation: after the commit: OK ok
// CHECK: tour: EndMutation: a second time (the handle is released) -> STALE_HANDLE ok
// CHECK: tour: CommitMutation: an ended mutation -> STALE_HANDLE ok
// CHECK: tour: SetInstructionFlags: a staged slot on an ended mutation -> STALE_HANDLE ok
// CHECK: tour: BeginMutation: another one once the first ended ok
// CHECK: tour: AbortMutation: nothing staged: OK, the generation does not move ok
// CHECK: tour: AbortMutation: a second abort -> INVALID_STATE ok
// CHECK: tour: CommitMutation: after the abort -> INVALID_STATE ok
// CHECK: tour: SetOperandValue: a staged slot on the aborted mutation -> INVALID_STATE ok
// CHECK: tour: AbortMutation: the function as the mutation -> WRONG_TYPE ok
// CHECK: tour: EndMutation: a block as the mutation -> WRONG_TYPE ok
// CHECK: tour: EndMutation: after the abort: OK ok
// CHECK: tour: SetInstructionFlags: bit 18, past the schema's flags -> INVALID_ARGUMENT ok
// CHECK: tour: SetInstructionFlags: bit 63 -> INVALID_ARGUMENT ok
// CHECK: tour: SetInstructionFlags: NO_MERGE and FM_NSZ on the marker, committed: GetInstructionInfo reads them back, the generation moves ok
// CHECK: tour: SetInstructionFlags: the old flags back in a second commit ok
// CHECK: tour: SetOperandValue: the marker's 'i' operand (its last IMMEDIATE) to 0x7104, committed and read back ok
// CHECK: tour: SetOperandValue: back to 0x7004 in a second commit ok
// CHECK: tour: SetOperandValue: the call's GLOBAL_ADDRESS set to 'classify' by name (the same callee), committed ok
// CHECK: tour: CreateVirtualRegister: CLASS of n's register: a new virtual number (bit 31), CLASS with that class ID, no defs or uses ok
// CHECK: tour: CreateVirtualRegister: GENERIC s32 and p0: GetRegisterInfo answers GENERIC with the low-level types ok
// CHECK: tour: CreateVirtualRegister: CLASS 100000 (no such class) -> INVALID_ARGUMENT ok
// CHECK: tour: CreateVirtualRegister: GENERIC with an INVALID type -> INVALID_ARGUMENT ok
// CHECK: tour: CreateVirtualRegister: assignment NONE -> INVALID_ARGUMENT ok
// CHECK: tour: CreateVirtualRegister: a NULL descriptor -> INVALID_ARGUMENT ok
// CHECK: tour: CreateVirtualRegister: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: CreateVirtualRegister: a descriptor whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: CreateVirtualRegister: a descriptor whose header says 8 bytes -> INVALID_ARGUMENT ok
// CHECK: tour: CommitMutation: a commit that created virtual registers: OK, they stay ok
// CHECK: tour: GetMachineFunctionGeneration: moves with a commit that created virtual registers (it changed the function) ok
// CHECK: tour: ReplaceRegister: a register defined once and used: every def and use moves to a new register of its class ok
// CHECK: tour: ReplaceRegister: a register by itself -> INVALID_ARGUMENT ok
// CHECK: tour: ReplaceRegister: register 0 -> INVALID_ARGUMENT ok
// CHECK: tour: ReplaceRegister: to virtual register 0x80ffffff (no such index) -> INVALID_ARGUMENT ok
// CHECK: tour: ReplaceRegister: committed: the MachineVerifier accepts it, the new register keeps every def and use ok
// CHECK: tour: SetMachinePropertyWithProof: INVALIDATION with Value true -> INVALID_ARGUMENT ok
// CHECK: tour: SetMachinePropertyWithProof: proof kind 3 -> INVALID_ARGUMENT ok
// CHECK: tour: SetMachinePropertyWithProof: property 0x54000099 -> INVALID_ARGUMENT ok
// CHECK: tour: SetMachinePropertyWithProof: a NULL proof -> INVALID_ARGUMENT ok
// CHECK: tour: SetMachinePropertyWithProof: a proof whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: SetMachinePropertyWithProof: a proof whose header says 8 bytes -> INVALID_ARGUMENT ok
// CHECK: tour: SetMachinePropertyWithProof: INVALIDATION of IS_SSA (Value false), committed: GetMachineProperty reads it clear ok
// CHECK: tour: SetMachinePropertyWithProof: STRUCTURAL_CHECK of IS_SSA on a function in SSA form: the check passes, committed, set again ok
// CHECK: tour: CreateInstruction: an INLINEASM before the marker: no operands yet, in the marker's block, right before it ok
// CHECK: tour: AppendOperand: the EXTERNAL_SYMBOL 'nop' and the IMMEDIATE 1 (has side effects): operands 0 and 1 of the new instruction ok
// CHECK: tour: CommitMutation: the new INLINEASM committed: the MachineVerifier accepts it, it stays ok
// CHECK: tour: EraseInstruction: the INLINEASM made before: gone from the block, its handle STALE_HANDLE ok
// CHECK: tour: EraseInstruction: the erased instruction again -> STALE_HANDLE ok
// CHECK: tour: CommitMutation: the erase committed: the function is as before the INLINEASM ok
// CHECK: tour: MoveInstruction: the marker before its block's first terminator (or to its end) ok
// CHECK: tour: MoveInstruction: before itself -> INVALID_ARGUMENT ok
// CHECK: tour: MoveInstruction: before an instruction of another block -> INVALID_ARGUMENT ok
// CHECK: tour: MoveInstruction: a block as the instruction -> WRONG_TYPE ok
// CHECK: tour: MoveInstruction: committed, read back in place ok
// CHECK: tour: MoveInstruction: back before its old next instruction in a second commit: the function as before ok
// CHECK: tour: AddCFGEdge: from the last block to a block it does not reach, probability 1/4: a new last successor, a new predecessor ok
// CHECK: tour: AddCFGEdge: the same edge again -> INVALID_ARGUMENT ok
// CHECK: tour: AddCFGEdge: probability 5/4 -> INVALID_ARGUMENT ok
// CHECK: tour: AddCFGEdge: probability 1/0 -> INVALID_ARGUMENT ok
// CHECK: tour: AddCFGEdge: an instruction as the target -> WRONG_TYPE ok
// CHECK: tour: RemoveCFGEdge: the edge just added: the counts are back ok
// CHECK: tour: RemoveCFGEdge: an edge that is not there -> INVALID_ARGUMENT ok
// CHECK: tour: CommitMutation: AddCFGEdge then RemoveCFGEdge committed: the CFG as before ok
// CHECK: tour: CreateInstruction: a COPY with no operands at the top of the entry block (staged) ok
// CHECK: tour: CommitMutation: the MachineVerifier refuses the COPY without operands -> VERIFICATION_FAILED ok
// CHECK: tour: CommitMutation: after the refused commit the function is unchanged (fingerprint) and the generation did not move ok
// CHECK: tour: GetInstructionInfo: the COPY the refused commit rolled back -> STALE_HANDLE ok
// CHECK: tour: CommitMutation: again, after the refusal -> INVALID_STATE ok
// CHECK: tour: AbortMutation: after the refusal -> INVALID_STATE ok
// CHECK: tour: EndMutation: after the refusal: OK ok
// CHECK: tour: CommitMutation: an edge from the entry that no branch takes -> VERIFICATION_FAILED ok
// CHECK: tour: CommitMutation: the edge is gone again, the function unchanged ok
// CHECK: tour: SetMachinePropertyWithProof: STRUCTURAL_CHECK claiming NO_V_REGS before register allocation (staged: set) ok
// CHECK: tour: CommitMutation: the claim's check fails (virtual registers are used) -> VERIFICATION_FAILED ok
// CHECK: tour: CommitMutation: NO_V_REGS clear again, the function unchanged ok
// CHECK: tour: CommitMutation: a generic G_IMPLICIT_DEF of an s32 register after instruction selection (a generic opcode where the target's is required) -> VERIFICATION_FAILED ok
// CHECK: tour: CommitMutation: the function is as before the generic instruction ok
// CHECK: tour: AbortMutation: 20 edits staged in one mutation, each visible before the abort ok
// CHECK: tour: AbortMutation: restores the function exactly: blocks, order, instructions, operands, flags, edges with their probabilities and order, live-ins, properties ok
// CHECK: tour: AbortMutation: every block has its number again (CreateBasicBlock renumbered them) ok
// CHECK: tour: AbortMutation: the generation did not move; the block and instruction the mutation made are STALE_HANDLE ok
// CHECK: tour: AbortMutation: the stack object the mutation made is gone or DEAD ok
// CHECK: tour: EndMutation: after the abort: OK ok
// CHECK: tour: AddCFGEdge: probability 0/0 (none given) from a block whose edges have probabilities: the edge is there, the other edges keep theirs ok
// CHECK: tour: AbortMutation: AddCFGEdge 0/0 from a block with probabilities, aborted: its probabilities are back ok
// CHECK: tour: SetOperandValue: a NULL value -> INVALID_ARGUMENT ok
// CHECK: tour: SetOperandValue: a value whose header says 8 bytes -> INVALID_ARGUMENT ok
// CHECK: tour: SetOperandValue: a value whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: SetOperandValue: operand kind 0x52000099 -> INVALID_ARGUMENT ok
// CHECK: tour: SetOperandValue: LLVM's MO_Immediate value 1 as the kind -> INVALID_ARGUMENT ok
// CHECK: tour: SetOperandValue: METADATA (a plugin cannot name metadata) -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: AppendOperand: a REGISTER_MASK -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: SetOperandValue: an FP_IMMEDIATE -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: SetOperandValue: REGISTER 0 -> INVALID_ARGUMENT ok
// CHECK: tour: SetOperandValue: a virtual register marked IsPhysical -> INVALID_ARGUMENT ok
// CHECK: tour: SetOperandValue: register flag bit 9 -> INVALID_ARGUMENT ok
// CHECK: tour: SetOperandValue: FRAME_INDEX 100000 -> INVALID_ARGUMENT ok
// CHECK: tour: SetOperandValue: JUMP_TABLE_INDEX 0 in a function without jump tables -> INVALID_ARGUMENT ok
// CHECK: tour: SetOperandValue: CONSTANT_POOL_INDEX 7 (past the pool) -> INVALID_ARGUMENT ok
// CHECK: tour: SetOperandValue: GLOBAL_ADDRESS of a name the module does not have -> INVALID_ARGUMENT ok
// CHECK: tour: AppendOperand: an EXTERNAL_SYMBOL with an empty name -> INVALID_ARGUMENT ok
// CHECK: tour: AppendOperand: a MACHINE_BASIC_BLOCK naming an instruction -> WRONG_TYPE ok
// CHECK: tour: SetOperandValue: an instruction as the operand -> WRONG_TYPE ok
// CHECK: tour: AppendOperand: an operand as the instruction -> WRONG_TYPE ok
// CHECK: tour: AppendOperand: a NULL value -> INVALID_ARGUMENT ok
// CHECK: tour: CreateInstruction: generic opcode 0x53009999 -> INVALID_ARGUMENT ok
// CHECK: tour: CreateInstruction: LLVM's COPY number 20 as the stable opcode -> INVALID_ARGUMENT ok
// CHECK: tour: CreateInstruction: a target opcode without RequiresTargetSchema -> INVALID_ARGUMENT ok
// CHECK: tour: CreateInstruction: target opcode 0xffffff (past the target's) -> INVALID_ARGUMENT ok
// CHECK: tour: CreateInstruction: InsertBefore an instruction of another block -> INVALID_ARGUMENT ok
// CHECK: tour: CreateInstruction: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: CreateInstruction: an instruction as the block -> WRONG_TYPE ok
// CHECK: tour: CreateBasicBlock: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: CreateBasicBlock: an instruction as InsertBefore -> WRONG_TYPE ok
// CHECK: tour: EraseBasicBlock: the entry block -> INVALID_ARGUMENT ok
// CHECK: tour: EraseBasicBlock: a block with predecessors -> INVALID_ARGUMENT ok
// CHECK: tour: MoveBasicBlock: before itself -> INVALID_ARGUMENT ok
// CHECK: tour: EraseInstruction: a block as the instruction -> WRONG_TYPE ok
// CHECK: tour: AddBasicBlockLiveIn: virtual register n -> INVALID_ARGUMENT ok
// CHECK: tour: AddBasicBlockLiveIn: register 0 -> INVALID_ARGUMENT ok
// CHECK: tour: AddBasicBlockLiveIn: n's physical register, already live into the entry -> INVALID_ARGUMENT ok
// CHECK: tour: RemoveBasicBlockLiveIn: a register not live into the block -> INVALID_ARGUMENT ok
// CHECK: tour: RemoveBasicBlockLiveIn: a block handle of the wrong kind (an instruction) -> WRONG_TYPE ok
// CHECK: tour: AbortMutation: after the refused edits the function is unchanged ok
// CHECK: tour: SetVirtualRegisterAssignment: a new GENERIC s32 register to s64: GetRegisterInfo reads GENERIC s64 ok
// CHECK: tour: SetVirtualRegisterAssignment: then to n's register class: CLASS with that class ID ok
// CHECK: tour: SetVirtualRegisterAssignment: a physical register -> INVALID_ARGUMENT ok
// CHECK: tour: SetVirtualRegisterAssignment: register 0 -> INVALID_ARGUMENT ok
// CHECK: tour: SetVirtualRegisterAssignment: CLASS 100000 -> INVALID_ARGUMENT ok
// CHECK: tour: SetVirtualRegisterAssignment: BANK 100000 -> INVALID_ARGUMENT ok
// CHECK: tour: SetVirtualRegisterAssignment: GENERIC with a vector of 0-bit elements -> INVALID_ARGUMENT ok
// CHECK: tour: SetVirtualRegisterAssignment: a NULL descriptor -> INVALID_ARGUMENT ok
// CHECK: tour: SetVirtualRegisterAssignment: a descriptor whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: SetVirtualRegisterAssignment: committed: the register keeps n's class ok
// CHECK: tour: SetVirtualRegisterAssignment: n's register (a class, no type) given the type s32: read back with the type ok
// CHECK: tour: AbortMutation: n's register as it was: its class and no type ok
// CHECK: tour: CreateMemoryOperand: from the store's own description: GetMemoryOperandInfo reads the same flags, size, alignment, pointer and metadata ok
// CHECK: tour: AddInstructionMemoryOperand: attached to the store: one more memory operand, the new one last ok
// CHECK: tour: RemoveInstructionMemoryOperand: the one just attached: the count is back ok
// CHECK: tour: RemoveInstructionMemoryOperand: index MemoryOperandCount -> INVALID_ARGUMENT ok
// CHECK: tour: AddInstructionMemoryOperand: an operand handle as the memory operand -> WRONG_TYPE ok
// CHECK: tour: CreateMemoryOperand: a NULL descriptor -> INVALID_ARGUMENT ok
// CHECK: tour: CreateMemoryOperand: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: CreateMemoryOperand: neither LOAD nor STORE -> INVALID_ARGUMENT ok
// CHECK: tour: CreateMemoryOperand: base alignment 3 -> INVALID_ARGUMENT ok
// CHECK: tour: CreateMemoryOperand: ordering 7 -> INVALID_ARGUMENT ok
// CHECK: tour: CreateMemoryOperand: a TARGET_CUSTOM pointer -> INVALID_ARGUMENT ok
// CHECK: tour: CreateMemoryOperand: a descriptor whose header names major 2 -> ABI_MISMATCH ok
// CHECK: tour: CreateMemoryOperand: an IR_VALUE pointer naming an instruction handle -> WRONG_TYPE ok
// CHECK: tour: CommitMutation: attach then detach committed: the store's memory operands as before ok
// CHECK: tour: AddFunctionLiveIn: n's pair again (LLVM 22 cannot remove a function live-in) -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: RemoveFunctionLiveIn: n's physical register (the same) -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: CreateVariableSizedStackObject: aligned to 16 (the frame cannot forget it has one) -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: CreateConstantPoolEntry: the double 1.5 (no entry can be removed again) -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: RemoveConstantPoolEntry: entry 0 (the same) -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: CreateJumpTable: two destinations (a removed table cannot be refilled) -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: RemoveJumpTable: table 0 (the same) -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: CommitMutation: after the seven refused edits: nothing staged, committed, the function unchanged ok
// CHECK: tour: GetBasicBlockCount: work's function handle from its post_isel invocation, now at pre_scheduler -> STALE_HANDLE ok
// CHECK: tour: GetNextBasicBlock: a block handle from an earlier invocation -> STALE_HANDLE ok
// CHECK: tour: GetInstructionInfo: an instruction handle from an earlier invocation -> STALE_HANDLE ok
// CHECK: tour: GetPreviousInstruction: an instruction handle from an earlier invocation -> STALE_HANDLE ok
// CHECK: tour: GetOperandValue: an operand handle from an earlier invocation -> STALE_HANDLE ok
// CHECK: tour: GetMemoryOperandInfo: a memory operand handle from an earlier invocation -> STALE_HANDLE ok
// CHECK: tour: BeginMutation: a function handle from an earlier invocation -> STALE_HANDLE ok
// CHECK: tour: CommitMutation: a mutation handle from an earlier invocation -> STALE_HANDLE ok
// CHECK: tour: AbortMutation: a mutation handle from an earlier invocation -> STALE_HANDLE ok
// CHECK: tour: EndMutation: a mutation handle from an earlier invocation -> STALE_HANDLE ok
// CHECK: tour: SetInstructionFlags: a mutation and an instruction from an earlier invocation -> STALE_HANDLE ok
// CHECK: tour: GetRegisterInfo: virtual register 0x80000000 after register allocation -> INVALID_ARGUMENT ok
// CHECK: tour: GetMachineProperty: post_regalloc: NO_V_REGS and TRACKS_LIVENESS set ok
// CHECK: tour: GetLiveIn: post_regalloc: the entry's live-ins are physical registers with lane masks ok
// CHECK: tour: RemoveBasicBlockLiveIn: the entry's first live-in: gone while staged ok
// CHECK: tour: AddBasicBlockLiveIn: the same register and lane mask back ok
// CHECK: tour: CommitMutation: RemoveBasicBlockLiveIn then AddBasicBlockLiveIn committed: the live-ins as before ok
// CHECK: tour: SetMachinePropertyWithProof: STRUCTURAL_CHECK of NO_V_REGS after register allocation: the check passes, committed ok
// CHECK: tour: SetMachinePropertyWithProof: INVALIDATION of IS_SSA, already clear: committed, still clear ok
// CHECK: tour: GetCalleeSavedCount: work saves the register its asm statement clobbers: at least one entry ok
// CHECK: tour: GetCalleeSaved: each: a physical register saved in a fixed or spill-slot frame object ok
// CHECK: tour: SetCalleeSaved: the list it has, committed: read back entry by entry ok
// CHECK: tour: SetCalleeSaved: an empty list: GetCalleeSavedCount reads 0 while staged ok
// CHECK: tour: SetCalleeSaved: register 0 -> INVALID_ARGUMENT ok
// CHECK: tour: SetCalleeSaved: frame index 100000 -> INVALID_ARGUMENT ok
// CHECK: tour: SetCalleeSaved: a reserved byte set -> INVALID_ARGUMENT ok
// CHECK: tour: SetCalleeSaved: count 1 and no array -> INVALID_ARGUMENT ok
// CHECK: tour: AbortMutation: the callee-saved list is back ok
// CHECK: tour: GetFrameObject: post_prolog_epilog: buf has its offset in the frame (below the incoming stack pointer) ok
// CHECK: tour: CreateStackObject: 24 bytes aligned to 8: a new frame index past the others, read back ok
// CHECK: tour: CreateFixedStackObject: 8 bytes at offset 16, immutable: a new negative frame index, FIXED and IMMUTABLE ok
// CHECK: tour: CreateStackObject: size 0 -> INVALID_ARGUMENT ok
// CHECK: tour: CreateStackObject: alignment 3 -> INVALID_ARGUMENT ok
// CHECK: tour: CreateStackObject: alignment 0 -> INVALID_ARGUMENT ok
// CHECK: tour: CreateStackObject: stack ID 256 -> INVALID_ARGUMENT ok
// CHECK: tour: CreateStackObject: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: CreateFixedStackObject: size 0 -> INVALID_ARGUMENT ok
// CHECK: tour: CreateFixedStackObject: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK: tour: CreateStackObject: both committed: the objects stay, the generation moves ok
// CHECK: tour: SetFrameObjectSize: buf to 128 bytes: read back while staged ok
// CHECK: tour: SetFrameObjectSize: size 0 -> INVALID_ARGUMENT ok
// CHECK: tour: SetFrameObjectSize: frame index 100000 -> INVALID_ARGUMENT ok
// CHECK: tour: SetFrameObjectAlignment: buf to 4 (within the frame's maximum): read back while staged ok
// CHECK: tour: SetFrameObjectAlignment: alignment 3 -> INVALID_ARGUMENT ok
// CHECK: tour: SetFrameObjectAlignment: alignment 65536, above the frame's maximum (LLVM 22 cannot lower it again) -> CAPABILITY_UNAVAILABLE ok
// CHECK: tour: SetFrameObjectOffset: buf 16 bytes lower: read back while staged ok
// CHECK: tour: SetFrameObjectOffset: frame index -100000 -> INVALID_ARGUMENT ok
// CHECK: tour: AbortMutation: buf's size, alignment and offset as they were ok
// CHECK: tour: SetFrameObjectSize: buf to 128 bytes, committed ok
// CHECK: tour: SetFrameObjectSize: back to 64 in a second commit ok
// CHECK: tour: CreateStackObject: a spill slot: SPILL_SLOT while staged ok
// CHECK: tour: AbortMutation: the spill slot the aborted mutation made is gone or DEAD ok
// CHECK: tour: NevercPhaseFrame: an observer of preemit runs in the compile's task ok
// CHECK: tour: GetSchemaDigest: from an observer ok
// CHECK: tour: GetBasicBlockCount: from an observer, with the frame's task and a function handle of an earlier pass -> STALE_HANDLE ok
// CHECK: tour: BeginMutation: from an observer (the only function handle it can have is an earlier pass's) -> POLICY_VIOLATION ok
// CHECK: tour: SetInstructionFlags: from an observer -> POLICY_VIOLATION ok
// CHECK: tour: CreateBasicBlock: from an observer -> POLICY_VIOLATION ok
// CHECK: tour: RemoveJumpTable: from an observer (a staged edit this build refuses anyway) -> POLICY_VIOLATION ok
// CHECK: tour: GetBasicBlockCount: from an observer, a null task -> WRONG_TYPE ok
// CHECK: tour: GetOperandValue: main calls printf: a call with the GLOBAL_ADDRESS 'printf' ok
// CHECK: tour: GetMemoryOperandInfo: the seq_cst store to counter: SuccessOrdering SEQUENTIALLY_CONSISTENT (LLVM's 7 is the ABI's 6), 4 bytes ok
// CHECK: tour: GetMemoryOperandInfo: the acquire load of counter: LOAD, SuccessOrdering ACQUIRE (LLVM's 4 is the ABI's 3) ok
// CHECK: tour: GetMemoryOperandInfo: the store to volatile sink: STORE and VOLATILE ok
// CHECK: tour: RegisterPass: the passes ran on each of the five marked functions at each of the nine hooks ok
// CHECK: tour: RegisterPass: the pass bound to another target schema digest never ran ok
// CHECK: tour: tour: the sections on work, the observer and the stale handles all ran ok
// CHECK: tour: GetFirstInstruction: final: classify's entry still begins with the INLINEASM 'nop' made at preemit ok
// CHECK: tour: GetMachineFunctionGeneration: final: classify's generation is its 5 commits at preemit ok
// CHECK: tour: NevercMIRPassInvocation: header, task, phase, pass ID, FUNCTION level, Function set, no BasicBlock, Core is the negotiated table ok
// CHECK: tour: GetBasicBlockCount: equals the length of the GetFirstBasicBlock/GetNextBasicBlock walk ok
// CHECK: tour: CollectBasicBlocks: fills the blocks of the walk, in order ok
// CHECK: tour: GetPreviousBasicBlock: inverse of GetNextBasicBlock; GetLastBasicBlock ends the walk; null past both ends ok
// CHECK: tour: GetBasicBlockFunction: every block's function is the invocation's ok
// CHECK: tour: GetBasicBlockNumber: block numbers are distinct and not negative ok
// CHECK: tour: GetInstructionCount: equals the length of the GetFirstInstruction/GetNextInstruction walk ok
// CHECK: tour: CollectInstructions: fills the instructions of the walk, in order ok
// CHECK: tour: GetPreviousInstruction: inverse of GetNextInstruction; GetLastInstruction ends the walk ok
// CHECK: tour: GetInstructionBasicBlock: every instruction's block is the block walked ok
// CHECK: tour: GetInstructionInfo: answers for every instruction with only the 18 schema flag bits; a return is a terminator ok
// CHECK: tour: GetGenericOpcodeInfo: a generic StableOpcode maps to the instruction's opcode; StableOpcode 0 sets RequiresTargetSchema ok
// CHECK: tour: GetInstructionOperand: OperandCount operands, index OperandCount -> INVALID_ARGUMENT ok
// CHECK: tour: GetOperandValue: answers for every operand with a schema operand kind ok
// CHECK: tour: GetOperandInstruction: an operand's instruction is the one it was read from ok
// CHECK: tour: GetOperandKindInfo: every operand's kind is in the schema ok
// CHECK: tour: GetOperandValue: REGISTER: virtual numbers have bit 31 and IsPhysical clear, physical ones RequiresTargetSchema ok
// CHECK: tour: GetRegisterInfo: every register operand's register: virtual ones CLASS or GENERIC, physical ones NONE ok
// CHECK: tour: GetRegisterDef: every register def operand is in its register's def list ok
// CHECK: tour: GetRegisterUse: every register use operand is in its register's use list ok
// CHECK: tour: GetRegisterDefCount: def and use lists hold operands of their register (defs with DEF, uses without); index count -> INVALID_ARGUMENT ok
// CHECK: tour: GetOperandValue: MACHINE_BASIC_BLOCK operands name blocks of the function ok
// CHECK: tour: GetSuccessor: every block operand of a branch is a successor of its block ok
// CHECK: tour: GetOperandValue: FRAME_INDEX, CONSTANT_POOL_INDEX and JUMP_TABLE_INDEX operands name existing entries ok
// CHECK: tour: GetOperandValue: GLOBAL_ADDRESS and EXTERNAL_SYMBOL operands carry a symbol view ok
// CHECK: tour: GetOperandValue: REGISTER_MASK operands carry the target's mask words ok
// CHECK: tour: GetPredecessor: every successor of a block has it among its predecessors ok
// CHECK: tour: GetSuccessor: every predecessor of a block has it among its successors ok
// CHECK: tour: GetSuccessor: a block's successor probabilities sum to their common denominator (or are all unknown, 0/0) ok
// CHECK: tour: GetSuccessor: index GetSuccessorCount / GetPredecessorCount -> INVALID_ARGUMENT ok
// CHECK: tour: GetLiveIn: block live-ins are physical registers; index GetLiveInCount -> INVALID_ARGUMENT ok
// CHECK: tour: GetMemoryOperandInfo: every memory operand: LOAD or STORE, a power-of-two alignment within the base one, a pointer kind of the ABI, a FIXED_STACK pointer names a frame object ok
// CHECK: tour: GetFrameObject: ordinals walk the frame indexes up from the lowest; GetFrameObjectByIndex agrees; FIXED iff negative ok
// CHECK: tour: GetCalleeSaved: entries are physical registers saved in a frame object or a register; index count -> INVALID_ARGUMENT ok
// CHECK: tour: GetConstantPoolEntry: entries answer with their index, a known kind, a power-of-two alignment ok
// CHECK: tour: GetJumpTable: tables answer with their index and an entry kind of the ABI; destinations are blocks of the function ok
// CHECK: tour: GetInstructionDebugLocation: answers for every instruction; a line comes with a file name ok
// CHECK: tour: GetMachineProperty: all 11 properties read, as the hook implies (IS_SSA at post_isel, NO_V_REGS after register allocation, ...) ok
// CHECK: tour: GetMachineFunctionGeneration: counts exactly the commits that changed the function ok
// CHECK: tour: NevercMIRPassInvocation: BASIC_BLOCK level: Function and BasicBlock set, the block is the function's ok
// CHECK: tour: RegisterPass: a BASIC_BLOCK pass runs once per block of each function ok
// CHECK: tour: summary: {{[0-9]+}} checks, 0 failed

int printf(const char *, ...);

#if defined(__x86_64__)
#define CLOBBER "rbx"
#else
#define CLOBBER "x19"
#endif
#define MARK(n) __asm__ volatile("" ::"i"(0x7000 + (n)))

volatile int sink;
int counter;

__attribute__((noinline)) int classify(int k, int a) {
  MARK(1);
  switch (k) {
  case 0: return a + 11;
  case 1: return a * 23;
  case 2: return a - 37;
  case 3: return a << 3;
  case 4: return a / 59;
  case 5: return a ^ 61;
  case 6: return a | 73;
  case 7: return a % 83;
  case 8: return a >> 2;
  case 9: return a & 1234;
  case 10: return a * a;
  case 11: return 97 - a;
  case 12: return a / 7;
  case 13: return a * 1000;
  case 14: return ~a;
  default: return -1;
  }
}

__attribute__((noinline)) double scale(double x) {
  MARK(2);
  return x * 3.14159 + 0.7123;
}

__attribute__((noinline)) int sum(const int *a, int n) {
  MARK(3);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}

__attribute__((noinline)) int work(int n) {
  int buf[16];
  __asm__ volatile("" ::"i"(0x7004) : CLOBBER);
  for (int i = 0; i < n; ++i)
    buf[i] = classify(i, n + i);
  return sum(buf, n);
}

int main(void) {
  MARK(5);
  int w = work(16);
  sink = w;
  __atomic_store_n(&counter, w, __ATOMIC_SEQ_CST);
  printf("classify=%d scale=%.4f work=%d counter=%d\n", classify(9, 5),
         scale(2.0), w, __atomic_load_n(&counter, __ATOMIC_ACQUIRE));
  return 0;
}
