//===- CallConv.h - Calling-convention plans (internal) ---------*- C++ -*-===//
//
// The two layers of callconv.md: a spec (the "neverc-callconv" string a
// plugin writes) and a plan (the "neverc-cc-plan-v1" string: one location
// per argument or return value, LOCKSTEP register numbers, the schema they
// belong to). Plans are built from specs against a target's register table
// here; lowering them is CallConvX86.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_TARGET_CALLCONV_H
#define NEVERC_TARGET_CALLCONV_H

#include "neverc/Plugin/PluginTarget.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Function;
class Module;
class Triple;
class Type;
} // namespace llvm

namespace neverc::target {

/// The IR attribute names and the numeric CC plugins set
/// (NEVERC_IR_CALLING_CONVENTION_NEVER_C_CUSTOM maps to it).
inline constexpr const char *SpecAttr = "neverc-callconv";
inline constexpr const char *PlanAttr = "neverc-cc-plan-v1";
inline constexpr unsigned CustomCC = 1000;

/// Built-in IDs (PluginTarget.h): the two ELF targets and the convention
/// every spec-built plan names.
inline constexpr NevercInterfaceID X86_64TargetID{NEVERC_TARGET_ID_X86_64_HIGH,
                                                  NEVERC_TARGET_ID_X86_64_LOW};
inline constexpr NevercInterfaceID AArch64TargetID{
    NEVERC_TARGET_ID_AARCH64_HIGH, NEVERC_TARGET_ID_AARCH64_LOW};
inline constexpr NevercInterfaceID SpecConventionID{
    NEVERC_CALLING_CONVENTION_ID_SPEC_HIGH,
    NEVERC_CALLING_CONVENTION_ID_SPEC_LOW};

enum class RegClass { GPR, SIMD };

/// One register a spec may name (callconv.md §5 tables).
struct NamedReg {
  std::string Name;   // as spelled in specs, lower case
  RegClass Class;
  unsigned Number;    // LLVM 22 register number (LOCKSTEP)
};

/// What a target lets specs name, with LLVM's numbers for it.
struct RegTable {
  NevercInterfaceID TargetID{};
  std::string Schema; // "llvm22-<triple>"
  std::vector<NamedReg> Regs;
  std::vector<unsigned> StandardCalleeSaved;
  const NamedReg *find(llvm::StringRef Name) const;
  const NamedReg *byNumber(unsigned Number) const;
};

/// The table for \p T's architecture with the numbers LLVM's registry
/// gives it, or nothing (not x86-64 or AArch64, or no such LLVM target).
std::optional<RegTable> regTableFor(const llvm::Triple &T);

/// Whether any function of \p M has the custom convention (a scan of the
/// function list: the only work a module without one costs).
bool hasCustomConvention(const llvm::Module &M);
/// Calls \p Fn on every direct call of \p F made with the custom
/// convention.
void forEachCustomCall(llvm::Function &F,
                       llvm::function_ref<void(llvm::CallBase &)> Fn);

struct Location {
  bool Register = true;
  uint32_t Value = 0, PieceOffset = 0, Size = 0, Alignment = 0;
  uint32_t RegisterNumber = 0, StackOffset = 0;
  uint64_t Flags = 0;
};

struct Plan {
  std::string Schema;
  NevercInterfaceID Target{}, Convention{};
  uint32_t StackAlignment = 0;
  std::vector<Location> Returns, Arguments;
  std::vector<unsigned> CalleeSaved;
  const Location *argument(unsigned Index) const;
  const Location *result() const;
};

/// The value classes a plan can place: integers up to 64 bits and pointers
/// in GPRs, float and double in SIMD registers. Others: nothing.
std::optional<RegClass> classOf(const llvm::Type *T);
unsigned sizeOf(const llvm::Type *T);

/// Spec → plan for \p F's signature. Problems that callconv.md resolves
/// (unknown segment, wrong class, reused register, reserved register) are
/// resolved as it says; \p Warnings collects the ones a user should hear of.
Plan planFromSpec(llvm::StringRef Spec, const llvm::Function &F,
                  const RegTable &Regs, std::vector<std::string> &Warnings);

std::string formatPlan(const Plan &P);
/// The plan string parsed, or nothing when it does not parse.
std::optional<Plan> parsePlan(llvm::StringRef S);

} // namespace neverc::target

#endif
