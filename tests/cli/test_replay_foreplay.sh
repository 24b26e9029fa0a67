# test_replay_foreplay.sh: whist replay's review: the expert's verdict on each foreplay card (a wasted trump
# ace costs points, the card kept costs none), endgame losses in points of the scoring rule (a slam's last
# trick), the hand's summary (totals, costliest cards), determinism, --seed, --iterations, --player,
# --no-foreplay and bad options.
. "$(dirname "$0")/lib.sh"
D=$GW_TEST_DATA/check

# expert_lines: the foreplay verdict lines of $OUT.
expert_lines() { grep '^      expert: ' <<<"$OUT"; }

# A played hand: one verdict line under each foreplay trick, each verdict well formed.
run replay "$D/base-game.gwr"
expect_rc 0 "replay base-game"
expect_no_err "replay base-game"
n=$(expert_lines | wc -l)
[ "$n" -eq 13 ] || fail "base-game: $n expert lines, expected 13 (one a foreplay trick)"
! sed -n '/^Endgame/,$p' <<<"$OUT" | grep -q '^      expert:' || fail "base-game: an endgame card judged by the expert"
VERDICT='P[12] [AKQJT2-9][SHDC] (best|only card|loses [0-9]+\.[0-9]{2} \+- [0-9]+\.[0-9]{2} points \(best: [AKQJT2-9][SHDC]\))'
bad=$(expert_lines | grep -vE "^      expert: $VERDICT; $VERDICT$")
[ -z "$bad" ] || fail "base-game: malformed verdicts: $bad"
# each trick's verdicts name its two cards, leader first
expect_out_re "^   1\. P1 AS  P2 4S .*" "base-game: trick 1"
expect_out_re "^      expert: P1 AS [^;]*; P2 4S " "base-game: trick 1's verdicts"
expect_out_re "^      expert: P2 9D [^;]*; P1 KD " "base-game: trick 3's verdicts (P2 led)"
# P2 had one legal card at trick 7 (its only spade)
expect_out "; P2 3S only card" "base-game: a forced card"
# the summary: both players, in points of the hand's rule, with the expert's deals and seed
expect_out "Review in points of last13 scoring (foreplay: the expert over 100 deals a card, seed 1):" "base-game: the summary"
expect_out_re "^  P1 lost [0-9]+\.[0-9]{2} \+- [0-9]+\.[0-9]{2} points: [0-9]+\.[0-9]{2} in the foreplay \(13 cards\), [0-9]+ points? in the endgame \(13 cards\)$" "base-game: P1's total"
expect_out_re "^  P2 lost " "base-game: P2's total"
# P1's total is its foreplay verdicts plus its endgame losses (the solver: 1 point at trick 15)
p1_fore=$(expert_lines | grep -oE 'P1 [AKQJT2-9][SHDC] loses [0-9.]+' | awk '{s += $4} END {printf "%.2f", s}')
p1_line=$(grep '^  P1 lost ' <<<"$OUT")
[[ $p1_line =~ :\ ([0-9.]+)\ in\ the\ foreplay ]] || fail "base-game: P1's foreplay total unreadable: $p1_line"
awk -v a="$p1_fore" -v b="${BASH_REMATCH[1]}" 'BEGIN {exit !(a - b < 0.05 && b - a < 0.05)}' ||
  fail "base-game: P1's foreplay losses add up to $p1_fore, the summary says ${BASH_REMATCH[1]}"
expect_out_re "^  P1 lost [0-9.]+ \+- [0-9.]+ points: [0-9.]+ in the foreplay \(13 cards\), 1 point in the endgame" "base-game: P1's endgame loss"
# the costliest: at most three, the largest first, each with its trick, card and best card
worst=$(grep -A1 '^  P2 lost ' <<<"$OUT" | tail -1)
[[ $worst =~ ^\ +costliest:\ trick\ [0-9]+\ [AKQJT2-9][SHDC]\  ]] || fail "base-game: P2's costliest: $worst"
[ "$(grep -o 'trick [0-9]*' <<<"$worst" | wc -l)" -le 3 ] || fail "base-game: more than three costliest: $worst"
vals=$(tr ';' '\n' <<<"${worst#*costliest:}" | awk '{print $4}')
[ "$vals" = "$(sort -rn <<<"$vals")" ] || fail "base-game: the costliest are not the largest first: $worst"
# P2's endgame blunder of trick 16 (5H: 1 trick, 1 point) is judged exactly
# (since the expert of issue 15 three foreplay cards cost each player more,
# so it is no longer among the costliest)
expect_out_re "P2 5H loses 1 trick, 1 point" "base-game: the endgame loss of trick 16"

# Deterministic: the same run twice gives the same text; another seed other estimates, the same format.
first=$OUT
run replay "$D/base-game.gwr"
[ "$OUT" = "$first" ] || fail "two runs differ"
run replay --seed 9 "$D/base-game.gwr"
expect_rc 0 "--seed 9"
expect_out "(foreplay: the expert over 100 deals a card, seed 9)" "--seed 9: the summary names it"
[ "$OUT" != "$first" ] || fail "--seed 9 gives the same estimates as seed 1"
[ "$(grep -c '^      expert: ' <<<"$OUT")" -eq 13 ] || fail "--seed 9: not 13 verdict lines"
run replay --seed 9 "$D/base-game.gwr"
seed9=$OUT
run replay --iterations 20 --seed 9 "$D/base-game.gwr"
expect_out "over 20 deals a card, seed 9" "--iterations 20"
[ "$OUT" != "$seed9" ] || fail "--iterations 20 changes nothing"
# Without the foreplay analysis the rest of the replay is the same.
run replay "$D/base-game.gwr" --no-foreplay
expect_rc 0 "--no-foreplay"
expect_no_out "expert:" "--no-foreplay"
expect_out "Review in points of last13 scoring (the endgame only):" "--no-foreplay: the summary"
expect_out_re "^  P1 lost 1\.00 \+- 0\.00 points: 0\.00 in the foreplay \(0 cards\), 1 point in the endgame \(13 cards\)$" "--no-foreplay: P1"
diff <(grep -vE '^      expert: |^Review|^  P[12] lost |^     (costliest|no card)' <<<"$first") \
  <(grep -vE '^Review|^  P[12] lost |^     (costliest|no card)' <<<"$OUT") >/dev/null ||
  fail "--no-foreplay: other lines changed"
