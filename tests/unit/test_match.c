/* test_match.c: matches: target limits, seeded first dealer, alternating deal, scores, the winner. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/match.h"
#include "gw_test.h"

static gw_match_rules rules(gw_variant v, gw_scoring s, int target) { return (gw_match_rules){v, s, target}; }

/* Plays g to its end with random legal cards. */
static void play_out(gw_game *g, gw_rng *rng) {
    while (gw_game_phase(g) != GW_OVER)
        assert_int_equal(gw_game_play(g, tpick(rng, gw_game_legal(g)), NULL), GW_OK);
}

static void target_limits(void **state) {
    (void)state;
    gw_match m;
    gw_error err;
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_LAST13, 0), 1, &err), GW_EINVAL);
    assert_int_equal(err.status, GW_EINVAL);
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_LAST13, 1001), 1, &err), GW_EINVAL);
    assert_int_equal(gw_match_start(&m, rules(GW_SMALL, GW_EVERY, -10), 1, &err), GW_EINVAL);
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_LAST13, 1), 1, &err), GW_OK);
    assert_int_equal(m.rules.target, 1);
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_LAST13, 1000), 1, &err), GW_OK);
    assert_int_equal(m.rules.target, 1000);
    assert_int_equal(gw_match_start(&m, rules(GW_SMALL, GW_DIFFERENCE, GW_TARGET_DEFAULT), 1, &err), GW_OK);
    assert_int_equal(GW_TARGET_DEFAULT, 10);
    assert_int_equal(GW_TARGET_MIN, 1);
    assert_int_equal(GW_TARGET_MAX, 1000);
    /* Unknown variant or scoring. */
    assert_int_equal(gw_match_start(&m, rules((gw_variant)2, GW_LAST13, 10), 1, &err), GW_EINVAL);
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, (gw_scoring)4, 10), 1, &err), GW_EINVAL);
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_TOTAL, 50), 1, &err), GW_OK);
}

static void start_state(void **state) {
    (void)state;
    gw_match m;
    memset(&m, 0x5A, sizeof m);
    gw_error err;
    assert_int_equal(gw_match_start(&m, rules(GW_SMALL, GW_EVERY, 25), 77, &err), GW_OK);
    assert_int_equal(m.rules.variant, GW_SMALL);
    assert_int_equal(m.rules.scoring, GW_EVERY);
    assert_true(m.seed == 77);
    assert_int_equal(m.hands_played, 0);
    assert_int_equal(m.score[0], 0);
    assert_int_equal(m.score[1], 0);
    assert_int_equal(m.first_dealer, m.next_dealer);
    assert_in_range(m.first_dealer, 0, 1);
    assert_int_equal(gw_match_winner(&m), -1);
}

static void first_dealer_comes_from_the_seed(void **state) {
    (void)state;
    int count[2] = {0, 0};
    for (uint64_t seed = 0; seed < 200; seed++) {
        gw_match a, b;
        gw_error err;
        assert_int_equal(gw_match_start(&a, rules(GW_CLASSIC, GW_LAST13, 10), seed, &err), GW_OK);
        assert_int_equal(gw_match_start(&b, rules(GW_CLASSIC, GW_LAST13, 10), seed, &err), GW_OK);
        assert_int_equal(a.first_dealer, b.first_dealer);
        count[a.first_dealer]++;
        /* The first hand is dealt by the first dealer. */
        gw_game g;
        gw_match_deal(&a, &g, NULL);
        assert_int_equal(g.dealer, a.first_dealer);
    }
    /* Both players deal first, about equally often. */
    assert_in_range(count[0], 60, 140);
    assert_in_range(count[1], 60, 140);
}

