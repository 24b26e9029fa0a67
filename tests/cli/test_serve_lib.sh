# test_serve_lib.sh: the test library's exit trap (lib.sh) stops every whist serve a test started with
# start_server (serve_lib.sh), however the test ends: a failure, finish, or an error that ends the script.
source "$(dirname "$0")/lib.sh"

for ending in 'fail "on purpose"; finish' 'finish' 'exit 3' 'false || exit 1'; do
  cat >"$TMP/child.sh" <<CHILD
source "$GW_SOURCE_DIR/tests/cli/lib.sh"
source "$GW_SOURCE_DIR/tests/cli/serve_lib.sh"
start_server --data "$TMP/srv" || exit 9
echo "\$PID" >"$TMP/pid"
start_server --data "$TMP/srv2" || exit 9
echo "\$PID" >>"$TMP/pid"
$ending
CHILD
  rm -f "$TMP/pid"
  bash "$TMP/child.sh" >/dev/null 2>&1
  [ -s "$TMP/pid" ] || { fail "$ending: the child test did not start its servers"; continue; }
  for pid in $(cat "$TMP/pid"); do
    if kill -0 "$pid" 2>/dev/null; then
      fail "$ending: whist serve $pid still runs after the test ended"
      kill -KILL "$pid"
    fi
  done
done
finish
