/* solver_internal.h: the solver object and the helpers its files share (not public). */
#ifndef GW_SOLVER_INTERNAL_H
#define GW_SOLVER_INTERNAL_H

#include <stdbool.h>

#include "gw/solver.h"

/* One table entry: a trick-start position in relative ranks and the bounds
 * known on the leader's tricks. key_a holds the leader's cards and the
 * trump, key_b the other hand's; both zero means empty. */
typedef struct tt_entry {
    uint64_t key_a, key_b;
    int8_t lo, hi;
    uint8_t best; /* relative code of a lead that made lo, or 0xFF */
} tt_entry;

struct gw_solver {
    tt_entry *table;
    size_t mask; /* entries - 1 (a power of two) */
    unsigned flags;
    int trump; /* of the current call */
    gw_solver_stats stats;
    uint8_t pext8[256][256]; /* pext8[u][x]: the bits of x at u's set bits, packed low */
};

/* Relative-rank form of a trick-start position: in each suit the cards still
 * out are renumbered from the ace down, so positions that differ only in
 * cards already played share a key. */
void gw_tt_key(const gw_solver *s, gw_cards leader, gw_cards other, int trump, uint64_t *a, uint64_t *b);
/* Looks a position up; false if absent. *best gets the stored lead's
 * relative code (0xFF if none). */
bool gw_tt_probe(gw_solver *s, uint64_t a, uint64_t b, int *lo, int *hi, int *best);
/* Narrows the stored bounds of a position to [lo, hi]; best (a relative
 * code, or 0xFF) replaces the stored lead unless it is 0xFF. */
void gw_tt_store(gw_solver *s, uint64_t a, uint64_t b, int lo, int hi, int best);
/* A card's relative code: suit * 16 + its rank among the cards still out
 * (12 for the highest). The same in every position with the same key. */
static inline int gw_rel_code(gw_cards out_cards, gw_card c) {
    gw_cards above = out_cards & gw_suit_cards(gw_card_suit(c)) & ~(((gw_cards)2 << c) - 1);
    return gw_card_suit(c) * 16 + 12 - gw_count(above);
}
/* Fills the pext8 table. */
void gw_tt_init(gw_solver *s);

/* Tricks the leader is sure to take (top trumps, then top cards the other
 * must follow to or cannot ruff). */
int gw_quick_tricks(gw_cards leader, gw_cards other, int trump);
/* Tricks the other player is sure to take: its trumps above all the leader's. */
int gw_sure_losers(gw_cards leader, gw_cards other, int trump);

/* Candidate cards: one card per sequence of equivalent cards (unless the
 * flag says otherwise), best first. gw_leads: `mine` leads against `theirs`;
 * gw_follows: `mine` answers `led`, the leader keeping `leader_rest`.
 * Returns the count written to out. */
int gw_leads(const gw_solver *s, gw_cards mine, gw_cards theirs, gw_card out[13]);
int gw_follows(const gw_solver *s, gw_cards mine, gw_cards leader_rest, gw_card led, gw_card out[13]);

/* The cards of `mine` equivalent to c (c and its touching cards of the same
 * owner, given the cards still out). */
gw_cards gw_equivalents(gw_cards mine, gw_cards out_cards, gw_card c);

#endif
