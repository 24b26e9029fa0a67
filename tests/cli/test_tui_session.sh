# test_tui_session.sh: the full-screen game on the session layer, driven in tmux as a person plays it:
# undo (taken back, assisted, kept across a resume), hints in the foreplay, a German Whist match left twice
# and resumed whose computer plays exactly as line mode's with the same seed (one computer per match, over
# several hands), an Android Whist rubber left and resumed with the record's tags (Date, the computer's
# level), and the options read by the session's one parser.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/tmux_lib.sh"

mkdir -p "$XDG_CONFIG_HOME/whist"
printf 'speed = instant\ntarget = 30\nopponent = hard\n' >"$XDG_CONFIG_HOME/whist/settings.conf"
UNF=$XDG_DATA_HOME/whist/unfinished.gwr
AUNF=$XDG_DATA_HOME/whist/unfinished-android.gwr

# cards RECORD: every card played in the record, in order, one a line.
cards() { grep -E '^[0-9]+\.' "$1" | sed 's/^[0-9]*\. *//' | grep -oE '[AKQJT2-9][SHDC]'; }

# --- Undo and hints -------------------------------------------------------------------------------------
start play --seed 78
wait_for "G E R M A N" "home"
keys n
S=$(awaiting "your turn")
keys u
wait_for "Nothing to take back: you have not played a card in this hand." "undo before any card of yours"
keys i
wait_for "Expected points, last13 (" "the foreplay hint, in expected points of the scoring rule"
grep -qE "(^| )([-+][0-9]+\.[0-9]|0\.0) +([-+][0-9]+\.[0-9]|0\.0)" <<<"$(screen)" ||
  fail "the hint shows no expected points under the cards: $(screen)"
grep -qE "Expected points, last13 \([0-9]+ deals\): best [^,]+, [0-9]+\.[0-9] endgame tricks\." <<<"$(screen)" ||
  fail "the foreplay hint does not give the best card's endgame tricks: $(screen)"
before=$(awaiting "your turn" | grep -E "Foreplay · trick|Stock: |cards$")
press Enter
awaiting "your turn" >/dev/null
press Enter
awaiting "your turn" >/dev/null
keys u
wait_for "Your last card is taken back." "undo"
wait_for "This hand now counts as assisted in the statistics." "undo: the hand is assisted"
grep -qF '[Assisted "yes"]' "$UNF" || fail "the unfinished match does not say the hand is assisted"
keys u
wait_for "Your last card is taken back." "a second undo"
after=$(awaiting "your turn" | grep -E "Foreplay · trick|Stock: |cards$")
[ "$before" = "$after" ] || fail "two undos do not bring back the position: '$before' then '$after'"
n_before=$(cards "$UNF" | wc -l)
keys i
wait_for "Expected points, last13 (" "a hint after an undo"
press Enter
awaiting "your turn" >/dev/null
[ "$(cards "$UNF" | wc -l)" -gt "$n_before" ] || fail "no card played after the undo"
keys q
wait_for "Leave the table?" "leaving"
keys y
wait_for "Resume: hand 1" "home with the match kept"
keys q
wait_exit
[ "$RC" = 0 ] || fail "quit: exit $RC"
start
wait_for "Resume: hand 1" "resume the assisted match"
keys Enter
wait_for "Welcome back: hand 1 goes on." "resumed"
awaiting "your turn" >/dev/null
press Enter
awaiting "your turn" >/dev/null
grep -qF '[Assisted "yes"]' "$UNF" || fail "the resumed hand lost its Assisted tag"
keys q y
wait_for "Resume: hand 1" "home"
keys q
wait_exit
rm -f "$UNF"

# --- A match left twice and resumed: its computer is line mode's -------------------------------------
# ACTIONS counts the keys that play a card or deal the next hand; play_to N presses Enter at the table or
# the scoreboard until N, then (at a scoreboard) once more, so that the match is left at the table.
ACTIONS=0
play_to() {
  local S
  while :; do
    S=$(awaiting "your turn|is over")
    if grep -qF "is over" <<<"$S"; then
      grep -qF "The match is over" <<<"$S" && { fail "the match ended (target 30)"; return 1; }
    elif ((ACTIONS >= $1)); then
      return 0
    fi
    press Enter || return 1
    ACTIONS=$((ACTIONS + 1))
  done
}
leave() {
  keys q
  wait_for "Leave the table?" "leaving the table"
  keys y
  wait_for "Resume: hand" "home with the match kept"
  keys q
  wait_exit
  [ "$RC" = 0 ] || fail "quit: exit $RC"
}
start play --seed 77
wait_for "G E R M A N" "home"
keys n
wait_for "Foreplay · trick 1 of 13" "a new match"
play_to 12
leave
for cut in 33 45; do
  start
  wait_for "Resume: hand" "Resume offered"
  keys Enter
  wait_for "Welcome back: hand" "resumed"
  play_to $cut
  leave
