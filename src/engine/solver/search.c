/* search.c: alpha-beta on a null window ("can the leader make k tricks?") and the solver's API. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "gw/game.h"
#include "bounds.h"
#include "moves.h"
#include "solver_internal.h"
#include "table.h"

static bool can_make(gw_solver *s, gw_cards leader, gw_cards other, int k);

/* One trick: does the leader's card c beat the other's f? */
static inline bool keeps(int trump, gw_card c, gw_card f) { return !gw_trick_winner(trump, c, f); }

/* can_make for the last two tricks, played out directly. */
static bool can_make_two(int trump, gw_cards leader, gw_cards other, int k) {
    gw_card a[2] = {gw_first(leader), gw_last(leader)}, b[2] = {gw_first(other), gw_last(other)};
    for (int i = 0; i < 2; i++) {
        gw_card c = a[i], c2 = a[1 - i];
        bool can_follow = gw_card_suit(b[0]) == gw_card_suit(c) || gw_card_suit(b[1]) == gw_card_suit(c);
        bool holds = true;
        for (int j = 0; j < 2 && holds; j++) {
            gw_card f = b[j], f2 = b[1 - j];
            if (can_follow && gw_card_suit(f) != gw_card_suit(c)) continue;
            int tricks = keeps(trump, c, f) ? 1 + keeps(trump, c2, f2) : !keeps(trump, f2, c2);
            holds = tricks >= k;
        }
        if (holds) return true;
    }
    return false;
}

/* With `led` played from the leader's hand (leaving leader_rest), can the
 * leader still make k tricks, the current one included, whatever the
 * other player answers? */
