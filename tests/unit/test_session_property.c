/* test_session_property.c: over 10,000 random German Whist hands (random variants, scorings and seats:
 * computer random or easy, or outside players acting at random, now and then taking back a card against the
 * computer), after every action no event copy and no view given to player 0, player 1 or a spectator holds
 * a card hidden from that viewer. What each viewer may know is worked out here from the true deal,
 * independently of the session. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/session.h"
#include "gw_test.h"

#define HANDS 10000

/* What the viewers may know of the hand in play, kept from the truth. */
typedef struct knowledge {
    gw_cards held[2]; /* every card each player has held this hand */
    gw_cards shown;   /* every up-card turned this hand */
} knowledge;

static void learn(knowledge *k, const gw_game *g) {
    for (int p = 0; p < 2; p++)
        k->held[p] |= g->hand[p];
    gw_card up = gw_game_upcard(g);
    k->shown |= g->upcards[0] | g->upcards[1] | (up != GW_NO_CARD ? gw_bit(up) : 0);
}

/* The cards viewer may know the place of (or have known: a card seen once stays seen). */
static gw_cards known(const knowledge *k, const gw_game *g, int viewer) {
    gw_cards public_cards = k->shown | g->played;
    if (viewer == GW_SPECTATOR) return public_cards;
    /* Once the stock is empty a player knows the opponent's hand: the cards nowhere else. */
    if (gw_game_phase(g) != GW_FOREPLAY) return gw_deck_cards((gw_variant)g->variant);
    return public_cards | k->held[viewer];
}

static void check_card(gw_card c, gw_cards allowed, const char *what, int viewer) {
    if (c == GW_NO_CARD) return;
    if (!gw_has(allowed, c)) fail_msg("%s shows a hidden card to viewer %d", what, viewer);
}

static void check_cards(gw_cards set, gw_cards allowed, const char *what, int viewer) {
    if (set & ~allowed) fail_msg("%s shows hidden cards to viewer %d", what, viewer);
}

/* The events new since *from, and the view, for every viewer. */
static void check_all(const gw_session *s, const knowledge *k, uint32_t *from) {
    const gw_game *g = gw_session_game(s);
    uint32_t last = gw_session_last_event(s);
    static const int VIEWERS[3] = {0, 1, GW_SPECTATOR};
    gw_event ev[64];
    for (int vi = 0; vi < 3; vi++) {
        int v = VIEWERS[vi];
        gw_cards allowed = known(k, g, v);
        int n = gw_session_events(s, *from, v, ev, 64);
        assert_int_equal(n, (int)(last + 1 - *from));
        for (int i = 0; i < n; i++) {
            check_card(ev[i].card, allowed, "an event", v);
            check_cards(ev[i].cards, allowed, "an event", v);
            if (ev[i].hidden) assert_true(ev[i].card == GW_NO_CARD && ev[i].cards == 0);
        }
        gw_view view;
        gw_error err;
        assert_int_equal(gw_session_view(s, v, &view, &err), GW_OK);
        const gw_observation *o = &view.german;
        check_cards(o->own, allowed, "the view's hand", v);
        check_cards(o->opp_known, allowed, "the view's known cards", v);
        check_cards(o->played | o->upcards[0] | o->upcards[1], allowed, "the view's public cards", v);
        check_card(o->upcard, allowed, "the view's up-card", v);
        check_card(o->led, allowed, "the view's led card", v);
        for (int i = 0; i < o->ndraws; i++)
            check_card(o->draws[i], allowed, "the view's draws", v);
        for (int i = 0; i < o->nups; i++)
            check_card(o->ups[i], allowed, "the view's up-cards", v);
        for (int i = 0; i < o->nmoves; i++)
            check_card(o->moves[i], allowed, "the view's moves", v);
        check_cards(view.spectator_known[0] | view.spectator_known[1], allowed, "the view's taken up-cards",
                    v);
        /* Every card hidden from the viewer is among those whose place it does not know. */
        gw_cards hidden = gw_deck_cards((gw_variant)g->variant) & ~allowed;
        if (hidden & ~o->unseen) fail_msg("the view of viewer %d places a hidden card", v);
        if (v == GW_SPECTATOR) assert_true(o->own == 0 && o->opp_known == 0 && o->ndraws == 0);
    }
    *from = last + 1;
}

static void no_hidden_card_ever_shows(void **state) {
    (void)state;
    gw_rng rng;
    gw_rng_seed(&rng, 20261124);
    int hands = 0, sessions = 0, undos = 0;
    while (hands < HANDS) {
        gw_session_config c;
        gw_session_config_default(&c, GW_GAME_GERMAN);
        c.seed = gw_rng_next(&rng);
        c.rules.variant = gw_rng_below(&rng, 2) ? GW_SMALL : GW_CLASSIC;
        c.rules.scoring = (gw_scoring)gw_rng_below(&rng, GW_SCORINGS);
        c.rules.target = 1 + (int)gw_rng_below(&rng, 4);
        c.limits = (gw_expert_limits){0, 10};
        c.undo = gw_rng_below(&rng, 2) == 0;
        for (int p = 0; p < 2; p++) {
            uint32_t kind = gw_rng_below(&rng, 3); /* outside, random, easy */
            c.seats[p].kind = kind == 0 ? GW_SEAT_OUTSIDE : GW_SEAT_COMPUTER;
            c.seats[p].level = kind == 2 ? GW_AI_EASY : GW_AI_RANDOM;
        }
        gw_card deck[GW_MAX_DECK];
        if (gw_rng_below(&rng, 4) == 0) { /* now and then one deal */
            gw_deck_from_seed(c.rules.variant, c.seed, deck);
            c.deck = deck;
            c.dealer = (int)gw_rng_below(&rng, 2);
            c.seat_seed[0] = gw_rng_next(&rng);
            c.seat_seed[1] = gw_rng_next(&rng);
        }
        gw_session *s;
        gw_error err;
        assert_int_equal(gw_session_new(&c, &s, &err), GW_OK);
        sessions++;
        knowledge k = {0};
        uint32_t from = 1;
        learn(&k, gw_session_game(s));
        check_all(s, &k, &from);
        for (;;) {
            gw_session_state st = gw_session_state_of(s);
            if (st == GW_SESSION_OVER) break;
            if (st == GW_SESSION_HAND_OVER) {
                hands++;
                assert_int_equal(gw_session_next_hand(s, &err), GW_OK);
                memset(&k, 0, sizeof k);
            } else {
                gw_turn t = gw_session_turn(s);
                gw_view mine;
                if (t.computer) {
                    assert_int_equal(gw_session_play_computer(s, &err), GW_OK);
                } else if (c.undo && gw_rng_below(&rng, 16) == 0 &&
                           gw_session_view(s, t.player, &mine, &err) == GW_OK && mine.can_undo) {
                    assert_int_equal(gw_session_undo(s, t.player, &err),
                                     GW_OK); /* now and then a take-back */
                    undos++;
                } else {
                    gw_action a = {GW_ACTION_CARD, tpick(&rng, gw_game_legal(gw_session_game(s))),
                                   GW_CMD_NONE};
                    assert_int_equal(gw_session_act(s, t.player, &a, NULL, &err), GW_OK);
                }
            }
            learn(&k, gw_session_game(s));
            check_all(s, &k, &from);
        }
        hands++;
        gw_session_free(s);
    }
    print_message("%d hands in %d sessions, %d take-backs\n", hands, sessions, undos);
    assert_true(undos > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_hidden_card_ever_shows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
