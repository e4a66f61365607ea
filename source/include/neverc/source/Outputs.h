//===- neverc/source/Outputs.h - Atomic outputs of every cc1 job -*- C++ -*-===//
//
// Standard-library only (CompilerInstance is forward-declared). The driver
// calls installAtomicOutputs on every in-process cc1 job, with or without
// plugins: every output (object, assembly, preprocessed text, LLVM IR, the
// dependency file) is written to a temporary in its own directory and
// renamed over the final path only when the compile succeeded.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_SOURCE_OUTPUTS_H
#define NEVERC_SOURCE_OUTPUTS_H

#include <memory>
#include <string>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace neverc::source {

/// Sets CI's output manager (llvm::vfs::OutputBackend) to the atomic
/// on-disk backend and routes the -MD/-MF dependency file through it. Call
/// after the VFS exists and before ExecuteCompilerInvocation.
void installAtomicOutputs(clang::CompilerInstance &CI);

/// What a domain commits in place of what Clang writes to one output of a
/// cc1 (the IR domain's LTO bitcode, the codegen route's object): until
/// Ready is set, Clang's own bytes pass through.
struct OutputReplacement {
  std::string Path;
  std::string Bytes;
  bool Ready = false;
};

/// Puts a proxy on top of CI's output manager (over what the domains
/// installed before): the output at R->Path holds what Clang writes and,
/// when kept, commits R->Bytes instead once R->Ready. Call before Clang
/// opens the output (a domain's wrapAction); "-" works as a path too.
void replaceableOutput(clang::CompilerInstance &CI,
                       std::shared_ptr<OutputReplacement> R);

} // namespace neverc::source

#endif
