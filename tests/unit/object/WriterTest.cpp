//===- WriterTest.cpp - The ELF writer's policies and refusals ------------===//
//
// A graph built from nothing (no native facts) writes a relocatable object
// that reads back to the same graph; the writer's refusals (anonymous
// symbols, relocations no native type says, COMDATs without a signature,
// illegal or unimplemented policies) are exact; the policies do what they
// say.
//
//===----------------------------------------------------------------------===//
#include "neverc/object/ELF.h"

#include <gtest/gtest.h>

using namespace neverc::object;

namespace {

/// .text with a call to `ext` and a global `f`, as a plugin could build it.
void build(Graph &G) {
  G.Triple = "x86_64-unknown-linux-gnu";
  SectionFields T;
  T.Name = ".text";
  T.Kind = SectionKind::Text;
  T.Flags = SectionFlag::Allocated | SectionFlag::Executable;
  T.Alignment = 16;
  T.Data = std::string("\xe8\0\0\0\0\xc3", 6);
  Section *Text = G.appendSection(T);
  SymbolFields F;
  F.Name = "f";
  F.Bind = Binding::Global;
  F.Type = SymbolType::Function;
  F.Def = Definition::Defined;
  F.Sec = Text;
  F.Size = 6;
  G.appendSymbol(F);
  SymbolFields E;
  E.Name = "ext";
  E.Bind = Binding::Global;
  Symbol *Ext = G.appendSymbol(E);
  RelocationFields R;
  R.Sec = Text;
  R.Offset = 1;
  R.Kind = RelocKind::PLTRelative;
  R.Width = 4;
  R.PCRel = R.Signed = true;
  R.Addend = -4;
  R.Target = RelocTarget::Symbol;
  R.TargetSymbol = Ext;
  G.appendRelocation(R);
}

TEST(ObjectELFWriter, ABuiltGraphWritesAndReadsBack) {
  Graph G;
  build(G);
  std::string Out;
  ASSERT_FALSE(writeELF(G, 0, Out));
  Graph Back;
  Outcome O = readELF(Out, Back);
  ASSERT_FALSE(O) << O.Message;
  ASSERT_EQ(Back.sections().size(), 1u);
  EXPECT_EQ(Back.sections().front()->Name, ".text");
  EXPECT_EQ(Back.sections().front()->Data, G.sections().front()->Data);
  ASSERT_EQ(Back.symbols().size(), 2u);
  ASSERT_EQ(Back.relocations().size(), 1u);
  const Relocation *R = Back.relocations().front();
  EXPECT_EQ(R->Kind, RelocKind::PLTRelative);
  EXPECT_EQ(R->Addend, -4);
  EXPECT_EQ(R->TargetSymbol->Name, "ext");
  // Read back, the graph writes the same bytes again.
  std::string Again;
  ASSERT_FALSE(writeELF(Back, 0, Again));
  EXPECT_EQ(Again, Out);
}

TEST(ObjectELFWriter, AnonymousSymbolsNeedTheirNativeRecord) {
  Graph G;
  build(G);
  SymbolFields A;
  A.Bind = Binding::Global; // no name, no NCSY: the graph says nothing
  G.appendSymbol(A);
  std::string Out;
  Outcome O = writeELF(G, 0, Out);
  EXPECT_EQ(O.Code, Errc::InvalidArgument);
  EXPECT_NE(O.Message.find("without a name"), std::string::npos);
  EXPECT_TRUE(Out.empty()) << "refused before anything is written";
}

TEST(ObjectELFWriter, RelocationsNeedANativeType) {
  Graph G;
  build(G);
  Relocation *R = G.relocations().front();
  R->Kind = RelocKind::ImageRelative; // no ELF x86-64 type says this
  std::string Out;
  EXPECT_EQ(writeELF(G, 0, Out).Code, Errc::InvalidArgument);
}

TEST(ObjectELFWriter, ComdatsNeedASignatureSymbol) {
  Graph G;
  build(G);
  ComdatFields C;
  C.Name = "nosuchsymbol";
  Comdat *K = G.appendComdat(C);
  G.sections().front()->Group = K;
  std::string Out;
  EXPECT_EQ(writeELF(G, 0, Out).Code, Errc::InvalidState);
  K->Name = "f";
  ASSERT_FALSE(writeELF(G, 0, Out));
  Graph Back;
  ASSERT_FALSE(readELF(Out, Back));
  ASSERT_EQ(Back.comdats().size(), 1u);
  EXPECT_EQ(Back.comdats().front()->Name, "f");
  EXPECT_EQ(Back.sections().front()->Group, Back.comdats().front());
}

TEST(ObjectELFWriter, WriteFlagCombinations) {
  using namespace WriteFlag;
  EXPECT_TRUE(legalWriteFlags(0));
  EXPECT_TRUE(legalWriteFlags(CanonicalELFTables));
  EXPECT_TRUE(legalWriteFlags(CanonicalELFTables | DropDebugInfo));
  EXPECT_TRUE(legalWriteFlags(CanonicalELFTables | AndroidKernelRelease));
  EXPECT_TRUE(legalWriteFlags(Known));
  EXPECT_FALSE(legalWriteFlags(DropDebugInfo));
  EXPECT_FALSE(legalWriteFlags(AndroidKernelRelease));
  EXPECT_FALSE(legalWriteFlags(DropDebugInfo | AndroidKernelRelease));
  EXPECT_FALSE(legalWriteFlags(8));
  Graph G;
  build(G);
  std::string Out;
  EXPECT_EQ(writeELF(G, DropDebugInfo, Out).Code, Errc::InvalidArgument);
  EXPECT_EQ(writeELF(G, CanonicalELFTables | AndroidKernelRelease, Out).Code,
            Errc::Unsupported);
}

TEST(ObjectELFWriter, CanonicalTablesAndDroppedDebugInfo) {
  Graph G;
  build(G);
  SectionFields D;
  D.Name = ".debug_info";
  D.Kind = SectionKind::Debug;
  D.Flags = SectionFlag::Debug;
  D.Data = "dwarf";
  G.appendSection(D);
  std::string Plain, Canon, NoDebug;
  ASSERT_FALSE(writeELF(G, 0, Plain));
  ASSERT_FALSE(writeELF(G, WriteFlag::CanonicalELFTables, Canon));
  ASSERT_FALSE(writeELF(
      G, WriteFlag::CanonicalELFTables | WriteFlag::DropDebugInfo, NoDebug));
  EXPECT_EQ(Plain.find(".shstrtab"), std::string::npos)
      << "one table serves symbols and sections";
  EXPECT_NE(Canon.find(".shstrtab"), std::string::npos);
  Graph Back;
  ASSERT_FALSE(readELF(NoDebug, Back));
  for (const Section *S : Back.sections())
    EXPECT_NE(S->Kind, SectionKind::Debug) << S->Name;
  EXPECT_EQ(Back.sections().size(), 1u);
}

TEST(ObjectELFWriter, MalformedInputIsRefusedWithAMessage) {
  Graph G;
  std::string Junk = "\x7f" "ELF";
  Junk.resize(80, '\xff');
  Outcome O = readELF(Junk, G);
  EXPECT_TRUE(O);
  EXPECT_FALSE(O.Message.empty());
  Graph H;
  EXPECT_EQ(readELF("not an object", H).Code, Errc::InvalidArgument);
}

} // namespace
