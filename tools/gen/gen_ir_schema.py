#!/usr/bin/env python3
"""Generate sdk/include/neverc/Plugin/Schema/PluginIRSchema.inc.

The canonical source is sdk/include/neverc/Plugin/Schema/IRSchema.json: the
LLVM IR type kinds, value kinds, opcodes, compare predicates, linkages,
visibilities, calling conventions, attribute locations and instruction
properties with their stable IDs (ir.md section 4.2). The schema is validated
before anything is written; any violation is reported and the generator exits
with status 2.

Decisions (where ir.md leaves room):
 * Every entry starts with internal, symbol, llvm_value, id (attribute
   locations have no llvm_value); id is a "0x%08x" string, one record a line.
 * llvm_value is the value in the LLVM the schema was made from, not LLVM 22
   (ir.md section 10.4); it stays in the JSON and is not emitted: hosts map by
   internal name. Instruction properties are no LLVM enumeration, so their
   llvm_value is null; their internal is the lower_snake property name.
 * A predicate's internal is its symbol (the CmpInst::Predicate enumerator).
 * writable_properties lists property internals in sorted order; a flag is
   "0x%016x" and must equal 1 << (ordinal - 1).
 * Counts are pinned per capability (EXPECTED_COUNTS): a schema change
   without a capability bump is a validation error (exit 2).
 * Capability macros are UINT16_C, as in the AST and prep schemas. Every
   X-macro is expanded only if the includer defined it, and is #undef'd
   afterwards.
 * No generated macro may collide with one PluginIR.h defines itself.

  gen_ir_schema.py            regenerate the .inc in place
  gen_ir_schema.py --check    exit 1 (with a diff) if the checked-in .inc
                              differs from what would be generated
"""

import json
import os
import re
import sys

sys.dont_write_bytecode = True  # keep tools/gen free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from schema_common import (  # noqa: E402  (same directory)
    IDENT_RE, ID_RE, LOWER_RE, PLUGIN_DIR, SCHEMA_DIR, SYMBOL_RE, capability_macro_names,
    check_domain_arrays, check_expected_counts, check_macros, check_unique, emit_capability,
    emit_ids, emit_table, header_defines, header_schema_main, id_macro_names, is_int, join_lines,
    load_schema, problem_list, validate_top_level)

TOOL = "gen_ir_schema"

DEFAULT_SCHEMA = os.path.join(SCHEMA_DIR, "IRSchema.json")
DEFAULT_OUTPUT = os.path.join(SCHEMA_DIR, "PluginIRSchema.inc")
DEFAULT_HEADER = os.path.join(PLUGIN_DIR, "PluginIR.h")

BASE_KEYS = ("internal", "symbol", "llvm_value", "id")
# JSON array -> (ID tag, macro infix, count macro, keys after BASE_KEYS).
DOMAINS = (
    ("type_kinds", 0x41, "TYPE", "NEVERC_IR_TYPE_KIND_COUNT", ()),
    ("value_kinds", 0x42, "VALUE", "NEVERC_IR_VALUE_KIND_COUNT", ("category",)),
    ("opcodes", 0x43, "OPCODE", "NEVERC_IR_OPCODE_COUNT",
     ("class_name", "category", "minimum_operands", "maximum_operands", "result_constraint",
      "terminator", "side_effects", "writable_properties")),
    ("predicates", 0x44, "PREDICATE", "NEVERC_IR_PREDICATE_COUNT", ("category",)),
    ("linkages", 0x45, "LINKAGE", "NEVERC_IR_LINKAGE_COUNT", ()),
    ("visibilities", 0x46, "VISIBILITY", "NEVERC_IR_VISIBILITY_COUNT", ()),
    ("calling_conventions", 0x47, "CALLING_CONVENTION", "NEVERC_IR_CALLING_CONVENTION_COUNT", ()),
    ("attribute_locations", 0x48, "ATTRIBUTE_LOCATION", "NEVERC_IR_ATTRIBUTE_LOCATION_COUNT", ()),
    ("properties", 0x49, "PROPERTY", "NEVERC_IR_PROPERTY_COUNT", ("value_type", "flag")),
)
DOMAIN = {d[0]: d for d in DOMAINS}
TOP_KEYS = ("schema_version", "capability", "stable_schema_digest") + tuple(d[0] for d in DOMAINS)
# Domains whose rows go into NEVERC_IR_SCHEMA_INTERNAL_<infix>.
INTERNAL_TABLES = ("type_kinds", "value_kinds", "opcodes", "predicates", "linkages",
                   "visibilities", "calling_conventions")

