/* table.c: the transposition table, keyed on relative ranks, and its pext tables. */
#include "solver_internal.h"

void gw_tt_init(gw_solver *s) {
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
}

/* The bits of x at the positions of u's 13-bit mask, packed at the top of 13
 * bits (the highest card out becomes the ace). */
static uint64_t pack13(const gw_solver *s, unsigned u, unsigned x) {
    unsigned low_u = u & 0xFF, high_u = u >> 8;
    unsigned packed = s->pext8[low_u][x & 0xFF] | (unsigned)s->pext8[high_u][(x >> 8) & 0xFF]
                                                      << gw_count(low_u);
    return (uint64_t)packed << (13 - gw_count(u));
}

void gw_tt_key(const gw_solver *s, gw_cards leader, gw_cards other, int trump, uint64_t *a, uint64_t *b) {
    gw_cards out = leader | other;
    uint64_t ka = 0, kb = 0;
    for (int suit = 0; suit < GW_SUITS; suit++) {
        unsigned u = (unsigned)(out >> (16 * suit)) & 0x1FFF;
        if (!u) continue;
        ka |= pack13(s, u, (unsigned)(leader >> (16 * suit)) & 0x1FFF) << (16 * suit);
        kb |= pack13(s, u, (unsigned)(other >> (16 * suit)) & 0x1FFF) << (16 * suit);
    }
    *a = ka | (uint64_t)trump << 62 | (uint64_t)1 << 61; /* never zero */
    *b = kb;
}

static size_t slot(const gw_solver *s, uint64_t a, uint64_t b) {
    uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    return (size_t)(h ^ h >> 29) & s->mask;
}

bool gw_tt_probe(gw_solver *s, uint64_t a, uint64_t b, int *lo, int *hi, int *best) {
    const tt_entry *e = &s->table[slot(s, a, b)];
    if (e->key_a != a || e->key_b != b) return false;
    *lo = e->lo;
    *hi = e->hi;
    *best = e->best;
    s->stats.tt_hits++;
    return true;
}

void gw_tt_store(gw_solver *s, uint64_t a, uint64_t b, int lo, int hi, int best) {
    tt_entry *e = &s->table[slot(s, a, b)];
    if (e->key_a == a && e->key_b == b) {
        if (lo > e->lo) e->lo = (int8_t)lo;
        if (hi < e->hi) e->hi = (int8_t)hi;
        if (best != 0xFF) e->best = (uint8_t)best;
        return;
    }
    e->key_a = a;
    e->key_b = b;
    e->lo = (int8_t)lo;
    e->hi = (int8_t)hi;
    e->best = (uint8_t)best;
}
