//===- RegistryTest.cpp - InterfaceRegistry and PhaseGraph ----------------===//
#include "neverc/core/InterfaceRegistry.h"
#include "neverc/core/PhaseGraph.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

using namespace neverc::core;

namespace {

constexpr NevercInterfaceID IfaceA{0x5445535449464131, 0x1};
constexpr NevercInterfaceID IfaceB{0x5445535449464131, 0x2};

struct FakeTable {
  NevercABITableHeader Header;
  uint64_t Payload[4];
};

PublishedInterface entry(const void *Table, uint16_t Major, uint16_t Minor,
                         uint64_t Size) {
  PublishedInterface E;
  E.Table = Table;
  E.Major = Major;
  E.Minor = Minor;
  E.TableSize = Size;
  return E;
}

//===--- InterfaceRegistry ------------------------------------------------===//

TEST(InterfaceRegistry, UnknownIsMissingInterface) {
  InterfaceRegistry R;
  const void *T = reinterpret_cast<const void *>(0x1);
  EXPECT_EQ(R.query(IfaceA, 1, 0, &T, nullptr, nullptr).Code,
            NEVERC_STATUS_MISSING_INTERFACE);
  EXPECT_EQ(T, nullptr);
  EXPECT_EQ(R.find(IfaceA), nullptr);
}

TEST(InterfaceRegistry, PublishAndQueryOk) {
  InterfaceRegistry R;
  FakeTable Table{};
  ASSERT_EQ(R.publish(IfaceA, entry(&Table, 2, 3, sizeof Table)).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(R.size(), 1u);
  const void *T = nullptr;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  // Exact minor.
  ASSERT_EQ(R.query(IfaceA, 2, 3, &T, &Minor, &Size).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(T, &Table);
  EXPECT_EQ(Minor, 3u);
  EXPECT_EQ(Size, sizeof Table);
  // Lower minimum minor: still the published minor and table size.
  T = nullptr;
  Minor = 0;
  Size = 0;
  ASSERT_EQ(R.query(IfaceA, 2, 1, &T, &Minor, &Size).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(T, &Table);
  EXPECT_EQ(Minor, 3u);
  EXPECT_EQ(Size, sizeof Table);
  // Out-parameters for minor and size are optional.
  EXPECT_EQ(R.query(IfaceA, 2, 0, &T, nullptr, nullptr).Code,
            NEVERC_STATUS_OK);
  // OutTable is not.
  EXPECT_EQ(R.query(IfaceA, 2, 0, nullptr, &Minor, &Size).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
}

TEST(InterfaceRegistry, MajorMismatch) {
  InterfaceRegistry R;
  FakeTable Table{};
  ASSERT_EQ(R.publish(IfaceA, entry(&Table, 2, 3, sizeof Table)).Code,
            NEVERC_STATUS_OK);
  const void *T = &Table;
  EXPECT_EQ(R.query(IfaceA, 1, 0, &T, nullptr, nullptr).Code,
            NEVERC_STATUS_VERSION_MISMATCH);
  EXPECT_EQ(T, nullptr);
  EXPECT_EQ(R.query(IfaceA, 3, 0, &T, nullptr, nullptr).Code,
            NEVERC_STATUS_VERSION_MISMATCH);
}

TEST(InterfaceRegistry, MinorTooHigh) {
  InterfaceRegistry R;
  FakeTable Table{};
  ASSERT_EQ(R.publish(IfaceA, entry(&Table, 2, 3, sizeof Table)).Code,
            NEVERC_STATUS_OK);
  const void *T = &Table;
  EXPECT_EQ(R.query(IfaceA, 2, 4, &T, nullptr, nullptr).Code,
            NEVERC_STATUS_VERSION_MISMATCH);
  EXPECT_EQ(T, nullptr);
}

TEST(InterfaceRegistry, DuplicatePublish) {
  InterfaceRegistry R;
  FakeTable T1{}, T2{};
  ASSERT_EQ(R.publish(IfaceA, entry(&T1, 1, 0, sizeof T1)).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(R.publish(IfaceA, entry(&T2, 1, 1, sizeof T2)).Code,
            NEVERC_STATUS_DUPLICATE_ID);
  // The first publication stays.
  const void *T = nullptr;
  uint16_t Minor = 9;
  ASSERT_EQ(R.query(IfaceA, 1, 0, &T, &Minor, nullptr).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(T, &T1);
  EXPECT_EQ(Minor, 0u);
  // A different ID is fine.
  EXPECT_EQ(R.publish(IfaceB, entry(&T2, 1, 0, sizeof T2)).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(R.size(), 2u);
}

TEST(InterfaceRegistry, PublishRejectsZeroIDAndNullTable) {
  InterfaceRegistry R;
  FakeTable T1{};
  EXPECT_EQ(R.publish(NevercInterfaceID{0, 0}, entry(&T1, 1, 0, 8)).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(R.publish(IfaceA, entry(nullptr, 1, 0, 8)).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(R.size(), 0u);
}

PublishedInterface lockstep(const void *Table, std::string Build,
                            uint32_t LLVM) {
  PublishedInterface E = entry(Table, 1, 0, 16);
  E.Stability = NEVERC_INTERFACE_LOCKSTEP;
  E.ProducerBuildID = std::move(Build);
  E.TargetABIKey = "x86_64-unknown-linux-gnu";
  E.LLVMMajor = LLVM;
  return E;
}

TEST(InterfaceRegistry, LockstepNeedsMatchingBuildAndLLVM) {
  InterfaceRegistry R;
  R.setHostIdentity("host-build-1", 22);
  FakeTable T1{}, T2{}, T3{};
  ASSERT_EQ(R.publish(IfaceA, lockstep(&T1, "host-build-1", 22)).Code,
            NEVERC_STATUS_OK);
  ASSERT_EQ(R.publish(IfaceB, lockstep(&T2, "other-build", 22)).Code,
            NEVERC_STATUS_OK);
  constexpr NevercInterfaceID IfaceC{0x5445535449464131, 0x3};
  ASSERT_EQ(R.publish(IfaceC, lockstep(&T3, "host-build-1", 21)).Code,
            NEVERC_STATUS_OK);
  const void *T = nullptr;
  EXPECT_EQ(R.query(IfaceA, 1, 0, &T, nullptr, nullptr).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(T, &T1);
  EXPECT_EQ(R.query(IfaceB, 1, 0, &T, nullptr, nullptr).Code,
            NEVERC_STATUS_VERSION_MISMATCH);
  EXPECT_EQ(T, nullptr);
  EXPECT_EQ(R.query(IfaceC, 1, 0, &T, nullptr, nullptr).Code,
            NEVERC_STATUS_VERSION_MISMATCH);
  // A STABLE entry ignores the key entirely.
  InterfaceRegistry S;
  S.setHostIdentity("host-build-1", 22);
  PublishedInterface E = lockstep(&T1, "other-build", 7);
  E.Stability = NEVERC_INTERFACE_STABLE;
  ASSERT_EQ(S.publish(IfaceA, std::move(E)).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(S.query(IfaceA, 1, 0, &T, nullptr, nullptr).Code,
            NEVERC_STATUS_OK);
}

//===--- PhaseGraph -------------------------------------------------------===//

struct Totals {
  unsigned Phases = 0, O = 0, I = 0, R = 0, S = 0, G = 0, Events = 0,
           SealedVerifier = 0, SealedCommit = 0, Fallback = 0;
};

TEST(PhaseGraph, BuiltinCountsAndPolicyTotals) {
  PhaseGraph G;
  ASSERT_EQ(G.size(), 130u);
  ASSERT_EQ(uint32_t(BuiltinPhaseCount), 130u);
  std::map<std::string, Totals> ByDomain;
  Totals All;
  for (uint32_t I = 0; I < G.size(); ++I) {
    const PhaseInfo &P = G.at(I);
    for (Totals *T : {&ByDomain[P.Domain], &All}) {
      ++T->Phases;
      T->O += P.has(NEVERC_PHASE_OBSERVABLE);
      T->I += P.has(NEVERC_PHASE_INTERCEPTABLE);
      T->R += P.has(NEVERC_PHASE_REPLACEABLE);
      T->S += P.has(NEVERC_PHASE_SKIPPABLE_WITH_PROOF);
      T->G += P.has(NEVERC_PHASE_SEALED_HOST_GATE);
      T->Events += P.Kind == NEVERC_PHASE_KIND_EVENT;
      T->SealedVerifier += P.Gate == NEVERC_PHASE_GATE_SEALED_VERIFIER;
      T->SealedCommit += P.Gate == NEVERC_PHASE_GATE_SEALED_COMMIT;
      T->Fallback += P.BuiltinFallback;
    }
    EXPECT_EQ(P.Owner, nullptr);
    EXPECT_FALSE(P.Active) << P.Name;
    EXPECT_EQ(checkPhaseShape(P.ID, P.Input, P.Output, P.Policy, P.Points).Code,
              NEVERC_STATUS_OK)
        << P.Name;
  }
  EXPECT_EQ(All.Phases, 130u);
  EXPECT_EQ(All.O, 130u);
  EXPECT_EQ(All.I, 105u);
  EXPECT_EQ(All.R, 86u);
  EXPECT_EQ(All.S, 13u);
  EXPECT_EQ(All.G, 14u);
  EXPECT_EQ(All.Events, 11u);
  EXPECT_EQ(All.SealedVerifier, 10u);
  EXPECT_EQ(All.SealedCommit, 4u);
  EXPECT_EQ(All.Fallback, 105u);

  // phases.md §4: domain -> {phases, O, I, R, S, G, events, sv, sc, fallback}
  struct Row {
    const char *Domain;
    unsigned V[10];
  };
  const Row Rows[] = {
      {"driver", {6, 6, 6, 4, 0, 0, 0, 0, 0, 6}},
      {"source", {3, 3, 2, 1, 0, 0, 1, 0, 0, 2}},
      {"prep", {6, 6, 6, 6, 0, 0, 0, 0, 0, 6}},
      {"syntax", {7, 7, 7, 7, 0, 0, 0, 0, 0, 7}},
      {"sema", {7, 7, 7, 7, 0, 0, 0, 0, 0, 7}},
      {"ir", {8, 8, 7, 2, 0, 1, 0, 1, 0, 7}},
      {"mir", {10, 10, 9, 0, 0, 1, 0, 1, 0, 9}},
      {"codegen", {4, 4, 3, 3, 0, 1, 0, 1, 0, 3}},
      {"mc", {13, 13, 4, 4, 0, 0, 9, 0, 0, 4}},
      {"assembly", {4, 4, 2, 2, 0, 2, 0, 1, 1, 2}},
      {"object", {8, 8, 6, 5, 0, 2, 0, 1, 1, 6}},
      {"link", {20, 20, 16, 15, 13, 3, 1, 2, 1, 16}},
      {"dyncode", {34, 34, 30, 30, 0, 4, 0, 3, 1, 30}},
  };
  EXPECT_EQ(ByDomain.size(), std::size(Rows));
  for (const Row &R : Rows) {
    SCOPED_TRACE(R.Domain);
    ASSERT_TRUE(ByDomain.count(R.Domain));
    const Totals &T = ByDomain[R.Domain];
    unsigned Got[10] = {T.Phases, T.O,      T.I,
                        T.R,      T.S,      T.G,
                        T.Events, T.SealedVerifier, T.SealedCommit,
                        T.Fallback};
    for (int K = 0; K < 10; ++K)
      EXPECT_EQ(Got[K], R.V[K]) << "column " << K;
  }
  EXPECT_EQ(ByDomain["driver"].Phases, NEVERC_BUILTIN_DRIVER_PHASE_COUNT);
  EXPECT_EQ(ByDomain["link"].Phases, NEVERC_BUILTIN_LINK_PHASE_COUNT);
  EXPECT_EQ(ByDomain["dyncode"].Phases, NEVERC_BUILTIN_DYNCODE_PHASE_COUNT);
}

TEST(PhaseGraph, EnumOrderMatchesSchemaOrder) {
  PhaseGraph G;
  uint32_t Expected = 0;
#define CHECK_ROW(S)                                                           \
  {                                                                            \
    EXPECT_EQ(uint32_t(Phase_##S), Expected) << #S;                            \
    const PhaseInfo &P = G.at(Phase_##S);                                      \
    EXPECT_EQ(P.ID.High, NEVERC_PHASE_##S##_HIGH) << #S;                       \
    EXPECT_EQ(P.ID.Low, NEVERC_PHASE_##S##_LOW) << #S;                         \
    EXPECT_EQ(P.Name, NEVERC_PHASE_##S##_NAME) << #S;                          \
    EXPECT_EQ(P.Policy, NEVERC_PHASE_##S##_POLICY) << #S;                      \
    EXPECT_EQ(P.Points, NEVERC_PHASE_##S##_OBSERVER_POINTS) << #S;             \
    ++Expected;                                                                \
  }
  NEVERC_FOR_EACH_BUILTIN_PHASE(CHECK_ROW)
#undef CHECK_ROW
  EXPECT_EQ(Expected, 130u);
}

TEST(PhaseGraph, IndexOfAndIndexOfName) {
  PhaseGraph G;
  for (uint32_t I = 0; I < G.size(); ++I) {
    auto ById = G.indexOf(G.at(I).ID);
    auto ByName = G.indexOfName(G.at(I).Name);
    ASSERT_TRUE(ById.has_value());
    ASSERT_TRUE(ByName.has_value());
    EXPECT_EQ(*ById, I);
    EXPECT_EQ(*ByName, I);
  }
  EXPECT_EQ(*G.indexOfName("neverc.object.commit"), uint32_t(Phase_OBJECT_COMMIT));
  EXPECT_FALSE(G.indexOf(NevercInterfaceID{0, 0}).has_value());
  EXPECT_FALSE(G.indexOf(NevercInterfaceID{0x1234, 0x5678}).has_value());
  EXPECT_FALSE(G.indexOfName("neverc.no.such_phase").has_value());
  EXPECT_FALSE(G.indexOfName("").has_value());
}

constexpr NevercInterfaceID Nz{0x41, 0x42};
constexpr NevercPhasePolicy O_ = NEVERC_PHASE_OBSERVABLE;
constexpr NevercPhasePolicy I_ = NEVERC_PHASE_INTERCEPTABLE;
constexpr NevercPhasePolicy R_ = NEVERC_PHASE_REPLACEABLE;
constexpr NevercPhasePolicy S_ = NEVERC_PHASE_SKIPPABLE_WITH_PROOF;
constexpr NevercPhasePolicy G_ = NEVERC_PHASE_SEALED_HOST_GATE;
constexpr NevercObserverPoint BA = NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER;

TEST(PhaseGraph, CheckPhaseShapeRejects) {
  const NevercInterfaceID Z{0, 0};
  const NevercStatusCode Bad = NEVERC_STATUS_INVALID_DESCRIPTOR;
  EXPECT_EQ(checkPhaseShape(Z, Nz, Nz, O_, BA).Code, Bad);
  EXPECT_EQ(checkPhaseShape(Nz, Z, Nz, O_, BA).Code, Bad);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Z, O_, BA).Code, Bad);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, 0, 0).Code, Bad);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, O_ | 0x20, BA).Code, Bad);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, O_, 0x8).Code, Bad);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, I_, BA).Code, Bad)
      << "points without O";
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, O_ | G_ | I_, BA).Code, Bad);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, O_ | G_ | I_ | R_, BA).Code, Bad);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, O_ | G_ | I_ | R_ | S_, BA).Code, Bad);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, G_ | S_, 0).Code, Bad);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, O_ | R_, BA).Code, Bad) << "R without I";
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, O_ | I_ | S_, BA).Code, Bad)
      << "S without R";
}

