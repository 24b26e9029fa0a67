/* test_expert.c: the expert: legal, deterministic, blind to hidden cards, exact in the endgame. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/ai.h"
#include "gw_test.h"
#include "../../src/engine/ai/world.h"

/* A test clock: every read advances it by one ms (the engine reads no clock of its own). */
static uint64_t ticking_ms(void *ctx) { return ++*(uint64_t *)ctx; }

static gw_expert *expert(int iterations, uint64_t seed) {
    gw_expert *e = NULL;
    gw_error err;
    assert_int_equal(gw_expert_new((gw_expert_limits){0, iterations, NULL}, seed, &e, &err), GW_OK);
    return e;
}

static void deal(gw_game *g, gw_variant v, uint64_t seed) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(v, seed, deck);
    assert_int_equal(gw_game_deal(g, v, deck, (int)(seed % 2), NULL), GW_OK);
}

/* Plays `plies` cards (or to the end) with easy for both players. */
static void play_easy(gw_game *g, int plies) {
    for (int i = 0; i < plies && gw_game_phase(g) != GW_OVER; i++) {
        gw_observation o;
        gw_observe(g, g->turn, &o);
        assert_int_equal(gw_game_play(g, gw_ai_easy(&o, NULL), NULL), GW_OK);
    }
}

static void limits_are_checked(void **state) {
    (void)state;
    gw_expert *e = NULL;
    gw_error err;
    uint64_t now = 0;
    gw_clock clock = {ticking_ms, &now}, no_reader = {NULL, NULL};
    assert_int_equal(gw_expert_new((gw_expert_limits){0, 0, &clock}, 1, &e, &err), GW_EINVAL);
    assert_null(e);
    assert_int_equal(gw_expert_new((gw_expert_limits){-1, 5, &clock}, 1, &e, &err), GW_EINVAL);
    /* A time bound needs a clock: the engine reads none itself. */
    assert_int_equal(gw_expert_new((gw_expert_limits){50, 0, NULL}, 1, &e, &err), GW_EINVAL);
    assert_non_null(strstr(err.msg, "needs a clock"));
    assert_int_equal(gw_expert_new((gw_expert_limits){50, 0, &no_reader}, 1, &e, &err), GW_EINVAL);
    assert_int_equal(gw_expert_new((gw_expert_limits){50, 0, &clock}, 1, &e, &err), GW_OK);
    gw_expert_free(e);
    gw_expert_free(NULL);
}

/* Whole hands, expert against easy, both variants: every card legal, the
 * estimates cover every legal card, best first, within range. */
static void plays_legal_cards_in_whole_hands(void **state) {
    (void)state;
    gw_expert *e = expert(4, 11);
    for (uint64_t seed = 1; seed <= 4; seed++) {
        gw_variant v = seed % 2 ? GW_SMALL : GW_CLASSIC;
        gw_game g;
        deal(&g, v, seed);
        while (gw_game_phase(&g) != GW_OVER) {
            gw_observation o;
            gw_observe(&g, g.turn, &o);
            gw_card c;
            if (g.turn == (int)(seed % 2)) {
                gw_card_estimate est[13];
                int n = gw_expert_estimate(e, &o, est);
                assert_int_equal(n, gw_count(gw_observation_legal(&o)));
                for (int i = 0; i < n; i++) {
                    assert_true(gw_has(gw_observation_legal(&o), est[i].card));
                    assert_true(est[i].tricks >= 0 && est[i].tricks <= gw_hand_size(v));
                    assert_true(est[i].samples >= 1);
                    if (i) assert_true(est[i - 1].points >= est[i].points); /* ranked by points */
                }
                c = gw_expert_choose(e, &o);
                assert_true(gw_has(gw_observation_legal(&o), c));
            } else {
                c = gw_ai_easy(&o, NULL);
            }
            assert_int_equal(gw_game_play(&g, c, NULL), GW_OK);
        }
    }
    gw_expert_free(e);
}

static void same_estimates(const gw_card_estimate *a, int na, const gw_card_estimate *b, int nb) {
    assert_int_equal(na, nb);
    for (int i = 0; i < na; i++) {
        assert_int_equal(a[i].card, b[i].card);
        assert_true(a[i].tricks == b[i].tricks);
        assert_int_equal(a[i].samples, b[i].samples);
    }
}

