# test_hint.sh: the `hint` command of whist play --plain: the expert's estimates
# for the legal cards before the endgame, exact card values in it (checked against whist solve on the hands the
# table shows), the game unchanged by hints, and no hints without memory.
. "$(dirname "$0")/lib.sh"

SWEEP=$TMP/sweep.txt
card_sweep "$SWEEP"

# records_equal A B: the two records are the same apart from the Date and StoreMatch tags.
records_equal() { diff <(grep -vE '^\[(Date|StoreMatch) ' "$1") <(grep -vE '^\[(Date|StoreMatch) ' "$2") >/dev/null; }
# plain_out: $OUT with the prompts taken off the start of its lines.
plain_out() { sed -E 's/^(Your card> )+//' <<<"$OUT"; }
# hinted_input FILE: the human's cards of the last run, each after a 'hint', into FILE.
hinted_input() {
  plain_out | sed -nE 's/^Trick [0-9]+: (you lead|the computer leads [^,]*, you play) ([AKQJT2-9][SHDC])[,:].*/hint\n\2/p' >"$1"
}
# suit_letter NAME: S, H, D or C for spades ... clubs.
suit_letter() { case $1 in spades) echo S ;; hearts) echo H ;; diamonds) echo D ;; clubs) echo C ;; esac; }
# as_list HAND: a hand as printed ("AS KS  7H") as a solve argument ("AS,KS,7H").
as_list() { tr -s ' ' ',' <<<"$1"; }

