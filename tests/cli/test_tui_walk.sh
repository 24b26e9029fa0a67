# test_tui_walk.sh: every screen of the full-screen game at 80x24, walked in tmux as a player reaches it (home,
# the table in the foreplay and the endgame with its boxes, the tracker, hints, the scoreboard, the review,
# settings, statistics, history, rules, the Android Whist table and its boxes, the lock messages of a second
# whist, ASCII): fails on any text cut off (whist notes every text it draws only in part in the file
# WHIST_TUI_CUTS names), on any line that ends mid-word at the right border, and on anything drawn over a
# box's border.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/tmux_lib.sh"

CUTS=$TMP/cuts
tmux set-environment -g WHIST_TUI_CUTS "$CUTS"
mkdir -p "$XDG_CONFIG_HOME/whist" "$TMP/shots"
printf 'speed = instant\n' >"$XDG_CONFIG_HOME/whist/settings.conf"

# look NAME: the screen now, checked: no letter or digit in the last column (a line that runs into the border
# ends mid-word there, or a word is cut), and every titled box ("┌─ Title ─┐", ASCII "+- Title -+") whole:
# its sides down to its bottom corners, nothing drawn over them.
LOOKED=0
look() {
  local f="$TMP/shots/$1.txt"
  screen >"$f"
  LOOKED=$((LOOKED + 1))
  python3 - "$1" "$f" <<'EOF' || FAILS=$((FAILS + 1))
import re, sys
name, path = sys.argv[1], sys.argv[2]
rows = open(path, encoding="utf-8").read().split("\n")
bad = []
for i, r in enumerate(rows):
    if len(r) >= 80 and r[79].isalnum():
        bad.append(f"row {i + 1} runs into the right border: {r!r}")
for i, r in enumerate(rows):
    for m in re.finditer(r"(┌─ |\+- )\S", r):
        a = m.start()
        corner = "┐" if r[a] == "┌" else "+"
        b = r.find(corner, a + 1)
        if b < 0:
            bad.append(f"row {i + 1}: a box without its right corner: {r!r}")
            continue
        side, bottom = ("│", "└┘") if corner == "┐" else ("|", "++")
        for k in range(i + 1, len(rows)):
            row = rows[k].ljust(b + 1)
            if row[a] == bottom[0] and row[b] == bottom[1]:
                break
            if row[a] != side or row[b] != side:
                bad.append(f"row {k + 1}: the box of row {i + 1} ({r[a:b + 1][:30]}...) is drawn over: {rows[k]!r}")
                break
        else:
            bad.append(f"row {i + 1}: a box without its bottom: {r!r}")
if bad:
    print(f"FAIL: {name}: " + "\n  ".join(bad) + "\n" + "\n".join(rows), file=sys.stderr)
    sys.exit(1)
EOF
}
# see TEXT NAME: waits for TEXT, then looks.
see() { wait_for "$1" "$2" && look "$2"; }
# until_screen RE KEY: presses KEY until the screen matches RE (at most 80 times).
until_screen() {
  local i
  for ((i = 0; i < 80; i++)); do
    screen | grep -qE -- "$1" && return 0
    press "$2" || return 1
  done
  fail "never reached /$1/: $(screen)"
}
# table_ready: waits until the German table waits for the human's card (and its frame is drawn).
table_ready() { awaiting "your turn.*" >/dev/null; }

# --- Home, and the German Whist table in the foreplay with its boxes ---------------------------------------
SESSION=copy-a
start play --seed 2026
see "G E R M A N" home
keys n
wait_for "Hand 1:" "the new hand's line"
table_ready
look table-foreplay
keys '?'
see "Press any key." keys-box-foreplay
keys Escape
keys c
see "Not seen yet" tracker-foreplay
keys Escape
keys t
see "No trick has been played" no-last-trick
keys i
see "Expected points" hint-foreplay
# a card the computer holds (the deck's cards go to the non-dealer first): typed, refused
UNF=$XDG_DATA_HOME/whist/unfinished.gwr
deck=($(sed -n 's/^\[Deck "\(.*\)"\]$/\1/p' "$UNF"))
dealer=$(sed -n 's/^\[Dealer "\([12]\)"\]$/\1/p' "$UNF")
theirs=${deck[$([ "$dealer" = 2 ] && echo 1 || echo 0)]}
keys "$(tr 'A-Z' 'a-z' <<<"${theirs:0:1}")" "$(tr 'A-Z' 'a-z' <<<"${theirs:1:1}")"
see "You do not hold" card-not-held
keys q
see "Leave the table?" leave-box
keys Escape
keys Right
press Enter
table_ready
keys t
see "Last trick: 1" last-trick
keys Escape

