# test_arena_match.sh: whist arena --match SA,SB: every hand played at a match score, the share of hands
# that win the match for each side (recomputed from the hands a logging program played, by the match's
# rule), its intervals paired by deal, the JSON; --match-known none plays as a run without --match; bad
# options refused.
. "$(dirname "$0")/lib.sh"

# A random legal player that logs each finished hand (its player, the one-deal match's score) into LOG.
cat >"$TMP/logbot.py" <<'EOF'
import json, random, sys
log, rng = open(sys.argv[1], "a"), random.Random(int(sys.argv[2]))
me = None
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        me = m["player"]
        print(json.dumps({"type": "ready", "protocol": 1, "name": "logbot"}), flush=True)
    elif m["type"] == "decide":
        t = m["view"]["table"]
        follow = [c for c in t["own"] if t["led"] and c[-1] == t["led"][-1]]
        print(json.dumps({"type": "play", "card": rng.choice(follow or t["own"])}), flush=True)
    elif m["type"] == "bye":
        log.write(json.dumps({"me": me, "score": m["result"]["score"]}) + "\n")
        log.flush()
EOF

# check_match SA SB TARGET SCORING LOG JSON TEXT: the match figures against the hands in LOG (B the program).
check_match() {
  python3 - "$@" <<'EOF'
import json, math, re, sys
sa, sb, target, scoring, logfile = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
d, text = json.loads(sys.argv[6]), sys.argv[7]
hands = [json.loads(l) for l in open(logfile)]
n = d["deals"]
assert len(hands) == 2 * n
won = []  # per hand: 1 A won the match, -1 B, 0 neither
for h in hands:
    a, b = 1 - h["me"], h["me"]
    after = [sa + h["score"][a], sb + h["score"][b]]  # A's, B's
    if (after[0] < target and after[1] < target) or after[0] == after[1]:
        won.append(0)
    else:
        won.append(1 if after[0] > after[1] else -1)

def mean_ci(xs):
    m = sum(xs) / len(xs)
    return m, 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) / math.sqrt(len(xs))

deal = lambda f: [(f(won[2 * k]) + f(won[2 * k + 1])) / 2 for k in range(n)]
a, aci = mean_ci(deal(lambda w: w == 1))
b = sum(deal(lambda w: w == -1)) / n
mg, mci = mean_ci(deal(lambda w: w))
m = d["match"]
close = lambda x, y: abs(x - y) < 1e-3
ok = (m["score"] == [sa, sb] and m["target"] == target and m["known"] == "both" and close(m["a_won_pct"], 100 * a)
      and close(m["b_won_pct"], 100 * b) and close(m["neither_pct"], 100 * (1 - a - b))
      and close(m["a_won_ci95"], 100 * aci) and close(m["margin_pct"], 100 * mg) and close(m["margin_ci95"], 100 * mci)
      and ("hands that win it: A %.1f%% (95%% interval %.1f%% to %.1f%%), B %.1f%%, neither %.1f%%"
           % (100 * a, 100 * (a - aci), 100 * (a + aci), 100 * b, 100 * (1 - a - b))) in text
      and ("Match (every hand at A %d, B %d, to %d; playing for the match: A and B)" % (sa, sb, target)) in text
      and 0 < a < 1 and 0 < b < 1)
if not ok:
    print("match figures:", a, aci, b, mg, mci, d, text, file=sys.stderr)
    sys.exit(1)
EOF
}

for args in "8 9 10 last13" "3 4 5 every" "7 8 10 difference" "9 5 12 total"; do
  read -r sa sb target scoring <<<"$args"
  rm -f "$TMP/log"
  bot="python3 $TMP/logbot.py $TMP/log 7"
  run arena easy --engine-b "$bot" --match "$sa,$sb" --target "$target" --scoring "$scoring" --deals 15 --seed 4 --json
  expect_rc 0 "--match $sa,$sb --target $target --scoring $scoring --json"
  json=$OUT
  rm -f "$TMP/log"
  run arena easy --engine-b "$bot" --match "$sa,$sb" --target "$target" --scoring "$scoring" --deals 15 --seed 4
  expect_rc 0 "--match $sa,$sb --target $target --scoring $scoring"
  check_match "$sa" "$sb" "$target" "$scoring" "$TMP/log" "$json" "$OUT" || fail "--match $args: the match figures"
done

# Nobody playing for the match: the same play as without --match (only the match's figures are added).
strip() { python3 -c 'import json, sys
d = json.load(sys.stdin)
for k in ("think_ms", "wall_s", "jobs", "match"):
    d.pop(k, None)
print(json.dumps(d, sort_keys=True))' <<<"$1"; }
plain=$("$WHIST" arena expert hard --variant small --deals 6 --iterations 20 --seed 2 --json)
none=$("$WHIST" arena expert hard --variant small --deals 6 --iterations 20 --seed 2 --json --match 4,4 --match-known none)
[ "$(strip "$plain")" = "$(strip "$none")" ] || fail "--match-known none plays differently: $plain /// $none"
grep -qF '"known": "none"' <<<"$none" || fail "--match-known none: not in the JSON: $none"
# Without --match there is no match in the output.
grep -qF '"match"' <<<"$plain" && fail "a run without --match has a match object: $plain"

# Bad options: exit 2 with a message.
bad() {
  local what=$1 msg=$2
  shift 2
  run arena "$@"
  expect_rc 2 "$what"
  expect_err "$msg" "$what"
}
bad "--match at the target" "--match takes A's and B's match scores" easy random --match 9,10
bad "--match over a lower target" "--match takes A's and B's match scores" easy random --match 5,5 --target 5
bad "--match garbage" "--match takes" easy random --match 8
bad "--match negative" "--match takes" easy random --match -1,3
bad "--match trailing" "--match takes" easy random --match 1,2x
bad "--target alone" "--target and --match-known go with --match" easy random --target 5
bad "--match-known alone" "--target and --match-known go with --match" easy random --match-known a
bad "--match-known bad" "--match-known is both, a, b or none" easy random --match 1,1 --match-known c
bad "--target 0" "--target must be a whole number from 1 to 1000" easy random --match 0,0 --target 0
bad "--match android" "--match is for --game german" easy random --game android --match 1,1
finish
