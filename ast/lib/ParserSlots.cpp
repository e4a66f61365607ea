//===- ParserSlots.cpp - NevercParserAPI ----------------------------------===//
//
// The parse phase's input and output (9-11). The syntax extension slots
// (1-8: cursor, output, parsed attribute) are in AttributeExtension.cpp:
// the attribute phase is the one syntax extension phase stock Clang 22
// lets this build run, and its cursors are the only ones there are.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

namespace neverc::ast {

using namespace clang;

namespace {

constexpr uint16_t Major = NEVERC_PARSER_API_MAJOR;

NevercStatus NEVERC_CALL getParsePhaseInput(void *Ctx,
                                            const NevercPhaseFrame *Frame,
                                            NevercArtifactHandle Input,
                                            NevercParserPhaseInput *Out) {
  return phaseInput<ParseInBox>(
      Ctx, Frame, Input, BoxTag::ParseInput, Major, Out,
      [](TaskState &TS, ParseInBox &In, NevercParserPhaseInput &I) {
        // The token stream reaches Clang's parser through the preprocessor;
        // it is a handle only when neverc.prep.build_token_stream ran.
        I.TokenStream = NevercHandle{};
        I.TranslationUnit = TS.handle(In.TU);
      });
}

NevercStatus NEVERC_CALL createASTUnit(void *Ctx, const NevercPhaseFrame *Frame,
                                       const NevercParserASTUnitDescriptor *Desc,
                                       NevercArtifactHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    ASTDomain::Impl &D = impl(Ctx);
    TaskState *TS;
    if (NevercStatus S = outputScope(D, Frame, core::Phase_SYNTAX_PARSE, &TS);
        !isOk(S))
      return S;
    if (Desc->Product.High != NEVERC_AST_PRODUCT_STANDARD_HIGH ||
        Desc->Product.Low != NEVERC_AST_PRODUCT_STANDARD_LOW)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    NodeRef TU;
    if (NevercStatus S = nodeOf(D, *TS, Desc->TranslationUnit,
                                NEVERC_AST_SCHEMA_DOMAIN_DECL, TU);
        !isOk(S))
      return S;
    auto *TUD = dyn_cast<TranslationUnitDecl>(static_cast<Decl *>(TU.Ptr));
    if (!TUD)
      return st(NEVERC_STATUS_WRONG_TYPE);
    ASTUnitBox &Box = TS->own<ASTUnitBox>();
    Box.TU = TUD;
    Box.State = NEVERC_AST_UNIT_SEMANTICALLY_ANALYZED;
    Box.Identity = TS->InputName;
    *Out = TS->T->createArtifact(D.H.phases().at(core::Phase_SYNTAX_PARSE).Output,
                                 &Box);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getASTUnitInfo(void *Ctx, const NevercPhaseFrame *Frame,
                                        NevercArtifactHandle Unit,
                                        NevercParserASTUnitInfo *Out) {
  return phaseInput<ASTUnitBox>(
      Ctx, Frame, Unit, BoxTag::ASTUnit, Major, Out,
      [](TaskState &TS, ASTUnitBox &B, NevercParserASTUnitInfo &I) {
        I.Product = B.Product;
        I.TranslationUnit = TS.handle(B.TU);
        I.SemanticState = B.State;
        I.SourceIdentity = {B.Identity.data(), B.Identity.size()};
        I.SourceDigest = {nullptr, 0}; // no digest is kept (ast/README)
      });
}

} // namespace

void fillReadSlots(NevercASTAPI &T);
void fillWriteSlots(NevercASTAPI &T);
void fillFixItTable(NevercFixItAPI &T, void *Ctx);
void fillSemaTable(NevercSemaAPI &T, void *Ctx);

void ASTDomain::Impl::fillTables() {
  AST.Header = {sizeof(NevercASTAPI), NEVERC_AST_API_MAJOR,
                NEVERC_AST_API_MINOR, 0};
  AST.Context = this;
  fillReadSlots(AST);
  fillWriteSlots(AST);
  Parser.Header = {sizeof(NevercParserAPI), NEVERC_PARSER_API_MAJOR,
                   NEVERC_PARSER_API_MINOR, 0};
  Parser.Context = this;
  Parser.GetExtensionInput = getExtensionInput;
  Parser.CursorPeek = cursorPeek;
  Parser.CursorConsume = cursorConsume;
  Parser.CursorCheckpoint = cursorCheckpoint;
  Parser.CursorCommit = cursorCommit;
  Parser.CursorRollback = cursorRollback;
  Parser.CreateExtensionOutput = createExtensionOutput;
  Parser.CreateParsedAttribute = createParsedAttribute;
  Parser.GetParsePhaseInput = getParsePhaseInput;
  Parser.CreateASTUnit = createASTUnit;
  Parser.GetASTUnitInfo = getASTUnitInfo;
  fillFixItTable(FixIt, this);
  fillClaimTable(ClaimTable, this);
  fillSemaTable(SemaTable, this);
}

} // namespace neverc::ast
