# test_resume.sh: line mode resumes a match or rubber (--resume) and never overwrites a record: a
# match cut short and resumed is the uninterrupted match; a seed played again goes to a new file;
# bad records are refused untouched; the record being written is locked; `whist --seed` is
# `whist play --seed`; one seed rule.
. "$(dirname "$0")/lib.sh"

SWEEP=$TMP/sweep.txt
card_sweep "$SWEEP"
GAMES=$XDG_DATA_HOME/whist/games
DB=$XDG_DATA_HOME/whist/whist.db

# same_game A B: the two records are the same apart from the Date, StoreMatch and StoreRubber tags.
same_game() { diff <(grep -vE '^\[(Date|StoreMatch|StoreRubber) ' "$1") <(grep -vE '^\[(Date|StoreMatch|StoreRubber) ' "$2") >/dev/null; }

# prompts: how many input lines the last run read (one at each prompt).
prompts() { grep -oE '(Your card|Command for [LX])> ' "$TMP/out" | wc -l; }

# A match cut short after N input lines and resumed with the rest of the input is the match played in one
# go, for every level whose choices do not depend on time (random draws from its stream on every card).
for level in random easy hard; do
  run_from "$SWEEP" play --plain --seed 5 --target 6 --opponent $level --record "$TMP/whole-$level.gwr"
  expect_rc 0 "play --opponent $level in one go"
  total=$(prompts)
  for n in 40 $((total / 2)) $((total - 30)); do
    head -n $n "$SWEEP" >"$TMP/head.txt"
    tail -n +$((n + 1)) "$SWEEP" >"$TMP/tail.txt"
    rec=$TMP/cut-$level-$n.gwr
    run_from "$TMP/head.txt" play --plain --seed 5 --target 6 --opponent $level --record "$rec"
    expect_rc 0 "play --opponent $level cut after $n lines"
    expect_out "Input ended: the match stops here." "play --opponent $level cut after $n lines"
    expect_out "'whist play --plain --resume --record $rec' goes on with it." "play cut short: how to resume"
    run_from "$TMP/tail.txt" play --plain --resume --record "$rec"
    expect_rc 0 "play --resume ($level, cut after $n lines)"
    expect_no_err "play --resume ($level, cut after $n lines)"
    expect_out "Resuming the match saved in $rec: hand " "play --resume ($level, $n)"
    expect_out "the computer ($level) is player 2" "play --resume ($level, $n): the record's computer"
    expect_out_re "^(You win|The computer wins) the match" "play --resume ($level, $n): the match ends"
    same_game "$TMP/whole-$level.gwr" "$rec" || fail "play --resume ($level, cut after $n lines) is not the match played in one go"
    run check "$rec"
    expect_rc 0 "check of a resumed match ($level, $n)"
  done
done

# A match left and resumed stays one match in the statistics: not abandoned, and counted once finished.
head -n 300 "$SWEEP" >"$TMP/head.txt"
tail -n +301 "$SWEEP" >"$TMP/tail.txt"
run_from "$TMP/head.txt" play --plain --seed 9 --target 4 --opponent random --record "$TMP/st.gwr"
id=$(sed -n 's/^\[StoreMatch "\([0-9]*\)"\]$/\1/p' "$TMP/st.gwr" | head -1)
[ -n "$id" ] || fail "the record has no StoreMatch tag"
[ "$(sqlite3 "$DB" "SELECT abandoned FROM matches WHERE id = ${id:-0}")" = 0 ] ||
  fail "a match left with its record saved counts as abandoned"
matches=$(sqlite3 "$DB" 'SELECT COUNT(*) FROM matches')
run_from "$TMP/tail.txt" play --plain --resume --record "$TMP/st.gwr"
expect_rc 0 "play --resume: the statistics"
[ "$(sqlite3 "$DB" 'SELECT COUNT(*) FROM matches')" = "$matches" ] || fail "play --resume made a new match row"
[ "$(sqlite3 "$DB" "SELECT winner IS NOT NULL AND abandoned = 0 FROM matches WHERE id = ${id:-0}")" = 1 ] ||
  fail "the resumed match is not finished in the statistics"
