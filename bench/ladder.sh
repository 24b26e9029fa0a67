#!/bin/bash
# ladder.sh: the ladder of docs/ai.md: for each deck and scoring rule, `whist arena` runs each step of
# random < easy < hard < expert in duplicate deals and prints one Markdown table row per step: the margin
# in the tricks the rule counts, A's points minus B's per hand and A's share of hands won, each with its
# 95% interval, B's share (the rest are ties), and the expert's think time.
# Usage: bench/ladder.sh [BUILD_DIR] (default build-rel). Settings by environment:
#   DEALS=2000 (the cheap steps)  EXPERT_DEALS=1000 (expert vs hard; 0 leaves the step out)
#   THINK_MS=200 (the expert's time per card)  SEED=1  JOBS=2
#   VARIANTS="classic small"  SCORINGS="last13 every difference total"
# Figures only: it never fails on strength (exit 1 if a run itself failed).
set -u
BUILD=${1:-build-rel}
WHIST=$BUILD/whist
DEALS=${DEALS:-2000}
EXPERT_DEALS=${EXPERT_DEALS:-1000}
THINK_MS=${THINK_MS:-200}
SEED=${SEED:-1}
JOBS=${JOBS:-2}
VARIANTS=${VARIANTS:-"classic small"}
SCORINGS=${SCORINGS:-"last13 every difference total"}
[ -x "$WHIST" ] || { echo "ladder.sh: build $WHIST first" >&2; exit 2; }

status=0
echo "| deck | scoring | A vs B | deals | margin (unit) | points per hand, A - B | hands won: A (± 95%), B | A's think time per card: median foreplay, max |"
echo "|---|---|---|---|---|---|---|---|"
for variant in $VARIANTS; do
  for scoring in $SCORINGS; do
    for step in "easy random" "hard easy" "expert hard"; do
      set -- $step
      deals=$DEALS
      [ "$1" = expert ] && deals=$EXPERT_DEALS
      [ "$deals" -gt 0 ] || continue
      json=$("$WHIST" arena "$1" "$2" --deals "$deals" --seed "$SEED" --jobs "$JOBS" --variant "$variant" \
        --scoring "$scoring" --think-ms "$THINK_MS" --json) || { status=1; echo "| $variant | $scoring | $1 vs $2 | run failed |"; continue; }
      python3 - "$variant" "$scoring" "$1 vs $2" "$json" <<'EOF'
import json, sys
variant, scoring, step, text = sys.argv[1:5]
r = json.loads(text)
think = r["think_ms"]["a"]
def ms(x):
    return f"{x * 1000:.1f} µs" if x < 1 else f"{x:.1f} ms"
time = f"{ms(think['median_foreplay'])}, {ms(think['max'])}" if r["a"] == "expert" else ""
print(f"| {variant} | {scoring} | {step} | {r['deals']} | {r['margin']:+.2f} ± {r['ci95']:.2f} ({r['margin_unit']}) "
      f"| {r['points_margin']:+.2f} ± {r['points_ci95']:.2f} | {r['a_won_pct']:.1f}% ± {r['a_won_ci95']:.1f}, {r['b_won_pct']:.1f}% "
      f"| {time} |")
EOF
    done
  done
done
exit $status
