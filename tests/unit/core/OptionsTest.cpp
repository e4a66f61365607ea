//===- OptionsTest.cpp - Option descriptors, registry and parser ----------===//
#include "neverc/core/Diagnostics.h"
#include "neverc/core/Options.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

using namespace neverc::core;

namespace {

NevercOptionDescriptor desc(const char *Spelling,
                            NevercOptionForm Form = NEVERC_OPTION_FLAG,
                            NevercOptionValueType Type = NEVERC_OPTION_BOOL,
                            NevercOptionMultiplicity Mult = NEVERC_OPTION_SINGLE) {
  NevercOptionDescriptor D{};
  D.Header = {sizeof D, NEVERC_DRIVER_API_MAJOR, NEVERC_DRIVER_API_MINOR, 0};
  D.Spelling = cview(Spelling);
  D.Form = Form;
  D.ValueType = Type;
  D.Multiplicity = Mult;
  D.ArgumentCount = Form == NEVERC_OPTION_MULTI_ARG ? 2 : 0;
  return D;
}

NevercStringList list(const std::vector<NevercStringView> &V) {
  return NevercStringList{V.data(), V.size(), sizeof(NevercStringView)};
}

//===--- readOptionDescriptor ---------------------------------------------===//

TEST(OptionDescriptor, NullIsInvalidArgument) {
  OptionSpec S;
  EXPECT_EQ(readOptionDescriptor(nullptr, "p", S).Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
}

TEST(OptionDescriptor, ValidDescriptorCopied) {
  std::vector<NevercStringView> Aliases = {cview("-v")};
  NevercOptionDescriptor D =
      desc("--verbose", NEVERC_OPTION_FLAG, NEVERC_OPTION_BOOL,
           NEVERC_OPTION_LAST_WINS);
  D.Aliases = list(Aliases);
  D.Help = cview("be loud");
  D.Required = NEVERC_TRUE;
  OptionSpec S;
  ASSERT_EQ(readOptionDescriptor(&D, "org.p", S).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(S.PluginID, "org.p");
  EXPECT_EQ(S.Spelling, "--verbose");
  ASSERT_EQ(S.Aliases.size(), 1u);
  EXPECT_EQ(S.Aliases[0], "-v");
  EXPECT_EQ(S.Help, "be loud");
  EXPECT_TRUE(S.Required);
  EXPECT_EQ(S.Multiplicity, NEVERC_OPTION_LAST_WINS);
}

TEST(OptionDescriptor, ShortHeader) {
  NevercOptionDescriptor D = desc("--x");
  D.Header.StructSize = sizeof(D) - 8;
  OptionSpec S;
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  D = desc("--x");
  D.Header.Major = 2;
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
}

TEST(OptionDescriptor, BadSpelling) {
  OptionSpec S;
  for (const char *Sp : {"", "-", "x", "nodash", "--has space", "--tab\there"}) {
    NevercOptionDescriptor D = desc(Sp);
    EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
              NEVERC_STATUS_INVALID_DESCRIPTOR)
        << "'" << Sp << "'";
  }
  std::string Long = "--" + std::string(254, 'a');
  NevercOptionDescriptor D = desc(Long.c_str());
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  // An alias with a bad spelling is just as bad.
  std::vector<NevercStringView> Aliases = {cview("bad")};
  D = desc("--good");
  D.Aliases = list(Aliases);
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  D = desc("-g");
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code, NEVERC_STATUS_OK);
}

TEST(OptionDescriptor, FlagMustBeBool) {
  OptionSpec S;
  NevercOptionDescriptor D =
      desc("--x", NEVERC_OPTION_FLAG, NEVERC_OPTION_STRING);
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  D = desc("--x", NEVERC_OPTION_FLAG, NEVERC_OPTION_BOOL);
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code, NEVERC_STATUS_OK);
}

