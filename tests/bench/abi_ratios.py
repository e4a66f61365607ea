#!/usr/bin/env python3
"""Run neverc-bench-abi and print a markdown table of boundary costs.

Every benchmark is named "<case>/neverc" or "<case>/direct"; the table pairs
them: case, neverc ns, direct ns, ratio (neverc / direct). Times are CPU time
per iteration in nanoseconds (the median when --benchmark_repetitions is
given). Extra arguments go to the benchmark binary.

    tests/bench/abi_ratios.py build/tests/bench/neverc-bench-abi \
        --benchmark_min_time=0.2
"""
import json
import subprocess
import sys

UNIT_TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def run(binary, extra):
    out = subprocess.run(
        [binary, "--benchmark_format=json", *extra],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    return json.loads(out)


def collect(report):
    """With --benchmark_repetitions, the median aggregate is used."""
    benches = report.get("benchmarks", [])
    have_median = any(b.get("aggregate_name") == "median" for b in benches)
    cases = {}
    order = []
    for bench in benches:
        if have_median:
            if bench.get("aggregate_name") != "median":
                continue
            name = bench.get("run_name", bench["name"])
        else:
            if bench.get("run_type", "iteration") != "iteration":
                continue
            name = bench["name"]
        if bench.get("error_occurred"):
            continue
        case, _, flavour = name.rpartition("/")
        if flavour not in ("neverc", "direct") or not case:
            continue
        ns = bench["cpu_time"] * UNIT_TO_NS[bench.get("time_unit", "ns")]
        if case not in cases:
            cases[case] = {}
            order.append(case)
        cases[case][flavour] = ns
    return order, cases


def table(order, cases):
    lines = [
        "| case | neverc ns | direct ns | ratio |",
        "|---|--:|--:|--:|",
    ]
    for case in order:
        n = cases[case].get("neverc")
        d = cases[case].get("direct")
        fmt = lambda v: "-" if v is None else f"{v:.2f}"
        ratio = f"{n / d:.1f}x" if n is not None and d else "-"
        lines.append(f"| {case} | {fmt(n)} | {fmt(d)} | {ratio} |")
    return "\n".join(lines)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    report = run(argv[1], argv[2:])
    order, cases = collect(report)
    if not order:
        print("no <case>/neverc or <case>/direct benchmarks in the output",
              file=sys.stderr)
        return 1
    print(table(order, cases))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
