//===- IOSlots.cpp - The 27 slots of NevercIOAPI (LLVM-free) ---------------===//
#include "SourceInternal.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace neverc::source {

namespace {

constexpr uint16_t Major = NEVERC_IO_API_MAJOR;

/// The body of a task-taking slot: guard, then enterTask, then
/// \p Fn(domain, task, task state).
template <class F>
NevercStatus inTask(void *Ctx, NevercTaskHandle Task, F &&Fn) {
  return guard([&] {
    DomainState &D = domain(Ctx);
    core::Task *T;
    TaskState *TS;
    NevercStatus S = enterTask(D, Task, T, TS);
    return isOk(S) ? Fn(D, T, TS) : S;
  });
}

/// Close*/Release*: forgets the record \p H names in \p Table.
template <class V>
NevercStatus releaseHandle(void *Ctx, NevercTaskHandle Task,
                           core::HandleTable<V> TaskState::*Table,
                           SourceHandleKind K, NevercHandle H) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *, TaskState *TS) {
    V *R;
    NevercStatus S = findHandle(D, *TS, TS->*Table, K, H, R);
    if (isOk(S))
      (TS->*Table).erase(H);
    return S;
  });
}

NevercStatus readPath(NevercStringView V, std::string &Out) {
  if (!isOk(readString(V, Out)) || Out.empty() ||
      Out.find('\0') != std::string::npos)
    return st(NEVERC_STATUS_INVALID_ARGUMENT, NEVERC_IO_ERROR_INVALID_PATH);
  return okStatus();
}

NevercHandle newBuffer(TaskState &TS, std::string Bytes, bool NulTerm) {
  auto B = std::make_shared<BufferRecord>();
  B->Bytes = std::move(Bytes);
  B->NullTerminated = NulTerm;
  return TS.Buffers.insert(std::move(B));
}

//===--- VFS -------------------------------------------------------------===//

