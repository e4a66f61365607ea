/*
 * A tour of NevercMIRAPI (89 slots) and NevercMIRPassAPI (1 slot)
 * (tests/lit/mir/tour.c): FUNCTION passes registered through
 * NevercMIRPassAPI.RegisterPass at eight of the nine hooks and a
 * BASIC_BLOCK pass at post_legalize call every slot through the C ABI on
 * the lit test's program, check what each one answers against what the
 * program must have (loops, calls, a jump table, a constant pool, stack
 * objects, memory operands, callee-saved registers), and check every
 * refusal with its exact status. Mutations are committed only where their
 * effect is harmless (flags, an operand of an empty asm statement, a block
 * moved and moved back, an unused stack object, a renamed virtual
 * register, ...) except one: a real nop (an INLINEASM made at preemit) at
 * the start of classify, which the lit test finds in the object. An
 * observer of neverc.mir.pass.preemit, registered through the core
 * registrar, may read but not mutate.
 *
 * Parts: MIRTourInvariants.inc (what must hold in every function at every
 * hook), MIRTourRead.inc (the schema; reading at post_isel), MIRTourEdits.inc
 * (the transaction rules and staged edits on work at post_isel),
 * MIRTourLate.inc (the later hooks), MIRTourPasses.inc (the passes, the
 * observer, registration and its refusals, the end of the task).
 *
 * The input's functions carry markers, `asm volatile("" :: "i"(0x7000+n))`:
 * the MIR table names no function, the marker's immediate says which one a
 * pass runs on (1 classify, 2 scale, 3 sum, 4 work, 5 main).
 *
 * One line per check on stderr: "tour: <slot>: <what> ok" or
 * "tour: <slot>: <what> FAIL: <why>"; the invariants checked in every
 * function at every hook are printed once, at the end of the translation
 * unit's task, then "tour: summary: <n> checks, <m> failed".
 *
 * MIR_TOUR selects a variant:
 *   (unset)            the tour
 *   preserve-all-lie   a pass commits a change and reports PRESERVE_ALL
 *                      (the host fails the compile)
 *   leave-open         a pass returns with a mutation open (rolled back,
 *                      the compile fails)
 */
#include "TestPlugin.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOUR_ID "org.neverc.test.mir-tour"

typedef NevercMachineBasicBlockHandle BB;
typedef NevercMachineInstrHandle MI;
typedef NevercMachineOperandHandle MO;
typedef NevercMIRMutationHandle MU;
typedef NevercMIROperandValue OV;

static const NevercCoreAPI *Core;
static const NevercMIRAPI *M; /* from QueryInterface */
static const NevercMIRPassAPI *PassAPI;
static void *Registrar; /* the RegistrarContext Register received */
#define MX M->Context

static const char *Mode = "";
static unsigned Checks, Failures;

/* The running invocation. */
static NevercTaskHandle T;
static NevercMachineFunctionHandle F;
static const char *Hook = "";
static unsigned HookIndex;
static int Marker;        /* 1..5, 0 for a function without one */
static MI MarkerInstr;    /* the marker's INLINEASM */

/* Tasks seen by TaskBegin. */
static NevercTaskHandle InvocationTask, UnitTask;
static NevercSessionHandle Session;

/*===--- Reporting ----------------------------------------------------------===*/

static char Why[512];

/* Says why a condition does not hold; false, to be ORed into it. */
static int because(const char *Fmt, ...) {
  va_list A;
  va_start(A, Fmt);
  vsnprintf(Why, sizeof Why, Fmt, A);
  va_end(A);
  return 0;
}

static const char *code(int32_t C0) {
  switch (C0) {
  case NEVERC_STATUS_RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
  default: return tpCode(status(C0));
  }
}

static int check(const char *Slot, const char *What, int Ok) {
  ++Checks;
  if (Ok)
    fprintf(stderr, "tour: %s: %s ok\n", Slot, What);
  else {
    ++Failures;
    fprintf(stderr, "tour: %s: %s FAIL: %s\n", Slot, What,
            Why[0] ? Why : "not as expected");
  }
  Why[0] = 0;
  return Ok;
}

