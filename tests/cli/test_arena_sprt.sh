# test_arena_sprt.sh: whist arena --sprt: the sequential test stops once decided, by the rule of
# docs/arena.md, the same way whatever --jobs is, and says why it stopped.
. "$(dirname "$0")/lib.sh"

untimed() { grep -v -e '^Think time' -e '^Time:' <<<"$1"; }

# check_rule JSON: the LLR reported is the documented formula over the deals
# played, n (m1 - m0) (2 mean - m0 - m1) / (2 sd^2), and it lies outside the
# bounds (decided) or inside them (undecided).
check_rule() {
  python3 - "$1" <<'EOF'
import json, math, sys
d = json.loads(sys.argv[1])
t = d["sprt"]
n, mean, sd = d["deals"], d["margin"], d["margin_sd"]
llr = n * (t["m1"] - t["m0"]) * (2 * mean - t["m0"] - t["m1"]) / (2 * sd * sd)
ok = (abs(llr - t["llr"]) < 1e-4 * max(1, abs(llr)) and t["deals"] == n
      and abs(t["lower"] - math.log(0.05 / 0.95)) < 1e-6 and abs(t["upper"] - math.log(0.95 / 0.05)) < 1e-6
      and {"H1": llr >= t["upper"], "H0": llr <= t["lower"],
           "undecided": t["lower"] < llr < t["upper"]}[t["result"]])
if not ok:
    print("rule broken:", llr, d, file=sys.stderr)
    sys.exit(1)
EOF
}

# llr_inside JSON: a run of fixed length whose LLR (by the formula) is within the bounds.
llr_inside() {
  python3 - "$1" "$2" "$3" <<'EOF'
import json, math, sys
d, m0, m1 = json.loads(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
n, mean, sd = d["deals"], d["margin"], d["margin_sd"]
llr = n * (m1 - m0) * (2 * mean - m0 - m1) / (2 * sd * sd)
sys.exit(0 if math.log(0.05 / 0.95) < llr < math.log(0.95 / 0.05) else 1)
EOF
}

# hard is much stronger than random: H1 (+0.5 tricks) accepted early.
run arena hard random --deals 1000 --seed 1 --sprt 0,0.5 --json
expect_rc 0 "sprt hard random"
json=$OUT
check_rule "$json" || fail "sprt hard random: the rule"
n=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["deals"] if d["sprt"]["result"] == "H1" else 0)' <<<"$json")
[ "$n" -ge 16 ] && [ "$n" -lt 1000 ] || fail "sprt hard random: H1 not accepted early: $json"
# It stopped at the first deal where the test decided: one deal less is undecided.
if [ "$n" -gt 16 ]; then
  run arena hard random --deals $((n - 1)) --seed 1 --json
  llr_inside "$OUT" 0 0.5 || fail "sprt hard random: already decided after $((n - 1)) deals: $OUT"
fi
# The text says why it stopped, and the summary counts the deals played.
run arena hard random --deals 1000 --seed 1 --sprt 0,0.5
expect_out_re "^Sequential test H0 \+0\.00 against H1 \+0\.50 \(5% errors, bounds -2\.94 and 2\.94\): H1 accepted after $n deals \(LLR [0-9.]+\): stopped\.$" "sprt text"
expect_out_re "^hard vs random: $n deals, " "sprt text: summary"
text=$OUT
# The same for any number of jobs.
run arena hard random --deals 1000 --seed 1 --sprt 0,0.5 --jobs 3
[ "$(untimed "$OUT")" = "$(untimed "$text")" ] || fail "sprt: --jobs 3 differs: $OUT /// $text"

# Two equal players: H0 accepted against a large H1.
run arena random random --deals 2000 --seed 3 --sprt 0,1 --json
expect_rc 0 "sprt random random"
check_rule "$OUT" || fail "sprt random random: the rule"
grep -qF '"result": "H0"' <<<"$OUT" || fail "sprt random random: H0 not accepted: $OUT"

# Android Whist, in points per hand.
run arena hard random --game android --deals 500 --seed 2 --iterations 20 --sprt 0,0.3 --json
expect_rc 0 "sprt android"
check_rule "$OUT" || fail "sprt android: the rule"
grep -qF '"result": "H1"' <<<"$OUT" || fail "sprt android: H1 not accepted: $OUT"

# Too few deals to decide, or all deals played undecided.
run arena easy random --deals 10 --seed 1 --sprt 0,0.1
expect_out "undecided: fewer than 16 deals." "sprt few deals"
expect_out_re "^easy vs random: 10 deals" "sprt few deals"
run arena easy random --deals 20 --seed 1 --sprt 0,0.05 --json
check_rule "$OUT" || fail "sprt undecided: the rule"
grep -qF '"result": "undecided", "deals": 20' <<<"$OUT" || fail "sprt undecided: $OUT"

# Without --sprt there is no sprt key and no test line.
run arena easy random --deals 20 --seed 1 --json
! grep -qF '"sprt"' <<<"$OUT" || fail "no --sprt: sprt key present"
run arena easy random --deals 20 --seed 1
expect_no_out "Sequential test" "no --sprt"

# Bad values: exit 2.
for v in 1,0 0 0,0 a,b 0,1x 0,20 ",1"; do
  run arena easy random --sprt "$v"
  expect_rc 2 "--sprt $v"
  expect_err "--sprt takes two margins" "--sprt $v"
done

finish
