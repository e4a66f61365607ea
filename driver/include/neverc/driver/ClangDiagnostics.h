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
#include <string>

namespace clang {
class DiagnosticsEngine;
} // namespace clang

namespace neverc::driver {

/// Maps plugin location and range handles to clang::SourceLocation raw
/// encodings (0 = none). Supplied by the source domain.
struct SourceResolver {
  std::function<unsigned(NevercSourceLocationHandle)> Location;
  /// False when the handle is not a live range.
  std::function<bool(NevercSourceRangeHandle, unsigned &Begin, unsigned &End,
                     bool &TokenRange)>
      Range;
  /// A fix-it as clang takes it: replace [Begin, End] (a token range when
  /// TokenRange) with Text, or, when Insert, insert Text at Begin. False
  /// when the handle is not a live fix-it. Supplied by the AST domain.
  struct FixIt {
    unsigned Begin = 0, End = 0;
    bool TokenRange = true, Insert = false;
    std::string Text;
  };
  std::function<bool(NevercFixItHandle, FixIt &)> FixItOf;
};

std::unique_ptr<core::DiagnosticSink>
makeClangDiagnosticSink(clang::DiagnosticsEngine &Engine,
                        SourceResolver Resolve = {});

} // namespace neverc::driver

#endif
