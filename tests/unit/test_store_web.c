/* test_store_web.c: the games in progress of whist serve in the store (schema 5): a German Whist match and
 * an Android Whist rubber per player, each with its row in the statistics, saved, replaced, listed, read
 * back per player (the one saved last first), deleted one at a time, refused for a bad token; and a
 * version 4 database (one game per player) migrated: each record's game told by its Game tag, its
 * statistics row by its StoreMatch or StoreRubber tag. */
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

GW_TMP_FIXTURES("store_web")

static const char *const A = "0123456789abcdef0123456789abcdef", *const B =
                                                                     "ffffffffffffffffffffffffffffffff";

static gw_status save(gw_store *s, const char *token, gw_game_kind game, int64_t stats_id,
                      const char *record) {
    gw_store_web_game g = {.game = game, .stats_id = stats_id, .record = (char *)record};
    snprintf(g.token, sizeof g.token, "%s", token);
    gw_error err;
    return gw_store_save_web_game(s, &g, &err);
}

static void test_save_replace_list(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    gw_store_web_game *rows;
    int n;
    assert_int_equal(gw_store_web_games(s, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 0);
    gw_store_web_games_free(rows, n);
    assert_int_equal(save(s, B, GW_GAME_GERMAN, 0, "record b"), GW_OK);
    assert_int_equal(save(s, A, GW_GAME_GERMAN, 0, "record a1"), GW_OK);
    assert_int_equal(save(s, A, GW_GAME_ANDROID, 7, "rubber a"), GW_OK);
    assert_int_equal(save(s, A, GW_GAME_GERMAN, 12, "record a2"), GW_OK); /* replaces a1 only */
    gw_store_close(s);
    /* after closing and opening again: the last save of each player's each game, in token order */
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    assert_int_equal(gw_store_web_games(s, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 3);
    assert_string_equal(rows[0].token, A);
    assert_int_equal(rows[0].game, GW_GAME_GERMAN);
    assert_string_equal(rows[0].record, "record a2");
    assert_int_equal(rows[0].stats_id, 12);
    assert_string_equal(rows[1].token, A);
    assert_int_equal(rows[1].game, GW_GAME_ANDROID);
    assert_string_equal(rows[1].record, "rubber a");
    assert_int_equal(rows[1].stats_id, 7);
    assert_string_equal(rows[2].token, B);
    assert_int_equal(rows[2].stats_id, 0);
    gw_store_web_games_free(rows, n);
    /* one player's games */
    gw_store_web_game mine[2];
    assert_int_equal(gw_store_player_games(s, A, mine, &n, &err), GW_OK);
    assert_int_equal(n, 2);
    assert_true(mine[0].game != mine[1].game);
    free(mine[0].record);
    free(mine[1].record);
    assert_int_equal(gw_store_player_games(s, "abc", mine, &n, &err), GW_OK);
    assert_int_equal(n, 0);
    assert_int_equal(gw_store_player_games(s, "not a token", mine, &n, &err), GW_OK);
    assert_int_equal(n, 0);
    /* one game deleted, the other kept */
    assert_int_equal(gw_store_delete_web_game(s, A, GW_GAME_GERMAN, &err), GW_OK);
    assert_int_equal(gw_store_player_games(s, A, mine, &n, &err), GW_OK);
    assert_int_equal(n, 1);
    assert_int_equal(mine[0].game, GW_GAME_ANDROID);
    free(mine[0].record);
    /* tokens are lower-case hexadecimal, 1 to GW_STORE_TOKEN_MAX characters */
    char longer[GW_STORE_TOKEN_MAX + 2];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    const char *bad[] = {"", "ABCDEF", "12 34", "x'; DROP TABLE web_games; --", longer};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (strlen(bad[i]) <= GW_STORE_TOKEN_MAX) /* (a longer one does not fit a gw_store_web_game) */
            assert_int_equal(save(s, bad[i], GW_GAME_GERMAN, 0, "r"), GW_EINVAL);
        assert_int_equal(gw_store_delete_web_game(s, bad[i], GW_GAME_GERMAN, &err), GW_EINVAL);
    }
    assert_int_equal(gw_store_web_games(s, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 2);
    gw_store_web_games_free(rows, n);
    gw_store_close(s);
}

/* The player's games, the one saved last first. */
static void test_saved_last_first(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    assert_int_equal(save(s, A, GW_GAME_GERMAN, 0, "match"), GW_OK);
    sleep(1); /* the saved time has seconds */
    assert_int_equal(save(s, A, GW_GAME_ANDROID, 0, "rubber"), GW_OK);
    gw_store_web_game mine[2];
    int n;
    assert_int_equal(gw_store_player_games(s, A, mine, &n, &err), GW_OK);
    assert_int_equal(n, 2);
    assert_int_equal(mine[0].game, GW_GAME_ANDROID);
    free(mine[0].record);
    free(mine[1].record);
    sleep(1);
    assert_int_equal(save(s, A, GW_GAME_GERMAN, 0, "match 2"), GW_OK);
    assert_int_equal(gw_store_player_games(s, A, mine, &n, &err), GW_OK);
    assert_int_equal(mine[0].game, GW_GAME_GERMAN);
    assert_string_equal(mine[0].record, "match 2");
    free(mine[0].record);
    free(mine[1].record);
    gw_store_close(s);
}

static void test_version_4_migrated(void **state) {
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/v4.db", root);
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    gw_store_close(s);
    /* a version 4 database as whist serve left it: one game per token, a German match of player A (its
     * statistics row in the record's tags), an Android rubber of player B */
    raw_exec(path, GW_RAW_UNDO_SCHEMA_6
             "DROP TABLE web_games; DROP INDEX players_prune;"
             "ALTER TABLE players DROP COLUMN last_seen; ALTER TABLE players DROP COLUMN kept;"
             "CREATE TABLE web_games (token TEXT PRIMARY KEY, saved TEXT NOT NULL, record TEXT NOT NULL);"
             "INSERT INTO web_games VALUES ('0123456789abcdef0123456789abcdef', '2026-01-01 00:00:00',"
             " '[Game \"German Whist\"]\n[StoreMatch \"41\"]\n[Dealer \"1\"]\n');"
             "INSERT INTO web_games VALUES ('ffffffffffffffffffffffffffffffff', '2026-01-01 00:00:00',"
             " '[Game \"Android Whist\"]\n[RubberSeed \"5\"]\n[StoreRubber \"1234\"]\n');"
             "INSERT INTO players (token, issued) VALUES ('0123456789abcdef0123456789abcdef', 'x'),"
             " ('ffffffffffffffffffffffffffffffff', 'x');"
             "PRAGMA user_version = 4;");
    assert_int_equal(gw_store_open(path, &s, &err), GW_OK);
    gw_store_web_game mine[2];
    int n;
    assert_int_equal(gw_store_player_games(s, A, mine, &n, &err), GW_OK);
    assert_int_equal(n, 1);
    assert_int_equal(mine[0].game, GW_GAME_GERMAN);
    assert_int_equal(mine[0].stats_id, 41);
    free(mine[0].record);
    assert_int_equal(gw_store_player_games(s, B, mine, &n, &err), GW_OK);
    assert_int_equal(n, 1);
    assert_int_equal(mine[0].game, GW_GAME_ANDROID);
    assert_int_equal(mine[0].stats_id, 1234);
    free(mine[0].record);
    /* every player counts as seen now (nobody pruned at once by the upgrade) */
    gw_store_player p;
    assert_int_equal(gw_store_load_player(s, A, &p, &err), GW_OK);
    assert_true(p.known);
    assert_true(p.last_seen > 1700000000);
    assert_false(p.kept);
    free(p.settings);
    gw_store_close(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_save_replace_list, setup, teardown),
        cmocka_unit_test_setup_teardown(test_saved_last_first, setup, teardown),
        cmocka_unit_test_setup_teardown(test_version_4_migrated, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
