//===- PrepDomainTest.cpp - NevercPrepAPI through the C ABI ---------------===//
//
// In-process plugin entries negotiate NevercPrepAPI through
// Core->QueryInterface, subscribe to events in TaskBegin and register
// observers/interceptors on the six prep phases; a real Clang 22
// CompilerInstance (SyntaxOnlyAction on files in a temp dir) runs with
// PrepDomain::attach/detach around it, as neverc's frontend hooks do.
//
//===----------------------------------------------------------------------===//
#include "neverc/prep/PrepDomain.h"
#include "PluginCallbacks.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <map>
#include <fstream>
#include <functional>
#include <set>

using namespace neverc;
using namespace neverc::core;
using namespace neverc::prep;
using namespace neverc::testsupport;

namespace {

constexpr NevercInterfaceID PrepID{NEVERC_INTERFACE_PREP_HIGH,
                                   NEVERC_INTERFACE_PREP_LOW};
const NevercPrepAPI *gAPI = nullptr;
uint64_t gTableSize = 0;
uint16_t gTableMinor = 99;
std::function<NevercStatus(const NevercRegistrarAPI *, void *)> gOnRegister;
std::function<NevercStatus(NevercTaskHandle)> gOnTaskBegin;

NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                        const NevercRegistrarAPI *R, void *RC,
                                        void *) {
  const void *T = nullptr;
  NevercStatus S =
      Core->QueryInterface(Core->Context, PrepID, NEVERC_PREP_API_MAJOR,
                           NEVERC_PREP_API_MINOR, &T, &gTableMinor, &gTableSize);
  if (!isOk(S))
    return S;
  gAPI = static_cast<const NevercPrepAPI *>(T);
  return gOnRegister ? gOnRegister(R, RC) : okStatus();
}
NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *, NevercTaskHandle T,
                                   NevercTaskKind K, void *, void *, void **) {
  if (K == NEVERC_TASK_TRANSLATION_UNIT && gOnTaskBegin)
    return gOnTaskBegin(T);
  return okStatus();
}
NevercStatus NEVERC_CALL entry(const NevercBootstrapAPI *,
                               NevercPluginDescriptor *Out) {
  NevercPluginDescriptor D = pluginDescriptor(
      cview("org.test.prep"), cview("org.test.prep"), registerPlugin);
  D.TaskBegin = taskBegin;
  writePluginDescriptor(Out, D);
  return okStatus();
}

NevercInterfaceID phaseID(uint64_t Low) {
  return NevercInterfaceID{NEVERC_PHASE_PREP_TOKEN_HIGH, Low};
}
constexpr uint64_t TOKEN = 0x4, STREAM = 0x5, INCLUDE = 0x8, MACRO = 0x9,
                   PRAGMA = 0xa, FEATURE = 0xb;
NevercStatus observe(const NevercRegistrarAPI *R, void *C, uint64_t Phase,
                     ObserverFn *Fn) {
  NevercObserverDescriptor D = observerDescriptor(
      phaseID(Phase), Fn, NEVERC_OBSERVER_BEFORE | NEVERC_OBSERVER_AFTER);
  return R->RegisterObserver(C, &D);
}
NevercStatus intercept(const NevercRegistrarAPI *R, void *C, uint64_t Phase,
                       InterceptorFn *Fn) {
  NevercInterceptorDescriptor D = interceptorDescriptor(phaseID(Phase), Fn);
  return R->RegisterInterceptor(C, &D);
}

void *ctx() { return gAPI->Context; }
NevercStringView s(const char *T) { return NevercStringView{T, std::strlen(T)}; }
std::string str(NevercStringView V) { return std::string(V.Data, V.Length); }
template <class S> S hdr() {
  S V{};
  V.Header = {sizeof(S), NEVERC_PREP_API_MAJOR, NEVERC_PREP_API_MINOR, 0};
  return V;
}
NevercStatusCode code(NevercStatus S) { return S.Code; }

/// Continues the chain and returns its result (a pass-through interceptor).
NevercStatus pass(const NevercPhaseFrame *F, NevercPhaseContinuation *C,
                  NevercPhaseResult *R) {
  NevercPhaseResult Downstream = *R;
  NevercStatus S = C->InvokeNext(C, F, &Downstream);
  R->Action = NEVERC_PHASE_CONTINUE;
  return S;
}
NevercStatus replaceWith(NevercPhaseResult *R, NevercArtifactHandle Out) {
  R->Action = NEVERC_PHASE_REPLACE;
  R->Output = Out;
  return okStatus();
}

