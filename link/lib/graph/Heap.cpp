//===- Heap.cpp - the process heap a link wants ---------------------------===//
//
// A link reads tens of megabytes into fresh heap: with 4 KiB pages, the
// kernel's page faults were half of a sqlite3 link's time (12,950 faults
// against lld's 4,388). Keeping the heap's top padded, freeing nothing back
// to the kernel mid-link, and asking for transparent huge pages on the
// heap (the machine's THP setting is "madvise") makes a fault cover 2 MiB.
// It is what glibc's glibc.malloc.hugetlb=1 tunable does, which a process
// cannot set for itself once started.
//
//===----------------------------------------------------------------------===//
#include "neverc/link/LinkGraph.h"

#include <cstdint>
#include <cstdlib>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

namespace neverc::link {

void prepareHeapForLink() {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
  constexpr size_t Pad = size_t(64) << 20, Huge = size_t(2) << 20;
  // Allocations up to glibc's largest threshold (32 MiB) come from the
  // heap, which grows by the pad and is not trimmed during the link.
  ::mallopt(M_MMAP_THRESHOLD, 32 << 20);
  ::mallopt(M_TOP_PAD, int(Pad));
  ::mallopt(M_TRIM_THRESHOLD, 256 << 20);
  auto *Before = static_cast<char *>(::sbrk(0));
  // The heap grows by this block and the pad. The volatile store keeps
  // the compiler from eliding the malloc/free pair.
  void *Grow = std::malloc(Huge);
  if (Grow)
    static_cast<volatile char *>(Grow)[0] = 0;
  auto *After = static_cast<char *>(::sbrk(0));
  std::free(Grow);
  if (Before == reinterpret_cast<char *>(-1) || After <= Before)
    return; // the heap did not move (a heap that is not brk's): no advice
  auto Lo = (reinterpret_cast<uintptr_t>(Before) + Huge - 1) & ~(Huge - 1);
  auto Hi = reinterpret_cast<uintptr_t>(After);
  // The advice stays on the heap's mapping as brk extends it. A kernel
  // without THP refuses it, and nothing changes.
  if (Hi > Lo)
    ::madvise(reinterpret_cast<void *>(Lo), Hi - Lo, MADV_HUGEPAGE);
#endif
}

} // namespace neverc::link
