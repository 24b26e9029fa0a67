/* session_android_test.h: helpers shared by the Android Whist session tests: sessions made from a few
 * settings, random outside actions (legal cards, open commands that may fail), the rules' refusals computed
 * apart from the session, and what a viewer may know of a hand. */
#ifndef SESSION_ANDROID_TEST_H
#define SESSION_ANDROID_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/rng.h"
#include "gw/session.h"

/* A seat's settings: outside, or a computer at a level. */
#define SA_OUTSIDE (-1)

/* The default configuration of Android Whist, without a clock (the German expert's time bound off). */
static inline void sa_config(gw_session_config *c) {
    gw_session_config_default(c, GW_GAME_ANDROID);
    c->limits.think_ms = 0;
}

/* A rubber with seed; p0, p1: SA_OUTSIDE or a gw_android_level. */
static inline gw_session *sa_new(uint64_t seed, int p0, int p1, bool undo) {
    gw_session_config c;
    sa_config(&c);
    c.seed = seed;
    int lv[2] = {p0, p1};
    for (int p = 0; p < 2; p++) {
        c.seats[p].kind = lv[p] == SA_OUTSIDE ? GW_SEAT_OUTSIDE : GW_SEAT_COMPUTER;
        c.seats[p].level = lv[p] == SA_OUTSIDE ? 0 : lv[p];
    }
    c.android_samples = 8; /* hard, when asked for, stays quick */
    c.undo = undo;
    gw_session *s = NULL;
    gw_error err;
    gw_status st = gw_session_new(&c, &s, &err);
    if (st != GW_OK) print_error("gw_session_new: %s\n", err.msg);
    assert_int_equal(st, GW_OK);
    return s;
}

/* The command ids that failed already in the android play now. */
static inline unsigned sa_failed(const gw_android_game *g) {
    unsigned f = 0;
    for (int i = g->nevents - g->errors; i < g->nevents; i++)
        if (g->events[i].command < GW_CMD_COUNT) f |= 1u << g->events[i].command;
    return f;
}

/* A random action for whoever is to act in g: a legal card for a human seat; for an android a command the
 * rules do not refuse and that has not failed yet (it may fail now). */
static inline gw_action sa_random_action(const gw_android_game *g, gw_rng *r) {
    gw_action a = {GW_ACTION_CARD, GW_NO_CARD, GW_CMD_NONE};
    if (!gw_seat_is_android(g->turn)) {
        gw_cards legal = gw_android_legal(g);
        a.card = gw_nth(legal, (int)gw_rng_below(r, (uint32_t)gw_count(legal)));
        return a;
    }
    const unsigned follow = (1u << GW_CMD_DUCK) | (1u << GW_CMD_BEAT) | (1u << GW_CMD_HIGH);
    unsigned open = g->ntrick == 0  ? ((1u << GW_CMD_COUNT) - 1) & ~follow
                    : g->errors > 0 ? (1u << GW_CMD_COUNT) - 1
                                    : follow;
    open &= ~sa_failed(g);
    int n = __builtin_popcount(open), k = (int)gw_rng_below(r, (uint32_t)n);
    a.kind = GW_ACTION_COMMAND;
    for (int c = 0; c < GW_CMD_COUNT; c++)
        if ((open & (1u << c)) && k-- == 0) a.command = (gw_android_command)c;
    return a;
}

/* What the rules say of player's action a in s, worked out from the hand itself (not by the session). */
static inline gw_refusal sa_expected(const gw_session *s, const gw_android_game *g, int player,
                                     const gw_action *a) {
    if (gw_session_state_of(s) != GW_SESSION_PLAYING) return GW_REFUSE_HAND_OVER;
    if (gw_session_config_of(s)->seats[player].kind == GW_SEAT_COMPUTER) return GW_REFUSE_COMPUTER;
    if (gw_android_actor(g) != player) return GW_REFUSE_NOT_YOUR_TURN;
    bool android = gw_seat_is_android(g->turn);
    if (a->kind == GW_ACTION_CARD) {
        if (android) return GW_REFUSE_WRONG_KIND;
        if (!gw_card_valid(a->card)) return GW_REFUSE_NOT_A_CARD;
        if (!gw_has(g->hand[g->turn], a->card)) return GW_REFUSE_NOT_HELD;
        if (g->ntrick > 0) {
            gw_cards led = gw_suit_cards(gw_card_suit(g->trick[0]));
            if ((g->hand[g->turn] & led) && !gw_has(led, a->card)) return GW_REFUSE_MUST_FOLLOW;
        }
        return GW_REFUSE_NONE;
    }
    if (!android) return GW_REFUSE_WRONG_KIND;
    if ((unsigned)a->command >= GW_CMD_COUNT) return GW_REFUSE_NOT_A_COMMAND;
    if (sa_failed(g) & (1u << a->command)) return GW_REFUSE_FAILED_ALREADY;
    bool follows = a->command <= GW_CMD_HIGH;
    if (g->ntrick == 0 && follows) return GW_REFUSE_NOT_LEADING;
    if (g->ntrick > 0 && g->errors == 0 && !follows) return GW_REFUSE_NOT_NOW;
    return GW_REFUSE_NONE;
}

/* The cards viewer (0, 1 or GW_SPECTATOR) may know in hand g, from the truth: their own seat's cards and the
 * opposing android's as dealt, the turned card, and every card played (played_ever: those played at some
 * time, also if taken back since). */
static inline gw_cards sa_known(const gw_android_game *g, int viewer, gw_cards played_ever) {
    gw_cards known = played_ever | g->played | gw_bit(gw_android_trump_card(g));
    if (viewer == GW_SPECTATOR) return known;
    int seat = gw_player_seat(g->dealer, viewer), android = seat == GW_SEAT_D ? GW_SEAT_L : GW_SEAT_X;
    for (int i = 0; i < GW_ANDROID_DECK; i++) {
        int to = gw_seat_next(i % GW_SEATS);
        if (to == seat || to == android) known |= gw_bit(g->deck[i]);
    }
    return known;
}

#endif
