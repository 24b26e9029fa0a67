/* search.c: alpha-beta on a null window ("can the leader make k tricks?") and the solver's API. */
#include <stdlib.h>
#include <string.h>

#include "gw/game.h"
#include "solver_internal.h"

static bool can_make(gw_solver *s, gw_cards leader, gw_cards other, int k);

/* With `led` played from the leader's hand (leaving leader_rest), can the
 * leader still make k tricks, the current one included, whatever the
 * other player answers? */
static bool lead_holds(gw_solver *s, gw_cards leader_rest, gw_cards other, gw_card led, int k) {
    int n = gw_count(other); /* tricks left, this one included */
    gw_card replies[13];
    int count = gw_follows(s, other, leader_rest, led, replies);
    for (int i = 0; i < count; i++) {
        gw_card f = replies[i];
        bool ok;
        if (!gw_trick_winner(s->trump, led, f))
            ok = can_make(s, leader_rest, other & ~gw_bit(f), k - 1);
        else /* the other leads next: the leader needs k of the n - 1 left */
            ok = !can_make(s, other & ~gw_bit(f), leader_rest, n - k);
        if (!ok) return false;
    }
    return true;
}

/* Can the player on lead (holding `leader`) make at least k of the tricks
 * left? */
static bool can_make(gw_solver *s, gw_cards leader, gw_cards other, int k) {
    int n = gw_count(leader);
    if (k <= 0) return true;
    if (k > n) return false;
    s->stats.nodes++;
    if (n == 1) {
        gw_card c = gw_first(leader), f = gw_first(other);
        return !gw_trick_winner(s->trump, c, f);
    }
    int lo = 0, hi = n;
    if (!(s->flags & GW_SOLVE_NO_BOUNDS)) {
        lo = gw_quick_tricks(leader, other, s->trump);
        if (lo >= k) return true;
        hi = n - gw_sure_losers(leader, other, s->trump);
        if (hi < k) return false;
    }
    uint64_t key_a = 0, key_b = 0;
    bool use_table = !(s->flags & GW_SOLVE_NO_TABLE);
    int best = 0xFF;
    if (use_table) {
        int tlo, thi;
        gw_tt_key(s, leader, other, s->trump, &key_a, &key_b);
        if (gw_tt_probe(s, key_a, key_b, &tlo, &thi, &best)) {
            if (tlo >= k) return true;
            if (thi < k) return false;
        }
    }
    gw_card leads[13];
    int count = gw_leads(s, leader, other, leads);
    gw_cards out_cards = leader | other;
    if (best != 0xFF) { /* the lead that worked before goes first */
        for (int i = 1; i < count; i++) {
            if (gw_rel_code(out_cards, leads[i]) != best) continue;
            gw_card c = leads[i];
            memmove(leads + 1, leads, (size_t)i * sizeof leads[0]);
            leads[0] = c;
            break;
        }
    }
    int made = -1;
    for (int i = 0; i < count && made < 0; i++)
        if (lead_holds(s, leader & ~gw_bit(leads[i]), other, leads[i], k)) made = i;
    if (use_table) {
        if (made >= 0)
            gw_tt_store(s, key_a, key_b, k, hi, gw_rel_code(out_cards, leads[made]));
        else
            gw_tt_store(s, key_a, key_b, lo, k - 1, 0xFF);
    }
    return made >= 0;
}

/* A guess at the leader's tricks: both sides play their first-ordered
 * card to the end. Cheap, and usually within a trick of the truth. */
static int guess_start(gw_solver *s, gw_cards leader, gw_cards other) {
    int tricks = 0;
    bool mine = true; /* is the original leader on lead? */
    while (leader) {
        gw_card leads[13], replies[13];
        gw_leads(s, leader, other, leads);
        gw_card c = leads[0];
        gw_follows(s, other, leader & ~gw_bit(c), c, replies);
        gw_card f = replies[0];
        bool kept = !gw_trick_winner(s->trump, c, f);
        if (kept == mine) tricks++;
        leader &= ~gw_bit(c);
        other &= ~gw_bit(f);
        if (!kept) {
            gw_cards t = leader;
            leader = other;
            other = t;
            mine = !mine;
        }
    }
    return tricks;
}

/* The leader's tricks at a trick start: probes step from a guess (MTD(f)
 * with a null window), each probe narrowing [lo, hi]. */
static int value_start(gw_solver *s, gw_cards leader, gw_cards other) {
    int n = gw_count(leader);
    if (n == 0) return 0;
    int lo = 0, hi = n;
    if (!(s->flags & GW_SOLVE_NO_BOUNDS)) {
        lo = gw_quick_tricks(leader, other, s->trump);
        hi = n - gw_sure_losers(leader, other, s->trump);
    }
    int k = guess_start(s, leader, other);
    if (k < lo) k = lo;
    if (k > hi) k = hi;
    while (lo < hi) {
        /* Probe "at least k+1?" when the guess is already known to hold. */
        int probe = k > lo ? k : lo + 1;
        if (can_make(s, leader, other, probe)) {
            lo = probe;
            k = probe + 1;
        } else {
            hi = probe - 1;
            k = probe - 1;
        }
        if (k > hi) k = hi;
        if (k < lo) k = lo;
    }
    return lo;
}

/* The leader's tricks once it has led c from `leader` (c still in it): the
 * largest k that holds, found by bisection over null-window probes. */
static int value_led(gw_solver *s, gw_cards leader, gw_cards other, gw_card c) {
    int lo = 0, hi = gw_count(other);
    while (lo < hi) {
        int k = (lo + hi + 1) / 2;
        if (lead_holds(s, leader & ~gw_bit(c), other, c, k))
            lo = k;
        else
            hi = k - 1;
    }
    return lo;
}

