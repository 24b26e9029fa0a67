/* store.c: the database of finished hands: opening and checking it, its schema versions, writes. */
#define _POSIX_C_SOURCE 200809L
#include "gw/store.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gw/files.h"
#include "store_internal.h"

/* PRAGMA application_id of a whist database ("GWDB"): tells it from the
 * databases of other programs, which may use user_version too. */
#define GW_STORE_APP_ID 0x47574442

/* How long a write waits for another whist holding the database. */
#define BUSY_TIMEOUT_MS 5000

/* One step of the schema: the SQL that brings version to - 1 to version to. */
typedef struct migration {
    int to;
    const char *sql;
} migration;

static const migration MIGRATIONS[] = {
    {1, "CREATE TABLE matches (\n"
        "  id INTEGER PRIMARY KEY,\n"
        "  started TEXT NOT NULL,\n"
        "  variant TEXT NOT NULL,\n"
        "  scoring TEXT NOT NULL,\n"
        "  target INTEGER NOT NULL,\n"
        "  opponent TEXT NOT NULL,\n"
        "  seed TEXT NOT NULL,\n"
        "  winner INTEGER,\n"
        "  abandoned INTEGER NOT NULL DEFAULT 0,\n"
        "  score0 INTEGER NOT NULL DEFAULT 0,\n"
        "  score1 INTEGER NOT NULL DEFAULT 0\n"
        ");\n"
        "CREATE TABLE hands (\n"
        "  id INTEGER PRIMARY KEY,\n"
        "  match_id INTEGER NOT NULL REFERENCES matches(id),\n"
        "  number INTEGER NOT NULL,\n"
        "  played TEXT NOT NULL,\n"
        "  record TEXT NOT NULL,\n"
        "  tricks0 INTEGER NOT NULL,\n"
        "  tricks1 INTEGER NOT NULL,\n"
        "  winner INTEGER NOT NULL,\n"
        "  points INTEGER NOT NULL,\n"
        "  slam INTEGER NOT NULL,\n"
        "  assisted INTEGER NOT NULL,\n"
        "  score0 INTEGER NOT NULL,\n"
        "  score1 INTEGER NOT NULL,\n"
        "  UNIQUE (match_id, number)\n"
        ");\n"
        "PRAGMA application_id = 1196901442;\n"},
    /* 2: Android Whist rubbers and their hands, and what each player scored in a
     * German Whist hand (running-total scoring scores both). Android Whist hands. A hand's id is shared with
     * the German Whist hands (one numbering for 'whist history' and 'replay --id'). */
    {2, "CREATE TABLE rubbers (\n"
        "  id INTEGER PRIMARY KEY,\n"
        "  started TEXT NOT NULL,\n"
        "  opponent TEXT NOT NULL,\n"
        "  seed TEXT NOT NULL,\n"
        "  winner INTEGER,\n"
        "  abandoned INTEGER NOT NULL DEFAULT 0,\n"
        "  games0 INTEGER NOT NULL DEFAULT 0,\n"
        "  games1 INTEGER NOT NULL DEFAULT 0,\n"
        "  value0 INTEGER NOT NULL DEFAULT 0,\n"
        "  value1 INTEGER NOT NULL DEFAULT 0\n"
        ");\n"
        "CREATE TABLE android_hands (\n"
        "  id INTEGER PRIMARY KEY,\n"
        "  rubber_id INTEGER NOT NULL REFERENCES rubbers(id),\n"
        "  number INTEGER NOT NULL,\n"
        "  played TEXT NOT NULL,\n"
        "  record TEXT NOT NULL,\n"
        "  tricks0 INTEGER NOT NULL,\n"
        "  tricks1 INTEGER NOT NULL,\n"
        "  winner INTEGER NOT NULL,\n"
        "  points INTEGER NOT NULL,\n"
        "  score0 INTEGER NOT NULL,\n"
        "  score1 INTEGER NOT NULL,\n"
        "  game_winner INTEGER NOT NULL,\n"
        "  UNIQUE (rubber_id, number)\n"
        ");\n"
        "ALTER TABLE hands ADD COLUMN points0 INTEGER NOT NULL DEFAULT 0;\n"
        "ALTER TABLE hands ADD COLUMN points1 INTEGER NOT NULL DEFAULT 0;\n"
        "UPDATE hands SET points0 = CASE WHEN winner = 0 THEN points ELSE 0 END,\n"
        "  points1 = CASE WHEN winner = 1 THEN points ELSE 0 END;\n"},
    /* 3: the game in progress of each player of whist serve (a browser's token), as its record */
    {3, "CREATE TABLE web_games (\n"
        "  token TEXT PRIMARY KEY,\n"
        "  saved TEXT NOT NULL,\n"
        "  record TEXT NOT NULL\n"
        ");\n"},
    /* 4: the players whist serve issued a token to (only those may connect), with their settings; the owner
     * (a player's token) of each match and rubber played in a browser, NULL for the terminal's */
    {4, "CREATE TABLE players (\n"
        "  token TEXT PRIMARY KEY,\n"
        "  issued TEXT NOT NULL,\n"
        "  settings TEXT NOT NULL DEFAULT ''\n"
        ");\n"
        "INSERT INTO players (token, issued) SELECT token, saved FROM web_games;\n"
        "ALTER TABLE matches ADD COLUMN owner TEXT;\n"
        "ALTER TABLE rubbers ADD COLUMN owner TEXT;\n"
        "CREATE INDEX matches_owner ON matches (owner);\n"
        "CREATE INDEX rubbers_owner ON rubbers (owner);\n"},
    /* 5: two games in progress per player of whist serve, a German Whist match and an Android Whist rubber
     * (a saved record is told by its Game tag), each with the id of its row in the statistics (read from
     * the record's StoreMatch or StoreRubber tag, where whist serve kept it before); each player's last
     * visit (seconds since 1970; every player counts as seen now) and whether it finished a hand (kept:
     * never pruned); the players that may be pruned found by an index of their own */
    {5, "CREATE TABLE web_games5 (\n"
        "  token TEXT NOT NULL,\n"
        "  game TEXT NOT NULL,\n"
        "  saved TEXT NOT NULL,\n"
        "  record TEXT NOT NULL,\n"
        "  stats_id INTEGER,\n"
        "  PRIMARY KEY (token, game)\n"
        ");\n"
        "INSERT INTO web_games5 (token, game, saved, record, stats_id)\n"
        "  SELECT token,\n"
        "    CASE WHEN instr(record, '[Game \"Android Whist\"]') > 0 THEN 'android' ELSE 'german' END,\n"
        "    saved, record,\n"
        "    CASE WHEN instr(record, '[StoreMatch \"') > 0\n"
        "           THEN CAST(substr(record, instr(record, '[StoreMatch \"') + 13) AS INTEGER)\n"
        "         WHEN instr(record, '[StoreRubber \"') > 0\n"
        "           THEN CAST(substr(record, instr(record, '[StoreRubber \"') + 14) AS INTEGER) END\n"
        "  FROM web_games;\n"
        "DROP TABLE web_games;\n"
        "ALTER TABLE web_games5 RENAME TO web_games;\n"
        "ALTER TABLE players ADD COLUMN last_seen INTEGER NOT NULL DEFAULT 0;\n"
        "ALTER TABLE players ADD COLUMN kept INTEGER NOT NULL DEFAULT 0;\n"
        "UPDATE players SET last_seen = CAST(strftime('%s', 'now') AS INTEGER);\n"
        "UPDATE players SET kept = 1 WHERE\n"
        "  token IN (SELECT m.owner FROM matches m JOIN hands h ON h.match_id = m.id)\n"
        "  OR token IN (SELECT r.owner FROM rubbers r JOIN android_hands a ON a.rubber_id = r.id);\n"
        "CREATE INDEX players_prune ON players (last_seen) WHERE kept = 0;\n"},
    /* 6: tables between two people (whist serve): each table's saved state with what the lobby and play
     * anyone look up (its game, options key, lobby entry, waiting flag, the seats' tokens, the statistics
     * rows of its match per seat); each match and rubber marked as played against a person, with the owner's
     * seat (the figures of its hands are from the owner's side); the players' Glicko-2 ratings per rule
     * family. Rubbers of two humans at one terminal were played against a person. */
    {6, "ALTER TABLE matches ADD COLUMN vs_person INTEGER NOT NULL DEFAULT 0;\n"
        "ALTER TABLE matches ADD COLUMN seat INTEGER NOT NULL DEFAULT 0;\n"
        "ALTER TABLE rubbers ADD COLUMN vs_person INTEGER NOT NULL DEFAULT 0;\n"
        "ALTER TABLE rubbers ADD COLUMN seat INTEGER NOT NULL DEFAULT 0;\n"
        "UPDATE rubbers SET vs_person = 1 WHERE opponent = 'human';\n"
        "CREATE TABLE tables (\n"
        "  id TEXT PRIMARY KEY,\n"
        "  state TEXT NOT NULL,\n"
        "  game TEXT NOT NULL,\n"
        "  match_key TEXT NOT NULL,\n"
        "  lobby TEXT NOT NULL,\n"
        "  waiting INTEGER NOT NULL DEFAULT 0,\n"
        "  seat0 TEXT NOT NULL DEFAULT '',\n"
        "  seat1 TEXT NOT NULL DEFAULT '',\n"
        "  stats0 INTEGER NOT NULL DEFAULT 0,\n"
        "  stats1 INTEGER NOT NULL DEFAULT 0,\n"
        "  created INTEGER NOT NULL,\n"
        "  updated INTEGER NOT NULL,\n"
        "  over INTEGER NOT NULL DEFAULT 0\n"
        ");\n"
        "CREATE INDEX tables_waiting ON tables (match_key, created) WHERE waiting = 1;\n"
        "CREATE TABLE ratings (\n"
        "  token TEXT NOT NULL,\n"
        "  family TEXT NOT NULL,\n"
        "  rating REAL NOT NULL,\n"
        "  rd REAL NOT NULL,\n"
        "  vol REAL NOT NULL,\n"
        "  games INTEGER NOT NULL,\n"
        "  PRIMARY KEY (token, family)\n"
        ");\n"},
};
_Static_assert(sizeof MIGRATIONS / sizeof MIGRATIONS[0] == GW_STORE_SCHEMA, "one migration per version");
_Static_assert(GW_STORE_APP_ID == 1196901442, "the application id in the first migration");

