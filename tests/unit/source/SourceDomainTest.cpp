//===- SourceDomainTest.cpp - The source domain through the C ABI ---------===//
#include "PluginCallbacks.h"
#include "neverc/source/Outputs.h"
#include "neverc/source/SourceDomain.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Lex/Preprocessor.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>

using namespace neverc;
using namespace neverc::core;
using namespace neverc::source;
using namespace neverc::testsupport;

namespace {

const NevercIOAPI *IO = nullptr;
const NevercSourceLocationAPI *SL = nullptr;
std::function<NevercStatus(const NevercRegistrarAPI *, void *)> OnRegister;

NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                        const NevercRegistrarAPI *R, void *RC,
                                        void *) {
  const void *T = nullptr;
  uint16_t Minor;
  uint64_t Size;
  NevercStatus S = Core->QueryInterface(
      Core->Context, {NEVERC_INTERFACE_IO_HIGH, NEVERC_INTERFACE_IO_LOW},
      NEVERC_IO_API_MAJOR, 0, &T, &Minor, &Size);
  if (!isOk(S) || Size != sizeof(NevercIOAPI))
    return makeStatus(NEVERC_STATUS_MISSING_INTERFACE);
  IO = static_cast<const NevercIOAPI *>(T);
  S = Core->QueryInterface(Core->Context,
                           {NEVERC_INTERFACE_SOURCE_LOCATION_HIGH,
                            NEVERC_INTERFACE_SOURCE_LOCATION_LOW},
                           1, 0, &T, &Minor, &Size);
  if (!isOk(S) || Size != sizeof(NevercSourceLocationAPI))
    return makeStatus(NEVERC_STATUS_MISSING_INTERFACE);
  SL = static_cast<const NevercSourceLocationAPI *>(T);
  return OnRegister ? OnRegister(R, RC) : okStatus();
}

NevercStatus NEVERC_CALL entry(const NevercBootstrapAPI *,
                               NevercPluginDescriptor *Out) {
  writePluginDescriptor(Out,
                        pluginDescriptor(cview("org.test.source"),
                                         cview("source test"), registerPlugin));
  return okStatus();
}

NevercStringView s(const char *T) { return NevercStringView{T, std::strlen(T)}; }
NevercStringView s(const std::string &T) { return NevercStringView{T.data(), T.size()}; }
template <class S> S io() {
  S V{};
  V.Header = {sizeof(S), NEVERC_IO_API_MAJOR, NEVERC_IO_API_MINOR, 0};
  return V;
}
#define EXPECT_CODE(C, E) EXPECT_EQ((E).Code, NEVERC_STATUS_##C)

struct Fixture : ::testing::Test {
  std::unique_ptr<Host> H;
  std::unique_ptr<SourceDomain> D;
  Session *S = nullptr;
  Task *T = nullptr;
  CollectingDiagnosticSink Diags;
  std::filesystem::path Dir;

