/* solver_internal.h: the solver object and the helpers its files share (not public). */
#ifndef GW_SOLVER_INTERNAL_H
#define GW_SOLVER_INTERNAL_H

#include <stdbool.h>

#include "gw/solver.h"

/* One table entry: bounds on the leader's tricks that hold for every
 * trick-start position with the same suit lengths in both hands, the same
 * trump, and the same owners of the relevant top cards of each suit (the
 * cards whose ranks decided some trick in the search; lower cards of a suit
 * may be anywhere). Ranks are relative: in each suit the cards still out are
 * counted from the top, so cards that became touching are the same. */
typedef struct tt_entry {
    uint64_t
        pattern;   /* leader's relevant cards, 13 relative ranks a suit (ace = bit 12), trump at bits 13-14 */
    uint32_t dist; /* suit lengths, 4 bits each: leader's in bits 0-15, the other's in 16-31; 0 = empty */
    uint16_t depths; /* relevant top ranks of each suit, 4 bits each */
    uint8_t bounds;  /* lo in bits 0-3, hi in bits 4-7 */
    uint8_t age;     /* the call that stored it (for replacement) */
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
    uint64_t depth_mask[2][256]; /* [h][b]: relevant bits of suits 2h, 2h+1 for depth byte b (with the trump
                                    bits in [0]) */
#ifndef __BMI2__
    uint8_t pext8[256][256]; /* pext8[u][x]: the bits of x at u's set bits, packed low */
#endif
};

/* Fills the solver's lookup tables. */
void gw_tt_init(gw_solver *s);
/* The table's view of the position: leader holds `leader`, the other `other`. */
tt_key gw_tt_key(const gw_solver *s, gw_cards leader, gw_cards other);
/* Do stored bounds decide "can the leader make k?" If so, *answer is the
 * answer and *rel the cards whose owners it depends on. */
bool gw_tt_lookup(gw_solver *s, const tt_key *key, gw_cards out_cards, int k, bool *answer, gw_cards *rel);
/* Stores lo <= value <= hi for every position that shares the key's suit
 * lengths and the owners of the cards at and above the lowest card of rel
 * in each suit. */
void gw_tt_store(gw_solver *s, const tt_key *key, gw_cards out_cards, gw_cards rel, int lo, int hi);

/* Tricks the leader is sure to take (top trumps, then top cards the other
 * must follow to or cannot ruff), counted until k are found; *rel gets the
 * cards whose ranks the count used. */
int gw_quick_tricks(gw_cards leader, gw_cards other, int trump, int k, gw_cards *rel);
/* Tricks the other player is sure to take: its trumps above all the
 * leader's; *rel as above. */
int gw_sure_losers(gw_cards leader, gw_cards other, int trump, gw_cards *rel);

/* The cards of `mine` that head a run: the next higher card still out in
 * their suit (out = out_cards) is not in `mine`. Playing any card of a run
 * has the same effect, so only heads are searched. */
static inline gw_cards gw_run_heads(gw_cards mine, gw_cards out_cards) {
    /* Smear each of my cards down through played cards; a card of mine just
     * below the smear has its next higher card out in my hand. */
    gw_cards fill = mine, pass = GW_ALL_CARDS & ~out_cards;
    fill |= (fill >> 1) & pass;
    pass &= pass >> 1;
    fill |= (fill >> 2) & pass;
    pass &= pass >> 2;
    fill |= (fill >> 4) & pass;
    pass &= pass >> 4;
    fill |= (fill >> 8) & pass;
    return mine & ~(fill >> 1);
}

/* The cards of `mine` from c down through its run (c and the lower cards
 * out that touch it, given the cards still out). */
static inline gw_cards gw_run_below(gw_cards mine, gw_cards out_cards, gw_card c) {
    gw_cards fill = gw_bit(c), pass = (GW_ALL_CARDS & ~out_cards) | mine;
    fill |= (fill >> 1) & pass;
    pass &= pass >> 1;
    fill |= (fill >> 2) & pass;
    pass &= pass >> 2;
    fill |= (fill >> 4) & pass;
    pass &= pass >> 4;
    fill |= (fill >> 8) & pass;
    return fill & mine & gw_suit_cards(gw_card_suit(c));
}

/* Candidate cards: one card per run of equivalent cards (unless the flag
 * says otherwise), best first. gw_leads: `mine` leads against `theirs`;
 * gw_follows: `mine` answers `led`, the leader keeping `leader_rest`.
 * Returns the count written to out. */
int gw_leads(const gw_solver *s, gw_cards mine, gw_cards theirs, gw_card out[13]);
int gw_follows(const gw_solver *s, gw_cards mine, gw_cards leader_rest, gw_card led, gw_card out[13]);

/* The cards of `mine` equivalent to c (its whole run). */
gw_cards gw_equivalents(gw_cards mine, gw_cards out_cards, gw_card c);

#endif
