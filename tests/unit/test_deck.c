/* test_deck.c: the classic and small decks, hand sizes, deck checking and seeded deal orders. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/deck.h"
#include "gw_test.h"

static void sizes(void **state) {
    (void)state;
    assert_int_equal(gw_deck_size(GW_CLASSIC), 52);
    assert_int_equal(gw_deck_size(GW_SMALL), 28);
    assert_int_equal(gw_hand_size(GW_CLASSIC), 13);
    assert_int_equal(gw_hand_size(GW_SMALL), 7);
    assert_int_equal(gw_lowest_rank(GW_CLASSIC), GW_RANK_2);
    assert_int_equal(gw_lowest_rank(GW_SMALL), GW_RANK_8);
    /* The stock is what the hands leave: 26 and 14. */
    assert_int_equal(gw_deck_size(GW_CLASSIC) - 2 * gw_hand_size(GW_CLASSIC), 26);
    assert_int_equal(gw_deck_size(GW_SMALL) - 2 * gw_hand_size(GW_SMALL), 14);
}

static void deck_cards(void **state) {
    (void)state;
    assert_true(gw_deck_cards(GW_CLASSIC) == GW_ALL_CARDS);
    assert_int_equal(gw_count(gw_deck_cards(GW_CLASSIC)), 52);
    gw_cards small = gw_deck_cards(GW_SMALL);
    assert_int_equal(gw_count(small), 28);
    /* A K Q J 10 9 8 of each suit, nothing lower. */
    assert_true(small == tset("AKQJT98.AKQJT98.AKQJT98.AKQJT98"));
    for (int s = 0; s < GW_SUITS; s++)
        for (int r = 0; r < GW_RANKS; r++)
            assert_int_equal(gw_has(small, gw_card_make(s, r)), r >= GW_RANK_8);
}

static void names(void **state) {
    (void)state;
    assert_string_equal(gw_variant_name(GW_CLASSIC), "classic");
    assert_string_equal(gw_variant_name(GW_SMALL), "small");
    gw_variant v = GW_SMALL;
    assert_true(gw_variant_parse("classic", &v));
    assert_int_equal(v, GW_CLASSIC);
    assert_true(gw_variant_parse("small", &v));
    assert_int_equal(v, GW_SMALL);
    assert_false(gw_variant_parse("Small", &v));
    assert_false(gw_variant_parse("", &v));
    assert_false(gw_variant_parse("piquet", &v));
}

static void fill_is_the_whole_deck_in_order(void **state) {
    (void)state;
    for (int v = 0; v < 2; v++) {
        gw_card d[GW_MAX_DECK];
        int n = gw_deck_fill((gw_variant)v, d);
        assert_int_equal(n, gw_deck_size((gw_variant)v));
        assert_int_equal(d[0], tc("AS"));
        assert_int_equal(d[1], tc("KS"));
        assert_int_equal(d[n - 1], v == GW_SMALL ? tc("8C") : tc("2C"));
        gw_error err;
        assert_int_equal(gw_deck_check((gw_variant)v, d, n, &err), GW_OK);
    }
}

static void check_catches_wrong_count(void **state) {
    (void)state;
    gw_card d[GW_MAX_DECK + 1];
    gw_error err;
    int n = gw_deck_fill(GW_SMALL, d);
    assert_int_equal(gw_deck_check(GW_SMALL, d, n - 1, &err), GW_EINVAL);
    assert_int_equal(err.status, GW_EINVAL);
    assert_non_null(strstr(err.msg, "8C")); /* the missing card is named */
    assert_int_equal(gw_deck_check(GW_SMALL, d, 0, &err), GW_EINVAL);
    /* A small deck is not a classic one. */
    assert_int_equal(gw_deck_check(GW_CLASSIC, d, n, &err), GW_EINVAL);
    n = gw_deck_fill(GW_CLASSIC, d);
    assert_int_equal(gw_deck_check(GW_CLASSIC, d, 51, &err), GW_EINVAL);
    assert_int_equal(gw_deck_check(GW_CLASSIC, d, n, &err), GW_OK);
    /* 29 cards for small: the 29th is foreign or a repeat, and the count is wrong. */
    n = gw_deck_fill(GW_SMALL, d);
    d[n] = d[0];
    assert_int_equal(gw_deck_check(GW_SMALL, d, n + 1, &err), GW_EINVAL);
}