struct gw_store {
    sqlite3 *db;
    char path[4096];
    dev_t dev; /* the file opened (gw_store_check_file) */
    ino_t ino;
    bool full;     /* the last failure was SQLITE_FULL */
    bool batch;    /* a transaction of gw_store_begin is open */
    bool doomed;   /* ... and a write of it failed for the disk or memory: it will not be committed */
    int depth;     /* writes begun (store_begin_write) and not ended */
    unsigned kind; /* bit i: the write at depth i is a savepoint (else a transaction of its own) */
};

/* Fills err with what SQLite says went wrong while doing `what`. */
static gw_status db_error(sqlite3 *db, const char *what, gw_error *err) {
    return gw_error_set(err, GW_EIO, 0, 0, "%s: %s", what, sqlite3_errmsg(db));
}

/* db_error for s, which also keeps whether the disk was full. */
static gw_status sdb_error(gw_store *s, const char *what, gw_error *err) {
    s->full = (sqlite3_extended_errcode(s->db) & 0xFF) == SQLITE_FULL;
    return db_error(s->db, what, err);
}

/* Reads the first column of a one-row query as an int; SQLite's result code. */
static int query_int(sqlite3 *db, const char *sql, int *out) {
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK) return rc;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *out = sqlite3_column_int(st, 0);
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    return rc;
}

