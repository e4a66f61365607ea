// A tour of NevercIRCoreAPI: IRCoreTourPlugin's MODULE pass at
// neverc.ir.pass.post_opt calls all 99 slots on this file's -O1 module and
// checks what each one does, and how each one refuses (WRONG_TYPE, NOT_FOUND,
// INVALID_ARGUMENT, STALE_HANDLE, POLICY_VIOLATION ...): one line per check,
// a FAILED line fails the test. Its pass at pre_opt keeps a cursor, handles
// and a buffer for post_opt; its observer before neverc.ir.final_verify may
// read but not change the IR. Every edit is undone or harmless: the object
// links and the program prints what the plain build prints, and what the tour
// kept (sections, a comdat, an imported function) is in the object.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %neverc -fplugin=%test_plugins/IRCoreTourPlugin.so -O1 -c %s -o %t/tour.o 2> %t/tour.log
// RUN: %neverc %t/tour.o -o %t/tour && %t/tour | FileCheck %s --check-prefix=OUT
// RUN: %neverc -O1 %s -o %t/plain && %t/plain | FileCheck %s --check-prefix=OUT
// RUN: llvm-readelf -S --section-groups %t/tour.o | FileCheck %s --check-prefix=ELF
// RUN: llvm-nm %t/tour.o | FileCheck %s --check-prefix=SYMS
//
// The tour, and nothing left unreleased (no warning at all), then the control:
// one ExportModule buffer left unreleased on purpose is reported.
// RUN: FileCheck %s --input-file=%t/tour.log --implicit-check-not=FAILED --implicit-check-not=warning: --implicit-check-not=error:
// RUN: env NEVERC_IR_TOUR=leak %neverc -fplugin=%test_plugins/IRCoreTourPlugin.so -O1 -c %s -o %t/leak.o 2>&1 | FileCheck %s --check-prefix=LEAK
//
// LLVM 22's limits (CAPABILITY_UNAVAILABLE) and refused imports: the host
// names each in a diagnostic, the plugin handles the status, the compile goes
// on (no error).
// RUN: env NEVERC_IR_TOUR=limits %neverc -fplugin=%test_plugins/IRCoreTourPlugin.so -O1 -c %s -o %t/limits.o > %t/limits.log 2>&1
// RUN: grep -v '^warning: ' %t/limits.log | FileCheck %s --check-prefix=LIMITS --implicit-check-not=FAILED --implicit-check-not=error:
// The refusals a plugin handles are warnings, each explained once:
// RUN: grep '^warning: ' %t/limits.log | sort | uniq -d | count 0
// RUN: grep -c '^warning: ' %t/limits.log | FileCheck %s --check-prefix=LIMITS-WARNINGS
// LIMITS-WARNINGS: {{^[1-9][0-9]*$}}
//
// One probe per run of what must not crash or corrupt the compile.
// RUN: env NEVERC_IR_TOUR=probe-amx-null %neverc -fplugin=%test_plugins/IRCoreTourPlugin.so -O1 -c %s -o %t/amx.o 2>&1 | FileCheck %s --check-prefix=AMX --implicit-check-not=FAILED --implicit-check-not=error:
// RUN: env NEVERC_IR_TOUR=probe-rauw-constant-user %neverc -fplugin=%test_plugins/IRCoreTourPlugin.so -O1 -c %s -o %t/rauw.o 2>&1 | FileCheck %s --check-prefix=RAUW --implicit-check-not=FAILED --implicit-check-not=error:
// RUN: env NEVERC_IR_TOUR=probe-function-import %neverc -fplugin=%test_plugins/IRCoreTourPlugin.so -O1 -c %s -o %t/fnimport.o 2>&1 | FileCheck %s --check-prefix=FNIMPORT --implicit-check-not=FAILED --implicit-check-not=error:
// RUN: env NEVERC_IR_TOUR=probe-broken-text %neverc -fplugin=%test_plugins/IRCoreTourPlugin.so -O1 -c %s -o %t/broken-text.o 2>&1 | FileCheck %s --check-prefix=BROKEN-TEXT --implicit-check-not=FAILED --implicit-check-not=error:
// RUN: env NEVERC_IR_TOUR=probe-broken-bitcode %neverc -fplugin=%test_plugins/IRCoreTourPlugin.so -O1 -g -c %s -o %t/broken.o 2>&1 | FileCheck %s --check-prefix=BROKEN --implicit-check-not=FAILED --implicit-check-not=error:

// OUT: n=8 total=140 pick=6,8 scaled=5 twice=42 mix=35840 product=140000,1
// OUT-NEXT: claim=1,0 counter=10 wide=123456789abcdef00fedcba987654336 ref=1 square=25

// ELF: .text.neverc_tour PROGBITS {{.*}} AXG
// ELF: .data.neverc_tour PROGBITS
// ELF: COMDAT group section [{{ *[0-9]+}}] `.group' [tour_probe] contains 1 sections:
// ELF-NEXT: [Index] Name
// ELF-NEXT: .text.neverc_tour

// SYMS: T tour_imported
// SYMS: T tour_probe
// SYMS: i twice

// LEAK: ir-tour: summary:
// LEAK: warning: 1 serialized IR buffer(s) from ExportModule were never released

#include <stdio.h>

__asm__("# neverc core tour");

volatile int one = 1;          // read once; the tour replaces the read by 1
volatile int sink;             // read and dropped; the tour erases the read
int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
int *table_ref = &table[3];    // a constant expression as an initializer
double scale = 2.0;            // moved to .data.neverc_tour
int flag, counter;

__attribute__((noinline)) int pick(int c, int a, int b) {
  return c > 10 ? a * 3 : b + 5; // icmp, mul, add, select
}
int pick_alias(int, int, int) __attribute__((alias("pick")));

