//===- Graph.cpp - NevercObjectAPI: reading and editing the ObjectGraph ---===//
//
// The C face of Graph.h. Reads hand out one handle per entity (minted on
// first use) and views into the graph's own strings, valid until the
// callback returns. Edits go through a Mutation: each stage slot turns its
// descriptor into the graph's fields (handles become entity pointers; an
// entity staged by the same mutation may be named), and the graph model
// checks and stages the step; CommitMutation applies all of them or none.
//
// An erased entity, or one created by a mutation that was abandoned, stays
// in memory (Graph.h never frees while the graph lives), so its handle can
// be told apart from garbage: STALE_HANDLE (rule 5).
//
// A job holds one graph; every entity handle of the job belongs to it.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include <cstring>

namespace neverc::object {
namespace {

constexpr uint16_t Major = NEVERC_OBJECT_API_MAJOR;

/// The graph the job's entities belong to.
Graph *graphOfJob(ObjectJob &J) { return J.G ? J.G.get() : J.GBox.G; }

bool validView(NevercStringView V) { return V.Data || !V.Length; }
bool validView(NevercByteView V) { return V.Data || !V.Length; }

std::string_view strOf(NevercStringView V) {
  return V.Length ? std::string_view(V.Data, V.Length) : std::string_view();
}
std::string bytesOf(NevercByteView V) {
  return V.Length
             ? std::string(reinterpret_cast<const char *>(V.Data), V.Length)
             : std::string();
}
NevercStringView viewOf(const std::string &S) {
  return NevercStringView{S.data(), S.size()};
}
NevercByteView bytesViewOf(std::string_view S) {
  return NevercByteView{reinterpret_cast<const uint8_t *>(S.data()), S.size()};
}
NevercInterfaceID idOf(FormatID F) { return {F.High, F.Low}; }
FormatID formatOf(NevercInterfaceID I) { return {I.High, I.Low}; }

/// A refusal of the descriptor itself, reported like the graph's own.
NevercStatus bad(ObjectDomain::Impl &D, const char *Slot, std::string Why) {
  return statusOf(D, Outcome::fail(Errc::InvalidArgument, std::move(Why)),
                  Slot);
}

//===----------------------------------------------------------------------===//
// Handles
//===----------------------------------------------------------------------===//

NevercStatus graphOf(ObjectDomain::Impl &D, ObjectJob &J, NevercHandle H,
                     Graph **Out) {
  Graph **P;
  if (NevercStatus S = lookup(D, J, J.Graphs, H, &P); !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}

/// An entity handle: the table's checks, then the entity's own state (an
/// erased or abandoned one is stale even while its handle slot lives).
/// A staged entity is fine: it belongs to the graph's one open mutation.
template <class T>
NevercStatus entityOf(ObjectDomain::Impl &D, ObjectJob &J,
                      core::HandleTable<T *> &Table, NevercHandle H, T **Out) {
  T **P;
  if (NevercStatus S = lookup(D, J, Table, H, &P); !isOk(S))
    return S;
  if ((*P)->State == EntityState::Erased ||
      (*P)->State == EntityState::Abandoned)
    return st(NEVERC_STATUS_STALE_HANDLE);
  *Out = *P;
  return okStatus();
}

/// A handle field of a descriptor that may be null (no such reference).
template <class T>
NevercStatus optionalEntity(ObjectDomain::Impl &D, ObjectJob &J,
                            core::HandleTable<T *> &Table, NevercHandle H,
                            T **Out) {
  *Out = nullptr;
  if (core::isNull(H))
    return okStatus();
  return entityOf(D, J, Table, H, Out);
}

/// A proof handle is live while its graph still holds that proof for the
/// generation the handle was minted for (ObjectJob::proof).
NevercStatus proofOf(ObjectDomain::Impl &D, ObjectJob &J, NevercHandle H,
                     const LayoutProof **Out, Graph **OutGraph) {
  const LayoutProof **P;
  if (NevercStatus S = lookup(D, J, J.Proofs, H, &P); !isOk(S))
    return S;
  Graph *G = graphOfJob(J);
  const uint64_t *Gen = J.ProofGeneration.find(*P);
  if (!G || G->layoutProof() != *P || !Gen || *Gen != (*P)->Generation)
    return st(NEVERC_STATUS_STALE_HANDLE); // a commit dropped it
  *Out = *P;
  *OutGraph = G;
  return okStatus();
}

/// An open mutation of the job. Its handle is erased when it ends, so an
/// ended one is STALE_HANDLE by the table.
NevercStatus mutationOf(ObjectDomain::Impl &D, ObjectJob &J, NevercHandle H,
                        Mutation **Out) {
  Mutation **P;
  if (NevercStatus S = lookup(D, J, J.Mutations, H, &P); !isOk(S))
    return S;
  if (!(*P)->open())
    return st(NEVERC_STATUS_INVALID_STATE);
  *Out = *P;
  return okStatus();
}

//===----------------------------------------------------------------------===//
// Slot shapes
//===----------------------------------------------------------------------===//

/// A slot answering with a handle: \p Out must be given (it is cleared
/// first, so a walk's caller never reads an old handle), and the task's
/// job found, before \p Body runs.
template <class Fn>
NevercStatus handleSlot(void *Ctx, NevercTaskHandle Task, NevercHandle *Out,
                        Fn &&Body) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *Out = NevercHandle{};
    ObjectDomain::Impl &D = impl(Ctx);
    ObjectJob *J;
    if (NevercStatus S = jobOf(D, Task, &J); !isOk(S))
      return S;
    return Body(D, *J);
  });
}

