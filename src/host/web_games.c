/* web_games.c: the players of `whist serve` (the tokens it issued, each player's settings) and their games in
 * progress, one per browser's token, as record texts (store.h). */
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

static bool token_ok(const char *t) {
    size_t n = strlen(t);
    if (n == 0 || n > GW_STORE_TOKEN_MAX) return false;
    for (size_t i = 0; i < n; i++)
        if (!((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'a' && t[i] <= 'f'))) return false;
    return true;
}

gw_status gw_store_save_web_game(gw_store *s, const char *token, const char *record, gw_error *err) {
    if (!token_ok(token)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a player token");
    sqlite3 *db = store_db(s);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO web_games (token, saved, record) VALUES (?1, ?2, ?3)",
                           -1, &st, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot save the game", err);
    char now[24];
    store_local_now(now);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, now, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, record, -1, SQLITE_STATIC);
    if (store_step_done(st) != SQLITE_DONE) return store_db_error(s, "cannot save the game", err);
    gw_error_clear(err);
    return GW_OK;
}

void gw_store_web_games_free(gw_store_web_game *rows, int count) {
    for (int i = 0; i < count && rows; i++)
        free(rows[i].record);
    free(rows);
}

gw_status gw_store_web_games(gw_store *s, gw_store_web_game **rows, int *count, gw_error *err) {
    *rows = NULL;
    *count = 0;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s), "SELECT token, record FROM web_games ORDER BY token", -1, &st,
                           NULL) != SQLITE_OK)
        return store_db_error(s, "cannot read the saved games", err);
    gw_store_web_game *out = NULL;
    int n = 0, cap = 0, rc;
    gw_status res = GW_OK;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (n == cap) {
            int ncap = cap ? 2 * cap : 16;
            gw_store_web_game *grown = realloc(out, (size_t)ncap * sizeof *out);
            if (!grown) {
                res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the saved games");
                break;
            }
            out = grown;
            cap = ncap;
        }
        gw_store_web_game *g = &out[n];
        store_column_copy(st, 0, g->token, sizeof g->token);
        const char *rec = (const char *)sqlite3_column_text(st, 1);
        size_t len = (size_t)sqlite3_column_bytes(st, 1);
        g->record = malloc(len + 1);
        if (!g->record) {
            res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the saved games");
            break;
        }
        memcpy(g->record, rec ? rec : "", rec ? len : 0);
        g->record[rec ? len : 0] = '\0';
        n++;
    }
    if (res == GW_OK && rc != SQLITE_DONE) res = store_db_error(s, "cannot read the saved games", err);
    sqlite3_finalize(st);
    if (res != GW_OK) {
        gw_store_web_games_free(out, n);
        return res;
    }
    *rows = out;
    *count = n;
    gw_error_clear(err);
    return GW_OK;
}

gw_status gw_store_delete_web_game(gw_store *s, const char *token, gw_error *err) {
    if (!token_ok(token)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a player token");
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s), "DELETE FROM web_games WHERE token = ?1", -1, &st, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot delete the game", err);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    if (store_step_done(st) != SQLITE_DONE) return store_db_error(s, "cannot delete the game", err);
    gw_error_clear(err);
    return GW_OK;
}

/* ---- players ----------------------------------------------------------------------------------------- */

gw_status gw_store_add_player(gw_store *s, const char *token, gw_error *err) {
    if (!token_ok(token)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a player token");
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s), "INSERT INTO players (token, issued) VALUES (?1, ?2)", -1, &st,
                           NULL) != SQLITE_OK)
        return store_db_error(s, "cannot record the player", err);
    char now[24];
    store_local_now(now);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, now, -1, SQLITE_STATIC);
    int rc = store_step_done(st);
    if (rc == SQLITE_CONSTRAINT_PRIMARYKEY || rc == SQLITE_CONSTRAINT_UNIQUE)
        return gw_error_set(err, GW_ESTATE, 0, 0, "the player is known already");
    if (rc != SQLITE_DONE) return store_db_error(s, "cannot record the player", err);
    gw_error_clear(err);
    return GW_OK;
}

gw_status gw_store_find_player(gw_store *s, const char *token, bool *known, char **settings, gw_error *err) {
    *known = false;
    if (settings) *settings = NULL;
    if (!token_ok(token)) {
        gw_error_clear(err);
        return GW_OK;
    }
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s), "SELECT settings FROM players WHERE token = ?1", -1, &st, NULL) !=
        SQLITE_OK)
        return store_db_error(s, "cannot read the player", err);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    gw_status res = GW_OK;
    if (rc == SQLITE_ROW) {
        *known = true;
        if (settings) {
            const char *t = (const char *)sqlite3_column_text(st, 0);
            size_t len = (size_t)sqlite3_column_bytes(st, 0);
            *settings = malloc(len + 1);
            if (*settings) {
                memcpy(*settings, t ? t : "", t ? len : 0);
                (*settings)[t ? len : 0] = '\0';
            } else {
                res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the player");
                *known = false;
            }
        }
    } else if (rc != SQLITE_DONE) {
        res = store_db_error(s, "cannot read the player", err);
    }
    sqlite3_finalize(st);
    if (res == GW_OK) gw_error_clear(err);
    return res;
}

gw_status gw_store_save_settings(gw_store *s, const char *token, const char *settings, gw_error *err) {
    if (!token_ok(token)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a player token");
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s), "UPDATE players SET settings = ?2 WHERE token = ?1", -1, &st, NULL) !=
        SQLITE_OK)
        return store_db_error(s, "cannot save the settings", err);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, settings, -1, SQLITE_STATIC);
    if (store_step_done(st) != SQLITE_DONE) return store_db_error(s, "cannot save the settings", err);
    if (sqlite3_changes(store_db(s)) == 0) return gw_error_set(err, GW_EINVAL, 0, 0, "no such player");
    gw_error_clear(err);
    return GW_OK;
}
