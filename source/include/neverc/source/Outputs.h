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

#include <string>

namespace clang {
class CompilerInstance;
} // namespace clang
namespace llvm {
class raw_pwrite_stream;
} // namespace llvm

namespace neverc::source {

/// Sets CI's output manager (llvm::vfs::OutputBackend) to the atomic
/// on-disk backend and routes the -MD/-MF dependency file through it. Call
/// after the VFS exists and before ExecuteCompilerInvocation.
void installAtomicOutputs(clang::CompilerInstance &CI);

/// For a domain that writes a product itself after Clang opened the output
/// it will also write: what the returned stream receives is what the output
/// at Path commits, and Clang's own bytes are dropped. Null when CI has no
/// staged output open at Path ("-" is never staged). CI must be set up by
/// installAtomicOutputs.
llvm::raw_pwrite_stream *replaceOutput(clang::CompilerInstance &CI,
                                       const std::string &Path);

} // namespace neverc::source

#endif