/// A slot filling an info struct: the header is checked first, and what
/// \p Body fills is written (keeping the caller's header) only on success.
template <class Info, class Fn>
NevercStatus infoSlot(void *Ctx, NevercTaskHandle Task, Info *Out, Fn &&Body) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = core::checkStructHeader(Out, sizeof *Out, Major);
        !isOk(S))
      return S;
    ObjectDomain::Impl &D = impl(Ctx);
    ObjectJob *J;
    if (NevercStatus S = jobOf(D, Task, &J); !isOk(S))
      return S;
    Info I{};
    if (NevercStatus S = Body(D, *J, I); !isOk(S))
      return S;
    writeOut(Out, I);
    return okStatus();
  });
}

/// A slot staging into a mutation: the job, the right to change the graph
/// (an observer gets POLICY_VIOLATION, rule 7), then the open mutation.
template <class Fn>
NevercStatus stageSlot(void *Ctx, NevercTaskHandle Task, NevercHandle MH,
                       Fn &&Body) {
  return guard([&]() -> NevercStatus {
    ObjectDomain::Impl &D = impl(Ctx);
    ObjectJob *J;
    if (NevercStatus S = jobOf(D, Task, &J); !isOk(S))
      return S;
    if (NevercStatus S = mayMutate(D, *J); !isOk(S))
      return S;
    Mutation *M;
    if (NevercStatus S = mutationOf(D, *J, MH, &M); !isOk(S))
      return S;
    return Body(D, *J, *M);
  });
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// Pointer width and byte order of the architectures LLVM 22 knows by
/// name; 0 for one this table does not know (the key leaves it open).
void archFacts(std::string_view Arch, uint32_t &Width,
               NevercTargetEndianness &Endian) {
  struct Row {
    std::string_view Name;
    uint32_t Width;
    NevercTargetEndianness Endian;
  };
  static constexpr Row Rows[] = {
      {"x86_64", 64, NEVERC_TARGET_ENDIAN_LITTLE},
      {"amd64", 64, NEVERC_TARGET_ENDIAN_LITTLE},
      {"aarch64", 64, NEVERC_TARGET_ENDIAN_LITTLE},
      {"arm64", 64, NEVERC_TARGET_ENDIAN_LITTLE},
      {"aarch64_be", 64, NEVERC_TARGET_ENDIAN_BIG},
      {"i386", 32, NEVERC_TARGET_ENDIAN_LITTLE},
      {"i486", 32, NEVERC_TARGET_ENDIAN_LITTLE},
      {"i586", 32, NEVERC_TARGET_ENDIAN_LITTLE},
      {"i686", 32, NEVERC_TARGET_ENDIAN_LITTLE},
      {"arm", 32, NEVERC_TARGET_ENDIAN_LITTLE},
      {"armeb", 32, NEVERC_TARGET_ENDIAN_BIG},
      {"thumb", 32, NEVERC_TARGET_ENDIAN_LITTLE},
      {"thumbeb", 32, NEVERC_TARGET_ENDIAN_BIG},
      {"riscv32", 32, NEVERC_TARGET_ENDIAN_LITTLE},
      {"riscv64", 64, NEVERC_TARGET_ENDIAN_LITTLE},
      {"loongarch64", 64, NEVERC_TARGET_ENDIAN_LITTLE},
      {"ppc", 32, NEVERC_TARGET_ENDIAN_BIG},
      {"ppc64", 64, NEVERC_TARGET_ENDIAN_BIG},
      {"ppc64le", 64, NEVERC_TARGET_ENDIAN_LITTLE},
      {"mips", 32, NEVERC_TARGET_ENDIAN_BIG},
      {"mipsel", 32, NEVERC_TARGET_ENDIAN_LITTLE},
      {"mips64", 64, NEVERC_TARGET_ENDIAN_BIG},
      {"mips64el", 64, NEVERC_TARGET_ENDIAN_LITTLE},
      {"s390x", 64, NEVERC_TARGET_ENDIAN_BIG},
      {"sparc", 32, NEVERC_TARGET_ENDIAN_BIG},
      {"sparcv9", 64, NEVERC_TARGET_ENDIAN_BIG},
      {"wasm32", 32, NEVERC_TARGET_ENDIAN_LITTLE},
      {"wasm64", 64, NEVERC_TARGET_ENDIAN_LITTLE},
  };
  Width = 0;
  Endian = 0;
  for (const Row &R : Rows)
    if (R.Name == Arch) {
      Width = R.Width;
      Endian = R.Endian;
      return;
    }
}

NevercStatus NEVERC_CALL getGraphInfo(void *Ctx, NevercTaskHandle Task,
                                      NevercObjectGraphHandle Graph,
                                      NevercObjectGraphInfo *Out) {
  return infoSlot(
      Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J, auto &I) {
        object::Graph *G;
        if (NevercStatus S = graphOf(D, J, Graph, &G); !isOk(S))
          return S;
        fillTargetKey(G->Triple, G->Format, I.Target);
        static constexpr std::string_view Digest = NEVERC_OBJECT_SCHEMA_DIGEST;
        I.ObjectSchemaDigest = {Digest.data(), Digest.size()};
        I.Generation = G->generation();
        I.SectionCount = G->sections().size();
        I.SymbolCount = G->symbols().size();
        I.RelocationCount = G->relocations().size();
        I.ComdatCount = G->comdats().size();
        I.HasLayoutProof = G->layoutProof() ? NEVERC_TRUE : NEVERC_FALSE;
        return okStatus();
      });
}

