#!/usr/bin/env python3
"""Generate sdk/include/neverc/Plugin/Schema/PluginObjectSchema.inc.

The canonical source is sdk/include/neverc/Plugin/Schema/ObjectSchema.json:
the generic, STABLE object schema of target-mc-object.md section 6.3 -- 7
entities, 9 section kinds, 5 symbol bindings, 5 symbol visibilities, 8
symbol types, 4 symbol definitions, 8 relocation kinds and 6 COMDAT
selections, each with its symbol, stable ID and name. The schema is
validated before anything is written; any violation is reported and the
generator exits with status 2.

Decisions (where target-mc-object.md leaves room):
 * Every entry is symbol, id, name (no LLVM value: the object schema has
   none); id is a "0x%08x" string, one record a line, rows in ID order.
 * ID rules: each set has its own base and numbers its rows 1, 2, ... in
   the low bits (id = base + index + 1). The bases are NeverC's: entity
   0x71000000, section kind 0x72000000, the four symbol sets 0x73000000,
   0x73100000, 0x73200000, 0x73300000 (one tag byte, told apart by the next
   nibble), relocation kind 0x74000000, COMDAT selection 0x75000000.
 * name is the symbol in lower case with "_" turned into "-"
   ("indirect-function", "no-duplicates").
 * Macro names are NeverC's: NEVERC_OBJECT_<PREFIX>_<SYMBOL> for the IDs,
   where the relocation and COMDAT prefixes are RELOCATION and COMDAT (not
   RELOCATION_KIND / COMDAT_SELECTION, which name their counts and
   X-macros); NEVERC_OBJECT_<SET>_COUNT; NEVERC_OBJECT_SCHEMA_<SET>(Symbol,
   IdMacro, "name").
 * stable_schema_digest is NeverC's constant, verbatim; its algorithm is
   not published, so it cannot be recomputed. As for the MC schema,
   everything is pinned per capability (PINNED): the counts, that digest,
   and this project's SHA-256 over the content (content_sha256), taken over
   this ASCII text, every line ending in "\\n", fields separated by one
   space:
       neverc-object-schema <schema_version>
       capability <major> <minor>
   then one line per entry, sets in the order listed in SETS and entries in
   ID order:
       <set> <id as 0x%08x> <symbol> <name>
   The description is not covered. Any content change therefore needs a
   capability bump (and a new NeverC digest); the generator prints the
   content hash it computed.
 * Capability macros are UINT16_C, IDs and counts UINT32_C. Every X-macro
   is expanded only if the includer defined it, and is #undef'd afterwards.
 * No generated macro may collide with one PluginObject.h defines itself.

  gen_object_schema.py           regenerate the .inc in place
  gen_object_schema.py --check   exit 1 (with a diff) if the checked-in .inc
                                 differs from what would be generated
"""

import hashlib
import json
import os
import sys

sys.dont_write_bytecode = True  # keep tools/gen free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from schema_common import (  # noqa: E402  (same directory)
    ID_RE, PLUGIN_DIR, SCHEMA_DIR, SYMBOL_RE, capability_macro_names, check_counts,
    check_domain_arrays, check_macros, check_unique, emit_capability, emit_table,
    header_defines, header_schema_main, join_lines, load_schema, problem_list,
    validate_top_level)

TOOL = "gen_object_schema"

DEFAULT_SCHEMA = os.path.join(SCHEMA_DIR, "ObjectSchema.json")
DEFAULT_OUTPUT = os.path.join(SCHEMA_DIR, "PluginObjectSchema.inc")
DEFAULT_HEADER = os.path.join(PLUGIN_DIR, "PluginObject.h")

ENTRY_KEYS = ("symbol", "id", "name")
# JSON array -> (ID base, set name of the count and X-macro, ID macro prefix).
# The first element is the array name and the last the count macro, as
# schema_common's domain rows expect.
SETS = (
    ("entities", 0x71000000, "ENTITY", "ENTITY", "NEVERC_OBJECT_ENTITY_COUNT"),
    ("section_kinds", 0x72000000, "SECTION_KIND", "SECTION_KIND",
     "NEVERC_OBJECT_SECTION_KIND_COUNT"),
    ("symbol_bindings", 0x73000000, "SYMBOL_BINDING", "SYMBOL_BINDING",
     "NEVERC_OBJECT_SYMBOL_BINDING_COUNT"),
    ("symbol_visibilities", 0x73100000, "SYMBOL_VISIBILITY", "SYMBOL_VISIBILITY",
     "NEVERC_OBJECT_SYMBOL_VISIBILITY_COUNT"),
    ("symbol_types", 0x73200000, "SYMBOL_TYPE", "SYMBOL_TYPE",
     "NEVERC_OBJECT_SYMBOL_TYPE_COUNT"),
    ("symbol_definitions", 0x73300000, "SYMBOL_DEFINITION", "SYMBOL_DEFINITION",
     "NEVERC_OBJECT_SYMBOL_DEFINITION_COUNT"),
    ("relocation_kinds", 0x74000000, "RELOCATION_KIND", "RELOCATION",
     "NEVERC_OBJECT_RELOCATION_KIND_COUNT"),
    ("comdat_selections", 0x75000000, "COMDAT_SELECTION", "COMDAT",
     "NEVERC_OBJECT_COMDAT_SELECTION_COUNT"),
)
SET = {s[0]: s for s in SETS}
TOP_KEYS = ("schema_version", "description", "capability", "stable_schema_digest") + tuple(
    s[0] for s in SETS)

