/* test_world.c: the expert's world sampler: every sampled deal reproduces the seat's observation exactly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/ai.h"
#include "gw_test.h"
#include "../../src/engine/ai/world.h"

/* Deals a random hand of variant v and plays `plies` cards, each player
 * choosing with `policy` (0: random, 1: easy). */
static void random_game(gw_game *g, gw_variant v, uint64_t seed, int plies, int policy) {
    gw_card deck[GW_MAX_DECK];
    gw_deck_from_seed(v, seed, deck);
    assert_int_equal(gw_game_deal(g, v, deck, (int)(seed % 2), NULL), GW_OK);
    gw_rng rng;
    gw_rng_seed(&rng, seed ^ 0x5eed);
    for (int i = 0; i < plies && gw_game_phase(g) != GW_OVER; i++) {
        gw_card c;
        if (policy == 1) {
            gw_observation o;
            gw_observe(g, g->turn, &o);
            c = gw_ai_easy(&o, NULL);
        } else {
            c = tpick(&rng, gw_game_legal(g));
        }
        assert_int_equal(gw_game_play(g, c, NULL), GW_OK);
    }
}

/* Samples worlds for seat's view of g and checks each reproduces it. */
static void check_worlds(const gw_game *g, int seat, int count, uint64_t seed) {
    gw_observation o;
    gw_observe(g, seat, &o);
    world_sampler ws;
    assert_true(world_prepare(&ws, &o));
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    int opp = 1 - seat;
    for (int k = 0; k < count; k++) {
        gw_game w;
        assert_true(world_sample(&ws, &rng, &w));
        gw_observation ow;
        gw_observe(&w, seat, &ow);
        /* Everything the seat can see is the same (own hand, played cards,
         * up-cards, the opponent's known cards, moves, ups, draws ...). */
        assert_memory_equal(&o, &ow, sizeof o);
        assert_int_equal(ws.rejected, 0);
        assert_int_equal(w.hand[opp] & (o.own | o.played | o.upcards[seat]), 0);
        assert_int_equal(w.hand[opp] & o.opp_known, o.opp_known);
        assert_int_equal(gw_count(w.hand[opp]), o.opp_hand_size);
    }
}

static void worlds_reproduce_the_observation(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gw_variant v = seed % 3 == 0 ? GW_SMALL : GW_CLASSIC;
        gw_game g;
        int plies = (int)(seed * 7 % (uint64_t)(4 * gw_hand_size(v)));
        random_game(&g, v, seed, plies, (int)(seed % 2));
        if (gw_game_phase(&g) == GW_OVER) continue;
        check_worlds(&g, 0, 10, seed);
        check_worlds(&g, 1, 10, seed + 100);
    }
}

/* Random play shows many voids: the replay of every sampled world must
 * accept every card the opponent played, so it never held the suit. */
static void worlds_respect_voids(void **state) {
    (void)state;
    int voids = 0;
    for (uint64_t seed = 50; seed < 80; seed++) {
        gw_game g;
        random_game(&g, GW_CLASSIC, seed, 24, 0); /* 12 foreplay tricks */
        for (int t = 1; 2 * t <= g.nmoves; t++)
            if (gw_card_suit(g.moves[2 * t - 1]) != gw_card_suit(g.moves[2 * t - 2])) voids++;
        check_worlds(&g, 0, 20, seed);
        check_worlds(&g, 1, 20, seed);
    }
    assert_true(voids > 5);
}

/* A hand-made void: player 0 shows no heart in trick 2, so in every world
 * its first hand and its draw after trick 1 hold no heart; the unseen
 * hearts lie in its later draws or in the stock. */
static void void_keeps_unseen_hearts_out_of_the_hand(void **state) {
    (void)state;
    gw_card deck[GW_MAX_DECK];
    int n = tdeck_from_hands(
        "AS KS QS JS TS 9S 8S 2C AD KD QD JD TD", "7S 6S 5S AC 2H 3H 4H 5H 6H 7H 8H 9H TH",
        "2D 3D 4D AH 5D 6D 7D 8D 9D KC QC JC TC 9C 8C 7C 6C 5C 4C 3C KH QH JH 4S 3S 2S", deck);
    assert_int_equal(n, 52);
    gw_game g;
    assert_int_equal(gw_game_deal(&g, GW_CLASSIC, deck, 1, NULL), GW_OK);
    tplay(&g, "2C", NULL); /* trick 1: player 1 wins with the ace, takes the 2D (trumps) */
    tplay(&g, "AC", NULL);
    tplay(&g, "2H", NULL); /* trick 2: player 0 discards a spade */
    tplay(&g, "8S", NULL);
    gw_observation o;
    gw_observe(&g, 1, &o);
    world_sampler ws;
    assert_true(world_prepare(&ws, &o));
    gw_rng rng;
    gw_rng_seed(&rng, 7);
    int later = 0;
    for (int k = 0; k < 200; k++) {
        gw_game w;
        assert_true(world_sample(&ws, &rng, &w));
        for (int i = 0; i < 26; i += 2)
            assert_int_not_equal(gw_card_suit(w.deck[i]), GW_HEARTS);
        assert_int_not_equal(gw_card_suit(w.deck[27]), GW_HEARTS);
        if (gw_card_suit(w.deck[29]) == GW_HEARTS) later++;
    }
    assert_int_equal(ws.rejected, 0);
    assert_true(later > 0); /* the draw after trick 2 may be one */
}

/* In the endgame the sampler still works: the opponent's hand is known,
 * only the order of its past hidden draws is free. */
static void endgame_worlds(void **state) {
    (void)state;
    for (uint64_t seed = 200; seed < 210; seed++) {
        gw_game g;
        gw_variant v = seed % 2 ? GW_SMALL : GW_CLASSIC;
        random_game(&g, v, seed, 2 * gw_hand_size(v) + (int)(seed % 5), 1);
        assert_int_equal(gw_game_phase(&g), GW_ENDGAME);
        check_worlds(&g, 0, 5, seed);
        check_worlds(&g, 1, 5, seed);
    }
}

/* Observations no deal can produce are refused, not sampled. */
static void inconsistent_observation_is_refused(void **state) {
    (void)state;
    gw_game g;
    random_game(&g, GW_CLASSIC, 3, 6, 0);
    gw_observation o;
    gw_observe(&g, 0, &o);
    world_sampler ws;
    gw_observation bad = o;
    bad.own |= o.opp_known | gw_bit(o.upcard); /* too many cards */
    assert_false(world_prepare(&ws, &bad));
    bad = o;
    bad.ndraws = 0;
    assert_false(world_prepare(&ws, &bad));
    assert_true(world_prepare(&ws, &o));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worlds_reproduce_the_observation),         cmocka_unit_test(worlds_respect_voids),
        cmocka_unit_test(void_keeps_unseen_hearts_out_of_the_hand), cmocka_unit_test(endgame_worlds),
        cmocka_unit_test(inconsistent_observation_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
