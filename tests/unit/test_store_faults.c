/* test_store_faults.c: failures injected into the store as SQLite's own tests inject them: a test VFS
 * (wrapping the default one, registered as the default) whose writes fail with SQLITE_FULL,
 * SQLITE_IOERR_WRITE or SQLITE_READONLY at every write in turn (once, or from then on), and allocations that
 * fail in turn (sqlite3_config's malloc hooks). Each run plays what whist serve and the terminal game ask of
 * the store (a player, its settings, transactions of statistics and saved games, visits, pruning, a terminal
 * match) on a copy of one database, closes it, and opens it again without faults: it must open (not corrupt),
 * every call that returned GW_OK must have left its mark, and every transaction must be there whole or not at
 * all. */
#define _XOPEN_SOURCE 700
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gw_test.h"
#include "gw_tmp.h"

#include "gw/store.h"

GW_TMP_FIXTURES("store_faults")

/* ---- the faulty VFS ------------------------------------------------------------------------------------ */

static sqlite3_vfs *real_vfs;
static sqlite3_vfs faulty_vfs;

static struct {
    long count;    /* writes so far (xWrite, xTruncate) */
    long fail_at;  /* the write that fails (1-based); 0: none */
    bool persist;  /* every write from fail_at on fails (a full disk stays full) */
    int rc;        /* what a failing write returns */
    long failures; /* writes failed */
} W;

typedef struct faulty_file {
    sqlite3_file base;
    sqlite3_file *real; /* right after this struct */
} faulty_file;

static sqlite3_file *real_of(sqlite3_file *f) { return ((faulty_file *)f)->real; }

static bool write_fails(void) {
    W.count++;
    bool fail = W.fail_at > 0 && (W.count == W.fail_at || (W.persist && W.count > W.fail_at));
    W.failures += fail;
    return fail;
}

static int f_close(sqlite3_file *f) { return real_of(f)->pMethods->xClose(real_of(f)); }
static int f_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 at) {
    return real_of(f)->pMethods->xRead(real_of(f), buf, n, at);
}
static int f_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 at) {
    if (write_fails()) return W.rc;
    return real_of(f)->pMethods->xWrite(real_of(f), buf, n, at);
}
static int f_truncate(sqlite3_file *f, sqlite3_int64 size) {
    if (write_fails()) return W.rc == SQLITE_IOERR_WRITE ? SQLITE_IOERR_TRUNCATE : W.rc;
    return real_of(f)->pMethods->xTruncate(real_of(f), size);
}
/* The process closes and opens the file again, the machine does not crash: nothing needs the disk itself
 * (and syncing would make the thousands of runs slow). */
static int f_sync(sqlite3_file *f, int flags) {
    (void)f, (void)flags;
    return SQLITE_OK;
}
static int f_size(sqlite3_file *f, sqlite3_int64 *size) {
    return real_of(f)->pMethods->xFileSize(real_of(f), size);
}
static int f_lock(sqlite3_file *f, int l) { return real_of(f)->pMethods->xLock(real_of(f), l); }
static int f_unlock(sqlite3_file *f, int l) { return real_of(f)->pMethods->xUnlock(real_of(f), l); }
static int f_reserved(sqlite3_file *f, int *out) {
    return real_of(f)->pMethods->xCheckReservedLock(real_of(f), out);
}
static int f_control(sqlite3_file *f, int op, void *arg) {
    return real_of(f)->pMethods->xFileControl(real_of(f), op, arg);
}
static int f_sector(sqlite3_file *f) { return real_of(f)->pMethods->xSectorSize(real_of(f)); }
static int f_device(sqlite3_file *f) { return real_of(f)->pMethods->xDeviceCharacteristics(real_of(f)); }
static int f_shm_map(sqlite3_file *f, int pg, int sz, int extend, void volatile **out) {
    return real_of(f)->pMethods->xShmMap(real_of(f), pg, sz, extend, out);
}
static int f_shm_lock(sqlite3_file *f, int off, int n, int flags) {
    return real_of(f)->pMethods->xShmLock(real_of(f), off, n, flags);
}
static void f_shm_barrier(sqlite3_file *f) { real_of(f)->pMethods->xShmBarrier(real_of(f)); }
static int f_shm_unmap(sqlite3_file *f, int del) { return real_of(f)->pMethods->xShmUnmap(real_of(f), del); }
static int f_fetch(sqlite3_file *f, sqlite3_int64 at, int n, void **out) {
    return real_of(f)->pMethods->xFetch(real_of(f), at, n, out);
}
static int f_unfetch(sqlite3_file *f, sqlite3_int64 at, void *p) {
    return real_of(f)->pMethods->xUnfetch(real_of(f), at, p);
}