/// GetFirst*: the first live entity of a list, or the null handle.
template <class T, class Mint>
NevercStatus first(ObjectDomain::Impl &D, ObjectJob &J, NevercHandle GH,
                   const EntityList<T> &(Graph::*List)() const,
                   NevercHandle *Out, Mint M) {
  Graph *G;
  if (NevercStatus S = graphOf(D, J, GH, &G); !isOk(S))
    return S;
  const EntityList<T> &L = (G->*List)();
  *Out = L.empty() ? NevercHandle{} : (J.*M)(L.front());
  return okStatus();
}

/// GetNext*: the live entity after \p H, or the null handle at the end.
/// An erased or abandoned entity is STALE_HANDLE (entityOf); a staged one
/// has no place in the order until its mutation commits: INVALID_STATE.
template <class T, class Mint>
NevercStatus next(ObjectDomain::Impl &D, ObjectJob &J,
                  core::HandleTable<T *> &Table, NevercHandle H,
                  NevercHandle *Out, Mint M) {
  T *E;
  if (NevercStatus S = entityOf(D, J, Table, H, &E); !isOk(S))
    return S;
  if (E->State != EntityState::Live)
    return st(NEVERC_STATUS_INVALID_STATE);
  Graph *G = graphOfJob(J);
  if (!G)
    return st(NEVERC_STATUS_INVALID_STATE);
  T *N = G->next(E);
  *Out = N ? (J.*M)(N) : NevercHandle{};
  return okStatus();
}

NevercStatus NEVERC_CALL getFirstSection(void *Ctx, NevercTaskHandle Task,
                                         NevercObjectGraphHandle Graph,
                                         NevercObjectSectionHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J) {
    return first(D, J, Graph, &object::Graph::sections, Out,
                 &ObjectJob::section);
  });
}

NevercStatus NEVERC_CALL getNextSection(void *Ctx, NevercTaskHandle Task,
                                        NevercObjectSectionHandle Section,
                                        NevercObjectSectionHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J) {
    return next(D, J, J.Sections, Section, Out, &ObjectJob::section);
  });
}

void fillExtension(const Extension &E, NevercObjectFormatID &Owner,
                   uint32_t &Version, NevercByteView &Bytes) {
  Owner = idOf(E.owner());
  Version = E.version();
  Bytes = bytesViewOf(E.bytes());
}

NevercStatus NEVERC_CALL getSectionInfo(void *Ctx, NevercTaskHandle Task,
                                        NevercObjectSectionHandle Section,
                                        NevercObjectSectionInfo *Out) {
  return infoSlot(
      Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J, auto &I) {
        object::Section *E;
        if (NevercStatus S = entityOf(D, J, J.Sections, Section, &E); !isOk(S))
          return S;
        I.Name = viewOf(E->Name);
        I.Kind = uint32_t(E->Kind);
        I.Flags = E->Flags;
        I.Alignment = E->Alignment;
        I.Data = bytesViewOf(E->bytes());
        I.ZeroFillSize = E->ZeroFillSize;
        I.Comdat = J.comdat(E->Group);
        fillExtension(E->Ext, I.ExtensionOwner, I.ExtensionVersion,
                      I.Extension);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getFirstSymbol(void *Ctx, NevercTaskHandle Task,
                                        NevercObjectGraphHandle Graph,
                                        NevercObjectSymbolHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J) {
    return first(D, J, Graph, &object::Graph::symbols, Out, &ObjectJob::symbol);
  });
}

