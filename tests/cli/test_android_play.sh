# test_android_play.sh: whist android --plain fed by a script: whole rubbers, the saved record, refusals,
# garbage input, end of input, unsavable records, options.
. "$(dirname "$0")/lib.sh"

COMMANDS="duck beat high spades hearts diamonds clubs shortest longest high-spades high-hearts high-diamonds
high-clubs high-shortest high-longest"

# command_sweep FILE [TIMES] [ORDER]: writes every command name then every card name, one a line, TIMES
# times (default 1000). Fed to whist android, what is refused is skipped and the next line tried: a working
# command and a legal card always come, so it plays any rubber to the end. ORDER "reverse" writes the
# commands from high-longest back to duck; "twice" writes each command twice in a row.
command_sweep() {
  local file=$1 times=${2:-1000} order=${3:-} c s r i cmds=() block
  for c in $COMMANDS; do
    case $order in
    reverse) cmds=("$c" "${cmds[@]}") ;;
    twice) cmds+=("$c" "$c") ;;
    *) cmds+=("$c") ;;
    esac
  done
  block=$(
    printf '%s\n' "${cmds[@]}"
    for s in S H D C; do for r in A K Q J T 9 8 7 6 5 4 3 2; do printf '%s%s\n' "$r" "$s"; done; done
  )
  for ((i = 0; i < times; i++)); do printf '%s\n' "$block"; done >"$file"
}

# records_equal A B: the two records are the same apart from the Date, StoreMatch and StoreRubber tags.
records_equal() { diff <(grep -vE '^\[(Date|StoreMatch|StoreRubber) ' "$1") <(grep -vE '^\[(Date|StoreMatch|StoreRubber) ' "$2") >/dev/null; }
# printed_record: the record printed after "here it is, to keep:" into $TMP/printed.gwr.
printed_record() { sed '1,/here it is, to keep:/d' "$TMP/out" | sed '/./,$!d' >"$TMP/printed.gwr"; }
# prompts_until REGEX: how many input lines the last run had read when stdout first matched REGEX.
prompts_until() { sed -n "1,/$1/p" "$TMP/out" | grep -oE '(Your card|Command for [LX])> ' | wc -l; }

SWEEP=$TMP/sweep.txt
command_sweep "$SWEEP"
RUBBER='^(You win|The computer wins) the rubber, 2 games to [01], by [0-9]+: game values [0-9]+ to [0-9]+, the rubber bonus of 2 included\.$'

# A whole rubber against the default (hard) computer, played from the sweep.
REC=$TMP/a7.gwr
run_from "$SWEEP" android --plain --seed 7 --record "$REC"
expect_rc 0 "android --seed 7"
expect_no_err "android --seed 7"
cp "$TMP/out" "$TMP/a7.out"
expect_out "the computer (hard) is player 2" "android: hard by default"
expect_out "Rubber seed 7 (whist android --plain --seed 7 plays the same deals)." "android: the seed is printed"
expect_out_re "^=== Hand 1: (you|the computer) deal(s)?\. You are [DN] with your android [LX]; the computer is [DN] with its android [LX]\. Trump: [a-z]+ \(the turned card is [AKQJT2-9][SHDC]\)\. L leads\. ===$" \
  "android: hand 1"
expect_out_re "^Hand 1, trick 1 of 13\. Trump: " "android: the table"
expect_out_re "^[LX] \(the computer's android\) holds: " "android: the opposing android's hand is shown"
expect_no_out "(your android) holds" "android: the own android's hand is never shown"
expect_out_re "^Your hand: ([AKQJT2-9][SHDC] ?)+" "android: the own hand"
expect_out_re "^Tricks: your side [0-9]+, the computer's side [0-9]+\. Game [123] \(to 5\): you [0-4], the computer [0-4]\. Games: you [01], the computer [01]\.$" \
  "android: tricks, game points, games"
expect_out_re "^Trick [0-9]+ so far:$" "android: the trick so far"
expect_out_re "^  [DN] \((you|the computer)\) plays [AKQJT2-9][SHDC]$" "android: the trick's cards"
expect_out_re "^  [LX] \((your|the computer's) android\) told [a-z-]+: plays [AKQJT2-9][SHDC]$" "android: the trick's commands"
expect_out_re "^Your android [LX] is to (lead|play): tell it a command \(" "android: the commands valid now"
expect_out_re "You play [AKQJT2-9][SHDC]\.$" "android: the human's card"
expect_out_re "[LX] \(your android\) plays [AKQJT2-9][SHDC]\.$" "android: the human's android's card"
expect_out_re "^[DN] \(the computer\) plays [AKQJT2-9][SHDC]\.$" "android: the computer's card"
expect_out_re "^The computer tells ([LX]) \"[a-z-]+\": \1 plays [AKQJT2-9][SHDC]\.$" "android: the computer's commands"
expect_out_re "^Trick [0-9]+: [DLXN] [AKQJT2-9][SHDC], [DLXN] [AKQJT2-9][SHDC], [DLXN] [AKQJT2-9][SHDC], [DLXN] [AKQJT2-9][SHDC]\. [DLXN] \([a-z' ]+\) wins it for (your|the computer's) side\. Tricks: your side [0-9]+, the computer's side [0-9]+\.$" \
  "android: each trick's winner"
