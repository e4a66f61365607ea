//===- CC1As.cpp - The integrated assembler front end (-cc1as) ------------===//
//
// Clang's `-cc1as` lives in the clang executable, not in libclang-cpp, so
// neverc carries its own: the cc1as options the driver emits are parsed
// with Clang's option table (CC1AsOption visibility), then LLVM MC does the
// work — MCAsmParser + the target's MCTargetAsmParser feeding an object
// streamer (ELF/COFF/Mach-O writer), an assembly printer (-filetype asm) or
// a null streamer. Objects are written to a temporary next to the output and
// renamed into place only when assembly succeeded.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"
#include "neverc/source/StagedFile.h"

#include "clang/Basic/DiagnosticDriver.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace clang;
using namespace llvm::opt;
namespace opts = clang::options;

namespace neverc::driver::detail {
namespace {

/// Everything one cc1as invocation asks for.
struct AssemblerJob {
  llvm::Triple Triple;
  std::string CPU, ABI;
  std::vector<std::string> Features;
  std::vector<std::string> IncludePaths;
  std::string Input = "-", Output = "-", SplitDwarfOutput;
  enum { Object, Assembly, Null } Kind = Object;
  std::string RelocationModel = "pic";
  std::string MainFileName, CompilationDir, DwarfDebugFlags, DwarfProducer;
  std::vector<std::pair<std::string, std::string>> PrefixMap;
  std::vector<std::string> SymbolDefs;
  std::vector<std::string> LLVMArgs;
  unsigned DwarfVersion = 2;
  unsigned OutputAsmVariant = 0;
  bool GenDwarf = false, Dwarf64 = false;
  bool NoInitialTextSection = false, NoExecStack = false;
  bool ShowEncoding = false, ShowInst = false;
  bool ShowHelp = false, ShowVersion = false;
  llvm::MCTargetOptions MC;
};

/// Reads the cc1as command line; false after a diagnostic.
bool parseArguments(llvm::ArrayRef<const char *> Argv, AssemblerJob &Job,
                    DiagnosticsEngine &Diags) {
  const llvm::opt::OptTable &Table = getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  InputArgList Args = Table.ParseArgs(Argv, MissingIndex, MissingCount,
                                      llvm::opt::Visibility(opts::CC1AsOption));
  bool OK = true;
  if (MissingCount) {
    Diags.Report(diag::err_drv_missing_argument)
        << Args.getArgString(MissingIndex) << MissingCount;
    OK = false;
  }
  for (const Arg *A : Args.filtered(opts::OPT_UNKNOWN)) {
    Diags.Report(diag::err_drv_unknown_argument) << A->getAsString(Args);
    OK = false;
  }

  llvm::MCTargetOptions &MC = Job.MC;
  Job.Triple = llvm::Triple(llvm::Triple::normalize(
      Args.getLastArgValue(opts::OPT_triple, llvm::sys::getDefaultTargetTriple())));
  Job.CPU = Args.getLastArgValue(opts::OPT_target_cpu).str();
  Job.ABI = Args.getLastArgValue(opts::OPT_target_abi).str();
  Job.Features = Args.getAllArgValues(opts::OPT_target_feature);
  Job.IncludePaths = Args.getAllArgValues(opts::OPT_I);

  std::vector<std::string> Inputs = Args.getAllArgValues(opts::OPT_INPUT);
  if (Inputs.size() > 1) {
    Diags.Report(diag::err_drv_unknown_argument) << Inputs[1];
    OK = false;
  } else if (Inputs.size() == 1) {
    Job.Input = Inputs[0];
  }
  Job.Output = Args.getLastArgValue(opts::OPT_o, "-").str();
  Job.SplitDwarfOutput = Args.getLastArgValue(opts::OPT_split_dwarf_output).str();
  if (const Arg *A = Args.getLastArg(opts::OPT_filetype)) {
    llvm::StringRef V = A->getValue();
    if (V == "obj")
      Job.Kind = AssemblerJob::Object;
    else if (V == "asm")
      Job.Kind = AssemblerJob::Assembly;
    else if (V == "null")
      Job.Kind = AssemblerJob::Null;
    else {
      Diags.Report(diag::err_drv_invalid_value) << A->getAsString(Args) << V;
      OK = false;
    }
  }
  Job.RelocationModel =
      Args.getLastArgValue(opts::OPT_mrelocation_model, "pic").str();

  // Debug information for the assembly source itself.
  Job.GenDwarf = Args.hasArg(opts::OPT_debug_info_kind_EQ);
  Job.MainFileName = Args.getLastArgValue(opts::OPT_main_file_name).str();
  Job.CompilationDir = Args.getLastArgValue(opts::OPT_fdebug_compilation_dir_EQ).str();
  if (Job.CompilationDir.empty())
    Job.CompilationDir =
        Args.getLastArgValue(opts::OPT_fdebug_compilation_dir).str();
  Job.DwarfDebugFlags = Args.getLastArgValue(opts::OPT_dwarf_debug_flags).str();
  Job.DwarfProducer = Args.getLastArgValue(opts::OPT_dwarf_debug_producer).str();
  for (const std::string &M : Args.getAllArgValues(opts::OPT_fdebug_prefix_map_EQ)) {
    auto [From, To] = llvm::StringRef(M).split('=');
    Job.PrefixMap.emplace_back(From.str(), To.str());
  }
  if (const Arg *A = Args.getLastArg(opts::OPT_dwarf_version_EQ)) {
    if (llvm::StringRef(A->getValue()).getAsInteger(10, Job.DwarfVersion)) {
      Diags.Report(diag::err_drv_invalid_int_value)
          << A->getAsString(Args) << A->getValue();
      OK = false;
    }
  }
  Job.Dwarf64 = Args.hasArg(opts::OPT_gdwarf64);
  Job.SymbolDefs = Args.getAllArgValues(opts::OPT_defsym);
  Job.LLVMArgs = Args.getAllArgValues(opts::OPT_mllvm);

  Job.NoInitialTextSection = Args.hasArg(opts::OPT_n);
  Job.NoExecStack = Args.hasArg(opts::OPT_mno_exec_stack);
  Job.ShowEncoding = Args.hasArg(opts::OPT_show_encoding);
  Job.ShowInst = Args.hasArg(opts::OPT_show_inst);
  Job.ShowHelp = Args.hasArg(opts::OPT_help);
  Job.ShowVersion = Args.hasArg(opts::OPT_version);
  if (const Arg *A = Args.getLastArg(opts::OPT_output_asm_variant))
    llvm::StringRef(A->getValue()).getAsInteger(10, Job.OutputAsmVariant);

  MC.MCRelaxAll = Args.hasArg(opts::OPT_mrelax_all);
  MC.MCNoExecStack = Job.NoExecStack;
  MC.MCIncrementalLinkerCompatible =
      Args.hasArg(opts::OPT_mincremental_linker_compatible);
  MC.MCSaveTempLabels = Args.hasArg(opts::OPT_msave_temp_labels);
  MC.MCNoWarn = Args.hasArg(opts::OPT_massembler_no_warn);
  MC.MCFatalWarnings = Args.hasArg(opts::OPT_massembler_fatal_warnings);
  MC.MCNoTypeCheck = Args.hasArg(opts::OPT_mno_type_check);
  MC.Crel = Args.hasArg(opts::OPT_crel);
  MC.ImplicitMapSyms = Args.hasArg(opts::OPT_mmapsyms_implicit);
  MC.X86RelaxRelocations = !Args.hasArg(opts::OPT_mrelax_relocations_no);
  MC.X86Sse2Avx = Args.hasArg(opts::OPT_msse2avx);
  MC.EmitCompactUnwindNonCanonical =
      Args.hasArg(opts::OPT_femit_compact_unwind_non_canonical);
  MC.EmitSFrameUnwind = Args.hasArg(opts::OPT_gsframe);
  MC.AsSecureLogFile = Args.getLastArgValue(opts::OPT_as_secure_log_file).str();
  MC.ABIName = Job.ABI;
  MC.ShowMCInst = Job.ShowInst;
  MC.ShowMCEncoding = Job.ShowEncoding;
  MC.Dwarf64 = Job.Dwarf64;
  MC.AsmVerbose = true;
  MC.MCUseDwarfDirectory = llvm::MCTargetOptions::EnableDwarfDirectory;
  if (const Arg *A = Args.getLastArg(opts::OPT_femit_dwarf_unwind_EQ))
    MC.EmitDwarfUnwind =
        llvm::StringSwitch<llvm::EmitDwarfUnwindType>(A->getValue())
            .Case("always", llvm::EmitDwarfUnwindType::Always)
            .Case("no-compact-unwind",
                  llvm::EmitDwarfUnwindType::NoCompactUnwind)
            .Default(llvm::EmitDwarfUnwindType::Default);
  if (const Arg *A = Args.getLastArg(opts::OPT_compress_debug_sections_EQ,
                                     opts::OPT_compress_debug_sections)) {
    llvm::StringRef V = A->getOption().matches(opts::OPT_compress_debug_sections)
                            ? "zlib"
                            : A->getValue();
    if (V == "zlib")
      MC.CompressDebugSections = llvm::DebugCompressionType::Zlib;
    else if (V == "zstd")
      MC.CompressDebugSections = llvm::DebugCompressionType::Zstd;
    else if (V != "none") {
      Diags.Report(diag::err_drv_invalid_value) << A->getAsString(Args) << V;
      OK = false;
    }
  }
  return OK;
}

/// The output file, staged (neverc/source/StagedFile.h): it gets its name
/// only on success, so a failed or killed assembly leaves nothing behind.
class StagedOutput {
public:
  ~StagedOutput() { discard(); }

