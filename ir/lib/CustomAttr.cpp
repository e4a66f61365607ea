//===- CustomAttr.cpp - custom_attr("key", "value") on functions ----------===//
//
// callconv.md §7: a function declared with custom_attr("key", "value")
// (GNU __attribute__ or __declspec; not C23 [[...]], whose arguments Clang
// 22 does not parse for a plugin attribute) carries
// the plain string attribute "key"="value" in the IR the IR phases see,
// from ir.generate on. Clang 22 has no such attribute: it is a
// clang::ParsedAttrInfo whose spellings exist only while a compile has a
// plugin on the IR phases (else clang's own "unknown attribute" warning
// stands, as with clang). Sema hands the attribute over; the domain keeps
// (function name, key, value) for the compile, and before ir.generate
// runs, puts each pair on the function of that name Clang generated. No AST attribute is added, so
// Clang emits no llvm.global.annotations entry for it.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

namespace neverc::ir {
namespace {

using namespace clang;

/// Tells this info apart from other registered ones (no RTTI): its
/// ArgNames view points here, with length 0.
const char *const CustomAttrMarker[1] = {"neverc.custom_attr"};

const ParsedAttrInfo::Spelling Spellings[] = {
    {AttributeCommonInfo::AS_GNU, "custom_attr"},
    {AttributeCommonInfo::AS_Declspec, "custom_attr"}};

struct CustomAttrInfo final : ParsedAttrInfo {
  CustomAttrInfo() {
    NumArgs = 2;
    ArgNames = ArrayRef<const char *>(CustomAttrMarker, size_t(0));
  }
  IRDomain::Impl *Owner = nullptr;

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &A,
                            const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    S.Diag(A.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << A << A.isRegularKeywordAttribute() << "functions";
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &A) const override {
    std::string Parts[2];
    for (unsigned I = 0; I < 2; ++I) {
      const auto *Lit = A.isArgExpr(I)
                            ? dyn_cast_or_null<StringLiteral>(
                                  A.getArgAsExpr(I)->IgnoreParenCasts())
                            : nullptr;
      if (!Lit || !Lit->isOrdinary()) {
        S.Diag(A.getLoc(), diag::err_attribute_argument_n_type)
            << A << (I + 1) << AANT_ArgumentString;
        return AttributeNotApplied;
      }
      Parts[I] = Lit->getString().str();
    }
    TaskState *TS = nullptr;
    if (Owner)
      Owner->States.forEach([&](TaskState &T) {
        if (T.CI && T.CI->hasSema() && &T.CI->getSema() == &S)
          TS = &T;
      });
    if (!TS) {
      S.DiagnoseUnknownAttribute(A);
      return AttributeNotApplied;
    }
    // The IR name: a C function keeps its identifier unless an asm label
    // (written before the attribute) renames it. Only strings are kept:
    // the backend runs after the AST is done with.
    const auto *FD = cast<FunctionDecl>(D);
    std::string Name = FD->getNameAsString();
    if (const auto *L = FD->getAttr<AsmLabelAttr>())
      Name = L->getLabel().str();
    TS->CustomAttrs.push_back({std::move(Name), Parts[0], Parts[1]});
    return AttributeApplied;
  }
};

ParsedAttrInfoRegistry::Add<CustomAttrInfo>
    Registered("neverc-custom-attr",
               "custom_attr(\"key\", \"value\"): a function string attribute");

CustomAttrInfo *registryInstance() {
  for (const std::unique_ptr<ParsedAttrInfo> &I :
       getAttributePluginInstances())
    if (I->ArgNames.data() == CustomAttrMarker)
      return static_cast<CustomAttrInfo *>(I.get());
  return nullptr;
}

} // namespace

void enableCustomAttr(IRDomain::Impl &D, bool On) {
  CustomAttrInfo *Info = registryInstance();
  if (!Info || (Info->Owner && Info->Owner != &D))
    return; // another host in this process owns the registry
  Info->Owner = On ? &D : nullptr;
  Info->Spellings = On ? ArrayRef<ParsedAttrInfo::Spelling>(Spellings)
                       : ArrayRef<ParsedAttrInfo::Spelling>();
}

void applyCustomAttrs(TaskState &TS, llvm::Module &M) {
  for (const CustomAttr &A : TS.CustomAttrs)
    if (llvm::Function *F = M.getFunction(A.Function))
      F->addFnAttr(A.Key, A.Value);
  TS.CustomAttrs.clear();
}

} // namespace neverc::ir
