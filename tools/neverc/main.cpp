//===- neverc: the C compiler driver, with plugins ------------------------===//
//
// Without -fplugin= this is runDriver() with the default hooks: no host, no
// phase machinery, the cost of clang's own driver.
//
// With plugins: the reserved flags are taken out of argv first
//   -fplugin=<path>  -fplugin-arg=<id>:<key>[=<value>]
//   -fplugin-provider=<phase>:<id>  -fplugin-pass=<path>
//   -fplugin-pass-arg=<key>=<value>
// then the plugins are loaded and initialized, their registered option
// spellings are taken out of argv too, a session (one per invocation) and
// its INVOCATION task begin, and the driver runs with PluginHooks, which
// carry the six neverc.driver.* phases. Every cc1 job runs inside a
// TRANSLATION_UNIT task of its own.
//
//===----------------------------------------------------------------------===//
#include "PluginHooks.h"
#include "Probes.h"

#include "neverc/Plugin/PluginObject.h"
#include "neverc/ast/ASTDomain.h"
#include "neverc/core/Host.h"
#include "neverc/driver/Driver.h"
#include "neverc/driver/DriverDomain.h"
#include "neverc/ir/IRDomain.h"
#include "neverc/link/LinkDomain.h"
#include "neverc/link/LinkGraph.h"
#include "neverc/mc/MCDomain.h"
#include "neverc/mir/MIRDomain.h"
#include "neverc/object/ObjectDomain.h"
#include "neverc/prep/PrepDomain.h"
#include "neverc/target/TargetDomain.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

using namespace neverc;

