# test_serve_full.sh: the disk fills up in the middle of a game (tests/shim/disk_full.c, preloaded into whist
# serve: while a flag file exists every write to the database fails with ENOSPC). A card played then is
# refused with not_saved "cannot save: the server's disk is full" and nothing of it is shown; the game comes
# back as the player was last told (so do a new game and the settings tried then); with room again the game
# plays on; and after SIGKILL the game resumes exactly at the last view the player was shown
# (tests/data/ws_games.py). At a table of two people a card played on the full disk is undone for both
# players and the spectator, who are given the table again as saved (tests/data/ws_tables.py full).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"
GAMES="$GW_TEST_DATA/ws_games.py"
: "${GW_DISK_FULL_SHIM:?GW_DISK_FULL_SHIM must name the disk-full preload library}"

FLAG="$TMP/disk-is-full"
# (a sanitized whist accepts a library preloaded before its runtime only when told so)
if LD_PRELOAD="$GW_DISK_FULL_SHIM" WHIST_DISK_FULL_FLAG="$FLAG" \
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" start_server --data "$TMP/srv"; then
  python3 "$GAMES" 127.0.0.1 "$PORT" full "$TMP/cookie" "$FLAG" >"$TMP/full.out" 2>&1 ||
    fail "full: $(cat "$TMP/full.out")"
  grep -q "cannot save" "$TMP/serve.err" || fail "the failed saves are not in the server's log"
  kill -KILL "$PID"
  wait "$PID" 2>/dev/null
fi
# the computer's card cannot be saved: it does not think again and again (the expert: --think-ms each card)
if LD_PRELOAD="$GW_DISK_FULL_SHIM" WHIST_DISK_FULL_FLAG="$FLAG" \
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" start_server --data "$TMP/stall" --think-ms 300; then
  python3 "$GAMES" 127.0.0.1 "$PORT" stall "$TMP/cookie-stall" "$FLAG" "$TMP/serve.err" >"$TMP/stall.out" 2>&1 ||
    fail "stall: $(cat "$TMP/stall.out")"
  rm -f "$FLAG"
  kill -TERM "$PID"
  wait "$PID" || fail "whist serve: exit $? on SIGTERM ($(cat "$TMP/serve.err"))"
fi
# a table between two people: a card played while the disk is full is undone for everyone
if LD_PRELOAD="$GW_DISK_FULL_SHIM" WHIST_DISK_FULL_FLAG="$FLAG" \
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" start_server --data "$TMP/tables" \
  --rate-limit 0 --max-per-address 0 --new-players-per-minute 0; then
  python3 "$GW_TEST_DATA/ws_tables.py" 127.0.0.1 "$PORT" full "$FLAG" >"$TMP/tables.out" 2>&1 ||
    fail "tables: $(cat "$TMP/tables.out")"
  rm -f "$FLAG"
  kill -TERM "$PID"
  wait "$PID" || fail "whist serve: exit $? on SIGTERM ($(cat "$TMP/serve.err"))"
fi
# what the player was last shown is what the database holds
if start_server --data "$TMP/srv"; then
  python3 "$GAMES" 127.0.0.1 "$PORT" resume "$TMP/cookie" >"$TMP/resume.out" 2>&1 ||
    fail "resume: $(cat "$TMP/resume.out")"
  shown=$(sed -n 's/^view //p' "$TMP/full.out")
  resumed=$(sed -n 's/^german //p' "$TMP/resume.out")
  [ -n "$shown" ] && [ "$shown" = "$resumed" ] ||
    fail "after SIGKILL the game is not the one last shown: $(diff <(echo "$shown") <(echo "$resumed") | head -5)"
  kill -TERM "$PID"
  wait "$PID" || fail "whist serve: exit $? on SIGTERM ($(cat "$TMP/serve.err"))"
fi
finish
