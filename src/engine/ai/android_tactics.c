/* android_tactics.c: whist tactics for any seat, judged on what each seat may hold. */
#include "android_tactics.h"

/* A hidden hand counts as void in a suit when it is this likely to be. */
#define VOID_LIKELY 0.25
/* Second hand covers a card led this high (jack) with a sure winner. */
#define COVER_RANK GW_RANK_J
/* Lead trumps when holding this many and the opponents may hold some. */
#define TRUMP_LEAD_LENGTH 4
/* Lead the top of a sequence from this rank (ten) up. */
#define SEQUENCE_RANK GW_RANK_T

void aai_table_from_know(const aai_know *k, aai_table *t) {
    t->trump = k->trump;
    t->leader = k->leader;
    t->ntrick = k->ntrick;
    for (int s = 0; s < GW_SEATS; s++) {
        t->trick[s] = k->trick[s];
        t->may[s] = k->may[s];
        t->must[s] = k->must[s];
        t->held[s] = k->held[s];
    }
    t->played = k->played;
    t->won[0] = k->won[0];
    t->won[1] = k->won[1];
    t->tricks_done = k->tricks_done;
}

void aai_table_with_hands(const aai_know *k, const gw_cards hands[GW_SEATS], aai_table *t) {
    aai_table_from_know(k, t);
    for (int s = 0; s < GW_SEATS; s++)
        t->may[s] = t->must[s] = hands[s];
}

int aai_winning_index(const aai_table *t) {
    int best = 0;
    for (int i = 1; i < t->ntrick; i++)
        if (gw_trick_winner(t->trump, t->trick[best], t->trick[i])) best = i;
    return best;
}

bool aai_void_likely(const aai_table *t, int s, int suit) {
    gw_cards cards = gw_suit_cards(suit);
    if (t->must[s] & cards) return false;
    gw_cards unsure = t->may[s] & ~t->must[s];
    int k = gw_count(unsure & cards);
    if (k == 0) return true;
    /* A hidden hand: the chance that none of the suit's k possible cards is
     * among its slots, drawn from the n cards it may hold. */
    int n = gw_count(unsure), slots = t->held[s] - gw_count(t->must[s]);
    double p = 1;
    for (int i = 0; i < slots && p > 0; i++)
        p = n - k - i > 0 ? p * (double)(n - k - i) / (double)(n - i) : 0;
    return p > VOID_LIKELY;
}

/* Whether seat s may beat card w in a trick led in suit led. */
static bool may_beat(const aai_table *t, int s, int led, gw_card w) {
    gw_cards higher = t->may[s] & aai_above(w);
    if (gw_card_suit(w) == led) {
        if (higher) return true;
        return led != t->trump && (t->may[s] & gw_suit_cards(t->trump)) && aai_void_likely(t, s, led);
    }
    return higher && aai_void_likely(t, s, led); /* w ruffed: an overruff */
}

bool aai_safe(const aai_table *t, int m, gw_card c) {
    int led = t->ntrick > 0 ? gw_card_suit(t->trick[0]) : gw_card_suit(c);
    for (int i = t->ntrick + 1; i < GW_SEATS; i++) {
        int s = (t->leader + i) % GW_SEATS;
        if (gw_seat_side(s) != gw_seat_side(m) && may_beat(t, s, led, c)) return false;
    }
    return true;
}

gw_cards aai_legal(const aai_table *t, gw_cards hand) {
    if (t->ntrick == 0) return hand;
    gw_cards follow = hand & gw_suit_cards(gw_card_suit(t->trick[0]));
    return follow ? follow : hand;
}

/* The lowest and highest card of each suit of hand. */
static gw_cards ends(gw_cards hand) {
    gw_cards out = 0;
    for (int s = 0; s < GW_SUITS; s++) {
        gw_cards in = hand & gw_suit_cards(s);
        if (in) out |= gw_bit(gw_first(in)) | gw_bit(gw_last(in));
    }
    return out;
}

