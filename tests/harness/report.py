#!/usr/bin/env python3
"""Turns the logs of scripts/harness.sh's stages into one markdown report.

  report.py stage DIR NAME TITLE RC SECONDS COMMAND LOG KIND
      records one stage: DIR/NN-NAME.md holds its section, DIR/stages.tsv
      its summary row. KIND says how the section is cut from LOG:
        ctest  - a table of the tests CTest ran (name, result, seconds) and
                 its summary line;
        table  - everything from the first markdown table line ("|...") to
                 the end (the scripts print their verdict after the table);
        last   - the last non-empty line (a one-line summary);
        file:P - the markdown file P, as written (the benchmark report).
  report.py assemble DIR OUT HEADER...
      writes OUT: the HEADER lines, the stage summary table, then every
      section in stage order.

The sections are the scripts' own tables: the harness adds no numbers of its
own besides the wall time of each stage.
"""
import re
import sys
from pathlib import Path

CTEST_LINE = re.compile(
    r"^\s*\d+/\d+ Test\s+#\d+: (\S+) \.*\s*(\*{0,3}\s*\S[^\d]*?)\s+([\d.]+) sec")


def ctest_section(lines):
    rows = [m.groups() for m in map(CTEST_LINE.match, lines) if m]
    out = ["| test | result | seconds |", "|---|---|--:|"]
    out += [f"| {n} | {r.strip('* ').strip()} | {s} |" for n, r, s in rows]
    summary = [l for l in lines if "tests passed" in l or "tests failed" in l]
    gtest = sum(int(m.group(1)) for m in
                (re.search(r"\[  PASSED  \] (\d+) tests?", l) for l in lines)
                if m)
    out.append("")
    if gtest:
        out.append(f"GoogleTest cases passed inside these: {gtest}.")
    out += [s.strip() for s in summary[-1:]]
    # A script that runs more after CTest (scripts/sanitize.sh's census)
    # prints its own table: keep it.
    last = max((i for i, l in enumerate(lines) if CTEST_LINE.match(l)),
               default=-1)
    if any(l.startswith("|") for l in lines[last + 1:]):
        out += [""] + table_section(lines[last + 1:])
    return out


def table_section(lines):
    for i, l in enumerate(lines):
        if l.startswith("|"):
            block = lines[i:]
            break
    else:
        return ["_(no table in the log)_"] + lines[-5:]
    # Keep the table contiguous and put the trailing text after a blank line.
    out, in_table = [], True
    for l in block:
        if in_table and not l.startswith("|"):
            in_table = False
            out.append("")
        out.append(l.rstrip())
    return out


def stage(argv):
    d, name, title, rc, secs, cmd, log, kind = argv
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    lines = Path(log).read_text(errors="replace").splitlines() \
        if Path(log).exists() else []
    if kind == "ctest":
        body = ctest_section(lines)
    elif kind == "table":
        body = table_section(lines)
    elif kind == "last":
        body = [next((l for l in reversed(lines) if l.strip()), "_(empty)_")]
    elif kind.startswith("file:"):
        p = Path(kind[5:])
        body = [re.sub(r"^(#+) ", r"\1## ", l)
                for l in p.read_text().splitlines()] if p.exists() \
            else ["_(no report file)_"]
    else:
        sys.exit(f"report.py: unknown kind {kind}")
    rows = (d / "stages.tsv").read_text().splitlines() \
        if (d / "stages.tsv").exists() else []
    index = len(rows) + 1
    verdict = "pass" if rc == "0" else f"FAIL (exit {rc})"
    if rc == "0" and any("SKIPPED:" in l for l in lines):
        verdict = "skipped"
    with open(d / "stages.tsv", "a") as f:
        f.write(f"{index:02d}-{name}\t{title}\t{verdict}\t{secs}\t{cmd}\n")
    text = [f"## {title}", "", f"`{cmd}` — {verdict}, {secs} s", ""] + body
    (d / f"{index:02d}-{name}.md").write_text("\n".join(text) + "\n")


def assemble(argv):
    d, out, header = Path(argv[0]), Path(argv[1]), argv[2:]
    rows = [r.split("\t") for r in
            (d / "stages.tsv").read_text().splitlines()]
    text = ["# neverc harness report", ""] + [f"- {h}" for h in header]
    text += ["", "| stage | result | seconds |", "|---|---|--:|"]
    text += [f"| {t} | {v} | {s} |" for _, t, v, s, _ in rows]
    for key, *_ in rows:
        text += ["", (d / f"{key}.md").read_text().rstrip()]
    # Sections end in their scripts' blank lines: keep one between blocks.
    out.write_text(re.sub(r"\n{3,}", "\n\n", "\n".join(text)) + "\n")
    failed = [t for _, t, v, _, _ in rows if v.startswith("FAIL")]
    print(f"harness: report written to {out}")
    print("harness: " + ("FAILED: " + ", ".join(failed) if failed
                         else f"all {len(rows)} stages passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) >= 10 and sys.argv[1] == "stage":
        stage(sys.argv[2:10])
    elif len(sys.argv) >= 4 and sys.argv[1] == "assemble":
        sys.exit(assemble(sys.argv[2:]))
    else:
        sys.exit(__doc__)