# check_hints WHAT HAND_SIZE EVERY: every endgame hint in $OUT against whist solve
# on the hands the table showed before it: the human's tricks after each card
# (HAND_A's tricks when the human leads, the rest when the computer led), the
# best cards marked, and the total. EVERY=1 when the scoring counts all tricks.
check_hints() {
  local what=$1 hs=$2 every=$3 line trump="" opp="" led="" mine="" won=0 won_fp=0 n v cards c
  local -A got=()
  local best_mark="" hints=0
  while IFS= read -r line; do
    case $line in
    "Trick "*" of "*", "*". Trump: "*)
      trump=$(suit_letter "$(sed -E 's/.* Trump: ([a-z]+)\..*/\1/' <<<"$line")")
      opp="" led="" mine=""
      ;;
    "Tricks this hand: you "*)
      won=$(sed -E 's/^Tricks this hand: you ([0-9]+),.*/\1/' <<<"$line")
      ;;
    "Trick "*": "*": you win.")
      n=$(sed -E 's/^Trick ([0-9]+):.*/\1/' <<<"$line")
      [ "$n" -le "$hs" ] && won_fp=$((won_fp + 1))
      ;;
    "The computer holds: "*) opp=${line#The computer holds: } ;;
    "The computer led "*)
      led=${line#The computer led }
      led=${led%.}
      ;;
    "Your hand: "*) mine=${line#Your hand: } ;;
    "Hint, exact with best play by both"*)
      got=() best_mark=""
      ;;
    "  "[0-9]*" trick"*": "*)
      v=$(sed -E 's/^  ([0-9]+) .*/\1/' <<<"$line")
      cards=${line#*: }
      for c in $cards; do got[$c]=$v; done
      [[ $line == *"(best)"* ]] && best_mark=$v
      ;;
    "With best play you win "*)
      hints=$((hints + 1))
      n=$(wc -w <<<"$mine")
      local answer k
      if [ -z "$led" ]; then
        answer=$("$WHIST" solve --trump "$trump" "$(as_list "$mine")" "$(as_list "$opp")" --cards)
      else
        answer=$("$WHIST" solve --trump "$trump" --led "$led" "$(as_list "$opp")" "$(as_list "$mine")" --cards)
      fi
      local max=-1 expect_pairs="" got_pairs=""
      for k in ${answer#* }; do
        c=${k%=*} v=${k#*=}
        [ -n "$led" ] && v=$((n - v))
        [ "$v" -gt "$max" ] && max=$v
        expect_pairs+="$c=$v "
        got_pairs+="$c=${got[$c]:-none} "
      done
      [ "${#got[@]}" -eq "$(wc -w <<<"$expect_pairs")" ] || fail "$what: hint $hints shows ${#got[@]} cards, whist solve $(wc -w <<<"$expect_pairs")"
      [ "$expect_pairs" = "$got_pairs" ] || fail "$what: hint $hints (you: $mine; computer: $opp; led: ${led:-none}): got $got_pairs, whist solve says $expect_pairs"
      [ "$best_mark" = "$max" ] || fail "$what: hint $hints marks $best_mark tricks as best, not $max"
      local tail="$((won + max)) of the $hs endgame tricks"
      [ "$every" = 1 ] && tail+="; $((won_fp + won + max)) of all $((2 * hs)) tricks"
      local plural=s
      [ "$max" -eq 1 ] && plural=""
      [ "$line" = "With best play you win $max more trick$plural ($tail)." ] ||
        fail "$what: hint $hints: '$line', expected $max more ($tail)"
      ;;
    esac
  done < <(plain_out)
  [ "$hints" -eq "$hs" ] || fail "$what: $hints endgame hints checked, expected $hs"
}

# check_foreplay_hints WHAT HAND_SIZE: each foreplay hint lists exactly the
# cards the human may play (the whole hand when leading, the suit led if held),
# each with a value from 0 to HAND_SIZE, best first.
check_foreplay_hints() {
  local what=$1 hs=$2 line mine="" led="" led_seen="" in_hint=0 listed="" prev=99 legal c v suit
  while IFS= read -r line; do
    if [ "$in_hint" = 1 ] && [[ $line == "  "[AKQJT2-9][SHDC]" "* ]]; then
      read -r c v _ <<<"$line"
      listed+="$c "
      awk -v v="$v" -v p="$prev" -v hs="$hs" 'BEGIN { exit !(v >= 0 && v <= hs && v <= p + 1e-9) }' ||
        fail "$what: foreplay hint value $v for $c out of order or range"
      prev=$v
      continue
    fi
    if [ "$in_hint" = 1 ] && [[ $line != "after each card, averaged over "* ]]; then
      legal=""
      suit=${led_seen: -1}
      for c in $mine; do
        if [ -z "$led_seen" ] || [ "${c: -1}" = "$suit" ] || ! grep -qE "[AKQJT2-9]$suit( |$)" <<<"$mine"; then
          legal+="$c "
        fi
      done
      [ "$(tr ' ' '\n' <<<"$listed" | sort | xargs)" = "$(tr ' ' '\n' <<<"$legal" | sort | xargs)" ] ||
        fail "$what: foreplay hint lists '$listed', the legal cards are '$legal'"
      in_hint=0
    fi
    case $line in
    "The computer led "*)
      led=${line#The computer led }
      led=${led%.}
      ;;
    "Your hand: "*)
      mine=${line#Your hand: }
      led_seen=$led led=""
      ;;
    "Hint, estimated"*) in_hint=1 listed="" prev=99 ;;
    esac
  done < <(plain_out)
}

