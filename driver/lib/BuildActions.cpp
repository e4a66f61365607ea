//===- BuildActions.cpp - neverc.driver.build_actions ---------------------===//
//
// Built-in step: Driver::BuildActions, run by BuildCompilation. We snapshot
// Compilation::getActions() (roots) and everything they reach as an
// ActionGraph. When the hook edits the graph, the edited nodes become new
// Clang actions (Compilation::MakeAction), unchanged nodes keep theirs, the
// roots replace getActions(), and Driver::BuildJobs runs again on a cleared
// job list (Clang's only way to turn actions into jobs).
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Driver/Types.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"

using namespace clang::driver;

namespace neverc::driver::detail {

FileType toFileType(unsigned ClangType) {
  switch (static_cast<types::ID>(ClangType)) {
  case types::TY_PP_C: return FileType::PP_C;
  case types::TY_C: return FileType::C;
  case types::TY_CHeader: return FileType::CHeader;
  case types::TY_PP_Asm: return FileType::PP_Asm;
  case types::TY_Asm: return FileType::Asm;
  case types::TY_LLVM_IR: return FileType::LLVM_IR;
  case types::TY_LLVM_BC: return FileType::LLVM_BC;
  case types::TY_LTO_IR: return FileType::LTO_IR;
  case types::TY_LTO_BC: return FileType::LTO_BC;
  case types::TY_Object: return FileType::Object;
  case types::TY_Image: return FileType::Image;
  case types::TY_dSYM: return FileType::DSym;
  case types::TY_Dependencies: return FileType::Dependencies;
  case types::TY_Nothing: return FileType::Nothing;
  case types::TY_PP_CXX: return FileType::PP_CXX;
  case types::TY_CXX: return FileType::CXX;
  case types::TY_CXXHeader: return FileType::CXXHeader;
  default: return FileType::Invalid;
  }
}

unsigned toClangType(FileType T) {
  switch (T) {
  case FileType::Invalid: return types::TY_INVALID;
  case FileType::PP_C: return types::TY_PP_C;
  case FileType::C: return types::TY_C;
  case FileType::CHeader: return types::TY_CHeader;
  case FileType::PP_Asm: return types::TY_PP_Asm;
  case FileType::Asm: return types::TY_Asm;
  case FileType::LLVM_IR: return types::TY_LLVM_IR;
  case FileType::LLVM_BC: return types::TY_LLVM_BC;
  case FileType::LTO_IR: return types::TY_LTO_IR;
  case FileType::LTO_BC: return types::TY_LTO_BC;
  case FileType::Object: return types::TY_Object;
  case FileType::Image: return types::TY_Image;
  case FileType::DSym: return types::TY_dSYM;
  case FileType::Dependencies: return types::TY_Dependencies;
  case FileType::Nothing: return types::TY_Nothing;
  case FileType::PP_CXX: return types::TY_PP_CXX;
  case FileType::CXX: return types::TY_CXX;
  case FileType::CXXHeader: return types::TY_CXXHeader;
  }
  return types::TY_INVALID;
}

namespace {

ActionKind toActionKind(Action::ActionClass K) {
  switch (K) {
  case Action::InputClass: return ActionKind::Input;
  case Action::BindArchClass: return ActionKind::BindArch;
  case Action::PreprocessJobClass: return ActionKind::Preprocess;
  case Action::CompileJobClass: return ActionKind::Compile;
  case Action::BackendJobClass: return ActionKind::Backend;
  case Action::AssembleJobClass: return ActionKind::Assemble;
  case Action::LinkJobClass: return ActionKind::Link;
  case Action::LipoJobClass: return ActionKind::Lipo;
  case Action::DsymutilJobClass: return ActionKind::Dsymutil;
  case Action::StaticLibJobClass: return ActionKind::StaticLib;
  default: return ActionKind::Invalid;
  }
}

/// Driver inputs are identified by their InputAction.
struct Snapshot {
  Session &S;
  llvm::DenseMap<uint64_t, InputAction *> InputsByID;

  explicit Snapshot(Session &S) : S(S) {}

