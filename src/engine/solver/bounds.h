/* bounds.h: quick tricks and sure losers: cheap bounds that end searches early (inline: every node asks). */
#ifndef GW_SOLVER_BOUNDS_H
#define GW_SOLVER_BOUNDS_H

#include "solver_internal.h"

/* Tricks the other player is sure to take: its trumps above all the
 * leader's. */
static inline int gw_sure_losers(gw_cards leader, gw_cards other, int trump) {
    gw_cards mine = other & gw_suit_cards(trump), theirs = leader & gw_suit_cards(trump);
    if (!theirs) return gw_count(mine);
    return gw_count(mine & ~((gw_bit(gw_last(theirs)) << 1) - 1));
}

/* Tricks the leader is sure to take: top trumps, then top cards the other
 * must follow to or cannot ruff. */
static inline int gw_quick_tricks(gw_cards leader, gw_cards other, int trump) {
    /* Per suit, one 16-bit lane each: the leader's cards above all of the
     * other's, and the other's length. */
    uint64_t tops = gw_lane_counts(leader & ~gw_fill_down(other)), lens = gw_lane_counts(other);
    int t = 16 * trump;
    uint64_t trump_lane = 0xFFFFull << t;
    /* Each top trump wins, and the other player follows with a trump while
     * it has one. If it keeps a trump, side winners hold only while it must
     * follow: min(top, its length) in each side suit. */
    if ((lens & trump_lane) > (tops & trump_lane)) {
        uint64_t ge = ((tops | 0x8000800080008000ull) - lens) & 0x8000800080008000ull; /* top >= len */
        uint64_t take = (ge >> 15) * 0xFFFF;
        tops = (tops & (~take | trump_lane)) | (lens & take & ~trump_lane);
    }
    int tricks = (int)((tops * 0x0001000100010001ull) >> 48);
    int n = gw_count(leader);
    return tricks < n ? tricks : n;
}

#endif
