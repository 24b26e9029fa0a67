# test_hint.sh: the `hint` command of whist play --plain, in points of the scoring rule in force: the
# expert's estimates (expected points, best first, in range) for the legal cards before the endgame, exact
# card values in it (the tricks checked against whist solve on the hands the table shows, the points
# against the rule's formula), under every scoring rule and both decks; the game unchanged by hints, and no
# hints without memory.
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

# points_of SCORING HAND_SIZE MY_ENDGAME THEIR_ENDGAME MY_ALL THEIR_ALL: my points minus the computer's for
# a finished hand under the scoring rule (docs/rules: the slam is 10, or 5 in the small deck).
points_of() {
  local sc=$1 hs=$2 me=$3 them=$4 me_all=$5 them_all=$6 half=$(($2 / 2)) over=$2
  [ "$hs" = 7 ] && over=6
  case $sc in
  total) echo $((me - them)) ;;
  difference) echo $((me - them)) ;;
  every)
    if [ "$me_all" -gt "$them_all" ]; then echo $((me_all - over)); elif [ "$me_all" -lt "$them_all" ]; then echo $((over - them_all)); else echo 0; fi
    ;;
  last13)
    local slam=10
    [ "$hs" = 7 ] && slam=5
    if [ "$me" = "$hs" ]; then echo "$slam"; elif [ "$them" = "$hs" ]; then echo "-$slam"; elif [ "$me" -gt "$them" ]; then echo $((me - half)); elif [ "$me" -lt "$them" ]; then echo $((half - them)); else echo 0; fi
    ;;
  esac
}

# points_text N: "+3 points", "-1 point", "0 points", as the hint prints them.
points_text() {
  local word=points
  [ "${1#-}" = 1 ] && word=point
  if [ "$1" -gt 0 ]; then echo "+$1 $word"; else echo "$1 $word"; fi
}