NevercStatus NEVERC_CALL registerVFSProvider(void *Ctx, void *Registrar,
                                             const NevercVFSProviderDescriptor *Desc) {
  return guard([&] {
    DomainState &D = domain(Ctx);
    if (inProviderCallback())
      return st(NEVERC_STATUS_REENTRANCY_DENIED);
    if (!Registrar || !Desc)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    const core::Plugin *Owner = nullptr;
    for (auto &P : D.H.plugins())
      if (static_cast<const void *>(P.get()) == Registrar)
        Owner = P.get();
    if (!Owner)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (D.H.initialized())
      return st(NEVERC_STATUS_INVALID_STATE); // only during Register
    NevercABITableHeader Hd;
    std::memcpy(&Hd, Desc, sizeof Hd);
    if (Hd.Major != Major)
      return st(NEVERC_STATUS_ABI_MISMATCH);
    if (Hd.StructSize < sizeof(NevercVFSProviderDescriptor))
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    ProviderRecord R;
    R.Owner = Owner;
    if (!isOk(readString(Desc->ProviderID, R.ID)) ||
        !isOk(readString(Desc->RoutePrefix, R.Prefix)))
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    bool Canonical = !R.ID.empty() && R.ID.find('.') != std::string::npos;
    for (char C : R.ID)
      if (!((C >= 'a' && C <= 'z') || (C >= '0' && C <= '9') || C == '.' ||
            C == '-' || C == '_'))
        Canonical = false;
    if (!Canonical || (!Desc->Status && !Desc->OpenRead &&
                       !Desc->ReadDirectory && !Desc->Canonicalize))
      return st(NEVERC_STATUS_INVALID_DESCRIPTOR);
    std::lock_guard<std::recursive_mutex> G(D.Lock);
    for (auto &P : D.Providers)
      if (P.ID == R.ID)
        return st(NEVERC_STATUS_DUPLICATE_ID);
    R.Deterministic = Desc->Deterministic != NEVERC_FALSE;
    R.Cacheable = Desc->Cacheable != NEVERC_FALSE;
    R.MatchesPath = Desc->MatchesPath;
    R.Status = Desc->Status;
    R.OpenRead = Desc->OpenRead;
    R.ReadDirectory = Desc->ReadDirectory;
    R.Canonicalize = Desc->Canonicalize;
    R.UserData = Desc->UserData;
    R.DestroyUserData = Desc->DestroyUserData;
    D.Providers.push_back(std::move(R));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL ioStat(void *Ctx, NevercTaskHandle Task,
                                NevercStringView Path,
                                NevercVFSStatus *OutStatus) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    NevercStatus S = checkHeader(OutStatus, sizeof(NevercVFSStatus), Major);
    if (!isOk(S))
      return S;
    std::string P;
    if (!isOk(S = readPath(Path, P)))
      return S;
    NevercVFSStatus V{};
    if (!isOk(S = D.fs(*T, *TS).stat(P, V)))
      return S;
    writeOut(OutStatus, V);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL openFileForRead(void *Ctx, NevercTaskHandle Task,
                                         NevercStringView Path,
                                         NevercFileHandle *OutFile) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    if (!OutFile)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::string P;
    NevercStatus S = readPath(Path, P);
    if (!isOk(S))
      return S;
    auto F = std::make_shared<FileRecord>();
    if (!isOk(S = D.fs(*T, *TS).read(P, *F)))
      return S;
    F->Readable = true;
    *OutFile = TS->Files.insert(std::move(F));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL readFile(void *Ctx, NevercTaskHandle Task,
                                  NevercFileHandle File, uint64_t Offset,
                                  uint64_t Length, NevercBufferHandle *OutBuffer) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    if (!OutBuffer)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::shared_ptr<FileRecord> *F;
    NevercStatus S =
        findHandle(D, *TS, TS->Files, SourceHandleKind::File, File, F);
    if (!isOk(S))
      return S;
    if (!(*F)->Content) { // a GetLocationFile handle: read it now
      FileRecord R;
      if (!isOk(S = D.fs(*T, *TS).read((*F)->Path, R)))
        return S;
      (*F)->Content = R.Content;
    }
    const std::string &C = *(*F)->Content;
    if (Offset > C.size())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    uint64_t N = std::min<uint64_t>(Length, C.size() - Offset);
    *OutBuffer = newBuffer(*TS, C.substr(Offset, N), true);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL closeFile(void *Ctx, NevercTaskHandle Task,
                                   NevercFileHandle File) {
  return releaseHandle(Ctx, Task, &TaskState::Files, SourceHandleKind::File,
                       File);
}

//===--- Buffers ---------------------------------------------------------===//

NevercStatus NEVERC_CALL copyBuffer(void *Ctx, NevercTaskHandle Task,
                                    NevercByteView Bytes, NevercBool NullTerm,
                                    NevercBufferHandle *OutBuffer) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    if (!OutBuffer || (!Bytes.Data && Bytes.Length))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *OutBuffer = newBuffer(
        *TS,
        std::string(reinterpret_cast<const char *>(Bytes.Data), Bytes.Length),
        NullTerm != NEVERC_FALSE);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getBufferView(void *Ctx, NevercTaskHandle Task,
                                       NevercBufferHandle Buffer,
                                       NevercBufferView *OutView) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    NevercStatus S = checkHeader(OutView, sizeof(NevercBufferView), Major);
    if (!isOk(S))
      return S;
    std::shared_ptr<BufferRecord> *B;
    if (!isOk(S = findHandle(D, *TS, TS->Buffers, SourceHandleKind::Buffer,
                             Buffer, B)))
      return S;
    writeBufferView(OutView, (*B)->Bytes.c_str(), (*B)->Bytes.size(),
                    (*B)->NullTerminated);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL releaseBuffer(void *Ctx, NevercTaskHandle Task,
                                       NevercBufferHandle Buffer) {
  return releaseHandle(Ctx, Task, &TaskState::Buffers, SourceHandleKind::Buffer,
                       Buffer);
}

NevercStatus NEVERC_CALL canonicalize(void *Ctx, NevercTaskHandle Task,
                                      NevercStringView Path,
                                      NevercBufferHandle *OutBuffer) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    if (!OutBuffer)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NevercStatus S;
    std::string P, Out;
    if (!isOk(S = readPath(Path, P)) ||
        !isOk(S = D.fs(*T, *TS).canonicalize(P, Out)))
      return S;
    *OutBuffer = newBuffer(*TS, std::move(Out), true);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getWorkingDirectory(void *Ctx, NevercTaskHandle Task,
                                             NevercBufferHandle *OutBuffer) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    if (!OutBuffer)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    std::string Cwd;
    NevercStatus S = D.fs(*T, *TS).getCwd(Cwd);
    if (!isOk(S))
      return S;
    *OutBuffer = newBuffer(*TS, std::move(Cwd), true);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL setWorkingDirectory(void *Ctx, NevercTaskHandle Task,
                                             NevercStringView Path) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    if (T->role() == core::CallbackRole::Observer)
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    std::string P;
    NevercStatus S = readPath(Path, P);
    if (!isOk(S))
      return S;
    if (TS->Instance && TS->FileManagerExists &&
        TS->FileManagerExists(TS->Instance))
      return D.unavailable(
          "NevercIOAPI.SetWorkingDirectory",
          "the compile's clang::FileManager already exists and resolves "
          "relative paths against the working directory it was created "
          "with (FileSystemOptions::WorkingDir, cached lookups); change it "
          "in neverc.source.resolve_input / open or on a task without a "
          "compile");
    return D.fs(*T, *TS).setCwd(P);
  });
}

