# test_play.sh: whist play --plain fed by a script: a whole match, the saved
# record, garbage input, illegal cards, end of input, unsavable records, options.
. "$(dirname "$0")/lib.sh"

SWEEP=$TMP/sweep.txt
card_sweep "$SWEEP"

# records_equal A B: the two records are the same apart from the Date and StoreMatch tags.
records_equal() { diff <(grep -vE '^\[(Date|StoreMatch) ' "$1") <(grep -vE '^\[(Date|StoreMatch) ' "$2") >/dev/null; }
# printed_record: the record printed after "here it is, to keep:" into $TMP/printed.gwr.
printed_record() { sed '1,/here it is, to keep:/d' "$TMP/out" | sed '/./,$!d' >"$TMP/printed.gwr"; }

# A whole match to 1 point: one hand, played to the end from the card sweep.
REC=$TMP/m7.gwr
run_from "$SWEEP" play --plain --seed 7 --target 1 --record "$REC"
expect_rc 0 "play --seed 7 --target 1"
expect_no_err "play --seed 7 --target 1"
expect_out "Match seed 7 (whist play --plain --seed 7 plays the same deals)." "play: the seed is printed"
expect_out "=== Hand 1:" "play: hand 1"
expect_out_re "^(You win|The computer wins) the match [0-9]+-[0-9]+\.$" "play: the match ends"
expect_out "The record is saved in $REC" "play: where the record is"
expect_out_re "You must follow suit: you hold (spades|hearts|diamonds|clubs)\." "play: a revoke is refused"
expect_out_re "You do not hold [AKQJT2-9][SHDC]\." "play: a card not held is refused"
[ -f "$REC" ] || fail "play: no record in $REC"
run check "$REC"
expect_rc 0 "check of the played record"
expect_out_re "^hand 1: tricks [0-9]+-[0-9]+, player [12] scores [0-9]+$" "check of the played record"
grep -qF '[Hand "1"]' "$REC" || fail "play: the record has no Hand tag"
grep -qF '[Target "1"]' "$REC" || fail "play: the record has no Target tag"
grep -qE '^\[Score "[0-9]+-[0-9]+"\]$' "$REC" || fail "play: the record has no Score tag"
grep -qE '^\[Result "[0-9]+-[0-9]+"\]$' "$REC" || fail "play: the record has no Result tag"
grep -qE '^26\. |[^0-9]26\. ' "$REC" || fail "play: the record lacks trick 26"
run replay "$REC"
expect_rc 0 "replay of the played record"
expect_out "Hand 1: classic deck, last13 scoring, target 1" "replay of the played record"
expect_out "Match score after this hand:" "replay of the played record"
# the same seed and input give the same game
run_from "$SWEEP" play --plain --seed 7 --target 1 --record "$TMP/m7b.gwr"
expect_rc 0 "play --seed 7 again"
records_equal "$REC" "$TMP/m7b.gwr" || fail "play --seed 7 twice: the records differ"

# A longer match: several hands, dealer alternating, Score accumulating; the
# checker verifies all of it.
run_from "$SWEEP" play --plain --seed 3 --target 10 --record "$TMP/m3.gwr"
expect_rc 0 "play --seed 3 --target 10"
run check "$TMP/m3.gwr"
expect_rc 0 "check of a whole match"
n=$(grep -c '^hand ' <<<"$OUT")
[ "$n" -ge 2 ] || fail "play --seed 3 --target 10: $n hand(s), expected a match of several"
grep -qF '[Hand "2"]' "$TMP/m3.gwr" || fail "play --seed 3 --target 10: no hand 2"
# the small variant and the other scorings and opponent
run_from "$SWEEP" play --plain --seed 11 --variant small --scoring every --target 5 --opponent random \
  --classic-order --record "$TMP/s.gwr"
expect_rc 0 "play small every random"
expect_out "German Whist: small deck, every scoring, match to 5." "play small every random"
run check "$TMP/s.gwr"
expect_rc 0 "check of a small every match"
grep -qF '[Variant "small"]' "$TMP/s.gwr" || fail "play --variant small: no Variant tag"
grep -qF '[Scoring "every"]' "$TMP/s.gwr" || fail "play --scoring every: no Scoring tag"
grep -qF '[Player2 "random"]' "$TMP/s.gwr" || fail "play --opponent random: no Player2 tag"
# every level plays a whole hand, its name in the record; hard is the default
for level in random easy hard expert oracle greedy; do
  run_from "$SWEEP" play --plain --seed 21 --target 1 --opponent $level --think-ms 5 --record "$TMP/l-$level.gwr"
  expect_rc 0 "play --opponent $level"
  expect_no_err "play --opponent $level"
  name=$level
  [ "$level" = greedy ] && name=easy
  expect_out "the computer ($name) is player 2" "play --opponent $level"
  grep -qF "[Player2 \"$name\"]" "$TMP/l-$level.gwr" || fail "play --opponent $level: no Player2 tag"
  run check "$TMP/l-$level.gwr"
  expect_rc 0 "check of a match against $level"