gw_cards aai_reachable(gw_cards hand, int trump, const gw_card *trick, int n) {
    if (n == 0) return ends(hand);
    int led = gw_card_suit(trick[0]);
    gw_card w = gw_android_winning_card(trump, trick, n);
    gw_cards suit = hand & gw_suit_cards(led);
    if (suit) { /* duck, beat and high; no error is possible, so nothing else */
        gw_cards beaters = gw_card_suit(w) == led ? suit & aai_above(w) : 0;
        gw_cards out = gw_bit(gw_first(suit));
        if (beaters) out |= gw_bit(gw_first(beaters)) | gw_bit(gw_last(beaters));
        return out;
    }
    /* Void: beat and high ruff; after an error (duck) every suit command. */
    gw_cards ruffers = hand & (gw_card_suit(w) == trump ? aai_above(w) : gw_suit_cards(trump));
    gw_cards out = ends(hand);
    if (ruffers) out |= gw_bit(gw_first(ruffers)) | gw_bit(gw_last(ruffers));
    return out;
}

gw_card aai_equivalent_low(gw_cards hand, gw_cards gone, gw_card c) {
    gw_card best = c;
    for (int r = gw_card_rank(c) - 1; r >= 0; r--) {
        gw_card x = gw_card_make(gw_card_suit(c), r);
        if (gw_has(hand, x))
            best = x;
        else if (!gw_has(gone, x))
            break;
    }
    return best;
}

/* The card to throw when not following suit: a plain card of the lowest
 * rank, from the shortest such suit (to make a void); trumps last. */
static gw_card discard(const aai_table *t, gw_cards hand, gw_cards allowed) {
    gw_cards plain = allowed & ~gw_suit_cards(t->trump);
    gw_cards pool = plain ? plain : allowed;
    gw_card best = GW_NO_CARD;
    int best_len = 0;
    for (int s = 0; s < GW_SUITS; s++) {
        gw_cards in = pool & gw_suit_cards(s);
        if (!in) continue;
        gw_card c = gw_first(in);
        int len = gw_count(hand & gw_suit_cards(s));
        if (best == GW_NO_CARD || gw_card_rank(c) < gw_card_rank(best) ||
            (gw_card_rank(c) == gw_card_rank(best) && len < best_len)) {
            best = c;
            best_len = len;
        }
    }
    return best;
}

/* Plays low: the lowest card of the suit led, else a discard. */
static gw_card low(const aai_table *t, gw_cards hand, gw_cards allowed) {
    if (t->ntrick > 0) {
        gw_cards follow = allowed & gw_suit_cards(gw_card_suit(t->trick[0]));
        if (follow) return gw_first(follow);
    }
    return discard(t, hand, allowed);
}

/* The card to lead. */
static gw_card lead(const aai_table *t, int m, gw_cards hand, gw_cards allowed) {
    gw_cards trumps = gw_suit_cards(t->trump);
    int partner = gw_seat_partner(m);
    gw_cards opp = t->may[gw_seat_next(m)] | t->may[gw_seat_partner(gw_seat_next(m))];
    gw_cards own_trumps = allowed & trumps;
    /* Draw trumps when long in them. */
    if (gw_count(hand & trumps) >= TRUMP_LEAD_LENGTH && (opp & trumps) && own_trumps) {
        gw_card top = gw_last(own_trumps);
        if (aai_safe(t, m, top)) {
            gw_card e = aai_equivalent_low(hand, t->played, top);
            return gw_has(allowed, e) ? e : top;
        }
        return gw_first(own_trumps);
    }
    /* Cash a sure winner in a plain suit, from the longest such suit. */
    gw_card cash = GW_NO_CARD;
    int cash_len = 0;
    for (int s = 0; s < GW_SUITS; s++) {
        gw_cards in = allowed & gw_suit_cards(s);
        if (s == t->trump || !in) continue;
        gw_card top = gw_last(in);
        int len = gw_count(hand & gw_suit_cards(s));
        if (len > cash_len && aai_safe(t, m, top)) {
            gw_card e = aai_equivalent_low(hand, t->played, top);
            cash = gw_has(allowed, e) ? e : top;
            cash_len = len;
        }
    }
    if (cash != GW_NO_CARD) return cash;
    /* Give the partner a ruff in a suit it lacks. */
    if (t->may[partner] & trumps)
        for (int s = 0; s < GW_SUITS; s++) {
            gw_cards in = allowed & gw_suit_cards(s);
            if (s != t->trump && in && aai_void_likely(t, partner, s) &&
                !aai_void_likely(t, gw_seat_next(partner), s))
                return gw_first(in);
        }
    /* Lead from length: the longest plain suit no opponent is likely to
     * ruff (any plain suit if all are), the top of a sequence or low. */
    int best = -1, best_len = 0, best_top = -1;
    bool best_ruffable = true;
    for (int s = 0; s < GW_SUITS; s++) {
        gw_cards in = allowed & gw_suit_cards(s);
        if (s == t->trump || !in) continue;
        bool ruffable = false;
        for (int o = gw_seat_next(m), i = 0; i < 2; i++, o = gw_seat_partner(o))
            if ((t->may[o] & trumps) && aai_void_likely(t, o, s)) ruffable = true;
        int len = gw_count(hand & gw_suit_cards(s)), top = gw_card_rank(gw_last(in));
        bool better = best < 0 || (best_ruffable && !ruffable) ||
                      (best_ruffable == ruffable && (len > best_len || (len == best_len && top > best_top)));
        if (better) {
            best = s;
            best_len = len;
            best_top = top;
            best_ruffable = ruffable;
        }
    }
    if (best < 0) return gw_first(own_trumps ? own_trumps : allowed); /* trumps only */
    gw_cards in = allowed & gw_suit_cards(best);
    gw_card top = gw_last(in);
    if (gw_card_rank(top) >= SEQUENCE_RANK && aai_equivalent_low(hand, t->played, top) != top) return top;
    return gw_first(in);
}

