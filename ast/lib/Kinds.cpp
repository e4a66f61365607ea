//===- Kinds.cpp - Clang nodes as schema kinds; structure -----------------===//
//
// Kind mapping by name (ClangSchemaMap.inc, generated and checked against
// Clang 22's node lists), the schema's parent relation for kindIsA, and the
// flat child order of GetChildCount / GetChild.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include <unordered_map>

namespace neverc::ast {

using namespace clang;

NevercASTNodeKind kindOf(const Decl *D) {
  switch (D->getKind()) {
#define NEVERC_CLANG_DECL(E, ID)                                               \
  case Decl::E:                                                                \
    return ID;
#define NEVERC_CLANG_UNMAPPED_DECL(E, ID)                                      \
  case Decl::E:                                                                \
    return ID;
#include "ClangSchemaMap.inc"
#undef NEVERC_CLANG_DECL
#undef NEVERC_CLANG_UNMAPPED_DECL
  }
  return NEVERC_AST_NODE_KIND_DECL_DECL;
}

NevercASTNodeKind kindOf(const Stmt *S) {
  switch (S->getStmtClass()) {
#define NEVERC_CLANG_STMT(E, ID)                                               \
  case Stmt::E:                                                                \
    return ID;
#define NEVERC_CLANG_UNMAPPED_STMT(E, ID)                                      \
  case Stmt::E:                                                                \
    return ID;
#include "ClangSchemaMap.inc"
#undef NEVERC_CLANG_STMT
#undef NEVERC_CLANG_UNMAPPED_STMT
  default:
    break;
  }
  return isa<Expr>(S) ? NEVERC_AST_NODE_KIND_STMT_EXPR
                      : NEVERC_AST_NODE_KIND_STMT_STMT;
}

NevercASTNodeKind kindOf(const clang::Type *T) {
  switch (T->getTypeClass()) {
#define NEVERC_CLANG_TYPE(E, ID)                                               \
  case clang::Type::E:                                                         \
    return ID;
#define NEVERC_CLANG_UNMAPPED_TYPE(E, ID)                                      \
  case clang::Type::E:                                                                \
    return ID;
#include "ClangSchemaMap.inc"
#undef NEVERC_CLANG_TYPE
#undef NEVERC_CLANG_UNMAPPED_TYPE
  }
  return NEVERC_AST_NODE_KIND_TYPE_TYPE;
}

NevercASTNodeKind kindOf(const Attr *A) {
  switch (A->getKind()) {
#define NEVERC_CLANG_ATTR(E, ID)                                               \
  case attr::E:                                                                \
    return ID;
#define NEVERC_CLANG_UNMAPPED_ATTR(E, ID)                                      \
  case attr::E:                                                                \
    return ID;
#include "ClangSchemaMap.inc"
#undef NEVERC_CLANG_ATTR
#undef NEVERC_CLANG_UNMAPPED_ATTR
  default:
    break;
  }
  return NEVERC_AST_NODE_KIND_ATTR_ATTR;
}

NevercASTNodeKind kindOf(NodeRef N) {
  switch (N.Domain) {
  case NEVERC_AST_SCHEMA_DOMAIN_DECL:
    return kindOf(static_cast<const Decl *>(N.Ptr));
  case NEVERC_AST_SCHEMA_DOMAIN_STMT:
    return kindOf(static_cast<const Stmt *>(N.Ptr));
  case NEVERC_AST_SCHEMA_DOMAIN_TYPE:
    return kindOf(QualType::getFromOpaquePtr(N.Ptr).getTypePtr());
  case NEVERC_AST_SCHEMA_DOMAIN_ATTR:
    return kindOf(static_cast<const Attr *>(N.Ptr));
  case NEVERC_AST_SCHEMA_DOMAIN_TYPE_LOC:
    // Clang's type-loc classes the schema lacks report the root, TypeLoc.
    switch (typeLocOf(N).getTypeLocClass()) {
#define NEVERC_CLANG_TYPE_LOC(ENUM, KIND)                                      \
  case TypeLoc::ENUM:                                                          \
    return KIND;
#include "ClangSchemaMap.inc"
#undef NEVERC_CLANG_TYPE_LOC
    default:
      return NEVERC_AST_NODE_KIND_TYPE_LOC_TYPE_LOC;
    }
  default:
    return NEVERC_AST_NODE_KIND_INVALID;
  }
}

SourceRange rangeOf(NodeRef N) {
  switch (N.Domain) {
  case NEVERC_AST_SCHEMA_DOMAIN_DECL:
    return static_cast<Decl *>(N.Ptr)->getSourceRange();
  case NEVERC_AST_SCHEMA_DOMAIN_STMT:
    return static_cast<Stmt *>(N.Ptr)->getSourceRange();
  case NEVERC_AST_SCHEMA_DOMAIN_ATTR:
    return static_cast<Attr *>(N.Ptr)->getRange();
  case NEVERC_AST_SCHEMA_DOMAIN_TYPE_LOC:
    return typeLocOf(N).getSourceRange();
  default:
    return SourceRange();
  }
}

namespace {
/// Schema parent of every node kind.
const std::unordered_map<NevercASTNodeKind, NevercASTNodeKind> &parents() {
  static const std::unordered_map<NevercASTNodeKind, NevercASTNodeKind> M = {
#define NEVERC_AST_SCHEMA_NODE(DOM, ENUM, SYM, ID, PARENT, ABSTRACT, RANGE,    \
                               NAME, CLASS, NPROPS, NSLOTS)                    \
  {ID, PARENT},
#include "neverc/Plugin/Schema/PluginASTSchema.inc"
#undef NEVERC_AST_SCHEMA_NODE
  };
  return M;
}
} // namespace

