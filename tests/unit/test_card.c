/* test_card.c: card and card-set notation: parsing every form, canonical output, suit order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/card.h"

static gw_card card(const char *s) {
    gw_card c = GW_NO_CARD;
    assert_int_equal(gw_card_parse(s, strlen(s), &c), GW_OK);
    return c;
}

static void parses_canonical_lower_case_and_ten(void **state) {
    (void)state;
    assert_int_equal(card("AS"), gw_card_make(GW_SPADES, GW_RANK_A));
    assert_int_equal(card("TH"), gw_card_make(GW_HEARTS, GW_RANK_T));
    assert_int_equal(card("10h"), gw_card_make(GW_HEARTS, GW_RANK_T));
    assert_int_equal(card("2C"), gw_card_make(GW_CLUBS, GW_RANK_2));
    assert_int_equal(card("qd"), gw_card_make(GW_DIAMONDS, 10));
    gw_card c;
    assert_int_equal(gw_card_parse("1H", 2, &c), GW_EINVAL);
    assert_int_equal(gw_card_parse("AX", 2, &c), GW_EINVAL);
    assert_int_equal(gw_card_parse("ASS", 3, &c), GW_EINVAL);
    assert_int_equal(gw_card_parse("", 0, &c), GW_EINVAL);
}

static void formats_canonically(void **state) {
    (void)state;
    char out[3];
    gw_card_format(card("10h"), out);
    assert_string_equal(out, "TH");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parses_canonical_lower_case_and_ten),
        cmocka_unit_test(formats_canonically),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