namespace {

/// The flags that decide which plugins load. -fplugin-arg= and
/// -fplugin-pass-arg= stay in argv: they are values, read in command-line
/// order together with the plugins' own option spellings.
struct PluginFlags {
  std::vector<std::string> Modules; ///< -fplugin= and -fplugin-pass=, in order
  std::vector<std::string> PassModules;
  std::vector<std::pair<std::string, std::string>> Providers;
  /// -fplugin-report[=<file>]: the cost report, a table on stderr or JSON.
  bool Report = false;
  std::string ReportFile;
  /// -ftime-trace (left in argv for cc1): phase and plugin spans too.
  bool TimeTrace = false;
  /// -fobject-write=<policy>[,<policy>...]: NEVERC_OBJECT_WRITE_* bits for
  /// every object written (objects then go through the object graph, with
  /// or without a plugin).
  uint64_t ObjectWrite = 0;
  bool HasObjectWrite = false;
  /// -fuse-ld=neverc: links go to the graph linker (link/LinkGraph.h).
  bool GraphLinker = false;
  /// -fuse-ld=<another> or --ld-path=: the user chose the linker.
  bool NamedLinker = false;
};

bool startsWith(const std::string &S, const char *P) {
  return S.rfind(P, 0) == 0;
}

/// Whether \p A names a linker other than neverc's own (the driver still
/// reads it: it builds the link job for that linker).
bool namesLinker(const std::string &A) {
  return (startsWith(A, "-fuse-ld=") && A != "-fuse-ld=neverc") ||
         startsWith(A, "--ld-path=");
}

/// The plain driver's links (no plugin loaded): the graph linker, or lld
/// for what it does not make yet; lld when the line named a linker.
class PlainLinkHooks : public driver::DriverHooks {
public:
  explicit PlainLinkHooks(bool NamedLinker) : Named(NamedLinker) {}
  int runLink(const driver::JobInfo &, std::vector<std::string> &Argv,
              int (*RunLld)(const std::vector<std::string> &)) override {
    return Named ? RunLld(Argv) : link::linkByDefault(Argv, RunLld);
  }

private:
  bool Named;
};

/// Takes the loading flags out of \p Argv (already @file-expanded).
bool extractPluginFlags(std::vector<driver::RawArgument> &Argv, PluginFlags &F,
                        core::DiagnosticSink &Diags) {
  std::vector<driver::RawArgument> Rest;
  bool Ok = true;
  for (size_t I = 0; I < Argv.size(); ++I) {
    const std::string &A = Argv[I].Value;
    if (I > 0 && A == "-fuse-ld=neverc") {
      F.GraphLinker = true;
    } else if (I > 0 && namesLinker(A)) {
      F.NamedLinker = true; // kept: the driver builds the job for it
      Rest.push_back(Argv[I]);
    } else if (I > 0 && startsWith(A, "-fplugin=")) {
      F.Modules.push_back(A.substr(9));
    } else if (I > 0 && startsWith(A, "-fplugin-pass=")) {
      F.Modules.push_back(A.substr(14));
      F.PassModules.push_back(A.substr(14));
    } else if (I > 0 &&
               (A == "-fplugin-report" || startsWith(A, "-fplugin-report="))) {
      F.Report = true;
      F.ReportFile = A.size() > 15 ? A.substr(16) : std::string();
    } else if (I > 0 && startsWith(A, "-fobject-write=")) {
      // Unknown words are refused here; an illegal combination of known
      // ones is the object write's to refuse (rule 12), before the output
      // exists.
      std::string V = A.substr(15);
      F.HasObjectWrite = true;
      size_t Pos = 0;
      while (true) {
        size_t End = V.find(',', Pos);
        std::string W = V.substr(Pos, End == std::string::npos ? End : End - Pos);
        if (W == "canonical-elf-tables")
          F.ObjectWrite |= NEVERC_OBJECT_WRITE_CANONICAL_ELF_TABLES;
        else if (W == "drop-debug-info")
          F.ObjectWrite |= NEVERC_OBJECT_WRITE_DROP_DEBUG_INFO;
        else if (W == "android-kernel-release")
          F.ObjectWrite |= NEVERC_OBJECT_WRITE_ANDROID_KERNEL_RELEASE;
        else {
          core::Diagnostic D;
          D.Message = "unknown object write policy '" + W + "' in '" + A +
                      "' (known: canonical-elf-tables, drop-debug-info, "
                      "android-kernel-release)";
          Diags.report(D);
          Ok = false;
        }
        if (End == std::string::npos)
          break;
        Pos = End + 1;
      }
    } else if (I > 0 && startsWith(A, "-fplugin-provider=")) {
      std::string V = A.substr(18);
      size_t Colon = V.rfind(':');
      if (Colon == std::string::npos || Colon == 0 || Colon + 1 == V.size()) {
        core::Diagnostic D;
        D.Message = "'" + A + "' must have the form "
                    "-fplugin-provider=<phase>:<plugin-id>";
        Diags.report(D);
        Ok = false;
        continue;
      }
      F.Providers.emplace_back(V.substr(0, Colon), V.substr(Colon + 1));
    } else {
      if (I > 0 && (A == "-ftime-trace" || startsWith(A, "-ftime-trace=")))
        F.TimeTrace = true;
      Rest.push_back(Argv[I]);
    }
  }
  Argv = std::move(Rest);
  return Ok;
}

/// Domains whose phases fire in a real neverc run of this build. A phase
/// counts as implemented only when its domain is listed here and
/// docs/plugin-api-coverage.json maps it to its tests (a test checks both).
constexpr const char *ImplementedDomains[] = {
    "driver", "source",  "prep", "syntax",   "sema",  "ir",
    "mir",    "codegen", "mc",   "assembly", "object"};
/// Phases of domains only partly implemented so far.
constexpr const char *ImplementedPhases[] = {
    // link: the whole-link route, the graph linker's thirteen steps and
    // its relocatable merge.
    NEVERC_PHASE_LINK_OBJECT_MERGE_NAME,
    NEVERC_PHASE_LINK_INPUT_PROBE_NAME,
    NEVERC_PHASE_LINK_READ_INPUTS_NAME,
    NEVERC_PHASE_LINK_LTO_RESOLVE_NAME,
    NEVERC_PHASE_LINK_LTO_GENERATE_NAME,
    NEVERC_PHASE_LINK_RESOLVE_SYMBOLS_NAME,
    NEVERC_PHASE_LINK_SELECT_COMDAT_NAME,
    NEVERC_PHASE_LINK_GC_NAME,
    NEVERC_PHASE_LINK_ICF_NAME,
    NEVERC_PHASE_LINK_SYNTHESIZE_NAME,
    NEVERC_PHASE_LINK_RELAX_THUNKS_NAME,
    NEVERC_PHASE_LINK_LAYOUT_NAME,
    NEVERC_PHASE_LINK_RELOCATE_NAME,
    NEVERC_PHASE_LINK_EMIT_IMAGE_NAME,
    NEVERC_PHASE_LINK_FULL_NAME,
    NEVERC_PHASE_LINK_POST_EMIT_NAME,
    NEVERC_PHASE_LINK_IMAGE_VERIFY_NAME,
    NEVERC_PHASE_LINK_SIDE_OUTPUTS_VERIFY_NAME,
    NEVERC_PHASE_LINK_COMMIT_NAME,
    NEVERC_PHASE_LINK_AFTER_COMMIT_NAME};

bool implemented(const core::PhaseInfo &P) {
  for (const char *D : ImplementedDomains)
    if (P.Domain == D)
      return true;
  for (const char *N : ImplementedPhases)
    if (P.Name == N)
      return true;
  return false;
}

std::string policyLetters(NevercPhasePolicy Policy) {
  std::string S;
  const char Letters[] = "OIRSG";
  for (int Bit = 0; Bit < 5; ++Bit)
    if (Policy & (NevercPhasePolicy(1) << Bit))
      S += Letters[Bit];
  return S;
}

std::string pointNames(NevercObserverPoint Points) {
  std::string S;
  if (Points & NEVERC_OBSERVER_BEFORE)
    S += "B";
  if (Points & NEVERC_OBSERVER_AFTER)
    S += S.empty() ? "A" : ",A";
  if (Points & NEVERC_OBSERVER_AFTER_COMMIT)
    S += S.empty() ? "AC" : ",AC";
  return S;
}

/// --print-phases: the phase table with an "implemented" column.
int printPhases() {
  core::PhaseGraph G;
  unsigned Implemented = 0;
  std::printf("%-3s %-44s %-8s %-6s %-7s %-16s %-22s %-22s %s\n", "#", "phase",
              "domain", "policy", "points", "gate", "input", "output",
              "implemented");
  for (uint32_t I = 0; I < G.size(); ++I) {
    const core::PhaseInfo &P = G.at(I);
    bool Impl = implemented(P);
    Implemented += Impl;
    char In[40], Out[40];
    std::snprintf(In, sizeof In, "%016llx:%llx",
                  (unsigned long long)P.Input.High,
                  (unsigned long long)P.Input.Low);
    std::snprintf(Out, sizeof Out, "%016llx:%llx",
                  (unsigned long long)P.Output.High,
                  (unsigned long long)P.Output.Low);
    const char *Gate = P.Gate == NEVERC_PHASE_GATE_SEALED_VERIFIER
                           ? "sealed_verifier"
                           : P.Gate == NEVERC_PHASE_GATE_SEALED_COMMIT
                                 ? "sealed_commit"
                                 : P.Kind == NEVERC_PHASE_KIND_EVENT
                                       ? "event"
                                       : "transition";
    std::printf("%-3u %-44s %-8s %-6s %-7s %-16s %-22s %-22s %s\n", I + 1,
                P.Name.c_str(), P.Domain.c_str(), policyLetters(P.Policy).c_str(),
                pointNames(P.Points).c_str(), Gate, In, Out,
                Impl ? "yes" : "no");
  }
  std::printf("%u of %u phases implemented in this build\n", Implemented,
              G.size());
  return 0;
}

//===-- -Wunimplemented-plugin-phase ----------------------------------===//

/// How the warning for registrations on phases this build never runs is
/// reported: clang's rules for one warning group (-w, -Werror, the group's
/// own -W/-Wno-/-Werror=/-Wno-error= spellings, last one wins).
struct PhaseWarningFlags {
  bool Enabled = true;
  bool AsError = false;
};

constexpr const char *PhaseWarningGroup = "unimplemented-plugin-phase";

/// Reads the group's flags (taking its own spellings out, so that Clang
/// does not answer them with -Wunknown-warning-option) and -w / -Werror
/// (left in: they are Clang's too).
template <class Arg, class ValueOf>
PhaseWarningFlags takePhaseWarningFlags(std::vector<Arg> &Argv,
                                        ValueOf &&Value) {
  PhaseWarningFlags F;
  std::optional<bool> ErrorForGroup;
  bool Werror = false;
  const std::string G = PhaseWarningGroup;
  std::vector<Arg> Rest;
  for (size_t I = 0; I < Argv.size(); ++I) {
    const std::string &A = Value(Argv[I]);
    bool Own = true;
    if (I == 0)
      Own = false;
    else if (A == "-W" + G)
      F.Enabled = true;
    else if (A == "-Wno-" + G)
      F.Enabled = false;
    else if (A == "-Werror=" + G)
      F.Enabled = true, ErrorForGroup = true;
    else if (A == "-Wno-error=" + G)
      ErrorForGroup = false;
    else {
      Own = false;
      if (A == "-w")
        F.Enabled = false;
      else if (A == "-Werror")
        Werror = true;
      else if (A == "-Wno-error")
        Werror = false;
    }
    if (!Own)
      Rest.push_back(std::move(Argv[I]));
  }
  Argv = std::move(Rest);
  F.AsError = ErrorForGroup.value_or(Werror);
  return F;
}

/// One warning per plugin and phase for registrations on built-in phases
/// this build does not run: they load, and would otherwise silently never
/// be called. Returns false when a warning was promoted to an error.
bool warnUnimplementedPhases(core::Host &H, const PhaseWarningFlags &Flags) {
  if (!Flags.Enabled)
    return true;
  const core::PhaseGraph &G = H.phases();
  bool Ok = true;
  for (uint32_t I = 0; I < G.size(); ++I) {
    const core::PhaseInfo &P = G.at(I);
    if (!P.Active || P.Owner || implemented(P))
      continue;
    // Roles per plugin, in load order.
    std::vector<std::pair<const core::Plugin *, std::vector<const char *>>>
        Roles;
    auto Add = [&](const core::Plugin *Owner, const char *Role) {
      for (auto &[Pl, R] : Roles)
        if (Pl == Owner) {
          if (std::find(R.begin(), R.end(), std::string_view(Role)) == R.end())
            R.push_back(Role);
          return;
        }
      Roles.push_back({Owner, {Role}});
    };
    for (const auto *List : {&P.Before, &P.After, &P.AfterCommit})
      for (const core::ObserverRegistration &R : *List)
        Add(R.Owner, "observer");
    for (const core::InterceptorRegistration &R : P.Interceptors)
      Add(R.Owner, "interceptor");
    for (const core::ProviderRegistration &R : P.Providers)
      Add(R.Owner, "provider");
    for (auto &[Pl, R] : Roles) {
      std::string What;
      for (size_t K = 0; K < R.size(); ++K)
        What += std::string(K == 0 ? "" : K + 1 == R.size() ? " and " : ", ") +
                R[K];
      core::Diagnostic D;
      D.Severity = Flags.AsError ? NEVERC_DIAGNOSTIC_ERROR
                                 : NEVERC_DIAGNOSTIC_WARNING;
      D.PluginID = Pl ? std::string(Pl->id()) : std::string();
      D.Phase = P.Name;
      D.Message =
          "this build does not run this phase of the " + P.Domain +
          " domain yet, so the " + What + " registered here is never called [" +
          (Flags.AsError ? "-Werror,-W" : "-W") + PhaseWarningGroup + "]";
      H.diagnostics().report(D);
      Ok &= !Flags.AsError;
    }
  }
  return Ok;
}

/// --print-phases=dot: the phase graph for graphviz. Domains are clusters
/// in pipeline order. A solid edge A -> B carries an artifact: A makes it
/// (A's output differs from its input) and B takes it as input; the label
/// is the artifact ID's low word. Phases that edit an artifact in place
/// (input = output: the extension families, the passes) take it from its
/// maker and hand nothing new on, so they get no edges among themselves; a
/// dotted edge follows the schema's order inside a domain where no artifact
/// edge does. Implemented phases are filled, sealed gates red octagons,
/// event phases ellipses.
int printPhasesDot() {
  using core::operator==;
  core::PhaseGraph G;
  auto Hex = [](uint64_t V) {
    char B[24];
    std::snprintf(B, sizeof B, "%llx", (unsigned long long)V);
    return std::string(B);
  };
  std::printf("digraph neverc_phases {\n"
              "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, "
              "newrank=true, label=\"neverc: 130 phases (filled: implemented "
              "in this build; octagon: sealed gate; ellipse: event)\", "
              "labelloc=t];\n"
              "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", "
              "fontsize=9];\n"
              "  edge [fontname=\"Helvetica\", fontsize=7, color=\"#777777\"];\n");
  std::vector<std::string> Domains;
  for (uint32_t I = 0; I < G.size(); ++I)
    if (std::find(Domains.begin(), Domains.end(), G.at(I).Domain) ==
        Domains.end())
      Domains.push_back(G.at(I).Domain);
  for (const std::string &D : Domains) {
    std::printf("  subgraph cluster_%s {\n    label=\"%s\"; style=\"rounded\"; "
                "color=\"#999999\";\n",
                D.c_str(), D.c_str());
    for (uint32_t I = 0; I < G.size(); ++I) {
      const core::PhaseInfo &P = G.at(I);
      if (P.Domain != D)
        continue;
      const bool Sealed = P.Gate == NEVERC_PHASE_GATE_SEALED_VERIFIER ||
                          P.Gate == NEVERC_PHASE_GATE_SEALED_COMMIT;
      std::string Short = P.Name.substr(P.Name.find('.', 7) + 1);
      std::string Attrs = "label=\"" + Short + "\\n" + policyLetters(P.Policy) +
                          "\"";
      if (Sealed)
        Attrs += ", shape=octagon, color=\"#b03030\", penwidth=2";
      else if (P.Kind == NEVERC_PHASE_KIND_EVENT)
        Attrs += ", shape=ellipse";
      if (implemented(P))
        Attrs += Sealed || P.Kind == NEVERC_PHASE_KIND_EVENT
                     ? ", style=\"filled\", fillcolor=\"#a8d8a8\""
                     : ", style=\"rounded,filled\", fillcolor=\"#a8d8a8\"";
      else if (Sealed || P.Kind == NEVERC_PHASE_KIND_EVENT)
        Attrs += ", style=\"solid\"";
      std::printf("    \"%s\" [%s];\n", P.Name.c_str(), Attrs.c_str());
    }
    std::printf("  }\n");
  }
  auto Carries = [&](const core::PhaseInfo &From, const core::PhaseInfo &To) {
    return &From != &To && !(From.Input == From.Output) &&
           From.Output == To.Input;
  };
  for (uint32_t A = 0; A < G.size(); ++A)
    for (uint32_t B = 0; B < G.size(); ++B)
      if (Carries(G.at(A), G.at(B)))
        std::printf("  \"%s\" -> \"%s\" [label=\"%s\"];\n",
                    G.at(A).Name.c_str(), G.at(B).Name.c_str(),
                    Hex(G.at(A).Output.Low).c_str());
  for (uint32_t A = 0; A + 1 < G.size(); ++A) {
    const core::PhaseInfo &From = G.at(A), &To = G.at(A + 1);
    if (From.Domain == To.Domain && !Carries(From, To))
      std::printf("  \"%s\" -> \"%s\" [style=dotted, arrowhead=none];\n",
                  From.Name.c_str(), To.Name.c_str());
  }
  std::printf("}\n");
  return 0;
}

/// The triple option predicates are matched against.
std::string targetTriple(const std::vector<driver::RawArgument> &Argv) {
  std::string Triple = "x86_64-pc-linux-gnu";
  for (size_t I = 1; I < Argv.size(); ++I) {
    if (startsWith(Argv[I].Value, "--target="))
      Triple = Argv[I].Value.substr(9);
    else if (Argv[I].Value == "-target" && I + 1 < Argv.size())
      Triple = Argv[++I].Value;
  }
  return Triple;
}

int withPlugins(std::vector<driver::RawArgument> Argv, const PluginFlags &F,
                const PhaseWarningFlags &PhaseWarnings) {
  SwitchableSink Sink;
  core::HostConfig Config;
  Config.Diagnostics = &Sink;
  // Probes only when asked for: otherwise the host times nothing.
  std::unique_ptr<core::CostLedger> Ledger;
  std::unique_ptr<core::ExecutionProbe> Trace, Tee;
  if (F.Report)
    Ledger = std::make_unique<core::CostLedger>();
  if (F.TimeTrace)
    Trace = makeTimeTraceProbe();
  if (Ledger && Trace)
    Tee = std::make_unique<TeeProbe>(
        std::vector<core::ExecutionProbe *>{Ledger.get(), Trace.get()});
  Config.Probe = Tee ? Tee.get() : Ledger ? Ledger.get() : Trace.get();
  core::Host H(Config);
  driver::DriverDomain Domain(H);
  source::SourceDomain Source(H);
  prep::PrepDomain Prep(H);
  // Prep and AST hand out the source domain's location handles, so plugins
  // can use them with NevercSourceLocationAPI and in their diagnostics.
  Prep.setSourceCodec(Source.codec());
  ast::ASTDomain AST(H);
  AST.setSourceCodec(Source.codec());
  AST.setPrepDomain(&Prep);
  ir::IRDomain IR(H);
  mir::MIRDomain MIR(H);
  target::TargetDomain Target(H);
  mc::MCDomain MC(H);
  object::ObjectDomain Object(H);
  Object.setWriteFlags(F.ObjectWrite);
  link::LinkDomain Link(H);
  Link.chooseLinker(F.GraphLinker   ? link::LinkDomain::Linker::Graph
                    : F.NamedLinker ? link::LinkDomain::Linker::Named
                                    : link::LinkDomain::Linker::Default);
  IR.setTargetDomain(&Target);
  // Plugins' IR pass phases inside LTO: the link domain asks the IR
  // domain through this (link does not depend on ir).
  struct IRInLTO final : link::LinkDomain::LtoIR {
    explicit IRInLTO(ir::IRDomain &IR) : IR(IR) {}
    ir::IRDomain &IR;
    bool active() const override {
      return IR.ltoStagesActive() || IR.ltoPipelineActive();
    }
    bool ownsPipeline() const override { return IR.ltoPipelineActive(); }
    bool runStage(core::Task &T, int Stage, void *Module,
                  unsigned OptLevel) override {
      return IR.runLTOStage(T, Stage, Module, OptLevel);
    }
    void extendPipeline(core::Task &T, void *PassBuilder) override {
      IR.extendLTOPipeline(T, PassBuilder);
    }
  } IRLTO(IR);
  Link.setLtoIR(&IRLTO);
  Link.setObjectDomain(&Object);
  Object.setForeignImages(&Target.images());
  MIR.setUnits(&MC);
  for (const std::string &M : F.Modules)
    if (!core::isOk(H.loadPlugin(M)))
      return 1;
  for (auto &[Phase, ID] : F.Providers)
    H.chooseProvider(Phase, ID);
  if (!core::isOk(H.initialize()))
    return 1;
  Target.setIRPhasesRun(IR.active());
  if (!warnUnimplementedPhases(H, PhaseWarnings))
    return 1;

  // Plugin option values, in command-line order: -fplugin-arg=,
  // -fplugin-pass-arg= and the plugins' own spellings alike.
  core::SessionSetup Setup;
  Setup.Triple = targetTriple(Argv);
  std::vector<std::string> Active;
  for (auto &P : H.plugins())
    Active.emplace_back(P->id());
  core::OptionParser Parser(H.options(), Setup.Values, H.diagnostics(),
                            Setup.Triple, Active);
  std::string PassID;
  if (F.PassModules.size() == 1)
    for (auto &P : H.plugins())
      if (P->path() == F.PassModules.front())
        PassID = std::string(P->id());
  std::vector<std::string> Values;
  for (const driver::RawArgument &A : Argv)
    Values.push_back(A.Value);
  bool Bad = false;
  std::vector<driver::RawArgument> Rest{Argv.front()};
  for (size_t I = 1; I < Values.size();) {
    const std::string &A = Values[I];
    if (startsWith(A, "-fplugin-arg=")) {
      Bad |= !core::isOk(Parser.pluginArg(A.substr(13)));
      ++I;
      continue;
    }
    if (startsWith(A, "-fplugin-pass-arg=")) {
      Bad |= !core::isOk(Parser.passArg(A.substr(18), PassID));
      ++I;
      continue;
    }
    NevercStatus E;
    if (Parser.consume(Values, I, E)) {
      Bad |= !core::isOk(E);
      continue;
    }
    Rest.push_back(Argv[I++]);
  }
  Bad |= !core::isOk(Parser.finish());
  if (Bad)
    return 1;

  core::Session *S = nullptr;
  if (!core::isOk(H.beginSession(&S, std::move(Setup))))
    return 1;
  core::Task *T = nullptr;
  if (!core::isOk(S->beginTask(NEVERC_TASK_INVOCATION, &T))) {
    H.endSession(S);
    return 1;
  }
  // The domains that join every in-process cc1, in phase-graph order;
  // none when no plugin is loaded (the compile is then clang's own).
  FrontendDomains Frontend;
  Frontend.Source = &Source;
  Frontend.AST = &AST;
  Frontend.Object = &Object;
  Frontend.Link = &Link;
  if (!H.plugins().empty()) {
    Frontend.Attached = {&Source, &Prep, &AST, &IR, &MIR, &Target, &MC,
                         &Object};
    std::sort(Frontend.Attached.begin(), Frontend.Attached.end(),
                     [](const core::FrontendAttachment *A,
                        const core::FrontendAttachment *B) {
                       return A->firstPhase() < B->firstPhase();
                     });
  } else if (F.HasObjectWrite) {
    // Write policies alone: objects go through the graph, nothing else
    // joins the compile.
    Frontend.Attached = {&Object};
  }
  PluginHooks Hooks(H, Domain, Frontend, *S, *T, Sink);
  int RC = driver::runDriver(Rest, Hooks);
  bool EndOk = core::isOk(S->endTask(T));
  EndOk &= core::isOk(H.endSession(S));
  // A plugin error reported after the last job (TaskEnd, SessionEnd) still
  // fails the compile.
  if (RC == 0 && (!EndOk || H.pluginErrorCount() > 0))
    RC = 1;
  if (Ledger) {
    if (F.ReportFile.empty()) {
      Ledger->writeTable(stderr, H);
    } else if (std::FILE *Out = std::fopen(F.ReportFile.c_str(), "w")) {
      Ledger->writeJSON(Out, H);
      if (std::fclose(Out) != 0)
        RC = RC ? RC : 1;
    } else {
      core::Diagnostic D;
      D.Message = "cannot write the plugin report to '" + F.ReportFile + "'";
      Sink.report(D);
      RC = RC ? RC : 1;
    }
  }
  // Provider registrations of the source domain end before the modules
  // that own their UserData are unloaded.
  Source.shutdown();
  Object.shutdown();
  Link.shutdown();
  H.shutdown();
  return RC;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv, Argv + Argc);
  // Re-entry points (-cc1, -cc1as, neverc run as ld.lld) never carry
  // plugin flags; lld reads its own response files.
  if ((Args.size() > 1 && (Args[1] == "-cc1" || Args[1] == "-cc1as")) ||
      (!Args.empty() && driver::isLinkerPersonality(Args[0]))) {
    driver::DriverHooks None;
    return driver::runDriver(Args, None);
  }
  if (Args.size() == 2 && Args[1] == "--print-phases")
    return printPhases();
  if (Args.size() == 2 && Args[1].rfind("--print-mc-schema=", 0) == 0) {
    std::string Out, Error;
    if (mc::MCDomain::printTargetSchema(Args[1].substr(18), Out, Error)) {
      std::fprintf(stderr, "neverc: error: %s\n", Error.c_str());
      return 1;
    }
    std::fwrite(Out.data(), 1, Out.size(), stdout);
    return 0;
  }
  if (Args.size() == 2 && Args[1] == "--print-phases=dot")
    return printPhasesDot();
  // Without any plugin flag (looked for in response files too) this is the
  // plain driver: no host, no phase machinery.
  bool ResponseFiles = false, PluginFlag = false, NamedLinker = false;
  for (size_t I = 1; I < Args.size(); ++I) {
    ResponseFiles |= startsWith(Args[I], "@");
    NamedLinker |= namesLinker(Args[I]);
    PluginFlag |= startsWith(Args[I], "-fplugin") ||
                  startsWith(Args[I], "-fobject-write=") ||
                  Args[I] == "-fuse-ld=neverc";
  }
  if (!ResponseFiles && !PluginFlag) {
    // The warning group is neverc's: accepted (and dropped) without
    // plugins too, so build flags may carry it.
    takePhaseWarningFlags(Args, [](std::string &A) -> std::string & { return A; });
    PlainLinkHooks Plain(NamedLinker);
    return driver::runDriver(Args, Plain);
  }
  core::StreamDiagnosticSink Diags(stderr);
  std::vector<driver::RawArgument> Raw;
  std::string Error;
  if (!driver::expandArguments(Args, Raw, Error)) {
    core::Diagnostic D;
    D.Message = Error;
    Diags.report(D);
    return 1;
  }
  PluginFlags F;
  if (!extractPluginFlags(Raw, F, Diags))
    return 1;
  const PhaseWarningFlags PhaseWarnings = takePhaseWarningFlags(
      Raw, [](driver::RawArgument &A) -> std::string & { return A.Value; });
  if (F.Modules.empty() && !F.HasObjectWrite && !F.GraphLinker) {
    // H34: plugin arguments without a plugin are a hard error.
    for (const driver::RawArgument &A : Raw)
      if (startsWith(A.Value, "-fplugin-arg=") ||
          startsWith(A.Value, "-fplugin-pass-arg=")) {
        core::Diagnostic D;
        D.Message = "'" + A.Value +
                    "' given but no plugin is loaded (use -fplugin=<path>)";
        Diags.report(D);
        return 1;
      }
    if (F.Report) {
      core::Diagnostic D;
      D.Message = "'-fplugin-report' given but no plugin is loaded (use "
                  "-fplugin=<path>)";
      Diags.report(D);
      return 1;
    }
    if (!F.Providers.empty()) {
      core::Diagnostic D;
      D.Message = "'-fplugin-provider=" + F.Providers.front().first + ":" +
                  F.Providers.front().second +
                  "' given but no plugin is loaded (use -fplugin=<path>)";
      Diags.report(D);
      return 1;
    }
    PlainLinkHooks Plain(F.NamedLinker);
    return driver::runDriver(Raw, Plain);
  }
  return withPlugins(std::move(Raw), F, PhaseWarnings);
}
