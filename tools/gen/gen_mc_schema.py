#!/usr/bin/env python3
"""Generate sdk/include/neverc/Plugin/Schema/PluginMCSchema.inc.

The canonical source is sdk/include/neverc/Plugin/Schema/MCSchema.json: the
generic, STABLE MC schema of target-mc-object.md section 5.3 -- 10 entities,
8 operand kinds, 5 expression kinds, 15 fragment kinds, 23 fixup kinds and 5
layout states with their stable IDs, symbols, internal names, LLVM values,
canonical names and whether a value needs a target schema. The schema is
validated before anything is written; any violation is reported and the
generator exits with status 2.

Decisions (where target-mc-object.md leaves room):
 * Every entry is internal, symbol, llvm_value, id, canonical_name,
   requires_target_schema (the MIR schema's keys, requires_target_schema on
   every domain); id is a "0x%08x" string, one record a line, rows in ID
   order.
 * ID rules: tag in the top byte (entity 0x61, operand kind 0x62, expression
   kind 0x63, fragment kind 0x64, fixup kind 0x65, layout state 0x66),
   1-based ordinal in the low 24 bits, i.e. base + index.
 * llvm_value is NeverC's recorded number, verbatim (section 9.2: keep the
   generic schema's constants; LLVM 22 lost several of these enumerators):
   equal to the row's index, except an extension row (TargetExtension,
   FormatExtension), whose value is UINT32_MAX (4294967295; emitted as
   UINT32_MAX), which must require a target schema and be its domain's last
   row. The expression kind Target (TARGET_VARIANT) keeps its number and
   also requires a target schema.
 * Symbols are NeverC's and not derived from the internal name
   (FT_CompactEncodedInst -> ENCODED_WITH_FIXUPS); canonical_name is the
   lower-cased symbol. Layout states are no LLVM enumeration; their internal
   names are NeverC's (Building ... Committed).
 * stable_schema_digest is NeverC's constant, verbatim. Its algorithm is not
   published, so it cannot be recomputed; instead everything is pinned per
   capability (PINNED): the counts, that digest, and this project's SHA-256
   over the content (content_sha256), taken over this ASCII text, every line
   ending in "\\n", fields separated by one space:
       neverc-mc-schema <schema_version>
       capability <major> <minor>
   then one line per entry, domains in the order entity, operand,
   expression, fragment, fixup, layout_state and entries in ID order:
       <domain> <id as 0x%08x> <symbol> <internal> <llvm_value>
           <canonical_name> <0|1 requires_target_schema>
   The description is not covered. Any content change therefore needs a
   capability bump (and a new NeverC digest); the generator prints the
   content hash it computed.
 * Capability macros are UINT16_C, as in the other schemas. Every X-macro is
   expanded only if the includer defined it, and is #undef'd afterwards.
 * No generated macro may collide with one PluginMC.h defines itself.

  gen_mc_schema.py           regenerate the .inc in place
  gen_mc_schema.py --check   exit 1 (with a diff) if the checked-in .inc
                             differs from what would be generated
"""

import hashlib
import json
import os
import sys

sys.dont_write_bytecode = True  # keep tools/gen free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from schema_common import (  # noqa: E402  (same directory)
    IDENT_RE, PLUGIN_DIR, SCHEMA_DIR, SYMBOL_RE, capability_macro_names, check_counts,
    check_domain_arrays, check_macros, check_row_id, check_unique, emit_capability, emit_ids,
    emit_table, header_defines, header_schema_main, id_macro_names, is_int, join_lines,
    load_schema, problem_list, validate_top_level)

TOOL = "gen_mc_schema"

DEFAULT_SCHEMA = os.path.join(SCHEMA_DIR, "MCSchema.json")
DEFAULT_OUTPUT = os.path.join(SCHEMA_DIR, "PluginMCSchema.inc")
DEFAULT_HEADER = os.path.join(PLUGIN_DIR, "PluginMC.h")

ENTRY_KEYS = ("internal", "symbol", "llvm_value", "id", "canonical_name", "requires_target_schema")
# JSON array -> (ID tag, macro infix, count macro).
DOMAINS = (
    ("entities", 0x61, "ENTITY", "NEVERC_MC_ENTITY_COUNT"),
    ("operand_kinds", 0x62, "OPERAND", "NEVERC_MC_OPERAND_COUNT"),
    ("expression_kinds", 0x63, "EXPRESSION", "NEVERC_MC_EXPRESSION_COUNT"),
    ("fragment_kinds", 0x64, "FRAGMENT", "NEVERC_MC_FRAGMENT_COUNT"),
    ("fixup_kinds", 0x65, "FIXUP", "NEVERC_MC_FIXUP_COUNT"),
    ("layout_states", 0x66, "LAYOUT_STATE", "NEVERC_MC_LAYOUT_STATE_COUNT"),
)
DOMAIN = {d[0]: d for d in DOMAINS}
TOP_KEYS = ("schema_version", "description", "capability", "stable_schema_digest") + tuple(
    d[0] for d in DOMAINS)