/* Same seed, same observation: same estimates, whatever was asked before. */
static void deterministic_per_seed(void **state) {
    (void)state;
    gw_game g;
    deal(&g, GW_CLASSIC, 21);
    play_easy(&g, 7);
    gw_observation o, other;
    gw_observe(&g, g.turn, &o);
    gw_game h;
    deal(&h, GW_CLASSIC, 22);
    play_easy(&h, 3);
    gw_observe(&h, h.turn, &other);
    gw_expert *a = expert(10, 5), *b = expert(10, 5);
    gw_card_estimate ea[13], eb[13], scratch[13];
    gw_expert_estimate(b, &other, scratch); /* b has a history, a has none */
    int na = gw_expert_estimate(a, &o, ea), nb = gw_expert_estimate(b, &o, eb);
    same_estimates(ea, na, eb, nb);
    assert_int_equal(ea[0].samples, 10);
    assert_int_equal(expert_last_worlds(a), 10);
    gw_expert_free(a);
    gw_expert_free(b);
}

/* Two deals differing only in cards the expert's seat has not seen (the
 * last two face-down stock cards are swapped): as long as the seat's views
 * agree, so do its choices. */
static void never_reads_hidden_cards(void **state) {
    (void)state;
    for (uint64_t seed = 31; seed <= 32; seed++) {
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(GW_SMALL, seed, deck);
        gw_game a, b;
        int dealer = (int)(seed % 2), n = gw_deck_size(GW_SMALL);
        assert_int_equal(gw_game_deal(&a, GW_SMALL, deck, dealer, NULL), GW_OK);
        gw_card t = deck[n - 1];
        deck[n - 1] = deck[n - 3];
        deck[n - 3] = t;
        assert_int_equal(gw_game_deal(&b, GW_SMALL, deck, dealer, NULL), GW_OK);
        gw_expert *ea = expert(12, 9), *eb = expert(12, 9);
        int seat = 0, compared = 0;
        for (;;) {
            gw_observation oa, ob;
            gw_observe(&a, a.turn, &oa);
            gw_observe(&b, b.turn, &ob);
            if (memcmp(&oa, &ob, sizeof oa) != 0) break;
            gw_card ca, cb;
            if (a.turn == seat) {
                ca = gw_expert_choose(ea, &oa);
                cb = gw_expert_choose(eb, &ob);
                assert_int_equal(ca, cb);
                compared++;
            } else {
                ca = cb = gw_ai_easy(&oa, NULL);
            }
            assert_int_equal(gw_game_play(&a, ca, NULL), GW_OK);
            assert_int_equal(gw_game_play(&b, cb, NULL), GW_OK);
        }
        assert_true(compared >= 3);
        gw_expert_free(ea);
        gw_expert_free(eb);
    }
}

/* In the endgame the values are the solver's, exact, from one sample. */
static void endgame_values_are_exact(void **state) {
    (void)state;
    gw_expert *e = expert(3, 1);
    gw_solver *s = NULL;
    assert_int_equal(gw_solver_new(0, &s), GW_OK);
    for (uint64_t seed = 40; seed < 46; seed++) {
        gw_game g;
        gw_variant v = seed % 2 ? GW_SMALL : GW_CLASSIC;
        deal(&g, v, seed);
        play_easy(&g, 2 * gw_hand_size(v) + (int)(seed % 4));
        assert_int_equal(gw_game_phase(&g), GW_ENDGAME);
        int me = g.turn, leader = g.leader;
        gw_observation o;
        gw_observe(&g, me, &o);
        gw_card_estimate est[13], oracle[13];
        int n = gw_expert_estimate(e, &o, est);
        assert_int_equal(gw_oracle_estimate(e, &g, oracle), n);
        same_estimates(est, n, oracle, n);
        gw_position pos = {g.trump, g.hand[leader], g.hand[1 - leader], g.led};
        gw_card_value vals[13];
        int m = gw_solve_cards(s, &pos, vals, NULL), rest = gw_count(g.hand[1 - leader]);
        assert_int_equal(m, n);
        for (int i = 0; i < m; i++) {
            int mine = g.won[1][me] + (me == leader ? vals[i].tricks : rest - vals[i].tricks);
            int found = 0;
            for (int j = 0; j < n; j++)
                if (est[j].card == vals[i].card) {
                    assert_true(est[j].tricks == (double)mine);
                    assert_int_equal(est[j].samples, 1);
                    found = 1;
                }
            assert_true(found);
        }
    }
    gw_solver_free(s);
    gw_expert_free(e);
}

/* Trick 1, trumps spades, the ace of trumps face up (the stock as given):
 * player 0 holds hand0 and leads 5H; o is then player 1's observation. */
static void after_5h(const char *hand0, const char *hand1, const char *stock, gw_game *g, gw_observation *o) {
    gw_card deck[GW_MAX_DECK];
    assert_int_equal(tdeck_from_hands(hand0, hand1, stock, deck), 52);
    assert_int_equal(gw_game_deal(g, GW_CLASSIC, deck, 1, NULL), GW_OK);
    tplay(g, "5H", NULL);
    gw_observe(g, 1, o);
}

