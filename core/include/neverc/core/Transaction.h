//===- Transaction.h - One transaction template for every graph -*- C++ -*-===//
//
// Begin copies the published state into a working copy; edits are staged on
// that copy; Commit verifies it and publishes atomically (swap + generation
// bump) or leaves the published state untouched; Abandon drops the copy.
// Every Begin must reach exactly one Commit or Abandon: a TransactionLedger
// counts the open ones and reports leaks when its scope ends.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_TRANSACTION_H
#define NEVERC_CORE_TRANSACTION_H

#include "neverc/core/Status.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace neverc::core {

/// Counts open transactions in one scope (task). A transaction still open
/// when the scope ends is a leaked mutation.
class TransactionLedger {
public:
  uint64_t open(std::string Label) {
    uint64_t Id = ++LastId;
    Open.push_back({Id, std::move(Label)});
    return Id;
  }
  void close(uint64_t Id) {
    for (size_t I = 0; I < Open.size(); ++I)
      if (Open[I].first == Id) {
        Open.erase(Open.begin() + I);
        return;
      }
  }
  /// Labels of the transactions still open; empties the ledger.
  std::vector<std::string> takeLeaks() {
    std::vector<std::string> Labels;
    for (auto &[Id, Label] : Open)
      Labels.push_back(std::move(Label));
    Open.clear();
    return Labels;
  }
  size_t openCount() const { return Open.size(); }

private:
  uint64_t LastId = 0;
  std::vector<std::pair<uint64_t, std::string>> Open;
};

/// A published value with a generation that every commit bumps.
template <typename State> class Versioned {
public:
  explicit Versioned(State Initial = State()) : Published(std::move(Initial)) {}
  const State &get() const { return Published; }
  uint64_t generation() const { return Generation; }

private:
  template <typename> friend class Transaction;
  State Published;
  uint64_t Generation = 1;
};

/// A staged edit of a Versioned<State>.
template <typename State> class Transaction {
public:
  Transaction() = default;
  Transaction(const Transaction &) = delete;
  Transaction &operator=(const Transaction &) = delete;
  Transaction(Transaction &&O) noexcept { *this = std::move(O); }
  Transaction &operator=(Transaction &&O) noexcept {
    Target = std::exchange(O.Target, nullptr);
    Ledger = std::exchange(O.Ledger, nullptr);
    LedgerId = O.LedgerId;
    BaseGeneration = O.BaseGeneration;
    Working = std::move(O.Working);
    return *this;
  }
  ~Transaction() = default; // a dropped open transaction stays in the ledger

  /// Starts a transaction. INVALID_STATE if this one is still open.
  NevercStatus begin(Versioned<State> &On, TransactionLedger *L,
                     std::string Label) {
    if (Target)
      return makeStatus(NEVERC_STATUS_INVALID_STATE);
    Target = &On;
    Ledger = L;
    LedgerId = L ? L->open(std::move(Label)) : 0;
    BaseGeneration = On.Generation;
    Working.emplace(On.Published);
    return okStatus();
  }

  bool isOpen() const { return Target != nullptr; }
  /// The working copy; only valid while open.
  State &working() { return *Working; }

  /// Verifies and publishes. On any failure the published state is left
  /// exactly as it was and the transaction is closed (abandoned).
  /// A commit racing another commit on the same target → BUSY.
  template <typename Verifier> NevercStatus commit(Verifier &&Verify) {
    if (!Target)
      return makeStatus(NEVERC_STATUS_INVALID_STATE);
    if (Target->Generation != BaseGeneration) {
      abandon();
      return makeStatus(NEVERC_STATUS_BUSY);
    }
    NevercStatus V = Verify(static_cast<const State &>(*Working));
    if (!isOk(V)) {
      abandon();
      return V.Code == NEVERC_STATUS_VERIFICATION_FAILED
                 ? V
                 : makeStatus(NEVERC_STATUS_VERIFICATION_FAILED, V.Flags,
                              uint64_t(V.Code));
    }
    std::swap(Target->Published, *Working);
    ++Target->Generation;
    finish();
    return okStatus();
  }
  NevercStatus commit() {
    return commit([](const State &) { return okStatus(); });
  }

  NevercStatus abandon() {
    if (!Target)
      return makeStatus(NEVERC_STATUS_INVALID_STATE);
    finish();
    return okStatus();
  }

private:
  void finish() {
    if (Ledger)
      Ledger->close(LedgerId);
    Target = nullptr;
    Ledger = nullptr;
    Working.reset();
  }
  Versioned<State> *Target = nullptr;
  TransactionLedger *Ledger = nullptr;
  uint64_t LedgerId = 0;
  uint64_t BaseGeneration = 0;
  std::optional<State> Working;
};

} // namespace neverc::core

#endif
