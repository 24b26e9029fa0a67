# test_serve_tables.sh: tables between two people over whist serve (tests/data/ws_tables.py, every message
# of every connection checked for cards hidden from its viewer): reconnection with `since` (exactly the
# events missed) and a full resynchronisation; bad secrets, unknown tables, a spectator's action, a seat's
# link opened by another browser (table_moved); the grace period, a claim, the computer taking an empty
# seat and the person taking it back; the lobby and play anyone; a rated match changing both ratings; and
# the server killed with SIGKILL mid-hand and started again on its data: the hand goes on where it was.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"
TABLES="$GW_TEST_DATA/ws_tables.py"
ARGS=(--data "$TMP/srv" --think-ms 20 --rate-limit 0 --max-per-address 0 --new-players-per-minute 0)

if ! start_server "${ARGS[@]}"; then
  finish
fi

for s in reconnect links grace lobby rated; do
  if python3 "$TABLES" 127.0.0.1 "$PORT" "$s" >"$TMP/t.out" 2>&1; then
    cat "$TMP/t.out"
  else
    fail "$s: $(cat "$TMP/t.out")"
  fi
done

# Killed mid-hand: nothing but what was saved survives; started again, the table is read from the store.
if python3 "$TABLES" 127.0.0.1 "$PORT" restart1 "$TMP/state.json" >"$TMP/t.out" 2>&1; then
  cat "$TMP/t.out"
else
  fail "restart1: $(cat "$TMP/t.out")"
fi
kill -KILL "$PID"
wait "$PID" 2>/dev/null
if start_server "${ARGS[@]}"; then
  if python3 "$TABLES" 127.0.0.1 "$PORT" restart2 "$TMP/state.json" >"$TMP/t.out" 2>&1; then
    cat "$TMP/t.out"
  else
    fail "restart2: $(cat "$TMP/t.out")"
  fi
  kill -TERM "$PID"
  wait "$PID" || fail "whist serve: exit $? on SIGTERM ($(cat "$TMP/serve.err"))"
fi
grep -v "^whist serve: \(stopped\|listening\)" "$TMP/serve.err" | grep . && fail "the server complained"
finish
