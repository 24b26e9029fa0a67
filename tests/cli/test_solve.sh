# test_solve.sh: whist solve on hand-checked positions, per-card values, batches and bad input.
. "$(dirname "$0")/lib.sh"

# Two top spades: the leader takes both.
run solve --trump S AS,KS QS,JS --cards
expect_rc 0 "two top trumps"
[ "$OUT" = "2 AS=2 KS=2" ] || fail "two top trumps: got '$OUT'"

# Trump control: AS 2H against KS AH; either lead gives the leader one trick.
run solve --trump S AS,2H KS,AH --cards
[ "$OUT" = "1 AS=1 2H=1" ] || fail "trump control: got '$OUT'"

# Tempo: leading the ace of a side suit first keeps the lead; the low card
# loses both tricks to the other's king and queen of hearts with no trumps.
run solve --trump C AH,2H KH,QH --cards
[ "$OUT" = "1 AH=1 2H=1" ] || fail "tempo: got '$OUT'"

# The follower ruffs a side suit it is void in.
run solve --trump H AS,KS 2H,3H --cards
[ "$OUT" = "0 AS=0 KS=0" ] || fail "ruff: got '$OUT'"

# Mid-trick: the leader led 4S; the other holds QS and 3S and must follow.
# With QS the other wins both tricks; with 3S it loses to 4S, then AD wins too.
run solve --trump H --led 4S AD QS,3S --cards
expect_rc 0 "mid-trick"
[ "$OUT" = "0 QS=0 3S=2" ] || fail "mid-trick follow: got '$OUT'"

# Dotted form and an empty suit.
run solve --trump S AK... QJ...
[ "$OUT" = "2" ] || fail "dotted: got '$OUT'"

# Batch: answers with card values, and a bad line gets an empty line and an error.
printf 'S AS,KS QS,JS\nX AS KS\nS AS AS\n\nH AD QS,3S 4S\n' >"$TMP/batch.txt"
run solve --batch "$TMP/batch.txt"
expect_rc 1 "batch with bad lines"
expected=$'2 AS=2 KS=2\n\n\n\n0 QS=0 3S=2'
[ "$OUT" = "$expected" ] || fail "batch output: got '$OUT'"
expect_err "error: line 2: 'X' is not a trump suit" "batch bad trump"
expect_err "error: line 3: cards in two places: AS" "batch shared card"

# Bad input on the command line.
run solve --trump S AS,KS QS
expect_rc 2 "unequal hands"
expect_err "must be equal" "unequal hands"
run solve --trump Z AS KS
expect_rc 2 "bad trump"
run solve --trump S AS,ZZ KS,QS
expect_rc 2 "bad card"
expect_err "'ZZ' is not a card" "bad card"
run solve --trump S AS,KS,QS,JS,TS,9S,8S,7S,6S,5S,4S,3S,2S,AH AC,KC,QC,JC,TC,9C,8C,7C,6C,5C,4C,3C,2C,KH
expect_rc 2 "more than 13"
run solve --batch "$TMP/none.txt"
expect_rc 2 "unreadable batch"
finish
