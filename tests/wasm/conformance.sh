#!/usr/bin/env bash
# conformance.sh: the same game everywhere: runs tests/wasm/conformance natively ($CONFORMANCE) and in
# WebAssembly under node, and fails unless the two transcripts are identical (deals, every computer move,
# the expert's estimates to the bit, the solver's values and node counts, the checksum).
# The WebAssembly program: $GW_WASM_CONFORMANCE (conformance.js of the Emscripten build) if it is there, else
# one built here with emcc in $GW_WASM_CACHE (rebuilt when a source is newer). Exit 77 (ctest: skipped) only
# when emcc or node is missing. Prints both runs' times.
set -u
: "${CONFORMANCE:?CONFORMANCE must name the native conformance program}"
: "${GW_SOURCE_DIR:?GW_SOURCE_DIR must name the source tree}"
cache=${GW_WASM_CACHE:-$(dirname "$CONFORMANCE")/wasm}
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs} # Debian's emscripten links with node's modules there

if ! command -v node >/dev/null; then
  echo "SKIP: no node to run WebAssembly"
  exit 77
fi
js=${GW_WASM_CONFORMANCE:-}
if [ -n "$js" ] && [ ! -f "$js" ]; then
  echo "no $js (the Emscripten build did not make it): building one here"
  js=
fi
if [ -z "$js" ]; then
  if ! command -v emcc >/dev/null; then
    echo "SKIP: no emcc (Debian's emscripten) to build the WebAssembly side"
    exit 77
  fi
  js=$cache/conformance.js
  src=$GW_SOURCE_DIR
  # The engine's sources and headers, the program and this script: a newer one rebuilds.
  if [ ! -f "$js" ] || [ -n "$(find "$src/src/engine" "$src/include/gw" "$src/tests/wasm" -newer "$js" \
    \( -name '*.c' -o -name '*.h' -o -name conformance.sh \) -print -quit)" ]; then
    mkdir -p "$cache"
    echo "building $js with emcc"
    # As the Emscripten build compiles the engine: the portable path (no popcnt, no BMI2), -O3.
    if ! emcc -std=c17 -O3 -DNDEBUG -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Werror \
      -I"$src/include" -I"$src/src/engine/core" "$src"/src/engine/*/*.c "$src/tests/wasm/conformance.c" \
      -sSINGLE_FILE=1 -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -o "$cache/conformance.tmp.js"; then
      echo "FAIL: emcc does not build the conformance program"
      exit 1
    fi
    mv "$cache/conformance.tmp.js" "$js"
  fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$EPOCHREALTIME
"$CONFORMANCE" >"$tmp/native.txt" || { echo "FAIL: the native program failed"; exit 1; }
mid=$EPOCHREALTIME
node "$js" >"$tmp/wasm.txt" || { echo "FAIL: the WebAssembly program failed under node"; exit 1; }
end=$EPOCHREALTIME
awk -v a="$start" -v b="$mid" -v c="$end" 'BEGIN { printf "native %.1f s, WebAssembly under node %.1f s\n", b - a, c - b }'
tail -n 1 "$tmp/native.txt" | sed 's/^/native: /'
tail -n 1 "$tmp/wasm.txt" | sed 's/^/wasm:   /'
grep -q '^checksum [0-9a-f]* lines [0-9]*$' "$tmp/native.txt" || { echo "FAIL: no checksum natively"; exit 1; }
if ! diff -u "$tmp/native.txt" "$tmp/wasm.txt" >"$tmp/diff"; then
  echo "FAIL: WebAssembly plays another game than native (first differences):"
  head -n 40 "$tmp/diff"
  exit 1
fi
echo "the same transcript ($(wc -l <"$tmp/native.txt") lines)"
