# test_line_session.sh: line mode on the session layer: one option parser (the session's) answers alike for
# `whist play --plain`, `whist play` and `whist` alone; both games' records carry one set of tags (Date,
# Player1, Player2, the seed, the statistics row); a resumed hand keeps the Date it was recorded with.
. "$(dirname "$0")/lib.sh"

SWEEP=$TMP/sweep.txt
card_sweep "$SWEEP"
COMMANDS="duck beat high spades hearts diamonds clubs shortest longest high-spades high-hearts high-diamonds
high-clubs high-shortest high-longest"
for ((i = 0; i < 1000; i++)); do
  printf '%s\n' $COMMANDS
  for s in S H D C; do for r in A K Q J T 9 8 7 6 5 4 3 2; do printf '%s%s\n' "$r" "$s"; done; done
done >"$TMP/asweep.txt"
TODAY=$(date +%Y.%m.%d)

# One parser: every bad value is refused in the same words, exit 2, with or without --plain, and after
# `whist` alone (without a terminal; tests/cli/test_tui_line_parser.sh does it on one).
for args in "--seed 99999999999999999999" "--seed -1" "--target 0" "--target 1001" "--variant big" \
  "--scoring x" "--opponent god" "--opponent human" "--think-ms x" "--think-ms 60001" "--think-ms 0"; do
  # shellcheck disable=SC2086
  run play --plain $args
  expect_rc 2 "play --plain $args"
  plain_err=$ERR
  [ -n "$plain_err" ] || fail "play --plain $args: no message"
  # shellcheck disable=SC2086
  run play $args
  expect_rc 2 "play $args"
  [ "$ERR" = "$plain_err" ] || fail "play $args: '$ERR', with --plain '$plain_err'"
  # shellcheck disable=SC2086
  run $args
  expect_rc 2 "whist $args"
  [ "$ERR" = "$plain_err" ] || fail "whist $args: '$ERR', with play --plain '$plain_err'"
done
run play --plain --target 0
expect_err "whist play: the target must be a whole number from 1 to 1000, not '0'" "play --plain --target 0"
run play --plain --opponent god
expect_err "whist play: unknown opponent 'god' (random, easy, hard, expert, oracle or human)" "play --opponent god"
run android --plain --opponent expert
expect_rc 2 "android --opponent expert"
expect_err "whist android: unknown opponent 'expert' (random, easy, hard or human)" "android --opponent expert"
run android --plain --opponent human
expect_rc 2 "android --opponent human"
expect_err "whist android: line mode plays against the computer: --opponent random, easy or hard, not 'human'" \
  "android --opponent human"
# good values go through the same parser: the match is played with them
run_from "$SWEEP" play --plain --seed 18446744073709551615 --variant small --scoring every --target 2 \
  --opponent greedy --think-ms 60000 --record "$TMP/max.gwr"
expect_rc 0 "play with every option"
expect_out "German Whist: small deck, every scoring, match to 2. You are player 1; the computer (easy) is player 2." \
  "play with every option"
grep -qF '[MatchSeed "18446744073709551615"]' "$TMP/max.gwr" || fail "play with every option: no MatchSeed tag"

# One set of tags: every hand of a line-mode record carries Date (today), Player1 "human", Player2 the
# computer's level, its seed and its statistics row, in both games.
run_from "$SWEEP" play --plain --seed 3 --target 5 --opponent random --record "$TMP/m.gwr"
expect_rc 0 "play --seed 3"
run_from "$TMP/asweep.txt" android --plain --seed 21 --opponent easy --record "$TMP/a.gwr"
expect_rc 0 "android --seed 21"
for f in m a; do
  hands=$(grep -c '^\[Hand ' "$TMP/$f.gwr")
  [ "$hands" -ge 2 ] || fail "$f.gwr: $hands hand(s), expected several"
  for tag in "[Date \"$TODAY\"]" '[Player1 "human"]'; do
    [ "$(grep -cxF "$tag" "$TMP/$f.gwr")" = "$hands" ] || fail "$f.gwr: $tag is not on every hand"
  done
  [ "$(grep -cE '^\[(StoreMatch|StoreRubber) "[0-9]+"\]$' "$TMP/$f.gwr")" = "$hands" ] ||
    fail "$f.gwr: the statistics row is not on every hand"
done
[ "$(grep -cxF '[Player2 "random"]' "$TMP/m.gwr")" = "$(grep -c '^\[Hand ' "$TMP/m.gwr")" ] || fail "m.gwr: Player2"
[ "$(grep -cxF '[Player2 "easy"]' "$TMP/a.gwr")" = "$(grep -c '^\[Hand ' "$TMP/a.gwr")" ] || fail "a.gwr: Player2"
[ "$(grep -cxF '[MatchSeed "3"]' "$TMP/m.gwr")" = "$(grep -c '^\[Hand ' "$TMP/m.gwr")" ] || fail "m.gwr: MatchSeed"
[ "$(grep -cxF '[RubberSeed "21"]' "$TMP/a.gwr")" = "$(grep -c '^\[Hand ' "$TMP/a.gwr")" ] || fail "a.gwr: RubberSeed"

# A hand resumed keeps the Date it was recorded with; the hands dealt after the resume get today's.
head -n 30 "$SWEEP" >"$TMP/head.txt"
tail -n +31 "$SWEEP" >"$TMP/tail.txt"
run_from "$TMP/head.txt" play --plain --seed 3 --target 5 --opponent random --record "$TMP/old.gwr"
sed -i "s/^\[Date \"$TODAY\"\]$/[Date \"2001.02.03\"]/" "$TMP/old.gwr"
run_from "$TMP/tail.txt" play --plain --resume --record "$TMP/old.gwr"
expect_rc 0 "play --resume of an old hand"
[ "$(sed -n 's/^\[Date "\(.*\)"\]$/\1/p' "$TMP/old.gwr" | head -n 2 | tr '\n' ' ')" = "2001.02.03 $TODAY " ] ||
  fail "play --resume: the Dates are $(grep '^\[Date ' "$TMP/old.gwr" | tr '\n' ' ')"
diff <(grep -v '^\[\(Date\|StoreMatch\) ' "$TMP/m.gwr") <(grep -v '^\[\(Date\|StoreMatch\) ' "$TMP/old.gwr") >/dev/null ||
  fail "play --resume of an old hand: not the match played in one go"
head -n 200 "$TMP/asweep.txt" >"$TMP/head.txt"
tail -n +201 "$TMP/asweep.txt" >"$TMP/tail.txt"
run_from "$TMP/head.txt" android --plain --seed 21 --opponent easy --record "$TMP/aold.gwr"
sed -i "s/^\[Date \"$TODAY\"\]$/[Date \"2001.02.03\"]/" "$TMP/aold.gwr"
run_from "$TMP/tail.txt" android --plain --resume --record "$TMP/aold.gwr"
expect_rc 0 "android --resume of an old hand"
[ "$(sed -n 's/^\[Date "\(.*\)"\]$/\1/p' "$TMP/aold.gwr" | head -n 2 | tr '\n' ' ')" = "2001.02.03 $TODAY " ] ||
  fail "android --resume: the Dates are $(grep '^\[Date ' "$TMP/aold.gwr" | tr '\n' ' ')"
finish