  llvm::raw_fd_ostream *open(const std::string &Path, bool Binary,
                                DiagnosticsEngine &Diags) {
    this->Path = Path;
    if (Path == "-") {
      std::error_code EC;
      Stream = std::make_unique<llvm::raw_fd_ostream>(
          "-", EC, Binary ? llvm::sys::fs::OF_None : llvm::sys::fs::OF_Text);
      if (EC) {
        Diags.Report(diag::err_fe_unable_to_open_output) << Path << EC.message();
        return nullptr;
      }
      return Stream.get();
    }
    // clang-22's cc1as opens its output with a plain raw_fd_ostream: it
    // writes through a symlink and into a device or FIFO in place.
    llvm::Expected<neverc::source::StagedFile> F =
        neverc::source::StagedFile::create(
            Path, neverc::source::StagedFile::SymlinkPolicy::Follow);
    if (!F) {
      Diags.Report(diag::err_fe_unable_to_open_output)
          << Path << llvm::toString(F.takeError());
      return nullptr;
    }
    File.emplace(std::move(*F));
    Stream = std::make_unique<llvm::raw_fd_ostream>(File->fd(),
                                                    /*shouldClose=*/false);
    return Stream.get();
  }

  bool commit(DiagnosticsEngine &Diags) {
    if (Stream)
      Stream->flush();
    bool WriteError = Stream && Stream->has_error();
    if (WriteError)
      Stream->clear_error();
    Stream.reset();
    if (!File)
      return !WriteError;
    if (WriteError) {
      discard();
      Diags.Report(diag::err_fe_unable_to_open_output) << Path << "write error";
      return false;
    }
    llvm::Error E = File->commit();
    File.reset();
    if (E) {
      Diags.Report(diag::err_fe_unable_to_open_output)
          << Path << llvm::toString(std::move(E));
      return false;
    }
    return true;
  }

