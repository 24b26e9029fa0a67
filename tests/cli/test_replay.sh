# test_replay.sh: whist replay: the deal, trump, every trick with leader, winner
# and draws (the hidden one too), the tricks and the score; --hand; errors.
. "$(dirname "$0")/lib.sh"
D=$GW_TEST_DATA/check

# check/base-game.gwr: dealer 2, deck from whist deal --seed 15, hearts trumps.
# Player 1 (the non-dealer) gets deck cards 1, 3, 5 ...; card 27 (4H) turns up.
run replay --no-foreplay "$D/base-game.gwr"
expect_rc 0 "replay base-game"
expect_no_err "replay base-game"
expect_out "Hand 1: classic deck, last13 scoring, target 10" "replay: heading"
expect_out "player 2 deals." "replay: dealer"
expect_out "Trump: hearts (the turned card is 4H)." "replay: trump"
# both hands at the deal, trump suit first, high to low
expect_out "Player 1 holds: JH 6H  AS QS TS 7S 2S  KD TD 8D  QC 9C 7C" "replay: player 1's hand"
expect_out "Player 2 holds: TH 9H 3H  8S 4S 3S  JD 9D 4D  AC 6C 4C 3C" "replay: player 2's hand"
expect_out "Stock, top first: 4H 7D 2H KS 6D JC" "replay: the stock"
# trick 1: P1 leads AS, P2 follows 4S; P1 wins, takes the up-card 4H, P2 draws
# the hidden 7D; 2H turns up
expect_out_re "^ +1\. P1 AS  P2 4S +won by P1 +P1 takes 4H, P2 draws 7D; up-card 2H$" "replay: trick 1"
# trick 2: 8S beats 2S; P2 takes 2H and P1 the hidden KS
expect_out_re "^ +2\. P1 2S  P2 8S +won by P2 +P2 takes 2H, P1 draws KS; up-card 6D$" "replay: trick 2"
# trick 3 is led by its winner, player 2
expect_out_re "^ +3\. P2 9D  P1 KD +won by P1 +P1 takes 6D, P2 draws JC; up-card 6S$" "replay: trick 3"
# the last foreplay trick takes the last two cards; no up-card follows
expect_out_re "^ +13\. P1 AH  P2 3H +won by P1 +P1 takes 7H, P2 draws 5D$" "replay: trick 13"
expect_out "Endgame (the stock is empty; these tricks count)" "replay: endgame"
expect_out_re "^ +16\. P2 5H  P1 7H +won by P1$" "replay: an endgame trick led by player 2"
expect_out_re "^ +26\. P2 TC  P1 QD +won by P2$" "replay: trick 26"
expect_out "Tricks: endgame 6-7, all 17-9. Player 2 scores 1." "replay: tricks and score"
n=$(grep -cE '^ +[0-9]+\. P[12] ' <<<"$OUT")
[ "$n" -eq 26 ] || fail "replay base-game: $n trick lines, expected 26"

# Standard input.
run_from "$D/base-game.gwr" replay --no-foreplay -
expect_rc 0 "replay -"
expect_out "Tricks: endgame 6-7, all 17-9. Player 2 scores 1." "replay -"

# A match: every hand, with the match score; --hand picks one, before or after the file.
run replay --no-foreplay "$D/match.gwr"
expect_rc 0 "replay match"
for h in 1 2 3 4; do expect_out "Hand $h: classic deck" "replay match: hand $h"; done
expect_out "Match score after this hand: 0-17." "replay match: the match score"
expect_out "Player 2 scores 10 (slam)." "replay match: the slam"
expect_out "Player 1: human, player 2: greedy" "replay match: the player names"
for args in "--hand 3 $D/match.gwr" "$D/match.gwr --hand 3" "-n 3 $D/match.gwr" "$D/match.gwr --hand=3"; do
  # shellcheck disable=SC2086
  run replay $args
  expect_rc 0 "replay $args"
  expect_out "Hand 3: classic deck" "replay $args"
  expect_no_out "Hand 1:" "replay $args"
  expect_no_out "Hand 2:" "replay $args"
  expect_no_out "Hand 4:" "replay $args"
  expect_out "Match score after this hand: 0-7." "replay $args"