NevercStatus NEVERC_CALL getNextSymbol(void *Ctx, NevercTaskHandle Task,
                                       NevercObjectSymbolHandle Symbol,
                                       NevercObjectSymbolHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J) {
    return next(D, J, J.Symbols, Symbol, Out, &ObjectJob::symbol);
  });
}

NevercStatus NEVERC_CALL getSymbolInfo(void *Ctx, NevercTaskHandle Task,
                                       NevercObjectSymbolHandle Symbol,
                                       NevercObjectSymbolInfo *Out) {
  return infoSlot(
      Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J, auto &I) {
        object::Symbol *E;
        if (NevercStatus S = entityOf(D, J, J.Symbols, Symbol, &E); !isOk(S))
          return S;
        I.Name = viewOf(E->Name);
        I.Binding = uint32_t(E->Bind);
        I.Visibility = uint32_t(E->Vis);
        I.Type = uint32_t(E->Type);
        I.Definition = uint32_t(E->Def);
        I.Section = J.section(E->Sec);
        I.Value = E->Value;
        I.Size = E->Size;
        I.Alignment = E->Alignment;
        I.Comdat = J.comdat(E->Group);
        I.Flags = E->Flags;
        fillExtension(E->Ext, I.ExtensionOwner, I.ExtensionVersion,
                      I.Extension);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getFirstRelocation(void *Ctx, NevercTaskHandle Task,
                                            NevercObjectGraphHandle Graph,
                                            NevercObjectRelocationHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J) {
    return first(D, J, Graph, &object::Graph::relocations, Out,
                 &ObjectJob::relocation);
  });
}

NevercStatus NEVERC_CALL getNextRelocation(
    void *Ctx, NevercTaskHandle Task, NevercObjectRelocationHandle Relocation,
    NevercObjectRelocationHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J) {
    return next(D, J, J.Relocations, Relocation, Out, &ObjectJob::relocation);
  });
}

NevercStatus NEVERC_CALL getRelocationInfo(
    void *Ctx, NevercTaskHandle Task, NevercObjectRelocationHandle Relocation,
    NevercObjectRelocationInfo *Out) {
  return infoSlot(
      Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J, auto &I) {
        object::Relocation *E;
        if (NevercStatus S = entityOf(D, J, J.Relocations, Relocation, &E);
            !isOk(S))
          return S;
        I.Section = J.section(E->Sec);
        I.Offset = E->Offset;
        I.Kind = uint32_t(E->Kind);
        I.TargetKind = uint32_t(E->Target);
        I.Width = E->Width;
        I.IsPCRelative = E->PCRel ? NEVERC_TRUE : NEVERC_FALSE;
        I.IsSigned = E->Signed ? NEVERC_TRUE : NEVERC_FALSE;
        I.Addend = E->Addend;
        I.TargetSymbol = J.symbol(E->TargetSymbol);
        I.TargetSection = J.section(E->TargetSection);
        I.TargetValue = E->TargetValue;
        I.TargetExtensionKind = E->TargetExtensionKind;
        fillExtension(E->Ext, I.ExtensionOwner, I.ExtensionVersion,
                      I.Extension);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getFirstComdat(void *Ctx, NevercTaskHandle Task,
                                        NevercObjectGraphHandle Graph,
                                        NevercObjectComdatHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J) {
    return first(D, J, Graph, &object::Graph::comdats, Out, &ObjectJob::comdat);
  });
}

NevercStatus NEVERC_CALL getNextComdat(void *Ctx, NevercTaskHandle Task,
                                       NevercObjectComdatHandle Comdat,
                                       NevercObjectComdatHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J) {
    return next(D, J, J.Comdats, Comdat, Out, &ObjectJob::comdat);
  });
}

