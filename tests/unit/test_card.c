/* test_card.c: card and card-set notation: parsing every form, canonical output, suit order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gw/card.h"
#include "gw_test.h"

static gw_status parse1(const char *s, gw_card *c) { return gw_card_parse(s, strlen(s), c); }

static void parses_canonical_lower_case_and_ten(void **state) {
    (void)state;
    assert_int_equal(tc("AS"), gw_card_make(GW_SPADES, GW_RANK_A));
    assert_int_equal(tc("TH"), gw_card_make(GW_HEARTS, GW_RANK_T));
    assert_int_equal(tc("10h"), gw_card_make(GW_HEARTS, GW_RANK_T));
    assert_int_equal(tc("10H"), gw_card_make(GW_HEARTS, GW_RANK_T));
    assert_int_equal(tc("th"), gw_card_make(GW_HEARTS, GW_RANK_T));
    assert_int_equal(tc("2C"), gw_card_make(GW_CLUBS, GW_RANK_2));
    assert_int_equal(tc("2c"), gw_card_make(GW_CLUBS, GW_RANK_2));
    assert_int_equal(tc("qd"), gw_card_make(GW_DIAMONDS, 10));
    assert_int_equal(tc("Kd"), gw_card_make(GW_DIAMONDS, 11));
    assert_int_equal(tc("jS"), gw_card_make(GW_SPADES, GW_RANK_J));
    assert_int_equal(tc("as"), gw_card_make(GW_SPADES, GW_RANK_A));
}

static void parses_every_rank_and_suit(void **state) {
    (void)state;
    static const char RANKS[] = "23456789TJQKA", SUITS[] = "SHDC";
    for (int s = 0; s < GW_SUITS; s++) {
        for (int r = 0; r < GW_RANKS; r++) {
            char text[3] = {RANKS[r], SUITS[s], '\0'};
            assert_int_equal(tc(text), gw_card_make(s, r));
            char lower[3] = {(char)(RANKS[r] >= 'A' ? RANKS[r] - 'A' + 'a' : RANKS[r]),
                             (char)(SUITS[s] - 'A' + 'a'), '\0'};
            assert_int_equal(tc(lower), gw_card_make(s, r));
        }
    }
}

static void parses_unicode_suit_symbols(void **state) {
    (void)state;
    assert_int_equal(tc("A\xE2\x99\xA0"), tc("AS"));  /* A♠ */
    assert_int_equal(tc("10\xE2\x99\xA5"), tc("TH")); /* 10♥ */
    assert_int_equal(tc("T\xE2\x99\xA5"), tc("TH"));
    assert_int_equal(tc("q\xE2\x99\xA6"), tc("QD")); /* q♦ */
    assert_int_equal(tc("2\xE2\x99\xA3"), tc("2C")); /* 2♣ */
    for (int s = 0; s < GW_SUITS; s++) {
        char text[8] = "K";
        strcat(text, gw_suit_symbol(s));
        assert_int_equal(tc(text), gw_card_make(s, 11));
    }
    gw_card c;
    assert_int_equal(parse1("A\xE2\x99", &c), GW_EINVAL);      /* a cut symbol */
    assert_int_equal(parse1("A\xE2\x99\xA0S", &c), GW_EINVAL); /* symbol then letter */
    assert_int_equal(parse1("\xE2\x99\xA0"
                            "A",
                            &c),
                     GW_EINVAL); /* suit first */
}

static void rejects_malformed_cards(void **state) {
    (void)state;
    static const char *const BAD[] = {"1H", "AX", "ASS", "",    "A",   "S",   "10",   "11H", "0H", "1",
                                      "SA", "XS", " AS", "AS ", "A S", "+AS", "10HH", "BS",  "1S"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        gw_card c = 0x42;
        assert_int_equal(parse1(BAD[i], &c), GW_EINVAL);
        assert_int_equal(c, 0x42); /* out untouched on failure */
    }
    /* len bounds the text: "ASxyz" with len 2 is AS; "AS" with len 1 is not a card. */
    gw_card c;
    assert_int_equal(gw_card_parse("ASxyz", 2, &c), GW_OK);
    assert_int_equal(c, gw_card_make(GW_SPADES, GW_RANK_A));
    assert_int_equal(gw_card_parse("AS", 1, &c), GW_EINVAL);
    assert_int_equal(gw_card_parse("10H", 2, &c), GW_EINVAL);
}