  void start(bool LoadTestPlugin = true, const char *ExtraPlugin = nullptr) {
    HostConfig C;
    C.Diagnostics = &Diags;
    H = std::make_unique<Host>(C);
    D = std::make_unique<SourceDomain>(*H);
    ASSERT_TRUE(isOk(D->publishStatus()));
    if (LoadTestPlugin)
      ASSERT_TRUE(isOk(H->loadPluginEntry(entry, "test")));
    if (ExtraPlugin)
      ASSERT_TRUE(isOk(H->loadPlugin(ExtraPlugin)));
    ASSERT_TRUE(isOk(H->initialize()));
    ASSERT_TRUE(isOk(H->beginSession(&S)));
    ASSERT_TRUE(isOk(S->beginTask(NEVERC_TASK_TRANSLATION_UNIT, &T)));
    Dir = std::filesystem::temp_directory_path() /
          ("neverc-source-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(Dir);
    std::filesystem::create_directories(Dir);
  }
  void TearDown() override {
    if (D)
      D->shutdown();
    if (H)
      H->shutdown();
    OnRegister = nullptr;
    if (!Dir.empty())
      std::filesystem::remove_all(Dir);
  }
  std::string write(const std::string &Name, const std::string &Text) {
    std::ofstream(Dir / Name) << Text;
    return (Dir / Name).string();
  }
  /// A CompilerInstance for `-fsyntax-only <File>`.
  std::unique_ptr<clang::CompilerInstance> compiler(const std::string &File) {
    auto Inv = std::make_shared<clang::CompilerInvocation>();
    std::vector<const char *> Args = {"-fsyntax-only", "-triple",
                                      "x86_64-pc-linux-gnu", "-resource-dir",
                                      NEVERC_CLANG_RESOURCE_DIR,
                                      "-internal-isystem", "/usr/include",
                                      File.c_str()};
    auto Diag = clang::CompilerInstance::createDiagnostics(
        *llvm::vfs::getRealFileSystem(), *new clang::DiagnosticOptions);
    clang::CompilerInvocation::CreateFromArgs(*Inv, Args, *Diag);
    auto CI = std::make_unique<clang::CompilerInstance>(std::move(Inv));
    CI->createVirtualFileSystem();
    CI->createDiagnostics();
    return CI;
  }
};

//===--- Tables -------------------------------------------------------------===//

TEST_F(Fixture, TablesArePublishedWithEverySlot) {
  start();
  const void *const *Slots = reinterpret_cast<const void *const *>(
      reinterpret_cast<const char *>(IO) + 24);
  for (int I = 0; I < 27; ++I)
    EXPECT_NE(Slots[I], nullptr) << "IO slot " << I;
  Slots = reinterpret_cast<const void *const *>(
      reinterpret_cast<const char *>(SL) + 24);
  for (int I = 0; I < 16; ++I)
    EXPECT_NE(Slots[I], nullptr) << "location slot " << I;
  EXPECT_EQ(IO->Header.StructSize, 240u);
  EXPECT_EQ(SL->Header.StructSize, 152u);
}

//===--- Files, buffers, directories --------------------------------------===//

TEST_F(Fixture, StatOpenReadClose) {
  start();
  std::string F = write("a.txt", "hello world");
  auto St = io<NevercVFSStatus>();
  EXPECT_CODE(OK, IO->Stat(IO->Context, T->handle(), s(F), &St));
  EXPECT_EQ(St.Type, NEVERC_VFS_FILE_REGULAR);
  EXPECT_EQ(St.Size, 11u);
  NevercStatus E = IO->Stat(IO->Context, T->handle(), s(F + ".no"), &St);
  EXPECT_CODE(NOT_FOUND, E);
  EXPECT_EQ(E.Detail, NEVERC_IO_ERROR_NOT_FOUND);
  EXPECT_CODE(INVALID_ARGUMENT, IO->Stat(IO->Context, T->handle(), s(""), &St));
  EXPECT_CODE(INVALID_ARGUMENT, IO->Stat(IO->Context, T->handle(), s(F), nullptr));
  auto Short = St;
  Short.Header.StructSize = 8;
  EXPECT_CODE(INVALID_ARGUMENT, IO->Stat(IO->Context, T->handle(), s(F), &Short));
  Short.Header = St.Header;
  Short.Header.Major = 9;
  EXPECT_CODE(ABI_MISMATCH, IO->Stat(IO->Context, T->handle(), s(F), &Short));
  EXPECT_CODE(WRONG_TYPE, IO->Stat(IO->Context, NevercTaskHandle{}, s(F), &St));

  NevercFileHandle File{};
  EXPECT_CODE(OK, IO->OpenFileForRead(IO->Context, T->handle(), s(F), &File));
  NevercBufferHandle B{};
  EXPECT_CODE(OK, IO->ReadFile(IO->Context, T->handle(), File, 6, 100, &B));
  auto V = io<NevercBufferView>();
  EXPECT_CODE(OK, IO->GetBufferView(IO->Context, T->handle(), B, &V));
  EXPECT_EQ(std::string((const char *)V.Data, V.Length), "world");
  EXPECT_CODE(INVALID_ARGUMENT,
              IO->ReadFile(IO->Context, T->handle(), File, 12, 1, &B));
  EXPECT_CODE(OK, IO->ReleaseBuffer(IO->Context, T->handle(), B));
  EXPECT_CODE(STALE_HANDLE, IO->ReleaseBuffer(IO->Context, T->handle(), B));
  EXPECT_CODE(STALE_HANDLE, IO->GetBufferView(IO->Context, T->handle(), B, &V));
  EXPECT_CODE(OK, IO->CloseFile(IO->Context, T->handle(), File));
  EXPECT_CODE(STALE_HANDLE, IO->CloseFile(IO->Context, T->handle(), File));
  EXPECT_CODE(WRONG_TYPE, IO->CloseFile(IO->Context, T->handle(), B));

  // A handle used from another live task: WRONG_SCOPE.
  Task *T2 = nullptr;
  ASSERT_TRUE(isOk(S->beginTask(NEVERC_TASK_TRANSLATION_UNIT, &T2)));
  EXPECT_CODE(OK, IO->OpenFileForRead(IO->Context, T->handle(), s(F), &File));
  EXPECT_CODE(WRONG_SCOPE, IO->CloseFile(IO->Context, T2->handle(), File));
  S->endTask(T2);
}

TEST_F(Fixture, CopyBufferCanonicalizeAndWorkingDirectory) {
  start();
  NevercBufferHandle B{};
  const uint8_t Bytes[] = {'a', 'b'};
  EXPECT_CODE(OK, IO->CopyBuffer(IO->Context, T->handle(), {Bytes, 2},
                                 NEVERC_TRUE, &B));
  auto V = io<NevercBufferView>();
  EXPECT_CODE(OK, IO->GetBufferView(IO->Context, T->handle(), B, &V));
  EXPECT_EQ(V.Length, 2u);
  EXPECT_EQ(V.NullTerminated, NEVERC_TRUE);
  EXPECT_EQ(V.Data[2], 0);
  EXPECT_CODE(INVALID_ARGUMENT, IO->CopyBuffer(IO->Context, T->handle(),
                                               {nullptr, 3}, NEVERC_FALSE, &B));
  write("c.txt", "x");
  std::string Odd = (Dir / "." / "c.txt").string();
  EXPECT_CODE(OK, IO->Canonicalize(IO->Context, T->handle(), s(Odd), &B));
  EXPECT_CODE(OK, IO->GetBufferView(IO->Context, T->handle(), B, &V));
  EXPECT_EQ(std::string((const char *)V.Data, V.Length),
            std::filesystem::canonical(Dir / "c.txt").string());
  EXPECT_CODE(NOT_FOUND,
              IO->Canonicalize(IO->Context, T->handle(), s(Odd + "x"), &B));
  EXPECT_CODE(OK, IO->SetWorkingDirectory(IO->Context, T->handle(), s(Dir.string())));
  EXPECT_CODE(OK, IO->GetWorkingDirectory(IO->Context, T->handle(), &B));
  EXPECT_CODE(OK, IO->GetBufferView(IO->Context, T->handle(), B, &V));
  EXPECT_EQ(std::string((const char *)V.Data, V.Length), Dir.string());
  // Relative paths now resolve there; the process cwd did not move.
  auto St = io<NevercVFSStatus>();
  EXPECT_CODE(OK, IO->Stat(IO->Context, T->handle(), s("c.txt"), &St));
  EXPECT_NE(std::filesystem::current_path(), Dir);
  NevercStatus E = IO->SetWorkingDirectory(IO->Context, T->handle(),
                                           s((Dir / "c.txt").string()));
  EXPECT_CODE(INVALID_ARGUMENT, E);
  EXPECT_EQ(E.Detail, NEVERC_IO_ERROR_NOT_DIRECTORY);
}

TEST_F(Fixture, DirectoryWalk) {
  start();
  write("x.h", "");
  write("y.h", "");
  NevercDirectoryCursorHandle C{};
  EXPECT_CODE(OK, IO->OpenDirectory(IO->Context, T->handle(), s(Dir.string()), &C));
  auto E = io<NevercVFSDirectoryEntry>();
  NevercBool Has = NEVERC_FALSE;
  std::set<std::string> Names;
  for (;;) {
    ASSERT_EQ(IO->ReadDirectory(IO->Context, T->handle(), C, &E, &Has).Code,
              NEVERC_STATUS_OK);
    if (!Has)
      break;
    Names.insert(std::filesystem::path(std::string(E.Path.Data, E.Path.Length))
                     .filename()
                     .string());
    EXPECT_EQ(E.Type, NEVERC_VFS_FILE_REGULAR);
  }
  EXPECT_EQ(Names, (std::set<std::string>{"x.h", "y.h"}));
  EXPECT_CODE(OK, IO->CloseDirectory(IO->Context, T->handle(), C));
  EXPECT_CODE(STALE_HANDLE, IO->ReadDirectory(IO->Context, T->handle(), C, &E, &Has));
  EXPECT_CODE(NOT_FOUND, IO->OpenDirectory(IO->Context, T->handle(),
                                           s((Dir / "nope").string()), &C));
}

TEST_F(Fixture, MemoryFilesAreSeenThroughTheStack) {
  start();
  const char Text[] = "#define FROM_MEMORY 7\n";
  NevercByteView Bytes{(const uint8_t *)Text, sizeof Text - 1};
  EXPECT_CODE(OK, IO->AddMemoryFile(IO->Context, S->handle(),
                                    s("/virtual/config.h"), Bytes, 5));
  EXPECT_CODE(OK, IO->AddMemoryFile(IO->Context, S->handle(),
                                    s("/virtual/config.h"), Bytes, 5));
  NevercByteView Other{(const uint8_t *)"x", 1};
  EXPECT_CODE(DUPLICATE_ID, IO->AddMemoryFile(IO->Context, S->handle(),
                                              s("/virtual/config.h"), Other, 5));
  EXPECT_CODE(INVALID_ARGUMENT, IO->AddMemoryFile(IO->Context, S->handle(),
                                                  s("relative.h"), Bytes, 5));
  EXPECT_CODE(WRONG_TYPE, IO->AddMemoryFile(IO->Context, NevercSessionHandle{},
                                            s("/v.h"), Bytes, 5));
  auto St = io<NevercVFSStatus>();
  EXPECT_CODE(OK, IO->Stat(IO->Context, T->handle(), s("/virtual/config.h"), &St));
  EXPECT_EQ(St.Size, sizeof Text - 1);
  EXPECT_EQ(St.ModificationTime, 5);
  EXPECT_CODE(OK, IO->Stat(IO->Context, T->handle(), s("/virtual"), &St));
  EXPECT_EQ(St.Type, NEVERC_VFS_FILE_DIRECTORY);

  // A compile of the session #includes it.
  std::string Main = write("m.c", "#include \"/virtual/config.h\"\n"
                                  "_Static_assert(FROM_MEMORY == 7, \"\");\n");
  auto CI = compiler(Main);
  ASSERT_EQ(D->attach(*CI, *T), 0);
  clang::SyntaxOnlyAction A;
  EXPECT_TRUE(CI->ExecuteAction(A));
  D->detach(*CI, *T, true);
}

//===--- Outputs -------------------------------------------------------------===//

TEST_F(Fixture, FileOutputIsAtomicAndSealed) {
  start();
  std::string Final = (Dir / "out.json").string();
  NevercOutputSinkHandle K{};
  EXPECT_CODE(OK, IO->BeginFileOutput(IO->Context, T->handle(), s(Final), 0, &K));
  NevercByteView Bytes{(const uint8_t *)"{\"a\":1}", 7};
  EXPECT_CODE(OK, IO->OutputWrite(IO->Context, T->handle(), K, Bytes));
  EXPECT_FALSE(std::filesystem::exists(Final)); // nothing before commit
  uint64_t Pos = 0;
  EXPECT_CODE(OK, IO->OutputTell(IO->Context, T->handle(), K, &Pos));
  EXPECT_EQ(Pos, 7u);
  EXPECT_CODE(OK, IO->OutputWriteAt(IO->Context, T->handle(), K, 5,
                                    {(const uint8_t *)"2", 1}));
  EXPECT_CODE(OK, IO->OutputMetadataSet(IO->Context, T->handle(), K,
                                        s("content-type"), s("application/json")));
  EXPECT_CODE(INVALID_ARGUMENT, IO->OutputMetadataSet(IO->Context, T->handle(),
                                                      K, s(""), s("x")));
  auto Sum = io<NevercOutputSummary>();
  EXPECT_CODE(OK, IO->OutputGetSummary(IO->Context, T->handle(), K, &Sum));
  EXPECT_EQ(Sum.State, NEVERC_OUTPUT_OPEN);
  auto Seal = io<NevercOutputSeal>();
  EXPECT_CODE(OK, IO->OutputFinish(IO->Context, T->handle(), K, &Seal));
  EXPECT_EQ(Seal.Size, 7u);
  EXPECT_EQ(Seal.Kind, NEVERC_OUTPUT_FILE);
  std::ifstream In(Final);
  std::string Got((std::istreambuf_iterator<char>(In)), {});
  EXPECT_EQ(Got, "{\"a\":2}");
  // SHA-256("{"a":2}") first byte check via a known digest of "abc".
  EXPECT_CODE(OK, IO->OutputGetSummary(IO->Context, T->handle(), K, &Sum));
  EXPECT_EQ(Sum.State, NEVERC_OUTPUT_COMMITTED);
  EXPECT_TRUE(Sum.Flags & NEVERC_OUTPUT_FLAG_PUBLISHED);
  EXPECT_EQ(Sum.PublicationGeneration, 1u);
  EXPECT_EQ(std::memcmp(Sum.Digest, Seal.Digest, 32), 0);
  EXPECT_CODE(STALE_HANDLE, IO->OutputWrite(IO->Context, T->handle(), K, Bytes));
  EXPECT_CODE(STALE_HANDLE, IO->OutputFinish(IO->Context, T->handle(), K, &Seal));
  EXPECT_CODE(STALE_HANDLE, IO->OutputAbort(IO->Context, T->handle(), K));
  EXPECT_CODE(STALE_HANDLE, IO->OutputWriteAt(IO->Context, T->handle(), K, 0, Bytes));
  EXPECT_CODE(STALE_HANDLE, IO->OutputTell(IO->Context, T->handle(), K, &Pos));
  EXPECT_CODE(STALE_HANDLE, IO->OutputTruncate(IO->Context, T->handle(), K, 0));
  EXPECT_CODE(STALE_HANDLE, IO->OutputMetadataSet(IO->Context, T->handle(), K, s("k"), s("v")));
  EXPECT_CODE(WRONG_TYPE, IO->OutputGetSummary(IO->Context, T->handle(), Seal.Handle, &Sum));
  EXPECT_CODE(INVALID_ARGUMENT, IO->GetWorkingDirectory(IO->Context, T->handle(), nullptr));
  EXPECT_CODE(INVALID_ARGUMENT, IO->BeginFileOutput(IO->Context, T->handle(),
                                                    s(""), 0, &K));
  NevercStatus E = IO->BeginFileOutput(IO->Context, T->handle(),
                                       s(Dir.string()), 0, &K);
  EXPECT_CODE(INVALID_ARGUMENT, E);
  EXPECT_EQ(E.Detail, NEVERC_IO_ERROR_IS_DIRECTORY);
}

TEST_F(Fixture, MemoryOutputBudgetAbortAndStreams) {
  start();
  NevercOutputSinkHandle K{};
  EXPECT_CODE(OK, IO->BeginMemoryOutput(IO->Context, T->handle(), s("log"), 4, &K));
  EXPECT_CODE(OK, IO->OutputWrite(IO->Context, T->handle(), K,
                                  {(const uint8_t *)"abc", 3}));
  EXPECT_CODE(RESOURCE_EXHAUSTED, IO->OutputWrite(IO->Context, T->handle(), K,
                                                  {(const uint8_t *)"de", 2}));
  EXPECT_CODE(RESOURCE_EXHAUSTED, IO->OutputTruncate(IO->Context, T->handle(), K, 5));
  EXPECT_CODE(OK, IO->OutputTruncate(IO->Context, T->handle(), K, 2));
  auto Sum = io<NevercOutputSummary>();
  EXPECT_CODE(OK, IO->OutputGetSummary(IO->Context, T->handle(), K, &Sum));
  EXPECT_EQ(Sum.Size, 2u);
  auto Seal = io<NevercOutputSeal>();
  EXPECT_CODE(OK, IO->OutputFinish(IO->Context, T->handle(), K, &Seal));
  // SHA-256("ab")
  const uint8_t AB[4] = {0xfb, 0x8e, 0x20, 0xfc};
  EXPECT_EQ(std::memcmp(Seal.Digest, AB, 4), 0);
  EXPECT_CODE(OK, IO->OutputGetSummary(IO->Context, T->handle(), K, &Sum));
  EXPECT_EQ(Sum.State, NEVERC_OUTPUT_FINISHED);

  EXPECT_CODE(OK, IO->BeginMemoryOutput(IO->Context, T->handle(), s("x"), 0, &K));
  EXPECT_CODE(OK, IO->OutputAbort(IO->Context, T->handle(), K));
  EXPECT_CODE(OK, IO->OutputGetSummary(IO->Context, T->handle(), K, &Sum));
  EXPECT_EQ(Sum.State, NEVERC_OUTPUT_ABORTED);
  EXPECT_CODE(STALE_HANDLE, IO->OutputAbort(IO->Context, T->handle(), K));
  EXPECT_CODE(INVALID_ARGUMENT, IO->BeginMemoryOutput(IO->Context, T->handle(),
                                                      s(""), 0, &K));
  EXPECT_CODE(INVALID_ARGUMENT, IO->BeginStreamOutput(IO->Context, T->handle(),
                                                      7, 0, &K));
  EXPECT_CODE(OK, IO->BeginStreamOutput(IO->Context, T->handle(),
                                        NEVERC_OUTPUT_STREAM_STDERR, 0, &K));
  EXPECT_CODE(OK, IO->OutputWrite(IO->Context, T->handle(), K,
                                  {(const uint8_t *)"stream\n", 7}));
  EXPECT_CODE(OK, IO->OutputFinish(IO->Context, T->handle(), K, &Seal));
  EXPECT_EQ(Seal.Kind, NEVERC_OUTPUT_STREAM);
}

TEST_F(Fixture, RecordDependency) {
  start();
  auto Dsc = io<NevercDependencyDescriptor>();
  Dsc.CanonicalPath = s("/etc/rules.txt");
  Dsc.Kind = NEVERC_INPUT_DEPENDENCY_RESOURCE;
  Dsc.ProviderID = s("org.test.rules");
  NevercDependencyHandle H{};
  EXPECT_CODE(OK, IO->RecordDependency(IO->Context, T->handle(), &Dsc, &H));
  ASSERT_EQ(D->dependencies(*T).size(), 1u);
  EXPECT_EQ(D->dependencies(*T)[0].Kind, NEVERC_INPUT_DEPENDENCY_RESOURCE);
  Dsc.Kind = 99;
  EXPECT_CODE(INVALID_ARGUMENT, IO->RecordDependency(IO->Context, T->handle(), &Dsc, &H));
  Dsc.Kind = NEVERC_INPUT_DEPENDENCY_SOURCE;
  Dsc.CanonicalPath = s("");
  EXPECT_CODE(INVALID_ARGUMENT, IO->RecordDependency(IO->Context, T->handle(), &Dsc, &H));
  EXPECT_CODE(INVALID_ARGUMENT, IO->RecordDependency(IO->Context, T->handle(), nullptr, &H));
}

//===--- VFS providers ----------------------------------------------------===//

TEST_F(Fixture, RegisterVFSProviderRules) {
  static NevercStatus Got[6];
  OnRegister = [](const NevercRegistrarAPI *, void *RC) {
    auto D = io<NevercVFSProviderDescriptor>();
    D.ProviderID = s("org.test.vfs");
    D.Status = [](NevercTaskHandle, NevercStringView, void *,
                  NevercVFSStatusResult *R) {
      R->Disposition = NEVERC_VFS_RESULT_NOT_HANDLED;
      return okStatus();
    };
    Got[0] = IO->RegisterVFSProvider(IO->Context, RC, &D);
    Got[1] = IO->RegisterVFSProvider(IO->Context, RC, &D); // duplicate
    auto Bad = D;
    Bad.ProviderID = s("No Dots");
    Got[2] = IO->RegisterVFSProvider(IO->Context, RC, &Bad);
    Bad = D;
    Bad.Header.StructSize = 16;
    Got[3] = IO->RegisterVFSProvider(IO->Context, RC, &Bad);
    Got[4] = IO->RegisterVFSProvider(IO->Context, nullptr, &D);
    Got[5] = IO->RegisterVFSProvider(IO->Context, RC, nullptr);
    return okStatus();
  };
  start();
  EXPECT_CODE(OK, Got[0]);
  EXPECT_CODE(DUPLICATE_ID, Got[1]);
  EXPECT_CODE(INVALID_DESCRIPTOR, Got[2]);
  EXPECT_CODE(INVALID_DESCRIPTOR, Got[3]);
  EXPECT_CODE(INVALID_ARGUMENT, Got[4]);
  EXPECT_CODE(INVALID_ARGUMENT, Got[5]);
  // After initialize: INVALID_STATE.
  auto Dd = io<NevercVFSProviderDescriptor>();
  Dd.ProviderID = s("org.test.late");
  EXPECT_CODE(INVALID_STATE, IO->RegisterVFSProvider(
                                 IO->Context, H->plugins()[0].get(), &Dd));
}

TEST_F(Fixture, ProviderCallbacksAreNotReentrant) {
  static NevercStatus Inner;
  static int Destroyed;
  Destroyed = 0;
  OnRegister = [](const NevercRegistrarAPI *, void *RC) {
    auto D = io<NevercVFSProviderDescriptor>();
    D.ProviderID = s("org.test.reentrant");
    D.RoutePrefix = s("/reenter/");
    D.Status = [](NevercTaskHandle T, NevercStringView, void *,
                  NevercVFSStatusResult *R) {
      auto St = io<NevercVFSStatus>();
      Inner = IO->Stat(IO->Context, T, s("/etc"), &St);
      R->Disposition = NEVERC_VFS_RESULT_NOT_HANDLED;
      return okStatus();
    };
    D.DestroyUserData = [](void *) { ++Destroyed; };
    return IO->RegisterVFSProvider(IO->Context, RC, &D);
  };
  start();
  auto St = io<NevercVFSStatus>();
  EXPECT_CODE(NOT_FOUND, IO->Stat(IO->Context, T->handle(), s("/reenter/x"), &St));
  EXPECT_CODE(REENTRANCY_DENIED, Inner);
  // Outside the prefix the provider is not asked.
  Inner = okStatus();
  EXPECT_CODE(OK, IO->Stat(IO->Context, T->handle(), s("/etc"), &St));
  D->shutdown();
  EXPECT_EQ(Destroyed, 1);
  D->shutdown();
  EXPECT_EQ(Destroyed, 1);
}

TEST_F(Fixture, VirtualHeaderPluginServesAnIncludedHeader) {
  if (!std::filesystem::exists(NEVERC_VIRTUAL_HEADER_PLUGIN))
    GTEST_SKIP() << "example plugin not built";
  start(false, NEVERC_VIRTUAL_HEADER_PLUGIN);
  std::string Main = write("v.c", "#include <neverc-example/virtual.h>\n"
                                  "_Static_assert(NEVERC_VIRTUAL_ANSWER == 42,"
                                  " \"\");\n");
  auto CI = compiler(Main);
  ASSERT_EQ(D->attach(*CI, *T), 0);
  clang::SyntaxOnlyAction A;
  EXPECT_TRUE(CI->ExecuteAction(A));
  D->detach(*CI, *T, true);
}

//===--- Phases and locations ----------------------------------------------===//

struct PhaseLog {
  int ResolveSeen = 0, AfterOpenSeen = 0;
  std::string InputPath, UnitPath;
  NevercStatus ObserverCreate{};
  uint64_t UnitSize = 0;
  bool Memory = false;
};
PhaseLog Log;

NevercInterfaceID phase(uint64_t Low) {
  return {NEVERC_PHASE_SOURCE_OPEN_HIGH, Low};
}

TEST_F(Fixture, ProviderPublishesMemoryUnitAndAfterOpenFires) {
  Log = {};
  OnRegister = [](const NevercRegistrarAPI *R, void *RC) {
    // Capture-free callbacks replace the trampolines; UserData stays null.
    NevercObserverDescriptor O =
        observerDescriptor(phase(NEVERC_PHASE_SOURCE_RESOLVE_INPUT_LOW),
                           nullptr, NEVERC_OBSERVER_AFTER);
    O.Callback = [](const NevercPhaseFrame *F, NevercObserverPoint, void *) {
      NevercSourceInputInfo I{};
      I.Header = {sizeof I, 1, 0, 0};
      NevercStatus S = SL->GetSourceInput(SL->Context, F, F->Input, &I);
      Log.InputPath.assign(I.Path.Data, I.Path.Length);
      ++Log.ResolveSeen;
      // An observer may not create units.
      NevercMemorySourceUnitDescriptor U{};
      U.Header = {sizeof U, 1, 0, 0};
      NevercArtifactHandle Out{};
      Log.ObserverCreate =
          SL->CreateMemorySourceUnit(SL->Context, F, F->Input, &U, &Out);
      return S;
    };
    NevercStatus S = R->RegisterObserver(RC, &O);
    if (!isOk(S))
      return S;
    O.Phase = phase(NEVERC_PHASE_SOURCE_AFTER_OPEN_LOW);
    O.Callback = [](const NevercPhaseFrame *F, NevercObserverPoint, void *) {
      NevercSourceUnitInfo I{};
      I.Header = {sizeof I, 1, 0, 0};
      NevercStatus S = SL->GetSourceUnit(SL->Context, F, F->Input, &I);
      Log.UnitPath.assign(I.LogicalPath.Data, I.LogicalPath.Length);
      Log.UnitSize = I.Size;
      Log.Memory = I.MemoryBacked;
      ++Log.AfterOpenSeen;
      return S;
    };
    if (!isOk(S = R->RegisterObserver(RC, &O)))
      return S;
    NevercProviderDescriptor P = providerDescriptor(
        phase(NEVERC_PHASE_SOURCE_OPEN_LOW), "org.test.generated", nullptr);
    P.Callback = [](const NevercPhaseFrame *F, NevercPhaseResult *Out, void *) {
      static const char Code[] = "int generated(void) { return 42; }\n";
      NevercMemorySourceUnitDescriptor U{};
      U.Header = {sizeof U, 1, 0, 0};
      U.LogicalPath = s("/virtual/generated.c");
      U.CanonicalIdentity = s("org.test:generated:v1");
      U.Content = {(const uint8_t *)Code, sizeof Code - 1};
      U.ProviderID = s("org.test.generated");
      U.Deterministic = U.Cacheable = NEVERC_TRUE;
      NevercStatus S =
          SL->CreateMemorySourceUnit(SL->Context, F, F->Input, &U, &Out->Output);
      Out->Action = NEVERC_PHASE_REPLACE;
      return S;
    };
    return R->RegisterProvider(RC, &P);
  };
  start();
  std::string Main = write("on-disk.c", "this is not C\n");
  auto CI = compiler(Main);
  ASSERT_EQ(D->attach(*CI, *T), 0);
  EXPECT_EQ(Log.ResolveSeen, 1);
  EXPECT_EQ(Log.InputPath, Main);
  EXPECT_CODE(POLICY_VIOLATION, Log.ObserverCreate);
  EXPECT_EQ(Log.AfterOpenSeen, 1);
  EXPECT_EQ(Log.UnitPath, "/virtual/generated.c");
  EXPECT_TRUE(Log.Memory);
  clang::SyntaxOnlyAction A;
  EXPECT_TRUE(CI->ExecuteAction(A)); // the memory unit compiled, not the file
  ASSERT_EQ(D->units(*T).size(), 1u);
  D->detach(*CI, *T, true);
}

// Interceptors: resolve_input continues (it is not replaceable), open is
// replaced by an interceptor that never calls InvokeNext.
struct InterceptLog {
  int ResolveCalls = 0, OpenCalls = 0;
  NevercStatus Next{};
} ILog;

TEST_F(Fixture, InterceptorsContinueResolveAndReplaceOpen) {
  ILog = {};
  OnRegister = [](const NevercRegistrarAPI *R, void *RC) {
    NevercInterceptorDescriptor I = interceptorDescriptor(
        phase(NEVERC_PHASE_SOURCE_RESOLVE_INPUT_LOW), nullptr);
    I.Callback = [](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                    NevercPhaseResult *Out, void *) {
      ++ILog.ResolveCalls;
      NevercPhaseResult Down{};
      Down.Header = {sizeof Down, NEVERC_PLUGIN_ABI_MAJOR,
                     NEVERC_PLUGIN_ABI_MINOR, 0};
      ILog.Next = C->InvokeNext(C, F, &Down);
      Out->Action = NEVERC_PHASE_CONTINUE;
      return ILog.Next;
    };
    NevercStatus S = R->RegisterInterceptor(RC, &I);
    if (!isOk(S))
      return S;
    I.Phase = phase(NEVERC_PHASE_SOURCE_OPEN_LOW);
    I.Callback = [](const NevercPhaseFrame *F, NevercPhaseContinuation *,
                    NevercPhaseResult *Out, void *) {
      ++ILog.OpenCalls;
      static const char Code[] = "int intercepted(void) { return 7; }\n";
      NevercMemorySourceUnitDescriptor U{};
      U.Header = {sizeof U, 1, 0, 0};
      U.LogicalPath = s("/virtual/intercepted.c");
      U.CanonicalIdentity = s("org.test:intercepted:v1");
      U.Content = {(const uint8_t *)Code, sizeof Code - 1};
      U.ProviderID = s("org.test.intercepted");
      NevercStatus St =
          SL->CreateMemorySourceUnit(SL->Context, F, F->Input, &U, &Out->Output);
      Out->Action = NEVERC_PHASE_REPLACE;
      return St;
    };
    return R->RegisterInterceptor(RC, &I);
  };
  start();
  std::string Main = write("not-c.c", "this is not C either\n");
  auto CI = compiler(Main);
  ASSERT_EQ(D->attach(*CI, *T), 0);
  EXPECT_EQ(ILog.ResolveCalls, 1);
  EXPECT_CODE(OK, ILog.Next);
  EXPECT_EQ(ILog.OpenCalls, 1);
  clang::SyntaxOnlyAction A;
  EXPECT_TRUE(CI->ExecuteAction(A)); // the interceptor's unit, not the file
  D->detach(*CI, *T, true);
}

TEST_F(Fixture, ReplacingResolveInputIsAPolicyViolation) {
  OnRegister = [](const NevercRegistrarAPI *R, void *RC) {
    NevercInterceptorDescriptor I = interceptorDescriptor(
        phase(NEVERC_PHASE_SOURCE_RESOLVE_INPUT_LOW), nullptr);
    I.Callback = [](const NevercPhaseFrame *F, NevercPhaseContinuation *,
                    NevercPhaseResult *Out, void *) {
      Out->Action = NEVERC_PHASE_REPLACE; // resolve_input is O|I only
      Out->Output = F->Input;
      return okStatus();
    };
    return R->RegisterInterceptor(RC, &I);
  };
  start();
  std::string Main = write("ok.c", "int ok;\n");
  auto CI = compiler(Main);
  EXPECT_NE(D->attach(*CI, *T), 0);
  EXPECT_TRUE(Diags.contains("not replaceable"));
  D->detach(*CI, *T, false);
}

TEST_F(Fixture, LocationSlots) {
  start();
  std::string Inc = write("inc.h", "int in_header;\n");
  std::string Main = write("loc.c", "#include \"inc.h\"\n#define TWO 2\n"
                                    "int value = TWO;\n");
  auto CI = compiler(Main);
  ASSERT_EQ(D->attach(*CI, *T), 0);
  NevercSourceLocation None{};
  auto Info = NevercSourceLocationInfo{};
  Info.Header = {sizeof Info, 1, 0, 0};
  // No SourceManager yet: INVALID_STATE.
  NevercSourceLocation Early = D->encodeLocation(*T, 1);
  EXPECT_CODE(INVALID_STATE, SL->GetLocationInfo(SL->Context, T->handle(), Early, &Info));

  struct Act : clang::SyntaxOnlyAction {
    std::function<void(clang::CompilerInstance &)> Check;
    void EndSourceFileAction() override { Check(getCompilerInstance()); }
  } A;
  A.Check = [&](clang::CompilerInstance &C) {
    clang::SourceManager &SM = C.getSourceManager();
    clang::FileID MainID = SM.getMainFileID();
    clang::SourceLocation Start = SM.getLocForStartOfFile(MainID);
    // "value" on line 3, column 5.
    clang::SourceLocation Value = Start.getLocWithOffset(
        std::string("#include \"inc.h\"\n#define TWO 2\nint ").size());
    NevercSourceLocation L = D->encodeLocation(*T, Value.getRawEncoding());
    EXPECT_CODE(OK, SL->GetLocationInfo(SL->Context, T->handle(), L, &Info));
    EXPECT_EQ(Info.Kind, NEVERC_SOURCE_LOCATION_FILE);
    EXPECT_EQ(Info.Line, 3u);
    EXPECT_EQ(Info.Column, 5u);
    NevercSourceLocation End{};
    EXPECT_CODE(OK, SL->GetTokenEnd(SL->Context, T->handle(), L, &End));
    NevercSourceLocationInfo EI = Info;
    EXPECT_CODE(OK, SL->GetLocationInfo(SL->Context, T->handle(), End, &EI));
    EXPECT_EQ(EI.Column, 10u);
    NevercSourceRange R = D->encodeRange(*T, Value.getRawEncoding(),
                                         Value.getRawEncoding(), true);
    NevercBufferView Text{};
    Text.Header = {sizeof Text, 1, 0, 0};
    EXPECT_CODE(OK, SL->GetSourceText(SL->Context, T->handle(), R, &Text));
    EXPECT_EQ(std::string((const char *)Text.Data, Text.Length), "value");
    NevercSourceRangeInfo RI{};
    RI.Header = {sizeof RI, 1, 0, 0};
    EXPECT_CODE(OK, SL->GetRangeInfo(SL->Context, T->handle(), R, &RI));
    EXPECT_EQ(RI.Kind, NEVERC_SOURCE_RANGE_TOKEN);
    NevercBufferView CD = Text;
    EXPECT_CODE(OK, SL->GetCharacterData(SL->Context, T->handle(), L, &CD));
    EXPECT_EQ(std::string((const char *)CD.Data, 5), "value");
    EXPECT_EQ(CD.NullTerminated, NEVERC_TRUE);
    NevercPresumedLocation P{};
    P.Header = {sizeof P, 1, 0, 0};
    EXPECT_CODE(OK, SL->GetPresumedLocation(SL->Context, T->handle(), L, &P));
    EXPECT_EQ(std::string(P.Filename.Data, P.Filename.Length), Main);
    EXPECT_EQ(P.Line, 3u);
    NevercFileHandle F{};
    EXPECT_CODE(OK, SL->GetLocationFile(SL->Context, T->handle(), L, &F));
    NevercFileInfo FI{};
    FI.Header = {sizeof FI, 1, 0, 0};
    EXPECT_CODE(OK, SL->GetFileInfo(SL->Context, T->handle(), F, &FI));
    EXPECT_EQ(FI.Size, std::filesystem::file_size(Main));
    EXPECT_EQ(FI.Characteristic, NEVERC_FILE_CHARACTERISTIC_USER);
    NevercSourceLocation X{};
    EXPECT_CODE(NOT_FOUND, SL->GetIncludeLocation(SL->Context, T->handle(), L, &X));
    EXPECT_CODE(OK, SL->GetSpellingLocation(SL->Context, T->handle(), L, &X));
    EXPECT_CODE(OK, SL->GetExpansionLocation(SL->Context, T->handle(), L, &X));
    EXPECT_CODE(OK, SL->GetFileLocation(SL->Context, T->handle(), L, &X));

    // The header: its include location is line 1 of the main file.
    auto HeaderRef = C.getFileManager().getOptionalFileRef(Inc);
    ASSERT_TRUE(HeaderRef);
    clang::FileID HID = SM.translateFile(*HeaderRef);
    clang::SourceLocation HL = SM.getLocForStartOfFile(HID);
    NevercSourceLocation HLoc = D->encodeLocation(*T, HL.getRawEncoding());
    EXPECT_CODE(OK, SL->GetIncludeLocation(SL->Context, T->handle(), HLoc, &X));
    EXPECT_CODE(OK, SL->GetLocationInfo(SL->Context, T->handle(), X, &EI));
    EXPECT_EQ(EI.Line, 1u);
    // Cross-file range: rejected.
    NevercSourceRange Cross = D->encodeRange(*T, HL.getRawEncoding(),
                                             Value.getRawEncoding(), false);
    EXPECT_CODE(INVALID_ARGUMENT, SL->GetSourceText(SL->Context, T->handle(), Cross, &Text));
    EXPECT_CODE(INVALID_ARGUMENT, SL->GetRangeInfo(SL->Context, T->handle(), Cross, &RI));

    // Batch: capacity below count is an error.
    NevercSourceLocation Ls[2] = {L, End};
    NevercSourceLocationInfo Is[2] = {Info, Info};
    EXPECT_CODE(OK, SL->GetLocationInfoBatch(SL->Context, T->handle(), Ls, 2, Is, 2));
    EXPECT_EQ(Is[1].Column, 10u);
    EXPECT_CODE(INVALID_ARGUMENT,
                SL->GetLocationInfoBatch(SL->Context, T->handle(), Ls, 2, Is, 1));
    // Bad handles.
    EXPECT_CODE(WRONG_TYPE, SL->GetLocationInfo(SL->Context, T->handle(), None, &Info));
    EXPECT_CODE(INVALID_ARGUMENT, SL->GetLocationInfo(SL->Context, T->handle(), L, nullptr));
    EXPECT_CODE(WRONG_TYPE, SL->GetTokenEnd(SL->Context, T->handle(), F, &X));
    EXPECT_CODE(WRONG_TYPE, SL->GetSpellingLocation(SL->Context, T->handle(), None, &X));
    EXPECT_CODE(WRONG_TYPE, SL->GetExpansionLocation(SL->Context, T->handle(), None, &X));
    EXPECT_CODE(WRONG_TYPE, SL->GetFileLocation(SL->Context, T->handle(), None, &X));
    EXPECT_CODE(INVALID_ARGUMENT, SL->GetFileLocation(SL->Context, T->handle(), L, nullptr));
    EXPECT_CODE(INVALID_ARGUMENT, SL->GetPresumedLocation(SL->Context, T->handle(), L, nullptr));
    EXPECT_CODE(INVALID_ARGUMENT, SL->GetLocationFile(SL->Context, T->handle(), L, nullptr));
    EXPECT_CODE(WRONG_TYPE, SL->GetCharacterData(SL->Context, T->handle(), None, &CD));
    EXPECT_CODE(WRONG_TYPE, SL->GetRangeInfo(SL->Context, T->handle(), L, &RI));
    NevercPresumedLocation ShortP = P;
    ShortP.Header.StructSize = 4;
    EXPECT_CODE(INVALID_ARGUMENT, SL->GetPresumedLocation(SL->Context, T->handle(), L, &ShortP));
    EXPECT_CODE(OK, IO->CloseFile(IO->Context, T->handle(), F));
    EXPECT_CODE(STALE_HANDLE, SL->GetFileInfo(SL->Context, T->handle(), F, &FI));
    // A location handle from another live task: WRONG_SCOPE.
    Task *T2 = nullptr;
    ASSERT_TRUE(isOk(S->beginTask(NEVERC_TASK_TRANSLATION_UNIT, &T2)));
    EXPECT_CODE(WRONG_SCOPE, SL->GetLocationInfo(SL->Context, T2->handle(), L, &Info));
    S->endTask(T2);
  };
  EXPECT_TRUE(CI->ExecuteAction(A));
  NevercSourceLocation Stale = D->encodeLocation(*T, 1);
  D->detach(*CI, *T, true);
  EXPECT_CODE(STALE_HANDLE, SL->GetLocationInfo(SL->Context, T->handle(), Stale, &Info));
  // Phase-side slots need a frame.
  NevercSourceInputInfo II{};
  II.Header = {sizeof II, 1, 0, 0};
  EXPECT_CODE(INVALID_ARGUMENT, SL->GetSourceInput(SL->Context, nullptr, {}, &II));
  NevercSourceUnitInfo UI{};
  UI.Header = {sizeof UI, 1, 0, 0};
  EXPECT_CODE(INVALID_ARGUMENT, SL->GetSourceUnit(SL->Context, nullptr, {}, &UI));
  NevercPhaseFrame Fr{};
  Fr.Header = {sizeof Fr, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  Fr.Task = T->handle();
  EXPECT_CODE(WRONG_TYPE, SL->GetSourceUnit(SL->Context, &Fr, {}, &UI));
  EXPECT_CODE(WRONG_TYPE, SL->GetSourceInput(SL->Context, &Fr, {}, &II));
  NevercMemorySourceUnitDescriptor MD{};
  MD.Header = {sizeof MD, 1, 0, 0};
  NevercArtifactHandle AO{};
  // Outside neverc.source.open: WRONG_SCOPE.
  EXPECT_CODE(WRONG_SCOPE, SL->CreateMemorySourceUnit(SL->Context, &Fr, {}, &MD, &AO));
}

//===--- Atomic outputs without plugins ------------------------------------===//

TEST_F(Fixture, FailedCompileLeavesNoOutput) {
  start(false);
  std::string Bad = write("bad.c", "int f(void) { return x; }\n");
  auto Inv = std::make_shared<clang::CompilerInvocation>();
  std::string Obj = (Dir / "bad.o").string(), Dep = (Dir / "bad.d").string();
  std::vector<const char *> Args = {"-emit-obj", "-triple", "x86_64-pc-linux-gnu",
                                    "-dependency-file", Dep.c_str(), "-MT", "bad.o",
                                    "-o", Obj.c_str(), Bad.c_str()};
  auto Diag = clang::CompilerInstance::createDiagnostics(
      *llvm::vfs::getRealFileSystem(), *new clang::DiagnosticOptions);
  clang::CompilerInvocation::CreateFromArgs(*Inv, Args, *Diag);
  clang::CompilerInstance CI(std::move(Inv));
  CI.createVirtualFileSystem();
  CI.createDiagnostics(new clang::TextDiagnosticBuffer);
  installAtomicOutputs(CI);
  clang::SyntaxOnlyAction A; // errors: nothing is kept
  EXPECT_FALSE(CI.ExecuteAction(A));
  EXPECT_FALSE(std::filesystem::exists(Dep));
  EXPECT_FALSE(std::filesystem::exists(Obj));
}

} // namespace

TEST(AtomicOutputs, ReplaceableOutputCommitsTheReplacementOnceReady) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("neverc-replace-" + std::to_string(::getpid()));
  std::filesystem::create_directories(Dir);
  std::string Path = (Dir / "out.bc").string();
  std::string Other = (Dir / "other.bc").string();
  std::string Late = (Dir / "late.bc").string();
  auto Inv = std::make_shared<clang::CompilerInvocation>();
  clang::CompilerInstance CI(std::move(Inv));
  CI.createVirtualFileSystem();
  CI.createDiagnostics(new clang::TextDiagnosticBuffer);
  installAtomicOutputs(CI);
  auto R = std::make_shared<OutputReplacement>();
  R->Path = Path;
  auto NotReady = std::make_shared<OutputReplacement>();
  NotReady->Path = Late;
  replaceableOutput(CI, R);
  replaceableOutput(CI, NotReady);
  auto Open = [&](const std::string &P) {
    return CI.createOutputFile(P, /*Binary=*/true, /*RemoveFileOnSignal=*/true,
                               /*UseTemporary=*/true);
  };
  std::unique_ptr<llvm::raw_pwrite_stream> OS = Open(Path);
  std::unique_ptr<llvm::raw_pwrite_stream> OtherOS = Open(Other);
  std::unique_ptr<llvm::raw_pwrite_stream> LateOS = Open(Late);
  ASSERT_TRUE(OS && OtherOS && LateOS);
  *OS << "what clang wrote, longer than the replacement";
  *OtherOS << "another output";
  *LateOS << "clang's, no replacement was ready";
  R->Bytes = "ours";
  R->Ready = true;
  *OS << " and more after it";
  OS.reset();
  OtherOS.reset();
  LateOS.reset();
  // Nothing is committed before Clang keeps the outputs.
  EXPECT_FALSE(std::filesystem::exists(Path));
  CI.clearOutputFiles(/*EraseFiles=*/false);
  auto Read = [](const std::string &P) {
    auto Buf = llvm::MemoryBuffer::getFile(P);
    return Buf ? (*Buf)->getBuffer().str() : std::string("<missing>");
  };
  EXPECT_EQ("ours", Read(Path));
  EXPECT_EQ("another output", Read(Other));
  EXPECT_EQ("clang's, no replacement was ready", Read(Late));
  std::filesystem::remove_all(Dir);
}