/* Why a database cannot be used, from the result code of reading it. */
static gw_status refuse(sqlite3 *db, const char *path, int rc, gw_error *err) {
    switch (rc & 0xFF) {
    case SQLITE_NOTADB:
        return gw_error_set(
            err, GW_EIO, 0, 0,
            "%s is not a whist database (not even an SQLite file); move it away to start afresh", path);
    case SQLITE_CORRUPT:
        return gw_error_set(err, GW_EIO, 0, 0, "%s is corrupt (%s); move it away to start afresh", path,
                            sqlite3_errmsg(db));
    case SQLITE_BUSY:
        return gw_error_set(err, GW_EIO, 0, 0, "%s is locked by another program: %s", path,
                            sqlite3_errmsg(db));
    case SQLITE_READONLY:
    case SQLITE_PERM:
    case SQLITE_CANTOPEN:
        return gw_error_set(err, GW_EIO, 0, 0, "cannot write %s: %s", path, sqlite3_errmsg(db));
    default: return gw_error_set(err, GW_EIO, 0, 0, "cannot use %s: %s", path, sqlite3_errmsg(db));
    }
}

/* Runs one migration step in its own transaction; another whist migrating at
 * the same time is waited for and its work not repeated. */
static gw_status migrate_step(sqlite3 *db, const char *path, const migration *m, gw_error *err) {
    int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    if (rc != SQLITE_OK) return refuse(db, path, rc, err);
    int version = 0;
    rc = query_int(db, "PRAGMA user_version", &version);
    if (rc == SQLITE_OK && version == m->to - 1) {
        char sql[64];
        snprintf(sql, sizeof sql, "PRAGMA user_version = %d", m->to);
        rc = sqlite3_exec(db, m->sql, NULL, NULL, NULL);
        if (rc == SQLITE_OK) rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
    }
    if (rc == SQLITE_OK) rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    if (rc == SQLITE_OK) return GW_OK;
    gw_error_set(err, GW_EIO, 0, 0, "cannot bring %s to schema version %d: %s", path, m->to,
                 sqlite3_errmsg(db));
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    return GW_EIO;
}

