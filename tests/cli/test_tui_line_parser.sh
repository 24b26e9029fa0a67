# test_tui_line_parser.sh: on a terminal, `whist play OPTIONS` and `whist OPTIONS` refuse a bad value in
# the words and with the exit status of `whist play --plain` (one parser, the session's, checks them
# before the full-screen game starts); good values open the full-screen game.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/tmux_lib.sh"

SESSION=parser
for args in "play --target 0" "--opponent god" "play --think-ms 0" "--variant big" "play --opponent human"; do
  # shellcheck disable=SC2086
  run play --plain ${args#play }
  expected=$(head -n 1 <<<"$ERR")
  [ -n "$expected" ] || fail "play --plain ${args#play }: no message"
  COLS=250 start "$args"
  wait_for "$expected" "whist $args on a terminal"
  wait_exit
  [ "$RC" = 2 ] || fail "whist $args on a terminal: exit $RC"
done
COLS=250 start --ascii --target 3 --opponent easy --think-ms 50
wait_for "S H  G E R M A N   W H I S T  D C" "good values: the home screen"
keys q
wait_exit
[ "$RC" = 0 ] || fail "good values: exit $RC"
finish