//===--- Directories -----------------------------------------------------===//

NevercStatus NEVERC_CALL openDirectory(void *Ctx, NevercTaskHandle Task,
                                       NevercStringView Path,
                                       NevercDirectoryCursorHandle *OutCursor) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    if (!OutCursor)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NevercStatus S;
    std::string P;
    auto C = std::make_shared<CursorRecord>();
    if (!isOk(S = readPath(Path, P)) ||
        !isOk(S = D.fs(*T, *TS).list(P, C->Entries)))
      return S;
    *OutCursor = TS->Cursors.insert(std::move(C));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL readDirectory(void *Ctx, NevercTaskHandle Task,
                                       NevercDirectoryCursorHandle Cursor,
                                       NevercVFSDirectoryEntry *OutEntry,
                                       NevercBool *OutHasEntry) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    if (!OutHasEntry)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NevercStatus S =
        checkHeader(OutEntry, sizeof(NevercVFSDirectoryEntry), Major);
    if (!isOk(S))
      return S;
    std::shared_ptr<CursorRecord> *C;
    if (!isOk(S = findHandle(D, *TS, TS->Cursors,
                             SourceHandleKind::DirectoryCursor, Cursor, C)))
      return S;
    CursorRecord &R = **C;
    if (R.Next >= R.Entries.size()) {
      *OutHasEntry = NEVERC_FALSE;
      return okStatus();
    }
    const DirEntry &E = R.Entries[R.Next++];
    NevercVFSDirectoryEntry V{};
    V.Path = sv(E.Path);
    V.Type = E.Type;
    writeOut(OutEntry, V);
    *OutHasEntry = NEVERC_TRUE;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL closeDirectory(void *Ctx, NevercTaskHandle Task,
                                        NevercDirectoryCursorHandle Cursor) {
  return releaseHandle(Ctx, Task, &TaskState::Cursors,
                       SourceHandleKind::DirectoryCursor, Cursor);
}

NevercStatus NEVERC_CALL addMemoryFile(void *Ctx, NevercSessionHandle Session,
                                       NevercStringView Path,
                                       NevercByteView Content, int64_t MTime) {
  return guard([&] {
    DomainState &D = domain(Ctx);
    if (inProviderCallback())
      return st(NEVERC_STATUS_REENTRANCY_DENIED);
    core::Session *Se = nullptr;
    NevercStatus S = D.H.resolveSession(Session, &Se);
    if (!isOk(S))
      return S;
    std::string P;
    if (!isOk(S = readPath(Path, P)))
      return S;
    if (P[0] != '/')
      return st(NEVERC_STATUS_INVALID_ARGUMENT, NEVERC_IO_ERROR_INVALID_PATH);
    if (!Content.Data && Content.Length)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    P = absolutePath(P, "/");
    auto Bytes = std::make_shared<const std::string>(
        reinterpret_cast<const char *>(Content.Data), Content.Length);
    std::lock_guard<std::recursive_mutex> G(D.Lock);
    auto &Files = D.SessionFiles[Se->serial() & 0xffffff];
    auto It = Files.find(P);
    if (It != Files.end()) {
      // Same bytes again is harmless; different bytes would make two tasks
      // of the session see different files under one name.
      if (*It->second.Content == *Bytes)
        return okStatus();
      return st(NEVERC_STATUS_DUPLICATE_ID);
    }
    Files[P] = MemoryFile{std::move(Bytes), MTime};
    return okStatus();
  });
}