static const sqlite3_io_methods FAULTY_IO = {
    3,          f_close,       f_read,      f_write,   f_truncate, f_sync,   f_size,
    f_lock,     f_unlock,      f_reserved,  f_control, f_sector,   f_device, f_shm_map,
    f_shm_lock, f_shm_barrier, f_shm_unmap, f_fetch,   f_unfetch};

static int f_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out_flags) {
    (void)vfs;
    faulty_file *p = (faulty_file *)f;
    p->real = (sqlite3_file *)(p + 1);
    p->base.pMethods = NULL;
    int rc = real_vfs->xOpen(real_vfs, name, p->real, flags, out_flags);
    if (rc == SQLITE_OK && p->real->pMethods) p->base.pMethods = &FAULTY_IO;
    return rc;
}
static int f_delete(sqlite3_vfs *v, const char *name, int sync) {
    (void)v;
    return real_vfs->xDelete(real_vfs, name, sync);
}
static int f_access(sqlite3_vfs *v, const char *name, int flags, int *out) {
    (void)v;
    return real_vfs->xAccess(real_vfs, name, flags, out);
}
static int f_full(sqlite3_vfs *v, const char *name, int n, char *out) {
    (void)v;
    return real_vfs->xFullPathname(real_vfs, name, n, out);
}
static void *f_dlopen(sqlite3_vfs *v, const char *name) {
    (void)v;
    return real_vfs->xDlOpen(real_vfs, name);
}
static void f_dlerror(sqlite3_vfs *v, int n, char *out) {
    (void)v;
    real_vfs->xDlError(real_vfs, n, out);
}
static void (*f_dlsym(sqlite3_vfs *v, void *h, const char *sym))(void) {
    (void)v;
    return real_vfs->xDlSym(real_vfs, h, sym);
}
static void f_dlclose(sqlite3_vfs *v, void *h) {
    (void)v;
    real_vfs->xDlClose(real_vfs, h);
}
static int f_random(sqlite3_vfs *v, int n, char *out) {
    (void)v;
    return real_vfs->xRandomness(real_vfs, n, out);
}
static int f_sleep(sqlite3_vfs *v, int us) {
    (void)v;
    return real_vfs->xSleep(real_vfs, us);
}
static int f_time(sqlite3_vfs *v, double *out) {
    (void)v;
    return real_vfs->xCurrentTime(real_vfs, out);
}
static int f_last_error(sqlite3_vfs *v, int n, char *out) {
    (void)v;
    return real_vfs->xGetLastError(real_vfs, n, out);
}
static int f_time64(sqlite3_vfs *v, sqlite3_int64 *out) {
    (void)v;
    return real_vfs->xCurrentTimeInt64(real_vfs, out);
}

/* ---- failing allocations ------------------------------------------------------------------------------- */

static sqlite3_mem_methods real_mem;

static struct {
    long count, fail_at, failures;
    long opened; /* allocations when the store was open */
    bool persist;
} M;

