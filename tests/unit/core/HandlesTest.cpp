//===- HandlesTest.cpp - Handle encoding, tables and scope checks ---------===//
#include "neverc/core/Handles.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

using namespace neverc::core;

namespace {

/// A ScopeOracle whose live sessions and tasks are set by the test.
class FakeOracle final : public ScopeOracle {
public:
  std::set<uint32_t> Sessions;
  std::set<std::pair<uint32_t, uint32_t>> Tasks;
  bool sessionAlive(uint32_t S) const override { return Sessions.count(S); }
  bool taskAlive(uint32_t S, uint32_t T) const override {
    return Tasks.count({S, T});
  }
};

TEST(Handles, EncodeDecodeRoundTrip) {
  NevercHandle H =
      encodeHandle(HandleKind::Artifact, HandleScope{0x123456, 0xdeadbeef},
                   0x01020304, 0x0a0b0c0d);
  DecodedHandle D = decodeHandle(H);
  EXPECT_EQ(D.Kind, HandleKind::Artifact);
  EXPECT_EQ(D.Scope.Session, 0x123456u);
  EXPECT_EQ(D.Scope.Task, 0xdeadbeefu);
  EXPECT_EQ(D.Slot, 0x01020304u);
  EXPECT_EQ(D.Generation, 0x0a0b0c0du);
  EXPECT_FALSE(isNull(H));
  // Only 24 bits of the session serial survive.
  DecodedHandle Trunc = decodeHandle(
      encodeHandle(HandleKind::Session, HandleScope{0x7f123456, 0}, 0, 1));
  EXPECT_EQ(Trunc.Scope.Session, 0x123456u);
  EXPECT_EQ(Trunc.Scope.Task, 0u);
  EXPECT_EQ(Trunc.Kind, HandleKind::Session);
  // Kinds start at 1 and generations at 1: an encoded handle is never null.
  EXPECT_FALSE(isNull(encodeHandle(HandleKind::Session, HandleScope{}, 0, 1)));
}

TEST(Handles, TableInsertLookupErase) {
  HandleTable<int> T(HandleKind::Artifact, HandleScope{5, 7});
  NevercHandle A = T.insert(10);
  NevercHandle B = T.insert(20);
  ASSERT_NE(T.lookup(A), nullptr);
  ASSERT_NE(T.lookup(B), nullptr);
  EXPECT_EQ(*T.lookup(A), 10);
  EXPECT_EQ(*T.lookup(B), 20);
  EXPECT_EQ(T.liveCount(), 2u);
  EXPECT_EQ(T.kind(), HandleKind::Artifact);
  EXPECT_EQ(decodeHandle(A).Generation, 1u);

  EXPECT_TRUE(T.erase(A));
  EXPECT_EQ(T.lookup(A), nullptr) << "erased handle must go stale";
  EXPECT_FALSE(T.erase(A)) << "double erase";
  EXPECT_EQ(T.liveCount(), 1u);

  // Slot reuse: same slot, bumped generation; the old handle stays stale.
  NevercHandle C = T.insert(30);
  EXPECT_EQ(decodeHandle(C).Slot, decodeHandle(A).Slot);
  EXPECT_EQ(decodeHandle(C).Generation, decodeHandle(A).Generation + 1);
  EXPECT_EQ(T.lookup(A), nullptr);
  ASSERT_NE(T.lookup(C), nullptr);
  EXPECT_EQ(*T.lookup(C), 30);
}

TEST(Handles, TableRejectsForeignHandles) {
  HandleTable<int> T(HandleKind::Artifact, HandleScope{5, 7});
  NevercHandle A = T.insert(1);
  DecodedHandle D = decodeHandle(A);
  // Same slot and generation, but another kind / session / task.
  EXPECT_EQ(T.lookup(encodeHandle(HandleKind::Proof, D.Scope, D.Slot,
                                  D.Generation)),
            nullptr);
  EXPECT_EQ(T.lookup(encodeHandle(HandleKind::Artifact, HandleScope{6, 7},
                                  D.Slot, D.Generation)),
            nullptr);
  EXPECT_EQ(T.lookup(encodeHandle(HandleKind::Artifact, HandleScope{5, 8},
                                  D.Slot, D.Generation)),
            nullptr);
  EXPECT_EQ(T.lookup(encodeHandle(HandleKind::Artifact, D.Scope, 99,
                                  D.Generation)),
            nullptr);
  EXPECT_EQ(T.lookup(NevercHandle{0, 0}), nullptr);
  EXPECT_NE(T.lookup(A), nullptr);
}

TEST(Handles, TableClearInvalidatesEverything) {
  HandleTable<std::string> T(HandleKind::Proof, HandleScope{1, 2});
  NevercHandle A = T.insert("a"), B = T.insert("b");
  T.clear();
  EXPECT_EQ(T.liveCount(), 0u);
  EXPECT_EQ(T.lookup(A), nullptr);
  EXPECT_EQ(T.lookup(B), nullptr);
  NevercHandle C = T.insert("c");
  ASSERT_NE(T.lookup(C), nullptr);
  EXPECT_EQ(*T.lookup(C), "c");
  EXPECT_EQ(decodeHandle(C).Generation, 2u);
  EXPECT_EQ(T.lookup(A), nullptr);
  EXPECT_EQ(T.lookup(B), nullptr);
}

class HandleScopeTest : public ::testing::Test {
protected:
  FakeOracle O;
  void SetUp() override {
    O.Sessions = {1, 2};
    O.Tasks = {{1, 10}, {1, 11}, {2, 20}};
  }
  static NevercHandle art(uint32_t S, uint32_t T) {
    return encodeHandle(HandleKind::Artifact, HandleScope{S, T}, 0, 1);
  }
};

TEST_F(HandleScopeTest, NullIsWrongType) {
  EXPECT_EQ(checkHandleScope(NevercHandle{0, 0}, HandleKind::Artifact, {1, 10},
                             O, true)
                .Code,
            NEVERC_STATUS_WRONG_TYPE);
}

TEST_F(HandleScopeTest, WrongKindIsWrongType) {
  NevercHandle P = encodeHandle(HandleKind::Proof, HandleScope{1, 10}, 0, 1);
  EXPECT_EQ(checkHandleScope(P, HandleKind::Artifact, {1, 10}, O, true).Code,
            NEVERC_STATUS_WRONG_TYPE);
  // A task-scoped kind checked as session-scoped (and vice versa).
  EXPECT_EQ(checkHandleScope(art(1, 10), HandleKind::Artifact, {1, 0}, O,
                             false)
                .Code,
            NEVERC_STATUS_WRONG_TYPE);
  EXPECT_EQ(checkHandleScope(art(1, 0), HandleKind::Artifact, {1, 0}, O, true)
                .Code,
            NEVERC_STATUS_WRONG_TYPE);
  // Kind is checked before liveness: wrong kind in a dead session.
  NevercHandle DeadProof =
      encodeHandle(HandleKind::Proof, HandleScope{9, 1}, 0, 1);
  EXPECT_EQ(
      checkHandleScope(DeadProof, HandleKind::Artifact, {1, 10}, O, true).Code,
      NEVERC_STATUS_WRONG_TYPE);
}

TEST_F(HandleScopeTest, EndedSessionOrTaskIsStale) {
  EXPECT_EQ(checkHandleScope(art(3, 30), HandleKind::Artifact, {1, 10}, O,
                             true)
                .Code,
            NEVERC_STATUS_STALE_HANDLE)
      << "ended session beats WRONG_SESSION";
  EXPECT_EQ(checkHandleScope(art(1, 12), HandleKind::Artifact, {1, 10}, O,
                             true)
                .Code,
            NEVERC_STATUS_STALE_HANDLE)
      << "ended task beats WRONG_SCOPE";
  NevercHandle S3 = encodeHandle(HandleKind::Session, HandleScope{3, 0}, 0, 1);
  EXPECT_EQ(checkHandleScope(S3, HandleKind::Session, {}, O, false).Code,
            NEVERC_STATUS_STALE_HANDLE);
}

TEST_F(HandleScopeTest, OtherLiveSessionIsWrongSession) {
  EXPECT_EQ(checkHandleScope(art(2, 20), HandleKind::Artifact, {1, 10}, O,
                             true)
                .Code,
            NEVERC_STATUS_WRONG_SESSION);
  NevercHandle S2 = encodeHandle(HandleKind::Session, HandleScope{2, 0}, 0, 1);
  EXPECT_EQ(checkHandleScope(S2, HandleKind::Session, {1, 0}, O, false).Code,
            NEVERC_STATUS_WRONG_SESSION);
}

TEST_F(HandleScopeTest, OtherLiveTaskIsWrongScope) {
  EXPECT_EQ(checkHandleScope(art(1, 11), HandleKind::Artifact, {1, 10}, O,
                             true)
                .Code,
            NEVERC_STATUS_WRONG_SCOPE);
}

TEST_F(HandleScopeTest, MatchingLiveScopeIsOk) {
  EXPECT_EQ(
      checkHandleScope(art(1, 10), HandleKind::Artifact, {1, 10}, O, true).Code,
      NEVERC_STATUS_OK);
  // Expected.Task == 0 accepts any live task of the session.
  EXPECT_EQ(
      checkHandleScope(art(1, 11), HandleKind::Artifact, {1, 0}, O, true).Code,
      NEVERC_STATUS_OK);
  // Expected.Session == 0 accepts any live session.
  EXPECT_EQ(checkHandleScope(art(2, 20), HandleKind::Artifact, {}, O, true).Code,
            NEVERC_STATUS_OK);
  NevercHandle S1 = encodeHandle(HandleKind::Session, HandleScope{1, 0}, 0, 1);
  EXPECT_EQ(checkHandleScope(S1, HandleKind::Session, {1, 0}, O, false).Code,
            NEVERC_STATUS_OK);
}

} // namespace