NevercStatus NEVERC_CALL getComdatInfo(void *Ctx, NevercTaskHandle Task,
                                       NevercObjectComdatHandle Comdat,
                                       NevercObjectComdatInfo *Out) {
  return infoSlot(
      Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J, auto &I) {
        object::Comdat *E;
        if (NevercStatus S = entityOf(D, J, J.Comdats, Comdat, &E); !isOk(S))
          return S;
        I.Name = viewOf(E->Name);
        I.Selection = uint32_t(E->Selection);
        I.AssociatedComdat = J.comdat(E->Associated);
        fillExtension(E->Ext, I.ExtensionOwner, I.ExtensionVersion,
                      I.Extension);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getLayoutProof(void *Ctx, NevercTaskHandle Task,
                                        NevercObjectGraphHandle Graph,
                                        NevercObjectLayoutProofHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J) {
    object::Graph *G;
    if (NevercStatus S = graphOf(D, J, Graph, &G); !isOk(S))
      return S;
    const LayoutProof *P = G->layoutProof();
    if (!P)
      return st(NEVERC_STATUS_NOT_FOUND); // not laid out, or changed since
    *Out = J.proof(P);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getLayoutProofInfo(void *Ctx, NevercTaskHandle Task,
                                            NevercObjectLayoutProofHandle Proof,
                                            NevercObjectLayoutProofInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](ObjectDomain::Impl &D, ObjectJob &J, auto &I) {
                    const LayoutProof *P;
                    object::Graph *G;
                    if (NevercStatus S = proofOf(D, J, Proof, &P, &G); !isOk(S))
                      return S;
                    I.GraphGeneration = P->Generation;
                    I.TargetID = targetIDOf(G->Triple);
                    I.FormatID = idOf(P->Format);
                    return okStatus();
                  });
}

//===----------------------------------------------------------------------===//
// Mutations
//===----------------------------------------------------------------------===//

NevercStatus NEVERC_CALL beginMutation(void *Ctx, NevercTaskHandle Task,
                                       NevercObjectGraphHandle Graph,
                                       NevercObjectMutationHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](ObjectDomain::Impl &D, ObjectJob &J) {
    object::Graph *G;
    if (NevercStatus S = graphOf(D, J, Graph, &G); !isOk(S))
      return S;
    if (NevercStatus S = mayMutate(D, J); !isOk(S))
      return S; // an observer: POLICY_VIOLATION (rule 7)
    if (J.Writable && G != J.Writable)
      return statusOf(D,
                      Outcome::fail(Errc::InvalidState,
                                    "a lent input graph is read-only: stage "
                                    "into the output graph's mutation"),
                      "NevercObjectAPI.BeginMutation");
    if (G->mutationOpen())
      return st(NEVERC_STATUS_INVALID_STATE); // one at a time per graph
    *Out = J.openMutation(*G);
    return core::isNull(*Out) ? st(NEVERC_STATUS_INVALID_STATE) : okStatus();
  });
}

NevercStatus NEVERC_CALL commitMutation(void *Ctx, NevercTaskHandle Task,
                                        NevercObjectMutationHandle H) {
  return stageSlot(Ctx, Task, H,
                   [&](ObjectDomain::Impl &D, ObjectJob &J, Mutation &M) {
                     // The host ends the mutation it opened for a reader (it
                     // commits once the reader returns).
                     if (&M == J.HostMutation)
                       return st(NEVERC_STATUS_INVALID_STATE);
                     // A refused commit leaves the mutation open and nothing
                     // applied: the plugin may stage more (erase what dangles)
                     // and commit again, or abandon. Either way it still owes
                     // exactly one end (rule 5).
                     if (Outcome O = M.commit())
                       return statusOf(D, O, "NevercObjectAPI.CommitMutation");
                     // Committed: the generation moved on and the layout proof
                     // is gone, so proof handles of the old generation are
                     // stale (ObjectJob::proof).
                     J.endMutation(H);
                     return okStatus();
                   });
}

NevercStatus NEVERC_CALL abandonMutation(void *Ctx, NevercTaskHandle Task,
                                         NevercObjectMutationHandle H) {
  return stageSlot(Ctx, Task, H,
                   [&](ObjectDomain::Impl &, ObjectJob &J, Mutation &M) {
                     if (&M == J.HostMutation)
                       return st(NEVERC_STATUS_INVALID_STATE);
                     // Entities it created become Abandoned: their handles
                     // answer STALE_HANDLE from now on (entityOf), the
                     // mutation's own handle too.
                     M.abandon();
                     J.endMutation(H);
                     return okStatus();
                   });
}

/// Descriptor → fields. Handle fields may name live entities or ones this
/// mutation staged; the graph checks the rest (kinds in their sets,
/// references it can use) when the step is staged.
NevercStatus extensionFrom(ObjectDomain::Impl &D, const char *Slot,
                           NevercObjectFormatID Owner, uint32_t Version,
                           uint32_t Reserved, NevercByteView Bytes,
                           Extension &Out) {
  if (Reserved)
    return bad(D, Slot, "a Reserved field is not 0");
  if (!validView(Bytes))
    return bad(D, Slot, "the Extension view has a length but no data");
  if (!Owner.High && !Owner.Low) {
    if (Version || Bytes.Length)
      return bad(D, Slot,
                 "an extension without an ExtensionOwner (version " +
                     std::to_string(Version) + ", " +
                     std::to_string(Bytes.Length) + " bytes)");
    Out = Extension{};
    return okStatus();
  }
  Out = Extension(formatOf(Owner), Version,
                  Bytes.Length ? std::string_view(
                                     reinterpret_cast<const char *>(Bytes.Data),
                                     Bytes.Length)
                               : std::string_view());
  return okStatus();
}

