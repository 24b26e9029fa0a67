/* android_know.c: what one Android Whist human can infer about the hidden hands, and deals sampled to fit it.
 */
#include <stddef.h>
#include <string.h>

#include "android_know.h"

/* Tries to draw a split that fits every answer, then swaps to repair the best. */
#define SAMPLE_TRIES 48
#define REPAIR_STEPS 192

gw_cards aai_excluded(const gw_android_situation *s, int command, int answer, gw_card card) {
    int trump = s->trump;
    bool leading = s->nplayed == 0;
    if (command <= GW_CMD_HIGH) {
        if (leading) return 0; /* refused: never logged */
        int led = gw_card_suit(s->trick[0]);
        gw_card w = gw_android_winning_card(trump, s->trick, s->nplayed);
        gw_cards led_cards = gw_suit_cards(led);
        /* The trumps that beat w, were the android void in the suit led. */
        gw_cards ruffers = gw_card_suit(w) == trump ? aai_above(w) : gw_suit_cards(trump);
        if (answer == GW_ANSWER_NO_LED_SUIT) return led_cards;
        if (answer == GW_ANSWER_CANNOT_BEAT) return led_cards | ruffers;
        if (answer != GW_ANSWER_CARD) return 0;
        if (gw_card_suit(card) == led) {
            if (command == GW_CMD_DUCK) return aai_below(card);
            bool beats = gw_card_suit(w) == led && gw_card_rank(card) > gw_card_rank(w);
            if (beats) return command == GW_CMD_BEAT ? aai_above(w) & aai_below(card) : aai_above(card);
            /* No card of the suit led beat w: the lowest of it was played. */
            return aai_below(card) | (gw_card_suit(w) == led ? aai_above(w) : 0);
        }
        /* Void in the suit led: the lowest (beat) or highest (high) trump that beats w. */
        return led_cards | (command == GW_CMD_BEAT ? ruffers & aai_below(card) : aai_above(card));
    }
    int base = command >= GW_CMD_HIGH_SPADES ? command - (GW_CMD_HIGH_SPADES - GW_CMD_SPADES) : command;
    if (answer == GW_ANSWER_VOID_SUIT) return gw_suit_cards(base - GW_CMD_SPADES);
    if (answer == GW_ANSWER_NO_PLAIN_SUIT) return GW_ALL_CARDS & ~gw_suit_cards(trump);
    if (answer != GW_ANSWER_CARD) return 0; /* ties and must-follow prove lengths, checked by replay */
    gw_cards ex = command >= GW_CMD_HIGH_SPADES ? aai_above(card) : aai_below(card);
    if (!leading && gw_card_suit(card) != gw_card_suit(s->trick[0]))
        ex |= gw_suit_cards(gw_card_suit(s->trick[0]));
    return ex;
}

/* Adds a check for the own android's answer to ev in the current trick;
 * played_before: the android's cards played before it. */
static void add_check(aai_know *k, const gw_android_event *ev, const gw_card *trick, int n, int errors,
                      gw_cards played_before, gw_cards *excluded) {
    aai_check *c = &k->checks[k->nchecks++];
    memset(c, 0, sizeof *c);
    c->s.hand = played_before; /* turned into "played from here on" at the end */
    c->s.trump = k->trump;
    c->s.nplayed = n;
    for (int i = 0; i < 3; i++)
        c->s.trick[i] = i < n ? trick[i] : GW_NO_CARD;
    c->s.after_error = errors > 0;
    c->command = ev->command;
    c->answer = ev->answer;
    c->card = ev->card;
    *excluded |= aai_excluded(&c->s, ev->command, ev->answer, ev->card);
}

/* Once one hidden hand is pinned down by its size, the other is the rest. */
static void settle(aai_know *k) {
    int a = k->android, o = k->rival;
    for (int pass = 0; pass < 2; pass++) {
        k->must[a] = k->may[a] & ~k->may[o];
        k->must[o] = k->may[o] & ~k->may[a];
        int x = pass == 0 ? a : o, y = pass == 0 ? o : a;
        gw_cards exact = 0;
        if (gw_count(k->may[x]) == k->held[x])
            exact = k->may[x];
        else if (gw_count(k->must[x]) == k->held[x])
            exact = k->must[x];
        else
            continue;
        k->may[x] = k->must[x] = exact;
        k->may[y] = k->must[y] = k->hidden & ~exact;
        return;
    }
}

