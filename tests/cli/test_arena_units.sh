# test_arena_units.sh: whist arena measures what the scoring rule counts. Against a program that logs every
# hand it plays (its player, both players' tricks of each phase, the one-deal match's score and winner),
# each figure is recomputed from the same hands: the margin in all tricks under every and in endgame tricks
# under the others (and the text and JSON say which), the endgame margin, the points per hand by the rule's
# formula (a slam 10, or 5), A's points minus B's and A's hands won with their 95% intervals paired by deal,
# for every scoring rule and both decks; and --sprt decides on the margin of the rule (all tricks under
# every).
. "$(dirname "$0")/lib.sh"

# A random legal player that logs each finished hand as one JSON line into LOG.
cat >"$TMP/logbot.py" <<'EOF'
import json, random, sys
log, rng = open(sys.argv[1], "a"), random.Random(int(sys.argv[2]))
me = hs = won = None
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        me, hs, won = m["player"], 13 if m["rules"]["variant"] == "classic" else 7, [[0, 0], [0, 0]]
        print(json.dumps({"type": "ready", "protocol": 1, "name": "logbot"}), flush=True)
    elif m["type"] == "event" and m["kind"] == "trick":
        won[1 if m["trick"] > hs else 0][m["player"]] += 1  # [phase][the trick's winner]
    elif m["type"] == "decide":
        t = m["view"]["table"]
        follow = [c for c in t["own"] if t["led"] and c[-1] == t["led"][-1]]
        print(json.dumps({"type": "play", "card": rng.choice(follow or t["own"])}), flush=True)
    elif m["type"] == "bye":
        r = m["result"]
        log.write(json.dumps({"me": me, "fore": won[0], "end": won[1], "score": r["score"], "winner": r["winner"]}) + "\n")
        log.flush()
EOF

# check_run VARIANT SCORING LOG JSON TEXT: the run's figures against the hands in LOG (B is the logging
# program; hands in deal order, the two plays of a deal one after the other).
check_run() {
  python3 - "$@" <<'EOF'
import json, math, re, sys
variant, scoring, logfile, d, text = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4]), sys.argv[5]
hs = 13 if variant == "classic" else 7
hands = [json.loads(l) for l in open(logfile)]
n = d["deals"]
assert len(hands) == 2 * n, (len(hands), n)

def points(end, all_):  # each player's points under the rule (docs/rules)
    c = all_ if scoring == "every" else end
    if scoring == "total":
        return list(end)
    if c[0] == c[1]:
        return [0, 0]
    w = 0 if c[0] > c[1] else 1
    p = [0, 0]
    if scoring == "last13":
        p[w] = (5 if hs == 7 else 10) if c[w] == hs else c[w] - hs // 2
    elif scoring == "every":
        p[w] = c[w] - (6 if hs == 7 else 13)
    else:
        p[w] = c[w] - c[1 - w]
    return p

per_hand = []  # (counted margin, endgame margin, points A, points B, A won)
for h in hands:
    a, b = 1 - h["me"], h["me"]
    end = h["end"]
    all_ = [h["fore"][p] + h["end"][p] for p in (0, 1)]
    assert sum(all_) == 2 * hs and sum(end) == hs, h
    pts = points(end, all_)
    assert pts == h["score"], ("the session's score is not the rule's", h, pts)
    counted = all_ if scoring == "every" else end
    winner = None if counted[0] == counted[1] else (0 if counted[0] > counted[1] else 1)
    assert winner == h["winner"], h
    per_hand.append((counted[a] - counted[b], end[a] - end[b], pts[a], pts[b], 1.0 if winner == a else 0.0))

def deal_means(i):
    return [(per_hand[2 * k][i] + per_hand[2 * k + 1][i]) / 2 for k in range(n)]

def mean_ci(xs):
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, sd, 1.96 * sd / math.sqrt(len(xs))

