/* test_rating.c: Glicko-2 rating periods (Glickman's worked example, no games, bad inputs, symmetry), the
 * rule families of every variant and scoring, and the computer levels' fixed ratings. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "gw/deck.h"
#include "gw/levels.h"
#include "gw/rating.h"
#include "gw/score.h"

static gw_rating rating(double value, double rd, double vol) {
    gw_rating r = {value, rd, vol, 0};
    return r;
}

/* ---- Glickman's example ---------------------------------------------------------------------------- */

/* "Example of the Glicko-2 system" (2013): 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300:
 * 1464.06, 151.52, 0.05999. */
static void glickman_example(void **state) {
    (void)state;
    gw_rating r = rating(1500, 200, 0.06);
    r.games = 7;
    gw_rating_game games[3] = {
        {rating(1400, 30, 0.06), 1.0}, {rating(1550, 100, 0.06), 0.0}, {rating(1700, 300, 0.06), 0.0}};
    gw_rating out;
    gw_error err;
    assert_int_equal(gw_rating_update(&r, games, 3, &out, &err), GW_OK);
    assert_true(fabs(out.rating - 1464.06) < 0.01);
    assert_true(fabs(out.rd - 151.52) < 0.01);
    assert_true(fabs(out.vol - 0.05999) < 0.00001);
    assert_int_equal(out.games, 10);
    /* out may be the rating itself */
    assert_int_equal(gw_rating_update(&r, games, 3, &r, &err), GW_OK);
    assert_true(r.rating == out.rating && r.rd == out.rd && r.vol == out.vol && r.games == 10);
}

/* A surprising run of results raises the volatility (the other branch of step 5's bracket). */
static void surprise_raises_volatility(void **state) {
    (void)state;
    gw_rating r = rating(1500, 50, 0.06), out;
    gw_rating_game games[10];
    for (int i = 0; i < 10; i++)
        games[i] = (gw_rating_game){rating(2000, 30, 0.06), 1.0};
    assert_int_equal(gw_rating_update(&r, games, 10, &out, NULL), GW_OK);
    assert_true(out.vol > 0.06);
    assert_true(out.rating > 1500 && out.rating < 2000);
    /* the deviation barely moves: the games' information against the volatility's growth */
    assert_true(isfinite(out.rd) && out.rd > 45 && out.rd < 55);
}

/* ---- no games ---------------------------------------------------------------------------------------- */

static void no_games_grows_rd_only(void **state) {
    (void)state;
    gw_rating r = rating(1700, 200, 0.06), out;
    r.games = 4;
    gw_error err;
    assert_int_equal(gw_rating_update(&r, NULL, 0, &out, &err), GW_OK);
    assert_true(out.rating == 1700 && out.vol == 0.06 && out.games == 4);
    /* phi' = sqrt(phi^2 + sigma^2) on the Glicko-2 scale */
    double phi = 200 / 173.7178;
    assert_true(fabs(out.rd - 173.7178 * sqrt(phi * phi + 0.06 * 0.06)) < 1e-9);
    assert_true(out.rd > 200);

    /* never beyond 350 */
    gw_rating fresh;
    gw_rating_default(&fresh);
    assert_true(fresh.rating == 1500 && fresh.rd == 350 && fresh.vol == 0.06 && fresh.games == 0);
    assert_int_equal(gw_rating_update(&fresh, NULL, 0, &out, &err), GW_OK);
    assert_true(out.rd == 350 && out.rating == 1500);
    r = rating(1500, 349.9, 0.06);
    assert_int_equal(gw_rating_update(&r, NULL, 0, &out, &err), GW_OK);
    assert_true(out.rd == 350);
}

/* ---- bad input ------------------------------------------------------------------------------------ */

/* Expects GW_EINVAL with a message and out untouched. */
static void expect_refused(const gw_rating *r, const gw_rating_game *games, int n) {
    gw_rating out = rating(1234, 56, 0.07);
    out.games = 89;
    gw_error err;
    assert_int_equal(gw_rating_update(r, games, n, &out, &err), GW_EINVAL);
    assert_int_equal(err.status, GW_EINVAL);
    assert_true(err.msg[0] != '\0');
    assert_true(out.rating == 1234 && out.rd == 56 && out.vol == 0.07 && out.games == 89);
    assert_int_equal(gw_rating_update(r, games, n, &out, NULL), GW_EINVAL); /* err may be NULL */
}

