# test_serve_jobs.sh: whist serve's worker pool and replays (tests/data/ws_jobs.py): one hint or replay's
# review per player at a time, a replay's hand before its review, a review kept once worked out; and the
# computer's decisions never wait behind the reviews: under a flood of replays from several players the
# expert (thinking 100 ms) plays each card within 2 s (a flood on one queue of two workers held it for
# seconds a card: the issue measured 36 s without a card); --workers.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"
JOBS="$GW_TEST_DATA/ws_jobs.py"

for bad in "--workers 0" "--workers 257" "--workers x"; do
  timeout 10 "$WHIST" serve --port 0 --data "$TMP/usage" $bad >/dev/null 2>"$TMP/err" </dev/null
  rc=$?
  [ "$rc" = 2 ] && grep -qF -- "--workers takes" "$TMP/err" || fail "serve $bad: exit $rc, $(cat "$TMP/err")"
done
run serve --help
expect_out "--workers" "serve --help"

if start_server --data "$TMP/srv" --think-ms 100; then
  python3 "$JOBS" 127.0.0.1 "$PORT" heavy >"$TMP/heavy.out" 2>&1 || fail "heavy: $(cat "$TMP/heavy.out")"
  python3 "$JOBS" 127.0.0.1 "$PORT" flood 100 6 3 3 20 2000 >"$TMP/flood.out" 2>&1 ||
    fail "flood: $(cat "$TMP/flood.out")"
  cat "$TMP/heavy.out" "$TMP/flood.out"
  kill -TERM "$PID"
  wait "$PID" || fail "whist serve: exit $? ($(cat "$TMP/serve.err"))"
fi
finish