  void discard() {
    // The stream goes first: the descriptor closes with the staged file.
    if (Stream) {
      Stream->clear_error();
      Stream.reset();
    }
    File.reset();
  }

private:
  std::string Path;
  std::optional<neverc::source::StagedFile> File;
  std::unique_ptr<llvm::raw_fd_ostream> Stream;
};

/// Assembles Job.Input. Returns true on success.
bool assemble(AssemblerJob &Job, DiagnosticsEngine &Diags, DriverHooks *Hooks,
              const JobInfo *JobI) {
  std::string Error;
  const llvm::Target *Target =
      llvm::TargetRegistry::lookupTarget(Job.Triple, Error);
  if (!Target) {
    Diags.Report(diag::err_target_unknown_triple) << Job.Triple.str();
    return false;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Source =
      llvm::MemoryBuffer::getFileOrSTDIN(Job.Input, /*IsText=*/true);
  if (std::error_code EC = Source.getError()) {
    Diags.Report(diag::err_fe_error_reading) << Job.Input << EC.message();
    return false;
  }

  llvm::SourceMgr SrcMgr;
  unsigned MainBuffer =
      SrcMgr.AddNewSourceBuffer(std::move(*Source), llvm::SMLoc());
  SrcMgr.setIncludeDirs(Job.IncludePaths);

  std::unique_ptr<llvm::MCRegisterInfo> MRI(Target->createMCRegInfo(Job.Triple));
  std::unique_ptr<llvm::MCAsmInfo> MAI(
      Target->createMCAsmInfo(*MRI, Job.Triple, Job.MC));
  std::unique_ptr<llvm::MCSubtargetInfo> STI(Target->createMCSubtargetInfo(
      Job.Triple, Job.CPU, llvm::join(Job.Features, ",")));
  std::unique_ptr<llvm::MCInstrInfo> MII(Target->createMCInstrInfo());
  if (!MRI || !MAI || !STI || !MII) {
    Diags.Report(diag::err_target_unknown_triple) << Job.Triple.str();
    return false;
  }

  StagedOutput Out, DwoOut;
  llvm::raw_fd_ostream *OS =
      Out.open(Job.Output, Job.Kind == AssemblerJob::Object, Diags);
  if (!OS)
    return false;
  llvm::raw_pwrite_stream *DwoOS = nullptr;
  if (!Job.SplitDwarfOutput.empty() &&
      !(DwoOS = DwoOut.open(Job.SplitDwarfOutput, true, Diags)))
    return false;

  llvm::MCContext Ctx(Job.Triple, MAI.get(), MRI.get(), STI.get(), &SrcMgr,
                      &Job.MC);
  bool PIC = Job.RelocationModel == "pic";
  std::unique_ptr<llvm::MCObjectFileInfo> MOFI(
      Target->createMCObjectFileInfo(Ctx, PIC));
  Ctx.setObjectFileInfo(MOFI.get());

  // DWARF for the assembly source (-g): where, from what, by whom.
  Ctx.setGenDwarfForAssembly(Job.GenDwarf);
  if (!Job.DwarfDebugFlags.empty())
    Ctx.setDwarfDebugFlags(Job.DwarfDebugFlags);
  if (!Job.DwarfProducer.empty())
    Ctx.setDwarfDebugProducer(Job.DwarfProducer);
  if (!Job.CompilationDir.empty()) {
    Ctx.setCompilationDir(Job.CompilationDir);
  } else {
    llvm::SmallString<256> CWD;
    if (!llvm::sys::fs::current_path(CWD))
      Ctx.setCompilationDir(CWD);
  }
  for (const auto &[From, To] : Job.PrefixMap)
    Ctx.addDebugPrefixMapEntry(From, To);
  if (!Job.MainFileName.empty())
    Ctx.setMainFileName(Job.MainFileName);
  Ctx.setDwarfFormat(Job.Dwarf64 ? llvm::dwarf::DWARF64 : llvm::dwarf::DWARF32);
  Ctx.setDwarfVersion(Job.DwarfVersion);
  if (Job.GenDwarf)
    Ctx.setGenDwarfRootFile(Job.Input,
                            SrcMgr.getMemoryBuffer(MainBuffer)->getBuffer());

  // The domains that run inside the assembler (MC) attach before the
  // streamer exists; they detach once it is gone and before any output is
  // committed.
  if (Hooks && JobI &&
      Hooks->assemblerStarting(Diags, Job.Triple.str(),
                               Job.Kind == AssemblerJob::Object, *JobI) != 0)
    return false;
  struct Detach {
    DriverHooks *Hooks;
    bool Armed;
    ~Detach() {
      if (Armed)
        Hooks->assemblerFinished(false);
    }
  } Guard{Hooks, Hooks && JobI};

  std::unique_ptr<llvm::MCStreamer> Streamer;
  std::unique_ptr<llvm::buffer_ostream> Buffered;
  // A domain that runs the object phases takes the object from memory.
  const bool Hold = Guard.Armed && Job.Kind == AssemblerJob::Object &&
                    Hooks->assemblerHoldsObject();
  llvm::SmallString<0> HeldBytes;
  llvm::raw_svector_ostream HeldOS(HeldBytes);
  switch (Job.Kind) {
  case AssemblerJob::Assembly: {
    std::unique_ptr<llvm::MCInstPrinter> Printer(Target->createMCInstPrinter(
        Job.Triple, Job.OutputAsmVariant, *MAI, *MII, *MRI));
    std::unique_ptr<llvm::MCCodeEmitter> Emitter;
    if (Job.ShowEncoding)
      Emitter.reset(Target->createMCCodeEmitter(*MII, Ctx));
    std::unique_ptr<llvm::MCAsmBackend> Backend(
        Target->createMCAsmBackend(*STI, *MRI, Job.MC));
    Streamer.reset(Target->createAsmStreamer(
        Ctx, std::make_unique<llvm::formatted_raw_ostream>(*OS),
        std::move(Printer), std::move(Emitter), std::move(Backend)));
    break;
  }
  case AssemblerJob::Null:
    Streamer.reset(Target->createNullStreamer(Ctx));
    break;
  case AssemblerJob::Object: {
    llvm::raw_pwrite_stream *ObjOS = OS;
    if (Hold) {
      ObjOS = &HeldOS;
    } else if (!OS->supportsSeeking()) { // stdout pipe: buffer, write at the end
      Buffered = std::make_unique<llvm::buffer_ostream>(*OS);
      ObjOS = Buffered.get();
    }
    std::unique_ptr<llvm::MCCodeEmitter> Emitter(
        Target->createMCCodeEmitter(*MII, Ctx));
    std::unique_ptr<llvm::MCAsmBackend> Backend(
        Target->createMCAsmBackend(*STI, *MRI, Job.MC));
    if (!Emitter || !Backend) {
      Diags.Report(diag::err_target_unknown_triple) << Job.Triple.str();
      return false;
    }
    std::unique_ptr<llvm::MCObjectWriter> Writer =
        DwoOS ? Backend->createDwoObjectWriter(*ObjOS, *DwoOS)
              : Backend->createObjectWriter(*ObjOS);
    Streamer.reset(Target->createMCObjectStreamer(
        Job.Triple, Ctx, std::move(Backend), std::move(Writer),
        std::move(Emitter), *STI));
    Streamer->initSections(Job.NoExecStack, *STI);
    break;
  }
  }

  std::unique_ptr<llvm::MCAsmParser> Parser(
      llvm::createMCAsmParser(SrcMgr, Ctx, *Streamer, *MAI));
  std::unique_ptr<llvm::MCTargetAsmParser> TargetParser(
      Target->createMCAsmParser(*STI, *Parser, *MII, Job.MC));
  if (!TargetParser) {
    Diags.Report(diag::err_target_unknown_triple) << Job.Triple.str();
    return false;
  }
  // -defsym name=value (the driver checked the syntax).
  for (const std::string &Def : Job.SymbolDefs) {
    auto [Name, Value] = llvm::StringRef(Def).split('=');
    int64_t V = 0;
    Value.getAsInteger(0, V);
    Ctx.setSymbolValue(Parser->getStreamer(), Name, V);
  }
  Parser->setTargetParser(*TargetParser);
  // LLVM's parser, or (neverc.assembly.parse) whatever the plugins on that
  // phase make of the same buffer.
  struct RunParser {
    llvm::MCAsmParser &P;
    bool NoInitialTextSection;
    static bool run(void *Ctx) {
      auto &R = *static_cast<RunParser *>(Ctx);
      return R.P.Run(R.NoInitialTextSection);
    }
  } Run{*Parser, Job.NoInitialTextSection};
  bool Failed;
  if (Guard.Armed) {
    llvm::StringRef Text = SrcMgr.getMemoryBuffer(MainBuffer)->getBuffer();
    core::AssemblySource Src;
    Src.Identifier = Job.Input.c_str();
    Src.Buffer = Text.data();
    Src.Size = Text.size();
    // A .S reaches cc1as through the preprocessor's job.
    Src.Preprocessed = !JobI->Dependencies.empty();
    Src.Streamer = Streamer.get();
    Src.SourceMgr = &SrcMgr;
    Src.AsmInfo = MAI.get();
    Src.Parse = &RunParser::run;
    Src.ParseCtx = &Run;
    Failed = Hooks->assemblerParse(Src);
  } else {
    Failed = RunParser::run(&Run);
  }

  // Flush everything into the staged files before deciding their fate.
  Parser.reset();
  TargetParser.reset();
  Streamer.reset();
  Buffered.reset();
  if (Guard.Armed) {
    Guard.Armed = false;
    if (Hooks->assemblerFinished(!Failed) != 0)
      Failed = true;
  }
  if (Failed || Ctx.hadError() || Diags.hasErrorOccurred())
    return false; // StagedOutput discards the temporaries
  if (Hold) {
    struct CommitHeld {
      llvm::raw_fd_ostream &OS;
      StagedOutput &Out;
      DiagnosticsEngine &Diags;
      static bool run(void *Ctx, const std::string &B, std::string &Error) {
        auto &C = *static_cast<CommitHeld *>(Ctx);
        C.OS << B;
        if (C.Out.commit(C.Diags))
          return true;
        Error = "the staged output could not be committed";
        return false;
      }
    } Commit{*OS, Out, Diags};
    std::string Bytes(HeldBytes.str());
    HeldBytes.clear();
    if (Hooks->assemblerObject(Job.Output, Job.Triple.str(), Bytes,
                               &CommitHeld::run, &Commit) != 0)
      return false;
    return !DwoOS || DwoOut.commit(Diags);
  }
  return Out.commit(Diags) && (!DwoOS || DwoOut.commit(Diags));
}

} // namespace

int runCC1As(llvm::ArrayRef<const char *> Args, const char *Argv0,
             DriverHooks *Hooks, const JobInfo *JobI) {
  DiagnosticOptions DiagOpts;
  auto *Printer = new TextDiagnosticPrinter(llvm::errs(), DiagOpts);
  Printer->setPrefix("neverc -cc1as");
  DiagnosticsEngine Diags(DiagnosticIDs::create(), DiagOpts, Printer);

  AssemblerJob Job;
  if (!parseArguments(Args, Job, Diags))
    return 1;
  if (Job.ShowHelp) {
    getDriverOptTable().printHelp(
        llvm::outs(), "neverc -cc1as [options] file...",
        "neverc integrated assembler", /*ShowHidden=*/false,
        /*ShowAllAliases=*/false, llvm::opt::Visibility(opts::CC1AsOption));
    return 0;
  }
  if (Job.ShowVersion) {
    llvm::outs() << versionBanner() << '\n';
    return 0;
  }
  if (!Job.LLVMArgs.empty()) {
    std::vector<const char *> CL{"neverc -cc1as (LLVM option parsing)"};
    for (const std::string &A : Job.LLVMArgs)
      CL.push_back(A.c_str());
    llvm::cl::ResetAllOptionOccurrences();
    llvm::cl::ParseCommandLineOptions(CL.size(), CL.data());
  }
  bool OK = assemble(Job, Diags, Hooks, JobI);
  Printer->finish();
  return OK ? 0 : 1;
}

} // namespace neverc::driver::detail
