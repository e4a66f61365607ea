//===- SourceDomain.cpp - The Clang side of the source domain -------------===//
//
// * ProviderFileSystem: the top layer of an llvm::vfs::OverlayFileSystem on
//   the CompilerInstance; it serves memory source units, AddMemoryFile files
//   and VFS providers and answers "not found" for everything else so the
//   overlay falls through to the file system below.
// * VfsView / ClangLocations: the FileSystemView and LocationView the
//   LLVM-free slots use, over llvm::vfs and clang::SourceManager.
// * attach / detach: the three neverc.source.* phases and the bindings.
//
//===----------------------------------------------------------------------===//
#include "api/SourceInternal.h"

#include "neverc/Plugin/PluginDriver.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace neverc::source {

namespace {

namespace fs = llvm::sys::fs;

NevercIOErrorCode ioCode(std::error_code EC) {
  if (EC == std::errc::no_such_file_or_directory)
    return NEVERC_IO_ERROR_NOT_FOUND;
  if (EC == std::errc::permission_denied)
    return NEVERC_IO_ERROR_PERMISSION_DENIED;
  if (EC == std::errc::not_a_directory)
    return NEVERC_IO_ERROR_NOT_DIRECTORY;
  if (EC == std::errc::is_a_directory)
    return NEVERC_IO_ERROR_IS_DIRECTORY;
  if (EC == std::errc::invalid_argument || EC == std::errc::filename_too_long)
    return NEVERC_IO_ERROR_INVALID_PATH;
  return NEVERC_IO_ERROR_IO;
}

NevercVFSFileType fileType(fs::file_type T) {
  switch (T) {
  case fs::file_type::regular_file:
    return NEVERC_VFS_FILE_REGULAR;
  case fs::file_type::directory_file:
    return NEVERC_VFS_FILE_DIRECTORY;
  case fs::file_type::symlink_file:
    return NEVERC_VFS_FILE_SYMLINK;
  case fs::file_type::block_file:
  case fs::file_type::character_file:
  case fs::file_type::fifo_file:
  case fs::file_type::socket_file:
    return NEVERC_VFS_FILE_OTHER;
  default:
    return NEVERC_VFS_FILE_UNKNOWN;
  }
}

fs::file_type llvmType(NevercVFSFileType T) {
  switch (T) {
  case NEVERC_VFS_FILE_REGULAR:
    return fs::file_type::regular_file;
  case NEVERC_VFS_FILE_DIRECTORY:
    return fs::file_type::directory_file;
  case NEVERC_VFS_FILE_SYMLINK:
    return fs::file_type::symlink_file;
  case NEVERC_VFS_FILE_OTHER:
    return fs::file_type::character_file;
  default:
    return fs::file_type::type_unknown;
  }
}

llvm::vfs::Status toLLVM(llvm::StringRef Name, const NevercVFSStatus &S) {
  return llvm::vfs::Status(
      Name, fs::UniqueID(S.UniqueID.Device, S.UniqueID.File),
      std::chrono::time_point_cast<std::chrono::nanoseconds>(
          std::chrono::system_clock::from_time_t(time_t(S.ModificationTime))),
      0, 0, S.Size, llvmType(S.Type), fs::perms(S.Permissions & 07777));
}

NevercVFSStatus fromLLVM(const llvm::vfs::Status &S) {
  NevercVFSStatus V{};
  V.Type = fileType(S.getType());
  V.Permissions = uint32_t(S.getPermissions());
  V.Size = S.getSize();
  V.ModificationTime =
      int64_t(std::chrono::system_clock::to_time_t(S.getLastModificationTime()));
  V.UniqueID = {S.getUniqueID().getDevice(), S.getUniqueID().getFile()};
  V.Local = NEVERC_TRUE;
  return V;
}

//===--- The provider layer ------------------------------------------------===//

class MemoryFileHandle final : public llvm::vfs::File {
public:
  MemoryFileHandle(llvm::vfs::Status S, std::string Content)
      : S(std::move(S)), Content(std::move(Content)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return S; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t, bool, bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(Content, Name);
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status S;
  std::string Content;
};

class ListIterator final : public llvm::vfs::detail::DirIterImpl {
public:
  explicit ListIterator(std::vector<DirEntry> E) : Entries(std::move(E)) {
    set();
  }
  std::error_code increment() override {
    ++Next;
    set();
    return {};
  }

private:
  void set() {
    CurrentEntry = Next < Entries.size()
                       ? llvm::vfs::directory_entry(Entries[Next].Path,
                                                    llvmType(Entries[Next].Type))
                       : llvm::vfs::directory_entry();
  }
  std::vector<DirEntry> Entries;
  size_t Next = 0;
};

class ProviderFileSystem final
    : public llvm::RTTIExtends<ProviderFileSystem, llvm::vfs::FileSystem> {
public:
  static const char ID;
  ProviderFileSystem(DomainState &D, core::Task *T, std::string Cwd)
      : D(D), T(T), Cwd(std::move(Cwd)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    std::string P = abs(Path);
    NevercVFSStatus S{};
    Answer A;
    if (!isOk(virtualStat(D, T, P, S, A)))
      return std::make_error_code(std::errc::io_error);
    if (A == Answer::NotHandled)
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return toLLVM(Path.str(), S);
  }

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    std::string P = abs(Path);
    NevercVFSStatus S{};
    std::string Content;
    Answer A;
    if (!isOk(virtualOpen(D, T, P, S, Content, A)))
      return std::make_error_code(std::errc::io_error);
    if (A == Answer::NotHandled)
      return std::make_error_code(std::errc::no_such_file_or_directory);
    if (S.Type == NEVERC_VFS_FILE_DIRECTORY)
      return std::make_error_code(std::errc::is_a_directory);
    return std::unique_ptr<llvm::vfs::File>(std::make_unique<MemoryFileHandle>(
        toLLVM(Path.str(), S), std::move(Content)));
  }

