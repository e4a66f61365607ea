//===- MergeProvider.cpp - neverc.link.object_merge served by a plugin ----===//
//
// A -r link whose target and format an object-merge provider registered
// for (api/Registrar.cpp) is merged by it instead of the built-in merge
// (graph/Merge.cpp). The objects the link read (the inputs and the archive
// members they extracted, in link order) are lent to it as NevercObjectAPI
// graphs through the object domain, read-only; the output is an empty ELF
// graph with a mutation the host opened. The provider stages the merged
// object into that mutation; the host commits it (the object graph's
// checks refuse what would not make an object, a reference into an input
// graph among them), then adds the build-ID note -r asks for and writes
// the graph with the object library's ELF writer, as for the built-in.
//
// Project decisions (the spec is silent):
//  - The request's structs carry the LINK API version in their headers,
//    like NevercLinkerProductCandidate's.
//  - OutCandidate->Object must name the output graph the request gave:
//    the product is what was staged there (INVALID_ARGUMENT otherwise).
//  - A link with shared libraries or bitcode is not handed to a provider
//    (no NevercObjectAPI graph stands for them): an error, not lld.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include "neverc/object/ELF.h"
#include "neverc/object/Graph.h"
#include "neverc/object/TargetKey.h"

namespace neverc::link {
namespace {

struct MergeCall {
  LinkJob &J;
  const MergeProvider &P;
  std::string Why; ///< what the provider did wrong, when the host tells

  static NevercStatus run(void *Ctx, const object::LentGraphs &L) {
    auto &X = *static_cast<MergeCall *>(Ctx);
    std::vector<NevercObjectMergeInput> In(L.Inputs.size());
    for (size_t K = 0; K < In.size(); ++K) {
      In[K].Header = {sizeof In[K], NEVERC_LINK_API_MAJOR,
                      NEVERC_LINK_API_MINOR, 0};
      In[K].Object = L.API;
      In[K].Graph = L.Inputs[K];
    }
    X.J.fillRequest();
    NevercObjectMergeRequest Q{};
    Q.Header = {sizeof Q, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
    Q.Task = X.J.T.handle();
    Q.Target = X.J.CRequest.Target;
    Q.FormatID = elfFormatID();
    Q.Objects = {In.data(), In.size(), sizeof(NevercObjectMergeInput)};
    Q.Flags = X.J.CRequest.Options.Flags;
    Q.OutputObject = L.API;
    Q.OutputGraph = L.Output;
    Q.OutputMutation = L.Mutation;
    NevercObjectMergeCandidate C{};
    C.Header = {sizeof C, NEVERC_LINK_API_MAJOR, NEVERC_LINK_API_MINOR, 0};
    NevercStatus S = X.P.Merge(X.P.UserData, X.J.T.handle(), &Q, &C);
    if (!isOk(S))
      return S;
    if (C.Object.Owner != L.Output.Owner || C.Object.Value != L.Output.Value) {
      X.Why = "it named an object graph other than the output graph the "
              "request gave it";
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    return okStatus();
  }
};

} // namespace

const MergeProvider *mergeProviderFor(LinkDomain::Impl &D, const LinkJob &J) {
  if (D.MergeProviders.empty() ||
      J.Req.OutputKind != NEVERC_LINK_OUTPUT_RELOCATABLE)
    return nullptr;
  const NevercTargetID Target = targetIDOf(J.Triple);
  for (const auto &P : D.MergeProviders)
    if ((nullID(P->TargetID) || sameID(P->TargetID, Target)) &&
        (nullID(P->FormatID) || sameID(P->FormatID, elfFormatID())))
      return P.get();
  return nullptr;
}

NevercStatus provideMerge(LinkDomain::Impl &D, LinkJob &J) {
  const MergeProvider &P = *J.Merger;
  LinkGraph &G = *J.Graph;
  auto Fail = [&](const std::string &Why, NevercStatusCode C,
                  const core::Plugin *Who) {
    D.H.report(NEVERC_DIAGNOSTIC_ERROR,
               "object-merge provider '" + P.ID + "' " + Why, Who,
               NEVERC_PHASE_LINK_OBJECT_MERGE_NAME);
    return st(C);
  };
  if (!G.In.Libraries.empty() || !G.In.Bitcode.empty())
    return Fail("cannot merge '" + J.Req.OutputPath +
                    "': a shared library or bitcode among its inputs has no "
                    "object graph to hand it",
                NEVERC_STATUS_CAPABILITY_UNAVAILABLE, nullptr);
  std::vector<object::Graph *> Inputs;
  for (const auto &O : G.In.Objects)
    Inputs.push_back(&O->Graph);
  auto Out = std::make_unique<object::Graph>();
  Out->Format = object::ELFFormat;
  Out->Triple = Inputs.empty() ? G.Triple : Inputs.front()->Triple;
  MergeCall Call{J, P, {}};
  std::string Error;
  NevercStatus S =
      D.Objects->lendGraphs(J.T, Inputs, *Out, &MergeCall::run, &Call, Error);
  if (!isOk(S))
    return Fail("failed to merge '" + J.Req.OutputPath + "'" +
                    (!Call.Why.empty() ? ": " + Call.Why
                     : !Error.empty()  ? ": " + Error
                                       : std::string()),
                NevercStatusCode(S.Code), P.Owner);
  if (!finishMerge(G, std::move(Out))) {
    std::string Why = std::move(G.Error);
    G.Error.clear();
    return Fail("made an object that cannot be written: " + Why,
                NEVERC_STATUS_VERIFICATION_FAILED, P.Owner);
  }
  return okStatus();
}

} // namespace neverc::link
