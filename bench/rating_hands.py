#!/usr/bin/env python3
"""rating_hands.py: from one hand's figures to a whole match's: the chance that A wins a German Whist match
(classic, last13, to TARGET) when every hand is drawn independently from a distribution of the two sides'
points, and the rating difference it gives (400·log10(s / (1 − s))). The session's computer players keep
nothing from one hand to the next and play for the hand's points, so the hands of a match are independent
(the dealer alternates; duplicate figures average both seatings).

  rating_hands.py empirical FILE [TARGET]     the hands in FILE ("a,b" a line: A's and B's points, as
                                              bench/rating_ladder.sh HANDS=... writes them)
  rating_hands.py normal MARGIN WON [TARGET]  a model from the arena's per-hand figures: the endgame trick
                                              margin d = A's tricks − B's (odd, −13..13) normal with mean
                                              MARGIN and the sd that makes P(d > 0) = WON (A's share of
                                              hands won); prints the points margin the model implies too,
                                              to compare with the arena's
  rating_hands.py matches FILE [TARGET]       the whole matches in FILE again (each ends with the hand
                                              that brings a score to TARGET; rating_ladder.sh writes a
                                              seed's two matches one after the other): A's share of the
                                              matches won, paired by seed, with its 95% interval, as
                                              rating_ladder.sh prints it: to join the hands of two runs
Used for docs/stats.md, "Ratings"."""
import math
import sys
from collections import Counter
from functools import lru_cache


def match_win(hands, target):
    """P(A wins the match) for hands {(a_points, b_points): probability}: the first hand that brings a score
    to the target ends the match, the higher score winning (last13: only one side scores a hand)."""
    hands = [(a, b, p) for (a, b), p in hands.items() if p > 0]
    stay = sum(p for a, b, p in hands if a == 0 and b == 0)  # a hand that scores nothing (none in last13)

    @lru_cache(maxsize=None)
    def win(sa, sb):
        total = 0.0
        for a, b, p in hands:
            if a == 0 and b == 0:
                continue
            na, nb = sa + a, sb + b
            if na >= target or nb >= target:
                total += p * (1.0 if na > nb else 0.0 if nb > na else 0.5)
            else:
                total += p * win(na, nb)
        return total / (1.0 - stay)

    return win(0, 0)


def last13_points(d):
    """A's and B's points for an endgame trick margin d (classic: 13 endgame tricks)."""
    t = (13 + d) // 2
    if t >= 7:
        return (10 if t == 13 else t - 6), 0
    return 0, (10 if t == 0 else 7 - t)


def normal_hands(margin, won):
    """The model's hand distribution: d odd in −13..13, weights of a normal(margin, sd) over each odd value's
    interval [d − 1, d + 1], sd chosen so that P(d > 0) = won."""
    lo, hi = 0.1, 50.0

    def cdf(x, sd):
        return 0.5 * (1.0 + math.erf((x - margin) / (sd * math.sqrt(2.0))))

    def dist(sd):
        w = {d: cdf(d + 1, sd) - cdf(d - 1, sd) for d in range(-13, 14, 2)}
        w[-13] += cdf(-14, sd)
        w[13] += 1.0 - cdf(14, sd)
        return w

    def p_won(sd):
        return sum(p for d, p in dist(sd).items() if d > 0)

    # p_won falls as sd grows when margin > 0: bisect
    for _ in range(100):
        mid = (lo + hi) / 2
        if p_won(mid) > won:
            lo = mid
        else:
            hi = mid
    sd = (lo + hi) / 2
    hands = Counter()
    for d, p in dist(sd).items():
        hands[last13_points(d)] += p
    return hands, sd


def matches(hands, target):
    """Splits a sequence of hands into whole matches: A's result (1 won, 0 lost) of each."""
    results, sa, sb = [], 0, 0
    for a, b in hands:
        sa, sb = sa + a, sb + b
        if sa >= target or sb >= target:
            if sa == sb:
                continue  # level at or over the target plays on (running total only)
            results.append(1 if sa > sb else 0)
            sa, sb = 0, 0
    if sa or sb:
        sys.exit("the hands end inside a match")
    return results


def elo(s):
    return 400.0 * math.log10(s / (1.0 - s)) if 0.0 < s < 1.0 else float("inf") if s >= 1.0 else float("-inf")


def main(argv):
    if len(argv) >= 2 and argv[0] == "empirical":
        target = int(argv[2]) if len(argv) > 2 else 10
        counts = Counter(tuple(int(x) for x in line.split(",")) for line in open(argv[1]) if "," in line)
        n = sum(counts.values())
        hands = {k: v / n for k, v in counts.items()}
        won = sum(p for (a, b), p in hands.items() if a > b)
        points = sum((a - b) * p for (a, b), p in hands.items())
        s = match_win(hands, target)
        print(f"{n} hands: A won {100 * won:.1f}%, points A - B {points:+.2f} per hand; "
              f"a match to {target}: A wins {100 * s:.1f}%, rating difference {elo(s):+.0f}")
    elif len(argv) >= 3 and argv[0] == "normal":
        margin, won = float(argv[1]), float(argv[2]) / 100.0
        target = int(argv[3]) if len(argv) > 3 else 10
        hands, sd = normal_hands(margin, won)
        points = sum((a - b) * p for (a, b), p in hands.items())
        s = match_win(hands, target)
        print(f"margin {margin:+.2f}, A won {100 * won:.1f}% of hands (sd {sd:.2f}): points A - B {points:+.2f} "
              f"per hand; a match to {target}: A wins {100 * s:.1f}%, rating difference {elo(s):+.0f}")
    elif len(argv) >= 2 and argv[0] == "matches":
        target = int(argv[2]) if len(argv) > 2 else 10
        hands = [tuple(int(x) for x in line.split(",")) for line in open(argv[1]) if "," in line]
        results = matches(hands, target)
        if len(results) % 2 or not results:
            sys.exit("not a whole number of seeds (two matches each)")
        shares = [(results[i] + results[i + 1]) / 2 for i in range(0, len(results), 2)]
        n = len(shares)
        s = sum(shares) / n
        sd = math.sqrt(sum((x - s) ** 2 for x in shares) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n)
        lo, hi = max(0.0, s - half), min(1.0, s + half)
        print(f"{n} seeds, {len(results)} matches: A won {100 * s:.1f}% ({100 * lo:.1f} to {100 * hi:.1f}), "
              f"rating difference {elo(s):+.0f} ({elo(lo):+.0f} to {elo(hi):+.0f})")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
