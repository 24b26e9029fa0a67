# test_serve_leak.sh: no hidden card on the wire. Whole games of whist serve played over the WebSocket
# (tests/data/ws_leak.py), several per player: German Whist against every level (every scoring rule and both
# variants among them) and Android Whist against every level; every message the server sent is checked
# against what player 0 could know when it was sent, from the records the server saved (its database),
# replayed; replays of earlier hands asked for while a later one is in play must not show the deal in play.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"
LEAK="$GW_TEST_DATA/ws_leak.py"

# The computer's time per decision: short.
if ! start_server --data "$TMP/srv" --think-ms 20; then
  finish
fi

# One player per line, playing its games in turn: GAME LEVEL [OPTION=VALUE...], one whole match (rubber)
# each, "--" between them. From the second game on, replays of the player's earlier hands are asked for
# while a hand is in play: never the deal in play (every game is dealt from a seed of the server's).
players=(
  "german random target=10 -- german random variant=small scoring=every target=15 -- german easy scoring=every target=25"
  "german hard scoring=difference target=20 -- german expert target=10"
  "german expert variant=small scoring=total target=20 -- german oracle scoring=total target=30"
  "android random -- german random target=5 -- android easy -- android hard"
)
for c in "${players[@]}"; do
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