/* "<what> -> <STATUS>": the slot must answer exactly \p Want. */
static int expect(const char *Slot, const char *What, NevercStatus S,
                  int32_t Want) {
  ++Checks;
  Why[0] = 0;
  if (S.Code == Want) {
    fprintf(stderr, "tour: %s: %s -> %s ok\n", Slot, What, code(Want));
    return 1;
  }
  ++Failures;
  fprintf(stderr, "tour: %s: %s -> %s FAIL: got %s\n", Slot, What,
          code(Want), code(S.Code));
  return 0;
}
#define NULLOUT(Slot, Call)                                                    \
  expect(Slot, "NULL out pointer", Call, NEVERC_STATUS_INVALID_ARGUMENT)

/* An OK call whose effect is then checked. */
static int effect(const char *Slot, const char *What, NevercStatus S,
                  int Ok) {
  if (S.Code != NEVERC_STATUS_OK) {
    ++Checks;
    ++Failures;
    fprintf(stderr, "tour: %s: %s FAIL: got %s\n", Slot, What, code(S.Code));
    Why[0] = 0;
    return 0;
  }
  return check(Slot, What, Ok);
}

/*===--- Invariants: checked in every function at every hook -----------------===*/

enum {
  V_INVOCATION,
  V_BLOCK_WALK,
  V_BLOCK_COLLECT,
  V_BLOCK_LINKS,
  V_BLOCK_FUNCTION,
  V_BLOCK_NUMBER,
  V_INSTR_WALK,
  V_INSTR_COLLECT,
  V_INSTR_LINKS,
  V_INSTR_BLOCK,
  V_INSTR_INFO,
  V_OPCODE_SCHEMA,
  V_OPERAND_COUNT,
  V_OPERAND_VALUE,
  V_OPERAND_INSTR,
  V_OPERAND_KIND,
  V_REGISTER,
  V_REGISTER_INFO,
  V_DEF_LIST,
  V_USE_LIST,
  V_LIST_OPERANDS,
  V_MBB_OPERAND,
  V_BRANCH_TARGET,
  V_INDEX_OPERANDS,
  V_SYMBOL_OPERANDS,
  V_MASK_OPERAND,
  V_SUCC_PRED,
  V_PRED_SUCC,
  V_PROBABILITIES,
  V_CFG_RANGE,
  V_LIVE_INS,
  V_MEMOPS,
  V_FRAME,
  V_CALLEE_SAVED,
  V_CONSTANT_POOL,
  V_JUMP_TABLES,
  V_DEBUG_LOC,
  V_PROPERTIES,
  V_GENERATION,
  V_BB_PASS,
  V_BB_COUNT,
  V_COUNT
};

