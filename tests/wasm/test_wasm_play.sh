#!/usr/bin/env bash
# test_wasm_play.sh MODULE WHIST DIR: the WebAssembly module under node (play.mjs: a German Whist match and an
# Android Whist rubber through its exports, save and load, the hint and the review, the records read by the
# native whist check). Skipped (exit 77) only when emscripten is not installed; with emscripten, a module
# that was not built fails.
set -euo pipefail
if ! command -v emcc >/dev/null 2>&1; then
  echo "SKIP: emscripten (emcc) is not installed: scripts/setup.sh installs it"
  exit 77
fi
if [ ! -f "$1" ]; then
  echo "no module at $1: build it first (./run.sh web-build, or docs/wasm.md)"
  exit 1
fi
exec node "$(dirname "$0")/play.mjs" "$@"
