//===- MutableSlots.cpp - Which Clang child a replaced AST slot is
//---------===//
//
// A mutation replaces a child slot of the schema (ASTMutationReplaceChild);
// here each slot this host replaces maps to the Clang node's own setter,
// with what the slot accepts. Slots left out are refused at commit with
// CAPABILITY_UNAVAILABLE and the reason: Clang 22 computed something from
// the child at Sema time and keeps it apart (an enumerator's value, a
// bit-field's width, a switch's list of cases, the branch __builtin_choose_expr
// took, a folded constant), or sized the node's storage when it made it (an
// if without an else), or the slot has no setter at all.
//
// Also the checks a statement needs wherever it lands (jumps): a break or
// continue needs a loop or switch around it, a case label cannot leave its
// switch, and a label a goto names cannot be dropped.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace neverc::ast {

using namespace clang;

namespace {

/// The \p Pos-th child of \p S in Clang's children() order.
Stmt **childAt(Stmt *S, unsigned Pos) {
  unsigned I = 0;
  for (Stmt *&C : S->children())
    if (I++ == Pos)
      return &C;
  return nullptr;
}

SlotAccess expr(Expr *Old, std::function<void(Expr *)> Set) {
  SlotAccess A;
  A.Old = Old;
  A.Want = SlotAccess::Expression;
  A.Set = [Set = std::move(Set)](Stmt *S) { Set(cast_or_null<Expr>(S)); };
  return A;
}

SlotAccess stmt(Stmt *Old, std::function<void(Stmt *)> Set) {
  SlotAccess A;
  A.Old = Old;
  A.Want = SlotAccess::Statement;
  A.Set = std::move(Set);
  return A;
}

SlotAccess pointer(Stmt **P, SlotAccess::Wants W) {
  SlotAccess A;
  A.Old = *P;
  A.Want = W;
  A.Set = [P](Stmt *S) { *P = S; };
  return A;
}

SlotAccess condition(Expr *Old, std::function<void(Expr *)> Set) {
  SlotAccess A = expr(Old, std::move(Set));
  A.Condition = true;
  return A;
}

SlotAccess body(Stmt *Old, std::function<void(Stmt *)> Set, bool Loop) {
  SlotAccess A = stmt(Old, std::move(Set));
  A.LoopBody = Loop;
  return A;
}

bool stmtSlot(Stmt *S, NevercASTChildSlotID Slot, uint64_t Index, SlotAccess &A,
              std::string &Why) {
  switch (Slot) {
  case NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_ARGUMENTS: {
    auto *CE = cast<CallExpr>(S);
    if (Index >= CE->getNumArgs())
      return Why = "argument index out of range", false;
    unsigned I = unsigned(Index);
    A = expr(CE->getArg(I), [CE, I](Expr *E) { CE->setArg(I, E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_CALL_EXPR_CALLEE: {
    auto *CE = cast<CallExpr>(S);
    A = expr(CE->getCallee(), [CE](Expr *E) { CE->setCallee(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_STMT_BODY: {
    auto *CS = cast<CompoundStmt>(S);
    if (Index >= CS->size())
      return Why = "statement index out of range", false;
    A = pointer(CS->body_begin() + Index, SlotAccess::Statement);
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_LHS:
  case NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_ASSIGN_OPERATOR_LHS: {
    auto *BO = cast<BinaryOperator>(S);
    A = expr(BO->getLHS(), [BO](Expr *E) { BO->setLHS(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_BINARY_OPERATOR_RHS:
  case NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_ASSIGN_OPERATOR_RHS: {
    auto *BO = cast<BinaryOperator>(S);
    A = expr(BO->getRHS(), [BO](Expr *E) { BO->setRHS(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_RETURN_STMT_VALUE: {
    auto *R = cast<ReturnStmt>(S);
    A = expr(R->getRetValue(), [R](Expr *E) { R->setRetValue(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_PAREN_EXPR_SUBEXPRESSION: {
    auto *P = cast<ParenExpr>(S);
    A = expr(P->getSubExpr(), [P](Expr *E) { P->setSubExpr(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_UNARY_OPERATOR_OPERAND: {
    auto *U = cast<UnaryOperator>(S);
    A = expr(U->getSubExpr(), [U](Expr *E) { U->setSubExpr(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_IMPLICIT_CAST_EXPR_SUBEXPRESSION:
  case NEVERC_AST_CHILD_SLOT_STMT_C_STYLE_CAST_EXPR_SUBEXPRESSION: {
    auto *C = cast<CastExpr>(S);
    A = expr(C->getSubExpr(), [C](Expr *E) { C->setSubExpr(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_CONDITION: {
    auto *If = cast<IfStmt>(S);
    A = condition(If->getCond(), [If](Expr *E) { If->setCond(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_THEN: {
    auto *If = cast<IfStmt>(S);
    A = body(
        If->getThen(), [If](Stmt *B) { If->setThen(B); }, false);
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_IF_STMT_ELSE: {
    auto *If = cast<IfStmt>(S);
    if (!If->hasElseStorage())
      return Why = "the if has no else, and Clang 22 sizes an IfStmt's "
                   "storage when it makes it",
             false;
    A = body(
        If->getElse(), [If](Stmt *B) { If->setElse(B); }, false);
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_WHILE_STMT_CONDITION: {
    auto *W = cast<WhileStmt>(S);
    A = condition(W->getCond(), [W](Expr *E) { W->setCond(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_WHILE_STMT_BODY: {
    auto *W = cast<WhileStmt>(S);
    A = body(
        W->getBody(), [W](Stmt *B) { W->setBody(B); }, true);
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_DO_STMT_CONDITION: {
    auto *Do = cast<DoStmt>(S);
    A = condition(Do->getCond(), [Do](Expr *E) { Do->setCond(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_DO_STMT_BODY: {
    auto *Do = cast<DoStmt>(S);
    A = body(
        Do->getBody(), [Do](Stmt *B) { Do->setBody(B); }, true);
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_INITIALIZER: {
    auto *F = cast<ForStmt>(S);
    A = stmt(F->getInit(), [F](Stmt *B) { F->setInit(B); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_CONDITION: {
    auto *F = cast<ForStmt>(S);
    A = condition(F->getCond(), [F](Expr *E) { F->setCond(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_INCREMENT: {
    auto *F = cast<ForStmt>(S);
    A = expr(F->getInc(), [F](Expr *E) { F->setInc(E); });
    A.AnyType = true; // evaluated for its effects only
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_FOR_STMT_BODY: {
    auto *F = cast<ForStmt>(S);
    A = body(
        F->getBody(), [F](Stmt *B) { F->setBody(B); }, true);
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_SWITCH_STMT_CONDITION: {
    auto *Sw = cast<SwitchStmt>(S);
    A = expr(Sw->getCond(), [Sw](Expr *E) { Sw->setCond(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_CASE_STMT_SUBSTATEMENT: {
    auto *C = cast<CaseStmt>(S);
    A = stmt(C->getSubStmt(), [C](Stmt *B) { C->setSubStmt(B); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_DEFAULT_STMT_SUBSTATEMENT: {
    auto *C = cast<DefaultStmt>(S);
    A = stmt(C->getSubStmt(), [C](Stmt *B) { C->setSubStmt(B); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_LABEL_STMT_SUBSTATEMENT: {
    auto *L = cast<LabelStmt>(S);
    A = stmt(L->getSubStmt(), [L](Stmt *B) { L->setSubStmt(B); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_CONDITION:
  case NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_TRUE_EXPRESSION:
  case NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_FALSE_EXPRESSION: {
    // No setters; children() are the condition, the true and the false
    // expression, always present.
    unsigned Pos =
        Slot == NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_CONDITION ? 0
        : Slot ==
                NEVERC_AST_CHILD_SLOT_STMT_CONDITIONAL_OPERATOR_TRUE_EXPRESSION
            ? 1
            : 2;
    A = pointer(childAt(cast<ConditionalOperator>(S), Pos),
                SlotAccess::Expression);
    A.Condition = Pos == 0;
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_ARRAY_SUBSCRIPT_EXPR_BASE:
  case NEVERC_AST_CHILD_SLOT_STMT_ARRAY_SUBSCRIPT_EXPR_INDEX: {
    // The base is whichever side is the pointer (`i[p]` is valid C).
    auto *AS = cast<ArraySubscriptExpr>(S);
    bool WantBase =
        Slot == NEVERC_AST_CHILD_SLOT_STMT_ARRAY_SUBSCRIPT_EXPR_BASE;
    bool BaseIsLHS = AS->getBase() == AS->getLHS();
    if (WantBase == BaseIsLHS)
      A = expr(AS->getLHS(), [AS](Expr *E) { AS->setLHS(E); });
    else
      A = expr(AS->getRHS(), [AS](Expr *E) { AS->setRHS(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_MEMBER_EXPR_BASE: {
    auto *ME = cast<MemberExpr>(S);
    A = expr(ME->getBase(), [ME](Expr *E) { ME->setBase(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_COMPOUND_LITERAL_EXPR_INITIALIZER: {
    auto *CL = cast<CompoundLiteralExpr>(S);
    A = expr(CL->getInitializer(), [CL](Expr *E) { CL->setInitializer(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_INIT_LIST_EXPR_INITIALIZERS: {
    auto *IL = cast<InitListExpr>(S);
    if (Index >= IL->getNumInits())
      return Why = "initializer index out of range", false;
    unsigned I = unsigned(Index);
    A = expr(IL->getInit(I), [IL, I](Expr *E) { IL->setInit(I, E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_DESIGNATED_INIT_EXPR_INITIALIZER: {
    auto *DI = cast<DesignatedInitExpr>(S);
    A = expr(DI->getInit(), [DI](Expr *E) { DI->setInit(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_VA_ARG_EXPR_SUBEXPRESSION: {
    auto *VA = cast<VAArgExpr>(S);
    A = expr(VA->getSubExpr(), [VA](Expr *E) { VA->setSubExpr(E); });
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_STMT_EXPR_SUBSTATEMENT: {
    auto *SE = cast<StmtExpr>(S);
    A = stmt(SE->getSubStmt(),
             [SE](Stmt *B) { SE->setSubStmt(cast<CompoundStmt>(B)); });
    A.Want = SlotAccess::Compound;
    A.ValueOf = SE;
    return true;
  }
  case NEVERC_AST_CHILD_SLOT_STMT_SWITCH_STMT_BODY:
    Why = "a switch keeps the list of its case labels apart from its body "
          "(Clang 22's SwitchStmt::getSwitchCaseList)";
    return false;
  case NEVERC_AST_CHILD_SLOT_STMT_CASE_STMT_LHS:
  case NEVERC_AST_CHILD_SLOT_STMT_CASE_STMT_RHS:
    Why = "a case value is checked against its switch's other cases when "
          "Sema makes it";
    return false;
  case NEVERC_AST_CHILD_SLOT_STMT_CHOOSE_EXPR_CONDITION:
  case NEVERC_AST_CHILD_SLOT_STMT_CHOOSE_EXPR_LHS:
  case NEVERC_AST_CHILD_SLOT_STMT_CHOOSE_EXPR_RHS:
    Why = "__builtin_choose_expr's branch and type were chosen by Sema";
    return false;
  case NEVERC_AST_CHILD_SLOT_STMT_CONSTANT_EXPR_SUBEXPRESSION:
    Why = "a ConstantExpr keeps the value Sema folded from it";
    return false;
  default:
    Why = "Clang 22 gives that child no setter, or computes something from "
          "it when Sema makes the node";
    return false;
  }
}

/// Whether \p S (a replacement) has a break or continue that needs a target
/// outside it, or a case label outside a switch of its own.
void scanJumps(const Stmt *S, bool InLoop, bool InSwitch, bool &Break,
               bool &Continue, bool &Case) {
  if (!S)
    return;
  if (isa<BreakStmt>(S) && !InLoop && !InSwitch)
    Break = true;
  if (isa<ContinueStmt>(S) && !InLoop)
    Continue = true;
  if (isa<SwitchCase>(S) && !InSwitch)
    Case = true;
  bool Loop = isa<ForStmt, WhileStmt, DoStmt>(S);
  bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *C : S->children())
    scanJumps(C, InLoop || Loop, InSwitch || Switch, Break, Continue, Case);
}

/// A label statement under \p S that a goto (or &&label) names.
const LabelStmt *usedLabel(const Stmt *S) {
  if (!S)
    return nullptr;
  if (auto *L = dyn_cast<LabelStmt>(S))
    if (L->getDecl()->isUsed())
      return L;
  for (const Stmt *C : S->children())
    if (const LabelStmt *L = usedLabel(C))
      return L;
  return nullptr;
}

} // namespace

bool slotAccess(NodeRef Parent, NevercASTChildSlotID Slot, uint64_t Index,
                SlotAccess &A, std::string &Why) {
  if (Parent.Domain == NEVERC_AST_SCHEMA_DOMAIN_STMT)
    return stmtSlot(static_cast<Stmt *>(Parent.Ptr), Slot, Index, A, Why);
  switch (Slot) {
  case NEVERC_AST_CHILD_SLOT_DECL_ENUM_CONSTANT_INITIALIZER:
    Why = "an enumerator's value is folded by Sema and kept apart from its "
          "initializer";
    break;
  case NEVERC_AST_CHILD_SLOT_DECL_FIELD_BIT_WIDTH:
    Why = "a bit-field's width is part of its record's layout";
    break;
  default:
    Why = "declaration slots other than a variable's initializer and a "
          "function's body have no Clang 22 setter this host can use";
    break;
  }
  return false;
}

bool jumpsFitAt(const Stmt *Old, const Stmt *Replacement,
                llvm::function_ref<std::pair<bool, bool>()> Where,
                std::string &Why) {
  bool Break = false, Continue = false, Case = false;
  scanJumps(Replacement, false, false, Break, Continue, Case);
  if (Case) {
    Why = "a case or default label cannot move: its switch keeps a list of "
          "its cases";
    return false;
  }
  if (const LabelStmt *L = usedLabel(Old)) {
    Why = std::string("the replaced statement holds label '") + L->getName() +
          "', which a goto names";
    return false;
  }
  if (!Break && !Continue)
    return true;
  auto [InLoop, InSwitch] = Where();
  if (Continue && !InLoop) {
    Why = "a continue statement would land outside any loop";
    return false;
  }
  if (Break && !InLoop && !InSwitch) {
    Why = "a break statement would land outside any loop or switch";
    return false;
  }
  return true;
}

bool jumpsFit(TaskState &TS, NodeRef Parent, const SlotAccess &A,
              const Stmt *Replacement, std::string &Why) {
  auto Where = [&] {
    bool InLoop = A.LoopBody, InSwitch = false;
    for (NodeRef N = Parent; N.Ptr && N.Domain == NEVERC_AST_SCHEMA_DOMAIN_STMT;
         N = parentOf(TS, N)) {
      // The parent itself counts only for its body (LoopBody): a loop's
      // condition is not inside the loop.
      if (N.Ptr == Parent.Ptr)
        continue;
      auto *S = static_cast<Stmt *>(N.Ptr);
      InLoop |= isa<ForStmt, WhileStmt, DoStmt>(S);
      InSwitch |= isa<SwitchStmt>(S);
    }
    return std::make_pair(InLoop, InSwitch);
  };
  return jumpsFitAt(A.Old, Replacement, Where, Why);
}

} // namespace neverc::ast
