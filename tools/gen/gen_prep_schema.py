#!/usr/bin/env python3
"""Generate sdk/include/neverc/Plugin/Schema/PluginPrepSchema.inc.

The canonical source is sdk/include/neverc/Plugin/Schema/PrepSchema.json:
the preprocessor token kinds (NEVERC_TOKEN_*) and preprocessor keyword kinds
(NEVERC_PP_KEYWORD_*) with their stable IDs, categories, fixed spellings and
the internal names a host uses to map them onto its lexer. The schema is
validated before anything is written; any violation is reported and the
generator exits with status 2.

  gen_prep_schema.py            regenerate the .inc in place
  gen_prep_schema.py --check    exit 1 (with a diff) if the checked-in .inc
                                differs from what would be generated
"""

import argparse
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # keep tools/gen free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from schema_common import (  # noqa: E402  (same directory)
    DIGEST_RE, ID_RE, SCHEMA_DIR, compare, emit_xmacro, is_int, load_or_report, load_schema,
    problem_list)

TOOL = "gen_prep_schema"

DEFAULT_SCHEMA = os.path.join(SCHEMA_DIR, "PrepSchema.json")
DEFAULT_OUTPUT = os.path.join(SCHEMA_DIR, "PluginPrepSchema.inc")

# NevercTokenCategory values, in enum order (declared in PluginPrep.h).
CATEGORIES = ("special", "comment", "identifier", "literal", "punctuator", "keyword", "annotation")
TOP_KEYS = ("schema_version", "capability", "stable_schema_digest", "token_kinds", "pp_keywords")
TOKEN_KEYS = ("symbol", "id", "internal", "category", "constructible", "spelling",
              "pragma_annotation")
PP_KEYS = ("symbol", "id", "internal", "spelling")
TOKEN_ID_BASE = 0x10000000
PP_ID_BASE = 0x20000000
SYMBOL_RE = re.compile(r"^[A-Z_][A-Z0-9_]*$")
INTERNAL_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def validate(doc):
    """Return a list of human-readable problems (empty when the schema is sound)."""
    errs, err = problem_list()

    if not isinstance(doc, dict):
        return ["top level: not an object"]
    if tuple(doc) != TOP_KEYS:
        err("top level", "keys must be exactly %s in that order; got %s" % (TOP_KEYS, list(doc)))
        return errs
    if doc["schema_version"] != 1:
        err("top level", "schema_version must be 1")
    cap = doc["capability"]
    if (not isinstance(cap, dict) or tuple(cap) != ("major", "minor")
            or not all(is_int(cap[k]) and 0 <= cap[k] <= 0xffff for k in cap)):
        err("capability", "must be {major, minor} with 16-bit unsigned values")
    if not isinstance(doc["stable_schema_digest"], str) or not DIGEST_RE.match(
            doc["stable_schema_digest"]):
        err("stable_schema_digest", "must be 64 lowercase hex digits")

    def check_list(key, keys, base, extra):
        items = doc[key]
        if not isinstance(items, list) or not items:
            err(key, "must be a non-empty array")
            return
        symbols, internals = {}, {}
        for i, it in enumerate(items):
            w = "%s[%d]" % (key, i)
            if not isinstance(it, dict) or tuple(it) != keys:
                err(w, "keys must be exactly %s in that order" % (keys,))
                continue
            w = "%s[%d] (%s)" % (key, i, it["symbol"])
            if not isinstance(it["symbol"], str) or not SYMBOL_RE.match(it["symbol"]):
                err(w, "bad symbol %r" % (it["symbol"],))
            if not isinstance(it["id"], str) or not ID_RE.match(it["id"]):
                err(w, "id %r is not 0x + 8 lowercase hex digits" % (it["id"],))
            elif int(it["id"], 16) != base + i + 1:
                err(w, "id %s breaks the sequence: expected 0x%08x" % (it["id"], base + i + 1))
            if not isinstance(it["internal"], str) or not INTERNAL_RE.match(it["internal"]):
                err(w, "bad internal name %r" % (it["internal"],))
            for table, k in ((symbols, it["symbol"]), (internals, it["internal"])):
                if k in table:
                    err(w, "duplicate %r (also %s[%d])" % (k, key, table[k]))
                table[k] = i
            extra(w, it)

    def token_rules(w, t):
        cat, sp = t["category"], t["spelling"]
        if cat not in CATEGORIES:
            err(w, "category %r not in %s" % (cat, CATEGORIES))
            return
        for k in ("constructible", "pragma_annotation"):
            if not isinstance(t[k], bool):
                err(w, "%s must be a bool" % k)
        if sp is not None and (not isinstance(sp, str) or not sp or '"' in sp or "\\" in sp):
            err(w, "spelling must be null or a non-empty string without quotes/backslashes")
        if (cat in ("punctuator", "keyword")) != (sp is not None):
            err(w, "exactly the punctuators and keywords have a fixed spelling")
        if cat in ("literal", "punctuator") and t["constructible"] is not True:
            err(w, "literals and punctuators are constructible")
        if cat in ("comment", "keyword", "annotation") and t["constructible"] is not False:
            err(w, "%s kinds are not constructible" % cat)
        if t["pragma_annotation"] is True and cat != "annotation":
            err(w, "only annotation kinds can be pragma annotations")
        if cat == "keyword" and isinstance(sp, str) and t["internal"] != "kw_" + sp:
            err(w, "keyword internal name must be kw_<spelling>")
        if cat != "keyword" and isinstance(t["symbol"], str) and t["internal"] != t["symbol"].lower():
            err(w, "internal name of a non-keyword must be the lower-case symbol")

    def pp_rules(w, p):
        sp = p["spelling"]
        if not isinstance(sp, str) or not INTERNAL_RE.match(sp):
            err(w, "spelling must be an identifier")
        elif p["internal"] != "pp_" + sp:
            err(w, "internal name must be pp_<spelling>")
        if isinstance(sp, str) and isinstance(p["symbol"], str) and p["symbol"] != sp.upper():
            err(w, "symbol must be the upper-case spelling")

    check_list("token_kinds", TOKEN_KEYS, TOKEN_ID_BASE, token_rules)
    check_list("pp_keywords", PP_KEYS, PP_ID_BASE, pp_rules)
    return errs


