# test_replay_solver.sh: whist replay's judgement of endgame cards: every mark
# checked against whist solve, a perfectly played endgame (built here with
# whist solve) without losses, a known blunder with its exact loss, --no-solver. (The points of each loss
# and the foreplay's verdicts: test_replay_foreplay.sh.)
. "$(dirname "$0")/lib.sh"
D=$GW_TEST_DATA/check

RANKS=23456789TJQKA
# rank_of CARD: 0 for a two ... 12 for an ace.
rank_of() {
  local r=${1:0:1} i
  for ((i = 0; i < 13; i++)); do [ "${RANKS:i:1}" = "$r" ] && echo "$i" && return; done
}
# trick_winner TRUMP LED FOLLOW: 0 if the led card wins, 1 if the follower's.
trick_winner() {
  local t=$1 a=$2 b=$3
  if [ "${a:1}" = "${b:1}" ]; then
    [ "$(rank_of "$b")" -gt "$(rank_of "$a")" ] && echo 1 || echo 0
  else
    [ "${b:1}" = "$t" ] && echo 1 || echo 0
  fi
}
# suit_letter NAME: S, H, D or C for spades ... clubs.
suit_letter() { case $1 in spades) echo S ;; hearts) echo H ;; diamonds) echo D ;; clubs) echo C ;; esac; }
# without CARD LIST...: the list (words) without CARD, as a comma list.
without() {
  local c=$1 out="" x
  shift
  for x in "$@"; do [ "$x" != "$c" ] && out+="$x,"; done
  echo "${out%,}"
}
# sorted WORDS...: the words sorted, one line.
sorted() { tr ' ' '\n' <<<"$*" | grep . | sort | tr '\n' ' '; }