NO_LLVM_VALUE = 0xffffffff

PINNED = {
    (1, 0): {
        "counts": {"entities": 10, "operand_kinds": 8, "expression_kinds": 5,
                   "fragment_kinds": 15, "fixup_kinds": 23, "layout_states": 5},
        # NeverC's NEVERC_MC_SCHEMA_DIGEST for capability 1.0.
        "digest": "baae41320577a2e75fd2267dd9f31e652874f6118478e11bb321bc650a3eae49",
        # This project's hash of the 1.0 content (see content_text).
        "content_sha256": "9664feb66d514fd2a983c913407d6e4b563fa38a584d3cf4b2d0d5e2a3862762",
    },
}


def macro_infix(domain):
    return DOMAIN[domain][2]


def id_macro(domain, it):
    return "NEVERC_MC_%s_%s" % (macro_infix(domain), it["symbol"])


def content_text(doc):
    """The canonical serialization content_sha256 is taken over."""
    lines = ["neverc-mc-schema %d" % doc["schema_version"],
             "capability %d %d" % (doc["capability"]["major"], doc["capability"]["minor"])]
    for name, _, infix, _ in DOMAINS:
        for it in doc[name]:
            lines.append("%s %s %s %s %d %s %d" % (
                infix.lower(), it["id"], it["symbol"], it["internal"], it["llvm_value"],
                it["canonical_name"], 1 if it["requires_target_schema"] else 0))
    return "".join(line + "\n" for line in lines)


def content_digest(doc):
    return hashlib.sha256(content_text(doc).encode("ascii")).hexdigest()


def macro_names(doc):
    return capability_macro_names("NEVERC_MC") + id_macro_names(doc, DOMAINS, id_macro)


def validate(doc, header_names=None):
    """Return a list of human-readable problems (empty when the schema is sound)."""
    errs, err = problem_list()

    go_on, cap = validate_top_level(doc, TOP_KEYS, err, stop_early=True)
    if not go_on or not check_domain_arrays(doc, DOMAINS, lambda name: ENTRY_KEYS, err):
        return errs

    pin = PINNED.get((cap["major"], cap["minor"]))
    if pin is None:
        err("capability", "nothing pinned for %d.%d; add it to PINNED"
            % (cap["major"], cap["minor"]))
    else:
        check_counts(doc, DOMAINS, cap, pin["counts"], err)
        if doc["stable_schema_digest"] != pin["digest"]:
            err("stable_schema_digest", "%s is not NeverC's digest %s for capability %d.%d"
                % (doc["stable_schema_digest"], pin["digest"], cap["major"], cap["minor"]))

    # --- the entries ----------------------------------------------------------
    seen_id = {}
    sound = True
    for name, tag, _, _ in DOMAINS:
        seen_sym, seen_int = {}, {}
        items = doc[name]
        for i, it in enumerate(items):
            w = "%s[%d]" % (name, i)
            sym = it["symbol"]
            if not isinstance(sym, str) or not SYMBOL_RE.match(sym):
                err(w, "bad symbol %r" % (sym,))
                sound = False
                continue
            w = "%s[%d] (%s)" % (name, i, sym)
            internal = it["internal"]
            if not isinstance(internal, str) or not IDENT_RE.match(internal):
                err(w, "bad internal name %r" % (internal,))
                sound = False
            if it["canonical_name"] != sym.lower():
                err(w, "canonical_name %r must be the lower-case symbol %r"
                    % (it["canonical_name"], sym.lower()))
                if not isinstance(it["canonical_name"], str):
                    sound = False
            if not check_row_id(err, w, name, i, tag, it["id"], seen_id):
                sound = False
            req = it["requires_target_schema"]
            if not isinstance(req, bool):
                err(w, "requires_target_schema must be a bool")
                sound = False
            v = it["llvm_value"]
            if not is_int(v) or not 0 <= v <= 0xffffffff:
                err(w, "llvm_value must be a 32-bit unsigned integer")
                sound = False
            elif v == NO_LLVM_VALUE:
                if req is not True:
                    err(w, "an extension row (llvm_value UINT32_MAX) must require a target "
                        "schema")
                if i != len(items) - 1:
                    err(w, "an extension row (llvm_value UINT32_MAX) must be the last of %s"
                        % name)
            elif v != i:
                err(w, "llvm_value %d breaks NeverC's numbering (expected %d, the index)"
                    % (v, i))
            check_unique(err, w, name, i, ((seen_sym, sym, "symbol"),
                                           (seen_int, internal, "internal")))

    # --- every generated macro name is unique and not PluginMC.h's -----------
    if sound:
        check_macros(macro_names(doc), err, header_names, "PluginMC.h")

    # --- the pinned content hash covers exactly this content ------------------
    if sound and pin is not None:
        got = content_digest(doc)
        if got != pin["content_sha256"]:
            err("content", "the content hashes to %s, capability %d.%d is pinned to %s "
                "(a content change needs a capability bump, NeverC's new digest and a new "
                "PINNED entry)" % (got, cap["major"], cap["minor"], pin["content_sha256"]))
    return errs


