# test_deal.sh: whist deal: reproducible deals, valid records, variants, dealer, bad options.
. "$(dirname "$0")/lib.sh"

# The same seed gives the same record, byte for byte.
run deal --seed 42
expect_rc 0 "deal --seed 42"
expect_no_err "deal --seed 42"
first=$OUT
run deal --seed 42
[ "$OUT" = "$first" ] || fail "deal --seed 42 twice: the records differ"
expect_out '[Seed "42"]' "deal --seed 42"
expect_out '[Game "German Whist"]' "deal --seed 42"
expect_out '[Variant "classic"]' "deal --seed 42"
# and the same record as the fixture made from it (seeds must stay stable:
# saved games and bug reports name them)
golden=$(grep -v '^;' "$GW_TEST_DATA/check/deal-only.gwr")
[ "$first" = "$golden" ] || fail "deal --seed 42 is no longer the deal in check/deal-only.gwr"

# Another seed, another deck.
run deal --seed 43
[ "$(grep '^\[Deck' <<<"$OUT")" != "$(grep '^\[Deck' <<<"$first")" ] || fail "seeds 42 and 43 give the same deck"

# The output is a valid record: a hand with no moves.
"$WHIST" deal --seed 42 >"$TMP/deal.gwr"
run check "$TMP/deal.gwr"
expect_rc 0 "check of deal --seed 42"
expect_out "hand 1: unfinished after trick 0" "check of deal --seed 42"
# many seeds, both variants, both dealers: every deal checks
for v in classic small; do
  for seed in 0 1 2 3 7 1000 18446744073709551615; do
    for d in 1 2; do
      "$WHIST" deal --variant "$v" --seed "$seed" --dealer "$d" >"$TMP/d.gwr" || fail "deal --variant $v --seed $seed --dealer $d"
      run check "$TMP/d.gwr"
      expect_rc 0 "check of deal --variant $v --seed $seed --dealer $d"
      grep -qF "[Dealer \"$d\"]" "$TMP/d.gwr" || fail "deal --dealer $d: no Dealer $d tag"
    done
  done
done

# The small variant: 28 cards, A to 8.
run deal --variant small --seed 42
expect_rc 0 "deal --variant small"
expect_out '[Variant "small"]' "deal --variant small"
deck=$(sed -n 's/^\[Deck "\(.*\)"\]$/\1/p' <<<"$OUT")
n=$(wc -w <<<"$deck")
[ "$n" -eq 28 ] || fail "deal --variant small: $n cards in the Deck"
grep -qE '(^| )[2-7][SHDC]' <<<"$deck" && fail "deal --variant small: a card below 8: $deck"
run deal --variant classic --seed 42
deck=$(sed -n 's/^\[Deck "\(.*\)"\]$/\1/p' <<<"$OUT")
n=$(wc -w <<<"$deck")
[ "$n" -eq 52 ] || fail "deal --variant classic: $n cards in the Deck"
[ "$(tr ' ' '\n' <<<"$deck" | sort -u | wc -l)" -eq 52 ] || fail "deal: the classic Deck repeats a card"

# --dealer picks who deals; the deck stays the seed's.
d1=$("$WHIST" deal --seed 9 --dealer 1)
d2=$("$WHIST" deal --seed 9 --dealer 2)
grep -qF '[Dealer "1"]' <<<"$d1" || fail "deal --dealer 1"
grep -qF '[Dealer "2"]' <<<"$d2" || fail "deal --dealer 2"
[ "$(grep '^\[Deck' <<<"$d1")" = "$(grep '^\[Deck' <<<"$d2")" ] || fail "deal --dealer changes the deck"

# Without --seed a fresh seed is drawn and written down: it reproduces the deal.
run deal
expect_rc 0 "deal without --seed"
seed=$(sed -n 's/^\[Seed "\([0-9]*\)"\]$/\1/p' <<<"$OUT")
if [ -z "$seed" ]; then
  fail "deal without --seed: no Seed tag: $OUT"
else
  fresh=$OUT
  run deal --seed "$seed"
  [ "$OUT" = "$fresh" ] || fail "deal --seed $seed does not repeat the fresh deal"
fi

# Bad option values: exit 2 and a message naming the problem.
bad() { # EXPECTED-TEXT ARGS...
  local text=$1
  shift
  run deal "$@"
  expect_rc 2 "deal $*"
  expect_err "$text" "deal $*"
  [ -z "$OUT" ] || fail "deal $*: printed a record anyway: $OUT"
}
bad "unknown variant 'big'" --variant big
bad "unknown variant ''" --variant ''
bad "the seed must be a whole number" --seed -1
bad "not '-1'" --seed -1
bad "not 'abc'" --seed abc
bad "not '18446744073709551616'" --seed 18446744073709551616
bad "not ''" --seed ''
bad "not '+5'" --seed +5
bad "the dealer must be 1 or 2, not '3'" --dealer 3
bad "the dealer must be 1 or 2, not '0'" --dealer 0
bad "the dealer must be 1 or 2, not '12'" --dealer 12
bad "'--frob'" --frob
bad "'--seed'" --seed
bad "unexpected argument 'extra'" --seed 1 extra
bad "Try 'whist deal --help'" --variant big

run deal --help
expect_rc 0 "deal --help"
expect_out "Usage: whist deal" "deal --help"
finish