  llvm::vfs::directory_iterator dir_begin(const llvm::Twine &Dir,
                                          std::error_code &EC) override {
    std::vector<DirEntry> Entries;
    Answer A;
    if (!isOk(virtualList(D, T, abs(Dir), Entries, A))) {
      EC = std::make_error_code(std::errc::io_error);
      return {};
    }
    if (A == Answer::NotHandled) {
      EC = std::make_error_code(std::errc::no_such_file_or_directory);
      return {};
    }
    EC = {};
    return llvm::vfs::directory_iterator(
        std::make_shared<ListIterator>(std::move(Entries)));
  }

  std::error_code setCurrentWorkingDirectory(const llvm::Twine &Path) override {
    Cwd = abs(Path);
    return {};
  }
  llvm::ErrorOr<std::string> getCurrentWorkingDirectory() const override {
    return Cwd;
  }

  std::error_code getRealPath(const llvm::Twine &Path,
                              llvm::SmallVectorImpl<char> &Output) override {
    std::string P = abs(Path), Out;
    Answer A;
    if (!isOk(virtualCanonical(D, T, P, Out, A)))
      return std::make_error_code(std::errc::io_error);
    if (A == Answer::NotHandled) {
      // Served by us but no Canonicalize answer: the absolute, dot-free
      // path is the canonical one.
      if (!status(P))
        return std::make_error_code(std::errc::no_such_file_or_directory);
      Out = P;
    }
    Output.assign(Out.begin(), Out.end());
    return {};
  }