# --- The endgame, its boxes and hint; the scoreboard; the review -------------------------------------------
until_screen "Endgame · trick 1 of 13.*" Enter
table_ready
look table-endgame
keys '?'
see "Press any key." keys-box-endgame
keys Escape
keys c
see "The computer holds" tracker-endgame
keys Escape
keys i
see "Exact points" hint-endgame
until_screen "Hand 1 is over" Enter
look scoreboard
keys r
see "Review: hand 1, trick 14 of 26" review-endgame
keys Home
see "Review: hand 1, trick 1 of 26" review-foreplay
keys w
sleep 0.3
look review-worst
keys q
see "Hand 1 is over" scoreboard-again
keys h
see "Resume: hand 2" home-resume

# --- Settings, statistics, history, rules ---------------------------------------------------------------------
keys s
see "Win target" settings
keys Right
see "small (28 cards)" settings-small
keys Left
wait_for "classic (52 cards)" "settings: back to the classic deck"
keys Down Down 0
wait_for "0_" "settings: a target typed"
keys Escape
see "0 is not a win target" settings-refusal
keys Escape
see "G E R M A N" home-after-settings
keys a
see "German Whist" statistics
keys q
keys h
see "Played" history
keys Enter
see "Review: hand 1" history-review
keys q
see "Played" history-again
keys q
wait_for "G E R M A N" "home after the history"
keys '?'
see "THE DEAL" rules-1
for page in 2 3 4 5 6 7 8; do
  keys NPage
  sleep 0.2
  look rules-$page
done
keys q
wait_for "G E R M A N" "home after the rules"

# --- Android Whist: the table, its boxes, a whole hand, the scoreboard, the replay --------------------------
keys w
see "c: you against the computer" android-choice
keys c
S=$(awaiting "Enter play|command your android")
look android-table
keys '?'
see "Press any key." android-keys-box
keys Escape
keys q
see "Leave the table?" android-leave-box
keys Escape
menu=0 card=0 last=0
for ((i = 0; i < 200; i++)); do
  S=$(awaiting "Enter play|command your android|Enter: next hand")
  grep -qF "Enter: next hand" <<<"$S" && break
  if grep -qF "command your android" <<<"$S" && [ "$menu" = 0 ]; then look android-menu; menu=1; fi
  if grep -qF "Enter play" <<<"$S" && [ "$card" = 0 ]; then look android-card; card=1; fi
  if grep -qF "Enter play" <<<"$S" && [ "$last" = 0 ] && grep -qE "wins trick [0-9]+ with" <<<"$S"; then
    keys t
    see "Last trick:" android-last-trick
    keys Escape
    sleep 0.2
    last=1
  fi
  press Enter || break
done
see "Hand over" android-scoreboard
keys q
see "(Android Whist)" home-two-resumes
keys h
see "Played" history-android
keys Enter
see "Android Whist: hand 1" android-replay
keys q
keys q
wait_for "G E R M A N" "home after the Android Whist replay"

# --- A second whist on the same data folder: the lock messages ------------------------------------------------
keys r
table_ready
PID_A=$(cat "$XDG_DATA_HOME/whist/unfinished.gwr.lock")
SESSION=copy-b
start play
see "Another whist is playing the unfinished match (pid $PID_A)." lock-home-match
keys n
see "A new match here is not kept for resuming" lock-new-match
keys y
see "Cannot keep the match for resuming" lock-table
keys q
see "This match is not kept for resuming" lock-leave-match
keys y
wait_for "G E R M A N" "copy B home"
SESSION=copy-a
keys q y
wait_for "(German Whist)" "copy A home"
keys w r
awaiting "Enter play|command your android" >/dev/null
SESSION=copy-b
see "Another whist is playing the unfinished rubber (pid $PID_A)." lock-home-rubber
keys w c
see "A new rubber here is not kept for resuming" lock-new-rubber
keys y
S=$(awaiting "Enter play|command your android")
look lock-android-table
grep -qF "Cannot keep the rubber for resuming" <<<"$S" || fail "copy B's rubber: the table does not say it is not kept: $S"
keys q
see "This rubber is not kept for resuming" lock-leave-rubber
keys y
wait_for "G E R M A N" "copy B home again"
keys q
wait_exit
SESSION=copy-a
keys q y
wait_for "G E R M A N" "copy A home again"

# --- Two players at one terminal: the hand-over screen ---------------------------------------------------------
keys w t
see "Start a new rubber?" new-rubber-question
keys y
see "Pass the keyboard" hand-over
keys Enter
awaiting "Enter play|command your android" >/dev/null
keys q y
wait_for "G E R M A N" "home after the hot seat"
keys q
wait_exit

# --- ASCII: the home screen, the table and its keys box -------------------------------------------------------
SESSION=ascii
start play --ascii
see "G E R M A N" ascii-home
keys r
table_ready
look ascii-table
keys '?'
see "Press any key." ascii-keys-box
keys Escape
keys q y q
wait_exit

[ "$LOOKED" -ge 55 ] || fail "only $LOOKED screens looked at"
if [ -s "$CUTS" ]; then
  fail "texts cut off at 80x24 (row, column, room, the whole text):"
  sort -u "$CUTS" >&2
fi
finish
