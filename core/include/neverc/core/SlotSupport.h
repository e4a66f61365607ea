//===- SlotSupport.h - What every domain's C slots share --------*- C++ -*-===//
//
// LLVM-free. The checks and guards the C boundary of every domain table
// makes the same way: in/out struct headers, out-struct writes that keep the
// caller's header, and no C++ exception crossing into a plugin.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_SLOTSUPPORT_H
#define NEVERC_CORE_SLOTSUPPORT_H

#include "neverc/core/Status.h"

#include <cstddef>
#include <cstring>
#include <new>

namespace neverc::core {

/// In/out structs: NULL or smaller than \p Need → INVALID_ARGUMENT; a
/// header naming another ABI major than \p Major → ABI_MISMATCH.
inline NevercStatus checkStructHeader(const void *P, size_t Need,
                                      uint16_t Major) {
  if (!P)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  NevercABITableHeader H;
  std::memcpy(&H, P, sizeof H);
  if (H.StructSize < Need)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  if (H.Major != Major)
    return makeStatus(NEVERC_STATUS_ABI_MISMATCH);
  return okStatus();
}

/// Registration descriptors: NULL → INVALID_ARGUMENT; another ABI major
/// than \p Major → ABI_MISMATCH; smaller than \p Need (the version the
/// host reads at least) → INVALID_DESCRIPTOR.
inline NevercStatus checkDescriptorHeader(const void *P, size_t Need,
                                          uint16_t Major) {
  if (!P)
    return makeStatus(NEVERC_STATUS_INVALID_ARGUMENT);
  NevercABITableHeader H;
  std::memcpy(&H, P, sizeof H);
  if (H.Major != Major)
    return makeStatus(NEVERC_STATUS_ABI_MISMATCH);
  if (H.StructSize < Need)
    return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
  return okStatus();
}

/// Writes \p V to \p Out keeping the caller's header.
template <class S> void writeOut(S *Out, S V) {
  V.Header = Out->Header;
  *Out = V;
}

/// Runs a slot body: allocation failure is RESOURCE_EXHAUSTED, any other
/// exception INVALID_STATE; nothing escapes into the plugin.
template <class F> NevercStatus guardSlot(F &&Fn) noexcept {
  try {
    return Fn();
  } catch (const std::bad_alloc &) {
    return makeStatus(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  } catch (...) {
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  }
}

} // namespace neverc::core

#endif