  std::error_code isLocal(const llvm::Twine &, bool &Result) override {
    Result = false;
    return {};
  }

private:
  std::string abs(const llvm::Twine &Path) const {
    return absolutePath(Path.str(), Cwd);
  }
  DomainState &D;
  core::Task *T;
  std::string Cwd;
};

const char ProviderFileSystem::ID = 0;

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
stackOver(DomainState &D, core::Task *T,
          llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Base);
  std::string Cwd = Base->getCurrentWorkingDirectory().get();
  Overlay->pushOverlay(
      llvm::makeIntrusiveRefCnt<ProviderFileSystem>(D, T, std::move(Cwd)));
  return Overlay;
}

//===--- FileSystemView over llvm::vfs ---------------------------------------===//

class VfsView final : public FileSystemView {
public:
  explicit VfsView(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : FS(std::move(FS)) {}

  NevercStatus stat(const std::string &Path, NevercVFSStatus &Out) override {
    auto S = FS->status(Path);
    if (!S)
      return ioError(ioCode(S.getError()));
    Out = fromLLVM(*S);
    bool Local = true;
    if (!FS->isLocal(Path, Local))
      Out.Local = Local ? NEVERC_TRUE : NEVERC_FALSE;
    return okStatus();
  }

  NevercStatus read(const std::string &Path, FileRecord &Out) override {
    auto S = FS->status(Path);
    if (!S)
      return ioError(ioCode(S.getError()));
    if (S->isDirectory())
      return ioError(NEVERC_IO_ERROR_IS_DIRECTORY);
    auto B = FS->getBufferForFile(Path, -1, /*RequiresNullTerminator=*/false);
    if (!B)
      return ioError(ioCode(B.getError()));
    Out.Path = Path;
    llvm::SmallString<256> Real;
    if (!FS->getRealPath(Path, Real))
      Out.Canonical = std::string(Real);
    Out.Size = (*B)->getBufferSize();
    Out.ModificationTime = int64_t(
        std::chrono::system_clock::to_time_t(S->getLastModificationTime()));
    Out.Device = S->getUniqueID().getDevice();
    Out.Inode = S->getUniqueID().getFile();
    Out.NamedPipe = S->getType() == fs::file_type::fifo_file;
    Out.Content = std::make_shared<const std::string>((*B)->getBuffer().str());
    return okStatus();
  }

  NevercStatus list(const std::string &Path,
                    std::vector<DirEntry> &Out) override {
    std::error_code EC;
    for (llvm::vfs::directory_iterator I = FS->dir_begin(Path, EC), E;
         I != E && !EC; I.increment(EC))
      Out.push_back({I->path().str(), fileType(I->type())});
    if (EC)
      return ioError(ioCode(EC));
    return okStatus();
  }

  NevercStatus canonicalize(const std::string &Path, std::string &Out) override {
    llvm::SmallString<256> Real;
    if (std::error_code EC = FS->getRealPath(Path, Real))
      return ioError(ioCode(EC));
    Out = std::string(Real);
    return okStatus();
  }

  NevercStatus getCwd(std::string &Out) override {
    auto C = FS->getCurrentWorkingDirectory();
    if (!C)
      return ioError(ioCode(C.getError()));
    Out = *C;
    return okStatus();
  }

  NevercStatus setCwd(const std::string &Path) override {
    auto S = FS->status(Path);
    if (!S)
      return ioError(ioCode(S.getError()));
    if (!S->isDirectory())
      return ioError(NEVERC_IO_ERROR_NOT_DIRECTORY);
    if (std::error_code EC = FS->setCurrentWorkingDirectory(Path))
      return ioError(ioCode(EC));
    return okStatus();
  }

private:
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS;
};

std::shared_ptr<FileSystemView> makeDefaultFS(DomainState &D, core::Task &T) {
  // A physical file system of its own: its working directory is not the
  // process's (SetWorkingDirectory must not chdir the compiler).
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Real(
      llvm::vfs::createPhysicalFileSystem().release());
  return std::make_shared<VfsView>(stackOver(D, &T, Real));
}

//===--- LocationView over clang::SourceManager --------------------------===//

class ClangLocations final : public LocationView {
public:
  explicit ClangLocations(clang::CompilerInstance &CI) : CI(CI) {}