static struct Invariant {
  const char *Slot, *What;
  unsigned Ran, Bad;
  char First[400];
} Inv[V_COUNT] = {
    {"NevercMIRPassInvocation", "header, task, phase, pass ID, FUNCTION level, Function set, no BasicBlock, Core is the negotiated table", 0, 0, ""},
    {"GetBasicBlockCount", "equals the length of the GetFirstBasicBlock/GetNextBasicBlock walk", 0, 0, ""},
    {"CollectBasicBlocks", "fills the blocks of the walk, in order", 0, 0, ""},
    {"GetPreviousBasicBlock", "inverse of GetNextBasicBlock; GetLastBasicBlock ends the walk; null past both ends", 0, 0, ""},
    {"GetBasicBlockFunction", "every block's function is the invocation's", 0, 0, ""},
    {"GetBasicBlockNumber", "block numbers are distinct and not negative", 0, 0, ""},
    {"GetInstructionCount", "equals the length of the GetFirstInstruction/GetNextInstruction walk", 0, 0, ""},
    {"CollectInstructions", "fills the instructions of the walk, in order", 0, 0, ""},
    {"GetPreviousInstruction", "inverse of GetNextInstruction; GetLastInstruction ends the walk", 0, 0, ""},
    {"GetInstructionBasicBlock", "every instruction's block is the block walked", 0, 0, ""},
    {"GetInstructionInfo", "answers for every instruction with only the 18 schema flag bits; a return is a terminator", 0, 0, ""},
    {"GetGenericOpcodeInfo", "a generic StableOpcode maps to the instruction's opcode; StableOpcode 0 sets RequiresTargetSchema", 0, 0, ""},
    {"GetInstructionOperand", "OperandCount operands, index OperandCount -> INVALID_ARGUMENT", 0, 0, ""},
    {"GetOperandValue", "answers for every operand with a schema operand kind", 0, 0, ""},
    {"GetOperandInstruction", "an operand's instruction is the one it was read from", 0, 0, ""},
    {"GetOperandKindInfo", "every operand's kind is in the schema", 0, 0, ""},
    {"GetOperandValue", "REGISTER: virtual numbers have bit 31 and IsPhysical clear, physical ones RequiresTargetSchema", 0, 0, ""},
    {"GetRegisterInfo", "every register operand's register: virtual ones CLASS or GENERIC, physical ones NONE", 0, 0, ""},
    {"GetRegisterDef", "every register def operand is in its register's def list", 0, 0, ""},
    {"GetRegisterUse", "every register use operand is in its register's use list", 0, 0, ""},
    {"GetRegisterDefCount", "def and use lists hold operands of their register (defs with DEF, uses without); index count -> INVALID_ARGUMENT", 0, 0, ""},
    {"GetOperandValue", "MACHINE_BASIC_BLOCK operands name blocks of the function", 0, 0, ""},
    {"GetSuccessor", "every block operand of a branch is a successor of its block", 0, 0, ""},
    {"GetOperandValue", "FRAME_INDEX, CONSTANT_POOL_INDEX and JUMP_TABLE_INDEX operands name existing entries", 0, 0, ""},
    {"GetOperandValue", "GLOBAL_ADDRESS and EXTERNAL_SYMBOL operands carry a symbol view", 0, 0, ""},
    {"GetOperandValue", "REGISTER_MASK operands carry the target's mask words", 0, 0, ""},
    {"GetPredecessor", "every successor of a block has it among its predecessors", 0, 0, ""},
    {"GetSuccessor", "every predecessor of a block has it among its successors", 0, 0, ""},
    {"GetSuccessor", "a block's successor probabilities sum to their common denominator (or are all unknown, 0/0)", 0, 0, ""},
    {"GetSuccessor", "index GetSuccessorCount / GetPredecessorCount -> INVALID_ARGUMENT", 0, 0, ""},
    {"GetLiveIn", "block live-ins are physical registers; index GetLiveInCount -> INVALID_ARGUMENT", 0, 0, ""},
    {"GetMemoryOperandInfo", "every memory operand: LOAD or STORE, a power-of-two alignment within the base one, a pointer kind of the ABI, a FIXED_STACK pointer names a frame object", 0, 0, ""},
    {"GetFrameObject", "ordinals walk the frame indexes up from the lowest; GetFrameObjectByIndex agrees; FIXED iff negative", 0, 0, ""},
    {"GetCalleeSaved", "entries are physical registers saved in a frame object or a register; index count -> INVALID_ARGUMENT", 0, 0, ""},
    {"GetConstantPoolEntry", "entries answer with their index, a known kind, a power-of-two alignment", 0, 0, ""},
    {"GetJumpTable", "tables answer with their index and an entry kind of the ABI; destinations are blocks of the function", 0, 0, ""},
    {"GetInstructionDebugLocation", "answers for every instruction; a line comes with a file name", 0, 0, ""},
    {"GetMachineProperty", "all 11 properties read, as the hook implies (IS_SSA at post_isel, NO_V_REGS after register allocation, ...)", 0, 0, ""},
    {"GetMachineFunctionGeneration", "counts exactly the commits that changed the function", 0, 0, ""},
    {"NevercMIRPassInvocation", "BASIC_BLOCK level: Function and BasicBlock set, the block is the function's", 0, 0, ""},
    {"RegisterPass", "a BASIC_BLOCK pass runs once per block of each function", 0, 0, ""},
};

