//===- PhaseGraph.cpp - Built-in and plugin phases ------------------------===//
#include "neverc/core/PhaseGraph.h"

namespace neverc::core {

namespace {
constexpr NevercPhasePolicy KnownPolicyBits = 0x1f;
constexpr NevercObserverPoint KnownPointBits = 0x7;


struct ExtensionFamily {
  uint64_t High, LowMin, LowMax;
};
constexpr ExtensionFamily Families[] = {
#define NEVERC_CORE_FAMILY(I)                                                  \
  {NEVERC_EXTENSION_FAMILY_##I##_ID_HIGH, NEVERC_EXTENSION_FAMILY_##I##_ID_LOW_MIN, \
   NEVERC_EXTENSION_FAMILY_##I##_ID_LOW_MAX}
    NEVERC_CORE_FAMILY(0), NEVERC_CORE_FAMILY(1), NEVERC_CORE_FAMILY(2),
    NEVERC_CORE_FAMILY(3), NEVERC_CORE_FAMILY(4), NEVERC_CORE_FAMILY(5),
    NEVERC_CORE_FAMILY(6), NEVERC_CORE_FAMILY(7),
#undef NEVERC_CORE_FAMILY
};
static_assert(std::size(Families) == NEVERC_EXTENSION_FAMILY_COUNT);
} // namespace

NevercStatus checkPhaseShape(NevercInterfaceID Phase, NevercInterfaceID Input,
                             NevercInterfaceID Output, NevercPhasePolicy Policy,
                             NevercObserverPoint Points) {
  auto Bad = makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
  if (isZero(Phase) || isZero(Input) || isZero(Output))
    return Bad;
  if (Policy == 0 || (Policy & ~KnownPolicyBits))
    return Bad;
  if (Points & ~KnownPointBits)
    return Bad;
  if (Points && !(Policy & NEVERC_PHASE_OBSERVABLE))
    return Bad;
  if ((Policy & NEVERC_PHASE_SEALED_HOST_GATE) &&
      (Policy & (NEVERC_PHASE_INTERCEPTABLE | NEVERC_PHASE_REPLACEABLE |
                 NEVERC_PHASE_SKIPPABLE_WITH_PROOF)))
    return Bad;
  // The built-in graph never has R without I nor S without R.
  if ((Policy & NEVERC_PHASE_REPLACEABLE) &&
      !(Policy & NEVERC_PHASE_INTERCEPTABLE))
    return Bad;
  if ((Policy & NEVERC_PHASE_SKIPPABLE_WITH_PROOF) &&
      !(Policy & NEVERC_PHASE_REPLACEABLE))
    return Bad;
  return okStatus();
}

PhaseGraph::PhaseGraph() {
  Phases.reserve(NEVERC_BUILTIN_PHASE_COUNT + 16);
#define NEVERC_CORE_PHASE_ROW(S)                                               \
  {                                                                            \
    PhaseInfo P;                                                               \
    P.ID = {NEVERC_PHASE_##S##_HIGH, NEVERC_PHASE_##S##_LOW};                  \
    P.Name = NEVERC_PHASE_##S##_NAME;                                          \
    P.Domain = NEVERC_PHASE_##S##_DOMAIN;                                      \
    P.Verifier = NEVERC_PHASE_##S##_VERIFIER;                                  \
    P.Input = {NEVERC_PHASE_##S##_INPUT_HIGH, NEVERC_PHASE_##S##_INPUT_LOW};   \
    P.Output = {NEVERC_PHASE_##S##_OUTPUT_HIGH, NEVERC_PHASE_##S##_OUTPUT_LOW}; \
    P.Policy = NEVERC_PHASE_##S##_POLICY;                                      \
    P.Points = NEVERC_PHASE_##S##_OBSERVER_POINTS;                             \
    P.Kind = NEVERC_PHASE_##S##_KIND;                                          \
    P.Gate = NEVERC_PHASE_##S##_GATE;                                          \
    P.BuiltinFallback = NEVERC_PHASE_##S##_BUILTIN_FALLBACK == NEVERC_TRUE;    \
    ByID.emplace(P.ID, uint32_t(Phases.size()));                               \
    Phases.push_back(std::move(P));                                            \
  }
  NEVERC_FOR_EACH_BUILTIN_PHASE(NEVERC_CORE_PHASE_ROW)
#undef NEVERC_CORE_PHASE_ROW
}

std::optional<uint32_t> PhaseGraph::indexOf(NevercInterfaceID ID) const {
  auto It = ByID.find(ID);
  if (It == ByID.end())
    return std::nullopt;
  return It->second;
}

std::optional<uint32_t> PhaseGraph::indexOfName(std::string_view Name) const {
  for (uint32_t I = 0; I < Phases.size(); ++I)
    if (Phases[I].Name == Name)
      return I;
  return std::nullopt;
}

int PhaseGraph::extensionFamilyOf(NevercInterfaceID ID) {
  for (size_t I = 0; I < std::size(Families); ++I)
    if (ID.High == Families[I].High && ID.Low >= Families[I].LowMin &&
        ID.Low <= Families[I].LowMax)
      return int(I);
  return -1;
}

NevercStatus PhaseGraph::addPluginPhase(const NevercPhaseDescriptor &D,
                                        Plugin *Owner) {
  if (Frozen)
    return makeStatus(NEVERC_STATUS_INVALID_STATE);
  NevercStatus S = checkPhaseShape(D.Phase, D.InputArtifact, D.OutputArtifact,
                                   D.Policy, D.ObserverPoints);
  if (!isOk(S))
    return S;
  std::string_view Name = view(D.CanonicalName);
  if (Name.empty())
    return makeStatus(NEVERC_STATUS_INVALID_DESCRIPTOR);
  if (ByID.count(D.Phase) || indexOfName(Name))
    return makeStatus(NEVERC_STATUS_DUPLICATE_ID);
  PhaseInfo P;
  P.ID = D.Phase;
  P.Name = std::string(Name);
  int Family = extensionFamilyOf(D.Phase);
  P.Domain = Family >= 0 ? "extension" : "plugin";
  P.Verifier = P.Name + ".verify";
  P.Input = D.InputArtifact;
  P.Output = D.OutputArtifact;
  P.Policy = D.Policy;
  P.Points = D.ObserverPoints;
  bool Sealed = (D.Policy & NEVERC_PHASE_SEALED_HOST_GATE) != 0;
  P.Kind = NEVERC_PHASE_KIND_TRANSITION;
  P.Gate = Sealed ? NEVERC_PHASE_GATE_SEALED_VERIFIER
                  : NEVERC_PHASE_GATE_TRANSITION;
  // The owner's domain code supplies the step when it runs the phase.
  P.BuiltinFallback = !Sealed;
  P.Owner = Owner;
  ByID.emplace(P.ID, uint32_t(Phases.size()));
  Phases.push_back(std::move(P));
  return okStatus();
}

} // namespace neverc::core