NevercTokenHandle literal(NevercTaskHandle T, const char *Spelling) {
  NevercTokenBuilderHandle B{};
  EXPECT_EQ(code(gAPI->CreateTokenBuilder(ctx(), T, &B)), NEVERC_STATUS_OK);
  EXPECT_EQ(code(gAPI->TokenBuilderSetLiteral(ctx(), T, B,
                                              NEVERC_TOKEN_NUMERIC_CONSTANT,
                                              s(Spelling))),
            NEVERC_STATUS_OK);
  EXPECT_EQ(code(gAPI->TokenBuilderSetFlags(ctx(), T, B,
                                            NEVERC_TOKEN_FLAG_LEADING_SPACE)),
            NEVERC_STATUS_OK);
  NevercTokenHandle Tok{};
  EXPECT_EQ(code(gAPI->TokenBuilderCommit(ctx(), T, B, &Tok)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(code(gAPI->DestroyTokenBuilder(ctx(), T, B)), NEVERC_STATUS_OK);
  return Tok;
}

//===--- Fixture: host + domain + a real compile --------------------------===//

class PrepTest : public ::testing::Test {
protected:
  void SetUp() override {
    gAPI = nullptr;
    gOnRegister = nullptr;
    gOnTaskBegin = nullptr;
    Dir = std::filesystem::temp_directory_path() /
          ("neverc-prep-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(Dir);
    HostConfig C;
    C.Diagnostics = &Sink;
    H = std::make_unique<Host>(C);
    D = std::make_unique<PrepDomain>(*H);
  }
  void TearDown() override {
    if (S) {
      if (TU)
        S->endTask(TU);
      H->endSession(S);
    }
    H->shutdown();
    std::filesystem::remove_all(Dir);
  }
  void start() {
    ASSERT_TRUE(isOk(D->published()));
    ASSERT_TRUE(isOk(H->loadPluginEntry(entry, "prep-test")));
    ASSERT_TRUE(isOk(H->initialize()));
    ASSERT_TRUE(isOk(H->beginSession(&S)));
    ASSERT_TRUE(isOk(S->beginTask(NEVERC_TASK_TRANSLATION_UNIT, &TU)));
  }
  void file(const std::string &Name, const std::string &Text) {
    std::ofstream(Dir / Name) << Text;
  }
  /// Compiles main.c (-fsyntax-only); returns clang's success.
  bool compile(const std::string &Main, std::string *Errors = nullptr,
               std::vector<std::string> Extra = {}) {
    file("main.c", Main);
    std::string MainPath = (Dir / "main.c").string();
    std::string Inc = "-I" + Dir.string();
    std::vector<const char *> Args = {"-fsyntax-only", "-triple",
                                      "x86_64-pc-linux-gnu", Inc.c_str()};
    for (auto &E : Extra)
      Args.push_back(E.c_str());
    Args.push_back(MainPath.c_str());
    auto Inv = std::make_shared<clang::CompilerInvocation>();
    clang::DiagnosticOptions DiagOpts;
    clang::TextDiagnosticBuffer ArgDiags;
    clang::DiagnosticsEngine ArgEngine(clang::DiagnosticIDs::create(), DiagOpts,
                                       &ArgDiags, false);
    EXPECT_TRUE(clang::CompilerInvocation::CreateFromArgs(*Inv, Args, ArgEngine));
    clang::CompilerInstance CI(Inv);
    auto *Buf = new clang::TextDiagnosticBuffer;
    CI.createVirtualFileSystem(llvm::vfs::getRealFileSystem(), Buf);
    CI.createDiagnostics(Buf, true);
    EXPECT_EQ(D->attach(CI, *TU), 0);
    clang::SyntaxOnlyAction A;
    bool Ok = CI.ExecuteAction(A);
    DetachResult = D->detach(CI, *TU, Ok);
    if (Errors)
      for (auto It = Buf->err_begin(); It != Buf->err_end(); ++It)
        *Errors += It->second + "\n";
    return Ok;
  }

  std::filesystem::path Dir;
  CollectingDiagnosticSink Sink;
  std::unique_ptr<Host> H;
  std::unique_ptr<PrepDomain> D;
  Session *S = nullptr;
  Task *TU = nullptr;
  int DetachResult = 0;
};

//===--- Table ------------------------------------------------------------===//

TEST_F(PrepTest, PublishesTheTable) {
  start();
  ASSERT_NE(gAPI, nullptr);
  EXPECT_EQ(gTableSize, 320u);
  EXPECT_EQ(sizeof(NevercPrepAPI), 320u);
  EXPECT_EQ(gTableMinor, NEVERC_PREP_API_MINOR);
  EXPECT_EQ(gAPI->Context, D->table().Context);
  const void *const *Slots =
      reinterpret_cast<const void *const *>(&gAPI->GetTokenInfo);
  for (int I = 0; I < 37; ++I)
    EXPECT_NE(Slots[I], nullptr) << "slot " << I;
}

TEST_F(PrepTest, ZeroCostWithoutRegistrations) {
  start();
  EXPECT_FALSE(D->needed(*TU));
  EXPECT_EQ(D->subscribedEvents(*TU), 0u);
  EXPECT_TRUE(compile("int x;\n"));
}

//===--- Events -----------------------------------------------------------===//

std::vector<uint32_t> gKinds;
std::vector<std::string> gNotes;
NevercStatus NEVERC_CALL recordEvent(NevercTaskHandle T, const NevercPrepEvent *E,
                                     void *) {
  gKinds.push_back(E->Kind);
  switch (E->Kind) {
  case NEVERC_PREP_EVENT_INCLUSION_DIRECTIVE:
    gNotes.push_back("include " + str(E->Payload.Include.Filename) +
                     (E->Payload.Include.IsAngled ? " angled" : " quoted"));
    break;
  case NEVERC_PREP_EVENT_MACRO_DEFINED: {
    auto Info = hdr<NevercMacroDefinitionInfo>();
    if (isOk(gAPI->GetMacroDefinitionInfo(ctx(), T, E->Payload.Macro.Definition,
                                          &Info))) {
      auto Id = hdr<NevercIdentifierInfo>();
      if (isOk(gAPI->GetIdentifierInfo(ctx(), T, Info.Name, &Id)) &&
          str(Id.Name) == "TWICE")
        gNotes.push_back("TWICE params=" + std::to_string(Info.ParameterCount) +
                         " tokens=" +
                         std::to_string(Info.ReplacementTokenCount) +
                         " flags=" + std::to_string(Info.Flags));
    }
    break;
  }
  case NEVERC_PREP_EVENT_MACRO_EXPANDS: {
    auto Tok = hdr<NevercTokenInfo>();
    gAPI->GetTokenInfo(ctx(), T, E->Payload.Macro.NameToken, &Tok);
    if (str(Tok.Spelling) == "TWICE") {
      auto A = hdr<NevercMacroArgumentInfo>();
      gAPI->GetMacroArgumentInfo(ctx(), T, E->Payload.Macro.Arguments, &A);
      NevercTokenStreamHandle St{};
      gAPI->GetMacroArgumentTokenStream(ctx(), T, E->Payload.Macro.Arguments, 0,
                                        &St);
      auto V = hdr<NevercTokenViewList>();
      gAPI->GetTokenStreamView(ctx(), T, St, &V);
      std::string Arg;
      for (uint64_t I = 0; I < V.Count; ++I)
        Arg += str(V.Data[I].Spelling);
      gNotes.push_back("expand TWICE args=" + std::to_string(A.ArgumentCount) +
                       " arg0=" + Arg);
    }
    break;
  }
  case NEVERC_PREP_EVENT_PRAGMA_MESSAGE:
    gNotes.push_back("message " + str(E->Payload.Text.Value) + " kind=" +
                     std::to_string(E->Payload.Text.Detail));
    break;
  case NEVERC_PREP_EVENT_IFDEF:
    gNotes.push_back("ifdef value=" +
                     std::to_string(E->Payload.Condition.Value));
    break;
  case NEVERC_PREP_EVENT_IF:
    gNotes.push_back("if value=" + std::to_string(E->Payload.Condition.Value));
    break;
  default:
    break;
  }
  return okStatus();
}

NevercStatus subscribe(NevercTaskHandle T, uint64_t Mask,
                       NevercPrepEventObserverFn Fn = recordEvent) {
  auto Desc = hdr<NevercPrepObserverDescriptor>();
  Desc.Events = Mask;
  Desc.Callback = Fn;
  return gAPI->RegisterEventObserver(ctx(), T, &Desc);
}

TEST_F(PrepTest, RaisesEventsFromARealCompile) {
  gKinds.clear();
  gNotes.clear();
  gOnTaskBegin = [](NevercTaskHandle T) {
    return subscribe(T, NEVERC_PREP_EVENT_MASK_ALL);
  };
  start();
  EXPECT_TRUE(D->needed(*TU));
  file("inc.h", "#pragma once\nint from_header;\n");
  file("inc2.h", "int from_angled;\n");
  std::string Errors;
  EXPECT_TRUE(compile("#include \"inc.h\"\n"
                      "#include \"inc.h\"\n"
                      "#include <inc2.h>\n"
                      "#ifdef NOPE\n#else\n#endif\n"
                      "#define TWICE(x) ((x) + (x))\n"
                      "#ifdef TWICE\n"
                      "int a = TWICE(1 + 2);\n"
                      "#endif\n"
                      "#ifndef NOPE\n#endif\n"
                      "#if defined(TWICE) && __has_include(\"inc.h\")\n"
                      "#elif 1\n#else\n#endif\n"
                      "#undef TWICE\n"
                      "#pragma message(\"hi\")\n"
                      "#pragma GCC diagnostic push\n"
                      "#pragma GCC diagnostic ignored \"-Wunused\"\n"
                      "#pragma GCC diagnostic pop\n"
                      "#pragma clang assume_nonnull begin\n"
                      "#pragma clang assume_nonnull end\n"
                      "#ident \"v1\"\n"
                      "_Pragma(\"GCC diagnostic push\")\n"
                      "_Pragma(\"GCC diagnostic pop\")\n",
                      &Errors))
      << Errors;
  std::set<uint32_t> Seen(gKinds.begin(), gKinds.end());
  for (uint32_t K :
       {NEVERC_PREP_EVENT_FILE_CHANGED, NEVERC_PREP_EVENT_LEXED_FILE_CHANGED,
        NEVERC_PREP_EVENT_FILE_SKIPPED, NEVERC_PREP_EVENT_INCLUSION_DIRECTIVE,
        NEVERC_PREP_EVENT_END_OF_MAIN_FILE, NEVERC_PREP_EVENT_IDENT,
        NEVERC_PREP_EVENT_PRAGMA_DIRECTIVE, NEVERC_PREP_EVENT_PRAGMA_MESSAGE,
        NEVERC_PREP_EVENT_PRAGMA_DIAGNOSTIC_PUSH,
        NEVERC_PREP_EVENT_PRAGMA_DIAGNOSTIC_POP,
        NEVERC_PREP_EVENT_PRAGMA_DIAGNOSTIC,
        NEVERC_PREP_EVENT_PRAGMA_ASSUME_NONNULL_BEGIN,
        NEVERC_PREP_EVENT_PRAGMA_ASSUME_NONNULL_END,
        NEVERC_PREP_EVENT_MACRO_EXPANDS, NEVERC_PREP_EVENT_MACRO_DEFINED,
        NEVERC_PREP_EVENT_MACRO_UNDEFINED, NEVERC_PREP_EVENT_DEFINED,
        NEVERC_PREP_EVENT_HAS_INCLUDE, NEVERC_PREP_EVENT_SOURCE_RANGE_SKIPPED,
        NEVERC_PREP_EVENT_IF, NEVERC_PREP_EVENT_ELIF, NEVERC_PREP_EVENT_IFDEF,
        NEVERC_PREP_EVENT_IFNDEF, NEVERC_PREP_EVENT_ELSE,
        NEVERC_PREP_EVENT_ENDIF})
    EXPECT_TRUE(Seen.count(K)) << "event " << K << " not raised";
  auto Has = [&](const std::string &N) {
    return std::find(gNotes.begin(), gNotes.end(), N) != gNotes.end();
  };
  EXPECT_TRUE(Has("include inc.h quoted"));
  EXPECT_TRUE(Has("include inc2.h angled"));
  EXPECT_TRUE(Has("TWICE params=1 tokens=9 flags=1")) << ::testing::PrintToString(gNotes);
  EXPECT_TRUE(Has("expand TWICE args=1 arg0=1+2"))
      << ::testing::PrintToString(gNotes);
  EXPECT_TRUE(Has("message hi kind=1"));
  EXPECT_TRUE(Has("ifdef value=2"));
  EXPECT_TRUE(Has("if value=2"));
  EXPECT_EQ(DetachResult, 0);
}

/// Every argument of a macro call, each a stream of its own: the model
/// keeps all the arguments' lexer tokens in one array (MacroArgumentsModel)
/// and must split it back exactly, empty arguments included.
NevercStatus NEVERC_CALL recordArguments(NevercTaskHandle T,
                                         const NevercPrepEvent *E, void *) {
  if (E->Kind != NEVERC_PREP_EVENT_MACRO_EXPANDS)
    return okStatus();
  auto Tok = hdr<NevercTokenInfo>();
  gAPI->GetTokenInfo(ctx(), T, E->Payload.Macro.NameToken, &Tok);
  if (str(Tok.Spelling) != "PICK")
    return okStatus();
  // A lexer token's identifier and definition handles are made on request
  // and are the very handles the other slots give for the same natives.
  NevercIdentifierHandle Pick{};
  EXPECT_TRUE(isOk(gAPI->GetOrCreateIdentifier(ctx(), T, s("PICK"), &Pick)));
  EXPECT_FALSE(isNull(Tok.Identifier));
  EXPECT_TRUE(Tok.Identifier == Pick);
  EXPECT_FALSE(isNull(Tok.MacroDefinition));
  EXPECT_TRUE(Tok.MacroDefinition == E->Payload.Macro.Definition);
  auto A = hdr<NevercMacroArgumentInfo>();
  EXPECT_TRUE(isOk(
      gAPI->GetMacroArgumentInfo(ctx(), T, E->Payload.Macro.Arguments, &A)));
  std::string Note = "PICK args=" + std::to_string(A.ArgumentCount);
  for (uint32_t I = 0; I <= A.ArgumentCount; ++I) {
    NevercTokenStreamHandle St{};
    NevercStatus S = gAPI->GetMacroArgumentTokenStream(
        ctx(), T, E->Payload.Macro.Arguments, I, &St);
    if (I == A.ArgumentCount) {
      EXPECT_EQ(code(S), NEVERC_STATUS_NOT_FOUND);
      break;
    }
    EXPECT_TRUE(isOk(S));
    auto V = hdr<NevercTokenViewList>();
    gAPI->GetTokenStreamView(ctx(), T, St, &V);
    Note += " [";
    for (uint64_t K = 0; K < V.Count; ++K)
      Note += (K ? " " : "") + str(V.Data[K].Spelling);
    Note += "]";
  }
  gNotes.push_back(Note);
  return okStatus();
}

TEST_F(PrepTest, MacroArgumentsSplitExactly) {
  gNotes.clear();
  gOnTaskBegin = [](NevercTaskHandle T) {
    return subscribe(T, NEVERC_PREP_EVENT_MASK_ALL, recordArguments);
  };
  start();
  std::string Errors;
  EXPECT_TRUE(compile("#define PICK(a, b, c, ...) (a + c)\n"
                      "int x = PICK(1 + 2, , 3, 4, 5);\n"
                      "int y = PICK(, (7, 8), 9);\n",
                      &Errors))
      << Errors;
  // The variadic part is one argument; a call without it has one less.
  EXPECT_EQ(gNotes, (std::vector<std::string>{
                        "PICK args=4 [1 + 2] [] [3] [4 , 5]",
                        "PICK args=4 [] [( 7 , 8 )] [9] []"}));
}

TEST_F(PrepTest, EventMaskFiltersAndBadMasksAreRejected) {
  gKinds.clear();
  gOnTaskBegin = [](NevercTaskHandle T) {
    EXPECT_EQ(code(subscribe(T, NEVERC_PREP_EVENT_MASK_ALL + 1)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(subscribe(T, 0)), NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(subscribe(T, 1, nullptr)), NEVERC_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(code(gAPI->RegisterEventObserver(ctx(), T, nullptr)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    auto Old = hdr<NevercPrepObserverDescriptor>();
    Old.Header.Major = 9;
    Old.Events = 1;
    Old.Callback = recordEvent;
    EXPECT_EQ(code(gAPI->RegisterEventObserver(ctx(), T, &Old)),
              NEVERC_STATUS_ABI_MISMATCH);
    EXPECT_EQ(code(subscribe(NevercHandle{}, 1)), NEVERC_STATUS_WRONG_TYPE);
    return subscribe(T, NEVERC_PREP_EVENT_MASK(NEVERC_PREP_EVENT_MACRO_DEFINED));
  };
  start();
  EXPECT_TRUE(compile("#define A 1\n#ifdef A\n#endif\n"));
  ASSERT_FALSE(gKinds.empty());
  for (uint32_t K : gKinds)
    EXPECT_EQ(K, NEVERC_PREP_EVENT_MACRO_DEFINED);
}

NevercStatus NEVERC_CALL failingObserver(NevercTaskHandle, const NevercPrepEvent *,
                                         void *) {
  return makeStatus(NEVERC_STATUS_PLUGIN_FAILURE);
}

TEST_F(PrepTest, FailingEventObserverFailsTheCompile) {
  gOnTaskBegin = [](NevercTaskHandle T) {
    return subscribe(T, NEVERC_PREP_EVENT_MASK(NEVERC_PREP_EVENT_MACRO_DEFINED),
                     failingObserver);
  };
  start();
  std::string Errors;
  EXPECT_FALSE(compile("#define A 1\n", &Errors));
  EXPECT_NE(Errors.find("NEVERC_STATUS_PLUGIN_FAILURE"), std::string::npos)
      << Errors;
  EXPECT_EQ(DetachResult, 1);
}

//===--- Identifiers, macros, handles -------------------------------------===//

TEST_F(PrepTest, IdentifierAndMacroQueries) {
  static NevercTaskHandle Task;
  static std::vector<std::string> Log;
  Log.clear();
  gOnTaskBegin = [](NevercTaskHandle T) {
    Task = T;
    return subscribe(T, NEVERC_PREP_EVENT_MASK(NEVERC_PREP_EVENT_END_OF_MAIN_FILE),
                     [](NevercTaskHandle T, const NevercPrepEvent *,
                        void *) -> NevercStatus {
                       NevercIdentifierHandle Id{}, Id2{}, Int{};
                       EXPECT_EQ(code(gAPI->GetOrCreateIdentifier(
                                     ctx(), T, s("MY_MACRO"), &Id)),
                                 NEVERC_STATUS_OK);
                       gAPI->GetOrCreateIdentifier(ctx(), T, s("MY_MACRO"), &Id2);
                       EXPECT_TRUE(Id == Id2);
                       EXPECT_EQ(code(gAPI->GetOrCreateIdentifier(
                                     ctx(), T, NevercStringView{}, &Id)),
                                 NEVERC_STATUS_INVALID_ARGUMENT);
                       NevercMacroDefinitionHandle Def{};
                       EXPECT_EQ(code(gAPI->GetMacroDefinitionForIdentifier(
                                     ctx(), T, Id, &Def)),
                                 NEVERC_STATUS_OK);
                       auto Info = hdr<NevercMacroDefinitionInfo>();
                       EXPECT_EQ(code(gAPI->GetMacroDefinitionInfo(ctx(), T, Def,
                                                                   &Info)),
                                 NEVERC_STATUS_OK);
                       Log.push_back("params=" +
                                     std::to_string(Info.ParameterCount) +
                                     " flags=" + std::to_string(Info.Flags));
                       NevercIdentifierHandle P{};
                       EXPECT_EQ(code(gAPI->GetMacroParameter(ctx(), T, Def, 1,
                                                              &P)),
                                 NEVERC_STATUS_OK);
                       auto PI = hdr<NevercIdentifierInfo>();
                       gAPI->GetIdentifierInfo(ctx(), T, P, &PI);
                       Log.push_back("param1=" + str(PI.Name));
                       EXPECT_EQ(code(gAPI->GetMacroParameter(ctx(), T, Def, 9,
                                                              &P)),
                                 NEVERC_STATUS_NOT_FOUND);
                       NevercTokenHandle Tok{};
                       EXPECT_EQ(code(gAPI->GetMacroReplacementToken(
                                     ctx(), T, Def, 0, &Tok)),
                                 NEVERC_STATUS_OK);
                       auto TI = hdr<NevercTokenInfo>();
                       gAPI->GetTokenInfo(ctx(), T, Tok, &TI);
                       Log.push_back("tok0=" + str(TI.Spelling));
                       EXPECT_EQ(code(gAPI->GetMacroReplacementToken(
                                     ctx(), T, Def, 99, &Tok)),
                                 NEVERC_STATUS_NOT_FOUND);
                       auto DI = hdr<NevercMacroDirectiveInfo>();
                       EXPECT_EQ(code(gAPI->GetMacroDirectiveInfo(
                                     ctx(), T, Info.Directive, &DI)),
                                 NEVERC_STATUS_OK);
                       EXPECT_EQ(DI.Kind, NEVERC_MACRO_DIRECTIVE_DEFINE);
                       EXPECT_FALSE(isNull(DI.Previous)); // an older #define
                       // No macro: OK + null handle.
                       gAPI->GetOrCreateIdentifier(ctx(), T, s("int"), &Int);
                       EXPECT_EQ(code(gAPI->GetMacroDefinitionForIdentifier(
                                     ctx(), T, Int, &Def)),
                                 NEVERC_STATUS_OK);
                       EXPECT_TRUE(isNull(Def));
                       auto II = hdr<NevercIdentifierInfo>();
                       gAPI->GetIdentifierInfo(ctx(), T, Int, &II);
                       EXPECT_EQ(II.TokenKind, NEVERC_TOKEN_KW_INT);
                       EXPECT_TRUE(II.Flags & NEVERC_IDENTIFIER_KEYWORD);
                       // Wrong kinds / bad structs.
                       EXPECT_EQ(code(gAPI->GetIdentifierInfo(ctx(), T, Tok, &II)),
                                 NEVERC_STATUS_WRONG_TYPE);
                       EXPECT_EQ(code(gAPI->GetIdentifierInfo(ctx(), T, Int,
                                                              nullptr)),
                                 NEVERC_STATUS_INVALID_ARGUMENT);
                       auto Short = hdr<NevercIdentifierInfo>();
                       Short.Header.StructSize = 8;
                       EXPECT_EQ(code(gAPI->GetIdentifierInfo(ctx(), T, Int,
                                                              &Short)),
                                 NEVERC_STATUS_INVALID_ARGUMENT);
                       EXPECT_EQ(code(gAPI->GetMacroDefinitionInfo(ctx(), T, Int,
                                                                   &Info)),
                                 NEVERC_STATUS_WRONG_TYPE);
                       EXPECT_EQ(code(gAPI->GetMacroDirectiveInfo(ctx(), T, Int,
                                                                  &DI)),
                                 NEVERC_STATUS_WRONG_TYPE);
                       auto AI = hdr<NevercMacroArgumentInfo>();
                       EXPECT_EQ(code(gAPI->GetMacroArgumentInfo(ctx(), T, Int,
                                                                 &AI)),
                                 NEVERC_STATUS_WRONG_TYPE);
                       NevercTokenStreamHandle St{};
                       EXPECT_EQ(code(gAPI->GetMacroArgumentTokenStream(
                                     ctx(), T, Int, 0, &St)),
                                 NEVERC_STATUS_WRONG_TYPE);
                       // Batch.
                       NevercTokenHandle Toks[2] = {Tok, Tok};
                       NevercTokenInfo Infos[2] = {hdr<NevercTokenInfo>(),
                                                   hdr<NevercTokenInfo>()};
                       EXPECT_EQ(code(gAPI->GetTokenInfoBatch(ctx(), T, Toks, 2,
                                                              Infos, 2)),
                                 NEVERC_STATUS_OK);
                       EXPECT_EQ(str(Infos[1].Spelling), "a");
                       EXPECT_EQ(code(gAPI->GetTokenInfoBatch(ctx(), T, Toks, 2,
                                                              Infos, 1)),
                                 NEVERC_STATUS_INVALID_ARGUMENT);
                       return okStatus();
                     });
  };
  start();
  EXPECT_TRUE(compile("#define MY_MACRO 0\n#undef MY_MACRO\n"
                      "#define MY_MACRO(a, b, ...) a + b\n"));
  EXPECT_EQ(::testing::PrintToString(Log),
            ::testing::PrintToString(std::vector<std::string>{
                "params=3 flags=7", "param1=b", "tok0=a"}));
  // After the compile: identifier handles go stale, token handles stay.
  NevercIdentifierHandle Id{};
  EXPECT_EQ(code(gAPI->GetOrCreateIdentifier(ctx(), Task, s("X"), &Id)),
            NEVERC_STATUS_INVALID_STATE);
}

//===--- Token builder ----------------------------------------------------===//

TEST_F(PrepTest, TokenBuilderRules) {
  start();
  NevercTaskHandle T = TU->handle();
  NevercTokenBuilderHandle B{};
  ASSERT_EQ(code(gAPI->CreateTokenBuilder(ctx(), T, &B)), NEVERC_STATUS_OK);
  NevercTokenHandle Tok{};
  EXPECT_EQ(code(gAPI->TokenBuilderCommit(ctx(), T, B, &Tok)),
            NEVERC_STATUS_INVALID_STATE); // no kind yet
  EXPECT_EQ(code(gAPI->TokenBuilderSetFlags(ctx(), T, B, 0x400)),
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(code(gAPI->TokenBuilderSetLiteral(ctx(), T, B, NEVERC_TOKEN_PLUS,
                                              s("+"))),
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(code(gAPI->TokenBuilderSetLiteral(
                ctx(), T, B, NEVERC_TOKEN_NUMERIC_CONSTANT, NevercStringView{})),
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(code(gAPI->TokenBuilderSetKind(ctx(), T, B, NEVERC_TOKEN_IDENTIFIER)),
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(code(gAPI->TokenBuilderSetKind(ctx(), T, B, 0x12345)),
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(code(gAPI->TokenBuilderSetKind(ctx(), T, B, NEVERC_TOKEN_PLUS)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(code(gAPI->TokenBuilderSetLocation(ctx(), T, B, NevercHandle{})),
            NEVERC_STATUS_OK);
  EXPECT_EQ(code(gAPI->TokenBuilderCommit(ctx(), T, B, nullptr)),
            NEVERC_STATUS_INVALID_ARGUMENT);
  ASSERT_EQ(code(gAPI->TokenBuilderCommit(ctx(), T, B, &Tok)), NEVERC_STATUS_OK);
  auto Info = hdr<NevercTokenInfo>();
  ASSERT_EQ(code(gAPI->GetTokenInfo(ctx(), T, Tok, &Info)), NEVERC_STATUS_OK);
  EXPECT_EQ(Info.Kind, NEVERC_TOKEN_PLUS);
  EXPECT_EQ(Info.Origin, NEVERC_TOKEN_ORIGIN_SYNTHESIZED);
  EXPECT_EQ(code(gAPI->DestroyTokenBuilder(ctx(), T, B)), NEVERC_STATUS_OK);
  EXPECT_EQ(code(gAPI->DestroyTokenBuilder(ctx(), T, B)),
            NEVERC_STATUS_STALE_HANDLE);
  EXPECT_EQ(code(gAPI->TokenBuilderSetKind(ctx(), T, Tok, NEVERC_TOKEN_PLUS)),
            NEVERC_STATUS_WRONG_TYPE);
  EXPECT_EQ(code(gAPI->CreateTokenBuilder(ctx(), T, nullptr)),
            NEVERC_STATUS_INVALID_ARGUMENT);
  // Identifier-kind token needs an identifier (no preprocessor bound here).
  NevercIdentifierHandle Id{};
  EXPECT_EQ(code(gAPI->GetOrCreateIdentifier(ctx(), T, s("x"), &Id)),
            NEVERC_STATUS_INVALID_STATE);
  // Another task's handle: WRONG_SCOPE; an ended task's: STALE_HANDLE.
  Task *Other = nullptr;
  ASSERT_TRUE(isOk(S->beginTask(NEVERC_TASK_TRANSLATION_UNIT, &Other)));
  EXPECT_EQ(code(gAPI->GetTokenInfo(ctx(), Other->handle(), Tok, &Info)),
            NEVERC_STATUS_WRONG_SCOPE);
  NevercTokenHandle OtherTok = literal(Other->handle(), "7");
  ASSERT_TRUE(isOk(S->endTask(Other)));
  EXPECT_EQ(code(gAPI->GetTokenInfo(ctx(), T, OtherTok, &Info)),
            NEVERC_STATUS_STALE_HANDLE);
  // Streams.
  NevercTokenStreamBuilderHandle SB{};
  ASSERT_EQ(code(gAPI->CreateTokenStreamBuilder(ctx(), T, &SB)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(code(gAPI->TokenStreamBuilderAppend(ctx(), T, SB, &Tok, 1)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(code(gAPI->TokenStreamBuilderAppend(ctx(), T, SB, nullptr, 1)),
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(code(gAPI->TokenStreamBuilderAppend(ctx(), T, SB, &OtherTok, 1)),
            NEVERC_STATUS_STALE_HANDLE);
  NevercArtifactHandle Out{};
  EXPECT_EQ(code(gAPI->TokenStreamBuilderCommit(ctx(), nullptr, SB, &Out)),
            NEVERC_STATUS_INVALID_ARGUMENT);
  NevercPhaseFrame F{};
  F.Header = {sizeof F, NEVERC_PLUGIN_ABI_MAJOR, NEVERC_PLUGIN_ABI_MINOR, 0};
  F.Task = T;
  EXPECT_EQ(code(gAPI->TokenStreamBuilderCommit(ctx(), &F, SB, &Out)),
            NEVERC_STATUS_WRONG_SCOPE); // not the build_token_stream frame
  EXPECT_EQ(code(gAPI->DestroyTokenStreamBuilder(ctx(), T, SB)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(code(gAPI->DestroyTokenStreamBuilder(ctx(), T, SB)),
            NEVERC_STATUS_STALE_HANDLE);
  // Phase slots outside their phase.
  NevercTokenHandle In{};
  EXPECT_EQ(code(gAPI->GetTokenPhaseInput(ctx(), &F, NevercHandle{}, &In)),
            NEVERC_STATUS_WRONG_TYPE);
  EXPECT_EQ(code(gAPI->CreateTokenPhaseOutput(ctx(), &F, nullptr, &Tok, 1, &Out)),
            NEVERC_STATUS_WRONG_SCOPE);
  auto MO = hdr<NevercPrepMacroPhaseOutput>();
  EXPECT_EQ(code(gAPI->CreateMacroPhaseOutput(ctx(), &F, nullptr, &MO, &Out)),
            NEVERC_STATUS_WRONG_SCOPE);
  auto PO = hdr<NevercPrepPragmaPhaseOutput>();
  EXPECT_EQ(code(gAPI->CreatePragmaPhaseOutput(ctx(), &F, nullptr, &PO, &Out)),
            NEVERC_STATUS_WRONG_SCOPE);
  auto FO = hdr<NevercPrepFeatureQueryPhaseOutput>();
  EXPECT_EQ(code(gAPI->CreateFeatureQueryPhaseOutput(ctx(), &F, nullptr, &FO,
                                                     &Out)),
            NEVERC_STATUS_WRONG_SCOPE);
  auto IO = hdr<NevercPrepIncludePhaseOutput>();
  EXPECT_EQ(code(gAPI->CreateIncludePhaseOutput(ctx(), &F, nullptr, &IO, &Out)),
            NEVERC_STATUS_WRONG_SCOPE);
  EXPECT_EQ(code(gAPI->CreateIncludePhaseOutput(ctx(), &F, nullptr, nullptr,
                                                &Out)),
            NEVERC_STATUS_INVALID_ARGUMENT);
}

//===--- Phases -----------------------------------------------------------===//

// A macro call's input is made on the run's first GetMacroPhaseInput (an
// observer that never reads it costs nothing); every later read in the same
// run, here at AFTER, gets the very same handles, and they stay valid after
// the run.
TEST_F(PrepTest, MacroInputIsMadeOnceOnFirstRead) {
  static ObserverFn Obs;
  static NevercPrepMacroPhaseInput Before;
  static int Compared;
  static NevercTokenHandle NameToken;
  static NevercMacroArgumentHandle Args;
  Compared = 0;
  NameToken = NevercTokenHandle{};
  Args = NevercMacroArgumentHandle{};
  Obs = [](const NevercPhaseFrame *F, NevercObserverPoint P) -> NevercStatus {
    auto In = hdr<NevercPrepMacroPhaseInput>();
    EXPECT_EQ(code(gAPI->GetMacroPhaseInput(ctx(), F, F->Input, &In)),
              NEVERC_STATUS_OK);
    if (P == NEVERC_OBSERVER_BEFORE) {
      Before = In;
      return okStatus();
    }
    EXPECT_TRUE(In.NameToken == Before.NameToken);
    EXPECT_TRUE(In.Name == Before.Name);
    EXPECT_TRUE(In.Definition == Before.Definition);
    EXPECT_TRUE(In.Arguments == Before.Arguments);
    EXPECT_FALSE(isNull(In.NameToken));
    EXPECT_FALSE(isNull(In.Name));
    ++Compared;
    auto Id = hdr<NevercIdentifierInfo>();
    if (In.Operation == NEVERC_PREP_MACRO_EXPAND &&
        isOk(gAPI->GetIdentifierInfo(ctx(), F->Task, In.Name, &Id)) &&
        str(Id.Name) == "TWICE") {
      NameToken = In.NameToken;
      Args = In.Arguments;
    }
    return okStatus();
  };
  gOnRegister = [](const NevercRegistrarAPI *R, void *C) {
    return observe(R, C, MACRO, &Obs);
  };
  start();
  std::string Errors;
  ASSERT_TRUE(compile("#define TWICE(x) ((x) + (x))\n"
                      "int v = TWICE(3);\n",
                      &Errors))
      << Errors;
  EXPECT_GT(Compared, 1);
  // Made during the run, alive after it (prep rule 2).
  ASSERT_FALSE(isNull(NameToken));
  ASSERT_FALSE(isNull(Args));
  NevercTaskHandle T = TU->handle();
  auto Info = hdr<NevercTokenInfo>();
  ASSERT_EQ(code(gAPI->GetTokenInfo(ctx(), T, NameToken, &Info)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(str(Info.Spelling), "TWICE");
  NevercTokenStreamHandle St{};
  EXPECT_EQ(code(gAPI->GetMacroArgumentTokenStream(ctx(), T, Args, 0, &St)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(code(gAPI->GetMacroArgumentTokenStream(ctx(), T, Args, 1, &St)),
            NEVERC_STATUS_NOT_FOUND);
}

TEST_F(PrepTest, MacroDefineReplaceAndExpandSuppress) {
  static InterceptorFn Fn;
  static ObserverFn Obs;
  static int ObserverPolicy = 0;
  Fn = [](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
          NevercPhaseResult *R) -> NevercStatus {
    auto In = hdr<NevercPrepMacroPhaseInput>();
    EXPECT_EQ(code(gAPI->GetMacroPhaseInput(ctx(), F, F->Input, &In)),
              NEVERC_STATUS_OK);
    auto Id = hdr<NevercIdentifierInfo>();
    gAPI->GetIdentifierInfo(ctx(), F->Task, In.Name, &Id);
    std::string Name = str(Id.Name);
    auto Out = hdr<NevercPrepMacroPhaseOutput>();
    NevercArtifactHandle A{};
    if (In.Operation == NEVERC_PREP_MACRO_DEFINE && Name == "ANSWER") {
      NevercTokenHandle Tok = literal(F->Task, "42");
      Out.Action = NEVERC_PREP_MACRO_REPLACE_TOKENS;
      Out.Tokens = &Tok;
      Out.TokenCount = 1;
      EXPECT_EQ(code(gAPI->CreateMacroPhaseOutput(ctx(), F, C, &Out, &A)),
                NEVERC_STATUS_OK);
      return replaceWith(R, A);
    }
    if (In.Operation == NEVERC_PREP_MACRO_EXPAND && Name == "BROKEN") {
      Out.Action = NEVERC_PREP_MACRO_SUPPRESS;
      EXPECT_EQ(code(gAPI->CreateMacroPhaseOutput(ctx(), F, C, &Out, &A)),
                NEVERC_STATUS_OK);
      return replaceWith(R, A);
    }
    if (In.Operation == NEVERC_PREP_MACRO_EXPAND_BUILTIN) {
      Out.Action = NEVERC_PREP_MACRO_SUPPRESS;
      EXPECT_EQ(code(gAPI->CreateMacroPhaseOutput(ctx(), F, C, &Out, &A)),
                NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    if (In.Operation == NEVERC_PREP_MACRO_UNDEFINE) {
      Out.Action = NEVERC_PREP_MACRO_SUPPRESS;
      EXPECT_EQ(code(gAPI->CreateMacroPhaseOutput(ctx(), F, C, &Out, &A)),
                NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    // Malformed: tokens with a non-REPLACE action.
    NevercTokenHandle Tok = literal(F->Task, "1");
    Out.Action = NEVERC_PREP_MACRO_SUPPRESS;
    Out.Tokens = &Tok;
    Out.TokenCount = 1;
    EXPECT_EQ(code(gAPI->CreateMacroPhaseOutput(ctx(), F, C, &Out, &A)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    return pass(F, C, R);
  };
  Obs = [](const NevercPhaseFrame *F, NevercObserverPoint) -> NevercStatus {
    auto Out = hdr<NevercPrepMacroPhaseOutput>();
    NevercArtifactHandle A{};
    if (code(gAPI->CreateMacroPhaseOutput(ctx(), F, nullptr, &Out, &A)) ==
        NEVERC_STATUS_POLICY_VIOLATION)
      ++ObserverPolicy;
    return okStatus();
  };
  gOnRegister = [](const NevercRegistrarAPI *R, void *C) {
    NevercStatus S = intercept(R, C, MACRO, &Fn);
    return isOk(S) ? observe(R, C, MACRO, &Obs) : S;
  };
  start();
  std::string Errors;
  EXPECT_TRUE(compile("#define ANSWER 1\n"
                      "_Static_assert(ANSWER == 42, \"replaced\");\n"
                      "#define BROKEN this is not C\n"
                      "BROKEN\n"
                      "int line = __LINE__;\n"
                      "#undef ANSWER\n",
                      &Errors))
      << Errors;
  EXPECT_GT(ObserverPolicy, 0);
}

TEST_F(PrepTest, IncludeInterceptContinueAndUnavailableRedirect) {
  static InterceptorFn Fn;
  static std::vector<std::string> Seen;
  Seen.clear();
  Fn = [](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
          NevercPhaseResult *R) -> NevercStatus {
    auto In = hdr<NevercPrepIncludePhaseInput>();
    EXPECT_EQ(code(gAPI->GetIncludePhaseInput(ctx(), F, F->Input, &In)),
              NEVERC_STATUS_OK);
    Seen.push_back(str(In.Filename) + (In.IsAngled ? ":angled" : ":quoted") +
                   (In.IsIncludeNext ? ":next" : ""));
    auto Out = hdr<NevercPrepIncludePhaseOutput>();
    NevercArtifactHandle A{};
    Out.Action = NEVERC_PREP_INCLUDE_REDIRECT;
    Out.Filename = s("");
    EXPECT_EQ(code(gAPI->CreateIncludePhaseOutput(ctx(), F, C, &Out, &A)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    Out.Filename = s("modern.h");
    EXPECT_EQ(code(gAPI->CreateIncludePhaseOutput(ctx(), F, C, &Out, &A)),
              NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    Out.Action = NEVERC_PREP_INCLUDE_SKIP;
    EXPECT_EQ(code(gAPI->CreateIncludePhaseOutput(ctx(), F, C, &Out, &A)),
              NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    Out.Action = 7;
    EXPECT_EQ(code(gAPI->CreateIncludePhaseOutput(ctx(), F, C, &Out, &A)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    // CONTINUE through an output is honoured.
    Out.Action = NEVERC_PREP_INCLUDE_CONTINUE;
    Out.Filename = In.Filename;
    Out.IsAngled = In.IsAngled;
    EXPECT_EQ(code(gAPI->CreateIncludePhaseOutput(ctx(), F, C, &Out, &A)),
              NEVERC_STATUS_OK);
    // A wrong input type.
    auto Bad = hdr<NevercPrepMacroPhaseInput>();
    EXPECT_EQ(code(gAPI->GetMacroPhaseInput(ctx(), F, F->Input, &Bad)),
              NEVERC_STATUS_WRONG_TYPE);
    return replaceWith(R, A);
  };
  gOnRegister = [](const NevercRegistrarAPI *R, void *C) {
    return intercept(R, C, INCLUDE, &Fn);
  };
  start();
  file("legacy.h", "int legacy;\n");
  std::string Errors;
  EXPECT_TRUE(compile("#include \"legacy.h\"\nint x;\n", &Errors)) << Errors;
  EXPECT_EQ(::testing::PrintToString(Seen),
            ::testing::PrintToString(std::vector<std::string>{"legacy.h:quoted"}));
  bool Named = false;
  for (const auto &Diag : Sink.all())
    Named |= Diag.Message.find("HandleHeaderIncludeOrImport") != std::string::npos;
  EXPECT_TRUE(Named);
}

TEST_F(PrepTest, PragmaHandledAndReplaced) {
  static InterceptorFn Fn;
  static std::vector<std::string> Seen;
  Seen.clear();
  Fn = [](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
          NevercPhaseResult *R) -> NevercStatus {
    auto In = hdr<NevercPrepPragmaPhaseInput>();
    EXPECT_EQ(code(gAPI->GetPragmaPhaseInput(ctx(), F, F->Input, &In)),
              NEVERC_STATUS_OK);
    auto V = hdr<NevercTokenViewList>();
    gAPI->GetTokenStreamView(ctx(), F->Task, In.Tokens, &V);
    std::string Rest;
    for (uint64_t I = 0; I < V.Count; ++I)
      Rest += " " + str(V.Data[I].Spelling);
    Seen.push_back(str(In.Namespace) + "|" + str(In.Name) + "|" + Rest + "|" +
                   std::to_string(In.Introducer));
    auto Out = hdr<NevercPrepPragmaPhaseOutput>();
    NevercArtifactHandle A{};
    if (str(In.Name) == "myplugin") {
      NevercTokenHandle First{};
      gAPI->GetTokenStreamToken(ctx(), F->Task, In.Tokens, 0, &First);
      auto Info = hdr<NevercTokenInfo>();
      gAPI->GetTokenInfo(ctx(), F->Task, First, &Info);
      NevercTokenHandle Past{};
      EXPECT_EQ(code(gAPI->GetTokenStreamToken(ctx(), F->Task, In.Tokens, 99,
                                               &Past)),
                NEVERC_STATUS_NOT_FOUND);
      // Outlives the if: Out.Tokens points at it until the output exists.
      NevercTokenHandle Toks[3] = {};
      if (str(Info.Spelling) == "emit") {
        // int injected ;
        NevercIdentifierHandle IntId{}, Name{};
        gAPI->GetOrCreateIdentifier(ctx(), F->Task, s("int"), &IntId);
        gAPI->GetOrCreateIdentifier(ctx(), F->Task, s("injected"), &Name);
        NevercIdentifierHandle Ids[2] = {IntId, Name};
        for (int I = 0; I < 2; ++I) {
          NevercTokenBuilderHandle B{};
          gAPI->CreateTokenBuilder(ctx(), F->Task, &B);
          EXPECT_EQ(code(gAPI->TokenBuilderSetIdentifier(ctx(), F->Task, B,
                                                         Ids[I])),
                    NEVERC_STATUS_OK);
          gAPI->TokenBuilderSetFlags(ctx(), F->Task, B,
                                     NEVERC_TOKEN_FLAG_LEADING_SPACE);
          EXPECT_EQ(code(gAPI->TokenBuilderCommit(ctx(), F->Task, B, &Toks[I])),
                    NEVERC_STATUS_OK);
          gAPI->DestroyTokenBuilder(ctx(), F->Task, B);
        }
        NevercTokenBuilderHandle B{};
        gAPI->CreateTokenBuilder(ctx(), F->Task, &B);
        gAPI->TokenBuilderSetKind(ctx(), F->Task, B, NEVERC_TOKEN_SEMI);
        gAPI->TokenBuilderCommit(ctx(), F->Task, B, &Toks[2]);
        gAPI->DestroyTokenBuilder(ctx(), F->Task, B);
        Out.Action = NEVERC_PREP_PRAGMA_REPLACE_TOKENS;
        Out.Tokens = Toks;
        Out.TokenCount = 3;
      } else {
        Out.Action = NEVERC_PREP_PRAGMA_HANDLED;
      }
      EXPECT_EQ(code(gAPI->CreatePragmaPhaseOutput(ctx(), F, C, &Out, &A)),
                NEVERC_STATUS_OK);
      return replaceWith(R, A);
    }
    return pass(F, C, R);
  };
  gOnRegister = [](const NevercRegistrarAPI *R, void *C) {
    return intercept(R, C, PRAGMA, &Fn);
  };
  start();
  std::string Errors;
  EXPECT_TRUE(compile("#pragma myplugin hello world\n"
                      "#pragma myplugin emit\n"
                      "int *p = &injected;\n"
                      "_Pragma(\"GCC whatever 1\")\n"
                      "#pragma pack(1)\n",
                      &Errors, {"-Werror=unknown-pragmas"}) == false);
  // The GCC pragma continued to Clang's "unknown pragma" warning, made an
  // error: the interceptor's CONTINUE keeps the built-in behaviour.
  EXPECT_NE(Errors.find("unknown pragma ignored"), std::string::npos) << Errors;
  EXPECT_EQ(::testing::PrintToString(Seen),
            ::testing::PrintToString(std::vector<std::string>{
                "|myplugin| hello world|1", "|myplugin| emit|1",
                "GCC|whatever| 1|2"}));
  EXPECT_EQ(Errors.find("injected"), std::string::npos) << Errors;
}

class PrepTokenTest : public PrepTest,
                      public ::testing::WithParamInterface<bool> {};

// With the token stream observed too, every token's neverc.prep.token run
// happens while the stream is materialized and reuses the stream's handle
// for the token; the edits must land exactly as without it.
TEST_P(PrepTokenTest, TokenPhaseReplacesDeletesAndExpands) {
  static InterceptorFn Fn;
  static ObserverFn StreamObs;
  static bool WithStream;
  static uint64_t StreamRuns, SevenSeen;
  WithStream = GetParam();
  StreamRuns = SevenSeen = 0;
  StreamObs = [](const NevercPhaseFrame *, NevercObserverPoint P) {
    if (P == NEVERC_OBSERVER_AFTER)
      ++StreamRuns;
    return okStatus();
  };
  Fn = [](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
          NevercPhaseResult *R) -> NevercStatus {
    NevercTokenHandle In{};
    EXPECT_EQ(code(gAPI->GetTokenPhaseInput(ctx(), F, F->Input, &In)),
              NEVERC_STATUS_OK);
    auto Info = hdr<NevercTokenInfo>();
    gAPI->GetTokenInfo(ctx(), F->Task, In, &Info);
    std::string Sp = str(Info.Spelling);
    NevercArtifactHandle A{};
    if (Sp == "SEVEN") { // replace
      ++SevenSeen;
      NevercTokenHandle T7 = literal(F->Task, "7");
      EXPECT_EQ(code(gAPI->CreateTokenPhaseOutput(ctx(), F, C, &T7, 1, &A)),
                NEVERC_STATUS_OK);
      return replaceWith(R, A);
    }
    if (Sp == "GONE") { // delete
      EXPECT_EQ(code(gAPI->CreateTokenPhaseOutput(ctx(), F, C, nullptr, 0, &A)),
                NEVERC_STATUS_OK);
      return replaceWith(R, A);
    }
    if (Sp == "TWO") { // expand: 1 + 1
      NevercTokenHandle Ts[3] = {literal(F->Task, "1"), {}, literal(F->Task, "1")};
      NevercTokenBuilderHandle B{};
      gAPI->CreateTokenBuilder(ctx(), F->Task, &B);
      gAPI->TokenBuilderSetKind(ctx(), F->Task, B, NEVERC_TOKEN_PLUS);
      gAPI->TokenBuilderCommit(ctx(), F->Task, B, &Ts[1]);
      gAPI->DestroyTokenBuilder(ctx(), F->Task, B);
      EXPECT_EQ(code(gAPI->CreateTokenPhaseOutput(ctx(), F, C, Ts, 3, &A)),
                NEVERC_STATUS_OK);
      EXPECT_EQ(code(gAPI->CreateTokenPhaseOutput(ctx(), F, C, Ts, 5000, &A)),
                NEVERC_STATUS_RESOURCE_EXHAUSTED);
      return replaceWith(R, A);
    }
    return pass(F, C, R);
  };
  gOnRegister = [](const NevercRegistrarAPI *R, void *C) {
    NevercStatus S = intercept(R, C, TOKEN, &Fn);
    return isOk(S) && WithStream ? observe(R, C, STREAM, &StreamObs) : S;
  };
  start();
  std::string Errors;
  EXPECT_TRUE(compile("int a = SEVEN;\n"
                      "GONE GONE int b = TWO;\n"
                      "_Static_assert(SEVEN * (TWO) == 14, \"tokens\");\n",
                      &Errors))
      << Errors;
  EXPECT_EQ(SevenSeen, 2u); // one token run per token, stream or not
  EXPECT_EQ(StreamRuns, WithStream ? 1u : 0u);
}
INSTANTIATE_TEST_SUITE_P(StreamObserved, PrepTokenTest, ::testing::Bool());

TEST_F(PrepTest, BuildTokenStreamObserverAndVerifier) {
  static ObserverFn Obs;
  static InterceptorFn Fn;
  static uint64_t Count = 0, Max = 0;
  static bool DropEOF = false;
  Count = Max = 0;
  Obs = [](const NevercPhaseFrame *F, NevercObserverPoint P) -> NevercStatus {
    auto In = hdr<NevercPrepTokenStreamPhaseInput>();
    EXPECT_EQ(code(gAPI->GetTokenStreamPhaseInput(ctx(), F, F->Input, &In)),
              NEVERC_STATUS_OK);
    Max = In.MaximumTokenCount;
    NevercTokenStreamBuilderHandle B{};
    gAPI->CreateTokenStreamBuilder(ctx(), F->Task, &B);
    NevercArtifactHandle A{};
    EXPECT_EQ(code(gAPI->TokenStreamBuilderCommit(ctx(), F, B, &A)),
              NEVERC_STATUS_POLICY_VIOLATION);
    gAPI->DestroyTokenStreamBuilder(ctx(), F->Task, B);
    if (P == NEVERC_OBSERVER_AFTER)
      ++Count;
    return okStatus();
  };
  // A provider-like interceptor: rebuilds the stream from "int z ;" + EOF.
  Fn = [](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
          NevercPhaseResult *R) -> NevercStatus {
    NevercTokenStreamBuilderHandle B{};
    gAPI->CreateTokenStreamBuilder(ctx(), F->Task, &B);
    NevercIdentifierHandle Ids[2];
    gAPI->GetOrCreateIdentifier(ctx(), F->Task, s("int"), &Ids[0]);
    gAPI->GetOrCreateIdentifier(ctx(), F->Task, s("z"), &Ids[1]);
    NevercTokenHandle Toks[4];
    for (int I = 0; I < 4; ++I) {
      NevercTokenBuilderHandle TB{};
      gAPI->CreateTokenBuilder(ctx(), F->Task, &TB);
      if (I < 2)
        gAPI->TokenBuilderSetIdentifier(ctx(), F->Task, TB, Ids[I]);
      else
        gAPI->TokenBuilderSetKind(ctx(), F->Task, TB,
                                  I == 2 ? NEVERC_TOKEN_SEMI : NEVERC_TOKEN_EOF);
      gAPI->TokenBuilderSetFlags(ctx(), F->Task, TB,
                                 NEVERC_TOKEN_FLAG_LEADING_SPACE);
      EXPECT_EQ(code(gAPI->TokenBuilderCommit(ctx(), F->Task, TB, &Toks[I])),
                NEVERC_STATUS_OK)
          << I;
      gAPI->DestroyTokenBuilder(ctx(), F->Task, TB);
    }
    gAPI->TokenStreamBuilderAppend(ctx(), F->Task, B, Toks, DropEOF ? 3 : 4);
    NevercArtifactHandle A{};
    EXPECT_EQ(code(gAPI->TokenStreamBuilderCommit(ctx(), F, B, &A)),
              NEVERC_STATUS_OK);
    gAPI->DestroyTokenStreamBuilder(ctx(), F->Task, B);
    return replaceWith(R, A);
  };
  gOnRegister = [](const NevercRegistrarAPI *R, void *C) {
    NevercStatus S = observe(R, C, STREAM, &Obs);
    return isOk(S) ? intercept(R, C, STREAM, &Fn) : S;
  };
  start();
  std::string Errors;
  // The source is not C; the plugin's stream replaces it.
  EXPECT_TRUE(compile("this is not C at all\n_Static_assert(0, \"x\");\n",
                      &Errors))
      << Errors;
  EXPECT_EQ(Count, 1u);
  EXPECT_EQ(Max, NEVERC_PREP_TOKEN_STREAM_MAX_TOKENS);
  // Without EOF the verifier rejects the stream.
  DropEOF = true;
  Errors.clear();
  EXPECT_FALSE(compile("int y;\n", &Errors));
  EXPECT_NE(Errors.find("VERIFICATION_FAILED"), std::string::npos) << Errors;
  DropEOF = false;
}

TEST_F(PrepTest, FeatureQueryObservedReplaceUnavailable) {
  static InterceptorFn Fn;
  static std::vector<std::string> Seen;
  Seen.clear();
  Fn = [](const NevercPhaseFrame *F, NevercPhaseContinuation *C,
          NevercPhaseResult *R) -> NevercStatus {
    auto In = hdr<NevercPrepFeatureQueryPhaseInput>();
    EXPECT_EQ(code(gAPI->GetFeatureQueryPhaseInput(ctx(), F, F->Input, &In)),
              NEVERC_STATUS_OK);
    Seen.push_back(str(In.Name) + "=" + std::to_string(In.BuiltinValue) +
                   " kind=" + std::to_string(In.Kind));
    auto Out = hdr<NevercPrepFeatureQueryPhaseOutput>();
    Out.Action = NEVERC_PREP_QUERY_REPLACE;
    Out.Value = NEVERC_TRUE;
    NevercArtifactHandle A{};
    EXPECT_EQ(code(gAPI->CreateFeatureQueryPhaseOutput(ctx(), F, C, &Out, &A)),
              NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    Out.Action = 5;
    EXPECT_EQ(code(gAPI->CreateFeatureQueryPhaseOutput(ctx(), F, C, &Out, &A)),
              NEVERC_STATUS_INVALID_ARGUMENT);
    Out.Action = NEVERC_PREP_QUERY_CONTINUE;
    EXPECT_EQ(code(gAPI->CreateFeatureQueryPhaseOutput(ctx(), F, C, &Out, &A)),
              NEVERC_STATUS_OK);
    return replaceWith(R, A);
  };
  gOnRegister = [](const NevercRegistrarAPI *R, void *C) {
    return intercept(R, C, FEATURE, &Fn);
  };
  start();
  file("there.h", "");
  std::string Errors;
  EXPECT_TRUE(compile("#if __has_include(\"there.h\") && "
                      "!__has_include(\"missing.h\")\nint ok;\n#else\n"
                      "#error wrong\n#endif\n",
                      &Errors))
      << Errors;
  EXPECT_EQ(::testing::PrintToString(Seen),
            ::testing::PrintToString(std::vector<std::string>{
                "there.h=1 kind=4", "missing.h=0 kind=4"}));
}

} // namespace

namespace {

//===--- Observers on every prep phase ------------------------------------===//

TEST_F(PrepTest, PhaseObserversSeeEveryPrepPhaseAndCannotMutate) {
  static ObserverFn Obs;
  static std::map<uint64_t, int> Seen;
  static NevercStatusCode MutationFromObserver;
  Seen.clear();
  MutationFromObserver = NEVERC_STATUS_OK;
  Obs = [](const NevercPhaseFrame *F, NevercObserverPoint P) -> NevercStatus {
    if (P == NEVERC_OBSERVER_BEFORE)
      ++Seen[F->Phase.Low];
    // An observer may not produce a phase output.
    if (F->Phase.Low == FEATURE && P == NEVERC_OBSERVER_BEFORE) {
      auto Out = hdr<NevercPrepFeatureQueryPhaseOutput>();
      Out.Action = NEVERC_PREP_QUERY_CONTINUE;
      NevercArtifactHandle A{};
      MutationFromObserver =
          gAPI->CreateFeatureQueryPhaseOutput(ctx(), F, nullptr, &Out, &A).Code;
    }
    return okStatus();
  };
  gOnRegister = [](const NevercRegistrarAPI *R, void *C) {
    for (uint64_t Phase : {TOKEN, STREAM, INCLUDE, MACRO, PRAGMA, FEATURE}) {
      NevercStatus S = observe(R, C, Phase, &Obs);
      if (!isOk(S))
        return S;
    }
    return okStatus();
  };
  start();
  file("observed.h", "int from_header;\n");
  std::string Errors;
  EXPECT_TRUE(compile("#include \"observed.h\"\n"
                      "#define TWICE(x) ((x) * 2)\n"
                      "#pragma neverc_observed hello\n"
                      "#if __has_include(\"observed.h\")\n"
                      "int value = TWICE(21);\n"
                      "#endif\n",
                      &Errors))
      << Errors;
  EXPECT_GE(Seen[TOKEN], 1);
  EXPECT_EQ(Seen[STREAM], 1);
  EXPECT_EQ(Seen[INCLUDE], 1);
  EXPECT_GE(Seen[MACRO], 1);
  EXPECT_EQ(Seen[PRAGMA], 1);
  EXPECT_GE(Seen[FEATURE], 1);
  EXPECT_EQ(MutationFromObserver, NEVERC_STATUS_POLICY_VIOLATION);
}

} // namespace

//===--- Lazy token facts (prep rule 2: a model lives until the task ends) -===//

TEST_F(PrepTest, StreamTokensAreMadeOnRequest) {
  // With build_token_stream observed, the unit's tokens get handles whose
  // records are made from the lexer's tokens only when looked up
  // (TokenTable::reserve). What a plugin reads must be what a minted token
  // would have said, and a handle into the padding of the reserved run (or
  // past it) finds nothing.
  static ObserverFn StreamObs, TokenObs;
  static std::vector<NevercTokenHandle> Kept;
  static std::vector<std::string> Live;
  Kept.clear();
  Live.clear();
  StreamObs = [](const NevercPhaseFrame *, NevercObserverPoint) {
    return okStatus();
  };
  TokenObs = [](const NevercPhaseFrame *F,
                NevercObserverPoint P) -> NevercStatus {
    if (P != NEVERC_OBSERVER_BEFORE)
      return okStatus();
    NevercTokenHandle In{};
    EXPECT_EQ(code(gAPI->GetTokenPhaseInput(ctx(), F, F->Input, &In)),
              NEVERC_STATUS_OK);
    Kept.push_back(In);
    auto Info = hdr<NevercTokenInfo>();
    EXPECT_EQ(code(gAPI->GetTokenInfo(ctx(), F->Task, In, &Info)),
              NEVERC_STATUS_OK);
    if (str(Info.Spelling) == "f") {
      // A function-like macro's name not followed by "(": an identifier
      // that names a macro, both handles made now.
      NevercIdentifierHandle Id{};
      EXPECT_TRUE(isOk(gAPI->GetOrCreateIdentifier(ctx(), F->Task, s("f"), &Id)));
      EXPECT_TRUE(Info.Identifier == Id);
      NevercMacroDefinitionHandle Def{};
      EXPECT_TRUE(isOk(gAPI->GetMacroDefinitionForIdentifier(ctx(), F->Task,
                                                              Id, &Def)));
      EXPECT_FALSE(isNull(Def));
      EXPECT_TRUE(Info.MacroDefinition == Def);
    }
    Live.push_back(str(Info.Spelling));
    return okStatus();
  };
  gOnRegister = [](const NevercRegistrarAPI *R, void *C) {
    NevercStatus S = observe(R, C, STREAM, &StreamObs);
    return isOk(S) ? observe(R, C, TOKEN, &TokenObs) : S;
  };
  start();
  std::string Errors;
  ASSERT_TRUE(compile("#define f(x) (x)\n#define N 4\n"
                      "int f = f(N) + 2;\n",
                      &Errors))
      << Errors;
  EXPECT_EQ(Live, (std::vector<std::string>{"int", "f", "=", "(", "4", ")",
                                            "+", "2", ";"}));
  ASSERT_EQ(Kept.size(), 9u);
  NevercTaskHandle T = TU->handle();
  auto Info = hdr<NevercTokenInfo>();
  // After the compile: the same facts; identifier handles are null now
  // that the preprocessor is gone (prep/README.md).
  ASSERT_EQ(code(gAPI->GetTokenInfo(ctx(), T, Kept[4], &Info)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(str(Info.Spelling), "4");
  EXPECT_EQ(Info.Kind, NEVERC_TOKEN_NUMERIC_CONSTANT);
  // N's body, substituted for f's parameter: the last step is the argument.
  EXPECT_EQ(Info.Origin, NEVERC_TOKEN_ORIGIN_MACRO_ARGUMENT);
  ASSERT_EQ(code(gAPI->GetTokenInfo(ctx(), T, Kept[3], &Info)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(str(Info.Spelling), "(");
  EXPECT_EQ(Info.Origin, NEVERC_TOKEN_ORIGIN_MACRO_REPLACEMENT);
  ASSERT_EQ(code(gAPI->GetTokenInfo(ctx(), T, Kept[1], &Info)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(str(Info.Spelling), "f");
  EXPECT_TRUE(isNull(Info.Identifier));
  // The run is 10 tokens (EOF included) in a 1024-token chunk: an index in
  // its padding and one past the table are both stale.
  NevercTokenHandle Pad = Kept.back(), Past = Kept.back();
  Pad.Value += 5;
  Past.Value += 5000;
  EXPECT_EQ(code(gAPI->GetTokenInfo(ctx(), T, Pad, &Info)),
            NEVERC_STATUS_STALE_HANDLE);
  EXPECT_EQ(code(gAPI->GetTokenInfo(ctx(), T, Past, &Info)),
            NEVERC_STATUS_STALE_HANDLE);
  // The last real one still reads (the EOF after it is never offered).
  EXPECT_EQ(code(gAPI->GetTokenInfo(ctx(), T, Kept.back(), &Info)),
            NEVERC_STATUS_OK);
  EXPECT_EQ(str(Info.Spelling), ";");
}

TEST_F(PrepTest, TokenFactsReadAfterTheCompileIsGone) {
  // The observer keeps handles and reads nothing; the facts are asked for
  // only after compile() returned, when its CompilerInstance (and the
  // preprocessor) are destroyed. They are the lexer's, exactly.
  static ObserverFn Obs;
  static std::vector<NevercTokenHandle> Kept;
  static NevercMacroArgumentHandle Args;
  static ObserverFn MacroObs;
  Kept.clear();
  Args = NevercMacroArgumentHandle{};
  Obs = [](const NevercPhaseFrame *F, NevercObserverPoint P) -> NevercStatus {
    if (P != NEVERC_OBSERVER_BEFORE)
      return okStatus();
    NevercTokenHandle In{};
    EXPECT_EQ(code(gAPI->GetTokenPhaseInput(ctx(), F, F->Input, &In)),
              NEVERC_STATUS_OK);
    Kept.push_back(In);
    return okStatus();
  };
  MacroObs = [](const NevercPhaseFrame *F,
                NevercObserverPoint P) -> NevercStatus {
    if (P != NEVERC_OBSERVER_BEFORE)
      return okStatus();
    auto In = hdr<NevercPrepMacroPhaseInput>();
    if (isOk(gAPI->GetMacroPhaseInput(ctx(), F, F->Input, &In)) &&
        In.Operation == NEVERC_PREP_MACRO_EXPAND && !isNull(In.Arguments))
      Args = In.Arguments;
    return okStatus();
  };
  gOnRegister = [](const NevercRegistrarAPI *R, void *C) {
    NevercStatus S = observe(R, C, TOKEN, &Obs);
    return isOk(S) ? observe(R, C, MACRO, &MacroObs) : S;
  };
  start();
  std::string Errors;
  ASSERT_TRUE(compile("#define ID(x) x\n"
                      "int long_identifier_name = ID(4 + 2);\n",
                      &Errors))
      << Errors;
  NevercTaskHandle T = TU->handle();
  std::vector<std::string> Spellings;
  std::vector<NevercTokenOriginKind> Origins;
  for (NevercTokenHandle H : Kept) {
    auto Info = hdr<NevercTokenInfo>();
    ASSERT_EQ(code(gAPI->GetTokenInfo(ctx(), T, H, &Info)), NEVERC_STATUS_OK);
    if (Info.Kind == NEVERC_TOKEN_EOF)
      continue;
    Spellings.push_back(str(Info.Spelling));
    Origins.push_back(Info.Origin);
    EXPECT_FALSE(isNull(Info.Location)) << str(Info.Spelling);
    EXPECT_FALSE(isNull(Info.Range)) << str(Info.Spelling);
  }
  EXPECT_EQ(Spellings, (std::vector<std::string>{"int", "long_identifier_name",
                                                 "=", "4", "+", "2", ";"}));
  ASSERT_EQ(Origins.size(), 7u);
  EXPECT_EQ(Origins[0], NEVERC_TOKEN_ORIGIN_FILE);
  EXPECT_EQ(Origins[3], NEVERC_TOKEN_ORIGIN_MACRO_ARGUMENT) << "4 from ID(x)";
  // Reading twice gives the same answer (computed once, then kept).
  auto A = hdr<NevercTokenInfo>(), B = hdr<NevercTokenInfo>();
  ASSERT_EQ(code(gAPI->GetTokenInfo(ctx(), T, Kept[1], &A)), NEVERC_STATUS_OK);
  ASSERT_EQ(code(gAPI->GetTokenInfo(ctx(), T, Kept[1], &B)), NEVERC_STATUS_OK);
  EXPECT_EQ(str(A.Spelling), str(B.Spelling));
  EXPECT_TRUE(A.Range == B.Range);
  // The macro's arguments get their token handles on first request, after
  // the expansion too: "4 + 2".
  ASSERT_FALSE(isNull(Args));
  NevercTokenStreamHandle St{};
  ASSERT_EQ(code(gAPI->GetMacroArgumentTokenStream(ctx(), T, Args, 0, &St)),
            NEVERC_STATUS_OK);
  auto V = hdr<NevercTokenViewList>();
  ASSERT_EQ(code(gAPI->GetTokenStreamView(ctx(), T, St, &V)), NEVERC_STATUS_OK);
  std::string Joined;
  for (uint64_t I = 0; I < V.Count; ++I)
    Joined += str(V.Data[I].Spelling) + " ";
  EXPECT_EQ(Joined, "4 + 2 ");
  EXPECT_EQ(code(gAPI->GetMacroArgumentTokenStream(ctx(), T, Args, 1, &St)),
            NEVERC_STATUS_NOT_FOUND);
}