expect_out_re "Command for ([LX])> \1: \"Error\.\" Tell \1 another command \(valid now: " "android: an android's error"
# refusals are the session's sentences (the same in the full-screen game), with the commands valid now
expect_out_re "Command for [LX]> Not \"(duck|beat|high)\" now: a leader is told a suit, shortest or longest\. Valid now: " \
  "android: a follower's command to a leader is refused"
expect_out "Your card> It is your own turn, not your android's: play a card from your hand." "android: a command for a card"
expect_out_re "Command for ([LX])> Your android \1 plays by command, not by card: tell it one of " "android: a card for a command"
expect_out_re "Your card> You must follow suit: you hold (spades|hearts|diamonds|clubs)\.$" "android: a revoke is refused"
expect_out_re "Your card> You do not hold [AKQJT2-9][SHDC]\.$" "android: a card not held is refused"
expect_out_re "^Hand 1 is over\. Tricks: your side [0-9]+, the computer's side [0-9]+\. (Your|The computer's) side scores [1-7]\.$" \
  "android: the hand's score"
expect_out_re "^Game 1 \(to 5\): you [0-5], the computer [0-5]\. Games: you [0-2], the computer [0-2]\.$" "android: game points"
expect_out_re "^(You win|The computer wins) game 1, 5-[0-4]: worth [123] \((treble|double|single)\)\.$" "android: a game's value"
expect_out_re "$RUBBER" "android: the rubber ends"
expect_out "The record is saved in $REC" "android: where the record is"
hands=$(grep -c '^Hand [0-9]* is over' <<<"$OUT")
[ "$hands" -ge 3 ] || fail "android: a rubber of $hands hand(s)"
[ -f "$REC" ] || fail "android: no record in $REC"
run check "$REC"
expect_rc 0 "check of the played rubber"
expect_no_err "check of the played rubber"
[ "$(grep -cE '^hand [0-9]+: tricks [0-9]+-[0-9]+, side [12] scores [1-7]$' <<<"$OUT")" -eq "$hands" ] ||
  fail "check of the played rubber: not $hands finished hands: $OUT"
for tag in '[Game "Android Whist"]' '[Hand "1"]' "[Hand \"$hands\"]" '[Player1 "human"]' '[Player2 "hard"]' \
  '[RubberSeed "7"]'; do
  grep -qF "$tag" "$REC" || fail "android: the record lacks $tag"
done
[ "$(grep -cE '^\[Dealer "[12]"\]$' "$REC")" -eq "$hands" ] || fail "android: a Dealer tag per hand"
[ "$(grep -cE '^\[Deck "([AKQJT2-9][SHDC] ){51}[AKQJT2-9][SHDC]"\]$' "$REC")" -eq "$hands" ] || fail "android: a Deck tag per hand"
[ "$(grep -cE '^\[Result "[0-9]+-[0-9]+"\]$' "$REC")" -eq "$hands" ] || fail "android: a Result tag per hand"
[ "$(grep -cE '^\[Score "[0-5]-[0-5]"\]$' "$REC")" -eq "$hands" ] || fail "android: a Score tag per hand"
# the Score tags are the game points printed after each hand
printed=$(sed -n 's/^Game [123] (to 5): you \([0-5]\), the computer \([0-5]\)\..*/\1-\2/p' "$TMP/a7.out" | tr '\n' ' ')
tagged=$(sed -n 's/^\[Score "\([0-5]-[0-5]\)"\]$/\1/p' "$REC" | tr '\n' ' ')
[ "$printed" = "$tagged" ] || fail "android: Score tags '$tagged' are not the printed game points '$printed'"
grep -qE '^13\. ' "$REC" || fail "android: the record lacks trick 13"
grep -qE '[a-z-]+![ ]' "$REC" || fail "android: the record holds no android error"
run replay "$REC" --hand 2
expect_rc 0 "replay of the played rubber"
expect_out "Hand 2: Android Whist" "replay of the played rubber"

