# serve_lib.sh: what the tests of whist serve share (sourced after lib.sh): start_server.

# start_server [ARGS...]: starts whist serve on a free port; sets $PID and $PORT (fails the test and
# returns 1 if it does not start). The exit trap (lib.sh) stops it if the test does not.
start_server() {
  rm -f "$TMP/serve.out" # not the last server's port: the new one may not have opened the file yet
  "$WHIST" serve --port 0 "$@" >"$TMP/serve.out" 2>"$TMP/serve.err" &
  PID=$!
  started "$PID"
  PORT=
  for _ in $(seq 100); do
    PORT=$(sed -n 's|^whist serve: https\{0,1\}://[^:]*:\([0-9]*\)/$|\1|p' "$TMP/serve.out")
    [ -n "$PORT" ] && return 0
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.05
  done
  fail "whist serve did not start: $(cat "$TMP/serve.err")"
  return 1
}