  NevercStatus ready() override {
    return CI.hasSourceManager() ? okStatus()
                                 : st(NEVERC_STATUS_INVALID_STATE);
  }

  bool isValid(uint64_t Raw) override {
    if (!CI.hasSourceManager())
      return false;
    clang::SourceLocation L = loc(Raw);
    if (L.isInvalid())
      return false;
    clang::SourceManager &SM = sm();
    return SM.isLocalSourceLocation(L) || SM.isLoadedSourceLocation(L);
  }

  NevercStatus info(uint64_t Raw, NevercSourceLocationInfo &Out) override {
    clang::SourceManager &SM = sm();
    clang::SourceLocation L = loc(Raw);
    // Macro locations are described where the expansion appears (what
    // diagnostics show); GetSpellingLocation gives the other view.
    clang::SourceLocation E = SM.getExpansionLoc(L);
    bool Bad = false;
    Out.Kind = L.isFileID() ? NEVERC_SOURCE_LOCATION_FILE
                            : NEVERC_SOURCE_LOCATION_MACRO;
    Out.FileOffset = SM.getFileOffset(E);
    Out.Line = SM.getExpansionLineNumber(L, &Bad);
    Out.Column = SM.getExpansionColumnNumber(L, &Bad);
    return Bad ? st(NEVERC_STATUS_INVALID_ARGUMENT) : okStatus();
  }

  NevercStatus transform(Transform T, uint64_t Raw, uint64_t &Out) override {
    clang::SourceManager &SM = sm();
    clang::SourceLocation L = loc(Raw), R;
    switch (T) {
    case Spelling:
      R = SM.getSpellingLoc(L);
      break;
    case Expansion:
      R = SM.getExpansionLoc(L);
      break;
    case FileLoc:
      R = SM.getFileLoc(L);
      break;
    case Include:
      R = SM.getIncludeLoc(SM.getFileID(SM.getFileLoc(L)));
      if (R.isInvalid())
        return st(NEVERC_STATUS_NOT_FOUND); // the main file, a builtin buffer
      break;
    case TokenEnd:
      R = clang::Lexer::getLocForEndOfToken(L, 0, SM, CI.getLangOpts());
      break;
    }
    if (R.isInvalid())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Out = R.getRawEncoding();
    return okStatus();
  }

  NevercStatus sameFile(uint64_t B, uint64_t E) override {
    clang::SourceManager &SM = sm();
    if (SM.getFileID(SM.getFileLoc(loc(B))) != SM.getFileID(SM.getFileLoc(loc(E))))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    return okStatus();
  }

  NevercStatus text(uint64_t B, uint64_t E, bool Token, const char *&Data,
                    uint64_t &Length) override {
    NevercStatus S = sameFile(B, E);
    if (!isOk(S))
      return S;
    clang::CharSourceRange R =
        Token ? clang::CharSourceRange::getTokenRange(loc(B), loc(E))
              : clang::CharSourceRange::getCharRange(loc(B), loc(E));
    bool Invalid = false;
    llvm::StringRef T =
        clang::Lexer::getSourceText(R, sm(), CI.getLangOpts(), &Invalid);
    if (Invalid)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Data = T.data();
    Length = T.size();
    return okStatus();
  }

  NevercStatus presumed(uint64_t Raw, std::string &File, uint32_t &Line,
                        uint32_t &Column, uint64_t &IncludeRaw) override {
    clang::PresumedLoc P = sm().getPresumedLoc(loc(Raw));
    if (P.isInvalid())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    File = P.getFilename();
    Line = P.getLine();
    Column = P.getColumn();
    IncludeRaw = P.getIncludeLoc().getRawEncoding();
    return okStatus();
  }

