#!/usr/bin/env python3
"""Generate PluginASTSchema.inc (SDK) and ast/lib/ClangSchemaMap.inc (host).

Decisions (where ast-sema.md section 7 leaves room):
 * JSON value strings are the lower-case section-4 member names ("source_range",
   "read_write", "many"); id is a "0x%08x" string; one record per line.
 * Keys: node "<domain>.<Name>", property/slot "<owner key>.<name>";
   parent/owner hold node keys, parent_name the parent's Name (null if none).
 * properties = inherited + own, in ID order. The 11 parentless attrs (Alias
   ... Thread) inherit the attr root's; AST_SOURCE_RANGE (owner decl.Decl) is
   added to every stmt, type_loc and attr node.
 * child_slots = own slots only (BinaryOperator and CompoundAssignOperator
   each own lhs/rhs); a slot owner must be concrete.
 * arguments = own properties of a concrete attr (not the common ones of the
   abstract Attr/Inheritable). synthetic = true for the 5 domain roots only.
 * type_loc internal_enum = Name (TypeLoc::TypeLocClass), like decl/type/attr.
 * Counts are pinned per capability (EXPECTED_COUNTS): a schema change without
   a capability bump is a validation error (exit 2).
 * Capability macros are UINT16_C (as in the prep schema). Every X-macro is
   expanded only if the includer defined it, and is #undef'd afterwards.
 * ClangSchemaMap.inc: rows only for concrete schema kinds Clang 22 has as
   concrete classes; the section 11.3 aliases are commented rows of the same
   X-macro. UNMAPPED rows use the enumerator form of the mapped rows (FooClass
   for stmt), so one macro can serve both. Ancestry follows the .inc base
   classes; attr categories are named by matching members to ATTR_RANGEs.
 * Clang consistency (abstractness, schema parent is a Clang base except the
   listed PARENT_DEVIATIONS, alias and never-emitted tables) fails with exit 2.

The canonical source is sdk/include/neverc/Plugin/Schema/ASTSchema.json (the
AST node kinds, properties and child slots with their stable IDs). The schema
is validated before anything is written; any violation is reported and the
generator exits with status 2.

  gen_ast_schema.py            regenerate both files in place
  gen_ast_schema.py --check    exit 1 (with a diff) if a checked-in file
                               differs from what would be generated
  --clang-include DIR          Clang headers (default /usr/lib/llvm-22/include);
                               when DIR is absent only the SDK .inc is
                               generated/checked, and the tool says so
"""

import argparse
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # keep tools/gen free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from schema_common import (  # noqa: E402  (same directory)
    IDENT_RE, ID_RE, LOWER_RE, REPO, SCHEMA_DIR, SYMBOL_RE, SchemaError, capability_macro_names,
    check_macros, check_or_write, emit_capability, emit_table, join_lines, load_or_report,
    load_schema, problem_list, validate_top_level)

TOOL = "gen_ast_schema"

DEFAULT_SCHEMA = os.path.join(SCHEMA_DIR, "ASTSchema.json")
DEFAULT_OUTPUT = os.path.join(SCHEMA_DIR, "PluginASTSchema.inc")
DEFAULT_CLANG_MAP = os.path.join(REPO, "ast", "lib", "ClangSchemaMap.inc")
DEFAULT_CLANG_INCLUDE = "/usr/lib/llvm-22/include"
CLANG_MAJOR = 22

TOP_KEYS = ("schema_version", "capability", "stable_schema_digest", "node_kinds",
            "properties", "child_slots")
NODE_KEYS = ("key", "domain", "name", "symbol", "class_name", "internal_enum", "id",
             "parent", "parent_name", "abstract", "synthetic", "source_range",
             "properties", "child_slots")
ATTR_NODE_KEYS = NODE_KEYS + ("arguments",)
ARG_KEYS = ("name", "value_type", "cardinality", "access")
PROP_KEYS = ("key", "owner", "name", "value_type", "access", "cardinality", "symbol", "id")
SLOT_KEYS = ("key", "symbol", "owner", "name", "value_type", "access", "cardinality", "id")

# domain -> (ID tag, root Name, macro infix, Clang class suffix, internal_enum suffix)
DOMAINS = {
    "decl": (0x31, "Decl", "DECL", "Decl", ""),
    "stmt": (0x32, "Stmt", "STMT", "", "Class"),
    "type": (0x33, "Type", "TYPE", "Type", ""),
    "type_loc": (0x34, "TypeLoc", "TYPE_LOC", "TypeLoc", ""),
    "attr": (0x35, "Attr", "ATTR", "Attr", ""),
}
DOMAIN_ORDER = tuple(DOMAINS)
PROPERTY_TAG = 0x36
CHILD_SLOT_TAG = 0x37

# Section 4 enumerations (NEVERC_AST_VALUE_*, _ACCESS_*, _CARDINALITY_*).
VALUE_TYPES = ("bool", "i64", "u64", "string", "source_range", "node", "decl", "stmt", "expr",
               "type", "type_loc", "attr", "identifier", "enum", "version", "parameter_index",
               "alignment_operand")
NODE_VALUE_TYPES = ("node", "decl", "stmt", "expr", "type", "type_loc", "attr")
ACCESS_MODES = ("read_only", "read_write", "build_only")
CARDINALITIES = ("required", "optional", "many")
SOURCE_RANGE_MODES = {"native": "NEVERC_AST_SOURCE_RANGE_NATIVE",
                      "none": "NEVERC_AST_SOURCE_RANGE_NONE"}

# Element counts per capability: {domain: (all kinds, concrete kinds)}, properties, slots.
EXPECTED_COUNTS = {
    (1, 0): {"decl": (25, 18), "stmt": (80, 71), "type": (32, 26), "type_loc": (33, 27),
             "attr": (180, 174), "properties": 117, "child_slots": 137},
}

RESERVED_SYMBOLS = ("INVALID", "COUNT")  # would collide with NEVERC_<D>_KIND_INVALID/_COUNT

