//===- ClangDiagnostics.cpp - core::DiagnosticSink over DiagnosticsEngine -===//
#include "neverc/driver/ClangDiagnostics.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"

namespace neverc::driver {

namespace {

class ClangSink final : public core::DiagnosticSink {
public:
  ClangSink(clang::DiagnosticsEngine &E, SourceResolver R)
      : Engine(E), Resolve(std::move(R)) {}

  void report(const core::Diagnostic &D) override {
    clang::DiagnosticsEngine::Level Level;
    switch (D.Severity) {
    case NEVERC_DIAGNOSTIC_NOTE:
      Level = clang::DiagnosticsEngine::Note;
      break;
    case NEVERC_DIAGNOSTIC_REMARK:
      Level = clang::DiagnosticsEngine::Remark;
      break;
    case NEVERC_DIAGNOSTIC_WARNING:
      Level = clang::DiagnosticsEngine::Warning;
      break;
    case NEVERC_DIAGNOSTIC_ERROR:
      Level = clang::DiagnosticsEngine::Error;
      break;
    default:
      Level = clang::DiagnosticsEngine::Fatal;
      break;
    }
    // "%0" keeps plugin text verbatim; the plugin and phase are named the
    // way clang names a warning flag: in brackets after the message.
    unsigned ID = Engine.getCustomDiagID(Level, "%0");
    std::string Text = D.Message;
    if (!D.PluginID.empty() || !D.Phase.empty()) {
      Text += " [";
      Text += D.PluginID.empty() ? "neverc" : "plugin " + D.PluginID;
      if (!D.Phase.empty())
        Text += ", " + D.Phase;
      Text += "]";
    }
    clang::SourceLocation Loc;
    if (Resolve.Location && !(D.Location.Owner == 0 && D.Location.Value == 0))
      if (unsigned Raw = Resolve.Location(D.Location))
        Loc = clang::SourceLocation::getFromRawEncoding(Raw);
    {
      // The builder emits when it goes out of scope; notes follow it.
      clang::DiagnosticBuilder B = Engine.Report(Loc, ID);
      B << Text;
      for (NevercSourceRangeHandle R : D.Ranges) {
        unsigned Begin = 0, End = 0;
        bool Token = false;
        if (Resolve.Range && Resolve.Range(R, Begin, End, Token)) {
          clang::SourceRange SR(
              clang::SourceLocation::getFromRawEncoding(Begin),
              clang::SourceLocation::getFromRawEncoding(End));
          B << (Token ? clang::CharSourceRange::getTokenRange(SR)
                      : clang::CharSourceRange::getCharRange(SR));
        }
      }
      for (NevercFixItHandle F : D.FixIts) {
        SourceResolver::FixIt Fx;
        if (!Resolve.FixItOf || !Resolve.FixItOf(F, Fx))
          continue; // checked live at emission; gone only with its task
        auto At = [](unsigned Raw) {
          return clang::SourceLocation::getFromRawEncoding(Raw);
        };
        if (Fx.Insert) {
          B << clang::FixItHint::CreateInsertion(At(Fx.Begin), Fx.Text);
        } else {
          clang::SourceRange SR(At(Fx.Begin), At(Fx.End));
          B << clang::FixItHint::CreateReplacement(
              Fx.TokenRange ? clang::CharSourceRange::getTokenRange(SR)
                            : clang::CharSourceRange::getCharRange(SR),
              Fx.Text);
        }
      }
    }
    unsigned NoteID =
        Engine.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
    for (const std::string &N : D.Notes)
      Engine.Report(Loc, NoteID) << N;
  }

private:
  clang::DiagnosticsEngine &Engine;
  SourceResolver Resolve;
};

} // namespace

std::unique_ptr<core::DiagnosticSink>
makeClangDiagnosticSink(clang::DiagnosticsEngine &Engine,
                        SourceResolver Resolve) {
  return std::make_unique<ClangSink>(Engine, std::move(Resolve));
}

} // namespace neverc::driver

#include "neverc/driver/FrontendAccess.h"

#include "clang/Frontend/CompilerInstance.h"

clang::DiagnosticsEngine &
neverc::driver::diagnosticsOf(clang::CompilerInstance &CI) {
  return CI.getDiagnostics();
}