# The same seed and input give the same rubber; another seed other deals.
run_from "$SWEEP" android --plain --seed 7 --record "$TMP/a7b.gwr"
expect_rc 0 "android --seed 7 again"
records_equal "$REC" "$TMP/a7b.gwr" || fail "android --seed 7 twice: the records differ"
diff <(grep -v '^The record is saved' "$TMP/a7.out") <(grep -v '^The record is saved' "$TMP/out") >/dev/null ||
  fail "android --seed 7 twice: the outputs differ"
run_from "$SWEEP" android --plain --seed 8 --record "$TMP/a8.gwr"
expect_rc 0 "android --seed 8"
expect_out_re "$RUBBER" "android --seed 8"
[ "$(grep -m1 '^\[Deck ' "$REC")" != "$(grep -m1 '^\[Deck ' "$TMP/a8.gwr")" ] || fail "android: seeds 7 and 8 deal alike"
run check "$TMP/a8.gwr"
expect_rc 0 "check of the rubber of seed 8"

# The commands in the other order: a suit, shortest or longest for a follower is refused (no error, nothing
# recorded) until duck, beat or high; each level of the computer plays a whole rubber.
command_sweep "$TMP/reverse.txt" 1000 reverse
for level in random easy hard; do
  run_from "$TMP/reverse.txt" android --plain --seed 21 --opponent $level --classic-order --record "$TMP/l-$level.gwr"
  expect_rc 0 "android --opponent $level"
  expect_no_err "android --opponent $level"
  expect_out "the computer ($level) is player 2" "android --opponent $level"
  expect_out_re "Command for [LX]> Not \"(high-)?(spades|hearts|diamonds|clubs|shortest|longest)\" yet: a follower is told duck, beat or high first\. Valid now: duck, beat, high\.$" \
    "android --opponent $level: a leader's command to a follower is refused"
  expect_out_re "$RUBBER" "android --opponent $level: the rubber ends"
  grep -qF "[Player2 \"$level\"]" "$TMP/l-$level.gwr" || fail "android --opponent $level: no Player2 tag"
  run check "$TMP/l-$level.gwr"
  expect_rc 0 "check of a rubber against $level"
done
# --classic-order: every hand shown in the order spades, hearts, diamonds, clubs
grep '^Your hand: [AKQJT2-9]' "$TMP/out" | sed 's/^Your hand: //; s/[AKQJT2-9]\([SHDC]\)/\1/g; s/ //g' | tr -s 'SHDC' |
  grep -vxE 'S?H?D?C?' | grep -q . && fail "android --classic-order: a hand out of order"

# Each command twice: the repeat of a command that failed is refused (it would fail again).
command_sweep "$TMP/twice.txt" 1000 twice
run_from "$TMP/twice.txt" android --plain --seed 7 --opponent easy --record "$TMP/twice.gwr"
expect_rc 0 "android, each command twice"
expect_out_re "Command for ([LX])> \1 said \"Error\.\" to [a-z-]+ already for this card, and would again\. Valid now: " \
  "android: a failed command repeated"
expect_out_re "$RUBBER" "android, each command twice: the rubber ends"
run check "$TMP/twice.gwr"
expect_rc 0 "check of the rubber with repeated commands"

# 'high spades' with a space, in any case and with extra blanks, is high-spades.
sed 's/^high-\(.*\)/HIGH   \1/; s/^duck$/  Duck /' "$SWEEP" >"$TMP/spaced.txt"
run_from "$TMP/spaced.txt" android --plain --seed 7 --record "$TMP/spaced.gwr"
expect_rc 0 "android, commands with spaces"
records_equal "$REC" "$TMP/spaced.gwr" || fail "android: 'HIGH   spades' is not high-spades"

# Garbage on standard input is refused with a message, exactly as if it had not been typed.
{
  cat "$GW_TEST_DATA/check/garbage.gwr"
  printf '\n\n   \n\t\nxyzzy\nplay the ace\nAS KS\n1S\nZZ\nhigh-\nhigh trumps\nlowest\nduck!\n'
  head -c 5000 /dev/zero | tr '\0' 'a'
  printf '\nhelp\n?\nhand\nshow\n\r\n'
  printf 'AS\0KS\n\001duck\nduck\033[A\n'
  cat "$SWEEP"
} >"$TMP/garbage.txt"
run_from "$TMP/garbage.txt" android --plain --seed 7 --record "$TMP/g.gwr"
expect_rc 0 "android with garbage input"
expect_no_err "android with garbage input"
for word in xyzzy 'play the ace' 'as ks' 1s zz high-; do
  expect_out_re "'$word' is not a (card|command)\. " "android: garbage '$word'"