  NevercStatus file(uint64_t Raw, FileRecord &Out) override {
    clang::SourceManager &SM = sm();
    clang::SourceLocation F = SM.getFileLoc(loc(Raw));
    clang::OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(F));
    if (!FE)
      return st(NEVERC_STATUS_NOT_FOUND); // a memory buffer, <built-in>
    Out.Path = FE->getName().str();
    Out.Canonical = FE->getFileEntry().tryGetRealPathName().str();
    Out.Size = uint64_t(FE->getSize());
    Out.ModificationTime = int64_t(FE->getModificationTime());
    Out.Device = FE->getUniqueID().getDevice();
    Out.Inode = FE->getUniqueID().getFile();
    switch (SM.getFileCharacteristic(F)) {
    case clang::SrcMgr::C_System:
    case clang::SrcMgr::C_System_ModuleMap:
      Out.Characteristic = NEVERC_FILE_CHARACTERISTIC_SYSTEM;
      break;
    case clang::SrcMgr::C_ExternCSystem:
      Out.Characteristic = NEVERC_FILE_CHARACTERISTIC_EXTERN_C_SYSTEM;
      break;
    default:
      Out.Characteristic = NEVERC_FILE_CHARACTERISTIC_USER;
    }
    Out.NamedPipe = FE->isNamedPipe();
    return okStatus();
  }

  NevercStatus characterData(uint64_t Raw, const char *&Data,
                             uint64_t &Length) override {
    clang::SourceManager &SM = sm();
    clang::SourceLocation L = SM.getSpellingLoc(loc(Raw));
    bool Invalid = false;
    const char *P = SM.getCharacterData(L, &Invalid);
    if (Invalid || !P)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::StringRef Buf = SM.getBufferData(SM.getFileID(L), &Invalid);
    if (Invalid)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Data = P;
    Length = uint64_t(Buf.end() - P);
    return okStatus();
  }

private:
  static clang::SourceLocation loc(uint64_t Raw) {
    return clang::SourceLocation::getFromRawEncoding(
        clang::SourceLocation::UIntTy(Raw));
  }
  clang::SourceManager &sm() { return CI.getSourceManager(); }
  clang::CompilerInstance &CI;
};

/// Knows when the main file ended (the dependency file is then written:
/// this collector is added after the one that writes it).
class EndWatcher final : public clang::DependencyCollector {
public:
  void finishedMainFile(clang::DiagnosticsEngine &) override { Done = true; }
  bool Done = false;
};

struct Binding {
  clang::CompilerInstance *CI;
  std::shared_ptr<EndWatcher> Watch;
};

bool fileManagerExists(void *I) {
  return static_cast<Binding *>(I)->CI->hasFileManager();
}

bool addDependency(void *I, const DependencyRecord &R) {
  auto &B = *static_cast<Binding *>(I);
  if (B.Watch->Done)
    return false;
  for (auto &C : B.CI->getDependencyCollectors())
    if (C.get() != B.Watch.get())
      C->maybeAddDependency(R.CanonicalPath, /*FromModule=*/false, R.System,
                            /*IsModuleFile=*/false, /*IsMissing=*/false);
  return true;
}

uint32_t language(const clang::FrontendInputFile &F) {
  clang::InputKind K = F.getKind();
  switch (K.getLanguage()) {
  case clang::Language::C:
    if (K.isPreprocessed())
      return NEVERC_DRIVER_TYPE_PP_C;
    return K.isHeader() ? NEVERC_DRIVER_TYPE_C_HEADER : NEVERC_DRIVER_TYPE_C;
  case clang::Language::Asm:
    // Clang's driver types: PP_Asm = assembler, Asm = assembler-with-cpp.
    return K.isPreprocessed() ? NEVERC_DRIVER_TYPE_PP_ASM : NEVERC_DRIVER_TYPE_ASM;
  case clang::Language::LLVM_IR:
    return NEVERC_DRIVER_TYPE_LLVM_IR;
  default:
    return NEVERC_DRIVER_TYPE_INVALID;
  }
}