/* The leader's tricks if the other answers led with f. */
static int value_reply(gw_solver *s, gw_cards leader_rest, gw_cards other, gw_card led, gw_card f) {
    int left = gw_count(leader_rest);
    if (!gw_trick_winner(s->trump, led, f)) return 1 + value_start(s, leader_rest, other & ~gw_bit(f));
    return left - value_start(s, other & ~gw_bit(f), leader_rest);
}

gw_status gw_solver_new(size_t table_bytes, gw_solver **out) {
    if (table_bytes == 0) table_bytes = GW_SOLVER_DEFAULT_TABLE;
    size_t entries = 1024;
    while (entries * 2 * sizeof(tt_entry) <= table_bytes)
        entries *= 2;
    gw_solver *s = calloc(1, sizeof *s);
    if (!s) return GW_ENOMEM;
    s->table = calloc(entries, sizeof(tt_entry));
    if (!s->table) {
        free(s);
        return GW_ENOMEM;
    }
    s->mask = entries - 1;
    s->stats.table_bytes = entries * sizeof(tt_entry);
    gw_tt_init(s);
    *out = s;
    return GW_OK;
}

void gw_solver_free(gw_solver *s) {
    if (!s) return;
    free(s->table);
    free(s);
}

void gw_solver_clear(gw_solver *s) {
    memset(s->table, 0, (s->mask + 1) * sizeof(tt_entry));
    size_t bytes = s->stats.table_bytes;
    memset(&s->stats, 0, sizeof s->stats);
    s->stats.table_bytes = bytes;
}

/* Bounds stored under other flags stay exact, so the table is kept. */
void gw_solver_set_flags(gw_solver *s, unsigned flags) { s->flags = flags; }

gw_solver_stats gw_solver_stats_get(const gw_solver *s) { return s->stats; }

gw_status gw_position_check(const gw_position *p, gw_error *err) {
    if (p->trump < 0 || p->trump >= GW_SUITS)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the trump must be a suit");
    if ((p->leader | p->other) & ~GW_ALL_CARDS)
        return gw_error_set(err, GW_EINVAL, 0, 0, "a hand holds something that is not a card");
    gw_cards shared = p->leader & p->other;
    if (p->led != GW_NO_CARD) {
        if (!gw_card_valid(p->led)) return gw_error_set(err, GW_EINVAL, 0, 0, "the led card is not a card");
        shared |= gw_bit(p->led) & (p->leader | p->other);
    }
    if (shared) {
        char list[160];
        gw_cards_format_list(shared, NULL, ' ', list, (int)sizeof list);
        return gw_error_set(err, GW_EINVAL, 0, 0, "cards in two places: %s", list);
    }
    int a = gw_count(p->leader) + (p->led != GW_NO_CARD), b = gw_count(p->other);
    if (a > 13 || b > 13) return gw_error_set(err, GW_EINVAL, 0, 0, "a hand holds more than 13 cards");
    if (a != b)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the hands hold %d and %d cards; they must be equal%s", a,
                            b, p->led != GW_NO_CARD ? " (counting the led card)" : "");
    if (a == 0) return gw_error_set(err, GW_EINVAL, 0, 0, "the hands are empty");
    return GW_OK;
}

int gw_solve(gw_solver *s, const gw_position *p) {
    s->trump = p->trump;
    if (p->led == GW_NO_CARD) return value_start(s, p->leader, p->other);
    /* Mid-trick: the other player picks the reply that is worst for the leader. */
    gw_card replies[13];
    int n = gw_follows(s, p->other, p->leader, p->led, replies), best = 14;
    for (int i = 0; i < n; i++) {
        int v = value_reply(s, p->leader, p->other, p->led, replies[i]);
        if (v < best) best = v;
    }
    return best;
}

int gw_solve_cards(gw_solver *s, const gw_position *p, gw_card_value *out, int *best) {
    s->trump = p->trump;
    bool leading = p->led == GW_NO_CARD;
    gw_cards mine = leading ? p->leader : p->other;
    gw_cards legal = mine;
    if (!leading && (mine & gw_suit_cards(gw_card_suit(p->led))))
        legal = mine & gw_suit_cards(gw_card_suit(p->led));
    gw_cards out_cards = p->leader | p->other | (leading ? 0 : gw_bit(p->led));
    int n = 0, top = leading ? -1 : 14;
    gw_cards done = 0;
    int value_of[64];
    for (gw_cards left = legal; left; left &= left - 1) {
        gw_card c = gw_first(left);
        if (!gw_has(done, c)) { /* solve one card per run of equivalents */
            int v = leading ? value_led(s, p->leader & ~gw_bit(c), p->other, c)
                            : value_reply(s, p->leader, p->other, p->led, c);
            gw_cards run = gw_equivalents(mine, out_cards, c) & legal;
            for (gw_cards r = run; r; r &= r - 1)
                value_of[gw_first(r)] = v;
            done |= run;
        }
        int v = value_of[c];
        if (leading ? v > top : v < top) top = v;
    }
    /* Output in S H D C order, high to low. */
    for (int suit = 0; suit < GW_SUITS; suit++)
        for (int rank = GW_RANK_A; rank >= 0; rank--) {
            gw_card c = gw_card_make(suit, rank);
            if (gw_has(legal, c)) out[n++] = (gw_card_value){c, value_of[c]};
        }
    if (best) *best = top;
    return n;
}
