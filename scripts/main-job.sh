#!/usr/bin/env bash
# The main job: install dependencies, build, then compile and run a C
# program through neverc with the DriverTrace plugin loaded (it reports the
# driver's arguments and every job as remarks), and finally run one host
# session over the whole phase graph with the tracing example.
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
echo "== neverc -fplugin=DriverTracePlugin.so --driver-trace -O2 main.c square.c"
./build/bin/neverc -fplugin=build/plugins/DriverTracePlugin.so --driver-trace \
  -O2 "$work/main.c" "$work/square.c" -o "$work/demo"
"$work/demo"
echo "== neverc-host: one session over all 130 phases with the trace example"
./build/tools/neverc-host/neverc-host \
  -fplugin=build/plugins/MinimalPlugin.so \
  -fplugin=build/plugins/TracePlugin.so \
  --trace-prefix '[trace] ' | tail -4