static void dealer_alternates_and_scores_accumulate(void **state) {
    (void)state;
    for (int v = 0; v < 2; v++) {
        for (int s = 0; s < GW_SCORINGS; s++) {
            gw_match m;
            gw_error err;
            assert_int_equal(
                gw_match_start(&m, rules((gw_variant)v, (gw_scoring)s, 1000), 5 + (uint64_t)s, &err), GW_OK);
            gw_rng rng;
            gw_rng_seed(&rng, 99);
            int dealer = m.first_dealer;
            for (int hand = 0; hand < 30; hand++) {
                gw_game g;
                gw_match_deal(&m, &g, NULL);
                assert_int_equal(g.dealer, dealer);
                assert_int_equal(g.variant, v);
                play_out(&g, &rng);
                int before[2] = {m.score[0], m.score[1]};
                gw_hand_score hs = gw_match_finish_hand(&m, &g);
                /* The hand's score is the scoring system's. */
                int endgame[2] = {gw_game_endgame_tricks(&g, 0), gw_game_endgame_tricks(&g, 1)};
                int all[2] = {gw_game_all_tricks(&g, 0), gw_game_all_tricks(&g, 1)};
                gw_hand_score want = gw_score_hand((gw_variant)v, (gw_scoring)s, endgame, all);
                assert_int_equal(hs.winner, want.winner);
                /* Each player's points add to the match score; only the
                 * hand winner scores, but under running total both do. */
                for (int p = 0; p < 2; p++) {
                    assert_int_equal(hs.points[p], want.points[p]);
                    assert_int_equal(hs.points[p], s == GW_TOTAL    ? endgame[p]
                                                   : p == hs.winner ? hs.points[p]
                                                                    : 0);
                    assert_int_equal(m.score[p], before[p] + hs.points[p]);
                }
                assert_int_equal(m.hands_played, hand + 1);
                dealer = 1 - dealer;
                assert_int_equal(m.next_dealer, dealer);
            }
        }
    }
}

static void tie_scores_nothing(void **state) {
    (void)state;
    /* An `every` hand of 13-13: nobody scores; the deal still passes. */
    gw_match m;
    gw_error err;
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_EVERY, 10), 3, &err), GW_OK);
    gw_game g;
    gw_match_deal(&m, &g, NULL);
    /* Fake a finished hand with equal totals. */
    g.tricks_done = 26;
    g.won[0][0] = 6;
    g.won[0][1] = 7;
    g.won[1][0] = 7;
    g.won[1][1] = 6;
    int dealer = m.next_dealer;
    gw_hand_score hs = gw_match_finish_hand(&m, &g);
    assert_int_equal(hs.winner, -1);
    assert_int_equal(m.score[0], 0);
    assert_int_equal(m.score[1], 0);
    assert_int_equal(m.next_dealer, 1 - dealer);
    assert_int_equal(m.hands_played, 1);
}

static void match_winner(void **state) {
    (void)state;
    gw_match m;
    gw_error err;
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_LAST13, 10), 1, &err), GW_OK);
    m.score[0] = 9;
    m.score[1] = 3;
    assert_int_equal(gw_match_winner(&m), -1);
    m.score[0] = 10; /* reaching the target wins */
    assert_int_equal(gw_match_winner(&m), 0);
    m.score[0] = 14; /* so does passing it */
    assert_int_equal(gw_match_winner(&m), 0);
    m.score[0] = 2;
    m.score[1] = 9;
    assert_int_equal(gw_match_winner(&m), -1);
    m.score[1] = 10;
    assert_int_equal(gw_match_winner(&m), 1);
    m.score[1] = 12;
    assert_int_equal(gw_match_winner(&m), 1);
    /* Both over (no current system allows it): the higher score wins. */
    m.score[0] = 11;
    assert_int_equal(gw_match_winner(&m), 1);
    m.score[0] = 13;
    assert_int_equal(gw_match_winner(&m), 0);
}

/* Fakes a finished hand in g: foreplay tricks f0-f1, endgame tricks e0-e1. */
static void fake_hand(gw_game *g, int f0, int f1, int e0, int e1) {
    g->tricks_done = (uint8_t)(f0 + f1 + e0 + e1);
    g->won[0][0] = (uint8_t)(f0);
    g->won[0][1] = (uint8_t)(f1);
    g->won[1][0] = (uint8_t)(e0);
    g->won[1][1] = (uint8_t)(e1);
}

/* Plays one faked hand of m and checks the score and winner after it. */
static void total_hand(gw_match *m, int e0, int e1, int score0, int score1, int winner) {
    gw_game g;
    gw_match_deal(m, &g, NULL);
    int h = gw_hand_size(m->rules.variant);
    fake_hand(&g, h - 2, 2, e0, e1); /* foreplay tricks never count */
    gw_hand_score hs = gw_match_finish_hand(m, &g);
    assert_int_equal(hs.points[0], e0);
    assert_int_equal(hs.points[1], e1);
    assert_int_equal(m->score[0], score0);
    assert_int_equal(m->score[1], score1);
    assert_int_equal(gw_match_winner(m), winner);
}

