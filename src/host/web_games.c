/* web_games.c: the players of `whist serve` (the tokens it issued, each player's settings, when it was last
 * seen, pruning those that never finished a hand) and their games in progress, a German Whist match and an
 * Android Whist rubber per browser's token, as record texts (store.h). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_internal.h"

static bool token_ok(const char *t) {
    size_t n = strlen(t);
    if (n == 0 || n > GW_STORE_TOKEN_MAX) return false;
    for (size_t i = 0; i < n; i++)
        if (!((t[i] >= '0' && t[i] <= '9') || (t[i] >= 'a' && t[i] <= 'f'))) return false;
    return true;
}

static const char *game_name(gw_game_kind g) { return g == GW_GAME_ANDROID ? "android" : "german"; }

gw_status gw_store_save_web_game(gw_store *s, const gw_store_web_game *g, gw_error *err) {
    return gw_store_save_web_games(s, g, 1, err);
}

gw_status gw_store_save_web_games(gw_store *s, const gw_store_web_game *games, int count, gw_error *err) {
    for (int i = 0; i < count; i++)
        if (!token_ok(games[i].token)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a player token");
    sqlite3 *db = store_db(s);
    gw_status res = store_begin_write(s, "cannot save the game", err);
    if (res != GW_OK) return res;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db,
                           "INSERT OR REPLACE INTO web_games (token, game, saved, record, stats_id) "
                           "VALUES (?1, ?2, ?3, ?4, ?5)",
                           -1, &st, NULL) != SQLITE_OK)
        return store_end_write(s, "cannot save the game", store_db_error(s, "cannot save the game", err),
                               err);
    char now[24];
    store_local_now(now);
    for (int i = 0; i < count && res == GW_OK; i++) {
        sqlite3_bind_text(st, 1, games[i].token, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, game_name(games[i].game), -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, now, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, games[i].record, -1, SQLITE_STATIC);
        if (games[i].stats_id > 0)
            sqlite3_bind_int64(st, 5, games[i].stats_id);
        else
            sqlite3_bind_null(st, 5);
        if (sqlite3_step(st) != SQLITE_DONE) res = store_db_error(s, "cannot save the game", err);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    return store_end_write(s, "cannot save the game", res, err);
}

void gw_store_web_games_free(gw_store_web_game *rows, int count) {
    for (int i = 0; i < count && rows; i++)
        free(rows[i].record);
    free(rows);
}

/* Reads one row (token, game, record, stats_id) of st into g; false without memory. */
static bool read_game(sqlite3_stmt *st, gw_store_web_game *g) {
    store_column_copy(st, 0, g->token, sizeof g->token);
    const char *game = (const char *)sqlite3_column_text(st, 1);
    g->game = game && strcmp(game, "android") == 0 ? GW_GAME_ANDROID : GW_GAME_GERMAN;
    g->stats_id = sqlite3_column_int64(st, 3);
    g->record = store_column_dup(st, 2);
    return g->record != NULL;
}

gw_status gw_store_web_games(gw_store *s, gw_store_web_game **rows, int *count, gw_error *err) {
    *rows = NULL;
    *count = 0;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s),
                           "SELECT token, game, record, stats_id FROM web_games ORDER BY token, game DESC",
                           -1, &st, NULL) != SQLITE_OK)
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
        if (!read_game(st, &out[n])) {
            res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the saved games");
            break;
        }
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

gw_status gw_store_player_games(gw_store *s, const char *token, gw_store_web_game rows[2], int *count,
                                gw_error *err) {
    *count = 0;
    memset(rows, 0, 2 * sizeof rows[0]);
    if (!token_ok(token)) {
        gw_error_clear(err);
        return GW_OK;
    }
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s),
                           "SELECT token, game, record, stats_id FROM web_games WHERE token = ?1 "
                           "ORDER BY saved DESC, game DESC LIMIT 2",
                           -1, &st, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot read the saved games", err);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    gw_status res = GW_OK;
    int rc, n = 0;
    while (n < 2 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (!read_game(st, &rows[n])) {
            res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the saved games");
            break;
        }
        n++;
    }
    if (res == GW_OK && n < 2 && rc != SQLITE_DONE)
        res = store_db_error(s, "cannot read the saved games", err);
    sqlite3_finalize(st);
    if (res != GW_OK) {
        for (int i = 0; i < n; i++) {
            free(rows[i].record);
            rows[i].record = NULL;
        }
        return res;
    }
    *count = n;
    gw_error_clear(err);
    return GW_OK;
}