//===--- Outputs ---------------------------------------------------------===//

NevercStatus beginSink(DomainState &D, NevercTaskHandle Task,
                       NevercOutputSinkHandle *OutSink,
                       std::shared_ptr<SinkRecord> R) {
  core::Task *T;
  TaskState *TS;
  NevercStatus S = enterTask(D, Task, T, TS);
  if (!isOk(S))
    return S;
  if (!OutSink)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (R->Kind == NEVERC_OUTPUT_FILE) {
    std::string Cwd;
    if (!isOk(S = D.fs(*T, *TS).getCwd(Cwd)))
      return S;
    R->Name = absolutePath(R->Name, Cwd);
    struct stat SB;
    if (::stat(R->Name.c_str(), &SB) == 0 && S_ISDIR(SB.st_mode))
      return st(NEVERC_STATUS_INVALID_ARGUMENT, NEVERC_IO_ERROR_IS_DIRECTORY);
    std::string Dir = R->Name.substr(0, R->Name.rfind('/'));
    if (Dir.empty())
      Dir = "/";
    if (::stat(Dir.c_str(), &SB) != 0)
      return ioError(NEVERC_IO_ERROR_NOT_FOUND);
    if (!S_ISDIR(SB.st_mode))
      return ioError(NEVERC_IO_ERROR_NOT_DIRECTORY);
  }
  *OutSink = TS->Sinks.insert(std::move(R));
  return okStatus();
}

NevercStatus NEVERC_CALL beginMemoryOutput(void *Ctx, NevercTaskHandle Task,
                                           NevercStringView Name,
                                           uint64_t Budget,
                                           NevercOutputSinkHandle *OutSink) {
  return guard([&] {
    auto R = std::make_shared<SinkRecord>();
    R->Kind = NEVERC_OUTPUT_MEMORY;
    R->Budget = Budget;
    if (!isOk(readString(Name, R->Name)) || R->Name.empty())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    return beginSink(domain(Ctx), Task, OutSink, std::move(R));
  });
}

NevercStatus NEVERC_CALL beginFileOutput(void *Ctx, NevercTaskHandle Task,
                                         NevercStringView FinalPath,
                                         uint64_t Budget,
                                         NevercOutputSinkHandle *OutSink) {
  return guard([&] {
    auto R = std::make_shared<SinkRecord>();
    R->Kind = NEVERC_OUTPUT_FILE;
    R->Budget = Budget;
    NevercStatus S = readPath(FinalPath, R->Name);
    if (!isOk(S))
      return S;
    return beginSink(domain(Ctx), Task, OutSink, std::move(R));
  });
}

NevercStatus NEVERC_CALL beginStreamOutput(void *Ctx, NevercTaskHandle Task,
                                           NevercOutputStream Stream,
                                           uint64_t Budget,
                                           NevercOutputSinkHandle *OutSink) {
  return guard([&] {
    if (Stream != NEVERC_OUTPUT_STREAM_STDOUT &&
        Stream != NEVERC_OUTPUT_STREAM_STDERR)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto R = std::make_shared<SinkRecord>();
    R->Kind = NEVERC_OUTPUT_STREAM;
    R->Stream = Stream;
    R->Budget = Budget;
    R->Name = Stream == NEVERC_OUTPUT_STREAM_STDOUT ? "<stdout>" : "<stderr>";
    return beginSink(domain(Ctx), Task, OutSink, std::move(R));
  });
}

/// An open sink of the task (ended → STALE_HANDLE unless \p AllowEnded),
/// and the task's state.
NevercStatus openSink(DomainState &D, NevercTaskHandle Task,
                      NevercOutputSinkHandle Sink, SinkRecord *&Out,
                      bool AllowEnded = false, TaskState **OutTS = nullptr) {
  core::Task *T;
  TaskState *TS;
  NevercStatus S = enterTask(D, Task, T, TS);
  if (!isOk(S))
    return S;
  std::shared_ptr<SinkRecord> *R;
  if (!isOk(S = findHandle(D, *TS, TS->Sinks, SourceHandleKind::OutputSink,
                           Sink, R)))
    return S;
  if ((*R)->Ended && !AllowEnded)
    return st(NEVERC_STATUS_STALE_HANDLE);
  Out = R->get();
  if (OutTS)
    *OutTS = TS;
  return okStatus();
}

