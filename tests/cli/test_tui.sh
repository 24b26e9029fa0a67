# test_tui.sh: the full-screen game driven in tmux: home screen, a whole match
# played with keys, screen contents along the way, resize and a too-small
# terminal, leaving and resuming, signals, ASCII mode, and the database after.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/tmux_lib.sh"

mkdir -p "$XDG_CONFIG_HOME/whist"
printf 'speed = instant\ntarget = 3\n' >"$XDG_CONFIG_HOME/whist/settings.conf"

# --- The home screen --------------------------------------------------------
start play --seed 7
wait_for "G E R M A N" "home screen"
S=$(screen)
for item in "New game" "Settings" "Statistics" "Rules" "Quit" "match to 3"; do
  grep -qF "$item" <<<"$S" || fail "home screen lacks '$item'"
done
grep -qF "Resume" <<<"$S" && fail "home screen offers Resume with no unfinished match"
screen >"$TMP/home.txt"

# --- The table ----------------------------------------------------------------
keys Enter
wait_for "Foreplay · trick 1 of 13 · trump" "the table in the foreplay"
S=$(screen)
grep -qE "Trump (♠|♥|♦|♣)" <<<"$S" || fail "the table does not show the trump suit"
grep -qF "Stock: 26 left" <<<"$S" || fail "the stock does not start at 26: $(stock_left)"
grep -qF "your turn" <<<"$S$(screen)" || grep -qF "to play" <<<"$S" || fail "no turn marker"
grep -qF "13 cards" <<<"$S" || grep -qF "12 cards" <<<"$S" || fail "the computer's card count is missing"
first_stock=$(stock_left)

# A refused card: 'x' is no key; the help lists the keys.
keys '?'
wait_for "take back your last card" "the help box"
keys Escape
# Play three tricks with Enter (the selection is always a legal card).
for _ in 1 2 3; do press Enter; done
wait_for "Foreplay · trick 4 of 13" "three tricks played"
now=$(stock_left)
[ -n "$now" ] && [ "$now" -lt "$first_stock" ] || fail "the stock count did not fall: $first_stock then $now"
screen >"$TMP/foreplay.txt"

# The card tracker and the last trick.
keys c
wait_for "Not seen yet" "the card tracker"
keys Escape
keys t
wait_for "Last trick: 3" "the last trick"
keys Escape

# Typing a card selects it; an illegal or absent one is refused with a reason.
keys 1 0 x
wait_for "not a key here" "a stray key gets an answer"

# --- Resize mid-hand, and a terminal too small --------------------------------
tmux resize-window -t $SESSION -x 60 -y 20
wait_for "Terminal too small: 60x20" "a terminal too small"
tmux resize-window -t $SESSION -x 100 -y 30
wait_for "Foreplay · trick 4 of 13" "redrawn after growing"
tmux resize-window -t $SESSION -x 80 -y 24
wait_for "Foreplay · trick 4 of 13" "redrawn at 80x24"

# --- Leave and resume ---------------------------------------------------------
keys q
wait_for "Leave the table?" "leaving asks first"
keys n
wait_for "Foreplay · trick 4 of 13" "staying at the table"
keys q
wait_for "Leave the table?" "leaving asks first"
keys y
wait_for "Resume: hand 1, you 0 - computer 0" "the home screen offers to resume"
[ -f "$XDG_DATA_HOME/whist/unfinished.gwr" ] || fail "no unfinished match file"
keys q
wait_exit
[ "$RC" = 0 ] || fail "quitting from home: exit $RC"
run check "$XDG_DATA_HOME/whist/unfinished.gwr"
expect_rc 0 "the unfinished match is a valid record"
expect_out "unfinished after trick" "the unfinished match is unfinished"

start
wait_for "Resume: hand 1" "resume after a restart"
keys Enter
wait_for "Welcome back: hand 1 goes on." "resumed"
wait_for "Foreplay · trick 4 of 13" "resumed at the same trick"

# --- Undo ---------------------------------------------------------------------
keys Enter
sleep 0.3
keys u
wait_for "Your last card is taken back." "undo"

# --- Play the match to its end, looking at the scoreboard and the endgame -----
saw_endgame=0 saw_board=0
for ((i = 0; i < 2000; i++)); do
  S=$(awaiting "your turn|is over")
  if grep -qF "Endgame · trick" <<<"$S" && [ $saw_endgame = 0 ]; then
    saw_endgame=1
    screen >"$TMP/endgame.txt"
    keys i
    wait_for "Exact: with best play you win" "the endgame hint"
  fi
  if grep -qF "is over" <<<"$S"; then
    grep -qF "Match score (to 3)" <<<"$S" || fail "the scoreboard lacks the match score"
    grep -qE "(You score|The computer scores|Nobody scores)" <<<"$S" || fail "the scoreboard lacks who scored"
    [ $saw_board = 0 ] && screen >"$TMP/scoreboard.txt"
    saw_board=1
    if grep -qF "The match is over" <<<"$S"; then
      grep -qE "(You win the match|The computer wins the match)" <<<"$S" || fail "no match winner"
      break
    fi
  fi
  press Enter || break
