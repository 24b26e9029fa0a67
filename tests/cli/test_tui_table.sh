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
# Seed 414: the computer leads A♠ (for the K♠ up-card); the third card from the left (5♠) follows.
settings 'speed = normal'
start play --seed 414
wait_for "New game" "home"
keys n
wait_for "The computer leads A♠." "the computer's lead"
click 20 17
sleep 0.4
grep -qF "Foreplay · trick 1 of 13" <<<"$(screen)" || fail "one click played a card"
click 20 17
wait_for "The computer wins with A♠" "a second click plays the card"
# During the pause the trick just played is on show, and the title still names it (it said trick 2).
S=$(awaiting "▲wins")
grep -qF "▲wins" <<<"$S" || fail "the pause after trick 1 was never seen: $S"
grep -qF "Foreplay · trick 1 of 13" <<<"$(head -1 <<<"$S")" || fail "the title during the pause after trick 1: $(head -1 <<<"$S")"
# The pause (1.5 s) ends on time although the release came during it: the
# computer then leads trick 2 and it is the human's turn.
within 10 "your turn" "the pause after a clicked trick ends on time"
S=$(screen)
grep -qF "Foreplay · trick 2 of 13" <<<"$S" || fail "not at trick 2 after the click: $S"
# The other buttons and the wheel during a pause freeze nothing either.
keys Enter
sleep 0.2
keys -H 1b 5b 4d 22 30 30 # right button down
sleep 0.1
keys -H 1b 5b 4d 23 30 30 1b 5b 4d 60 30 30 # up; the wheel
within 10 "Foreplay · trick 3 of 13" "the pause after the other buttons ends on time"
within 10 "your turn" "the human's turn after that pause"
keys q y
wait_for "Resume: hand 1" "home after leaving"
keys q
wait_exit

# Single-click play: one click plays, and the pause still ends on time.
settings 'speed = normal' 'single-click = on'
start play --seed 414
wait_for "New game" "home"
keys n y
wait_for "The computer leads A♠." "the computer's lead"
click 20 17
wait_for "The computer wins with A♠" "one click plays with single-click play"
within 10 "your turn" "the pause after a single click ends on time"
keys q y q
wait_exit

# --- 2. While the terminal is too small, only q and resizing do anything -----
settings 'speed = instant'
small() {
  tmux resize-window -t $SESSION -x 60 -y 20
  wait_for "Terminal too small: 60x20" "$1: the too-small message"
}
big() { tmux resize-window -t $SESSION -x 80 -y 24; }
start play --seed 414
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

# --- A typed card you do not hold leaves nothing selected (issue 22, item 11) ----
# Seed 2026 (small deck): the computer deals, so you hold the deck's cards 1, 3, 5, ... and not its second.
settings 'speed = instant'
begin 2026 --variant small
wait_for "your turn" "your lead"
UNF=$XDG_DATA_HOME/whist/unfinished.gwr
NOT_HELD=$(sed -n 's/^\[Deck "[^ ]* \([^ ]*\).*/\1/p' "$UNF")
[ -n "$NOT_HELD" ] || fail "the deck of seed 2026: $(cat "$UNF")"
keys "$(tr 'A-Z' 'a-z' <<<"${NOT_HELD:0:1}")" "$(tr 'A-Z' 'a-z' <<<"${NOT_HELD:1:1}")"
wait_for "You do not hold ${NOT_HELD:0:1}" "a card not held, typed"
keys Enter
wait_for "No card is selected" "Enter after a card not held"
sleep 0.3
grep -qF "Foreplay · trick 1 of 7" <<<"$(screen)" || fail "Enter after a card not held played a card: $(screen)"
grep -qE '^1\.' "$UNF" && fail "Enter after a card not held played a card: $(cat "$UNF")"
keys Right Enter
wait_for "Foreplay · trick 2 of 7" "a card selected with the arrow is played"
keys q y q
wait_exit

# --- 13. Undo with nothing to take back; the footer without the tracker -------
settings 'speed = instant' 'tracker = off'
begin 414
wait_for "The computer leads A♠." "the computer's lead"
grep -qF "c tracker" <<<"$(screen)" && fail "the footer offers the tracker when it is off"
keys '?'
wait_for "take back your last card" "the help box"
grep -qF "card tracker" <<<"$(screen)" && fail "the help offers the tracker when it is off"
keys Escape
press Enter
wait_for "Foreplay · trick 2 of 13" "a card played"
wait_for "your turn" "the human's turn at trick 2"
keys u
wait_for "Your last card is taken back." "undo"
wait_for "Foreplay · trick 1 of 13" "back at trick 1"
keys u
wait_for "Nothing to take back" "undo with nothing left to take back"
grep -qF "Your last card is taken back" <<<"$(screen)" &&
  fail "undo with nothing to take back still says a card was taken back: $(screen)"
keys q y q
wait_exit

# --- The end of a match: review, too small, New game ---------------------------
# faces: the face-up cards on an ASCII screen (|R  | over |  S|), one a line.
faces() {
  awk '{ l[NR] = $0 }
    END {
      for (r = 1; r < NR; r++)
        for (c = 1; c <= length(l[r]) - 3; c++) {
          if (substr(l[r], c, 1) != "|" || substr(l[r + 1], c, 1) != "|") continue
          rk = substr(l[r], c + 1, 2); st = substr(l[r + 1], c + 3, 1)
          if (rk !~ /^(10|[2-9AKQJ] )$/ || st !~ /^[SHDC]$/) continue
          sub(/ /, "", rk); print rk st
        }
    }'
}
settings 'speed = instant' 'target = 1'
TUI_LANG=C begin 5
for ((i = 0; i < 200; i++)); do
  S=$(awaiting "your turn|is over")
  grep -qF "is over" <<<"$S" && break
  press Enter || break