static bool alloc_fails(void) {
    M.count++;
    bool fail = M.fail_at > 0 && (M.count == M.fail_at || (M.persist && M.count > M.fail_at));
    M.failures += fail;
    return fail;
}
static void *m_malloc(int n) { return alloc_fails() ? NULL : real_mem.xMalloc(n); }
static void m_free(void *p) { real_mem.xFree(p); }
static void *m_realloc(void *p, int n) { return alloc_fails() ? NULL : real_mem.xRealloc(p, n); }
static int m_size(void *p) { return real_mem.xSize(p); }
static int m_roundup(int n) { return real_mem.xRoundup(n); }
static int m_init(void *arg) { return real_mem.xInit(arg); }
static void m_shutdown(void *arg) { real_mem.xShutdown(arg); }

/* SQLite with the faulty VFS as its default and the counting allocator. */
static int group_setup(void **state) {
    (void)state;
    if (sqlite3_shutdown() != SQLITE_OK) return -1;
    if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &real_mem) != SQLITE_OK) return -1;
    static sqlite3_mem_methods mem;
    mem = real_mem;
    mem.xMalloc = m_malloc;
    mem.xFree = m_free;
    mem.xRealloc = m_realloc;
    mem.xSize = m_size;
    mem.xRoundup = m_roundup;
    mem.xInit = m_init;
    mem.xShutdown = m_shutdown;
    if (sqlite3_config(SQLITE_CONFIG_MALLOC, &mem) != SQLITE_OK) return -1;
    if (sqlite3_initialize() != SQLITE_OK) return -1;
    real_vfs = sqlite3_vfs_find(NULL);
    if (!real_vfs) return -1;
    faulty_vfs = *real_vfs;
    faulty_vfs.iVersion = 2;
    faulty_vfs.szOsFile = (int)sizeof(faulty_file) + real_vfs->szOsFile;
    faulty_vfs.zName = "gw-faulty";
    faulty_vfs.pNext = NULL;
    faulty_vfs.xOpen = f_open;
    faulty_vfs.xDelete = f_delete;
    faulty_vfs.xAccess = f_access;
    faulty_vfs.xFullPathname = f_full;
    faulty_vfs.xDlOpen = f_dlopen;
    faulty_vfs.xDlError = f_dlerror;
    faulty_vfs.xDlSym = f_dlsym;
    faulty_vfs.xDlClose = f_dlclose;
    faulty_vfs.xRandomness = f_random;
    faulty_vfs.xSleep = f_sleep;
    faulty_vfs.xCurrentTime = f_time;
    faulty_vfs.xGetLastError = f_last_error;
    faulty_vfs.xCurrentTimeInt64 = f_time64;
    return sqlite3_vfs_register(&faulty_vfs, 1) == SQLITE_OK ? 0 : -1;
}

static int group_teardown(void **state) {
    (void)state;
    sqlite3_vfs_unregister(&faulty_vfs);
    sqlite3_shutdown();
    sqlite3_config(SQLITE_CONFIG_MALLOC, &real_mem);
    return sqlite3_initialize() == SQLITE_OK ? 0 : -1;
}

/* ---- what the store is asked ------------------------------------------------------------------------- */

static const char *const A = "0123456789abcdef0123456789abcdef", *const B =
                                                                     "ffffffffffffffffffffffffffffffff";

/* Which calls returned GW_OK (acknowledged), and the ids they gave. */
typedef struct acked {
    bool player_a, settings, batch1, batch2, touch, player_b, touch_b, prune, batch3, batch4, terminal,
        batch5;
    int pruned;
    int64_t match, rubber, terminal_match;
} acked;

static gw_status save(gw_store *s, const char *token, gw_game_kind game, int64_t stats_id, const char *record,
                      gw_error *err) {
    gw_store_web_game g = {.game = game, .stats_id = stats_id, .record = (char *)record};
    snprintf(g.token, sizeof g.token, "%s", token);
    return gw_store_save_web_game(s, &g, err);
}

static gw_store_hand hand_of(int64_t match, int number) {
    gw_store_hand h = {.match_id = match,
                       .number = number,
                       .record = "[Game \"German Whist\"]",
                       .tricks = {7, 6},
                       .winner = 0,
                       .points = {1, 0},
                       .score = {number, 0},
                       .match_winner = -1};
    return h;
}