NevercStatus sectionFrom(ObjectDomain::Impl &D, ObjectJob &J, const char *Slot,
                         const NevercObjectSectionDescriptor *Desc,
                         SectionFields &F) {
  if (NevercStatus S = core::checkStructHeader(Desc, sizeof *Desc, Major);
      !isOk(S))
    return S;
  if (Desc->Reserved)
    return bad(D, Slot, "a Reserved field is not 0");
  if (!validView(Desc->Name) || !validView(Desc->Data))
    return bad(D, Slot, "a view has a length but no data");
  F.Name = std::string(strOf(Desc->Name));
  F.Kind = SectionKind(Desc->Kind);
  F.Flags = Desc->Flags;
  F.Alignment = Desc->Alignment;
  F.Data = bytesOf(Desc->Data);
  F.ZeroFillSize = Desc->ZeroFillSize;
  if (NevercStatus S = optionalEntity(D, J, J.Comdats, Desc->Comdat, &F.Group);
      !isOk(S))
    return S;
  return extensionFrom(D, Slot, Desc->ExtensionOwner, Desc->ExtensionVersion,
                       Desc->ReservedExtension, Desc->Extension, F.Ext);
}

NevercStatus symbolFrom(ObjectDomain::Impl &D, ObjectJob &J, const char *Slot,
                        const NevercObjectSymbolDescriptor *Desc,
                        SymbolFields &F) {
  if (NevercStatus S = core::checkStructHeader(Desc, sizeof *Desc, Major);
      !isOk(S))
    return S;
  if (!validView(Desc->Name))
    return bad(D, Slot, "the Name view has a length but no data");
  F.Name = std::string(strOf(Desc->Name)); // may be empty: anonymous
  F.Bind = Binding(Desc->Binding);
  F.Vis = Visibility(Desc->Visibility);
  F.Type = SymbolType(Desc->Type);
  F.Def = Definition(Desc->Definition);
  if (NevercStatus S = optionalEntity(D, J, J.Sections, Desc->Section, &F.Sec);
      !isOk(S))
    return S;
  F.Value = Desc->Value;
  F.Size = Desc->Size;
  F.Alignment = Desc->Alignment;
  if (NevercStatus S = optionalEntity(D, J, J.Comdats, Desc->Comdat, &F.Group);
      !isOk(S))
    return S;
  F.Flags = Desc->Flags;
  return extensionFrom(D, Slot, Desc->ExtensionOwner, Desc->ExtensionVersion,
                       Desc->Reserved, Desc->Extension, F.Ext);
}

NevercStatus relocationFrom(ObjectDomain::Impl &D, ObjectJob &J,
                            const char *Slot,
                            const NevercObjectRelocationDescriptor *Desc,
                            RelocationFields &F) {
  if (NevercStatus S = core::checkStructHeader(Desc, sizeof *Desc, Major);
      !isOk(S))
    return S;
  if (Desc->Reserved || Desc->Reserved8[0] || Desc->Reserved8[1])
    return bad(D, Slot, "a Reserved field is not 0");
  if (Desc->IsPCRelative > 1 || Desc->IsSigned > 1)
    return bad(D, Slot,
               "IsPCRelative and IsSigned are NEVERC_TRUE or "
               "NEVERC_FALSE");
  // A null Section is the graph's to refuse ("no section to patch").
  if (NevercStatus S = optionalEntity(D, J, J.Sections, Desc->Section, &F.Sec);
      !isOk(S))
    return S;
  F.Offset = Desc->Offset;
  F.Kind = RelocKind(Desc->Kind);
  F.Target = RelocTarget(Desc->TargetKind);
  F.Width = Desc->Width;
  F.PCRel = Desc->IsPCRelative;
  F.Signed = Desc->IsSigned;
  F.Addend = Desc->Addend;
  if (NevercStatus S =
          optionalEntity(D, J, J.Symbols, Desc->TargetSymbol, &F.TargetSymbol);
      !isOk(S))
    return S;
  if (NevercStatus S = optionalEntity(D, J, J.Sections, Desc->TargetSection,
                                      &F.TargetSection);
      !isOk(S))
    return S;
  F.TargetValue = Desc->TargetValue;
  F.TargetExtensionKind = Desc->TargetExtensionKind;
  return extensionFrom(D, Slot, Desc->ExtensionOwner, Desc->ExtensionVersion,
                       Desc->ReservedExtension, Desc->Extension, F.Ext);
}

