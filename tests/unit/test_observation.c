/* test_observation.c: what a seat may know: own hand, played cards, up-cards, and nothing hidden. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/observation.h"
#include "gw_test.h"

static void example_at_the_deal(void **state) {
    (void)state;
    gw_game g;
    tdeal(&g, GW_SMALL, T_EXAMPLE_DECK, 1);
    gw_observation o;
    gw_observe(&g, 0, &o);
    assert_int_equal(o.seat, 0);
    assert_int_equal(o.variant, GW_SMALL);
    assert_int_equal(o.trump, GW_DIAMONDS);
    assert_int_equal(o.dealer, 1);
    assert_int_equal(o.phase, GW_FOREPLAY);
    assert_int_equal(o.turn, 0);
    assert_int_equal(o.leader, 0);
    assert_int_equal(o.led, GW_NO_CARD);
    assert_int_equal(o.upcard, tc("AD"));
    assert_int_equal(o.stock_left, 14);
    assert_int_equal(o.trick_number, 1);
    assert_true(o.own == tset("AS QS TS 8S KH JH 9H"));
    assert_true(o.played == 0);
    assert_true(o.upcards[0] == 0 && o.upcards[1] == 0);
    assert_true(o.opp_known == 0);
    /* Unseen: everything but the own hand and the up-card: the opponent's 7 and 13 of the stock. */
    assert_true(o.unseen == (gw_deck_cards(GW_SMALL) & ~o.own & ~gw_bit(tc("AD"))));
    assert_int_equal(gw_count(o.unseen), 20);
    assert_int_equal(o.opp_hand_size, 7);
    assert_int_equal(o.nmoves, 0);
    assert_true(gw_observation_legal(&o) == o.own);

    gw_observe(&g, 1, &o);
    assert_int_equal(o.seat, 1);
    assert_true(o.own == tset("KS JS 9S AH QH TH 8H"));
    assert_true(o.opp_known == 0);
    assert_int_equal(gw_count(o.unseen), 20);
    assert_true(gw_observation_legal(&o) == 0); /* not its turn */
}

static void example_after_the_first_trick(void **state) {
    (void)state;
    gw_game g;
    tdeal(&g, GW_SMALL, T_EXAMPLE_DECK, 1);
    tplay(&g, "AS", NULL);
    gw_observation o;
    /* Mid-trick: the follower sees the led card and must follow. */
    gw_observe(&g, 1, &o);
    assert_int_equal(o.led, tc("AS"));
    assert_int_equal(o.turn, 1);
    assert_int_equal(o.leader, 0);
    assert_true(o.played == gw_bit(tc("AS")));
    assert_int_equal(o.nmoves, 1);
    assert_int_equal(o.moves[0], tc("AS"));
    assert_true(gw_observation_legal(&o) == tset("KS JS 9S"));
    assert_int_equal(o.opp_hand_size, 6);
    tplay(&g, "KS", NULL);
    /* Player 1 won, took the up-card AD; player 2 took KD face down. */
    gw_observe(&g, 1, &o);
    assert_true(o.upcards[0] == gw_bit(tc("AD")));
    assert_true(o.upcards[1] == 0);
    assert_true(o.opp_known == gw_bit(tc("AD"))); /* player 2 saw AD go to player 1 */
    assert_true(gw_has(o.own, tc("KD")));
    assert_int_equal(o.upcard, tc("QD"));
    assert_int_equal(o.stock_left, 12);
    assert_int_equal(o.won[0][0], 1);
    assert_int_equal(o.won[0][1], 0);
    assert_int_equal(o.nmoves, 2);
    assert_int_equal(o.moves[1], tc("KS"));
    assert_int_equal(o.trick_number, 2);
    gw_observe(&g, 0, &o);
    assert_true(o.opp_known == 0); /* KD was drawn face down */
    assert_false(gw_has(o.opp_known, tc("KD")));
    assert_true(gw_has(o.unseen, tc("KD")));  /* to player 1 it could be anywhere unseen */
    assert_false(gw_has(o.unseen, tc("QD"))); /* the up-card is seen */
    assert_false(gw_has(o.unseen, tc("AS")) || gw_has(o.unseen, tc("KS")));
    assert_true(gw_has(o.own, tc("AD")));
    /* Once player 1 plays AD, player 2 no longer counts it in player 1's hand. */
    tplay(&g, "AD", NULL);
    gw_observe(&g, 1, &o);
    assert_true(o.opp_known == 0);
    assert_true(o.upcards[0] == gw_bit(tc("AD"))); /* still recorded as taken */
}

