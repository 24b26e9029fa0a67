/* stats.c: the player's German Whist statistics per set of rules and opponent level, computed from the stored
 * hands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw/levels.h"
#include "store_internal.h"

/* What keys a row: the rules of its matches and the opponent. */
typedef struct key {
    char variant[16], scoring[16], opponent[16];
    int target;
} key;

/* Reads a row's key from columns col.. of st: variant, scoring, target, opponent. */
static key key_of(sqlite3_stmt *st, int col) {
    key k;
    store_column_copy(st, col, k.variant, sizeof k.variant);
    store_column_copy(st, col + 1, k.scoring, sizeof k.scoring);
    k.target = sqlite3_column_int(st, col + 2);
    store_column_copy(st, col + 3, k.opponent, sizeof k.opponent);
    return k;
}

static bool same_key(const gw_stats *r, const key *k) {
    return strcmp(r->variant, k->variant) == 0 && strcmp(r->scoring, k->scoring) == 0 &&
           r->target == k->target && strcmp(r->opponent, k->opponent) == 0;
}

void *gw_store_rows_add(gw_store_rows *t) {
    if (t->count == t->cap) {
        int cap = t->cap ? 2 * t->cap : 8;
        void *p = realloc(t->rows, (size_t)(cap + 1) * t->size); /* + 1: the total row at the end */
        if (!p) return NULL;
        t->rows = p;
        t->cap = cap;
    }
    unsigned char *r = (unsigned char *)t->rows + (size_t)t->count++ * t->size;
    memset(r, 0, t->size);
    return r;
}

gw_status gw_store_read_stats(gw_store *s, const char *what, gw_store_rows *t,
                              int (*read)(sqlite3 *db, gw_store_rows *t, bool *oom),
                              int (*compare)(const void *, const void *), gw_error *err) {
    sqlite3 *db = store_db(s);
    bool oom = false;
    /* a read transaction of its own, unless the caller has one open (gw_store_begin) */
    bool own = sqlite3_get_autocommit(db);
    int rc = own ? sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) : SQLITE_OK;
    if (rc == SQLITE_OK) rc = read(db, t, &oom);
    gw_status res = GW_OK;
    if (rc != SQLITE_OK) {
        char why[64];
        snprintf(why, sizeof why, "cannot read %s", what);
        res = store_db_error(s, why, err);
    }
    if (own) sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    if (res == GW_OK && !oom && !t->rows) { /* no hands: room for the total row alone */
        t->rows = malloc(t->size);
        oom = !t->rows;
    }
    if (res == GW_OK && oom) res = gw_error_set(err, GW_ENOMEM, 0, 0, "out of memory reading %s", what);
    if (res != GW_OK) {
        free(t->rows);
        t->rows = NULL;
        return res;
    }
    qsort(t->rows, (size_t)t->count, t->size, compare);
    memcpy((unsigned char *)t->rows + (size_t)t->count * t->size, t->total, t->size);
    gw_error_clear(err);
    return GW_OK;
}

/* The row of key k, made if missing; NULL without memory. */
static gw_stats *row_of(gw_store_rows *t, const key *k) {
    gw_stats *rows = t->rows;
    for (int i = 0; i < t->count; i++)
        if (same_key(&rows[i], k)) return &rows[i];
    gw_stats *r = gw_store_rows_add(t);
    if (!r) return NULL;
    memcpy(r->variant, k->variant, sizeof r->variant);
    memcpy(r->scoring, k->scoring, sizeof r->scoring);
    memcpy(r->opponent, k->opponent, sizeof r->opponent);
    r->target = k->target;
    return r;
}

/* Counts one hand, taken in the order they were played. */
static void count_hand(gw_stats *r, int winner, bool slam, bool assisted) {
    r->hands++;
    if (winner == 0) {
        r->hands_won++;
        r->slams += slam;
        r->current_streak++;
        if (r->current_streak > r->longest_streak) r->longest_streak = r->current_streak;
    } else {
        r->current_streak = 0;
    }
    r->assisted += assisted;
}

/* The place of a level name in the order random, easy, hard, expert, oracle;
 * names whist does not know come after. */
