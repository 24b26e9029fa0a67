/* test_score.c: scoring a hand in last13, every, difference and total, for both decks, with every spec
 * example. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gw/score.h"

/* Scores a hand from endgame tricks e0-e1 and all tricks a0-a1. */
static gw_hand_score score(gw_variant v, gw_scoring s, int e0, int e1, int a0, int a1) {
    int h = gw_hand_size(v);
    assert_int_equal(e0 + e1, h); /* the examples are whole hands */
    assert_int_equal(a0 + a1, 2 * h);
    const int endgame[2] = {e0, e1}, all[2] = {a0, a1};
    return gw_score_hand(v, s, endgame, all);
}

/* Only the winner scores (the systems but running total). */
static void expect(gw_hand_score r, int winner, int points, bool slam) {
    assert_int_equal(r.winner, winner);
    assert_int_equal(r.points[0], winner == 0 ? points : 0);
    assert_int_equal(r.points[1], winner == 1 ? points : 0);
    assert_int_equal(r.slam, slam);
}

/* ---- the examples the spec requires -------------------------------------- */

static void classic_last13_8_5_scores_2(void **state) {
    (void)state;
    gw_hand_score r = score(GW_CLASSIC, GW_LAST13, 8, 5, 14, 12);
    expect(r, 0, 2, false);
    assert_int_equal(r.counted[0], 8);
    assert_int_equal(r.counted[1], 5);
}

static void classic_last13_13_0_scores_10(void **state) {
    (void)state;
    expect(score(GW_CLASSIC, GW_LAST13, 13, 0, 16, 10), 0, 10, true);
    expect(score(GW_CLASSIC, GW_LAST13, 0, 13, 3, 23), 1, 10, true);
}

static void classic_every_23_3_scores_10(void **state) {
    (void)state;
    gw_hand_score r = score(GW_CLASSIC, GW_EVERY, 12, 1, 23, 3);
    expect(r, 0, 10, false);
    assert_int_equal(r.counted[0], 23); /* all tricks are counted */
    assert_int_equal(r.counted[1], 3);
}

static void classic_every_13_13_scores_nothing(void **state) {
    (void)state;
    gw_hand_score r = score(GW_CLASSIC, GW_EVERY, 7, 6, 13, 13);
    expect(r, -1, 0, false);
    assert_int_equal(r.counted[0], 13);
    assert_int_equal(r.counted[1], 13);
}

static void small_last7_5_2_scores_2(void **state) {
    (void)state;
    expect(score(GW_SMALL, GW_LAST13, 5, 2, 9, 5), 0, 2, false);
}

static void small_last7_7_0_scores_5(void **state) {
    (void)state;
    expect(score(GW_SMALL, GW_LAST13, 7, 0, 7, 7), 0, 5, true);
    expect(score(GW_SMALL, GW_LAST13, 0, 7, 1, 13), 1, 5, true);
}

static void small_every_10_4_scores_4(void **state) {
    (void)state;
    gw_hand_score r = score(GW_SMALL, GW_EVERY, 5, 2, 10, 4);
    expect(r, 0, 4, false);
    assert_int_equal(r.counted[0], 10);
    assert_int_equal(r.counted[1], 4);
}

static void classic_difference_8_5_scores_3(void **state) {
    (void)state;
    gw_hand_score r = score(GW_CLASSIC, GW_DIFFERENCE, 8, 5, 12, 14);
    expect(r, 0, 3, false);
    assert_int_equal(r.counted[0], 8); /* endgame tricks, not all */
    assert_int_equal(r.counted[1], 5);
}

/* ---- more of each rule --------------------------------------------------- */

static void last13_counts_only_endgame_tricks(void **state) {
    (void)state;
    /* Player 2 takes more tricks overall but fewer in the endgame: player 1 scores. */
    gw_hand_score r = score(GW_CLASSIC, GW_LAST13, 7, 6, 8, 18);
    expect(r, 0, 1, false);
    assert_int_equal(r.counted[0], 7);
    /* The winner scores tricks over 6 (classic) or over 3 (small). */
    for (int e = 7; e < 13; e++)
        expect(score(GW_CLASSIC, GW_LAST13, e, 13 - e, 13, 13), 0, e - 6, false);
    for (int e = 4; e < 7; e++)
        expect(score(GW_SMALL, GW_LAST13, e, 7 - e, 7, 7), 0, e - 3, false);
}

