//===- Assembly.cpp - NevercAssemblyProviderAPI ---------------------------===//
//
// The parse side reads the assembler's source (the buffer, or its tokens
// through a cursor over LLVM's own AsmLexer) and fills the unit through
// NevercMCAPI's builder slots; the print side reads the unit of a -S
// compile and writes its own text into the staged output. Every slot is
// bound to the phase running now: parse slots to assembly.parse, print
// slots to assembly.print (INVALID_STATE elsewhere, WRONG_SCOPE for
// another task's frame).
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCParser/AsmLexer.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/Support/SourceMgr.h"

#include <cctype>

namespace neverc::mc {
namespace {

constexpr uint16_t Major = NEVERC_ASSEMBLY_PROVIDER_API_MAJOR;

/// The task of a frame (INVALID_ARGUMENT without a frame).
NevercStatus frameTask(MCDomain::Impl &D, const NevercPhaseFrame *Frame,
                       core::Task **Out) {
  if (!Frame || Frame->Header.StructSize < sizeof *Frame)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return D.H.resolveTask(Frame->Task, Out);
}

NevercStatus parseJob(MCDomain::Impl &D, const NevercPhaseFrame *Frame,
                      ParseJob **Out) {
  core::Task *T;
  if (NevercStatus S = frameTask(D, Frame, &T); !isOk(S))
    return S;
  if (!D.Parse)
    return st(NEVERC_STATUS_INVALID_STATE);
  if (T != D.Parse->C->T)
    return st(NEVERC_STATUS_WRONG_SCOPE);
  *Out = D.Parse;
  return okStatus();
}

NevercStatus printJob(MCDomain::Impl &D, const NevercPhaseFrame *Frame,
                      PrintJob **Out) {
  core::Task *T;
  if (NevercStatus S = frameTask(D, Frame, &T); !isOk(S))
    return S;
  if (!D.Print)
    return st(NEVERC_STATUS_INVALID_STATE);
  if (T != D.Print->T)
    return st(NEVERC_STATUS_WRONG_SCOPE);
  *Out = D.Print;
  return okStatus();
}

/// A slot of the running parse (or print): \p Body runs with the job once
/// the frame is that phase's.
template <class Fn>
NevercStatus parseSlot(void *Ctx, const NevercPhaseFrame *Frame, Fn &&Body) {
  return guard([&]() -> NevercStatus {
    MCDomain::Impl &D = impl(Ctx);
    ParseJob *J;
    if (NevercStatus S = parseJob(D, Frame, &J); !isOk(S))
      return S;
    return Body(D, *J);
  });
}
template <class Fn>
NevercStatus printSlot(void *Ctx, const NevercPhaseFrame *Frame, Fn &&Body) {
  return guard([&]() -> NevercStatus {
    MCDomain::Impl &D = impl(Ctx);
    PrintJob *P;
    if (NevercStatus S = printJob(D, Frame, &P); !isOk(S))
      return S;
    return Body(D, *P);
  });
}

/// \p A must name \p Payload (the phase's input).
NevercStatus inputIs(core::Task &T, NevercArtifactHandle A, void *Payload) {
  NevercInterfaceID Type{};
  void *P = nullptr;
  if (NevercStatus S = T.lookupArtifact(A, &Type, &P); !isOk(S))
    return S;
  return P == Payload ? okStatus() : st(NEVERC_STATUS_WRONG_TYPE);
}

/// Only the callback that produces the phase's output may build or write.
NevercStatus producing(core::Task &T) {
  return T.role() == core::CallbackRole::Observer
             ? st(NEVERC_STATUS_POLICY_VIOLATION)
             : okStatus();
}

/// The lexer at the first token (a fresh cursor for each GetParseInput).
void rewind(ParseJob &J) {
  core::AssemblySource &Src = *J.Src;
  J.Lex = std::make_unique<ParseJob::Lexer>(
      *static_cast<const llvm::MCAsmInfo *>(Src.AsmInfo));
  J.Lex->L.setBuffer(llvm::StringRef(Src.Buffer, Src.Size));
  J.Lex->L.Lex();
  J.Lex->StartOfLine = true;
}

NevercStatus cursorOf(MCDomain::Impl &D, ParseJob &J,
                      NevercAssemblySourceCursorHandle H) {
  int *P;
  if (NevercStatus S = lookup(D, *J.C, J.C->Cursors, H, &P); !isOk(S))
    return S;
  return J.Lex ? okStatus() : st(NEVERC_STATUS_STALE_HANDLE);
}

NevercStatus NEVERC_CALL getParseInput(void *Ctx, const NevercPhaseFrame *Frame,
                                       NevercArtifactHandle Input,
                                       NevercAssemblyParseInputInfo *Out) {
  return parseSlot(Ctx, Frame, [&](MCDomain::Impl &D, ParseJob &JR) {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    ParseJob *J = &JR;
    Compile &C = *J->C;
    if (NevercStatus S = inputIs(*C.T, Input, J); !isOk(S))
      return S;
    rewind(*J);
    if (!J->Cursor.Value || !C.Cursors.lookup(J->Cursor))
      J->Cursor = C.Cursors.insert(1);
    NevercAssemblyParseInputInfo I{};
    I.TargetID = C.TargetID;
    I.SchemaID = C.schemaID();
    I.TargetSchemaDigest = {C.Digest.data(), C.Digest.size()};
    I.Source.Header = Out->Source.Header;
    const core::AssemblySource &Src = *J->Src;
    // A .S arrives as the text its preprocessor rendered; the cursor walks
    // it either way.
    I.Source.Representation = Src.Preprocessed
                                  ? NEVERC_ASSEMBLY_SOURCE_RENDERED_TOKENS
                                  : NEVERC_ASSEMBLY_SOURCE_BUFFER;
    I.Source.Preprocessed = Src.Preprocessed ? NEVERC_TRUE : NEVERC_FALSE;
    I.Source.Identifier = {Src.Identifier, std::strlen(Src.Identifier)};
    I.Source.Buffer = {Src.Buffer, size_t(Src.Size)};
    I.Source.Cursor = J->Cursor;
    I.Source.Generation = C.Generation;
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL peekSourceToken(void *Ctx,
                                         const NevercPhaseFrame *Frame,
                                         NevercAssemblySourceCursorHandle Cursor,
                                         NevercAssemblyTokenInfo *Out) {
  return parseSlot(Ctx, Frame, [&](MCDomain::Impl &D, ParseJob &JR) {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    ParseJob *J = &JR;
    if (NevercStatus S = cursorOf(D, *J, Cursor); !isOk(S))
      return S;
    const llvm::AsmToken &Tok = J->Lex->L.getTok();
    if (Tok.is(llvm::AsmToken::Eof))
      return st(NEVERC_STATUS_NOT_FOUND); // past the last token
    const core::AssemblySource &Src = *J->Src;
    NevercAssemblyTokenInfo I{};
    llvm::StringRef Text = Tok.getString();
    I.Spelling = {Text.data(), Text.size()};
    const uint64_t At = uint64_t(Text.data() - Src.Buffer);
    I.ByteOffset = At;
    auto &SM = *static_cast<llvm::SourceMgr *>(Src.SourceMgr);
    I.FileID = SM.getMainFileID();
    // Line and column in the buffer (1-based), counted on from the last
    // token's: the lexer's buffer is the source's own text and only moves
    // forward (GetParseInput starts a new count).
    ParseJob::Lexer &X = *J->Lex;
    for (; X.CountedTo < At; ++X.CountedTo)
      if (Src.Buffer[X.CountedTo] == '\n')
        ++X.Line, X.Column = 1;
      else
        ++X.Column;
    I.Line = X.Line;
    I.Column = X.Column;
    I.StartOfLine = J->Lex->StartOfLine ? NEVERC_TRUE : NEVERC_FALSE;
    I.LeadingSpace =
        At && std::isspace(static_cast<unsigned char>(Src.Buffer[At - 1]))
            ? NEVERC_TRUE
            : NEVERC_FALSE;
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL advanceSourceToken(
    void *Ctx, const NevercPhaseFrame *Frame,
    NevercAssemblySourceCursorHandle Cursor) {
  return parseSlot(Ctx, Frame, [&](MCDomain::Impl &D, ParseJob &JR) {
    ParseJob *J = &JR;
    if (NevercStatus S = cursorOf(D, *J, Cursor); !isOk(S))
      return S;
    llvm::AsmLexer &L = J->Lex->L;
    if (L.is(llvm::AsmToken::Eof))
      return st(NEVERC_STATUS_NOT_FOUND);
    J->Lex->StartOfLine = L.is(llvm::AsmToken::EndOfStatement);
    L.Lex();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getParseMCBuilder(void *Ctx,
                                           const NevercPhaseFrame *Frame,
                                           const NevercMCAPI **OutMC,
                                           NevercMCUnitHandle *OutUnit) {
  return parseSlot(Ctx, Frame, [&](MCDomain::Impl &D, ParseJob &J) {
    if (!OutMC || !OutUnit)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = producing(*J.C->T); !isOk(S))
      return S;
    J.Build->handOut(OutMC, OutUnit);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL publishParsedMCUnit(void *Ctx,
                                             const NevercPhaseFrame *Frame,
                                             NevercArtifactHandle *Out) {
  return parseSlot(Ctx, Frame, [&](MCDomain::Impl &D, ParseJob &J) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    Compile &C = *J.C;
    if (NevercStatus S = producing(*C.T); !isOk(S))
      return S;
    // No builder, still open, or LLVM's parser already ran (an interceptor
    // called the rest of the chain: the object is written).
    if (!J.Build->handedOut() || J.Build->open() || J.LLVMRan)
      return st(NEVERC_STATUS_INVALID_STATE);
    *Out = C.T->createArtifact(
        D.H.phases().at(core::Phase_ASSEMBLY_PARSE).Output, &J.BuiltUnit);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getPrintInput(void *Ctx, const NevercPhaseFrame *Frame,
                                       NevercArtifactHandle Input,
                                       NevercAssemblyPrintInputInfo *Out,
                                       const NevercMCAPI **OutMC,
                                       NevercMCUnitHandle *OutUnit) {
  return printSlot(Ctx, Frame, [&](MCDomain::Impl &D, PrintJob &P) {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    if (!OutMC || !OutUnit)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = inputIs(*P.T, Input, &P); !isOk(S))
      return S;
    Compile *C;
    if (NevercStatus S = printUnit(D, P, &C); !isOk(S))
      return S;
    NevercAssemblyPrintInputInfo I{};
    I.TargetID = C->TargetID;
    I.SchemaID = C->schemaID();
    I.TargetSchemaDigest = {C->Digest.data(), C->Digest.size()};
    I.UnitGeneration = C->Generation;
    writeOut(Out, I);
    *OutMC = &D.MC;
    *OutUnit = C->unit();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL writePrintOutput(void *Ctx,
                                          const NevercPhaseFrame *Frame,
                                          NevercStringView Text) {
  return printSlot(Ctx, Frame, [&](MCDomain::Impl &, PrintJob &P) {
    if (NevercStatus S = producing(*P.T); !isOk(S))
      return S;
    if (Text.Length && !Text.Data)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (P.Published)
      return st(NEVERC_STATUS_INVALID_STATE); // the output is finished
    P.Text.append(Text.Data, Text.Length);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL publishAssemblyOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercAssemblyOutputMetadata *Metadata, NevercArtifactHandle *Out) {
  return printSlot(Ctx, Frame, [&](MCDomain::Impl &D, PrintJob &P) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = checkHeader(Metadata, sizeof *Metadata, Major);
        !isOk(S))
      return S;
    if ((Metadata->Syntax.Length && !Metadata->Syntax.Data) ||
        (Metadata->Comment.Length && !Metadata->Comment.Data) || Metadata->Flags)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = producing(*P.T); !isOk(S))
      return S;
    if (P.Published)
      return st(NEVERC_STATUS_INVALID_STATE);
    P.Published = true;
    P.Syntax.assign(Metadata->Syntax.Data ? Metadata->Syntax.Data : "",
                    Metadata->Syntax.Length);
    P.Comment.assign(Metadata->Comment.Data ? Metadata->Comment.Data : "",
                     Metadata->Comment.Length);
    *Out = P.T->createArtifact(
        D.H.phases().at(core::Phase_ASSEMBLY_PRINT).Output, &P.Text);
    return okStatus();
  });
}

} // namespace

void fillAssemblyProviderTable(NevercAssemblyProviderAPI &T) {
  T.GetParseInput = &getParseInput;
  T.PeekSourceToken = &peekSourceToken;
  T.AdvanceSourceToken = &advanceSourceToken;
  T.GetParseMCBuilder = &getParseMCBuilder;
  T.PublishParsedMCUnit = &publishParsedMCUnit;
  T.GetPrintInput = &getPrintInput;
  T.WritePrintOutput = &writePrintOutput;
  T.PublishAssemblyOutput = &publishAssemblyOutput;
}

} // namespace neverc::mc
