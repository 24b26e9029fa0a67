/* table.c: the transposition table: bounds keyed on suit lengths and the owners of the relevant top cards. */
#include "solver_internal.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

void gw_tt_init(gw_solver *s) {
    for (int h = 0; h < 2; h++)
        for (unsigned b = 0; b < 256; b++) {
            uint64_t m = h == 0 ? (uint64_t)3 << 13 : 0;
            for (unsigned i = 0; i < 2; i++) {
                unsigned d = (b >> (4 * i)) & 15;
                if (d > 13) d = 13;
                m |= (uint64_t)(((1u << d) - 1) << (13 - d)) << (16 * (2 * (unsigned)h + i));
            }
            s->depth_mask[h][b] = m;
        }
#ifndef __BMI2__
    for (int u = 0; u < 256; u++) {
        for (int x = 0; x < 256; x++) {
            int out = 0, k = 0;
            for (int bit = 0; bit < 8; bit++) {
                if (!(u >> bit & 1)) continue;
                if (x >> bit & 1) out |= 1 << k;
                k++;
            }
            s->pext8[u][x] = (uint8_t)out;
        }
    }
#endif
}

/* The bits of x at the set bits of u (13 bits), packed low. */
static unsigned pext13(const gw_solver *s, unsigned x, unsigned u) {
#ifdef __BMI2__
    (void)s;
    return _pext_u32(x, u);
#else
    unsigned low_u = u & 0xFF;
    return s->pext8[low_u][x & 0xFF] | (unsigned)s->pext8[u >> 8][(x >> 8) & 0xFF] << gw_count(low_u);
#endif
}

tt_key gw_tt_key(const gw_solver *s, gw_cards leader, gw_cards other) {
    gw_cards out = leader | other;
    uint64_t pattern = (uint64_t)s->trump << 13;
    uint32_t dist = 0;
    for (int suit = 0; suit < GW_SUITS; suit++) {
        unsigned u = (unsigned)(out >> (16 * suit)) & 0x1FFF;
        if (!u) continue;
        unsigned len = (unsigned)gw_count(u), mine = (unsigned)gw_count(leader & gw_suit_cards(suit));
        unsigned packed = pext13(s, (unsigned)(leader >> (16 * suit)) & 0x1FFF, u) << (13 - len);
        pattern |= (uint64_t)packed << (16 * suit);
        dist |= mine << (4 * suit) | (len - mine) << (16 + 4 * suit);
    }
    return (tt_key){pattern, dist};
}

/* The mask of an entry's relevant bits (with the trump). */
static uint64_t depth_mask(const gw_solver *s, unsigned depths) {
    return s->depth_mask[0][depths & 0xFF] | s->depth_mask[1][(depths >> 8) & 0xFF];
}

static tt_entry *bucket(const gw_solver *s, const tt_key *key) {
    uint64_t h = ((uint64_t)key->dist ^ (key->pattern >> 13 & 3) << 32) * 0x9E3779B97F4A7C15ull;
    return &s->table[((size_t)(h >> 20) & s->mask) * GW_TT_WAYS];
}

/* The lowest of the relevant cards of each suit, given the depths. */
static gw_cards depth_cards(gw_cards out_cards, unsigned depths) {
    gw_cards rel = 0;
    for (int suit = 0; suit < GW_SUITS; suit++) {
        int d = (int)(depths >> (4 * suit)) & 15;
        if (!d) continue;
        gw_cards u = out_cards & gw_suit_cards(suit);
        rel |= gw_bit(gw_nth(u, gw_count(u) - d)); /* the d-th highest */
    }
    return rel;
}

/* The cards in each hand of an entry's positions. */
static int dist_cards(uint32_t dist) {
    return (int)((dist & 15) + (dist >> 4 & 15) + (dist >> 8 & 15) + (dist >> 12 & 15));
}

bool gw_tt_lookup(gw_solver *s, const tt_key *key, gw_cards out_cards, int k, bool *answer, gw_cards *rel) {
    tt_entry *b = bucket(s, key);
    for (int i = 0; i < GW_TT_WAYS; i++) {
        const tt_entry *e = &b[i];
        if (e->dist != key->dist || (key->pattern & depth_mask(s, e->depths)) != e->pattern) continue;
        int lo = e->bounds & 15, hi = e->bounds >> 4;
        if (lo < k && hi >= k) continue;
        *answer = lo >= k;
        *rel = depth_cards(out_cards, e->depths);
        s->stats.tt_hits++;
        return true;
    }
    return false;
}

void gw_tt_store(gw_solver *s, const tt_key *key, gw_cards out_cards, gw_cards rel, int lo, int hi) {
    unsigned depths = 0;
    if (s->flags & GW_SOLVE_NO_RANKS) rel = out_cards; /* every card relevant: exact positions only */
    for (int suit = 0; suit < GW_SUITS; suit++) {
        gw_cards r = rel & out_cards & gw_suit_cards(suit);
        if (!r) continue;
        gw_cards at_or_above = out_cards & gw_suit_cards(suit) & ~(gw_bit(gw_first(r)) - 1);
        depths |= (unsigned)gw_count(at_or_above) << (4 * suit);
    }
    uint64_t pattern = key->pattern & depth_mask(s, depths);
    tt_entry *b = bucket(s, key), *victim = NULL;
    int victim_score = 0;
    for (int i = 0; i < GW_TT_WAYS; i++) {
        tt_entry *e = &b[i];
        if (e->dist == key->dist && e->depths == depths && e->pattern == pattern) {
            int elo = e->bounds & 15, ehi = e->bounds >> 4;
            if (lo < elo) lo = elo;
            if (hi > ehi) hi = ehi;
            e->bounds = (uint8_t)(lo | hi << 4);
            e->age = s->age;
            return;
        }
        /* Replace an empty slot, else one from an earlier call, else the
         * one with the fewest cards (the cheapest to search again). */
        int score = e->dist ? (e->age == s->age) * 16 + dist_cards(e->dist) : -1;
        if (!victim || score < victim_score) {
            victim = e;
            victim_score = score;
        }
    }
    victim->pattern = pattern;
    victim->dist = key->dist;
    victim->depths = (uint16_t)depths;
    victim->bounds = (uint8_t)(lo | hi << 4);
    victim->age = s->age;
}