/* Checks that db is a whist database this build can use, and migrates it
 * from an older schema. Nothing is written before the checks pass. */
static gw_status check_and_migrate(sqlite3 *db, const char *path, gw_error *err) {
    int app = 0, version = 0, objects = 0;
    int rc = query_int(db, "PRAGMA application_id", &app);
    if (rc == SQLITE_OK) rc = query_int(db, "PRAGMA user_version", &version);
    if (rc == SQLITE_OK) rc = query_int(db, "SELECT count(*) FROM sqlite_master", &objects);
    if (rc != SQLITE_OK) return refuse(db, path, rc, err);
    bool fresh = app == 0 && version == 0 && objects == 0;
    if (!fresh && app != GW_STORE_APP_ID)
        return gw_error_set(err, GW_EIO, 0, 0,
                            "%s is not a whist database (it belongs to another program); "
                            "move it away to start afresh",
                            path);
    if (version < 0)
        return gw_error_set(err, GW_EIO, 0, 0, "%s is damaged (schema version %d)", path, version);
    if (version > GW_STORE_SCHEMA)
        return gw_error_set(err, GW_EIO, 0, 0,
                            "%s was written by a newer whist (schema version %d; this one knows up to %d)",
                            path, version, GW_STORE_SCHEMA);
    if (!fresh) {
        sqlite3_stmt *st;
        rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &st, NULL);
        if (rc == SQLITE_OK) rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            const char *res = (const char *)sqlite3_column_text(st, 0);
            if (res && strcmp(res, "ok") != 0) {
                gw_error_set(err, GW_EIO, 0, 0, "%s is corrupt (%s); move it away to start afresh", path,
                             res);
                sqlite3_finalize(st);
                return GW_EIO;
            }
            rc = SQLITE_OK;
        }
        sqlite3_finalize(st);
        if (rc != SQLITE_OK) return refuse(db, path, rc, err);
    }
    for (int i = version; i < GW_STORE_SCHEMA; i++) {
        gw_status st = migrate_step(db, path, &MIGRATIONS[i], err);
        if (st != GW_OK) return st;
    }
    /* Every column this build uses must be there. */
    static const char *const PROBES[] = {
        "SELECT id, started, variant, scoring, target, opponent, seed, winner, abandoned, score0, score1, "
        "owner, vs_person, seat FROM matches LIMIT 0",
        "SELECT id, match_id, number, played, record, tricks0, tricks1, winner, points, slam, assisted, "
        "score0, score1, points0, points1 FROM hands LIMIT 0",
        "SELECT id, started, opponent, seed, winner, abandoned, games0, games1, value0, value1, owner, "
        "vs_person, seat FROM rubbers LIMIT 0",
        "SELECT id, state, game, match_key, lobby, waiting, seat0, seat1, stats0, stats1, created, updated, "
        "over FROM tables LIMIT 0",
        "SELECT token, family, rating, rd, vol, games FROM ratings LIMIT 0",
        "SELECT token, issued, settings, last_seen, kept FROM players LIMIT 0",
        "SELECT token, game, saved, record, stats_id FROM web_games LIMIT 0",
        "SELECT id, rubber_id, number, played, record, tricks0, tricks1, winner, points, score0, score1, "
        "game_winner FROM android_hands LIMIT 0"};
    for (size_t i = 0; i < sizeof PROBES / sizeof PROBES[0]; i++) {
        sqlite3_stmt *st;
        rc = sqlite3_prepare_v2(db, PROBES[i], -1, &st, NULL);
        sqlite3_finalize(st);
        if (rc != SQLITE_OK)
            return gw_error_set(err, GW_EIO, 0, 0, "%s is damaged (%s); move it away to start afresh", path,
                                sqlite3_errmsg(db));
    }
    return GW_OK;
}

