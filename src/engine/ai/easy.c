/* easy.c: the `easy` level (the tactics of seed 000, without memory): cheap wins for good up-cards and in the
 * endgame, low discards otherwise. */
#include "gw/ai.h"

/* The card of lowest (or highest) rank, non-trumps before trumps. */
static gw_card pick(gw_cards set, int trump, bool high) {
    gw_cards plain = set & ~gw_suit_cards(trump);
    gw_card best = GW_NO_CARD;
    for (gw_cards s = plain ? plain : set; s; s &= s - 1) {
        gw_card c = gw_first(s);
        if (best == GW_NO_CARD ||
            (high ? gw_card_rank(c) > gw_card_rank(best) : gw_card_rank(c) < gw_card_rank(best)))
            best = c;
    }
    return best;
}

static gw_card lowest(gw_cards set, int trump) { return pick(set, trump, false); }
static gw_card highest(gw_cards set, int trump) { return pick(set, trump, true); }

/* An up-card worth fighting for: a trump or a jack or better. */
static bool good_upcard(const gw_observation *o) {
    return o->upcard != GW_NO_CARD &&
           (gw_card_suit(o->upcard) == o->trump || gw_card_rank(o->upcard) >= GW_RANK_J);
}

gw_card gw_ai_easy(const gw_observation *o, const gw_stakes *st) {
    gw_cards legal = gw_observation_legal(o);
    /* Under `every` a foreplay trick scores by itself: fight for it, but
     * spend a trump only on a good up-card. */
    bool every = st && st->scoring == GW_EVERY && o->phase == GW_FOREPLAY;
    bool want = o->phase == GW_ENDGAME || good_upcard(o);
    if (o->led == GW_NO_CARD) return want ? highest(legal, o->trump) : lowest(legal, o->trump);
    gw_cards winners = 0;
    for (gw_cards s = legal; s; s &= s - 1)
        if (gw_trick_winner(o->trump, o->led, gw_first(s))) winners |= gw_bit(gw_first(s));
    if (!want && every) { /* a cheap winner only: no trump, no honour */
        gw_cards cheap = 0;
        for (gw_cards s = winners & ~gw_suit_cards(o->trump); s; s &= s - 1)
            if (gw_card_rank(gw_first(s)) < GW_RANK_J) cheap |= gw_bit(gw_first(s));
        winners = cheap;
    }
    if ((want || every) && winners) return lowest(winners, o->trump);
    gw_cards losers = legal & ~winners;
    return lowest(losers ? losers : legal, o->trump);
}