TEST(OptionDescriptor, MultiArgNeedsArgumentCount) {
  OptionSpec S;
  NevercOptionDescriptor D =
      desc("--m", NEVERC_OPTION_MULTI_ARG, NEVERC_OPTION_STRING);
  D.ArgumentCount = 0;
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  D.ArgumentCount = 3;
  ASSERT_EQ(readOptionDescriptor(&D, "p", S).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(S.ArgumentCount, 3u);
}

TEST(OptionDescriptor, EnumNeedsValues) {
  OptionSpec S;
  NevercOptionDescriptor D =
      desc("--e", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_ENUM);
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  NevercOptionEnumValue V[2] = {};
  V[0].Header = {sizeof(NevercOptionEnumValue), 1, 0, 0};
  V[0].Name = cview("fast");
  V[0].Value = 1;
  V[1].Header = V[0].Header;
  V[1].Name = cview("small");
  V[1].Value = 2;
  D.EnumValues = {V, 2, sizeof(NevercOptionEnumValue)};
  ASSERT_EQ(readOptionDescriptor(&D, "p", S).Code, NEVERC_STATUS_OK);
  ASSERT_EQ(S.EnumValues.size(), 2u);
  EXPECT_EQ(S.EnumValues[1].first, "small");
  EXPECT_EQ(S.EnumValues[1].second, 2);
  // Enum values on a non-ENUM option are malformed.
  D.ValueType = NEVERC_OPTION_STRING;
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
}

TEST(OptionDescriptor, UnknownEnumerators) {
  OptionSpec S;
  NevercOptionDescriptor D = desc("--x");
  D.Form = 4;
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  D = desc("--x", NEVERC_OPTION_SEPARATE, 6);
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
  D = desc("--x", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_STRING, 3);
  EXPECT_EQ(readOptionDescriptor(&D, "p", S).Code,
            NEVERC_STATUS_INVALID_DESCRIPTOR);
}

//===--- OptionRegistry ---------------------------------------------------===//

OptionSpec spec(const char *Plugin, const char *Spelling,
                NevercOptionForm Form = NEVERC_OPTION_FLAG,
                NevercOptionValueType Type = NEVERC_OPTION_BOOL,
                NevercOptionMultiplicity Mult = NEVERC_OPTION_SINGLE) {
  OptionSpec S;
  S.PluginID = Plugin;
  S.Spelling = Spelling;
  S.Form = Form;
  S.ValueType = Type;
  S.Multiplicity = Mult;
  S.ArgumentCount = 1;
  return S;
}

TEST(OptionRegistry, DuplicateSpellingOrAlias) {
  OptionRegistry R;
  OptionSpec A = spec("p", "--alpha");
  A.Aliases = {"-a"};
  ASSERT_EQ(R.add(A).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(R.add(spec("q", "--alpha")).Code, NEVERC_STATUS_DUPLICATE_ID);
  EXPECT_EQ(R.add(spec("q", "-a")).Code, NEVERC_STATUS_DUPLICATE_ID)
      << "spelling equal to an existing alias";
  OptionSpec B = spec("q", "--beta");
  B.Aliases = {"--alpha"};
  EXPECT_EQ(R.add(B).Code, NEVERC_STATUS_DUPLICATE_ID)
      << "alias equal to an existing spelling";
  B.Aliases = {"-a"};
  EXPECT_EQ(R.add(B).Code, NEVERC_STATUS_DUPLICATE_ID)
      << "alias equal to an existing alias";
  B.Aliases = {"--beta"};
  EXPECT_EQ(R.add(B).Code, NEVERC_STATUS_DUPLICATE_ID)
      << "alias equal to its own spelling";
  B.Aliases = {"-b"};
  EXPECT_EQ(R.add(B).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(R.all().size(), 2u);
  EXPECT_EQ(R.bySpelling("-a"), &R.all()[0]);
  EXPECT_EQ(R.bySpelling("-b"), &R.all()[1]);
  EXPECT_EQ(R.bySpelling("--gamma"), nullptr);
  EXPECT_EQ(R.byPluginKey("p", "alpha"), &R.all()[0]);
  EXPECT_EQ(R.byPluginKey("p", "--alpha"), &R.all()[0]);
  EXPECT_EQ(R.byPluginKey("q", "alpha"), nullptr);
  EXPECT_TRUE(R.knows("q", "--beta"));
  EXPECT_FALSE(R.knows("p", "--beta"));
}

int DestroyCount = 0;
void NEVERC_CALL countDestroy(void *) { ++DestroyCount; }

// The registry never owns UserData: the host destroys it once at shutdown
// (covered by the host and misbehave suites); forget() must not call it.
TEST(OptionRegistry, ForgetLeavesUserDataToTheHost) {
  DestroyCount = 0;
  int Data = 0;
  OptionRegistry R;
  OptionSpec A = spec("p", "--a");
  A.UserData = &Data;
  A.DestroyUserData = countDestroy;
  OptionSpec B = spec("p", "--b");
  B.DestroyUserData = countDestroy; // NULL UserData: never called
  ASSERT_EQ(R.add(A).Code, NEVERC_STATUS_OK);
  ASSERT_EQ(R.add(B).Code, NEVERC_STATUS_OK);
  R.forget();
  EXPECT_EQ(DestroyCount, 0);
  EXPECT_TRUE(R.all().empty());
}

//===--- OptionParser -----------------------------------------------------===//

class ParserTest : public ::testing::Test {
protected:
  OptionRegistry Reg;
  OptionValues Values;
  CollectingDiagnosticSink Sink;
  std::string Triple = "x86_64-unknown-linux-gnu";
  std::vector<std::string> Active = {"p"};

  OptionParser parser() { return OptionParser(Reg, Values, Sink, Triple, Active); }

  void add(OptionSpec S) { ASSERT_EQ(Reg.add(std::move(S)).Code, NEVERC_STATUS_OK); }

  /// Parses a whole command line; returns the first error (OK if none) and
  /// checks that every argument was consumed as a plugin option.
  NevercStatus parse(std::vector<std::string> Args) {
    OptionParser P = parser();
    NevercStatus First = okStatus();
    size_t I = 0;
    while (I < Args.size()) {
      NevercStatus E;
      size_t Before = I;
      bool Took = P.consume(Args, I, E);
      EXPECT_TRUE(Took) << Args[Before];
      if (!Took)
        return makeStatus(NEVERC_STATUS_NOT_FOUND);
      if (!isOk(E) && isOk(First))
        First = E;
    }
    return First;
  }

  std::vector<std::string> values(const char *Plugin, const char *Spelling) {
    auto *V = Values.get(Plugin, Spelling);
    return V ? *V : std::vector<std::string>{};
  }
};

TEST_F(ParserTest, NotAPluginOption) {
  add(spec("p", "--flag"));
  OptionParser P = parser();
  std::vector<std::string> Args = {"-O2", "file.c", "--flagx", "-"};
  for (size_t I = 0; I < Args.size(); ++I) {
    size_t J = I;
    NevercStatus E;
    EXPECT_FALSE(P.consume(Args, J, E)) << Args[I];
    EXPECT_EQ(J, I);
    EXPECT_EQ(E.Code, NEVERC_STATUS_OK);
  }
}

TEST_F(ParserTest, Flag) {
  OptionSpec F = spec("p", "--flag");
  F.Aliases = {"-f"};
  F.Multiplicity = NEVERC_OPTION_LAST_WINS;
  add(F);
  EXPECT_EQ(parse({"--flag"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--flag"), std::vector<std::string>{"1"});
  EXPECT_EQ(parse({"-f"}).Code, NEVERC_STATUS_OK)
      << "alias records under the canonical spelling";
  EXPECT_EQ(values("p", "--flag"), std::vector<std::string>{"1"});
  EXPECT_EQ(Values.occurrences(Reg.all()[0]), 2u);
}

TEST_F(ParserTest, Joined) {
  add(spec("p", "--x", NEVERC_OPTION_JOINED, NEVERC_OPTION_STRING,
           NEVERC_OPTION_APPEND));
  add(spec("p", "-D=", NEVERC_OPTION_JOINED, NEVERC_OPTION_STRING,
           NEVERC_OPTION_APPEND));
  EXPECT_EQ(parse({"--x=v1", "--xv2", "--x==v3", "-D=a=b"}).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--x"), (std::vector<std::string>{"v1", "v2", "=v3"}));
  EXPECT_EQ(values("p", "-D="), std::vector<std::string>{"a=b"});
}

TEST_F(ParserTest, Separate) {
  add(spec("p", "--s", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_STRING,
           NEVERC_OPTION_APPEND));
  EXPECT_EQ(parse({"--s", "v1", "--s=v2", "--s", "--not-an-option"}).Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--s"),
            (std::vector<std::string>{"v1", "v2", "--not-an-option"}));
  // Joined without '=' is not a SEPARATE form.
  OptionParser P = parser();
  std::vector<std::string> Args = {"--sv3"};
  size_t I = 0;
  NevercStatus E;
  EXPECT_FALSE(P.consume(Args, I, E));
}

TEST_F(ParserTest, SeparateMissingValue) {
  add(spec("p", "--s", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_STRING));
  OptionParser P = parser();
  std::vector<std::string> Args = {"--s"};
  size_t I = 0;
  NevercStatus E;
  EXPECT_TRUE(P.consume(Args, I, E));
  EXPECT_EQ(E.Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(I, 1u);
  EXPECT_EQ(Values.get("p", "--s"), nullptr);
  EXPECT_TRUE(Sink.contains("missing"));
  ASSERT_FALSE(Sink.all().empty());
  EXPECT_EQ(Sink.all().back().PluginID, "p");
}

TEST_F(ParserTest, MultiArgAppend) {
  OptionSpec M = spec("p", "--m", NEVERC_OPTION_MULTI_ARG, NEVERC_OPTION_STRING,
                      NEVERC_OPTION_APPEND);
  M.ArgumentCount = 3;
  add(M);
  EXPECT_EQ(parse({"--m", "a", "b", "c"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--m"), (std::vector<std::string>{"a", "b", "c"}));
}

TEST_F(ParserTest, MultiArgSingleRecordsAllValues) {
  // Regression (fixed core bug): one MULTI_ARG occurrence records its N values as N separate
  // occurrences (OptionParser::consume calls record() per value), so with
  // the default SINGLE multiplicity the second value is refused ("may be
  // given only once") and with LAST_WINS only the last value survives.
  OptionSpec M = spec("p", "--m", NEVERC_OPTION_MULTI_ARG, NEVERC_OPTION_STRING,
                      NEVERC_OPTION_SINGLE);
  M.ArgumentCount = 3;
  add(M);
  EXPECT_EQ(parse({"--m", "a", "b", "c"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--m"), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(Values.occurrences(Reg.all()[0]), 1u);
}

TEST_F(ParserTest, MultiArgMissingValues) {
  OptionSpec M = spec("p", "--m", NEVERC_OPTION_MULTI_ARG, NEVERC_OPTION_STRING,
                      NEVERC_OPTION_APPEND);
  M.ArgumentCount = 3;
  add(M);
  OptionParser P = parser();
  std::vector<std::string> Args = {"--m", "a", "b"};
  size_t I = 0;
  NevercStatus E;
  EXPECT_TRUE(P.consume(Args, I, E));
  EXPECT_EQ(E.Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(Values.get("p", "--m"), nullptr);
}

TEST_F(ParserTest, BoolValues) {
  add(spec("p", "--b", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_BOOL,
           NEVERC_OPTION_APPEND));
  EXPECT_EQ(parse({"--b=true", "--b", "0", "--b=on", "--b=no"}).Code,
            NEVERC_STATUS_OK);
  // Explicit values are recorded verbatim (core.md §11.5), after checking.
  EXPECT_EQ(values("p", "--b"),
            (std::vector<std::string>{"true", "0", "on", "no"}));
  EXPECT_EQ(parse({"--b=maybe"}).Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(values("p", "--b").size(), 4u);
}

TEST_F(ParserTest, IntValues) {
  add(spec("p", "--i", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_INT,
           NEVERC_OPTION_APPEND));
  EXPECT_EQ(parse({"--i=-5", "--i=42", "--i=0x10"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--i"),
            (std::vector<std::string>{"-5", "42", "0x10"}));
  for (const char *Bad : {"--i=", "--i=12abc", "--i=abc",
                          "--i=99999999999999999999999"})
    EXPECT_EQ(parse({Bad}).Code, NEVERC_STATUS_INVALID_ARGUMENT) << Bad;
  EXPECT_EQ(values("p", "--i").size(), 3u);
}

TEST_F(ParserTest, UintValues) {
  add(spec("p", "--u", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_UINT,
           NEVERC_OPTION_APPEND));
  EXPECT_EQ(parse({"--u=7", "--u", "0"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--u"), (std::vector<std::string>{"7", "0"}));
  EXPECT_EQ(parse({"--u=-1"}).Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(parse({"--u=x"}).Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(values("p", "--u").size(), 2u);
}

TEST_F(ParserTest, EnumValues) {
  OptionSpec E = spec("p", "--e", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_ENUM,
                      NEVERC_OPTION_LAST_WINS);
  E.EnumValues = {{"fast", 1}, {"small", 2}};
  add(E);
  EXPECT_EQ(parse({"--e", "small"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--e"), std::vector<std::string>{"small"});
  EXPECT_EQ(parse({"--e=medium"}).Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(parse({"--e=FAST"}).Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(values("p", "--e"), std::vector<std::string>{"small"});
}

TEST_F(ParserTest, SingleTwiceIsError) {
  add(spec("p", "--s", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_STRING,
           NEVERC_OPTION_SINGLE));
  EXPECT_EQ(parse({"--s=a"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(parse({"--s=b"}).Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(values("p", "--s"), std::vector<std::string>{"a"});
  EXPECT_TRUE(Sink.contains("only once"));
}

TEST_F(ParserTest, LastWinsKeepsLast) {
  add(spec("p", "--l", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_STRING,
           NEVERC_OPTION_LAST_WINS));
  EXPECT_EQ(parse({"--l=a", "--l", "b", "--l=c"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--l"), std::vector<std::string>{"c"});
  EXPECT_EQ(Values.occurrences(Reg.all()[0]), 3u);
}

TEST_F(ParserTest, AppendKeepsAll) {
  add(spec("p", "--a", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_STRING,
           NEVERC_OPTION_APPEND));
  EXPECT_EQ(parse({"--a=a", "--a", "b", "--a=c"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--a"), (std::vector<std::string>{"a", "b", "c"}));
}

struct ValidatorLog {
  std::vector<uint64_t> Occurrences;
  std::vector<std::string> Values;
  std::string Plugin, Spelling, Triple;
  std::string RejectValue;
  bool Throw = false;
};

NevercStatus NEVERC_CALL validator(const NevercOptionValidationContext *C,
                                   NevercStringView Value, void *UserData) {
  auto &L = *static_cast<ValidatorLog *>(UserData);
  L.Occurrences.push_back(C->Occurrence);
  L.Values.emplace_back(view(Value));
  L.Plugin = std::string(view(C->PluginID));
  L.Spelling = std::string(view(C->Spelling));
  L.Triple = std::string(view(C->TargetTriple));
  if (L.Throw)
    throw std::runtime_error("validator threw");
  if (view(Value) == L.RejectValue)
    return makeStatus(NEVERC_STATUS_POLICY_VIOLATION);
  return okStatus();
}

TEST_F(ParserTest, ValidatorCalledPerOccurrence) {
  ValidatorLog Log;
  Log.RejectValue = "bad";
  OptionSpec S = spec("p", "--v", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_STRING,
                      NEVERC_OPTION_APPEND);
  S.Validator = validator;
  S.UserData = &Log;
  add(S);
  EXPECT_EQ(parse({"--v=a", "--v", "b"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(Log.Occurrences, (std::vector<uint64_t>{0, 1}));
  EXPECT_EQ(Log.Values, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(Log.Plugin, "p");
  EXPECT_EQ(Log.Spelling, "--v");
  EXPECT_EQ(Log.Triple, Triple);
  // A failing validator's status propagates and nothing is recorded.
  EXPECT_EQ(parse({"--v=bad"}).Code, NEVERC_STATUS_POLICY_VIOLATION);
  EXPECT_EQ(Log.Occurrences.back(), 2u);
  EXPECT_EQ(values("p", "--v"), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(Sink.contains("validator"));
}

TEST_F(ParserTest, ValidatorExceptionBecomesPluginException) {
  ValidatorLog Log;
  Log.Throw = true;
  OptionSpec S = spec("p", "--v", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_STRING);
  S.Validator = validator;
  S.UserData = &Log;
  add(S);
  EXPECT_EQ(parse({"--v=a"}).Code, NEVERC_STATUS_PLUGIN_EXCEPTION);
  EXPECT_EQ(Values.get("p", "--v"), nullptr);
}

TEST_F(ParserTest, TargetPredicate) {
  OptionSpec S = spec("p", "--x86only");
  S.TargetPredicate = "x86_64-*-linux*";
  add(S);
  Triple = "x86_64-unknown-linux-gnu";
  EXPECT_EQ(parse({"--x86only"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("p", "--x86only"), std::vector<std::string>{"1"});
  OptionValues Other;
  OptionParser P(Reg, Other, Sink, "aarch64-unknown-linux-gnu", Active);
  std::vector<std::string> Args = {"--x86only"};
  size_t I = 0;
  NevercStatus E;
  EXPECT_TRUE(P.consume(Args, I, E));
  EXPECT_EQ(E.Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(Other.get("p", "--x86only"), nullptr);
  EXPECT_TRUE(Sink.contains("not available"));
}

TEST_F(ParserTest, FinishRequired) {
  OptionSpec R = spec("p", "--req");
  R.Required = true;
  add(R);
  EXPECT_EQ(parser().finish().Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(Sink.contains("required"));
  EXPECT_EQ(parse({"--req"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(parser().finish().Code, NEVERC_STATUS_OK);
}

TEST_F(ParserTest, FinishRequiredButUnavailableIsFine) {
  OptionSpec R = spec("p", "--req");
  R.Required = true;
  R.TargetPredicate = "arm*";
  add(R);
  EXPECT_EQ(parser().finish().Code, NEVERC_STATUS_OK);
}

TEST_F(ParserTest, FinishConflicts) {
  OptionSpec A = spec("p", "--a");
  A.Conflicts = {"--b"};
  add(A);
  add(spec("p", "--b"));
  add(spec("p", "--c"));
  EXPECT_EQ(parse({"--a", "--c"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(parser().finish().Code, NEVERC_STATUS_OK);
  EXPECT_EQ(parse({"--b"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(parser().finish().Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(Sink.contains("cannot be used with"));
}

TEST_F(ParserTest, FinishRequires) {
  OptionSpec A = spec("p", "--a");
  A.Requires = {"--b"};
  add(A);
  add(spec("p", "--b"));
  EXPECT_EQ(parser().finish().Code, NEVERC_STATUS_OK) << "--a not given";
  EXPECT_EQ(parse({"--a"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(parser().finish().Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(Sink.contains("requires"));
  EXPECT_EQ(parse({"--b"}).Code, NEVERC_STATUS_OK);
  EXPECT_EQ(parser().finish().Code, NEVERC_STATUS_OK);
}

//===--- -fplugin-arg= / -fplugin-pass-arg= -------------------------------===//

class PluginArgTest : public ParserTest {
protected:
  void SetUp() override {
    Active = {"org.ex.cc"};
    add(spec("org.ex.cc", "--cc-all", NEVERC_OPTION_FLAG, NEVERC_OPTION_BOOL,
             NEVERC_OPTION_LAST_WINS));
    add(spec("org.ex.cc", "--ccspec", NEVERC_OPTION_SEPARATE,
             NEVERC_OPTION_STRING, NEVERC_OPTION_APPEND));
    add(spec("other", "--ccspec2", NEVERC_OPTION_SEPARATE,
             NEVERC_OPTION_STRING, NEVERC_OPTION_APPEND));
  }
};

TEST_F(PluginArgTest, QualifiedValueKeptVerbatim) {
  EXPECT_EQ(parser().pluginArg("org.ex.cc:ccspec=gpr:rcx;ret:rax").Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(parser().pluginArg("org.ex.cc:ccspec=a=b,c:d").Code,
            NEVERC_STATUS_OK);
  EXPECT_EQ(parser().pluginArg("org.ex.cc:ccspec=").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("org.ex.cc", "--ccspec"),
            (std::vector<std::string>{"gpr:rcx;ret:rax", "a=b,c:d", ""}));
}

TEST_F(PluginArgTest, QualifiedFlagRecordsOne) {
  EXPECT_EQ(parser().pluginArg("org.ex.cc:cc-all").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("org.ex.cc", "--cc-all"), std::vector<std::string>{"1"});
  // A key without '=' on a value option is an error.
  EXPECT_EQ(parser().pluginArg("org.ex.cc:ccspec").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
}

TEST_F(PluginArgTest, DashedKeyMatchesSpelling) {
  EXPECT_EQ(parser().pluginArg("org.ex.cc:--ccspec=x").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(parser().pluginArg("org.ex.cc:ccspec=y").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("org.ex.cc", "--ccspec"),
            (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(parser().pluginArg("org.ex.cc:-ccspec=z").Code,
            NEVERC_STATUS_INVALID_ARGUMENT)
      << "only the registered spelling or all dashes removed";
}

TEST_F(PluginArgTest, UnqualifiedWithOneActivePlugin) {
  EXPECT_EQ(parser().pluginArg("ccspec=k:v").Code, NEVERC_STATUS_OK)
      << "':' after the first '=' belongs to the value";
  EXPECT_EQ(parser().pluginArg("cc-all").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("org.ex.cc", "--ccspec"), std::vector<std::string>{"k:v"});
  EXPECT_EQ(values("org.ex.cc", "--cc-all"), std::vector<std::string>{"1"});
}

TEST_F(PluginArgTest, UnqualifiedWithTwoActivePlugins) {
  Active = {"org.ex.cc", "other"};
  EXPECT_EQ(parser().pluginArg("ccspec=v").Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(Sink.contains("must name its plugin"));
  EXPECT_EQ(parser().pluginArg("other:ccspec2=v").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("other", "--ccspec2"), std::vector<std::string>{"v"});
  EXPECT_EQ(Values.get("org.ex.cc", "--ccspec"), nullptr);
}

TEST_F(PluginArgTest, UnknownPluginOrKey) {
  EXPECT_EQ(parser().pluginArg("org.ex.nope:ccspec=v").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(Sink.contains("not loaded"));
  // "other" has options but is not active.
  EXPECT_EQ(parser().pluginArg("other:ccspec2=v").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(parser().pluginArg("org.ex.cc:nokey=v").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(parser().pluginArg("org.ex.cc:=v").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  // Another plugin's option is not reachable through this plugin's ID.
  EXPECT_EQ(parser().pluginArg("org.ex.cc:ccspec2=v").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(Values.get("other", "--ccspec2"), nullptr);
}

TEST_F(PluginArgTest, NoActivePlugins) {
  Active.clear();
  EXPECT_EQ(parser().pluginArg("org.ex.cc:cc-all").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(parser().pluginArg("cc-all").Code, NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(Sink.contains("no plugin is loaded"));
  EXPECT_EQ(Values.get("org.ex.cc", "--cc-all"), nullptr);
}

TEST_F(PluginArgTest, PassArg) {
  EXPECT_EQ(parser().passArg("ccspec=a:b", "org.ex.cc").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("org.ex.cc", "--ccspec"), std::vector<std::string>{"a:b"});
  EXPECT_EQ(parser().passArg("cc-all", "org.ex.cc").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(values("org.ex.cc", "--cc-all"), std::vector<std::string>{"1"});
  EXPECT_EQ(parser().passArg("ccspec=c", "").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(Sink.contains("-fplugin-pass="));
  EXPECT_EQ(values("org.ex.cc", "--ccspec"), std::vector<std::string>{"a:b"});
}

TEST_F(PluginArgTest, PluginArgRespectsTypeAndMultiplicity) {
  add(spec("org.ex.cc", "--level", NEVERC_OPTION_SEPARATE, NEVERC_OPTION_UINT,
           NEVERC_OPTION_SINGLE));
  EXPECT_EQ(parser().pluginArg("org.ex.cc:level=x").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(parser().pluginArg("org.ex.cc:level=3").Code, NEVERC_STATUS_OK);
  EXPECT_EQ(parser().pluginArg("org.ex.cc:level=4").Code,
            NEVERC_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(values("org.ex.cc", "--level"), std::vector<std::string>{"3"});
}

//===--- globMatch --------------------------------------------------------===//

TEST(GlobMatch, Matches) {
  EXPECT_TRUE(globMatch("", ""));
  EXPECT_TRUE(globMatch("*", ""));
  EXPECT_TRUE(globMatch("*", "anything"));
  EXPECT_TRUE(globMatch("x86_64-*", "x86_64-unknown-linux-gnu"));
  EXPECT_TRUE(globMatch("*-linux-*", "x86_64-unknown-linux-gnu"));
  EXPECT_TRUE(globMatch("x86_64-?nknown-*", "x86_64-unknown-linux-gnu"));
  EXPECT_TRUE(globMatch("a*b*c", "aXXbYYc"));
  EXPECT_TRUE(globMatch("a*b", "abab"));
  EXPECT_TRUE(globMatch("exact", "exact"));
  EXPECT_TRUE(globMatch("**a", "a"));
}

TEST(GlobMatch, Rejects) {
  EXPECT_FALSE(globMatch("", "a"));
  EXPECT_FALSE(globMatch("a", ""));
  EXPECT_FALSE(globMatch("?", ""));
  EXPECT_FALSE(globMatch("x86_64-*", "aarch64-unknown-linux-gnu"));
  EXPECT_FALSE(globMatch("*-linux", "x86_64-unknown-linux-gnu"));
  EXPECT_FALSE(globMatch("exact", "exactly"));
  EXPECT_FALSE(globMatch("a*b*c", "aXXbYY"));
  EXPECT_FALSE(globMatch("??", "a"));
}

} // namespace
