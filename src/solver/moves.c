/* moves.c: candidate cards for the search: one per sequence of equivalents, best first. */
#include "gw/game.h"
#include "solver_internal.h"

/* True if c is the top of its run: the next higher card still out in its
 * suit is not in `mine`. Playing any card of a run has the same effect. */
static bool heads_run(gw_cards mine, gw_cards out_cards, gw_card c) {
    gw_cards higher = out_cards & gw_suit_cards(gw_card_suit(c)) & ~(((gw_cards)2 << c) - 1);
    return !higher || !gw_has(mine, gw_first(higher));
}

gw_cards gw_equivalents(gw_cards mine, gw_cards out_cards, gw_card c) {
    gw_cards run = gw_bit(c);
    gw_cards suit = out_cards & gw_suit_cards(gw_card_suit(c));
    /* Walk up, then down, through touching cards of the same owner. */
    for (gw_card x = c;;) {
        gw_cards higher = suit & ~(((gw_cards)2 << x) - 1);
        if (!higher || !gw_has(mine, gw_first(higher))) break;
        x = gw_first(higher);
        run |= gw_bit(x);
    }
    for (gw_card x = c;;) {
        gw_cards lower = suit & (gw_bit(x) - 1);
        if (!lower || !gw_has(mine, gw_last(lower))) break;
        x = gw_last(lower);
        run |= gw_bit(x);
    }
    return run;
}

/* Writes the candidates of `legal` (one per run unless switched off) to out
 * and their scores to score; returns the count. */
static int candidates(const gw_solver *s, gw_cards mine, gw_cards legal, gw_cards out_cards,
                      gw_card out[13]) {
    int n = 0;
    bool all = s->flags & GW_SOLVE_NO_EQUIVALENCE;
    for (gw_cards left = legal; left; left &= left - 1) {
        gw_card c = gw_first(left);
        if (all || heads_run(mine, out_cards, c)) out[n++] = c;
    }
    return n;
}

/* Sorts out[0..n) by score, highest first (stable insertion sort). */
static void sort_by(gw_card *out, int *score, int n) {
    for (int i = 1; i < n; i++) {
        gw_card c = out[i];
        int v = score[i], j = i;
        for (; j > 0 && score[j - 1] < v; j--) {
            out[j] = out[j - 1];
            score[j] = score[j - 1];
        }
        out[j] = c;
        score[j] = v;
    }
}

int gw_leads(const gw_solver *s, gw_cards mine, gw_cards theirs, gw_card out[13]) {
    int n = candidates(s, mine, mine, mine | theirs, out);
    if (s->flags & GW_SOLVE_NO_ORDERING) return n;
    int trump = s->trump, score[13];
    gw_cards their_trumps = theirs & gw_suit_cards(trump);
    for (int i = 0; i < n; i++) {
        gw_card c = out[i];
        int suit = gw_card_suit(c), rank = gw_card_rank(c);
        gw_cards their_suit = theirs & gw_suit_cards(suit);
        bool top = !their_suit || gw_card_rank(gw_last(their_suit)) < rank;
        if (suit == trump)
            score[i] = top ? (their_trumps ? 70 : 20) : 15 - rank; /* draw trumps with winners */
        else if (top && (their_suit || !their_trumps))
            score[i] = 80; /* a sure winner */
        else if (!their_suit)
            score[i] = 5; /* they ruff or discard */
        else
            score[i] = 40 - rank + 2 * gw_count(mine & gw_suit_cards(suit)); /* low from a long suit */
    }
    sort_by(out, score, n);
    return n;
}

int gw_follows(const gw_solver *s, gw_cards mine, gw_cards leader_rest, gw_card led, gw_card out[13]) {
    gw_cards legal = mine & gw_suit_cards(gw_card_suit(led));
    if (!legal) legal = mine;
    int n = candidates(s, mine, legal, mine | leader_rest | gw_bit(led), out);
    if (s->flags & GW_SOLVE_NO_ORDERING) return n;
    int trump = s->trump, score[13];
    for (int i = 0; i < n; i++) {
        gw_card c = out[i];
        int rank = gw_card_rank(c);
        bool trumps = gw_card_suit(c) == trump;
        if (gw_trick_winner(trump, led, c))
            score[i] = (trumps && gw_card_suit(led) != trump ? 60 : 100) - rank; /* cheapest winner */
        else
            score[i] = (trumps ? 20 : 40) - rank; /* cheapest loser, keep trumps */
    }
    sort_by(out, score, n);
    return n;
}
