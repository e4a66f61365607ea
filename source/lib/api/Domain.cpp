//===- Domain.cpp - Task state, provider dispatch, helpers (LLVM-free) -----===//
#include "SourceInternal.h"

namespace neverc::source {

namespace {
thread_local int ProviderDepth = 0;

uint64_t key(uint32_t Session, uint32_t Task) {
  return (uint64_t(Session & 0xffffff) << 32) | Task;
}

/// Marks a provider callback on this thread (reentrancy guard).
struct InProvider {
  InProvider() { ++ProviderDepth; }
  ~InProvider() { --ProviderDepth; }
};

NevercABITableHeader ioHeader(uint32_t Size) {
  return {Size, NEVERC_IO_API_MAJOR, NEVERC_IO_API_MINOR, 0};
}
} // namespace

bool inProviderCallback() { return ProviderDepth != 0; }

NevercStatus ioError(NevercIOErrorCode E) {
  switch (E) {
  case NEVERC_IO_ERROR_NONE:
    return okStatus();
  case NEVERC_IO_ERROR_NOT_FOUND:
    return st(NEVERC_STATUS_NOT_FOUND, E);
  case NEVERC_IO_ERROR_INVALID_PATH:
  case NEVERC_IO_ERROR_NOT_DIRECTORY:
  case NEVERC_IO_ERROR_IS_DIRECTORY:
    return st(NEVERC_STATUS_INVALID_ARGUMENT, E);
  default: // PERMISSION_DENIED, IO
    return st(NEVERC_STATUS_INVALID_STATE, E);
  }
}

TaskState::TaskState(core::HandleScope S)
    : Scope(S), Files(hk(SourceHandleKind::File), S),
      Buffers(hk(SourceHandleKind::Buffer), S),
      Cursors(hk(SourceHandleKind::DirectoryCursor), S),
      Sinks(hk(SourceHandleKind::OutputSink), S),
      Seals(hk(SourceHandleKind::OutputSeal), S),
      Dependencies(hk(SourceHandleKind::Dependency), S),
      Ranges(hk(SourceHandleKind::Range), S) {}

DomainState::DomainState(core::Host &H) : H(H) {}

TaskState &DomainState::state(core::Task &T) {
  core::HandleScope S = core::decodeHandle(T.handle()).Scope;
  std::lock_guard<std::recursive_mutex> G(Lock);
  auto It = Tasks.find(key(S.Session, S.Task));
  if (It != Tasks.end())
    return *It->second;
  const core::ScopeOracle &Oracle = H;
  for (auto I = Tasks.begin(); I != Tasks.end();)
    if (!Oracle.taskAlive(I->second->Scope.Session, I->second->Scope.Task))
      I = Tasks.erase(I);
    else
      ++I;
  auto &P = Tasks[key(S.Session, S.Task)];
  P = std::make_unique<TaskState>(S);
  return *P;
}

TaskState *DomainState::stateFor(core::HandleScope S) {
  std::lock_guard<std::recursive_mutex> G(Lock);
  auto It = Tasks.find(key(S.Session, S.Task));
  return It == Tasks.end() ? nullptr : It->second.get();
}

FileSystemView &DomainState::fs(core::Task &T, TaskState &TS) {
  if (!TS.FS && MakeDefaultFS)
    TS.FS = MakeDefaultFS(*this, T);
  return *TS.FS;
}

void DomainState::diag(NevercDiagnosticSeverity Sev, std::string Msg,
                       std::string_view Phase) {
  H.report(Sev, std::move(Msg), nullptr, Phase);
}

NevercStatus DomainState::unavailable(std::string_view Slot, std::string Why) {
  diag(NEVERC_DIAGNOSTIC_ERROR,
       std::string(Slot) + " is unavailable on stock Clang 22: " + Why);
  return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
}

bool DomainState::hasVirtualContent(uint32_t Session) const {
  std::lock_guard<std::recursive_mutex> G(Lock);
  if (!Providers.empty() && !ProvidersEnded)
    return true;
  auto It = SessionFiles.find(Session & 0xffffff);
  return It != SessionFiles.end() && !It->second.empty();
}

NevercStatus readString(NevercStringView V, std::string &Out) {
  if (!V.Data && V.Length)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  Out.assign(V.Data ? V.Data : "", V.Length);
  return okStatus();
}

std::string absolutePath(std::string_view Path, std::string_view Cwd) {
  std::string Joined;
  if (!Path.empty() && Path.front() == '/')
    Joined = Path;
  else
    Joined = std::string(Cwd) + "/" + std::string(Path);
  std::vector<std::string_view> Parts;
  std::string_view Rest = Joined;
  while (!Rest.empty()) {
    size_t Slash = Rest.find('/');
    std::string_view Part = Rest.substr(0, Slash);
    Rest = Slash == std::string_view::npos ? std::string_view()
                                           : Rest.substr(Slash + 1);
    if (Part.empty() || Part == ".")
      continue;
    if (Part == "..") {
      if (!Parts.empty())
        Parts.pop_back();
      continue;
    }
    Parts.push_back(Part);
  }
  std::string Out;
  for (std::string_view P : Parts) {
    Out += '/';
    Out += P;
  }
  return Out.empty() ? "/" : Out;
}

//===----------------------------------------------------------------------===//
// SHA-256 (FIPS 180-4), the seal and identity digest.
//===----------------------------------------------------------------------===//

std::array<uint8_t, 32> sha256(std::string_view Data) {
  static const uint32_t K[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
      0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
      0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
      0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
      0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
      0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
      0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
      0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
      0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  uint32_t Hs[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  auto Rot = [](uint32_t X, int N) { return (X >> N) | (X << (32 - N)); };
  std::string Msg(Data);
  uint64_t Bits = uint64_t(Data.size()) * 8;
  Msg.push_back(char(0x80));
  while (Msg.size() % 64 != 56)
    Msg.push_back('\0');
  for (int I = 7; I >= 0; --I)
    Msg.push_back(char((Bits >> (I * 8)) & 0xff));
  for (size_t Off = 0; Off < Msg.size(); Off += 64) {
    uint32_t W[64];
    for (int I = 0; I < 16; ++I) {
      const auto *B = reinterpret_cast<const uint8_t *>(Msg.data() + Off + I * 4);
      W[I] = uint32_t(B[0]) << 24 | uint32_t(B[1]) << 16 | uint32_t(B[2]) << 8 |
             uint32_t(B[3]);
    }
    for (int I = 16; I < 64; ++I) {
      uint32_t S0 = Rot(W[I - 15], 7) ^ Rot(W[I - 15], 18) ^ (W[I - 15] >> 3);
      uint32_t S1 = Rot(W[I - 2], 17) ^ Rot(W[I - 2], 19) ^ (W[I - 2] >> 10);
      W[I] = W[I - 16] + S0 + W[I - 7] + S1;
    }
    uint32_t A = Hs[0], B = Hs[1], C = Hs[2], Dd = Hs[3], E = Hs[4], F = Hs[5],
             G = Hs[6], Hh = Hs[7];
    for (int I = 0; I < 64; ++I) {
      uint32_t S1 = Rot(E, 6) ^ Rot(E, 11) ^ Rot(E, 25);
      uint32_t Ch = (E & F) ^ (~E & G);
      uint32_t T1 = Hh + S1 + Ch + K[I] + W[I];
      uint32_t S0 = Rot(A, 2) ^ Rot(A, 13) ^ Rot(A, 22);
      uint32_t Maj = (A & B) ^ (A & C) ^ (B & C);
      uint32_t T2 = S0 + Maj;
      Hh = G;
      G = F;
      F = E;
      E = Dd + T1;
      Dd = C;
      C = B;
      B = A;
      A = T1 + T2;
    }
    Hs[0] += A; Hs[1] += B; Hs[2] += C; Hs[3] += Dd;
    Hs[4] += E; Hs[5] += F; Hs[6] += G; Hs[7] += Hh;
  }
  std::array<uint8_t, 32> Out;
  for (int I = 0; I < 8; ++I)
    for (int J = 0; J < 4; ++J)
      Out[I * 4 + J] = uint8_t(Hs[I] >> (24 - J * 8));
  return Out;
}

//===----------------------------------------------------------------------===//
// Provider dispatch
//===----------------------------------------------------------------------===//

namespace {

std::string normalized(std::string_view P) {
  std::string S(P);
  for (char &C : S)
    if (C == '\\')
      C = '/';
  return S;
}

bool claims(const ProviderRecord &P, NevercTaskHandle Task,
            const std::string &Path) {
  if (!P.Prefix.empty() &&
      normalized(Path).compare(0, P.Prefix.size(), normalized(P.Prefix)) != 0)
    return false;
  if (!P.MatchesPath)
    return true;
  NevercBool M = NEVERC_FALSE;
  InProvider Guard;
  NevercStatus S = P.MatchesPath(Task, sv(Path), P.UserData, &M);
  return isOk(S) && M != NEVERC_FALSE;
}

NevercStatus providerFailed(DomainState &D, const ProviderRecord &P,
                            const char *Callback, NevercStatus S) {
  D.diag(NEVERC_DIAGNOSTIC_ERROR, "VFS provider '" + P.ID + "' failed in " +
                                      Callback + " with " +
                                      std::string(core::statusName(S.Code)));
  return S;
}

/// Directories implied by memory files / units ("/a/b/c.h" implies /a, /a/b).
bool impliedDirectory(const std::string &Path,
                      const std::map<std::string, MemoryFile> *Files,
                      const std::map<std::string,
                                     std::shared_ptr<const std::string>> *Units) {
  std::string Prefix = Path == "/" ? "/" : Path + "/";
  auto Check = [&](const std::string &K) {
    return K.size() > Prefix.size() && K.compare(0, Prefix.size(), Prefix) == 0;
  };
  if (Files)
    for (auto &[K, V] : *Files)
      if (Check(K))
        return true;
  if (Units)
    for (auto &[K, V] : *Units)
      if (Check(K))
        return true;
  return false;
}

NevercVFSStatus fileStatus(uint64_t Size, int64_t MTime, uint64_t Id) {
  NevercVFSStatus S{};
  S.Header = ioHeader(sizeof S);
  S.Type = NEVERC_VFS_FILE_REGULAR;
  S.Permissions = 0444;
  S.Size = Size;
  S.ModificationTime = MTime;
  S.UniqueID = {0x4e43534d454d, Id}; // "NCSMEM"
  S.Local = NEVERC_FALSE;
  return S;
}

uint64_t pathId(const std::string &P) {
  uint64_t H = 1469598103934665603ull;
  for (char C : P)
    H = (H ^ uint8_t(C)) * 1099511628211ull;
  return H;
}

struct Sources {
  const std::map<std::string, MemoryFile> *Files = nullptr;
  const std::map<std::string, std::shared_ptr<const std::string>> *Units =
      nullptr;
};

Sources sourcesFor(DomainState &D, core::Task *T) {
  Sources S;
  if (!T)
    return S;
  core::HandleScope Sc = core::decodeHandle(T->handle()).Scope;
  auto It = D.SessionFiles.find(Sc.Session);
  if (It != D.SessionFiles.end())
    S.Files = &It->second;
  if (TaskState *TS = D.stateFor(Sc))
    S.Units = &TS->UnitFiles;
  return S;
}

/// The content of a memory unit of the task, else of a memory file of the
/// session, at \p Path (null: neither); \p MTime is the file's (0 for
/// units).
const std::string *memoryContent(const Sources &Src, const std::string &Path,
                                 int64_t &MTime) {
  if (Src.Units)
    if (auto It = Src.Units->find(Path); It != Src.Units->end()) {
      MTime = 0;
      return It->second.get();
    }
  if (Src.Files)
    if (auto It = Src.Files->find(Path); It != Src.Files->end()) {
      MTime = It->second.ModificationTime;
      return It->second.Content.get();
    }
  return nullptr;
}

/// Asks the providers with a \p Callback that claim \p Path, in
/// registration order, until one handles it (a fresh copy of \p Blank as
/// its result); \p Take then reads that result, and a status it refuses
/// with counts as the provider's failure. A failing provider is diagnosed
/// and its status returned; nothing is asked once providers have ended.
template <class Fn, class Result, class TakeFn>
NevercStatus askProviders(DomainState &D, core::Task *T,
                          const std::string &Path, Fn ProviderRecord::*Callback,
                          const char *Name, const Result &Blank, TakeFn &&Take,
                          Answer &A) {
  if (D.ProvidersEnded)
    return okStatus();
  NevercTaskHandle TH = T ? T->handle() : NevercTaskHandle{};
  for (const ProviderRecord &P : D.Providers) {
    if (!(P.*Callback) || !claims(P, TH, Path))
      continue;
    Result R = Blank;
    NevercStatus S;
    {
      InProvider Guard;
      S = (P.*Callback)(TH, sv(Path), P.UserData, &R);
    }
    if (!isOk(S))
      return providerFailed(D, P, Name, S);
    if (R.Disposition != NEVERC_VFS_RESULT_HANDLED)
      continue;
    if (!isOk(S = Take(R)))
      return providerFailed(D, P, Name, S);
    A = Answer::Handled;
    return okStatus();
  }
  return okStatus();
}

} // namespace

NevercStatus virtualStat(DomainState &D, core::Task *T, const std::string &Path,
                         NevercVFSStatus &Out, Answer &A) {
  A = Answer::NotHandled;
  std::lock_guard<std::recursive_mutex> G(D.Lock);
  Sources Src = sourcesFor(D, T);
  int64_t MTime;
  if (const std::string *Content = memoryContent(Src, Path, MTime)) {
    Out = fileStatus(Content->size(), MTime, pathId(Path));
    A = Answer::Handled;
    return okStatus();
  }
  if (impliedDirectory(Path, Src.Files, Src.Units)) {
    Out = fileStatus(0, 0, pathId(Path));
    Out.Type = NEVERC_VFS_FILE_DIRECTORY;
    Out.Permissions = 0555;
    A = Answer::Handled;
    return okStatus();
  }
  NevercVFSStatusResult Blank{};
  Blank.Header = ioHeader(sizeof Blank);
  Blank.Status.Header = ioHeader(sizeof Blank.Status);
  return askProviders(
      D, T, Path, &ProviderRecord::Status, "Status", Blank,
      [&](const NevercVFSStatusResult &R) {
        Out = R.Status;
        return okStatus();
      },
      A);
}

NevercStatus virtualOpen(DomainState &D, core::Task *T, const std::string &Path,
                         NevercVFSStatus &St, std::string &Content,
                         Answer &A) {
  A = Answer::NotHandled;
  std::lock_guard<std::recursive_mutex> G(D.Lock);
  Sources Src = sourcesFor(D, T);
  int64_t MTime;
  if (const std::string *Memory = memoryContent(Src, Path, MTime)) {
    Content = *Memory;
    St = fileStatus(Content.size(), MTime, pathId(Path));
    A = Answer::Handled;
    return okStatus();
  }
  NevercVFSOpenReadResult Blank{};
  Blank.Header = ioHeader(sizeof Blank);
  Blank.Status.Header = ioHeader(sizeof Blank.Status);
  Blank.Content.Header = ioHeader(sizeof Blank.Content);
  return askProviders(
      D, T, Path, &ProviderRecord::OpenRead, "OpenRead", Blank,
      [&](const NevercVFSOpenReadResult &R) {
        if (!R.Content.Data && R.Content.Length)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        // Borrowed: copied before the callback's data can go away.
        Content.assign(reinterpret_cast<const char *>(R.Content.Data),
                       R.Content.Length);
        St = R.Status;
        St.Size = Content.size();
        if (St.Type == NEVERC_VFS_FILE_UNKNOWN)
          St.Type = NEVERC_VFS_FILE_REGULAR;
        return okStatus();
      },
      A);
}

NevercStatus virtualList(DomainState &D, core::Task *T, const std::string &Path,
                         std::vector<DirEntry> &Out, Answer &A) {
  A = Answer::NotHandled;
  std::lock_guard<std::recursive_mutex> G(D.Lock);
  Sources Src = sourcesFor(D, T);
  // Memory files and units: their direct children.
  std::map<std::string, NevercVFSFileType> Children;
  std::string Prefix = Path == "/" ? "/" : Path + "/";
  auto Add = [&](const std::string &K) {
    if (K.size() <= Prefix.size() || K.compare(0, Prefix.size(), Prefix) != 0)
      return;
    size_t Slash = K.find('/', Prefix.size());
    if (Slash == std::string::npos)
      Children[K] = NEVERC_VFS_FILE_REGULAR;
    else
      Children[K.substr(0, Slash)] = NEVERC_VFS_FILE_DIRECTORY;
  };
  if (Src.Files)
    for (auto &[K, V] : *Src.Files)
      Add(K);
  if (Src.Units)
    for (auto &[K, V] : *Src.Units)
      Add(K);
  if (!Children.empty()) {
    for (auto &[K, Ty] : Children)
      Out.push_back({K, Ty});
    A = Answer::Handled;
  }
  NevercVFSDirectoryResult Blank{};
  Blank.Header = ioHeader(sizeof Blank);
  return askProviders(
      D, T, Path, &ProviderRecord::ReadDirectory, "ReadDirectory", Blank,
      [&](const NevercVFSDirectoryResult &R) {
        if (R.EntryCount && !R.Entries)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        for (uint64_t I = 0; I < R.EntryCount; ++I) {
          std::string Name;
          if (!isOk(readString(R.Entries[I].Path, Name)))
            return st(NEVERC_STATUS_INVALID_ARGUMENT);
          // Entry paths may be names relative to the directory.
          Out.push_back({Name.empty() || Name[0] != '/' ? Prefix + Name : Name,
                         R.Entries[I].Type});
        }
        return okStatus();
      },
      A);
}

NevercStatus virtualCanonical(DomainState &D, core::Task *T,
                              const std::string &Path, std::string &Out,
                              Answer &A) {
  A = Answer::NotHandled;
  std::lock_guard<std::recursive_mutex> G(D.Lock);
  Sources Src = sourcesFor(D, T);
  if ((Src.Files && Src.Files->count(Path)) ||
      (Src.Units && Src.Units->count(Path))) {
    Out = Path;
    A = Answer::Handled;
    return okStatus();
  }
  NevercVFSCanonicalPathResult Blank{};
  Blank.Header = ioHeader(sizeof Blank);
  return askProviders(
      D, T, Path, &ProviderRecord::Canonicalize, "Canonicalize", Blank,
      [&](const NevercVFSCanonicalPathResult &R) {
        if (!isOk(readString(R.Path, Out)) || Out.empty())
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        return okStatus();
      },
      A);
}

} // namespace neverc::source
