#!/bin/bash
# serve_load.sh: the load benchmark of whist serve: for each size (default 100, 1000 and 10000
# connections) a fresh server on a free port with its own database in a temporary folder, and
# bench_serve's clients playing German Whist against the random computer; prints a table (the server,
# the folder and the figures' reading are load_lib.sh's, shared with serve_tables_load.sh).
# Usage: bench/serve_load.sh [BUILD_DIR] (default build). Settings by environment:
#   SIZES="100 1000 10000"  PACE_MS=1000 (a client's mean pause before each action; 0: none)
#   SECONDS_RUN=10 (measured, after every client connected and WARMUP=3 seconds)
# Figures only: it never fails on speed (exit 1 if a run itself failed).
set -u
BUILD=${1:-build}
NAME=serve_load.sh
WHIST=$BUILD/whist
BENCH=$BUILD/bench/bench_serve
SIZES=${SIZES:-"100 1000 10000"}
PACE_MS=${PACE_MS:-1000}
SECONDS_RUN=${SECONDS_RUN:-10}
WARMUP=${WARMUP:-3}
source "$(dirname "$0")/load_lib.sh"

raise_fd_limit $(( $(echo "$SIZES" | tr ' ' '\n' | sort -n | tail -1) + 64 ))

status=0
printf '%-11s %-8s %-10s %-8s %-8s %-8s %-9s %-7s %s\n' connections pace_ms actions/s p50_ms p99_ms max_ms KB/game stalled result
for n in $SIZES; do
  start_server "$n"
  line=$("$BENCH" --port "$port" --server-pid "$SPID" --clients "$n" --pace "$PACE_MS" \
    --seconds "$SECONDS_RUN" --warmup "$WARMUP")
  rc=$?
  stop_server
  [ $rc -eq 0 ] || status=1
  printf '%-11s %-8s %-10s %-8s %-8s %-8s %-9s %-7s %s\n' "$n" "$PACE_MS" "$(value acts_per_s "$line")" \
    "$(value p50_ms "$line")" "$(value p99_ms "$line")" "$(value max_ms "$line")" \
    "$(value kb_per_game "$line")" "$(value stalled "$line")" "$(verdict $rc)"
  [ $rc -eq 0 ] || echo "  $line" >&2
done
exit $status