static void bad_inputs_refused(void **state) {
    (void)state;
    const gw_rating good = rating(1500, 200, 0.06);
    gw_rating_game game = {rating(1500, 100, 0.06), 1.0};
    gw_rating out;
    assert_int_equal(gw_rating_update(&good, &game, 1, &out, NULL), GW_OK);

    const double scores[] = {-0.01, 1.01, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof scores / sizeof scores[0]; i++) {
        gw_rating_game g = game;
        g.score = scores[i];
        expect_refused(&good, &g, 1);
    }
    const gw_rating bad[] = {
        rating(NAN, 200, 0.06),    rating(INFINITY, 200, 0.06), rating(-1, 200, 0.06),
        rating(4000.5, 200, 0.06), rating(1500, 0, 0.06),       rating(1500, -5, 0.06),
        rating(1500, 351, 0.06),   rating(1500, NAN, 0.06),     rating(1500, 200, 0),
        rating(1500, 200, -0.1),   rating(1500, 200, 1.5),      rating(1500, 200, NAN),
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        expect_refused(&bad[i], &game, 1);
        expect_refused(&bad[i], NULL, 0);
        gw_rating_game g = {bad[i], 0.5};
        expect_refused(&good, &g, 1);
    }
    gw_rating negative = good;
    negative.games = -1;
    expect_refused(&negative, NULL, 0);
    expect_refused(&good, NULL, 1);   /* games announced, none given */
    expect_refused(&good, &game, -1); /* a negative count */
    expect_refused(&good, &game, GW_RATING_GAMES_MAX + 1);
    expect_refused(NULL, &game, 1);
    gw_error err;
    assert_int_equal(gw_rating_update(&good, &game, 1, NULL, &err), GW_EINVAL);

    /* the message names the opponent at fault */
    gw_rating_game two[2] = {game, {rating(1500, 400, 0.06), 0.0}};
    assert_int_equal(gw_rating_update(&good, two, 2, &out, &err), GW_EINVAL);
    assert_non_null(strstr(err.msg, "opponent 2"));

    /* the ends of the ranges are accepted */
    gw_rating_game edge[2] = {{rating(0, 350, 1.0), 0.0}, {rating(4000, 0.001, 0.001), 1.0}};
    assert_int_equal(gw_rating_update(&good, edge, 2, &out, &err), GW_OK);
    assert_true(isfinite(out.rating) && out.rating >= 0 && out.rating <= 4000);
    assert_true(isfinite(out.rd) && out.rd > 0 && out.rd <= 350);
    assert_true(isfinite(out.vol) && out.vol > 0 && out.vol <= 1);
}

/* A result never leaves the range, so it can always be updated again. */
static void results_stay_in_range(void **state) {
    (void)state;
    gw_rating r = rating(3990, 350, 0.06);
    gw_rating_game win = {rating(0, 350, 0.06), 1.0}, games[50];
    for (int i = 0; i < 50; i++)
        games[i] = win;
    games[0].opponent.rating = 4000;
    for (int period = 0; period < 5; period++) {
        assert_int_equal(gw_rating_update(&r, games, 50, &r, NULL), GW_OK);
        assert_true(r.rating <= GW_RATING_MAX && r.rating >= GW_RATING_MIN);
    }
    r = rating(10, 350, 0.06);
    for (int i = 0; i < 50; i++)
        games[i] = (gw_rating_game){rating(4000, 30, 0.06), 0.0};
    assert_int_equal(gw_rating_update(&r, games, 50, &r, NULL), GW_OK);
    assert_true(r.rating >= GW_RATING_MIN);
    assert_int_equal(gw_rating_update(&r, games, 50, &r, NULL), GW_OK);
}

/* ---- symmetry -------------------------------------------------------------------------------------- */

/* Two equal players, one wins: equal and opposite moves, equal deviations; a draw moves neither. */
static void equal_players_move_oppositely(void **state) {
    (void)state;
    const double rds[] = {350, 200, 60};
    for (size_t i = 0; i < sizeof rds / sizeof rds[0]; i++) {
        gw_rating a = rating(1620, rds[i], 0.06), b = a, a2, b2;
        gw_rating_game a_game = {b, 1.0}, b_game = {a, 0.0};
        assert_int_equal(gw_rating_update(&a, &a_game, 1, &a2, NULL), GW_OK);
        assert_int_equal(gw_rating_update(&b, &b_game, 1, &b2, NULL), GW_OK);
        assert_true(a2.rating > 1620 && b2.rating < 1620);
        assert_true(fabs((a2.rating - 1620) + (b2.rating - 1620)) < 1e-9);
        assert_true(fabs(a2.rd - b2.rd) < 1e-9);
        assert_true(rds[i] < 100 || a2.rd < rds[i]); /* one game narrows a wide deviation */
        assert_true(fabs(a2.vol - b2.vol) < 1e-12);
        gw_rating_game draw = {b, 0.5};
        assert_int_equal(gw_rating_update(&a, &draw, 1, &a2, NULL), GW_OK);
        assert_true(fabs(a2.rating - 1620) < 1e-9);
    }
    /* the new player moves more against the same opponent than the established one */
    gw_rating fresh = rating(1500, 350, 0.06), settled = rating(1500, 50, 0.06), f2, s2;
    gw_rating_game g = {rating(1500, 50, 0.06), 1.0};
    assert_int_equal(gw_rating_update(&fresh, &g, 1, &f2, NULL), GW_OK);
    assert_int_equal(gw_rating_update(&settled, &g, 1, &s2, NULL), GW_OK);
    assert_true(f2.rating - 1500 > s2.rating - 1500 && s2.rating > 1500);
}

