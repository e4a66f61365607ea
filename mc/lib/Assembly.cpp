//===- Assembly.cpp - neverc.assembly.parse and neverc.assembly.print -----===//
//
// parse: cc1as hands the domain its source before LLVM's parser reads it
// (DriverHooks::assemblerParse). The built-in is that parser, feeding the
// job's streamer; a provider instead fills the unit through
// GetParseMCBuilder, and what it committed is emitted through the same
// streamer once the phase chose it (Build.cpp), so LLVM still encodes, lays
// out and writes every byte.
//
// print: a -S compile's text is LLVM's AsmPrinter's, written whole before
// the phase runs (AssemblyGates.cpp holds it back). The built-in's output
// is that text; a provider prints its own from the unit, which the domain
// makes only when asked (GetPrintInput): LLVM's text assembled again, in
// memory, by LLVM's own parser and object streamer.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCObjectStreamer.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCParser/AsmLexer.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace neverc::mc {

// --- print ------------------------------------------------------------------

struct PrintJob::Unit {
  llvm::SourceMgr SM;
  std::unique_ptr<llvm::MCRegisterInfo> MRI;
  std::unique_ptr<llvm::MCAsmInfo> MAI;
  std::unique_ptr<llvm::MCSubtargetInfo> STI;
  std::unique_ptr<llvm::MCInstrInfo> MII;
  std::unique_ptr<llvm::MCContext> Ctx;
  std::unique_ptr<llvm::MCObjectFileInfo> MOFI;
  llvm::SmallString<0> Object; ///< the object LLVM writes, discarded
  std::unique_ptr<llvm::raw_svector_ostream> OS;
  std::unique_ptr<llvm::MCStreamer> Streamer; ///< last: goes first
  std::unique_ptr<Compile> C;
  std::string Diagnostic;
};

PrintJob::PrintJob() = default;
PrintJob::~PrintJob() = default;

namespace {

void keepFirstDiagnostic(const llvm::SMDiagnostic &Diag, void *Ctx) {
  auto &U = *static_cast<PrintJob::Unit *>(Ctx);
  if (U.Diagnostic.empty() && Diag.getKind() == llvm::SourceMgr::DK_Error)
    U.Diagnostic = Diag.getMessage().str() + " (line " +
                   std::to_string(Diag.getLineNo()) + ")";
}

/// LLVM's text assembled into an in-memory object; the assembler stays for
/// the printer to read. Empty on success, else why not.
std::string assemble(PrintJob &P, PrintJob::Unit &U, const llvm::Target *&T) {
  llvm::Triple TT(P.Triple);
  std::string Err;
  T = llvm::TargetRegistry::lookupTarget(TT, Err);
  if (!T)
    return Err;
  llvm::MCTargetOptions Opts;
  U.MRI.reset(T->createMCRegInfo(TT));
  if (U.MRI)
    U.MAI.reset(T->createMCAsmInfo(*U.MRI, TT, Opts));
  U.STI.reset(T->createMCSubtargetInfo(TT, P.CPU, P.Features));
  U.MII.reset(T->createMCInstrInfo());
  if (!U.MRI || !U.MAI || !U.STI || !U.MII)
    return "no MC layer for " + P.Triple;
  U.SM.setDiagHandler(&keepFirstDiagnostic, &U);
  U.SM.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(P.LLVMText, "<assembly>"),
      llvm::SMLoc());
  U.Ctx = std::make_unique<llvm::MCContext>(TT, U.MAI.get(), U.MRI.get(),
                                            U.STI.get(), &U.SM, &Opts);
  U.MOFI.reset(T->createMCObjectFileInfo(*U.Ctx, P.PIC));
  U.Ctx->setObjectFileInfo(U.MOFI.get());
  U.OS = std::make_unique<llvm::raw_svector_ostream>(U.Object);
  std::unique_ptr<llvm::MCAsmBackend> Backend(
      T->createMCAsmBackend(*U.STI, *U.MRI, Opts));
  std::unique_ptr<llvm::MCCodeEmitter> Emitter(
      T->createMCCodeEmitter(*U.MII, *U.Ctx));
  if (!Backend || !Emitter)
    return "no object writer for " + P.Triple;
  std::unique_ptr<llvm::MCObjectWriter> Writer =
      Backend->createObjectWriter(*U.OS);
  U.Streamer.reset(T->createMCObjectStreamer(TT, *U.Ctx, std::move(Backend),
                                             std::move(Writer),
                                             std::move(Emitter), *U.STI));
  U.Streamer->initSections(false, *U.STI);
  std::unique_ptr<llvm::MCAsmParser> Parser(
      llvm::createMCAsmParser(U.SM, *U.Ctx, *U.Streamer, *U.MAI));
  std::unique_ptr<llvm::MCTargetAsmParser> TP(
      T->createMCAsmParser(*U.STI, *Parser, *U.MII, Opts));
  if (!TP)
    return "no assembly parser for " + P.Triple;
  Parser->setTargetParser(*TP);
  // Run() finishes the streamer: the assembler is laid out and written,
  // and then forgets it has a layout (MCAssembler::Finish). Laying it out
  // again (nothing moves: every fragment is final) gives the printer the
  // offsets, symbol values and sizes.
  if (Parser->Run(/*NoInitialTextSection=*/true) || U.Ctx->hadError())
    return U.Diagnostic.empty() ? "LLVM's parser failed" : U.Diagnostic;
  static_cast<llvm::MCObjectStreamer &>(*U.Streamer).getAssembler().layout();
  if (U.Ctx->hadError())
    return U.Diagnostic.empty() ? "LLVM's layout failed" : U.Diagnostic;
  return {};
}

