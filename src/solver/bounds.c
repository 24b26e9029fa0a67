/* bounds.c: quick tricks and sure losers: cheap bounds that end searches early. */
#include "solver_internal.h"

/* The cards of `mine` in suit that are above every card of `theirs` there:
 * its top sequence, counted from the ace among the cards still out. */
static int top_count(gw_cards mine, gw_cards theirs, int suit) {
    gw_cards m = mine & gw_suit_cards(suit), t = theirs & gw_suit_cards(suit);
    if (!m) return 0;
    if (!t) return gw_count(m);
    gw_cards above = ~(((gw_cards)2 << gw_last(t)) - 1); /* cards higher than their best */
    return gw_count(m & above);
}

int gw_sure_losers(gw_cards leader, gw_cards other, int trump) { return top_count(other, leader, trump); }

int gw_quick_tricks(gw_cards leader, gw_cards other, int trump) {
    int top_trumps = top_count(leader, other, trump);
    int their_trumps = gw_count(other & gw_suit_cards(trump));
    /* Each top trump wins, and the other player follows with a trump while
     * it has one. */
    bool they_can_ruff = their_trumps > top_trumps;
    int tricks = top_trumps;
    for (int suit = 0; suit < GW_SUITS; suit++) {
        if (suit == trump) continue;
        int top = top_count(leader, other, suit);
        int their_len = gw_count(other & gw_suit_cards(suit));
        /* Winners hold while the other must follow; once void it may ruff. */
        tricks += they_can_ruff ? (top < their_len ? top : their_len) : top;
    }
    int n = gw_count(leader);
    return tricks < n ? tricks : n;
}
