/* bounds.c: quick tricks and sure losers: cheap bounds that end searches early. */
#include "solver_internal.h"

/* The cards of `mine` in suit that are above every card of `theirs` there:
 * its top sequence, counted from the ace among the cards still out. When
 * `theirs` has cards there, their best is added to *rel: the count holds
 * while the owners of the cards from it up are the same. */
static int top_count(gw_cards mine, gw_cards theirs, int suit, gw_cards *rel) {
    gw_cards m = mine & gw_suit_cards(suit), t = theirs & gw_suit_cards(suit);
    if (!m) return 0;
    if (!t) return gw_count(m);
    gw_card best = gw_last(t);
    *rel |= gw_bit(best);
    return gw_count(m & ~((gw_bit(best) << 1) - 1));
}

int gw_sure_losers(gw_cards leader, gw_cards other, int trump, gw_cards *rel) {
    *rel = 0;
    return top_count(other, leader, trump, rel);
}

/* Cards at or below the best card of `set` in each suit. */
static gw_cards fill_down(gw_cards set) {
    set |= (set >> 1) & 0x7FFF7FFF7FFF7FFFull;
    set |= (set >> 2) & 0x3FFF3FFF3FFF3FFFull;
    set |= (set >> 4) & 0x0FFF0FFF0FFF0FFFull;
    set |= (set >> 8) & 0x00FF00FF00FF00FFull;
    return set;
}

/* The number of cards in each suit, one per 16-bit lane. */
static uint64_t lane_counts(gw_cards set) {
    uint64_t c = set - ((set >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (c + (c >> 8)) & 0x00FF00FF00FF00FFull;
}

int gw_quick_tricks(gw_cards leader, gw_cards other, int trump, int k, gw_cards *rel) {
    /* Per suit: the leader's cards above all of the other's, and the
     * other's length and best card. */
    gw_cards below = fill_down(other);
    uint64_t tops = lane_counts(leader & ~below), lens = lane_counts(other);
    gw_cards best = below & ~(below >> 1); /* the other's best card in each suit */
    int t = 16 * trump;
    int top_trumps = (int)(tops >> t & 0xFF), their_trumps = (int)(lens >> t & 0xFF);
    /* Each top trump wins, and the other player follows with a trump while
     * it has one. */
    bool they_can_ruff = their_trumps > top_trumps;
    int tricks = top_trumps;
    gw_cards used = (top_trumps > 0 || (!they_can_ruff && their_trumps > 0)) ? gw_suit_cards(trump) : 0;
    /* Side suits, counted until k are found; only those are marked. */
    for (int suit = 0; suit < GW_SUITS && tricks < k; suit++) {
        if (suit == trump) continue;
        int top = (int)(tops >> (16 * suit) & 0xFF), their_len = (int)(lens >> (16 * suit) & 0xFF);
        /* Winners hold while the other must follow; once void it may ruff. */
        int won = they_can_ruff && top > their_len ? their_len : top;
        if (won > 0) used |= gw_suit_cards(suit);
        tricks += won;
    }
    *rel = best & used;
    int n = gw_count(leader);
    return tricks < n ? tricks : n;
}
