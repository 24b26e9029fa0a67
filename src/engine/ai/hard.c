/* hard.c: the `hard` level: perfect memory; judges each up-card against the unseen cards, solves the endgame
 * exactly. */
#include "hard.h"

#include <assert.h>

#include "gw/ai.h"

static const hard_params PARAMS[2][2] = {
    {HARD_PARAMS_TRICKS_CLASSIC, HARD_PARAMS_TRICKS_SMALL},
    {HARD_PARAMS_EVERY_CLASSIC, HARD_PARAMS_EVERY_SMALL},
};

const hard_params *hard_params_for(const gw_stakes *st, gw_variant v) {
    bool every = st && st->scoring == GW_EVERY;
    return &PARAMS[every ? 1 : 0][v == GW_SMALL ? 1 : 0];
}

/* The cards of c's suit above it. */
static gw_cards above(gw_card c) { return gw_suit_cards(gw_card_suit(c)) & ~((gw_bit(c) << 1) - 1); }

/* What a card is worth keeping: its rank (or its effective rank: the ace
 * less the cards above it neither played nor the player's), and more for a
 * trump. */
static double worth(const hard_view *v, const hard_params *p, gw_card c) {
    int rank = p->effective ? GW_RANK_A - gw_count(above(c) & ~v->played & ~v->own) : gw_card_rank(c);
    return rank + (gw_card_suit(c) == v->trump ? p->trump_bonus : 0);
}

/* The card of set (not empty) worth least, the lowest rank first on a
 * tie. */
static gw_card cheapest(const hard_view *v, const hard_params *p, gw_cards set) {
    assert(set);
    gw_card best = GW_NO_CARD;
    double best_w = 0;
    for (gw_cards s = set; s; s &= s - 1) {
        gw_card c = gw_first(s);
        double w = worth(v, p, c);
        if (best == GW_NO_CARD || w < best_w || (w == best_w && gw_card_rank(c) < gw_card_rank(best))) {
            best = c;
            best_w = w;
        }
    }
    return best;
}

/* How much better the up-card is than the hidden card the loser draws,
 * which is any of `hidden`, equally likely. */
static double upcard_gain(const hard_view *v, const hard_params *p) {
    int n = gw_count(v->hidden);
    if (n == 0) return 0;
    double sum = 0;
    for (gw_cards s = v->hidden; s; s &= s - 1)
        sum += worth(v, p, gw_first(s));
    return worth(v, p, v->upcard) - sum / n;
}

/* Cards of `mine` that no card of `theirs` can beat: none above it in its
 * suit, and no ruff (they hold the suit, or no trump). */
