/* tables.c: the tables between two people of whist serve (their saved state, what the lobby and play anyone
 * look up) and the players' ratings per rule family (store.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_internal.h"

static bool token_or_empty(const char *t) {
    size_t n = strlen(t);
    if (n > GW_STORE_TOKEN_MAX) return false;
    for (size_t i = 0; i < n; i++)
        if (!((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'a' && t[i] <= 'z') || t[i] == '_' || t[i] == '-'))
            return false;
    return true;
}

static bool id_ok(const char *id) {
    size_t n = strlen(id);
    if (n == 0 || n > GW_STORE_TABLE_ID_MAX) return false;
    for (size_t i = 0; i < n; i++) {
        char c = id[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
              c == '-'))
            return false;
    }
    return true;
}

static const char *game_name(gw_game_kind g) { return g == GW_GAME_ANDROID ? "android" : "german"; }

gw_status gw_store_save_table(gw_store *s, const gw_store_table *t, gw_error *err) {
    if (!id_ok(t->id)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a table id");
    if (!token_or_empty(t->seats[0]) || !token_or_empty(t->seats[1]))
        return gw_error_set(err, GW_EINVAL, 0, 0, "not a player token");
    if (!t->state || !t->lobby || strlen(t->match_key) > GW_STORE_TABLE_KEY_MAX)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the table has no state");
    gw_status res = store_begin_write(s, "cannot save the table", err);
    if (res != GW_OK) return res;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(
            store_db(s),
            "INSERT INTO tables (id, state, game, match_key, lobby, waiting, seat0, seat1, stats0, "
            "stats1, created, updated, over) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
            "?11, ?12) ON CONFLICT (id) DO UPDATE SET state = ?2, game = ?3, match_key = ?4, "
            "lobby = ?5, waiting = ?6, seat0 = ?7, seat1 = ?8, stats0 = ?9, stats1 = ?10, "
            "updated = ?11, over = ?12",
            -1, &st, NULL) != SQLITE_OK)
        return store_end_write(s, "cannot save the table", store_db_error(s, "cannot save the table", err),
                               err);
    sqlite3_bind_text(st, 1, t->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, t->state, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, game_name(t->game), -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, t->match_key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, t->lobby, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 6, t->waiting ? 1 : 0);
    sqlite3_bind_text(st, 7, t->seats[0], -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 8, t->seats[1], -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 9, t->stats_id[0]);
    sqlite3_bind_int64(st, 10, t->stats_id[1]);
    sqlite3_bind_int64(st, 11, (sqlite3_int64)time(NULL));
    sqlite3_bind_int(st, 12, t->over ? 1 : 0);
    if (store_step_done(st) != SQLITE_DONE) res = store_db_error(s, "cannot save the table", err);
    return store_end_write(s, "cannot save the table", res, err);
}

gw_status gw_store_unlist_tables(gw_store *s, gw_error *err) {
    gw_status res = store_begin_write(s, "cannot change the lobby", err);
    if (res != GW_OK) return res;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s), "UPDATE tables SET waiting = 0 WHERE waiting = 1", -1, &st, NULL) !=
        SQLITE_OK)
        return store_end_write(s, "cannot change the lobby",
                               store_db_error(s, "cannot change the lobby", err), err);
    if (store_step_done(st) != SQLITE_DONE) res = store_db_error(s, "cannot change the lobby", err);
    return store_end_write(s, "cannot change the lobby", res, err);
}

void gw_store_table_free(gw_store_table *t) {
    if (!t) return;
    free(t->state);
    free(t->lobby);
    t->state = t->lobby = NULL;
}

void gw_store_tables_free(gw_store_table *rows, int count) {
    for (int i = 0; i < count && rows; i++)
        gw_store_table_free(&rows[i]);
    free(rows);
}

#define TABLE_COLUMNS                                                                                        \
    "id, state, game, match_key, lobby, waiting, seat0, seat1, stats0, stats1, created, updated, over"

/* One row (TABLE_COLUMNS) of st into t; false without memory (t then holds nothing to free). */
static bool read_table(sqlite3_stmt *st, gw_store_table *t) {
    memset(t, 0, sizeof *t);
    store_column_copy(st, 0, t->id, sizeof t->id);
    const char *game = (const char *)sqlite3_column_text(st, 2);
    t->game = game && strcmp(game, "android") == 0 ? GW_GAME_ANDROID : GW_GAME_GERMAN;
    store_column_copy(st, 3, t->match_key, sizeof t->match_key);
    t->waiting = sqlite3_column_int(st, 5) != 0;
    store_column_copy(st, 6, t->seats[0], sizeof t->seats[0]);
    store_column_copy(st, 7, t->seats[1], sizeof t->seats[1]);
    t->stats_id[0] = sqlite3_column_int64(st, 8);
    t->stats_id[1] = sqlite3_column_int64(st, 9);
    t->created = sqlite3_column_int64(st, 10);
    t->updated = sqlite3_column_int64(st, 11);
    t->over = sqlite3_column_int(st, 12) != 0;
    t->state = store_column_dup(st, 1);
    t->lobby = store_column_dup(st, 4);
    if (t->state && t->lobby) return true;
    gw_store_table_free(t);
    return false;
}

gw_status gw_store_load_table(gw_store *s, const char *id, gw_store_table *out, bool *found, gw_error *err) {
    memset(out, 0, sizeof *out);
    *found = false;
    if (!id_ok(id)) {
        gw_error_clear(err);
        return GW_OK;
    }
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s), "SELECT " TABLE_COLUMNS " FROM tables WHERE id = ?1", -1, &st,
                           NULL) != SQLITE_OK)
        return store_db_error(s, "cannot read the table", err);
    sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
    gw_status res = GW_OK;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        if (read_table(st, out))
            *found = true;
        else
            res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the table");
    } else if (rc != SQLITE_DONE) {
        res = store_db_error(s, "cannot read the table", err);
    }
    sqlite3_finalize(st);
    if (res == GW_OK) gw_error_clear(err);
    return res;
}

