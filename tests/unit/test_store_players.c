/* test_store_players.c: the players of whist serve in the store (schema 4 and 5): tokens recorded when issued
 * and only those known, settings saved, visits recorded, pruning (never a player with a finished hand), the
 * owner of matches and rubbers with each owner's statistics, history and records apart while the unowned
 * reads see everything, a saved game deleted, and a version 3 database migrated (its saved games' tokens
 * become players, its games the terminal's). */
#define _XOPEN_SOURCE 700
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw_test.h"
#include "gw_tmp.h"
#include "gw_raw_sqlite.h"

#include "gw/store.h"

static const char *const A = "0123456789abcdef0123456789abcdef", *const B =
                                                                     "ffffffffffffffffffffffffffffffff";

GW_TMP_FIXTURES("store_players")

static void test_tokens_and_settings(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    bool known = true;
    char *settings = NULL;
    assert_int_equal(gw_store_find_player(s, A, &known, &settings, &err), GW_OK);
    assert_false(known);
    assert_null(settings);
    assert_int_equal(gw_store_add_player(s, A, &err), GW_OK);
    assert_int_equal(gw_store_add_player(s, A, &err), GW_ESTATE); /* issued once */
    assert_int_equal(gw_store_find_player(s, A, &known, &settings, &err), GW_OK);
    assert_true(known);
    assert_string_equal(settings, "");
    free(settings);
    /* settings only for a known player */
    assert_int_equal(gw_store_save_settings(s, B, "{}", &err), GW_EINVAL);
    assert_int_equal(gw_store_save_settings(s, A, "{\"name\":\"Ann\"}", &err), GW_OK);
    gw_store_close(s);
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    assert_int_equal(gw_store_find_player(s, A, &known, &settings, &err), GW_OK);
    assert_true(known);
    assert_string_equal(settings, "{\"name\":\"Ann\"}");
    free(settings);
    assert_int_equal(gw_store_find_player(s, B, &known, NULL, &err), GW_OK);
    assert_false(known);
    /* malformed tokens are never known, never recorded */
    const char *bad[] = {"", "ABCDEF", "12 34", "x'; DROP TABLE players; --"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(gw_store_add_player(s, bad[i], &err), GW_EINVAL);
        assert_int_equal(gw_store_find_player(s, bad[i], &known, NULL, &err), GW_OK);
        assert_false(known);
    }
    /* a saved game deleted */
    gw_store_web_game g = {.game = GW_GAME_GERMAN, .record = "record"};
    snprintf(g.token, sizeof g.token, "%s", A);
    assert_int_equal(gw_store_save_web_game(s, &g, &err), GW_OK);
    assert_int_equal(gw_store_delete_web_game(s, A, GW_GAME_GERMAN, &err), GW_OK);
    gw_store_web_game *rows;
    int n;
    assert_int_equal(gw_store_web_games(s, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 0);
    gw_store_web_games_free(rows, n);
    gw_store_close(s);
}

/* A finished one-hand match of owner (NULL: the terminal's) won by winner; its hand's id. */
static int64_t one_hand_match(gw_store *s, const char *owner, int winner) {
    gw_store_match m = {{GW_CLASSIC, GW_LAST13, 1}, "hard", 7, NULL, false, 0};
    int64_t id, hand_id;
    gw_error err;
    assert_int_equal(gw_store_begin_owned_match(s, &m, owner, &id, &err), GW_OK);
    gw_store_hand h = {.match_id = id,
                       .number = 1,
                       .record = owner ? owner : "terminal",
                       .tricks = {winner == 0 ? 8 : 5, winner == 0 ? 5 : 8},
                       .winner = winner,
                       .points = {winner == 0 ? 2 : 0, winner == 1 ? 2 : 0},
                       .score = {winner == 0 ? 2 : 0, winner == 1 ? 2 : 0},
                       .match_winner = winner};
    assert_int_equal(gw_store_add_hand(s, &h, &hand_id, &err), GW_OK);
    return hand_id;
}

static int64_t one_hand_rubber(gw_store *s, const char *owner) {
    gw_store_rubber r = {"easy", 3, NULL, false, 0};
    int64_t id, hand_id;
    gw_error err;
    assert_int_equal(gw_store_begin_owned_rubber(s, &r, owner, &id, &err), GW_OK);
    gw_store_android_hand h = {.rubber_id = id,
                               .number = 1,
                               .record = "android",
                               .tricks = {9, 4},
                               .winner = 0,
                               .points = 3,
                               .score = {3, 0},
                               .game_winner = -1,
                               .rubber_winner = -1};
    assert_int_equal(gw_store_add_android_hand(s, &h, &hand_id, &err), GW_OK);
    return hand_id;
}

static void test_owners_apart(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    int64_t ha = one_hand_match(s, A, 0);
    int64_t hb = one_hand_match(s, B, 1);
    int64_t ht = one_hand_match(s, NULL, 1);
    int64_t ra = one_hand_rubber(s, A);
    /* each owner's statistics: its own match only; the unowned read: all three */
    gw_stats *rows;
    int n;
    assert_int_equal(gw_store_owned_stats(s, A, &rows, &n, &err), GW_OK);
    assert_int_equal(rows[n - 1].hands, 1);
    assert_int_equal(rows[n - 1].hands_won, 1);
    assert_int_equal(rows[n - 1].matches, 1);
    free(rows);
    assert_int_equal(gw_store_owned_stats(s, B, &rows, &n, &err), GW_OK);
    assert_int_equal(rows[n - 1].hands, 1);
    assert_int_equal(rows[n - 1].hands_won, 0);
    free(rows);
    assert_int_equal(gw_store_stats(s, &rows, &n, &err), GW_OK);
    assert_int_equal(rows[n - 1].hands, 3);
    assert_int_equal(rows[n - 1].matches, 3);
    free(rows);
    gw_android_stats *arows;
    assert_int_equal(gw_store_owned_android_stats(s, A, &arows, &n, &err), GW_OK);
    assert_int_equal(arows[n - 1].hands, 1);
    free(arows);
    assert_int_equal(gw_store_owned_android_stats(s, B, &arows, &n, &err), GW_OK);
    assert_int_equal(arows[n - 1].hands, 0);
    free(arows);
    /* history */
    gw_store_entry *list;
    assert_int_equal(gw_store_owned_history(s, A, 0, &list, &n, &err), GW_OK);
    assert_int_equal(n, 2);
    assert_int_equal(list[0].id, ra); /* newest first */
    assert_true(list[0].android);
    assert_int_equal(list[1].id, ha);
    free(list);
    assert_int_equal(gw_store_owned_history(s, B, 0, &list, &n, &err), GW_OK);
    assert_int_equal(n, 1);
    assert_int_equal(list[0].id, hb);
    free(list);
    assert_int_equal(gw_store_history(s, 0, &list, &n, &err), GW_OK);
    assert_int_equal(n, 4);
    free(list);
    /* records: one's own, never another's */
    char *text;
    assert_int_equal(gw_store_owned_record(s, A, ha, &text, &err), GW_OK);
    assert_string_equal(text, A);
    free(text);
    assert_int_equal(gw_store_owned_record(s, A, ra, &text, &err), GW_OK);
    free(text);
    assert_int_equal(gw_store_owned_record(s, A, hb, &text, &err), GW_EINVAL);
    assert_null(text);
    assert_int_equal(gw_store_owned_record(s, A, ht, &text, &err), GW_EINVAL);
    assert_int_equal(gw_store_owned_record(s, B, ra, &text, &err), GW_EINVAL);
    assert_int_equal(gw_store_record(s, hb, &text, &err), GW_OK); /* the terminal sees every hand */
    free(text);
    gw_store_close(s);
}

static void test_version_3_migrated(void **state) {
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/v3.db", root);
    /* a version 3 database as an older whist made it, with one terminal match and one saved web game */
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    int64_t ht = one_hand_match(s, NULL, 0);
    gw_store_close(s);
    raw_exec(path, GW_RAW_UNDO_SCHEMA_6
             "DROP TABLE players; DROP INDEX matches_owner; DROP INDEX rubbers_owner;"
             "ALTER TABLE matches DROP COLUMN owner; ALTER TABLE rubbers DROP COLUMN owner;"
             "DROP TABLE web_games;"
             "CREATE TABLE web_games (token TEXT PRIMARY KEY, saved TEXT NOT NULL, record TEXT NOT NULL);"
             "INSERT INTO web_games VALUES ('"
             "0123456789abcdef0123456789abcdef"
             "', '2026-01-01 00:00:00', 'r');"
             "PRAGMA user_version = 3;");
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    bool known = false;
    assert_int_equal(gw_store_find_player(s, A, &known, NULL, &err), GW_OK);
    assert_true(known); /* its saved game's token counts as issued */
    char *text;
    assert_int_equal(gw_store_owned_record(s, A, ht, &text, &err), GW_EINVAL); /* the terminal's match */
    assert_int_equal(gw_store_record(s, ht, &text, &err), GW_OK);
    free(text);
    gw_stats *rows;
    int n;
    assert_int_equal(gw_store_stats(s, &rows, &n, &err), GW_OK);
    assert_int_equal(rows[n - 1].hands, 1);
    free(rows);
    gw_store_close(s);
}

/* The one number sql reads from s's database (through a connection of its own). */
static int count_rows(gw_store *s, const char *sql) { return raw_int(gw_store_file(s), sql); }

static bool is_b(void *ctx, const char *token) {
    (void)ctx;
    return strcmp(token, B) == 0;
}

/* Pruning: only players that never finished a hand and were not seen since the time given, each with its
 * saved games and its matches and rubbers without a hand; a player with a finished hand never, nor one in
 * use; a visit recorded keeps a player. */
static void test_pruned(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    static const char *const C = "cccccccccccccccccccccccccccccccc", *const D =
                                                                         "dddddddddddddddddddddddddddddddd";
    const char *all[] = {A, B, C, D};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(gw_store_add_player(s, all[i], &err), GW_OK);
        assert_int_equal(gw_store_touch_player(s, all[i], 1000, &err), GW_OK);
        gw_store_web_game g = {.game = GW_GAME_GERMAN, .record = "r"};
        snprintf(g.token, sizeof g.token, "%s", all[i]);
        assert_int_equal(gw_store_save_web_game(s, &g, &err), GW_OK);
    }
    assert_int_equal(gw_store_touch_player(s, "eeee", 5, &err), GW_EINVAL); /* unknown */
    /* A finished a hand (and has a match without one too); C has a match and a rubber without hands */
    one_hand_match(s, A, 0);
    gw_store_match m = {{GW_CLASSIC, GW_LAST13, 1}, "hard", 7, NULL, false, 0};
    gw_store_rubber r = {"easy", 3, NULL, false, 0};
    int64_t id;
    assert_int_equal(gw_store_begin_owned_match(s, &m, A, &id, &err), GW_OK);
    assert_int_equal(gw_store_begin_owned_match(s, &m, C, &id, &err), GW_OK);
    assert_int_equal(gw_store_begin_owned_rubber(s, &r, C, &id, &err), GW_OK);
    gw_store_player p;
    assert_int_equal(gw_store_load_player(s, A, &p, &err), GW_OK);
    assert_true(p.kept);
    assert_int_equal(p.last_seen, 1000);
    free(p.settings);
    /* D was seen later */
    assert_int_equal(gw_store_touch_player(s, D, 3000, &err), GW_OK);
    int pruned = -1;
    /* B is in use: only C goes (A finished a hand, D was seen since) */
    assert_int_equal(gw_store_prune_players(s, 2000, 10, is_b, NULL, &pruned, &err), GW_OK);
    assert_int_equal(pruned, 1);
    bool known;
    assert_int_equal(gw_store_find_player(s, C, &known, NULL, &err), GW_OK);
    assert_false(known);
    assert_int_equal(
        count_rows(s, "SELECT count(*) FROM matches WHERE owner = 'cccccccccccccccccccccccccccccccc'"), 0);
    assert_int_equal(
        count_rows(s, "SELECT count(*) FROM rubbers WHERE owner = 'cccccccccccccccccccccccccccccccc'"), 0);
    assert_int_equal(
        count_rows(s, "SELECT count(*) FROM web_games WHERE token = 'cccccccccccccccccccccccccccccccc'"), 0);
    /* nothing of A: its players row, its saved game, both its matches */
    assert_int_equal(gw_store_find_player(s, A, &known, NULL, &err), GW_OK);
    assert_true(known);
    assert_int_equal(
        count_rows(s, "SELECT count(*) FROM matches WHERE owner = '0123456789abcdef0123456789abcdef'"), 2);
    assert_int_equal(
        count_rows(s, "SELECT count(*) FROM web_games WHERE token = '0123456789abcdef0123456789abcdef'"), 1);
    /* B once out of use, in batches of at most the limit; D once gone long enough */
    assert_int_equal(gw_store_prune_players(s, 2000, 10, NULL, NULL, &pruned, &err), GW_OK);
    assert_int_equal(pruned, 1);
    assert_int_equal(gw_store_prune_players(s, 5000, 0, NULL, NULL, &pruned, &err), GW_OK);
    assert_int_equal(pruned, 0);
    assert_int_equal(gw_store_prune_players(s, 5000, 1, NULL, NULL, &pruned, &err), GW_OK);
    assert_int_equal(pruned, 1);
    assert_int_equal(gw_store_prune_players(s, 5000, 1, NULL, NULL, &pruned, &err), GW_OK);
    assert_int_equal(pruned, 0);
    assert_int_equal(count_rows(s, "SELECT count(*) FROM players"), 1);
    gw_store_close(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_tokens_and_settings, setup, teardown),
        cmocka_unit_test_setup_teardown(test_owners_apart, setup, teardown),
        cmocka_unit_test_setup_teardown(test_version_3_migrated, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pruned, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
