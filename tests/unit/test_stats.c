/* test_stats.c: the statistics library (include/gw/stats.h): the counting of hands (streaks in the order
 * played, slams and undos, the total row across rules), the finished matches and rubbers, the order of the
 * rows, the total row, Android Whist's points and games; and the stats message counted from a program's
 * facts (include/gw/protocol_stats.h), with its refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/protocol_stats.h"
#include "gw/stats.h"

static gw_stats_key key(const char *variant, const char *scoring, int target, const char *opponent) {
    return (gw_stats_key){variant, scoring, opponent, target};
}

static void hand(gw_stats_tally *t, gw_stats_key k, int winner, bool slam, bool assisted) {
    assert_true(gw_stats_count_hand(t, &k, winner, slam, assisted));
}

/* Row i of rows has key (variant, scoring, target, opponent). */
static void assert_key(const gw_stats *r, const char *variant, const char *scoring, int target,
                       const char *opponent) {
    assert_string_equal(r->variant, variant);
    assert_string_equal(r->scoring, scoring);
    assert_int_equal(r->target, target);
    assert_string_equal(r->opponent, opponent);
}

/* Nothing counted: the total row alone, zeros. */
static void empty_total(void **state) {
    (void)state;
    gw_stats_tally t;
    gw_stats_tally_init(&t);
    int n = -1;
    gw_stats *rows = gw_stats_tally_rows(&t, &n);
    assert_non_null(rows);
    assert_int_equal(n, 1);
    assert_key(&rows[0], "all", "all", 0, "all");
    assert_int_equal(rows[0].hands + rows[0].matches + rows[0].longest_streak + rows[0].slams, 0);
    free(rows);
    gw_android_tally a;
    gw_android_tally_init(&a);
    gw_android_stats *arows = gw_android_tally_rows(&a, &n);
    assert_non_null(arows);
    assert_int_equal(n, 1);
    assert_string_equal(arows[0].opponent, "all");
    assert_int_equal(arows[0].hands + arows[0].rubbers + arows[0].points, 0);
    free(arows);
}

/* Streaks follow the order played, per row and across rows in the total; a tie breaks a streak; slams
 * count for the player only; undos count whoever won. */
static void streaks_slams_assisted(void **state) {
    (void)state;
    gw_stats_tally t;
    gw_stats_tally_init(&t);
    gw_stats_key a = key("classic", "last13", 10, "hard"), b = key("classic", "last13", 10, "easy");
    hand(&t, a, 0, true, false);  /* a: W (slam) */
    hand(&t, b, 0, false, false); /* b: W        total: W W */
    hand(&t, a, 0, false, true);  /* a: W W      total: W W W (assisted) */
    hand(&t, a, 1, true, false);  /* a: W W L    the opponent's slam: not ours */
    hand(&t, b, -1, false, true); /* b: W T      a tie breaks the streak (assisted) */
    hand(&t, a, 0, false, false); /* a: W W L W */
    int n = 0;
    gw_stats *rows = gw_stats_tally_rows(&t, &n);
    assert_non_null(rows);
    assert_int_equal(n, 3);
    assert_key(&rows[0], "classic", "last13", 10, "easy"); /* easy before hard */
    assert_key(&rows[1], "classic", "last13", 10, "hard");
    const gw_stats *e = &rows[0], *h = &rows[1], *all = &rows[2];
    assert_int_equal(h->hands, 4);
    assert_int_equal(h->hands_won, 3);
    assert_int_equal(h->slams, 1);
    assert_int_equal(h->longest_streak, 2);
    assert_int_equal(h->current_streak, 1);
    assert_int_equal(h->assisted, 1);
    assert_int_equal(e->hands, 2);
    assert_int_equal(e->hands_won, 1);
    assert_int_equal(e->longest_streak, 1);
    assert_int_equal(e->current_streak, 0);
    assert_int_equal(e->assisted, 1);
    assert_key(all, "all", "all", 0, "all");
    assert_int_equal(all->hands, 6);
    assert_int_equal(all->hands_won, 4);
    assert_int_equal(all->slams, 1);
    assert_int_equal(all->longest_streak, 3); /* W W W across the two rows */
    assert_int_equal(all->current_streak, 1);
    assert_int_equal(all->assisted, 2);
    assert_int_equal(all->matches, 0);
    free(rows);
}

