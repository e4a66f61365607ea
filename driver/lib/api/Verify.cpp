//===- Verify.cpp - Host verifiers of the six driver phases ---------------===//
#include "DomainInternal.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>

namespace neverc::driver::api {

namespace {

constexpr size_t NoCycle = SIZE_MAX;

/// Iterative depth-first walk over the \p Count nodes of a graph whose node
/// I names its successors by id in Edges(I) (\p Index: id → node), appending
/// each node to \p Order (if given) after its successors. Returns the node
/// closing the first cycle found (one whose edge leads back onto the stack)
/// or the node with an id \p Index lacks, else NoCycle.
template <class EdgesFn>
size_t postOrder(size_t Count, EdgesFn &&Edges,
                 const std::unordered_map<uint64_t, size_t> &Index,
                 std::vector<size_t> *Order) {
  // 0 = new, 1 = on the stack, 2 = done.
  std::vector<uint8_t> Color(Count, 0);
  for (size_t Start = 0; Start < Count; ++Start) {
    if (Color[Start])
      continue;
    std::vector<std::pair<size_t, size_t>> Stack{{Start, 0}};
    Color[Start] = 1;
    while (!Stack.empty()) {
      auto &[Node, Next] = Stack.back();
      const std::vector<uint64_t> &Out = Edges(Node);
      if (Next == Out.size()) {
        Color[Node] = 2;
        if (Order)
          Order->push_back(Node);
        Stack.pop_back();
        continue;
      }
      auto It = Index.find(Out[Next++]);
      if (It == Index.end())
        return Node;
      size_t To = It->second;
      if (Color[To] == 1)
        return To;
      if (Color[To] == 0) {
        Color[To] = 1;
        Stack.push_back({To, 0});
      }
    }
  }
  return NoCycle;
}

NevercStatus fail(std::string *Why, std::string Reason) {
  if (Why)
    *Why = std::move(Reason);
  return makeStatus(NEVERC_STATUS_VERIFICATION_FAILED);
}

bool hasNul(const std::string &S) {
  return S.find('\0') != std::string::npos;
}

bool knownOrigin(NevercArgumentOrigin O) {
  return O <= NEVERC_ARGUMENT_ORIGIN_PLUGIN;
}
bool knownType(NevercDriverType T) { return T <= NEVERC_DRIVER_TYPE_CXX_HEADER; }

std::vector<std::string_view> split(std::string_view S, char C) {
  std::vector<std::string_view> Parts;
  size_t Start = 0;
  while (true) {
    size_t P = S.find(C, Start);
    Parts.push_back(S.substr(Start, P == std::string_view::npos ? P : P - Start));
    if (P == std::string_view::npos)
      return Parts;
    Start = P + 1;
  }
}

bool startsWith(std::string_view S, std::string_view P) {
  return S.substr(0, P.size()) == P;
}

bool knownArch(std::string_view A) {
  static constexpr std::array<std::string_view, 66> Exact = {
      "x86_64",      "amd64",       "x86_64h",     "i386",        "i486",
      "i586",        "i686",        "i786",        "i886",        "i986",
      "aarch64",     "aarch64_be",  "aarch64_32",  "arm64",       "arm64e",
      "arm64_32",    "riscv32",     "riscv64",     "riscv32be",   "riscv64be",
      "mips",        "mipsel",      "mips64",      "mips64el",    "powerpc",
      "powerpcle",   "powerpc64",   "powerpc64le", "ppc",         "ppcle",
      "ppc32",       "ppc32le",     "ppc64",       "ppc64le",     "loongarch32",
      "loongarch64", "s390x",       "systemz",     "sparc",       "sparcel",
      "sparcv9",     "sparc64",     "wasm32",      "wasm64",      "bpf",
      "bpfel",       "bpfeb",       "avr",         "msp430",      "hexagon",
      "m68k",        "csky",        "arc",         "xcore",       "xtensa",
      "lanai",       "ve",          "r600",        "amdgcn",      "nvptx",
      "nvptx64",     "spir",        "spir64",      "spirv",       "spirv32",
      "spirv64"};
  static constexpr std::array<std::string_view, 12> Exact2 = {
      "dxil",  "amdil",  "amdil64", "hsail",          "hsail64",
      "kalimba", "shave", "tce",    "tcele",          "renderscript32",
      "renderscript64", "mipsisa32r6"};
  if (std::find(Exact.begin(), Exact.end(), A) != Exact.end() ||
      std::find(Exact2.begin(), Exact2.end(), A) != Exact2.end())
    return true;
  // Sub-architecture spellings.
  for (std::string_view P : {"arm", "thumb", "mipsisa", "spirv1."})
    if (startsWith(A, P))
      return true;
  return false;
}

} // namespace

bool isKnownTriple(std::string_view Triple) {
  if (Triple.empty())
    return false;
  std::vector<std::string_view> Parts = split(Triple, '-');
  if (Parts.size() > 5)
    return false;
  for (std::string_view P : Parts) {
    if (P.empty())
      return false;
    for (char C : P)
      if (!((C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
            (C >= '0' && C <= '9') || C == '_' || C == '.'))
        return false;
  }
  return knownArch(Parts[0]);
}

std::string_view toolChainIDForTriple(std::string_view Triple) {
  std::vector<std::string_view> Parts = split(Triple, '-');
  auto Has = [&](std::string_view Prefix, size_t From) {
    for (size_t I = From; I < Parts.size(); ++I)
      if (startsWith(Parts[I], Prefix))
        return true;
    return false;
  };
  for (std::string_view Os : {"darwin", "macos", "ios", "tvos", "watchos",
                              "xros", "visionos", "driverkit", "bridgeos"})
    if (Has(Os, 1))
      return NEVERC_TOOLCHAIN_ID_DARWIN;
  if (Has("macho", 1))
    return NEVERC_TOOLCHAIN_ID_MACHO;
  if (Has("linux", 1))
    return NEVERC_TOOLCHAIN_ID_LINUX;
  if (Has("windows", 1) || Has("win32", 1)) {
    if (Has("gnu", 1) || Has("cygnus", 1) || Has("itanium", 1))
      return NEVERC_TOOLCHAIN_ID_GENERIC_GCC;
    return NEVERC_TOOLCHAIN_ID_MSVC;
  }
  if (Has("none", 1) || Has("elf", 1) || Has("eabi", 1) ||
      (Parts.size() >= 3 && Parts[2] == "unknown"))
    return NEVERC_TOOLCHAIN_ID_GENERIC_ELF;
  return NEVERC_TOOLCHAIN_ID_GENERIC_GCC;
}

bool isBuiltinToolChainID(std::string_view ID) {
  for (std::string_view B :
       {NEVERC_TOOLCHAIN_ID_DARWIN, NEVERC_TOOLCHAIN_ID_LINUX,
        NEVERC_TOOLCHAIN_ID_MSVC, NEVERC_TOOLCHAIN_ID_GENERIC_ELF,
        NEVERC_TOOLCHAIN_ID_MACHO, NEVERC_TOOLCHAIN_ID_GENERIC_GCC})
    if (ID == B)
      return true;
  return false;
}

/// The element of \p List with id \p Id, or null.
template <class L> static auto *findById(L &List, uint64_t Id) {
  decltype(&List.front()) Found = nullptr;
  for (auto &E : List)
    if (E.Id == Id)
      return &E;
  return Found;
}

const ActionNode *ActionGraph::find(NevercActionNodeID Id) const {
  return findById(Nodes, Id);
}
ActionNode *ActionGraph::find(NevercActionNodeID Id) {
  return findById(Nodes, Id);
}
const JobModel *JobGraph::find(NevercJobID Id) const {
  return findById(Jobs, Id);
}
JobModel *JobGraph::find(NevercJobID Id) { return findById(Jobs, Id); }

NevercStatus verifyRawArguments(const RawArguments &A, std::string *Why) {
  if (A.Entries.empty())
    return fail(Why, "argv is empty (the program name is required)");
  for (size_t I = 0; I < A.Entries.size(); ++I) {
    const ArgumentEntry &E = A.Entries[I];
    if (!knownOrigin(E.Origin))
      return fail(Why, "argument " + std::to_string(I) + " has unknown origin " +
                           std::to_string(E.Origin));
    if (hasNul(E.Text) || hasNul(E.Source))
      return fail(Why, "argument " + std::to_string(I) + " contains a NUL byte");
  }
  return okStatus();
}

NevercStatus verifyParsedArguments(const ParsedArguments &A, std::string *Why) {
  std::unordered_set<uint64_t> Seen;
  for (const OptionOccurrence &O : A.Occurrences) {
    std::string Name = "occurrence " + std::to_string(O.Id);
    if (O.Id == 0)
      return fail(Why, "an occurrence has id 0");
    if (!Seen.insert(O.Id).second)
      return fail(Why, Name + " appears twice");
    if (!knownOrigin(O.Origin))
      return fail(Why, Name + " has an unknown origin");
    if (hasNul(O.Spelling))
      return fail(Why, Name + " has a NUL byte in its spelling");
    for (const std::string &V : O.Values)
      if (hasNul(V))
        return fail(Why, Name + " has a NUL byte in a value");
    if (O.Spelling.empty() && O.Values.size() != 1)
      return fail(Why, Name + " is a positional input without exactly one value");
  }
  return okStatus();
}

static NevercStatus checkFeatures(const std::vector<std::string> &F,
                                  std::string *Why) {
  for (const std::string &S : F)
    if (S.size() < 2 || (S[0] != '+' && S[0] != '-') || hasNul(S))
      return fail(Why, "feature '" + S + "' is not of the form +name / -name");
  return okStatus();
}

NevercStatus verifyToolChainRequest(const ToolChainRequest &R, std::string *Why) {
  if (!R.RequestedTriple.empty() && !isKnownTriple(R.RequestedTriple))
    return fail(Why, "unknown target triple '" + R.RequestedTriple + "'");
  if (R.ExecutionLevel > NEVERC_EXECUTION_LEVEL_KERNEL)
    return fail(Why, "unknown execution level");
  if (hasNul(R.CPU) || hasNul(R.SysRoot) || hasNul(R.ResourceDir))
    return fail(Why, "a request string contains a NUL byte");
  return checkFeatures(R.Features, Why);
}

NevercStatus verifyToolChainSelection(const ToolChainSelection &S,
                                      std::string *Why) {
  if (S.TargetTriple.empty())
    return fail(Why, "the selection names no target triple");
  if (!isKnownTriple(S.TargetTriple))
    return fail(Why, "unknown target triple '" + S.TargetTriple + "'");
  if (!S.ToolChainID.empty() && !isBuiltinToolChainID(S.ToolChainID))
    return fail(Why, "unknown toolchain id '" + S.ToolChainID + "'");
  if (hasNul(S.CPU) || hasNul(S.TargetKey))
    return fail(Why, "a selection string contains a NUL byte");
  return checkFeatures(S.Features, Why);
}

NevercStatus verifyActionGraph(const ActionGraph &G, std::string *Why) {
  std::unordered_set<uint64_t> InputIds;
  for (const DriverInput &I : G.Inputs) {
    if (I.Id == 0 || !InputIds.insert(I.Id).second)
      return fail(Why, "driver input id " + std::to_string(I.Id) +
                           " is zero or not unique");
    if (!knownType(I.Type))
      return fail(Why, "driver input " + std::to_string(I.Id) +
                           " has an unknown type");
  }
  std::unordered_map<uint64_t, size_t> Index;
  for (size_t I = 0; I < G.Nodes.size(); ++I) {
    const ActionNode &N = G.Nodes[I];
    std::string Name = "action " + std::to_string(N.Id);
    if (N.Id == 0 || !Index.emplace(N.Id, I).second)
      return fail(Why, Name + ": id is zero or not unique");
    if (N.Kind == NEVERC_ACTION_INVALID || N.Kind > NEVERC_ACTION_DYNCODE)
      return fail(Why, Name + ": unknown kind " + std::to_string(N.Kind));
    if (!knownType(N.OutputType))
      return fail(Why, Name + ": unknown output type");
    if (N.Kind == NEVERC_ACTION_INPUT &&
        (!N.Inputs.empty() || !InputIds.count(N.DriverInput)))
      return fail(Why, Name + ": an INPUT action must name a driver input and "
                              "have no input edges");
  }
  for (const ActionNode &N : G.Nodes)
    for (uint64_t E : N.Inputs)
      if (!Index.count(E))
        return fail(Why, "action " + std::to_string(N.Id) +
                             " has a dangling input edge to " + std::to_string(E));
  std::unordered_set<uint64_t> RootSet;
  for (uint64_t R : G.Roots) {
    if (!Index.count(R))
      return fail(Why, "root " + std::to_string(R) + " is not an action");
    if (!RootSet.insert(R).second)
      return fail(Why, "root " + std::to_string(R) + " is listed twice");
  }
  size_t Cycle = postOrder(
      G.Nodes.size(), [&](size_t I) -> auto & { return G.Nodes[I].Inputs; },
      Index, nullptr);
  if (Cycle != NoCycle)
    return fail(Why, "the action graph has a cycle through action " +
                         std::to_string(G.Nodes[Cycle].Id));
  return okStatus();
}

std::vector<size_t> executionOrder(const JobGraph &G) {
  std::unordered_map<uint64_t, size_t> Index;
  for (size_t I = 0; I < G.Jobs.size(); ++I)
    if (!Index.emplace(G.Jobs[I].Id, I).second)
      return {};
  std::vector<size_t> Order;
  if (postOrder(
          G.Jobs.size(),
          [&](size_t I) -> auto & { return G.Jobs[I].Dependencies; }, Index,
          &Order) != NoCycle)
    return {};
  return Order;
}

NevercStatus verifyJobGraph(const JobGraph &G, const ActionGraph *Actions,
                            std::string *Why) {
  std::unordered_set<uint64_t> Ids;
  for (const JobModel &J : G.Jobs) {
    std::string Name = "job " + std::to_string(J.Id);
    if (J.Id == 0 || !Ids.insert(J.Id).second)
      return fail(Why, Name + ": id is zero or not unique");
    if (J.Kind < NEVERC_JOB_COMMAND || J.Kind > NEVERC_JOB_DYNCODE)
      return fail(Why, Name + ": unknown kind " + std::to_string(J.Kind));
    if (J.ResponseFileKind > NEVERC_RESPONSE_FILE_LIST ||
        J.ResponseFileEncoding > NEVERC_RESPONSE_ENCODING_UTF16 ||
        J.LinkerFlavor > NEVERC_LINKER_FLAVOR_DARWIN)
      return fail(Why, Name + ": unknown response-file kind, encoding or "
                              "linker flavor");
    if (J.Kind == NEVERC_JOB_PLUGIN && !J.Callback)
      return fail(Why, Name + ": a PLUGIN job needs a callback");
    if (J.Kind != NEVERC_JOB_PLUGIN && J.Kind != NEVERC_JOB_DYNCODE &&
        J.Executable.empty())
      return fail(Why, Name + ": no executable");
    for (const auto *List : {&J.Inputs, &J.Outputs})
      for (const JobFile &F : *List)
        if (F.Path.empty() || hasNul(F.Path) || !knownType(F.Type))
          return fail(Why, Name + ": a file has an empty path or unknown type");
    for (const auto *List : {&J.Arguments, &J.Environment})
      for (const std::string &S : *List)
        if (hasNul(S))
          return fail(Why, Name + ": an argument contains a NUL byte");
    if (Actions && J.SourceAction && !Actions->find(J.SourceAction))
      return fail(Why, Name + ": source action " +
                           std::to_string(J.SourceAction) + " does not exist");
  }
  for (const JobModel &J : G.Jobs)
    for (uint64_t D : J.Dependencies)
      if (!Ids.count(D))
        return fail(Why, "job " + std::to_string(J.Id) +
                             " depends on unknown job " + std::to_string(D));
  if (executionOrder(G).size() != G.Jobs.size())
    return fail(Why, "the job graph has a dependency cycle");
  return okStatus();
}

NevercStatus verifyJobResult(const JobResult &R, const JobModel &Job,
                             const std::vector<bool> *PreExisting,
                             std::string *Why) {
  if (R.Job != Job.Id)
    return fail(Why, "the result names job " + std::to_string(R.Job) +
                         " but job " + std::to_string(Job.Id) + " ran");
  if (R.BuiltinProviderUsed || R.ExecutionFailed || R.ExitCode != 0)
    return okStatus();
  if (PreExisting)
    for (size_t I = 0; I < Job.Outputs.size() && I < PreExisting->size(); ++I)
      if ((*PreExisting)[I] && R.OutputSealCount == 0)
        return fail(Why, "the replacement claims output '" +
                             Job.Outputs[I].Path +
                             "', which existed before the job ran, without an "
                             "output seal");
  return okStatus();
}

} // namespace neverc::driver::api