hands=$(grep -c '^\[Hand ' "$TMP/st.gwr")
[ "$(sqlite3 "$DB" "SELECT COUNT(*) FROM hands WHERE match_id = ${id:-0}")" = "$hands" ] ||
  fail "the resumed match's hands are not all in the statistics"
# a match whose record cannot be saved can never be resumed: it counts as abandoned
run_from "$TMP/head.txt" play --plain --seed 9 --target 4 --opponent random --record /dev/full
[ "$(sqlite3 "$DB" 'SELECT abandoned FROM matches ORDER BY id DESC LIMIT 1')" = 1 ] ||
  fail "a match left without a saved record is not abandoned"

# Playing a seed again never wipes its record: without a terminal the new match goes to a numbered file.
head -n 200 "$SWEEP" >"$TMP/head.txt"
run_from "$TMP/head.txt" play --plain --seed 1234
expect_rc 0 "play --seed 1234"
cp "$GAMES/match-1234.gwr" "$TMP/first.gwr"
run_from "$SWEEP" play --plain --seed 1234 --target 1
expect_rc 0 "play --seed 1234 again"
detail=$(sed -n 's/^Resuming the match saved in .*: \(hand [0-9]*\), you \([0-9]*\), the computer \([0-9]*\)\.$/\1, you \2, the computer \3/p' \
  <(cp "$TMP/first.gwr" "$TMP/copy.gwr" && "$WHIST" play --plain --resume --record "$TMP/copy.gwr" </dev/null 2>&1))
[ -n "$detail" ] || fail "play --resume of a copy says nothing"
expect_err "whist play: A match with seed 1234 is saved in $GAMES/match-1234.gwr ($detail): it is kept, and this match is saved in $GAMES/match-1234-2.gwr instead ('whist play --plain --resume --record $GAMES/match-1234.gwr' resumes that one)." \
  "play --seed 1234 again"
expect_out "The record is saved in $GAMES/match-1234-2.gwr" "play --seed 1234 again"
cmp -s "$TMP/first.gwr" "$GAMES/match-1234.gwr" || fail "play --seed 1234 again changed the first record"
run_from "$TMP/head.txt" play --plain --seed 1234
expect_out "The record is saved in $GAMES/match-1234-3.gwr" "play --seed 1234 a third time"
# a finished match is kept too, and said to be finished
run_from "$SWEEP" play --plain --seed 1234 --target 1 --record "$GAMES/match-1234-2.gwr"
expect_err "A finished match with seed 1234 is saved in $GAMES/match-1234-2.gwr" "play over a finished match"
expect_out "The record is saved in $GAMES/match-1234-2-2.gwr" "play over a finished match"
cp "$GAMES/match-1234-2.gwr" "$TMP/fin.gwr"
run play --plain --resume --record "$GAMES/match-1234-2.gwr"
expect_rc 0 "play --resume of a finished match"
expect_out_re "^The match in .*match-1234-2.gwr is finished: (you|the computer) won [0-9]+-[0-9]+ after 1 hand. Nothing to resume.$" \
  "play --resume of a finished match"
cmp -s "$TMP/fin.gwr" "$GAMES/match-1234-2.gwr" || fail "play --resume changed a finished match"
# --resume --seed finds the default record of that seed
run_from "$SWEEP" play --plain --resume --seed 1234
expect_rc 0 "play --resume --seed 1234"
expect_out "Resuming the match saved in $GAMES/match-1234.gwr: $detail." "play --resume --seed 1234"
run check "$GAMES/match-1234.gwr"
expect_rc 0 "check after play --resume --seed 1234"
[ "$(grep -c '^\[Hand ' "$GAMES/match-1234.gwr")" -ge 1 ] || fail "play --resume --seed 1234: no hand"

# --resume refuses, exit 2, the file untouched: no such file, a damaged one, the other game, rule options.
cant() { # WHAT EXPECTED-TEXT ARGS...
  local what=$1 text=$2
  shift 2
  run_from "$SWEEP" "$@"
  expect_rc 2 "$what"
  expect_err "$text" "$what"
  expect_no_out "Your card>" "$what"
  expect_no_out "Command for" "$what"
}
cant "play --resume of no file" "whist play: there is no saved match to resume: $TMP/none.gwr does not exist" \
  play --plain --resume --record "$TMP/none.gwr"