# Clang 22 spellings the host reports as a schema kind of another name (section 11.3).
CLANG_ALIASES = (
    ("stmt", "CXXNullPtrLiteralExpr", "NullPtrLiteralExpr", "C23 nullptr"),
    ("attr", "PragmaClangBSSSectionAttr", "PragmaNeverCBSSSection", "#pragma clang section bss"),
    ("attr", "PragmaClangDataSectionAttr", "PragmaNeverCDataSection", "#pragma clang section data"),
    ("attr", "PragmaClangRelroSectionAttr", "PragmaNeverCRelroSection", "#pragma clang section relro"),
    ("attr", "PragmaClangRodataSectionAttr", "PragmaNeverCRodataSection", "#pragma clang section rodata"),
    ("attr", "PragmaClangTextSectionAttr", "PragmaNeverCTextSection", "#pragma clang section text"),
    ("attr", "CXX11NoReturnAttr", "StandardNoReturn", "C23 [[noreturn]]"),
    ("attr", "OMPAssumeAttr", "Assumption", "assume / omp assumes"),
)
# Concrete schema kinds stock Clang 22 cannot produce, with the reason.
NEVER_EMITTED = {
    ("stmt", "TypoExpr"): "TypoExpr was removed from Clang",
    ("type", "Elaborated"): "ElaboratedType was removed; keyword/qualifier live on tag/typedef types",
    ("type_loc", "Elaborated"): "ElaboratedTypeLoc was removed with ElaboratedType",
    ("attr", "ArmPreservesZA"): "Clang 22 has ArmPreserves/ArmIn/ArmOut/ArmInOut/ArmAgnostic",
    ("attr", "ArmSharedZA"): "Clang 22 has ArmPreserves/ArmIn/ArmOut/ArmInOut/ArmAgnostic",
    ("attr", "ArmNewZA"): "Clang 22 has ArmNew",
    ("attr", "DisableTryStmt"): "no such attribute in Clang 22",
    ("attr", "Volatile"): "no such attribute in Clang 22",
}
# Schema parents that are not a base class in Clang 22 (tolerated, listed in the map).
PARENT_DEVIATIONS = {
    ("attr", "TypeNullable"): "Clang 22 derives TypeNullableAttr from DeclOrTypeAttr, not TypeAttr",
}


def expected_properties(n, nodes_by_key, props, root_keys):
    """Inherited + own property keys of node n, in property-ID order."""
    chain, cur = [n["key"]], n
    while cur["parent"] is not None:
        cur = nodes_by_key[cur["parent"]]
        chain.append(cur["key"])
    root = root_keys[n["domain"]]
    if root not in chain:
        chain.append(root)
    keys = [p["key"] for p in props if p["owner"] in chain]
    if n["domain"] != "type" and props and props[0]["key"] not in keys:
        keys.append(props[0]["key"])
    order = {p["key"]: i for i, p in enumerate(props)}
    return sorted(keys, key=order.get)