def load(path):
    return load_schema(path, validate)


def flag(b):
    return "NEVERC_TRUE" if b else "NEVERC_FALSE"


def render(doc):
    toks, pps = doc["token_kinds"], doc["pp_keywords"]
    out = []
    w = out.append
    w("/*")
    w(" * PluginPrepSchema.inc -- GENERATED FILE, DO NOT EDIT.")
    w(" *")
    w(" * Generated by tools/gen/gen_prep_schema.py from")
    w(" * sdk/include/neverc/Plugin/Schema/PrepSchema.json (the canonical source).")
    w(" * Edit the JSON and rerun the generator; tests fail when this file is stale.")
    w(" * Included from neverc/Plugin/PluginPrep.h, which declares NevercTokenKind,")
    w(" * NevercPPKeywordKind and NevercTokenCategory first.")
    w(" *")
    w(" * Public part (guarded by NEVERC_PLUGIN_PREP_SCHEMA_CONSTANTS_DEFINED):")
    w(" * the schema version and digest, every NEVERC_TOKEN_<SYMBOL> and")
    w(" * NEVERC_PP_KEYWORD_<SYMBOL> value, and the X-macros")
    w(" *   NEVERC_FOR_EACH_TOKEN_KIND(M)  M(SYMBOL, NEVERC_TOKEN_<SYMBOL>,")
    w(" *                                    NEVERC_TOKEN_CATEGORY_<CATEGORY>,")
    w(" *                                    constructible NEVERC_TRUE/NEVERC_FALSE)")
    w(" *   NEVERC_FOR_EACH_PP_KEYWORD(M)  M(SYMBOL, NEVERC_PP_KEYWORD_<SYMBOL>)")
    w(" * in ID order. The IDs are stable NeverC values, not a lexer's own enum.")
    w(" *")
    w(" * Host part (unguarded): when the includer defines")
    w(" *   NEVERC_PREP_SCHEMA_INTERNAL_TOKEN(internal, SYMBOL, ID, CATEGORY,")
    w(" *       constructible, \"internal\", \"spelling\" or \"\", has_spelling,")
    w(" *       pragma_annotation)")
    w(" * and/or")
    w(" *   NEVERC_PREP_SCHEMA_INTERNAL_PP_KEYWORD(pp_internal, SYMBOL, ID, \"spelling\")")
    w(" * before including this file, one invocation per kind is expanded and the")
    w(" * macro is #undef'd afterwards. `internal` is the lexer-side name the kind")
    w(" * is mapped by (keywords kw_<spelling>, preprocessor keywords pp_<spelling>,")
    w(" * everything else the lower-case symbol); map by name, never by number.")
    w(" */")
    w("")
    w("#ifndef NEVERC_PLUGIN_PREP_SCHEMA_CONSTANTS_DEFINED")
    w("#define NEVERC_PLUGIN_PREP_SCHEMA_CONSTANTS_DEFINED")
    w("")
    w("#define NEVERC_PREP_SCHEMA_CAPABILITY_MAJOR UINT16_C(%d)" % doc["capability"]["major"])
    w("#define NEVERC_PREP_SCHEMA_CAPABILITY_MINOR UINT16_C(%d)" % doc["capability"]["minor"])
    w("#define NEVERC_PREP_SCHEMA_DIGEST %s" % json.dumps(doc["stable_schema_digest"]))
    w("#define NEVERC_TOKEN_KIND_COUNT UINT32_C(%d)" % len(toks))
    w("#define NEVERC_PP_KEYWORD_COUNT UINT32_C(%d)" % len(pps))
    w("")
    for t in toks:
        w("#define NEVERC_TOKEN_%s UINT32_C(%s)" % (t["symbol"], t["id"]))
    w("")
    for p in pps:
        w("#define NEVERC_PP_KEYWORD_%s UINT32_C(%s)" % (p["symbol"], p["id"]))
    w("")

    emit_xmacro(w, "NEVERC_FOR_EACH_TOKEN_KIND",
                ["%s, NEVERC_TOKEN_%s, NEVERC_TOKEN_CATEGORY_%s, %s"
                 % (t["symbol"], t["symbol"], t["category"].upper(), flag(t["constructible"]))
                 for t in toks])
    emit_xmacro(w, "NEVERC_FOR_EACH_PP_KEYWORD",
                ["%s, NEVERC_PP_KEYWORD_%s" % (p["symbol"], p["symbol"]) for p in pps])
    w("#endif /* NEVERC_PLUGIN_PREP_SCHEMA_CONSTANTS_DEFINED */")
    w("")
    w("#ifdef NEVERC_PREP_SCHEMA_INTERNAL_TOKEN")
    for t in toks:
        sp = t["spelling"]
        w("NEVERC_PREP_SCHEMA_INTERNAL_TOKEN(%s, %s, UINT32_C(%s), NEVERC_TOKEN_CATEGORY_%s, %s, %s, %s, %s, %s)"
          % (t["internal"], t["symbol"], t["id"], t["category"].upper(), flag(t["constructible"]),
             json.dumps(t["internal"]), json.dumps(sp if sp is not None else ""),
             flag(sp is not None), flag(t["pragma_annotation"])))
    w("#undef NEVERC_PREP_SCHEMA_INTERNAL_TOKEN")
    w("#endif")
    w("")
    w("#ifdef NEVERC_PREP_SCHEMA_INTERNAL_PP_KEYWORD")
    for p in pps:
        w("NEVERC_PREP_SCHEMA_INTERNAL_PP_KEYWORD(%s, %s, UINT32_C(%s), %s)"
          % (p["internal"], p["symbol"], p["id"], json.dumps(p["spelling"])))
    w("#undef NEVERC_PREP_SCHEMA_INTERNAL_PP_KEYWORD")
    w("#endif")
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--schema", default=DEFAULT_SCHEMA)
    ap.add_argument("--output", default=DEFAULT_OUTPUT)
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    args = ap.parse_args(argv)
    doc = load_or_report(TOOL, load, args.schema)
    if doc is None:
        return 2
    text = render(doc)
    counts = "%d token kinds, %d pp keywords" % (len(doc["token_kinds"]), len(doc["pp_keywords"]))
    if args.check:
        if not compare(args.output, text, TOOL):
            return 1
        print("gen_prep_schema: %s is up to date (%s)" % (args.output, counts))
        return 0
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("gen_prep_schema: wrote %s (%s)" % (args.output, counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