[ -e "$TMP/none.gwr" ] && fail "play --resume of no file made it"
cant "play --resume of no seed's file" "whist play: there is no saved match to resume: $GAMES/match-4242.gwr does not exist" \
  play --plain --resume --seed 4242
printf '[Event "x"]\n\n1. ZZ\n' >"$TMP/bad.gwr"
cp "$TMP/bad.gwr" "$TMP/bad.orig"
cant "play --resume of a damaged record" "whist play: the match in $TMP/bad.gwr cannot be resumed: line " \
  play --plain --resume --record "$TMP/bad.gwr"
cmp -s "$TMP/bad.gwr" "$TMP/bad.orig" || fail "play --resume changed a damaged record"
sed 's/^\[MatchSeed "5"\]$/[MatchSeed "6"]/' "$TMP/cut-random-40.gwr" >"$TMP/reseeded.gwr"
# (the session's restore, one for every front end, names the hand's line)
cant "play --resume of a record not dealt from its seed" "cannot be resumed: line 1: hand 1 was not dealt from the match seed 6" \
  play --plain --resume --record "$TMP/reseeded.gwr"
run_from /dev/null android --plain --seed 77 --record "$TMP/a77.gwr"
cp "$TMP/a77.gwr" "$TMP/a77.orig"
cant "play --resume of an Android Whist record" "it holds a rubber of Android Whist, not a German Whist match" \
  play --plain --resume --record "$TMP/a77.gwr"
cant "android --resume of a German Whist record" "it holds a German Whist match, not a rubber of Android Whist" \
  android --plain --resume --record "$TMP/cut-random-40.gwr"
cmp -s "$TMP/a77.gwr" "$TMP/a77.orig" || fail "play --resume changed an Android Whist record"
cant "play --resume with a rule option" "--resume goes on with the record's rules and computer" \
  play --plain --resume --record "$TMP/st.gwr" --target 3
cant "play --resume without a file" "--resume needs the match's --seed N" play --plain --resume
cant "play --resume --seed of another match" "holds the match with seed 5, not 6" \
  play --plain --resume --seed 6 --record "$TMP/cut-easy-40.gwr"
cant "android --resume of no file" "whist android: there is no saved rubber to resume" \
  android --plain --resume --seed 4242

# Android Whist: cut short and resumed, the rubber is the one played in one go (the computer's random
# stream included), and a seed played again goes to a new file.
COMMANDS="duck beat high spades hearts diamonds clubs shortest longest high-spades high-hearts high-diamonds
high-clubs high-shortest high-longest"
{
  for ((i = 0; i < 400; i++)); do
    printf '%s\n' $COMMANDS
    for s in S H D C; do for r in A K Q J T 9 8 7 6 5 4 3 2; do printf '%s%s\n' "$r" "$s"; done; done
  done
} >"$TMP/asweep.txt"
for level in random hard; do
  run_from "$TMP/asweep.txt" android --plain --seed 31 --opponent $level --record "$TMP/awhole-$level.gwr"
  expect_rc 0 "android --opponent $level in one go"
  total=$(prompts)
  for n in 150 $((total * 2 / 3)); do
    head -n $n "$TMP/asweep.txt" >"$TMP/head.txt"
    tail -n +$((n + 1)) "$TMP/asweep.txt" >"$TMP/tail.txt"
    rec=$TMP/acut-$level-$n.gwr
    run_from "$TMP/head.txt" android --plain --seed 31 --opponent $level --record "$rec"
    expect_out "Input ended: the rubber stops here." "android --opponent $level cut after $n lines"
    expect_out "'whist android --plain --resume --record $rec' goes on with it." "android cut short: how to resume"
    run_from "$TMP/tail.txt" android --plain --resume --record "$rec"
    expect_rc 0 "android --resume ($level, $n)"
    expect_no_err "android --resume ($level, $n)"
    expect_out "Resuming the rubber saved in $rec: hand " "android --resume ($level, $n)"
    same_game "$TMP/awhole-$level.gwr" "$rec" || fail "android --resume ($level, cut after $n lines) is not the rubber played in one go"
    run check "$rec"
    expect_rc 0 "check of a resumed rubber ($level, $n)"
  done
