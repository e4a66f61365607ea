#!/usr/bin/env python3
"""Generate sdk/include/neverc/Plugin/Schema/PluginPhaseSchema.inc.

The canonical source is sdk/include/neverc/Plugin/Schema/PhaseSchema.json.
The schema is validated structurally before anything is written; any
violation is reported and the generator exits with status 2.

  gen_phase_schema.py            regenerate the .inc in place
  gen_phase_schema.py --check    exit 1 (with a diff) if the checked-in .inc
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
    SCHEMA_DIR, compare, emit_xmacro, join_lines, load_or_report, load_schema, problem_list)

TOOL = "gen_phase_schema"

DEFAULT_SCHEMA = os.path.join(SCHEMA_DIR, "PhaseSchema.json")
DEFAULT_OUTPUT = os.path.join(SCHEMA_DIR, "PluginPhaseSchema.inc")

DOMAINS = ("driver", "source", "prep", "syntax", "sema", "ir", "mir", "codegen",
           "mc", "assembly", "object", "link", "dyncode")
POLICY_BITS = ("OBSERVABLE", "INTERCEPTABLE", "REPLACEABLE", "SKIPPABLE_WITH_PROOF",
               "SEALED_HOST_GATE")
POINT_BITS = ("BEFORE", "AFTER", "AFTER_COMMIT")
KINDS = {"transition": "NEVERC_PHASE_KIND_TRANSITION", "event": "NEVERC_PHASE_KIND_EVENT"}
GATES = {"transition": "NEVERC_PHASE_GATE_TRANSITION",
         "sealed_verifier": "NEVERC_PHASE_GATE_SEALED_VERIFIER",
         "sealed_commit": "NEVERC_PHASE_GATE_SEALED_COMMIT"}
STABILITIES = {"stable": "NEVERC_PHASE_STABILITY_STABLE",
               "experimental": "NEVERC_PHASE_STABILITY_EXPERIMENTAL"}
PHASE_KEYS = ("name", "symbol", "id", "domain", "kind", "verifier", "input_artifact",
              "output_artifact", "policy", "observer_points", "gate", "stability",
              "builtin_fallback")
FAMILY_KEYS = ("namespace", "id_high", "id_low_min", "id_low_max")
HEX64 = re.compile(r"^0x[0-9a-f]{16}$")
SYMBOL_RE = re.compile(r"^[A-Z][A-Z0-9_]*$")
NAME_RE = re.compile(r"^neverc(\.[a-z0-9_]+)+$")


def derive_symbol(name):
    return name[len("neverc."):].upper().replace(".", "_")


def validate(doc):
    """Return a list of human-readable problems (empty when the schema is sound)."""
    errs, err = problem_list()

    if not isinstance(doc, dict):
        return ["top level: not an object"]
    if set(doc) != {"schema_version", "extension_families", "phases"}:
        err("top level", "keys must be schema_version, extension_families, phases; got %s" % sorted(doc))
    if doc.get("schema_version") != 1:
        err("top level", "schema_version must be 1")

    fams = doc.get("extension_families")
    if not isinstance(fams, list) or not fams:
        err("extension_families", "must be a non-empty array")
        fams = []
    seen_ns, seen_fhi = set(), set()
    for i, f in enumerate(fams):
        w = "extension_families[%d]" % i
        if not isinstance(f, dict) or tuple(f) != FAMILY_KEYS:
            err(w, "keys must be exactly %s in that order" % (FAMILY_KEYS,))
            continue
        ns = f["namespace"]
        if not isinstance(ns, str) or not re.match(r"^neverc\.[a-z0-9_]+\.extension$", ns):
            err(w, "namespace %r is not neverc.<domain>.extension" % (ns,))
        elif ns.split(".")[1] not in DOMAINS:
            err(w, "namespace %r names an unknown domain" % ns)
        for k in FAMILY_KEYS[1:]:
            if not isinstance(f[k], str) or not HEX64.match(f[k]):
                err(w, "%s %r is not 0x + 16 lowercase hex digits" % (k, f[k]))
        if all(isinstance(f[k], str) and HEX64.match(f[k]) for k in FAMILY_KEYS[1:]):
            if int(f["id_low_min"], 16) > int(f["id_low_max"], 16):
                err(w, "id_low_min > id_low_max")
            if int(f["id_low_min"], 16) == 0:
                err(w, "id_low_min must be non-zero")
        if ns in seen_ns:
            err(w, "duplicate namespace %r" % ns)
        if f["id_high"] in seen_fhi:
            err(w, "duplicate id_high %s" % f["id_high"])
        seen_ns.add(ns)
        seen_fhi.add(f["id_high"])

    phases = doc.get("phases")
    if not isinstance(phases, list) or not phases:
        return errs + ["phases: must be a non-empty array"]

    names, symbols, ids = {}, {}, {}
    lows_by_high = {}
    for i, p in enumerate(phases):
        w = "phases[%d]" % i
        if not isinstance(p, dict) or tuple(p) != PHASE_KEYS:
            err(w, "keys must be exactly %s in that order" % (PHASE_KEYS,))
            continue
        name = p["name"]
        w = "phases[%d] (%s)" % (i, name)
        if not isinstance(name, str) or not NAME_RE.match(name):
            err(w, "bad canonical name")
            continue
        dom = p["domain"]
        if dom not in DOMAINS:
            err(w, "unknown domain %r" % (dom,))
        if name.split(".")[1] != dom:
            err(w, "second name component must equal domain %r" % dom)
        sym = p["symbol"]
        if not isinstance(sym, str) or not SYMBOL_RE.match(sym):
            err(w, "bad symbol %r" % (sym,))
        else:
            ok = sym == derive_symbol(name)
            if not ok and name.endswith(".intercept"):
                ok = sym == derive_symbol(name[: -len(".intercept")])
            if not ok:
                err(w, "symbol %s does not follow the naming rule" % sym)
        ver = p["verifier"]
        if not isinstance(ver, str) or not NAME_RE.match(ver) or not ver.startswith("neverc.%s." % dom):
            err(w, "verifier %r must start with neverc.%s." % (ver, dom))
        for key in ("id", "input_artifact", "output_artifact"):
            v = p[key]
            if (not isinstance(v, list) or len(v) != 2
                    or not all(isinstance(x, str) and HEX64.match(x) for x in v)):
                err(w, "%s must be [high, low] of 0x + 16 lowercase hex digits" % key)
            elif int(v[0], 16) == 0 and int(v[1], 16) == 0:
                err(w, "%s must be non-zero" % key)
        if p["kind"] not in KINDS:
            err(w, "kind %r not in %s" % (p["kind"], sorted(KINDS)))
        if p["gate"] not in GATES:
            err(w, "gate %r not in %s" % (p["gate"], sorted(GATES)))
        if p["stability"] not in STABILITIES:
            err(w, "stability %r not in %s" % (p["stability"], sorted(STABILITIES)))
        if not isinstance(p["builtin_fallback"], bool):
            err(w, "builtin_fallback must be a bool")
        pol, pts = p["policy"], p["observer_points"]
        if (not isinstance(pol, list) or any(x not in POLICY_BITS for x in pol)
                or pol != sorted(set(pol), key=POLICY_BITS.index)):
            err(w, "policy must be distinct names from %s in bit order" % (POLICY_BITS,))
            continue
        if (not isinstance(pts, list) or any(x not in POINT_BITS for x in pts)
                or pts != sorted(set(pts), key=POINT_BITS.index)):
            err(w, "observer_points must be distinct names from %s in bit order" % (POINT_BITS,))
            continue

        # Structural invariants (phases.md section 4).
        P = set(pol)
        sealed = p["gate"] in ("sealed_verifier", "sealed_commit")
        if "OBSERVABLE" not in P:
            err(w, "invariant 1: every phase must be OBSERVABLE")
        if not pts:
            err(w, "observer_points must not be empty")
        is_event = p["kind"] == "event"
        event_shape = (pol == ["OBSERVABLE"] and pts == ["AFTER"] and p["gate"] == "transition"
                       and p["builtin_fallback"] is False)
        if is_event and not event_shape:
            err(w, "invariant 2: an event must be policy {O}, points {AFTER}, gate transition, no fallback")
        if not is_event and pol == ["OBSERVABLE"] and pts == ["AFTER"]:
            err(w, "invariant 2: the event shape {O}/{AFTER} is reserved for kind=event")
        if "SEALED_HOST_GATE" in P or sealed:
            if pol != ["OBSERVABLE", "SEALED_HOST_GATE"]:
                err(w, "invariant 3: a sealed gate must have policy exactly {O, G}")
            if not sealed:
                err(w, "invariant 3: SEALED_HOST_GATE needs gate sealed_verifier or sealed_commit")
            if p["builtin_fallback"] is not False:
                err(w, "invariant 3: a sealed gate has no built-in fallback")
            if is_event:
                err(w, "invariant 3: a sealed gate cannot be an event")
        if p["gate"] == "sealed_commit":
            if pts != ["BEFORE", "AFTER_COMMIT"]:
                err(w, "invariant 4: sealed_commit must have points {BEFORE, AFTER_COMMIT}")
        elif not is_event and pts != ["BEFORE", "AFTER"]:
            err(w, "invariant 4: non-event, non-commit phases must have points {BEFORE, AFTER}")
        if "REPLACEABLE" in P and "INTERCEPTABLE" not in P:
            err(w, "invariant 5: REPLACEABLE requires INTERCEPTABLE")
        if "SKIPPABLE_WITH_PROOF" in P and "REPLACEABLE" not in P:
            err(w, "invariant 5: SKIPPABLE_WITH_PROOF requires REPLACEABLE")
        if p["builtin_fallback"] is not (not is_event and not sealed):
            err(w, "builtin_fallback must be true exactly for non-event, non-sealed phases")

        for table, key in ((names, name), (symbols, sym), (ids, tuple(p["id"]))):
            if key in table:
                err(w, "duplicate %s (also phases[%d])" % (key, table[key]))
            table[key] = i
        if isinstance(p["id"], list) and len(p["id"]) == 2:
            lows_by_high.setdefault(p["id"][0], []).append(int(p["id"][1], 16))
            if p["id"][0] in seen_fhi:
                err(w, "phase ID high collides with an extension family")

    for hi, lows in sorted(lows_by_high.items()):
        if sorted(lows) != list(range(1, len(lows) + 1)):
            err("phase id high %s" % hi, "lows must run 1..%d without gaps" % len(lows))
    return errs


def load(path):
    return load_schema(path, validate)


def u64(hexstr):
    return "UINT64_C(%s)" % hexstr


def or_chain(prefix, names):
    return "(" + " | ".join(prefix + n for n in names) + ")"


def render(doc):
    phases = doc["phases"]
    fams = doc["extension_families"]
    out = []
    w = out.append
    w("/*")
    w(" * PluginPhaseSchema.inc -- GENERATED FILE, DO NOT EDIT.")
    w(" *")
    w(" * Generated by tools/gen/gen_phase_schema.py from")
    w(" * sdk/include/neverc/Plugin/Schema/PhaseSchema.json (the canonical source).")
    w(" * Edit the JSON and rerun the generator; tests fail when this file is stale.")
    w(" * Included from neverc/Plugin/PluginPhaseSchema.h (no include guard here).")
    w(" *")
    w(" * Host code can build a table of every built-in phase with the X-macros at")
    w(" * the end of this file, e.g.")
    w(" *   #define ROW(S) {NEVERC_PHASE_##S##_NAME, NEVERC_PHASE_##S##_HIGH, ...},")
    w(" *   static const Row Rows[] = {NEVERC_FOR_EACH_BUILTIN_PHASE(ROW)};")
    w(" */")
    w("")
    w("#define NEVERC_BUILTIN_PHASE_COUNT UINT32_C(%d)" % len(phases))
    w("#define NEVERC_EXTENSION_FAMILY_COUNT UINT32_C(%d)" % len(fams))
    w("")
    domains = sorted({p["domain"] for p in phases})
    for d in domains:
        n = sum(1 for p in phases if p["domain"] == d)
        w("#define NEVERC_BUILTIN_%s_PHASE_COUNT UINT32_C(%d)" % (d.upper(), n))
    w("")
    for i, f in enumerate(fams):
        w("#define NEVERC_EXTENSION_FAMILY_%d_NAMESPACE %s" % (i, json.dumps(f["namespace"])))
        w("#define NEVERC_EXTENSION_FAMILY_%d_ID_HIGH %s" % (i, u64(f["id_high"])))
        w("#define NEVERC_EXTENSION_FAMILY_%d_ID_LOW_MIN %s" % (i, u64(f["id_low_min"])))
        w("#define NEVERC_EXTENSION_FAMILY_%d_ID_LOW_MAX %s" % (i, u64(f["id_low_max"])))
        w("")
    for p in phases:
        m = "NEVERC_PHASE_" + p["symbol"] + "_"
        w("#define %sNAME %s" % (m, json.dumps(p["name"])))
        w("#define %sDOMAIN %s" % (m, json.dumps(p["domain"])))
        w("#define %sVERIFIER %s" % (m, json.dumps(p["verifier"])))
        w("#define %sKIND %s" % (m, KINDS[p["kind"]]))
        w("#define %sHIGH %s" % (m, u64(p["id"][0])))
        w("#define %sLOW %s" % (m, u64(p["id"][1])))
        w("#define %sINPUT_HIGH %s" % (m, u64(p["input_artifact"][0])))
        w("#define %sINPUT_LOW %s" % (m, u64(p["input_artifact"][1])))
        w("#define %sOUTPUT_HIGH %s" % (m, u64(p["output_artifact"][0])))
        w("#define %sOUTPUT_LOW %s" % (m, u64(p["output_artifact"][1])))
        w("#define %sPOLICY %s" % (m, or_chain("NEVERC_PHASE_", p["policy"])))
        w("#define %sOBSERVER_POINTS %s" % (m, or_chain("NEVERC_OBSERVER_", p["observer_points"])))
        w("#define %sGATE %s" % (m, GATES[p["gate"]]))
        w("#define %sSTABILITY %s" % (m, STABILITIES[p["stability"]]))
        w("#define %sBUILTIN_FALLBACK %s" % (m, "NEVERC_TRUE" if p["builtin_fallback"] else "NEVERC_FALSE"))
        w("")

    emit_xmacro(w, "NEVERC_FOR_EACH_BUILTIN_PHASE", [p["symbol"] for p in phases])
    for d in domains:
        emit_xmacro(w, "NEVERC_FOR_EACH_BUILTIN_%s_PHASE" % d.upper(),
                    [p["symbol"] for p in phases if p["domain"] == d])
    w("/* neverc addition: M(<family index>) for every extension family. */")
    emit_xmacro(w, "NEVERC_FOR_EACH_EXTENSION_FAMILY", [str(i) for i in range(len(fams))])
    return join_lines(out)


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
    if args.check:
        if not compare(args.output, text, TOOL):
            return 1
        print("gen_phase_schema: %s is up to date (%d phases)" % (args.output, len(doc["phases"])))
        return 0
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("gen_phase_schema: wrote %s (%d phases)" % (args.output, len(doc["phases"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
