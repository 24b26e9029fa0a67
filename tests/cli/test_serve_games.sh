# test_serve_games.sh: a player's games on whist serve (tests/data/ws_games.py): a German Whist match and an
# Android Whist rubber kept side by side (protocol 2: welcome's games, open, games, a finished match kept);
# every new game dealt from a seed of the server's (1000 new games, no two first hands alike) and none of
# them in the statistics before a hand is scored; players read from the store when a browser connects (not
# at start) and evicted when idle; the visit recorded at most once an hour; players that never finished a
# hand pruned after --prune-after, with their games, while a player with a finished hand and a connected one
# stay; both games back after a restart; the database deleted or replaced while running stops the server.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"
GAMES="$GW_TEST_DATA/ws_games.py"
DB="$TMP/srv/whist.db"

games() { python3 "$GAMES" 127.0.0.1 "$PORT" "$@"; }
token() { sed 's/^whist_token=//' "$1"; }
stop_server() {
  kill -TERM "$PID"
  wait "$PID" || fail "whist serve: exit $? ($(cat "$TMP/serve.err"))"
}
# the player's settings and last visit, written behind the server's back
set_name() { sqlite3 "$DB" "UPDATE players SET settings = '{\"name\":\"$2\"}' WHERE token = '$(token "$1")'"; }
seen() { sqlite3 "$DB" "SELECT last_seen FROM players WHERE token = '$(token "$1")'"; }

for bad in "--evict-after -1" "--evict-after 86401" "--prune-after x" "--prune-after -5"; do
  # shellcheck disable=SC2086 # the option and its value
  timeout 10 "$WHIST" serve --port 0 --data "$TMP/usage" $bad >/dev/null 2>"$TMP/err" </dev/null
  rc=$?
  [ "$rc" = 2 ] && grep -qF -- "${bad%% *} takes" "$TMP/err" || fail "serve $bad: exit $rc, $(cat "$TMP/err")"
done

# --evict-after 0: an idle player leaves memory at the next tick of the server (each second)
if start_server --data "$TMP/srv" --rate-limit 0 --evict-after 0 --prune-after 4 --think-ms 20; then
  # 1000 new games in a row: every one dealt afresh, and none in the statistics (no hand was scored)
  games seeds "$TMP/s" 1000 >"$TMP/seeds.out" 2>&1 || fail "seeds: $(cat "$TMP/seeds.out")"
  [ "$(sqlite3 "$DB" "SELECT count(*) FROM matches WHERE owner = '$(token "$TMP/s")'")" = 0 ] ||
    fail "1000 new games wrote matches rows"
  # a match and a rubber side by side
  games two-games "$TMP/t" >"$TMP/two.out" 2>&1 || fail "two-games: $(cat "$TMP/two.out")"
  [ "$(sqlite3 "$DB" "SELECT group_concat(game) FROM (SELECT game FROM web_games WHERE token = '$(token "$TMP/t")' ORDER BY game)")" = "android,german" ] ||
    fail "two-games: saved: $(sqlite3 "$DB" "SELECT token, game FROM web_games")"
  # the player gone (evicted), what the database says is what its next connection sees
  sleep 2.5
  set_name "$TMP/t" Behind
  games name "$TMP/t" >"$TMP/name.out" 2>&1
  grep -qx "name Behind" "$TMP/name.out" || fail "an idle player was not read again from the store: $(cat "$TMP/name.out")"
  # its visit: recorded at the connection only when the last one is an hour old or more
  sleep 2.5
  sqlite3 "$DB" "UPDATE players SET last_seen = strftime('%s', 'now') - 1800 WHERE token = '$(token "$TMP/t")'"
  before=$(seen "$TMP/t")
  games name "$TMP/t" >/dev/null 2>&1
  [ "$(seen "$TMP/t")" = "$before" ] || fail "a visit within the hour was written again"
  sleep 2.5
  sqlite3 "$DB" "UPDATE players SET last_seen = strftime('%s', 'now') - 7200 WHERE token = '$(token "$TMP/t")'"
  games name "$TMP/t" >/dev/null 2>&1
  now=$(date +%s)
  [ $((now - $(seen "$TMP/t"))) -le 5 ] || fail "a visit after two hours was not recorded: $(seen "$TMP/t"), now $now"

  # pruning (--prune-after 4): a player that never finished a hand goes with its game once gone for that
  # long; one connected all the while stays; the player with finished hands (t) stays, games and all
  games start "$TMP/p" >"$TMP/start.out" 2>&1 || fail "start: $(cat "$TMP/start.out")"
  games hold "$TMP/h" 7 >"$TMP/hold.out" 2>&1 &
  HOLD=$!
  sqlite3 "$DB" "UPDATE players SET last_seen = 0 WHERE token = '$(token "$TMP/t")'"
  sleep 7
  [ "$(sqlite3 "$DB" "SELECT count(*) FROM players WHERE token = '$(token "$TMP/p")'")" = 0 ] ||
    fail "a player that never finished a hand was not pruned"
  [ "$(sqlite3 "$DB" "SELECT count(*) FROM web_games WHERE token = '$(token "$TMP/p")'")" = 0 ] ||
    fail "a pruned player's game was kept"
  wait "$HOLD" || fail "hold: $(cat "$TMP/hold.out")"
  [ "$(sqlite3 "$DB" "SELECT count(*) FROM players WHERE token = '$(token "$TMP/h")'")" = 1 ] ||
    fail "a connected player was pruned"
  [ "$(sqlite3 "$DB" "SELECT count(*) FROM players p JOIN web_games w ON w.token = p.token WHERE p.token = '$(token "$TMP/t")'")" = 2 ] ||
    fail "a player with finished hands was pruned"
  stop_server
fi

# nobody is read at start: a name written while the server is down is what the player sees
set_name "$TMP/t" Start
if start_server --data "$TMP/srv"; then
  games name "$TMP/t" >"$TMP/name.out" 2>&1
  grep -qx "name Start" "$TMP/name.out" || fail "the player was read before it connected: $(cat "$TMP/name.out")"
  # both games back: the tab follows the game changed last (the third tab's new German match)
  games resume "$TMP/t" >"$TMP/resume.out" 2>&1 || fail "resume: $(cat "$TMP/resume.out")"
  grep -qx "follows german" "$TMP/resume.out" && grep -q '^android {' "$TMP/resume.out" ||
    fail "resume: $(cut -c1-80 "$TMP/resume.out")"
  # the database deleted under the running server: it stops, says why, exit status 1
  rm -f "$DB"
  for _ in $(seq 50); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$PID" 2>/dev/null; then
    fail "the database was deleted and the server runs on"
    kill -KILL "$PID"
  fi
  wait "$PID"
  rc=$?
  [ "$rc" = 1 ] && grep -q "whist.db is gone" "$TMP/serve.err" ||
    fail "database deleted: exit $rc, $(cat "$TMP/serve.err")"
fi
# ... or replaced by another file
if start_server --data "$TMP/srv2"; then
  cp "$TMP/srv2/whist.db" "$TMP/other.db"
  mv "$TMP/other.db" "$TMP/srv2/whist.db"
  for _ in $(seq 50); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$PID" 2>/dev/null; then
    fail "the database was replaced and the server runs on"
    kill -KILL "$PID"
  fi
  wait "$PID"
  rc=$?
  [ "$rc" = 1 ] && grep -q "was replaced" "$TMP/serve.err" || fail "database replaced: exit $rc, $(cat "$TMP/serve.err")"
fi
finish
