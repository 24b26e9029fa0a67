/* test_ai.c: computer players: always legal, deterministic per seed, and easy's cheap wins and low
 * discards. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/ai.h"
#include "gw_test.h"

/* A hand-made view for seat 0 to move: the trump, the up-card (NULL: none,
 * the endgame), the card led by seat 1 (NULL: seat 0 leads) and the hand. */
static gw_observation view(int trump, const char *upcard, const char *led, const char *own) {
    gw_observation o;
    memset(&o, 0, sizeof o);
    o.seat = 0;
    o.variant = GW_CLASSIC;
    o.trump = trump;
    o.dealer = 1;
    o.phase = upcard ? GW_FOREPLAY : GW_ENDGAME;
    o.turn = 0;
    o.leader = led ? 1 : 0;
    o.led = led ? tc(led) : GW_NO_CARD;
    o.upcard = upcard ? tc(upcard) : GW_NO_CARD;
    o.stock_left = upcard ? 10 : 0;
    o.trick_number = upcard ? 9 : 20;
    o.own = tset(own);
    o.opp_hand_size = gw_count(o.own) - (led ? 1 : 0);
    if (led) {
        o.played = gw_bit(o.led);
        o.nmoves = 1;
        o.moves[0] = o.led;
    }
    return o;
}

static gw_card easy(int trump, const char *upcard, const char *led, const char *own) {
    gw_observation o = view(trump, upcard, led, own);
    gw_card c = gw_ai_easy(&o, NULL);
    assert_true(gw_has(gw_observation_legal(&o), c));
    return c;
}

/* ---- easy: following ------------------------------------------------- */

static void easy_wins_cheaply_for_a_trump_upcard(void **state) {
    (void)state;
    /* Up-card a trump, even a low one: take the trick with the lowest winner. */
    assert_int_equal(easy(GW_HEARTS, "4H", "8S", "AS KS 9S 5S AH 2D"), tc("9S"));
    assert_int_equal(easy(GW_HEARTS, "2H", "8S", "AS KS 9S 5S AH 2D"), tc("9S"));
    /* Void in the suit led: the lowest trump wins it. */
    assert_int_equal(easy(GW_HEARTS, "4H", "KS", "2D 9D 3H AH 4C"), tc("3H"));
}

static void easy_wins_cheaply_for_a_jack_or_better(void **state) {
    (void)state;
    static const char *const GOOD[] = {"JC", "QC", "KD", "AD", "JS"};
    for (size_t i = 0; i < sizeof GOOD / sizeof GOOD[0]; i++) {
        assert_int_equal(easy(GW_HEARTS, GOOD[i], "8S", "AS KS 9S 5S AH 2D"), tc("9S"));
        assert_int_equal(easy(GW_HEARTS, GOOD[i], "KS", "2D 9D 3H AH 4C"), tc("3H"));
    }
}

static void easy_discards_low_for_a_poor_upcard(void **state) {
    (void)state;
    static const char *const POOR[] = {"TC", "9D", "3S", "7C"};
    for (size_t i = 0; i < sizeof POOR / sizeof POOR[0]; i++) {
        /* It could win with 9S but follows with its lowest spade. */
        assert_int_equal(easy(GW_HEARTS, POOR[i], "8S", "AS KS 9S 5S AH 2D"), tc("5S"));
        /* Void: it keeps its trumps and throws the lowest card. */
        assert_int_equal(easy(GW_HEARTS, POOR[i], "KS", "2D 9D 3H AH 4C"), tc("2D"));
        /* Every legal card wins: the cheapest. */
        assert_int_equal(easy(GW_HEARTS, POOR[i], "2S", "AS 9S AH"), tc("9S"));
    }
}

static void easy_without_a_winner_plays_low(void **state) {
    (void)state;
    assert_int_equal(easy(GW_HEARTS, "AC", "AS", "KS 3S AH"), tc("3S"));
    assert_int_equal(easy(GW_HEARTS, "AC", "AH", "KD 3C 9D"), tc("3C"));
}

static void easy_wins_cheaply_in_the_endgame(void **state) {
    (void)state;
    assert_int_equal(easy(GW_HEARTS, NULL, "8S", "AS KS 9S 5S AH 2D"), tc("9S"));
    assert_int_equal(easy(GW_HEARTS, NULL, "KS", "2D 9D 3H AH 4C"), tc("3H"));
}

/* ---- easy: leading --------------------------------------------------- */

static void easy_leads_low_for_a_poor_upcard(void **state) {
    (void)state;
    assert_int_equal(easy(GW_HEARTS, "6C", NULL, "AS 5S 9D 3H"), tc("5S"));
    /* Only trumps left: the lowest trump. */
    assert_int_equal(easy(GW_HEARTS, "6C", NULL, "AH 5H 9H"), tc("5H"));
}