def validate(doc):
    """Return a list of human-readable problems (empty when the schema is sound)."""
    errs, err = problem_list()

    go_on, cap = validate_top_level(doc, TOP_KEYS, err)
    if not go_on:
        return errs
    for k in ("node_kinds", "properties", "child_slots"):
        if not isinstance(doc[k], list) or not doc[k] or not all(isinstance(x, dict) for x in doc[k]):
            err(k, "must be a non-empty array of objects")
            return errs
    nodes, props, slots = doc["node_kinds"], doc["properties"], doc["child_slots"]

    # --- node kinds: shape, ordering, IDs, names ---------------------------
    nodes_by_key, seen_sym, seen_name, seen_ie = {}, {}, {}, {}
    position = {d: 0 for d in DOMAINS}
    last_domain = 0
    root_keys = {d: "%s.%s" % (d, DOMAINS[d][1]) for d in DOMAINS}
    for i, n in enumerate(nodes):
        w = "node_kinds[%d]" % i
        keys = ATTR_NODE_KEYS if n.get("domain") == "attr" else NODE_KEYS
        if tuple(n) != keys:
            err(w, "keys must be exactly %s in that order; got %s" % (keys, list(n)))
            return errs
        d = n["domain"]
        if d not in DOMAINS:
            err(w, "domain %r not in %s" % (d, DOMAIN_ORDER))
            return errs
        w = "node_kinds[%d] (%s)" % (i, n["key"])
        di = DOMAIN_ORDER.index(d)
        if di < last_domain:
            err(w, "domains must appear as contiguous blocks in the order %s" % (DOMAIN_ORDER,))
        last_domain = di
        tag, root, _, cls_suffix, ie_suffix = DOMAINS[d]
        position[d] += 1
        name, sym = n["name"], n["symbol"]
        if not isinstance(name, str) or not IDENT_RE.match(name):
            err(w, "bad name %r" % (name,))
            continue
        if not isinstance(sym, str) or not SYMBOL_RE.match(sym) or sym in RESERVED_SYMBOLS:
            err(w, "bad symbol %r" % (sym,))
        if n["key"] != "%s.%s" % (d, name):
            err(w, "key must be %s.%s" % (d, name))
        if not isinstance(n["id"], str) or not ID_RE.match(n["id"]):
            err(w, "id %r is not 0x + 8 lowercase hex digits" % (n["id"],))
        elif int(n["id"], 16) != (tag << 24) | position[d]:
            err(w, "id %s breaks the sequence: expected 0x%08x" % (n["id"], (tag << 24) | position[d]))
        is_root = position[d] == 1
        if is_root != (name == root):
            err(w, "the first %s kind must be the domain root %s (and only it)" % (d, root))
        want_cls = name if (is_root or d == "stmt") else name + cls_suffix
        if n["class_name"] != want_cls:
            err(w, "class_name must be %r" % want_cls)
        if n["internal_enum"] != name + ie_suffix:
            err(w, "internal_enum must be %r" % (name + ie_suffix))
        for table, k, what in ((seen_sym, (d, sym), "symbol"), (seen_name, (d, name), "name"),
                               (seen_ie, (d, n["internal_enum"]), "internal_enum")):
            if k in table:
                err(w, "duplicate %s %r in domain %s (also node_kinds[%d])" % (what, k[1], d, table[k]))
            table[k] = i
        for k in ("abstract", "synthetic"):
            if not isinstance(n[k], bool):
                err(w, "%s must be a bool" % k)
        if n["synthetic"] is not is_root:
            err(w, "synthetic must be true exactly for the domain root")
        if is_root and (n["parent"] is not None or n["abstract"] is not True):
            err(w, "the domain root is abstract and has no parent")
        p = n["parent"]
        if p is None:
            if n["parent_name"] is not None:
                err(w, "parent_name must be null without a parent")
            if not is_root and d != "attr":
                err(w, "only the domain root (and attr kinds) may lack a parent")
        else:
            par = nodes_by_key.get(p)
            if par is None or par["domain"] != d:
                err(w, "parent %r is not an earlier %s kind" % (p, d))
            elif n["parent_name"] != par["name"]:
                err(w, "parent_name must be %r" % par["name"])
        if n["source_range"] != ("none" if d == "type" else "native"):
            err(w, "source_range must be %r" % ("none" if d == "type" else "native"))
        if n["key"] in nodes_by_key:
            err(w, "duplicate key")
        nodes_by_key[n["key"]] = n

    if cap is not None:
        want = EXPECTED_COUNTS.get((cap["major"], cap["minor"]))
        if want is None:
            err("capability", "no pinned counts for %d.%d; add them to EXPECTED_COUNTS"
                % (cap["major"], cap["minor"]))
        else:
            for d in DOMAINS:
                got = (sum(n["domain"] == d for n in nodes),
                       sum(n["domain"] == d and not n["abstract"] for n in nodes))
                if got != want[d]:
                    err("node_kinds", "%s: %d kinds (%d concrete), capability %d.%d has %d (%d)"
                        % ((d,) + got + (cap["major"], cap["minor"]) + want[d]))
            for k in ("properties", "child_slots"):
                if len(doc[k]) != want[k]:
                    err(k, "%d entries, capability %d.%d has %d"
                        % (len(doc[k]), cap["major"], cap["minor"], want[k]))

    # --- properties and child slots ----------------------------------------
    def check_members(kind, items, keys, tag):
        seen_key, seen_sym = {}, {}
        for i, it in enumerate(items):
            w = "%s[%d]" % (kind, i)
            if tuple(it) != keys:
                err(w, "keys must be exactly %s in that order; got %s" % (keys, list(it)))
                return False
            w = "%s[%d] (%s)" % (kind, i, it["symbol"])
            if not isinstance(it["id"], str) or not ID_RE.match(it["id"]):
                err(w, "id %r is not 0x + 8 lowercase hex digits" % (it["id"],))
            elif int(it["id"], 16) != (tag << 24) | (i + 1):
                err(w, "id %s breaks the sequence: expected 0x%08x" % (it["id"], (tag << 24) | (i + 1)))
            if not isinstance(it["symbol"], str) or not SYMBOL_RE.match(it["symbol"]):
                err(w, "bad symbol %r" % (it["symbol"],))
            if not isinstance(it["name"], str) or not LOWER_RE.match(it["name"]):
                err(w, "bad name %r" % (it["name"],))
            owner = nodes_by_key.get(it["owner"])
            if owner is None:
                err(w, "owner %r is not a node kind" % (it["owner"],))
            elif it["key"] != "%s.%s" % (it["owner"], it["name"]):
                err(w, "key must be %s.%s" % (it["owner"], it["name"]))
            if it["value_type"] not in VALUE_TYPES:
                err(w, "value_type %r not in %s" % (it["value_type"], VALUE_TYPES))
            if it["access"] not in ACCESS_MODES:
                err(w, "access %r not in %s" % (it["access"], ACCESS_MODES))
            if it["cardinality"] not in CARDINALITIES:
                err(w, "cardinality %r not in %s" % (it["cardinality"], CARDINALITIES))
            for table, k in ((seen_key, it["key"]), (seen_sym, it["symbol"])):
                if k in table:
                    err(w, "duplicate %r (also %s[%d])" % (k, kind, table[k]))
                table[k] = i
        return True

    if not (check_members("properties", props, PROP_KEYS, PROPERTY_TAG)
            and check_members("child_slots", slots, SLOT_KEYS, CHILD_SLOT_TAG)):
        return errs
    if errs:
        return errs
    if props[0]["symbol"] != "AST_SOURCE_RANGE" or props[0]["owner"] != root_keys["decl"] \
            or props[0]["value_type"] != "source_range":
        err("properties[0]", "must be AST_SOURCE_RANGE (source_range) owned by decl.Decl")
    for i, p in enumerate(props):
        o = nodes_by_key[p["owner"]]
        w = "properties[%d] (%s)" % (i, p["symbol"])
        prefix = DOMAINS[o["domain"]][2] + "_"
        if i > 0 and not p["symbol"].startswith(prefix):
            err(w, "symbol must start with %s" % prefix)
        if o["domain"] == "attr" and not o["abstract"]:
            want = "ATTR_%s_%s" % (o["symbol"], p["name"].upper())
            if p["symbol"] != want:
                err(w, "symbol of an attr argument must be %s" % want)
    for i, s in enumerate(slots):
        o = nodes_by_key[s["owner"]]
        w = "child_slots[%d] (%s)" % (i, s["symbol"])
        want = "%s_%s_%s" % (DOMAINS[o["domain"]][2], o["symbol"], s["name"].upper())
        if s["symbol"] != want:
            err(w, "symbol must be %s" % want)
        if s["value_type"] not in NODE_VALUE_TYPES:
            err(w, "a child slot holds a node: value_type must be one of %s" % (NODE_VALUE_TYPES,))
        if o["abstract"]:
            err(w, "owner %s is abstract; child slots are not inherited" % o["key"])

    # --- per-node derived lists ---------------------------------------------
    for i, n in enumerate(nodes):
        w = "node_kinds[%d] (%s)" % (i, n["key"])
        want = expected_properties(n, nodes_by_key, props, root_keys)
        if n["properties"] != want:
            err(w, "properties must be %s" % want)
        want = [s["key"] for s in slots if s["owner"] == n["key"]]
        if n["child_slots"] != want:
            err(w, "child_slots must be %s" % want)
        if n["domain"] == "attr":
            want = [] if n["abstract"] else [
                {"name": p["name"], "value_type": p["value_type"], "cardinality": p["cardinality"],
                 "access": p["access"]} for p in props if p["owner"] == n["key"]]
            if not isinstance(n["arguments"], list) or any(
                    not isinstance(a, dict) or tuple(a) != ARG_KEYS for a in n["arguments"]):
                err(w, "arguments must be a list of {%s}" % ", ".join(ARG_KEYS))
            elif n["arguments"] != want:
                err(w, "arguments must be %s" % json.dumps(want))

    # --- every generated macro name is unique --------------------------------
    check_macros(macro_names(doc), err)
    return errs