/* Checks that the database at path can be written before SQLite opens it
 * (SQLite would quietly open a write-protected file read-only). */
static gw_status check_writable(const char *path, gw_error *err) {
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    struct stat sb;
    if (stat(dir, &sb) != 0)
        return gw_error_set(err, GW_EIO, 0, 0, "cannot use %s: %s", dir, strerror(errno));
    if (!S_ISDIR(sb.st_mode)) return gw_error_set(err, GW_EIO, 0, 0, "%s is not a folder", dir);
    /* SQLite writes a journal next to the database. */
    if (access(dir, W_OK | X_OK) != 0)
        return gw_error_set(err, GW_EIO, 0, 0, "cannot write in %s: %s", dir, strerror(errno));
    if (stat(path, &sb) != 0) return GW_OK; /* SQLite creates it */
    if (!S_ISREG(sb.st_mode)) return gw_error_set(err, GW_EIO, 0, 0, "%s is not a regular file", path);
    if (access(path, R_OK | W_OK) != 0)
        return gw_error_set(err, GW_EIO, 0, 0, "cannot write %s: %s", path, strerror(errno));
    return GW_OK;
}

gw_status gw_store_path(char *out, size_t cap, gw_error *err) {
    return gw_xdg_path(GW_XDG_DATA, "whist.db", out, cap, err);
}