void aai_know_make(const gw_android_view *v, aai_know *k) {
    memset(k, 0, offsetof(aai_know, checks));
    k->nchecks = 0;
    k->me = v->seat;
    k->android = gw_seat_partner(v->seat);
    k->rival_android = v->opposing_android;
    k->rival = gw_seat_partner(v->opposing_android);
    k->trump = v->trump;
    k->played = v->played;
    k->hidden = GW_ALL_CARDS & ~v->own & ~v->opposing_hand & ~v->played;
    for (int s = 0; s < GW_SEATS; s++)
        k->held[s] = v->held[s];
    k->may[k->me] = k->must[k->me] = v->own;
    k->may[k->rival_android] = k->must[k->rival_android] = v->opposing_hand;
    k->leader = v->leader;
    k->ntrick = v->ntrick;
    memcpy(k->trick, v->trick, sizeof k->trick);
    k->won[0] = v->won[0];
    k->won[1] = v->won[1];
    k->tricks_done = v->tricks_done;
    k->errors = v->errors;

    /* Walk the public record, rebuilding each trick as it was. */
    gw_cards excluded[GW_SEATS] = {0, 0, 0, 0}, android_played = 0;
    gw_card trick[GW_SEATS];
    int n = 0, errors = 0;
    for (int i = 0; i < v->nevents; i++) {
        const gw_android_event *ev = &v->events[i];
        bool mine = ev->seat == k->android && ev->command != GW_CMD_NONE;
        if (ev->card == GW_NO_CARD) { /* an error: nothing played */
            if (mine && k->nchecks < AAI_MAX_CHECKS)
                add_check(k, ev, trick, n, errors, android_played, &excluded[k->android]);
            errors++;
            continue;
        }
        if (mine && k->nchecks < AAI_MAX_CHECKS)
            add_check(k, ev, trick, n, errors, android_played, &excluded[k->android]);
        if (n > 0 && gw_card_suit(ev->card) != gw_card_suit(trick[0]))
            excluded[ev->seat] |= gw_suit_cards(gw_card_suit(trick[0])); /* a void shown */
        if (ev->seat == k->android) android_played |= gw_bit(ev->card);
        trick[n++] = ev->card;
        errors = 0;
        if (n == GW_SEATS) n = 0;
    }
    for (int i = 0; i < k->nchecks; i++)
        k->checks[i].s.hand = android_played & ~k->checks[i].s.hand;
    /* The failed commands of the play in progress are the last errors. */
    if (v->turn == k->android && v->tricks_done < GW_ANDROID_TRICKS)
        for (int i = v->nevents - v->errors; i < v->nevents; i++)
            if (i >= 0) k->failed |= 1u << v->events[i].command;

    k->open = gw_android_commands_open(v);
    k->may[k->android] = k->hidden & ~excluded[k->android];
    k->may[k->rival] = k->hidden & ~excluded[k->rival];
    settle(k);
}

int aai_violations(const aai_know *k, gw_cards android, int stop) {
    int bad = 0;
    for (int i = 0; i < k->nchecks && bad < stop; i++) {
        const aai_check *c = &k->checks[i];
        gw_android_situation s = c->s;
        s.hand |= android;
        gw_android_outcome o = gw_android_evaluate(&s, (gw_android_command)c->command);
        if (o.answer != c->answer || o.card != c->card) bad++;
    }
    return bad;
}

/* The k-th card of a set, for picking at random. */
static gw_card pick(gw_rng *rng, gw_cards set) {
    return gw_nth(set, (int)gw_rng_below(rng, (uint32_t)gw_count(set)));
}

int aai_sample(const aai_know *k, gw_rng *rng, gw_cards hands[GW_SEATS]) {
    int a = k->android, o = k->rival;
    for (int s = 0; s < GW_SEATS; s++)
        hands[s] = k->may[s] == k->must[s] ? k->may[s] : 0;
    gw_cards must = k->must[a], free = k->may[a] & k->may[o];
    int need = k->held[a] - gw_count(must);
    if (need < 0 || need > gw_count(free) || gw_count(k->must[o]) > k->held[o]) {
        /* The facts contradict each other (they cannot for a real game):
         * fall back on any split of the hidden cards. */
        must = 0;
        free = k->hidden;
        need = k->held[a];
    }
    gw_cards best = 0;
    int best_bad = k->nchecks + 1;
    for (int t = 0; t < SAMPLE_TRIES && best_bad > 0; t++) {
        gw_cards hand = must, left = free;
        for (int i = 0; i < need; i++) {
            gw_card c = pick(rng, left);
            hand |= gw_bit(c);
            left &= ~gw_bit(c);
        }
        int bad = aai_violations(k, hand, best_bad);
        if (bad < best_bad) {
            best = hand;
            best_bad = bad;
        }
    }
    /* Repair: swap a free card of the android's with one of the other hand's,
     * keeping the swap unless it fits fewer answers. */
    gw_cards in = best & free, out = free & ~best;
    for (int step = 0; step < REPAIR_STEPS && best_bad > 0 && in && out; step++) {
        gw_card x = pick(rng, in), y = pick(rng, out);
        gw_cards hand = (best & ~gw_bit(x)) | gw_bit(y);
        int bad = aai_violations(k, hand, best_bad + 1);
        if (bad <= best_bad) {
            best = hand;
            best_bad = bad;
            in = (in & ~gw_bit(x)) | gw_bit(y);
            out = (out & ~gw_bit(y)) | gw_bit(x);
        }
    }
    hands[a] = best;
    hands[o] = k->hidden & ~best;
    return best_bad;
}

unsigned aai_commands_open(const aai_know *k) { return k->open; }