# play_with_hints WHAT HAND_SIZE EVERY ARGS...: plays a one-hand match from the
# card sweep, then again with 'hint' before each of the human's cards: the same
# game, a hint at every turn, and every endgame hint exact.
play_with_hints() {
  local what=$1 hs=$2 every=$3
  shift 3
  rm -f "$TMP/plain.gwr" "$TMP/hinted.gwr" # a record is never replaced
  run_from "$SWEEP" play --plain --target 1 --record "$TMP/plain.gwr" "$@"
  expect_rc 0 "$what without hints"
  hinted_input "$TMP/hinted.txt"
  [ "$(grep -c '^hint$' "$TMP/hinted.txt")" -eq $((2 * hs)) ] || fail "$what: not $((2 * hs)) cards of the human"
  run_from "$TMP/hinted.txt" play --plain --target 1 --record "$TMP/hinted.gwr" "$@"
  expect_rc 0 "$what with hints"
  expect_no_err "$what with hints"
  records_equal "$TMP/plain.gwr" "$TMP/hinted.gwr" || fail "$what: the hints changed the game"
  # every card typed after a hint is played: all the tricks are there
  [ "$(plain_out | grep -cE '^Trick [0-9]+: ')" -eq $((2 * hs)) ] || fail "$what: not every trick was played"
  expect_out_re "^(You win|The computer wins) the match" "$what: the match ends"
  # before the endgame: the expert's estimate for every legal card, one recommended
  local n
  n=$(grep -cF "Hint, estimated (the stock still hides cards): the endgame tricks you can expect" <<<"$OUT")
  [ "$n" -eq "$hs" ] || fail "$what: $n foreplay hints, expected $hs"
  n=$(grep -cE "^  [AKQJT2-9][SHDC] +[0-9]+\.[0-9]{2}  \(recommended\)$" <<<"$OUT")
  [ "$n" -eq "$hs" ] || fail "$what: $n foreplay recommendations, expected $hs"
  check_foreplay_hints "$what" "$hs"
  n=$(grep -cF "Hint, exact with best play by both (tricks you win from here, this trick included):" <<<"$OUT")
  [ "$n" -eq "$hs" ] || fail "$what: $n endgame hints, expected $hs"
  check_hints "$what" "$hs" "$every"
}

play_with_hints "classic, seed 7" 13 0 --seed 7 --think-ms 20
# the human leads some endgame tricks and follows the computer's lead in others
expect_out_re "^The computer led [AKQJT2-9][SHDC]\.$" "seed 7: hints when following"
# when the human leads the first endgame trick, the first endgame hint agrees
# with the replay's value of the endgame (the hint knows only what the human
# may; replay reads both hands from the record)
if grep -qF "The stock is empty. Endgame: the last 13 tricks count; you lead." <<<"$OUT"; then
  first=$(plain_out | grep -m1 '^With best play you win' | sed -E 's/^With best play you win ([0-9]+) .*/\1/')
  run replay "$TMP/hinted.gwr"
  expect_out "solver: with best play by both P1 wins $first, " "seed 7: the first hint and the replay"
fi

play_with_hints "small, every, seed 11" 7 1 --seed 11 --variant small --scoring every --opponent random --think-ms 20
play_with_hints "classic, difference, seed 12" 13 0 --seed 12 --scoring difference --think-ms 20

# help lists the command
printf 'help\nquit\n' >"$TMP/help.txt"
run_from "$TMP/help.txt" play --plain --seed 7
expect_out "hint (what each of your cards is" "help lists hint"
run play --help
expect_out "'hint' shows what each of your cards is worth" "play --help explains hint"

# Without memory for the solver the hint says so and the game goes on (a limit
# on address space; not under AddressSanitizer, which needs a vast one).
if grep -qa __asan_init "$WHIST"; then
  echo "skipped: the memory test under AddressSanitizer"
else
  rm -f "$TMP/plain.gwr"
  run_from "$SWEEP" play --plain --seed 7 --target 1 --opponent easy --record "$TMP/plain.gwr"
  hinted_input "$TMP/hinted.txt"
  # 16 MB: room for the program and its libraries (libwebsockets brings OpenSSL, about 4 MB), far from the solver's table
  (ulimit -v 16000 && "$WHIST" play --plain --seed 7 --target 1 --opponent easy --think-ms 20 --record "$TMP/nomem.gwr" \
    <"$TMP/hinted.txt" >"$TMP/out" 2>"$TMP/err")
  RC=$?
  OUT=$(cat "$TMP/out")
  ERR=$(cat "$TMP/err")
  expect_rc 0 "hint without memory"
  # The statistics may give up for want of memory too (said once); nothing else is said.
  ERR=$(grep -v '^warning: statistics are off: .*out of memory' <<<"$ERR")
  expect_no_err "hint without memory"
  n=$(grep -cF "No hint: not enough memory for the endgame solver (the game goes on)." <<<"$OUT")
  [ "$n" -eq 13 ] || fail "hint without memory: $n messages, expected 13"
  records_equal "$TMP/plain.gwr" "$TMP/nomem.gwr" || fail "hint without memory: the game changed"
fi
finish
