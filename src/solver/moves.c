/* moves.c: candidate cards for the search: one per sequence of equivalents, best first. */
#include "gw/game.h"
#include "solver_internal.h"

gw_cards gw_equivalents(gw_cards mine, gw_cards out_cards, gw_card c) {
    /* Fill up and down from c through played cards and mine. */
    gw_cards pass = (GW_ALL_CARDS & ~out_cards) | mine, up = gw_bit(c), p = pass;
    up |= (up << 1) & p;
    p &= p << 1;
    up |= (up << 2) & p;
    p &= p << 2;
    up |= (up << 4) & p;
    p &= p << 4;
    up |= (up << 8) & p;
    return ((up & mine) | gw_run_below(mine, out_cards, c)) & gw_suit_cards(gw_card_suit(c));
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
    while (set) {
        gw_card low = GW_NO_CARD;
        for (int suit = 0; suit < GW_SUITS; suit++) {
            gw_cards in = set & gw_suit_cards(suit);
            if (in && (low == GW_NO_CARD || gw_card_rank(gw_first(in)) < gw_card_rank(low)))
                low = gw_first(in);
        }
        out[n++] = low;
        set &= ~gw_bit(low);
    }
    return n;
}

/* The cards of `mine` above every card of `theirs` in their suit. */
static gw_cards tops(gw_cards mine, gw_cards theirs) {
    gw_cards top = 0;
    for (int suit = 0; suit < GW_SUITS; suit++) {
        gw_cards m = mine & gw_suit_cards(suit), t = theirs & gw_suit_cards(suit);
        top |= t ? m & ~((gw_bit(gw_last(t)) << 1) - 1) : m;
    }
    return top;
}

int gw_leads(const gw_solver *s, gw_cards mine, gw_cards theirs, gw_card out[13]) {
    gw_cards cand = candidates(s, mine, mine, mine | theirs);
    if (s->flags & GW_SOLVE_NO_ORDERING) return emit(out, 0, cand);
    gw_cards trumps = gw_suit_cards(s->trump), their_trumps = theirs & trumps;
    gw_cards top = tops(cand, theirs), side = cand & ~trumps;
    gw_cards their_suits = 0; /* the side suits they hold */
    for (int suit = 0; suit < GW_SUITS; suit++)
        if (theirs & gw_suit_cards(suit)) their_suits |= gw_suit_cards(suit);
    their_suits &= ~trumps;
    int k = 0;
    /* Sure winners first: side winners they must follow to (or cannot
     * ruff), then top trumps while they hold trumps. */
    gw_cards side_winners = side & top & (their_trumps ? their_suits : ~(gw_cards)0);
    k = emit(out, k, side_winners);
    if (their_trumps) k = emit(out, k, cand & trumps & top);
    /* Low cards from the longest side suits they hold, to set up winners. */
    gw_cards low_side = side & their_suits & ~side_winners;
    while (low_side) {
        int best = -1, len = -1;
        for (int suit = 0; suit < GW_SUITS; suit++) {
            int l = gw_count(mine & gw_suit_cards(suit));
            if ((low_side & gw_suit_cards(suit)) && l > len) {
                best = suit;
                len = l;
            }
        }
        k = emit(out, k, low_side & gw_suit_cards(best));
        low_side &= ~gw_suit_cards(best);
    }
    /* Then trumps (winners if they have none), low first; last the suits
     * they are void in, which they ruff or discard on. */
    k = emit(out, k, cand & trumps & (their_trumps ? ~top : ~(gw_cards)0));
    k = emit(out, k, side & ~their_suits & ~side_winners);
    return k;
}

int gw_follows(const gw_solver *s, gw_cards mine, gw_cards leader_rest, gw_card led, gw_card out[13]) {
    gw_cards led_suit = gw_suit_cards(gw_card_suit(led));
    gw_cards legal = mine & led_suit;
    if (!legal) legal = mine;
    gw_cards cand = candidates(s, mine, legal, mine | leader_rest | gw_bit(led));
    if (s->flags & GW_SOLVE_NO_ORDERING) return emit(out, 0, cand);
    gw_cards trumps = gw_suit_cards(s->trump);
    int k = 0;
    if (cand & led_suit) {
        /* Following suit: the cheapest card that wins, else the cheapest. */
        gw_cards above = cand & ~((gw_bit(led) << 1) - 1);
        k = emit(out, k, above);
        return emit(out, k, cand & ~above);
    }
    /* Void: the cheapest ruff (if the lead is not a trump), then discards,
     * lowest first, trumps last. */
    gw_cards ruffs = cand & trumps;
    k = emit(out, k, ruffs);
    return emit_by_rank(out, k, cand & ~trumps);
}