static void formats_canonically(void **state) {
    (void)state;
    char out[3];
    gw_card_format(tc("10h"), out);
    assert_string_equal(out, "TH");
    gw_card_format(tc("as"), out);
    assert_string_equal(out, "AS");
    gw_card_format(tc("2\xE2\x99\xA3"), out);
    assert_string_equal(out, "2C");
    /* Every card formats as rank letter then suit letter and parses back. */
    for (int s = 0; s < GW_SUITS; s++) {
        for (int r = 0; r < GW_RANKS; r++) {
            gw_card c = gw_card_make(s, r);
            gw_card_format(c, out);
            assert_int_equal(out[0], "23456789TJQKA"[r]);
            assert_int_equal(out[1], "SHDC"[s]);
            assert_int_equal(out[2], '\0');
            assert_int_equal(tc(out), c);
        }
    }
}

static void suit_helpers(void **state) {
    (void)state;
    assert_int_equal(gw_suit_char(GW_SPADES), 'S');
    assert_int_equal(gw_suit_char(GW_CLUBS), 'C');
    assert_int_equal(gw_rank_char(GW_RANK_T), 'T');
    assert_int_equal(gw_rank_char(GW_RANK_2), '2');
    assert_string_equal(gw_suit_symbol(GW_SPADES), "\xE2\x99\xA0");
    assert_string_equal(gw_suit_symbol(GW_HEARTS), "\xE2\x99\xA5");
    assert_string_equal(gw_suit_symbol(GW_DIAMONDS), "\xE2\x99\xA6");
    assert_string_equal(gw_suit_symbol(GW_CLUBS), "\xE2\x99\xA3");
    assert_string_equal(gw_suit_name(GW_DIAMONDS), "diamonds");
    assert_true(gw_suit_is_red(GW_HEARTS));
    assert_true(gw_suit_is_red(GW_DIAMONDS));
    assert_false(gw_suit_is_red(GW_SPADES));
    assert_false(gw_suit_is_red(GW_CLUBS));
    assert_int_equal(gw_suit_parse('s'), GW_SPADES);
    assert_int_equal(gw_suit_parse('H'), GW_HEARTS);
    assert_int_equal(gw_suit_parse('d'), GW_DIAMONDS);
    assert_int_equal(gw_suit_parse('C'), GW_CLUBS);
    assert_int_equal(gw_suit_parse('X'), -1);
    assert_int_equal(gw_suit_parse('\0'), -1);
}

static void parses_lists_with_spaces_and_commas(void **state) {
    (void)state;
    const gw_card want[4] = {tc("AS"), tc("KS"), tc("7H"), tc("2C")};
    static const char *const FORMS[] = {
        "AS KS 7H 2C",     "AS,KS,7H,2C",
        "AS, KS ,7H  2C",  " AS KS 7H 2C ",
        ",AS,,KS, 7H,2C,", "as ks 7h 2c",
        "AS KS\t7H\n2C",   "A\xE2\x99\xA0 K\xE2\x99\xA0,7\xE2\x99\xA5 2\xE2\x99\xA3"};
    for (size_t f = 0; f < sizeof FORMS / sizeof FORMS[0]; f++) {
        gw_card got[8];
        int n = -1;
        gw_error err;
        assert_int_equal(gw_cards_parse_list(FORMS[f], got, 8, &n, &err), GW_OK);
        assert_int_equal(n, 4);
        assert_memory_equal(got, want, sizeof want);
        gw_cards set = 0;
        assert_int_equal(gw_cards_parse(FORMS[f], &set, &err), GW_OK);
        assert_true(set == (gw_bit(want[0]) | gw_bit(want[1]) | gw_bit(want[2]) | gw_bit(want[3])));
    }
    /* The list keeps its order; "10" works in lists. */
    gw_card got[4];
    int n = 0;
    gw_error err;
    assert_int_equal(gw_cards_parse_list("2C 10d AS", got, 4, &n, &err), GW_OK);
    assert_int_equal(n, 3);
    assert_int_equal(got[0], tc("2C"));
    assert_int_equal(got[1], tc("TD"));
    assert_int_equal(got[2], tc("AS"));
    /* An empty list is no cards. */
    assert_int_equal(gw_cards_parse_list("", got, 4, &n, &err), GW_OK);
    assert_int_equal(n, 0);
    assert_int_equal(gw_cards_parse_list(" , ", got, 4, &n, &err), GW_OK);
    assert_int_equal(n, 0);
    gw_cards set = 1;
    assert_int_equal(gw_cards_parse("", &set, &err), GW_OK);
    assert_true(set == 0);
}

