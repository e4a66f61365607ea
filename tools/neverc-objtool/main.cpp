//===- main.cpp - neverc-objtool: the object graph from the command line --===//
//
//   neverc-objtool roundtrip [--write=<flags>] <in> <out>
//       read <in> into a graph and write it to <out>
//   neverc-objtool check [--write=<flags>] <file>...
//       read and write each file in memory; without flags the bytes must
//       come back identical, with flags the result must read again
//   neverc-objtool list <file>
//       the graph: sections, symbols, relocations, COMDATs (ELF, COFF and
//       Mach-O relocatables; check and roundtrip take all three: a COFF or
//       Mach-O object another producer wrote must read again as the same
//       graph)
//   neverc-objtool section <file> <name>
//       the bytes of one section, raw, on stdout
//
// <flags>: a comma-separated list of canonical-elf-tables, drop-debug-info,
// android-kernel-release. Exit 0 on success, 1 when a file failed (each
// failure is named on stderr), 2 on a usage error. Uses the object graph
// library alone: no compiler and no plugin host.
//
//===----------------------------------------------------------------------===//
#include "neverc/object/COFF.h"
#include "neverc/object/ELF.h"
#include "neverc/object/Foreign.h"
#include "neverc/object/MachO.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace neverc::object;

namespace {

bool readFile(const std::string &Path, std::string &Out) {
  std::ifstream F(Path, std::ios::binary);
  if (!F)
    return false;
  std::stringstream S;
  S << F.rdbuf();
  Out = S.str();
  return true;
}

bool parseFlags(const std::string &Spec, uint64_t &Flags) {
  Flags = 0;
  size_t Pos = 0;
  while (Pos <= Spec.size()) {
    size_t End = Spec.find(',', Pos);
    std::string W = Spec.substr(Pos, End == std::string::npos ? End : End - Pos);
    if (W == "canonical-elf-tables")
      Flags |= WriteFlag::CanonicalELFTables;
    else if (W == "drop-debug-info")
      Flags |= WriteFlag::DropDebugInfo;
    else if (W == "android-kernel-release")
      Flags |= WriteFlag::AndroidKernelRelease;
    else
      return false;
    if (End == std::string::npos)
      break;
    Pos = End + 1;
  }
  return true;
}

/// ELF through the ELF reader; anything else through the COFF/Mach-O one.
Outcome readAny(const std::string &Bytes, Graph &G) {
  if (Bytes.compare(0, 4, "\x7f" "ELF") == 0)
    return readELF(Bytes, G);
  return readForeign(Bytes, G);
}

int fail(const std::string &Path, const std::string &What) {
  std::cerr << "neverc-objtool: " << Path << ": " << What << "\n";
  return 1;
}

/// The graph facts a COFF rewrite must keep: every section's name and
/// bytes, every symbol's name, definition, section and value, every
/// relocation's place, type and symbol.
std::string describe(const Graph &G) {
  std::string D;
  for (const Section *S : G.sections())
    D += "S " + S->Name + " " + std::to_string(S->size()) + " " +
         std::string(S->bytes()) + "\n";
  for (const Symbol *Y : G.symbols())
    D += "Y " + Y->Name + " " + std::to_string(uint32_t(Y->Def)) + " " +
         (Y->Sec ? Y->Sec->Name : std::string("-")) + " " +
         std::to_string(Y->Value) + "\n";
  for (const Relocation *R : G.relocations())
    D += "R " + R->Sec->Name + " " + std::to_string(R->Offset) + " " +
         std::to_string(R->TargetExtensionKind) + " " +
         (R->TargetSymbol ? R->TargetSymbol->Name : std::string("-")) + "\n";
  return D;
}

/// COFF and Mach-O: written by neverc's writers. An object LLVM wrote
/// comes back byte for byte (COFF: with its time stamp 0,
/// -mno-incremental-linker-compatible); another must read back as the same
/// graph.
int roundTripForeign(const std::string &In, const std::string &Bytes,
                     const std::string *OutPath, uint64_t Flags) {
  Graph G;
  if (Outcome O = readForeign(Bytes, G))
    return fail(In, O.Message);
  if (Flags)
    return fail(In, "the write policies are ELF's");
  std::string Out;
  if (Outcome O =
          G.Format == COFFFormat ? writeCOFF(G, Out) : writeMachO(G, Out))
    return fail(In, O.Message);
  if (OutPath) {
    std::ofstream F(*OutPath, std::ios::binary);
    F.write(Out.data(), std::streamsize(Out.size()));
    return F.good() ? 0 : fail(*OutPath, "cannot write the file");
  }
  if (Out == Bytes)
    return 0;
  // Not LLVM's layout (another producer's object): it must read back as
  // the same graph.
  Graph Again;
  if (Outcome O = readForeign(Out, Again))
    return fail(In, "the rewritten object does not read again: " + O.Message);
  if (describe(G) != describe(Again))
    return fail(In, "the rewritten object reads as another graph");
  std::fprintf(stderr,
               "neverc-objtool: %s: not written back byte for byte; "
               "reads back as the same graph\n",
               In.c_str());
  return 0;
}

int roundTrip(const std::string &In, const std::string *OutPath,
              uint64_t Flags) {
  std::string Bytes;
  if (!readFile(In, Bytes))
    return fail(In, "cannot read the file");
  if (Bytes.compare(0, 4,
                    "\x7f"
                    "ELF") != 0)
    return roundTripForeign(In, Bytes, OutPath, Flags);
  Graph G;
  if (Outcome O = readELF(Bytes, G))
    return fail(In, O.Message);
  std::string Out;
  if (Outcome O = writeELF(G, Flags, Out))
    return fail(In, O.Message);
  if (OutPath) {
    std::ofstream F(*OutPath, std::ios::binary);
    F.write(Out.data(), std::streamsize(Out.size()));
    return F.good() ? 0 : fail(*OutPath, "cannot write the file");
  }
  if (!Flags) {
    if (Out != Bytes) {
      size_t K = 0;
      while (K < Out.size() && K < Bytes.size() && Out[K] == Bytes[K])
        ++K;
      return fail(In, "written back differently from byte " +
                          std::to_string(K));
    }
    return 0;
  }
  Graph Again;
  if (Outcome O = readELF(Out, Again))
    return fail(In, "the rewritten object does not read again: " + O.Message);
  return 0;
}

const char *kindName(SectionKind K) {
  static const char *Names[] = {"text", "read-only-data", "data",
                                "zero-fill", "tls-data", "tls-zero-fill",
                                "debug", "unwind", "format-extension"};
  return Names[uint32_t(K) - uint32_t(SectionKind::Text)];
}

int list(const std::string &In) {
  std::string Bytes;
  if (!readFile(In, Bytes))
    return fail(In, "cannot read the file");
  Graph G;
  if (Outcome O = readAny(Bytes, G))
    return fail(In, O.Message);
  std::printf("graph %s: %zu sections, %zu symbols, %zu relocations, %zu "
              "COMDATs\n",
              G.Triple.c_str(), G.sections().size(), G.symbols().size(),
              G.relocations().size(), G.comdats().size());
  for (const Section *S : G.sections())
    std::printf("section %-24s %-16s size %llu align %llu%s%s\n",
                S->Name.c_str(), kindName(S->Kind),
                (unsigned long long)S->size(),
                (unsigned long long)S->Alignment,
                S->Group ? " comdat " : "",
                S->Group ? S->Group->Name.c_str() : "");
  for (const Symbol *S : G.symbols())
    std::printf("symbol  %-24s %s%s\n", S->Name.empty() ? "(anonymous)" : S->Name.c_str(),
                S->Def == Definition::Undefined ? "undefined"
                : S->Sec ? ("in " + S->Sec->Name).c_str()
                         : "absolute/common",
                "");
  for (const Comdat *C : G.comdats())
    std::printf("comdat  %s\n", C->Name.c_str());
  return 0;
}

int section(const std::string &In, const std::string &Name) {
  std::string Bytes;
  if (!readFile(In, Bytes))
    return fail(In, "cannot read the file");
  Graph G;
  if (Outcome O = readAny(Bytes, G))
    return fail(In, O.Message);
  for (const Section *S : G.sections())
    if (S->Name == Name) {
      std::fwrite(S->bytes().data(), 1, S->bytes().size(), stdout);
      return 0;
    }
  return fail(In, "no section '" + Name + "'");
}

int usage() {
  std::cerr << "usage: neverc-objtool roundtrip [--write=<flags>] <in> <out>\n"
               "       neverc-objtool check [--write=<flags>] <file>...\n"
               "       neverc-objtool list <file>\n"
               "       neverc-objtool section <file> <name>\n";
  return 2;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  if (Args.empty())
    return usage();
  std::string Cmd = Args.front();
  Args.erase(Args.begin());
  uint64_t Flags = 0;
  if (!Args.empty() && Args.front().rfind("--write=", 0) == 0) {
    if (!parseFlags(Args.front().substr(8), Flags) || !legalWriteFlags(Flags)) {
      std::cerr << "neverc-objtool: illegal write flags '"
                << Args.front().substr(8) << "'\n";
      return 2;
    }
    Args.erase(Args.begin());
  }
  if (Cmd == "roundtrip" && Args.size() == 2)
    return roundTrip(Args[0], &Args[1], Flags);
  if (Cmd == "check" && !Args.empty()) {
    int Failed = 0;
    for (const std::string &A : Args)
      Failed += roundTrip(A, nullptr, Flags);
    std::printf("%zu of %zu objects %s\n", Args.size() - Failed, Args.size(),
                Flags ? "rewritten and read again"
                      : "written back byte for byte");
    return Failed ? 1 : 0;
  }
  if (Cmd == "list" && Args.size() == 1)
    return list(Args[0]);
  if (Cmd == "section" && Args.size() == 2)
    return section(Args[0], Args[1]);
  return usage();
}