/* Records one evaluation of invariant \p V (the first failure is kept). */
static int inv(int V, int Ok) {
  ++Inv[V].Ran;
  if (!Ok) {
    if (!Inv[V].Bad++)
      snprintf(Inv[V].First, sizeof Inv[V].First, "%s (function %d at %s)",
               Why[0] ? Why : "not as expected", Marker, Hook);
  }
  Why[0] = 0;
  return Ok;
}

static void printInvariants(void) {
  unsigned V;
  for (V = 0; V < V_COUNT; ++V) {
    if (!Inv[V].Ran)
      because("never checked");
    else if (Inv[V].Bad)
      because("%u of %u evaluations failed, first: %s", Inv[V].Bad,
              Inv[V].Ran, Inv[V].First);
    check(Inv[V].Slot, Inv[V].What, Inv[V].Ran && !Inv[V].Bad);
  }
}

/*===--- Small helpers --------------------------------------------------------===*/

static NevercStringView sv(const char *S) {
  NevercStringView R;
  R.Data = S;
  R.Length = strlen(S);
  return R;
}
static NevercHandle none(void) {
  NevercHandle H;
  H.Owner = 0;
  H.Value = 0;
  return H;
}
static int same(NevercHandle A, NevercHandle B) {
  return A.Owner == B.Owner && A.Value == B.Value;
}
static int isNull(NevercHandle A) { return !A.Owner && !A.Value; }
static int ok(NevercStatus S) { return S.Code == NEVERC_STATUS_OK; }
static int eq(NevercStringView A, const char *S) {
  return (A.Data || !A.Length) && A.Length == strlen(S) &&
         (!A.Length || !memcmp(A.Data, S, A.Length));
}
static int pow2(uint64_t X) { return X && !(X & (X - 1)); }
static NevercABITableHeader hdr(uint32_t Size) {
  return tpHeader(Size, NEVERC_MIR_API_MAJOR, NEVERC_MIR_API_MINOR);
}
static unsigned long long ull(uint64_t X) { return (unsigned long long)X; }

#define MAXB 256
#define MAXI 2048