def node_macro(n):
    return "NEVERC_AST_NODE_KIND_%s_%s" % (DOMAINS[n["domain"]][2], n["symbol"])


def kind_macro(n):
    return "NEVERC_%s_KIND_%s" % (DOMAINS[n["domain"]][2], n["symbol"])


def count_macros():
    return (["NEVERC_AST_SCHEMA_NODE_COUNT", "NEVERC_AST_PROPERTY_COUNT",
             "NEVERC_AST_CHILD_SLOT_COUNT"]
            + ["NEVERC_%s_KIND_COUNT" % DOMAINS[d][2] for d in DOMAINS])


def macro_names(doc):
    out = capability_macro_names("NEVERC_AST") + count_macros()
    out += ["NEVERC_%s_KIND_INVALID" % DOMAINS[d][2] for d in DOMAINS]
    out += ["NEVERC_AST_NODE_KIND_INVALID", "NEVERC_AST_PROPERTY_INVALID",
            "NEVERC_AST_CHILD_SLOT_INVALID"]
    for n in doc["node_kinds"]:
        out.append(node_macro(n))
        if not n["abstract"]:
            out.append(kind_macro(n))
    out += ["NEVERC_AST_PROPERTY_" + p["symbol"] for p in doc["properties"]]
    out += ["NEVERC_AST_CHILD_SLOT_" + s["symbol"] for s in doc["child_slots"]]
    return out


def load(path):
    return load_schema(path, validate)


def flag(b):
    return "NEVERC_TRUE" if b else "NEVERC_FALSE"


def enum_macro(prefix, value):
    return "NEVERC_AST_%s_%s" % (prefix, value.upper())


