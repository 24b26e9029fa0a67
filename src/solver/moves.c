/* moves.c: candidate cards for the search: one per sequence of equivalents, best first. */
#include "gw/game.h"
#include "solver_internal.h"

gw_cards gw_equivalents(gw_cards mine, gw_cards out_cards, gw_card c) {
    /* From c up and down through played cards and mine. */
    gw_cards pass = (GW_ALL_CARDS & ~out_cards) | mine;
    gw_cards run = gw_smear_up(gw_bit(c), pass) | gw_smear_down(gw_bit(c), pass);
    return run & mine & gw_suit_cards(gw_card_suit(c));
}

/* The cards worth searching among `legal`: one per run unless switched off. */
static gw_cards candidates(const gw_solver *s, gw_cards mine, gw_cards legal, gw_cards out_cards) {
    return (s->flags & GW_SOLVE_NO_EQUIVALENCE) ? legal : legal & gw_run_heads(mine, out_cards);
}

/* Appends the cards of set to out, lowest rank first within each suit. */
static int emit(gw_card *out, int n, gw_cards set) {
    for (; set; set &= set - 1)
        out[n++] = gw_first(set);
    return n;
}

/* Appends the cards of set to out, lowest rank first across suits. */
static int emit_by_rank(gw_card *out, int n, gw_cards set) {
    for (int rank = 0; set; rank++) {
        for (gw_cards at = (set >> rank) & 0x0001000100010001ull; at; at &= at - 1) {
            gw_card c = (gw_card)(gw_first(at) + rank);
            out[n++] = c;
            set &= ~gw_bit(c);
        }
    }
    return n;
}

int gw_leads(const gw_solver *s, gw_cards mine, gw_cards theirs, gw_card out[13]) {
    gw_cards cand = candidates(s, mine, mine, mine | theirs);
    if (s->flags & GW_SOLVE_NO_ORDERING) return emit(out, 0, cand);
    gw_cards trumps = gw_suit_cards(s->trump), their_trumps = theirs & trumps;
    gw_cards top = cand & ~gw_fill_down(theirs); /* above all their cards of the suit */
    gw_cards side = cand & ~trumps, their_suits = gw_suits_of(theirs) & ~trumps;
    int k = 0;
    /* Sure winners first: top trumps when I hold more trumps than they do
     * (drawing theirs), side winners they must follow to (or cannot ruff);
     * with fewer trumps, my top trumps wait until after the side suits. */
    gw_cards side_winners = side & top & (their_trumps ? their_suits : ~(gw_cards)0);
    bool draw = gw_count(mine & trumps) > gw_count(their_trumps);
    if (their_trumps && draw) k = emit(out, k, cand & trumps & top);
    k = emit(out, k, side_winners);
    /* Then the side suits they hold, where I have the most cards more than
     * they do first, highest card first: it drives out their stoppers and
     * sets up my long cards (this order cut the nodes by a fifth). */
    gw_cards setup_side = side & their_suits & ~side_winners;
    if (setup_side) {
        uint64_t lens = gw_lane_counts(mine) + 0x0010001000100010ull - gw_lane_counts(theirs);
        while (setup_side) {
            int best = 0, len = -1;
            for (int suit = 0; suit < GW_SUITS; suit++) {
                int l = (int)(lens >> (16 * suit) & 0xFF);
                if ((setup_side & gw_suit_cards(suit)) && l > len) {
                    best = suit;
                    len = l;
                }
            }
            for (gw_cards x = setup_side & gw_suit_cards(best); x; x &= ~gw_bit(gw_last(x)))
                out[k++] = gw_last(x);
            setup_side &= ~gw_suit_cards(best);
        }
    }
    if (their_trumps && !draw) k = emit(out, k, cand & trumps & top);
    /* Then trumps (winners if they have none), low first; last the suits
     * they are void in, which they ruff or discard on. */
    k = emit(out, k, cand & trumps & (their_trumps ? ~top : ~(gw_cards)0));
    return emit(out, k, side & ~their_suits & ~side_winners);
}

int gw_follows(const gw_solver *s, gw_cards mine, gw_cards leader_rest, gw_card led, gw_card out[13]) {
    gw_cards led_suit = gw_suit_cards(gw_card_suit(led));
    gw_cards legal = mine & led_suit;
    if (!legal) legal = mine;
    gw_cards cand = candidates(s, mine, legal, mine | leader_rest | gw_bit(led));
    if (s->flags & GW_SOLVE_NO_ORDERING) return emit(out, 0, cand);
    if (cand & led_suit) {
        /* Following suit: the cheapest card that wins, else the cheapest. */
        gw_cards above = cand & ~((gw_bit(led) << 1) - 1);
        return emit(out, emit(out, 0, above), cand & ~above);
    }
    /* Void: the cheapest ruff (if the lead is not a trump), then discards,
     * lowest first. */
    gw_cards trumps = gw_suit_cards(s->trump);
    return emit_by_rank(out, emit(out, 0, cand & trumps), cand & ~trumps);
}
