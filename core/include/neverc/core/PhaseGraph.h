//===- PhaseGraph.h - The frozen phase graph -------------------*- C++ -*-===//
//
// Built from the generated schema constants (130 built-in phases, indices in
// schema order) plus plugin phases registered from extension families. The
// registrations attached to each phase live here too; the graph is frozen
// once every plugin's Register has returned.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_PHASEGRAPH_H
#define NEVERC_CORE_PHASEGRAPH_H

#include "neverc/Plugin/PluginPhaseSchema.h"
#include "neverc/core/Status.h"

#include <boost/container/flat_map.hpp>
#include <boost/container/small_vector.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace neverc::core {

class Plugin;

/// Indices of the built-in phases, in schema order.
enum BuiltinPhase : uint32_t {
#define NEVERC_CORE_PHASE_ENUM(S) Phase_##S,
  NEVERC_FOR_EACH_BUILTIN_PHASE(NEVERC_CORE_PHASE_ENUM)
#undef NEVERC_CORE_PHASE_ENUM
      BuiltinPhaseCount
};
static_assert(BuiltinPhaseCount == NEVERC_BUILTIN_PHASE_COUNT);

struct ObserverRegistration {
  NevercPhaseObserverFn Callback;
  void *UserData;
  Plugin *Owner;
};

struct InterceptorRegistration {
  NevercPhaseInterceptorFn Callback;
  void *UserData;
  Plugin *Owner;
};

struct ProviderRegistration {
  NevercPhaseProviderFn Callback;
  void *UserData;
  Plugin *Owner;
  std::string ProviderID;
  std::string Triple, CPU, Features, ObjectFormat; ///< empty = any
  uint32_t ExecutionLevel = 0;
  bool Deterministic = false, Cacheable = false, FallbackSafe = false;
};

struct PhaseInfo {
  NevercInterfaceID ID{};
  std::string Name;
  std::string Domain;
  std::string Verifier;
  NevercInterfaceID Input{}, Output{};
  NevercPhasePolicy Policy = 0;
  NevercObserverPoint Points = 0;
  NevercPhaseKind Kind = NEVERC_PHASE_KIND_TRANSITION;
  NevercPhaseGate Gate = NEVERC_PHASE_GATE_TRANSITION;
  bool BuiltinFallback = false;
  Plugin *Owner = nullptr; ///< null for built-in phases

  /// True when anything is registered: the executor's only test on the
  /// unobserved fast path.
  bool Active = false;
  boost::container::small_vector<ObserverRegistration, 2> Before, After,
      AfterCommit;
  boost::container::small_vector<InterceptorRegistration, 2> Interceptors;
  std::vector<ProviderRegistration> Providers;
  /// The plugin whose providers serve this phase (chosen at freeze, by
  /// -fplugin-provider= or because it is the only one), or null for the
  /// built-in step. Among its providers the first whose route matches runs.
  Plugin *ProviderOwner = nullptr;

  bool has(NevercPhasePolicy Bit) const { return (Policy & Bit) != 0; }
};

/// Structural rules shared by built-in rows and RegisterPhase descriptors:
/// non-zero IDs, non-zero policy of known bits, points only with O, sealed
/// gates without I/R/S. Returns INVALID_DESCRIPTOR or OK.
NevercStatus checkPhaseShape(NevercInterfaceID Phase, NevercInterfaceID Input,
                             NevercInterfaceID Output, NevercPhasePolicy Policy,
                             NevercObserverPoint Points);

class PhaseGraph {
public:
  PhaseGraph(); ///< loads the 130 built-in phases

  uint32_t size() const { return uint32_t(Phases.size()); }
  PhaseInfo &at(uint32_t I) { return Phases[I]; }
  const PhaseInfo &at(uint32_t I) const { return Phases[I]; }
  std::optional<uint32_t> indexOf(NevercInterfaceID ID) const;
  std::optional<uint32_t> indexOfName(std::string_view Name) const;

  /// Adds a plugin phase. INVALID_STATE after freeze, DUPLICATE_ID for a
  /// built-in or already registered ID or name.
  NevercStatus addPluginPhase(const NevercPhaseDescriptor &D, Plugin *Owner);

  void freeze() { Frozen = true; }
  bool frozen() const { return Frozen; }

  /// The extension family whose ID range contains \p ID, or -1.
  static int extensionFamilyOf(NevercInterfaceID ID);

private:
  std::vector<PhaseInfo> Phases;
  boost::container::flat_map<NevercInterfaceID, uint32_t, InterfaceIDLess> ByID;
  bool Frozen = false;
};

} // namespace neverc::core

#endif