done
run_from "$SWEEP" play --plain --seed 21 --target 1 --record "$TMP/l-default.gwr"
expect_out "the computer (hard) is player 2" "play: hard by default"
run_from "$SWEEP" play --plain --seed 12 --scoring difference --target 3 --record "$TMP/d.gwr"
expect_rc 0 "play difference"
run check "$TMP/d.gwr"
expect_rc 0 "check of a difference match"

# Running total (seed 000's handheld game): a whole match to 50. Both players
# score their endgame tricks every hand; the Score tags are the running totals
# and the match ends after the first hand that takes a total to 50.
run_from "$SWEEP" play --plain --seed 3 --scoring total --target 50 --opponent easy --record "$TMP/t.gwr"
expect_rc 0 "play total"
expect_no_err "play total"
expect_out "German Whist: classic deck, total scoring, match to 50." "play total"
expect_out_re "^Hand 1 is over\. Endgame tricks: you [0-9]+, computer [0-9]+ \(all tricks [0-9]+-[0-9]+\)\. You score [0-9]+, the computer [0-9]+\.$" \
  "play total: both score"
hands=$(grep -c '^Hand [0-9]* is over' "$TMP/out")
[ "$hands" -ge 4 ] || fail "play total to 50: $hands hand(s), a match to 50 takes 4 at least"
# each hand's points are its endgame tricks and add up; the last hand ends it
t0=0 t1=0 n=0
while read -r e0 e1 m0 m1; do
  n=$((n + 1))
  t0=$((t0 + e0)) t1=$((t1 + e1))
  [ "$m0-$m1" = "$t0-$t1" ] || fail "play total: hand $n: match $m0-$m1, expected $t0-$t1"
  [ $((e0 + e1)) = 13 ] || fail "play total: hand $n: $e0-$e1 endgame tricks"
  if [ "$n" -lt "$hands" ]; then
    [ "$t0" -lt 50 ] && [ "$t1" -lt 50 ] || [ "$t0" = "$t1" ] || fail "play total: the match went on after $t0-$t1"
  fi
done < <(sed -nE '/^Hand [0-9]+ is over/{N;s/.*Endgame tricks: you ([0-9]+), computer ([0-9]+) .*\nMatch: you ([0-9]+), computer ([0-9]+) .*/\1 \2 \3 \4/p}' "$TMP/out")
[ "$n" = "$hands" ] || fail "play total: read $n of $hands hands"
{ [ "$t0" -ge 50 ] || [ "$t1" -ge 50 ]; } && [ "$t0" != "$t1" ] || fail "play total: ended at $t0-$t1"
if [ "$t0" -gt "$t1" ]; then w="You win the match $t0-$t1."; else w="The computer wins the match $t1-$t0."; fi
expect_out "$w" "play total: the higher total wins"
grep -qF '[Scoring "total"]' "$TMP/t.gwr" || fail "play --scoring total: no Scoring tag"
grep -qF "[Score \"$t0-$t1\"]" "$TMP/t.gwr" || fail "play total: the last Score is not $t0-$t1"
run check "$TMP/t.gwr"
expect_rc 0 "check of a running-total match"
expect_out_re "^hand 1: tricks [0-9]+-[0-9]+, player 1 scores [0-9]+, player 2 scores [0-9]+$" "check of a total match"
[ "$(grep -c '^hand ' <<<"$OUT")" = "$hands" ] || fail "check of a total match: not $hands hands"
run replay "$TMP/t.gwr"
expect_rc 0 "replay of a running-total match"
expect_out_re "^Tricks: endgame [0-9]+-[0-9]+, all [0-9]+-[0-9]+\. Player 1 scores [0-9]+, player 2 scores [0-9]+\.$" \
  "replay of a total match"
expect_out "Match score after this hand: $t0-$t1." "replay of a total match"
# Level at the target plays on: with these deals and cards, 26-26 after hand
# 4 of a match to 25; hand 5 decides (tests/data/check/match-total-level.gwr
# is this match).
run_from "$SWEEP" play --plain --seed 2 --scoring total --target 25 --opponent random --record "$TMP/tl.gwr"
expect_rc 0 "play total, level at the target"
expect_out "Match: you 26, computer 26 (target 25)." "play total: level at the target"
expect_out "Level at the target: the match goes on until a hand leaves one of you ahead." "play total: level"
expect_out_re "^Hand 5 is over\." "play total: hand 5 after a level score"
expect_out "The computer wins the match 34-31." "play total: the match after the level score"
diff <(grep -v '^\[\(Date\|StoreMatch\) ' "$TMP/tl.gwr") <(grep -v '^\[Date \|^;' "$GW_TEST_DATA/check/match-total-level.gwr") >/dev/null ||
  fail "play total, level: the record differs from check/match-total-level.gwr"