  uint64_t visit(Action *A) {
    if (auto It = S.ActionIDs.find(A); It != S.ActionIDs.end())
      return It->second;
    ActionNode N;
    for (Action *In : A->getInputs())
      N.Inputs.push_back(visit(In));
    N.ID = S.Graph.Nodes.size() + 1;
    N.Kind = toActionKind(A->getKind());
    N.OutputType = toFileType(A->getType());
    N.ClangClassName = A->getClassName();
    if (auto *IA = llvm::dyn_cast<InputAction>(A)) {
      DriverInput In;
      In.ID = S.Graph.Inputs.size() + 1;
      In.Type = toFileType(IA->getType());
      In.ClangTypeName = types::getTypeName(IA->getType());
      const llvm::opt::Arg &Arg = IA->getInputArg();
      In.Value = Arg.getOption().getKind() == llvm::opt::Option::InputClass
                     ? std::string(Arg.getValue())
                     : Arg.getAsString(S.C->getArgs());
      N.DriverInput = In.ID;
      InputsByID[In.ID] = IA;
      S.Graph.Inputs.push_back(std::move(In));
    }
    if (auto *BA = llvm::dyn_cast<BindArchAction>(A))
      N.BindArch = BA->getArchName().str();
    S.ActionIDs[A] = N.ID;
    S.ActionsByID[N.ID] = A;
    S.Graph.Nodes.push_back(std::move(N));
    return S.Graph.Nodes.back().ID;
  }

