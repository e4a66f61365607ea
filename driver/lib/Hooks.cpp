//===- Hooks.cpp - Default driver hooks and plain-data helpers ------------===//
//
// Standard library only. This file holds DriverHooks' key function, so it is
// compiled with RTTI (and without the Clang PCH): subclasses of DriverHooks
// in RTTI-enabled code need its typeinfo, which an -fno-rtti TU would not
// emit.
//
//===----------------------------------------------------------------------===//
#include "neverc/driver/Driver.h"

namespace neverc::driver {

const char *const PhaseNames[6] = {
    "neverc.driver.raw_arguments",   "neverc.driver.parsed_arguments",
    "neverc.driver.select_toolchain", "neverc.driver.build_actions",
    "neverc.driver.build_jobs",      "neverc.driver.execute_job",
};

DriverHooks::~DriverHooks() = default;

int DriverHooks::rawArguments(std::vector<RawArgument> &) { return 0; }

int DriverHooks::parsedArguments(std::vector<OptionOccurrence> &) {
  return 0;
}

int DriverHooks::selectToolChain(ToolChainInfo &) { return 0; }

int DriverHooks::buildActions(ActionGraph &) { return 0; }

int DriverHooks::buildJobs(std::vector<JobInfo> &) { return 0; }

int DriverHooks::executeJob(const JobInfo &, JobResult &Result,
                            const std::function<void(JobResult &)> &Builtin) {
  Builtin(Result);
  return 0;
}

int DriverHooks::frontendStarting(clang::CompilerInstance &, const JobInfo &) {
  return 0;
}

int DriverHooks::assemblerStarting(clang::DiagnosticsEngine &,
                                   const std::string &, bool,
                                   const JobInfo &) {
  return 0;
}

int DriverHooks::assemblerFinished(bool) { return 0; }

bool DriverHooks::assemblerParse(core::AssemblySource &Src) {
  return Src.Parse(Src.ParseCtx);
}

bool DriverHooks::assemblerHoldsObject() { return false; }

int DriverHooks::runLink(const JobInfo &, std::vector<std::string> &Argv,
                         int (*RunLld)(const std::vector<std::string> &)) {
  return RunLld(Argv);
}

bool DriverHooks::runsSpawnedLinks() { return false; }

int DriverHooks::assemblerObject(const std::string &, const std::string &,
                                 std::string &Bytes,
                                 bool (*Commit)(void *, const std::string &,
                                                std::string &),
                                 void *CommitCtx) {
  std::string Error;
  return Commit(CommitCtx, Bytes, Error) ? 0 : 1;
}

int DriverHooks::frontendFinished(clang::CompilerInstance &, bool) {
  return 0;
}

bool DriverHooks::wrapsFrontendAction(clang::CompilerInstance &) {
  return false;
}

clang::FrontendAction *
DriverHooks::wrapFrontendAction(clang::CompilerInstance &,
                                clang::FrontendAction *Inner) {
  return Inner;
}

bool JobInfo::sameAs(const JobInfo &O) const {
  return K == O.K && ID == O.ID && Executable == O.Executable &&
         Arguments == O.Arguments && Environment == O.Environment &&
         Inputs == O.Inputs && Outputs == O.Outputs &&
         Dependencies == O.Dependencies && SourceAction == O.SourceAction &&
         InProcess == O.InProcess && ResponseFileKind == O.ResponseFileKind &&
         ResponseFileEncoding == O.ResponseFileEncoding && Flavor == O.Flavor &&
         CallbackID == O.CallbackID &&
         static_cast<bool>(Callback) == static_cast<bool>(O.Callback);
}

std::vector<std::string> ActionGraph::summary() const {
  static const char *const KindNames[] = {
      "invalid", "input",  "bind-arch", "preprocess", "compile", "backend",
      "assemble", "link", "lipo",      "dsymutil",   "static-lib", "dyncode"};
  // The first input file reachable from a node names it ("compile:x.c").
  auto firstInput = [&](const ActionNode &N, auto &&Self) -> std::string {
    if (N.Kind == ActionKind::Input)
      for (const DriverInput &I : Inputs)
        if (I.ID == N.DriverInput)
          return I.Value;
    for (uint64_t In : N.Inputs)
      for (const ActionNode &M : Nodes)
        if (M.ID == In)
          if (std::string S = Self(M, Self); !S.empty())
            return S;
    return {};
  };
  std::vector<std::string> Out;
  for (const ActionNode &N : Nodes) {
    if (N.Kind == ActionKind::Input)
      continue;
    auto K = static_cast<uint32_t>(N.Kind);
    std::string Name = K < std::size(KindNames) ? KindNames[K] : "invalid";
    if (N.Kind == ActionKind::Invalid && !N.ClangClassName.empty())
      Name = N.ClangClassName;
    if (N.Kind != ActionKind::Link && N.Kind != ActionKind::StaticLib)
      if (std::string In = firstInput(N, firstInput); !In.empty())
        Name += ":" + In;
    Out.push_back(std::move(Name));
  }
  return Out;
}

} // namespace neverc::driver
