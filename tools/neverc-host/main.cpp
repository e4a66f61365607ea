//===- neverc-host: one plugin host session, end to end -------------------===//
//
// Loads plugins, initializes the host (dependency order, ProcessBegin,
// Register, apply, freeze), parses plugin options, opens a session and an
// INVOCATION task, and walks the whole built-in phase graph through the
// executor with identity steps, so every plugin sees every phase it
// registered for. The real steps arrive with the domains (the driver,
// source and prep domains first); this tool exercises the host alone.
//
//   neverc-host -fplugin=<path> [-fplugin=<path> ...] [plugin options]
//               [-fplugin-arg=<id>:<key>=<value>] [-fplugin-provider=<p>:<id>]
//
//===----------------------------------------------------------------------===//
#include "neverc/core/Host.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace neverc::core;

namespace {

NevercStatus identity(void *, void *Input, void **Output) {
  *Output = Input;
  return okStatus();
}

int fail(const char *What, NevercStatus S) {
  std::fprintf(stderr, "neverc-host: error: %s failed: %s\n", What,
               std::string(statusName(S.Code)).c_str());
  return 1;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> PluginPaths, PluginArgs, Rest;
  Host H;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A.rfind("-fplugin=", 0) == 0)
      PluginPaths.push_back(A.substr(9));
    else if (A.rfind("-fplugin-arg=", 0) == 0)
      PluginArgs.push_back(A.substr(13));
    else if (A.rfind("-fplugin-provider=", 0) == 0) {
      std::string V = A.substr(18);
      size_t Colon = V.rfind(':');
      if (Colon == std::string::npos) {
        std::fprintf(stderr, "neverc-host: error: '%s' needs <phase>:<plugin-id>\n",
                     A.c_str());
        return 1;
      }
      H.chooseProvider(V.substr(0, Colon), V.substr(Colon + 1));
    } else
      Rest.push_back(A);
  }
  for (const std::string &P : PluginPaths)
    if (NevercStatus S = H.loadPlugin(P); !isOk(S))
      return fail(("loading " + P).c_str(), S);
  if (NevercStatus S = H.initialize(); !isOk(S))
    return fail("plugin initialization", S);

  // Plugin options are parsed before the session begins: plugins read
  // them back in SessionBegin.
  const char *Triple = "x86_64-unknown-linux-gnu";
  SessionSetup Setup;
  Setup.Triple = Triple;
  Setup.CPU = "x86-64";
  Setup.ObjectFormat = "elf";
  Setup.ExecutionLevel = NEVERC_EXECUTION_LEVEL_USER;
  std::vector<std::string> Active;
  for (auto &P : H.plugins())
    Active.emplace_back(P->id());
  OptionParser Parser(H.options(), Setup.Values, H.diagnostics(), Triple,
                      Active);
  bool BadArgs = false;
  for (const std::string &A : PluginArgs)
    BadArgs |= !isOk(Parser.pluginArg(A));
  for (size_t I = 0; I < Rest.size();) {
    NevercStatus E;
    if (Parser.consume(Rest, I, E)) {
      BadArgs |= !isOk(E);
      continue;
    }
    std::fprintf(stderr, "neverc-host: error: unknown argument: '%s'\n",
                 Rest[I].c_str());
    BadArgs = true;
    ++I;
  }
  BadArgs |= !isOk(Parser.finish());
  if (BadArgs)
    return 1;

  Session *Sess = nullptr;
  if (NevercStatus S = H.beginSession(&Sess, std::move(Setup)); !isOk(S))
    return fail("session begin", S);
  Task *T = nullptr;
  if (NevercStatus S = Sess->beginTask(NEVERC_TASK_INVOCATION, &T); !isOk(S))
    return fail("task begin", S);

  // Walk the graph in schema order with identity steps.
  unsigned Ran = 0, Observed = 0;
  int Payload = 0;
  for (uint32_t I = 0; I < H.phases().size(); ++I) {
    const PhaseInfo &P = H.phases().at(I);
    Observed += P.Active;
    NevercStatus S;
    if (P.Kind == NEVERC_PHASE_KIND_EVENT) {
      S = H.raiseEvent(I, *T, &Payload);
    } else {
      PhaseRequest R;
      R.T = T;
      R.Input = &Payload;
      R.Builtin.Run = identity;
      S = H.runPhase(I, R).Status;
    }
    if (!isOk(S))
      return fail(P.Name.c_str(), S);
    ++Ran;
  }
  // Identity steps, no compiler: this counts what the executor
  // dispatched, not phases neverc implements (neverc --print-phases).
  std::printf("neverc-host: %zu plugin(s) loaded; host-only exercise: %u "
              "identity steps run through the executor (no compile), %u of "
              "them observed by a plugin\n",
              H.plugins().size(), Ran, Observed);
  for (Plugin *P : H.order())
    std::printf("neverc-host: plugin '%s' (%s) from %s\n",
                std::string(P->id()).c_str(),
                std::string(P->displayName()).c_str(), P->path().c_str());
  NevercStatus End = Sess->endTask(T);
  if (NevercStatus S = H.endSession(Sess); isOk(End))
    End = S;
  H.shutdown();
  return isOk(End) ? 0 : fail("session end", End);
}