NevercStatus comdatFrom(ObjectDomain::Impl &D, ObjectJob &J, const char *Slot,
                        const NevercObjectComdatDescriptor *Desc,
                        ComdatFields &F) {
  if (NevercStatus S = core::checkStructHeader(Desc, sizeof *Desc, Major);
      !isOk(S))
    return S;
  if (Desc->Reserved)
    return bad(D, Slot, "a Reserved field is not 0");
  if (!validView(Desc->Name))
    return bad(D, Slot, "the Name view has a length but no data");
  F.Name = std::string(strOf(Desc->Name));
  F.Selection = ComdatSelection(Desc->Selection);
  if (NevercStatus S = optionalEntity(D, J, J.Comdats, Desc->AssociatedComdat,
                                      &F.Associated);
      !isOk(S))
    return S;
  return extensionFrom(D, Slot, Desc->ExtensionOwner, Desc->ExtensionVersion,
                       Desc->ReservedExtension, Desc->Extension, F.Ext);
}

// The twelve staged edits differ only in the entity and its descriptor;
// one macro per shape keeps them identical in their checks and statuses.

#define OBJECT_CREATE_SLOT(Name, Type, Desc, From, Table, Mint)                \
  NevercStatus NEVERC_CALL create##Name(                                       \
      void *Ctx, NevercTaskHandle Task, NevercObjectMutationHandle MH,         \
      const Desc *Descriptor, NevercHandle *Out) {                             \
    if (!Out)                                                                  \
      return st(NEVERC_STATUS_INVALID_ARGUMENT);                               \
    *Out = NevercHandle{};                                                     \
    return stageSlot(                                                          \
        Ctx, Task, MH, [&](ObjectDomain::Impl &D, ObjectJob &J, Mutation &M) { \
          constexpr const char *Slot = "NevercObjectAPI.Create" #Name;         \
          Type##Fields F;                                                      \
          if (NevercStatus S = From(D, J, Slot, Descriptor, F); !isOk(S))      \
            return S;                                                          \
          object::Type *E = nullptr;                                           \
          if (Outcome O = M.create##Name(F, E))                                \
            return statusOf(D, O, Slot);                                       \
          *Out = J.Mint(E);                                                    \
          return okStatus();                                                   \
        });                                                                    \
  }

#define OBJECT_REPLACE_SLOT(Name, Type, Desc, From, Table)                     \
  NevercStatus NEVERC_CALL replace##Name(                                      \
      void *Ctx, NevercTaskHandle Task, NevercObjectMutationHandle MH,         \
      NevercHandle H, const Desc *Descriptor) {                                \
    return stageSlot(                                                          \
        Ctx, Task, MH, [&](ObjectDomain::Impl &D, ObjectJob &J, Mutation &M) { \
          constexpr const char *Slot = "NevercObjectAPI.Replace" #Name;        \
          object::Type *E;                                                     \
          if (NevercStatus S = entityOf(D, J, J.Table, H, &E); !isOk(S))       \
            return S;                                                          \
          Type##Fields F;                                                      \
          if (NevercStatus S = From(D, J, Slot, Descriptor, F); !isOk(S))      \
            return S;                                                          \
          return statusOf(D, M.replace##Name(E, F), Slot);                     \
        });                                                                    \
  }

#define OBJECT_MOVE_SLOT(Name, Type, Table)                                    \
  NevercStatus NEVERC_CALL move##Name##Before(                                 \
      void *Ctx, NevercTaskHandle Task, NevercObjectMutationHandle MH,         \
      NevercHandle H, NevercHandle Position) {                                 \
    return stageSlot(                                                          \
        Ctx, Task, MH, [&](ObjectDomain::Impl &D, ObjectJob &J, Mutation &M) { \
          object::Type *E, *P;                                                 \
          if (NevercStatus S = entityOf(D, J, J.Table, H, &E); !isOk(S))       \
            return S;                                                          \
          /* There is no "move to the end": Position is required. */           \
          if (core::isNull(Position))                                          \
            return st(NEVERC_STATUS_INVALID_ARGUMENT);                         \
          if (NevercStatus S = entityOf(D, J, J.Table, Position, &P);          \
              !isOk(S))                                                        \
            return S;                                                          \
          return statusOf(D, M.move##Name##Before(E, P),                       \
                          "NevercObjectAPI.Move" #Name "Before");              \
        });                                                                    \
  }

#define OBJECT_ERASE_SLOT(Name, Type, Table)                                   \
  NevercStatus NEVERC_CALL erase##Name(void *Ctx, NevercTaskHandle Task,       \
                                       NevercObjectMutationHandle MH,          \
                                       NevercHandle H) {                       \
    return stageSlot(                                                          \
        Ctx, Task, MH, [&](ObjectDomain::Impl &D, ObjectJob &J, Mutation &M) { \
          object::Type *E;                                                     \
          if (NevercStatus S = entityOf(D, J, J.Table, H, &E); !isOk(S))       \
            return S;                                                          \
          return statusOf(D, M.erase##Name(E), "NevercObjectAPI.Erase" #Name); \
        });                                                                    \
  }

#define OBJECT_EDIT_SLOTS(Name, Type, Desc, From, Table, Mint)                 \
  OBJECT_CREATE_SLOT(Name, Type, Desc, From, Table, Mint)                      \
  OBJECT_REPLACE_SLOT(Name, Type, Desc, From, Table)                           \
  OBJECT_MOVE_SLOT(Name, Type, Table)                                          \
  OBJECT_ERASE_SLOT(Name, Type, Table)

OBJECT_EDIT_SLOTS(Section, Section, NevercObjectSectionDescriptor, sectionFrom,
                  Sections, section)
OBJECT_EDIT_SLOTS(Symbol, Symbol, NevercObjectSymbolDescriptor, symbolFrom,
                  Symbols, symbol)
OBJECT_EDIT_SLOTS(Relocation, Relocation, NevercObjectRelocationDescriptor,
                  relocationFrom, Relocations, relocation)
OBJECT_EDIT_SLOTS(Comdat, Comdat, NevercObjectComdatDescriptor, comdatFrom,
                  Comdats, comdat)

#undef OBJECT_EDIT_SLOTS
#undef OBJECT_ERASE_SLOT
#undef OBJECT_MOVE_SLOT
#undef OBJECT_REPLACE_SLOT
#undef OBJECT_CREATE_SLOT

} // namespace

