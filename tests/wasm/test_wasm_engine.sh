#!/usr/bin/env bash
# test_wasm_engine.sh MODULE: our computer levels in WebAssembly as a program of the engine line protocol
# (bench/wasm_engine.mjs under node, through the module's gw_wasm_engine_* exports) play exactly as the
# native `whist engine --level` at fixed iterations: the same arena results, both games, and against the
# referee the same match line for line; a line it cannot take is refused with the same words and exit status,
# and so are bad options. $WHIST is the native whist, $GW_SOURCE_DIR the sources. Skipped (exit 77) only when
# emscripten is not installed; with emscripten, a module that was not built fails.
if ! command -v emcc >/dev/null 2>&1; then
  echo "SKIP: emscripten (emcc) is not installed: scripts/setup.sh installs it"
  exit 77
fi
MODULE=${1:?usage: test_wasm_engine.sh MODULE}
if [ ! -f "$MODULE" ]; then
  echo "no module at $MODULE: build it first (./run.sh web-build, or docs/wasm.md)"
  exit 1
fi
. "$GW_SOURCE_DIR/tests/cli/lib.sh"
WASM="node $GW_SOURCE_DIR/bench/wasm_engine.mjs --module $MODULE"
NATIVE="$WHIST engine"
LIMIT=120

# same_arena WHAT LEVEL ENGINE_ARGS ARENA_ARGS...: the arena against the program in WebAssembly and natively.
same_arena() {
  local what=$1 level=$2 args=$3 out=()
  shift 3
  for side in "$WASM" "$NATIVE"; do
    RC=0
    OUT=$(timeout "$LIMIT" "$WHIST" arena "$level" --engine-b "$side $args" --json "$@" 2>"$TMP/err") || RC=$?
    ERR=$(cat "$TMP/err")
    expect_rc 0 "$what ($side)"
    out+=("$(json_without "$OUT" think_ms wall_s engine_b)")
  done
  [ "${out[0]}" = "${out[1]}" ] || fail "$what: WebAssembly ${out[0]} /// native ${out[1]}"
}

# The expert at fixed worlds (German Whist) and Android Whist hard at fixed samples: duplicate deals, both
# seats, two jobs.
same_arena "expert" hard "--level expert --iterations 8" --deals 3 --seed 4 --iterations 8 --jobs 2
same_arena "android hard" easy "--level hard --game android --iterations 10" --game android --deals 2 --seed 5 \
  --jobs 2

# Against the referee (a match to 2 points with easy): every line whist sent is the same.
for side in WASM NATIVE; do
  fifo=$TMP/fifo-$side
  mkfifo "$fifo"
  timeout "$LIMIT" "$WHIST" engine --seed 7 --target 2 --opponent easy <"$fifo" 2>"$TMP/err-$side" |
    tee "$TMP/match-$side" | timeout "$LIMIT" ${!side} --level expert --iterations 6 --seed 3 >"$fifo"
  RC=${PIPESTATUS[0]}
  ERR=$(cat "$TMP/err-$side")
  expect_rc 0 "referee against $side"
done
tail -n 1 "$TMP/match-NATIVE" | grep -qE '^\{"type":"bye","result":\{"end":"over",' ||
  fail "referee: the match did not end: $(tail -n 1 "$TMP/match-NATIVE")"
cmp -s "$TMP/match-WASM" "$TMP/match-NATIVE" ||
  fail "referee: the matches differ: $(diff "$TMP/match-WASM" "$TMP/match-NATIVE" | head -n 4)"

# play_both WHAT INPUT ARGS...: each program with INPUT on standard input: $RC_W, $OUT_W, $ERR_W (its message
# without the program's name) and the same _N.
play_both() {
  local what=$1 input=$2
  shift 2
  printf '%s' "$input" | timeout "$LIMIT" $WASM "$@" >"$TMP/o" 2>"$TMP/e"
  RC_W=$?
  OUT_W=$(cat "$TMP/o")
  ERR_W=$(grep -v '^usage:' "$TMP/e" | sed 's/^wasm_engine: //')
  printf '%s' "$input" | timeout "$LIMIT" $NATIVE "$@" >"$TMP/o" 2>"$TMP/e"
  RC_N=$?
  OUT_N=$(cat "$TMP/o")
  ERR_N=$(sed -n 's/^whist engine: //p' "$TMP/e" | head -n 1)
  [ "$RC_W" = "$RC_N" ] || fail "$what: exit $RC_W in WebAssembly, $RC_N natively"
  [ "$OUT_W" = "$OUT_N" ] || fail "$what: WebAssembly wrote '$OUT_W', natively '$OUT_N'"
  [ "$ERR_W" = "$ERR_N" ] || fail "$what: WebAssembly said '$ERR_W', natively '$ERR_N'"
}