done
for word in 'high trumps' lowest 'duck!'; do
  expect_out_re "'$word' is not a (card|command)\. " "android: garbage '$word'"
done
expect_out "That line is too long." "android: a very long line"
expect_out "That line holds control characters." "android: control characters"
expect_out "Other commands: hand (show the table again), help, quit (save and leave)." "android: help"
expect_out_re "(Tell your android [LX] a command\. Valid now: [a-z, -]+\.|Type a card to play it: rank then suit, e\.g\. AS, TH, 10h, qd\.)$" \
  "android: help says what is valid now"
[ "$(grep -c '^Hand 1, trick 1 of 13' <<<"$OUT")" -gt "$(grep -c '^Hand 1, trick 1 of 13' "$TMP/a7.out")" ] ||
  fail "android: 'hand' does not show the table again"
expect_out_re "$RUBBER" "android with garbage input: the rubber ends"
records_equal "$REC" "$TMP/g.gwr" || fail "android: garbage input changed the game"

# End of input in the middle of a hand: the record so far is saved, exit 0.
run_from "$SWEEP" android --plain --seed 7 --record "$TMP/full.gwr"
n=$(prompts_until '^Hand 1 is over')
head -n $((n + 40)) "$SWEEP" >"$TMP/short.txt"
run_from "$TMP/short.txt" android --plain --seed 7 --record "$TMP/short.gwr"
expect_rc 0 "android: end of input in hand 2"
expect_out "Input ended: the rubber stops here." "android: end of input in hand 2"
expect_out "The record is saved in $TMP/short.gwr" "android: end of input in hand 2"
run check "$TMP/short.gwr"
expect_rc 0 "check of a rubber cut short"
expect_out_re "^hand 1: tricks [0-9]+-[0-9]+, side [12] scores [1-7]$" "check of a rubber cut short: hand 1"
expect_out_re "^hand 2: unfinished after trick [0-9]+$" "check of a rubber cut short: hand 2"
run replay "$TMP/short.gwr" --hand 2
expect_rc 0 "replay of a rubber cut short"
# right after an android's error: the record ends with the failed command
run_from "$SWEEP" android --plain --seed 7 --record "$TMP/full.gwr"
n=$(prompts_until '"Error\." Tell')
head -n "$n" "$SWEEP" >"$TMP/err.txt"
run_from "$TMP/err.txt" android --plain --seed 7 --record "$TMP/err.gwr"
expect_rc 0 "android: end of input after an error"
run check "$TMP/err.gwr"
expect_rc 0 "check of a rubber cut after an error"
expect_out_re "unfinished after trick [0-9]+$" "check of a rubber cut after an error"
grep -v '^\[' "$TMP/err.gwr" | tr -s ' \n' '  ' | grep -qE '[a-z-]+! *$' ||
  fail "android: the record cut after an error does not end with it: $(tail -n 2 "$TMP/err.gwr")"
# no input at all: the deal is saved
run_from /dev/null android --plain --seed 7 --record "$TMP/none.gwr"
expect_rc 0 "android with no input"
run check "$TMP/none.gwr"
expect_out "hand 1: unfinished after trick 0" "android with no input"
# quit saves and leaves
printf '\nquit\n' >"$TMP/quit.txt"
run_from "$TMP/quit.txt" android --plain --seed 7 --record "$TMP/quit.gwr"
expect_rc 0 "android: quit"
expect_no_out "Input ended" "android: quit"
run check "$TMP/quit.gwr"
expect_out "hand 1: unfinished after trick 0" "android: quit"

# A full disk: a warning (once), the game goes on, and at the end the record is printed; exit 1.
run_from "$SWEEP" android --plain --seed 7 --record /dev/full
expect_rc 1 "android --record /dev/full"
expect_err "warning: cannot save the record to /dev/full: No space left on device (the game goes on)" \
  "android --record /dev/full"
[ "$(grep -c 'warning' <<<"$ERR")" -eq 1 ] || fail "android --record /dev/full: the warning is repeated: $ERR"
expect_out_re "$RUBBER" "android --record /dev/full: the rubber is played"
expect_out "The record could not be saved: No space left on device; here it is, to keep:" "android --record /dev/full"
printed_record
records_equal "$REC" "$TMP/printed.gwr" || fail "android --record /dev/full: the printed record is not the game"
run check "$TMP/printed.gwr"
expect_rc 0 "check of the printed record"
# cut short, the printed record holds the rubber so far
run_from "$TMP/short.txt" android --plain --seed 7 --record /dev/full
expect_rc 1 "android --record /dev/full, input cut short"
printed_record
records_equal "$TMP/short.gwr" "$TMP/printed.gwr" || fail "android --record /dev/full cut short: the printed record differs"
# a record path in a folder that does not exist, and one that is a folder
run_from "$TMP/short.txt" android --plain --seed 7 --record "$TMP/no/such/dir/a.gwr"
expect_rc 1 "android --record in a missing folder"
expect_err "warning: cannot save the record to $TMP/no/such/dir/a.gwr: No such file or directory" \
  "android --record in a missing folder"