/* A transaction of whist serve's turn: batch_begin(s) && batch_end(s, the writes (each true on GW_OK)):
 * committed if every write was, else rolled back. Whether it was committed. */
static bool batch_begin(gw_store *s) {
    gw_error err;
    return gw_store_begin(s, &err) == GW_OK;
}

static bool batch_end(gw_store *s, bool writes_ok) {
    gw_error err;
    if (writes_ok) return gw_store_commit(s, &err) == GW_OK;
    gw_store_rollback(s);
    return false;
}

/* The calls, on the store at path; what was acknowledged. */
static void scenario(const char *path, bool wal, acked *k) {
    memset(k, 0, sizeof *k);
    gw_store *s;
    gw_error err;
    if (gw_store_open(path, &s, &err) != GW_OK) return;
    if (wal) (void)gw_store_fast_commits(s, &err);
    M.opened = M.count;
    k->player_a = gw_store_add_player(s, A, &err) == GW_OK;
    k->settings = gw_store_save_settings(s, A, "settings 1", &err) == GW_OK;
    /* a match at its first hand scored, with the saved game */
    gw_store_match m = {{GW_CLASSIC, GW_LAST13, 10}, "hard", 7, NULL, false, 0};
    int64_t id = 0;
    gw_store_hand h1 = hand_of(0, 1);
    k->batch1 = batch_begin(s) &&
                batch_end(s, gw_store_begin_owned_match(s, &m, A, &id, &err) == GW_OK &&
                                 (h1.match_id = id, gw_store_add_hand(s, &h1, NULL, &err) == GW_OK) &&
                                 save(s, A, GW_GAME_GERMAN, id, "rec1", &err) == GW_OK);
    if (k->batch1) k->match = id;
    /* a rubber beside it */
    gw_store_rubber r = {"easy", 3, NULL, false, 0};
    int64_t rid = 0;
    gw_store_android_hand ah = {.number = 1,
                                .record = "[Game \"Android Whist\"]",
                                .tricks = {9, 4},
                                .winner = 0,
                                .points = 3,
                                .score = {3, 0},
                                .game_winner = -1,
                                .rubber_winner = -1};
    k->batch2 =
        batch_begin(s) &&
        batch_end(s, save(s, A, GW_GAME_ANDROID, 0, "rub1", &err) == GW_OK &&
                         gw_store_begin_owned_rubber(s, &r, A, &rid, &err) == GW_OK &&
                         (ah.rubber_id = rid, gw_store_add_android_hand(s, &ah, NULL, &err) == GW_OK));
    if (k->batch2) k->rubber = rid;
    k->touch = gw_store_touch_player(s, A, 5000, &err) == GW_OK;
    k->player_b = gw_store_add_player(s, B, &err) == GW_OK;
    k->touch_b = k->player_b && gw_store_touch_player(s, B, 100, &err) == GW_OK;
    k->prune = gw_store_prune_players(s, 1000, 10, NULL, NULL, &k->pruned, &err) == GW_OK;
    /* the match's second hand and its game saved again */
    gw_store_hand h2 = hand_of(k->match, 2);
    k->batch3 = k->batch1 && batch_begin(s) &&
                batch_end(s, save(s, A, GW_GAME_GERMAN, k->match, "rec2", &err) == GW_OK &&
                                 gw_store_add_hand(s, &h2, NULL, &err) == GW_OK);
    /* the rubber abandoned, its game deleted */
    k->batch4 = k->batch2 && batch_begin(s) &&
                batch_end(s, gw_store_delete_web_game(s, A, GW_GAME_ANDROID, &err) == GW_OK &&
                                 gw_store_abandon_rubber(s, k->rubber, &err) == GW_OK);
    /* the terminal's match: a write of its own each */
    int64_t tid = 0;
    gw_store_hand th = hand_of(0, 1);
    gw_store_match tm = {{GW_SMALL, GW_EVERY, 5}, "easy", 9, NULL, false, 0};
    k->terminal = gw_store_begin_match(s, &tm, &tid, &err) == GW_OK &&
                  (th.match_id = tid, gw_store_add_hand(s, &th, NULL, &err) == GW_OK);
    if (k->terminal) k->terminal_match = tid;
    /* a careless caller: a transaction committed although a write of it failed must keep nothing */
    if (k->player_a && k->batch4 && batch_begin(s)) { /* (the Android slot is free) */
        bool w1 = save(s, A, GW_GAME_ANDROID, 0, "rub2", &err) == GW_OK;
        bool w2 = gw_store_save_settings(s, A, "settings 2", &err) == GW_OK;
        k->batch5 = gw_store_commit(s, &err) == GW_OK;
        if (k->batch5 && !(w1 && w2)) fail_msg("a transaction with a failed write was committed");
    }
    gw_store_close(s);
}

