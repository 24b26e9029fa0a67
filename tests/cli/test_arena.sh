# test_arena.sh: whist arena: the summary line, JSON, reproducible and job-independent results, bad options.
. "$(dirname "$0")/lib.sh"

# Lines that depend on the clock (think times, wall time) are left out when
# runs are compared.
untimed() { grep -v -e '^Think time' -e '^Time:' <<<"$1"; }
# The JSON object without its clock-dependent keys, keys sorted.
json_untimed() { json_without "$1" think_ms wall_s jobs; }

LAST_RE='^[a-z]+ vs [a-z]+: [0-9]+ deals, margin [+-][0-9]+\.[0-9]{2} ± [0-9]+\.[0-9]{2} tricks per hand \(95%\), A won [0-9]+\.[0-9]% of hands, points [+-][0-9]+\.[0-9]{2} ± [0-9]+\.[0-9]{2} per hand$'

# The last line has the documented form.
run arena random random --deals 20 --seed 7
expect_rc 0 "arena random random"
expect_no_err "arena random random"
last=$(tail -n 1 <<<"$OUT")
grep -qE -- "$LAST_RE" <<<"$last" || fail "arena random random: last line '$last'"
grep -qE '^random vs random: 20 deals, ' <<<"$last" || fail "arena random random: names or deals in '$last'"
expect_out "seed 7" "arena random random: the seed is printed"
text=$OUT

# --json: one valid object with the same figures as the text.
run arena random random --deals 20 --seed 7 --json
expect_rc 0 "arena --json"
python3 -m json.tool <<<"$OUT" >/dev/null || fail "arena --json: not valid JSON: $OUT"
json=$OUT
python3 - "$text" "$json" <<'EOF' || fail "arena --json: figures differ from the text"
import json, re, sys
text, d = sys.argv[1], json.loads(sys.argv[2])
m = re.search(r"margin ([+-][0-9.]+) ± ([0-9.]+) tricks per hand \(95%\), A won ([0-9.]+)% of hands, "
              r"points ([+-][0-9.]+) ± ([0-9.]+) per hand$", text)
won = re.search(r"Hands won \(\w+\): A ([0-9.]+)% \(95% interval ([0-9.-]+)% to ([0-9.]+)%\), B ([0-9.]+)%, "
                r"tied ([0-9.]+)%", text)
pts = re.search(r"Points per hand \(\w+\): A ([0-9.]+), B ([0-9.]+); A's minus B's ([+-][0-9.]+), 95% interval "
                r"([+-][0-9.]+) to ([+-][0-9.]+) \(sd per deal ([0-9.]+)\)\.", text)
unit = re.search(r"^Margin of A in endgame tricks per hand: ([+-][0-9.]+),", text, re.M)
lo, hi = d["a_won_pct"] - d["a_won_ci95"], d["a_won_pct"] + d["a_won_ci95"]
plo, phi = d["points_margin"] - d["points_ci95"], d["points_margin"] + d["points_ci95"]
checks = [(m[1], d["margin"], 0.005), (m[2], d["ci95"], 0.005), (m[3], d["a_won_pct"], 0.05),
          (m[4], d["points_margin"], 0.005), (m[5], d["points_ci95"], 0.005),
          (won[1], d["a_won_pct"], 0.05), (won[2], lo, 0.05), (won[3], hi, 0.05),
          (won[4], d["b_won_pct"], 0.05), (won[5], d["ties_pct"], 0.05),
          (pts[1], d["points_per_hand_a"], 0.0005), (pts[2], d["points_per_hand_b"], 0.0005),
          (pts[3], d["points_margin"], 0.005), (pts[4], plo, 0.005), (pts[5], phi, 0.005),
          (pts[6], d["points_sd"], 0.005), (unit[1], d["margin"], 0.005)]
bad = [(t, j) for t, j, tol in checks if abs(float(t) - j) > tol + 1e-9]
ok = (not bad and d["a"] == "random" and d["b"] == "random" and d["deals"] == 20 and d["hands"] == 40
      and d["seed"] == 7 and d["variant"] == "classic" and d["scoring"] == "last13"
      and d["margin_unit"] == "endgame tricks" and d["endgame_margin"] == d["margin"]
      and abs(d["points_per_hand_a"] - d["points_per_hand_b"] - d["points_margin"]) < 1e-5
      and abs(d["a_won_pct"] + d["b_won_pct"] + d["ties_pct"] - 100) < 1e-6
      and set(d["think_ms"]) == {"a", "b"} and set(d["think_ms"]["a"]) == {"mean", "median", "median_foreplay", "max"})