/* Rows by variant name, scoring rule in gw_scoring order (unknown names after, by name), target, then
 * level (random, easy, hard, expert, oracle; unknown names after, by name). */
static void ordering(void **state) {
    (void)state;
    gw_stats_tally t;
    gw_stats_tally_init(&t);
    const gw_stats_key keys[] = {
        key("small", "last13", 10, "easy"),       key("classic", "zeta", 10, "easy"),
        key("classic", "alpha", 10, "easy"),      key("classic", "total", 10, "easy"),
        key("classic", "every", 10, "easy"),      key("classic", "last13", 25, "random"),
        key("classic", "last13", 5, "oracle"),    key("classic", "last13", 10, "zebra"),
        key("classic", "last13", 10, "oracle"),   key("classic", "last13", 10, "expert"),
        key("classic", "last13", 10, "human"),    key("classic", "last13", 10, "random"),
        key("classic", "difference", 10, "easy"), key("classic", "last13", 10, "hard"),
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        hand(&t, keys[i], 0, false, false);
    int n = 0;
    gw_stats *rows = gw_stats_tally_rows(&t, &n);
    assert_non_null(rows);
    assert_int_equal(n, 15);
    assert_key(&rows[0], "classic", "last13", 5, "oracle");
    assert_key(&rows[1], "classic", "last13", 10, "random");
    assert_key(&rows[2], "classic", "last13", 10, "hard");
    assert_key(&rows[3], "classic", "last13", 10, "expert");
    assert_key(&rows[4], "classic", "last13", 10, "oracle");
    assert_key(&rows[5], "classic", "last13", 10, "human");
    assert_key(&rows[6], "classic", "last13", 10, "zebra");
    assert_key(&rows[7], "classic", "last13", 25, "random");
    assert_key(&rows[8], "classic", "every", 10, "easy");
    assert_key(&rows[9], "classic", "difference", 10, "easy");
    assert_key(&rows[10], "classic", "total", 10, "easy");
    assert_key(&rows[11], "classic", "alpha", 10, "easy");
    assert_key(&rows[12], "classic", "zeta", 10, "easy");
    assert_key(&rows[13], "small", "last13", 10, "easy");
    assert_key(&rows[14], "all", "all", 0, "all");
    assert_int_equal(rows[14].hands, 14);
    free(rows);
}

/* A finished match counts in its rules' row (before or after its hands were counted) and in the total; a
 * match whose rules have no hands makes no row but counts in the total. Names are cut at 15 characters. */
static void matches(void **state) {
    (void)state;
    gw_stats_tally t;
    gw_stats_tally_init(&t);
    gw_stats_key a = key("classic", "last13", 10, "hard"), none = key("small", "every", 7, "easy"),
                 lng = key("classic", "last13", 10, "a-very-long-level-name");
    assert_true(gw_stats_count_match(&t, &a, 0)); /* before its hands */
    hand(&t, a, 1, false, false);
    hand(&t, lng, 0, false, false);
    assert_true(gw_stats_count_match(&t, &a, 1));
    assert_true(gw_stats_count_match(&t, &a, 0));
    assert_true(gw_stats_count_match(&t, &none, 0));
    int n = 0;
    gw_stats *rows = gw_stats_tally_rows(&t, &n);
    assert_non_null(rows);
    assert_int_equal(n, 3);
    assert_key(&rows[0], "classic", "last13", 10, "hard");
    assert_int_equal(rows[0].matches, 3);
    assert_int_equal(rows[0].matches_won, 2);
    assert_int_equal(rows[0].hands, 1);
    assert_key(&rows[1], "classic", "last13", 10, "a-very-long-lev");
    assert_int_equal(rows[1].matches, 0);
    assert_int_equal(rows[2].matches, 4);
    assert_int_equal(rows[2].matches_won, 3);
    assert_int_equal(rows[2].hands, 2);
    free(rows);
    /* the tally is empty again after its rows were taken */
    rows = gw_stats_tally_rows(&t, &n);
    assert_int_equal(n, 1);
    assert_int_equal(rows[0].matches, 0);
    free(rows);
}

/* Android Whist: points for the side that scored (none when no side did), games and rubbers, streaks,
 * and the order random, easy, hard, human, other names. */
static void android(void **state) {
    (void)state;
    gw_android_tally t;
    gw_android_tally_init(&t);
    assert_true(gw_android_count_hand(&t, "hard", 0, 3, -1));
    assert_true(gw_android_count_hand(&t, "hard", 0, 2, 0)); /* our game */
    assert_true(gw_android_count_hand(&t, "hard", 1, 4, -1));
    assert_true(gw_android_count_hand(&t, "human", -1, 0, -1));
    assert_true(gw_android_count_hand(&t, "hard", 1, 1, 1)); /* their game */
    assert_true(gw_android_count_hand(&t, "zed", 0, 1, -1));
    assert_true(gw_android_count_hand(&t, "random", 0, 5, 0));
    assert_true(gw_android_count_rubber(&t, "hard", 1));
    assert_true(gw_android_count_rubber(&t, "random", 0));
    assert_true(gw_android_count_rubber(&t, "easy", 0)); /* no hands: the total only */
    int n = 0;
    gw_android_stats *rows = gw_android_tally_rows(&t, &n);
    assert_non_null(rows);
    assert_int_equal(n, 5);
    assert_string_equal(rows[0].opponent, "random");
    assert_string_equal(rows[1].opponent, "hard");
    assert_string_equal(rows[2].opponent, "human");
    assert_string_equal(rows[3].opponent, "zed");
    assert_string_equal(rows[4].opponent, "all");
    const gw_android_stats *h = &rows[1], *all = &rows[4];
    assert_int_equal(h->hands, 4);
    assert_int_equal(h->hands_won, 2);
    assert_int_equal(h->points, 5);
    assert_int_equal(h->points_against, 5);
    assert_int_equal(h->games, 2);
    assert_int_equal(h->games_won, 1);
    assert_int_equal(h->rubbers, 1);
    assert_int_equal(h->rubbers_won, 0);
    assert_int_equal(h->longest_streak, 2);
    assert_int_equal(h->current_streak, 0);
    assert_int_equal(rows[2].hands, 1);
    assert_int_equal(rows[2].points + rows[2].points_against + rows[2].hands_won, 0);
    assert_int_equal(all->hands, 7);
    assert_int_equal(all->hands_won, 4);
    assert_int_equal(all->points, 11);
    assert_int_equal(all->points_against, 5);
    assert_int_equal(all->games, 3);
    assert_int_equal(all->games_won, 2);
    assert_int_equal(all->rubbers, 3);
    assert_int_equal(all->rubbers_won, 2);
    assert_int_equal(all->longest_streak, 2); /* hard W W, then zed W random W at the end */
    assert_int_equal(all->current_streak, 2);
    free(rows);
}

/* The stats message from a program's facts: every field, in whist serve's order. */
static void message_from_facts(void **state) {
    (void)state;
    const char *facts = "{\"hands\": ["
                        "{\"game\": \"german\", \"variant\": \"classic\", \"scoring\": \"last13\", "
                        "\"target\": 10, \"opponent\": "
                        "\"expert\", \"winner\": 0, \"slam\": true, \"assisted\": false},"
                        "{\"game\": \"android\", \"opponent\": \"hard\", \"winner\": 1, \"points\": 2, "
                        "\"game_winner\": null},"
                        "{\"game\": \"german\", \"variant\": \"classic\", \"scoring\": \"last13\", "
                        "\"target\": 10, \"opponent\": "
                        "\"expert\", \"winner\": null, \"assisted\": true}],"
                        "\"games\": [{\"game\": \"german\", \"variant\": \"classic\", \"scoring\": "
                        "\"last13\", \"target\": 10, "
                        "\"opponent\": \"expert\", \"winner\": 0}, {\"game\": \"android\", \"opponent\": "
                        "\"hard\", \"winner\": "
                        "1}]}";
    json_t *j = json_loads(facts, 0, NULL);
    assert_non_null(j);
    json_t *m = NULL;
    gw_error err;
    assert_int_equal(gw_protocol_stats_from_facts(j, &m, &err), GW_OK);
    char *text = json_dumps(m, JSON_COMPACT);
    assert_string_equal(
        text,
        "{\"type\":\"stats\",\"german\":[{\"variant\":\"classic\",\"opponent\":\"expert\",\"vs\":"
        "\"computer\","
        "\"scoring\":\"last13\",\"target\":10,\"matches\":1,\"matches_won\":1,\"hands\":2,\"hands_won\":1,"
        "\"slams\":1,\"longest_streak\":1,\"current_streak\":0,\"assisted\":1},{\"variant\":\"all\","
        "\"opponent\":\"all\",\"vs\":\"all\",\"scoring\":\"all\",\"target\":0,\"matches\":1,\"matches_won\":"
        "1,\"hands\":2,\"hands_won\":1,\"slams\":1,\"longest_streak\":1,\"current_streak\":0,\"assisted\":1}"
        "],\"android\":[{\"opponent\":\"hard\",\"vs\":\"computer\",\"rubbers\":1,\"rubbers_won\":0,\"games\":"
        "0,\"games_won\":0,\"hands\":1,\"hands_won\":0,\"points\":0,\"points_against\":2,\"longest_streak\":"
        "0,\"current_streak\":0},{\"opponent\":\"all\",\"vs\":\"all\",\"rubbers\":1,\"rubbers_won\":0,"
        "\"games\":0,\"games_won\":0,\"hands\":1,\"hands_won\":0,\"points\":0,\"points_against\":2,"
        "\"longest_streak\":0,\"current_streak\":0}]}");
    free(text);
    json_decref(m);
    json_decref(j);
    /* no facts at all: the total rows alone */
    j = json_object();
    assert_int_equal(gw_protocol_stats_from_facts(j, &m, &err), GW_OK);
    assert_int_equal(json_array_size(json_object_get(m, "german")), 1);
    assert_int_equal(json_array_size(json_object_get(m, "android")), 1);
    json_decref(m);
    json_decref(j);
}

/* Facts read strictly: each refusal names the entry and the field. */
static void bad_facts(void **state) {
    (void)state;
    static const struct {
        const char *facts, *why;
    } cases[] = {
        {"[]", "the facts: an object"},
        {"{\"hands\": [], \"extra\": 1}", "the facts have no field 'extra'"},
        {"{\"hands\": {}}", "hands: a list"},
        {"{\"hands\": [1]}", "hands[0]: an object"},
        {"{\"hands\": [{\"game\": \"bridge\"}]}", "hands[0].game: \"german\" or \"android\""},
        {"{\"games\": [{\"game\": \"android\", \"opponent\": \"hard\", \"winner\": 0, \"x\": 1}]}",
         "games[0].x: no such field"},
        {"{\"games\": [{\"game\": \"android\", \"opponent\": \"hard\", \"winner\": null}]}",
         "games[0].winner: a whole number in range"},
        {"{\"hands\": [{\"game\": \"android\", \"opponent\": \"hard\", \"winner\": 2, \"points\": 1, "
         "\"game_winner\": -1}]}",
         "hands[0].winner: null or a whole number from -1 to 1"},
        {"{\"hands\": [{\"game\": \"android\", \"opponent\": \"hard\", \"winner\": 0, \"points\": -1, "
         "\"game_winner\": -1}]}",
         "hands[0].points: a whole number in range"},
        {"{\"hands\": [{\"game\": \"german\", \"variant\": \"classic\", \"scoring\": \"last13\", \"target\": "
         "\"10\", \"opponent\": \"hard\", \"winner\": 0}]}",
         "hands[0].target: a whole number in range"},
        {"{\"hands\": [{\"game\": \"german\", \"variant\": \"classic\", \"scoring\": \"last13\", \"target\": "
         "10, "
         "\"opponent\": \"hard\", \"winner\": 0, \"slam\": 1}]}",
         "hands[0].slam: true or false"},
        {"{\"hands\": [{\"game\": \"german\", \"scoring\": \"last13\", \"target\": 10, \"opponent\": "
         "\"hard\", "
         "\"winner\": 0}]}",
         "hands[0].variant: a string"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *j = json_loads(cases[i].facts, 0, NULL);
        assert_non_null(j);
        json_t *m = NULL;
        gw_error err;
        assert_int_equal(gw_protocol_stats_from_facts(j, &m, &err), GW_EINVAL);
        assert_null(m);
        assert_string_equal(err.msg, cases[i].why);
        json_decref(j);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(empty_total), cmocka_unit_test(streaks_slams_assisted),
        cmocka_unit_test(ordering),    cmocka_unit_test(matches),
        cmocka_unit_test(android),     cmocka_unit_test(message_from_facts),
        cmocka_unit_test(bad_facts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