# check_hints WHAT HAND_SIZE SCORING: every endgame hint in $OUT against whist solve on the hands the table
# showed before it: the human's tricks after each card (HAND_A's tricks when the human leads, the rest when
# the computer led), each card's points under SCORING from the tricks of both players at the hand's end,
# the groups best first, the best marked, and the total.
check_hints() {
  local what=$1 hs=$2 scoring=$3 line trump="" opp="" led="" mine="" won=0 lost=0 won_fp=0 n v p cards c
  local -A got=() got_points=()
  local best_mark="" hints=0 prev=99 ordered=1
  while IFS= read -r line; do
    case $line in
    "Trick "*" of "*", "*". Trump: "*)
      trump=$(suit_letter "$(sed -E 's/.* Trump: ([a-z]+)\..*/\1/' <<<"$line")")
      opp="" led="" mine=""
      ;;
    "Tricks this hand: you "*", computer "*" (endgame)."*)
      won=$(sed -E 's/^Tricks this hand: you ([0-9]+),.*/\1/' <<<"$line")
      lost=$(sed -E 's/^Tricks this hand: you [0-9]+, computer ([0-9]+) .*/\1/' <<<"$line")
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
    "Hint, exact with best play by both: the points each card is worth"*)
      got=() got_points=() best_mark="" prev=99 ordered=1
      ;;
    "  "[-+0-9]*" point"*", "[0-9]*" trick"*": "*)
      p=$(sed -E 's/^  ([-+]?[0-9]+) .*/\1/' <<<"$line")
      p=${p#+}
      v=$(sed -E 's/^  [^,]*, ([0-9]+) .*/\1/' <<<"$line")
      [ "$v" -lt "$prev" ] || ordered=0
      prev=$v
      cards=${line#*: }
      for c in $cards; do got[$c]=$v got_points[$c]=$p; done
      [[ $line == *"(best)"* ]] && best_mark=$v
      ;;
    "With best play you win "*)
      hints=$((hints + 1))
      [ "$ordered" = 1 ] || fail "$what: hint $hints: the cards are not best first"
      n=$(wc -w <<<"$mine")
      local answer k
      if [ -z "$led" ]; then
        answer=$("$WHIST" solve --trump "$trump" "$(as_list "$mine")" "$(as_list "$opp")" --cards)
      else
        answer=$("$WHIST" solve --trump "$trump" --led "$led" "$(as_list "$opp")" "$(as_list "$mine")" --cards)
      fi
      local max=-1 expect_pairs="" got_pairs="" e_me e_them pts best_pts=""
      for k in ${answer#* }; do
        c=${k%=*} v=${k#*=}
        [ -n "$led" ] && v=$((n - v))
        e_me=$((won + v)) e_them=$((lost + n - v))
        pts=$(points_of "$scoring" "$hs" "$e_me" "$e_them" $((won_fp + e_me)) $((hs - won_fp + e_them)))
        if [ "$v" -gt "$max" ]; then max=$v best_pts=$pts; fi
        expect_pairs+="$c=$v/$pts "
        got_pairs+="$c=${got[$c]:-none}/${got_points[$c]:-none} "
      done
      [ "${#got[@]}" -eq "$(wc -w <<<"$expect_pairs")" ] || fail "$what: hint $hints shows ${#got[@]} cards, whist solve $(wc -w <<<"$expect_pairs")"
      [ "$expect_pairs" = "$got_pairs" ] || fail "$what: hint $hints (you: $mine; computer: $opp; led: ${led:-none}): got $got_pairs, whist solve and the $scoring formula say $expect_pairs"
      [ "$best_mark" = "$max" ] || fail "$what: hint $hints marks $best_mark tricks as best, not $max"
      local tail="$((won + max)) of the $hs endgame tricks"
      [ "$scoring" = every ] && tail+="; $((won_fp + won + max)) of all $((2 * hs)) tricks"
      local plural=s
      [ "$max" -eq 1 ] && plural=""
      [ "$line" = "With best play you win $max more trick$plural ($tail): $(points_text "$best_pts")." ] ||
        fail "$what: hint $hints: '$line', expected $max more ($tail): $(points_text "$best_pts")"
      ;;
    esac
  done < <(plain_out)
  [ "$hints" -eq "$hs" ] || fail "$what: $hints endgame hints checked, expected $hs"
}

# check_foreplay_hints WHAT HAND_SIZE SCORING: each foreplay hint lists exactly the cards the human may play
# (the whole hand when leading, the suit led if held), each with its expected points (best first, within
# what the rule can give: the slam's 10 or 5 under last13, the tricks counted otherwise), the tricks the
# rule counts (endgame tricks; every: all of the hand's), and how much less than the first it is worth
# with a standard error.
check_foreplay_hints() {
  local what=$1 hs=$2 scoring=$3 line mine="" led="" led_seen="" in_hint=0 listed="" prev=99 first legal c v t suit
  local max_points=$hs max_tricks=$hs counted="endgame tricks"
  [ "$scoring" = last13 ] && { max_points=10; [ "$hs" = 7 ] && max_points=5; }
  [ "$scoring" = every ] && { max_tricks=$((2 * hs)) counted="all tricks"; }
  while IFS= read -r line; do
    if [ "$in_hint" = 1 ] && [[ $line == "  "[AKQJT2-9][SHDC]" "* ]]; then
      read -r c v t rest <<<"$line"
      listed+="$c "
      awk -v v="$v" -v p="$prev" -v m="$max_points" -v t="$t" -v mt="$max_tricks" \
        'BEGIN { exit !(v >= -m && v <= m && v <= p + 1e-9 && t >= 0 && t <= mt) }' ||
        fail "$what: foreplay hint: $c worth $v expected points and $t tricks, out of order or range"
      if [ "$prev" = 99 ]; then
        first=$v
        [ "$rest" = "(recommended)" ] || fail "$what: the first card of a foreplay hint is not the one recommended: '$line'"
      else
        [[ $rest =~ ^\(([0-9]+\.[0-9]{2})\ less,\ standard\ error\ ([0-9]+\.[0-9]{2})\)$ ]] ||
          fail "$what: foreplay hint line '$line'"
        awk -v d="${BASH_REMATCH[1]}" -v f="$first" -v v="$v" 'BEGIN { exit !(d - (f - v) < 0.011 && (f - v) - d < 0.011) }' ||
          fail "$what: foreplay hint: $c is $v, ${BASH_REMATCH[1]} less than $first?"
      fi
      prev=$v
      continue
    fi
    if [ "$in_hint" = 1 ]; then
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
    "  card  expected points  "*)
      [ "$line" = "  card  expected points  $counted" ] || fail "$what: foreplay hint columns '$line', expected $counted"
      in_hint=1 listed="" prev=99
      ;;
    esac
  done < <(plain_out)
}

# play_with_hints WHAT HAND_SIZE SCORING ARGS...: plays a one-hand match from the card sweep under
# SCORING, then again with 'hint' before each of the human's cards: the same game, a hint at every turn
# in the rule's points, and every endgame hint exact.
play_with_hints() {
  local what=$1 hs=$2 scoring=$3
  shift 3
  set -- --scoring "$scoring" "$@"
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
  local words=$scoring
  [ "$scoring" = total ] && words="running total"
  n=$(grep -cF "Hint, estimated (the stock still hides cards), averaged over " <<<"$OUT")
  [ "$n" -eq "$hs" ] || fail "$what: $n foreplay hints, expected $hs"
  n=$(grep -cF "you have seen: the expected points each card is worth (yours minus the computer's at the" <<<"$OUT")
  [ "$n" -eq "$hs" ] || fail "$what: $n foreplay hints say they are in expected points, expected $hs"
  n=$(grep -cF "hand's end, $words scoring) and the " <<<"$OUT")
  [ "$n" -eq "$hs" ] || fail "$what: $n foreplay hints name the $words scoring, expected $hs"
  n=$(grep -cE "^  [AKQJT2-9][SHDC] +[-+][0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2}  \(recommended\)$" <<<"$OUT")
  [ "$n" -eq "$hs" ] || fail "$what: $n foreplay recommendations, expected $hs"
  check_foreplay_hints "$what" "$hs" "$scoring"
  n=$(grep -cF "Hint, exact with best play by both: the points each card is worth (yours minus the computer's" <<<"$OUT")
  [ "$n" -eq "$hs" ] || fail "$what: $n endgame hints, expected $hs"
  n=$(grep -cF "at the hand's end, $words scoring), and the tricks you win from here, this trick included:" <<<"$OUT")
  [ "$n" -eq "$hs" ] || fail "$what: $n endgame hints name the $words scoring, expected $hs"
  check_hints "$what" "$hs" "$scoring"
}

play_with_hints "classic, seed 7" 13 last13 --seed 7 --think-ms 20
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

play_with_hints "small, every, seed 11" 7 every --seed 11 --variant small --opponent random --think-ms 20
play_with_hints "classic, difference, seed 12" 13 difference --seed 12 --think-ms 20
play_with_hints "small, running total, seed 13" 7 total --seed 13 --variant small --opponent easy --think-ms 20
play_with_hints "small, last13, seed 14" 7 last13 --seed 14 --variant small --opponent random --think-ms 20
play_with_hints "classic, every, seed 15" 13 every --seed 15 --opponent random --think-ms 20

# help lists the command
printf 'help\nquit\n' >"$TMP/help.txt"
run_from "$TMP/help.txt" play --plain --seed 7
expect_out "hint (what each of your cards is" "help lists hint"
run play --help
expect_out "'hint' shows what each of your cards is worth under the scoring rule in force," "play --help explains hint"

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
