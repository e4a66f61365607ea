//===- SourceInternal.h - Shared pieces of the source domain ----*- C++ -*-===//
//
// LLVM-free. The C slots (IOSlots.cpp, LocationSlots.cpp) and the phase
// runners (Phases.cpp) work on these models; the Clang side (lib/*.cpp)
// implements FileSystemView over llvm::vfs and LocationView over
// clang::SourceManager and plugs them into a task's state.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_SOURCE_API_SOURCEINTERNAL_H
#define NEVERC_SOURCE_API_SOURCEINTERNAL_H

#include "neverc/source/SourceDomain.h"

#include <array>
#include <cstring>
#include <map>
#include <mutex>
#include <new>
#include <string_view>

namespace neverc::source {

using core::isNull;
using core::isOk;
using core::makeStatus;
using core::okStatus;
using core::operator==;

// Handle kinds: far from the driver's (32..38) so that a handle of another
// domain is refused as WRONG_TYPE, not looked up.
enum class SourceHandleKind : uint8_t {
  File = uint8_t(core::HandleKind::FirstDomainKind) + 64,
  Buffer,
  DirectoryCursor,
  OutputSink,
  OutputSeal,
  Dependency,
  Location,
  Range,
};
inline core::HandleKind hk(SourceHandleKind K) { return core::HandleKind(K); }

constexpr NevercInterfaceID InputArtifact{NEVERC_ARTIFACT_SOURCE_INPUT_HIGH,
                                          NEVERC_ARTIFACT_SOURCE_INPUT_LOW};
constexpr NevercInterfaceID UnitArtifact{NEVERC_ARTIFACT_SOURCE_UNIT_HIGH,
                                         NEVERC_ARTIFACT_SOURCE_UNIT_LOW};

inline NevercStatus st(NevercStatusCode C, uint64_t Detail = 0) {
  NevercStatus S = makeStatus(C);
  S.Detail = Detail;
  return S;
}
/// An I/O failure: the code that goes with each NEVERC_IO_ERROR_* detail.
NevercStatus ioError(NevercIOErrorCode E);

/// Facts about one file (IO file handles and GetLocationFile handles).
struct FileRecord {
  std::string Path, Canonical;
  uint64_t Size = 0;
  int64_t ModificationTime = 0;
  uint64_t Device = 0, Inode = 0;
  NevercFileCharacteristic Characteristic = NEVERC_FILE_CHARACTERISTIC_USER;
  bool NamedPipe = false;
  bool Readable = false; ///< opened by OpenFileForRead: Content is set
  std::shared_ptr<const std::string> Content;
};

struct DirEntry {
  std::string Path;
  NevercVFSFileType Type = NEVERC_VFS_FILE_UNKNOWN;
};

/// The task's VFS stack (providers, memory files, real file system).
class FileSystemView {
public:
  virtual ~FileSystemView() = default;
  /// Out receives everything but the Header.
  virtual NevercStatus stat(const std::string &Path, NevercVFSStatus &Out) = 0;
  virtual NevercStatus read(const std::string &Path, FileRecord &Out) = 0;
  virtual NevercStatus list(const std::string &Path,
                            std::vector<DirEntry> &Out) = 0;
  virtual NevercStatus canonicalize(const std::string &Path,
                                    std::string &Out) = 0;
  virtual NevercStatus getCwd(std::string &Out) = 0;
  virtual NevercStatus setCwd(const std::string &Path) = 0;
};

/// Locations of the SourceManager bound to a task. Raw = clang raw encoding.
class LocationView {
public:
  enum Transform { Spelling, Expansion, FileLoc, Include, TokenEnd };
  virtual ~LocationView() = default;
  /// INVALID_STATE while no SourceManager exists yet.
  virtual NevercStatus ready() = 0;
  virtual bool isValid(uint64_t Raw) = 0;
  virtual NevercStatus info(uint64_t Raw, NevercSourceLocationInfo &Out) = 0;
  virtual NevercStatus transform(Transform T, uint64_t Raw, uint64_t &Out) = 0;
  /// Bytes of [B, E] (E's token included when \p Token); ends in different
  /// files → INVALID_ARGUMENT.
  virtual NevercStatus text(uint64_t B, uint64_t E, bool Token,
                            const char *&Data, uint64_t &Length) = 0;
  virtual NevercStatus sameFile(uint64_t B, uint64_t E) = 0;
  virtual NevercStatus presumed(uint64_t Raw, std::string &File,
                                uint32_t &Line, uint32_t &Column,
                                uint64_t &IncludeRaw) = 0;
  virtual NevercStatus file(uint64_t Raw, FileRecord &Out) = 0;
  virtual NevercStatus characterData(uint64_t Raw, const char *&Data,
                                     uint64_t &Length) = 0;
};

struct BufferRecord {
  std::string Bytes; ///< always followed by a NUL in memory
  bool NullTerminated = true;
};

struct CursorRecord {
  std::vector<DirEntry> Entries;
  size_t Next = 0;
};

struct SinkRecord {
  NevercOutputKind Kind = NEVERC_OUTPUT_MEMORY;
  NevercOutputState State = NEVERC_OUTPUT_OPEN;
  NevercOutputFlags Flags = NEVERC_OUTPUT_FLAG_NONE;
  uint64_t Budget = 0;
  uint64_t Position = 0;
  uint64_t Generation = 0;
  std::string Name; ///< logical name / final path (absolute)
  NevercOutputStream Stream = 0;
  std::string Data;
  std::map<std::string, std::string> Metadata;
  std::array<uint8_t, 32> Digest{};
  bool Ended = false;
};

struct SealRecord {
  NevercOutputKind Kind = 0;
  uint64_t Size = 0;
  std::array<uint8_t, 32> Digest{};
};

struct RangeRecord {
  uint64_t Begin = 0, End = 0;
  bool Token = false;
  uint32_t Generation = 0;
};

/// Boxes the phase runners expose as artifacts.
struct InputBox {
  SourceInput *Model = nullptr;
};
struct UnitBox {
  SourceUnit Model;
};

/// Per-task state, created on first use, swept when the task has ended.
struct TaskState {
  explicit TaskState(core::HandleScope S);
  core::HandleScope Scope;
  core::HandleTable<std::shared_ptr<FileRecord>> Files;
  core::HandleTable<std::shared_ptr<BufferRecord>> Buffers;
  core::HandleTable<std::shared_ptr<CursorRecord>> Cursors;
  core::HandleTable<std::shared_ptr<SinkRecord>> Sinks;
  core::HandleTable<SealRecord> Seals;
  core::HandleTable<uint32_t> Dependencies; ///< index into DependencyList
  core::HandleTable<RangeRecord> Ranges;
  std::vector<DependencyRecord> DependencyList;