struct PrintVerifier {
  MCDomain::Impl *D;
  PrintJob *P;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &V = *static_cast<PrintVerifier *>(Ctx);
    if (Out != &V.P->Text)
      return okStatus(); // LLVM's own text
    const std::string &T = V.P->Text;
    const char *Why = T.empty()                        ? "it is empty"
                      : T.find('\0') != T.npos         ? "it holds a NUL byte"
                      : T.back() != '\n'               ? "its last line has no newline"
                                                       : nullptr;
    if (!Why)
      return okStatus();
    V.D->H.report(NEVERC_DIAGNOSTIC_ERROR,
                  std::string("neverc.assembly.verify_print: the assembly a "
                              "plugin printed is not a text file: ") +
                      Why,
                  nullptr, "neverc.assembly.verify_print");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

NevercStatus printBuiltin(void *Ctx, void *, void **Out) {
  *Out = &static_cast<PrintJob *>(Ctx)->LLVMOutput;
  return okStatus();
}

} // namespace

NevercStatus printUnit(MCDomain::Impl &D, PrintJob &P, Compile **Out) {
  if (!P.Tried) {
    P.Tried = true;
    auto U = std::make_unique<PrintJob::Unit>();
    const llvm::Target *T = nullptr;
    std::string Why = assemble(P, *U, T);
    if (!Why.empty()) {
      D.H.report(NEVERC_DIAGNOSTIC_ERROR,
                 "neverc.assembly.print: the unit of this compile's assembly "
                 "is unavailable: LLVM 22 could not assemble its own text "
                 "again: " + Why,
                 nullptr, "neverc.assembly.print");
    } else {
      U->C = newCompile(*T, llvm::Triple(P.Triple), *P.T);
      U->C->Role = UnitRole::Print;
      U->C->Serving = true;
      U->C->S = U->Streamer.get();
      U->C->STI = U->STI.get();
      P.Built = std::move(U);
    }
  }
  if (!P.Built)
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  *Out = P.Built->C.get();
  return okStatus();
}

Compile *printCompile(PrintJob &P) {
  return P.Built ? P.Built->C.get() : nullptr;
}