/* Field by field: two observations are the same view. */
static void assert_same_view(const gw_observation *a, const gw_observation *b) {
    assert_int_equal(a->seat, b->seat);
    assert_int_equal(a->variant, b->variant);
    assert_int_equal(a->trump, b->trump);
    assert_int_equal(a->dealer, b->dealer);
    assert_int_equal(a->phase, b->phase);
    assert_int_equal(a->turn, b->turn);
    assert_int_equal(a->leader, b->leader);
    assert_int_equal(a->led, b->led);
    assert_int_equal(a->upcard, b->upcard);
    assert_int_equal(a->stock_left, b->stock_left);
    assert_int_equal(a->trick_number, b->trick_number);
    assert_true(a->own == b->own);
    assert_true(a->played == b->played);
    assert_true(a->upcards[0] == b->upcards[0] && a->upcards[1] == b->upcards[1]);
    assert_true(a->opp_known == b->opp_known);
    assert_true(a->unseen == b->unseen);
    assert_int_equal(a->opp_hand_size, b->opp_hand_size);
    assert_memory_equal(a->won, b->won, sizeof a->won);
    assert_int_equal(a->nmoves, b->nmoves);
    assert_memory_equal(a->moves, b->moves, (size_t)a->nmoves);
    assert_int_equal(a->nups, b->nups);
    assert_memory_equal(a->ups, b->ups, (size_t)a->nups);
    assert_int_equal(a->ndraws, b->ndraws);
    assert_memory_equal(a->draws, b->draws, (size_t)a->ndraws);
}

/* The up-card of every foreplay trick so far and the seat's own draws, in
 * order, as the trick events told them. */
static void ups_and_draws_follow_the_events(void **state) {
    (void)state;
    gw_rng rng;
    gw_rng_seed(&rng, 21);
    for (uint64_t seed = 0; seed < 50; seed++) {
        gw_variant v = seed & 1 ? GW_SMALL : GW_CLASSIC;
        gw_card d[GW_MAX_DECK];
        gw_deck_from_seed(v, seed, d);
        gw_game g;
        gw_error err;
        assert_int_equal(gw_game_deal(&g, v, d, (int)(seed >> 1 & 1), &err), GW_OK);
        gw_card ups[GW_MAX_DECK / 2], draws[2][GW_MAX_DECK / 2];
        int nups = 1, ndraws = 0;
        ups[0] = gw_game_upcard(&g);
        while (gw_game_phase(&g) != GW_OVER) {
            for (int seat = 0; seat < 2; seat++) {
                gw_observation o;
                gw_observe(&g, seat, &o);
                assert_int_equal(o.nups, nups);
                assert_memory_equal(o.ups, ups, (size_t)o.nups);
                assert_int_equal(o.ndraws, ndraws);
                assert_memory_equal(o.draws, draws[seat], (size_t)ndraws);
            }
            gw_trick_event ev;
            assert_int_equal(gw_game_play(&g, tpick(&rng, gw_game_legal(&g)), &ev), GW_OK);
            if (ev.completed && ev.drawn[0] != GW_NO_CARD) {
                draws[0][ndraws] = ev.drawn[0];
                draws[1][ndraws] = ev.drawn[1];
                ndraws++;
                if (ev.next_upcard != GW_NO_CARD) ups[nups++] = ev.next_upcard;
            }
        }
        assert_int_equal(nups, (gw_deck_size(v) - 2 * gw_hand_size(v)) / 2);
    }
}

static void hidden_cards_do_not_change_the_view(void **state) {
    (void)state;
    /* Swap one of player 2's cards with a hidden stock card: player 1's view
     * at the deal must not change. */
    gw_card d[GW_MAX_DECK];
    tlist(T_EXAMPLE_DECK, d);
    gw_game a, b;
    gw_error err;
    assert_int_equal(gw_game_deal(&a, GW_SMALL, d, 1, &err), GW_OK);
    gw_card tmp = d[1]; /* KS, player 2's */
    d[1] = d[20];       /* 8D, deep in the stock */
    d[20] = tmp;
    assert_int_equal(gw_game_deal(&b, GW_SMALL, d, 1, &err), GW_OK);
    gw_observation oa, ob;
    gw_observe(&a, 0, &oa);
    gw_observe(&b, 0, &ob);
    assert_same_view(&oa, &ob);
    /* Player 2's view does change: their own hand differs. */
    gw_observe(&a, 1, &oa);
    gw_observe(&b, 1, &ob);
    assert_false(oa.own == ob.own);
}

