/* test_solver.c: the endgame solver against a plain memoised minimax oracle, and known positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/game.h"
#include "gw/rng.h"
#include "gw/solver.h"

/* ---- The oracle: full minimax over every card, memo on exact hands. ---- */

typedef struct memo_entry {
    gw_cards leader, other;
    int value; /* -1: empty */
} memo_entry;

typedef struct oracle {
    int trump;
    memo_entry *memo;
    size_t mask;
} oracle;

static int oracle_start(oracle *o, gw_cards leader, gw_cards other);

/* Leader's tricks after leading c (removed from leader already). */
static int oracle_led(oracle *o, gw_cards leader, gw_cards other, gw_card c) {
    gw_cards legal = other & gw_suit_cards(gw_card_suit(c));
    if (!legal) legal = other;
    int n = gw_count(other), best = 99;
    for (gw_cards l = legal; l; l &= l - 1) {
        gw_card f = gw_first(l);
        int v = gw_trick_winner(o->trump, c, f) ? (n - 1) - oracle_start(o, other & ~gw_bit(f), leader)
                                                : 1 + oracle_start(o, leader, other & ~gw_bit(f));
        if (v < best) best = v;
    }
    return best;
}

static int oracle_start(oracle *o, gw_cards leader, gw_cards other) {
    if (!leader) return 0;
    size_t h = (size_t)((leader * 0x9E3779B97F4A7C15ull) ^ (other * 0xC2B2AE3D27D4EB4Full));
    for (size_t i = h & o->mask;; i = (i + 1) & o->mask) {
        memo_entry *e = &o->memo[i];
        if (e->value < 0) break;
        if (e->leader == leader && e->other == other) return e->value;
    }
    int best = -1;
    for (gw_cards l = leader; l; l &= l - 1) {
        gw_card c = gw_first(l);
        int v = oracle_led(o, leader & ~gw_bit(c), other, c);
        if (v > best) best = v;
    }
    for (size_t i = h & o->mask;; i = (i + 1) & o->mask) {
        memo_entry *e = &o->memo[i];
        if (e->value < 0) {
            *e = (memo_entry){leader, other, best};
            break;
        }
    }
    return best;
}

static void oracle_reset(oracle *o, int trump) {
    o->trump = trump;
    for (size_t i = 0; i <= o->mask; i++)
        o->memo[i].value = -1;
}

/* A random deal of n cards each from the deck of variant v. */
static void random_hands(gw_rng *rng, gw_variant v, int n, gw_cards *a, gw_cards *b) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_shuffled(v, rng, deck);
    *a = *b = 0;
    for (int i = 0; i < n; i++) {
        *a |= gw_bit(deck[2 * i]);
        *b |= gw_bit(deck[2 * i + 1]);
    }
}

static void matches_oracle_on_random_endgames(void **state) {
    (void)state;
    oracle o = {0, NULL, (1u << 20) - 1};
    o.memo = malloc((o.mask + 1) * sizeof *o.memo);
    assert_non_null(o.memo);
    gw_solver *s;
    assert_int_equal(gw_solver_new(1u << 20, &s), GW_OK);
    gw_rng rng;
    gw_rng_seed(&rng, 2024);
    for (int round = 0; round < 3000; round++) {
        gw_variant v = (round & 1) ? GW_SMALL : GW_CLASSIC;
        int n = 1 + (int)gw_rng_below(&rng, 7);
        gw_cards a, b;
        random_hands(&rng, v, n, &a, &b);
        int trump = (int)gw_rng_below(&rng, 4);
        oracle_reset(&o, trump);
        gw_position p = {trump, a, b, GW_NO_CARD};
        bool mid = gw_rng_below(&rng, 2);
        int expect;
        if (mid) { /* a random card already led */
            gw_card c = gw_nth(a, (int)gw_rng_below(&rng, (uint32_t)gw_count(a)));
            p.leader = a & ~gw_bit(c);
            p.led = c;
            expect = oracle_led(&o, p.leader, b, c);
        } else {
            expect = oracle_start(&o, a, b);
        }
        assert_int_equal(gw_position_check(&p, NULL), GW_OK);
        int got = gw_solve(s, &p);
        if (got != expect)
            fail_msg("round %d: n=%d trump=%d mid=%d: solver %d, oracle %d", round, n, trump, mid, got,
                     expect);
        /* Every legal card's value. */
        gw_card_value vals[13];
        int best = -1, count = gw_solve_cards(s, &p, vals, &best);
        assert_int_equal(best, expect);
        for (int i = 0; i < count; i++) {
            gw_card c = vals[i].card;
            int ov = mid ? (gw_trick_winner(trump, p.led, c)
                                ? (gw_count(b) - 1) - oracle_start(&o, b & ~gw_bit(c), p.leader)
                                : 1 + oracle_start(&o, p.leader, b & ~gw_bit(c)))
                         : oracle_led(&o, a & ~gw_bit(c), b, c);
            if (vals[i].tricks != ov) fail_msg("round %d: card value differs", round);
        }
    }
    gw_solver_free(s);
    free(o.memo);
}

/* gw_solve_within keeps its contract on random positions and windows: a
 * value strictly inside the window is exact, lo means at most lo, hi at
 * least hi. */
static void within_bounds_the_value(void **state) {
    (void)state;
    gw_solver *s;
    assert_int_equal(gw_solver_new(1u << 20, &s), GW_OK);
    gw_rng rng;
    gw_rng_seed(&rng, 77);
    for (int round = 0; round < 3000; round++) {
        gw_variant v = (round & 1) ? GW_SMALL : GW_CLASSIC;
        int n = 1 + (int)gw_rng_below(&rng, 9);
        gw_cards a, b;
        random_hands(&rng, v, n, &a, &b);
        gw_position p = {(int)gw_rng_below(&rng, 4), a, b, GW_NO_CARD};
        if (gw_rng_below(&rng, 2)) {
            gw_card c = gw_nth(a, (int)gw_rng_below(&rng, (uint32_t)n));
            p.leader = a & ~gw_bit(c);
            p.led = c;
        }
        int exact = gw_solve(s, &p);
        int lo = (int)gw_rng_below(&rng, (uint32_t)n + 3) - 1, hi = lo + (int)gw_rng_below(&rng, 4);
        int got = gw_solve_within(s, &p, lo, hi);
        int clo = lo < 0 ? 0 : lo > n ? n : lo, chi = hi > n ? n : hi < clo ? clo : hi;
        if (got < clo || got > chi) fail_msg("round %d: %d outside [%d, %d]", round, got, clo, chi);
        if (got > clo && got < chi && got != exact)
            fail_msg("round %d: %d inside, exact %d", round, got, exact);
        if (clo < chi && got == clo && exact > clo) fail_msg("round %d: %d low, exact %d", round, got, exact);
        if (clo < chi && got == chi && exact < chi)
            fail_msg("round %d: %d high, exact %d", round, got, exact);
    }
    gw_solver_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(matches_oracle_on_random_endgames),
        cmocka_unit_test(within_bounds_the_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