done
# hands without a Hand tag are numbered by their place in the file
run replay --no-foreplay --hand 2 "$D/small-scoring.gwr"
expect_rc 0 "replay small --hand 2"
expect_out "Hand 2: small deck, last13 scoring" "replay small --hand 2"
expect_out "Tricks: endgame 7-0, all" "replay small --hand 2"
expect_out "Player 1 scores 5 (slam)." "replay small --hand 2"
expect_no_out "Hand 1:" "replay small --hand 2"

# A hand that is not there: exit 1, and the hands that are.
run replay --no-foreplay --hand 9 "$D/match.gwr"
expect_rc 1 "replay --hand 9"
expect_err "has no hand 9 (its hands: 1, 2, 3, 4)" "replay --hand 9"
run replay --no-foreplay --hand 1 "$D/match-from-hand-2.gwr"
expect_rc 1 "replay --hand 1 of hands 2 and 3"
expect_err "has no hand 1 (its hands: 2, 3)" "replay --hand 1 of hands 2 and 3"
# A bad hand number: a usage error.
for n in 0 -1 x 2x ''; do
  run replay --no-foreplay --hand "$n" "$D/match.gwr"
  expect_rc 2 "replay --hand '$n'"
  expect_err "the hand must be a number from 1, not '$n'" "replay --hand '$n'"
done

# Unfinished hands say so; a hand cut mid-trick shows the card led.
run replay --no-foreplay "$D/unfinished-mid-trick.gwr"
expect_rc 0 "replay unfinished"
expect_out_re "^ +18\. P1 leads KC \(the record stops here\)$" "replay unfinished: the card led"
expect_out "Unfinished after trick 17" "replay unfinished"

# An invalid record: shown up to its problem, which is reported; exit 1.
run replay --no-foreplay "$D/revoke.gwr"
expect_rc 1 "replay revoke"
expect_out_re "^ +5\. P1 leads JH$" "replay revoke: the last good card"
expect_out "The record has a problem here." "replay revoke"
expect_err "revoke.gwr:13:7: error: trick 5: player 2 played 3C but holds hearts and must follow suit" "replay revoke"
run replay --no-foreplay "$D/deck-too-few.gwr"
expect_rc 1 "replay deck-too-few"
expect_out "(the deal cannot be shown)" "replay deck-too-few"
expect_err "deck: 51 cards, the classic deck has 52 (missing 5D)" "replay deck-too-few"
run replay --no-foreplay "$D/empty.gwr"
expect_rc 1 "replay of an empty file"
expect_err "holds no hand" "replay of an empty file"

# Unreadable files and usage errors: exit 2.
run replay --no-foreplay "$TMP/no-such.gwr"
expect_rc 2 "replay of a missing file"
expect_err "whist replay: cannot read $TMP/no-such.gwr: No such file or directory" "replay of a missing file"
run replay --no-foreplay "$D"
expect_rc 2 "replay of a directory"
expect_err "cannot read $D: Is a directory" "replay of a directory"
run replay
expect_rc 2 "replay without a file"
expect_err "which file?" "replay without a file"
run replay --no-foreplay "$D/match.gwr" "$D/base-game.gwr"
expect_rc 2 "replay of two files"
expect_err "one file at a time" "replay of two files"
run replay --frob "$D/match.gwr"
expect_rc 2 "replay --frob"
expect_err "'--frob'" "replay --frob"
run replay --no-foreplay "$D/match.gwr" --hand
expect_rc 2 "replay --hand without a number"
run replay --help
expect_rc 0 "replay --help"
expect_out "Usage: whist replay" "replay --help"
finish