static gw_cards sure_winners(gw_cards mine, gw_cards theirs, int trump) {
    gw_cards out = 0;
    for (gw_cards s = mine; s; s &= s - 1) {
        gw_card c = gw_first(s);
        int suit = gw_card_suit(c);
        bool ruff = suit != trump && !(theirs & gw_suit_cards(suit)) && (theirs & gw_suit_cards(trump));
        if (!(above(c) & theirs) && !ruff) out |= gw_bit(c);
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

hard_view hard_view_of(const gw_observation *o) {
    /* Perfect memory: the opponent holds its known cards and some of the
     * unseen ones, none of a suit it showed void in since its last hidden
     * draw; the loser of this trick draws one of the unseen. */
    gw_cards void_cards = 0;
    unsigned voids = hard_voids(o);
    for (int suit = 0; suit < GW_SUITS; suit++)
        if (voids >> suit & 1) void_cards |= gw_suit_cards(suit);
    return (hard_view){o->own,
                       gw_observation_legal(o),
                       (o->unseen & ~void_cards) | o->opp_known,
                       o->unseen,
                       o->played,
                       o->upcard,
                       o->led,
                       o->trump,
                       o->variant};
}

/* The endgame: the opponent's hand is known; the best card by exact
 * solving, the cheapest of equally good ones (rank, plus 13 for a trump). */
static gw_card endgame(const gw_observation *o, gw_solver *solver) {
    gw_card_value v[13];
    int best, n = solver ? gw_endgame_values(solver, o, v, &best, NULL) : -1;
    gw_cards good = 0;
    for (int i = 0; i < n; i++)
        if (v[i].tricks == best) good |= gw_bit(v[i].card);
    if (!good) return gw_ai_easy(o, NULL);
    static const hard_params printed = HARD_PARAMS_BASE;
    hard_view view = {0};
    view.trump = o->trump;
    return cheapest(&view, &printed, good);
}

gw_card hard_foreplay_with(const hard_view *v, const hard_params *p) {
    gw_cards trumps = gw_suit_cards(v->trump);
    double gain = upcard_gain(v, p) + p->trick;
    bool trump_up = gw_card_suit(v->upcard) == v->trump;
    /* Worth fighting for: clearly above an average hidden card, counting
     * the trick itself where it scores. */
    bool want = gain >= p->want;
    if (v->led == GW_NO_CARD) {
        if (want) {
            /* Take it with a card nothing can beat: a side winner first, a
             * top trump when the up-card is worth it. */
            gw_cards winners = sure_winners(v->legal, v->theirs, v->trump);
            gw_cards side = winners & ~trumps;
            if (side) return cheapest(v, p, side);
            if ((winners & trumps) && (trump_up || gain >= p->big)) {
                gw_card t = cheapest(v, p, winners & trumps);
                if (worth(v, p, v->upcard) - worth(v, p, t) >= p->trade) return t;
            }
            /* No sure winner: a high side card that may hold, or costs the
             * opponent a high card or a trump to beat. */
            gw_cards others = v->legal & ~trumps;
            if (others) {
                gw_card best = GW_NO_CARD;
                double best_w = 0;
                for (gw_cards s = others; s; s &= s - 1) {
                    double w = worth(v, p, gw_first(s));
                    if (best == GW_NO_CARD || w > best_w) best = gw_first(s), best_w = w;
                }
                if (best_w >= p->attack) return best;
            }
        }
        /* Otherwise give the trick away cheaply: the cheapest side card. */
        gw_cards side = v->legal & ~trumps;
        return cheapest(v, p, side ? side : v->legal);
    }
    gw_cards beats = 0;
    for (gw_cards s = v->legal; s; s &= s - 1)
        if (gw_trick_winner(v->trump, v->led, gw_first(s))) beats |= gw_bit(gw_first(s));
    gw_cards losers = v->legal & ~beats;
    if (!losers) return cheapest(v, p, beats);
    gw_card lose = cheapest(v, p, losers);
    if (beats) {
        gw_card c = cheapest(v, p, beats);
        /* Ruffing spends a trump: only for a trump up-card or a big gain. */
        bool ruff = gw_card_suit(c) == v->trump && gw_card_suit(v->led) != v->trump;
        if (gain >= p->want && (!ruff || trump_up || gain >= p->big)) return c;
    }
    /* Losing the trick: keep the good cards, play the cheapest that loses. */
    return lose;
}

gw_card hard_foreplay(const hard_view *v, const gw_stakes *st) {
    return hard_foreplay_with(v, hard_params_for(st, v->variant));
}

/* The hand's worth to the seat (points of st) after the last foreplay
 * trick: `mine` led or followed by `theirs`, the stock's last hidden card
 * `h`, the opponent holding `opp` before the trick; the endgame solved. */
static double last_trick_value(gw_solver *solver, const gw_observation *o, const gw_stakes *st, gw_card mine,
                               gw_card theirs, gw_card h, gw_cards opp) {
    bool lead = o->led == GW_NO_CARD;
    gw_card first = lead ? mine : theirs, second = lead ? theirs : mine;
    bool won = gw_trick_winner(o->trump, first, second) ? !lead : lead;
    gw_cards own = (o->own & ~gw_bit(mine)) | gw_bit(won ? o->upcard : h);
    opp = (opp & ~gw_bit(theirs)) | gw_bit(won ? h : o->upcard);
    gw_position pos = {o->trump, won ? own : opp, won ? opp : own, GW_NO_CARD};
    int v = gw_solve(solver, &pos), n = gw_hand_size(o->variant), me = o->seat;
    int endgame[2], all[2];
    endgame[me] = won ? v : n - v;
    endgame[1 - me] = n - endgame[me];
    all[me] = o->won[0][me] + (won ? 1 : 0) + endgame[me];
    all[1 - me] = o->won[0][1 - me] + (won ? 0 : 1) + endgame[1 - me];
    return gw_stakes_value(st, o->variant, me, endgame, all);
}

/* The last foreplay trick (the stock holds the up-card and one hidden
 * card): every card the opponent may hold is known but one, so each legal
 * card is valued exactly for each card the stock may hide, the opponent
 * answering a lead with its best reply for that deal; the best mean wins,
 * the cheapest on a tie. */
static gw_card last_trick(const gw_observation *o, gw_solver *solver, const gw_stakes *st) {
    gw_cards legal = gw_observation_legal(o);
    gw_card best = GW_NO_CARD;
    double best_v = 0;
    for (gw_cards s = legal; s; s &= s - 1) {
        gw_card c = gw_first(s);
        double sum = 0;
        for (gw_cards hs = o->unseen; hs; hs &= hs - 1) {
            gw_card h = gw_first(hs);
            gw_cards opp = (o->unseen & ~gw_bit(h)) | o->opp_known;
            if (o->led != GW_NO_CARD) {
                sum += last_trick_value(solver, o, st, c, o->led, h, opp);
                continue;
            }
            gw_cards follow = opp & gw_suit_cards(gw_card_suit(c)), replies = follow ? follow : opp;
            double worst = 0;
            bool first = true;
            for (gw_cards r = replies; r; r &= r - 1) {
                double v = last_trick_value(solver, o, st, c, gw_first(r), h, opp);
                if (first || v < worst) worst = v, first = false;
            }
            sum += worst;
        }
        static const hard_params printed = HARD_PARAMS_BASE;
        hard_view view = {0};
        view.trump = o->trump;
        if (best == GW_NO_CARD || sum > best_v + 1e-9 ||
            (sum > best_v - 1e-9 && worth(&view, &printed, c) < worth(&view, &printed, best)))
            best = c, best_v = sum;
    }
    return best;
}

gw_card gw_ai_hard(const gw_observation *o, gw_solver *solver, const gw_stakes *st) {
    if (o->phase == GW_ENDGAME) return endgame(o, solver);
    if (solver && o->stock_left == 2 && gw_count(o->unseen) == o->opp_hand_size - gw_count(o->opp_known) + 1)
        return last_trick(o, solver, st);
    hard_view v = hard_view_of(o);
    return hard_foreplay(&v, st);
}