def load(path, header=DEFAULT_HEADER):
    return load_schema(path, lambda doc: validate(doc, header_defines(header)))


# --- output -------------------------------------------------------------------

def llvm_literal(v):
    return "UINT32_MAX" if v == NO_LLVM_VALUE else "UINT32_C(%d)" % v


def row(domain, it):
    return "%s, %s, %s, %s, %s, %s" % (
        it["internal"], it["symbol"], id_macro(domain, it), llvm_literal(it["llvm_value"]),
        json.dumps(it["canonical_name"]),
        "NEVERC_TRUE" if it["requires_target_schema"] else "NEVERC_FALSE")


def render(doc):
    out = []
    w = out.append
    w("/*")
    w(" * PluginMCSchema.inc -- GENERATED FILE, DO NOT EDIT.")
    w(" *")
    w(" * Generated by tools/gen/gen_mc_schema.py from")
    w(" * sdk/include/neverc/Plugin/Schema/MCSchema.json (the canonical source).")
    w(" * Edit the JSON and rerun the generator; tests fail when this file is stale.")
    w(" * Needs <stdint.h>; the rows name NEVERC_TRUE/NEVERC_FALSE")
    w(" * (neverc/Plugin/PluginCore.h).")
    w(" *")
    w(" * The generic MC schema, STABLE: IDs carry the domain tag in the top byte")
    w(" * (entity 0x61, operand kind 0x62, expression kind 0x63, fragment kind")
    w(" * 0x64, fixup kind 0x65, layout state 0x66) and a dense 1-based ordinal")
    w(" * in the low 24 bits. The kind fields of the MC structs hold these IDs.")
    w(" * A row with RequiresTargetSchema (TARGET_EXTENSION, TARGET_VARIANT,")
    w(" * FORMAT_EXTENSION) carries its real value in a LOCKSTEP field under a")
    w(" * schema token. Opcodes, registers and relocations are not in this")
    w(" * schema: they need a registered target schema.")
    w(" *")
    w(" * Everything here is NeverC's, verbatim, NEVERC_MC_SCHEMA_DIGEST included")
    w(" * (its algorithm is unpublished, so it cannot be recomputed). The LLVM")
    w(" * values are the older LLVM's NeverC recorded, UINT32_MAX for an")
    w(" * extension row; LLVM 22 has no FK_PCRel_*, FK_GPRel_*, FK_DTPRel_*,")
    w(" * FK_TPRel_* (a PC-relative fixup is FK_Data_n with the PC-relative bit),")
    w(" * no FT_CompactEncodedInst, FT_PseudoProbe or FT_Dummy, and an extra")
    w(" * MCExpr::Specifier. Map by name or meaning, never by number.")
    w(" *")
    w(" * Public part (guarded by NEVERC_PLUGIN_MC_SCHEMA_CONSTANTS_DEFINED): the")
    w(" * capability and digest, the counts and every NEVERC_MC_<DOMAIN>_<SYMBOL>.")
    w(" *")
    w(" * Tables (unguarded): each is expanded once per row only when the includer")
    w(" * defined the macro, which is #undef'd afterwards; rows are in ID order.")
    w(" *   NEVERC_MC_SCHEMA_<DOMAIN>(Internal, SYMBOL, ID, LLVMValue, \"canonical\",")
    w(" *       RequiresTargetSchema)")
    w(" * for DOMAIN in ENTITY, OPERAND, EXPRESSION, FRAGMENT, FIXUP, LAYOUT_STATE.")
    w(" * Internal and SYMBOL are bare tokens: paste (##) or stringize (#) them,")
    w(" * since a symbol such as NONE or DEBUG may be an object-like macro in the")
    w(" * includer. Internal is the LLVM enumerator (MCOperand::kRegister,")
    w(" * MCFragment::FT_Align, FK_Data_4, MCExpr::Binary), the LLVM class for an")
    w(" * entity, or NeverC's name for a layout state or an extension row.")
    w(" */")
    w("")
    w("#ifndef NEVERC_PLUGIN_MC_SCHEMA_CONSTANTS_DEFINED")
    w("#define NEVERC_PLUGIN_MC_SCHEMA_CONSTANTS_DEFINED")
    w("")
    emit_capability(w, "NEVERC_MC", doc)
    emit_ids(w, doc, DOMAINS, id_macro)
    w("")
    w("#endif /* NEVERC_PLUGIN_MC_SCHEMA_CONSTANTS_DEFINED */")
    w("")
    for name, _, infix, _ in DOMAINS:
        emit_table(w, "NEVERC_MC_SCHEMA_" + infix, [row(name, it) for it in doc[name]])
    return join_lines(out)


def main(argv=None):
    return header_schema_main(TOOL, argv, __doc__, DEFAULT_SCHEMA, DEFAULT_OUTPUT, DEFAULT_HEADER,
                              load, render, DOMAINS)


if __name__ == "__main__":
    sys.exit(main())
