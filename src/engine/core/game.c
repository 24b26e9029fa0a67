/* game.c: the rules of one hand: deal, following suit, trick winner, stock draws, phases. */
#include "gw/game.h"

#include <assert.h>
#include <string.h>

#ifndef NDEBUG
/* The invariants of a hand that no sequence of plays may break (asserted after every change): every
 * card of the deck in exactly one place (a hand, the played cards, the stock), the hands' sizes for the
 * phase and the trick on the table, the stock drawn two cards per foreplay trick, the trick count. */
static bool hand_is_sound(const gw_game *g) {
    gw_variant v = (gw_variant)g->variant;
    int n = gw_deck_size(v), h = gw_hand_size(v);
    gw_cards stock = 0;
    for (int i = g->stock_pos; i < n; i++)
        stock |= gw_bit(g->deck[i]);
    gw_cards held = g->hand[0] | g->hand[1];
    if ((g->hand[0] & g->hand[1]) || (held & g->played) || ((held | g->played) & stock)) return false;
    if ((held | g->played | stock) != gw_deck_cards(v)) return false;
    bool on_table = g->led != GW_NO_CARD;
    int foreplay_tricks = g->won[0][0] + g->won[0][1], endgame_tricks = g->won[1][0] + g->won[1][1];
    if (foreplay_tricks + endgame_tricks != g->tricks_done || g->tricks_done > n / 2) return false;
    if (g->stock_pos != 2 * h + 2 * foreplay_tricks || (endgame_tricks > 0 && g->stock_pos != n))
        return false;
    if (gw_count(g->played) != g->nmoves || g->nmoves != 2 * g->tricks_done + on_table) return false;
    if (g->turn != (on_table ? 1 - g->leader : g->leader)) return false;
    for (int p = 0; p < 2; p++) {
        if (gw_count(g->hand[p]) + (on_table && p == g->leader) != h - endgame_tricks) return false;
        if (g->upcards[p] & ~(g->hand[p] | g->played)) return false;
    }
    return true;
}
#endif

gw_status gw_game_deal(gw_game *g, gw_variant v, const gw_card *deck, int dealer, gw_error *err) {
    int n = gw_deck_size(v), h = gw_hand_size(v);
    if (dealer != 0 && dealer != 1) return gw_error_set(err, GW_EINVAL, 0, 0, "dealer must be 0 or 1");
    gw_status st = gw_deck_check(v, deck, n, err);
    if (st != GW_OK) return st;
    memset(g, 0, sizeof *g);
    memcpy(g->deck, deck, (size_t)n);
    g->variant = (uint8_t)v;
    g->dealer = (uint8_t)dealer;
    int non_dealer = 1 - dealer;
    for (int i = 0; i < 2 * h; i++)
        g->hand[(i % 2 == 0) ? non_dealer : dealer] |= gw_bit(deck[i]);
    g->stock_pos = (uint8_t)(2 * h);
    g->trump = (uint8_t)gw_card_suit(deck[2 * h]);
    g->leader = g->turn = (uint8_t)non_dealer;
    g->led = GW_NO_CARD;
    assert(hand_is_sound(g));
    return GW_OK;
}

int gw_game_stock_left(const gw_game *g) { return gw_deck_size((gw_variant)g->variant) - g->stock_pos; }

gw_card gw_game_upcard(const gw_game *g) {
    return gw_game_stock_left(g) > 0 ? g->deck[g->stock_pos] : GW_NO_CARD;
}

int gw_game_trick_number(const gw_game *g) { return g->tricks_done + 1; }

gw_play_check gw_game_check(const gw_game *g, gw_card c) {
    if (!gw_card_valid(c) || !gw_has(gw_deck_cards((gw_variant)g->variant), c)) return GW_PLAY_NOT_A_CARD;
    if (gw_game_phase(g) == GW_OVER) return GW_PLAY_HAND_OVER;
    if (gw_has(gw_game_legal(g), c)) return GW_PLAY_OK;
    if (gw_has(g->hand[g->turn], c)) return GW_PLAY_MUST_FOLLOW;
    if (gw_has(g->played, c)) return GW_PLAY_PLAYED;
    if (gw_has(g->hand[1 - g->turn], c)) return GW_PLAY_OTHER_HAND;
    return GW_PLAY_IN_STOCK;
}

gw_status gw_game_play(gw_game *g, gw_card c, gw_trick_event *ev) {
    if (c >= 64 || !gw_has(gw_game_legal(g), c)) return GW_EILLEGAL;
    int p = g->turn;
    g->hand[p] &= ~gw_bit(c);
    g->played |= gw_bit(c);
    g->moves[g->nmoves++] = c;
    if (g->led == GW_NO_CARD) {
        g->led = c;
        g->turn = (uint8_t)(1 - p);
        if (ev) ev->completed = false;
        assert(hand_is_sound(g));
        return GW_OK;
    }
    /* Completing a trick: written without data-dependent branches, since who
     * wins is as good as random to the processor in playouts. */
    int leader = g->leader;
    int winner = leader ^ gw_trick_winner(g->trump, g->led, c);
    int foreplay = g->stock_pos < gw_deck_size((gw_variant)g->variant);
    g->won[1 - foreplay][winner]++;
    if (foreplay) {
        gw_card up = g->deck[g->stock_pos], hidden = g->deck[g->stock_pos + 1];
        g->hand[winner] |= gw_bit(up);
        g->upcards[winner] |= gw_bit(up);
        g->hand[1 - winner] |= gw_bit(hidden);
        g->stock_pos = (uint8_t)(g->stock_pos + 2);
    }
    if (ev) {
        ev->completed = true;
        ev->number = g->tricks_done + 1;
        ev->leader = leader;
        ev->cards[0] = g->led;
        ev->cards[1] = c;
        ev->winner = winner;
        ev->drawn[0] = ev->drawn[1] = GW_NO_CARD;
        if (foreplay) {
            ev->drawn[winner] = g->deck[g->stock_pos - 2];
            ev->drawn[1 - winner] = g->deck[g->stock_pos - 1];
        }
    }
    g->tricks_done++;
    g->leader = g->turn = (uint8_t)winner;
    g->led = GW_NO_CARD;
    if (ev) ev->next_upcard = gw_game_upcard(g);
    assert(hand_is_sound(g));
    return GW_OK;
}

int gw_game_endgame_tricks(const gw_game *g, int p) { return g->won[1][p]; }
int gw_game_all_tricks(const gw_game *g, int p) { return g->won[0][p] + g->won[1][p]; }

int gw_game_trick_leader(const gw_game *g, int n) {
    int leader = 1 - g->dealer;
    for (int t = 1; t < n && 2 * t <= g->nmoves; t++) {
        if (gw_trick_winner(g->trump, g->moves[2 * t - 2], g->moves[2 * t - 1])) leader = 1 - leader;
    }
    return leader;
}