static uint64_t blockCount(void) {
  uint64_t N = 0;
  M->GetBasicBlockCount(MX, T, F, &N);
  return N;
}
/* The blocks in layout order, by the walk. */
static uint64_t blocks(BB *Out, uint64_t Cap) {
  BB B = none();
  uint64_t N = 0;
  M->GetFirstBasicBlock(MX, T, F, &B);
  while (!isNull(B) && N < Cap) {
    Out[N++] = B;
    if (!ok(M->GetNextBasicBlock(MX, T, B, &B)))
      break;
  }
  return N;
}
static BB block(uint64_t Index) {
  BB All[MAXB];
  uint64_t N = blocks(All, MAXB);
  return Index < N ? All[Index] : none();
}
static BB entry(void) {
  BB B = none();
  M->GetFirstBasicBlock(MX, T, F, &B);
  return B;
}
static int64_t number(BB B) {
  int64_t N = -1;
  M->GetBasicBlockNumber(MX, T, B, &N);
  return N;
}
static uint64_t instrs(BB B, MI *Out, uint64_t Cap) {
  MI I = none();
  uint64_t N = 0;
  M->GetFirstInstruction(MX, T, B, &I);
  while (!isNull(I) && N < Cap) {
    Out[N++] = I;
    if (!ok(M->GetNextInstruction(MX, T, I, &I)))
      break;
  }
  return N;
}
static uint64_t instrCount(BB B) {
  uint64_t N = 0;
  M->GetInstructionCount(MX, T, B, &N);
  return N;
}
static MI firstInstr(BB B) {
  MI I = none();
  M->GetFirstInstruction(MX, T, B, &I);
  return I;
}
static MI nextInstr(MI I) {
  MI R = none();
  M->GetNextInstruction(MX, T, I, &R);
  return R;
}
static MI prevInstr(MI I) {
  MI R = none();
  M->GetPreviousInstruction(MX, T, I, &R);
  return R;
}
static BB blockOf(MI I) {
  BB B = none();
  M->GetInstructionBasicBlock(MX, T, I, &B);
  return B;
}
static NevercMIRInstructionInfo info(MI I) {
  NevercMIRInstructionInfo R;
  memset(&R, 0, sizeof R);
  R.Header = hdr(sizeof R);
  if (!ok(M->GetInstructionInfo(MX, T, I, &R))) {
    memset(&R, 0, sizeof R);
    R.Header = hdr(sizeof R);
  }
  return R;
}
static MO operand(MI I, uint64_t K) {
  MO O = none();
  M->GetInstructionOperand(MX, T, I, K, &O);
  return O;
}
static OV value(MO O) {
  OV V;
  memset(&V, 0, sizeof V);
  V.Header = hdr(sizeof V);
  if (!ok(M->GetOperandValue(MX, T, O, &V))) {
    memset(&V, 0, sizeof V);
    V.Header = hdr(sizeof V);
  }
  return V;
}
static OV opAt(MI I, uint64_t K) { return value(operand(I, K)); }
static OV immValue(int64_t X) {
  OV V;
  memset(&V, 0, sizeof V);
  V.Header = hdr(sizeof V);
  V.Kind = NEVERC_MIR_OPERAND_IMMEDIATE;
  V.Payload.Immediate = X;
  return V;
}
static OV symbolValue(NevercMIROperandKind Kind, const char *S) {
  OV V;
  memset(&V, 0, sizeof V);
  V.Header = hdr(sizeof V);
  V.Kind = Kind;
  V.Payload.SymbolOffset.Symbol = sv(S);
  return V;
}
static OV regValue(uint32_t R, uint64_t Flags) {
  OV V;
  memset(&V, 0, sizeof V);
  V.Header = hdr(sizeof V);
  V.Kind = NEVERC_MIR_OPERAND_REGISTER;
  V.Payload.Register.Number = R;
  V.Payload.Register.Flags = Flags;
  V.Payload.Register.IsPhysical = !(R & 0x80000000u);
  return V;
}
static NevercMIRRegisterInfo regInfo(uint32_t R, NevercStatus *S) {
  NevercMIRRegisterInfo I;
  NevercStatus X;
  memset(&I, 0, sizeof I);
  I.Header = hdr(sizeof I);
  X = M->GetRegisterInfo(MX, T, F, R, &I);
  if (S)
    *S = X;
  return I;
}
static uint64_t defCount(uint32_t R) {
  uint64_t N = 0;
  M->GetRegisterDefCount(MX, T, F, R, &N);
  return N;
}
static uint64_t useCount(uint32_t R) {
  uint64_t N = 0;
  M->GetRegisterUseCount(MX, T, F, R, &N);
  return N;
}
static int property(NevercMIRMachineProperty P) {
  NevercBool B = 0;
  if (!ok(M->GetMachineProperty(MX, T, F, P, &B)))
    return -1;
  return B ? 1 : 0;
}
static uint64_t generation(void) {
  uint64_t G = UINT64_MAX;
  M->GetMachineFunctionGeneration(MX, T, F, &G);
  return G;
}
static uint64_t succCount(BB B) {
  uint64_t N = 0;
  M->GetSuccessorCount(MX, T, B, &N);
  return N;
}
static NevercMIRCFGEdge succ(BB B, uint64_t K) {
  NevercMIRCFGEdge E;
  memset(&E, 0, sizeof E);
  M->GetSuccessor(MX, T, B, K, &E);
  return E;
}
static uint64_t predCount(BB B) {
  uint64_t N = 0;
  M->GetPredecessorCount(MX, T, B, &N);
  return N;
}
static int isSucc(BB From, BB To) {
  uint64_t N = succCount(From), K;
  for (K = 0; K < N; ++K)
    if (same(succ(From, K).Block, To))
      return 1;
  return 0;
}
static uint64_t liveInCount(BB B) {
  uint64_t N = 0;
  M->GetLiveInCount(MX, T, B, &N);
  return N;
}
static NevercMIRFrameObjectInfo frameObject(int32_t FI, NevercStatus *S) {
  NevercMIRFrameObjectInfo R;
  NevercStatus X;
  memset(&R, 0, sizeof R);
  R.Header = hdr(sizeof R);
  X = M->GetFrameObjectByIndex(MX, T, F, FI, &R);
  if (S)
    *S = X;
  return R;
}
static uint64_t frameCount(void) {
  uint64_t N = 0;
  M->GetFrameObjectCount(MX, T, F, &N);
  return N;
}
static NevercMIRMemoryOperandInfo memInfo(NevercMachineMemOperandHandle H,
                                          NevercStatus *S) {
  NevercMIRMemoryOperandInfo R;
  NevercStatus X;
  memset(&R, 0, sizeof R);
  R.Header = hdr(sizeof R);
  X = M->GetMemoryOperandInfo(MX, T, H, &R);
  if (S)
    *S = X;
  return R;
}
static NevercMIRInstructionOpcode stableOp(NevercMIRGenericOpcode Op) {
  NevercMIRInstructionOpcode R;
  memset(&R, 0, sizeof R);
  R.StableOpcode = Op;
  return R;
}
static MU begin(void) {
  MU Mu = none();
  M->BeginMutation(MX, T, F, &Mu);
  return Mu;
}
static NevercMIRPropertyProof proof(NevercMIRMachineProperty P,
                                    NevercMIRPropertyProofKind K,
                                    NevercBool Value) {
  NevercMIRPropertyProof R;
  memset(&R, 0, sizeof R);
  R.Header = hdr(sizeof R);
  R.Property = P;
  R.Kind = K;
  R.Value = Value;
  return R;
}

