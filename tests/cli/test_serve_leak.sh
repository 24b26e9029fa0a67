# test_serve_leak.sh: no hidden card on the wire. Whole games of whist serve played over the WebSocket
# (tests/data/ws_leak.py): German Whist against every level (every scoring rule and both variants among
# them) and Android Whist against every level; every message the server sent is checked against what
# player 0 could know when it was sent, from the records the server saved (its database), replayed.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"
LEAK="$GW_TEST_DATA/ws_leak.py"

# The computer's time per decision: short.
if ! start_server --data "$TMP/srv" --think-ms 20; then
  finish
fi

# GAME LEVEL [OPTION=VALUE...], one whole match (rubber) each.
cases=(
  "german random target=10 seed=1"
  "german random variant=small scoring=every target=15 seed=2"
  "german easy scoring=every target=25 seed=3"
  "german hard scoring=difference target=20 seed=4"
  "german expert target=10 seed=5"
  "german expert variant=small scoring=total target=20 seed=6"
  "german oracle scoring=total target=30 seed=7"
  "android random seed=8"
  "android easy seed=9"
  "android hard seed=10"
)
for c in "${cases[@]}"; do
  # shellcheck disable=SC2086 # the case's words are the arguments
  if python3 "$LEAK" 127.0.0.1 "$PORT" "$TMP/srv/whist.db" $c >"$TMP/leak.out" 2>&1; then
    cat "$TMP/leak.out"
  else
    fail "$c: $(cat "$TMP/leak.out")"
  fi
done

kill -TERM "$PID"
wait "$PID" || fail "whist serve: exit $? on SIGTERM ($(cat "$TMP/serve.err"))"
finish