static void check_catches_duplicates(void **state) {
    (void)state;
    gw_card d[GW_MAX_DECK];
    gw_error err;
    int n = gw_deck_fill(GW_CLASSIC, d);
    d[10] = d[3]; /* one card twice, another missing: the count is still 52 */
    assert_int_equal(gw_deck_check(GW_CLASSIC, d, n, &err), GW_EINVAL);
    assert_int_equal(err.col, 11);
    assert_non_null(strstr(err.msg, "twice"));
    n = gw_deck_fill(GW_SMALL, d);
    d[27] = d[0];
    assert_int_equal(gw_deck_check(GW_SMALL, d, n, &err), GW_EINVAL);
    assert_int_equal(err.col, 28);
}

static void check_catches_foreign_cards(void **state) {
    (void)state;
    gw_card d[GW_MAX_DECK];
    gw_error err;
    int n = gw_deck_fill(GW_SMALL, d);
    d[5] = tc("2S"); /* not in the small deck */
    assert_int_equal(gw_deck_check(GW_SMALL, d, n, &err), GW_EINVAL);
    assert_int_equal(err.col, 6);
    assert_non_null(strstr(err.msg, "2S"));
    n = gw_deck_fill(GW_SMALL, d);
    d[0] = tc("7H");
    assert_int_equal(gw_deck_check(GW_SMALL, d, n, &err), GW_EINVAL);
    assert_int_equal(err.col, 1);
    /* Values that are not cards at all. */
    n = gw_deck_fill(GW_CLASSIC, d);
    d[20] = GW_NO_CARD;
    assert_int_equal(gw_deck_check(GW_CLASSIC, d, n, &err), GW_EINVAL);
    assert_int_equal(err.col, 21);
    n = gw_deck_fill(GW_CLASSIC, d);
    d[2] = (gw_card)(16 + 13); /* rank 13 of hearts */
    assert_int_equal(gw_deck_check(GW_CLASSIC, d, n, &err), GW_EINVAL);
    assert_int_equal(err.col, 3);
}

static void shuffled_decks_are_valid_and_vary(void **state) {
    (void)state;
    gw_rng rng;
    gw_rng_seed(&rng, 1);
    for (int v = 0; v < 2; v++) {
        gw_card a[GW_MAX_DECK], b[GW_MAX_DECK];
        int n = gw_deck_shuffled((gw_variant)v, &rng, a);
        assert_int_equal(n, gw_deck_size((gw_variant)v));
        assert_int_equal(gw_deck_shuffled((gw_variant)v, &rng, b), n);
        gw_error err;
        assert_int_equal(gw_deck_check((gw_variant)v, a, n, &err), GW_OK);
        assert_int_equal(gw_deck_check((gw_variant)v, b, n, &err), GW_OK);
        assert_memory_not_equal(a, b, (size_t)n);
    }
}

static void from_seed_is_reproducible(void **state) {
    (void)state;
    for (int v = 0; v < 2; v++) {
        for (uint64_t seed = 0; seed < 50; seed++) {
            gw_card a[GW_MAX_DECK], b[GW_MAX_DECK], c[GW_MAX_DECK];
            int n = gw_deck_from_seed((gw_variant)v, seed, a);
            assert_int_equal(n, gw_deck_size((gw_variant)v));
            assert_int_equal(gw_deck_from_seed((gw_variant)v, seed, b), n);
            assert_memory_equal(a, b, (size_t)n);
            /* It is gw_deck_shuffled from a generator seeded with seed. */
            gw_rng rng;
            gw_rng_seed(&rng, seed);
            gw_deck_shuffled((gw_variant)v, &rng, c);
            assert_memory_equal(a, c, (size_t)n);
            gw_error err;
            assert_int_equal(gw_deck_check((gw_variant)v, a, n, &err), GW_OK);
            /* The next seed gives another deck. */
            gw_deck_from_seed((gw_variant)v, seed + 1, b);
            assert_memory_not_equal(a, b, (size_t)n);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sizes),
        cmocka_unit_test(deck_cards),
        cmocka_unit_test(names),
        cmocka_unit_test(fill_is_the_whole_deck_in_order),
        cmocka_unit_test(check_catches_wrong_count),
        cmocka_unit_test(check_catches_duplicates),
        cmocka_unit_test(check_catches_foreign_cards),
        cmocka_unit_test(shuffled_decks_are_valid_and_vary),
        cmocka_unit_test(from_seed_is_reproducible),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