bool observed(core::Host &H, uint32_t Phase) { return H.phases().at(Phase).Active; }

} // namespace

//===----------------------------------------------------------------------===//

SourceDomain::SourceDomain(core::Host &H) : P(std::make_unique<DomainState>(H)) {
  static_assert(sizeof(NevercIOAPI) == 240, "NevercIOAPI is 240 bytes");
  static_assert(sizeof(NevercSourceLocationAPI) == 152,
                "NevercSourceLocationAPI is 152 bytes");
  P->IO.Header = {sizeof(NevercIOAPI), NEVERC_IO_API_MAJOR, NEVERC_IO_API_MINOR, 0};
  P->IO.Context = P.get();
  fillIOSlots(P->IO);
  P->Loc.Header = {sizeof(NevercSourceLocationAPI),
                   NEVERC_SOURCE_LOCATION_API_MAJOR,
                   NEVERC_SOURCE_LOCATION_API_MINOR, 0};
  P->Loc.Context = P.get();
  fillLocationSlots(P->Loc);
  P->MakeDefaultFS = makeDefaultFS;
  P->Published = H.publishInterface(
      NevercInterfaceID{NEVERC_INTERFACE_IO_HIGH, NEVERC_INTERFACE_IO_LOW},
      NEVERC_IO_API_MAJOR, NEVERC_IO_API_MINOR, &P->IO, sizeof(NevercIOAPI));
  NevercStatus S = H.publishInterface(
      NevercInterfaceID{NEVERC_INTERFACE_SOURCE_LOCATION_HIGH,
                        NEVERC_INTERFACE_SOURCE_LOCATION_LOW},
      NEVERC_SOURCE_LOCATION_API_MAJOR, NEVERC_SOURCE_LOCATION_API_MINOR,
      &P->Loc, sizeof(NevercSourceLocationAPI));
  if (isOk(P->Published))
    P->Published = S;
}

SourceDomain::~SourceDomain() { shutdown(); }

NevercStatus SourceDomain::publishStatus() const { return P->Published; }
const NevercIOAPI &SourceDomain::ioTable() const { return P->IO; }
const NevercSourceLocationAPI &SourceDomain::locationTable() const {
  return P->Loc;
}

void SourceDomain::shutdown() {
  std::vector<ProviderRecord> Ended;
  {
    std::lock_guard<std::recursive_mutex> G(P->Lock);
    if (P->ProvidersEnded)
      return;
    P->ProvidersEnded = true;
    Ended.swap(P->Providers);
  }
  for (ProviderRecord &R : Ended)
    if (R.DestroyUserData)
      R.DestroyUserData(R.UserData);
}