gw_status gw_store_waiting_tables(gw_store *s, const char *match_key, const char *not_seat0, int limit,
                                  gw_store_table **rows, int *count, gw_error *err) {
    *rows = NULL;
    *count = 0;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s),
                           "SELECT " TABLE_COLUMNS " FROM tables WHERE waiting = 1 AND (?1 IS NULL OR "
                           "match_key = ?1) AND (?2 IS NULL OR seat0 != ?2) ORDER BY created, id LIMIT ?3",
                           -1, &st, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot read the lobby", err);
    if (match_key)
        sqlite3_bind_text(st, 1, match_key, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(st, 1);
    if (not_seat0)
        sqlite3_bind_text(st, 2, not_seat0, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(st, 2);
    sqlite3_bind_int(st, 3, limit > 0 ? limit : -1);
    gw_store_table *out = NULL;
    int n = 0, cap = 0, rc;
    gw_status res = GW_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (n == cap) {
            int ncap = cap ? 2 * cap : 16;
            gw_store_table *grown = realloc(out, (size_t)ncap * sizeof *out);
            if (!grown) {
                res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the lobby");
                break;
            }
            out = grown;
            cap = ncap;
        }
        if (!read_table(st, &out[n])) {
            res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the lobby");
            break;
        }
        n++;
    }
    if (res == GW_OK && rc != SQLITE_DONE) res = store_db_error(s, "cannot read the lobby", err);
    sqlite3_finalize(st);
    if (res != GW_OK) {
        gw_store_tables_free(out, n);
        return res;
    }
    *rows = out;
    *count = n;
    gw_error_clear(err);
    return GW_OK;
}

/* ---- ratings ------------------------------------------------------------------------------------------ */

static bool family_ok(const char *f) {
    size_t n = strlen(f);
    if (n == 0 || n > 64) return false;
    for (size_t i = 0; i < n; i++)
        if (!((f[i] >= '0' && f[i] <= '9') || (f[i] >= 'a' && f[i] <= 'z') || f[i] == '-' || f[i] == '_'))
            return false;
    return true;
}

gw_status gw_store_rating_get(gw_store *s, const char *token, const char *family, gw_store_rating *out,
                              bool *found, gw_error *err) {
    *found = false;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s),
                           "SELECT rating, rd, vol, games FROM ratings WHERE token = ?1 AND family = ?2", -1,
                           &st, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot read the rating", err);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, family, -1, SQLITE_STATIC);
    gw_status res = GW_OK;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        out->rating = sqlite3_column_double(st, 0);
        out->rd = sqlite3_column_double(st, 1);
        out->vol = sqlite3_column_double(st, 2);
        out->games = sqlite3_column_int(st, 3);
        *found = true;
    } else if (rc != SQLITE_DONE) {
        res = store_db_error(s, "cannot read the rating", err);
    }
    sqlite3_finalize(st);
    if (res == GW_OK) gw_error_clear(err);
    return res;
}

gw_status gw_store_rating_put(gw_store *s, const char *token, const char *family, const gw_store_rating *r,
                              gw_error *err) {
    if (!token[0] || !token_or_empty(token)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a player token");
    if (!family_ok(family)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a rating family");
    gw_status res = store_begin_write(s, "cannot save the rating", err);
    if (res != GW_OK) return res;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s),
                           "INSERT OR REPLACE INTO ratings (token, family, rating, rd, vol, games) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                           -1, &st, NULL) != SQLITE_OK)
        return store_end_write(s, "cannot save the rating", store_db_error(s, "cannot save the rating", err),
                               err);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, family, -1, SQLITE_STATIC);
    sqlite3_bind_double(st, 3, r->rating);
    sqlite3_bind_double(st, 4, r->rd);
    sqlite3_bind_double(st, 5, r->vol);
    sqlite3_bind_int(st, 6, r->games);
    if (store_step_done(st) != SQLITE_DONE) res = store_db_error(s, "cannot save the rating", err);
    return store_end_write(s, "cannot save the rating", res, err);
}

gw_status gw_store_player_ratings(gw_store *s, const char *token, gw_store_family_rating **rows, int *count,
                                  gw_error *err) {
    *rows = NULL;
    *count = 0;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(
            store_db(s),
            "SELECT family, rating, rd, vol, games FROM ratings WHERE token = ?1 ORDER BY family", -1, &st,
            NULL) != SQLITE_OK)
        return store_db_error(s, "cannot read the ratings", err);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    gw_store_family_rating *out = NULL;
    int n = 0, cap = 0, rc;
    gw_status res = GW_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (n == cap) {
            int ncap = cap ? 2 * cap : 8;
            gw_store_family_rating *grown = realloc(out, (size_t)ncap * sizeof *out);
            if (!grown) {
                res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the ratings");
                break;
            }
            out = grown;
            cap = ncap;
        }
        store_column_copy(st, 0, out[n].family, sizeof out[n].family);
        out[n].r.rating = sqlite3_column_double(st, 1);
        out[n].r.rd = sqlite3_column_double(st, 2);
        out[n].r.vol = sqlite3_column_double(st, 3);
        out[n].r.games = sqlite3_column_int(st, 4);
        n++;
    }
    if (res == GW_OK && rc != SQLITE_DONE) res = store_db_error(s, "cannot read the ratings", err);
    sqlite3_finalize(st);
    if (res != GW_OK) {
        free(out);
        return res;
    }
    *rows = out;
    *count = n;
    gw_error_clear(err);
    return GW_OK;
}
