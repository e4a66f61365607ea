// What the assembly phases refuse (AsmDialectPlugin): each failure names
// the plugin or the verifier, and leaves no output behind.
//
// RUN: rm -rf %t && mkdir -p %t
// A print provider that publishes no text: neverc.assembly.verify_print.
// RUN: not %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -fplugin-arg=org.neverc.test.asm-dialect:mode=empty -S %s -o %t/empty.s 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: neverc.assembly.verify_print: the assembly a plugin printed is not a text file: it is empty
// EMPTY: error: phase 'neverc.assembly.print' failed: VERIFICATION_FAILED
// RUN: test ! -e %t/empty.s
//
// A parse interceptor that publishes a unit it never filled:
// neverc.assembly.verify_parse; no object.
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -S %s -o %t/p.s
// RUN: not %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -fplugin-arg=org.neverc.test.asm-dialect:mode=nothing -c %t/p.s -o %t/nothing.o 2>&1 | FileCheck %s --check-prefix=NOTHING
// NOTHING: error: neverc.assembly.verify_parse: the unit a plugin published for '{{.*}}p.s' holds nothing (no committed mutation)
// NOTHING: error: phase 'neverc.assembly.parse' failed: VERIFICATION_FAILED
// RUN: test ! -e %t/nothing.o
//
// A line the plugin's builder refuses (a symbol defined twice): the
// plugin fails the phase, named; no object.
// RUN: cp %t/p.s %t/twice.s && grep '^symbol answer ' %t/p.s >> %t/twice.s
// RUN: not %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -c %t/twice.s -o %t/twice.o 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: remark: asm: line 'symbol answer {{.*}}' refused: DUPLICATE_ID
// TWICE: error: interceptor failed with DUPLICATE_ID [plugin org.neverc.test.asm-dialect, neverc.assembly.parse]
// RUN: test ! -e %t/twice.o
//
// A symbol placed past the end of its section: the host cannot emit the
// unit the plugin built, and says which symbol; no object. (The symbol at
// the end of the empty section is fine.)
// RUN: not %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -x assembler -c %S/Inputs/past-end.ncmc -o %t/past.o 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: error: neverc.assembly.parse: the unit the plugin built cannot be emitted: symbol 'late' lies past the end of section '.data.empty'
// RUN: test ! -e %t/past.o
//
// An interceptor that builds and then runs LLVM's parser as well: the
// object is LLVM's, publishing afterwards is refused, and the steps it
// committed are dropped with a warning.
// RUN: %clang -S %s -o %t/plain.s
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -fplugin-arg=org.neverc.test.asm-dialect:mode=both -c %t/plain.s -o %t/both.o 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: asm: PublishParsedMCUnit(after LLVM's parse) INVALID_STATE
// BOTH: warning: neverc.assembly.parse: the unit a plugin built for '{{.*}}plain.s' was not published; LLVM's parse is the output and the plugin's 1 committed step is dropped
// RUN: %clang -c %t/plain.s -o %t/both-ref.o && cmp %t/both.o %t/both-ref.o
//
// The slots' refusals on the way (mode=tour), print then parse.
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -fplugin-arg=org.neverc.test.asm-dialect:mode=tour -S %s -o %t/tour.s 2>&1 | FileCheck %s --check-prefix=TPRINT
// TPRINT:      asm: GetPrintInput(major 99) ABI_MISMATCH
// TPRINT-NEXT: asm: GetPrintInput(null unit) INVALID_ARGUMENT
// TPRINT-NEXT: asm: GetParseInput(in print) INVALID_STATE
// TPRINT-NEXT: asm: GetParseMCBuilder(in print) INVALID_STATE
// TPRINT-NEXT: asm: GetPrintInput OK
// TPRINT-NEXT: asm: BeginMutation(print unit) INVALID_STATE
// TPRINT-NEXT: warning: NevercMCAPI.CreateSection is unavailable here: only the unit an assembly.parse builder fills takes new items; LLVM 22's assembler is being written (emission) or finished (print) everywhere else [neverc, neverc.assembly.print]
// TPRINT-NEXT: asm: CreateSection(print unit) CAPABILITY_UNAVAILABLE
// TPRINT-NEXT: asm: PublishAssemblyOutput(twice) INVALID_STATE
// TPRINT-NEXT: asm: WritePrintOutput(after publishing) INVALID_STATE
// RUN: cmp %t/tour.s %t/p.s
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -fplugin-arg=org.neverc.test.asm-dialect:mode=tour -c %t/tour.s -o %t/tour.o 2>&1 | FileCheck %s --check-prefix=TPARSE
// TPARSE:      asm: PublishParsedMCUnit(mutation open) INVALID_STATE
// TPARSE-NEXT: asm: CreateFragment(no section) WRONG_TYPE
// TPARSE-NEXT: asm: CreateFixup(overlapping) INVALID_ARGUMENT
// TPARSE-NEXT: asm: CreateSymbol(defined twice) DUPLICATE_ID
// RUN: %neverc -fplugin=%test_plugins/AsmDialectPlugin.so -c %t/p.s -o %t/p.o
// RUN: cmp %t/tour.o %t/p.o
int answer(void) { return 42; }
