/* table.h: the transposition table: bounds on trick-start positions, keyed on relative ranks (inline: every
 * node asks). */
#ifndef GW_SOLVER_TABLE_H
#define GW_SOLVER_TABLE_H

#include "solver_internal.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

/* The bits of x at the set bits of u, packed low. */
static inline uint64_t pext64(const gw_solver *s, uint64_t x, uint64_t u) {
#ifdef __BMI2__
    (void)s;
    return _pext_u64(x, u);
#else
    uint64_t out = 0;
    int at = 0;
    for (; u; u >>= 8, x >>= 8) {
        unsigned byte = (unsigned)(u & 0xFF);
        out |= (uint64_t)s->pext8[byte][x & 0xFF] << at;
        at += gw_count(byte);
    }
    return out;
#endif
}

/* Four 16-bit lanes of counts (each below 16) packed into 4-bit fields. */
static inline uint32_t nibbles(uint64_t lanes) {
    return (uint32_t)((lanes | lanes >> 12 | lanes >> 24 | lanes >> 36) & 0xFFFF);
}

static inline tt_key gw_tt_key(const gw_solver *s, gw_cards leader, gw_cards other) {
    /* The leader's share of the cards still out, all suits packed together:
     * with the suit lengths this names each card's relative rank. */
    uint32_t dist = nibbles(gw_lane_counts(leader)) | nibbles(gw_lane_counts(other)) << 16;
    return (tt_key){pext64(s, leader, leader | other) << 2 | (uint64_t)s->trump, dist};
}

/* The bucket (one cache line) where the position would be. */
static inline tt_entry *gw_tt_bucket(const gw_solver *s, const tt_key *key) {
    uint64_t h = (key->pattern ^ (uint64_t)key->dist << 32 ^ key->dist) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return &s->table[((size_t)(h >> 24) & s->mask) * GW_TT_WAYS];
}

static inline bool gw_tt_lookup(gw_solver *s, const tt_key *key, int *lo, int *hi) {
    tt_entry *b = gw_tt_bucket(s, key);
    for (int i = 0; i < GW_TT_WAYS; i++) {
        const tt_entry *e = &b[i];
        if (e->dist != key->dist || e->pattern != key->pattern) continue;
        *lo = e->lo;
        *hi = e->hi;
        s->stats.tt_hits++;
        return true;
    }
    return false;
}

/* The cards in each hand of an entry's position. */
static inline int dist_cards(uint32_t dist) {
    return (int)((dist & 15) + (dist >> 4 & 15) + (dist >> 8 & 15) + (dist >> 12 & 15));
}

static inline void gw_tt_store(gw_solver *s, const tt_key *key, int lo, int hi) {
    tt_entry *b = gw_tt_bucket(s, key), *victim = NULL;
    int victim_score = 0;
    for (int i = 0; i < GW_TT_WAYS; i++) {
        tt_entry *e = &b[i];
        if (e->dist == key->dist && e->pattern == key->pattern) {
            if (lo > e->lo) e->lo = (uint8_t)lo;
            if (hi < e->hi) e->hi = (uint8_t)hi;
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
    *victim = (tt_entry){key->pattern, key->dist, (uint8_t)lo, (uint8_t)hi, s->age, 0};
}

#endif
