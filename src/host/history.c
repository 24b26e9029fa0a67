/* history.c: reading back the stored hands of both games: the most recent ones for lists, and one hand's
 * record or the seat its owner played it from. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

/* Fills e from a row of the history query. */
static void read_entry(sqlite3_stmt *st, gw_store_entry *e) {
    memset(e, 0, sizeof *e);
    e->id = sqlite3_column_int64(st, 0);
    e->match_id = sqlite3_column_int64(st, 1);
    e->number = sqlite3_column_int(st, 2);
    store_column_copy(st, 3, e->played, sizeof e->played);
    store_column_copy(st, 4, e->variant, sizeof e->variant);
    store_column_copy(st, 5, e->scoring, sizeof e->scoring);
    store_column_copy(st, 6, e->opponent, sizeof e->opponent);
    e->target = sqlite3_column_int(st, 7);
    e->tricks[0] = sqlite3_column_int(st, 8);
    e->tricks[1] = sqlite3_column_int(st, 9);
    e->winner = sqlite3_column_int(st, 10);
    e->points = sqlite3_column_int(st, 11);
    e->slam = sqlite3_column_int(st, 12) != 0;
    e->assisted = sqlite3_column_int(st, 13) != 0;
    e->score[0] = sqlite3_column_int(st, 14);
    e->score[1] = sqlite3_column_int(st, 15);
    e->scored[0] = sqlite3_column_int(st, 16);
    e->scored[1] = sqlite3_column_int(st, 17);
    e->android = sqlite3_column_int(st, 18) != 0;
    e->vs_person = sqlite3_column_int(st, 19) != 0;
}

gw_status gw_store_history(gw_store *s, int limit, gw_store_entry **rows, int *count, gw_error *err) {
    return gw_store_owned_history(s, NULL, limit, rows, count, err);
}

gw_status gw_store_owned_history(gw_store *s, const char *owner, int limit, gw_store_entry **rows, int *count,
                                 gw_error *err) {
    *rows = NULL;
    *count = 0;
    if (limit < 0) return gw_error_set(err, GW_EINVAL, 0, 0, "the limit must not be negative");
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(
            store_db(s),
            "SELECT h.id, h.match_id, h.number, h.played, m.variant, m.scoring, m.opponent, "
            "m.target, h.tricks0, h.tricks1, h.winner, h.points, h.slam, h.assisted, h.score0, "
            "h.score1, h.points0, h.points1, 0, m.vs_person FROM hands h JOIN matches m ON m.id = h.match_id "
            "WHERE ?2 IS NULL OR m.owner = ?2 "
            "UNION ALL "
            "SELECT a.id, a.rubber_id, a.number, a.played, 'android', 'rubber', r.opponent, 5, "
            "a.tricks0, a.tricks1, a.winner, a.points, 0, 0, a.score0, a.score1, "
            "CASE WHEN a.winner = 0 THEN a.points ELSE 0 END, CASE WHEN a.winner = 1 THEN a.points ELSE 0 "
            "END, 1, r.vs_person "
            "FROM android_hands a JOIN rubbers r ON r.id = a.rubber_id "
            "WHERE ?2 IS NULL OR r.owner = ?2 "
            "ORDER BY 1 DESC LIMIT ?1",
            -1, &st, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot read the history", err);
    sqlite3_bind_int(st, 1, limit > 0 ? limit : -1);
    store_bind_owner(st, 2, owner);
    gw_store_entry *list = NULL;
    int n = 0, cap = 0, rc;
    gw_status res = GW_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (n == cap) {
            int more = cap ? 2 * cap : 16;
            gw_store_entry *p = realloc(list, (size_t)more * sizeof *p);
            if (!p) {
                res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the history");
                break;
            }
            list = p;
            cap = more;
        }
        read_entry(st, &list[n++]);
    }
    if (res == GW_OK && rc != SQLITE_DONE) res = store_db_error(s, "cannot read the history", err);
    sqlite3_finalize(st);
    if (res != GW_OK) {
        free(list);
        return res;
    }
    *rows = list;
    *count = n;
    gw_error_clear(err);
    return GW_OK;
}

gw_status gw_store_record(gw_store *s, int64_t id, char **text, gw_error *err) {
    return gw_store_owned_record(s, NULL, id, text, err);
}

/* The query of one column of hand ?1 of either game, if it is owner ?2's (NULL: anyone's): GERMAN of the hand
 * h of match m, ANDROID of the hand a of rubber r. */
#define HAND_COLUMN(GERMAN, ANDROID)                                                                         \
    "SELECT " GERMAN " FROM hands h JOIN matches m ON m.id = h.match_id "                                    \
    "WHERE h.id = ?1 AND (?2 IS NULL OR m.owner = ?2) "                                                      \
    "UNION ALL SELECT " ANDROID " FROM android_hands a JOIN rubbers r ON r.id = a.rubber_id "                \
    "WHERE a.id = ?1 AND (?2 IS NULL OR r.owner = ?2)"

/* Prepares sql (a HAND_COLUMN) for hand id of owner and steps it once: *rc SQLITE_ROW (the column in *st),
 * SQLITE_DONE (no such hand of owner's) or an error; the caller finalizes *st. False if it cannot be
 * prepared. */
static bool hand_column(gw_store *s, const char *sql, const char *owner, int64_t id, sqlite3_stmt **st,
                        int *rc) {
    if (sqlite3_prepare_v2(store_db(s), sql, -1, st, NULL) != SQLITE_OK) return false;
    sqlite3_bind_int64(*st, 1, id);
    store_bind_owner(*st, 2, owner);
    *rc = sqlite3_step(*st);
    return true;
}

gw_status gw_store_owned_record(gw_store *s, const char *owner, int64_t id, char **text, gw_error *err) {
    *text = NULL;
    sqlite3_stmt *st;
    int rc;
    if (!hand_column(s, HAND_COLUMN("h.record", "a.record"), owner, id, &st, &rc))
        return store_db_error(s, "cannot read the hand", err);
    gw_status res = GW_OK;
    if (rc == SQLITE_ROW) {
        *text = store_column_dup(st, 0);
        if (!*text) {
            res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the hand");
        }
    } else if (rc == SQLITE_DONE) {
        char name[24];
        snprintf(name, sizeof name, "%lld", (long long)id);
        res = gw_error_set(err, GW_EINVAL, 0, 0, "no hand %s", name);
    } else {
        res = store_db_error(s, "cannot read the hand", err);
    }
    sqlite3_finalize(st);
    if (res == GW_OK) gw_error_clear(err);
    return res;
}

gw_status gw_store_owned_hand_seat(gw_store *s, const char *owner, int64_t id, int *seat, gw_error *err) {
    *seat = 0;
    sqlite3_stmt *st;
    int rc;
    if (!hand_column(s, HAND_COLUMN("m.seat", "r.seat"), owner, id, &st, &rc))
        return store_db_error(s, "cannot read the hand", err);
    gw_status res = GW_OK;
    if (rc == SQLITE_ROW)
        *seat = sqlite3_column_int(st, 0) == 1 ? 1 : 0;
    else if (rc != SQLITE_DONE)
        res = store_db_error(s, "cannot read the hand", err);
    sqlite3_finalize(st);
    if (res == GW_OK) gw_error_clear(err);
    return res;
}
