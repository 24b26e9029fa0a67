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

int gw_quick_tricks(gw_cards leader, gw_cards other, int trump, int k, gw_cards *rel) {
    gw_cards trump_rel = 0, side_rel = 0;
    int top_trumps = top_count(leader, other, trump, &trump_rel);
    int their_trumps = gw_count(other & gw_suit_cards(trump));
    /* Each top trump wins, and the other player follows with a trump while
     * it has one. */
    bool they_can_ruff = their_trumps > top_trumps;
    int tricks = top_trumps;
    /* Only the suits needed to reach k are marked. */
    bool trumps_used = top_trumps > 0 || (!they_can_ruff && their_trumps > 0);
    for (int suit = 0; suit < GW_SUITS && tricks < k; suit++) {
        if (suit == trump) continue;
        gw_cards r = 0;
        int top = top_count(leader, other, suit, &r);
        int their_len = gw_count(other & gw_suit_cards(suit));
        /* Winners hold while the other must follow; once void it may ruff. */
        int won = they_can_ruff ? (top < their_len ? top : their_len) : top;
        if (won > 0) side_rel |= r;
        tricks += won;
    }
    *rel = side_rel | (trumps_used ? trump_rel : 0);
    int n = gw_count(leader);
    return tricks < n ? tricks : n;
}
