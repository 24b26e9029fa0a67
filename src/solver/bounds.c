/* bounds.c: quick tricks and sure losers: cheap bounds that end searches early. */
#include "solver_internal.h"

int gw_sure_losers(gw_cards leader, gw_cards other, int trump) {
    gw_cards mine = other & gw_suit_cards(trump), theirs = leader & gw_suit_cards(trump);
    if (!theirs) return gw_count(mine);
    return gw_count(mine & ~((gw_bit(gw_last(theirs)) << 1) - 1));
}

int gw_quick_tricks(gw_cards leader, gw_cards other, int trump) {
    /* Per suit: the leader's cards above all of the other's, and the
     * other's length. */
    uint64_t tops = gw_lane_counts(leader & ~gw_fill_down(other)), lens = gw_lane_counts(other);
    int t = 16 * trump;
    int top_trumps = (int)(tops >> t & 0xFF), their_trumps = (int)(lens >> t & 0xFF);
    /* Each top trump wins, and the other player follows with a trump while
     * it has one. */
    bool they_can_ruff = their_trumps > top_trumps;
    int tricks = top_trumps;
    for (int suit = 0; suit < GW_SUITS; suit++) {
        if (suit == trump) continue;
        int top = (int)(tops >> (16 * suit) & 0xFF), their_len = (int)(lens >> (16 * suit) & 0xFF);
        /* Winners hold while the other must follow; once void it may ruff. */
        tricks += they_can_ruff && top > their_len ? their_len : top;
    }
    int n = gw_count(leader);
    return tricks < n ? tricks : n;
}
