//===- Handles.h - Generation-checked handle tables -------------*- C++ -*-===//
//
// NevercHandle is host-private. Owner = kind (8 bits) | session serial
// (24 bits) | task serial (32 bits, 0 for session-scoped kinds);
// Value = generation (32 bits) | slot (32 bits). The all-zero handle is never
// valid: kinds start at 1 and generations at 1.
//
// Validation order fixes the status a bad handle gets:
//   null or other kind          -> WRONG_TYPE
//   ended session or task       -> STALE_HANDLE
//   live, but another session   -> WRONG_SESSION
//   live, but another task      -> WRONG_SCOPE
//   slot freed / reused         -> STALE_HANDLE
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_HANDLES_H
#define NEVERC_CORE_HANDLES_H

#include "neverc/core/Status.h"

#include <cstdint>
#include <vector>

namespace neverc::core {

enum class HandleKind : uint8_t {
  Session = 1,
  Task,
  Artifact,
  Proof,
  Diagnostic,
  Cancellation,
  // Domains allocate kinds from here on.
  FirstDomainKind = 32,
};

struct HandleScope {
  uint32_t Session = 0; ///< 24 significant bits
  uint32_t Task = 0;    ///< 0 for session-scoped handles
};

struct DecodedHandle {
  HandleKind Kind;
  HandleScope Scope;
  uint32_t Slot;
  uint32_t Generation;
};

constexpr NevercHandle encodeHandle(HandleKind Kind, HandleScope Scope,
                                    uint32_t Slot, uint32_t Generation) {
  return NevercHandle{(uint64_t(Kind) << 56) |
                          (uint64_t(Scope.Session & 0xffffff) << 32) |
                          Scope.Task,
                      (uint64_t(Generation) << 32) | Slot};
}

constexpr DecodedHandle decodeHandle(NevercHandle H) {
  return DecodedHandle{HandleKind(H.Owner >> 56),
                       HandleScope{uint32_t((H.Owner >> 32) & 0xffffff),
                                   uint32_t(H.Owner)},
                       uint32_t(H.Value), uint32_t(H.Value >> 32)};
}

/// Answers whether a scope serial is alive. Implemented by the host, which
/// knows which sessions and tasks exist.
class ScopeOracle {
public:
  virtual ~ScopeOracle() = default;
  virtual bool sessionAlive(uint32_t Session) const = 0;
  virtual bool taskAlive(uint32_t Session, uint32_t Task) const = 0;
};

/// Checks kind and scope of a handle against what the caller expects.
/// \p Expected.Task == 0 accepts any live task of the session.
NevercStatus checkHandleScope(NevercHandle H, HandleKind Kind,
                              HandleScope Expected, const ScopeOracle &Scopes,
                              bool TaskScoped);

/// One generation-checked slot table for one kind in one scope. Freeing a
/// slot bumps its generation, so every handle to the old object goes stale.
template <typename T> class HandleTable {
public:
  HandleTable(HandleKind Kind, HandleScope Scope) : Kind(Kind), Scope(Scope) {}

  NevercHandle insert(T Value) {
    uint32_t Slot;
    if (!FreeSlots.empty()) {
      Slot = FreeSlots.back();
      FreeSlots.pop_back();
    } else {
      Slot = uint32_t(Slots.size());
      Slots.push_back(Entry{});
    }
    Entry &E = Slots[Slot];
    E.Live = true;
    E.Value = std::move(Value);
    return encodeHandle(Kind, Scope, Slot, E.Generation);
  }

  /// Looks a handle up after its scope was checked. Null when the slot is
  /// free or the generation is old.
  T *lookup(NevercHandle H) {
    DecodedHandle D = decodeHandle(H);
    if (D.Kind != Kind || D.Scope.Session != (Scope.Session & 0xffffff) ||
        D.Scope.Task != Scope.Task || D.Slot >= Slots.size())
      return nullptr;
    Entry &E = Slots[D.Slot];
    return (E.Live && E.Generation == D.Generation) ? &E.Value : nullptr;
  }

  bool erase(NevercHandle H) {
    if (!lookup(H))
      return false;
    uint32_t Slot = decodeHandle(H).Slot;
    Entry &E = Slots[Slot];
    E.Live = false;
    E.Value = T();
    if (++E.Generation == 0)
      E.Generation = 1;
    FreeSlots.push_back(Slot);
    return true;
  }

  /// Invalidates every handle at once (scope end).
  void clear() {
    for (uint32_t I = 0; I < Slots.size(); ++I)
      if (Slots[I].Live) {
        Slots[I].Live = false;
        Slots[I].Value = T();
        if (++Slots[I].Generation == 0)
          Slots[I].Generation = 1;
        FreeSlots.push_back(I);
      }
  }

  size_t liveCount() const { return Slots.size() - FreeSlots.size(); }
  HandleKind kind() const { return Kind; }

private:
  struct Entry {
    uint32_t Generation = 1;
    bool Live = false;
    T Value{};
  };
  HandleKind Kind;
  HandleScope Scope;
  std::vector<Entry> Slots;
  std::vector<uint32_t> FreeSlots;
};

} // namespace neverc::core

#endif
