# test_serve.sh: whist serve: the web client's files over HTTP (no cookie, the security headers, HEAD, only
# the hosts it serves), the identity cookie set by the WebSocket handshake, --host honoured,
# a German match played to its end over the WebSocket by a scripted client (tests/data/ws_client.py),
# a rubber of Android Whist, a hint and an undo, TLS (HSTS, a Secure cookie), a game resumed exactly after
# SIGKILL, bad input and a wrong Origin refused, a clean stop on SIGTERM and SIGINT.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/serve_lib.sh"
CLIENT="$GW_TEST_DATA/ws_client.py"

# stop_server SIGNAL: sends SIGNAL and expects a clean exit within 5 s.
stop_server() {
  kill -"$1" "$PID"
  for _ in $(seq 100); do
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.05
  done
  if kill -0 "$PID" 2>/dev/null; then
    fail "SIG$1: still running after 5 s"
    kill -KILL "$PID"
  fi
  wait "$PID"
  local rc=$?
  [ "$rc" -eq 0 ] || fail "SIG$1: exit $rc, expected 0 ($(cat "$TMP/serve.err"))"
  grep -qF "whist serve: stopped" "$TMP/serve.err" || fail "SIG$1: no 'stopped' on stderr"
}

# the server and the command line never include each other; only the server includes libwebsockets
bad=$(grep -rnE '#include *"(cli|tui|line_input|engine_seat)\.h"' "$GW_SOURCE_DIR/src/programs/server")
[ -z "$bad" ] || fail "the server includes the command line: $bad"
bad=$(grep -rnE '#include *("(server|pool|client_msg)\.h"|<libwebsockets\.h>)' "$GW_SOURCE_DIR/src/programs/cli" \
  "$GW_SOURCE_DIR/src/programs/tui" "$GW_SOURCE_DIR/src/engine" "$GW_SOURCE_DIR/src/host" "$GW_SOURCE_DIR/src/protocol")
[ -z "$bad" ] || fail "another module includes the server: $bad"

# usage errors
run serve --port 70000
expect_rc 2 "serve --port 70000"
expect_err "--port takes 0 to 65535" "serve --port 70000"
run serve --web "$TMP/nowhere"
expect_rc 2 "serve --web missing"
run serve --engine "$TMP/nowhere.js"
expect_rc 2 "serve --engine missing"
expect_err "--engine: cannot read" "serve --engine missing"
run serve --help
expect_rc 0 "serve --help"
expect_out "Usage: whist serve" "serve --help"
run --help
expect_out "serve" "whist --help lists serve"

# usage errors of the options of the limits and hosts
for bad in "--max-per-address -1" "--new-players-per-minute x" "--allow-host a/b" "--allow-host"; do
  timeout 10 "$WHIST" serve --port 0 --data "$TMP/usage" $bad >/dev/null 2>"$TMP/err" </dev/null
  rc=$?
  [ "$rc" = 2 ] && grep -qF -- "${bad%% *}" "$TMP/err" || fail "serve $bad: exit $rc, $(cat "$TMP/err")"
done