bool runPrint(MCDomain::Impl &D, PrintJob &P, const std::string *&Out) {
  PrintVerifier V{&D, &P};
  core::PhaseRequest R;
  R.T = P.T;
  R.Input = &P;
  R.Builtin = {&printBuiltin, &P};
  R.Verifier = {&PrintVerifier::run, &V};
  D.Print = &P;
  // The unit's handles are the callbacks' (compileOf finds it here).
  struct Serve {
    MCDomain::Impl &D;
    PrintJob &P;
    ~Serve() {
      D.Print = nullptr;
      if (P.Built)
        P.Built->C->expireCallbackHandles();
    }
  } Guard{D, P};
  core::PhaseOutcome O = D.H.runPhase(core::Phase_ASSEMBLY_PRINT, R);
  if (!isOk(O.Status)) {
    D.H.report(NEVERC_DIAGNOSTIC_ERROR,
               "phase 'neverc.assembly.print' failed: " +
                   std::string(core::statusName(O.Status.Code)),
               nullptr, "neverc.assembly.print");
    return false;
  }
  Out = O.Output == &P.Text ? &P.Text : &P.LLVMText;
  if (Out == &P.LLVMText && (P.Published || !P.Text.empty()))
    D.H.report(NEVERC_DIAGNOSTIC_WARNING,
               "neverc.assembly.print: the text a plugin wrote (" +
                   std::to_string(P.Text.size()) +
                   " bytes) is not the phase's output; LLVM's text is "
                   "written",
               nullptr, "neverc.assembly.print");
  return true;
}

// --- parse ------------------------------------------------------------------

ParseJob::ParseJob() = default;
ParseJob::~ParseJob() = default;

namespace {

NevercStatus parseBuiltin(void *Ctx, void *, void **Out) {
  auto &J = *static_cast<ParseJob *>(Ctx);
  J.LLVMRan = true;
  J.LLVMFailed = J.Src->Parse(J.Src->ParseCtx);
  *Out = &J.LLVMUnit;
  return okStatus();
}

struct ParseVerifier {
  MCDomain::Impl *D;
  ParseJob *J;
  static NevercStatus run(void *Ctx, void *Out) {
    auto &V = *static_cast<ParseVerifier *>(Ctx);
    if (Out != &V.J->BuiltUnit)
      return okStatus(); // LLVM's parser (it reported its own errors)
    if (!V.J->Build->empty())
      return okStatus();
    V.D->H.report(NEVERC_DIAGNOSTIC_ERROR,
                  "neverc.assembly.verify_parse: the unit a plugin published "
                  "for '" + std::string(V.J->Src->Identifier) +
                      "' holds nothing (no committed mutation)",
                  nullptr, "neverc.assembly.verify_parse");
    return st(NEVERC_STATUS_VERIFICATION_FAILED);
  }
};

} // namespace

bool runParse(MCDomain::Impl &D, core::Task &TU, core::AssemblySource &Src) {
  auto *S = static_cast<llvm::MCStreamer *>(Src.Streamer);
  std::unique_ptr<MCDomain::UnitBuild::State> State =
      startBuild(D, TU, *S, nullptr, "neverc.assembly.parse");
  if (!State)
    return !Src.Parse(Src.ParseCtx); // cc1as reports the target itself
  ParseJob J;
  J.Src = &Src;
  J.C = &buildCompile(*State);
  MCDomain::UnitBuild Build(std::move(State));
  J.Build = &Build;
  ParseVerifier V{&D, &J};
  core::PhaseRequest R;
  R.T = &TU;
  R.Input = &J;
  R.Builtin = {&parseBuiltin, &J};
  R.Verifier = {&ParseVerifier::run, &V};
  D.Parse = &J;
  core::PhaseOutcome O = D.H.runPhase(core::Phase_ASSEMBLY_PARSE, R);
  D.Parse = nullptr;
  Build.close();
  bool Ok = isOk(O.Status);
  if (!Ok)
    D.H.report(NEVERC_DIAGNOSTIC_ERROR,
               "phase 'neverc.assembly.parse' failed: " +
                   std::string(core::statusName(O.Status.Code)),
               nullptr, "neverc.assembly.parse");
  else if (O.Output == &J.BuiltUnit) {
    // What LLVM's parser would have done at its end: finish the streamer
    // (the object is laid out and written).
    Ok = Build.emit();
    if (Ok)
      S->finish();
  } else {
    Ok = !J.LLVMFailed;
    // Built but not published: LLVM's parse is the phase's output, and the
    // plugin's steps are dropped (said, not silent).
    if (!Build.empty())
      D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                 "neverc.assembly.parse: the unit a plugin built for '" +
                     std::string(Src.Identifier) +
                     "' was not published; LLVM's parse is the output and " +
                     Build.dropped(),
                 nullptr, "neverc.assembly.parse");
  }
  return Ok;
}

} // namespace neverc::mc
