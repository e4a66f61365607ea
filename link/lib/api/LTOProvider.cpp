//===- LTOProvider.cpp - LTO codegen providers and NevercLTOCodegenAPI ----===//
//
// lto_generate's code generation goes to the first registered provider
// that serves the request's mode (FULL, THIN) and target (a null TargetID
// serves any); with none, to LLVM's LTO (builtinLto). The provider's
// Codegen gets the request NevercLTOAPI.GetRequest shows and answers with
// object artifacts made by NevercLTOCodegenAPI: the built-in's objects
// (RunBuiltinCodegen) or bytes of its own (CreateObjectArtifact).
//
// What comes back is checked before anything is linked: the candidate's
// shape, each artifact's origin (this Codegen call), and that each object
// is a relocatable ELF object of the link's target. A refusal fails the
// link and names the provider; there is no fallback to the built-in (a
// provider the user loaded does not silently stop serving).
//
// Caching, with --thinlto-cache-dir. CACHEABLE: the key is built twice
// for the one request; two keys are a provider bug (its key is not a pure
// function of the request), reported, and that link is not cached. A
// stable key (salted with the provider's ID and the loaded plugins'
// identities, as ThinLTO's keys are) names one blob of the objects in
// LLVM's localCache (lto::cacheBlob); a hit links them without Codegen.
// DETERMINISTIC without CACHEABLE: the request's digest is the key (the
// same request makes the same bytes). Neither: never cached.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"
#include "Pages.h"

#include "neverc/lto/LTO.h"
#include "neverc/object/ELF.h"

#include <cstring>

