#!/usr/bin/env python3
"""Checks docs/plugin-api-coverage.json against this build.

Every phase `neverc --print-phases` marks implemented must be mapped to at
least one test of each kind its policy allows: positive, negative and
observer always; interceptor when it is interceptable; replacement when it
is replaceable; sealed_gate when it is a sealed host gate. Every named test
must exist: a gtest entry "gtest:<file>:<Suite>.<Case>" needs TEST/TEST_F/
TEST_P(<Suite>, <Case>) in <file>; a lit entry "lit:<path>" needs the file
under tests/lit. Mapped phases that are not implemented are an error too.

usage: check_coverage.py <repo root> <neverc binary>
"""
import json
import re
import subprocess
import sys
from pathlib import Path


def main():
    root, neverc = Path(sys.argv[1]), sys.argv[2]
    table = subprocess.run([neverc, "--print-phases"], check=True,
                           capture_output=True, text=True).stdout.splitlines()
    phases = {}
    for line in table[1:-1]:
        cols = line.split()
        phases[cols[1]] = {"domain": cols[2], "policy": cols[3],
                           "implemented": cols[-1] == "yes"}
    coverage = json.loads((root / "docs/plugin-api-coverage.json").read_text())
    errors = []
    for name, info in phases.items():
        if not info["implemented"]:
            if name in coverage["phases"]:
                errors.append(f"{name}: mapped but not implemented")
            continue
        entry = coverage["phases"].get(name)
        if entry is None:
            errors.append(f"{name}: implemented but has no coverage entry")
            continue
        need = ["positive", "negative", "observer"]
        if "I" in info["policy"]:
            need.append("interceptor")
        if "R" in info["policy"]:
            need.append("replacement")
        if "G" in info["policy"]:
            need.append("sealed_gate")
        for kind in need:
            if not entry.get(kind):
                errors.append(f"{name}: no {kind} test")
        for kind, tests in entry.items():
            for test in tests:
                errors += check_test(root, name, test)
    implemented = sum(1 for p in phases.values() if p["implemented"])
    print_table(phases, coverage["phases"])
    for e in errors:
        print("coverage: error:", e)
    print(f"coverage: {implemented} implemented phases, "
          f"{len(coverage['phases'])} mapped, {len(errors)} problems")
    return 1 if errors else 0


KINDS = ["positive", "negative", "observer", "interceptor", "replacement",
         "sealed_gate"]


def print_table(phases, mapped):
    """Per domain: built-in phases, implemented ones, and the distinct tests
    mapped to them by kind (a test serving several phases counts once)."""
    domains = list(dict.fromkeys(p["domain"] for p in phases.values()))
    print("| domain | phases | implemented | " + " | ".join(KINDS) + " |")
    print("|---|--:|--:|" + "--:|" * len(KINDS))
    total = {"phases": 0, "implemented": 0}
    total_tests = {k: set() for k in KINDS}
    for d in domains:
        names = [n for n, p in phases.items() if p["domain"] == d]
        impl = [n for n in names if phases[n]["implemented"]]
        tests = {k: set() for k in KINDS}
        for n in impl:
            for k in KINDS:
                tests[k].update(mapped.get(n, {}).get(k, []))
                total_tests[k].update(mapped.get(n, {}).get(k, []))
        total["phases"] += len(names)
        total["implemented"] += len(impl)
        print(f"| {d} | {len(names)} | {len(impl)} | " +
              " | ".join(str(len(tests[k])) for k in KINDS) + " |")
    print(f"| all | {total['phases']} | {total['implemented']} | " +
          " | ".join(str(len(total_tests[k])) for k in KINDS) + " |")
    print()


def check_test(root, phase, test):
    kind, _, rest = test.partition(":")
    if kind == "lit":
        path = root / "tests/lit" / rest
        return [] if path.exists() else [f"{phase}: missing lit test {rest}"]
    if kind == "gtest":
        file, _, case = rest.rpartition(":")
        suite, _, name = case.partition(".")
        path = root / file
        if not path.exists():
            return [f"{phase}: missing file {file}"]
        pattern = re.compile(r"TEST(?:_F|_P)?\(\s*" + re.escape(suite) +
                             r"\s*,\s*" + re.escape(name) + r"\s*\)")
        if not pattern.search(path.read_text()):
            return [f"{phase}: no test {case} in {file}"]
        return []
    return [f"{phase}: unknown test kind in '{test}'"]


if __name__ == "__main__":
    sys.exit(main())
