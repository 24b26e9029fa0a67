# test_tui_table.sh: the full-screen German Whist table driven in tmux as a
# person uses it: real mouse clicks (press, then release), a terminal too
# small during play, the trick counts every-trick scoring shows, undo with
# nothing to take back, the footer without the tracker, the hand review, New
# game at the end of a match, large terminals and the stacked hand display.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/tmux_lib.sh"

mkdir -p "$XDG_CONFIG_HOME/whist"
settings() { printf '%s\n' "$@" >"$XDG_CONFIG_HOME/whist/settings.conf"; }

# within SECONDS TEXT WHAT: the screen shows TEXT within SECONDS (for what
# must happen on time, where wait_for's long patience would hide a hang).
within() {
  local i
  for ((i = 0; i < $1 * 10; i++)); do
    screen | grep -qF -- "$2" && return 0
    sleep 0.1
  done
  fail "$3: the screen did not show '$2' within $1 s:"
  screen >&2
  return 1
}

# begin SEED [ARGS]: a new match from the home screen (no unfinished match to abandon).
begin() {
  rm -f "$XDG_DATA_HOME/whist/unfinished.gwr"
  start play --seed "$@"
  wait_for "New game" "home"
  keys n
  wait_for "trick 1 of" "a new match"
}

# X10 mouse reports (ESC [ M button x+33 y+33; button 0 press, 3 release) and
# SGR ones (ESC [ < button ; x+1 ; y+1 M for a press, m for a release).
x10() { printf '%x' $(($1 + 33)); }
press_at() { keys -H 1b 5b 4d 20 "$(x10 "$1")" "$(x10 "$2")"; }
release_at() { keys -H 1b 5b 4d 23 "$(x10 "$1")" "$(x10 "$2")"; }
# click X Y: a person's click: the button goes down, and up a moment later.
click() {
  press_at "$1" "$2"
  sleep 0.15
  release_at "$1" "$2"
}

# --- 1. A click never freezes the pause after a trick ------------------------
# Seed 42: the computer leads A♠; the third card from the left (3♠) follows.
settings 'speed = normal'
start play --seed 42
wait_for "New game" "home"
keys n
wait_for "The computer leads A♠." "the computer's lead"
click 20 17
sleep 0.4
grep -qF "Foreplay · trick 1 of 13" <<<"$(screen)" || fail "one click played a card"
click 20 17
wait_for "The computer wins with A♠" "a second click plays the card"
# The pause (1.5 s) ends on time although the release came during it: the
# computer then leads trick 2 and it is the human's turn.
within 6 "your turn" "the pause after a clicked trick ends on time"
S=$(screen)
grep -qF "Foreplay · trick 2 of 13" <<<"$S" || fail "not at trick 2 after the click: $S"
# The other buttons and the wheel during a pause freeze nothing either.
keys Enter
sleep 0.2
keys -H 1b 5b 4d 22 30 30 # right button down
sleep 0.1
keys -H 1b 5b 4d 23 30 30 1b 5b 4d 60 30 30 # up; the wheel
within 6 "Foreplay · trick 3 of 13" "the pause after the other buttons ends on time"
within 6 "your turn" "the human's turn after that pause"
keys q y
wait_for "Resume: hand 1" "home after leaving"
keys q
wait_exit

# Single-click play: one click plays, and the pause still ends on time.
settings 'speed = normal' 'single-click = on'
start play --seed 42
wait_for "New game" "home"
keys n y
wait_for "The computer leads A♠." "the computer's lead"
click 20 17
wait_for "The computer wins with A♠" "one click plays with single-click play"
within 6 "your turn" "the pause after a single click ends on time"
keys q y q
wait_exit

# --- 2. While the terminal is too small, only q and resizing do anything -----
settings 'speed = instant'
small() {
  tmux resize-window -t $SESSION -x 60 -y 20
  wait_for "Terminal too small: 60x20" "$1: the too-small message"
}
big() { tmux resize-window -t $SESSION -x 80 -y 24; }
start play --seed 42
wait_for "New game" "home"
keys n y
wait_for "The computer leads A♠." "the computer's lead"
small "the turn"
for k in Enter Space '?' c t i u l 3 s x Escape; do keys "$k"; done
sleep 0.5
big
wait_for "The computer leads A♠." "the table after growing"
S=$(screen)
grep -qF "Foreplay · trick 1 of 13" <<<"$S" || fail "a key played a card on the hidden table"
grep -qE "Keys|Not seen yet|Last trick|Estimate|Thinking|Leave the table|now the suit|not a key" <<<"$S" &&
  fail "a key acted on the hidden table: $S"
# A box open when the terminal shrinks: keys do nothing, q leaves the table.
keys '?'
wait_for "take back your last card" "the help box"
small "the help box"
keys Enter
sleep 0.3
big
wait_for "take back your last card" "the help box is still open after a key on the hidden box"
small "the help box again"
keys q
sleep 0.3
big
wait_for "Resume: hand 1, you 0 - computer 0" "q on the hidden box leaves the table, keeping the match"
keys r
wait_for "Welcome back" "resumed"
grep -qF "Foreplay · trick 1 of 13" <<<"$(screen)" || fail "a card was played after resuming"
# q on the hidden table leaves at once (the match is kept).
small "the turn again"
keys q
sleep 0.3
big
wait_for "Resume: hand 1, you 0 - computer 0" "q on the hidden table leaves, keeping the match"
keys q
wait_exit

# --- 3. The trick counts follow the scoring rule -------------------------------
# Every-trick scoring counts the foreplay's tricks too: at the first endgame
# trick both players' counts add up to the 13 foreplay tricks.
settings 'speed = instant' 'scoring = every'
begin 9
grep -qF "0 tricks (both phases)" <<<"$(screen)" || fail "every-trick scoring: the count is not labelled"
for ((i = 0; i < 200; i++)); do
  S=$(awaiting "your turn")
  grep -qF "Endgame · trick 1 of 13" <<<"$S" && break
  press Enter || break
done
S=$(screen)
counts=$(grep -oE "[0-9]+ tricks? \(both phases\)" <<<"$S" | grep -oE "^[0-9]+")
sum=0
for n in $counts; do sum=$((sum + n)); done
[ "$(wc -w <<<"$counts")" = 2 ] && [ "$sum" = 13 ] ||
  fail "every-trick scoring at the first endgame trick: counts '$counts' do not add up to 13: $S"
keys q y q
wait_exit
# Last-13 scoring names the endgame tricks.
settings 'speed = instant'
begin 9
wait_for "0 endgame tricks" "last-13 scoring names the endgame tricks"
keys q y q
wait_exit

finish
