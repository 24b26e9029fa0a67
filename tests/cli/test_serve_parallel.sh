# test_serve_parallel.sh: computers think off the loop: while one game's expert thinks (a long --think-ms),
# another player's game goes on, its cards and its computer's answers arriving before the expert's card
# (tests/data/ws_parallel.py): an order of events, not a timing.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"

if start_server --data "$TMP/srv" --think-ms 4000; then
  python3 "$GW_TEST_DATA/ws_parallel.py" 127.0.0.1 "$PORT" >"$TMP/out" 2>&1 || fail "$(cat "$TMP/out")"
  kill -TERM "$PID"
  wait "$PID" || fail "whist serve: exit $? ($(cat "$TMP/serve.err"))"
fi
finish
