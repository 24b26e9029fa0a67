/* test_rng.c: the seeded generator: reproducible streams, unbiased bounded draws, fair shuffles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/rng.h"

/* Pearson's chi-square statistic of counts[0..k) against a uniform expectation. */
static double chi_square(const int *counts, int k, int total) {
    double expected = (double)total / k, chi = 0;
    for (int i = 0; i < k; i++) {
        double d = counts[i] - expected;
        chi += d * d / expected;
    }
    return chi;
}

static void same_seed_same_stream(void **state) {
    (void)state;
    static const uint64_t SEEDS[] = {0, 1, 42, 0xFFFFFFFFFFFFFFFFull, 0x123456789ABCDEFull};
    for (size_t i = 0; i < sizeof SEEDS / sizeof SEEDS[0]; i++) {
        gw_rng a, b;
        gw_rng_seed(&a, SEEDS[i]);
        gw_rng_seed(&b, SEEDS[i]);
        for (int k = 0; k < 1000; k++)
            assert_true(gw_rng_next(&a) == gw_rng_next(&b));
        for (int k = 0; k < 1000; k++)
            assert_int_equal(gw_rng_below(&a, 52), gw_rng_below(&b, 52));
    }
}

static void different_seeds_differ(void **state) {
    (void)state;
    /* The first value of 1000 consecutive seeds: all different. */
    enum { N = 1000 };
    static uint64_t first[N];
    for (int s = 0; s < N; s++) {
        gw_rng r;
        gw_rng_seed(&r, (uint64_t)s);
        first[s] = gw_rng_next(&r);
        for (int t = 0; t < s; t++)
            assert_true(first[t] != first[s]);
    }
    /* Seeds 0 and 1: the streams share no value in their first 100 places. */
    gw_rng a, b;
    gw_rng_seed(&a, 0);
    gw_rng_seed(&b, 1);
    int same = 0;
    for (int k = 0; k < 100; k++)
        same += gw_rng_next(&a) == gw_rng_next(&b);
    assert_int_equal(same, 0);
}

static void seed_zero_is_a_good_stream(void **state) {
    (void)state;
    gw_rng r;
    gw_rng_seed(&r, 0);
    assert_false(r.s[0] == 0 && r.s[1] == 0 && r.s[2] == 0 && r.s[3] == 0);
    /* About half the bits are set over many draws. */
    long bits = 0;
    for (int k = 0; k < 1000; k++) {
        uint64_t x = gw_rng_next(&r);
        for (int b = 0; b < 64; b++)
            bits += (long)((x >> b) & 1);
    }
    assert_in_range(bits, 32000 - 1000, 32000 + 1000);
}

static void below_stays_in_range(void **state) {
    (void)state;
    gw_rng r;
    gw_rng_seed(&r, 99);
    static const uint32_t NS[] = {1, 2, 3, 6, 7, 13, 28, 52, 1000, 0x80000001u, 0xFFFFFFFFu};
    for (size_t i = 0; i < sizeof NS / sizeof NS[0]; i++) {
        for (int k = 0; k < 5000; k++) {
            uint32_t x = gw_rng_below(&r, NS[i]);
            assert_true(x < NS[i]);
        }
    }
    /* n = 3 * 2^30: reducing 32 random bits modulo n would put half the
     * draws below 2^30; uniform draws put a third there. */
    int low = 0;
    for (int k = 0; k < 10000; k++)
        low += gw_rng_below(&r, 0xC0000000u) < 0x40000000u;
    assert_in_range(low, 3333 - 300, 3333 + 300);
    /* The same n: scaling 32 random bits without rejecting any would make
     * multiples of 3 come up half the time instead of a third. */
    int threes = 0;
    for (int k = 0; k < 10000; k++)
        threes += gw_rng_below(&r, 0xC0000000u) % 3 == 0;
    assert_in_range(threes, 3333 - 300, 3333 + 300);
}

static void below_is_roughly_uniform(void **state) {
    (void)state;
    gw_rng r;
    gw_rng_seed(&r, 2024);
    /* 60000 draws of n = 6: chi-square with 5 degrees of freedom; its 99.99%
     * point is 25.7, the bound below is looser still. */
    int six[6] = {0};
    for (int k = 0; k < 60000; k++)
        six[gw_rng_below(&r, 6)]++;
    assert_true(chi_square(six, 6, 60000) < 30.0);
    for (int i = 0; i < 6; i++)
        assert_in_range(six[i], 9400, 10600);
    /* 60000 draws of n = 52: 51 degrees of freedom, 99.99% point about 100. */
    int deck[52] = {0};
    for (int k = 0; k < 60000; k++)
        deck[gw_rng_below(&r, 52)]++;
    assert_true(chi_square(deck, 52, 60000) < 110.0);
    for (int i = 0; i < 52; i++)
        assert_in_range(deck[i], 1154 - 250, 1154 + 250);
}

