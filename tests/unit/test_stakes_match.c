/* test_stakes_match.c: gw_stakes_value with a match at stake (target > 0): the hand's points, plus
 * GW_STAKES_MATCH when they win the match for the seat and minus it when they lose it, by the match's
 * rule (at or over the target and ahead; level scores play on). */
#include "gw/match.h"
#include "gw/score.h"
#include "gw_test.h"

static double value(gw_scoring sc, int target, int s0, int s1, int seat, int e0, int e1) {
    gw_stakes st = {sc, target, {s0, s1}};
    int endgame[2] = {e0, e1}, all[2] = {e0 + 6, e1 + 7}; /* 13 foreplay tricks: 6 and 7 */
    return gw_stakes_value(&st, GW_CLASSIC, seat, endgame, all);
}

static void without_a_match_the_hand_alone(void **state) {
    (void)state;
    assert_true(value(GW_LAST13, 0, 8, 9, 0, 8, 5) == 2);
    assert_true(value(GW_LAST13, 0, 8, 9, 1, 8, 5) == -2);
    assert_true(value(GW_LAST13, 0, 0, 0, 0, 13, 0) == 10); /* the slam */
    int endgame[2] = {13, 0}, all[2] = {19, 7};
    assert_true(gw_stakes_value(NULL, GW_CLASSIC, 0, endgame, all) == 10);
}

static void last13_one_hand_from_the_target(void **state) {
    (void)state;
    /* 8 to 9, target 10: 8 tricks (2 points) win the match for player 0, 7 (1 point) level it at 9-9 and
     * the match goes on, 6 (the opponent's point) lose it. */
    assert_true(value(GW_LAST13, 10, 8, 9, 0, 8, 5) == 2 + GW_STAKES_MATCH);
    assert_true(value(GW_LAST13, 10, 8, 9, 1, 8, 5) == -2 - GW_STAKES_MATCH);
    assert_true(value(GW_LAST13, 10, 8, 9, 0, 7, 6) == 1);
    assert_true(value(GW_LAST13, 10, 8, 9, 0, 6, 7) == -1 - GW_STAKES_MATCH);
    assert_true(value(GW_LAST13, 10, 8, 9, 1, 6, 7) == 1 + GW_STAKES_MATCH);
    /* far from the target: the hand's points alone */
    assert_true(value(GW_LAST13, 10, 0, 0, 0, 8, 5) == 2);
    assert_true(value(GW_LAST13, 10, 0, 0, 0, 13, 0) == 10 + GW_STAKES_MATCH); /* a slam from 0 wins it */
}

static void every_and_difference(void **state) {
    (void)state;
    /* every: all tricks, 6 + 8 = 14 of 26 scores 1 */
    assert_true(value(GW_EVERY, 5, 4, 0, 0, 8, 5) == 1 + GW_STAKES_MATCH);
    assert_true(value(GW_EVERY, 5, 3, 0, 0, 8, 5) == 1);
    /* difference: 8 - 5 = 3 */
    assert_true(value(GW_DIFFERENCE, 10, 7, 0, 0, 8, 5) == 3 + GW_STAKES_MATCH);
    assert_true(value(GW_DIFFERENCE, 10, 6, 0, 0, 8, 5) == 3);
}

static void running_total_level_plays_on(void **state) {
    (void)state;
    /* both score: 5 + 7 = 12 against 5 + 6 = 11: player 0 wins */
    assert_true(value(GW_TOTAL, 10, 5, 5, 0, 7, 6) == 1 + GW_STAKES_MATCH);
    /* 4 + 7 = 11 against 5 + 6 = 11: level over the target, the match goes on */
    assert_true(value(GW_TOTAL, 10, 4, 5, 0, 7, 6) == 1);
    /* as the match says */
    gw_match_rules rules = {GW_CLASSIC, GW_TOTAL, 10};
    int level[2] = {11, 11}, ahead[2] = {12, 11};
    assert_int_equal(gw_match_score_winner(&rules, level), -1);
    assert_int_equal(gw_match_score_winner(&rules, ahead), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(without_a_match_the_hand_alone),
        cmocka_unit_test(last13_one_hand_from_the_target),
        cmocka_unit_test(every_and_difference),
        cmocka_unit_test(running_total_level_plays_on),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