int SourceDomain::attach(clang::CompilerInstance &CI, core::Task &TU) {
  DomainState &D = *P;
  // Nothing can call a slot or observe a phase without a plugin: no cost.
  if (D.H.plugins().empty())
    return 0;
  TaskState &TS = D.state(TU);
  // The provider layer: only when plugins are loaded (providers register
  // during Register; memory files and units can appear at any time).
  if (!CI.hasFileManager())
    CI.setVirtualFileSystem(stackOver(D, &TU, CI.getVirtualFileSystemPtr()));

  auto B = std::make_shared<Binding>();
  B->CI = &CI;
  B->Watch = std::make_shared<EndWatcher>();
  CI.addDependencyCollector(B->Watch);
  TS.Instance = B.get();
  TS.FileManagerExists = fileManagerExists;
  TS.AddDependency = addDependency;
  TS.FS = std::make_shared<VfsView>(CI.getVirtualFileSystemPtr());
  TS.Locations = std::make_shared<ClangLocations>(CI);
  ++TS.LocationGeneration;
  Bindings.push_back(std::move(B));

  core::Host &H = D.H;
  if (!observed(H, core::Phase_SOURCE_RESOLVE_INPUT) &&
      !observed(H, core::Phase_SOURCE_OPEN) &&
      !observed(H, core::Phase_SOURCE_AFTER_OPEN))
    return 0;

  auto &Inputs = CI.getFrontendOpts().Inputs;
  std::string Cwd;
  if (auto C = CI.getVirtualFileSystem().getCurrentWorkingDirectory())
    Cwd = *C;
  for (clang::FrontendInputFile &F : Inputs) {
    SourceInput In;
    In.Kind = F.isBuffer() ? NEVERC_SOURCE_INPUT_BUFFER : NEVERC_SOURCE_INPUT_FILE;
    In.Path = F.isFile() ? F.getFile().str()
                         : F.getBuffer().getBufferIdentifier().str();
    In.Language = language(F);
    In.System = F.isSystem();
    In.Preprocessed = F.getKind().isPreprocessed();
    // Standard input and buffers are read by Clang itself (reading them
    // here would consume them); they get no source unit.
    if (In.Kind == NEVERC_SOURCE_INPUT_BUFFER || In.Path == "-")
      continue;
    SourceUnit U;
    bool ByPlugin = false;
    NevercStatus S = runSourcePhases(D, TU, In, U, ByPlugin);
    if (!isOk(S)) {
      H.report(NEVERC_DIAGNOSTIC_ERROR,
               "source phases failed for '" + In.Path + "': " +
                   std::string(core::statusName(S.Code)));
      return 1;
    }
    if (ByPlugin && U.MemoryBacked) {
      // Clang compiles exactly the unit's bytes: they are served at the
      // unit's logical path by the provider layer, and the input is renamed
      // when the logical path differs.
      std::string Abs = absolutePath(U.LogicalPath, Cwd);
      {
        std::lock_guard<std::recursive_mutex> G(D.Lock);
        TS.UnitFiles[Abs] = U.Content;
      }
      if (U.LogicalPath != In.Path)
        F = clang::FrontendInputFile(U.LogicalPath, F.getKind(), U.System);
    }
    TS.OpenedUnits.push_back(std::move(U));
  }
  return 0;
}

int SourceDomain::detach(clang::CompilerInstance &CI, core::Task &TU, bool) {
  if (P->H.plugins().empty())
    return 0;
  TaskState &TS = P->state(TU);
  // Location handles of this compile go stale; the SourceManager may die.
  TS.Locations.reset();
  ++TS.LocationGeneration;
  TS.Instance = nullptr;
  TS.FileManagerExists = nullptr;
  TS.AddDependency = nullptr;
  TS.FS.reset();
  for (size_t I = 0; I < Bindings.size(); ++I)
    if (static_cast<Binding *>(Bindings[I].get())->CI == &CI) {
      Bindings.erase(Bindings.begin() + I);
      break;
    }
  return 0;
}

NevercSourceLocation SourceDomain::encodeLocation(core::Task &T, uint64_t Raw) {
  TaskState &TS = P->state(T);
  if (!TS.Locations)
    return NevercSourceLocation{};
  return core::encodeHandle(hk(SourceHandleKind::Location), TS.Scope,
                            uint32_t(Raw), TS.LocationGeneration);
}

NevercSourceRange SourceDomain::encodeRange(core::Task &T, uint64_t BeginRaw,
                                            uint64_t EndRaw, bool TokenRange) {
  TaskState &TS = P->state(T);
  if (!TS.Locations)
    return NevercSourceRange{};
  return TS.Ranges.insert(
      RangeRecord{BeginRaw, EndRaw, TokenRange, TS.LocationGeneration});
}

std::vector<DependencyRecord> SourceDomain::dependencies(core::Task &T) const {
  return P->state(T).DependencyList;
}

std::vector<SourceUnit> SourceDomain::units(core::Task &T) const {
  return P->state(T).OpenedUnits;
}

} // namespace neverc::source
