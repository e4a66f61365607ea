/* Source of the object-input fuzzer's seed corpus (tests/fuzz/CMakeLists.txt
   compiles it for several targets and archives the results). No headers, so
   any target clang supports can compile it. The variants differ in their
   symbols so that an archive of two has a useful symbol table. */
#ifndef SEED_VARIANT
#define SEED_VARIANT 1
#endif
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define NAME(n) CAT(n, SEED_VARIANT)

extern int NAME(external_counter);       /* undefined symbol, data reloc */
extern int NAME(external_fn)(int);       /* undefined symbol, call reloc */
int NAME(common_buffer)[16];             /* common / bss */
static const char NAME(message)[] = "neverc object seed"; /* rodata */
__attribute__((weak)) int NAME(weak_value) = 7;
#ifdef __APPLE__
#define SEED_SECTION "__DATA,__neverc_seed"
#else
#define SEED_SECTION ".neverc.seed"
#endif
__attribute__((section(SEED_SECTION))) int NAME(custom_section) = 42;
int *NAME(data_pointer) = &NAME(external_counter);
__thread int NAME(thread_local_value) = 3;

static int NAME(helper)(int x) { return x * 3 + NAME(message)[x & 7]; }

int NAME(seed_entry)(int x) {
  int (*fp)(int) = NAME(external_fn);
  NAME(common_buffer)[x & 15] += NAME(helper)(x);
  return fp(x) + *NAME(data_pointer) + NAME(weak_value) +
         NAME(thread_local_value);
}