/* The one integer sql reads from db (-1: no row). */
static int64_t one(sqlite3 *db, const char *sql, const char *text) {
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    if (text) sqlite3_bind_text(st, 1, text, -1, SQLITE_STATIC);
    int64_t v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    sqlite3_finalize(st);
    return v;
}

/* The text sql reads from db, into out ("" for no row). */
static void text(sqlite3 *db, const char *sql, char *out, size_t cap) {
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    out[0] = '\0';
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
        snprintf(out, cap, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
}

/* After the run (no faults now): the database is sound, everything acknowledged is there, every transaction
 * whole. */
static void check(const char *path, const acked *k, const char *run) {
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char buf[64];
    /* what gw_store_open checks (test_store: a damaged file is refused), without a second opening per run */
    text(db, "PRAGMA quick_check", buf, sizeof buf);
    if (strcmp(buf, "ok") != 0) fail_msg("%s: the database is damaged: %s", run, buf);
    if (one(db, "PRAGMA user_version", NULL) != GW_STORE_SCHEMA)
        fail_msg("%s: not a database of this schema", run);
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL); /* one read: the checks below lock the file once */
#define EXPECT(cond, what)                                                                                   \
    do {                                                                                                     \
        if (!(cond)) fail_msg("%s: %s", run, what);                                                          \
    } while (0)
    if (k->player_a)
        EXPECT(one(db, "SELECT count(*) FROM players WHERE token = ?1", A) == 1, "player A lost");
    text(db, "SELECT settings FROM players WHERE token = '0123456789abcdef0123456789abcdef'", buf,
         sizeof buf);
    bool settings2 = strcmp(buf, "settings 2") == 0;
    if (k->settings) EXPECT(strcmp(buf, "settings 1") == 0 || settings2, "A's settings lost");
    if (k->batch5) EXPECT(settings2, "the last transaction's settings lost");
    EXPECT(settings2 == (one(db, "SELECT count(*) FROM web_games WHERE record = 'rub2'", NULL) == 1),
           "the settings without the saved game of their transaction, or the reverse (half a transaction)");
    /* batch 1 and 3: the match's hands and the German game go together */
    text(db,
         "SELECT record FROM web_games WHERE token = '0123456789abcdef0123456789abcdef' AND game = 'german'",
         buf, sizeof buf);
    int64_t hands =
        one(db, "SELECT count(*) FROM hands h JOIN matches m ON m.id = h.match_id WHERE m.owner = ?1", A);
    int64_t matches = one(db, "SELECT count(*) FROM matches WHERE owner = ?1", A);
    if (k->batch1) EXPECT(buf[0] && matches == 1 && hands >= 1, "the first transaction of the match lost");
    if (k->batch3) EXPECT(strcmp(buf, "rec2") == 0 && hands == 2, "the second transaction of the match lost");
    EXPECT(matches == (buf[0] != 0), "a match without its saved game, or the reverse (half a transaction)");
    EXPECT((strcmp(buf, "rec2") == 0) == (hands == 2),
           "the second hand without its saved game (half a transaction)");
    EXPECT(matches == 0 || hands >= 1, "a match stored without its first hand (half a transaction)");
    EXPECT(one(db,
               "SELECT count(*) FROM web_games WHERE game = 'german' AND stats_id IS NOT "
               "(SELECT id FROM matches WHERE owner = '0123456789abcdef0123456789abcdef')",
               NULL) == 0,
           "the saved game does not name its match");
    /* batch 2 and 4: the rubber and the Android game */
    int64_t rubbers = one(db, "SELECT count(*) FROM rubbers WHERE owner = ?1", A);
    int64_t abandoned = one(db, "SELECT count(*) FROM rubbers WHERE owner = ?1 AND abandoned = 1", A);
    int64_t android = one(
        db, "SELECT count(*) FROM web_games WHERE token = ?1 AND game = 'android' AND record = 'rub1'", A);
    int64_t ahands = one(
        db, "SELECT count(*) FROM android_hands a JOIN rubbers r ON r.id = a.rubber_id WHERE r.owner = ?1",
        A);
    if (k->batch2) EXPECT(rubbers == 1 && ahands == 1 && (android == 1 || abandoned == 1), "the rubber lost");
    if (k->batch4) EXPECT(android == 0 && abandoned == 1, "the rubber's end lost");
    EXPECT(rubbers == ahands, "a rubber without its hand (half a transaction)");
    EXPECT(rubbers == 0 || (android == 1) != (abandoned == 1), "half of the rubber's end");
    EXPECT(rubbers == 1 || android == 0, "the Android game without its rubber (half a transaction)");
    if (k->player_a && (k->batch1 || k->batch2))
        EXPECT(one(db, "SELECT kept FROM players WHERE token = ?1", A) == 1,
               "A finished a hand but may be pruned");
    if (k->touch)
        EXPECT(one(db, "SELECT last_seen FROM players WHERE token = ?1", A) == 5000, "A's visit lost");
    if (k->prune && k->pruned == 1)
        EXPECT(one(db, "SELECT count(*) FROM players WHERE token = ?1", B) == 0, "B not pruned");
    if (k->prune && k->player_b && !k->touch_b)
        EXPECT(one(db, "SELECT count(*) FROM players WHERE token = ?1", B) == 1, "B pruned though seen now");
    if (k->terminal)
        EXPECT(one(db,
                   "SELECT count(*) FROM hands h JOIN matches m ON m.id = h.match_id WHERE m.owner IS NULL "
                   "AND m.variant = ?1",
                   "small") == 1,
               "the terminal's hand lost");
#undef EXPECT
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    sqlite3_close(db);
}