static bool lead_holds(gw_solver *s, gw_cards leader_rest, gw_cards other, gw_card led, int k) {
    int n = gw_count(other); /* tricks left, this one included */
    gw_moves replies;
    gw_follows(s, other, leader_rest, led, &replies);
    for (gw_card f; (f = gw_moves_next(&replies)) != GW_NO_CARD;) {
        bool ok;
        if (keeps(s->trump, led, f))
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
    assert((leader & other) == 0 && gw_count(other) == n);
    s->stats.nodes++;
    if (n == 1) return keeps(s->trump, gw_first(leader), gw_first(other));
    if (n == 2) return can_make_two(s->trump, leader, other, k);
    bool use_table = !(s->flags & GW_SOLVE_NO_TABLE);
    tt_key key;
    if (use_table) { /* fetch the table's line while the bounds are worked out */
        key = gw_tt_key(s, leader, other);
        __builtin_prefetch(gw_tt_bucket(s, &key));
    }
    int lo = 0, hi = n;
    if (!(s->flags & GW_SOLVE_NO_BOUNDS)) {
        lo = gw_quick_tricks(leader, other, s->trump);
        if (lo >= k) return true;
        hi = n - gw_sure_losers(leader, other, s->trump);
        if (hi < k) return false;
        assert(lo <= hi); /* the bounds never cross: sure winners and sure losers are different tricks */
    }
    if (use_table) {
        int tlo, thi;
        if (gw_tt_lookup(s, &key, &tlo, &thi)) {
            if (tlo >= k) return true;
            if (thi < k) return false;
            assert(tlo <= thi && thi <= n);
        }
    }
    gw_moves leads;
    gw_leads(s, leader, other, &leads);
    bool made = false;
    for (gw_card c; !made && (c = gw_moves_next(&leads)) != GW_NO_CARD;)
        made = lead_holds(s, leader & ~gw_bit(c), other, c, k);
    if (use_table) gw_tt_store(s, &key, made ? k : lo, made ? hi : k - 1);
    return made;
}

/* A guess at the leader's tricks: both sides play their first-ordered
 * card to the end. Cheap, and usually within a trick of the truth. */
static int guess_start(gw_solver *s, gw_cards leader, gw_cards other) {
    int tricks = 0;
    bool mine = true; /* is the original leader on lead? */
    while (leader) {
        gw_moves m;
        gw_leads(s, leader, other, &m);
        gw_card c = gw_moves_next(&m);
        gw_follows(s, other, leader & ~gw_bit(c), c, &m);
        gw_card f = gw_moves_next(&m);
        bool kept = keeps(s->trump, c, f);
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

/* A probe: does the leader make k? At a trick start (led == GW_NO_CARD)
 * the leader holds `leader`; else it has led `led` and holds the rest. */
static bool probe(gw_solver *s, gw_cards leader, gw_cards other, gw_card led, int k) {
    if (led == GW_NO_CARD) return can_make(s, leader, other, k);
    if (k <= 0) return true;
    return lead_holds(s, leader, other, led, k);
}

/* The leader's tricks in [lo, hi], by null-window probes stepping from the
 * guess (MTD(f)): each probe narrows the range. */
static int value_between(gw_solver *s, gw_cards leader, gw_cards other, gw_card led, int lo, int hi,
                         int guess) {
    assert(0 <= lo && lo <= hi && hi <= gw_count(other));
    int k = guess;
    while (lo < hi) {
        if (k < lo) k = lo;
        if (k > hi) k = hi;
        /* Probe "at least k+1?" when k is already known to hold. */
        int want = k > lo ? k : lo + 1;
        if (probe(s, leader, other, led, want)) {
            lo = want;
            k = want + 1;
        } else {
            hi = want - 1;
            k = want - 1;
        }
    }
    return lo;
}

/* The leader's tricks at a trick start, known to lie in [floor, ceil];
 * guess: a likely value, or -1 for the heuristic playout's. */
static int value_start(gw_solver *s, gw_cards leader, gw_cards other, int floor, int ceil, int guess) {
    int n = gw_count(leader);
    if (n == 0) return 0;
    int lo = floor > 0 ? floor : 0, hi = ceil < n ? ceil : n;
    if (!(s->flags & GW_SOLVE_NO_BOUNDS)) {
        int quick = gw_quick_tricks(leader, other, s->trump);
        int most = n - gw_sure_losers(leader, other, s->trump);
        if (quick > lo) lo = quick;
        if (most < hi) hi = most;
        assert(quick <= most);
    }
    if (guess < 0) guess = guess_start(s, leader, other);
    return value_between(s, leader, other, GW_NO_CARD, lo, hi, guess);
}

/* The leader's tricks once it has led c (leader_rest: the rest of its
 * hand), known to be at most ceil; guess: a likely value. */
static int value_led(gw_solver *s, gw_cards leader_rest, gw_cards other, gw_card c, int ceil, int guess) {
    int n = gw_count(other);
    return value_between(s, leader_rest, other, c, 0, ceil < n ? ceil : n, guess);
}

/* The leader's tricks if the other answers led with f, known to be at
 * least floor (and a likely value). */
static int value_reply(gw_solver *s, gw_cards leader_rest, gw_cards other, gw_card led, gw_card f,
                       int floor) {
    int left = gw_count(leader_rest);
    if (keeps(s->trump, led, f))
        return 1 + value_start(s, leader_rest, other & ~gw_bit(f), floor - 1, left, floor - 1);
    int theirs = left - floor < 0 ? 0 : left - floor;
    return left - value_start(s, other & ~gw_bit(f), leader_rest, 0, theirs, theirs);
}

gw_status gw_solver_new(size_t table_bytes, gw_solver **out) {
    if (table_bytes == 0) table_bytes = GW_SOLVER_DEFAULT_TABLE;
    size_t bucket_bytes = GW_TT_WAYS * sizeof(tt_entry), buckets = 64;
    while (buckets * 2 * bucket_bytes <= table_bytes)
        buckets *= 2;
    gw_solver *s = calloc(1, sizeof *s);
    if (!s) return GW_ENOMEM;
    s->table = aligned_alloc(64, buckets * bucket_bytes); /* a bucket fills one cache line */
    if (!s->table) {
        free(s);
        return GW_ENOMEM;
    }
    memset(s->table, 0, buckets * bucket_bytes);
    s->mask = buckets - 1;
    s->stats.table_bytes = buckets * bucket_bytes;
    tt_init(s);
    *out = s;
    return GW_OK;
}

void gw_solver_free(gw_solver *s) {
    if (!s) return;
    free(s->table);
    free(s);
}

void gw_solver_clear(gw_solver *s) {
    memset(s->table, 0, (s->mask + 1) * GW_TT_WAYS * sizeof(tt_entry));
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

/* Starts a call: the trump, and a new age for the table's replacement. */
static void begin(gw_solver *s, const gw_position *p) {
    s->trump = p->trump;
    s->age++;
}

#ifndef NDEBUG
/* What the search takes for granted of a position (gw_position_check says why one is refused). */
static bool position_sound(const gw_position *p) {
    gw_cards led = p->led == GW_NO_CARD ? 0 : gw_bit(p->led);
    int a = gw_count(p->leader) + (led != 0), b = gw_count(p->other);
    return p->trump >= 0 && p->trump < GW_SUITS && ((p->leader | p->other | led) & ~GW_ALL_CARDS) == 0 &&
           (p->leader & p->other) == 0 && ((p->leader | p->other) & led) == 0 && a == b && a <= 13;
}
#endif

/* The value of the position: the leader's tricks, between 0 and the tricks left. */
static int solve_from(gw_solver *s, const gw_position *p) {
    assert(position_sound(p));
    int v;
    if (p->led == GW_NO_CARD) {
        v = value_start(s, p->leader, p->other, 0, 13, -1);
    } else {
        gw_cards full = p->leader | gw_bit(p->led);
        v = value_led(s, p->leader, p->other, p->led, 13, guess_start(s, full, p->other));
    }
    assert(v >= 0 && v <= gw_count(p->other));
    return v;
}

int gw_solve(gw_solver *s, const gw_position *p) {
    begin(s, p);
    return solve_from(s, p);
}

int gw_solve_within(gw_solver *s, const gw_position *p, int lo, int hi) {
    begin(s, p);
    assert(position_sound(p));
    int n = gw_count(p->other);
    lo = lo < 0 ? 0 : lo > n ? n : lo;
    hi = hi > n ? n : hi < lo ? lo : hi;
    if (lo == hi) return lo; /* nothing to tell apart */
    if (p->led != GW_NO_CARD) {
        gw_cards full = p->leader | gw_bit(p->led);
        return value_between(s, p->leader, p->other, p->led, lo, hi, guess_start(s, full, p->other));
    }
    if (!(s->flags & GW_SOLVE_NO_BOUNDS)) {
        int quick = gw_quick_tricks(p->leader, p->other, s->trump);
        int most = n - gw_sure_losers(p->leader, p->other, s->trump);
        if (quick >= hi) return hi;
        if (most <= lo) return lo;
        if (quick > lo) lo = quick;
        if (most < hi) hi = most;
    }
    return value_between(s, p->leader, p->other, GW_NO_CARD, lo, hi, guess_start(s, p->leader, p->other));
}

int gw_solve_cards(gw_solver *s, const gw_position *p, gw_card_value *out, int *best) {
    begin(s, p);
    int top = solve_from(s, p);
    bool leading = p->led == GW_NO_CARD;
    gw_cards mine = leading ? p->leader : p->other;
    gw_cards legal = mine;
    if (!leading && (mine & gw_suit_cards(gw_card_suit(p->led))))
        legal = mine & gw_suit_cards(gw_card_suit(p->led));
    gw_cards out_cards = p->leader | p->other | (leading ? 0 : gw_bit(p->led));
    int n = 0;
    gw_cards done = 0;
    int value_of[64];
    for (gw_cards left = legal; left; left &= left - 1) {
        gw_card c = gw_first(left);
        if (gw_has(done, c)) continue;
        /* One card per run of equivalents; the best value is known, and
         * most cards are worth it or a trick less, so probes start there. */
        int v;
        if (leading)
            v = value_led(s, p->leader & ~gw_bit(c), p->other, c, top, top);
        else
            v = value_reply(s, p->leader, p->other, p->led, c, top);
        gw_cards run = moves_equivalents(mine, out_cards, c) & legal;
        for (gw_cards r = run; r; r &= r - 1)
            value_of[gw_first(r)] = v;
        done |= run;
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