done
grep -qF '[Hand "2"]' "$UNF" || fail "the match never reached hand 2: $(head -20 "$UNF")"
grep -qF '[MatchSeed "77"]' "$UNF" || fail "the resumed match lost its seed"
grep -qE '^\[Date "[0-9]{4}\.[0-9]{2}\.[0-9]{2}"\]$' "$UNF" || fail "the record has no Date"
grep -qF '[Player2 "hard"]' "$UNF" || fail "the record does not name the computer's level"
# Line mode with the same seed and the same cards of the human (fed every card of the record: the
# computer's, already played, are refused) plays the same match, card for card.
cards "$UNF" >"$TMP/feed.txt"
[ "$(wc -l <"$TMP/feed.txt")" -gt 52 ] || fail "the match did not go past hand 1: $(wc -l <"$TMP/feed.txt") cards"
"$WHIST" play --plain --seed 77 --target 30 --opponent hard --record "$TMP/line.gwr" <"$TMP/feed.txt" \
  >"$TMP/line.out" 2>&1
diff <(cards "$UNF") <(cards "$TMP/line.gwr") >"$TMP/cards.diff" ||
  fail "the full-screen match (left and resumed twice) and line mode differ: $(head -5 "$TMP/cards.diff")"
run check "$UNF"
expect_rc 0 "the resumed match's record checks"

# --- Android Whist: the record's tags, leaving and resuming --------------------------------------------
APROMPT="Enter play|command your android|Enter: next hand|Enter: home"
# android_enter N: Enter at N table prompts (the selected card, the first command offered, the next hand).
android_enter() {
  local i S
  for ((i = 0; i < $1; i++)); do
    S=$(awaiting "$APROMPT")
    grep -qF "Enter: home" <<<"$S" && return 0
    press Enter || return 1
  done
  awaiting "$APROMPT" >/dev/null
}
start play --seed 79
wait_for "Android Whist" "home"
keys w
wait_for "c: you against the computer" "the Android Whist choice"
keys c
wait_for "trick 1/13" "a new rubber"
android_enter 20
grep -qE '^\[Date "[0-9]{4}\.[0-9]{2}\.[0-9]{2}"\]$' "$AUNF" || fail "the rubber's record has no Date"
grep -qF '[Player2 "hard"]' "$AUNF" || fail "the rubber's record does not name the computer's level"
grep -qF '[RubberSeed "79"]' "$AUNF" || fail "the rubber's record lacks its seed"
cp "$AUNF" "$TMP/rubber-left.gwr"
keys q
wait_for "Leave the table?" "leaving the rubber"
keys y
wait_for "(Android Whist)" "home offers the rubber"
keys q
wait_exit
start
wait_for "(Android Whist)" "the rubber after a restart"
keys w # r alone resumes the German match, unfinished too
wait_for "r: resume the unfinished rubber" "the Android Whist choice offers Resume"
keys r
wait_for "Resumed: hand 1, trick" "the rubber resumed"
android_enter 20
# The rubber goes on from where it was left: the tricks finished then open the record now, and the tags
# then are all there still.
grep -E '^[0-9]+\.' "$TMP/rubber-left.gwr" | head -n -1 >"$TMP/left-tricks"
n=$(wc -l <"$TMP/left-tricks")
[ "$n" -ge 2 ] || fail "too few tricks before leaving: $(cat "$TMP/rubber-left.gwr")"
diff "$TMP/left-tricks" <(grep -E '^[0-9]+\.' "$AUNF" | head -n "$n") >/dev/null ||
  fail "the resumed rubber does not go on from the record: $(diff "$TMP/rubber-left.gwr" "$AUNF" | head -5)"
grep -E '^\[' "$TMP/rubber-left.gwr" | grep -vxF -f <(grep -E '^\[' "$AUNF") >"$TMP/lost-tags" &&
  fail "the resumed rubber lost tags: $(cat "$TMP/lost-tags")"
[ "$(wc -c <"$AUNF")" -gt "$(wc -c <"$TMP/rubber-left.gwr")" ] || fail "nothing was played after the resume"
keys q y
wait_for "(Android Whist)" "home"
keys q
wait_exit
run check "$AUNF"
expect_rc 0 "the resumed rubber's record checks"

# --- Options: the session's parser, as in line mode ----------------------------------------------------
SESSION=opts
COLS=200 start play --target 0
wait_for "whist play: the target must be a whole number from 1 to 1000, not '0'" "a bad target on a terminal"
wait_exit
[ "$RC" = 2 ] || fail "--target 0: exit $RC"
COLS=200 start --opponent nobody
wait_for "whist play: unknown opponent 'nobody'" "an unknown opponent on a terminal"
wait_exit
[ "$RC" = 2 ] || fail "--opponent nobody: exit $RC"
COLS=200 start play --opponent human
wait_for "is played against the computer" "--opponent human on a terminal"
wait_exit
[ "$RC" = 2 ] || fail "--opponent human: exit $RC"

finish
