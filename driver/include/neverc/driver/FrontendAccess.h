//===- FrontendAccess.h - Reaching into a CompilerInstance, std-only -*- C++ -*-===//
//
// Tools that must not include Clang's headers (tools/neverc is LLVM-free)
// reach the pieces of a clang::CompilerInstance they pass on through these.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_DRIVER_FRONTENDACCESS_H
#define NEVERC_DRIVER_FRONTENDACCESS_H

namespace clang {
class CompilerInstance;
class DiagnosticsEngine;
} // namespace clang

namespace neverc::driver {

clang::DiagnosticsEngine &diagnosticsOf(clang::CompilerInstance &CI);

} // namespace neverc::driver

#endif
