# test_arena_android.sh: whist arena --game android: the report's form, JSON, reproducible results, strength, bad input.
. "$(dirname "$0")/lib.sh"

# Lines that depend on the clock are left out when runs are compared.
untimed() { grep -v -e '^Think time' -e '^Time:' <<<"$1"; }
json_untimed() { json_without "$1" think_ms wall_s jobs; }

LAST_RE='^[a-z]+ vs [a-z]+ \(android\): [0-9]+ deals, margin [+-][0-9]+\.[0-9]{2} ± [0-9]+\.[0-9]{2} points per hand \(95%\), A won [0-9]+\.[0-9]% of hands, rubbers [0-9]+-[0-9]+$'

# The report: every line, the last one of a fixed form.
run arena easy random --game android --deals 30 --seed 7
expect_rc 0 "arena --game android"
expect_no_err "arena --game android"
last=$(tail -n 1 <<<"$OUT")
grep -qE -- "$LAST_RE" <<<"$last" || fail "arena --game android: last line '$last'"
grep -qE '^easy vs random \(android\): 30 deals, ' <<<"$last" || fail "arena --game android: names or deals in '$last'"
expect_out "Arena: easy (A) against random (B), Android Whist" "arena --game android: first line"
expect_out "Deals: 30 (60 hands), seed 7" "arena --game android: deals and seed"
expect_out "Hard: 200 samples per decision, no time bound." "arena --game android: hard's bound"
expect_out_re "^Margin of A in points per hand: [+-][0-9.]+, 95% interval [+-][0-9.]+ to [+-][0-9.]+ \(sd per deal [0-9.]+\)\.$" \
  "arena --game android: points margin"
expect_out_re "^Margin of A in tricks per hand: [+-][0-9.]+\.$" "arena --game android: tricks margin"
expect_out_re "^Hands won: A [0-9.]+%, B [0-9.]+%\.$" "arena --game android: hands won"
expect_out_re "^Points per hand: A [0-9.]+, B [0-9.]+\.$" "arena --game android: points"
expect_out_re "^Rubbers: [0-9]+ finished \([0-2] unfinished\): A won [0-9]+ \([0-9.]+%\), B won [0-9]+; A's mean margin [+-][0-9.]+ per rubber" \
  "arena --game android: rubbers"
expect_out_re "^Android errors per card commanded: A [0-9.]+, B [0-9.]+\.$" "arena --game android: errors"
# think times only for the sides that think: neither easy nor random does (they play by rule)
expect_no_out "Think time" "arena --game android: think time of sides that do not think"
expect_no_out "endgame tricks" "arena --game android: no German figures"
text=$OUT

run arena random hard --game android --deals 1 --seed 7 --iterations 10
expect_rc 0 "arena random hard --game android"
expect_out_re "^Think time per decision: B mean [0-9.]+ .?s, median [0-9.]+ .?s, max [0-9.]+ .?s\.$" \
  "arena --game android: hard's think time alone"

# --json: one object with the same figures.
run arena easy random --game android --deals 30 --seed 7 --json
expect_rc 0 "arena --game android --json"
json=$OUT
python3 - "$text" "$json" <<'EOF' || fail "arena --game android --json: figures differ from the text or keys missing"
import json, re, sys
text, d = sys.argv[1], json.loads(sys.argv[2])
m = re.search(r"margin ([+-][0-9.]+) ± ([0-9.]+) points per hand \(95%\), A won ([0-9.]+)% of hands, rubbers ([0-9]+)-([0-9]+)$", text)
won = re.search(r"Hands won: A ([0-9.]+)%, B ([0-9.]+)%", text)
pts = re.search(r"Points per hand: A ([0-9.]+), B ([0-9.]+)\.", text)
tr = re.search(r"tricks per hand: ([+-][0-9.]+)\.", text)
checks = [(m[1], d["margin"], 0.005), (m[2], d["ci95"], 0.005), (m[3], d["a_won_pct"], 0.05),
          (won[2], d["b_won_pct"], 0.05), (pts[1], d["points_per_hand_a"], 0.0005),
          (pts[2], d["points_per_hand_b"], 0.0005), (tr[1], d["tricks_margin"], 0.005),
          (m[4], d["rubbers"]["a_won"], 0), (m[5], d["rubbers"]["b_won"], 0)]
