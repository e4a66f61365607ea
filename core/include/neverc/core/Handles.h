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

#include <cassert>
#include <cstdint>
#include <type_traits>
#include <utility>
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
///
/// Free slots form a list threaded through the entries themselves (most
/// recently freed first), so erase() never allocates and insert() only does
/// when every slot is taken. The executor borrows one handle per observed
/// phase run and frees it at the end, which keeps both cheap.
template <typename T> class HandleTable {
public:
  HandleTable(HandleKind Kind, HandleScope Scope)
      : Kind(Kind), Owner(encodeHandle(Kind, Scope, 0, 0).Owner) {}

  NevercHandle insert(T Value) {
    uint32_t Slot = FreeHead;
    if (Slot != NoSlot) {
      FreeHead = Slots[Slot].NextFree;
    } else {
      Slot = uint32_t(Slots.size());
      Slots.emplace_back();
    }
    Entry &E = Slots[Slot];
    E.NextFree = InUse;
    E.Value = std::move(Value);
    return NevercHandle{Owner, (uint64_t(E.Generation) << 32) | Slot};
  }

  /// Looks a handle up after its scope was checked. Null when the slot is
  /// free or the generation is old.
  T *lookup(NevercHandle H) {
    // Kind, session and task all live in the Owner word: one compare.
    DecodedHandle D = decodeHandle(H);
    if (H.Owner != Owner || D.Slot >= Slots.size())
      return nullptr;
    Entry &E = Slots[D.Slot];
    return (E.live() && E.Generation == D.Generation) ? &E.Value : nullptr;
  }

  bool erase(NevercHandle H) {
    if (!lookup(H))
      return false;
    release(decodeHandle(H).Slot);
    return true;
  }

  /// erase() without the checks, for a handle the caller got from insert()
  /// and knows nobody erased since: the executor's per-run frame handles
  /// (nothing else frees artifacts while the task lives).
  void eraseLive(NevercHandle H) {
    assert(lookup(H) && "eraseLive on a handle that is not live");
    release(decodeHandle(H).Slot);
  }

  /// Invalidates every handle at once (scope end).
  void clear() {
    for (uint32_t I = 0; I < Slots.size(); ++I)
      if (Slots[I].live())
        release(I);
  }

  /// Counts (tests and diagnostics only, so no counter is kept up to date
  /// on every insert and erase).
  size_t liveCount() const {
    size_t N = 0;
    for (const Entry &E : Slots)
      N += E.live();
    return N;
  }
  HandleKind kind() const { return Kind; }

private:
  static constexpr uint32_t NoSlot = UINT32_MAX;    ///< ends the free list
  static constexpr uint32_t InUse = UINT32_MAX - 1; ///< NextFree when live

  struct Entry {
    uint32_t Generation = 1;
    /// InUse while the slot holds a value, else the next free slot: one
    /// word for both keeps an artifact entry at 32 bytes.
    uint32_t NextFree = NoSlot;
    T Value{};
    bool live() const { return NextFree == InUse; }
  };

  void release(uint32_t Slot) {
    // Dead before the value goes: a payload's destructor may use the table
    // (and even grow it, so the entry is looked up again afterwards). A
    // trivially destructible value has no destructor to run and is never read
    // again (lookup checks the generation), so it is left in place: the
    // executor releases one artifact per observed phase run.
    if constexpr (!std::is_trivially_destructible_v<T>) {
      Slots[Slot].NextFree = NoSlot;
      Slots[Slot].Value = T();
    }
    Entry &E = Slots[Slot];
    if (++E.Generation == 0)
      E.Generation = 1;
    E.NextFree = FreeHead;
    FreeHead = Slot;
  }

  HandleKind Kind;
  uint64_t Owner; ///< encodeHandle(Kind, Scope, ...).Owner of every handle
  std::vector<Entry> Slots;
  uint32_t FreeHead = NoSlot; ///< most recently freed slot
};

/// Handle -> entry of \p Table, with the statuses in the order above:
/// WRONG_TYPE for another kind, the scope rules of checkHandleScope for a
/// task-scoped handle, STALE_HANDLE for a freed or reused slot.
template <typename T>
NevercStatus lookupScoped(HandleTable<T> &Table, NevercHandle H,
                          HandleScope Scope, const ScopeOracle &Scopes,
                          T **Out) {
  if (decodeHandle(H).Kind != Table.kind())
    return makeStatus(NEVERC_STATUS_WRONG_TYPE);
  if (NevercStatus S = checkHandleScope(H, Table.kind(), Scope, Scopes, true);
      !isOk(S))
    return S;
  T *P = Table.lookup(H);
  if (!P)
    return makeStatus(NEVERC_STATUS_STALE_HANDLE);
  *Out = P;
  return okStatus();
}

/// The handle of the native object \p Key in \p Table, minted on first use:
/// asking again for a live one gives the same handle. \p Of maps keys to
/// handles (a PointerMap); a null key has the null handle.
template <typename T, typename Map>
NevercHandle mintCached(HandleTable<T> &Table, Map &Of, const void *Key,
                        T Value) {
  if (!Key)
    return NevercHandle{};
  NevercHandle &H = Of[Key];
  if (!Table.lookup(H))
    H = Table.insert(std::move(Value));
  return H;
}

} // namespace neverc::core

#endif