printf '// the engine of this test\n' >"$TMP/engine.js"
if start_server --host 127.0.0.1 --data "$TMP/srv" --allow-host whist.example --allow-host Cards.Example \
  --engine "$TMP/engine.js"; then
  # --engine: the engine in WebAssembly as js/whist-engine.js (web/ has none), a script
  headers=$(curl -s -D - -o "$TMP/engine.got" "http://127.0.0.1:$PORT/js/whist-engine.js")
  cmp -s "$TMP/engine.got" "$TMP/engine.js" && grep -qi '^content-type: text/javascript' <<<"$headers" ||
    fail "GET /js/whist-engine.js is not --engine's file: $headers"
  # --host means what it says: one listener, on 127.0.0.1 only (not 0.0.0.0, not [::])
  listeners=$(ss -ltnH "sport = :$PORT" | awk '{print $4}')
  [ "$listeners" = "127.0.0.1:$PORT" ] || fail "--host 127.0.0.1: listening on: $listeners"

  # the page: no cookie (an identity comes with the game's socket), the security headers; HEAD answers as
  # GET does, without the body; nothing outside web/
  headers=$(curl -s -D - -o "$TMP/index.html" "http://127.0.0.1:$PORT/")
  cmp -s "$TMP/index.html" "$GW_SOURCE_DIR/web/index.html" || fail "GET / is not web/index.html"
  grep -qi '^set-cookie' <<<"$headers" && fail "GET / set a cookie: $headers"
  csp="content-security-policy: default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
  for h in "$csp" "x-content-type-options: nosniff" "referrer-policy: no-referrer"; do
    grep -qiF "$h" <<<"$headers" || fail "GET /: no '$h': $headers"
  done
  grep -qi '^strict-transport-security' <<<"$headers" && fail "HSTS over plain HTTP: $headers"
  head_answer=$(curl -s -I "http://127.0.0.1:$PORT/js/app.js")
  grep -q '^HTTP/1.1 200' <<<"$head_answer" && grep -qi "^content-length: $(stat -c %s "$GW_SOURCE_DIR/web/js/app.js")" <<<"$head_answer" ||
    fail "HEAD /js/app.js: $head_answer"
  # (curl -I would wait for a body that HEAD must not have: the exchange ends within the time limit)
  body=$(curl -s -m 5 -X HEAD -o - -w '%{http_code} %{size_download}' "http://127.0.0.1:$PORT/index.html")
  [ "$body" = "200 0" ] || fail "HEAD /index.html: $body"
  for h in "$csp" "x-content-type-options: nosniff"; do
    grep -qiF "$h" <<<"$(curl -s -D - -o /dev/null "http://127.0.0.1:$PORT/nothing.html")" || fail "a 404 has no '$h'"
  done
  [ "$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$PORT/")" = 405 ] || fail "POST / is not 405"
  # only the hosts it serves (DNS rebinding): another name, another port, another address are refused
  for h in "evil.example:$PORT" "127.0.0.1:$((PORT + 1))" "127.0.0.2:$PORT" "127.0.0.1" "localhost.:$PORT" \
    "whist.example.org:$PORT" "whist.example"; do
    code=$(curl -s -o "$TMP/421" -w '%{http_code}' -H "Host: $h" "http://127.0.0.1:$PORT/")
    [ "$code" = 421 ] && grep -q "host name" "$TMP/421" || fail "Host: $h answered $code"
  done
  for h in "127.0.0.1:$PORT" "localhost:$PORT" "LOCALHOST:$PORT" "whist.example:$PORT" "cards.example:$PORT"; do
    code=$(curl -s -o /dev/null -w '%{http_code}' -H "Host: $h" "http://127.0.0.1:$PORT/")
    [ "$code" = 200 ] || fail "Host: $h answered $code"
  done
  for path in /../CMakeLists.txt /%2e%2e/CMakeLists.txt /.hidden.html /nothing.html /index.html/x; do
    code=$(curl -s -o /dev/null -w '%{http_code}' --path-as-is "http://127.0.0.1:$PORT$path")
    [ "$code" = 404 ] || [ "$code" = 403 ] || [ "$code" = 400 ] || fail "GET $path: $code"
  done

  # a whole German match against the computer, to its end, hidden cards never sent
  python3 "$CLIENT" 127.0.0.1 "$PORT" play >"$TMP/play.out" 2>&1 || fail "play: $(cat "$TMP/play.out")"
  # its hands are in the statistics, as the terminal game's are
  hands=$(sed -n 's/^ws_client: match over after \([0-9]*\) hands.*/\1/p' "$TMP/play.out")
  stored=$(sqlite3 "$TMP/srv/whist.db" \
    "SELECT count(*) FROM hands h JOIN matches m ON h.match_id = m.id WHERE m.winner IS NOT NULL AND m.opponent = 'easy'")
  [ -n "$hands" ] && [ "$stored" = "$hands" ] || fail "statistics: $stored hands of a finished match stored, $hands played"
  # a rubber of Android Whist, to its end; a hint and an undo
  python3 "$CLIENT" 127.0.0.1 "$PORT" android >"$TMP/android.out" 2>&1 || fail "android: $(cat "$TMP/android.out")"
  python3 "$CLIENT" 127.0.0.1 "$PORT" help >"$TMP/help.out" 2>&1 || fail "help: $(cat "$TMP/help.out")"
  # bad input answered by an error message; the connection and its game go on
  python3 "$CLIENT" 127.0.0.1 "$PORT" bad-input >"$TMP/bad.out" 2>&1 || fail "bad-input: $(cat "$TMP/bad.out")"
  python3 "$CLIENT" 127.0.0.1 "$PORT" bad-origin >"$TMP/origin.out" 2>&1 || fail "bad-origin: $(cat "$TMP/origin.out")"
  python3 "$CLIENT" 127.0.0.1 "$PORT" no-cookie >"$TMP/cookie.out" 2>&1 || fail "no-cookie: $(cat "$TMP/cookie.out")"
  python3 "$CLIENT" 127.0.0.1 "$PORT" invented >"$TMP/invented.out" 2>&1 || fail "invented: $(cat "$TMP/invented.out")"

  # SIGTERM while a client holds a game against the expert: the socket closes, the exit is clean
  python3 "$CLIENT" 127.0.0.1 "$PORT" hold >"$TMP/hold.out" 2>&1 &
  HOLD=$!
  for _ in $(seq 100); do grep -q ready "$TMP/hold.out" && break; sleep 0.05; done
  grep -q ready "$TMP/hold.out" || fail "hold: $(cat "$TMP/hold.out")"
  stop_server TERM
  wait "$HOLD"
  grep -q closed "$TMP/hold.out" || fail "SIGTERM: the client's socket was not closed: $(cat "$TMP/hold.out")"