static int twice_impl(int x) { return 2 * x; }
static int (*resolve_twice(void))(int) { return twice_impl; }
int twice(int) __attribute__((ifunc("resolve_twice")));

__attribute__((noinline)) void fill(int *buf, int n) {
  for (int i = 0; i < n; ++i) // a loop: PHI, GEP, store
    buf[i] = i * i;
}

__attribute__((noinline)) int total(const int *buf, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) // PHIs, GEP, load
    s += buf[i];
  return s;
}

__attribute__((noinline)) double scaled(double x) { return x * 2.5; }

__attribute__((noinline)) unsigned __int128 widen(unsigned long long x) {
  return (unsigned __int128)x * 3 +
         (((unsigned __int128)0x123456789abcdef0ULL << 64) |
          0x0fedcba987654321ULL);
}

__attribute__((noinline)) int product(int a, int b, int *ok) {
  int r;
  *ok = !__builtin_mul_overflow(a, b, &r); // extractvalue
  return r;
}

__attribute__((noinline)) unsigned mix(unsigned s) {
  return (s >> 28) | (s << 8); // lshr, shl, or disjoint
}

__attribute__((noinline)) int claim(void) {
  int expected = 0;
  int won = __atomic_compare_exchange_n(&flag, &expected, 1, 0,
                                        __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  __atomic_fetch_add(&counter, 5, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  __asm__ volatile("" ::: "memory");
  return won;
}

// Inlined into main and deleted by ir.optimize.
static int square(int x) { return x * x; }

// Not called: the tour gives it attributes, a section and a comdat.
int tour_probe(int *p) { return *p + 1; }

int main(void) {
  int buf[8];
  int n = 8 * one;
  int ok;
  (void)sink;
  fill(buf, n);
  int s = total(buf, n);
  unsigned __int128 w = widen(7);
  int m = product(s, 1000, &ok);
  printf("n=%d total=%d pick=%d,%d scaled=%g twice=%d mix=%u product=%d,%d\n",
         n, s, pick(s, 2, 3), pick_alias(1, 2, 3), scaled(scale), twice(21),
         mix((unsigned)s), m, ok);
  int first = claim(), second = claim();
  printf("claim=%d,%d counter=%d wide=%016llx%016llx ref=%d square=%d\n",
         first, second, counter, (unsigned long long)(w >> 64),
         (unsigned long long)w, *table_ref, square(s % 9));
  return 0;
}

// AMX: ir-tour: GetPoisonConstant: of x86_amx ok
// AMX-NEXT: ir-tour: GetNullConstant: of x86_amx (LLVM has no null value of it) -> WRONG_TYPE ok
// AMX-NEXT: ir-tour: summary: 2 checks, 0 failed

// RAUW: ir-tour: ReplaceAllUsesWith: @table, which a constant uses, by an instruction -> INVALID_ARGUMENT ok
// RAUW-NEXT: ir-tour: GetOperand: table_ref's initializer still points into @table ok
// RAUW-NEXT: ir-tour: summary: 2 checks, 0 failed

// FNIMPORT: ir-tour: ImportModule: the module's own bitcode, from a FUNCTION pass -> INVALID_ARGUMENT ok
// FNIMPORT: ir-tour: FUNCTION pass: after the restore, every later invocation got a live function ({{[0-9]+}} of {{[0-9]+}}) ok
// FNIMPORT-NEXT: ir-tour: summary: 2 checks, 0 failed

// BROKEN-TEXT: ir-tour: ImportModule: text of a module that does not verify -> INVALID_ARGUMENT ok
// BROKEN-TEXT-NEXT: ir-tour: ImportModule: the compile goes on, without tour_broken ok
// BROKEN-TEXT-NEXT: ir-tour: summary: 2 checks, 0 failed

// BROKEN: ir-tour: ImportModule: bitcode of a module that does not verify -> INVALID_ARGUMENT ok
// BROKEN-NEXT: ir-tour: ImportModule: the compile goes on, pick intact ok
// BROKEN-NEXT: ir-tour: summary: 2 checks, 0 failed

// The tour, line by line.
// CHECK: ir-tour: GetContext: two calls, one context handle ok
// CHECK-NEXT: ir-tour: GetContext: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetModule: the module of the pass invocation ok
// CHECK-NEXT: ir-tour: GetModule: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetModule: a module handle as the task -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: pass invocation: MODULE level: no function, loop or SCC handles ok
// CHECK-NEXT: ir-tour: pass invocations: pre_opt ran first, at the same optimisation level ok
// CHECK-NEXT: ir-tour: CollectValueCursor: pre_opt saw square, which ir.optimize inlined and deleted ok
// CHECK-NEXT: ir-tour: CollectValueCursor: a walk of MODULE_FUNCTIONS begun at pre_opt, after ir.optimize -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: GetValueName: a value handle from pre_opt, after ir.optimize -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: GetMetadataKind: a metadata handle from pre_opt -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: GetIntegerType: a type handle from pre_opt is still i32 (types stay) ok
// CHECK-NEXT: ir-tour: GetAttributeKindName: an attribute from pre_opt is still 'cold' ok
// CHECK-NEXT: ir-tour: GetSerializedBufferView: pre_opt's buffer holds the bytes it held there (unoptimised text) ok
// CHECK-NEXT: ir-tour: ReleaseSerializedBuffer: pre_opt's buffer, released at post_opt ok
// CHECK-NEXT: ir-tour: GetSerializedBufferView: a released buffer -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: ReleaseSerializedBuffer: a buffer released twice -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: CollectValueCursor: MODULE_FUNCTIONS holds the input's functions ok
// CHECK-NEXT: ir-tour: CollectValueCursor: MODULE_GLOBALS holds the input's variables ok
// CHECK-NEXT: ir-tour: CollectValueCursor: MODULE_ALIASES: pick_alias alone ok
// CHECK-NEXT: ir-tour: CollectValueCursor: MODULE_I_FUNCS: twice alone ok
// CHECK-NEXT: ir-tour: CollectValueCursor: FUNCTION_ARGUMENTS of pick: three ok
// CHECK-NEXT: ir-tour: CollectValueCursor: FUNCTION_BLOCKS of a declaration: none ok
// CHECK-NEXT: ir-tour: CollectValueCursor: BLOCK_INSTRUCTIONS of pick: icmp, mul, add, select, ret ok
// CHECK-NEXT: ir-tour: BeginValueCursor: a zero-filled cursor is accepted and filled in ok
// CHECK-NEXT: ir-tour: CollectValueCursor: three arguments, capacity 3: 3, then 0, then 0 ok
// CHECK-NEXT: ir-tour: CollectValueCursor: a pre-filled header, capacity 2: 2, 1, then 0, in argument order ok
// CHECK-NEXT: ir-tour: CollectValueCursor: capacity 0 before the end (a count of 0 means the end) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CollectValueCursor: capacity 4 into a NULL array -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CollectValueCursor: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CollectValueCursor: a cursor BeginValueCursor never filled -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CollectValueCursor: a cursor whose header names ABI major 2 -> ABI_MISMATCH ok
// CHECK-NEXT: ir-tour: BeginValueCursor: a pre-filled header of 8 bytes -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: BeginValueCursor: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: BeginValueCursor: MODULE_FUNCTIONS of a block -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: BeginValueCursor: MODULE_GLOBALS of the context -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: BeginValueCursor: FUNCTION_ARGUMENTS of the module -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: BeginValueCursor: BLOCK_INSTRUCTIONS of a function -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: BeginValueCursor: FUNCTION_BLOCKS of a global variable -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: BeginValueCursor: a forged module handle (another slot) -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: BeginValueCursor: collection 8 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: BeginValueCursor: a type kind ID as the collection -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CollectValueCursor: a walk goes on across SetValueName, complete ok
// CHECK-NEXT: ir-tour: GetIntegerType: interned: i32 twice is one handle, i1..i128 differ ok
// CHECK-NEXT: ir-tour: GetIntegerType: width 0 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetIntegerType: width 2^23 + 1 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetIntegerType: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPrimitiveType: 12 kinds, each interned, each reads back its kind ok
// CHECK-NEXT: ir-tour: GetPrimitiveType: double is the type of scaled's argument ok
// CHECK-NEXT: ir-tour: GetPrimitiveType: INTEGER (it has a width) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPrimitiveType: FUNCTION -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPrimitiveType: an opcode ID (another schema domain) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPrimitiveType: type ordinal 23 (past the schema) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPrimitiveType: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPointerType: ptr is the type of a global; addrspace(1) differs ok
// CHECK-NEXT: ir-tour: GetPointerType: address space 2^24 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPointerType: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetArrayType: [8 x i32] twice is one handle; [16 x i32] differs ok
// CHECK-NEXT: ir-tour: GetArrayType: of void -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetArrayType: of label -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetArrayType: of a value handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetArrayType: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetVectorType: <4 x float> fixed and scalable, each interned ok
// CHECK-NEXT: ir-tour: GetVectorType: 0 elements -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetVectorType: of an array -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetVectorType: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetStructType: literal {i32, double}: interned, packed differs ok
// CHECK-NEXT: ir-tour: GetStructType: named tour.pair: one type per name, not the literal ok
// CHECK-NEXT: ir-tour: GetStructType: tour.pair again with another body -> DUPLICATE_ID ok
// CHECK-NEXT: ir-tour: GetStructType: a void element -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetStructType: two elements from a NULL array -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetStructType: a NULL name of length 4 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetStructType: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetFunctionType: i32 (i32, i32, i32): interned, variadic differs ok
// CHECK-NEXT: ir-tour: GetFunctionType: returning label -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetFunctionType: a void parameter -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetFunctionType: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetTypeKind: a value handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetTypeKind: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetValueKind: function, variable, alias, ifunc ok
// CHECK-NEXT: ir-tour: GetValueKind: argument, block, instruction ok
// CHECK-NEXT: ir-tour: GetValueKind: an initializer of ints is CONSTANT_DATA_ARRAY ok
// CHECK-NEXT: ir-tour: GetValueKind: &table[3] as an initializer is CONSTANT_EXPR ok
// CHECK-NEXT: ir-tour: GetValueKind: the callee of an asm statement is INLINE_ASM ok
// CHECK-NEXT: ir-tour: GetValueKind: a type handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetValueKind: the null handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetValueKind: a value handle of an older generation -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: GetValueKind: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetValueName: of a function, a private string and an ifunc ok
// CHECK-NEXT: ir-tour: GetValueName: a type handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetValueName: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetValueName: an instruction's new name reads back ok
// CHECK-NEXT: ir-tour: SetValueName: an argument's new name reads back ok
// CHECK-NEXT: ir-tour: SetValueName: a global to the name of another global -> DUPLICATE_ID, names unchanged ok
// CHECK-NEXT: ir-tour: SetValueName: a constant -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetValueName: an empty name for a global -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetValueName: an instruction of type void (store) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetValueName: a NULL name of length 3 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetValueName: a type handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetValueType: of an argument is i32, of a block label ok
// CHECK-NEXT: ir-tour: GetValueType: of a variable, a function, an alias: ptr ok
// CHECK-NEXT: ir-tour: GetValueType: the context handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetValueType: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateIntegerConstant: i32 5 and 3 are the operands pick's add and mul use ok
// CHECK-NEXT: ir-tour: CreateIntegerConstant: i128 from two words is widen's addend ok
// CHECK-NEXT: ir-tour: CreateIntegerConstant: i128 from one word is that word zero-extended ok
// CHECK-NEXT: ir-tour: CreateIntegerConstant: i128 from three words -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateIntegerConstant: no words -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateIntegerConstant: of type double -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateIntegerConstant: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateFloatingConstant: double 2.5 is the operand scaled's fmul uses ok
// CHECK-NEXT: ir-tour: CreateFloatingConstant: float 2.5 is another constant of type float ok
// CHECK-NEXT: ir-tour: CreateFloatingConstant: double from two words -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateFloatingConstant: x86_fp80 from one word -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateFloatingConstant: of type i32 -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateFloatingConstant: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetNullConstant: i32 0 is CreateIntegerConstant's 0 ok
// CHECK-NEXT: ir-tour: GetNullConstant: of ptr, [8 x i32] and token: their null kinds ok
// CHECK-NEXT: ir-tour: GetNullConstant: of void -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetNullConstant: of label -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetNullConstant: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPoisonConstant: poison i32 ok
// CHECK-NEXT: ir-tour: GetUndefConstant: undef i32 (not the poison) ok
// CHECK-NEXT: ir-tour: GetPoisonConstant: of void -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetUndefConstant: of a value handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetPoisonConstant: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetUndefConstant: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateAggregateConstant: [8 x i32] {3,1,4,1,5,9,2,6} is table's initializer ok
// CHECK-NEXT: ir-tour: CreateAggregateConstant: {i32 1, double 2.5}: a struct of those operands ok
// CHECK-NEXT: ir-tour: CreateAggregateConstant: <4 x i32> of 7s is CONSTANT_DATA_VECTOR ok
// CHECK-NEXT: ir-tour: CreateAggregateConstant: 7 elements for [8 x i32] -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateAggregateConstant: an i64 element in <4 x i32> -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateAggregateConstant: an instruction as an element -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateAggregateConstant: of type i32 (not an aggregate) -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateAggregateConstant: four elements from a NULL array -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateAggregateConstant: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantBinaryExpression: add 2, 3 folds to 5 ok
// CHECK-NEXT: ir-tour: CreateConstantBinaryExpression: sdiv 7, 2 (no such expression) folds to 3 ok
// CHECK-NEXT: ir-tour: CreateConstantCastExpression: ptrtoint @table to i64 is an expression of @table ok
// CHECK-NEXT: ir-tour: CreateConstantBinaryExpression: add (ptrtoint @table), 8 stays an expression ok
// CHECK-NEXT: ir-tour: CreateConstantBinaryExpression: a cast opcode (trunc) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantBinaryExpression: a predicate ID as the opcode -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantBinaryExpression: i32 + i64 -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateConstantBinaryExpression: fadd of two ints -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateConstantBinaryExpression: an instruction operand -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateConstantBinaryExpression: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantCastExpression: zext i32 5 to i64 folds to i64 5 ok
// CHECK-NEXT: ir-tour: CreateConstantCastExpression: trunc of the i128 addend is its low word ok
// CHECK-NEXT: ir-tour: CreateConstantCastExpression: trunc i32 to i64 -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateConstantCastExpression: a binary opcode (add) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantCastExpression: a type kind ID as the opcode -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantCastExpression: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantCompareExpression: icmp slt 2, 3 folds to i1 1; eq to i1 0 ok
// CHECK-NEXT: ir-tour: CreateConstantCompareExpression: fcmp olt 1.0, 2.5 folds to i1 1 ok
// CHECK-NEXT: ir-tour: CreateConstantCompareExpression: a float predicate on ints -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateConstantCompareExpression: an opcode ID as the predicate -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantCompareExpression: i32 against double -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateConstantCompareExpression: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantGEPExpression: gep inbounds [8 x i32] @table, 0, 3: interned ok
// CHECK-NEXT: ir-tour: CreateConstantGEPExpression: gep i8 @table, 12 has the operands table_ref's initializer has ok
// CHECK-NEXT: ir-tour: CreateConstantGEPExpression: field 2 of {i32, double} -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantGEPExpression: an i32 as the pointer -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateConstantGEPExpression: a double index -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateConstantGEPExpression: over void (unsized) -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateConstantGEPExpression: two indices from a NULL array -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateConstantGEPExpression: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetGlobalAddressConstant: a global is its own address ok
// CHECK-NEXT: ir-tour: GetGlobalAddressConstant: an instruction -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetGlobalAddressConstant: an integer constant -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetGlobalAddressConstant: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateMetadataString: interned, a STRING, its bytes read back ok
// CHECK-NEXT: ir-tour: CreateMetadataString: the empty string is a string too ok
// CHECK-NEXT: ir-tour: CreateMetadataString: NULL bytes of length 2 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateMetadataString: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetValueAsMetadata: i32 7 as metadata: interned, a VALUE ok
// CHECK-NEXT: ir-tour: GetValueAsMetadata: a basic block (LLVM wraps constants, arguments, instructions) -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetValueAsMetadata: a type handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetValueAsMetadata: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateMetadataNode: !{!"neverc ir tour", i32 7, null}: uniqued, a NODE ok
// CHECK-NEXT: ir-tour: CreateMetadataNode: distinct nodes are distinct ok
// CHECK-NEXT: ir-tour: CreateMetadataNode: three operands from a NULL array -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateMetadataNode: a value handle as an operand -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateMetadataNode: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetMetadataOperandCount: 3 operands ok
// CHECK-NEXT: ir-tour: GetMetadataOperand: the string, the value, null ok
// CHECK-NEXT: ir-tour: GetMetadataOperand: index 3 of 3 -> NOT_FOUND ok
// CHECK-NEXT: ir-tour: GetMetadataOperand: of a string -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetMetadataOperand: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetMetadataOperandCount: of a string -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetMetadataOperandCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetMetadataStringBytes: of a node -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetMetadataStringBytes: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetMetadataKind: a value handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetMetadataKind: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetMetadataAsValue: the node as a value: METADATA_AS_VALUE of type metadata, interned ok
// CHECK-NEXT: ir-tour: GetValueAsMetadata: of that value unwraps to the node ok
// CHECK-NEXT: ir-tour: GetMetadataAsValue: a value handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetMetadataAsValue: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetOrInsertNamedMetadata: !llvm.module.flags has wchar_size = i32 4 ok
// CHECK-NEXT: ir-tour: GetNamedMetadataOperand: one of those flags is !{i32 1, !"wchar_size", i32 4} ok
// CHECK-NEXT: ir-tour: GetOrInsertNamedMetadata: !neverc.tour is new and empty ok
// CHECK-NEXT: ir-tour: AppendNamedMetadata: the node becomes its only operand ok
// CHECK-NEXT: ir-tour: GetOrInsertNamedMetadata: the same name again is the same handle ok
// CHECK-NEXT: ir-tour: AppendNamedMetadata: a string (operands are nodes) -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: AppendNamedMetadata: to a metadata node handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetNamedMetadataOperand: index 1 of 1 -> NOT_FOUND ok
// CHECK-NEXT: ir-tour: GetNamedMetadataOperandCount: of a metadata node handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetOrInsertNamedMetadata: the empty name -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetOrInsertNamedMetadata: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetNamedMetadataOperandCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetNamedMetadataOperand: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetDebugLocationInfo: of a string -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetDebugLocationInfo: of a plain node -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetDebugLocationInfo: a record whose Size is 8 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetDebugLocationInfo: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetTerminator: of every block is its last instruction, the only terminator ok
// CHECK-NEXT: ir-tour: GetSuccessor: every successor edge is a predecessor edge back, and vice versa ok
// CHECK-NEXT: ir-tour: GetSuccessor: the loops of fill and total: blocks that are their own successor ok
// CHECK-NEXT: ir-tour: GetPHIIncoming: each PHI: one entry per predecessor, its operands, its type ok
// CHECK-NEXT: ir-tour: GetValueUse: every use of every instruction and argument is the operand it names ok
// CHECK-NEXT: ir-tour: GetOperand: every instruction, argument or block operand has the use back ok
// CHECK-NEXT: ir-tour: GetInstructionOpcode: every instruction has a schema opcode ok
// CHECK-NEXT: ir-tour: GetOperandCount: within the opcode's schema operand bounds ok
// CHECK-NEXT: ir-tour: GetValueType: each result has the type the opcode's result constraint says ok
// CHECK-NEXT: ir-tour: GetInstructionOpcode: the input has ret br phi icmp select load store gep call alloca ... fence ok
// CHECK-NEXT: ir-tour: GetOperandCount: an argument has none, GetOperand of it is NOT_FOUND ok
// CHECK-NEXT: ir-tour: GetOperand: index == operand count -> NOT_FOUND ok
// CHECK-NEXT: ir-tour: GetOperand: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetOperandCount: a type handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetOperandCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetValueUse: index == use count -> NOT_FOUND ok
// CHECK-NEXT: ir-tour: GetValueUse: a record without a header -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetValueUse: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetValueUseCount: the context handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetValueUseCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetTerminator: of an instruction -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetTerminator: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPredecessorCount: of a function -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetPredecessorCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPredecessorCount: pick's entry block has none, GetPredecessor 0 is NOT_FOUND ok
// CHECK-NEXT: ir-tour: GetPredecessor: of an argument -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetPredecessor: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetSuccessorCount: pick returns: no successor, GetSuccessor 0 is NOT_FOUND ok
// CHECK-NEXT: ir-tour: GetSuccessorCount: of an instruction -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetSuccessorCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetSuccessor: of a global -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetSuccessor: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPHIIncoming: index == incoming count -> NOT_FOUND ok
// CHECK-NEXT: ir-tour: GetPHIIncoming: of a select -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetPHIIncoming: a record without a header -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPHIIncoming: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetPHIIncomingCount: of a block -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetPHIIncomingCount: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetInstructionOpcode: of a block -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetInstructionOpcode: of a function -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetInstructionOpcode: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: every property of every instruction: readable exactly when in its opcode's writable set ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: each read has the schema's value kind and keeps the header ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: NAME is what GetValueName says ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: PREDICATE/CALLING_CONVENTION are schema IDs, orderings and tail-call kinds in range ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: ALIGNMENT a power of two, BOOLs 0/1, element and allocated types real types ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: pick's icmp is ICMP_SGT; its add nsw, not nuw ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: total's load: align 4, not volatile, not atomic, system scope ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: the loads of one and sink in main are volatile ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: total's gep: inbounds nuw (so nusw) over i32 ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: main's buffer: alloca [8 x i32], align 16 ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: claim's cmpxchg: strong, seq_cst/seq_cst, align 4 ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: claim's atomicrmw is monotonic, its fence seq_cst ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: main's printf call: tail, C calling convention ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: mix's or is disjoint, its lshr not exact; scaled's fmul has no fast-math ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: a value without a header -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: an opcode ID as the property -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: property ordinal 24 (past the schema) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: of a block -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: of a constant -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: NSW of pick's add: off, read, on again ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: NUW of pick's add: on, read, off again ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: EXACT of mix's lshr, DISJOINT of its or ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: ALIGNMENT of total's load: 2, then 4 ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: ALIGNMENT 3 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: ALIGNMENT 2^33 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: VOLATILE of fill's store, of the cmpxchg, of the atomicrmw ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: ATOMIC_ORDERING of total's load: monotonic, then not atomic ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: ATOMIC_ORDERING of the atomicrmw and the fence ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: ATOMIC_ORDERING 7 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: SYNC_SCOPE of total's load: singlethread, then system ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: WEAK, SUCCESS_ORDERING, FAILURE_ORDERING of the cmpxchg ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: PREDICATE of pick's icmp: sle, then sgt ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: PREDICATE fcmp oeq on an icmp -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: PREDICATE given an opcode ID -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: FAST_MATH_FLAGS of scaled's fmul: nnan ninf, then none ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: FAST_MATH_FLAGS bit 7 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: FAST_MATH_FLAGS of a call returning int -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: TAIL_CALL_KIND of the printf call: notail, then back ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: TAIL_CALL_KIND 4 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: CALLING_CONVENTION of the call to pick: fastcc, then C ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: CALLING_CONVENTION given a linkage ID -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: NUSW, INBOUNDS, NUW of total's gep: off and on ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: SOURCE_ELEMENT_TYPE of the gep: i8, then i32 ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: SOURCE_ELEMENT_TYPE void (unsized) -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: SOURCE_ELEMENT_TYPE given a value handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: ALLOCATED_TYPE of main's buffer: [16 x i32], then [8 x i32] ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: ALIGNMENT of main's buffer: 32, then 16 ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: NAME of pick's icmp reads back through GetValueName ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: NAME of a store (not in its writable set) -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: VOLATILE of an add -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: PREDICATE of a select -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: ALIGNMENT of a gep -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: TAIL_CALL_KIND of a load -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: NSW carried as a STRING -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: a BOOL of 2 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: a value without a header -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: a linkage ID as the property -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: of a function -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetInstructionProperty: after all that: pick's add is nsw again, the load align 4 ok
// CHECK-NEXT: ir-tour: SetOperand: pick's add: operand 1 becomes 6, reads back, becomes 5 again ok
// CHECK-NEXT: ir-tour: SetOperand: index 2 of a binary operator -> NOT_FOUND ok
// CHECK-NEXT: ir-tour: SetOperand: an i64 for an i32 operand -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetOperand: of a constant (constants are immutable) -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetOperand: a type handle as the operand -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetPHIIncoming: total's induction PHI: entry 0 becomes 5, reads back, 0 again ok
// CHECK-NEXT: ir-tour: SetPHIIncoming: index 2 of 2 -> NOT_FOUND ok
// CHECK-NEXT: ir-tour: SetPHIIncoming: an i32 into an i64 PHI -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetPHIIncoming: a block of another function -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetPHIIncoming: an instruction as the block -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetPHIIncoming: an entry without a header -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetPHIIncoming: of an add -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateEnumAttribute: cold: interned, ENUM, named cold ok
// CHECK-NEXT: ir-tour: CreateIntegerAttribute: alignstack(16): INTEGER 16 ok
// CHECK-NEXT: ir-tour: CreateStringAttribute: "neverc-tour"="yes": STRING ok
// CHECK-NEXT: ir-tour: CreateTypeAttribute: byref(i32): TYPE, its type i32 ok
// CHECK-NEXT: ir-tour: CreateEnumAttribute: no-such-attribute -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateEnumAttribute: alignstack (an integer kind) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateEnumAttribute: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateIntegerAttribute: cold (an enum kind) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateIntegerAttribute: alignstack(3) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateIntegerAttribute: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateStringAttribute: an empty kind -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateStringAttribute: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateTypeAttribute: byref of a value handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: CreateTypeAttribute: cold (not a type kind) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: CreateTypeAttribute: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetAttributeValueKind: a value handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetAttributeValueKind: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetAttributeKindName: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetAttributeIntegerValue: of an enum attribute -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetAttributeIntegerValue: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetAttributeStringValue: of an integer attribute -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetAttributeStringValue: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetAttributeTypeValue: of a string attribute -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetAttributeTypeValue: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: HasFunctionAttribute: pick is not cold, has no neverc-tour, is nounwind ok
// CHECK-NEXT: ir-tour: GetFunctionStringAttribute: neverc-tour before it is added -> NOT_FOUND ok
// CHECK-NEXT: ir-tour: AddFunctionAttribute: cold, alignstack(16), neverc-tour=yes on pick ok
// CHECK-NEXT: ir-tour: HasFunctionAttribute: pick is now cold, alignstack, neverc-tour ok
// CHECK-NEXT: ir-tour: GetFunctionStringAttribute: neverc-tour of pick is yes ok
// CHECK-NEXT: ir-tour: GetFunctionStringAttribute: target-cpu, a string Clang put there ok
// CHECK-NEXT: ir-tour: GetFunctionStringAttribute: cold (an enum attribute) -> NOT_FOUND ok
// CHECK-NEXT: ir-tour: AddFunctionAttribute: byref(i32) on tour_probe's parameter 0, signext on its return ok
// CHECK-NEXT: ir-tour: AddFunctionAttribute: byref on the function (a parameter attribute) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: AddFunctionAttribute: parameter 1 of a one-parameter function -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: AddFunctionAttribute: a linkage ID as the location -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: AddFunctionAttribute: to a global variable -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: AddFunctionAttribute: a type handle as the attribute -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: HasFunctionAttribute: an empty kind -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: HasFunctionAttribute: of an alias -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: HasFunctionAttribute: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetFunctionStringAttribute: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetModuleIdentifier: the source file ok
// CHECK-NEXT: ir-tour: GetModuleTargetTriple: an x86_64 triple ok
// CHECK-NEXT: ir-tour: GetModuleDataLayout: little-endian, ELF mangling ok
// CHECK-NEXT: ir-tour: GetModuleInlineAssembly: the input's top-level asm ok
// CHECK-NEXT: ir-tour: SetModuleIdentifier: tour-module, read back, restored ok
// CHECK-NEXT: ir-tour: SetModuleTargetTriple: aarch64-unknown-linux-gnu, read back, restored ok
// CHECK-NEXT: ir-tour: SetModuleDataLayout: e-p:32:32, read back, restored ok
// CHECK-NEXT: ir-tour: SetModuleInlineAssembly: a new line reads back newline-terminated, restored ok
// CHECK-NEXT: ir-tour: SetModuleTargetTriple: the empty triple -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetModuleDataLayout: z-bogus (not a data layout) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetModuleIdentifier: NULL bytes of length 5 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetModuleInlineAssembly: NULL bytes of length 5 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetModuleDataLayout: after the refused calls: all four as they were ok
// CHECK-NEXT: ir-tour: GetModuleIdentifier: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetModuleTargetTriple: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetModuleDataLayout: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetModuleInlineAssembly: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetGlobalLinkage: external, internal, private, alias external ok
// CHECK-NEXT: ir-tour: SetGlobalLinkage: tour_probe weak_odr, read back, external again ok
// CHECK-NEXT: ir-tour: SetGlobalLinkage: a visibility ID as the linkage -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetGlobalLinkage: of an instruction -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetGlobalLinkage: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetGlobalVisibility: tour_probe protected, read back, default again ok
// CHECK-NEXT: ir-tour: SetGlobalVisibility: hidden on an internal function -> INVALID_STATE ok
// CHECK-NEXT: ir-tour: SetGlobalVisibility: a linkage ID as the visibility -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetGlobalVisibility: of an argument -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetGlobalVisibility: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetGlobalSection: scale goes to .data.neverc_tour ok
// CHECK-NEXT: ir-tour: GetGlobalSection: of an alias (no section of its own) -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetGlobalSection: NULL bytes of length 3 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetGlobalSection: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetGlobalComdat: tour_probe has none ok
// CHECK-NEXT: ir-tour: GetOrInsertComdat: tour_probe's comdat: one handle per name ok
// CHECK-NEXT: ir-tour: SetGlobalComdat: tour_probe joins it; off again; joins it for good ok
// CHECK-NEXT: ir-tour: SetGlobalComdat: on an alias -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetGlobalComdat: a value handle as the comdat -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetOrInsertComdat: the empty name -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetGlobalComdat: of an alias -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetOrInsertComdat: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetGlobalComdat: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetFunctionCallingConvention: pick and printf are C ok
// CHECK-NEXT: ir-tour: SetFunctionCallingConvention: tour_probe coldcc, read back, C again ok
// CHECK-NEXT: ir-tour: SetFunctionCallingConvention: a predicate ID -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetFunctionCallingConvention: of a global variable -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetFunctionCallingConvention: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetFunctionPersonality: C functions have none ok
// CHECK-NEXT: ir-tour: SetFunctionPersonality: tour_probe's is printf, read back, removed ok
// CHECK-NEXT: ir-tour: SetFunctionPersonality: an i32 constant -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetFunctionPersonality: an instruction -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetFunctionPersonality: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetFunctionGC: tour_probe's GC: shadow-stack, read back, cleared ok
// CHECK-NEXT: ir-tour: SetFunctionGC: NULL bytes of length 4 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetFunctionGC: of an alias -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetFunctionGC: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: SetFunctionSection: tour_probe goes to .text.neverc_tour ok
// CHECK-NEXT: ir-tour: GetFunctionSection: of a global variable -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: SetFunctionSection: of a global variable -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetFunctionSection: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetValueUseCount: main reads one once (8 * one), never uses what it reads of sink ok
// CHECK-NEXT: ir-tour: EraseValue: the load of one while 8 * one uses it -> INVALID_STATE ok
// CHECK-NEXT: ir-tour: ReplaceAllUsesWith: a value by itself -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: ReplaceAllUsesWith: an i32 by an i64 -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: ReplaceAllUsesWith: a constant (uniqued, not replaceable) -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: ReplaceAllUsesWith: a type handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: ReplaceAllUsesWith: the load of one by i32 1: 8 * one now uses the constant ok
// CHECK-NEXT: ir-tour: EraseValue: the dead loads of one and sink ok
// CHECK-NEXT: ir-tour: CollectValueCursor: main's entry block is two instructions shorter ok
// CHECK-NEXT: ir-tour: CollectValueCursor: a cursor begun before the EraseValue -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: GetValueName: an erased instruction's handle -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: EraseValue: an erased instruction again -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: of an erased instruction -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: ReplaceAllUsesWith: an erased instruction -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: EraseValue: an unused constant (not an instruction, block or global) -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: EraseValue: a type handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: EraseValue: pick, which main calls -> INVALID_STATE ok
// CHECK-NEXT: ir-tour: ExportModule: bitcode: a buffer starting with the magic 'BC' 0xC0DE ok
// CHECK-NEXT: ir-tour: ExportModule: text: the module's definitions ok
// CHECK-NEXT: ir-tour: GetSerializedBufferView: the text shows the tour's attributes ok
// CHECK-NEXT: ir-tour: GetSerializedBufferView: the text shows the sections, the comdat, !neverc.tour ok
// CHECK-NEXT: ir-tour: ExportModule: a second export: another buffer, the same bytes ok
// CHECK-NEXT: ir-tour: ExportModule: format 3 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: ExportModule: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: GetSerializedBufferView: a type handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: GetSerializedBufferView: a buffer handle of an older generation -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: GetSerializedBufferView: NULL out pointer -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: ReleaseSerializedBuffer: a value handle -> WRONG_TYPE ok
// CHECK-NEXT: ir-tour: ImportModule: format 5 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: ImportModule: NULL bytes of length 8 -> INVALID_ARGUMENT ok
// CHECK-NEXT: ir-tour: ImportModule: a text module defining tour_imported, which calls pick ok
// CHECK-NEXT: ir-tour: GetValueName: a function handle from before the import -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: GetInstructionOpcode: an instruction handle from before the import -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: GetMetadataKind: a metadata handle from before the import -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: GetNamedMetadataOperandCount: a named metadata handle from before -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: SetGlobalComdat: a comdat handle from before the import -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: CollectValueCursor: a cursor begun before the import -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: GetIntegerType: type and attribute handles survive the import ok
// CHECK-NEXT: ir-tour: ImportModule: the module keeps all its functions and gains tour_imported ok
// CHECK-NEXT: ir-tour: ImportModule: tour_imported calls the module's own pick, still defined ok
// CHECK-NEXT: ir-tour: GetFunctionSection: tour_probe keeps its section and comdat across the import ok
// CHECK-NEXT: ir-tour: GetModuleInlineAssembly: the imported asm line joins the input's ok
// CHECK-NEXT: ir-tour: GetOrInsertNamedMetadata: !neverc.tour kept its node; !neverc.tour.loc came along ok
// CHECK-NEXT: ir-tour: GetDebugLocationInfo: the imported location: line 42, column 7, in a subprogram ok
// CHECK-NEXT: ir-tour: ImportModule: the module's triple and data layout are its own still ok
// CHECK-NEXT: ir-tour: ReleaseSerializedBuffer: both buffers ok
// CHECK-NEXT: ir-tour: GetSerializedBufferView: a released buffer -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: ReleaseSerializedBuffer: a released buffer -> STALE_HANDLE ok
// CHECK-NEXT: ir-tour: observer: sees the pass's work: tour_probe in .text.neverc_tour, pick cold ok
// CHECK-NEXT: ir-tour: observer: may read: ExportModule and ReleaseSerializedBuffer ok
// CHECK-NEXT: ir-tour: observer: may look up what exists: !neverc.tour, the tour_probe comdat ok
// CHECK-NEXT: ir-tour: ReplaceAllUsesWith: from an observer: pick by tour_probe -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: EraseValue: from an observer: tour_probe (unused) -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: GetOrInsertNamedMetadata: from an observer: a new name -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: AppendNamedMetadata: from an observer: a node -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: AddFunctionAttribute: from an observer: cold -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetModuleIdentifier: from an observer: x -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetModuleTargetTriple: from an observer: aarch64 -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetModuleDataLayout: from an observer: e -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetModuleInlineAssembly: from an observer: # x -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetValueName: from an observer: tour_probe -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetOperand: from an observer: of pick's add -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetGlobalLinkage: from an observer: weak -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetGlobalVisibility: from an observer: hidden -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetGlobalSection: from an observer: .x -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: GetOrInsertComdat: from an observer: a new comdat -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetGlobalComdat: from an observer: none -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetFunctionCallingConvention: from an observer: fastcc -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetFunctionPersonality: from an observer: printf -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetFunctionGC: from an observer: shadow-stack -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetFunctionSection: from an observer: .y -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetInstructionProperty: from an observer: NSW of pick's add -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: SetPHIIncoming: from an observer: a PHI of total -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: ImportModule: from an observer: a module -> POLICY_VIOLATION ok
// CHECK-NEXT: ir-tour: observer: nothing changed: names, section, identifier as they were ok
// CHECK-NEXT: ir-tour: summary: 502 checks, 0 failed

// What the limits variant adds.
// LIMITS: ir-tour: GetPrimitiveType: X86_MMX (gone from LLVM 22) -> CAPABILITY_UNAVAILABLE ok
// LIMITS-NEXT: ir-tour: GetInstructionProperty: INDICES of an extractvalue -> CAPABILITY_UNAVAILABLE ok
// LIMITS-NEXT: ir-tour: SetInstructionProperty: INDICES of an extractvalue -> CAPABILITY_UNAVAILABLE ok
// LIMITS-NEXT: ir-tour: GetInstructionProperty: ATTRIBUTES of a call -> CAPABILITY_UNAVAILABLE ok
// LIMITS-NEXT: ir-tour: SetInstructionProperty: ATTRIBUTES of a call -> CAPABILITY_UNAVAILABLE ok
// LIMITS-NEXT: ir-tour: CreateConstantBinaryExpression: mul (ptrtoint @table), 2 (no mul expressions) -> CAPABILITY_UNAVAILABLE ok
// LIMITS-NEXT: ir-tour: CreateConstantCastExpression: zext of a truncated address (no zext expressions) -> CAPABILITY_UNAVAILABLE ok
// LIMITS-NEXT: ir-tour: CreateConstantCompareExpression: icmp ult of two addresses (no compare expressions) -> CAPABILITY_UNAVAILABLE ok
// LIMITS-NEXT: ir-tour: GetValueUseCount: of i32 5, used by pick's add: CAPABILITY_UNAVAILABLE or a count with that use ok
// LIMITS-NEXT: ir-tour: GetValueUse: of i32 5: CAPABILITY_UNAVAILABLE or a use ok
// LIMITS-NEXT: ir-tour: ImportModule: text that is not IR -> INVALID_ARGUMENT ok
// LIMITS-NEXT: ir-tour: ImportModule: bytes that are not bitcode -> INVALID_ARGUMENT ok
// LIMITS-NEXT: ir-tour: ImportModule: the module's own bitcode (every definition twice) -> INVALID_ARGUMENT ok
// LIMITS-NEXT: ir-tour: ImportModule: a refused link leaves the module as it was ok
// LIMITS: ir-tour: summary: 516 checks, 0 failed