/* The value of an INLINEASM's first operand group when it is an "i"
 * operand: [0] the asm string, [1] the extra info, [2] the group's flag
 * word, [3] the immediate (clobbers follow as flag words and implicit
 * register defs, then the source location's METADATA). -1 otherwise. */
#define MARKER_OPERAND 3
static int64_t lastImmediate(MI I) {
  NevercMIRInstructionInfo In = info(I);
  OV V;
  if (!In.IsInlineAssembly || In.OperandCount <= MARKER_OPERAND)
    return -1;
  V = opAt(I, MARKER_OPERAND);
  return V.Kind == NEVERC_MIR_OPERAND_IMMEDIATE ? V.Payload.Immediate : -1;
}
static uint64_t lastImmediateIndex(MI I) {
  (void)I;
  return MARKER_OPERAND;
}

/* The marker of the invocation's function: 0x7000 + n (0x7100 + n while
 * SetOperandValue has it changed). */
static int findMarker(MI *Out) {
  BB Bs[MAXB];
  MI Is[MAXI];
  uint64_t NB = blocks(Bs, MAXB), B, K, NI;
  for (B = 0; B < NB; ++B) {
    NI = instrs(Bs[B], Is, MAXI);
    for (K = 0; K < NI; ++K) {
      int64_t X = lastImmediate(Is[K]);
      if ((X & ~INT64_C(0x1ff)) == 0x7000 && (X & 0xff) >= 1 &&
          (X & 0xff) <= 5) {
        if (Out)
          *Out = Is[K];
        return (int)(X & 0xff);
      }
    }
  }
  if (Out)
    *Out = none();
  return 0;
}

/* The first instruction of the function for which \p Pred holds. */
static MI findInstr(int (*Pred)(MI, void *), void *Arg) {
  BB Bs[MAXB];
  MI Is[MAXI];
  uint64_t NB = blocks(Bs, MAXB), B, K, NI;
  for (B = 0; B < NB; ++B) {
    NI = instrs(Bs[B], Is, MAXI);
    for (K = 0; K < NI; ++K)
      if (Pred(Is[K], Arg))
        return Is[K];
  }
  return none();
}