/* Plays random hands and checks each seat's view at every position. */
static void check_views(gw_variant v, uint64_t seed) {
    gw_card d[GW_MAX_DECK];
    gw_deck_from_seed(v, seed, d);
    gw_game g;
    gw_error err;
    assert_int_equal(gw_game_deal(&g, v, d, (int)(seed & 1), &err), GW_OK);
    gw_rng rng;
    gw_rng_seed(&rng, seed);
    gw_cards deck = gw_deck_cards(v);
    gw_cards hidden_drawn[2] = {0, 0}; /* cards each player drew face down */
    while (gw_game_phase(&g) != GW_OVER) {
        for (int seat = 0; seat < 2; seat++) {
            int opp = 1 - seat;
            gw_observation o;
            gw_observe(&g, seat, &o);
            assert_true(o.own == g.hand[seat]);
            assert_true(o.played == g.played);
            assert_true(o.upcards[0] == g.upcards[0] && o.upcards[1] == g.upcards[1]);
            assert_int_equal(o.stock_left, gw_game_stock_left(&g));
            assert_int_equal(o.upcard, gw_game_upcard(&g));
            assert_int_equal(o.opp_hand_size, gw_count(g.hand[opp]));
            assert_int_equal(o.nmoves, g.nmoves);
            assert_memory_equal(o.moves, g.moves, g.nmoves);
            /* Nothing known that is not true. */
            assert_true((o.opp_known & ~g.hand[opp]) == 0);
            /* Every opponent card is either known or unseen; unseen never holds
             * own, played or face-up cards. */
            assert_true((g.hand[opp] & ~(o.opp_known | o.unseen)) == 0);
            assert_true((o.unseen & (o.own | o.played | o.opp_known)) == 0);
            if (o.upcard != GW_NO_CARD) assert_false(gw_has(o.unseen | o.opp_known, o.upcard));
            assert_true((o.unseen | o.opp_known | o.own | o.played |
                         (o.upcard != GW_NO_CARD ? gw_bit(o.upcard) : 0)) == deck);
            if (o.stock_left > 0) {
                /* Foreplay: known are exactly the up-cards the opponent took and kept. */
                assert_true(o.opp_known == (g.upcards[opp] & ~g.played));
                assert_true((o.opp_known & hidden_drawn[opp]) == 0);
                /* The stock's hidden cards and the opponent's face-down draws are unseen. */
                gw_cards stock = 0;
                for (int i = g.stock_pos + 1; i < gw_deck_size(v); i++)
                    stock |= gw_bit(d[i]);
                assert_true(o.unseen == (stock | (g.hand[opp] & ~o.opp_known)));
            } else {
                /* After the foreplay the opponent's whole hand is known. */
                assert_true(o.opp_known == g.hand[opp]);
                assert_true(o.unseen == 0);
                assert_int_equal(o.upcard, GW_NO_CARD);
            }
            assert_true(gw_observation_legal(&o) == (g.turn == seat ? gw_game_legal(&g) : 0));
        }
        gw_trick_event ev;
        int stock_before = g.stock_pos;
        assert_int_equal(gw_game_play(&g, tpick(&rng, gw_game_legal(&g)), &ev), GW_OK);
        if (ev.completed && ev.drawn[0] != GW_NO_CARD) {
            int loser = 1 - ev.winner;
            assert_int_equal(ev.drawn[loser], d[stock_before + 1]);
            hidden_drawn[loser] |= gw_bit(ev.drawn[loser]);
        }
    }
    for (int seat = 0; seat < 2; seat++) {
        gw_observation o;
        gw_observe(&g, seat, &o);
        assert_int_equal(o.phase, GW_OVER);
        assert_true(gw_observation_legal(&o) == 0);
        assert_true(o.own == 0 && o.opp_known == 0 && o.unseen == 0);
    }
}

static void views_never_reveal_hidden_cards(void **state) {
    (void)state;
    for (uint64_t seed = 0; seed < 300; seed++) {
        check_views(GW_CLASSIC, seed);
        check_views(GW_SMALL, seed);
    }
}

static void last_hidden_draw_is_known_once_the_stock_is_empty(void **state) {
    (void)state;
    /* The scripted-style small deal: play the 7 foreplay tricks, then each
     * seat knows the other's whole hand, including the last face-down draw. */
    gw_game g;
    tdeal(&g, GW_SMALL, T_EXAMPLE_DECK, 1);
    gw_rng rng;
    gw_rng_seed(&rng, 12);
    gw_trick_event ev = {0};
    while (gw_game_stock_left(&g) > 0)
        assert_int_equal(gw_game_play(&g, tpick(&rng, gw_game_legal(&g)), &ev), GW_OK);
    assert_int_equal(ev.number, 7);
    int loser = 1 - ev.winner;
    assert_int_equal(ev.drawn[loser], tc("8C")); /* the last card of the deck */
    gw_observation o;
    gw_observe(&g, ev.winner, &o);
    assert_int_equal(o.phase, GW_ENDGAME);
    assert_true(gw_has(o.opp_known, tc("8C")));
    assert_true(o.opp_known == g.hand[loser]);
    assert_int_equal(gw_count(o.opp_known), 7);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(example_at_the_deal),
        cmocka_unit_test(example_after_the_first_trick),
        cmocka_unit_test(hidden_cards_do_not_change_the_view),
        cmocka_unit_test(views_never_reveal_hidden_cards),
        cmocka_unit_test(last_hidden_draw_is_known_once_the_stock_is_empty),
        cmocka_unit_test(ups_and_draws_follow_the_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
