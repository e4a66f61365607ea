//===- HookProbe.cpp - A neverc that traces and edits every driver phase --===//
//
// Test tool for tests/lit/driver/hooks.c: runDriver() with DriverHooks that
// print what each phase hands out (prefix "probe:") and apply the edits
// named in $NEVERC_HOOK_PROBE (comma-separated), so the lit tests can check
// both the data the plugin layer will see and every edit path, positive and
// negative. Standard library only, like any user of the public header.
//
//===----------------------------------------------------------------------===//
#include "neverc/driver/Driver.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace neverc::driver;

namespace {

std::string join(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &E : V)
    S += (S.empty() ? "" : " ") + E;
  return S;
}

std::string joinIDs(const std::vector<uint64_t> &V) {
  std::string S;
  for (uint64_t E : V)
    S += (S.empty() ? "" : ",") + std::to_string(E);
  return S;
}

const char *kindName(JobInfo::Kind K) {
  switch (K) {
  case JobInfo::CC1: return "cc1";
  case JobInfo::CC1AS: return "cc1as";
  case JobInfo::Link: return "link";
  case JobInfo::Archive: return "archive";
  case JobInfo::Other: return "other";
  case JobInfo::Plugin: return "plugin";
  }
  return "?";
}

std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

class Probe : public DriverHooks {
public:
  Probe() {
    if (const char *Env = std::getenv("NEVERC_HOOK_PROBE")) {
      std::stringstream SS(Env);
      for (std::string M; std::getline(SS, M, ',');)
        Modes.insert(M);
    }
  }

  int rawArguments(std::vector<RawArgument> &Argv) override {
    std::fprintf(stderr, "probe: raw_arguments count=%zu\n", Argv.size());
    for (size_t I = 1; I < Argv.size(); ++I)
      std::fprintf(stderr, "probe: raw[%zu] '%s' origin=%u source='%s' pos=%llu\n",
                   I, Argv[I].Value.c_str(),
                   static_cast<unsigned>(Argv[I].Origin),
                   baseName(Argv[I].Source).c_str(),
                   static_cast<unsigned long long>(Argv[I].Position));
    if (has("raw-define"))
      Argv.push_back({"-DHOOKED=42", ArgumentOrigin::Plugin, "", 0});
    if (has("raw-drop-argv0"))
      Argv[0].Value.clear();
    return has("fail-raw") ? 7 : 0;
  }

  int parsedArguments(std::vector<OptionOccurrence> &Occurrences) override {
    for (const OptionOccurrence &O : Occurrences)
      std::fprintf(stderr, "probe: option id=%llu name=%s spelling='%s' values=[%s]\n",
                   static_cast<unsigned long long>(O.ID), O.OptionName.c_str(),
                   O.Spelling.c_str(), join(O.Values).c_str());
    if (has("parsed-rename-output"))
      for (OptionOccurrence &O : Occurrences)
        if (O.Spelling == "-o")
          O.Values[0] += ".renamed";
    if (has("parsed-add-define"))
      Occurrences.push_back({0, "-D", {"PARSED=7"}, ArgumentOrigin::Plugin, ""});
    if (has("parsed-drop-inputs"))
      std::erase_if(Occurrences,
                    [](const OptionOccurrence &O) { return O.Spelling.empty(); });
    if (has("parsed-bogus"))
      Occurrences.push_back(
          {0, "-no-such-spelling=", {"a", "b", "c"}, ArgumentOrigin::Plugin, ""});
    return 0;
  }

  int selectToolChain(ToolChainInfo &TC) override {
    std::fprintf(stderr,
                 "probe: toolchain id=%s requested=%s triple=%s cpu=%s "
                 "features=%zu resource-dir-set=%d\n",
                 TC.ToolChainID.c_str(), TC.RequestedTriple.c_str(),
                 TC.Triple.c_str(), TC.CPU.c_str(), TC.Features.size(),
                 !TC.ResourceDir.empty());
    if (has("tc-cpu"))
      TC.CPU = "znver3";
    if (has("tc-feature"))
      TC.Features.push_back("+avx2");
    if (has("tc-triple"))
      TC.Triple = "aarch64-unknown-linux-gnu";
    if (has("tc-bad-triple"))
      TC.Triple = "nonsense";
    if (has("tc-edit-readonly"))
      TC.ToolChainID = "neverc.plugin.mine";
    return 0;
  }

