/* test_solver_verdict.c: gw_solve_verdict, the solver's verdict on a card played in the endgame (what whist
 * serve's replays show): none in the foreplay or for a card that may not be played; the value of each legal
 * card at most the best, the best reached by some card, and best play by both from the endgame's start
 * giving each player exactly the best the verdict promised. */
#include "gw_test.h"

#include "gw/deck.h"
#include "gw/game.h"
#include "gw/solver.h"

static void test_verdicts(void **state) {
    (void)state;
    gw_solver *s;
    assert_int_equal(gw_solver_new(0, &s), GW_OK);
    for (uint64_t seed = 1; seed <= 12; seed++) {
        gw_variant v = seed % 3 == 0 ? GW_SMALL : GW_CLASSIC;
        gw_card deck[GW_MAX_DECK];
        gw_deck_from_seed(v, seed, deck);
        gw_game g;
        gw_error err;
        assert_int_equal(gw_game_deal(&g, v, deck, (int)(seed % 2), &err), GW_OK);
        int value, best;
        while (gw_game_phase(&g) == GW_FOREPLAY) {
            gw_card c = gw_first(gw_game_legal(&g));
            assert_false(gw_solve_verdict(s, &g, c, &value, &best));
            assert_int_equal(gw_game_play(&g, c, NULL), GW_OK);
        }
        int first = g.turn, promised = -1;
        while (gw_game_phase(&g) == GW_ENDGAME) {
            gw_cards legal = gw_game_legal(&g);
            /* a card the player does not hold, or may not play */
            gw_cards other = g.hand[1 - g.turn] | (g.hand[g.turn] & ~legal);
            if (other) assert_false(gw_solve_verdict(s, &g, gw_first(other), &value, &best));
            gw_card chosen = GW_NO_CARD;
            int top = -1, the_best = -1;
            for (gw_cards l = legal; l; l &= l - 1) {
                assert_true(gw_solve_verdict(s, &g, gw_first(l), &value, &best));
                assert_true(value >= 0 && value <= best);
                assert_true(the_best < 0 || the_best == best); /* one best for the position */
                the_best = best;
                if (value > top) {
                    top = value;
                    chosen = gw_first(l);
                }
            }
            assert_int_equal(top, the_best);
            if (promised < 0) promised = the_best;
            assert_int_equal(gw_game_play(&g, chosen, NULL), GW_OK);
        }
        assert_int_equal(gw_game_endgame_tricks(&g, first), promised);
    }
    gw_solver_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verdicts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
