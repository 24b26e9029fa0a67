# test_serve_players.sh: whist serve's players (tests/data/ws_client.py): only tokens the server issued
# are taken (an invented one gets a fresh identity in the handshake); each player's settings, saved,
# checked strictly, sent to every tab and kept over a restart; each player's own statistics, history and
# replays (with the solver's verdicts), nobody else's, while whist stats and whist history show every game;
# quit abandons the match; Android Whist rubbers in the store; --think-ms, --max-connections and
# --rate-limit.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"
CLIENT="$GW_TEST_DATA/ws_client.py"
DATA="$XDG_DATA_HOME/whist" # the terminal's database: whist stats and history read it too
DB="$DATA/whist.db"
mkdir -p "$XDG_DATA_HOME"

stop_server() {
  kill -TERM "$PID"
  wait "$PID" || fail "whist serve: exit $? ($(cat "$TMP/serve.err"))"
}

client() { python3 "$CLIENT" 127.0.0.1 "$PORT" "$@"; }

# usage errors of the new options
for bad in "--think-ms 0" "--think-ms -1" "--think-ms 60001" "--think-ms x" "--max-connections 0" "--rate-limit -1"; do
  # (within a time limit: a value wrongly accepted would start a server)
  timeout 10 "$WHIST" serve --port 0 --data "$TMP/usage" $bad >/dev/null 2>"$TMP/err" </dev/null
  rc=$?
  [ "$rc" = 2 ] && grep -qF -- "${bad%% *} takes" "$TMP/err" || fail "serve $bad: exit $rc, $(cat "$TMP/err")"
done
run serve --help
expect_out "--think-ms" "serve --help"
expect_out "--max-connections" "serve --help"
expect_out "--rate-limit" "serve --help"

if start_server --data "$DATA" --think-ms 40; then
  # an invented or malformed token is never taken: the socket gets a fresh identity (a real one keeps its
  # own), recorded in the store
  client invented >"$TMP/invented.out" 2>&1 || fail "invented: $(cat "$TMP/invented.out")"
  client no-cookie "$TMP/p0" >"$TMP/fresh.out" 2>&1 || fail "no-cookie: $(cat "$TMP/fresh.out")"
  [ "$(sqlite3 "$DB" "SELECT count(*) FROM players WHERE token = '$(sed 's/^whist_token=//' "$TMP/p0")'")" = 1 ] ||
    fail "the issued token is not recorded"

  # settings
  client settings "$TMP/p1" >"$TMP/settings.out" 2>&1 || fail "settings: $(cat "$TMP/settings.out")"
  client think-ms "$TMP/p1" 40 german >"$TMP/think.out" 2>&1 || fail "think-ms: $(cat "$TMP/think.out")"
  client think-ms "$TMP/p1" 40 android >"$TMP/think.out" 2>&1 || fail "think-ms android: $(cat "$TMP/think.out")"

  # one player's match: its statistics, history and replays are its own
  client play "$TMP/p2" >"$TMP/play.out" 2>&1 || fail "play: $(cat "$TMP/play.out")"
  hands=$(sed -n 's/^ws_client: match over after \([0-9]*\) hands.*/\1/p' "$TMP/play.out")
  client records "$TMP/p2" "$hands" >"$TMP/records.out" 2>&1 || fail "records: $(cat "$TMP/records.out")"
  id=$(sed -n 's/^first-id //p' "$TMP/records.out")
  client foreign "$TMP/p1" "${id:-1}" >"$TMP/foreign.out" 2>&1 || fail "foreign: $(cat "$TMP/foreign.out")"

  # Android Whist rubbers and hands go into the store, owned by the player
  client android "$TMP/p3" >"$TMP/android.out" 2>&1 || fail "android: $(cat "$TMP/android.out")"
  client android-replay "$TMP/p3r" >"$TMP/areplay.out" 2>&1 || fail "android-replay: $(cat "$TMP/areplay.out")"
  # the rubber's seed (the server's) is nowhere in the replay of its first hand
  seed=$(sqlite3 "$DB" "SELECT seed FROM rubbers WHERE owner = '$(sed 's/^whist_token=//' "$TMP/p3r")'")
  [ -n "$seed" ] && ! grep -q "$seed" <(grep '^replay-json' "$TMP/areplay.out") ||
    fail "android-replay: the rubber's seed ${seed:-(none stored)} is in its replay"
  ahands=$(sed -n 's/^ws_client: rubber over after \([0-9]*\) hands.*/\1/p' "$TMP/android.out")
  owner=$(sed 's/^whist_token=//' "$TMP/p3")
  stored=$(sqlite3 "$DB" "SELECT count(*) FROM android_hands a JOIN rubbers r ON r.id = a.rubber_id
    WHERE r.owner = '$owner' AND r.winner IS NOT NULL")
  [ -n "$ahands" ] && [ "$stored" = "$ahands" ] || fail "Android Whist: $stored hands stored, $ahands played"

  # a match with a hand given up for a new one: abandoned, its hand counted; the new one quit before any hand:
  # never in the statistics; both tabs without a game, the saved game gone
  client quit "$TMP/p4" >"$TMP/quit.out" 2>&1 || fail "quit: $(cat "$TMP/quit.out")"
  owner=$(sed 's/^whist_token=//' "$TMP/p4")
  [ "$(sqlite3 "$DB" "SELECT count(*), sum(abandoned) FROM matches WHERE owner = '$owner'")" = "1|1" ] ||
    fail "quit: $(sqlite3 "$DB" "SELECT id, abandoned FROM matches WHERE owner = '$owner'") (one match abandoned)"
  [ "$(sqlite3 "$DB" "SELECT count(*) FROM hands h JOIN matches m ON m.id = h.match_id WHERE m.owner = '$owner'")" = 1 ] ||
    fail "quit: the abandoned match's hand is not in the statistics"
  [ "$(sqlite3 "$DB" "SELECT count(*) FROM web_games WHERE token = '$owner'")" = 0 ] || fail "quit: still saved"
  stop_server

  # the terminal's commands show every game, the browser players' included
  run history --limit 0 # (every hand: a long rubber alone may pass the default 20)
  expect_rc 0 "whist history"
  [ "$(grep -cE '^ *[0-9]+ ' "$TMP/out")" -ge $((hands + ahands)) ] ||
    fail "whist history does not show the browsers' hands: $(head -5 "$TMP/out")"
  run stats
  # the finished match and its hands, and the hand of the match abandoned by quit (the games started and
  # left before a hand are in no statistics)
  expect_out_re "^all +all +- +all +1 +[0-9]+ +$((hands + 1)) " "whist stats counts the browser's matches"
fi

# the settings are kept over a restart
if start_server --data "$DATA"; then
  client settings-kept "$TMP/p1" >"$TMP/kept.out" 2>&1 || fail "settings-kept: $(cat "$TMP/kept.out")"
  client think-ms "$TMP/p1" 300 german >"$TMP/think.out" 2>&1 || fail "think-ms default: $(cat "$TMP/think.out")"
  stop_server
fi

# the limits: messages per second per connection, open connections
if start_server --data "$TMP/limits" --rate-limit 5 --max-connections 3; then
  client rate "$TMP/q1" >"$TMP/rate.out" 2>&1 || fail "rate: $(cat "$TMP/rate.out")"
  client max-connections "$TMP/q1" 3 >"$TMP/max.out" 2>&1 || fail "max-connections: $(cat "$TMP/max.out")"
  stop_server
fi

finish
