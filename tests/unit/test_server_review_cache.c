/* test_server_review_cache.c: whist serve's cache of replays' reviews (src/programs/server/review_cache.h):
 * a review found by its hand's id and record, the least recently used dropped first, the bytes held never
 * over the budget, a review of another record under the same id not taken for this one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "review_cache.h"

static void test_found_by_id_and_record(void **state) {
    (void)state;
    review_cache rc = {0};
    uint64_t h1 = review_cache_hash("[Game \"German Whist\"]\n1. AS 2S"), h2 = review_cache_hash("other");
    assert_true(h1 != h2);
    assert_null(review_cache_get(&rc, 1, h1));
    review_cache_put(&rc, 1, h1, "{\"review\":1}");
    review_cache_put(&rc, 2, h2, "{\"review\":2}");
    assert_string_equal(review_cache_get(&rc, 1, h1), "{\"review\":1}");
    assert_string_equal(review_cache_get(&rc, 2, h2), "{\"review\":2}");
    assert_null(review_cache_get(&rc, 1, h2)); /* id 1 of another record: not this review */
    assert_null(review_cache_get(&rc, 3, h1));
    /* ids that share a bucket */
    review_cache_put(&rc, 1 + REVIEW_CACHE_BUCKETS, h2, "{\"review\":3}");
    assert_string_equal(review_cache_get(&rc, 1, h1), "{\"review\":1}");
    assert_string_equal(review_cache_get(&rc, 1 + REVIEW_CACHE_BUCKETS, h2), "{\"review\":3}");
    /* put again: replaced, counted once */
    review_cache_put(&rc, 1, h1, "{\"review\":4}");
    assert_string_equal(review_cache_get(&rc, 1, h1), "{\"review\":4}");
    assert_int_equal(rc.count, 3);
    review_cache_clear(&rc);
    assert_int_equal(rc.count, 0);
    assert_int_equal(rc.bytes, 0);
    assert_null(review_cache_get(&rc, 1, h1));
}

/* A budget of about four entries: the fifth drops the least recently used (not the least recently put). */
static void test_least_recently_used_dropped(void **state) {
    (void)state;
    char text[200];
    memset(text, 'x', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    review_cache probe = {0};
    review_cache_put(&probe, 1, 1, text);
    size_t one = probe.bytes;
    review_cache_clear(&probe);

    review_cache rc = {.budget = 4 * one + one / 2};
    for (int64_t id = 1; id <= 4; id++)
        review_cache_put(&rc, id, 7, text);
    assert_int_equal(rc.count, 4);
    assert_non_null(review_cache_get(&rc, 1, 7)); /* 1 used: 2 is now the least recently used */
    review_cache_put(&rc, 5, 7, text);
    assert_int_equal(rc.count, 4);
    assert_true(rc.bytes <= rc.budget);
    assert_null(review_cache_get(&rc, 2, 7));
    for (int64_t id = 1; id <= 5; id++)
        if (id != 2) assert_non_null(review_cache_get(&rc, id, 7));
    /* many more: never over the budget */
    for (int64_t id = 100; id < 1100; id++) {
        review_cache_put(&rc, id, 7, text);
        assert_true(rc.bytes <= rc.budget);
        assert_true(rc.count <= 4);
    }
    assert_non_null(review_cache_get(&rc, 1099, 7));
    /* a text over the whole budget is not kept, and drops nothing */
    char big[1200];
    memset(big, 'y', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    review_cache_put(&rc, 5000, 7, big);
    assert_null(review_cache_get(&rc, 5000, 7));
    assert_non_null(review_cache_get(&rc, 1099, 7));
    review_cache_clear(&rc);
    assert_int_equal(rc.budget, 4 * one + one / 2); /* the budget stays */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_found_by_id_and_record),
        cmocka_unit_test(test_least_recently_used_dropped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