static void total_reaching_the_target(void **state) {
    (void)state;
    gw_match m;
    gw_error err;
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_TOTAL, 50), 4, &err), GW_OK);
    total_hand(&m, 8, 5, 8, 5, -1);
    total_hand(&m, 9, 4, 17, 9, -1);
    total_hand(&m, 10, 3, 27, 12, -1);
    total_hand(&m, 13, 0, 40, 12, -1);
    total_hand(&m, 9, 4, 49, 16, -1);
    total_hand(&m, 1, 12, 50, 28, 0); /* reaching 50 with one trick wins */
    assert_int_equal(m.hands_played, 6);
}

static void total_both_reach_the_target(void **state) {
    (void)state;
    gw_match m;
    gw_error err;
    /* Both pass 18 in the third hand: the higher total wins, whoever got
     * there "first" in the hand. */
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_TOTAL, 18), 4, &err), GW_OK);
    total_hand(&m, 10, 3, 10, 3, -1);
    total_hand(&m, 3, 10, 13, 13, -1);
    total_hand(&m, 7, 6, 20, 19, 0);
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_TOTAL, 18), 4, &err), GW_OK);
    total_hand(&m, 10, 3, 10, 3, -1);
    total_hand(&m, 3, 10, 13, 13, -1);
    total_hand(&m, 6, 7, 19, 20, 1);
    /* the player behind before the hand can win it */
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_TOTAL, 18), 4, &err), GW_OK);
    total_hand(&m, 10, 3, 10, 3, -1);
    total_hand(&m, 2, 11, 12, 14, -1);
    total_hand(&m, 9, 4, 21, 18, 0);
}

static void total_level_scores_play_on(void **state) {
    (void)state;
    gw_match m;
    gw_error err;
    /* Level exactly at the target: the match goes on... */
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_TOTAL, 26), 8, &err), GW_OK);
    total_hand(&m, 10, 3, 10, 3, -1);
    total_hand(&m, 3, 10, 13, 13, -1);
    total_hand(&m, 7, 6, 20, 19, -1);
    total_hand(&m, 6, 7, 26, 26, -1);
    /* ... and the next hand, whose tricks cannot split evenly, decides. */
    total_hand(&m, 6, 7, 32, 33, 1);
    assert_int_equal(m.hands_played, 5);
    /* Level over the target (both passed it in one hand): the same. */
    assert_int_equal(gw_match_start(&m, rules(GW_CLASSIC, GW_TOTAL, 24), 8, &err), GW_OK);
    total_hand(&m, 10, 3, 10, 3, -1);
    total_hand(&m, 3, 10, 13, 13, -1);
    total_hand(&m, 7, 6, 20, 19, -1);
    total_hand(&m, 6, 7, 26, 26, -1);
    total_hand(&m, 13, 0, 39, 26, 0);
    /* Small deck, level at the target after two hands. */
    assert_int_equal(gw_match_start(&m, rules(GW_SMALL, GW_TOTAL, 7), 8, &err), GW_OK);
    total_hand(&m, 4, 3, 4, 3, -1);
    total_hand(&m, 3, 4, 7, 7, -1);
    total_hand(&m, 5, 2, 12, 9, 0);
}

static void total_small_deck(void **state) {
    (void)state;
    gw_match m;
    gw_error err;
    assert_int_equal(gw_match_start(&m, rules(GW_SMALL, GW_TOTAL, 10), 2, &err), GW_OK);
    total_hand(&m, 4, 3, 4, 3, -1);
    total_hand(&m, 3, 4, 7, 7, -1);
    total_hand(&m, 0, 7, 7, 14, 1);
    assert_int_equal(gw_match_start(&m, rules(GW_SMALL, GW_TOTAL, 10), 2, &err), GW_OK);
    total_hand(&m, 5, 2, 5, 2, -1);
    total_hand(&m, 2, 5, 7, 7, -1);
    total_hand(&m, 3, 4, 10, 11, 1); /* both reach 10: the higher wins */
    assert_int_equal(gw_match_start(&m, rules(GW_SMALL, GW_TOTAL, 7), 2, &err), GW_OK);
    total_hand(&m, 7, 0, 7, 0, 0); /* one hand can end it */
}

