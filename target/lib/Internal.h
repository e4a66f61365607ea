//===- Internal.h - The target domain's shared state ------------*- C++ -*-===//
#ifndef NEVERC_TARGET_INTERNAL_H
#define NEVERC_TARGET_INTERNAL_H

#include "CallConvLower.h"
#include "neverc/target/TargetDomain.h"

#include "neverc/Plugin/PluginTarget.h"
#include "neverc/core/SlotSupport.h"

#include <cstring>
#include <memory>
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

struct TargetDomain::Impl {
  explicit Impl(core::Host &H);
  ~Impl();
  core::Host &H;
  NevercCallingConventionAPI Conventions{};
  NevercTargetABIAPI ABIs{};
  std::vector<ConventionRecord> Registered;
  /// The cc1 being compiled: its pipeline hook, and whether it failed.
  std::unique_ptr<llvm::RegisterTargetPassConfigCallback> Callback;
  bool Failed = false;
  bool IRPhasesRun = true;

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