/* Trick 1, trumps spades, the ace of trumps face up: player 0 leads 5H and
 * player 1 (the expert) holds 9H and 2H: winning with the 9 takes the ace. */
static void wins_the_ace_of_trumps_cheaply(void **state) {
    (void)state;
    gw_game g;
    gw_observation o;
    after_5h("5H KS QS JS 4H 3H KD QD JD TD 9D 8D 7D", "9H 2H 6D 5D 4D 3D 2D KC QC JC TC 9C 8C",
             "AS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 8H 7H 6H AD AC 7C 6C 5C 4C 3C 2C", &g, &o);
    gw_expert *e = expert(20, 3);
    gw_card_estimate est[13];
    assert_int_equal(gw_expert_estimate(e, &o, est), 2);
    assert_int_equal(est[0].card, tc("9H"));
    assert_true(est[0].tricks > est[1].tricks);
    assert_int_equal(gw_expert_choose(e, &o), tc("9H"));
    /* The oracle does not disagree on the true deal: its one playout (hard's
     * policy on this stock of spades then hearts) makes 9H and 2H worth the
     * same since hard's foreplay of issue 15, so 9H need not come first. */
    gw_card_estimate ora[13];
    assert_int_equal(gw_oracle_estimate(e, &g, ora), 2);
    int nine = ora[0].card == tc("9H") ? 0 : 1;
    assert_int_equal(ora[nine].card, tc("9H"));
    assert_true(ora[nine].points >= ora[1 - nine].points);
    assert_int_equal(ora[0].samples, 1);
    gw_expert_free(e);
}

/* The card led to the trick parts the follower's cards: holding 6H and 4H
 * against a led 5H (the ace of trumps face up), 6H takes the ace and 4H
 * does not, though only a played card lies between them. */
static void led_card_parts_the_runs(void **state) {
    (void)state;
    gw_game g;
    gw_observation o;
    after_5h("5H KS QS JS 3H 2H KD QD JD TD 9D 8D 7D", "6H 4H 6D 5D 4D 3D 2D KC QC JC TC 9C 8C",
             "AS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H AD AC 7C 6C 5C 4C 3C 2C", &g, &o);
    gw_card rep[13];
    assert_int_equal(world_runs(gw_observation_legal(&o), o.played, o.led, rep, NULL), 2);
    gw_expert *e = expert(20, 3);
    gw_card_estimate est[13];
    assert_int_equal(gw_expert_estimate(e, &o, est), 2);
    assert_int_equal(est[0].card, tc("6H"));
    assert_true(est[0].tricks > est[1].tricks);
    assert_int_equal(gw_expert_choose(e, &o), tc("6H"));
    /* Once the trick is over, 5H played, the two are one run. */
    assert_int_equal(world_runs(gw_bit(tc("6H")) | gw_bit(tc("4H")), o.played, GW_NO_CARD, rep, NULL), 1);
    gw_expert_free(e);
}

/* Equivalent cards (a run in one suit) get the same value. */
static void equivalent_cards_share_a_value(void **state) {
    (void)state;
    gw_game g;
    deal(&g, GW_CLASSIC, 77);
    play_easy(&g, 4);
    gw_observation o;
    gw_observe(&g, g.turn, &o);
    gw_expert *e = expert(6, 2);
    gw_card_estimate est[13];
    int n = gw_expert_estimate(e, &o, est);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            gw_card a = est[i].card, b = est[j].card;
            if (gw_card_suit(a) == gw_card_suit(b) && gw_card_rank(b) == gw_card_rank(a) + 1)
                assert_true(est[i].tricks == est[j].tricks);
        }
    gw_expert_free(e);
}

/* The worth to seat p of g with best play by both to the hand's end: every
 * card of the foreplay tried (no pruning, no equivalence), the endgame
 * solved. */
static double best_worth(const gw_game *g, gw_solver *s, const gw_stakes *st, int p) {
    if (gw_game_phase(g) != GW_FOREPLAY) {
        int endgame[2], all[2], leader = g->leader, rest = gw_count(g->hand[leader]);
        gw_position pos = {g->trump, g->hand[leader], g->hand[1 - leader], g->led};
        int v = gw_game_phase(g) == GW_OVER ? 0 : gw_solve(s, &pos);
        endgame[leader] = g->won[1][leader] + v;
        endgame[1 - leader] = g->won[1][1 - leader] + rest - v;
        for (int q = 0; q < 2; q++)
            all[q] = g->won[0][q] + endgame[q];
        return gw_stakes_value(st, (gw_variant)g->variant, p, endgame, all);
    }
    bool mine = g->turn == p;
    double best = mine ? -1e9 : 1e9;
    for (gw_cards l = gw_game_legal(g); l; l &= l - 1) {
        gw_game h = *g;
        assert_int_equal(gw_game_play(&h, gw_first(l), NULL), GW_OK);
        double v = best_worth(&h, s, st, p);
        if (mine ? v > best : v < best) best = v;
    }
    return best;
}