static void score_winner_rule(void **state) {
    (void)state;
    /* The match-end rule on its own, as a record checker calls it. */
    static const struct {
        int target, s0, s1, winner;
    } ROWS[] = {
        {50, 0, 0, -1},  {50, 49, 49, -1}, {50, 50, 12, 0},    {50, 12, 50, 1},
        {50, 55, 51, 0}, {50, 51, 55, 1},  {50, 50, 50, -1},   {50, 63, 63, -1},
        {1, 1, 0, 0},    {1, 0, 1, 1},     {1000, 999, 0, -1},
    };
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        for (int s = 0; s < GW_SCORINGS; s++) {
            gw_match_rules r = rules(GW_CLASSIC, (gw_scoring)s, ROWS[i].target);
            int score[2] = {ROWS[i].s0, ROWS[i].s1};
            assert_int_equal(gw_match_score_winner(&r, score), ROWS[i].winner);
        }
    }
}

static void whole_matches_end_at_the_target(void **state) {
    (void)state;
    for (uint64_t seed = 0; seed < 20; seed++) {
        for (int target = 1; target <= 25; target += 12) {
            gw_match m;
            gw_error err;
            gw_variant v = seed & 1 ? GW_SMALL : GW_CLASSIC;
            assert_int_equal(
                gw_match_start(&m, rules(v, (gw_scoring)(seed % GW_SCORINGS), target), seed, &err), GW_OK);
            gw_rng rng;
            gw_rng_seed(&rng, seed + 1000);
            int hands = 0;
            while (gw_match_winner(&m) < 0) {
                /* only level scores at the target play on */
                assert_true((m.score[0] < target && m.score[1] < target) || m.score[0] == m.score[1]);
                gw_game g;
                gw_match_deal(&m, &g, NULL);
                play_out(&g, &rng);
                gw_match_finish_hand(&m, &g);
                assert_true(++hands < 500);
            }
            int w = gw_match_winner(&m);
            assert_true(m.score[w] >= target);
            if (m.rules.scoring == GW_TOTAL) /* both may pass it: the higher wins */
                assert_true(m.score[1 - w] < m.score[w]);
            else
                assert_true(m.score[1 - w] < target);
        }
    }
}

static void hand_seeds_reproduce_the_decks(void **state) {
    (void)state;
    for (int v = 0; v < 2; v++) {
        gw_match a, b;
        gw_error err;
        assert_int_equal(gw_match_start(&a, rules((gw_variant)v, GW_LAST13, 10), 2024, &err), GW_OK);
        assert_int_equal(gw_match_start(&b, rules((gw_variant)v, GW_LAST13, 10), 2024, &err), GW_OK);
        gw_rng rng;
        gw_rng_seed(&rng, 4);
        uint64_t prev = 0;
        for (int hand = 0; hand < 10; hand++) {
            gw_game g, h;
            uint64_t seed = 0, seed_b = 1;
            gw_match_deal(&a, &g, &seed);
            gw_match_deal(&b, &h, &seed_b);
            /* Same match seed, same hands. */
            assert_true(seed == seed_b);
            assert_memory_equal(g.deck, h.deck, sizeof g.deck);
            /* The hand seed gives the hand's deck. */
            gw_card d[GW_MAX_DECK];
            int n = gw_deck_from_seed((gw_variant)v, seed, d);
            assert_memory_equal(g.deck, d, (size_t)n);
            if (hand > 0) assert_true(seed != prev);
            prev = seed;
            play_out(&g, &rng);
            gw_match_finish_hand(&a, &g);
            gw_match_finish_hand(&b, &g);
        }
    }
    /* Another match seed gives other hands. */
    gw_match a, b;
    gw_error err;
    gw_match_start(&a, rules(GW_CLASSIC, GW_LAST13, 10), 1, &err);
    gw_match_start(&b, rules(GW_CLASSIC, GW_LAST13, 10), 2, &err);
    gw_game g, h;
    gw_match_deal(&a, &g, NULL);
    gw_match_deal(&b, &h, NULL);
    assert_memory_not_equal(g.deck, h.deck, 52);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(target_limits),
        cmocka_unit_test(start_state),
        cmocka_unit_test(first_dealer_comes_from_the_seed),
        cmocka_unit_test(dealer_alternates_and_scores_accumulate),
        cmocka_unit_test(tie_scores_nothing),
        cmocka_unit_test(match_winner),
        cmocka_unit_test(whole_matches_end_at_the_target),
        cmocka_unit_test(total_reaching_the_target),
        cmocka_unit_test(total_both_reach_the_target),
        cmocka_unit_test(total_level_scores_play_on),
        cmocka_unit_test(total_small_deck),
        cmocka_unit_test(score_winner_rule),
        cmocka_unit_test(hand_seeds_reproduce_the_decks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