static int level_rank(const char *name) {
    gw_ai_level level;
    return gw_ai_level_parse(name, &level) ? (int)level : GW_AI_LEVELS;
}

/* The place of a scoring rule's name in gw_scoring order; unknown names after. */
static int scoring_rank(const char *name) {
    gw_scoring sc;
    return gw_scoring_parse(name, &sc) ? (int)sc : 1000;
}

static int compare_rows(const void *a, const void *b) {
    const gw_stats *x = a, *y = b;
    int c = strcmp(x->variant, y->variant);
    if (c) return c;
    int sx = scoring_rank(x->scoring), sy = scoring_rank(y->scoring);
    if (sx != sy) return sx < sy ? -1 : 1;
    if ((c = strcmp(x->scoring, y->scoring)) != 0) return c;
    if (x->target != y->target) return x->target < y->target ? -1 : 1;
    int rx = level_rank(x->opponent), ry = level_rank(y->opponent);
    if (rx != ry) return rx < ry ? -1 : 1;
    return strcmp(x->opponent, y->opponent);
}

/* Reads every hand, oldest first, into t; SQLite's result code. */
static int read_hands(sqlite3 *db, gw_store_rows *t, bool *oom) {
    sqlite3_stmt *st;
    int rc =
        sqlite3_prepare_v2(db,
                           "SELECT m.variant, m.scoring, m.target, m.opponent, h.winner, h.slam, h.assisted "
                           "FROM hands h JOIN matches m ON m.id = h.match_id "
                           "WHERE ?1 IS NULL OR m.owner = ?1 ORDER BY h.id",
                           -1, &st, NULL);
    if (rc != SQLITE_OK) return rc;
    store_bind_owner(st, 1, t->owner);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        key k = key_of(st, 0);
        gw_stats *r = row_of(t, &k);
        if (!r) {
            *oom = true;
            break;
        }
        int winner = sqlite3_column_int(st, 4);
        bool slam = sqlite3_column_int(st, 5) != 0, assisted = sqlite3_column_int(st, 6) != 0;
        count_hand(r, winner, slam, assisted);
        count_hand(t->total, winner, slam, assisted);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE || *oom ? SQLITE_OK : rc;
}

/* Adds the finished matches (won or lost, not abandoned) to the rows. */
static int read_matches(sqlite3 *db, gw_store_rows *t) {
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db,
                                "SELECT variant, scoring, target, opponent, winner FROM matches "
                                "WHERE winner IS NOT NULL AND abandoned = 0 AND (?1 IS NULL OR owner = ?1)",
                                -1, &st, NULL);
    if (rc != SQLITE_OK) return rc;
    store_bind_owner(st, 1, t->owner);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        key k = key_of(st, 0);
        bool won = sqlite3_column_int(st, 4) == 0;
        gw_stats *rows = t->rows, *total = t->total;
        for (int i = 0; i < t->count; i++) {
            gw_stats *r = &rows[i];
            if (!same_key(r, &k)) continue;
            r->matches++;
            r->matches_won += won;
        }
        total->matches++;
        total->matches_won += won;
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* The hands, then the finished matches. */
static int read_all(sqlite3 *db, gw_store_rows *t, bool *oom) {
    int rc = read_hands(db, t, oom);
    return rc == SQLITE_OK && !*oom ? read_matches(db, t) : rc;
}

gw_status gw_store_stats(gw_store *s, gw_stats **rows, int *count, gw_error *err) {
    return gw_store_owned_stats(s, NULL, rows, count, err);
}

gw_status gw_store_owned_stats(gw_store *s, const char *owner, gw_stats **rows, int *count, gw_error *err) {
    *rows = NULL;
    *count = 0;
    gw_stats total = {0};
    strcpy(total.variant, "all");
    strcpy(total.opponent, "all");
    strcpy(total.scoring, "all");
    gw_store_rows t = {NULL, 0, 0, sizeof total, &total, owner};
    gw_status res = gw_store_read_stats(s, "the statistics", &t, read_all, compare_rows, err);
    if (res != GW_OK) return res;
    *rows = t.rows;
    *count = t.count + 1;
    return GW_OK;
}
