# test_serve_abuse.sh: a hostile client against whist serve (tests/data/ws_abuse.py): invented and
# malformed tokens, two tokens, long cookies, other Hosts, wrong Origins, paths and subprotocols, oversized
# and malformed messages, garbage bytes on the socket. None of it reaches another player's game; afterwards
# the server deals and plays a game as usual and stops cleanly. Then the limits, each on a server of its
# own: sockets and new players per address, tabs that never read, and more silent connections than the
# file limit allows (ulimit -n 256).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"
ABUSE="$GW_TEST_DATA/ws_abuse.py"
# a server built with AddressSanitizer keeps freed memory (its quarantine): the flood does not check it
SANITIZED=
grep -qa __asan_init "$WHIST" && SANITIZED=sanitized

# stop_clean: SIGTERM, a clean exit, no sanitizer report.
stop_clean() {
  kill -0 "$PID" 2>/dev/null || fail "whist serve died: $(cat "$TMP/serve.err")"
  kill -TERM "$PID"
  wait "$PID" || fail "whist serve: exit $? on SIGTERM ($(cat "$TMP/serve.err"))"
  grep -qE 'AddressSanitizer|runtime error|LeakSanitizer' "$TMP/serve.err" && fail "sanitizer report: $(cat "$TMP/serve.err")"
}

# (many clients of one address, each a new player: no limit on those here)
if start_server --data "$TMP/srv" --max-per-address 0 --new-players-per-minute 0; then
  python3 "$ABUSE" 127.0.0.1 "$PORT" >"$TMP/abuse.out" 2>&1 || fail "$(grep -v "^ws_abuse: ok" "$TMP/abuse.out")"
  grep -c '^ws_abuse: ok' "$TMP/abuse.out" | sed 's/$/ hostile inputs refused/'
  # a whole match still plays to its end
  python3 "$GW_TEST_DATA/ws_client.py" 127.0.0.1 "$PORT" play >"$TMP/play.out" 2>&1 || fail "play after the abuse: $(cat "$TMP/play.out")"
  stop_clean
fi

# sockets per address (silent ones too) and new players a minute; a static file makes no player
if start_server --data "$TMP/limits" --max-per-address 8 --new-players-per-minute 5; then
  players=$(sqlite3 "$TMP/limits/whist.db" "SELECT count(*) FROM players")
  python3 "$ABUSE" 127.0.0.1 "$PORT" limits 8 5 >"$TMP/limits.out" 2>&1 || fail "$(grep -v "^ws_abuse: ok" "$TMP/limits.out")"
  grep -c '^ws_abuse: ok' "$TMP/limits.out" | sed 's/$/ limits held/'
  now=$(sqlite3 "$TMP/limits/whist.db" "SELECT count(*) FROM players")
  [ "$now" = $((players + 5)) ] || fail "players: $players before, $now after 5 new ones and 30 pages"
  stop_clean
fi

# a new player that cannot be recorded (the store refuses, as with a full disk): told so, then closed
if start_server --data "$TMP/full" --max-per-address 0 --new-players-per-minute 0; then
  known=$(python3 "$GW_TEST_DATA/ws_client.py" 127.0.0.1 "$PORT" cookie)
  sqlite3 "$TMP/full/whist.db" "CREATE TRIGGER full BEFORE INSERT ON players BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END"
  python3 "$ABUSE" 127.0.0.1 "$PORT" not-saved "$known" >"$TMP/full.out" 2>&1 || fail "$(grep -v "^ws_abuse: ok" "$TMP/full.out")"
  stop_clean
fi

# tabs that never read; refusals while unread
if start_server --data "$TMP/flood" --rate-limit 0 --max-connections 5 --max-per-address 0 \
  --new-players-per-minute 0; then
  python3 "$ABUSE" 127.0.0.1 "$PORT" flood "$PID" $SANITIZED >"$TMP/flood.out" 2>&1 || fail "$(grep -v "^ws_abuse: ok" "$TMP/flood.out")"
  grep -c '^ws_abuse: ok' "$TMP/flood.out" | sed 's/$/ floods held/'
  stop_clean
fi

# more silent connections than the file limit allows: calm refusals, a small log, service once some close
ulimit -n 1024 2>/dev/null # the client's own sockets
(ulimit -n 256 && exec "$WHIST" serve --port 0 --data "$TMP/fds" --max-per-address 0) >"$TMP/serve.out" 2>"$TMP/serve.err" &
PID=$!
started "$PID"
PORT=
for _ in $(seq 100); do
  PORT=$(sed -n 's|^whist serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$TMP/serve.out")
  [ -n "$PORT" ] && break
  sleep 0.05
done
if [ -n "$PORT" ]; then
  grep -q -- "--max-connections 1024 is more than the 192 sockets" "$TMP/serve.err" ||
    fail "--max-connections not kept under the file limit: $(cat "$TMP/serve.err")"
  python3 "$ABUSE" 127.0.0.1 "$PORT" fds "$PID" "$TMP/serve.err" 300 >"$TMP/fds.out" 2>&1 || fail "$(grep -v "^ws_abuse: ok" "$TMP/fds.out")"
  grep -c '^ws_abuse: ok' "$TMP/fds.out" | sed 's/$/ checks with the file table full/'
  stop_clean
else
  fail "whist serve under ulimit -n 256 did not start: $(cat "$TMP/serve.err")"
fi
finish