run_from "$TMP/short.txt" android --plain --seed 7 --record "$TMP"
expect_rc 1 "android --record FOLDER"
expect_err "warning: cannot save the record to $TMP: Is a directory" "android --record FOLDER"
printed_record
records_equal "$TMP/short.gwr" "$TMP/printed.gwr" || fail "android --record FOLDER: the printed record differs"

# Without --record the rubber goes to $XDG_DATA_HOME/whist/games/android-SEED.gwr.
run_from "$TMP/short.txt" android --plain --seed 7
expect_rc 0 "android without --record"
expect_out "The record is saved in $XDG_DATA_HOME/whist/games/android-7.gwr" "android without --record"
records_equal "$TMP/short.gwr" "$XDG_DATA_HOME/whist/games/android-7.gwr" || fail "android without --record: wrong record"
# An unusable data folder: a warning, the game is played, the record printed at the end.
: >"$TMP/a-file"
XDG_DATA_HOME=$TMP/a-file/data "$WHIST" android --plain --seed 7 <"$TMP/short.txt" >"$TMP/out" 2>"$TMP/err"
RC=$?
OUT=$(cat "$TMP/out")
ERR=$(cat "$TMP/err")
expect_rc 1 "android with an unusable data folder"
expect_err "warning: cannot create $TMP/a-file/data/whist/games: Not a directory; the record will be printed at the end instead" \
  "android with an unusable data folder"
expect_out "The record could not be saved; here it is, to keep:" "android with an unusable data folder"
printed_record
records_equal "$TMP/short.gwr" "$TMP/printed.gwr" || fail "android with an unusable data folder: the printed record differs"

# A fresh seed is printed, and replays the same deals.
run_from "$TMP/short.txt" android --plain --record "$TMP/fresh.gwr"
expect_rc 0 "android without --seed"
seed=$(sed -n 's/^Rubber seed \([0-9][0-9]*\) .*/\1/p' <<<"$OUT")
if [ -z "$seed" ]; then
  fail "android without --seed: no seed printed: $OUT"
else
  grep -qF "[RubberSeed \"$seed\"]" "$TMP/fresh.gwr" || fail "android without --seed: no RubberSeed tag"
  run_from "$TMP/short.txt" android --plain --seed "$seed" --record "$TMP/fresh2.gwr"
  records_equal "$TMP/fresh.gwr" "$TMP/fresh2.gwr" || fail "android --seed $seed does not repeat the fresh rubber"
fi

# Bad options: exit 2, a message naming the problem, no game.
bad() { # EXPECTED-TEXT ARGS...
  local text=$1
  shift
  run_from "$SWEEP" android "$@"
  expect_rc 2 "android $*"
  expect_err "$text" "android $*"
  expect_no_out "Your card>" "android $*"
  expect_no_out "Command for" "android $*"
}
# the session's one option parser, in its words
bad "unknown opponent 'god' (random, easy, hard or human)" --plain --opponent god
bad "unknown opponent 'expert' (random, easy, hard or human)" --plain --opponent expert
bad "line mode plays against the computer: --opponent random, easy or hard, not 'human'" --plain --opponent human
bad "the seed must be a whole number from 0 to 18446744073709551615, not '-1'" --plain --seed -1
bad "not 'x'" --plain --seed x
bad "not '18446744073709551616'" --plain --seed 18446744073709551616
bad "'--record'" --plain --record
bad "'--frob'" --plain --frob
bad "'--variant'" --plain --variant small
bad "unexpected argument 'now'" --plain now
bad "whist android: the full-screen Android Whist is on the home screen of 'whist'; use 'whist android --plain' for line mode" \
  --seed 3
bad "whist android: the full-screen Android Whist is on the home screen of 'whist'; use 'whist android --plain' for line mode"
run android --help
expect_rc 0 "android --help"
expect_out "Usage: whist android --plain [--opponent LEVEL] [--seed N] [--record FILE] [--classic-order]" "android --help"
run --help
expect_out "  android        Android Whist against the computer in line mode (--plain)" "whist --help lists android"
finish