done
wait_for "The match is over" "a match to 1 ends after its first hand"
grep -qF "Enter: new game" <<<"$(screen)" || fail "the end of the match does not offer New game: $(screen)"
# Too small: no key but q acts on the hidden scoreboard.
small "the scoreboard"
keys Enter r n
sleep 0.4
big
wait_for "The match is over" "the scoreboard after growing"
grep -qE "Review: hand|Foreplay - trick" <<<"$(screen)" && fail "a key acted on the hidden scoreboard"
# The review: every card shows once (the trick's two cards are not also in the hands).
keys r
wait_for "Review: hand 1, trick 14 of 26" "the review starts at the endgame"
for t in 14 15 16 26 25; do
  case $t in 26) keys End ;; 25) keys Left ;; 14) ;; *) keys Right ;; esac
  wait_for "Review: hand 1, trick $t of 26" "review trick $t"
  F=$(screen | faces)
  [ "$(wc -l <<<"$F")" -ge 2 ] || fail "review trick $t: no cards found on the screen: $(screen)"
  dup=$(sort <<<"$F" | uniq -d | tr '\n' ' ')
  [ -z "$dup" ] || fail "review trick $t shows $dup twice: $(screen)"
done
small "the review"
keys Left Enter
sleep 0.3
big
wait_for "Review: hand 1, trick 25 of 26" "a key acted on the hidden review"
small "the review again"
keys q
sleep 0.3
big
wait_for "The match is over" "q on the hidden review goes back to the scoreboard"
# New game: a fresh match with the same rules.
keys Enter
wait_for "Foreplay - trick 1 of 13" "New game at the end of a match starts a match"
S=$(screen)
grep -qF "to 1 " <<<"$S" || fail "the new match lost the target: $S"
grep -qE "You +0 points" <<<"$S" || fail "the new match does not start at 0: $S"
keys q y
wait_for "Resume: hand 1, you 0 - computer 0" "the new match is kept for resuming"
keys q
wait_exit
# h at the end of a match goes home.
TUI_LANG=C begin 5
for ((i = 0; i < 200; i++)); do
  S=$(awaiting "your turn|is over")
  grep -qF "is over" <<<"$S" && break
  press Enter || break
done
wait_for "The match is over" "the match ends again"
keys h
wait_for "New game" "h at the end of a match goes home"
grep -qF "Resume" <<<"$(screen)" && fail "a finished match is offered for resuming"
keys q
wait_exit

# --- Large terminals and the stacked hand --------------------------------------
# card_rows FROM: the lines from FROM down holding at least three card bottoms.
card_rows() { screen | tail -n +"$1" | grep -cE '(└─+┘.*){3}'; }
settings 'speed = instant'
rm -f "$XDG_DATA_HOME/whist/unfinished.gwr"
COLS=200 ROWS=60 start play --seed 414
wait_for "New game" "home at 200x60"
keys n
wait_for "The computer leads A♠." "the table at 200x60"
S=$(screen)
grep -qF "┌───────┐" <<<"$S" || fail "no larger cards at 200x60: $S"
grep -qF "┌───┐" <<<"$S" && fail "small cards left at 200x60"
# Centred: the trump label (the table's left edge) well away from the screen's edge.
col=$(grep -m1 -o "^ *Trump" <<<"$S" | wc -c)
[ "$col" -gt 20 ] || fail "the table is not centred at 200x60 (Trump at column $col)"
[ "$(card_rows 30)" = 1 ] || fail "one row of cards expected at 200x60: $S"
# A click on a large card selects it, a second plays it (the third card, 5♠).
line=$(grep -n "│5♠" <<<"$S" | tail -1)
y=$((${line%%:*} - 1))
x=$(printf '%s' "${line#*:}" | sed 's/│5♠.*//' | LC_ALL=C.UTF-8 wc -m)
click $((x + 2)) "$y"
sleep 0.3
grep -qF "Foreplay · trick 1 of 13" <<<"$(screen)" || fail "one click on a large card played it"
click $((x + 2)) "$y"
wait_for "Foreplay · trick 2 of 13" "two clicks on a large card play it"
keys q y q
wait_exit
# Stacked: the hand in two rows when the terminal has the rows; the setting
# changes on the Settings screen and is saved.
settings 'speed = instant'
rm -f "$XDG_DATA_HOME/whist/unfinished.gwr"
COLS=80 ROWS=30 start play --seed 414
wait_for "New game" "home at 80x30"
keys s
wait_for "Hand display" "the settings screen offers the hand display"
for _ in 1 2 3 4 5 6 7 8 9; do keys Down; done
keys Right
wait_for "stacked (two rows)" "the hand display changes to stacked"
keys q
wait_for "New game" "home after the settings"
grep -qF "hand-display = stacked" "$XDG_CONFIG_HOME/whist/settings.conf" || fail "hand-display not saved"
keys n
wait_for "The computer leads A♠." "the stacked table"
[ "$(card_rows 13)" = 2 ] || fail "the stacked hand is not in two rows: $(screen)"
keys q y q
wait_exit

finish
