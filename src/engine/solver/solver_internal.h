/* solver_internal.h: the solver object and the helpers its files share (not public). */
#ifndef GW_SOLVER_INTERNAL_H
#define GW_SOLVER_INTERNAL_H

#include <stdbool.h>

#include "gw/solver.h"

/* One table entry: bounds on the leader's tricks in a trick-start
 * position, written in relative ranks: in each suit the cards still out are
 * counted from the top, so cards that became touching are the same and
 * positions that differ only in cards already played share an entry. */
typedef struct tt_entry {
    uint64_t pattern; /* from bit 2: for each card still out, suit by suit from the bottom, whether the
                         leader holds it; the trump in bits 0-1 */
    uint32_t dist;    /* suit lengths, 4 bits each: leader's in bits 0-15, the other's in 16-31; 0 = empty */
    uint8_t lo, hi;   /* bounds on the leader's tricks */
    uint8_t age;      /* the call that stored it (for replacement) */
    uint8_t unused;
} tt_entry;

#define GW_TT_WAYS 4 /* entries a bucket: one cache line */

/* A trick-start position as the table sees it. */
typedef struct tt_key {
    uint64_t pattern; /* the leader's cards in relative ranks, with the trump */
    uint32_t dist;    /* the suit lengths */
} tt_key;

struct gw_solver {
    tt_entry *table; /* buckets of GW_TT_WAYS entries */
    size_t mask;     /* buckets - 1 (a power of two) */
    unsigned flags;  /* GW_SOLVE_NO_* */
    int trump;       /* of the current call */
    uint8_t age;     /* counts calls, for replacement */
    gw_solver_stats stats;
#ifndef __BMI2__
    uint8_t pext8[256][256]; /* pext8[u][x]: the bits of x at u's set bits, packed low */
#endif
};

/* Fills the solver's lookup tables. */
void tt_init(gw_solver *s);
/* Cards at or below the best card of `set` in each suit. */
static inline gw_cards gw_fill_down(gw_cards set) {
    set |= (set >> 1) & 0x7FFF7FFF7FFF7FFFull;
    set |= (set >> 2) & 0x3FFF3FFF3FFF3FFFull;
    set |= (set >> 4) & 0x0FFF0FFF0FFF0FFFull;
    set |= (set >> 8) & 0x00FF00FF00FF00FFull;
    return set;
}

/* The number of cards in each suit, one per 16-bit lane. */
static inline uint64_t gw_lane_counts(gw_cards set) {
    uint64_t c = set - ((set >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (c + (c >> 8)) & 0x00FF00FF00FF00FFull;
}

/* Every card of the suits in which `set` has a card. */
static inline gw_cards gw_suits_of(gw_cards set) {
    return (gw_fill_down(set) & 0x0001000100010001ull) * GW_SUIT_BITS;
}

/* `from` spread down through `pass` (occluded fill): every card reached
 * from a card of `from` by steps to the next lower rank inside `pass`. */
static inline gw_cards gw_smear_down(gw_cards from, gw_cards pass) {
    from |= (from >> 1) & pass;
    pass &= pass >> 1;
    from |= (from >> 2) & pass;
    pass &= pass >> 2;
    from |= (from >> 4) & pass;
    pass &= pass >> 4;
    return from | ((from >> 8) & pass);
}

/* The same, upwards. */
static inline gw_cards gw_smear_up(gw_cards from, gw_cards pass) {
    from |= (from << 1) & pass;
    pass &= pass << 1;
    from |= (from << 2) & pass;
    pass &= pass << 2;
    from |= (from << 4) & pass;
    pass &= pass << 4;
    return from | ((from << 8) & pass);
}

/* The cards of `mine` that head a run: the next higher card still out in
 * their suit (out = out_cards) is not in `mine`. Playing any card of a run
 * has the same effect, so only heads are searched. */
static inline gw_cards gw_run_heads(gw_cards mine, gw_cards out_cards) {
    /* Smear each of my cards down through played cards; a card of mine just
     * below the smear has its next higher card out in my hand. */
    return mine & ~(gw_smear_down(mine, GW_ALL_CARDS & ~out_cards) >> 1);
}

#endif
