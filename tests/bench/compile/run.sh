#!/usr/bin/env bash
# Compile benchmark: clang-22 vs neverc vs neverc + CensusPlugin, -O0/-O2 -c,
# on lua's sources and sqlite3's amalgamation (from the apt-get source cache
# of tests/conformance/run.sh). Prints a markdown table of medians and
# ratios and writes it to build/bench/compile.md. See bench.py --help.
#
#   tests/bench/compile/run.sh                 # lua + sqlite, -O0 and -O2
#   tests/bench/compile/run.sh --runs 10 --workloads lua
#   tests/bench/compile/run.sh --smoke         # one small file, one run
set -euo pipefail
exec python3 "$(dirname "${BASH_SOURCE[0]}")/bench.py" "$@"