static void list_errors_name_the_token(void **state) {
    (void)state;
    gw_card got[8];
    int n = 0;
    gw_error err;
    assert_int_equal(gw_cards_parse_list("AS XX 2C", got, 8, &n, &err), GW_EINVAL);
    assert_int_equal(err.status, GW_EINVAL);
    assert_int_equal(err.col, 4);
    assert_non_null(strstr(err.msg, "XX"));
    /* A repeated card, in any spelling. */
    assert_int_equal(gw_cards_parse_list("AS KS as", got, 8, &n, &err), GW_EINVAL);
    assert_int_equal(err.col, 7);
    assert_non_null(strstr(err.msg, "AS"));
    assert_int_equal(gw_cards_parse_list("TH,10h", got, 8, &n, &err), GW_EINVAL);
    assert_int_equal(err.col, 4);
    /* More than max. */
    assert_int_equal(gw_cards_parse_list("AS KS QS", got, 2, &n, &err), GW_EINVAL);
    assert_int_equal(err.col, 7);
    assert_int_equal(gw_cards_parse_list("AS KS", got, 2, &n, &err), GW_OK);
    assert_int_equal(n, 2);
    /* The set parser reports the same problems. */
    gw_cards set;
    assert_int_equal(gw_cards_parse("AS AS", &set, &err), GW_EINVAL);
    assert_int_equal(gw_cards_parse("AS 1C", &set, &err), GW_EINVAL);
    assert_int_equal(gw_cards_parse("ASKS", &set, &err), GW_EINVAL);
}

static void parses_dotted_form(void **state) {
    (void)state;
    gw_cards want = gw_bit(tc("AS")) | gw_bit(tc("KS")) | gw_bit(tc("7D")) | gw_bit(tc("2C"));
    assert_true(tset("AK..7.2") == want);
    assert_true(tset("AK.-.7.2") == want);
    assert_true(tset("ak..7.2") == want);
    assert_true(tset("KA..7.2") == want); /* order within a suit does not matter */
    assert_true(tset("...") == 0);
    assert_true(tset("-.-.-.-") == 0);
    assert_true(tset(".AK..") == (gw_bit(tc("AH")) | gw_bit(tc("KH"))));
    assert_true(tset("...T9") == (gw_bit(tc("TC")) | gw_bit(tc("9C"))));
    assert_true(tset("..10.") == gw_bit(tc("TD")));
    assert_true(tset("AKQJT98765432...") == gw_suit_cards(GW_SPADES));
    assert_true(tset("...AKQJT98765432") == gw_suit_cards(GW_CLUBS));
    assert_true(tset("AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432") == GW_ALL_CARDS);
    /* The suits are S.H.D.C in that order. */
    assert_true(tset("2.3.4.5") ==
                (gw_bit(tc("2S")) | gw_bit(tc("3H")) | gw_bit(tc("4D")) | gw_bit(tc("5C"))));
}