/* ---- families ------------------------------------------------------------------------------------ */

static void families_of_every_rule(void **state) {
    (void)state;
    gw_session_config c;
    for (int v = GW_CLASSIC; v <= GW_SMALL; v++) {
        for (int s = 0; s < GW_SCORINGS; s++) {
            gw_session_config_default(&c, GW_GAME_GERMAN);
            c.rules.variant = (gw_variant)v;
            c.rules.scoring = (gw_scoring)s;
            char want[64];
            snprintf(want, sizeof want, "german-%s-%s", gw_variant_name((gw_variant)v),
                     gw_scoring_name((gw_scoring)s));
            const char *got = gw_rating_family(&c);
            assert_non_null(got);
            assert_string_equal(got, want);
            c.rules.target = 25; /* the target is not part of the family */
            assert_ptr_equal(gw_rating_family(&c), got);
        }
    }
    gw_session_config_default(&c, GW_GAME_GERMAN);
    assert_string_equal(gw_rating_family(&c), "german-classic-last13");
    gw_session_config_default(&c, GW_GAME_ANDROID);
    assert_string_equal(gw_rating_family(&c), "android");
    c.rules.scoring = (gw_scoring)99; /* Android Whist ignores the German rules */
    assert_string_equal(gw_rating_family(&c), "android");

    gw_session_config_default(&c, GW_GAME_GERMAN);
    c.rules.scoring = (gw_scoring)GW_SCORINGS;
    assert_null(gw_rating_family(&c));
    gw_session_config_default(&c, GW_GAME_GERMAN);
    c.rules.variant = (gw_variant)2;
    assert_null(gw_rating_family(&c));
    c.game = (gw_game_kind)7;
    assert_null(gw_rating_family(&c));
    assert_null(gw_rating_family(NULL));
}

/* ---- the computer levels -------------------------------------------------------------------------- */

static void computer_levels_fixed_and_ordered(void **state) {
    (void)state;
    const int german[] = {GW_AI_RANDOM, GW_AI_EASY, GW_AI_HARD, GW_AI_EXPERT};
    for (size_t i = 0; i < sizeof german / sizeof german[0]; i++) {
        gw_rating r = gw_rating_computer(GW_GAME_GERMAN, german[i]);
        assert_true(r.rd == GW_RATING_COMPUTER_RD && r.vol == 0.06 && r.games == 0);
        assert_true(r.rating >= GW_RATING_MIN && r.rating <= GW_RATING_MAX);
        if (i > 0) /* each level above the one below: the ladder's every step is won */
            assert_true(r.rating > gw_rating_computer(GW_GAME_GERMAN, german[i - 1]).rating);
        gw_rating out; /* usable as an opponent */
        gw_rating_game g = {r, 1.0};
        gw_rating me;
        gw_rating_default(&me);
        assert_int_equal(gw_rating_update(&me, &g, 1, &out, NULL), GW_OK);
    }
    assert_true(gw_rating_computer(GW_GAME_GERMAN, GW_AI_HARD).rating == 1500); /* the anchor */
    for (int level = 0; level < GW_ANDROID_LEVELS; level++) {
        gw_rating r = gw_rating_computer(GW_GAME_ANDROID, level);
        assert_true(r.rd == GW_RATING_COMPUTER_RD && r.rating >= GW_RATING_MIN && r.rating <= GW_RATING_MAX);
        if (level > 0) assert_true(r.rating > gw_rating_computer(GW_GAME_ANDROID, level - 1).rating);
    }
    assert_true(gw_rating_computer(GW_GAME_ANDROID, GW_ANDROID_HARD).rating == 1500);
    /* no measured rating: the unknown player's */
    const gw_rating unknown[] = {
        gw_rating_computer(GW_GAME_GERMAN, GW_AI_ORACLE), gw_rating_computer(GW_GAME_GERMAN, -1),
        gw_rating_computer(GW_GAME_ANDROID, GW_ANDROID_LEVELS), gw_rating_computer((gw_game_kind)5, 1)};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        assert_true(unknown[i].rating == 1500 && unknown[i].rd == 350 && unknown[i].vol == 0.06);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(glickman_example),       cmocka_unit_test(surprise_raises_volatility),
        cmocka_unit_test(no_games_grows_rd_only), cmocka_unit_test(bad_inputs_refused),
        cmocka_unit_test(results_stay_in_range),  cmocka_unit_test(equal_players_move_oppositely),
        cmocka_unit_test(families_of_every_rule), cmocka_unit_test(computer_levels_fixed_and_ordered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
