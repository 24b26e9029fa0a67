/* game.c: one hand of Android Whist as a state machine: the deal, humans' cards, androids' commands, tricks.
 */
#include <assert.h>
#include <string.h>

#include "gw/android.h"
#include "gw/deck.h"

#ifndef NDEBUG
/* The invariants of a hand that no sequence of plays and commands may break (asserted after every
 * change): every card in exactly one place (a seat's hand or played), each seat holding 13 cards less one
 * per trick it has played to, the trick on the table and the turn that follows from it, the trick count. */
static bool hand_is_sound(const gw_android_game *g) {
    gw_cards held = 0;
    for (int s = 0; s < GW_SEATS; s++) {
        if (g->hand[s] & (held | g->played)) return false;
        held |= g->hand[s];
    }
    if ((held | g->played) != gw_deck_cards(GW_CLASSIC)) return false;
    if (g->ntrick >= GW_SEATS || g->tricks_done > GW_ANDROID_TRICKS ||
        g->won[0] + g->won[1] != g->tricks_done)
        return false;
    if (gw_count(g->played) != GW_SEATS * g->tricks_done + g->ntrick) return false;
    if (g->turn != (g->leader + g->ntrick) % GW_SEATS) return false;
    for (int s = 0; s < GW_SEATS; s++) {
        bool played_now = (s - g->leader + GW_SEATS) % GW_SEATS < g->ntrick;
        if (gw_count(g->hand[s]) != GW_ANDROID_TRICKS - g->tricks_done - played_now) return false;
    }
    for (int i = 0; i < GW_SEATS; i++)
        if (i < g->ntrick ? !gw_has(g->played, g->trick[i]) : g->trick[i] != GW_NO_CARD) return false;
    return g->nevents <= GW_ANDROID_MAX_EVENTS;
}
#endif

gw_status gw_android_deal(gw_android_game *g, const gw_card *deck, int dealer, gw_error *err) {
    if (dealer != 0 && dealer != 1)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the dealer must be human 0 or 1, not %d", dealer);
    gw_status st = gw_deck_check(GW_CLASSIC, deck, GW_ANDROID_DECK, err);
    if (st != GW_OK) return st;
    memset(g, 0, sizeof *g);
    for (int i = 0; i < GW_ANDROID_DECK; i++) {
        g->deck[i] = deck[i];
        g->hand[gw_seat_next(i % GW_SEATS)] |= gw_bit(deck[i]); /* card 1 to L, 2 to X, 3 to N, 4 to D */
    }
    g->dealer = (uint8_t)dealer;
    g->trump = (uint8_t)gw_card_suit(deck[GW_ANDROID_DECK - 1]);
    g->leader = g->turn = GW_SEAT_L;
    for (int i = 0; i < GW_SEATS; i++)
        g->trick[i] = GW_NO_CARD;
    assert(hand_is_sound(g));
    return GW_OK;
}

gw_cards gw_android_legal(const gw_android_game *g) {
    if (gw_android_over(g)) return 0;
    gw_cards held = g->hand[g->turn];
    if (g->ntrick == 0) return held;
    gw_cards follow = held & gw_suit_cards(gw_card_suit(g->trick[0]));
    return follow ? follow : held;
}

int gw_android_holder(const gw_android_game *g, gw_card c) {
    if (!gw_card_valid(c)) return -1;
    for (int s = 0; s < GW_SEATS; s++)
        if (gw_has(g->hand[s], c)) return s;
    return -1;
}

gw_play_check gw_android_check(const gw_android_game *g, gw_card c) {
    if (gw_android_over(g)) return GW_PLAY_HAND_OVER;
    if (!gw_card_valid(c)) return GW_PLAY_NOT_A_CARD;
    if (gw_has(g->played, c)) return GW_PLAY_PLAYED;
    if (!gw_has(g->hand[g->turn], c)) return GW_PLAY_OTHER_HAND;
    if (!gw_has(gw_android_legal(g), c)) return GW_PLAY_MUST_FOLLOW;
    return GW_PLAY_OK;
}

gw_android_situation gw_android_situation_now(const gw_android_game *g) {
    gw_android_situation s = {.hand = g->hand[g->turn],
                              .trump = g->trump,
                              .nplayed = g->ntrick < 3 ? g->ntrick : 3,
                              .after_error = g->errors > 0};
    for (int i = 0; i < 3; i++)
        s.trick[i] = i < s.nplayed ? g->trick[i] : GW_NO_CARD;
    return s;
}

static void log_event(gw_android_game *g, int seat, int command, gw_card c, gw_android_answer a) {
    assert(g->nevents < GW_ANDROID_MAX_EVENTS);
    g->events[g->nevents++] = (gw_android_event){(uint8_t)seat, (uint8_t)command, c, (uint8_t)a};
}

/* Puts card c (legal) from the seat to play into the trick, and ends the
 * trick after its fourth card. */