if not ok:
    print("mismatch:", bad, d, file=sys.stderr)
    sys.exit(1)
EOF

# The same seed gives the same results; another seed other deals.
run arena random random --deals 20 --seed 7
[ "$(untimed "$OUT")" = "$(untimed "$text")" ] || fail "arena --seed 7 twice: results differ"
run arena random random --deals 20 --seed 8
[ "$(untimed "$OUT")" != "$(untimed "$text")" ] || fail "arena: seeds 7 and 8 give the same results"

# Any number of jobs gives the same results, in text and JSON (random
# draws from its seed, so this checks the per-hand seeds too).
run arena random easy --deals 40 --seed 11 --jobs 1
one=$OUT
run arena random easy --deals 40 --seed 11 --jobs 3
expect_rc 0 "arena --jobs 3"
[ "$(untimed "$OUT")" = "$(untimed "$one" | sed 's/with 1 job/with 3 jobs/')" ] ||
  fail "arena --jobs 1 and --jobs 3 differ: $one /// $OUT"
j1=$("$WHIST" arena random easy --deals 40 --seed 11 --jobs 1 --json)
j3=$("$WHIST" arena random easy --deals 40 --seed 11 --jobs 3 --json)
[ "$(json_untimed "$j1")" = "$(json_untimed "$j3")" ] || fail "arena --json: --jobs 1 and 3 differ: $j1 /// $j3"
# More jobs than deals.
run arena random easy --deals 2 --seed 11 --jobs 64
expect_rc 0 "arena --jobs 64 --deals 2"

# The expert bounded by worlds alone plays the same for any number of jobs.
e1=$("$WHIST" arena expert random --variant small --deals 4 --iterations 20 --seed 3 --jobs 1 --json)
e2=$("$WHIST" arena expert random --variant small --deals 4 --iterations 20 --seed 3 --jobs 2 --json)
[ "$(json_untimed "$e1")" = "$(json_untimed "$e2")" ] || fail "arena expert --iterations: --jobs 1 and 2 differ"
grep -qF '"think_ms": 0, "iterations": 20' <<<"$e1" || fail "arena --iterations alone: think-ms not 0: $e1"

# easy is clearly stronger than random: the whole interval above zero.
run arena easy random --deals 200 --seed 1 --jobs 2 --json
expect_rc 0 "arena easy random"
python3 -c 'import json, sys
d = json.load(sys.stdin)
sys.exit(0 if d["margin"] - d["ci95"] > 0 and d["a_won_pct"] > 50 else 1)' <<<"$OUT" ||
  fail "arena easy random: easy not clearly ahead: $OUT"

# Two copies of a level that plays without chance: duplicate cancels exactly.
run arena easy easy --deals 50 --seed 5
expect_rc 0 "arena easy easy"
expect_out "easy vs easy: 50 deals, margin +0.00 ± 0.00 tricks per hand (95%)" "arena easy easy"
expect_out "Hands won (last13): A 50.0% (95% interval 50.0% to 50.0%), B 50.0%" "arena easy easy"
expect_out "A's minus B's +0.00, 95% interval +0.00 to +0.00" "arena easy easy"

# One deal: no interval (0.00 in the text, null in JSON).
run arena easy random --deals 1 --seed 5
expect_rc 0 "arena --deals 1"
expect_out "one deal: no confidence interval" "arena --deals 1"
expect_out_re "$LAST_RE" "arena --deals 1"
expect_out "± 0.00 tricks" "arena --deals 1"
run arena easy random --deals 1 --seed 5 --json
grep -qF '"ci95": null' <<<"$OUT" || fail "arena --deals 1 --json: ci95 not null: $OUT"
grep -qF '"points_ci95": null, "points_sd": null, "a_won_ci95": null' <<<"$OUT" ||
  fail "arena --deals 1 --json: the points' and hands won's intervals not null: $OUT"