/// What the graph's triple spelling says of the target. The component
/// views point into Triple; what a triple cannot say (CPU,
/// features, ABI, relocation and code model, the target's LOCKSTEP schema
/// digest) stays empty / zero.
void fillTargetKey(const std::string &Triple, FormatID Format,
                   NevercTargetKey &K) {
  K.Header = {sizeof K, NEVERC_TARGET_API_MAJOR, NEVERC_TARGET_API_MINOR, 0};
  K.TargetID = targetIDOf(Triple);
  K.RawTriple = viewOf(Triple);
  // arch-vendor-os[-environment], split on the first three dashes.
  NevercStringView *Parts[] = {&K.Architecture, &K.Vendor, &K.OperatingSystem,
                               &K.Environment};
  std::string_view Rest = Triple;
  for (size_t I = 0; I < 4 && !Rest.empty(); ++I) {
    size_t Dash = I == 3 ? std::string_view::npos : Rest.find('-');
    std::string_view Part = Rest.substr(0, Dash);
    *Parts[I] = NevercStringView{Part.data(), Part.size()};
    Rest = Dash == std::string_view::npos ? std::string_view()
                                          : Rest.substr(Dash + 1);
  }
  K.ObjectFormatID = idOf(Format);
  archFacts(strOf(K.Architecture), K.PointerWidth, K.Endianness);
}


void fillObjectAPI(NevercObjectAPI &T) {
  // The Impl sets Context (it is the Impl); the header is the table's own.
  T.Header = {sizeof T, NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR, 0};
  T.GetGraphInfo = getGraphInfo;
  T.GetFirstSection = getFirstSection;
  T.GetNextSection = getNextSection;
  T.GetSectionInfo = getSectionInfo;
  T.GetFirstSymbol = getFirstSymbol;
  T.GetNextSymbol = getNextSymbol;
  T.GetSymbolInfo = getSymbolInfo;
  T.GetFirstRelocation = getFirstRelocation;
  T.GetNextRelocation = getNextRelocation;
  T.GetRelocationInfo = getRelocationInfo;
  T.GetFirstComdat = getFirstComdat;
  T.GetNextComdat = getNextComdat;
  T.GetComdatInfo = getComdatInfo;
  T.GetLayoutProof = getLayoutProof;
  T.GetLayoutProofInfo = getLayoutProofInfo;
  T.BeginMutation = beginMutation;
  T.CommitMutation = commitMutation;
  T.AbandonMutation = abandonMutation;
  T.CreateSection = createSection;
  T.ReplaceSection = replaceSection;
  T.MoveSectionBefore = moveSectionBefore;
  T.EraseSection = eraseSection;
  T.CreateSymbol = createSymbol;
  T.ReplaceSymbol = replaceSymbol;
  T.MoveSymbolBefore = moveSymbolBefore;
  T.EraseSymbol = eraseSymbol;
  T.CreateRelocation = createRelocation;
  T.ReplaceRelocation = replaceRelocation;
  T.MoveRelocationBefore = moveRelocationBefore;
  T.EraseRelocation = eraseRelocation;
  T.CreateComdat = createComdat;
  T.ReplaceComdat = replaceComdat;
  T.MoveComdatBefore = moveComdatBefore;
  T.EraseComdat = eraseComdat;
}

} // namespace neverc::object