bool kindIsA(NevercASTNodeKind K, NevercASTNodeKind Ancestor) {
  const auto &M = parents();
  for (int Depth = 0; K != NEVERC_AST_NODE_KIND_INVALID && Depth < 16;
       ++Depth) {
    if (K == Ancestor)
      return true;
    auto It = M.find(K);
    if (It == M.end())
      return false;
    // The schema gives its root-less attribute kinds (Alias ... Thread) no
    // parent, yet their records list attr.Attr's properties: they are
    // attributes, so they descend from the attr root.
    K = It->second == NEVERC_AST_NODE_KIND_INVALID &&
                domainOfKind(K) == NEVERC_AST_SCHEMA_DOMAIN_ATTR &&
                K != NEVERC_AST_NODE_KIND_ATTR_ATTR
            ? NEVERC_AST_NODE_KIND_ATTR_ATTR
            : It->second;
  }
  return false;
}

void childrenOf(TaskState &TS, NodeRef N, std::vector<NodeRef> &Out) {
  Out.clear();
  if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_TYPE_LOC) {
    if (TypeLoc Next = typeLocOf(N).getNextTypeLoc(); !Next.isNull())
      Out.push_back(TS.typeLocNode(Next, N));
    return;
  }
  auto AddStmt = [&](const Stmt *S) {
    if (S)
      Out.push_back({const_cast<Stmt *>(S), NEVERC_AST_SCHEMA_DOMAIN_STMT});
  };
  auto AddDecl = [&](const Decl *D) {
    if (D)
      Out.push_back({const_cast<Decl *>(D), NEVERC_AST_SCHEMA_DOMAIN_DECL});
  };
  if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_DECL) {
    auto *D = static_cast<Decl *>(N.Ptr);
    if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      for (ParmVarDecl *P : FD->parameters())
        AddDecl(P);
      if (FD->doesThisDeclarationHaveABody())
        AddStmt(FD->getBody());
      return;
    }
    if (auto *VD = dyn_cast<VarDecl>(D)) {
      AddStmt(VD->getInit());
      return;
    }
    if (auto *FD = dyn_cast<FieldDecl>(D)) {
      AddStmt(FD->getBitWidth());
      AddStmt(FD->getInClassInitializer());
      return;
    }
    if (auto *EC = dyn_cast<EnumConstantDecl>(D)) {
      AddStmt(EC->getInitExpr());
      return;
    }
    if (auto *FSA = dyn_cast<FileScopeAsmDecl>(D)) {
      AddStmt(FSA->getAsmStringExpr());
      return;
    }
    if (auto *SA = dyn_cast<StaticAssertDecl>(D)) {
      AddStmt(SA->getAssertExpr());
      AddStmt(SA->getMessage());
      return;
    }
    if (auto *DC = dyn_cast<DeclContext>(D)) {
      // A tag's definition lists its members; a declaration without one
      // (a forward struct declaration) has none.
      if (auto *TD = dyn_cast<TagDecl>(D); TD && !TD->isThisDeclarationADefinition())
        return;
      for (Decl *C : DC->decls())
        AddDecl(C);
    }
    return;
  }
  if (N.Domain == NEVERC_AST_SCHEMA_DOMAIN_STMT) {
    auto *S = static_cast<Stmt *>(N.Ptr);
    if (auto *DS = dyn_cast<DeclStmt>(S)) {
      for (Decl *D : DS->decls())
        AddDecl(D);
      return;
    }
    for (Stmt *C : S->children())
      AddStmt(C);
  }
}

} // namespace neverc::ast
