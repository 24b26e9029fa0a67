#!/usr/bin/env bash
# wasm_speed.sh: the solver and the expert (fixed iterations) in WebAssembly under node against native, on
# the same positions (bench/wasm_speed.c): native with native bits (popcnt, and BMI2 on Intel, as the
# default build), native portable (GW_NATIVE_BITS=OFF, the path WebAssembly takes), and WebAssembly built
# with emcc; prints each one's times and WebAssembly's ratio to each native build. The issue's goal: the
# WebAssembly solver at most 1.3x the native solver's time. Reports only: it never fails on speed.
#   bench/wasm_speed.sh [POSITIONS [DEALS [ITERATIONS]]]      (default 300 3 100)
# Environment: CC (native compiler, default gcc); WASM_FLAGS (emcc's optimisation flags, default
# "-O3"); WASM_VARIANTS="flags|flags|..." also measures WebAssembly built with each (one per '|');
# OUT (build folder, default build-speed); ROUNDS (default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs} # Debian's emscripten links with node's modules there
cc=${CC:-gcc}
out=${OUT:-build-speed}
args=("$@")
mkdir -p "$out"

engine=(src/engine/*/*.c)
warn=(-Wall -Wextra -Wpedantic -Wshadow -Wconversion)

# native NAME FLAGS...: builds $out/NAME as the CMake build compiles the engine (-O2, the solver -O3).
native() {
  local name=$1 objs=() cmds=() f o opt
  shift
  mkdir -p "$out/$name.o"
  for f in "${engine[@]}" bench/positions.c bench/wasm_speed.c; do
    o=$out/$name.o/$(echo "$f" | tr / _).o
    objs+=("$o")
    opt=-O2
    [[ $f == src/engine/solver/* ]] && opt=-O3
    cmds+=("$cc -std=c17 $opt -DNDEBUG ${warn[*]} $* -Iinclude -Isrc/engine/core -c $f -o $o")
  done
  printf '%s\n' "${cmds[@]}" | xargs -P 2 -I{} sh -c '{}'
  "$cc" "${objs[@]}" -lm -o "$out/$name"
}

# wasm NAME FLAGS...: builds $out/NAME.js with emcc, one file for node.
wasm() {
  local name=$1
  shift
  # shellcheck disable=SC2086
  emcc -std=c17 -DNDEBUG "${warn[@]}" "$@" -Iinclude -Isrc/engine/core "${engine[@]}" bench/positions.c bench/wasm_speed.c \
    -sSINGLE_FILE=1 -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -o "$out/$name.js"
}

bits=()
if grep -qm1 '^flags.* popcnt' /proc/cpuinfo; then bits+=(-mpopcnt); fi
if grep -qm1 '^flags.* bmi2' /proc/cpuinfo && grep -qm1 '^vendor_id.*GenuineIntel' /proc/cpuinfo; then
  bits+=(-mbmi2)
fi

echo "building: native bits (${bits[*]:-none}), native portable, WebAssembly (${WASM_FLAGS:--O3}) ..."
native native-bits "${bits[@]}"
native native-portable
# shellcheck disable=SC2086
wasm wasm ${WASM_FLAGS:--O3}
variants=()
if [ -n "${WASM_VARIANTS:-}" ]; then
  IFS='|' read -r -a variants <<<"$WASM_VARIANTS"
  for i in "${!variants[@]}"; do
    # shellcheck disable=SC2086
    wasm "wasm-variant$i" ${variants[$i]}
  done
fi

# Each build runs ROUNDS times, in turn (the machine's other load comes and goes): each figure is the fastest
# round's.
labels=(native-bits native-portable wasm)
cmds=("$out/native-bits" "$out/native-portable" "node $out/wasm.js")
for i in "${!variants[@]}"; do
  labels+=("wasm-variant$i")
  cmds+=("node $out/wasm-variant$i.js")
done
rounds=${ROUNDS:-5}
rm -f "$out"/*.round*.txt
for r in $(seq "$rounds"); do
  for i in "${!labels[@]}"; do
    echo "== ${labels[$i]} (round $r of $rounds)"
    # shellcheck disable=SC2086
    ${cmds[$i]} "${args[@]}" | tee "$out/${labels[$i]}.round$r.txt"
  done
done

# fastest LABEL KEY: the fastest round's total ms of line KEY (solver, solver cards, expert) of build LABEL.
fastest() {
  cat "$out/$1".round*.txt | awk -v key="$2" '
    { name = substr($0, 1, 14); sub(/ +$/, "", name) }
    name == key { for (i = 1; i < NF; i++) if ($(i + 1) == "ms" && $(i - 1) != "mean") { v = $i + 0; break }
                  if (best == "" || v < best) best = v }
    END { print best }'
}

echo "== WebAssembly against native: fastest of $rounds rounds (time ratio; goal for the solver: at most x1.30)"
for label in "${labels[@]:2}"; do
  if [[ $label == wasm-variant* ]]; then
    flags=${variants[${label#wasm-variant}]}
  else
    flags=${WASM_FLAGS:--O3}
  fi
  for key in solver "solver cards" expert; do
    tb=$(fastest native-bits "$key") tp=$(fastest native-portable "$key") tw=$(fastest "$label" "$key")
    awk -v k="$key" -v f="$flags" -v b="$tb" -v p="$tp" -v w="$tw" 'BEGIN {
      printf "%-13s wasm %-28s %8.1f ms  native bits %8.1f ms (x%.2f)  portable %8.1f ms (x%.2f)\n",
        k, "(" f ")", w, b, w / b, p, w / p }'
  done
done
