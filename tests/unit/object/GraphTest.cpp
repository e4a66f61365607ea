//===- GraphTest.cpp - The object graph's mutations -----------------------===//
//
// Every rule of a mutation, with the refusal it gets: staged steps are
// checked one by one, commit applies all or nothing, abandoned and erased
// entities are stale, each commit bumps the generation and drops the proof.
//
//===----------------------------------------------------------------------===//
#include "neverc/object/Graph.h"

#include <gtest/gtest.h>

using namespace neverc::object;

namespace {

SectionFields data(const char *Name, std::string Bytes = "abcd") {
  SectionFields F;
  F.Name = Name;
  F.Kind = SectionKind::Data;
  F.Flags = SectionFlag::Allocated | SectionFlag::Writable;
  F.Data = std::move(Bytes);
  return F;
}

SymbolFields defined(const char *Name, Section *S, uint64_t Value = 0) {
  SymbolFields F;
  F.Name = Name;
  F.Bind = Binding::Global;
  F.Type = SymbolType::Object;
  F.Def = Definition::Defined;
  F.Sec = S;
  F.Value = Value;
  return F;
}

RelocationFields absolute(Section *In, Symbol *To, uint64_t Offset = 0) {
  RelocationFields F;
  F.Sec = In;
  F.Offset = Offset;
  F.Kind = RelocKind::Absolute;
  F.Target = RelocTarget::Symbol;
  F.Width = 4;
  F.TargetSymbol = To;
  return F;
}

TEST(ObjectGraph, CommitAppliesEveryStepAndBumpsTheGeneration) {
  Graph G;
  Section *Text = G.appendSection(data(".data"));
  G.proveLayout(ELFFormat);
  ASSERT_NE(G.layoutProof(), nullptr);
  uint64_t Gen = G.generation();

  auto M = G.beginMutation();
  ASSERT_TRUE(M);
  Section *S = nullptr;
  Symbol *Y = nullptr;
  Relocation *R = nullptr;
  ASSERT_FALSE(M->createSection(data(".extra"), S));
  EXPECT_EQ(S->State, EntityState::Staged);
  ASSERT_FALSE(M->createSymbol(defined("x", S), Y));
  ASSERT_FALSE(M->createRelocation(absolute(Text, Y), R));
  EXPECT_EQ(G.sections().size(), 1u) << "nothing applied before commit";
  ASSERT_FALSE(M->commit());
  EXPECT_EQ(G.sections().size(), 2u);
  EXPECT_EQ(G.symbols().size(), 1u);
  EXPECT_EQ(G.relocations().size(), 1u);
  EXPECT_TRUE(S->live());
  EXPECT_EQ(G.generation(), Gen + 1);
  EXPECT_EQ(G.layoutProof(), nullptr) << "a commit drops the layout proof";
}

TEST(ObjectGraph, OneMutationAtATime) {
  Graph G;
  auto M = G.beginMutation();
  ASSERT_TRUE(M);
  EXPECT_FALSE(G.beginMutation());
  M->abandon();
  EXPECT_TRUE(G.beginMutation());
}

TEST(ObjectGraph, AbandonedEntitiesAreStale) {
  Graph G;
  auto M = G.beginMutation();
  Section *S = nullptr;
  ASSERT_FALSE(M->createSection(data(".gone"), S));
  M->abandon();
  EXPECT_EQ(S->State, EntityState::Abandoned);
  EXPECT_TRUE(G.sections().empty());
  auto M2 = G.beginMutation();
  Symbol *Y = nullptr;
  Outcome O = M2->createSymbol(defined("y", S), Y);
  EXPECT_EQ(O.Code, Errc::StaleHandle);
  // A step on a closed mutation is refused.
  M->abandon();
  EXPECT_EQ(M->createSection(data(".late"), S).Code, Errc::InvalidState);
}

TEST(ObjectGraph, StepsAreCheckedAsStaged) {
  Graph G;
  Section *D = G.appendSection(data(".data"));
  auto M = G.beginMutation();
  Section *S = nullptr;
  SectionFields Bad = data("");
  EXPECT_EQ(M->createSection(Bad, S).Code, Errc::InvalidArgument);
  Bad = data(".x");
  Bad.Alignment = 3;
  EXPECT_EQ(M->createSection(Bad, S).Code, Errc::InvalidArgument);
  Bad = data(".x");
  Bad.Kind = SectionKind::ZeroFill;
  EXPECT_EQ(M->createSection(Bad, S).Code, Errc::InvalidArgument)
      << "zero-fill with bytes";
  Bad = data(".x");
  Bad.Kind = SectionKind(0x72000042);
  EXPECT_EQ(M->createSection(Bad, S).Code, Errc::InvalidArgument);
  Symbol *Y = nullptr;
  EXPECT_EQ(M->createSymbol(defined("past", D, 5), Y).Code,
            Errc::InvalidArgument)
      << "value past the end of its section";
  SymbolFields U = defined("u", D);
  U.Def = Definition::Undefined;
  EXPECT_EQ(M->createSymbol(U, Y).Code, Errc::InvalidArgument)
      << "an undefined symbol names no section";
  ASSERT_FALSE(M->createSymbol(defined("ok", D, 4), Y));
  Relocation *R = nullptr;
  EXPECT_EQ(M->createRelocation(absolute(D, Y, 1), R).Code,
            Errc::InvalidArgument)
      << "a 4-byte patch at 1 leaves a 4-byte section";
  RelocationFields W = absolute(D, Y);
  W.Width = 9;
  EXPECT_EQ(M->createRelocation(W, R).Code, Errc::InvalidArgument);
  EXPECT_FALSE(M->createRelocation(absolute(D, Y, 0), R));
  ComdatFields C;
  C.Name = "c";
  C.Selection = ComdatSelection::Associative;
  Comdat *K = nullptr;
  EXPECT_EQ(M->createComdat(C, K).Code, Errc::InvalidArgument)
      << "associative without its COMDAT";
  EXPECT_EQ(M->moveSectionBefore(D, D).Code, Errc::InvalidArgument);
}

TEST(ObjectGraph, CommitRefusesDanglingReferencesAndAppliesNothing) {
  Graph G;
  Section *D = G.appendSection(data(".data"));
  Symbol *Y = G.appendSymbol(defined("y", D));
  uint64_t Gen = G.generation();
  auto M = G.beginMutation();
  ASSERT_FALSE(M->eraseSection(D));
  Outcome O = M->commit();
  EXPECT_EQ(O.Code, Errc::InvalidState) << O.Message;
  EXPECT_TRUE(D->live());
  EXPECT_EQ(G.generation(), Gen);
  EXPECT_TRUE(M->open()) << "a refused commit leaves the mutation open";
  // Erasing the symbol too makes the change whole.
  ASSERT_FALSE(M->eraseSymbol(Y));
  ASSERT_FALSE(M->commit());
  EXPECT_EQ(D->State, EntityState::Erased);
  EXPECT_EQ(Y->State, EntityState::Erased);
  EXPECT_TRUE(G.sections().empty());
}

TEST(ObjectGraph, AnErasedSectionTakesItsRelocationsAlong) {
  Graph G;
  Section *A = G.appendSection(data(".a"));
  Section *B = G.appendSection(data(".b"));
  Symbol *Y = G.appendSymbol(defined("y", B));
  Relocation *R = G.appendRelocation(absolute(A, Y));
  auto M = G.beginMutation();
  ASSERT_FALSE(M->eraseSection(A));
  ASSERT_FALSE(M->commit());
  EXPECT_EQ(R->State, EntityState::Erased);
  EXPECT_TRUE(G.relocations().empty());
}

TEST(ObjectGraph, ReplaceChecksTheWholeAtCommit) {
  Graph G;
  Section *D = G.appendSection(data(".data", "12345678"));
  Symbol *Y = G.appendSymbol(defined("y", D, 8));
  auto M = G.beginMutation();
  ASSERT_FALSE(M->replaceSection(D, data(".data", "1234")));
  EXPECT_EQ(M->commit().Code, Errc::InvalidState)
      << "the symbol would lie past the shrunk section";
  SymbolFields F = defined("y", D, 4);
  ASSERT_FALSE(M->replaceSymbol(Y, F));
  ASSERT_FALSE(M->commit());
  EXPECT_EQ(D->size(), 4u);
  EXPECT_EQ(Y->Value, 4u);
}

TEST(ObjectGraph, MovesKeepTheOrder) {
  Graph G;
  Section *A = G.appendSection(data(".a"));
  Section *B = G.appendSection(data(".b"));
  Section *C = G.appendSection(data(".c"));
  auto M = G.beginMutation();
  ASSERT_FALSE(M->moveSectionBefore(C, A));
  ASSERT_FALSE(M->commit());
  std::vector<Section *> Order(G.sections().begin(), G.sections().end());
  EXPECT_EQ(Order, (std::vector<Section *>{C, A, B}));
  EXPECT_EQ(G.next(C), A);
  EXPECT_EQ(G.next(B), nullptr);
}

} // namespace