/*===--- A fingerprint of the whole function --------------------------------===*/

static uint64_t Hash;
static BB FpBlocks[MAXB];
static uint64_t FpCount;
/* A block's place in the layout (the fingerprint names blocks by place:
 * numbers are checked on their own, see blockNumbers). */
static uint64_t place(BB B) {
  uint64_t K;
  for (K = 0; K < FpCount; ++K)
    if (same(FpBlocks[K], B))
      return K;
  return UINT64_MAX;
}
static void mix(const void *P, size_t N) {
  const unsigned char *C = (const unsigned char *)P;
  size_t I;
  for (I = 0; I < N; ++I) {
    Hash ^= C[I];
    Hash *= UINT64_C(1099511628211);
  }
}
static void mix64(uint64_t X) { mix(&X, sizeof X); }
static void mixView(NevercStringView V) {
  mix64(V.Length);
  if (V.Data && V.Length)
    mix(V.Data, V.Length);
}
static void mixOperand(OV V) {
  const NevercMIROperandPayload *P = &V.Payload;
  mix64(V.Kind);
  mix64(V.TargetFlags);
  switch (V.Kind) {
  case NEVERC_MIR_OPERAND_REGISTER:
    mix64(P->Register.Number);
    mix64(P->Register.SubRegister);
    mix64(P->Register.Flags);
    mix64(P->Register.IsPhysical);
    break;
  case NEVERC_MIR_OPERAND_IMMEDIATE:
    mix64((uint64_t)P->Immediate);
    break;
  case NEVERC_MIR_OPERAND_C_IMMEDIATE:
  case NEVERC_MIR_OPERAND_FP_IMMEDIATE:
    mix64(P->Constant.BitWidth);
    mix64(P->Constant.Semantics);
    mix64(P->Constant.Count);
    if (P->Constant.Data)
      mix(P->Constant.Data, P->Constant.Count * 8);
    break;
  case NEVERC_MIR_OPERAND_MACHINE_BASIC_BLOCK:
    mix64(place(P->BasicBlock));
    break;
  case NEVERC_MIR_OPERAND_FRAME_INDEX:
  case NEVERC_MIR_OPERAND_CONSTANT_POOL_INDEX:
  case NEVERC_MIR_OPERAND_TARGET_INDEX:
  case NEVERC_MIR_OPERAND_JUMP_TABLE_INDEX:
    mix64((uint64_t)(int64_t)P->IndexOffset.Index);
    mix64((uint64_t)P->IndexOffset.Offset);
    break;
  case NEVERC_MIR_OPERAND_EXTERNAL_SYMBOL:
  case NEVERC_MIR_OPERAND_GLOBAL_ADDRESS:
  case NEVERC_MIR_OPERAND_MC_SYMBOL:
    mixView(P->SymbolOffset.Symbol);
    mix64((uint64_t)P->SymbolOffset.Offset);
    break;
  case NEVERC_MIR_OPERAND_BLOCK_ADDRESS:
    mix64(P->ReferenceOffset.Reference.Value);
    mix64((uint64_t)P->ReferenceOffset.Offset);
    break;
  case NEVERC_MIR_OPERAND_REGISTER_MASK:
  case NEVERC_MIR_OPERAND_REGISTER_LIVE_OUT:
    mix64(P->RegisterMask.Count);
    if (P->RegisterMask.Data)
      mix(P->RegisterMask.Data, P->RegisterMask.Count * 4);
    break;
  case NEVERC_MIR_OPERAND_METADATA:
    mix64(P->Reference.Value);
    break;
  case NEVERC_MIR_OPERAND_SHUFFLE_MASK:
    mix64(P->ShuffleMask.Count);
    if (P->ShuffleMask.Data)
      mix(P->ShuffleMask.Data, P->ShuffleMask.Count * 4);
    break;
  case NEVERC_MIR_OPERAND_DBG_INSTR_REF:
    mix64(P->DebugInstructionReference.InstructionIndex);
    mix64(P->DebugInstructionReference.OperandIndex);
    break;
  default:
    mix64(P->UnsignedValue);
    break;
  }
}