# Garbage on standard input is refused with a message and the game goes on,
# exactly as if it had not been typed.
{
  cat "$GW_TEST_DATA/check/garbage.gwr"
  printf '\n\n   \n\t\nxyzzy\nplay the ace\nAS KS\n1S\nZZ\n'
  head -c 5000 /dev/zero | tr '\0' 'a'
  printf '\nhelp\n?\nhand\n\r\n'
  printf 'AS\0KS\n'
  cat "$SWEEP"
} >"$TMP/garbage.txt"
run_from "$TMP/garbage.txt" play --plain --seed 7 --target 1 --record "$TMP/g.gwr"
expect_rc 0 "play with garbage input"
expect_no_err "play with garbage input"
expect_out "'xyzzy' is not a card." "play: an unknown word"
expect_out "'play the ace' is not a card." "play: a sentence"
expect_out "'1s' is not a card." "play: a card-like word"
expect_out "That line is too long." "play: a very long line"
expect_out "That line holds control characters, not a card." "play: random bytes"
expect_out "Other commands: hand (show the table again), hint (what each of your cards is" "play: help"
expect_out_re "^(You win|The computer wins) the match" "play with garbage input: the match ends"
records_equal "$REC" "$TMP/g.gwr" || fail "play: garbage input changed the game"

# End of input in the middle of a hand: the record so far is saved, exit 0.
head -n 30 "$SWEEP" >"$TMP/short.txt"
run_from "$TMP/short.txt" play --plain --seed 7 --target 1 --record "$TMP/short.gwr"
expect_rc 0 "play: end of input mid-hand"
expect_out "Input ended: the match stops here." "play: end of input mid-hand"
expect_out "The record is saved in $TMP/short.gwr" "play: end of input mid-hand"
run check "$TMP/short.gwr"
expect_rc 0 "check of a match cut short"
expect_out_re "^hand 1: unfinished after trick [0-9]+$" "check of a match cut short"
run replay "$TMP/short.gwr"
expect_rc 0 "replay of a match cut short"
expect_out "Unfinished after trick" "replay of a match cut short"
# no input at all: the deal is saved
run_from /dev/null play --plain --seed 7 --record "$TMP/none.gwr"
expect_rc 0 "play with no input"
run check "$TMP/none.gwr"
expect_out "hand 1: unfinished after trick 0" "play with no input"
# quit saves and leaves
printf '\nquit\n' >"$TMP/quit.txt"
run_from "$TMP/quit.txt" play --plain --seed 7 --record "$TMP/quit.gwr"
expect_rc 0 "play: quit"
run check "$TMP/quit.gwr"
expect_out "hand 1: unfinished after trick 0" "play: quit"

# A full disk: a warning (once), the game goes on, and at the end the record
# is printed to standard output; exit 1.
run_from "$SWEEP" play --plain --seed 7 --target 1 --record /dev/full
expect_rc 1 "play --record /dev/full"
expect_err "warning: cannot save the record to /dev/full: No space left on device (the game goes on)" \
  "play --record /dev/full"
[ "$(grep -c 'warning' <<<"$ERR")" -eq 1 ] || fail "play --record /dev/full: the warning is repeated: $ERR"
expect_out "The record could not be saved: No space left on device; here it is, to keep:" "play --record /dev/full"
expect_out_re "^(You win|The computer wins) the match" "play --record /dev/full: the match is played"
printed_record
records_equal "$REC" "$TMP/printed.gwr" || fail "play --record /dev/full: the printed record is not the game"
run check "$TMP/printed.gwr"
expect_rc 0 "check of the printed record"
# cut short, the printed record holds the hand so far
run_from "$TMP/short.txt" play --plain --seed 7 --target 1 --record /dev/full
expect_rc 1 "play --record /dev/full, input cut short"
printed_record
records_equal "$TMP/short.gwr" "$TMP/printed.gwr" || fail "play --record /dev/full cut short: the printed record differs"
# a record path in a folder that does not exist
run_from "$SWEEP" play --plain --seed 7 --target 1 --record "$TMP/no/such/dir/m.gwr"
expect_rc 1 "play --record in a missing folder"
expect_err "warning: cannot save the record to $TMP/no/such/dir/m.gwr: No such file or directory" \
  "play --record in a missing folder"

# a record path that is a folder
run_from "$TMP/short.txt" play --plain --seed 7 --target 1 --record "$TMP"
expect_rc 1 "play --record FOLDER"
expect_err "warning: cannot save the record to $TMP: Is a directory" "play --record FOLDER"
printed_record
records_equal "$TMP/short.gwr" "$TMP/printed.gwr" || fail "play --record FOLDER: the printed record differs"