gw_status gw_store_open(const char *path, gw_store **out, gw_error *err) {
    *out = NULL;
    gw_store *s = calloc(1, sizeof *s);
    if (!s) return gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory opening the statistics");
    gw_status st = GW_OK;
    if (path) {
        if (strlen(path) >= sizeof s->path)
            st = gw_error_set(err, GW_EIO, 0, 0, "the database path is too long");
        else
            snprintf(s->path, sizeof s->path, "%s", path);
    } else {
        char dir[sizeof s->path - 16];
        st = gw_xdg_dir(GW_XDG_DATA, NULL, dir, sizeof dir, err);
        if (st == GW_OK) snprintf(s->path, sizeof s->path, "%s/whist.db", dir);
    }
    if (st == GW_OK) st = check_writable(s->path, err);
    if (st == GW_OK) {
        int rc = sqlite3_open_v2(s->path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
        if (rc != SQLITE_OK)
            st = s->db ? gw_error_set(err, GW_EIO, 0, 0, "cannot open %s: %s", s->path, sqlite3_errmsg(s->db))
                       : gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory opening %s", s->path);
    }
    if (st == GW_OK) {
        sqlite3_extended_result_codes(s->db, 1);
        sqlite3_busy_timeout(s->db, BUSY_TIMEOUT_MS);
        st = check_and_migrate(s->db, s->path, err);
    }
    if (st == GW_OK && sqlite3_exec(s->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) != SQLITE_OK)
        st = sdb_error(s, s->path, err);
    struct stat sb;
    if (st == GW_OK && stat(s->path, &sb) != 0)
        st = gw_error_set(err, GW_EIO, 0, 0, "cannot use %s: %s", s->path, strerror(errno));
    if (st == GW_OK) {
        s->dev = sb.st_dev;
        s->ino = sb.st_ino;
    }
    if (st != GW_OK) {
        gw_store_close(s);
        return st;
    }
    gw_error_clear(err);
    *out = s;
    return GW_OK;
}

void gw_store_close(gw_store *s) {
    if (!s) return;
    sqlite3_close(s->db);
    free(s);
}

sqlite3 *store_db(gw_store *s) { return s->db; }

gw_status store_db_error(gw_store *s, const char *what, gw_error *err) { return sdb_error(s, what, err); }

void store_bind_hand(sqlite3_stmt *st, int64_t game_id, int number, const char *played, const char *record,
                     const int tricks[2], int winner) {
    char now[24];
    store_local_now(now);
    sqlite3_bind_int64(st, 1, game_id);
    sqlite3_bind_int(st, 2, number);
    sqlite3_bind_text(st, 3, played ? played : now, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 4, record, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 5, tricks[0]);
    sqlite3_bind_int(st, 6, tricks[1]);
    sqlite3_bind_int(st, 7, winner);
}

gw_status store_hand_inserted(gw_store *s, int rc, const char *kind, int64_t game_id, int number,
                              gw_error *err) {
    if (rc == SQLITE_CONSTRAINT_UNIQUE) {
        char name[24];
        snprintf(name, sizeof name, "%lld", (long long)game_id);
        return gw_error_set(err, GW_ESTATE, 0, 0, "hand %d of %s %s is stored already", number, kind, name);
    }
    if (rc != SQLITE_DONE) return sdb_error(s, "cannot store the hand", err);
    return GW_OK;
}

void store_column_copy(sqlite3_stmt *st, int col, char *out, size_t cap) {
    const char *text = (const char *)sqlite3_column_text(st, col);
    snprintf(out, cap, "%s", text ? text : "");
}

char *store_column_dup(sqlite3_stmt *st, int col) {
    const char *text = (const char *)sqlite3_column_text(st, col);
    size_t len = text ? (size_t)sqlite3_column_bytes(st, col) : 0;
    char *out = malloc(len + 1);
    if (!out) return NULL;
    memcpy(out, text ? text : "", len);
    out[len] = '\0';
    return out;
}

const char *gw_store_file(const gw_store *s) { return s->path; }

void store_local_now(char out[24]) {
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(out, 24, "%Y-%m-%d %H:%M:%S", &tm);
    else
        snprintf(out, 24, "0000-00-00 00:00:00");
}

gw_status gw_store_begin_match(gw_store *s, const gw_store_match *m, int64_t *match_id, gw_error *err) {
    return gw_store_begin_owned_match(s, m, NULL, match_id, err);
}

gw_status gw_store_begin_owned_match(gw_store *s, const gw_store_match *m, const char *owner,
                                     int64_t *match_id, gw_error *err) {
    const gw_match_rules *r = &m->rules;
    if ((unsigned)r->variant > GW_SMALL || (unsigned)r->scoring >= GW_SCORINGS || r->target < GW_TARGET_MIN ||
        r->target > GW_TARGET_MAX)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the match rules are not valid");
    if (!m->opponent || !m->opponent[0])
        return gw_error_set(err, GW_EINVAL, 0, 0, "the opponent has no name");
    char now[24], seed[24];
    store_local_now(now);
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)m->seed);
    sqlite3_stmt *st;
    gw_status res = store_begin_write(s, "cannot store the match", err);
    if (res != GW_OK) return res;
    int rc =
        sqlite3_prepare_v2(s->db,
                           "INSERT INTO matches (started, variant, scoring, target, opponent, seed, owner, "
                           "vs_person, seat) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           -1, &st, NULL);
    if (rc != SQLITE_OK)
        return store_end_write(s, "cannot store the match", sdb_error(s, "cannot store the match", err), err);
    /* every text bound where it lies (no copy, so no allocation that could fail and leave a NULL: an owner
     * lost, the match counted as the terminal's) */
    sqlite3_bind_text(st, 1, m->started ? m->started : now, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, gw_variant_name(r->variant), -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, gw_scoring_name(r->scoring), -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 4, r->target);
    sqlite3_bind_text(st, 5, m->opponent, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, seed, -1, SQLITE_STATIC);
    if (owner) sqlite3_bind_text(st, 7, owner, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 8, m->vs_person ? 1 : 0);
    sqlite3_bind_int(st, 9, m->seat == 1 ? 1 : 0);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) res = sdb_error(s, "cannot store the match", err);
    int64_t id = sqlite3_last_insert_rowid(s->db);
    res = store_end_write(s, "cannot store the match", res, err);
    if (res == GW_OK) *match_id = id;
    return res;
}

gw_status store_game_open(gw_store *s, const char *table, const char *kind, int64_t id, gw_error *err) {
    char sql[96], what[48];
    snprintf(sql, sizeof sql, "SELECT winner IS NOT NULL, abandoned FROM %s WHERE id = ?", table);
    snprintf(what, sizeof what, "cannot read the %s", kind);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) return sdb_error(s, what, err);
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    gw_status res = GW_OK;
    char name[24];
    snprintf(name, sizeof name, "%lld", (long long)id);
    if (rc == SQLITE_DONE)
        res = gw_error_set(err, GW_EINVAL, 0, 0, "no %s %s", kind, name);
    else if (rc != SQLITE_ROW)
        res = sdb_error(s, what, err);
    else if (sqlite3_column_int(st, 0))
        res = gw_error_set(err, GW_ESTATE, 0, 0, "%s %s is over", kind, name);
    else if (sqlite3_column_int(st, 1))
        res = gw_error_set(err, GW_ESTATE, 0, 0, "%s %s was abandoned", kind, name);
    sqlite3_finalize(st);
    return res;
}

