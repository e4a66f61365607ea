//===- PointerMap.h - A flat map keyed by pointers --------------*- C++ -*-===//
//
// Domains map native objects (a Clang IdentifierInfo, a MacroInfo) to the
// handle they already gave out, once per token on hot paths. A node-based
// std::unordered_map costs a cache miss per lookup there; this is one flat
// array, linear probing, power-of-two capacity, a multiplicative hash of the
// pointer. Insert-only until clear(), which is all those caches need.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_POINTERMAP_H
#define NEVERC_CORE_POINTERMAP_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace neverc::core {

template <class V> class PointerMap {
public:
  /// The value for \p Key, or null. \p Key must not be null.
  V *find(const void *Key) {
    if (Slots.empty())
      return nullptr;
    for (size_t I = index(Key);; I = (I + 1) & (Slots.size() - 1)) {
      Slot &S = Slots[I];
      if (S.Key == Key)
        return &S.Value;
      if (!S.Key)
        return nullptr;
    }
  }

  /// The value for \p Key, default-constructed when new.
  V &operator[](const void *Key) {
    if ((Count + 1) * 4 > Slots.size() * 3)
      grow();
    for (size_t I = index(Key);; I = (I + 1) & (Slots.size() - 1)) {
      Slot &S = Slots[I];
      if (S.Key == Key)
        return S.Value;
      if (!S.Key) {
        S.Key = Key;
        ++Count;
        return S.Value;
      }
    }
  }

  void clear() {
    Slots.clear();
    Count = 0;
  }
  size_t size() const { return Count; }

private:
  struct Slot {
    const void *Key = nullptr;
    V Value{};
  };

  size_t index(const void *Key) const {
    // Fibonacci hashing: the high bits of the product are well mixed even
    // for aligned pointers, whose low bits are all zero.
    uint64_t X = uint64_t(reinterpret_cast<uintptr_t>(Key));
    return size_t((X * 0x9E3779B97F4A7C15ull) >> Shift);
  }

  void grow() {
    std::vector<Slot> Old;
    Old.swap(Slots);
    size_t N = Old.empty() ? 64 : Old.size() * 2;
    Slots.resize(N);
    Shift = 64;
    for (size_t K = N; K > 1; K >>= 1)
      --Shift;
    Count = 0;
    for (Slot &S : Old)
      if (S.Key)
        (*this)[S.Key] = std::move(S.Value);
  }

  std::vector<Slot> Slots;
  size_t Count = 0;
  unsigned Shift = 58; ///< 64 - log2(capacity)
};

} // namespace neverc::core

#endif // NEVERC_CORE_POINTERMAP_H
