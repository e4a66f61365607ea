#!/usr/bin/env bash
# The main job: install dependencies, build, then compile, link and run a C
# program through neverc with two plugins loaded: DriverTrace (reports the
# driver's arguments and every job as remarks) and Census (counts every
# phase that fires). It prints what the plugins saw and how many of the 130
# phases fired in that compile: only the phases this build implements fire
# (neverc --print-phases lists them).
#
# Then, separately and named for what it is, the host-only exercise: one
# neverc-host plugin session over the whole phase graph with identity steps
# and no compiler behind them (it proves the core's ordering and dispatch,
# not that a phase is implemented).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh neverc neverc-host neverc-pluginsdk-examples
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/main.c" <<'C'
#include <stdio.h>
int square(int);
int main(void) {
  int sum = 0;
  for (int i = 1; i <= 10; ++i)
    sum += square(i);
  printf("neverc main job: sum of squares 1..10 = %d\n", sum);
  return sum == 385 ? 0 : 1;
}
C
printf 'int square(int x) { return x * x; }\n' > "$work/square.c"

plugins=build/plugins
echo "== neverc -O2 main.c square.c -o demo, with DriverTracePlugin.so and CensusPlugin.so"
# Census registers on all 130 phases; -Wno-unimplemented-plugin-phase hides
# the 115 warnings for phases this build does not run yet.
./build/bin/neverc \
  -fplugin=$plugins/DriverTracePlugin.so --driver-trace \
  -fplugin=$plugins/CensusPlugin.so --census-out "$work/census.jsonl" \
  -Wno-unimplemented-plugin-phase \
  -O2 "$work/main.c" "$work/square.c" -o "$work/demo"
echo "== ./demo"
"$work/demo"
echo "== the phases that fired in that compile (CensusPlugin)"
python3 tests/conformance/census_summary.py --prefix main-job \
  --require driver,source,prep,syntax,sema \
  "$work/census.jsonl" sdk/include/neverc/Plugin/Schema/PhaseSchema.json
./build/bin/neverc --print-phases | tail -n 1

echo "== host-only exercise (no compile): one neverc-host session over the 130-phase graph with identity steps"
./build/tools/neverc-host/neverc-host \
  -fplugin=$plugins/MinimalPlugin.so \
  -fplugin=$plugins/TracePlugin.so \
  --trace-prefix '[host-only trace] ' | tail -4