def render(doc):
    nodes, props, slots = doc["node_kinds"], doc["properties"], doc["child_slots"]
    by_key = {n["key"]: n for n in nodes}
    concrete = {d: [n for n in nodes if n["domain"] == d and not n["abstract"]] for d in DOMAINS}
    out = []
    w = out.append
    w("/*")
    w(" * PluginASTSchema.inc -- GENERATED FILE, DO NOT EDIT.")
    w(" *")
    w(" * Generated by tools/gen/gen_ast_schema.py from")
    w(" * sdk/include/neverc/Plugin/Schema/ASTSchema.json (the canonical source).")
    w(" * Edit the JSON and rerun the generator; tests fail when this file is stale.")
    w(" * Included from neverc/Plugin/PluginAST.h, which defines NEVERC_TRUE/FALSE,")
    w(" * NEVERC_AST_NODE_KIND_INVALID and the NEVERC_AST_VALUE_*, _ACCESS_*,")
    w(" * _CARDINALITY_* and _SOURCE_RANGE_* values first.")
    w(" *")
    w(" * IDs: domain tag in the top byte (decl 0x31, stmt 0x32, type 0x33,")
    w(" * type_loc 0x34, attr 0x35, property 0x36, child slot 0x37), dense 1-based")
    w(" * ordinal in the low 24 bits; 0 is invalid. Use the names, never the numbers.")
    w(" *")
    w(" * Public part (guarded by NEVERC_PLUGIN_AST_SCHEMA_CONSTANTS_DEFINED): the")
    w(" * capability and digest, the counts, every NEVERC_AST_NODE_KIND_<DOMAIN>_<SYMBOL>,")
    w(" * a NEVERC_<DOMAIN>_KIND_<SYMBOL> alias for every concrete kind, every")
    w(" * NEVERC_AST_PROPERTY_<SYMBOL> and NEVERC_AST_CHILD_SLOT_<SYMBOL>.")
    w(" *")
    w(" * Tables (unguarded): each is expanded once per row only when the includer")
    w(" * defined the macro, which is #undef'd afterwards; rows are in ID order.")
    w(" *   NEVERC_AST_SCHEMA_NODE(DOMAIN, internal_enum, SYMBOL, node-kind ID,")
    w(" *       parent ID or NEVERC_AST_NODE_KIND_INVALID, abstract, source-range mode,")
    w(" *       \"Name\", \"ClassName\", property count, child-slot count)")
    w(" *   NEVERC_AST_SCHEMA_PROPERTY(SYMBOL, property ID, owner node-kind ID,")
    w(" *       value type, access, cardinality, \"name\")")
    w(" *   NEVERC_AST_SCHEMA_CHILD_SLOT(SYMBOL, slot ID, owner node-kind ID,")
    w(" *       value type, access, cardinality, \"name\")")
    w(" *   NEVERC_AST_SCHEMA_INTERNAL_{DECL,STMT,TYPE,ATTR}(internal_enum, SYMBOL,")
    w(" *       NEVERC_<DOMAIN>_KIND_<SYMBOL>)            concrete kinds only")
    w(" *   NEVERC_AST_SCHEMA_VISIT_{DECL,STMT,TYPE,TYPE_LOC,ATTR}(ClassName, SYMBOL,")
    w(" *       NEVERC_<DOMAIN>_KIND_<SYMBOL>)            concrete kinds only")
    w(" * DOMAIN, SYMBOL and internal_enum are bare tokens: paste (##) or stringize")
    w(" * (#) them, since a symbol such as ERROR or CONST may be an object-like macro")
    w(" * in the includer. internal_enum/ClassName are the reference compiler's")
    w(" * names; a host built on another Clang filters them (see ClangSchemaMap.inc).")
    w(" */")
    w("")
    w("#ifndef NEVERC_PLUGIN_AST_SCHEMA_CONSTANTS_DEFINED")
    w("#define NEVERC_PLUGIN_AST_SCHEMA_CONSTANTS_DEFINED")
    w("")
    emit_capability(w, "NEVERC_AST", doc)
    w("#define NEVERC_AST_SCHEMA_NODE_COUNT UINT32_C(%d)" % len(nodes))
    w("#define NEVERC_AST_PROPERTY_COUNT UINT32_C(%d)" % len(props))
    w("#define NEVERC_AST_CHILD_SLOT_COUNT UINT32_C(%d)" % len(slots))
    for d in DOMAINS:
        w("#define NEVERC_%s_KIND_COUNT UINT32_C(%d)" % (DOMAINS[d][2], len(concrete[d])))
    for d in DOMAINS:
        dn = [n for n in nodes if n["domain"] == d]
        w("")
        w("/* %s domain: %d kinds, %d concrete. */" % (d, len(dn), len(concrete[d])))
        for n in dn:
            w("#define %s UINT32_C(%s)" % (node_macro(n), n["id"]))
        w("")
        for n in concrete[d]:
            w("#define %s %s" % (kind_macro(n), node_macro(n)))
    w("")
    w("/* Properties. */")
    for p in props:
        w("#define NEVERC_AST_PROPERTY_%s UINT32_C(%s)" % (p["symbol"], p["id"]))
    w("")
    w("/* Child slots. */")
    for s in slots:
        w("#define NEVERC_AST_CHILD_SLOT_%s UINT32_C(%s)" % (s["symbol"], s["id"]))
    w("")
    w("#endif /* NEVERC_PLUGIN_AST_SCHEMA_CONSTANTS_DEFINED */")
    w("")
    emit_table(w, "NEVERC_AST_SCHEMA_NODE", [
        "%s, %s, %s, %s, %s, %s, %s, %s, %s, UINT32_C(%d), UINT32_C(%d)"
        % (DOMAINS[n["domain"]][2], n["internal_enum"], n["symbol"], node_macro(n),
           node_macro(by_key[n["parent"]]) if n["parent"] else "NEVERC_AST_NODE_KIND_INVALID",
           flag(n["abstract"]), SOURCE_RANGE_MODES[n["source_range"]], json.dumps(n["name"]),
           json.dumps(n["class_name"]), len(n["properties"]), len(n["child_slots"]))
        for n in nodes])
    for macro, items, prefix in (("NEVERC_AST_SCHEMA_PROPERTY", props, "NEVERC_AST_PROPERTY_"),
                                 ("NEVERC_AST_SCHEMA_CHILD_SLOT", slots, "NEVERC_AST_CHILD_SLOT_")):
        emit_table(w, macro, [
            "%s, %s%s, %s, %s, %s, %s, %s"
            % (it["symbol"], prefix, it["symbol"], node_macro(by_key[it["owner"]]),
               enum_macro("VALUE", it["value_type"]), enum_macro("ACCESS", it["access"]),
               enum_macro("CARDINALITY", it["cardinality"]), json.dumps(it["name"]))
            for it in items])
    for d in ("decl", "stmt", "type", "attr"):
        emit_table(w, "NEVERC_AST_SCHEMA_INTERNAL_" + DOMAINS[d][2], [
            "%s, %s, %s" % (n["internal_enum"], n["symbol"], kind_macro(n)) for n in concrete[d]])
    for d in DOMAINS:
        emit_table(w, "NEVERC_AST_SCHEMA_VISIT_" + DOMAINS[d][2], [
            "%s, %s, %s" % (n["class_name"], n["symbol"], kind_macro(n)) for n in concrete[d]])
    return join_lines(out)


# --- Clang 22 node lists ------------------------------------------------------

class ClangClass(object):
    def __init__(self, cls, base, abstract, enumerator, order):
        self.cls, self.base, self.abstract = cls, base, abstract
        self.enumerator, self.order = enumerator, order


def read_text(path):
    with open(path, "r", encoding="utf-8") as f:
        return f.read()


