/* stats.c: the player's German Whist statistics per set of rules and opponent level: the stored hands and
 * matches read in one transaction and counted by the statistics library (include/gw/stats.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* The key of columns col.. of st (variant, scoring, target, opponent) into k, its texts in buf. */
typedef struct key_buf {
    char variant[16], scoring[16], opponent[16];
} key_buf;
static gw_stats_key key_of(sqlite3_stmt *st, int col, key_buf *buf) {
    store_column_copy(st, col, buf->variant, sizeof buf->variant);
    store_column_copy(st, col + 1, buf->scoring, sizeof buf->scoring);
    store_column_copy(st, col + 3, buf->opponent, sizeof buf->opponent);
    return (gw_stats_key){buf->variant, buf->scoring, buf->opponent, sqlite3_column_int(st, col + 2)};
}

gw_status gw_store_read_stats(gw_store *s, const char *what, const char *owner, void *tally,
                              int (*read)(sqlite3 *db, const char *owner, void *tally, bool *oom),
                              gw_error *err) {
    sqlite3 *db = store_db(s);
    bool oom = false;
    /* a read transaction of its own, unless the caller has one open (gw_store_begin) */
    bool own = sqlite3_get_autocommit(db);
    int rc = own ? sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) : SQLITE_OK;
    if (rc == SQLITE_OK) rc = read(db, owner, tally, &oom);
    gw_status res = GW_OK;
    if (rc != SQLITE_OK) {
        char why[64];
        snprintf(why, sizeof why, "cannot read %s", what);
        res = store_db_error(s, why, err);
    }
    if (own) sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    if (res == GW_OK && oom) res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading %s", what);
    if (res == GW_OK) gw_error_clear(err);
    return res;
}

/* Feeds every hand of owner's matches (oldest first), then the finished matches (won or lost, not
 * abandoned), to the tally; SQLite's result code. */
static int read_all(sqlite3 *db, const char *owner, void *tally, bool *oom) {
    gw_stats_tally *t = tally;
    sqlite3_stmt *st;
    int rc =
        sqlite3_prepare_v2(db,
                           "SELECT m.variant, m.scoring, m.target, m.opponent, h.winner, h.slam, h.assisted "
                           "FROM hands h JOIN matches m ON m.id = h.match_id "
                           "WHERE ?1 IS NULL OR m.owner = ?1 ORDER BY h.id",
                           -1, &st, NULL);
    if (rc != SQLITE_OK) return rc;
    store_bind_owner(st, 1, owner);
    while (!*oom && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        key_buf buf;
        gw_stats_key k = key_of(st, 0, &buf);
        *oom = !gw_stats_count_hand(t, &k, sqlite3_column_int(st, 4), sqlite3_column_int(st, 5) != 0,
                                    sqlite3_column_int(st, 6) != 0);
    }
    sqlite3_finalize(st);
    if (*oom) return SQLITE_OK;
    if (rc != SQLITE_DONE) return rc;
    rc = sqlite3_prepare_v2(db,
                            "SELECT variant, scoring, target, opponent, winner FROM matches "
                            "WHERE winner IS NOT NULL AND abandoned = 0 AND (?1 IS NULL OR owner = ?1)",
                            -1, &st, NULL);
    if (rc != SQLITE_OK) return rc;
    store_bind_owner(st, 1, owner);
    while (!*oom && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        key_buf buf;
        gw_stats_key k = key_of(st, 0, &buf);
        *oom = !gw_stats_count_match(t, &k, sqlite3_column_int(st, 4));
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE || *oom ? SQLITE_OK : rc;
}

gw_status gw_store_stats(gw_store *s, gw_stats **rows, int *count, gw_error *err) {
    return gw_store_owned_stats(s, NULL, rows, count, err);
}

gw_status gw_store_owned_stats(gw_store *s, const char *owner, gw_stats **rows, int *count, gw_error *err) {
    *rows = NULL;
    *count = 0;
    gw_stats_tally t;
    gw_stats_tally_init(&t);
    gw_status res = gw_store_read_stats(s, "the statistics", owner, &t, read_all, err);
    if (res == GW_OK && !(*rows = gw_stats_tally_rows(&t, count)))
        res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the statistics");
    gw_stats_tally_free(&t);
    return res;
}