static void dotted_errors(void **state) {
    (void)state;
    gw_cards set = 0;
    gw_error err;
    assert_int_equal(gw_cards_parse("AK.7.2", &set, &err), GW_EINVAL);   /* two dots */
    assert_int_equal(gw_cards_parse("AK..7.2.", &set, &err), GW_EINVAL); /* four dots */
    assert_int_equal(gw_cards_parse("AX..7.2", &set, &err), GW_EINVAL);
    assert_int_equal(err.col, 2);
    assert_int_equal(gw_cards_parse("AA..7.2", &set, &err), GW_EINVAL); /* repeated card */
    assert_int_equal(err.col, 2);
    assert_non_null(strstr(err.msg, "AS"));
    assert_int_equal(gw_cards_parse("AS..7.2", &set, &err), GW_EINVAL); /* a suit letter is no rank */
    assert_int_equal(gw_cards_parse("T10...", &set, &err), GW_EINVAL);  /* T and 10 are one card */
}

static void formats_lists_high_to_low(void **state) {
    (void)state;
    char out[160];
    gw_cards s = tset("2C AS 7D KS TH");
    assert_int_equal(gw_cards_format_list(s, NULL, ' ', out, (int)sizeof out), 14);
    assert_string_equal(out, "AS KS TH 7D 2C");
    gw_cards_format_list(s, NULL, ',', out, (int)sizeof out);
    assert_string_equal(out, "AS,KS,TH,7D,2C");
    /* High to low within a suit, whatever order the set was written in. */
    gw_cards_format_list(tset("2S 9S AS 5S TS JS"), NULL, ' ', out, (int)sizeof out);
    assert_string_equal(out, "AS JS TS 9S 5S 2S");
    /* In a given suit order (clubs trump, alternate: C H S D). */
    int order[GW_SUITS];
    gw_suit_order(GW_CLUBS, GW_ORDER_ALTERNATE, order);
    gw_cards_format_list(s, order, ' ', out, (int)sizeof out);
    assert_string_equal(out, "2C TH AS KS 7D");
    /* The empty set. */
    assert_int_equal(gw_cards_format_list(0, NULL, ' ', out, (int)sizeof out), 0);
    assert_string_equal(out, "");
    /* The whole deck fits in 157 bytes and parses back. */
    char all[157];
    assert_int_equal(gw_cards_format_list(GW_ALL_CARDS, NULL, ' ', all, (int)sizeof all), 155);
    assert_int_equal((int)strlen(all), 155);
    assert_true(tset(all) == GW_ALL_CARDS);
    assert_int_equal(strncmp(all, "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH", 41), 0);
    /* A short buffer is never overrun and always terminated. */
    memset(out, 'x', sizeof out);
    gw_cards_format_list(s, NULL, ' ', out, 6);
    assert_string_equal(out, "AS KS");
    assert_int_equal(out[6], 'x');
}

static void formats_dotted(void **state) {
    (void)state;
    char out[60];
    assert_int_equal(gw_cards_format_dotted(tset("AS KS 7D 2C"), out, (int)sizeof out), 7);
    assert_string_equal(out, "AK..7.2");
    assert_int_equal(gw_cards_format_dotted(0, out, (int)sizeof out), 3);
    assert_string_equal(out, "...");
    gw_cards_format_dotted(tset("2S 9S AS TH JH"), out, (int)sizeof out);
    assert_string_equal(out, "A92.JT..");
    assert_int_equal(gw_cards_format_dotted(GW_ALL_CARDS, out, (int)sizeof out), 55);
    assert_string_equal(out, "AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432");
    memset(out, 'x', sizeof out);
    gw_cards_format_dotted(tset("AS KS 7D 2C"), out, 4);
    assert_string_equal(out, "AK.");
    assert_int_equal(out[4], 'x');
    /* Random sets survive both text forms. */
    gw_rng rng;
    gw_rng_seed(&rng, 7);
    for (int i = 0; i < 500; i++) {
        gw_cards set = gw_rng_next(&rng) & GW_ALL_CARDS;
        char list[157], dotted[60];
        gw_cards_format_list(set, NULL, ' ', list, (int)sizeof list);
        gw_cards_format_dotted(set, dotted, (int)sizeof dotted);
        assert_true(tset(list) == set);
        assert_true(tset(dotted) == set);
    }
}

