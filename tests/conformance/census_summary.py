#!/usr/bin/env python3
"""Sums the CensusPlugin's JSON lines (one per neverc session) per phase and
prints, per domain (the second dotted component of a phase name), how many
of the domain's built-in phases fired and how often, then "N of 130 phases
fired". Used by tests/conformance/census.sh (a lua build) and by
scripts/main-job.sh (one compile).

  census_summary.py [--require d1,d2] [--prefix census] CENSUS.jsonl PhaseSchema.json

Exit 1 when the file holds no session, a line is not JSON, or a domain named
by --require had no phase fired.
"""
import argparse
import collections
import json
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("census")
    ap.add_argument("schema")
    ap.add_argument("--require", default="",
                    help="comma-separated domains that must have fired")
    ap.add_argument("--prefix", default="census")
    a = ap.parse_args()
    pre = a.prefix

    builtin = [p["name"] for p in json.load(open(a.schema))["phases"]]

    def domain_of(name):
        return name.split(".")[1] if name.count(".") >= 1 else "?"

    per_domain_builtin = collections.Counter(domain_of(n) for n in builtin)
    counts = collections.Counter()
    sessions = 0
    with open(a.census) as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except ValueError as e:
                print(f"{pre}: FAIL: {a.census}:{lineno}: not JSON: {e}")
                return 1
            sessions += 1
            for name, n in rec.get("phases", {}).items():
                counts[name] += int(n)
    if sessions == 0:
        print(f"{pre}: FAIL: {a.census} is empty (no session recorded)")
        return 1

    fired = {n for n, c in counts.items() if c > 0}
    order = list(per_domain_builtin)
    domains = sorted(set(per_domain_builtin) | {domain_of(n) for n in fired},
                     key=lambda d: (order.index(d) if d in order else 999, d))
    print(f"{pre}: {sessions} sessions recorded in {a.census}")
    print()
    print("| domain | phases fired | firings |")
    print("|---|--:|--:|")
    for d in domains:
        names = [n for n in fired if domain_of(n) == d]
        total = sum(counts[n] for n in names)
        print(f"| {d} | {len(names)} of {per_domain_builtin.get(d, 0)} "
              f"| {total} |")
    fired_builtin = fired & set(builtin)
    print()
    print(f"{len(fired_builtin)} of {len(builtin)} phases fired")
    extra = sorted(fired - set(builtin))
    if extra:
        print("non-built-in phases fired: " + ", ".join(extra))

    required = [d for d in a.require.split(",") if d]
    missing = [d for d in required
               if not any(domain_of(n) == d for n in fired)]
    if missing:
        print(f"{pre}: FAIL: no phase fired in domain(s): " + ", ".join(missing))
        return 1
    print(f"{pre}: PASSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