gw_status gw_store_delete_web_game(gw_store *s, const char *token, gw_game_kind game, gw_error *err) {
    if (!token_ok(token)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a player token");
    gw_status res = store_begin_write(s, "cannot delete the game", err);
    if (res != GW_OK) return res;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s), "DELETE FROM web_games WHERE token = ?1 AND game = ?2", -1, &st,
                           NULL) != SQLITE_OK)
        return store_end_write(s, "cannot delete the game", store_db_error(s, "cannot delete the game", err),
                               err);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, game_name(game), -1, SQLITE_STATIC);
    if (store_step_done(st) != SQLITE_DONE) res = store_db_error(s, "cannot delete the game", err);
    return store_end_write(s, "cannot delete the game", res, err);
}

/* ---- players ----------------------------------------------------------------------------------------- */

gw_status gw_store_add_player(gw_store *s, const char *token, gw_error *err) {
    if (!token_ok(token)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a player token");
    sqlite3_stmt *st;
    gw_status res = store_begin_write(s, "cannot record the player", err);
    if (res != GW_OK) return res;
    if (sqlite3_prepare_v2(store_db(s), "INSERT INTO players (token, issued, last_seen) VALUES (?1, ?2, ?3)",
                           -1, &st, NULL) != SQLITE_OK)
        return store_end_write(s, "cannot record the player",
                               store_db_error(s, "cannot record the player", err), err);
    char now[24];
    store_local_now(now);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, now, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)time(NULL));
    int rc = store_step_done(st);
    if (rc == SQLITE_CONSTRAINT_PRIMARYKEY || rc == SQLITE_CONSTRAINT_UNIQUE)
        res = gw_error_set(err, GW_ESTATE, 0, 0, "the player is known already");
    else if (rc != SQLITE_DONE)
        res = store_db_error(s, "cannot record the player", err);
    return store_end_write(s, "cannot record the player", res, err);
}

gw_status gw_store_find_player(gw_store *s, const char *token, bool *known, char **settings, gw_error *err) {
    gw_store_player p;
    gw_status res = gw_store_load_player(s, token, &p, err);
    *known = p.known;
    if (settings)
        *settings = p.settings;
    else
        free(p.settings);
    return res;
}

/* Runs UPDATE players SET <set> WHERE token = ?1 with ?2 bound by bind, as one write: GW_EINVAL for an
 * unknown player. */
static gw_status update_player(gw_store *s, const char *token, const char *sql, const char *what,
                               void (*bind)(sqlite3_stmt *st, const void *arg), const void *arg,
                               gw_error *err) {
    if (!token_ok(token)) return gw_error_set(err, GW_EINVAL, 0, 0, "not a player token");
    gw_status res = store_begin_write(s, what, err);
    if (res != GW_OK) return res;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s), sql, -1, &st, NULL) != SQLITE_OK)
        return store_end_write(s, what, store_db_error(s, what, err), err);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    bind(st, arg);
    if (store_step_done(st) != SQLITE_DONE)
        res = store_db_error(s, what, err);
    else if (sqlite3_changes(store_db(s)) == 0)
        res = gw_error_set(err, GW_EINVAL, 0, 0, "no such player");
    return store_end_write(s, what, res, err);
}

static void bind_text(sqlite3_stmt *st, const void *arg) { sqlite3_bind_text(st, 2, arg, -1, SQLITE_STATIC); }

static void bind_int64(sqlite3_stmt *st, const void *arg) {
    sqlite3_bind_int64(st, 2, *(const int64_t *)arg);
}

gw_status gw_store_save_settings(gw_store *s, const char *token, const char *settings, gw_error *err) {
    return update_player(s, token, "UPDATE players SET settings = ?2 WHERE token = ?1",
                         "cannot save the settings", bind_text, settings, err);
}

gw_status gw_store_touch_player(gw_store *s, const char *token, int64_t now, gw_error *err) {
    return update_player(s, token, "UPDATE players SET last_seen = ?2 WHERE token = ?1",
                         "cannot record the player's visit", bind_int64, &now, err);
}

