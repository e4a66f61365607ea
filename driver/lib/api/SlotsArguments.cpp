//===- SlotsArguments.cpp - Slots 1-25: argv, parsed options, toolchain ---===//
#include "DomainInternal.h"

namespace neverc::driver {

using namespace api;
using Impl = DriverDomain::Impl;
using core::Phase_DRIVER_PARSED_ARGUMENTS;
using core::Phase_DRIVER_RAW_ARGUMENTS;
using core::Phase_DRIVER_SELECT_TOOLCHAIN;

namespace {

/// The three mutation-only edit families (see DomainInternal.h).
struct RawArgumentEdits
    : MutationFamily<RawArguments, Phase_DRIVER_RAW_ARGUMENTS, ArtArgv,
                     DriverHandleKind::ArgumentMutation, &TaskState::ArgEdits,
                     verifyRawArguments> {
  static constexpr const char *MutationLabel =
      "neverc.driver.raw_arguments mutation";
};
struct ParsedArgumentEdits
    : MutationFamily<ParsedArguments, Phase_DRIVER_PARSED_ARGUMENTS, ArtParsed,
                     DriverHandleKind::ParsedArgumentMutation,
                     &TaskState::ParsedEdits, verifyParsedArguments> {
  static constexpr const char *MutationLabel =
      "neverc.driver.parsed_arguments mutation";
};
struct ToolChainEdits
    : MutationFamily<ToolChainRequest, Phase_DRIVER_SELECT_TOOLCHAIN,
                     ArtToolChainRequest, DriverHandleKind::ToolChainMutation,
                     &TaskState::ToolChainEdits, verifyToolChainRequest> {
  static constexpr const char *MutationLabel =
      "neverc.driver.select_toolchain mutation";
};

//===--- 1-8: raw arguments ---------------------------------------------===//

NevercStatus NEVERC_CALL getArgumentCount(void *Ctx, const NevercPhaseFrame *F,
                                          NevercArtifactHandle A,
                                          uint64_t *OutCount) {
  return artifactCount<RawArguments>(
      Ctx, F, A, ArtArgv, OutCount,
      [](const RawArguments &M) -> auto & { return M.Entries; });
}

NevercStatus NEVERC_CALL getArgument(void *Ctx, const NevercPhaseFrame *F,
                                     NevercArtifactHandle A, uint64_t Index,
                                     NevercStringView *OutValue,
                                     NevercArgumentOrigin *OutOrigin,
                                     NevercStringView *OutSource,
                                     uint64_t *OutPosition) {
  return guard([&] {
    if (!OutValue)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Box<RawArguments> *B;
    NevercStatus S = artifact(impl(Ctx), F, A, ArtArgv, &B);
    if (!isOk(S))
      return S;
    if (Index >= B->Model->Entries.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    const ArgumentEntry &E = B->Model->Entries[Index];
    *OutValue = sv(E.Text);
    if (OutOrigin)
      *OutOrigin = E.Origin;
    if (OutSource)
      *OutSource = sv(E.Source);
    if (OutPosition)
      *OutPosition = E.Position;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL insertArgument(void *Ctx, NevercHandle M,
                                        uint64_t Index, NevercStringView V) {
  return withEdit<RawArgumentEdits>(Ctx, M, [&](Edit<RawArguments> &E) {
    auto &L = E.Working.Entries;
    if (Index > L.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    ArgumentEntry N;
    NevercStatus S = readString(V, N.Text);
    if (!isOk(S))
      return S;
    N.Origin = NEVERC_ARGUMENT_ORIGIN_PLUGIN;
    N.Position = Index;
    L.insert(L.begin() + Index, std::move(N));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL replaceArgument(void *Ctx, NevercHandle M,
                                         uint64_t Index, NevercStringView V) {
  return withEdit<RawArgumentEdits>(Ctx, M, [&](Edit<RawArguments> &E) {
    auto &L = E.Working.Entries;
    if (Index >= L.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    std::string Text;
    NevercStatus S = readString(V, Text);
    if (!isOk(S))
      return S;
    L[Index].Text = std::move(Text);
    L[Index].Origin = NEVERC_ARGUMENT_ORIGIN_PLUGIN;
    L[Index].Source.clear();
    L[Index].Position = Index;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL eraseArgument(void *Ctx, NevercHandle M,
                                       uint64_t Index) {
  return withEdit<RawArgumentEdits>(Ctx, M, [&](Edit<RawArguments> &E) {
    auto &L = E.Working.Entries;
    if (Index >= L.size())
      return st(NEVERC_STATUS_NOT_FOUND);
    L.erase(L.begin() + Index);
    return okStatus();
  });
}

//===--- 9-16: parsed options -------------------------------------------===//

NevercStatus NEVERC_CALL getOptionOccurrenceCount(void *Ctx,
                                                  const NevercPhaseFrame *F,
                                                  NevercArtifactHandle A,
                                                  uint64_t *OutCount) {
  return artifactCount<ParsedArguments>(
      Ctx, F, A, ArtParsed, OutCount,
      [](const ParsedArguments &M) -> auto & { return M.Occurrences; });
}

NevercStatus NEVERC_CALL getOptionOccurrence(void *Ctx,
                                             const NevercPhaseFrame *F,
                                             NevercArtifactHandle A,
                                             uint64_t Index,
                                             NevercOptionOccurrence *Out) {
  return readArtifact<ParsedArguments>(
      Ctx, F, A, ArtParsed, Out,
      [&](const ParsedArguments &M, core::Task &T, NevercOptionOccurrence &R) {
        if (Index >= M.Occurrences.size())
          return st(NEVERC_STATUS_NOT_FOUND);
        const OptionOccurrence &O = M.Occurrences[Index];
        R.Occurrence = O.Id;
        R.Spelling = sv(O.Spelling);
        R.Values = stringList(impl(Ctx).state(T), O.Values);
        R.Origin = O.Origin;
        return okStatus();
      });
}

NevercStatus NEVERC_CALL addOptionOccurrence(void *Ctx, NevercHandle M,
                                             NevercStringView Spelling,
                                             NevercStringList Values) {
  return withEdit<ParsedArgumentEdits>(Ctx, M, [&](Edit<ParsedArguments> &E) {
    OptionOccurrence O;
    NevercStatus S = readString(Spelling, O.Spelling);
    if (!isOk(S) || !isOk(S = readStrings(Values, O.Values)))
      return S;
    O.Id = E.NextId++;
    O.Origin = NEVERC_ARGUMENT_ORIGIN_PLUGIN;
    E.Working.Occurrences.push_back(std::move(O));
    return okStatus();
  });
}

OptionOccurrence *findOccurrence(ParsedArguments &A, uint64_t Id) {
  for (OptionOccurrence &O : A.Occurrences)
    if (O.Id == Id)
      return &O;
  return nullptr;
}

NevercStatus NEVERC_CALL removeOptionOccurrence(void *Ctx, NevercHandle M,
                                                uint64_t Id) {
  return withEdit<ParsedArgumentEdits>(Ctx, M, [&](Edit<ParsedArguments> &E) {
    OptionOccurrence *O = findOccurrence(E.Working, Id);
    if (!O)
      return st(NEVERC_STATUS_NOT_FOUND);
    E.Working.Occurrences.erase(E.Working.Occurrences.begin() +
                                (O - E.Working.Occurrences.data()));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL replaceOptionOccurrence(void *Ctx, NevercHandle M,
                                                 uint64_t Id,
                                                 NevercStringView Spelling,
                                                 NevercStringList Values) {
  return withEdit<ParsedArgumentEdits>(Ctx, M, [&](Edit<ParsedArguments> &E) {
    OptionOccurrence *O = findOccurrence(E.Working, Id);
    if (!O)
      return st(NEVERC_STATUS_NOT_FOUND);
    OptionOccurrence N;
    NevercStatus S = readString(Spelling, N.Spelling);
    if (!isOk(S) || !isOk(S = readStrings(Values, N.Values)))
      return S;
    N.Id = Id;
    N.Origin = NEVERC_ARGUMENT_ORIGIN_PLUGIN;
    *O = std::move(N);
    return okStatus();
  });
}

//===--- 17-25: toolchain -----------------------------------------------===//

NevercStatus NEVERC_CALL getToolChainRequest(void *Ctx,
                                             const NevercPhaseFrame *F,
                                             NevercArtifactHandle A,
                                             NevercToolChainRequest *Out) {
  return readArtifact<ToolChainRequest>(
      Ctx, F, A, ArtToolChainRequest, Out,
      [&](const ToolChainRequest &M, core::Task &T, NevercToolChainRequest &R) {
        R.RequestedTriple = sv(M.RequestedTriple);
        R.ComputedTriple = sv(M.ComputedTriple);
        R.SysRoot = sv(M.SysRoot);
        R.ResourceDir = sv(M.ResourceDir);
        R.CPU = sv(M.CPU);
        R.Features = stringList(impl(Ctx).state(T), M.Features);
        R.ExecutionLevel = M.ExecutionLevel;
        R.DynamicCodeProfile =
            M.DynamicCodeProfile ? NEVERC_TRUE : NEVERC_FALSE;
        return okStatus();
      });
}

NevercStatus NEVERC_CALL setToolChainTriple(void *Ctx, NevercHandle M,
                                            NevercStringView V) {
  return withEdit<ToolChainEdits>(Ctx, M, [&](Edit<ToolChainRequest> &E) {
    return readString(V, E.Working.RequestedTriple);
  });
}

NevercStatus NEVERC_CALL setToolChainCPU(void *Ctx, NevercHandle M,
                                         NevercStringView V) {
  return withEdit<ToolChainEdits>(Ctx, M, [&](Edit<ToolChainRequest> &E) {
    return readString(V, E.Working.CPU);
  });
}

NevercStatus NEVERC_CALL setToolChainFeatures(void *Ctx, NevercHandle M,
                                              NevercStringList V) {
  return withEdit<ToolChainEdits>(Ctx, M, [&](Edit<ToolChainRequest> &E) {
    return readStrings(V, E.Working.Features);
  });
}

NevercStatus NEVERC_CALL createToolChainSelection(
    void *Ctx, const NevercPhaseFrame *F, NevercArtifactHandle A,
    const NevercToolChainSelectionDescriptor *Desc, NevercArtifactHandle *Out) {
  return guard([&] {
    Impl &D = impl(Ctx);
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NevercStatus S = checkHeader(Desc, sizeof(NevercToolChainSelectionDescriptor));
    if (!isOk(S))
      return S;
    core::Task *T = nullptr;
    RunContext *R = nullptr;
    Box<ToolChainRequest> *Req;
    if (!isOk(S = editScope(D, F, A, Phase_DRIVER_SELECT_TOOLCHAIN,
                            ArtToolChainRequest, false, nullptr, &T, &R, &Req)))
      return S;
    ToolChainSelection Sel;
    Sel.BuiltinProviderUsed = false;
    if (!isOk(S = readString(Desc->ToolChainID, Sel.ToolChainID)) ||
        !isOk(S = readString(Desc->TargetKey, Sel.TargetKey)) ||
        !isOk(S = readString(Desc->TargetTriple, Sel.TargetTriple)) ||
        !isOk(S = readString(Desc->CPU, Sel.CPU)) ||
        !isOk(S = readStrings(Desc->Features, Sel.Features)))
      return S;
    if (!isNull(Desc->Provider)) {
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             "a plugin toolchain provider cannot be installed: stock Clang 22 "
             "instantiates toolchains only inside its private "
             "Driver::getToolChain",
             Phase_DRIVER_SELECT_TOOLCHAIN);
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    std::string Why;
    if (!isOk(S = verifyToolChainSelection(
                  [&] {
                    ToolChainSelection Check = Sel;
                    Check.ToolChainID.clear(); // judged below
                    return Check;
                  }(),
                  &Why))) {
      D.reportVerifier(Phase_DRIVER_SELECT_TOOLCHAIN, Why);
      return S;
    }
    std::string_view Derived = toolChainIDForTriple(Sel.TargetTriple);
    if (!Sel.ToolChainID.empty() && Sel.ToolChainID != Derived) {
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             isBuiltinToolChainID(Sel.ToolChainID)
                 ? "toolchain '" + Sel.ToolChainID +
                       "' cannot be selected by id: stock Clang 22 picks the "
                       "toolchain from the triple ('" + Sel.TargetTriple +
                       "' selects '" + std::string(Derived) + "')"
                 : "plugin toolchain '" + Sel.ToolChainID +
                       "' is unavailable: stock Clang 22 cannot instantiate "
                       "a toolchain it does not know",
             Phase_DRIVER_SELECT_TOOLCHAIN);
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    Sel.ToolChainID = std::string(Derived);
    *Out = publishOwned(*R->TS, *T, ArtToolChainSelection, std::move(Sel));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getToolChainSelection(void *Ctx,
                                               const NevercPhaseFrame *F,
                                               NevercArtifactHandle A,
                                               NevercToolChainSelection *Out) {
  return readArtifact<ToolChainSelection>(
      Ctx, F, A, ArtToolChainSelection, Out,
      [&](const ToolChainSelection &M, core::Task &T,
          NevercToolChainSelection &R) {
        R.ToolChainID = sv(M.ToolChainID);
        R.TargetKey = sv(M.TargetKey);
        R.TargetTriple = sv(M.TargetTriple);
        R.CPU = sv(M.CPU);
        R.Features = stringList(impl(Ctx).state(T), M.Features);
        R.BuiltinProviderUsed =
            M.BuiltinProviderUsed ? NEVERC_TRUE : NEVERC_FALSE;
        return okStatus();
      });
}

} // namespace

void fillArgumentSlots(NevercDriverAPI &T) {
  T.GetArgumentCount = getArgumentCount;
  T.GetArgument = getArgument;
  T.BeginArgumentMutation = beginEdit<RawArgumentEdits>;
  T.InsertArgument = insertArgument;
  T.ReplaceArgument = replaceArgument;
  T.EraseArgument = eraseArgument;
  T.CommitArgumentMutation = commitEdit<RawArgumentEdits>;
  T.AbortArgumentMutation = abortEdit<RawArgumentEdits>;
  T.GetOptionOccurrenceCount = getOptionOccurrenceCount;
  T.GetOptionOccurrence = getOptionOccurrence;
  T.BeginParsedArgumentMutation = beginEdit<ParsedArgumentEdits>;
  T.AddOptionOccurrence = addOptionOccurrence;
  T.RemoveOptionOccurrence = removeOptionOccurrence;
  T.ReplaceOptionOccurrence = replaceOptionOccurrence;
  T.CommitParsedArgumentMutation = commitEdit<ParsedArgumentEdits>;
  T.AbortParsedArgumentMutation = abortEdit<ParsedArgumentEdits>;
  T.GetToolChainRequest = getToolChainRequest;
  T.BeginToolChainMutation = beginEdit<ToolChainEdits>;
  T.SetToolChainTriple = setToolChainTriple;
  T.SetToolChainCPU = setToolChainCPU;
  T.SetToolChainFeatures = setToolChainFeatures;
  T.CommitToolChainMutation = commitEdit<ToolChainEdits>;
  T.AbortToolChainMutation = abortEdit<ToolChainEdits>;
  T.CreateToolChainSelection = createToolChainSelection;
  T.GetToolChainSelection = getToolChainSelection;
}

} // namespace neverc::driver
