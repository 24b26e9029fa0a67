/* test_store_tables.c: schema 6 of the store: the tables between two people of whist serve (saved, replaced
 * with their creation time kept, read back, the waiting ones listed by key and by seat), refused for bad ids
 * and tokens; the ratings per family; matches and rubbers played against a person, marked so in the
 * history; and a version 5 database migrated (two humans' rubbers at one terminal marked vs a person). */
#define _XOPEN_SOURCE 700
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gw_test.h"
#include "gw_tmp.h"
#include "gw_raw_sqlite.h"

#include "gw/store.h"

GW_TMP_FIXTURES("store_tables")

static const char *const A = "0123456789abcdef0123456789abcdef", *const B =
                                                                     "ffffffffffffffffffffffffffffffff";

static gw_status save(gw_store *s, const char *id, const char *key, bool waiting, const char *seat0,
                      const char *seat1, const char *state) {
    gw_store_table t = {.game = GW_GAME_GERMAN, .waiting = waiting, .stats_id = {3, 4}};
    snprintf(t.id, sizeof t.id, "%s", id);
    snprintf(t.match_key, sizeof t.match_key, "%s", key);
    snprintf(t.seats[0], sizeof t.seats[0], "%s", seat0);
    snprintf(t.seats[1], sizeof t.seats[1], "%s", seat1);
    t.state = (char *)state;
    t.lobby = (char *)"{}";
    gw_error err;
    return gw_store_save_table(s, &t, &err);
}