static void place(gw_android_game *g, gw_card c, int command, gw_android_trick *done) {
    int seat = g->turn;
    assert(gw_has(gw_android_legal(g), c));
    log_event(g, seat, command, c, GW_ANSWER_CARD);
    g->hand[seat] &= ~gw_bit(c);
    g->played |= gw_bit(c);
    g->trick[g->ntrick++] = c;
    g->errors = 0;
    g->turn = (uint8_t)gw_seat_next(seat);
    gw_android_trick t = {.completed = false};
    if (g->ntrick == GW_SEATS) {
        gw_card best = gw_android_winning_card(g->trump, g->trick, GW_SEATS);
        int k = 0;
        while (g->trick[k] != best)
            k++;
        int winner = (g->leader + k) % GW_SEATS;
        t = (gw_android_trick){
            .completed = true, .number = g->tricks_done + 1, .leader = g->leader, .winner = winner};
        memcpy(t.cards, g->trick, sizeof t.cards);
        g->won[gw_seat_side(winner)]++;
        g->tricks_done++;
        g->leader = g->turn = (uint8_t)winner;
        g->ntrick = 0;
        for (int i = 0; i < GW_SEATS; i++)
            g->trick[i] = GW_NO_CARD;
    }
    assert(hand_is_sound(g));
    if (done) *done = t;
}

gw_status gw_android_play(gw_android_game *g, gw_card c, gw_android_trick *done, gw_error *err) {
    assert(hand_is_sound(g));
    if (gw_android_over(g)) return gw_error_set(err, GW_ESTATE, 0, 0, "the hand is over");
    if (gw_seat_is_android(g->turn))
        return gw_error_set(err, GW_ESTATE, 0, 0, "%c is an android: it plays by command",
                            gw_seat_char(g->turn));
    char who = gw_seat_char(g->turn);
    switch (gw_android_check(g, c)) {
    case GW_PLAY_OK: place(g, c, GW_CMD_NONE, done); return GW_OK;
    case GW_PLAY_NOT_A_CARD: return gw_error_set(err, GW_EILLEGAL, 0, 0, "that is not a card");
    case GW_PLAY_PLAYED:
        return gw_error_set(err, GW_EILLEGAL, 0, 0,
                            "%c played %C but does not hold it (it was played already)", who, c);
    case GW_PLAY_OTHER_HAND:
        return gw_error_set(err, GW_EILLEGAL, 0, 0, "%c played %C but does not hold it (%c does)", who, c,
                            gw_seat_char(gw_android_holder(g, c)));
    case GW_PLAY_MUST_FOLLOW:
        return gw_error_set(err, GW_EILLEGAL, 0, 0, "%c played %C but holds %s and must follow suit", who, c,
                            gw_suit_name(gw_card_suit(g->trick[0])));
    case GW_PLAY_IN_STOCK:
    case GW_PLAY_HAND_OVER: break;
    }
    return gw_error_set(err, GW_EILLEGAL, 0, 0, "%C cannot be played", c);
}

gw_status gw_android_command_play(gw_android_game *g, gw_android_command c, gw_android_outcome *out,
                                  gw_android_trick *done, gw_error *err) {
    assert(hand_is_sound(g));
    *out = (gw_android_outcome){GW_ANSWER_NOT_NOW, GW_NO_CARD};
    if (done) done->completed = false;
    if (gw_android_over(g)) return gw_error_set(err, GW_ESTATE, 0, 0, "the hand is over");
    if (!gw_seat_is_android(g->turn))
        return gw_error_set(err, GW_ESTATE, 0, 0, "%c is a human: it plays a card, not a command",
                            gw_seat_char(g->turn));
    if ((unsigned)c >= GW_CMD_COUNT) return gw_error_set(err, GW_EINVAL, 0, 0, "not a command");
    gw_android_situation s = gw_android_situation_now(g);
    *out = gw_android_evaluate(&s, c);
    if (out->answer == GW_ANSWER_CARD) {
        place(g, out->card, (int)c, done);
        return GW_OK;
    }
    if (!gw_android_answer_is_error(out->answer)) {
        char why[128];
        gw_android_answer_text(&s, c, out->answer, why, (int)sizeof why);
        return gw_error_set(err, GW_EILLEGAL, 0, 0, "%c cannot be told '%s' now: %s", gw_seat_char(g->turn),
                            gw_android_command_name(c), why);
    }
    if (g->errors >= GW_ANDROID_MAX_ERRORS)
        return gw_error_set(err, GW_ESTATE, 0, 0,
                            "%c has failed %d commands for this card; give one that works",
                            gw_seat_char(g->turn), GW_ANDROID_MAX_ERRORS);
    log_event(g, g->turn, (int)c, GW_NO_CARD, out->answer);
    g->errors++;
    assert(g->errors <= GW_ANDROID_MAX_ERRORS && hand_is_sound(g));
    return GW_OK;
}