  std::shared_ptr<FileSystemView> FS;
  std::shared_ptr<LocationView> Locations;
  uint32_t LocationGeneration = 0; ///< bumps on every bind and unbind
  /// Set while the task is bound to a CompilerInstance (Clang side).
  void *Instance = nullptr;
  /// The FileManager exists: the working directory is frozen.
  bool (*FileManagerExists)(void *Instance) = nullptr;
  /// Adds a path to the dependency collectors; false once the dependency
  /// file was written.
  bool (*AddDependency)(void *Instance, const DependencyRecord &R) = nullptr;

  /// Memory source units the Clang side serves at their absolute path.
  std::map<std::string, std::shared_ptr<const std::string>> UnitFiles;
  /// Units published during this task (artifact payloads stay alive).
  std::vector<std::shared_ptr<UnitBox>> Units;
  /// Final units per input, in input order.
  std::vector<SourceUnit> OpenedUnits;
};

struct MemoryFile {
  std::shared_ptr<const std::string> Content;
  int64_t ModificationTime = 0;
};

struct ProviderRecord {
  const core::Plugin *Owner = nullptr;
  std::string ID, Prefix;
  bool Deterministic = false, Cacheable = false;
  NevercVFSPathPredicateFn MatchesPath = nullptr;
  NevercVFSProviderStatusFn Status = nullptr;
  NevercVFSProviderOpenReadFn OpenRead = nullptr;
  NevercVFSProviderReadDirectoryFn ReadDirectory = nullptr;
  NevercVFSProviderCanonicalizeFn Canonicalize = nullptr;
  void *UserData = nullptr;
  NevercDestroyUserDataFn DestroyUserData = nullptr;
};

/// The innermost source phase run on this thread (CreateMemorySourceUnit
/// checks it).
struct RunContext {
  core::Task *T = nullptr;
  uint32_t Phase = 0;
  RunContext *Prev = nullptr;
};

struct DomainState {
  explicit DomainState(core::Host &H);
  core::Host &H;
  NevercIOAPI IO{};
  NevercSourceLocationAPI Loc{};
  NevercStatus Published = okStatus();
  mutable std::recursive_mutex Lock;
  std::map<uint64_t, std::unique_ptr<TaskState>> Tasks;
  std::vector<ProviderRecord> Providers;
  bool ProvidersEnded = false;
  /// AddMemoryFile, per session serial, by absolute path.
  std::map<uint32_t, std::map<std::string, MemoryFile>> SessionFiles;
  /// CanonicalIdentity -> content digest per session (rule 19).
  std::map<uint32_t, std::map<std::string, std::array<uint8_t, 32>>>
      Identities;
  /// Builds the FileSystemView of a task that is not bound to a compile
  /// (real file system + providers + memory files). Set by the Clang side.
  std::shared_ptr<FileSystemView> (*MakeDefaultFS)(DomainState &,
                                                   core::Task &) = nullptr;

