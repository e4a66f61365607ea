//===- FixItSlots.cpp - NevercFixItAPI and fix-it resolution --------------===//
//
// Fix-its are task-scoped records (token range + text + kind); the clang
// diagnostic bridge turns them into clang::FixItHint, so they print as
// clang's own and -fixit applies them.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"

namespace neverc::ast {

using namespace clang;

namespace {

NevercStatus NEVERC_CALL createFixIt(void *Ctx, NevercTaskHandle Task,
                                     const NevercFixItDescriptor *Desc,
                                     NevercFixItHandle *Out) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, NEVERC_FIXIT_API_MAJOR);
        !isOk(S))
      return S;
    if (!Out || Desc->Kind > NEVERC_FIXIT_INSERT_AFTER ||
        (Desc->Text.Length && !Desc->Text.Data) ||
        std::memchr(Desc->Text.Data ? Desc->Text.Data : "", 0,
                    Desc->Text.Length))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    ASTDomain::Impl &D = impl(Ctx);
    TaskState *TS = nullptr;
    if (NevercStatus S = taskOf(D, Task, &TS); !isOk(S))
      return S;
    if (!TS->CI)
      return st(NEVERC_STATUS_INVALID_STATE);
    SourceRange R;
    if (!D.decodeRange(*TS, Desc->Range, R) || R.isInvalid())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    FixItModel M;
    M.RawBegin = R.getBegin().getRawEncoding();
    M.RawEnd = R.getEnd().getRawEncoding();
    M.Kind = Desc->Kind;
    M.Text.assign(Desc->Text.Data ? Desc->Text.Data : "", Desc->Text.Length);
    *Out = TS->FixIts.insert(std::move(M));
    return okStatus();
  });
}

} // namespace

void fillFixItTable(NevercFixItAPI &T, void *Ctx) {
  T.Header = {sizeof(NevercFixItAPI), NEVERC_FIXIT_API_MAJOR,
              NEVERC_FIXIT_API_MINOR, 0};
  T.Context = Ctx;
  T.CreateFixIt = createFixIt;
}

bool ASTDomain::fixItLive(NevercFixItHandle F) const {
  core::DecodedHandle DH = core::decodeHandle(F);
  if (DH.Kind != hk(ASTHandleKind::FixIt))
    return false;
  TaskState *TS = P->stateFor(DH.Scope);
  return TS && TS->FixIts.lookup(F) && TS->CI;
}

bool ASTDomain::resolveFixIt(NevercFixItHandle F, ResolvedFixIt &Out) const {
  core::DecodedHandle DH = core::decodeHandle(F);
  if (DH.Kind != hk(ASTHandleKind::FixIt))
    return false;
  TaskState *TS = P->stateFor(DH.Scope);
  if (!TS || !TS->CI)
    return false;
  const FixItModel *M = TS->FixIts.lookup(F);
  if (!M)
    return false;
  Out.Text = M->Text;
  Out.TokenRange = true;
  switch (M->Kind) {
  case NEVERC_FIXIT_REPLACE:
    Out.Insert = false;
    Out.Begin = M->RawBegin;
    Out.End = M->RawEnd;
    return true;
  case NEVERC_FIXIT_INSERT_BEFORE:
    Out.Insert = true;
    Out.Begin = M->RawBegin;
    return true;
  default: {
    SourceLocation End = Lexer::getLocForEndOfToken(
        SourceLocation::getFromRawEncoding(M->RawEnd), 0,
        TS->CI->getSourceManager(), TS->CI->getLangOpts());
    if (End.isInvalid())
      return false;
    Out.Insert = true;
    Out.Begin = End.getRawEncoding();
    return true;
  }
  }
}

} // namespace neverc::ast