bad = [(t, j) for t, j, tol in checks if abs(float(t) - j) > tol + 1e-9]
ok = (not bad and d["game"] == "android" and d["a"] == "easy" and d["b"] == "random" and d["deals"] == 30
      and d["hands"] == 60 and d["seed"] == 7 and d["limits"] == {"samples": 200, "think_ms": 0}
      and abs(d["a_won_pct"] + d["b_won_pct"] - 100) < 1e-6
      and d["rubbers"]["finished"] == d["rubbers"]["a_won"] + d["rubbers"]["b_won"]
      and set(d["errors_per_play"]) == {"a", "b"}
      and set(d["think_ms"]["a"]) == {"mean", "median", "max"} and "wall_s" in d and d["jobs"] == 1)
if not ok:
    print("mismatch:", bad, d, file=sys.stderr)
    sys.exit(1)
EOF

# The same seed plays the same; another seed other deals; any --jobs the same.
run arena easy random --game android --deals 30 --seed 7
[ "$(untimed "$OUT")" = "$(untimed "$text")" ] || fail "arena --game android --seed 7 twice: results differ"
run arena easy random --game android --deals 30 --seed 8
[ "$(untimed "$OUT")" != "$(untimed "$text")" ] || fail "arena --game android: seeds 7 and 8 give the same results"
j1=$("$WHIST" arena hard random --game android --deals 8 --seed 11 --iterations 8 --jobs 1 --json)
j3=$("$WHIST" arena hard random --game android --deals 8 --seed 11 --iterations 8 --jobs 3 --json)
[ "$(json_untimed "$j1")" = "$(json_untimed "$j3")" ] || fail "arena --game android: --jobs 1 and 3 differ: $j1 /// $j3"
grep -qF '"limits": {"samples": 8, "think_ms": 0}' <<<"$j1" || fail "arena --game android --iterations: $j1"

# A level against itself without chance: duplicate cancels exactly.
run arena easy easy --game android --deals 20 --seed 5
expect_rc 0 "arena easy easy --game android"
expect_out "easy vs easy (android): 20 deals, margin +0.00 ± 0.00 points per hand (95%), A won 50.0% of hands" \
  "arena easy easy --game android"

# The computer's strength against a random commander: the interval above zero.
for level in easy hard; do
  run arena "$level" random --game android --deals 40 --seed 3 --iterations 16 --jobs 2 --json
  expect_rc 0 "arena $level random --game android"
  python3 -c 'import json, sys
d = json.load(sys.stdin)
sys.exit(0 if d["margin"] - d["ci95"] > 0 and d["a_won_pct"] > 50 else 1)' <<<"$OUT" ||
    fail "arena $level random --game android: not clearly ahead: $OUT"
done

# One deal: no interval; a time bound is reported.
run arena hard easy --game android --deals 1 --seed 5 --think-ms 20
expect_rc 0 "arena --game android --deals 1"
expect_out "one deal: no confidence interval" "arena --game android --deals 1"
expect_out "Hard: 200 samples or 20 ms per decision, whichever ends first." "arena --game android --think-ms"
expect_out_re "$LAST_RE" "arena --game android --deals 1"
run arena hard easy --game android --deals 1 --seed 5 --json
grep -qF '"ci95": null, "margin_sd": null' <<<"$OUT" || fail "arena --game android --deals 1 --json: $OUT"

# --game german is the default and its report is unchanged.
g1=$("$WHIST" arena easy random --deals 5 --seed 2)
g2=$("$WHIST" arena easy random --deals 5 --seed 2 --game german)
[ "$(untimed "$g1")" = "$(untimed "$g2")" ] || fail "arena --game german differs from the default"
grep -qE '^easy vs random: 5 deals, margin ' <<<"$g1" || fail "arena: the German summary line changed: $g1"

# Bad input: exit 2 with a message, nothing on stdout.
bad() {
  local what=$1 msg=$2
  shift 2
  run arena "$@"
  expect_rc 2 "$what"
  expect_err "$msg" "$what"
  [ -z "$OUT" ] || fail "$what: output on stdout"
}
bad "unknown game" "unknown game 'bridge' (german or android)" easy random --game bridge
bad "missing game" "missing value" easy random --game
bad "German level" "unknown level 'expert' for --game android (random, easy or hard)" expert random --game android
bad "one level" "expected two levels, A and B (random, easy, hard)" easy --game android
bad "--variant" "--variant and --scoring are for --game german" easy random --game android --variant small
bad "--scoring" "--variant and --scoring are for --game german" easy random --game android --scoring every
bad "--iterations too many" "--iterations must be a whole number from 1 to 100000" easy random --game android --iterations 200000
bad "--deals 0" "--deals must be" easy random --game android --deals 0

run arena --help
expect_rc 0 "arena --help"
expect_out "--game android" "arena --help"
expect_out "-g, --game G" "arena --help"

finish
