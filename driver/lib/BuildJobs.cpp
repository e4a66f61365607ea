//===- BuildJobs.cpp - neverc.driver.build_jobs ---------------------------===//
//
// Built-in step: Driver::BuildJobs (run by BuildCompilation, or again after
// an action-graph edit). Clang's JobList can only be appended to or cleared
// and has no dependency edges, so the driver keeps its own plan: one JobInfo
// per Command, dependencies derived the way Compilation::ExecuteJobs skips
// jobs (a job depends on every earlier job whose source action lies in its
// own action's input tree), and the Command each job came from. After the
// hook the edited list is the plan; ExecuteJob.cpp runs it in list order.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Driver/InputInfo.h"
#include "clang/Driver/Tool.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"

using namespace clang::driver;

namespace neverc::driver::detail {
namespace {

void collectActionTree(const Action *A,
                       llvm::SmallPtrSetImpl<const Action *> &Tree) {
  if (!Tree.insert(A).second)
    return;
  for (const Action *In : A->getInputs())
    collectActionTree(In, Tree);
}

JobInfo describe(Session &S, Command &Cmd, uint64_t ID) {
  JobInfo J;
  J.ID = ID;
  J.Executable = Cmd.getExecutable();
  for (const char *A : Cmd.getArguments())
    J.Arguments.push_back(A);
  llvm::StringRef First =
      J.Arguments.empty() ? llvm::StringRef() : J.Arguments.front();
  const Action &Src = Cmd.getSource();
  if (First == "-cc1")
    J.K = JobInfo::CC1;
  else if (First == "-cc1as")
    J.K = JobInfo::CC1AS;
  else if (Cmd.getCreator().isLinkJob())
    J.K = JobInfo::Link;
  else if (Src.getKind() == Action::StaticLibJobClass)
    J.K = JobInfo::Archive;
  else
    J.K = JobInfo::Other;

  for (const InputInfo &II : Cmd.getInputInfos()) {
    if (II.isFilename())
      J.Inputs.push_back({II.getFilename(), toFileType(II.getType())});
    else if (II.isInputArg())
      J.Inputs.push_back({II.getInputArg().getAsString(S.C->getArgs()),
                          toFileType(II.getType())});
  }
  for (const std::string &Out : Cmd.getOutputFilenames())
    J.Outputs.push_back({Out, toFileType(Src.getType())});
  J.SourceAction = S.ActionIDs.lookup(&Src);

  bool Frontend = J.K == JobInfo::CC1 || J.K == JobInfo::CC1AS;
  bool Lld = J.K == JobInfo::Link && isLldExecutable(J.Executable);
  J.InProcess = (Frontend && !S.SpawnCC1) || Lld;
  if (Lld)
    J.Flavor = JobInfo::LinkerFlavor::Gnu;
  const ResponseFileSupport &RF = Cmd.getResponseFileSupport();
  switch (RF.ResponseKind) {
  case ResponseFileSupport::RF_None:
    J.ResponseFileKind = JobInfo::ResponseFile::None;
    break;
  case ResponseFileSupport::RF_Full:
    J.ResponseFileKind = JobInfo::ResponseFile::Full;
    break;
  case ResponseFileSupport::RF_FileList:
    J.ResponseFileKind = JobInfo::ResponseFile::List;
    break;
  }
  J.ResponseFileEncoding =
      static_cast<JobInfo::Encoding>(static_cast<unsigned>(RF.ResponseEncoding));
  return J;
}

/// Adopts the hook's list as the plan, or reports why it cannot run.
bool adoptPlan(Session &S, std::vector<JobInfo> &Edited,
               const std::vector<Session::PlannedJob> &Built) {
  auto Fail = [&](const std::string &Why) {
    S.error("invalid job-graph edit: " + Why);
    return false;
  };
  uint64_t NextID = 1;
  for (const JobInfo &J : Edited)
    NextID = std::max(NextID, J.ID + 1);
  NextID = std::max<uint64_t>(NextID, Built.size() + 1);

  llvm::DenseSet<uint64_t> Seen;
  std::vector<Session::PlannedJob> Plan;
  for (JobInfo &J : Edited) {
    if (J.ID == 0)
      J.ID = NextID++;
    if (!Seen.insert(J.ID).second)
      return Fail("job id " + std::to_string(J.ID) + " is repeated");
    for (uint64_t Dep : J.Dependencies)
      if (!Seen.contains(Dep) || Dep == J.ID)
        return Fail("job " + std::to_string(J.ID) + " depends on job " +
                    std::to_string(Dep) +
                    ", which does not run before it (dependency cycle or "
                    "unknown job)");
    if (J.K == JobInfo::Plugin && !J.Callback)
      return Fail("plugin job " + std::to_string(J.ID) + " has no callback");
    if (J.K != JobInfo::Plugin && J.Executable.empty())
      return Fail("job " + std::to_string(J.ID) + " has no executable");
    Session::PlannedJob P;
    if (J.ID <= Built.size()) {
      P.Original = Built[J.ID - 1].Original;
      P.Unchanged = J.sameAs(Built[J.ID - 1].Info);
    }
    // In-process is the driver's decision, recomputed for edited jobs.
    if (!P.Unchanged) {
      bool Frontend = !J.Arguments.empty() &&
                      (J.Arguments[0] == "-cc1" || J.Arguments[0] == "-cc1as");
      J.InProcess = (Frontend && !S.SpawnCC1) ||
                    (J.K == JobInfo::Link && isLldExecutable(J.Executable));
    }
    P.Info = std::move(J);
    Plan.push_back(std::move(P));
  }
  S.Plan = std::move(Plan);
  return true;
}

} // namespace

bool runBuildJobsPhase(Session &S) {
  S.SpawnCC1 =
      S.C->getArgs().hasFlag(clang::options::OPT_fno_integrated_cc1,
                             clang::options::OPT_fintegrated_cc1, false);

  std::vector<Session::PlannedJob> Built;
  std::vector<llvm::SmallPtrSet<const Action *, 8>> Trees;
  for (Command &Cmd : S.C->getJobs()) {
    // A link lld cannot parse goes to the platform linker: decided here so
    // that the plan, -### and -v show the linker that runs.
    if (Cmd.getCreator().isLinkJob())
      planLink(S, Cmd);
    Session::PlannedJob P;
    P.Info = describe(S, Cmd, Built.size() + 1);
    P.Original = &Cmd;
    P.Unchanged = true;
    // Integrated cc1 for every frontend job, not only a lone one (Clang
    // turns it off when a compilation has several jobs).
    if (P.Info.K == JobInfo::CC1 || P.Info.K == JobInfo::CC1AS)
      Cmd.InProcess = P.Info.InProcess;
    Trees.emplace_back();
    collectActionTree(&Cmd.getSource(), Trees.back());
    for (size_t K = 0; K < Built.size(); ++K)
      if (Trees.back().contains(&Built[K].Original->getSource()))
        P.Info.Dependencies.push_back(Built[K].Info.ID);
    Built.push_back(std::move(P));
  }

  std::vector<JobInfo> Edited;
  for (const Session::PlannedJob &P : Built)
    Edited.push_back(P.Info);
  if (int Status = S.Hooks.buildJobs(Edited))
    return S.hookFailed(4, Status), false;
  return adoptPlan(S, Edited, Built);
}

} // namespace neverc::driver::detail
