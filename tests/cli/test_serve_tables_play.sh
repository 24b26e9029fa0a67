# test_serve_tables_play.sh: whole games between two people over whist serve, watched by a spectator
# (tests/data/ws_tables.py): a German Whist match (then both players' history and statistics from each
# one's side, against a person; chat routing; a rematch; a resignation) and an Android Whist rubber, every
# message of every connection checked for cards hidden from its viewer; and a card's clock (15 s) run out:
# the computer plays that card for the player who waited.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"
TABLES="$GW_TEST_DATA/ws_tables.py"

if ! start_server --data "$TMP/srv" --think-ms 20 --rate-limit 0 --max-per-address 0 --new-players-per-minute 0; then
  finish
fi
for s in german android; do
  for seed in 1 2; do
    if WS_TABLES_SEED=$seed python3 "$TABLES" 127.0.0.1 "$PORT" "$s" >"$TMP/t.out" 2>&1; then
      cat "$TMP/t.out"
    else
      fail "$s (seed $seed): $(cat "$TMP/t.out")"
    fi
  done
done
# the clock: 15 s a card, run out once
if python3 "$TABLES" 127.0.0.1 "$PORT" clock >"$TMP/t.out" 2>&1; then
  cat "$TMP/t.out"
else
  fail "clock: $(cat "$TMP/t.out")"
fi
kill -TERM "$PID"
wait "$PID" || fail "whist serve: exit $? on SIGTERM ($(cat "$TMP/serve.err"))"
finish
