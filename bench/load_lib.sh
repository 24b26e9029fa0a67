# load_lib.sh: what the load benchmarks of whist serve share (serve_load.sh, serve_tables_load.sh), sourced
# by them: the check that the programs are built, the descriptor limit raised, a temporary folder (removed
# on exit, with a server still running), a fresh server for each size, and the figures read from the load
# generator's line. Set before sourcing: NAME (the script, in messages), WHIST, BENCH.

[ -x "$WHIST" ] && [ -x "$BENCH" ] || { echo "$NAME: build $WHIST and $BENCH first" >&2; exit 2; }

# raise_fd_limit NEED: each connection is a descriptor in the server and one in the client (plus a few):
# the limit as high as it may go, and a warning when that is under NEED
raise_fd_limit() {
  ulimit -n "$(ulimit -Hn)" 2>/dev/null
  [ "$(ulimit -n)" = unlimited ] || [ "$(ulimit -n)" -ge "$1" ] ||
    echo "$NAME: ulimit -n is $(ulimit -n), under $1: the largest size cannot connect" >&2
}

TMP=$(mktemp -d)
SPID=
cleanup() { [ -n "$SPID" ] && kill "$SPID" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT

# start_server CONNECTIONS: a fresh whist serve on a free port with its own database in $TMP, room for
# CONNECTIONS (and 100 more), no rate limit (a client with no pause plays faster than a person may), all
# from one address, each a new player; sets SPID and port (exit 1 if it does not start)
start_server() {
  rm -rf "$TMP/data" "$TMP/out"
  "$WHIST" serve --port 0 --data "$TMP/data" --rate-limit 0 --max-connections $(($1 + 100)) \
    --max-per-address 0 --new-players-per-minute 0 >"$TMP/out" 2>"$TMP/err" &
  SPID=$!
  port=
  for _ in $(seq 100); do
    port=$(sed -n 's|^whist serve: http://[^:]*:\([0-9]*\)/$|\1|p' "$TMP/out" 2>/dev/null)
    [ -n "$port" ] && break
    sleep 0.05
  done
  if [ -z "$port" ]; then
    echo "$NAME: whist serve did not start: $(cat "$TMP/err")" >&2
    exit 1
  fi
}

stop_server() {
  kill -TERM "$SPID"
  wait "$SPID"
  SPID=
}

# value KEY LINE: the value of KEY=... in the load generator's line
value() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"; }

# verdict RC: ok, or FAILED
verdict() { [ "$1" -eq 0 ] && echo ok || echo FAILED; }