def code_lines(text):
    """Non-preprocessor, non-comment lines of a TableGen'erated .inc/.def."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    for ln in text.split("\n"):
        ln = ln.split("//")[0].strip()
        if ln and not ln.startswith("#"):
            yield ln


def add_class(classes, where, c):
    if c.cls in classes:
        raise SchemaError("%s: class %s listed twice" % (where, c.cls))
    classes[c.cls] = c


def parse_decl_or_stmt(path, root, abstract_macro, suffix, enum_suffix, skip):
    """DeclNodes.inc / StmtNodes.inc: MACRO(Name, BaseClass), abstract ones
    wrapped in ABSTRACT_DECL(...) / ABSTRACT_STMT(...)."""
    row = re.compile(r"^(%s\()?([A-Z0-9_]+)\((\w+), (\w+)\)(\))?$" % abstract_macro)
    classes = {root: ClangClass(root, None, True, None, -1)}
    for i, ln in enumerate(code_lines(read_text(path))):
        if ln.split("(")[0] in skip:
            continue
        m = row.match(ln)
        if not m or bool(m.group(1)) != bool(m.group(5)):
            raise SchemaError("%s: unrecognised line %r" % (path, ln))
        name, base, abstract = m.group(3), m.group(4), bool(m.group(1))
        add_class(classes, path, ClangClass(name + suffix, base, abstract,
                                            None if abstract else name + enum_suffix, i))
    return classes


def parse_types(path):
    """TypeNodes.inc: <KIND>_TYPE(Name, BaseClass); every kind macro defaults
    to TYPE(Class, Base); ABSTRACT_TYPE marks abstract classes."""
    text = read_text(path)
    kinds = {"TYPE"} | set(re.findall(
        r"#\s*ifndef\s+(\w+)\s*\n#\s*define\s+\1\(Class, Base\) TYPE\(Class, Base\)", text))
    if "ABSTRACT_TYPE" not in kinds:
        raise SchemaError("%s: no ABSTRACT_TYPE default found" % path)
    row = re.compile(r"^(\w+)\((\w+), (\w+)\)$")
    classes = {"Type": ClangClass("Type", None, True, None, -1)}
    for i, ln in enumerate(code_lines(text)):
        m = row.match(ln)
        if ln.split("(")[0] in ("LAST_TYPE", "ALWAYS_CANONICAL_TYPE"):
            continue
        if not m or m.group(1) not in kinds:
            raise SchemaError("%s: unrecognised line %r" % (path, ln))
        abstract = m.group(1) == "ABSTRACT_TYPE"
        add_class(classes, path, ClangClass(m.group(2) + "Type", m.group(3), abstract,
                                            None if abstract else m.group(2), i))
    return classes


def parse_type_locs(path, types):
    """TypeLocNodes.def: explicit TYPELOC(Name, Base) rows plus every type of
    TypeNodes.inc as <Name>TypeLoc with base <Base>Loc."""
    text = read_text(path)
    for need in ('#define TYPE(Class, Base) UNQUAL_TYPELOC(Class, Base##Loc)',
                 '#define ABSTRACT_TYPE(Class, Base) ABSTRACT_TYPELOC(Class, Base##Loc)',
                 '#include "clang/AST/TypeNodes.inc"'):
        if need not in text:
            raise SchemaError("%s: expected %r" % (path, need))
    classes = {"TypeLoc": ClangClass("TypeLoc", None, True, None, -1)}
    row = re.compile(r"^TYPELOC\((\w+), (\w+)\)$")
    for i, ln in enumerate(code_lines(text)):
        m = row.match(ln)
        if not m:
            raise SchemaError("%s: unrecognised line %r" % (path, ln))
        add_class(classes, path, ClangClass(m.group(1) + "TypeLoc", m.group(2), False, m.group(1), i))
    n = len(classes)
    for t in sorted(types.values(), key=lambda c: c.order):
        if t.base is None:
            continue
        name = t.cls[:-len("Type")]
        add_class(classes, path, ClangClass(name + "TypeLoc", t.base + "Loc", t.abstract,
                                            None if t.abstract else name, n + t.order))
    return classes


def parse_attrs(path):
    """AttrList.inc: CATEGORY(Name) rows; each category macro defaults to its
    parent category; ATTR_RANGE(Class, First, Last) names the class of a category."""
    text = read_text(path)
    parent = {m.group(1): m.group(2) for m in re.finditer(
        r"#\s*ifndef\s+(\w+)\s*\n#\s*define\s+\1\(NAME\) (\w+)\(NAME\)", text)}
    cats = set(parent) | {"ATTR"}
    leaves, ranges = [], []
    for ln in code_lines(text):
        m = re.match(r"^ATTR_RANGE\((\w+), (\w+), (\w+)\)$", ln)
        if m:
            ranges.append(m.groups())
            continue
        m = re.match(r"^(\w+)\((\w+)\)$", ln)
        if not m:
            raise SchemaError("%s: unrecognised line %r" % (path, ln))
        if m.group(1) == "PRAGMA_SPELLING_ATTR":
            continue
        if m.group(1) not in cats:
            raise SchemaError("%s: unknown attribute category in %r" % (path, ln))
        leaves.append((m.group(1), m.group(2)))
    index = {name: i for i, (_, name) in enumerate(leaves)}

    def under(cat):
        c = set()
        for k in cats:
            x = k
            while x is not None:
                if x == cat:
                    c.add(k)
                    break
                x = parent.get(x)
        return c

    cat_class = {}
    for cat in cats:
        members = {i for i, (c, _) in enumerate(leaves) if c in under(cat)}
        if not members:
            continue
        found = [r[0] for r in ranges if set(range(index[r[1]], index[r[2]] + 1)) == members]
        if len(found) != 1:
            raise SchemaError("%s: category %s matches %d ATTR_RANGE classes" % (path, cat, len(found)))
        cat_class[cat] = found[0]
    if cat_class.get("ATTR") != "Attr":
        raise SchemaError("%s: ATTR is not the Attr range" % path)
    classes = {"Attr": ClangClass("Attr", None, True, None, -1)}
    for cat, cls in cat_class.items():
        if cat != "ATTR":
            p = parent[cat]
            while p not in cat_class:
                p = parent[p]
            classes[cls] = ClangClass(cls, cat_class[p], True, None, -1)
    for i, (cat, name) in enumerate(leaves):
        add_class(classes, path, ClangClass(name + "Attr", cat_class[cat], False, name, i))
    return classes


def load_clang(include):
    ast = os.path.join(include, "clang", "AST")
    decl = parse_decl_or_stmt(os.path.join(ast, "DeclNodes.inc"), "Decl", "ABSTRACT_DECL", "Decl", "",
                              ("DECL_RANGE", "LAST_DECL_RANGE", "DECL_CONTEXT"))
    stmt = parse_decl_or_stmt(os.path.join(ast, "StmtNodes.inc"), "Stmt", "ABSTRACT_STMT", "", "Class",
                              ("STMT_RANGE", "LAST_STMT_RANGE"))
    types = parse_types(os.path.join(ast, "TypeNodes.inc"))
    locs = parse_type_locs(os.path.join(ast, "TypeLocNodes.def"), types)
    attrs = parse_attrs(os.path.join(include, "clang", "Basic", "AttrList.inc"))
    doms = {"decl": decl, "stmt": stmt, "type": types, "type_loc": locs, "attr": attrs}
    for d, classes in doms.items():
        for c in classes.values():
            if c.base is not None and c.base not in classes:
                raise SchemaError("Clang %s: %s derives from unknown %s" % (d, c.cls, c.base))
    major = None
    ver = os.path.join(include, "clang", "Basic", "Version.inc")
    if os.path.exists(ver):
        m = re.search(r"#define CLANG_VERSION_MAJOR (\d+)", read_text(ver))
        major = int(m.group(1)) if m else None
    if major != CLANG_MAJOR:
        raise SchemaError("%s: CLANG_VERSION_MAJOR is %s, this map is for Clang %d"
                          % (include, major, CLANG_MAJOR))
    return doms


def clang_ancestors(classes, cls):
    out = []
    c = classes[cls].base
    while c is not None:
        out.append(c)
        c = classes[c].base
    return out


def build_clang_map(doc, clang):
    """Return (mapped, aliases, never, unmapped) or raise SchemaError."""
    errs = []
    nodes = doc["node_kinds"]
    by_key = {n["key"]: n for n in nodes}
    by_name = {(n["domain"], n["name"]): n for n in nodes}
    by_class = {(n["domain"], n["class_name"]): n for n in nodes}
    mapped = {d: [] for d in DOMAINS}
    for n in nodes:
        classes = clang[n["domain"]]
        c = classes.get(n["class_name"])
        if c is None:
            continue
        w = "%s (%s)" % (n["key"], n["class_name"])
        if c.abstract != n["abstract"]:
            errs.append("%s: abstract in %s but not in the other" % (w, "Clang" if c.abstract else "schema"))
            continue
        anc = clang_ancestors(classes, c.cls)
        deviates = n["parent"] is not None and by_key[n["parent"]]["class_name"] not in anc
        if deviates != ((n["domain"], n["name"]) in PARENT_DEVIATIONS):
            errs.append("%s: schema parent %s is %sa Clang base class (%s); PARENT_DEVIATIONS "
                        "must list exactly the kinds whose parent is not"
                        % (w, by_key[n["parent"]]["class_name"] if n["parent"] else None,
                           "not " if deviates else "", " <- ".join(anc)))
        if n["parent"] is None and c.base is not None and n["domain"] != "attr":
            errs.append("%s: parentless in the schema, derives from %s in Clang" % (w, c.base))
        if n["internal_enum"] != c.enumerator and not n["abstract"]:
            errs.append("%s: internal_enum %s, Clang enumerator %s" % (w, n["internal_enum"], c.enumerator))
        if not n["abstract"]:
            mapped[n["domain"]].append((c.enumerator, n))
    checked = {(n["domain"], n["name"]) for d in DOMAINS for _, n in mapped[d]}
    for k in PARENT_DEVIATIONS:
        if k not in checked:
            errs.append("PARENT_DEVIATIONS lists %s.%s, which has no concrete Clang class" % k)
    aliases = {d: [] for d in DOMAINS}
    aliased = set()
    for d, cls, name, why in CLANG_ALIASES:
        c, n = clang[d].get(cls), by_name.get((d, name))
        if c is None or c.abstract:
            errs.append("alias %s: no concrete Clang %s class %s" % (name, d, cls))
        elif n is None or n["abstract"] or (d, cls) in by_class or n["class_name"] in clang[d]:
            errs.append("alias %s -> %s: the schema kind must be concrete, unmapped, and the "
                        "Clang class must have no schema kind" % (cls, name))
        else:
            aliases[d].append((c.enumerator, n, why))
            aliased.add(n["key"])
    never = [n for n in nodes if not n["abstract"] and n["class_name"] not in clang[n["domain"]]
             and n["key"] not in aliased]
    for n in never:
        if (n["domain"], n["name"]) not in NEVER_EMITTED:
            errs.append("%s: Clang 22 has no %s and NEVER_EMITTED gives no reason"
                        % (n["key"], n["class_name"]))
    for k in NEVER_EMITTED:
        if by_name.get(k) not in never:
            errs.append("NEVER_EMITTED lists %s.%s, which is not a never-emitted schema kind" % k)
    unmapped = {d: [] for d in DOMAINS}
    taken = {(d, c) for d in DOMAINS for c, _, _ in aliases[d]}
    for d in DOMAINS:
        classes = clang[d]
        for c in sorted(classes.values(), key=lambda c: c.order):
            if c.abstract or (d, c.cls) in by_class or (d, c.enumerator) in taken:
                continue
            anc = [a for a in clang_ancestors(classes, c.cls) if (d, a) in by_class]
            if not anc:
                errs.append("Clang %s %s has no schema ancestor" % (d, c.cls))
                continue
            unmapped[d].append((c.enumerator, c.cls, by_class[(d, anc[0])]))
    if errs:
        raise SchemaError("\n".join(errs))
    return mapped, aliases, never, unmapped


def render_clang_map(doc, clang):
    mapped, aliases, never, unmapped = build_clang_map(doc, clang)
    out = []
    w = out.append
    w("/*")
    w(" * ClangSchemaMap.inc -- GENERATED FILE, DO NOT EDIT.")
    w(" *")
    w(" * Generated by tools/gen/gen_ast_schema.py from")
    w(" * sdk/include/neverc/Plugin/Schema/ASTSchema.json and the Clang %d node lists" % CLANG_MAJOR)
    w(" * clang/AST/{Decl,Stmt,Type}Nodes.inc, clang/AST/TypeLocNodes.def and")
    w(" * clang/Basic/AttrList.inc. Include it after neverc/Plugin/PluginAST.h.")
    w(" *")
    w(" * The host's mapping of Clang %d nodes onto schema node kinds. Each table is" % CLANG_MAJOR)
    w(" * expanded only when the includer defined its macro, then #undef'd:")
    w(" *   NEVERC_CLANG_DECL(Decl::Kind enumerator, NEVERC_AST_NODE_KIND_DECL_<SYMBOL>)")
    w(" *   NEVERC_CLANG_STMT(Stmt::StmtClass enumerator, NEVERC_AST_NODE_KIND_STMT_<SYMBOL>)")
    w(" *   NEVERC_CLANG_TYPE(Type::TypeClass enumerator, NEVERC_AST_NODE_KIND_TYPE_<SYMBOL>)")
    w(" *   NEVERC_CLANG_TYPE_LOC(TypeLoc::TypeLocClass enumerator, ..._TYPE_LOC_<SYMBOL>)")
    w(" *   NEVERC_CLANG_ATTR(attr::Kind enumerator, NEVERC_AST_NODE_KIND_ATTR_<SYMBOL>)")
    w(" * Rows exist only for concrete schema kinds whose class Clang %d has, plus" % CLANG_MAJOR)
    w(" * the aliases (a Clang node reported as a schema kind of another name).")
    w(" *   NEVERC_SCHEMA_NEVER_EMITTED(node-kind ID, \"reason\")")
    w(" * lists the concrete schema kinds Clang %d never produces (reserved IDs)." % CLANG_MAJOR)
    w(" *   NEVERC_CLANG_UNMAPPED_<DOMAIN>(enumerator, nearest schema ancestor ID)")
    w(" * lists every concrete Clang %d node of the domain without a schema kind;" % CLANG_MAJOR)
    w(" * the enumerator has the form of the NEVERC_CLANG_<DOMAIN> rows, so a host")
    w(" * may define both macros alike and report the ancestor kind.")
    w(" */")
    w("")
    w("/* Row counts of the tables below (MAPPED includes the aliases). */")
    w("#ifndef NEVERC_AST_CLANG_SCHEMA_MAP_CONSTANTS_DEFINED")
    w("#define NEVERC_AST_CLANG_SCHEMA_MAP_CONSTANTS_DEFINED")
    w("#define NEVERC_CLANG_SCHEMA_MAP_CLANG_MAJOR %d" % CLANG_MAJOR)
    for d in DOMAINS:
        dm = DOMAINS[d][2]
        w("#define NEVERC_CLANG_%s_MAPPED_COUNT %d" % (dm, len(mapped[d]) + len(aliases[d])))
        w("#define NEVERC_CLANG_%s_UNMAPPED_COUNT %d" % (dm, len(unmapped[d])))
    w("#define NEVERC_SCHEMA_NEVER_EMITTED_COUNT %d" % len(never))
    w("#endif /* NEVERC_AST_CLANG_SCHEMA_MAP_CONSTANTS_DEFINED */")
    w("")
    for d in DOMAINS:
        macro = "NEVERC_CLANG_" + DOMAINS[d][2]
        w("#ifdef %s" % macro)
        for enum, n in mapped[d]:
            w("%s(%s, %s)" % (macro, enum, node_macro(n)))
        for enum, n, why in aliases[d]:
            w("/* alias: Clang %s (%s) is reported as %s */" % (enum, why, n["name"]))
            w("%s(%s, %s)" % (macro, enum, node_macro(n)))
        w("#undef %s" % macro)
        w("#endif")
        w("")
    w("/*")
    w(" * Schema parents that are not Clang %d base classes (navigation follows the" % CLANG_MAJOR)
    w(" * schema; a host reports the schema parent):")
    for k, why in sorted(PARENT_DEVIATIONS.items()):
        w(" *   %-24s %s" % ("%s.%s" % k, why))
    w(" * The parentless schema attrs (Alias ... Thread) derive from Attr in Clang.")
    w(" */")
    w("")
    w("/*")
    w(" * Schema kinds stock Clang %d never produces:" % CLANG_MAJOR)
    for n in never:
        w(" *   %-24s %s" % (n["key"], NEVER_EMITTED[(n["domain"], n["name"])]))
    w(" */")
    w("#ifdef NEVERC_SCHEMA_NEVER_EMITTED")
    for n in never:
        w("NEVERC_SCHEMA_NEVER_EMITTED(%s, %s)"
          % (node_macro(n), json.dumps(NEVER_EMITTED[(n["domain"], n["name"])])))
    w("#undef NEVERC_SCHEMA_NEVER_EMITTED")
    w("#endif")
    w("")
    for d in DOMAINS:
        macro = "NEVERC_CLANG_UNMAPPED_" + DOMAINS[d][2]
        w("/* %d concrete Clang %d %s classes without a schema kind. */" % (len(unmapped[d]), CLANG_MAJOR, d))
        w("#ifdef %s" % macro)
        for enum, _, anc in unmapped[d]:
            w("%s(%s, %s)" % (macro, enum, node_macro(anc)))
        w("#undef %s" % macro)
        w("#endif")
        w("")
    text = join_lines(out)
    counts = ", ".join("%s %d+%d/%d" % (d, len(mapped[d]), len(aliases[d]), len(unmapped[d]))
                       for d in DOMAINS)
    return text, counts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--schema", default=DEFAULT_SCHEMA)
    ap.add_argument("--output", default=DEFAULT_OUTPUT)
    ap.add_argument("--clang-map-output", default=DEFAULT_CLANG_MAP)
    ap.add_argument("--clang-include", default=DEFAULT_CLANG_INCLUDE,
                    help="Clang %d include directory (default %s)" % (CLANG_MAJOR, DEFAULT_CLANG_INCLUDE))
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    args = ap.parse_args(argv)
    doc = load_or_report(TOOL, load, args.schema)
    if doc is None:
        return 2
    outputs = [(args.output, render(doc), "%d node kinds, %d properties, %d child slots"
                % (len(doc["node_kinds"]), len(doc["properties"]), len(doc["child_slots"])))]
    if os.path.isdir(args.clang_include):
        try:
            text, counts = render_clang_map(doc, load_clang(args.clang_include))
        except (OSError, SchemaError) as e:
            sys.stderr.write("gen_ast_schema: schema does not fit Clang %d at %s:\n%s\n"
                             % (CLANG_MAJOR, args.clang_include, e))
            return 2
        outputs.append((args.clang_map_output, text, "mapped+aliased/unmapped: " + counts))
    else:
        print("gen_ast_schema: %s absent; %s not %s" % (
            args.clang_include, args.clang_map_output, "checked" if args.check else "generated"))
    return check_or_write(TOOL, args.check, outputs)


if __name__ == "__main__":
    sys.exit(main())
