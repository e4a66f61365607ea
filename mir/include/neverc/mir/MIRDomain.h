//===- MIRDomain.h - The machine IR domain ----------------------*- C++ -*-===//
//
// LLVM-free (Clang types are only named). Runs the ten neverc.mir.* phases
// inside LLVM's own code generation pipeline, once per machine function at
// each hook (the legacy pipeline generates code one function at a time).
//
// How it joins a compile: attach() registers one llvm::
// RegisterTargetPassConfigCallback for the length of the cc1 that has a
// plugin on a MIR phase. LLVM calls it from TargetMachine::
// addPassesToEmitFile once Clang's backend builds the code generation
// pipeline; the domain then places one pass per hook that has a
// registration right after the LLVM pass that anchors it (the anchors differ
// between the optimized register-allocation pipeline and -O0's), and the
// final point plus the sealed mir.final_verify after the last pass of the
// target's pre-emit passes, just before the AsmPrinter. Nothing is added to
// a compile that has no registration on a MIR phase.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_MIR_MIRDOMAIN_H
#define NEVERC_MIR_MIRDOMAIN_H

#include "neverc/core/Attachment.h"
#include "neverc/core/Host.h"

#include <memory>

namespace neverc::mc {
class MCDomain;
} // namespace neverc::mc

namespace neverc::mir {

class MIRDomain final : public core::FrontendAttachment {
public:
  /// The domain must outlive every session of \p H.
  explicit MIRDomain(core::Host &H);
  ~MIRDomain() override;
  MIRDomain(const MIRDomain &) = delete;
  MIRDomain &operator=(const MIRDomain &) = delete;

  uint32_t firstPhase() const override;
  int attach(clang::CompilerInstance &CI, core::Task &TU) override;
  int detach(clang::CompilerInstance &CI, core::Task &TU,
             bool Success) override;

  /// The MC domain, where a neverc.codegen.mir_to_mc provider builds its
  /// unit (without it GetMCBuilder is CAPABILITY_UNAVAILABLE).
  void setUnits(mc::MCDomain *MC);

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace neverc::mir

#endif
