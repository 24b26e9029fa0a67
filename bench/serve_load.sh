#!/bin/bash
# serve_load.sh: the load benchmark of whist serve: for each size (default 100, 1000 and 10000
# connections) a fresh server on a free port with its own database in a temporary folder, and
# bench_serve's clients playing German Whist against the random computer; prints a table.
# Usage: bench/serve_load.sh [BUILD_DIR] (default build). Settings by environment:
#   SIZES="100 1000 10000"  PACE_MS=1000 (a client's mean pause before each action; 0: none)
#   SECONDS_RUN=10 (measured, after every client connected and WARMUP=3 seconds)
# Figures only: it never fails on speed (exit 1 if a run itself failed).
set -u
BUILD=${1:-build}
WHIST=$BUILD/whist
BENCH=$BUILD/bench/bench_serve
SIZES=${SIZES:-"100 1000 10000"}
PACE_MS=${PACE_MS:-1000}
SECONDS_RUN=${SECONDS_RUN:-10}
WARMUP=${WARMUP:-3}
[ -x "$WHIST" ] && [ -x "$BENCH" ] || { echo "serve_load.sh: build $WHIST and $BENCH first" >&2; exit 2; }

# each connection is a descriptor in the server and one in the client (plus a few): raise the limit
ulimit -n "$(ulimit -Hn)" 2>/dev/null
need=$(( $(echo "$SIZES" | tr ' ' '\n' | sort -n | tail -1) + 64 ))
[ "$(ulimit -n)" = unlimited ] || [ "$(ulimit -n)" -ge "$need" ] ||
  echo "serve_load.sh: ulimit -n is $(ulimit -n), under $need: the largest size cannot connect" >&2

TMP=$(mktemp -d)
SPID=
cleanup() { [ -n "$SPID" ] && kill "$SPID" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT

# value KEY LINE: the value of KEY=... in bench_serve's line
value() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"; }

status=0
printf '%-11s %-8s %-10s %-8s %-8s %-8s %-9s %-7s %s\n' connections pace_ms actions/s p50_ms p99_ms max_ms KB/game stalled result
for n in $SIZES; do
  rm -rf "$TMP/data" "$TMP/out"
  # no rate limit (a client with no pause plays faster than a person may), room for every client, all from
  # one address, each a new player
  "$WHIST" serve --port 0 --data "$TMP/data" --rate-limit 0 --max-connections $((n + 100)) \
    --max-per-address 0 --new-players-per-minute 0 >"$TMP/out" 2>"$TMP/err" &
  SPID=$!
  port=
  for _ in $(seq 100); do
    port=$(sed -n 's|^whist serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$TMP/out" 2>/dev/null)
    [ -n "$port" ] && break
    sleep 0.05
  done
  if [ -z "$port" ]; then
    echo "serve_load.sh: whist serve did not start: $(cat "$TMP/err")" >&2
    exit 1
  fi
  line=$("$BENCH" --port "$port" --server-pid "$SPID" --clients "$n" --pace "$PACE_MS" \
    --seconds "$SECONDS_RUN" --warmup "$WARMUP")
  rc=$?
  kill -TERM "$SPID"
  wait "$SPID"
  SPID=
  [ $rc -eq 0 ] || status=1
  printf '%-11s %-8s %-10s %-8s %-8s %-8s %-9s %-7s %s\n' "$n" "$PACE_MS" "$(value acts_per_s "$line")" \
    "$(value p50_ms "$line")" "$(value p99_ms "$line")" "$(value max_ms "$line")" \
    "$(value kb_per_game "$line")" "$(value stalled "$line")" "$([ $rc -eq 0 ] && echo ok || echo FAILED)"
  [ $rc -eq 0 ] || echo "  $line" >&2
done
exit $status