  TaskState &state(core::Task &T);
  TaskState *stateFor(core::HandleScope S);
  FileSystemView &fs(core::Task &T, TaskState &TS);
  void diag(NevercDiagnosticSeverity Sev, std::string Msg,
            std::string_view Phase = {});
  /// Reports a capability stock Clang 22 lacks and returns the status.
  NevercStatus unavailable(std::string_view Slot, std::string Why);
  bool hasVirtualContent(uint32_t Session) const;
};

//===--- Provider dispatch (LLVM-free; the Clang VFS layer calls these) ---===//

enum class Answer { Handled, NotHandled };

/// Memory units of the task, session memory files, then providers in
/// registration order. \p Path must be absolute. A provider failure is
/// returned as a non-OK status (the caller turns it into an I/O error).
NevercStatus virtualStat(DomainState &D, core::Task *T, const std::string &Path,
                         NevercVFSStatus &Out, Answer &A);
NevercStatus virtualOpen(DomainState &D, core::Task *T, const std::string &Path,
                         NevercVFSStatus &St, std::string &Content, Answer &A);
NevercStatus virtualList(DomainState &D, core::Task *T, const std::string &Path,
                         std::vector<DirEntry> &Out, Answer &A);
NevercStatus virtualCanonical(DomainState &D, core::Task *T,
                              const std::string &Path, std::string &Out,
                              Answer &A);

/// True while a VFS provider callback runs on this thread: host slots then
/// answer REENTRANCY_DENIED.
bool inProviderCallback();

//===--- helpers -------------------------------------------------------===//

/// In/out struct header: NULL → INVALID_ARGUMENT, short → INVALID_ARGUMENT,
/// another major → ABI_MISMATCH.
inline NevercStatus checkHeader(const void *P, size_t Need, uint16_t Major) {
  if (!P)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  NevercABITableHeader H;
  std::memcpy(&H, P, sizeof H);
  if (H.StructSize < Need)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (H.Major != Major)
    return st(NEVERC_STATUS_ABI_MISMATCH);
  return okStatus();
}

template <class S> void writeOut(S *Out, S V) {
  V.Header = Out->Header;
  *Out = V;
}

inline NevercStringView sv(const std::string &S) {
  return NevercStringView{S.data(), S.size()};
}

/// Writes a borrowed view of \p Length bytes at \p Data over *Out.
inline void writeBufferView(NevercBufferView *Out, const char *Data,
                            uint64_t Length, bool NullTerminated) {
  NevercBufferView V{};
  V.Data = reinterpret_cast<const uint8_t *>(Data);
  V.Length = Length;
  V.NullTerminated = NullTerminated ? NEVERC_TRUE : NEVERC_FALSE;
  writeOut(Out, V);
}

NevercStatus readString(NevercStringView V, std::string &Out);
/// Absolute, '.'/'..'-free form of \p Path against \p Cwd (lexical).
std::string absolutePath(std::string_view Path, std::string_view Cwd);

std::array<uint8_t, 32> sha256(std::string_view Data);

template <class F> NevercStatus guard(F &&Fn) noexcept {
  try {
    return Fn();
  } catch (const std::bad_alloc &) {
    return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  } catch (...) {
    return st(NEVERC_STATUS_INVALID_STATE);
  }
}

inline DomainState &domain(void *Ctx) { return *static_cast<DomainState *>(Ctx); }

/// Common prologue of the task-taking slots: no host call from inside a
/// provider callback (REENTRANCY_DENIED), then the task (WRONG_TYPE /
/// STALE_HANDLE for a bad task handle) and its state.
inline NevercStatus enterTask(DomainState &D, NevercTaskHandle H,
                              core::Task *&T, TaskState *&TS) {
  if (inProviderCallback())
    return st(NEVERC_STATUS_REENTRANCY_DENIED);
  NevercStatus S = D.H.resolveTask(H, &T);
  if (!isOk(S))
    return S;
  TS = &D.state(*T);
  return okStatus();
}

/// \p H as a handle of kind \p K of the task of \p TS (core's scope
/// statuses: WRONG_TYPE, STALE_HANDLE, WRONG_SESSION, WRONG_SCOPE).
inline NevercStatus checkScope(DomainState &D, TaskState &TS, NevercHandle H,
                               SourceHandleKind K) {
  return core::checkHandleScope(
      H, hk(K), TS.Scope, static_cast<const core::ScopeOracle &>(D.H), true);
}

/// The record \p H names in \p Table: checkScope, then STALE_HANDLE for a
/// released one.
template <class V>
NevercStatus findHandle(DomainState &D, TaskState &TS,
                        core::HandleTable<V> &Table, SourceHandleKind K,
                        NevercHandle H, V *&Out) {
  NevercStatus S = checkScope(D, TS, H, K);
  if (!isOk(S))
    return S;
  Out = Table.lookup(H);
  return Out ? okStatus() : st(NEVERC_STATUS_STALE_HANDLE);
}

RunContext *currentRun();
void fillIOSlots(NevercIOAPI &T);
void fillLocationSlots(NevercSourceLocationAPI &T);

/// Runs the three phases for one input (Phases.cpp). \p Read is the
/// built-in open step (reads through the task's VFS).
NevercStatus runSourcePhases(DomainState &D, core::Task &T, SourceInput &In,
                             SourceUnit &Out, bool &ByPlugin);
/// Verifiers (return VERIFICATION_FAILED and fill *Why).
NevercStatus verifyInput(const SourceInput &In, std::string *Why);
NevercStatus verifyUnit(DomainState &D, uint32_t Session, const SourceUnit &U,
                        std::string *Why);

} // namespace neverc::source

#endif
