# test_engine.sh: outside programs through the engine line protocol: the example bot and `whist engine
# --level` play whole arena runs in both games; broken programs are reported (deal, seed, trick, what they
# sent) with exit status 1 and never hang the arena; `whist engine` as the referee of a match.
. "$(dirname "$0")/lib.sh"
: "${GW_SOURCE_DIR:?GW_SOURCE_DIR must name the source folder}"

BOT="python3 $GW_SOURCE_DIR/examples/bots/legal_bot.py"
# The broken programs, copied where no other run of this test has them (the
# check that none is left running looks for their path).
BROKEN=$TMP/bots
cp -R "$GW_TEST_DATA/bots" "$BROKEN"
# Every run below is bounded: a hang shows as exit status 124.
LIMIT=60

# run_t ARGS...: as run, under the time bound.
run_t() {
  timeout "$LIMIT" "$WHIST" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
  RC=$?
  OUT=$(cat "$TMP/out")
  ERR=$(cat "$TMP/err")
}

# The JSON object without its clock-dependent keys and the side names, keys sorted.
json_results() { json_without "$1" think_ms wall_s jobs a b engine_a engine_b engine_ms; }

# ---- the example bot: 200 duplicate deals against easy, both games ----------

run_t arena easy --engine-b "$BOT" --deals 200 --seed 1
expect_rc 0 "legal_bot german"
expect_out_re '^easy vs engine: 200 deals, margin \+[0-9.]+ ± [0-9.]+ tricks per hand' "legal_bot german"
expect_out "Side B is the program: $BOT" "legal_bot german"

run_t arena easy --engine-b "$BOT" --game android --deals 200 --seed 1 --jobs 2
expect_rc 0 "legal_bot android"
expect_out_re '^easy vs engine \(android\): 200 deals, ' "legal_bot android"

# As side A, and in JSON.
run_t arena --engine-a "$BOT" random --deals 20 --seed 2 --variant small --json
expect_rc 0 "legal_bot as A"
python3 -c 'import json, sys
d = json.load(sys.stdin)
sys.exit(0 if d["a"] == "engine" and d["b"] == "random" and d["engine_a"].endswith("legal_bot.py")
         and d["engine_ms"] == 5000 and d["deals"] == 20 else 1)' <<<"$OUT" || fail "legal_bot as A: JSON $OUT"

# ---- whist engine --level: our level through the protocol ------------------
# It sees only what the messages carry, yet plays as it does in process: the
# same results (easy plays without chance), whatever the number of jobs.

for game in german android; do
  ref=$("$WHIST" arena hard easy --game "$game" --deals 30 --seed 4 --iterations 20 --json)
  run_t arena hard --engine-b "$WHIST engine --level easy --game $game" --game "$game" --deals 30 --seed 4 \
    --iterations 20 --json
  expect_rc 0 "engine --level easy ($game)"
  [ "$(json_results "$OUT")" = "$(json_results "$ref")" ] ||
    fail "engine --level easy ($game): results differ from easy in process: $OUT /// $ref"
  run_t arena hard --engine-b "$WHIST engine --level easy --game $game" --game "$game" --deals 30 --seed 4 \
    --iterations 20 --json --jobs 3
  [ "$(json_results "$OUT")" = "$(json_results "$ref")" ] || fail "engine --level easy ($game): --jobs 3 differs"
done

# Both sides programs; a level that samples (hard) plays whole runs.
run_t arena --engine-a "$WHIST engine --level hard --iterations 20" --engine-b "$BOT" --deals 10 --seed 3
expect_rc 0 "engine --level hard against the bot"
expect_out_re '^engine vs engine: 10 deals' "engine --level hard against the bot"
run_t arena easy --engine-b "$WHIST engine --level hard --game android --iterations 20" --game android \
  --deals 5 --seed 3
expect_rc 0 "engine --level hard (android)"
# Bounded by time (a clock is lent to the player): the expert, and Android hard.
run_t arena easy --engine-b "$WHIST engine --level expert --think-ms 5" --deals 2 --seed 3
expect_rc 0 "engine --level expert --think-ms 5"
run_t arena easy --engine-b "$WHIST engine --level hard --game android --think-ms 5" --game android --deals 2 --seed 3
expect_rc 0 "engine --level hard --think-ms 5 (android)"

# ---- broken programs --------------------------------------------------------