# Without --record the match goes to $XDG_DATA_HOME/whist/games/match-SEED.gwr.
run_from "$SWEEP" play --plain --seed 7 --target 1
expect_rc 0 "play without --record"
expect_out "The record is saved in $XDG_DATA_HOME/whist/games/match-7.gwr" "play without --record"
records_equal "$REC" "$XDG_DATA_HOME/whist/games/match-7.gwr" || fail "play without --record: wrong record"
# or ~/.local/share/whist/games when XDG_DATA_HOME is unset or not absolute
for x in unset relative/path; do
  rm -rf "$HOME/.local"
  if [ "$x" = unset ]; then
    (unset XDG_DATA_HOME && "$WHIST" play --plain --seed 7 --target 1 <"$SWEEP" >"$TMP/out" 2>"$TMP/err")
  else
    XDG_DATA_HOME=$x "$WHIST" play --plain --seed 7 --target 1 <"$SWEEP" >"$TMP/out" 2>"$TMP/err"
  fi
  RC=$?
  OUT=$(cat "$TMP/out")
  expect_rc 0 "play with XDG_DATA_HOME $x"
  expect_out "The record is saved in $HOME/.local/share/whist/games/match-7.gwr" "play with XDG_DATA_HOME $x"
done
# An unusable data folder (under a regular file: nobody, not even root, can
# create it): a warning, the game is played, the record printed at the end.
: >"$TMP/a-file"
XDG_DATA_HOME=$TMP/a-file/data "$WHIST" play --plain --seed 7 --target 1 <"$SWEEP" >"$TMP/out" 2>"$TMP/err"
RC=$?
OUT=$(cat "$TMP/out")
ERR=$(cat "$TMP/err")
expect_rc 1 "play with an unusable data folder"
expect_err "warning: cannot create $TMP/a-file/data/whist/games: Not a directory; the record will be printed at the end instead" \
  "play with an unusable data folder"
expect_out_re "^(You win|The computer wins) the match" "play with an unusable data folder: the match is played"
expect_out "The record could not be saved; here it is, to keep:" "play with an unusable data folder"
printed_record
records_equal "$REC" "$TMP/printed.gwr" || fail "play with an unusable data folder: the printed record is not the game"

# A fresh seed is printed, and replays the same deals.
run_from "$TMP/short.txt" play --plain --record "$TMP/fresh.gwr"
expect_rc 0 "play without --seed"
seed=$(sed -n 's/^Match seed \([0-9][0-9]*\) .*/\1/p' <<<"$OUT")
if [ -z "$seed" ]; then
  fail "play without --seed: no seed printed: $OUT"
else
  run_from "$TMP/short.txt" play --plain --seed "$seed" --record "$TMP/fresh2.gwr"
  records_equal "$TMP/fresh.gwr" "$TMP/fresh2.gwr" || fail "play --seed $seed does not repeat the fresh match"
fi

# Bad options: exit 2, a message naming the problem, no game.
bad() { # EXPECTED-TEXT ARGS...
  local text=$1
  shift
  run_from "$SWEEP" play "$@"
  expect_rc 2 "play $*"
  expect_err "$text" "play $*"
  expect_no_out "Your card>" "play $*"
}
bad "the target must be a whole number from 1 to 1000, not '0'" --plain --target 0
bad "the target must be a whole number from 1 to 1000, not '1001'" --plain --target 1001
bad "not 'ten'" --plain --target ten
bad "not '-5'" --plain --target -5
bad "unknown variant 'big' (classic or small)" --plain --variant big
bad "unknown scoring 'x' (last13, every, difference or total)" --plain --scoring x
# the values are read by the session's one option parser (gw_session_config_option), in its words
bad "unknown opponent 'god' (random, easy, hard, expert, oracle or human)" --plain --opponent god
bad "a match is played against the computer: --opponent random, easy, hard, expert or oracle, not 'human'" \
  --plain --opponent human
bad "think-ms wants milliseconds from 0 to 60000, not 'x'" --plain --think-ms x
bad "think-ms 0 leaves the expert (its hints, the expert and the oracle) with no bound" --plain --think-ms 0
bad "the seed must be a whole number from 0 to 18446744073709551615, not '-1'" --plain --seed -1
bad "not 'x'" --plain --seed x
bad "'--record'" --plain --record
bad "'--frob'" --plain --frob
bad "unexpected argument 'now'" --plain now
bad "the full-screen game needs a terminal; use 'whist play --plain' for line mode" --seed 3
bad "the full-screen game needs a terminal; use 'whist play --plain' for line mode"
run play --help
expect_rc 0 "play --help"
expect_out "whist play --plain [OPTIONS]" "play --help"
finish