TEST(PhaseGraph, CheckPhaseShapeAccepts) {
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, O_, BA).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, O_ | I_ | R_ | S_, BA).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, O_ | G_,
                            NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER_COMMIT)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, I_, 0).Code, NEVERC_STATUS_OK)
      << "no points without O is fine";
  EXPECT_EQ(checkPhaseShape(Nz, Nz, Nz, G_, 0).Code, NEVERC_STATUS_OK);
}

NevercPhaseDescriptor phaseDesc(NevercInterfaceID ID, const char *Name,
                                NevercPhasePolicy Policy = O_ | I_,
                                NevercObserverPoint Points = BA) {
  NevercPhaseDescriptor D{};
  D.Header = {sizeof D, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  D.Phase = ID;
  D.CanonicalName = cview(Name);
  D.InputArtifact = Nz;
  D.OutputArtifact = Nz;
  D.Policy = Policy;
  D.ObserverPoints = Points;
  return D;
}

constexpr NevercInterfaceID Ext0{NEVERC_EXTENSION_FAMILY_0_ID_HIGH,
                                 NEVERC_EXTENSION_FAMILY_0_ID_LOW_MIN};

TEST(PhaseGraph, AddPluginPhase) {
  PhaseGraph G;
  ASSERT_EQ(G.addPluginPhase(phaseDesc(Ext0, "org.test.my_phase"), nullptr).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(G.size(), 131u);
  auto Idx = G.indexOf(Ext0);
  ASSERT_TRUE(Idx.has_value());
  EXPECT_EQ(*Idx, 130u);
  EXPECT_EQ(G.indexOfName("org.test.my_phase"), Idx);
  EXPECT_EQ(G.at(*Idx).Domain, "extension");
  EXPECT_EQ(G.at(*Idx).Gate, NEVERC_PHASE_GATE_TRANSITION);
  EXPECT_TRUE(G.at(*Idx).BuiltinFallback);
  // The same ID again, or the same name under another ID.
  EXPECT_EQ(G.addPluginPhase(phaseDesc(Ext0, "org.test.other"), nullptr).Code,
            NEVERC_STATUS_DUPLICATE_ID);
  NevercInterfaceID Ext0b{Ext0.High, Ext0.Low + 1};
  EXPECT_EQ(
      G.addPluginPhase(phaseDesc(Ext0b, "org.test.my_phase"), nullptr).Code,
      NEVERC_STATUS_DUPLICATE_ID);
  // A sealed plugin phase has no fallback.
  NevercInterfaceID Ext0c{Ext0.High, Ext0.Low + 2};
  ASSERT_EQ(G.addPluginPhase(phaseDesc(Ext0c, "org.test.sealed", O_ | G_),
                             nullptr)
                .Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(G.at(*G.indexOf(Ext0c)).Gate, NEVERC_PHASE_GATE_SEALED_VERIFIER);
  EXPECT_FALSE(G.at(*G.indexOf(Ext0c)).BuiltinFallback);
  // An ID outside every extension family is a "plugin" phase.
  NevercInterfaceID Free{0x0123456789abcdef, 0x1};
  ASSERT_EQ(G.addPluginPhase(phaseDesc(Free, "org.test.free"), nullptr).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(G.at(*G.indexOf(Free)).Domain, "plugin");
}

TEST(PhaseGraph, AddPluginPhaseDuplicateOfBuiltin) {
  PhaseGraph G;
  NevercInterfaceID Builtin{NEVERC_PHASE_OBJECT_COMMIT_HIGH,
                            NEVERC_PHASE_OBJECT_COMMIT_LOW};
  EXPECT_EQ(G.addPluginPhase(phaseDesc(Builtin, "org.test.x"), nullptr).Code,
            NEVERC_STATUS_DUPLICATE_ID);
  EXPECT_EQ(G.addPluginPhase(phaseDesc(Ext0, NEVERC_PHASE_OBJECT_COMMIT_NAME),
                             nullptr)
                .Code,
            NEVERC_STATUS_DUPLICATE_ID);
  EXPECT_EQ(G.size(), 130u);
}

TEST(PhaseGraph, AddPluginPhaseShapeAndName) {
  PhaseGraph G;
  EXPECT_EQ(G.addPluginPhase(phaseDesc(Ext0, ""), nullptr).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  EXPECT_EQ(G.addPluginPhase(phaseDesc(Ext0, "org.test.x", 0, 0), nullptr).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  EXPECT_EQ(G.addPluginPhase(phaseDesc(Ext0, "org.test.x", O_ | G_ | I_),
                             nullptr)
                .Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  EXPECT_EQ(G.size(), 130u);
}

TEST(PhaseGraph, AddPluginPhaseAfterFreeze) {
  PhaseGraph G;
  EXPECT_FALSE(G.frozen());
  G.freeze();
  EXPECT_TRUE(G.frozen());
  EXPECT_EQ(G.addPluginPhase(phaseDesc(Ext0, "org.test.late"), nullptr).Code,
            NEVERC_STATUS_INVALID_STATE);
  // Frozen beats every other check, even a malformed descriptor.
  EXPECT_EQ(G.addPluginPhase(phaseDesc(Ext0, "", 0, 0), nullptr).Code,
            NEVERC_STATUS_INVALID_STATE);
  EXPECT_EQ(G.size(), 130u);
}

TEST(PhaseGraph, ExtensionFamilyOf) {
  const struct {
    uint64_t High, Min, Max;
  } F[] = {
#define FAM(I)                                                                 \
  {NEVERC_EXTENSION_FAMILY_##I##_ID_HIGH, NEVERC_EXTENSION_FAMILY_##I##_ID_LOW_MIN, \
   NEVERC_EXTENSION_FAMILY_##I##_ID_LOW_MAX}
      FAM(0), FAM(1), FAM(2), FAM(3), FAM(4), FAM(5), FAM(6), FAM(7),
#undef FAM
  };
  static_assert(std::size(F) == NEVERC_EXTENSION_FAMILY_COUNT);
  for (int I = 0; I < 8; ++I) {
    SCOPED_TRACE(I);
    EXPECT_EQ(PhaseGraph::extensionFamilyOf({F[I].High, F[I].Min}), I);
    EXPECT_EQ(PhaseGraph::extensionFamilyOf({F[I].High, F[I].Max}), I);
    EXPECT_EQ(PhaseGraph::extensionFamilyOf({F[I].High, F[I].Min + 7}), I);
    if (F[I].Min > 0)
      EXPECT_EQ(PhaseGraph::extensionFamilyOf({F[I].High, F[I].Min - 1}), -1);
    if (F[I].Max < UINT64_MAX)
      EXPECT_EQ(PhaseGraph::extensionFamilyOf({F[I].High, F[I].Max + 1}), -1);
  }
  // Built-in phase IDs are in no family.
  PhaseGraph G;
  for (uint32_t I = 0; I < G.size(); ++I)
    EXPECT_EQ(PhaseGraph::extensionFamilyOf(G.at(I).ID), -1) << G.at(I).Name;
  EXPECT_EQ(PhaseGraph::extensionFamilyOf({0, 0}), -1);
}

} // namespace
