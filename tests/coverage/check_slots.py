#!/usr/bin/env python3
"""Every slot of every table the SDK declares is called by some test.

A slot counts as called when a test source (tests/**, <domain>/test/**,
sdk/examples/**; C or C++, .inc parts included) calls it through a table: `->Slot(` or
`.Slot(`. The tests themselves check each call's effect; this guard keeps a
new slot from landing with none. Prints the slots nobody calls, per table.

A table the SDK declares but the host does not publish yet is listed in
tests/coverage/unpublished-tables.json with the reason; its slots are
reported as pending, not failures. A listed table that some test does call
is an error (it is published after all: take it off the list).

usage: check_slots.py <repo root>
"""
import json
import re
import sys
from pathlib import Path

TABLE = re.compile(r"typedef struct (Neverc\w+API) \{(.*?)\} \1;", re.S)
SLOT = re.compile(r"\(NEVERC_CALL\s*\*\s*(\w+)\)|^\s+Neverc\w+Fn\s+(\w+);",
                  re.M)


def main():
    root = Path(sys.argv[1])
    tests = [p for p in root.rglob("*") if p.suffix in (".c", ".cpp", ".inc")
             and not any(part.startswith("build") for part in
                         p.relative_to(root).parts)
             and (p.relative_to(root).parts[0] == "tests"
                  or "test" in p.relative_to(root).parts[:-1]
                  or p.relative_to(root).parts[:2] == ("sdk", "examples"))]
    text = "\n".join(p.read_text(errors="replace") for p in tests)
    called = set(re.findall(r"(?:->|\.)\s*(\w+)\s*\(", text))
    pending = json.loads(
        (root / "tests/coverage/unpublished-tables.json").read_text())
    missing, total, waiting = [], 0, 0
    for header in sorted((root / "sdk/include/neverc/Plugin").glob("*.h")):
        for table, body in TABLE.findall(header.read_text()):
            slots = [a or b for a, b in SLOT.findall(body)]
            if table in pending:
                waiting += len(slots)
                print(f"check_slots: {table} ({len(slots)} slots) pending: "
                      f"{pending[table]}")
                continue
            for slot in slots:
                total += 1
                if slot not in called:
                    missing.append(f"{table}.{slot} ({header.name})")
    for m in missing:
        print(f"check_slots: never called by a test: {m}")
    print(f"check_slots: {total - len(missing)} of {total} slots of the "
          f"published tables called by tests ({len(tests)} test sources); "
          f"{waiting} slots of unpublished tables pending")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