done
[ $saw_endgame = 1 ] || fail "never saw the endgame"
[ $saw_board = 1 ] || fail "never saw a scoreboard"
wait_for "The match is over" "the match ends"
screen >"$TMP/matchover.txt"

# The review: the solver's verdict on the endgame cards.
keys r
wait_for "Review: hand" "the review"
wait_for "Solver:" "the solver's verdict"
keys q
wait_for "The match is over" "back from the review"
keys h # home (Enter would start a new game)
wait_for "New game" "home after the match"
grep -qF "Resume" <<<"$(screen)" && fail "a finished match is offered for resuming"
[ -f "$XDG_DATA_HOME/whist/unfinished.gwr" ] && fail "the finished match is still kept as unfinished"

# The statistics screen.
keys a
wait_for "Matches" "the statistics screen"
wait_for "All " "the total row"
keys q
keys q
wait_exit
[ "$RC" = 0 ] || fail "quit: exit $RC"

# --- The database afterwards --------------------------------------------------
run stats
expect_rc 0 "whist stats"
expect_out "hard" "stats name the level"
run history
expect_rc 0 "whist history"
hands=$(sqlite3 "$XDG_DATA_HOME/whist/whist.db" "select count(*) from hands")
matches=$(sqlite3 "$XDG_DATA_HOME/whist/whist.db" "select count(*) from matches where winner in (0, 1)")
[ "$hands" -ge 1 ] || fail "no hands stored: $hands"
[ "$matches" = 1 ] || fail "finished matches stored: $matches"
assisted=$(sqlite3 "$XDG_DATA_HOME/whist/whist.db" "select count(*) from hands where assisted = 1")
[ "$assisted" -ge 1 ] || fail "the hand with an undo is not marked assisted"
run replay --id 1
expect_rc 0 "whist replay --id 1"

# --- A signal keeps the match and restores the terminal ----------------------
start play --seed 11
wait_for "New game" "home again"
keys n
wait_for "Foreplay · trick 1 of 13" "a new match"
keys Enter
sleep 0.3
# The whist of this test's pane (other tests may run whist at the same time).
pid=$(pgrep -P "$(tmux display -p -t $SESSION '#{pane_pid}')" -x whist)
kill -TERM "$pid"
wait_exit
[ "$RC" = 143 ] || fail "SIGTERM: exit $RC, expected 143"
wait_for "stopped by signal 15" "the signal is reported on the restored terminal"
[ -f "$XDG_DATA_HOME/whist/unfinished.gwr" ] || fail "SIGTERM lost the unfinished match"
start
wait_for "Resume: hand 1" "resume after SIGTERM"
keys q
wait_exit

# --- ASCII: no UTF-8 locale ---------------------------------------------------
TUI_LANG=C start play --seed 5
wait_for "G E R M A N" "the home screen in ASCII"
keys n y
wait_for "Foreplay - trick" "the table in ASCII"
S=$(screen)
grep -q "+---+" <<<"$S" || fail "ASCII cards are not drawn with + - |"
grep -q "[♠♥♦♣┌]" <<<"$S" && fail "non-ASCII characters on an ASCII terminal"
keys q y q
wait_exit

# --- A too-small terminal at the start; a corrupt database --------------------
COLS=50 ROWS=15 start
wait_for "Terminal too small: 50x15" "too small at the start"
keys q
wait_exit
[ "$RC" = 0 ] || fail "q on a too-small terminal: exit $RC"
printf 'this is not a database' >"$XDG_DATA_HOME/whist/whist.db"
start play --seed 414
wait_for "Statistics are off" "a corrupt database turns statistics off"
keys n y
wait_for "Foreplay · trick 1 of 13" "the game plays without statistics"
# The mouse (xterm reports: ESC [ M button x+33 y+33): with seed 414 the
# computer leads A♠ and the third card from the left, 5♠, may follow. One
# click selects it, a second plays it.
click() {
  local x y
  x=$(printf '%x' $(($1 + 33)))
  y=$(printf '%x' $(($2 + 33)))
  keys -H 1b 5b 4d 20 "$x" "$y" 1b 5b 4d 23 "$x" "$y" # press, release
}
wait_for "The computer leads A♠." "the computer's lead"
click 20 17
sleep 0.3
grep -qF "Foreplay · trick 1 of 13" <<<"$(screen)" || fail "one click played a card"
click 20 17
wait_for "Foreplay · trick 2 of 13" "a second click plays the card"
keys q y q
wait_exit
[ "$(cat "$XDG_DATA_HOME/whist/whist.db")" = "this is not a database" ] || fail "the corrupt database was changed"