# Enumerations declared in PluginIR.h (NEVERC_IR_OPCODE_CATEGORY_*,
# NEVERC_IR_RESULT_*, NEVERC_IR_SIDE_EFFECT_*).
VALUE_CATEGORIES = ("global", "constant", "value", "metadata", "inline_asm", "memory_ssa",
                    "instruction")
PREDICATE_CATEGORIES = ("float", "integer")
OPCODE_CATEGORIES = ("term", "unary", "binary", "memory", "cast", "funcletpad", "other", "user")
RESULT_CONSTRAINTS = ("void", "declared_type", "same_as_operand_0", "i1", "pointer", "token",
                      "aggregate")
SIDE_EFFECTS = ("never", "conditional", "always")
PROPERTY_VALUE_TYPES = ("bool", "u64", "enum", "flags", "string", "type", "u32_array",
                        "attribute_set")

EXPECTED_COUNTS = {
    (1, 0): {"type_kinds": 22, "value_kinds": 29, "opcodes": 67, "predicates": 26,
             "linkages": 11, "visibilities": 3, "calling_conventions": 21,
             "attribute_locations": 3, "properties": 23},
}

FLAG_RE = re.compile(r"^0x[0-9a-f]{16}$")


def keys_of(domain):
    extra = DOMAIN[domain][4]
    if domain == "attribute_locations":
        return ("internal", "symbol", "id") + extra
    return BASE_KEYS + extra


def id_macro(domain, it):
    return "NEVERC_IR_%s_%s" % (DOMAIN[domain][2], it["symbol"])


def flag_macro(p):
    return "NEVERC_IR_PROPERTY_FLAG_" + p["symbol"]


def macro_names(doc):
    return (capability_macro_names("NEVERC_IR") + ["NEVERC_IR_PROPERTY_FLAG_NONE"]
            + id_macro_names(doc, DOMAINS, id_macro) + [flag_macro(p) for p in doc["properties"]])


