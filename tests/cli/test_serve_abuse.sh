# test_serve_abuse.sh: a hostile client against whist serve (tests/data/ws_abuse.py): invented and
# malformed tokens, wrong Origins, paths and subprotocols, oversized and malformed messages, garbage
# bytes on the socket. None of it reaches another player's game; afterwards the server deals and plays
# a game as usual and stops cleanly.
source "$(dirname "$0")/lib.sh"

"$WHIST" serve --port 0 --data "$TMP/srv" >"$TMP/serve.out" 2>"$TMP/serve.err" &
PID=$!
PORT=
for _ in $(seq 100); do
  PORT=$(sed -n 's|^whist serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$TMP/serve.out")
  [ -n "$PORT" ] && break
  kill -0 "$PID" 2>/dev/null || break
  sleep 0.05
done
if [ -z "$PORT" ]; then
  fail "whist serve did not start: $(cat "$TMP/serve.err")"
  finish
fi

python3 "$GW_TEST_DATA/ws_abuse.py" 127.0.0.1 "$PORT" >"$TMP/abuse.out" 2>&1 || fail "$(cat "$TMP/abuse.out")"
grep -c '^ws_abuse: ok' "$TMP/abuse.out" | sed 's/$/ hostile inputs refused/'
# a whole match still plays to its end
python3 "$GW_TEST_DATA/ws_client.py" 127.0.0.1 "$PORT" play >"$TMP/play.out" 2>&1 || fail "play after the abuse: $(cat "$TMP/play.out")"

kill -0 "$PID" 2>/dev/null || fail "whist serve died: $(cat "$TMP/serve.err")"
kill -TERM "$PID"
wait "$PID" || fail "whist serve: exit $? on SIGTERM ($(cat "$TMP/serve.err"))"
grep -qE 'AddressSanitizer|runtime error|LeakSanitizer' "$TMP/serve.err" && fail "sanitizer report: $(cat "$TMP/serve.err")"
finish
