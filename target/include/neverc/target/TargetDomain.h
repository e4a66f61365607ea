//===- TargetDomain.h - Targets, routing, calling conventions ---*- C++ -*-===//
//
// LLVM-free (Clang types are only named). Publishes
// NevercCallingConventionAPI and makes custom calling conventions real on
// stock LLVM 22: nothing with the NeverC custom convention (CC 1000)
// reaches LLVM's instruction selection, which would lower it as the C
// convention on x86-64 and abort on AArch64.
//
// How it joins a compile: attach() registers one llvm::
// RegisterTargetPassConfigCallback for a cc1 that generates machine code
// from a module that can hold CC 1000: one the IR phases ran on (only a
// plugin sets the convention) or an LLVM IR or bitcode input;
// LLVM calls it from addPassesToEmitFile, and the domain puts one module
// pass first in the code generator's pipeline. That pass finds the
// functions with CC 1000 (a scan of the function list), materializes their
// plans (callconv.md §6) and lowers them (x86-64), or fails the compile
// naming each function it cannot lower.
//
// It also runs neverc.codegen.coarse_lower and product_verify for the IR
// domain (generateCode, lib/CodeGen.cpp) and publishes NevercTargetAPI.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_TARGET_TARGETDOMAIN_H
#define NEVERC_TARGET_TARGETDOMAIN_H

#include "neverc/core/Attachment.h"
#include "neverc/core/Host.h"

#include <memory>

namespace llvm {
class Module;
} // namespace llvm
namespace neverc::object {
class ForeignImages;
} // namespace neverc::object

namespace neverc::target {

class TargetDomain final : public core::FrontendAttachment {
public:
  /// Publishes the domain's tables on \p H; call before Host::initialize().
  /// The domain must outlive every session of \p H.
  explicit TargetDomain(core::Host &H);
  ~TargetDomain() override;
  TargetDomain(const TargetDomain &) = delete;
  TargetDomain &operator=(const TargetDomain &) = delete;

  uint32_t firstPhase() const override;
  int attach(clang::CompilerInstance &CI, core::Task &TU) override;
  int detach(clang::CompilerInstance &CI, core::Task &TU,
             bool Success) override;

  /// callconv.md §6 materialization for a module the IR phases hold, run
  /// just before ir.final_verify: specs become plans, plans are validated,
  /// conventions plugins registered plan the rest, and every direct call
  /// carries its callee's plan. False: an error naming a function was
  /// reported. (Code generation lowers the plans; it materializes too, for
  /// modules that did not come through the IR phases.)
  bool materializeConventions(llvm::Module &M);
  /// Whether the IR phases run in this process's compiles (a plugin could
  /// give a function the custom convention there).
  void setIRPhasesRun(bool Run);

  /// Whether a compile's object code goes through neverc.codegen.
  /// coarse_lower and product_verify: a plugin is on one of them or
  /// registered a coarse edge (the IR phases then run too).
  bool routesCodeGen() const;
  enum class Route {
    Clang,   ///< the phases do not run here: Clang generates the object
    Product, ///< the object is made and verified: empty the module
    Failed,  ///< an error was reported: no object
  };
  /// The two phases over \p M, the module of a compile that writes an
  /// object, once ir.final_verify passed. \p IRModule is the payload of
  /// the IR artifact the phases take; \p BeforeCodeGen(\p Ctx) runs before
  /// LLVM's code generator changes the module (the IR domain's handles to
  /// it go). On Product the caller empties \p M: what Clang's backend then
  /// writes is replaced by the product when the output is kept.
  Route generateCode(clang::CompilerInstance &CI, core::Task &TU,
                     llvm::Module &M, void *IRModule,
                     void (*BeforeCodeGen)(void *), void *Ctx);
  /// The products' images, for NevercObjectPhaseAPI.GetImage.
  object::ForeignImages &images();

  /// A compile whose object goes through the phases: its output manager
  /// gets the proxy that commits the product (after every attach()).
  bool wrapsAction(clang::CompilerInstance &CI, core::Task &TU) override;
  clang::FrontendAction *wrapAction(clang::CompilerInstance &CI, core::Task &TU,
                                    clang::FrontendAction *Inner) override;

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace neverc::target

#endif