static void winner_is_player_2_with_more(void **state) {
    (void)state;
    expect(score(GW_CLASSIC, GW_LAST13, 5, 8, 13, 13), 1, 2, false);
    expect(score(GW_CLASSIC, GW_LAST13, 6, 7, 19, 7), 1, 1, false);
    expect(score(GW_SMALL, GW_LAST13, 2, 5, 7, 7), 1, 2, false);
    expect(score(GW_CLASSIC, GW_EVERY, 1, 12, 3, 23), 1, 10, false);
    expect(score(GW_SMALL, GW_EVERY, 2, 5, 4, 10), 1, 4, false);
    expect(score(GW_CLASSIC, GW_DIFFERENCE, 5, 8, 13, 13), 1, 3, false);
    expect(score(GW_SMALL, GW_DIFFERENCE, 1, 6, 7, 7), 1, 5, false);
}

static void every_counts_all_tricks(void **state) {
    (void)state;
    /* Tricks over 13 (classic) or over 6 (small); a tie scores nothing. */
    for (int a = 14; a <= 26; a++)
        expect(score(GW_CLASSIC, GW_EVERY, 13, 0, a, 26 - a), 0, a - 13, false);
    for (int a = 8; a <= 14; a++)
        expect(score(GW_SMALL, GW_EVERY, 7, 0, a, 14 - a), 0, a - 6, false);
    expect(score(GW_SMALL, GW_EVERY, 4, 3, 7, 7), -1, 0, false);
    /* Endgame tricks do not matter: fewer endgame tricks, more in all. */
    expect(score(GW_CLASSIC, GW_EVERY, 3, 10, 16, 10), 0, 3, false);
}

static void every_has_no_slam(void **state) {
    (void)state;
    expect(score(GW_CLASSIC, GW_EVERY, 13, 0, 26, 0), 0, 13, false);
    expect(score(GW_CLASSIC, GW_EVERY, 13, 0, 20, 6), 0, 7, false);
    expect(score(GW_SMALL, GW_EVERY, 7, 0, 14, 0), 0, 8, false);
}

static void difference_has_no_slam(void **state) {
    (void)state;
    expect(score(GW_CLASSIC, GW_DIFFERENCE, 13, 0, 20, 6), 0, 13, false);
    expect(score(GW_SMALL, GW_DIFFERENCE, 7, 0, 10, 4), 0, 7, false);
    expect(score(GW_SMALL, GW_DIFFERENCE, 4, 3, 4, 10), 0, 1, false);
    for (int e = 7; e <= 13; e++)
        expect(score(GW_CLASSIC, GW_DIFFERENCE, e, 13 - e, 13, 13), 0, e - (13 - e), false);
}

static void last13_slam_only_for_every_endgame_trick(void **state) {
    (void)state;
    expect(score(GW_CLASSIC, GW_LAST13, 12, 1, 25, 1), 0, 6, false);
    expect(score(GW_SMALL, GW_LAST13, 6, 1, 13, 1), 0, 3, false);
}

/* Running total (seed 000): both players score their endgame tricks. */
static void expect_total(gw_hand_score r, int winner, int p0, int p1) {
    assert_int_equal(r.winner, winner);
    assert_int_equal(r.points[0], p0);
    assert_int_equal(r.points[1], p1);
    assert_int_equal(r.counted[0], p0);
    assert_int_equal(r.counted[1], p1);
    assert_false(r.slam);
}

