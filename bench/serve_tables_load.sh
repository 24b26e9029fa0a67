#!/bin/bash
# serve_tables_load.sh: the load benchmark of whist serve's tables (two people online): for each size
# (default 100, 500, 1000 and 2500 games) a fresh server on a free port with its own database in a
# temporary folder, and bench_tables' clients: two players per game, one spectator in ten, German Whist;
# prints a table: actions per second, the latency from one player's action to the other player's screen
# (p50, p99, max), the server's memory per game.
# Usage: bench/serve_tables_load.sh [BUILD_DIR] (default build). Settings by environment:
#   SIZES="100 500 1000 2500" (games)  PACE_MS=1000 (a player's mean pause before each action)
#   GAME=german|android  SECONDS_RUN=10 (measured, after every client connected and WARMUP=3 seconds)
# Figures only: it never fails on speed (exit 1 if a run itself failed).
set -u
BUILD=${1:-build}
WHIST=$BUILD/whist
BENCH=$BUILD/bench/bench_tables
SIZES=${SIZES:-"100 500 1000 2500"}
PACE_MS=${PACE_MS:-1000}
GAME=${GAME:-german}
SECONDS_RUN=${SECONDS_RUN:-10}
WARMUP=${WARMUP:-3}
[ -x "$WHIST" ] && [ -x "$BENCH" ] || { echo "serve_tables_load.sh: build $WHIST and $BENCH first" >&2; exit 2; }

ulimit -n "$(ulimit -Hn)" 2>/dev/null
TMP=$(mktemp -d)
SPID=
cleanup() { [ -n "$SPID" ] && kill "$SPID" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT
value() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"; }

status=0
printf '%-7s %-8s %-8s %-10s %-8s %-8s %-8s %-9s %-7s %s\n' games sockets pace_ms actions/s p50_ms p99_ms max_ms KB/game stalled result
for g in $SIZES; do
  sockets=$((2 * g + (g + 9) / 10))
  rm -rf "$TMP/data" "$TMP/out"
  "$WHIST" serve --port 0 --data "$TMP/data" --rate-limit 0 --max-connections $((sockets + 100)) \
    --max-per-address 0 --new-players-per-minute 0 >"$TMP/out" 2>"$TMP/err" &
  SPID=$!
  port=
  for _ in $(seq 100); do
    port=$(sed -n 's|^whist serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$TMP/out" 2>/dev/null)
    [ -n "$port" ] && break
    sleep 0.05
  done
  if [ -z "$port" ]; then
    echo "serve_tables_load.sh: whist serve did not start: $(cat "$TMP/err")" >&2
    exit 1
  fi
  line=$("$BENCH" --port "$port" --server-pid "$SPID" --games "$g" --game "$GAME" --pace "$PACE_MS" \
    --seconds "$SECONDS_RUN" --warmup "$WARMUP")
  rc=$?
  kill -TERM "$SPID"
  wait "$SPID"
  SPID=
  [ $rc -eq 0 ] || status=1
  printf '%-7s %-8s %-8s %-10s %-8s %-8s %-8s %-9s %-7s %s\n' "$g" "$sockets" "$PACE_MS" \
    "$(value acts_per_s "$line")" "$(value p50_ms "$line")" "$(value p99_ms "$line")" "$(value max_ms "$line")" \
    "$(value kb_per_game "$line")" "$(value stalled "$line")" "$([ $rc -eq 0 ] && echo ok || echo FAILED)"
  [ $rc -eq 0 ] || echo "  $line" >&2
done
exit $status
