//===- TransactionTest.cpp - Begin/commit/abandon and the ledger ----------===//
#include "neverc/core/Transaction.h"

#include <gtest/gtest.h>

#include <vector>

using namespace neverc::core;

namespace {

using State = std::vector<int>;

TEST(Transaction, CommitPublishesAndBumpsGeneration) {
  Versioned<State> V(State{1});
  TransactionLedger L;
  Transaction<State> T;
  ASSERT_EQ(T.begin(V, &L, "edit").Code, NEVERC_STATUS_OK);
  EXPECT_TRUE(T.isOpen());
  T.working().push_back(2);
  // Staged only: the published state is untouched until commit.
  EXPECT_EQ(V.get(), State{1});
  EXPECT_EQ(V.generation(), 1u);
  bool Called = false;
  EXPECT_EQ(T.commit([&](const State &S) {
              Called = true;
              EXPECT_EQ(S, (State{1, 2}));
              return okStatus();
            }).Code,
            NEVERC_STATUS_OK);
  EXPECT_TRUE(Called);
  EXPECT_FALSE(T.isOpen());
  EXPECT_EQ(V.get(), (State{1, 2}));
  EXPECT_EQ(V.generation(), 2u);
  // A transaction can be reused after it closed.
  ASSERT_EQ(T.begin(V, &L, "again").Code, NEVERC_STATUS_OK);
  T.working().clear();
  EXPECT_EQ(T.commit().Code, NEVERC_STATUS_OK);
  EXPECT_TRUE(V.get().empty());
  EXPECT_EQ(V.generation(), 3u);
}

TEST(Transaction, FailedVerifierLeavesStateUntouched) {
  Versioned<State> V(State{7});
  TransactionLedger L;
  Transaction<State> T;
  ASSERT_EQ(T.begin(V, &L, "bad").Code, NEVERC_STATUS_OK);
  T.working() = State{8, 9};
  NevercStatus S = T.commit(
      [](const State &) { return makeStatus(NEVERC_STATUS_VERIFICATION_FAILED); });
  EXPECT_EQ(S.Code, NEVERC_STATUS_VERIFICATION_FAILED);
  EXPECT_EQ(V.get(), State{7});
  EXPECT_EQ(V.generation(), 1u);
  EXPECT_FALSE(T.isOpen()) << "a failed commit closes (abandons)";
  EXPECT_EQ(L.openCount(), 0u);
  // Any other verifier code is reported as VERIFICATION_FAILED with the
  // original code in Detail.
  ASSERT_EQ(T.begin(V, &L, "bad2").Code, NEVERC_STATUS_OK);
  T.working().push_back(1);
  S = T.commit([](const State &) {
    return makeStatus(NEVERC_STATUS_INVALID_STATE, NEVERC_STATUS_FLAG_RECOVERABLE);
  });
  EXPECT_EQ(S.Code, NEVERC_STATUS_VERIFICATION_FAILED);
  EXPECT_EQ(S.Detail, uint64_t(NEVERC_STATUS_INVALID_STATE));
  EXPECT_EQ(S.Flags, NEVERC_STATUS_FLAG_RECOVERABLE);
  EXPECT_EQ(V.get(), State{7});
  EXPECT_EQ(V.generation(), 1u);
}

TEST(Transaction, Abandon) {
  Versioned<State> V(State{1});
  TransactionLedger L;
  Transaction<State> T;
  ASSERT_EQ(T.begin(V, &L, "drop").Code, NEVERC_STATUS_OK);
  T.working().push_back(5);
  EXPECT_EQ(L.openCount(), 1u);
  EXPECT_EQ(T.abandon().Code, NEVERC_STATUS_OK);
  EXPECT_FALSE(T.isOpen());
  EXPECT_EQ(V.get(), State{1});
  EXPECT_EQ(V.generation(), 1u);
  EXPECT_EQ(L.openCount(), 0u);
  // Abandon of a closed transaction is a state error.
  EXPECT_EQ(T.abandon().Code, NEVERC_STATUS_INVALID_STATE);
}

TEST(Transaction, DoubleBeginIsInvalidState) {
  Versioned<State> V, W;
  Transaction<State> T;
  ASSERT_EQ(T.begin(V, nullptr, "one").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(T.begin(V, nullptr, "two").Code, NEVERC_STATUS_INVALID_STATE);
  EXPECT_EQ(T.begin(W, nullptr, "other").Code, NEVERC_STATUS_INVALID_STATE);
  EXPECT_TRUE(T.isOpen());
  EXPECT_EQ(T.commit().Code, NEVERC_STATUS_OK);
  EXPECT_EQ(V.generation(), 2u);
  EXPECT_EQ(W.generation(), 1u);
}

TEST(Transaction, CommitWithoutBeginIsInvalidState) {
  Transaction<State> T;
  EXPECT_EQ(T.commit().Code, NEVERC_STATUS_INVALID_STATE);
  bool Called = false;
  EXPECT_EQ(T.commit([&](const State &) {
              Called = true;
              return okStatus();
            }).Code,
            NEVERC_STATUS_INVALID_STATE);
  EXPECT_FALSE(Called);
}

TEST(Transaction, SecondConcurrentCommitIsBusy) {
  Versioned<State> V(State{0});
  TransactionLedger L;
  Transaction<State> A, B;
  ASSERT_EQ(A.begin(V, &L, "a").Code, NEVERC_STATUS_OK);
  ASSERT_EQ(B.begin(V, &L, "b").Code, NEVERC_STATUS_OK);
  A.working().push_back(1);
  B.working().push_back(2);
  EXPECT_EQ(A.commit().Code, NEVERC_STATUS_OK);
  bool Called = false;
  EXPECT_EQ(B.commit([&](const State &) {
              Called = true;
              return okStatus();
            }).Code,
            NEVERC_STATUS_BUSY);
  EXPECT_FALSE(Called) << "a stale base is refused before verification";
  EXPECT_EQ(V.get(), (State{0, 1}));
  EXPECT_EQ(V.generation(), 2u);
  EXPECT_FALSE(B.isOpen());
  EXPECT_EQ(L.openCount(), 0u);
  // Rebased on the new generation, B succeeds.
  ASSERT_EQ(B.begin(V, &L, "b2").Code, NEVERC_STATUS_OK);
  B.working().push_back(2);
  EXPECT_EQ(B.commit().Code, NEVERC_STATUS_OK);
  EXPECT_EQ(V.get(), (State{0, 1, 2}));
  EXPECT_EQ(V.generation(), 3u);
}

TEST(Transaction, LedgerReportsLeaks) {
  Versioned<State> V;
  TransactionLedger L;
  {
    Transaction<State> Leaky;
    ASSERT_EQ(Leaky.begin(V, &L, "leaky-edit").Code, NEVERC_STATUS_OK);
  } // dropped while open: stays in the ledger
  Transaction<State> Done;
  ASSERT_EQ(Done.begin(V, &L, "done-edit").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(L.openCount(), 2u);
  EXPECT_EQ(Done.commit().Code, NEVERC_STATUS_OK);
  EXPECT_EQ(L.openCount(), 1u);
  std::vector<std::string> Leaks = L.takeLeaks();
  ASSERT_EQ(Leaks.size(), 1u);
  EXPECT_EQ(Leaks[0], "leaky-edit");
  EXPECT_EQ(L.openCount(), 0u);
  EXPECT_TRUE(L.takeLeaks().empty());
}

TEST(Transaction, LedgerEmptyAfterCommitAndAbandon) {
  Versioned<State> V;
  TransactionLedger L;
  Transaction<State> A, B;
  ASSERT_EQ(A.begin(V, &L, "a").Code, NEVERC_STATUS_OK);
  ASSERT_EQ(B.begin(V, &L, "b").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(A.commit().Code, NEVERC_STATUS_OK);
  EXPECT_EQ(B.abandon().Code, NEVERC_STATUS_OK);
  EXPECT_TRUE(L.takeLeaks().empty());
}

TEST(Transaction, MoveTransfersOpenTransaction) {
  Versioned<State> V(State{1});
  TransactionLedger L;
  Transaction<State> A;
  ASSERT_EQ(A.begin(V, &L, "moved").Code, NEVERC_STATUS_OK);
  A.working().push_back(2);
  Transaction<State> B(std::move(A));
  EXPECT_FALSE(A.isOpen());
  EXPECT_TRUE(B.isOpen());
  EXPECT_EQ(A.commit().Code, NEVERC_STATUS_INVALID_STATE);
  EXPECT_EQ(B.commit().Code, NEVERC_STATUS_OK);
  EXPECT_EQ(V.get(), (State{1, 2}));
  EXPECT_EQ(L.openCount(), 0u);
}

} // namespace
