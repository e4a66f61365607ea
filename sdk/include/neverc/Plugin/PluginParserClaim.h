/*
 * neverc plugin SDK -- attribute claims (pure C11). A neverc extension:
 * upstream NeverC runs neverc.syntax.extension.attribute inside its own
 * parser; stock Clang 22 hands an attribute to a plugin only when the
 * attribute's name was claimed before parsing began (clang::ParsedAttrInfo
 * spellings), and no upstream slot claims a name. This build publishes
 * NevercParserClaimAPI (NEVERC_INTERFACE_PARSER_CLAIM_*), owned by the AST
 * domain:
 *
 *   ClaimAttribute({Name = "track", Forms = GNU|C23, MaximumArguments = 2})
 *       -- during the plugin's Register callback
 *   RegisterInterceptor(neverc.syntax.extension.attribute, ...)
 *
 * From then on every declaration attribute spelled `__attribute__((track))`,
 * `[[track]]` (or the claimed "scope::name" in C23 form) runs the phase
 * once: the input's cursor holds the attribute's tokens as written -- the
 * name (with "scope ::" first for a scoped C23 name) and, when present, the
 * parenthesised arguments, lexed where they are spelled (for an attribute
 * that comes from a macro, the macro's body, unexpanded) -- then an
 * end-of-file token that peeking past the end keeps returning;
 * ExpectedResult is NEVERC_PARSER_RESULT_ATTRIBUTE. A plugin that handles it
 * answers HANDLED with the node CreateParsedAttribute made for this cursor
 * (attached to the declaration) or with no node (nothing attached; the
 * plugin has reported what it wanted); UNHANDLED, or no plugin answering,
 * prints clang's own "unknown attribute 'x' ignored" warning. The node is a
 * clang `annotate` attribute whose annotation is the descriptor's Name (with
 * the attribute's arguments when every one is a constant expression), so IR
 * generation records it (llvm.global.annotations, llvm.var.annotation) and
 * AST plugins find it as NEVERC_ATTR_KIND_ANNOTATE.
 *
 * Keywords: ClaimKeyword({Name = "__answer", Result = EXPR, TYPE, STMT,
 * DECL or ATTRIBUTE, TakesArguments}) in Register makes the identifier a
 * keyword of every compile: each use -- `__answer` or, when it takes arguments,
 * `__answer(...)` -- runs neverc.syntax.extension.expression (Result EXPR),
 * neverc.syntax.extension.type_name (TYPE) or .statement (STMT) once, with
 * a cursor over the keyword and its arguments' tokens as written (no
 * parentheses, macros in them unexpanded), then end-of-file. HANDLED with
 * an expression (EXPR), a type (TYPE) or a statement (STMT) puts that node
 * where the keyword stood: the parser receives it as one annotation token
 * (tok::annot_primary_expr, tok::annot_typename) and analyses the rest of
 * the construct around it. A statement arrives as the void GNU statement
 * expression `({ statement })`, so `kw(...);` is an expression statement
 * and a statement keyword where a value is needed is Clang's type error.
 * UNHANDLED leaves the
 * bare identifier (an undeclared name to Clang). In a compile the claim is
 * carried by a predefined macro of the same name (`#ifdef __answer` is
 * true); -E parses nothing, so there the keyword is left as written and is
 * no macro.
 *
 * Result ATTRIBUTE: a keyword attribute (`int __tracked x;`). Each use runs
 * neverc.syntax.extension.keyword with ExpectedResult ATTRIBUTE. Clang's
 * parser takes no keyword from a plugin, so the answer goes back as tokens:
 * HANDLED with the annotate node CreateParsedAttribute made for the cursor
 * puts `__attribute__((annotate("name")))` where the keyword stood (Clang
 * parses it and attaches its own annotate attribute, without arguments);
 * HANDLED with no node removes the keyword and its arguments (a marker the
 * plugin noted); UNHANDLED leaves the identifier.
 *
 * Result DECL: the keyword -- `__decl(...)`, written between two
 * declarations at file scope, with or without a `;` after it (an empty
 * declaration) -- runs neverc.syntax.extension.declaration once when the
 * declaration before it is complete (at once when it is the unit's first
 * token), so Sema stands at file scope. HANDLED with a Var, Function,
 * Record or Enum a builder made for it (NEVERC_DECL_KIND_VAR / _FUNCTION
 * with ParmVar parameters and a body / _RECORD with Field members / _ENUM
 * with EnumConstant members; not yet declared) declares it there as the
 * parser would: earlier declarations of the name are merged or reported
 * (Clang's redefinition errors), a variable's initializer is converted to
 * its type, a record's members are checked and laid out (ActOnFields), an
 * enumeration's values are C's (ActOnEnumBody), and the declaration goes
 * to IR generation and the lifecycle observers like any other; later
 * declarations see it. Built declarations have external linkage and a
 * record is a struct (the schema has no storage class and no tag kind).
 * UNHANDLED is an error at the keyword ("no plugin handled the declaration
 * keyword"); so is the keyword anywhere else (in a function body, inside a
 * declaration). CreateDeclReference makes the expression that names a
 * declaration (Sema's own, so a function decays and an enumerator is a
 * constant) -- what a keyword's expression needs to mention anything declared;
 * the AST schema has no slot for it.
 *
 * Rules:
 *  - ClaimAttribute outside the caller's Register: NEVERC_STATUS_INVALID_STATE.
 *  - Name not an identifier (or "identifier::identifier", C23 form only);
 *    Forms zero or with a bit other than the three forms; MaximumArguments
 *    above 15: NEVERC_STATUS_INVALID_ARGUMENT.
 *  - A name Clang 22 already knows in one of the forms, or one claimed
 *    before (by any plugin) in one of them: NEVERC_STATUS_DUPLICATE_ID.
 *  - "__name__" is the same name as "name" (Clang normalises both).
 *  - A use with more than MaximumArguments arguments gets Clang's "takes no
 *    more than N arguments" error; the phase does not run for it.
 *  - DECLSPEC spellings reach the phase only with -fdeclspec or
 *    -fms-extensions (Clang parses __declspec only then).
 *  - ClaimKeyword: outside Register INVALID_STATE; a name that is not an
 *    identifier, or a Result other than DECL, STMT, EXPR, TYPE and
 *    ATTRIBUTE,
 *    INVALID_ARGUMENT; a C keyword of any standard, or a name claimed
 *    before, DUPLICATE_ID.
 *  - CreateDeclReference: a declaration that is not a value (a type, a
 *    tag), WRONG_TYPE; from an observer, POLICY_VIOLATION; before Sema
 *    exists, INVALID_STATE. A zero Location uses the declaration's.
 *  - On a statement (`[[track]] x += 1;`) a claimed attribute runs the same
 *    phase; the annotate node a plugin returns makes the statement an
 *    AttributedStmt (Clang 22's ParsedAttrInfo::handleStmtAttribute).
 */
