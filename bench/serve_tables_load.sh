#!/bin/bash
# serve_tables_load.sh: the load benchmark of whist serve's tables (two people online): for each size
# (default 100, 500, 1000 and 2500 games) a fresh server on a free port with its own database in a
# temporary folder, and bench_tables' clients: two players per game, one spectator in ten, German Whist;
# prints a table: actions per second, the latency from one player's action to the other player's screen
# (p50, p99, max), the server's memory per game (the server, the folder and the figures' reading are
# load_lib.sh's, shared with serve_load.sh).
# Usage: bench/serve_tables_load.sh [BUILD_DIR] (default build). Settings by environment:
#   SIZES="100 500 1000 2500" (games)  PACE_MS=1000 (a player's mean pause before each action)
#   GAME=german|android  SECONDS_RUN=10 (measured, after every client connected and WARMUP=3 seconds)
# Figures only: it never fails on speed (exit 1 if a run itself failed).
set -u
BUILD=${1:-build}
NAME=serve_tables_load.sh
WHIST=$BUILD/whist
BENCH=$BUILD/bench/bench_tables
SIZES=${SIZES:-"100 500 1000 2500"}
PACE_MS=${PACE_MS:-1000}
GAME=${GAME:-german}
SECONDS_RUN=${SECONDS_RUN:-10}
WARMUP=${WARMUP:-3}
source "$(dirname "$0")/load_lib.sh"

# the connections of g games: two players each and a spectator in ten
sockets_of() { echo $((2 * $1 + ($1 + 9) / 10)); }
raise_fd_limit $(( $(sockets_of "$(echo "$SIZES" | tr ' ' '\n' | sort -n | tail -1)") + 64 ))

status=0
printf '%-7s %-8s %-8s %-10s %-8s %-8s %-8s %-9s %-7s %s\n' games sockets pace_ms actions/s p50_ms p99_ms max_ms KB/game stalled result
for g in $SIZES; do
  sockets=$(sockets_of "$g")
  start_server "$sockets"
  line=$("$BENCH" --port "$port" --server-pid "$SPID" --games "$g" --game "$GAME" --pace "$PACE_MS" \
    --seconds "$SECONDS_RUN" --warmup "$WARMUP")
  rc=$?
  stop_server
  [ $rc -eq 0 ] || status=1
  printf '%-7s %-8s %-8s %-10s %-8s %-8s %-8s %-9s %-7s %s\n' "$g" "$sockets" "$PACE_MS" \
    "$(value acts_per_s "$line")" "$(value p50_ms "$line")" "$(value p99_ms "$line")" "$(value max_ms "$line")" \
    "$(value kb_per_game "$line")" "$(value stalled "$line")" "$(verdict $rc)"
  [ $rc -eq 0 ] || echo "  $line" >&2
done
exit $status