/* The blocks in layout order (blocks named by their place) with their
 * edges, probabilities and live-ins; every instruction's opcode, flags and
 * operand values; the properties, the constant pool and the jump tables.
 * Block numbers are not in it: blockNumbers() hashes them. */
static uint64_t fingerprint(void) {
  BB *Bs = FpBlocks;
  MI Is[MAXI];
  uint64_t NB = blocks(Bs, MAXB), B, K, N, J;
  NevercMIRMachineProperty P;
  FpCount = NB;
  Hash = UINT64_C(14695981039346656037);
  mix64(NB);
  mix64(blockCount());
  for (B = 0; B < NB; ++B) {
    N = succCount(Bs[B]);
    mix64(N);
    for (K = 0; K < N; ++K) {
      NevercMIRCFGEdge E = succ(Bs[B], K);
      mix64(place(E.Block));
      mix64(E.ProbabilityNumerator);
      mix64(E.ProbabilityDenominator);
    }
    mix64(predCount(Bs[B]));
    N = liveInCount(Bs[B]);
    mix64(N);
    for (K = 0; K < N; ++K) {
      NevercMIRLiveIn L;
      memset(&L, 0, sizeof L);
      M->GetLiveIn(MX, T, Bs[B], K, &L);
      mix64(L.Register);
      mix64(L.LaneMask);
    }
    N = instrs(Bs[B], Is, MAXI);
    mix64(N);
    for (K = 0; K < N; ++K) {
      NevercMIRInstructionInfo In = info(Is[K]);
      mix64(In.StableOpcode);
      mix64(In.TargetOpcode);
      mix64(In.Flags);
      mix64(In.OperandCount);
      mix64(In.MemoryOperandCount);
      for (J = 0; J < In.OperandCount; ++J)
        mixOperand(opAt(Is[K], J));
    }
  }
  for (P = NEVERC_MIR_PROPERTY_IS_SSA;
       P <= NEVERC_MIR_PROPERTY_TRACKS_DEBUG_USER_VALUES; ++P)
    mix64((uint64_t)property(P));
  N = 0;
  M->GetConstantPoolCount(MX, T, F, &N);
  mix64(N);
  N = 0;
  M->GetJumpTableCount(MX, T, F, &N);
  mix64(N);
  for (K = 0; K < N; ++K) {
    NevercMIRJumpTableInfo J2;
    memset(&J2, 0, sizeof J2);
    J2.Header = hdr(sizeof J2);
    M->GetJumpTable(MX, T, F, (uint32_t)K, &J2);
    mix64(J2.DestinationCount);
    for (J = 0; J < J2.DestinationCount; ++J) {
      BB D = none();
      M->GetJumpTableDestination(MX, T, F, (uint32_t)K, J, &D);
      mix64(place(D));
    }
  }
  return Hash;
}

/* The block numbers, in layout order. */
static uint64_t blockNumbers(void) {
  BB Bs[MAXB];
  uint64_t NB = blocks(Bs, MAXB), B;
  Hash = UINT64_C(14695981039346656037);
  for (B = 0; B < NB; ++B)
    mix64((uint64_t)number(Bs[B]));
  return Hash;
}

/* Ends a mutation whatever happened to it (aborted first if still open). */
static void finish(MU Mu) {
  M->AbortMutation(MX, T, Mu);
  M->EndMutation(MX, T, Mu);
}

/* Commits that changed each marked function (GetMachineFunctionGeneration). */
static uint64_t Generation[6];

/* Commits \p Mu (one change-making commit more) and ends it. */
static NevercStatus commitEnd(MU Mu) {
  NevercStatus S = M->CommitMutation(MX, T, Mu);
  if (ok(S))
    ++Generation[Marker];
  finish(Mu);
  return S;
}

#include "MIRTourInvariants.inc"
#include "MIRTourRead.inc"
#include "MIRTourEdits.inc"
#include "MIRTourLate.inc"
#include "MIRTourPasses.inc"