static void test_tables(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    assert_int_equal(save(s, "t1", "german classic", true, A, "", "state 1"), GW_OK);
    assert_int_equal(save(s, "t2", "german classic", true, B, "", "state 2"), GW_OK);
    assert_int_equal(save(s, "t3", "android", true, B, "", "state 3"), GW_OK);
    assert_int_equal(save(s, "t4", "german classic", false, A, B, "state 4"), GW_OK);
    assert_int_equal(save(s, "t1", "german classic", true, A, "", "state 1b"), GW_OK); /* replaced */
    assert_int_equal(save(s, "", "k", false, A, "", "x"), GW_EINVAL);
    assert_int_equal(save(s, "bad id!", "k", false, A, "", "x"), GW_EINVAL);
    assert_int_equal(save(s, "t5", "k", false, "NOT A TOKEN", "", "x"), GW_EINVAL);
    gw_store_close(s);
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    gw_store_table t;
    bool found;
    assert_int_equal(gw_store_load_table(s, "t1", &t, &found, &err), GW_OK);
    assert_true(found);
    assert_string_equal(t.state, "state 1b");
    assert_string_equal(t.seats[0], A);
    assert_string_equal(t.seats[1], "");
    assert_int_equal(t.stats_id[1], 4);
    assert_true(t.waiting);
    assert_true(t.created > 1700000000 && t.updated >= t.created);
    gw_store_table_free(&t);
    assert_int_equal(gw_store_load_table(s, "nope", &t, &found, &err), GW_OK);
    assert_false(found);
    assert_int_equal(gw_store_load_table(s, "../x", &t, &found, &err), GW_OK);
    assert_false(found);
    gw_store_table *rows;
    int n;
    assert_int_equal(gw_store_waiting_tables(s, NULL, NULL, 0, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 3); /* t4 is not waiting */
    gw_store_tables_free(rows, n);
    assert_int_equal(gw_store_waiting_tables(s, "german classic", A, 0, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 1); /* A's own table is not offered to A */
    assert_string_equal(rows[0].id, "t2");
    gw_store_tables_free(rows, n);
    assert_int_equal(gw_store_waiting_tables(s, "android", NULL, 1, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 1);
    assert_string_equal(rows[0].id, "t3");
    gw_store_tables_free(rows, n);
    assert_int_equal(gw_store_unlist_tables(s, &err), GW_OK);
    assert_int_equal(gw_store_waiting_tables(s, NULL, NULL, 0, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 0);
    gw_store_tables_free(rows, n);
    gw_store_close(s);
}

static void test_ratings(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    gw_store_rating r = {1500, 350, 0.06, 0};
    bool found = true;
    assert_int_equal(gw_store_rating_get(s, A, "german-classic-last13", &r, &found, &err), GW_OK);
    assert_false(found);
    gw_store_rating w = {1662.5, 290.25, 0.0599, 1};
    assert_int_equal(gw_store_rating_put(s, A, "german-classic-last13", &w, &err), GW_OK);
    assert_int_equal(gw_store_rating_put(s, A, "bad family!", &w, &err), GW_EINVAL);
    assert_int_equal(gw_store_rating_put(s, "", "android", &w, &err), GW_EINVAL);
    assert_int_equal(gw_store_rating_get(s, A, "german-classic-last13", &r, &found, &err), GW_OK);
    assert_true(found);
    assert_true(r.rating == 1662.5 && r.rd == 290.25 && r.vol == 0.0599 && r.games == 1);
    assert_int_equal(gw_store_rating_get(s, A, "android", &r, &found, &err), GW_OK);
    assert_false(found);
    gw_store_rating w2 = {1400, 200, 0.06, 3};
    assert_int_equal(gw_store_rating_put(s, A, "android", &w2, &err), GW_OK);
    assert_int_equal(gw_store_rating_put(s, B, "android", &w, &err), GW_OK);
    gw_store_family_rating *rows;
    int n;
    assert_int_equal(gw_store_player_ratings(s, A, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 2);
    assert_string_equal(rows[0].family, "android");
    assert_true(rows[0].r.rating == 1400 && rows[0].r.games == 3);
    assert_string_equal(rows[1].family, "german-classic-last13");
    free(rows);
    gw_store_close(s);
}

/* A match against a person at seat 1 is marked so in the owner's history. */
static void test_vs_person(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    gw_store_match m = {{GW_CLASSIC, GW_LAST13, 1}, "human", 7, NULL, true, 1};
    int64_t id;
    assert_int_equal(gw_store_begin_owned_match(s, &m, B, &id, &err), GW_OK);
    gw_store_hand h = {.match_id = id,
                       .number = 1,
                       .record = "hand",
                       .tricks = {8, 5},
                       .winner = 0,
                       .points = {2, 0},
                       .score = {2, 0},
                       .match_winner = 0};
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_OK);
    gw_store_match c = {{GW_CLASSIC, GW_LAST13, 1}, "hard", 8, NULL, false, 0};
    assert_int_equal(gw_store_begin_owned_match(s, &c, B, &id, &err), GW_OK);
    h.match_id = id;
    assert_int_equal(gw_store_add_hand(s, &h, NULL, &err), GW_OK);
    gw_store_entry *rows;
    int n;
    assert_int_equal(gw_store_owned_history(s, B, 0, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 2);
    assert_false(rows[0].vs_person); /* newest first */
    assert_true(rows[1].vs_person);
    assert_string_equal(rows[1].opponent, "human");
    free(rows);
    gw_store_close(s);
}

static void test_version_5_migrated(void **state) {
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/v5.db", root);
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    gw_store_close(s);
    raw_exec(path, GW_RAW_UNDO_SCHEMA_6
             "INSERT INTO rubbers (started, opponent, seed) VALUES ('2026-01-01 00:00:00', 'human', '1');"
             "INSERT INTO rubbers (started, opponent, seed) VALUES ('2026-01-01 00:00:00', 'easy', '2');"
             "PRAGMA user_version = 5;");
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    gw_store_close(s);
    assert_int_equal(raw_int(path, "PRAGMA user_version"), GW_STORE_SCHEMA);
    assert_int_equal(raw_int(path, "SELECT vs_person FROM rubbers WHERE seed = '1'"), 1);
    assert_int_equal(raw_int(path, "SELECT vs_person FROM rubbers WHERE seed = '2'"), 0);
    assert_int_equal(raw_int(path, "SELECT count(*) FROM tables"), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_tables, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ratings, setup, teardown),
        cmocka_unit_test_setup_teardown(test_vs_person, setup, teardown),
        cmocka_unit_test_setup_teardown(test_version_5_migrated, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