#ifndef NEVERC_PLUGIN_PLUGINPARSERCLAIM_H
#define NEVERC_PLUGIN_PLUGINPARSERCLAIM_H

#include "neverc/Plugin/PluginAST.h"
#include "neverc/Plugin/PluginCore.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "NCPPCLM", 0x01 / 1. */
#define NEVERC_INTERFACE_PARSER_CLAIM_HIGH UINT64_C(0x4e435050434c4d01)
#define NEVERC_INTERFACE_PARSER_CLAIM_LOW UINT64_C(0x0000000000000001)
#define NEVERC_PARSER_CLAIM_API_MAJOR UINT16_C(1)
#define NEVERC_PARSER_CLAIM_API_MINOR UINT16_C(0)

/* Bit per NevercParserAttributeForm (GNU 1, C23 2, DECLSPEC 3). */
typedef uint32_t NevercParserAttributeFormMask;
#define NEVERC_PARSER_ATTRIBUTE_FORM_MASK(form)                                \
  ((NevercParserAttributeFormMask)(UINT32_C(1) << (form)))
#define NEVERC_PARSER_ATTRIBUTE_FORM_MASK_ALL UINT32_C(0x0000000E)

/* Most arguments a claimed attribute accepts (Clang's own limit). */
#define NEVERC_PARSER_CLAIM_MAX_ARGUMENTS UINT32_C(15)

NEVERC_ABI_PACK_BEGIN

typedef struct NevercParserAttributeClaim {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercParserAttributeFormMask Forms;
  uint32_t MaximumArguments;
} NevercParserAttributeClaim;

typedef struct NevercParserKeywordClaim {
  NevercABITableHeader Header;
  NevercStringView Name;
  NevercParserResultKind Result;
  NevercBool TakesArguments;
} NevercParserKeywordClaim;

typedef struct NevercParserClaimAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *ClaimAttribute)(
      void *Context, const NevercParserAttributeClaim *Claim);
  NevercStatus(NEVERC_CALL *ClaimKeyword)(
      void *Context, const NevercParserKeywordClaim *Claim);
  NevercStatus(NEVERC_CALL *CreateDeclReference)(
      void *Context, NevercTaskHandle Task, NevercDeclHandle Declaration,
      NevercSourceLocation Location, NevercExprHandle *OutExpression);
} NevercParserClaimAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINPARSERCLAIM_H */
