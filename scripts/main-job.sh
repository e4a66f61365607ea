#!/usr/bin/env bash
# The main job: install dependencies, build, and run a real host session
# with the SDK's minimal template plugin and the tracing example loaded.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh neverc-host neverc-example-minimal neverc-example-trace
./build/tools/neverc-host/neverc-host \
  -fplugin=build/plugins/MinimalPlugin.so \
  -fplugin=build/plugins/TracePlugin.so \
  --trace-prefix '[trace] '