static void shuffle_is_a_permutation(void **state) {
    (void)state;
    gw_rng r;
    gw_rng_seed(&r, 5);
    for (int n = 0; n <= 52; n++) {
        for (int rep = 0; rep < 20; rep++) {
            uint8_t items[64];
            for (int i = 0; i < 64; i++)
                items[i] = (uint8_t)(i * 3);
            gw_rng_shuffle(&r, items, n);
            int seen[64 * 3] = {0};
            for (int i = 0; i < n; i++)
                seen[items[i]]++;
            for (int i = 0; i < n; i++)
                assert_int_equal(seen[i * 3], 1);
            for (int i = n; i < 64; i++)
                assert_int_equal(items[i], i * 3); /* nothing past n is touched */
        }
    }
    /* A 52-card shuffle does move cards (not the identity). */
    uint8_t items[52];
    for (int i = 0; i < 52; i++)
        items[i] = (uint8_t)i;
    gw_rng_shuffle(&r, items, 52);
    int fixed = 0;
    for (int i = 0; i < 52; i++)
        fixed += items[i] == i;
    assert_true(fixed < 10);
}

static void shuffle_orders_of_three_are_equally_likely(void **state) {
    (void)state;
    gw_rng r;
    gw_rng_seed(&r, 31337);
    int counts[6] = {0};
    enum { N = 60000 };
    for (int k = 0; k < N; k++) {
        uint8_t it[3] = {0, 1, 2};
        gw_rng_shuffle(&r, it, 3);
        /* Index the permutation: first item (3 ways) then whether the rest is in order. */
        counts[it[0] * 2 + (it[1] > it[2])]++;
    }
    for (int i = 0; i < 6; i++)
        assert_in_range(counts[i], 9400, 10600);
    assert_true(chi_square(counts, 6, N) < 30.0);
}

static void shuffle_puts_every_item_everywhere(void **state) {
    (void)state;
    /* Where item 0 of 7 lands, over 70000 shuffles: uniform over the 7 places
     * (a naive swap-with-any shuffle fails this). */
    gw_rng r;
    gw_rng_seed(&r, 77);
    int where[7] = {0};
    for (int k = 0; k < 70000; k++) {
        uint8_t it[7] = {0, 1, 2, 3, 4, 5, 6};
        gw_rng_shuffle(&r, it, 7);
        for (int i = 0; i < 7; i++)
            if (it[i] == 0) where[i]++;
    }
    assert_true(chi_square(where, 7, 70000) < 35.0);
}

static void saving_the_state_reproduces_the_stream(void **state) {
    (void)state;
    gw_rng r;
    gw_rng_seed(&r, 8);
    for (int k = 0; k < 17; k++)
        gw_rng_next(&r);
    gw_rng saved = r;
    uint64_t first[200];
    for (int k = 0; k < 200; k++)
        first[k] = gw_rng_next(&r);
    uint8_t a[52], b[52];
    for (int i = 0; i < 52; i++)
        a[i] = b[i] = (uint8_t)i;
    gw_rng after = r;
    gw_rng_shuffle(&r, a, 52);
    r = saved;
    for (int k = 0; k < 200; k++)
        assert_true(gw_rng_next(&r) == first[k]);
    assert_memory_equal(&r, &after, sizeof r);
    gw_rng_shuffle(&r, b, 52);
    assert_memory_equal(a, b, sizeof a);
}

static void mix64_is_deterministic_and_mixes(void **state) {
    (void)state;
    assert_true(gw_mix64(0) == gw_mix64(0));
    assert_true(gw_mix64(1) != gw_mix64(2));
    assert_true(gw_mix64(0) != 0);
    /* Flipping one input bit flips about half the output bits. */
    int flipped = 0;
    for (int b = 0; b < 64; b++)
        flipped += __builtin_popcountll(gw_mix64(12345) ^ gw_mix64(12345 ^ ((uint64_t)1 << b)));
    assert_in_range(flipped, 64 * 32 - 300, 64 * 32 + 300);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_seed_same_stream),
        cmocka_unit_test(different_seeds_differ),
        cmocka_unit_test(seed_zero_is_a_good_stream),
        cmocka_unit_test(below_stays_in_range),
        cmocka_unit_test(below_is_roughly_uniform),
        cmocka_unit_test(shuffle_is_a_permutation),
        cmocka_unit_test(shuffle_orders_of_three_are_equally_likely),
        cmocka_unit_test(shuffle_puts_every_item_everywhere),
        cmocka_unit_test(saving_the_state_reproduces_the_stream),
        cmocka_unit_test(mix64_is_deterministic_and_mixes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