static void suit_order_classic_is_shdc(void **state) {
    (void)state;
    for (int trump = 0; trump < GW_SUITS; trump++) {
        int order[GW_SUITS];
        gw_suit_order(trump, GW_ORDER_CLASSIC, order);
        assert_int_equal(order[0], GW_SPADES);
        assert_int_equal(order[1], GW_HEARTS);
        assert_int_equal(order[2], GW_DIAMONDS);
        assert_int_equal(order[3], GW_CLUBS);
    }
}

static int position(const int order[GW_SUITS], int suit) {
    for (int i = 0; i < GW_SUITS; i++)
        if (order[i] == suit) return i;
    return -1;
}

static void suit_order_alternate(void **state) {
    (void)state;
    static const int WANT[GW_SUITS][GW_SUITS] = {
        {GW_SPADES, GW_HEARTS, GW_CLUBS, GW_DIAMONDS}, /* spades: black, so hearts before diamonds */
        {GW_HEARTS, GW_SPADES, GW_DIAMONDS, GW_CLUBS}, /* hearts: red, so spades before clubs */
        {GW_DIAMONDS, GW_SPADES, GW_HEARTS, GW_CLUBS}, /* diamonds: red, so spades before clubs */
        {GW_CLUBS, GW_HEARTS, GW_SPADES, GW_DIAMONDS}, /* clubs: black, so hearts before diamonds */
    };
    for (int trump = 0; trump < GW_SUITS; trump++) {
        int order[GW_SUITS];
        gw_suit_order(trump, GW_ORDER_ALTERNATE, order);
        assert_memory_equal(order, WANT[trump], sizeof order);
        /* The rules behind the table: trump first, each suit once, colours alternate. */
        assert_int_equal(order[0], trump);
        for (int s = 0; s < GW_SUITS; s++)
            assert_true(position(order, s) >= 0);
        for (int i = 1; i < GW_SUITS; i++)
            assert_true(gw_suit_is_red(order[i]) != gw_suit_is_red(order[i - 1]));
        if (gw_suit_is_red(trump))
            assert_true(position(order, GW_SPADES) < position(order, GW_CLUBS));
        else
            assert_true(position(order, GW_HEARTS) < position(order, GW_DIAMONDS));
    }
}

static void set_helpers(void **state) {
    (void)state;
    assert_int_equal(gw_count(GW_ALL_CARDS), 52);
    assert_int_equal(gw_count(gw_suit_cards(GW_HEARTS)), 13);
    assert_int_equal(gw_first(tset("KD 3H")), tc("3H"));
    assert_int_equal(gw_last(tset("KD 3H")), tc("KD"));
    assert_true(gw_has(tset("KD 3H"), tc("KD")));
    assert_false(gw_has(tset("KD 3H"), tc("KH")));
    assert_true(gw_card_valid(tc("AC")));
    assert_false(gw_card_valid(GW_NO_CARD));
    assert_false(gw_card_valid((gw_card)13)); /* rank 13 does not exist */
    assert_int_equal(gw_card_suit(tc("9D")), GW_DIAMONDS);
    assert_int_equal(gw_card_rank(tc("9D")), 7);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parses_canonical_lower_case_and_ten),
        cmocka_unit_test(parses_every_rank_and_suit),
        cmocka_unit_test(parses_unicode_suit_symbols),
        cmocka_unit_test(rejects_malformed_cards),
        cmocka_unit_test(formats_canonically),
        cmocka_unit_test(suit_helpers),
        cmocka_unit_test(parses_lists_with_spaces_and_commas),
        cmocka_unit_test(list_errors_name_the_token),
        cmocka_unit_test(parses_dotted_form),
        cmocka_unit_test(dotted_errors),
        cmocka_unit_test(formats_lists_high_to_low),
        cmocka_unit_test(formats_dotted),
        cmocka_unit_test(suit_order_classic_is_shdc),
        cmocka_unit_test(suit_order_alternate),
        cmocka_unit_test(set_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
