/* table.c: the transposition table: bounds on trick-start positions, keyed on relative ranks. */
#include "solver_internal.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

void gw_tt_init(gw_solver *s) {
#ifdef __BMI2__
    (void)s;
#else
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
    uint64_t pattern = 0;
    uint32_t dist = 0;
    for (int suit = 0; suit < GW_SUITS; suit++) {
        unsigned u = (unsigned)(out >> (16 * suit)) & 0x1FFF;
        if (!u) continue;
        unsigned len = (unsigned)gw_count(u), mine = (unsigned)gw_count(leader & gw_suit_cards(suit));
        pattern |= (uint64_t)pext13(s, (unsigned)(leader >> (16 * suit)) & 0x1FFF, u) << (16 * suit);
        dist |= mine << (4 * suit) | (len - mine) << (16 + 4 * suit);
    }
    return (tt_key){pattern | (uint64_t)s->trump << 13, dist};
}

static tt_entry *bucket(const gw_solver *s, const tt_key *key) {
    uint64_t h = (key->pattern ^ (uint64_t)key->dist << 32 ^ key->dist) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return &s->table[((size_t)(h >> 24) & s->mask) * GW_TT_WAYS];
}

bool gw_tt_lookup(gw_solver *s, const tt_key *key, int *lo, int *hi) {
    tt_entry *b = bucket(s, key);
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
static int dist_cards(uint32_t dist) {
    return (int)((dist & 15) + (dist >> 4 & 15) + (dist >> 8 & 15) + (dist >> 12 & 15));
}

void gw_tt_store(gw_solver *s, const tt_key *key, int lo, int hi) {
    tt_entry *b = bucket(s, key), *victim = NULL;
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
