# test_serve_attack.sh: the attack measurements of whist serve run (bench/serve_attack.sh, issue 22): every
# scenario, very briefly and with small counts, against this build's whist; each prints its summary line and
# its row of the table. Nothing is checked of the figures (they are the benchmark's business) except that
# the flood started games: the tool works with a server that sets the token cookie on a page load and with
# one that sets it in the WebSocket's answer.
source "$(dirname "$0")/lib.sh"

export IDENTITY_SECONDS=2 IDENTITY_PROCS=1 IDENTITY_CLIENTS=2 ICON_REQUESTS=300 ICON_CONNECTIONS=2 \
  QUEUE_SOCKETS=3 QUEUE_SECONDS=2 FDS_CONNECTIONS=30 FDS_SECONDS=2 REPLAY_PLAYERS=2 REPLAY_HANDS=1 \
  REPLAY_QUIET=2 REPLAY_SECONDS=2 REPLAY_THINK_MS=20 IDLE_SOCKETS=10 SETTLE_SECONDS=0.5
out=$(bash "$GW_SOURCE_DIR/bench/serve_attack.sh" "$(dirname "$WHIST")" 2>"$TMP/attack.err")
rc=$?
[ $rc -eq 0 ] || fail "serve_attack.sh: exit $rc: $out $(cat "$TMP/attack.err")"
for s in identity icons queue fds replay idle; do
  grep -q "^$s: .*\[.*whist serve --port 0 --data DIR.*\]$" <<<"$out" || fail "no summary line for $s: $out"
  grep -q "^| $s | \`.*whist serve" <<<"$out" || fail "no table row for $s: $out"
done
grep -q FAILED <<<"$out" && fail "a scenario failed: $out"
grep -qE "^identity: .*: [1-9][0-9]* games started" <<<"$out" || fail "identity: no game started: $out"
grep -qE "^icons: 300 cookie-less GETs .*: 300 answered 200" <<<"$out" || fail "icons: not every GET answered: $out"
grep -qE "^idle: 10 players connected" <<<"$out" || fail "idle: $out"
grep -q "fds: ulimit -n 1024" <<<"$out" || fail "fds: $out"

# a wrong scenario or no build: refused, with the reason
bash "$GW_SOURCE_DIR/bench/serve_attack.sh" "$(dirname "$WHIST")" nonsense >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "unknown scenario nonsense" "$TMP/err" || fail "an unknown scenario: $(cat "$TMP/err")"
bash "$GW_SOURCE_DIR/bench/serve_attack.sh" "$TMP/nowhere" >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] || fail "no whist: not refused: $(cat "$TMP/err")"
finish
