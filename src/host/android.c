/* android.c: the Android Whist part of the database: rubbers, their finished hands, and the statistics
 * read from them (counted by the statistics library, include/gw/stats.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

gw_status gw_store_begin_rubber(gw_store *s, const gw_store_rubber *r, int64_t *rubber_id, gw_error *err) {
    return gw_store_begin_owned_rubber(s, r, NULL, rubber_id, err);
}

gw_status gw_store_begin_owned_rubber(gw_store *s, const gw_store_rubber *r, const char *owner,
                                      int64_t *rubber_id, gw_error *err) {
    if (!r->opponent || !r->opponent[0])
        return gw_error_set(err, GW_EINVAL, 0, 0, "the opponent has no name");
    sqlite3 *db = store_db(s);
    char now[24], seed[24];
    store_local_now(now);
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    sqlite3_stmt *st;
    gw_status res = store_begin_write(s, "cannot store the rubber", err);
    if (res != GW_OK) return res;
    if (sqlite3_prepare_v2(
            db,
            "INSERT INTO rubbers (started, opponent, seed, owner, vs_person, seat) VALUES (?, ?, ?, ?, ?, ?)",
            -1, &st, NULL) != SQLITE_OK)
        return store_end_write(s, "cannot store the rubber",
                               store_db_error(s, "cannot store the rubber", err), err);
    /* bound where they lie: no allocation that could fail and leave the owner NULL (store_bind_owner) */
    sqlite3_bind_text(st, 1, r->started ? r->started : now, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, r->opponent, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, seed, -1, SQLITE_STATIC);
    if (owner) sqlite3_bind_text(st, 4, owner, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 5, r->vs_person || strcmp(r->opponent, "human") == 0 ? 1 : 0);
    sqlite3_bind_int(st, 6, r->seat == 1 ? 1 : 0);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) res = store_db_error(s, "cannot store the rubber", err);
    int64_t id = sqlite3_last_insert_rowid(db);
    res = store_end_write(s, "cannot store the rubber", res, err);
    if (res == GW_OK) *rubber_id = id;
    return res;
}