def validate(doc, header_names=None):
    """Return a list of human-readable problems (empty when the schema is sound)."""
    errs, err = problem_list()

    go_on, cap = validate_top_level(doc, TOP_KEYS, err)
    if not go_on or not check_domain_arrays(doc, DOMAINS, keys_of, err):
        return errs
    if cap is not None:
        check_expected_counts(doc, DOMAINS, cap, EXPECTED_COUNTS, err)

    # --- fields every domain shares ------------------------------------------
    for name, tag, _, _, _ in DOMAINS:
        seen_sym, seen_int, seen_val = {}, {}, {}
        for i, it in enumerate(doc[name]):
            w = "%s[%d]" % (name, i)
            sym = it["symbol"]
            if not isinstance(sym, str) or not SYMBOL_RE.match(sym) or sym == "UNKNOWN":
                err(w, "bad symbol %r" % (sym,))
                continue
            w = "%s[%d] (%s)" % (name, i, sym)
            want_id = (tag << 24) | (i + 1)
            if not isinstance(it["id"], str) or not ID_RE.match(it["id"]):
                err(w, "id %r is not 0x + 8 lowercase hex digits" % (it["id"],))
            elif int(it["id"], 16) >> 24 != tag:
                err(w, "id %s has tag 0x%02x, %s use 0x%02x"
                    % (it["id"], int(it["id"], 16) >> 24, name, tag))
            elif int(it["id"], 16) != want_id:
                err(w, "id %s breaks the sequence: expected 0x%08x" % (it["id"], want_id))
            internal_re = LOWER_RE if name == "properties" else IDENT_RE
            if not isinstance(it["internal"], str) or not internal_re.match(it["internal"]):
                err(w, "bad internal name %r" % (it["internal"],))
            if "llvm_value" in it:
                v = it["llvm_value"]
                if name == "properties":
                    if v is not None:
                        err(w, "llvm_value of a property must be null (no LLVM enumeration)")
                elif not is_int(v) or v < 0:
                    err(w, "llvm_value must be a non-negative integer")
                else:
                    if v in seen_val:
                        err(w, "llvm_value %d also used by %s[%d]" % (v, name, seen_val[v]))
                    seen_val[v] = i
            check_unique(err, w, name, i, ((seen_sym, sym, "symbol"),
                                           (seen_int, it["internal"], "internal")))

    # --- per-domain fields ---------------------------------------------------
    for i, v in enumerate(doc["value_kinds"]):
        if v["category"] not in VALUE_CATEGORIES:
            err("value_kinds[%d] (%s)" % (i, v["symbol"]),
                "category %r not in %s" % (v["category"], VALUE_CATEGORIES))
    for i, p in enumerate(doc["predicates"]):
        w = "predicates[%d] (%s)" % (i, p["symbol"])
        if p["internal"] != p["symbol"]:
            err(w, "internal must equal the symbol (the CmpInst::Predicate enumerator)")
        want = "float" if str(p["symbol"]).startswith("FCMP_") else "integer"
        if p["category"] != want:
            err(w, "category must be %r" % want)
    props = doc["properties"]
    if len(props) > 64:
        err("properties", "%d properties do not fit the 64-bit flag set" % len(props))
    prop_names = set()
    for i, p in enumerate(props):
        w = "properties[%d] (%s)" % (i, p["symbol"])
        prop_names.add(p["internal"])
        if p["internal"] != str(p["symbol"]).lower():
            err(w, "internal must be the lower-case symbol")
        if p["value_type"] not in PROPERTY_VALUE_TYPES:
            err(w, "value_type %r not in %s" % (p["value_type"], PROPERTY_VALUE_TYPES))
        want = "0x%016x" % (1 << i) if i < 64 else None
        if not isinstance(p["flag"], str) or not FLAG_RE.match(p["flag"]):
            err(w, "flag %r is not 0x + 16 lowercase hex digits" % (p["flag"],))
        elif p["flag"] != want:
            err(w, "flag %s must be %s (1 << (ordinal - 1))" % (p["flag"], want))
    for i, o in enumerate(doc["opcodes"]):
        w = "opcodes[%d] (%s)" % (i, o["symbol"])
        if not isinstance(o["class_name"], str) or not IDENT_RE.match(o["class_name"]):
            err(w, "bad class_name %r" % (o["class_name"],))
        if o["category"] not in OPCODE_CATEGORIES:
            err(w, "category %r not in %s" % (o["category"], OPCODE_CATEGORIES))
        lo, hi = o["minimum_operands"], o["maximum_operands"]
        if not is_int(lo) or not 0 <= lo < 0xffffffff:
            err(w, "minimum_operands must be an integer in [0, 2^32 - 1)")
        elif hi is not None and (not is_int(hi) or not lo <= hi < 0xffffffff):
            err(w, "maximum_operands must be null (variadic) or an integer >= minimum_operands")
        if o["result_constraint"] not in RESULT_CONSTRAINTS:
            err(w, "result_constraint %r not in %s" % (o["result_constraint"], RESULT_CONSTRAINTS))
        if not isinstance(o["terminator"], bool):
            err(w, "terminator must be a bool")
        elif o["terminator"] != (o["category"] == "term"):
            err(w, "terminator must be true exactly for category term")
        if o["side_effects"] not in SIDE_EFFECTS:
            err(w, "side_effects %r not in %s" % (o["side_effects"], SIDE_EFFECTS))
        wp = o["writable_properties"]
        if not isinstance(wp, list) or not all(isinstance(x, str) for x in wp):
            err(w, "writable_properties must be a list of property names")
            continue
        for x in wp:
            if x not in prop_names:
                err(w, "writable property %r is not a property" % x)
        if wp != sorted(set(wp)):
            err(w, "writable_properties must be sorted and free of duplicates")
        # Only a value-producing instruction has a name (LLVM rejects named void values).
        if ("name" in wp) != (o["result_constraint"] != "void"):
            err(w, "name must be writable exactly when the result is not void")

    # --- every generated macro name is unique and not PluginIR.h's -------------
    check_macros(macro_names(doc), err, header_names, "PluginIR.h")
    return errs


