//===- RequestTest.cpp - A GNU ld command line read as a link request -----===//
#include "neverc/link/Request.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <unistd.h>
#include <filesystem>
#include <fstream>

using namespace neverc::link;

namespace {

std::vector<std::string> argv(std::initializer_list<const char *> A) {
  std::vector<std::string> V{"ld.lld"};
  V.insert(V.end(), A.begin(), A.end());
  return V;
}

TEST(LinkRequest, OutputKindAndOptions) {
  LinkRequestModel R;
  ASSERT_TRUE(parseLinkLine(argv({"-pie", "--gc-sections", "--icf=all", "-E",
                                  "-o", "prog", "-e", "start", "-z",
                                  "max-page-size=0x4000", "--image-base=0x10000",
                                  "--threads=2"}),
                            R));
  EXPECT_EQ(R.OutputPath, "prog");
  EXPECT_EQ(R.OutputKind, NEVERC_LINK_OUTPUT_EXECUTABLE);
  EXPECT_EQ(R.Flags, NEVERC_LINK_OPTION_PIE | NEVERC_LINK_OPTION_GC_SECTIONS |
                         NEVERC_LINK_OPTION_ICF |
                         NEVERC_LINK_OPTION_EXPORT_DYNAMIC);
  EXPECT_EQ(R.Entry, "start");
  EXPECT_EQ(R.PageSize, 0x4000u);
  EXPECT_EQ(R.ImageBase, 0x10000u);
  EXPECT_EQ(R.Threads, 2u);

  LinkRequestModel S;
  ASSERT_TRUE(parseLinkLine(argv({"-shared", "-soname", "libx.so.1",
                                  "--output=libx.so", "-pie", "-no-pie"}),
                            S));
  EXPECT_EQ(S.OutputKind, NEVERC_LINK_OUTPUT_SHARED_LIBRARY);
  EXPECT_EQ(S.Soname, "libx.so.1");
  EXPECT_EQ(S.OutputPath, "libx.so");
  EXPECT_EQ(S.Flags, 0u) << "-no-pie after -pie clears it";
}

TEST(LinkRequest, RelocatableIsTakenQueriesAreNot) {
  LinkRequestModel R;
  ASSERT_TRUE(parseLinkLine(argv({"-r", "a.o", "-o", "b.o"}), R));
  EXPECT_EQ(R.OutputKind, NEVERC_LINK_OUTPUT_RELOCATABLE);
  EXPECT_EQ(R.OutputPath, "b.o");
  LinkRequestModel R2;
  ASSERT_TRUE(parseLinkLine(argv({"--relocatable", "a.o"}), R2));
  EXPECT_EQ(R2.OutputKind, NEVERC_LINK_OUTPUT_RELOCATABLE);
  LinkRequestModel Q;
  EXPECT_FALSE(parseLinkLine(argv({"--version"}), Q));
  LinkRequestModel V;
  EXPECT_TRUE(parseLinkLine(argv({"-v", "a.o"}), V)) << "-v with inputs links";
}

TEST(LinkRequest, InputsInOrderWithTheirFlags) {
  namespace fs = std::filesystem;
  fs::path Dir = fs::temp_directory_path() /
                 ("neverc-unit-link-" + std::to_string(::getpid()));
  fs::create_directories(Dir);
  std::ofstream(Dir / "libfoo.a") << "!<arch>\n";
  std::ofstream(Dir / "libbar.so") << "/* GNU ld script */\nGROUP ( x )\n";
  std::ofstream(Dir / "libbar.a") << "!<arch>\n";
  LinkRequestModel R;
  std::string L = "-L" + Dir.string();
  ASSERT_TRUE(parseLinkLine(
      argv({"a.o", "--whole-archive", "-lfoo", "--no-whole-archive",
            "--as-needed", "--start-group", "-lbar", "b.o", "--end-group",
            "-lmissing", L.c_str(), "-o", "out", "-static", "-lbar"}),
      R));
  ASSERT_EQ(R.Inputs.size(), 6u);
  EXPECT_EQ(R.Inputs[0].URI, "a.o");
  EXPECT_EQ(R.Inputs[0].Kind, NEVERC_LINK_INPUT_UNKNOWN) << "a.o does not exist";
  EXPECT_EQ(R.Inputs[1].URI, (Dir / "libfoo.a").string())
      << "-l found through a later -L";
  EXPECT_EQ(R.Inputs[1].Kind, NEVERC_LINK_INPUT_ARCHIVE);
  EXPECT_EQ(R.Inputs[1].Flags, NEVERC_LINK_INPUT_FLAG_WHOLE_ARCHIVE);
  EXPECT_EQ(R.Inputs[2].URI, (Dir / "libbar.so").string()) << ".so first";
  EXPECT_EQ(R.Inputs[2].Kind, NEVERC_LINK_INPUT_SCRIPT);
  EXPECT_EQ(R.Inputs[2].Flags, NEVERC_LINK_INPUT_FLAG_AS_NEEDED |
                                   NEVERC_LINK_INPUT_FLAG_START_GROUP);
  EXPECT_EQ(R.Inputs[3].URI, "b.o");
  EXPECT_EQ(R.Inputs[3].Flags, NEVERC_LINK_INPUT_FLAG_AS_NEEDED |
                                   NEVERC_LINK_INPUT_FLAG_END_GROUP);
  EXPECT_EQ(R.Inputs[4].URI, "-lmissing");
  EXPECT_EQ(R.Inputs[5].URI, (Dir / "libbar.a").string())
      << "after -static only archives";
  EXPECT_LT(R.Inputs[0].Ordinal, R.Inputs[1].Ordinal);
  EXPECT_EQ(R.Libraries,
            (std::vector<std::string>{"foo", "bar", "missing", "bar"}));
  EXPECT_EQ(R.SearchPaths, (std::vector<std::string>{Dir.string()}));
  EXPECT_TRUE(R.Flags & NEVERC_LINK_OPTION_STATIC);
  EXPECT_TRUE(R.Flags & NEVERC_LINK_OPTION_WHOLE_ARCHIVE);
  fs::remove_all(Dir);
}

TEST(LinkRequest, SeparateValuesAreNotInputs) {
  LinkRequestModel R;
  ASSERT_TRUE(parseLinkLine(argv({"-dynamic-linker", "/lib/ld.so", "-m",
                                  "elf_x86_64", "--version-script", "v.map",
                                  "-z", "now", "-T", "s.ld", "main.o"}),
                            R));
  ASSERT_EQ(R.Inputs.size(), 1u);
  EXPECT_EQ(R.Inputs[0].URI, "main.o");
}

TEST(LinkRequest, StagedLineMovesEveryOutput) {
  LinkRequestModel R;
  std::vector<std::string> A =
      argv({"-o", "prog", "main.o", "-Map", "m.map", "--why-extract=w.txt",
            "-oformat=binary", "--output", "prog2", "-Map=-"});
  ASSERT_TRUE(parseLinkLine(A, R));
  EXPECT_EQ(R.OutputPath, "prog2") << "the last -o wins, as in lld";
  ASSERT_EQ(R.Side.size(), 2u) << "-Map=- is standard output, not a file";
  std::string Image;
  std::vector<std::string> S = stagedLinkLine(A, R, "/stage", Image);
  EXPECT_EQ(Image, "/stage/image");
  EXPECT_EQ(R.Side[0].StagedPath, "/stage/side0");
  EXPECT_EQ(R.Side[1].StagedPath, "/stage/side1");
  std::vector<std::string> Want = {"ld.lld",
                                   "--output=/stage/image",
                                   "main.o",
                                   "-Map=/stage/side0",
                                   "--why-extract=/stage/side1",
                                   "-oformat=binary",
                                   "--output=/stage/image",
                                   "-Map=-"};
  EXPECT_EQ(S, Want);

  LinkRequestModel N;
  std::vector<std::string> B = argv({"main.o"});
  ASSERT_TRUE(parseLinkLine(B, N));
  EXPECT_EQ(N.OutputPath, "a.out") << "lld's default";
  EXPECT_EQ(stagedLinkLine(B, N, "/d", Image).back(), "--output=/d/image");
}

} // namespace