# broken NAME CMD EXPECTED_REGEX [GAME [MS [JOBS]]]: the arena stops with
# exit 1, naming the program, the deal, its seed, the trick (or the hello)
# and what it did. MS (--engine-ms, default 8000) leaves a loaded machine
# time to start Python; the programs that hang get less. JOBS: default 2.
broken() {
  local name=$1 cmd=$2 re=$3 game=${4:-german} ms=${5:-8000} jobs=${6:-2}
  local start=$SECONDS
  run_t arena easy --engine-b "$cmd" --game "$game" --deals 50 --seed 9 --engine-ms "$ms" --jobs "$jobs"
  expect_rc 1 "broken $name ($game)"
  [ -z "$OUT" ] || fail "broken $name ($game): output on stdout: $OUT"
  expect_err "the program '$cmd' (B)" "broken $name ($game)"
  expect_err_re "deal 1 \((seed [0-9]+: )?whist deal --seed [0-9]+ shows" "broken $name ($game): deal and seed"
  expect_err_re "$re" "broken $name ($game)"
  [ $((SECONDS - start)) -le 10 ] || fail "broken $name ($game): took $((SECONDS - start)) s"
}
for game in german android; do
  broken "exits at once" "sh $BROKEN/exit_at_once.sh" \
    "at the start of deal 1 .*crashed at its hello: it exited with status 3; its standard error ended: 'exit_at_once: giving up'" "$game"
  broken "never answers hello" "sh $BROKEN/silent.sh" "gave no answer to its hello within 1000 ms" "$game" 1000
  broken "sleeps past the limit" "python3 $BROKEN/slow.py" "trick 1, .*gave no answer to a decide within 2500 ms" \
    "$game" 2500
  broken "garbage" "python3 $BROKEN/garbage.py" \
    "trick 1, .*wrote garbage at a decide \(bad_json: .*\): 'I play the ace of spades!'" "$game"
  broken "long line" "python3 $BROKEN/long_line.py" "wrote garbage at a decide: a line over 65536 bytes" "$game"
  broken "crash" "python3 $BROKEN/crash.py" \
    "trick 1, .*crashed at a decide: it .*signal 11.*about to crash" "$game"
done
broken "illegal card" "python3 $BROKEN/illegal.py" \
  "trick 1, .*played an illegal card \(not_held: .*\); it sent: \{\"type\": \"play\", \"card\": \"[2-9TJQKA][SHDC]\"\}"
broken "illegal card" "python3 $BROKEN/illegal.py" \
  "trick 1, .*played an illegal card \((not_held|wrong_kind): .*\); it sent: " android
# Two answers to one decide: the second is refused at the next decide.
broken "answers twice" "python3 $BROKEN/twice.py" "trick [0-9]+, .*wrote a line when no answer was due \(before a decide\): '\{\"type\": \"play\", \"card\": \"[2-9TJQKA][SHDC]\"\}'"

# A program that closes its input: whist's write fails (EPIPE), it is not
# killed by SIGPIPE (that would be exit status 141). One job: while another
# job's program is between fork and exec it holds every pipe for a moment,
# and a write then still succeeds.
broken "closes its input" "exec sh $BROKEN/deaf.sh" "trick 1, .*crashed at an event: it closed its input or output" \
  german 8000 1

# No pipe of one program leaks into another: four programs at once (two jobs,
# both sides), each checking that it holds no descriptor beyond 0, 1 and 2.
# (whist itself is started with every other descriptor closed.)
check="python3 $BROKEN/fd_check.py && exec $BOT"
timeout "$LIMIT" python3 -c 'import subprocess, sys; sys.exit(subprocess.call(sys.argv[1:]))' \
  "$WHIST" arena --engine-a "$check" --engine-b "$check" --deals 8 --jobs 2 --seed 1 >"$TMP/out" 2>"$TMP/err"
RC=$?
ERR=$(cat "$TMP/err")
expect_rc 0 "no descriptor leaks into the programs"

# No program is left running.
sleep 0.2
! pgrep -f "$BROKEN/" >/dev/null || fail "a broken program is still running: $(pgrep -af "$BROKEN/")"

# ---- usage -------------------------------------------------------------------

