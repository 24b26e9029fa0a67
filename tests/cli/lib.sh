# lib.sh: helpers for command-line tests: run whist, compare output and exit codes.
# Sourced by tests/cli/test_*.sh; $WHIST is the binary, $GW_TEST_DATA the fixtures.
set -u
: "${WHIST:?WHIST must name the whist binary}"
: "${GW_TEST_DATA:?GW_TEST_DATA must name tests/data}"
FAILS=0
TMP=$(mktemp -d)
STARTED=() # processes the test started (started PID): the exit trap stops those still running

# started PID: the exit trap stops PID if it still runs (a server the test started, say).
started() { STARTED+=("$1"); }

# On exit, however the test ends: SIGTERM to every process it started that still runs, SIGKILL to any
# still there a second later, then the temporary folder goes.
lib_exit() {
  local pid alive=()
  for pid in "${STARTED[@]}"; do
    kill -TERM "$pid" 2>/dev/null && alive+=("$pid")
  done
  for _ in $(seq 20); do
    local left=()
    for pid in "${alive[@]}"; do kill -0 "$pid" 2>/dev/null && left+=("$pid"); done
    alive=("${left[@]}")
    [ "${#alive[@]}" -eq 0 ] && break
    sleep 0.05
  done
  for pid in "${alive[@]}"; do kill -KILL "$pid" 2>/dev/null; done
  rm -rf "$TMP"
}
trap lib_exit EXIT
export XDG_DATA_HOME="$TMP/data" XDG_CONFIG_HOME="$TMP/config" XDG_STATE_HOME="$TMP/state" HOME="$TMP/home"
mkdir -p "$HOME"

# fail MESSAGE: records a failure.
fail() { echo "FAIL: $*" >&2; FAILS=$((FAILS + 1)); }

# run ARGS...: runs whist, leaving $OUT (stdout), $ERR (stderr) and $RC.
run() {
  "$WHIST" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
  RC=$?
  OUT=$(cat "$TMP/out")
  ERR=$(cat "$TMP/err")
}

# run_in INPUT ARGS...: as run, with INPUT on standard input.
run_in() {
  local input=$1
  shift
  printf '%s' "$input" | "$WHIST" "$@" >"$TMP/out" 2>"$TMP/err"
  RC=$?
  OUT=$(cat "$TMP/out")
  ERR=$(cat "$TMP/err")
}

# expect_rc N WHAT: the last run exited with N.
expect_rc() { [ "$RC" -eq "$1" ] || fail "$2: exit $RC, expected $1 (stderr: $ERR)"; }
# expect_out TEXT WHAT: stdout contains TEXT.
expect_out() { grep -qF -- "$1" <<<"$OUT" || fail "$2: stdout lacks '$1': $OUT"; }
# expect_err TEXT WHAT: stderr contains TEXT.
expect_err() { grep -qF -- "$1" <<<"$ERR" || fail "$2: stderr lacks '$1': $ERR"; }

# json_without JSON KEY...: the JSON object without the keys named (those that depend on the clock, say),
# its keys sorted: two runs are compared in it.
json_without() {
  python3 -c 'import json, sys
d = json.load(sys.stdin)
for k in sys.argv[1:]:
    d.pop(k, None)
print(json.dumps(d, sort_keys=True))' "${@:2}" <<<"$1"
}

# finish: prints a summary and exits non-zero on any failure.
finish() {
  if [ "$FAILS" -gt 0 ]; then
    echo "$FAILS check(s) failed" >&2
    exit 1
  fi
  echo "all checks passed"
  exit 0
}

# run_from FILE ARGS...: as run, with FILE on standard input.
run_from() {
  local input=$1
  shift
  "$WHIST" "$@" <"$input" >"$TMP/out" 2>"$TMP/err"
  RC=$?
  OUT=$(cat "$TMP/out")
  ERR=$(cat "$TMP/err")
}

# expect_no_out TEXT WHAT: stdout does not contain TEXT.
expect_no_out() { ! grep -qF -- "$1" <<<"$OUT" || fail "$2: stdout has '$1'"; }
# expect_out_re REGEX WHAT: stdout matches the extended regular expression.
expect_out_re() { grep -qE -- "$1" <<<"$OUT" || fail "$2: stdout does not match /$1/: $OUT"; }
# expect_err_re REGEX WHAT: stderr matches the extended regular expression.
expect_err_re() { grep -qE -- "$1" <<<"$ERR" || fail "$2: stderr does not match /$1/: $ERR"; }
# expect_no_err WHAT: stderr is empty.
expect_no_err() { [ -z "$ERR" ] || fail "$1: unexpected stderr: $ERR"; }

# card_sweep FILE [TIMES]: writes every card name, AS KS ... 2S AH ... 2C,
# one a line, TIMES times (default 200): fed to whist play, the illegal
# ones are refused and the next line tried, so it plays any hand to the end.
card_sweep() {
  local file=$1 times=${2:-200} s r i
  for ((i = 0; i < times; i++)); do
    for s in S H D C; do
      for r in A K Q J T 9 8 7 6 5 4 3 2; do
        printf '%s%s\n' "$r" "$s"
      done
    done
  done >"$file"
}
