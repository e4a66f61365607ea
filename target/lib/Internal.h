//===- Internal.h - The target domain's shared state ------------*- C++ -*-===//
#ifndef NEVERC_TARGET_INTERNAL_H
#define NEVERC_TARGET_INTERNAL_H

#include "CallConvLower.h"
#include "neverc/target/TargetDomain.h"

#include "neverc/Plugin/PluginTarget.h"
#include "neverc/core/DomainJobs.h"
#include "neverc/core/SlotSupport.h"
#include "neverc/object/BinaryStage.h"
#include "neverc/source/Outputs.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class RegisterTargetPassConfigCallback;
class TargetMachine;
class Triple;
} // namespace llvm

namespace neverc::target {

/// One RegisterCallingConvention, copied (the descriptor is borrowed).
struct ConventionRecord {
  const core::Plugin *Owner = nullptr;
  NevercInterfaceID ID{}, Target{};
  std::string Name;
  std::vector<std::string> CalleeSaved;
  uint32_t LLVMCC = 0;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
  NevercPlanCallingConventionFn Plan = nullptr; // null: a 1.0 descriptor
};

/// One RegisterCodeGenEdge, copied (the descriptor is borrowed).
struct EdgeRecord {
  const core::Plugin *Owner = nullptr;
  NevercInterfaceID ID{}, Target{}, Product{};
  std::string Name, ProviderID, CompatibilityKey;
  uint32_t InputKind = 0, OutputKind = 0;
  uint64_t Flags = 0;
  NevercCoarseCodeGenLowerFn Lower = nullptr;
  NevercVerifyCodeGenProductFn Verify = nullptr;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
};

/// One RegisterTarget: a plugin target over an architecture LLVM 22 has a
/// backend for (an alias target; api/Targets.cpp says what it may carry).
struct TargetRecord {
  const core::Plugin *Owner = nullptr;
  NevercInterfaceID ID{};
  std::string Name;
  struct Matcher {
    std::string Arch, Vendor, OS, Env;
    uint32_t Priority = 0;
  };
  std::vector<Matcher> Matchers;
  struct Macro {
    std::string Name, Value;
    bool Undefine = false;
  };
  std::vector<Macro> Macros;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
};

/// Handle kinds of the target domain (between the MIR and MC domains').
enum class TargetHandleKind : uint8_t {
  Builder = 168, ///< a coarse product's NevercMutableBinaryAPI builder
};

/// One coarse_lower / product_verify run: the candidate image and what the
/// route knows of it. Found from its task while it runs.
struct ProductJob {
  explicit ProductJob(core::Task &T);
  core::Task &T;
  core::HandleScope Scope;
  core::HandleTable<object::BinaryStage *> Builders;
  object::BinaryStage Stage;
  NevercHandle Builder{};
  NevercArtifactHandle Artifact{}; ///< the candidate, as a coarse edge sees it
  std::string Triple, Provenance;
  bool Stream = false;
  NevercCodeGenRequest Request{};
  NevercCodeGenProductCandidate Candidate{};
  const EdgeRecord *Edge = nullptr; ///< the coarse edge that made it
  /// The built-in (LLVM's code generator) made the bytes, at this
  /// publication generation; anything else means a plugin may have.
  bool Builtin = false;
  uint64_t BuiltinGeneration = 0;
  uint32_t Phase = 0; ///< the codegen phase running now (0: none)
};

struct TargetDomain::Impl final : object::BinaryStageResolver,
                                  object::ForeignImages {
  explicit Impl(core::Host &H);
  ~Impl() override;
  core::Host &H;
  NevercCallingConventionAPI Conventions{};
  NevercTargetABIAPI ABIs{};
  NevercTargetAPI Targets{};
  NevercMutableBinaryAPI Binary{};
  std::vector<ConventionRecord> Registered;
  std::vector<EdgeRecord> Edges;
  std::vector<TargetRecord> PluginTargets;
  /// The plugin target the cc1 being compiled selected (null: LLVM's own).
  const TargetRecord *Selected = nullptr;
  core::JobRegistry<ProductJob> Products;
  /// The jobs whose coarse edge's CoarseLower or VerifyProduct is running
  /// (they have no frame: GetImage finds the candidate here).
  std::mutex EdgeLock;
  std::vector<ProductJob *> InEdge;
  /// The cc1 being compiled: its pipeline hook, and whether it failed.
  std::unique_ptr<llvm::RegisterTargetPassConfigCallback> Callback;
  bool Failed = false;
  bool IRPhasesRun = true;
  /// The cc1's object, when its code generation goes through the phases:
  /// the product, once verified, replaces what Clang's own (emptied) code
  /// generation writes to the output.
  std::shared_ptr<source::OutputReplacement> Pending;
  /// -gsplit-dwarf's output, cleared for Clang's emptied code generation
  /// (the route's own wrote the .dwo) and restored at detach.
  std::string SavedSplitDwarfOutput;
  bool SplitDwarfCleared = false;

  bool phaseActive(uint32_t Phase) const { return H.phases().at(Phase).Active; }
  /// A plugin is on coarse_lower or product_verify, or registered a coarse
  /// edge: object code generation goes through the two phases.
  bool routesCodeGen() const;
  /// The registered target a triple selects: the highest Priority among the
  /// matchers that match, the first registered on a tie; null for none.
  const TargetRecord *targetFor(const std::string &Triple) const;
  const TargetRecord *target(NevercInterfaceID ID) const;
  NevercStatus resolveStage(NevercTaskHandle Task, NevercHandle Builder,
                            core::Task **T, object::BinaryStage **Out) override;
  bool findImage(const NevercPhaseFrame *Frame, NevercArtifactHandle Artifact,
                 object::ForeignImage &Out, NevercStatus &S) override;

  void error(std::string Msg);
  void warning(std::string Msg);
  /// The first convention registered for \p Target.
  const ConventionRecord *conventionFor(NevercInterfaceID Target) const;
  const ConventionRecord *convention(NevercInterfaceID ID) const;
  /// Validates or makes the plan of every function with CC 1000 (into
  /// \p Plans), gives natively planned ones their LLVM convention and each
  /// direct call its callee's plan (Conventions.cpp). False: \p Fail was
  /// called for some function.
  bool materialize(llvm::Module &M, const llvm::Triple &T,
                   const std::optional<RegTable> &Regs, PlanMap &Plans,
                   ReportFn Fail);
  /// Materializes and lowers every custom convention of \p M for its
  /// target. False: the compile fails (reported).
  bool lowerModule(llvm::Module &M);
  /// The error naming a function the convention cannot be given to.
  void refuse(const llvm::Function &F, const std::string &Why);
};

void fillConventionTable(NevercCallingConventionAPI &T); // api/Conventions.cpp
void fillABITable(NevercTargetABIAPI &T);                 // api/ABIs.cpp
void fillTargetTable(NevercTargetAPI &T);                 // api/Targets.cpp

/// Element \p I of a plugin's strided array (copied: the plugin's memory
/// need not be aligned for T, and is not kept).
template <class T>
T elementAt(const void *Data, uint64_t Stride, uint64_t I) {
  T Out;
  std::memcpy(&Out, static_cast<const char *>(Data) + I * Stride, sizeof Out);
  return Out;
}

inline bool sameID(NevercInterfaceID A, NevercInterfaceID B) {
  return A.High == B.High && A.Low == B.Low;
}

} // namespace neverc::target

#endif