  int buildActions(ActionGraph &G) override {
    for (const std::string &S : G.summary())
      std::fprintf(stderr, "probe: action %s\n", S.c_str());
    for (const ActionNode &N : G.Nodes)
      std::fprintf(stderr, "probe: node %llu kind=%u type=%u inputs=[%s] input=%llu class=%s\n",
                   static_cast<unsigned long long>(N.ID),
                   static_cast<unsigned>(N.Kind),
                   static_cast<unsigned>(N.OutputType), joinIDs(N.Inputs).c_str(),
                   static_cast<unsigned long long>(N.DriverInput),
                   N.ClangClassName.c_str());
    std::fprintf(stderr, "probe: roots [%s]\n", joinIDs(G.Roots).c_str());
    if (has("actions-object-root")) {
      // The spec's "replaces link root with object root": the link's inputs
      // become the roots, so the driver produces objects.
      std::vector<uint64_t> Roots;
      for (uint64_t R : G.Roots)
        for (const ActionNode &N : G.Nodes)
          if (N.ID == R && N.Kind == ActionKind::Link)
            Roots.insert(Roots.end(), N.Inputs.begin(), N.Inputs.end());
          else if (N.ID == R)
            Roots.push_back(R);
      G.Roots = Roots;
    }
    if (has("actions-cycle") && G.Nodes.size() > 1)
      G.Nodes.front().Inputs.push_back(G.Nodes.back().ID);
    return 0;
  }

  int buildJobs(std::vector<JobInfo> &Jobs) override {
    for (const JobInfo &J : Jobs)
      std::fprintf(stderr,
                   "probe: job %llu kind=%s inproc=%d deps=[%s] exe=%s arg0=%s "
                   "inputs=%zu outputs=%zu source=%llu flavor=%u\n",
                   static_cast<unsigned long long>(J.ID), kindName(J.K),
                   J.InProcess, joinIDs(J.Dependencies).c_str(),
                   baseName(J.Executable).c_str(),
                   J.Arguments.empty() ? "" : J.Arguments[0].c_str(),
                   J.Inputs.size(), J.Outputs.size(),
                   static_cast<unsigned long long>(J.SourceAction),
                   static_cast<unsigned>(J.Flavor));
    if (has("jobs-plugin")) {
      JobInfo P;
      P.K = JobInfo::Plugin;
      P.CallbackID = "probe.callback";
      P.Callback = [](const JobInfo &) {
        std::fprintf(stderr, "probe: plugin job ran\n");
        return 0;
      };
      Jobs.insert(Jobs.begin(), std::move(P));
    }
    if (has("jobs-plugin-fails")) {
      // A failing first job that everything depends on: nothing else runs.
      JobInfo P;
      P.K = JobInfo::Plugin;
      P.ID = 100;
      P.CallbackID = "probe.failing";
      P.Callback = [](const JobInfo &) { return 3; };
      for (JobInfo &J : Jobs)
        J.Dependencies.push_back(100);
      Jobs.insert(Jobs.begin(), std::move(P));
    }
    if (has("jobs-cycle") && Jobs.size() > 1)
      Jobs.front().Dependencies.push_back(Jobs.back().ID);
    if (has("jobs-drop-link"))
      std::erase_if(Jobs, [](const JobInfo &J) { return J.K == JobInfo::Link; });
    if (has("jobs-O0"))
      for (JobInfo &J : Jobs)
        if (J.K == JobInfo::CC1)
          J.Arguments.push_back("-O0");
    return has("fail-jobs") ? 3 : 0;
  }

  int executeJob(const JobInfo &J, JobResult &R,
                 const std::function<void(JobResult &)> &Builtin) override {
    if (has("exec-skip-link") && J.K == JobInfo::Link) {
      std::fprintf(stderr, "probe: skipped link job %llu\n",
                   static_cast<unsigned long long>(J.ID));
      return 0;
    }
    Builtin(R);
    std::fprintf(stderr, "probe: executed job %llu kind=%s exit=%d stats=%d\n",
                 static_cast<unsigned long long>(J.ID), kindName(J.K),
                 R.ExitCode, R.HasProcessStatistics);
    return 0;
  }

private:
  bool has(const char *M) const { return Modes.count(M) != 0; }
  std::set<std::string> Modes;
};

} // namespace

int main(int Argc, char **Argv) {
  Probe Hooks;
  return runDriver(std::vector<std::string>(Argv, Argv + Argc), Hooks);
}