margin, sd, ci = mean_ci(deal_means(0))
endgame = sum(deal_means(1)) / n
pa, pb = sum(x[2] for x in per_hand) / (2 * n), sum(x[3] for x in per_hand) / (2 * n)
pm, psd, pci = mean_ci([a - b for a, b in zip(deal_means(2), deal_means(3))])
won, _, wci = mean_ci(deal_means(4))
unit = "all tricks" if scoring == "every" else "endgame tricks"
close = lambda x, y: abs(x - y) < 1e-5
checks = {
    "unit": d["margin_unit"] == unit,
    "margin": close(d["margin"], margin), "ci95": close(d["ci95"], ci), "margin_sd": close(d["margin_sd"], sd),
    "endgame_margin": close(d["endgame_margin"], endgame),
    "points": close(d["points_per_hand_a"], pa) and close(d["points_per_hand_b"], pb),
    "points_margin": close(d["points_margin"], pm) and close(d["points_ci95"], pci) and close(d["points_sd"], psd),
    "won": abs(d["a_won_pct"] - 100 * won) < 1e-3 and abs(d["a_won_ci95"] - 100 * wci) < 1e-3,
    "text unit": re.search(r"^Margin of A in %s per hand: [+-]" % unit, text, re.M) is not None,
    "text points": ("A's minus B's %+.2f, 95%% interval %+.2f to %+.2f" % (pm, pm - pci, pm + pci)).replace("-0.00", "+0.00") in text,
    "text won": ("A %.1f%% (95%% interval %.1f%% to %.1f%%)" % (100 * won, 100 * (won - wci), 100 * (won + wci))) in text,
    "summary": re.search(r"A won [0-9.]+% of hands, " + re.escape("points %+.2f ± %.2f per hand" % (pm, pci)) + "$",
                         text) is not None,
}
bad = [k for k, ok in checks.items() if not ok]
if bad:
    print(variant, scoring, "wrong:", bad, "recomputed:", margin, ci, endgame, pa, pb, pm, pci, won, wci, d, file=sys.stderr)
    sys.exit(1)
# The margin counts what the rule counts: under every it is not the endgame's (on these deals).
if scoring == "every":
    assert not close(margin, endgame), "every: the deals do not tell all tricks from endgame tricks"
EOF
}

seed=20
for v in classic small; do
  for s in last13 every difference total; do
    seed=$((seed + 1))
    rm -f "$TMP/log"
    bot="python3 $TMP/logbot.py $TMP/log $seed"
    run arena easy --engine-b "$bot" --variant "$v" --scoring "$s" --deals 12 --seed "$seed" --json
    expect_rc 0 "$v $s: arena --json"
    json=$OUT
    rm -f "$TMP/log"
    run arena easy --engine-b "$bot" --variant "$v" --scoring "$s" --deals 12 --seed "$seed"
    expect_rc 0 "$v $s: arena"
    check_run "$v" "$s" "$TMP/log" "$json" "$OUT" || fail "$v $s: the figures differ from the hands played"
  done
done

# The sequential test decides on the rule's margin: under every, all tricks (the LLR is the formula of
# docs/arena.md over that margin, which differs from the endgame's).
run arena easy random --scoring every --deals 400 --seed 3 --sprt 0,1 --json
expect_rc 0 "sprt every"
python3 - "$OUT" <<'EOF' || fail "sprt every: not on the margin in all tricks: $OUT"
import json, sys
d = json.loads(sys.argv[1])
t, n, mean, sd = d["sprt"], d["deals"], d["margin"], d["margin_sd"]
llr = n * (t["m1"] - t["m0"]) * (2 * mean - t["m0"] - t["m1"]) / (2 * sd * sd)
ok = (d["margin_unit"] == "all tricks" and abs(llr - t["llr"]) < 1e-4 * max(1, abs(llr)) and t["deals"] == n
      and t["result"] == "H1" and n < 400 and abs(d["margin"] - d["endgame_margin"]) > 1e-6)
sys.exit(0 if ok else 1)
EOF
finish
