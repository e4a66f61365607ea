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

namespace clang {
class CompilerInstance;
} // namespace clang

namespace neverc::source {

/// Sets CI's output manager (llvm::vfs::OutputBackend) to the atomic
/// on-disk backend and routes the -MD/-MF dependency file through it. Call
/// after the VFS exists and before ExecuteCompilerInvocation.
void installAtomicOutputs(clang::CompilerInstance &CI);

} // namespace neverc::source

#endif
