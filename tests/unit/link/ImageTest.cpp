//===- ImageTest.cpp - A linked image's facts, read from its bytes --------===//
#include "neverc/link/Image.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace neverc::link;

namespace {

void put(std::string &B, size_t At, uint64_t V, int N) {
  for (int K = 0; K < N; ++K)
    B[At + K] = char(V >> (8 * K));
}

/// A one-segment static executable: ELF header, one PT_LOAD (R+X) over the
/// whole file, 12 bytes of code; no section table.
std::string tiny(uint16_t Type = 2, uint64_t Entry = 0x400078) {
  std::string B(64 + 56 + 12, '\0');
  std::memcpy(&B[0], "\x7f" "ELF\x02\x01\x01", 7);
  put(B, 16, Type, 2);
  put(B, 18, 62, 2);
  put(B, 20, 1, 4);
  put(B, 24, Entry, 8);
  put(B, 32, 64, 8);
  put(B, 52, 64, 2);
  put(B, 54, 56, 2);
  put(B, 56, 1, 2);
  put(B, 64, 1, 4);          // PT_LOAD
  put(B, 68, 5, 4);          // R + X
  put(B, 80, 0x400000, 8);   // p_vaddr
  put(B, 96, B.size(), 8);   // p_filesz
  put(B, 104, B.size(), 8);  // p_memsz
  put(B, 112, 0x1000, 8);
  return B;
}

TEST(LinkImage, FactsOfATinyExecutable) {
  ImageFacts F;
  std::string Error;
  ASSERT_TRUE(readImageFacts(tiny(), F, Error)) << Error;
  EXPECT_EQ(F.ElfType, 2);
  EXPECT_EQ(F.Machine, 62);
  EXPECT_EQ(F.Entry, 0x400078u);
  EXPECT_EQ(F.ImageBase, 0x400000u);
  ASSERT_EQ(F.Segments.size(), 1u);
  EXPECT_EQ(F.Segments[0].Name, "PT_LOAD");
  EXPECT_EQ(F.Segments[0].Flags,
            uint64_t(NEVERC_BINARY_SEGMENT_READ | NEVERC_BINARY_SEGMENT_EXECUTE));
  EXPECT_TRUE(F.Sections.empty());
  EXPECT_EQ(F.Imports + F.Exports + F.DynamicRelocations, 0u);
}

TEST(LinkImage, BrokenImagesAreRefusedWithAReason) {
  ImageFacts F;
  std::string Error;
  EXPECT_FALSE(readImageFacts("", F, Error));
  EXPECT_EQ(Error, "it is not an ELF file");
  std::string B = tiny();
  B[4] = 1; // ELFCLASS32
  EXPECT_FALSE(readImageFacts(B, F, Error));
  EXPECT_NE(Error.find("64-bit little-endian"), std::string::npos);
  B = tiny();
  put(B, 96, B.size() + 1, 8); // p_filesz past the end
  EXPECT_FALSE(readImageFacts(B, F, Error));
  EXPECT_EQ(Error, "a PT_LOAD segment lies past the end of the file");
  B = tiny();
  put(B, 104, 4, 8); // p_memsz < p_filesz
  EXPECT_FALSE(readImageFacts(B, F, Error));
  EXPECT_EQ(Error, "a PT_LOAD segment has more file than memory");
}

TEST(LinkImage, SegmentNames) {
  EXPECT_EQ(segmentTypeName(2), "PT_DYNAMIC");
  EXPECT_EQ(segmentTypeName(0x6474e551), "PT_GNU_STACK");
  EXPECT_EQ(segmentTypeName(0x12345), "PT_0x12345");
}

} // namespace
