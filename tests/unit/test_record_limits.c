/* test_record_limits.c: what fuzzing the record readers found: a NUL byte in a tag value is an error
 * (it must not cut the value short), a long tag name is written back whole, and gw_text_printf never
 * truncates. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/android_record.h"
#include "gw/record.h"
#include "gw/text.h"

static const char DECK[] =
    "[Deck \"AS KS QS JS TS 9S 8S AH KH QH JH TH 9H 8H AD KD QD JD TD 9D 8D AC KC QC JC TC 9C 8C\"]\n";

/* A small-variant hand with extra tag lines `tags` (before the Dealer and Deck). */
static gw_text hand_with(const char *tags, size_t tags_len) {
    gw_text t = {0};
    gw_text_puts(&t, "[Game \"German Whist\"]\n[Variant \"small\"]\n");
    gw_text_putn(&t, tags, tags_len);
    gw_text_puts(&t, "[Dealer \"2\"]\n");
    gw_text_puts(&t, DECK);
    gw_text_puts(&t, "\n1. AS KS\n");
    assert_false(t.failed);
    return t;
}

static void nul_in_a_tag_value(void **state) {
    (void)state;
    /* Each would be accepted if the value were read up to the NUL. */
    static const char TAGS[][48] = {
        "[Game \"German Whist\0 of Mars\"]\n",
        "[Variant \"small\0 or big\"]\n",
        "[Scoring \"last13\0x\"]\n",
        "[Target \"10\0 0\"]\n",
        "[Hand \"1\0x\"]\n",
        "[Seed \"15\0x\"]\n",
        "[Date \"2024.01.02\0x\"]\n",
        "[Player1 \"Ann\0x\"]\n",
    };
    for (size_t i = 0; i < sizeof TAGS / sizeof *TAGS; i++) {
        const char *nl = memchr(TAGS[i], '\n', sizeof TAGS[i]);
        assert_non_null(nl);
        gw_text t = hand_with(TAGS[i], (size_t)(nl - TAGS[i]) + 1);
        gw_record r;
        gw_error err;
        assert_int_equal(gw_record_read(t.data, t.len, &r, &err), GW_OK);
        assert_int_equal(r.count, 1);
        if (!strstr(r.hands[0].error.msg, "NUL")) print_error("tag %zu: '%s'\n", i, r.hands[0].error.msg);
        assert_int_equal(r.hands[0].error.status, GW_EINVAL);
        assert_non_null(strstr(r.hands[0].error.msg, "NUL"));
        assert_int_equal(r.hands[0].error.line, 3); /* the tags of hand_with come first */
        gw_record_free(&r);
        gw_text_free(&t);
    }
    /* The same hand without the NUL reads. */
    gw_text t = hand_with("[Target \"10\"]\n", 14);
    gw_record r;
    gw_error err;
    assert_int_equal(gw_record_read(t.data, t.len, &r, &err), GW_OK);
    assert_int_equal(r.hands[0].error.status, GW_OK);
    gw_record_free(&r);
    gw_text_free(&t);
}

static void nul_in_an_android_deck(void **state) {
    (void)state;
    static const char TEXT[] =
        "[Game \"Android Whist\"]\n[Dealer \"1\"]\n"
        "[Deck \"AH 8H 4H TH KH 7H 3H 9H QH TS 2H 6H JH 9S 7S 5H AS 8S 6S 4S KS JD 5S 3S QS TD 8D 2S JS 9D "
        "7D 5D AD QC 6D 4D KD JC 7C 3D QD TC 6C 2D AC 9C 5C 3C KC 8C 4C 2C\0 not cards at all\"]\n";
    gw_android_record r;
    gw_error err;
    assert_int_equal(gw_android_record_read(TEXT, sizeof TEXT - 1, &r, &err), GW_OK);
    assert_int_equal(r.count, 1);
    assert_int_equal(r.hands[0].error.status, GW_EINVAL);
    assert_non_null(strstr(r.hands[0].error.msg, "NUL"));
    gw_android_record_free(&r);
}

static void printf_never_truncates(void **state) {
    (void)state;
    for (size_t n = 500; n <= 300000; n = n * 3 + 1) {
        char *s = malloc(n + 1);
        assert_non_null(s);
        memset(s, 'x', n);
        s[n] = '\0';
        gw_text t = {0};
        gw_text_printf(&t, "[%s|%d]", s, 42);
        assert_false(t.failed);
        assert_int_equal(t.len, n + 5);
        assert_memory_equal(t.data + n + 1, "|42]", 5);
        gw_text_free(&t);
        free(s);
    }
}

static void long_tag_name_round_trip(void **state) {
    (void)state;
    static const size_t SIZES[] = {65532, 65533, 70000, 140000};
    for (size_t k = 0; k < sizeof SIZES / sizeof *SIZES; k++) {
        size_t n = SIZES[k];
        char *tag = malloc(n + 16);
        assert_non_null(tag);
        tag[0] = '[';
        memset(tag + 1, 'N', n);
        memcpy(tag + 1 + n, " \"v\"]\n", 7);
        gw_text t = hand_with(tag, n + 7);
        gw_record r, back;
        gw_error err;
        assert_int_equal(gw_record_read(t.data, t.len, &r, &err), GW_OK);
        assert_int_equal(r.hands[0].error.status, GW_OK);
        assert_int_equal(r.hands[0].ntags, 1);
        gw_text out = {0};
        gw_record_write_hand(&r.hands[0], &out);
        assert_false(out.failed);
        assert_int_equal(gw_record_read(out.data, out.len, &back, &err), GW_OK);
        assert_int_equal(back.count, 1);
        assert_int_equal(back.hands[0].error.status, GW_OK);
        assert_int_equal(back.hands[0].ntags, 1);
        assert_int_equal(strlen(back.hands[0].tags[0].name), n);
        assert_string_equal(back.hands[0].tags[0].value, "v");
        gw_record_free(&back);
        gw_record_free(&r);
        gw_text_free(&out);
        gw_text_free(&t);
        free(tag);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nul_in_a_tag_value),
        cmocka_unit_test(nul_in_an_android_deck),
        cmocka_unit_test(printf_never_truncates),
        cmocka_unit_test(long_tag_name_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