  void take() {
    S.Graph = {};
    S.ActionIDs.clear();
    S.ActionsByID.clear();
    for (Action *A : S.C->getActions())
      S.Graph.Roots.push_back(visit(A));
  }
};

/// Turns the edited graph G into Clang actions. Returns false (after a
/// diagnostic) when G is not a graph Clang can represent; nothing in the
/// compilation changes in that case.
bool applyEditedGraph(Session &S, Snapshot &Snap, const ActionGraph &G) {
  auto Fail = [&](const std::string &Why) {
    S.error("invalid action-graph edit: " + Why);
    return false;
  };
  if (G.Inputs != S.Graph.Inputs)
    return Fail("driver inputs are read-only");
  if (G.Roots.empty())
    return Fail("the graph has no roots");

  llvm::DenseMap<uint64_t, const ActionNode *> ByID;
  for (const ActionNode &N : G.Nodes)
    if (N.ID == 0 || !ByID.try_emplace(N.ID, &N).second)
      return Fail("node id " + std::to_string(N.ID) + " is zero or repeated");

  // Depth-first topological order; a back edge is a cycle.
  std::vector<const ActionNode *> Order;
  llvm::DenseMap<uint64_t, int> State; // 1 = on stack, 2 = done
  std::function<bool(const ActionNode &)> Visit = [&](const ActionNode &N) {
    int &St = State[N.ID];
    if (St == 2)
      return true;
    if (St == 1)
      return Fail("cycle through node " + std::to_string(N.ID));
    St = 1;
    for (uint64_t In : N.Inputs) {
      auto It = ByID.find(In);
      if (It == ByID.end())
        return Fail("node " + std::to_string(N.ID) + " reads unknown node " +
                    std::to_string(In));
      if (!Visit(*It->second))
        return false;
    }
    State[N.ID] = 2;
    Order.push_back(&N);
    return true;
  };
  for (const ActionNode &N : G.Nodes)
    if (!Visit(N))
      return false;
  for (uint64_t R : G.Roots)
    if (!ByID.count(R))
      return Fail("root " + std::to_string(R) + " is not a node");

  Compilation &C = *S.C;
  llvm::DenseMap<uint64_t, Action *> Built;
  for (const ActionNode *N : Order) {
    ActionList Ins;
    for (uint64_t In : N->Inputs)
      Ins.push_back(Built[In]);
    Action *Orig = S.ActionsByID.lookup(N->ID);
    const ActionNode *Before =
        Orig ? &S.Graph.Nodes[N->ID - 1] : nullptr; // ids are positions
    if (Before && *Before == *N &&
        llvm::equal(Ins, static_cast<const Action *>(Orig)->getInputs())) {
      Built[N->ID] = Orig;
      continue;
    }
    auto Ty = static_cast<types::ID>(toClangType(N->OutputType));
    if (Ty == types::TY_INVALID && Before && Before->OutputType == N->OutputType)
      Ty = Orig->getType(); // a Clang type NeverC cannot name, unchanged
    if (Ty == types::TY_INVALID)
      return Fail("node " + std::to_string(N->ID) + " has no output type");
    auto OneInput = [&]() -> Action * {
      return Ins.size() == 1 ? Ins[0] : nullptr;
    };
    Action *A = nullptr;
    switch (N->Kind) {
    case ActionKind::Input: {
      InputAction *IA = Snap.InputsByID.lookup(N->DriverInput);
      if (!IA || !Ins.empty())
        return Fail("input node " + std::to_string(N->ID) +
                    " must name a driver input and have no inputs");
      A = IA->getType() == Ty ? IA
                              : C.MakeAction<InputAction>(IA->getInputArg(), Ty);
      break;
    }
    case ActionKind::BindArch:
      if (!OneInput())
        return Fail("bind-arch node needs exactly one input");
      A = C.MakeAction<BindArchAction>(OneInput(), S.Saver.save(N->BindArch));
      break;
    case ActionKind::Preprocess:
    case ActionKind::Compile:
    case ActionKind::Backend:
    case ActionKind::Assemble:
      if (!OneInput())
        return Fail("node " + std::to_string(N->ID) +
                    " needs exactly one input");
      if (N->Kind == ActionKind::Preprocess)
        A = C.MakeAction<PreprocessJobAction>(OneInput(), Ty);
      else if (N->Kind == ActionKind::Compile)
        A = C.MakeAction<CompileJobAction>(OneInput(), Ty);
      else if (N->Kind == ActionKind::Backend)
        A = C.MakeAction<BackendJobAction>(OneInput(), Ty);
      else
        A = C.MakeAction<AssembleJobAction>(OneInput(), Ty);
      break;
    case ActionKind::Link:
      A = C.MakeAction<LinkJobAction>(Ins, Ty);
      break;
    case ActionKind::StaticLib:
      A = C.MakeAction<StaticLibJobAction>(Ins, Ty);
      break;
    case ActionKind::Lipo:
      A = C.MakeAction<LipoJobAction>(Ins, Ty);
      break;
    case ActionKind::Dsymutil:
      A = C.MakeAction<DsymutilJobAction>(Ins, Ty);
      break;
    case ActionKind::Invalid:
    case ActionKind::DynCode:
      return Fail("node " + std::to_string(N->ID) + " has a kind Clang 22 " +
                  "cannot build (" + N->ClangClassName + ")");
    }
    Built[N->ID] = A;
  }

  C.getActions().clear();
  for (uint64_t R : G.Roots)
    C.getActions().push_back(Built[R]);
  C.getJobs().clear();
  bool IgnoredWarnings = S.Diags->getIgnoreAllWarnings();
  S.Diags->setIgnoreAllWarnings(true); // BuildJobs ran once already
  S.D->BuildJobs(C);
  S.Diags->setIgnoreAllWarnings(IgnoredWarnings);

  // The edited graph is the graph from now on; job SourceAction ids refer
  // to it.
  S.Graph = G;
  S.ActionIDs.clear();
  S.ActionsByID.clear();
  for (auto &[ID, A] : Built) {
    S.ActionIDs[A] = ID;
    S.ActionsByID[ID] = A;
  }
  return !S.Diags->hasErrorOccurred();
}

} // namespace

bool runBuildActionsPhase(Session &S) {
  Snapshot Snap{S};
  Snap.take();
  ActionGraph Edited = S.Graph;
  if (int Status = S.Hooks.buildActions(Edited))
    return S.hookFailed(3, Status), false;
  if (Edited == S.Graph)
    return true;
  return applyEditedGraph(S, Snap, Edited);
}

} // namespace neverc::driver::detail