namespace neverc::link {
namespace {

//===-- the target check ----------------------------------------------------//

/// The architecture an e_machine is read as ("e_machine N" for one the
/// object library does not know).
std::string archOf(uint16_t Machine) {
  const std::string T = object::elfTripleOf(Machine);
  return T.rfind("unknown", 0) == 0 ? "e_machine " + std::to_string(Machine)
                                    : T.substr(0, T.find('-'));
}

/// Why \p Bytes is not a relocatable ELF object of \p Triple's target
/// (empty when it is one).
std::string mismatchOf(std::string_view Bytes, const std::string &Triple) {
  if (Bytes.size() < 64 || std::memcmp(Bytes.data(),
                                       "\x7f"
                                       "ELF",
                                       4) != 0)
    return "which is not an ELF object";
  const auto *U = reinterpret_cast<const unsigned char *>(Bytes.data());
  const uint16_t Machine = uint16_t(U[18] | U[19] << 8);
  const uint16_t Type = uint16_t(U[16] | U[17] << 8);
  const uint16_t Want = object::elfMachineOf(Triple);
  const std::string Arch = Triple.substr(0, Triple.find('-'));
  if (U[4] != 2 || U[5] != 1 || Machine != Want)
    return "for " +
           (U[4] != 2   ? std::string("a 32-bit target")
            : U[5] != 1 ? std::string("a big-endian target")
                        : archOf(Machine)) +
           "; the link is for " + Arch;
  if (Type != 1)
    return "which is not a relocatable object (e_type " + std::to_string(Type) +
           ")";
  return {};
}

//===-- the cache blob: every object of one Codegen -------------------------//

std::string packObjects(const std::vector<lto::Product> &Ps) {
  std::string B = "NCLTOP1\n";
  for (const lto::Product &P : Ps) {
    B += std::to_string(P.Name.size()) + ":" + P.Name;
    B += std::to_string(P.Bytes.size()) + ":";
    B.append(P.Bytes.data(), P.Bytes.size());
  }
  return B;
}

bool unpackObjects(std::string Blob, std::vector<lto::Product> &Out) {
  auto Keep = std::make_shared<std::string>(std::move(Blob));
  std::string_view S = *Keep;
  if (S.substr(0, 8) != "NCLTOP1\n")
    return false;
  S.remove_prefix(8);
  auto Field = [&](std::string_view &F) {
    const size_t Colon = S.find(':');
    if (Colon == std::string_view::npos || Colon == 0 || Colon > 20)
      return false;
    uint64_t N = 0;
    for (char C : S.substr(0, Colon)) {
      if (C < '0' || C > '9')
        return false;
      N = N * 10 + uint64_t(C - '0');
    }
    S.remove_prefix(Colon + 1);
    if (N > S.size())
      return false;
    F = S.substr(0, N);
    S.remove_prefix(N);
    return true;
  };
  std::vector<lto::Product> Ps;
  while (!S.empty()) {
    std::string_view Name, Bytes;
    if (!Field(Name) || !Field(Bytes))
      return false;
    lto::Product P;
    P.Task = unsigned(Ps.size());
    P.Name = std::string(Name);
    P.Bytes = Bytes;
    P.Owner = Keep;
    Ps.push_back(std::move(P));
  }
  if (Ps.empty())
    return false;
  Out = std::move(Ps);
  return true;
}

//===-- calling the provider ------------------------------------------------//

std::string whoIs(const LtoProvider &P) {
  std::string W = "LTO provider '" + P.ID + "'";
  if (P.Owner)
    W += " (plugin " + std::string(P.Owner->id()) + ")";
  return W;
}

std::string statusName(NevercStatus S) {
  return std::string(core::statusName(S.Code));
}

/// The provider's key for \p R: BuildCacheKey into a buffer it may ask to
/// grow once.
bool buildKey(const LtoProvider &P, LinkJob &J, const NevercLTORequest &R,
              std::string &Key, std::string &Error) {
  std::string Buf(256, '\0');
  for (int Try = 0; Try < 2; ++Try) {
    uint64_t Need = 0;
    NevercStatus S = P.BuildCacheKey(
        P.UserData, J.T.handle(), &R,
        NevercMutableByteView{reinterpret_cast<uint8_t *>(Buf.data()),
                              Buf.size()},
        &Need);
    if (!isOk(S) && Need <= Buf.size()) {
      Error = whoIs(P) + " failed to build its cache key (status " +
              statusName(S) + ")";
      return false;
    }
    if (Need <= Buf.size()) {
      Key.assign(Buf.data(), Need);
      return true;
    }
    if (Need > (uint64_t(1) << 20)) {
      Error = whoIs(P) + " asked for a cache key of " + std::to_string(Need) +
              " bytes (the limit is 1 MiB)";
      return false;
    }
    Buf.assign(Need, '\0');
  }
  Error = whoIs(P) + " asked for a larger cache-key buffer twice";
  return false;
}

/// Everything a Codegen call made goes when it returns: the handles go
/// stale; the bytes stay with the products that took them.
struct CodegenScope {
  LinkJob &J;
  explicit CodegenScope(LinkJob &J) : J(J) {
    J.InLtoCodegen = true;
    J.LtoBuiltinRan = false;
  }
  ~CodegenScope() {
    J.InLtoCodegen = false;
    J.LtoObjects.clear();
    J.LtoObjectBoxes.clear();
    J.CLtoBuiltin.clear();
  }
};

/// The object an artifact handle of the running Codegen call names.
NevercStatus objectOf(LinkDomain::Impl &D, LinkJob &J, NevercHandle H,
                      const LinkJob::LtoObject **Out) {
  void **Box;
  if (NevercStatus S = lookup(D, J, J.LtoObjects, H, &Box); !isOk(S))
    return S;
  *Out = &J.LtoObjectBoxes[size_t(reinterpret_cast<uintptr_t>(*Box)) - 1];
  return okStatus();
}

/// The objects of an accepted candidate, or why it is refused.
bool acceptCandidate(LinkDomain::Impl &D, LinkJob &J, const LtoProvider &P,
                     const NevercLTOProductCandidate &C,
                     std::vector<lto::Product> &Out, std::string &Error) {
  const std::string Who = whoIs(P);
  if (C.Header.StructSize < sizeof C ||
      C.Header.Major != NEVERC_LTO_API_MAJOR) {
    Error = Who + " returned a candidate whose header is not an LTO 1.x one";
    return false;
  }
  const NevercStructArrayView &V = C.Objects;
  if (!V.Count || !V.Data || V.ElementStride < sizeof(NevercLTOObjectProduct)) {
    Error = Who + " returned no objects (Objects must list "
                  "NevercLTOObjectProduct elements)";
    return false;
  }
  for (uint64_t K = 0; K < V.Count; ++K) {
    const auto &O = *reinterpret_cast<const NevercLTOObjectProduct *>(
        static_cast<const char *>(V.Data) + K * V.ElementStride);
    const std::string At = Who + "'s object " + std::to_string(K);
    if (O.Header.StructSize < sizeof O ||
        O.Header.Major != NEVERC_LTO_API_MAJOR) {
      Error = At + " has a header that is not an LTO 1.x one";
      return false;
    }
    if (!core::isNull(O.ObjectGraph)) {
      Error = At + " is an ObjectGraph: graph products are not read yet "
                   "(CAPABILITY_UNAVAILABLE; return an ObjectArtifact, "
                   "PluginLTOCodegen.h)";
      return false;
    }
    const LinkJob::LtoObject *Obj;
    if (NevercStatus S = objectOf(D, J, O.ObjectArtifact, &Obj); !isOk(S)) {
      Error = At + " names no object artifact of this Codegen call (status " +
              statusName(S) + ")";
      return false;
    }
    const LinkJob::LtoObject &B = *Obj;
    std::string Name =
        O.LogicalName.Length && O.LogicalName.Data
            ? std::string(O.LogicalName.Data, O.LogicalName.Length)
            : B.Name;
    if (std::string Why = mismatchOf(B.Bytes, J.Triple); !Why.empty()) {
      Error = Who + " returned '" + Name + "' " + Why +
              ": refused, nothing is linked";
      return false;
    }
    lto::Product Pr;
    Pr.Task = unsigned(K);
    Pr.Name = std::move(Name);
    Pr.Bytes = B.Bytes;
    Pr.Owner = B.Owner;
    Out.push_back(std::move(Pr));
  }
  return true;
}

/// The first provider serving \p Mode on the link's target.
const LtoProvider *pick(const LinkDomain::Impl &D, const LinkJob &J,
                        uint32_t Mode) {
  const NevercTargetID T = targetIDOf(J.Triple);
  const uint64_t Need = Mode == NEVERC_LTO_THIN ? NEVERC_LTO_PROVIDER_THIN
                                                : NEVERC_LTO_PROVIDER_FULL;
  for (const auto &P : D.LtoProviders)
    if ((nullID(P->TargetID) || sameID(P->TargetID, T)) && (P->Flags & Need))
      return P.get();
  return nullptr;
}

//===-- NevercLTOCodegenAPI -------------------------------------------------//

/// The job of a Codegen call running in \p Task (INVALID_STATE outside).
NevercStatus codegenJob(LinkDomain::Impl &D, NevercTaskHandle Task,
                        LinkJob **J) {
  if (NevercStatus S = jobOf(D, Task, J); !isOk(S))
    return S;
  if (!(*J)->InLtoCodegen || !(*J)->Graph)
    return st(NEVERC_STATUS_INVALID_STATE);
  return okStatus();
}

NevercHandle addObject(LinkJob &J, LinkJob::LtoObject O) {
  J.LtoObjectBoxes.push_back(std::move(O));
  return J.LtoObjects.insert(
      reinterpret_cast<void *>(uintptr_t(J.LtoObjectBoxes.size())));
}

NevercStatus NEVERC_CALL runBuiltinCodegen(void *Ctx, NevercTaskHandle Task,
                                           NevercLTOProductCandidate *Out) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    LinkJob *J;
    if (NevercStatus S = codegenJob(D, Task, &J); !isOk(S))
      return S;
    if (!Out || Out->Header.StructSize < sizeof *Out ||
        Out->Header.Major != NEVERC_LTO_API_MAJOR)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (J->LtoBuiltinRan)
      return st(NEVERC_STATUS_INVALID_STATE); // once per Codegen call
    J->LtoBuiltinRan = true;
    std::vector<lto::Product> Ps;
    std::string Error;
    if (!builtinLto(*J->Graph, Ps, Error)) {
      D.H.report(NEVERC_DIAGNOSTIC_ERROR, Error, nullptr,
                 "NevercLTOCodegenAPI.RunBuiltinCodegen");
      return st(NEVERC_STATUS_VERIFICATION_FAILED);
    }
    // ThinLTO's task N (from 1) is the Nth module with a summary, in the
    // order they were added; task 0 is the merged full-LTO module.
    std::vector<size_t> Thin;
    for (size_t F = 0; F < J->Graph->In.Bitcode.size(); ++F)
      if (J->Graph->In.Bitcode[F]->Info.Thin)
        Thin.push_back(F);
    J->CLtoBuiltin.clear();
    for (lto::Product &P : Ps) {
      NevercLTOObjectProduct C{};
      C.Header = {sizeof C, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR, 0};
      if (P.Task >= 1 && P.Task - 1 < Thin.size() &&
          Thin[P.Task - 1] < J->CLtoModules.size())
        C.SourceModule = J->CLtoModules[Thin[P.Task - 1]].Module;
      digestOf(P.Bytes, C.ContentDigest);
      std::string Name =
          P.Name.empty() ? "lto." + std::to_string(P.Task) + ".o" : P.Name;
      C.ObjectArtifact = addObject(*J, {std::move(Name), P.Bytes, P.Owner});
      C.LogicalName = viewOf(J->LtoObjectBoxes.back().Name);
      J->CLtoBuiltin.push_back(C);
    }
    Out->Objects = {J->CLtoBuiltin.data(), J->CLtoBuiltin.size(),
                    sizeof(NevercLTOObjectProduct)};
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createObjectArtifact(void *Ctx, NevercTaskHandle Task,
                                              NevercByteView Bytes,
                                              NevercStringView Name,
                                              NevercArtifactHandle *Out) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    if (Out)
      *Out = NevercHandle{};
    LinkJob *J;
    if (NevercStatus S = codegenJob(D, Task, &J); !isOk(S))
      return S;
    if (!Out || !Bytes.Length || !Bytes.Data || (Name.Length && !Name.Data))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto Copy = std::make_shared<std::string>(
        reinterpret_cast<const char *>(Bytes.Data), Bytes.Length);
    std::string N =
        Name.Length
            ? std::string(Name.Data, Name.Length)
            : "provided." + std::to_string(J->LtoObjectBoxes.size()) + ".o";
    *Out = addObject(*J, {std::move(N), std::string_view(*Copy), Copy});
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getObjectArtifactBytes(void *Ctx,
                                                NevercTaskHandle Task,
                                                NevercArtifactHandle Artifact,
                                                NevercByteView *Out) {
  return guard([&]() -> NevercStatus {
    LinkDomain::Impl &D = impl(Ctx);
    if (Out)
      *Out = NevercByteView{};
    LinkJob *J;
    if (NevercStatus S = jobOf(D, Task, &J); !isOk(S))
      return S;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const LinkJob::LtoObject *Obj;
    if (NevercStatus S = objectOf(D, *J, Artifact, &Obj); !isOk(S))
      return S;
    const LinkJob::LtoObject &B = *Obj;
    *Out = NevercByteView{reinterpret_cast<const uint8_t *>(B.Bytes.data()),
                          B.Bytes.size()};
    return okStatus();
  });
}

} // namespace

bool ltoProviderWanted(const LinkDomain::Impl &D, const LinkRequestModel &Req) {
  return !D.LtoProviders.empty() && linkHasBitcode(Req);
}

bool provideLto(LinkDomain::Impl &D, LinkJob &J, std::vector<lto::Product> &Out,
                std::string &Error) {
  LinkGraph &G = *J.Graph;
  NevercLTORequest R{};
  R.Header = {sizeof R, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR, 0};
  if (NevercStatus S = fillLtoRequest(D, J, J.T.handle(), R); !isOk(S)) {
    Error = "the LTO request of '" + J.Req.OutputPath +
            "' could not be made (status " + statusName(S) + ")";
    return false;
  }
  const LtoProvider *P = pick(D, J, R.Options.Mode);
  if (!P)
    return builtinLto(G, Out, Error);
  const std::string Who = whoIs(*P);

  std::string Key, CacheKey;
  const bool CacheDir = !G.Opt.Lto.CacheDir.empty();
  if (!(P->Flags & NEVERC_LTO_PROVIDER_CACHEABLE) &&
      (P->Flags & NEVERC_LTO_PROVIDER_DETERMINISTIC) && CacheDir) {
    // The same request makes the same bytes: the request is the key.
    CacheKey = P->ID + '\0' + "request:" +
               std::string(reinterpret_cast<const char *>(R.RequestDigest),
                           sizeof R.RequestDigest) +
               '\0' + G.LtoCacheSalt;
  }
  if (P->Flags & NEVERC_LTO_PROVIDER_CACHEABLE) {
    std::string Again;
    if (!buildKey(*P, J, R, Key, Error) || !buildKey(*P, J, R, Again, Error))
      return false;
    if (Key != Again) {
      D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                 Who +
                     " built two different cache keys for one request: "
                     "its key is not a pure function of the request; "
                     "nothing is cached for '" +
                     J.Req.OutputPath + "'",
                 P->Owner, NEVERC_PHASE_LINK_LTO_GENERATE_NAME);
      Key.clear();
    } else if (CacheDir) {
      CacheKey = P->ID + '\0' + Key + '\0' + G.LtoCacheSalt;
    }
  }
  if (!CacheKey.empty()) {
    std::string Blob;
    if (!lto::cacheBlob(G.Opt.Lto.CacheDir, CacheKey, &Blob, {}, Error))
      return false;
    if (!Blob.empty() && unpackObjects(std::move(Blob), Out))
      return true; // a hit: Codegen is not called
  }

