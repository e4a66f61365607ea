//===- LocationSlots.cpp - The 16 slots of NevercSourceLocationAPI --------===//
//
// LLVM-free: locations are decoded by the task's LocationView (the Clang
// side binds one over the compile's SourceManager). A location handle is
// {kind, session, task} / {bind generation, raw encoding}: it goes stale
// when the compile it came from is detached.
//
//===----------------------------------------------------------------------===//
#include "SourceInternal.h"

#include <cstddef>
#include <utility>

namespace neverc::source {

namespace {

constexpr uint16_t Major = NEVERC_SOURCE_LOCATION_API_MAJOR;

/// The view bound to the task, ready (INVALID_STATE: no compile bound or no
/// SourceManager yet).
NevercStatus view(TaskState &TS, LocationView *&V) {
  if (!TS.Locations)
    return st(NEVERC_STATUS_INVALID_STATE);
  NevercStatus S = TS.Locations->ready();
  if (!isOk(S))
    return S;
  V = TS.Locations.get();
  return okStatus();
}

NevercStatus decode(DomainState &D, TaskState &TS, NevercSourceLocation L,
                    uint64_t &Raw) {
  NevercStatus S = checkScope(D, TS, L, SourceHandleKind::Location);
  if (!isOk(S))
    return S;
  core::DecodedHandle Dec = core::decodeHandle(L);
  if (!TS.Locations || Dec.Generation != TS.LocationGeneration)
    return st(NEVERC_STATUS_STALE_HANDLE);
  Raw = Dec.Slot;
  return okStatus();
}

NevercSourceLocation encode(TaskState &TS, uint64_t Raw) {
  return core::encodeHandle(hk(SourceHandleKind::Location), TS.Scope,
                            uint32_t(Raw), TS.LocationGeneration);
}

/// Common front of the location-taking slots.
NevercStatus locationFront(void *Ctx, NevercTaskHandle Task,
                           NevercSourceLocation L, TaskState *&TS,
                           LocationView *&V, uint64_t &Raw) {
  DomainState &D = domain(Ctx);
  core::Task *T;
  NevercStatus S = enterTask(D, Task, T, TS);
  if (!isOk(S) || !isOk(S = decode(D, *TS, L, Raw)) || !isOk(S = view(*TS, V)))
    return S;
  return V->isValid(Raw) ? okStatus() : st(NEVERC_STATUS_INVALID_ARGUMENT);
}

NevercStatus rangeFront(void *Ctx, NevercTaskHandle Task, NevercSourceRange R,
                        TaskState *&TS, LocationView *&V, RangeRecord &Out) {
  DomainState &D = domain(Ctx);
  core::Task *T;
  NevercStatus S = enterTask(D, Task, T, TS);
  if (!isOk(S))
    return S;
  if (!isOk(S = checkScope(D, *TS, R, SourceHandleKind::Range)))
    return S;
  RangeRecord *Rec = TS->Ranges.lookup(R);
  if (!Rec || Rec->Generation != TS->LocationGeneration)
    return st(NEVERC_STATUS_STALE_HANDLE);
  Out = *Rec;
  if (!isOk(S = view(*TS, V)))
    return S;
  if (!V->isValid(Out.Begin) || !V->isValid(Out.End))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return okStatus();
}

/// A plain out pointer: NULL → INVALID_ARGUMENT.
NevercStatus needOut(const void *Out) {
  return Out ? okStatus() : st(NEVERC_STATUS_INVALID_ARGUMENT);
}

/// The body of a location- or range-taking slot: the out-argument check
/// \p Pre, then \p Front (locationFront / rangeFront), then \p Fn(task
/// state, view, the raw location or range Front decoded).
template <class Decoded, class F>
NevercStatus
inView(void *Ctx, NevercTaskHandle Task, NevercHandle H, NevercStatus Pre,
       NevercStatus (*Front)(void *, NevercTaskHandle, NevercHandle,
                             TaskState *&, LocationView *&, Decoded &),
       F &&Fn) {
  return guard([&] {
    TaskState *TS;
    LocationView *V;
    Decoded Raw{};
    NevercStatus S = Pre;
    if (!isOk(S) || !isOk(S = Front(Ctx, Task, H, TS, V, Raw)))
      return S;
    return Fn(*TS, *V, std::as_const(Raw));
  });
}

NevercStatus NEVERC_CALL getLocationInfo(void *Ctx, NevercTaskHandle Task,
                                         NevercSourceLocation L,
                                         NevercSourceLocationInfo *Out) {
  return inView(Ctx, Task, L, checkHeader(Out, sizeof *Out, Major),
                locationFront, [&](TaskState &, LocationView &V, uint64_t Raw) {
                  NevercSourceLocationInfo I{};
                  NevercStatus S = V.info(Raw, I);
                  if (isOk(S))
                    writeOut(Out, I);
                  return S;
                });
}

template <LocationView::Transform K>
NevercStatus NEVERC_CALL transform(void *Ctx, NevercTaskHandle Task,
                                   NevercSourceLocation L,
                                   NevercSourceLocation *Out) {
  return inView(Ctx, Task, L, needOut(Out), locationFront,
                [&](TaskState &TS, LocationView &V, uint64_t Raw) {
                  uint64_t R2 = 0;
                  NevercStatus S = V.transform(K, Raw, R2);
                  if (isOk(S))
                    *Out = encode(TS, R2);
                  return S;
                });
}

NevercStatus NEVERC_CALL getRangeInfo(void *Ctx, NevercTaskHandle Task,
                                      NevercSourceRange R,
                                      NevercSourceRangeInfo *Out) {
  return inView(Ctx, Task, R, checkHeader(Out, sizeof *Out, Major), rangeFront,
                [&](TaskState &TS, LocationView &V, const RangeRecord &Rec) {
                  NevercStatus S = V.sameFile(Rec.Begin, Rec.End);
                  if (!isOk(S))
                    return S;
                  NevercSourceRangeInfo I{};
                  I.Begin = encode(TS, Rec.Begin);
                  I.End = encode(TS, Rec.End);
                  I.Kind = Rec.Token ? NEVERC_SOURCE_RANGE_TOKEN
                                     : NEVERC_SOURCE_RANGE_CHARACTER;
                  writeOut(Out, I);
                  return okStatus();
                });
}

NevercStatus NEVERC_CALL getSourceText(void *Ctx, NevercTaskHandle Task,
                                       NevercSourceRange R,
                                       NevercBufferView *Out) {
  return inView(
      Ctx, Task, R, checkHeader(Out, sizeof *Out, Major), rangeFront,
      [&](TaskState &, LocationView &V, const RangeRecord &Rec) {
        const char *Data = nullptr;
        uint64_t Len = 0;
        NevercStatus S = V.text(Rec.Begin, Rec.End, Rec.Token, Data, Len);
        if (isOk(S))
          writeBufferView(Out, Data, Len, false); // a slice of the file buffer
        return S;
      });
}

NevercStatus NEVERC_CALL getPresumedLocation(void *Ctx, NevercTaskHandle Task,
                                             NevercSourceLocation L,
                                             NevercPresumedLocation *Out) {
  return inView(
      Ctx, Task, L, checkHeader(Out, sizeof *Out, Major), locationFront,
      [&](TaskState &TS, LocationView &V, uint64_t Raw) {
        // The filename must outlive this call for the callback's
        // duration: keep it in a buffer record of the task.
        auto Name = std::make_shared<BufferRecord>();
        uint32_t Line = 0, Col = 0;
        uint64_t Inc = 0;
        NevercStatus S = V.presumed(Raw, Name->Bytes, Line, Col, Inc);
        if (!isOk(S))
          return S;
        NevercPresumedLocation P{};
        P.Filename = sv(Name->Bytes);
        P.Line = Line;
        P.Column = Col;
        P.IncludeLocation = Inc ? encode(TS, Inc) : NevercSourceLocation{};
        TS.Buffers.insert(Name); // released with the task
        writeOut(Out, P);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getLocationFile(void *Ctx, NevercTaskHandle Task,
                                         NevercSourceLocation L,
                                         NevercFileHandle *Out) {
  return inView(Ctx, Task, L, needOut(Out), locationFront,
                [&](TaskState &TS, LocationView &V, uint64_t Raw) {
                  auto F = std::make_shared<FileRecord>();
                  NevercStatus S = V.file(Raw, *F);
                  if (isOk(S))
                    *Out = TS.Files.insert(std::move(F));
                  return S;
                });
}

NevercStatus NEVERC_CALL getFileInfo(void *Ctx, NevercTaskHandle Task,
                                     NevercFileHandle File,
                                     NevercFileInfo *Out) {
  return guard([&] {
    DomainState &D = domain(Ctx);
    core::Task *T;
    TaskState *TS;
    NevercStatus S = enterTask(D, Task, T, TS);
    if (!isOk(S) || !isOk(S = checkHeader(Out, sizeof *Out, Major)))
      return S;
    std::shared_ptr<FileRecord> *F;
    if (!isOk(
            S = findHandle(D, *TS, TS->Files, SourceHandleKind::File, File, F)))
      return S;
    const FileRecord &R = **F;
    NevercFileInfo I{};
    I.Path = sv(R.Path);
    I.CanonicalPath = sv(R.Canonical.empty() ? R.Path : R.Canonical);
    I.Size = R.Size;
    I.ModificationTime = R.ModificationTime;
    I.UniqueID = {R.Device, R.Inode};
    I.Characteristic = R.Characteristic;
    I.NamedPipe = R.NamedPipe ? NEVERC_TRUE : NEVERC_FALSE;
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getCharacterData(void *Ctx, NevercTaskHandle Task,
                                          NevercSourceLocation L,
                                          NevercBufferView *Out) {
  return inView(Ctx, Task, L, checkHeader(Out, sizeof *Out, Major),
                locationFront, [&](TaskState &, LocationView &V, uint64_t Raw) {
                  const char *Data = nullptr;
                  uint64_t Len = 0;
                  NevercStatus S = V.characterData(Raw, Data, Len);
                  if (isOk(S)) // Clang's buffers end in a NUL
                    writeBufferView(Out, Data, Len, true);
                  return S;
                });
}

NevercStatus NEVERC_CALL getLocationInfoBatch(void *Ctx, NevercTaskHandle Task,
                                              const NevercSourceLocation *Locs,
                                              uint64_t Count,
                                              NevercSourceLocationInfo *Outs,
                                              uint64_t Capacity) {
  return guard([&] {
    if ((Count && (!Locs || !Outs)) || Capacity < Count)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    // All or nothing: decode everything first.
    std::vector<NevercSourceLocationInfo> Tmp(Count);
    for (uint64_t I = 0; I < Count; ++I) {
      NevercStatus S = checkHeader(&Outs[I], sizeof(NevercSourceLocationInfo), Major);
      if (!isOk(S))
        return S;
      Tmp[I].Header = Outs[I].Header;
      if (!isOk(S = getLocationInfo(Ctx, Task, Locs[I], &Tmp[I])))
        return S;
    }
    for (uint64_t I = 0; I < Count; ++I)
      Outs[I] = Tmp[I];
    return okStatus();
  });
}

//===--- Phase-side slots ------------------------------------------------===//

NevercStatus frameTask(DomainState &D, const NevercPhaseFrame *F,
                       core::Task *&T) {
  if (inProviderCallback())
    return st(NEVERC_STATUS_REENTRANCY_DENIED);
  if (!F || F->Header.StructSize <
                offsetof(NevercPhaseFrame, Task) + sizeof(NevercTaskHandle))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return D.H.resolveTask(F->Task, &T);
}

template <class B>
NevercStatus artifact(core::Task &T, NevercArtifactHandle A,
                      NevercInterfaceID Want, B *&Out) {
  NevercInterfaceID Type{};
  void *Payload = nullptr;
  NevercStatus S = T.lookupArtifact(A, &Type, &Payload);
  if (!isOk(S))
    return S;
  if (!(Type == Want) || !Payload)
    return st(NEVERC_STATUS_WRONG_TYPE);
  Out = static_cast<B *>(Payload);
  return okStatus();
}

/// The Get* phase slots: the frame's task, the out-struct header, the
/// artifact of type \p Want, then \p Fill(box, struct); the caller's header
/// is kept.
template <class B, class OutT, class F>
NevercStatus readArtifact(void *Ctx, const NevercPhaseFrame *Frame,
                          NevercArtifactHandle A, NevercInterfaceID Want,
                          OutT *Out, F &&Fill) {
  return guard([&] {
    core::Task *T;
    NevercStatus S = frameTask(domain(Ctx), Frame, T);
    if (!isOk(S) || !isOk(S = checkHeader(Out, sizeof *Out, Major)))
      return S;
    B *Box;
    if (!isOk(S = artifact(*T, A, Want, Box)))
      return S;
    OutT I{};
    Fill(std::as_const(*Box), I);
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getSourceInput(void *Ctx,
                                        const NevercPhaseFrame *Frame,
                                        NevercArtifactHandle Input,
                                        NevercSourceInputInfo *Out) {
  return readArtifact<InputBox>(
      Ctx, Frame, Input, InputArtifact, Out,
      [](const InputBox &B, NevercSourceInputInfo &I) {
        const SourceInput &M = *B.Model;
        I.Path = sv(M.Path);
        I.Kind = M.Kind;
        I.Language = M.Language;
        I.System = M.System ? NEVERC_TRUE : NEVERC_FALSE;
        I.Preprocessed = M.Preprocessed ? NEVERC_TRUE : NEVERC_FALSE;
      });
}

NevercStatus NEVERC_CALL createMemorySourceUnit(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    const NevercMemorySourceUnitDescriptor *Desc, NevercArtifactHandle *Out) {
  return guard([&] {
    DomainState &D = domain(Ctx);
    core::Task *T;
    NevercStatus S = frameTask(D, Frame, T);
    if (!isOk(S))
      return S;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::CallbackRole Role = T->role();
    if (Role == core::CallbackRole::Observer)
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    RunContext *R = currentRun();
    if (!R || R->T != T || R->Phase != core::Phase_SOURCE_OPEN ||
        (Role != core::CallbackRole::Interceptor &&
         Role != core::CallbackRole::Provider))
      return st(NEVERC_STATUS_WRONG_SCOPE);
    InputBox *In;
    if (!isOk(S = artifact(*T, Input, InputArtifact, In)))
      return S;
    if (!isOk(S = checkHeader(Desc, sizeof *Desc, Major)))
      return S;
    auto U = std::make_shared<UnitBox>();
    SourceUnit &M = U->Model;
    if (!isOk(readString(Desc->LogicalPath, M.LogicalPath)) ||
        !isOk(readString(Desc->CanonicalIdentity, M.CanonicalIdentity)) ||
        !isOk(readString(Desc->ProviderID, M.ProviderID)) ||
        (!Desc->Content.Data && Desc->Content.Length) ||
        M.LogicalPath.empty() || M.CanonicalIdentity.empty() ||
        M.ProviderID.empty())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    M.Content = std::make_shared<const std::string>(
        reinterpret_cast<const char *>(Desc->Content.Data),
        Desc->Content.Length);
    M.MemoryBacked = true;
    M.System = Desc->System != NEVERC_FALSE;
    M.Deterministic = Desc->Deterministic != NEVERC_FALSE;
    M.Cacheable = Desc->Cacheable != NEVERC_FALSE;
    TaskState &TS = D.state(*T);
    TS.Units.push_back(U);
    *Out = T->createArtifact(UnitArtifact, U.get());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getSourceUnit(void *Ctx, const NevercPhaseFrame *Frame,
                                       NevercArtifactHandle Unit,
                                       NevercSourceUnitInfo *Out) {
  return readArtifact<UnitBox>(
      Ctx, Frame, Unit, UnitArtifact, Out,
      [](const UnitBox &B, NevercSourceUnitInfo &I) {
        const SourceUnit &M = B.Model;
        I.LogicalPath = sv(M.LogicalPath);
        I.CanonicalIdentity = sv(M.CanonicalIdentity);
        I.ProviderID = sv(M.ProviderID);
        I.Size = M.size();
        I.MemoryBacked = M.MemoryBacked ? NEVERC_TRUE : NEVERC_FALSE;
        I.System = M.System ? NEVERC_TRUE : NEVERC_FALSE;
        I.Deterministic = M.Deterministic ? NEVERC_TRUE : NEVERC_FALSE;
        I.Cacheable = M.Cacheable ? NEVERC_TRUE : NEVERC_FALSE;
      });
}

} // namespace

void fillLocationSlots(NevercSourceLocationAPI &T) {
  T.GetLocationInfo = getLocationInfo;
  T.GetSpellingLocation = transform<LocationView::Spelling>;
  T.GetExpansionLocation = transform<LocationView::Expansion>;
  T.GetFileLocation = transform<LocationView::FileLoc>;
  T.GetRangeInfo = getRangeInfo;
  T.GetSourceText = getSourceText;
  T.GetPresumedLocation = getPresumedLocation;
  T.GetLocationFile = getLocationFile;
  T.GetIncludeLocation = transform<LocationView::Include>;
  T.GetFileInfo = getFileInfo;
  T.GetCharacterData = getCharacterData;
  T.GetTokenEnd = transform<LocationView::TokenEnd>;
  T.GetLocationInfoBatch = getLocationInfoBatch;
  T.GetSourceInput = getSourceInput;
  T.CreateMemorySourceUnit = createMemorySourceUnit;
  T.GetSourceUnit = getSourceUnit;
}

bool SourceDomain::decodeRange(core::Task &T, NevercSourceRange R,
                               uint64_t &Begin, uint64_t &End, bool &Token) {
  std::lock_guard<std::recursive_mutex> Lock(P->Lock);
  TaskState *TS = nullptr;
  LocationView *V = nullptr;
  RangeRecord Rec;
  if (!isOk(rangeFront(P.get(), T.handle(), R, TS, V, Rec)))
    return false;
  Begin = Rec.Begin;
  End = Rec.End;
  Token = Rec.Token;
  return true;
}

uint64_t SourceDomain::decodeLocation(core::Task &T, NevercSourceLocation L) {
  std::lock_guard<std::recursive_mutex> Lock(P->Lock);
  uint64_t Raw = 0;
  TaskState &TS = P->state(T);
  LocationView *V = nullptr;
  if (!isOk(decode(*P, TS, L, Raw)) || !isOk(view(TS, V)) || !V->isValid(Raw))
    return 0;
  return Raw;
}

core::SourceCodec SourceDomain::codec() {
  core::SourceCodec C;
  C.Ctx = this;
  C.Location = [](void *Ctx, core::Task &T, uint32_t Raw) {
    return static_cast<SourceDomain *>(Ctx)->encodeLocation(T, Raw);
  };
  C.Range = [](void *Ctx, core::Task &T, uint32_t Begin, uint32_t End,
               bool TokenRange) {
    return static_cast<SourceDomain *>(Ctx)->encodeRange(T, Begin, End,
                                                         TokenRange);
  };
  C.DecodeRange = [](void *Ctx, core::Task &T, NevercSourceRange R,
                     uint32_t &Begin, uint32_t &End) {
    uint64_t B = 0, E = 0;
    bool Token = false;
    if (!static_cast<SourceDomain *>(Ctx)->decodeRange(T, R, B, E, Token))
      return false;
    Begin = uint32_t(B);
    End = uint32_t(E);
    return true;
  };
  C.DecodeLocation = [](void *Ctx, core::Task &T, NevercSourceLocation L) {
    return uint32_t(static_cast<SourceDomain *>(Ctx)->decodeLocation(T, L));
  };
  return C;
}

} // namespace neverc::source