bad() {
  local what=$1 msg=$2
  shift 2
  run "$@"
  expect_rc 2 "$what"
  expect_err "$msg" "$what"
}
bad "an engine and two levels" "expected one level" arena easy hard --engine-b "$BOT"
bad "two engines and a level" "both sides are programs" arena easy --engine-a "$BOT" --engine-b "$BOT"
bad "--engine-ms 0" "--engine-ms must be a whole number from 1" arena easy --engine-b "$BOT" --engine-ms 0
bad "empty command" "--engine-b needs a command" arena easy --engine-b ""
bad "engine: oracle" "unknown level 'oracle'" engine --level oracle
bad "engine: android expert" "unknown level 'expert'" engine --level expert --game android
bad "engine: level and opponent" "--level plays" engine --level easy --opponent hard
bad "engine: --player 3" "--player must be 1 or 2" engine --player 3
bad "engine: bad game" "unknown game" engine --game bridge

# ---- whist engine as the referee: the bot plays a whole match ----------------

for game in german android; do
  for player in 1 2; do
    fifo=$TMP/fifo-$game-$player
    mkfifo "$fifo"
    timeout "$LIMIT" "$WHIST" engine --game "$game" --opponent easy --player "$player" --seed 7 \
      <"$fifo" 2>"$TMP/err" | tee "$TMP/out" | timeout "$LIMIT" $BOT >"$fifo"
    RC=${PIPESTATUS[0]}
    expect_rc 0 "referee $game player $player"
    head -n 1 "$TMP/out" | grep -qF "{\"type\":\"hello\",\"protocol\":1,\"game\":\"$game\",\"player\":$((player - 1))," ||
      fail "referee $game player $player: first line $(head -n 1 "$TMP/out")"
    tail -n 1 "$TMP/out" | grep -qE '^\{"type":"bye","result":\{"end":"over","winner":[01],' ||
      fail "referee $game player $player: last line $(tail -n 1 "$TMP/out")"
    ! grep -q '"seed"' "$TMP/out" || fail "referee $game: the seed was sent to the player"
  done
done

# referee_say ARGS -- LINES...: the referee with ARGS against say.py, which
# answers each decide with the next of LINES; $OUT is what the referee wrote.
referee_say() {
  local args=() fifo=$TMP/fifo-say
  while [ "$1" != "--" ]; do args+=("$1"); shift; done
  shift
  rm -f "$fifo"
  mkfifo "$fifo"
  timeout "$LIMIT" "$WHIST" engine "${args[@]}" <"$fifo" 2>"$TMP/err" | tee "$TMP/out" |
    timeout "$LIMIT" python3 "$BROKEN/say.py" "$@" >"$fifo"
  RC=${PIPESTATUS[0]}
  OUT=$(cat "$TMP/out")
  ERR=$(cat "$TMP/err")
}
# A refused line: an error object, then a bye (forfeit), exit 1.
referee_say --seed 5 -- '{"type":"play","card":"XX"}'
expect_rc 1 "referee: bad card"
expect_out_re '^\{"type":"error","code":"bad_card",' "referee: bad card"
expect_out_re '^\{"type":"bye","result":\{"end":"forfeit","winner":1,' "referee: bad card"
referee_say --seed 5 -- 'not json'
expect_rc 1 "referee: garbage"
expect_out_re '^\{"type":"error","code":"bad_json",' "referee: garbage"
referee_say --seed 5 --player 2 --game android -- '{"type":"play","card":"2C"}'
expect_rc 1 "referee: android, a card for the android"
expect_out_re '^\{"type":"error","code":"(wrong_kind|not_held|must_follow)",' "referee: android, a card for the android"
# No second answer, and no answer before its decide: an input written all
# at once holds the play before the decide was sent.
run_in $'{"type":"ready","protocol":1,"name":"me"}\n{"type":"play","card":"AS"}\n' engine --seed 5
expect_rc 1 "referee: a play before its decide"
expect_out_re '^\{"type":"error","code":"unexpected_type","message":"a line when no answer was due"\}$' \
  "referee: a play before its decide"
# The input ends early: a bye (stopped), exit 1.
run_in $'{"type":"ready","protocol":1,"name":"me"}\n' engine --seed 5
expect_rc 1 "referee: input ends"
expect_out_re '^\{"type":"bye","result":\{"end":"stopped",' "referee: input ends"

# whist engine --level answers a hello with ready, and ends with its input.
run_in '' engine --level easy
expect_rc 0 "engine --level: empty input"
expect_no_err "engine --level: empty input"

finish