/* The writes of gw_store_add_android_hand, inside its transaction. */
static gw_status insert_android_hand(gw_store *s, const gw_store_android_hand *h, gw_error *err) {
    gw_status res = store_game_open(s, "rubbers", "rubber", h->rubber_id, err);
    if (res != GW_OK) return res;
    sqlite3 *db = store_db(s);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(
            db,
            "INSERT INTO android_hands (id, rubber_id, number, played, record, tricks0, tricks1, "
            "winner, points, score0, score1, game_winner) VALUES (" GW_STORE_NEXT_HAND_ID
            ", ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            -1, &st, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot store the hand", err);
    store_bind_hand(st, h->rubber_id, h->number, h->played, h->record, h->tricks, h->winner);
    sqlite3_bind_int(st, 8, h->points);
    sqlite3_bind_int(st, 9, h->score[0]);
    sqlite3_bind_int(st, 10, h->score[1]);
    sqlite3_bind_int(st, 11, h->game_winner);
    res = store_hand_inserted(s, store_step_done(st), "rubber", h->rubber_id, h->number, err);
    if (res != GW_OK) return res;
    if (sqlite3_prepare_v2(db,
                           "UPDATE rubbers SET games0 = ?, games1 = ?, value0 = ?, value1 = ?, "
                           "winner = CASE WHEN ? >= 0 THEN ? ELSE NULL END WHERE id = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot store the rubber's score", err);
    sqlite3_bind_int(st, 1, h->games[0]);
    sqlite3_bind_int(st, 2, h->games[1]);
    sqlite3_bind_int(st, 3, h->values[0]);
    sqlite3_bind_int(st, 4, h->values[1]);
    sqlite3_bind_int(st, 5, h->rubber_winner);
    sqlite3_bind_int(st, 6, h->rubber_winner);
    sqlite3_bind_int64(st, 7, h->rubber_id);
    if (store_step_done(st) != SQLITE_DONE) return store_db_error(s, "cannot store the rubber's score", err);
    return store_keep_owner(s, "rubbers", h->rubber_id, err);
}

gw_status gw_store_add_android_hand(gw_store *s, const gw_store_android_hand *h, int64_t *hand_id,
                                    gw_error *err) {
    if (!h->record || !h->record[0]) return gw_error_set(err, GW_EINVAL, 0, 0, "the hand has no record");
    bool ok = h->number >= 1 && h->winner >= -1 && h->winner <= 1 && h->game_winner >= -1 &&
              h->game_winner <= 1 && h->rubber_winner >= -1 && h->rubber_winner <= 1 && h->points >= 0;
    for (int i = 0; i < 2; i++)
        ok = ok && h->tricks[i] >= 0 && h->score[i] >= 0 && h->games[i] >= 0 && h->values[i] >= 0;
    if (!ok) return gw_error_set(err, GW_EINVAL, 0, 0, "the hand's figures are not valid");
    sqlite3 *db = store_db(s);
    gw_status res = store_begin_write(s, "cannot store the hand", err);
    if (res != GW_OK) return res;
    res = insert_android_hand(s, h, err);
    int64_t id = sqlite3_last_insert_rowid(db);
    res = store_end_write(s, "cannot store the hand", res, err);
    if (res == GW_OK && hand_id) *hand_id = id;
    return res;
}

gw_status gw_store_abandon_rubber(gw_store *s, int64_t rubber_id, gw_error *err) {
    return store_abandon_game(s, "rubbers", "rubber", rubber_id, err);
}

/* ---- statistics ------------------------------------------------------------------------------------ */

/* Feeds every hand of owner's rubbers (oldest first), then the finished rubbers, to the tally (a
 * gw_android_tally); SQLite's result code. */
static int read_android(sqlite3 *db, const char *owner, void *tally, bool *oom) {
    gw_android_tally *t = tally;
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db,
                                "SELECT r.opponent, h.winner, h.points, h.game_winner FROM android_hands h "
                                "JOIN rubbers r ON r.id = h.rubber_id WHERE ?1 IS NULL OR r.owner = ?1 "
                                "ORDER BY h.id",
                                -1, &st, NULL);
    if (rc != SQLITE_OK) return rc;
    store_bind_owner(st, 1, owner);
    while (!*oom && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        char opponent[16];
        store_column_copy(st, 0, opponent, sizeof opponent);
        *oom = !gw_android_count_hand(t, opponent, sqlite3_column_int(st, 1), sqlite3_column_int(st, 2),
                                      sqlite3_column_int(st, 3));
    }
    sqlite3_finalize(st);
    if (*oom) return SQLITE_OK;
    if (rc != SQLITE_DONE) return rc;
    rc = sqlite3_prepare_v2(
        db,
        "SELECT opponent, winner FROM rubbers WHERE winner IS NOT NULL AND abandoned = 0 AND "
        "(?1 IS NULL OR owner = ?1)",
        -1, &st, NULL);
    if (rc != SQLITE_OK) return rc;
    store_bind_owner(st, 1, owner);
    while (!*oom && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        char opponent[16];
        store_column_copy(st, 0, opponent, sizeof opponent);
        *oom = !gw_android_count_rubber(t, opponent, sqlite3_column_int(st, 1));
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE || *oom ? SQLITE_OK : rc;
}

gw_status gw_store_android_stats(gw_store *s, gw_android_stats **rows, int *count, gw_error *err) {
    return gw_store_owned_android_stats(s, NULL, rows, count, err);
}

gw_status gw_store_owned_android_stats(gw_store *s, const char *owner, gw_android_stats **rows, int *count,
                                       gw_error *err) {
    *rows = NULL;
    *count = 0;
    gw_android_tally t;
    gw_android_tally_init(&t);
    gw_status res = gw_store_read_stats(s, "the Android Whist statistics", owner, &t, read_android, err);
    if (res == GW_OK && !(*rows = gw_android_tally_rows(&t, count)))
        res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the Android Whist statistics");
    gw_android_tally_free(&t);
    return res;
}