done
head -n 100 "$TMP/asweep.txt" >"$TMP/head.txt"
run_from "$TMP/head.txt" android --plain --seed 77
cp "$GAMES/android-77.gwr" "$TMP/a-first.gwr"
run_from "$TMP/head.txt" android --plain --seed 77
expect_rc 0 "android --seed 77 again"
expect_err "whist android: A rubber with seed 77 is saved in $GAMES/android-77.gwr (hand 1, games you 0, the computer 0): it is kept, and this rubber is saved in $GAMES/android-77-2.gwr instead" \
  "android --seed 77 again"
cmp -s "$TMP/a-first.gwr" "$GAMES/android-77.gwr" || fail "android --seed 77 again changed the first record"

# The record being written is locked: a second whist on the same file writes a numbered one, and
# --resume of it is refused while the first plays; the lock goes with the first whist.
mkfifo "$TMP/fifo"
"$WHIST" play --plain --seed 3 --record "$TMP/same.gwr" <"$TMP/fifo" >"$TMP/first.out" 2>&1 &
FIRST=$!
exec 7>"$TMP/fifo"
for ((i = 0; i < 100; i++)); do grep -q 'Your card>' "$TMP/first.out" && break; sleep 0.1; done
run_from "$TMP/head.txt" play --plain --seed 3 --record "$TMP/same.gwr"
expect_rc 0 "a second whist on the same record"
expect_err "whist play: another whist (pid $FIRST) is writing $TMP/same.gwr; this match is saved in $TMP/same-2.gwr instead." \
  "a second whist on the same record"
run play --plain --resume --record "$TMP/same.gwr"
expect_rc 2 "--resume of a record another whist plays"
expect_err "whist play: another whist (pid $FIRST) is playing the match in $TMP/same.gwr; it is left alone" \
  "--resume of a record another whist plays"
kill -KILL $FIRST
wait $FIRST 2>/dev/null
exec 7>&-
run_from "$TMP/head.txt" play --plain --resume --record "$TMP/same.gwr"
expect_rc 0 "--resume after the first whist was killed (its lock went with it)"
expect_out "Resuming the match saved in $TMP/same.gwr" "--resume after a kill"

# `whist` followed by a play option is `whist play` with it: without a terminal, the same answer.
for opt in "--seed 2026" "--ascii" "--variant small" "--scoring every" "--target 3" "--opponent easy" \
  "--think-ms 50" "--seed=7"; do
  run $opt
  expect_rc 2 "whist $opt"
  expect_err "whist play: the full-screen game needs a terminal; use 'whist play --plain' for line mode" "whist $opt"
done
run_from "$TMP/head.txt" --seed 5 --plain --record "$TMP/top.gwr"
expect_rc 0 "whist --seed 5 --plain"
expect_out "Match seed 5 (" "whist --seed 5 --plain"
run play --ascii
expect_err "the full-screen game needs a terminal" "whist play --ascii"
# One seed rule: 0 to 2^64-1, everywhere.
for seed in 99999999999999999999 18446744073709551616 -1 1e5 " 5"; do
  run play --plain --seed "$seed"
  expect_rc 2 "play --plain --seed '$seed'"
  expect_err "whist play: the seed must be a whole number from 0 to 18446744073709551615, not '$seed'" \
    "play --plain --seed '$seed'"
  run --seed "$seed"
  expect_rc 2 "whist --seed '$seed'"
  expect_err "whist play: the seed must be a whole number from 0 to 18446744073709551615, not '$seed'" \
    "whist --seed '$seed'"
done
run_from /dev/null play --plain --seed 18446744073709551615 --record "$TMP/max.gwr"
expect_rc 0 "play --seed 2^64-1"
expect_out "Match seed 18446744073709551615 " "play --seed 2^64-1"
finish
