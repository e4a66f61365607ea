//===- Diagnostics.cpp - Diagnostic sinks ---------------------------------===//
#include "neverc/core/Diagnostics.h"

#include <unistd.h>

namespace neverc::core {

const char *severityName(NevercDiagnosticSeverity S) {
  switch (S) {
  case NEVERC_DIAGNOSTIC_NOTE:
    return "note";
  case NEVERC_DIAGNOSTIC_REMARK:
    return "remark";
  case NEVERC_DIAGNOSTIC_WARNING:
    return "warning";
  case NEVERC_DIAGNOSTIC_ERROR:
    return "error";
  default:
    return "fatal error";
  }
}

StreamDiagnosticSink::StreamDiagnosticSink(std::FILE *Out, const char *Tool)
    : Out(Out), Tool(Tool), Colors(isatty(fileno(Out)) != 0) {}

void StreamDiagnosticSink::report(const Diagnostic &D) {
  // Same shape and colours as clang's own driver diagnostics.
  const char *Colour = "";
  switch (D.Severity) {
  case NEVERC_DIAGNOSTIC_NOTE:
    Colour = "\033[1;30m";
    break;
  case NEVERC_DIAGNOSTIC_REMARK:
    Colour = "\033[1;34m";
    break;
  case NEVERC_DIAGNOSTIC_WARNING:
    Colour = "\033[1;35m";
    break;
  default:
    Colour = "\033[1;31m";
    break;
  }
  std::string Where;
  if (!D.PluginID.empty())
    Where += "plugin '" + D.PluginID + "'";
  if (!D.Phase.empty())
    Where += (Where.empty() ? "" : " ") + std::string("in ") + D.Phase;
  if (!Where.empty())
    Where += ": ";
  if (Colors)
    std::fprintf(Out, "\033[1m%s: %s%s:\033[0m\033[1m %s%s\033[0m\n", Tool,
                 Colour, severityName(D.Severity), Where.c_str(),
                 D.Message.c_str());
  else
    std::fprintf(Out, "%s: %s: %s%s\n", Tool, severityName(D.Severity),
                 Where.c_str(), D.Message.c_str());
  for (const std::string &N : D.Notes)
    std::fprintf(Out, "%s: note: %s\n", Tool, N.c_str());
}

bool CollectingDiagnosticSink::contains(const std::string &Text) const {
  std::lock_guard<std::mutex> Lock(M);
  for (const Diagnostic &D : All)
    if (D.Message.find(Text) != std::string::npos)
      return true;
  return false;
}

} // namespace neverc::core
