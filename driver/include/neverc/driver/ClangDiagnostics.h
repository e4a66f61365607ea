//===- ClangDiagnostics.h - Plugin diagnostics through Clang ----*- C++ -*-===//
//
// While a translation unit is compiling, plugin and host diagnostics go
// through that compile's clang::DiagnosticsEngine: the same printer, the
// same colours, the same error count (so a plugin error fails the compile)
// and, when the diagnostic names a source location, the location and caret.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_DRIVER_CLANGDIAGNOSTICS_H
#define NEVERC_DRIVER_CLANGDIAGNOSTICS_H

#include "neverc/core/Diagnostics.h"

#include <functional>
#include <memory>

namespace clang {
class DiagnosticsEngine;
} // namespace clang

namespace neverc::driver {

/// Maps a plugin's NevercSourceLocationHandle to a clang::SourceLocation's
/// raw encoding (0 = no location). Supplied by the source domain.
using LocationResolver = std::function<unsigned(NevercSourceLocationHandle)>;

std::unique_ptr<core::DiagnosticSink>
makeClangDiagnosticSink(clang::DiagnosticsEngine &Engine,
                        LocationResolver Resolve = nullptr);

} // namespace neverc::driver

#endif