# read_hand: parses a one-hand replay in $OUT: TRUMP, HS (tricks per phase),
# the trick lines T_LEAD[n] T_C1[n] T_C2[n] (player 1 or 2, led and followed
# cards), MARK[n] (the solver line under trick n) and VALUE_LINE.
read_hand() {
  local line n
  TRUMP=$(suit_letter "$(sed -nE 's/^Trump: ([a-z]+) .*/\1/p' <<<"$OUT")")
  HS=13
  grep -q '^Hand [0-9]*: small deck' <<<"$OUT" && HS=7
  T_LEAD=() T_C1=() T_C2=() MARK=() LAST=0
  VALUE_LINE=$(grep -m1 '^      solver: with best play' <<<"$OUT")
  n=0
  while IFS= read -r line; do
    if [[ $line =~ ^\ +([0-9]+)\.\ P([12])\ ([AKQJT2-9][SHDC])\ \ P[12]\ ([AKQJT2-9][SHDC])\  ]]; then
      n=${BASH_REMATCH[1]} LAST=${BASH_REMATCH[1]}
      T_LEAD[n]=${BASH_REMATCH[2]} T_C1[n]=${BASH_REMATCH[3]} T_C2[n]=${BASH_REMATCH[4]}
    elif [[ $line =~ ^\ +([0-9]+)\.\ P[12]\ leads ]]; then
      n=${BASH_REMATCH[1]}
    elif [[ $line == "      solver: P"* ]]; then
      MARK[n]=${line#      solver: }
    fi
  done <<<"$OUT"
}

# endgame_cards P FROM: the cards player P (1 or 2) plays in tricks FROM..LAST.
endgame_cards() {
  local p=$1 k out=""
  for ((k = $2; k <= LAST; k++)); do
    if [ "${T_LEAD[k]}" = "$p" ]; then out+="${T_C1[k]} "; else out+="${T_C2[k]} "; fi
  done
  echo "$out"
}

# judge_card WHAT ANSWER CARD LEADING: the expected judgement of CARD from a
# whist solve --cards ANSWER, in the form "CARD best" or "CARD loses N (best:
# sorted cards)"; LEADING=1 if the card was led (the leader's tricks count).
judge_card() {
  local answer=$2 card=$3 leading=$4 best=${2%% *} k v mine="" set=""
  for k in ${answer#* }; do
    [ "${k#*=}" = "$best" ] && set+="${k%=*} "
    [ "${k%=*}" = "$card" ] && mine=${k#*=}
  done
  [ -n "$mine" ] || { echo "$card is not legal in '$answer' ($1)" && return; }
  if [ "$leading" = 1 ]; then v=$((best - ${mine:-0})); else v=$((${mine:-0} - best)); fi
  if [ "$v" -eq 0 ]; then echo "$card best"; else echo "$card loses $v (best: $(sorted $set))"; fi
}
# parse_mark TEXT: a replay judgement ("P1 7H loses 1 trick (best: AH KH)") in
# the form of judge_card, and the format checked.
parse_mark() {
  if [[ $1 =~ ^P[12]\ ([AKQJT2-9][SHDC])\ best$ ]]; then
    echo "${BASH_REMATCH[1]} best"
  elif [[ $1 =~ ^P[12]\ ([AKQJT2-9][SHDC])\ loses\ ([0-9]+)\ tricks?,\ [0-9]+\ points?\ \(best:\ ([^\)]*)\)$ ]]; then
    local s=s
    [ "${BASH_REMATCH[2]}" = 1 ] && s=""
    [[ $1 == *" loses ${BASH_REMATCH[2]} trick$s, "* ]] || echo "bad plural"
    echo "${BASH_REMATCH[1]} loses ${BASH_REMATCH[2]} (best: $(sorted ${BASH_REMATCH[3]}))"
  else
    echo "unreadable: $1"
  fi
}

# check_marks WHAT: every endgame mark of the finished one-hand replay in $OUT against
# whist solve on the hands rebuilt from the cards played, the value of the
# endgame, and its tricks: the value minus P1's losses plus P2's.
# Leaves LOSSES[1] and LOSSES[2], the tricks each player gave away.
check_marks() {
  local what=$1 k l f lh fh a1 a2 e1 e2 m1 m2
  read_hand
  LOSSES=(0 0 0)
  local first=$((HS + 1))
  [ "$LAST" -ge "$first" ] || return 0
  local v0
  l=${T_LEAD[first]}
  v0=$("$WHIST" solve --trump "$TRUMP" "$(without - $(endgame_cards "$l" "$first"))" \
    "$(without - $(endgame_cards $((3 - l)) "$first"))")
  local p1=$v0
  [ "$l" = 2 ] && p1=$((HS - v0))
  [ "$VALUE_LINE" = "      solver: with best play by both P1 wins $p1, P2 $((HS - p1))" ] ||
    fail "$what: value line '$VALUE_LINE', expected P1 $p1"
  for ((k = first; k <= LAST; k++)); do
    l=${T_LEAD[k]} f=$((3 - T_LEAD[k]))
    lh=$(endgame_cards "$l" "$k") fh=$(endgame_cards "$f" "$k")
    a1=$("$WHIST" solve --trump "$TRUMP" "$(without - $lh)" "$(without - $fh)" --cards)
    a2=$("$WHIST" solve --trump "$TRUMP" --led "${T_C1[k]}" "$(without "${T_C1[k]}" $lh)" "$(without - $fh)" --cards)
    e1=$(judge_card "$what" "$a1" "${T_C1[k]}" 1)
    e2=$(judge_card "$what" "$a2" "${T_C2[k]}" 0)
    m1=$(parse_mark "${MARK[k]%%; *}")
    m2=$(parse_mark "${MARK[k]#*; }")
    [ "${MARK[k]}" != "${MARK[k]#P$l }" ] && [ "${MARK[k]}" != "${MARK[k]#*; P$f }" ] ||
      fail "$what: trick $k: the players in '${MARK[k]}'"
    [ "$m1" = "$e1" ] || fail "$what: trick $k, lead: replay says '$m1', whist solve '$e1'"
    [ "$m2" = "$e2" ] || fail "$what: trick $k, reply: replay says '$m2', whist solve '$e2'"
    [[ $e1 =~ loses\ ([0-9]+) ]] && LOSSES[l]=$((LOSSES[l] + BASH_REMATCH[1]))
    [[ $e2 =~ loses\ ([0-9]+) ]] && LOSSES[f]=$((LOSSES[f] + BASH_REMATCH[1]))
  done
  if [ "$LAST" -eq $((2 * HS)) ]; then
    local final=$((p1 - LOSSES[1] + LOSSES[2]))
    expect_out "Tricks: endgame $final-$((HS - final))," "$what: the value less the losses"
  fi
}

# replay_endgame OUT_FILE BLUNDER: rewrites the endgame of the one-hand replay
# in $OUT from its endgame hands, each card the first best one whist solve
# names; at trick BLUNDER (0: none) the leader plays its worst card instead.
# Writes a record with the original tags (no Result) and the new moves to
# OUT_FILE; sets BLUNDER_LOSS and BLUNDER_CARD.
replay_endgame() {
  local file=$1 blunder=$2 k l c1 c2 answer best x worst wv
  read_hand
  local -a hand=("" "$(endgame_cards 1 $((HS + 1)))" "$(endgame_cards 2 $((HS + 1)))")
  local moves=""
  for ((k = 1; k <= HS; k++)); do moves+="$k. ${T_C1[k]} ${T_C2[k]} "; done
  l=${T_LEAD[HS + 1]}
  BLUNDER_LOSS=0 BLUNDER_CARD=""
  for ((k = HS + 1; k <= 2 * HS; k++)); do
    answer=$("$WHIST" solve --trump "$TRUMP" "$(without - ${hand[l]})" "$(without - ${hand[3 - l]})" --cards)
    best=${answer%% *} c1="" worst="" wv=99
    for x in ${answer#* }; do
      [ -z "$c1" ] && [ "${x#*=}" = "$best" ] && c1=${x%=*}
      [ "${x#*=}" -lt "$wv" ] && wv=${x#*=} worst=${x%=*}
    done
    if [ "$k" -eq "$blunder" ]; then
      c1=$worst BLUNDER_LOSS=$((best - wv)) BLUNDER_CARD="P$l $worst"
    fi
    answer=$("$WHIST" solve --trump "$TRUMP" --led "$c1" "$(without "$c1" ${hand[l]})" \
      "$(without - ${hand[3 - l]})" --cards)
    best=${answer%% *} c2=""
    for x in ${answer#* }; do [ -z "$c2" ] && [ "${x#*=}" = "$best" ] && c2=${x%=*}; done
    moves+="$k. $c1 $c2 "
    hand[l]=$(without "$c1" ${hand[l]} | tr ',' ' ')
    hand[3 - l]=$(without "$c2" ${hand[3 - l]} | tr ',' ' ')
    [ "$(trick_winner "$TRUMP" "$c1" "$c2")" = 1 ] && l=$((3 - l))
  done
  {
    grep '^\[' "$SOURCE" | grep -v '^\[Result '
    echo
    echo "$moves"
  } >"$file"
}

# A played hand: every mark agrees with whist solve.
run replay --iterations 8 "$D/base-game.gwr"
expect_rc 0 "replay base-game"
check_marks "base-game"
# hand-checked: after JS 5S, P1 leads 2D; whist solve --trump H
# 2D,7H,7S,KC,6D,8H,6H,3D,9S,6S,QS,QD JD,5H,5D,4C,AD,QH,AC,3C,KH,JC,TH,TC --cards
# gives 2 for every card but the diamonds (1)
expect_out "      solver: with best play by both P1 wins 3, P2 10" "base-game: the endgame's value"
expect_out_re "^  15\. P1 2D  P2 JD   won by P2$" "base-game: trick 15"
expect_out "      solver: P1 2D loses 1 trick, 1 point (best: 8H 7H 6H QS 9S 7S 6S KC); P2 JD best" "base-game: a blunder"
[ "${LOSSES[1]}" -eq 1 ] && [ "${LOSSES[2]}" -eq 4 ] || fail "base-game: losses ${LOSSES[1]} and ${LOSSES[2]}, expected 1 and 4"
# foreplay tricks are not judged: one solver line per endgame trick, and the value
n=$(grep -c '^      solver: ' <<<"$OUT")
[ "$n" -eq 14 ] || fail "base-game: $n solver lines, expected 14"
! sed -n '/^Foreplay/,/^Endgame/p' <<<"$OUT" | grep -q 'solver:' || fail "base-game: a foreplay trick judged"
SOURCE=$D/base-game.gwr

# The same deal with the endgame played perfectly by both: no losses.
replay_endgame "$TMP/perfect.gwr" 0
run check "$TMP/perfect.gwr"
expect_rc 0 "check of the perfect endgame"
run replay --iterations 8 "$TMP/perfect.gwr"
expect_rc 0 "replay of the perfect endgame"
grep -q '^      solver: .*loses' <<<"$OUT" && fail "perfect endgame: a loss marked"
check_marks "perfect endgame"
expect_out "Tricks: endgame 3-10," "perfect endgame: the endgame's value is reached"

# A blunder: P1 leads its worst card to the first endgame trick, then both play
# perfectly. The loss is what whist solve said of that card.
replay_endgame "$TMP/blunder.gwr" 14
[ "$BLUNDER_LOSS" -ge 2 ] || fail "blunder: the worst first lead loses only $BLUNDER_LOSS"
run replay --iterations 8 "$TMP/blunder.gwr"
expect_rc 0 "replay of the blunder"
check_marks "blunder"
expect_out_re "^      solver: $BLUNDER_CARD loses $BLUNDER_LOSS tricks, [0-9]+ points \(best: [^)]*\); P2 [AKQJT2-9][SHDC] best$" \
  "blunder: the blunder marked"
[ "$(grep -c '^      solver: .*loses' <<<"$OUT")" -eq 1 ] || fail "blunder: other cards marked too"
expect_out "Tricks: endgame $((3 - BLUNDER_LOSS))-$((10 + BLUNDER_LOSS))," "blunder: the tricks lost"

# The small deck: a played hand, a perfect endgame, a blunder.
run replay --iterations 8 --hand 1 "$D/small-scoring.gwr"
expect_rc 0 "replay small"
check_marks "small hand 1"
grep '^\[' "$D/small-scoring.gwr" | sed -n '1,/^\[Result/p' >"$TMP/small-source.gwr"
SOURCE=$TMP/small-source.gwr
replay_endgame "$TMP/small-perfect.gwr" 0
run check "$TMP/small-perfect.gwr"
expect_rc 0 "check of the small perfect endgame"
run replay --iterations 8 "$TMP/small-perfect.gwr"
grep -q '^      solver: .*loses' <<<"$OUT" && fail "small perfect endgame: a loss marked"
check_marks "small perfect endgame"
run replay --iterations 8 --hand 1 "$D/small-scoring.gwr"
replay_endgame "$TMP/small-blunder.gwr" 8
run replay --iterations 8 "$TMP/small-blunder.gwr"
check_marks "small blunder"
if [ "$BLUNDER_LOSS" -gt 0 ]; then
  expect_out_re "^      solver: $BLUNDER_CARD loses $BLUNDER_LOSS tricks?, " "small blunder: the blunder marked"
fi

# Every hand of a match, hand by hand.
for h in 1 2 3 4; do
  run replay --iterations 8 --hand "$h" "$D/match.gwr"
  check_marks "match hand $h"
done

# A hand that stops after a card led in the endgame: that card is judged.
run replay --iterations 8 "$D/unfinished-mid-trick.gwr"
expect_rc 0 "replay unfinished"
expect_out_re "^  18\. P1 leads KC \(the record stops here\)$" "unfinished: the card led"
expect_out_re "^      solver: P1 KC (best|loses [0-9]+ tricks? \(best: [^)]*\))$" "unfinished: the card led is judged"
n=$(grep -c '^      solver: P' <<<"$OUT")
[ "$n" -eq 5 ] || fail "unfinished: $n judgements, expected 5 (tricks 14 to 18)"

# --no-solver: the same replay without the verdicts (the solver's, the expert's) and the review.
run replay --iterations 8 "$D/base-game.gwr"
grep -vE '^      (solver|expert): |^Review in points |^  P[12] lost |^     (costliest|no card)' <<<"$OUT" >"$TMP/judged.txt"
run replay --no-solver "$D/base-game.gwr"
expect_rc 0 "replay --no-solver"
expect_no_out "solver:" "replay --no-solver"
expect_no_out "expert:" "replay --no-solver"
expect_no_out "Review" "replay --no-solver"
diff "$TMP/judged.txt" <(printf '%s\n' "$OUT") >/dev/null || fail "replay --no-solver: other lines changed"
run replay --hand 2 --no-solver "$D/match.gwr"
expect_rc 0 "replay --hand 2 --no-solver"
expect_no_out "solver:" "replay --hand 2 --no-solver"
run replay --help
expect_out "--no-solver" "replay --help"
expect_out "solver: P1 7H loses 1 trick, 2 points (best: AH KH); P2 AS best" "replay --help shows a mark"

# Without memory for the solver: a warning, the replay as with --no-solver.
if grep -qa __asan_init "$WHIST"; then
  echo "skipped: the memory test under AddressSanitizer"
else
  # 16 MB: room for the program and its libraries (libwebsockets brings OpenSSL, about 4 MB), far from the solver's table
  (ulimit -v 16000 && "$WHIST" replay "$D/base-game.gwr" >"$TMP/out" 2>"$TMP/err")
  RC=$?
  OUT=$(cat "$TMP/out")
  ERR=$(cat "$TMP/err")
  expect_rc 0 "replay without memory"
  expect_err "whist replay: not enough memory for the solver; endgames are shown unjudged" "replay without memory"
  diff "$TMP/judged.txt" <(printf '%s\n' "$OUT") >/dev/null || fail "replay without memory: not the plain replay"
fi
finish
