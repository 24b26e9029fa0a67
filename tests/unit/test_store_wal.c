/* test_store_wal.c: gw_store_fast_commits (whist serve's saves): the database is logged ahead, and a game
 * saved just before the program is killed (SIGKILL, nothing closed) is there when it opens again. */
#define _XOPEN_SOURCE 700
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gw_test.h"
#include "gw_tmp.h"

#include "gw/store.h"

static const char TOKEN[] = "0123456789abcdef0123456789abcdef";

GW_TMP_FIXTURES("store_wal")

/* The journal mode of the database at path, as another connection reads it. */
static void expect_journal_mode(const char *path, const char *mode) {
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), mode);
    sqlite3_finalize(st);
    sqlite3_close(db);
}

/* Saves TOKEN's German Whist game with record text r. */
static gw_status save(gw_store *s, const char *r, gw_error *err) {
    gw_store_web_game g = {.game = GW_GAME_GERMAN, .record = (char *)r};
    snprintf(g.token, sizeof g.token, "%s", TOKEN);
    return gw_store_save_web_game(s, &g, err);
}

static void test_logged_ahead(void **state) {
    (void)state;
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    char path[4096];
    snprintf(path, sizeof path, "%s", gw_store_file(s));
    expect_journal_mode(path, "delete"); /* SQLite's default until whist serve asks */
    assert_int_equal(gw_store_fast_commits(s, &err), GW_OK);
    assert_int_equal(save(s, "record 1", &err), GW_OK);
    expect_journal_mode(path, "wal");
    gw_store_close(s);
    /* the mode stays with the file, and the store still opens and reads it */
    expect_journal_mode(path, "wal");
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    gw_store_web_game *rows;
    int n;
    assert_int_equal(gw_store_web_games(s, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 1);
    assert_string_equal(rows[0].record, "record 1");
    gw_store_web_games_free(rows, n);
    gw_store_close(s);
}

static void test_kill_loses_nothing(void **state) {
    (void)state;
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* the child saves twice and is killed with the database open */
        gw_store *s;
        gw_error err;
        if (gw_store_open(NULL, &s, &err) != GW_OK || gw_store_fast_commits(s, &err) != GW_OK ||
            save(s, "record 1", &err) != GW_OK || save(s, "record 2", &err) != GW_OK)
            _exit(1);
        kill(getpid(), SIGKILL);
        _exit(2);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(NULL, &s, &err), GW_OK);
    gw_store_web_game *rows;
    int n;
    assert_int_equal(gw_store_web_games(s, &rows, &n, &err), GW_OK);
    assert_int_equal(n, 1);
    assert_string_equal(rows[0].record, "record 2");
    gw_store_web_games_free(rows, n);
    gw_store_close(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_logged_ahead, setup, teardown),
        cmocka_unit_test_setup_teardown(test_kill_loses_nothing, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
