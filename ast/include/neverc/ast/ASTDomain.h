//===- ASTDomain.h - The syntax and sema domains ----------------*- C++ -*-===//
//
// LLVM-free (Clang types are only named). Publishes NevercASTAPI 1.1 and
// NevercParserAPI 1.0, runs neverc.syntax.parse and neverc.sema.analyze
// around Clang's own parse, and delivers the 11 AST lifecycle events.
//
// It attaches to a compile by wrapping the frontend action
// (core::FrontendAttachment::wrapAction): the wrapper's ASTConsumer sits in
// front of the consumer Clang's action made (CodeGen's BackendConsumer), so
// IR generation runs on the tree the phase chain produced. Nothing is
// wrapped when no syntax/sema phase has a registration and the task has no
// lifecycle subscription: the compile is then exactly clang's.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_AST_ASTDOMAIN_H
#define NEVERC_AST_ASTDOMAIN_H

#include "neverc/Plugin/PluginAST.h"
#include "neverc/core/Attachment.h"
#include "neverc/core/Host.h"
#include "neverc/core/SourceCodec.h"

#include <cstdint>
#include <memory>
#include <string>

namespace neverc::prep {
class PrepDomain;
} // namespace neverc::prep

namespace neverc::ast {


class ASTDomain final : public core::FrontendAttachment {
public:
  /// Publishes the AST and PARSER tables on \p H; call before
  /// Host::initialize(). The domain must outlive every session of \p H.
  explicit ASTDomain(core::Host &H);
  ~ASTDomain() override;
  ASTDomain(const ASTDomain &) = delete;
  ASTDomain &operator=(const ASTDomain &) = delete;

  NevercStatus published() const;
  /// The source domain's handle codec (SourceDomain::codec()).
  void setSourceCodec(const core::SourceCodec &C);
  /// The prep domain mints the tokens of the attribute extension's cursor.
  void setPrepDomain(prep::PrepDomain *D);

  uint32_t firstPhase() const override;
  int attach(clang::CompilerInstance &CI, core::Task &TU) override;
  int detach(clang::CompilerInstance &CI, core::Task &TU,
             bool Success) override;
  bool wrapsAction(clang::CompilerInstance &CI, core::Task &TU) override;
  clang::FrontendAction *wrapAction(clang::CompilerInstance &CI,
                                    core::Task &TU,
                                    clang::FrontendAction *Inner) override;

  /// Fix-its (PluginFixIt.h) for the diagnostics bridge: whether \p F is a
  /// live fix-it, and what it edits (raw clang::SourceLocation encodings;
  /// INSERT_AFTER resolved to the end of the range's last token).
  bool fixItLive(NevercFixItHandle F) const;
  struct ResolvedFixIt {
    unsigned Begin = 0, End = 0;
    bool TokenRange = true, Insert = false;
    std::string Text;
  };
  bool resolveFixIt(NevercFixItHandle F, ResolvedFixIt &Out) const;

  const NevercASTAPI &astTable() const;
  const NevercParserAPI &parserTable() const;

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace neverc::ast

#endif