/// The body of an output slot: guard, then openSink, then \p Fn(sink).
template <class F>
NevercStatus withSink(void *Ctx, NevercTaskHandle Task,
                      NevercOutputSinkHandle Sink, F &&Fn,
                      bool AllowEnded = false) {
  return guard([&] {
    SinkRecord *R;
    NevercStatus S = openSink(domain(Ctx), Task, Sink, R, AllowEnded);
    return isOk(S) ? Fn(*R) : S;
  });
}

NevercStatus writeAt(SinkRecord &R, uint64_t Offset, NevercByteView Bytes) {
  if (!Bytes.Data && Bytes.Length)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (Offset + Bytes.Length < Offset)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (R.Budget && Offset + Bytes.Length > R.Budget)
    return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  if (R.Data.size() < Offset + Bytes.Length)
    R.Data.resize(Offset + Bytes.Length, '\0');
  if (Bytes.Length)
    std::memcpy(&R.Data[Offset], Bytes.Data, Bytes.Length);
  return okStatus();
}

NevercStatus NEVERC_CALL outputWrite(void *Ctx, NevercTaskHandle Task,
                                     NevercOutputSinkHandle Sink,
                                     NevercByteView Bytes) {
  return withSink(Ctx, Task, Sink, [&](SinkRecord &R) {
    NevercStatus S = writeAt(R, R.Position, Bytes);
    if (isOk(S))
      R.Position += Bytes.Length;
    return S;
  });
}

NevercStatus NEVERC_CALL outputWriteAt(void *Ctx, NevercTaskHandle Task,
                                       NevercOutputSinkHandle Sink,
                                       uint64_t Offset, NevercByteView Bytes) {
  return withSink(Ctx, Task, Sink,
                  [&](SinkRecord &R) { return writeAt(R, Offset, Bytes); });
}