static void total_both_score_their_endgame_tricks(void **state) {
    (void)state;
    expect_total(score(GW_CLASSIC, GW_TOTAL, 8, 5, 14, 12), 0, 8, 5);
    expect_total(score(GW_CLASSIC, GW_TOTAL, 5, 8, 13, 13), 1, 5, 8);
    expect_total(score(GW_CLASSIC, GW_TOTAL, 6, 7, 19, 7), 1, 6, 7);
    /* every endgame trick: 13 (7), no slam bonus; the loser scores 0 */
    expect_total(score(GW_CLASSIC, GW_TOTAL, 13, 0, 20, 6), 0, 13, 0);
    expect_total(score(GW_CLASSIC, GW_TOTAL, 0, 13, 0, 26), 1, 0, 13);
    /* the small deck: 7 endgame tricks a hand */
    expect_total(score(GW_SMALL, GW_TOTAL, 4, 3, 4, 10), 0, 4, 3);
    expect_total(score(GW_SMALL, GW_TOTAL, 7, 0, 14, 0), 0, 7, 0);
    expect_total(score(GW_SMALL, GW_TOTAL, 2, 5, 9, 5), 1, 2, 5);
    /* foreplay tricks never count: the same endgame, any foreplay */
    for (int a = 0; a <= 13; a++)
        expect_total(score(GW_CLASSIC, GW_TOTAL, 9, 4, a + 9, 13 - a + 4), 0, 9, 4);
    /* every split of the endgame: each scores its own tricks */
    for (int e = 0; e <= 13; e++)
        expect_total(score(GW_CLASSIC, GW_TOTAL, e, 13 - e, 13, 13), e > 6 ? 0 : 1, e, 13 - e);
}

static void scoring_names(void **state) {
    (void)state;
    assert_string_equal(gw_scoring_name(GW_LAST13), "last13");
    assert_string_equal(gw_scoring_name(GW_EVERY), "every");
    assert_string_equal(gw_scoring_name(GW_DIFFERENCE), "difference");
    assert_string_equal(gw_scoring_name(GW_TOTAL), "total");
    assert_string_equal(gw_scoring_name((gw_scoring)GW_SCORINGS), "?");
    static const char *const NAMES[] = {"last13", "every", "difference", "total"};
    assert_int_equal(sizeof NAMES / sizeof NAMES[0], GW_SCORINGS);
    for (int i = 0; i < GW_SCORINGS; i++) {
        gw_scoring s = (gw_scoring)((i + 1) % GW_SCORINGS);
        assert_true(gw_scoring_parse(NAMES[i], &s));
        assert_int_equal(s, i);
        assert_string_equal(gw_scoring_name(s), NAMES[i]);
    }
    gw_scoring s = GW_EVERY;
    assert_false(gw_scoring_parse("Last13", &s));
    assert_false(gw_scoring_parse("last7", &s));
    assert_false(gw_scoring_parse("", &s));
    assert_false(gw_scoring_parse("diff", &s));
    assert_false(gw_scoring_parse("every ", &s));
    assert_false(gw_scoring_parse("Total", &s));
    assert_false(gw_scoring_parse("running total", &s));
    assert_int_equal(s, GW_EVERY); /* untouched on failure */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classic_last13_8_5_scores_2),
        cmocka_unit_test(total_both_score_their_endgame_tricks),
        cmocka_unit_test(classic_last13_13_0_scores_10),
        cmocka_unit_test(classic_every_23_3_scores_10),
        cmocka_unit_test(classic_every_13_13_scores_nothing),
        cmocka_unit_test(small_last7_5_2_scores_2),
        cmocka_unit_test(small_last7_7_0_scores_5),
        cmocka_unit_test(small_every_10_4_scores_4),
        cmocka_unit_test(classic_difference_8_5_scores_3),
        cmocka_unit_test(last13_counts_only_endgame_tricks),
        cmocka_unit_test(winner_is_player_2_with_more),
        cmocka_unit_test(every_counts_all_tricks),
        cmocka_unit_test(every_has_no_slam),
        cmocka_unit_test(difference_has_no_slam),
        cmocka_unit_test(last13_slam_only_for_every_endgame_trick),
        cmocka_unit_test(scoring_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
