//===- Diagnostics.h - Diagnostics intake ----------------------*- C++ -*-===//
//
// Host and plugin diagnostics arrive here in one shape. Tools install a sink
// that prints them clang-style (or, once the driver exists, forwards them to
// clang's DiagnosticsEngine); tests install a collecting sink.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_DIAGNOSTICS_H
#define NEVERC_CORE_DIAGNOSTICS_H

#include "neverc/Plugin/PluginCore.h"

#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

namespace neverc::core {

struct Diagnostic {
  NevercDiagnosticSeverity Severity = NEVERC_DIAGNOSTIC_ERROR;
  uint32_t Code = 0;
  std::string PluginID; ///< empty for host diagnostics
  std::string Phase;    ///< canonical phase name, may be empty
  std::string Message;
  std::vector<std::string> Notes;
  NevercSourceLocationHandle Location{};
  std::vector<NevercSourceRangeHandle> Ranges; ///< highlighted ranges
  /// Fix-it handles (PluginFixIt.h), checked live by the host's fix-it
  /// owner when the diagnostic was emitted; the sink resolves them.
  std::vector<NevercFixItHandle> FixIts;
};

class DiagnosticSink {
public:
  virtual ~DiagnosticSink() = default;
  virtual void report(const Diagnostic &D) = 0;
};

/// "neverc: error: plugin 'x' [phase]: message" on a stream, colours when
/// the stream is a terminal.
class StreamDiagnosticSink final : public DiagnosticSink {
public:
  explicit StreamDiagnosticSink(std::FILE *Out, const char *Tool = "neverc");
  void report(const Diagnostic &D) override;

private:
  std::FILE *Out;
  const char *Tool;
  bool Colors;
};

/// Keeps everything; used by tests and by hosts that print later.
class CollectingDiagnosticSink final : public DiagnosticSink {
public:
  void report(const Diagnostic &D) override {
    std::lock_guard<std::mutex> Lock(M);
    All.push_back(D);
  }
  std::vector<Diagnostic> all() const {
    std::lock_guard<std::mutex> Lock(M);
    return All;
  }
  /// True if some diagnostic's message contains \p Text.
  bool contains(const std::string &Text) const;

private:
  mutable std::mutex M;
  std::vector<Diagnostic> All;
};

const char *severityName(NevercDiagnosticSeverity S);

} // namespace neverc::core

#endif