/* The oracle's playouts play the last foreplay tricks best on the true deal
 * (the expert's, on each world's): at the last trick (and, with two exact
 * tricks, the one before) each card's value is the best play's worth after
 * it, for the leader and for the follower, in the rule's points. */
static void playouts_play_the_last_tricks_best(void **state) {
    (void)state;
    gw_expert *e = expert(1, 5);
    gw_solver *s;
    assert_int_equal(gw_solver_new(0, &s), GW_OK);
    int checked = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        gw_variant v = seed % 2 ? GW_SMALL : GW_CLASSIC;
        gw_stakes st = {seed % 3 == 0 ? GW_EVERY : GW_LAST13, 0, {0, 0}};
        gw_expert_set_stakes(e, &st);
        for (int tricks = 1; tricks <= 2; tricks++) {
            expert_set_exact(e, tricks);
            gw_game g;
            deal(&g, v, seed);
            while (gw_game_stock_left(&g) > 2 * tricks)
                play_easy(&g, 1);
            for (int ply = 0; ply < 2; ply++) { /* the leader, then the follower */
                gw_card_estimate est[13];
                int n = gw_oracle_estimate(e, &g, est);
                assert_int_equal(n, gw_count(gw_game_legal(&g)));
                for (int i = 0; i < n; i++) {
                    gw_game h = g;
                    assert_int_equal(gw_game_play(&h, est[i].card, NULL), GW_OK);
                    double want = best_worth(&h, s, &st, g.turn);
                    if (est[i].points != want)
                        fail_msg("seed %d, %d exact, ply %d, card %d: %.1f points, best play %.1f", (int)seed,
                                 tricks, ply, (int)est[i].card, est[i].points, want);
                    checked++;
                }
                play_easy(&g, 1);
            }
        }
    }
    assert_true(checked > 100);
    expert_set_exact(e, 0); /* the policy's play: no longer best everywhere */
    gw_solver_free(s);
    gw_expert_free(e);
}

/* The seer (bench_pimc's cheat: the true deal, the stock's order sampled)
 * values every legal card over its worlds, deterministically. */
static void seer_values_every_card(void **state) {
    (void)state;
    gw_expert *e = expert(8, 4);
    gw_game g;
    deal(&g, GW_CLASSIC, 21);
    play_easy(&g, 9);
    gw_card_estimate a[13], b[13];
    int n = expert_seer_estimate(e, &g, a);
    assert_int_equal(n, gw_count(gw_game_legal(&g)));
    assert_int_equal(expert_last_worlds(e), 8);
    assert_int_equal(expert_seer_estimate(e, &g, b), n);
    for (int i = 0; i < n; i++) {
        assert_true(gw_has(gw_game_legal(&g), a[i].card));
        assert_int_equal(a[i].card, b[i].card);
        assert_true(a[i].points == b[i].points);
        if (i > 0) assert_true(a[i - 1].points >= a[i].points);
    }
    gw_expert_free(e);
}

/* A time bound alone ends the search too, measured on the caller's clock:
 * with one that ticks a ms per read the search stops after a few worlds. */
static void time_bound_ends_the_search(void **state) {
    (void)state;
    gw_expert *e = NULL;
    uint64_t now = 0;
    gw_clock clock = {ticking_ms, &now};
    assert_int_equal(gw_expert_new((gw_expert_limits){5, 0, &clock}, 1, &e, NULL), GW_OK);
    gw_game g;
    deal(&g, GW_CLASSIC, 8);
    gw_observation o;
    gw_observe(&g, g.turn, &o);
    gw_card c = gw_expert_choose(e, &o);
    assert_true(gw_has(gw_observation_legal(&o), c));
    assert_true(expert_last_worlds(e) >= 1);
    assert_true(expert_last_worlds(e) <= 5);
    assert_true(now > 1);
    gw_expert_free(e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(limits_are_checked),
        cmocka_unit_test(plays_legal_cards_in_whole_hands),
        cmocka_unit_test(deterministic_per_seed),
        cmocka_unit_test(never_reads_hidden_cards),
        cmocka_unit_test(endgame_values_are_exact),
        cmocka_unit_test(wins_the_ace_of_trumps_cheaply),
        cmocka_unit_test(equivalent_cards_share_a_value),
        cmocka_unit_test(led_card_parts_the_runs),
        cmocka_unit_test(time_bound_ends_the_search),
        cmocka_unit_test(playouts_play_the_last_tricks_best),
        cmocka_unit_test(seer_values_every_card),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
