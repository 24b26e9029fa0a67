# tmux_lib.sh: helpers for driving the full-screen game in tmux, sourced after
# lib.sh by tests/cli/test_tui*.sh: start whist in a private tmux server, read
# the screen, send keys and wait for what the screen shows.
command -v tmux >/dev/null || { fail "tmux is not installed (scripts/setup.sh installs it)"; finish; }
export TMUX_TMPDIR=$TMP/tmux
mkdir -p "$TMUX_TMPDIR"
SESSION=whist-test
WAIT=${GW_TUI_WAIT:-40} # seconds to wait for a screen (sanitizer builds are slow)
trap 'tmux kill-server 2>/dev/null; rm -rf "$TMP"' EXIT
# A session that outlives each game's, so that the tmux server never exits
# between two games (a new session racing the server's exit fails).
tmux -f /dev/null new-session -d -s keepalive "sleep 3600"

# start ARGS...: starts whist in a fresh 80x24 tmux window; its exit code goes to $TMP/rc.SESSION
# (one file per session: a session killed earlier may still write its own code late).
start() {
  rm -f "$TMP/rc.$SESSION"
  tmux kill-session -t $SESSION 2>/dev/null
  tmux -f /dev/null new-session -d -s $SESSION -x "${COLS:-80}" -y "${ROWS:-24}" \
    "env LANG=${TUI_LANG:-C.UTF-8} LC_ALL=${TUI_LANG:-C.UTF-8} TERM=tmux-256color \
     XDG_DATA_HOME='$XDG_DATA_HOME' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' HOME='$HOME' \
     '$WHIST' $*; echo \$? >'$TMP/rc.$SESSION'; sleep 600"
}
screen() { tmux capture-pane -p -t $SESSION; }
keys() { tmux send-keys -t $SESSION "$@"; }
# wait_for TEXT WHAT: waits until the screen shows TEXT; fails with the screen if it never does.
wait_for() {
  local i
  for ((i = 0; i < WAIT * 10; i++)); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  fail "$2: the screen never showed '$1':"
  screen >&2
  return 1
}
# wait_exit: waits for whist to end; leaves its exit code in $RC.
wait_exit() {
  local i
  for ((i = 0; i < WAIT * 10; i++)); do
    [ -s "$TMP/rc.$SESSION" ] && break
    sleep 0.1
  done
  RC=$(cat "$TMP/rc.$SESSION" 2>/dev/null || echo none)
}
# press KEY: sends a key and waits until the screen changes (so that keys never
# pile up ahead of a slow machine).
press() {
  local before i
  before=$(screen)
  keys "$1"
  for ((i = 0; i < WAIT * 20; i++)); do
    [ "$(screen)" != "$before" ] && return 0
    sleep 0.05
  done
  fail "the screen did not change after $1:"
  screen >&2
  return 1
}
# awaiting RE: waits until the screen shows that whist waits for a key (RE, an
# extended regular expression of such screens) and prints that screen, so that
# a loop never presses a key meant for a screen that is still to come.
awaiting() {
  local i S
  for ((i = 0; i < WAIT * 20; i++)); do
    S=$(screen)
    grep -qE -- "$1" <<<"$S" && { printf '%s\n' "$S"; return 0; }
    sleep 0.05
  done
  screen
}
# stock_left: the number the table shows after "Stock: ".
stock_left() { screen | sed -n 's/.*Stock: \([0-9]*\) left.*/\1/p' | head -1; }