/* Copies file from to to (and nothing else: no log beside it). */
static void copy(const char *from, const char *to) {
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    assert_int_equal(fclose(out), 0);
}

/* A fresh run's database: a copy of template (a database of this schema, no rows), no log or journal. */
static void fresh(const char *template, const char *path) {
    char side[160];
    static const char *const SIDES[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof SIDES / sizeof SIDES[0]; i++) {
        snprintf(side, sizeof side, "%s%s", path, SIDES[i]);
        remove(side);
    }
    copy(template, path);
}

/* Where the runs' databases lie: a folder in memory when there is one (thousands of runs), else root. */
static char runs[64];

static int runs_setup(void **state) {
    if (setup(state) != 0) return -1;
    snprintf(runs, sizeof runs, "/dev/shm/gw-faults-XXXXXX");
    if (!mkdtemp(runs)) snprintf(runs, sizeof runs, "%s", root);
    return 0;
}

static int runs_teardown(void **state) {
    if (strcmp(runs, root) != 0) nftw(runs, gw_tmp_remove, 8, FTW_DEPTH | FTW_PHYS);
    return teardown(state);
}

static void make_template(char *template, size_t cap) {
    snprintf(template, cap, "%s/template.db", runs);
    gw_store *s;
    gw_error err;
    assert_int_equal(gw_store_open(template, &s, &err), GW_OK);
    gw_store_close(s);
}

