//===- Options.cpp - The GNU ld options the graph linker honours ----------===//
//
// The request (Request.cpp) says what every linker needs; this reads the
// rest of what the graph linker acts on. An option it does not act on is
// refused by name rather than ignored, unless ignoring it cannot change
// the image (diagnostic and speed options): a link either means what the
// line says or does not happen.
//
//===----------------------------------------------------------------------===//
#include "Arch.h"
#include "neverc/link/LinkGraph.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <cstdio>

namespace neverc::link {
namespace {

/// "-x v", "-x=v", "--x v", "--x=v", and "-xv" when \p Joined.
bool valueOf(const std::vector<std::string> &Argv, size_t &I,
             std::initializer_list<llvm::StringRef> Names, std::string &V,
             bool Joined = false) {
  llvm::StringRef A = Argv[I];
  for (llvm::StringRef N : Names) {
    if (A == N) {
      if (I + 1 >= Argv.size())
        return false;
      V = Argv[++I];
      return true;
    }
    if (A.starts_with(N) && A.size() > N.size() &&
        (A[N.size()] == '=' || Joined)) {
      V = A.substr(N.size() + (A[N.size()] == '=' ? 1 : 0)).str();
      return true;
    }
  }
  return false;
}

/// Options that cannot change the image, or whose meaning the request
/// already carries (Request.cpp reads them).
bool harmless(llvm::StringRef A) {
  static const llvm::StringSet<> Flags = {"-pie",
                                          "--pie",
                                          "-no-pie",
                                          "--no-pie",
                                          "-shared",
                                          "--shared",
                                          "-Bshareable",
                                          "-static",
                                          "--static",
                                          "-Bstatic",
                                          "-dn",
                                          "-non_shared",
                                          "--gc-sections",
                                          "-gc-sections",
                                          "--no-gc-sections",
                                          "-no-gc-sections",
                                          "--as-needed",
                                          "-as-needed",
                                          "--no-as-needed",
                                          "-no-as-needed",
                                          "--whole-archive",
                                          "-whole-archive",
                                          "--no-whole-archive",
                                          "-no-whole-archive",
                                          "--start-group",
                                          "-start-group",
                                          "--end-group",
                                          "-end-group",
                                          "-(",
                                          "-)",
                                          "-Bdynamic",
                                          "-dy",
                                          "-call_shared",
                                          "--eh-frame-hdr",
                                          "--no-eh-frame-hdr",
                                          "--fatal-warnings",
                                          "--no-fatal-warnings",
                                          "--color-diagnostics",
                                          "--no-color-diagnostics",
                                          "-O0",
                                          "-O1",
                                          "-O2",
                                          "-O3",
                                          "--sort-common",
                                          "--no-undefined",
                                          "-z",
                                          "--allow-shlib-undefined",
                                          "--no-allow-shlib-undefined",
                                          "--warn-common",
                                          "--no-warn-common",
                                          "--warn-once",
                                          "--no-warn-mismatch",
                                          "--enable-new-dtags",
                                          "--disable-new-dtags",
                                          "--no-copy-dt-needed-entries",
                                          "--discard-locals",
                                          "-X",
                                          "-EL", // the only byte order
                                          "--discard-none",
                                          "--stats",
                                          "--time-trace",
                                          "--print-gc-sections",
                                          "--no-print-gc-sections",
                                          "--relax",
                                          "--no-relax",
                                          "-nostdlib",
                                          "--nostdlib",
                                          "--error-unresolved-symbols",
                                          "--warn-unresolved-symbols",
                                          "--demangle",
                                          "--no-demangle",
                                          "--build-id",
                                          "-E",
                                          "--export-dynamic",
                                          "-export-dynamic",
                                          "--no-export-dynamic",
                                          "-s",
                                          "--strip-all",
                                          "-S",
                                          "--strip-debug",
                                          "-g",
                                          "--icf=none",
                                          "--icf=all",
                                          "--icf=safe",
                                          "-icf=none",
                                          "-icf=all",
                                          "-icf=safe",
                                          "-Bsymbolic-functions"};
  return Flags.contains(A) || A.starts_with("--color-diagnostics=") ||
         A.starts_with("--threads") || A.starts_with("-threads") ||
         A.starts_with("--build-id=") || A.starts_with("--hash-style") ||
         A.starts_with("--error-limit") || A.starts_with("-L") ||
         A.starts_with("--library-path") || A.starts_with("-l") ||
         A.starts_with("--library=") || A.starts_with("-o") ||
         A.starts_with("--output") || A.starts_with("-soname") ||
         A.starts_with("--soname") || A.starts_with("-h") ||
         A.starts_with("--why-extract") || A.starts_with("-Map") ||
         A.starts_with("--Map") || A.starts_with("-e") ||
         A.starts_with("--entry") || A.starts_with("-u") ||
         A.starts_with("--undefined") || A.starts_with("--sysroot") ||
         A.starts_with("-dynamic-linker") ||
         A.starts_with("--dynamic-linker") || A.starts_with("-rpath") ||
         A.starts_with("--rpath") || A.starts_with("-R");
}

} // namespace

bool parseLinkerOptions(const std::vector<std::string> &Argv,
                        const LinkRequestModel &R, LinkerOptions &O,
                        std::string &Error) {
  auto Refuse = [&](const std::string &What) {
    Error =
        What + " is not supported by the graph linker yet; use -fuse-ld=lld";
    return false;
  };
  if (R.OutputKind != NEVERC_LINK_OUTPUT_EXECUTABLE &&
      R.OutputKind != NEVERC_LINK_OUTPUT_SHARED_LIBRARY &&
      R.OutputKind != NEVERC_LINK_OUTPUT_RELOCATABLE)
    return Refuse("this output kind");
  // A shared library may leave references to its users (lld's default).
  O.NoUndefined = R.OutputKind == NEVERC_LINK_OUTPUT_EXECUTABLE;
  bool NoDynamicLinker = false;
  for (size_t I = 1; I < Argv.size(); ++I) {
    llvm::StringRef A = Argv[I];
    std::string V;
    if (A == "-z" || (A.starts_with("-z") && A.size() > 2)) {
      if (A == "-z") {
        if (I + 1 >= Argv.size())
          return Refuse("'-z' without a keyword");
        V = Argv[++I];
      } else {
        V = A.substr(2).str();
      }
      llvm::StringRef Z = V;
      if (Z == "now")
        O.ZNow = true;
      else if (Z == "lazy")
        O.ZNow = false;
      else if (Z == "relro")
        O.ZRelro = true;
      else if (Z == "norelro")
        O.ZRelro = false;
      else if (Z == "execstack")
        O.ExecStack = true;
      else if (Z == "noexecstack")
        O.ExecStack = false;
      else if (Z == "defs")
        O.NoUndefined = true;
      else if (Z == "undefs")
        O.NoUndefined = false;
      else if (Z.consume_front("max-page-size=")) {
        uint64_t N = 0;
        if (Z.getAsInteger(0, N) || !N || (N & (N - 1)) || N < 4096)
          return Refuse("'-z " + V + "'");
        O.MaxPageSize = N;
      } else if (Z == "text" || Z == "noseparate-code" ||
               Z.starts_with("common-page-size=4096") || Z == "origin" ||
               Z == "nodelete" || Z == "nocopyreloc" || Z == "notext")
        continue; // the image is already so, or the flag is not ours
      else
        return Refuse("'-z " + V + "'");
      continue;
    }
    const bool List = valueOf(Argv, I, {"--dynamic-list", "-dynamic-list"}, V);
    if (List || valueOf(Argv, I, {"--version-script", "-version-script"}, V)) {
      std::FILE *F = std::fopen(V.c_str(), "rb");
      if (!F) {
        Error = std::string("cannot open ") +
                (List ? "dynamic list " : "version script ") + V;
        return false;
      }
      std::string Text;
      char Buf[4096];
      for (size_t N; (N = std::fread(Buf, 1, sizeof Buf, F)) > 0;)
        Text.append(Buf, N);
      std::fclose(F);
      (List ? O.DynamicLists : O.VersionScripts).push_back(std::move(Text));
    } else if (valueOf(Argv, I, {"--wrap", "-wrap"}, V)) {
      O.Wrap.push_back(V);
    } else if (valueOf(Argv, I, {"--defsym", "-defsym"}, V)) {
      // NAME=NUMBER or NAME=SYMBOL; lld's expressions beyond those are not
      // read.
      size_t Eq = V.find('=');
      std::string Name = Eq == std::string::npos ? "" : V.substr(0, Eq);
      std::string Value = Eq == std::string::npos ? "" : V.substr(Eq + 1);
      auto Plain = [](const std::string &S) {
        return !S.empty() &&
               S.find_first_of(" +-*/()~&|<>") == std::string::npos;
      };
      if (!Plain(Name) || !Plain(Value))
        return Refuse("'--defsym " + V +
                      "' (an expression; only NAME=NUMBER or NAME=SYMBOL)");
      O.Defsyms.push_back({Name, Value});
    } else if (A == "--default-symver" || A == "-default-symver") {
      O.DefaultSymver = true;
    } else if (A == "--undefined-version" || A == "--no-undefined-version") {
      O.UndefinedVersion = A == "--undefined-version";
    } else if (A == "-Bsymbolic" || A == "--Bsymbolic") {
      O.Bsymbolic = true;
    } else if (A == "-Bsymbolic-functions" || A == "--Bsymbolic-functions") {
      O.BsymbolicFunctions = true;
    } else if (A == "--no-undefined" || A == "-no-undefined") {
      O.NoUndefined = true;
    } else if (A == "--allow-shlib-undefined" ||
               A == "--no-allow-shlib-undefined") {
      continue; // about the libraries' references, which are not checked
    } else if (A == "--no-dynamic-linker" || A == "-no-dynamic-linker") {
      NoDynamicLinker = true; // (lld: whatever -dynamic-linker says)
    } else if (valueOf(Argv, I, {"-dynamic-linker", "--dynamic-linker"}, V)) {
      O.DynamicLinker = V;
    } else if (valueOf(Argv, I, {"-u", "--undefined"}, V, /*Joined=*/true)) {
      O.Undefined.push_back(V);
    } else if (valueOf(Argv, I, {"-rpath", "--rpath", "-R"}, V)) {
      O.Rpath.push_back(V);
    } else if (A == "--build-id" || A == "--build-id=fast") {
      O.BuildId = true;
    } else if (A == "--build-id=none") {
      O.BuildId = false;
    } else if (A.starts_with("--build-id=")) {
      return Refuse("'" + A.str() + "' (only --build-id=fast)");
    } else if (A == "--eh-frame-hdr") {
      O.EhFrameHdr = true;
    } else if (A == "--no-eh-frame-hdr") {
      O.EhFrameHdr = false;
    } else if (A.consume_front("--hash-style=") ||
               A.consume_front("-hash-style=") ||
               ((A == "--hash-style" || A == "-hash-style") &&
                I + 1 < Argv.size())) {
      llvm::StringRef H = A.starts_with("-") ? llvm::StringRef(Argv[++I]) : A;
      if (H != "gnu" && H != "sysv" && H != "both") {
        Error = "unknown --hash-style: " + H.str(); // lld's error
        return false;
      }
      O.GnuHash = H == "gnu" || H == "both";
      O.SysvHash = H == "sysv" || H == "both";
    } else if (A == "-s" || A == "--strip-all") {
      O.StripAll = true;
    } else if (A == "-S" || A == "--strip-debug") {
      O.StripDebug = true;
    } else if (A == "--icf=all" || A == "-icf=all") {
      O.ICFAll = true;
      O.ICFSafe = false;
    } else if (A == "--icf=safe" || A == "-icf=safe") {
      O.ICFSafe = true;
      O.ICFAll = false;
    } else if (A == "--icf=none" || A == "-icf=none") {
      O.ICFAll = O.ICFSafe = false;
    } else if (A == "-r" || A == "--relocatable" || A == "-i" ||
               A == "-shared" || A == "--shared" || A == "-Bshareable") {
      // lld refuses the two together ("-r and -shared may not be used
      // together"): its words, through it.
      if ((R.OutputKind == NEVERC_LINK_OUTPUT_RELOCATABLE) !=
          (A == "-r" || A == "--relocatable" || A == "-i"))
        return Refuse("-r with -shared");
    } else if (A.consume_front("-plugin-opt=") ||
               A.consume_front("--plugin-opt=") ||
               ((A == "-plugin-opt" || A == "--plugin-opt") &&
                I + 1 < Argv.size() && (A = Argv[++I], true))) {
      // What clang's driver passes for -flto (lld's meanings).
      unsigned N = 0;
      if (A.consume_front("mcpu="))
        O.Lto.CPU = A.str();
      else if (A.consume_front("O") && !A.getAsInteger(10, N) && N <= 3)
        O.Lto.OptLevel = N;
      else if (A.consume_front("jobs=") && !A.getAsInteger(10, N))
        O.Lto.Jobs = N;
      else if (A.consume_front("cache-dir="))
        O.Lto.CacheDir = A.str();
      else if (A == "thinlto-index-only" ||
               A.consume_front("thinlto-index-only=")) {
        O.Lto.IndexOnly = true;
        if (A != "thinlto-index-only")
          O.Lto.IndexList = A.str();
      } else if (A == "thinlto-emit-imports-files")
        O.Lto.EmitImports = true;
      else if (A == "thinlto" || A == "-function-sections=1" ||
               A == "-data-sections=1" || A == "-function-sections" ||
               A == "-data-sections")
        continue; // LTO's objects have them; thinlto is gold's word
      else if (A.consume_front("-mattr="))
        O.Lto.Features.push_back(A.str());
      else if (A == "-enable-tlsdesc") // clang's for AArch64
        O.Lto.TlsDesc = true;
      else
        return Refuse("'-plugin-opt=" + A.str() + "'");
    } else if (A.consume_front("--lto-O") || A.consume_front("-lto-O")) {
      unsigned N = 0;
      if (A.getAsInteger(10, N) || N > 3)
        return Refuse("'--lto-O" + A.str() + "'");
      O.Lto.OptLevel = N;
    } else if (A.consume_front("--lto-CGO") || A.consume_front("-lto-CGO")) {
      unsigned N = 0;
      if (A.getAsInteger(10, N) || N > 3)
        return Refuse("'--lto-CGO" + A.str() + "'");
      O.Lto.CGOptLevel = int(N);
    } else if (valueOf(Argv, I, {"--thinlto-jobs", "-thinlto-jobs"}, V)) {
      unsigned N = 0;
      if (llvm::StringRef(V).getAsInteger(10, N))
        return Refuse("'--thinlto-jobs=" + V + "'");
      O.Lto.Jobs = N;
    } else if (valueOf(Argv, I, {"--thinlto-cache-dir", "-thinlto-cache-dir"},
                       V)) {
      O.Lto.CacheDir = V;
    } else if (A == "--thinlto-index-only" || A == "-thinlto-index-only") {
      O.Lto.IndexOnly = true;
    } else if (valueOf(Argv, I, {"--thinlto-index-only", "-thinlto-index-only"},
                       V)) {
      O.Lto.IndexOnly = true;
      O.Lto.IndexList = V;
    } else if (A == "--thinlto-emit-imports-files" ||
               A == "-thinlto-emit-imports-files") {
      O.Lto.EmitImports = true;
    } else if ((A == "-m" && I + 1 < Argv.size()) ||
               (A.starts_with("-m") && A != "-mllvm" && A.size() > 2)) {
      const std::string E = A == "-m" ? Argv[++I] : A.drop_front(2).str();
      const graph::TargetArch *T = graph::targetArchOfEmulation(E);
      if (!T)
        return Refuse("the emulation '" + E + "'");
      O.Machine = T->Machine;
    } else if (A.starts_with("-") && A != "-" && !harmless(A)) {
      return Refuse("the option '" + A.str() + "'");
    } else if (linkOptionTakesValue(A)) {
      ++I;
    }
  }
  if (NoDynamicLinker)
    O.DynamicLinker.clear(); // no .interp, no PT_INTERP
  if (R.OutputKind == NEVERC_LINK_OUTPUT_RELOCATABLE) {
    // A relocatable merge keeps every section and symbol as it is: what
    // would drop, fold, hide or rename some is not done in one yet.
    if (R.Flags & NEVERC_LINK_OPTION_GC_SECTIONS)
      return Refuse("--gc-sections in a relocatable link (-r)");
    if (O.ICFAll || O.ICFSafe)
      return Refuse("--icf in a relocatable link (-r)");
    if (O.StripAll || O.StripDebug)
      return Refuse("stripping (-s, -S) in a relocatable link (-r)");
    if (!O.VersionScripts.empty() || !O.DynamicLists.empty())
      return Refuse("a version script or dynamic list in a relocatable link "
                    "(-r)");
    if (!O.Wrap.empty() || !O.Defsyms.empty())
      return Refuse("--wrap or --defsym in a relocatable link (-r)");
  }
  return true;
}

std::string graphLinkerRefusal(const LinkRequestModel &R,
                               const std::string &Triple) {
  llvm::StringRef T = Triple;
  if (!T.empty() &&
      !((T.starts_with("x86_64") || T.starts_with("aarch64-") ||
         T.starts_with("arm64-")) &&
        T.contains("linux")))
    return "the target '" + Triple +
           "' is not linked by the graph linker yet (x86-64 and AArch64 "
           "Linux are); use -fuse-ld=lld";
  for (const SideOutput &S : R.Side)
    if (S.Option != "--why-extract" && S.Option != "-Map")
      return "the side output " + S.Option +
             " is not written by the graph linker yet; use -fuse-ld=lld";
  return "";
}

} // namespace neverc::link