# A row's ordinal lives below the set's base; 0xfffff leaves room for far
# more rows than any set will have without reaching the next base.
ORDINAL_MASK = 0xfffff

PINNED = {
    (1, 0): {
        "counts": {"entities": 7, "section_kinds": 9, "symbol_bindings": 5,
                   "symbol_visibilities": 5, "symbol_types": 8, "symbol_definitions": 4,
                   "relocation_kinds": 8, "comdat_selections": 6},
        # NeverC's NEVERC_OBJECT_SCHEMA_DIGEST for capability 1.0.
        "digest": "832b65f3035734e93cc28656955b1b424d070365ecb5dda6e0ef153880a8b505",
        # This project's hash of the 1.0 content (see content_text).
        "content_sha256": "9d9e69b2d26912a7be98baf5ee9a6d985d962d19cc554c00ff4d2a9a5efa0655",
    },
}


def id_macro(name, it):
    return "NEVERC_OBJECT_%s_%s" % (SET[name][3], it["symbol"])


def canonical_name(symbol):
    return symbol.lower().replace("_", "-")


def content_text(doc):
    """The canonical serialization content_sha256 is taken over."""
    lines = ["neverc-object-schema %d" % doc["schema_version"],
             "capability %d %d" % (doc["capability"]["major"], doc["capability"]["minor"])]
    for name, _, setname, _, _ in SETS:
        for it in doc[name]:
            lines.append("%s %s %s %s" % (setname.lower(), it["id"], it["symbol"], it["name"]))
    return "".join(line + "\n" for line in lines)


def content_digest(doc):
    return hashlib.sha256(content_text(doc).encode("ascii")).hexdigest()


def macro_names(doc):
    out = capability_macro_names("NEVERC_OBJECT") + [s[4] for s in SETS]
    for s in SETS:
        out += [id_macro(s[0], it) for it in doc[s[0]]]
    return out


def check_row_id(err, w, name, i, base, ident, seen_id):
    """Row i of set name (reported as w) has the ID base + i + 1, one no other
    row has (seen_id: ID -> where, across all sets). False if ident is not an
    ID at all."""
    if not isinstance(ident, str) or not ID_RE.match(ident):
        err(w, "id %r is not 0x + 8 lowercase hex digits" % (ident,))
        return False
    if ident in seen_id:
        err(w, "duplicate id %s (also %s)" % (ident, seen_id[ident]))
    seen_id[ident] = w
    value = int(ident, 16)
    if value & ~ORDINAL_MASK != base:
        err(w, "id %s is not under the base 0x%08x of %s" % (ident, base, name))
    elif value != base + i + 1:
        err(w, "id %s breaks the sequence: expected 0x%08x (base + index + 1)"
            % (ident, base + i + 1))
    return True


def validate(doc, header_names=None):
    """Return a list of human-readable problems (empty when the schema is sound)."""
    errs, err = problem_list()

    go_on, cap = validate_top_level(doc, TOP_KEYS, err, stop_early=True)
    if not go_on or not check_domain_arrays(doc, SETS, lambda name: ENTRY_KEYS, err):
        return errs

    pin = PINNED.get((cap["major"], cap["minor"]))
    if pin is None:
        err("capability", "nothing pinned for %d.%d; add it to PINNED"
            % (cap["major"], cap["minor"]))
    else:
        check_counts(doc, SETS, cap, pin["counts"], err)
        if doc["stable_schema_digest"] != pin["digest"]:
            err("stable_schema_digest", "%s is not NeverC's digest %s for capability %d.%d"
                % (doc["stable_schema_digest"], pin["digest"], cap["major"], cap["minor"]))

    # --- the entries ----------------------------------------------------------
    seen_id = {}
    sound = True
    for name, base, _, _, _ in SETS:
        seen_sym, seen_name = {}, {}
        for i, it in enumerate(doc[name]):
            w = "%s[%d]" % (name, i)
            sym = it["symbol"]
            if not isinstance(sym, str) or not SYMBOL_RE.match(sym):
                err(w, "bad symbol %r" % (sym,))
                sound = False
                continue
            w = "%s[%d] (%s)" % (name, i, sym)
            if it["name"] != canonical_name(sym):
                err(w, "name %r must be the symbol in lower case with '-' for '_' (%r)"
                    % (it["name"], canonical_name(sym)))
                if not isinstance(it["name"], str):
                    sound = False
            if not check_row_id(err, w, name, i, base, it["id"], seen_id):
                sound = False
            check_unique(err, w, name, i, ((seen_sym, sym, "symbol"),
                                           (seen_name, it["name"], "name")))

    # --- every generated macro name is unique and not PluginObject.h's -------
    if sound:
        check_macros(macro_names(doc), err, header_names, "PluginObject.h")

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