/* Every write in turn fails with rc, once (transient) and/or from then on (persistent), with the write-ahead
 * log (whist serve's) and, with journal, with the rollback journal (the terminal's) too. */
static void writes_fail(int rc, const char *name, bool transient, bool persistent, bool journal) {
    char template[128], path[128], run[160];
    make_template(template, sizeof template);
    snprintf(path, sizeof path, "%s/run.db", runs);
    for (int wal = journal ? 0 : 1; wal < 2; wal++) {
        acked k;
        fresh(template, path);
        memset(&W, 0, sizeof W);
        scenario(path, wal, &k); /* no fault: how many writes, and everything acknowledged */
        long writes = W.count;
        assert_true(writes > 10);
        assert_true(k.player_a && k.settings && k.batch1 && k.batch2 && k.batch3 && k.batch4 && k.terminal &&
                    k.batch5);
        assert_int_equal(k.pruned, 1);
        check(path, &k, "no fault");
        long failed = 0;
        for (int persist = transient ? 0 : 1; persist < (persistent ? 2 : 1); persist++)
            for (long n = 1; n <= writes; n++) {
                fresh(template, path);
                memset(&W, 0, sizeof W);
                W.fail_at = n;
                W.persist = persist;
                W.rc = rc;
                scenario(path, wal, &k);
                failed += W.failures > 0;
                W.fail_at = 0;
                snprintf(run, sizeof run, "%s at write %ld of %ld%s, %s", name, n, writes,
                         persist ? " and on" : "", wal ? "WAL" : "rollback journal");
                check(path, &k, run);
            }
        assert_true(failed >
                    writes / 2); /* the faults did happen (a run cut short may not reach its write) */
    }
}

static void test_disk_full(void **state) {
    (void)state;
    writes_fail(SQLITE_FULL, "disk full", true, true, true);
}

static void test_io_error(void **state) {
    (void)state;
    writes_fail(SQLITE_IOERR_WRITE, "I/O error", true, false, false); /* a passing fault */
}

static void test_read_only(void **state) {
    (void)state;
    writes_fail(SQLITE_READONLY, "read-only", false, true, false); /* the file stays read-only */
}

/* A run with allocation n failing (once, or from then on), checked. */
static void oom_run(const char *template, const char *path, long n, bool persist, long allocs) {
    acked k;
    char run[160];
    fresh(template, path);
    memset(&M, 0, sizeof M);
    M.fail_at = n;
    M.persist = persist;
    scenario(path, true, &k);
    M.fail_at = 0;
    snprintf(run, sizeof run, "no memory at allocation %ld of %ld%s", n, allocs, persist ? " and on" : "");
    check(path, &k, run);
}

/* SQLite's allocations fail in turn: every one once after the store is open (the opening, and allocations
 * failing from then on, are sampled: 150 runs more). */
static void test_out_of_memory(void **state) {
    (void)state;
    char template[128], path[128];
    make_template(template, sizeof template);
    snprintf(path, sizeof path, "%s/run.db", runs);
    acked k;
    fresh(template, path);
    memset(&M, 0, sizeof M);
    scenario(path, true, &k);
    long allocs = M.count, opened = M.opened;
    assert_true(allocs > opened && opened > 10);
    for (long n = opened + 1; n <= allocs; n++)
        oom_run(template, path, n, false, allocs);
    for (long n = 1; n <= opened; n += opened / 50 + 1)
        oom_run(template, path, n, false, allocs);
    for (long n = 1; n <= allocs; n += allocs / 100 + 1)
        oom_run(template, path, n, true, allocs);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_disk_full, runs_setup, runs_teardown),
        cmocka_unit_test_setup_teardown(test_io_error, runs_setup, runs_teardown),
        cmocka_unit_test_setup_teardown(test_read_only, runs_setup, runs_teardown),
        cmocka_unit_test_setup_teardown(test_out_of_memory, runs_setup, runs_teardown),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