NevercStatus NEVERC_CALL outputTell(void *Ctx, NevercTaskHandle Task,
                                    NevercOutputSinkHandle Sink,
                                    uint64_t *OutPosition) {
  return withSink(Ctx, Task, Sink, [&](SinkRecord &R) {
    if (!OutPosition)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    *OutPosition = R.Position;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL outputTruncate(void *Ctx, NevercTaskHandle Task,
                                        NevercOutputSinkHandle Sink,
                                        uint64_t Size) {
  return withSink(Ctx, Task, Sink, [&](SinkRecord &R) {
    if (R.Budget && Size > R.Budget)
      return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
    R.Data.resize(Size, '\0');
    return okStatus();
  });
}

NevercStatus NEVERC_CALL outputMetadataSet(void *Ctx, NevercTaskHandle Task,
                                           NevercOutputSinkHandle Sink,
                                           NevercStringView Key,
                                           NevercStringView Value) {
  return withSink(Ctx, Task, Sink, [&](SinkRecord &R) {
    std::string K, V;
    if (!isOk(readString(Key, K)) || K.empty() || !isOk(readString(Value, V)))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    R.Metadata[K] = V;
    return okStatus();
  });
}

bool writeAll(int FD, const std::string &Data) {
  const char *P = Data.data();
  size_t Left = Data.size();
  while (Left) {
    ssize_t N = ::write(FD, P, Left);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    P += N;
    Left -= size_t(N);
  }
  return true;
}

/// Temporary next to the final path, fsync, rename, fsync the directory.
/// A path that exists and is not a regular file (/dev/null, a FIFO) is
/// written in place, as for every other output (source/StagedFile.h):
/// renaming over it would replace the device with a regular file.
NevercStatus publishFile(SinkRecord &R) {
  struct stat St;
  if (::stat(R.Name.c_str(), &St) == 0 && !S_ISREG(St.st_mode)) {
    int FD = ::open(R.Name.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (FD < 0)
      return ioError(errno == EACCES ? NEVERC_IO_ERROR_PERMISSION_DENIED
                                     : NEVERC_IO_ERROR_IO);
    bool Ok = writeAll(FD, R.Data);
    Ok = ::close(FD) == 0 && Ok;
    if (!Ok)
      return ioError(NEVERC_IO_ERROR_IO);
    R.Flags |= NEVERC_OUTPUT_FLAG_DURABILITY_UNCONFIRMED;
    return okStatus();
  }
  const size_t Slash = R.Name.rfind('/');
  std::string Dir = Slash == std::string::npos ? std::string(".")
                    : Slash == 0               ? std::string("/")
                                               : R.Name.substr(0, Slash);
  std::string Tmp = R.Name + ".neverc-XXXXXX";
  int FD = ::mkstemp(Tmp.data());
  if (FD < 0)
    return ioError(errno == EACCES ? NEVERC_IO_ERROR_PERMISSION_DENIED
                                   : NEVERC_IO_ERROR_IO);
  ::fchmod(FD, 0666 & ~[] { mode_t M = ::umask(0); ::umask(M); return M; }());
  bool Ok = writeAll(FD, R.Data);
  bool Durable = Ok && ::fsync(FD) == 0;
  Ok = ::close(FD) == 0 && Ok;
  if (!Ok || ::rename(Tmp.c_str(), R.Name.c_str()) != 0) {
    ::unlink(Tmp.c_str());
    return ioError(NEVERC_IO_ERROR_IO);
  }
  int DirFD = ::open(Dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (DirFD >= 0) {
    Durable = ::fsync(DirFD) == 0 && Durable;
    ::close(DirFD);
  } else {
    Durable = false;
  }
  R.Flags |= Durable ? NEVERC_OUTPUT_FLAG_DURABLE
                     : NEVERC_OUTPUT_FLAG_DURABILITY_UNCONFIRMED;
  return okStatus();
}

NevercStatus NEVERC_CALL outputFinish(void *Ctx, NevercTaskHandle Task,
                                      NevercOutputSinkHandle Sink,
                                      NevercOutputSeal *OutSeal) {
  return guard([&] {
    DomainState &D = domain(Ctx);
    SinkRecord *R;
    TaskState *TS;
    NevercStatus S = openSink(D, Task, Sink, R, /*AllowEnded=*/false, &TS);
    if (!isOk(S))
      return S;
    if (!isOk(S = checkHeader(OutSeal, sizeof(NevercOutputSeal), Major)))
      return S;
    R->Ended = true;
    R->Digest = sha256(R->Data);
    R->State = NEVERC_OUTPUT_FINISHED;
    if (R->Kind == NEVERC_OUTPUT_FILE) {
      S = publishFile(*R);
      if (!isOk(S)) {
        R->State = NEVERC_OUTPUT_FAILED_PARTIAL;
        R->Flags |= NEVERC_OUTPUT_FLAG_RECOVERY_REQUIRED;
        S.Flags |= NEVERC_STATUS_FLAG_OUTPUT_RECOVERY_REQUIRED;
        D.diag(NEVERC_DIAGNOSTIC_ERROR,
               "cannot publish output '" + R->Name + "'");
        return S;
      }
    } else if (R->Kind == NEVERC_OUTPUT_STREAM) {
      std::FILE *F = R->Stream == NEVERC_OUTPUT_STREAM_STDOUT ? stdout : stderr;
      std::fwrite(R->Data.data(), 1, R->Data.size(), F);
      std::fflush(F);
      R->Flags |= NEVERC_OUTPUT_FLAG_DURABILITY_UNCONFIRMED;
    }
    if (R->Kind != NEVERC_OUTPUT_MEMORY) {
      R->State = NEVERC_OUTPUT_COMMITTED;
      R->Flags |= NEVERC_OUTPUT_FLAG_PUBLISHED;
      ++R->Generation;
    }
    SealRecord Seal{R->Kind, R->Data.size(), R->Digest};
    NevercOutputSeal V{};
    V.Handle = TS->Seals.insert(Seal);
    V.Kind = R->Kind;
    V.Size = R->Data.size();
    std::memcpy(V.Digest, R->Digest.data(), 32);
    writeOut(OutSeal, V);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL outputAbort(void *Ctx, NevercTaskHandle Task,
                                     NevercOutputSinkHandle Sink) {
  return withSink(Ctx, Task, Sink, [&](SinkRecord &R) {
    R.Ended = true;
    R.State = NEVERC_OUTPUT_ABORTED;
    R.Data.clear();
    R.Data.shrink_to_fit();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL outputGetSummary(void *Ctx, NevercTaskHandle Task,
                                          NevercOutputSinkHandle Sink,
                                          NevercOutputSummary *OutSummary) {
  return withSink(
      Ctx, Task, Sink,
      [&](SinkRecord &R) {
        NevercStatus S =
            checkHeader(OutSummary, sizeof(NevercOutputSummary), Major);
        if (!isOk(S))
          return S;
        NevercOutputSummary V{};
        V.State = R.State;
        V.Kind = R.Kind;
        V.Flags = R.Flags;
        V.Size = R.Data.size();
        V.PublicationGeneration = R.Generation;
        std::array<uint8_t, 32> Dg =
            R.State == NEVERC_OUTPUT_OPEN ? sha256(R.Data) : R.Digest;
        std::memcpy(V.Digest, Dg.data(), 32);
        writeOut(OutSummary, V);
        return okStatus();
      },
      /*AllowEnded=*/true);
}

NevercStatus NEVERC_CALL recordDependency(void *Ctx, NevercTaskHandle Task,
                                          const NevercDependencyDescriptor *Desc,
                                          NevercDependencyHandle *OutDep) {
  return inTask(Ctx, Task, [&](DomainState &D, core::Task *T, TaskState *TS) {
    if (!OutDep)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NevercStatus S =
        checkHeader(Desc, sizeof(NevercDependencyDescriptor), Major);
    if (!isOk(S))
      return S;
    DependencyRecord R;
    if (!isOk(readPath(Desc->CanonicalPath, R.CanonicalPath)) ||
        !isOk(readString(Desc->ProviderID, R.ProviderID)) ||
        (!Desc->ContentDigest.Data && Desc->ContentDigest.Length) ||
        Desc->Kind < NEVERC_INPUT_DEPENDENCY_SOURCE ||
        Desc->Kind > NEVERC_INPUT_DEPENDENCY_PLUGIN)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    R.Kind = Desc->Kind;
    R.System = Desc->System != NEVERC_FALSE;
    R.ContentDigest.assign(Desc->ContentDigest.Data,
                           Desc->ContentDigest.Data + Desc->ContentDigest.Length);
    if (TS->Instance && TS->AddDependency) {
      if (!TS->AddDependency(TS->Instance, R))
        return D.unavailable(
            "NevercIOAPI.RecordDependency",
            "the dependency file of this compile was already written (Clang "
            "writes it when the main file ends); record dependencies before "
            "the end of the translation unit");
      R.ReachedDependencyFile = true;
    }
    TS->DependencyList.push_back(std::move(R));
    *OutDep = TS->Dependencies.insert(uint32_t(TS->DependencyList.size() - 1));
    return okStatus();
  });
}

} // namespace

void fillIOSlots(NevercIOAPI &T) {
  T.RegisterVFSProvider = registerVFSProvider;
  T.Stat = ioStat;
  T.OpenFileForRead = openFileForRead;
  T.ReadFile = readFile;
  T.CloseFile = closeFile;
  T.CopyBuffer = copyBuffer;
  T.GetBufferView = getBufferView;
  T.ReleaseBuffer = releaseBuffer;
  T.Canonicalize = canonicalize;
  T.GetWorkingDirectory = getWorkingDirectory;
  T.SetWorkingDirectory = setWorkingDirectory;
  T.OpenDirectory = openDirectory;
  T.ReadDirectory = readDirectory;
  T.CloseDirectory = closeDirectory;
  T.AddMemoryFile = addMemoryFile;
  T.BeginMemoryOutput = beginMemoryOutput;
  T.BeginFileOutput = beginFileOutput;
  T.BeginStreamOutput = beginStreamOutput;
  T.OutputWrite = outputWrite;
  T.OutputWriteAt = outputWriteAt;
  T.OutputTell = outputTell;
  T.OutputTruncate = outputTruncate;
  T.OutputMetadataSet = outputMetadataSet;
  T.OutputFinish = outputFinish;
  T.OutputAbort = outputAbort;
  T.OutputGetSummary = outputGetSummary;
  T.RecordDependency = recordDependency;
}

} // namespace neverc::source