# Both variants and every scoring; greedy is easy's old name.
for v in classic small; do
  for s in last13 every difference total; do
    run arena greedy random --variant "$v" --scoring "$s" --deals 5 --seed 2
    expect_rc 0 "arena --variant $v --scoring $s"
    expect_out "$v deck, $s scoring" "arena --variant $v --scoring $s"
    expect_out_re "^easy vs random: 5 deals" "arena --variant $v --scoring $s"
  done
done

# Running total: both sides score their endgame tricks every hand, so A's and
# B's points per hand add up to the endgame's tricks (13, or 7 in small) and
# differ by the margin; the deals and hands won are last13's.
for v in classic small; do
  run arena random easy --variant "$v" --scoring last13 --deals 30 --seed 9 --json
  last13=$OUT
  run arena random easy --variant "$v" --scoring total --deals 30 --seed 9 --json
  expect_rc 0 "arena --scoring total --variant $v"
  python3 - "$last13" "$OUT" "$v" <<'EOF' || fail "arena --scoring total --variant $v: points per hand"
import json, sys
a, d, v = json.loads(sys.argv[1]), json.loads(sys.argv[2]), sys.argv[3]
tricks = 13 if v == "classic" else 7
pa, pb = d["points_per_hand_a"], d["points_per_hand_b"]
ok = (d["scoring"] == "total" and abs(pa + pb - tricks) < 1e-5 and abs(pa - pb - d["margin"]) < 1e-5
      and pa > 0 and pb > 0 and d["margin"] == a["margin"] and d["a_won_pct"] == a["a_won_pct"]
      and d["ties_pct"] == 0)
if not ok:
    print("total:", d, "last13:", a, file=sys.stderr)
    sys.exit(1)
EOF
done

# The oracle (shown the whole deal) and hard play without breaking a rule.
run arena oracle random --deals 3 --iterations 20 --seed 4
expect_rc 0 "arena oracle random"
expect_no_err "arena oracle random"
run arena hard random --deals 3 --seed 4 --variant small
expect_rc 0 "arena hard random"
# think times only for the sides that think: hard (it solves the endgame), not random (it plays by rule)
expect_out_re "^Think time per card: A mean [0-9.]+ .?s, median [0-9.]+ .?s \(foreplay [0-9.]+ .?s\), max [0-9.]+ .?s\.$" \
  "arena hard random: hard's think time alone"
run arena easy random --deals 2 --seed 4
expect_rc 0 "arena easy random"
expect_no_out "Think time" "arena easy random: think times of sides that do not think"

# Options before, between and after the levels; -- ends the options.
run arena --deals 3 easy --seed 9 random
expect_rc 0 "arena with options between the levels"
expect_out_re "^easy vs random: 3 deals" "arena with options between the levels"
run arena --deals 3 --seed 9 -- easy random
expect_rc 0 "arena -- easy random"

# Bad input: exit 2 with a message.
bad() {
  local what=$1 msg=$2
  shift 2
  run arena "$@"
  expect_rc 2 "$what"
  expect_err "$msg" "$what"
  [ -z "$OUT" ] || fail "$what: output on stdout"
}
bad "no levels" "expected two levels"
bad "one level" "expected two levels" easy
bad "unknown level" "unknown level 'champion'" easy champion
bad "--deals 0" "--deals must be a whole number from 1" easy random --deals 0
bad "--deals huge" "--deals must be" easy random --deals 99999999999
bad "--deals garbage" "--deals must be" easy random --deals 10x
bad "--jobs 0" "--jobs must be a whole number from 1 to 64" easy random --jobs 0
bad "--jobs 65" "--jobs must be" easy random --jobs 65
bad "--seed bad" "the seed must be" easy random --seed -3
bad "--variant bad" "unknown variant" easy random --variant tiny
bad "--scoring bad" "unknown scoring" easy random --scoring most
bad "--think-ms bad" "--think-ms must be" easy random --think-ms fast
bad "--iterations 0" "--iterations must be" easy random --iterations 0
bad "no limit" "give --iterations" easy random --think-ms 0
bad "unknown option" "unknown option or missing value: '--bogus'" easy random --bogus
bad "missing value" "missing value" easy random --deals
bad "third level" "unexpected argument 'hard'" easy random hard

run arena --help
expect_rc 0 "arena --help"
expect_out "Usage: whist arena A B" "arena --help"
expect_out "--jobs" "arena --help"
run --help
expect_out "arena" "whist --help lists arena"

finish
