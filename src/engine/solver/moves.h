/* moves.h: candidate cards for the search, one per sequence of equivalents, best first, produced lazily. */
#ifndef GW_SOLVER_MOVES_H
#define GW_SOLVER_MOVES_H

#include "gw/game.h"
#include "solver_internal.h"

/* How a group of candidates is walked. */
enum { GW_WALK_LOW, GW_WALK_HIGH, GW_WALK_RANK };

/* Candidates in search order: groups of cards, each walked low first, high
 * first, or lowest rank first across suits (discards). Most nodes are
 * decided by their first card, so nothing is listed before it is needed. */
typedef struct gw_moves {
    gw_cards group[8];
    uint8_t walk[8];
    int at, count;
} gw_moves;

/* Appends a group (an empty one is overwritten by the next). */
static inline void gw_moves_add(gw_moves *m, gw_cards set, int walk) {
    m->group[m->count] = set;
    m->walk[m->count] = (uint8_t)walk;
    m->count += set != 0;
}

/* The card of `set` with the lowest rank (the first suit on a tie). */
static inline gw_card gw_lowest_ranked(gw_cards set) {
    unsigned ranks = (unsigned)((set | set >> 16 | set >> 32 | set >> 48) & 0xFFFF);
    int rank = __builtin_ctz(ranks);
    return (gw_card)(gw_first((set >> rank) & 0x0001000100010001ull) + rank);
}

/* The next candidate, or GW_NO_CARD when all were given. */
static inline gw_card gw_moves_next(gw_moves *m) {
    for (; m->at < m->count; m->at++) {
        gw_cards g = m->group[m->at];
        if (!g) continue; /* walked to the end */
        gw_card c = m->walk[m->at] == GW_WALK_LOW    ? gw_first(g)
                    : m->walk[m->at] == GW_WALK_HIGH ? gw_last(g)
                                                     : gw_lowest_ranked(g);
        m->group[m->at] = g & ~gw_bit(c);
        return c;
    }
    return GW_NO_CARD;
}

/* The cards worth searching among `legal`: one per run unless switched off. */
static inline gw_cards gw_candidates(const gw_solver *s, gw_cards mine, gw_cards legal, gw_cards out_cards) {
    return (s->flags & GW_SOLVE_NO_EQUIVALENCE) ? legal : legal & gw_run_heads(mine, out_cards);
}

/* Leads of `mine` against `theirs`, best first. */
static inline void gw_leads(const gw_solver *s, gw_cards mine, gw_cards theirs, gw_moves *m) {
    m->at = m->count = 0;
    gw_cards cand = gw_candidates(s, mine, mine, mine | theirs);
    if (s->flags & GW_SOLVE_NO_ORDERING) {
        gw_moves_add(m, cand, GW_WALK_LOW);
        return;
    }
    gw_cards trumps = gw_suit_cards(s->trump), their_trumps = theirs & trumps;
    gw_cards top = cand & ~gw_fill_down(theirs); /* above all their cards of the suit */
    gw_cards side = cand & ~trumps, their_suits = gw_suits_of(theirs) & ~trumps;
    /* Sure winners first: top trumps when I hold more trumps than they do
     * (drawing theirs), side winners they must follow to (or cannot ruff);
     * with fewer trumps, my top trumps wait until after the side suits. */
    gw_cards side_winners = side & top & (their_trumps ? their_suits : ~(gw_cards)0);
    bool draw = gw_count(mine & trumps) > gw_count(their_trumps);
    if (their_trumps && draw) gw_moves_add(m, cand & trumps & top, GW_WALK_LOW);
    gw_moves_add(m, side_winners, GW_WALK_LOW);
    /* Then the side suits they hold, where I have the most cards more than
     * they do first, highest card first: it drives out their stoppers and
     * sets up my long cards (this order cut the nodes by a fifth). */
    gw_cards setup_side = side & their_suits & ~side_winners;
    if (setup_side) {
        uint64_t lens = gw_lane_counts(mine) + 0x0010001000100010ull - gw_lane_counts(theirs);
        while (setup_side) {
            int best = 0, len = -1;
            for (int suit = 0; suit < GW_SUITS; suit++) {
                int l = (setup_side & gw_suit_cards(suit)) ? (int)(lens >> (16 * suit) & 0xFF) : -1;
                best = l > len ? suit : best;
                len = l > len ? l : len;
            }
            gw_moves_add(m, setup_side & gw_suit_cards(best), GW_WALK_HIGH);
            setup_side &= ~gw_suit_cards(best);
        }
    }
    if (their_trumps && !draw) gw_moves_add(m, cand & trumps & top, GW_WALK_LOW);
    /* Then trumps (winners if they have none), low first; last the suits
     * they are void in, which they ruff or discard on. */
    gw_moves_add(m, cand & trumps & (their_trumps ? ~top : ~(gw_cards)0), GW_WALK_LOW);
    gw_moves_add(m, side & ~their_suits & ~side_winners, GW_WALK_LOW);
}

/* Answers of `mine` to `led`, the leader keeping `leader_rest`, best first. */
static inline void gw_follows(const gw_solver *s, gw_cards mine, gw_cards leader_rest, gw_card led,
                              gw_moves *m) {
    m->at = m->count = 0;
    gw_cards led_suit = gw_suit_cards(gw_card_suit(led));
    gw_cards legal = mine & led_suit;
    if (!legal) legal = mine;
    gw_cards cand = gw_candidates(s, mine, legal, mine | leader_rest | gw_bit(led));
    if (s->flags & GW_SOLVE_NO_ORDERING) {
        gw_moves_add(m, cand, GW_WALK_LOW);
    } else if (cand & led_suit) {
        /* Following suit: the cheapest card that wins, else the cheapest. */
        gw_cards above = cand & ~((gw_bit(led) << 1) - 1);
        gw_moves_add(m, above, GW_WALK_LOW);
        gw_moves_add(m, cand & ~above, GW_WALK_LOW);
    } else {
        /* Void: the cheapest ruff (if the lead is not a trump), then
         * discards, lowest first. */
        gw_cards trumps = gw_suit_cards(s->trump);
        gw_moves_add(m, cand & trumps, GW_WALK_LOW);
        gw_moves_add(m, cand & ~trumps, GW_WALK_RANK);
    }
}

/* The cards of `mine` equivalent to c (its whole run). */
gw_cards moves_equivalents(gw_cards mine, gw_cards out_cards, gw_card c);

#endif