def load(path, header=DEFAULT_HEADER):
    return load_schema(path, lambda doc: validate(doc, header_defines(header)))


def writable_flags(o):
    flags = ["NEVERC_IR_PROPERTY_FLAG_" + x.upper() for x in o["writable_properties"]]
    if not flags:
        return "NEVERC_IR_PROPERTY_FLAG_NONE"
    if len(flags) == 1:
        return flags[0]
    return "(%s)" % " | ".join(flags)


def opcode_row(o):
    hi = o["maximum_operands"]
    return "%s, %s, %s, NEVERC_IR_OPCODE_CATEGORY_%s, UINT32_C(%d), %s, NEVERC_IR_RESULT_%s, %s, " \
        "NEVERC_IR_SIDE_EFFECT_%s, %s, %s" % (
            o["symbol"], id_macro("opcodes", o), o["internal"], o["category"].upper(),
            o["minimum_operands"],
            "NEVERC_IR_OPERAND_VARIADIC" if hi is None else "UINT32_C(%d)" % hi,
            o["result_constraint"].upper(), "NEVERC_TRUE" if o["terminator"] else "NEVERC_FALSE",
            o["side_effects"].upper(), writable_flags(o), json.dumps(o["symbol"].lower()))


def render(doc):
    out = []
    w = out.append
    w("/*")
    w(" * PluginIRSchema.inc -- GENERATED FILE, DO NOT EDIT.")
    w(" *")
    w(" * Generated by tools/gen/gen_ir_schema.py from")
    w(" * sdk/include/neverc/Plugin/Schema/IRSchema.json (the canonical source).")
    w(" * Edit the JSON and rerun the generator; tests fail when this file is stale.")
    w(" * Included from neverc/Plugin/PluginIR.h, which defines NEVERC_TRUE/FALSE,")
    w(" * NEVERC_IR_OPERAND_VARIADIC and the NEVERC_IR_OPCODE_CATEGORY_*,")
    w(" * NEVERC_IR_RESULT_* and NEVERC_IR_SIDE_EFFECT_* values first.")
    w(" *")
    w(" * IDs: domain tag in the top byte (type 0x41, value 0x42, opcode 0x43,")
    w(" * predicate 0x44, linkage 0x45, visibility 0x46, calling convention 0x47,")
    w(" * attribute location 0x48, property 0x49), dense 1-based ordinal in the low")
    w(" * 24 bits; 0 is NEVERC_IR_<DOMAIN>_UNKNOWN. A host rejects an ID of another")
    w(" * domain. Use the names, never the numbers.")
    w(" *")
    w(" * Public part (guarded by NEVERC_PLUGIN_IR_SCHEMA_CONSTANTS_DEFINED): the")
    w(" * capability and digest, the counts, every NEVERC_IR_<DOMAIN>_<SYMBOL> and")
    w(" * one NEVERC_IR_PROPERTY_FLAG_<SYMBOL> bit (1 << (ordinal - 1)) a property.")
    w(" *")
    w(" * Tables (unguarded): each is expanded once per row only when the includer")
    w(" * defined the macro, which is #undef'd afterwards; rows are in ID order.")
    w(" *   NEVERC_IR_SCHEMA_INTERNAL_{TYPE,VALUE,OPCODE,PREDICATE,LINKAGE,")
    w(" *       VISIBILITY,CALLING_CONVENTION}(internal, SYMBOL, ID)")
    w(" *   NEVERC_IR_SCHEMA_ATTRIBUTE_LOCATION(internal, SYMBOL, ID)")
    w(" *   NEVERC_IR_SCHEMA_PROPERTY(SYMBOL, ID, FLAG, \"value_type\")")
    w(" *   NEVERC_IR_SCHEMA_OPCODE(SYMBOL, ID, internal, category, minimum operands,")
    w(" *       maximum operands or NEVERC_IR_OPERAND_VARIADIC, result constraint,")
    w(" *       terminator, side-effect class, writable property flags, \"name\")")
    w(" *   NEVERC_IR_SCHEMA_VERIFY_OPCODE(same arguments as NEVERC_IR_SCHEMA_OPCODE)")
    w(" * SYMBOL and internal are bare tokens: paste (##) or stringize (#) them,")
    w(" * since a symbol such as VOID or C may be an object-like macro in the")
    w(" * includer. internal is the enumerator name in the LLVM the schema was made")
    w(" * from; map by name, never by number. Against LLVM 22 a host filters the")
    w(" * X86_MMXTyID type row (removed from LLVM), and NeverC_Custom is no")
    w(" * CallingConv enumerator (its numeric value is 1000).")
    w(" */")
    w("")
    w("#ifndef NEVERC_PLUGIN_IR_SCHEMA_CONSTANTS_DEFINED")
    w("#define NEVERC_PLUGIN_IR_SCHEMA_CONSTANTS_DEFINED")
    w("")
    emit_capability(w, "NEVERC_IR", doc)
    emit_ids(w, doc, DOMAINS, id_macro)
    w("")
    w("/* Property flag bits (NevercIRPropertyFlags). */")
    w("#define NEVERC_IR_PROPERTY_FLAG_NONE UINT64_C(0)")
    for p in doc["properties"]:
        w("#define %s UINT64_C(%s)" % (flag_macro(p), p["flag"]))
    w("")
    w("#endif /* NEVERC_PLUGIN_IR_SCHEMA_CONSTANTS_DEFINED */")
    w("")
    for name in INTERNAL_TABLES:
        emit_table(w, "NEVERC_IR_SCHEMA_INTERNAL_" + DOMAIN[name][2], [
            "%s, %s, %s" % (it["internal"], it["symbol"], id_macro(name, it)) for it in doc[name]])
    emit_table(w, "NEVERC_IR_SCHEMA_ATTRIBUTE_LOCATION", [
        "%s, %s, %s" % (it["internal"], it["symbol"], id_macro("attribute_locations", it))
        for it in doc["attribute_locations"]])
    emit_table(w, "NEVERC_IR_SCHEMA_PROPERTY", [
        "%s, %s, %s, %s" % (p["symbol"], id_macro("properties", p), flag_macro(p),
                            json.dumps(p["value_type"])) for p in doc["properties"]])
    rows = [opcode_row(o) for o in doc["opcodes"]]
    emit_table(w, "NEVERC_IR_SCHEMA_OPCODE", rows)
    emit_table(w, "NEVERC_IR_SCHEMA_VERIFY_OPCODE", rows)
    return join_lines(out)


def main(argv=None):
    return header_schema_main(TOOL, argv, __doc__, DEFAULT_SCHEMA, DEFAULT_OUTPUT, DEFAULT_HEADER,
                              load, render, DOMAINS)


if __name__ == "__main__":
    sys.exit(main())
