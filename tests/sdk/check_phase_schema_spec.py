#!/usr/bin/env python3
"""Freeze the phase-schema totals stated by shared/spec/phases.md section 4.

The generator validates structure; this test pins the numbers: per-domain
phase count and O/I/R/S/G, event, sealed_verifier, sealed_commit and
builtin_fallback totals, the 19 "I without R" phases, the dyncode and link
artifact chains, and the 8 extension families in order.
"""

import json
import os
import sys

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SCHEMA = os.path.join(REPO, "sdk", "include", "neverc", "Plugin", "Schema", "PhaseSchema.json")

# domain: phases, O, I, R, S, G, events, sealed_verifier, sealed_commit, fallback
EXPECTED = {
    "driver": (6, 6, 6, 4, 0, 0, 0, 0, 0, 6),
    "source": (3, 3, 2, 1, 0, 0, 1, 0, 0, 2),
    "prep": (6, 6, 6, 6, 0, 0, 0, 0, 0, 6),
    "syntax": (7, 7, 7, 7, 0, 0, 0, 0, 0, 7),
    "sema": (7, 7, 7, 7, 0, 0, 0, 0, 0, 7),
    "ir": (8, 8, 7, 2, 0, 1, 0, 1, 0, 7),
    "mir": (10, 10, 9, 0, 0, 1, 0, 1, 0, 9),
    "codegen": (4, 4, 3, 3, 0, 1, 0, 1, 0, 3),
    "mc": (13, 13, 4, 4, 0, 0, 9, 0, 0, 4),
    "assembly": (4, 4, 2, 2, 0, 2, 0, 1, 1, 2),
    "object": (8, 8, 6, 5, 0, 2, 0, 1, 1, 6),
    "link": (20, 20, 16, 15, 13, 3, 1, 2, 1, 16),
    "dyncode": (34, 34, 30, 30, 0, 4, 0, 3, 1, 30),
}
TOTAL = (130, 130, 105, 86, 13, 14, 11, 10, 4, 105)
FAMILIES = ["neverc.driver.extension", "neverc.ir.extension", "neverc.prep.extension",
            "neverc.sema.extension", "neverc.syntax.extension", "neverc.codegen.extension",
            "neverc.link.extension", "neverc.dyncode.extension"]
I_WITHOUT_R = 19


def counts(ps):
    has = lambda n: sum(1 for p in ps if n in p["policy"])
    return (len(ps), has("OBSERVABLE"), has("INTERCEPTABLE"), has("REPLACEABLE"),
            has("SKIPPABLE_WITH_PROOF"), has("SEALED_HOST_GATE"),
            sum(p["kind"] == "event" for p in ps), sum(p["gate"] == "sealed_verifier" for p in ps),
            sum(p["gate"] == "sealed_commit" for p in ps), sum(p["builtin_fallback"] for p in ps))


def main():
    with open(SCHEMA) as f:
        doc = json.load(f)
    ph = doc["phases"]
    errors = []
    for d, exp in EXPECTED.items():
        got = counts([p for p in ph if p["domain"] == d])
        if got != exp:
            errors.append("domain %s: got %s, expected %s" % (d, got, exp))
    if set(p["domain"] for p in ph) != set(EXPECTED):
        errors.append("unexpected domains %s" % sorted(set(p["domain"] for p in ph) - set(EXPECTED)))
    if counts(ph) != TOTAL:
        errors.append("totals: got %s, expected %s" % (counts(ph), TOTAL))
    n = sum(1 for p in ph if "INTERCEPTABLE" in p["policy"] and "REPLACEABLE" not in p["policy"])
    if n != I_WITHOUT_R:
        errors.append("I without R: %d, expected %d" % (n, I_WITHOUT_R))
    if [f["namespace"] for f in doc["extension_families"]] != FAMILIES:
        errors.append("extension families differ from phases.md section 5")
    low = lambda pair: int(pair[1], 16)
    for p in ph:
        k = low(p["id"])
        chained = p["domain"] == "dyncode" or (p["domain"] == "link" and k <= 13)
        if chained and (low(p["input_artifact"]) != k or low(p["output_artifact"]) != k + 1):
            errors.append("%s breaks the artifact chain" % p["name"])
    if ph[0]["symbol"] != "DRIVER_RAW_ARGUMENTS" or ph[-1]["symbol"] != "DYNCODE_COMMIT":
        errors.append("schema order does not start/end as in phases.md section 7")
    for e in errors:
        print("FAIL: " + e)
    print("%s (%d phases)" % ("FAILED" if errors else "phase schema matches phases.md section 4", len(ph)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
