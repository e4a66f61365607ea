//===- GraphLinkerTest.cpp - The graph linker's parts, alone
//---------------===//
#include "neverc/link/LinkGraph.h"

#include <gtest/gtest.h>

using namespace neverc::link;

namespace {

TEST(VersionScript, NamedAndAnonymousNodes) {
  std::vector<VersionNode> N;
  std::string Error;
  ASSERT_TRUE(parseVersionScript(
      "# zlib style\nZLIB_1 {\n global:\n  a; b*;\n local:\n  _*;\n};\n"
      "ZLIB_2 { c; } ZLIB_1;\n/* anonymous */ { global: d; local: *; };\n",
      N, Error))
      << Error;
  ASSERT_EQ(N.size(), 3u);
  EXPECT_EQ(N[0].Name, "ZLIB_1");
  EXPECT_EQ(N[0].Global, (std::vector<std::string>{"a", "b*"}));
  EXPECT_EQ(N[0].Local, (std::vector<std::string>{"_*"}));
  EXPECT_EQ(N[1].Name, "ZLIB_2");
  EXPECT_EQ(N[1].Global, (std::vector<std::string>{"c"})); // no label: global
  EXPECT_TRUE(N[2].Name.empty());
  EXPECT_EQ(N[2].Local, (std::vector<std::string>{"*"}));
}

TEST(VersionScript, RefusedWithAReason) {
  std::vector<VersionNode> N;
  std::string Error;
  EXPECT_FALSE(
      parseVersionScript("V { global: extern \"C++\" { f; }; };", N, Error));
  EXPECT_NE(Error.find("extern \"C++\""), std::string::npos) << Error;
  Error.clear();
  EXPECT_FALSE(parseVersionScript("V { a; ", N, Error));
  EXPECT_NE(Error.find("not closed"), std::string::npos) << Error;
  Error.clear();
  EXPECT_FALSE(parseVersionScript("V { a }; ", N, Error));
  EXPECT_NE(Error.find("expected ';'"), std::string::npos) << Error;
}

LinkRequestModel request(uint32_t Kind, uint64_t Flags = 0) {
  LinkRequestModel R;
  R.OutputKind = Kind;
  R.Flags = Flags;
  return R;
}

TEST(GraphLinkerOptions, WhatItTakesAndWhatItRefuses) {
  LinkerOptions O;
  std::string Error;
  std::vector<std::string> Line = {"ld",
                                   "-pie",
                                   "--build-id",
                                   "--eh-frame-hdr",
                                   "-z",
                                   "now",
                                   "-z",
                                   "relro",
                                   "--hash-style=both",
                                   "-dynamic-linker",
                                   "/lib64/ld.so",
                                   "x.o"};
  ASSERT_TRUE(parseLinkerOptions(
      Line, request(NEVERC_LINK_OUTPUT_EXECUTABLE, NEVERC_LINK_OPTION_PIE), O,
      Error))
      << Error;
  EXPECT_TRUE(O.BuildId && O.EhFrameHdr && O.ZNow && O.ZRelro);
  EXPECT_TRUE(O.GnuHash && O.SysvHash);
  EXPECT_EQ(O.DynamicLinker, "/lib64/ld.so");
  EXPECT_TRUE(O.NoUndefined); // an executable's undefined references fail

  LinkerOptions S;
  ASSERT_TRUE(parseLinkerOptions({"ld", "-shared", "x.o"},
                                 request(NEVERC_LINK_OUTPUT_SHARED_LIBRARY), S,
                                 Error));
  EXPECT_FALSE(S.NoUndefined); // a library's are left to its users
  ASSERT_TRUE(parseLinkerOptions({"ld", "-shared", "-z", "defs", "x.o"},
                                 request(NEVERC_LINK_OUTPUT_SHARED_LIBRARY), S,
                                 Error));
  EXPECT_TRUE(S.NoUndefined);

  for (const char *Refused :
       {"--section-start=.text=0", "--defsym=a=b+1", "-Tscript.ld"}) {
    LinkerOptions R;
    Error.clear();
    EXPECT_FALSE(parseLinkerOptions({"ld", Refused, "x.o"},
                                    request(NEVERC_LINK_OUTPUT_EXECUTABLE), R,
                                    Error))
        << Refused;
    EXPECT_NE(Error.find("use -fuse-ld=lld"), std::string::npos) << Error;
  }
  LinkerOptions Z;
  EXPECT_FALSE(parseLinkerOptions({"ld", "-z", "nosuchkeyword", "x.o"},
                                  request(NEVERC_LINK_OUTPUT_EXECUTABLE), Z,
                                  Error));
  // A static PIE is taken (-static -pie --no-dynamic-linker), and so are
  // -m for both targets; another emulation or byte order is refused.
  EXPECT_TRUE(parseLinkerOptions(
      {"ld", "--no-dynamic-linker", "x.o"},
      request(NEVERC_LINK_OUTPUT_EXECUTABLE,
              NEVERC_LINK_OPTION_STATIC | NEVERC_LINK_OPTION_PIE),
      Z, Error))
      << Error;
  for (const char *M : {"elf_x86_64", "aarch64linux"}) {
    LinkerOptions O;
    EXPECT_TRUE(parseLinkerOptions({"ld", "-m", M, "x.o"},
                                   request(NEVERC_LINK_OUTPUT_EXECUTABLE), O,
                                   Error))
        << M << ": " << Error;
    EXPECT_NE(O.Machine, 0u) << M;
  }
  for (const char *A : {"-EB", "-melf_i386"}) {
    LinkerOptions O;
    Error.clear();
    EXPECT_FALSE(parseLinkerOptions(
        {"ld", A, "x.o"}, request(NEVERC_LINK_OUTPUT_EXECUTABLE), O, Error))
        << A;
    EXPECT_NE(Error.find("use -fuse-ld=lld"), std::string::npos) << Error;
  }
  LinkerOptions M;
  EXPECT_FALSE(parseLinkerOptions({"ld", "-m", "elf_i386", "x.o"},
                                  request(NEVERC_LINK_OUTPUT_EXECUTABLE), M,
                                  Error));
  EXPECT_NE(Error.find("the emulation 'elf_i386'"), std::string::npos) << Error;
}

TEST(GraphLinkerSteps, RunInOrderOnly) {
  LinkGraph G({"ld"}, request(NEVERC_LINK_OUTPUT_EXECUTABLE), LinkerOptions());
  // A step runs on the state before it, nowhere else.
  EXPECT_FALSE(runLinkStep(G, LinkStep::Layout));
  EXPECT_NE(G.Error.find("layout"), std::string::npos) << G.Error;
  EXPECT_EQ(G.State, 0u);
  EXPECT_STREQ(linkStepName(LinkStep::InputProbe), "input_probe");
  EXPECT_STREQ(linkStepName(LinkStep::EmitImage), "emit_image");
  EXPECT_TRUE(stepReplaceable(LinkStep::GC));
  EXPECT_FALSE(stepReplaceable(LinkStep::Layout));
}

} // namespace
