/* hard.c: the `hard` level: perfect memory; judges each up-card against the unseen cards, solves the endgame
 * exactly. */
#include "hard.h"

#include "gw/ai.h"

/* What a card is worth keeping: its rank, and more for a trump. */
static int worth(gw_card c, int trump) { return gw_card_rank(c) + (gw_card_suit(c) == trump ? 13 : 0); }

/* The card of set worth least (lowest rank first on a tie of worth). */
static gw_card cheapest(gw_cards set, int trump) {
    gw_card best = GW_NO_CARD;
    for (gw_cards s = set; s; s &= s - 1) {
        gw_card c = gw_first(s);
        if (best == GW_NO_CARD || worth(c, trump) < worth(best, trump)) best = c;
    }
    return best;
}

/* How much better the up-card is than the hidden card the loser draws,
 * which is any of `hidden`, equally likely. */
static double upcard_gain(gw_card upcard, gw_cards hidden, int trump) {
    int n = gw_count(hidden);
    if (n == 0) return 0;
    double sum = 0;
    for (gw_cards s = hidden; s; s &= s - 1)
        sum += worth(gw_first(s), trump);
    return worth(upcard, trump) - sum / n;
}

/* Cards of `mine` that no card of `theirs` can beat: none above it in its
 * suit, and no ruff (they hold the suit, or no trump). */
static gw_cards sure_winners(gw_cards mine, gw_cards theirs, int trump) {
    gw_cards out = 0;
    for (gw_cards s = mine; s; s &= s - 1) {
        gw_card c = gw_first(s);
        int suit = gw_card_suit(c);
        gw_cards above = gw_suit_cards(suit) & ~((gw_bit(c) << 1) - 1);
        bool ruff = suit != trump && !(theirs & gw_suit_cards(suit)) && (theirs & gw_suit_cards(trump));
        if (!(above & theirs) && !ruff) out |= gw_bit(c);
    }
    return out;
}

unsigned hard_voids(const gw_observation *o) {
    int opp = 1 - o->seat, leader = 1 - o->dealer, trump = o->trump;
    int foreplay_tricks = (gw_deck_size(o->variant) - 2 * gw_hand_size(o->variant)) / 2;
    unsigned voids = 0;
    for (int t = 0; 2 * t + 1 < o->nmoves; t++) {
        gw_card led = o->moves[2 * t], follow = o->moves[2 * t + 1];
        int follower = 1 - leader;
        if (follower == opp && gw_card_suit(follow) != gw_card_suit(led)) voids |= 1u << gw_card_suit(led);
        int winner = gw_trick_winner(trump, led, follow) ? follower : leader;
        /* The loser of a foreplay trick draws face down: any suit. */
        if (t < foreplay_tricks && winner != opp) voids = 0;
        leader = winner;
    }
    return voids;
}

/* The endgame: the opponent's hand is known; the best card by exact
 * solving, the cheapest of equally good ones. */
static gw_card endgame(const gw_observation *o, gw_solver *solver) {
    gw_card_value v[13];
    int best, n = solver ? gw_endgame_values(solver, o, v, &best, NULL) : -1;
    gw_cards good = 0;
    for (int i = 0; i < n; i++)
        if (v[i].tricks == best) good |= gw_bit(v[i].card);
    return good ? cheapest(good, o->trump) : gw_ai_easy(o, NULL);
}

gw_card hard_foreplay(gw_cards legal, gw_cards theirs, gw_cards hidden, gw_card upcard, gw_card led,
                      int trump, const gw_stakes *st) {
    (void)st;
    gw_cards trumps = gw_suit_cards(trump);
    double gain = upcard_gain(upcard, hidden, trump);
    bool trump_up = gw_card_suit(upcard) == trump;
    /* Worth fighting for: clearly above an average hidden card (a gain of 3
     * measured best of 0 to 4 against easy; the margin moved by 0.2 tricks). */
    bool want = gain >= 3.0;
    if (led == GW_NO_CARD) {
        if (want) {
            /* Take it with a card nothing can beat: a side winner first, a
             * top trump when the up-card is worth it. */
            gw_cards winners = sure_winners(legal, theirs, trump);
            gw_cards side = winners & ~trumps;
            if (side) return cheapest(side, trump);
            if ((winners & trumps) && (trump_up || gain >= 6.0)) return cheapest(winners & trumps, trump);
        }
        /* Otherwise give the trick away cheaply: the lowest side card. */
        gw_cards side = legal & ~trumps;
        return cheapest(side ? side : legal, trump);
    }
    gw_cards beats = 0;
    for (gw_cards s = legal; s; s &= s - 1)
        if (gw_trick_winner(trump, led, gw_first(s))) beats |= gw_bit(gw_first(s));
    if (want && beats) {
        gw_card c = cheapest(beats, trump);
        /* Ruffing spends a trump: only for a trump up-card or a big gain. */
        bool ruff = gw_card_suit(c) == trump && gw_card_suit(led) != trump;
        if (!ruff || trump_up || gain >= 6.0) return c;
    }
    /* Losing the trick: keep the good cards, play the cheapest that loses. */
    gw_cards losers = legal & ~beats;
    return cheapest(losers ? losers : legal, trump);
}

gw_card gw_ai_hard(const gw_observation *o, gw_solver *solver, const gw_stakes *st) {
    if (o->phase == GW_ENDGAME) return endgame(o, solver);
    /* Perfect memory: the opponent holds its known cards and some of the
     * unseen ones, none of a suit it showed void in since its last hidden
     * draw; the loser of this trick draws one of the unseen. */
    gw_cards void_cards = 0;
    unsigned voids = hard_voids(o);
    for (int suit = 0; suit < GW_SUITS; suit++)
        if (voids >> suit & 1) void_cards |= gw_suit_cards(suit);
    return hard_foreplay(gw_observation_legal(o), (o->unseen & ~void_cards) | o->opp_known, o->unseen,
                         o->upcard, o->led, o->trump, st);
}