int store_step_done(sqlite3_stmt *st) {
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc;
}

gw_status store_begin_write(gw_store *s, const char *what, gw_error *err) {
    if (s->depth >= 16) return gw_error_set(err, GW_ESTATE, 0, 0, "%s: writes nested too deep", what);
    bool outer = sqlite3_get_autocommit(s->db);
    if (s->batch && (outer || s->doomed)) /* a write of the caller's transaction failed: keep no part of it */
        return gw_error_set(err, GW_EIO, 0, 0, "%s: an earlier write of the transaction failed", what);
    if (sqlite3_exec(s->db, outer ? "BEGIN IMMEDIATE" : "SAVEPOINT gw_write", NULL, NULL, NULL) !=
        SQLITE_OK) {
        if (s->batch) s->doomed = true;
        return sdb_error(s, what, err);
    }
    s->kind = outer ? s->kind & ~(1u << s->depth) : s->kind | (1u << s->depth);
    s->depth++;
    return GW_OK;
}

gw_status store_end_write(gw_store *s, const char *what, gw_status res, gw_error *err) {
    bool savepoint = s->depth > 0 && (s->kind >> (s->depth - 1) & 1u);
    if (s->depth > 0) s->depth--;
    if (savepoint) {
        if (res == GW_OK && sqlite3_exec(s->db, "RELEASE gw_write", NULL, NULL, NULL) != SQLITE_OK)
            res = sdb_error(s, what, err);
        if (res != GW_OK) {
            if (res == GW_EIO || res == GW_ENOMEM)
                s->doomed = true; /* (not a refusal: GW_ESTATE, GW_EINVAL) */
            /* undoes this write's part (nothing to undo if SQLite rolled the whole transaction back) */
            if (!sqlite3_get_autocommit(s->db)) {
                sqlite3_exec(s->db, "ROLLBACK TO gw_write", NULL, NULL, NULL);
                sqlite3_exec(s->db, "RELEASE gw_write", NULL, NULL, NULL);
            }
            return res;
        }
        gw_error_clear(err);
        return GW_OK;
    }
    if (res == GW_OK && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        res = sdb_error(s, what, err);
    if (res != GW_OK) {
        if (!sqlite3_get_autocommit(s->db)) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return res;
    }
    gw_error_clear(err);
    return GW_OK;
}

gw_status gw_store_begin(gw_store *s, gw_error *err) {
    if (s->batch || !sqlite3_get_autocommit(s->db))
        return gw_error_set(err, GW_ESTATE, 0, 0, "a transaction is open already");
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return sdb_error(s, "cannot begin a transaction", err);
    s->batch = true;
    s->doomed = false;
    gw_error_clear(err);
    return GW_OK;
}

gw_status gw_store_commit(gw_store *s, gw_error *err) {
    if (!s->batch) return gw_error_set(err, GW_ESTATE, 0, 0, "no transaction is open");
    s->batch = false;
    if (sqlite3_get_autocommit(s->db) || s->doomed) {
        if (!sqlite3_get_autocommit(s->db)) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return gw_error_set(err, GW_EIO, 0, 0, "cannot save: a write of the transaction failed");
    }
    if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        gw_status st = sdb_error(s, "cannot save", err);
        if (!sqlite3_get_autocommit(s->db)) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return st;
    }
    gw_error_clear(err);
    return GW_OK;
}

