//===- IRDomain.h - The LLVM IR domain --------------------------*- C++ -*-===//
//
// LLVM-free (Clang types are only named). Publishes NevercIRCoreAPI and
// NevercIRPassAPI and runs the eight neverc.ir.* phases around Clang's own
// backend.
//
// How it joins a compile: attach() adds one CodeGenOptions::
// PassBuilderCallbacks entry; Clang calls it inside clang::emitBackendOutput
// once the module is complete. There the domain runs ir.generate (the
// module Clang's CodeGenerator made), ir.pass.pre_opt, ir.optimize (the
// built-in is Clang's own pipeline, run through emitBackendOutput with
// Backend_EmitNothing, where the two PassBuilder extension points carry
// ir.pass.pipeline_start and ir.pass.optimizer_last), ir.pass.post_opt,
// ir.pass.pre_codegen and the sealed ir.final_verify; Clang's backend then
// only generates code. Nothing is added to a compile when no IR phase has
// a registration and no plugin registered a pass: the compile is clang's.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_IR_IRDOMAIN_H
#define NEVERC_IR_IRDOMAIN_H

#include "neverc/Plugin/PluginIR.h"
#include "neverc/core/Attachment.h"
#include "neverc/core/Host.h"

#include <memory>

namespace neverc::target {
class TargetDomain;
} // namespace neverc::target

namespace neverc::ir {

class IRDomain final : public core::FrontendAttachment {
public:
  /// Publishes the IR tables on \p H; call before Host::initialize(). The
  /// domain must outlive every session of \p H.
  explicit IRDomain(core::Host &H);
  ~IRDomain() override;
  IRDomain(const IRDomain &) = delete;
  IRDomain &operator=(const IRDomain &) = delete;

  NevercStatus published() const;
  /// A plugin is on an IR phase or registered a pass: the IR phases run
  /// in every compile that generates code (known once the host is
  /// initialized).
  bool active() const;
  /// The domain that materializes custom calling conventions just before
  /// ir.final_verify (callconv.md §6); none: code generation does it.
  void setTargetDomain(target::TargetDomain *T);

  /// LTO at link time (the graph linker's lto_generate, lto/README.md):
  /// the IR pass phases run on each module LTO optimises, in a
  /// NEVERC_TASK_LTO task. Whether a plugin is on ir.pass.pre_opt,
  /// post_opt or pre_codegen (or registered a pass there), and on
  /// ir.pass.pipeline_start or optimizer_last.
  bool ltoStagesActive() const;
  bool ltoPipelineActive() const;
  /// Runs the phase of \p Stage (0: ir.pass.pre_opt, 1: post_opt, 2:
  /// pre_codegen) over \p Module (the llvm::Module LTO holds) in \p T.
  /// False: it failed (reported).
  bool runLTOStage(core::Task &T, int Stage, void *Module, unsigned OptLevel);
  /// Adds ir.pass.pipeline_start and optimizer_last to \p PassBuilder (the
  /// llvm::PassBuilder LTO's pipeline is built with) for \p T's modules.
  void extendLTOPipeline(core::Task &T, void *PassBuilder);

  uint32_t firstPhase() const override;
  int attach(clang::CompilerInstance &CI, core::Task &TU) override;
  int detach(clang::CompilerInstance &CI, core::Task &TU,
             bool Success) override;
  bool wrapsAction(clang::CompilerInstance &CI, core::Task &TU) override;
  clang::FrontendAction *wrapAction(clang::CompilerInstance &CI,
                                    core::Task &TU,
                                    clang::FrontendAction *Inner) override;


  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace neverc::ir

#endif