  CodegenScope Scope(J);
  NevercLTOProductCandidate C{};
  C.Header = {sizeof C, NEVERC_LTO_API_MAJOR, NEVERC_LTO_API_MINOR, 0};
  NevercStatus S = P->Codegen(P->UserData, J.T.handle(), &R, &C);
  if (!isOk(S)) {
    Error = Who + " failed to generate the code of '" + J.Req.OutputPath +
            "' (status " + statusName(S) + ")";
    return false;
  }
  if (!acceptCandidate(D, J, *P, C, Out, Error)) {
    Out.clear();
    return false;
  }
  if (!Key.empty() && C.CacheKey.Length && C.CacheKey.Data &&
      std::string_view(C.CacheKey.Data, C.CacheKey.Length) != Key)
    D.H.report(NEVERC_DIAGNOSTIC_WARNING,
               Who + "'s candidate names another cache key than the one it "
                     "built; the built one is used",
               P->Owner, NEVERC_PHASE_LINK_LTO_GENERATE_NAME);
  if (!CacheKey.empty() && !lto::cacheBlob(G.Opt.Lto.CacheDir, CacheKey,
                                           nullptr, packObjects(Out), Error))
    return false;
  return true;
}

void fillLTOCodegenAPI(NevercLTOCodegenAPI &T) {
  T.Header = {sizeof T, NEVERC_LTO_CODEGEN_API_MAJOR,
              NEVERC_LTO_CODEGEN_API_MINOR, 0};
  T.RunBuiltinCodegen = runBuiltinCodegen;
  T.CreateObjectArtifact = createObjectArtifact;
  T.GetObjectArtifactBytes = getObjectArtifactBytes;
}

} // namespace neverc::link
