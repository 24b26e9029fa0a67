# test_android.sh: `whist check` and `whist replay` on Android Whist records.
#
# Every tests/data/android/NAME.gwr is checked as `whist check android/NAME.gwr`
# (from tests/data) and its exit status, standard output and standard error
# compared with NAME.expected, exactly (the form of tests/data/check: `exit N`,
# the standard output, `--- stderr`, the standard error). UPDATE=1 rewrites
# the .expected files; review every change against shared/spec/record.md.
. "$(dirname "$0")/lib.sh"

cd "$GW_TEST_DATA" || exit 1
UPDATE=${UPDATE:-0}

cases=0
for f in android/*.gwr; do
  base=${f%.gwr}
  cases=$((cases + 1))
  "$WHIST" check "$f" </dev/null >"$TMP/out" 2>"$TMP/err"
  { printf 'exit %d\n' "$?"; cat "$TMP/out"; printf -- '--- stderr\n'; cat "$TMP/err"; } >"$TMP/actual"
  if [ "$UPDATE" = 1 ]; then
    cmp -s "$TMP/actual" "$base.expected" || { cp "$TMP/actual" "$base.expected" && echo "updated $base.expected"; }
  elif [ ! -f "$base.expected" ]; then
    fail "$f has no $base.expected"
  elif ! diff -u --label "$base.expected" --label actual "$base.expected" "$TMP/actual" >"$TMP/diff"; then
    fail "$f: output differs from $base.expected:"
    cat "$TMP/diff" >&2
  fi
done
for e in android/*.expected; do
  [ -f "${e%.expected}.gwr" ] || fail "$e has no .gwr"
done
[ "$cases" -ge 30 ] || fail "only $cases fixtures in $GW_TEST_DATA/android"

# Several files at once, standard input, --quiet.
run check android/spec-example.gwr android/wrong-card.gwr android/dealer-2.gwr
expect_rc 1 "check, three files"
[ "$OUT" = $'hand 1: tricks 3-10, side 2 scores 4\nhand 1: tricks 5-8, side 2 scores 2' ] ||
  fail "check, three files: stdout is: $OUT"
[ "$ERR" = "android/wrong-card.gwr:7:28: error: trick 1: 'duck=8H' is wrong: X answers duck with 7H, not 8H" ] ||
  fail "check, three files: stderr is: $ERR"
run_from android/match.gwr check -
expect_rc 0 "check -"
expect_out "hand 8: tricks 10-3, side 1 scores 4" "check -"
run check --quiet android/match.gwr android/several.gwr
expect_rc 1 "check --quiet"
[ -z "$OUT" ] || fail "check --quiet printed: $OUT"
expect_err "android/several.gwr:26:28: error: trick 1: 'duck=8H' is wrong" "check --quiet"

# Replay: the deal, every trick with the androids' commands and errors, the score.
run replay android/spec-example.gwr
expect_rc 0 "replay"
expect_no_err "replay"
expect_out "Hand 1: Android Whist" "replay"
expect_out "Dealer: player 1. Side 1: D (player 1) and X; side 2: N (player 2) and L." "replay"
expect_out "Trump: clubs (the turned card is 2C, the dealer's last card)." "replay"
expect_out "D (player 1) holds: 3C 2C  TH 9H 6H 5H  4S 3S 2S  5D 4D 3D 2D" "replay"
expect_out "L (player 2's android) holds: AC KC  AH KH QH JH  AS KS QS JS  AD KD QD" "replay"
expect_out "X (player 1's android) holds: QC JC TC 9C 8C  8H 7H  TS 9S 8S  JD TD 9D" "replay"
expect_out "N (player 2) holds: 7C 6C 5C 4C  4H 3H 2H  7S 6S 5S  8D 7D 6D" "replay"
expected_trick='   1. L  longest! error: spades and hearts tie for longest, 4 cards each
         high-hearts=AH
      X  duck=7H
      N  2H
      D  9H
      won by L (side 2); tricks 0-1'
[[ $OUT == *"$expected_trick"* ]] || fail "replay: trick 1 is not shown as expected: $OUT"
expect_out "  13. X  high-shortest! error: holds only trumps, so no shortest non-trump suit" "replay"
expect_out "         clubs=QC" "replay"
expect_out "Tricks: side 1 3, side 2 10. Side 2 scores 4." "replay"

run replay android/match.gwr --hand 2
expect_rc 0 "replay --hand 2"
expect_out "Hand 2: Android Whist" "replay --hand 2"
expect_no_out "Hand 1:" "replay --hand 2"
expect_out "Game score after this hand: 0-5." "replay --hand 2"

run replay android/dealer-2.gwr
expect_out "Dealer: Bob. Side 1: N (Ann) and L; side 2: D (Bob) and X." "replay, names"
expect_out "L (Ann's android) holds:" "replay, names"

run replay android/unfinished-after-error.gwr
expect_rc 0 "replay, unfinished"
expect_out "(the record stops here)" "replay, unfinished"
expect_out "Unfinished after trick 8 (tricks 0-8 so far)." "replay, unfinished"

run replay android/wrong-card.gwr
expect_rc 1 "replay, invalid"
expect_out "The record has a problem here." "replay, invalid"
expect_err "android/wrong-card.gwr:7:28: error: trick 1: 'duck=8H' is wrong" "replay, invalid"

run replay android/deck-duplicate.gwr
expect_rc 1 "replay, bad deck"
expect_out "(the deal cannot be shown)" "replay, bad deck"
expect_err "error: deck: AH appears twice" "replay, bad deck"

run replay android/mixed.gwr --no-solver
expect_rc 0 "replay, mixed"
expect_out "Hand 2: small deck, last13 scoring, target 10" "replay, mixed: the German Whist hand"
expect_out "Hand 3: Android Whist" "replay, mixed"

run replay android/match.gwr --hand 9
expect_rc 1 "replay --hand 9"
expect_err "has no hand 9 (its hands: 1, 2, 3, 4, 5, 6, 7, 8)" "replay --hand 9"

echo "$cases Android Whist fixtures"
finish