gw_card aai_card(const aai_table *t, gw_cards allowed) {
    int m = aai_turn(t);
    gw_cards hand = t->may[m];
    if (t->ntrick == 0) return lead(t, m, hand, allowed);
    int led = gw_card_suit(t->trick[0]);
    int wi = aai_winning_index(t);
    gw_card w = t->trick[wi];
    bool partner_wins = gw_seat_side((t->leader + wi) % GW_SEATS) == gw_seat_side(m);
    bool opp_after = false;
    for (int i = t->ntrick + 1; i < GW_SEATS; i++)
        if (gw_seat_side((t->leader + i) % GW_SEATS) != gw_seat_side(m)) opp_after = true;
    if (partner_wins && (!opp_after || aai_safe(t, m, w))) return low(t, hand, allowed);
    gw_cards beaters = 0, sure = 0;
    for (gw_cards rest = allowed; rest; rest &= rest - 1) {
        gw_card c = gw_first(rest);
        if (!gw_trick_winner(t->trump, w, c)) continue;
        beaters |= gw_bit(c);
        if (aai_safe(t, m, c)) sure |= gw_bit(c);
    }
    if (!beaters) return low(t, hand, allowed);
    bool ruff = !(beaters & gw_suit_cards(led));
    if (t->ntrick == 1) { /* second hand low, unless a sure winner ruffs or covers an honour */
        if (sure && (ruff || gw_card_rank(t->trick[0]) >= COVER_RANK)) return gw_first(sure);
        return low(t, hand, allowed);
    }
    if (sure) return gw_first(sure); /* win as cheaply as surely */
    if (ruff) return gw_first(beaters);
    /* Third hand high: the highest card that beats, the lowest of its sequence. */
    gw_card top = gw_last(beaters);
    gw_card e = aai_equivalent_low(hand, t->played, top);
    return gw_has(allowed, e) ? e : top;
}

void aai_play(aai_table *t, gw_card c) {
    int m = aai_turn(t);
    t->may[m] &= ~gw_bit(c);
    t->must[m] &= ~gw_bit(c);
    t->held[m]--;
    t->played |= gw_bit(c);
    t->trick[t->ntrick++] = c;
    if (t->ntrick < GW_SEATS) return;
    int winner = (t->leader + aai_winning_index(t)) % GW_SEATS;
    t->won[gw_seat_side(winner)]++;
    t->tricks_done++;
    t->leader = winner;
    t->ntrick = 0;
    for (int i = 0; i < GW_SEATS; i++)
        t->trick[i] = GW_NO_CARD;
}

int aai_rollout(aai_table *t, int side) {
    while (t->tricks_done < GW_ANDROID_TRICKS) {
        int m = aai_turn(t);
        gw_cards hand = t->may[m];
        gw_cards allowed =
            gw_seat_is_android(m) ? aai_reachable(hand, t->trump, t->trick, t->ntrick) : aai_legal(t, hand);
        aai_play(t, aai_card(t, allowed));
    }
    return t->won[side];
}