def row(name, it):
    return "%s, %s, %s" % (it["symbol"], id_macro(name, it), json.dumps(it["name"]))


def render(doc):
    out = []
    w = out.append
    w("/*")
    w(" * PluginObjectSchema.inc -- GENERATED FILE, DO NOT EDIT.")
    w(" *")
    w(" * Generated by tools/gen/gen_object_schema.py from")
    w(" * sdk/include/neverc/Plugin/Schema/ObjectSchema.json (the canonical source).")
    w(" * Edit the JSON and rerun the generator; tests fail when this file is stale.")
    w(" * Needs <stdint.h>.")
    w(" *")
    w(" * The generic object schema, STABLE: every set numbers its rows 1, 2, ...")
    w(" * above its own base (entity 0x71000000, section kind 0x72000000, symbol")
    w(" * binding 0x73000000, visibility 0x73100000, type 0x73200000, definition")
    w(" * 0x73300000, relocation kind 0x74000000, COMDAT selection 0x75000000).")
    w(" * The Kind / Binding / Visibility / Type / Definition / Selection fields")
    w(" * of the ObjectGraph descriptors hold these IDs. A FORMAT_EXTENSION or")
    w(" * TARGET_EXTENSION row carries its real value elsewhere (the descriptor's")
    w(" * format extension, a relocation's TargetExtensionKind), and such a value")
    w(" * is LOCKSTEP. There are no LLVM values here: map by meaning.")
    w(" *")
    w(" * Everything here is NeverC's, verbatim, NEVERC_OBJECT_SCHEMA_DIGEST")
    w(" * included (its algorithm is unpublished, so it cannot be recomputed).")
    w(" *")
    w(" * Public part (guarded by NEVERC_PLUGIN_OBJECT_SCHEMA_CONSTANTS_DEFINED):")
    w(" * the capability and digest, the counts NEVERC_OBJECT_<SET>_COUNT and the")
    w(" * IDs. The relocation kinds and COMDAT selections are named")
    w(" * NEVERC_OBJECT_RELOCATION_<SYMBOL> and NEVERC_OBJECT_COMDAT_<SYMBOL>, every")
    w(" * other set NEVERC_OBJECT_<SET>_<SYMBOL>.")
    w(" *")
    w(" * Tables (unguarded): each is expanded once per row only when the includer")
    w(" * defined the macro, which is #undef'd afterwards; rows are in ID order.")
    w(" *   NEVERC_OBJECT_SCHEMA_<SET>(SYMBOL, ID, \"name\")")
    w(" * for SET in ENTITY, SECTION_KIND, SYMBOL_BINDING, SYMBOL_VISIBILITY,")
    w(" * SYMBOL_TYPE, SYMBOL_DEFINITION, RELOCATION_KIND and COMDAT_SELECTION.")
    w(" * SYMBOL is a bare token: paste (##) or stringize (#) it, since a symbol")
    w(" * such as DEBUG, FILE or ABSOLUTE may be an object-like macro in the")
    w(" * includer.")
    w(" */")
    w("")
    w("#ifndef NEVERC_PLUGIN_OBJECT_SCHEMA_CONSTANTS_DEFINED")
    w("#define NEVERC_PLUGIN_OBJECT_SCHEMA_CONSTANTS_DEFINED")
    w("")
    emit_capability(w, "NEVERC_OBJECT", doc)
    for s in SETS:
        w("#define %s UINT32_C(%d)" % (s[4], len(doc[s[0]])))
    for name, base, _, _, _ in SETS:
        w("")
        w("/* %s (base 0x%08x): %d. */" % (name.replace("_", " "), base, len(doc[name])))
        for it in doc[name]:
            w("#define %s UINT32_C(%s)" % (id_macro(name, it), it["id"]))
    w("")
    w("#endif /* NEVERC_PLUGIN_OBJECT_SCHEMA_CONSTANTS_DEFINED */")
    w("")
    for name, _, setname, _, _ in SETS:
        emit_table(w, "NEVERC_OBJECT_SCHEMA_" + setname, [row(name, it) for it in doc[name]])
    return join_lines(out)


def main(argv=None):
    return header_schema_main(TOOL, argv, __doc__, DEFAULT_SCHEMA, DEFAULT_OUTPUT, DEFAULT_HEADER,
                              load, render, SETS)


if __name__ == "__main__":
    sys.exit(main())