# One player: only its cards and its summary.
run replay --player 2 "$D/base-game.gwr"
expect_rc 0 "--player 2"
[ "$(expert_lines | grep -c 'P1 ')" -eq 0 ] || fail "--player 2: P1's cards judged by the expert"
[ "$(expert_lines | wc -l)" -eq 13 ] || fail "--player 2: not one line a trick"
expect_no_out "  P1 lost" "--player 2: P1's summary"
expect_out "  P2 lost" "--player 2: P2's summary"
# P2's verdicts are the same as in the review of both (each from its own observation).
diff <(grep -oE 'P2 [AKQJT2-9][SHDC] [^;]*' <<<"$(grep '^      expert: ' <<<"$first")") \
  <(expert_lines | grep -oE 'P2 [AKQJT2-9][SHDC] [^;]*') >/dev/null || fail "--player 2: other verdicts than with both"

# A known costly foreplay card: P1 leads 2S (spades trump); P2 holds AS and 3S, both win the trick, the ace
# throws away the endgame's sure trick. The record stops after trick 1.
deck() {
  printf '[Game "German Whist"]\n[Dealer "2"]\n[Scoring "%s"]\n' "$1"
  printf '[Deck "2S AS 4S 3S KH AH QH 8H JH 7H TH AD 9H TD KD 9D QD 8D JD AC KC TC QC 9C JC 8C'
  printf ' 5S KS QS JS TS 9S 8S 7S 6S 6H 5H 4H 3H 2H 7D 6D 5D 4D 3D 2D 7C 6C 5C 4C 3C 2C"]\n\n'
}
for scoring in last13 every difference; do
  { deck $scoring; echo "1. 2S AS"; } >"$TMP/ace.gwr"
  { deck $scoring; echo "1. 2S 3S"; } >"$TMP/three.gwr"
  run check "$TMP/ace.gwr"
  expect_rc 0 "check of the wasted ace ($scoring)"
  run replay "$TMP/ace.gwr"
  expect_rc 0 "replay of the wasted ace ($scoring)"
  expect_out "Unfinished after trick 1" "wasted ace ($scoring)"
  expect_out "Review in points of $scoring scoring" "wasted ace ($scoring): the rule's points"
  line=$(expert_lines)
  [[ $line =~ P2\ AS\ loses\ ([0-9.]+)\ \+-\ ([0-9.]+)\ points\ \(best:\ 3S\)$ ]] ||
    fail "wasted ace ($scoring): '$line'"
  awk -v l="${BASH_REMATCH[1]:-0}" -v s="${BASH_REMATCH[2]:-1}" 'BEGIN {exit !(l > 0.4 && l > 3 * s)}' ||
    fail "wasted ace ($scoring): a loss of ${BASH_REMATCH[1]:-?} +- ${BASH_REMATCH[2]:-?} is not clearly above zero"
  expect_out_re "costliest: trick 1 AS [0-9.]+ \+- [0-9.]+ \(best 3S\)$" "wasted ace ($scoring): the costliest"
  run replay "$TMP/three.gwr"
  expect_out "      expert: P1 2S " "kept ace ($scoring)"
  expect_out "; P2 3S best" "kept ace ($scoring): the expert's card costs nothing"
  expect_out_re "^  P2 lost 0\.00 \+- 0\.00 points" "kept ace ($scoring): nothing lost"
  expect_out "     no card lost anything" "kept ace ($scoring)"
done

# Endgame losses in points: in hand 4 of the match P2 takes every endgame trick; P1's TS at trick 23 gave
# away the one trick left that would have broken the slam: 12-1 scores 6, 13-0 scores 10, 4 points. At
# trick 18 P1 could still make 2 tricks; its 8D kept 1 (11-2 against 12-1: 1 point).
run replay --hand 4 --no-foreplay "$D/match.gwr"
expect_out "Player 2 scores 10 (slam)." "match hand 4"
expect_out_re "^      solver: P2 [AKQJT2-9][SHDC] best; P1 TS loses 1 trick, 4 points " "match hand 4: the slam's last trick"
expect_out_re "^      solver: P2 [AKQJT2-9][SHDC] best; P1 8D loses 1 trick, 1 point " "match hand 4: a trick short of the slam"

# Bad options.
for bad in "--iterations 0" "--iterations x" "--iterations 100001" "--player 3" "--player 0" "--seed -1" "--seed x"; do
  run replay $bad "$D/base-game.gwr"
  expect_rc 2 "replay $bad"
done
run replay --help
expect_out "--iterations N" "--help"
expect_out "--no-foreplay" "--help"
expect_out "expert: P1 2S loses 0.61 +- 0.09 points (best: AS); P2 KD best" "--help shows a foreplay verdict"
finish