gw_status gw_store_load_player(gw_store *s, const char *token, gw_store_player *out, gw_error *err) {
    memset(out, 0, sizeof *out);
    if (!token_ok(token)) {
        gw_error_clear(err);
        return GW_OK;
    }
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store_db(s), "SELECT settings, last_seen, kept FROM players WHERE token = ?1", -1,
                           &st, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot read the player", err);
    sqlite3_bind_text(st, 1, token, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    gw_status res = GW_OK;
    if (rc == SQLITE_ROW) {
        out->settings = store_column_dup(st, 0);
        if (out->settings) {
            out->known = true;
            out->last_seen = sqlite3_column_int64(st, 1);
            out->kept = sqlite3_column_int(st, 2) != 0;
        } else {
            res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading the player");
        }
    } else if (rc != SQLITE_DONE) {
        res = store_db_error(s, "cannot read the player", err);
    }
    sqlite3_finalize(st);
    if (res == GW_OK) gw_error_clear(err);
    return res;
}

/* The deletions of one pruned player (?1 its token), in order. Nothing of a player with a hand: the players
 * row only while kept = 0, the matches and rubbers only without hands. */
static const char *const PRUNE[] = {
    "DELETE FROM web_games WHERE token = ?1 AND EXISTS (SELECT 1 FROM players WHERE token = ?1 AND kept = 0)",
    ("DELETE FROM matches WHERE owner = ?1"
     " AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.match_id = matches.id)"
     " AND EXISTS (SELECT 1 FROM players WHERE token = ?1 AND kept = 0)"),
    ("DELETE FROM rubbers WHERE owner = ?1"
     " AND NOT EXISTS (SELECT 1 FROM android_hands a WHERE a.rubber_id = rubbers.id)"
     " AND EXISTS (SELECT 1 FROM players WHERE token = ?1 AND kept = 0)"),
    "DELETE FROM players WHERE token = ?1 AND kept = 0",
};

gw_status gw_store_prune_players(gw_store *s, int64_t seen_before, int limit,
                                 bool (*in_use)(void *ctx, const char *token), void *ctx, int *pruned,
                                 gw_error *err) {
    *pruned = 0;
    if (limit <= 0) {
        gw_error_clear(err);
        return GW_OK;
    }
    const char *what = "cannot prune the players";
    gw_status res = store_begin_write(s, what, err);
    if (res != GW_OK) return res;
    sqlite3 *db = store_db(s);
    sqlite3_stmt *sel = NULL, *del[sizeof PRUNE / sizeof PRUNE[0]] = {NULL};
    int n = 0;
    char(*tokens)[GW_STORE_TOKEN_MAX + 1] = malloc((size_t)limit * sizeof *tokens);
    if (!tokens) res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory pruning the players");
    if (res == GW_OK &&
        sqlite3_prepare_v2(db,
                           "SELECT token FROM players WHERE kept = 0 AND last_seen < ?1 ORDER BY last_seen",
                           -1, &sel, NULL) != SQLITE_OK)
        res = store_db_error(s, what, err);
    if (res == GW_OK) {
        sqlite3_bind_int64(sel, 1, seen_before);
        int rc;
        while (n < limit && (rc = sqlite3_step(sel)) == SQLITE_ROW) {
            store_column_copy(sel, 0, tokens[n], sizeof tokens[n]);
            if (!in_use || !in_use(ctx, tokens[n])) n++;
        }
        if (n < limit && rc != SQLITE_DONE) res = store_db_error(s, what, err);
    }
    sqlite3_finalize(sel);
    for (size_t k = 0; res == GW_OK && k < sizeof PRUNE / sizeof PRUNE[0]; k++)
        if (sqlite3_prepare_v2(db, PRUNE[k], -1, &del[k], NULL) != SQLITE_OK)
            res = store_db_error(s, what, err);
    for (int i = 0; res == GW_OK && i < n; i++)
        for (size_t k = 0; res == GW_OK && k < sizeof PRUNE / sizeof PRUNE[0]; k++) {
            sqlite3_bind_text(del[k], 1, tokens[i], -1, SQLITE_STATIC);
            if (sqlite3_step(del[k]) != SQLITE_DONE) res = store_db_error(s, what, err);
            sqlite3_reset(del[k]);
        }
    for (size_t k = 0; k < sizeof PRUNE / sizeof PRUNE[0]; k++)
        sqlite3_finalize(del[k]);
    free(tokens);
    res = store_end_write(s, what, res, err);
    if (res == GW_OK) *pruned = n;
    return res;
}

gw_status gw_store_fast_commits(gw_store *s, gw_error *err) {
    sqlite3 *db = store_db(s);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "PRAGMA journal_mode = WAL", -1, &st, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot log the database ahead", err);
    /* the mode now in force: "wal", or the old one when the file cannot be logged */
    bool wal = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0) &&
               strcmp((const char *)sqlite3_column_text(st, 0), "wal") == 0;
    sqlite3_finalize(st);
    if (!wal)
        return gw_error_set(err, GW_EIO, 0, 0, "cannot log %s ahead (journal_mode=WAL)", gw_store_file(s));
    if (sqlite3_exec(db, "PRAGMA synchronous = NORMAL", NULL, NULL, NULL) != SQLITE_OK)
        return store_db_error(s, "cannot set synchronous=NORMAL", err);
    gw_error_clear(err);
    return GW_OK;
}