fi

# TLS: HTTPS and wss:// with --cert and --key, a Secure cookie, an https:// Origin, HSTS (openssl makes the
# certificate: scripts/setup.sh installs it, and without it this test fails rather than skip TLS)
run serve --cert "$TMP/none.pem"
expect_rc 2 "serve --cert alone"
if ! command -v openssl >/dev/null; then
  fail "TLS: no openssl to make a certificate (scripts/setup.sh installs it)"
elif ! openssl req -x509 -newkey rsa:2048 -nodes -keyout "$TMP/key.pem" -out "$TMP/cert.pem" -days 2 \
  -subj /CN=127.0.0.1 >"$TMP/openssl.out" 2>&1; then
  fail "TLS: openssl could not make a certificate: $(cat "$TMP/openssl.out")"
elif start_server --data "$TMP/tls" --cert "$TMP/cert.pem" --key "$TMP/key.pem"; then
  grep -q "^whist serve: https://" "$TMP/serve.out" || fail "TLS: not announced as https"
  headers=$(curl -sk -D - -o /dev/null "https://127.0.0.1:$PORT/")
  grep -qi '^strict-transport-security: max-age=31536000' <<<"$headers" || fail "TLS: no HSTS: $headers"
  grep -qi '^set-cookie' <<<"$headers" && fail "TLS: GET / set a cookie: $headers"
  WS_TLS=1 python3 "$CLIENT" 127.0.0.1 "$PORT" no-cookie >"$TMP/tls-cookie.out" 2>&1 ||
    fail "TLS: no Secure cookie: $(cat "$TMP/tls-cookie.out")"
  WS_TLS=1 python3 "$CLIENT" 127.0.0.1 "$PORT" help >"$TMP/tls.out" 2>&1 || fail "TLS: $(cat "$TMP/tls.out")"
  WS_TLS=1 python3 "$CLIENT" 127.0.0.1 "$PORT" bad-origin >"$TMP/tls-origin.out" 2>&1 ||
    fail "TLS bad-origin: $(cat "$TMP/tls-origin.out")"
  stop_server TERM
fi

# nothing lost: a game saved after every card comes back exactly as it was after SIGKILL
if start_server --data "$TMP/srv"; then
  python3 "$CLIENT" 127.0.0.1 "$PORT" start "$TMP/cookie" >"$TMP/start.out" 2>"$TMP/start.err" ||
    fail "start: $(cat "$TMP/start.err")"
  kill -KILL "$PID"
  wait "$PID" 2>/dev/null
  [ -s "$TMP/srv/whist.db" ] || fail "--data: no $TMP/srv/whist.db"
fi
if start_server --data "$TMP/srv"; then
  python3 "$CLIENT" 127.0.0.1 "$PORT" resume "$TMP/cookie" >"$TMP/resume.out" 2>"$TMP/resume.err" ||
    fail "resume: $(cat "$TMP/resume.err")"
  cmp -s "$TMP/start.out" "$TMP/resume.out" ||
    fail "after SIGKILL the game is not where it was: $(diff "$TMP/start.out" "$TMP/resume.out" | head -5)"
  # another browser (no cookie) has no game
  python3 "$CLIENT" 127.0.0.1 "$PORT" resume >"$TMP/other.out" 2>&1 && fail "another browser got the game"
  stop_server INT
fi

finish
