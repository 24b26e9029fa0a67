#!/bin/bash
# rating_ladder.sh: the computer levels' fixed ratings (src/host/rating.c, docs/stats.md "Ratings") measure
# what a rated game is: a whole German Whist match (or Android Whist rubber). For each step A:B this plays
# whole matches between two levels through the engine protocol (the referee `whist engine --opponent B`
# plays B, `whist engine --level A` plays A), each match seed twice, with A as player 1 and as player 2
# (the same deals both ways), and prints A's share of the matches won with its 95% interval (paired by
# seed: each seed's share 0, 1/2 or 1, share ± 1.96·sd/√N), and the rating difference the Glicko/Elo
# expected score gives, 400·log10(s / (1 − s)), with the interval's ends converted the same way.
# Usage: bench/rating_ladder.sh [BUILD_DIR] (default build-rel). Settings by environment:
#   SEEDS=200 (match seeds; 2·SEEDS matches per step)  FIRST=1 (the first match seed)
#   GAME=german  VARIANT=classic  SCORING=last13  TARGET=10  THINK_MS=200 (the expert's time per card)
#   STEPS="easy:random hard:easy"  (A:B, A the stronger)
#   HANDS=PREFIX: also write every hand's points, A's and B's, one "a,b" a line, to PREFIX.A-B
# Figures only: it never fails on strength (exit 1 if a match itself failed).
set -u
BUILD=${1:-build-rel}
WHIST=$BUILD/whist
SEEDS=${SEEDS:-200}
FIRST=${FIRST:-1}
GAME=${GAME:-german}
VARIANT=${VARIANT:-classic}
SCORING=${SCORING:-last13}
TARGET=${TARGET:-10}
THINK_MS=${THINK_MS:-200}
STEPS=${STEPS:-"easy:random hard:easy"}
[ -x "$WHIST" ] || { echo "rating_ladder.sh: build $WHIST first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rules=(--game "$GAME")
[ "$GAME" = german ] && rules+=(--variant "$VARIANT" --scoring "$SCORING" --target "$TARGET")

# One match: seed, A's player (1 or 2), A, B. Prints A's result (1 won, 0 lost), then each hand's points,
# A's and B's ("2,0 0,3 ..."), for the hands-to-match check in docs/stats.md.
match() {
  local seed=$1 player=$2 a=$3 b=$4
  local fifo=$tmp/f.$seed.$player log=$tmp/log.$seed.$player
  mkfifo "$fifo"
  "$WHIST" engine "${rules[@]}" --opponent "$b" --player "$player" --seed "$seed" --think-ms "$THINK_MS" <"$fifo" |
    tee "$log" | "$WHIST" engine --game "$GAME" --level "$a" --seed "$seed" --think-ms "$THINK_MS" >"$fifo"
  local bye hands=() line
  bye=$(grep '"type":"bye"' "$log")
  while read -r line; do
    [[ $line =~ \"points\":\[([0-9]+),([0-9]+)\] ]] || continue
    if [ "$player" = 1 ]; then hands+=("${BASH_REMATCH[1]},${BASH_REMATCH[2]}"); else hands+=("${BASH_REMATCH[2]},${BASH_REMATCH[1]}"); fi
  done < <(grep '"kind":"score"' "$log")
  rm -f "$fifo" "$log"
  [[ $bye =~ \"end\":\"over\",\"winner\":([01]) ]] || { echo "the match did not end: $bye" >&2; return 1; }
  echo "$((BASH_REMATCH[1] == player - 1 ? 1 : 0)) ${hands[*]}"
}

status=0
echo "| game | rules | A vs B | match seeds | matches won by A (95% interval) | rating difference A − B (95% interval) |"
echo "|---|---|---|---|---|---|"
for step in $STEPS; do
  a=${step%%:*}
  b=${step##*:}
  results=$tmp/results
  : >"$results"
  for ((seed = FIRST; seed < FIRST + SEEDS; seed++)); do
    r1=$(match "$seed" 1 "$a" "$b") && r2=$(match "$seed" 2 "$a" "$b") || { status=1; echo "| $GAME | | $a vs $b | seed $seed failed |"; break; }
    echo "${r1%% *} ${r2%% *}" >>"$results"
    [ -n "${HANDS:-}" ] && echo "$r1 $r2" | tr ' ' '\n' | grep , >>"$HANDS.$a-$b"
  done
  rules_text=$([ "$GAME" = german ] && echo "$VARIANT, $SCORING, to $TARGET" || echo "rubber")
  python3 - "$GAME" "$rules_text" "$a vs $b" "$results" <<'EOF'
import math, sys
game, rules, step, path = sys.argv[1:5]
shares = [(int(x) + int(y)) / 2 for x, y in (line.split() for line in open(path))]
n = len(shares)
s = sum(shares) / n
sd = math.sqrt(sum((x - s) ** 2 for x in shares) / (n - 1)) if n > 1 else 0.0
half = 1.96 * sd / math.sqrt(n)
def elo(p):
    if p <= 0: return "-inf"
    if p >= 1: return "+inf"
    return f"{400 * math.log10(p / (1 - p)):+.0f}"
lo, hi = max(0.0, s - half), min(1.0, s + half)
print(f"| {game} | {rules} | {step} | {n} | {100 * s:.1f}% ({100 * lo:.1f} to {100 * hi:.1f}) "
      f"| {elo(s)} ({elo(lo)} to {elo(hi)}) |")
EOF
done
exit $status