void gw_store_rollback(gw_store *s) {
    if (!s->batch) return;
    s->batch = false;
    if (!sqlite3_get_autocommit(s->db)) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

bool gw_store_in_batch(const gw_store *s) { return s->batch; }

bool gw_store_disk_full(const gw_store *s) { return s->full; }

gw_status gw_store_check_file(gw_store *s, gw_error *err) {
    struct stat sb;
    if (stat(s->path, &sb) != 0)
        return gw_error_set(err, GW_EIO, 0, 0, "the database %s is gone (%s): it was deleted or moved",
                            s->path, strerror(errno));
    if (sb.st_dev != s->dev || sb.st_ino != s->ino)
        return gw_error_set(err, GW_EIO, 0, 0, "the database %s was replaced by another file", s->path);
    gw_error_clear(err);
    return GW_OK;
}

/* The writes of gw_store_add_hand, inside its transaction. */
static gw_status insert_hand(gw_store *s, const gw_store_hand *h, gw_error *err) {
    gw_status res = store_game_open(s, "matches", "match", h->match_id, err);
    if (res != GW_OK) return res;
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(
            s->db,
            "INSERT INTO hands (id, match_id, number, played, record, tricks0, tricks1, winner, "
            "points, slam, assisted, score0, score1, points0, points1) VALUES (" GW_STORE_NEXT_HAND_ID
            ", ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            -1, &st, NULL) != SQLITE_OK)
        return sdb_error(s, "cannot store the hand", err);
    store_bind_hand(st, h->match_id, h->number, h->played, h->record, h->tricks, h->winner);
    sqlite3_bind_int(st, 8, h->winner >= 0 ? h->points[h->winner] : 0);
    sqlite3_bind_int(st, 9, h->slam);
    sqlite3_bind_int(st, 10, h->assisted);
    sqlite3_bind_int(st, 11, h->score[0]);
    sqlite3_bind_int(st, 12, h->score[1]);
    sqlite3_bind_int(st, 13, h->points[0]);
    sqlite3_bind_int(st, 14, h->points[1]);
    res = store_hand_inserted(s, store_step_done(st), "match", h->match_id, h->number, err);
    if (res != GW_OK) return res;
    if (sqlite3_prepare_v2(s->db,
                           "UPDATE matches SET score0 = ?, score1 = ?, "
                           "winner = CASE WHEN ? >= 0 THEN ? ELSE NULL END WHERE id = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return sdb_error(s, "cannot store the match score", err);
    sqlite3_bind_int(st, 1, h->score[0]);
    sqlite3_bind_int(st, 2, h->score[1]);
    sqlite3_bind_int(st, 3, h->match_winner);
    sqlite3_bind_int(st, 4, h->match_winner);
    sqlite3_bind_int64(st, 5, h->match_id);
    if (store_step_done(st) != SQLITE_DONE) return sdb_error(s, "cannot store the match score", err);
    return store_keep_owner(s, "matches", h->match_id, err);
}

gw_status gw_store_add_hand(gw_store *s, const gw_store_hand *h, int64_t *hand_id, gw_error *err) {
    if (!h->record || !h->record[0]) return gw_error_set(err, GW_EINVAL, 0, 0, "the hand has no record");
    if (h->number < 1 || h->winner < -1 || h->winner > 1 || h->match_winner < -1 || h->match_winner > 1 ||
        h->tricks[0] < 0 || h->tricks[1] < 0 || h->points[0] < 0 || h->points[1] < 0)
        return gw_error_set(err, GW_EINVAL, 0, 0, "the hand's figures are not valid");
    gw_status res = store_begin_write(s, "cannot store the hand", err);
    if (res != GW_OK) return res;
    res = insert_hand(s, h, err);
    int64_t id = sqlite3_last_insert_rowid(s->db);
    res = store_end_write(s, "cannot store the hand", res, err);
    if (res == GW_OK && hand_id) *hand_id = id;
    return res;
}

gw_status store_abandon_game(gw_store *s, const char *table, const char *kind, int64_t id, gw_error *err) {
    char what[48], sql[64];
    snprintf(what, sizeof what, "cannot abandon the %s", kind);
    snprintf(sql, sizeof sql, "UPDATE %s SET abandoned = 1 WHERE id = ?", table);
    gw_status res = store_begin_write(s, what, err);
    if (res != GW_OK) return res;
    res = store_game_open(s, table, kind, id, err);
    sqlite3_stmt *st;
    if (res == GW_OK && sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
        res = sdb_error(s, what, err);
    if (res == GW_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (store_step_done(st) != SQLITE_DONE) res = sdb_error(s, what, err);
    }
    return store_end_write(s, what, res, err);
}

gw_status gw_store_abandon_match(gw_store *s, int64_t match_id, gw_error *err) {
    return store_abandon_game(s, "matches", "match", match_id, err);
}

void store_bind_owner(sqlite3_stmt *st, int i, const char *owner) {
    if (owner)
        sqlite3_bind_text(st, i, owner, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(st, i);
}

gw_status store_keep_owner(gw_store *s, const char *table, int64_t id, gw_error *err) {
    char sql[128];
    snprintf(sql, sizeof sql,
             "UPDATE players SET kept = 1 WHERE kept = 0 AND token = (SELECT owner FROM %s WHERE id = ?)",
             table);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
        return sdb_error(s, "cannot keep the player", err);
    sqlite3_bind_int64(st, 1, id);
    if (store_step_done(st) != SQLITE_DONE) return sdb_error(s, "cannot keep the player", err);
    return GW_OK;
}
