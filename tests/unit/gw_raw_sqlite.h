/* gw_raw_sqlite.h: raw SQLite for the store's tests, to look at and tamper with a database file behind the
 * store's back (each call opens a connection of its own and closes it). Include after gw_test.h. */
#ifndef GW_RAW_SQLITE_H
#define GW_RAW_SQLITE_H

#include <sqlite3.h>

static inline sqlite3 *raw_open(const char *path) {
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    return db;
}

/* Runs sql (one or more statements) on the file at path; the test fails if it fails. */
static inline void raw_exec(const char *path, const char *sql) {
    sqlite3 *db = raw_open(path);
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) fail_msg("%s: %s", sql, msg);
    sqlite3_close(db);
}

/* The one number sql reads from the file at path. */
static inline int raw_int(const char *path, const char *sql) {
    sqlite3 *db = raw_open(path);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

/* SQL that takes a fresh database back from schema 6 to 5 (its tables, ratings and the vs-person columns),
 * before a test takes it back further to make an older one. */
#define GW_RAW_UNDO_SCHEMA_6                                                                                 \
    "DROP TABLE tables; DROP TABLE ratings;"                                                                 \
    "ALTER TABLE matches DROP COLUMN vs_person; ALTER TABLE matches DROP COLUMN seat;"                       \
    "ALTER TABLE rubbers DROP COLUMN vs_person; ALTER TABLE rubbers DROP COLUMN seat;"

#endif