static void easy_leads_high_for_a_good_upcard(void **state) {
    (void)state;
    /* Its highest non-trump, keeping trumps. */
    assert_int_equal(easy(GW_HEARTS, "QC", NULL, "AS 5S 9D 3H KH"), tc("AS"));
    assert_int_equal(easy(GW_HEARTS, NULL, NULL, "KS 5S AD 3H AH"), tc("AD"));
}

static void easy_in_the_example_deal(void **state) {
    (void)state;
    /* Player 1 leads 8S; player 2 holds KS JS 9S and the up-card AD is a trump. */
    gw_game g;
    tdeal(&g, GW_SMALL, T_EXAMPLE_DECK, 1);
    tplay(&g, "8S", NULL);
    gw_observation o;
    gw_observe(&g, 1, &o);
    assert_int_equal(gw_ai_easy(&o, NULL), tc("9S"));
}

/* ---- every level: legal and reproducible ------------------------------- */

static void levels_always_play_legal_cards(void **state) {
    (void)state;
    for (uint64_t seed = 0; seed < 400; seed++) {
        gw_variant v = seed & 1 ? GW_SMALL : GW_CLASSIC;
        gw_card d[GW_MAX_DECK];
        gw_deck_from_seed(v, seed, d);
        gw_game g;
        gw_error err;
        assert_int_equal(gw_game_deal(&g, v, d, (int)(seed >> 1 & 1), &err), GW_OK);
        gw_rng rng;
        gw_rng_seed(&rng, seed);
        while (gw_game_phase(&g) != GW_OVER) {
            gw_observation o;
            gw_observe(&g, g.turn, &o);
            gw_cards legal = gw_game_legal(&g);
            gw_card r = gw_ai_random(&o, &rng), ea = gw_ai_easy(&o, NULL);
            assert_true(gw_has(legal, r));
            assert_true(gw_has(legal, ea));
            /* Mix the two levels and random play so positions vary. */
            gw_card c = (seed % 3 == 0) ? tpick(&rng, legal) : (g.turn == (seed & 1) ? ea : r);
            assert_int_equal(gw_game_play(&g, c, NULL), GW_OK);
        }
    }
}

static void random_level_is_uniform(void **state) {
    (void)state;
    gw_observation o = view(GW_HEARTS, "4C", NULL, "AS 9S 2D KD 3H 7C JC");
    gw_rng rng;
    gw_rng_seed(&rng, 8);
    int count[64] = {0};
    enum { N = 70000 };
    for (int k = 0; k < N; k++)
        count[gw_ai_random(&o, &rng)]++;
    double chi = 0;
    for (gw_cards s = o.own; s; s &= s - 1) {
        double dlt = count[gw_first(s)] - N / 7.0;
        chi += dlt * dlt / (N / 7.0);
    }
    assert_true(chi < 35.0); /* 6 degrees of freedom */
    int total = 0;
    for (gw_cards s = o.own; s; s &= s - 1)
        total += count[gw_first(s)];
    assert_int_equal(total, N);
    /* Following: only the suit led is ever chosen. */
    o = view(GW_HEARTS, "4C", "5S", "AS 9S 2D KD 3H 7C JC");
    for (int k = 0; k < 1000; k++)
        assert_int_equal(gw_card_suit(gw_ai_random(&o, &rng)), GW_SPADES);
}

static void level_names(void **state) {
    (void)state;
    assert_string_equal(gw_ai_level_name(GW_AI_RANDOM), "random");
    assert_string_equal(gw_ai_level_name(GW_AI_EASY), "easy");
    assert_string_equal(gw_ai_level_name(GW_AI_HARD), "hard");
    assert_string_equal(gw_ai_level_name(GW_AI_EXPERT), "expert");
    assert_string_equal(gw_ai_level_name(GW_AI_ORACLE), "oracle");
    gw_ai_level l = GW_AI_RANDOM;
    for (int i = 0; i < GW_AI_LEVELS; i++) {
        assert_true(gw_ai_level_parse(gw_ai_level_name((gw_ai_level)i), &l));
        assert_int_equal(l, i);
    }
    assert_true(gw_ai_level_parse("greedy", &l)); /* the old name of easy */
    assert_int_equal(l, GW_AI_EASY);
    assert_false(gw_ai_level_parse("master", &l));
    assert_false(gw_ai_level_parse("", &l));
    assert_false(gw_ai_level_parse("Easy", &l));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(easy_wins_cheaply_for_a_trump_upcard),
        cmocka_unit_test(easy_wins_cheaply_for_a_jack_or_better),
        cmocka_unit_test(easy_discards_low_for_a_poor_upcard),
        cmocka_unit_test(easy_without_a_winner_plays_low),
        cmocka_unit_test(easy_wins_cheaply_in_the_endgame),
        cmocka_unit_test(easy_leads_low_for_a_poor_upcard),
        cmocka_unit_test(easy_leads_high_for_a_good_upcard),
        cmocka_unit_test(easy_in_the_example_deal),
        cmocka_unit_test(levels_always_play_legal_cards),
        cmocka_unit_test(random_level_is_uniform),
        cmocka_unit_test(level_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