HELLO=$("$WHIST" engine --seed 5 </dev/null 2>/dev/null | head -n 1)
DECIDE=$(printf '{"type":"ready","protocol":1,"name":"t"}\n' | "$WHIST" engine --seed 5 2>/dev/null | grep -m 1 '"type":"decide"')
[ -n "$HELLO" ] && [ -n "$DECIDE" ] || fail "no hello or decide from the referee"

play_both "a hello and a decide" "$HELLO"$'\n'"$DECIDE"$'\n' --level expert --iterations 6
[ "$RC_W" = 0 ] && grep -qE '^\{"type":"play","card":"[2-9TJQKA][SHDC]"\}$' <<<"${OUT_W##*$'\n'}" ||
  fail "a hello and a decide: exit $RC_W, answers $OUT_W"
play_both "not JSON" $'not json\n' --level easy
[ "$RC_W" = 1 ] && grep -q '^cannot read a line from whist: ' <<<"$ERR_W" || fail "not JSON: exit $RC_W: $ERR_W"
play_both "a program's message" $'{"type":"ready","protocol":1,"name":"x"}\n' --level easy
[ "$RC_W" = 1 ] || fail "a program's message: exit $RC_W"
play_both "too long" "$(head -c 70000 /dev/zero | tr '\0' x)"$'\n' --level easy
[ "$ERR_W" = "cannot read a line from whist: it is too long" ] || fail "too long: $ERR_W"
play_both "a spectator's view" "${DECIDE/\"viewer\":0/\"viewer\":2}"$'\n' --level easy
# A level that does not play the game the hello names: refused at the first decide.
AHELLO=$("$WHIST" engine --game android --seed 5 </dev/null 2>/dev/null | head -n 1)
ADECIDE=$(printf '{"type":"ready","protocol":1,"name":"t"}\n' | "$WHIST" engine --game android --seed 5 2>/dev/null |
  grep -m 1 '"type":"decide"')
play_both "expert at an Android Whist decide" "$AHELLO"$'\n'"$ADECIDE"$'\n' --level expert
[ "$RC_W" = 1 ] && [ "$ERR_W" = "'expert' is no level for Android Whist (random, easy or hard)" ] ||
  fail "expert at an Android Whist decide: exit $RC_W: $ERR_W"
play_both "hard at an Android Whist decide" "$AHELLO"$'\n'"$ADECIDE"$'\n' --level hard --iterations 5
[ "$RC_W" = 0 ] && grep -qE '^\{"type":"(play|command)",' <<<"${OUT_W##*$'\n'}" ||
  fail "hard at an Android Whist decide: exit $RC_W, answers $OUT_W"
play_both "whist refused our line" $'{"type":"error","code":"bad_card","message":"no such card"}\n' --level easy
[ "$RC_W" = 0 ] && [ "$ERR_W" = "whist refused our line (bad_card): no such card" ] ||
  fail "whist refused our line: exit $RC_W: $ERR_W"
play_both "oracle" '' --level oracle
[ "$RC_W" = 2 ] && [ "$ERR_W" = "unknown level 'oracle' (random, easy, hard or expert)" ] ||
  fail "oracle: exit $RC_W: $ERR_W"
play_both "android expert" '' --level expert --game android
play_both "no limit" '' --level expert --think-ms 0
[ "$RC_W" = 2 ] || fail "no limit: exit $RC_W"
play_both "a bad seed" '' --level easy --seed x
[ "$RC_W" = 2 ] || fail "a bad seed: exit $RC_W"

finish