# An unusable data folder: no statistics, no resuming, but the game plays.
(
  printf 'x' >"$TMP/plainfile"
  XDG_DATA_HOME="$TMP/plainfile/data"
  start play --seed 3
  wait_for "Statistics are off" "an unusable data folder turns statistics off"
  keys n
  wait_for "Foreplay · trick 1 of 13" "the game plays without a data folder"
  wait_for "Cannot keep the match for resuming" "the player is told the match cannot be kept"
  keys Enter
  wait_for "Foreplay · trick 2 of 13" "a card played without a data folder"
  keys q y q
  wait_exit
  [ "$RC" = 0 ] || fail "quit without a data folder: exit $RC"
  exit "$FAILS"
) || FAILS=$((FAILS + $?))

# --- Android Whist ------------------------------------------------------------
# Against the computer: a whole rubber with Enter (the first card or command
# offered), then the saved record checks.
start play --seed 21
wait_for "Android Whist" "the home screen offers Android Whist"
keys w
wait_for "c: you against the computer" "the Android Whist choice"
keys c
wait_for "Android Whist · trump" "the Android Whist table"
S=$(screen)
grep -qE "(L|N|X|D) (Computer|You)" <<<"$S" || fail "the humans' seats are not labelled"
grep -qF "your android" <<<"$S" || fail "your android is not shown"
grep -qF "their android" <<<"$S" || fail "the opposing android is not shown"
for ((i = 0; i < 3000; i++)); do
  S=$(awaiting "Enter play|command your android|Enter: next hand|Enter: home")
  grep -qF "Command X" <<<"$S" && grep -qE "│ [a-zA-Z]  (duck|beat|high|spades|hearts|diamonds|clubs|shortest|longest)" <<<"$S" && saw_menu=1
  grep -qF "The rubber is over" <<<"$S" && break
  press Enter || break
done
[ "${saw_menu:-0}" = 1 ] || fail "never saw the command menu"
wait_for "The rubber is over" "a whole rubber against the computer"
grep -qE "wins? the rubber by [0-9]+" <<<"$(screen)" || fail "the rubber's winner and margin"
keys Enter
wait_for "New game" "home after the rubber"
keys q
wait_exit
run check "$XDG_DATA_HOME/whist/games/android-21.gwr"
expect_rc 0 "the Android Whist record checks"
expect_out "side" "the Android Whist record's summaries"

# Two players at one terminal: a hand-over screen hides everything private.
start play --seed 22
wait_for "Android Whist" "home"
keys w t
wait_for "Pass the keyboard to" "the hand-over screen"
S=$(screen)
grep -q "[♠♥♦♣]" <<<"$(sed 1d <<<"$S" | grep -v "is turned")" && fail "the hand-over screen shows cards"
keys Enter
wait_for "Command" "the first human commands their android"
# A whole rubber, both players pressing Enter (hand-over screens included).
handovers=0
for ((i = 0; i < 6000; i++)); do
  S=$(awaiting "Enter play|command your android|Pass the keyboard|Enter: next hand|Enter: home")
  grep -qF "Pass the keyboard to" <<<"$S" && handovers=$((handovers + 1))
  grep -qF "The rubber is over" <<<"$S" && break
  press Enter || break
done
wait_for "The rubber is over" "a whole hot-seat rubber"
[ "$handovers" -gt 20 ] || fail "too few hand-over screens: $handovers"
keys Enter
wait_for "New game" "home after the hot-seat rubber"
keys q
wait_exit
run check "$XDG_DATA_HOME/whist/games/android-22.gwr"
expect_rc 0 "the hot-seat record checks"

# Not a terminal: whist prints help; play asks for --plain.
run
expect_rc 0 "whist without a terminal"
expect_out "Usage: whist" "whist without a terminal prints help"
run play
expect_rc 2 "whist play without a terminal"
expect_err "--plain" "whist play without a terminal"

# Screens for docs/ (GW_TUI_SHOTS=DIR keeps them).
if [ -n "${GW_TUI_SHOTS:-}" ]; then
  mkdir -p "$GW_TUI_SHOTS"
  cp "$TMP"/home.txt "$TMP"/foreplay.txt "$TMP"/endgame.txt "$TMP"/scoreboard.txt "$TMP"/matchover.txt "$GW_TUI_SHOTS"/
fi
finish
